"""Make It Worse: the Event Type roll, Events, the Event Mode, and chains (WTWD-R06…R11).

A Make It Worse turn is a run of small steps, each one click or one die at the
table, so every die can be rolled or typed in on its own:

1. :func:`make_it_worse` opens the turn and rolls the Event Type (Pressure += face);
   on the game's first roll a 6 calls for :func:`roll_cause` (The Cause's reroll,
   a 6 read as 5, global; WTWD-R11, A01, A02);
2. :func:`roll_mode` (optional) rolls an Event Mode for inspiration (no Pressure);
3. :func:`create_event` creates the Event from the type's list, with a region and
   details (type 6: Spreading, Snowballing or The Cause);
4. if the Event's type has a chain set, :func:`roll_chain` rolls one die: a face in
   the set adds itself to Pressure and calls for a chained Event of that face's type
   (back to 2), a face outside ends the chain and the turn (WTWD-R08).

A chain has no length limit in the rules (WTWD-A06); the engine refuses a chaining
roll past the session's dice cap (``Limits.max_explosions``, 200 by default) with
:class:`~isowidgets.errors.DiceCapError`, so a runaway never hangs a kernel.
"""

from __future__ import annotations

from ... import checks
from ...checks import shown
from ...contract import Action
from ...dice import D6, Faces, Pool
from ...errors import DiceCapError, RuleError
from .events import ChainRolled, EventCreated, EventTypeRolled, ModeRolled, TurnStarted
from .model import WorldEvent, WorldState
from .turns import chain_set_of, end_turn, in_play, offered_events, turn_in

__all__ = [
    "Faces",
    "chain_set_of",
    "create_event",
    "make_it_worse",
    "roll_cause",
    "roll_chain",
    "roll_mode",
]


def _die(label: str) -> Pool:
    return Pool(D6, 1, label=label)


def make_it_worse(action: Action[WorldState], faces: Faces | None = None) -> EventTypeRolled:
    """Open a Make It Worse turn and roll the Event Type (WTWD-R04…R06)."""
    state = action.state
    in_play(state)
    if state.turn is not None:
        raise RuleError(
            "watch_the_world_die.turn_open_blocks",
            "turn {number} is still in play; finish it first",
            number=state.turn.number,
        )
    player = state.current_player or ""
    action.add(
        TurnStarted(
            turn=state.turns + 1,
            year=state.year,
            player=player,
            move="worse",
            pressure=state.pressure,
            forced=state.pressure == 0,
        )
    )
    return _type_roll(action, faces, reroll=False)


def roll_cause(action: Action[WorldState], faces: Faces | None = None) -> EventTypeRolled:
    """The first move's reroll for The Cause: a 6 reads as 5 (WTWD-R11, WTWD-A01, A02)."""
    turn_in(action.state, "cause")
    return _type_roll(action, faces, reroll=True)


def _type_roll(action: Action[WorldState], faces: Faces | None, *, reroll: bool) -> EventTypeRolled:
    state = action.state
    settings = state.settings
    turn = state.turn
    assert turn is not None
    roll = action.dice.roll(_die("The Cause's reroll" if reroll else "Event Type"), faces)
    face = roll.faces[0]
    cause = glob = cause_due = False
    if reroll:
        read_as = 5 if face == 6 else face
        if not settings.cause_reroll_adds_pressure:
            added = 0
        else:
            added = read_as if settings.cause_reroll_pressure_value == "as_read" else face
        with_type = state.apocalypse is not None
        cause = glob = settings.first_move_six == "cause_reroll_global" or with_type
    else:
        read_as = added = face
        cause_due = not state.first_roll_made and face == 6
    rolled = EventTypeRolled(
        turn=turn.number,
        roll=roll,
        face=face,
        read_as=read_as,
        type_name=state.tables.event_type(read_as).name,
        reroll=reroll,
        cause_due=cause_due,
        cause=cause,
        global_scope=glob,
        pressure_added=added,
        pressure_after=state.pressure + added,
    )
    action.add(rolled)
    return rolled


def roll_mode(action: Action[WorldState], faces: Faces | None = None) -> ModeRolled:
    """Roll the optional Event Mode for the Event about to be created (WTWD-R07, WTWD-A14).

    It is inspiration only: it adds no Pressure and changes no rule.
    """
    state = action.state
    turn = turn_in(state, "event")
    if not state.settings.event_mode_enabled:
        raise RuleError(
            "watch_the_world_die.mode_roll_off",
            "the Event Mode roll is off (event_mode_enabled = false)",
        )
    if turn.mode is not None:
        raise RuleError(
            "watch_the_world_die.mode_rolled_twice",
            "this Event's Mode is rolled already: {mode}",
            mode=turn.mode,
        )
    roll = action.dice.roll(_die("Event Mode"), faces)
    face = roll.faces[0]
    rolled = ModeRolled(turn=turn.number, roll=roll, face=face, mode=state.tables.mode(face))
    action.add(rolled)
    return rolled


