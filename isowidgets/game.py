"""The shell every system's game object shares: state, journal, dice and listeners.

A system supplies (see ``docs/adding-a-system.md``):

* a frozen **state** type with a ``settings`` attribute;
* :meth:`Game.initial_state`, the state a new session starts from;
* :meth:`Game.apply`, the pure fold of one event (a :class:`~isowidgets.contract.Fold`
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
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import functools
import inspect
import os
import traceback
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Concatenate, Generic, Literal, ParamSpec, Protocol, Self, TypeVar

from pydantic import ValidationError

from . import __version__, checks
from .checks import shown
from .commitment import Secret, archive_sidecar, read_sidecar, remove_sidecar, write_sidecar
from .contract import Acted, Action, Export, OddsQuestion, Step
from .dice import DEFAULT_LIMITS, Dice, Limits
from .errors import (
    DiceError,
    InconsistentEventError,
    IsowidgetsError,
    JournalError,
    RuleError,
    SettingsError,
)
from .journal import (
    MAX_LINE_BYTES,
    Disclosed,
    Entry,
    Event,
    Journal,
    Note,
    Prepared,
    Retcon,
    Rolled,
    SeedRevealed,
    SessionStarted,
    SettingsChanged,
    _now,
    effective_entries,
    log_format,
    log_frame,
)
from .settings import RuleSettings
from .visibility import ASIDE, disclosed_actions, hidden_actions, public_entries

__all__ = ["Acted", "Action", "Game", "GameState", "Listener", "Step"]


class GameState(Protocol):
    """What the shell needs from a system's state: its current settings."""

    @property
    def settings(self) -> RuleSettings: ...


S = TypeVar("S", bound=GameState)
R = TypeVar("R")
P = ParamSpec("P")

_ROUND_TRIP_AT = datetime(2000, 1, 1)  # any time will do: only the payload is compared

Listener = Callable[[Sequence[Entry], Any], None]
"""Called after every committed action with its entries and the new state."""


def _not_storable(what: str, exc: UnicodeEncodeError, at: int | None = None) -> str:
    bad = exc.object[exc.start : exc.end]
    where = f" at position {at}" if at is not None else ""
    return (
        f"{what} holds {bad!r} (U+{ord(bad[0]):04X}){where}, half of a character (a lone "
        "surrogate) that cannot be stored. Allowed: text of whole characters; nothing was "
        "written. Tip: retype that part, or paste it again."
    )


