"""What the kit says to a person: messages as data, rendered from gettext catalogues.

The bottom of the kit: it imports nothing of isowidgets, so the engine (errors,
events, steps) and the widgets can all speak through it. See
:mod:`isowidgets.words.message` for the conventions (keys, templates, values) and
:mod:`isowidgets.words.catalogues` for the files and the languages.
"""

from .catalogues import LANGUAGE_NAMES, LOCALE_DIR, PSEUDO, languages, reload, render
from .message import KEY, Clip, Listing, Message, Number, Percent, Ref, is_key, msg, plural

__all__ = [
    "KEY",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "PSEUDO",
    "Clip",
    "Listing",
    "Message",
    "Number",
    "Percent",
    "Ref",
    "is_key",
    "languages",
    "msg",
    "plural",
    "reload",
    "render",
]
