"""Isolation's rules outside a conflict: characters, the map, stress, injury, death, sessions.

Every function here is pure: it takes a state (and, where dice are needed, the
session's :class:`~isowidgets.dice.Dice`) and returns the list of events the
action causes, or raises :class:`~isowidgets.errors.RuleError` without changing
anything. :class:`~.game.IsolationGame` commits the events. Text typed at the
table (names, descriptors, labels, actions, reasons) is at most ``MAX_TEXT``
(300) characters, as in every rules module (see :func:`line`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ...checks import MAX_TEXT, text, whole
from ...dice import D6, Dice, Pool, PoolRoll, d
from ...errors import FacesError, RuleError
from ...journal import Event
from .apply import Tx
from .events import (
    CharacterAdded,
    CharacterRemoved,
    CharacterUpdated,
    DeathGreensDropped,
    DeathGreensPlaced,
    DeathGreensShared,
    HealthChanged,
    LinkAdded,
    LinkRelabeled,
    LinkRemoved,
    PairOutcome,
    PairRolled,
    PlayStarted,
    SessionBegun,
    SessionEnded,
    StressChanged,
    ThreatChanged,
)
from .model import (
    GM,
    HEALTH_LADDER,
    Character,
    Colour,
    IsolationState,
    Kind,
    Link,
    Origin,
    pair_key,
    slug,
)
from .plan import explosion_rule
from .settings import IsolationSettings

__all__ = [
    "MapWarning",
    "add_bias_links",
    "add_character",
    "add_descriptor_link",
    "add_goal_links",
    "add_link",
    "adjust_stress",
    "begin_session",
    "choose_pair_outcome",
    "counts",
    "edit_character",
    "end_session",
    "injure",
    "kill",
    "pair_outcomes",
    "pair_roll",
    "place_death_greens",
    "relabel_link",
    "remove_character",
    "remove_link",
    "roll_colour",
    "set_starting_stress",
    "set_threat",
    "start_play",
    "stress_into_bounds",
    "warnings",
]

ORIGINS: tuple[str, ...] = (
    "descriptor",
    "bias",
    "goal",
    "session",
    "injury:Injured",
    "injury:Dying",
    "temporary",
    "death",
)

# --------------------------------------------------------------------------- input checks


def flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(f"{what} must be True or False, got {value!r}")
    return value


def choice(value: object, what: str, allowed: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise RuleError(f"{what} must be one of {', '.join(map(repr, allowed))}, got {value!r}")
    return value


def line(value: object, what: str, *, allow_empty: bool = False) -> str:
    """A short text typed at the table: a name, descriptor, label, action or reason.

    At most ``MAX_TEXT`` (300) characters, the limit every rules module keeps
    (:mod:`isowidgets.checks`): a journal line is not a story.
    """
    return text(
        value,
        what,
        allow_empty=allow_empty,
        max_length=MAX_TEXT,
        tip="keep it short; a longer story belongs in a note (game.note(text)).",
    )


def texts(values: object, what: str) -> tuple[str, ...]:
    if isinstance(values, str) or not isinstance(values, Iterable):
        raise RuleError(f"{what} must be a list of texts, got {values!r}")
    items = tuple(line(v, f"each of {what}") for v in values)
    if len(set(items)) != len(items):
        raise RuleError(f"{what} lists the same entry twice: {list(items)}")
    return items


def _no_conflict(state: IsolationState, doing: str) -> None:
    if state.conflict is not None:
        raise RuleError(
            f"cannot {doing} while conflict {state.conflict.number} is in progress: its dice "
            "come from the map and the Stress Level as they stand. Tip: finish it, or "
            "cancel_conflict(reason) first."
        )


def _living(state: IsolationState, cid: object, role: str = "character") -> Character:
    if not isinstance(cid, str):
        raise RuleError(f"a {role} is named by its id (text), got {cid!r}")
    character = state.character(cid)
    if not character.alive:
        raise RuleError(f"{cid} is Dead and cannot be a {role}")
    return character


def _pair(state: IsolationState, a: object, b: object) -> tuple[str, str]:
    ca, cb = _living(state, a), _living(state, b)
    if ca.id == cb.id:
        raise RuleError(f"a link joins two different characters, got {ca.id!r} twice")
    return pair_key(ca.id, cb.id)


# --------------------------------------------------------------------------- characters

_STATS = ("name", "kind", "profession", "positive", "negative", "bias", "goal")


def _stats(changes: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in changes.items():
        if key not in _STATS:
            raise RuleError(f"a character has no stat {key!r}; the stats are {', '.join(_STATS)}")
        if key == "kind":
            out[key] = choice(value, "kind", ("PC", "boat_NPC"))
        elif key in ("positive", "negative"):
            out[key] = texts(value, f"{key} descriptors")
        else:
            # ISO-R01: exactly one Profession, Bias and Goal: one text each, not a list.
            out[key] = line(value, key)
    return out


def add_character(
    state: IsolationState,
    name: str,
    *,
    kind: Kind = "PC",
    profession: str,
    positive: Sequence[str] = (),
    negative: Sequence[str] = (),
    bias: str,
    goal: str,
    character_id: str | None = None,
) -> list[Event]:
    """Add a PC or a same-boat NPC (ISO-R01, ISO-R05).

    Characters are made before play (ISO-R06); afterwards only with
    ``allow_late_characters``. Builds off the recommended shape are accepted and
    reported by :func:`warnings` (ISO-R02, ISO-R03).
    """
    _no_conflict(state, "add a character")
    if state.play_started and not state.settings.allow_late_characters:
        raise RuleError(
            "play has begun, and the text calls adding characters now 'difficult and "
            "cumbersome' (ISO-R06); allow_late_characters is False. Tip: "
            "change_settings(allow_late_characters=True) to add one anyway."
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
            raise RuleError(f"the id {cid!r} is taken (or reserved for the GM's roll)")
    character = Character(id=cid, late=state.play_started, **stats)
    return [CharacterAdded(character=character)]


def edit_character(state: IsolationState, character_id: str, **changes: Any) -> list[Event]:
    """Edit stats (name, kind, profession, descriptors, bias, goal); links are not touched."""
    _no_conflict(state, "edit a character")
    character = state.character(character_id)
    if not changes:
        raise RuleError("edit_character needs at least one stat to change, e.g. goal='Escape'")
    new = _stats(changes)
    changed = tuple(k for k, v in new.items() if getattr(character, k) != v)
    if not changed:
        return []
    updated = dataclasses.replace(character, **{k: new[k] for k in changed})
    return [CharacterUpdated(character=updated, changed=changed)]


def remove_character(state: IsolationState, character_id: str) -> list[Event]:
    """Take a character off the map with all their links (only before play begins)."""
    _no_conflict(state, "remove a character")
    character = state.character(character_id)
    if state.play_started:
        raise RuleError(
            f"play has begun; {character.name} cannot simply leave the map. "
            "Tip: kill(character) applies the death rules (ISO-R44)."
        )
    events: list[Event] = [
        LinkRemoved(link=link, why="character removed") for link in state.links_of(character.id)
    ]
    events.append(CharacterRemoved(character_id=character.id, name=character.name))
    tx = Tx(state)
    tx.add(*events)
    _cap_owed_greens(tx)
    return tx.events


def start_play(state: IsolationState) -> list[Event]:
    """Close character creation (ISO-R06). The first conflict does this too."""
    if state.play_started:
        raise RuleError("play has already begun")
    return [PlayStarted()]


# --------------------------------------------------------------------------- links


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


def add_unlabeled(tx: Tx, a: str, b: str, colour: Colour, k: int, why: str) -> None:
    """Add ``k`` unlabeled links after cancelling the opposite colour first (ISO-R33).

    Up to ``k`` of the pair's unlabeled links of the other colour are erased
    (oldest first) and only the rest are added. Labeled links are never touched.
    """
    other: Colour = "red" if colour == "green" else "green"
    opposite = [x for x in tx.state.links_between(a, b) if x.colour == other and not x.labeled]
    cancelled = opposite[:k]
    for link in cancelled:
        tx.add(LinkRemoved(link=link, why=f"cancelled by a new {colour} link ({why})"))
    for _ in range(k - len(cancelled)):
        tx.add(LinkAdded(link=new_link(tx.state, a, b, colour, "", "temporary"), why=why))


def _add_labeled(
    tx: Tx,
    a: str,
    b: str,
    colour: Colour,
    label: str,
    origin: Origin,
    n: int = 1,
    subject: str | None = None,
    why: str = "",
) -> list[str]:
    added = []
    for _ in range(n):
        link = new_link(tx.state, a, b, colour, label, origin, subject)
        tx.add(LinkAdded(link=link, why=why))
        added.append(link.id)
    return added


def add_descriptor_link(
    state: IsolationState,
    a: str,
    a_descriptor: str,
    b: str,
    b_descriptor: str,
    colour: Colour,
) -> list[Event]:
    """One labeled link for a compatible (green) or incompatible (red) descriptor pair (ISO-R08).

    The label names both descriptors. Whether each descriptor is positive or
    negative has no bearing on the colour: the table judges compatibility.
    """
    _no_conflict(state, "change the map")
    first, second = _pair(state, a, b)
    colour = choice(colour, "colour", ("green", "red"))  # type: ignore[assignment]
    for who, descriptor in ((a, a_descriptor), (b, b_descriptor)):
        character = state.character(who)
        if descriptor not in character.descriptors:
            raise RuleError(
                f"{character.name} has no descriptor {descriptor!r}; theirs are "
                f"{', '.join(character.descriptors) or 'none'}"
            )
    label = f"{a_descriptor} / {b_descriptor}"
    mirror = f"{b_descriptor} / {a_descriptor}"
    for link in state.links_between(first, second):
        if link.origin == "descriptor" and link.label in (label, mirror):
            raise RuleError(
                f"{first}–{second} already have a descriptor link “{link.label}” ({link.id}); "
                "ISO-R08 gives one link per descriptor pair"
            )
    tx = Tx(state)
    _add_labeled(tx, a, b, colour, label, "descriptor", why="descriptor pass (ISO-R08)")
    return tx.events


def add_bias_links(
    state: IsolationState, holder: str, target: str, *, shared: bool = False
) -> list[Event]:
    """Two labeled links for a bias (ISO-R09).

    ``target`` falls under ``holder``'s bias: 2 red links labeled with the bias.
    With ``shared=True`` the two share (or nearly share) a bias: 2 green links.
    """
    _no_conflict(state, "change the map")
    first, second = _pair(state, holder, target)
    shared = flag(shared, "shared")
    bias_holder = state.character(holder)
    if not bias_holder.bias:
        raise RuleError(f"{bias_holder.name} has no bias to apply")
    colour: Colour = "green" if shared else "red"
    for link in state.links_between(first, second):
        if link.origin == "bias" and link.subject == holder and link.colour == colour:
            raise RuleError(
                f"{holder}'s bias already links {holder} and {target} ({link.id}); "
                "ISO-R09 adds its two links once"
            )
    tx = Tx(state)
    _add_labeled(
        tx, holder, target, colour, bias_holder.bias, "bias", 2, holder, "bias pass (ISO-R09)"
    )
    return tx.events


def add_goal_links(
    state: IsolationState, a: str, b: str, relation: Literal["same", "opposed"]
) -> list[Event]:
    """Three labeled links for goals (ISO-R10): 3 green if truly the same, 3 red if
    diametrically opposed. Merely incompatible goals give nothing, so there is no
    third option: judge strictly."""
    _no_conflict(state, "change the map")
    first, second = _pair(state, a, b)
    relation = choice(relation, "relation", ("same", "opposed"))  # type: ignore[assignment]
    ca, cb = state.character(a), state.character(b)
    if any(link.origin == "goal" for link in state.links_between(first, second)):
        raise RuleError(f"{first}–{second} already have goal links; ISO-R10 adds them once")
    tx = Tx(state)
    if relation == "same":
        _add_labeled(tx, a, b, "green", ca.goal, "goal", 3, why="same goal (ISO-R10)")
    else:
        label = f"{ca.goal} vs {cb.goal}"
        _add_labeled(tx, a, b, "red", label, "goal", 3, why="opposed goals (ISO-R10)")
    return tx.events


def add_link(
    state: IsolationState,
    a: str,
    b: str,
    colour: Colour,
    label: str = "",
    *,
    origin: Origin | None = None,
    why: str = "",
) -> list[Event]:
    """Free-form link: labeled (permanent) with a label, else unlabeled (temporary).

    An unlabeled link cancels an unlabeled link of the other colour first
    (ISO-R33), so a pair never holds unlabeled links of both colours.
    """
    _no_conflict(state, "change the map")
    first, second = _pair(state, a, b)
    colour = choice(colour, "colour", ("green", "red"))  # type: ignore[assignment]
    label = line(label, "label", allow_empty=True)
    why = line(why, "why", allow_empty=True) or "added by hand"
    if origin is None:
        origin = "session" if label else "temporary"
    origin = choice(origin, "origin", ORIGINS)  # type: ignore[assignment]
    if not label and origin != "temporary":
        raise RuleError(f"an unlabeled link is temporary; origin {origin!r} needs a label")
    if label and origin == "temporary":
        raise RuleError("a labeled link is permanent; origin 'temporary' needs no label")
    tx = Tx(state)
    if label:
        _add_labeled(tx, first, second, colour, label, origin, why=why)
    else:
        add_unlabeled(tx, first, second, colour, 1, why)
    return tx.events


def relabel_link(state: IsolationState, link_id: str, label: str) -> list[Event]:
    """Change a labeled link's label. Unlabeled links stay unlabeled (temporary)."""
    _no_conflict(state, "change the map")
    link = state.link(link_id)
    label = line(label, "label")
    if not link.labeled:
        raise RuleError(
            f"{link.id} is unlabeled (temporary); a label would make it permanent, which only "
            "the rules do. Tip: add_link(a, b, colour, label) adds a labeled link."
        )
    if label == link.label:
        return []
    return [LinkRelabeled(link_id=link.id, old=link.label, new=label)]