def _binding(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method``, refusing a call it cannot take with the kit's error (not TypeError).

    A misspelt keyword, a missing or an extra argument typed in a notebook gets a
    :class:`~isowidgets.errors.RuleError` naming the method and what it takes,
    before the method runs, so nothing changes.
    """
    signature = inspect.signature(method)
    parameters = list(signature.parameters.values())[1:]
    named = [p.name for p in parameters if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    open_keywords = any(p.kind is p.VAR_KEYWORD for p in parameters)

    @functools.wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not open_keywords:
            checks.keywords(kwargs, f"{method.__name__}()", named)
        try:
            signature.bind(self, *args, **kwargs)
        except TypeError as exc:
            problem = str(exc)
            problem = problem if len(problem) <= 200 else f"{problem[:199]}…"
            raise RuleError(
                f"{method.__name__}(): {problem}; it takes: {', '.join(named) or 'no arguments'}"
            ) from None
        return method(self, *args, **kwargs)

    call.__isowidgets_bound__ = True  # type: ignore[attr-defined]
    return call


def _bind_public_methods(cls: type) -> None:
    """Wrap every public method ``cls`` itself defines with :func:`_binding`."""
    for name, member in list(vars(cls).items()):
        if (
            not name.startswith("_")
            and inspect.isfunction(member)
            and not getattr(member, "__isowidgets_bound__", False)
        ):
            setattr(cls, name, _binding(member))


class Game(Generic[S]):
    """One session of one system: current state, its journal, its dice.

    Create with :meth:`new`, :meth:`resume` or :meth:`open`; not with the
    constructor. Every public method of a game (this class's and each
    system's) refuses arguments it cannot take with the kit's error.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _bind_public_methods(cls)

    system: ClassVar[str] = "core"
    title: ClassVar[str] = "Game"
    settings_type: ClassVar[type[RuleSettings]] = RuleSettings
    exports: ClassVar[Mapping[str, Export]] = MappingProxyType({})
    """The system's own exports by name (see :class:`~isowidgets.contract.Export`),
    written by :meth:`export` beside the log's formats ``md``, ``csv`` and ``json``."""
    aside: ClassVar[frozenset[type[Event]]] = ASIDE
    """Event types that change nothing later actions build on (see
    :mod:`isowidgets.visibility`): an action made only of them is never held back
    from the public view and never holds anything back. A system whose own events
    are such (a narration, a table roll no rule reads) adds them:
    ``aside = Game.aside | {Narrated}``."""
    odds_questions: ClassVar[Mapping[str, OddsQuestion]] = MappingProxyType({})
    """The questions the system's exact odds answer, by name (see
    :class:`~isowidgets.contract.OddsQuestion` and :meth:`ask_odds`)."""

    # ------------------------------------------------------------------ the system's part

    @classmethod
    def initial_state(cls, settings: Any) -> S:
        """The state of a fresh session under ``settings``."""
        raise TypeError(f"{cls.__name__} must define initial_state()")

    @classmethod
    def apply(cls, state: S, event: Event) -> S:
        """Fold one of this system's events into ``state`` (pure).

        Raises:
            InconsistentEventError: the event does not fit ``state`` (a bug in the
                rules that made it, or an edited journal; never a refused request).
        """
        raise InconsistentEventError(f"{cls.title} has no event {event.kind!r}")

    @classmethod
    def with_settings(cls, state: S, settings: Any) -> S:
        """``state`` with other settings (frozen dataclass states work as they are)."""
        return dataclasses.replace(state, settings=settings)  # type: ignore[type-var]

    # ------------------------------------------------------------------ construction

    def __init__(self, journal: Journal, dice: Dice, state: S) -> None:
        self._journal = journal
        self.dice = dice
        self._state = state
        self._listeners: list[Listener] = []
        self._secret: Secret | None = None
        self._gm_depth = 0  # how many gm_only() blocks are open

    @classmethod
    def new(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        seed: int | str | None = None,
        settings: RuleSettings | None = None,
        title: str = "",
        sync: Literal["flush", "fsync"] = "flush",
        limits: Limits = DEFAULT_LIMITS,
        clock: Callable[[], datetime] = _now,
    ) -> Self:
        """Start a session. ``path=None`` keeps the journal in memory only.

        Every argument is checked before the file is touched.

        Raises:
            JournalError: ``path`` already holds something (use :meth:`resume`
                or :meth:`open`), or is not a file path; the file is left as it is.
            RuleError: an argument the session cannot start with.
        """
        target = None if path is None else _journal_path(path)
        secret, dice, state, start = cls._prepare_new(
            seed=seed, settings=settings, title=title, sync=sync, limits=limits, clock=clock
        )
        if target is None:
            journal = Journal.memory(clock=clock)
            created = False
        else:
            if _holds_data(target):
                raise cls._already_there(target)
            created = not target.exists()
            journal = Journal._open(target, sync=sync, clock=clock, repair=False)
            if len(journal) or journal.problems:  # written in the meantime
                journal.close()
                raise cls._already_there(target)
        game = cls(journal, dice, state)
        game._secret = secret
        try:
            if target is not None:  # the secret is kept before the commitment is published
                write_sidecar(target, secret)
            game.commit(start)
        except BaseException:
            journal.close()
            if target is not None:
                remove_sidecar(target)
            if created and target is not None:
                with contextlib.suppress(OSError):
                    if target.stat().st_size == 0:
                        target.unlink()
            raise
        return game

    @classmethod
    def _already_there(cls, path: Path) -> JournalError:
        return JournalError(
            f"{path} already holds a session (or other data: {path.stat().st_size} bytes). "
            f"Tip: {cls.__name__}.resume({shown(str(path))}) continues it; "
            f"{cls.__name__}.open(..., resume=False) starts afresh and keeps the old file."
        )

    @classmethod
    def _prepare_new(
        cls,
        *,
        seed: int | str | None = None,
        settings: RuleSettings | None = None,
        title: str = "",
        sync: Literal["flush", "fsync"] = "flush",
        limits: Limits = DEFAULT_LIMITS,
        clock: Callable[[], datetime] = _now,
    ) -> tuple[Secret, Dice, S, SessionStarted]:
        """Check :meth:`new`'s arguments and build what it needs, touching no file.

        The journal gets only the commitment to the seed (see
        :mod:`isowidgets.commitment`); with no seed given, the seed is 256 random bits.
        """
        settings = cls._coerce_settings(settings)
        _check_opening(sync, limits, clock)
        if isinstance(seed, str):  # resumed dice add "/<events>" to it: keep it short
            seed = checks.text(seed, "a seed", allow_empty=True, strip=False, error=DiceError)
        elif seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise DiceError(
                f"a seed must be a whole number or text, got {type(seed).__name__} {shown(seed)}"
            )
        title = checks.text(title, "a session's title", allow_empty=True)
        dice = Dice(seed, limits=limits) if seed is not None else None  # checks the seed
        secret = Secret.fresh(seed if dice is None else dice.seed)
        dice = Dice(secret.seed, limits=limits)
        start = SessionStarted(
            game=cls.system,
            commitment=secret.commitment,
            settings=settings.model_dump(mode="json"),
            kit_version=__version__,
            title=title,
            limits=limits.to_record(),
        )
        cls._check_journalable(start)
        return secret, dice, cls.initial_state(settings), start

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike[str],
        *,
        sync: Literal["flush", "fsync"] = "flush",
        limits: Limits | None = None,
        clock: Callable[[], datetime] = _now,
    ) -> Self:
        """Reopen a journal and replay it to the state it left off in.

        The dice caps are the ones the session started with (recorded in its
        first event) unless ``limits`` is given.

        Problems found in the file (a torn last line, an action cut short) are
        in ``game.journal.problems``; a torn last line is set aside before the
        next write. The dice go on exactly where the journal's last random die left
        the session's stream (from the secret kept next to the journal, see
        :mod:`isowidgets.commitment`), so resuming rolls what carrying on would have,
        and every roll stays verifiable. Without that
        file the state is rebuilt all the same (replay folds recorded faces), but the
        next rolls come from a fresh secret and cannot be verified (said in
        ``game.journal.problems``). A journal from before commitments continues from
        a seed derived from its plain seed and its length, as it always did.

        Raises:
            JournalError: there is no journal at ``path``, or it is not a valid
                session of this system (naming the line); the file is left
                exactly as it was.
        """
        target = _journal_path(path)
        _check_opening(sync, DEFAULT_LIMITS if limits is None else limits, clock)
        if not target.is_file():
            raise JournalError(
                f"there is no journal at {target}. Tip: {cls.__name__}.new({shown(str(target))}) "
                f"starts one; {cls.__name__}.open(...) resumes or starts as needed."
            )
        journal = Journal._open(target, sync=sync, clock=clock, repair=False)
        try:
            game = cls._from_journal(journal, limits)
        except BaseException:
            journal.close()
            raise
        return game

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        resume: bool = True,
        **kwargs: Any,
    ) -> Self:
        """Resume the session at ``path`` if there is one, else start a new one.

        With ``resume=False`` an existing file is renamed to ``<name>.<n>.jsonl``
        (never deleted) and a new session starts at ``path``. Other keyword
        arguments go to :meth:`new`; they are all checked before any file is
        renamed or written, and a file another process is writing is refused
        (:class:`~isowidgets.errors.JournalLockedError`), not renamed. The old
        file is moved atomically to a name nothing holds: two kernels doing this
        at once never overwrite each other's archive (see :func:`_archive`).

        Raises:
            JournalError: ``path`` is not a file path, ``resume`` not True or
                False, or an argument :meth:`new` does not take.
        """
        target = _journal_path(path)
        resume = checks.flag(resume, "resume", error=JournalError)
        checks.keywords(kwargs, f"{cls.__name__}.open", _NEW_ARGUMENTS, error=JournalError)
        if _holds_data(target):
            if resume:
                passed = {k: kwargs[k] for k in ("sync", "limits", "clock") if k in kwargs}
                return cls.resume(target, **passed)
            cls._prepare_new(**kwargs)
            archive_sidecar(target, _archive(target))
        return cls.new(target, **kwargs)

    @classmethod
    def _from_journal(cls, journal: Journal, limits: Limits | None) -> Self:
        entries = journal.effective()
        if not entries or not isinstance(entries[0].event, SessionStarted):
            taken = journal.entries and isinstance(journal.entries[0].event, SessionStarted)
            why = " in force (a retcon takes it back)" if taken else ""
            raise JournalError(f"{journal.path} does not start with a session_started event{why}")
        start = entries[0].event
        if start.game != cls.system:
            raise JournalError(
                f"{journal.path} holds a {shown(start.game, 60)} session, not {cls.system!r}. "
                "Tip: open it with that system's game class."
            )
        settings = cls._start_settings(journal, entries[0])
        if limits is None:
            limits = cls._start_limits(journal, entries[0])
        secret = None
        if start.commitment is None:  # written before sessions committed to their seed
            dice = Dice(f"{start.seed}/{len(journal)}", limits=limits)
        else:
            secret = read_sidecar(journal.path) if journal.path is not None else None
            if secret is not None and not secret.matches(start.commitment):
                raise JournalError(
                    f"the secret kept next to {journal.path} does not match the commitment "
                    "the journal starts with (it belongs to another session). Tip: put the "
                    "right .secret file back, or move this one away to resume unverifiably"
                )
            if secret is None:
                journal.problems.append(
                    "the session's secret (its .secret file) is missing: the state is "
                    "rebuilt, but the rolls from now on come from a new seed and cannot be "
                    "verified"
                )
            if secret is None:
                dice = Dice(Secret.fresh().seed, limits=limits, start=_next_draw(journal.entries))
            else:
                dice = _resumed_dice(secret.seed, limits, journal.entries)
        game = cls(journal, dice, cls.initial_state(settings))
        game._secret = secret
        game._state = game._replay(entries[1:], game._state)
        if game.revealed is not None:
            game.dice.seal(_SEALED)
        return game

    @staticmethod
    def _start_limits(journal: Journal, entry: Entry) -> Limits:
        """The dice caps a session started with (the defaults if none were recorded)."""
        assert isinstance(entry.event, SessionStarted)
        if entry.event.limits is None:
            return DEFAULT_LIMITS
        try:
            return Limits.from_record(entry.event.limits)
        except DiceError as exc:
            raise JournalError(
                f"{journal.path or 'journal'}, line {journal.line_number(entry.seq)}: the "
                f"session's dice caps do not load: {exc}"
            ) from None

    @classmethod
    def _start_settings(cls, journal: Journal, entry: Entry) -> RuleSettings:
        """The settings a session started with, validated like any settings."""
        assert isinstance(entry.event, SessionStarted)
        try:
            return cls.settings_type(**entry.event.settings)
        except SettingsError as exc:
            raise JournalError(
                f"{journal.path or 'journal'}, line {journal.line_number(entry.seq)}: the "
                f"session's settings do not load: {exc}"
            ) from None

    @classmethod
    def _coerce_settings(cls, settings: RuleSettings | None) -> RuleSettings:
        if settings is None:
            return cls.settings_type()
        if not isinstance(settings, cls.settings_type):
            raise RuleError(
                f"{cls.title} needs {cls.settings_type.__name__}, got {type(settings).__name__} "
                f"{shown(settings, 80)}"
            )
        return settings

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

    def log(self, *, effective_only: bool = False, public: bool = False) -> Any:
        """The journal as a pandas DataFrame (see :meth:`Journal.to_frame`); with
        ``public=True`` only what a viewer may see (:meth:`public_entries`)."""
        if not checks.flag(public, "public", error=JournalError):
            return self._journal.to_frame(effective_only=effective_only)
        effective_only = checks.flag(effective_only, "effective_only", error=JournalError)
        return log_frame(self.public_entries(), effective_only=effective_only)

    def public_entries(self) -> list[Entry]:
        """The journal's entries a viewer may see: GM-only actions not yet disclosed,
        and what follows only from them, left out (see :mod:`isowidgets.visibility`)."""
        return public_entries(self._journal.entries, aside=type(self).aside)

    @classmethod
    def export_formats(cls) -> dict[str, str]:
        """Every format :meth:`export` writes, name → label: the log's, then the system's."""
        return {"md": "Markdown", "csv": "CSV", "json": "JSON"} | {
            name: export.label for name, export in cls.exports.items()
        }

    @classmethod
    @_binding  # a class method is not wrapped by __init_subclass__: refuse bad calls here too
    def ask_odds(
        cls,
        question: str,
        size: int,
        settings: RuleSettings | Mapping[str, Any] | None = None,
    ) -> dict[str, float]:
        """The exact answer to one of :attr:`odds_questions` for ``size`` under ``settings``.

        Needs no session: a designer asks before anyone plays. ``settings`` is this
        system's settings object, or a mapping of the settings to change from the
        defaults (``{"penalty_keep_mode": "three_worst"}``), or ``None`` for the defaults.

        Returns:
            Outcome (in words) → probability, in the question's order.

        Raises:
            RuleError: an unknown question, or a size outside the question's range.
            SettingsError: settings of another system, an unknown setting or a value
                it cannot take.
        """
        name = checks.choice(question, "an odds question", list(cls.odds_questions))
        asked = cls.odds_questions[name]
        number = checks.whole(size, f"the size ({asked.size})", asked.low, asked.high)
        if settings is None:
            chosen = cls.settings_type()
        elif isinstance(settings, Mapping):
            changes = dict(settings)
            for key in changes:  # a key that is not text is refused by name, not by Python
                cls.settings_type.check_name(key)
            chosen = cls.settings_type().updated(**changes)
        elif isinstance(settings, cls.settings_type):
            chosen = settings
        else:
            raise SettingsError(
                f"{cls.title}'s odds need {cls.settings_type.__name__}, a mapping of settings "
                f"to change, or None; got {type(settings).__name__} {shown(settings, 80)}"
            )
        return {outcome: float(p) for outcome, p in asked.answer(chosen, number).items()}

    def export(
        self, path: str | os.PathLike[str], fmt: str | None = None, *, public: bool = False
    ) -> Path:
        """Write the session to ``path``: the log as ``md``, ``csv`` or ``json`` (by the
        suffix unless ``fmt``; see :meth:`Journal.export`), or one of the system's own
        :attr:`exports` named by ``fmt`` (a chronicle…), from the effective journal.

        With ``public=True`` only what a viewer may see is written
        (:meth:`public_entries`): GM-only actions not yet disclosed, and what follows
        only from them, are left out of the log and of the system's export alike. A
        public log cannot be verified (its GM-only rolls are missing); the journal can.

        Raises:
            JournalError: an unknown format, a path that is none, or a file that
                cannot be written; nothing is written then.
        """
        target = checks.path(path, "an export's path", error=JournalError)
        public = checks.flag(public, "public", error=JournalError)
        if fmt is None or fmt in ("md", "csv", "json"):
            kind = log_format(target, fmt)
            return self._journal._export(
                target, kind, entries=self.public_entries() if public else None
            )
        name = checks.choice(fmt, "fmt", list(self.export_formats()), error=JournalError)
        entries = self.public_entries() if public else self._journal.entries
        text = type(self).exports[name].render(effective_entries(entries))
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise JournalError(
                f"cannot export to {shown(str(target))}: {exc.strerror or exc}"
            ) from None
        return target

    def __repr__(self) -> str:
        where = self._journal.path or "memory"
        return f"<{type(self).__name__} {len(self._journal)} events, journal={where}>"

    # ------------------------------------------------------------------ writing

    def _fold(self, state: S, event: Event) -> S:
        if isinstance(event, SettingsChanged):
            changes = {name: new for name, (_old, new) in event.changes.items()}
            return self.with_settings(state, state.settings.updated(**changes))
        if isinstance(event, Retcon):  # replay never folds one: effective() leaves them out
            raise RuleError(
                "a retcon is journaled only by undo() and redo(), which rebuild the state "
                "without the action it takes back; commit() and rules cannot add one"
            )
        if isinstance(event, Note | Rolled | SessionStarted | SeedRevealed | Prepared | Disclosed):
            return state
        if event.system != self.system:
            raise RuleError(f"a {event.system!r} event cannot change a {self.system!r} game")
        return self.apply(state, event)

    def _replay(self, entries: Sequence[Entry], state: S) -> S:
        for entry in entries:
            try:
                state = self._fold(state, entry.event)
            except IsowidgetsError as exc:
                raise JournalError(
                    f"{self._journal.path or 'journal'}, line "
                    f"{self._journal.line_number(entry.seq)}: event #{entry.seq} ({entry.kind}) "
                    f"does not replay: {exc}"
                ) from None
        return state

    def act(
        self, rule: Callable[Concatenate[Action[S], P], R], /, *args: P.args, **kwargs: P.kwargs
    ) -> Acted[R]:
        """Run ``rule`` as one action: all of its events are journaled, or (on error) none.

        The rule gets an :class:`~isowidgets.contract.Action` on the current state
        (with the session's dice as ``action.dice``) and the other arguments. When
        it returns, its events are checked to read back from their journal lines
        (see :meth:`_check_journalable`), written as one action, and the action's
        state (already folded, event by event) becomes the game's. If the rule
        raises, or adds no event, the dice are put back and nothing is written (every
        random die drawn is journaled, so a session can be verified), and a random
        roll its dice did not draw in this action is refused (see :meth:`_check_drawn`).

        Returns:
            The entries written and the rule's return value.

        Raises:
            IsowidgetsError: whatever the rule refuses, or a value an event's
                schema refuses (as :class:`~isowidgets.errors.RuleError`).
        """
        if not callable(rule):
            raise RuleError(f"act needs a rule (a function), got {type(rule).__name__}")
        with self.atomic():
            before, drawn_from = self.dice.state(), self.dice.position
            action: Action[S] = Action(self._state, self._fold, self.dice)
            try:
                value = rule(action, *args, **kwargs)
            except ValidationError as exc:  # a value an event's schema refused
                error = exc.errors()[0]
                where = ".".join(str(part) for part in error.get("loc", ())) or "a value"
                raise RuleError(
                    f"{where} cannot be {shown(error.get('input'), 60)}: {error['msg']}"
                ) from None
            if not action.events:  # nothing journaled: no draw may be missing from it
                self.dice.restore(before)
                return Acted([], value)
            self._check_journalable(*action.events)
            self._check_drawn(action.events, drawn_from)
            entries = []
            try:
                for group in action.groups():
                    entries += self._journal.append(*group, gm=self._gm_depth > 0)
            except BaseException:
                if entries:  # an earlier action of a split rule is on disk: follow it
                    self._state = self._rebuild()
                    self._notify(entries)
                raise
            self._state = action.state
        self._notify(entries)
        return Acted(entries, value)

    def commit(self, *events: Event) -> list[Entry]:
        """Journal ready-made ``events`` as one action: all of them, or (on error) none.

        The same path as :meth:`act` with a rule that only adds ``events``.

        Raises:
            JournalError: an argument is not an event of this game.
        """
        for event in events:
            if not isinstance(event, Event):
                raise JournalError(
                    f"commit takes journal events, got {type(event).__name__} {shown(event, 60)}"
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
        """What the table can do next: every panel enables its buttons from these."""
        return tuple(self.steps(self._state))

    @staticmethod
    def _check_journalable(*events: Event) -> None:
        """Refuse an event that would not replay: written as its journal line and read
        back (as :meth:`resume` reads it), it must be the very same event.

        Pydantic does not re-validate dataclass values handed to an event, so a
        rule that let a wrong value through (an id of ``None``) would otherwise
        be journaled and only fail when the file is reopened. One serialisation
        per event: cheap next to a write.

        Raises:
            RuleError: the event holds text that cannot be stored (a lone
                surrogate a person typed or pasted), or is longer than a journal
                line may be (:data:`~isowidgets.journal.MAX_LINE_BYTES`); nothing
                is written.
            JournalError: the event does not survive the round trip (a bug in
                the rules); nothing is written.
        """
        for event in events:
            if not isinstance(event, Event) or not event.kind:
                continue  # Journal.append refuses these with its own message
            try:
                line = Entry(1, 1, True, _ROUND_TRIP_AT, event).to_line()
                size = len(line.encode("utf-8"))
            except UnicodeEncodeError as exc:  # bad input, not a bug: say so
                raise RuleError(_not_storable(f"the {event.kind} event's text", exc)) from None
            except (ValueError, TypeError) as exc:
                line, size, problem = "", 0, str(exc)
            if size > MAX_LINE_BYTES:  # too much input (a bound a rule forgot), not a bug
                raise RuleError(
                    f"the {event.kind} event would be a journal line of {size:,} bytes; a line "
                    f"holds at most {MAX_LINE_BYTES:,} bytes (1 MiB). Allowed: shorter text "
                    "and fewer items; nothing was written."
                )
            if line:
                try:
                    again = Entry.from_line(line).event
                except (ValueError, TypeError, JournalError) as exc:
                    problem = str(exc)
                else:
                    problem = "" if again == event else "it reads back as a different event"
            if problem:
                raise JournalError(
                    f"a {event.kind} event cannot be journaled: {problem}. Allowed: only "
                    "values that read back unchanged from the journal; nothing was written. "
                    "Tip: this is a bug in the rules that made the event; please report it "
                    f"with this value: {shown(event, 1000)}"
                )

    def _check_drawn(self, events: Sequence[Event], drawn_from: tuple[int, int]) -> None:
        """Refuse a random roll these events carry that this action's dice did not draw.

        Every random die of a session is a draw of its stream, journaled once, so
        ``python -m isowidgets verify`` can replay them all. A random roll made
        elsewhere, or copied from an earlier event into :meth:`commit`, would be a
        forged roll in the journal; faces from elsewhere are typed in instead.

        Raises:
            RuleError: such a roll; nothing is written (as
                :class:`~isowidgets.errors.DiceError` once the seed is revealed).
        """
        start, end = self.dice.start, self.dice.position[1]
        for event in events:
            for roll in event.rolls():
                if roll.source != "random":
                    continue
                if self.dice.sealed:  # a roll of no dice draws nothing, yet is random
                    raise DiceError(self.dice.sealed)
                draw = roll.draw
                if (
                    draw is None
                    or draw[0] != start
                    or not (drawn_from[1] <= draw[1] and draw[1] + len(roll.dice) <= end)
                ):
                    raise RuleError(
                        f"the {event.kind} event carries a random roll ({roll.describe()}) that "
                        "this action's dice did not roll (made elsewhere, or copied from an "
                        "earlier event); a journal holds each random roll once, as rolled. "
                        "Tip: pass its faces as typed-in faces; nothing was written"
                    )

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        """Put the dice back where they were if the block raises.

        Rules that roll and then find the action invalid leave no trace, not
        even in the random stream.
        """
        snapshot = self.dice.state()
        try:
            yield
        except BaseException:
            self.dice.restore(snapshot)
            raise

    def note(self, text: str, *, gm_only: bool = False) -> list[Entry]:
        """Journal a free-text note from the table (with ``gm_only=True``, for the GM:
        as inside :meth:`gm_only`).

        Raises:
            RuleError: ``text`` is not text, is blank, or holds a lone surrogate;
                ``gm_only`` is not True or False.
        """
        text = checks.text(text, "a note", max_length=checks.MAX_NOTE)
        with self._gm_if(checks.flag(gm_only, "gm_only")):
            return self.commit(Note(text=text))

    # ------------------------------------------------------------------ GM-only

    @contextlib.contextmanager
    def gm_only(self) -> Iterator[None]:
        """Mark every action journaled inside the block GM-only.

        Any rule run through :meth:`act`, a note, a tray roll, a settings change: the
        journal keeps them whole (undo, resume and ``verify`` see everything), and the
        public view (:meth:`public_entries`, a stream, ``export(..., public=True)``)
        leaves them out, and holds back what follows from them, until
        :meth:`disclose` shows them. Blocks nest; :meth:`disclose` and :meth:`reveal`
        are public even inside one. An undo or redo is GM-only exactly when what it
        takes back is still hidden, wherever it is made.
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
                f"a prepared value must be a whole number or short text, got "
                f"{type(value).__name__} {shown(value)}"
            )
        with self._gm_if(checks.flag(gm_only, "gm_only")):
            return self.commit(Prepared(name=name, value=value))

    def disclose(self, action: int) -> list[Entry]:
        """Show the GM-only ``action`` to the table from now on, with a journaled
        :class:`~isowidgets.journal.Disclosed` (public even inside :meth:`gm_only`).

        What it held back (see :mod:`isowidgets.visibility`) is shown too, unless
        another hidden action still holds it. Not :meth:`reveal`, which discloses the
        dice seed. An undo takes the disclosure back.

        Raises:
            RuleError: ``action`` is not the number of an action of this session, or
                that action is not GM-only, is an undo or redo (it is shown with what
                it takes back), was undone, or is shown already; nothing is written.
        """
        entries = self._journal.entries
        last = entries[-1].action if entries else 0
        action = checks.whole(action, "the action to show to the table", 1, max(last, 1))
        events = self._journal.action_events(action)
        if not events:
            raise RuleError(f"there is no action #{action} in this session; nothing was written")
        if action not in {entry.action for entry in entries if entry.gm}:
            raise RuleError(
                f"action #{action} ({events[0].describe()[:80]}) is not GM-only: the table "
                "sees it already; nothing was written"
            )
        if isinstance(events[0], Retcon):
            raise RuleError(
                f"action #{action} is an undo or redo: it is shown with the action it takes "
                "back, not on its own; nothing was written"
            )
        if action in self._journal.void_actions():
            raise RuleError(
                f"action #{action} ({events[0].describe()[:80]}) was undone, so there is "
                "nothing to show; nothing was written"
            )
        if action in disclosed_actions(entries):
            raise RuleError(f"action #{action} is shown to the table already; nothing was written")
        with self._public():
            return self.commit(Disclosed(action=action))

    # ------------------------------------------------------------------ verifiable dice

    @property
    def commitment(self) -> str | None:
        """The SHA-256 commitment to the session's seed (``None`` in an old journal)."""
        start = self._journal.entries[0].event if len(self._journal) else None
        return start.commitment if isinstance(start, SessionStarted) else None

    @property
    def revealed(self) -> SeedRevealed | None:
        """The journaled reveal of the seed, once :meth:`reveal` has run."""
        for entry in self._journal.entries:
            if isinstance(entry.event, SeedRevealed):
                return entry.event
        return None

    def reveal(self) -> list[Entry]:
        """Disclose the session's seed and salt in the journal, so anyone can verify it.

        ``python -m isowidgets verify PATH`` then replays every random roll. After a
        reveal anyone could foresee the next rolls, so the session rolls no random
        dice any more (typed-in faces still work) and the reveal cannot be undone.

        Raises:
            RuleError: the seed is revealed already, or this session has no secret
                to reveal (a journal from before commitments, or its ``.secret``
                file was missing when it was resumed).
        """
        if self.revealed is not None:
            raise RuleError("the session's seed is revealed already; nothing was written")
        if self._secret is None or self.commitment is None:
            raise RuleError(
                "this session has no secret to reveal: its journal predates commitments, or "
                "its .secret file was missing when it was resumed; nothing was written"
            )
        revealed = SeedRevealed(
            seed=self._secret.seed, salt=self._secret.salt, draws=self.dice.position[1]
        )
        with self._public():
            entries = self.commit(revealed)
        self.dice.seal(_SEALED)
        return entries

    # ------------------------------------------------------------------ settings

    def change_settings(self, **changes: Any) -> list[Entry]:
        """Change house rules; every change is validated and journaled.

        Raises:
            SettingsError: an unknown setting or a value it cannot take.
        """
        current = self._state.settings
        updated = current.updated(**changes)
        diff = updated.changes_from(current)
        if not diff:
            return []
        return self.commit(SettingsChanged(changes=diff))

    def load_settings(self, path: str | os.PathLike[str]) -> list[Entry]:
        """Load house rules from a TOML file (validated) and journal the changes.

        The file is the whole set of settings: one it does not name takes its default.

        The file is read whole and validated before anything changes (see
        :meth:`RuleSettings.load <isowidgets.settings.RuleSettings.load>` for its
        size limit and the bound on numbers).

        Raises:
            SettingsError: ``path`` is not a file path, or (as its subclass
                :class:`~isowidgets.errors.SaveFileError`) the file cannot be read
                or is not valid settings of this system; nothing is journaled.
        """
        loaded = self.settings_type.load(path)
        return self.change_settings(**loaded.model_dump())

    def save_settings(self, path: str | os.PathLike[str]) -> Path:
        """Save the current house rules as a commented TOML file.

        Raises:
            SettingsError: ``path`` is not a file path (empty, ``None``, holding a
                NUL or a lone surrogate), or (as
                :class:`~isowidgets.errors.SaveFileError`) it cannot be written.
        """
        return self._state.settings.save(path)

    # ------------------------------------------------------------------ undo

    def _redo_stack(self) -> list[int]:
        """The undos a redo can take back, oldest first (the next redo takes the last).

        An undo is a retcon of an ordinary action; a redo is a retcon of an
        undo. The stack holds the undos journaled since the latest ordinary
        action (any new action clears it) that are still in force, that is, not
        yet redone. Derived from the journal alone, so it survives a resume.
        """
        entries = self._journal.entries
        incomplete = self._journal._incomplete_actions()
        first: dict[int, Event] = {}
        for entry in entries:
            first.setdefault(entry.action, entry.event)
        since: list[int] = []  # retcon actions after the latest ordinary action
        for action in sorted(first, reverse=True):
            if action in incomplete:
                continue
            event = first[action]
            if not isinstance(event, Retcon):
                break
            since.append(action)
        void = self._journal.void_actions()
        stack = []
        for action in reversed(since):
            retcon = first[action]
            assert isinstance(retcon, Retcon)
            if action in void or isinstance(first.get(retcon.action), Retcon):
                continue  # already redone, or itself a redo
            stack.append(action)
        return stack

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
            raise RuleError("there is nothing to undo in this session")
        if any(isinstance(e, SeedRevealed) for e in self._journal.action_events(target)):
            raise RuleError(
                "the latest action revealed the session's seed, and a revealed seed cannot "
                "be hidden again; nothing was undone"
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
        stack = self._redo_stack()
        if not stack:
            raise RuleError(
                "there is nothing to redo: redo restores what undo took back, most recent "
                "first, and every undo since the latest action is already redone (or there "
                "was none)"
            )
        return self._retcon(stack[-1], "redo")

    def can_redo(self) -> bool:
        """Whether :meth:`redo` has an undo to take back now (a toolbar switches its
        **Redo** off otherwise)."""
        return bool(self._redo_stack())

    def _retcon(self, action: int, reason: str) -> list[Entry]:
        retcon = Retcon(action=action, reason=reason)
        self._check_journalable(retcon)
        rebuilt = self._rebuild(then=retcon)  # before writing: a failure leaves no trace
        # The undo of something the table has not seen must not tell it there was one.
        gm = action in hidden_actions(self._journal.entries)
        entries = self._journal.append(retcon, gm=gm)
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
                f"a listener is called as listener(entries, state); {checks.shown(listener)} "
                "cannot take those two arguments"
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


_NEW_ARGUMENTS = ("seed", "settings", "title", "sync", "limits", "clock")

_SEALED = (
    "the session's seed is revealed, so its random rolls are over (anyone could foresee "
    "them). Tip: type the faces of physical dice in, or start a new session"
)


def _resumed_dice(seed: int | str, limits: Limits, entries: Sequence[Entry]) -> Dice:
    """The session's dice where its journal left them.

    The journal's random rolls, in draw order, are replayed on the latest stream
    (dropping the faces), so the next roll is the one carrying on would have made: a
    resume gives the GM no second stream to choose from. Only when draws are missing
    (a torn last line lost a roll) is a new stream taken up after the last draw.
    """
    rolls = sorted(  # a roll of no dice shares its draw with the next roll: it goes first
        (
            (roll.draw[1], roll)
            for entry in entries
            for roll in entry.event.rolls()
            if roll.source == "random" and roll.draw is not None
        ),
        key=lambda item: (item[0], bool(item[1].dice)),
    )
    start = max((roll.draw[0] for _, roll in rolls if roll.draw is not None), default=0)
    sides: list[int] = []
    expected = start
    for index, roll in rolls:
        if roll.draw is None or roll.draw[0] != start:
            continue
        if index != expected:  # a gap: take a new stream up after the last draw
            return Dice(seed, limits=limits, start=_next_draw(entries))
        sides += [roll.pool.die.sides] * len(roll.dice)
        expected += len(roll.dice)
    dice = Dice(seed, limits=limits, start=start)
    dice._advance(sides)
    return dice


def _next_draw(entries: Sequence[Entry]) -> int:
    """The draw after the last random die any journaled roll took (0 for none)."""
    end = 0
    for entry in entries:
        for roll in entry.event.rolls():
            if roll.draw is not None:
                end = max(end, roll.draw[1] + len(roll.dice))
    return end


def _journal_path(path: object) -> Path:
    """``path`` as a :class:`~pathlib.Path`, or a JournalError saying why it is none."""
    return checks.path(path, "a journal's path", error=JournalError)


def _holds_data(path: Path) -> bool:
    """Whether something non-empty is at ``path`` (a session, or anything else)."""
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def _check_opening(sync: object, limits: object, clock: object) -> None:
    """Refuse opening arguments before any file is touched."""
    checks.choice(sync, "sync", ("flush", "fsync"), error=JournalError)
    if not isinstance(limits, Limits):
        raise DiceError(
            f"limits must be a dice.Limits, got {type(limits).__name__} {shown(limits, 60)}"
        )
    checks.function(clock, "clock (a function returning a datetime)", error=JournalError)


_MAX_ARCHIVES = 10_000
"""The most ``<name>.<n>`` files :func:`_archive` tries before it gives up."""

_NO_HARD_LINKS = {
    errno.EPERM,
    errno.EACCES,
    errno.ENOTSUP,
    errno.EOPNOTSUPP,
    errno.EXDEV,
    errno.EMLINK,
    errno.ENOSYS,
}


def _archive(path: Path) -> Path:
    """Move ``path`` to the first free ``<stem>.<n><suffix>``; never overwrite anything.

    The move is atomic and exclusive: a hard link to the new name is made first,
    which fails if that name exists (even one a second kernel took a moment ago),
    and only then is the old name removed. Where the file system has no hard
    links, the new name is reserved by creating it exclusively and the file is
    then renamed over the reservation, which only this call can have made. The
    file is locked while it moves (see ``Journal._held_for_rename``), so two
    kernels setting the same journal aside cannot both move it.

    Raises:
        JournalLockedError: another process has the journal open (or is moving it).
        JournalError: it cannot be moved; nothing was renamed.
    """
    with Journal._held_for_rename(path):
        for n in range(1, _MAX_ARCHIVES + 1):
            candidate = path.with_name(f"{path.stem}.{n}{path.suffix}")
            try:
                if _move_exclusively(path, candidate):
                    return candidate
            except OSError as exc:
                raise JournalError(
                    f"cannot keep the old journal {path} aside as {candidate.name}: "
                    f"{exc.strerror or exc}; nothing was renamed"
                ) from None
    raise JournalError(
        f"cannot keep the old journal {path} aside: {path.stem}.1{path.suffix} to "
        f"{path.stem}.{_MAX_ARCHIVES}{path.suffix} all exist. Tip: move old sessions elsewhere."
    )


def _move_exclusively(path: Path, candidate: Path) -> bool:
    """Move ``path`` to ``candidate`` if nothing is there; ``False`` if something is."""
    try:
        os.link(path, candidate)
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        try:  # no hard links here: reserve the name, then rename over the reservation
            os.close(os.open(candidate, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            return False
        try:
            os.replace(path, candidate)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(candidate)
            raise
        return True
    try:
        os.unlink(path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(candidate)  # keep the one name it had
        raise
    return True


_bind_public_methods(Game)
