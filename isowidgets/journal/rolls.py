"""Rolls inside journal events: how an event holds a roll, finds the rolls it carries,
and how a roll reads in a log line.

A roll in an event is a :data:`RollField`: stored as its record and checked again
(faces in range, explosion chains consistent) when a journal loads. Every
:class:`~.kinds.Event` finds the rolls it carries (:meth:`Event.rolls
<.kinds.Event.rolls>`, for the log's faces column and for ``verify``) by the fields
that may hold one, looked up once per class. :func:`reading_message` says how a roll
reads at a glance (``total 8; 1 even, 2 odd``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, PlainSerializer, PlainValidator, WithJsonSchema

from ..checks import shown
from ..dice import LOAD_LIMITS, PoolRoll
from ..errors import DiceError
from ..words import Message, msg, render

__all__ = ["RollField", "reading_message"]


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
"""A :class:`~.PoolRoll` inside an event; stored as its record and
re-checked (faces in range, explosion chains consistent) when a journal loads."""


_ROLL_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {}

_ATOMIC = (str, int, float, bool, type(None))


def _roll_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of ``model`` that may hold a roll: every field but those whose type is
    plain text, a number, a flag, a literal or ``None`` (or a union of those), which
    validation keeps from ever holding one. Found once per class: a resume asks every
    event for its rolls (twice), and most events carry none."""
    names = _ROLL_FIELDS.get(model)
    if names is None:
        names = tuple(
            name for name, info in model.model_fields.items() if _may_hold_roll(info.annotation)
        )
        _ROLL_FIELDS[model] = names
    return names


def _may_hold_roll(annotation: Any) -> bool:
    if annotation in _ATOMIC:
        return False
    origin = get_origin(annotation)
    if origin is Literal:
        return False
    arms = get_args(annotation)
    if origin is Union or origin is UnionType:
        return any(_may_hold_roll(arm) for arm in arms)
    if origin in (dict, Mapping) and len(arms) == 2:  # only values are looked through
        return _may_hold_roll(arms[1])
    if origin in (list, tuple, Sequence) and arms:
        return any(_may_hold_roll(arm) for arm in arms if arm is not Ellipsis)
    return True  # a roll, a model, Any, anything else: looked through when read


def _collect_rolls(value: Any, found: list[PoolRoll]) -> None:
    if isinstance(value, _ATOMIC):
        return
    if isinstance(value, PoolRoll):
        found.append(value)
    elif isinstance(value, BaseModel):
        for name in _roll_fields(type(value)):
            _collect_rolls(getattr(value, name), found)
    elif isinstance(value, Mapping):
        for item in value.values():
            _collect_rolls(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            _collect_rolls(item, found)


def _changed_rolls(value: Any, change: Callable[[PoolRoll], PoolRoll]) -> Any:
    """``value`` with each roll in it replaced by ``change(roll)`` (looked through as
    :func:`_collect_rolls` looks), or ``value`` itself when none changed."""
    if isinstance(value, _ATOMIC):
        return value
    if isinstance(value, PoolRoll):
        return change(value)
    if isinstance(value, BaseModel):
        updates = {}
        for name in _roll_fields(type(value)):
            item = getattr(value, name)
            new = _changed_rolls(item, change)
            if new is not item:
                updates[name] = new
        return value.model_copy(update=updates) if updates else value
    if isinstance(value, Mapping):
        items = {key: _changed_rolls(item, change) for key, item in value.items()}
        return value if all(items[key] is item for key, item in value.items()) else items
    if isinstance(value, list | tuple):
        new_items = [_changed_rolls(item, change) for item in value]
        if all(new is old for new, old in zip(new_items, value, strict=True)):
            return value
        return new_items if type(value) is list else tuple(new_items)
    return value


def _then(one: Message, rest: Message | str) -> Message:
    """Two parts of one summary, one after the other: ``a; b``."""
    return msg("core.then", "{one}; {rest}", one=one, rest=rest)


def reading_message(roll: PoolRoll, *, parity: bool = True) -> Message:
    """How a roll reads at a glance: its total, evens and odds for numbered dice (with
    ``parity``), and the dice its explosions added (``total 8; 1 even, 2 odd``)."""
    if roll.pool.die.is_fudge:
        said = msg("core.reading_total", "total {total}", total=f"{roll.total:+d}")
    else:
        said = msg("core.reading_total", "total {total}", total=roll.total)
    parts = [said]
    if parity and not roll.pool.die.is_fudge:
        parts.append(
            msg("core.reading_parity", "{evens} even, {odds} odd", evens=roll.evens, odds=roll.odds)
        )
    if roll.extras:
        parts.append(msg("core.reading_extras", "{n} from explosions", n=len(roll.extras)))
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = _then(part, said)
    return said


def _reading(roll: PoolRoll, text: str) -> Message | str:
    """A roll's journaled reading as a message, when it is the reading the kit writes
    for that roll (:func:`reading_message`); any other text as it was written."""
    for parity in (True, False):
        said = reading_message(roll, parity=parity)
        if render(said) == text:
            return said
    return text


def _roll_message(roll: PoolRoll) -> Message:
    """A roll as a log line names it: ``Green: 3×d6 rolled [1 4 6]``."""
    values = {"count": len(roll.dice), "die": str(roll.pool.die), "faces": roll.faces_text()}
    said = (
        msg("core.roll_typed", "{count}×{die} typed in [{faces}]", **values)
        if roll.source == "typed"
        else msg("core.roll_random", "{count}×{die} rolled [{faces}]", **values)
    )
    if roll.pool.label:
        return msg("core.roll_labelled", "{label}: {roll}", label=roll.pool.label, roll=said)
    return said
