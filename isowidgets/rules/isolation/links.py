"""The relationship map: building it (ISO-R07..R11), free-form links, cancellation, recovery.

Every rule here is ``rule(action, *args)``: it reads ``action.state`` and adds
its events with ``action.add`` (see :class:`~isowidgets.contract.Action`), so
a link added after another takes the next id. The helpers :func:`add_labeled`,
:func:`add_unlabeled` and :func:`recover` are the map changes other rules
(injury, death, pair rolls, a conflict's temporary links) are built from.
Recovery (ISO-R46) lives here because links leaving the map is what brings it.
"""

from __future__ import annotations

from typing import Literal, get_args

from ... import checks
from ...contract import Action
from ...errors import RuleError
from ._common import line, listed, name_of, named, no_conflict, pair
from .events import HealthChanged, LinkAdded, LinkRelabeled, LinkRemoved
from .model import COLOURS, HEALTH_LADDER, Colour, IsolationState, Link, Origin, pair_key

__all__ = [
    "add_bias_links",
    "add_descriptor_link",
    "add_goal_links",
    "add_labeled",
    "add_link",
    "add_unlabeled",
    "new_link",
    "recover",
    "relabel_link",
    "remove_link",
]

Act = Action[IsolationState]
ORIGINS: tuple[Origin, ...] = get_args(Origin)


def new_link(
    state: IsolationState,
    a: str,
    b: str,
    colour: Colour,
    label: str,
    origin: Origin,
    subject: str | None = None,
) -> Link:
    """A link with the next id from the state's counter (not yet on the map)."""
    first, second = pair_key(a, b)
    return Link(
        id=f"L{state.next_link}",
        a=first,
        b=second,
        colour=colour,
        labeled=bool(label),
        label=label,
        origin=origin,
        subject=subject,
        serial=state.next_link,
        session=state.session,
    )


def add_unlabeled(action: Act, a: str, b: str, colour: Colour, k: int, why: str) -> list[str]:
    """Add ``k`` unlabeled links after cancelling the opposite colour first (ISO-R33).

    Up to ``k`` of the pair's unlabeled links of the other colour are erased
    (oldest first) and only the rest are added; returns the ids added. Labeled
    links are never touched.
    """
    other: Colour = "red" if colour == "green" else "green"
    links = action.state.links_between(a, b)
    cancelled = [x for x in links if x.colour == other and not x.labeled][:k]
    for link in cancelled:
        action.add(
            LinkRemoved(
                link=link,
                why=f"cancelled by a new {colour} link ({why})",
                names=named(action.state, a, b),
            )
        )
    return add_labeled(action, a, b, colour, "", "temporary", k - len(cancelled), why=why)


def add_labeled(
    action: Act,
    a: str,
    b: str,
    colour: Colour,
    label: str,
    origin: Origin,
    n: int = 1,
    subject: str | None = None,
    why: str = "",
) -> list[str]:
    """Add ``n`` links of one kind between ``a`` and ``b``; returns their ids."""
    added = []
    for _ in range(n):
        link = new_link(action.state, a, b, colour, label, origin, subject)
        action.add(LinkAdded(link=link, why=why, names=named(action.state, a, b, subject)))
        added.append(link.id)
    return added


def recover(action: Act, cid: str, reason: str) -> None:
    """Move up while the current level's injury links are all gone (ISO-R46, ISO-A26)."""
    while True:
        character = action.state.character(cid)
        if character.health not in ("Injured", "Dying"):
            return
        if action.state.injury_links(cid, character.health):
            return
        up = HEALTH_LADDER[HEALTH_LADDER.index(character.health) - 1]
        action.add(
            HealthChanged(
                character_id=cid,
                old=character.health,
                new=up,
                reason=reason,
                names=named(action.state, cid),
            )
        )


def add_descriptor_link(
    action: Act, a: str, a_descriptor: str, b: str, b_descriptor: str, colour: Colour
) -> str:
    """One labeled link for a compatible (green) or incompatible (red) descriptor pair (ISO-R08).

    The label names both descriptors. Whether each descriptor is positive or
    negative has no bearing on the colour: the table judges compatibility.
    Returns the new link's id.
    """
    state = action.state
    no_conflict(state, "change the map")
    first, second = pair(state, a, b)
    colour = checks.choice(colour, "colour", COLOURS)
    for who, descriptor in ((a, a_descriptor), (b, b_descriptor)):
        character = state.character(who)
        if not isinstance(descriptor, str) or descriptor not in character.descriptors:
            raise RuleError(
                "isolation.no_such_descriptor",
                "{name} has no descriptor {descriptor}; theirs are {descriptors}",
                name=character.name,
                descriptor=checks.shown(descriptor),
                descriptors=listed(character.descriptors),
            )
    label, mirror = f"{a_descriptor} / {b_descriptor}", f"{b_descriptor} / {a_descriptor}"
    for link in state.links_between(first, second):
        if link.origin == "descriptor" and link.label in (label, mirror):
            raise RuleError(
                "isolation.descriptor_link_twice",
                "{first}–{second} already have a descriptor link “{label}”; ISO-R08 gives one link "
                "per descriptor pair",
                first=name_of(state, first),
                second=name_of(state, second),
                label=link.label,
            )
    why = "descriptor pass (ISO-R08)"
    return add_labeled(action, a, b, colour, label, "descriptor", why=why)[0]


