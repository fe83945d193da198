"""Every system's odds questions (``Game.odds_questions``, ``Game.ask_odds``): complete
distributions over their whole grid, the engines' own answers under each setting, a
brute-force check where the dice are finite, and hostile arguments refused."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from isowidgets.contract import OddsQuestion
from isowidgets.dice import D12
from isowidgets.errors import RuleError, SettingsError
from isowidgets.rules.fudge_conflict import keep_net
from isowidgets.rules.fudge_conflict import odds as dk_odds
from isowidgets.rules.impact import odds as imp_odds
from isowidgets.rules.isolation import odds as iso_odds
from isowidgets.rules.watch_the_world_die import odds as world_odds
from isowidgets.systems import game_for

ASKED = [
    (system, name)
    for system in ("isolation", "impact", "fudge_conflict", "watch_the_world_die")
    for name in game_for(system).odds_questions
]


@pytest.mark.parametrize(("system", "name"), ASKED)
def test_each_answer_is_a_whole_distribution_over_the_questions_grid(system, name):
    game = game_for(system)
    question = game.odds_questions[name]
    assert isinstance(question, OddsQuestion) and question.label and question.size
    assert all(question.low <= size <= question.high for size in question.sizes)
    for field in question.settings:
        game.settings_type.check_name(field)  # it names settings the system has
    for size in question.sizes:
        answer = game.ask_odds(name, size)
        assert answer and all(isinstance(k, str) and 0 <= p <= 1 for k, p in answer.items())
        assert sum(answer.values()) == pytest.approx(1, abs=1e-12)


def test_the_dice_tray_asks_no_odds_question():
    tray = game_for("tray")
    assert dict(tray.odds_questions) == {}
    with pytest.raises(RuleError, match="an odds question must be one of"):
        tray.ask_odds("anything", 1)


@pytest.mark.rule("ISO-A02", "ISO-R42")
def test_isolation_alone_is_the_engines_margin_and_the_gms_exploding_ones_matter():
    game = game_for("isolation")
    exploding = game.ask_odds("alone", 3)
    expected = iso_odds.degree_chances(iso_odds.alone_margin(3))
    assert exploding == pytest.approx({str(k): v for k, v in expected.items()}, abs=1e-12)
    flat = game.ask_odds("alone", 3, {"gm_red_ones_explode": False})
    # Red 1s that do not explode give the GM fewer odds: better degrees for the player.
    assert flat["Complete Success"] > exploding["Complete Success"]
    assert flat["Complete Failure"] < exploding["Complete Failure"]


@pytest.mark.rule("ISO-A01", "ISO-R25")
def test_isolation_stance_follows_the_cooperation_thresholds():
    game = game_for("isolation")
    default = game.ask_odds("stance", 4)
    net = iso_odds.pp_net(4, 0, 3, 3)
    assert default["Cooperative"] == pytest.approx(net.at_least(2), abs=1e-12)
    assert default["Hostile"] == pytest.approx(net.at_most(-2), abs=1e-12)
    wider = game.ask_odds("stance", 4, {"cooperate_net_min": 1, "hostile_net_max": -1})
    assert wider["Cooperative"] == pytest.approx(net.at_least(1), abs=1e-12)
    assert wider["Neutral"] == pytest.approx(net[0], abs=1e-12)


@pytest.mark.rule("IMP-A01", "IMP-R08")
def test_impact_great_success_under_each_reading():
    game = game_for("impact")
    flagged = game.ask_odds("test", 1)  # the GM's call: no formula, so left out
    assert set(flagged) == {"failure", "success"}
    margin = game.ask_odds("test", 1, {"great_success_rule": "margin"})
    assert margin["great success"] == pytest.approx(imp_odds.success_chance(D12, 1, 12))
    assert margin["great success"] + margin["success"] == pytest.approx(flagged["success"])
    natural = game.ask_odds("test", 1, {"great_success_rule": "natural_max"})
    assert natural["great success"] == pytest.approx(1 / 12)
    harder = game.ask_odds("impact die", 20, {"success_target": 12})
    assert harder["success"] == pytest.approx(9 / 20)


@pytest.mark.rule("DK-A04")
@pytest.mark.parametrize("mode", ["forced_worst_then_best", "three_worst"])
@pytest.mark.parametrize("net", [-2, -1, 0, 1, 2])
def test_danish_results_match_every_face_enumerated(mode, net):
    """Brute force: every face of 3 + |net| Fudge dice, kept by the dice core's rule."""
    counts: Counter[int] = Counter()
    for faces in itertools.product((-1, 0, 1), repeat=3 + abs(net)):
        kept = keep_net(faces, net, penalty_keep=mode).values(faces)
        counts[sum(kept)] += 1
    total = 3 ** (3 + abs(net))
    expected = {f"{s:+d}": Fraction(n, total) for s, n in sorted(counts.items())}
    answer = game_for("fudge_conflict").ask_odds("result", net, {"penalty_keep_mode": mode})
    assert set(answer) == set(expected)
    for outcome, p in expected.items():
        assert answer[outcome] == pytest.approx(float(p), abs=1e-12)
    beat = game_for("fudge_conflict").ask_odds("beat", net, {"penalty_keep_mode": mode})
    wins = sum(p for outcome, p in expected.items() if int(outcome) > 0)
    assert beat["success"] == pytest.approx(float(wins), abs=1e-12)


