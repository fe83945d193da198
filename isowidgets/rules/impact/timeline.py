"""Each character's and scene's Impact Die over time, read from journal entries.

The rows feed a timeline plot (one line per character, the step on the y axis,
ticks labelled D4…D20). :func:`timeline_rows` is pure and works on any run of
entries, so a view can call it on the entries of each new action and append
the rows, instead of redrawing from the whole journal.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...journal import Entry
from .events import AdventureStarted, CharacterAdded, ImpactChanged, SceneAdded, SessionAdvanced
from .ladder import step_label

__all__ = ["timeline_rows"]


def timeline_rows(
    entries: Iterable[Entry], *, session: int = 1, adventure: int = 1
) -> list[dict[str, Any]]:
    """One row per Impact Die value: where each holder started and every change.

    Args:
        entries: journal entries in order (usually ``journal.effective()``, or
            the entries a listener just received).
        session, adventure: the numbers in force before the first entry.

    Returns:
        Rows with ``seq, action, at, adventure, session, who, name, step, label,
        old, cause, reason, test``. ``step`` is ``None`` for a scene without an
        Impact Die and −1 when ineffectual (see :mod:`.ladder`).
    """
    rows: list[dict[str, Any]] = []
    old: int | None
    new: int | None
    test: str | None
    for entry in entries:
        event = entry.event
        if isinstance(event, SessionAdvanced):
            session = event.session
            continue
        if isinstance(event, AdventureStarted):
            adventure, session = event.adventure, 1
            continue
        if isinstance(event, CharacterAdded):
            who, name, old, new = event.character, event.name, None, event.step
            cause, reason, test = "start", "joins the story", None
        elif isinstance(event, SceneAdded):
            who, name, old, new = event.scene, event.name, None, event.step
            cause, reason, test = "start", "scene set", None
        elif isinstance(event, ImpactChanged):
            who, name, old, new = event.who, event.name, event.old, event.new
            cause, reason, test = event.cause, event.reason, event.test
        else:
            continue
        rows.append(
            {
                "seq": entry.seq,
                "action": entry.action,
                "at": entry.at,
                "adventure": adventure,
                "session": session,
                "who": who,
                "name": name,
                "step": new,
                "label": step_label(new),
                "old": old,
                "cause": cause,
                "reason": reason,
                "test": test,
            }
        )
    return rows
