"""When the Great Dying comes: the exact year distribution against the engine played.

``isowidgets.rules.watch_the_world_die.dying`` works out, under the relieve-at-k
policy, the chance of the Great Dying in each year. It is checked by hand on
policies whose years are simple, and against a seeded simulation that plays the
engine itself turn by turn under the same policy (within 4σ).
"""

from __future__ import annotations

import math
from collections import Counter

import pytest
from world_play import spend_all, world

from isowidgets.errors import RuleError
from isowidgets.rules.watch_the_world_die import WorldGame
from isowidgets.rules.watch_the_world_die.odds import great_dying_chance


def play_policy(game: WorldGame, relieve_at: int, years: int) -> int | None:
    """Play the engine under the policy for at most ``years`` year-end checks: Make It
    Worse below ``relieve_at`` Pressure, else Relieve It spending everything. Returns
    the number (0 = this year) of the year the Great Dying came, or ``None``."""
    checks = 0
    while game.state.over is None:
        state = game.state
        turn = state.turn
        if turn is None:
            if state.pressure >= relieve_at:
                game.relieve_it()
                spend_all(game)
                game.roll_year_end()
                if game.state.over is not None:
                    return checks if game.state.over == "great_dying" else None
                checks += 1
                if checks == years:
                    return None
            else:
                game.make_it_worse()
        elif turn.phase == "cause":
            game.roll_cause()
        elif turn.phase == "event":
            options = game.event_options()
            entry = next(e for listed in options.values() for e in listed)
            target = state.events[0].id if entry in ("Spreading", "Snowballing") else None
            game.create_event(entry, "Ruritania", target=target)
        elif turn.phase == "chain":
            game.roll_chain()
        else:  # pragma: no cover - the policy never leaves a turn elsewhere
            raise AssertionError(f"unexpected phase {turn.phase}")
    return None


# --------------------------------------------------------------------------- by hand


@pytest.mark.rule("WTWD-R04", "WTWD-R15", "WTWD-R16")
def test_relieving_at_pressure_one_checks_the_first_worse_alone() -> None:
    """With k = 1 every year is one Make It Worse and a relief: E is that turn's Events.
    From Pressure 0 with one Event already this year and no first move left, the
    year ends with 1 + n Events, n from one Make It Worse."""
    game = world()
    game.make_it_worse(5)
    game.create_event("Bribery/Scandal/Corruption", "Ruritania")
    game.relieve_it([6, 6])
    spend_all(game)
    game.roll_year_end([6, 6])  # survives: a new year at Pressure 0
    odds = game.worse_odds()
    expected = sum(float(p * great_dying_chance(n)) for n, p in odds.events().items())
    years = game.dying_years(1)
    assert years.years[2021] == pytest.approx(expected, abs=1e-12)
    assert years.years[2022] == pytest.approx((1 - expected) * expected, abs=1e-12)


@pytest.mark.rule("WTWD-A08")
def test_carried_pressure_makes_every_later_year_safe_under_the_policy() -> None:
    """With ``new_year_pressure = "carry"`` a new year opens at Pressure ≥ k, so the
    policy relieves at once with no Events: only this year can bring the end."""
    game = world(new_year_pressure="carry")
    years = game.dying_years(8)
    assert all(p == 0 for y, p in years.years.items() if y > 2020)
    assert years.later == pytest.approx(1 - years.years[2020], abs=1e-12)


@pytest.mark.rule("WTWD-A10", "WTWD-A09", "WTWD-A18")
def test_house_rules_reach_the_distribution() -> None:
    lt = world().dying_years(10)
    le = world(great_dying_comparison="le").dying_years(10)
    assert le.by(2022) > lt.by(2022)
    few = world(count_chained_events=False).dying_years(10)
    assert few.by(2022) < lt.by(2022)
    short = world(max_years=3).dying_years(10)
    assert list(short.years) == [2020, 2021, 2022]
    assert short.later == pytest.approx(1 - short.by(2022), abs=1e-12)


def test_the_distribution_adds_up_and_reads_as_words() -> None:
    years = world().dying_years(10, horizon=200)
    assert sum(years.years.values()) + years.later + years.lost == pytest.approx(1, abs=1e-9)
    assert 0 < years.lost < 1e-12
    assert years.median() is not None and 2020 <= years.median() <= 2060
    assert "below 10" in years.policy()


# --------------------------------------------------------------------------- the engine


@pytest.mark.rule("WTWD-R04", "WTWD-R06", "WTWD-R08", "WTWD-R11", "WTWD-R12", "WTWD-R13")
@pytest.mark.rule("WTWD-R14", "WTWD-R15", "WTWD-R16")
def test_the_years_match_the_engine_played_turn_by_turn() -> None:
    """Seeded games played by the engine itself under the policy (k = 6, three year
    ends) agree with the exact chances of each year within 4σ, first move included."""
    relieve_at, years, runs = 6, 3, 200
    exact = world().dying_years(relieve_at, horizon=years)
    seen: Counter[int | None] = Counter()
    for seed in range(runs):
        seen[play_policy(world(seed=seed + 1), relieve_at, years)] += 1
    for n, year in enumerate(sorted(exact.years)):
        p = exact.years[year]
        sigma = math.sqrt(p * (1 - p) / runs)
        assert abs(seen[n] / runs - p) <= 4 * sigma, (year, seen[n] / runs, p)
    p = exact.later
    assert abs(seen[None] / runs - p) <= 4 * math.sqrt(p * (1 - p) / runs)


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"relieve_at": 0}, "relieve_at"),
        ({"relieve_at": 31}, "relieve_at"),
        ({"relieve_at": None}, "relieve_at"),
        ({"relieve_at": "9" * 100_000}, "relieve_at"),
        ({"relieve_at": 10**40}, "relieve_at"),
        ({"horizon": 0}, "horizon"),
        ({"horizon": 1.5}, "horizon"),
        ({"horizon": 10**6}, "horizon"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_hostile_arguments_are_refused_and_nothing_changes(
    kwargs: dict[str, object], words: str
) -> None:
    game = world()
    before = len(game.journal)
    with pytest.raises(RuleError) as caught:
        game.dying_years(**kwargs)  # type: ignore[arg-type]
    assert words in str(caught.value) and len(str(caught.value)) < 600
    assert len(game.journal) == before


def test_the_years_are_worked_out_between_turns_only() -> None:
    game = world()
    game.make_it_worse(1)
    with pytest.raises(RuleError, match="between turns"):
        game.dying_years(10)
    unbegun = WorldGame.new()
    with pytest.raises(RuleError, match="not begun"):
        unbegun.dying_years(10)
