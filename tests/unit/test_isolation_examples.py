"""Every worked example of the Isolation text (digest ISO-E01..E10), with exact faces.

Where the text's arithmetic slipped, the test asserts the digest's corrected
value and says so (digest §5.2).
"""

from __future__ import annotations

import dataclasses

import pytest

from isowidgets.rules.isolation import IsolationSettings
from isowidgets.rules.isolation.events import LinkAdded, LinkRemoved
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.rules.isolation.odds import alone_margin
from isowidgets.rules.isolation.plan import read_second

# Faces of ISO-E01 (no modifiers, no stress).
E01 = {
    "bob": {"green": "4 3 1", "red": "5 4 3"},
    "alice": {"green": "4 2", "red": "3"},
    "eve": {"green": "3", "red": "3 5"},
}
# Faces of ISO-E02/E03 (explosion dice after the base dice, in roll order).
E02 = {
    "bob": {"green": "4 3 1 6 4", "red": "5 4 3 6 1 1 2"},
    "alice": {"green": "4 2 6 2", "red": "3"},
    "eve": {"green": "3", "red": "3 5 4"},
}
E03_GM = "5 4 3 4 1 3 4 5 6"  # eight base dice, then the 1's extra die (a 6)
E02_FACTORS = {
    "bob": {"profession": True},
    "alice": {"relevant_links": ["L1"]},  # "Flirtatious / Charming", green
    "eve": {"relevant_links": ["L5"]},  # "Jealous / Charming", red
}


def no_stress_game():
    return boarding_party(stress=None, settings=IsolationSettings(stress_start=0))


def roll_first_stage(game, faces):
    for who, pools in faces.items():
        for colour, typed in pools.items():
            game.roll(who, colour, typed)


@pytest.mark.rule("ISO-E01")
def test_e01_first_interpretation():
    """ISO-E01: Bob persuades Alice and Eve; AP_odds 1, Alice net 0 (Neutral), Eve −3."""
    game = no_stress_game()
    game.propose("bob", "board up the windows", force_roll=True)
    plan = game.plan()
    assert plan.unit("bob", "green").count == 3
    assert plan.unit("bob", "red").count == 3
    roll_first_stage(game, E01)
    first = game.conflict.first
    assert first.ap_odds == 1
    alice, eve = first.reading("alice"), first.reading("eve")
    assert (alice.evens, alice.net, alice.rolled) == (1, 0, "Neutral")
    assert alice.allowed == ("Neutral", "Hostile")
    assert (eve.evens, eve.net, eve.rolled) == (-2, -3, "Hostile")
    assert game.conflict.stance_of("eve") == "Hostile"  # forced, so chosen at once


@pytest.mark.rule("ISO-E02")
def test_e02_modifiers_corrected_arithmetic():
    """ISO-E02 with the digest's correction: Bob's red has 4 odds (the exploded 1 counts),
    so AP_odds = 1, not the text's 0; Alice's net is 2 (text: 3), Eve's −3 (text: −2)."""
    game = boarding_party(stress=2)
    game.propose("bob", "board up the windows", factors=E02_FACTORS)
    plan = game.plan()
    counts = {(u.who, u.colour): u.count for u in plan.units if u.who != "GM"}
    assert counts == {
        ("bob", "green"): 4,
        ("bob", "red"): 5,
        ("alice", "green"): 3,
        ("alice", "red"): 1,
        ("eve", "green"): 1,
        ("eve", "red"): 3,
    }
    roll_first_stage(game, E02)
    conflict = game.conflict
    assert conflict.roll_of("bob", "green").evens == 3
    assert conflict.roll_of("bob", "red").odds == 4  # the text says 3: its slip
    first = conflict.first
    assert first.ap_odds == 1  # the text says 0: its slip
    assert first.reading("alice").evens == 3
    assert first.reading("alice").net == 2  # the text says 3
    assert first.reading("alice").rolled == "Cooperative"  # unchanged: 2 is the threshold
    assert first.reading("eve").evens == -2
    assert first.reading("eve").net == -3  # the text says −2
    assert conflict.stance_of("eve") == "Hostile"


def e03_game(*, alice="Cooperative", physical=False):
    game = boarding_party(stress=2)
    game.run_conflict(
        "bob",
        "board up the windows",
        factors=E02_FACTORS,
        faces={**E02, "GM": E03_GM},
        stances={"alice": alice},
        difficulty="Hard",
        physical=physical,
    )
    return game


