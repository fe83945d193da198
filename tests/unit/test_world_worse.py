"""Make It Worse: the Event Type roll, Events, the Event Mode, chains and special Events."""

from __future__ import annotations

import pytest
from world_play import political, world

from isowidgets.dice import Limits
from isowidgets.errors import DiceCapError, FacesError, RuleError
from isowidgets.rules.watch_the_world_die import WorldGame


@pytest.mark.rule("WTWD-R06")
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_the_event_type_roll_adds_its_face_and_names_the_type(face):
    game = world()
    political(game)  # the first move is behind: a 6 is a plain Special Event
    before = game.pressure
    rolled = game.make_it_worse(face)
    assert rolled.read_as == face and game.pressure == before + face
    assert rolled.type_name == game.tables.event_type(face).name
    assert list(game.event_options()) == [face]


@pytest.mark.rule("WTWD-R06")
def test_a_random_type_roll_is_a_face_of_a_d6_and_journaled():
    game = world(seed=99)
    rolled = game.make_it_worse()
    assert 1 <= rolled.face <= 6 and rolled.roll.source == "random"
    assert game.pressure == rolled.face


@pytest.mark.rule("WTWD-R07")
def test_any_event_of_the_list_with_a_region_and_details():
    game = world()
    game.make_it_worse(4)
    with pytest.raises(RuleError, match="not on the Infrastructure list"):
        game.create_event("Natural Disaster", "Texas")
    with pytest.raises(RuleError, match="region must name"):
        game.create_event("Power Grid", "")
    event = game.create_event("Power Grid", "Texas", "a winter storm freezes the turbines")
    assert (event.type, event.entry, event.region) == (4, "Power Grid", "Texas")
    assert event.details == "a winter storm freezes the turbines"
    assert game.turn.phase == "chain"  # type 4 has a chain set


@pytest.mark.rule("WTWD-R07", "WTWD-A14")
def test_the_event_mode_roll_is_optional_and_adds_no_pressure():
    game = world()
    game.make_it_worse(3)
    mode = game.roll_mode(4)
    assert mode.mode == "Nature's Wrath" and game.pressure == 3
    with pytest.raises(RuleError, match="rolled already"):
        game.roll_mode(1)
    event = game.create_event("Water Shortage/Outage", "Cape Town")
    assert event.mode == "Nature's Wrath" and event.pressure_after == 3
    game.roll_chain(6)
    game.make_it_worse(5)
    assert game.create_event("Coup/Revolution/Dissolution", "Chile").mode is None  # never rolled


@pytest.mark.rule("WTWD-R08", "WTWD-A03", "WTWD-A04")
def test_a_chained_event_takes_the_type_of_its_face_and_a_miss_adds_nothing():
    game = world()
    game.make_it_worse(3)
    game.create_event("Power Shortage/Outage", "Lagos")
    chained = game.roll_chain(5)  # 5 is in Resources' set {3, 4, 5}
    assert chained.chained and chained.types == (5,) and game.pressure == 8
    assert list(game.event_options()) == [5]
    event = game.create_event("Inflation/Deflation/Bubble", "Lagos")
    assert event.type == 5 and event.chained_from == "event-1" and event.pressure_added == 5
    assert game.turn is None  # a Political Event has no chaining roll

    game.make_it_worse(2)
    game.create_event("Natural Disaster", "Peru")
    miss = game.roll_chain(1)  # 1 is not in Ecosystem's set {2, 3, 4}
    assert not miss.chained and miss.pressure_added == 0 and game.pressure == 10


@pytest.mark.rule("WTWD-R08", "WTWD-A06")
def test_a_chain_has_no_limit_but_the_engine_safety_cap_refuses_a_runaway():
    game = WorldGame.new(seed=1, limits=Limits(max_explosions=5))
    game.begin(["Ana"])
    game.make_it_worse(3)
    game.create_event("Famine/Starvation", "Yemen")
    for _ in range(5):
        game.roll_chain(3)
        game.create_event("Famine/Starvation", "Yemen")
    assert game.turn.chain == 5 and game.pressure == 18
    before = (game.journal.entries, game.state, game.dice.state())
    with pytest.raises(DiceCapError, match="safety cap"):
        game.roll_chain(3)
    assert (game.journal.entries, game.state, game.dice.state()) == before


