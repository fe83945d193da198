"""The character and scene board: a card per character and scene, Details as chips.

Each card shows its holder's Impact ladder (the kit's :class:`~isowidgets.widgets.track.Track`) and
Details. A chip is a button: while a test is being set up (a draft, see
:mod:`.draft`: nothing is journaled until the test opens), clicking a chip the
rules let you cite (:func:`~isowidgets.rules.impact.rules.citation_options`)
cites it with the sign its own polarity gives (a Complication that usually
hinders counts −1); a Detail that may go either way asks first, with **+1 helps**
and **−1 hinders** beside the chip. Clicking a cited chip uncites it; the test
panel shows the odds as they move. The small buttons beside each chip, in words,
mark the Detail temporary or lasting again (``◷ Temporary``, IMP-R01), disable or
re-enable it (``‖ Disable`` / ``▶ Enable``, IMP-A17) and remove it
(``✕ Remove``). A scene's card has a die picker for its Impact Die (IMP-A14,
IMP-R21). A form below the cards adds a Detail to anyone (Enter in its box adds
it), optionally as a Temporary Detail; its second row lets a PC take on a
self-created Complication tied to one of their Details (IMP-R18b) or play an
opening scene (IMP-R20).

The board keeps one widget per card and per chip and updates them in place
after every action, so a click changes a few properties in the browser rather
than redrawing the board, and the keyboard focus stays where it was.
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
from ..children import set_children
from ..panel import Panel, set_options, set_shown
from ..submit_text import SubmitText
from ..track import Track
from .draft import Drafting
from .messages import TableMessages
from .views import (
    LADDER_TITLE,
    SIGN_BUTTON,
    ChipView,
    chip_view,
    holder_label,
    impact_style,
    ladder_levels,
    ladder_place,
)

__all__ = ["HINT_CHOICES", "DetailChip", "HolderCard", "ImpactBoard"]

NO_DIE = "none"
"""The scene die picker's value for "no Impact Die" (a dropdown value cannot be ``None``)."""

SCENE_DICE: tuple[tuple[str, str], ...] = (
    ("no Impact Die", NO_DIE),
    *((die_label(d), die_label(d)) for d in IMPACT_LADDER),
    ("ineffectual (threat ended)", "ineffectual"),
)
"""What the scene die picker offers (IMP-A14: a scene has a die only if the GM sets one)."""

HINT_CHOICES: tuple[tuple[str, str], ...] = (
    ("helps or hinders", "either"),
    ("helps", "helps"),
    ("hinders", "hinders"),
)
"""A Detail's polarity as the "Usually" pickers offer it (IMP-R02): what a click on its
chip cites it as; "helps or hinders" asks each time."""


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


def _set(widget: Any, **values: Any) -> None:
    """Set traits that differ (an unchanged value sends nothing to the browser)."""
    for name, value in values.items():
        if getattr(widget, name) != value:
            setattr(widget, name, value)


def _tool(css: str) -> widgets.Button:
    button = widgets.Button(layout=widgets.Layout(width="auto"))
    button.add_class("iw-chip-tool")
    button.add_class(css)
    return button