@pytest.mark.rule("ISO-E03")
def test_e03_second_interpretation_partial_success():
    """ISO-E03: 7 pooled evens − Eve's 2 odds = 5; GM 8 dice (3+3+2), 5 odds; margin 0."""
    game = e03_game()
    c = game.state.last_conflict
    r = c.resolution
    assert r.pooled_evens == 7
    assert r.cancelling_odds == 2
    assert r.team_evens == 5
    gm = c.roll_of("GM", "red")
    assert gm.pool.count == 8
    assert gm.odds == 5
    assert (r.margin, r.degree) == (0, "Partial Success")


@pytest.mark.rule("ISO-E03")
def test_e03_claim_eve_neutral_would_be_basic_success():
    """ISO-E03's first claim holds: with Eve Neutral, 7 − 5 = +2, a Basic Success."""
    game = e03_game()
    c = game.state.last_conflict
    state = game.state
    what_if = dataclasses.replace(c, stances=(("alice", "Cooperative"), ("eve", "Neutral")))
    r = read_second(state, what_if).resolution
    assert (r.margin, r.degree) == (2, "Basic Success")


@pytest.mark.rule("ISO-E03")
def test_e03_without_alice_is_complete_failure_not_basic_failure():
    """ISO-E03's second claim is the text's slip: with Alice Neutral and Eve Hostile,
    team = ⌊3 − 2⌋₀ = 1 and 1 − 5 = −4, a Complete Failure (the text says Basic).
    Physically threatening, that is 4 wound levels and +2 Stress."""
    game = e03_game(alice="Neutral", physical=True)
    c = game.state.conflict or game.state.last_conflict
    r = c.resolution
    assert r.team_evens == 1
    assert (r.margin, r.degree) == (-4, "Complete Failure")
    assert r.wounds == 4
    assert game.stress == 4
    # Only with Eve Neutral too is it the text's Basic Failure.
    what_if = dataclasses.replace(c, stances=(("alice", "Neutral"), ("eve", "Neutral")))
    assert read_second(game.state, what_if).resolution.margin == -2


@pytest.mark.rule("ISO-E04")
def test_e04_partial_success_changes_no_links_or_stress():
    """ISO-E04: a Partial Success is a job partly done: no temporary links, no Stress change."""
    game = e03_game()
    links_before = boarding_party(stress=2).state.links
    assert game.state.links == links_before
    assert game.stress == 2
    explanation = game.explain()
    assert explanation.degree == "Partial Success"
    assert any("margin = 5 − 5 = +0" in step for step in explanation.steps)


@pytest.mark.rule("ISO-R33", "ISO-E05")
def test_e05_temporary_link_cancellation():
    """ISO-E05 (ISO-R33): one unlabeled green plus one earned unlabeled red → both gone."""
    game = boarding_party()
    game.add_link("alice", "bob", "green")
    assert game.state.count("alice", "bob", "green", labeled=False) == 1
    added = game.add_link("alice", "bob", "red")
    assert added == []
    assert game.state.count("alice", "bob", "green", labeled=False) == 0
    assert game.state.count("alice", "bob", "red", labeled=False) == 0
    assert game.state.count("alice", "bob", "green", labeled=True) == 2  # labeled untouched


@pytest.mark.rule("ISO-R32", "ISO-R33", "ISO-E05")
def test_e05_earned_red_from_a_basic_failure_cancels_an_earned_green():
    """ISO-E05 (ISO-R32, ISO-R33) played out: a Basic Success earns Bob and Alice one
    unlabeled green; the next conflict's Basic Failure earns Alice (Neutral) one unlabeled
    red, which erases that green and is not added. Eve has no green to cancel: her red
    stays. Labeled links are never touched."""
    game = boarding_party(stress=2)
    labeled = game.state.links
    # Basic Success: team 3 + 2 evens (Alice Cooperative) − GM 3 odds = +2.
    game.run_conflict(
        "bob",
        "board up the windows",
        faces={
            "bob": {"green": "2 2 2", "red": "4 4 4 4 4"},
            "alice": {"green": "2 2", "red": "4"},
            "eve": {"green": "2", "red": "4 4"},
            "GM": "3 3 3 2 2 2",  # Easy 1 + 3 living + Stress 2 = 6 dice, 3 odds
        },
        stances={"alice": "Cooperative", "eve": "Hostile"},
        difficulty="Easy",
    )
    assert game.state.last_conflict.resolution.degree == "Basic Success"
    earned = [x for x in game.state.links_between("alice", "bob") if not x.labeled]
    assert [(x.colour, x.origin) for x in earned] == [("green", "temporary")]
    assert game.stress == 1
    # Basic Failure: Bob's 0 evens − GM 2 odds = −2; Alice and Eve stay Neutral.
    before = len(game.journal)
    game.run_conflict(
        "bob",
        "nail the cellar shut",
        faces={
            "bob": {"green": "1 3 5 3", "red": "4 4 4 4"},  # the earned green adds a die
            "alice": {"green": "1 1 1", "red": "4"},
            "eve": {"green": "1", "red": "4 4"},
            "GM": "3 3 2 2 2",  # Easy 1 + 3 living + Stress 1 = 5 dice, 2 odds
        },
        stances={"alice": "Neutral", "eve": "Neutral"},
        difficulty="Easy",
    )
    assert game.state.last_conflict.resolution.degree == "Basic Failure"
    events = [e.event for e in game.journal.entries[before:]]
    removed = [e.link for e in events if isinstance(e, LinkRemoved)]
    added = [e.link for e in events if isinstance(e, LinkAdded)]
    assert removed == earned  # the green is erased ...
    assert [(x.pair, x.colour) for x in added] == [(("bob", "eve"), "red")]  # ... no red
    assert game.state.count("alice", "bob", "green", labeled=False) == 0
    assert game.state.count("alice", "bob", "red", labeled=False) == 0
    assert game.state.count("bob", "eve", "red", labeled=False) == 1
    assert [x for x in game.state.links if x.labeled] == list(labeled)