def remove_link(state: IsolationState, link_id: str, why: str = "removed by the GM") -> list[Event]:
    """Remove any link by hand (the GM's eraser)."""
    _no_conflict(state, "change the map")
    link = state.link(link_id)
    tx = Tx(state)
    tx.add(LinkRemoved(link=link, why=line(why, "why")))
    if link.subject and state.settings.auto_recover_on_zero_links:
        recover(tx, link.subject, "injury links gone (ISO-A26)")
    return tx.events


# --------------------------------------------------------------------------- stress


def stress_change(
    state: IsolationState, delta: int, reason: str, source: Literal["start", "gm", "result"]
) -> list[Event]:
    """Move the Stress Level by ``delta``, held between stress_min and stress_max (ISO-A18)."""
    settings = state.settings
    new = max(settings.stress_min, state.stress + delta)
    if settings.stress_max is not None:
        new = min(settings.stress_max, new)
    if new == state.stress:
        return []
    return [StressChanged(old=state.stress, new=new, reason=reason, source=source, requested=delta)]


def stress_into_bounds(state: IsolationState, settings: IsolationSettings) -> list[Event]:
    """What new house rules do to the current Stress Level (ISO-A18, ISO-A19).

    Before play begins (no conflict yet and no ``start_play``), a new
    ``stress_start`` is the scenario's opening Stress Level, so the Stress Level
    moves to it (the settings keep it within the bounds). Otherwise a Stress
    Level outside the new ``stress_min``..``stress_max`` moves onto the nearest
    bound. Either change is journaled in the same action as the settings change,
    so the Stress Level always lies within the bounds in force (and an undo
    takes back both). Inside the bounds, with no new start before play, nothing
    changes.
    """
    held = max(settings.stress_min, state.stress)
    if settings.stress_max is not None:
        held = min(settings.stress_max, held)
    reasons = []
    new = held
    if not state.play_started and settings.stress_start != state.settings.stress_start:
        new = settings.stress_start
        reasons.append(f"house rule stress_start is now {new}, before play begins (ISO-A19)")
    if held != state.stress:
        bound = "stress_min" if held > state.stress else "stress_max"
        reasons.append(f"house rule {bound} is now {held} (ISO-A18)")
    if new == state.stress:
        return []
    return [
        StressChanged(
            old=state.stress,
            new=new,
            reason="; ".join(reasons),
            source="settings",
            requested=new - state.stress,
        )
    ]


