"""The teacher's overview's words (one :class:`~isowidgets.widgets.i18n.Catalogue`).

The English is written here (``make catalogues`` extracts it into
``isowidgets/locale/workshop.pot``, each label as the message ``workshop.<key>``); the
Danish is in ``isowidgets/locale/da/LC_MESSAGES/workshop.po``. Names, numbers and the
engine's description of a participant's latest step are filled in as
``{placeholders}``.
"""

from __future__ import annotations

from ..widgets.i18n import catalogue

__all__ = ["OVERVIEW_WORDS"]

OVERVIEW_WORDS = catalogue(
    "workshop",
    {
        "overview.title": "Workshop overview",
        "overview.caption": "{n} participants · refreshes itself · links open a table read-only",
        "overview.participant": "Participant",
        "overview.notebook": "Notebook",
        "overview.system": "System",
        "overview.step": "Latest step",
        "overview.since": "Last action",
        "overview.table": "Their table",
        "overview.open": "Open {name}'s table (read-only)",
        "overview.no_table": "no table opened yet",
        "overview.reading": "reading their journal…",
        "overview.unreadable": "journal not readable: {why}",
        "overview.never": "nothing played yet",
        "overview.seconds": "{n} s ago",
        "overview.minutes": "{n} min ago",
        "overview.hours": "{n} h {m} min ago",
        "overview.quiet": "quiet",
        "overview.stopped": "server stopped",
        "overview.nobody": "Nobody has logged in yet.",
        "overview.updated": "Updated {time}",
        "overview.no_hub": (
            "the hub's address is not known here ({why}): participants listed by folder"
        ),
        "overview.hub_silent": "the hub did not answer ({why}): participants listed by folder",
        "overview.table_refused": "This table cannot be shown: {why}",
        "overview.refresh_failed": (
            "⚠ This refresh failed: {why}. The table shows the last one that worked and "
            "the page tries again every {seconds} s. If this stays, the details are in the "
            "terminal that runs the workshop (make workshop)."
        ),
        "overview.unreadable_file": "a file of the workshop could not be read ({path})",
        "overview.unexpected": "an unexpected problem ({kind})",
    },
)
"""Every word of the teacher's overview and its table page."""
