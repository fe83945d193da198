"""Exact odds of a whole Isolation conflict (isowidgets.rules.isolation.whole).

Checked three independent ways (tests/isolation_odds_reference.py): every face
enumerated (a house limit on explosions makes that finite and exact) to 1e-12;
a seeded numpy simulation of 10^6 conflicts within 4σ; and the engine playing
typed faces to the degree the reference reading gives. Then each house rule that
moves the odds is flipped, and hostile arguments are refused.
"""

from __future__ import annotations

import dataclasses
import math

import pytest
from isolation_odds_reference import brute_force, conflict_with, read, sample

from isowidgets.errors import RuleError
from isowidgets.rules.isolation import IsolationSettings, compose
from isowidgets.rules.isolation.examples import boarding_party, full_house
from isowidgets.rules.isolation.odds import DEGREES, conflict_odds
from isowidgets.rules.isolation.whole import whole_conflict_odds

MODES = {
    "persuade_all": {},
    "subset": {"mode": "subset", "pps": ["alice"]},
    "alone": {"mode": "alone"},
    "direct": {"mode": "direct", "target": "eve", "pps": ["alice"]},
    "direct_alone": {"mode": "direct", "target": "eve", "pps": []},
}


def small(stress: int = 1, **settings: object):
    """The farmhouse with a house limit on explosions, so every face can be enumerated."""
    chosen = {"max_explosions_per_pool": 1, **settings}
    return boarding_party(stress=stress, settings=IsolationSettings(**chosen))


def conflict(state, difficulty=None, **how):
    """A composed conflict with the Difficulty the GM will set (compose refuses one before
    the stances under ISO-A12, so it is put in as the GM would)."""
    c = compose(state, "bob", "hold the door", **how)
    return c if difficulty is None else dataclasses.replace(c, difficulty=difficulty)


def assert_same(odds, degrees, stances, tol=1e-12):
    for degree in DEGREES:
        assert odds.degrees[degree] == pytest.approx(degrees[degree], abs=tol), degree
    assert set(odds.stances) == set(stances)
    for pp, chances in stances.items():
        for stance, p in chances.items():
            assert odds.stances[pp][stance] == pytest.approx(p, abs=tol), (pp, stance)


COOP = "cooperative"
CASES = [
    # (id, settings, mode, policy, declared, difficulty)
    ("persuade_all", {}, "persuade_all", "cooperative", None, 1),
    ("no_limit_at_all", {"max_explosions_per_pool": 0}, "persuade_all", "cooperative", None, 2),
    ("declared", {}, "persuade_all", "declared", {"alice": "Neutral", "eve": "Cooperative"}, 1),
    ("declared_hostile", {}, "persuade_all", "declared", {"alice": "Hostile"}, 1),
    ("subset", {}, "subset", "cooperative", None, 1),
    ("subset_downgrade", {}, "subset", "declared", {"eve": "Hostile"}, 1),
    ("alone", {}, "alone", "cooperative", None, 2),
    ("alone_volunteer", {}, "alone", "declared", {"alice": "Hostile"}, 1),
    ("alone_own_red_kept", {"alone_own_red_cancels": False}, "alone", "cooperative", None, 2),
    ("direct", {}, "direct", "cooperative", None, None),
    ("direct_no_floor", {"defender_odds_floor_zero": False}, "direct", "cooperative", None, None),
    ("direct_alone", {}, "direct_alone", "cooperative", None, 2),
    (
        "direct_alone_modifiers",
        {"direct_alone_green_dice": "modifiers_only"},
        "direct_alone",
        "cooperative",
        None,
        None,
    ),
    ("thresholds", {"cooperate_net_min": 1, "hostile_net_max": -1}, "persuade_all", COOP, None, 1),
    ("gm_no_explode", {"gm_red_ones_explode": False}, "persuade_all", "cooperative", None, 1),
    ("passive_stress", {"stress_dice_for_passive": True}, "persuade_all", "cooperative", None, 1),
    ("limit_two", {"max_explosions_per_pool": 2}, "alone", "cooperative", None, 1),
]


