"""What the Impact widgets show, as pure functions of the engine's values.

Every function here takes values the engine already computed (a state, a
:class:`~.RollPlan`, a :class:`.PlanOdds`, a journaled
:class:`.TestRolled`) and returns HTML or a small description of a chip. None
of them decides a rule: which Details may be cited, which die is rolled and
what the odds are all come from the engine. Keeping them pure means the
unit tests read exactly what the browser will show, without a widget.

Signals are never colour alone (see :mod:`isowidgets.widgets.common`):

* an Impact ladder is the kit's :class:`~isowidgets.widgets.track.Track`: the
  current die is marked ``▶`` and "now" (and ``aria-current``); the start rung
  reads ``start``; an ineffectual character's ladder says so in words;
* a cited Detail's chip starts with ``✔ +1`` or ``✔ −1`` and has a thick
  border (solid when it helps, double when it hinders); a Detail that may be
  cited starts with ``○``, one that may not with ``⊘``; a temporary Detail
  has a dashed border and ends with ``◷ temp`` (and its tool reads
  ``◷✓ Temporary``, pressed); a disabled one is struck through and ends with
  ``(off)``.

A long breakdown (why this die, the odds by Impact Die, the engine's explanation
of a roll) sits behind its one-line result in a ``<details>``.
"""

from __future__ import annotations

import html
import re
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
from ..chips import roll_chips
from ..numbers import percent
from ..track import Level
from ..track import ladder_html as track_ladder_html

__all__ = [
    "IMPACT_CSS",
    "LADDER_TITLE",
    "SIGN_BUTTON",
    "ChipView",
    "breakdown",
    "chip_view",
    "citation_sign",
    "effect_words",
    "holder_label",
    "impact_style",
    "ladder_html",
    "ladder_levels",
    "ladder_place",
    "plan_html",
    "result_html",
    "table_words",
]

IMPACT_CSS = """
<style>
.iw-impact-main { display: flex; flex-flow: row wrap; align-items: flex-start; gap: 10px; }
.iw-impact-main > .iw-impact-board-column { flex: 1 1 400px; min-width: 0; }
.iw-impact-main > .iw-impact-test-column { flex: 1 1 380px; min-width: 0; }
.iw-impact-cards { max-height: 62vh; overflow-y: auto; align-content: flex-start; }
.iw-impact-in-play { background: #fff; border: 2px solid #555; border-radius: 6px;
  padding: 2px 8px; margin: 2px 0 6px; position: relative; z-index: 3; }
.iw-impact-in-play.iw-floating { box-shadow: 0 3px 8px rgba(0, 0, 0, 0.35); }
.iw-impact-main > .iw-impact-board-column { overflow: visible; }
.iw-impact-card { border: 1px solid #bbb; border-radius: 6px; padding: 4px 6px;
  margin: 3px; box-sizing: border-box; background: #fcfcfc; }
.iw-impact-card-head { font-weight: 600; }
.iw-impact-card-head .iw-badge { font-weight: 400; }
.iw-impact-card .iw-track-levels { gap: 2px; }
.iw-impact-card .iw-track-level { min-width: 2.6em; padding: 1px 3px; }
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
.jupyter-widgets.jupyter-button.iw-chip-tool, .jupyter-widgets.jupyter-button.iw-chip-sign {
  width: auto; height: 26px; padding: 0 5px; font-size: 0.8em; background: transparent;
  border: 1px solid #bbb; border-radius: 4px; }
.jupyter-widgets.jupyter-button.iw-chip-sign { font-weight: 700; border: 2px solid #333; }
.jupyter-widgets.jupyter-button.iw-chip-tool.iw-chip-tool--on { border: 2px inset #333;
  font-weight: 700; }
.iw-impact-plan, .iw-impact-result { font-size: 0.95em; line-height: 1.4; }
.iw-impact-plan ul { margin: 2px 0 2px 1.2em; padding: 0; }
.iw-breakdown > summary { cursor: pointer; }
.iw-breakdown[open] > summary { margin-bottom: 2px; }
.iw-breakdown-body { padding-left: 1.1em; }
.iw-outcome { display: inline-block; padding: 0 6px; border: 2px solid #333; border-radius: 4px;
  font-weight: 700; margin-right: 6px; }
.iw-outcome--failure { border-style: dashed; }
.iw-odds-row { font-size: 0.85em; color: #333; }
.iw-odds-row .iw-odds-now { font-weight: 700; text-decoration: underline; }
.iw-section-title { font-weight: 600; margin: 4px 0 2px; }
.iw-impact-table .iw-submit-text > .widget-label { width: auto; min-width: 3em;
  padding-right: 6px; }
</style>
"""


