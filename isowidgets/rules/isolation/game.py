"""The Isolation session object: every rule as one journaled, undoable action.

Each public method runs one rule of :mod:`.characters`, :mod:`.links`,
:mod:`.stress`, :mod:`.injury`, :mod:`.sessions` or :mod:`.conflict` through
:meth:`Game.act <isowidgets.game.Game.act>`, which journals its events as one
action. A call the rules refuse raises :class:`~isowidgets.errors.RuleError`
(or another :class:`~isowidgets.errors.IsowidgetsError`) and leaves state,
journal and dice exactly as they were, so a widget can call these straight
from a click.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from ... import checks
from ...contract import Action, OddsQuestion, Step
from ...dice import PoolRoll
from ...errors import RuleError
from ...game import Game
from ...journal import Entry, Event, SettingsChanged
from ...settings import RuleSettings
from ...systems import register
from . import characters, injury, links, sessions, stress
from . import conflict as _conflict
from ._common import a_conflict
from .advice import MapWarning, warnings
from .fold import fold
from .model import (
    GM,
    Character,
    Colour,
    Conflict,
    Explanation,
    IsolationState,
    Kind,
    Link,
    Origin,
    Resolution,
    Stance,
)
from .odds import QUESTIONS
from .plan import PoolPlan, plan_for
from .settings import IsolationSettings
from .whole import WHOLE_QUESTIONS, WholeConflictOdds
from .whole import whole_conflict_odds as _whole_conflict_odds

__all__ = ["IsolationGame"]

Faces = Sequence[int] | str

RUN_CONFLICT = (
    "faces",
    "stances",
    "difficulty",
    "downgrades",
    "wounds",
    *(k for k in _conflict.PROPOSAL if k != "difficulty"),
)
"""The keywords :meth:`IsolationGame.run_conflict` takes."""


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

    # ------------------------------------------------------------------ the shell's part

    @classmethod
    def initial_state(cls, settings: IsolationSettings) -> IsolationState:
        return IsolationState.fresh(settings)

    @classmethod
    def apply(cls, state: IsolationState, event: Event) -> IsolationState:
        return fold(state, event)

    @classmethod
    def steps(cls, state: IsolationState) -> tuple[Step, ...]:
        """What can be done now in the conflict in progress (see :func:`.conflict.next_steps`)."""
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
                f"house rules change between conflicts; conflict {self.state.conflict.number} "
                "is in progress. Tip: finish it or cancel_conflict(reason) first."
            )
        current = self.state.settings
        updated = current.updated(**changes)
        diff = updated.changes_from(current)
        if not diff:
            return []
        bounds = stress.stress_into_bounds(self.state, updated)
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

    def add_character(
        self,
        name: str,
        *,
        profession: str,
        bias: str,
        goal: str,
        positive: Sequence[str] = (),
        negative: Sequence[str] = (),
        kind: Kind = "PC",
        character_id: str | None = None,
    ) -> str:
        """Add a PC or same-boat NPC (ISO-R01, ISO-R05); returns its id."""
        return self.act(
            characters.add_character,
            name,
            kind=kind,
            profession=profession,
            positive=positive,
            negative=negative,
            bias=bias,
            goal=goal,
            character_id=character_id,
        ).value

    def edit_character(self, character_id: str, **changes: Any) -> list[Entry]:
        return self.act(characters.edit_character, character_id, **changes).entries

    def remove_character(self, character_id: str) -> list[Entry]:
        return self.act(characters.remove_character, character_id).entries

    # ------------------------------------------------------------------ map

    def add_descriptor_link(
        self, a: str, a_descriptor: str, b: str, b_descriptor: str, colour: Colour
    ) -> str:
        """One labeled link for a (in)compatible descriptor pair (ISO-R08); returns its id."""
        return self.act(links.add_descriptor_link, a, a_descriptor, b, b_descriptor, colour).value

    def add_bias_links(self, holder: str, target: str, *, shared: bool = False) -> list[str]:
        """Two labeled bias links (ISO-R09); returns their ids."""
        return self.act(links.add_bias_links, holder, target, shared=shared).value

    def add_goal_links(self, a: str, b: str, relation: Literal["same", "opposed"]) -> list[str]:
        """Three labeled goal links (ISO-R10); returns their ids."""
        return self.act(links.add_goal_links, a, b, relation).value

    def add_link(
        self,
        a: str,
        b: str,
        colour: Colour,
        label: str = "",
        *,
        origin: Origin | None = None,
        why: str = "",
    ) -> list[str]:
        """A free-form link; unlabeled ones cancel the other colour first (ISO-R33).

        Returns the ids of links added (empty when the new link only cancelled one).
        """
        return self.act(links.add_link, a, b, colour, label, origin=origin, why=why).value

    def relabel_link(self, link_id: str, label: str) -> list[Entry]:
        return self.act(links.relabel_link, link_id, label).entries

    def remove_link(self, link_id: str, why: str = "removed by the GM") -> list[Entry]:
        return self.act(links.remove_link, link_id, why).entries

    # ------------------------------------------------------------------ scenario

    def start_play(self) -> list[Entry]:
        return self.act(characters.start_play).entries

    def set_starting_stress(self, value: int) -> list[Entry]:
        """The scenario's opening Stress Level (ISO-R36: the text starts at 1–3; advice)."""
        return self.act(stress.set_starting_stress, value).entries

    def adjust_stress(self, delta: int, reason: str) -> list[Entry]:
        """GM stress adjustment (ISO-R35: the text moves it ±1..3 per event; advice)."""
        return self.act(stress.adjust_stress, delta, reason).entries

    def set_threat(self, present: bool) -> list[Entry]:
        return self.act(stress.set_threat, present).entries

    def injure(self, character_id: str, reason: str, *, levels: int = 1) -> list[Entry]:
        """Wound a character outside a conflict, with injury links (ISO-R38, ISO-R40)."""
        return self.act(injury.injure, character_id, reason, levels=levels).entries

    def kill(
        self,
        character_id: str,
        reason: str,
        *,
        remainder_pairs: Sequence[tuple[str, str]] | None = None,
    ) -> list[Entry]:
        """A death by the GM's ruling, with the map changes of ISO-R44."""
        return self.act(injury.kill, character_id, reason, remainder_pairs=remainder_pairs).entries

    def place_death_greens(self, dead: str, pairs: Sequence[tuple[str, str]]) -> list[Entry]:
        return self.act(injury.place_death_greens, dead, pairs).entries

    def end_session(self) -> list[Entry]:
        return self.act(sessions.end_session).entries

    def begin_session(self) -> list[Entry]:
        return self.act(sessions.begin_session).entries

    def pair_roll(
        self,
        a: str,
        b: str,
        *,
        green_faces: Faces | None = None,
        red_faces: Faces | None = None,
        take_explosions: bool = True,
    ) -> list[Entry]:
        """A pair's session-end roll (ISO-R45); then :meth:`choose_pair_outcome`."""
        return self.act(
            sessions.pair_roll,
            a,
            b,
            green_faces=green_faces,
            red_faces=red_faces,
            take_explosions=take_explosions,
        ).entries

    def choose_pair_outcome(
        self,
        outcome: sessions.PairChoice,
        *,
        link_id: str | None = None,
        label: str = "",
    ) -> list[Entry]:
        return self.act(sessions.choose_pair_outcome, outcome, link_id=link_id, label=label).entries

    # ------------------------------------------------------------------ conflict steps

    def propose(self, ap: str, action: str, **kwargs: Any) -> Conflict:
        """Record a proposal (ISO-R15). Keywords: ``mode`` (persuade_all, subset, alone,
        direct), ``pps``, ``target``, ``physical``, ``difficulty`` (going alone),
        ``factors`` ({character: {modifier: value}}), ``hostile`` (PPs Hostile without
        rolling), ``force_roll`` (roll even at Stress 0: with no threat marked, every
        mode, a direct action included, is otherwise an automatic Basic Success; see
        :func:`~.conflict.compose`)."""
        return self.act(_conflict.propose, ap, action, **kwargs).value

    def set_factors(self, character: str, **values: Any) -> list[Entry]:
        """Modifier judgements for one character, before any pool is rolled."""
        return self.act(_conflict.set_factors, character, **values).entries

    def mark_physical(self, physical: bool = True) -> list[Entry]:
        return self.act(_conflict.mark_physical, physical).entries

    def declare_hostile(self, pp: str) -> list[Entry]:
        return self.act(_conflict.declare_hostile, pp).entries

    def roll(
        self,
        who: str,
        colour: Colour,
        faces: Faces | None = None,
        *,
        take_explosions: bool = True,
    ) -> PoolRoll:
        """Roll one pool (``faces=None``) or record typed-in faces; returns the roll."""
        return self.act(_conflict.roll, who, colour, faces, take_explosions=take_explosions).value

    def roll_gm(self, faces: Faces | None = None) -> PoolRoll:
        """The GM's red pool: Difficulty + Living + Stress (ISO-R28)."""
        return self.roll(GM, "red", faces)

    def roll_ready(self, faces: Mapping[str, Any] | None = None) -> list[PoolRoll]:
        """Roll every pool that can be rolled now, as one action (typed faces by roller)."""
        return self.act(_conflict.roll_ready, faces).value

    def choose_stance(self, pp: str, stance: Stance) -> list[Entry]:
        return self.act(_conflict.choose_stance, pp, stance).entries

    def set_difficulty(self, difficulty: int | str) -> list[Entry]:
        return self.act(_conflict.set_difficulty, difficulty).entries

    def downgrade(self, who: str) -> list[Entry]:
        return self.act(_conflict.downgrade, who).entries

    def resolve(self) -> Resolution:
        """Read the second interpretation and apply its consequences; returns the result."""
        return self.act(_conflict.resolve).value

    def assign_wounds(self, assignment: Mapping[str, int]) -> list[Entry]:
        return self.act(_conflict.assign_wounds, assignment).entries

    def cancel_conflict(self, reason: str) -> list[Entry]:
        return self.act(_conflict.cancel_conflict, reason).entries

    # ------------------------------------------------------------------ convenience

    def run_conflict(
        self,
        ap: str,
        action: str,
        *,
        faces: Mapping[str, Any] | None = None,
        stances: Mapping[str, Stance] | None = None,
        difficulty: int | str | None = None,
        downgrades: Sequence[str] = (),
        wounds: Mapping[str, int] | None = None,
        **kwargs: Any,
    ) -> Conflict:
        """Run a whole conflict, step by step, each step its own journaled action.

        Args:
            faces: typed faces by roller: ``{"bob": {"green": "4 3 1 6 4", "red": ...},
                "GM": "5 4 3 4 1 6 3 4 5"}``; a roller with one pool may give faces
                directly. Missing pools are rolled at random.
            stances: chosen stances; a PP not listed takes the best one allowed.
            difficulty: the GM's Difficulty (set when the rules allow it).
            downgrades: defaulted Neutrals (or volunteers) who turn Hostile.
            wounds: the table's wound distribution, if one is needed.
            kwargs: passed to :meth:`propose`.

        Each step is the rule a click would run, on an
        :class:`~isowidgets.contract.Action` of its own, chained on the state the
        last one left; every step is checked before anything is written: if one
        fails, nothing is journaled and the dice are untouched.

        Returns:
            The conflict, closed (see ``state.last_conflict``), or still open if
            wounds wait for :meth:`assign_wounds`.
        """
        checks.keywords(kwargs, "run_conflict", RUN_CONFLICT)
        downgrades = checks.id_list(downgrades, "downgrades")
        if stances is not None and not isinstance(stances, Mapping):
            raise RuleError(
                f"stances must map Passive Players to stances, got {checks.shown(stances)}"
            )
        chosen = stances or {}

        def play(working: Action[IsolationState]) -> None:
            def step(rule: Callable[..., object], *args: Any, **kw: Any) -> None:
                rule(working, *args, **kw)
                working.split()  # one journal action per step, as if clicked

            mode, pps = kwargs.get("mode"), kwargs.get("pps")
            alone = mode == "alone" or (mode == "direct" and pps == [])
            alone_difficulty = difficulty if alone else None
            step(_conflict.propose, ap, action, difficulty=alone_difficulty, **kwargs)
            assert working.state.conflict is not None
            _conflict.check_faces(faces, working.state.conflict)
            for _ in range(200):  # a conflict has far fewer steps; never loop forever
                state = working.state
                c = state.conflict
                if c is None or c.resolution is not None:
                    break
                offered: dict[str, Step] = {}
                for offer in _conflict.next_steps(state):
                    offered.setdefault(offer.action, offer)
                turning = [d for d in downgrades if d not in c.downgraded]
                if (roll := offered.get("roll")) is not None:
                    who, colour = roll.actor or "", roll.options[0]
                    typed = _conflict.typed_faces(faces, who, colour, state)
                    step(_conflict.roll, who, colour, typed)
                elif (stance := offered.get("choose_stance")) is not None:
                    pp = stance.actor or ""
                    step(_conflict.choose_stance, pp, chosen.get(pp, stance.options[0]))
                elif "set_difficulty" in offered and offered["set_difficulty"].required:
                    if difficulty is None:
                        raise RuleError("run_conflict needs difficulty=1..6 for the GM's roll")
                    step(_conflict.set_difficulty, difficulty)
                elif "resolve" in offered and turning:
                    step(_conflict.downgrade, turning[0])
                else:
                    step(_conflict.resolve)
            c = working.state.conflict
            if c is not None and c.wounds_left and wounds is not None:
                step(_conflict.assign_wounds, wounds)

        self.act(play)
        result = self.state.conflict or self.state.last_conflict
        assert result is not None
        return result
