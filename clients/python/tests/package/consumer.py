"""A program of a project that installed the built wheel of the client into a
fresh venv: ``mypy --strict`` checks it against the installed package (its
``py.typed``), and it plays a game against the server at $OANQUAN_URL."""

from __future__ import annotations

import os

from oanquan import GameStreamEvent, MeStreamEvent, Oanquan, ProblemError
from oanquan.generated.models import GameMoveEvent, GameStatus, MeSnapshotEvent, NewGame, SeatChoice, SeatName


def main() -> None:
    with Oanquan(os.environ["OANQUAN_URL"], max_attempts=3, max_retry_wait=2.0) as server:
        lan, minh = server.register_player("Hoa"), server.register_player("Quang")
        south, north = server.with_token(lan.token), server.with_token(minh.token)
        game_id = south.create_game(NewGame(seat=SeatChoice.SOUTH, opponent=minh.id)).value.id
        north.join_game(game_id)
        moves = 0
        while True:
            tagged = south.get_game(game_id)
            game = tagged.value
            if game.status != GameStatus.ACTIVE:
                break
            mover = south if game.to_move == SeatName.SOUTH else north
            try:
                mover.submit_move(game_id, game.legal_moves[(game.ply * 7) % len(game.legal_moves)], if_match=tagged.etag)
                moves += 1
            except ProblemError as problem:
                if problem.code != "precondition_failed":
                    raise
        events: list[GameStreamEvent] = list(server.stream_game(game_id, since=0, format="sse"))
        replayed = [event.move.notation for event in events if isinstance(event, GameMoveEvent)]
        assert len(replayed) == moves, (replayed, moves)
        record = server.export_record(game_id).value
        text: str = server.export_text(game_id).value
        assert text.startswith("[Rules"), text
        exported = [r.id for r in server.export_player_games(lan.id, max=5)]
        assert exported == [game_id], exported
        first: MeStreamEvent = next(iter(south.stream_me()))
        assert isinstance(first, MeSnapshotEvent), first
        print(f"played {moves} moves; {len(record.moves)} in the record; me stream: {first.type_}")


if __name__ == "__main__":
    main()
