"""Labels in more than one language, and a switch that re-labels a live panel in place.

A table played in Danish and read in English (or the other way round) must not be
rebuilt to change language: the dice typed, the page of the log shown and the
focus would be lost. So a panel never writes its words itself. It asks a
:class:`Labels` for each one by key, and **binds** every control whose words come
from the catalogue (a button's description, a box's placeholder, a tooltip); a view
drawn from HTML registers a redraw instead. :meth:`Labels.set_language` then sets
every bound trait and calls every redraw, and the panel speaks the other language
with nothing else touched.

* A :class:`Catalogue` holds every label of a system in each language it speaks,
  under one key per label; :meth:`Catalogue.problems` says what a catalogue lacks
  (a key missing in one language, an empty label, a ``{placeholder}`` that one
  language fills and the other forgets), so a test keeps both languages complete.
* :data:`KIT` is the catalogue of the shared widgets (the toolbar, the dice entry,
  the log's pager); :meth:`Labels.bind_kit` binds one of them in a single call.
* :class:`LanguageSwitch` is the control a person uses: a dropdown whose name is
  written in every language it offers (``Language · Sprog``), so it can be found
  whichever language the panel speaks now.

Numbers and names never go through a catalogue: a label takes them as
``{placeholders}`` filled by the caller (``labels("round", n=2)``).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from .. import checks
from ..errors import RuleError

__all__ = [
    "KIT",
    "LANGUAGE_NAMES",
    "Catalogue",
    "Labels",
    "LanguageSwitch",
    "english",
]

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "da": "Dansk"}
"""Every language a catalogue may speak, each named in itself (as a switch offers it)."""


def _fields(text: str) -> set[str]:
    """The ``{placeholder}`` names a label fills in (``"round {n}"`` → ``{"n"}``)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every label of one system (or of the kit), in each language it speaks.

    Args:
        name: what the catalogue labels ("kit", "fudge_conflict"), for messages.
        labels: language code → key → label. Every language should have every key
            (see :meth:`problems`); the first language is the default.
    """

    name: str
    labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def languages(self) -> tuple[str, ...]:
        """The language codes, the default first."""
        return tuple(self.labels)

    def keys(self) -> frozenset[str]:
        """Every key that some language labels."""
        return frozenset(key for table in self.labels.values() for key in table)

    def text(self, language: str, key: str, **values: Any) -> str:
        """The label of ``key`` in ``language``, with its ``{placeholders}`` filled.

        Raises:
            RuleError: the language or the key is not in the catalogue, or a
                placeholder the label needs was not given.
        """
        table = self.labels.get(language)
        if table is None:
            raise RuleError(
                f"the {self.name} labels speak {', '.join(self.languages)}, "
                f"not {checks.shown(language)}"
            )
        label = table.get(key)
        if label is None:
            raise RuleError(
                f"the {self.name} labels have no {checks.shown(key)} in {language}: "
                "add it to every language of the catalogue"
            )
        if not values and "{" not in label:
            return label
        try:
            return label.format(**values)
        except KeyError as missing:
            raise RuleError(
                f"the {self.name} label {key!r} needs a value for {missing}, got {sorted(values)}"
            ) from None

    def problems(self) -> list[str]:
        """What keeps the catalogue from being complete in every language it speaks:
        keys one language lacks, empty labels, placeholders that differ between
        languages (a number or a name one of them would drop). Empty when complete."""
        found: list[str] = []
        every = self.keys()
        for language, table in self.labels.items():
            if language not in LANGUAGE_NAMES:
                found.append(f"{language!r} is not one of {sorted(LANGUAGE_NAMES)}")
            for key in sorted(every - set(table)):
                found.append(f"{language}: no label for {key!r}")
            for key, label in sorted(table.items()):
                if not label.strip():
                    found.append(f"{language}: the label of {key!r} is empty")
        first = self.languages[0] if self.labels else None
        for key in sorted(every):
            wanted = {
                language: _fields(table[key])
                for language, table in self.labels.items()
                if key in table
            }
            if first in wanted and any(names != wanted[first] for names in wanted.values()):
                found.append(f"{key!r} fills different placeholders: {wanted}")
        return found

    def __or__(self, other: Catalogue) -> Catalogue:
        """Both catalogues as one (a system's labels and the kit's); a key in both is
        refused, so neither silently relabels the other's controls."""
        clash = sorted(self.keys() & other.keys())
        if clash:
            raise RuleError(f"the {self.name} and {other.name} labels both define {clash}")
        languages = dict.fromkeys([*self.languages, *other.languages])
        merged = {
            language: {**self.labels.get(language, {}), **other.labels.get(language, {})}
            for language in languages
        }
        return Catalogue(f"{self.name}+{other.name}", merged)


