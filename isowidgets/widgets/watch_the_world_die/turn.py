"""The turn panel: whose turn, the move, the dice, the Event to create, the chain so far.

``Players, clockwise: ▶ Ana (turn 3, now) · Ben · Chidi · Dana``

* At the start of a turn, two dice entries (the kit's
  :class:`~isowidgets.widgets.dice_entry.DiceEntry`): **Make It Worse** rolls (or
  takes the typed face of) the Event Type die; **Relieve It** rolls 2d6 for
  Response Points. Relieve It is switched off at Pressure 0, with the reason in
  words beside it.
* During a turn, one dice entry for the die that is due (The Cause's reroll, a
  chaining roll), labelled with what it is for; Enter in its box rolls.
* When an Event is due: the list of the rolled type's Events (and for
  Spreading or Snowballing, the earlier Event it acts on), a region and details;
  Enter in the details box (or **Create Event**) creates it.
* Under it, the turn step by step: each Event, each chained Event under it, the
  roll that ended the chain, and what comes next.

Every box belongs to one die of one turn (:mod:`~isowidgets.widgets.fresh`): the
opening entries to the turn they open, the due die's entry and the Event form to the die
rolled last, so a new turn or a new die starts with empty boxes, the form at its
defaults and no "last roll" mark of the die before.

The panel only reads its inputs, calls the :class:`~.WorldGame`
method of the step the engine offers (``game.next_steps()``), and shows what was
journaled.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...errors import RuleError
from ...journal import Entry
from ...rules.watch_the_world_die import WorldGame
from ..dice_entry import DiceEntry
from ..fresh import Fresh, first_option
from ..gm import HeldBack
from ..panel import Panel, set_options
from ..submit_button import SubmitButton
from ..submit_text import SubmitText
from .messages import WorldMessages
from .views import chain_html, event_name, players_html, table_words

__all__ = ["TurnPanel"]

_NO_TARGET = "— pick the earlier Event —"

_NOT_PLAY = frozenset({"retcon", "note", "settings_changed"})
"""Journal kinds that are not a step of play: they leave the keyboard focus where it is."""


def _shown(widget: Any, visible: bool) -> None:
    """Show or hide a widget without rebuilding it (and send nothing when unchanged)."""
    display = None if visible else "none"
    if widget.layout.display != display:
        widget.layout.display = display


class TurnPanel(Panel):
    """One turn at a time: the move, its dice, the Events it makes and their chain.

    Args:
        game: the :class:`~.WorldGame` to play.
        messages: the table's message line (a panel of its own when ``None``).

    Attributes:
        players: who plays, clockwise, the current player marked (``iw-wtwd-players``).
        step: what the engine says comes next, in the table's words.
        worse, relieve: the dice entries that open a turn (``iw-roll-worse``,
            ``iw-faces-worse``…; ``iw-roll-relieve``…).
        relieve_reason: why Relieve It is off, in words (``iw-wtwd-relieve-reason``).
        dice: the dice entry of a roll due within a turn (``iw-roll-turn``…).
        event_entry, target, event_type, region, details, create_button: the Event form.
        mode: the optional Event Mode roll (inspiration only; ``iw-roll-mode``…).
        chain: this turn step by step (``iw-wtwd-chain``).
    """

    game: WorldGame

    def __init__(self, game: WorldGame, *, messages: WorldMessages | None = None) -> None:
        self.messages = messages if messages is not None else WorldMessages(game)
        self.held = HeldBack(game, key="turn")
        self.players = widgets.HTML()
        self.players.add_class("iw-wtwd-players-view")
        self.step = widgets.HTML()
        self.step.add_class("iw-wtwd-step")

        self.worse = DiceEntry(
            self._make_it_worse,
            key="worse",
            roll_label="Make It Worse",
            enter_label="Enter face",
            faces_label="Event Type die",
            placeholder="the d6 from the table, e.g. 4",
            empty_hint="type the Event Type die's face first, e.g. 4",
        )
        self.relieve = DiceEntry(
            self._relieve_it,
            key="relieve",
            roll_label="Relieve It",
            enter_label="Enter faces",
            faces_label="2d6 for RP",
            placeholder="two d6, e.g. 3 5",
            empty_hint="type the two faces first, e.g. 3 5",
        )
        self.relieve_reason = widgets.HTML()
        self.relieve_reason.add_class("iw-wtwd-relieve-reason")
        self.opening = widgets.VBox([self.worse, self.relieve, self.relieve_reason])
        self.opening.add_class("iw-wtwd-opening")

        self.dice = DiceEntry(
            self._roll_due,
            key="turn",
            roll_label="Roll",
            enter_label="Enter face",
            faces_label="Die",
            placeholder="the d6 from the table, e.g. 3",
            empty_hint="type the die's face first, e.g. 3",
        )
        self.dice_label = widgets.HTML()
        self.dice_label.add_class("iw-wtwd-dice-label")
        self.due = widgets.VBox([self.dice_label, self.dice])
        self.due.add_class("iw-wtwd-due-roll")

        self.event_heading = widgets.HTML()
        self.event_entry = widgets.Dropdown(description="Event", options=[])
        self.event_entry.add_class("iw-wtwd-event-entry")
        self.event_type = widgets.Dropdown(description="Type", options=[])
        self.event_type.add_class("iw-wtwd-event-type")
        self.target = widgets.Dropdown(description="Acts on", options=[])
        self.target.add_class("iw-wtwd-target")
        self.region = SubmitText(description="Region", placeholder="a country or region")
        self.region.add_class("iw-wtwd-region")
        self.details = SubmitText(description="Details", placeholder="a few juicy details")
        self.details.add_class("iw-wtwd-details")
        self.create_button = SubmitButton(
            description="Create Event",
            icon="plus",
            button_style="primary",
            tooltip="create the Event with this region and these details (or press Enter in "
            "the details box)",
            text=self.details,
        )
        self.create_button.add_class("iw-wtwd-create")
        self.mode = DiceEntry(
            self._roll_mode,
            key="mode",
            roll_label="Roll Event Mode",
            enter_label="Enter face",
            faces_label="Mode die",
            placeholder="optional, e.g. 2",
            empty_hint="type the Event Mode die's face first, e.g. 2",
        )
        self.mode_note = widgets.HTML(
            '<span class="iw-wtwd-pressure">Event Mode: inspiration only, it adds no '
            "Pressure.</span>"
        )
        self.event_form = widgets.VBox(
            [
                self.event_heading,
                self.event_type,
                self.event_entry,
                self.target,
                self.region,
                widgets.HBox([self.details, self.create_button]),
                self.mode_note,
                self.mode,
            ]
        )
        self.event_form.add_class("iw-wtwd-event-form")
        self.chain = widgets.HTML()
        self.chain.add_class("iw-wtwd-chain-view")

        self.event_fresh = Fresh(self.region, self.details, self.mode)
        """The Event form, clean for each die that calls for an Event."""
        for choice in (self.event_type, self.event_entry, self.target):
            self.event_fresh.add(choice, first_option(choice))
        self.region.on_submit(lambda _text: self.details.focus())
        self.details.on_submit(self.messages.handler(self._create))
        self.event_type.observe(self._on_type, names="value")

        super().__init__(
            game,
            [
                self.players,
                self.held,
                self.step,
                self.opening,
                self.due,
                self.event_form,
                self.chain,
            ],
        )
        self.add_class("iw-wtwd-turn")
        self.refresh()
        self.follow(self._on_actions)

    # ------------------------------------------------------------------ engine calls

    def _make_it_worse(self, faces: str | None) -> Any:
        self.messages.clear()
        return self.game.make_it_worse(faces)

    def _relieve_it(self, faces: str | None) -> Any:
        self.messages.clear()
        return self.game.relieve_it(faces)

    def _roll_due(self, faces: str | None) -> Any:
        """The die due within the turn: The Cause's reroll or a chaining roll."""
        self.messages.clear()
        actions = self._actions()
        if "roll_cause" in actions:
            return self.game.roll_cause(faces)
        return self.game.roll_chain(faces)

    def _roll_mode(self, faces: str | None) -> Any:
        self.messages.clear()
        return self.game.roll_mode(faces)

    def _create(self, details: str) -> None:
        """Create the Event the form describes (Enter in the details box, or the button)."""
        entry = self.event_entry.value
        if not entry:
            self.messages.error("pick an Event from the list first")
            return
        special = entry in self.game.tables.entries(6)
        target = self.target.value if special and self._needs_target(entry) else None
        if special and self._needs_target(entry) and not target:
            self.messages.error(f"{entry} acts on an earlier Event: pick it under “Acts on”")
            return
        types = self._types()
        self.game.create_event(
            entry,
            self.region.value,
            details,
            target=target,
            event_type=self.event_type.value if len(types) > 1 else None,
        )
        self.region.value = ""
        self.details.value = ""

    # ------------------------------------------------------------------ drawing

    def _actions(self) -> set[str]:
        return {step.action for step in self.game.next_steps()}

    def _types(self) -> tuple[int, ...]:
        turn = self.game.turn
        return turn.types if turn is not None and turn.phase == "event" else ()

    def _needs_target(self, entry: str) -> bool:
        tables = self.game.tables
        try:
            kind = tables.special(entry).kind
        except RuleError:  # not a special event: an entry of types 1–5
            return False
        return kind in ("spreading", "snowballing")

    def _on_type(self, _change: Any = None) -> None:
        self._fill_entries()

    def _fill_entries(self) -> None:
        options = self.game.event_options()
        chosen = self.event_type.value
        entries = options.get(chosen, ()) if chosen in options else ()
        if not entries and options:
            entries = next(iter(options.values()))
        set_options(self.event_entry, [(entry, entry) for entry in entries])
        needs = any(self._needs_target(entry) for entry in entries)
        if needs:
            earlier = [(event_name(e), e.id) for e in reversed(self.game.state.events)]
            set_options(self.target, [(_NO_TARGET, ""), *earlier])
        _shown(self.target, needs)

    def refresh(self) -> None:
        """Draw the panel from the game's state and its next steps."""
        game = self.game
        state = game.state
        steps = game.next_steps()
        actions = {step.action for step in steps}
        turn = state.turn
        # The opening dice belong to the turn they open; the due die and the Event form
        # to the die rolled last in the turn.
        opening_owner = state.turns if turn is None else ("in turn", turn.number)
        for entry in (self.worse, self.relieve):
            entry.belong_to(opening_owner)
        die = (turn.number, len(turn.dice)) if turn is not None else None
        self.dice.belong_to(die)
        self.event_fresh.belong_to(die)
        self.players.value = players_html(
            state.players, state.current_player, turn=turn.number if turn else None
        )
        required = [step for step in steps if step.required and step.action != "stop"]
        if state.over is not None:
            said = "The game is over."
        elif not state.begun:
            said = "Name the players and the starting year to begin."
        else:
            said = " ".join(table_words(state, step.label) for step in required)
            optional = [s for s in steps if not s.required and s.action != "stop"]
            if optional:  # what may also be done (another Response, an Event Mode)
                also = "; ".join(table_words(state, step.label) for step in optional)
                said = f"{said} — or: {also}" if said else also
        self.step.value = f'<div role="status"><b>Next:</b> {html.escape(said)}</div>'

        opening = "make_it_worse" in actions
        _shown(self.opening, opening)
        self.worse.disabled = "make_it_worse" not in actions
        self.relieve.disabled = "relieve_it" not in actions
        if opening and "relieve_it" not in actions:
            self.relieve_reason.value = (
                "<span>⊘ Relieve It is off: Pressure is 0, so this turn must Make It Worse.</span>"
            )
        else:
            self.relieve_reason.value = ""

        due = "roll_cause" in actions or "roll_chain" in actions
        _shown(self.due, due)
        self.dice.disabled = not due
        if "roll_cause" in actions:
            label = "The Cause: roll the Event Type again (a 6 reads as 5)"
            self.dice.roll_button.description = "Roll for The Cause"
        elif "roll_chain" in actions and turn is not None and turn.last_event:
            last = state.event(turn.last_event)
            chain_set = " ".join(str(face) for face in game.tables.chain_set(last.type))
            label = (
                f"Chaining roll after “{event_name(last)}”: it chains on {chain_set}, "
                "any other face ends the chain"
            )
            self.dice.roll_button.description = "Chaining roll"
        else:
            label = ""
        self.dice_label.value = f"<b>{html.escape(label)}</b>" if label else ""

        creating = "create_event" in actions
        _shown(self.event_form, creating)
        if creating and turn is not None:
            names = " or ".join(game.tables.event_type(t).name for t in turn.types)
            article = "an" if names[:1].lower() in "aeiou" else "a"
            scope = " — global in scope" if turn.global_scope else ""
            cause = "The Cause: " if turn.cause else ""
            self.event_heading.value = (
                f"<b>{html.escape(cause)}Create {article} {html.escape(names)} Event"
                f"{scope}</b> (rolled {turn.roll})"
            )
            types = turn.types
            set_options(
                self.event_type, [(f"{t} {game.tables.event_type(t).name}", t) for t in types]
            )
            _shown(self.event_type, len(types) > 1)
            self._fill_entries()
            _shown(self.region, not turn.global_scope)
        self.mode.disabled = "roll_mode" not in actions
        _shown(self.mode, "roll_mode" in actions)
        _shown(self.mode_note, "roll_mode" in actions)
        if turn is not None and turn.mode:
            self.mode_note.value = (
                f'<span class="iw-wtwd-pressure">Event Mode for inspiration: '
                f"<b>{html.escape(turn.mode)}</b> (no Pressure)</span>"
            )
            _shown(self.mode_note, creating)

        number = turn.number if turn is not None else (state.turns or None)
        due_text = " ".join(table_words(state, step.label) for step in required) if turn else ""
        self.chain.value = chain_html(game.chronicle(), number, due=due_text)

    def _focus_next(self) -> None:
        """Put the keyboard focus on the control of the step that is due now."""
        actions = self._actions()
        if "create_event" in actions:
            self.event_entry.focus()
        elif "roll_cause" in actions or "roll_chain" in actions:
            self.dice.faces.focus()
        elif "make_it_worse" in actions:
            self.worse.faces.focus()

    def _on_actions(self, entries: Sequence[Entry], _state: Any) -> None:
        def update() -> None:
            self.refresh()
            if any(entry.kind not in _NOT_PLAY for entry in entries):
                self._focus_next()

        self.messages.run(update)

    def close(self) -> None:
        if hasattr(self, "held"):
            self.held.close()
        super().close()
