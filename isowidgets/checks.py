"""Argument checks for every public call of the kit: one module, every system.

Values reach the kit straight from widgets, notebooks and typed-in text, so each
public method checks its arguments first and refuses a bad one with the kit's
error before anything is computed, rolled or journaled. Every refusal names the
argument, shows the value received (shortened by :func:`~.said.shown`: no message
repeats more than about :data:`~.said.SHOWN` characters of what it was given) and says
what is allowed. The checks of collections (:func:`~.collection_checks.ordered`,
:func:`~.collection_checks.mapping`, :func:`~.collection_checks.keywords`, each read no
further than its bound) are defined in :mod:`~isowidgets.collection_checks`; this
module gives them too.

The checks raise :class:`~isowidgets.errors.RuleError` unless told otherwise
(``error=``), so the dice core can refuse with ``DiceError`` and the settings
with ``SettingsError`` through the same functions.

A value that passes comes back as a plain built-in (``str``, ``int``, ``tuple``):
a subclass with its own ``strip``, ``__eq__`` or ``__hash__`` is read through the
built-in type's methods and never reaches the rules or the journal, so a hostile
object cannot make a check raise anything but the kit's error.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from .collection_checks import (
    MAX_COUNT,
    ErrorType,
    What,
    bounded,
    keywords,
    mapping,
    ordered,
    type_name,
)
from .errors import IsowidgetsError, RuleError
from .said import SHOWN, received, shown
from .words import Message, Number, msg, render

__all__ = [
    "MAX_COUNT",
    "MAX_ID",
    "MAX_NOTE",
    "MAX_PATH",
    "MAX_TEXT",
    "MAX_WHOLE",
    "SHOWN",
    "choice",
    "flag",
    "function",
    "id_list",
    "identifier",
    "keywords",
    "mapping",
    "ordered",
    "path",
    "real",
    "received",
    "shown",
    "text",
    "unstorable",
    "unstorable_message",
    "whole",
]

T = TypeVar("T")

MAX_TEXT = 300
"""The longest label, Detail, name or reason a rule accepts (a journal line is not a story)."""

MAX_NOTE = 10_000
"""The longest free-text note or purpose (a paragraph at the table, not a file)."""

MAX_ID = 400
"""The longest id: ids are made from names (at most :data:`MAX_TEXT` long) and a counter."""

MAX_WHOLE = 2**63 - 1
"""The largest magnitude :func:`whole` accepts when no range is given: past 64 bits a
number is no count, level or Stress any table uses (and would be journaled as such)."""

MAX_PATH = 4096
"""The longest file path accepted (the usual limit of the operating system)."""


def _decimal(number: float) -> Number | str:
    """A bound of a range for a message: written the reader's way when three decimals
    hold it, else as Python writes it briefly (``1e-15``)."""
    brief = f"{number:g}"
    if "e" in brief or round(number, 3) != number:
        return brief
    return Number(number, grouped=False)


def _too_long(
    error: ErrorType, what: What, length: int, most: int, got: str | Message, tip: str | Message
) -> IsowidgetsError:
    if tip:
        return error(
            "checks.text.too_long_tip",
            "{what} is {length} characters long; at most {most} are allowed, got {got}. Tip: {tip}",
            what=what,
            length=Number(length),
            most=most,
            got=got,
            tip=tip,
        )
    return error(
        "checks.text.too_long",
        "{what} is {length} characters long; at most {most} are allowed, got {got}.",
        what=what,
        length=Number(length),
        most=most,
        got=got,
    )


def text(
    value: object,
    what: What,
    *,
    allow_empty: bool = False,
    collapse: bool = False,
    strip: bool = True,
    max_length: int = MAX_TEXT,
    tip: str | Message = "",
    error: ErrorType = RuleError,
) -> str:
    """A stripped string (runs of blanks folded to one with ``collapse``).

    Refuses what is not text, empty text (unless ``allow_empty``), text longer
    than ``max_length`` (checked before any other work, so megabytes cost
    nothing), and text the journal could not store as UTF-8 (a lone surrogate
    pasted from somewhere). With ``strip=False`` the text comes back as given
    (a label read back from a journal must stay exactly as it was written).
    """
    if not isinstance(value, str):
        raise error(
            "checks.text.type",
            "{what} must be text, got {type} {got}",
            what=what,
            type=type_name(value),
            got=received(value),
        )
    value = str.__str__(value)  # a plain str: a subclass's own methods never run
    if len(value) > 4 * max_length + 64:  # far too long even before stripping
        raise _too_long(error, what, len(value), max_length, received(value), tip)
    cleaned = value.strip() if strip else value
    if collapse:
        cleaned = " ".join(value.split())
    if not cleaned.strip() and not allow_empty:
        raise error(
            "checks.text.empty",
            "{what} must not be empty; a non-empty string is needed, got {got}",
            what=what,
            got=received(value),
        )
    try:
        cleaned.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise error(unstorable_message(what, exc, at=exc.start + 1)) from None
    if len(cleaned) > max_length:
        raise _too_long(error, what, len(cleaned), max_length, received(value), tip)
    return cleaned


def unstorable_message(what: What, exc: UnicodeEncodeError, *, at: int | None = None) -> Message:
    """Why ``what`` cannot be stored: the half of a character (a lone surrogate) that
    ``exc`` found in it, and where (``at``, counted from 1), said once for the whole
    kit (a text argument, and any event's text on its way to the journal).
    """
    bad = exc.object[exc.start : exc.end]
    code = f"{ord(bad[0]):04X}"
    if at is not None:
        return msg(
            "checks.unstorable_at",
            "{what} holds {bad} (U+{code}) at position {at}: not valid Unicode text (half of "
            "a character, a lone surrogate) which cannot be stored. Allowed: text of whole "
            "characters; nothing was written. Tip: retype that part, or paste it again.",
            what=what,
            bad=repr(bad),
            code=code,
            at=at,
        )
    return msg(
        "checks.unstorable",
        "{what} holds {bad} (U+{code}): not valid Unicode text (half of a character, a lone "
        "surrogate) which cannot be stored. Allowed: text of whole characters; nothing was "
        "written. Tip: retype that part, or paste it again.",
        what=what,
        bad=repr(bad),
        code=code,
    )


def unstorable(what: What, exc: UnicodeEncodeError, *, at: int | None = None) -> str:
    """:func:`unstorable_message` in English, for a plain caller's sentence."""
    return render(unstorable_message(what, exc, at=at))


def whole(
    value: object,
    what: What,
    lo: int | None = None,
    hi: int | None = None,
    *,
    error: ErrorType = RuleError,
) -> int:
    """A whole number (not a bool) within ``lo..hi``, or the kit's error naming the range.

    An open end of the range stops at :data:`MAX_WHOLE` (64 bits), so no call of the
    kit takes a number of hundreds of digits.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(
            "checks.whole.type",
            "{what} must be a whole number, got {type} {got}",
            what=what,
            type=type_name(value),
            got=received(value),
        )
    number = int.__int__(value)  # a plain int: a subclass's own comparisons never run
    if (lo is not None and number < lo) or (hi is not None and number > hi):
        bounds = f"{lo if lo is not None else '−∞'}..{hi if hi is not None else '∞'}"
        raise error(
            "checks.whole.range",
            "{what} must be in {bounds}, got {got}",
            what=what,
            bounds=bounds,
            got=received(number),
        )
    if not -MAX_WHOLE <= number <= MAX_WHOLE:
        raise error(
            "checks.whole.bits",
            "{what} must be a whole number of at most 64 bits (±{most}), got {got}",
            what=what,
            most=Number(MAX_WHOLE),
            got=received(number),
        )
    return number


def real(
    value: object,
    what: What,
    lo: float,
    hi: float,
    *,
    below_hi: bool = False,
    error: ErrorType = RuleError,
) -> float:
    """A finite number (int or float, not a bool) from ``lo`` to ``hi`` (``hi`` itself
    excluded with ``below_hi``), as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise error(
            "checks.real.type",
            "{what} must be a number, got {type} {got}",
            what=what,
            type=type_name(value),
            got=received(value),
        )
    if isinstance(value, float):
        number = float.__float__(value)
    else:
        count = int.__int__(value)
        number = float(count) if abs(count) <= MAX_WHOLE else math.inf * (1 if count > 0 else -1)
    inside = lo <= number < hi if below_hi else lo <= number <= hi  # also refuses NaN
    if not inside and below_hi:
        raise error(
            "checks.real.range_below",
            "{what} must be a number from {lo} up to (not including) {hi}, got {got}",
            what=what,
            lo=_decimal(lo),
            hi=_decimal(hi),
            got=received(value),
        )
    if not inside:
        raise error(
            "checks.real.range",
            "{what} must be a number from {lo} to {hi}, got {got}",
            what=what,
            lo=_decimal(lo),
            hi=_decimal(hi),
            got=received(value),
        )
    return number


def flag(value: object, what: What, *, error: ErrorType = RuleError) -> bool:
    """``True`` or ``False`` (not 0, 1 or text)."""
    if not isinstance(value, bool):
        raise error(
            "checks.flag",
            "{what} must be True or False, got {type} {got}",
            what=what,
            type=type_name(value),
            got=received(value),
        )
    return value


def _listed(options: Sequence[object]) -> str:
    """Allowed values as a message lists them: their reprs, at most 20 of them."""
    return ", ".join(repr(o) for o in options[:20]) + (" …" if len(options) > 20 else "")


def choice(value: object, what: What, allowed: Iterable[T], *, error: ErrorType = RuleError) -> T:
    """``value`` if it is one of ``allowed`` (compared by equality, never by hashing
    a hostile value), else the kit's error listing what is allowed."""
    options = list(allowed)
    for option in options:
        try:
            if type(value) is type(option) and value == option:
                return option
        except Exception:  # a hostile __eq__
            break
    raise error(
        "checks.choice",
        "{what} must be one of {allowed}; got {got}",
        what=what,
        allowed=_listed(options),
        got=received(value),
    )


def function(value: object, what: What, *, error: ErrorType = RuleError) -> Any:
    """Something that can be called (a function, a lambda, a class)."""
    if not callable(value):
        raise error(
            "checks.function",
            "{what} must be a function, got {type} {got}",
            what=what,
            type=type_name(value),
            got=received(value),
        )
    return value


def identifier(
    value: object,
    what: What,
    known: Iterable[str] | None = None,
    *,
    max_length: int = MAX_ID,
    error: ErrorType = RuleError,
) -> str:
    """An id (text of at most ``max_length`` characters); when ``known`` is given,
    one of those ids."""
    if not isinstance(value, str):
        raise error(
            "checks.id.type",
            "{what} must be an id (text), got {type} {got}",
            what=what,
            type=type_name(value),
            got=received(value),
        )
    value = str.__str__(value)
    if len(value) > max_length:
        raise error(
            "checks.id.too_long",
            "{what} is {length} characters long; an id has at most {most}, got {got}",
            what=what,
            length=Number(len(value)),
            most=max_length,
            got=received(value),
        )
    if known is not None:
        ids = list(known)
        if value not in ids and not ids:
            raise error(
                "checks.id.unknown_none",
                "{what} {got} is not known here; the ids are: none",
                what=what,
                got=received(value),
            )
        if value not in ids:
            raise error(
                "checks.id.unknown",
                "{what} {got} is not known here; the ids are: {ids}",
                what=what,
                got=received(value),
                ids=_listed(ids),
            )
    return value


def id_list(
    value: object,
    what: What,
    *,
    most: int = MAX_COUNT,
    max_length: int = MAX_ID,
    error: ErrorType = RuleError,
) -> tuple[str, ...]:
    """One id or an iterable of ids (at most ``most``), as a tuple of strings."""
    if isinstance(value, str):
        return (identifier(value, what, max_length=max_length, error=error),)
    if isinstance(value, Mapping) or not isinstance(value, Iterable):
        raise error(
            "checks.ids.type",
            "{what} must be an id or a list of ids, got {type} {got}",
            what=what,
            type=type_name(value),
            got=received(value),
        )
    items: list[str] = []
    for item in bounded(value, what, most, error):
        if not isinstance(item, str):
            raise error(
                "checks.ids.item",
                "{what} must be ids (text), got {type} {got}",
                what=what,
                type=type_name(item),
                got=received(item),
            )
        items.append(identifier(item, what, max_length=max_length, error=error))
    return tuple(items)


def path(value: object, what: What, *, error: ErrorType = RuleError) -> Path:
    """A file path: text or a path object, not empty, without NUL and in characters
    the file system can store (no lone surrogate), at most :data:`MAX_PATH` long.

    Only the spelling is checked; whether the file exists, and may be read or
    written, is for the caller to find out (and to report as its own error).
    """
    if isinstance(value, bytes | bytearray) or not isinstance(value, str | os.PathLike):
        raise error(
            "checks.path.type",
            "{what} must be a file path (text or a pathlib.Path), got {type} {got}",
            what=what,
            type=type_name(value),
            got=received(value),
        )
    try:
        spelled = os.fspath(value)
    except Exception:  # a hostile __fspath__
        spelled = None
    if not isinstance(spelled, str):
        raise error(
            "checks.path.not_text",
            "{what} must be a file path made of text, got {got}",
            what=what,
            got=received(value),
        )
    spelled = str.__str__(spelled)
    if len(spelled) > MAX_PATH:
        raise error(
            "checks.path.too_long",
            "{what} is {length} characters long; a path has at most {most}, got {got}",
            what=what,
            length=Number(len(spelled)),
            most=MAX_PATH,
            got=received(spelled),
        )
    if not spelled.strip():
        raise error(
            "checks.path.empty",
            "{what} must name a file, got {got}",
            what=what,
            got=received(spelled),
        )
    if "\0" in spelled:
        raise error(
            "checks.path.nul",
            "{what} holds a NUL character (\\x00) at position {at}, which no file name may "
            "hold; got {got}",
            what=what,
            at=spelled.index(chr(0)) + 1,
            got=received(spelled),
        )
    try:
        os.fsencode(spelled)
    except UnicodeError as exc:
        bad = spelled[exc.start : exc.end] if isinstance(exc, UnicodeEncodeError) else "?"
        raise error(
            "checks.path.unstorable",
            "{what} holds {bad}, a character the file system cannot store (half of a "
            "character, a lone surrogate); got {got}. Tip: retype the name.",
            what=what,
            bad=repr(bad),
            got=received(spelled),
        ) from None
    return Path(spelled)
