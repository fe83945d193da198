"""The shell every system's game object shares: state, journal, dice and listeners.

A system supplies (see ``docs/adding-a-system.md``):

* a frozen **state** type with a ``settings`` attribute;
* :meth:`~.Folding.initial_state`, the state a new session starts from;
* :meth:`~.Folding.apply`, the pure fold of one event (a :class:`~isowidgets.contract.Fold`
  in the system's ``fold.py``);
* :meth:`Game.steps`, what the table can do next, as :class:`~isowidgets.contract.Step`;
* rules: plain functions ``rule(action, *args)`` that read ``action.state``,
  roll through ``action.dice`` and add events with ``action.add``.

:meth:`Game.act` is the one way to run a rule: it opens an
:class:`~isowidgets.contract.Action` on the current state, runs the rule, and
only when every event applies does it write them to the journal as one action
and adopt the action's state. So an action that breaks a rule raises the kit's
error and leaves state, journal and dice exactly as they were, and a reopened
journal replays to the very same state.

The shell is made of parts, one concept a module: :class:`~.opening.Opening` (a
session started, resumed, set aside), :class:`~.seeds.Seeds` (the table's seed given,
the session's seed revealed),
:class:`~.house_rules.HouseRules` (settings changed, saved, loaded, and the odds asked of them),
:class:`~.visibility.GmOnly` (what the GM keeps from the table),
:class:`~.exporting.Exports` (the log and the files a session exports) and
:class:`~.folding.Folding` (the system's fold, and the journal folded into a state). This
module holds what every action goes through: :meth:`Game.act`, undo and redo, and the
listeners.
"""

from __future__ import annotations

import contextlib
import inspect
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Concatenate, ParamSpec, TypeVar

from pydantic import ValidationError

from . import checks
from .binding import refuse_bad_calls
from .checks import shown
from .commitment import Secret
from .contract import Acted, Action, Beats, Step
from .dice import Dice, PoolRoll
from .errors import CoreEventError, DiceError, JournalError, RollCheckError, RuleError
from .exporting import EXPORT_ENTRY_POINT_GROUP, Exports, session_exports
from .folding import Folding, GameState
from .house_rules import HouseRules
from .journal import Entry, Event, Journal, Note, Retcon, SeedRevealed, SessionStarted, TableSeed
from .journal.codec import journalable
from .opening import Opening
from .reasons import pydantic_reason
from .seeds import Seeds
from .visibility import GmOnly

__all__ = [
    "EXPORT_ENTRY_POINT_GROUP",
    "Acted",
    "Action",
    "Game",
    "GameState",
    "Listener",
    "Step",
    "session_exports",
]


S = TypeVar("S", bound=GameState)
R = TypeVar("R")
P = ParamSpec("P")

Listener = Callable[[Sequence[Entry], Any], None]
"""Called after every committed action with its entries and the new state."""


