"""Between sessions: end the session, roll pairs, settle their outcomes, recover.

At a session's end each pair of characters *may* roll their green links against
their red links (ISO-R45). More evens lets them erase a labeled red link or add a
labeled green one (or do nothing); more odds makes them erase a labeled green link
or add a labeled red one. Erasing injury links is how the injured recover
(ISO-R46): the engine moves them up a level once a level's links are all gone,
Dying links first. The outcome choices and the links an erase may take come from
:meth:`.IsolationGame.pair_outcomes`; the map shows every change at once.

The pair's dice are a :class:`PairEntry`, the kit's dice entry with a second faces box:
**Roll the pair** rolls both pools at random; faces typed in the green and red boxes
go in with Enter in either box (or **Enter faces**), and a refusal shows beside them.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import ipywidgets as widgets

from ...journal import Entry, Kept, Retcon
from ...rules.isolation import HEALTH_LADDER, IsolationGame, IsolationState, counts
from ...rules.isolation._common import faces_word
from ...rules.isolation.events import HealthChanged, PairOutcome, PairRolled, SessionEnded
from ...words import render
from ..chips import roll_chips
from ..dice_entry import DiceEntry
from ..messages import Messages
from ..panel import Panel, set_options
from ..submit_text import SubmitText
from .views import edge_text, isolation_style

__all__ = ["BetweenSessions", "PairEntry"]

OUTCOME_WORDS = {
    "erase_red": "erase a labeled red link",
    "add_green": "add a labeled green link",
    "nothing": "leave things as they are",
    "erase_green": "erase a labeled green link",
    "add_red": "add a labeled red link",
}


class PairEntry(DiceEntry):
    """The kit's dice entry for a pair roll: green faces in its box, red faces in a second.

    A pair rolls both colours at once, so Enter in either box (or **Enter faces**)
    hands both boxes to the roll callback as ``(green, red)`` texts; **Roll the pair**
    rolls both at random (``None``). An empty box is an empty pool's faces (a pair
    with no red link rolls no red die). The error from the engine shows under the
    boxes and goes at the next attempt, as in every dice entry.
    """

    def __init__(self, roll: Callable[[tuple[str, str] | None], Any]) -> None:
        super().__init__(
            lambda faces: roll(None if faces is None else (self.faces.value, self.red_faces.value)),
            key="pair",
            roll_label="Roll the pair",
            faces_label="green",
            placeholder="typed faces, e.g. 2 4",
            empty_hint="type the faces the pair rolled at the table first: green, then red",
        )
        self.red_faces = SubmitText(description="red", placeholder="typed faces, e.g. 3 5")
        self.red_faces.add_class("iw-faces-pair-red")
        for box in (self.faces, self.red_faces):
            box.layout = widgets.Layout(width="250px")
        self.red_faces.on_submit(lambda _text: self.enter())
        row = self.children[0]
        roll_button, green, enter, source = row.children
        row.children = (roll_button, green, self.red_faces, enter, source)

    def reset(self) -> None:
        """Start clean for another pair: both boxes empty, no message, no mark."""
        super().reset()
        if self.red_faces.value:
            self.red_faces.value = ""

    def enter(self) -> Any:
        """Roll with the faces in both boxes (one may be empty: that pool has no dice)."""
        if not (self.faces.value.strip() or self.red_faces.value.strip()):
            self.error.error(self.empty_hint)
            return None
        result = self.submit(self.faces.value)
        if result is not None:
            self.red_faces.value = ""
        return result

    @property
    def disabled(self) -> bool:
        return bool(self.roll_button.disabled)

    @disabled.setter
    def disabled(self, value: bool) -> None:
        DiceEntry.disabled.fset(self, value)  # type: ignore[attr-defined]
        self.red_faces.disabled = bool(value)


class LastPairRoll(Kept):
    """The latest pair roll since the last session's end, and the outcome chosen for it,
    kept as the journal grows (a :class:`~isowidgets.journal.kept.Kept`): read again from the
    journal only after an undo or a redo."""

    def __init__(self) -> None:
        super().__init__()
        self.rolled: PairRolled | None = None
        self.outcome: PairOutcome | None = None

    def reset(self) -> None:
        self.rolled = self.outcome = None

    def read(self, entry: Entry) -> None:
        event = entry.event
        if isinstance(event, SessionEnded):
            self.rolled = self.outcome = None
        elif isinstance(event, PairRolled):
            self.rolled, self.outcome = event, None
        elif isinstance(event, PairOutcome):
            self.outcome = event

    def refold(self, entries: list[Entry]) -> None:
        start = len(entries)  # from the latest pair roll or session's end on
        while start > 0 and not isinstance(entries[start - 1].event, PairRolled | SessionEnded):
            start -= 1
        for entry in entries[start - 1 :] if start else ():  # none: no pair rolled yet
            self.read(entry)


class BetweenSessions(Panel):
    """The session-end step: pair rolls (random or typed), outcomes, recovery."""

    game: IsolationGame

    def __init__(self, game: IsolationGame) -> None:
        self.messages = Messages(game)
        run = self.messages.handler
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
        self.entry = PairEntry(self._roll)
        self.entry.error.follow(game)
        self.green_faces, self.red_faces = self.entry.faces, self.entry.red_faces
        self.green_faces.add_class("iw-pair-green")
        self.red_faces.add_class("iw-pair-red")
        self.roll_button, self.enter_button = self.entry.roll_button, self.entry.enter_button
        self.roll_button.add_class("iw-pair-roll")
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
        self._pair = LastPairRoll()

        self.end_button.on_click(run(lambda _b: self.game.end_session()))
        self.begin_button.on_click(run(lambda _b: self.game.begin_session()))
        self.apply_button.on_click(run(lambda _b: self.apply()))
        for w in (self.a, self.b):
            w.observe(run(lambda _c: self._show_pair()), names=["value"])
        self.outcome.observe(run(lambda _c: self._show_outcome_fields()), names=["value"])

        super().__init__(
            game,
            [
                isolation_style(),
                widgets.HTML('<div class="iw-title">Between sessions</div>'),
                self.status,
                widgets.HBox([self.end_button, self.begin_button]),
                widgets.HBox([self.a, self.b]),
                self.pair_links,
                self.entry,
                self.messages,
                self.rolled,
                self.outcome_box,
                self.recovery,
            ],
        )
        self.add_class("iw-between")
        self.render()
        self.follow(run(self._on_actions))

    @property
    def state(self) -> IsolationState:
        return self.game.state

    def _names(self) -> dict[str, str]:
        return {c.id: c.name for c in self.state.characters}

    # ------------------------------------------------------------------ engine calls

    def roll(self, *, typed: bool) -> None:
        """Roll the chosen pair, at random or with the faces typed in (as the entry does)."""
        if typed:
            self.entry.enter()
        else:
            self.entry.roll()

    def _roll(self, faces: tuple[str, str] | None) -> list[Entry]:
        """The entry's callback: the pair roll, at random (``None``) or typed ``(green, red)``."""
        green, red = (None, None) if faces is None else (faces[0].strip(), faces[1].strip())
        self.messages.clear()
        return self.game.pair_roll(self.a.value, self.b.value, green_faces=green, red_faces=red)

    def apply(self) -> None:
        """Settle the pending pair roll with the chosen outcome."""
        outcome = self.outcome.value
        kwargs: dict[str, Any] = {}
        if outcome in ("erase_red", "erase_green"):
            kwargs["link_id"] = self.link.value
        elif outcome in ("add_green", "add_red"):
            kwargs["label"] = self.label.value
        self.game.choose_pair_outcome(outcome, **kwargs)
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

        Kept from the journal's effective entries (:class:`LastPairRoll`), not from the
        events as they come, so an undone roll leaves the panel and a table built while a
        roll waits shows it.
        """
        self._pair.follow(self.game.journal)  # kept up with every action: each costs what it adds
        if not self.state.interlude:
            self.rolled.value = ""
            return
        rolled, outcome = self._pair.rolled, self._pair.outcome
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
            f'<div class="iw-status"><b>{html.escape(who)}</b>: '
            f"{faces_word(rolled.evens, 'even')} against {faces_word(rolled.odds, 'odd')}</div>"
            f"{green}{red}"
            f'<div class="iw-status">{html.escape(render(rolled.result()))}</div>' + after
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
        self.entry.disabled = waiting or not state.interlude
        for w in (self.a, self.b):
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
        # The faces belong to the pair chosen, in this interlude: another pair starts clean.
        self.entry.belong_to((self.state.session, self.state.interlude, a, b))
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
