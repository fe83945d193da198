"""The character and scene board: a card per character and scene, Details as chips.

Each card shows its holder's Impact ladder and Details. A chip is a button:
while a test is being set up (a draft, see :mod:`.draft`: nothing is journaled
until the test opens), clicking a chip the rules let you cite
(:func:`~isowidgets.rules.impact.rules.citation_options`) cites it, and
clicking a cited chip uncites it; the test panel shows the odds as they move.
The small buttons beside each chip disable or re-enable the Detail (IMP-A17)
and remove it; ◷ marks it temporary, or makes
a Temporary Detail lasting again (IMP-R01). A scene's card has a die
picker for its Impact Die (IMP-A14, IMP-R21). A form below the cards adds a
Detail to anyone, optionally as a Temporary Detail; its second row lets a PC
take on a self-created Complication tied to one of their Details (IMP-R18b) or
play an opening scene (IMP-R20).

The board keeps one widget per card and per chip and updates them in place
after every action, so a click changes a few properties in the browser rather
than redrawing the board.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any, Literal

import ipywidgets as widgets

from ...errors import IsowidgetsError, RuleError
from ...journal import Entry
from ...rules.impact import (
    IMPACT_LADDER,
    WORLD,
    Character,
    Detail,
    ImpactGame,
    ImpactState,
    OpenTest,
    Scene,
    rules,
)
from ...rules.impact.ladder import die_label, step_label
from ...rules.impact.model import DetailKind, Sign
from ..common import Messages, Panel, guard, set_options
from .draft import Drafting
from .views import ChipView, chip_view, holder_label, impact_style, ladder_html

__all__ = ["DetailChip", "HolderCard", "ImpactBoard"]

NO_DIE = "none"
"""The scene die picker's value for "no Impact Die" (a dropdown value cannot be ``None``)."""

SCENE_DICE: tuple[tuple[str, str], ...] = (
    ("no Impact Die", NO_DIE),
    *((die_label(d), die_label(d)) for d in IMPACT_LADDER),
    ("ineffectual (threat ended)", "ineffectual"),
)
"""What the scene die picker offers (IMP-A14: a scene has a die only if the GM sets one)."""


def die_value(step: int | None) -> str:
    """The die picker's value for a step (``"none"``, ``"D8"``, ``"ineffectual"``…)."""
    return NO_DIE if step is None else step_label(step)


_STATE_CLASSES = (
    "iw-chip--character",
    "iw-chip--scene",
    "iw-chip--temporary",
    "iw-chip--inactive",
    "iw-chip--helps",
    "iw-chip--hinders",
    "iw-chip--idle",
)


def _set_classes(widget: Any, wanted: Sequence[str], managed: Sequence[str]) -> None:
    """Make exactly ``wanted`` of the ``managed`` classes present on ``widget``."""
    for css in managed:
        present = css in widget._dom_classes
        if css in wanted and not present:
            widget.add_class(css)
        elif css not in wanted and present:
            widget.remove_class(css)


