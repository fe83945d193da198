"""One character's modifier judgements in a conflict: a row of the proposal's grid.

The table judges each participant's relation to the proposed action (ISO-R18,
ISO-R20, ISO-R43): Profession, Goal or Bias for or against, role-play dice for the
AP, relevant labeled links for a Passive Player, situational dice for a target. The
row shows only the fields the engine allows the character's role, and is reused from
one render to the next, sending nothing unchanged.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Sequence
from typing import Any

import ipywidgets as widgets

from ...rules.isolation import Character, Link
from ..children import set_children
from .parts import assign, auto_layout
from .views import edge_text, slug

__all__ = ["ModifierRow"]

_FLAGS = (
    ("profession", "Profession", "the action relates to / falls within their Profession: +1 green"),
    ("goal_for", "serves Goal", "the action significantly serves their Goal: +1 green"),
    ("bias_for", "serves Bias", "the action significantly serves their Bias: +1 green"),
    ("goal_against", "against Goal", "the action goes against their Goal: +1 red"),
    ("bias_against", "against Bias", "the action goes against their Bias: +1 red"),
)


class ModifierRow(widgets.HBox):  # type: ignore[misc]
    """One character's modifier judgements (ISO-R18, ISO-R20, ISO-R43).

    Which fields show depends on the character's role: the AP has role-play
    dice, a Passive Player has relevant labeled links, a direct-action target
    has situational dice. The engine checks every value when it is used. The
    row is reused from one render to the next and sends nothing unchanged.
    """

    def __init__(self, character_id: str, on_change: Callable[[str], None]) -> None:
        self.character_id = character_id
        self._on_change = on_change
        self.quiet = False
        self.role = ""
        self.fields: tuple[str, ...] = ()
        self.name = widgets.HTML(layout=widgets.Layout(width="200px"))
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
        assign(
            self.name,
            value=f"<b>{html.escape(character.name)}</b> <small>({role} · "
            f"{html.escape(character.profession)})</small>",
        )
        tips = {
            "profession": character.profession,
            "goal_for": character.goal,
            "goal_against": character.goal,
            "bias_for": character.bias,
            "bias_against": character.bias,
        }
        words = {k: t for k, _, t in _FLAGS}
        for key, box in self.flags.items():
            assign(box.layout, display="" if key in self.fields else "none")
            assign(box, tooltip=f"{words[key]} — “{tips[key]}”")
        for key, number in (
            ("roleplay", self.roleplay),
            ("extra_green", self.extra_green),
            ("extra_red", self.extra_red),
        ):
            assign(number.layout, display="" if key in self.fields else "none")
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
        retired = [self._link_boxes.pop(link_id) for link_id in gone]  # no longer on the map
        set_children(self.link_box, self.links.values(), retired=retired)

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
                assign(box, value=bool(values.get(key, False)))
            assign(self.roleplay, value=int(values.get("roleplay", 0)))
            assign(self.extra_green, value=int(values.get("extra_green", 0)))
            assign(self.extra_red, value=int(values.get("extra_red", 0)))
            chosen = set(values.get("relevant_links", ()))
            for link_id, box in self.links.items():
                assign(box, value=link_id in chosen)
        finally:
            self.quiet = False
