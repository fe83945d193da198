"""Short sessions of every system, played into journal files, for the stream view's tests.

Each ``play_<system>(path)`` starts a session at ``path`` and plays a little of it
with at least one roll, and returns the game (still open: the test's GM kernel).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from isowidgets.game import Game
from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.examples import add_boarding_party
from isowidgets.rules.watch_the_world_die import WorldGame
from isowidgets.tray import DiceTray

__all__ = ["FOLLOWS", "PLAYS", "play"]


def play_tray(path: Path) -> DiceTray:
    game = DiceTray.new(path, seed=11, title="The dice tray on stream")
    game.roll("3d6", purpose="to hit")
    game.roll("2d8")
    return game


def play_isolation(path: Path, **opening: Any) -> IsolationGame:
    """The farmhouse's first conflict; ``opening`` goes to ``IsolationGame.new`` (a clock)."""
    game = IsolationGame.new(path, seed=2026, title="The farmhouse: boarding up", **opening)
    add_boarding_party(game, stress=2)
    game.run_conflict(
        "bob",
        "board up the windows",
        factors={"bob": {"profession": True}},
        difficulty="Hard",
    )
    return game


def play_impact(path: Path) -> ImpactGame:
    game = ImpactGame.new(path, seed=1962, title="The safe")
    pierce = game.add_pc("Algernon Pierce", ["Expert At Getting Into Places"])
    game.add_scene("Dr Vauquelin's study", ["Tidy And Quiet Office"])
    game.add_npc("The Goons", ["Armed To The Teeth"], impact="D8")
    game.action(pierce, "Difficult")
    game.roll(5)
    return game


def play_fudge(path: Path) -> FudgeGame:
    game = FudgeGame.new(path, seed=5, title="The station")
    burke = game.add_character("Mr. Burke", skills={"argue": 2}, categories={"argue": "fornuft"})
    boss = game.add_character("Superior", role="central", skills={"argue": 3})
    game.check(
        "active", burke, "argue", opponent=boss, opponent_skill="argue",
        faces="- 0 0", opponent_faces="+ 0 0",
    )  # fmt: skip
    for name in ("Kimbo", "Dr. Lind", "Ana Holm", "Guard"):  # the station's whole cast
        game.add_character(name, skills={"argue": 1})
    game.let_it_hurt(burke)
    game.state_intention(burke, "win the argument")
    game.state_intention(boss, "humiliate Burke")
    game.declare(burke, "crossing", boss, "argue", ability="fornuft")
    game.declare(boss, "crossing", burke, "argue", ability="fornuft")
    game.roll_round({burke: "- 0 0", boss: "+ + 0 0 0 0"})  # Burke takes a wound
    return game


def play_world(path: Path) -> WorldGame:
    game = WorldGame.new(path, seed=3, title="The last decade")
    game.begin(["Ana", "Ben", "Cy"], year=2020)
    game.make_it_worse(5)
    game.create_event("Bribery/Scandal/Corruption", "Ruritania")
    return game


PLAYS: dict[str, Callable[[Path], Game[Any]]] = {
    "tray": play_tray,
    "isolation": play_isolation,
    "impact": play_impact,
    "fudge_conflict": play_fudge,
    "watch_the_world_die": play_world,
}
"""Every registered system's short session, by system name."""


def play(system: str, path: Path) -> Game[Any]:
    """Play ``system``'s short session into ``path``."""
    return PLAYS[system](path)


def _next_tray(game: Any) -> None:
    game.roll("4d6", purpose="the next roll")


def _next_isolation(game: Any) -> None:
    game.run_conflict("alice", "find the keys", difficulty="Average")


def _next_impact(game: Any) -> None:
    game.finish()
    game.action(game.state.characters[0].id, "Difficult")
    game.roll(7)


def _next_fudge(game: Any) -> None:
    burke = game.state.characters[0].id
    game.give_up(burke)
    game.check("passive", burke, "argue", difficulty=1, faces="+ + 0")


def _next_world(game: Any) -> None:
    game.make_it_worse(5)
    game.create_event("Bribery/Scandal/Corruption", "Lagos")


FOLLOWS: dict[str, Callable[[Any], None]] = {
    "tray": _next_tray,
    "isolation": _next_isolation,
    "impact": _next_impact,
    "fudge_conflict": _next_fudge,
    "watch_the_world_die": _next_world,
}
"""Each system's next action after its short session: one that rolls dice."""