KIT = Catalogue(
    "kit",
    {
        "en": {
            "kit.message.error": "⚠ Error",
            "kit.message.warning": "△ Note",
            "kit.undo": "Undo",
            "kit.undo.tip": "take back the last action (kept in the log as a retcon)",
            "kit.redo": "Redo",
            "kit.redo.tip": "restore what the last undo took",
            "kit.note": "Note",
            "kit.note.hint": "a note for the log",
            "kit.note.add": "Add note",
            "kit.note.add.tip": "write the note into the session log",
            "kit.export.format": "Export as",
            "kit.export": "Export log",
            "kit.export.tip": "write the whole session log to a file",
            "kit.roll": "Roll",
            "kit.roll.tip": "roll random dice",
            "kit.faces": "Faces",
            "kit.faces.enter": "Enter faces",
            "kit.faces.enter.tip": "use the faces typed in the box (or press Enter there)",
            "kit.log.first": "⇤ First",
            "kit.log.first.tip": "show the session's first events",
            "kit.log.older": "◀ Older",
            "kit.log.older.tip": "show older events",
            "kit.log.newer": "Newer ▶",
            "kit.log.newer.tip": "show newer events",
            "kit.log.latest": "Latest ⇥",
            "kit.log.latest.tip": "show the newest events and follow the game",
            "kit.log.none": "no events yet",
            "kit.log.only": "showing the only event",
            "kit.log.all": "showing all {count} events",
            "kit.log.last": "showing the last {shown} of {count} events",
            "kit.log.range": "showing events {first}–{end} of {count}, newest first",
            "kit.log.retconned": "(retconned)",
            "kit.log.col.seq": "seq",
            "kit.log.col.action": "action",
            "kit.log.col.kind": "kind",
            "kit.log.col.summary": "summary",
            "kit.log.col.faces": "faces",
            "kit.log.col.source": "source",
            "kit.source.last": "last roll:",
            "kit.source.random": "random",
            "kit.source.random.tip": "rolled by the kit",
            "kit.source.typed": "typed",
            "kit.source.typed.tip": "faces typed in from the table",
            "kit.undone": "undone: {what}",
            "kit.redone": "redone: {what}",
            "kit.undone.nothing": "nothing",
            "kit.undone.action": "action #{action}",
            "kit.undone.more": "{first} (and {more} more events)",
            "kit.undone.one_more": "{first} (and 1 more event)",
            "kit.log.undo": "undo: {what}",
            "kit.log.redo": "redo: {what}",
            "kit.log.retcon_reason": "{reason}: {what}",
            "kit.exported.events": "exported {count} events to {path}",
            "kit.exported.one_event": "exported 1 event to {path}",
            "kit.exported.own": "exported the {what} to {path}",
            "kit.reveal": "Reveal seed",
            "kit.reveal.tip": "disclose the seed so anyone can verify the rolls",
            "kit.reveal.confirm": "Confirm reveal",
            "kit.reveal.ask": (
                "revealing the seed ends this session's random rolls (typed dice still "
                "work); click Confirm reveal to go on"
            ),
            "kit.reveal.done": "seed revealed: anyone can now verify this session's rolls",
            "kit.commit.none": "dice not committed (a session from before commitments)",
            "kit.commit.shown": "dice committed: {fingerprint}…",
            "kit.commit.tip": "SHA-256 commitment to the seed: {commitment}",
            "kit.commit.revealed": "seed revealed: {seed}",
            "kit.commit.revealed.tip": "seed {seed}, salt {salt}; commitment {commitment}",
            "kit.table_seed": "Table seed",
            "kit.table_seed.hint": "a phrase from the table, before the first roll",
            "kit.table_seed.give": "Give table seed",
            "kit.table_seed.give.tip": (
                "journal the table's own seed and bind it into every roll (once, before the "
                "first random roll: the GM's seed was fixed before, so it cannot suit it)"
            ),
            "kit.table_seed.done": "table seed given: “{seed}” is bound into every roll",
            "kit.table_seed.shown": "table seed “{seed}”",
            "kit.table_seed.none": "no table seed (the GM's seed alone)",
            "kit.head.shown": "head {head} · public rolls: {rolls}",
            "kit.head.tip": (
                "the journal's head as the stream shows it, from its latest public line (a "
                "GM-only action does not move it): {head}. Whoever keeps it can check the "
                "journal later: python -m isowidgets verify JOURNAL --head {rolls}:{short}"
            ),
            "kit.head.none": "head: none (written before lines were chained)",
            "kit.head.none.tip": (
                "this journal's lines were written before each carried the hash of the journal "
                "up to it"
            ),
            "kit.gm": "🔒 GM only",
            "kit.gm.tip": (
                "while pressed, rolls, notes and prepared values are for the GM only: the "
                "stream and public exports leave them out until shown to the table"
            ),
            "kit.gm.on": "GM only is on: what the table does now stays off the stream",
            "kit.gm.roll.tip": (
                "this roll only: GM only, off the stream until shown to the table; the "
                "switch turns itself off after the roll (the toolbar's is for the session)"
            ),
            "kit.held.one": "1 action not shown to the table yet",
            "kit.held.many": "{n} actions not shown to the table yet",
            "kit.held.show": "🔓 Show to table",
            "kit.held.show.tip": (
                "show every GM-only action held back to the table and the stream, oldest "
                "first (prepared secrets stay secret: show one from the log)"
            ),
            "kit.log.gm": "🔒 GM only",
            "kit.log.shown": "🔓 shown to the table",
            "kit.log.disclose": "🔓 Show to table: {what}",
            "kit.log.disclose.tip": (
                "show action #{action} to the table and the stream from now on: {what}"
            ),
            "kit.log.disclosed": "shown to the table: {what}",
            "kit.prepare.name": "Prepared",
            "kit.prepare.name.hint": "what, e.g. Marta's Deceive",
            "kit.prepare.value": "Value",
            "kit.prepare.value.hint": "value, e.g. 4",
            "kit.prepare": "Prepare",
            "kit.prepare.tip": "journal a value fixed in advance (GM only unless switched off)",
            "kit.prepare.gm": "🔒 keep secret",
            "kit.prepare.open": "Prepare a secret",
            "kit.prepare.close": "Hide prepare",
            "kit.prepare.open.tip": (
                "fix a value in advance (an NPC's hidden skill, a secret difficulty), "
                "journaled for the GM only"
            ),
            "kit.prepare.done": "prepared {name} = {value}",
            "kit.prepare.done.gm": "prepared {name} = {value} (GM only)",
            "kit.more": "More",
            "kit.more.hide": "Less",
            "kit.more.tip": (
                "export, house rules, a prepared secret, rule references and the dice commitment"
            ),
            "kit.refs": "Rule references",
            "kit.refs.tip": (
                "show the rules' IDs such as [ISO-R19] everywhere on the table (for teaching "
                "and designing; hidden while playing)"
            ),
            "kit.gm.on.short": "GM only is on",
            "kit.rules": "House rules",
            "kit.rules.hide": "Hide house rules",
            "kit.rules.tip": (
                "see and change this system's house-rule settings (every change goes in the log)"
            ),
            "kit.rules.title": (
                "House rules of {system}: {count} settings, {changed} changed from default"
            ),
            "kit.rules.title.one": (
                "House rules of {system}: 1 setting, {changed} changed from default"
            ),
            "kit.rules.showing": "showing {shown} of {count}",
            "kit.rules.none": "no setting matches {filter}",
            "kit.rules.filter": "Filter",
            "kit.rules.filter.hint": "a word, a name or an ID such as DK-A04",
            "kit.rules.only_changed": "Only changed",
            "kit.rules.only_changed.tip": "show only the settings that differ from their default",
            "kit.rules.file": "Settings file",
            "kit.rules.file.hint": "a file path such as house-rules.toml",
            "kit.rules.save": "Save to file",
            "kit.rules.save.tip": "write every setting to the file as commented TOML",
            "kit.rules.load": "Load from file",
            "kit.rules.load.tip": (
                "read the file and apply what it changes (in the log); a bad file changes nothing"
            ),
            "kit.rules.defaults": "All to defaults",
            "kit.rules.defaults.tip": (
                "set every setting back to its default (in the log; Undo takes it back)"
            ),
            "kit.rules.defaults.done": "every setting is back at its default",
            "kit.rules.default": "(default)",
            "kit.rules.changed": "✎ changed from default: {default}",
            "kit.rules.now": "now: {value}",
            "kit.rules.allowed": "allowed: {allowed}",
            "kit.rules.whole": "a whole number from {low} to {high}",
            "kit.rules.on_off": "on or off",
            "kit.rules.on": "on",
            "kit.rules.off": "off",
            "kit.rules.unset": "unset",
            "kit.rules.or_unset": "{allowed}, or blank for unset",
            "kit.rules.written": "{allowed}, written as in a settings file; press Enter to apply",
            "kit.rules.saved": "saved the house rules to {path}",
            "kit.rules.loaded": "loaded {path}: {count} settings changed",
            "kit.rules.loaded.none": "loaded {path}: nothing changed",
        },
        "da": {
            "kit.message.error": "⚠ Fejl",
            "kit.message.warning": "△ Bemærk",
            "kit.undo": "Fortryd",
            "kit.undo.tip": "tag den sidste handling tilbage (den bliver stående i loggen)",
            "kit.redo": "Gentag",
            "kit.redo.tip": "gendan det, den sidste fortrydelse tog",
            "kit.note": "Note",
            "kit.note.hint": "en note til loggen",
            "kit.note.add": "Tilføj note",
            "kit.note.add.tip": "skriv noten i spillets log",
            "kit.export.format": "Eksportér som",
            "kit.export": "Eksportér log",
            "kit.export.tip": "skriv hele spillets log til en fil",
            "kit.roll": "Slå",
            "kit.roll.tip": "slå tilfældige terninger",
            "kit.faces": "Sider",
            "kit.faces.enter": "Indtast sider",
            "kit.faces.enter.tip": "brug siderne skrevet i feltet (eller tryk Enter dér)",
            "kit.log.first": "⇤ Første",
            "kit.log.first.tip": "vis spillets første hændelser",
            "kit.log.older": "◀ Ældre",
            "kit.log.older.tip": "vis ældre hændelser",
            "kit.log.newer": "Nyere ▶",
            "kit.log.newer.tip": "vis nyere hændelser",
            "kit.log.latest": "Seneste ⇥",
            "kit.log.latest.tip": "vis de nyeste hændelser og følg spillet",
            "kit.log.none": "ingen hændelser endnu",
            "kit.log.only": "viser den eneste hændelse",
            "kit.log.all": "viser alle {count} hændelser",
            "kit.log.last": "viser de seneste {shown} af {count} hændelser",
            "kit.log.range": "viser hændelse {first}–{end} af {count}, nyeste først",
            "kit.log.retconned": "(fortrudt)",
            "kit.log.col.seq": "nr.",
            "kit.log.col.action": "handling",
            "kit.log.col.kind": "slags",
            "kit.log.col.summary": "resumé",
            "kit.log.col.faces": "sider",
            "kit.log.col.source": "kilde",
            "kit.source.last": "sidste slag:",
            "kit.source.random": "tilfældigt",
            "kit.source.random.tip": "slået af programmet",
            "kit.source.typed": "indtastet",
            "kit.source.typed.tip": "sider indtastet fra bordet",
            "kit.undone": "fortrudt: {what}",
            "kit.redone": "gentaget: {what}",
            "kit.undone.nothing": "intet",
            "kit.undone.action": "handling nr. {action}",
            "kit.undone.more": "{first} (og {more} hændelser mere)",
            "kit.undone.one_more": "{first} (og 1 hændelse mere)",
            "kit.log.undo": "fortrydelse: {what}",
            "kit.log.redo": "gentagelse: {what}",
            "kit.log.retcon_reason": "{reason}: {what}",
            "kit.exported.events": "eksporterede {count} hændelser til {path}",
            "kit.exported.one_event": "eksporterede 1 hændelse til {path}",
            "kit.exported.own": "eksporterede {what} til {path}",
            "kit.reveal": "Afslør frø",
            "kit.reveal.tip": "offentliggør frøet, så alle kan efterprøve slagene",
            "kit.reveal.confirm": "Bekræft afsløring",
            "kit.reveal.ask": (
                "når frøet afsløres, slutter spillets tilfældige slag (indtastede terninger "
                "virker stadig); klik Bekræft afsløring for at fortsætte"
            ),
            "kit.reveal.done": "frøet er afsløret: nu kan alle efterprøve spillets slag",
            "kit.commit.none": "terningerne er ikke forpligtet (et spil fra før forpligtelser)",
            "kit.commit.shown": "terningerne er forpligtet: {fingerprint}…",
            "kit.commit.tip": "SHA-256-forpligtelse til frøet: {commitment}",
            "kit.commit.revealed": "frøet er afsløret: {seed}",
            "kit.commit.revealed.tip": "frø {seed}, salt {salt}; forpligtelse {commitment}",
            "kit.table_seed": "Bordets frø",
            "kit.table_seed.hint": "en sætning fra bordet, før første slag",
            "kit.table_seed.give": "Giv bordets frø",
            "kit.table_seed.give.tip": (
                "skriv bordets eget frø i journalen og bind det ind i hvert slag (én gang, før "
                "første tilfældige slag: spillederens frø lå fast før, så det kan ikke passe til "
                "det)"
            ),
            "kit.table_seed.done": "bordets frø er givet: “{seed}” er bundet ind i hvert slag",
            "kit.table_seed.shown": "bordets frø “{seed}”",
            "kit.table_seed.none": "intet frø fra bordet (kun spillederens)",
            "kit.head.shown": "hash {head} · offentlige slag: {rolls}",
            "kit.head.tip": (
                "journalens hash, som streamen viser den, fra dens seneste offentlige linje "
                "(en handling kun for spillederen flytter den ikke): {head}. Den, der gemmer "
                "den, kan efterprøve journalen senere: python -m isowidgets verify JOURNAL "
                "--head {rolls}:{short}"
            ),
            "kit.head.none": "hash: ingen (skrevet før linjerne blev kædet)",
            "kit.head.none.tip": (
                "denne journals linjer blev skrevet, før hver linje bar hashen af journalen op "
                "til sig selv"
            ),
            "kit.gm": "🔒 Kun spilleder",
            "kit.gm.tip": (
                "når den er trykket ned, er slag, noter og forberedte værdier kun for "
                "spillederen: streamen og offentlige eksporter udelader dem, til de vises for "
                "bordet"
            ),
            "kit.gm.on": "kun spilleder er slået til: det, bordet gør nu, holdes ude af streamen",
            "kit.gm.roll.tip": (
                "kun dette slag: kun for spilleder, ude af streamen til det vises for bordet; "
                "knappen slår sig selv fra efter slaget (værktøjslinjens gælder hele spillet)"
            ),
            "kit.held.one": "1 handling er endnu ikke vist for bordet",
            "kit.held.many": "{n} handlinger er endnu ikke vist for bordet",
            "kit.held.show": "🔓 Vis for bordet",
            "kit.held.show.tip": (
                "vis alle skjulte handlinger for bordet og streamen, ældste først (forberedte "
                "hemmeligheder forbliver hemmelige: vis dem enkeltvis fra loggen)"
            ),
            "kit.log.gm": "🔒 kun spilleder",
            "kit.log.shown": "🔓 vist for bordet",
            "kit.log.disclose": "🔓 Vis for bordet: {what}",
            "kit.log.disclose.tip": (
                "vis handling #{action} for bordet og streamen fra nu af: {what}"
            ),
            "kit.log.disclosed": "vist for bordet: {what}",
            "kit.prepare.name": "Forberedt",
            "kit.prepare.name.hint": "hvad, f.eks. Martas Bedrag",
            "kit.prepare.value": "Værdi",
            "kit.prepare.value.hint": "værdi, f.eks. 4",
            "kit.prepare": "Forbered",
            "kit.prepare.tip": (
                "skriv en værdi fastlagt på forhånd i loggen (kun spilleder, med mindre den "
                "slås fra)"
            ),
            "kit.prepare.gm": "🔒 hold hemmelig",
            "kit.prepare.open": "Forbered en hemmelighed",
            "kit.prepare.close": "Skjul forbered",
            "kit.prepare.open.tip": (
                "fastlæg en værdi på forhånd (en bifigurs skjulte færdighed, en hemmelig "
                "sværhedsgrad), skrevet i loggen kun for spillederen"
            ),
            "kit.prepare.done": "forberedt {name} = {value}",
            "kit.prepare.done.gm": "forberedt {name} = {value} (kun spilleder)",
            "kit.more": "Mere",
            "kit.more.hide": "Mindre",
            "kit.more.tip": (
                "eksport, husregler, en forberedt hemmelighed, regelhenvisninger og "
                "terningernes forpligtelse"
            ),
            "kit.refs": "Regelhenvisninger",
            "kit.refs.tip": (
                "vis reglernes ID'er som [ISO-R19] overalt ved bordet (til undervisning og "
                "design; skjult under spillet)"
            ),
            "kit.gm.on.short": "Kun spilleder er slået til",
            "kit.rules": "Husregler",
            "kit.rules.hide": "Skjul husregler",
            "kit.rules.tip": "se og ændr systemets husregler (hver ændring skrives i loggen)",
            "kit.rules.title": (
                "Husregler for {system}: {count} indstillinger, {changed} ændret fra standard"
            ),
            "kit.rules.title.one": (
                "Husregler for {system}: 1 indstilling, {changed} ændret fra standard"
            ),
            "kit.rules.showing": "viser {shown} af {count}",
            "kit.rules.none": "ingen indstilling passer til {filter}",
            "kit.rules.filter": "Filtrér",
            "kit.rules.filter.hint": "et ord, et navn eller et ID som DK-A04",
            "kit.rules.only_changed": "Kun ændrede",
            "kit.rules.only_changed.tip": "vis kun de indstillinger, der afviger fra standard",
            "kit.rules.file": "Indstillingsfil",
            "kit.rules.file.hint": "en filsti som husregler.toml",
            "kit.rules.save": "Gem i fil",
            "kit.rules.save.tip": "skriv alle indstillinger til filen som kommenteret TOML",
            "kit.rules.load": "Indlæs fra fil",
            "kit.rules.load.tip": (
                "læs filen og brug det, den ændrer (i loggen); en dårlig fil ændrer intet"
            ),
            "kit.rules.defaults": "Alle til standard",
            "kit.rules.defaults.tip": (
                "sæt alle indstillinger tilbage til standard (i loggen; Fortryd tager det tilbage)"
            ),
            "kit.rules.defaults.done": "alle indstillinger er tilbage på standard",
            "kit.rules.default": "(standard)",
            "kit.rules.changed": "✎ ændret fra standard: {default}",
            "kit.rules.now": "nu: {value}",
            "kit.rules.allowed": "tilladt: {allowed}",
            "kit.rules.whole": "et helt tal fra {low} til {high}",
            "kit.rules.on_off": "til eller fra",
            "kit.rules.on": "til",
            "kit.rules.off": "fra",
            "kit.rules.unset": "ikke sat",
            "kit.rules.or_unset": "{allowed}, eller tomt for ikke sat",
            "kit.rules.written": (
                "{allowed}, skrevet som i en indstillingsfil; tryk Enter for at bruge"
            ),
            "kit.rules.saved": "husreglerne er gemt i {path}",
            "kit.rules.loaded": "{path} er indlæst: {count} indstillinger ændret",
            "kit.rules.loaded.none": "{path} er indlæst: intet ændret",
        },
    },
)
"""The shared widgets' words (:class:`~.toolbar.SessionToolbar`, :class:`~.dice_entry.DiceEntry`,
:class:`~.log.LogView`), for :meth:`Labels.bind_kit`."""


