"""The Difficulty and *Resolve*, then the result: first in one line, the breakdown on demand.

:class:`ResolutionPanel` holds the GM's Difficulty (T-ISO-1 names) and the *Resolve*
button, each enabled when the engine's next steps offer it. :class:`ResultPanel` shows
the degree with its glyph and margin, the team's evens against the opposing odds and
the consequences (Stress, temporary links, wounds) in a few lines; the whole breakdown
(the arithmetic step by step, every pool's faces, every stance's reason) stays folded
behind a **Show the breakdown** button (``aria-expanded``, Enter or Space), so a
finished conflict takes a few lines of the screen, not a page.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...journal import Entry
from ...rules.isolation import DIFFICULTY_NAMES, Conflict, IsolationGame, Step
from ..messages import Messages
from ..toggle import PressToggle
from .parts import ConflictView, Part, assign
from .views import LastConflict, consequences, degree_badge, explanation_html

__all__ = ["ResolutionPanel", "ResultPanel"]

_RESULT_KINDS = frozenset({"conflict_resolved", "wounds_assigned", "retcon"})
"""Actions after which the last conflict's consequences are read from the journal again."""


class ResolutionPanel(Part):
    """The Difficulty the GM sets and the *Resolve* button.

    Attributes:
        difficulty, set_difficulty_button, difficulty_status: the Difficulty (T-ISO-1).
        resolve_button: reads the second interpretation.
    """

    def __init__(
        self, game: IsolationGame, messages: Messages, *, done: Callable[[], None] | None = None
    ) -> None:
        self.difficulty = widgets.Dropdown(
            options=[(f"{name} ({n})", n) for n, name in DIFFICULTY_NAMES.items()],
            value=3,
            description="Difficulty",
            layout=widgets.Layout(width="230px"),
        )
        self.difficulty.add_class("iw-difficulty")
        self.set_difficulty_button = widgets.Button(
            description="Set Difficulty",
            icon="flag",
            layout=widgets.Layout(width="auto"),
            tooltip="the GM sets the task's Difficulty (ISO-R27)",
        )
        self.set_difficulty_button.add_class("iw-set-difficulty")
        self.difficulty_status = widgets.HTML()
        self.difficulty_status.add_class("iw-difficulty-status")
        self.resolve_button = widgets.Button(
            description="Resolve",
            button_style="warning",
            icon="balance-scale",
            layout=widgets.Layout(width="auto"),
            tooltip="the second interpretation: pooled evens against the opposing odds",
        )
        self.resolve_button.add_class("iw-resolve")
        row = widgets.HBox(
            [
                self.difficulty,
                self.set_difficulty_button,
                self.difficulty_status,
                self.resolve_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__(game, messages, [row], done=done)
        self.add_class("iw-resolution")
        self.set_difficulty_button.on_click(
            self.handler(lambda _b: self.game.set_difficulty(self.difficulty.value))
        )
        self.resolve_button.on_click(self.handler(lambda _b: self.game.resolve()))

    def render(self, view: ConflictView) -> None:
        c = view.conflict
        assign(self.layout, display="" if c is not None and not c.wounds_left else "none")
        nothing = view.allowed("set_difficulty") is None
        assign(self.set_difficulty_button, disabled=nothing)
        assign(self.difficulty, disabled=nothing)
        direct = c is not None and c.mode == "direct" and c.difficulty is None and nothing
        automatic = c is not None and c.automatic
        for w in (self.difficulty, self.set_difficulty_button):
            assign(w.layout, display="none" if direct or automatic else "")
        current = c.difficulty if c is not None else None
        assign(
            self.difficulty_status,
            value=f"set: <b>{DIFFICULTY_NAMES[current]} ({current})</b>" if current else "",
        )
        assign(self.resolve_button, disabled=view.allowed("resolve") is None)

    def control_for(self, step: Step) -> Any:
        if step.action == "set_difficulty":
            return self.difficulty
        if step.action == "resolve":
            return self.resolve_button
        return None


class ResultPanel(Part):
    """The result of the conflict on show: one line and its consequences, then the
    breakdown behind a disclosure button.

    Attributes:
        result: the degree (glyph, name, margin), the evens against the odds, and the
            consequences (CSS class ``iw-result``).
        breakdown_toggle: **Show the breakdown** / **Hide the breakdown**
            (a :class:`~isowidgets.widgets.toggle.PressToggle` with ``aria-expanded``).
        breakdown: the engine's explanation: every step, pool and stance
            (``iw-breakdown``), shown while the toggle is on.
    """

    def __init__(self, game: IsolationGame, messages: Messages) -> None:
        self._last = LastConflict()
        """The latest conflict resolved and its events, kept as the journal grows."""
        self._last.follow(game.journal)
        self._number: int | None = None
        self.result = widgets.HTML()
        self.result.add_class("iw-result")
        self.breakdown_toggle = PressToggle(
            "Show the breakdown",
            mode="expand",
            on_label="Hide the breakdown",
            tooltip="every step of the arithmetic, every pool's faces and every stance's reason",
            controls="iw-breakdown",
        )
        self.breakdown_toggle.add_class("iw-breakdown-toggle")
        self.breakdown = widgets.HTML(layout=widgets.Layout(display="none"))
        self.breakdown.add_class("iw-breakdown")
        super().__init__(game, messages, [self.result, self.breakdown_toggle, self.breakdown])
        self.add_class("iw-result-part")
        self.breakdown_toggle.on_change(self._toggled)

    def _toggled(self, shown: bool) -> None:
        assign(self.breakdown.layout, display="" if shown else "none")

    def entries_seen(self, entries: list[Entry]) -> None:
        """Read the last conflict's consequences again after an action that may change
        them: what was appended since (the whole journal only after an undo or a redo)."""
        if any(entry.kind in _RESULT_KINDS for entry in entries):
            self._last.follow(self.game.journal)

    def render(self, view: ConflictView) -> None:
        shown = view.shown
        if shown is None or shown.explanation is None:
            assign(self.layout, display="none")
            assign(self.result, value="")
            assign(self.breakdown, value="")
            self._number = None
            return
        assign(self.layout, display="")
        if shown.number != self._number:  # a new result starts folded
            self._number = shown.number
            self.breakdown_toggle.value = False
        assign(self.result, value=self._result_html(shown, view.names))
        assign(self.breakdown, value=explanation_html(shown.explanation, view.names))

    def _result_html(self, shown: Conflict, names: dict[str, str]) -> str:
        explanation = shown.explanation
        assert explanation is not None
        last = self._last
        after = consequences(last.events) if last.number == shown.number else []
        if explanation.margin is None:
            line = html.escape(explanation.steps[0]) if explanation.steps else ""
        else:
            line = (
                f"team evens <b>{explanation.team_evens}</b> against "
                f"<b>{explanation.opposition_odds}</b> opposing odds"
            )
        items = "".join(f"<li>{html.escape(text)}</li>" for text in after)
        listed = (
            f'<div class="iw-status"><b>Consequences:</b><ul>{items}</ul></div>'
            if items
            else '<div class="iw-status"><b>Consequences:</b> none (no Stress change, '
            "no temporary links)</div>"
        )
        badge = degree_badge(explanation.degree, explanation.margin)
        return (
            f'<div class="iw-result-line" role="status"><b>Conflict {shown.number}:</b> {badge} '
            f"<span>{line}</span></div>{listed}"
        )
