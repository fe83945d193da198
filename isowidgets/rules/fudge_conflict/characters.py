"""Characters: skills 0–4, their categories, abilities, pools, wounds outside Let It Hurt.

Rules here are plain functions ``rule(action, …)``; each checks its arguments
with :mod:`isowidgets.checks` before anything is added, so a refusal changes
nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ... import checks
from ...contract import Action
from ...errors import RuleError
from ...words import Listing, msg, plural
from .abilities import ABILITIES, DEFEAT, Ability
from .damage import place_wound
from .events import CharacterAdded, CharacterKind, Healed, PoolChanged, SkillSet, WoundMarked
from .model import Character, FudgeState

__all__ = [
    "ROLES",
    "SKILL_MAX",
    "add_character",
    "add_pool_points",
    "heal",
    "mark_wound",
    "set_skill",
]

ROLES: tuple[CharacterKind, ...] = ("pc", "npc", "central")
SKILL_MAX = 4
"""Skills run 0…4 (DK-R02)."""
MAX_SKILLS = 60
MAX_POOL = 1000


def skill_name(value: object, what: str = "a skill") -> str:
    return checks.text(value, what, collapse=True, max_length=100)


def ability_arg(value: object, what: str = "an ability") -> Ability:
    return checks.choice(value, f"{what} (Kraft, Fornuft or Intuition)", ABILITIES)


def skills_arg(value: object) -> dict[str, int]:
    skills: dict[str, int] = {}
    for name, level in checks.mapping(value, "skills", most=MAX_SKILLS):
        skill = skill_name(name, "a skill's name")
        skills[skill] = checks.whole(level, f"skill {skill!r} (DK-R02)", 0, SKILL_MAX)
    return skills


def categories_arg(value: object) -> dict[str, Ability]:
    return {
        skill_name(name, "a skill in categories"): ability_arg(ability, f"the category of {name!r}")
        for name, ability in checks.mapping(value, "categories (skill → ability)", most=MAX_SKILLS)
    }


def abilities_arg(value: object, state: FudgeState) -> dict[Ability, int]:
    scores = state.settings.ability_score_range
    low, high = (scores[0], scores[1]) if scores else (-checks.MAX_COUNT, checks.MAX_COUNT)
    return {
        ability_arg(name, "an ability score's ability"): checks.whole(
            score, f"the {name} score (DK-A24)", low, high
        )
        for name, score in checks.mapping(value, "abilities (ability → score)", most=3)
    }


def add_character(
    action: Action[FudgeState],
    name: str,
    *,
    role: str = "pc",
    skills: Mapping[str, int] | None = None,
    categories: Mapping[str, str] | None = None,
    abilities: Mapping[str, int] | None = None,
    pool: int | None = None,
) -> str:
    """A character: ``role`` ``"pc"``, ``"npc"`` or ``"central"`` (a central GM
    character, DK-R22), skills 0–4 (DK-R02), skill → ability categories over the
    designer's map (DK-A09), ability scores (DK-A24), pool points (DK-A01).
    Returns its id (``char-N``)."""
    skills = {} if skills is None else skills
    categories = {} if categories is None else categories
    abilities = {} if abilities is None else abilities
    state = action.state
    name = checks.text(name, "a character's name", collapse=True)
    picked = checks.choice(role, "a character's role", ROLES)
    start = state.settings.pool_initial if pool is None else checks.whole(pool, "pool", 0, MAX_POOL)
    character = f"char-{state.counters.characters + 1}"
    action.add(
        CharacterAdded(
            character=character,
            name=name,
            role=picked,
            skills=skills_arg(skills),
            categories=categories_arg(categories),
            abilities=abilities_arg(abilities, state),
            pool=start,
        )
    )
    return character


def who_arg(state: FudgeState, who: object, what: str = "a character") -> Character:
    return state.character(checks.identifier(who, what))


def set_skill(action: Action[FudgeState], who: str, skill: str, value: int) -> None:
    """Set (or add) one of ``who``'s skills, 0–4 (DK-R02)."""
    character = who_arg(action.state, who)
    name = skill_name(skill)
    level = checks.whole(value, f"skill {name!r} (DK-R02)", 0, SKILL_MAX)
    action.add(
        SkillSet(
            character=character.id,
            name=character.name,
            skill=name,
            old=character.skills.get(name),
            new=level,
        )
    )


