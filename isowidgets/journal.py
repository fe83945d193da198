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
* **Flushed per action.** Each action is written with one ``write`` and flushed
  before the call returns, so a killed kernel loses nothing it reported done.
  ``sync="fsync"`` also asks the OS to put it on the disk (power-loss safety,
  slower).
* **Validated on load.** Every line is parsed as JSON and checked against the
  schema of its event kind. Nothing in a file is executed. A torn last line (a
  crash mid-write) is moved aside to ``<name>.torn`` and reported, not fatal; a
  bad line anywhere else is an error that names the line.
* **One writer.** The file is locked while open; a second kernel gets a clear
  :class:`~isowidgets.errors.JournalLockedError`. Re-running the notebook cell
  that opened it in the same kernel simply takes the journal over.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    ValidationError,
    WithJsonSchema,
)

from .dice import PoolRoll
from .errors import DiceError, JournalError, JournalLockedError

try:  # POSIX only; elsewhere the lock is skipped.
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "Entry",
    "Event",
    "Journal",
    "Note",
    "Retcon",
    "RollField",
    "Rolled",
    "SessionStarted",
    "SettingsChanged",
    "event_type",
    "read_entries",
]

FORMAT_VERSION = 1


# --------------------------------------------------------------------------- events


def _validate_roll(value: Any) -> PoolRoll:
    if isinstance(value, PoolRoll):
        return value
    if not isinstance(value, Mapping):
        raise ValueError(f"a roll must be an object with pool, faces and source, got {value!r}")
    try:
        return PoolRoll.from_record(value)
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
    """The payload class registered for ``(system, kind)``."""
    try:
        return _REGISTRY[(system, kind)]
    except KeyError:
        known = sorted(k for s, k in _REGISTRY if s == system)
        raise JournalError(
            f"unknown event kind {kind!r} for system {system!r}; known kinds: {known}. "
            "Tip: import the module of that system before opening its journal."
        ) from None


class SessionStarted(Event):
    """The first event of every journal: which system, which seed, which settings."""

    kind: ClassVar[str] = "session_started"
    game: str
    seed: int | str
    settings: dict[str, Any]
    kit_version: str
    title: str = ""

    def describe(self) -> str:
        title = f" “{self.title}”" if self.title else ""
        return f"{self.game} session{title} started (seed {self.seed})"


class SettingsChanged(Event):
    """House rules changed: ``{name: [old, new]}``."""

    kind: ClassVar[str] = "settings_changed"
    changes: dict[str, tuple[Any, Any]]

    def describe(self) -> str:
        parts = [f"{name}: {old!r} → {new!r}" for name, (old, new) in self.changes.items()]
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


