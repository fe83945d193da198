"""Argument checks for every public call of the kit: one module, every system.

Values reach the kit straight from widgets, notebooks and typed-in text, so each
public method checks its arguments first and refuses a bad one with the kit's
error before anything is computed, rolled or journaled. Every refusal names the
argument, shows the value received (shortened by :func:`shown`: no message
repeats more than about :data:`SHOWN` characters of what it was given) and says
what is allowed.

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
import reprlib
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any, TypeVar

from .errors import IsowidgetsError, RuleError

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
    "shown",
    "text",
    "unstorable",
    "whole",
]

SHOWN = 200
"""At most this many characters of a received value appear in a message."""

MAX_TEXT = 300
"""The longest label, Detail, name or reason a rule accepts (a journal line is not a story)."""

MAX_NOTE = 10_000
"""The longest free-text note or purpose (a paragraph at the table, not a file)."""

MAX_COUNT = 10_000
"""The largest count any table needs (levels, steps, dice beyond the dice caps)."""

MAX_ID = 400
"""The longest id: ids are made from names (at most :data:`MAX_TEXT` long) and a counter."""

MAX_WHOLE = 2**63 - 1
"""The largest magnitude :func:`whole` accepts when no range is given: past 64 bits a
number is no count, level or Stress any table uses (and would be journaled as such)."""

MAX_PATH = 4096
"""The longest file path accepted (the usual limit of the operating system)."""

T = TypeVar("T")
ErrorType = type[IsowidgetsError]

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 60
_REPR.maxtuple = _REPR.maxlist = _REPR.maxset = _REPR.maxfrozenset = 24
_REPR.maxdeque = _REPR.maxarray = 24
_REPR.maxdict = 12


def shown(value: object, limit: int = SHOWN) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters.

    Long text and huge containers are cut *before* ``repr`` (nested containers
    through :mod:`reprlib`) so a megabyte of input never builds a megabyte of
    message; a type whose ``repr`` fails is named instead.
    """
    try:
        if isinstance(value, str | bytes) and len(value) > limit:
            text = repr(value[:limit])
            return f"{text}… ({len(value):,} characters)"
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 600:
            return f"a {value.bit_length():,}-bit whole number"
        if isinstance(value, list | tuple | set | frozenset | dict) and len(value) > limit:
            return f"a {type(value).__name__} of {len(value):,} items"
        if isinstance(value, list | tuple | set | frozenset | dict):
            text = _REPR.repr(value)
        else:
            text = repr(value)
        if not isinstance(text, str):
            raise TypeError("__repr__ returned no text")
    except Exception:  # a hostile __repr__ (or __len__) must not escape the error family
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def _tip(tip: str) -> str:
    return f" Tip: {tip}" if tip else ""