class DetailChip(widgets.HBox):  # type: ignore[misc]
    """One Detail: the chip itself (cite/uncite), the sign choice when it asks, and its
    tools (temporary, disable, remove), each named in words.

    Args:
        detail_id: the Detail's id; the chip also gets the CSS class
            ``iw-chip-<id>`` so a browser test can find it.
        on_click: called with the chip when the chip is clicked.
        on_sign: called with the chip and ``"helps"`` or ``"hinders"`` when one of
            the two sign buttons is clicked.
        on_toggle: called with the chip to disable or re-enable the Detail.
        on_remove: called with the chip to remove the Detail.
        on_kind: called with the chip to mark the Detail temporary, or make a
            Temporary Detail lasting again (IMP-R01).

    Attributes:
        kind: the Detail's kind as last shown (``"character"``, ``"scene"`` or
            ``"temporary"``).
        lasting: the kind it takes when it is not temporary: ``"character"``
            on a character, ``"scene"`` on a scene or the world.
        helps_button, hinders_button: **+1 helps** and **−1 hinders**, shown while
            the chip asks which way a Detail that may go either way is cited.
    """

    def __init__(
        self,
        detail_id: str,
        *,
        on_click: Callable[[DetailChip], None],
        on_toggle: Callable[[DetailChip], None],
        on_remove: Callable[[DetailChip], None],
        on_kind: Callable[[DetailChip], None] | None = None,
        on_sign: Callable[[DetailChip, Sign], None] | None = None,
    ) -> None:
        self.detail_id = detail_id
        self.view: ChipView | None = None
        self.active = True
        self.text = ""
        self.kind: DetailKind = "character"
        self.lasting: DetailKind = "character"
        self.chip = widgets.Button(layout=widgets.Layout(width="auto", max_width="100%"))
        self.chip.add_class("iw-impact-chip")
        self.chip.add_class(f"iw-chip-{detail_id}")
        self.helps_button = widgets.Button(
            description=SIGN_BUTTON["helps"], layout=widgets.Layout(width="auto")
        )
        self.helps_button.add_class("iw-chip-sign")
        self.helps_button.add_class("iw-chip-cite-helps")
        self.hinders_button = widgets.Button(
            description=SIGN_BUTTON["hinders"], layout=widgets.Layout(width="auto")
        )
        self.hinders_button.add_class("iw-chip-sign")
        self.hinders_button.add_class("iw-chip-cite-hinders")
        for button in (self.helps_button, self.hinders_button):
            button.layout.display = "none"
        self.kind_tool = _tool("iw-chip-kind")
        self.toggle = _tool("iw-chip-toggle")
        self.remove = _tool("iw-chip-remove")
        self.remove.description = "✕ Remove"
        self.chip.on_click(lambda _b: on_click(self))
        if on_sign is not None:
            self.helps_button.on_click(lambda _b: on_sign(self, "helps"))
            self.hinders_button.on_click(lambda _b: on_sign(self, "hinders"))
        if on_kind is not None:
            self.kind_tool.on_click(lambda _b: on_kind(self))
        self.toggle.on_click(lambda _b: on_toggle(self))
        self.remove.on_click(lambda _b: on_remove(self))
        # The tools stay together (a row of their own when the chip is long).
        tools = widgets.HBox(
            [self.kind_tool, self.toggle, self.remove],
            layout=widgets.Layout(width="auto", flex_flow="row nowrap"),
        )
        tools.add_class("iw-chip-tools")
        super().__init__(
            [self.chip, self.helps_button, self.hinders_button, tools],
            layout=widgets.Layout(
                width="auto", margin="1px 4px 1px 0", align_items="center", flex_flow="row wrap"
            ),
        )
        self.add_class("iw-impact-chip-box")

    @property
    def asking(self) -> bool:
        """Whether the **+1 helps** / **−1 hinders** buttons are shown now."""
        return self.helps_button.layout.display is None

    def show(
        self,
        view: ChipView,
        detail: Detail,
        lasting: DetailKind = "character",
        *,
        asking: bool = False,
    ) -> None:
        """Update the chip to ``view`` (only what changed reaches the browser).

        ``lasting`` is the kind the Detail takes when it is not temporary; ``asking``
        shows the two sign buttons (only for a view that asks).
        """
        self.view = view
        self.active = detail.active
        self.text = detail.text
        self.kind, self.lasting = detail.kind, lasting
        temporary = detail.kind == "temporary"
        # Pressed (a sunken, thick border and ◷✓) while the Detail is temporary; the
        # chip itself also reads "◷ temp" then, so the state never rests on colour.
        word = "Character Detail" if lasting == "character" else "Scene Detail"
        _set(
            self.kind_tool,
            description="◷✓ Temporary" if temporary else "◷ Temporary",
            tooltip=(
                f"“{detail.text}” is temporary: click to make it a lasting {word} again (IMP-R01)"
                if temporary
                else f"mark “{detail.text}” temporary: a short-term fact rather than a "
                f"lasting {word} (IMP-R01)"
            ),
        )
        _set_classes(
            self.kind_tool, ["iw-chip-tool--on"] if temporary else [], ["iw-chip-tool--on"]
        )
        _set(
            self.chip,
            description=view.description,
            tooltip=view.tooltip,
            disabled=not view.clickable,
        )
        _set_classes(self.chip, view.classes, _STATE_CLASSES)
        _set(
            self.toggle,
            description="▶ Enable" if not detail.active else "‖ Disable",
            tooltip=(
                f"make “{detail.text}” usable again"
                if not detail.active
                else f"disable “{detail.text}”: the fiction makes it unusable (IMP-A17)"
            ),
        )
        _set(self.remove, tooltip=f"remove “{detail.text}” from the table")
        asking = asking and view.asks
        for sign, button in (("helps", self.helps_button), ("hinders", self.hinders_button)):
            set_shown(button, asking)
            _set(button, tooltip=f"cite “{detail.text}” as {SIGN_BUTTON[sign]}")


