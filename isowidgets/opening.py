"""A session's life on disk: started, resumed, set aside, and its dice sealed at the end.

:class:`Opening` is the part of :class:`~isowidgets.game.Game` that makes a game
from a file (or from nothing, in memory) and lets its seed go when play is over:

* :meth:`~Opening.new` commits to the session's seed before anything is played: the
  journal's first line holds the commitment, the seed and its salt are kept in a
  ``.secret`` file next to it (see :mod:`isowidgets.commitment`);
* :meth:`~Opening.resume` replays a journal to the state it left off in, each roll
  counter going on after the highest number the journal holds
  (:meth:`Dice.resumed <.resumed>`);
* :meth:`~Opening.open` resumes or starts, setting an old file aside under a free
  name (:func:`isowidgets.journal.files.archive`) when asked to start afresh;
* the table's seed given and the seed revealed at the end, which seals the dice, are
  :class:`~isowidgets.seeds.Seeds`' (:mod:`isowidgets.seeds`), another part of the game.

A session started now names its dice scheme in its first event (``"hmac-sha256"``:
numbered rolls, :mod:`isowidgets.dice.roller`). A journal written before names none (its
scheme is ``"draws"``): it replays as it always did, and if it is continued its new
rolls are numbered rolls, so a seeded old session rolls differently from where it is
continued on (its old rolls still verify by the old rules, the new ones by the new).
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Self

from . import checks
from .binding import refuse_bad_calls
from .checks import shown
from .commitment import Secret, archive_sidecar, read_sidecar, remove_sidecar, write_sidecar
from .dice import DEFAULT_LIMITS, SCHEME, Dice, Limits
from .errors import DiceError, JournalError
from .journal import Entry, Event, Journal, Payload, SeedRevealed, SessionStarted
from .journal.files import archive, collector_paused
from .journal.store import _now
from .regular_file import NotARegularFileError, what_is_at
from .seeds import SEALED
from .settings import RuleSettings
from .version import __version__
from .words import msg

__all__ = ["Opening"]


class Opening:
    """How a session is started, resumed or set aside."""

    if TYPE_CHECKING:
        system: ClassVar[str]
        title: ClassVar[str]
        settings_type: ClassVar[type[RuleSettings]]
        dice: Dice
        _journal: Journal
        _secret: Secret | None
        _state: Any

        @property
        def revealed(self) -> SeedRevealed | None: ...

        def __init__(self, journal: Journal, dice: Dice, state: Any) -> None: ...

        @classmethod
        def initial_state(cls, settings: Any) -> Any: ...

        @classmethod
        def _coerce_settings(cls, settings: RuleSettings | None) -> RuleSettings: ...

        @classmethod
        def _start_settings(cls, journal: Journal, entry: Entry) -> RuleSettings: ...

        @staticmethod
        def _check_journalable(*events: Event) -> list[Payload | Event]: ...

        def commit(self, *events: Event) -> list[Entry]: ...

        def _replay(self, entries: Sequence[Entry], state: Any) -> Any: ...

        @contextlib.contextmanager
        def _public(self) -> Iterator[None]: ...

        @contextlib.contextmanager
        def _way_in(self, *kinds: type[Event]) -> Iterator[None]: ...

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
            _refuse_unless_regular(target)
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
            with game._way_in(SessionStarted):
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
            "journal.already_there",
            "{path} already holds a session (or other data: {size} bytes). Tip: "
            "{game}.resume({shown}) continues it; {game}.open(..., resume=False) starts afresh "
            "and keeps the old file.",
            path=str(path),
            size=path.stat().st_size,
            game=cls.__name__,
            shown=shown(str(path)),
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
    ) -> tuple[Secret, Dice, Any, SessionStarted]:
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
                "core.seed_type",
                "a seed must be a whole number or text, got {type} {got}",
                type=type(seed).__name__,
                got=shown(seed),
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
            dice_scheme=SCHEME,
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
        next write. Each roll counter goes on after the highest number the journal
        holds, keyed by the secret kept next to the journal (see
        :mod:`isowidgets.commitment`) and the table's seed if one was given, so
        resuming rolls what carrying on would have, and every roll stays verifiable.
        Without that file the state is rebuilt all the same (replay folds recorded
        faces), but the next rolls come from a fresh secret and cannot be verified
        (said in ``game.journal.problems``). A journal from before commitments
        continues from a seed derived from its plain seed and its length, as it
        always did.

        Raises:
            JournalError: there is no journal at ``path``, or it is not a valid
                session of this system (naming the line); the file is left
                exactly as it was.
        """
        target = _journal_path(path)
        _check_opening(sync, DEFAULT_LIMITS if limits is None else limits, clock)
        _refuse_unless_regular(target)
        if not target.is_file():
            raise JournalError(
                "journal.no_journal",
                "there is no journal at {path}. Tip: {game}.new({shown}) starts one; "
                "{game}.open(...) resumes or starts as needed.",
                path=str(target),
                game=cls.__name__,
                shown=shown(str(target)),
            )
        with collector_paused():  # one pause for reading and folding: collected once after
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
        at once never overwrite each other's archive (see
        :func:`~isowidgets.journal.files.archive`).

        Raises:
            JournalError: ``path`` is not a file path, ``resume`` not True or
                False, or an argument :meth:`new` does not take.
        """
        target = _journal_path(path)
        resume = checks.flag(resume, "resume", error=JournalError)
        checks.keywords(kwargs, f"{cls.__name__}.open", _NEW_ARGUMENTS, error=JournalError)
        _refuse_unless_regular(target)
        if _holds_data(target):
            if resume:
                passed = {k: kwargs[k] for k in ("sync", "limits", "clock") if k in kwargs}
                return cls.resume(target, **passed)
            cls._prepare_new(**kwargs)
            archive_sidecar(target, archive(target))
        return cls.new(target, **kwargs)

    @classmethod
    def _from_journal(cls, journal: Journal, limits: Limits | None) -> Self:
        entries = journal.effective()
        if not entries or not isinstance(entries[0].event, SessionStarted):
            taken = journal.entries and isinstance(journal.entries[0].event, SessionStarted)
            if taken:
                raise JournalError(
                    "journal.start_taken_back",
                    "{path} does not start with a session_started event in force (a retcon "
                    "takes it back)",
                    path=str(journal.path),
                )
            raise JournalError(
                "journal.no_start",
                "{path} does not start with a session_started event",
                path=str(journal.path),
            )
        start = entries[0].event
        if start.game != cls.system:
            raise JournalError(
                "journal.other_system",
                "{path} holds a {game} session, not {system}. Tip: open it with that system's "
                "game class.",
                path=str(journal.path),
                game=shown(start.game, 60),
                system=shown(cls.system),
            )
        settings = cls._start_settings(journal, entries[0])
        if limits is None:
            limits = cls._start_limits(journal, entries[0])
        secret = None
        rolls = journal.history.rolls
        given = journal.history.table_seed
        table = "" if given is None else given.seed
        if start.commitment is None:  # written before sessions committed to their seed
            dice = Dice.resumed(f"{start.seed}/{len(journal)}", limits, rolls, table=table)
        else:
            secret = read_sidecar(journal.path) if journal.path is not None else None
            if secret is not None and not secret.matches(start.commitment):
                raise JournalError(
                    "journal.wrong_secret",
                    "the secret kept next to {path} does not match the commitment the journal "
                    "starts with (it belongs to another session). Tip: put the right .secret "
                    "file back, or move this one away to resume unverifiably",
                    path=str(journal.path),
                )
            if secret is None:
                journal.problems.append(
                    msg(
                        "journal.problem.no_secret",
                        "the session's secret (its .secret file) is missing: the state is "
                        "rebuilt, but the rolls from now on come from a new seed and cannot "
                        "be verified",
                    )
                )
            seed = Secret.fresh().seed if secret is None else secret.seed
            dice = Dice.resumed(seed, limits, rolls, table=table)
        game = cls(journal, dice, cls.initial_state(settings))
        game._secret = secret
        with collector_paused():
            game._state = game._replay(entries[1:], game._state)
        if game.revealed is not None:
            game.dice.seal(SEALED)
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
                "journal.caps_do_not_load",
                "{where}, line {line}: the session's dice caps do not load: {problem}",
                where=str(journal.path or "journal"),
                line=journal.line_number(entry.seq),
                problem=exc.message,
            ) from None


_NEW_ARGUMENTS = ("seed", "settings", "title", "sync", "limits", "clock")


def _journal_path(path: object) -> Path:
    """``path`` as a :class:`~pathlib.Path`, or a JournalError saying why it is none."""
    return checks.path(path, "a journal's path", error=JournalError)


def _refuse_unless_regular(path: Path) -> None:
    """Refuse a path holding a directory, a FIFO or a device before anything else is
    said about it (the file is opened without blocking and checked again when it is
    read: see :func:`~isowidgets.regular_file.open_regular`)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # nothing there yet (or unreadable: opening it says why)
    if not stat.S_ISREG(mode):
        raise NotARegularFileError(path, what_is_at(mode), "journal")


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
            "core.limits_type",
            "limits must be a dice.Limits, got {type} {got}",
            type=type(limits).__name__,
            got=shown(limits, 60),
        )
    checks.function(clock, "clock (a function returning a datetime)", error=JournalError)


refuse_bad_calls(Opening)
