"""The conflict panel: agree the intention, see the chance, roll, and let it hurt.

Steps of a conflict (DK-R09) on one panel:

1. **Intention**: the kind of opposition (passive, active, competing), who acts
   with which skill, the opponent or the difficulty, what success gives and what
   failure costs, and any circumstance penalty dice. **Open the conflict** journals it.
2. **Before the roll**: each side's bonus and penalty dice with why, and the exact
   chance of success (or of each side winning, and of a draw) from the engine's odds.
3. **Roll**: the kit's :class:`~isowidgets.widgets.dice_entry.DiceEntry`: **Roll**,
   or the faces typed at the table with Enter (``+ 0 -``; two sides separated by
   ``/``, the initiator first).
4. **Consequence**: the dice kept and dropped, the result and who won; a player on
   either side may then **let it hurt** (a button per player character the engine
   offers; never the GM: DK-R14).

The equipment toggled on each side's sheet goes with the roll.

Every box belongs to one conflict (:mod:`~isowidgets.widgets.fresh`): once **Open the
conflict** is accepted the Intention form gives way to the conflict's summary and starts
clean for the next one, and the dice entry starts clean for each conflict.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...rules.fudge_conflict import FudgeGame, FudgeState
from ...words import msg, render
from ..children import set_children
from ..dice_entry import DiceEntry
from ..fresh import Fresh, first_option
from ..i18n import Labels
from ..messages import Messages
from ..panel import redraws, set_options, set_shown, wrap_row
from .sheets import SheetsView
from .views import chance, offered_steps, record_html, sources_text, split_faces

__all__ = ["ConflictPanel", "skill_options"]

KINDS = ("passive", "active", "competing")


def skill_options(state: FudgeState, who: str | None) -> list[tuple[str, str]]:
    """``(label, skill)`` for ``who``'s skills: ``Sneak (2)``."""
    if who is None:
        return []
    character = next((c for c in state.characters if c.id == who), None)
    if character is None:
        return []
    return [(f"{skill} ({value})", skill) for skill, value in character.skills.items()]


def character_options(state: FudgeState) -> list[tuple[str, str]]:
    return [(character.name, character.id) for character in state.characters]


