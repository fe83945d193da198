"""The house-rules editor every table shares: each setting with its ID, words and values.

A designer or a GM changing a house rule should not have to open a TOML file and
guess what a name means or which values it takes. :class:`SettingsEditor` shows every
setting of the game's system, generic over :class:`~isowidgets.settings.RuleSettings`
(it reads :meth:`~isowidgets.settings.RuleSettings.specs`, never a system's fields):

* the digest ID and what the setting changes, then a control fitted to its values: a
  toggle with words for true/false, a dropdown of named values for a choice, a bounded
  number box for a whole number, and a text box taking the value as a settings file
  writes it for anything else (a table of skills, a range, a number that may be unset);
* the allowed values, the default, and the current value in words: ``(default)`` or
  ``✎ changed from default: …`` (a glyph and words, never colour alone);
* a filter (a word, a name or an ID) and an "only changed" toggle, for the systems
  with thirty settings;
* a settings file: save every setting, or load one (a bad file shows the kit's message
  and changes nothing), and "All to defaults".

Every change goes through :meth:`Game.change_settings
<.HouseRules.change_settings>`, so it is journaled (the log shows it) and the
toolbar's Undo takes it back; the editor redraws from the game after every action, so
an undo, a load or a change made from code shows at once. Its words come from the
kit's catalogue (:data:`~.i18n.KIT`), so a table that speaks Danish shows it in Danish
(:meth:`~.i18n.Labels.bind_kit`); the settings' own descriptions are the designers'
English.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from .. import checks
from ..errors import RuleError
from ..game import Game
from ..journal import Entry
from ..settings import SettingSpec
from ..words import Listing, msg, render
from .dice_entry import css_name
from .i18n import english
from .messages import Messages
from .panel import set_shown, wrap_row
from .submit_text import SubmitText
from .toggle import PressToggle

__all__ = ["SettingRow", "SettingsEditor", "description_words", "label_words", "value_words"]

DEFAULT_FILE = "house-rules.toml"
"""The file the editor's file box starts with (relative to the notebook's folder)."""

_OPTIONS = ("messages", "path", "key", "say")


def _language(say: Callable[..., str]) -> str:
    """The language ``say`` speaks (a panel's :class:`~.i18n.Labels` knows; English else)."""
    language = getattr(say, "language", "en")
    return language if isinstance(language, str) else "en"


def value_words(spec: SettingSpec, value: Any, say: Callable[..., str] = english) -> str:
    """A setting's value as a person reads it: ``on``/``off``, a choice in the words its
    system gives it (``three worst``, ``tre dårligste``) or with spaces for underscores,
    ``unset``, or as a settings file writes it."""
    if value is None:
        return say("kit.rules.unset")
    if isinstance(value, bool):
        return say("kit.rules.on" if value else "kit.rules.off")
    named = spec.words.value(value)
    if named is not None:
        return render(named, _language(say))
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, dict | list | tuple) and not value:
        return say("kit.rules.empty")
    if isinstance(value, dict):  # a table: each key → its value in words
        return ", ".join(f"{key} → {value_words(spec, item, say)}" for key, item in value.items())
    return spec.written(value)


def label_words(spec: SettingSpec, say: Callable[..., str] = english) -> str:
    """A setting's name as a person reads it: its system's words (``puljens ejer``), or
    its field name with spaces (``pool scope``)."""
    if spec.words.label is not None:
        return render(spec.words.label, _language(say))
    return spec.name.replace("_", " ")


def description_words(spec: SettingSpec, say: Callable[..., str] = english) -> str:
    """What a setting changes, in its system's words where it gives them (else the
    designer's English)."""
    if spec.words.description is not None:
        return render(spec.words.description, _language(say))
    return spec.description


def _allowed_words(spec: SettingSpec, say: Callable[..., str]) -> str:
    if spec.kind == "flag":
        allowed = say("kit.rules.on_off")
    elif spec.kind == "choice":
        choices = Listing.of((value_words(spec, choice, say) for choice in spec.choices), "or")
        allowed = render(
            msg("settings.allowed.any_of", "{choices}", choices=choices), _language(say)
        )
    elif spec.kind == "whole":
        allowed = say("kit.rules.whole", low=spec.low, high=spec.high)
    else:  # a table or a list: said in words (never in Python's notation)
        return render(spec.allowed_words, _language(say)) if spec.allowed_words else spec.allowed
    if spec.optional:
        allowed = say("kit.rules.or_unset", allowed=allowed)
    return allowed