@pytest.mark.rule("DK-A04")
def test_the_two_penalty_readings_differ_only_with_penalty_dice():
    game = game_for("fudge_conflict")
    three_worst = {"penalty_keep_mode": "three_worst"}
    assert game.ask_odds("result", 2) == game.ask_odds("result", 2, three_worst)
    assert game.ask_odds("beat", -2)["success"] > game.ask_odds("beat", -2, three_worst)["success"]
    spread = dk_odds.kept_distribution(-2, penalty_keep="three_worst")
    assert game.ask_odds("result", -2, three_worst)["-3"] == pytest.approx(float(spread[-3]))


@pytest.mark.rule("WTWD-A10")
def test_the_great_dying_comparison_adds_the_tie():
    game = game_for("watch_the_world_die")
    less = game.ask_odds("great dying", 7)["Great Dying"]
    at_most = game.ask_odds("great dying", 7, {"great_dying_comparison": "le"})["Great Dying"]
    assert less == pytest.approx(15 / 36) and at_most == pytest.approx(21 / 36)
    assert at_most - less == pytest.approx(float(world_odds.TWO_D6[7]))


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda g: g.ask_odds("no such", 1), RuleError, "must be one of 'alone'"),
        (lambda g: g.ask_odds(None, 1), RuleError, "got None"),
        (lambda g: g.ask_odds("x" * 10**6, 1), RuleError, "characters"),
        (lambda g: g.ask_odds("alone", 41), RuleError, r"the size \(difficulty\)"),
        (lambda g: g.ask_odds("alone", -1), RuleError, "difficulty"),
        (lambda g: g.ask_odds("alone", 10**100), RuleError, "difficulty"),
        (lambda g: g.ask_odds("alone", 2.5), RuleError, "difficulty"),
        (lambda g: g.ask_odds("alone", True), RuleError, "difficulty"),
        (lambda g: g.ask_odds("alone", None), RuleError, "difficulty"),
        (lambda g: g.ask_odds("alone", 2, "defaults"), SettingsError, "need IsolationSettings"),
        (
            lambda g: g.ask_odds("alone", 2, game_for("impact").settings_type()),
            SettingsError,
            "got ImpactSettings",
        ),
        (lambda g: g.ask_odds("alone", 2, {"colour": "red"}), SettingsError, "no setting"),
        (lambda g: g.ask_odds("alone", 2, {3: True}), SettingsError, "no setting 3"),
        (
            lambda g: g.ask_odds("alone", 2, {"gm_red_ones_explode": "yes"}),
            SettingsError,
            "cannot be 'yes'",
        ),
        (lambda g: g.ask_odds("alone", 2, sides=6), RuleError, "sides"),
    ],
)
def test_hostile_odds_arguments_get_the_kits_error(call, error, words):
    with pytest.raises(error, match=words):
        call(game_for("isolation"))


def test_an_impact_die_that_is_not_on_the_ladder_is_refused():
    with pytest.raises(RuleError, match="an Impact Die's sides must be one of 4, 6"):
        game_for("impact").ask_odds("impact die", 7)


# ----------------------------------------------------------------- the examples' questions


