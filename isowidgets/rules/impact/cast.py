"""Rules outside a test: the cast, their Details, and Impact Dice between rolls.

Adding characters and scenes (IMP-R14, IMP-A14), Details and their kinds
(IMP-R01, IMP-R02, IMP-A16, IMP-A17), damage (IMP-R15), earning outside a roll
(IMP-R18b, R18c), opening scenes (IMP-R20), rest and sessions (IMP-R19, IMP-A07).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from ... import checks
from ...checks import shown
from ...contract import Action
from ...errors import RuleError
from ...journal import Event
from ...words import Message, msg
from ._common import (
    MAX_DETAILS,
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
    OpeningScene,
    RestTaken,
    SceneAdded,
    SessionAdvanced,
)
from .fold import fold
from .ladder import START, step_named
from .model import (
    WORLD,
    Character,
    Citation,
    DetailKind,
    ImpactState,
    OpenTest,
    Role,
)

ROLES: tuple[Role, ...] = ("pc", "npc")
DETAIL_KINDS: tuple[DetailKind, ...] = ("character", "scene", "temporary")


def _detail_items(details: object) -> list[tuple[str, Hint]]:
    if isinstance(details, str) or not isinstance(details, Iterable):
        raise RuleError(
            "impact.details_not_a_list",
            "details must be a list of texts (or (text, hint) pairs), got {details}",
            details=checks.shown(details),
        )
    items: list[tuple[str, Hint]] = []
    for item in details:
        if len(items) == MAX_DETAILS:
            raise RuleError(
                "impact.too_many_details",
                "at most {max_details} Details can be added at once",
                max_details=MAX_DETAILS,
            )
        if isinstance(item, tuple) and len(item) == 2:
            items.append((text_arg(item[0], "a Detail's text"), hint_arg(item[1])))
        else:
            items.append((text_arg(item, "a Detail's text"), "either"))
    return items


# --------------------------------------------------------------------------- characters and scenes


def add_character(
    action: Action[ImpactState],
    name: object,
    role: object = "pc",
    details: object = (),
    impact: object = None,
) -> str:
    """A PC or NPC adversary and their Character Details; returns the character's id.

    PCs start at D12 (IMP-R14); NPCs at ``npc_start_impact`` (IMP-A14) unless
    ``impact`` says otherwise.
    """
    text = text_arg(name, "a character's name")
    checked: Role = checks.choice(role, "a character's role ('pc', or 'npc': an adversary)", ROLES)
    start = START if checked == "pc" else step_named(action.state.settings.npc_start_impact)
    step = start if impact is None else step_named(impact)
    character = f"char-{action.state.counters.characters + 1}"
    added = CharacterAdded(character=character, name=text, role=checked, step=step)
    return _with_details(action, added, character, "character", details)


def add_pc(
    action: Action[ImpactState], name: str, details: Sequence[Any] = (), *, impact: Any = None
) -> str:
    """A player character (D12 unless ``impact``, IMP-R14), with Character Details;
    returns its id.

    ``details`` are texts, or ``(text, hint)`` pairs for a negative trait such as
    ``("Sworn Enemy of the Prince", "hinders")``.
    """
    return add_character(action, name, "pc", details, impact)


def add_npc(
    action: Action[ImpactState], name: str, details: Sequence[Any] = (), *, impact: Any = None
) -> str:
    """An NPC adversary (``npc_start_impact`` unless ``impact``, IMP-A14), with its
    Details; returns its id."""
    return add_character(action, name, "npc", details, impact)


def add_scene(
    action: Action[ImpactState], name: str, details: Sequence[Any] = (), *, impact: Any = None
) -> str:
    """A scene with its Scene Details; its Impact Die is ``impact`` or ``scene_start_impact``
    (IMP-A14). Returns the scene's id."""
    text = text_arg(name, "a scene's name")
    start = action.state.settings.scene_start_impact if impact is None else impact
    scene = f"scene-{action.state.counters.scenes + 1}"
    added = SceneAdded(scene=scene, name=text, step=None if start is None else step_named(start))
    return _with_details(action, added, scene, "scene", details)


