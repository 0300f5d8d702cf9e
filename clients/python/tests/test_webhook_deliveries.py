"""Against the real server: a game's webhook deliveries, received by an HTTP
server in the test, verify with the Standard Webhooks reference library
(``standardwebhooks``) and with :func:`oanquan.verify_webhook`."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest

from oanquan import verify_webhook

from .server import Server

Received = tuple[dict[str, str], str]


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.stop()


def receiver() -> tuple[ThreadingHTTPServer, list[Received]]:
    received: list[Received] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers["content-length"])
            body = self.rfile.read(length).decode()
            received.append(({k.lower(): v for k, v in self.headers.items()}, body))
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    return http, received


def test_deliveries_verify_with_the_reference_library(server: Server) -> None:
    standardwebhooks = pytest.importorskip("standardwebhooks")
    http, received = receiver()
    try:
        with httpx.Client(base_url=server.base) as client:
            south = client.post("/v1/players", json={"name": "WebhookSouth"}).json()
            north = client.post("/v1/players", json={"name": "WebhookNorth"}).json()
            s = {"authorization": f"Bearer {south['token']}"}
            n = {"authorization": f"Bearer {north['token']}"}
            url = f"http://127.0.0.1:{http.server_address[1]}/hook"
            events = ["game.started", "game.move", "game.ended"]
            hook = client.post("/v1/me/webhooks", json={"url": url, "events": events}, headers=s).json()
            game = client.post("/v1/games", json={"rules": {}, "seat": "south", "first": "south"}, headers=s).json()
            client.post(f"/v1/games/{game['id']}/join", json={}, headers=n).raise_for_status()
            for _ in range(2):
                state = client.get(f"/v1/games/{game['id']}").json()
                mover = s if state["to_move"] == "south" else n
                move = {"move": state["legal_moves"][0]}
                client.post(f"/v1/games/{game['id']}/moves", json=move, headers=mover).raise_for_status()
            client.post(f"/v1/games/{game['id']}/resign", json={}, headers=n).raise_for_status()
        deadline = time.monotonic() + 30
        while len(received) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        http.shutdown()
    assert [body["type"] for body in (verify_webhook(hook["secret"], h, b) for h, b in received)] == [
        "game.started",
        "game.move",
        "game.move",
        "game.ended",
    ]
    reference = standardwebhooks.Webhook(hook["secret"])
    for headers, body in received:
        assert reference.verify(body, headers)["data"]["game_id"] == game["id"]