def adjust_stress(state: IsolationState, delta: int, reason: str) -> list[Event]:
    """The GM raises Stress 1–3 for a stressful event or lowers it 1–3 with relief (ISO-R35)."""
    _no_conflict(state, "change the Stress Level")
    delta = whole(delta, "a stress adjustment")
    if not 1 <= abs(delta) <= 3:
        raise RuleError(
            f"a GM stress adjustment is ±1 to ±3 per event (ISO-R35), got {delta:+d}. "
            "Tip: split a bigger change into several events, each with its reason."
        )
    return stress_change(state, delta, line(reason, "reason"), "gm")


def set_starting_stress(state: IsolationState, value: int) -> list[Event]:
    """Set the scenario's opening Stress Level, 1–3 by the text (ISO-R36, ISO-A19)."""
    if state.play_started:
        raise RuleError(
            "the starting Stress Level is set before play begins. Tip: adjust_stress(±n, "
            "reason) changes it during play."
        )
    value = whole(value, "starting Stress", 1, 3)
    settings = state.settings
    if value < settings.stress_min or (
        settings.stress_max is not None and value > settings.stress_max
    ):
        raise RuleError(
            f"starting Stress {value} is outside stress_min..stress_max "
            f"({settings.stress_min}..{settings.stress_max})"
        )
    if value == state.stress:
        return []
    return [
        StressChanged(
            old=state.stress, new=value, reason="starting Stress", source="start", requested=0
        )
    ]


