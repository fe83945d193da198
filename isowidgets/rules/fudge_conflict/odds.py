"""Exact odds of the Danish system's rolls: 3dF + skill with bonus or penalty dice.

Fudge faces are only −1, 0 and +1, so a roll of ``n`` dice is fully described
by how many of each it shows; the kept three follow from those counts under
either reading of penalty dice (DK-A04). Summing the multinomial weights of
every ``(minus, blank, plus)`` split gives exact :class:`~fractions.Fraction`
probabilities in ``O(n²)`` steps however many dice are rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb

from ... import checks
from ...contract import OddsQuestion
from ...words import msg
from .events import OppositionKind
from .keep import PENALTY_KEEP_MODES, PenaltyKeep, kept_by_net
from .settings import FudgeSettings

__all__ = [
    "MAX_ODDS_DICE",
    "QUESTIONS",
    "Contest",
    "contest",
    "distribution",
    "kept_distribution",
    "passive_contest",
    "success_chance",
]

MAX_ODDS_DICE = 100
"""The most bonus or penalty dice the odds are computed for (far past any table)."""

KINDS: tuple[OppositionKind, ...] = ("passive", "active", "competing")


def _net(value: object, what: str = "net bonus/penalty dice") -> int:
    return checks.whole(value, what, -MAX_ODDS_DICE, MAX_ODDS_DICE)


def _keep(value: object) -> PenaltyKeep:
    return checks.choice(value, "penalty_keep", PENALTY_KEEP_MODES)


@cache
def _kept(net: int, penalty_keep: PenaltyKeep) -> dict[int, Fraction]:
    count = 3 + abs(net)
    total = 3**count
    found: dict[int, int] = {}
    for minus in range(count + 1):
        for blank in range(count - minus + 1):
            plus = count - minus - blank
            faces = [-1] * minus + [0] * blank + [1] * plus
            kept = sum(faces[i] for i in kept_by_net(faces, net, 3, penalty_keep))
            weight = comb(count, minus) * comb(count - minus, blank)
            found[kept] = found.get(kept, 0) + weight
    return {s: Fraction(w, total) for s, w in sorted(found.items())}


def kept_distribution(
    net: int = 0, *, penalty_keep: PenaltyKeep = "forced_worst_then_best"
) -> dict[int, Fraction]:
    """P(sum of the three kept dice = s) with ``net`` bonus (+) or penalty (−) dice."""
    return dict(_kept(_net(net), _keep(penalty_keep)))


def distribution(
    skill: int, net: int = 0, *, penalty_keep: PenaltyKeep = "forced_worst_then_best"
) -> dict[int, Fraction]:
    """P(result = r) for 3dF + ``skill`` (DK-R04) with ``net`` bonus or penalty dice."""
    value = checks.whole(skill, "skill", -checks.MAX_COUNT, checks.MAX_COUNT)
    return dict(_shifted(value, _net(net), _keep(penalty_keep)))


@lru_cache(maxsize=4096)
def _shifted(skill: int, net: int, penalty_keep: PenaltyKeep) -> dict[int, Fraction]:
    """Kept per skill too: odds panels redraw the same few rolls on every change (the
    caller gets a copy, so this one is never changed)."""
    return {s + skill: p for s, p in _kept(net, penalty_keep).items()}


def success_chance(
    skill: int,
    difficulty: int,
    net: int = 0,
    *,
    penalty_keep: PenaltyKeep = "forced_worst_then_best",
) -> Fraction:
    """P(result > difficulty): a tie fails (DK-R05)."""
    level = checks.whole(difficulty, "difficulty", -checks.MAX_COUNT, checks.MAX_COUNT)
    spread = distribution(skill, net, penalty_keep=penalty_keep)
    return sum((p for r, p in spread.items() if r > level), Fraction(0))


@dataclass(frozen=True, slots=True)
class Contest:
    """Chances of two opposed rolls, from the initiator's side.

    Attributes:
        higher: P(the initiator's result is higher).
        tie: P(equal results).
        lower: P(the opponent's result is higher).
        win: P(the initiator wins) under ``kind``'s tie rule: a passive tie fails
            (DK-R05), an active tie goes to the opponent (DK-R11), a competing tie is a
            draw (DK-R12).
        draw: P(a draw): the tie under competing opposition, else 0.
        loss: P(the initiator loses).

    Against passive opposition "the opponent" is the difficulty: ``higher`` is
    P(result > difficulty).
    """

    kind: OppositionKind
    higher: Fraction
    tie: Fraction
    lower: Fraction

    @property
    def win(self) -> Fraction:
        return self.higher

    @property
    def draw(self) -> Fraction:
        return self.tie if self.kind == "competing" else Fraction(0)

    @property
    def loss(self) -> Fraction:
        return self.lower + (Fraction(0) if self.kind == "competing" else self.tie)


def contest(
    kind: object,
    skill: int,
    opponent_skill: int,
    net: int = 0,
    opponent_net: int = 0,
    *,
    penalty_keep: PenaltyKeep = "forced_worst_then_best",
) -> Contest:
    """Exact chances of an active or competing conflict (T-DK-2)."""
    picked: OppositionKind = checks.choice(
        kind, "the kind of opposition (two sides roll)", ("active", "competing")
    )
    mine = distribution(skill, net, penalty_keep=penalty_keep)
    theirs = distribution(
        opponent_skill, _net(opponent_net, "opponent_net"), penalty_keep=penalty_keep
    )
    higher = tie = lower = Fraction(0)
    for a, p in mine.items():
        for b, q in theirs.items():
            if a > b:
                higher += p * q
            elif a == b:
                tie += p * q
            else:
                lower += p * q
    return Contest(picked, higher, tie, lower)


def passive_contest(
    skill: int,
    difficulty: int,
    net: int = 0,
    *,
    penalty_keep: PenaltyKeep = "forced_worst_then_best",
) -> Contest:
    """The chances of a check against passive opposition, as a :class:`Contest`."""
    level = checks.whole(difficulty, "difficulty", -checks.MAX_COUNT, checks.MAX_COUNT)
    spread = distribution(skill, net, penalty_keep=penalty_keep)
    higher = sum((p for r, p in spread.items() if r > level), Fraction(0))
    tie = spread.get(level, Fraction(0))
    return Contest("passive", higher, tie, 1 - higher - tie)


# --------------------------------------------------------------------------- questions

_QUESTION_DICE = 20
"""The most bonus or penalty dice a question is asked for: far past any table, and each
answer stays well under a second (the odds functions themselves go to MAX_ODDS_DICE)."""


def _result(settings: FudgeSettings, net: int) -> dict[str, float]:
    """The kept three's sum with ``net`` bonus (+) or penalty (−) dice, read as DK-A04 says."""
    spread = kept_distribution(net, penalty_keep=settings.penalty_keep_mode)
    return {f"{total:+d}": float(p) for total, p in sorted(spread.items())}


def _beat(settings: FudgeSettings, net: int) -> dict[str, float]:
    """Beating difficulty 0 with skill 0 (a tie fails, DK-R05)."""
    p = success_chance(0, 0, net, penalty_keep=settings.penalty_keep_mode)
    return {"success": float(p), "failure": float(1 - p)}


_NET = msg("fudge_conflict.odds.size.net", "net bonus dice")

QUESTIONS: dict[str, OddsQuestion] = {
    "result": OddsQuestion(
        msg(
            "fudge_conflict.odds.question.result",
            "3dF with bonus (+) or penalty (−) dice: the sum of the three kept",
        ),
        _NET,
        tuple(range(-4, 5)),
        -_QUESTION_DICE,
        _QUESTION_DICE,
        _result,
        ("penalty_keep_mode",),
    ),
    "beat": OddsQuestion(
        msg(
            "fudge_conflict.odds.question.beat",
            "Skill 0 against difficulty 0 (a tie fails), by bonus or penalty dice",
        ),
        _NET,
        tuple(range(-4, 5)),
        -_QUESTION_DICE,
        _QUESTION_DICE,
        _beat,
        ("penalty_keep_mode",),
    ),
}
"""The Danish system's odds questions (:class:`~isowidgets.contract.OddsQuestion`)."""