def _with_details(
    action: Action[ImpactState], added: Event, holder: str, kind: DetailKind, details: object
) -> str:
    """Add a new character or scene, then its Details; returns the holder's id."""
    items = _detail_items(details)
    action.add(added)
    for text, hint in items:
        action.add(new_detail_event(action.state, holder, kind, text, hint))
    return holder


def add_detail(
    action: Action[ImpactState],
    owner: str,
    text: str,
    *,
    kind: str | None = None,
    hint: Hint = "either",
) -> str:
    """A Detail on a character, a scene or the world (IMP-R01); returns its id.

    ``kind`` defaults to ``"character"`` on a character and ``"scene"``
    elsewhere. Character Details belong to characters and Scene Details to
    scenes (or the world); a Temporary Detail may sit on anything.
    """
    state = action.state
    holder = owner_arg(state, owner)
    is_character = state.find_character(holder) is not None
    chosen = next((k for k in DETAIL_KINDS if isinstance(kind, str) and k == kind), None)
    if kind is None:
        chosen = "character" if is_character else "scene"
    elif chosen is None:
        raise RuleError(
            "impact.no_such_detail_kind",
            "a Detail's kind is 'character', 'scene' or 'temporary' (IMP-R01), got {kind}",
            kind=checks.shown(kind),
        )
    if chosen == "character" and not is_character:
        raise RuleError(
            "impact.character_detail_off_character",
            "{holder} is not a character, so it cannot have a Character Detail. Tip: use "
            "kind='scene' or 'temporary'.",
            holder=state.name_of(holder),
        )
    if chosen == "scene" and is_character:
        raise RuleError(
            "impact.scene_detail_on_character",
            "{holder} is a character; a Scene Detail describes a scene or the world. Tip: use "
            "kind='temporary' for a short-term fact about a character.",
            holder=state.name_of(holder),
        )
    event = new_detail_event(
        state, holder, chosen, text_arg(text, "a Detail's text"), hint_arg(hint)
    )
    action.add(event)
    return event.detail


# --------------------------------------------------------------------------- Impact Dice


def set_impact(action: Action[ImpactState], who: str, die: Any, reason: str = "") -> None:
    """The GM sets an Impact Die directly (a scene's die, IMP-A14, or a correction).

    A scene may be set to ``None`` (no Impact Die). Adds nothing when the die
    is already that.
    """
    holder = action.state.holder(who)
    why = reason_arg(reason)
    if die is None:
        if isinstance(holder, Character):
            raise RuleError(
                "impact.character_needs_die",
                "{holder} is a character and always has an Impact Die (IMP-R14). Tip: 'ineffectual'"
                " is below D4.",
                holder=holder.name,
            )
        new: int | None = None
    else:
        new = step_named(die)
    if new != holder.step:
        action.add(impact_event(holder, new, "gm", why, None))


def damage(action: Action[ImpactState], who: str, steps: int = 1, reason: str = "") -> None:
    """A blow from an enemy: the Impact Die goes down (IMP-R15; below D4 see IMP-R16, A13)."""
    holder = action.state.holder(who)
    count = checks.whole(steps, "damage (in steps)", 1, 6)
    action.add(lower_step(action.state, holder.id, count, "damage", reason=reason_arg(reason)))


def _earning_pc(state: ImpactState, who: object, earning: Message) -> Character:
    """The player character ``who``: IMP-R18 (b) and (c) earn steps for PCs only."""
    holder = state.holder(who)
    if isinstance(holder, Character) and holder.role == "pc":
        return holder
    what = (
        msg("impact.holder_is_npc", "an NPC adversary")
        if isinstance(holder, Character)
        else msg("impact.holder_is_scene", "a scene")
    )
    pcs = ", ".join(f"{c.id} ({c.name})" for c in state.pcs()) or "none yet"
    raise RuleError(
        "impact.earn_only_for_pc",
        "{earning} earns a step for a player character (IMP-R18); got {holder}, "
        "{holder_name}, which is {what}. Allowed: a PC: {pcs}. Tip: an NPC's or a scene's "
        "Impact Die moves through Success effects (3) and (4) (IMP-R09), or by set_impact()"
        " as a GM correction.",
        earning=earning,
        holder=shown(holder.id),
        holder_name=holder.name,
        what=what,
        pcs=pcs,
    )