class HolderCard(widgets.VBox):  # type: ignore[misc]
    """A character's or scene's card: name, Impact ladder, Detail chips, Impact buttons.

    ``holder_id`` is a character id, a scene id or ``"world"`` (Details that
    belong to no one in particular; that card has no ladder). A character's
    card has ▼ Hit; a PC's also ▲ Heroic act (IMP-R18c is for player
    characters). A scene's card has a die picker and its Set button, given
    ``on_set_die`` (called with the scene id and the picker's value).

    Attributes:
        ladder: the kit's :class:`~isowidgets.widgets.track.Track` (classes
            ``iw-impact-ladder`` and ``iw-impact-ladder-<id>``); hidden while a scene
            has no Impact Die, which its head then says.
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
        self.ladder = Track.ladder(
            LADDER_TITLE, ladder_levels(), None, css_class="iw-impact-ladder"
        )
        self.ladder.add_class(f"iw-impact-ladder-{holder_id}")
        self.chips: dict[str, DetailChip] = {}
        self.chip_box = widgets.Box(
            layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="center")
        )
        children: list[Any] = [self.head, self.ladder, self.chip_box]
        if holder_id == WORLD:
            self.ladder.layout.display = "none"
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
        asking: str | None = None,
    ) -> None:
        """Update the card to ``state``; ``views`` are this holder's chips, in order;
        ``asking`` is the Detail whose chip shows its sign buttons, if any."""
        if holder is None:
            head = "The world <span class='iw-badge'>Details of the whole story</span>"
        else:
            kind: str
            if isinstance(holder, Character):
                role = "PC" if holder.role == "pc" else "NPC adversary"
                kind = holder.role
            else:
                role, kind = "Scene", "scene"
            die = "no Impact Die" if holder.step is None else f"Impact {holder.impact}"
            head = (
                f"{html.escape(holder.name)} <span class='iw-badge'>{role}</span>"
                f" <span class='iw-badge'>{html.escape(die)}</span>"
            )
            current, words = ladder_place(holder.step, role=kind)
            self.ladder.set(current, state=words)
            set_shown(self.ladder, holder.step is not None)
        _set(self.head, value=head)
        if self.die_picker is not None and holder is not None:
            self._show_die(holder.step)
        for detail_id, (view, detail) in views.items():
            chip = self.chips.get(detail_id)
            if chip is None:
                chip = self.chips[detail_id] = self._make_chip(detail_id)
            lasting: DetailKind = "character" if isinstance(holder, Character) else "scene"
            chip.show(view, detail, lasting, asking=detail_id == asking)
        retired = [self.chips.pop(d) for d in [d for d in self.chips if d not in views]]
        set_children(self.chip_box, (self.chips[d] for d in views), retired=retired)

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

    def close(self) -> None:
        for chip in getattr(self, "chips", {}).values():
            chip.close()
        if hasattr(self, "ladder"):
            self.ladder.close()
        super().close()


class ImpactBoard(Panel):
    """Every character and scene as a card with its ladder and Detail chips.

    Args:
        game: the :class:`~.ImpactGame` shown.
        drafting: the test being set up, shared with the test panel (which
            describes it); a board of its own has none, so no chip cites.

    Attributes:
        cards: holder id (or ``"world"``) → its :class:`HolderCard`.
        card_box: the cards (class ``iw-impact-cards``; it scrolls on its own when
            tall, so the test panel beside it stays on screen).
        asking: the Detail whose chip shows **+1 helps** / **−1 hinders** now, if any.
        owner, text, temporary, hint, add_button: the "Add a Detail" form (Enter in
            ``text`` adds the Detail).
        tied: the Details of the holder picked in the form, for
            ``complication_button`` (a self-created Complication with the text
            typed, IMP-R18b) and ``opening_button`` (an opening scene, IMP-R20).
        focused: the control the board last moved the keyboard focus to.
    """

    game: ImpactGame

    def __init__(self, game: ImpactGame, drafting: Drafting | None = None) -> None:
        self.messages = TableMessages(game)
        self.drafting = drafting if drafting is not None else Drafting(game)
        self.asking: str | None = None
        self.focused: Any = None
        self.cards: dict[str, HolderCard] = {}
        self.card_box = widgets.Box(
            layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="stretch")
        )
        self.card_box.add_class("iw-impact-cards")
        self.owner = widgets.Dropdown(
            description="Add a Detail to", style={"description_width": "initial"}
        )
        self.owner.add_class("iw-impact-owner")
        self.text = SubmitText(description="Detail", placeholder="e.g. “The Road Is Blocked”")
        self.text.layout = widgets.Layout(flex="1 1 16em", min_width="16em")
        self.text.add_class("iw-impact-detail-text")
        self.temporary = widgets.Checkbox(
            value=False, description="Temporary", indent=False, layout=widgets.Layout(width="auto")
        )
        self.temporary.add_class("iw-impact-temporary")
        self.hint = widgets.Dropdown(
            options=HINT_CHOICES,
            value="either",
            description="Usually",
            tooltip="the Detail's polarity (IMP-R02): a click on its chip cites it this way; "
            "'helps or hinders' asks each time",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.hint.add_class("iw-impact-hint")
        self.add_button = widgets.Button(
            description="Add Detail",
            icon="plus",
            tooltip="add the Detail typed (or press Enter in its box)",
        )
        self.add_button.add_class("iw-impact-add-detail")
        run = self.messages.handler
        self.add_button.on_click(run(self._add_detail))
        self.text.on_submit(run(self._add_detail))
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
        self.complication_button.on_click(run(self._self_complication))
        self.opening_button = widgets.Button(
            description="☀ Opening scene (+1 step)",
            tooltip="before the adventure's first roll: a scene that addresses the Character "
            "Detail picked earns one step, D12 → D20; the text typed above describes it, if "
            "any (IMP-R20)",
            layout=widgets.Layout(width="auto"),
        )
        self.opening_button.add_class("iw-impact-opening-scene")
        self.opening_button.on_click(run(self._opening_scene))
        self.owner.observe(run(lambda _change: self._sync_tied()), names=["value"])
        form = widgets.HBox(
            [self.owner, self.text, self.temporary, self.hint, self.add_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        form.add_class("iw-impact-detail-form")
        earn_form = widgets.HBox(
            [self.tied, self.complication_button, self.opening_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        earn_form.add_class("iw-impact-earn-form")
        super().__init__(
            game,
            [impact_style(), self.messages, self.card_box, form, earn_form],
        )
        self.add_class("iw-impact-board")
        self.refresh()
        self.follow(self._on_actions)
        self._unsubscribers.append(self.drafting.follow(self._on_draft))

    # ------------------------------------------------------------------ clicks

    def _chip(self, detail_id: str) -> DetailChip:
        run = self.messages.handler
        return DetailChip(
            detail_id,
            on_click=run(self._click_chip),
            on_sign=run(self._cite_as),
            on_toggle=run(self._toggle_chip),
            on_remove=run(self._remove_chip),
            on_kind=run(self._kind_chip),
        )

    def _focus(self, widget: Any) -> None:
        """Move the keyboard focus to ``widget`` (the next step's control)."""
        self.focused = widget
        widget.focus()

    def _click_chip(self, chip: DetailChip) -> None:
        """Cite the Detail in the draft with its own sign, ask which sign when it may go
        either way, or uncite it (nothing is journaled yet)."""
        detail = chip.detail_id
        draft = self.drafting.draft()
        if detail in draft.cited():
            self.drafting.edit(lambda d: rules.uncite(d, detail))
            return
        view = chip.view
        if view is not None and view.asks:
            # A second click on a chip that asks takes the question back.
            self.asking = None if self.asking == detail else detail
            self.refresh()
            if self.asking == detail:
                self._focus(chip.helps_button)
            return
        sign: Sign | None = view.sign if view is not None else None
        if sign is None:  # not citable: let the rules say why, with the Detail's own sign
            hint = self.game.state.detail(detail).hint
            sign = "hinders" if hint == "hinders" else "helps"
        self._cite(chip, sign)

    def _cite_as(self, chip: DetailChip, sign: Sign) -> None:
        """**+1 helps** or **−1 hinders** beside a chip that asked: cite it that way."""
        self._cite(chip, sign)
        self._focus(chip.chip)  # the sign buttons are gone; the chip now reads ✔ ±1

    def _cite(self, chip: DetailChip, sign: Sign) -> None:
        detail = chip.detail_id
        self.asking = None
        self.drafting.edit(lambda d: rules.cite(self.game.state, d, detail, sign))

    def _toggle_chip(self, chip: DetailChip) -> None:
        self.game.set_detail_active(chip.detail_id, not chip.active)

    def _kind_chip(self, chip: DetailChip) -> None:
        """The ◷ tool: mark the Detail temporary, or make it lasting again (IMP-R01)."""
        kind: DetailKind = chip.lasting if chip.kind == "temporary" else "temporary"
        self.game.set_detail_kind(chip.detail_id, kind)

    def _remove_chip(self, chip: DetailChip) -> None:
        """Remove the Detail; the focus moves to the next chip of its card (the button
        pressed is gone), or to the form that adds a Detail."""
        card = next((c for c in self.cards.values() if chip.detail_id in c.chips), None)
        order = list(card.chips) if card is not None else []
        self.game.remove_detail(chip.detail_id)
        if card is None:
            return
        index = order.index(chip.detail_id)
        after = [d for d in order[index + 1 :] + order[:index][::-1] if d in card.chips]
        self._focus(card.chips[after[0]].chip if after else self.owner)

    def _add_detail(self, *_args: Any) -> None:
        kind: Literal["temporary"] | None = "temporary" if self.temporary.value else None
        self.game.add_detail(self.owner.value, self.text.value, kind=kind, hint=self.hint.value)
        self.text.value = ""

    def _tied_detail(self) -> str:
        detail: str | None = self.tied.value
        if detail is None:
            who = self.game.state.name_of(self.owner.value)
            raise RuleError(
                "impact.no_detail_to_tie",
                "{who} has no Detail to tie it to; got none. Allowed: one of the character's own "
                "Details (IMP-R18b, IMP-R20). Tip: pick a PC in 'Add a Detail to'.",
                who=who,
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
        if self.drafting.form is None:  # else the test panel tells it, once its form is set
            self.messages.run(self.refresh)

    def _on_draft(self) -> None:
        """The draft changed (a chip, a helper, the test panel's inputs): show it."""
        self.messages.run(self.refresh)

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
        holders: list[tuple[str, Character | Scene | None]] = [
            *((c.id, c) for c in state.characters),
            *((s.id, s) for s in state.scenes),
        ]
        if state.details_of(WORLD):
            holders.append((WORLD, None))
        views_by_holder: dict[str, dict[str, tuple[ChipView, Detail]]] = {}
        for holder_id, _holder in holders:
            views_by_holder[holder_id] = {
                d.id: (
                    chip_view(
                        d,
                        owner_name=state.name_of(d.owner),
                        test=state.test or draft,
                        options=options.get(d.id),
                        editable=draft is not None,
                        asking=d.id == self.asking,
                    ),
                    d,
                )
                for d in state.details_of(holder_id)
            }
        still_asks = any(
            self.asking in views and views[self.asking][0].asks
            for views in views_by_holder.values()
        )
        if not still_asks:
            self.asking = None
        for holder_id, holder in holders:
            card = self.cards.get(holder_id)
            if card is None:
                run = self.messages.handler
                card = self.cards[holder_id] = HolderCard(
                    holder_id,
                    make_chip=self._chip,
                    on_hit=run(self.hit),
                    on_heroic=run(self.heroic),
                    character=isinstance(holder, Character),
                    pc=isinstance(holder, Character) and holder.role == "pc",
                    on_set_die=run(self.set_die),
                )
            card.show(state, holder, views_by_holder[holder_id], self.asking)
        wanted = {holder_id for holder_id, _ in holders}
        retired = [self.cards.pop(h) for h in [h for h in self.cards if h not in wanted]]
        set_children(self.card_box, (self.cards[h] for h, _ in holders), retired=retired)
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

    def close(self) -> None:
        for card in getattr(self, "cards", {}).values():
            card.close()
        if hasattr(self, "messages"):
            self.messages.close()
        super().close()
