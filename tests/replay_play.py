"""A session of every system that makes every kind of beat, for the replay's tests.

Each ``full_<system>(path)`` starts a session at ``path`` (``None``: in memory), plays
through every kind of beat its system names (with an undo and a redo on the way, and
a GM-only action disclosed later), and returns the game, still open.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fudge_duel import duel
from world_play import end_year, political, world

from isowidgets.game import Game
from isowidgets.rules.impact import Effect, ImpactGame
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.examples import add_boarding_party
from isowidgets.tray import DiceTray

__all__ = ["FULL", "KINDS"]


def full_tray(path: Path | None) -> DiceTray:
    game = DiceTray.new(path, seed=11, title="Rolls for the record")
    game.roll("3d6", purpose="to hit")
    with game.gm_only():
        game.roll("1d20", purpose="the secret door")
    game.roll("2d8", "3 5")
    game.disclose(3)
    return game


def full_isolation(path: Path | None) -> IsolationGame:
    game = IsolationGame.new(path, seed=2026, title="The farmhouse: boarding up")
    add_boarding_party(game, stress=2)
    game.run_conflict(
        "bob", "board up the windows", factors={"bob": {"profession": True}}, difficulty="Easy"
    )
    game.undo()  # the last step of the conflict, taken back and put back
    game.redo()
    with game.gm_only():
        game.note("Eve hides the car keys")
    game.kill("eve", "the storm takes her")
    game.end_session()
    game.pair_roll("alice", "bob")
    outcomes = game.pair_outcomes()
    for choice in ("add_green", "add_red"):
        if choice in outcomes:
            game.choose_pair_outcome(choice, label="Held the door together")
    game.begin_session()
    return game


def full_impact(path: Path | None) -> ImpactGame:
    game = ImpactGame.new(path, seed=1962, title="The safe")
    pierce = game.add_pc("Algernon Pierce", ["Expert At Getting Into Places"])
    game.add_scene("Dr Vauquelin's study", ["Tidy And Quiet Office"])
    goons = game.add_npc("The Goons", ["Armed To The Teeth"], impact="D8")
    game.action(pierce, "Difficult")
    game.roll(8)
    game.choose_effect(Effect.new_detail("Pocketful Of Plans", pierce, "helps"))
    game.avoid_harm(pierce, goons)
    game.roll(2)
    game.take_cost()
    game.rest()
    return game


def full_fudge(path: Path | None) -> Any:
    game, ana, bo = duel(seed=5, faces=("+ 0 0", "- 0 0"))
    if path is not None:  # the duel plays in memory: replay it into the file
        from isowidgets.rules.fudge_conflict import FudgeGame

        played = game
        game = FudgeGame.new(path, seed=5, title="The brawl")
        for entry in played.journal.effective()[1:]:
            game.commit(entry.event)
    game.let_it_hurt(ana)
    game.state_intention(ana, "pin Bo down")
    game.state_intention(bo, "get away")
    game.declare(ana, "crossing", bo, "brawl", ability="kraft")
    game.declare(bo, "crossing", ana, "brawl", ability="kraft")
    game.roll_round()
    game.give_up(bo)
    return game


def full_world(path: Path | None) -> Any:
    game = world(path=path)
    political(game)
    political(game, entry="Coup/Revolution/Dissolution")
    end_year(game, faces=(6, 6))
    return game


FULL: dict[str, Callable[[Path | None], Game[Any]]] = {
    "tray": full_tray,
    "isolation": full_isolation,
    "impact": full_impact,
    "fudge_conflict": full_fudge,
    "watch_the_world_die": full_world,
}
"""Every registered system's session that makes each kind of beat."""

KINDS: dict[str, set[str]] = {
    "tray": {"roll"},
    "isolation": {"conflict", "death", "session_end", "pair_roll"},
    "impact": {"test", "rest"},
    "fudge_conflict": {"conflict", "round", "hurt_end"},
    "watch_the_world_die": {"turn", "year_end"},
}
"""The kinds of beat each session above makes."""
