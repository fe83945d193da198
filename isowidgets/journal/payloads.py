"""An event made the data of a journal line: serialised once, bounded, and read back.

Before an event is journaled its data is written once, as compact UTF-8 JSON
(:class:`Payload`), by :func:`encode_event`, which refuses text that cannot be stored
(a lone surrogate) and an event whose line would be longer than
:data:`MAX_LINE_BYTES` (a :class:`LineError`). :func:`journalable` also reads each
payload back as a line is read (:func:`reads_back`, with :mod:`strict
<.journal.strict>`): an event that would not replay as the very same event is refused
before anything is written. :func:`line_opening` writes a line up to its data, as
every line the codec makes and compares begins (:mod:`codec <.journal.codec>` makes the
whole line, with its head, and reads it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from .. import checks
from ..checks import shown
from ..errors import JournalError, RuleError, cause
from ..words import Message, Number, msg, render
from .chain import HEAD_SUFFIX_BYTES
from .events import Event, Resolver, event_type
from .strict import LineProblem, event_of, parse

__all__ = [
    "FORMAT_VERSION",
    "MAX_LINE_BYTES",
    "LineError",
    "Payload",
    "check_size",
    "data_text",
    "encode_event",
    "journalable",
    "line_opening",
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


def data_text(event: Event) -> str:
    """``event``'s data as a line holds it: compact JSON, non-ASCII text as it is."""
    return json.dumps(event.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))


def line_opening(
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
    (:meth:`~.codec.Entry.from_bytes`), so it is made quickly. An ISO time holds digits,
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


def check_size(size: int, kind: str) -> None:
    """Refuse a line of ``size`` bytes (of a ``kind`` event) longer than
    :data:`MAX_LINE_BYTES`, with a :class:`LineError` saying nothing was written."""
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
    text = data_text(event)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise LineError(
            "journal.unstorable",
            "{problem}",
            problem=checks.unstorable(f"the {event.kind} event's text", exc),
        ) from None
    shortest = line_opening(1, 1, True, False, _PLACEHOLDER_AT, event)
    check_size(len(shortest.encode("utf-8")) + len(data) + HEAD_SUFFIX_BYTES, event.kind)
    return Payload(event, data)


def reads_back(payload: Payload, resolve: Resolver = event_type) -> str:
    """Why ``payload`` would not read back from its line as the very same event (``""``
    when it does): read as :meth:`~.codec.Entry.from_line` reads a line's data.

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
        raw = parse(payload.data.decode("utf-8"))
        again = event_of(event.system, event.kind, raw, resolve)
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