def heroic_act(action: Action[ImpactState], who: str, reason: str = "") -> None:
    """The GM judges a PC's act classically heroic: the die goes up one step (IMP-R18c)."""
    character = _earning_pc(action.state, who, msg("impact.earning.heroic", "a heroic act"))
    action.add(raise_step(action.state, character.id, "heroic", reason=reason_arg(reason)))


def self_complication(
    action: Action[ImpactState], who: str, detail: str, text: str, *, hint: Hint = "hinders"
) -> str:
    """A Complication tied to one of the character's own Details earns a step (IMP-R18b).
    Returns the new Temporary Detail's id.

    Calling this *is* the owning player's approval, which the rule requires
    whoever proposed it; so only a PC (a character a player owns) can take one.
    """
    state = action.state
    character = _earning_pc(
        state, who, msg("impact.earning.self_complication", "a self-created Complication")
    )
    related = state.detail(detail)
    if related.owner != character.id:
        raise RuleError(
            "impact.complication_detail_not_own",
            "{related} belongs to {owner}, not {character}; a self-created Complication must "
            "relate to one of the character's own Details (IMP-R18b)",
            related=shown(related.text),
            owner=state.name_of(related.owner),
            character=character.name,
        )
    wording = text_arg(text, "the Complication's text")
    checked_hint = hint_arg(hint)
    problem = earn_problem(state, character.id)
    if problem:
        raise RuleError(problem)
    event = new_detail_event(
        state,
        character.id,
        "temporary",
        wording,
        checked_hint,
        "self_complication",
        related=related.id,
    )
    action.add(event)
    action.add(raise_step(action.state, character.id, "self_complication"))
    return event.detail


def opening_scene(action: Action[ImpactState], who: str, detail: str, text: str = "") -> None:
    """An opening scene addressing one of the character's Details: D12 → D20 (IMP-R20)."""
    state = action.state
    character = require_pc(state, who, msg("impact.role.author", "author of an opening scene"))
    if state.in_play:
        raise RuleError(
            "impact.opening_scene_too_late",
            "opening scenes come before the first test of an adventure is rolled (IMP-R20), and"
            " this adventure is under way. Tip: new_adventure() starts the next one.",
        )
    if character.opening_scene:
        raise RuleError(
            "impact.opening_scene_had",
            "{character} already had an opening scene this adventure",
            character=character.name,
        )
    addressed = state.detail(detail)
    if addressed.owner != character.id or addressed.kind != "character":
        raise RuleError(
            "impact.opening_scene_detail_not_character",
            "an opening scene addresses one of {character}'s Character Details (IMP-R20); "
            "{addressed} is a {kind} Detail of {owner}",
            character=character.name,
            addressed=shown(addressed.text),
            kind=addressed.kind,
            owner=state.name_of(addressed.owner),
        )
    scene = reason_arg(text, "an opening scene's description")
    problem = earn_problem(state, character.id)
    if problem:
        raise RuleError(problem)
    action.add(
        OpeningScene(
            character=character.id,
            name=character.name,
            detail=addressed.id,
            detail_text=addressed.text,
            text=scene,
        )
    )
    action.add(raise_step(action.state, character.id, "opening_scene"))


# --------------------------------------------------------------------------- the adventure


