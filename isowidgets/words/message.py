"""Messages as data: a key, its English template and the values it speaks of.

Everything the kit says to a person (a refusal, a log line, a label, a step) is a
:class:`Message`. The engine never writes a sentence: it names what happened with a
**key** (``"dice.pool_too_big"``), the English **template** the key stands for
(``"{pool} asks for {count} dice; one pool may hold at most {most}"``) and the
**values** the template speaks of. A person reads it only when a view renders it
(:func:`isowidgets.words.render() <.catalogues.render>`), in that view's language, from the gettext
catalogues under ``isowidgets/locale/``.

So an error can be shown in Danish at a Danish table and in English in a notebook, a
test can ask what an error is about (``error.key``, ``error.values["got"]``) without
matching prose, and a value received is shortened once, where it is put into the
message.

Conventions, stated once:

* A **key** is ``domain.name`` in lowercase ASCII (``kit.undo``,
  ``fudge_conflict.no_such_skill``); its domain is the catalogue file it lives in.
* A **template** is :meth:`str.format` text with named ``{placeholders}`` only: no
  format specs and no conversions, since numbers are written the reader's way by the
  renderer, not by the template.
* A **value** is text (a name the table typed, a value received: shown as it is), a
  whole number (a count: plain digits), a float (written with the language's decimal
  sign), another :class:`Message` (rendered in the same language), or one of the
  wrappers below: :class:`Percent`, :class:`Number`, :class:`Listing`, :class:`Ref`,
  :class:`Clip`.
* A message with a plural has a second template and takes its count from the value
  ``n`` (``plural("fudge_conflict.bonus_dice", "{n} bonus die", "{n} bonus dice", n=2)``).

Don't confuse a :class:`Message` (data, in no language yet) with the text a view
shows (:func:`~.catalogues.render`'s result).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "KEY",
    "Clip",
    "Listing",
    "Message",
    "Number",
    "Percent",
    "Ref",
    "is_key",
    "msg",
    "plural",
]

KEY = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+")
"""What a message key looks like: ``domain.name`` (more dotted parts allowed)."""

MAX_KEY = 120
"""The longest key: keys are written by the kit's developers, never by a user."""


def is_key(text: object) -> bool:
    """Whether ``text`` is spelled as a message key (``"dice.pool_too_big"``)."""
    return isinstance(text, str) and len(text) <= MAX_KEY and KEY.fullmatch(text) is not None


@dataclass(frozen=True, slots=True)
class Message:
    """What the kit says, as data: a key, its English template(s) and their values.

    Attributes:
        key: the message's key (``domain.name``).
        template: the English text, with ``{placeholders}``.
        plural_template: the English plural, for a message counted by its value ``n``
            (``""`` for a message with no plural).
        values: the values of the placeholders, in the order given.
    """

    key: str
    template: str
    plural_template: str = ""
    values: tuple[tuple[str, Any], ...] = ()

    @property
    def domain(self) -> str:
        """The catalogue the key belongs to (its first part)."""
        return self.key.split(".", 1)[0]

    @property
    def arguments(self) -> dict[str, Any]:
        """The values by placeholder name."""
        return dict(self.values)


def msg(key: str, template: str, /, **values: Any) -> Message:
    """A :class:`Message`: ``msg("kit.undo", "Undo")``, ``msg("dice.cap", "Cap {most}", most=500)``.

    The key and the template are literals in the code, so the catalogue's template
    (``isowidgets/locale/*.pot``) is extracted from it (``make catalogues``).
    """
    return Message(key, template, "", tuple(values.items()))


def plural(key: str, singular: str, plural_template: str, /, n: int, **values: Any) -> Message:
    """A counted :class:`Message`: the language's plural rule picks the form for ``n``."""
    return Message(key, singular, plural_template, (("n", n), *values.items()))


@dataclass(frozen=True, slots=True)
class Percent:
    """A probability (0..1) written as a percentage the reader's way: ``13.1%``, ``13,1 %``."""

    value: float
    digits: int = 1


@dataclass(frozen=True, slots=True)
class Number:
    """A number written the reader's way: a decimal sign, and thousands marked when
    ``grouped`` (``12,345`` or ``12.345``). Plain ``int`` values are never grouped
    (a year, a level, a count of dice), plain ``float`` values are, like this default."""

    value: float | int
    digits: int | None = None
    grouped: bool = True


@dataclass(frozen=True, slots=True)
class Listing:
    """Several values as one list the reader's way: ``a, b and c``, ``a, b og c``.

    ``style`` is Babel's list style: ``"standard"`` (and), ``"or"``, ``"unit"`` (no word).
    """

    items: tuple[Any, ...]
    style: Literal["standard", "or", "unit", "standard-short", "unit-short"] = "standard"

    @classmethod
    def of(cls, items: Iterable[Any], style: str = "standard") -> Listing:
        return cls(tuple(items), style)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Ref:
    """An id that a view writes as the name the table gave it (a character, a link).

    The renderer looks it up in the ``names`` it is handed (a game's names for its
    ids); without one, or for an id it does not know, ``fallback`` is written, or the
    id itself when there is none.
    """

    id: str
    fallback: str = ""


@dataclass(frozen=True, slots=True)
class Clip:
    """A value (often a nested :class:`Message`) cut to at most ``most`` characters once it
    is rendered in the reader's language, ending in ``…`` where it was cut: an event's
    summary inside an error stays one short line in every language."""

    value: Any
    most: int = 80
