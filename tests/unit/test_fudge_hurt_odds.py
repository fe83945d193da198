"""How much will Let It Hurt hurt: the exact chain against hand sums and the engine played.

The chain (``isowidgets.rules.fudge_conflict.hurt_odds``) is checked three ways:
tiny fights worked out by hand, a seeded simulation that plays the engine itself
round by round under the same policy (declare crossing, give up at the yield
level), compared within 4σ, and its refusals of hostile arguments.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest
from fudge_duel import duel, play

from isowidgets.errors import RuleError
from isowidgets.rules.fudge_conflict import FudgeGame

THREE_DF = [1, 3, 6, 7, 6, 3, 1]
"""Ways to roll −3…+3 on three Fudge dice (of 27)."""

TIE = Fraction(sum(c * c for c in THREE_DF), 27 * 27)
"""P(two plain 3dF rolls are equal): 141/729."""


# --------------------------------------------------------------------------- by hand


@pytest.mark.rule("DK-R25", "DK-R35", "DK-A05")
def test_one_hit_ends_it_when_both_give_up_at_the_first_wound() -> None:
    """Both yield at level 1: round one decides. A tie goes against Ana, who declares
    first and takes the minimum level, so Ana wins only on a higher roll."""
    game, ana, _bo = duel()
    odds = game.hurt_odds(ana, yield_at=1, opponent_yield_at=1)
    ana_wins = (1 - TIE) / 2
    assert odds.first.win == pytest.approx(float(ana_wins), abs=1e-12)
    assert odds.second.win == pytest.approx(float(1 - ana_wins), abs=1e-12)
    assert odds.first.yields == pytest.approx(float(1 - ana_wins), abs=1e-12)
    assert odds.first.defeat == 0 and odds.second.defeat == 0
    assert odds.rounds == pytest.approx(1.0, abs=1e-12)
    assert odds.first.wounds == pytest.approx(float(1 - ana_wins), abs=1e-12)
    assert odds.first.wounds + odds.second.wounds == pytest.approx(1.0, abs=1e-12)


@pytest.mark.rule("DK-A05")
def test_ties_that_do_nothing_are_rounds_played_again() -> None:
    """With ``lih_tie_rule = "no_effect"`` a tie is a round lost to nobody: the chain's
    self-loop. Equal sides then win half each, after 1 / (1 − P(tie)) rounds."""
    game, ana, _bo = duel(lih_tie_rule="no_effect")
    odds = game.hurt_odds(ana, yield_at=1, opponent_yield_at=1)
    assert odds.first.win == pytest.approx(0.5, abs=1e-12)
    assert odds.rounds == pytest.approx(float(1 / (1 - TIE)), abs=1e-12)


@pytest.mark.rule("DK-R35", "DK-A20")
def test_a_side_already_past_its_yield_level_gives_up_before_any_roll() -> None:
    game, ana, _bo = duel(damage_outside_lih=True)
    game.mark_wound(ana, 3, "kraft")
    odds = game.hurt_odds(ana, yield_at=3)
    assert (odds.first.yields, odds.second.win, odds.rounds) == (1.0, 1.0, 0.0)


@pytest.mark.rule("DK-R29")
def test_the_conflicts_winner_carries_its_margin_into_round_one() -> None:
    """Bo won the conflict by 2, so Bo rolls two bonus dice in round one (DK-E07): Ana's
    chance falls against the same fight started from a tie."""
    even, ana, _ = duel()
    behind, ana2, _ = duel(faces=("0 0 0", "+ + 0"))
    written = len(behind.journal)
    assert behind.hurt_odds(ana2).first.win < even.hurt_odds(ana).first.win
    assert len(behind.journal) == written  # the let_it_hurt it ran was a scratch copy
    assert behind.state.active_hurt() is None


@pytest.mark.rule("DK-R33", "DK-A01")
def test_a_maimed_side_with_an_empty_pool_cannot_act_and_gives_up() -> None:
    """Pool points keep a maimed side fighting (DK-A01): with none, reaching level 6 is
    giving up; with points to spare, some of those fights go on to a defeat."""
    game, ana, _ = duel()
    broke = game.hurt_odds(ana)
    assert broke.first.defeat == 0 and broke.second.defeat == 0
    rich, ana2, _ = duel(pools=(1, 1))
    paid = rich.hurt_odds(ana2)
    assert paid.first.defeat > 0.05 and paid.second.defeat > 0.05
    assert paid.first.win + paid.second.win == pytest.approx(1.0, abs=1e-12)
    deep, ana3, _ = duel(pools=(16, 16))
    endless, ana4, _ = duel(pools=(1000, 1000))  # never counted point by point
    assert deep.hurt_odds(ana3) == endless.hurt_odds(ana4)


# --------------------------------------------------------------------------- the engine


def _agrees(name: str, exact: float, hits: int, runs: int) -> None:
    share = hits / runs
    sigma = math.sqrt(max(exact * (1 - exact), 1e-9) / runs)
    assert abs(share - exact) <= 4 * sigma, (name, share, exact, sigma)


@pytest.mark.rule("DK-R25", "DK-R29", "DK-R32", "DK-R33", "DK-R34", "DK-R35", "DK-A05")
def test_the_chain_matches_the_engine_played_round_by_round() -> None:
    """A seeded simulation that plays the engine itself (random dice, every round
    journaled) agrees with the chain within 4σ: who wins, how, and the wounds taken.
    Bo won the conflict by one (a bonus die in round one) and is the better brawler;
    Ana gives up at level 4, Bo at level 3; scratches and cascades all play their part."""
    exact_game, ana, _bo = duel(skills=(2, 3), faces=("0 0 0", "+ 0 0"))
    odds = exact_game.hurt_odds(ana, yield_at=4, opponent_yield_at=3)
    runs = 300
    ends: Counter[str] = Counter()
    wounds = [0.0, 0.0]
    squares = [0.0, 0.0]
    for seed in range(runs):
        game, a, b = duel(seed + 1, skills=(2, 3), faces=("0 0 0", "+ 0 0"))
        end, ana_hits, bo_hits = play(game, a, b, (4, 3))
        ends[end] += 1
        for i, n in enumerate((ana_hits, bo_hits)):
            wounds[i] += n
            squares[i] += n * n
    _agrees("Ana yields", odds.first.yields, ends["ana yield"], runs)
    _agrees("Bo yields", odds.second.yields, ends["bo yield"], runs)
    assert ends["ana defeat"] == ends["bo defeat"] == 0  # both give up before level 7
    for i, side in enumerate((odds.first, odds.second)):
        mean = wounds[i] / runs
        spread = math.sqrt(max(squares[i] / runs - mean * mean, 1e-9) / runs)
        assert abs(mean - side.wounds) <= 4 * spread, (side.name, mean, side.wounds)


@pytest.mark.rule("DK-R32", "DK-R33", "DK-A01", "DK-A21")
def test_the_chain_matches_the_engine_in_a_fight_to_defeat() -> None:
    """Fighting on to level 7 with pool points to pay for acting maimed: defeats happen,
    and their share agrees with the engine's within 4σ."""
    exact_game, ana, _ = duel(skills=(3, 1), pools=(1, 1))
    odds = exact_game.hurt_odds(ana)
    runs = 150
    ends: Counter[str] = Counter()
    for seed in range(runs):
        game, a, b = duel(seed + 1000, skills=(3, 1), pools=(1, 1))
        ends[play(game, a, b, (7, 7))[0]] += 1
    _agrees("Ana defeated", odds.first.defeat, ends["ana defeat"], runs)
    _agrees("Bo defeated", odds.second.defeat, ends["bo defeat"], runs)
    _agrees("Ana yields", odds.first.yields, ends["ana yield"], runs)


