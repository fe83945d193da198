"""Impact engine invariants over generated sessions (hypothesis state machine).

A random table clicks random buttons with random (often wrong) ids, faces and
texts, under random house rules. Whatever it does:

* every call either acts or raises the kit's error (IsowidgetsError), and a
  refused call leaves the state, the journal and the dice exactly as they were;
* a test is set up as a draft (pure: citing and helping journal nothing) and
  opened once; the steps offered name people, never ids;
* every Impact Die stays on the ladder (or ineffectual; a banked step only
  under ``impact_overflow_at_d20 = "bank"``);
* the die rolled is never above the roller's Impact Die while the cap is on,
  never above the task die, and an ineffectual character never rolls;
* the journal replays to the very same state.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from isowidgets.dice import die_named
from isowidgets.errors import IsowidgetsError, JournalError
from isowidgets.rules.impact import (
    BANKED,
    DIFFICULTY_DIE,
    INEFFECTUAL,
    TOP,
    Effect,
    ImpactGame,
    ImpactSettings,
    rules,
)
from isowidgets.rules.impact.effects import EFFECT_KINDS
from isowidgets.rules.impact.events import TestRolled

DIES = ["D4", "D6", "D8", "D10", "D12", "D20"]

impact_settings = st.builds(
    ImpactSettings,
    success_target=st.integers(4, 12),
    great_success_rule=st.sampled_from(["gm_flag", "natural_max", "margin"]),
    great_success_margin=st.integers(0, 6),
    impact_overflow_at_d20=st.sampled_from(["cap", "block", "bank"]),
    impact_die_caps_roll=st.booleans(),
    cap_applies_to_avoid_harm=st.booleans(),
    avoid_harm_die_mapping=st.sampled_from(["same_die", "inverted"]),
    allow_spend_into_ineffectual=st.booleans(),
    ineffectual_can_earn=st.booleans(),
    rest_reset_mode=st.sampled_from(["set_d12", "raise_only"]),
    allow_earn_and_spend_same_roll=st.booleans(),
    detail_counts_once=st.booleans(),
    max_bonus=st.none() | st.integers(0, 4),
    max_penalty=st.none() | st.integers(0, 4),
    foil_roller=st.sampled_from(["player_choice", "highest_impact"]),
    success_effect_self_target=st.booleans(),
    npc_below_d4=st.sampled_from(["ineffectual", "floor"]),
    npc_start_impact=st.sampled_from(DIES),
    scene_start_impact=st.none() | st.sampled_from(DIES),
    avoid_harm_damage_steps=st.integers(1, 3),
    temp_detail_auto_expire=st.booleans(),
)

# Mostly ids that exist (the start makes char-1…3, scene-1, det-1…4), sometimes not.
characters = st.sampled_from(["char-1", "char-1", "char-2", "char-3", "char-3", "char-4", "char-0"])
scenes = st.sampled_from(["scene-1", "scene-1", "scene-2", "scene-0"])
holders = characters | scenes
owners = holders | st.just("world")
details = st.integers(0, 9).map(lambda n: f"det-{n}")
texts = st.sampled_from(["Brave", "Smoke", "Blown Tyre", "Quick Hands", "Brave", "", "  "])
difficulties = st.sampled_from([*DIFFICULTY_DIE, "d8", "Tricky", "hard", None])
impacts = st.sampled_from([*DIES, "ineffectual", "D7", None])
faces = st.none() | st.integers(1, 12) | st.integers(-1, 22) | st.sampled_from(["3", "x", "1 2"])
id_lists = st.just([]) | st.lists(details, max_size=3)


class ImpactTable(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.path = Path(self.folder.name) / "impact.jsonl"
        self.game: ImpactGame | None = None
        self.checked = 0
        self.banked_ever = False

    @initialize(rules=impact_settings, seed=st.integers(0, 2**16))
    def start(self, rules: ImpactSettings, seed: int) -> None:
        self.game = ImpactGame.new(self.path, seed=seed, settings=rules)
        self.banked_ever = rules.impact_overflow_at_d20 == "bank"
        self.game.add_pc("Ada", ["Quick Hands"])
        self.game.add_npc("Valnis", ["Master Of Flame"])
        self.game.add_pc("Bo", ["Strong"], impact="D6")
        self.game.add_scene("Hall", ["Smoke"], impact="D6")

    @property
    def g(self) -> ImpactGame:
        assert self.game is not None
        return self.game

    def attempt(self, call: Callable[[], Any]) -> None:
        """Act, or raise the kit's error with nothing changed; anything else fails."""
        state, size, dice = self.g.state, len(self.g.journal), self.g.dice.state()
        try:
            call()
        except JournalError as error:  # InconsistentEventError included: a bug, not a refusal
            pytest.fail(f"the rules made an event that does not fit: {error}")
        except IsowidgetsError:
            assert self.g.state is state
            assert len(self.g.journal) == size
            assert self.g.dice.state() == dice

    # ------------------------------------------------------------------ cast

    @rule(name=texts, npc=st.booleans(), impact=impacts, extra=st.lists(texts, max_size=2))
    def add_character(self, name: str, npc: bool, impact: str | None, extra: list[str]) -> None:
        add = self.g.add_npc if npc else self.g.add_pc
        self.attempt(lambda: add(name, extra, impact=impact))

    @rule(name=texts, impact=impacts)
    def add_scene(self, name: str, impact: str | None) -> None:
        self.attempt(lambda: self.g.add_scene(name, ["Fog"], impact=impact))

    @rule(
        owner=owners,
        text=texts,
        kind=st.sampled_from([None, "character", "scene", "temporary", "x"]),
        hint=st.sampled_from(["helps", "hinders", "either", "often"]),
    )
    def add_detail(self, owner: str, text: str, kind: str | None, hint: Any) -> None:
        self.attempt(lambda: self.g.add_detail(owner, text, kind=kind, hint=hint))

    @rule(detail=details, text=st.none() | texts, hint=st.sampled_from([None, "helps", "x"]))
    def alter_detail(self, detail: str, text: str | None, hint: Any) -> None:
        self.attempt(lambda: self.g.alter_detail(detail, text=text, hint=hint))

    @rule(detail=details)
    def remove_detail(self, detail: str) -> None:
        self.attempt(lambda: self.g.remove_detail(detail))

    @rule(detail=details, active=st.booleans())
    def toggle_detail(self, detail: str, active: bool) -> None:
        self.attempt(lambda: self.g.set_detail_active(detail, active))

    @rule(detail=details, kind=st.sampled_from(["character", "scene", "temporary", "x", None]))
    def set_detail_kind(self, detail: str, kind: Any) -> None:
        self.attempt(lambda: self.g.set_detail_kind(detail, kind))

    # ------------------------------------------------------------------ Impact

    @rule(who=holders, die=impacts)
    def set_impact(self, who: str, die: str | None) -> None:
        self.attempt(lambda: self.g.set_impact(who, die))

    @rule(who=holders, steps=st.integers(0, 7))
    def damage(self, who: str, steps: int) -> None:
        self.attempt(lambda: self.g.damage(who, steps))

    @rule(who=characters)
    def heroic_act(self, who: str) -> None:
        self.attempt(lambda: self.g.heroic_act(who))

    @rule(who=characters, detail=details, text=texts)
    def self_complication(self, who: str, detail: str, text: str) -> None:
        self.attempt(lambda: self.g.self_complication(who, detail, text))

    @rule(who=characters, detail=details)
    def opening_scene(self, who: str, detail: str) -> None:
        self.attempt(lambda: self.g.opening_scene(who, detail))

    @rule(who=st.none() | characters)
    def rest(self, who: str | None) -> None:
        self.attempt(lambda: self.g.rest(who))

    @rule(rules=impact_settings)
    def change_house_rules(self, rules: ImpactSettings) -> None:
        self.attempt(lambda: self.g.change_settings(**rules.model_dump()))
        self.banked_ever |= rules.impact_overflow_at_d20 == "bank"

    @rule(which=st.sampled_from(["undo", "redo", "session", "adventure"]))
    def bookkeeping(self, which: str) -> None:
        calls = {
            "session": self.g.next_session,
            "adventure": self.g.new_adventure,
            "undo": self.g.undo,
            "redo": self.g.redo,
        }
        self.attempt(calls[which])

    # ------------------------------------------------------------------ tests

    @rule(
        kind=st.sampled_from(["action", "avoid_harm", "foil"]),
        actor=characters,
        threat=st.sampled_from(["char-2", "scene-1", "char-1", "char-3", "scene-0", None]),
        difficulty=difficulties,
        cost=st.none() | texts,
        helps=id_lists,
        hinders=id_lists,
        helpers=st.just([]) | st.lists(characters, max_size=2),
    )
    def open_test(
        self, kind: str, actor: Any, threat: Any, difficulty: Any, cost: Any, **more: Any
    ):
        g = self.g
        if kind == "action":
            self.attempt(lambda: g.action(actor, difficulty, **more))
        elif kind == "avoid_harm":
            self.attempt(lambda: g.avoid_harm(actor, threat, cost_detail=cost, **more))
        else:
            intent = Effect.step_down("char-1") if cost else None
            self.attempt(lambda: g.foil(actor, threat, difficulty, intent=intent, **more))

    @rule(
        kind=st.sampled_from(["action", "avoid_harm", "foil"]),
        pc=st.integers(0, 3),
        difficulty=st.sampled_from(list(DIFFICULTY_DIE)),
    )
    def open_valid_test(self, kind: str, pc: int, difficulty: str) -> None:
        """Open a test with ids that exist, so that deep phases are reached often."""
        pcs = [c.id for c in self.g.state.pcs() if not c.ineffectual]
        foes = [h.id for h in (*self.g.state.characters, *self.g.state.scenes)]
        if not pcs or self.g.test is not None:
            return
        actor = pcs[pc % len(pcs)]
        foe = next((f for f in foes if f != actor and f.startswith("char")), None)
        if kind == "action":
            self.attempt(lambda: self.g.action(actor, difficulty))
        elif kind == "avoid_harm":
            self.attempt(lambda: self.g.avoid_harm(actor, foe or "char-2"))
        else:
            self.attempt(lambda: self.g.foil(actor, foe or "char-2", difficulty))

    @rule(pick=st.integers(0, 9), aim=st.integers(0, 9), text=texts)
    def follow_the_steps(self, pick: int, aim: int, text: str) -> None:
        """Click one of the buttons :meth:`next_steps` enables, with plausible arguments."""
        g = self.g
        steps = [step.action for step in g.next_steps()]
        name = steps[pick % len(steps)]
        # With everything undone there may be no holder or Detail: aim at ids that do
        # not exist, which the engine must refuse cleanly.
        holders = [h.id for h in (*g.state.characters, *g.state.scenes)] or ["char-1"]
        details = [d.id for d in g.state.details] or ["det-1"]
        kind = EFFECT_KINDS[aim % len(EFFECT_KINDS)]
        target = details[aim % len(details)] if "detail" in kind else holders[aim % len(holders)]
        if kind == "new_detail":
            target = holders[aim % len(holders)]
        calls: dict[str, Callable[[], Any]] = {
            "choose_effect": lambda: g.choose_effect(
                kind,
                target=target,
                text=(text or "Fresh Detail") if kind in ("new_detail", "alter_detail") else None,
            ),
            "offer_complication": lambda: g.offer_complication(text or "Tangled"),
            "roll": lambda: g.roll(None if aim > 6 else aim + 1),
            "take_cost": lambda: g.take_cost(text or None),
        }
        if name in ("action", "avoid_harm", "foil"):
            self.open_valid_test(name, aim, list(DIFFICULTY_DIE)[pick % 6])
        else:
            self.attempt(calls.get(name, getattr(g, name)))

    @rule(
        kind=st.sampled_from(["action", "avoid_harm", "foil", "duel"]),
        actor=characters,
        threat=st.sampled_from(["char-2", "scene-1", "char-3", None]),
        difficulty=difficulties,
        edits=st.lists(
            st.tuples(
                st.sampled_from(["cite", "uncite", "add_helper", "remove_helper"]),
                details | characters,
                st.sampled_from(["helps", "hinders", "maybe"]),
            ),
            max_size=5,
        ),
        face=faces,
        then=st.sampled_from(["roll", "open", "nothing"]),
    )
    def draft_then_open(
        self,
        kind: Any,
        actor: str,
        threat: Any,
        difficulty: Any,
        edits: list[tuple[str, str, Any]],
        face: Any,
        then: str,
    ) -> None:
        """Set a test up as the widgets do (pure drafts, random and often wrong edits),
        then roll it (opened and rolled as one action) or open it."""
        g = self.g
        state, size, dice = g.state, len(g.journal), g.dice.state()
        plan = {"difficulty": difficulty} if kind != "avoid_harm" else {}
        if kind != "action":
            plan["threat"] = threat
        try:
            draft = rules.draft_test(g.state, kind, actor, **plan)
        except IsowidgetsError:
            return
        for edit, aim, sign in edits:
            with contextlib.suppress(IsowidgetsError):
                if edit == "cite":
                    draft = rules.cite(g.state, draft, aim, sign)
                elif edit == "uncite":
                    draft = rules.uncite(draft, aim)
                elif edit == "add_helper":
                    draft = rules.add_helper(g.state, draft, aim)
                else:
                    draft = rules.remove_helper(g.state, draft, aim)
        assert (g.state, len(g.journal), g.dice.state()) == (state, size, dice)  # pure
        if then == "roll":
            self.attempt(lambda: g.roll_draft(draft, face))
        elif then == "open":
            self.attempt(lambda: g.open_draft(draft))
        if len(g.journal) > size:  # opened: once, with everything it was set up with
            opened = g.journal.entries[size].event
            cited = sorted((c.detail, c.sign) for c in opened.citations)
            assert cited == sorted((c.detail, c.sign) for c in draft.citations)
            assert opened.helpers == draft.helpers

    @rule(face=faces)
    def roll(self, face: Any) -> None:
        test = self.g.test
        actor = self.g.state.find_character(test.actor) if test else None
        knocked_out = actor is not None and actor.ineffectual
        before = len(self.g.journal)
        self.attempt(lambda: self.g.roll(face))
        if knocked_out:
            assert len(self.g.journal) == before, "an ineffectual character rolled"

    @rule(
        kind=st.sampled_from([*EFFECT_KINDS, "heal"]),
        aim=holders | details | st.just("world"),
        text=st.none() | texts,
    )
    def choose_effect(self, kind: str, aim: str, text: str | None) -> None:
        self.attempt(lambda: self.g.choose_effect(kind, target=aim, text=text))

    @rule(
        step=st.sampled_from(
            [
                "finish",
                "spend",
                "accept_complication",
                "declare_great_success",
                "take_cost",
                "decline_complication",
                "cancel_test",
            ]
        )
    )
    def step(self, step: str) -> None:
        self.attempt(getattr(self.g, step))

    @rule(text=texts)
    def offer_complication(self, text: str) -> None:
        self.attempt(lambda: self.g.offer_complication(text))

    @rule(who=holders, kind=st.sampled_from(["action", "avoid_harm", "foil"]), pc=characters)
    def look(self, who: str, kind: str, pc: str) -> None:
        """Views only read: odds, chips, buttons and warnings never change anything."""
        state, size = self.g.state, len(self.g.journal)
        for view in (
            self.g.odds,
            self.g.citable,
            self.g.next_steps,
            self.g.impact_timeline,
            lambda: self.g.earn_warning(who),
            lambda: self.g.plan_odds(kind, pc, difficulty="Tricky", threat=who),
        ):
            with contextlib.suppress(IsowidgetsError):
                view()
        assert self.g.state is state and len(self.g.journal) == size

    # ------------------------------------------------------------------ invariants

    @invariant()
    def impact_stays_on_the_ladder(self) -> None:
        if self.game is None:
            return
        # A banked step outlives a later switch away from "bank" until it is spent.
        top = BANKED if self.banked_ever else TOP
        for character in self.g.state.characters:
            assert INEFFECTUAL <= character.step <= top
        for scene in self.g.state.scenes:
            assert scene.step is None or INEFFECTUAL <= scene.step <= top

    @invariant()
    def rolls_respect_the_caps(self) -> None:
        if self.game is None:
            return
        rules = self.g.settings
        entries = self.g.journal.entries
        for entry in entries[self.checked :]:
            event = entry.event
            if not isinstance(event, TestRolled):
                continue
            assert event.impact_die is not None, "an ineffectual character rolled"
            die, task, impact = (
                die_named(n) for n in (event.die, event.task_die, event.impact_die)
            )
            assert die.sides <= task.sides
            avoid = event.test_kind == "avoid_harm"
            if rules.impact_die_caps_roll and (rules.cap_applies_to_avoid_harm or not avoid):
                assert die.sides <= impact.sides
            assert event.total == event.face + event.bonus - event.penalty
        self.checked = len(entries)

    @invariant()
    def steps_name_people_never_ids(self) -> None:
        if self.game is None:
            return
        for step in self.g.next_steps():
            assert "char-" not in step.label and "test-" not in step.label, step.label

    @invariant()
    def an_open_test_cites_only_what_exists(self) -> None:
        if self.game is None or self.g.test is None:
            return
        test = self.g.test
        assert self.g.state.find_character(test.actor) is not None
        assert len(set(test.helpers)) == len(test.helpers)
        if test.phase == "setup":
            for detail in test.cited():
                assert self.g.state.detail(detail).active

    def teardown(self) -> None:
        if self.game is not None:
            self.game.journal.close()
            replayed = ImpactGame.resume(self.path)
            try:
                assert replayed.state == self.game.state
            finally:
                replayed.journal.close()
        self.folder.cleanup()


