from enum import StrEnum


class DeclineReason(StrEnum):
    CASUAL = "casual"
    GENERIC = "generic"
    LATER = "later"
    NO_BOT = "no_bot"
    ONLY_BOT = "only_bot"
    RATED = "rated"
    RULES = "rules"
    TIME_CONTROL = "time_control"
    TOO_FAST = "too_fast"
    TOO_SLOW = "too_slow"

    def __str__(self) -> str:
        return str(self.value)
