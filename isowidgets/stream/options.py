"""What a stream page can be asked for: its frame sizes, layouts and languages, and the
options its address gives (:func:`~isowidgets.stream.options.page_options`), each refused
value said briefly in the page's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import parse_qs

from .. import checks
from ..words import Listing, Message, languages, msg, plural
from .previously import MAX_FROM, MOST

__all__ = ["LANGUAGES", "LAYOUTS", "MAX_QUERY", "SIZES", "page_options"]

SIZES: dict[str, tuple[int, int, int]] = {
    "1920x1080": (1920, 1080, 30),
    "1280x720": (1280, 720, 20),
}
"""Frame size → (width, height, base font size in px): the same layout at either size;
the smallest text is 0.9 em (18 px at 720p, 27 px at 1080p)."""

LAYOUTS = ("board", "lower-third")
"""The page's layouts: the whole board, or only the latest resolution along the bottom."""

LANGUAGES = languages()
"""The languages the stream speaks: every language of the kit's catalogues (``en``,
``da``), and the pseudo-language ``qps`` a test reads it in."""

MAX_QUERY = 500
"""The longest query string the page reads (``?layout=lower-third&language=da``)."""

CUT = 30
"""The most characters of a name or value received that a refusal repeats."""

MOST_NAMED = 3
"""The most unknown names a refusal repeats (the rest are counted)."""


def _cut(text: str) -> str:
    """``text`` as a refusal repeats it: quoted, at most :data:`CUT` characters of it and
    an ellipsis (no count in words: the refusal is said in the page's language)."""
    return checks.shown(text[:CUT], CUT + 2) + ("…" if len(text) > CUT else "")


def page_options(
    query: str | None, defaults: Mapping[str, Any]
) -> tuple[dict[str, Any], Message | None]:
    """The page's options from its URL's query (``layout``, ``language``, ``size``,
    ``transparent``, ``previously``, ``previously_from``), over the ``defaults`` the
    command line chose; and what was refused in it, as a message the page says in its
    language (``None``: nothing). A value the page cannot take keeps the default. Each
    name and value refused is repeated cut to :data:`CUT` characters, and at most
    :data:`MOST_NAMED` unknown names (the rest counted), so the refusal stays short
    whatever the address holds.
    """
    options = dict(defaults)
    if not query:
        return options, None
    if not isinstance(query, str) or len(query) > MAX_QUERY:
        return options, msg(
            "stream.address_too_long",
            "the page's address is longer than {most} characters; not read",
            most=MAX_QUERY,
        )
    refused: list[Message] = []
    unknown: list[str] = []
    allowed: dict[str, Sequence[str]] = {
        "layout": LAYOUTS,
        "language": LANGUAGES,
        "size": tuple(SIZES),
        "transparent": ("0", "1", "false", "true", "no", "yes"),
    }
    numbers = {"previously": (0, MOST), "previously_from": (1, MAX_FROM)}
    for name, values in parse_qs(query, keep_blank_values=True).items():
        if name not in allowed and name not in numbers:
            unknown.append(name)
            continue
        value = values[-1]
        if name in numbers:
            lo, hi = numbers[name]
            # digits only and few of them: no sign, no space, no 10**6-digit number to parse
            if not (value.isascii() and value.isdigit() and len(value) <= len(str(hi))) or not (
                lo <= int(value) <= hi
            ):
                refused.append(
                    msg("stream.option_not_a_number",
                        "{name}={value} ({name} is a whole number from {lo} to {hi})",
                        name=name, value=_cut(value), lo=lo, hi=hi)
                )  # fmt: skip
                continue
            options[name] = int(value)
        elif value not in allowed[name]:
            refused.append(
                msg("stream.option_not_allowed", "{name}={value} ({name} is {allowed})",
                    name=name, value=_cut(value), allowed=Listing.of(allowed[name], "or"))
            )  # fmt: skip
        elif name == "transparent":
            options[name] = value in ("1", "true", "yes")
        else:
            options[name] = value
    if unknown:  # named once, however many: the address cannot make the refusal long
        names: list[Any] = [_cut(name) for name in unknown[:MOST_NAMED]]
        if len(unknown) > MOST_NAMED:
            more = len(unknown) - MOST_NAMED
            names.append(plural("stream.options_more", "{n} more", "{n} more", n=more))
        refused.insert(
            0,
            msg("stream.option_unknown", "{names} (the page reads {known})",
                names=Listing.of(names), known=Listing.of([*allowed, *numbers])),
        )  # fmt: skip
    if not refused:
        return options, None
    return options, msg(
        "stream.options_refused",
        "not used from the address: {refused}",
        refused=Listing.of(refused),
    )
