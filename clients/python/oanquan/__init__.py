"""A typed client for the oanquan HTTP API: the generated ``oanquan_api``
package and a thin layer over it."""

from .client import Oanquan, StreamEvent, Tagged, expect
from .errors import ProblemError
from .stream import ndjson
from .transport import RetryingTransport

__all__ = ["Oanquan", "ProblemError", "RetryingTransport", "StreamEvent", "Tagged", "expect", "ndjson"]
