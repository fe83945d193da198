"""The Impact System's game object: the rules of :mod:`.rules`, journaled.

Every public method does one thing a player or the GM does at the table (one
click in a widget): it asks a pure rule function for the events, and commits
them as one action. A call the rules refuse raises
:class:`~isowidgets.errors.RuleError` and leaves the state, the journal and the
dice exactly as they were.

A whole test, with a typed-in face::

    game = ImpactGame.new()
    pierce = game.add_pc("Algernon Pierce", ["Expert At Getting Into Places and Into Trouble"])
    game.add_scene("The Ministry", ["Tidy And Quiet Office"])  # det-1 is Pierce's, det-2 this
    game.action(pierce, "Difficult", helps=["det-1", "det-2"])
    game.roll(6)          # or game.roll() for a random face
    game.choose_effect("new_detail", target=pierce, text="I Have The Plans")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ...dice import Pool
from ...errors import RuleError
from ...game import Game
from ...journal import Entry, Event
from ...settings import RuleSettings
from ...systems import register
from . import rules
from .effects import Effect, Hint
from .events import CharacterAdded, DetailAdded, SceneAdded, TestOpened, TestRolled
from .fold import apply
from .model import DetailKind, ImpactState, OpenTest, Sign
from .odds import PlanOdds, plan_odds
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

    @classmethod
    def initial_state(cls, settings: ImpactSettings) -> ImpactState:
        return ImpactState(settings)

    @classmethod
    def apply(cls, state: ImpactState, event: Event) -> ImpactState:
        return apply(state, event)

    def _do(self, events: Sequence[Event]) -> list[Entry]:
        return self.commit(*events) if events else []

    # ------------------------------------------------------------------ reading

    @property
    def test(self) -> OpenTest | None:
        """The test in progress, if any."""
        return self.state.test

    def next_steps(self) -> tuple[str, ...]:
        """Names of the test methods that fit now (a widget enables these buttons)."""
        return rules.next_steps(self.state)

    def citable(self) -> dict[str, tuple[Sign, ...]]:
        """Detail id → the signs it may be cited with in the test being set up."""
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

    def _created(self, events: Sequence[Event], kind: type[Event], field: str) -> str:
        """Commit ``events`` and return the id the first ``kind`` event issued."""
        self._do(events)
        first = next(e for e in events if isinstance(e, kind))
        return str(getattr(first, field))

    def add_pc(self, name: str, details: Sequence[Any] = (), *, impact: Any = None) -> str:
        """A player character (D12 unless ``impact``), with Character Details; returns its id.

        ``details`` are texts, or ``(text, hint)`` pairs for a negative trait
        such as ``("Sworn Enemy of the Prince", "hinders")``.
        """
        return self._created(
            rules.add_character(self.state, name, "pc", details, impact),
            CharacterAdded,
            "character",
        )

    def add_npc(self, name: str, details: Sequence[Any] = (), *, impact: Any = None) -> str:
        """An NPC adversary (``npc_start_impact`` unless ``impact``); returns its id."""
        return self._created(
            rules.add_character(self.state, name, "npc", details, impact),
            CharacterAdded,
            "character",
        )

    def add_scene(self, name: str, details: Sequence[Any] = (), *, impact: Any = None) -> str:
        """A scene with Scene Details and an optional Impact Die (IMP-A14); returns its id."""
        return self._created(
            rules.add_scene(self.state, name, details, impact), SceneAdded, "scene"
        )

    def add_detail(
        self, owner: str, text: str, *, kind: str | None = None, hint: Hint = "either"
    ) -> str:
        """A Detail on a character, a scene or ``"world"``; returns its id."""
        return self._created(
            rules.add_detail(self.state, owner, text, kind, hint), DetailAdded, "detail"
        )

    def alter_detail(
        self,
        detail: str,
        *,
        text: str | None = None,
        hint: Hint | None = None,
        reason: str = "",
    ) -> list[Entry]:
        """Reword a Detail or change its hint."""
        return self._do(rules.alter_detail(self.state, detail, text, hint, reason))

    def remove_detail(self, detail: str, reason: str = "") -> list[Entry]:
        """Remove a Detail (Temporary Details stay until removed, IMP-A16)."""
        return self._do(rules.remove_detail(self.state, detail, reason))

    def set_detail_active(self, detail: str, active: bool, reason: str = "") -> list[Entry]:
        """Disable a Detail the fiction makes unusable, or enable it again (IMP-A17)."""
        return self._do(rules.set_detail_active(self.state, detail, active, reason))

    def set_detail_kind(self, detail: str, kind: DetailKind, reason: str = "") -> list[Entry]:
        """Mark a Detail temporary (``kind="temporary"``) or make it lasting again
        (``"character"`` on a character, ``"scene"`` on a scene or the world; IMP-R01)."""
        return self._do(rules.set_detail_kind(self.state, detail, kind, reason))

    # ------------------------------------------------------------------ Impact outside tests

    def set_impact(self, who: str, die: Any, reason: str = "") -> list[Entry]:
        """The GM sets an Impact Die (``"D8"``, ``"ineffectual"``, ``None`` for a scene)."""
        return self._do(rules.set_impact(self.state, who, die, reason))

    def damage(self, who: str, steps: int = 1, reason: str = "") -> list[Entry]:
        """A blow from an enemy: the Impact Die steps down (IMP-R15)."""
        return self._do(rules.damage(self.state, who, steps, reason))

    def heroic_act(self, who: str, reason: str = "") -> list[Entry]:
        """The GM rewards a classically heroic act with a step (IMP-R18c)."""
        return self._do(rules.heroic_act(self.state, who, reason))

    def self_complication(self, who: str, detail: str, text: str, *, hint: Hint = "hinders") -> str:
        """The owning player approves a Complication tied to ``detail``: a Temporary
        Detail and a step (IMP-R18b). Returns the new Detail's id."""
        return self._created(
            rules.self_complication(self.state, who, detail, text, hint), DetailAdded, "detail"
        )

    def opening_scene(self, who: str, detail: str, text: str = "") -> list[Entry]:
        """An opening scene addressing one of ``who``'s Details: one step, D12 → D20
        (IMP-R20)."""
        return self._do(rules.opening_scene(self.state, who, detail, text))

    def rest(self, who: str | Sequence[str] | None = None) -> list[Entry]:
        """A rest break: Impact Dice reset to D12 (IMP-R19, IMP-A07); all PCs by default."""
        return self._do(rules.rest(self.state, who))

    def next_session(self) -> list[Entry]:
        """The next session of the adventure; Impact Dice carry over (IMP-R19)."""
        return self._do(rules.next_session(self.state))

    def new_adventure(self) -> list[Entry]:
        """A new adventure: everyone back to the starting die (IMP-R14)."""
        return self._do(rules.new_adventure(self.state))

    # ------------------------------------------------------------------ tests: setup

    def _opened(self, events: Sequence[Event]) -> str:
        self._do(events)
        opened = events[0]
        assert isinstance(opened, TestOpened)
        return opened.test

    def action(
        self,
        actor: str,
        difficulty: Any,
        *,
        helps: Sequence[str] = (),
        hinders: Sequence[str] = (),
        helpers: Sequence[str] = (),
    ) -> str:
        """Open a Difficulty Test for ``actor`` (IMP-R03…R08); returns the test id."""
        return self._opened(
            rules.open_action(
                self.state, actor, difficulty, helps=helps, hinders=hinders, helpers=helpers
            )
        )

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
        return self._opened(
            rules.open_avoid_harm(
                self.state,
                actor,
                threat,
                cost_detail=cost_detail,
                helps=helps,
                hinders=hinders,
                helpers=helpers,
            )
        )

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
        return self._opened(
            rules.open_foil(
                self.state,
                roller,
                adversary,
                difficulty,
                intent=intent,
                helps=helps,
                hinders=hinders,
                helpers=helpers,
            )
        )

    def cite(self, detail: str, sign: Sign = "helps") -> list[Entry]:
        """Cite a Detail in the test being set up: +1 helps, −1 hinders."""
        return self._do(rules.cite(self.state, detail, sign))

    def uncite(self, detail: str) -> list[Entry]:
        return self._do(rules.uncite(self.state, detail))

    def add_helper(self, who: str) -> list[Entry]:
        """``who`` helps: lends Character Details, does not roll (IMP-R06)."""
        return self._do(rules.add_helper(self.state, who))

    def remove_helper(self, who: str) -> list[Entry]:
        return self._do(rules.remove_helper(self.state, who))

    def revise(self, **changes: Any) -> list[Entry]:
        """Change ``difficulty``, ``cost_detail`` or ``intent`` of the test being set up."""
        unknown = sorted(set(changes) - {"difficulty", "cost_detail", "intent"})
        if unknown:
            raise RuleError(f"revise() changes difficulty, cost_detail or intent, got {unknown}")
        return self._do(rules.revise(self.state, **changes))

    def cancel_test(self) -> list[Entry]:
        """Call the test off before it is rolled."""
        return self._do(rules.cancel_test(self.state))

    # ------------------------------------------------------------------ tests: the roll

    def roll(self, faces: int | str | Sequence[int] | None = None) -> TestRolled:
        """Roll the open test's die, or take the face typed in from a physical die.

        Returns the journaled :class:`~.events.TestRolled` (its ``explanation``
        reads the roll in one line).
        """
        with self.atomic():
            plan = rules.roll_plan(self.state)
            actor = self.state.character(plan.test.actor)
            pool = Pool(plan.die, 1, label=f"{actor.name}, {plan.test.id}")
            roll = self.dice.roll(pool, faces)
            events = rules.roll_test(self.state, roll)
            self.commit(*events)
        rolled = events[0]
        assert isinstance(rolled, TestRolled)
        return rolled

    # ------------------------------------------------------------------ tests: after the roll

    def declare_great_success(self) -> list[Entry]:
        """The GM calls an Avoid Harm Success great (``great_success_rule = "gm_flag"``)."""
        return self._do(rules.declare_great_success(self.state))

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
        elif (target, text, hint) != (None, None, None):
            raise RuleError("pass either an Effect or a kind with target/text/hint, not both")
        return self._do(rules.choose_effect(self.state, effect))

    def offer_complication(self, text: str, hint: Hint = "hinders") -> list[Entry]:
        """The GM offers a Complication for the Failure (IMP-R10)."""
        return self._do(rules.offer_complication(self.state, text, hint))

    def accept_complication(self) -> list[Entry]:
        """Accept it: a Temporary Detail and one step up (IMP-R18a)."""
        return self._do(rules.accept_complication(self.state))

    def decline_complication(self) -> list[Entry]:
        """Decline it: the Failure stands (IMP-R11)."""
        return self._do(rules.decline_complication(self.state))

    def spend(self) -> list[Entry]:
        """Spend a step to turn the Failure into a Success (IMP-R17)."""
        return self._do(rules.spend(self.state))

    def take_cost(self, text: str | None = None) -> list[Entry]:
        """Apply a failed Avoid Harm's announced cost, optionally reworded by the player."""
        return self._do(rules.take_cost(self.state, text))

    def finish(self) -> list[Entry]:
        """Close the open test with its phase's defaults (see :func:`.rules.finish`)."""
        return self._do(rules.finish(self.state))

    def __repr__(self) -> str:
        test = self.state.test
        open_test = f", {test.id} {test.phase}" if test else ""
        cast = ", ".join(f"{c.name} {c.impact}" for c in self.state.characters)
        return f"<ImpactGame {len(self.journal)} events; {cast or 'no characters'}{open_test}>"
