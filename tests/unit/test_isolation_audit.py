"""Regression tests for the independent audit of the Isolation engine.

One section per finding; each test failed before its fix. The general guards
(every committed event reads back from its journal line; no conflict is ever
left without a next step; Stress always lies within its bounds) also run over
generated sessions in ``tests/property/test_isolation_properties.py``.
"""

from __future__ import annotations

import pytest

from isowidgets.dice import Dice
from isowidgets.errors import DiceCapError, JournalError, RuleError
from isowidgets.journal import Entry, SettingsChanged
from isowidgets.rules.isolation import GM, Factors, IsolationGame, IsolationSettings
from isowidgets.rules.isolation.events import (
    ConflictResolved,
    FactorsSet,
    StressChanged,
)
from isowidgets.rules.isolation.examples import add_boarding_party, boarding_party
from isowidgets.rules.isolation.injury import wound
from isowidgets.rules.isolation.rolling import roll_colour

SEED_WITH_A_RED_ONE = 1  # Bob rolls 2 5 1→4 3 1→4 4


def trio(stress=2, **settings):
    return boarding_party(stress=stress, settings=IsolationSettings(**settings))


def const(n: int, face: int) -> str:
    return " ".join([str(face)] * n)


def snapshot(game):
    return game.state, len(game.journal), game.dice.state()


def wound_now(game, who, times=1):
    def hurt(action):
        for _ in range(times):
            wound(action, who, "test wound")

    game.act(hurt)


def unlabeled(game, a, b):
    return game.state.count(a, b, "green", labeled=False), game.state.count(
        a, b, "red", labeled=False
    )


# --------------------------------------------------------------------------- 1: journal


@pytest.mark.parametrize("who", [None, 42, ("bob",)])
def test_factors_for_a_non_character_are_refused_and_the_journal_reopens(tmp_path, who, reopen):
    """A modifier key that is not a character id (``None`` matched the missing target)
    is a RuleError with nothing journaled, and the file still resumes."""
    path = tmp_path / "session.jsonl"
    game = add_boarding_party(IsolationGame.new(path, seed=0), stress=2)
    before = snapshot(game)
    with pytest.raises(RuleError, match="named by id") as info:
        game.propose("bob", "x", factors={who: {"extra_red": 2}})
    assert "Tip:" in str(info.value) and repr(who) in str(info.value)
    assert snapshot(game) == before
    with pytest.raises(RuleError, match="named by id"):
        game.preview("bob", "y", factors={"bob": {}, who: {}})  # refused even when empty
    game.propose("bob", "x")
    before = snapshot(game)
    with pytest.raises(RuleError, match="named by id"):
        game.set_factors(who, extra_red=2)
    assert snapshot(game) == before
    game.roll("bob", "green")
    state = game.state
    resumed_state, problems = reopen(game, path)
    assert resumed_state == state and not problems


def test_commit_refuses_an_event_that_would_not_read_back():
    """The shell's guard: an event that does not survive its own journal line is refused
    before anything is written (pydantic does not re-check dataclass values)."""
    game = trio()
    game.propose("bob", "x")
    before = snapshot(game)
    bad = FactorsSet(factors=Factors(None, extra_red=2))  # type: ignore[arg-type]
    with pytest.raises(JournalError, match="cannot be journaled") as info:
        game.commit(bad)
    assert "factors.character" in str(info.value) and "Tip:" in str(info.value)
    assert snapshot(game) == before


def test_text_the_journal_cannot_store_is_refused(tmp_path):
    """A lone surrogate cannot be written as UTF-8: a RuleError, not a UnicodeEncodeError."""
    game = add_boarding_party(IsolationGame.new(tmp_path / "s.jsonl", seed=0))
    before = snapshot(game)
    with pytest.raises(RuleError, match="not valid Unicode"):
        game.propose("bob", "board \ud800 up")
    with pytest.raises(RuleError, match="not valid Unicode"):
        game.add_link("alice", "eve", "green", "Shared \udcff a meal")
    assert snapshot(game) == before
    game.journal.close()


