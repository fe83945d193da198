"""Damage over the rounds of Let It Hurt, read from journal entries (for a plot).

:func:`damage_rows` is pure and works on any run of entries, so a view can call
it on the entries of each new action and append the rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...journal import Entry
from .abilities import level_name
from .events import HurtEnded, HurtStarted, RoundRolled, WoundMarked

__all__ = ["damage_rows"]


def damage_rows(entries: Iterable[Entry]) -> list[dict[str, Any]]:
    """One row per wound recorded: ``seq, conflict, round, who, level, recorded,
    ability, name_of_level, source``; rounds count from 1 in each Let It Hurt, and a
    wound marked outside one has ``round`` ``None``. Falling down afterwards adds a row
    per settled wound with ``source = "settled"``."""
    rows: list[dict[str, Any]] = []
    conflict: str | None = None
    last_round = 0
    for entry in entries:
        event = entry.event
        if isinstance(event, HurtStarted):
            conflict, last_round = event.conflict, 0
        elif isinstance(event, RoundRolled):
            last_round = event.round
            for hit in event.hits:
                rows.append(
                    {
                        "seq": entry.seq,
                        "conflict": conflict,
                        "round": event.round,
                        "who": hit.target,
                        "level": hit.level,
                        "recorded": hit.recorded,
                        "ability": hit.ability,
                        "name_of_level": level_name(hit.recorded),
                        "source": hit.source,
                    }
                )
        elif isinstance(event, WoundMarked):
            rows.append(
                {
                    "seq": entry.seq,
                    "conflict": None,
                    "round": None,
                    "who": event.character,
                    "level": event.requested,
                    "recorded": event.level,
                    "ability": event.ability,
                    "name_of_level": level_name(event.level),
                    "source": "gm",
                }
            )
        elif isinstance(event, HurtEnded):
            for settled in event.settled:
                for level, ability in settled.after:
                    rows.append(
                        {
                            "seq": entry.seq,
                            "conflict": conflict,
                            "round": last_round,
                            "who": settled.character,
                            "level": level,
                            "recorded": level,
                            "ability": ability,
                            "name_of_level": level_name(level),
                            "source": "settled",
                        }
                    )
    return rows