def create_event(
    action: Action[WorldState],
    entry: str,
    region: str = "",
    details: str = "",
    *,
    target: str | None = None,
    event_type: int | None = None,
) -> WorldEvent:
    """Create the Event the turn calls for, from its type's list (WTWD-R07, R10, R11).

    Args:
        entry: an Event of the type's list, or for type 6 a special event's name.
        region: the country or region (not needed for a global Event; a Snowballing
            without one stays where its target is).
        details: what happens, in the table's words.
        target: for Spreading and Snowballing, the earlier Event's id.
        event_type: the type, where the player may choose among several (WTWD-A03
            ``player_choice``); else it is the one the die gave.
    """
    state = action.state
    turn = turn_in(state, "event")
    entry = checks.text(entry, "entry")
    region = checks.text(region, "region", allow_empty=True, collapse=True)
    details = checks.text(details, "details", allow_empty=True, max_length=checks.MAX_NOTE)
    kind = _type_for(state, turn.types, entry, event_type)
    offered = offered_events(state, kind)
    tables = state.tables
    special = tables.special(entry) if kind == 6 and entry in tables.entries(6) else None
    if entry not in offered:
        if special is not None and special.kind == "cause":
            raise RuleError(
                "watch_the_world_die.cause_needs_apocalypse",
                "The Cause is open only with an Apocalypse Type (WTWD-R11); without one, choose "
                "{offered}",
                offered=" or ".join(offered),
            )
        if entry in tables.entries(kind):
            raise RuleError(
                "watch_the_world_die.entry_used",
                "{entry} is used already and allow_duplicate_events is off; unused {name} Events: "
                "{offered}",
                entry=shown(entry),
                name=tables.event_type(kind).name,
                offered=", ".join(offered),
            )
        raise RuleError(
            "watch_the_world_die.no_such_entry",
            "entry {entry} is not on the {name} list: {offered}",
            entry=shown(entry),
            name=tables.event_type(kind).name,
            offered=", ".join(offered),
        )
    aimed: str | None = None
    if special is not None and special.kind in ("spreading", "snowballing"):
        if target is None:
            raise RuleError(
                "watch_the_world_die.target_missing",
                "{special} acts on an earlier Event: pass target= one of {ids}",
                special=special.name,
                ids=", ".join(e.id for e in state.events[-12:]) or "none (there is none yet)",
            )
        aimed = checks.identifier(target, "target", [e.id for e in state.events])
        if special.kind == "snowballing" and not region:
            region = state.event(aimed).region
    elif target is not None:
        raise RuleError(
            "watch_the_world_die.target_not_allowed",
            "target is only for Spreading and Snowballing, not {entry}",
            entry=shown(entry),
        )
    glob = turn.global_scope
    if not region and not glob:
        raise RuleError(
            "watch_the_world_die.region_missing",
            "region must name the country or region where {entry} happens (WTWD-R07)",
            entry=shown(entry),
        )
    number = len(state.events) + 1
    chained = turn.parent is not None
    counted = state.settings.count_chained_events or not chained
    limit = state.settings.max_chain_length
    chain_after = turn.chain + (1 if chained else 0)
    draft = WorldEvent(
        id=f"event-{number}",
        year=state.year,
        turn=turn.number,
        player=turn.player,
        type=kind,
        entry=entry,
        region=region,
        global_scope=glob,
        details=details,
        chained_from=turn.parent,
        roll=turn.roll or 0,
        pressure_added=turn.added,
        pressure_after=state.pressure,
        target=aimed,
        cause=turn.cause,
        mode=turn.mode,
        counted=counted,
    )
    chain_due = bool(chain_set_of(state, draft)) and (limit is None or chain_after < limit)
    action.add(
        EventCreated(
            event=draft.id,
            year=draft.year,
            turn=draft.turn,
            player=draft.player,
            type=kind,
            type_name=tables.event_type(kind).name,
            entry=entry,
            region=region,
            details=details,
            global_scope=glob,
            chained_from=draft.chained_from,
            roll=draft.roll,
            pressure_added=draft.pressure_added,
            pressure_after=draft.pressure_after,
            target=aimed,
            cause=draft.cause,
            mode=draft.mode,
            counted=counted,
            chain_due=chain_due,
        )
    )
    if not chain_due:
        end_turn(action)
    return draft


def _type_for(state: WorldState, types: tuple[int, ...], entry: str, chosen: object) -> int:
    """The type of the Event to create: the only one allowed, the one chosen, or the one
    whose list holds ``entry``."""
    if chosen is not None:
        return checks.choice(chosen, "event_type", types)
    if len(types) == 1:
        return types[0]
    holding = [t for t in types if entry in state.tables.entries(t)]
    if len(holding) == 1:
        return holding[0]
    names = ", ".join(f"{t} {state.tables.event_type(t).name}" for t in types)
    raise RuleError(
        "watch_the_world_die.chained_type_missing",
        "the chained Event may be of type {names}; pass event_type= one of {types} (entry "
        "{entry} does not tell which)",
        names=names,
        types=list(types),
        entry=shown(entry),
    )


def roll_chain(action: Action[WorldState], faces: Faces | None = None) -> ChainRolled:
    """The chaining roll after the latest Event (WTWD-R08, A03, A04, A06)."""
    state = action.state
    turn = turn_in(state, "chain")
    cap = action.dice.limits.max_explosions
    if turn.chain >= cap:
        raise DiceCapError(
            "watch_the_world_die.chain_cap",
            "this chain has {chain} chained Events, the session's safety cap "
            "(Limits.max_explosions = {cap}); the rules set no limit, the engine does. Tip: "
            "stop() the game, or undo the last chained Event",
            chain=turn.chain,
            cap=cap,
        )
    last = state.event(turn.last_event or "")
    chain = chain_set_of(state, last)
    roll = action.dice.roll(_die(f"chaining roll after {last.id}"), faces)
    face = roll.faces[0]
    chained = face in chain
    if chained:
        added = face
        types = chain if state.settings.chain_type_source == "player_choice" else (face,)
    else:
        added = face if state.settings.failed_chain_adds_pressure else 0
        types = ()
    rolled = ChainRolled(
        turn=turn.number,
        event=last.id,
        roll=roll,
        face=face,
        chain_set=chain,
        chained=chained,
        types=types,
        pressure_added=added,
        pressure_after=state.pressure + added,
    )
    action.add(rolled)
    if not chained:
        end_turn(action)
    return rolled
