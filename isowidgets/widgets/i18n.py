"""Labels in more than one language, and a switch that re-labels a live panel in place.

A table played in Danish and read in English (or the other way round) must not be
rebuilt to change language: the dice typed, the page of the log shown and the
focus would be lost. So a panel never writes its words itself. It asks a
:class:`Labels` for each one by key, and **binds** every control whose words come
from the catalogue (a button's description, a box's placeholder, a tooltip); a view
drawn from HTML registers a redraw instead. :meth:`Labels.set_language` then sets
every bound trait and calls every redraw, and the panel speaks the other language
with nothing else touched.

* A :class:`Catalogue` holds every label of a system (or of the kit) under one key
  per label, its English written in the code by :func:`catalogue`
  (``catalogue("kit", {"kit.undo": "Undo", ...})``). Each label is a message of the
  gettext catalogues (:mod:`isowidgets.words`): its message key is the label key
  in the catalogue's domain (``fudge_conflict.roll.result`` for ``roll.result``; a
  label key already in the domain, ``kit.undo``, is its own), ``make catalogues``
  extracts the English into ``isowidgets/locale/<domain>.pot``, and every other
  language lives in ``isowidgets/locale/<language>/LC_MESSAGES/<domain>.po``, where
  the catalogue check (``tests/unit/test_words.py``) finds a label missing, empty or
  filling other ``{placeholders}``. A label is rendered through
  :func:`isowidgets.words.render() <.catalogues.render>`, so its numbers are written the language's
  way and the pseudo-language ``qps`` wraps it in ``⟦…⟧``.
* :data:`KIT` is the catalogue of the shared widgets (the toolbar, the dice entry,
  the log's pager); :meth:`Labels.bind_kit` binds one of them in a single call.
* :class:`LanguageSwitch` is the control a person uses: a dropdown whose name is
  written in every language it offers (``Language · Sprog``), so it can be found
  whichever language the panel speaks now.

Names never go through a catalogue: a label takes them (and numbers) as
``{placeholders}`` filled by the caller (``labels("round", n=2)``). This module
imports no widget of the kit: words flow down to the widgets.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from .. import checks
from ..errors import RuleError
from ..words import LANGUAGE_NAMES, LOCALE_DIR, PSEUDO, Message, languages, msg, render
from ..words.catalogues import template_for
from ..words.extract import placeholders

NUMBER_BOXES = (
    widgets.IntText,
    widgets.BoundedIntText,
    widgets.FloatText,
    widgets.BoundedFloatText,
)
"""ipywidgets' number boxes: without a tooltip their hover says ``null``, so a labelled one
is given its label as its tooltip."""

__all__ = [
    "KIT",
    "LANGUAGE_NAMES",
    "Catalogue",
    "Labels",
    "LanguageSwitch",
    "catalogue",
    "english",
]


@functools.cache
def _spoken(domains: frozenset[str]) -> tuple[str, ...]:
    """English, then every language with a PO file for each of ``domains``."""
    return (
        "en",
        *(
            code
            for code in languages()
            if code not in ("en", PSEUDO)
            and all((LOCALE_DIR / code / "LC_MESSAGES" / f"{d}.po").is_file() for d in domains)
        ),
    )


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every label of one system (or of the kit): its key, message key and English.

    Make one with :func:`catalogue` (which the extractor reads); merge two with ``|``.

    Attributes:
        name: what the catalogue labels ("kit", "fudge_conflict"), for messages.
        entries: label key → (message key, English template).
    """

    name: str
    entries: Mapping[str, tuple[str, str]]
    domains: frozenset[str] = field(init=False)
    """The gettext domains the labels are in."""

    def __post_init__(self) -> None:
        domains = frozenset(key.split(".", 1)[0] for key, _ in self.entries.values())
        object.__setattr__(self, "domains", domains)  # frozen: set once, read per label

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages a person may choose, English (the default) first: those with a
        PO file for every domain of the catalogue. The pseudo-language is not offered,
        though :meth:`text` speaks it."""
        return _spoken(self.domains)

    def keys(self) -> frozenset[str]:
        """Every label key."""
        return frozenset(self.entries)

    def message(self, key: str, **values: Any) -> Message:
        """The label of ``key`` as a message, with ``values``.

        Raises:
            RuleError: the key is not in the catalogue, or a placeholder the label
                needs was not given.
        """
        entry = self.entries.get(key)
        if entry is None:
            raise RuleError(
                "kit.labels.no_key",
                "the {name} labels have no {key}: add it to the catalogue",
                name=self.name,
                key=checks.shown(key),
            )
        message_key, english = entry
        missing = sorted(placeholders(english) - values.keys())
        if missing:
            raise RuleError(
                "kit.labels.no_value",
                "the {name} label {key} needs a value for {missing}, got {got}",
                name=self.name,
                key=checks.shown(key),
                missing=checks.shown(missing[0]),
                got=str(sorted(values)),
            )
        return msg(message_key, english, **values)

    def _spoken_here(self, language: str) -> str:
        if language == PSEUDO or language in self.languages:
            return language
        raise RuleError(
            "kit.labels.language",
            "the {name} labels speak {languages}, not {got}",
            name=self.name,
            languages=", ".join(self.languages),
            got=checks.shown(language),
        )

    def text(self, language: str, key: str, **values: Any) -> str:
        """The label of ``key`` in ``language``, its ``{placeholders}`` filled the
        language's way (see :func:`isowidgets.words.render() <.catalogues.render>`).

        Raises:
            RuleError: the language or the key is not in the catalogue, or a
                placeholder the label needs was not given.
        """
        language = self._spoken_here(language)
        return render(self.message(key, **values), language)

    def template(self, language: str, key: str) -> str:
        """The label of ``key`` in ``language`` with its ``{placeholders}`` left in."""
        language = self._spoken_here(language)
        return template_for(self.message(key, **dict.fromkeys(self._needs(key), "")), language)

    def _needs(self, key: str) -> set[str]:
        entry = self.entries.get(key)
        return placeholders(entry[1]) if entry else set()

    @property
    def labels(self) -> dict[str, dict[str, str]]:
        """Every label's template in every language offered: language → key → text."""
        return {
            language: {key: self.template(language, key) for key in self.entries}
            for language in self.languages
        }

    def __or__(self, other: Catalogue) -> Catalogue:
        """Both catalogues as one (a system's labels and the kit's); a key in both is
        refused, so neither silently relabels the other's controls."""
        clash = sorted(self.keys() & other.keys())
        if clash:
            raise RuleError(
                "kit.labels.clash",
                "the {name} and {other} labels both define {keys}",
                name=self.name,
                other=other.name,
                keys=str(clash),
            )
        return Catalogue(f"{self.name}+{other.name}", {**self.entries, **other.entries})


