"""What a viewer may see of a session: the public projection of its journal, and how
the GM marks what the table does not see yet.

A GM marks an action GM-only (:meth:`Game.gm_only <.gm_only>`,
``note(..., gm_only=True)``, :meth:`Game.prepare <.GmOnly.prepare>`); the
journal keeps it whole (``Entry.gm``), so the GM's notebook, undo and ``verify`` see
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

:class:`GmOnly` is the part of :class:`~isowidgets.game.Game` a GM marks actions with:
``gm_only()``, ``prepare``, ``disclose``, the game's ``public_entries`` (kept as the
journal grows) and what they hold back (``held_back``, ``show_to_table``).
"""

from __future__ import annotations

import contextlib
import dataclasses
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar

from . import checks
from .binding import refuse_bad_calls
from .checks import shown
from .dice import PoolRoll
from .errors import RuleError
from .journal import (
    Disclosed,
    Entry,
    Event,
    Journal,
    Note,
    Prepared,
    Retcon,
    Rolled,
    SeedRevealed,
    TableSeed,
    incomplete_actions,
    void_actions,
)
from .journal.history import History, ShownHead

__all__ = [
    "ASIDE",
    "GmOnly",
    "Numbering",
    "PublicView",
    "ShownHead",
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


def _kept_secret(events: Sequence[Event]) -> bool:
    """A prepared value (and nothing else): the GM keeps it secret on purpose."""
    return bool(events) and all(isinstance(event, Prepared) for event in events)


class GmOnly:
    """How a GM keeps actions from the table until they are shown (the game's part)."""

    aside: ClassVar[frozenset[type[Event]]] = ASIDE
    """Event types that change nothing later actions build on: an action made only of
    them is never held back from the public view and never holds anything back. A
    system whose own events are such (a narration, a table roll no rule reads) adds
    them: ``aside = Game.aside | {Narrated}``."""

    if TYPE_CHECKING:
        _journal: Journal
        _gm_depth: int

        def commit(self, *events: Event) -> list[Entry]: ...

        def _way_in(self, *kinds: type[Event]) -> contextlib.AbstractContextManager[None]: ...

    _kept_public: PublicView | None = None
    _public_of: Journal | None = None  # the journal _kept_public was taken from
    _held_of: tuple[Journal, int, tuple[int, ...], tuple[int, ...]] | None = None

    def _public_view(self) -> PublicView:
        """The journal's public projection, kept as its entries arrive: each time it is
        asked it takes only the entries journaled since (a retcon or a disclosure among
        them makes it read the journal again, see :class:`PublicView`); it starts again
        when the game's journal is another one (a follower's view made afresh)."""
        journal = self._journal
        view = self._kept_public
        if view is None or self._public_of is not journal or len(view.entries) > len(journal):
            view = self._kept_public = PublicView(aside=type(self).aside)
            self._public_of = journal
        taken = len(view.entries)
        if taken < len(journal):
            view.add(journal.entries[taken:])
        return view

    def public_entries(self) -> list[Entry]:
        """The journal's entries a viewer may see: GM-only actions not yet disclosed,
        and what follows only from them, left out (see :mod:`isowidgets.visibility`).
        They keep the journal's numbers (the GM's); :meth:`public_view` is what viewers
        are shown. Kept as the journal grows (a :class:`PublicView` of the game)."""
        return list(self._public_view().shown)

    def public_view(self) -> list[Entry]:
        """What viewers are shown: :meth:`public_entries` numbered again, so nothing counts
        what is hidden (see :func:`~isowidgets.visibility.public_view`)."""
        return renumbered(self.public_entries())

    def shown_head(self) -> ShownHead | None:
        """The journal's head as the stream shows it: carried by the journal's latest
        public line, with the public rolls up to it (see
        :class:`~isowidgets.journal.history.ShownHead`); kept as entries arrive."""
        return self._journal.history.shown_head

    def held_back(self) -> tuple[int, ...]:
        """The actions the table's viewers do not see yet, oldest first: GM-only actions
        not shown to the table, and what they hold back (see :mod:`isowidgets.visibility`).
        Undone actions, undos and redos, and prepared values kept secret on purpose are
        not counted (:meth:`show_to_table` leaves those secret).

        Worked out once per journal length from what is kept as the journal grows (the
        game's public view, the journal's :class:`~isowidgets.journal.history.History`):
        it reads the actions not shown, never the whole journal again.
        """
        return self._held()[0]

    def show_to_table(self) -> list[Entry]:
        """Show every GM-only action held back (:meth:`held_back`) to the table, oldest
        first, and so what they held back: one disclosure each (:meth:`disclose`), so an
        undo takes back one. Prepared values kept secret stay so. The entries written
        (none when nothing is held back).

        Raises:
            RuleError: a disclosure is refused (see :meth:`disclose`); those before it
                stay written.
        """
        entries: list[Entry] = []
        for action in self._held()[1]:
            entries += self.disclose(action)
        return entries

    def _held(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``(held back, GM-only actions to disclose to show them)``, once per length."""
        journal = self._journal
        cached = self._held_of
        if cached is not None and cached[0] is journal and cached[1] == len(journal):
            return cached[2], cached[3]
        history = journal.history
        gm = history.gm_actions()
        held: list[int] = []
        show: list[int] = []
        if gm:  # nothing GM-only: nothing held, and no public view to keep
            hidden = gm - history.disclosed()
            void = history.void()
            for action in self._public_view().unshown:
                if action in void or isinstance(history.first_event(action), Retcon):
                    continue
                if action in hidden:
                    if _kept_secret(journal.action_events(action)):
                        continue
                    show.append(action)
                held.append(action)
        self._held_of = (journal, len(journal), tuple(held), tuple(show))
        return self._held_of[2], self._held_of[3]

    @contextlib.contextmanager
    def gm_only(self) -> Iterator[None]:
        """Mark every action journaled inside the block GM-only.

        Any rule run through :meth:`~isowidgets.game.Game.act`, a note, a tray roll, a
        settings change: the journal keeps them whole (undo, resume and ``verify`` see
        everything), and the public view (:meth:`public_entries`, a stream,
        ``export(..., public=True)``) leaves them out, and holds back what follows from
        them, until :meth:`disclose` shows them. Blocks nest; :meth:`disclose` and
        :meth:`~.Seeds.reveal` are public even inside one. An undo or redo
        is GM-only exactly when what it takes back is still hidden, wherever it is made.
        """
        self._gm_depth += 1
        try:
            yield
        finally:
            self._gm_depth -= 1

    @property
    def gm_only_now(self) -> bool:
        """Whether actions journaled now are GM-only (inside a :meth:`gm_only` block)."""
        return self._gm_depth > 0

    def _gm_if(self, gm: bool) -> contextlib.AbstractContextManager[None]:
        return self.gm_only() if gm else contextlib.nullcontext()

    @contextlib.contextmanager
    def _public(self) -> Iterator[None]:
        """Journal in the block publicly even inside :meth:`gm_only` (a disclosure)."""
        depth, self._gm_depth = self._gm_depth, 0
        try:
            yield
        finally:
            self._gm_depth = depth

    def prepare(self, name: str, value: int | str, *, gm_only: bool = True) -> list[Entry]:
        """Journal a value fixed in advance: an NPC's hidden skill, a secret difficulty,
        a planned event. GM-only unless ``gm_only=False``; :meth:`disclose` shows it
        later, with the time it was fixed, so the table sees it was not changed.

        Args:
            name: what the value is (``"Marta's Deceive"``).
            value: a whole number or a short text.
            gm_only: journal it GM-only (the default).

        Raises:
            RuleError: ``name`` is not short text, ``value`` neither a whole number
                nor short text, or ``gm_only`` not True or False; nothing is written.
        """
        name = checks.text(name, "a prepared value's name", collapse=True)
        if isinstance(value, int) and not isinstance(value, bool):
            value = checks.whole(value, "a prepared value")
        elif isinstance(value, str):
            value = checks.text(value, "a prepared value", collapse=True)
        else:
            raise RuleError(
                "core.prepared_value",
                "a prepared value must be a whole number or short text, got {type} {got}",
                type=type(value).__name__,
                got=shown(value),
            )
        with self._gm_if(checks.flag(gm_only, "gm_only")), self._way_in(Prepared):
            return self.commit(Prepared(name=name, value=value))

    def disclose(self, action: int) -> list[Entry]:
        """Show the GM-only ``action`` to the table from now on, with a journaled
        :class:`~.Disclosed` (public even inside :meth:`gm_only`).

        What it held back (see :mod:`isowidgets.visibility`) is shown too, unless
        another hidden action still holds it. Not :meth:`~.Seeds.reveal`,
        which discloses the dice seed. An undo takes the disclosure back.

        Raises:
            RuleError: ``action`` is not the number of an action of this session, or
                that action is not GM-only, is an undo or redo (it is shown with what
                it takes back), was undone, or is shown already; nothing is written.
        """
        history = self._journal.history
        last = history.last_action
        action = checks.whole(action, "the action to show to the table", 1, max(last, 1))
        events = self._journal.action_events(action)
        if not events:
            raise RuleError(
                "core.no_such_action",
                "there is no action #{action} in this session; nothing was written",
                action=action,
            )
        if action not in history.gm_actions():
            raise RuleError(
                "core.not_gm_only",
                "action #{action} ({summary}) is not GM-only: the table sees it already; "
                "nothing was written",
                action=action,
                summary=events[0].message(),
            )
        if isinstance(events[0], Retcon):
            raise RuleError(
                "core.disclose_retcon",
                "action #{action} is an undo or redo: it is shown with the action it takes "
                "back, not on its own; nothing was written",
                action=action,
            )
        if action in self._journal.void_actions():
            raise RuleError(
                "core.disclose_undone",
                "action #{action} ({summary}) was undone, so there is nothing to show; nothing "
                "was written",
                action=action,
                summary=events[0].message(),
            )
        if action in history.disclosed():
            raise RuleError(
                "core.disclosed_already",
                "action #{action} is shown to the table already; nothing was written",
                action=action,
            )
        with self._public(), self._way_in(Disclosed):
            return self.commit(Disclosed(action=action))


refuse_bad_calls(GmOnly)
