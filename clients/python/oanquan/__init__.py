"""A typed client for the oanquan HTTP API: the generated ``oanquan_api``
package and a thin layer over it."""

from .client import GameStreamEvent, Oanquan, Tagged, expect, game_stream_event
from .errors import ProblemError
from .stream import ndjson
from .transport import RetryingTransport

__all__ = [
    "GameStreamEvent",
    "Oanquan",
    "ProblemError",
    "RetryingTransport",
    "Tagged",
    "expect",
    "game_stream_event",
    "ndjson",
]
