from enum import StrEnum


class GetLeaderboardPreset(StrEnum):
    CLASSIC = "classic"
    ONLINE = "online"
    VILLAGE = "village"

    def __str__(self) -> str:
        return str(self.value)
