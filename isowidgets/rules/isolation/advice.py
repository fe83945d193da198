"""Advice: what the text recommends and the table has not followed (never an error).

The text's recommendations (three positive and three negative descriptors, a
bias that someone falls under, the map built pass by pass, a starting Stress
of one to three) shape a good game but change no die, so the rules accept
whatever the table does and :func:`warnings` lists what differs, for the
character sheets and the map to show.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._common import name_of
from .events import STARTING_STRESS
from .model import IsolationState, Origin

__all__ = ["MapWarning", "warnings"]


@dataclass(frozen=True, slots=True)
class MapWarning:
    """Advice, not an error: something the text recommends that the table does not follow."""

    rule: str
    character: str | None
    message: str


_PASSES: tuple[Origin, ...] = ("descriptor", "bias", "goal")
"""The map-building passes in the order ISO-R11 gives them."""


def _map_order(state: IsolationState) -> MapWarning | None:
    """The first map-building link made out of ISO-R11's order, while the map is built.

    Only links between PCs who were there from the start are compared: the
    same-boat NPCs join after the goal pass by the same rule, so their links
    come later whatever their pass, and a late character (ISO-R06) has its own
    warning. Once play begins the advice is moot and is no longer given. The
    order changes no link or die, so this is advice, never an error.
    """
    if state.play_started:
        return None
    pcs = {c.id for c in state.characters if c.kind == "PC" and not c.late}
    begun: set[str] = set()
    for link in sorted(state.links, key=lambda x: x.serial):
        if link.origin not in _PASSES or link.a not in pcs or link.b not in pcs:
            continue
        rank = _PASSES.index(link.origin)
        later = [p for p in _PASSES[rank + 1 :] if p in begun]
        if later:
            return MapWarning(
                "ISO-R11",
                None,
                f"the {link.origin} link “{link.label}” between {name_of(state, link.a)} and "
                f"{name_of(state, link.b)} was "
                f"added after the {later[-1]} pass had begun; the text builds the map with "
                "descriptors, then biases, then goals, then adds the same-boat NPCs. Every "
                "link counts the same either way: this is advice only.",
            )
        begun.add(link.origin)
    return None


def warnings(state: IsolationState) -> list[MapWarning]:
    """Recommendations the characters, the map and the scenario do not meet (ISO-R02..R04,
    ISO-R06, ISO-R11, ISO-R36, ISO-A24). Advice, never errors: nothing here refuses an
    action."""
    out: list[MapWarning] = []
    if not state.play_started and state.stress not in STARTING_STRESS:
        out.append(
            MapWarning(
                "ISO-R36",
                None,
                f"the scenario starts at Stress {state.stress}; the text starts it at 1, 2 "
                "or 3, by how deep in trouble the characters already are. Advice only.",
            )
        )
    for c in state.characters:
        if not c.alive:
            continue
        shape = (len(c.positive), len(c.negative))
        if shape != (3, 3):
            out.append(
                MapWarning(
                    "ISO-R02",
                    c.id,
                    f"{c.name} has {shape[0]} positive and {shape[1]} negative descriptors; "
                    "the recommended start is 3 and 3",
                )
            )
        if len(c.positive) > 2 * len(c.negative):
            out.append(
                MapWarning(
                    "ISO-R03",
                    c.id,
                    f"{c.name} has {len(c.positive)} positive descriptors, more than twice "
                    f"the {len(c.negative)} negative ones",
                )
            )
        targeted = any(
            x.origin == "bias" and x.subject == c.id and x.colour == "red" for x in state.links
        )
        if not targeted and len(state.characters) > 1:
            out.append(
                MapWarning(
                    "ISO-R04",
                    c.id,
                    f"nobody falls under {c.name}'s bias “{c.bias}”, so it cannot come into play. "
                    "Tip: Add bias links, under Build the map, records who falls under it.",
                )
            )
        if c.late:
            out.append(
                MapWarning(
                    "ISO-R06",
                    c.id,
                    f"{c.name} joined after play began; check their links by hand",
                )
            )
    order = _map_order(state)
    if order is not None:
        out.append(order)
    for p in state.pending_greens:
        out.append(
            MapWarning(
                "ISO-A24",
                p.dead,
                f"{p.count} leftover green {'link' if p.count == 1 else 'links'} from "
                f"{p.dead}'s death {'waits' if p.count == 1 else 'wait'} for the GM. "
                "Tip: place_death_greens(dead, pairs).",
            )
        )
    return out
