"""The session journal: an append-only, crash-safe record of everything that happened.

A journal is a JSON Lines file. Each line is one event: a roll with all its
faces and what they meant, a state change, a settings change, a note, or a
retcon. Events come in *actions*: the events one click or one call produced
(a conflict's resolution may add links, change stress and wound a character).
The last event of an action carries ``"end": true``; an action whose end never
reached the disk (the kernel died between two lines) is reported and skipped as
a whole, so a reopened session is never half-applied.

Guarantees:

* **Append-only.** Lines are never rewritten. Undo is a ``retcon`` event naming
  the action it takes back; a retcon can itself be retconned (redo).
* **Flushed per action.** Each action is written with one unbuffered ``write``
  before the call returns, so a killed kernel loses nothing it reported done.
  ``sync="fsync"`` also asks the OS to put it on the disk (power-loss safety,
  slower). A write that fails part-way (a full disk) is cut back off the file,
  so the next action starts on a clean line; if even that fails, the journal
  refuses every further write with an error that says why.
* **Validated on load.** Every line is parsed as JSON and checked strictly
  against the schema of its event kind: each value must have the JSON type its
  field names (``"2"`` is not a sequence number, ``2.5`` is not a face), and
  NaN, Infinity, duplicate keys and absurd nesting are refused. Nothing in a
  file is executed; the only code a journal can cause to load is the kit's own
  module for a system it names (see :func:`event_type`). A torn last line (a
  crash mid-write: text after the last newline that is not valid JSON) is
  reported, not fatal, and moved aside to ``<name>.torn`` before the journal is
  written again. Any other bad line, the last complete one included, is an error
  that names the line, and the file is left exactly as it was.
* **Bounded.** A line (one event) is at most :data:`MAX_LINE_BYTES` (1 MiB), a
  journal at most :data:`MAX_EVENTS` events and :data:`MAX_JOURNAL_BYTES` bytes: a
  write past them is refused with nothing written, and a file past them is an error
  (naming the line), found while reading it in chunks, so opening any file takes
  bounded memory.
* **One writer.** The file is locked while open; a second kernel gets a clear
  :class:`~isowidgets.errors.JournalLockedError`. Re-running the notebook cell
  that opened it in the same kernel simply takes the journal over.
  :meth:`Journal.read` reads a journal without locking or changing it.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, BinaryIO, ClassVar, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    ValidationError,
    WithJsonSchema,
)

from . import checks
from .checks import shown
from .dice import LOAD_LIMITS, PoolRoll
from .errors import DiceError, JournalError, JournalLockedError

try:  # POSIX only; elsewhere the lock is skipped.
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "MAX_EVENTS",
    "MAX_JOURNAL_BYTES",
    "MAX_LINE_BYTES",
    "Disclosed",
    "Entry",
    "Event",
    "Journal",
    "Note",
    "Prepared",
    "Retcon",
    "RollField",
    "Rolled",
    "SeedRevealed",
    "SessionStarted",
    "SettingsChanged",
    "effective_entries",
    "event_type",
    "incomplete_actions",
    "read_entries",
    "void_actions",
]

FORMAT_VERSION = 1


# --------------------------------------------------------------------------- events


def _validate_roll(value: Any) -> PoolRoll:
    if isinstance(value, PoolRoll):
        return value
    if not isinstance(value, Mapping):
        raise ValueError(
            f"a roll must be an object with pool, faces and source, got {shown(value)}"
        )
    try:
        return PoolRoll.from_record(value, LOAD_LIMITS)
    except (DiceError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"invalid roll record: {exc}") from None


RollField = Annotated[
    PoolRoll,
    PlainValidator(_validate_roll),
    PlainSerializer(lambda roll: roll.to_record(), return_type=dict),
    WithJsonSchema({"type": "object"}),
]
"""A :class:`~isowidgets.dice.PoolRoll` inside an event; stored as its record and
re-checked (faces in range, explosion chains consistent) when a journal loads."""

_REGISTRY: dict[tuple[str, str], type[Event]] = {}

MAX_LINE_BYTES = 1 << 20
"""The longest journal line (one event) written or read: 1 MiB. A note, a label or
a roll is far shorter; a longer line is refused on write (nothing is written) and
on read is an error naming its line number, found after reading no more than
1 MiB of it, so memory stays bounded whatever a file holds."""

MAX_EVENTS = 100_000
"""The most events (lines) one journal holds, written or read. A long session is a
few thousand; past the cap a write is refused with a tip to start a new session."""

MAX_JOURNAL_BYTES = 64 << 20
"""The largest journal file written or read: 64 MiB (100,000 typical events are
about 40 MiB). With :data:`MAX_LINE_BYTES` and :data:`MAX_EVENTS` it bounds the
memory a journal can take when it is opened."""


class Event(BaseModel):
    """Base of every journal event payload.

    Subclasses set the class variables ``system`` and ``kind``; together they
    name the payload schema that a journal line is validated against. Payloads
    are frozen and hold only data.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: ClassVar[str] = "core"
    kind: ClassVar[str] = ""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if "kind" in cls.__dict__ and cls.kind:
            key = (cls.system, cls.kind)
            if key in _REGISTRY and _REGISTRY[key].__qualname__ != cls.__qualname__:
                raise TypeError(f"event kind {key} is registered twice")
            _REGISTRY[key] = cls

    def describe(self) -> str:
        """One line a person reads in the log. Subclasses say what happened."""
        return self.kind.replace("_", " ")

    def rolls(self) -> list[PoolRoll]:
        """Every roll this event carries (for the log's faces column)."""
        found: list[PoolRoll] = []
        for name in type(self).model_fields:
            _collect_rolls(getattr(self, name), found)
        return found


