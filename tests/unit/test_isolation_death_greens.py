"""A death's leftover greens (ISO-R44, ISO-A24): the labeled greens that do not share
evenly over the surviving pairs wait for the GM to place them.

They are placed between conflicts only (placing them changes the map); what is
owed shrinks as pairs are lost (another death, or a character removed before
play) and is dropped, in words, when fewer than two survivors are left; a forged
drop does not replay.
"""

from __future__ import annotations

import pytest
from isolation_replay import strict_check

from isowidgets.errors import InconsistentEventError, RuleError
from isowidgets.rules.isolation import IsolationGame, IsolationSettings
from isowidgets.rules.isolation.events import DeathGreensDropped
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.rules.isolation.fold import fold


def trio(stress=2, **settings):
    return boarding_party(stress=stress, settings=IsolationSettings(**settings))


def snapshot(game):
    return game.state, len(game.journal), game.dice.state()


def four_with_a_death():
    """A dies with 5 labeled greens among 4 characters: 1 to each of 3 pairs, 2 owed."""
    game = IsolationGame.new(seed=1)
    for name in "ABCD":
        game.add_character(name, profession="p", bias="b", goal="g")
    for i, other in enumerate("bcdbc"):
        game.add_link("a", other, "green", f"bond {i}")
    game.kill("a", "eaten")
    assert [(p.dead, p.count) for p in game.state.pending_greens] == [("a", 2)]
    return game


# --------------------------------------------------------------------------- placing them


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


# --------------------------------------------------------------------------- what is owed


@pytest.mark.rule("ISO-R44", "ISO-A24")
def test_owed_death_greens_shrink_to_the_living_pairs():
    """After B dies only c–d is left: one green can still be placed, the other is lost."""
    game = four_with_a_death()
    entries = game.kill("b", "eaten too")
    dropped = [e.event for e in entries if isinstance(e.event, DeathGreensDropped)]
    assert [(d.dead, d.dropped, d.left) for d in dropped] == [("a", 1, 1)]
    assert [(p.dead, p.count) for p in game.state.pending_greens] == [("a", 1)]
    game.place_death_greens("a", [("c", "d")])
    assert not game.state.pending_greens
    assert not [w for w in game.warnings() if w.rule == "ISO-A24"]


@pytest.mark.rule("ISO-R44", "ISO-A24")
def test_owed_death_greens_are_lost_with_fewer_than_two_survivors():
    game = four_with_a_death()
    game.kill("b", "eaten too")
    entries = game.kill("c", "eaten as well")
    dropped = [e.event for e in entries if isinstance(e.event, DeathGreensDropped)]
    assert [(d.dropped, d.left) for d in dropped] == [(1, 0)]
    assert "fewer than two survivors" in dropped[0].describe()
    assert not game.state.pending_greens
    assert not [w for w in game.warnings() if w.rule == "ISO-A24"]


@pytest.mark.rule("ISO-A24")
def test_owed_death_greens_shrink_when_a_character_is_removed_before_play():
    game = four_with_a_death()
    assert not game.state.play_started
    game.remove_character("b")
    assert [(p.dead, p.count) for p in game.state.pending_greens] == [("a", 1)]


def test_a_forged_drop_of_owed_greens_does_not_replay():
    game = four_with_a_death()
    forged = DeathGreensDropped(dead="a", dropped=1, left=1)
    with pytest.raises(InconsistentEventError, match=r"death_greens_dropped.*allowed"):
        strict_check(game.state, forged)
    with pytest.raises(InconsistentEventError, match=r"death_greens_dropped.*allowed"):
        fold(game.state, DeathGreensDropped(dead="a", dropped=5, left=1))  # owes 2 in all
