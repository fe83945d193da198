"""What a view keeps of a journal, kept as the journal grows: one way for every system.

A panel that shows something read from the effective entries (the last round rolled,
the last conflict's consequences, the rolls and resolutions in force, a chronicle)
keeps it in a :class:`Kept`: each new action's entries are read once as they arrive,
and the journal's effective entries are read again from the start only when its
history changed otherwise (an undo or a redo made an action void, or in force again;
an action was cut short; another journal is read). So an ordinary action costs what
it adds, whatever the session's length, and an undo costs one read of the journal.
"""

from __future__ import annotations

from .codec import Entry
from .events import Retcon
from .store import Journal

__all__ = ["Kept"]


class Kept:
    """What a view keeps of a journal's effective entries, kept up to date by
    :meth:`Kept.follow`.

    A subclass says what it keeps: :meth:`reset` puts it back to what an empty journal
    gives, and :meth:`read` takes one effective entry (in journal order; never a retcon,
    never an entry of an action taken back or cut short).

    Attributes:
        reads: how many entries it has taken (a measure, for tests: an ordinary action
            adds its own entries, an undo the whole journal's).
    """

    def __init__(self) -> None:
        self._journal: Journal | None = None
        self._seen = 0
        self._void: set[int] = set()
        self.reads = 0

    def reset(self) -> None:
        """Forget everything read (the journal's entries are read again after it)."""
        raise NotImplementedError

    def read(self, entry: Entry) -> None:
        """Take ``entry``, the next effective entry of the journal."""
        raise NotImplementedError

    def refold(self, entries: list[Entry]) -> None:
        """Take ``entries``, all the journal's effective entries, after :meth:`reset`
        (an undo, a redo, another journal): each :meth:`read` in turn. A subclass that
        keeps only what the latest entries say may find it faster (backwards, stopping
        early), as long as it keeps what reading each in turn would."""
        for entry in entries:
            self.read(entry)

    def forget(self) -> None:
        """Read the journal's effective entries again, from :meth:`reset`, at the next
        :meth:`follow` (a view drawn afresh, e.g. in another language)."""
        self._journal = None

    def follow(self, journal: Journal) -> bool:
        """Bring what is kept up to date with ``journal`` as it is now: read only what was
        appended since the last call, unless its history changed otherwise (then read
        its effective entries again, from :meth:`reset`). Whether it read them again."""
        void = journal.void_actions()
        entries = journal.entries
        again = journal is not self._journal or void != self._void or len(entries) < self._seen
        if again:
            self.reset()
            effective = journal.effective()
            self.reads += len(effective)
            self.refold(effective)
        else:
            for entry in entries[self._seen :]:
                if entry.action in void or isinstance(entry.event, Retcon):
                    continue
                self.reads += 1
                self.read(entry)
        self._journal, self._seen, self._void = journal, len(entries), void
        return again