def text(
    value: object,
    what: str,
    *,
    allow_empty: bool = False,
    collapse: bool = False,
    strip: bool = True,
    max_length: int = MAX_TEXT,
    tip: str = "",
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
        raise error(f"{what} must be text, got {type(value).__name__} {shown(value)}")
    value = str.__str__(value)  # a plain str: a subclass's own methods never run
    if len(value) > 4 * max_length + 64:  # far too long even before stripping
        raise error(
            f"{what} is {len(value):,} characters long; at most {max_length} are allowed, "
            f"got {shown(value)}.{_tip(tip)}"
        )
    cleaned = value.strip() if strip else value
    if collapse:
        cleaned = " ".join(value.split())
    if not cleaned.strip() and not allow_empty:
        raise error(f"{what} must not be empty; a non-empty string is needed, got {shown(value)}")
    try:
        cleaned.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise error(unstorable(what, exc, at=exc.start + 1)) from None
    if len(cleaned) > max_length:
        raise error(
            f"{what} is {len(cleaned):,} characters long; at most {max_length} are allowed, "
            f"got {shown(value)}.{_tip(tip)}"
        )
    return cleaned


def unstorable(what: str, exc: UnicodeEncodeError, *, at: int | None = None) -> str:
    """Why ``what`` cannot be stored: the half of a character (a lone surrogate) that
    ``exc`` found in it, and where (``at``, counted from 1), said once for the whole
    kit (a text argument, and any event's text on its way to the journal).
    """
    bad = exc.object[exc.start : exc.end]
    where = f" at position {at}" if at is not None else ""
    return (
        f"{what} holds {bad!r} (U+{ord(bad[0]):04X}){where}: not valid Unicode text (half "
        "of a character, a lone surrogate) which cannot be stored. Allowed: text of whole "
        "characters; nothing was written. Tip: retype that part, or paste it again."
    )


def whole(
    value: object,
    what: str,
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
        raise error(f"{what} must be a whole number, got {type(value).__name__} {shown(value)}")
    number = int.__int__(value)  # a plain int: a subclass's own comparisons never run
    if (lo is not None and number < lo) or (hi is not None and number > hi):
        bounds = f"{lo if lo is not None else '−∞'}..{hi if hi is not None else '∞'}"
        raise error(f"{what} must be in {bounds}, got {shown(number)}")
    if not -MAX_WHOLE <= number <= MAX_WHOLE:
        raise error(
            f"{what} must be a whole number of at most 64 bits (±{MAX_WHOLE:,}), "
            f"got {shown(number)}"
        )
    return number


def real(
    value: object,
    what: str,
    lo: float,
    hi: float,
    *,
    below_hi: bool = False,
    error: ErrorType = RuleError,
) -> float:
    """A finite number (int or float, not a bool) from ``lo`` to ``hi`` (``hi`` itself
    excluded with ``below_hi``), as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise error(f"{what} must be a number, got {type(value).__name__} {shown(value)}")
    if isinstance(value, float):
        number = float.__float__(value)
    else:
        count = int.__int__(value)
        number = float(count) if abs(count) <= MAX_WHOLE else math.inf * (1 if count > 0 else -1)
    inside = lo <= number < hi if below_hi else lo <= number <= hi  # also refuses NaN
    if not inside:
        end = f"up to (not including) {hi:g}" if below_hi else f"to {hi:g}"
        raise error(f"{what} must be a number from {lo:g} {end}, got {shown(value)}")
    return number


def flag(value: object, what: str, *, error: ErrorType = RuleError) -> bool:
    """``True`` or ``False`` (not 0, 1 or text)."""
    if not isinstance(value, bool):
        raise error(f"{what} must be True or False, got {type(value).__name__} {shown(value)}")
    return value


def choice(value: object, what: str, allowed: Iterable[T], *, error: ErrorType = RuleError) -> T:
    """``value`` if it is one of ``allowed`` (compared by equality, never by hashing
    a hostile value), else the kit's error listing what is allowed."""
    options = list(allowed)
    for option in options:
        try:
            if type(value) is type(option) and value == option:
                return option
        except Exception:  # a hostile __eq__
            break
    listed = ", ".join(repr(o) for o in options[:20]) + (" …" if len(options) > 20 else "")
    raise error(f"{what} must be one of {listed}; got {shown(value)}")


def function(value: object, what: str, *, error: ErrorType = RuleError) -> Any:
    """Something that can be called (a function, a lambda, a class)."""
    if not callable(value):
        raise error(f"{what} must be a function, got {type(value).__name__} {shown(value)}")
    return value


def identifier(
    value: object,
    what: str,
    known: Iterable[str] | None = None,
    *,
    max_length: int = MAX_ID,
    error: ErrorType = RuleError,
) -> str:
    """An id (text of at most ``max_length`` characters); when ``known`` is given,
    one of those ids."""
    if not isinstance(value, str):
        raise error(f"{what} must be an id (text), got {type(value).__name__} {shown(value)}")
    value = str.__str__(value)
    if len(value) > max_length:
        raise error(
            f"{what} is {len(value):,} characters long; an id has at most {max_length}, "
            f"got {shown(value)}"
        )
    if known is not None:
        ids = list(known)
        if value not in ids:
            listed = ", ".join(repr(i) for i in ids[:20]) + (" …" if len(ids) > 20 else "")
            raise error(f"{what} {shown(value)} is not known here; the ids are: {listed or 'none'}")
    return value


def id_list(
    value: object,
    what: str,
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
            f"{what} must be an id or a list of ids, got {type(value).__name__} {shown(value)}"
        )
    items: list[str] = []
    for item in _bounded(value, what, most, error):
        if not isinstance(item, str):
            raise error(f"{what} must be ids (text), got {type(item).__name__} {shown(item)}")
        items.append(identifier(item, what, max_length=max_length, error=error))
    return tuple(items)


def ordered(
    value: object,
    what: str,
    *,
    most: int = MAX_COUNT,
    sets: bool = False,
    error: ErrorType = RuleError,
) -> tuple[Any, ...]:
    """A list, tuple or other ordered collection of at most ``most`` items, as a tuple.

    Refuses text, bytes and mappings (one value, not a list of them) and, unless
    ``sets``, sets (their order means nothing); reads no further than ``most + 1``
    items, so a huge or endless iterable costs nothing.
    """
    unordered = not sets and isinstance(value, AbstractSet)
    if (
        unordered
        or isinstance(value, str | bytes | bytearray | memoryview | Mapping)
        or not isinstance(value, Iterable)
    ):
        kind = "a list or a set" if sets else "a list (in order)"
        raise error(f"{what} must be {kind}, got {type(value).__name__} {shown(value)}")
    return tuple(_bounded(value, what, most, error))


def mapping(
    value: object, what: str, *, most: int = MAX_COUNT, error: ErrorType = RuleError
) -> tuple[tuple[Any, Any], ...]:
    """A mapping (a dict) of at most ``most`` entries, as ``(key, value)`` pairs in order.

    The keys and values are not checked here (the caller checks each with the other
    functions of this module); a huge mapping is refused by its length before any
    entry is read, and one whose items cannot be read gets the kit's error.
    """
    if not isinstance(value, Mapping):
        raise error(
            f"{what} must be a mapping such as {{'name': value}}, got {type(value).__name__} "
            f"{shown(value)}"
        )
    try:
        size = len(value)
    except Exception:  # a hostile __len__
        size = most + 1
    if size > most:
        raise error(f"{what} may hold at most {most:,} entries; got {shown(value)}")
    return tuple(_bounded(_items(value), what, most, error))


def _items(value: Mapping[Any, Any]) -> Iterable[tuple[Any, Any]]:
    for key in value:
        yield key, value[key]


def _bounded(value: Iterable[Any], what: str, most: int, error: ErrorType) -> list[Any]:
    """At most ``most`` items of ``value``; more, or an iterable that fails, is refused."""
    items: list[Any] = []
    try:
        for item in value:
            if len(items) >= most:
                raise error(f"{what} may hold at most {most:,} items; got more")
            items.append(item)
    except IsowidgetsError:
        raise
    except Exception as exc:  # a hostile iterator must not escape the error family
        raise error(
            f"{what} could not be read as a list ({type(exc).__name__}); got {shown(value)}"
        ) from None
    return items


def keywords(
    given: Mapping[str, Any], what: str, allowed: Sequence[str], *, error: ErrorType = RuleError
) -> None:
    """Refuse keyword arguments that are not among ``allowed``, naming each."""
    unknown = [name for name in given if name not in allowed]
    if unknown:
        names = ", ".join(shown(name, 60) for name in unknown[:5])
        more = f" (and {len(unknown) - 5:,} more)" if len(unknown) > 5 else ""
        raise error(
            f"{what} takes no argument {names}{more}; allowed: {', '.join(allowed) or 'none'}"
        )


def path(value: object, what: str, *, error: ErrorType = RuleError) -> Path:
    """A file path: text or a path object, not empty, without NUL and in characters
    the file system can store (no lone surrogate), at most :data:`MAX_PATH` long.

    Only the spelling is checked; whether the file exists, and may be read or
    written, is for the caller to find out (and to report as its own error).
    """
    if isinstance(value, bytes | bytearray) or not isinstance(value, str | os.PathLike):
        raise error(
            f"{what} must be a file path (text or a pathlib.Path), got "
            f"{type(value).__name__} {shown(value)}"
        )
    try:
        spelled = os.fspath(value)
    except Exception:  # a hostile __fspath__
        spelled = None
    if not isinstance(spelled, str):
        raise error(f"{what} must be a file path made of text, got {shown(value)}")
    spelled = str.__str__(spelled)
    if len(spelled) > MAX_PATH:
        raise error(
            f"{what} is {len(spelled):,} characters long; a path has at most {MAX_PATH}, "
            f"got {shown(spelled)}"
        )
    if not spelled.strip():
        raise error(f"{what} must name a file, got {shown(spelled)}")
    if "\0" in spelled:
        raise error(
            f"{what} holds a NUL character (\\x00) at position {spelled.index(chr(0)) + 1}, "
            f"which no file name may hold; got {shown(spelled)}"
        )
    try:
        os.fsencode(spelled)
    except UnicodeError as exc:
        bad = spelled[exc.start : exc.end] if isinstance(exc, UnicodeEncodeError) else "?"
        raise error(
            f"{what} holds {bad!r}, a character the file system cannot store (half of a "
            f"character, a lone surrogate); got {shown(spelled)}. Tip: retype the name."
        ) from None
    return Path(spelled)