@pytest.mark.rule("IMP-R05", "IMP-A03")
@given(
    impact=st.sampled_from(DIES),
    difficulty=st.sampled_from(list(DIFFICULTY_DIE)),
    threat=st.sampled_from(DIES),
    rules=impact_settings,
    data=st.data(),
)
def test_the_die_rolled_is_never_above_the_impact_die(
    impact: str, difficulty: str, threat: str, rules: ImpactSettings, data: st.DataObject
) -> None:
    """IMP-R05 / IMP-A03 over every die pair and house rule, with a typed-in face."""
    game = ImpactGame.new(seed=0, settings=rules)
    hero = game.add_pc("Hero", impact=impact)
    foe = game.add_npc("Foe", impact=threat)
    for kind in ("action", "avoid_harm"):
        if kind == "action":
            game.action(hero, difficulty)
        else:
            game.avoid_harm(hero, foe)
        plan = game.roll_plan()
        capped = rules.impact_die_caps_roll and (
            kind == "action" or rules.cap_applies_to_avoid_harm
        )
        if capped:
            assert plan.die.sides <= die_named(impact).sides
        assert plan.die.sides <= plan.task_die.sides
        face = data.draw(st.integers(1, plan.die.sides))
        rolled = game.roll(face)
        assert rolled.die == plan.die.name and rolled.face == face
        assert rolled.success is (face + plan.net >= rules.success_target)
        if game.test is not None:
            game.finish()


ImpactTable.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_impact_table = ImpactTable.TestCase
