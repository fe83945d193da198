"""The GM's bar: the scene at a glance, Stress, the threat, rulings, and the session toolbar.

* **Stress** is a track between the house rules' bounds (the level now marked ``▶``
  and "now"); it moves 1–3 per event with a reason (ISO-R35); before play starts the
  scenario's starting Stress (1–3, ISO-R36) can be set.
* **Threat present** matters at Stress 0: with a threat, conflicts are rolled as
  normal (ISO-R37, ISO-A21).
* **Rulings** outside a conflict: the threat wounds a character (with injury
  links, ISO-R40) or kills one (ISO-R44: red links erased, labeled greens shared
  out as temporary greens). When the share leaves greens for the GM to place
  (ISO-A24), a small form asks where.
* The kit's :class:`~isowidgets.widgets.toolbar.SessionToolbar`, the table's one:
  **Undo** / **Redo** take back or restore the latest action through a retcon in the
  journal (every panel then redraws from the rebuilt state), a **note** goes into the
  log, and **Export log** writes it as Markdown, CSV or JSON.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ...journal import SessionStarted
from ...rules.isolation import IsolationGame, IsolationState
from ..messages import Messages
from ..numbers import plural
from ..panel import Panel, set_options
from ..toggle import PressToggle
from ..toolbar import SessionToolbar
from ..track import Track
from .views import HEALTH_MARK, isolation_style, slug

__all__ = ["STRESS_MARKS", "ScenePanel"]

STRESS_MARKS = {0: "no rolls unless threatened"}
"""What a Stress level means, written under its rung on the track (ISO-R37)."""


class ScenePanel(Panel):
    """The scene's status line, the Stress track, the GM's controls and the session toolbar.

    Args:
        game: the game.
        export_dir: where the toolbar's **Export log** writes.

    Attributes:
        stress_track: the Stress :class:`~isowidgets.widgets.track.Track` (a counter
            drawn as numbered rungs between the house rules' bounds).
        toolbar: the :class:`~isowidgets.widgets.toolbar.SessionToolbar` (``undo_button``
            and ``redo_button`` are its).
        messages: the bar's message line, where the toolbar reports too.
    """

    game: IsolationGame

    def __init__(self, game: IsolationGame, *, export_dir: str | Path = "exports") -> None:
        self.messages = Messages(game)
        run = self.messages.handler
        self.status = widgets.HTML()
        self.status.add_class("iw-scene-status")
        self.amount = widgets.Dropdown(
            options=[1, 2, 3],
            value=1,
            description="by",
            layout=widgets.Layout(width="110px"),
            style={"description_width": "24px"},
        )
        self.amount.add_class("iw-stress-amount")
        self.reason = widgets.Text(
            description="because",
            placeholder="e.g. strange noises on the roof",
            layout=widgets.Layout(width="330px"),
        )
        self.reason.add_class("iw-stress-reason")
        self.up = widgets.Button(description="Stress +", icon="arrow-up", layout=_w("100px"))
        self.up.add_class("iw-stress-up")
        self.down = widgets.Button(description="Stress −", icon="arrow-down", layout=_w("100px"))
        self.down.add_class("iw-stress-down")
        self.start = widgets.Dropdown(
            options=[1, 2, 3],
            value=1,
            description="start at",
            layout=widgets.Layout(width="150px"),
        )
        self.start.add_class("iw-start-stress")
        self.set_start = widgets.Button(description="Set starting Stress", layout=_w("160px"))
        self.set_start.add_class("iw-set-start-stress")
        self.start_box = widgets.HBox([self.start, self.set_start])
        self.threat = PressToggle(
            "⚠ threat present",
            tooltip="something threatens right now: at Stress 0 conflicts are still rolled",
        )
        self.threat.add_class("iw-threat")
        settings = game.state.settings
        self.stress_track = Track.counter(
            "Stress",
            game.state.stress,
            low=settings.stress_min,
            high=settings.stress_max,
            marks=STRESS_MARKS,
            rungs=True,
            css_class="iw-stress-track",
        )
        self.toolbar = SessionToolbar(game, messages=self.messages, export_dir=export_dir)
        self.undo_button = self.toolbar.undo_button
        self.redo_button = self.toolbar.redo_button
        self.who = widgets.Dropdown(description="Ruling", layout=widgets.Layout(width="220px"))
        self.who.add_class("iw-gm-character")
        self.ruling = widgets.Text(
            description="what happens",
            placeholder="e.g. the window gives way",
            layout=widgets.Layout(width="360px"),
            style={"description_width": "initial"},
        )
        self.ruling.add_class("iw-gm-reason")
        self.injure_button = widgets.Button(description="Injure", icon="medkit", layout=_w("90px"))
        self.injure_button.add_class("iw-injure")
        self.kill_button = widgets.Button(
            description="Kill", icon="times-circle", button_style="danger", layout=_w("90px")
        )
        self.kill_button.add_class("iw-kill")
        self.greens_title = widgets.HTML()
        self.greens_pairs: dict[tuple[str, str], widgets.Checkbox] = {}
        self.greens_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.place_button = widgets.Button(description="Place the greens", icon="link")
        self.place_button.add_class("iw-place-greens")
        self.greens = widgets.VBox([self.greens_title, self.greens_box, self.place_button])
        self.greens.add_class("iw-death-greens")

        self.up.on_click(run(lambda _b: self.adjust(+1)))
        self.down.on_click(run(lambda _b: self.adjust(-1)))
        self.set_start.on_click(run(lambda _b: self.game.set_starting_stress(self.start.value)))
        self.threat.observe(run(self._threat_changed), names=["value"])
        self.injure_button.on_click(run(lambda _b: self.injure()))
        self.kill_button.on_click(run(lambda _b: self.kill()))
        self.place_button.on_click(run(lambda _b: self.place_greens()))
        self._quiet = False
        self._greens_for: str | None = None
        """The dead character whose greens the form places (``None`` while it is hidden)."""

        super().__init__(
            game,
            [
                isolation_style(),
                self.status,
                self.stress_track,
                widgets.HBox(
                    [self.down, self.up, self.amount, self.reason, self.threat],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.start_box,
                widgets.HBox(
                    [self.who, self.ruling, self.injure_button, self.kill_button],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.greens,
                self.toolbar,
                self.messages,
            ],
        )
        self.add_class("iw-scene")
        self.render()
        self.follow(run(lambda _entries, _state: self.render()))

    @property
    def state(self) -> IsolationState:
        return self.game.state

    def title(self) -> str:
        first = self.game.journal.entries[0].event if len(self.game.journal) else None
        return first.title if isinstance(first, SessionStarted) and first.title else "Isolation"

    def adjust(self, sign: int) -> None:
        """Move Stress by the chosen amount, up or down, with the reason typed (ISO-R35)."""
        delta = sign * int(self.amount.value)
        reason = self.reason.value.strip() or ("something stressful" if sign > 0 else "relief")
        entries = self.game.adjust_stress(delta, reason)
        self.reason.value = ""
        if not entries:  # the engine held Stress at a bound (ISO-A18): say so
            settings = self.state.settings
            bound = (
                f"its highest (stress_max {settings.stress_max})"
                if sign > 0
                else f"its lowest (stress_min {settings.stress_min})"
            )
            self.messages.info(f"Stress is already {self.state.stress}, {bound}: nothing changed")

    def _threat_changed(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.game.set_threat(bool(change["new"]))

    def injure(self) -> None:
        """The threat wounds the character chosen, for the reason typed (ISO-R40)."""
        self.game.injure(self.who.value, self.ruling.value or "the threat strikes")

    def kill(self) -> None:
        """The character chosen dies by the GM's ruling (ISO-R44)."""
        self.game.kill(self.who.value, self.ruling.value or "killed by the threat")

    def place_greens(self) -> None:
        pending = self.state.pending_greens
        if not pending:
            return
        pairs = [pair for pair, box in self.greens_pairs.items() if box.value]
        self.game.place_death_greens(pending[0].dead, pairs)

    def render(self) -> None:
        state = self.state
        names = {c.id: c.name for c in state.characters}
        c = state.conflict
        phase = (
            f"conflict {c.number} in progress"
            if c is not None
            else ("between sessions" if state.interlude else "no conflict")
        )
        healths = " ".join(
            f"{html.escape(ch.name)}&nbsp;{HEALTH_MARK[ch.health]}" for ch in state.characters
        )
        self.status.value = (
            f'<div class="iw-status"><b style="font-size:1.15em">{html.escape(self.title())}'
            f"</b> · Session <b>{state.session}</b> · <b>Stress {state.stress}</b> · "
            f"{'<b>⚠ threat present</b>' if state.threat else 'no threat'} · "
            f"living {len(state.living)} of {len(state.characters)} · {phase}"
            f"<br><small>{healths}</small></div>"
        )
        self._draw_stress(state)
        self._quiet = True
        try:
            self.threat.value = state.threat
        finally:
            self._quiet = False
        self.start_box.layout.display = "none" if state.play_started else ""
        if not state.play_started and state.stress in (1, 2, 3):
            self.start.value = state.stress
        living = [(ch.name, ch.id) for ch in state.living]
        set_options(self.who, living)
        if not state.pending_greens:
            self.greens.layout.display = "none"
            self._greens_for = None
            return
        self.greens.layout.display = ""
        pending = state.pending_greens[0]
        fresh = self._greens_for != pending.dead  # a new death's form starts unticked
        self._greens_for = pending.dead
        self.greens_title.value = (
            f'<div class="iw-status"><b>{html.escape(names.get(pending.dead, pending.dead))}'
            f"'s {plural(pending.count, 'leftover green link')}</b> "
            f"{'waits' if pending.count == 1 else 'wait'} for the GM (ISO-A24): tick "
            f"{plural(pending.count, 'pair')}.</div>"
        )
        boxes = {}
        for a, b in state.living_pairs():
            box = self.greens_pairs.get((a, b))
            if box is None:
                box = widgets.Checkbox(
                    description=f"{names.get(a, a)} – {names.get(b, b)}",
                    indent=False,
                    layout=_w("auto"),
                )
                box.add_class(f"iw-greens-{slug(a)}-{slug(b)}")
            elif fresh:
                box.value = False
            boxes[(a, b)] = box
        self.greens_pairs = boxes
        self.greens_box.children = tuple(boxes.values())

    def _draw_stress(self, state: IsolationState) -> None:
        """Move the Stress track (its rungs follow the house rules' bounds)."""
        self.stress_track.bound(state.settings.stress_min, state.settings.stress_max)
        self.stress_track.set(state.stress)

    def close(self) -> None:
        if hasattr(self, "toolbar"):
            self.toolbar.close()
        super().close()


def _w(width: str) -> widgets.Layout:
    return widgets.Layout(width=width)
