"""What a journal holds as it is now: its entries (a view, never a copy), the line of
the file each is on, its head, and what its actions have become (void, in force, the
events of each), read from the :class:`~.history.History` that follows every entry as it
arrives. :class:`Contents` is that part of a :class:`~.store.Journal`, as its file
(:class:`~.files_backing.FileBacked`) and its log (:class:`~.export.LogViews`) are.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .codec import Entries, Entry
from .events import Event, Retcon
from .history import History

__all__ = ["Contents"]


class Contents:
    """The entries of a :class:`~.store.Journal` and what its actions have become."""

    if TYPE_CHECKING:
        _entries: list[Entry]
        _history: History
        _line_of: dict[int, int]

    @property
    def entries(self) -> Entries:
        """Every valid line, in order (including retconned and cut-short actions), as they
        are now: a view made without copying (see :class:`.Entries`)."""
        return Entries(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def line_number(self, seq: int) -> int:
        """The line of the file that holds event ``seq`` (``seq`` itself in memory)."""
        return self._line_of.get(seq, seq)

    def __iter__(self) -> Iterator[Entry]:
        return iter(Entries(self._entries))

    @property
    def head(self) -> str:
        """The head its last line carries: the hash of the journal up to it (64 hex
        digits; see :mod:`chain <.journal.chain>`), ``""`` when it carries none (a line written
        before lines were chained, or no line yet). In a view (:meth:`~.Journal.view`) it is
        the head of the last entry viewed: for the public entries, the head viewers are
        shown."""
        return self._entries[-1].head if self._entries else ""

    @property
    def history(self) -> History:
        """What the journal's actions have become (void, cut short, redoable), kept as
        entries arrive (see :class:`~.history.History`).

        A view's (:meth:`~.Journal.view`) takes its entries when first asked, not when the view is
        made: a replay makes a view at every move of its slider, and a board drawn from
        one reads its entries and state, never this."""
        history = self._history
        if history.taken < len(self._entries):
            history.add(self._entries[history.taken :])
        return history

    def void_actions(self, *, then: Retcon | None = None) -> set[int]:
        """Actions taken back by a retcon that is itself in force, and those cut short
        (see :func:`~.history.void_actions`), kept as the journal goes.

        With ``then``, as they would be once that retcon is appended (used to
        rebuild the state before anything is written).
        """
        return self.history.void(then=then)

    def effective(self, *, then: Retcon | None = None) -> list[Entry]:
        """The entries that make the current state: no retcons, nothing taken back
        (with ``then``: the state once that retcon is appended)."""
        void = self.history.void(then=then)
        return [
            e for e in self._entries if e.action not in void and not isinstance(e.event, Retcon)
        ]

    def actions(self) -> list[int]:
        """Every action of the journal, in order."""
        return self.history.actions()

    def action_events(self, action: int) -> list[Event]:
        """The events of ``action``, in order (none for an action not in the journal)."""
        start, end = self.history.span(action)
        return [entry.event for entry in self._entries[start:end]]
