"""The Danish Fudge-dice conflict system's game object: the rules, journaled.

Every public method does one thing done at the table and runs one rule with
:meth:`~isowidgets.game.Game.act`, which journals what the rule adds as one
action. A call the rules refuse (a bad argument of any type or size, an
unknown keyword included) raises :class:`~isowidgets.errors.RuleError` and
leaves the state, the journal and the dice exactly as they were. Every roll
takes typed faces (``"+ 0 -"`` or ``[1, 0, -1]``) in place of a random roll.

Public API (names are stable; new ones are appended):

* set-up: :meth:`FudgeGame.add_character` → id, :meth:`~FudgeGame.set_skill`,
  :meth:`~FudgeGame.add_pool_points`, :meth:`~FudgeGame.add_item` → id,
  :meth:`~FudgeGame.add_bonus` → id, :meth:`~FudgeGame.remove_item`,
  :meth:`~FudgeGame.heal`, :meth:`~FudgeGame.mark_wound`;
* a conflict: :meth:`~FudgeGame.open_conflict` → id, :meth:`~FudgeGame.assist`
  → :class:`~.events.AssistRolled`, :meth:`~FudgeGame.roll_conflict` →
  :class:`~.events.ConflictRolled`, :meth:`~FudgeGame.cancel_conflict`, and
  the one-call :meth:`~FudgeGame.check` (open and roll);
* Let It Hurt: :meth:`~FudgeGame.let_it_hurt` → :class:`~.events.HurtStarted`,
  :meth:`~FudgeGame.join_hurt`, :meth:`~FudgeGame.state_intention`,
  :meth:`~FudgeGame.declare` → :class:`~.events.ActionDeclared`,
  :meth:`~FudgeGame.roll_round` → :class:`~.events.RoundRolled`,
  :meth:`~FudgeGame.give_up` → :class:`~.events.HurtEnded`;
* reading: :attr:`~.Game.state` (:class:`~.model.FudgeState`),
  :meth:`~FudgeGame.character`, :meth:`~.Game.next_steps`,
  :meth:`~FudgeGame.roll_preview` (the dice a roll would carry now),
  :meth:`~FudgeGame.success_chance` and :meth:`~FudgeGame.contest_chances`
  (exact odds, :mod:`~.fudge_conflict.odds`), :meth:`~FudgeGame.damage_rows` (damage per round
  for a plot), :meth:`~FudgeGame.conflict_odds` (the open conflict's chances with
  every die each side carries now), :meth:`~FudgeGame.hurt_odds` (how much letting
  the last conflict hurt will hurt: :mod:`~isowidgets.rules.fudge_conflict.hurt_odds`).

The rule text's cast is in :mod:`examples <.fudge_conflict.examples>` (``station()``,
``add_station_cast(game)``).

A passive check with typed faces::

    game = FudgeGame.new()
    burke = game.add_character("Mr. Burke", skills={"sneak": 2})
    game.check("passive", burke, "sneak", difficulty=1, faces="+ 0 -")  # 2 > 1: success
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ... import checks
from ...contract import Action, Beats, OddsQuestion, Step, rule_method
from ...dice import Dice
from ...errors import RuleError
from ...game import Game
from ...journal import Event
from ...settings import RuleSettings
from ...systems import register
from ...words import Listing
from . import characters, conflict, equipment, hurt, rolling
from .abilities import Ability
from .beats import BEATS
from .events import (
    DiceSource,
)
from .fold import fold
from .hurt_odds import HURT_QUESTIONS, Fighter, HurtOdds, hurt_odds
from .model import Character, FudgeState, Hurt
from .odds import QUESTIONS, Contest, contest, passive_contest, success_chance
from .rolling import roll_sources
from .settings import FudgeSettings
from .timeline import damage_rows

__all__ = ["FudgeGame"]


@register
class FudgeGame(Game[FudgeState]):
    """A session of the Danish Fudge-dice conflict system.

    Create it with :meth:`new() <.Opening.new>`, :meth:`.resume` or :meth:`open() <.Opening.open>`
    (from
    :class:`~isowidgets.game.Game`). Ids (``char-1``, ``item-1``, ``bonus-1``,
    ``conflict-1``) are returned by the methods that create things.
    """

    system: ClassVar[str] = "fudge_conflict"
    title: ClassVar[str] = "Danish Fudge-dice conflict system"
    settings_type: ClassVar[type[RuleSettings]] = FudgeSettings
    odds_questions: ClassVar[Mapping[str, OddsQuestion]] = {**QUESTIONS, **HURT_QUESTIONS}
    beats: ClassVar[Beats[Any]] = BEATS

    @classmethod
    def initial_state(cls, settings: FudgeSettings) -> FudgeState:
        return FudgeState.fresh(settings)

    @classmethod
    def apply(cls, state: FudgeState, event: Event) -> FudgeState:
        return fold(state, event)

    @classmethod
    def steps(cls, state: FudgeState) -> tuple[Step, ...]:
        """What the table can do next in ``state`` (see
        :func:`conflict.next_steps() <.fudge_conflict.conflict.next_steps>`)."""
        if not isinstance(state, FudgeState):
            raise RuleError(
                "fudge_conflict.steps_state",
                "steps() reads a FudgeState, got {got}",
                got=checks.shown(state),
            )
        return conflict.next_steps(state)

    # ------------------------------------------------------------------ reading

    def character(self, who: str) -> Character:
        """The character with id ``who``."""
        return self.state.character(checks.identifier(who, "a character"))

    def roll_preview(
        self,
        who: str,
        skill: str,
        *,
        target: str | None = None,
        bonus: int = 0,
        penalty: int = 0,
    ) -> tuple[DiceSource, ...]:
        """The bonus and penalty dice ``who``'s roll of ``skill`` would carry now, with
        why: gathered as the roll itself gathers them (:func:`.rolling.roll_sources`:
        scratches, lasting wounds, the open conflict's circumstances and what its chain
        passed on to ``target``, the principal a helper rolls for, the dice won for the
        current round of Let It Hurt)."""
        character = self.character(who)
        name = characters.skill_name(skill)
        character.skill(name)
        if target is not None:
            self.character(target)
        return roll_sources(
            self.state, character.id, name, target=target, bonus=bonus, penalty=penalty
        )

    def success_chance(self, skill: int, difficulty: int, net: int = 0) -> float:
        """P(3dF + ``skill`` with ``net`` bonus (+) or penalty (−) dice > ``difficulty``),
        under this session's keep rule (DK-A04)."""
        return float(
            success_chance(skill, difficulty, net, penalty_keep=self.settings.penalty_keep_mode)
        )

    def contest_chances(
        self, kind: str, skill: int, opponent_skill: int, net: int = 0, opponent_net: int = 0
    ) -> Contest:
        """Exact chances of the initiator's win, tie and loss against an opponent, and what
        a tie means for ``kind`` (DK-R11, DK-R12)."""
        return contest(
            kind,
            skill,
            opponent_skill,
            net,
            opponent_net,
            penalty_keep=self.settings.penalty_keep_mode,
        )

    def conflict_odds(
        self,
        *,
        bonus: int = 0,
        penalty: int = 0,
        opponent_bonus: int = 0,
        opponent_penalty: int = 0,
    ) -> Contest:
        """Exact chances of the open conflict as it stands, before anyone rolls: every
        bonus and penalty die each side would carry now (see :meth:`roll_preview`) plus
        those the table is about to hand out. ``win`` is the initiator's success."""
        state = self.state
        opened = state.open_conflict()
        if opened is None:
            raise RuleError(
                "fudge_conflict.odds_no_conflict", "no conflict is open; open one to see its odds"
            )
        first = opened.opened
        mode = self.settings.penalty_keep_mode
        mine = self.roll_preview(first.initiator, first.skill, bonus=bonus, penalty=penalty)
        net = sum(s.dice for s in mine)
        skill = state.character(first.initiator).skill(first.skill)
        if first.opponent is None or first.opponent_skill is None:
            assert first.difficulty is not None
            return passive_contest(skill, first.difficulty, net, penalty_keep=mode)
        theirs = self.roll_preview(
            first.opponent, first.opponent_skill, bonus=opponent_bonus, penalty=opponent_penalty
        )
        other = state.character(first.opponent).skill(first.opponent_skill)
        return contest(
            first.opposition, skill, other, net, sum(s.dice for s in theirs), penalty_keep=mode
        )

    def hurt_odds(
        self,
        who: str | None = None,
        opponent: str | None = None,
        *,
        skill: str | None = None,
        opponent_skill: str | None = None,
        ability: str | None = None,
        opponent_ability: str | None = None,
        yield_at: int = 7,
        opponent_yield_at: int = 7,
        equipment: Sequence[str] = (),
        opponent_equipment: Sequence[str] = (),
    ) -> HurtOdds:
        """How much letting it hurt will hurt: exact odds of the whole fight under a
        stated policy (:mod:`~isowidgets.rules.fudge_conflict.hurt_odds`), from both sides' damage
        tracks now.

        Before anyone lets the last conflict hurt, ``who`` (default: its first player
        side) is the player who would, and the odds start from what
        :meth:`let_it_hurt` would set up (the opponent, the first-round bonus dice);
        during Let It Hurt between two sides, they start from the round about to be
        played, ``who`` defaulting to whoever let it hurt. ``who`` declares first each
        round. Each side rolls ``skill`` (default: the one it declared this round, else
        the one it used in the conflict), attacks ``ability`` (default: the category of
        the other side's skill, so its wounds weigh on the rolls that follow, else
        Kraft) and gives up once its worst wound reaches ``yield_at`` (7: fights on to
        defeat). Nothing is journaled.
        """
        first_id = checks.identifier(who, "who lets it hurt") if who is not None else None
        other_id = checks.identifier(opponent, "the opponent") if opponent is not None else None
        levels = (
            checks.whole(yield_at, "yield_at (the level at which they give up)", 1, 7),
            checks.whole(opponent_yield_at, "opponent_yield_at", 1, 7),
        )
        state, fight = self._fight_for(first_id, other_id)
        if len(fight.parties) != 2:
            raise RuleError(
                "fudge_conflict.odds_two_sides",
                "the odds are for a fight between two sides; {count} are in this one",
                count=len(fight.parties),
            )
        first = first_id or fight.invoker
        if first not in fight.parties:
            raise RuleError(
                "fudge_conflict.odds_not_a_side",
                "{got} is not in this fight; the sides: {sides}",
                got=checks.shown(first),
                sides=Listing.of((state.character(p).name for p in fight.parties), "unit"),
            )
        second = next(p for p in fight.parties if p != first)
        if other_id is not None and other_id != second:
            raise RuleError(
                "fudge_conflict.odds_other_side",
                "the fight is against {name}",
                name=state.character(second).name,
            )
        skills = (
            self._fight_skill(state, first, skill),
            self._fight_skill(state, second, opponent_skill),
        )
        sides = (first, second)
        picked = (ability, opponent_ability)
        kit = (equipment, opponent_equipment)
        fighters = []
        for i, party in enumerate(sides):
            attacks: Ability
            if picked[i] is not None:
                attacks = characters.ability_arg(picked[i], "the ability it attacks")
            else:
                attacks = hurt.usual_attack(state, sides[1 - i], skills[1 - i])
            fighters.append(
                Fighter(
                    character=state.character(party),
                    skill=skills[i],
                    attacks=attacks,
                    yield_at=levels[i],
                    equipment=rolling.equipment_ids(state, party, kit[i]),
                )
            )
        return hurt_odds(state, fighters[0], fighters[1], round=fight.round)

    def _fight_for(self, who: str | None, opponent: str | None) -> tuple[FudgeState, Hurt]:
        """The state and Let It Hurt the odds start from: the one in play, or the one
        :func:`.hurt.let_it_hurt` would start (run on a scratch copy, never journaled)."""
        state = self.state
        active = state.active_hurt()
        if active is not None:
            return state, active
        settled = state.conflict
        if settled is None or not settled.resolved or settled.hurt:
            raise RuleError(
                "fudge_conflict.odds_nothing_to_hurt",
                "there is no conflict to let hurt: the odds are shown after a conflict is "
                "rolled and before (or while) it hurts",
            )
        if who is None:
            players = [s for s in settled.sides if state.character(s).is_pc]
            if not players:
                raise RuleError(
                    "fudge_conflict.odds_no_player",
                    "only a player may let it hurt, and no side is a player's",
                )
            who = players[0]
        probe = Action(state, fold, Dice(0))
        hurt.let_it_hurt(probe, who, opponent)
        started = probe.state.active_hurt()
        assert started is not None
        return probe.state, started

    @staticmethod
    def _fight_skill(state: FudgeState, who: str, given: str | None) -> str:
        character = state.character(who)
        if given is not None:
            name = characters.skill_name(given)
            character.skill(name)
            return name
        usual = hurt.usual_skill(state, who)
        if usual is None:
            raise RuleError(
                "fudge_conflict.odds_name_skill",
                "name the skill {name} fights with: {skills}",
                name=character.name,
                skills=Listing.of(character.skills, "unit"),
            )
        return usual

    def damage_rows(self) -> list[dict[str, Any]]:
        """Every wound taken, one row each with its round, for a plot of damage over rounds."""
        return damage_rows(self.journal.effective())

    # ------------------------------------------------------------------ characters

    add_character = rule_method(characters.add_character)
    set_skill = rule_method(characters.set_skill)
    add_pool_points = rule_method(characters.add_pool_points)
    mark_wound = rule_method(characters.mark_wound)
    heal = rule_method(characters.heal)

    # ------------------------------------------------------------------ equipment

    add_item = rule_method(equipment.add_item)
    add_bonus = rule_method(equipment.add_bonus)
    remove_item = rule_method(equipment.remove_item)

    # ------------------------------------------------------------------ a conflict

    open_conflict = rule_method(conflict.open_conflict)
    assist = rule_method(conflict.assist)
    roll_conflict = rule_method(conflict.roll_conflict)
    cancel_conflict = rule_method(conflict.cancel_conflict)
    check = rule_method(conflict.check)

    # ------------------------------------------------------------------ let it hurt

    let_it_hurt = rule_method(hurt.let_it_hurt)
    join_hurt = rule_method(hurt.join_hurt)
    state_intention = rule_method(hurt.state_intention)
    declare = rule_method(hurt.declare)
    roll_round = rule_method(hurt.roll_round)
    give_up = rule_method(hurt.give_up)

    def __repr__(self) -> str:
        cast = ", ".join(c.name for c in self.state.characters)
        return f"<FudgeGame {len(self.journal)} events; {cast or 'no characters'}>"
