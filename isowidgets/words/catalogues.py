"""The catalogues: every message in every language, read from gettext files with Babel.

English is the kit's own language: a message carries its English template (see
:mod:`isowidgets.words.message`), and ``isowidgets/locale/<domain>.pot`` is extracted
from the code (``make catalogues``). Every other language is a gettext PO file,
``isowidgets/locale/<language>/LC_MESSAGES/<domain>.po``, the format translators'
tools read and write: each entry has the key as its context (``msgctxt``), the English
template as its ``msgid`` and the translation as its ``msgstr`` (``msgstr[0]``,
``msgstr[1]`` for a plural, chosen by the language's plural rule from its header).

A PO file is compiled and read through Babel once per language and domain, the first
time a message of that domain is rendered in that language. A translation whose
``msgid`` no longer matches the English template (the English was changed after it
was translated) is not used: the English is shown until a translator updates it, and
:func:`isowidgets.words.extract.problems` reports it.

The pseudo-language :data:`PSEUDO` wraps every catalogue text in ``⟦…⟧`` (its values
are not wrapped), so a test can prove that nothing a person reads bypasses the
catalogues.
"""

from __future__ import annotations

import io
import re
import string
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, parse_pattern
from babel.support import Translations

from .message import Clip, Listing, Message, Number, Percent, Ref

__all__ = [
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "PSEUDO",
    "languages",
    "render",
    "template_for",
]

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues live: ``<domain>.pot`` and ``<language>/LC_MESSAGES/<domain>.po``."""

PSEUDO = "qps"
"""The pseudo-language (``qps`` is the range BCP 47 reserves for private use): English
with every catalogue text wrapped in ``⟦…⟧``."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "da": "Dansk", PSEUDO: "⟦Pseudo⟧"}
"""Every language the kit speaks, each named in itself."""

_FORMATS = {PSEUDO: "en"}  # the language whose numbers and lists a language borrows
_OPEN, _CLOSE = "⟦", "⟧"

_LOCK = threading.Lock()
_LOADED: dict[tuple[str, str], Translations | None] = {}


def languages() -> tuple[str, ...]:
    """The language codes the kit speaks, English first, the pseudo-language last."""
    found = (
        sorted(
            path.name
            for path in LOCALE_DIR.iterdir()
            if path.is_dir() and (path / "LC_MESSAGES").is_dir() and path.name in LANGUAGE_NAMES
        )
        if LOCALE_DIR.is_dir()
        else []
    )
    return ("en", *[code for code in found if code != "en"], PSEUDO)


def _translations(language: str, domain: str) -> Translations | None:
    """The compiled catalogue of ``domain`` in ``language`` (``None``: there is none)."""
    key = (language, domain)
    with _LOCK:
        if key in _LOADED:
            return _LOADED[key]
        source = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
        loaded: Translations | None = None
        if source.is_file():
            with open(source, "rb") as handle:
                catalog = read_po(handle, locale=language, domain=domain)
            compiled = io.BytesIO()
            write_mo(compiled, catalog)  # fuzzy entries are left out, as gettext does
            compiled.seek(0)
            loaded = Translations(compiled, domain=domain)
        _LOADED[key] = loaded
        return loaded


def reload() -> None:
    """Forget every compiled catalogue (after a PO file changed on disk)."""
    with _LOCK:
        _LOADED.clear()


def template_for(message: Message, language: str) -> str:
    """The template ``message`` is written with in ``language``, its plural chosen."""
    count = message.arguments.get("n") if message.plural_template else None
    if language in ("en", PSEUDO) or language not in LANGUAGE_NAMES:
        if message.plural_template:
            text = message.template if count == 1 else message.plural_template
        else:
            text = message.template
        return f"{_OPEN}{text}{_CLOSE}" if language == PSEUDO else text
    translations = _translations(language, message.domain)
    if translations is None:
        if message.plural_template:
            return message.template if count == 1 else message.plural_template
        return message.template
    if message.plural_template:
        number = count if isinstance(count, int) and not isinstance(count, bool) else 0
        return str(
            translations.npgettext(message.key, message.template, message.plural_template, number)
        )
    return str(translations.pgettext(message.key, message.template))


