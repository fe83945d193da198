"""Exact odds of Watch the World Die's rolls, as fractions.

* :func:`great_dying_chance`: P(2d6 < E) (or ≤ E), the year-end check (T-WTWD-7), shown
  at the table before the roll.
* :func:`worse_distribution`: the joint distribution of the Pressure one Make It Worse
  adds and the Events it creates, chains included. A chain has no length limit
  (WTWD-A06) but ends with probability 1; the distribution is exact for every chain of
  up to ``depth`` chained Events, and the probability of a longer chain (tiny: below
  10⁻¹⁴ at the default depth of 30) is reported as ``beyond`` rather than spread anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from ... import checks
from ...contract import OddsQuestion
from ...errors import RuleError
from .settings import WorldSettings
from .tables import Tables, shipped_tables

__all__ = ["QUESTIONS", "TWO_D6", "WorseOdds", "great_dying_chance", "worse_distribution"]

TWO_D6: dict[int, Fraction] = {total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)}
"""The distribution of the sum of 2d6."""


def great_dying_chance(events: int, comparison: Literal["lt", "le"] = "lt") -> Fraction:
    """P(2d6 < ``events``) (``"lt"``, the default, WTWD-A10) or P(2d6 ≤ ``events``)."""
    events = checks.whole(events, "events", 0)
    comparison = checks.choice(comparison, "comparison", ("lt", "le"))
    if comparison == "lt":
        return sum((p for t, p in TWO_D6.items() if t < events), Fraction(0))
    return sum((p for t, p in TWO_D6.items() if t <= events), Fraction(0))


@dataclass(frozen=True, slots=True)
class WorseOdds:
    """What one Make It Worse does, exactly.

    Attributes:
        outcomes: (Pressure added, Events created) → probability.
        beyond: the probability of a chain longer than the depth computed.
    """

    outcomes: Mapping[tuple[int, int], Fraction]
    beyond: Fraction

    def pressure(self) -> dict[int, Fraction]:
        """Pressure added → probability."""
        out: dict[int, Fraction] = {}
        for (added, _), p in self.outcomes.items():
            out[added] = out.get(added, Fraction(0)) + p
        return dict(sorted(out.items()))

    def events(self) -> dict[int, Fraction]:
        """Events created → probability."""
        out: dict[int, Fraction] = {}
        for (_, count), p in self.outcomes.items():
            out[count] = out.get(count, Fraction(0)) + p
        return dict(sorted(out.items()))

    def mean_pressure(self) -> Fraction:
        return sum((a * p for (a, _), p in self.outcomes.items()), Fraction(0))


def worse_distribution(
    tables: Tables | None = None,
    *,
    failed_chain_adds_pressure: bool = False,
    depth: int = 30,
    first_move: bool = False,
    cause_reroll_adds_pressure: bool = True,
    cause_reroll_pressure_value: Literal["as_read", "raw"] = "as_read",
    cause_reroll_chains: bool = True,
) -> WorseOdds:
    """The exact distribution of one Make It Worse.

    The Event Type die adds its face; an Event whose type has a chain set makes a
    chaining roll: a face in the set adds itself and chains to an Event of that type
    (WTWD-R08, chain type = the face, WTWD-A03); a face outside ends the chain, adding
    nothing (or its face, with ``failed_chain_adds_pressure``, WTWD-A04).
    Special Events (type 6) do not chain (WTWD-A05 default).

    With ``first_move`` it is the game's opening move: a 6 calls for The Cause's
    reroll, a 6 read as 5 (WTWD-R11), whose Pressure and chaining follow the three
    ``cause_reroll_*`` house rules (WTWD-A02, named as in ``WorldSettings``).
    """
    tables = shipped_tables() if tables is None else tables
    if not isinstance(tables, Tables):
        raise RuleError(
            "watch_the_world_die.tables_not_tables",
            "tables must be Tables, got {tables}",
            tables=checks.shown(tables),
        )
    depth = checks.whole(depth, "depth", 0, 500)
    failed = checks.flag(failed_chain_adds_pressure, "failed_chain_adds_pressure")
    cause = None
    if checks.flag(first_move, "first_move"):
        cause = (
            checks.flag(cause_reroll_adds_pressure, "cause_reroll_adds_pressure"),
            checks.choice(
                cause_reroll_pressure_value, "cause_reroll_pressure_value", ("as_read", "raw")
            ),
            checks.flag(cause_reroll_chains, "cause_reroll_chains"),
        )
    return _distribution(tables, failed, depth, cause)


@lru_cache(maxsize=16)
def _distribution(
    tables: Tables,
    failed_chain_adds_pressure: bool,
    depth: int,
    cause: tuple[bool, str, bool] | None,
) -> WorseOdds:
    # Every probability here is a whole number of 1/6^m: the chain is counted in integer
    # weights over one common denominator and turned into fractions once, at the end
    # (adding fractions as it goes spends its time on greatest common divisors).
    # after[t][k]: (pressure, events) still to come after an Event of type t is created,
    # with at most k more chained Events, as weights over 6^(k+1), and the weight lost
    # to longer chains.
    memo: dict[tuple[int, int], tuple[dict[tuple[int, int], int], int]] = {}

    def after(kind: int, left: int) -> tuple[dict[tuple[int, int], int], int]:
        key = (kind, left)
        if key in memo:
            return memo[key]
        chain = tables.chain_set(kind)
        result: dict[tuple[int, int], int] = {}
        lost = 0
        if not chain:
            result[(0, 0)] = 6 ** (left + 1)
        else:
            for face in range(1, 7):
                if face not in chain:
                    added = face if failed_chain_adds_pressure else 0
                    result[(added, 0)] = result.get((added, 0), 0) + 6**left
                elif left == 0:
                    lost += 1
                else:
                    rest, rest_lost = after(face, left - 1)
                    lost += rest_lost
                    for (a, n), w in rest.items():
                        k = (a + face, n + 1)
                        result[k] = result.get(k, 0) + w
        memo[key] = (result, lost)
        return result, lost

    whole = 36 * 6 ** (depth + 1)  # an opening's 1/6 or 1/36, times a chain's 6^(depth+1)
    outcomes: dict[tuple[int, int], int] = {}
    beyond = 0
    # (weight in 36ths, Pressure added by the type roll(s), the Event's type, it chains)
    openings = [(6, face, face, True) for face in range(1, 6 if cause else 7)]
    if cause is not None:
        adds, value, chains = cause
        for face in range(1, 7):
            read = 5 if face == 6 else face
            added = (read if value == "as_read" else face) if adds else 0
            openings.append((1, 6 + added, read, chains))
    for weight, added, kind, chains in openings:
        rest, lost = after(kind, depth) if chains else ({(0, 0): 6 ** (depth + 1)}, 0)
        beyond += weight * lost
        for (a, n), w in rest.items():
            k = (a + added, n + 1)
            outcomes[k] = outcomes.get(k, 0) + weight * w
    return WorseOdds(
        {k: Fraction(w, whole) for k, w in sorted(outcomes.items())}, Fraction(beyond, whole)
    )


# --------------------------------------------------------------------------- questions


def _great_dying(settings: WorldSettings, events: int) -> dict[str, float]:
    """The year-end check with ``events`` Events this year, compared as WTWD-A10 says."""
    p = great_dying_chance(events, settings.great_dying_comparison)
    return {"Great Dying": float(p), "the world goes on": float(1 - p)}


QUESTIONS: dict[str, OddsQuestion] = {
    "great dying": OddsQuestion(
        "The year-end check: a Great Dying, by the Events this year",
        "Events this year",
        tuple(range(0, 15)),
        0,
        checks.MAX_COUNT,
        _great_dying,
        ("great_dying_comparison",),
    ),
}
"""Watch the World Die's odds questions (:class:`~isowidgets.contract.OddsQuestion`)."""
