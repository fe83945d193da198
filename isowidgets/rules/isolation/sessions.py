"""Sessions and what happens between them: pair rolls and their outcomes (ISO-R45, ISO-R46).

A pair roll waits for its outcome, and nothing else between sessions moves on
until it is settled; so when one of the pair dies or leaves the map first, the
death or removal voids the roll in the same action (:func:`void_pair_roll`).
"""

from __future__ import annotations

from typing import Literal

from ... import checks
from ...contract import Action
from ...dice import Faces
from ...errors import RuleError
from ...words import Listing, Message, msg
from ._common import line, listed, name_of, named, no_conflict, pair
from .events import LinkRemoved, PairOutcome, PairRolled, SessionBegun, SessionEnded
from .links import add_labeled, recover
from .model import Colour, IsolationState, Link
from .rolling import roll_colour

__all__ = [
    "PairChoice",
    "begin_session",
    "choose_pair_outcome",
    "end_session",
    "pair_outcomes",
    "pair_roll",
    "pending_pair",
    "void_pair_roll",
]

Act = Action[IsolationState]
PairChoice = Literal["erase_red", "add_green", "erase_green", "add_red", "nothing"]


def end_session(action: Act) -> None:
    """End the session; pair rolls (ISO-R45) and recovery (ISO-R46) happen now."""
    state = action.state
    no_conflict(state, "end the session")
    if state.interlude:
        raise RuleError(
            "isolation.session_ended_already",
            "session {session} has already ended. Tip: begin_session().",
            session=state.session,
        )
    action.add(SessionEnded(session=state.session))


def begin_session(action: Act) -> None:
    """Start the next session (the session number goes up by one)."""
    state = action.state
    if not state.interlude:
        raise RuleError(
            "isolation.session_still_running",
            "session {session} is still running. Tip: end_session() first.",
            session=state.session,
        )
    pending_pair(state)
    action.add(SessionBegun(session=state.session + 1))


def pending_pair(state: IsolationState) -> None:
    """Refuse to move on while a pair roll waits for its outcome."""
    if state.pair_roll is not None:
        p = state.pair_roll
        must = "erase_green or add_red" if p.winner == "red" else "erase_red, add_green or nothing"
        raise RuleError(
            "isolation.pair_roll_waiting",
            "the pair roll {a}–{b} still waits for its outcome. Tip: choose_pair_outcome({must}).",
            a=name_of(state, p.a),
            b=name_of(state, p.b),
            must=checks.shown(must),
        )


def void_pair_roll(action: Act, cid: str, why: str) -> None:
    """Void the pair roll waiting for its outcome if ``cid`` is one of the pair.

    A dead character takes no links (ISO-R44) and a removed one is not on the
    map, so neither outcome can be carried out; without this the session could
    never begin again.
    """
    p = action.state.pair_roll
    if p is not None and cid in (p.a, p.b):
        action.add(
            PairOutcome(a=p.a, b=p.b, choice="void", why=why, names=named(action.state, p.a, p.b))
        )


def pair_roll(
    action: Act,
    a: str,
    b: str,
    *,
    green_faces: Faces | None = None,
    red_faces: Faces | None = None,
    take_explosions: bool = True,
) -> None:
    """A pair rolls their green links against their red links (ISO-R45, ISO-A17).

    Allowed between sessions, or (``pair_rolls_on_injury``, ISO-A16) for a
    freshly injured character's pairs until the next conflict. Each pair rolls
    at most once per window, and it is optional.
    """
    state = action.state
    first, second = pair(state, a, b)
    pending_pair(state)
    take_explosions = checks.flag(take_explosions, "take_explosions")
    window = state.interlude or (
        state.settings.pair_rolls_on_injury
        and state.conflict is None
        and (first in state.injury_window or second in state.injury_window)
    )
    if not window:
        if state.settings.pair_rolls_on_injury:
            raise RuleError(
                "isolation.pair_roll_not_now",
                "pair rolls are made at the end of a session (ISO-R45). Tip: end_session() first.",
            )
        raise RuleError(
            "isolation.pair_roll_not_now_injury_off",
            "pair rolls are made at the end of a session (ISO-R45). Tip: end_session() first; "
            "pair_rolls_on_injury=True also allows them right after an injury.",
        )
    if (first, second) in state.pairs_rolled:
        raise RuleError(
            "isolation.pair_rolled_already",
            "{first}–{second} have already rolled in this window",
            first=name_of(state, first),
            second=name_of(state, second),
        )
    labeled = None if state.settings.pair_roll_uses_unlabeled else True
    label = f"{state.character(first).name}–{state.character(second).name}"
    green = roll_colour(
        action.dice,
        state,
        "green",
        state.count(first, second, "green", labeled=labeled),
        f"{label} green",
        green_faces,
        take_explosions=take_explosions,
    )
    reds = state.count(first, second, "red", labeled=labeled)
    red = roll_colour(action.dice, state, "red", reds, f"{label} red", red_faces)
    action.add(
        PairRolled(
            a=first,
            b=second,
            green=green,
            red=red,
            evens=green.evens,
            odds=red.odds,
            names=named(state, first, second),
        )
    )