@pytest.mark.rule("WTWD-R09", "WTWD-A05")
@pytest.mark.parametrize("face", [5, 6])
def test_types_five_and_six_make_no_chaining_roll(face):
    game = world()
    political(game, 3, "Famine/Starvation")  # a Resources Event; its chain set comes next
    game.roll_chain(6)
    game.make_it_worse(face)
    entry = "Coup/Revolution/Dissolution" if face == 5 else "Spreading"
    target = None if face == 5 else "event-1"
    game.create_event(entry, "Chile", target=target)
    assert game.turn is None
    with pytest.raises(RuleError, match="no turn is in play"):
        game.roll_chain(1)


@pytest.mark.rule("WTWD-R10", "WTWD-A05")
def test_spreading_and_snowballing_act_on_an_earlier_event():
    game = world()
    political(game, 4, "Power Grid")
    game.roll_chain(6)
    game.make_it_worse(6)
    assert game.event_options() == {6: ("Spreading", "Snowballing")}  # no Apocalypse Type
    with pytest.raises(RuleError, match="pass target="):
        game.create_event("Spreading", "Mexico")
    with pytest.raises(RuleError, match="target"):
        game.create_event("Spreading", "Mexico", target="event-9")
    spread = game.create_event("Spreading", "Mexico", target="event-1")
    assert spread.target == "event-1" and spread.region == "Mexico" and spread.type == 6
    assert game.turn is None  # escalation does not chain as its target by default
    game.make_it_worse(6)
    snowball = game.create_event("Snowballing", target="event-1")
    assert snowball.region == "Ruritania"  # stays where its target is


@pytest.mark.rule("WTWD-R11", "WTWD-R02", "WTWD-A16")
def test_the_cause_needs_an_apocalypse_type_and_is_one_choice_among_three():
    plain = world()
    political(plain)
    plain.make_it_worse(6)
    with pytest.raises(RuleError, match="only with an Apocalypse Type"):
        plain.create_event("The Cause", "Everywhere")

    game = world(apocalypse="Zombie Apocalypse")
    political(game)
    game.make_it_worse(6)
    assert game.event_options() == {6: ("Spreading", "Snowballing", "The Cause")}
    cause = game.create_event("The Cause", "Haiti", "the dead walk")
    assert cause.entry == "The Cause" and cause.type == 6
    game.make_it_worse(6)
    assert game.create_event("Snowballing", target="event-2").target == "event-2"  # A16


@pytest.mark.rule("WTWD-R11", "WTWD-A01")
def test_the_first_move_reroll_happens_without_an_apocalypse_type_too():
    game = world()
    game.make_it_worse(6)
    assert game.turn.phase == "cause"
    rolled = game.roll_cause(2)
    assert rolled.global_scope and rolled.read_as == 2 and game.pressure == 8
    event = game.create_event("Natural Disaster")
    assert event.global_scope and event.cause and event.region == ""
    assert game.turn.phase == "chain"  # an Ecosystem Cause chains (WTWD-A02)


@pytest.mark.rule("WTWD-A01")
def test_only_the_very_first_roll_is_the_first_move():
    game = world()
    game.make_it_worse(2)
    game.create_event("Natural Disaster", "Peru")
    game.roll_chain(1)
    game.make_it_worse(6)
    assert game.turn.phase == "event" and game.pressure == 8  # no reroll now


@pytest.mark.rule("WTWD-A12")
def test_the_same_event_and_region_may_be_used_again():
    game = world()
    political(game)
    political(game)
    assert [e.entry for e in game.state.events] == ["Bribery/Scandal/Corruption"] * 2


def test_typed_faces_must_be_one_face_of_a_d6():
    game = world()
    before = (game.journal.entries, game.state)
    for faces in (7, 0, [1, 2], "x"):
        with pytest.raises(FacesError):
            game.make_it_worse(faces)
    assert (game.journal.entries, game.state) == before


@pytest.mark.rule("WTWD-R08")
def test_the_chaining_roll_due_says_what_it_chains_on_with_names():
    game = world()
    game.make_it_worse(3)
    assert game.chain_set() == ()
    game.create_event("Famine/Starvation", "Yemen")
    assert game.chain_set() == (3, 4, 5)
    step = game.next_steps()[0]
    assert step.action == "roll_chain" and step.actor == "Ana"
    assert step.label == "Ana: chaining roll after Famine/Starvation (chains on 3, 4 or 5)"
    assert "event-" not in " ".join(s.label for s in game.next_steps())