def test_run_conflict_checks_every_action_before_writing_any(monkeypatch):
    """run_conflict writes all its actions or none, the journal guard included."""
    game = trio()
    real = IsolationGame._check_journalable

    def refuse_resolutions(*events):
        if any(isinstance(e, ConflictResolved) for e in events):
            raise JournalError("refused for the test")
        real(*events)

    monkeypatch.setattr(IsolationGame, "_check_journalable", staticmethod(refuse_resolutions))
    before = snapshot(game)
    with pytest.raises(JournalError, match="refused for the test"):
        game.run_conflict("bob", "x", difficulty=1)
    assert snapshot(game) == before


def test_every_event_of_a_full_session_reads_back_from_its_line():
    """Each committed event, written as its journal line and read back, is the same event."""
    game = trio(stress=1)
    game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
    game.run_conflict("bob", "x", difficulty=2, factors={"alice": {"relevant_links": ["L1"]}})
    game.run_conflict("eve", "y", mode="alone", difficulty=3, downgrades=["bob"], physical=True)
    if game.conflict is not None:
        pool = game.conflict.wound_pool
        game.assign_wounds({pool[0]: game.conflict.wounds_left})
    game.kill("dan", "the threat")
    game.change_settings(stress_min=2, stress_start=2)
    game.end_session()
    game.pair_roll("alice", "bob")
    if game.state.pair_roll is not None:
        add = "add_green" if "add_green" in game.pair_outcomes() else "add_red"
        game.choose_pair_outcome(add, label="Talked all night")
    for entry in game.journal.entries:
        assert Entry.from_line(entry.to_line()).event == entry.event, entry.kind


# --------------------------------------------------------------------------- 2: death greens


@pytest.mark.rule("ISO-R44", "ISO-A24")
def test_death_greens_are_placed_only_between_conflicts():
    """Placing a death's leftover greens changes the map, so it waits for the conflict."""
    game = trio()
    game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
    game.kill("eve", "fell")  # 1 labeled green (L4) over 3 pairs: the GM places it
    assert game.state.pending_greens
    game.propose("bob", "x")
    game.roll("bob", "green")
    before = snapshot(game)
    with pytest.raises(RuleError, match="in progress") as info:
        game.place_death_greens("eve", [("alice", "bob")])
    assert "Tip:" in str(info.value)
    assert snapshot(game) == before
    game.cancel_conflict("the GM places the greens first")
    game.place_death_greens("eve", [("alice", "bob")])
    assert not game.state.pending_greens
    assert game.state.count("alice", "bob", "green", labeled=False) == 1


# --------------------------------------------------------------------------- 3: explosions, caps


@pytest.mark.rule("ISO-R21", "ISO-R22", "ISO-A04", "ISO-A05")
def test_house_explosion_limit_never_skips_required_explosions():
    """With max_explosions_per_pool set, take_explosions=False declines only optional
    explosions: red 1s always explode (ISO-R21, R22), green 6s too by default (ISO-A04)."""
    capped = trio(max_explosions_per_pool=2).state
    red = roll_colour(Dice(1), capped, "red", 300, "big", None, take_explosions=False)
    assert len(red.extras) == 2
    green = roll_colour(Dice(1), capped, "green", 300, "big", None, take_explosions=False)
    assert len(green.extras) == 2
    optional = trio(max_explosions_per_pool=2, green_explosion_optional=True).state
    declined = roll_colour(Dice(1), optional, "green", 300, "big", None, take_explosions=False)
    assert not declined.extras and any(die.declined for die in declined.dice)
    # Through the game: Bob's red pool keeps every explosion below the house limit.
    rules = IsolationSettings(max_explosions_per_pool=50)
    game = boarding_party(stress=3, settings=rules, seed=SEED_WITH_A_RED_ONE)
    game.propose("bob", "x")
    roll = game.roll("bob", "red", take_explosions=False)
    assert any(die.face == 1 for die in roll.dice)
    assert all(die.exploded for die in roll.dice if die.face == 1)


