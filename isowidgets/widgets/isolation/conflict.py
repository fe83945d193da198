"""The conflict panel: one proposal, one roll read twice, clicked through step by step.

The panel follows the engine's order (ISO-R26) and never decides a rule itself. It is
composed of small parts (:mod:`.parts`), each drawing one stage from the same reading
of the game:

1. **Proposal** (:class:`~.proposal.ProposalPanel`): the Active Player, the action said
   aloud, the mode and the modifiers the table judges; a preview of the pools until
   *Propose* is pressed.
2. **Pools** (:class:`~.pools.PoolsPanel`): every pool with where each die comes from;
   *Roll* it, or type the faces rolled at the table and press Enter.
3. **Stances** (:class:`~.stances.StancesPanel`): each Passive Player's net and the
   engine's reason; only the stances the roll allows can be clicked.
4. **Difficulty and Resolve** (:class:`~.resolution.ResolutionPanel`), then the
   **result** (:class:`~.resolution.ResultPanel`): the degree in one line with the
   consequences, the breakdown folded behind a button.
5. **Wounds** (:class:`~.wounds.WoundsPanel`) when a physical failure leaves them to
   the table.

Which buttons are enabled comes from :meth:`IsolationGame.next_steps() <.Game.next_steps>` alone.
After a step taken here, the keyboard focus moves to the control of the next step (the next
pool's faces box, the stance to choose, the Difficulty, *Resolve*, the breakdown).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...journal import Entry
from ...rules.isolation import Conflict, IsolationGame, IsolationState, Step
from ..fresh import Fresh
from ..gm import HeldBack
from ..messages import Messages
from ..panel import Panel
from .modifiers import ModifierRow
from .parts import ConflictView, Part, assign
from .pools import PoolsPanel, PoolWidget
from .proposal import MODES, ProposalPanel
from .resolution import ResolutionPanel, ResultPanel
from .stances import StancesPanel, StanceWidget
from .views import conflict_summary, isolation_style, steps_html
from .wounds import WoundsPanel

__all__ = ["MODES", "ConflictPanel", "ModifierRow", "PoolWidget", "StanceWidget"]

_CAST_KINDS = ("health_changed", "retcon", "stress_changed")
"""Actions (besides a character's) after which the proposal offers the cast again."""


class ConflictPanel(Panel):
    """Drive one conflict at a time through the engine's steps.

    Args:
        game: the game to play.

    Attributes:
        proposal, pool_part, stance_part, resolution, result_part, wound_part: the parts.
        summary: the conflict on show in one line; ``next``: the engine's next steps.
        messages: the panel's message line (it follows the game: a message goes away
            at the next action, an undo or a redo).
        cancel_reason, cancel_button: take a proposal back, openly (ISO-R15).

    The parts' controls are also kept here under their names (``ap``, ``action``,
    ``propose_button``, ``roll_ready_button``, ``difficulty``, ``resolve_button``,
    ``result``, ``breakdown``, ``assign_button``…), for notebooks that drive the panel.
    """

    game: IsolationGame

    def __init__(self, game: IsolationGame) -> None:
        self.messages = Messages(game)
        done = self.focus_next
        self.proposal = ProposalPanel(game, self.messages, done=done)
        self.pool_part = PoolsPanel(game, self.messages, done=done)
        self.stance_part = StancesPanel(game, self.messages, done=done)
        self.resolution = ResolutionPanel(game, self.messages, done=done)
        self.result_part = ResultPanel(game, self.messages)
        self.wound_part = WoundsPanel(game, self.messages, done=done)
        self.parts: tuple[Part, ...] = (
            self.pool_part,  # first: after a Roll its chips are what the table waits for
            self.stance_part,
            self.resolution,
            self.wound_part,
            self.result_part,
            self.proposal,
        )
        self.view: ConflictView = ConflictView.of(game)

        # The parts' controls, under the names notebooks and tests know.
        p = self.proposal
        self.ap, self.action, self.mode, self.target = p.ap, p.action, p.mode, p.target
        self.pp_box, self.physical, self.force_roll = p.pp_box, p.physical, p.force_roll
        self.propose_button, self.preview, self.form = p.propose_button, p.preview, p.form
        self.modifiers, self.modifiers_fixed = p.modifiers, p.modifiers_fixed
        self.roll_ready_button = self.pool_part.roll_ready_button
        self.pools, self.first_reading = self.pool_part.pools, self.pool_part.first_reading
        self.stances = self.stance_part.stances
        r = self.resolution
        self.difficulty, self.difficulty_status = r.difficulty, r.difficulty_status
        self.set_difficulty_button, self.resolve_button = r.set_difficulty_button, r.resolve_button
        self.result, self.breakdown = self.result_part.result, self.result_part.breakdown
        self.breakdown_toggle = self.result_part.breakdown_toggle
        self.wounds, self.assign_button = self.wound_part, self.wound_part.assign_button

        self.held = HeldBack(game, key="conflict")
        self.summary = widgets.HTML()
        self.summary.add_class("iw-conflict-summary")
        self.next = widgets.HTML()
        self.next.add_class("iw-next")
        self.cancel_reason = widgets.Text(
            description="why",
            placeholder="why it is taken back (said aloud)",
            layout=widgets.Layout(width="280px"),
        )
        self.cancel_reason.add_class("iw-cancel-reason")
        self.cancel_button = widgets.Button(
            description="Cancel proposal",
            icon="times",
            layout=widgets.Layout(width="auto"),
            tooltip="take the proposal back, saying why (ISO-R15: never quietly)",
        )
        self.cancel_button.add_class("iw-cancel")
        self.cancel_slot = Messages.slot()
        self.cancel_bar = widgets.VBox(
            [
                widgets.HBox(
                    [self.cancel_reason, self.cancel_button],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.cancel_slot,
            ]
        )
        self.cancel_bar.add_class("iw-cancel-bar")
        self.cancel_button.on_click(
            self.messages.near(self.cancel_slot, lambda _b: self._cancel_clicked())
        )
        self.top_slot = Messages.slot()
        """The message line's place when no part has acted: under the next steps."""
        self.messages.show_in(self.top_slot, home=True)
        self.fresh = Fresh(self.proposal.fresh, self.difficulty, self.cancel_reason)
        """Every box of the panel belongs to one conflict: a new proposal starts them
        clean (each pool's dice entry belongs to its pool of its conflict)."""

        super().__init__(
            game,
            [
                isolation_style(),
                widgets.HTML('<div class="iw-title">Conflict</div>'),
                self.summary,
                self.held,
                self.result_part,
                self.next,
                self.top_slot,
                self.proposal,
                self.pool_part,
                self.stance_part,
                self.resolution,
                self.wound_part,
                self.cancel_bar,
            ],
        )
        self.add_class("iw-conflict")
        self.render()
        self.follow(self.messages.handler(self._on_actions))

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> IsolationState:
        return self.game.state

    @property
    def steps(self) -> tuple[Step, ...]:
        """The engine's next steps, as the panel last drew them."""
        return self.view.steps

    @property
    def pp_toggles(self) -> dict[str, Any]:
        """Whom to persuade: character id → :class:`~isowidgets.widgets.toggle.PressToggle`."""
        return self.proposal.pp_toggles

    @property
    def modifier_rows(self) -> dict[str, ModifierRow]:
        """Each character's modifier row, by id."""
        return self.proposal.rows

    @property
    def pool_widgets(self) -> dict[str, PoolWidget]:
        """Each pool's row, by ``who-colour`` key (``bob-green``, ``GM-red``)."""
        return self.pool_part.widgets_by_key

    @property
    def stance_widgets(self) -> dict[str, StanceWidget]:
        """Each Passive Player's (or defaulted character's) stance row, by id."""
        return self.stance_part.widgets_by_who

    @property
    def wound_inputs(self) -> dict[str, widgets.BoundedIntText]:
        """The wound boxes, by character id."""
        return self.wound_part.inputs

    # ------------------------------------------------------------------ engine calls

    def propose(self) -> Conflict:
        """Speak the proposal the form describes (ISO-R15: it is now the AP's action)."""
        return self.proposal.propose()

    def roll_pool(self, who: str, colour: str, faces: str | None = None) -> None:
        """Roll one pool (``faces=None``) or record typed faces, through its dice entry."""
        pool = self.pool_widgets[f"{who}-{colour}"]
        pool.entry.submit(faces)

    def roll_ready(self) -> None:
        """Roll every ready pool (typed faces are used where a pool has some)."""
        self.pool_part.roll_ready()

    def choose(self, who: str, stance: str) -> None:
        """What a click on one of ``who``'s stance buttons does."""
        self.stance_part.choose(who, stance)

    def assign_wounds(self) -> None:
        """Distribute the wounds as the boxes say."""
        self.wound_part.assign()

    def cancel(self) -> None:
        """Take the proposal back with the reason typed (ISO-R15)."""
        self.game.cancel_conflict(self.cancel_reason.value)
        self.cancel_reason.value = ""

    def _cancel_clicked(self) -> None:
        self.cancel()
        self.ap.focus()

    # ------------------------------------------------------------------ focus

    def focus_next(self) -> None:
        """Put the keyboard focus on the control of the next step the engine offers.

        Required steps come first (a pool to roll, a stance to choose, the Difficulty,
        *Resolve*, the wounds); with none left, the result's breakdown button after a
        resolution, or the proposal's first field.
        """
        steps = sorted(self.view.steps, key=lambda step: not step.required)
        for step in steps:
            for part in self.parts:
                control = part.control_for(step)
                if control is not None and not getattr(control, "disabled", False):
                    control.focus()
                    return
        if self.view.conflict is None:
            shown = self.view.shown
            if shown is not None and shown.explanation is not None:
                self.breakdown_toggle.focus()
            else:
                self.ap.focus()

    # ------------------------------------------------------------------ drawing

    def _on_actions(self, entries: Sequence[Entry], _state: Any) -> None:
        self.result_part.entries_seen(list(entries))
        if any(e.kind.startswith("character") or e.kind in _CAST_KINDS for e in entries):
            self.proposal.refresh_choices()
        self.render()

    def render(self) -> None:
        """Show the conflict in progress, or the last one, as the engine has it now.

        The pools come first: after a *Roll* their chips are what the table is
        waiting for, so they leave the kernel before anything else is redrawn.
        """
        view = self.view = ConflictView.of(self.game)
        self.fresh.belong_to(view.shown.number if view.shown is not None else None)
        for part in self.parts:
            part.render(view)
        shown = view.shown
        assign(
            self.summary,
            value=conflict_summary(shown, view.names)
            if shown is not None
            else "<em>No conflict yet: propose one below.</em>",
        )
        assign(self.next, value=steps_html(view.steps))
        c = view.conflict
        cancellable = c is not None and c.resolution is None
        assign(self.cancel_bar.layout, display="" if cancellable else "none")
        assign(self.cancel_button, disabled=not cancellable)
        assign(self.cancel_reason, disabled=not cancellable)

    def close(self) -> None:
        for pool in self.pool_widgets.values():
            pool.close()
        self.held.close()
        super().close()