def rest(action: Action[ImpactState], who: str | Sequence[str] | None = None) -> None:
    """A rest break: the GM resets the PCs' Impact Dice to D12 (IMP-R19, IMP-A07).

    ``who`` is one PC id, a list of them, or ``None`` for every PC. With
    ``rest_reset_mode = "raise_only"`` a die above D12 is kept. The rule lets
    the GM allow *players* to reset *their* characters' dice, so an NPC
    adversary does not rest: the GM sets its die with :func:`set_impact`, and
    :func:`new_adventure` puts every die back to its start.
    """
    state = action.state
    require_no_test(state, msg("impact.doing.rest", "a rest break"))
    ids = tuple(c.id for c in state.pcs()) if who is None else checks.id_list(who, "who rests")
    if not ids:
        got = "None (every PC), and there are no PCs yet" if who is None else repr(list(ids))
        raise RuleError(
            "impact.rest_nobody",
            "a rest break needs at least one character to rest, got {got}. Allowed: a character"
            " id, a non-empty list of ids, or None for every PC (IMP-R19).",
            got=got,
        )
    characters = [state.character(i) for i in ids]
    npcs = [c for c in characters if c.role != "pc"]
    if npcs:
        pcs = ", ".join(f"{c.id} ({c.name})" for c in state.pcs()) or "none yet"
        names = ", ".join(f"{c.id} ({c.name})" for c in npcs)
        raise RuleError(
            "impact.rest_npc",
            "a rest break resets player characters' Impact Dice (IMP-R19), got {names}: an NPC "
            "adversary. Allowed: PCs ({pcs}), or None for every PC. Tip: set_impact({id}, "
            "'D12') sets an adversary's die as the GM's call; new_adventure() puts every die "
            "back to its start.",
            names=names,
            pcs=pcs,
            id=shown(npcs[0].id),
        )
    if len({c.id for c in characters}) != len(characters):
        raise RuleError(
            "impact.rest_twice",
            "each character rests once; got {ids}",
            ids=checks.shown(list(ids)),
        )
    action.add(RestTaken(rest=state.rests + 1, characters=tuple(c.id for c in characters)))
    mode = state.settings.rest_reset_mode
    for character in characters:
        new = START if mode == "set_d12" else max(character.step, START)
        if new != character.step:
            action.add(impact_event(character, new, "rest", "", None))


def next_session(action: Action[ImpactState]) -> None:
    """The next session of the adventure: Impact Dice carry over (IMP-R19).

    With ``temp_detail_auto_expire`` every Temporary Detail expires (IMP-A16).
    """
    state = action.state
    require_no_test(state, msg("impact.doing.end_session", "ending the session"))
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


def new_adventure(action: Action[ImpactState]) -> None:
    """A new adventure: every character back to its starting die (IMP-R14, IMP-A14)."""
    state = action.state
    require_no_test(state, msg("impact.doing.new_adventure", "starting a new adventure"))
    action.add(AdventureStarted(adventure=state.adventure + 1))
    npc_start = step_named(state.settings.npc_start_impact)
    for character in state.characters:
        start = START if character.role == "pc" else npc_start
        if character.step != start:
            action.add(impact_event(character, start, "adventure", "", None))


# --------------------------------------------------------------------------- Details
# A Detail cited in a test not yet rolled drops out of it when it is removed, disabled
# or no longer counts there (see fold._uncited): the test was journaled with it.


def alter_detail(
    action: Action[ImpactState],
    detail: str,
    *,
    text: str | None = None,
    hint: Hint | None = None,
    reason: str = "",
) -> None:
    """Reword a Detail or change its hint (the GM; a Success effect (2) does it too)."""
    altered_detail(action, detail, text, hint, reason, test=None)


def altered_detail(
    action: Action[ImpactState],
    detail: object,
    text: object,
    hint: object,
    reason: object,
    *,
    test: str | None,
) -> None:
    """:func:`alter_detail`, for the GM or for the effect of ``test``'s Success."""
    found = action.state.detail(detail)
    new_text = found.text if text is None else text_arg(text, "a Detail's text")
    new_hint = found.hint if hint is None else hint_arg(hint)
    why = reason_arg(reason)
    if (new_text, new_hint) == (found.text, found.hint):
        raise RuleError(
            "impact.detail_alter_unchanged",
            "Detail {found} already reads {found_text} ({hint}); nothing to alter",
            found=found.id,
            found_text=shown(found.text),
            hint=found.hint,
        )
    action.add(
        DetailAltered(
            detail=found.id,
            old_text=found.text,
            text=new_text,
            old_hint=found.hint,
            hint=new_hint,
            reason=why,
            test=test,
        )
    )


def remove_detail(action: Action[ImpactState], detail: str, reason: str = "") -> None:
    """Remove a Detail (the GM, the fiction, or a Success effect (2); Temporary Details
    stay until removed, IMP-A16)."""
    removed_detail(action, detail, reason, test=None)


def removed_detail(
    action: Action[ImpactState], detail: object, reason: object, *, test: str | None
) -> None:
    """:func:`remove_detail`, for the GM or for the effect of ``test``'s Success."""
    found = action.state.detail(detail)
    action.add(
        DetailRemoved(
            detail=found.id,
            text=found.text,
            owner_name=action.state.name_of(found.owner),
            reason=reason_arg(reason),
            test=test,
        )
    )