def set_threat(state: IsolationState, present: bool) -> list[Event]:
    """Mark whether something threatens right now (matters at Stress 0, ISO-R37, ISO-A21)."""
    present = flag(present, "present")
    if present == state.threat:
        return []
    return [ThreatChanged(present=present)]


# --------------------------------------------------------------------------- injury and death


def wound(tx: Tx, cid: str, reason: str, dice: Dice | None) -> None:
    """One wound: one step down the ladder (ISO-R38), with injury links (ISO-R40) or death."""
    character = tx.state.character(cid)
    if not character.alive:
        return
    new = HEALTH_LADDER[HEALTH_LADDER.index(character.health) + 1]
    tx.add(HealthChanged(character_id=cid, old=character.health, new=new, reason=reason))
    if new == "Dead":
        _death(tx, cid, dice, None)
        return
    origin: Origin = "injury:Injured" if new == "Injured" else "injury:Dying"
    for other in tx.state.living:
        if other.id != cid:
            _add_labeled(tx, cid, other.id, "red", new, origin, 1, cid, f"{cid} is {new} (ISO-R40)")


def recover(tx: Tx, cid: str, reason: str) -> None:
    """Move up while the current level's injury links are all gone (ISO-R46, ISO-A26)."""
    while True:
        character = tx.state.character(cid)
        if character.health not in ("Injured", "Dying"):
            return
        if tx.state.injury_links(cid, character.health):
            return
        up = HEALTH_LADDER[HEALTH_LADDER.index(character.health) - 1]
        tx.add(HealthChanged(character_id=cid, old=character.health, new=up, reason=reason))


