#!/usr/bin/env python3
"""A bot account over the Python client's layer (clients/python).

It makes its account a bot account, follows its own stream with the
layer's `stream_me()` (which reconnects and resumes by itself), accepts
every challenge, and answers each turn with the first legal move. The
layer retries a 429 or 503 after its `Retry-After`, within its bounds.

    PYTHONPATH=clients/python python3 examples/client_bot.py --url http://127.0.0.1:8080 --token oq_… [--games 1]

The token needs the scopes `read`, `play` and `challenge`.
"""

from __future__ import annotations

import argparse

from oanquan import Oanquan, ProblemError, expect
from oanquan.generated.api.challenges import accept_challenge
from oanquan.generated.api.players import upgrade_to_bot
from oanquan.generated.models import (
    ChallengeView,
    GameStatus,
    MeChallengeEvent,
    MeGameEndedEvent,
    MeSnapshotEvent,
    MeYourTurnEvent,
    PlayerProfile,
)

# Refusals that only mean the moment passed: another move came first, the
# game ended, the challenge was withdrawn or taken.
PASSED = {"not_your_turn", "stale_ply", "game_not_active", "game_not_waiting", "game_full"}


def accept(bot: Oanquan, game_id: str) -> None:
    try:
        expect(accept_challenge.sync_detailed(game_id, client=bot.authenticated), ChallengeView)
    except ProblemError as refused:
        if refused.code not in PASSED:
            raise


def play(bot: Oanquan, game_id: str) -> None:
    game = bot.get_game(game_id)
    if game.value.status != GameStatus.ACTIVE or not game.value.legal_moves:
        return
    try:
        # Only in the version of the game it looked at.
        bot.submit_move(game_id, game.value.legal_moves[0], if_match=game.etag)
    except ProblemError as refused:
        if refused.code not in PASSED | {"precondition_failed"}:
            raise


def run(url: str, token: str, games: int) -> None:
    with Oanquan(url, token) as bot:
        try:
            expect(upgrade_to_bot.sync_detailed(client=bot.authenticated), PlayerProfile)
        except ProblemError as refused:
            if refused.code != "bot_upgrade_refused":  # a bot already
                raise
        ended = 0
        for event in bot.stream_me():
            if isinstance(event, MeSnapshotEvent):
                for waiting in event.challenges:
                    accept(bot, waiting.id)
                for entry in event.games:
                    if entry.your_turn:
                        play(bot, entry.game.id)
            elif isinstance(event, MeChallengeEvent):
                accept(bot, event.game_id)
            elif isinstance(event, MeYourTurnEvent):
                play(bot, event.game_id)
            elif isinstance(event, MeGameEndedEvent):
                ended += 1
                if ended >= games:
                    return


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--games", type=int, default=1, help="stop after this many games ended")
    arguments = parser.parse_args()
    run(arguments.url, arguments.token, arguments.games)