def english(key: str, **values: Any) -> str:
    """A kit word in English: what a shared widget says until :meth:`Labels.bind_kit`
    hands it a panel's :class:`Labels` (its ``say``)."""
    return KIT.text("en", key, **values)


@dataclass(slots=True)
class _Binding:
    widget: Any
    trait: str
    key: str
    values: dict[str, Any]


class Labels:
    """The language a panel speaks now, and every word to change when it switches.

    Args:
        catalogue: the labels to speak (merge the kit's in with ``system | KIT`` to
            use :meth:`bind_kit`).
        language: the language to start in (the catalogue's first by default).

    Calling it gives a label now: ``labels("roll")``, ``labels("round", n=2)``.
    """

    def __init__(self, catalogue: Catalogue, language: str | None = None) -> None:
        if not catalogue.languages:
            raise RuleError(f"the {catalogue.name} labels speak no language")
        self.catalogue = catalogue
        self._language = self._checked(catalogue.languages[0] if language is None else language)
        self._bindings: list[_Binding] = []
        self._redraws: list[Callable[[], None]] = []

    def _checked(self, language: str) -> str:
        return checks.choice(language, "a language", self.catalogue.languages)

    @property
    def language(self) -> str:
        """The code of the language spoken now (``"en"``, ``"da"``)."""
        return self._language

    def __call__(self, key: str, **values: Any) -> str:
        return self.catalogue.text(self._language, key, **values)

    def template(self, key: str) -> str:
        """The label of ``key`` with its ``{placeholders}`` left in, for a view that fills
        them itself (the kit's track fills ``{filled} of {total}``)."""
        self.catalogue.text(self._language, key, **dict.fromkeys(self._fields(key), ""))
        return self.catalogue.labels[self._language][key]

    def _fields(self, key: str) -> set[str]:
        return _fields(self.catalogue.labels.get(self._language, {}).get(key, ""))

    def bind(self, widget: Any, key: str, trait: str = "description", **values: Any) -> Any:
        """Give ``widget.trait`` the label of ``key`` now and after every switch.

        Returns:
            ``widget``, so a control can be made and bound in one expression.
        """
        binding = _Binding(widget, trait, key, values)
        self._bindings.append(binding)
        self._apply(binding)
        return widget

    def control(self, widget: Any, key: str, css: str) -> Any:
        """A labelled control: ``widget`` with the label of ``key`` (kept in the language
        spoken), the class ``css``, and room for its whole label (no cut-off words).

        Returns:
            ``widget``.
        """
        self.bind(widget, key)
        widget.add_class(css)
        style = getattr(widget, "style", None)  # a button's label is its face: none there
        if style is not None and hasattr(style, "description_width"):
            style.description_width = "initial"
        return widget

    def on_switch(self, redraw: Callable[[], None]) -> None:
        """Call ``redraw()`` after every switch (a view drawn as HTML from labels)."""
        self._redraws.append(redraw)

    def _apply(self, binding: _Binding) -> None:
        text = self(binding.key, **binding.values)
        if getattr(binding.widget, binding.trait) != text:
            setattr(binding.widget, binding.trait, text)

    def set_language(self, language: str) -> None:
        """Speak ``language``: set every bound word, then redraw every registered view.

        Raises:
            RuleError: the catalogue does not speak ``language`` (nothing changes).
        """
        language = self._checked(language)
        if language == self._language:
            return
        self._language = language
        for binding in self._bindings:
            self._apply(binding)
        for redraw in list(self._redraws):
            redraw()

    def bind_kit(self, widget: Any) -> Any:
        """Bind the words of one of the kit's shared widgets (needs :data:`KIT` merged in).

        A kit widget (a :class:`~.toolbar.SessionToolbar`, a :class:`~.dice_entry.DiceEntry`,
        a :class:`~.log.LogView`, :class:`~.messages.Messages`, a :class:`~.gm.HeldBack`)
        names its own words
        (``kit_words()``: each control, its trait and the key of its label) and draws
        the rest itself through ``say`` and ``relabel()``: the words flow down to it,
        and this module knows no widget. Returns ``widget``.

        Raises:
            RuleError: ``widget`` is not one of those.
        """
        kit_words = getattr(widget, "kit_words", None)
        if not callable(kit_words) or not callable(getattr(widget, "relabel", None)):
            raise RuleError(
                f"bind_kit takes a SessionToolbar, DiceEntry, LogView, Messages or HeldBack, "
                f"got {type(widget).__name__}"
            )
        words: list[tuple[Any, str, str]] = kit_words()
        for control, trait, key in words:
            self.bind(control, key, trait)
        widget.say = self  # the words it draws itself (status, marks, messages)
        widget.relabel()  # in the language spoken now, which may not be English
        self.on_switch(widget.relabel)
        if self.language != self.catalogue.languages[0]:
            widget.relabel()  # words it draws itself, made before it was bound
        return widget


class LanguageSwitch(widgets.Dropdown):  # type: ignore[misc]
    """The control that switches a panel's language, named in every language it offers.

    Choosing a language calls :meth:`Labels.set_language`; a switch made from code
    (``labels.set_language("da")``) moves the dropdown too.

    Args:
        labels: the panel's :class:`Labels`.
        css_class: the class of the control (``iw-language`` by default).
    """

    def __init__(self, labels: Labels, *, css_class: str = "iw-language", **kwargs: Any) -> None:
        languages = labels.catalogue.languages
        name = " · ".join(
            {"en": "Language", "da": "Sprog"}.get(code, LANGUAGE_NAMES[code]) for code in languages
        )
        super().__init__(
            options=[(LANGUAGE_NAMES[code], code) for code in languages],
            value=labels.language,
            description=name,
            style={"description_width": "initial"},
            **kwargs,
        )
        self.labels = labels
        self.add_class(css_class)
        self.observe(self._chosen, names="value")
        labels.on_switch(self._follow)

    def _chosen(self, change: Mapping[str, Any]) -> None:
        self.labels.set_language(change["new"])

    def _follow(self) -> None:
        language = self.labels.language
        if getattr(self, "value", None) != language:
            self.value = language