def _death(
    tx: Tx,
    cid: str,
    dice: Dice | None,
    remainder_pairs: Sequence[tuple[str, str]] | None,
) -> None:
    """ISO-R44: erase the dead's red links; share their labeled greens as unlabeled greens."""
    settings = tx.state.settings
    links = tx.state.links_of(cid)
    greens = sum(
        1
        for x in links
        if x.colour == "green" and (x.labeled or settings.death_redistribute_unlabeled)
    )
    touched = {x.subject for x in links if x.subject and x.subject != cid and x.injury_level}
    for link in links:
        why = "death: red links are erased" if link.colour == "red" else "death: shared out"
        tx.add(LinkRemoved(link=link, why=why))
    pairs = tx.state.living_pairs()
    each, remainder = divmod(greens, len(pairs)) if pairs else (0, 0)
    for a, b in pairs:
        if each:
            add_unlabeled(tx, a, b, "green", each, f"death of {cid} (ISO-R44)")
    rule = settings.death_green_remainder
    pending = 0
    if remainder:
        chosen: list[tuple[str, str]] = []
        if remainder_pairs is not None:
            chosen = _check_placement(tx.state, remainder_pairs, remainder)
        elif rule == "random":
            pool = list(pairs)
            for _ in range(remainder):
                pick = 0 if len(pool) == 1 else (dice or Dice(0)).face(d(len(pool))) - 1
                chosen.append(pool.pop(pick))
        elif rule == "gm_choice":
            pending = remainder
        for a, b in chosen:
            add_unlabeled(tx, a, b, "green", 1, f"death of {cid}: leftover share (ISO-A24)")
    tx.add(
        DeathGreensShared(
            dead=cid,
            greens=greens,
            pairs=len(pairs),
            each=each,
            remainder=remainder,
            remainder_rule="gm_choice" if remainder_pairs is not None else rule,
            pending=pending,
        )
    )
    _cap_owed_greens(tx)
    if settings.auto_recover_on_zero_links:
        for other in sorted(touched):
            if tx.state.character(other).alive:
                recover(tx, other, f"injury links gone with {cid}'s death (ISO-A26)")


def _cap_owed_greens(tx: Tx) -> None:
    """Keep every death's owed leftover greens placeable (ISO-A24).

    Leftovers go one to a pair, each to a different pair, so no more can stay
    owed than there are living pairs; with fewer than two survivors there are
    none and they are lost, as at the death itself. Called whenever the living
    characters dwindle (a later death, a character removed before play).
    """
    pairs = len(tx.state.living_pairs())
    for owed in tx.state.pending_greens:
        if owed.count > pairs:
            tx.add(DeathGreensDropped(dead=owed.dead, dropped=owed.count - pairs, left=pairs))


def _check_placement(
    state: IsolationState, pairs: Sequence[tuple[str, str]], count: int
) -> list[tuple[str, str]]:
    if not isinstance(pairs, list | tuple):
        raise RuleError(f"pairs must be a list of (a, b) pairs, got {pairs!r}")
    living = set(state.living_pairs())
    out = []
    for item in pairs:
        if not (isinstance(item, Sequence) and len(item) == 2):
            raise RuleError(f"each placement is a pair (a, b), got {item!r}")
        key = pair_key(str(item[0]), str(item[1]))
        if key not in living:
            raise RuleError(
                f"{item!r} is not a pair of two different living characters; "
                f"the living pairs are {sorted(living)}"
            )
        out.append(key)
    if len(out) != count:
        raise RuleError(f"place exactly {count} leftover green link(s), got {len(out)}")
    if len(set(out)) != len(out):
        raise RuleError("the leftover links go to different pairs (the share is even)")
    return out


