"""Injury and death: the health ladder (ISO-R38), injury links (ISO-R40), a death's map
changes (ISO-R44) and the leftover greens a death may owe (ISO-A24).

:func:`wound` is the one wound, whatever causes it (a conflict's failure, the
GM's ruling); a third step down the ladder is a death, which erases the dead
character's links, shares their greens among the living pairs and voids a pair
roll of theirs still waiting for its outcome.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import checks
from ...contract import Action
from ...dice import Pool, PoolRoll, d
from ...errors import RuleError
from ...words import plural
from ._common import line, living, named, no_conflict
from .events import (
    DeathGreensDropped,
    DeathGreensPlaced,
    DeathGreensShared,
    HealthChanged,
    LinkRemoved,
)
from .links import add_labeled, add_unlabeled, recover
from .model import HEALTH_LADDER, IsolationState, Origin, pair_key
from .sessions import void_pair_roll

__all__ = ["cap_owed_greens", "injure", "kill", "place_death_greens", "wound"]

Act = Action[IsolationState]


def wound(action: Act, cid: str, reason: str) -> None:
    """One wound: one step down the ladder (ISO-R38), with injury links (ISO-R40) or death."""
    character = action.state.character(cid)
    if not character.alive:
        return
    new = HEALTH_LADDER[HEALTH_LADDER.index(character.health) + 1]
    action.add(
        HealthChanged(
            character_id=cid,
            old=character.health,
            new=new,
            reason=reason,
            names=named(action.state, cid),
        )
    )
    if new == "Dead":
        _death(action, cid, None)
        return
    origin: Origin = "injury:Injured" if new == "Injured" else "injury:Dying"
    why = f"{character.name} is {new} (ISO-R40)"
    for other in action.state.living:
        if other.id != cid:
            add_labeled(action, cid, other.id, "red", new, origin, 1, cid, why)


def _death(action: Act, cid: str, remainder_pairs: Sequence[tuple[str, str]] | None) -> None:
    """ISO-R44: erase the dead's red links; share their labeled greens as unlabeled greens."""
    settings = action.state.settings
    name = action.state.character(cid).name
    void_pair_roll(action, cid, f"{name} died")
    links = action.state.links_of(cid)
    greens = sum(
        1
        for x in links
        if x.colour == "green" and (x.labeled or settings.death_redistribute_unlabeled)
    )
    touched = {x.subject for x in links if x.subject and x.subject != cid and x.injury_level}
    for link in links:
        why = "death: red links are erased" if link.colour == "red" else "death: shared out"
        action.add(LinkRemoved(link=link, why=why, names=named(action.state, link.a, link.b)))
    pairs = action.state.living_pairs()
    each, remainder = divmod(greens, len(pairs)) if pairs else (0, 0)
    for a, b in pairs:
        if each:
            add_unlabeled(action, a, b, "green", each, f"death of {name} (ISO-R44)")
    rule = settings.death_green_remainder
    pending = 0
    picks: list[PoolRoll] = []
    if remainder:
        chosen: list[tuple[str, str]] = []
        if remainder_pairs is not None:
            chosen = _check_placement(action.state, remainder_pairs, remainder)
        elif rule == "random":
            pool = list(pairs)
            for _ in range(remainder):
                pick = 0
                if len(pool) > 1:  # a journaled roll, so the pick can be verified
                    picked = action.dice.roll(Pool(d(len(pool)), 1, label="leftover share"))
                    picks.append(picked)
                    pick = picked.faces[0] - 1
                chosen.append(pool.pop(pick))
        elif rule == "gm_choice":
            pending = remainder
        for a, b in chosen:
            add_unlabeled(action, a, b, "green", 1, f"death of {name}: leftover share (ISO-A24)")
    action.add(
        DeathGreensShared(
            names=named(action.state, cid),
            dead=cid,
            greens=greens,
            pairs=len(pairs),
            each=each,
            remainder=remainder,
            remainder_rule="gm_choice" if remainder_pairs is not None else rule,
            pending=pending,
            picks=picks,
        )
    )
    cap_owed_greens(action)
    if settings.auto_recover_on_zero_links:
        for other in sorted(touched):
            if action.state.character(other).alive:
                recover(action, other, f"injury links gone with {name}'s death (ISO-A26)")


