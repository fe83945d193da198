"""Character sheets and the map-building helpers of character creation.

A compact editor for one character at a time (name, kind, Profession, positive
and negative Descriptors, Bias, Goal), the whole cast in one table, and the three
passes that build the initial map (ISO-R08..R11) as small forms:

* **descriptors**: two characters' descriptors judged compatible (one green
  labeled link) or incompatible (one red);
* **bias**: a character who falls under another's bias (two red links labeled
  with the bias), or two who share one (two green);
* **goals**: truly the same (three green) or diametrically opposed (three red).

Each form calls the engine's helper; the engine labels the links, refuses
repeats, and lists its recommendations (:meth:`.IsolationGame.warnings`), which
show under the forms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...journal import Entry
from ...rules.isolation import IsolationGame, IsolationState
from ..messages import Messages
from ..panel import Panel, set_options
from .views import character_table_html, isolation_style, warnings_html

__all__ = ["CHOICES", "CharacterSheets"]

CHOICES: dict[str, list[tuple[str, str]]] = {
    "descriptor": [("compatible: + green", "green"), ("incompatible: × red", "red")],
    "goal": [("truly the same: + 3 green", "same"), ("opposed: × 3 red", "opposed")],
}
"""The options of the map-building forms: each says in words what it means and the
colour it gives, with that colour's glyph (``+`` green, ``×`` red), so the chosen one
reads the same to a person who cannot tell red from green and to a screen reader."""

NEW = "__new__"
"""The editor's choice for a character not yet in the game."""

_FIELDS = ("name", "profession", "positive", "negative", "bias", "goal")
_SHEET_KINDS = frozenset(
    {"character_added", "character_updated", "character_removed", "health_changed", "retcon"}
)
_WARN_KINDS = _SHEET_KINDS | {"link_added", "link_removed", "death_greens_placed"}


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


