"""The two die ladders of the Impact System: Difficulty (T-IMP-1) and Impact (T-IMP-2).

An Impact Die is held as a *step*: an integer index into :data:`IMPACT_LADDER`
(0 = D4 … 5 = D20). Two values sit outside the ladder:

* :data:`INEFFECTUAL` (−1): the character fell below D4 (IMP-R16) and makes no
  more rolls;
* :data:`BANKED` (6): a D20 holding one stored extra step, only reachable with
  ``impact_overflow_at_d20 = "bank"`` (IMP-A02). It rolls as a D20; the next
  step down spends the banked step first.

A Scene may have no Impact Die at all (IMP-A14); that is ``None``, not a step.
Steps are integers rather than die objects so that a timeline can plot them on
one axis and so that a journal line stays readable.

Don't confuse the *task die* (picked by Difficulty, lower case ``d8`` in the
rule text) with the *Impact Die* (the character's rating, ``D8``); the die
actually rolled is the smaller of the two (IMP-R05).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from ...checks import shown
from ...dice import D4, D6, D8, D10, D12, D20, DieType
from ...errors import RuleError

__all__ = [
    "BANKED",
    "DIFFICULTIES",
    "DIFFICULTY_DIE",
    "IMPACT_LADDER",
    "INEFFECTUAL",
    "START",
    "TOP",
    "DieName",
    "Difficulty",
    "avoid_harm_die",
    "die_label",
    "die_of",
    "die_step",
    "difficulty_named",
    "smaller",
    "step_label",
    "step_named",
]

IMPACT_LADDER: tuple[DieType, ...] = (D4, D6, D8, D10, D12, D20)
"""The Impact ladder from the bottom (IMP-R14, T-IMP-2)."""

INEFFECTUAL = -1
"""The step below D4: the character is ineffectual (IMP-R16)."""
START = 4
"""D12, where every character starts an adventure (IMP-R14)."""
TOP = 5
"""D20, the top of the ladder."""
BANKED = 6
"""D20 plus one banked step (``impact_overflow_at_d20 = "bank"``, IMP-A02)."""

DieName: TypeAlias = Literal["D4", "D6", "D8", "D10", "D12", "D20"]
"""An Impact Die as the settings spell it."""

Difficulty: TypeAlias = Literal[
    "Simple", "Routine", "Tricky", "Difficult", "Unlikely", "Impossible"
]

DIFFICULTY_DIE: dict[Difficulty, DieType] = {
    "Simple": D20,
    "Routine": D12,
    "Tricky": D10,
    "Difficult": D8,
    "Unlikely": D6,
    "Impossible": D4,
}
"""T-IMP-1: the task die for each Difficulty (IMP-R04)."""

DIFFICULTIES: tuple[Difficulty, ...] = tuple(DIFFICULTY_DIE)

_INVERTED: dict[int, DieType] = {5: D4, 4: D6, 3: D8, 2: D10, 1: D12, 0: D20}
"""IMP-A04's ``"inverted"`` mapping: a stronger threat gives a harder test."""


def die_label(die: DieType) -> str:
    """``D8`` for ``d8``: the rule text writes Impact and task dice in capitals."""
    return die.name.upper()


def die_step(die: DieType) -> int:
    """The ladder step of an Impact Die (``D12`` → 4)."""
    try:
        return IMPACT_LADDER.index(die)
    except ValueError:
        allowed = ", ".join(die_label(d) for d in IMPACT_LADDER)
        raise RuleError(
            "impact.die_off_ladder",
            "{die} is not on the Impact ladder; it holds {allowed}",
            die=die_label(die),
            allowed=allowed,
        ) from None


def die_of(step: int) -> DieType | None:
    """The die a step rolls as: ``None`` when ineffectual; a banked step rolls D20."""
    if step <= INEFFECTUAL:
        return None
    return IMPACT_LADDER[min(step, TOP)]


def step_label(step: int | None) -> str:
    """How a step reads on a chip: ``D10``, ``D20 +1 banked``, ``ineffectual``, ``no die``."""
    if step is None:
        return "no Impact Die"
    if step <= INEFFECTUAL:
        return "ineffectual"
    if step > TOP:
        return f"D20 +{step - TOP} banked"
    return die_label(IMPACT_LADDER[step])


def step_named(value: object) -> int:
    """Read an Impact Die given as ``"D8"``, ``"d8"``, a die type, a step, or ``"ineffectual"``.

    Raises:
        RuleError: anything that is not on the Impact ladder.
    """
    allowed = ", ".join(die_label(d) for d in IMPACT_LADDER)
    if isinstance(value, DieType):
        return die_step(value)
    if isinstance(value, bool):
        pass
    elif isinstance(value, int) and INEFFECTUAL <= value <= TOP:
        return value
    elif isinstance(value, str):
        text = value.strip().upper()
        if text == "INEFFECTUAL":
            return INEFFECTUAL
        for step, die in enumerate(IMPACT_LADDER):
            if die_label(die) == text:
                return step
    raise RuleError(
        "impact.no_such_impact_die",
        "an Impact Die must be one of {allowed} (or 'ineffectual'), got {got}. Tip: write"
        " it as on the ladder, e.g. 'D12'.",
        allowed=allowed,
        got=shown(value),
    )


def difficulty_named(value: object) -> Difficulty:
    """Read a Difficulty given by name (``"tricky"``) or by its task die (``"d10"``, ``D10``).

    Raises:
        RuleError: a name or die that is not on T-IMP-1.
    """
    if isinstance(value, DieType):
        for name, die in DIFFICULTY_DIE.items():
            if die == value:
                return name
    elif isinstance(value, str):
        text = value.strip().lower()
        for name, die in DIFFICULTY_DIE.items():
            if text in (name.lower(), die.name):
                return name
    table = ", ".join(f"{name} ({die_label(die)})" for name, die in DIFFICULTY_DIE.items())
    raise RuleError(
        "impact.no_such_difficulty",
        "unknown Difficulty {got}; T-IMP-1 has {table}. Tip: a Difficulty describes the "
        "task, not who attempts it.",
        got=shown(value),
        table=table,
    )


def smaller(a: DieType, b: DieType) -> DieType:
    """The die with fewer faces (IMP-R05: the die rolled is the smaller)."""
    return a if a.sides <= b.sides else b


def avoid_harm_die(threat_step: int, mapping: Literal["same_die", "inverted"]) -> DieType:
    """The Avoid Harm task die for a threat's Impact step (IMP-R12, IMP-A04).

    ``"same_die"`` is the literal rule: a D6 frigate is a d6 test. ``"inverted"``
    resolves the design tension the digest points out, so a D20 threat gives the
    hardest test (d4) rather than the easiest.
    """
    step = min(threat_step, TOP)
    if step <= INEFFECTUAL:
        raise RuleError(
            "impact.ineffectual_threat",
            "an ineffectual threat has no Impact Die to set an Avoid Harm test",
        )
    return IMPACT_LADDER[step] if mapping == "same_die" else _INVERTED[step]
