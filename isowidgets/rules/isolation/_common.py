"""Checks every Isolation rule module shares: text typed at the table, who may act, when.

Private to the package. The general argument checks live in
:mod:`isowidgets.checks`; these add what only Isolation knows (a character is
named by id and must be alive, the map stays still while a conflict is in
progress).
"""

from __future__ import annotations

from collections.abc import Iterable

from ... import checks
from ...errors import RuleError
from ...words import Listing, Message, msg
from .model import Character, Conflict, IsolationState, pair_key

__all__ = [
    "a_conflict",
    "faces_word",
    "line",
    "listed",
    "living",
    "named",
    "no_conflict",
    "pair",
    "texts",
]


def line(value: object, what: str, *, allow_empty: bool = False) -> str:
    """A short text typed at the table: a name, descriptor, label, action or reason.

    At most :data:`~isowidgets.checks.MAX_TEXT` characters, the limit every
    rules module keeps: a journal line is not a story.
    """
    return checks.text(
        value,
        what,
        allow_empty=allow_empty,
        tip="keep it short; a longer story belongs in a note (game.note(text)).",
    )


def texts(values: object, what: str) -> tuple[str, ...]:
    """A list of short texts (descriptors), none repeated."""
    if isinstance(values, str) or not isinstance(values, Iterable):
        raise RuleError(
            "isolation.not_a_list_of_texts",
            "{what} must be a list of texts, got {values}",
            what=what,
            values=checks.shown(values),
        )
    items = tuple(line(v, f"each of {what}") for v in values)
    if len(set(items)) != len(items):
        raise RuleError(
            "isolation.texts_repeated",
            "{what} lists the same entry twice: {items}",
            what=what,
            items=checks.shown(list(items)),
        )
    return items


def named(state: IsolationState, *ids: str | None) -> dict[str, str]:
    """Character id → name for the characters in ``ids`` (the GM, ``None`` and ids not on
    the sheet left out): the ``names`` an event carries so its log line names them."""
    found: dict[str, str] = {}
    for cid in ids:
        if cid and cid not in found and state.has_character(cid):
            found[cid] = state.character(cid).name
    return found


def name_of(state: IsolationState, cid: str) -> str:
    """``cid`` as a person reads it in a refusal: the character's name (the id itself
    when no character has it, as for a value the caller mistyped)."""
    return state.character(cid).name if state.has_character(cid) else cid


def no_conflict(state: IsolationState, doing: str) -> None:
    """Refuse a change to what a conflict's dice come from while one is in progress."""
    if state.conflict is not None:
        raise RuleError(
            "isolation.map_still_during_conflict",
            "cannot {doing} while conflict {number} is in progress: its dice come from the map "
            "and the Stress Level as they stand. Tip: finish it, or cancel_conflict(reason) "
            "first.",
            doing=doing,
            number=state.conflict.number,
        )


def living(state: IsolationState, cid: object, role: str = "character") -> Character:
    """The living character ``cid`` names (by id)."""
    character = state.character(checks.identifier(cid, f"a {role}"))
    if not character.alive:
        raise RuleError(
            "isolation.dead_cannot_be",
            "{name} is Dead and cannot be a {role}",
            name=character.name,
            role=role,
        )
    return character


def pair(state: IsolationState, a: object, b: object) -> tuple[str, str]:
    """Two different living characters, as the map's pair key (ISO-R07)."""
    ca, cb = living(state, a), living(state, b)
    if ca.id == cb.id:
        raise RuleError(
            "isolation.link_to_self",
            "a link joins two different characters, got {name} twice",
            name=ca.name,
        )
    return pair_key(ca.id, cb.id)


def a_conflict(state: IsolationState, conflict: object, what: str) -> Conflict:
    """``conflict``, or the one in progress when it is ``None``, checked to be a Conflict.

    Queries that take a conflict (``what`` names the call) accept one from
    ``compose`` as well as the game's own, and refuse anything else the same way.
    """
    c = state.conflict if conflict is None else conflict
    if c is None:
        raise RuleError(
            "isolation.query_without_conflict",
            "{what}: there is no conflict in progress. Tip: pass compose(state, ...)",
            what=what,
        )
    if not isinstance(c, Conflict):
        raise RuleError(
            "isolation.not_a_conflict",
            "{what} takes a Conflict (from compose or game.conflict), got {name} {c}",
            what=what,
            name=type(c).__name__,
            c=checks.shown(c),
        )
    return c


def listed(items: Iterable[str]) -> Listing | Message:
    """Ids or names for a refusal, as the table reads them: ``L1, L4``, or "none"."""
    found = tuple(items)
    return Listing.of(found, "unit") if found else msg("isolation.none", "none")


def faces_word(n: int, kind: str) -> str:
    """A count of even or odd faces as the table says it: ``1 even``, ``3 evens``,
    ``1 odd``, ``0 odds``."""
    return f"{n} {kind}" if n == 1 else f"{n} {kind}s"
