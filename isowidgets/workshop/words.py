"""The teacher's overview in English and Danish (one :class:`~isowidgets.widgets.i18n.Catalogue`).

Names, numbers and the engine's description of a participant's latest step are
filled in as ``{placeholders}``.
"""

from __future__ import annotations

from ..widgets.i18n import Catalogue

__all__ = ["OVERVIEW_WORDS"]

_WORDS: dict[str, tuple[str, str]] = {
    "overview.title": ("Workshop overview", "Overblik over workshoppen"),
    "overview.caption": (
        "{n} participants · refreshes itself · links open a table read-only",
        "{n} deltagere · opdaterer sig selv · links åbner et bord skrivebeskyttet",
    ),
    "overview.participant": ("Participant", "Deltager"),
    "overview.notebook": ("Notebook", "Notesbog"),
    "overview.system": ("System", "System"),
    "overview.step": ("Latest step", "Seneste skridt"),
    "overview.since": ("Last action", "Seneste handling"),
    "overview.table": ("Their table", "Deres bord"),
    "overview.open": ("Open {name}'s table (read-only)", "Åbn {name}s bord (skrivebeskyttet)"),
    "overview.no_table": ("no table opened yet", "intet bord åbnet endnu"),
    "overview.reading": ("reading their journal…", "læser deres journal…"),
    "overview.unreadable": ("journal not readable: {why}", "journalen kan ikke læses: {why}"),
    "overview.never": ("nothing played yet", "intet spillet endnu"),
    "overview.seconds": ("{n} s ago", "for {n} s siden"),
    "overview.minutes": ("{n} min ago", "for {n} min siden"),
    "overview.hours": ("{n} h {m} min ago", "for {n} t {m} min siden"),
    "overview.quiet": ("quiet", "stille"),
    "overview.stopped": ("server stopped", "server stoppet"),
    "overview.nobody": ("Nobody has logged in yet.", "Ingen er logget ind endnu."),
    "overview.updated": ("Updated {time}", "Opdateret {time}"),
    "overview.no_hub": (
        "the hub's address is not known here ({why}): participants listed by folder",
        "hubbens adresse kendes ikke her ({why}): deltagere vist efter mappe",
    ),
    "overview.hub_silent": (
        "the hub did not answer ({why}): participants listed by folder",
        "hubben svarede ikke ({why}): deltagere vist efter mappe",
    ),
    "overview.table_refused": ("This table cannot be shown: {why}", "Bordet kan ikke vises: {why}"),
}

OVERVIEW_WORDS = Catalogue(
    "overview",
    {
        "en": {key: en for key, (en, _da) in _WORDS.items()},
        "da": {key: da for key, (_en, da) in _WORDS.items()},
    },
)
"""Every word of the teacher's overview and its table page."""
