"""Exact odds of Watch the World Die against brute-force enumeration of the dice."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from world_play import political, world

from isowidgets.errors import RuleError
from isowidgets.rules.watch_the_world_die import great_dying_chance, worse_distribution
from isowidgets.rules.watch_the_world_die.odds import TWO_D6

CHAINS = {1: {1, 2, 3, 4}, 2: {2, 3, 4}, 3: {3, 4, 5}, 4: {3, 4, 5}, 5: set(), 6: set()}
"""T-WTWD-2's chain sets, written out again as the oracle's own data."""


def _enumerated(events: int, strict: bool) -> Fraction:
    hits = sum(
        1
        for a, b in itertools.product(range(1, 7), repeat=2)
        if (a + b < events if strict else a + b <= events)
    )
    return Fraction(hits, 36)


@pytest.mark.rule("WTWD-R15", "WTWD-A10")
@pytest.mark.parametrize("events", range(15))
def test_the_great_dying_chance_is_exact(events):
    assert great_dying_chance(events) == _enumerated(events, strict=True)
    assert great_dying_chance(events, "le") == _enumerated(events, strict=False)


def test_the_digest_table_of_great_dying_odds():
    table = {2: 0, 3: 1, 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 26, 10: 30, 11: 33, 12: 35, 13: 36}
    for events, in_36 in table.items():
        assert great_dying_chance(events) == Fraction(in_36, 36)
    assert sum(TWO_D6.values()) == 1


def test_the_game_shows_the_chance_for_this_years_events():
    game = world()
    for _ in range(5):
        political(game)
    assert game.great_dying_chance() == Fraction(6, 36)
    assert game.great_dying_chance(events=8) == Fraction(21, 36)
    with pytest.raises(RuleError, match="events must be in 0"):
        game.great_dying_chance(-1)


def _brute(depth: int, failed_adds: bool) -> tuple[dict[tuple[int, int], Fraction], Fraction]:
    """Every sequence of ``depth + 2`` d6 faces (a type roll, ``depth`` chaining rolls that
    chain and one that misses), played by the rules: (Pressure, Events) of the turns that
    end with at most ``depth`` chained Events, and the mass of those that go on."""
    out: dict[tuple[int, int], Fraction] = {}
    unfinished = Fraction(0)
    weight = Fraction(1, 6 ** (depth + 2))
    for faces in itertools.product(range(1, 7), repeat=depth + 2):
        kind, pressure, events = faces[0], faces[0], 1
        rolls = iter(faces[1:])
        while CHAINS[kind] and events <= depth + 1:
            face = next(rolls)
            if face not in CHAINS[kind]:
                pressure += face if failed_adds else 0
                break
            kind, pressure, events = face, pressure + face, events + 1
        if events > depth + 1:
            unfinished += weight
        else:
            out[(pressure, events)] = out.get((pressure, events), Fraction(0)) + weight
    return out, unfinished


@pytest.mark.parametrize("failed_adds", [False, True])
def test_one_make_it_worse_is_exact_against_enumeration(failed_adds):
    depth = 3  # at most 3 chained Events: a type roll and at most 4 chaining rolls
    odds = worse_distribution(failed_chain_adds_pressure=failed_adds, depth=depth)
    brute, unfinished = _brute(depth, failed_adds)
    assert dict(odds.outcomes) == brute
    assert odds.beyond == unfinished
    assert sum(odds.outcomes.values()) + odds.beyond == 1


def test_chains_end_almost_surely():
    odds = worse_distribution()
    assert odds.beyond < Fraction(1, 10**14)
    assert odds.events()[1] == Fraction(1, 6) * 2 + sum(
        Fraction(1, 6) * Fraction(6 - len(CHAINS[t]), 6) for t in (1, 2, 3, 4)
    )
    assert 5 < odds.mean_pressure() < 7
    assert min(odds.pressure()) == 1


def test_the_distribution_matches_what_the_engine_does():
    game = world()
    political(game)  # the first move is behind
    before = game.pressure
    game.make_it_worse(4)
    game.create_event("Power Grid", "Texas")
    game.roll_chain(3)
    game.create_event("Famine/Starvation", "Texas")
    game.roll_chain(2)
    assert (game.pressure - before, len(game.state.events) - 1) == (7, 2)
    assert worse_distribution().outcomes[(7, 2)] > 0


def test_the_distribution_is_what_the_engine_plays_for_every_face_sequence():
    """The engine itself as the oracle: every sequence of typed faces, played through
    WorldGame, lands exactly where ``worse_distribution`` puts its probability (a turn
    with more than ``depth`` chained Events counts as ``beyond``)."""
    depth = 0  # 36 sequences; the enumeration above goes deeper without the engine
    found: dict[tuple[int, int], Fraction] = {}
    unfinished = Fraction(0)
    weight = Fraction(1, 6 ** (depth + 2))
    template = world()
    political(template)  # past the first move; Pressure 5, one Event
    for faces in itertools.product(range(1, 7), repeat=depth + 2):
        game = world()
        political(game)
        rolls = iter(faces)
        game.make_it_worse(next(rolls))
        finished = True
        while game.turn is not None:
            if game.turn.phase == "event":
                kind = game.turn.types[0]
                entry = game.tables.entries(kind)[0]
                game.create_event(entry, "Peru", target="event-1" if kind == 6 else None)
            else:
                face = next(rolls, None)
                if face is None:
                    finished = False
                    break
                game.roll_chain(face)
        created = len(game.state.events) - 1
        if finished and created - 1 <= depth:
            key = (game.pressure - template.pressure, created)
            found[key] = found.get(key, Fraction(0)) + weight
        else:
            unfinished += weight
    odds = worse_distribution(depth=depth)
    assert found == dict(odds.outcomes)
    assert unfinished == odds.beyond


@pytest.mark.rule("WTWD-A04")
def test_the_game_gives_the_odds_of_its_own_house_rules():
    plain, harsh = world(), world(failed_chain_adds_pressure=True)
    assert plain.worse_odds() == worse_distribution(first_move=True)
    political(plain)
    political(harsh)
    assert plain.worse_odds() == worse_distribution()
    assert harsh.worse_odds().mean_pressure() > plain.worse_odds().mean_pressure()
    assert harsh.worse_odds().events() == plain.worse_odds().events()
    with pytest.raises(RuleError, match="tables must be Tables"):
        worse_distribution("tables")


def _brute_first_move(depth: int, adds: bool, raw: bool, chains: bool):
    """The opening move by enumeration: a 6 rerolls (6 read as 5) and the reroll's type
    makes the one Event, which chains as any other (or not, without ``chains``)."""
    out: dict[tuple[int, int], Fraction] = {}
    unfinished = Fraction(0)
    weight = Fraction(1, 6 ** (depth + 3))
    for faces in itertools.product(range(1, 7), repeat=depth + 3):
        rolls = iter(faces)
        kind = pressure = next(rolls)
        may_chain = True
        if kind == 6:
            again = next(rolls)
            kind = 5 if again == 6 else again
            pressure += (again if raw else kind) if adds else 0
            may_chain = chains
        events = 1
        while may_chain and CHAINS[kind] and events <= depth + 1:
            face = next(rolls)
            if face not in CHAINS[kind]:
                break
            kind, pressure, events = face, pressure + face, events + 1
        if events > depth + 1:
            unfinished += weight
        else:
            out[(pressure, events)] = out.get((pressure, events), Fraction(0)) + weight
    return out, unfinished


@pytest.mark.rule("WTWD-R11", "WTWD-A02")
@pytest.mark.parametrize(
    ("adds", "raw", "chains"),
    [(True, False, True), (True, True, True), (False, False, True), (True, False, False)],
)
def test_the_first_move_is_exact_against_enumeration(adds, raw, chains):
    odds = worse_distribution(
        depth=2,
        first_move=True,
        cause_reroll_adds_pressure=adds,
        cause_reroll_pressure_value="raw" if raw else "as_read",
        cause_reroll_chains=chains,
    )
    brute, unfinished = _brute_first_move(2, adds, raw, chains)
    assert dict(odds.outcomes) == brute and odds.beyond == unfinished


@pytest.mark.rule("WTWD-E04")
def test_a_global_political_cause_worth_eleven_is_one_opening_in_eighteen():
    odds = worse_distribution(first_move=True)
    assert odds.outcomes[(11, 1)] == Fraction(2, 36)  # 6 then 5, or 6 then 6 read as 5
    assert worse_distribution().outcomes.get((11, 1), 0) == 0  # later, 11 needs a chain