def catalogue(domain: str, english: Mapping[str, str]) -> Catalogue:
    """The labels of ``domain``: label key → English template, written as a literal
    dict in the call, so ``make catalogues`` extracts them (see
    :mod:`isowidgets.words.extract`). A label's message key is ``<domain>.<key>``,
    or the key itself where it already starts with ``<domain>.``."""
    return Catalogue(
        domain,
        {
            key: (key if key.startswith(f"{domain}.") else f"{domain}.{key}", text)
            for key, text in english.items()
        },
    )


KIT = catalogue(
    "kit",
    {
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
        "kit.faces.empty": "type the faces rolled at the table first, e.g. 5 4 6 2",
        "kit.faces.enter": "Enter faces",
        "kit.faces.enter.tip": "use the faces typed in the box (or press Enter there)",
        "kit.roll.off": "these dice cannot be rolled now: the entry is switched off",
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
            "revealing the seed ends this session's random rolls (typed dice still work); click "
            "Confirm reveal to go on"
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
            "journal the table's own seed and bind it into every roll (once, before the first "
            "random roll: the GM's seed was fixed before, so it cannot suit it)"
        ),
        "kit.table_seed.done": "table seed given: “{seed}” is bound into every roll",
        "kit.table_seed.shown": "table seed “{seed}”",
        "kit.table_seed.none": "no table seed (the GM's seed alone)",
        "kit.head.shown": "head {head} · public rolls: {rolls}",
        "kit.head.tip": (
            "the journal's head as the stream shows it, from its latest public line (a GM-only "
            "action does not move it): {head}. Whoever keeps it can check the journal later: "
            "python -m isowidgets verify JOURNAL --head {rolls}:{short}"
        ),
        "kit.head.none": "head: none (written before lines were chained)",
        "kit.head.none.tip": (
            "this journal's lines were written before each carried the hash of the journal up to it"
        ),
        "kit.gm": "🔒 GM only",
        "kit.gm.tip": (
            "while pressed, rolls, notes and prepared values are for the GM only: the stream and "
            "public exports leave them out until shown to the table"
        ),
        "kit.gm.on": "GM only is on: what the table does now stays off the stream",
        "kit.gm.roll.tip": (
            "this roll only: GM only, off the stream until shown to the table; the switch turns "
            "itself off after the roll (the toolbar's is for the session)"
        ),
        "kit.held.one": "1 action not shown to the table yet",
        "kit.held.many": "{n} actions not shown to the table yet",
        "kit.held.show": "🔓 Show to table",
        "kit.held.show.tip": (
            "show every GM-only action held back to the table and the stream, oldest first "
            "(prepared secrets stay secret: show one from the log)"
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
            "fix a value in advance (an NPC's hidden skill, a secret difficulty), journaled for "
            "the GM only"
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
            "show the rules' IDs such as [ISO-R19] everywhere on the table (for teaching and "
            "designing; hidden while playing)"
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
        "kit.rules.title.one": "House rules of {system}: 1 setting, {changed} changed from default",
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
        "kit.rules.empty": "empty",
        "kit.rules.or_unset": "{allowed}, or blank for unset",
        "kit.rules.written": "{allowed}, written as in a settings file; press Enter to apply",
        "kit.rules.saved": "saved the house rules to {path}",
        "kit.rules.loaded": "loaded {path}: {count} settings changed",
        "kit.rules.loaded.none": "loaded {path}: nothing changed",
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
        self.catalogue = catalogue
        self._language = self._checked(catalogue.languages[0] if language is None else language)
        self._bindings: list[_Binding] = []
        self._redraws: list[Callable[[], None]] = []

    def _checked(self, language: str) -> str:
        if language == PSEUDO:  # for tests: every label wrapped in ⟦…⟧, never offered
            return PSEUDO
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
        return self.catalogue.template(self._language, key)

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
        if isinstance(widget, NUMBER_BOXES) and widget.tooltip is None:
            # ipywidgets' number box says "null" on hover without a tooltip: its label
            self.bind(widget, key, "tooltip")
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
                "kit.labels.bind_kit",
                "bind_kit takes a SessionToolbar, DiceEntry, LogView, Messages or HeldBack, "
                "got {type}",
                type=type(widget).__name__,
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
        codes = self._codes(labels)
        super().__init__(
            options=[(LANGUAGE_NAMES[code], code) for code in codes],
            value=labels.language,
            description=self._name(codes),
            style={"description_width": "initial"},
            **kwargs,
        )
        self.labels = labels
        self._following = False
        self.add_class(css_class)
        self.observe(self._chosen, names="value")
        labels.on_switch(self._follow)

    @staticmethod
    def _codes(labels: Labels) -> tuple[str, ...]:
        """The languages offered: the catalogue's, and the pseudo-language only while
        the panel speaks it (a test's choice, never a person's)."""
        offered = labels.catalogue.languages
        return (*offered, PSEUDO) if labels.language == PSEUDO else offered

    @staticmethod
    def _name(codes: tuple[str, ...]) -> str:
        return " · ".join(render(msg("kit.language", "Language"), code) for code in codes)

    def _chosen(self, change: Mapping[str, Any]) -> None:
        if change["new"] is not None and not self._following:
            self.labels.set_language(change["new"])

    def _follow(self) -> None:
        # New options choose their first (and the value the panel left may be gone from
        # them: the pseudo-language), so the switch follows with its own choices ignored.
        language = self.labels.language
        codes = self._codes(self.labels)
        self._following = True
        try:
            if tuple(code for _, code in getattr(self, "options", ())) != codes:
                self.options = [(LANGUAGE_NAMES[code], code) for code in codes]
                self.description = self._name(codes)
            if getattr(self, "value", None) != language:
                self.value = language
        finally:
            self._following = False
