"""The dice tray panel: roll any pool or type in the faces from the table.

Used by the tour notebook. The panel only reads its inputs, calls
:meth:`isowidgets.tray.DiceTray.roll`, and shows what the journal recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..dice import Pool, PoolRoll, die_named, parse_faces
from ..errors import DiceError
from ..journal import Entry, Rolled
from ..tray import DiceTray
from .common import JournalTable, Messages, Panel, Timeline, guard, roll_chips

__all__ = ["TrayPanel"]

_DICE = ["d4", "d6", "d8", "d10", "d12", "d20", "dF"]


class TrayPanel(Panel):
    """Roll or type in a pool; see its chips, the session log and a growing plot.

    Args:
        game: the :class:`~isowidgets.tray.DiceTray` to roll on.
        export_dir: where the log's export buttons write.
    """

    game: DiceTray

    def __init__(self, game: DiceTray, *, export_dir: str | Path = "exports") -> None:
        self.die = widgets.Dropdown(options=_DICE, value="d6", description="Die")
        self.count = widgets.IntText(value=3, description="How many")
        self.explode = widgets.Text(value="6", description="Explode on", placeholder="e.g. 6")
        self.purpose = widgets.Text(description="For", placeholder="what the roll is for")
        self.roll_button = widgets.Button(description="Roll", button_style="primary", icon="cube")
        self.roll_button.add_class("iw-roll")
        self.faces = widgets.Text(
            description="Faces", placeholder="typed at the table, e.g. 5 4 6 2"
        )
        self.faces.add_class("iw-faces")
        self.enter_button = widgets.Button(description="Enter faces", icon="keyboard-o")
        self.enter_button.add_class("iw-enter")
        self.undo_button = widgets.Button(description="Undo last", icon="undo")
        self.undo_button.add_class("iw-undo")
        self.result = widgets.HTML("<em>No roll yet.</em>")
        self.result.add_class("iw-result")
        self.messages = Messages()
        self.timeline = Timeline(
            title="Rolls this session", x_title="roll number", y_title="total", height=300
        )
        self.journal_table = JournalTable(game, export_dir=export_dir)

        self.roll_button.on_click(guard(self.messages)(lambda _b: self._roll(typed=False)))
        self.enter_button.on_click(guard(self.messages)(lambda _b: self._roll(typed=True)))
        self.undo_button.on_click(guard(self.messages)(lambda _b: self.game.undo()))
        self._rolls = 0

        form = widgets.VBox(
            [
                widgets.HBox([self.die, self.count]),
                widgets.HBox([self.explode, self.purpose]),
                widgets.HBox([self.roll_button, self.undo_button]),
                widgets.HBox([self.faces, self.enter_button]),
            ]
        )
        super().__init__(
            game, [form, self.messages, self.result, self.timeline.figure, self.journal_table]
        )
        self.add_class("iw-tray")
        self._rebuild_timeline()
        self.follow(self._on_actions)

    # ------------------------------------------------------------------ clicks

    def pool(self) -> Pool:
        """The pool the form describes (the caps are checked when it is rolled)."""
        die = die_named(self.die.value)
        explode_text = self.explode.value.strip()
        explode = frozenset(parse_faces(explode_text, die)) if explode_text else frozenset()
        return Pool(die, self.count.value, explode, label=self.purpose.value.strip())

    def _roll(self, *, typed: bool) -> PoolRoll:
        faces = self.faces.value if typed else None
        if typed and not self.faces.value.strip():
            raise DiceError("type the faces rolled at the table first, e.g. 5 4 6 2")
        roll = self.game.roll(self.pool(), faces, purpose=self.purpose.value.strip())
        self.messages.clear()
        if typed:
            self.faces.value = ""
        return roll

    # ------------------------------------------------------------------ views

    def _show(self, event: Rolled) -> None:
        roll = event.roll
        parity = self.game.settings.read_parity and not roll.pool.die.is_fudge
        counts = (lambda f: f % 2 == 0) if parity else None
        self.result.value = (
            roll_chips(roll, counts=counts, label=event.purpose or "roll")
            + f"<div><b>{event.reading}</b></div>"
        )

    def _point(self, event: Rolled) -> None:
        self._rolls += 1
        source = event.roll.source
        self.timeline.append(
            f"{source} rolls",
            [(self._rolls, event.roll.total, event.roll.describe())],
            symbol="circle" if source == "random" else "square",
            mode="markers",
        )

    def _rebuild_timeline(self) -> None:
        self._rolls = 0
        last: Rolled | None = None
        with self.timeline.batch():  # the whole refill is one message to the browser
            self.timeline.reset()
            for entry in self.game.journal.effective():
                if isinstance(entry.event, Rolled):
                    self._point(entry.event)
                    last = entry.event
        if last is not None:
            self._show(last)
        else:
            self.result.value = "<em>No roll yet.</em>"

    def _on_actions(self, entries: Sequence[Entry], _state: Any) -> None:
        if any(entry.kind == "retcon" for entry in entries):
            self._rebuild_timeline()
            return
        for entry in entries:
            if isinstance(entry.event, Rolled):
                self._point(entry.event)
                self._show(entry.event)

    def close(self) -> None:
        if hasattr(self, "journal_table"):
            self.journal_table.close()
        super().close()
