"""The character and scene board: a card per character and scene, Details as chips.

Each card shows its holder's Impact ladder and Details. A chip is a button:
while a test is being set up, clicking a chip the engine lets you cite
(:meth:`~isowidgets.rules.impact.ImpactGame.citable`) cites it, and clicking
a cited chip uncites it. The small buttons beside each chip disable or
re-enable the Detail (IMP-A17) and remove it. A form below the cards adds a
Detail to anyone, optionally as a Temporary Detail.

The board keeps one widget per card and per chip and updates them in place
after every action, so a click changes a few properties in the browser rather
than redrawing the board.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any, Literal

import ipywidgets as widgets

from ...journal import Entry
from ...rules.impact import WORLD, Character, Detail, ImpactGame, ImpactState, Scene
from ...rules.impact.model import Sign
from ..common import Messages, Panel, guard
from .views import ChipView, chip_view, holder_label, impact_style, ladder_html

__all__ = ["DetailChip", "HolderCard", "ImpactBoard"]

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
    """One Detail: the chip itself (cite/uncite) plus disable and remove buttons.

    Args:
        detail_id: the Detail's id; the chip also gets the CSS class
            ``iw-chip-<id>`` so a browser test can find it.
        on_click: called with the chip when the chip is clicked.
        on_toggle: called with the chip to disable or re-enable the Detail.
        on_remove: called with the chip to remove the Detail.
    """

    def __init__(
        self,
        detail_id: str,
        *,
        on_click: Callable[[DetailChip], None],
        on_toggle: Callable[[DetailChip], None],
        on_remove: Callable[[DetailChip], None],
    ) -> None:
        self.detail_id = detail_id
        self.view: ChipView | None = None
        self.active = True
        self.chip = widgets.Button(layout=widgets.Layout(width="auto", max_width="100%"))
        self.chip.add_class("iw-impact-chip")
        self.chip.add_class(f"iw-chip-{detail_id}")
        self.toggle = widgets.Button(description="‖")
        self.toggle.add_class("iw-chip-tool")
        self.toggle.add_class("iw-chip-toggle")
        self.remove = widgets.Button(description="✕", tooltip="remove this Detail")
        self.remove.add_class("iw-chip-tool")
        self.remove.add_class("iw-chip-remove")
        self.chip.on_click(lambda _b: on_click(self))
        self.toggle.on_click(lambda _b: on_toggle(self))
        self.remove.on_click(lambda _b: on_remove(self))
        super().__init__(
            [self.chip, self.toggle, self.remove],
            layout=widgets.Layout(width="auto", margin="1px 4px 1px 0", align_items="center"),
        )
        self.add_class("iw-impact-chip-box")

    def show(self, view: ChipView, detail: Detail) -> None:
        """Update the chip to ``view`` (only what changed reaches the browser)."""
        self.view = view
        self.active = detail.active
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
    belong to no one in particular; that card has no ladder).
    """

    def __init__(
        self,
        holder_id: str,
        *,
        make_chip: Callable[[str], DetailChip],
        on_hit: Callable[[str], None],
        on_heroic: Callable[[str], None],
        character: bool,
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
            children.append(widgets.HBox([self.hit, self.heroic]))
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
        for detail_id, (view, detail) in views.items():
            chip = self.chips.get(detail_id)
            if chip is None:
                chip = self.chips[detail_id] = self._make_chip(detail_id)
            chip.show(view, detail)
        for gone in [d for d in self.chips if d not in views]:
            self.chips.pop(gone).close()
        ordered = tuple(self.chips[d] for d in views)
        if tuple(self.chip_box.children) != ordered:
            self.chip_box.children = ordered


class ImpactBoard(Panel):
    """Every character and scene as a card with its ladder and Detail chips.

    Args:
        game: the :class:`~isowidgets.rules.impact.ImpactGame` shown.

    Attributes:
        cards: holder id (or ``"world"``) → its :class:`HolderCard`.
        cite_as: the picker deciding what a click cites a Detail as, when the
            engine allows both signs.
    """

    game: ImpactGame

    def __init__(self, game: ImpactGame) -> None:
        self.messages = Messages()
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
        self.add_button.on_click(self._act(self._add_detail))
        self.cite_as.observe(self._act(lambda _change: self.refresh()), names=["value"])
        form = widgets.HBox(
            [self.owner, self.text, self.temporary, self.hint, self.add_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__(game, [impact_style(), self.cite_as, self.card_box, form, self.messages])
        self.add_class("iw-impact-board")
        self.refresh()
        self.follow(self._on_actions)

    # ------------------------------------------------------------------ clicks

    def _act(self, action: Callable[..., Any]) -> Callable[..., Any]:
        """A guarded callback that clears the last message first."""

        @guard(self.messages)
        def run(*args: Any) -> Any:
            self.messages.clear()
            return action(*args)

        return run

    def _chip(self, detail_id: str) -> DetailChip:
        return DetailChip(
            detail_id,
            on_click=self._act(self._click_chip),
            on_toggle=self._act(self._toggle_chip),
            on_remove=self._act(self._remove_chip),
        )

    def _click_chip(self, chip: DetailChip) -> None:
        test = self.game.test
        if test is not None and chip.detail_id in test.cited():
            self.game.uncite(chip.detail_id)
            return
        sign: Sign = chip.view.sign if chip.view and chip.view.sign else self.cite_as.value
        self.game.cite(chip.detail_id, sign)

    def _toggle_chip(self, chip: DetailChip) -> None:
        self.game.set_detail_active(chip.detail_id, not chip.active)

    def _remove_chip(self, chip: DetailChip) -> None:
        self.game.remove_detail(chip.detail_id)

    def _add_detail(self, _button: Any) -> None:
        kind: Literal["temporary"] | None = "temporary" if self.temporary.value else None
        self.game.add_detail(self.owner.value, self.text.value, kind=kind, hint=self.hint.value)
        self.text.value = ""

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
        options = self.game.citable()
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
                    on_hit=self._act(self.hit),
                    on_heroic=self._act(self.heroic),
                    character=isinstance(holder, Character),
                )
            views = {
                d.id: (
                    chip_view(
                        d,
                        owner_name=state.name_of(d.owner),
                        test=state.test,
                        options=options.get(d.id),
                        preferred=preferred,
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
        if list(self.owner.options) != owners:
            keep = self.owner.value
            self.owner.options = owners
            self.owner.value = keep if keep in {v for _, v in owners} else owners[0][1]

    def chip(self, detail_id: str) -> DetailChip:
        """The chip widget of a Detail (for tests and notebooks)."""
        for card in self.cards.values():
            if detail_id in card.chips:
                return card.chips[detail_id]
        raise KeyError(f"no chip for Detail {detail_id!r} on the board")
