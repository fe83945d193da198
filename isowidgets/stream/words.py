"""The stream view's words, in English and Danish (one :class:`~isowidgets.widgets.i18n.Catalogue`).

Viewers read the stream in the language the group streams in, chosen when the view
is started (``--language da``). Names, numbers and the engine's descriptions of
events are filled in as ``{placeholders}``; the Danish system's board speaks its own
catalogue as well, in the same language.
"""

from __future__ import annotations

from ..widgets.i18n import Catalogue

__all__ = ["STREAM_WORDS"]

_WORDS: dict[str, tuple[str, str]] = {
    "stream.waiting": ("Waiting for the session to start…", "Venter på at spillet starter…"),
    "stream.latest": ("Latest roll", "Seneste slag"),
    "stream.no_roll": ("No dice rolled yet.", "Der er ikke slået med terninger endnu."),
    "stream.means": ("What it means", "Hvad det betyder"),
    "stream.commitment": (
        "Dice committed before play · SHA-256 {digest}",
        "Terningerne er bundet før spillet · SHA-256 {digest}",
    ),
    "stream.revealed": (
        "Seed revealed: verify with python -m isowidgets verify",
        "Frøet er afsløret: efterprøv med python -m isowidgets verify",
    ),
    "stream.uncommitted": (
        "This session made no commitment to its dice (an older journal).",
        "Dette spil har ikke bundet sine terninger (en ældre journal).",
    ),
    "stream.table_seed": (
        "Table seed “{seed}” bound into every roll",
        "Bordets frø “{seed}” er bundet ind i hvert slag",
    ),
    "stream.no_table_seed": (
        "No table seed: the GM's seed alone",
        "Intet frø fra bordet: kun spillederens frø",
    ),
    "stream.head": (
        "Journal head {head} · public rolls: {rolls}",
        "Journalens hash {head} · offentlige slag: {rolls}",
    ),
    "stream.recent": ("Recent rolls", "De seneste slag"),
    "stream.map": ("Relationship map", "Relationskort"),
    "stream.stress": ("Stress", "Stress"),
    "stream.characters": ("Characters", "Personer"),
    "stream.health": (
        "{mark} {name}: {health}",
        "{mark} {name}: {health}",
    ),
    "stream.ladders": ("Impact Dice", "Impact-terninger"),
    "stream.scene": ("Scene", "Scene"),
    "stream.pc": ("PC", "Spilperson"),
    "stream.npc": ("NPC adversary", "Modstander"),
    "stream.no_die": ("no Impact Die", "ingen Impact-terning"),
    "stream.damage": ("Damage", "Skade"),
    "stream.pressure": ("Pressure {n}", "Pres {n}"),
    "stream.year": ("Year {year}", "År {year}"),
    "stream.events": ("Latest Events", "Seneste begivenheder"),
    "stream.no_events": ("No Event yet.", "Ingen begivenhed endnu."),
    "stream.nothing": ("Nobody at the table yet.", "Ingen ved bordet endnu."),
}

STREAM_WORDS = Catalogue(
    "stream",
    {
        "en": {key: en for key, (en, _da) in _WORDS.items()},
        "da": {key: da for key, (_en, da) in _WORDS.items()},
    },
)
"""Every word the stream page and the boards of the core systems show."""
