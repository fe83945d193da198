"""The let-it-hurt round panel: intentions, declared actions, the roll, damage, next round.

A round of *lade det gøre ondt* on one panel, in the order the rules play it
(DK-R23…R35):

1. **Intention**: each party's outcome wanted this round (Enter in the box states it).
2. **Declare actions**: each party's action, crossing, parallel or defensive, against
   whom, with which skill, and which ability it damages (DK-A07: chosen when it is
   declared); or a round spent combining skills. The equipment toggled on the
   party's sheet goes with the declaration. Declarations can be revised until the roll.
3. **Before anyone rolls**: each party's bonus and penalty dice with why (scratches,
   wounds in the category, bonus dice won last round or by the triggering conflict),
   and how likely each is to roll higher, from the engine's odds.
4. **Roll**: the kit's :class:`~isowidgets.widgets.dice_entry.DiceEntry` for the whole
   round: **Roll**, or every party's faces typed with ``/`` between them and Enter.
5. **Consequence**: the dice, each wound asked and where it landed on the track (the
   sheets' tracks move too), the bonus dice won, and **next round's dice before anyone
   rolls**, as the engine would give them to the same skills: shown at the top of the
   panel, over the next round's first step (the keyboard goes there).

Every box and choice belongs to one round (:mod:`~isowidgets.widgets.fresh`): when the
next round starts each party's intention box is empty, the declaration is back at its
default (crossing, against the first opponent, with the engine's usual skill and the
ability that skill's wounds weigh on, not combining), and the round's dice box is empty
with no "last roll" mark of the round before.

A party may give up at any time (DK-R35); the damage then falls down (DK-R37).
Before the first round the tab also answers **how much will this hurt?** for the
whole fight (:mod:`hurt_odds <.widgets.fudge_conflict.hurt_odds>`).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...journal import Entry, Journal, Kept
from ...rules.fudge_conflict import FudgeGame, FudgeState
from ...rules.fudge_conflict.abilities import ABILITIES
from ...rules.fudge_conflict.events import HurtEnded, HurtStarted, RoundRolled
from ...rules.fudge_conflict.hurt import usual_attack, usual_skill
from ...words import msg, render
from ..children import set_children
from ..dice_entry import DiceEntry
from ..fresh import UNSET, Fresh
from ..i18n import Labels
from ..messages import Messages
from ..panel import set_options, set_shown, wrap_row
from ..submit_button import SubmitButton
from ..submit_text import SubmitText
from .conflict import skill_options
from .hurt_odds import HurtOddsView
from .sheets import SheetsView
from .views import (
    ability_label,
    chance,
    dice_words,
    net_of,
    offered_steps,
    record_html,
    sources_text,
)

__all__ = ["LastRound", "PartyRow", "RoundPanel", "last_round_events"]

CATEGORIES = ("crossing", "parallel", "defensive")


def last_round_events(
    entries: Sequence[Entry],
) -> tuple[RoundRolled | None, HurtEnded | None]:
    """The last round rolled and the end of Let It Hurt, in the Let It Hurt shown last."""
    rolled: RoundRolled | None = None
    ended: HurtEnded | None = None
    for entry in reversed(entries):
        event = entry.event
        if isinstance(event, HurtStarted):
            break
        if isinstance(event, RoundRolled) and rolled is None:
            rolled = event
        elif isinstance(event, HurtEnded) and ended is None:
            ended = event
    return rolled, ended


class LastRound(Kept):
    """:func:`last_round_events` of a journal's effective entries, kept as the journal
    grows (a :class:`~isowidgets.journal.kept.Kept`): an action in a long session costs what
    it adds, and the journal is read again only after an undo or a redo."""

    def __init__(self) -> None:
        super().__init__()
        self.rolled: RoundRolled | None = None
        self.ended: HurtEnded | None = None

    def reset(self) -> None:
        self.rolled = self.ended = None

    def read(self, entry: Entry) -> None:
        event = entry.event
        if isinstance(event, HurtStarted):
            self.rolled = self.ended = None
        elif isinstance(event, RoundRolled):
            self.rolled = event
        elif isinstance(event, HurtEnded):
            self.ended = event

    def refold(self, entries: list[Entry]) -> None:
        self.rolled, self.ended = last_round_events(entries)  # backwards, stopping early

    def of(self, journal: Journal) -> tuple[RoundRolled | None, HurtEnded | None]:
        """The last round rolled and the end of Let It Hurt in ``journal`` now."""
        self.follow(journal)
        return self.rolled, self.ended


class PartyRow(widgets.VBox):  # type: ignore[misc]
    """One party's intention, declared action and **gives up** button.

    Classes end with the party's id: ``iw-fudge-intent-<id>``,
    ``iw-fudge-category-<id>``, ``iw-fudge-target-<id>``, ``iw-fudge-act-skill-<id>``,
    ``iw-fudge-ability-<id>``, ``iw-fudge-combining-<id>``, ``iw-fudge-declare-<id>``,
    ``iw-fudge-give-up-<id>``.
    """

    def __init__(self, panel: RoundPanel, who: str) -> None:
        self.panel = panel
        self.who = who
        labels = panel.labels
        self.slot = panel.messages.slot()
        """Where the table's message line shows when this party's controls act."""

        def run(function: Any) -> Any:
            return panel.messages.near(self.slot, function)

        def control(widget: Any, key: str, css: str) -> Any:
            labels.control(widget, key, f"{css}-{who}")
            if isinstance(widget, widgets.Dropdown):  # two to a row in the panel's width
                widget.layout = widgets.Layout(width="auto", flex="1 1 200px")
            return widget

        self.heading = widgets.HTML()
        self.intention = control(SubmitText(), "lih.intention.short", "iw-fudge-intent")
        labels.bind(self.intention, "lih.intention.hint", "placeholder")
        self.intention_button = control(
            SubmitButton(text=self.intention), "lih.set_intention", "iw-fudge-intent-set"
        )
        self.intention.on_submit(run(lambda text: self.state_intention(text)))
        self.category = control(widgets.Dropdown(), "lih.category", "iw-fudge-category")
        self.target = control(widgets.Dropdown(), "lih.target", "iw-fudge-target")
        self.skill = control(widgets.Dropdown(), "conflict.skill", "iw-fudge-act-skill")
        self.ability = control(widgets.Dropdown(), "lih.ability", "iw-fudge-ability")
        self.combining = control(
            widgets.Checkbox(indent=False), "lih.combining", "iw-fudge-combining"
        )
        self.declare_button = control(
            widgets.Button(layout=widgets.Layout(width="auto")), "lih.declare", "iw-fudge-declare"
        )
        self.declare_button.on_click(run(lambda _b: self.declare()))
        self.give_up_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.give_up_button.add_class(f"iw-fudge-give-up-{who}")
        self.give_up_button.on_click(run(lambda _b: panel.game.give_up(who)))
        super().__init__(
            [
                self.heading,
                widgets.HBox([self.intention, self.intention_button], layout=wrap_row()),
                self.slot,
                widgets.HBox(
                    [self.category, self.target, self.skill, self.ability], layout=wrap_row()
                ),
                widgets.HBox(
                    [self.combining, self.declare_button, self.give_up_button], layout=wrap_row()
                ),
            ]
        )
        self.add_class("iw-fudge-party")
        self.add_class(f"iw-fudge-party-{who}")
        self.fresh = Fresh(self.intention)
        """The party's boxes for one round: the intention, then the declaration at its
        default (see ``_usual_skill`` and ``_usual_ability``)."""
        self.fresh.add(self.category, CATEGORIES[0])
        self.fresh.add(self.target, self._first_target)
        self.fresh.add(self.skill, self._usual_skill)
        self.fresh.add(self.ability, self._usual_ability)
        self.fresh.add(self.combining, False)

    def _first_target(self) -> str | None:
        return next((value for _, value in self.target.options), None)

    def _usual_skill(self) -> str | None:
        """The engine's usual choice (:func:`~isowidgets.rules.fudge_conflict.hurt.
        usual_skill`): the skill of the conflict let hurt (the first one offered when
        nothing says which)."""
        offered = [value for _, value in self.skill.options]
        skill = usual_skill(self.panel.game.state, self.who)
        return skill if skill in offered else (offered[0] if offered else None)

    def _usual_ability(self) -> str:
        """The ability the opponent's skill weighs on (:func:`~isowidgets.rules.
        fudge_conflict.hurt.usual_attack`), Kraft when there is no opponent."""
        target = self.target.value
        return usual_attack(self.panel.game.state, target) if target else "kraft"

    def state_intention(self, text: str) -> Any:
        """``who``'s intention for the round (Enter in the box); the box empties and the
        keyboard goes on to the next party without one, or to this party's action."""
        entries = self.panel.game.state_intention(self.who, text)
        self.intention.value = ""
        self.panel.focus_after_intention(self.who)
        return entries

    def declare(self) -> Any:
        game = self.panel.game
        declared = game.declare(
            self.who,
            self.category.value,
            self.target.value,
            self.skill.value,
            ability=self.ability.value,
            combining=bool(self.combining.value),
            equipment=self.panel.sheets.selected_equipment(self.who),
        )
        self.panel.sheets.clear_equipment([self.who])
        return declared

    def refresh(self, state: FudgeState, actions: set[tuple[str, str | None]]) -> None:
        labels = self.panel.labels
        hurt = state.active_hurt()
        name = state.character(self.who).name
        wants = hurt.intentions.get(self.who, "") if hurt is not None else ""
        said = f": “{html.escape(wants)}”" if wants else ""
        self.heading.value = (
            f'<div class="iw-fudge-sheet-name">{html.escape(name)}'
            f'<span class="iw-fudge-intent-now">{said}</span></div>'
        )
        self.intention.description = labels("lih.intention.short")
        set_options(self.category, [(labels(f"lih.{c}"), c) for c in CATEGORIES])
        others = [p for p in hurt.parties if p != self.who] if hurt is not None else []
        set_options(self.target, [(state.character(p).name, p) for p in others])
        set_options(self.skill, skill_options(state, self.who))
        set_options(self.ability, [(ability_label(labels, a), a) for a in ABILITIES])
        if hurt is not None and self.fresh.owner is UNSET:
            self.fresh.reset()  # the first round: the engine's usual choices
        if hurt is not None:
            self.fresh.belong_to((hurt.conflict, hurt.round))
        self.intention.disabled = self.intention_button.disabled = (
            "state_intention",
            self.who,
        ) not in actions
        can_declare = ("declare", self.who) in actions
        for control in (self.category, self.target, self.skill, self.ability, self.combining):
            control.disabled = not can_declare
        self.declare_button.disabled = not can_declare
        self.give_up_button.disabled = ("give_up", self.who) not in actions
        self.give_up_button.description = labels("lih.give_up", name=name)


class RoundPanel(widgets.VBox):  # type: ignore[misc]
    """Play Let It Hurt round by round (see the module's notes).

    Attributes:
        status: the round and the invoker (``iw-fudge-round``).
        hurt_odds: how much the whole fight will hurt, before round one
            (:class:`~.hurt_odds.HurtOddsView`).
        rows: party id → :class:`PartyRow`.
        declared: this round's declarations in words (``iw-fudge-declared``).
        before: each party's dice and the odds before anyone rolls (``iw-fudge-round-before``).
        entry: the round's :class:`.DiceEntry` (``iw-roll-round``, ``iw-faces-round``).
        outcome: the last round: dice, damage, bonus dice won (``iw-fudge-round-result``).
        next_round: next round's penalty and bonus dice, before anyone rolls
            (``iw-fudge-next-round``).
        joiner, join_button: another character joining the fight at the start of a
            round, before anyone declares (``iw-fudge-joiner``, ``iw-fudge-join``).
    """

    def __init__(
        self, game: FudgeGame, labels: Labels, messages: Messages, sheets: SheetsView
    ) -> None:
        self.game = game
        self.labels = labels
        self.messages = messages
        self.sheets = sheets
        self._last_round = LastRound()
        self.status = widgets.HTML()
        self.status.add_class("iw-fudge-round")
        self.hurt_odds = HurtOddsView(game, labels)
        self.rows: dict[str, PartyRow] = {}
        self.parties = widgets.VBox()
        self.parties.add_class("iw-fudge-parties")
        self.joiner = labels.bind(
            widgets.Dropdown(style={"description_width": "initial"}), "lih.join.who"
        )
        self.joiner.add_class("iw-fudge-joiner")
        self.join_button = labels.bind(
            widgets.Button(layout=widgets.Layout(width="auto")), "lih.join"
        )
        labels.bind(self.join_button, "lih.join.tip", "tooltip")
        self.join_button.add_class("iw-fudge-join")
        self.join_slot = messages.slot()
        self.join_button.on_click(messages.near(self.join_slot, lambda _b: self.join()))
        self.join_row = widgets.VBox(
            [widgets.HBox([self.joiner, self.join_button], layout=wrap_row()), self.join_slot]
        )
        self.declared = widgets.HTML()
        self.declared.add_class("iw-fudge-declared")
        self.before = widgets.HTML()
        self.before.add_class("iw-fudge-round-before")
        self.entry = labels.bind_kit(
            DiceEntry(
                self._roll,
                key="round",
                placeholder=labels("roll.dice_hint"),
                empty_hint=labels.catalogue.message("roll.empty"),
            )
        )
        self.outcome = widgets.HTML()
        self.outcome.add_class("iw-fudge-round-result")
        self.next_round = widgets.HTML()
        self.next_round.add_class("iw-fudge-next-round")
        super().__init__(
            [
                self.status,
                self.hurt_odds,
                # The last round's dice and damage first: as the next round starts, that is
                # what is new, and its first step (an intention) comes right under it.
                self.outcome,
                self.parties,
                self.next_round,
                self.join_row,
                self.declared,
                self.before,
                self.entry,
            ]
        )
        self.add_class("iw-fudge-hurt")
        labels.on_switch(lambda: self.refresh(self.game.state))
        self.refresh(game.state)

    def focus_first(self) -> None:
        """Put the keyboard on the round's first step: the first intention still to state
        (round one), else the first action still to declare (later rounds keep the
        intentions, which may be changed). The last round's result, just above, is
        brought into view with it."""
        rows = [row for row in self.parties.children if isinstance(row, PartyRow)]
        steps = [step for step in self.game.steps(self.game.state) if step.required]
        result = ".iw-fudge-round-result"
        for row in rows:
            if any(s.action == "state_intention" and s.actor == row.who for s in steps):
                row.intention.focus_after(result)
                return
        for row in rows:
            if any(s.action == "declare" and s.actor == row.who for s in steps):
                row.intention.reveal(result)
                row.category.focus()
                return
        if rows:
            rows[0].intention.focus_after(result)

    def focus_after_intention(self, who: str) -> None:
        """After ``who`` stated an intention: the next party who has none states theirs;
        when everyone has, the round's first action to declare."""
        hurt = self.game.state.active_hurt()
        rows = [row for row in self.parties.children if isinstance(row, PartyRow)]
        stated = hurt.intentions if hurt is not None else {}
        start = next((i for i, row in enumerate(rows) if row.who == who), 0)
        order = rows[start + 1 :] + rows[:start]
        waiting = next((row for row in order if row.who not in stated), None)
        if waiting is not None:
            waiting.intention.focus()
        else:
            self.focus_first()

    def _roll(self, faces: str | None) -> Any:
        """The dice entry's callback: the whole round, everyone's faces split by ``/``."""
        from .views import split_faces

        hurt = self.game.state.active_hurt()
        if hurt is None or faces is None:
            rolled = self.game.roll_round(None)
            if self.game.state.active_hurt() is not None:
                self.focus_first()
            return rolled
        names = [self.game.character(p).name for p in hurt.parties]
        typed = split_faces(faces, names, what=self.labels("lih.round", n=hurt.round))
        rolled = self.game.roll_round(dict(zip(hurt.parties, typed, strict=True)))
        if self.game.state.active_hurt() is not None:
            self.focus_first()  # the next round: its first step is the first intention
        return rolled

    def join(self) -> Any:
        """The character chosen in the ``joiner`` list joins the fight (DK-A26)."""
        return self.game.join_hurt(self.joiner.value)

    # ------------------------------------------------------------------ drawing

    def refresh(self, state: FudgeState) -> None:
        """Redraw every part of the round for ``state``, in the language spoken."""
        labels = self.labels
        hurt = state.active_hurt()
        steps = offered_steps(self.game, state)
        actions = {(step.action, step.actor) for step in steps}
        rolled, ended = self._last_round.of(self.game.journal)
        self.hurt_odds.refresh(state)
        if hurt is None:
            self.status.value = f"<em>{html.escape(labels('lih.not_running'))}</em>"
            parties: tuple[str, ...] = ()
        else:
            invoker = state.character(hurt.invoker).name
            said = f"{labels('lih.round', n=hurt.round)} · {labels('lih.invoked_by', name=invoker)}"
            self.status.value = f'<div class="iw-title" role="status">{html.escape(said)}</div>'

            parties = hurt.parties
        retired = [self.rows.pop(p) for p in [p for p in self.rows if p not in parties]]
        for party in parties:
            row = self.rows.get(party)
            if row is None:
                row = self.rows[party] = PartyRow(self, party)
            row.refresh(state, actions)
        set_children(self.parties, (self.rows[p] for p in parties), retired=retired)
        outside = [(c.name, c.id) for c in state.characters if c.id not in parties]
        set_options(self.joiner, outside)
        can_join = ("join_hurt", None) in actions and bool(outside)
        self.joiner.disabled = self.join_button.disabled = not can_join
        set_shown(self.join_row, hurt is not None)
        self.declared.value = self._declared(state)
        self.before.value = self._before(state)
        self.entry.belong_to((hurt.conflict, hurt.round) if hurt is not None else None)
        self.entry.disabled = ("roll_round", None) not in actions
        set_shown(self.entry, hurt is not None)
        if hurt is not None:
            order = " / ".join(state.character(p).name for p in hurt.parties)
            hint = "roll.dice_hint.two" if len(hurt.parties) > 1 else "roll.dice_hint"
            self.entry.faces.placeholder = f"{order}: {labels(hint)}"
        self.outcome.value = self._outcome(state, rolled, ended)
        self.next_round.value = self._next(state, rolled) if hurt is not None else ""

    def _declared(self, state: FudgeState) -> str:
        labels = self.labels
        hurt = state.active_hurt()
        if hurt is None:
            return ""
        if not hurt.declared:
            return f"<em>{html.escape(labels('lih.none_declared'))}</em>"
        lines = []
        for declared in hurt.declared.values():
            if declared.combining:
                line = labels("lih.declared.combining", name=declared.name, skill=declared.skill)
            else:
                line = labels(
                    "lih.declared.line",
                    name=declared.name,
                    category=labels(f"lih.{declared.category}"),
                    target=declared.target_name,
                    skill=declared.skill,
                    ability=ability_label(labels, declared.ability or ""),
                )
            lines.append(f"<li>{html.escape(line)}</li>")
        return f"<b>{html.escape(labels('lih.declared'))}</b><ul>{''.join(lines)}</ul>"

    def _dice_lines(self, state: FudgeState, skills: dict[str, str]) -> tuple[list[str], list[int]]:
        labels = self.labels
        lines, nets = [], []
        for party, skill in skills.items():
            sources = self.game.roll_preview(party, skill)
            nets.append(net_of(sources))
            lines.append(
                labels(
                    "lih.dice_of",
                    name=state.character(party).name,
                    dice=sources_text(labels, sources),
                )
            )
        return lines, nets

    def _before(self, state: FudgeState) -> str:
        """This round's dice and who is likelier to roll higher, once everyone declared."""
        labels = self.labels
        hurt = state.active_hurt()
        if hurt is None or not hurt.declared:
            return ""
        skills = {party: declared.skill for party, declared in hurt.declared.items()}
        lines, nets = self._dice_lines(state, skills)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        odds = ""
        if len(skills) == 2:
            (a, a_skill), (b, b_skill) = skills.items()
            first, second = state.character(a), state.character(b)
            chances = self.game.contest_chances(
                "competing", first.skill(a_skill), second.skill(b_skill), nets[0], nets[1]
            )
            said = render(
                msg(
                    "fudge_conflict.table.round_odds",
                    "{a} rolls higher {win} · equal {tie} · {b} rolls higher {loss}",
                    a=first.name,
                    win=chance(chances.higher),
                    tie=chance(chances.tie),
                    b=second.name,
                    loss=chance(chances.lower),
                ),
                labels.language,
            )
            odds = f'<div class="iw-fudge-chance" role="status">{html.escape(said)}</div>'
        return f"<b>{html.escape(labels('lih.dice_before'))}</b><ul>{items}</ul>{odds}"

    def _outcome(
        self, state: FudgeState, rolled: RoundRolled | None, ended: HurtEnded | None
    ) -> str:
        """The last round: everyone's dice, the wounds (asked → recorded) and bonus dice won."""
        labels = self.labels
        parts = []
        if rolled is not None:
            title = labels("lih.round_result", n=rolled.round)
            parts.append(f'<div class="iw-title">{html.escape(title)}</div>')
            parts.extend(record_html(labels, record) for record in rolled.records)
            lines = []
            for hit in rolled.hits:
                lines.append(
                    labels(
                        "lih.damage_applied",
                        name=state.character(hit.target).name,
                        asked=hit.level,
                        ability=ability_label(labels, hit.ability),
                        level=hit.recorded,
                    )
                )
            for grant in rolled.grants:
                lines.append(
                    labels(
                        "lih.bonus_won",
                        name=state.character(grant.actor).name,
                        dice=dice_words(labels, grant.dice),
                    )
                )
            for who in rolled.defeated:
                lines.append(labels("lih.defeated", name=state.character(who).name))
            if not lines:
                lines.append(labels("lih.no_damage"))
            parts.append(
                "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"
            )
        if ended is not None and state.active_hurt() is None:
            loser = state.character(ended.loser).name if ended.loser else ""
            why = labels(f"lih.end.{ended.reason}", name=loser)
            over = html.escape(labels("lih.over", why=why))
            parts.append(f'<div class="iw-fudge-ok" role="status">{over}</div>')
            for settled in ended.settled:
                after = ", ".join(
                    f"{level} {ability_label(labels, ability)}" for level, ability in settled.after
                )
                parts.append(
                    "<div>"
                    + html.escape(
                        labels(
                            "lih.settled",
                            name=state.character(settled.character).name,
                            levels=after,
                        )
                    )
                    + "</div>"
                )
        return "".join(parts)

    def _next(self, state: FudgeState, rolled: RoundRolled | None) -> str:
        """Next round's dice before anyone rolls: the engine's preview for the skill each
        party used in the round just rolled (scratches, wounds, bonus dice won)."""
        labels = self.labels
        hurt = state.active_hurt()
        if hurt is None or rolled is None or rolled.round != hurt.round - 1:
            return ""
        skills = {
            record.actor: record.skill for record in rolled.records if record.actor in hurt.parties
        }
        lines, _nets = self._dice_lines(state, skills)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        title = labels("lih.next", n=hurt.round)
        return f"<b>{html.escape(title)}</b><ul>{items}</ul>"

    def close(self) -> None:
        for row in getattr(self, "rows", {}).values():
            row.close()
        if hasattr(self, "entry"):
            self.entry.close()
        super().close()