class _Envelope(BaseModel):
    model_config = ConfigDict(extra="forbid")

    v: Literal[1]
    seq: int = Field(ge=1)
    action: int = Field(ge=1)
    end: bool
    at: datetime
    system: str
    kind: str
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Entry:
    """One journal line: an event with its sequence number, action and time."""

    seq: int
    action: int
    end: bool
    at: datetime
    event: Event

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
            "at": self.at.isoformat(timespec="milliseconds"),
            "system": self.event.system,
            "kind": self.event.kind,
            "data": self.event.model_dump(mode="json"),
        }
        return json.dumps(record, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_line(cls, line: str) -> Entry:
        """Parse and validate one line (raises ``ValueError`` with the reason)."""
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not JSON ({exc.msg})") from None
        if not isinstance(raw, dict):
            raise ValueError("not a JSON object")
        try:
            envelope = _Envelope.model_validate(raw)
        except ValidationError as exc:
            raise ValueError(_first_error(exc)) from None
        payload_type = event_type(envelope.system, envelope.kind)
        try:
            event = payload_type.model_validate(envelope.data)
        except ValidationError as exc:
            raise ValueError(f"{envelope.kind} event: {_first_error(exc)}") from None
        return cls(envelope.seq, envelope.action, envelope.end, envelope.at, event)


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(x) for x in error["loc"])
    return f"{where}: {error['msg']} (got {error.get('input')!r})"


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
        if sync not in ("flush", "fsync"):
            raise JournalError(f"sync must be 'flush' or 'fsync', got {sync!r}")
        self.path = path
        self.sync = sync
        self._clock = clock
        self._entries: list[Entry] = []
        self._file: IO[str] | None = None
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

        Existing lines are read and validated first. Raises
        :class:`~isowidgets.errors.JournalError` naming the line if the file
        is not a valid journal, and :class:`~isowidgets.errors.JournalLockedError`
        if another process is writing it.
        """
        journal = cls(Path(path), sync=sync, clock=clock)
        journal._attach()
        return journal

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
                handle = open(path, "a+", encoding="utf-8", newline="\n")  # noqa: SIM115
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

    def _read_existing(self, handle: IO[str]) -> None:
        assert self.path is not None
        handle.seek(0)
        text = handle.read()
        if not text:
            return
        lines = text.split("\n")
        tail = lines.pop()  # "" when the file ends with a newline
        torn = tail
        entries: list[Entry] = []
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                entry = Entry.from_line(line)
            except (ValueError, JournalError) as exc:
                if number == len(lines) and not tail:
                    # A bad final line: treat like a torn write, keep everything before it.
                    torn = line + "\n"
                    break
                raise JournalError(
                    f"{self.path}, line {number}: {exc}. The journal cannot be replayed past "
                    "this line. Tip: keep the file as it is and open a copy without that line."
                ) from None
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
            entries.append(entry)
        if torn:
            self._set_aside(handle, text, torn)
        self._entries = entries
        for action, size in self._incomplete_actions().items():
            self.problems.append(
                f"action #{action} was cut short by a crash ({size} of its events were "
                "written); it is skipped"
            )

    def _set_aside(self, handle: IO[str], text: str, torn: str) -> None:
        assert self.path is not None
        keep = text[: len(text) - len(torn)]
        side = self.path.with_name(self.path.name + ".torn")
        with open(side, "a", encoding="utf-8") as out:
            out.write(torn if torn.endswith("\n") else torn + "\n")
        handle.seek(0)
        handle.truncate(len(keep.encode("utf-8")))
        handle.seek(0, os.SEEK_END)
        preview = torn.strip()[:60]
        self.problems.append(
            f"the last line was torn by a crash mid-write and was skipped "
            f"(moved to {side.name}): {preview!r}"
        )

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

    def append(self, *events: Event) -> list[Entry]:
        """Write ``events`` as one action and return their entries.

        Either every line of the action is handed to the OS and flushed, or
        :class:`~isowidgets.errors.JournalError` is raised and the in-memory
        journal is unchanged.
        """
        if not events:
            raise JournalError("an action must hold at least one event")
        for event in events:
            if not isinstance(event, Event) or not event.kind:
                raise JournalError(f"only registered Event payloads can be journaled: {event!r}")
        if self.closed:
            raise JournalError(
                f"journal {self.path} was closed (or re-opened elsewhere in this kernel); "
                "Tip: use the game object that opened it last."
            )
        at = self._clock()
        action = (self._entries[-1].action + 1) if self._entries else 1
        seq = len(self._entries)
        new = [
            Entry(seq + i + 1, action, i == len(events) - 1, at, event)
            for i, event in enumerate(events)
        ]
        if self._file is not None:
            data = "".join(entry.to_line() + "\n" for entry in new)
            try:
                self._file.write(data)
                self._file.flush()
                if self.sync == "fsync":
                    os.fsync(self._file.fileno())
            except OSError as exc:
                raise JournalError(f"could not write journal {self.path}: {exc}") from None
        self._entries.extend(new)
        return new

    # ------------------------------------------------------------------ reading

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every valid line, in order (including retconned and cut-short actions)."""
        return tuple(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(tuple(self._entries))

    def _incomplete_actions(self) -> dict[int, int]:
        sizes: dict[int, int] = {}
        ended: set[int] = set()
        for entry in self._entries:
            sizes[entry.action] = sizes.get(entry.action, 0) + 1
            if entry.end:
                ended.add(entry.action)
        return {a: n for a, n in sizes.items() if a not in ended}

    def void_actions(self) -> set[int]:
        """Actions taken back by a retcon that is itself in force."""
        incomplete = set(self._incomplete_actions())
        void: set[int] = set()
        for entry in reversed(self._entries):
            if entry.action in void or entry.action in incomplete:
                continue
            if isinstance(entry.event, Retcon):
                void.add(entry.event.action)
        return void | incomplete

    def effective(self) -> list[Entry]:
        """The entries that make the current state: no retcons, nothing taken back."""
        void = self.void_actions()
        return [
            e for e in self._entries if e.action not in void and not isinstance(e.event, Retcon)
        ]

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
        import pandas as pd

        void = self.void_actions()
        rows = []
        source = self.effective() if effective_only else self._entries
        for entry in source:
            rolls = entry.event.rolls()
            rows.append(
                {
                    "seq": entry.seq,
                    "action": entry.action,
                    "at": entry.at,
                    "system": entry.system,
                    "kind": entry.kind,
                    "summary": entry.event.describe(),
                    "faces": " | ".join(
                        (f"{r.pool.label}: " if r.pool.label else "") + r.faces_text()
                        for r in rolls
                    ),
                    "source": ",".join(sorted({r.source for r in rolls})),
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

    def export(
        self, path: str | os.PathLike[str], fmt: Literal["csv", "json", "md"] | None = None
    ) -> Path:
        """Write the log to ``path`` as CSV, JSON or Markdown (by suffix unless ``fmt``).

        Every format keeps each roll's context: the summary line, the faces
        with their chains, random or typed, and the full event data.
        """
        target = Path(path)
        kind = fmt or {".csv": "csv", ".json": "json", ".md": "md", ".markdown": "md"}.get(
            target.suffix.lower()
        )
        if kind not in ("csv", "json", "md"):
            raise JournalError(
                f"cannot export to {target.name!r}: use a .csv, .json or .md file (or pass fmt)"
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        frame = self.to_frame()
        frame["at"] = frame["at"].map(lambda t: t.isoformat(timespec="seconds"))
        if kind == "csv":
            frame.to_csv(target, index=False)
        elif kind == "json":
            records = frame.to_dict(orient="records")
            for record in records:
                record["data"] = json.loads(record["data"])
            target.write_text(json.dumps(records, indent=1, ensure_ascii=False), encoding="utf-8")
        else:
            shown = frame.drop(columns=["data"])
            title = self.path.stem if self.path else "session"
            text = f"# Session log: {title}\n\n" + shown.to_markdown(index=False) + "\n"
            target.write_text(text, encoding="utf-8")
        return target


def read_entries(lines: Iterable[str]) -> list[Entry]:
    """Validate journal lines without opening a file (for tools and tests)."""
    return [Entry.from_line(line) for line in lines if line.strip()]