@pytest.mark.rule(
    "ISO-R23", "ISO-R25", "ISO-R30", "ISO-R31", "ISO-R41", "ISO-R42", "ISO-R43", "ISO-A05"
)
@pytest.mark.parametrize(
    ("settings", "mode", "policy", "declared", "difficulty"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_every_face_enumerated_gives_the_same_odds(settings, mode, policy, declared, difficulty):
    """Every mode, both policies and the settings that move the odds agree with every face
    enumerated, to 1e-12, degree by degree and stance by stance."""
    game = small(**settings)
    c = conflict(game.state, difficulty, **MODES[mode])
    odds = whole_conflict_odds(game.state, c, policy=policy, declared=declared)
    degrees, stances = brute_force(game.state, c, policy=policy, declared=declared)
    assert_same(odds, degrees, stances)
    assert sum(odds.degrees.values()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.rule("ISO-R14", "ISO-A07", "ISO-R13", "ISO-A13")
@pytest.mark.parametrize("free", [True, False])
@pytest.mark.parametrize("contributes", ["links_and_modifiers", "links_only"])
def test_free_cooperation_and_hostile_without_rolling_against_every_face(free, contributes):
    """A PP with no red link to the AP may cooperate whatever the roll (ISO-A07 flipped
    both ways); a PP Hostile without rolling puts in links and modifiers or links only."""
    game = small(no_red_links_free_cooperation=free, hostile_without_roll_contributes=contributes)
    game.add_character(
        "Gus", profession="Farmer", positive=["Hardy"], negative=["Slow"], bias="x", goal="y"
    )
    game.add_descriptor_link("gus", "Hardy", "bob", "Brave", "green")
    c = conflict(
        game.state,
        1,
        mode="subset",
        pps=["gus", "eve"],
        hostile=["eve"],
        factors={"eve": {"relevant_links": ["L5"]}},
    )
    odds = whole_conflict_odds(game.state, c)
    assert_same(odds, *brute_force(game.state, c))
    assert (odds.stances["gus"]["Cooperative"] == pytest.approx(1.0)) is free
    assert odds.stances["eve"]["Hostile"] == pytest.approx(1.0, abs=1e-12)


@pytest.mark.rule("ISO-R41", "ISO-A14")
@pytest.mark.parametrize("with_modifiers", [False, True])
def test_downgrade_dice_against_every_face(with_modifiers):
    """A declared downgrade rolls red links only, or links and modifiers (ISO-A14)."""
    game = small(downgrade_dice_include_modifiers=with_modifiers)
    factors = {"eve": {"goal_against": True}} if with_modifiers else {}
    c = conflict(game.state, 1, mode="subset", pps=["alice"], factors=factors)
    declared = {"eve": "Hostile"}
    odds = whole_conflict_odds(game.state, c, policy="declared", declared=declared)
    assert_same(odds, *brute_force(game.state, c, policy="declared", declared=declared))


SAMPLED = {
    "persuade_all": (full_house, {}, 3),
    "subset": (boarding_party, MODES["subset"], 2),
    "alone": (boarding_party, MODES["alone"], 3),
    "direct": (full_house, {"mode": "direct", "target": "eve", "pps": ["alice", "gus"]}, None),
}


@pytest.mark.slow
@pytest.mark.rule("ISO-R23", "ISO-R25", "ISO-R30", "ISO-R31", "ISO-R41", "ISO-R42", "ISO-R43")
@pytest.mark.parametrize("mode", list(SAMPLED))
def test_a_million_sampled_conflicts_within_four_sigma(mode):
    """Open-ended explosions: 10^6 seeded conflicts per mode agree with the exact odds
    within 4σ for every degree and every PP's stance."""
    make, how, difficulty = SAMPLED[mode]
    game = make(stress=2)
    c = conflict(game.state, difficulty, **how)
    odds = whole_conflict_odds(game.state, c)
    trials = 1_000_000
    degrees, stances = sample(game.state, c, trials=trials, seed=17)
    pairs = [(odds.degrees[d], degrees[d]) for d in DEGREES]
    pairs += [(odds.stances[pp][s], stances[pp][s]) for pp in stances for s in stances[pp]]
    for exact, seen in pairs:
        sigma = math.sqrt(max(exact * (1 - exact), 1e-12) / trials)
        assert abs(seen - exact) <= 4 * sigma + 1e-9, (exact, seen)


@pytest.mark.rule("ISO-E03", "ISO-E02", "ISO-R29", "ISO-R30", "ISO-R31")
def test_the_engine_plays_typed_faces_to_the_degree_the_odds_count():
    """ISO-E03's faces through the engine: Alice cooperates (the best she may), Eve is
    forced Hostile; the engine's degree is the reference reading's, which the exact
    odds match to 1e-12 above, and the exact odds give that degree a chance."""
    from test_isolation_examples import E02, E02_FACTORS, E03_GM

    game = boarding_party(stress=2)
    game.propose("bob", "board up the windows", factors=E02_FACTORS)
    c, state = game.conflict, game.state
    odds = whole_conflict_odds(state, difficulty=3)
    for who, pools in E02.items():
        for colour, faces in pools.items():
            game.roll(who, colour, faces)
    first = game.conflict.first
    for reading in first.readings:
        if game.conflict.stance_of(reading.character) is None:
            game.choose_stance(reading.character, reading.allowed[0])
    game.set_difficulty(3)  # Hard: 3 + 3 living + 2 Stress = 8 GM dice
    game.roll_gm(E03_GM)
    rolled = game.conflict
    result = game.resolve()
    counts = {
        (r.who, r.colour): (r.roll.evens if r.colour == "green" else r.roll.odds)
        for r in rolled.rolls
    }
    degree, stances = read(state, c, counts)
    assert result.degree == degree == "Partial Success"
    assert stances == {"alice": "Cooperative", "eve": "Hostile"}
    assert odds.degrees[degree] > 0.05


@pytest.mark.rule("ISO-E08", "ISO-R41")
def test_a_subset_with_a_downgrade_plays_to_the_degree_the_odds_count():
    """ISO-E08: Alice rolls net 0 and stays Neutral, Eve downgrades (declared Hostile)."""
    game = boarding_party(stress=None, settings=IsolationSettings(stress_start=0))
    game.propose("bob", "board up", mode="subset", pps=["alice"], force_roll=True)
    c, state = game.conflict, game.state
    declared = {"eve": "Hostile"}
    odds = whole_conflict_odds(state, policy="declared", declared=declared, difficulty=1)
    for who, colour, faces in (
        ("bob", "green", "2 4"),
        ("bob", "red", "4"),
        ("alice", "green", "1 4"),
        ("alice", "red", "3"),
    ):
        game.roll(who, colour, faces)
    game.choose_stance("alice", "Neutral")
    game.set_difficulty("Easy")
    game.roll_gm("2 2 2 4")
    game.downgrade("eve")
    game.roll("eve", "red", "3 4")
    result = game.resolve()
    counts = {("bob", "green"): 2, ("alice", "green"): 1, ("alice", "red"): 1, ("eve", "red"): 1}
    degree, stances = read(
        state, conflict_with(c, declared), counts, policy="declared", declared=declared
    )
    assert result.degree == degree == "Partial Success"
    assert stances == {"alice": "Neutral"}
    assert odds.degrees[degree] > 0.05


@pytest.mark.rule("ISO-R42", "ISO-A27")
def test_alone_the_whole_equals_the_per_pool_odds():
    """With no PP there is nothing to correlate: the whole equals :func:`conflict_odds`."""
    game = boarding_party(stress=2)
    c = compose(game.state, "bob", "sneak out", mode="alone", difficulty=3)
    whole = whole_conflict_odds(game.state, c)
    fixed = conflict_odds(game.state, c)
    assert whole.degrees == pytest.approx(fixed.degrees, abs=1e-12)
    assert whole.margin.to_dict() == pytest.approx(fixed.margin.to_dict(), abs=1e-13)


@pytest.mark.rule("ISO-R25")
def test_stances_declared_hostile_need_no_conditioning():
    """Hostile is always allowed, so declaring it for everyone gives the fixed-stance
    margin of :func:`conflict_odds` exactly."""
    game = full_house(stress=2)
    c = conflict(game.state, 2)
    everyone = dict.fromkeys(c.pps, "Hostile")
    whole = whole_conflict_odds(game.state, c, policy="declared", declared=everyone)
    fixed = conflict_odds(game.state, c, stances=everyone)
    assert whole.degrees == pytest.approx(fixed.degrees, abs=1e-12)
    for chances in whole.stances.values():
        assert chances["Hostile"] == pytest.approx(1.0, abs=1e-12)


@pytest.mark.rule("ISO-R25")
def test_the_cooperative_policy_is_the_teams_best_case():
    """Any declaration can only lower the team's chances, and declaring Cooperative for
    everyone is the cooperative policy itself."""
    game = full_house(stress=2)
    c = conflict(game.state, 3)
    best = whole_conflict_odds(game.state, c)
    same = whole_conflict_odds(
        game.state, c, policy="declared", declared=dict.fromkeys(c.pps, "Cooperative")
    )
    assert same.degrees == pytest.approx(best.degrees, abs=1e-15)
    for declared in ({"alice": "Neutral"}, {"gus": "Hostile", "dan": "Neutral"}):
        worse = whole_conflict_odds(game.state, c, policy="declared", declared=declared)
        assert worse.at_least("Partial Success") < best.at_least("Partial Success")


@pytest.mark.rule("ISO-A05")
def test_a_house_limit_far_away_is_open_ended():
    """A house limit no pool can reach gives the open-ended odds (to 1e-12)."""
    game = full_house(stress=2)
    c = conflict(game.state, 3)
    limited = full_house(stress=2, settings=IsolationSettings(max_explosions_per_pool=40))
    far = whole_conflict_odds(limited.state, conflict(limited.state, 3))
    assert far.degrees == pytest.approx(whole_conflict_odds(game.state, c).degrees, abs=1e-12)


@pytest.mark.rule("ISO-R37")
def test_an_automatic_success_is_certain():
    game = boarding_party(stress=None, settings=IsolationSettings(stress_start=0))
    odds = whole_conflict_odds(game.state, compose(game.state, "bob", "hold"))
    assert odds.degrees["Basic Success"] == 1.0 and odds.margin is None


# ------------------------------------------------------------------ settings, one by one

FLIPS = [
    # (setting, value, mode) where the flip must move the odds
    ("cooperate_net_min", 1, "persuade_all"),
    ("hostile_net_max", -1, "persuade_all"),
    ("gm_red_ones_explode", False, "persuade_all"),
    ("stress_dice_for_passive", True, "persuade_all"),
    ("max_explosions_per_pool", 0, "persuade_all"),
    ("living_includes_dying", False, "persuade_all"),
    ("alone_own_red_cancels", False, "alone"),
    ("direct_alone_green_dice", "modifiers_only", "direct_alone"),
    ("defender_odds_floor_zero", False, "direct"),
]


@pytest.mark.rule(
    "ISO-A01", "ISO-A02", "ISO-A03", "ISO-A05", "ISO-A11", "ISO-A27", "ISO-A28", "ISO-A29"
)
@pytest.mark.parametrize(("name", "value", "mode"), FLIPS)
def test_each_setting_that_changes_the_odds_moves_them(name, value, mode):
    """Flipping the setting moves at least one degree's chance by more than 1e-4."""

    def odds(settings):
        game = boarding_party(stress=2, settings=settings)
        if name == "living_includes_dying":
            game.injure("alice", "fell from the roof", levels=2)
        how = dict(MODES[mode])
        if name == "defender_odds_floor_zero":  # green dice that can cancel Eve's odds
            how["factors"] = {"eve": {"extra_green": 3}}
        c = conflict(game.state, 3, **how)
        return whole_conflict_odds(game.state, c).degrees

    default, flipped = odds(IsolationSettings()), odds(IsolationSettings(**{name: value}))
    assert max(abs(default[d] - flipped[d]) for d in DEGREES) > 1e-4


@pytest.mark.rule("ISO-A04", "ISO-A12")
@pytest.mark.parametrize(
    ("name", "value"), [("green_explosion_optional", True), ("difficulty_after_stances", False)]
)
def test_settings_that_leave_the_odds_alone(name, value):
    """An optional green explosion is always taken under the policy (it only helps), and
    when the Difficulty is set changes the flow, not the dice."""
    results = []
    for settings in (IsolationSettings(), IsolationSettings(**{name: value})):
        game = boarding_party(stress=2, settings=settings)
        c = conflict(game.state, 3)
        results.append(whole_conflict_odds(game.state, c).degrees)
    assert results[0] == results[1]


# ------------------------------------------------------------------ hostile arguments


def proposed():
    game = boarding_party(stress=2)
    game.propose("bob", "hold", mode="subset", pps=["alice"])
    return game


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"policy": None}, "policy"),
        ({"policy": "best"}, "policy"),
        ({"policy": "x" * 5_000_000}, "policy"),
        ({"policy": 3}, "policy"),
        ({"declared": {"alice": "Neutral"}}, "policy 'declared'"),
        ({"policy": "declared", "declared": ["alice"]}, "mapping"),
        ({"policy": "declared", "declared": "alice"}, "mapping"),
        ({"policy": "declared", "declared": {"zed": "Hostile"}}, "neither"),
        ({"policy": "declared", "declared": {"alice": "Friendly"}}, "stance"),
        ({"policy": "declared", "declared": {"alice": None}}, "stance"),
        ({"policy": "declared", "declared": {None: "Hostile"}}, "character"),
        ({"policy": "declared", "declared": {"eve": "Cooperative"}}, "defaulted"),
        ({"policy": "declared", "declared": {f"c{i}": "Hostile" for i in range(10**5)}}, "only"),
        ({"difficulty": 9}, "Difficulty"),
        ({"difficulty": "x" * 10**6}, "Difficulty"),
        ({"difficulty": None}, "Difficulty"),
        ({"conflict": "the conflict"}, "Conflict"),
    ],
)
def test_hostile_arguments_are_refused_and_change_nothing(kwargs, match):
    game = proposed()
    before, entries = game.state, len(game.journal)
    with pytest.raises(RuleError, match=match) as info:
        whole_conflict_odds(game.state, **kwargs)
    assert len(str(info.value)) < 600
    assert game.state is before and len(game.journal) == entries