def injure(
    state: IsolationState,
    character_id: str,
    reason: str,
    *,
    levels: int = 1,
    dice: Dice | None = None,
) -> list[Event]:
    """Wound a character outside a conflict (the threat strikes): ``levels`` steps down the
    ladder (ISO-R38), each with its injury links (ISO-R40); a third step kills (ISO-R44)."""
    _no_conflict(state, "injure a character")
    character = _living(state, character_id)
    reason = line(reason, "reason")
    levels = whole(levels, "levels", 1, 3)
    tx = Tx(state)
    for _ in range(levels):
        wound(tx, character.id, reason, dice)
    return tx.events


def kill(
    state: IsolationState,
    character_id: str,
    reason: str,
    *,
    dice: Dice | None = None,
    remainder_pairs: Sequence[tuple[str, str]] | None = None,
) -> list[Event]:
    """A character dies outside a conflict's wounds (the GM's ruling), with ISO-R44's map changes.

    Health steps down to Dead one level at a time so the log shows the ladder;
    no injury links are made on the way (the death erases them anyway).
    """
    _no_conflict(state, "kill a character")
    character = _living(state, character_id)
    reason = line(reason, "reason")
    tx = Tx(state)
    while tx.state.character(character.id).health != "Dying":
        now = tx.state.character(character.id).health
        nxt = HEALTH_LADDER[HEALTH_LADDER.index(now) + 1]
        tx.add(HealthChanged(character_id=character.id, old=now, new=nxt, reason=reason))
    tx.add(HealthChanged(character_id=character.id, old="Dying", new="Dead", reason=reason))
    _death(tx, character.id, dice, remainder_pairs)
    return tx.events


def place_death_greens(
    state: IsolationState, dead: str, pairs: Sequence[tuple[str, str]]
) -> list[Event]:
    """The GM places a death's leftover greens (ISO-A24 ``gm_choice``), one per chosen pair.

    Like every other change to the map, only between conflicts: a conflict's
    pools come from the map as it stood when it was proposed. Greens left over
    by a death during a conflict wait until it closes.
    """
    _no_conflict(state, "place a death's leftover green links")
    waiting = [p for p in state.pending_greens if p.dead == dead]
    if not waiting:
        owed = ", ".join(f"{p.dead} ({p.count})" for p in state.pending_greens) or "none"
        raise RuleError(f"no leftover greens of {dead!r} wait to be placed; waiting: {owed}")
    chosen = _check_placement(state, pairs, waiting[0].count)
    tx = Tx(state)
    for a, b in chosen:
        add_unlabeled(tx, a, b, "green", 1, f"death of {dead}: leftover share (ISO-A24)")
    tx.add(DeathGreensPlaced(dead=dead, pairs=chosen))
    return tx.events


# --------------------------------------------------------------------------- sessions


def end_session(state: IsolationState) -> list[Event]:
    """End the session; pair rolls (ISO-R45) and recovery (ISO-R46) happen now."""
    _no_conflict(state, "end the session")
    if state.interlude:
        raise RuleError(f"session {state.session} has already ended. Tip: begin_session().")
    return [SessionEnded(session=state.session)]


def begin_session(state: IsolationState) -> list[Event]:
    """Start the next session (the session number goes up by one)."""
    if not state.interlude:
        raise RuleError(f"session {state.session} is still running. Tip: end_session() first.")
    _pending_pair(state)
    return [SessionBegun(session=state.session + 1)]


def _pending_pair(state: IsolationState) -> None:
    if state.pair_roll is not None:
        p = state.pair_roll
        must = "erase_green or add_red" if p.winner == "red" else "erase_red, add_green or nothing"
        raise RuleError(
            f"the pair roll {p.a}–{p.b} still waits for its outcome. "
            f"Tip: choose_pair_outcome({must!r})."
        )


