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


# --------------------------------------------------------------------------- long sessions


def long_isolation(path: Path | None, events: int) -> IsolationGame:
    """Conflicts in turn until the journal holds ``events`` lines: Stress eased when it
    climbs, the oldest red links erased as they pile up (so no pool passes the dice
    caps), a note now and then, and an undo and redo every eleventh conflict."""
    game = IsolationGame.new(path, seed=1, title="A long night")
    add_boarding_party(game, stress=2)
    turn = 0
    while len(game.journal) < events:
        game.run_conflict(["bob", "alice", "eve"][turn % 3], "hold the line", difficulty="Average")
        turn += 1
        reds = [link for link in game.state.links if link.colour == "red"]
        for link in reds[: max(0, len(reds) - 12)]:
            game.remove_link(link.id)
        if game.state.stress > 6:
            game.adjust_stress(2 - game.state.stress, "a quiet night")
        if turn % 7 == 0:
            game.note(f"the wind, hour {turn}")
        if turn % 11 == 0:
            game.undo()
            game.redo()
    return game


def long_impact(path: Path | None, events: int) -> ImpactGame:
    """Tests in turn, each finished, a rest every tenth: until ``events`` lines."""
    game = ImpactGame.new(path, seed=7, title="A long caper")
    pierce = game.add_pc("Algernon Pierce", ["Expert At Getting Into Places"])
    goons = game.add_npc("The Goons", ["Armed To The Teeth"], impact="D8")
    turn = 0
    while len(game.journal) < events:
        turn += 1
        if turn % 3:
            game.action(pierce, "Difficult")
        else:
            game.avoid_harm(pierce, goons)
        game.roll()
        game.finish()
        if turn % 10 == 0:
            game.rest()
    return game


def long_fudge(path: Path | None, events: int) -> Any:
    """Checks and brawls in turn, every fifth let to hurt for a round before one side
    gives up: until ``events`` lines."""
    from isowidgets.rules.fudge_conflict import FudgeGame

    game = FudgeGame.new(path, seed=9, title="A long feud")
    ana = game.add_character("Ana", skills={"brawl": 2}, categories={"brawl": "kraft"})
    bo = game.add_character("Bo", role="npc", skills={"brawl": 2}, categories={"brawl": "kraft"})
    turn = 0
    while len(game.journal) < events:
        turn += 1
        if turn % 5:
            game.check("passive", ana, "brawl", difficulty=1)
            continue
        game.check("active", ana, "brawl", opponent=bo, opponent_skill="brawl")
        game.let_it_hurt(ana)
        game.state_intention(ana, "pin Bo down")
        game.state_intention(bo, "get away")
        game.declare(ana, "crossing", bo, "brawl", ability="kraft")
        game.declare(bo, "crossing", ana, "brawl", ability="kraft")
        game.roll_round()
        if game.state.active_hurt() is not None:
            game.give_up(bo)
        for who in (ana, bo):
            levels = tuple(w.level for w in game.character(who).wounds)
            if levels:
                game.heal(who, levels)
    return game


def long_world(path: Path | None, events: int) -> Any:
    """Years of three Political turns and a Relieve It, each year surviving its end:
    until ``events`` lines."""
    game = world(path=path)
    while len(game.journal) < events:
        for _ in range(3):
            political(game)
        end_year(game, faces=(6, 6))
    return game


LONG: dict[str, Callable[[Path | None, int], Game[Any]]] = {
    "isolation": long_isolation,
    "impact": long_impact,
    "fudge_conflict": long_fudge,
    "watch_the_world_die": long_world,
}
"""Every system's session grown to a given number of journal lines, for the benchmarks."""
