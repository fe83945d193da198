"""Ana and Bo after a brawl, and their Let It Hurt played to the end by the engine.

The hurt-odds tests (unit and property) ask the chain about this fight and play it
with the engine's own dice under the chain's policy to compare.
"""

from __future__ import annotations

from collections import Counter

from isowidgets.rules.fudge_conflict import FudgeGame, FudgeSettings


def duel(
    seed: int = 0,
    *,
    skills: tuple[int, int] = (2, 2),
    faces: tuple[str, str] = ("0 0 0", "0 0 0"),
    pools: tuple[int, int] = (0, 0),
    **settings: object,
) -> tuple[FudgeGame, str, str]:
    """Ana (a player) and Bo (a GM character) after an active conflict of brawl, both
    brawling with Kraft; equal faces make a tie with no margin, so no first-round dice."""
    game = FudgeGame.new(seed=seed, settings=FudgeSettings(**settings))
    ana = game.add_character(
        "Ana", skills={"brawl": skills[0]}, categories={"brawl": "kraft"}, pool=pools[0]
    )
    bo = game.add_character(
        "Bo",
        role="npc",
        skills={"brawl": skills[1]},
        categories={"brawl": "kraft"},
        pool=pools[1],
    )
    game.check(
        "active",
        ana,
        "brawl",
        opponent=bo,
        opponent_skill="brawl",
        faces=faces[0],
        opponent_faces=faces[1],
    )
    return game, ana, bo


def play(game: FudgeGame, ana: str, bo: str, yields: tuple[int, int]) -> tuple[str, int, int]:
    """Let it hurt and play the engine to the end under the policy: both cross, Ana
    declares first, a side gives up once its worst wound reaches its yield level or
    when it is maimed and cannot pay. Returns (how it ended, wounds Ana took, Bo took)."""
    game.let_it_hurt(ana)
    while game.state.active_hurt() is not None:
        quit_ = None
        for who, level in ((ana, yields[0]), (bo, yields[1])):
            worst = max((w.level for w in game.character(who).wounds), default=0)
            if quit_ is None and worst >= level:
                quit_ = who
        if quit_ is None:
            # Each maimed side pays to act; one table pool pays for both, in turn.
            cost = game.settings.maimed_act_cost
            table = game.settings.pool_scope == "table"
            due = 0
            for who in (ana, bo):
                if quit_ is None and game.character(who).maimed:
                    due = due + cost if table else cost
                    if game.state.pool_of(who) < due:
                        quit_ = who
        if quit_ is not None:
            game.give_up(quit_)
            break
        for who in (ana, bo):
            game.state_intention(who, "to win")
        game.declare(ana, "crossing", bo, "brawl", ability="kraft")
        game.declare(bo, "crossing", ana, "brawl", ability="kraft")
        game.roll_round()
    ended = game.state.hurt
    assert ended is not None and ended.ended is not None
    side = "ana" if ended.ended.loser == ana else "bo"
    hits = Counter(
        h.target for entry in game.journal.effective() for h in getattr(entry.event, "hits", ())
    )
    return f"{side} {ended.ended.reason}", hits[ana], hits[bo]