class DetailChip(widgets.HBox):  # type: ignore[misc]
    """One Detail: the chip itself (cite/uncite) plus temporary, disable and remove buttons.

    Args:
        detail_id: the Detail's id; the chip also gets the CSS class
            ``iw-chip-<id>`` so a browser test can find it.
        on_click: called with the chip when the chip is clicked.
        on_toggle: called with the chip to disable or re-enable the Detail.
        on_remove: called with the chip to remove the Detail.
        on_kind: called with the chip to mark the Detail temporary, or make a
            Temporary Detail lasting again (IMP-R01).

    Attributes:
        kind: the Detail's kind as last shown (``"character"``, ``"scene"`` or
            ``"temporary"``).
        lasting: the kind it takes when it is not temporary: ``"character"``
            on a character, ``"scene"`` on a scene or the world.
    """

    def __init__(
        self,
        detail_id: str,
        *,
        on_click: Callable[[DetailChip], None],
        on_toggle: Callable[[DetailChip], None],
        on_remove: Callable[[DetailChip], None],
        on_kind: Callable[[DetailChip], None] | None = None,
    ) -> None:
        self.detail_id = detail_id
        self.view: ChipView | None = None
        self.active = True
        self.kind: DetailKind = "character"
        self.lasting: DetailKind = "character"
        self.chip = widgets.Button(layout=widgets.Layout(width="auto", max_width="100%"))
        self.chip.add_class("iw-impact-chip")
        self.chip.add_class(f"iw-chip-{detail_id}")
        self.kind_tool = widgets.Button(description="◷")
        self.kind_tool.add_class("iw-chip-tool")
        self.kind_tool.add_class("iw-chip-kind")
        self.toggle = widgets.Button(description="‖")
        self.toggle.add_class("iw-chip-tool")
        self.toggle.add_class("iw-chip-toggle")
        self.remove = widgets.Button(description="✕", tooltip="remove this Detail")
        self.remove.add_class("iw-chip-tool")
        self.remove.add_class("iw-chip-remove")
        self.chip.on_click(lambda _b: on_click(self))
        if on_kind is not None:
            self.kind_tool.on_click(lambda _b: on_kind(self))
        self.toggle.on_click(lambda _b: on_toggle(self))
        self.remove.on_click(lambda _b: on_remove(self))
        super().__init__(
            [self.chip, self.kind_tool, self.toggle, self.remove],
            layout=widgets.Layout(width="auto", margin="1px 4px 1px 0", align_items="center"),
        )
        self.add_class("iw-impact-chip-box")

    def show(self, view: ChipView, detail: Detail, lasting: DetailKind = "character") -> None:
        """Update the chip to ``view`` (only what changed reaches the browser).

        ``lasting`` is the kind the Detail takes when it is not temporary.
        """
        self.view = view
        self.active = detail.active
        self.kind, self.lasting = detail.kind, lasting
        temporary = detail.kind == "temporary"
        # Pressed (a sunken, thick border and ◷ in bold) while the Detail is temporary; the
        # chip itself also reads "◷ temp" then, so the state never rests on colour.
        kind_tool = "◷✓" if temporary else "◷"
        if self.kind_tool.description != kind_tool:
            self.kind_tool.description = kind_tool
        word = "Character Detail" if lasting == "character" else "Scene Detail"
        self.kind_tool.tooltip = (
            f"temporary: click to make it a lasting {word} again (IMP-R01)"
            if temporary
            else f"mark temporary: a short-term fact rather than a lasting {word} (IMP-R01)"
        )
        _set_classes(
            self.kind_tool, ["iw-chip-tool--on"] if temporary else [], ["iw-chip-tool--on"]
        )
        if self.chip.description != view.description:
            self.chip.description = view.description
        if self.chip.tooltip != view.tooltip:
            self.chip.tooltip = view.tooltip
        if self.chip.disabled == view.clickable:
            self.chip.disabled = not view.clickable
        _set_classes(self.chip, view.classes, _STATE_CLASSES)
        toggle = "▶" if not detail.active else "‖"
        if self.toggle.description != toggle:
            self.toggle.description = toggle
        self.toggle.tooltip = (
            "make this Detail usable again"
            if not detail.active
            else "disable this Detail: the fiction makes it unusable (IMP-A17)"
        )


