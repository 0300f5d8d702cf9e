from enum import StrEnum


class Scope(StrEnum):
    CHALLENGE = "challenge"
    PLAY = "play"
    READ = "read"
    TOKENS = "tokens"
    WEBHOOKS = "webhooks"

    def __str__(self) -> str:
        return str(self.value)
