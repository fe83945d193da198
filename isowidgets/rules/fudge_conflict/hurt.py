"""Let It Hurt (DK-R21…R37): a conflict zoomed in and played round by round.

A player (never the GM) lets a settled conflict hurt (:func:`let_it_hurt`). Each
round every party states an intention (:func:`state_intention`), declares one
action (:func:`declare`: crossing, parallel or defensive, or combining skills),
and then everyone rolls at once (:func:`roll_round`). Damage lands on the shared
track with its cascade, scratches give penalty dice to the next roll, a winning
defender and a combining character carry bonus dice into the next round only.
It ends when a party gives up (:func:`give_up`) or is defeated at level 7; then
the damage falls down (DK-R37).

Pairs (DK-A26): every declared action is resolved against its target. When two
parties act against each other, a defensive action makes the other the attacker
(DK-R27), two parallel actions each succeed or fail on their own (DK-R26), and
otherwise the actions cross (DK-R25). An action whose target acts against
someone else is one-sided: a crossing action wins only by beating the target's
roll, a parallel one by beating its difficulty, and a defence against nobody
does nothing. A character who combines skills makes no opposing roll: an attack
on them is free (DK-R36, DK-A22).

A tie between two actions (DK-A05) goes against the action's initiator, read as
the party who declared first this round (a revision keeps its place), since a
round has no other initiator; against a defence the attacker is the initiator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ... import checks
from ...contract import Action, Step
from ...errors import RuleError
from ...words import Listing, Ref, msg, plural
from .abilities import DEFEAT, Ability
from .characters import ability_arg, skill_name, who_arg
from .damage import clamp_level, fall_down, place_wound, scratch_levels
from .equipment import bonus_total, protected_level, success_level, toggled
from .events import (
    ActionDeclared,
    Category,
    CharacterAdded,
    Grant,
    Hit,
    HurtEnded,
    HurtJoined,
    HurtStarted,
    IntentionStated,
    PairOutcome,
    Payment,
    RollRecord,
    RoundRolled,
    Settled,
)
from .model import Character, FudgeState, Hurt, Wound
from .rolling import Faces, difficulty_arg, equipment_ids, passed_on, roll_for, roll_sources
from .settings import FudgeSettings

__all__ = [
    "CATEGORIES",
    "declare",
    "give_up",
    "hurt_steps",
    "invocations",
    "join_hurt",
    "let_it_hurt",
    "roll_round",
    "state_intention",
    "usual_attack",
    "usual_skill",
]

CATEGORIES: tuple[Category, ...] = ("crossing", "parallel", "defensive")
OPPOSITION_NAME = "Opposition"


def _require_hurt(state: FudgeState) -> Hurt:
    hurt = state.active_hurt()
    if hurt is None:
        raise RuleError(
            "fudge_conflict.hurt_not_playing",
            "Let it hurt is not being played; a player starts it with let_it_hurt()",
        )
    return hurt


def _bonus_dice(count: int, settings: FudgeSettings) -> int:
    """Bonus dice won, clamped to the success levels only with ``clamp_bonus_dice`` (DK-A28)."""
    if count > 0 and settings.clamp_bonus_dice:
        return clamp_level(count, settings)
    return count


def _damage_bonus(state: FudgeState, record: RollRecord) -> int:
    return bonus_total(toggled(state, record.equipment), "damage", state.settings)


# --------------------------------------------------------------------------- starting


def let_it_hurt(
    action: Action[FudgeState], invoker: str, opponent: str | None = None
) -> HurtStarted:
    """A player lets the last conflict hurt (DK-R14, DK-R21, DK-R29); after a passive check
    ``opponent`` names the GM's side, or one is made (DK-A08)."""
    state = action.state
    conflict = state.conflict
    if state.active_hurt() is not None:
        raise RuleError("fudge_conflict.hurt_already", "Let it hurt is already being played")
    if conflict is None or not conflict.resolved:
        raise RuleError(
            "fudge_conflict.hurt_nothing_settled",
            "let it hurt after a conflict is rolled; none is settled yet",
        )
    if conflict.hurt:
        raise RuleError(
            "fudge_conflict.hurt_done", "{conflict} has already been let hurt", conflict=conflict.id
        )
    player = who_arg(state, invoker, "who lets it hurt")
    if player.id not in conflict.sides:
        raise RuleError(
            "fudge_conflict.hurt_not_a_side",
            "{name} took no side in {conflict}; only its principals may",
            name=player.name,
            conflict=conflict.id,
        )
    if not player.is_pc:
        raise RuleError(
            "fudge_conflict.hurt_gm_character",
            "{name} is a GM character: only a player may let it hurt; the GM may "
            "suggest it but never invoke it (DK-R14, DK-R21)",
            name=player.name,
        )
    opened = conflict.opened
    rolled = conflict.rolled
    assert rolled is not None
    if opened.opponent is not None:
        other_id = opened.opponent if player.id == opened.initiator else opened.initiator
        if opponent is not None and checks.identifier(opponent, "opponent") != other_id:
            raise RuleError(
                "fudge_conflict.hurt_other_side",
                "the last conflict was against {name}",
                name=state.character(other_id).name,
            )
        other = state.character(other_id)
    elif opponent is not None:
        other = who_arg(state, opponent, "the opponent")
        if other.id == player.id:
            raise RuleError(
                "fudge_conflict.hurt_self",
                "{name} cannot let it hurt against themselves",
                name=player.name,
            )
    elif state.settings.passive_opposition_skill == "gm_supplied":
        raise RuleError(
            "fudge_conflict.hurt_needs_opponent",
            "Let it hurt after a passive check needs an opposing character "
            "(passive_opposition_skill = 'gm_supplied', DK-A08): name the opponent",
        )
    else:
        other_id = f"char-{state.counters.characters + 1}"
        action.add(
            CharacterAdded(
                character=other_id,
                name=f"{OPPOSITION_NAME} ({opened.intention or conflict.id})"[:300],
                role="npc",
                skills={"opposition": opened.difficulty or 0},
            )
        )
        other = action.state.character(other_id)
    if other.is_pc and not state.settings.lih_against_pcs:
        raise RuleError(
            "fudge_conflict.hurt_against_pc",
            "{name} is a player character and lih_against_pcs is off (DK-A27)",
            name=other.name,
        )
    winner = rolled.winner
    if opened.opponent is None and winner is None and not rolled.draw:
        winner = other.id  # the passive task (or the GM's side) beat the player (DK-A08)
    grants: tuple[Grant, ...] = ()
    if winner is not None and rolled.margin > 0:
        dice = rolled.margin
        if state.settings.equipment_affects_bonus_dice:
            dice += sum(_damage_bonus(state, r) for r in rolled.records if r.actor == winner)
        grants = (
            Grant(
                actor=winner,
                dice=_bonus_dice(dice, state.settings),
                round=1,
                source="first_round",
                name=action.state.character(winner).name,
            ),
        )
    event = HurtStarted(
        conflict=conflict.id,
        invoker=player.id,
        invoker_name=player.name,
        parties=(player.id, other.id) if player.id == opened.initiator else (other.id, player.id),
        grants=grants,
    )
    action.add(event)
    return event