def _locale(language: str) -> Locale:
    try:
        return Locale.parse(_FORMATS.get(language, language))
    except (UnknownLocaleError, ValueError, TypeError):
        return Locale.parse("en")


def _number(value: float | int, language: str, digits: int | None, grouped: bool) -> str:
    locale = _locale(language)
    if digits is None:
        return str(format_decimal(value, locale=locale, group_separator=grouped))
    pattern = parse_pattern(locale.decimal_formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    return str(pattern.apply(value, locale, group_separator=grouped))


def _percent(value: float, language: str, digits: int) -> str:
    locale = _locale(language)
    pattern = parse_pattern(locale.percent_formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    return str(pattern.apply(value, locale))


def _pseudo_list(items: list[str], style: Any) -> str:
    """``items`` joined as the pseudo-language's lists are: English's pattern, its own
    words ("and", "or") wrapped like every other word a language supplies."""
    marks = [f"\x00{index}\x00" for index in range(len(items))]
    joined = str(format_list(marks, style=style, locale=_locale(PSEUDO)))
    parts = []
    for part in re.split(r"(\x00\d+\x00)", joined):
        if (mark := re.fullmatch(r"\x00(\d+)\x00", part)) is not None:
            parts.append(items[int(mark.group(1))])
        else:
            parts.append(_WORD.sub(lambda word: f"{_OPEN}{word.group(0)}{_CLOSE}", part))
    return "".join(parts)


_WORD = re.compile(r"[^\W\d_]+")
"""A run of letters: a word a list's pattern supplies."""


def _value(value: Any, language: str, names: Mapping[str, str] | None, depth: int) -> str:
    """``value`` as text in ``language`` (see :mod:`isowidgets.words.message`)."""
    if isinstance(value, Message):
        return _render(value, language, names, depth + 1)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value).replace("-", "−") if value < 0 else str(value)
    if isinstance(value, float):
        return _number(value, language, None, True)
    if isinstance(value, Percent):
        return _percent(value.value, language, value.digits)
    if isinstance(value, Number):
        return _number(value.value, language, value.digits, value.grouped)
    if isinstance(value, Listing):
        items = [_value(item, language, names, depth + 1) for item in value.items]
        if not items:
            return ""
        if language != PSEUDO:
            return str(format_list(items, style=value.style, locale=_locale(language)))
        return _pseudo_list(items, value.style)
    if isinstance(value, Clip):
        text = _value(value.value, language, names, depth + 1)
        most = max(1, value.most)
        if len(text) <= most:
            return text
        cut = f"{text[: most - 1]}…"
        return f"{cut}{_CLOSE}" if language == PSEUDO and _OPEN in cut else cut
    if isinstance(value, Ref):
        if names is not None and value.id in names:
            return str(names[value.id])
        return value.fallback or value.id
    return str(value)


class _Filled(dict[str, str]):
    """The values of one template; a placeholder with no value stays as it is written."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


_FORMATTER = string.Formatter()


def _render(message: Message, language: str, names: Mapping[str, str] | None, depth: int) -> str:
    if depth > 20:  # a message nested in itself: the values are the kit's, but be safe
        return message.key
    template = template_for(message, language)
    values = _Filled(
        {name: _value(value, language, names, depth) for name, value in message.values}
    )
    try:
        return _FORMATTER.vformat(template, (), values)
    except (ValueError, IndexError, KeyError, AttributeError):  # a broken translation
        pass
    try:
        return _FORMATTER.vformat(template_for(message, "en"), (), values)
    except (ValueError, IndexError, KeyError, AttributeError):  # a broken template
        return message.template


def render(
    message: Message, language: str = "en", *, names: Mapping[str, str] | None = None
) -> str:
    """``message`` as text a person reads, in ``language``.

    Args:
        message: what to say.
        language: a code of :data:`LANGUAGE_NAMES`; a language with no catalogue for
            the message's domain reads English (Isolation, Impact and Watch the World
            Die speak English only).
        names: the names the table gave to ids (for :class:`~.message.Ref` values).

    Never raises for what a message holds: a rendering problem shows the English.
    """
    return _render(message, language, names, 0)