def test_a_declared_hostile_pp_cannot_declare_another_stance():
    game = boarding_party(stress=2)
    c = conflict(game.state, 2, hostile=["eve"])
    with pytest.raises(RuleError, match="without rolling"):
        whole_conflict_odds(game.state, c, policy="declared", declared={"eve": "Neutral"})


def test_refused_without_a_conflict_or_a_state():
    game = boarding_party(stress=2)
    with pytest.raises(RuleError, match="no conflict"):
        whole_conflict_odds(game.state)
    with pytest.raises(RuleError, match="IsolationState"):
        whole_conflict_odds({"conflict": None})  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="degree"):
        whole_conflict_odds(game.state, conflict(game.state, 1)).at_least(
            "Win"  # type: ignore[arg-type]
        )


@pytest.mark.rule("ISO-A09")
def test_a_die_per_trait_moves_the_odds():
    """Goal and Bias served together give one green die, or two per ISO-A09."""
    results = []
    for per_trait in (False, True):
        game = boarding_party(
            stress=2, settings=IsolationSettings(goal_bias_die_per_trait=per_trait)
        )
        c = conflict(game.state, 3, factors={"bob": {"goal_for": True, "bias_for": True}})
        results.append(whole_conflict_odds(game.state, c).at_least("Partial Success"))
    assert results[1] > results[0] + 1e-4