def _collect_rolls(value: Any, found: list[PoolRoll]) -> None:
    if isinstance(value, PoolRoll):
        found.append(value)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            _collect_rolls(getattr(value, name), found)
    elif isinstance(value, Mapping):
        for item in value.values():
            _collect_rolls(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            _collect_rolls(item, found)


def event_type(system: str, kind: str) -> type[Event]:
    """The payload class registered for ``(system, kind)``.

    If the kind is not registered yet, the system named ``system`` is loaded
    first through :func:`isowidgets.systems.game_for` (a registered system, or an
    installed entry point of that name: a name read from a file never becomes a
    module name), so its kinds are known.

    Raises:
        JournalError: the kind is still unknown; the message names the kinds
            the system has, or the systems there are.
    """
    key = (system, kind)
    if key not in _REGISTRY and system != "core":
        from .systems import game_for

        with contextlib.suppress(JournalError):
            game_for(system)
    try:
        return _REGISTRY[key]
    except KeyError:
        from .systems import names

        known = sorted(k for s, k in _REGISTRY if s == system)
        if known or system in names():
            tip = f"system {shown(system)} has no such kind"
        else:
            tip = (
                f"no installed system is called {shown(system)} (the systems here: "
                f"{names()}). Tip: install the package that provides it"
            )
        raise JournalError(
            f"unknown event kind {shown(kind)} for system {shown(system)}; known kinds: "
            f"{known}; {tip}"
        ) from None


class SessionStarted(Event):
    """The first event of every journal: which system, which settings, and the
    commitment to the session's seed (see :mod:`isowidgets.commitment`)."""

    kind: ClassVar[str] = "session_started"
    game: str
    seed: int | str | None = None
    """The seed in plain text: only in journals written before sessions committed to
    their seed (they cannot be verified)."""
    commitment: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    """SHA-256 of the salted seed; the seed itself stays out of the journal."""
    settings: dict[str, Any]
    kit_version: str
    title: str = ""
    limits: dict[str, int] | None = None
    """The session's dice caps (:meth:`~isowidgets.dice.Limits.to_record`); journals
    written before they were recorded have none and reopen with the defaults."""

    def describe(self) -> str:
        title = f" “{self.title}”" if self.title else ""
        if self.commitment is not None:
            return f"{self.game} session{title} started (dice committed: {self.commitment[:12]}…)"
        return f"{self.game} session{title} started (seed {self.seed})"


class SeedRevealed(Event):
    """The session's seed and salt, disclosed so that anyone can verify its rolls.

    Journaled once by :meth:`Game.reveal <isowidgets.game.Game.reveal>`; after it the
    session rolls no more random dice (typed-in faces still work).
    """

    kind: ClassVar[str] = "seed_revealed"
    seed: int | str
    salt: str = Field(pattern=r"^[0-9a-f]{64}$")
    draws: int = Field(ge=0)
    """How many random dice the session drew before the reveal (so a roll cut off
    the end of the journal is found too)."""

    def describe(self) -> str:
        return f"seed revealed: {shown(self.seed, 80)} after {self.draws} random dice"


class SettingsChanged(Event):
    """House rules changed: ``{name: [old, new]}``."""

    kind: ClassVar[str] = "settings_changed"
    changes: dict[str, tuple[Any, Any]]

    def describe(self) -> str:
        parts = [
            f"{name}: {shown(old, 80)} → {shown(new, 80)}"
            for name, (old, new) in self.changes.items()
        ]
        return "house rules: " + "; ".join(parts)


class Retcon(Event):
    """Takes back an earlier action (undo). Retconning a retcon restores it (redo)."""

    kind: ClassVar[str] = "retcon"
    action: int = Field(ge=1)
    reason: str = ""

    def describe(self) -> str:
        why = f": {self.reason}" if self.reason else ""
        return f"retcon of action #{self.action}{why}"


class Note(Event):
    """A free-text note from the table."""

    kind: ClassVar[str] = "note"
    text: str

    def describe(self) -> str:
        return f"note: {self.text}"


class Prepared(Event):
    """A value the GM settles before the table meets it: an NPC's hidden skill, a secret
    difficulty, the event planned for the third round.

    Journaled by :meth:`Game.prepare <isowidgets.game.Game.prepare>` (GM-only unless
    asked otherwise), so the log shows what was fixed in advance and when, and a later
    :class:`Disclosed` proves the GM did not change it. It changes no state.
    """

    kind: ClassVar[str] = "prepared"
    name: str
    value: int | str

    def describe(self) -> str:
        return f"prepared: {self.name} = {self.value}"


class Disclosed(Event):
    """Shows an earlier GM-only action to the table from now on.

    Journaled by :meth:`Game.disclose <isowidgets.game.Game.disclose>`. Not to be
    confused with :class:`SeedRevealed`, which discloses the dice seed. An undo takes
    the disclosure back (the action is GM-only again).
    """

    kind: ClassVar[str] = "disclosed"
    action: int = Field(ge=1)

    def describe(self) -> str:
        return f"shown to the table: action #{self.action}"


class Rolled(Event):
    """A plain roll on the dice tray, with what it was for and how it reads."""

    kind: ClassVar[str] = "rolled"
    roll: RollField
    purpose: str = ""
    reading: str = ""

    def describe(self) -> str:
        parts = [self.roll.describe()]
        if self.reading:
            parts.append(f"→ {self.reading}")
        if self.purpose:
            parts.insert(0, f"{self.purpose}:")
        return " ".join(parts)


# --------------------------------------------------------------------------- entries


def _parse_time(value: Any) -> datetime:
    if not isinstance(value, str):
        raise ValueError(f"the time must be an ISO 8601 text, got {shown(value)}")
    return datetime.fromisoformat(value)


class _Envelope(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    v: Literal[1]
    seq: int = Field(ge=1)
    action: int = Field(ge=1)
    end: bool
    gm: Literal[True] = True  # written only when set: absent means public
    at: Annotated[datetime, BeforeValidator(_parse_time)]
    system: str
    kind: str
    data: dict[str, Any]


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    record = dict(pairs)
    if len(record) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise ValueError(f"the key {shown(twice)} appears twice in one object")
    return record


@dataclass(frozen=True, slots=True)
class Entry:
    """One journal line: an event with its sequence number, action and time.

    ``gm`` marks an entry of a GM-only action (every entry of the action carries
    it; see :mod:`isowidgets.visibility`). The line holds ``"gm": true`` only when
    it is set, so a journal with nothing GM-only is byte for byte what it was
    before GM-only existed.
    """

    seq: int
    action: int
    end: bool
    at: datetime
    event: Event
    gm: bool = False

    @property
    def system(self) -> str:
        return self.event.system

    @property
    def kind(self) -> str:
        return self.event.kind

    def to_line(self) -> str:
        record = {
            "v": FORMAT_VERSION,
            "seq": self.seq,
            "action": self.action,
            "end": self.end,
            **({"gm": True} if self.gm else {}),
            "at": self.at.isoformat(timespec="milliseconds"),
            "system": self.event.system,
            "kind": self.event.kind,
            "data": self.event.model_dump(mode="json"),
        }
        return json.dumps(record, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_line(cls, line: str) -> Entry:
        """Parse and validate one line strictly.

        Every value must have the JSON type its field names: nothing is
        converted (``"2"`` is not 2, ``"yes"`` is not ``true``, ``2.5`` is not a
        face). NaN, Infinity, a key twice in one object and nesting too deep to
        parse are refused too.

        Raises:
            ValueError: the line is not valid (or longer than
                :data:`MAX_LINE_BYTES`); the message says why.
            JournalError: the event kind is unknown (see :func:`event_type`).
        """
        if not isinstance(line, str):
            raise ValueError(f"a journal line must be text, got {type(line).__name__}")
        line = str.__str__(line)
        if len(line) > MAX_LINE_BYTES or len(line.encode("utf-8", "surrogatepass")) > (
            MAX_LINE_BYTES
        ):
            raise ValueError(
                f"not a journal line: longer than {MAX_LINE_BYTES:,} bytes (1 MiB), the most "
                "one event may take"
            )
        try:
            raw = json.loads(line, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
        except RecursionError:
            raise ValueError("not a journal line (JSON nested too deeply to read)") from None
        except json.JSONDecodeError as exc:
            raise ValueError(f"not JSON ({exc.msg})") from None
        except ValueError as exc:  # NaN/Infinity, a duplicate key, a number too long
            raise ValueError(f"not valid journal JSON ({exc})") from None
        if not isinstance(raw, dict):
            raise ValueError(f"not a JSON object (got {type(raw).__name__})")
        if "gm" in raw and raw["gm"] is not True:  # absent is public: only true is written
            raise ValueError(
                f"gm: only true is written (absent means public), got {shown(raw['gm'])}"
            )
        try:
            envelope = _Envelope.model_validate(raw)
        except ValidationError as exc:
            raise ValueError(_first_error(exc)) from None
        payload_type = event_type(envelope.system, envelope.kind)
        try:
            # JSON mode, strict: arrays may fill tuples, but no value changes its type.
            data = json.dumps(envelope.data, ensure_ascii=False)
            event = payload_type.model_validate_json(data, strict=True)
        except ValidationError as exc:
            raise ValueError(f"{envelope.kind} event: {_first_error(exc)}") from None
        except RecursionError:
            raise ValueError(f"{envelope.kind} event: data nested too deeply") from None
        return cls(envelope.seq, envelope.action, envelope.end, envelope.at, event, gm="gm" in raw)


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(x) for x in error["loc"])
    if error["type"] == "value_error":  # our own validators name the value already
        return f"{where}: {error['msg'].removeprefix('Value error, ')}"
    return f"{where}: {error['msg']} (got {shown(error.get('input'))})"


def _write_all(fd: int, data: bytes) -> None:
    """Hand all of ``data`` to the OS (``os.write`` may take only part of it)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _now() -> datetime:
    return datetime.now(UTC)


# --------------------------------------------------------------------------- journal

_OPEN_IN_PROCESS: dict[Path, weakref.ref[Journal]] = {}
_OPEN_LOCK = threading.Lock()


class Journal:
    """An append-only event file (or an in-memory journal for tests and demos).

    Use :meth:`open` for a file and :meth:`memory` for a journal that lives
    only as long as the kernel.
    """

    def __init__(
        self,
        path: Path | None,
        *,
        sync: Literal["flush", "fsync"] = "flush",
        clock: Callable[[], datetime] = _now,
    ) -> None:
        checks.choice(sync, "sync", ("flush", "fsync"), error=JournalError)
        checks.function(clock, "clock (a function returning a datetime)", error=JournalError)
        if path is not None:
            path = checks.path(path, "a journal's path", error=JournalError)
        self.path = path
        self.sync = sync
        self._clock = clock
        self._entries: list[Entry] = []
        self._file: BinaryIO | None = None
        self._read_only = False
        self._broken = ""  # why writing is refused for good, once a failed write stuck
        self._torn: bytes | None = None  # a torn last line, set aside before the next write
        self._needs_newline = False  # the last line is complete but lacks its newline
        self._lines = 0  # lines in the file (for line numbers of new entries)
        self._line_of: dict[int, int] = {}  # seq -> line number in the file
        self.problems: list[str] = []
        """What was wrong with the file when it was opened (torn line, lost action)."""

    # ------------------------------------------------------------------ opening

    @classmethod
    def memory(cls, *, clock: Callable[[], datetime] = _now) -> Journal:
        """A journal kept only in memory (nothing survives the kernel)."""
        return cls(None, clock=clock)

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        sync: Literal["flush", "fsync"] = "flush",
        clock: Callable[[], datetime] = _now,
    ) -> Journal:
        """Open (or create) the journal at ``path`` for appending.

        Existing lines are read and validated first; a torn last line is then
        moved to ``<name>.torn`` (see the module docstring).

        Raises:
            JournalError: the file is not a valid journal (naming the line); the
                file is left exactly as it was.
            JournalLockedError: another process is writing it.
        """
        target = checks.path(path, "a journal's path", error=JournalError)
        return cls._open(target, sync=sync, clock=clock, repair=True)

    @classmethod
    def _open(
        cls,
        path: Path,
        *,
        sync: Literal["flush", "fsync"],
        clock: Callable[[], datetime],
        repair: bool,
    ) -> Journal:
        """:meth:`open`; with ``repair=False`` a torn last line stays in the file
        until the first write (so a caller that still refuses the session after
        reading it leaves the file untouched)."""
        journal = cls(path, sync=sync, clock=clock)
        journal._attach()
        if repair:
            try:
                journal._set_aside_torn()
            except BaseException:
                journal.close()
                raise
        return journal

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> Journal:
        """Read and validate a journal without opening it for writing.

        No lock is taken and the file is never changed (a torn last line is
        reported in :attr:`problems` and left where it is), so a journal another
        kernel is writing can be read. :meth:`append` refuses.

        Raises:
            JournalError: the file cannot be read or is not a valid journal.
        """
        target = checks.path(path, "a journal's path", error=JournalError)
        journal = cls(target)
        journal._read_only = True
        try:
            with open(target, "rb") as handle:
                journal._read_existing(handle)
        except OSError as exc:
            raise JournalError(f"cannot read journal {target}: {exc.strerror or exc}") from None
        return journal

    @classmethod
    def view(
        cls, entries: Iterable[Entry], *, path: str | os.PathLike[str] | None = None
    ) -> Journal:
        """A read-only journal holding ``entries`` as they are (a cut of another journal).

        For readers that show part of a session (a stream that leaves out what the
        table has not seen yet): :meth:`effective`, :meth:`to_frame` and a game
        replaying it see exactly these entries. Nothing is read or written; ``path``
        only names where they came from, in messages. :meth:`append` refuses.

        Raises:
            JournalError: an item is not an :class:`Entry`, or ``path`` is not a path.
        """
        kept = list(entries) if isinstance(entries, Iterable) else None
        if kept is None or not all(isinstance(entry, Entry) for entry in kept):
            raise JournalError(f"a journal view holds journal entries, got {shown(entries)}")
        journal = cls(
            None if path is None else checks.path(path, "a journal's path", error=JournalError)
        )
        journal._read_only = True
        journal._entries = kept
        return journal

    @staticmethod
    def system_of(path: str | os.PathLike[str]) -> str:
        """The name of the system whose session the journal at ``path`` holds.

        Only the first line is read (its ``session_started`` event), so this
        loads no system.

        Raises:
            JournalError: no readable journal there, or it does not start a session.
        """
        target = checks.path(path, "a journal's path", error=JournalError)
        try:
            with open(target, "rb") as handle:
                first = handle.readline(MAX_LINE_BYTES + 1)
        except (OSError, ValueError) as exc:
            raise JournalError(f"cannot read journal {shown(str(path))}: {exc}") from None
        try:
            if len(first) > MAX_LINE_BYTES:
                raise ValueError(f"its first line is longer than {MAX_LINE_BYTES} bytes")
            event = Entry.from_line(first.decode("utf-8")).event
        except (UnicodeDecodeError, ValueError) as exc:
            raise JournalError(f"{shown(str(path))} is not a session journal: {exc}") from None
        if not isinstance(event, SessionStarted):
            raise JournalError(
                f"{shown(str(path))} does not start with a session_started event "
                f"(its first event is {event.kind})"
            )
        return event.game

    @staticmethod
    @contextlib.contextmanager
    def _held_for_rename(path: Path) -> Iterator[None]:
        """Hold ``path`` while it is moved away: the journal this kernel has open on
        it is closed (a take-over, as re-opening does), and the file is locked for
        the whole move, so a second kernel (or thread) moving or opening it at the
        same time is refused rather than racing this one.

        The lock is taken on the file found at ``path`` and then checked to still
        be the file at ``path``: one that was moved or replaced in between (by a
        kernel that got there first) is refused, not moved again.

        Raises:
            JournalLockedError: another process (or another move) holds the file.
            JournalError: the file cannot be read, or was moved meanwhile.
        """
        with _OPEN_LOCK:
            previous = _OPEN_IN_PROCESS.get(path.resolve())
            mine = previous() if previous else None
            if mine is not None and not mine.closed:
                mine.close()
        try:
            probe = open(path, "rb")  # noqa: SIM115
        except OSError as exc:
            raise JournalError(f"cannot read journal {path}: {exc.strerror or exc}") from None
        with probe:
            if fcntl is not None:
                try:
                    fcntl.flock(probe.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    raise JournalLockedError(
                        f"journal {path} is open in another process (another kernel?), or "
                        "being moved aside by one, so it is not renamed. Tip: shut that "
                        "kernel down first."
                    ) from None
            try:
                held, there = os.fstat(probe.fileno()), os.stat(path)
            except OSError:
                there = None
            if there is None or (held.st_dev, held.st_ino) != (there.st_dev, there.st_ino):
                raise JournalError(
                    f"journal {path} was moved or replaced by another process while it was "
                    "being set aside; nothing was renamed. Tip: look at the files next to it."
                )
            yield

    def _attach(self) -> None:
        assert self.path is not None
        path = self.path
        key = path.resolve()
        with _OPEN_LOCK:
            previous = _OPEN_IN_PROCESS.get(key)
            other = previous() if previous else None
            if other is not None and other is not self:
                other.close()  # the same kernel re-opened it: take it over
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                # Unbuffered and O_APPEND: each action is one write, straight to the OS.
                handle: BinaryIO = open(path, "a+b", buffering=0)  # noqa: SIM115
            except OSError as exc:
                raise JournalError(f"cannot open journal {path}: {exc}") from None
            if fcntl is not None:
                try:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    handle.close()
                    raise JournalLockedError(
                        f"journal {path} is open in another process (another kernel?). "
                        "Tip: shut that kernel down, or open a copy of the file."
                    ) from None
            try:
                self._read_existing(handle)
            except BaseException:
                handle.close()
                raise
            self._file = handle
            _OPEN_IN_PROCESS[key] = weakref.ref(self)

    def _read_existing(self, handle: BinaryIO) -> None:
        """Read and validate every line; change nothing (not even a torn last line).

        The file is read in chunks, one line at a time, never whole: a line longer
        than :data:`MAX_LINE_BYTES` is refused naming its line number as soon as
        its first :data:`MAX_LINE_BYTES` bytes are read, and a file past
        :data:`MAX_JOURNAL_BYTES` or :data:`MAX_EVENTS` is refused too, so memory
        stays bounded whatever the file holds.
        """
        assert self.path is not None
        size = os.fstat(handle.fileno()).st_size
        if size > MAX_JOURNAL_BYTES:
            raise JournalError(
                f"{self.path} is {size:,} bytes; a journal holds at most "
                f"{MAX_JOURNAL_BYTES:,} bytes ({MAX_JOURNAL_BYTES >> 20} MiB), so it is not "
                "read. Tip: a session that long is best split; open a copy of its start."
            )
        handle.seek(0)
        entries: list[Entry] = []
        seen: set[int] = set()  # actions so far
        number = 0
        for raw, ended in _lines(handle, MAX_LINE_BYTES):
            number += 1
            if len(raw) > MAX_LINE_BYTES:
                raise JournalError(
                    f"{self.path}, line {number}: longer than {MAX_LINE_BYTES:,} bytes (1 MiB), "
                    "the most one journal line (one event) may hold, so it is not read. The "
                    "journal cannot be replayed past this line. Tip: keep the file as it is "
                    "and open a copy without that line."
                )
            if not ended:  # the last line, without its newline
                if not raw.strip():
                    number -= 1
                    break
                if not _is_json(raw):
                    self._torn = raw  # a crash mid-write: never a complete line
                    number -= 1
                    break
                self._needs_newline = True  # complete, only its newline is missing
            if not raw.strip():
                continue
            if len(entries) >= MAX_EVENTS:
                raise JournalError(
                    f"{self.path}, line {number}: the journal holds more than {MAX_EVENTS:,} "
                    "events, the most one session may hold, so it is not read. Tip: open a "
                    "copy of its start."
                )
            entry = self._entry_at(number, raw)
            expected = len(entries) + 1
            if entry.seq != expected:
                raise JournalError(
                    f"{self.path}, line {number}: sequence number {entry.seq}, expected "
                    f"{expected}; lines were removed or reordered"
                )
            if entries and entry.action < entries[-1].action:
                raise JournalError(
                    f"{self.path}, line {number}: action #{entry.action} comes after "
                    f"action #{entries[-1].action}; lines were reordered"
                )
            if entries and entry.action == entries[-1].action and entry.gm != entries[-1].gm:
                raise JournalError(
                    f"{self.path}, line {number}: action #{entry.action} is GM-only in some "
                    "of its lines and not in others; a whole action is GM-only or none of it"
                )
            problem = _retcon_problem(entry.event, entry.action, seen)
            if problem:
                raise JournalError(f"{self.path}, line {number}: {problem}")
            seen.add(entry.action)
            entries.append(entry)
            self._line_of[entry.seq] = number
        self._entries = entries
        self._lines = number
        if self._torn is not None:
            self.problems.append(self._torn_problem("it moves there before the next write"))
        for action, count in self._incomplete_actions().items():
            self.problems.append(
                f"action #{action} was cut short by a crash ({count} of its events were "
                "written); it is skipped"
            )

    def _entry_at(self, number: int, raw: bytes) -> Entry:
        """Line ``number`` of the file, validated (or a JournalError naming it)."""
        try:
            return Entry.from_line(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise JournalError(
                f"{self.path}, line {number}: not UTF-8 text (byte "
                f"{raw[exc.start]:#04x} at column {exc.start + 1}). The journal cannot be "
                "replayed past this line. Tip: keep the file as it is and open a copy "
                "without that line."
            ) from None
        except (ValueError, JournalError) as exc:
            raise JournalError(
                f"{self.path}, line {number}: {exc}. The journal cannot be replayed past "
                "this line. Tip: keep the file as it is and open a copy without that line."
            ) from None

    def _torn_problem(self, where: str) -> str:
        assert self._torn is not None
        preview = self._torn.decode("utf-8", "replace").strip()[:60]
        return (
            f"the last line was torn by a crash mid-write and is skipped, kept in "
            f"{self._side_path().name} ({where}): {preview!r}"
        )

    def _side_path(self) -> Path:
        assert self.path is not None
        return self.path.with_name(self.path.name + ".torn")

    def _set_aside_torn(self) -> None:
        """Move a torn last line to ``<name>.torn`` and cut it off the file."""
        if self._torn is None or self._file is None:
            return
        torn, fd = self._torn, self._file.fileno()
        try:
            with open(self._side_path(), "ab") as out:
                out.write(torn + b"\n")
            os.ftruncate(fd, os.fstat(fd).st_size - len(torn))
        except OSError as exc:
            raise JournalError(
                f"cannot set the torn last line of {self.path} aside in "
                f"{self._side_path().name}: {exc}; nothing was written"
            ) from None
        pending = self._torn_problem("it moves there before the next write")
        self.problems = [
            self._torn_problem("moved there") if p == pending else p for p in self.problems
        ]
        self._torn = None

    # ------------------------------------------------------------------ writing

    @property
    def closed(self) -> bool:
        return self.path is not None and self._file is None

    def close(self) -> None:
        """Release the file (and its lock). Reading the entries still works."""
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    def append(self, *events: Event, gm: bool = False) -> list[Entry]:
        """Write ``events`` as one action and return their entries.

        With ``gm=True`` every entry of the action is marked GM-only (see
        :mod:`isowidgets.visibility`).

        Either every line of the action is handed to the OS (and, with
        ``sync="fsync"``, to the disk), or :class:`~isowidgets.errors.JournalError`
        is raised and both the file and the in-memory journal are as they were:
        whatever part of the action reached the file is cut off again. If that
        cut fails too, the journal is marked unusable and refuses every later
        write; reopening the file then treats what reached it like a crash
        mid-write (a torn line set aside, or an action cut short and skipped).
        """
        gm = checks.flag(gm, "gm", error=JournalError)
        if not events:
            raise JournalError("an action must hold at least one event")
        for event in events:
            if not isinstance(event, Event) or not event.kind:
                raise JournalError(
                    f"only registered Event payloads can be journaled, got "
                    f"{type(event).__name__} {shown(event)}"
                )
        if len(self._entries) + len(events) > MAX_EVENTS:
            raise JournalError(
                f"journal {self.path or '(in memory)'} holds {len(self._entries):,} events; one "
                f"session holds at most {MAX_EVENTS:,}, so these {len(events)} were not written. "
                "Tip: start a new session (Game.open(path, resume=False) keeps this one)."
            )
        if self._read_only:
            raise JournalError(
                f"journal {self.path} was opened read-only (Journal.read); nothing was written. "
                "Tip: Journal.open (or the game's resume) opens it for writing."
            )
        if self._broken:
            raise JournalError(self._broken)
        if self.closed:
            raise JournalError(
                f"journal {self.path} was closed (or re-opened elsewhere in this kernel); "
                "Tip: use the game object that opened it last."
            )
        try:
            at = self._clock()
        except Exception as exc:  # a clock handed in by the caller
            raise JournalError(f"the journal's clock failed: {type(exc).__name__}") from None
        if not isinstance(at, datetime):
            raise JournalError(
                f"the journal's clock must return a datetime, got {type(at).__name__} "
                f"{checks.shown(at)}; nothing was written"
            )
        action = (self._entries[-1].action + 1) if self._entries else 1
        if any(isinstance(event, Retcon) for event in events):
            seen = {entry.action for entry in self._entries}
            for event in events:
                problem = _retcon_problem(event, action, seen)
                if problem:
                    raise JournalError(f"{problem}; nothing was written")
        seq = len(self._entries)
        new = [
            Entry(seq + i + 1, action, i == len(events) - 1, at, event, gm)
            for i, event in enumerate(events)
        ]
        lines = []
        for entry in new:
            try:
                line = entry.to_line().encode("utf-8")
            except UnicodeEncodeError as exc:
                raise JournalError(
                    f"cannot journal {shown(exc.object[exc.start : exc.end])}: not a character "
                    "UTF-8 can store; nothing was written"
                ) from None
            if len(line) > MAX_LINE_BYTES:
                raise JournalError(
                    f"a {entry.kind} event would be a journal line of {len(line):,} bytes; a "
                    f"line holds at most {MAX_LINE_BYTES:,} bytes (1 MiB); nothing was written"
                )
            lines.append(line + b"\n")
        if self._file is not None:
            data = b"".join(lines)
            try:
                held = os.fstat(self._file.fileno()).st_size
            except OSError as exc:
                raise JournalError(f"could not write journal {self.path}: {exc}") from None
            if held + len(data) > MAX_JOURNAL_BYTES:
                raise JournalError(
                    f"journal {self.path} holds {held:,} bytes; with these {len(events)} events "
                    f"it would pass {MAX_JOURNAL_BYTES:,} bytes ({MAX_JOURNAL_BYTES >> 20} MiB), "
                    "the most one journal holds, so nothing was written. Tip: start a new "
                    "session (Game.open(path, resume=False) keeps this one)."
                )
            self._set_aside_torn()
            if self._needs_newline:
                data = b"\n" + data
            self._write(data)
            self._needs_newline = False
        for entry in new:
            self._lines += 1
            self._line_of[entry.seq] = self._lines
        self._entries.extend(new)
        return new

    def _write(self, data: bytes) -> None:
        """Append ``data``; on failure cut the file back to where it was, then raise."""
        assert self._file is not None
        fd = self._file.fileno()
        try:
            start = os.fstat(fd).st_size
        except OSError as exc:
            raise JournalError(f"could not write journal {self.path}: {exc}") from None
        try:
            _write_all(fd, data)
            if self.sync == "fsync":
                os.fsync(fd)
        except OSError as exc:
            try:
                os.ftruncate(fd, start)
            except OSError as again:
                self._broken = (
                    f"journal {self.path} is unusable: a write failed ({exc}) and the part "
                    f"already written could not be removed ({again}); nothing more is written. "
                    "Tip: free the disk, then resume the file: what reached it is handled like "
                    "a crash mid-write."
                )
                raise JournalError(self._broken) from None
            raise JournalError(
                f"could not write journal {self.path}: {exc}; the action was not journaled "
                "and the file is as it was before it"
            ) from None

    # ------------------------------------------------------------------ reading

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every valid line, in order (including retconned and cut-short actions)."""
        return tuple(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def line_number(self, seq: int) -> int:
        """The line of the file that holds event ``seq`` (``seq`` itself in memory)."""
        return self._line_of.get(seq, seq)

    def __iter__(self) -> Iterator[Entry]:
        return iter(tuple(self._entries))

    def _incomplete_actions(self) -> dict[int, int]:
        return incomplete_actions(self._entries)

    def void_actions(self, *, then: Retcon | None = None) -> set[int]:
        """Actions taken back by a retcon that is itself in force (see :func:`void_actions`).

        With ``then``, as they would be once that retcon is appended (used to
        rebuild the state before anything is written).
        """
        return void_actions(self._entries, then=then)

    def effective(self, *, then: Retcon | None = None) -> list[Entry]:
        """The entries that make the current state: no retcons, nothing taken back
        (with ``then``: the state once that retcon is appended)."""
        return effective_entries(self._entries, then=then)

    def actions(self) -> list[int]:
        return sorted({e.action for e in self._entries})

    def action_events(self, action: int) -> list[Event]:
        return [e.event for e in self._entries if e.action == action]

    # ------------------------------------------------------------------ views

    def to_frame(self, *, effective_only: bool = False) -> Any:
        """A pandas DataFrame, one row per event, with a readable summary.

        Columns: ``seq, action, at, system, kind, summary, faces, source,
        retconned, data`` (``data`` is the event's JSON).
        """
        effective_only = checks.flag(effective_only, "effective_only", error=JournalError)
        return log_frame(self._entries, effective_only=effective_only)

    def export(
        self, path: str | os.PathLike[str], fmt: Literal["csv", "json", "md"] | None = None
    ) -> Path:
        """Write the log to ``path`` as CSV, JSON or Markdown (by suffix unless ``fmt``).

        Every format keeps each roll's context: the summary line, the faces
        with their chains, random or typed, and the full event data (in
        Markdown as compact JSON in the last column). Markdown cells are
        escaped, so a ``|``, a newline or HTML in a note cannot break the table.
        """
        target = checks.path(path, "an export's path", error=JournalError)
        return self._export(target, log_format(target, fmt))

    def _export(self, target: Path, kind: str, *, entries: Sequence[Entry] | None = None) -> Path:
        """Write ``entries`` (all by default) as the log in ``kind``; given entries are
        the public ones (:meth:`Game.export <isowidgets.game.Game.export>`), and the
        Markdown title says so."""
        try:
            return _write_log(
                target,
                kind,
                self._entries if entries is None else entries,
                title=self.path.stem if self.path else "session",
                public=entries is not None,
            )
        except OSError as exc:
            raise JournalError(
                f"cannot export to {shown(str(target))}: {exc.strerror or exc}"
            ) from None


def log_format(target: Path, fmt: object) -> str:
    """The log format to write ``target`` in: ``fmt`` (checked), else by its suffix.

    Raises:
        JournalError: ``fmt`` is not ``csv``, ``json`` or ``md``, or it is ``None``
            and the suffix names none of them.
    """
    if fmt is not None:
        fmt = checks.choice(fmt, "fmt", ("csv", "json", "md"), error=JournalError)
    kind = fmt or {".csv": "csv", ".json": "json", ".md": "md", ".markdown": "md"}.get(
        target.suffix.lower()
    )
    if kind not in ("csv", "json", "md"):
        raise JournalError(
            f"cannot export to {shown(target.name)}: use a .csv, .json or .md file (or pass fmt)"
        )
    return str(kind)


def entry_row(entry: Entry) -> dict[str, Any]:
    """How the log reads one entry: ``seq, action, kind, summary, faces, source`` (the
    faces of each roll with its pool's label; random, typed or both)."""
    rolls = entry.event.rolls()
    return {
        "seq": entry.seq,
        "action": entry.action,
        "kind": entry.kind,
        "summary": entry.event.describe(),
        "faces": " | ".join(
            (f"{r.pool.label}: " if r.pool.label else "") + r.faces_text() for r in rolls
        ),
        "source": ",".join(sorted({r.source for r in rolls})),
    }


def log_frame(entries: Sequence[Entry], *, effective_only: bool = False) -> Any:
    """``entries`` as the log's DataFrame (see :meth:`Journal.to_frame`); what is
    retconned is read from these entries' own retcons."""
    import pandas as pd

    void = void_actions(entries)
    rows = []
    source = effective_entries(entries) if effective_only else entries
    for entry in source:
        row = entry_row(entry)
        rows.append(
            {
                "seq": row["seq"],
                "action": row["action"],
                "at": entry.at,
                "system": entry.system,
                "kind": row["kind"],
                "summary": row["summary"],
                "faces": row["faces"],
                "source": row["source"],
                "retconned": entry.action in void,
                "data": json.dumps(entry.event.model_dump(mode="json"), ensure_ascii=False),
            }
        )
    columns = [
        "seq",
        "action",
        "at",
        "system",
        "kind",
        "summary",
        "faces",
        "source",
        "retconned",
        "data",
    ]
    return pd.DataFrame(rows, columns=columns)


PUBLIC_NOTE = (
    "public log: GM-only entries, and what follows only from them, are left out until "
    "shown; its rolls cannot be verified from it (verify the session's journal)"
)
"""What a public export's Markdown title line says under the title."""


def _write_log(
    target: Path, kind: str, entries: Sequence[Entry], *, title: str, public: bool
) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    frame = log_frame(entries)
    frame["at"] = frame["at"].map(lambda t: t.isoformat(timespec="seconds"))
    if kind == "csv":
        frame.to_csv(target, index=False)
    elif kind == "json":
        records = frame.to_dict(orient="records")
        for record in records:
            record["data"] = json.loads(record["data"])
        target.write_text(json.dumps(records, indent=1, ensure_ascii=False), encoding="utf-8")
    else:
        frame["data"] = [
            json.dumps(json.loads(d), ensure_ascii=False, separators=(",", ":"))
            for d in frame["data"]
        ]
        cells = frame.map(lambda v: _markdown_cell(v) if isinstance(v, str) else v)
        table = cells.to_markdown(index=False, disable_numparse=True)
        note = f"*{PUBLIC_NOTE}*\n\n" if public else ""
        target.write_text(
            f"# Session log: {_markdown_cell(title)}\n\n{note}{table}\n", encoding="utf-8"
        )
    return target


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
    (the public ones, :func:`isowidgets.visibility.public_entries`) reads the same way.
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


def _retcon_problem(event: Event, action: int, earlier: set[int]) -> str:
    """Why ``event`` (in ``action``) cannot be a retcon there, or ``""``."""
    if not isinstance(event, Retcon) or event.action in earlier:
        return ""
    when = "a later action" if event.action >= action else "an action that is not in the journal"
    return (
        f"a retcon in action #{action} takes back action #{event.action}, {when}; a retcon "
        "can only take back an earlier action"
    )


def _markdown_cell(text: str) -> str:
    """``text`` as one Markdown table cell: escaped, on one line, rendered as typed."""
    for raw, safe in (("\\", "\\\\"), ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("|", "\\|")):
        text = text.replace(raw, safe)
    return "<br>".join(text.splitlines())


def _lines(handle: BinaryIO, limit: int) -> Iterator[tuple[bytes, bool]]:
    """Each line of ``handle`` (without its newline) and whether a newline ended it.

    Read in chunks of :data:`_CHUNK` bytes, so memory holds at most about one line
    of ``limit`` bytes and one chunk: a line longer than ``limit`` is given as its
    first ``limit + 1`` bytes (so the caller sees it is too long) and reading stops.
    """
    buffer = bytearray()
    while chunk := handle.read(_CHUNK):
        buffer += chunk
        start = 0
        while (end := buffer.find(b"\n", start)) >= 0:
            if end - start > limit:
                yield bytes(buffer[start : start + limit + 1]), False
                return
            yield bytes(buffer[start:end]), True
            start = end + 1
        del buffer[:start]
        if len(buffer) > limit:
            yield bytes(buffer[: limit + 1]), False
            return
    if buffer:
        yield bytes(buffer), False


_CHUNK = 1 << 16


def _is_json(raw: bytes) -> bool:
    """Whether ``raw`` parses as JSON at all (a torn write never does)."""
    try:
        json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return False
    return True


def read_entries(lines: Iterable[str]) -> list[Entry]:
    """Validate journal lines without opening a file (for tools and tests)."""
    return [Entry.from_line(line) for line in lines if line.strip()]