def impact_style() -> widgets.HTML:
    """A hidden widget carrying the Impact widgets' CSS (next to the kit's own)."""
    return widgets.HTML(
        IMPACT_CSS, layout=widgets.Layout(height="0px", margin="0", overflow="hidden")
    )


# --------------------------------------------------------------------------- words for the table

_ID_AFTER_NAME = re.compile(r" \((?:char|scene|det)-\d+\)")
_ID_BEFORE_NAME = re.compile(r"\b(?:char|scene|det)-\d+ \(([^()]+)\)")
_QUOTED_ID = re.compile(r"'(?:char|scene|det)-\d+', ")
_TEST_ID = re.compile(r"\btest-(\d+)\b")
_CALL = r"\w+\([^()]*\)"
_CODE_PAREN = re.compile(rf" \((?:{_CALL}|[^()])*?(?:{_CALL}|\w=)(?:{_CALL}|[^()])*\)")
_CODE_TIP = re.compile(r"\s*Tip: [^.]*?(?:\w\(|\w=)[^.]*\.?")


def table_words(text: str) -> str:
    """An engine message as the table reads it: names, not ids; no code to type.

    The engine's messages serve notebook code as well as the table: they name ids
    (``The Cultist (char-3)``) and give tips as calls
    (``Tip: set_impact('scene-2', 'D6') first``). On the table the names are enough
    and the controls are in front of the players, so an id beside a name goes, an
    id standing for a name becomes the name, a test reads "test 3", code in
    parentheses goes (``name Bo among the helpers (helpers=['char-2'])`` keeps its
    words), and a tip that is nothing but code is left out.
    """
    text = _ID_BEFORE_NAME.sub(r"\1", text)
    text = _ID_AFTER_NAME.sub("", text)
    text = _QUOTED_ID.sub("", text)
    text = _CODE_PAREN.sub("", text)
    text = _CODE_TIP.sub("", text)
    return _TEST_ID.sub(r"test \1", text).strip()


# --------------------------------------------------------------------------- ladders

LADDER_TITLE = "Impact Die"
"""The title of every Impact ladder (the card around it names whose it is)."""

_BELOW_D4 = {
    "pc": "below D4: cannot roll; can still lend Character Details",
    "npc": "below D4: defeated",
    "scene": "below D4: its threat has ended",
}


def ladder_levels() -> tuple[Level, ...]:
    """The rungs D4…D20 for the kit's :class:`~isowidgets.widgets.track.Track`; the
    starting D12 says so."""
    return tuple(
        Level(die_label(die), "start" if index == START else "")
        for index, die in enumerate(IMPACT_LADDER)
    )


def ladder_place(step: int | None, *, role: str = "pc") -> tuple[int | None, str]:
    """Where ``step`` sits on :func:`ladder_levels`: the current rung's index (``None``
    off the ladder) and the words for what the rungs cannot show.

    Args:
        step: the holder's ladder step (see :mod:`isowidgets.rules.impact.ladder`),
            ``None`` for a scene without an Impact Die.
        role: ``"pc"``, ``"npc"`` or ``"scene"``: what "below D4" means for it
            (IMP-R16, IMP-A13).
    """
    if step is None:
        return None, "no Impact Die (the GM may set one)"
    if step <= INEFFECTUAL:
        return None, f"✖ ineffectual ({_BELOW_D4.get(role, 'below D4')})"
    if step >= BANKED:
        return TOP, f"+{step - TOP} banked above D20 (a house rule keeps them)"
    return step, ""