def join_hurt(action: Action[FudgeState], who: str) -> None:
    """Another character joins the fight; actions are resolved in pairs (DK-A26)."""
    hurt = _require_hurt(action.state)
    character = who_arg(action.state, who)
    if character.id in hurt.parties:
        raise RuleError(
            "fudge_conflict.join_already", "{name} is already in the fight", name=character.name
        )
    if hurt.declared:
        raise RuleError(
            "fudge_conflict.join_late",
            "join at the start of a round, before anyone declares an action",
        )
    action.add(HurtJoined(character=character.id, name=character.name))


# --------------------------------------------------------------------------- a round


def _party(state: FudgeState, hurt: Hurt, who: object, what: str = "a party") -> Character:
    character = who_arg(state, who, what)
    if character.id not in hurt.parties:
        raise RuleError(
            "fudge_conflict.not_in_fight",
            "{name} is not in this fight; the parties: {parties}",
            name=character.name,
            parties=Listing.of((state.character(p).name for p in hurt.parties), "unit"),
        )
    return character


def state_intention(action: Action[FudgeState], actor: str, text: str) -> None:
    """A party's intention for this round (DK-R23): before anyone declares an action."""
    state = action.state
    hurt = _require_hurt(state)
    character = _party(state, hurt, actor)
    said = checks.text(text, "an intention", collapse=True)
    if hurt.declared:
        raise RuleError(
            "fudge_conflict.intention_late",
            "intentions are stated before anyone declares an action this round (DK-R23); "
            "change it at the start of the next round",
        )
    action.add(
        IntentionStated(actor=character.id, name=character.name, round=hurt.round, text=said)
    )