@pytest.mark.parametrize("limit", [None, 2])
def test_dice_caps_are_checked_before_any_die_is_drawn(limit):
    """A pool past the dice cap is refused before a single face is drawn (no work, no
    change to the random stream), also under a house explosion limit."""
    state = trio(max_explosions_per_pool=limit).state
    dice = Dice(1)
    before = dice.state()
    with pytest.raises(DiceCapError, match="at most 500"):
        roll_colour(dice, state, "red", 501, "big", None)
    assert dice.state() == before
    with pytest.raises(DiceCapError):
        roll_colour(dice, state, "green", 10**9, "huge", None)
    assert dice.state() == before


@pytest.mark.parametrize("limit", [None, 1])
def test_pools_past_the_dice_cap_are_refused_when_proposed(limit):
    """propose, set_factors and preview refuse a pool past the cap, naming it."""
    game = trio(max_explosions_per_pool=limit)
    before = snapshot(game)
    with pytest.raises(DiceCapError, match=r"bob's green pool would hold 3,000,003 dice") as info:
        game.propose("bob", "x", factors={"bob": {"roleplay": 3_000_000}})
    message = str(info.value)
    assert "at most 500" in message and "Limits.max_dice" in message and "Tip:" in message
    assert snapshot(game) == before
    with pytest.raises(DiceCapError, match="at most 500"):
        game.preview("bob", "x", factors={"bob": {"roleplay": 600}})
    game.propose("bob", "x")
    before = snapshot(game)
    with pytest.raises(DiceCapError, match="at most 500"):
        game.set_factors("bob", roleplay=498)  # 3 links + 498 = 501
    assert snapshot(game) == before
    game.set_factors("bob", roleplay=497)  # exactly 500 is fine
    assert game.plan().unit("bob", "green").count == 500


# --------------------------------------------------------------------------- 4: next steps


@pytest.mark.rule("ISO-A28")
def test_next_steps_offer_the_nominal_difficulty_acting_directly_alone():
    """ISO-A28: acting directly and alone, the GM sets a nominal Difficulty for the AP's
    green dice; the panel must offer it, before and after the AP's red is rolled."""
    game = trio()
    game.propose("bob", "x", mode="direct", target="eve", pps=[])
    offered = {s.action: s for s in game.next_steps()}
    assert offered["set_difficulty"].required and "nominal" in offered["set_difficulty"].label
    game.roll("bob", "red")
    assert [s.action for s in game.next_steps() if s.required] == ["set_difficulty"]
    game.set_difficulty(2)
    assert game.plan().unit("bob", "green").count == 2
    [again] = [s for s in game.next_steps() if s.action == "set_difficulty"]
    assert not again.required  # it may still change until the green dice are down
    game.roll("bob", "green")
    assert "set_difficulty" not in [s.action for s in game.next_steps()]


MODES = {
    "persuade_all": ({"mode": "persuade_all"}, ()),
    "subset with a downgrade": ({"mode": "subset", "pps": ["alice"]}, ("eve",)),
    "alone": ({"mode": "alone"}, ()),
    "alone with a volunteer": ({"mode": "alone"}, ("alice",)),
    "direct with PPs": ({"mode": "direct", "target": "eve"}, ()),
    "direct alone": ({"mode": "direct", "target": "eve", "pps": []}, ()),
    "direct alone, modifiers only": (
        {
            "mode": "direct",
            "target": "eve",
            "pps": [],
            "settings": {"direct_alone_green_dice": "modifiers_only"},
        },
        (),
    ),
    "Stress 0, subset with a downgrade": (
        {"mode": "subset", "pps": ["eve"], "stress": 0},
        ("alice",),
    ),
}


