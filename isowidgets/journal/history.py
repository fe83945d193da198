"""What a journal's actions have become: the retcon algebra, its projections, the redo stack.

Nothing in a journal is rewritten: an undo is a :class:`~.events.Retcon` naming the
action it takes back, and a redo is a retcon of that undo. An action is *void* when
a retcon in force takes it back (a retcon is in force when it is not void itself),
or when it was cut short (its last event never reached the file). The *effective*
entries, what the state is folded from, are those of no void action and no retcon.

Two ways to ask, with one meaning:

* the functions :func:`void_actions`, :func:`effective_entries` and
  :func:`incomplete_actions` read any run of entries (a whole journal, or the
  public ones a viewer sees);
* a :class:`History` is kept by every :class:`~.store.Journal` as its entries arrive,
  each entry looked at once, so what is void, what a redo takes back, or where an
  action's events are costs nothing per action however long the session is.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass

from ..dice import PoolRoll
from ..words import Message, msg
from .codec import Entry
from .events import Disclosed, Event, Retcon, SeedRevealed, TableSeed

__all__ = [
    "History",
    "ShownHead",
    "effective_entries",
    "incomplete_actions",
    "retcon_problem",
    "void_actions",
]


def incomplete_actions(entries: Sequence[Entry]) -> dict[int, int]:
    """Actions of ``entries`` whose last event never arrived, with how many events they have."""
    sizes: dict[int, int] = {}
    ended: set[int] = set()
    for entry in entries:
        sizes[entry.action] = sizes.get(entry.action, 0) + 1
        if entry.end:
            ended.add(entry.action)
    return {a: n for a, n in sizes.items() if a not in ended}


def void_actions(entries: Sequence[Entry], *, then: Retcon | None = None) -> set[int]:
    """Actions of ``entries`` taken back by a retcon that is itself in force, and those
    cut short (with ``then``: as they would be once that retcon is appended).

    A function of the entries alone, so a run of entries that is not a whole journal
    (the public ones, :func:`isowidgets.projection.public_entries`) reads the same way.
    """
    incomplete = set(incomplete_actions(entries))
    void: set[int] = set() if then is None else {then.action}
    for entry in reversed(entries):
        if entry.action in void or entry.action in incomplete:
            continue
        if isinstance(entry.event, Retcon):
            void.add(entry.event.action)
    return void | incomplete


def effective_entries(entries: Sequence[Entry], *, then: Retcon | None = None) -> list[Entry]:
    """The entries of ``entries`` that make the state: no retcons, nothing taken back."""
    void = void_actions(entries, then=then)
    return [e for e in entries if e.action not in void and not isinstance(e.event, Retcon)]


def retcon_problem(event: Event, action: int, earlier: Container[int]) -> Message | None:
    """Why ``event`` (in ``action``) cannot be a retcon there, or ``None``: a retcon takes
    back one of the ``earlier`` actions, never itself or a later one."""
    if not isinstance(event, Retcon) or event.action in earlier:
        return None
    if event.action >= action:
        return msg(
            "journal.retcon_later",
            "a retcon in action #{action} takes back action #{target}, a later action; a "
            "retcon can only take back an earlier action",
            action=action,
            target=event.action,
        )
    return msg(
        "journal.retcon_missing",
        "a retcon in action #{action} takes back action #{target}, an action that is not in "
        "the journal; a retcon can only take back an earlier action",
        action=action,
        target=event.action,
    )


_CORE_KINDS = (Disclosed, SeedRevealed, TableSeed, Retcon)
"""The core's events a :class:`History` keeps what they say of."""


@dataclass(frozen=True, slots=True)
class ShownHead:
    """The journal's head as viewers are shown it (the stream, the GM's toolbar).

    It is the head carried by the journal's **latest public line**: that line's hash
    commits to every line before it, GM-only ones included, so ``verify --head`` proves
    them too, yet it changes only when something public is journaled (a GM-only action,
    its undo, a prepared value never move it), so it tells nothing of when, or how much,
    the GM does in secret.

    Attributes:
        head: that line's head (64 hex digits; see :mod:`chain <.journal.chain>`).
        public_rolls: the public random rolls journaled up to it (all of them so far),
            shown next to the head so that ``verify --head ROLLS:HEAD`` checks both.
        line_seq: that line's ``seq`` in the journal.
    """

    head: str
    public_rolls: int
    line_seq: int


