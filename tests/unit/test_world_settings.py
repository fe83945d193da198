"""Every Watch the World Die house rule, flipped from the digest's default: the difference shows.

Each test plays the same faces under the default and under the alternative.
"""

from __future__ import annotations

import pytest
from world_play import end_year, political, spend_all, world

from isowidgets.errors import RuleError, SettingsError
from isowidgets.rules.watch_the_world_die import WorldSettings


@pytest.mark.rule("WTWD-A01")
def test_the_first_move_cause_without_a_type_under_cause_only_if_type():
    game = world(first_move_six="cause_only_if_type")
    game.make_it_worse(6)
    rolled = game.roll_cause(6)  # still rerolled, a 6 still read as 5 ...
    assert rolled.read_as == 5 and game.pressure == 11
    event = game.create_event("Coup/Revolution/Dissolution", "Chile")
    assert not event.global_scope and not event.cause  # ... but neither global nor The Cause
    typed = world(apocalypse="Thermonuclear War", first_move_six="cause_only_if_type")
    typed.make_it_worse(6)
    assert typed.roll_cause(1).global_scope


@pytest.mark.rule("WTWD-A02")
@pytest.mark.parametrize(
    ("settings", "pressure"),
    [
        ({}, 11),
        ({"cause_reroll_pressure_value": "raw"}, 12),
        ({"cause_reroll_adds_pressure": False}, 6),
    ],
)
def test_what_the_cause_reroll_adds(settings, pressure):
    game = world(**settings)
    game.make_it_worse(6)
    game.roll_cause(6)
    assert game.pressure == pressure
    assert game.create_event("Coup/Revolution/Dissolution").pressure_added == pressure


@pytest.mark.rule("WTWD-A02")
def test_a_cause_that_does_not_chain():
    game = world(cause_reroll_chains=False)
    game.make_it_worse(6)
    game.roll_cause(1)
    game.create_event("Extreme Heat/Drought")
    assert game.turn is None and game.events_this_year == 1


@pytest.mark.rule("WTWD-A03")
def test_the_player_picks_the_chained_type_from_the_set():
    game = world(chain_type_source="player_choice")
    game.make_it_worse(1)
    game.create_event("Extreme Heat/Drought", "Spain")
    game.roll_chain(2)  # any of {1, 2, 3, 4}
    assert list(game.event_options()) == [1, 2, 3, 4]
    assert game.pressure == 3  # the face is still what is added
    by_entry = game.create_event("Power Grid", "Spain")  # only Infrastructure lists it
    assert by_entry.type == 4
    game.roll_chain(3)
    with pytest.raises(RuleError, match="event_type="):
        game.create_event("Spreading", "Spain")
    chosen = game.create_event("Famine/Starvation", "Spain", event_type=3)
    assert chosen.type == 3
    game.roll_chain(4)
    with pytest.raises(RuleError, match="event_type must be one of 3, 4, 5"):
        game.create_event("Power Grid", "Spain", event_type=1)


@pytest.mark.rule("WTWD-A04")
def test_a_failed_chain_roll_that_adds_its_face():
    game = world(failed_chain_adds_pressure=True)
    game.make_it_worse(2)
    game.create_event("Natural Disaster", "Peru")
    game.roll_chain(6)
    assert game.pressure == 8 and game.events_this_year == 1


@pytest.mark.rule("WTWD-A05")
def test_escalating_a_chaining_event_chains_as_its_target():
    game = world(escalation_chains_as_target=True)
    game.make_it_worse(3)
    game.create_event("Famine/Starvation", "Yemen")
    game.roll_chain(1)
    game.make_it_worse(6)
    game.create_event("Spreading", "Oman", target="event-1")
    assert game.turn.phase == "chain"
    rolled = game.roll_chain(4)
    assert rolled.chain_set == (3, 4, 5) and rolled.chained


