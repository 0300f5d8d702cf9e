#!/usr/bin/env python3
"""An outside engine playing as a bot account, over the HTTP API alone.

It follows its player's stream (`GET /v1/me/stream`, NDJSON), accepts
every challenge it is sent and answers each `your_turn` with a move: the
one of the legal moves that leaves the most in its store (a one-ply look
ahead through `POST /v1/analysis/play`), the first on a tie.

    python3 examples/outside_bot.py --url http://127.0.0.1:8080 --token oq_… [--games 1]

The account must be a bot account (`POST /v1/me/upgrade-to-bot`). Only the
standard library is used, so it runs wherever Python 3 does.
"""

import argparse
import json
import urllib.error
import urllib.request


class Api:
    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url.rstrip("/"), token

    def request(self, method: str, path: str, body: object = None, accept: str = "application/json"):
        data = None if body is None else json.dumps(body).encode()
        headers = {"Authorization": f"Bearer {self.token}", "Accept": accept}
        if data is not None:
            headers["Content-Type"] = "application/json"
        return urllib.request.Request(self.url + path, data=data, method=method, headers=headers)

    def call(self, method: str, path: str, body: object = None) -> tuple[int, dict]:
        try:
            with urllib.request.urlopen(self.request(method, path, body), timeout=30) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as refused:  # a problem+json body
            return refused.code, json.load(refused)


def best_move(api: Api, game: dict) -> str:
    """The legal move after which the mover's score is highest."""
    seat = game["to_move"]
    def score(move: str) -> int:
        _, line = api.call("POST", "/v1/analysis/play", {
            "rules": {"preset": game["rules"]["preset"]} if game["rules"]["preset"] else game["rules"],
            "position": game["position"], "moves": [move]})
        return line.get("final", {}).get("scores", {}).get(seat, -10**9)
    return max(game["legal_moves"], key=score)


def play(api: Api, game_id: str) -> None:
    _, game = api.call("GET", f"/v1/games/{game_id}")
    if game.get("status") == "active" and game["legal_moves"]:
        # `ply` makes a move meant for an older position a 409, never a misplay.
        api.call("POST", f"/v1/games/{game_id}/moves", {"move": best_move(api, game), "ply": game["ply"]})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--token", required=True)
    parser.add_argument("--games", type=int, default=0, help="stop after this many games ended (0: never)")
    args = parser.parse_args()
    api, ended = Api(args.url, args.token), 0
    with urllib.request.urlopen(api.request("GET", "/v1/me/stream", accept="application/x-ndjson")) as stream:
        for line in stream:
            if not line.strip():
                continue
            event = json.loads(line)
            kind = event.get("type")
            if kind == "snapshot":
                for challenge in event["challenges"]:
                    api.call("POST", f"/v1/challenges/{challenge['id']}/accept", {})
                for entry in event["games"]:
                    if entry["your_turn"]:
                        play(api, entry["game"]["id"])
            elif kind == "challenge":
                api.call("POST", f"/v1/challenges/{event['game_id']}/accept", {})
            elif kind == "your_turn":
                play(api, event["game_id"])
            elif kind == "game_ended":
                ended += 1
                if args.games and ended >= args.games:
                    return


if __name__ == "__main__":
    main()
