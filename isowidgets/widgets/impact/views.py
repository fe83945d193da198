"""What the Impact widgets show, as pure functions of the engine's values.

Every function here takes values the engine already computed (a state, a
:class:`~isowidgets.rules.impact.RollPlan`, a :class:`PlanOdds`, a journaled
:class:`TestRolled`) and returns HTML or a small description of a chip. None
of them decides a rule: which Details may be cited, which die is rolled and
what the odds are all come from the engine. Keeping them pure means the
unit tests read exactly what the browser will show, without a widget.

Signals are never colour alone (see :mod:`isowidgets.widgets.common`):

* the current rung of an Impact ladder is bold, boxed with a thick outline
  and marked ``◆ current``; the start rung reads ``start``; an ineffectual
  character's ladder is struck through and says so in words;
* a cited Detail's chip starts with ``✔ +1`` or ``✔ −1`` and has a thick
  border (solid when it helps, double when it hinders); a Detail that may be
  cited starts with ``○``, one that may not with ``⊘``; a temporary Detail
  has a dashed border and ends with ``◷ temp`` (and its ◷ tool reads ``◷✓``,
  pressed); a disabled one is struck through and ends with ``(off)``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from ...rules.impact import (
    BANKED,
    IMPACT_LADDER,
    INEFFECTUAL,
    START,
    TOP,
    Detail,
    Effect,
    ImpactState,
    OpenTest,
    PlanOdds,
    RollPlan,
)
from ...rules.impact.events import TestResolved, TestRolled
from ...rules.impact.ladder import die_label
from ...rules.impact.model import Sign
from ..common import die_chip, roll_chips

__all__ = [
    "IMPACT_CSS",
    "ChipView",
    "chip_view",
    "effect_words",
    "holder_label",
    "impact_style",
    "ladder_html",
    "percent",
    "plan_html",
    "result_html",
]

IMPACT_CSS = """
<style>
.iw-ladder { display: flex; flex-wrap: wrap; align-items: center; gap: 3px; margin: 2px 0; }
.iw-rung { display: inline-flex; flex-direction: column; align-items: center;
  justify-content: center; min-width: 3.2em; padding: 2px 4px; box-sizing: border-box;
  border: 1px dashed #999; border-radius: 5px; color: #555; background: #fff;
  font-size: 0.95em; line-height: 1.2; }
