"""What the Isolation widgets show, as pure functions of the engine's values.

Nothing here decides a rule. The map's nodes and edges are the state's
characters and links; the pools, stances, degrees and consequences are what
:mod:`isowidgets.rules.isolation` computed (its plan, its first reading, its
explanation, its journal events). Keeping these functions pure means the unit
tests read exactly what the browser will show, and a panel only has to assign
the strings these return.

Signals are never colour alone (see :mod:`isowidgets.widgets.common`):

* a **link** is green or red *and* its text starts with ``+`` or ``×`` *and*
  its ends are circles (green) or tees (red); a labeled (permanent) link is a
  solid line with its label, an unlabeled (temporary) one is dashed;
* a **character**'s health is written on the node (``♥ Healthy``, ``✚ Injured``,
  ``✚✚ Dying``, ``✝ Dead``) and also changes the node's shape and border
  (circle, solid → hexagon, dashed → triangle, double → square, dotted);
* a **degree** of success carries a glyph (``▲▲``, ``▲``, ``△``, ``▽``, ``▼``,
  ``▼▼``) as well as its name; on the plot each degree has its own marker.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import ipywidgets as widgets

from ...dice import PoolRoll
from ...journal import Entry, Event, Kept
from ...rules.isolation import (
    DIFFICULTY_NAMES,
    Character,
    Colour,
    Conflict,
    Degree,
    Explanation,
    IsolationState,
    Link,
    MapWarning,
    Step,
    counts,
    plan_for,
)
from ...rules.isolation._common import faces_word
from ...rules.isolation.beats import DEGREE_GLYPH, HEALTH_MARK, health_words
from ...rules.isolation.events import (
    ConflictCancelled,
    ConflictClosed,
    ConflictResolved,
    DeathGreensShared,
    HealthChanged,
    LinkAdded,
    LinkRelabeled,
    LinkRemoved,
    StressChanged,
    WoundsAssigned,
    WoundsPending,
)
from ...rules.isolation.model import Health, Stance, stance_words
from ...rules.isolation.plan import RollUnit
from ...words import Message, msg, render
from ..common import roll_chips
from ..graph import EdgeSpec, NodeSpec

__all__ = [
    "DEGREE_GLYPH",
    "HEALTH_MARK",
    "ISOLATION_CSS",
    "PoolRow",
    "conflict_roles",
    "conflict_summary",
    "consequences",
    "degree_badge",
    "edge_text",
    "ellipse_positions",
    "explanation_html",
    "factors_html",
    "isolation_style",
    "map_specs",
    "map_style",
    "node_label",
    "pool_head_html",
    "pool_rows",
    "roll_html",
    "slug",
    "steps_html",
    "warnings_html",
]

_GLYPH = {"green": "+", "red": "×"}


def slug(text: str) -> str:
    """A CSS-class-safe version of an id (``"GM"`` stays ``"GM"``)."""
    out = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in text)
    return out.strip("-") or "x"


# --------------------------------------------------------------------------- CSS

ISOLATION_CSS = """
<style>
.iw-isolation .iw-section { border-top: 1px solid #ddd; margin-top: 6px; padding-top: 4px; }
.iw-isolation .iw-h { font-weight: 600; margin: 2px 0; }
.iw-pool-head { font-size: 0.9em; line-height: 1.35; }
.iw-pool-head .iw-who { font-weight: 700; }
.iw-tag { display: inline-block; padding: 0 5px; border: 1px solid #777; border-radius: 3px;
  font-size: 0.85em; margin: 0 3px; }
.iw-tag--green { border-color: #1b7837; color: #1b7837; border-radius: 5px; }
.iw-tag--red { border-color: #b2182b; color: #b2182b; border-style: double; border-width: 3px;
  border-radius: 9px; }
.iw-src { color: #444; }
.iw-wait { color: #8a5a00; font-style: italic; }
.iw-reading { font-weight: 700; margin-left: 6px; }
.iw-degree { display: inline-block; font-weight: 700; font-size: 1.15em; padding: 2px 8px;
  border: 2px solid #444; border-radius: 4px; margin: 4px 0; }
.iw-degree--success { border-color: #1b7837; color: #1b7837; }
.iw-degree--failure { border-color: #b2182b; color: #b2182b; border-style: double;
  border-width: 4px; }
.iw-explain { font-size: 0.88em; }
.iw-explain ol, .iw-explain ul { margin: 2px 0 4px 18px; padding: 0; }
.iw-explain table { border-collapse: collapse; }
.iw-explain td, .iw-explain th { border-bottom: 1px solid #e4e4e4; padding: 1px 6px;
  text-align: left; vertical-align: top; }
.iw-next { font-size: 0.9em; }
.iw-next .iw-optional { color: #666; }
.iw-legend { font-size: 0.85em; color: #333; }
.iw-legend .iw-sw { display: inline-block; width: 26px; border-top-width: 3px; margin: 0 3px 3px;
  vertical-align: middle; }
.iw-sheet-table td, .iw-sheet-table th { padding: 1px 6px; border-bottom: 1px solid #e4e4e4;
  text-align: left; vertical-align: top; font-size: 0.9em; }
.iw-status { font-size: 0.95em; }
.iw-status b { margin-right: 2px; }
/* The map and the conflict panel side by side while both fit their bases (430 + 400 px
   and the gap: a notebook's output on a 1280-pixel screen, even with JupyterLab's file
   browser open, is about 850 px), one above the other on a narrower one. */
.iw-isolation .iw-play { display: flex; flex-flow: row wrap; gap: 10px; align-items: flex-start; }
.iw-isolation .iw-play > .iw-play-map { flex: 1 1 430px; min-width: 0; }
.iw-isolation .iw-play > .iw-play-conflict { flex: 1 1 400px; min-width: 0; }
.iw-result-line { margin: 2px 0; }
.iw-result-line .iw-degree { margin: 2px 4px 2px 0; }
.iw-press-host { display: inline-flex; margin: 2px; }
.iw-press-host .iw-press { width: auto; padding: 0 10px; }
.iw-press[aria-pressed="true"], .iw-press[aria-expanded="true"] { font-weight: 600; }
.iw-pool .iw-entry-row { margin-left: 12px; }
.iw-pool .iw-source:empty { display: none; }
.iw-odds table { border-collapse: collapse; margin: 4px 0; font-size: 12px; }
.iw-odds caption { text-align: left; font-style: italic; }
.iw-odds th, .iw-odds td { padding: 1px 6px; border-bottom: 1px solid #ddd; text-align: right; }
.iw-odds th[scope="row"] { text-align: left; }
</style>
"""


def isolation_style() -> widgets.HTML:
    """A (hidden) widget carrying the Isolation panels' CSS."""
    return widgets.HTML(
        ISOLATION_CSS, layout=widgets.Layout(height="0px", margin="0", overflow="hidden")
    )


# --------------------------------------------------------------------------- the map


_STANCES: dict[Stance, Message] = {
    stance: stance_words(stance) for stance in ("Cooperative", "Neutral", "Hostile")
}


def conflict_roles(state: IsolationState) -> dict[str, Message]:
    """What each character is doing in the conflict in progress, in a few words."""
    c = state.conflict
    if c is None:
        return {}
    roles = {c.ap: msg("stream.isolation.role_ap", "▶ AP")}
    for pp in c.pps:
        stance = c.stance_of(pp)
        if stance:
            roles[pp] = _STANCES[stance]
        elif pp in c.declared_hostile:
            roles[pp] = _STANCES["Hostile"]
        else:
            roles[pp] = msg("stream.isolation.role_pp", "PP")
    for who in c.defaulted:
        roles[who] = (
            msg("stream.isolation.role_turned", "Hostile (turned)")
            if who in c.downgraded
            else msg("stream.isolation.role_defaulted", "Neutral (default)")
        )
    if c.target:
        roles[c.target] = msg("stream.isolation.role_target", "◎ target")
    return roles


def node_label(
    character: Character,
    role: str | Message = "",
    health: Callable[[Health], str] | None = None,
    say: Callable[[Message], str] = render,
) -> str:
    """The text on a node: name (a same-boat NPC marked so), health (glyph and word:
    ``health`` says it in a view's language), and the role in the conflict; ``say``
    renders the kit's words in the view's language (English when not given)."""
    name = (
        say(msg("stream.isolation.npc", "{name} (NPC)", name=character.name))
        if character.kind == "boat_NPC"
        else character.name
    )
    said = character.health if health is None else health(character.health)
    lines = [name, f"{HEALTH_MARK[character.health]} {said}"]
    if role:
        lines.append(f"[{role if isinstance(role, str) else say(role)}]")
    return "\n".join(lines)


def edge_text(
    link: Link,
    names: Mapping[str, str] | None = None,
    say: Callable[[Message], str] | None = None,
) -> str:
    """``+``/``×`` then the label; injury and bias links also name whom they are about.
    An injury link's label is the health level it came from: with ``say``, in a view's
    language (the table's own words otherwise, as the engine recorded them)."""
    glyph = _GLYPH[link.colour]
    if not link.labeled:
        return glyph
    about = ""
    if link.subject and (link.injury_level or link.origin == "bias"):
        about = f" ({(names or {}).get(link.subject, link.subject)})"
    level = link.injury_level
    label = say(health_words(level)) if say is not None and level is not None else link.label
    return f"{glyph} {label}{about}"


def ellipse_positions(
    ids: Sequence[str], *, width: float = 760.0, height: float = 520.0, margin: float = 70.0
) -> dict[str, tuple[float, float]]:
    """Positions on an ellipse inside a ``width`` × ``height`` box, first id at the top.

    The box's top-left corner is (0, 0): the map keeps cytoscape's viewport at
    zoom 1 and pan (0, 0), so the whole map shows without a re-fit (which
    would undo the user's own zoom after every change). Few characters sit on a
    smaller circle, so three characters do not spread over the whole box.
    """
    n = max(1, len(ids))
    cx, cy = width / 2, height / 2
    rx_max, ry_max = cx - margin - 30, cy - margin
    grow = 1.0 if n >= 4 else 0.8
    rx, ry = rx_max * grow, ry_max * grow
    out = {}
    for i, node_id in enumerate(ids):
        angle = -math.pi / 2 + 2 * math.pi * i / n
        out[node_id] = (round(cx + rx * math.cos(angle), 1), round(cy + ry * math.sin(angle), 1))
    return out


def label_side(position: tuple[float, float], centre: tuple[float, float]) -> str:
    """Which side of a node its label goes on: away from the centre, where edges are."""
    dx, dy = position[0] - centre[0], position[1] - centre[1]
    if abs(dy) >= abs(dx) * 0.6:
        return "lbl-top" if dy < 0 else "lbl-bottom"
    return "lbl-left" if dx < 0 else "lbl-right"


def map_specs(
    state: IsolationState,
    *,
    selected: str | None = None,
    chosen_link: str | None = None,
    sides: Mapping[str, str] | None = None,
    fresh: Iterable[str] = (),
    health: Callable[[Health], str] | None = None,
    say: Callable[[Message], str] | None = None,
) -> tuple[list[NodeSpec], list[EdgeSpec]]:
    """The relationship map as graph specs: one node per character, one edge per link.

    Args:
        selected: a character picked as the first end of a new link.
        chosen_link: a link picked for editing.
        sides: label side per character (see :func:`label_side`).
        fresh: links the latest action added, highlighted so they can be found
            on a busy map (a conflict's temporary links, a death's greens).
        health: a health level in the view's language (English as the table says it
            when not given).
        say: the kit's words (a same-boat NPC's mark, the roles in a conflict, and the
            health levels when ``health`` is not given) in the view's language; English
            when not given.

    The links the conflict in progress takes dice from (its plan's sources)
    are marked ``counted``; the AP, PPs, target and defaulted characters carry
    their role.
    """
    roles = conflict_roles(state)
    speak = render if say is None else say
    if health is None and say is not None:
        health = lambda level: say(health_words(level))  # noqa: E731
    names = {c.id: c.name for c in state.characters}
    c = state.conflict
    counted: set[str] = set()
    involved: dict[str, str] = {}
    if c is not None:
        involved[c.ap] = "ap"
        involved.update({pp: "pp" for pp in c.pps})
        involved.update({who: "defaulted" for who in c.defaulted})
        if c.target:
            involved[c.target] = "target"
        if c.resolution is None:
            for unit in plan_for(state, c).units:
                for source in unit.sources:
                    counted.update(source.link_ids)
    nodes = []
    for character in state.characters:
        classes = ["character", character.health.lower(), character.kind.lower()]
        if sides and character.id in sides:
            classes.append(sides[character.id])
        if character.id in involved:
            classes.append(involved[character.id])
        stance = c.stance_of(character.id) if c is not None else None
        if stance:
            classes.append(stance.lower())
        if character.id == selected:
            classes.append("first")
        nodes.append(
            NodeSpec(
                character.id,
                node_label(character, roles.get(character.id, ""), health, speak),
                tuple(classes),
                (("health", character.health), ("name", character.name)),
            )
        )
    new = set(fresh)
    edges = []
    for link in state.links:
        text = edge_text(link, names, say)
        classes = [link.colour, "labeled" if link.labeled else "unlabeled", _origin(link)]
        if link.id in counted:
            classes.append("counted")
        if link.id in new:
            classes.append("fresh")
        if link.id == chosen_link:
            classes.append("chosen")
        edges.append(
            EdgeSpec(
                link.id,
                link.a,
                link.b,
                text,
                tuple(classes),
                (("glyph", _GLYPH[link.colour]), ("colour", link.colour)),
            )
        )
    return nodes, edges


def _origin(link: Link) -> str:
    return "injury" if link.injury_level else link.origin


_GREEN = "#1b7837"
_RED = "#b2182b"


def map_style(*, labels: bool = True, label_width: int = 120) -> list[dict[str, Any]]:
    """The cytoscape stylesheet.

    Args:
        labels: show link labels; when false only the ``+``/``×`` glyph is drawn.
        label_width: the longest a link label is drawn, in pixels, before an
            ellipsis (a sparse map has room for whole labels, a dense one not).
    """
    return [
        {
            "selector": "node",
            "style": {
                "label": "data(label)",
                "text-wrap": "wrap",
                "text-max-width": "120px",
                "font-size": 12,
                "font-family": "DejaVu Sans, sans-serif",
                "width": 40,
                "height": 40,
                "shape": "ellipse",
                "background-color": "#f2f2f2",
                "border-width": 3,
                "border-color": "#333",
                "border-style": "solid",
                "text-background-color": "#ffffff",
                "text-background-opacity": 0.9,
                "text-background-padding": "2px",
                "text-events": "yes",
                "text-valign": "bottom",
                "text-halign": "center",
                "text-margin-y": 3,
                "min-zoomed-font-size": 6,
            },
        },
        {"selector": "node.lbl-top", "style": {"text-valign": "top", "text-margin-y": -3}},
        {
            "selector": "node.lbl-left",
            "style": {
                "text-valign": "center",
                "text-halign": "left",
                "text-margin-x": -4,
                "text-margin-y": 0,
            },
        },
        {
            "selector": "node.lbl-right",
            "style": {
                "text-valign": "center",
                "text-halign": "right",
                "text-margin-x": 4,
                "text-margin-y": 0,
            },
        },
        {"selector": "node.boat_npc", "style": {"background-color": "#e8e8f4"}},
        {
            "selector": "node.injured",
            "style": {"shape": "hexagon", "border-style": "dashed", "background-color": "#fdebd3"},
        },
        {
            "selector": "node.dying",
            "style": {
                "shape": "triangle",
                "border-style": "double",
                "border-width": 6,
                "background-color": "#f9d0d0",
            },
        },
        {
            "selector": "node.dead",
            "style": {
                "shape": "rectangle",
                "border-style": "dotted",
                "background-color": "#c8c8c8",
                "color": "#555",
                "opacity": 0.75,
            },
        },
        {"selector": "node.ap", "style": {"border-color": "#2166ac", "border-width": 5}},
        {"selector": "node.target", "style": {"border-color": "#762a83", "border-width": 5}},
        {
            "selector": "node.first",
            "style": {
                "overlay-color": "#2166ac",
                "overlay-opacity": 0.28,
                "overlay-padding": 9,
                "border-color": "#2166ac",
                "border-width": 6,
            },
        },
        {
            "selector": "edge",
            "style": {
                "curve-style": "bezier",
                "control-point-step-size": 50,
                "width": 2.5,
                "label": "data(text)" if labels else "data(glyph)",
                "font-size": 10,
                "font-family": "DejaVu Sans, sans-serif",
                "text-rotation": "autorotate",
                "text-wrap": "ellipsis",
                "text-max-width": f"{label_width}px",
                "text-background-color": "#ffffff",
                "text-background-opacity": 0.9,
                "text-background-padding": "1px",
                "text-events": "yes",
                "min-zoomed-font-size": 7,
                "arrow-scale": 1.1,
            },
        },
        {
            "selector": "edge.green",
            "style": {
                "line-color": _GREEN,
                "color": _GREEN,
                "source-arrow-shape": "circle",
                "target-arrow-shape": "circle",
                "source-arrow-color": _GREEN,
                "target-arrow-color": _GREEN,
            },
        },
        {
            "selector": "edge.red",
            "style": {
                "line-color": _RED,
                "color": _RED,
                "source-arrow-shape": "tee",
                "target-arrow-shape": "tee",
                "source-arrow-color": _RED,
                "target-arrow-color": _RED,
            },
        },
        {"selector": "edge.labeled", "style": {"line-style": "solid"}},
        {
            "selector": "edge.unlabeled",
            "style": {"line-style": "dashed", "line-dash-pattern": [7, 4], "font-size": 14},
        },
        {"selector": "edge.injury", "style": {"width": 3.5}},
        {"selector": "edge.counted", "style": {"width": 5}},
        {
            "selector": "edge.fresh",
            "style": {"overlay-color": "#e08214", "overlay-opacity": 0.35, "overlay-padding": 5},
        },
        {
            "selector": "edge.chosen",
            "style": {"overlay-color": "#2166ac", "overlay-opacity": 0.3, "overlay-padding": 6},
        },
    ]


def legend_html() -> str:
    """A one-paragraph key to the map's signals."""
    return (
        '<div class="iw-legend">'
        f'<span class="iw-sw" style="border-top: 3px solid {_GREEN}"></span>'
        "<b>+</b> green link ● ends: a reason to like · "
        f'<span class="iw-sw" style="border-top: 3px solid {_RED}"></span>'
        "<b>×</b> red link ⊣ ends: a reason to dislike · solid with a label: permanent · "
        f'<span class="iw-sw" style="border-top: 3px dashed #555"></span> dashed, no label: '
        "temporary · thick: gives dice in the conflict now · "
        "nodes: ♥ Healthy ○, ✚ Injured ⬡, ✚✚ Dying △, ✝ Dead □"
        "</div>"
    )


# --------------------------------------------------------------------------- dice


def roll_html(who: str, colour: Colour, roll: PoolRoll) -> str:
    """A pool's chips and what it read: ``3 evens`` or ``4 odds``.

    Which dice count is the engine's :func:`~.rolling.counts`.
    """
    counted = partial(counts, colour)
    read = sum(counted(face) for face in roll.faces)
    reading = faces_word(read, "even" if colour == "green" else "odd")
    chips = roll_chips(roll, colour=colour, counts=counted, label=f"{who} {colour}")
    return (
        '<div style="display:flex; align-items:center; flex-wrap:wrap">'
        f'{chips}<span class="iw-reading">→ {reading}</span></div>'
    )


@dataclass(frozen=True)
class PoolRow:
    """One pool of the shown conflict, whether it is still open (from the plan) or closed
    (from the explanation stored at resolution)."""

    who: str
    colour: Colour
    role: str
    count: int
    sources: tuple[str, ...]
    status: str
    ready: bool
    roll: PoolRoll | None

    @property
    def key(self) -> str:
        return f"{slug(self.who)}-{self.colour}"


def _unit_row(unit: RollUnit) -> PoolRow:
    if unit.rolled is not None:
        status = "rolled"
    elif unit.ready:
        status = "ready to roll"
    else:
        status = f"waits for {unit.waiting}"
    return PoolRow(
        unit.who,
        unit.colour,
        unit.role,
        unit.count,
        tuple(s.describe() for s in unit.sources),
        status,
        unit.ready and unit.rolled is None,
        unit.rolled,
    )


def pool_rows(state: IsolationState, c: Conflict) -> list[PoolRow]:
    """Every pool of conflict ``c``: the plan while it is open, the explanation once closed.

    A closed conflict's sources are those recorded when it was resolved; the
    map has changed since (its consequences), so the plan is not recomputed.
    """
    if c.automatic:
        return []
    if c.resolution is None or c.explanation is None:
        return [_unit_row(unit) for unit in plan_for(state, c).units]
    rows = []
    for pool in c.explanation.pools:
        rows.append(
            PoolRow(
                pool.who,
                pool.colour,
                pool.role,
                pool.count,
                pool.sources,
                "rolled",  # what each pool did is in the explanation's table
                False,
                c.roll_of(pool.who, pool.colour),
            )
        )
    return rows


def pool_head_html(row: PoolRow, names: Mapping[str, str]) -> str:
    """``Bob (AP) [+ green] 4 dice = sources…; status`` (``the GM [× red] …`` for the GM)."""
    who = html.escape(_who(names, row.who))
    role = "" if row.who == "GM" else f" ({html.escape(row.role)})"
    tag = f'<span class="iw-tag iw-tag--{row.colour}">{_GLYPH[row.colour]} {row.colour}</span>'
    dice = "1 die" if row.count == 1 else f"{row.count} dice"
    sources = " · ".join(html.escape(s) for s in row.sources) or "no dice"
    status_class = "iw-wait" if row.status.startswith("waits") else "iw-src"
    return (
        f'<div class="iw-pool-head"><span class="iw-who">{who}</span>{role}'
        f"{tag}<b>{dice}</b> = <span class='iw-src'>{sources}</span> — "
        f'<span class="{status_class}">{html.escape(row.status)}</span></div>'
    )


# --------------------------------------------------------------------------- conflicts

_MODE_WORDS = {
    "persuade_all": "persuading everyone",
    "subset": "persuading some",
    "alone": "going alone",
    "direct": "acting directly against",
}


def conflict_summary(c: Conflict, names: Mapping[str, str]) -> str:
    """One line naming the conflict, its AP, its mode and who is involved."""

    def n(cid: str) -> str:
        return html.escape(names.get(cid, cid))

    parts = [f"<b>Conflict {c.number}</b>: {n(c.ap)} proposes “{html.escape(c.action)}”"]
    if c.mode == "direct":
        parts.append(f"acting directly against {n(c.target or '?')}")
    else:
        parts.append(_MODE_WORDS[c.mode])
    if c.pps:
        parts.append("PPs: " + ", ".join(n(p) for p in c.pps))
    if c.defaulted and c.mode != "alone":
        parts.append("Neutral by default: " + ", ".join(n(d) for d in c.defaulted))
    if c.physical:
        parts.append("⚠ physically threatening")
    if c.difficulty:
        parts.append(f"Difficulty {DIFFICULTY_NAMES[c.difficulty]} ({c.difficulty})")
    if c.automatic:
        parts.append("Stress 0: no rolls (ISO-R37)")
    state = "closed" if c.closed else ("resolved" if c.resolution else "in progress")
    return f'<div class="iw-status">{" · ".join(parts)} — <i>{state}</i></div>'


_FACTOR_WORDS = (
    ("profession", "Profession"),
    ("goal_for", "serves Goal"),
    ("bias_for", "serves Bias"),
    ("goal_against", "against Goal"),
    ("bias_against", "against Bias"),
)


def factors_html(c: Conflict, names: Mapping[str, str], state: IsolationState) -> str:
    """The modifiers a conflict was proposed with, once they are fixed (ISO-R18, ISO-R20)."""
    parts = []
    for f in c.factors:
        words = [text for key, text in _FACTOR_WORDS if getattr(f, key)]
        if f.roleplay:
            words.append(f"role-play +{f.roleplay}")
        for link_id in f.relevant_links:
            link = next((x for x in state.links if x.id == link_id), None)
            words.append(f"relevant {edge_text(link) if link else link_id}")
        if f.extra_green or f.extra_red:
            words.append(f"situational +{f.extra_green} green, +{f.extra_red} red")
        who = html.escape(names.get(f.character, f.character))
        parts.append(f"<b>{who}</b>: {html.escape(', '.join(words))}")
    listed = " · ".join(parts) if parts else "none"
    return f'<div class="iw-status"><b>Modifiers</b> (fixed once dice are down): {listed}</div>'


def degree_badge(degree: Degree, margin: int | None = None) -> str:
    """The degree with its glyph, boxed (solid for successes, double for failures)."""
    kind = "success" if degree.endswith("Success") else "failure"
    margin_text = f" (margin {margin:+d})" if margin is not None else ""
    return (
        f'<span class="iw-degree iw-degree--{kind}" data-degree="{html.escape(degree)}">'
        f"{DEGREE_GLYPH[degree]} {html.escape(degree)}{margin_text}</span>"
    )


def _who(names: Mapping[str, str], who: str) -> str:
    return "the GM" if who == "GM" else names.get(who, who)


def explanation_html(explanation: Explanation, names: Mapping[str, str]) -> str:
    """The engine's breakdown: the arithmetic step by step, each stance with its reason,
    each pool with its faces and what it did. Lists rather than tables, so a reason reads
    as a sentence in a panel a few hundred pixels wide."""
    steps = "".join(f"<li>{html.escape(step)}</li>" for step in explanation.steps)
    stances = "".join(
        f"<li><b>{html.escape(_who(names, s.character))}</b>: "
        + ("" if s.net is None else f"net {s.net:+d}, ")
        + f"allowed {html.escape(' / '.join(s.allowed) or '—')}, chose "
        f"<b>{html.escape(s.chosen or '—')}</b><br><small>{html.escape(s.why)}</small></li>"
        for s in explanation.stances
    )
    pools = "".join(
        f"<li><b>{html.escape(_who(names, p.who))}</b> {_GLYPH[p.colour]} {p.colour} "
        f"[{html.escape(p.faces or '—')}] {html.escape(p.reading)} — {html.escape(p.used)}</li>"
        for p in explanation.pools
    )
    parts = [f'<div class="iw-h">How it was read</div><ol>{steps}</ol>']
    if stances:
        parts.append(f'<div class="iw-h">Stances</div><ul>{stances}</ul>')
    if pools:
        parts.append(f'<div class="iw-h">Pools</div><ul>{pools}</ul>')
    return f'<div class="iw-explain">{"".join(parts)}</div>'


_CONSEQUENCE_EVENTS = (
    StressChanged,
    LinkAdded,
    LinkRemoved,
    LinkRelabeled,
    HealthChanged,
    WoundsPending,
    WoundsAssigned,
    DeathGreensShared,
)


def consequences(
    events: Iterable[Event], language: str = "en", *, names: Mapping[str, str] | None = None
) -> list[str]:
    """The readable consequences among ``events`` (links, stress, wounds, deaths), in
    ``language``; ``names`` (id → name) for the characters, else the names the events
    carry."""
    return [
        render(e.message(), language, names=names)
        for e in events
        if isinstance(e, _CONSEQUENCE_EVENTS)
    ]


def last_conflict_events(entries: Sequence[Entry]) -> tuple[int | None, list[Event]]:
    """The events from the latest conflict's resolution up to its close.

    Returns the conflict number (None when no conflict was resolved) and the
    events: the resolution's action and any later wound assignment.
    """
    number: int | None = None
    collected: list[Event] = []
    collecting = False
    for entry in entries:
        event = entry.event
        if isinstance(event, ConflictResolved):
            number, collected, collecting = event.number, [], True
        if collecting:
            collected.append(event)
            if isinstance(event, ConflictClosed | ConflictCancelled):
                collecting = False
    return number, collected


class LastConflict(Kept):
    """:func:`last_conflict_events` of a journal's effective entries, kept as the journal
    grows (a :class:`~isowidgets.journal.kept.Kept`): a conflict's result costs what its
    action adds, and the journal is read again only after an undo or a redo.

    Attributes:
        number: the latest conflict resolved (``None`` before any).
        events: its events, from its resolution up to its close.
    """

    def __init__(self) -> None:
        super().__init__()
        self.reset()

    def reset(self) -> None:
        self.number: int | None = None
        self.events: list[Event] = []
        self._collecting = False

    def read(self, entry: Entry) -> None:
        event = entry.event
        if isinstance(event, ConflictResolved):
            self.number, self.events, self._collecting = event.number, [], True
        if self._collecting:
            self.events.append(event)
            if isinstance(event, ConflictClosed | ConflictCancelled):
                self._collecting = False

    def refold(self, entries: list[Entry]) -> None:
        start = len(entries)  # from the latest resolution on: nothing before it counts
        while start > 0 and not isinstance(entries[start - 1].event, ConflictResolved):
            start -= 1
        for entry in entries[start - 1 :] if start else ():  # none: no conflict resolved
            self.read(entry)


def steps_html(steps: Sequence[Step]) -> str:
    """The engine's next steps on one line: what the conflict waits for, then what may be done."""
    if not steps:
        return ""
    required = [html.escape(s.label) for s in steps if s.required]
    optional = [html.escape(s.label) for s in steps if not s.required]
    text = " · ".join(required) if required else "nothing is required now"
    if optional:
        text += f' <span class="iw-optional">· optional: {" · ".join(optional)}</span>'
    return f'<div class="iw-next"><b>Next:</b> {text}</div>'


def warnings_html(found: Sequence[MapWarning]) -> str:
    """The engine's map warnings (advice, not errors) as a dashed note."""
    if not found:
        return ""
    items = "".join(f"<li>{html.escape(w.message)} ({w.rule})</li>" for w in found)
    count = f"{len(found)} recommendation{'s' if len(found) > 1 else ''}"
    return (
        f'<div class="iw-msg iw-msg--warning"><details><summary><b>△ {count}</b> from the '
        f"text (advice)</summary><ul>{items}</ul></details></div>"
    )


def character_table_html(state: IsolationState) -> str:
    """Every character's sheet in one compact table."""
    rows = []
    for c in state.characters:
        rows.append(
            "<tr>"
            f"<td><b>{html.escape(c.name)}</b></td>"
            f"<td>{'NPC' if c.kind == 'boat_NPC' else 'PC'}</td>"
            f"<td>{html.escape(c.profession)}</td>"
            f"<td>{html.escape(', '.join(c.positive))}</td>"
            f"<td>{html.escape(', '.join(c.negative))}</td>"
            f"<td>{html.escape(c.bias)}</td><td>{html.escape(c.goal)}</td>"
            f"<td>{HEALTH_MARK[c.health]} {c.health}</td>"
            "</tr>"
        )
    head = "".join(
        f"<th>{h}</th>"
        for h in ("Name", "Kind", "Profession", "Positive", "Negative", "Bias", "Goal", "Health")
    )
    return (
        f'<table class="iw-sheet-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
