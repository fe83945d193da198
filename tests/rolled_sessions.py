"""Sessions of every system that roll random dice, in public and, if asked, in secret.

Each ``SESSIONS[system](path, secret, clock)`` starts a session at ``path`` with a fixed seed
and plays four public actions that roll random dice (the first two on purpose alike:
"attack" and "dodge" where the system has a purpose), and with ``secret=True`` GM-only
random rolls between the second and the third: rolls that are undone again (an undone
hidden action holds nothing back, so the public actions after them are shown) and, on
the dice tray, a GM-only roll that stays (a tray roll never holds anything back). So the
same public play with and without secret dice can be compared view by view (the leak
tests), and a journal with public and GM-only rolls can be tampered with (the tamper
tests). Each returns the game, still open.

``DISCLOSED[system](game)`` then plays one more random roll of the system in a GM-only
action and discloses it (with what it needs in the same system, also GM-only): so a
disclosed secret roll can be compared with and without other secret rolls before it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from isowidgets.game import Game
from isowidgets.journal.store import _now
from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.examples import add_boarding_party
from isowidgets.rules.watch_the_world_die import WorldGame
from isowidgets.tray import DiceTray

__all__ = ["DISCLOSED", "SESSIONS"]

Clock = Callable[[], datetime]


def tray(path: Path, secret: bool, clock: Clock = _now) -> DiceTray:
    game = DiceTray.new(path, seed=31, title="Rolled", clock=clock)
    game.roll("3d6", purpose="attack")
    game.roll("3d6", purpose="dodge")
    if secret:
        with game.gm_only():
            game.roll("7d6", purpose="the NPC's hidden skill")
            game.roll("2d6!6", purpose="a secret difficulty")
        game.undo()
    game.roll("2d6", purpose="damage")
    game.roll("1d20", purpose="morale")
    return game


def isolation(path: Path, secret: bool, clock: Clock = _now) -> IsolationGame:
    game = IsolationGame.new(path, seed=31, title="Rolled", clock=clock)
    add_boarding_party(game, stress=2)
    game.run_conflict("bob", "board up the windows", difficulty=2)
    game.run_conflict("alice", "find the keys", difficulty="Average")
    if secret:
        with game.gm_only():
            game.propose("eve", "slip out unseen", mode="alone", difficulty=3)
            game.roll("eve", "green")
        game.undo()
        game.undo()
    game.run_conflict("eve", "fix the radio", difficulty=1)
    game.run_conflict("bob", "calm everyone down", difficulty=2)
    return game


def impact(path: Path, secret: bool, clock: Clock = _now) -> ImpactGame:
    game = ImpactGame.new(path, seed=31, title="Rolled", clock=clock)
    pierce = game.add_pc("Algernon Pierce", ["Expert At Getting Into Places"])
    game.add_scene("Dr Vauquelin's study", ["Tidy And Quiet Office"])
    for difficulty in ("Difficult", "Tricky"):
        game.action(pierce, difficulty)
        game.roll()
        game.finish()
    if secret:
        with game.gm_only():
            game.action(pierce, "Tricky")
            game.roll()
        game.undo()
        game.undo()
    for difficulty in ("Difficult", "Tricky"):
        game.action(pierce, difficulty)
        game.roll()
        game.finish()
    return game


def fudge(path: Path, secret: bool, clock: Clock = _now) -> FudgeGame:
    game = FudgeGame.new(path, seed=31, title="Rolled", clock=clock)
    burke = game.add_character("Mr. Burke", skills={"argue": 2}, categories={"argue": "fornuft"})
    boss = game.add_character("Superior", role="central", skills={"argue": 3})
    check: dict[str, Any] = {"opponent": boss, "opponent_skill": "argue"}
    game.check("active", burke, "argue", **check)
    game.check("active", burke, "argue", **check)
    if secret:
        with game.gm_only():
            game.check("passive", burke, "argue", difficulty=2)
        game.undo()
        game.undo()
    game.check("active", burke, "argue", **check)
    game.check("passive", burke, "argue", difficulty=1)
    return game


def world(path: Path, secret: bool, clock: Clock = _now) -> WorldGame:
    game = WorldGame.new(path, seed=31, title="Rolled", clock=clock)
    game.begin(["Ana", "Ben"], year=2020)

    def turn(region: str) -> None:
        game.make_it_worse(5)
        game.roll_mode()
        game.create_event("Bribery/Scandal/Corruption", region)

    turn("Lagos")
    turn("Lima")
    if secret:
        with game.gm_only():
            game.make_it_worse(5)
            game.roll_mode()
        game.undo()
        game.undo()
    turn("Oslo")
    turn("Hanoi")
    return game


SESSIONS: dict[str, Callable[[Path, bool, Clock], Game[Any]]] = {
    "tray": tray,
    "isolation": isolation,
    "impact": impact,
    "fudge_conflict": fudge,
    "watch_the_world_die": world,
}
"""Every registered system's rolled session, by system name."""


def _disclosed(play: Callable[[Game[Any]], None]) -> Callable[[Game[Any]], None]:
    """A GM-only ``play`` whose every action is then disclosed."""

    def disclosed(game: Game[Any]) -> None:
        before = len(game.journal)
        with game.gm_only():
            play(game)
        for action in sorted({entry.action for entry in game.journal.entries[before:]}):
            game.disclose(action)

    return disclosed


def _tray_roll(game: Any) -> None:
    game.roll("1d8", purpose="the trap")


def _isolation_conflict(game: Any) -> None:
    game.propose("eve", "pick the lock", mode="alone", difficulty=3)
    game.roll("eve", "green")


def _impact_test(game: Any) -> None:
    game.action("char-1", "Tricky")
    game.roll()
    game.finish()


def _fudge_check(game: Any) -> None:
    game.check("passive", "char-1", "argue", difficulty=2)


def _world_mode(game: Any) -> None:
    game.make_it_worse(5)
    game.roll_mode()


DISCLOSED: dict[str, Callable[[Game[Any]], None]] = {
    "tray": _disclosed(_tray_roll),
    "isolation": _disclosed(_isolation_conflict),
    "impact": _disclosed(_impact_test),
    "fudge_conflict": _disclosed(_fudge_check),
    "watch_the_world_die": _disclosed(_world_mode),
}
"""A GM-only random roll of each system, disclosed at once, by system name."""