class Game(Folding[S], Opening, Seeds, HouseRules, GmOnly, Exports):
    """One session of one system: current state, its journal, its dice.

    Create with :meth:`new() <.Opening.new>`, :meth:`.resume` or :meth:`open() <.Opening.open>`; not
    with the constructor. Every public method of a game (this class's and each
    system's) refuses arguments it cannot take with the kit's error.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        refuse_bad_calls(cls)
        for name, member in vars(cls).items():
            rule = getattr(member, "__isowidgets_rule__", None)
            if rule is not None and rule.__name__ != name:
                raise TypeError(
                    f"{cls.__name__}.{name} is rule_method({rule.__name__}): a method that is "
                    "a rule bears the rule's name"
                )

    _state: S

    system: ClassVar[str] = "core"
    title: ClassVar[str] = "Game"
    beats: ClassVar[Beats[Any]] = Beats("Game")
    """The system's beats, the moments a person scrubs to (see
    :class:`~isowidgets.beats.Beats`); a system without any names none."""

    # ------------------------------------------------------------------ construction

    def __init__(self, journal: Journal, dice: Dice, state: S) -> None:
        self._journal = journal
        self._append = journal.writer()  # the game writes its journal; nobody else
        self.dice = dice
        dice.bind()  # random rolls only inside actions: each one is journaled
        self._state = state
        self._listeners: list[Listener] = []
        self._secret: Secret | None = None
        self._gm_depth = 0  # how many gm_only() blocks are open
        self._ways_in: frozenset[type[Event]] = frozenset()  # core kinds let in now
        self._steps: tuple[Step, ...] = ()
        self._steps_of: object = None  # the state _steps were worked out for

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> S:
        return self._state

    @property
    def settings(self) -> Any:
        return self._state.settings

    @property
    def journal(self) -> Journal:
        return self._journal

    def __repr__(self) -> str:
        where = self._journal.path or "memory"
        return f"<{type(self).__name__} {len(self._journal)} events, journal={where}>"

    # ------------------------------------------------------------------ writing

    def act(
        self, rule: Callable[Concatenate[Action[S], P], R], /, *args: P.args, **kwargs: P.kwargs
    ) -> Acted[R]:
        """Run ``rule`` as one action: all of its events are journaled, or (on error) none.

        The rule gets an :class:`~isowidgets.contract.Action` on the current state
        (with the session's dice as ``action.dice``) and the other arguments. When
        it returns, its events are checked to read back from their journal lines
        (see ``_check_journalable``), written as one action, and the action's
        state (already folded, event by event) becomes the game's. Its random rolls
        take GM-only numbers when the action is GM-only (inside :meth:`.gm_only`),
        public ones otherwise. If the rule raises, or adds no event, the dice are put
        back (every number taken is given back) and nothing is written; every random
        roll it made must be journaled in it, in the order it was made, as made (see
        ``_check_rolled``), so a session can be verified. A core event (a reveal,
        a note…) is refused: each has its own way in (:attr:`Event.way_in
        <.Event.way_in>`).

        Returns:
            The entries written and the rule's return value.

        Raises:
            CoreEventError: the rule added a core event.
            IsowidgetsError: whatever the rule refuses, or a value an event's
                schema refuses (as :class:`~isowidgets.errors.RuleError`).
        """
        if not callable(rule):
            raise RuleError(
                "core.act_needs_rule",
                "act needs a rule (a function), got {type}",
                type=type(rule).__name__,
            )
        gm = self._gm_depth > 0
        before = self.dice.state()
        entries: list[Entry] = []
        try:
            with self.dice.counting(gm=gm):
                action: Action[S] = Action(self._state, self._admitted, self.dice)
                try:
                    value = rule(action, *args, **kwargs)
                except ValidationError as exc:  # a value an event's schema refused
                    error = exc.errors()[0]
                    where = ".".join(str(part) for part in error.get("loc", ())) or "a value"
                    raise RuleError(
                        "core.schema_refused",
                        "{where} cannot be {got}: {problem}",
                        where=where,
                        got=shown(error.get("input"), 60),
                        problem=pydantic_reason(error),
                    ) from None
            if not action.events:  # nothing journaled: no roll may be missing from it
                self.dice.restore(before)
                return Acted([], value)
            payloads = self._check_journalable(*action.events)
            self._check_rolled(action.events, self.dice.issued_since(before))
            start = 0
            for group in action.groups():  # consecutive runs of the events, in order
                written = payloads[start : start + len(group)]
                entries += self._append(*written, gm=gm)
                start += len(group)
        except BaseException:
            self.dice.restore(before)  # the numbers of rolls not journaled are given back
            if entries:  # an earlier action of a split rule is on disk: follow it
                self.dice.take_up(roll for entry in entries for roll in entry.event.rolls())
                self._state = self._rebuild()
                self._notify(entries)
            raise
        self._state = action.state
        self._notify(entries)
        return Acted(entries, value)

    def commit(self, *events: Event) -> list[Entry]:
        """Journal ready-made ``events`` of the system as one action: all of them, or (on
        error) none.

        The same path as :meth:`act` with a rule that only adds ``events``. The core's
        own events each have one way in (``reveal()``, ``note(text)``, …) and are
        refused here.

        Raises:
            CoreEventError: a core event (a reveal, a disclosure, an undo, a note…),
                naming the method that journals it; nothing is written.
            JournalError: an argument is not an event of this game.
        """
        for event in events:
            if not isinstance(event, Event):
                raise JournalError(
                    "journal.commit_events",
                    "commit takes journal events, got {type} {got}",
                    type=type(event).__name__,
                    got=shown(event, 60),
                )

        def add(action: Action[S]) -> None:
            action.add(*events)

        return self.act(add).entries

    # ------------------------------------------------------------------ steps

    @classmethod
    def steps(cls, state: S) -> tuple[Step, ...]:
        """What the table can do next in ``state`` (a system overrides this)."""
        return ()

    def next_steps(self) -> tuple[Step, ...]:
        """What the table can do next: every panel enables its buttons from these.

        Computed once per state: after an accepted action every panel that asks gets
        the same steps, worked out once.
        """
        if self._steps_of is not self._state:
            self._steps = tuple(self.steps(self._state))
            self._steps_of = self._state
        return self._steps

    _check_journalable = staticmethod(journalable)
    """Serialise each event once and refuse one that would not replay (see
    :func:`~isowidgets.journal.payloads.journalable`)."""

    @contextlib.contextmanager
    def _way_in(self, *kinds: type[Event]) -> Iterator[None]:
        """Let the core's ``kinds`` through :meth:`act` in the block: the one way in of
        each (``note`` lets a :class:`~isowidgets.journal.Note` in, and so on)."""
        before = self._ways_in
        self._ways_in = before | frozenset(kinds)
        try:
            yield
        finally:
            self._ways_in = before

    def _admitted(self, state: S, event: Event) -> S:
        """:meth:`_fold` for an event a rule adds in :meth:`act`: a core event is refused
        unless its own way in let it in (see :meth:`_way_in`), before it is folded."""
        if isinstance(event, Event) and event.system == "core" and type(event) not in self._ways_in:
            raise CoreEventError(event.kind, type(event).way_in or "no public method")
        return self._fold(state, event)

    def _check_rolled(self, events: Sequence[Event], made: Sequence[PoolRoll]) -> None:
        """Refuse an action whose random rolls are not exactly the rolls its dice made.

        Every random roll of a session is numbered and journaled once, at its place, so
        ``python -m isowidgets verify`` can recompute each at its place in the journal.
        So the events must carry every roll the action's dice ``made``, in the order
        they were made, with the faces they showed: a roll made elsewhere (or copied
        from an earlier event into :meth:`commit`) would be a forged roll, and a roll
        made but not journaled a missing number. Faces from elsewhere are typed in.

        Raises:
            RollCheckError: such a roll; nothing is written (a
                :class:`~isowidgets.errors.DiceError` once the seed is revealed).
        """
        carried = [roll for event in events for roll in event.rolls() if roll.source == "random"]
        if carried and self.dice.sealed:  # a roll of no dice draws nothing, yet is random
            raise DiceError("core.sealed", "{why}", why=self.dice.sealed)
        for position, roll in enumerate(carried):
            if position >= len(made) or roll != made[position]:  # number and gm compared too
                raise RollCheckError(
                    "core.roll_not_made",
                    "an event carries a random roll ({roll}) that is not the roll this "
                    "action's dice made next (made elsewhere, copied from an earlier event, "
                    "or out of the order rolled); a journal holds each random roll once, as "
                    "rolled, in order. Tip: pass its faces as typed-in faces; nothing was "
                    "written",
                    roll=roll.describe(),
                )
        if len(made) > len(carried):
            lost = made[len(carried)]
            raise RollCheckError(
                "core.roll_not_journaled",
                "the action rolled {roll} (roll #{number}) but journals no event carrying "
                "it; every random roll is journaled, so a session can be verified. Tip: "
                "this is a bug in the rule; nothing was written",
                roll=lost.describe(),
                number=lost.number,
            )

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        """Put the dice back where they were if the block raises.

        Rules that roll and then find the action invalid leave no trace, not
        even a roll number taken.
        """
        snapshot = self.dice.state()
        try:
            yield
        except BaseException:
            self.dice.restore(snapshot)
            raise

    def note(self, text: str, *, gm_only: bool = False) -> list[Entry]:
        """Journal a free-text note from the table (with ``gm_only=True``, for the GM:
        as inside :meth:`.gm_only`).

        Raises:
            RuleError: ``text`` is not text, is blank, or holds a lone surrogate;
                ``gm_only`` is not True or False.
        """
        text = checks.text(text, "a note", max_length=checks.MAX_NOTE)
        with self._gm_if(checks.flag(gm_only, "gm_only")), self._way_in(Note):
            return self.commit(Note(text=text))

    # ------------------------------------------------------------------ undo

    def undo(self, reason: str = "") -> list[Entry]:
        """Take back the latest action still in force, with a retcon event.

        Nothing is deleted: the retcon is journaled and the state is rebuilt
        by replaying the journal without the action. The undo can be taken
        back by :meth:`redo` until a new action is taken.

        Raises:
            RuleError: there is nothing left to undo.
        """
        reason = checks.text(reason, "an undo's reason", allow_empty=True)
        void = self._journal.void_actions()
        target = None
        for entry in reversed(self._journal.entries):
            if entry.action in void or isinstance(entry.event, Retcon):
                continue
            if isinstance(entry.event, SessionStarted):
                break
            target = entry.action
            break
        if target is None:
            raise RuleError("core.nothing_to_undo", "there is nothing to undo in this session")
        if any(isinstance(e, SeedRevealed) for e in self._journal.action_events(target)):
            raise RuleError(
                "core.undo_reveal",
                "the latest action revealed the session's seed, and a revealed seed cannot "
                "be hidden again; nothing was undone",
            )
        if any(isinstance(e, TableSeed) for e in self._journal.action_events(target)):
            raise RuleError(
                "core.undo_table_seed",
                "the latest action gave the table's seed, which is given once and kept "
                "(taking it back would let the seed be chosen again); nothing was undone",
            )
        return self._retcon(target, reason or "undo")

    def redo(self) -> list[Entry]:
        """Restore what the most recent undo not yet redone took back.

        Several undos in a row are redone one call each, latest first. Redo
        only takes back undos: once every undo is redone, or once a new action
        has been taken since the undos, there is nothing to redo.

        Raises:
            RuleError: there is no undo left to redo.
        """
        stack = self._journal.history.redo_stack()
        if not stack:
            raise RuleError(
                "core.nothing_to_redo",
                "there is nothing to redo: redo restores what undo took back, most recent "
                "first, and every undo since the latest action is already redone (or there "
                "was none)",
            )
        return self._retcon(stack[-1], "redo")

    def can_redo(self) -> bool:
        """Whether :meth:`redo` has an undo to take back now (a toolbar switches its
        **Redo** off otherwise)."""
        return bool(self._journal.history.redo_stack())

    def _retcon(self, action: int, reason: str) -> list[Entry]:
        retcon = Retcon(action=action, reason=reason)
        self._check_journalable(retcon)
        rebuilt = self._rebuild(then=retcon)  # before writing: a failure leaves no trace
        # The undo of something the table has not seen must not tell it there was one.
        history = self._journal.history
        gm = action in history.gm_actions() and action not in history.disclosed()
        entries = self._append(retcon, gm=gm)
        self._state = rebuilt
        self._notify(entries)
        return entries

    def _rebuild(self, then: Retcon | None = None) -> S:
        entries = self._journal.effective(then=then)
        settings = self._start_settings(self._journal, entries[0])
        return self._replay(entries[1:], self.initial_state(settings))

    # ------------------------------------------------------------------ listeners

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(entries, state)`` after every action; returns an unsubscribe.

        Raises:
            RuleError: ``listener`` cannot be called with ``(entries, state)``.
        """
        checks.function(listener, "a listener")
        try:
            inspect.signature(listener).bind([], None)
        except TypeError:
            raise RuleError(
                "core.listener",
                "a listener is called as listener(entries, state); {got} cannot take those two "
                "arguments",
                got=checks.shown(listener),
            ) from None
        except ValueError:  # a builtin without a signature: trust it
            pass
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _notify(self, entries: Sequence[Entry]) -> None:
        for listener in list(self._listeners):
            try:
                listener(entries, self._state)
            except Exception:  # a view must never undo a committed action
                warnings.warn(
                    f"a view listening to {type(self).__name__} failed:\n"
                    + traceback.format_exc(limit=4),
                    RuntimeWarning,
                    stacklevel=2,
                )


refuse_bad_calls(Game)
