"""Watch the World Die's house rules: one setting per ambiguity of the digest (WTWD-A01…A18).

Names and defaults are the digest's (§4.4); each default is its most faithful
reading of the text. Three ambiguities need no setting, because the engine
simply allows what the text does not forbid: Responses have no effect beyond
their cost (WTWD-A13), a player who rolls a 6 with an Apocalypse Type may still
pick Spreading or Snowballing (WTWD-A16), and the player who made the year-end
roll narrates the Great Dying while the next player clockwise opens a new year
(WTWD-A17). The chain sets and the Event lists the digest also names
(``chain_sets``, WTWD-A05; ``event_lists``, WTWD-A15) are data, not settings:
they live in the tables file (see :mod:`.tables`), which a designer edits.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from ...settings import RuleSettings, setting

__all__ = ["WorldSettings"]


class WorldSettings(RuleSettings):
    """House rules for Watch the World Die. Instances are immutable."""

    system: ClassVar[str] = "watch_the_world_die"

    first_move_six: Literal["cause_reroll_global", "cause_only_if_type"] = setting(
        "cause_reroll_global",
        "A 6 on the game's very first Event Type roll: always reroll it as The Cause (6 read "
        "as 5) and make that Event global; or only with an Apocalypse Type (without one, "
        "just reroll it the same way and the Event is not global).",
        ref="WTWD-A01",
    )
    cause_reroll_adds_pressure: bool = setting(
        True,
        "The Cause's first-move reroll adds to Pressure, like any Event Type roll.",
        ref="WTWD-A02",
    )
    cause_reroll_pressure_value: Literal["as_read", "raw"] = setting(
        "as_read",
        "What the reroll adds: its face as read (a 6 read as 5 adds 5) or the face itself.",
        ref="WTWD-A02",
    )
    cause_reroll_chains: bool = setting(
        True,
        "The Event The Cause's reroll creates chains if its type (1 to 4) has a chain set.",
        ref="WTWD-A02",
    )
    chain_type_source: Literal["roll", "player_choice"] = setting(
        "roll",
        "A chained Event's type: the face of the chaining roll, or any type of the chain set "
        "the player picks.",
        ref="WTWD-A03",
    )
    failed_chain_adds_pressure: bool = setting(
        False,
        "A chaining roll outside the chain set still adds its face to Pressure.",
        ref="WTWD-A04",
    )
    escalation_chains_as_target: bool = setting(
        False,
        "Spreading or Snowballing an earlier Event of type 1 to 4 makes a chaining roll with "
        "that Event's chain set.",
        ref="WTWD-A05",
    )
    max_chain_length: int | None = setting(
        None,
        "The most chained Events one chain may make (then it stops without a roll); unset "
        "means no limit (the engine's safety cap still refuses a runaway).",
        ref="WTWD-A06",
        ge=1,
        le=10_000,
    )
    relieve_pressure_mode: Literal["replace", "subtract_spent", "min"] = setting(
        "replace",
        "Response Points left after relieving: replace Pressure (it may go up), or lower "
        "Pressure by the points spent, or keep the smaller of Pressure and the points left.",
        ref="WTWD-A07",
    )
    new_year_pressure: Literal["zero", "carry"] = setting(
        "zero",
        "Pressure when a new year starts: 0 (every point was spent), or the Pressure from "
        "before the relief that ended the year.",
        ref="WTWD-A08",
    )
    year_step: int = setting(
        1,
        "How many years the calendar moves on at each new year.",
        ref="WTWD-A08",
        ge=1,
        le=1000,
    )
    count_chained_events: bool = setting(
        True, "Chained Events count towards the Events of the year (E).", ref="WTWD-A09"
    )
    great_dying_comparison: Literal["lt", "le"] = setting(
        "lt",
        "The year-end 2d6 brings the Great Dying when strictly lower than E (lt), or lower "
        "or equal (le).",
        ref="WTWD-A10",
    )
    allow_duplicate_responses: bool = setting(
        True, "The same Response may be bought more than once in one turn.", ref="WTWD-A11"
    )
    allow_duplicate_events: bool = setting(
        True,
        "An Event of a list may be used again (otherwise only while its type has unused "
        "Events left).",
        ref="WTWD-A12",
    )
    event_mode_enabled: bool = setting(
        True,
        "Offer the optional Event Mode roll (inspiration only; no Pressure).",
        ref="WTWD-A14",
    )
    max_years: int | None = setting(
        None,
        "End the game after this many years survived; unset means only the Great Dying (or "
        "a stop) ends it.",
        ref="WTWD-A18",
        ge=1,
        le=10_000,
    )
