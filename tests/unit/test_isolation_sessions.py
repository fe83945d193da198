"""Sessions and the pair rolls between them (ISO-R45): a roll waiting for its outcome
never leaves the session stuck.

A pair roll waits for its outcome, and nothing moves on until it is settled. When
one of the pair dies (or, before play, leaves the map) first, neither outcome can be
carried out (a dead character takes no links, ISO-R44), so the death voids the roll
in the same action: journaled, replayed, taken back by one undo.
"""

from __future__ import annotations

import pytest
from isolation_replay import strict_replay

from isowidgets.errors import RuleError
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.events import CharacterRemoved, HealthChanged, PairOutcome


def trio(path=None) -> IsolationGame:
    """Alice, Bob and Eve; Alice and Bob share one green and one red link."""
    game = IsolationGame.new(path, seed=0)
    for name in ("Alice", "Bob", "Eve"):
        game.add_character(name, profession="p", bias="b", goal="g")
    game.add_link("alice", "bob", "green", "Old friends")
    game.add_link("alice", "bob", "red", "A debt")
    return game


def waiting_roll(game: IsolationGame) -> IsolationGame:
    """End the session; Alice and Bob roll green 3 (no even) against red 3 (one odd):
    more odds, so they must erase a labeled green or add a labeled red."""
    game.end_session()
    game.pair_roll("alice", "bob", green_faces="3", red_faces="3")
    assert game.state.pair_roll is not None and game.state.pair_roll.winner == "red"
    return game


def snapshot(game):
    return game.state, len(game.journal), game.dice.state()


@pytest.mark.rule("ISO-R45", "ISO-R44")
def test_a_death_voids_the_pair_roll_waiting_for_its_outcome(tmp_path, reopen):
    path = tmp_path / "s.jsonl"
    game = waiting_roll(trio(path))
    entries = game.kill("bob", "the cold")
    events = [e.event for e in entries]
    void = [e for e in events if isinstance(e, PairOutcome)]
    assert [(v.a, v.b, v.choice, v.why) for v in void] == [("alice", "bob", "void", "Bob died")]
    assert events.index(void[0]) > max(
        i for i, e in enumerate(events) if isinstance(e, HealthChanged)
    )  # voided once Bob is dead, in the same action
    assert void[0].describe() == "pair Alice–Bob: void (Bob died)"
    assert game.state.pair_roll is None and game.pair_outcomes() == {}
    # Nothing waits any more: the outcome is refused with the kit's error, and the
    # session moves on.
    before = snapshot(game)
    with pytest.raises(RuleError, match="no pair roll waits for an outcome"):
        game.choose_pair_outcome("add_red", label="x")
    assert snapshot(game) == before
    game.begin_session()
    assert not game.state.interlude
    state = game.state
    assert strict_replay(game) == state
    assert reopen(game, path)[0] == state


def test_undoing_the_death_brings_the_roll_back():
    game = waiting_roll(trio())
    game.kill("bob", "the cold")
    game.undo()
    pending = game.state.pair_roll
    assert pending is not None and (pending.a, pending.b) == ("alice", "bob")
    assert game.character("bob").alive
    with pytest.raises(RuleError, match="still waits for its outcome"):
        game.begin_session()
    game.choose_pair_outcome("add_red", label="Argued over the last tin")
    game.begin_session()


def test_a_death_of_someone_else_leaves_the_roll_waiting():
    game = waiting_roll(trio())
    entries = game.kill("eve", "the cold")
    assert not [e for e in entries if isinstance(e.event, PairOutcome)]
    assert game.state.pair_roll is not None
    game.choose_pair_outcome("add_red", label="Argued over the last tin")


def test_a_wound_that_kills_voids_the_roll_too():
    """A death by wounds (injure, three levels) is a death like any other (ISO-R38)."""
    game = waiting_roll(trio())
    entries = game.injure("alice", "the roof falls in", levels=3)
    assert [e.event.choice for e in entries if isinstance(e.event, PairOutcome)] == ["void"]
    assert game.state.pair_roll is None
    game.begin_session()


@pytest.mark.rule("ISO-R45", "ISO-R06")
def test_removing_a_character_before_play_voids_their_roll(tmp_path, reopen):
    path = tmp_path / "s.jsonl"
    game = waiting_roll(trio(path))
    entries = game.remove_character("bob")
    kinds = [type(e.event) for e in entries]
    assert kinds.index(PairOutcome) > kinds.index(CharacterRemoved)
    (void,) = [e.event for e in entries if isinstance(e.event, PairOutcome)]
    assert (void.choice, void.why) == ("void", "Bob left the map")
    game.begin_session()
    state = game.state
    assert strict_replay(game) == state
    assert reopen(game, path)[0] == state


def test_a_pair_roll_s_beat_gives_both_pools_to_the_pair(tmp_path) -> None:
    """The pair roll's dice are the links between the two: both pools are the pair's, in
    the beat a replay, a recap or the stream tells (not the first one's twice)."""
    from isowidgets.reel import Reel
    from isowidgets.words import render

    game = waiting_roll(trio(tmp_path / "pair.jsonl"))
    game.choose_pair_outcome("add_red", label="Argued over the last tin")
    game.journal.close()
    marks = Reel.of(tmp_path / "pair.jsonl", view="everything").beats
    [beat] = [mark.beat for mark in marks if mark.beat.kind == "pair_roll"]
    labels = [render(pool.label, "en") for pool in beat.dice]
    assert labels == ["Alice and Bob · + green", "Alice and Bob · × red"]
    assert [render(pool.label, "da") for pool in beat.dice] == [
        "Alice og Bob · + grøn",
        "Alice og Bob · × rød",
    ]


def test_the_stream_s_pair_roll_gives_both_pools_to_the_pair(tmp_path) -> None:
    """The stream board's outcome of a pair roll says the same as its beat."""
    from isowidgets.widgets.isolation.stream import isolation_outcome
    from isowidgets.words import render

    game = waiting_roll(trio(tmp_path / "pair.jsonl"))
    game.choose_pair_outcome("add_red", label="Argued over the last tin")
    outcome = isolation_outcome(game.state, list(game.journal.entries))
    assert outcome is not None
    assert [render(pool.label, "en") for pool in outcome.dice] == [
        "Alice and Bob · + green",
        "Alice and Bob · × red",
    ]
    assert render(outcome.dice[1].label, "da") == "Alice og Bob · × rød"
