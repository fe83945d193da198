"""Mr. Burke on the station: the cast the Danish system's tests play with."""

from __future__ import annotations

from typing import Any

from isowidgets.rules.fudge_conflict import FudgeGame, FudgeSettings

FACES = {-3: "- - -", -2: "- - 0", -1: "- 0 0", 0: "0 0 0", 1: "+ 0 0", 2: "+ + 0", 3: "+ + +"}
"""Three typed Fudge faces summing to each total."""


def station(**settings: Any) -> tuple[FudgeGame, dict[str, str]]:
    """A new game under ``settings`` with Burke (PC), a guard (NPC), his superior (a
    central GM character) and Kimbo (PC)."""
    game = FudgeGame.new(settings=FudgeSettings(**settings))
    ids = {
        "burke": game.add_character(
            "Mr. Burke",
            skills={
                "sneak": 2,
                "programming": 3,
                "reactor": 2,
                "chinese": 1,
                "argue": 2,
                "athletics": 1,
                "strength": 2,
                "shoot": 2,
            },
            categories={"argue": "fornuft", "strength": "kraft", "shoot": "kraft"},
        ),
        "guard": game.add_character(
            "Guard", role="npc", skills={"notice": 2, "athletics": 2, "strength": 2, "shoot": 1}
        ),
        "boss": game.add_character("Superior", role="central", skills={"argue": 3, "strength": 1}),
        "kimbo": game.add_character("Kimbo", skills={"brawl": 2, "argue": 1}),
    }
    return game, ids


def hurting(
    *, burke_faces: str = "- 0 0", boss_faces: str = "+ 0 0", **settings: Any
) -> tuple[FudgeGame, dict[str, str]]:
    """Burke argues with his superior (active), loses, and lets it hurt; intentions stated."""
    game, ids = station(**settings)
    game.check(
        "active",
        ids["burke"],
        "argue",
        opponent=ids["boss"],
        opponent_skill="argue",
        faces=burke_faces,
        opponent_faces=boss_faces,
    )
    game.let_it_hurt(ids["burke"])
    game.state_intention(ids["burke"], "win the argument")
    game.state_intention(ids["boss"], "humiliate Burke")
    return game, ids


def faces(total: int, extra: int = 0) -> str:
    """Typed faces summing (kept) to ``total`` with ``extra`` blank dice: for bonus dice the
    blanks are below a positive total's dice; use with care for penalty dice."""
    return " ".join([FACES[total], *(["0"] * extra)])
