"""Characters with stats (ISO-R01, ISO-R05, ISO-R06): adding, editing, removing them.

Each is a PC or a same-boat NPC with one Profession, Bias and Goal and lists of
positive and negative descriptors; builds off the recommended shape are
accepted and reported by :func:`~.advice.warnings`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ... import checks
from ...contract import Action
from ...errors import RuleError
from ._common import line, named, no_conflict, texts
from .events import CharacterAdded, CharacterRemoved, CharacterUpdated, LinkRemoved, PlayStarted
from .injury import cap_owed_greens
from .model import GM, Character, IsolationState, Kind, slug
from .sessions import void_pair_roll

__all__ = ["STATS", "add_character", "edit_character", "remove_character", "start_play"]

Act = Action[IsolationState]

STATS = ("name", "kind", "profession", "positive", "negative", "bias", "goal")
"""A character's stats, the keywords :func:`edit_character` takes."""

KINDS: tuple[Kind, ...] = ("PC", "boat_NPC")


def _stats(changes: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in changes.items():
        if key == "kind":
            out[key] = checks.choice(value, "kind", KINDS)
        elif key in ("positive", "negative"):
            out[key] = texts(value, f"{key} descriptors")
        else:
            # ISO-R01: exactly one Profession, Bias and Goal: one text each, not a list.
            out[key] = line(value, key)
    return out


def add_character(
    action: Act,
    name: str,
    *,
    profession: str,
    bias: str,
    goal: str,
    positive: Sequence[str] = (),
    negative: Sequence[str] = (),
    kind: Kind = "PC",
    character_id: str | None = None,
) -> str:
    """Add a PC or a same-boat NPC (ISO-R01, ISO-R05); returns its id.

    Characters are made before play (ISO-R06); afterwards only with
    ``allow_late_characters``. Builds off the recommended shape are accepted and
    reported by :func:`~.advice.warnings` (ISO-R02, ISO-R03).
    """
    state = action.state
    no_conflict(state, "add a character")
    if state.play_started and not state.settings.allow_late_characters:
        raise RuleError(
            "isolation.late_character",
            "play has begun, and the text calls adding characters now 'difficult and cumbersome' "
            "(ISO-R06); allow_late_characters is False. Tip: "
            "change_settings(allow_late_characters=True) to add one anyway.",
        )
    stats = _stats(
        {
            "name": name,
            "kind": kind,
            "profession": profession,
            "positive": positive,
            "negative": negative,
            "bias": bias,
            "goal": goal,
        }
    )
    if character_id is None:
        base = slug(stats["name"]) or "character"
        cid, n = base, 2
        while state.has_character(cid) or cid == GM.lower():
            cid, n = f"{base}-{n}", n + 1
    else:
        cid = line(character_id, "character id")
        if state.has_character(cid) or cid.upper() == GM:
            raise RuleError(
                "isolation.character_id_taken",
                "the id {cid} is taken (or reserved for the GM's roll)",
                cid=checks.shown(cid),
            )
    action.add(CharacterAdded(character=Character(id=cid, late=state.play_started, **stats)))
    return cid


def edit_character(action: Act, /, character_id: str, **changes: Any) -> None:
    """Edit stats (name, kind, profession, descriptors, bias, goal); links are not touched."""
    checks.keywords(changes, "edit_character", STATS)
    no_conflict(action.state, "edit a character")
    character = action.state.character(character_id)
    if not changes:
        raise RuleError(
            "isolation.edit_nothing",
            "edit_character needs at least one stat to change, e.g. goal='Escape'",
        )
    new = _stats(changes)
    changed = tuple(k for k, v in new.items() if getattr(character, k) != v)
    if changed:
        updated = dataclasses.replace(character, **{k: new[k] for k in changed})
        action.add(CharacterUpdated(character=updated, changed=changed))


def remove_character(action: Act, character_id: str) -> None:
    """Take a character off the map with all their links (only before play begins).

    A pair roll of theirs still waiting for its outcome is void, and the
    leftover greens a death owes shrink to the pairs left (ISO-A24).
    """
    state = action.state
    no_conflict(state, "remove a character")
    character = state.character(character_id)
    if state.play_started:
        raise RuleError(
            "isolation.remove_after_play_began",
            "play has begun; {name} cannot simply leave the map. Tip: kill(character) applies "
            "the death rules (ISO-R44).",
            name=character.name,
        )
    for link in state.links_of(character.id):
        action.add(
            LinkRemoved(link=link, why="character removed", names=named(state, link.a, link.b))
        )
    action.add(CharacterRemoved(character_id=character.id, name=character.name))
    void_pair_roll(action, character.id, f"{character.name} left the map")
    cap_owed_greens(action)


def start_play(action: Act) -> None:
    """Close character creation (ISO-R06). The first conflict does this too."""
    if action.state.play_started:
        raise RuleError("isolation.play_already_begun", "play has already begun")
    action.add(PlayStarted())
