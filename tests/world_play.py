"""Short moves of Watch the World Die for tests: a world begun, a one-Event turn, a year ended."""

from __future__ import annotations

from typing import Any

from isowidgets.rules.watch_the_world_die import WorldGame, WorldSettings


def world(
    players: tuple[str, ...] | list[str] = ("Ana", "Ben", "Cy"),
    apocalypse: str | None = None,
    *,
    seed: int = 3,
    path: Any = None,
    **settings: Any,
) -> WorldGame:
    """A game begun in 2020 with ``players`` and house rules ``settings``."""
    game = WorldGame.new(path, seed=seed, settings=WorldSettings(**settings))
    game.begin(list(players), year=2020, apocalypse=apocalypse)
    return game


def political(game: WorldGame, face: int = 5, entry: str = "Bribery/Scandal/Corruption") -> None:
    """A Make It Worse turn of one Political Event (type 5: no chain)."""
    game.make_it_worse(face)
    game.create_event(entry, "Ruritania")


def spend_all(game: WorldGame) -> None:
    """Buy Responses, dearest affordable first, until no RP are left (the year ends)."""
    while game.turn is not None and game.turn.phase == "shop":
        game.buy_response(game.affordable()[-1].cost)


def end_year(game: WorldGame, faces: Any = (6, 6), rp_faces: Any = (6, 6)) -> None:
    """A Relieve It turn that spends every point, and the year-end roll with ``faces``."""
    game.relieve_it(list(rp_faces))
    spend_all(game)
    game.roll_year_end(list(faces))