def _cost(state: FudgeState, character: Character) -> int:
    return state.settings.maimed_act_cost if character.maimed else 0


def declare(
    action: Action[FudgeState],
    actor: str,
    category: str,
    target: str,
    skill: str,
    *,
    ability: str | None = None,
    difficulty: int | None = None,
    combining: bool = False,
    equipment: Sequence[str] = (),
) -> ActionDeclared:
    """Declare (or revise) ``actor``'s action this round: ``"crossing"``, ``"parallel"``
    or ``"defensive"`` against ``target`` with ``skill``, naming the ``ability`` it damages;
    ``combining=True`` spends the round combining skills (DK-R24…R27, DK-R36)."""
    state = action.state
    hurt = _require_hurt(state)
    character = _party(state, hurt, actor)
    missing = [state.character(p).name for p in hurt.parties if p not in hurt.intentions]
    if missing:
        raise RuleError(
            "fudge_conflict.intentions_first",
            "every side states its intention before any action is declared (DK-R23); "
            "still to state one: {names}",
            names=Listing.of(missing, "unit"),
        )
    kind = checks.choice(category, "an action's category (DK-R24)", CATEGORIES)
    aimed = _party(state, hurt, target, "an action's target")
    if aimed.id == character.id:
        raise RuleError(
            "fudge_conflict.action_target_self",
            "{name}'s action needs another party as its target",
            name=character.name,
        )
    used = skill_name(skill)
    character.skill(used)
    mixing = checks.flag(combining, "combining")
    chooser = state.settings.damage_ability_chooser
    hurts = ability_arg(ability, "the ability it damages") if ability is not None else None
    if hurts is None and (chooser == "defender" or (not mixing and kind != "defensive")):
        needs = (
            msg(
                "fudge_conflict.needs_ability_risked",
                "the ability this character risks (damage_ability_chooser = 'defender', DK-A07)",
            )
            if chooser == "defender"
            else msg(
                "fudge_conflict.needs_ability_damaged",
                "the ability this action damages (DK-R30, DK-A07)",
            )
        )
        raise RuleError(
            "fudge_conflict.action_needs_ability",
            "{name}'s action must name {needs}: kraft, fornuft or intuition",
            name=character.name,
            needs=needs,
        )
    if difficulty is not None and (kind != "parallel" or mixing):
        raise RuleError(
            "fudge_conflict.difficulty_parallel_only",
            "only a parallel action has a difficulty of its own (DK-A06)",
        )
    level = (
        (
            state.settings.parallel_default_difficulty
            if difficulty is None
            else difficulty_arg(difficulty)
        )
        if kind == "parallel" and not mixing
        else None
    )
    cost = _cost(state, character)
    if cost and state.pool_of(character.id) < cost:
        raise RuleError(
            plural(
                "fudge_conflict.maimed_must_pay",
                "{name} is maimed and must pay {n} point from the pool to act (DK-R33); "
                "the pool holds {have}",
                "{name} is maimed and must pay {n} points from the pool to act (DK-R33); "
                "the pool holds {have}",
                n=cost,
                name=character.name,
                have=state.pool_of(character.id),
            )
        )
    event = ActionDeclared(
        actor=character.id,
        name=character.name,
        round=hurt.round,
        category=kind,
        target=aimed.id,
        target_name=aimed.name,
        skill=used,
        ability=hurts,
        difficulty=level,
        combining=mixing,
        equipment=equipment_ids(state, character.id, equipment),
    )
    action.add(event)
    return event