class History:
    """The retcon algebra of one journal, kept up to date as its entries arrive.

    :meth:`add` takes each entry once, in order. What :func:`void_actions` would find
    by reading the whole journal backwards is kept as it goes: when an action ends,
    each retcon in it takes its target back, and what that target itself took back
    (an undo that a redo takes back) is settled along the chain, which is as long as
    the undos and redos in a row.
    """

    def __init__(self) -> None:
        self._start: dict[int, int] = {}  # action -> index of its first entry
        self._size: dict[int, int] = {}
        self._first: dict[int, Event] = {}
        self._ended: set[int] = set()
        self._incomplete: set[int] = set()
        self._pending: dict[int, list[int]] = {}  # retcons of an action not ended yet
        self._targets: dict[int, list[int]] = {}  # retcon action -> what it takes back
        self._retcons_of: dict[int, list[int]] = {}  # action -> retcon actions in force on it
        self._void: set[int] = set()  # taken back by a retcon in force
        self._since: list[int] = []  # retcon actions since the latest ordinary action
        self._gm: set[int] = set()
        self._disclosures: list[tuple[int, int]] = []  # (the disclosure's action, what it shows)
        self._revealed: SeedRevealed | None = None
        self._table_seed: TableSeed | None = None
        self._random_rolls = 0  # random rolls of every line, public and GM-only
        self._rolls: list[PoolRoll] = []  # every roll of every line, in order
        self._public_rolls = 0  # random rolls of the public lines
        self._shown: Entry | None = None  # the latest public line that carries a head
        self._shown_rolls = 0  # the public rolls up to it
        self._opening: Event | None = None
        self._count = 0

    # ------------------------------------------------------------------ taking entries

    def add(self, entries: Iterable[Entry]) -> None:
        """Take ``entries``, the next ones of the journal, in order."""
        for entry in entries:
            self._add(entry)

    def _add(self, entry: Entry) -> None:
        action, event = entry.action, entry.event
        if self._opening is None:
            self._opening = event
        if action not in self._start:
            self._start[action] = self._count
            self._size[action] = 0
            self._first[action] = event
            self._incomplete.add(action)
        self._count += 1
        self._size[action] += 1
        if entry.gm:
            self._gm.add(action)
        if isinstance(event, _CORE_KINDS):  # the core's events asked after (few of them)
            self._core_event(action, event)
        rolls = event.rolls()
        random = 0
        if rolls:
            self._rolls += rolls
            for roll in rolls:
                random += roll.source == "random"
            self._random_rolls += random
        if not entry.gm:
            self._public_rolls += random
            if entry.head:
                self._shown, self._shown_rolls = entry, self._public_rolls
        if entry.end and action not in self._ended:
            self._ended.add(action)
            self._incomplete.discard(action)
            if isinstance(self._first[action], Retcon):
                self._since.append(action)
            else:
                self._since.clear()  # a new action: nothing before it can be redone
            self._take_back(action, self._pending.pop(action, []))

    def _core_event(self, action: int, event: Event) -> None:
        """Keep what a disclosure, the seed's reveal, the table's seed or a retcon says."""
        if isinstance(event, Disclosed):
            self._disclosures.append((action, event.action))
        elif isinstance(event, SeedRevealed):
            if self._revealed is None:
                self._revealed = event
        elif isinstance(event, TableSeed):
            if self._table_seed is None:
                self._table_seed = event
        elif isinstance(event, Retcon):
            if action in self._ended:
                self._take_back(action, [event.action])
            else:
                self._pending.setdefault(action, []).append(event.action)

    def _take_back(self, retcon: int, targets: list[int]) -> None:
        """The ended action ``retcon`` holds retcons of ``targets``: take them back."""
        if not targets:
            return
        self._targets.setdefault(retcon, []).extend(targets)
        for target in targets:
            self._retcons_of.setdefault(target, []).append(retcon)
        if retcon in self._void:
            return  # a void retcon takes nothing back
        for target in targets:
            if target not in self._void:
                self._void.add(target)
                self._settle(self._void, target)

    def _settle(self, void: set[int], changed: int) -> None:
        """``changed`` just became void (or in force) in ``void``: settle what it takes back."""
        stack = list(self._targets.get(changed, ()))
        while stack:
            target = stack.pop()
            now = any(r not in void for r in self._retcons_of.get(target, ()))
            if now == (target in void):
                continue
            if now:
                void.add(target)
            else:
                void.discard(target)
            stack.extend(self._targets.get(target, ()))

    # ------------------------------------------------------------------ asking

    @property
    def taken(self) -> int:
        """How many entries it has taken."""
        return self._count

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` has an entry in the journal."""
        return action in self._start

    def void(self, *, then: Retcon | None = None) -> set[int]:
        """What :func:`void_actions` finds in the journal's entries (with ``then``: once
        that retcon is appended)."""
        if then is None:
            return self._void | self._incomplete
        void = set(self._void)
        if then.action not in void:
            void.add(then.action)
            self._settle(void, then.action)
        return void | self._incomplete

    def incomplete(self) -> set[int]:
        """The actions cut short (their last event never arrived)."""
        return set(self._incomplete)

    def actions(self) -> list[int]:
        """Every action, in order."""
        return list(self._start)

    @property
    def last_action(self) -> int:
        """The latest action's number (0 before any)."""
        return next(reversed(self._start), 0)

    def span(self, action: int) -> tuple[int, int]:
        """Where ``action``'s entries are: ``(first index, end index)``; ``(0, 0)`` if none."""
        start = self._start.get(action)
        return (0, 0) if start is None else (start, start + self._size[action])

    def first_event(self, action: int) -> Event | None:
        """The first event of ``action`` (``None`` when there is no such action)."""
        return self._first.get(action)

    def redo_stack(self) -> list[int]:
        """The undos a redo can take back, oldest first (the next redo takes the last).

        An undo is a retcon of an ordinary action; a redo is a retcon of an undo. The
        stack holds the undos journaled since the latest ordinary action (any new
        action clears it) that are still in force, that is, not yet redone.
        """
        stack = []
        for action in self._since:
            retcon = self._first[action]
            assert isinstance(retcon, Retcon)
            if action in self._void or isinstance(self._first.get(retcon.action), Retcon):
                continue  # already redone, or itself a redo
            stack.append(action)
        return stack

    def gm_actions(self) -> set[int]:
        """The actions marked GM-only."""
        return set(self._gm)

    def disclosed(self) -> set[int]:
        """The actions a disclosure in force shows to the table."""
        void = self._void | self._incomplete
        return {shown for action, shown in self._disclosures if action not in void}

    @property
    def opening(self) -> Event | None:
        """The journal's first event (a session's start), ``None`` while it is empty."""
        return self._opening

    @property
    def revealed(self) -> SeedRevealed | None:
        """The first reveal of the session's seed, if any."""
        return self._revealed

    @property
    def rolls(self) -> tuple[PoolRoll, ...]:
        """Every roll the journal holds, in order: random and typed, public and GM-only,
        undone ones and those of an action cut short too (what a resume takes the dice's
        counters up from)."""
        return tuple(self._rolls)

    @property
    def random_rolls(self) -> int:
        """The random rolls the journal holds, public and GM-only, undone ones too (a
        table seed comes before the first)."""
        return self._random_rolls

    @property
    def shown_head(self) -> ShownHead | None:
        """The journal's head as viewers are shown it: carried by its latest public line
        (``None`` while no public line carries one)."""
        shown = self._shown
        return None if shown is None else ShownHead(shown.head, self._shown_rolls, shown.seq)

    @property
    def table_seed(self) -> TableSeed | None:
        """The table's seed, once given (the first one: it is given once)."""
        return self._table_seed