@pytest.mark.rule("ISO-A21", "ISO-R37")
@pytest.mark.parametrize("roll_if_threat", [True, False])
def test_a_threat_at_stress_zero_rolls_or_not(roll_if_threat):
    """At Stress 0 with a threat marked, the odds are a roll's, or a certain Basic Success."""
    settings = IsolationSettings(stress_start=0, stress_zero_roll_if_threat=roll_if_threat)
    game = boarding_party(stress=None, settings=settings)
    game.set_threat(True)
    odds = whole_conflict_odds(game.state, conflict(game.state, 2))
    assert (odds.degrees["Basic Success"] < 0.5) is roll_if_threat


@pytest.mark.rule("ISO-R23", "ISO-R29")
def test_the_game_asks_the_whole_conflict_odds_and_refuses_a_bad_call_with_the_kits_error():
    from isowidgets.rules.isolation.conflict import compose
    from isowidgets.rules.isolation.examples import boarding_party

    game = boarding_party()
    proposal = compose(game.state, "bob", "Board up")
    asked = game.whole_conflict_odds(proposal, difficulty=3)
    direct = whole_conflict_odds(game.state, proposal, difficulty=3)
    assert (asked.degrees, asked.stances) == (direct.degrees, direct.stances)
    before = len(game.journal)
    for call, words in [
        (lambda: game.whole_conflict_odds(foo=1), "takes no argument 'foo'"),
        (lambda: game.whole_conflict_odds(proposal, "declared"), "too many positional"),
        (lambda: game.whole_conflict_odds(proposal, policy=None), "policy"),
        (lambda: game.whole_conflict_odds(proposal, difficulty="x" * 10**6), "Difficulty"),
    ]:
        with pytest.raises(RuleError, match=words):
            call()
    assert len(game.journal) == before
