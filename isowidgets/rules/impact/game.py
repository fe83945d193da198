"""The Impact System's game object: the rules of :mod:`rules <.impact.rules>`, journaled.

Every public method does one thing a player or the GM does at the table (one
click in a widget): it runs one rule of :mod:`rules <.impact.rules>` with
:meth:`~isowidgets.game.Game.act`, which journals what the rule adds as one
action. A call the rules refuse (a bad argument of any type or size, an
unknown keyword included) raises :class:`~isowidgets.errors.RuleError` and
leaves the state, the journal and the dice exactly as they were.

A whole test, with a typed-in face::

    game = ImpactGame.new()
    pierce = game.add_pc("Algernon Pierce", ["Expert At Getting Into Places and Into Trouble"])
    game.add_scene("The Ministry", ["Tidy And Quiet Office"])  # det-1 is Pierce's, det-2 this
    game.action(pierce, "Difficult", helps=["det-1", "det-2"])  # journaled once, as opened
    game.roll(6)          # or game.roll() for a random face
    game.choose_effect("new_detail", target=pierce, text="I Have The Plans")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ... import checks
from ...contract import Beats, OddsQuestion, Step, rule_method
from ...errors import RuleError
from ...game import Game
from ...journal import Event
from ...settings import RuleSettings
from ...systems import register
from . import cast, rules
from .beats import BEATS
from .fold import fold
from .model import ImpactState, OpenTest, Sign
from .odds import QUESTIONS, PlanOdds, plan_odds
from .settings import ImpactSettings
from .timeline import timeline_rows

__all__ = ["ImpactGame"]


@register
class ImpactGame(Game[ImpactState]):
    """A session of the Impact System: characters, scenes, Details and tests.

    Create it with :meth:`new() <.Opening.new>`, :meth:`.resume` or :meth:`open() <.Opening.open>`
    (from
    :class:`~isowidgets.game.Game`). Ids (``char-1``, ``scene-1``, ``det-1``,
    ``test-1``) are returned by the methods that create things.
    """

    system: ClassVar[str] = "impact"
    title: ClassVar[str] = "The Impact System"
    settings_type: ClassVar[type[RuleSettings]] = ImpactSettings
    odds_questions: ClassVar[Mapping[str, OddsQuestion]] = QUESTIONS
    beats: ClassVar[Beats[Any]] = BEATS

    @classmethod
    def initial_state(cls, settings: ImpactSettings) -> ImpactState:
        return ImpactState(settings)

    @classmethod
    def apply(cls, state: ImpactState, event: Event) -> ImpactState:
        return fold(state, event)

    @classmethod
    def steps(cls, state: ImpactState) -> tuple[Step, ...]:
        """What the table can do next in ``state`` (see :func:`.rules.next_steps`)."""
        if not isinstance(state, ImpactState):
            raise RuleError(
                "impact.steps_not_a_state",
                "steps() reads an ImpactState, got {state}",
                state=checks.shown(state),
            )
        return rules.next_steps(state)

    # ------------------------------------------------------------------ reading

    @property
    def test(self) -> OpenTest | None:
        """The test in progress, if any."""
        return self.state.test

    def citable(self) -> dict[str, tuple[Sign, ...]]:
        """Detail id → the signs it may be cited with in the test opened and not rolled."""
        return rules.citation_options(self.state)

    def roll_plan(self) -> rules.RollPlan:
        """The die and modifiers the open test would roll with now."""
        return rules.roll_plan(self.state)

    def odds(self) -> PlanOdds:
        """Exact odds of the open test as it stands (T-IMP-3)."""
        return plan_odds(self.state)

    def plan_odds(
        self,
        kind: str,
        actor: str | None,
        *,
        difficulty: Any = None,
        threat: str | None = None,
        helps: Sequence[str] = (),
        hinders: Sequence[str] = (),
        helpers: Sequence[str] = (),
    ) -> PlanOdds:
        """Exact odds of a test that is not opened, so a player can weigh options first.

        The arguments are those of :meth:`action`, :meth:`avoid_harm` and
        :meth:`foil` (``threat`` is the threat or the adversary).
        """
        draft = rules.draft_test(
            self.state,
            kind,
            actor,
            difficulty=difficulty,
            threat=threat,
            helps=helps,
            hinders=hinders,
            helpers=helpers,
        )
        return plan_odds(self.state, draft)

    def earn_warning(self, who: str) -> str:
        """What to tell the player before ``who`` earns a step (IMP-A02); ``""`` if nothing."""
        return rules.earn_warning(self.state, who)

    def impact_timeline(self) -> list[dict[str, Any]]:
        """Every Impact Die value so far, one row each, for the timeline plot."""
        return timeline_rows(self.journal.effective())

    # ------------------------------------------------------------------ cast and Details

    add_pc = rule_method(cast.add_pc)
    add_npc = rule_method(cast.add_npc)
    add_scene = rule_method(cast.add_scene)
    add_detail = rule_method(cast.add_detail)
    alter_detail = rule_method(cast.alter_detail)
    remove_detail = rule_method(cast.remove_detail)
    set_detail_active = rule_method(cast.set_detail_active)
    set_detail_kind = rule_method(cast.set_detail_kind)

    # ------------------------------------------------------------------ Impact outside tests

    set_impact = rule_method(cast.set_impact)
    damage = rule_method(cast.damage)
    heroic_act = rule_method(cast.heroic_act)
    self_complication = rule_method(cast.self_complication)
    opening_scene = rule_method(cast.opening_scene)
    rest = rule_method(cast.rest)
    next_session = rule_method(cast.next_session)
    new_adventure = rule_method(cast.new_adventure)

    # ------------------------------------------------------------------ tests: opening

    action = rule_method(rules.action)
    avoid_harm = rule_method(rules.avoid_harm)
    foil = rule_method(rules.foil)
    open_draft = rule_method(rules.open_draft)
    cancel_test = rule_method(rules.cancel_test)

    # ------------------------------------------------------------------ tests: the roll

    roll = rule_method(rules.roll)
    roll_draft = rule_method(rules.roll_draft)

    # ------------------------------------------------------------------ tests: after the roll

    declare_great_success = rule_method(rules.declare_great_success)

    choose_effect = rule_method(rules.choose_effect)
    offer_complication = rule_method(rules.offer_complication)
    accept_complication = rule_method(rules.accept_complication)
    decline_complication = rule_method(rules.decline_complication)
    spend = rule_method(rules.spend)
    take_cost = rule_method(rules.take_cost)
    finish = rule_method(rules.finish)

    def __repr__(self) -> str:
        test = self.state.test
        open_test = f", {test.id} {test.phase}" if test else ""
        cast = ", ".join(f"{c.name} {c.impact}" for c in self.state.characters)
        return f"<ImpactGame {len(self.journal)} events; {cast or 'no characters'}{open_test}>"
