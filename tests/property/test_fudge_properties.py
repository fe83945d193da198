"""Danish Fudge-dice engine invariants over generated rolls and fights.

* three dice are always kept, and a roll has bonus or penalty dice, never both;
* a wound never lands on a filled level (but level 7, where the track ends);
* falling down keeps the number of wounds and their ability marks, in order;
* a random fight (state machine): every call acts or raises the kit's error and a
  refused call leaves state, journal and dice as they were; a defender's (or any)
  bonus dice never outlive the next round; the journal replays to the same state.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from isowidgets.dice import Dice
from isowidgets.errors import IsowidgetsError
from isowidgets.rules.fudge_conflict import (
    ABILITIES,
    FudgeGame,
    FudgeSettings,
    Wound,
    keep_net,
    roll_kept,
)
from isowidgets.rules.fudge_conflict.damage import fall_down, place_wound

FACE = st.sampled_from((-1, 0, 1))
MODE = st.sampled_from(("forced_worst_then_best", "three_worst"))
ABILITY = st.sampled_from(ABILITIES)
WOUNDS = st.lists(st.builds(Wound, st.integers(1, 7), ABILITY), max_size=10)
TRACK = st.sampled_from(("shared", "per_ability"))


@given(net=st.integers(-8, 8), mode=MODE, data=st.data())
def test_three_dice_are_always_kept(net, mode, data):
    faces = data.draw(st.lists(FACE, min_size=3 + abs(net), max_size=3 + abs(net)))
    selection = keep_net(faces, net, penalty_keep=mode)
    assert len(selection.kept) == 3
    assert sorted((*selection.kept, *selection.dropped)) == list(range(len(faces)))


@given(bonus=st.integers(0, 10), penalty=st.integers(0, 10), seed=st.integers(0, 2**32))
def test_bonus_and_penalty_dice_are_never_both_present(bonus, penalty, seed):
    game = FudgeGame.new(seed=seed)
    who = game.add_character("A", skills={"x": 2})
    record = game.check("passive", who, "x", difficulty=0, bonus=bonus, penalty=penalty).records[0]
    kept = roll_kept(Dice(seed), record.net)
    assert kept.bonus == 0 or kept.penalty == 0
    assert record.net == bonus - penalty
    assert len(record.kept) == 3
    assert len(record.roll.faces) == 3 + abs(bonus - penalty)


@given(wounds=WOUNDS, level=st.integers(1, 6), ability=ABILITY, track=TRACK)
def test_a_wound_never_lands_on_a_filled_level(wounds, level, ability, track):
    rules = FudgeSettings(damage_track=track)
    placed = place_wound(wounds, level, ability, rules)
    assert placed >= level
    if placed < 7:
        same = [w for w in wounds if w.level == placed]
        if track == "per_ability":
            same = [w for w in same if w.ability == ability]
        assert not same


@given(wounds=WOUNDS, track=TRACK)
def test_falling_down_keeps_the_count_and_the_marks(wounds, track):
    rules = FudgeSettings(damage_track=track)
    settled = fall_down(wounds, rules)
    assert len(settled) == len(wounds)
    assert sorted(w.ability for w in settled) == sorted(w.ability for w in wounds)
    if track == "shared":
        assert [w.level for w in settled] == list(range(1, len(wounds) + 1))
        ordered = sorted(wounds, key=lambda w: w.level)
        assert [w.ability for w in settled] == [w.ability for w in ordered]


CATEGORY = st.sampled_from(("crossing", "parallel", "defensive"))


class Fight(RuleBasedStateMachine):
    """Burke and a central GM character let it hurt, round after round."""

    @initialize(
        track=TRACK,
        bump=st.sampled_from(("cascade", "single_step")),
        scope=st.sampled_from(("next_roll", "next_round")),
        seed=st.integers(0, 2**32),
    )
    def start(self, track, bump, scope, seed):
        self.folder = tempfile.TemporaryDirectory()
        self.path = Path(self.folder.name) / "fight.jsonl"
        rules = FudgeSettings(
            damage_track=track, damage_bump=bump, scratch_penalty_scope=scope, pool_initial=50
        )
        self.game = FudgeGame.new(self.path, seed=seed, settings=rules)
        skills = {"argue": 2, "brawl": 3, "guile": 1}
        self.a = self.game.add_character("Burke", skills=skills, categories={"brawl": "kraft"})
        self.b = self.game.add_character("Boss", role="central", skills=skills)
        self.game.check("active", self.a, "argue", opponent=self.b, opponent_skill="argue")
        self.game.let_it_hurt(self.a)
        self.game.state_intention(self.a, "win")
        self.game.state_intention(self.b, "crush")
        self.last_round = 0

    def teardown(self):
        self.game.journal.close()
        replayed = FudgeGame.resume(self.path)
        try:
            assert replayed.state == self.game.state
        finally:
            replayed.journal.close()
            self.folder.cleanup()

    def _try(self, call):
        game = self.game
        state, journal, dice = game.state, game.journal.effective(), game.dice.state()
        try:
            call()
        except IsowidgetsError:
            assert game.state == state
            assert game.journal.effective() == journal
            assert game.dice.state() == dice

    @rule(
        who=st.sampled_from((0, 1)),
        category=CATEGORY,
        skill=st.sampled_from(("argue", "brawl", "guile", "nothing")),
        ability=st.sampled_from((*ABILITIES, None)),
        combining=st.booleans(),
    )
    def declare(self, who, category, skill, ability, combining):
        actor, target = (self.a, self.b) if who == 0 else (self.b, self.a)
        self._try(
            lambda: self.game.declare(
                actor, category, target, skill, ability=ability, combining=combining
            )
        )

    @rule(
        a=CATEGORY,
        b=CATEGORY,
        ability=ABILITY,
        a_combines=st.booleans(),
        b_skill=st.sampled_from(("argue", "brawl")),
    )
    def declare_both(self, a, b, ability, a_combines, b_skill):
        combining = a_combines and a == "crossing"
        self._try(
            lambda: self.game.declare(
                self.a,
                a,
                self.b,
                "guile" if combining else "brawl",
                ability=ability,
                combining=combining,
            )
        )
        self._try(lambda: self.game.declare(self.b, b, self.a, b_skill, ability=ability))

    @rule(data=st.data())
    def roll(self, data):
        hurt = self.game.state.active_hurt()
        if hurt is not None and data.draw(st.booleans()):
            for actor, target in ((self.a, self.b), (self.b, self.a)):
                if actor not in hurt.declared:
                    category = data.draw(CATEGORY)
                    ability = data.draw(ABILITY)
                    self._try(
                        lambda a=actor, t=target, c=category, k=ability: self.game.declare(
                            a, c, t, "brawl", ability=k
                        )
                    )
            hurt = self.game.state.active_hurt()
        faces = {}
        if hurt is not None and data.draw(st.integers(0, 3)) == 0:
            for party in hurt.parties:
                faces[party] = data.draw(st.lists(FACE, min_size=1, max_size=12))
        before = hurt.round if hurt else None
        self._try(lambda: self.game.roll_round(faces or None))
        if before is not None and self.game.state.hurt.round != before:
            self.last_round = before

    @precondition(lambda self: self.last_round >= 4)
    @rule(who=st.sampled_from((0, 1)))
    def give_up(self, who):
        self._try(lambda: self.game.give_up((self.a, self.b)[who]))
        if self.game.state.active_hurt() is None:
            ended = self.game.state.hurt.ended
            counts = [len(c.wounds) for c in self.game.state.characters]
            assert ended is not None
            assert sum(len(s.after) for s in ended.settled) == sum(counts)

    @rule()
    def undo_and_redo(self):
        game = self.game
        before = game.state
        self._try(game.undo)
        if game.state != before:
            game.redo()
            assert game.state == before

    @rule(text=st.text(max_size=20))
    def intend(self, text):
        self._try(lambda: self.game.state_intention(self.a, text))

    @invariant()
    def bonus_dice_never_outlive_the_next_round(self):
        hurt = self.game.state.hurt
        for character in self.game.state.characters:
            for grant in character.grants:
                assert hurt is not None and hurt.active
                assert grant.round == hurt.round == self.last_round + 1

    @invariant()
    def tracks_hold_at_most_seven(self):
        for character in self.game.state.characters:
            assert all(1 <= w.level <= 7 for w in character.wounds)

    @invariant()
    def replay_gives_the_same_state(self):
        assert self.game._rebuild() == self.game.state


Fight.TestCase.settings = settings(
    max_examples=40, stateful_step_count=25, suppress_health_check=[HealthCheck.too_slow]
)
TestFight = Fight.TestCase