@dataclass
class _Round:
    """The working of one round: damage, bonus dice and what each pair did."""

    state: FudgeState
    rolls: dict[str, RollRecord]
    declared: dict[str, ActionDeclared]
    order: list[str]
    pairs: list[PairOutcome]
    hits: list[Hit]
    grants: list[Grant]
    wounds: dict[str, list[Wound]]
    round: int

    @property
    def settings(self) -> FudgeSettings:
        return self.state.settings

    def name(self, who: str) -> str:
        return self.rolls[who].name

    def succeeded(self, who: str) -> bool:
        """Whether ``who``'s own roll succeeded, for ``protection_requires_success``."""
        declared = self.declared[who]
        return self.rolls[who].result > (declared.difficulty or 0)

    def hit(self, attacker: str, target: str, degree: int) -> str:
        """Damage ``target`` by ``attacker``'s success of ``degree`` (DK-R25…R27, R30…R32)."""
        settings = self.settings
        bonus = _damage_bonus(self.state, self.rolls[attacker])
        level = success_level(degree, bonus, settings)
        guard = 0
        if not settings.protection_requires_success or self.succeeded(target):
            guard = bonus_total(
                toggled(self.state, self.rolls[target].equipment), "protection", settings
            )
        level = protected_level(level, guard, settings)
        if level < 1:  # only a house rule's floor of 0 (DK-A14, DK-A28) lets a hit come to this
            return f"{self.name(target)} takes no wound (the hit comes to level {level})"
        chooser = settings.damage_ability_chooser
        source = self.declared[target] if chooser == "defender" else self.declared[attacker]
        ability: Ability | None = source.ability
        assert ability is not None  # declare() requires it where it is used
        recorded = place_wound(self.wounds[target], level, ability, settings)
        self.wounds[target].append(Wound(recorded, ability))
        self.hits.append(
            Hit(
                target=target,
                source=attacker,
                ability=ability,
                degree=degree,
                equipment=bonus,
                protection=guard,
                level=level,
                recorded=recorded,
            )
        )
        moved = f" (moved up to {recorded})" if recorded != level else ""
        return f"{self.name(target)} takes a level-{level} wound on {ability.capitalize()}{moved}"

    def grant(self, who: str, dice: int, source: str) -> None:
        """Dice for ``who``'s next round: bonus (+) or, from a combining roll that went
        wrong where penalties are allowed (DK-A17), penalty (−)."""
        if dice:
            self.grants.append(
                Grant(
                    actor=who,
                    dice=dice,
                    round=self.round + 1,
                    source=source,
                    name=self.name(who),
                )
            )

    def pair(self, a: str, b: str) -> None:
        da, db = self.declared[a], self.declared[b]
        ra, rb = self.rolls[a].result, self.rolls[b].result
        a_on_b, b_on_a = da.target == b, db.target == a
        if not (a_on_b or b_on_a):
            return
        if da.combining or db.combining:
            self._free(a, b, a_on_b, b_on_a)
            return
        if a_on_b and b_on_a:
            self._both(a, b, ra, rb)
            return
        attacker, target = (a, b) if a_on_b else (b, a)
        self._one_way(attacker, target)

    def _free(self, a: str, b: str, a_on_b: bool, b_on_a: bool) -> None:
        for attacker, target, aims in ((a, b, a_on_b), (b, a, b_on_a)):
            mine = self.declared[attacker]
            if not aims or mine.combining or not self.declared[target].combining:
                continue
            if mine.category == "defensive":
                continue
            degree = self.rolls[attacker].result - self.settings.free_attack_difficulty
            text = (
                self.hit(attacker, target, degree)
                if degree > 0
                else f"{self.name(attacker)}'s free attack misses"
            )
            self.pairs.append(
                PairOutcome(
                    first=attacker,
                    second=target,
                    how="free_attack",
                    winner=attacker if degree > 0 else None,
                    text=text,
                )
            )

    def _both(self, a: str, b: str, ra: int, rb: int) -> None:
        da, db = self.declared[a], self.declared[b]
        kinds = {da.category, db.category}
        if kinds == {"defensive"}:
            self.pairs.append(PairOutcome(first=a, second=b, how="no_contest", text="both defend"))
            return
        if "defensive" in kinds:
            defender, attacker = (a, b) if da.category == "defensive" else (b, a)
            self._defence(attacker, defender)
            return
        if kinds == {"parallel"}:
            texts = []
            for me, other in ((a, b), (b, a)):
                degree = self.rolls[me].result - (self.declared[me].difficulty or 0)
                if degree > 0:
                    texts.append(self.hit(me, other, degree))
            self.pairs.append(
                PairOutcome(
                    first=a, second=b, how="parallel", text="; ".join(texts) or "neither succeeds"
                )
            )
            return
        if ra != rb:
            winner, loser = (a, b) if ra > rb else (b, a)
            text = self.hit(winner, loser, abs(ra - rb))
            self.pairs.append(
                PairOutcome(first=a, second=b, how="crossing", winner=winner, text=text)
            )
            return
        initiator = a if self.order.index(a) < self.order.index(b) else b
        other = b if initiator == a else a
        if self.settings.lih_tie_rule == "initiator_loses_min1":
            text = f"a tie: {self.name(initiator)} started it and loses; " + self.hit(
                other, initiator, 0
            )
            self.pairs.append(PairOutcome(first=a, second=b, how="tie", winner=other, text=text))
        else:
            self.pairs.append(
                PairOutcome(first=a, second=b, how="tie", text="a tie: nothing happens")
            )

    def _defence(self, attacker: str, defender: str) -> None:
        ra, rd = self.rolls[attacker].result, self.rolls[defender].result
        if ra > rd:
            text = self.hit(attacker, defender, ra - rd)
            self.pairs.append(
                PairOutcome(
                    first=attacker, second=defender, how="defensive", winner=attacker, text=text
                )
            )
            return
        dice = rd - ra
        if dice and self.settings.equipment_affects_bonus_dice:
            dice += _damage_bonus(self.state, self.rolls[defender])
        dice = _bonus_dice(dice, self.settings)
        self.grant(defender, dice, "defence")
        if ra == rd and self.settings.lih_tie_rule == "no_effect":
            text = "a tie: nothing happens"
            winner = None
        else:
            noun = "die" if dice == 1 else "dice"
            text = f"{self.name(defender)} holds and gets {dice} bonus {noun} next round"
            winner = defender
        self.pairs.append(
            PairOutcome(first=attacker, second=defender, how="defensive", winner=winner, text=text)
        )

    def _one_way(self, attacker: str, target: str) -> None:
        mine = self.declared[attacker]
        ra, rt = self.rolls[attacker].result, self.rolls[target].result
        if mine.category == "defensive":
            return
        degree = ra - (mine.difficulty or 0) if mine.category == "parallel" else ra - rt
        if degree > 0:
            text = self.hit(attacker, target, degree)
            winner: str | None = attacker
        else:
            text, winner = f"{self.name(attacker)}'s action against {self.name(target)} fails", None
        self.pairs.append(
            PairOutcome(first=attacker, second=target, how="one_way", winner=winner, text=text)
        )


