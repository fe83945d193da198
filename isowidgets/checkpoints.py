"""Checkpoints: the states a session folds to along its journal, kept as a cache.

A game's state is the fold of its effective entries, from the state a session starts
in (:mod:`isowidgets.game`). Folding 10,000 entries to show one more, or to look at a
moment of the session, repeats what was folded already. :class:`Checkpoints` keeps the
state every :data:`EVERY` entries along one run of entries (its *spine*) and folds
only what lies past the nearest one:

* **following** a journal that grows (:meth:`~Checkpoints.extend`): only the new
  entries are folded, whatever the session's length;
* **changing course** (:meth:`~Checkpoints.follow`): an undo, a disclosure that shows
  an earlier action, a cut; what the new run shares with the spine is kept, and the
  fold starts again from the last checkpoint within that shared part;
* **looking** at any run (:meth:`~Checkpoints.state_of`): a replay's position, a cut of
  the journal, a branch; folded from the nearest checkpoint it shares, the spine left
  as it is.

The checkpoints are a cache, never the source of truth (as the event-sourcing
libraries keep snapshots): :meth:`~Checkpoints.clear` throws them all away and every
answer stays the same, only slower. That holds because the kit's states are immutable
(frozen dataclasses, tuples) and a system's fold is pure: keeping a state is keeping a
reference to it, and folding an event gives the same state wherever it is folded.

Two runs share a prefix when their entries carry the same events in the same order:
the same event objects (a follower re-reading nothing), or equal ones (a view
numbered again holds copies). Retcons are never folded (a run is a list of
*effective* entries: :func:`~.effective_entries`).

Don't confuse the spine with the journal: the spine is whatever run was last folded
through :meth:`~Checkpoints.extend` or :meth:`~Checkpoints.follow` (a viewer's public
entries, a replay's whole session), and a game builds its checkpoints with
:meth:`Game.checkpoints <isowidgets.folding.Folding.checkpoints>`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar, overload

from . import checks
from .errors import JournalError
from .journal import Entry

__all__ = ["EVERY", "Checkpoints"]

S = TypeVar("S")

EVERY = 64
"""Entries between two checkpoints by default: at most this many are folded to reach
any position of the spine (a few milliseconds in every system), and a 10,000-event
session keeps about 160 states, each a reference to a state the fold made anyway."""


def _same(one: Entry, other: Entry) -> bool:
    """Whether folding ``one`` and ``other`` gives the same state: the same event."""
    return one is other or one.event is other.event or one.event == other.event


class Checkpoints(Generic[S]):
    """The states a run of entries folds to, kept every ``every`` entries.

    Args:
        start: the state before the first entry (a session's initial state).
        fold: folds one entry into a state (pure: the same state and entry always give
            the same result, and neither is changed).
        every: how many entries lie between two checkpoints.

    Raises:
        JournalError: ``fold`` is not a function, or ``every`` not a whole number from
            1 to 100,000.
    """

    def __init__(self, start: S, fold: Callable[[S, Entry], S], *, every: int = EVERY) -> None:
        self._fold = checks.function(fold, "fold (a function of a state and an entry)",
                                     error=JournalError)  # fmt: skip
        self.every = checks.whole(every, "every", 1, 100_000, error=JournalError)
        self.start = start
        self._spine: list[Entry] = []
        self._state = start
        self._at: list[int] = [0]  # positions of the kept states, ascending
        self._kept: list[S] = [start]
        self.folded = 0
        """How many entries this object has folded so far (a measure, for tests and
        benchmarks: a follower that folds only what is new adds the new entries)."""

    # ------------------------------------------------------------------ the spine

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The spine: the run of entries folded last."""
        return tuple(self._spine)

    def __len__(self) -> int:
        return len(self._spine)

    @overload
    def __getitem__(self, index: int) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...

    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        """The spine's entry at ``index`` (or a slice of it), without copying the spine."""
        return self._spine[index]

    @property
    def state(self) -> S:
        """The state after the whole spine."""
        return self._state

    @property
    def positions(self) -> tuple[int, ...]:
        """Where along the spine a state is kept (``0``, the start, always is)."""
        return tuple(self._at)

    def extend(self, entries: Iterable[Entry]) -> S:
        """The spine grows by ``entries`` (the journal's new effective entries): fold
        only them, keeping a checkpoint every ``every`` entries; the state after them.

        If a fold raises, the spine and the state stay as they were before the entry
        that failed (the entries before it are folded and kept).
        """
        for entry in entries:
            self._state = self._fold(self._state, entry)
            self.folded += 1
            self._spine.append(entry)
            if len(self._spine) % self.every == 0:
                self._at.append(len(self._spine))
                self._kept.append(self._state)
        return self._state

    def follow(self, entries: Sequence[Entry], *, known: int = 0) -> S:
        """Make ``entries`` the spine: keep what it shares with the old one, fold the
        rest from the last checkpoint in the shared part; the state after ``entries``.

        What an undo (the spine loses its end), a disclosure (an action appears in the
        past) or a cut asks for; a run that only grew is :meth:`extend`'s. ``known``:
        how many first entries the caller knows to be the spine's own (a follower that
        kept them), compared no more, so an undo at the end of a long run costs what it
        costs at the end of a short one.
        """
        shared = self.shared(entries, start=known)
        self._truncate(shared)
        self._spine[:shared] = entries[:shared]  # the same events, in the entries given
        return self.extend(entries[shared:])

    def state_of(self, entries: Sequence[Entry]) -> S:
        """The state ``entries`` fold to, from the nearest checkpoint they share with
        the spine (a replay's position, a cut, a branch); the spine is left as it is."""
        shared = self.shared(entries)
        if shared == len(self._spine):
            state, position = self._state, shared
        else:
            index = bisect_right(self._at, shared) - 1
            state, position = self._kept[index], self._at[index]
        for entry in entries[position:]:
            state = self._fold(state, entry)
            self.folded += 1
        return state

    def state_at(self, position: int) -> S:
        """The state after the first ``position`` entries of the spine.

        Raises:
            JournalError: ``position`` is not a whole number from 0 to the spine's length.
        """
        position = checks.whole(position, "a position", 0, len(self._spine), error=JournalError)
        if position == len(self._spine):
            return self._state
        # A prefix of the spine shares all of it: fold from the nearest kept state, with
        # no comparison of entries (a replay jumps here on every move of its slider).
        index = bisect_right(self._at, position) - 1
        state = self._kept[index]
        for entry in self._spine[self._at[index] : position]:
            state = self._fold(state, entry)
            self.folded += 1
        return state

    def shared(self, entries: Sequence[Entry], *, start: int = 0) -> int:
        """How many entries ``entries`` shares with the spine from the start (the first
        ``start`` taken as shared without a look)."""
        spine = self._spine
        most = min(len(spine), len(entries))
        count = min(checks.whole(start, "start", 0, error=JournalError), most)
        while count < most and (
            spine[count] is entries[count] or _same(spine[count], entries[count])
        ):
            count += 1
        return count

    def clear(self) -> None:
        """Throw every checkpoint away (the spine and its state stay): a cache emptied,
        every answer the same, only slower."""
        self._at, self._kept = [0], [self.start]

    def _truncate(self, length: int) -> None:
        """Cut the spine to its first ``length`` entries, its state from a checkpoint."""
        if length == len(self._spine):
            return
        index = bisect_right(self._at, length) - 1
        del self._at[index + 1 :]
        del self._kept[index + 1 :]
        state, position = self._kept[index], self._at[index]
        tail = self._spine[position:length]
        del self._spine[position:]
        self._state = state
        self.extend(tail)

    def __repr__(self) -> str:
        return f"<Checkpoints: {len(self._spine)} entries, {len(self._at)} states kept>"