@pytest.mark.rule("WTWD-A06")
def test_a_house_cap_on_chain_length_ends_the_chain_without_a_roll():
    game = world(max_chain_length=1)
    game.make_it_worse(3)
    game.create_event("Famine/Starvation", "Yemen")
    game.roll_chain(3)
    game.create_event("Famine/Starvation", "Oman")
    assert game.turn is None and game.events_this_year == 2


@pytest.mark.rule("WTWD-A07")
@pytest.mark.parametrize(("mode", "pressure"), [("replace", 9), ("subtract_spent", 2), ("min", 6)])
def test_how_the_points_left_become_pressure(mode, pressure):
    game = world(relieve_pressure_mode=mode)
    game.make_it_worse(1)
    game.create_event("Extreme Heat/Drought", "Sahel")
    game.roll_chain(2)
    game.create_event("Natural Disaster", "Sahel")
    game.roll_chain(3)
    game.create_event("Famine/Starvation", "Sahel")
    game.roll_chain(6)
    game.relieve_it([3, 4])  # P = 6, RP = 13
    game.buy_response(4)  # 9 left
    game.finish_relief()
    assert game.pressure == pressure


@pytest.mark.rule("WTWD-A08")
def test_a_new_year_that_carries_pressure_and_steps_ten_years():
    game = world(new_year_pressure="carry", year_step=10)
    political(game)
    end_year(game)
    assert game.year == 2030 and game.pressure == 5 and game.events_this_year == 0
    assert [s.action for s in game.next_steps()][:2] == ["make_it_worse", "relieve_it"]


@pytest.mark.rule("WTWD-A09")
def test_chained_events_that_do_not_count_towards_e():
    game = world(count_chained_events=False)
    game.make_it_worse(3)
    game.create_event("Famine/Starvation", "Yemen")
    game.roll_chain(4)
    game.create_event("Power Grid", "Yemen")
    game.roll_chain(6)
    assert game.events_this_year == 1 and len(game.state.events) == 2


@pytest.mark.rule("WTWD-A10")
def test_a_tie_brings_the_great_dying_under_le():
    game = world(great_dying_comparison="le")
    for _ in range(4):
        political(game)
    assert game.great_dying_chance() == pytest.approx(6 / 36)
    end_year(game, [1, 3])
    assert game.state.over == "great_dying"


@pytest.mark.rule("WTWD-A11")
def test_no_response_twice_in_a_turn():
    game = world(allow_duplicate_responses=False)
    political(game)
    game.relieve_it([1, 1])
    game.buy_response(3)
    assert 3 not in [r.cost for r in game.affordable()]
    with pytest.raises(RuleError, match="bought already"):
        game.buy_response(3)
    spend_all(game)
    assert game.turn.phase == "year_end"


@pytest.mark.rule("WTWD-A12")
def test_no_event_twice_while_its_list_has_unused_ones():
    game = world(allow_duplicate_events=False)
    political(game)
    game.make_it_worse(5)
    assert "Bribery/Scandal/Corruption" not in game.event_options()[5]
    with pytest.raises(RuleError, match="used already"):
        game.create_event("Bribery/Scandal/Corruption", "Ruritania")


@pytest.mark.rule("WTWD-A14")
def test_the_event_mode_roll_can_be_switched_off():
    game = world(event_mode_enabled=False)
    game.make_it_worse(5)
    assert "roll_mode" not in {s.action for s in game.next_steps()}
    with pytest.raises(RuleError, match="event_mode_enabled"):
        game.roll_mode(1)


@pytest.mark.rule("WTWD-A01", "WTWD-A18")
def test_every_setting_has_the_digest_default_and_a_reference():
    rows = {row["setting"]: row for row in WorldSettings.describe()}
    assert rows["first_move_six"]["default"] == "cause_reroll_global"
    assert rows["relieve_pressure_mode"]["default"] == "replace"
    assert rows["max_chain_length"]["default"] is None and rows["max_years"]["default"] is None
    assert all(row["ref"].startswith("WTWD-A") for row in rows.values())
    with pytest.raises(SettingsError):
        WorldSettings(year_step=0)
    assert WorldSettings.from_toml(WorldSettings(year_step=5).to_toml()).year_step == 5
