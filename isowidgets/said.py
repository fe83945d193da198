"""How a value the kit received is said in a message: shortened, never raising.

Every refusal of the kit shows the value it was given (:func:`received`, or
:func:`shown` in English), cut to about :data:`SHOWN` characters before anything
large is built, so a megabyte of input never builds a megabyte of message and a
hostile ``__repr__`` never escapes the kit's errors. :mod:`isowidgets.checks`
re-exports them.
"""

from __future__ import annotations

import reprlib

from .words import Message, Number, msg, render

__all__ = ["SHOWN", "received", "shown"]

SHOWN = 200
"""At most this many characters of a received value appear in a message."""

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 60
_REPR.maxtuple = _REPR.maxlist = _REPR.maxset = _REPR.maxfrozenset = 24
_REPR.maxdeque = _REPR.maxarray = 24
_REPR.maxdict = 12


def received(value: object, limit: int = SHOWN) -> str | Message:
    """``repr(value)`` as a message's value, cut to about ``limit`` characters.

    Long text and huge containers are cut *before* ``repr`` (nested containers
    through :mod:`reprlib`) so a megabyte of input never builds a megabyte of
    message; a type whose ``repr`` fails is named instead. What is said about a cut
    value (``… (5,000 characters)``, ``a list of 300 items``) is a
    :class:`~.Message`, read in the reader's language.
    """
    try:
        if isinstance(value, str | bytes) and len(value) > limit:
            return msg(
                "checks.shown.cut",
                "{text}… ({count} characters)",
                text=repr(value[:limit]),
                count=Number(len(value)),
            )
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 600:
            return msg(
                "checks.shown.bits",
                "a {bits}-bit whole number",
                bits=Number(value.bit_length()),
            )
        if isinstance(value, list | tuple | set | frozenset | dict) and len(value) > limit:
            return msg(
                "checks.shown.items",
                "a {type} of {count} items",
                type=type(value).__name__,
                count=Number(len(value)),
            )
        if isinstance(value, list | tuple | set | frozenset | dict):
            text = _REPR.repr(value)
        else:
            text = repr(value)
        if not isinstance(text, str):
            raise TypeError("__repr__ returned no text")
    except Exception:  # a hostile __repr__ (or __len__) must not escape the error family
        return msg("checks.shown.type", "a {type}", type=type(value).__name__)
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def shown(value: object, limit: int = SHOWN) -> str:
    """:func:`received` in English, for a sentence written in English."""
    said = received(value, limit)
    return said if isinstance(said, str) else render(said)