@dataclass(slots=True)
class SettingRow:
    """One setting's part of the editor.

    Attributes:
        spec: what the setting is (:class:`~isowidgets.setting_spec.SettingSpec`).
        box: the row's widget (class ``iw-rule`` and ``iw-rule-<name>``).
        head: the ID and what the setting changes.
        control: the control a person uses (a :class:`~.toggle.PressToggle`, a
            dropdown, a bounded number box or a :class:`~.submit_text.SubmitText`).
        state: the allowed values, the current value and whether it is the default.
    """

    spec: SettingSpec
    box: widgets.VBox
    head: widgets.HTML
    control: Any
    state: widgets.HTML


class SettingsEditor(widgets.VBox):  # type: ignore[misc]
    """Every house-rule setting of ``game``'s system, to read and change.

    Args:
        game: the game whose settings it shows and changes.
        messages: where it reports; when ``None`` (as in every table's toolbar) it has
            its own line, under the file row, so a refusal shows beside what caused it.
        path: the settings file the file box starts with.
        key: tells several editors on one page apart in the CSS classes.
        say: the words it speaks (a panel's :class:`~.i18n.Labels` with the kit's
            catalogue merged in; English by default).

    Attributes:
        rows: one :class:`SettingRow` per setting, by name, in declared order.
        title: the heading (the system, how many settings, how many changed).
        filter, only_changed: the filter box and the "only changed" toggle.
        path, save_button, load_button, defaults_button: the file box and buttons.
        messages: the message line it reports to.

    Raises:
        RuleError: ``game`` is not a game, ``path`` not text, an unknown keyword.
    """

    def __init__(self, game: Game[Any], **options: Any) -> None:
        checks.keywords(options, "SettingsEditor", _OPTIONS)
        if not isinstance(game, Game):
            raise RuleError(
                "settings.editor_game",
                "SettingsEditor needs a game, got {type} {got}",
                type=type(game).__name__,
                got=checks.shown(game),
            )
        messages = options.get("messages")
        if messages is not None and not isinstance(messages, Messages):
            raise RuleError(
                "settings.editor_messages",
                "SettingsEditor's messages must be a Messages line or None, got {type} {got}",
                type=type(messages).__name__,
                got=checks.shown(messages),
            )
        path = checks.text(
            options.get("path", DEFAULT_FILE), "a settings file's path", max_length=checks.MAX_PATH
        )
        key = options.get("key")
        if key is not None:
            key = checks.identifier(key, "the editor's key")
        say = options.get("say", english)
        checks.function(say, "the editor's words (say)")
        self.game = game
        self.say: Callable[..., str] = say
        self._drawing = False
        own = messages is None
        self.messages = Messages(game) if messages is None else messages

        self.title = widgets.HTML()
        self.title.add_class("iw-rules-title")
        self.filter = widgets.Text(continuous_update=True)
        self.filter.add_class(css_name("iw-rules-filter", key))
        self.only_changed = PressToggle(say("kit.rules.only_changed"))
        self.only_changed.add_class(css_name("iw-rules-only-changed", key))
        self.path = widgets.Text(value=path, style={"description_width": "initial"})
        self.path.add_class(css_name("iw-rules-file", key))
        self.save_button = self._button("iw-rules-save", key)
        self.load_button = self._button("iw-rules-load", key)
        self.defaults_button = self._button("iw-rules-defaults", key)

        run = self.messages.handler
        self.save_button.on_click(run(lambda _b: self.save()))
        self.load_button.on_click(run(lambda _b: self.load()))
        self.defaults_button.on_click(run(lambda _b: self.to_defaults()))
        self.filter.observe(lambda _c: self._show_rows(), names="value")
        self.only_changed.on_change(lambda _on: self._show_rows())

        self.rows: dict[str, SettingRow] = {
            spec.name: self._row(spec) for spec in game.settings_type.specs()
        }
        self.empty = widgets.HTML()
        self.empty.add_class("iw-rules-empty")
        find = widgets.HBox([self.filter, self.only_changed], layout=wrap_row())
        find.add_class("iw-toolbar-row")
        find.add_class("iw-rules-find")
        files = widgets.HBox(
            [self.path, self.save_button, self.load_button, self.defaults_button],
            layout=wrap_row(),
        )
        files.add_class("iw-toolbar-row")
        listing = widgets.VBox([row.box for row in self.rows.values()])
        listing.add_class("iw-rules-list")
        # Its own message line sits under the file row, where a refused file is in view.
        mine = [self.messages] if own else []
        super().__init__([self.title, find, files, *mine, listing, self.empty])
        self.add_class("iw-kit")
        self.add_class(css_name("iw-rules", key))
        self.relabel()
        self._unsubscribe: Callable[[], None] | None = game.subscribe(self._on_action)

    # ------------------------------------------------------------------ building

    @staticmethod
    def _button(css: str, key: str | None) -> widgets.Button:
        made = widgets.Button(layout=widgets.Layout(width="auto"))
        made.add_class(css_name(css, key))
        return made

    def _row(self, spec: SettingSpec) -> SettingRow:
        name = label_words(spec, self.say)
        wide = {"description_width": "initial"}
        control: Any
        if spec.kind == "flag":
            control = PressToggle(name)
            control.on_change(lambda value: self._changed(spec, value))
        elif spec.kind == "choice":
            options = [(value_words(spec, value, self.say), value) for value in spec.choices]
            if spec.optional:
                options.insert(0, (self.say("kit.rules.unset"), None))
            control = widgets.Dropdown(options=options, description=name, style=wide)
            control.observe(lambda c: self._changed(spec, c["new"]), names="value")
        elif spec.kind == "whole" and not spec.optional:
            control = widgets.BoundedIntText(
                min=spec.low, max=spec.high, description=name, style=wide, tooltip=name
            )  # a tooltip of its own: ipywidgets' number box says "null" on hover without
            control.observe(lambda c: self._changed(spec, c["new"]), names="value")
        else:
            control = SubmitText(description=name)
            control.on_submit(lambda text: self._typed(spec, text))
        control.add_class("iw-rule-control")
        head = widgets.HTML()
        head.add_class("iw-rule-head")
        state = widgets.HTML()
        state.add_class("iw-rule-state")
        box = widgets.VBox([head, control, state])
        box.add_class("iw-rule")
        box.add_class(f"iw-rule-{spec.name}")
        return SettingRow(spec, box, head, control, state)

    # ------------------------------------------------------------------ actions

    def change(self, name: str, value: Any) -> list[Entry]:
        """Change one setting (journaled; Undo takes it back).

        Raises:
            SettingsError: an unknown setting or a value it cannot take (nothing changes).
        """
        self.game.settings_type.check_name(name)
        return self.game.change_settings(**{name: value})

    def change_text(self, name: str, text: str) -> list[Entry]:
        """Change one setting to the value ``text`` writes, as in a settings file
        (``{athletics = "kraft"}``; blank for unset).

        Raises:
            SettingsError: an unknown setting, text that is not one value, or a value
                the setting cannot take (nothing changes).
        """
        return self.change(name, self.game.settings_type.value_from_text(name, text))

    def save(self, path: str | None = None) -> Path:
        """Write every setting to ``path`` (by default the file box's), as commented TOML.

        Raises:
            SettingsError: not a file path, or the file cannot be written.
        """
        written = self.game.save_settings(
            self.path.value if path is None else path, _language(self.say)
        )
        self.messages.info(self.say("kit.rules.saved", path=checks.shown(str(written), 120)))
        return written

    def load(self, path: str | None = None) -> list[Entry]:
        """Read ``path`` (by default the file box's) and play by its settings from now on:
        the file holds the whole set (as :meth:`save` writes it), so a setting it does
        not name takes its default (see :meth:`~.load_settings`).

        Raises:
            SettingsError: not a file path, or (as ``SaveFileError``) a file that cannot
                be read or is not valid settings of this system: nothing changes.
        """
        where = self.path.value if path is None else path
        entries = self.game.load_settings(where)
        count = sum(len(getattr(entry.event, "changes", ())) for entry in entries)
        shown_path = checks.shown(str(where), 120)
        if count:
            self.messages.info(self.say("kit.rules.loaded", path=shown_path, count=count))
        else:
            self.messages.info(self.say("kit.rules.loaded.none", path=shown_path))
        return entries

    def to_defaults(self) -> list[Entry]:
        """Set every setting back to its default, as one journaled change."""
        defaults = {row.spec.name: row.spec.default for row in self.rows.values()}
        entries = self.game.change_settings(**defaults)
        self.messages.info(self.say("kit.rules.defaults.done"))
        return entries

    def shown_names(self) -> list[str]:
        """The settings the filter and the "only changed" toggle leave shown, in order."""
        words = self.filter.value.strip().lower()
        current = self.game.settings.model_dump()
        found = []
        for name, row in self.rows.items():
            spec = row.spec
            if self.only_changed.value and current[name] == spec.default:
                continue
            said = f"{label_words(spec, self.say)} {description_words(spec, self.say)}"
            text = f"{spec.ref} {name} {name.replace('_', ' ')} {spec.description} {said}".lower()
            if words and words not in text:
                continue
            found.append(name)
        return found

    # ------------------------------------------------------------------ drawing

    def _changed(self, spec: SettingSpec, value: Any) -> None:
        """A control moved: apply it; a refusal is shown and the control put back."""
        if self._drawing:
            return
        try:
            self.messages.run(lambda: self.change(spec.name, value))
        finally:
            self.refresh()

    def _typed(self, spec: SettingSpec, text: str) -> None:
        try:
            self.messages.run(lambda: self.change_text(spec.name, text))
        finally:
            self.refresh()

    def _on_action(self, _entries: Sequence[Entry], _state: Any) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Redraw every row and the heading from the game's settings now."""
        current = self.game.settings.model_dump()
        say = self.say
        self._drawing = True
        try:
            for name, row in self.rows.items():
                spec, value = row.spec, current[name]
                if spec.kind in ("flag", "choice") or (spec.kind == "whole" and not spec.optional):
                    if row.control.value != value:
                        row.control.value = value
                elif row.control.value != spec.written(value):
                    row.control.value = spec.written(value)
                now = say("kit.rules.now", value=value_words(spec, value, say))
                if value == spec.default:
                    standing = f"{now} {say('kit.rules.default')}"
                else:
                    words = value_words(spec, spec.default, say)
                    standing = f"{now} — <b>{say('kit.rules.changed', default=_esc(words))}</b>"
                allowed = say("kit.rules.allowed", allowed=_allowed_words(spec, say))
                state = f"{_esc(allowed)} · {standing}"
                if row.state.value != state:
                    row.state.value = state
        finally:
            self._drawing = False
        changed = sum(current[name] != row.spec.default for name, row in self.rows.items())
        named = self.game.settings_type.title
        title = say(
            "kit.rules.title.one" if len(self.rows) == 1 else "kit.rules.title",
            system=self.game.title if named is None else render(named, _language(say)),
            count=len(self.rows),
            changed=changed,
        )
        self.title.value = f"<b>{_esc(title)}</b>"
        self._show_rows()

    def _show_rows(self) -> None:
        names = set(self.shown_names())
        for name, row in self.rows.items():
            set_shown(row.box, name in names)
        filtering = bool(self.filter.value.strip()) or bool(self.only_changed.value)
        if not names and filtering:
            self.empty.value = _esc(self.say("kit.rules.none", filter=repr(self.filter.value)))
        elif filtering:
            self.empty.value = _esc(
                self.say("kit.rules.showing", shown=len(names), count=len(self.rows))
            )
        else:
            self.empty.value = ""

    def relabel(self) -> None:
        """Say everything again in the language now spoken (:meth:`~.i18n.Labels.bind_kit`)."""
        say = self.say
        self.filter.description = say("kit.rules.filter")
        self.filter.placeholder = say("kit.rules.filter.hint")
        self.only_changed.relabel(say("kit.rules.only_changed"))
        self.only_changed.hint = say("kit.rules.only_changed.tip")
        self.path.description = say("kit.rules.file")
        self.path.placeholder = say("kit.rules.file.hint")
        for button, key in (
            (self.save_button, "kit.rules.save"),
            (self.load_button, "kit.rules.load"),
            (self.defaults_button, "kit.rules.defaults"),
        ):
            button.description = say(key)
            button.tooltip = say(f"{key}.tip")
        for row in self.rows.values():
            spec = row.spec
            ref = f"<b>{_esc(spec.ref)}</b> · " if spec.ref else ""
            row.head.value = f"{ref}{_esc(description_words(spec, say))}"
            name = label_words(spec, say)
            if spec.kind == "flag":
                row.control.relabel(name)
            else:
                row.control.description = name
            if spec.kind == "whole" and not spec.optional:
                row.control.tooltip = name
            if spec.kind == "choice":
                self._drawing = True
                try:
                    options = [(value_words(spec, v, say), v) for v in spec.choices]
                    if spec.optional:
                        options.insert(0, (say("kit.rules.unset"), None))
                    keep = row.control.value
                    row.control.options = options
                    row.control.value = keep
                finally:
                    self._drawing = False
            elif spec.kind == "table" or spec.optional:  # a text box
                row.control.placeholder = say(
                    "kit.rules.written", allowed=_allowed_words(spec, say)
                )
        self.refresh()

    def close(self) -> None:
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
            self._unsubscribe = None
        messages = getattr(self, "messages", None)
        if messages is not None and messages in self.children:
            messages.close()
        super().close()


def _esc(text: str) -> str:
    return html.escape(text, quote=False)
