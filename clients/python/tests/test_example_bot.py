"""examples/client_bot.py against the real server: a fresh account with a
token scoped to what a bot needs becomes a bot, accepts a person's
challenge and plays its side of the game to the end."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from oanquan import Oanquan, expect
from oanquan.generated.api.challenges import create_challenge
from oanquan.generated.api.players import create_token, get_player
from oanquan.generated.models import (
    ChallengeView,
    CreatedToken,
    GameStatus,
    NewChallenge,
    NewToken,
    PlayerProfile,
    SeatChoice,
)

from .server import REPO, Server

EXAMPLE = REPO / "examples/client_bot.py"


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.stop()


def test_the_example_bot_accepts_a_challenge_and_plays_it_out(server: Server) -> None:
    with Oanquan(server.base) as anonymous:
        person = anonymous.with_token(anonymous.register_player("Lan").token)
        account = anonymous.register_player("Engine")
        registered = anonymous.with_token(account.token)
        scoped = expect(
            create_token.sync_detailed(
                client=registered.authenticated,
                body=NewToken(label="engine", scopes=["read", "play", "challenge"]),
            ),
            CreatedToken,
        ).value
        assert [str(scope) for scope in scoped.scopes] == ["read", "play", "challenge"]
        env = {**os.environ, "PYTHONPATH": str(REPO / "clients/python")}
        bot = subprocess.Popen(
            [sys.executable, str(EXAMPLE), "--url", server.base, "--token", scoped.token, "--games", "1"],
            env=env,
        )
        try:
            # Once the bot is a bot, challenge it; it takes North.
            deadline = time.monotonic() + 30
            while not expect(get_player.sync_detailed(account.id, client=anonymous.client), PlayerProfile).value.bot:
                assert time.monotonic() < deadline, "the example never became a bot"
                time.sleep(0.05)
            challenge = NewChallenge(opponent=account.id, seat=SeatChoice.SOUTH)
            made = expect(create_challenge.sync_detailed(client=person.authenticated, body=challenge), ChallengeView)
            game_id = made.value.id
            moves_by_bot = 0
            while True:
                assert time.monotonic() < deadline + 60, "the game did not end"
                game = person.get_game(game_id).value
                if game.status not in (GameStatus.WAITING, GameStatus.ACTIVE):
                    break
                if game.status == GameStatus.ACTIVE and str(game.to_move) == "south":
                    person.submit_move(game_id, game.legal_moves[0], if_match=f'"{game.version}"')
                elif game.status == GameStatus.ACTIVE:
                    moves_by_bot = max(moves_by_bot, game.moves_played // 2)
                time.sleep(0.02)
            assert bot.wait(30) == 0
        finally:
            if bot.poll() is None:
                bot.kill()
        final = person.get_game(game_id).value
        assert final.status == GameStatus.FINISHED
        north = final.players.north
        assert north is not None and north.id == account.id
        assert north.bot
        # Both sides moved: the bot answered every turn it had.
        assert final.moves_played >= 2
        assert moves_by_bot >= 1
