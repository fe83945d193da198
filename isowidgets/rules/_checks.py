"""Argument checks every rules module shares.

Rules receive values straight from widgets, notebooks and typed-in text, so each
public rule checks its arguments first and refuses a bad one with a
:class:`~isowidgets.errors.RuleError` that shows the value received and what is
allowed, before anything is computed or journaled.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import RuleError

__all__ = ["MAX_TEXT", "id_list", "text", "whole"]

MAX_TEXT = 300
"""The longest label, Detail or reason a rule accepts (a journal line is not a story)."""


def text(
    value: object,
    what: str,
    *,
    allow_empty: bool = False,
    collapse: bool = False,
    max_length: int | None = None,
    tip: str = "",
) -> str:
    """A stripped string (runs of spaces folded to one with ``collapse``).

    Refuses what is not text, empty text (unless ``allow_empty``), text longer
    than ``max_length``, and text the journal could not store as UTF-8 (a lone
    surrogate pasted from somewhere).
    """
    if not isinstance(value, str):
        raise RuleError(f"{what} must be text, got {value!r}")
    cleaned = " ".join(value.split()) if collapse else value.strip()
    if not cleaned and not allow_empty:
        raise RuleError(f"{what} must not be empty; a non-empty string is needed, got {value!r}")
    try:
        cleaned.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RuleError(
            f"{what} holds a character that is not valid Unicode text "
            f"({cleaned[exc.start : exc.end]!r} at position {exc.start}), got {value!r}. "
            "Allowed: text that can be saved as UTF-8. Tip: retype it, or paste it again "
            "from its source."
        ) from None
    if max_length is not None and len(cleaned) > max_length:
        raise RuleError(
            f"{what} is {len(cleaned)} characters long; at most {max_length} are allowed."
            + (f" Tip: {tip}" if tip else "")
        )
    return cleaned


def whole(value: object, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number within [lo, hi], or a RuleError naming the range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be a whole number, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = f"{lo if lo is not None else '−∞'}..{hi if hi is not None else '∞'}"
        raise RuleError(f"{what} must be in {bounds}, got {value}")
    return value


def id_list(value: object, what: str) -> tuple[str, ...]:
    """One id or an iterable of ids, as a tuple of strings."""
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, Iterable):
        raise RuleError(f"{what} must be an id or a list of ids, got {value!r}")
    items = tuple(value)
    for item in items:
        if not isinstance(item, str):
            raise RuleError(f"{what} must be ids (strings), got {item!r}")
    return items