class ConflictPanel(widgets.VBox):  # type: ignore[misc]
    """Open a conflict, see the chance of success before the roll, roll it, let it hurt.

    Args:
        game: the :class:`~.FudgeGame`.
        labels: the table's labels.
        messages: the table's message line.
        sheets: the character sheets (their equipment toggles go with the roll).

    Attributes:
        kind, actor, skill, opponent, opponent_skill, difficulty, intention, success,
            failure, circumstance: the Intention form (classes ``iw-fudge-kind``…).
        open_button: **Open the conflict** (``iw-fudge-open``).
        before: the dice and the chance before the roll (``iw-fudge-before``).
        entry: the :class:`.DiceEntry` (``iw-roll-conflict``, ``iw-faces-conflict``).
        tie: who wins a tie of competing opposition (a draw, or a side: DK-R12).
        result: the last conflict's dice and outcome (``iw-fudge-conflict-result``).
        hurt_buttons: the **Let it hurt** buttons, by character id.
        focus_round: what takes the keyboard after **Let it hurt**.
    """

    def __init__(
        self, game: FudgeGame, labels: Labels, messages: Messages, sheets: SheetsView
    ) -> None:
        self.game = game
        self.labels = labels
        self.messages = messages
        self.sheets = sheets

        control = labels.control
        self.kind = control(widgets.Dropdown(), "conflict.kind", "iw-fudge-kind")
        self.actor = control(widgets.Dropdown(), "conflict.actor", "iw-fudge-actor")
        self.skill = control(widgets.Dropdown(), "conflict.skill", "iw-fudge-skill")
        self.opponent = control(widgets.Dropdown(), "conflict.opponent", "iw-fudge-opponent")
        self.opponent_skill = control(
            widgets.Dropdown(), "conflict.opponent_skill", "iw-fudge-opponent-skill"
        )
        self.difficulty = control(
            widgets.BoundedIntText(value=1, min=-10, max=20),
            "conflict.difficulty",
            "iw-fudge-difficulty",
        )
        self.intention = control(widgets.Text(), "conflict.intention", "iw-fudge-intention")
        labels.bind(self.intention, "conflict.intention.hint", "placeholder")
        self.failure = control(widgets.Text(), "conflict.failure", "iw-fudge-failure")
        labels.bind(self.failure, "conflict.failure.hint", "placeholder")
        self.circumstance = control(
            widgets.BoundedIntText(value=0, min=0, max=10),
            "conflict.circumstance",
            "iw-fudge-circumstance",
        )
        self.open_button = labels.bind(
            widgets.Button(button_style="primary", layout=widgets.Layout(width="auto")),
            "conflict.open",
        )
        labels.bind(self.open_button, "conflict.open.tip", "tooltip")
        self.open_button.add_class("iw-fudge-open")
        self.before = widgets.HTML()
        self.before.add_class("iw-fudge-before")
        self.entry = labels.bind_kit(
            DiceEntry(
                self._roll,
                key="conflict",
                placeholder=labels("roll.dice_hint"),
                empty_hint=labels.catalogue.message("roll.empty"),
            )
        )
        self.tie = control(widgets.Dropdown(), "conflict.tie", "iw-fudge-tie")
        self.result = widgets.HTML()
        self.result.add_class("iw-fudge-conflict-result")
        self.hurt_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hurt_row.add_class("iw-fudge-hurt-row")
        self.hurt_buttons: dict[str, widgets.Button] = {}
        self.focus_round: Callable[[], None] = lambda: None
        """Puts the keyboard on the round's first step after **Let it hurt** (this
        button is then gone); the table points it at its round panel."""

        # The table's message line shows beside the controls that acted (Messages.near).
        self.form_slot = messages.slot()
        self.hurt_slot = messages.slot()
        self.open_button.on_click(
            messages.near(self.form_slot, lambda _b: self._opened(self.open_conflict()))
        )
        for box in (self.kind, self.actor, self.opponent):
            box.observe(lambda _c: self.refresh(self.game.state), names="value")
        self.form = widgets.VBox(
            [
                self.kind,
                widgets.HBox([self.actor, self.skill], layout=wrap_row()),
                widgets.HBox([self.opponent, self.opponent_skill], layout=wrap_row()),
                self.difficulty,
                self.intention,
                self.failure,
                self.circumstance,
                self.open_button,
                self.form_slot,
            ]
        )
        self.form.add_class("iw-fudge-conflict-form")
        self.fresh = Fresh()
        """The Intention form: clean again for each conflict once one is opened."""
        self.fresh.add(self.kind, KINDS[0])
        for choice in (self.actor, self.skill, self.opponent, self.opponent_skill, self.tie):
            self.fresh.add(choice, first_option(choice))
        for box in (self.difficulty, self.intention, self.failure, self.circumstance):
            self.fresh.add(box)
        self.opened = widgets.HTML()
        self.opened.add_class("iw-fudge-opened")
        self.rolling = widgets.VBox([self.opened, self.before, self.tie, self.entry])
        self.rolling.add_class("iw-fudge-conflict-rolling")
        super().__init__([self.form, self.rolling, self.result, self.hurt_row, self.hurt_slot])
        self.add_class("iw-fudge-conflict")
        labels.on_switch(lambda: self.refresh(self.game.state))
        self.refresh(game.state)

    # ------------------------------------------------------------------ actions

    def open_conflict(self) -> str:
        """Journal the Intention on the form (what **Open the conflict** does)."""
        kind = self.kind.value
        passive = kind == "passive"
        return self.game.open_conflict(
            kind,
            self.actor.value,
            self.skill.value,
            opponent=None if passive else self.opponent.value,
            opponent_skill=None if passive else self.opponent_skill.value,
            difficulty=self.difficulty.value if passive else None,
            intention=self.intention.value.strip(),
            failure=self.failure.value.strip(),
            circumstance=self.circumstance.value,
        )

    def _opened(self, conflict: str) -> str:
        """After **Open the conflict** (now disabled): the keyboard goes to the dice."""
        self.entry.faces.focus()
        return conflict

    def _settled(self) -> None:
        """After the conflict's roll (the dice box now disabled): the keyboard goes to the
        first **Let it hurt**, or else back to the form for the next conflict."""
        target = next(iter(self.hurt_buttons.values()), None)
        (target if target is not None else self.kind).focus()

    def _roll(self, faces: str | None) -> Any:
        """The dice entry's callback: roll the open conflict (typed faces split by ``/``)."""
        conflict = self.game.state.open_conflict()
        if conflict is None:
            return self.game.roll_conflict(faces)  # the engine says there is none
        sides = conflict.sides
        typed: list[str | None] = [None] * len(sides)
        if faces is not None:
            names = [self.game.character(side).name for side in sides]
            typed = list(split_faces(faces, names, what=self.labels("table.conflict")))
        rolled = self.game.roll_conflict(
            typed[0],
            typed[1] if len(typed) > 1 else None,
            equipment=self.sheets.selected_equipment(sides[0]),
            opponent_equipment=(self.sheets.selected_equipment(sides[1]) if len(sides) > 1 else ()),
            tie_winner=self.tie.value or None,
        )
        self.sheets.clear_equipment(sides)
        self._settled()
        return rolled

    def let_it_hurt(self, who: str) -> Any:
        """``who`` (a player's character) lets the last conflict hurt; the keyboard goes
        where :attr:`focus_round` sends it (the table: the first round's first box)."""
        started = self.game.let_it_hurt(who)
        self.focus_round()
        return started

    # ------------------------------------------------------------------ drawing

    @redraws
    def refresh(self, state: FudgeState) -> None:
        """Redraw for ``state`` in the language spoken: options, what is enabled, the
        chance before the roll, the last result and the let-it-hurt buttons (once: the
        form's own observers find the redraw under way)."""
        labels = self.labels
        steps = offered_steps(self.game, state)
        actions = {step.action for step in steps}
        self.fresh.belong_to(state.counters.conflicts)  # a conflict opened: the form is clean
        set_options(self.kind, [(labels(f"conflict.{kind}"), kind) for kind in KINDS])
        people = character_options(state)
        set_options(self.actor, people)
        set_options(self.skill, skill_options(state, self.actor.value))
        others = [(name, who) for name, who in people if who != self.actor.value]
        set_options(self.opponent, others)
        set_options(self.opponent_skill, skill_options(state, self.opponent.value))
        passive = self.kind.value == "passive"
        set_shown(self.difficulty, passive)
        for box in (self.opponent, self.opponent_skill):
            set_shown(box, not passive)
        can_open = "open_conflict" in actions
        for box in (self.kind, self.actor, self.skill, self.opponent, self.opponent_skill):
            box.disabled = not can_open
        self.open_button.disabled = not can_open or not self.skill.value
        conflict = state.open_conflict()
        # The dice belong to the conflict last opened (an undone roll is still its roll).
        self.entry.belong_to(state.conflict.id if state.conflict is not None else None)
        self.entry.disabled = "roll_conflict" not in actions
        set_shown(self.form, conflict is None)
        set_shown(self.rolling, conflict is not None)
        self.before.value = self._before(state) if conflict is not None else ""
        self.opened.value = self._opened_html(state) if conflict is not None else ""
        if conflict is not None:
            placeholder = " / ".join(state.character(side).name for side in conflict.sides)
            hint = "roll.dice_hint.two" if len(conflict.sides) > 1 else "roll.dice_hint"
            self.entry.faces.placeholder = f"{placeholder}: {labels(hint)}"
            competing = conflict.kind == "competing"
            set_shown(self.tie, competing)
            set_options(
                self.tie,
                [(labels("conflict.draw_result"), "")]
                + [(state.character(side).name, side) for side in conflict.sides],
            )
        self.result.value = self._result(state)
        self._hurt_buttons(state, steps)

    def _opened_html(self, state: FudgeState) -> str:
        """The open conflict in one line (the form that opened it is clean again): who
        acts with which skill, against whom or what difficulty, and what is at stake."""
        labels = self.labels
        conflict = state.open_conflict()
        assert conflict is not None
        opened = conflict.opened
        actor = state.character(opened.initiator)
        said = f"{actor.name} ({opened.skill} {actor.skill(opened.skill)})"
        if opened.opponent is not None and opened.opponent_skill is not None:
            other = state.character(opened.opponent)
            said += (
                f" {labels('conflict.against')} {other.name} "
                f"({opened.opponent_skill} {other.skill(opened.opponent_skill)})"
            )
        elif opened.difficulty is not None:
            said += f" · {labels('conflict.difficulty')} {opened.difficulty}"
        stakes = [
            f"{labels(key)}: {text}"
            for key, text in (
                ("conflict.intention", opened.intention),
                ("conflict.failure", opened.failure),
            )
            if text
        ]
        head = f"{labels(f'conflict.{conflict.kind}')}: {said}"
        rest = "".join(f"<div>{html.escape(line)}</div>" for line in stakes)
        return f'<div class="iw-fudge-opened-line"><b>{html.escape(head)}</b>{rest}</div>'

    def _before(self, state: FudgeState) -> str:
        """Each side's dice and why, and the exact chance (the engine's
        :meth:`~isowidgets.rules.fudge_conflict.FudgeGame.conflict_odds`), before anyone rolls."""
        labels = self.labels
        conflict = state.open_conflict()
        assert conflict is not None
        opened = conflict.opened
        lines = []
        for side, skill in (
            (opened.initiator, opened.skill),
            (opened.opponent, opened.opponent_skill),
        ):
            if side is None or skill is None:
                continue
            sources = self.game.roll_preview(side, skill)
            lines.append(
                labels(
                    "lih.dice_of",
                    name=state.character(side).name,
                    dice=sources_text(labels, sources),
                )
            )
        odds = self.game.conflict_odds()
        if opened.opponent_name is None:
            said = render(
                msg("fudge_conflict.table.chance", "Chance of success: {p}", p=chance(odds.win)),
                labels.language,
            )
        else:
            said = render(
                msg(
                    "fudge_conflict.table.chance_opposed",
                    "{a} wins {win} · draw {tie} · {b} wins {loss}",
                    a=opened.initiator_name,
                    win=chance(odds.win),
                    tie=chance(odds.draw),
                    b=opened.opponent_name,
                    loss=chance(odds.loss),
                ),
                labels.language,
            )
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        return (
            f"<b>{html.escape(labels('lih.dice_before'))}</b><ul>{items}</ul>"
            f'<div class="iw-fudge-chance" role="status">{html.escape(said)}</div>'
        )

    def _result(self, state: FudgeState) -> str:
        """The last rolled conflict: the dice, the result, the outcome in words and glyphs."""
        labels = self.labels
        conflict = state.conflict
        if conflict is None:
            return f"<em>{html.escape(labels('conflict.none'))}</em>"
        if conflict.rolled is None:
            return ""  # open: the dice and the chance are shown above the Roll button
        rolled = conflict.rolled
        rows = "".join(record_html(labels, record) for record in rolled.records)
        if rolled.draw:
            verdict = labels("conflict.draw_result")
        elif conflict.kind == "passive":
            verdict = labels("conflict.success" if rolled.success else "conflict.failure_result")
        elif rolled.winner is not None:
            verdict = labels("conflict.wins", name=state.character(rolled.winner).name)
        else:
            verdict = labels("conflict.failure_result")
        margin = labels("conflict.margin", n=rolled.margin)
        why = (
            f" — {html.escape(render(rolled.reason_message(), labels.language))}"
            if rolled.reason
            else ""
        )
        return (
            f'{rows}<div class="iw-fudge-ok" role="status">{html.escape(verdict)}'
            f" ({html.escape(margin)}){why}</div>"
        )

    def _hurt_buttons(self, state: FudgeState, steps: tuple[Any, ...]) -> None:
        """One **Let it hurt** button per player character the engine offers it to."""
        offered = [step.actor for step in steps if step.action == "let_it_hurt"]
        retired = [
            self.hurt_buttons.pop(w) for w in [w for w in self.hurt_buttons if w not in offered]
        ]
        for who in offered:
            name = state.character(who).name
            text = f"{self.labels('conflict.lih')}: {name}"
            button = self.hurt_buttons.get(who)
            if button is None:
                button = widgets.Button(layout=widgets.Layout(width="auto"), button_style="warning")
                button.add_class(f"iw-fudge-lih-{who}")
                button.on_click(self.messages.near(self.hurt_slot, _bound(self.let_it_hurt, who)))
                self.hurt_buttons[who] = button
            button.description = text
            button.tooltip = self.labels("conflict.lih.tip")
        set_children(self.hurt_row, (self.hurt_buttons[who] for who in offered), retired=retired)

    def close(self) -> None:
        for button in getattr(self, "hurt_buttons", {}).values():
            button.close()
        if hasattr(self, "entry"):
            self.entry.close()
        super().close()


def _bound(function: Callable[[str], Any], who: str) -> Callable[[Any], Any]:
    return lambda _button: function(who)