@pytest.mark.parametrize("physical", [False, True])
@pytest.mark.parametrize("case", list(MODES))
def test_every_mode_closes_by_following_next_steps_alone(case, physical):
    """A click-through panel only knows next_steps(): following it (required steps, plus
    the wanted downgrades) must close the conflict in every mode."""
    kwargs, downgrades = MODES[case]
    kwargs = dict(kwargs)
    settings = kwargs.pop("settings", {})
    stress = kwargs.pop("stress", 2)
    for seed in range(4):
        rules = IsolationSettings(**settings)
        game = boarding_party(stress=max(stress, 1), settings=rules, seed=seed)
        game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
        if stress == 0:
            game.adjust_stress(-1, "relief")
        game.propose("bob", "board up", physical=physical, **kwargs)
        for _ in range(40):
            if game.conflict is None:
                break
            steps = game.next_steps()
            assert steps, f"stuck: {game.conflict}"
            wanted = [s for s in steps if s.action == "downgrade" and s.actor in downgrades]
            step = wanted[0] if wanted else next(s for s in steps if s.required)
            if step.action == "roll":
                game.roll(step.actor, step.options[0])
            elif step.action == "choose_stance":
                game.choose_stance(step.actor, step.options[0])
            elif step.action == "set_difficulty":
                game.set_difficulty(2)
            elif step.action == "downgrade":
                game.downgrade(step.actor)
            elif step.action == "assign_wounds":
                pool, left = game.conflict.wound_pool, game.conflict.wounds_left
                split = dict.fromkeys(pool, 0)
                for i in range(left):
                    split[pool[i % len(pool)]] += 1
                game.assign_wounds(split)
            else:
                assert step.action == "resolve", step
                game.resolve()
        assert game.conflict is None and game.state.last_conflict.closed
        assert set(downgrades) <= set(game.state.last_conflict.downgraded)


# --------------------------------------------------------------------------- 5: explanation


@pytest.mark.rule("ISO-A27")
def test_explanation_of_a_lone_ap_red_follows_alone_own_red_cancels():
    """ISO-A27: the explanation says what the AP's red did, under either setting."""
    for flag, used, team in ((True, "cancels the AP's own green", 1), (False, "not used", 3)):
        game = trio(stress=2, alone_own_red_cancels=flag)
        game.run_conflict(
            "bob",
            "x",
            mode="alone",
            difficulty=3,
            faces={"bob": {"green": "2 2 2", "red": "3 3"}, GM: const(8, 4)},
        )
        explanation = game.explain()
        [red] = [p for p in explanation.pools if (p.who, p.colour) == ("bob", "red")]
        assert used in red.used and explanation.team_evens == team


# --------------------------------------------------------------------------- 6: going alone


@pytest.mark.rule("ISO-R34", "ISO-R42", "ISO-A15", "ISO-A30")
@pytest.mark.parametrize("direct", [False, True])
def test_going_alone_success_gives_bystanders_no_links(direct):
    """ISO-A30 over ISO-A15: a lone AP has no PPs, so a success links him with nobody,
    even with temp_links_include_defaulted_neutrals."""
    game = trio(stress=1, temp_links_include_defaulted_neutrals=True)
    how = {"mode": "direct", "target": "eve", "pps": []} if direct else {"mode": "alone"}
    opposition = {"eve": {"red": const(2 + 2 + 1, 4)}} if direct else {GM: const(2 + 3 + 1, 2)}
    game.run_conflict(
        "bob", "x", difficulty=2, faces={"bob": {"green": "2 2", "red": "4"}, **opposition}, **how
    )
    assert game.state.last_conflict.resolution.degree == "Basic Success"
    assert game.stress == 0  # the result did apply (ISO-R34)
    assert unlabeled(game, "alice", "bob") == (0, 0)
    assert unlabeled(game, "eve", "bob") == (0, 0)


