"""The journal's codec: the one place a journal line is made and the one place it is read.

A line is one JSON object::

    {"v":2,"seq":7,"action":4,"end":true,"at":"…","system":"core","kind":"note","data":{…},"h":"…"}

(``"gm":true`` after ``end`` only for a GM-only action; ``"h"``, always last, is the
hash of the journal up to and including the line, see :mod:`chain <.journal.chain>`). Lines written
before lines were chained are format 1, without ``"h"``; they are read as they are.

An event's data is serialised once, as a :class:`~.payloads.Payload`, when it is about
to be journaled (:mod:`payloads <.journal.payloads>`): the game checks that payload reads
back as the very same event, and the journal writes it here as an :class:`Entry`'s line,
so no event is turned into JSON twice. Every check on the way is written once: text
that cannot be stored (a lone surrogate), a line longer than
:data:`~.payloads.MAX_LINE_BYTES`, and, on reading, the strict schema of the line's kind
(the long way, :mod:`strict <.journal.strict>`). This module still gives every name it
gave (``Payload``, ``encode_event``, ``journalable``, ``reads_back``, ``LineError``,
``LineProblem``, ``FORMAT_VERSION``, ``MAX_LINE_BYTES``).

Reading is strict: every value must have the JSON type its field names (``"2"`` is
not a sequence number, ``2.5`` is not a face), and NaN, Infinity, duplicate keys and
absurd nesting are refused. Which class a line's ``system`` and ``kind`` name is
asked of the resolver the caller passes (by default
:func:`~isowidgets.journal.kinds.event_type`).
"""

from __future__ import annotations

import dataclasses
import itertools
import operator
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, overload

from pydantic import TypeAdapter, ValidationError, create_model

from ..checks import shown
from ..words import Number
from .chain import link, with_head
from .events import Event, Resolver, event_type
from .payloads import (
    FORMAT_VERSION,
    MAX_LINE_BYTES,
    LineError,
    Payload,
    check_size,
    data_text,
    encode_event,
    journalable,
    line_opening,
    reads_back,
)
from .strict import Envelope, LineProblem, event_of, first_error, parse

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

# --------------------------------------------------------------------------- reading


_OPENING = re.compile(
    rb'\{"v":[12],"seq":[1-9][0-9]*,"action":[1-9][0-9]*,"end":(?:true|false)(?:,"gm":true)?,'
    rb'"at":"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}'
    rb'(?:[+-][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{6})?)?)?",'
    rb'"system":"([a-z0-9_]{1,64})","kind":"([a-z0-9_]{1,64})","data":'
)
"""How every line the kit writes begins, up to its data (as
:func:`~.payloads.line_opening` writes it): each of the envelope's keys once, in
order, its numbers without a leading zero, its time as
``isoformat(timespec="milliseconds")`` writes one, its texts of letters, digits and
``_`` only. So what it holds reads the same whichever way the line is read, and the
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
            f"{payload_type.__name__}Line", __base__=Envelope, data=(payload_type, ...)
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
    :func:`~.strict.parse` does; so the line is taken only if it is, byte for byte, its
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
        line: Envelope = line_type.line.validator.validate_json(raw, strict=True)
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
        return line_opening(
            self.seq, self.action, self.end, self.gm, self.at, self.event, self.version
        )

    def to_line(self) -> str:
        """The entry's journal line (without its newline)."""
        body = f"{self._head()}{data_text(self.event)}}}"
        return body[:-1] + f',"h":"{self.head}"}}' if self.head else body

    def encode(self, payload: Payload, previous: bytes) -> tuple[Entry, bytes, bytes]:
        """The entry as written after the head ``previous``, from its event's ``payload``:
        the entry with its head, its line (without its newline) and the new head.

        Raises:
            LineError: the line would be longer than :data:`~.payloads.MAX_LINE_BYTES`.
        """
        prefix = line_opening(self.seq, self.action, self.end, self.gm, self.at, self.event)
        body = prefix.encode("utf-8") + payload.data + b"}"
        head = link(previous, body)
        line = with_head(body, head)
        check_size(len(line), self.kind)
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
                :data:`~.payloads.MAX_LINE_BYTES`); the message says why.
            JournalError: the event kind is unknown (see
                :func:`~isowidgets.journal.kinds.event_type`).
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
        raw = parse(line)
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
            envelope = Envelope.model_validate(raw)
        except ValidationError as exc:
            raise LineProblem(first_error(exc)) from None
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
        event = event_of(envelope.system, envelope.kind, envelope.data, resolve)
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
