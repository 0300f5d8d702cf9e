"""A typed client for the oanquan HTTP API: the generated package
``oanquan.generated`` and a thin layer over it."""

from .client import (
    FINAL_GAME_EVENTS,
    ExportFilters,
    GameStreamEvent,
    LobbyStreamEvent,
    MeStreamEvent,
    Oanquan,
    Tagged,
    TournamentStreamEvent,
    expect,
    game_stream_event,
    lobby_stream_event,
    me_stream_event,
    tournament_gap,
    tournament_stream_event,
)
from .errors import ProblemError
from .stream import ServerSentEvent, StreamFormat, StreamSource, follow, ndjson, server_sent_events
from .transport import RetryBudget, RetryingTransport, retry_after
from .webhooks import WebhookVerificationError, sign_webhook, verify_webhook

__all__ = [
    "FINAL_GAME_EVENTS",
    "ExportFilters",
    "GameStreamEvent",
    "LobbyStreamEvent",
    "MeStreamEvent",
    "Oanquan",
    "ProblemError",
    "RetryBudget",
    "RetryingTransport",
    "ServerSentEvent",
    "StreamFormat",
    "StreamSource",
    "Tagged",
    "TournamentStreamEvent",
    "WebhookVerificationError",
    "expect",
    "follow",
    "game_stream_event",
    "lobby_stream_event",
    "me_stream_event",
    "ndjson",
    "retry_after",
    "server_sent_events",
    "sign_webhook",
    "tournament_gap",
    "tournament_stream_event",
    "verify_webhook",
]