def set_detail_active(
    action: Action[ImpactState], detail: str, active: bool, reason: str = ""
) -> None:
    """Disable a Detail the fiction makes unusable, or enable it again (IMP-R02, IMP-A17)."""
    toggled_detail(action, detail, active, reason, test=None)


def toggled_detail(
    action: Action[ImpactState], detail: object, active: object, reason: object, *, test: str | None
) -> None:
    """:func:`set_detail_active`, for the GM or for the effect (disruption) of ``test``'s
    Success."""
    found = action.state.detail(detail)
    wanted = checks.flag(active, "active")
    why = reason_arg(reason)
    if found.active == wanted:
        if wanted:
            raise RuleError(
                "impact.detail_already_usable",
                "Detail {found} is already usable",
                found=shown(found.text),
            )
        raise RuleError(
            "impact.detail_already_disabled",
            "Detail {found} is already disabled",
            found=shown(found.text),
        )
    action.add(
        DetailToggled(detail=found.id, text=found.text, active=wanted, reason=why, test=test)
    )


def set_detail_kind(
    action: Action[ImpactState], detail: str, kind: DetailKind, reason: str = ""
) -> None:
    """Mark a Detail temporary (``kind="temporary"``), or make a Temporary Detail lasting
    again (``"character"`` on a character, ``"scene"`` on a scene or the world; IMP-R01).

    On a character a Detail is a Character Detail or a Temporary one; on a
    scene or the world it is a Scene Detail or a Temporary one. Nothing else
    changes: text, hint, whether it is usable. If the Detail is cited in the
    test not yet rolled and the new kind no longer lets it count there (a
    helper's Temporary Detail cited as a penalty, made a Character Detail), it
    drops out of the test.
    """
    state = action.state
    found = state.detail(detail)
    lasting: DetailKind = "character" if state.find_character(found.owner) else "scene"
    allowed: tuple[DetailKind, ...] = (lasting, "temporary")
    owner = state.name_of(found.owner)
    chosen = next((k for k in allowed if isinstance(kind, str) and k == kind), None)
    if chosen is None:
        if lasting == "character":
            where = msg("impact.where.character", "a character")
        elif found.owner == WORLD:
            where = msg("impact.where.world", "the world")
        else:
            where = msg("impact.where.scene", "a scene")
        raise RuleError(
            "impact.detail_kind_not_allowed",
            "{found} ({found_id}) is on {owner}, {where}, so its kind is {allowed} or "
            "'temporary' (IMP-R01), got {kind}. Tip: a Detail stays with what it describes; add"
            " a new one to describe something else.",
            found=shown(found.text),
            found_id=found.id,
            owner=owner,
            where=where,
            allowed=shown(allowed[0]),
            kind=checks.shown(kind),
        )
    if chosen == found.kind:
        raise RuleError(
            "impact.detail_kind_unchanged",
            "{found} ({found_id}) is already a {kind} Detail; nothing to change. "
            "Allowed: {allowed}.",
            found=shown(found.text),
            found_id=found.id,
            kind=found.kind,
            allowed="temporary" if chosen == lasting else repr(lasting),
        )
    changed = DetailKindChanged(
        detail=found.id,
        text=found.text,
        owner_name=owner,
        old_kind=found.kind,
        detail_kind=chosen,
        reason=reason_arg(reason),
        test=None,
    )
    open_test = state.test
    if open_test is not None and open_test.phase == "setup" and found.id in open_test.cited():
        after = fold(state, changed)
        others = dataclasses.replace(
            open_test, citations=tuple(c for c in open_test.citations if c.detail != found.id)
        )
        if not all(_counts(after, others, c) for c in open_test.citations if c.detail == found.id):
            changed = changed.model_copy(update={"uncited": True})
    action.add(changed)


def _counts(state: ImpactState, test: OpenTest, citation: Citation) -> bool:
    """Whether ``citation`` may stand in ``test`` on ``state`` (IMP-R06, IMP-R07)."""
    try:
        check_citation(state, test, citation.detail, citation.sign)
    except RuleError:
        return False
    return True