@pytest.mark.rule("ISO-R32", "ISO-R42", "ISO-A15")
def test_going_alone_failure_links_only_the_hostile_volunteer():
    """A volunteer who turned Hostile put in red dice, so takes the failure link
    (ISO-R42 with the ISO-A15 reading); the bystander who stayed out takes none."""
    for flag in (False, True):
        game = trio(stress=1, temp_links_include_defaulted_neutrals=flag)
        game.run_conflict(
            "bob",
            "x",
            mode="alone",
            difficulty=1,
            downgrades=["eve"],
            faces={"bob": {"green": "1", "red": "4"}, GM: "3 3 2 2 2", "eve": "4 4"},
        )
        assert game.state.last_conflict.resolution.degree == "Basic Failure"
        assert unlabeled(game, "eve", "bob") == (0, 1)
        assert unlabeled(game, "alice", "bob") == (0, 0), flag


# --------------------------------------------------------------------------- 7: recovery


@pytest.mark.rule("ISO-R46", "ISO-A26")
@pytest.mark.parametrize(
    ("pair", "faces", "outcome", "link_id"),
    [
        (("alice", "bob"), ("2 2", "4"), "erase_red", "L3"),  # a descriptor red
        (("bob", "eve"), ("1", "3 3"), "erase_green", "L4"),  # more odds: a green
    ],
)
def test_recovery_is_checked_after_any_between_session_erase(pair, faces, outcome, link_id):
    """ISO-A26: Bob's last Injured link went with Dan's death; his next between-session
    erase, of any link, finds no Injured link left and he recovers (ISO-R46)."""
    game = trio()
    game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
    wound_now(game, "bob")  # Injured links with alice, eve and dan
    injured = {x.other("bob"): x.id for x in game.state.injury_links("bob", "Injured")}
    game.end_session()
    game.pair_roll("alice", "bob", green_faces="2 2", red_faces="4 4")
    game.choose_pair_outcome("erase_red", link_id=injured["alice"])
    game.pair_roll("bob", "eve", green_faces="2", red_faces="4 4 4")
    game.choose_pair_outcome("erase_red", link_id=injured["eve"])
    assert game.character("bob").health == "Injured"
    game.begin_session()
    game.kill("dan", "the threat")  # erases the last Injured link; no recovery yet
    assert game.character("bob").health == "Injured"
    assert not game.state.injury_links("bob", "Injured")
    game.end_session()
    game.pair_roll(*pair, green_faces=faces[0], red_faces=faces[1])
    game.choose_pair_outcome(outcome, link_id=link_id)
    assert game.character("bob").health == "Healthy"
    assert game.journal.entries[-1].event.reason.startswith("injury links erased")


# --------------------------------------------------------------------------- 8: stress bounds


@pytest.mark.rule("ISO-A18")
def test_new_stress_bounds_move_the_stress_level_onto_them(tmp_path, reopen):
    """ISO-A18: a settings change that leaves Stress outside the bounds moves it onto the
    nearest bound in the same action (journaled, replayed, undone together)."""
    path = tmp_path / "s.jsonl"
    game = add_boarding_party(IsolationGame.new(path, seed=0), stress=2)
    entries = game.change_settings(stress_min=3, stress_start=3)
    assert [type(e.event) for e in entries] == [SettingsChanged, StressChanged]
    event = entries[1].event
    assert (event.old, event.new, event.source, event.requested) == (2, 3, "settings", 1)
    assert "stress_min" in event.reason and game.stress == 3
    game.undo()
    assert (game.stress, game.settings.stress_min) == (2, 0)
    game.change_settings(stress_max=1)
    assert game.stress == 1
    assert game.change_settings(stress_max=4)[-1].event.kind == "settings_changed"
    assert game.stress == 1  # inside the bounds: nothing moves
    state = game.state
    assert reopen(game, path)[0] == state
