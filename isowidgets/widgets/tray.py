"""The dice tray panel: roll any pool or type in the faces from the table.

Used by the tour notebook, and the first panel built from the shared table kit: a
:class:`~.dice_entry.DiceEntry` (Roll, or faces typed with Enter), a
:class:`~.toolbar.SessionToolbar` (undo, redo, note, export), a
:class:`~.messages.Messages` line that clears itself, and a paged
:class:`~.log.LogView`. The panel only reads its inputs, calls
:meth:`isowidgets.tray.DiceTray.roll`, and shows what the journal recorded.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..dice import Pool, PoolRoll, die_named, parse_faces
from ..journal import Entry, Kept, Rolled
from ..tray import DiceTray
from .chips import roll_chips
from .dice_entry import DiceEntry
from .gm import HeldBack
from .i18n import english
from .log import LogView
from .messages import Messages
from .panel import Panel
from .timeline import Timeline
from .toolbar import SessionToolbar

__all__ = ["LatestRolls", "TrayPanel"]

_DICE = ["d4", "d6", "d8", "d10", "d12", "d20", "dF"]

TIMELINE_ROLLS = 100
"""How many of the latest rolls the tray's plot draws (at most half as many again
before the older ones leave it): an append then costs the same at the 100th roll and
at the 10,000th (see :class:`~.timeline.Timeline`'s window)."""

_TIMELINE_TITLE = "Rolls this session"

_EXPLODE_HINT = "e.g. 6"
_NO_FUDGE_EXPLOSIONS = "Fudge dice never explode"


class LatestRolls(Kept):
    """The rolls in force, kept as the journal grows (a :class:`~isowidgets.journal.kept.Kept`):
    the latest ``most`` entries that rolled, and how many came before them.

    Attributes:
        latest: the latest entries holding a :class:`~isowidgets.journal.events.Rolled`, oldest
            first.
        older: how many rolls in force came before them.
    """

    def __init__(self, most: int) -> None:
        super().__init__()
        self.latest: deque[Entry] = deque(maxlen=most)
        self.older = 0

    def reset(self) -> None:
        self.latest.clear()
        self.older = 0

    def read(self, entry: Entry) -> None:
        if isinstance(entry.event, Rolled):
            if len(self.latest) == self.latest.maxlen:
                self.older += 1
            self.latest.append(entry)

    def refold(self, entries: list[Entry]) -> None:
        rolled = [entry for entry in entries if isinstance(entry.event, Rolled)]
        self.latest.extend(rolled[-(self.latest.maxlen or 0) :])
        self.older = len(rolled) - len(self.latest)


class TrayPanel(Panel):
    """Roll or type in a pool; see its chips, the session log and a growing plot.

    Args:
        game: the :class:`~isowidgets.tray.DiceTray` to roll on.
        export_dir: where the toolbar's **Export log** writes.
        log_rows: how many events a page of the log shows.

    Attributes:
        die, count, explode, purpose: the pool's form.
        entry: the :class:`~.dice_entry.DiceEntry` (``roll_button``, ``faces`` and
            ``enter_button`` are its controls, kept here under the same names).
        toolbar: the :class:`~.toolbar.SessionToolbar` (``undo_button`` is its).
        messages: the panel's message line (the toolbar reports there).
        result: the last roll's chips and reading.
        timeline: the plot of every roll's total.
        log_view: the paged :class:`~.log.LogView`.
    """

    game: DiceTray

    def __init__(
        self, game: DiceTray, *, export_dir: str | Path = "exports", log_rows: int = 12
    ) -> None:
        self.die = widgets.Dropdown(options=_DICE, value="d6", description="Die")
        self.count = widgets.IntText(value=3, description="How many")
        self.explode = widgets.Text(value="6", description="Explode on", placeholder=_EXPLODE_HINT)
        self.purpose = widgets.Text(description="For", placeholder="what the roll is for")
        self.purpose.add_class("iw-purpose")
        self.entry = DiceEntry(self._roll)
        self.roll_button = self.entry.roll_button
        self.faces = self.entry.faces
        self.enter_button = self.entry.enter_button
        self.messages = Messages(game)
        self.held = HeldBack(game, key="tray")
        self.toolbar = SessionToolbar(game, messages=self.messages, export_dir=export_dir)
        self.undo_button = self.toolbar.undo_button
        self.result = widgets.HTML("<em>No roll yet.</em>")
        self.result.add_class("iw-result")
        self.timeline = Timeline(
            title=_TIMELINE_TITLE,
            x_title="roll number",
            y_title="total",
            height=300,
            window=TIMELINE_ROLLS,
        )
        self.log_view = LogView(game, rows=log_rows)
        self._rolls = 0
        self._rolled = LatestRolls(TIMELINE_ROLLS)
        """The rolls in force (the latest drawn, the older ones counted), kept as the
        journal grows: the plot is refilled from it after an undo or a redo."""
        self._explode_kept = self.explode.value
        self.die.observe(self._on_die, names="value")
        self._on_die()
        # The faces belong to the pool the form describes: another pool starts clean.
        for box in (self.die, self.count, self.explode):
            box.observe(self._pool_changed, names="value")
        self._pool_changed()

        form = widgets.VBox(
            [
                widgets.HBox([self.die, self.count]),
                widgets.HBox([self.explode, self.purpose]),
                self.entry,
                self.held,
                self.toolbar,
            ]
        )
        super().__init__(
            game, [form, self.messages, self.result, self.timeline.figure, self.log_view]
        )
        self.add_class("iw-tray")
        self._rebuild_timeline()
        self.follow(self._on_actions)

    # ------------------------------------------------------------------ clicks

    def pool(self) -> Pool:
        """The pool the form describes (the caps are checked when it is rolled).

        Fudge dice never explode: the "Explode on" box is switched off for dF and
        its text ignored, so a 6 left there from a d6 adds no explosions.
        """
        die = die_named(self.die.value)
        explode_text = "" if die.is_fudge else self.explode.value.strip()
        explode = frozenset(parse_faces(explode_text, die)) if explode_text else frozenset()
        # The purpose goes in the journal once, as the roll's purpose: as the pool's
        # label too, the log would read "Bob argues: Bob argues: 5×d6 …".
        return Pool(die, self.count.value, explode)

    def _roll(self, faces: str | None) -> PoolRoll:
        """The dice entry's callback: roll the form's pool, random or with typed faces."""
        return self.game.roll(self.pool(), faces, purpose=self.purpose.value.strip())

    def _on_die(self, _change: Any = None) -> None:
        """Switch "Explode on" off for Fudge dice, showing why; give its text back after."""
        fudge = die_named(self.die.value).is_fudge
        if fudge == self.explode.disabled:
            return
        if fudge:
            self._explode_kept = self.explode.value
            self.explode.value = ""
        else:
            self.explode.value = self._explode_kept
        self.explode.placeholder = _NO_FUDGE_EXPLOSIONS if fudge else _EXPLODE_HINT
        self.explode.disabled = fudge

    def _pool_changed(self, _change: Any = None) -> None:
        self.entry.belong_to((self.die.value, self.count.value, self.explode.value.strip()))

    # ------------------------------------------------------------------ views

    def _show(self, event: Rolled, *, gm: bool = False) -> None:
        """The roll's dice and reading; a GM-only roll says so (as the log marks it)."""
        roll = event.roll
        parity = self.game.settings.read_parity and not roll.pool.die.is_fudge
        counts = (lambda f: f % 2 == 0) if parity else None
        mark = f'<span class="iw-badge iw-gm-mark">{english("kit.log.gm")}</span>' if gm else ""
        self.result.value = (
            roll_chips(roll, counts=counts, label=event.purpose or roll.pool.label or "roll")
            + f"<div>{mark}<b>{event.reading}</b></div>"
        )

    def _point(self, event: Rolled) -> None:
        self._points([event])

    def _points(self, events: Sequence[Rolled]) -> None:
        """Add the rolls' points, one append per trace (a point at a time would copy each
        trace once per point: minutes for a session of thousands of rolls)."""
        grouped: dict[str, list[tuple[int, int, str]]] = {}
        for event in events:
            self._rolls += 1
            grouped.setdefault(event.roll.source, []).append(
                (self._rolls, event.roll.total, event.describe())
            )
        with self.timeline.batch():
            for source, points in grouped.items():
                self.timeline.append(
                    f"{source} rolls",
                    points,
                    symbol="circle" if source == "random" else "square",
                    mode="markers",
                )
            self._title()

    def _title(self) -> None:
        """The plot's title, saying from which roll on it draws once older ones left it."""
        self.timeline.titled(_TIMELINE_TITLE, lambda n: f"{_TIMELINE_TITLE}, from roll {n} on")

    def _rebuild_timeline(self) -> None:
        """Refill the plot and the latest roll from the rolls in force."""
        self._rolled.follow(self.game.journal)
        kept = self._rolled
        with self.timeline.batch():  # the whole refill is one message to the browser
            # Only the latest rolls are drawn: the older ones are counted, not described.
            self.timeline.reset(slid=kept.older > 0)
            self._rolls = kept.older
            self._points([entry.event for entry in kept.latest if isinstance(entry.event, Rolled)])
        last = kept.latest[-1] if kept.latest else None
        if last is not None and isinstance(last.event, Rolled):
            self._show(last.event, gm=last.gm)
        else:
            self.result.value = "<em>No roll yet.</em>"

    def _on_actions(self, entries: Sequence[Entry], _state: Any) -> None:
        if self._rolled.follow(self.game.journal):  # an undo or a redo changed history
            self._rebuild_timeline()
            return
        for entry in entries:
            if isinstance(entry.event, Rolled):
                self._point(entry.event)
                self._show(entry.event, gm=entry.gm)

    def close(self) -> None:
        for part in ("log_view", "toolbar", "entry", "messages", "held"):
            if hasattr(self, part):
                getattr(self, part).close()
        super().close()