def _faces_for(state: FudgeState, hurt: Hurt, faces: object) -> dict[str, Faces]:
    if faces is None:
        return {}
    typed: dict[str, Faces] = {}
    for who, given in checks.mapping(faces, "faces (party → faces)", most=len(hurt.parties)):
        character = _party(state, hurt, who, "a party in faces")
        typed[character.id] = given
    return typed


def _settle(state: FudgeState, parties: tuple[str, ...]) -> tuple[Settled, ...]:
    settled = []
    for party in parties:
        character = state.character(party)
        if character.wounds:
            after = fall_down(character.wounds, state.settings)
            settled.append(
                Settled(
                    character=party,
                    before=character.track(),
                    after=tuple((w.level, w.ability) for w in after),
                )
            )
    return tuple(settled)


def usual_skill(state: FudgeState, who: str) -> str | None:
    """The skill ``who`` fights with in this Let It Hurt when none is named: the one it
    declared this round, else the one it used in the conflict being let hurt, else its
    only skill; ``None`` when it has several and nothing says which."""
    fight = state.active_hurt()
    if fight is not None and who in fight.declared:
        return fight.declared[who].skill
    conflict = state.conflict
    if conflict is not None:
        opened = conflict.opened
        if who == opened.initiator:
            return opened.skill
        if who == opened.opponent and opened.opponent_skill is not None:
            return opened.opponent_skill
    skills = state.character(who).skills
    return next(iter(skills)) if len(skills) == 1 else None