class CharacterSheets(Panel):
    """Edit the cast and build the initial map through the engine's helpers."""

    game: IsolationGame

    def __init__(self, game: IsolationGame) -> None:
        self.messages = Messages(game)
        on = self.messages.handler
        self._quiet = False
        self._loaded: str | None = None
        """The character whose sheet the editor's fields hold (``None``: a new one)."""
        self.table = widgets.HTML()
        self.table.add_class("iw-sheets-table")

        # the editor
        self.pick = widgets.Dropdown(description="Character", layout=widgets.Layout(width="280px"))
        self.pick.add_class("iw-sheet-character")
        self.fields: dict[str, widgets.Text] = {}
        hints = {
            "name": "e.g. Dr. Ruth Okafor",
            "profession": "one Profession, e.g. Doctor",
            "positive": "comma-separated, e.g. Charming, Quick",
            "negative": "comma-separated, e.g. Arrogant, Blind",
            "bias": "one Bias, e.g. Mistrustful of Academic Types",
            "goal": "one Goal, relevant to the scenario",
        }
        for key in _FIELDS:
            field = widgets.Text(
                description=key.capitalize(),
                placeholder=hints[key],
                layout=widgets.Layout(width="420px"),
            )
            field.add_class(f"iw-sheet-{key}")
            self.fields[key] = field
        self.kind = widgets.Dropdown(
            options=[("PC", "PC"), ("NPC in the same boat", "boat_NPC")],
            description="Kind",
            layout=widgets.Layout(width="280px"),
        )
        self.kind.add_class("iw-sheet-kind")
        self.save_button = widgets.Button(description="Save changes", icon="save")
        self.save_button.add_class("iw-sheet-save")
        self.add_button = widgets.Button(
            description="Add character", icon="user-plus", button_style="primary"
        )
        self.add_button.add_class("iw-sheet-add")
        self.remove_button = widgets.Button(
            description="Remove", icon="user-times", button_style="danger"
        )
        self.remove_button.add_class("iw-sheet-remove")

        # map-building helpers
        # Each word box has a visible label naming whose descriptors it offers
        # ("Alice's descriptor"), which ipywidgets renders as the select's <label>:
        # without it a screen reader announces a nameless list.
        word = {"description_width": "initial"}
        self.desc_a = widgets.Dropdown(description="Between", layout=widgets.Layout(width="220px"))
        self.desc_a_word = widgets.Dropdown(
            description="descriptor", style=word, layout=widgets.Layout(width="auto")
        )
        self.desc_b = widgets.Dropdown(description="and", layout=widgets.Layout(width="220px"))
        self.desc_b_word = widgets.Dropdown(
            description="descriptor", style=word, layout=widgets.Layout(width="auto")
        )
        # A choice is a list that shows the chosen option in words with its colour's
        # glyph, never a row of buttons told apart by shade (ipywidgets' ToggleButtons).
        self.desc_colour = widgets.Dropdown(
            options=CHOICES["descriptor"],
            description="the words are",
            style=word,
            layout=widgets.Layout(width="auto"),
        )
        self.desc_add = widgets.Button(
            description="Add descriptor link", icon="link", layout=widgets.Layout(width="auto")
        )
        for w, css in (
            (self.desc_a, "iw-desc-a"),
            (self.desc_a_word, "iw-desc-a-word"),
            (self.desc_b, "iw-desc-b"),
            (self.desc_b_word, "iw-desc-b-word"),
            (self.desc_colour, "iw-desc-colour"),
            (self.desc_add, "iw-desc-add"),
        ):
            w.add_class(css)
        self.bias_holder = widgets.Dropdown(
            description="Bias of", layout=widgets.Layout(width="220px")
        )
        self.bias_target = widgets.Dropdown(
            description="against", layout=widgets.Layout(width="220px")
        )
        self.bias_shared = widgets.Checkbox(
            description="shared or similar bias: 2 green instead",
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self.bias_text = widgets.HTML()
        self.bias_add = widgets.Button(
            description="Add bias links", icon="link", layout=widgets.Layout(width="auto")
        )
        for w, css in (
            (self.bias_holder, "iw-bias-holder"),
            (self.bias_target, "iw-bias-target"),
            (self.bias_shared, "iw-bias-shared"),
            (self.bias_add, "iw-bias-add"),
        ):
            w.add_class(css)
        self.goal_a = widgets.Dropdown(description="Goals of", layout=widgets.Layout(width="220px"))
        self.goal_b = widgets.Dropdown(description="and", layout=widgets.Layout(width="220px"))
        self.goal_relation = widgets.Dropdown(
            options=CHOICES["goal"],
            description="the goals are",
            style=word,
            layout=widgets.Layout(width="auto"),
        )
        self.goal_add = widgets.Button(
            description="Add goal links", icon="link", layout=widgets.Layout(width="auto")
        )
        for w, css in (
            (self.goal_a, "iw-goal-a"),
            (self.goal_b, "iw-goal-b"),
            (self.goal_relation, "iw-goal-relation"),
            (self.goal_add, "iw-goal-add"),
        ):
            w.add_class(css)
        self.warnings = widgets.HTML()
        self.warnings.add_class("iw-sheet-warnings")

        self.pick.observe(on(self._picked), names=["value"])
        self.desc_a.observe(on(lambda _c: self._descriptor_words()), names=["value"])
        self.desc_b.observe(on(lambda _c: self._descriptor_words()), names=["value"])
        self.bias_holder.observe(on(lambda _c: self._bias_text()), names=["value"])
        self.save_button.on_click(on(lambda _b: self.save()))
        self.add_button.on_click(on(lambda _b: self.add()))
        self.remove_button.on_click(on(lambda _b: self.remove()))
        self.desc_add.on_click(on(lambda _b: self.add_descriptor_link()))
        self.bias_add.on_click(on(lambda _b: self.add_bias_links()))
        self.goal_add.on_click(on(lambda _b: self.add_goal_links()))

        editor = widgets.VBox(
            [
                widgets.HBox([self.pick, self.kind]),
                *self.fields.values(),
                widgets.HBox([self.save_button, self.add_button, self.remove_button]),
            ]
        )
        helpers = widgets.VBox(
            [
                widgets.HTML(
                    '<div class="iw-h">Build the map (ISO-R11 order: descriptors, biases, '
                    "goals)</div>"
                ),
                widgets.HBox(
                    [
                        # Each character stays beside their own word list when the row wraps.
                        widgets.HBox([self.desc_a, self.desc_a_word]),
                        widgets.HBox([self.desc_b, self.desc_b_word]),
                    ],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                widgets.HBox(
                    [self.desc_colour, self.desc_add], layout=widgets.Layout(flex_flow="row wrap")
                ),
                widgets.HBox(
                    [self.bias_holder, self.bias_target, self.bias_text],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                widgets.HBox([self.bias_shared, self.bias_add]),
                widgets.HBox(
                    [self.goal_a, self.goal_b], layout=widgets.Layout(flex_flow="row wrap")
                ),
                widgets.HBox(
                    [self.goal_relation, self.goal_add], layout=widgets.Layout(flex_flow="row wrap")
                ),
            ]
        )
        helpers.add_class("iw-section")
        super().__init__(
            game,
            [
                isolation_style(),
                widgets.HTML('<div class="iw-title">Characters</div>'),
                self.table,
                editor,
                self.messages,
                helpers,
                self.warnings,
            ],
        )
        self.add_class("iw-sheets")
        self.refresh()
        self.follow(on(self._on_actions))

    @property
    def state(self) -> IsolationState:
        return self.game.state

    # ------------------------------------------------------------------ views

    def refresh(self, *, warnings_only: bool = False) -> None:
        """Show the cast as the engine has it, and its recommendations."""
        self.warnings.value = warnings_html(self.game.warnings())
        if warnings_only:
            return
        state = self.state
        self.table.value = character_table_html(state)
        everyone = [(c.name, c.id) for c in state.characters]
        living = [(c.name, c.id) for c in state.living]
        self._quiet = True
        try:
            set_options(self.pick, [("(new character)", NEW), *everyone])
            for dropdown in (
                self.desc_a,
                self.desc_b,
                self.bias_holder,
                self.bias_target,
                self.goal_a,
                self.goal_b,
            ):
                set_options(dropdown, living)
            if len(living) > 1:
                for first, second in (
                    (self.desc_a, self.desc_b),
                    (self.bias_holder, self.bias_target),
                    (self.goal_a, self.goal_b),
                ):
                    if first.value == second.value:
                        second.value = living[1][1] if first.value == living[0][1] else living[0][1]
        finally:
            self._quiet = False
        self._picked()
        self._descriptor_words()
        self._bias_text()

    def _on_actions(self, entries: Sequence[Entry], _state: Any) -> None:
        kinds = {entry.kind for entry in entries}
        if kinds & _SHEET_KINDS:
            self.refresh()
        elif kinds & _WARN_KINDS:
            self.refresh(warnings_only=True)

    def select(self, character_id: str) -> None:
        """Show ``character_id`` in the editor (the map calls this on a click)."""
        if self.state.has_character(character_id):
            self.pick.value = character_id

    def _picked(self, _change: Any = None) -> None:
        if self._quiet:
            return
        cid = self.pick.value
        self.remove_button.disabled = cid in (None, NEW)
        self.save_button.disabled = cid in (None, NEW)
        if cid in (None, NEW):
            if self._loaded is not None:  # a blank sheet, not the last character's copy
                for field in self.fields.values():
                    field.value = ""
                self.kind.value = "PC"
                self._loaded = None
            return
        self._loaded = cid
        c = self.state.character(cid)
        values = {
            "name": c.name,
            "profession": c.profession,
            "positive": ", ".join(c.positive),
            "negative": ", ".join(c.negative),
            "bias": c.bias,
            "goal": c.goal,
        }
        for key, field in self.fields.items():
            field.value = values[key]
        self.kind.value = c.kind

    def _descriptor_words(self) -> None:
        for who, words in ((self.desc_a, self.desc_a_word), (self.desc_b, self.desc_b_word)):
            known = bool(who.value) and self.state.has_character(who.value)
            character = self.state.character(who.value) if known else None
            options = list(character.descriptors) if character is not None else []
            set_options(words, [(w, w) for w in options])
            label = f"{character.name}'s descriptor" if character is not None else "descriptor"
            if words.description != label:
                words.description = label

    def _bias_text(self) -> None:
        holder = self.bias_holder.value
        if holder and self.state.has_character(holder):
            bias = self.state.character(holder).bias
            self.bias_text.value = f"<small>bias: “{bias}”</small>"
        else:
            self.bias_text.value = ""

    # ------------------------------------------------------------------ engine calls

    def _form(self) -> dict[str, Any]:
        return {
            "name": self.fields["name"].value,
            "kind": self.kind.value,
            "profession": self.fields["profession"].value,
            "positive": _split(self.fields["positive"].value),
            "negative": _split(self.fields["negative"].value),
            "bias": self.fields["bias"].value,
            "goal": self.fields["goal"].value,
        }

    def save(self) -> None:
        """Save the editor's values for the chosen character (only changed stats are sent)."""
        cid = self.pick.value
        if cid in (None, NEW):
            self.messages.error("choose a character to edit, or use Add character")
            return
        c = self.state.character(cid)
        form = self._form()
        current = {
            "name": c.name,
            "kind": c.kind,
            "profession": c.profession,
            "positive": list(c.positive),
            "negative": list(c.negative),
            "bias": c.bias,
            "goal": c.goal,
        }
        changes = {k: v for k, v in form.items() if current[k] != v}
        if not changes:
            self.messages.info("nothing to save: the sheet is unchanged")
            return
        self.game.edit_character(cid, **changes)
        self.messages.info(f"{c.name}: saved {', '.join(changes)}")

    def add(self) -> str:
        """Add the editor's character; the engine's recommendations appear below."""
        form = self._form()
        cid = self.game.add_character(form.pop("name"), **form)
        self.pick.value = cid
        self.messages.info(f"added {self.state.character(cid).name} ({cid})")
        return cid

    def remove(self) -> None:
        cid = self.pick.value
        if cid in (None, NEW):
            return
        name = self.state.character(cid).name
        self.game.remove_character(cid)
        self.messages.info(f"removed {name} and their links")

    def add_descriptor_link(self) -> str:
        link = self.game.add_descriptor_link(
            self.desc_a.value,
            self.desc_a_word.value,
            self.desc_b.value,
            self.desc_b_word.value,
            self.desc_colour.value,
        )
        names = {c.id: c.name for c in self.state.characters}
        self.messages.info(f"added {self.state.link(link).describe(names)}")
        return link

    def add_bias_links(self) -> list[str]:
        links = self.game.add_bias_links(
            self.bias_holder.value, self.bias_target.value, shared=self.bias_shared.value
        )
        self.messages.info(f"added {len(links)} bias links: {', '.join(links)}")
        return links

    def add_goal_links(self) -> list[str]:
        links = self.game.add_goal_links(
            self.goal_a.value, self.goal_b.value, self.goal_relation.value
        )
        self.messages.info(f"added {len(links)} goal links: {', '.join(links)}")
        return links
