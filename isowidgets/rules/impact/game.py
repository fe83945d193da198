"""The Impact System's game object: the rules of :mod:`.rules`, journaled.

Every public method does one thing a player or the GM does at the table (one
click in a widget): it runs one rule of :mod:`.rules` with
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
from ...contract import Beats, OddsQuestion, Step
from ...errors import RuleError
from ...game import Game
from ...journal import Entry, Event
from ...settings import RuleSettings
from ...systems import register
from . import cast, rules
from .beats import BEATS
from .effects import Effect, Hint
from .events import TestRolled
from .fold import fold
from .model import DetailKind, ImpactState, OpenTest, Sign
from .odds import QUESTIONS, PlanOdds, plan_odds
from .rules import Faces
from .settings import ImpactSettings
from .timeline import timeline_rows

__all__ = ["ImpactGame"]


@register
class ImpactGame(Game[ImpactState]):
    """A session of the Impact System: characters, scenes, Details and tests.

    Create it with :meth:`new`, :meth:`resume` or :meth:`open` (from
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
            raise RuleError(f"steps() reads an ImpactState, got {checks.shown(state)}")
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

    def add_pc(self, name: str, details: Sequence[Any] = (), *, impact: Any = None) -> str:
        """A player character (D12 unless ``impact``), with Character Details; returns its id.

        ``details`` are texts, or ``(text, hint)`` pairs for a negative trait
        such as ``("Sworn Enemy of the Prince", "hinders")``.
        """
        return self.act(cast.add_character, name, "pc", details, impact).value

    def add_npc(self, name: str, details: Sequence[Any] = (), *, impact: Any = None) -> str:
        """An NPC adversary (``npc_start_impact`` unless ``impact``); returns its id."""
        return self.act(cast.add_character, name, "npc", details, impact).value

    def add_scene(self, name: str, details: Sequence[Any] = (), *, impact: Any = None) -> str:
        """A scene with Scene Details and an optional Impact Die (IMP-A14); returns its id."""
        return self.act(cast.add_scene, name, details, impact).value

    def add_detail(
        self, owner: str, text: str, *, kind: str | None = None, hint: Hint = "either"
    ) -> str:
        """A Detail on a character, a scene or ``"world"``; returns its id."""
        return self.act(cast.add_detail, owner, text, kind, hint).value

    def alter_detail(
        self,
        detail: str,
        *,
        text: str | None = None,
        hint: Hint | None = None,
        reason: str = "",
    ) -> list[Entry]:
        """Reword a Detail or change its hint."""
        return self.act(cast.alter_detail, detail, text, hint, reason).entries

    def remove_detail(self, detail: str, reason: str = "") -> list[Entry]:
        """Remove a Detail (Temporary Details stay until removed, IMP-A16)."""
        return self.act(cast.remove_detail, detail, reason).entries

    def set_detail_active(self, detail: str, active: bool, reason: str = "") -> list[Entry]:
        """Disable a Detail the fiction makes unusable, or enable it again (IMP-A17)."""
        return self.act(cast.set_detail_active, detail, active, reason).entries

    def set_detail_kind(self, detail: str, kind: DetailKind, reason: str = "") -> list[Entry]:
        """Mark a Detail temporary (``kind="temporary"``) or make it lasting again
        (``"character"`` on a character, ``"scene"`` on a scene or the world; IMP-R01)."""
        return self.act(cast.set_detail_kind, detail, kind, reason).entries

    # ------------------------------------------------------------------ Impact outside tests

    def set_impact(self, who: str, die: Any, reason: str = "") -> list[Entry]:
        """The GM sets an Impact Die (``"D8"``, ``"ineffectual"``, ``None`` for a scene)."""
        return self.act(cast.set_impact, who, die, reason).entries

    def damage(self, who: str, steps: int = 1, reason: str = "") -> list[Entry]:
        """A blow from an enemy: the Impact Die steps down (IMP-R15)."""
        return self.act(cast.damage, who, steps, reason).entries

    def heroic_act(self, who: str, reason: str = "") -> list[Entry]:
        """The GM rewards a classically heroic act with a step (IMP-R18c)."""
        return self.act(cast.heroic_act, who, reason).entries

    def self_complication(self, who: str, detail: str, text: str, *, hint: Hint = "hinders") -> str:
        """The owning player approves a Complication tied to ``detail``: a Temporary
        Detail and a step (IMP-R18b). Returns the new Detail's id."""
        return self.act(cast.self_complication, who, detail, text, hint).value

    def opening_scene(self, who: str, detail: str, text: str = "") -> list[Entry]:
        """An opening scene addressing one of ``who``'s Details: one step, D12 → D20
        (IMP-R20)."""
        return self.act(cast.opening_scene, who, detail, text).entries

    def rest(self, who: str | Sequence[str] | None = None) -> list[Entry]:
        """A rest break: Impact Dice reset to D12 (IMP-R19, IMP-A07); all PCs by default."""
        return self.act(cast.rest, who).entries

    def next_session(self) -> list[Entry]:
        """The next session of the adventure; Impact Dice carry over (IMP-R19)."""
        return self.act(cast.next_session).entries

    def new_adventure(self) -> list[Entry]:
        """A new adventure: everyone back to the starting die (IMP-R14)."""
        return self.act(cast.new_adventure).entries

    # ------------------------------------------------------------------ tests: opening

    def action(
        self,
        actor: str,
        difficulty: Any,
        *,
        helps: Sequence[str] = (),
        hinders: Sequence[str] = (),
        helpers: Sequence[str] = (),
    ) -> str:
        """Open a Difficulty Test for ``actor`` (IMP-R03…R08), journaled once with the
        Details it cites and who helps; returns the test id."""
        plan = {"difficulty": difficulty, "helps": helps, "hinders": hinders, "helpers": helpers}
        return self.act(rules.open_test, "action", actor, **plan).value

    def avoid_harm(
        self,
        actor: str,
        threat: str,
        *,
        cost_detail: str | None = None,
        helps: Sequence[str] = (),
        hinders: Sequence[str] = (),
        helpers: Sequence[str] = (),
    ) -> str:
        """Open an Avoid Harm test against ``threat`` (IMP-R12); the GM announces the cost:
        ``cost_detail`` names a Temporary Detail, ``None`` means Impact steps."""
        plan = {"threat": threat, "cost_detail": cost_detail, "helps": helps, "hinders": hinders}
        return self.act(rules.open_test, "avoid_harm", actor, helpers=helpers, **plan).value

    def foil(
        self,
        roller: str | None,
        adversary: str,
        difficulty: Any,
        *,
        intent: Effect | None = None,
        helps: Sequence[str] = (),
        hinders: Sequence[str] = (),
        helpers: Sequence[str] = (),
    ) -> str:
        """Open a test to foil ``adversary``'s plan (IMP-R13, IMP-A11); ``intent`` is what
        the plan does if the roll fails. With ``foil_roller = "highest_impact"``,
        ``roller=None`` lets the engine pick the PC."""
        plan = {"threat": adversary, "difficulty": difficulty, "intent": intent}
        return self.act(
            rules.open_test, "foil", roller, helps=helps, hinders=hinders, helpers=helpers, **plan
        ).value

    def open_draft(self, draft: OpenTest) -> str:
        """Open a test drafted with :func:`.rules.draft_test` (and edited with
        :func:`.rules.cite` & co.), checked afresh; returns the test id."""
        return self.act(rules.open_draft, draft).value

    def cancel_test(self) -> list[Entry]:
        """Call the test off before it is rolled."""
        return self.act(rules.cancel_test).entries

    # ------------------------------------------------------------------ tests: the roll

    def roll(self, faces: Faces = None) -> TestRolled:
        """Roll the open test's die, or take the face typed in from a physical die.

        Returns the journaled :class:`~.events.TestRolled` (its ``explanation``
        reads the roll in one line).
        """
        return self.act(rules.roll_test, faces).value

    def roll_draft(self, draft: OpenTest, faces: Faces = None) -> TestRolled:
        """Open a drafted test and roll it, as one action: a refused face opens nothing."""
        return self.act(rules.roll_draft, draft, faces).value

    # ------------------------------------------------------------------ tests: after the roll

    def declare_great_success(self) -> list[Entry]:
        """The GM calls an Avoid Harm Success great (``great_success_rule = "gm_flag"``)."""
        return self.act(rules.declare_great_success).entries

    def choose_effect(
        self,
        effect: Effect | str,
        *,
        target: str | None = None,
        text: str | None = None,
        hint: Hint | None = None,
    ) -> list[Entry]:
        """Pick the Success effect (IMP-R09): an :class:`Effect`, or its kind with
        ``target`` (and ``text``/``hint`` for a Detail)."""
        if not isinstance(effect, Effect):
            effect = Effect.make(effect, target, text, hint)
        elif any(value is not None for value in (target, text, hint)):
            raise RuleError("pass either an Effect or a kind with target/text/hint, not both")
        return self.act(rules.choose_effect, effect).entries

    def offer_complication(self, text: str, hint: Hint = "hinders") -> list[Entry]:
        """The GM offers a Complication for the Failure (IMP-R10)."""
        return self.act(rules.offer_complication, text, hint).entries

    def accept_complication(self) -> list[Entry]:
        """Accept it: a Temporary Detail and one step up (IMP-R18a)."""
        return self.act(rules.accept_complication).entries

    def decline_complication(self) -> list[Entry]:
        """Decline it: the Failure stands (IMP-R11)."""
        return self.act(rules.decline_complication).entries

    def spend(self) -> list[Entry]:
        """Spend a step to turn the Failure into a Success (IMP-R17)."""
        return self.act(rules.spend).entries

    def take_cost(self, text: str | None = None) -> list[Entry]:
        """Apply a failed Avoid Harm's announced cost, optionally reworded by the player."""
        return self.act(rules.take_cost, text).entries

    def finish(self) -> list[Entry]:
        """Close the open test with its phase's defaults (see :func:`.rules.finish`)."""
        return self.act(rules.finish).entries

    def __repr__(self) -> str:
        test = self.state.test
        open_test = f", {test.id} {test.phase}" if test else ""
        cast = ", ".join(f"{c.name} {c.impact}" for c in self.state.characters)
        return f"<ImpactGame {len(self.journal)} events; {cast or 'no characters'}{open_test}>"