def counts(colour: Colour, face: int) -> bool:
    """Whether one die counts for its owner: an even on a green die, an odd on a red one.

    The one counting rule of every reading in the game (ISO-R23..R25, ISO-R28,
    ISO-R30, ISO-R43, ISO-R45): green dice count their evens (2, 4, 6), red
    dice their odds (1, 3, 5). A die that exploded keeps its face and counts
    like any other (ISO-R21): a green 6 counts, and so does a red 1. It agrees
    with :attr:`PoolRoll.evens <isowidgets.dice.PoolRoll.evens>` and
    :attr:`~isowidgets.dice.PoolRoll.odds`, which the readings sum, so
    ``sum(counts(colour, f) for f in roll.faces)`` is a pool's evens (green) or
    odds (red). For widgets that mark each die: ``functools.partial(counts,
    colour)`` is the predicate for one pool.

    Raises:
        RuleError: ``colour`` is not ``"green"`` or ``"red"``, or ``face`` is not a
            whole number 1..6 (a d6's faces).
    """
    choice(colour, "a die's colour", ("green", "red"))
    whole(face, "a d6's face", 1, 6)
    return face % 2 == (0 if colour == "green" else 1)


def roll_colour(
    dice: Dice,
    state: IsolationState,
    colour: Colour,
    count: int,
    label: str,
    faces: Sequence[int] | str | None,
    *,
    take_explosions: bool = True,
    gm: bool = False,
) -> PoolRoll:
    """Roll (or take typed faces for) one open-ended Isolation pool (ISO-R21, ISO-R22).

    Green dice explode on 6 (optional under ISO-A04), red dice on 1 (the GM's
    per ISO-A02). ``take_explosions`` only declines explosions the rules leave
    optional (green 6s under ``green_explosion_optional``); red 1s always
    explode, and so do green 6s by default. ``max_explosions_per_pool``
    (ISO-A05) stops a chain at the house limit; the pool is then recorded with
    optional explosions so the journal can show which explosions the limit
    declined.

    The dice core's caps (:class:`~isowidgets.dice.Limits`) are checked before
    any die is rolled, so an oversized pool costs nothing.
    """
    settings = state.settings
    explode, mode = explosion_rule(settings, colour, gm=gm)
    optional = colour == "green" and settings.green_explosion_optional
    cap = settings.max_explosions_per_pool
    pool = Pool(D6, count, explode, mode, label)
    pool.check(dice.limits)
    if cap is None:
        return dice.roll(pool, faces, take_optional=take_explosions)
    if faces is None:
        return _roll_to_house_limit(dice, pool, cap, take=take_explosions or not optional)
    roll = dice.roll(pool, faces)
    extras = len(roll.extras)
    if extras > cap:
        raise FacesError(
            f"{pool.describe()}: {extras} extra dice from explosions, but the house limit "
            f"max_explosions_per_pool is {cap}. Tip: stop the chain after {cap} extra dice."
        )
    declined = any(die.declined for die in roll.dice)
    if declined and extras < cap and not optional:
        raise FacesError(
            f"{pool.describe()}: an exploding face has no extra die, and the house limit "
            f"({cap}) is not reached yet. Tip: list one extra die per exploding face."
        )
    return roll


def _roll_to_house_limit(dice: Dice, pool: Pool, cap: int, *, take: bool) -> PoolRoll:
    """A random roll whose chains stop after ``cap`` extra dice (ISO-A05).

    ``take`` is false only when the rules let the roller decline every
    explosion (optional green 6s). Past the dice core's own explosion cap the
    chain stops one die over it, and :meth:`Dice.roll` then refuses it with
    :class:`~isowidgets.errors.DiceCapError`, exactly as without a house limit.
    """
    rolled = [dice.face(pool.die) for _ in range(pool.count)]
    if take:
        limit = min(cap, dice.limits.max_explosions + 1)
        cursor = 0
        while cursor < len(rolled) and len(rolled) - pool.count < limit:
            if rolled[cursor] in pool.explode_on:
                rolled.append(dice.face(pool.die))
            cursor += 1
    return dataclasses.replace(dice.roll(pool, rolled), source="random")


def pair_roll(
    state: IsolationState,
    dice: Dice,
    a: str,
    b: str,
    *,
    green_faces: Sequence[int] | str | None = None,
    red_faces: Sequence[int] | str | None = None,
    take_explosions: bool = True,
) -> list[Event]:
    """A pair rolls their green links against their red links (ISO-R45, ISO-A17).

    Allowed between sessions, or (``pair_rolls_on_injury``, ISO-A16) for a
    freshly injured character's pairs until the next conflict. Each pair rolls
    at most once per window, and it is optional.
    """
    first, second = _pair(state, a, b)
    _pending_pair(state)
    window = state.interlude or (
        state.settings.pair_rolls_on_injury
        and state.conflict is None
        and (first in state.injury_window or second in state.injury_window)
    )
    if not window:
        raise RuleError(
            "pair rolls are made at the end of a session (ISO-R45). Tip: end_session() first"
            + (
                ""
                if state.settings.pair_rolls_on_injury
                else "; pair_rolls_on_injury=True also allows them right after an injury"
            )
            + "."
        )
    if (first, second) in state.pairs_rolled:
        raise RuleError(f"{first}–{second} have already rolled in this window")
    labeled = None if state.settings.pair_roll_uses_unlabeled else True
    greens = state.count(first, second, "green", labeled=labeled)
    reds = state.count(first, second, "red", labeled=labeled)
    green = roll_colour(
        dice,
        state,
        "green",
        greens,
        f"{first}–{second} green",
        green_faces,
        take_explosions=take_explosions,
    )
    red = roll_colour(dice, state, "red", reds, f"{first}–{second} red", red_faces)
    return [PairRolled(a=first, b=second, green=green, red=red, evens=green.evens, odds=red.odds)]