.iw-rung-die { font-weight: 400; }
.iw-rung-note { font-size: 0.75em; min-height: 1.2em; }
.iw-rung--current { border: 3px solid #111; color: #000; background: #fff3c4; }
.iw-rung--current .iw-rung-die { font-weight: 800; }
.iw-rung--banked { border: 2px dotted #111; color: #000; }
.iw-ladder--ineffectual .iw-rung { text-decoration: line-through; opacity: 0.6; }
.iw-ladder-state { font-size: 0.85em; margin-left: 4px; }
.iw-ladder-state b { font-weight: 700; }
.iw-impact-card { border: 1px solid #bbb; border-radius: 6px; padding: 4px 6px;
  margin: 3px; box-sizing: border-box; background: #fcfcfc; }
.iw-impact-card-head { font-weight: 600; }
.iw-impact-card-head .iw-badge { font-weight: 400; }
.jupyter-widgets.jupyter-button.iw-impact-chip { white-space: normal; height: auto;
  min-height: 28px; line-height: 1.25; text-align: left; padding: 2px 7px;
  border: 1px solid #777; border-radius: 12px; background: #fff; color: #111;
  overflow: visible; text-overflow: clip; }
.jupyter-widgets.jupyter-button.iw-impact-chip.iw-chip--temporary { border-style: dashed; }
.jupyter-widgets.jupyter-button.iw-impact-chip.iw-chip--helps { border: 3px solid #1b7837;
  font-weight: 700; background: #eef7f0; }
.jupyter-widgets.jupyter-button.iw-impact-chip.iw-chip--hinders { border: 4px double #b2182b;
  font-weight: 700; background: #fbeeee; }
.jupyter-widgets.jupyter-button.iw-impact-chip.iw-chip--inactive { text-decoration: line-through; }
.jupyter-widgets.jupyter-button.iw-impact-chip.iw-chip--idle:disabled { opacity: 1;
  cursor: default; }
.jupyter-widgets.jupyter-button.iw-chip-tool { width: 2.1em; min-width: 2.1em; padding: 0;
  height: 28px; background: transparent; border: 1px solid #ccc; border-radius: 4px; }
.jupyter-widgets.jupyter-button.iw-chip-tool.iw-chip-kind { width: 2.8em; min-width: 2.8em;
  flex: 0 0 auto; }
.jupyter-widgets.jupyter-button.iw-chip-tool.iw-chip-tool--on { border: 2px inset #333;
  font-weight: 700; }
.iw-impact-plan, .iw-impact-result { font-size: 0.95em; line-height: 1.4; }
.iw-impact-plan ul { margin: 2px 0 2px 1.2em; padding: 0; }
.iw-outcome { display: inline-block; padding: 0 6px; border: 2px solid #333; border-radius: 4px;
  font-weight: 700; margin-right: 6px; }
.iw-outcome--failure { border-style: dashed; }
.iw-odds-row { font-size: 0.85em; color: #333; }
.iw-odds-row .iw-odds-now { font-weight: 700; text-decoration: underline; }
.iw-section-title { font-weight: 600; margin: 4px 0 2px; }
</style>
"""


def impact_style() -> widgets.HTML:
    """A hidden widget carrying the Impact widgets' CSS (next to the kit's own)."""
    return widgets.HTML(
        IMPACT_CSS, layout=widgets.Layout(height="0px", margin="0", overflow="hidden")
    )


def percent(p: float) -> str:
    """``0.5`` → ``50%``, ``0.125`` → ``12.5%``: as T-IMP-3 prints them."""
    text = f"{p * 100:.1f}".rstrip("0").rstrip(".")
    return f"{text}%"


# --------------------------------------------------------------------------- ladders


def ladder_html(step: int | None, *, role: str = "pc", name: str = "") -> str:
    """The Impact ladder D4…D20 as a row of dice, the current one marked in words and shape.

    Args:
        step: the holder's ladder step (see :mod:`isowidgets.rules.impact.ladder`),
            ``None`` for a scene without an Impact Die.
        role: ``"pc"``, ``"npc"`` or ``"scene"``: what "below D4" means for it
            (IMP-R16, IMP-A13).
        name: for the tooltip and the screen-reader label.
    """
    who = html.escape(name or "this holder")
    if step is None:
        return (
            '<div class="iw-ladder iw-ladder--none">'
            f'<span class="iw-ladder-state" title="{who} has no Impact Die">'
            "no Impact Die (the GM may set one)</span></div>"
        )
    rungs = []
    for index, die in enumerate(IMPACT_LADDER):
        label = die_label(die)
        current = index == min(step, TOP) and step > INEFFECTUAL
        classes = ["iw-rung"]
        note = ""
        if current:
            classes.append("iw-rung--current")
            note = "current"
        elif index == START:
            note = "start"
        title = f"{label}{': current Impact Die of ' + who if current else ''}"
        if index == START:
            title += " (every character starts an adventure here)"
        rungs.append(
            f'<span class="{" ".join(classes)}" title="{title}" data-die="{label}">'
            f'<span class="iw-rung-die">{"◆ " if current else ""}{label}</span>'
            f'<span class="iw-rung-note">{note}</span></span>'
        )
    if step >= BANKED:
        banked = step - TOP
        rungs.append(
            f'<span class="iw-rung iw-rung--banked" title="{banked} earned step(s) banked above '
            f'D20 (impact_overflow_at_d20 = bank)"><span class="iw-rung-die">+{banked}</span>'
            '<span class="iw-rung-note">banked</span></span>'
        )
    state = ""
    css = "iw-ladder"
    if step <= INEFFECTUAL:
        css += " iw-ladder--ineffectual"
        meaning = {
            "pc": "below D4: cannot roll; can still lend Character Details",
            "npc": "below D4: defeated",
            "scene": "below D4: its threat has ended",
        }.get(role, "below D4")
        state = f'<span class="iw-ladder-state">✖ <b>ineffectual</b> ({meaning})</span>'
    elif step >= BANKED:
        state = '<span class="iw-ladder-state">D20 with a banked step</span>'
    return f'<div class="{css}" aria-label="Impact Die of {who}">{"".join(rungs)}{state}</div>'


def holder_label(state: ImpactState, holder_id: str) -> str:
    """``Algernon Pierce (PC, D12)`` for dropdowns: who, what, and the current die."""
    character = state.find_character(holder_id)
    if character is not None:
        return f"{character.name} ({character.role.upper()}, {character.impact})"
    scene = state.find_scene(holder_id)
    if scene is not None:
        return f"{scene.name} (scene, {scene.impact})"
    return state.name_of(holder_id)


# --------------------------------------------------------------------------- Detail chips


@dataclass(frozen=True, slots=True)
class ChipView:
    """How one Detail chip reads and behaves right now.

    Attributes:
        description: the chip's text (marks first, then the Detail, then tags).
        tooltip: the full sentence, for hover and screen readers.
        classes: the CSS classes for cited/temporary/inactive/idle.
        clickable: the rules allow citing it in the draft now (or it is cited there, to
            uncite).
        sign: what a click cites it as (``None`` when a click uncites or does nothing).
    """

    description: str
    tooltip: str
    classes: tuple[str, ...]
    clickable: bool
    sign: Sign | None


_KIND_WORD = {"character": "Character Detail", "scene": "Scene Detail", "temporary": "Temporary"}
_SIGN_MARK = {"helps": "✔ +1", "hinders": "✔ −1"}
_SIGN_WORD = {"helps": "helping (+1)", "hinders": "hindering (−1)"}


def chip_view(
    detail: Detail,
    *,
    owner_name: str,
    test: OpenTest | None,
    options: Sequence[Sign] | None,
    preferred: Sign = "helps",
    editable: bool = False,
) -> ChipView:
    """The chip of ``detail`` given the test and what the rules allow.

    Args:
        detail: the Detail.
        owner_name: whose it is, for the tooltip.
        test: the draft being set up, or the open test (citations are read
            from it), or ``None``.
        options: the signs the rules allow for this Detail now
            (``rules.citation_options(state, draft).get(id)``); ``None`` when it
            may not be cited.
        preferred: the sign the board's "a click cites as" picker asks for; a
            Detail that allows only the other sign is cited with that one.
        editable: ``test`` is a draft, so a click cites or uncites; an opened
            test was journaled with its citations, which no click changes.
    """
    kind = _KIND_WORD[detail.kind]
    tags = ""
    if detail.kind == "temporary":
        tags += " ◷ temp"
    if not detail.active:
        tags += " (off)"
    hint = "" if detail.hint == "either" else f", usually {detail.hint}"
    about = f"{kind} of {owner_name}{hint} ({detail.id})"
    classes = [f"iw-chip--{detail.kind}"]
    if not detail.active:
        classes.append("iw-chip--inactive")
        about += "; disabled by the fiction, cannot be cited (IMP-A17)"
    cited: Sign | None = None
    if test is not None:
        cited = next((c.sign for c in test.citations if c.detail == detail.id), None)
    if cited is not None:
        classes.append(f"iw-chip--{cited}")
        if not editable:
            classes.append("iw-chip--idle")
        mark = _SIGN_MARK[cited] + " "
        action = "click to uncite it" if editable else "cited in this roll"
        return ChipView(
            f"{mark}{detail.text}{tags}",
            f"{detail.text}: {about}; cited as {_SIGN_WORD[cited]}; {action}",
            tuple(classes),
            editable,
            None,
        )
    if not editable:
        classes.append("iw-chip--idle")
        why = "set up a test to cite it" if test is None else "not cited in this test"
        return ChipView(
            f"{detail.text}{tags}", f"{detail.text}: {about}; {why}", tuple(classes), False, None
        )
    if not options:
        return ChipView(
            f"⊘ {detail.text}{tags}",
            f"{detail.text}: {about}; cannot be cited in this test",
            tuple(classes),
            False,
            None,
        )
    sign = preferred if preferred in options else options[0]
    return ChipView(
        f"○ {detail.text}{tags}",
        f"{detail.text}: {about}; click to cite it as {_SIGN_WORD[sign]}",
        tuple(classes),
        True,
        sign,
    )


# --------------------------------------------------------------------------- the test panel


def _quoted(detail: Detail, state: ImpactState) -> str:
    return (
        f"“{html.escape(detail.text)}” <small>({html.escape(state.name_of(detail.owner))})</small>"
    )


def effect_words(state: ImpactState, effect: Effect | None) -> str:
    """What an effect does, in words: ``steps Algernon Pierce's Impact Die down``.

    ``None`` is a Foil's plan with no effect named.
    """
    if effect is None:
        return "succeeds, as the GM narrates (no effect named)"
    if effect.kind == "new_detail":
        return f"establishes the Temporary Detail “{effect.text}” on {state.name_of(effect.target)}"
    if effect.touches_detail:
        found = state.find_detail(effect.target)
        what = f"“{found.text}”" if found is not None else effect.target
        verb = {"remove_detail": "removes", "disable_detail": "disrupts"}.get(effect.kind, "alters")
        change = f" to “{effect.text}”" if effect.kind == "alter_detail" and effect.text else ""
        return f"{verb} {what}{change}"
    way = "down" if effect.kind == "step_down" else "up"
    return f"steps {state.name_of(effect.target)}'s Impact Die {way}"


def plan_html(state: ImpactState, plan: RollPlan, odds: PlanOdds) -> str:
    """Before the roll: which die and why (the cap explained), what is cited, the exact odds."""
    test = plan.test
    actor = state.character(test.actor)
    die = die_label(plan.die)
    task = die_label(plan.task_die)
    if test.kind == "avoid_harm":
        threat = state.holder(test.threat or "")
        source = f"the threat {html.escape(threat.name)}'s Impact Die gives a {task} task"
    else:
        source = f"the task die is {task} ({test.difficulty})"
    impact = die_label(plan.impact_die)
    if plan.capped:
        cap = (
            f"capped to <b>{die}</b> by {html.escape(actor.name)}'s Impact Die {impact} "
            "(the die rolled is never larger than the Impact Die, IMP-R05)"
        )
    else:
        cap = f"{html.escape(actor.name)}'s Impact Die {impact} does not cap it"
    lines = [f"<div><b>Rolls a {die}</b>: {source}; {cap}.</div>"]
    if test.kind == "foil":
        adversary = html.escape(state.name_of(test.threat or ""))
        lines.append(
            f"<div>If the roll fails, {adversary}'s plan "
            f"{html.escape(effect_words(state, test.intent))} (IMP-R13).</div>"
        )
    cited = [f"<li>✚ +1 {_quoted(d, state)}</li>" for d in plan.helps]
    cited += [f"<li>▬ −1 {_quoted(d, state)}</li>" for d in plan.hinders]
    if plan.bonus != plan.raw_bonus or plan.penalty != plan.raw_penalty:
        cited.append(f"<li>capped by house rule to +{plan.bonus} / −{plan.penalty}</li>")
    if cited:
        lines.append(f"<div>Cited Details (net {plan.net:+d}):<ul>{''.join(cited)}</ul></div>")
    else:
        tip = ": click a chip on the board to cite it" if state.test is None else ""
        lines.append(f"<div>No Details cited{tip}.</div>")
    lines.append(
        f"<div><b>Odds of success: {percent(odds.success)}</b> "
        f"(a {die} {plan.net:+d} reaching {plan.target}, exact)</div>"
    )
    if odds.great is not None:
        lines.append(f"<div>Odds of a Great Success: {percent(odds.great)}</div>")
    row = []
    for label, chance in odds.by_impact.items():
        text = f"{label} {percent(chance)}"
        if label == impact:
            text = f'<span class="iw-odds-now" title="the current Impact Die">{text} ◆</span>'
        row.append(text)
    lines.append('<div class="iw-odds-row">With each Impact Die: ' + " · ".join(row) + "</div>")
    return "".join(lines)


_OUTCOME = {
    "success": ("✔ Success", "success"),
    "great_success": ("★ Great Success", "success"),
    "failure": ("✖ Failure", "failure"),
}


def result_html(
    state: ImpactState,
    test: OpenTest,
    rolled: TestRolled | None,
    resolved: TestResolved | None = None,
) -> str:
    """After the roll: the die as a chip, the engine's explanation, the outcome and what next."""
    actor = state.name_of(test.actor)
    parts = []
    if rolled is not None:
        parts.append(roll_chips(rolled.roll, label=f"{actor} rolls a {rolled.die.upper()}"))
        parts.append(f'<div class="iw-explanation">{html.escape(rolled.explanation)}</div>')
    elif test.roll is not None:
        parts.append(die_chip(str(test.roll.face), meaning=f"{test.roll.die.upper()} face"))
        parts.append(f'<div class="iw-explanation">{html.escape(test.roll.explanation)}</div>')
    outcome = test.outcome
    if outcome is not None:
        word, css = _OUTCOME[outcome]
        if test.spent:
            word += " (spent a step)"
        parts.append(f'<div><span class="iw-outcome iw-outcome--{css}">{word}</span>')
        if resolved is not None and test.phase == "closed":
            parts.append(f"{html.escape(resolved.summary)}</div>")
        else:
            parts.append(f"{_waiting(state, test)}</div>")
    return "".join(parts)


def _waiting(state: ImpactState, test: OpenTest) -> str:
    """What the open, rolled test waits for, in words."""
    if test.phase == "await_great":
        return "Harm avoided. The GM may declare a Great Success (IMP-A01), or finish."
    if test.phase == "success":
        if test.kind == "action" or test.outcome == "great_success":
            return "Choose one Success effect below (IMP-R09), or finish with none."
        return "Finish to close the test."
    if test.kind == "avoid_harm":
        cost = f"the Temporary Detail “{test.cost_detail}”" if test.cost_detail else "Impact steps"
        return f"The announced cost is {html.escape(cost)}: take it, or spend a step (IMP-R17)."
    if test.offer is not None and test.complication is None:
        return (
            f"The GM offers the Complication “{html.escape(test.offer[0])}”: accept it "
            "(+1 step, IMP-R18a) or decline it (IMP-R11)."
        )
    return "The GM may offer a Complication; the player may spend a step; or finish."