@pytest.mark.rule("ISO-R23", "ISO-R25", "ISO-R29", "ISO-R31", "ISO-A01")
def test_the_boarding_party_question_is_the_whole_conflict_odds_of_the_example():
    from isowidgets.rules.isolation.conflict import compose
    from isowidgets.rules.isolation.examples import boarding_party
    from isowidgets.rules.isolation.whole import whole_conflict_odds

    game = game_for("isolation")
    state = boarding_party().state
    whole = whole_conflict_odds(state, compose(state, "bob", "Board up"), difficulty=4)
    answer = game.ask_odds("boarding party", 4)
    assert answer == pytest.approx({str(k): v for k, v in whole.degrees.items()}, abs=1e-15)
    assert list(answer) == list(iso_odds.DEGREES)
    # Easier cooperation (net ≥ 0 cooperates) can only help the team.
    easier = game.ask_odds("boarding party", 4, {"cooperate_net_min": 0})
    assert easier["Complete Failure"] < answer["Complete Failure"]
    # A harder Difficulty adds red dice to the GM's pool: failure gets likelier.
    assert game.ask_odds("boarding party", 6)["Complete Failure"] > answer["Complete Failure"]


@pytest.mark.rule("DK-R35", "DK-A05", "DK-A20")
def test_the_shootout_question_is_the_hurt_odds_of_burke_against_the_guard():
    from isowidgets.rules.fudge_conflict.examples import station
    from isowidgets.rules.fudge_conflict.hurt_odds import Fighter, hurt_odds

    game = game_for("fudge_conflict")
    played, ids = station()
    burke, guard = (played.state.character(ids[k]) for k in ("burke", "guard"))
    direct = hurt_odds(
        played.state, Fighter(burke, "shoot", "kraft", 4), Fighter(guard, "shoot", "kraft")
    )
    answer = game.ask_odds("shootout", 4)
    assert answer["Burke wins"] == pytest.approx(direct.first.win, abs=1e-15)
    assert answer["Burke is defeated"] == pytest.approx(direct.first.defeat, abs=1e-15)
    wins = [game.ask_odds("shootout", level)["Burke wins"] for level in range(1, 8)]
    assert wins == sorted(wins) and wins[0] < wins[-1]  # giving up later never wins less
    # Burke declares first, so he loses ties by default (DK-A05); without that he wins more.
    even = game.ask_odds("shootout", 4, {"lih_tie_rule": "no_effect"})
    assert even["Burke wins"] > answer["Burke wins"]


@pytest.mark.rule("WTWD-R15", "WTWD-R17", "WTWD-A10", "WTWD-A18")
def test_the_dying_year_question_follows_a_fresh_world():
    from isowidgets.rules.watch_the_world_die import WorldGame

    world = WorldGame.new()
    world.begin(["Ana", "Ben", "Cy"], 2020)
    direct = world.dying_years(8, horizon=10)
    game = game_for("watch_the_world_die")
    answer = game.ask_odds("dying year", 8)
    assert list(answer) == [f"year {n}" for n in range(1, 11)] + ["later, or never"]
    assert [answer[f"year {n}"] for n in range(1, 11)] == pytest.approx(
        list(direct.years.values()), abs=1e-15
    )
    assert answer["later, or never"] == pytest.approx(direct.later, abs=1e-15)
    # Waiting for more Pressure piles Events up before each check: the end comes sooner.
    assert game.ask_odds("dying year", 14)["year 1"] > answer["year 1"]
    # Counting a tie as a Great Dying (WTWD-A10) can only bring it sooner.
    tie = game.ask_odds("dying year", 8, {"great_dying_comparison": "le"})
    assert tie["year 1"] > answer["year 1"]
    # Three years at most (WTWD-A18): every year named, none after the third.
    short = game.ask_odds("dying year", 8, {"max_years": 3})
    assert short["year 4"] == 0 and short["year 3"] > 0


@pytest.mark.parametrize(
    ("system", "question", "size", "words"),
    [
        ("isolation", "boarding party", 0, r"the size \(difficulty\) must be"),
        ("isolation", "boarding party", 7, "difficulty"),
        ("fudge_conflict", "shootout", 8, "Burke's yield level"),
        ("fudge_conflict", "shootout", "7", "Burke's yield level"),
        ("watch_the_world_die", "dying year", 31, "the Pressure at which"),
        ("watch_the_world_die", "dying year", 10**100, "the Pressure at which"),
    ],
)
def test_the_examples_questions_refuse_sizes_out_of_their_range(system, question, size, words):
    with pytest.raises(RuleError, match=words):
        game_for(system).ask_odds(question, size)