PairChoice = Literal["erase_red", "add_green", "erase_green", "add_red", "nothing"]


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
    state: IsolationState,
    outcome: PairChoice,
    *,
    link_id: str | None = None,
    label: str = "",
) -> list[Event]:
    """Settle a pair roll (ISO-R45): more evens may erase a labeled red or add a labeled
    green; more odds must erase a labeled green or add a labeled red.

    Erasing an injury link can bring recovery (ISO-R46); while the injured
    character has any Dying link, none of their Injured links may be erased.
    Recovery is checked for both characters after any erase (ISO-A26): a level
    with no links left counts as cleared then, however its links went.
    """
    pending = state.pair_roll
    if pending is None:
        raise RuleError("no pair roll waits for an outcome. Tip: pair_roll(a, b) first.")
    options = pair_outcomes(state)
    outcome = choice(outcome, f"the outcome of {pending.a}–{pending.b}'s roll", tuple(options))  # type: ignore[assignment]
    tx = Tx(state)
    tx.add(PairOutcome(a=pending.a, b=pending.b, choice=outcome))
    if outcome in ("erase_red", "erase_green"):
        colour = "red" if outcome == "erase_red" else "green"
        candidates = list(options[outcome])
        if link_id is None:
            raise RuleError(
                f"name the labeled {colour} link to erase: "
                f"{', '.join(f'{x.id} “{x.label}”' for x in candidates) or 'there is none'}"
                + (". Tip: add a labeled red link instead." if colour == "green" else "")
            )
        link = state.link(link_id)
        if link not in candidates:
            raise RuleError(
                f"{link_id} is not a labeled {colour} link between {pending.a} and {pending.b}; "
                f"those are: {', '.join(x.id for x in candidates) or 'none'}"
            )
        if link.origin == "injury:Injured" and link.subject:
            dying = state.injury_links(link.subject, "Dying")
            if dying:
                raise RuleError(
                    f"{link.subject} must erase every Dying link first "
                    f"({', '.join(x.id for x in dying)}) before any Injured link (ISO-R46)"
                )
        tx.add(LinkRemoved(link=link, why=f"pair roll: {outcome.replace('_', ' ')}"))
        # ISO-A26: recovery is checked after every between-session removal, whichever
        # link it took: an injured character whose current level's links all vanished
        # some other way (a death erased the last one) recovers at their next erase.
        for who in (pending.a, pending.b):
            recover(tx, who, "injury links erased between sessions (ISO-R46, ISO-A26)")
    elif outcome in ("add_green", "add_red"):
        colour = "green" if outcome == "add_green" else "red"
        label = line(
            label,
            "the new link's label (ISO-R45: something that happened, e.g. 'Bonded over chess')",
        )
        _add_labeled(tx, pending.a, pending.b, colour, label, "session", why="pair roll (ISO-R45)")  # type: ignore[arg-type]
    return tx.events


# --------------------------------------------------------------------------- warnings


@dataclass(frozen=True, slots=True)
class MapWarning:
    """Advice, not an error: something the text recommends that the map does not follow."""

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
                f"the {link.origin} link {link.id} ({link.a}–{link.b}, “{link.label}”) was "
                f"added after the {later[-1]} pass had begun; the text builds the map with "
                "descriptors, then biases, then goals, then adds the same-boat NPCs. Every "
                "link counts the same either way: this is advice only.",
            )
        begun.add(link.origin)
    return None


def warnings(state: IsolationState) -> list[MapWarning]:
    """Recommendations the characters and map do not meet (ISO-R02..R04, ISO-R06, ISO-R11,
    ISO-A24). Advice, never errors: nothing here refuses an action."""
    out: list[MapWarning] = []
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
                    "Tip: add_bias_links(holder, target) records who falls under it.",
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
                f"{p.count} leftover green link(s) from {p.dead}'s death wait for the GM. "
                "Tip: place_death_greens(dead, pairs).",
            )
        )
    return out