def add_pool_points(
    action: Action[FudgeState], who: str | None, points: int, reason: str = ""
) -> int:
    """Add (or, negative, take) points of a pool (DK-A01); returns the new total.

    ``who=None`` is the table's pool (``pool_scope = "table"``).
    """
    state = action.state
    change = checks.whole(points, "points", -MAX_POOL, MAX_POOL)
    why = checks.text(reason, "a reason", allow_empty=True, collapse=True)
    if who is None:
        if state.settings.pool_scope != "table":
            raise RuleError(
                "fudge_conflict.pool_whose",
                "each character has their own pool (pool_scope = 'character'); name the "
                "character whose pool changes",
            )
        old, name, target = state.table_pool, "the table", None
    else:
        character = who_arg(state, who)
        old, name, target = character.pool, character.name, character.id
    new = old + change
    if not 0 <= new <= MAX_POOL:
        raise RuleError(
            "fudge_conflict.pool_range",
            "{name}'s pool would be {new}; a pool holds 0 to {most} points",
            name=name,
            new=new,
            most=MAX_POOL,
        )
    action.add(PoolChanged(character=target, name=name, old=old, new=new, reason=why))
    return new


def _permanent_harm_check(character: Character, inside: bool) -> None:
    if character.central and not inside:
        raise RuleError(
            "fudge_conflict.central_harm",
            "{name} is a central GM character: only Let it hurt can harm them permanently (DK-R22)",
            name=character.name,
        )


def mark_wound(
    action: Action[FudgeState], who: str, level: int, ability: str, reason: str = ""
) -> int:
    """The GM marks damage outside Let It Hurt (only with ``damage_outside_lih``,
    DK-A23; never on a central GM character, DK-R22). Returns the level it is recorded at
    (DK-R32)."""
    state = action.state
    character = who_arg(state, who)
    wanted = checks.whole(level, "a damage level", 1, 6)
    hurt_on = ability_arg(ability)
    why = checks.text(reason, "a reason", allow_empty=True, collapse=True)
    if not state.settings.damage_outside_lih:
        raise RuleError(
            "fudge_conflict.damage_only_in_hurt",
            "damage is marked only in Let it hurt (damage_outside_lih = false, DK-A23): an "
            "ordinary conflict settles the consequence agreed at its intention",
        )
    _permanent_harm_check(character, inside=False)
    if character.defeated:
        raise RuleError(
            "fudge_conflict.already_defeated",
            "{name} is already defeated (level {level})",
            name=character.name,
            level=DEFEAT,
        )
    recorded = place_wound(character.wounds, wanted, hurt_on, state.settings)
    action.add(
        WoundMarked(
            character=character.id,
            name=character.name,
            ability=hurt_on,
            requested=wanted,
            level=recorded,
            reason=why,
        )
    )
    return recorded


def heal(
    action: Action[FudgeState],
    who: str,
    levels: Sequence[int] = (),
    reason: str = "",
    *,
    count: int = 0,
) -> tuple[int, ...]:
    """Heal wounds: the ones at ``levels``, or the ``count`` highest (DK-R38's hook,
    ``heal(level or count)``: the excerpt's healing rules are missing, so the table's or
    the designer's policy says which). Returns the levels healed."""
    character = who_arg(action.state, who)
    number = checks.whole(count, "count (wounds to heal)", 0, 20)
    listed = checks.ordered(levels, "levels to heal", most=20)
    if number and listed:
        raise RuleError("fudge_conflict.heal_both", "heal takes levels or a count, not both")
    filled = sorted(w.level for w in character.wounds)
    if number:
        if number > len(filled):
            raise RuleError(
                plural(
                    "fudge_conflict.heal_too_many",
                    "{name} has {n} wound; cannot heal {count}",
                    "{name} has {n} wounds; cannot heal {count}",
                    n=len(filled),
                    name=character.name,
                    count=number,
                )
            )
        picked = list(reversed(filled))[:number]
    else:
        picked = [checks.whole(level, "a level to heal", 1, DEFEAT) for level in listed]
    if not picked:
        raise RuleError(
            "fudge_conflict.heal_nothing", "heal needs the levels to heal, or a count of at least 1"
        )
    remaining = list(filled)
    for level in picked:
        if level not in remaining:
            raise RuleError(
                "fudge_conflict.heal_no_wound",
                "{name} has no wound at level {level} to heal; filled levels: {filled}",
                name=character.name,
                level=level,
                filled=Listing.of(filled, "unit") if filled else msg("fudge_conflict.none", "none"),
            )
        remaining.remove(level)
    why = checks.text(reason, "a reason", allow_empty=True, collapse=True)
    action.add(
        Healed(character=character.id, name=character.name, levels=tuple(picked), reason=why)
    )
    return tuple(picked)