class HolderCard(widgets.VBox):  # type: ignore[misc]
    """A character's or scene's card: name, Impact ladder, Detail chips, Impact buttons.

    ``holder_id`` is a character id, a scene id or ``"world"`` (Details that
    belong to no one in particular; that card has no ladder). A character's
    card has ▼ Hit; a PC's also ▲ Heroic act (IMP-R18c is for player
    characters). A scene's card has a die picker and its Set button, given
    ``on_set_die`` (called with the scene id and the picker's value).
    """

    def __init__(
        self,
        holder_id: str,
        *,
        make_chip: Callable[[str], DetailChip],
        on_hit: Callable[[str], None],
        on_heroic: Callable[[str], None],
        character: bool,
        pc: bool | None = None,
        on_set_die: Callable[[str, str], None] | None = None,
    ) -> None:
        self.holder_id = holder_id
        self._make_chip = make_chip
        self.head = widgets.HTML()
        self.head.add_class("iw-impact-card-head")
        self.ladder = widgets.HTML()
        self.ladder.add_class("iw-impact-ladder")
        self.ladder.add_class(f"iw-impact-ladder-{holder_id}")
        self.chips: dict[str, DetailChip] = {}
        self.chip_box = widgets.Box(
            layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="center")
        )
        children: list[Any] = [self.head, self.ladder, self.chip_box]
        self.die_picker: widgets.Dropdown | None = None
        self._die_shown = False
        self._shown_step: int | None = None
        if not character and holder_id != WORLD and on_set_die is not None:
            picker = widgets.Dropdown(
                options=SCENE_DICE,
                value=NO_DIE,
                description="Impact Die",
                style={"description_width": "initial"},
                layout=widgets.Layout(width="auto"),
            )
            picker.add_class("iw-impact-scene-die")
            picker.add_class(f"iw-impact-scene-die-{holder_id}")
            self.die_picker = picker
            self.set_die = widgets.Button(
                description="Set",
                tooltip="the GM sets this scene's Impact Die; it sets the Avoid Harm die "
                "(IMP-A14, IMP-R21)",
                layout=widgets.Layout(width="auto"),
            )
            self.set_die.add_class("iw-impact-set-die")
            self.set_die.add_class(f"iw-impact-set-die-{holder_id}")
            self.set_die.on_click(lambda _b: on_set_die(holder_id, picker.value))
            children.append(widgets.HBox([picker, self.set_die]))
        if character:
            self.hit = widgets.Button(
                description="▼ Hit (−1 step)",
                tooltip="a blow from an enemy: the Impact Die steps down (IMP-R15)",
                layout=widgets.Layout(width="auto"),
            )
            self.hit.add_class("iw-impact-hit")
            self.hit.add_class(f"iw-impact-hit-{holder_id}")
            self.heroic = widgets.Button(
                description="▲ Heroic act (+1 step)",
                tooltip="the GM rewards a classically heroic act (IMP-R18c)",
                layout=widgets.Layout(width="auto"),
            )
            self.heroic.add_class("iw-impact-heroic")
            self.heroic.add_class(f"iw-impact-heroic-{holder_id}")
            self.hit.on_click(lambda _b: on_hit(holder_id))
            self.heroic.on_click(lambda _b: on_heroic(holder_id))
            buttons = [self.hit, self.heroic] if (character if pc is None else pc) else [self.hit]
            children.append(widgets.HBox(buttons))
        super().__init__(children, layout=widgets.Layout(flex="1 1 330px", max_width="560px"))
        self.add_class("iw-impact-card")
        self.add_class(f"iw-impact-card-{holder_id}")

    def show(
        self,
        state: ImpactState,
        holder: Character | Scene | None,
        views: dict[str, tuple[ChipView, Detail]],
    ) -> None:
        """Update the card to ``state``; ``views`` are this holder's chips, in order."""
        kind: str
        if holder is None:
            head = "The world <span class='iw-badge'>Details of the whole story</span>"
            ladder = ""
        else:
            if isinstance(holder, Character):
                role = "PC" if holder.role == "pc" else "NPC adversary"
                kind = holder.role
            else:
                role, kind = "Scene", "scene"
            die = "" if holder.step is None else f"Impact {html.escape(holder.impact)}"
            head = f"{html.escape(holder.name)} <span class='iw-badge'>{role}</span>"
            if die:
                head += f" <span class='iw-badge'>{die}</span>"
            ladder = ladder_html(holder.step, role=kind, name=holder.name)
        if self.head.value != head:
            self.head.value = head
        if self.ladder.value != ladder:
            self.ladder.value = ladder
        if self.die_picker is not None and holder is not None:
            self._show_die(holder.step)
        for detail_id, (view, detail) in views.items():
            chip = self.chips.get(detail_id)
            if chip is None:
                chip = self.chips[detail_id] = self._make_chip(detail_id)
            chip.show(view, detail, "character" if isinstance(holder, Character) else "scene")
        for gone in [d for d in self.chips if d not in views]:
            self.chips.pop(gone).close()
        ordered = tuple(self.chips[d] for d in views)
        if tuple(self.chip_box.children) != ordered:
            self.chip_box.children = ordered

    def _show_die(self, step: int | None) -> None:
        """Point the die picker at the scene's die when that die changes (and only then,
        so a die being picked is not reset by an unrelated action)."""
        picker = self.die_picker
        assert picker is not None
        value = die_value(step)
        options = SCENE_DICE
        if all(v != value for _, v in SCENE_DICE):  # a banked die: shown, not offered
            options = (*SCENE_DICE, (value, value))
        if tuple(picker.options) != options:
            picker.options = options
        if not self._die_shown or step != self._shown_step or picker.value is None:
            picker.value = value
        self._die_shown, self._shown_step = True, step


