"""NDJSON (``application/x-ndjson``): one JSON value a line; an empty line is a
heartbeat."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any


def ndjson(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """The JSON objects of NDJSON lines, in order, skipping heartbeats."""
    for line in lines:
        if line.strip():
            value = json.loads(line)
            if not isinstance(value, dict):
                raise ValueError(f"an NDJSON line is not an object: {line!r}")
            yield value
