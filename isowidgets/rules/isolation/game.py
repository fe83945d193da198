"""The Isolation session object: every rule as one journaled, undoable action.

Each public method computes its events with the pure functions of
:mod:`.rules` and :mod:`.conflict`, then commits them as one action. A call the
rules refuse raises :class:`~isowidgets.errors.RuleError` (or another
:class:`~isowidgets.errors.IsowidgetsError`) and leaves state, journal and dice
exactly as they were, so a widget can call these straight from a click.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import ValidationError

from ...dice import PoolRoll
from ...errors import RuleError
from ...game import Game
from ...journal import Entry, Event, SettingsChanged
from ...settings import RuleSettings
from ...systems import register
from . import conflict as _conflict
from . import rules as _rules
from .apply import apply as _apply
from .events import DiceRolled, LinkAdded
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
from .plan import PoolPlan, plan_for
from .settings import IsolationSettings

__all__ = ["IsolationGame"]

Faces = Sequence[int] | str


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

    # ------------------------------------------------------------------ the shell's part

    @classmethod
    def initial_state(cls, settings: IsolationSettings) -> IsolationState:
        return IsolationState(
            settings=settings,
            stress=settings.stress_start,
            stress_history=((settings.stress_start, "scenario start"),),
        )

    @classmethod
    def apply(cls, state: IsolationState, event: Event) -> IsolationState:
        return _apply(state, event)

    def _act(self, rule: Callable[..., list[Event]], *args: Any, **kwargs: Any) -> list[Entry]:
        """Run a rule on the current state and commit its events as one action."""
        with self.atomic():
            try:
                events = rule(self.state, *args, **kwargs)
            except ValidationError as exc:  # a value pydantic refused inside an event
                error = exc.errors()[0]
                raise RuleError(f"invalid value {error.get('input')!r}: {error['msg']}") from None
            return self.commit(*events) if events else []

    def _dice_act(self, rule: Callable[..., list[Event]], *args: Any, **kwargs: Any) -> list[Entry]:
        return self._act(lambda state, *a, **k: rule(state, self.dice, *a, **k), *args, **kwargs)

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
        bounds = _rules.stress_into_bounds(self.state, updated)
        return self.commit(SettingsChanged(changes=diff), *bounds)

    def links_between(self, a: str, b: str) -> tuple[Link, ...]:
        return self.state.links_between(a, b)

    def warnings(self) -> list[_rules.MapWarning]:
        """Recommendations the build and map do not meet (ISO-R02..R04, ISO-R06, ISO-R11,
        ISO-A24); advice, never errors."""
        return _rules.warnings(self.state)

    def plan(self) -> PoolPlan:
        """Every pool of the conflict in progress, with where each die comes from."""
        return _conflict.pool_plan(self.state)

    def preview(self, ap: str, action: str, **kwargs: Any) -> PoolPlan:
        """The pools a proposal would have, without making it (nothing is journaled)."""
        conflict = _conflict.compose(self.state, ap, action, limits=self.dice.limits, **kwargs)
        return plan_for(self.state, conflict)

    def next_steps(self) -> list[_conflict.Step]:
        """What can be done now in the conflict in progress."""
        return _conflict.next_steps(self.state)

    def modifier_fields(self, conflict: Conflict | None = None) -> dict[str, tuple[str, ...]]:
        """Who may carry modifiers in ``conflict`` (default: the one in progress, or one
        from :func:`~.conflict.compose`), and which ``set_factors`` keywords each."""
        c = conflict if conflict is not None else self.state.conflict
        if c is None:
            raise RuleError("there is no conflict in progress. Tip: pass a composed conflict")
        return _conflict.modifier_fields(self.state, c)

    def wound_capacity(self, who: str) -> int:
        """How many wound levels ``who`` can still take before Dead (ISO-R38)."""
        self.state.character(who)  # a clear error for an unknown id
        return _conflict.wound_capacity(self.state, who)

    def relevant_links(self, ap: str, who: str) -> tuple[Link, ...]:
        """Links between ``who`` and the AP a relevant-label die may come from (ISO-R20, A08)."""
        return _conflict.relevant_links(self.state, ap, who)

    def pair_outcomes(self) -> dict[_rules.PairChoice, tuple[Link, ...]]:
        """What the pending pair roll allows, with the links an erase may take (ISO-R45)."""
        return _rules.pair_outcomes(self.state)

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
        entries = self._act(
            _rules.add_character,
            name,
            kind=kind,
            profession=profession,
            positive=positive,
            negative=negative,
            bias=bias,
            goal=goal,
            character_id=character_id,
        )
        return entries[0].event.character.id  # type: ignore[attr-defined,no-any-return]

    def edit_character(self, character_id: str, **changes: Any) -> list[Entry]:
        return self._act(_rules.edit_character, character_id, **changes)

    def remove_character(self, character_id: str) -> list[Entry]:
        return self._act(_rules.remove_character, character_id)

    # ------------------------------------------------------------------ map

    @staticmethod
    def _added(entries: list[Entry]) -> list[str]:
        return [e.event.link.id for e in entries if isinstance(e.event, LinkAdded)]

    def add_descriptor_link(
        self, a: str, a_descriptor: str, b: str, b_descriptor: str, colour: Colour
    ) -> str:
        """One labeled link for a (in)compatible descriptor pair (ISO-R08); returns its id."""
        return self._added(
            self._act(_rules.add_descriptor_link, a, a_descriptor, b, b_descriptor, colour)
        )[0]

    def add_bias_links(self, holder: str, target: str, *, shared: bool = False) -> list[str]:
        """Two labeled bias links (ISO-R09); returns their ids."""
        return self._added(self._act(_rules.add_bias_links, holder, target, shared=shared))

    def add_goal_links(self, a: str, b: str, relation: Literal["same", "opposed"]) -> list[str]:
        """Three labeled goal links (ISO-R10); returns their ids."""
        return self._added(self._act(_rules.add_goal_links, a, b, relation))

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
        return self._added(self._act(_rules.add_link, a, b, colour, label, origin=origin, why=why))

    def relabel_link(self, link_id: str, label: str) -> list[Entry]:
        return self._act(_rules.relabel_link, link_id, label)

    def remove_link(self, link_id: str, why: str = "removed by the GM") -> list[Entry]:
        return self._act(_rules.remove_link, link_id, why)

    # ------------------------------------------------------------------ scenario

    def start_play(self) -> list[Entry]:
        return self._act(_rules.start_play)

    def set_starting_stress(self, value: int) -> list[Entry]:
        return self._act(_rules.set_starting_stress, value)

    def adjust_stress(self, delta: int, reason: str) -> list[Entry]:
        """GM stress adjustment, ±1..3 per event (ISO-R35)."""
        return self._act(_rules.adjust_stress, delta, reason)

    def set_threat(self, present: bool) -> list[Entry]:
        return self._act(_rules.set_threat, present)

    def injure(self, character_id: str, reason: str, *, levels: int = 1) -> list[Entry]:
        """Wound a character outside a conflict, with injury links (ISO-R38, ISO-R40)."""
        return self._act(_rules.injure, character_id, reason, levels=levels, dice=self.dice)

    def kill(
        self,
        character_id: str,
        reason: str,
        *,
        remainder_pairs: Sequence[tuple[str, str]] | None = None,
    ) -> list[Entry]:
        """A death by the GM's ruling, with the map changes of ISO-R44."""
        return self._act(
            _rules.kill, character_id, reason, dice=self.dice, remainder_pairs=remainder_pairs
        )

    def place_death_greens(self, dead: str, pairs: Sequence[tuple[str, str]]) -> list[Entry]:
        return self._act(_rules.place_death_greens, dead, pairs)

    def end_session(self) -> list[Entry]:
        return self._act(_rules.end_session)

    def begin_session(self) -> list[Entry]:
        return self._act(_rules.begin_session)

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
        return self._act(
            _rules.pair_roll,
            self.dice,
            a,
            b,
            green_faces=green_faces,
            red_faces=red_faces,
            take_explosions=take_explosions,
        )

    def choose_pair_outcome(
        self,
        outcome: Literal["erase_red", "add_green", "erase_green", "add_red", "nothing"],
        *,
        link_id: str | None = None,
        label: str = "",
    ) -> list[Entry]:
        return self._act(_rules.choose_pair_outcome, outcome, link_id=link_id, label=label)

    # ------------------------------------------------------------------ conflict steps

    def propose(self, ap: str, action: str, **kwargs: Any) -> Conflict:
        """Record a proposal (ISO-R15). Keywords: ``mode`` (persuade_all, subset, alone,
        direct), ``pps``, ``target``, ``physical``, ``difficulty`` (going alone),
        ``factors`` ({character: {modifier: value}}), ``hostile`` (PPs Hostile without
        rolling), ``force_roll`` (roll even at Stress 0: with no threat marked, every
        mode, a direct action included, is otherwise an automatic Basic Success; see
        :func:`~.conflict.compose`)."""
        self._dice_act(_conflict.propose, ap, action, **kwargs)
        assert self.state.conflict is not None
        return self.state.conflict

    def set_factors(self, character: str, **values: Any) -> list[Entry]:
        """Modifier judgements for one character, before any pool is rolled."""
        return self._dice_act(_conflict.set_factors, character, **values)

    def mark_physical(self, physical: bool = True) -> list[Entry]:
        return self._act(_conflict.mark_physical, physical)

    def declare_hostile(self, pp: str) -> list[Entry]:
        return self._dice_act(_conflict.declare_hostile, pp)

    def roll(
        self,
        who: str,
        colour: Colour,
        faces: Faces | None = None,
        *,
        take_explosions: bool = True,
    ) -> PoolRoll:
        """Roll one pool (``faces=None``) or record typed-in faces; returns the roll."""
        entries = self._dice_act(
            _conflict.roll, who, colour, faces, take_explosions=take_explosions
        )
        return next(
            e.event.roll
            for e in entries
            if isinstance(e.event, DiceRolled) and (e.event.who, e.event.colour) == (who, colour)
        )

    def roll_gm(self, faces: Faces | None = None) -> PoolRoll:
        """The GM's red pool: Difficulty + Living + Stress (ISO-R28)."""
        return self.roll(GM, "red", faces)

    def roll_ready(self, faces: Mapping[str, Any] | None = None) -> list[PoolRoll]:
        """Roll every pool that can be rolled now, as one action (typed faces by roller)."""

        def rule(state: IsolationState) -> list[Event]:
            events: list[Event] = []
            current = state
            if current.conflict is not None:
                _check_faces(faces, current.conflict)
            while current.conflict is not None and (
                ready := plan_for(current, current.conflict).ready()
            ):
                unit = ready[0]
                step = _conflict.roll(
                    current,
                    self.dice,
                    unit.who,
                    unit.colour,
                    _lookup(faces, unit.who, unit.colour, current),
                )
                for event in step:
                    current = _apply(current, event)
                events += step
            if not events:
                raise RuleError("no pool can be rolled now; see next_steps()")
            return events

        entries = self._act(rule)
        return [e.event.roll for e in entries if isinstance(e.event, DiceRolled)]

    def choose_stance(self, pp: str, stance: Stance) -> list[Entry]:
        return self._dice_act(_conflict.choose_stance, pp, stance)

    def set_difficulty(self, difficulty: int | str) -> list[Entry]:
        return self._dice_act(_conflict.set_difficulty, difficulty)

    def downgrade(self, who: str) -> list[Entry]:
        return self._dice_act(_conflict.downgrade, who)

    def resolve(self) -> Resolution:
        """Read the second interpretation and apply its consequences; returns the result."""
        self._dice_act(_conflict.resolve)
        c = self.state.conflict or self.state.last_conflict
        assert c is not None and c.resolution is not None
        return c.resolution

    def assign_wounds(self, assignment: Mapping[str, int]) -> list[Entry]:
        return self._dice_act(_conflict.assign_wounds, assignment)

    def cancel_conflict(self, reason: str) -> list[Entry]:
        return self._act(_conflict.cancel_conflict, reason)

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

        Every step is checked before anything is written: if one fails, nothing
        is journaled and the dice are untouched.

        Returns:
            The conflict, closed (see ``state.last_conflict``), or still open if
            wounds wait for :meth:`assign_wounds`.
        """
        dice = self.dice
        actions: list[list[Event]] = []
        state = self.state

        def step(rule: Callable[..., list[Event]], *args: Any, **kw: Any) -> None:
            nonlocal state
            events = rule(state, *args, **kw)
            for event in events:
                state = _apply(state, event)
            if events:
                actions.append(events)

        with self.atomic():
            try:
                alone = kwargs.get("mode") == "alone" or (
                    kwargs.get("mode") == "direct" and kwargs.get("pps") == []
                )
                step(
                    _conflict.propose,
                    dice,
                    ap,
                    action,
                    difficulty=difficulty if alone else None,
                    **kwargs,
                )
                assert state.conflict is not None
                _check_faces(faces, state.conflict)
                for _ in range(200):
                    c = state.conflict
                    if c is None or c.resolution is not None:
                        break
                    plan = plan_for(state, c)
                    ready = plan.ready()
                    undecided = [
                        pp
                        for pp in c.pps
                        if c.stance_of(pp) is None and (c.first is not None or c.automatic)
                    ]
                    opposition = c.target if c.mode == "direct" else GM
                    if c.automatic:
                        can_downgrade = not undecided
                    else:
                        assert opposition is not None
                        can_downgrade = c.roll_of(opposition, "red") is not None
                    waiting = (
                        [d for d in downgrades if d not in c.downgraded] if can_downgrade else []
                    )
                    if ready:
                        unit = ready[0]
                        step(
                            _conflict.roll,
                            dice,
                            unit.who,
                            unit.colour,
                            _lookup(faces, unit.who, unit.colour, state),
                        )
                    elif undecided:
                        pp = undecided[0]
                        allowed = c.first.reading(pp).allowed if c.first else ("Cooperative",)
                        wanted = (stances or {}).get(pp, allowed[0])
                        step(_conflict.choose_stance, dice, pp, wanted)
                    elif (
                        not c.automatic
                        and c.difficulty is None
                        and any(u.waiting.startswith("the Difficulty") for u in plan.units)
                    ):
                        if difficulty is None:
                            raise RuleError("run_conflict needs difficulty=1..6 for the GM's roll")
                        step(_conflict.set_difficulty, dice, difficulty)
                    elif waiting:
                        step(_conflict.downgrade, dice, waiting[0])
                    else:
                        step(_conflict.resolve, dice)
                c = state.conflict
                if c is not None and c.wounds_left and wounds is not None:
                    step(_conflict.assign_wounds, dice, wounds)
            except ValidationError as exc:
                raise RuleError(f"invalid value: {exc.errors()[0]['msg']}") from None
            for events in actions:  # all or nothing: check them all before writing any
                self._check_journalable(*events)
            for events in actions:
                self.commit(*events)
        result = self.state.conflict or self.state.last_conflict
        assert result is not None
        return result


def _check_faces(faces: Mapping[str, Any] | None, c: Conflict) -> None:
    """Refuse typed faces that no pool of ``c`` would ever take.

    A misspelt roller (``"Bob"`` for ``bob``) or colour (``"Green"``) would
    otherwise leave its pool to be rolled at random without a word.
    """
    if faces is None:
        return
    if not isinstance(faces, Mapping):
        raise RuleError(f"faces must map rollers to faces, got {faces!r}")
    both: tuple[Colour, ...] = ("green", "red")
    red: tuple[Colour, ...] = ("red",)
    rollers: dict[str, tuple[Colour, ...]] = {c.ap: both}
    rollers |= {pp: red if pp in c.declared_hostile else both for pp in c.pps}
    if c.target is not None:
        rollers[c.target] = both
    rollers |= dict.fromkeys(c.defaulted, red)  # if they downgrade or volunteer
    if c.mode != "direct":
        rollers[GM] = red
    for who, entry in faces.items():
        if who not in rollers:
            raise RuleError(
                f"faces are given for {who!r}, who rolls no pool in conflict {c.number}; "
                f"allowed: {', '.join(rollers)}. Tip: rollers are named by character id "
                f"(lower case), and the GM as {GM!r}."
            )
        if isinstance(entry, Mapping):
            for colour in entry:
                if colour not in rollers[who]:
                    raise RuleError(
                        f"faces for {who} are given for the colour {colour!r}; allowed: "
                        f"{', '.join(map(repr, rollers[who]))}"
                    )


def _lookup(
    faces: Mapping[str, Any] | None, who: str, colour: Colour, state: IsolationState
) -> Faces | None:
    """Typed faces for one pool from ``{who: {colour: faces}}`` or ``{who: faces}``."""
    if faces is None:
        return None
    if not isinstance(faces, Mapping):
        raise RuleError(f"faces must map rollers to faces, got {faces!r}")
    entry = faces.get(who)
    if entry is None:
        return None
    if isinstance(entry, Mapping):
        value: Faces | None = entry.get(colour)
        return value
    c = state.conflict
    assert c is not None
    pools = [u for u in plan_for(state, c).units if u.who == who]
    if len(pools) != 1:
        raise RuleError(
            f"{who} rolls {len(pools)} pools here; give faces as {{'green': ..., 'red': ...}}"
        )
    return entry  # type: ignore[no-any-return]
