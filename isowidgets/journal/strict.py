"""A journal line's JSON read strictly: the parse, the envelope's schema, an event's data.

What :meth:`~isowidgets.journal.codec.Entry.from_line` reads a line with, the long way
(the codec's one-pass reading takes only a line exactly as the kit writes it, and gives
any other line to this): JSON without NaN, Infinity, a key twice in one object or
nesting too deep to read (:func:`parse`), the envelope every line has
(:class:`Envelope`), an event's data validated strictly with the model of its kind
(:func:`event_of`), and what pydantic refused first said as the kit's message
(:func:`first_error`). Every problem is a :class:`LineProblem`, a ``ValueError`` whose
message names what is wrong.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from ..checks import shown
from ..errors import cause
from ..reasons import pydantic_reason
from ..words import Message, msg, render
from .events import Event, Resolver

__all__ = ["Envelope", "LineProblem", "event_of", "first_error", "parse"]


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


def _parse_time(value: Any) -> datetime:
    if not isinstance(value, str):
        raise ValueError(f"the time must be an ISO 8601 text, got {shown(value)}")
    return datetime.fromisoformat(value)


class Envelope(BaseModel):
    """What every journal line holds around its event's data, validated strictly (the
    data is a JSON object here; :func:`event_of` reads it as its kind's event)."""

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


def parse(text: str) -> Any:
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


def event_of(system: str, kind: str, data: Any, resolve: Resolver) -> Event:
    """The event of kind ``(system, kind)`` holding ``data``, validated strictly."""
    payload_type = resolve(system, kind)
    try:
        # JSON mode, strict: arrays may fill tuples, but no value changes its type.
        text = json.dumps(data, ensure_ascii=False)
        return payload_type.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise LineProblem(
            "journal.bad_event", "{kind} event: {problem}", kind=kind, problem=first_error(exc)
        ) from None
    except RecursionError:
        raise LineProblem(
            "journal.event_too_deep", "{kind} event: data nested too deeply", kind=kind
        ) from None


def first_error(exc: ValidationError) -> Message:
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
