"""Argument checks of collections: lists, mappings and keyword arguments, each bounded.

A list, a mapping or a set of keywords reaches a public call as any Python object: a
generator that never ends, a dict with a hostile ``__len__``, a million items. The
checks here read no further than the most a call allows (:data:`MAX_COUNT` by
default) and refuse the rest with the kit's error (``error=``, a
:class:`~isowidgets.errors.RuleError` unless told otherwise), naming the argument and
the value received (shortened by :func:`~.said.received`). They are the collection
half of :mod:`~isowidgets.checks`, which gives every name they define and checks the
items themselves (text, numbers, ids, paths).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from .errors import IsowidgetsError, RuleError
from .said import received, shown
from .words import Message, Number, msg

__all__ = [
    "MAX_COUNT",
    "ErrorType",
    "What",
    "bounded",
    "keywords",
    "mapping",
    "ordered",
    "type_name",
]

MAX_COUNT = 10_000
"""The largest count any table needs (levels, steps, dice beyond the dice caps)."""

ErrorType = type[IsowidgetsError]
What = str | Message
"""What a check calls the argument it checks: English prose from the caller (shown as
it is), or a :class:`~.Message` rendered in the reader's language
(``msg("kit.rows", "a log page's rows")``)."""


def type_name(value: object) -> str:
    """The name of ``value``'s type, as a message shows it (``int``, ``NoneType``)."""
    return type(value).__name__


def ordered(
    value: object,
    what: What,
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
        if sets:
            raise error(
                "checks.ordered.list_or_set",
                "{what} must be a list or a set, got {type} {got}",
                what=what,
                type=type_name(value),
                got=received(value),
            )
        raise error(
            "checks.ordered.list",
            "{what} must be a list (in order), got {type} {got}",
            what=what,
            type=type_name(value),
            got=received(value),
        )
    return tuple(bounded(value, what, most, error))


def mapping(
    value: object, what: What, *, most: int = MAX_COUNT, error: ErrorType = RuleError
) -> tuple[tuple[Any, Any], ...]:
    """A mapping (a dict) of at most ``most`` entries, as ``(key, value)`` pairs in order.

    The keys and values are not checked here (the caller checks each with the other
    functions of this module); a huge mapping is refused by its length before any
    entry is read, and one whose items cannot be read gets the kit's error.
    """
    if not isinstance(value, Mapping):
        raise error(
            "checks.mapping.type",
            "{what} must be a mapping such as {{'name': value}}, got {type} {got}",
            what=what,
            type=type_name(value),
            got=received(value),
        )
    try:
        size = len(value)
    except Exception:  # a hostile __len__
        size = most + 1
    if size > most:
        raise error(
            "checks.mapping.too_big",
            "{what} may hold at most {most} entries; got {got}",
            what=what,
            most=Number(most),
            got=received(value),
        )
    return tuple(bounded(_items(value), what, most, error))


def _items(value: Mapping[Any, Any]) -> Iterable[tuple[Any, Any]]:
    for key in value:
        yield key, value[key]


def bounded(value: Iterable[Any], what: What, most: int, error: ErrorType) -> list[Any]:
    """At most ``most`` items of ``value``; more, or an iterable that fails, is refused."""
    items: list[Any] = []
    try:
        for item in value:
            if len(items) >= most:
                raise error(
                    "checks.list.too_long",
                    "{what} may hold at most {most} items; got more",
                    what=what,
                    most=Number(most),
                )
            items.append(item)
    except IsowidgetsError:
        raise
    except Exception as exc:  # a hostile iterator must not escape the error family
        raise error(
            "checks.list.unreadable",
            "{what} could not be read as a list ({problem}); got {got}",
            what=what,
            problem=type_name(exc),
            got=received(value),
        ) from None
    return items


def keywords(
    given: Mapping[str, Any], what: What, allowed: Sequence[str], *, error: ErrorType = RuleError
) -> None:
    """Refuse keyword arguments that are not among ``allowed``, naming each."""
    unknown = [name for name in given if name not in allowed]
    if not unknown:
        return
    names = ", ".join(shown(name, 60) for name in unknown[:5])
    more: str | Message = ""
    if len(unknown) > 5:
        more = msg("checks.keywords.more", " (and {count} more)", count=Number(len(unknown) - 5))
    if not allowed:
        raise error(
            "checks.keywords.none",
            "{what} takes no argument {names}{more}; allowed: none",
            what=what,
            names=names,
            more=more,
        )
    raise error(
        "checks.keywords",
        "{what} takes no argument {names}{more}; allowed: {allowed}",
        what=what,
        names=names,
        more=more,
        allowed=", ".join(allowed),
    )
