"""The Isolation session object: every rule as one journaled, undoable action.

Each public method runs one rule of :mod:`characters <.isolation.characters>`,
:mod:`links <.rules.isolation.links>`,
:mod:`.stress`, :mod:`.injury`, :mod:`.sessions` or :mod:`conflict <.rules.isolation.conflict>`
through
:meth:`Game.act <isowidgets.game.Game.act>`, which journals its events as one
action. A call the rules refuse raises :class:`~isowidgets.errors.RuleError`
(or another :class:`~isowidgets.errors.IsowidgetsError`) and leaves state,
journal and dice exactly as they were, so a widget can call these straight
from a click.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ... import checks
from ...contract import Beats, OddsQuestion, Step, rule_method
from ...dice import Faces, PoolRoll
from ...errors import RuleError
from ...game import Game
from ...journal import Entry, Event, SettingsChanged
from ...settings import RuleSettings
from ...systems import register
from . import characters, injury, links, sessions
from . import conflict as _conflict
from . import stress as stress_rules
from ._common import a_conflict
from .advice import MapWarning, warnings
from .beats import BEATS
from .fold import fold
from .model import (
    GM,
    Character,
    Conflict,
    Explanation,
    IsolationState,
    Link,
)
from .odds import QUESTIONS
from .plan import PoolPlan, plan_for
from .settings import IsolationSettings
from .whole import WHOLE_QUESTIONS, WholeConflictOdds
from .whole import whole_conflict_odds as _whole_conflict_odds

__all__ = ["IsolationGame"]


@register
class IsolationGame(Game[IsolationState]):
    """A journaled game of Isolation.

    Start one with ``IsolationGame.new()`` (in memory) or
    ``IsolationGame.open("session.jsonl")`` (a file that survives the kernel);
    undo, redo, resume and settings changes come from :class:`~isowidgets.game.Game`.
    """

    system: ClassVar[str] = "isolation"
    title: ClassVar[str] = "Isolation"
    settings_type: ClassVar[type[RuleSettings]] = IsolationSettings
    odds_questions: ClassVar[Mapping[str, OddsQuestion]] = {**QUESTIONS, **WHOLE_QUESTIONS}
    beats: ClassVar[Beats[Any]] = BEATS

    # ------------------------------------------------------------------ the shell's part

    @classmethod
    def initial_state(cls, settings: IsolationSettings) -> IsolationState:
        return IsolationState.fresh(settings)

    @classmethod
    def apply(cls, state: IsolationState, event: Event) -> IsolationState:
        return fold(state, event)

    @classmethod
    def steps(cls, state: IsolationState) -> tuple[Step, ...]:
        """What can be done now in the conflict in progress (see
        :func:`conflict.next_steps() <.isolation.conflict.next_steps>`)."""
        return _conflict.next_steps(state)

    # ------------------------------------------------------------------ reading

    @property
    def stress(self) -> int:
        return self.state.stress

    @property
    def conflict(self) -> Conflict | None:
        """The conflict in progress, if any."""
        return self.state.conflict

    def character(self, character_id: str) -> Character:
        return self.state.character(character_id)

    def change_settings(self, **changes: Any) -> list[Entry]:
        """Change house rules between conflicts (a conflict's dice depend on them).

        New Stress bounds take hold at once: a Stress Level outside the new
        ``stress_min``..``stress_max`` moves onto the nearest bound, journaled as
        a Stress change in the same action (ISO-A18), so one undo takes back both.
        Before play begins, a new ``stress_start`` moves the Stress Level to it
        the same way (ISO-A19).

        Raises:
            RuleError: a conflict is in progress.
            SettingsError: an unknown setting or a value it cannot take.
        """
        if self.state.conflict is not None:
            raise RuleError(
                "isolation.settings_during_conflict",
                "house rules change between conflicts; conflict {number} is in progress. Tip: "
                "finish it or cancel_conflict(reason) first.",
                number=self.state.conflict.number,
            )
        current = self.state.settings
        updated = current.updated(**changes)
        diff = updated.changes_from(current)
        if not diff:
            return []
        bounds = stress_rules.stress_into_bounds(self.state, updated)
        with self._way_in(SettingsChanged):
            return self.commit(SettingsChanged(changes=diff), *bounds)

    def links_between(self, a: str, b: str) -> tuple[Link, ...]:
        """Every link between ``a`` and ``b``, by character id."""
        return self.state.links_between(
            checks.identifier(a, "a character"), checks.identifier(b, "a character")
        )

    def warnings(self) -> list[MapWarning]:
        """Recommendations the build, the map and the scenario do not meet (ISO-R02..R04,
        ISO-R06, ISO-R11, ISO-R36, ISO-A24); advice, never errors."""
        return warnings(self.state)

    def plan(self) -> PoolPlan:
        """Every pool of the conflict in progress, with where each die comes from."""
        return _conflict.pool_plan(self.state)

    def preview(self, ap: str, action: str, **kwargs: Any) -> PoolPlan:
        """The pools a proposal would have, without making it (nothing is journaled)."""
        checks.keywords(kwargs, "preview", _conflict.PROPOSAL)
        composed = _conflict.compose(self.state, ap, action, limits=self.dice.limits, **kwargs)
        return plan_for(self.state, composed)

    def modifier_fields(self, conflict: Conflict | None = None) -> dict[str, tuple[str, ...]]:
        """Who may carry modifiers in ``conflict`` (default: the one in progress, or one
        from :func:`~.conflict.compose`), and which ``set_factors`` keywords each."""
        c = a_conflict(self.state, conflict, "modifier_fields")
        return _conflict.modifier_fields(self.state, c)

    def whole_conflict_odds(
        self,
        conflict: Conflict | None = None,
        *,
        policy: str = "cooperative",
        declared: Mapping[str, str] | None = None,
        difficulty: int | str | None = None,
    ) -> WholeConflictOdds:
        """The exact chance of each degree and of each Passive Player's stance for a
        whole conflict (default: the one in progress, or one from
        :func:`~.conflict.compose`), before anyone rolls, under a stated stance policy
        (``"cooperative"`` or ``"declared"``, see :mod:`.whole`). Nothing is journaled.

        Raises:
            RuleError: no conflict, a bad argument, or no Difficulty where one is needed.
        """
        return _whole_conflict_odds(
            self.state, conflict, policy=policy, declared=declared, difficulty=difficulty
        )

    def wound_capacity(self, who: str) -> int:
        """How many wound levels ``who`` can still take before Dead (ISO-R38)."""
        self.state.character(checks.identifier(who, "a character"))
        return _conflict.wound_capacity(self.state, who)

    def relevant_links(self, ap: str, who: str) -> tuple[Link, ...]:
        """Links between ``who`` and the AP a relevant-label die may come from (ISO-R20, A08)."""
        ap = checks.identifier(ap, "the Active Player")
        return _conflict.relevant_links(self.state, ap, checks.identifier(who, "a character"))

    def pair_outcomes(self) -> dict[sessions.PairChoice, tuple[Link, ...]]:
        """What the pending pair roll allows, with the links an erase may take (ISO-R45)."""
        return sessions.pair_outcomes(self.state)

    def explain(self) -> Explanation | None:
        """The breakdown of the conflict in progress once resolved, else of the last one."""
        for c in (self.state.conflict, self.state.last_conflict):
            if c is not None and c.explanation is not None:
                return c.explanation
        return None

    # ------------------------------------------------------------------ characters

    add_character = rule_method(characters.add_character)
    edit_character = rule_method(characters.edit_character)
    remove_character = rule_method(characters.remove_character)

    # ------------------------------------------------------------------ map

    add_descriptor_link = rule_method(links.add_descriptor_link)
    add_bias_links = rule_method(links.add_bias_links)
    add_goal_links = rule_method(links.add_goal_links)
    add_link = rule_method(links.add_link)
    relabel_link = rule_method(links.relabel_link)
    remove_link = rule_method(links.remove_link)

    # ------------------------------------------------------------------ scenario

    start_play = rule_method(characters.start_play)
    set_starting_stress = rule_method(stress_rules.set_starting_stress)
    adjust_stress = rule_method(stress_rules.adjust_stress)
    set_threat = rule_method(stress_rules.set_threat)
    injure = rule_method(injury.injure)
    kill = rule_method(injury.kill)
    place_death_greens = rule_method(injury.place_death_greens)
    end_session = rule_method(sessions.end_session)
    begin_session = rule_method(sessions.begin_session)
    pair_roll = rule_method(sessions.pair_roll)
    choose_pair_outcome = rule_method(sessions.choose_pair_outcome)

    # ------------------------------------------------------------------ conflict steps

    propose = rule_method(_conflict.propose)
    set_factors = rule_method(_conflict.set_factors)
    mark_physical = rule_method(_conflict.mark_physical)
    declare_hostile = rule_method(_conflict.declare_hostile)
    roll = rule_method(_conflict.roll)

    def roll_gm(self, faces: Faces | None = None) -> PoolRoll:
        """The GM's red pool: Difficulty + Living + Stress (ISO-R28)."""
        return self.roll(GM, "red", faces)

    roll_ready = rule_method(_conflict.roll_ready)
    choose_stance = rule_method(_conflict.choose_stance)
    set_difficulty = rule_method(_conflict.set_difficulty)
    downgrade = rule_method(_conflict.downgrade)
    resolve = rule_method(_conflict.resolve)
    assign_wounds = rule_method(_conflict.assign_wounds)
    cancel_conflict = rule_method(_conflict.cancel_conflict)

    # ------------------------------------------------------------------ convenience

    run_conflict = rule_method(_conflict.run_conflict)
