"""The responses shop: Response Points left, every Societal Response with its cost.

``RP 28 · spent 17 · 11 left``

During a Relieve It turn, one button per Response of the tables,
``4 RP · Rationing/Conservation/…`` (out of such a turn the list is folded away and a
line says when it comes). A
Response the relieving player can still buy is a button to pick; one they cannot
is switched off and says why in words (``needs 17 RP, 11 left``), never by a
shade alone. The picked one reads ``✔`` and is named above the details box;
Enter there (or **Buy**) buys it with those details. **Done** turns the RP left
into Pressure once at least one Response is bought; spending every RP ends the
year instead (the year-end check takes over).

Which Responses are affordable is the engine's
(:meth:`~.affordable`): the shop only shows it.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ...rules.watch_the_world_die import WorldGame
from ..children import set_children
from ..fresh import Fresh
from ..panel import Panel
from ..submit_button import SubmitButton
from ..submit_text import SubmitText
from .messages import WorldMessages

__all__ = ["ResponseShop"]


class ResponseShop(Panel):
    """Buy Societal Responses with the Response Points of a Relieve It turn.

    Args:
        game: the game to play.
        messages: the table's message line (a panel of its own when ``None``).

    Attributes:
        rp: RP at the start, spent and left (``iw-wtwd-rp``).
        buttons: cost → the Response's button (``iw-wtwd-response-COST``).
        chosen: the cost of the Response picked, or ``None``.
        details, buy_button: what the picked Response is about; Enter or **Buy** buys it.
        finish_button: **Done**: the RP left become Pressure.
    """

    game: WorldGame

    def __init__(self, game: WorldGame, *, messages: WorldMessages | None = None) -> None:
        self.messages = messages if messages is not None else WorldMessages(game)
        self.chosen: int | None = None
        self.rp = widgets.HTML()
        self.rp.add_class("iw-wtwd-rp")
        self.buttons: dict[int, widgets.Button] = {}
        self.list = widgets.Box([])
        self.list.add_class("iw-wtwd-shop-list")
        self.picked = widgets.HTML()
        self.picked.add_class("iw-wtwd-picked")
        self.details = SubmitText(description="Details", placeholder="what this Response is")
        self.details.add_class("iw-wtwd-response-details")
        self.buy_button = SubmitButton(
            description="Buy",
            icon="shopping-cart",
            button_style="primary",
            tooltip="buy the picked Response with these details (or press Enter in the box)",
            text=self.details,
        )
        self.buy_button.add_class("iw-wtwd-buy")
        self.finish_button = widgets.Button(
            description="Done: RP left become Pressure",
            icon="check",
            tooltip="stop buying: the Response Points left replace Pressure",
            layout=widgets.Layout(width="auto"),
        )
        self.finish_button.add_class("iw-wtwd-finish")
        self.details.on_submit(self.messages.handler(self._buy))
        self.finish_button.on_click(self.messages.handler(lambda _b: self.game.finish_relief()))
        self.order = widgets.HBox([self.details, self.buy_button])
        super().__init__(game, [self.rp, self.list, self.picked, self.order, self.finish_button])
        self.add_class("iw-wtwd-shop")
        self._tables: Any = None
        self._shopping = False
        self.fresh = Fresh(self.details)
        """The details box and the Response picked, clean for each Relieve It turn."""
        self.fresh.also(self._unpick)
        self.refresh()
        self.follow(lambda _entries, _state: self.messages.run(self._update))

    def _update(self) -> None:
        """Redraw; when a Relieve It has just opened the shop, its first Response within
        reach takes the focus (the dice entry it came from is folded away)."""
        was_shopping = self._shopping
        self.refresh()
        if self._shopping and not was_shopping:
            first = next((b for b in self.buttons.values() if not b.disabled), None)
            if first is not None:
                first.focus()

    # ------------------------------------------------------------------ building

    def _build(self) -> None:
        """One button per Response of the tables in play (again if the tables change)."""
        tables = self.game.tables
        if tables is self._tables:
            return
        self._tables = tables
        retired = list(self.buttons.values())
        self.buttons = {}
        for response in tables.responses:
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.add_class("iw-wtwd-response")
            button.add_class(f"iw-wtwd-response-{response.cost}")
            button.on_click(self.messages.handler(lambda _b, cost=response.cost: self.choose(cost)))
            self.buttons[response.cost] = button
        set_children(self.list, self.buttons.values(), retired=retired)

    # ------------------------------------------------------------------ clicks

    def choose(self, cost: int) -> None:
        """Pick the Response of table number ``cost``; the details box takes the focus."""
        self.chosen = cost
        self.refresh()
        self.details.focus()

    def _buy(self, details: str) -> None:
        if self.chosen is None:
            self.messages.error("pick a Response first: click its button above")
            return
        self.game.buy_response(self.chosen, details)
        self.details.value = ""
        self.chosen = None

    def _unpick(self) -> None:
        self.chosen = None

    # ------------------------------------------------------------------ drawing

    def refresh(self) -> None:
        """Draw RP, the Responses (each affordable or off with its reason) and the buttons."""
        self._build()
        game = self.game
        turn = game.turn
        self.fresh.belong_to(turn.number if turn is not None else None)
        actions = {step.action for step in game.next_steps()}
        shopping = "buy_response" in actions or "finish_relief" in actions
        self._shopping = shopping
        affordable = {r.cost for r in game.affordable()}
        left = turn.rp_left if turn is not None and turn.rp_left is not None else None
        if self.chosen is not None and self.chosen not in affordable:
            self.chosen = None
        for response in game.tables.responses:
            button = self.buttons[response.cost]
            can = shopping and response.cost in affordable
            if can or not shopping:
                why = ""
            elif left is not None and response.cost > left:
                why = f" — needs {response.cost} RP, {left} left"
            else:
                why = " — not again this turn"
            mark = "✔ " if response.cost == self.chosen else ("⊘ " if shopping and not can else "")
            text = f"{mark}{response.cost} RP · {response.name}{why}"
            if button.description != text:
                button.description = text
                button.tooltip = text
            button.disabled = not can
            chosen = response.cost == self.chosen
            if chosen != ("iw-wtwd-chosen" in button._dom_classes):
                (button.add_class if chosen else button.remove_class)("iw-wtwd-chosen")
        if turn is not None and turn.rp is not None and shopping:
            self.rp.value = (
                f'<div role="status"><b>{html.escape(turn.player)}</b> relieves: '
                f"<b>{turn.rp}</b> RP · spent {turn.spent} · <b>{left} left</b></div>"
            )
        else:
            count = len(game.tables.responses)
            self.rp.value = (
                f"<div><em>A Relieve It turn rolls Response Points (2d6 + Pressure) to spend "
                f"here on {count} Societal Responses, each costing its number.</em></div>"
            )
        if self.chosen is not None:
            name = game.tables.response(self.chosen).name
            self.picked.value = f"Picked: <b>✔ {self.chosen} RP · {html.escape(name)}</b>"
        else:
            self.picked.value = "<em>Pick a Response to buy.</em>" if shopping else ""
        # Out of a Relieve It turn the list only takes room: the header says when it comes.
        for part in (self.list, self.picked, self.order, self.finish_button):
            display = None if shopping else "none"
            if part.layout.display != display:
                part.layout.display = display
        self.details.disabled = not shopping
        self.buy_button.disabled = not shopping or self.chosen is None
        self.finish_button.disabled = "finish_relief" not in actions
        if "finish_relief" in actions and left is not None:
            self.finish_button.description = f"Done: {left} RP left become Pressure"
        else:
            self.finish_button.description = "Done: RP left become Pressure"

    def close(self) -> None:
        for button in getattr(self, "buttons", {}).values():
            button.close()
        super().close()
