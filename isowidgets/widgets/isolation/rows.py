"""The rows of the conflict panel: one character's modifiers, one pool, one stance.

Each row is a small widget that a :class:`~.conflict.ConflictPanel` reuses from one
render to the next. A row remembers what it last showed and sends nothing when
that has not changed, so a click touches only the rows it affected: after a
*Roll*, the rolled pool's chips and little else.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Sequence
from typing import Any

import ipywidgets as widgets

from ...rules.isolation import STANCES, Character, Link
from .views import PoolRow, edge_text, pool_head_html, roll_html, slug

__all__ = ["ModifierRow", "PoolWidget", "StanceWidget", "assign", "auto_layout"]

_STANCE_STYLE = {"Cooperative": "success", "Neutral": "", "Hostile": "danger"}
_STANCE_ICON = {"Cooperative": "handshake-o", "Neutral": "minus-circle", "Hostile": "ban"}
_FLAGS = (
    ("profession", "Profession", "the action relates to / falls within their Profession: +1 green"),
    ("goal_for", "serves Goal", "the action significantly serves their Goal: +1 green"),
    ("bias_for", "serves Bias", "the action significantly serves their Bias: +1 green"),
    ("goal_against", "against Goal", "the action goes against their Goal: +1 red"),
    ("bias_against", "against Bias", "the action goes against their Bias: +1 red"),
)


def assign(widget: Any, **values: Any) -> None:
    """Set only the traits whose value differs.

    Assigning an equal value sends nothing either way, but still runs trait
    validation; a render touches a few hundred traits, so reading first keeps
    a click's kernel time down.
    """
    for name, value in values.items():
        if getattr(widget, name) != value:
            setattr(widget, name, value)


def auto_layout(**kwargs: Any) -> widgets.Layout:
    return widgets.Layout(width="auto", **kwargs)


# --------------------------------------------------------------------------- rows


class ModifierRow(widgets.HBox):  # type: ignore[misc]
    """One character's modifier judgements (ISO-R18, ISO-R20, ISO-R43).

    Which fields show depends on the character's role: the AP has role-play
    dice, a Passive Player has relevant labeled links, a direct-action target
    has situational dice. The engine checks every value when it is used.
    """

    def __init__(self, character_id: str, on_change: Callable[[str], None]) -> None:
        self.character_id = character_id
        self._on_change = on_change
        self.quiet = False
        self.role = ""
        self.fields: tuple[str, ...] = ()
        self.name = widgets.HTML(layout=widgets.Layout(width="230px"))
        self.flags: dict[str, widgets.Checkbox] = {}
        for key, text, tip in _FLAGS:
            box = widgets.Checkbox(
                description=text, indent=False, layout=auto_layout(), tooltip=tip
            )
            box.add_class(f"iw-mod-{slug(character_id)}-{key}")
            box.observe(self._changed, names=["value"])
            self.flags[key] = box
        self.roleplay = widgets.BoundedIntText(
            value=0, min=0, max=20, description="role-play +", layout=widgets.Layout(width="150px")
        )
        self.roleplay.add_class(f"iw-mod-{slug(character_id)}-roleplay")
        self.extra_green = widgets.BoundedIntText(
            value=0, min=0, max=30, description="+ green", layout=widgets.Layout(width="140px")
        )
        self.extra_green.add_class(f"iw-mod-{slug(character_id)}-extra_green")
        self.extra_red = widgets.BoundedIntText(
            value=0, min=0, max=30, description="× red", layout=widgets.Layout(width="140px")
        )
        self.extra_red.add_class(f"iw-mod-{slug(character_id)}-extra_red")
        for number in (self.roleplay, self.extra_green, self.extra_red):
            number.observe(self._changed, names=["value"])
        self.links: dict[str, widgets.Checkbox] = {}
        self._link_boxes: dict[str, widgets.Checkbox] = {}
        self.link_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__(
            [
                self.name,
                *self.flags.values(),
                self.roleplay,
                self.extra_green,
                self.extra_red,
                self.link_box,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.add_class(f"iw-mod-{slug(character_id)}")

    def _changed(self, _change: dict[str, Any]) -> None:
        if not self.quiet:
            self._on_change(self.character_id)

    def configure(
        self,
        character: Character,
        role: str,
        links: Sequence[Link],
        fields: Sequence[str],
        *,
        existing: Collection[str] | None = None,
    ) -> None:
        """Show ``fields`` (the engine's ``modifier_fields`` for ``character``, whose part
        in the conflict is ``role``) and the relevant-link boxes for ``links``.

        ``existing``, the ids of every link on the map, lets the row close the boxes
        of links that are gone (it keeps the others for the next conflict).
        """
        self.role = role
        self.fields = tuple(fields)
        self.name.value = (
            f"<b>{html.escape(character.name)}</b> <small>({role} · "
            f"{html.escape(character.profession)})</small>"
        )
        tips = {
            "profession": character.profession,
            "goal_for": character.goal,
            "goal_against": character.goal,
            "bias_for": character.bias,
            "bias_against": character.bias,
        }
        for key, box in self.flags.items():
            box.layout.display = "" if key in self.fields else "none"
            box.tooltip = f"{dict((k, t) for k, _, t in _FLAGS)[key]} — “{tips[key]}”"
        self.roleplay.layout.display = "" if "roleplay" in self.fields else "none"
        self.extra_green.layout.display = "" if "extra_green" in self.fields else "none"
        self.extra_red.layout.display = "" if "extra_red" in self.fields else "none"
        self._show_links(links if "relevant_links" in self.fields else (), existing)

    def _show_links(self, links: Sequence[Link], existing: Collection[str] | None) -> None:
        """Show one relevant-link box per link of ``links`` (none for ``None``).

        A box is made once per link and kept, hidden when not wanted, while the link
        is on the map: the conflict after a resolution (or an undo) shows the same
        boxes again instead of sending new widgets to the page.
        """
        wanted = {link.id: link for link in links}
        for link_id, link in wanted.items():
            text = f"relevant: {edge_text(link)}"
            box = self._link_boxes.get(link_id)
            if box is None:
                box = widgets.Checkbox(
                    description=text,
                    indent=False,
                    layout=auto_layout(),
                    tooltip="a labeled link particularly relevant to the action: "
                    "+1 die of its colour (ISO-R20)",
                )
                box.add_class(f"iw-mod-{slug(self.character_id)}-{slug(link_id)}")
                box.observe(self._changed, names=["value"])
                self._link_boxes[link_id] = box
            elif box.description != text:
                box.description = text  # relabeled since
        gone = [k for k in self._link_boxes if existing is not None and k not in existing]
        self.links = {k: self._link_boxes[k] for k in wanted}
        shown = tuple(self.links.values())
        if self.link_box.children != shown:
            self.link_box.children = shown
        for link_id in gone:  # links no longer on the map
            self._link_boxes.pop(link_id).close()

    def values(self) -> dict[str, Any]:
        """The judgements this row shows, as ``set_factors`` keywords (only its fields)."""
        numbers = {
            "roleplay": self.roleplay,
            "extra_green": self.extra_green,
            "extra_red": self.extra_red,
        }
        out: dict[str, Any] = {}
        for key in self.fields:
            if key in self.flags:
                out[key] = self.flags[key].value
            elif key in numbers:
                out[key] = numbers[key].value
            elif key == "relevant_links":
                out[key] = [k for k, box in self.links.items() if box.value]
        return out

    def load(self, values: dict[str, Any]) -> None:
        """Show ``values`` without reporting them as a change."""
        self.quiet = True
        try:
            for key, box in self.flags.items():
                box.value = bool(values.get(key, False))
            self.roleplay.value = int(values.get("roleplay", 0))
            self.extra_green.value = int(values.get("extra_green", 0))
            self.extra_red.value = int(values.get("extra_red", 0))
            chosen = set(values.get("relevant_links", ()))
            for link_id, box in self.links.items():
                box.value = link_id in chosen
        finally:
            self.quiet = False


class PoolWidget(widgets.VBox):  # type: ignore[misc]
    """One pool: where its dice come from, its chips once rolled, a faces box, Roll and Enter.

    Where the dice come from and the chips share one HTML widget (``head`` and
    ``chips`` are the same widget): a roll then changes one element in the page,
    and the dice are in the first message the click sends.
    """

    def __init__(self, key: str, on_roll: Callable[[PoolWidget, bool], None]) -> None:
        self.key = key
        self.who = ""
        self.colour = "green"
        self._shown: tuple[Any, ...] = ()
        self.body = widgets.HTML()
        self.body.add_class(f"iw-chips-{key}")
        self.head = self.chips = self.body
        self.faces = widgets.Text(
            placeholder="faces, e.g. 4 3 1 6 4", layout=widgets.Layout(width="210px")
        )
        self.faces.add_class(f"iw-faces-{key}")
        self.roll_button = widgets.Button(
            description="Roll",
            icon="cube",
            button_style="primary",
            layout=widgets.Layout(width="80px"),
        )
        self.roll_button.add_class(f"iw-roll-{key}")
        self.enter_button = widgets.Button(
            description="Enter",
            icon="keyboard-o",
            layout=widgets.Layout(width="80px"),
            tooltip="record the faces typed in (base dice first, then each extra die)",
        )
        self.enter_button.add_class(f"iw-enter-{key}")
        self.roll_button.on_click(lambda _b: on_roll(self, False))
        self.enter_button.on_click(lambda _b: on_roll(self, True))
        self.controls = widgets.HBox([self.faces, self.roll_button, self.enter_button])
        super().__init__(
            [self.body, self.controls],
            layout=widgets.Layout(border_bottom="1px solid #eee", padding="2px 0"),
        )
        self.add_class(f"iw-pool-{key}")

    def show(self, row: PoolRow, names: dict[str, str], rollable: bool) -> None:
        shown = (row, rollable)
        if shown == self._shown:  # nothing to send: skip even the trait validation
            return
        self._shown = shown
        self.who, self.colour = row.who, row.colour
        chips = roll_html(row.who, row.colour, row.roll) if row.roll else ""
        self.body.value = pool_head_html(row, names) + chips
        rolled = row.roll is not None
        self.controls.layout.display = "none" if rolled else ""
        if not rolled:  # hidden controls keep their state: fewer messages per roll
            for w in (self.faces, self.roll_button, self.enter_button):
                w.disabled = not rollable


class StanceWidget(widgets.VBox):  # type: ignore[misc]
    """A Passive Player's reading and stance buttons, or a defaulted character's downgrade."""

    def __init__(self, character_id: str, on_click: Callable[[str, str], None]) -> None:
        self.character_id = character_id
        key = slug(character_id)
        self._shown: tuple[Any, ...] = ()
        self.text = widgets.HTML()
        self.buttons: dict[str, widgets.Button] = {}
        choices = [
            ("declare_hostile", "Hostile without rolling", "", "bolt"),
            *((s, s, _STANCE_STYLE[s], _STANCE_ICON[s]) for s in STANCES),
            ("downgrade", "Turn Hostile", "danger", "ban"),
        ]
        for action, label, style, icon in choices:
            button = widgets.Button(
                description=label, button_style=style, icon=icon, layout=auto_layout()
            )
            css = f"iw-stance-{key}-{action}" if action in STANCES else f"iw-{action}-{key}"
            button.add_class(css)
            button.on_click(lambda _b, a=action: on_click(self.character_id, a))
            self.buttons[action] = button
        self.bar = widgets.HBox(list(self.buttons.values()))
        super().__init__([self.text, self.bar], layout=widgets.Layout(padding="2px 0"))
        self.add_class(f"iw-stance-row-{key}")

    def show(self, text: str, enabled: set[str], visible: set[str]) -> None:
        shown = (text, frozenset(enabled), frozenset(visible))
        if shown == self._shown:
            return
        self._shown = shown
        self.text.value = text
        # No button to show: hide the bar as a whole (one message, not one per button).
        assign(self.bar.layout, display="" if visible else "none")
        if not visible:
            return
        for action, button in self.buttons.items():
            assign(button.layout, display="" if action in visible else "none")
            assign(button, disabled=action not in enabled)
