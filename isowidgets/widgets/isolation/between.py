"""Between sessions: end the session, roll pairs, settle their outcomes, recover.

At a session's end each pair of characters *may* roll their green links against
their red links (ISO-R45). More evens lets them erase a labeled red link or add a
labeled green one (or do nothing); more odds makes them erase a labeled green link
or add a labeled red one. Erasing injury links is how the injured recover
(ISO-R46): the engine moves them up a level once a level's links are all gone,
Dying links first. The outcome choices and the links an erase may take come from
:meth:`IsolationGame.pair_outcomes`; the map shows every change at once.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import partial
from typing import Any

import ipywidgets as widgets

from ...journal import Entry, Retcon
from ...rules.isolation import HEALTH_LADDER, IsolationGame, IsolationState, counts
from ...rules.isolation.events import HealthChanged, PairOutcome, PairRolled, SessionEnded
from ..common import Messages, Panel, guard, roll_chips, set_options
from .views import edge_text, isolation_style

__all__ = ["BetweenSessions"]

OUTCOME_WORDS = {
    "erase_red": "erase a labeled red link",
    "add_green": "add a labeled green link",
    "nothing": "leave things as they are",
    "erase_green": "erase a labeled green link",
    "add_red": "add a labeled red link",
}


class BetweenSessions(Panel):
    """The session-end step: pair rolls (random or typed), outcomes, recovery."""

    game: IsolationGame

    def __init__(self, game: IsolationGame) -> None:
        self.messages = Messages()
        on = guard(self.messages)
        self.status = widgets.HTML()
        self.status.add_class("iw-between-status")
        self.end_button = widgets.Button(
            description="End session", icon="moon-o", layout=widgets.Layout(width="auto")
        )
        self.end_button.add_class("iw-end-session")
        self.begin_button = widgets.Button(
            description="Begin next session",
            icon="sun-o",
            button_style="primary",
            layout=widgets.Layout(width="auto"),
        )
        self.begin_button.add_class("iw-begin-session")
        self.a = widgets.Dropdown(description="Pair", layout=widgets.Layout(width="220px"))
        self.a.add_class("iw-pair-a")
        self.b = widgets.Dropdown(description="and", layout=widgets.Layout(width="220px"))
        self.b.add_class("iw-pair-b")
        self.pair_links = widgets.HTML()
        self.pair_links.add_class("iw-pair-links")
        self.green_faces = widgets.Text(
            description="green",
            placeholder="typed faces (optional)",
            layout=widgets.Layout(width="250px"),
        )
        self.green_faces.add_class("iw-pair-green")
        self.red_faces = widgets.Text(
            description="red",
            placeholder="typed faces (optional)",
            layout=widgets.Layout(width="250px"),
        )
        self.red_faces.add_class("iw-pair-red")
        self.roll_button = widgets.Button(description="Roll the pair", icon="cube")
        self.roll_button.add_class("iw-pair-roll")
        self.enter_button = widgets.Button(description="Enter faces", icon="keyboard-o")
        self.enter_button.add_class("iw-pair-enter")
        self.rolled = widgets.HTML()
        self.rolled.add_class("iw-pair-rolled")
        self.outcome = widgets.RadioButtons(layout=widgets.Layout(width="auto"))
        self.outcome.add_class("iw-pair-outcome")
        self.link = widgets.Dropdown(description="link", layout=widgets.Layout(width="420px"))
        self.link.add_class("iw-pair-link")
        self.label = widgets.Text(
            description="label",
            placeholder="what happened, e.g. Bonded over chess",
            layout=widgets.Layout(width="420px"),
        )
        self.label.add_class("iw-pair-label")
        self.apply_button = widgets.Button(
            description="Apply outcome", icon="check", button_style="primary"
        )
        self.apply_button.add_class("iw-pair-apply")
        self.outcome_box = widgets.VBox([self.outcome, self.link, self.label, self.apply_button])
        self.recovery = widgets.HTML()
        self.recovery.add_class("iw-recovery")
        self._recovery: tuple[int, str] | None = None
        """The action whose recoveries :attr:`recovery` announces, and the text."""

        self.end_button.on_click(on(lambda _b: self.act(self.game.end_session)))
        self.begin_button.on_click(on(lambda _b: self.act(self.game.begin_session)))
        self.roll_button.on_click(on(lambda _b: self.roll(typed=False)))
        self.enter_button.on_click(on(lambda _b: self.roll(typed=True)))
        self.apply_button.on_click(on(lambda _b: self.apply()))
        for w in (self.a, self.b):
            w.observe(on(lambda _c: self._show_pair()), names=["value"])
        self.outcome.observe(on(lambda _c: self._show_outcome_fields()), names=["value"])

        super().__init__(
            game,
            [
                isolation_style(),
                widgets.HTML('<div class="iw-title">Between sessions</div>'),
                self.status,
                widgets.HBox([self.end_button, self.begin_button]),
                widgets.HBox([self.a, self.b]),
                self.pair_links,
                widgets.HBox(
                    [self.green_faces, self.red_faces], layout=widgets.Layout(flex_flow="row wrap")
                ),
                widgets.HBox([self.roll_button, self.enter_button]),
                self.messages,
                self.rolled,
                self.outcome_box,
                self.recovery,
            ],
        )
        self.add_class("iw-between")
        self.render()
        self.follow(on(self._on_actions))

    @property
    def state(self) -> IsolationState:
        return self.game.state

    def _names(self) -> dict[str, str]:
        return {c.id: c.name for c in self.state.characters}

    # ------------------------------------------------------------------ engine calls

    def roll(self, *, typed: bool) -> None:
        """Roll the chosen pair, at random or with the faces typed in."""
        green = self.green_faces.value.strip() if typed else None
        red = self.red_faces.value.strip() if typed else None
        self.act(
            lambda: self.game.pair_roll(
                self.a.value, self.b.value, green_faces=green, red_faces=red
            )
        )
        self.green_faces.value = self.red_faces.value = ""

    def apply(self) -> None:
        """Settle the pending pair roll with the chosen outcome."""
        outcome = self.outcome.value
        kwargs: dict[str, Any] = {}
        if outcome in ("erase_red", "erase_green"):
            kwargs["link_id"] = self.link.value
        elif outcome in ("add_green", "add_red"):
            kwargs["label"] = self.label.value
        self.act(lambda: self.game.choose_pair_outcome(outcome, **kwargs))
        self.label.value = ""

    # ------------------------------------------------------------------ views

    def _on_actions(self, entries: Sequence[Entry], _state: Any) -> None:
        names = self._names()
        recovered = [
            f"{names.get(e.event.character_id, e.event.character_id)}: "
            f"{e.event.old} → {e.event.new} ({e.event.reason})"
            for e in entries
            if isinstance(e.event, HealthChanged)
            and HEALTH_LADDER.index(e.event.new) < HEALTH_LADDER.index(e.event.old)
        ]
        if recovered:
            self._recovery = (
                entries[0].action,
                '<div class="iw-msg iw-msg--info"><b>Recovery:</b> '
                + html.escape("; ".join(recovered))
                + "</div>",
            )
            self.recovery.value = self._recovery[1]
        elif self._recovery is not None and any(isinstance(e.event, Retcon) for e in entries):
            # An undo may take the recovery back (and a redo restore it).
            action, text = self._recovery
            self.recovery.value = "" if action in self.game.journal.void_actions() else text
        self.render()

    def _show_rolls(self) -> None:
        """The latest pair roll of this interlude still in force, and its outcome.

        Read from the journal, not from the events as they come, so an undone roll
        leaves the panel and a table built while a roll waits shows it.
        """
        if not self.state.interlude:
            self.rolled.value = ""
            return
        rolled: PairRolled | None = None
        outcome: PairOutcome | None = None
        for entry in reversed(self.game.journal.effective()):
            event = entry.event
            if isinstance(event, SessionEnded):
                break
            if isinstance(event, PairOutcome) and outcome is None:
                outcome = event
            elif isinstance(event, PairRolled):
                rolled = event
                break
        if rolled is None:
            self.rolled.value = ""
            return
        names = self._names()
        green = roll_chips(
            rolled.green, colour="green", counts=partial(counts, "green"), label="green"
        )
        red = roll_chips(rolled.red, colour="red", counts=partial(counts, "red"), label="red")
        who = f"{names.get(rolled.a, rolled.a)} – {names.get(rolled.b, rolled.b)}"
        after = (
            f'<div class="iw-status">→ {html.escape(who)}: '
            f"{html.escape(outcome.choice.replace('_', ' '))}</div>"
            if outcome is not None
            else ""
        )
        self.rolled.value = (
            f'<div class="iw-status"><b>{html.escape(who)}</b>: {rolled.evens} evens against '
            f"{rolled.odds} odds</div>{green}{red}"
            f'<div class="iw-status">{html.escape(rolled.describe().split("; ")[-1])}</div>' + after
        )

    def render(self) -> None:
        state = self.state
        names = self._names()
        living = [(c.name, c.id) for c in state.living]
        for dropdown in (self.a, self.b):
            set_options(dropdown, living)
        if len(living) > 1 and self.a.value == self.b.value:
            self.b.value = living[1][1] if self.a.value == living[0][1] else living[0][1]
        rolled = (
            ", ".join(f"{names.get(a, a)}–{names.get(b, b)}" for a, b in state.pairs_rolled)
            or "none yet"
        )
        if state.interlude:
            text = (
                f"<b>Between session {state.session} and {state.session + 1}.</b> Each pair may "
                f"roll once (optional). Pairs rolled: {html.escape(rolled)}."
            )
        else:
            text = (
                f"<b>Session {state.session} is being played.</b> Pair rolls come at its end "
                "(ISO-R45)."
            )
        self.status.value = f'<div class="iw-status">{text}</div>'
        self.end_button.disabled = state.interlude or state.conflict is not None
        self.begin_button.disabled = not state.interlude or state.pair_roll is not None
        waiting = state.pair_roll is not None
        for w in (
            self.roll_button,
            self.enter_button,
            self.a,
            self.b,
            self.green_faces,
            self.red_faces,
        ):
            w.disabled = waiting or not state.interlude
        self._show_pair()
        self._show_rolls()
        options = self.game.pair_outcomes()
        self.outcome_box.layout.display = "" if options else "none"
        if options:
            wanted = [(OUTCOME_WORDS[o], o) for o in options]
            if list(self.outcome.options) != wanted:
                self.outcome.options = wanted
                self.outcome.value = wanted[0][1]
            self._show_outcome_fields()

    def _show_pair(self) -> None:
        a, b = self.a.value, self.b.value
        if not a or not b or a == b:
            self.pair_links.value = ""
            return
        links = self.state.links_between(a, b)
        items = ", ".join(html.escape(edge_text(x, self._names())) for x in links) or "no links"
        self.pair_links.value = f'<div class="iw-status"><small>their links: {items}</small></div>'

    def _show_outcome_fields(self) -> None:
        options = self.game.pair_outcomes()
        outcome = self.outcome.value
        links = options.get(outcome, ()) if outcome else ()
        erase = outcome in ("erase_red", "erase_green")
        self.link.layout.display = "" if erase else "none"
        self.label.layout.display = "" if outcome in ("add_green", "add_red") else "none"
        wanted = [(f"{x.id}: {edge_text(x, self._names())}", x.id) for x in links]
        if list(self.link.options) != wanted:
            self.link.options = wanted
            self.link.value = wanted[0][1] if wanted else None
