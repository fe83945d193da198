"""Rules outside a test: the cast, their Details, and Impact Dice between rolls.

Adding characters and scenes (IMP-R14, IMP-A14), Details and their kinds
(IMP-R01, IMP-R02, IMP-A16, IMP-A17), damage (IMP-R15), earning outside a roll
(IMP-R18b, R18c), opening scenes (IMP-R20), rest and sessions (IMP-R19, IMP-A07).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from ...checks import id_list
from ...errors import RuleError
from ...journal import Event
from ._common import (
    Action,
    check_citation,
    earn_problem,
    hint_arg,
    impact_event,
    lower_step,
    new_detail_event,
    owner_arg,
    raise_step,
    reason_arg,
    require_no_test,
    require_pc,
    text_arg,
)
from .effects import Hint
from .events import (
    AdventureStarted,
    CharacterAdded,
    DetailAltered,
    DetailKindChanged,
    DetailRemoved,
    DetailToggled,
    DetailUncited,
    OpeningScene,
    RestTaken,
    SceneAdded,
    SessionAdvanced,
)
from .ladder import (
    START,
    step_named,
)
from .model import (
    WORLD,
    Character,
    DetailKind,
    ImpactState,
    Role,
)


def _detail_items(details: object) -> list[tuple[str, Hint]]:
    if isinstance(details, str) or not isinstance(details, Iterable):
        raise RuleError(f"details must be a list of texts (or (text, hint) pairs), got {details!r}")
    items: list[tuple[str, Hint]] = []
    for item in details:
        if isinstance(item, tuple) and len(item) == 2:
            items.append((text_arg(item[0], "a Detail's text"), hint_arg(item[1])))
        else:
            items.append((text_arg(item, "a Detail's text"), "either"))
    return items


# --------------------------------------------------------------------------- characters and scenes


def add_character(
    state: ImpactState,
    name: object,
    role: object = "pc",
    details: object = (),
    impact: object = None,
) -> list[Event]:
    """A PC or NPC adversary and their Character Details.

    PCs start at D12 (IMP-R14); NPCs at ``npc_start_impact`` (IMP-A14) unless
    ``impact`` says otherwise.
    """
    text = text_arg(name, "a character's name")
    if role not in ("pc", "npc"):
        raise RuleError(f"a character is a 'pc' or an 'npc' adversary, got {role!r}")
    checked: Role = role
    if impact is None:
        step = START if checked == "pc" else step_named(state.settings.npc_start_impact)
    else:
        step = step_named(impact)
    items = _detail_items(details)
    action = Action(state)
    character = f"char-{state.counters.characters + 1}"
    action.add(CharacterAdded(character=character, name=text, role=checked, step=step))
    for detail, hint in items:
        action.add(new_detail_event(action.state, character, "character", detail, hint))
    return action.events


def add_scene(
    state: ImpactState, name: object, details: object = (), impact: object = None
) -> list[Event]:
    """A scene with its Scene Details; its Impact Die is ``impact`` or ``scene_start_impact``."""
    text = text_arg(name, "a scene's name")
    if impact is None:
        start = state.settings.scene_start_impact
        step = None if start is None else step_named(start)
    else:
        step = step_named(impact)
    items = _detail_items(details)
    action = Action(state)
    scene = f"scene-{state.counters.scenes + 1}"
    action.add(SceneAdded(scene=scene, name=text, step=step))
    for detail, hint in items:
        action.add(new_detail_event(action.state, scene, "scene", detail, hint))
    return action.events


def add_detail(
    state: ImpactState,
    owner: object,
    text: object,
    kind: object = None,
    hint: object = "either",
) -> list[Event]:
    """A Detail on a character, a scene or the world (IMP-R01).

    ``kind`` defaults to ``"character"`` on a character and ``"scene"``
    elsewhere. Character Details belong to characters and Scene Details to
    scenes (or the world); a Temporary Detail may sit on anything.
    """
    holder = owner_arg(state, owner)
    is_character = state.find_character(holder) is not None
    chosen: DetailKind
    if kind is None:
        chosen = "character" if is_character else "scene"
    elif kind in ("character", "scene", "temporary"):
        chosen = kind
    else:
        raise RuleError(
            f"a Detail's kind is 'character', 'scene' or 'temporary' (IMP-R01), got {kind!r}"
        )
    if chosen == "character" and not is_character:
        raise RuleError(
            f"{state.name_of(holder)} is not a character, so it cannot have a Character "
            "Detail. Tip: use kind='scene' or 'temporary'."
        )
    if chosen == "scene" and is_character:
        raise RuleError(
            f"{state.name_of(holder)} is a character; a Scene Detail describes a scene or the "
            "world. Tip: use kind='temporary' for a short-term fact about a character."
        )
    return [
        new_detail_event(state, holder, chosen, text_arg(text, "a Detail's text"), hint_arg(hint))
    ]


# --------------------------------------------------------------------------- Impact Dice


def set_impact(state: ImpactState, who: object, die: object, reason: object = "") -> list[Event]:
    """The GM sets an Impact Die directly (a scene's die, IMP-A14, or a correction).

    A scene may be set to ``None`` (no Impact Die). Returns no events when the
    die is already that.
    """
    holder = state.holder(who)
    if die is None:
        if isinstance(holder, Character):
            raise RuleError(
                f"{holder.name} is a character and always has an Impact Die (IMP-R14). "
                "Tip: 'ineffectual' is below D4."
            )
        new: int | None = None
    else:
        new = step_named(die)
    if new == holder.step:
        return []
    return [impact_event(holder, new, "gm", reason_arg(reason), None)]


def _steps(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise RuleError(f"damage is a whole number of steps from 1 to 6, got {value!r}")
    return value


def damage(state: ImpactState, who: object, steps: object = 1, reason: object = "") -> list[Event]:
    """A blow from an enemy: the Impact Die goes down (IMP-R15; below D4 see IMP-R16, A13)."""
    holder = state.holder(who)
    return [lower_step(state, holder.id, _steps(steps), "damage", reason=reason_arg(reason))]


def _earning_pc(state: ImpactState, who: object, earning: str) -> Character:
    """The player character ``who``: IMP-R18 (b) and (c) earn steps for PCs only."""
    holder = state.holder(who)
    if isinstance(holder, Character) and holder.role == "pc":
        return holder
    what = "an NPC adversary" if isinstance(holder, Character) else "a scene"
    pcs = ", ".join(f"{c.id} ({c.name})" for c in state.pcs()) or "none yet"
    raise RuleError(
        f"{earning} earns a step for a player character (IMP-R18); got {holder.id!r}, "
        f"{holder.name}, which is {what}. Allowed: a PC: {pcs}. Tip: an NPC's or a scene's "
        "Impact Die moves through Success effects (3) and (4) (IMP-R09), or by "
        "set_impact() as a GM correction."
    )


def heroic_act(state: ImpactState, who: object, reason: object = "") -> list[Event]:
    """The GM judges a PC's act classically heroic: the die goes up one step (IMP-R18c)."""
    character = _earning_pc(state, who, "a heroic act")
    return [raise_step(state, character.id, "heroic", reason=reason_arg(reason))]


def self_complication(
    state: ImpactState, who: object, detail: object, text: object, hint: object = "hinders"
) -> list[Event]:
    """A Complication tied to one of the character's own Details earns a step (IMP-R18b).

    Calling this *is* the owning player's approval, which the rule requires
    whoever proposed it; so only a PC (a character a player owns) can take one.
    """
    character = _earning_pc(state, who, "a self-created Complication")
    related = state.detail(detail)
    if related.owner != character.id:
        raise RuleError(
            f"{related.text!r} belongs to {state.name_of(related.owner)}, not {character.name}; "
            "a self-created Complication must relate to one of the character's own Details "
            "(IMP-R18b)"
        )
    wording = text_arg(text, "the Complication's text")
    checked_hint = hint_arg(hint)
    problem = earn_problem(state, character.id)
    if problem:
        raise RuleError(problem)
    action = Action(state)
    action.add(
        new_detail_event(
            state,
            character.id,
            "temporary",
            wording,
            checked_hint,
            "self_complication",
            related=related.id,
        )
    )
    action.add(raise_step(action.state, character.id, "self_complication"))
    return action.events


def opening_scene(
    state: ImpactState, who: object, detail: object, text: object = ""
) -> list[Event]:
    """An opening scene addressing one of the character's Details: D12 → D20 (IMP-R20)."""
    character = require_pc(state, who, "author of an opening scene")
    if state.in_play:
        raise RuleError(
            "opening scenes come before the first test of an adventure is rolled (IMP-R20), "
            "and this adventure is under way. Tip: new_adventure() starts the next one."
        )
    if character.opening_scene:
        raise RuleError(f"{character.name} already had an opening scene this adventure")
    addressed = state.detail(detail)
    if addressed.owner != character.id or addressed.kind != "character":
        raise RuleError(
            f"an opening scene addresses one of {character.name}'s Character Details "
            f"(IMP-R20); {addressed.text!r} is a {addressed.kind} Detail of "
            f"{state.name_of(addressed.owner)}"
        )
    problem = earn_problem(state, character.id)
    if problem:
        raise RuleError(problem)
    action = Action(state)
    action.add(
        OpeningScene(
            character=character.id,
            name=character.name,
            detail=addressed.id,
            detail_text=addressed.text,
            text=reason_arg(text),
        )
    )
    action.add(raise_step(action.state, character.id, "opening_scene"))
    return action.events


# --------------------------------------------------------------------------- the adventure


def rest(state: ImpactState, who: object = None) -> list[Event]:
    """A rest break: the GM resets the PCs' Impact Dice to D12 (IMP-R19, IMP-A07).

    ``who`` is one PC id, a list of them, or ``None`` for every PC. With
    ``rest_reset_mode = "raise_only"`` a die above D12 is kept. The rule lets
    the GM allow *players* to reset *their* characters' dice, so an NPC
    adversary does not rest: the GM sets its die with :func:`set_impact`, and
    :func:`new_adventure` puts every die back to its start.
    """
    require_no_test(state, "a rest break")
    ids = tuple(c.id for c in state.pcs()) if who is None else id_list(who, "who rests")
    if not ids:
        got = "None (every PC), and there are no PCs yet" if who is None else repr(who)
        raise RuleError(
            f"a rest break needs at least one character to rest, got {got}. Allowed: a "
            "character id, a non-empty list of ids, or None for every PC (IMP-R19)."
        )
    characters = [state.character(i) for i in ids]
    npcs = [c for c in characters if c.role != "pc"]
    if npcs:
        pcs = ", ".join(f"{c.id} ({c.name})" for c in state.pcs()) or "none yet"
        names = ", ".join(f"{c.id} ({c.name})" for c in npcs)
        raise RuleError(
            f"a rest break resets player characters' Impact Dice (IMP-R19), got {names}: "
            f"an NPC adversary. Allowed: PCs ({pcs}), or None for every PC. Tip: "
            f"set_impact({npcs[0].id!r}, 'D12') sets an adversary's die as the GM's call; "
            "new_adventure() puts every die back to its start."
        )
    if len({c.id for c in characters}) != len(characters):
        raise RuleError(f"each character rests once; got {list(ids)}")
    action = Action(state)
    action.add(RestTaken(rest=state.rests + 1, characters=tuple(c.id for c in characters)))
    mode = state.settings.rest_reset_mode
    for character in characters:
        new = START if mode == "set_d12" else max(character.step, START)
        if new != character.step:
            action.add(impact_event(character, new, "rest", "", None))
    return action.events


def next_session(state: ImpactState) -> list[Event]:
    """The next session of the adventure: Impact Dice carry over (IMP-R19).

    With ``temp_detail_auto_expire`` every Temporary Detail expires (IMP-A16).
    """
    require_no_test(state, "ending the session")
    action = Action(state)
    action.add(SessionAdvanced(session=state.session + 1))
    if state.settings.temp_detail_auto_expire:
        for detail in state.details:
            if detail.kind == "temporary":
                action.add(
                    DetailRemoved(
                        detail=detail.id,
                        text=detail.text,
                        owner_name=state.name_of(detail.owner),
                        reason="expired with the session (temp_detail_auto_expire, IMP-A16)",
                    )
                )
    return action.events


def new_adventure(state: ImpactState) -> list[Event]:
    """A new adventure: every character back to its starting die (IMP-R14, IMP-A14)."""
    require_no_test(state, "starting a new adventure")
    action = Action(state)
    action.add(AdventureStarted(adventure=state.adventure + 1))
    npc_start = step_named(state.settings.npc_start_impact)
    for character in state.characters:
        start = START if character.role == "pc" else npc_start
        if character.step != start:
            action.add(impact_event(character, start, "adventure", "", None))
    return action.events


def _uncite_everywhere(action: Action, detail: str) -> None:
    """Drop a Detail from a test being set up before it is removed or disabled."""
    test = action.state.test
    if test is None or test.phase != "setup":
        return
    text = action.state.detail(detail).text
    for _ in range(test.cited().count(detail)):
        action.add(DetailUncited(test=test.id, detail=detail, text=text))


# --------------------------------------------------------------------------- Details


def alter_detail(
    state: ImpactState,
    detail: object,
    text: object = None,
    hint: object = None,
    reason: object = "",
    *,
    test: str | None = None,
) -> list[Event]:
    """Change a Detail's wording or hint (the GM, or a Success effect (2))."""
    found = state.detail(detail)
    new_text = found.text if text is None else text_arg(text, "a Detail's text")
    new_hint = found.hint if hint is None else hint_arg(hint)
    if (new_text, new_hint) == (found.text, found.hint):
        raise RuleError(
            f"Detail {found.id} already reads {found.text!r} ({found.hint}); nothing to alter"
        )
    return [
        DetailAltered(
            detail=found.id,
            old_text=found.text,
            text=new_text,
            old_hint=found.hint,
            hint=new_hint,
            reason=reason_arg(reason),
            test=test,
        )
    ]


def remove_detail(
    state: ImpactState, detail: object, reason: object = "", *, test: str | None = None
) -> list[Event]:
    """Remove a Detail (the GM, the fiction, or a Success effect (2); IMP-A16)."""
    found = state.detail(detail)
    action = Action(state)
    _uncite_everywhere(action, found.id)
    action.add(
        DetailRemoved(
            detail=found.id,
            text=found.text,
            owner_name=state.name_of(found.owner),
            reason=reason_arg(reason),
            test=test,
        )
    )
    return action.events


def set_detail_active(
    state: ImpactState,
    detail: object,
    active: object,
    reason: object = "",
    *,
    test: str | None = None,
) -> list[Event]:
    """Disable a Detail the fiction makes unusable, or enable it again (IMP-R02, IMP-A17)."""
    found = state.detail(detail)
    if not isinstance(active, bool):
        raise RuleError(f"active must be True or False, got {active!r}")
    if found.active == active:
        state_word = "usable" if active else "disabled"
        raise RuleError(f"Detail {found.text!r} is already {state_word}")
    action = Action(state)
    if not active:
        _uncite_everywhere(action, found.id)
    action.add(
        DetailToggled(
            detail=found.id, text=found.text, active=active, reason=reason_arg(reason), test=test
        )
    )
    return action.events


def _lasting_kind(state: ImpactState, owner: str) -> DetailKind:
    """The kind a Detail on ``owner`` has when it is not temporary (IMP-R01)."""
    return "character" if state.find_character(owner) is not None else "scene"


def set_detail_kind(
    state: ImpactState,
    detail: object,
    kind: object,
    reason: object = "",
    *,
    test: str | None = None,
) -> list[Event]:
    """Mark a Detail temporary, or make a Temporary Detail lasting again (IMP-R01).

    On a character a Detail is a Character Detail or a Temporary one; on a
    scene or the world it is a Scene Detail or a Temporary one. Nothing else
    changes: text, hint, whether it is usable. If the Detail is cited in the
    test being set up and the new kind no longer lets it count there (a
    helper's Temporary Detail cited as a penalty, made a Character Detail), the
    citation is taken back first.
    """
    found = state.detail(detail)
    lasting = _lasting_kind(state, found.owner)
    allowed: tuple[DetailKind, ...] = (lasting, "temporary")
    owner = state.name_of(found.owner)
    if kind not in allowed:
        where = (
            "a character"
            if lasting == "character"
            else ("the world" if found.owner == WORLD else "a scene")
        )
        raise RuleError(
            f"{found.text!r} ({found.id}) is on {owner}, {where}, so its kind is "
            f"{allowed[0]!r} or 'temporary' (IMP-R01), got {kind!r}. Tip: a Detail stays "
            "with what it describes; add a new one to describe something else."
        )
    if kind == found.kind:
        raise RuleError(
            f"{found.text!r} ({found.id}) is already a {found.kind} Detail; nothing to change. "
            f"Allowed: {'temporary' if kind == lasting else repr(lasting)}."
        )
    changed = DetailKindChanged(
        detail=found.id,
        text=found.text,
        owner_name=owner,
        old_kind=found.kind,
        detail_kind=kind,
        reason=reason_arg(reason),
        test=test,
    )
    action = Action(state)
    open_test = state.test
    if open_test is not None and open_test.phase == "setup":
        after = Action(state)
        after.add(changed)
        others = tuple(c for c in open_test.citations if c.detail != found.id)
        for citation in open_test.citations:
            if citation.detail != found.id:
                continue
            try:
                check_citation(
                    after.state,
                    dataclasses.replace(open_test, citations=others),
                    found.id,
                    citation.sign,
                )
            except RuleError:
                action.add(DetailUncited(test=open_test.id, detail=found.id, text=found.text))
    action.add(changed)
    return action.events