def pair_outcomes(state: IsolationState) -> dict[PairChoice, tuple[Link, ...]]:
    """The outcomes the pending pair roll allows (ISO-R45), each with the links it may erase.

    More evens: ``erase_red``, ``add_green`` or ``nothing``; more odds:
    ``erase_green`` or ``add_red``. An erase outcome maps to the pair's labeled
    links of that colour (the ISO-R46 Dying-first check is made when one is
    chosen); an add outcome, or ``nothing``, to ``()``. Empty when no pair roll
    waits. A panel offers exactly these; :func:`choose_pair_outcome` accepts
    exactly these.
    """
    pending = state.pair_roll
    if pending is None:
        return {}

    def labeled(colour: Colour) -> tuple[Link, ...]:
        return tuple(
            x for x in state.links_between(pending.a, pending.b) if x.colour == colour and x.labeled
        )

    if pending.winner == "green":
        return {"erase_red": labeled("red"), "add_green": (), "nothing": ()}
    return {"erase_green": labeled("green"), "add_red": ()}


def choose_pair_outcome(
    action: Act, outcome: PairChoice, *, link_id: str | None = None, label: str = ""
) -> None:
    """Settle a pair roll (ISO-R45): more evens may erase a labeled red or add a labeled
    green; more odds must erase a labeled green or add a labeled red.

    Erasing an injury link can bring recovery (ISO-R46); while the injured
    character has any Dying link, none of their Injured links may be erased.
    Recovery is checked for both characters after any erase (ISO-A26): a level
    with no links left counts as cleared then, however its links went.
    """
    state = action.state
    pending = state.pair_roll
    if pending is None:
        raise RuleError(
            "isolation.no_pair_roll_waiting",
            "no pair roll waits for an outcome. Tip: pair_roll(a, b) first.",
        )
    options = pair_outcomes(state)
    pair_names = f"{name_of(state, pending.a)}–{name_of(state, pending.b)}"
    outcome = checks.choice(outcome, f"the outcome of {pair_names}'s roll", options)
    ends = named(state, pending.a, pending.b)
    action.add(PairOutcome(a=pending.a, b=pending.b, choice=outcome, names=ends))
    if outcome in ("erase_red", "erase_green"):
        colour = "red" if outcome == "erase_red" else "green"
        candidates = options[outcome]
        if link_id is None:
            choices: Listing | Message = (
                Listing.of(
                    (
                        msg("isolation.link_choice", "{id} “{label}”", id=x.id, label=x.label)
                        for x in candidates
                    ),
                    "unit",
                )
                if candidates
                else msg("isolation.no_link_to_erase", "there is none")
            )
            if colour == "green":
                raise RuleError(
                    "isolation.erase_which_green",
                    "name the labeled green link to erase: {links}. Tip: add a labeled red link "
                    "instead.",
                    links=choices,
                )
            raise RuleError(
                "isolation.erase_which_red",
                "name the labeled red link to erase: {links}",
                links=choices,
            )
        link = state.link(link_id)
        if link not in candidates:
            raise RuleError(
                "isolation.erase_not_a_candidate",
                "{id} is not a labeled {colour} link between {pair_names}; those are: {links}",
                id=link.id,
                colour=colour,
                pair_names=pair_names,
                links=listed(x.id for x in candidates),
            )
        if link.origin == "injury:Injured" and link.subject:
            dying = state.injury_links(link.subject, "Dying")
            if dying:
                raise RuleError(
                    "isolation.erase_dying_first",
                    "{subject} must erase every Dying link first ({links}) before any Injured link "
                    "(ISO-R46)",
                    subject=name_of(state, link.subject),
                    links=Listing.of((x.id for x in dying), "unit"),
                )
        why = f"pair roll: {outcome.replace('_', ' ')}"
        action.add(LinkRemoved(link=link, why=why, names=ends))
        # ISO-A26: recovery is checked after every between-session removal, whichever
        # link it took: an injured character whose current level's links all vanished
        # some other way (a death erased the last one) recovers at their next erase.
        for who in (pending.a, pending.b):
            recover(action, who, "injury links erased between sessions (ISO-R46, ISO-A26)")
    elif outcome in ("add_green", "add_red"):
        colour_added: Colour = "green" if outcome == "add_green" else "red"
        label = line(
            label,
            "the new link's label (ISO-R45: something that happened, e.g. 'Bonded over chess')",
        )
        why = "pair roll (ISO-R45)"
        add_labeled(action, pending.a, pending.b, colour_added, label, "session", why=why)