def cap_owed_greens(action: Act) -> None:
    """Keep every death's owed leftover greens placeable (ISO-A24).

    Leftovers go one to a pair, each to a different pair, so no more can stay
    owed than there are living pairs; with fewer than two survivors there are
    none and they are lost, as at the death itself. Called whenever the living
    characters dwindle (a later death, a character removed before play).
    """
    pairs = len(action.state.living_pairs())
    for owed in action.state.pending_greens:
        if owed.count > pairs:
            dropped = owed.count - pairs
            action.add(
                DeathGreensDropped(
                    dead=owed.dead,
                    dropped=dropped,
                    left=pairs,
                    names=named(action.state, owed.dead),
                )
            )


def _check_placement(state: IsolationState, pairs: object, count: int) -> list[tuple[str, str]]:
    if not isinstance(pairs, list | tuple):
        raise RuleError(
            "isolation.placements_not_a_list",
            "pairs must be a list of (a, b) pairs, got {pairs}",
            pairs=checks.shown(pairs),
        )
    living_pairs = set(state.living_pairs())
    out = []
    for item in pairs[: count + 1]:
        if not (isinstance(item, list | tuple) and len(item) == 2):
            raise RuleError(
                "isolation.placement_not_a_pair",
                "each placement is a pair (a, b), got {item}",
                item=checks.shown(item),
            )
        a, b = (checks.identifier(x, "a character of a placement") for x in item)
        key = pair_key(a, b)
        if key not in living_pairs:
            raise RuleError(
                "isolation.placement_not_living_pair",
                "{item} is not a pair of two different living characters; the living pairs are "
                "{living_pairs}",
                item=checks.shown(item),
                living_pairs=checks.shown(sorted(living_pairs)),
            )
        out.append(key)
    if len(pairs) != count:
        raise RuleError(
            plural(
                "isolation.place_leftover_greens",
                "place exactly {n} leftover green link, got {got}",
                "place exactly {n} leftover green links, got {got}",
                n=count,
                got=len(pairs),
            )
        )
    if len(set(out)) != len(out):
        raise RuleError(
            "isolation.placements_repeated",
            "the leftover links go to different pairs (the share is even)",
        )
    return out


def injure(action: Act, character_id: str, reason: str, *, levels: int = 1) -> None:
    """Wound a character outside a conflict (the threat strikes): ``levels`` steps down the
    ladder (ISO-R38), each with its injury links (ISO-R40); a third step kills (ISO-R44)."""
    no_conflict(action.state, "injure a character")
    character = living(action.state, character_id)
    reason = line(reason, "reason")
    for _ in range(checks.whole(levels, "levels", 1, 3)):
        wound(action, character.id, reason)


def kill(
    action: Act,
    character_id: str,
    reason: str,
    *,
    remainder_pairs: Sequence[tuple[str, str]] | None = None,
) -> None:
    """A character dies outside a conflict's wounds (the GM's ruling), with ISO-R44's map changes.

    Health steps down to Dead one level at a time so the log shows the ladder;
    no injury links are made on the way (the death erases them anyway).
    """
    no_conflict(action.state, "kill a character")
    cid = living(action.state, character_id).id
    reason = line(reason, "reason")
    while (now := action.state.character(cid).health) != "Dead":
        nxt = HEALTH_LADDER[HEALTH_LADDER.index(now) + 1]
        action.add(
            HealthChanged(
                character_id=cid,
                old=now,
                new=nxt,
                reason=reason,
                names=named(action.state, cid),
            )
        )
    _death(action, cid, remainder_pairs)


def place_death_greens(action: Act, dead: str, pairs: Sequence[tuple[str, str]]) -> None:
    """The GM places a death's leftover greens (ISO-A24 ``gm_choice``), one per chosen pair.

    Like every other change to the map, only between conflicts: a conflict's
    pools come from the map as it stood when it was proposed. Greens left over
    by a death during a conflict wait until it closes.
    """
    state = action.state
    no_conflict(state, "place a death's leftover green links")
    waiting = [p for p in state.pending_greens if p.dead == dead]
    if not waiting:
        owed = ", ".join(f"{p.dead} ({p.count})" for p in state.pending_greens) or "none"
        raise RuleError(
            "isolation.no_greens_waiting",
            "no leftover greens of {dead} wait to be placed; waiting: {owed}",
            dead=checks.shown(dead),
            owed=owed,
        )
    chosen = _check_placement(state, pairs, waiting[0].count)
    name = state.character(dead).name if state.has_character(dead) else dead
    for a, b in chosen:
        add_unlabeled(action, a, b, "green", 1, f"death of {name}: leftover share (ISO-A24)")
    ids = [dead, *(cid for pair_ in chosen for cid in pair_)]
    action.add(DeathGreensPlaced(dead=dead, pairs=chosen, names=named(state, *ids)))