def usual_attack(state: FudgeState, target: str, skill: str | None = None) -> Ability:
    """The ability an attack on ``target`` damages when none is named: the category of the
    skill ``target`` fights with (``skill``, else :func:`usual_skill`), so its wounds weigh
    on the rolls that follow (DK-A09, DK-A11); Kraft where that skill has none."""
    fights_with = skill if skill is not None else usual_skill(state, target)
    category = state.category(target, fights_with) if fights_with is not None else None
    return category or "kraft"


def _other(hurt: Hurt, who: str) -> str | None:
    others = [p for p in hurt.parties if p != who]
    return others[0] if len(others) == 1 else None


def roll_round(action: Action[FudgeState], faces: Mapping[str, Faces] | None = None) -> RoundRolled:
    """Everyone rolls at once and the round is settled (DK-R25…R35).

    ``faces`` maps a party's id to the faces typed for their roll; parties left
    out roll at random.
    """
    state = action.state
    hurt = _require_hurt(state)
    waiting = [state.character(p).name for p in hurt.parties if p not in hurt.declared]
    if waiting:
        raise RuleError(
            "fudge_conflict.declare_first",
            "everyone declares an action before the roll; still to declare: {names}",
            names=Listing.of(waiting, "unit"),
        )
    typed = _faces_for(state, hurt, faces)
    payments: list[Payment] = []
    table_due = 0
    for party in hurt.parties:
        character = state.character(party)
        cost = _cost(state, character)
        if not cost:
            continue
        holder = None if state.settings.pool_scope == "table" else party
        table_due += cost if holder is None else 0
        left = state.table_pool - table_due if holder is None else character.pool - cost
        if left < 0:
            raise RuleError(
                plural(
                    "fudge_conflict.maimed_cannot_pay",
                    "{name} is maimed and cannot pay {n} point from the pool to act (DK-R33); "
                    "add points or let them give up",
                    "{name} is maimed and cannot pay {n} points from the pool to act (DK-R33); "
                    "add points or let them give up",
                    n=cost,
                    name=character.name,
                )
            )
        payments.append(Payment(actor=party, pool=holder, points=cost))
    rolls: dict[str, RollRecord] = {}
    for party in hurt.parties:
        declared = hurt.declared[party]
        sources = roll_sources(state, party, declared.skill)
        rolls[party] = roll_for(
            action, party, declared.skill, sources, typed.get(party), declared.equipment
        )
    work = _Round(
        state=state,
        rolls=rolls,
        declared=dict(hurt.declared),
        order=list(hurt.declared),
        pairs=[],
        hits=[],
        grants=[],
        wounds={p: list(state.character(p).wounds) for p in hurt.parties},
        round=hurt.round,
    )
    parties = list(hurt.parties)
    for i, a in enumerate(parties):
        for b in parties[i + 1 :]:
            work.pair(a, b)
    for party in parties:
        declared = hurt.declared[party]
        if declared.combining:
            dice = passed_on(
                rolls[party].result,
                0,
                penalties=state.settings.assist_negative_gives_penalty,
                basis=state.settings.assist_bonus_basis,
            )
            work.grant(party, dice, "combining")
    scratches = {}
    for party in parties:
        count = scratch_levels([h.recorded for h in work.hits if h.target == party])
        if count:
            scratches[party] = count
    defeated = tuple(
        p for p in parties if any(h.target == p and h.recorded >= DEFEAT for h in work.hits)
    )
    event = RoundRolled(
        round=hurt.round,
        records=tuple(rolls.values()),
        pairs=tuple(work.pairs),
        hits=tuple(work.hits),
        grants=tuple(work.grants),
        payments=tuple(payments),
        scratches=scratches,
        defeated=defeated,
    )
    action.add(event)
    if defeated and state.settings.defeat_ends_conflict:
        loser = defeated[0]
        winner = _other(hurt, loser)
        after = action.state
        wants = hurt.intentions.get(winner, "") if winner else ""
        action.add(
            HurtEnded(
                reason="defeat",
                loser=loser,
                winner=winner,
                settled=_settle(after, hurt.parties),
                loser_name=after.character(loser).name,
                ending="achieves" if winner and wants else "",
                wants=wants if winner else "",
                winner_name=after.character(winner).name if winner else "",
            )
        )
    return event