def add_bias_links(action: Act, holder: str, target: str, *, shared: bool = False) -> list[str]:
    """Two labeled links for a bias (ISO-R09); returns their ids.

    ``target`` falls under ``holder``'s bias: 2 red links labeled with the bias.
    With ``shared=True`` the two share (or nearly share) a bias: 2 green links.
    """
    state = action.state
    no_conflict(state, "change the map")
    first, second = pair(state, holder, target)
    colour: Colour = "green" if checks.flag(shared, "shared") else "red"
    bias = state.character(holder).bias
    if not bias:
        raise RuleError(
            "isolation.no_bias", "{name} has no bias to apply", name=state.character(holder).name
        )
    for link in state.links_between(first, second):
        if link.origin == "bias" and link.subject == holder and link.colour == colour:
            raise RuleError(
                "isolation.bias_links_twice",
                "{holder}'s bias already links {holder} and {target} (“{label}”); ISO-R09 adds its "
                "two links once",
                holder=name_of(state, holder),
                target=name_of(state, target),
                label=link.label,
            )
    return add_labeled(
        action, holder, target, colour, bias, "bias", 2, holder, "bias pass (ISO-R09)"
    )


def add_goal_links(action: Act, a: str, b: str, relation: Literal["same", "opposed"]) -> list[str]:
    """Three labeled links for goals (ISO-R10): 3 green if truly the same, 3 red if
    diametrically opposed; returns their ids. Merely incompatible goals give
    nothing, so there is no third option: judge strictly."""
    state = action.state
    no_conflict(state, "change the map")
    first, second = pair(state, a, b)
    relation = checks.choice(relation, "relation", ("same", "opposed"))
    ca, cb = state.character(a), state.character(b)
    if any(link.origin == "goal" for link in state.links_between(first, second)):
        raise RuleError(
            "isolation.goal_links_twice",
            "{name}–{name_2} already have goal links; ISO-R10 adds them once",
            name=ca.name,
            name_2=cb.name,
        )
    if relation == "same":
        return add_labeled(action, a, b, "green", ca.goal, "goal", 3, why="same goal (ISO-R10)")
    label = f"{ca.goal} vs {cb.goal}"
    return add_labeled(action, a, b, "red", label, "goal", 3, why="opposed goals (ISO-R10)")


def add_link(
    action: Act,
    a: str,
    b: str,
    colour: Colour,
    label: str = "",
    *,
    origin: Origin | None = None,
    why: str = "",
) -> list[str]:
    """Free-form link: labeled (permanent) with a label, else unlabeled (temporary).

    An unlabeled link cancels an unlabeled link of the other colour first
    (ISO-R33), so a pair never holds unlabeled links of both colours. Returns
    the ids of the links added (none when the new link only cancelled one).
    """
    state = action.state
    no_conflict(state, "change the map")
    first, second = pair(state, a, b)
    colour = checks.choice(colour, "colour", COLOURS)
    label = line(label, "label", allow_empty=True)
    why = line(why, "why", allow_empty=True) or "added by hand"
    default: Origin = "session" if label else "temporary"
    kind = checks.choice(default if origin is None else origin, "origin", ORIGINS)
    if not label and kind != "temporary":
        raise RuleError(
            "isolation.unlabeled_with_origin",
            "an unlabeled link is temporary; origin {kind} needs a label",
            kind=checks.shown(kind),
        )
    if label and kind == "temporary":
        raise RuleError(
            "isolation.labeled_temporary",
            "a labeled link is permanent; origin 'temporary' needs no label",
        )
    if label:
        return add_labeled(action, first, second, colour, label, kind, why=why)
    return add_unlabeled(action, first, second, colour, 1, why)


def relabel_link(action: Act, link_id: str, label: str) -> None:
    """Change a labeled link's label. Unlabeled links stay unlabeled (temporary)."""
    no_conflict(action.state, "change the map")
    link = action.state.link(link_id)
    label = line(label, "label")
    if not link.labeled:
        raise RuleError(
            "isolation.label_unlabeled_link",
            "{id} is unlabeled (temporary); a label would make it permanent, which only the "
            "rules do. Tip: add_link(a, b, colour, label) adds a labeled link.",
            id=link.id,
        )
    if label != link.label:
        action.add(
            LinkRelabeled(
                link_id=link.id,
                old=link.label,
                new=label,
                ends=(link.a, link.b),
                names=named(action.state, link.a, link.b),
            )
        )


def remove_link(action: Act, link_id: str, why: str = "removed by the GM") -> None:
    """Remove any link by hand (the GM's eraser)."""
    no_conflict(action.state, "change the map")
    link = action.state.link(link_id)
    why = line(why, "why")
    action.add(LinkRemoved(link=link, why=why, names=named(action.state, link.a, link.b)))
    if link.subject and action.state.settings.auto_recover_on_zero_links:
        recover(action, link.subject, "injury links gone (ISO-A26)")