# --------------------------------------------------------------------------- settings


@pytest.mark.rule("DK-A04", "DK-A11")
def test_the_settings_in_force_change_the_odds() -> None:
    """The keep rule for penalty dice and stacking lasting wounds both reach the chain."""
    base, ana, _ = duel(faces=("0 0 0", "+ 0 0"))
    worst, ana2, _ = duel(faces=("0 0 0", "+ 0 0"), penalty_keep_mode="three_worst")
    assert base.hurt_odds(ana).first.win != worst.hurt_odds(ana2).first.win
    stack, ana3, _ = duel(lasting_penalties_stack=True, damage_bump="single_step")
    odds = stack.hurt_odds(ana3, yield_at=5, opponent_yield_at=5)
    assert odds.first.win + odds.second.win == pytest.approx(1.0, abs=1e-12)


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"yield_at": 0}, "yield_at"),
        ({"yield_at": 8}, "yield_at"),
        ({"yield_at": None}, "yield_at"),
        ({"opponent_yield_at": 10**30}, "opponent_yield_at"),
        ({"yield_at": "x" * 2_000_000}, "yield_at"),
        ({"who": "char-99"}, "char-99"),
        ({"who": ["char-1"]}, "who lets it hurt"),
        ({"skill": "juggling"}, "juggling"),
        ({"skill": "y" * 1_000_000}, "skill"),
        ({"ability": "luck"}, "Kraft, Fornuft or Intuition"),
        ({"equipment": ["item-9"]}, "item-9"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_hostile_arguments_are_refused_and_nothing_changes(
    kwargs: dict[str, object], words: str
) -> None:
    game, _, _ = duel()
    before = len(game.journal)
    with pytest.raises(RuleError) as caught:
        game.hurt_odds(**kwargs)  # type: ignore[arg-type]
    assert words in str(caught.value)
    assert len(str(caught.value)) < 600
    assert len(game.journal) == before
    assert game.state.active_hurt() is None


def test_there_are_no_odds_without_a_conflict_to_let_hurt() -> None:
    game = FudgeGame.new()
    with pytest.raises(RuleError, match="no conflict to let hurt"):
        game.hurt_odds()


def test_a_gm_character_cannot_be_the_one_who_lets_it_hurt() -> None:
    game, _, bo = duel()
    with pytest.raises(RuleError, match="only a player may let it hurt"):
        game.hurt_odds(bo)


def test_asking_against_the_wrong_opponent_names_the_right_one_in_words():
    game, ana, _bo = duel()
    with pytest.raises(RuleError, match="the last conflict was against Bo") as refused:
        game.hurt_odds(ana, opponent=ana)
    assert "conflict-" not in str(refused.value)


def test_a_fight_no_hit_can_change_is_refused_as_never_ending() -> None:
    """Plate of +3 on both sides with protection allowed down to 0 and hits capped at
    level 3: every hit is reduced to nothing, so the chain has no way out."""
    game, ana, bo = duel(protection_floor=0, success_level_max=3)
    plates = [game.add_item(who, "Plate", [("protection", 3)]) for who in (ana, bo)]
    before = len(game.journal)
    with pytest.raises(RuleError, match="it never ends"):
        game.hurt_odds(equipment=plates[:1], opponent_equipment=plates[1:])
    assert len(game.journal) == before
    # One side without its plate can be hurt again: the same fight then has odds.
    odds = game.hurt_odds(equipment=plates[:1])
    assert odds.first.win == pytest.approx(1.0)


def test_a_fight_past_the_state_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from isowidgets.rules.fudge_conflict import hurt_odds as module

    game, _, _ = duel(pools=(5, 5))
    full = game.hurt_odds()
    monkeypatch.setattr(module, "MAX_STATES", full.states // 2)
    before = len(game.journal)
    with pytest.raises(RuleError, match=f"more than {full.states // 2:,} states"):
        game.hurt_odds()
    assert len(game.journal) == before
    monkeypatch.setattr(module, "MAX_STATES", full.states)
    assert game.hurt_odds() == full
    # The cores (states without their pools, each a round worked out) have their own
    # limit, a bound on time.
    monkeypatch.setattr(module, "MAX_CORES", 100)
    with pytest.raises(RuleError, match="or 100 without their pools"):
        game.hurt_odds()
    assert len(game.journal) == before


@pytest.mark.rule("DK-A01", "DK-R33")
@pytest.mark.parametrize(
    ("rules", "pools"),
    [({"pool_scope": "table", "pool_initial": 3}, (0, 0)), ({}, (3, 2))],
    ids=["a table pool of 3", "pools of 3 and 2"],
)
def test_pools_spent_over_several_maimed_rounds_agree_with_the_engine(
    rules: dict[str, object], pools: tuple[int, int]
) -> None:
    """Fighting on to defeat with pools that pay for a few maimed rounds (each pool a
    grid of points in the chain, one table pool paying for both sides): the shares of
    defeats and of giving up for want of pay agree with the engine's within 4σ."""
    exact_game, ana, _ = duel(skills=(3, 1), pools=pools, **rules)
    odds = exact_game.hurt_odds(ana)
    assert odds.first.yields > 0.01 or odds.second.yields > 0.01  # the pools run out
    runs = 150
    ends: Counter[str] = Counter()
    for seed in range(runs):
        game, a, b = duel(seed + 2000, skills=(3, 1), pools=pools, **rules)
        ends[play(game, a, b, (7, 7))[0]] += 1
    _agrees("Ana defeated", odds.first.defeat, ends["ana defeat"], runs)
    _agrees("Bo defeated", odds.second.defeat, ends["bo defeat"], runs)
    _agrees("Ana yields", odds.first.yields, ends["ana yield"], runs)
    _agrees("Bo yields", odds.second.yields, ends["bo yield"], runs)


@pytest.mark.rule("DK-A03", "DK-A11")
def test_a_track_at_its_stack_cap_still_moves_the_fight_on() -> None:
    """Single-step bumps with stacking lasting wounds: once a track holds STACK_CAP
    wounds at levels 4–6, a new one keeps the count and drops a lower repeat. Such a
    round still goes further into the fight, and the chain solves what follows it
    first (it once took the two tracks for the same depth and solved them out of order)."""
    game, ana, _ = duel(
        skills=(3, 2),
        pools=(2, 0),
        maimed_act_cost=1,
        damage_bump="single_step",
        lasting_penalties_stack=True,
        lih_tie_rule="no_effect",
    )
    odds = game.hurt_odds(ana)
    for side in (odds.first, odds.second):
        assert side.win + side.defeat + side.yields == pytest.approx(1.0, abs=1e-9)
    assert odds.first.win == pytest.approx(odds.second.defeat + odds.second.yields, abs=1e-9)
