"""The exact chances of a conflict, live while it is proposed and until the first die.

A GM weighing "persuade everyone" against "go alone" wants the odds while the
proposal is still being shaped. :class:`ConflictChances` shows, for the proposal
in the form (or the conflict proposed, until anyone rolls), each degree's chance
in numbers and in words, with the degree's glyph and name (never a colour
alone), the chance of a Partial Success or better, and each Passive Player's
chance of each stance, all from one engine call
(:func:`~isowidgets.rules.isolation.whole.whole_conflict_odds`): the widget does
no arithmetic. The stance policy is named and is a choice: every PP takes the
most cooperative stance the dice allow, or the stance each declared in advance
(one list per character, shown only under that policy). Before the GM sets the
Difficulty (ISO-A12 sets it after the stances) the chances assume one, chosen
from T-ISO-1's names.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ...errors import IsowidgetsError
from ...rules.isolation import Conflict, IsolationState
from ...rules.isolation.events import DIFFICULTY_NAMES
from ...rules.isolation.odds import DEGREES
from ...rules.isolation.whole import WholeConflictOdds, whole_conflict_odds
from ..numbers import percent
from .parts import assign
from .views import DEGREE_GLYPH

__all__ = ["POLICY_WORDS", "ConflictChances", "in_words"]

POLICY_WORDS = {
    "cooperative": "each Passive Player takes the most cooperative stance the dice allow",
    "declared": "each Passive Player takes the stance declared in advance when the dice "
    "allow it, else the best they allow",
}
"""The stance policies as the panel names them."""

_DECLARABLE = {
    "pp": [
        ("will cooperate if the dice allow", "Cooperative"),
        ("stays Neutral at best", "Neutral"),
        ("turns Hostile", "Hostile"),
    ],
    "defaulted": [("stays Neutral", "Neutral"), ("downgrades to Hostile", "Hostile")],
}


def in_words(p: float) -> str:
    """A chance as a player says it: ``about 1 in 4``, ``about 1 in 910``, ``about 7 in 10``."""
    if p <= 0:
        return "never"
    if p >= 1:
        return "certain"
    if p < 0.001:
        return "less than 1 in 1,000"
    if p > 0.999:
        return "all but certain"
    if p > 0.95:
        return "more than 19 in 20"
    if p <= 0.5:
        n = round(1 / p)
        if n > 20:  # two figures are all a chance like this is said with
            n = round(n, 1 - len(str(n)) + 1)
        return f"about 1 in {n:,}"
    return f"about {max(5, min(9, round(p * 10)))} in 10"


class ConflictChances(widgets.VBox):  # type: ignore[misc]
    """The chance of each degree and each PP's stance, before anyone rolls.

    Attributes:
        policy: the stance policy (a list: its choice is read in words).
        difficulty: the Difficulty to assume while none is set.
        declared: one list per character who may declare a stance, under the
            ``declared`` policy.
        table: the chances (``role="status"``, so a screen reader hears them change).
        odds: the engine's last answer, or ``None``.
    """

    def __init__(self) -> None:
        self._state: IsolationState | None = None
        self._conflict: Conflict | None = None
        self._names: dict[str, str] = {}
        self.odds: WholeConflictOdds | None = None
        self.policy = widgets.Dropdown(
            options=[
                ("most cooperative the dice allow", "cooperative"),
                ("declared in advance", "declared"),
            ],
            value="cooperative",
            description="Stances",
            layout=widgets.Layout(width="330px"),
        )
        self.policy.add_class("iw-odds-policy")
        self.difficulty = widgets.Dropdown(
            options=[(f"{name} ({n})", n) for n, name in DIFFICULTY_NAMES.items()],
            value=3,
            description="if Difficulty",
            layout=widgets.Layout(width="260px"),
        )
        self.difficulty.add_class("iw-odds-difficulty")
        self.declared: dict[str, widgets.Dropdown] = {}
        self._made: dict[str, widgets.Dropdown] = {}
        self.declared_box = widgets.VBox(layout=widgets.Layout(display="none"))
        self.declared_box.add_class("iw-odds-declared")
        self.table = widgets.HTML()
        self.table.add_class("iw-odds")
        for control in (self.policy, self.difficulty):
            control.observe(self._redraw, names=["value"])
        super().__init__(
            [
                widgets.HTML('<div class="iw-h">Chances before anyone rolls (exact)</div>'),
                widgets.HBox(
                    [self.policy, self.difficulty], layout=widgets.Layout(flex_flow="row wrap")
                ),
                self.declared_box,
                self.table,
            ]
        )
        self.add_class("iw-chances")
        assign(self.layout, display="none")

    # ------------------------------------------------------------------ what to show

    def show(self, state: IsolationState, conflict: Conflict | None) -> None:
        """Show the chances of ``conflict`` on ``state``; ``None`` hides them."""
        self._state, self._conflict = state, conflict
        assign(self.layout, display="none" if conflict is None else "")
        if conflict is None:
            self.odds = None
            return
        self._names = {c.id: c.name for c in state.characters}
        self._redraw()

    def _declarers(self, c: Conflict) -> None:
        """One list per PP (not Hostile without rolling) and per defaulted character."""
        wanted = [(pp, "pp") for pp in c.pps if pp not in c.declared_hostile]
        wanted += [(who, "defaulted") for who in c.defaulted if who not in c.downgraded]
        rows = {}
        for who, kind in wanted:
            key = f"{kind}:{who}"
            control = self._made.get(key)  # kept, so a choice survives a toggle off and on
            if control is None:
                control = widgets.Dropdown(
                    options=_DECLARABLE[kind],
                    layout=widgets.Layout(width="460px"),
                    style={"description_width": "180px"},
                )
                control.add_class("iw-odds-declare")
                control.observe(self._redraw, names=["value"])
                self._made[key] = control
            assign(control, description=self._names.get(who, who))
            rows[key] = control
        self.declared = rows
        if tuple(rows.values()) != tuple(self.declared_box.children):
            self.declared_box.children = tuple(rows.values())

    def _redraw(self, _change: Any = None) -> None:
        state, c = self._state, self._conflict
        if state is None or c is None:
            return
        declaring = self.policy.value == "declared"
        if declaring:  # the lists are made only once the GM asks for declarations
            self._declarers(c)
        assign(self.declared_box.layout, display="" if declaring and self.declared else "none")
        stated = {key.split(":", 1)[1]: d.value for key, d in self.declared.items()}
        try:
            odds = whole_conflict_odds(
                state,
                c,
                policy=self.policy.value,
                declared=stated if declaring else None,
                difficulty=None if c.difficulty else self.difficulty.value,
            )
        except IsowidgetsError as exc:  # the engine says why there are no odds yet
            self.odds = None
            assign(
                self.table,
                value=f'<div class="iw-msg iw-msg--info" role="status">'
                f"{html.escape(str(exc))}</div>",
            )
            return
        self.odds = odds
        assign(
            self.difficulty.layout, display="" if odds.difficulty and not c.difficulty else "none"
        )
        assign(self.table, value=self._html(odds, c))

    # ------------------------------------------------------------------ drawing

    def _html(self, odds: WholeConflictOdds, c: Conflict) -> str:
        """The chances as two small tables, each chance in numbers and words."""
        assumed = ""
        if odds.difficulty and not c.difficulty:
            assumed = f"; assuming Difficulty {DIFFICULTY_NAMES[odds.difficulty]}"
        rows = "".join(
            f"<tr><th scope='row'>{DEGREE_GLYPH[d]} {html.escape(d)}</th>"
            f"<td>{percent(odds.degrees[d])}</td><td>{in_words(odds.degrees[d])}</td></tr>"
            for d in DEGREES
        )
        success = odds.at_least("Partial Success")
        out = (
            f'<div class="iw-odds-body" role="status">'
            f"<div><b>Partial Success or better: {percent(success)}</b> "
            f"({in_words(success)})</div>"
            f'<table class="iw-odds-degrees"><caption>Each degree (stances: '
            f"{html.escape(POLICY_WORDS[odds.policy])}{html.escape(assumed)})</caption>"
            "<tr><th scope='col'>Degree</th><th scope='col'>Chance</th>"
            f"<th scope='col'>In words</th></tr>{rows}</table>"
        )
        if odds.stances:
            people = "".join(
                f"<tr><th scope='row'>{html.escape(self._names.get(pp, pp))}</th>"
                + "".join(f"<td>{percent(p)}</td>" for p in chances.values())
                + "</tr>"
                for pp, chances in odds.stances.items()
            )
            out += (
                '<table class="iw-odds-stances"><caption>Each Passive Player\'s stance'
                "</caption><tr><th scope='col'>Passive Player</th>"
                "<th scope='col'>✚ Cooperative</th><th scope='col'>○ Neutral</th>"
                f"<th scope='col'>✖ Hostile</th></tr>{people}</table>"
            )
        return out + "</div>"