@pytest.mark.rule("ISO-R08", "ISO-R09", "ISO-R10", "ISO-E06")
def test_e06_initial_map_judgement_cases():
    """ISO-E06 as fixtures: descriptor, bias and goal passes (ISO-R08..R10)."""
    from isowidgets.rules.isolation import IsolationGame

    game = IsolationGame.new(seed=0)
    game.add_character(
        "Ann",
        profession="Cook",
        bias="Racist",
        goal="Kill the threat",
        positive=["Compassionate", "Charming"],
        negative=["Arrogant"],
    )
    game.add_character(
        "Ben",
        profession="Cop",
        bias="None",
        goal="Capture the threat",
        positive=["Fleet of Foot", "Flirtatious"],
        negative=["Arrogant", "Blind"],
    )
    game.add_character(
        "Cy",
        profession="Clerk",
        bias="None",
        goal="Hide until rescue",
        negative=["Dull Witted"],
    )
    game.add_descriptor_link("ann", "Arrogant", "ben", "Arrogant", "red")
    game.add_descriptor_link("ann", "Compassionate", "ben", "Blind", "green")
    game.add_descriptor_link("ben", "Fleet of Foot", "cy", "Dull Witted", "red")
    game.add_descriptor_link("ann", "Charming", "ben", "Flirtatious", "green")
    racist = game.add_bias_links("ann", "cy")
    assert [game.state.link(i).label for i in racist] == ["Racist", "Racist"]
    assert all(game.state.link(i).colour == "red" for i in racist)
    opposed = game.add_goal_links("ann", "ben", "opposed")
    assert len(opposed) == 3 and all(game.state.link(i).colour == "red" for i in opposed)
    # Kill against hide: merely incompatible, so no goal links at all.
    assert not [x for x in game.state.links_between("ann", "cy") if x.origin == "goal"]
    assert game.state.count("ann", "ben", "red") == 4
    assert game.state.count("ann", "ben", "green") == 2


@pytest.mark.rule("ISO-R40", "ISO-R46", "ISO-E07")
def test_e07_injury_and_recovery():
    """ISO-E07 (ISO-R40, ISO-R46): Bob injured, loses Alice's Injured link between
    sessions, is wounded to Dying, and must clear both Dying links before Eve's Injured."""
    game = boarding_party()
    game.injure("bob", "hit by a falling beam")
    assert game.character("bob").health == "Injured"
    injured = game.state.injury_links("bob", "Injured")
    assert sorted(x.other("bob") for x in injured) == ["alice", "eve"]
    # Between sessions: Bob and Alice roll, more evens; the Injured link goes.
    game.end_session()
    alice_injured = next(x for x in injured if x.other("bob") == "alice")
    game.pair_roll("alice", "bob", green_faces="2 4", red_faces="3 6")  # 2 evens vs 1 odd
    game.choose_pair_outcome("erase_red", link_id=alice_injured.id)
    game.begin_session()
    assert game.character("bob").health == "Injured"  # Eve's Injured link remains
    game.injure("bob", "bitten")
    assert game.character("bob").health == "Dying"
    held = {
        who: sorted(x.label for x in game.state.links_between("bob", who) if x.injury_level)
        for who in ("alice", "eve")
    }
    assert held == {"alice": ["Dying"], "eve": ["Dying", "Injured"]}
    # Recovery: Eve's Injured link cannot go while a Dying link remains.
    game.end_session()
    game.pair_roll("alice", "eve")  # no links at all: 0 evens, 0 odds, a tie
    assert game.state.pair_roll is None  # a tie changes nothing
    eve_injured = game.state.injury_links("bob", "Injured")[0]
    game.pair_roll("bob", "eve", green_faces="2", red_faces="4 4 4 6")  # 1 even, 0 odds
    from isowidgets.errors import RuleError

    with pytest.raises(RuleError, match="Dying link first"):
        game.choose_pair_outcome("erase_red", link_id=eve_injured.id)
    eve_dying = next(x for x in game.state.injury_links("bob", "Dying") if x.other("bob") == "eve")
    game.choose_pair_outcome("erase_red", link_id=eve_dying.id)
    assert game.character("bob").health == "Dying"  # Alice's Dying link remains
    game.pair_roll("alice", "bob", green_faces="2 4", red_faces="3 4")
    alice_dying = game.state.injury_links("bob", "Dying")[0]
    game.choose_pair_outcome("erase_red", link_id=alice_dying.id)
    assert game.character("bob").health == "Injured"  # both Dying links gone → up one level
    game.begin_session()
    game.end_session()
    game.pair_roll("bob", "eve", green_faces="2", red_faces="4 4 4")
    game.choose_pair_outcome("erase_red", link_id=eve_injured.id)
    assert game.character("bob").health == "Healthy"
    assert game.character("bob").injury_sets == ()