class ImpactBoard(Panel):
    """Every character and scene as a card with its ladder and Detail chips.

    Args:
        game: the :class:`~isowidgets.rules.impact.ImpactGame` shown.
        drafting: the test being set up, shared with the test panel (which
            describes it); a board of its own has none, so no chip cites.

    Attributes:
        cards: holder id (or ``"world"``) → its :class:`HolderCard`.
        cite_as: the picker deciding what a click cites a Detail as, when the
            engine allows both signs.
        tied: the Details of the holder picked in the form, for
            ``complication_button`` (a self-created Complication with the text
            typed, IMP-R18b) and ``opening_button`` (an opening scene, IMP-R20).
    """

    game: ImpactGame

    def __init__(self, game: ImpactGame, drafting: Drafting | None = None) -> None:
        self.messages = Messages()
        self.drafting = drafting if drafting is not None else Drafting(game)
        self.cite_as = widgets.Dropdown(
            options=[("helping (+1)", "helps"), ("hindering (−1)", "hinders")],
            value="helps",
            description="A click on a chip cites it as",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="24em"),
        )
        self.cite_as.add_class("iw-impact-cite-as")
        self.cards: dict[str, HolderCard] = {}
        self.card_box = widgets.Box(
            layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="stretch")
        )
        self.owner = widgets.Dropdown(
            description="Add a Detail to", style={"description_width": "initial"}
        )
        self.owner.add_class("iw-impact-owner")
        self.text = widgets.Text(
            placeholder="e.g. “The Road Is Blocked”",
            layout=widgets.Layout(flex="1 1 16em", min_width="16em"),
        )
        self.text.add_class("iw-impact-detail-text")
        self.temporary = widgets.Checkbox(
            value=False, description="Temporary", indent=False, layout=widgets.Layout(width="auto")
        )
        self.temporary.add_class("iw-impact-temporary")
        self.hint = widgets.Dropdown(
            options=[
                ("usually either", "either"),
                ("usually helps", "helps"),
                ("usually hinders", "hinders"),
            ],
            value="either",
            layout=widgets.Layout(width="auto"),
        )
        self.add_button = widgets.Button(description="Add Detail", icon="plus")
        self.add_button.add_class("iw-impact-add-detail")
        self.add_button.on_click(self.handler(self._add_detail))
        self.tied = widgets.Dropdown(
            description="or, for a PC, tied to their Detail",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", max_width="32em"),
        )
        self.tied.add_class("iw-impact-tied-detail")
        self.complication_button = widgets.Button(
            description="✚ Self-created Complication (+1 step)",
            tooltip="the player who owns the character approves a Complication tied to the "
            "Detail picked: the text typed above becomes a Temporary Detail and the Impact "
            "Die goes up one step (IMP-R18b)",
            layout=widgets.Layout(width="auto"),
        )
        self.complication_button.add_class("iw-impact-self-complication")
        self.complication_button.on_click(self.handler(self._self_complication))
        self.opening_button = widgets.Button(
            description="☀ Opening scene (+1 step)",
            tooltip="before the adventure's first roll: a scene that addresses the Character "
            "Detail picked earns one step, D12 → D20; the text typed above describes it, if "
            "any (IMP-R20)",
            layout=widgets.Layout(width="auto"),
        )
        self.opening_button.add_class("iw-impact-opening-scene")
        self.opening_button.on_click(self.handler(self._opening_scene))
        self.cite_as.observe(self.handler(lambda _change: self.refresh()), names=["value"])
        self.owner.observe(guard(self.messages)(lambda _change: self._sync_tied()), names=["value"])
        form = widgets.HBox(
            [self.owner, self.text, self.temporary, self.hint, self.add_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        earn_form = widgets.HBox(
            [self.tied, self.complication_button, self.opening_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        earn_form.add_class("iw-impact-earn-form")
        super().__init__(
            game,
            [impact_style(), self.cite_as, self.card_box, form, earn_form, self.messages],
        )
        self.add_class("iw-impact-board")
        self.refresh()
        self.follow(self._on_actions)
        self._unsubscribers.append(self.drafting.follow(guard(self.messages)(self.refresh)))

    # ------------------------------------------------------------------ clicks

    def _chip(self, detail_id: str) -> DetailChip:
        return DetailChip(
            detail_id,
            on_click=self.handler(self._click_chip),
            on_toggle=self.handler(self._toggle_chip),
            on_remove=self.handler(self._remove_chip),
            on_kind=self.handler(self._kind_chip),
        )

    def _click_chip(self, chip: DetailChip) -> None:
        """Cite the Detail in the draft, or uncite it (nothing is journaled yet)."""
        detail = chip.detail_id
        if detail in self.drafting.draft().cited():
            self.drafting.edit(lambda draft: rules.uncite(draft, detail))
            return
        sign: Sign = chip.view.sign if chip.view and chip.view.sign else self.cite_as.value
        self.drafting.edit(lambda draft: rules.cite(self.game.state, draft, detail, sign))

    def _toggle_chip(self, chip: DetailChip) -> None:
        self.game.set_detail_active(chip.detail_id, not chip.active)

    def _kind_chip(self, chip: DetailChip) -> None:
        """The ◷ tool: mark the Detail temporary, or make it lasting again (IMP-R01)."""
        kind: DetailKind = chip.lasting if chip.kind == "temporary" else "temporary"
        self.game.set_detail_kind(chip.detail_id, kind)

    def _remove_chip(self, chip: DetailChip) -> None:
        self.game.remove_detail(chip.detail_id)

    def _add_detail(self, _button: Any) -> None:
        kind: Literal["temporary"] | None = "temporary" if self.temporary.value else None
        self.game.add_detail(self.owner.value, self.text.value, kind=kind, hint=self.hint.value)
        self.text.value = ""

    def _tied_detail(self) -> str:
        detail: str | None = self.tied.value
        if detail is None:
            who = self.game.state.name_of(self.owner.value)
            raise RuleError(
                f"{who} has no Detail to tie it to; got none. Allowed: one of the character's "
                "own Details (IMP-R18b, IMP-R20). Tip: pick a PC in 'Add a Detail to'."
            )
        return detail

    def _self_complication(self, _button: Any) -> None:
        self.game.self_complication(
            self.owner.value, self._tied_detail(), self.text.value, hint=self.hint.value
        )
        self.text.value = ""

    def _opening_scene(self, _button: Any) -> None:
        self.game.opening_scene(self.owner.value, self._tied_detail(), self.text.value.strip())
        self.text.value = ""

    def set_die(self, scene: str, value: str) -> None:
        """Set a scene's Impact Die to the die picker's ``value`` (the card's Set button)."""
        holder = self.game.state.holder(scene)
        if die_value(holder.step) == value:
            self.messages.info(f"{holder.name} already has {step_label(holder.step)}")
            return
        self.game.set_impact(scene, None if value == NO_DIE else value)

    def hit(self, who: str) -> None:
        """A blow from an enemy (the card's ▼ button)."""
        self.game.damage(who)

    def heroic(self, who: str) -> None:
        """A heroic act (the card's ▲ button)."""
        self.game.heroic_act(who)

    # ------------------------------------------------------------------ views

    def _on_actions(self, _entries: Sequence[Entry], _state: Any) -> None:
        guard(self.messages)(self.refresh)()

    def refresh(self) -> None:
        """Bring every card and chip up to the game's state."""
        state = self.game.state
        draft: OpenTest | None = None
        if state.test is None:
            try:
                draft = self.drafting.draft()
            except IsowidgetsError:  # no test set up now: the test panel says why
                draft = None
        options = rules.citation_options(state, draft) if draft is not None else {}
        preferred: Sign = self.cite_as.value
        holders: list[tuple[str, Character | Scene | None]] = [
            *((c.id, c) for c in state.characters),
            *((s.id, s) for s in state.scenes),
        ]
        if state.details_of(WORLD):
            holders.append((WORLD, None))
        for holder_id, holder in holders:
            card = self.cards.get(holder_id)
            if card is None:
                card = self.cards[holder_id] = HolderCard(
                    holder_id,
                    make_chip=self._chip,
                    on_hit=self.handler(self.hit),
                    on_heroic=self.handler(self.heroic),
                    character=isinstance(holder, Character),
                    pc=isinstance(holder, Character) and holder.role == "pc",
                    on_set_die=self.handler(self.set_die),
                )
            views = {
                d.id: (
                    chip_view(
                        d,
                        owner_name=state.name_of(d.owner),
                        test=state.test or draft,
                        options=options.get(d.id),
                        preferred=preferred,
                        editable=draft is not None,
                    ),
                    d,
                )
                for d in state.details_of(holder_id)
            }
            card.show(state, holder, views)
        wanted = {holder_id for holder_id, _ in holders}
        for gone in [h for h in self.cards if h not in wanted]:
            self.cards.pop(gone).close()
        ordered = tuple(self.cards[h] for h, _ in holders)
        if tuple(self.card_box.children) != ordered:
            self.card_box.children = ordered
        owners = [(holder_label(state, h), h) for h, _ in holders if h != WORLD]
        owners.append(("the world", WORLD))
        set_options(self.owner, owners)
        self._sync_tied()

    def _sync_tied(self) -> None:
        """Offer the Details of the holder picked in the form (Character Details first)."""
        state = self.game.state
        details = sorted(state.details_of(self.owner.value), key=lambda d: d.kind != "character")
        options = [(f"“{d.text}” ({d.kind})", d.id) for d in details]
        set_options(self.tied, options)

    def chip(self, detail_id: str) -> DetailChip:
        """The chip widget of a Detail (for tests and notebooks)."""
        for card in self.cards.values():
            if detail_id in card.chips:
                return card.chips[detail_id]
        raise KeyError(f"no chip for Detail {detail_id!r} on the board")
