from enum import StrEnum


class PresetName(StrEnum):
    CLASSIC = "classic"
    ONLINE = "online"
    VILLAGE = "village"

    def __str__(self) -> str:
        return str(self.value)
