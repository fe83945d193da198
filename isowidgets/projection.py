"""The public projection of a session's journal: which entries a viewer may see, and
how they are numbered for a viewer so that nothing counts what is hidden.

A GM-only action is kept whole in the journal (``Entry.gm``; how a GM marks one is
:class:`~isowidgets.visibility.GmOnly`'s), so the GM's notebook, undo and ``verify`` see
everything. A stream view or a public export shows only :func:`public_entries`:

* a public entry is kept, and so is a GM-only one once a :class:`~.Disclosed`
  in force names its action;
* an undisclosed GM-only action is left out;
* what follows only from it is **held**: once an undisclosed GM-only action that is in
  force has changed the game's state, every later action that changes state is held
  back too (the board after it is built on a change the table has not seen), until
  that action is disclosed (or undone);
* an *aside* action (every event of it of a kind in ``aside``: a note, a prepared
  value, a disclosure, the seed's reveal, a tray roll) changes nothing later actions
  build on, so it never causes a hold and is never held.

So the public entries always fold to a consistent state: their effective entries are
a prefix of the session's state-changing actions plus asides. The projection is a
pure function of the entries: a second process following the journal file
(``Journal.read(path).entries``) computes exactly what the GM's kernel does.

**What a viewer is shown counts nothing secret.** Every view that leaves the GM's
machine (the stream's follower and page, ``log(public=True)``, every format of
``export(..., public=True)``) shows :func:`public_view`: the public entries numbered
again, 1, 2, 3… in the order shown (events and actions, and the actions a retcon or a
disclosure names), so no gap in the numbers tells where, or how much, the GM did in
secret. A public roll carries only its public number (:mod:`isowidgets.dice.roller`),
which GM-only rolls do not move. The journal's head viewers see is the one carried by
its latest public line (:class:`~isowidgets.journal.history.ShownHead`): it commits to
every line before it, GM-only ones included, and changes only when something public is
journaled, so it tells nothing of when, or how much, the GM does in secret. A disclosed
GM-only roll is numbered among the GM-only rolls shown (1, 2, 3…), not by its journal
number (which counts every secret roll before it), and a roll of the old dice scheme is
shown without its draw position (which counted every die drawn before it). What still
shows: time (the log's times and the stream's pace show a pause, whatever filled it); and
a public action held back by a hidden change (the table saw it played, and the head moves
with it).

What it does **not** hide: the journal file on disk holds everything, and once the
seed is revealed anyone can recompute every random roll, GM-only ones included.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Iterable, Sequence

from .dice import PoolRoll
from .journal import (
    Disclosed,
    Entry,
    Event,
    Note,
    Prepared,
    Retcon,
    Rolled,
    SeedRevealed,
    TableSeed,
    incomplete_actions,
    void_actions,
)
from .journal.history import History

__all__ = [
    "ASIDE",
    "Numbering",
    "PublicView",
    "disclosed_actions",
    "gm_actions",
    "hidden_actions",
    "public_entries",
    "public_view",
    "renumbered",
]

ASIDE: frozenset[type[Event]] = frozenset(
    {Note, Prepared, Disclosed, SeedRevealed, Rolled, TableSeed}
)
"""The core's aside kinds: events no game folds into its state (a note, a prepared
value, a disclosure, the seed's reveal, a tray roll, the table's seed). A system adds
its own in ``Game.aside``."""


def gm_actions(entries: Iterable[Entry]) -> set[int]:
    """The actions of ``entries`` marked GM-only."""
    return {entry.action for entry in entries if entry.gm}


def disclosed_actions(entries: Sequence[Entry]) -> set[int]:
    """The actions a :class:`~.Disclosed` in force shows to the table
    (an undone disclosure shows nothing)."""
    void = void_actions(entries)
    return {
        entry.event.action
        for entry in entries
        if isinstance(entry.event, Disclosed) and entry.action not in void
    }


def hidden_actions(entries: Sequence[Entry]) -> set[int]:
    """The GM-only actions of ``entries`` not disclosed: what a viewer never sees."""
    return gm_actions(entries) - disclosed_actions(entries)


def public_entries(
    entries: Sequence[Entry], *, aside: Iterable[type[Event]] = ASIDE
) -> list[Entry]:
    """The entries a viewer may see, in order (see the module docstring).

    Retcons are kept when the action they take back is kept, so
    :func:`~.effective_entries` of the result is the state a viewer
    may know, and a log of the result strikes what was undone.

    Args:
        entries: a journal's entries, all of them (``journal.entries``).
        aside: the event types that change nothing later actions build on
            (``type(game).aside``: :data:`ASIDE` and the system's own).
    """
    # Read whole, from the sets the whole journal gives: the reference a kept
    # PublicView (which decides again only from where something changed) must match.
    return PublicView(aside=aside)._walk(entries, hidden_actions(entries), void_actions(entries))


class PublicView:
    """:func:`public_entries` of a journal, kept up to date as its entries arrive.

    :meth:`add` takes the journal's next entries, whole actions at a time (a follower
    holds back an action whose end has not arrived yet). Entries that undo nothing and
    show nothing from the past (no retcon, no disclosure: nearly every action) only
    extend what is shown, read once each, so following a long session costs the same
    as a short one. A retcon or a disclosure can change what was shown before: the
    actions are decided again from the earliest one whose inputs changed (an action
    that became hidden or shown, a hidden one that became void or in force), never
    from the start for nothing; an undo of a public action changes no earlier
    decision, so it costs what any action costs (no fold: that is the checkpoints' job).

    Attributes:
        entries: every entry taken so far.
        shown: the public ones (as :func:`public_entries` gives them).
        unshown: the actions taken and not shown, in order (GM-only ones not disclosed,
            what they hold back, the undos of what the table never saw).
    """

    def __init__(self, *, aside: Iterable[type[Event]] = ASIDE) -> None:
        self.aside = tuple(aside)
        self.entries: list[Entry] = []
        self.shown: list[Entry] = []
        self.unshown: list[int] = []
        self._shown_actions: set[int] = set()
        self._held = False
        self._held_by: int | None = None  # the action that started holding back
        self._history = History()  # of every entry taken: void, GM-only, disclosed

    def _hidden(self) -> set[int]:
        """:func:`hidden_actions` of the entries taken, from their history."""
        return self._history.gm_actions() - self._history.disclosed()

    def add(self, new: Sequence[Entry]) -> int:
        """Take the journal's next entries (whole actions); how many of the entries shown
        before are still shown first, in the same place (the rest of :attr:`shown` is
        new or changed)."""
        before = self.shown
        whole = not (self.entries and new and new[0].action == self.entries[-1].action)
        if whole and not any(isinstance(e.event, Retcon | Disclosed) for e in new):
            # Nothing here undoes or shows an earlier action: only the new ones are
            # read, a GM-only one is hidden (a disclosure of it would come later) and
            # one cut short is void.
            self.entries.extend(new)
            self._history.add(new)
            kept = len(before)
            self.shown.extend(self._walk(new, gm_actions(new), set(incomplete_actions(new))))
            return kept
        hidden_before, void_before = self._hidden(), self._history.void()
        self.entries.extend(new)
        self._history.add(new)
        hidden, void = self._hidden(), self._history.void()
        # An action is decided from whether it is hidden, whether a hidden one is void,
        # and what was decided before it: decide again from the earliest that changed.
        changed = (hidden ^ hidden_before) | ((void ^ void_before) & (hidden | hidden_before))
        starts = [action for action in changed if action in self._history]
        if new:
            starts.append(new[0].action)
        if not starts:
            return len(before)
        since = min(starts)
        if self._held_by is not None and self._held_by >= since:
            self._held, self._held_by = False, None
        del self.unshown[bisect_left(self.unshown, since) :]
        kept = bisect_left(before, since, key=lambda entry: entry.action)
        dropped = before[kept:]
        self._shown_actions.difference_update(entry.action for entry in dropped)
        start = self._history.span(since)[0]
        del before[kept:]  # in place, as :attr:`shown` grows: no copy of what stays
        before.extend(self._walk(self.entries[start:], hidden, void))
        same = kept
        while same - kept < min(len(dropped), len(before) - kept) and (
            dropped[same - kept] is before[same]
        ):
            same += 1
        return same

    def _walk(self, entries: Sequence[Entry], hidden: set[int], void: set[int]) -> list[Entry]:
        """Decide each action of ``entries`` in order, carrying on from the actions
        decided before; the entries of those shown."""
        by_action: dict[int, list[Entry]] = {}
        for entry in entries:
            by_action.setdefault(entry.action, []).append(entry)
        shown = self._shown_actions

        def is_aside(action: int) -> bool:
            return all(isinstance(entry.event, self.aside) for entry in by_action[action])

        def shows(action: int, group: list[Entry]) -> bool:
            retcon = group[0].event if isinstance(group[0].event, Retcon) else None
            if action in hidden:
                holds = retcon is None and action not in void and not is_aside(action)
                if holds and not self._held:  # the state from here on is built on the unseen
                    self._held, self._held_by = True, action
                return False
            if self._held and not is_aside(action):
                return False
            if retcon is not None and retcon.action not in shown:
                return False  # the undo of something the table never saw
            # A disclosure of an action that is still held shows nothing yet.
            return not any(
                isinstance(e.event, Disclosed) and e.event.action not in shown for e in group
            )

        for action, group in by_action.items():
            if shows(action, group):
                shown.add(action)
            else:
                self.unshown.append(action)
        return [entry for entry in entries if entry.action in shown]


class Numbering:
    """Numbers a view again, entry after entry, as :func:`renumbered` does (a follower
    keeps one as its view grows: :class:`~isowidgets.follow.Spectator`)."""

    __slots__ = ("_actions", "_secret_rolls", "shown")

    def __init__(self) -> None:
        self._actions: dict[int, int] = {}
        self._secret_rolls = 0
        self.shown = 0
        """How many entries were numbered."""

    def next(self, entry: Entry) -> Entry:
        """``entry`` numbered as the view's next one."""
        self.shown += 1
        action = self._actions.setdefault(entry.action, len(self._actions) + 1)
        event = entry.event.with_rolls(self._roll)
        if isinstance(event, Retcon | Disclosed) and event.action in self._actions:
            event = event.model_copy(update={"action": self._actions[event.action]})
        return dataclasses.replace(entry, seq=self.shown, action=action, event=event)

    def _roll(self, roll: PoolRoll) -> PoolRoll:
        """A roll as viewers see it: a disclosed GM-only roll numbered among the GM-only
        rolls shown (its journal number counts every secret roll before it), and a roll
        of the old dice scheme without its draw position (which counted every die drawn
        before it, secret ones too). A public roll keeps its number: GM-only rolls do
        not move it."""
        if roll.gm:
            self._secret_rolls += 1
            return dataclasses.replace(roll, number=self._secret_rolls)
        if roll.draw is not None:
            return dataclasses.replace(roll, draw=None)
        return roll


def renumbered(entries: Sequence[Entry]) -> list[Entry]:
    """``entries`` numbered again as they come: events 1, 2, 3…, actions 1, 2, 3… in order
    of their first event, and the action a retcon or a disclosure names mapped the same
    way (it is among ``entries``, earlier: :func:`public_entries` keeps nothing else); a
    disclosed GM-only roll numbered among the GM-only rolls shown, 1, 2, 3…, and a roll
    of the old dice scheme shown without its draw position (see :class:`Numbering`), so
    nothing counts what is hidden.

    Heads stay: a head is the hash of the journal file's lines, whatever a view numbers.
    """
    numbering = Numbering()
    return [numbering.next(entry) for entry in entries]


def public_view(entries: Sequence[Entry], *, aside: Iterable[type[Event]] = ASIDE) -> list[Entry]:
    """What a viewer is shown: :func:`public_entries`, numbered again (:func:`renumbered`)
    so that no gap counts what is hidden (see the module docstring)."""
    return renumbered(public_entries(entries, aside=aside))