@pytest.mark.rule("ISO-R41", "ISO-E08")
def test_e08_subset_persuasion_and_downgrade():
    """ISO-E08 (ISO-R41): Bob persuades only Alice: 2 green/1 red; AP_odds 0; Alice net 0;
    Eve downgrades after the GM roll and her 2 red dice's odds come off Bob's 2 evens."""
    game = no_stress_game()
    game.propose("bob", "board up the windows", mode="subset", pps=["alice"], force_roll=True)
    assert game.conflict.defaulted == ("eve",)
    plan = game.plan()
    assert (plan.unit("bob", "green").count, plan.unit("bob", "red").count) == (2, 1)
    game.roll("bob", "green", "2 4")
    game.roll("bob", "red", "4")
    game.roll("alice", "green", "1 4")
    game.roll("alice", "red", "3")
    first = game.conflict.first
    assert first.ap_odds == 0
    assert first.reading("alice").net == 0
    assert first.reading("alice").allowed == ("Neutral", "Hostile")
    game.choose_stance("alice", "Neutral")
    game.set_difficulty("Easy")
    game.roll_gm("2 2 2 4")  # 1 + 3 living + 0 stress = 4 dice, no odds
    game.downgrade("eve")
    assert game.plan().unit("eve", "red").count == 2
    game.roll("eve", "red", "3 4")
    result = game.resolve()
    assert result.pooled_evens == 2
    assert result.cancelling_odds == 1
    assert result.team_evens == 1
    assert result.margin == 1


@pytest.mark.rule("ISO-R39", "ISO-R40", "ISO-E09")
def test_e09_dying_neutral_bystander_bleeds_to_death():
    """ISO-E09 (ISO-R39): a Neutral Dying PP is wounded first by a failed physical task."""
    game = boarding_party()
    game.injure("alice", "shot", levels=2)  # Healthy → Dying: both injury sets (ISO-R40)
    assert game.character("alice").health == "Dying"
    game.run_conflict(
        "bob",
        "board up the windows",
        physical=True,
        difficulty="Average",
        faces={
            # Bob's red: 1 link + Alice's Injured and Dying links + 2 with Eve + Stress 2.
            "bob": {"green": "1 3 5", "red": "2 2 2 2 2 2 2"},
            "alice": {"green": "2 2", "red": "2 2 2"},
            "eve": {"green": "2", "red": "3 3"},
            "GM": "3 3 4 2 2 4 6",  # Average 2 + 3 living + Stress 2 = 7 dice, 2 odds
        },
        stances={"alice": "Neutral", "eve": "Neutral"},
        wounds={"bob": 1},
    )
    c = game.state.last_conflict
    assert c.resolution.degree == "Basic Failure"
    assert c.resolution.wounds == 2
    assert game.character("alice").health == "Dead"  # Dying first
    assert dict(c.wounds_dealt) == {"alice": 1, "bob": 1}


@pytest.mark.rule("ISO-R42", "ISO-E10")
@pytest.mark.parametrize(
    ("difficulty", "expected"),
    [(1, 0.480), (2, 0.480), (3, 0.482), (4, 0.483), (5, 0.484), (6, 0.485)],
)
def test_e10_going_alone_is_about_fifty_fifty(difficulty, expected):
    """ISO-E10 (ISO-R42): D green against D + 1 red, Stress 0: P(margin ≥ 0) ≈ 0.48."""
    p = alone_margin(difficulty, living=1, stress=0).at_least(0)
    assert p == pytest.approx(expected, abs=0.0006)
    # If the AP were not counted as living the text's claim would be off (0.59–0.71).
    assert alone_margin(difficulty, living=0).at_least(0) > 0.58
