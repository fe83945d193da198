"""One house-rule setting: how it is declared, what a form needs to offer it, and what
it may be, in words a person reads in their language.

A system declares each of its settings with :func:`setting` on its
:class:`~isowidgets.settings.RuleSettings` subclass; :class:`SettingSpec` is what an
editor reads of one, generic over every system; :func:`allowed_message` says what a
setting may be (``a whole number from 0 to 10``, ``one of: Kraft, Fornuft or
Intuition``).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import annotated_types
import tomli_w
from pydantic import Field as _Field

from . import checks
from .words import Listing, Message, msg, render

__all__ = ["MAX_SETTING_INT", "SettingSpec", "SettingWords", "allowed_message", "setting"]

MAX_SETTING_INT = checks.MAX_COUNT
"""No whole-number setting goes past ±10,000, whatever its own range: a number of
hundreds of digits (which TOML allows) is refused before anything else looks at it,
so it is never journaled or turned into a pool of dice."""


SpecKind = Literal["flag", "choice", "whole", "table"]


@dataclass(frozen=True, slots=True)
class SettingWords:
    """What a person reads about one setting, as messages a view renders in its language.

    A system that speaks more than English declares them with the setting
    (:func:`setting`'s ``label``, a :class:`~.Message` description and
    ``values``), so the catalogue extractor finds every word as a literal; a system that
    speaks only English leaves them out and is shown its names and descriptions as written.

    Attributes:
        label: the setting's name (``"pool scope"``, ``"puljens ejer"``).
        description: what it changes.
        values: the words of its named values (a choice's, or a flag's), by value.
    """

    label: Message | None = None
    description: Message | None = None
    values: tuple[tuple[Any, Message], ...] = ()

    def value(self, value: Any) -> Message | None:
        """The words of ``value``, where the setting names it."""
        return next((words for known, words in self.values if known == value), None)


@dataclass(frozen=True, slots=True)
class SettingSpec:
    """What a form needs to offer one setting, read once from its declaration.

    An editor built from these (the kit's settings editor, a designer's notebook)
    is generic over every system: it never looks at a system's pydantic fields.

    Attributes:
        name: the setting's field name.
        ref: the digest ID of the ambiguity it settles (``""`` if none).
        description: what it changes, in the designer's words.
        default: the digest's default reading.
        kind: ``"flag"`` (true/false), ``"choice"`` (one of :attr:`choices`),
            ``"whole"`` (a whole number from :attr:`low` to :attr:`high`) or
            ``"table"`` (anything else: a mapping or a list, written as TOML's inline
            value, e.g. ``{athletics = "kraft"}``; see :meth:`.RuleSettings.value_from_text`).
        choices: the values a ``"choice"`` may take, in declared order.
        low: the smallest whole number allowed (``-MAX_SETTING_INT`` when unbounded).
        high: the largest whole number allowed (``MAX_SETTING_INT`` when unbounded).
        optional: whether it may be unset (``None``), which then is its default.
        allowed: the allowed values as one line of text in Python's notation (what
            TOML files and :meth:`.RuleSettings.describe` say, for a designer).
        allowed_words: the allowed values in words, as a message a person reads in
            their language (:func:`allowed_message`).
        words: its name, description and values as messages (:class:`SettingWords`;
            empty for a system that speaks only English).
    """

    name: str
    ref: str
    description: str
    default: Any
    kind: SpecKind
    choices: tuple[Any, ...] = ()
    low: int = -MAX_SETTING_INT
    high: int = MAX_SETTING_INT
    optional: bool = False
    allowed: str = ""
    words: SettingWords = SettingWords()
    allowed_words: Message | None = None

    def written(self, value: Any) -> str:
        """``value`` as a settings file writes it (``3``, ``true``, ``"three_worst"``,
        ``{athletics = "kraft"}``); ``""`` for unset, as :meth:`.RuleSettings.value_from_text`
        reads blank text back."""
        return "" if value is None else _toml_text(value)


def _spec(name: str, info: Any) -> SettingSpec:
    annotation = info.annotation
    optional = _allows_none(annotation)
    inner = [a for a in typing.get_args(annotation) if a is not type(None)] if optional else []
    base = inner[0] if len(inner) == 1 else annotation
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    kind: SpecKind = "table"
    choices: tuple[Any, ...] = ()
    if base is bool:
        kind = "flag"
    elif typing.get_origin(base) is typing.Literal:
        kind, choices = "choice", typing.get_args(base)
    elif base is int:
        kind = "whole"
    low, high = -MAX_SETTING_INT, MAX_SETTING_INT
    for bound in info.metadata:
        if isinstance(bound, annotated_types.Ge):
            low = max(low, int(bound.ge))  # type: ignore[call-overload]
        elif isinstance(bound, annotated_types.Le):
            high = min(high, int(bound.le))  # type: ignore[call-overload]
    words = extra.get("words")
    return SettingSpec(
        name=name,
        ref=str(extra.get("ref", "")),
        description=info.description or "",
        default=info.default,
        kind=kind,
        choices=choices,
        low=low,
        high=high,
        optional=optional,
        allowed=_allowed_text(annotation),
        words=words if isinstance(words, SettingWords) else SettingWords(),
        allowed_words=_field_allowed(info),
    )


def setting(
    default: Any,
    description: str | Message,
    *,
    ref: str | None = None,
    label: Message | None = None,
    values: Mapping[Any, Message] | None = None,
    **kwargs: Any,
) -> Any:
    """Declare one house-rule setting.

    Args:
        default: the digest's default reading.
        description: one sentence a GM understands, shown in tables and files: English
            text, or a message (``msg("fudge_conflict.setting.x.about", "...")``) for a
            system whose settings are read in more languages.
        ref: the digest's ID for the ambiguity this setting settles.
        label: the setting's name as a message (by default its field name, with spaces).
        values: the words of its named values as messages, by value (``{"table":
            msg(...)}``); a value left out is written as it is, with spaces.
    """
    extra: dict[str, Any] = {"ref": ref} if ref else {}
    about = description if isinstance(description, Message) else None
    if label is not None or about is not None or values:
        extra["words"] = SettingWords(label, about, tuple((values or {}).items()))
    english = render(description) if isinstance(description, Message) else description
    return _Field(default, description=english, json_schema_extra=extra, **kwargs)


def _allows_none(annotation: Any) -> bool:
    return type(None) in typing.get_args(annotation)


def _allowed_text(annotation: Any) -> str:
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Literal:
        return " | ".join(repr(a) for a in args)
    if args:
        return " | ".join(_allowed_text(a) for a in args)
    if annotation is type(None):
        return "None"
    return getattr(annotation, "__name__", str(annotation))


def allowed_message(
    annotation: Any, metadata: Any = (), words: SettingWords | None = None
) -> Message:
    """What a setting of type ``annotation`` (its bounds in ``metadata``) may be, in words
    a person reads in any language: ``a whole number from 0 to 10``, ``one of: Kraft,
    Fornuft or Intuition``, ``a whole number or none``. A choice's values are named in
    the words its system gives them (``words``), else as a settings file spells them."""
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if _allows_none(annotation):
        rest = [a for a in args if a is not type(None)]
        inner = rest[0] if len(rest) == 1 else typing.Union[tuple(rest)]  # noqa: UP007
        return msg(
            "settings.allowed.or_none",
            "{allowed} or none",
            allowed=allowed_message(inner, metadata, words),
        )
    if origin is typing.Literal:
        named = [_choice_words(choice, words) for choice in args]
        if len(named) == 1:
            return msg("settings.allowed.only", "only {value}", value=named[0])
        return msg("settings.allowed.choice", "one of: {choices}", choices=Listing.of(named, "or"))
    if annotation is bool:
        return msg("settings.allowed.flag", "true or false")
    if annotation is int:
        low = high = None
        for bound in metadata:
            if isinstance(bound, annotated_types.Ge):
                low = int(bound.ge)  # type: ignore[call-overload]
            elif isinstance(bound, annotated_types.Le):
                high = int(bound.le)  # type: ignore[call-overload]
        if low is not None and high is not None:
            return msg(
                "settings.allowed.whole_range",
                "a whole number from {low} to {high}",
                low=low,
                high=high,
            )
        if low is not None:
            return msg("settings.allowed.whole_low", "a whole number of at least {low}", low=low)
        if high is not None:
            return msg("settings.allowed.whole_high", "a whole number of at most {high}", high=high)
        return msg("settings.allowed.whole", "a whole number")
    if annotation is str:
        return msg("settings.allowed.text", "text")
    if origin in (dict, Mapping) and len(args) == 2:
        return msg(
            "settings.allowed.table",
            "a table of {key} → {value}",
            key=allowed_message(args[0], (), None),
            value=allowed_message(args[1], (), words),
        )
    if origin in (list, tuple) and args:
        if args[0] is int:
            return msg("settings.allowed.whole_list", "a list of whole numbers")
        return msg(
            "settings.allowed.list",
            "a list, each {item}",
            item=allowed_message(args[0], (), words),
        )
    if args:  # a union of several types
        return msg(
            "settings.allowed.any_of",
            "{choices}",
            choices=Listing.of((allowed_message(a, (), words) for a in args), "or"),
        )
    return msg("settings.allowed.other", "{type}", type=getattr(annotation, "__name__", "?"))


def _choice_words(value: Any, words: SettingWords | None) -> Message | str:
    named = words.value(value) if words is not None else None
    return named if named is not None else repr(value)


def _field_allowed(field_info: Any) -> Message:
    """What one declared setting may be (its bounds and its system's words)."""
    extra = field_info.json_schema_extra if isinstance(field_info.json_schema_extra, dict) else {}
    words = extra.get("words")
    return allowed_message(
        field_info.annotation,
        field_info.metadata,
        words if isinstance(words, SettingWords) else None,
    )


def _toml_text(value: Any) -> str:
    """``value`` as TOML's right-hand side; a table setting (a mapping such as a skill →
    ability map) is written inline, so the settings after it stay top-level keys."""
    if value is None:
        return "(unset)"
    if isinstance(value, dict):
        pairs = (tomli_w.dumps({str(key): item}).strip() for key, item in value.items())
        return "{" + ", ".join(pairs) + "}"
    return tomli_w.dumps({"v": value}).strip()[4:]
