"""The wounds the table distributes after a physically threatening failure (ISO-R39).

The rules place what they can (a single candidate, the Dying first, ISO-A23) and leave
the rest to the table. The form then shows one box per character who may take wounds
(never a Hostile one), each bounded by the wounds still to share and by what that
character can still take before Dead (both the engine's numbers), and *Assign wounds*.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...rules.isolation import IsolationGame, Step
from ..messages import Messages
from .parts import ConflictView, Part, assign
from .views import slug

__all__ = ["WoundsPanel"]


class WoundsPanel(Part):
    """One box per character who may take the wounds left, and *Assign wounds*.

    Attributes:
        inputs: character id → their box (``iw-wounds-ID``).
        assign_button: hands the distribution to the engine.
    """

    def __init__(
        self, game: IsolationGame, messages: Messages, *, done: Callable[[], None] | None = None
    ) -> None:
        self.inputs: dict[str, widgets.BoundedIntText] = {}
        self._for: int | None = None
        """The conflict whose wounds the form shows (``None`` while it is hidden)."""
        self.title = widgets.HTML()
        self.boxes = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.assign_button = widgets.Button(
            description="Assign wounds",
            button_style="danger",
            icon="medkit",
            layout=widgets.Layout(width="auto"),
            tooltip="the wounds as distributed in the boxes (ISO-R39)",
        )
        self.assign_button.add_class("iw-assign-wounds")
        super().__init__(game, messages, [self.title, self.boxes, self.assign_button], done=done)
        self.add_class("iw-wounds")
        self.assign_button.on_click(self.handler(lambda _b: self.assign()))

    def assign(self) -> None:
        """Distribute the wounds as the boxes say (the engine checks the total)."""
        given = {who: box.value for who, box in self.inputs.items() if box.value}
        self.game.assign_wounds(given)

    def render(self, view: ConflictView) -> None:
        step = view.allowed("assign_wounds")
        c = view.conflict
        if step is None or c is None:
            assign(self.layout, display="none")
            self._for = None
            return
        assign(self.layout, display="")
        assign(
            self.title,
            value=f'<div class="iw-status"><b>Wounds:</b> {html.escape(step.label)}. The table '
            "decides who takes them (ISO-R39); blame a Hostile character's actions or a "
            "Neutral one's reluctance.</div>",
        )
        fresh = self._for != c.number  # the step appears anew: start from zero
        self._for = c.number
        inputs = {}
        for who in step.options:
            most = min(c.wounds_left, self.game.wound_capacity(who))
            box = self.inputs.get(who)
            if box is None:
                box = widgets.BoundedIntText(
                    value=0,
                    min=0,
                    max=most,
                    description=view.name(who),
                    layout=widgets.Layout(width="170px"),
                )
                box.add_class(f"iw-wounds-{slug(who)}")
            else:
                if fresh:
                    box.value = 0
                assign(box, max=most)
            inputs[who] = box
        self.inputs = inputs
        if tuple(inputs.values()) != tuple(self.boxes.children):
            self.boxes.children = tuple(inputs.values())

    def control_for(self, step: Step) -> Any:
        if step.action != "assign_wounds" or not self.inputs:
            return None
        return next(iter(self.inputs.values()))
