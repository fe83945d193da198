"""The assistance-chain builder: combine a skill, or help, one roll at a time.

Each roll assists a principal of the open conflict (the initiator, or the opponent).
The principal combining another skill of their own is the first variant of
combining skills (DK-R15), or the second when the GM sets a gate difficulty that
must be beaten (DK-R16); another character rolling is help (DK-R17…R19). The
engine passes each roller's dice on to the next and refuses a helper out of the
chain's order (highest skill first), with its reason; the principal rolls last,
as the conflict's roll on the conflict panel.

Before each roll the panel shows the roller's bonus and penalty dice and the
chance the roll does its job (beats the gate, or passes bonus dice on), from the
engine's odds. The chain so far is listed under it, each roll with what it passed on.

The form belongs to one conflict and the dice box to one roll of its chain
(:mod:`~isowidgets.widgets.fresh`): a new conflict starts with the form at its defaults,
and each roll with an empty box and no "last roll" mark of the one before.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ...rules.fudge_conflict import FudgeGame, FudgeState
from ...words import msg, render
from ..dice_entry import DiceEntry
from ..fresh import Fresh, first_option
from ..i18n import Labels
from ..messages import Messages
from ..panel import redraws, set_options, wrap_row
from .conflict import character_options, skill_options
from .sheets import SheetsView
from .views import chance, dice_words, net_of, offered_steps, record_html, sources_text

__all__ = ["ChainPanel"]


class ChainPanel(widgets.VBox):  # type: ignore[misc]
    """Roll the assistance for the open conflict, one helper (or combined skill) at a time.

    Attributes:
        helper, skill, target: who rolls which skill, for which principal
            (``iw-fudge-helper``, ``iw-fudge-helper-skill``, ``iw-fudge-helps``).
        gated, gate: whether the roll must beat ``gate`` first (DK-R16).
        penalties: whether a bad roll passes penalty dice on (the GM's call, DK-R15).
        before: the roller's dice and the chance (``iw-fudge-chain-before``).
        entry: the :class:`.DiceEntry` (``iw-roll-assist``, ``iw-faces-assist``).
        chain: the rolls so far (``iw-fudge-chain-list``).
    """

    def __init__(
        self, game: FudgeGame, labels: Labels, messages: Messages, sheets: SheetsView
    ) -> None:
        self.game = game
        self.labels = labels
        self.messages = messages
        self.sheets = sheets

        control = labels.control
        self.helper = control(widgets.Dropdown(), "chain.helper", "iw-fudge-helper")
        self.skill = control(widgets.Dropdown(), "conflict.skill", "iw-fudge-helper-skill")
        self.target = control(widgets.Dropdown(), "chain.target", "iw-fudge-helps")
        self.gated = control(widgets.Checkbox(indent=False), "chain.gate", "iw-fudge-gated")
        self.gate = control(
            widgets.BoundedIntText(value=0, min=-10, max=20),
            "chain.gate_difficulty",
            "iw-fudge-gate",
        )
        self.penalties = control(
            widgets.Checkbox(indent=False), "chain.penalties", "iw-fudge-penalties"
        )
        self.before = widgets.HTML()
        self.before.add_class("iw-fudge-chain-before")
        self.entry = labels.bind_kit(
            DiceEntry(
                self._roll,
                key="assist",
                placeholder=labels("roll.dice_hint"),
                empty_hint=labels.catalogue.message("roll.empty"),
            )
        )
        labels.bind(self.entry.faces, "roll.dice_hint", "placeholder")
        self.chain = widgets.HTML()
        self.chain.add_class("iw-fudge-chain-list")
        self.fresh = Fresh()
        """The form, at its defaults again for each conflict."""
        for choice in (self.helper, self.skill, self.target):
            self.fresh.add(choice, first_option(choice))
        for box in (self.gated, self.gate, self.penalties):
            self.fresh.add(box)
        for box in (self.helper, self.skill, self.target, self.gated, self.gate):
            box.observe(lambda _c: self.refresh(self.game.state), names="value")
        super().__init__(
            [
                widgets.HBox([self.helper, self.skill], layout=wrap_row()),
                self.target,
                widgets.HBox([self.gated, self.gate], layout=wrap_row()),
                self.penalties,
                self.before,
                self.entry,
                self.chain,
            ]
        )
        self.add_class("iw-fudge-chain")
        labels.on_switch(lambda: self.refresh(self.game.state))
        self.refresh(game.state)

    def _roll(self, faces: str | None) -> Any:
        """The dice entry's callback: one assisting roll, journaled by the engine."""
        helper = self.helper.value
        rolled = self.game.assist(
            helper,
            self.skill.value,
            target=self.target.value,
            gate=self.gate.value if self.gated.value else None,
            penalties=bool(self.penalties.value),
            equipment=self.sheets.selected_equipment(helper),
            faces=faces,
        )
        self.sheets.clear_equipment([helper])
        return rolled

    # ------------------------------------------------------------------ drawing

    @redraws
    def refresh(self, state: FudgeState) -> None:
        """Redraw the form, the dice before the roll and the chain, for ``state`` (once:
        the form's own observers find the redraw under way)."""
        labels = self.labels
        conflict = state.open_conflict()
        last = state.conflict
        self.fresh.belong_to(last.id if last is not None else None)
        self.entry.belong_to((last.id, len(last.assists)) if last is not None else None)
        set_options(self.helper, character_options(state))
        set_options(self.skill, skill_options(state, self.helper.value))
        sides = conflict.sides if conflict is not None else ()
        set_options(self.target, [(state.character(side).name, side) for side in sides])
        self.gate.disabled = not self.gated.value
        can = "assist" in {step.action for step in offered_steps(self.game, state)}
        self.entry.disabled = not can
        for box in (self.helper, self.skill, self.target, self.gated, self.penalties):
            box.disabled = not can
        if conflict is None:
            self.before.value = f"<em>{html.escape(labels('chain.none_open'))}</em>"
        else:
            self.before.value = self._before(state)
        self.chain.value = self._chain(state)

    def _before(self, state: FudgeState) -> str:
        """The roller's dice (with what the chain passed on) and the chance, before the roll."""
        labels = self.labels
        conflict = state.open_conflict()
        helper, skill, target = self.helper.value, self.skill.value, self.target.value
        if conflict is None or not helper or not skill or not target:
            return ""
        # The roll's own dice, with what the chain passed on to the principal it is for.
        sources = self.game.roll_preview(helper, skill, target=target)
        net = net_of(sources)
        value = state.character(helper).skill(skill)
        if self.gated.value:
            said = render(
                msg(
                    "fudge_conflict.table.chance",
                    "Chance of success: {p}",
                    p=chance(self.game.success_chance(value, self.gate.value, net)),
                ),
                labels.language,
            )
        else:
            said = render(
                msg(
                    "fudge_conflict.table.chance_bonus",
                    "Chance of passing bonus dice on: {p}",
                    p=chance(self.game.success_chance(value, 0, net)),
                ),
                labels.language,
            )
        line = labels(
            "lih.dice_of", name=state.character(helper).name, dice=sources_text(labels, sources)
        )
        return (
            f"<b>{html.escape(labels('lih.dice_before'))}</b><ul><li>{html.escape(line)}</li></ul>"
            f'<div class="iw-fudge-chance" role="status">{html.escape(said)}</div>'
        )

    def _chain(self, state: FudgeState) -> str:
        """The assisting rolls of the conflict shown (the open one, or the last one)."""
        labels = self.labels
        conflict = state.open_conflict() or state.conflict
        if conflict is None or not conflict.assists:
            return f"<em>{html.escape(labels('chain.empty'))}</em>"
        rows = []
        for assist in conflict.assists:
            name = assist.roll.name
            if assist.blocked:
                passed = labels("chain.blocked", name=name)
            elif assist.passed_on > 0:
                passed = labels(
                    "chain.passes", name=name, dice=dice_words(labels, assist.passed_on)
                )
            elif assist.passed_on < 0:
                passed = labels(
                    "chain.passes_penalty", name=name, dice=dice_words(labels, assist.passed_on)
                )
            else:
                passed = labels("chain.passes_nothing", name=name)
            helped = state.character(assist.target).name
            rows.append(
                f"<li>{record_html(labels, assist.roll)}"
                f"<div>→ {html.escape(passed)} ({html.escape(labels('chain.for', name=helped))})"
                "</div></li>"
            )
        tail = ""
        if state.open_conflict() is not None:
            for side in conflict.sides:
                carried = conflict.carried(side)
                if carried:
                    tail += (
                        "<div>"
                        + html.escape(
                            labels(
                                "chain.next_gets",
                                name=state.character(side).name,
                                dice=dice_words(labels, carried),
                            )
                        )
                        + "</div>"
                    )
        return f'<ol class="iw-fudge-chain-rolls">{"".join(rows)}</ol>{tail}'

    def close(self) -> None:
        if hasattr(self, "entry"):
            self.entry.close()
        super().close()
