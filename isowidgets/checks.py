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
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from .errors import IsowidgetsError, RuleError

__all__ = [
    "MAX_COUNT",
    "MAX_TEXT",
    "SHOWN",
    "choice",
    "flag",
    "id_list",
    "identifier",
    "keywords",
    "shown",
    "text",
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

T = TypeVar("T")
ErrorType = type[IsowidgetsError]


def shown(value: object, limit: int = SHOWN) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters.

    Long text and huge containers are cut *before* ``repr`` so a megabyte of
    input never builds a megabyte of message; a type whose ``repr`` fails is
    named instead.
    """
    try:
        if isinstance(value, str | bytes) and len(value) > limit:
            text = repr(value[:limit])
            return f"{text}… ({len(value):,} characters)"
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 600:
            return f"a {value.bit_length():,}-bit whole number"
        if isinstance(value, list | tuple | set | frozenset | dict) and len(value) > limit:
            return f"a {type(value).__name__} of {len(value):,} items"
        text = repr(value)
    except Exception:  # a hostile __repr__ must not escape the error family
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def text(
    value: object,
    what: str,
    *,
    allow_empty: bool = False,
    collapse: bool = False,
    max_length: int = MAX_TEXT,
    tip: str = "",
    error: ErrorType = RuleError,
) -> str:
    """A stripped string (runs of blanks folded to one with ``collapse``).

    Refuses what is not text, empty text (unless ``allow_empty``), text longer
    than ``max_length`` (checked before any other work, so megabytes cost
    nothing), and text the journal could not store as UTF-8 (a lone surrogate
    pasted from somewhere).
    """
    if not isinstance(value, str):
        raise error(f"{what} must be text, got {type(value).__name__} {shown(value)}")
    if len(value) > 4 * max_length + 64:  # far too long even before stripping
        raise error(
            f"{what} is {len(value):,} characters long; at most {max_length} are allowed, "
            f"got {shown(value)}." + (f" Tip: {tip}" if tip else "")
        )
    cleaned = " ".join(value.split()) if collapse else value.strip()
    if not cleaned and not allow_empty:
        raise error(f"{what} must not be empty; a non-empty string is needed, got {shown(value)}")
    try:
        cleaned.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = cleaned[exc.start : exc.end]
        raise error(
            f"{what} holds {bad!r} (U+{ord(bad[0]):04X}) at position {exc.start + 1}: not valid Unicode "
            "text (half of a character, a lone surrogate) which cannot be stored. Allowed: text of "
            "whole characters; nothing was written. Tip: retype that part, or paste it again."
        ) from None
    if len(cleaned) > max_length:
        raise error(
            f"{what} is {len(cleaned):,} characters long; at most {max_length} are allowed, "
            f"got {shown(value)}." + (f" Tip: {tip}" if tip else "")
        )
    return cleaned


def whole(
    value: object,
    what: str,
    lo: int | None = None,
    hi: int | None = None,
    *,
    error: ErrorType = RuleError,
) -> int:
    """A whole number (not a bool) within ``lo..hi``, or the kit's error naming the range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what} must be a whole number, got {type(value).__name__} {shown(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = f"{lo if lo is not None else '−∞'}..{hi if hi is not None else '∞'}"
        raise error(f"{what} must be in {bounds}, got {shown(value)}")
    return value


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


def identifier(
    value: object, what: str, known: Iterable[str] | None = None, *, error: ErrorType = RuleError
) -> str:
    """An id (text); when ``known`` is given, one of those ids."""
    if not isinstance(value, str):
        raise error(f"{what} must be an id (text), got {type(value).__name__} {shown(value)}")
    if known is not None:
        ids = list(known)
        if value not in ids:
            listed = ", ".join(repr(i) for i in ids[:20]) + (" …" if len(ids) > 20 else "")
            raise error(f"{what} {shown(value)} is not known here; the ids are: {listed or 'none'}")
    return value


def id_list(
    value: object, what: str, *, most: int = MAX_COUNT, error: ErrorType = RuleError
) -> tuple[str, ...]:
    """One id or an iterable of ids (at most ``most``), as a tuple of strings."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, Mapping) or not isinstance(value, Iterable):
        raise error(
            f"{what} must be an id or a list of ids, got {type(value).__name__} {shown(value)}"
        )
    items: list[str] = []
    for item in value:
        if not isinstance(item, str):
            raise error(f"{what} must be ids (text), got {type(item).__name__} {shown(item)}")
        items.append(item)
        if len(items) > most:
            raise error(f"{what} may name at most {most} ids")
    return tuple(items)


def keywords(
    given: Mapping[str, Any], what: str, allowed: Sequence[str], *, error: ErrorType = RuleError
) -> None:
    """Refuse keyword arguments that are not among ``allowed``, naming each."""
    unknown = [name for name in given if name not in allowed]
    if unknown:
        names = ", ".join(shown(name, 60) for name in unknown[:5])
        raise error(f"{what} takes no argument {names}; allowed: {', '.join(allowed) or 'none'}")
