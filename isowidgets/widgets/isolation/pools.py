"""The pools of the conflict on show: where each die comes from, and Roll or typed faces.

Every pool is a row: who rolls it, its colour, its dice broken down by source, then,
while it waits to be rolled, the kit's :class:`~isowidgets.widgets.dice_entry.DiceEntry`
(**Roll**, or the faces rolled at the table typed in and Enter pressed: base dice first,
then one extra die per exploding face). A refused roll shows the engine's words beside
the box, and the next attempt (or any other action) clears them. Once rolled, the row
shows its dice as chips and what they read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...dice import PoolRoll
from ...rules.isolation import Colour, IsolationGame, Step
from ..dice_entry import DiceEntry
from ..messages import Messages
from .parts import ConflictView, Part, assign, auto_layout
from .views import PoolRow, pool_head_html, pool_rows, roll_html, slug

__all__ = ["PoolWidget", "PoolsPanel", "example_faces"]


_EXAMPLE = (4, 3, 1, 6, 2, 5)


def example_faces(count: int) -> str:
    """An example of typed faces with as many faces as the pool has dice (``4 3 1`` for
    three), so the hint never suggests a count the pool would refuse."""
    count = max(1, count)
    return " ".join(str(_EXAMPLE[i % len(_EXAMPLE)]) for i in range(min(count, 12))) + (
        " …" if count > 12 else ""
    )


class PoolWidget(widgets.VBox):  # type: ignore[misc]
    """One pool: where its dice come from, its chips once rolled, and a dice entry.

    Where the dice come from and the chips share one HTML widget (``head`` and
    ``chips`` are the same widget): a roll then changes one element in the page,
    and the dice are in the first message the click sends.

    Args:
        key: ``who-colour`` (``bob-green``); the entry's CSS classes are
            ``iw-roll-KEY``, ``iw-faces-KEY``, ``iw-enter-KEY``.
        game: the game whose errors the entry's message line follows.
        roll: called with the pool and the typed faces (``None``: random) to roll it.

    Attributes:
        entry: the :class:`~isowidgets.widgets.dice_entry.DiceEntry`;
            ``roll_button``, ``faces`` and ``enter_button`` are its controls.
    """

    def __init__(
        self, key: str, game: IsolationGame, roll: Callable[[PoolWidget, str | None], Any]
    ) -> None:
        self.key = key
        self.who = ""
        self.colour: Colour = "green"
        self.name = ""
        self._shown: tuple[Any, ...] = ()
        self.body = widgets.HTML()
        self.body.add_class(f"iw-chips-{key}")
        self.head = self.chips = self.body
        self.entry = DiceEntry(
            lambda faces: roll(self, faces),
            key=key,
            enter_label="Enter",
            faces_label="",
            placeholder="the faces rolled at the table",
            empty_hint="type the faces rolled at the table first",
        )
        self.entry.error.follow(game)
        self.roll_button = self.entry.roll_button
        self.faces = self.entry.faces
        self.enter_button = self.entry.enter_button
        for button in (self.roll_button, self.enter_button):
            button.layout = auto_layout()
        self.faces.layout = widgets.Layout(width="200px")
        super().__init__([self.body, self.entry], layout=widgets.Layout(padding="2px 0"))
        self.add_class("iw-pool")
        self.add_class(f"iw-pool-{key}")

    def show(self, row: PoolRow, names: dict[str, str], rollable: bool, conflict: int) -> None:
        """Show ``row`` of conflict number ``conflict``; its entry takes a roll only when
        ``rollable``. The entry belongs to this pool of this conflict: a pool of the next
        conflict (the same key) starts with an empty box and no "last roll" mark."""
        self.entry.belong_to((conflict, row.key))
        shown = (row, rollable, names.get(row.who, row.who))
        if shown == self._shown:  # nothing to send: skip even the trait validation
            return
        self._shown = shown
        self.who, self.colour = row.who, row.colour
        self.name = "the GM" if row.who == "GM" else names.get(row.who, row.who)
        chips = roll_html(self.name, row.colour, row.roll) if row.roll else ""
        assign(self.body, value=pool_head_html(row, names) + chips)
        rolled = row.roll is not None
        assign(self.entry.layout, display="none" if rolled else "")
        if not rolled:  # hidden controls keep their state: fewer messages per roll
            self.entry.disabled = not rollable
            example = example_faces(row.count)
            self.entry.empty_hint = (
                f"type the faces {self.name} rolled at the table first, base dice then each "
                f"extra die, e.g. {example}"
            )
            tip = f"{self.name}'s {row.colour} dice"
            assign(self.roll_button, tooltip=f"Roll {tip} at random")
            assign(self.faces, placeholder=f"{tip}, e.g. {example}")

    def close(self) -> None:
        if hasattr(self, "entry"):
            self.entry.close()
        super().close()


class PoolsPanel(Part):
    """Every pool of the conflict on show, *Roll all ready pools*, and the first reading.

    Attributes:
        pools: the :class:`PoolWidget` rows (a VBox).
        widgets_by_key: each pool's row by ``who-colour`` key, kept from render to render.
        roll_ready_button: rolls every pool that can be rolled now (typed faces where given).
        first_reading: the first interpretation's AP_odds, once read (ISO-R23).
    """

    def __init__(
        self, game: IsolationGame, messages: Messages, *, done: Callable[[], None] | None = None
    ) -> None:
        self.widgets_by_key: dict[str, PoolWidget] = {}
        self.roll_ready_button = widgets.Button(
            description="Roll all ready pools",
            icon="cubes",
            layout=auto_layout(align_self="flex-start"),
            tooltip="rolls every pool that can be rolled now; typed faces are used where given",
        )
        self.roll_ready_button.add_class("iw-roll-ready")
        self.pools = widgets.VBox()
        self.pools.add_class("iw-pools")
        self.first_reading = widgets.HTML()
        self.first_reading.add_class("iw-first-reading")
        super().__init__(
            game, messages, [self.roll_ready_button, self.pools, self.first_reading], done=done
        )
        self.add_class("iw-pools-part")
        self.roll_ready_button.on_click(self.handler(lambda _b: self.roll_ready()))

    # ------------------------------------------------------------------ engine calls

    def roll_pool(self, pool: PoolWidget, faces: str | None) -> PoolRoll:
        """The dice entry's callback: roll one pool (``faces=None``) or take typed faces.

        The entry shows a refusal beside its box; when the roll goes through, the
        panel's last message is cleared and the focus moves to the next step.
        """
        result = self.game.roll(pool.who, pool.colour, faces)
        self.messages.clear()
        self.done()
        return result

    def roll_ready(self) -> list[PoolRoll]:
        """Roll every ready pool (typed faces are used where a pool has some)."""
        typed: dict[str, dict[str, str]] = {}
        for pool in self.widgets_by_key.values():
            if pool.faces.value.strip() and not pool.faces.disabled:
                typed.setdefault(pool.who, {})[pool.colour] = pool.faces.value.strip()
        rolled = self.game.roll_ready(typed or None)
        for pool in self.widgets_by_key.values():
            pool.faces.value = ""
        return rolled

    # ------------------------------------------------------------------ drawing

    def render(self, view: ConflictView) -> None:
        shown = view.shown
        c = view.conflict
        # A closed conflict's dice are in its breakdown (see the resolution part).
        visible = c is not None and not c.automatic
        assign(self.layout, display="" if visible else "none")
        assign(self.roll_ready_button.layout, display="" if visible else "none")
        assign(self.roll_ready_button, disabled=view.allowed("roll") is None)
        if shown is None or not visible:
            return
        ready = {(s.actor, s.options[0]) for s in view.steps if s.action == "roll"}
        children = []
        for row in pool_rows(view.state, shown):
            pool = self.widgets_by_key.get(row.key)
            if pool is None:
                pool = PoolWidget(row.key, self.game, self.roll_pool)
                self.widgets_by_key[row.key] = pool
            pool.show(row, view.names, (row.who, row.colour) in ready, shown.number)
            children.append(pool)
        if tuple(children) != tuple(self.pools.children):
            self.pools.children = tuple(children)
        first = shown.first
        assign(
            self.first_reading,
            value=(
                '<div class="iw-status"><b>First interpretation:</b> the Active Player\'s '
                f"odds: {first.ap_red_odds} red odds − {first.ap_green_evens} green evens "
                f"(never below 0) = <b>{first.ap_odds}</b> (ISO-R23)</div>"
            )
            if first is not None
            else "",
        )

    def control_for(self, step: Step) -> Any:
        if step.action != "roll":
            return None
        pool = self.widgets_by_key.get(f"{slug(step.actor or '')}-{step.options[0]}")
        return pool.faces if pool is not None else None