def ladder_html(step: int | None, *, role: str = "pc", name: str = "") -> str:
    """The Impact ladder D4…D20 as the kit's track draws it: the current die marked
    ``▶`` and "now" (and ``aria-current``), never by colour alone.

    Args:
        step: the holder's ladder step, ``None`` for a scene without an Impact Die
            (then one line says so, with no rungs).
        role: ``"pc"``, ``"npc"`` or ``"scene"`` (see :func:`ladder_place`).
        name: whose ladder it is, for the line shown when there is none.
    """
    current, state = ladder_place(step, role=role)
    if step is None:
        who = html.escape(name or "this holder")
        return (
            f'<div class="iw-ladder iw-ladder--none" title="{who} has no Impact Die">'
            f"{html.escape(state)}</div>"
        )
    return track_ladder_html(LADDER_TITLE, ladder_levels(), current, state=state)


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
        sign: what a click cites it as (``None`` when a click uncites, does nothing,
            or asks).
        asks: the Detail may count either way here and its hint does not say which,
            so a click asks: **+1 helps** or **−1 hinders** appear beside the chip.
    """

    description: str
    tooltip: str
    classes: tuple[str, ...]
    clickable: bool
    sign: Sign | None
    asks: bool = False


_KIND_WORD = {
    "character": "Character Detail",
    "scene": "Scene Detail",
    "temporary": "Temporary Detail",
}
_SIGN_MARK = {"helps": "✔ +1", "hinders": "✔ −1"}
_SIGN_WORD = {"helps": "helping (+1)", "hinders": "hindering (−1)"}
SIGN_BUTTON = {"helps": "+1 helps", "hinders": "−1 hinders"}
"""The words of the two buttons a chip that asks shows beside it."""


def citation_sign(detail: Detail, options: Sequence[Sign] | None) -> Sign | None:
    """What a click on the chip of ``detail`` cites it as, or ``None`` when it must ask.

    The rules say which signs the Detail may take in this test (``options``, from
    :func:`~isowidgets.rules.impact.rules.citation_options`): an adversary's Detail only
    hinders the roller (IMP-R07, IMP-R12). Of the signs allowed, the Detail's own
    polarity decides: a Complication that usually hinders is cited as −1, never as +1
    by accident. Only a Detail that may go either way, with no polarity of its own,
    asks which (``None``).
    """
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    for sign in options:
        if sign == detail.hint:
            return sign
    return None


def chip_view(
    detail: Detail,
    *,
    owner_name: str,
    test: OpenTest | None,
    options: Sequence[Sign] | None,
    editable: bool = False,
    asking: bool = False,
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
        editable: ``test`` is a draft, so a click cites or uncites; an opened
            test was journaled with its citations, which no click changes.
        asking: the chip was clicked and shows its **+1 helps** / **−1 hinders**
            buttons now (the tooltip then says to pick one).
    """
    kind = _KIND_WORD[detail.kind]
    tags = ""
    if detail.kind == "temporary":
        tags += " ◷ temp"
    if not detail.active:
        tags += " (off)"
    hint = "" if detail.hint == "either" else f", usually {detail.hint}"
    about = f"{kind} of {owner_name}{hint}"
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
    sign = citation_sign(detail, options)
    if sign is None:
        how = (
            "pick +1 helps or −1 hinders beside it, or click it again to leave it uncited"
            if asking
            else "it may help or hinder here: click it, then pick +1 helps or −1 hinders"
        )
        return ChipView(
            f"○ {detail.text}{tags}",
            f"{detail.text}: {about}; {how}",
            tuple(classes),
            True,
            None,
            asks=True,
        )
    why = (
        f"it usually {sign}"
        if detail.hint == sign
        else f"the only way it counts in this test ({_SIGN_WORD[sign]})"
    )
    return ChipView(
        f"○ {detail.text}{tags}",
        f"{detail.text}: {about}; click to cite it as {_SIGN_WORD[sign]}: {why}",
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
    """Before the roll: one line (the die, the net bonus, the odds), and the breakdown
    behind it (which die and why, the cap explained, what is cited, the odds by Impact
    Die), collapsed until asked for."""
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
    count = len(plan.helps) + len(plan.hinders)
    cited_words = (
        f"net {plan.net:+d} from {count} Detail{'s' if count != 1 else ''}"
        if count
        else "no Details cited"
    )
    capped = " (capped)" if plan.capped else ""
    line = (
        f"<b>Rolls a {die}</b>{capped}, {cited_words} · "
        f"<b>Odds of success: {percent(odds.success)}</b>"
    )
    outside = []
    if test.kind == "foil":
        adversary = html.escape(state.name_of(test.threat or ""))
        outside.append(
            f"<div>If the roll fails, {adversary}'s plan "
            f"{html.escape(effect_words(state, test.intent))} (IMP-R13).</div>"
        )
    if not count and state.test is None:
        outside.append("<div>Click a chip on the board to cite a Detail.</div>")
    lines = [f"<div><b>Rolls a {die}</b>: {source}; {cap}.</div>"]
    cited = [f"<li>✚ +1 {_quoted(d, state)}</li>" for d in plan.helps]
    cited += [f"<li>▬ −1 {_quoted(d, state)}</li>" for d in plan.hinders]
    if plan.bonus != plan.raw_bonus or plan.penalty != plan.raw_penalty:
        cited.append(f"<li>capped by house rule to +{plan.bonus} / −{plan.penalty}</li>")
    if cited:
        lines.append(f"<div>Cited Details (net {plan.net:+d}):<ul>{''.join(cited)}</ul></div>")
    else:
        lines.append("<div>No Details cited.</div>")
    lines.append(
        f"<div>Odds of success: {percent(odds.success)} "
        f"(a {die} {plan.net:+d} reaching {plan.target}, exact)</div>"
    )
    if odds.great is not None:
        lines.append(f"<div>Odds of a Great Success: {percent(odds.great)}</div>")
    row = []
    for label, chance in odds.by_impact.items():
        text = f"{label} {percent(chance)}"
        if label == impact:
            text = f'<span class="iw-odds-now" title="the current Impact Die">{text} ▶ now</span>'
        row.append(text)
    lines.append('<div class="iw-odds-row">With each Impact Die: ' + " · ".join(row) + "</div>")
    return f"<div>{line}</div>{''.join(outside)}" + breakdown(
        "Why this die and these odds", "".join(lines)
    )


def breakdown(summary: str, body: str) -> str:
    """A long explanation collapsed behind a one-line ``summary`` (a ``<details>``, which
    a keyboard opens with Enter or Space and a screen reader announces as collapsed)."""
    return (
        f'<details class="iw-breakdown"><summary>{summary}</summary>'
        f'<div class="iw-breakdown-body">{body}</div></details>'
    )


_OUTCOME = {
    "success": ("✔ Success", "success"),
    "great_success": ("★ Great Success", "success"),
    "failure": ("✖ Failure", "failure"),
}
_OUTCOME_LEAD = re.compile(
    r"^(?:Great Success|Success|Failure)(?: \(spent\))?(?:[:;] | (?=with )|$)"
)


_TARGET = re.compile(r"\(target \d+\)")


def _sums(rolled: TestRolled) -> str:
    """The roll's sum as the engine wrote it, without the outcome word the badge shows:
    ``6 + 2 = 8`` (the explanation's last clause is ``6 + 2 = 8: Success``)."""
    tail = rolled.explanation.rsplit("; ", 1)[-1]
    sums, _, word = tail.partition(": ")
    target = _TARGET.search(word)  # "(target 9)" when the target is not 8
    return f"{sums} {target.group(0)}" if target else sums


def result_html(
    state: ImpactState,
    test: OpenTest,
    rolled: TestRolled | None,
    resolved: TestResolved | None = None,
) -> str:
    """After the roll: the die as a chip, one line (the outcome, the sum and what next or
    how it ended), and the engine's full explanation collapsed behind it."""
    actor = state.name_of(test.actor)
    rolled = rolled if rolled is not None else test.roll
    parts = []
    if rolled is not None:
        parts.append(roll_chips(rolled.roll, label=f"{actor} rolls a {rolled.die.upper()}"))
    outcome = test.outcome
    if outcome is not None:
        word, css = _OUTCOME[outcome]
        if test.spent:
            word += " (spent a step)"
        line = f'<span class="iw-outcome iw-outcome--{css}">{word}</span> '
        sums = html.escape(_sums(rolled)) if rolled is not None else ""
        if resolved is not None and test.phase == "closed":
            # The badge already says "✖ Failure": the summary goes on from there.
            rest = html.escape(_OUTCOME_LEAD.sub("", resolved.said))
            joint = ", " if rest.startswith("with ") else ": "
            line += f"{sums}{joint}{rest}." if sums and rest else f"{sums or rest}."
        else:
            line += f"{sums}. {_waiting(state, test)}" if sums else _waiting(state, test)
        parts.append(f'<div class="iw-result-line">{line}</div>')
    if rolled is not None:
        parts.append(
            breakdown(
                "How the roll reads",
                f'<div class="iw-explanation">{html.escape(rolled.explanation)}</div>',
            )
        )
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
