"""Errors of the API as exceptions: every error answer is an RFC 9457 problem
(``application/problem+json``) with a stable ``code``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx


class ProblemError(Exception):
    """An error answer of the API, its problem document spelled out."""

    def __init__(
        self, *, code: str, status: int, detail: str, title: str, request_id: str | None, problem: dict[str, Any]
    ) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.code = code
        """The stable machine-readable code (``GET /problems/{code}`` describes it)."""
        self.status = status
        self.detail = detail
        self.title = title
        self.request_id = request_id
        """The answer's ``X-Request-Id``, to quote when reporting it."""
        self.problem = problem

    @classmethod
    def from_response(cls, status: int, headers: Mapping[str, str], content: bytes) -> ProblemError:
        """The problem of an error answer; one made up from the status (``code``
        ``http_<status>``) when the body is none, as a proxy may answer."""
        request_id = headers.get("X-Request-Id")
        try:
            body: Any = httpx.Response(status, content=content).json()
        except ValueError:
            body = None
        if isinstance(body, dict) and isinstance(body.get("code"), str) and isinstance(body.get("status"), int):
            return cls(
                code=body["code"],
                status=body["status"],
                detail=str(body.get("detail", "")),
                title=str(body.get("title", "")),
                request_id=request_id,
                problem=body,
            )
        detail = content.decode("utf-8", "replace") or "no problem document"
        return cls(code=f"http_{status}", status=status, detail=detail, title="", request_id=request_id, problem={})
