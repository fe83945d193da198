"""The journal's codec: the one place a journal line is made and the one place it is read.

A line is one JSON object::

    {"v":2,"seq":7,"action":4,"end":true,"at":"…","system":"core","kind":"note","data":{…},"h":"…"}

(``"gm":true`` after ``end`` only for a GM-only action; ``"h"``, always last, is the
hash of the journal up to and including the line, see :mod:`chain <.journal.chain>`). Lines written
before lines were chained are format 1, without ``"h"``; they are read as they are.

An event's data is serialised once, as a :class:`Payload`, when it is about to be
journaled: the game checks that payload reads back as the very same event, and the
journal writes it, so no event is turned into JSON twice. Every check on the way is
written here once: text that cannot be stored (a lone surrogate), a line longer than
:data:`MAX_LINE_BYTES`, and, on reading, the strict schema of the line's kind.

Reading is strict: every value must have the JSON type its field names (``"2"`` is
not a sequence number, ``2.5`` is not a face), and NaN, Infinity, duplicate keys and
absurd nesting are refused. Which class a line's ``system`` and ``kind`` name is
asked of the resolver the caller passes (by default
:func:`~isowidgets.journal.events.event_type`).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import operator
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal, overload

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    create_model,
)

from .. import checks
from ..checks import shown
from ..errors import JournalError, RuleError, cause
from ..reasons import pydantic_reason
from ..words import Message, Number, msg, render
from .chain import HEAD_SUFFIX_BYTES, link, with_head
from .events import Event, Resolver, event_type

__all__ = [
    "FORMAT_VERSION",
    "MAX_LINE_BYTES",
    "Entries",
    "Entry",
    "LineError",
    "LineProblem",
    "Payload",
    "encode_event",
    "journalable",
    "read_entries",
    "reads_back",
]

FORMAT_VERSION = 2
"""The format of the lines written now: 2 carries the chain's head (``"h"``); 1 was
written before lines were chained, and is still read."""

MAX_LINE_BYTES = 1 << 20
"""The longest journal line (one event) written or read: 1 MiB. A note, a label or
a roll is far shorter; a longer line is refused on write (nothing is written) and
on read is an error naming its line number, found after reading no more than
1 MiB of it, so memory stays bounded whatever a file holds."""

_PLACEHOLDER_AT = datetime(2000, 1, 1)
"""The time of the shortest line an event can be (to refuse a surely too long event
before its real line is made): any time will do."""


class LineProblem(ValueError):
    """A journal line that cannot be read (or written), said as a message (its
    English is the exception's text): a ``ValueError`` for callers that catch those, and
    the journal names the line and renders the message in its reader's language.

    Attributes:
        message: what is wrong, as a :class:`~.Message`.
    """

    def __init__(self, what: str | Message, template: str = "", /, **values: Any) -> None:
        if isinstance(what, Message):
            self.message = what
        else:
            self.message = Message(what, template, "", tuple(values.items()))
        super().__init__(render(self.message))


class LineError(LineProblem):
    """An event that cannot be a journal line: text that cannot be stored, or a line
    longer than :data:`MAX_LINE_BYTES`. Its ``message`` says which and that nothing
    was written; the game raises it as a :class:`~isowidgets.errors.RuleError` (too much
    input), the journal as a :class:`~isowidgets.errors.JournalError`."""


@dataclass(frozen=True, slots=True)
class Payload:
    """An event with its data as the journal writes it: compact JSON, UTF-8, made once."""

    event: Event
    data: bytes


def _data_text(event: Event) -> str:
    return json.dumps(event.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))


def _head(
    seq: int,
    action: int,
    end: bool,
    gm: bool,
    at: datetime,
    event: Event,
    version: int = FORMAT_VERSION,
) -> str:
    """A line up to its data: ``{"v":2,…,"kind":"note","data":``.

    Written out by hand, as compact JSON (``json.dumps`` with ``separators=(",", ":")``
    and ``ensure_ascii=False`` writes the same): every line read is compared with it
    (:meth:`Entry.from_bytes`), so it is made quickly. An ISO time holds digits,
    ``-:+.T`` only, nothing JSON escapes.
    """
    gm_text = ',"gm":true' if gm else ""
    return (
        f'{{"v":{int(version)},"seq":{int(seq)},"action":{int(action)},'
        f'"end":{"true" if end else "false"}{gm_text},'
        f'"at":"{at.isoformat(timespec="milliseconds")}",{_kind_text(type(event))}'
    )


_KIND_TEXTS: dict[type[Event], str] = {}


def _kind_text(kind: type[Event]) -> str:
    """``"system":"…","kind":"…","data":`` of events of class ``kind`` (made once)."""
    text = _KIND_TEXTS.get(kind)
    if text is None:
        names = (json.dumps(name, ensure_ascii=False) for name in (kind.system, kind.kind))
        text = _KIND_TEXTS[kind] = '"system":{},"kind":{},"data":'.format(*names)
    return text


def _check_size(size: int, kind: str) -> None:
    if size > MAX_LINE_BYTES:  # too much input (a bound a rule forgot), not a bug
        raise LineError(
            "journal.line_too_big",
            "the {kind} event would be a journal line of {size} bytes; a line holds at most "
            "{most} bytes (1 MiB). Allowed: shorter text and fewer items; nothing was written.",
            kind=kind,
            size=Number(size),
            most=Number(MAX_LINE_BYTES),
        )


def encode_event(event: Event) -> Payload:
    """``event``'s data as the journal writes it (serialised once, here).

    Raises:
        LineError: the event holds text that cannot be stored (a lone surrogate a
            person typed or pasted), or its line would be longer than
            :data:`MAX_LINE_BYTES` however it is numbered.
        ValueError, TypeError: the event's data cannot be serialised at all (a bug
            in the rules that made it).
    """
    text = _data_text(event)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise LineError(
            "journal.unstorable",
            "{problem}",
            problem=checks.unstorable(f"the {event.kind} event's text", exc),
        ) from None
    shortest = _head(1, 1, True, False, _PLACEHOLDER_AT, event)
    _check_size(len(shortest.encode("utf-8")) + len(data) + HEAD_SUFFIX_BYTES, event.kind)
    return Payload(event, data)


def reads_back(payload: Payload, resolve: Resolver = event_type) -> str:
    """Why ``payload`` would not read back from its line as the very same event (``""``
    when it does): read as :meth:`Entry.from_line` reads a line's data.

    Pydantic does not re-validate dataclass values handed to an event, so a rule that
    let a wrong value through (an id of ``None``) would otherwise be journaled and only
    fail when the file is reopened.
    """
    problem = _not_back(payload, resolve)
    return "" if problem is None else render(problem) if isinstance(problem, Message) else problem


def _not_back(payload: Payload, resolve: Resolver = event_type) -> Message | str | None:
    """:func:`reads_back`'s answer as a message (``None`` when it reads back)."""
    event = payload.event
    try:
        raw = _parse(payload.data.decode("utf-8"))
        again = _event_of(event.system, event.kind, raw, resolve)
    except (ValueError, TypeError, JournalError) as exc:
        return cause(exc)
    if again == event:
        return None
    return msg("journal.reads_back_different", "it reads back as a different event")


def journalable(*events: Event) -> list[Payload | Event]:
    """Serialise each event once for the journal, refusing one that would not replay: its
    data, read back as a line is read, must be the very same event (:func:`reads_back`).

    Returns:
        The events' payloads, ready to write, in order (an object that is no journal
        event is passed on as it is: the journal refuses it with its own message).

    Raises:
        RuleError: the event holds text that cannot be stored (a lone surrogate a
            person typed or pasted), or is longer than a journal line may be
            (:data:`MAX_LINE_BYTES`); nothing is written.
        JournalError: the event does not survive the round trip (a bug in the rules
            that made it); nothing is written.
    """
    checked: list[Payload | Event] = []
    for event in events:
        if not isinstance(event, Event) or not event.kind:
            checked.append(event)
            continue
        try:
            payload = encode_event(event)
        except LineError as exc:  # bad input, not a bug: say so
            raise RuleError(exc.message) from None
        except (ValueError, TypeError) as exc:
            problem: Message | str | None = cause(exc)
        else:
            problem = _not_back(payload)
            checked.append(payload)
        if problem is not None:
            raise JournalError(
                "journal.not_journalable",
                "a {kind} event cannot be journaled: {problem}. Allowed: only values that read "
                "back unchanged from the journal; nothing was written. Tip: this is a bug in "
                "the rules that made the event; please report it with this value: {got}",
                kind=event.kind,
                problem=problem,
                got=shown(event, 1000),
            )
    return checked


# --------------------------------------------------------------------------- reading


def _parse_time(value: Any) -> datetime:
    if not isinstance(value, str):
        raise ValueError(f"the time must be an ISO 8601 text, got {shown(value)}")
    return datetime.fromisoformat(value)


class _Envelope(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    v: Literal[1, 2]
    seq: int = Field(ge=1)
    action: int = Field(ge=1)
    end: bool
    gm: Literal[True] = True  # written only when set: absent means public
    at: Annotated[datetime, BeforeValidator(_parse_time)]
    system: str
    kind: str
    data: dict[str, Any]
    h: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")


def _refuse_constant(name: str) -> Any:
    raise LineProblem("journal.json_constant", "{name} is not a number JSON allows", name=name)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    record = dict(pairs)
    if len(record) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise LineProblem(
            "journal.key_twice", "the key {key} appears twice in one object", key=shown(twice)
        )
    return record


def _parse(text: str) -> Any:
    """JSON text, strictly: no NaN or Infinity, no key twice in one object."""
    try:
        return json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise LineProblem(
            "journal.json_too_deep", "not a journal line (JSON nested too deeply to read)"
        ) from None
    except json.JSONDecodeError as exc:
        raise LineProblem("journal.not_json", "not JSON ({problem})", problem=exc.msg) from None
    except ValueError as exc:  # NaN/Infinity, a duplicate key, a number too long
        raise LineProblem(
            "journal.bad_json", "not valid journal JSON ({problem})", problem=cause(exc)
        ) from None


def _event_of(system: str, kind: str, data: Any, resolve: Resolver) -> Event:
    """The event of kind ``(system, kind)`` holding ``data``, validated strictly."""
    payload_type = resolve(system, kind)
    try:
        # JSON mode, strict: arrays may fill tuples, but no value changes its type.
        text = json.dumps(data, ensure_ascii=False)
        return payload_type.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise LineProblem(
            "journal.bad_event", "{kind} event: {problem}", kind=kind, problem=_first_error(exc)
        ) from None
    except RecursionError:
        raise LineProblem(
            "journal.event_too_deep", "{kind} event: data nested too deeply", kind=kind
        ) from None


def _first_error(exc: ValidationError) -> Message:
    """What is wrong with the first field pydantic refused, as the kit's message
    (:func:`isowidgets.reasons.pydantic_reason`)."""
    error = exc.errors()[0]
    where = ".".join(str(x) for x in error["loc"])
    if error["type"] == "value_error":  # our own validators name the value already
        return msg(
            "journal.field_value",
            "{where}: {problem}",
            where=where,
            problem=pydantic_reason(error),
        )
    return msg(
        "journal.field_type",
        "{where}: {problem} (got {got})",
        where=where,
        problem=pydantic_reason(error),
        got=shown(error.get("input")),
    )


_OPENING = re.compile(
    rb'\{"v":[12],"seq":[1-9][0-9]*,"action":[1-9][0-9]*,"end":(?:true|false)(?:,"gm":true)?,'
    rb'"at":"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}'
    rb'(?:[+-][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{6})?)?)?",'
    rb'"system":"([a-z0-9_]{1,64})","kind":"([a-z0-9_]{1,64})","data":'
)
"""How every line the kit writes begins, up to its data (as :func:`_head` writes it):
each of the envelope's keys once, in order, its numbers without a leading zero, its
time as ``isoformat(timespec="milliseconds")`` writes one, its texts of letters, digits
and ``_`` only. So what it holds reads the same whichever way the line is read, and the
line's system and kind, read off it, choose the one model the whole line is validated
with."""


@dataclass(frozen=True, slots=True)
class _LineType:
    """How a line of one event class is read in one pass: a whole line (the envelope with
    that class's data), validated, and its data, written again. Their validator and
    serializer are called as they are (``.validator``, ``.serializer``), without the
    adapter's wrapper around each call: thousands of lines each."""

    line: TypeAdapter[Any]
    data: TypeAdapter[Any]


_LINE_TYPES: dict[type[Event], _LineType] = {}


def _line_type(payload_type: type[Event]) -> _LineType:
    """How a whole line of ``payload_type`` is read (made once per event class)."""
    line_type = _LINE_TYPES.get(payload_type)
    if line_type is None:
        model = create_model(
            f"{payload_type.__name__}Line", __base__=_Envelope, data=(payload_type, ...)
        )
        line_type = _LINE_TYPES[payload_type] = _LineType(
            TypeAdapter(model), TypeAdapter(payload_type)
        )
    return line_type


_HEAD_OPEN = b',"h":"'


def _as_written(raw: bytes, resolve: Resolver) -> Entry | None:
    """Line ``raw`` read in one pass, if it is exactly the line the kit writes for what
    it holds; ``None`` for any other line, valid or not (:meth:`Entry.from_line` reads it
    the long way and says what is wrong).

    Pydantic parses and validates the whole line at once, strictly, with the model of
    the kind its opening names. It does not refuse a key twice, NaN or Infinity as
    :func:`_parse` does; so the line is taken only if it is, byte for byte, its
    opening (:data:`_OPENING`: each of the envelope's keys once, in order, every value
    written as the long way reads it), the event's data as pydantic writes it again
    (which writes no key twice, no NaN and no space, as the journal writes it) and its
    head (``,"h":"…"}``, or ``}`` for a line written before lines were chained). Such a
    line reads as the very same entry the long way.
    """
    opening = _OPENING.match(raw)
    if opening is None or len(raw) > MAX_LINE_BYTES:
        return None
    system, kind = opening[1].decode("ascii"), opening[2].decode("ascii")
    try:
        line_type = _line_type(resolve(system, kind))
        line: _Envelope = line_type.line.validator.validate_json(raw, strict=True)
        event: object = line.data  # the kind's own event (the base names a dict)
        if line.system != system or line.kind != kind or not isinstance(event, Event):
            return None
        if line.h is None:
            if line.v != 1 or raw[-1:] != b"}":
                return None
            end = len(raw) - 1
        else:
            tail = _HEAD_OPEN + line.h.encode("ascii") + b'"}'
            if line.v != 2 or not raw.endswith(tail):
                return None
            end = len(raw) - len(tail)
        data = line_type.data.serializer.to_json(event)
    except Exception:  # whatever it is, the long way reads the line again and says so
        return None
    if opening.end() + len(data) != end or not raw.startswith(data, opening.end()):
        return None
    gm = "gm" in line.model_fields_set
    return Entry(line.seq, line.action, line.end, line.at, event, gm, line.h or "")


# --------------------------------------------------------------------------- entries


@dataclass(frozen=True, slots=True)
class Entry:
    """One journal line: an event with its sequence number, action and time.

    ``gm`` marks an entry of a GM-only action (every entry of the action carries
    it; see :mod:`isowidgets.visibility`). The line holds ``"gm": true`` only when
    it is set.

    ``head`` is the hash of the journal up to and including the line, as the line
    carries it (64 hex digits; see :mod:`chain <.journal.chain>`), or ``""`` for a line written
    before lines were chained (format 1).
    """

    seq: int
    action: int
    end: bool
    at: datetime
    event: Event
    gm: bool = False
    head: str = ""

    @property
    def system(self) -> str:
        return self.event.system

    @property
    def kind(self) -> str:
        return self.event.kind

    @property
    def public_rolls(self) -> int:
        """How many random rolls this entry adds to the session's public count: those its
        event carries, none when it is GM-only (the count shown next to the head)."""
        return 0 if self.gm else sum(roll.source == "random" for roll in self.event.rolls())

    @property
    def version(self) -> int:
        """The line's format: 2 when it carries its head, 1 when it was written before."""
        return FORMAT_VERSION if self.head else 1

    def _head(self) -> str:
        return _head(self.seq, self.action, self.end, self.gm, self.at, self.event, self.version)

    def to_line(self) -> str:
        """The entry's journal line (without its newline)."""
        body = f"{self._head()}{_data_text(self.event)}}}"
        return body[:-1] + f',"h":"{self.head}"}}' if self.head else body

    def encode(self, payload: Payload, previous: bytes) -> tuple[Entry, bytes, bytes]:
        """The entry as written after the head ``previous``, from its event's ``payload``:
        the entry with its head, its line (without its newline) and the new head.

        Raises:
            LineError: the line would be longer than :data:`MAX_LINE_BYTES`.
        """
        prefix = _head(self.seq, self.action, self.end, self.gm, self.at, self.event)
        body = prefix.encode("utf-8") + payload.data + b"}"
        head = link(previous, body)
        line = with_head(body, head)
        _check_size(len(line), self.kind)
        return dataclasses.replace(self, head=head.hex()), line, head

    @classmethod
    def from_bytes(cls, raw: bytes, resolve: Resolver = event_type) -> Entry:
        """:meth:`from_line` of a line as a file holds it (UTF-8, without its newline):
        the same entry, or the same error.

        A line exactly as the kit writes it is parsed and validated in one pass (see
        ``_as_written``); any other is decoded and read by :meth:`from_line`.

        Raises:
            UnicodeDecodeError: the line is not UTF-8 text.
            ValueError, JournalError: as :meth:`from_line`.
        """
        entry = _as_written(raw, resolve) if type(raw) is bytes else None
        if entry is not None:
            return entry
        return cls.from_line(raw.decode("utf-8"), resolve)

    @classmethod
    def from_line(cls, line: str, resolve: Resolver = event_type) -> Entry:
        """Parse and validate one line strictly.

        Every value must have the JSON type its field names: nothing is
        converted (``"2"`` is not 2, ``"yes"`` is not ``true``, ``2.5`` is not a
        face). NaN, Infinity, a key twice in one object and nesting too deep to
        parse are refused too.

        Args:
            line: the line, without its newline.
            resolve: finds the payload class of the line's system and kind.

        Raises:
            ValueError: the line is not valid (or longer than
                :data:`MAX_LINE_BYTES`); the message says why.
            JournalError: the event kind is unknown (see
                :func:`~isowidgets.journal.events.event_type`).
        """
        if not isinstance(line, str):
            raise LineProblem(
                "journal.line_type",
                "a journal line must be text, got {type}",
                type=type(line).__name__,
            )
        line = str.__str__(line)
        if len(line) > MAX_LINE_BYTES or len(line.encode("utf-8", "surrogatepass")) > (
            MAX_LINE_BYTES
        ):
            raise LineProblem(
                "journal.not_a_line_too_long",
                "not a journal line: longer than {most} bytes (1 MiB), the most one event may take",
                most=Number(MAX_LINE_BYTES),
            )
        raw = _parse(line)
        if not isinstance(raw, dict):
            raise LineProblem(
                "journal.not_an_object", "not a JSON object (got {type})", type=type(raw).__name__
            )
        if "gm" in raw and raw["gm"] is not True:  # absent is public: only true is written
            raise LineProblem(
                "journal.gm_mark",
                "gm: only true is written (absent means public), got {got}",
                got=shown(raw["gm"]),
            )
        try:
            envelope = _Envelope.model_validate(raw)
        except ValidationError as exc:
            raise LineProblem(_first_error(exc)) from None
        if (envelope.h is None) != (envelope.v == 1):
            if envelope.v == 1:
                raise LineProblem(
                    "journal.head_v1", "h: a line of format {v} carries no head", v=envelope.v
                )
            raise LineProblem(
                "journal.head_missing",
                "h: a line of format {v} ends with its head, got none",
                v=envelope.v,
            )
        event = _event_of(envelope.system, envelope.kind, envelope.data, resolve)
        return cls(
            envelope.seq,
            envelope.action,
            envelope.end,
            envelope.at,
            event,
            gm="gm" in raw,
            head=envelope.h or "",
        )


class Entries(Sequence[Entry]):
    """A journal's entries as they were when asked for: read-only, made without a copy.

    The journal only ever appends, so the entries before a length never change: a view
    of the list up to its length now reads like the tuple of them (indexing, slicing to
    a tuple, iterating, comparing with a tuple), and costs nothing however long the
    session is, where a copy would cost a pass over the whole journal on every redraw.
    """

    __slots__ = ("_entries", "_length")

    def __init__(self, entries: list[Entry]) -> None:
        self._entries = entries
        self._length = len(entries)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Entry, ...]: ...

    def __getitem__(self, index: int | slice) -> Entry | tuple[Entry, ...]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step > 0:
                return tuple(self._entries[start:stop:step])
            return tuple(self._entries[i] for i in range(start, stop, step))
        position = operator.index(index)
        if position < 0:
            position += self._length
        if not 0 <= position < self._length:
            raise IndexError("journal entry index out of range")
        return self._entries[position]

    def __iter__(self) -> Iterator[Entry]:
        return itertools.islice(self._entries, self._length)

    def __reversed__(self) -> Iterator[Entry]:
        return (self._entries[i] for i in range(self._length - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Entries | tuple):
            return len(other) == self._length and all(
                a == b for a, b in zip(self, other, strict=True)
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


def read_entries(lines: Iterable[str], resolve: Resolver = event_type) -> list[Entry]:
    """Validate journal lines without opening a file (for tools and tests)."""
    return [Entry.from_line(line, resolve) for line in lines if line.strip()]