def give_up(action: Action[FudgeState], actor: str) -> HurtEnded:
    """``actor`` yields: Let It Hurt ends, the other side wins (DK-R35, DK-A20); the
    damage falls down (DK-R37)."""
    state = action.state
    hurt = _require_hurt(state)
    character = _party(state, hurt, actor)
    winner = _other(hurt, character.id)
    ending: Literal["", "achieves_intention", "gm_decides"] = ""
    wants = ""
    if winner is not None:
        if state.settings.yield_outcome == "opponent_achieves_intention":
            ending, wants = "achieves_intention", hurt.intentions.get(winner, "")
        else:
            ending = "gm_decides"
    event = HurtEnded(
        reason="yield",
        loser=character.id,
        winner=winner,
        settled=_settle(state, hurt.parties),
        loser_name=character.name,
        ending=ending,
        wants=wants,
        winner_name=state.character(winner).name if winner is not None else "",
    )
    action.add(event)
    return event


# --------------------------------------------------------------------------- steps


def invocations(state: FudgeState) -> tuple[Step, ...]:
    """The players who may let the last conflict hurt (DK-R14, DK-R21)."""
    conflict = state.conflict
    if conflict is None or not conflict.resolved or conflict.hurt or state.active_hurt():
        return ()
    return tuple(
        Step(
            "let_it_hurt",
            side,
            "click",
            message=msg(
                "fudge_conflict.step.let_it_hurt",
                "{name} may let it hurt",
                name=Ref(side, state.character(side).name),
            ),
            required=False,
        )
        for side in conflict.sides
        if state.character(side).is_pc
    )


def hurt_steps(state: FudgeState) -> tuple[Step, ...]:
    """The steps of the round being played (DK-R23, DK-R24, DK-R28, DK-R35)."""
    hurt = state.active_hurt()
    assert hurt is not None
    steps: list[Step] = []
    names = {p: Ref(p, state.character(p).name) for p in hurt.parties}
    stated = all(p in hurt.intentions for p in hurt.parties)
    for party in hurt.parties:
        if party not in hurt.intentions:
            steps.append(
                Step(
                    "state_intention",
                    party,
                    "text",
                    message=msg(
                        "fudge_conflict.step.state_intention",
                        "{name}: state an intention (round {round})",
                        name=names[party],
                        round=hurt.round,
                    ),
                )
            )
        elif not hurt.declared:
            steps.append(
                Step(
                    "state_intention",
                    party,
                    "text",
                    message=msg(
                        "fudge_conflict.step.change_intention",
                        "{name}: change the intention",
                        name=names[party],
                    ),
                    required=False,
                )
            )
    if stated:
        for party in hurt.parties:
            done = party in hurt.declared
            if done:
                label = msg(
                    "fudge_conflict.step.revise",
                    "{name}: revise the action (round {round})",
                    name=names[party],
                    round=hurt.round,
                )
            else:
                label = msg(
                    "fudge_conflict.step.declare",
                    "{name}: declare an action (round {round})",
                    name=names[party],
                    round=hurt.round,
                )
            steps.append(
                Step(
                    "declare",
                    party,
                    "choice",
                    message=label,
                    options=CATEGORIES,
                    required=not done,
                )
            )
    if not hurt.declared:
        steps.append(
            Step(
                "join_hurt",
                None,
                "names",
                message=msg("fudge_conflict.step.join_hurt", "Someone else joins the fight"),
                required=False,
            )
        )
    if stated and all(p in hurt.declared for p in hurt.parties):
        steps.append(
            Step(
                "roll_round",
                None,
                "dice",
                message=msg(
                    "fudge_conflict.step.roll_round",
                    "Round {round}: everyone rolls",
                    round=hurt.round,
                ),
            )
        )
    for party in hurt.parties:
        steps.append(
            Step(
                "give_up",
                party,
                "click",
                message=msg("fudge_conflict.step.give_up", "{name} gives up", name=names[party]),
                required=False,
            )
        )
    return tuple(steps)
