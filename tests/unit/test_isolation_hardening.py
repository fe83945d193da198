"""Regression tests for the hardening review of the Isolation engine.

One section per finding; each test failed before its fix. Journal tests edit
one line of a saved session, as a hand edit would, and expect the replay to
fail loudly, naming the event, rather than drift.
"""

from __future__ import annotations

import json

import pytest
from isolation_replay import strict_check, strict_replay

from isowidgets.checks import MAX_TEXT
from isowidgets.errors import InconsistentEventError, JournalError, RuleError
from isowidgets.journal import SettingsChanged
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.events import DeathGreensDropped, HealthChanged, StressChanged
from isowidgets.rules.isolation.examples import add_boarding_party, boarding_party
from isowidgets.rules.isolation.fold import fold
from isowidgets.rules.isolation.odds import conflict_odds, simulate


def snapshot(game):
    return game.state, len(game.journal), game.dice.state()


def typed_first_stage(game):
    """Bob's AP_odds 1; Alice net 0 (Neutral or Hostile); Eve net −3 (Hostile, chosen
    automatically)."""
    game.propose("bob", "board up")
    game.roll("bob", "green", "4 3 1")
    game.roll("bob", "red", "5 4 3 2 2")
    game.roll("alice", "green", "4 2")
    game.roll("alice", "red", "3")
    game.roll("eve", "green", "3")
    game.roll("eve", "red", "3 5")


def saved_session(tmp_path):
    """A file-backed boarding party (Stress 2) with its first stage rolled and read."""
    path = tmp_path / "session.jsonl"
    game = add_boarding_party(IsolationGame.new(path, seed=0), stress=2)
    typed_first_stage(game)
    game.choose_stance("alice", "Neutral")
    game.journal.close()
    return path


def edited(path, kind, change, *, nth=0):
    """A copy of the journal at ``path`` with the ``nth`` event of ``kind`` changed."""
    records = [json.loads(line) for line in path.read_text().splitlines()]
    found = [r for r in records if r["kind"] == kind]
    change(found[nth]["data"])
    copy = path.with_name(f"edited-{kind}.jsonl")
    copy.write_text("".join(json.dumps(r) + "\n" for r in records))
    return copy


def refused_on_resume(path, kind):
    with pytest.raises(JournalError, match=rf"\({kind}\) does not replay: {kind}") as info:
        IsolationGame.resume(path)
    return str(info.value)


def refused_on_strict_replay(path, kind):
    """The fold checks ids and order only, so the edited file resumes; replayed with every
    value checked against the rules (as the test suite replays every session), it does not."""
    game = IsolationGame.resume(path)
    try:
        with pytest.raises(JournalError, match=rf"\({kind}\) does not replay: {kind}") as info:
            strict_replay(game)
    finally:
        game.journal.close()
    return str(info.value)


# --------------------------------------------------------------------------- 1: replay


def test_the_untouched_session_resumes(tmp_path):
    """The guard rails below refuse nothing the rules themselves journal."""
    path = saved_session(tmp_path)
    game = IsolationGame.resume(path)
    try:
        assert game.stress == 2 and game.conflict.stance_of("alice") == "Neutral"
        assert strict_replay(game) == game.state
    finally:
        game.journal.close()


def test_replay_refuses_an_edited_stress_level(tmp_path):
    """A Stress Level of −50 (the plan then showed "-47 dice") does not replay: the fold
    keeps Stress within the house-rule bounds."""
    path = edited(saved_session(tmp_path), "stress_changed", lambda d: d.update(new=-50))
    message = refused_on_resume(path, "stress_changed")
    assert "-50" in message and "outside the house-rule bounds" in message


def test_strict_replay_refuses_an_edited_starting_stress(tmp_path):
    """A starting Stress of 10**18 is past anything set_starting_stress accepts."""
    path = edited(saved_session(tmp_path), "stress_changed", lambda d: d.update(new=10**18))
    message = refused_on_strict_replay(path, "stress_changed")
    assert str(10**18) in message and "starting Stress" in message


@pytest.mark.parametrize(
    ("event", "says"),
    [
        (StressChanged(old=2, new=9, reason="x", source="gm", requested=5), "asking +5"),
        (StressChanged(old=2, new=2, reason="x", source="gm", requested=0), "a non-zero step"),
        (StressChanged(old=2, new=4, reason="x", source="gm", requested=1), "asking +1"),
        (StressChanged(old=2, new=5, reason="x", source="settings", requested=3), "allowed: 0"),
        (StressChanged(old=2, new=3, reason="x", source="result", requested=1), "as a conflict"),
    ],
)
def test_a_stress_change_moves_only_as_its_source_allows(event, says):
    game = boarding_party(stress=2)
    game.start_play()
    with pytest.raises(InconsistentEventError, match="stress_changed") as info:
        strict_check(game.state, event)
    assert says in str(info.value) and str(event.new) in str(info.value)
    assert not isinstance(info.value, RuleError)  # an event that does not fit, not a refusal


def test_an_event_that_does_not_fit_is_an_inconsistency_not_a_refusal():
    """apply's re-checks raise InconsistentEventError (a JournalError, never a RuleError),
    so a test can tell an engine bug or a forged line from a refused request; committed,
    it changes nothing, like any error."""
    game = boarding_party(stress=2)
    game.start_play()
    before = snapshot(game)
    below_floor = StressChanged(old=2, new=-1, reason="x", source="gm", requested=-3)
    with pytest.raises(InconsistentEventError, match="outside the house-rule bounds") as info:
        game.commit(below_floor)
    assert isinstance(info.value, JournalError) and not isinstance(info.value, ValueError)
    assert snapshot(game) == before


def test_a_fold_lookup_that_fails_is_an_inconsistency_naming_the_event():
    """An event naming a character who is not there: the model's lookup error is reported
    as InconsistentEventError, prefixed with the event's kind."""
    game = boarding_party(stress=2)
    stranger = HealthChanged(character_id="zed", old="Healthy", new="Injured", reason="x")
    with pytest.raises(InconsistentEventError, match=r"^health_changed: .*zed") as info:
        fold(game.state, stranger)
    assert not isinstance(info.value, RuleError)


def test_replay_refuses_a_pool_of_another_size_than_the_plan(tmp_path):
    """Bob's green pool is 3 dice by the plan; a journal line with 1 die does not replay."""

    def one_die(data):
        data["roll"]["pool"]["count"] = 1
        data["roll"]["faces"] = [2]

    message = refused_on_strict_replay(
        edited(saved_session(tmp_path), "dice_rolled", one_die), "dice_rolled"
    )
    assert "holds 1 base dice; allowed: exactly 3" in message


def test_replay_refuses_a_pool_that_explodes_otherwise(tmp_path):
    def never_explodes(data):
        data["roll"]["pool"]["explode_on"] = []

    path = edited(saved_session(tmp_path), "dice_rolled", never_explodes)
    assert "exploding on 6" in refused_on_strict_replay(path, "dice_rolled")


def test_replay_refuses_forged_stances(tmp_path):
    """A first reading that opens every stance to everyone is not what the dice read."""

    def allow_all(data):
        for reading in data["reading"]["readings"]:
            reading["allowed"] = ["Cooperative", "Neutral", "Hostile"]
            reading["rolled"] = "Cooperative"

    path = edited(saved_session(tmp_path), "stances_read", allow_all)
    message = refused_on_strict_replay(path, "stances_read")
    assert "alice net +0 → Neutral/Hostile" in message


@pytest.mark.parametrize("forge_allowed", [True, False])
def test_replay_refuses_a_stance_the_reading_does_not_allow(tmp_path, forge_allowed):
    def cooperate(data):
        data["stance"] = "Cooperative"
        if forge_allowed:
            data["allowed"] = ["Cooperative", "Neutral", "Hostile"]

    path = edited(saved_session(tmp_path), "stance_chosen", cooperate, nth=1)
    assert "allowed: Neutral or Hostile" in refused_on_strict_replay(path, "stance_chosen")


# --------------------------------------------------------------------------- 2: odds


@pytest.mark.rule("ISO-R42", "ISO-A28")
@pytest.mark.parametrize("direct", [False, True])
def test_odds_assume_the_difficulty_for_a_lone_aps_green_dice(direct):
    """Going alone (or directly and alone, ISO-A28), an assumed Difficulty also gives the
    AP his green dice: 38% Complete Failure at Hard, not 63% from 0 green dice."""
    how = {"mode": "direct", "target": "eve", "pps": []} if direct else {"mode": "alone"}
    unset = boarding_party(stress=1)
    unset.propose("bob", "sneak out", **how)
    assert unset.plan().unit("bob", "green").count == 0
    fixed = boarding_party(stress=1)
    fixed.propose("bob", "sneak out", difficulty=3, **how)
    assert fixed.plan().unit("bob", "green").count == 3
    assumed = conflict_odds(unset.state, difficulty=3)
    expected = conflict_odds(fixed.state)
    assert assumed.degrees == pytest.approx(expected.degrees)
    assert assumed.ap_odds.to_dict() == pytest.approx(expected.ap_odds.to_dict())
    if not direct:
        assert assumed.degrees["Complete Failure"] == pytest.approx(0.381, abs=0.001)
    assert simulate(unset.state, difficulty="Hard", trials=500) == simulate(fixed.state, trials=500)
    # An assumed Difficulty replaces the one set, for the green dice too.
    other = boarding_party(stress=1)
    other.propose("bob", "sneak out", difficulty=5, **how)
    assert conflict_odds(other.state, difficulty=3).degrees == pytest.approx(expected.degrees)


@pytest.mark.parametrize("difficulty", [0, 7, -1, True, 2.5, "Very Hard"])
def test_an_assumed_difficulty_is_checked(difficulty):
    game = boarding_party(stress=1)
    game.propose("bob", "sneak out", mode="alone")
    for ask in (conflict_odds, simulate):
        with pytest.raises(RuleError, match="Difficulty") as info:
            ask(game.state, difficulty=difficulty)
        assert repr(difficulty) in str(info.value) or str(difficulty) in str(info.value)


# --------------------------------------------------------------------------- 3: stress_start


@pytest.mark.rule("ISO-A19")
def test_a_new_stress_start_sets_the_stress_level_before_play(tmp_path, reopen):
    """ISO-A19: before play begins the starting Stress is the scenario's Stress Level."""
    path = tmp_path / "s.jsonl"
    game = IsolationGame.new(path, seed=0)
    entries = game.change_settings(stress_start=3)
    assert [type(e.event) for e in entries] == [SettingsChanged, StressChanged]
    event = entries[1].event
    assert (event.old, event.new, event.source) == (1, 3, "settings")
    assert "stress_start" in event.reason and game.stress == 3
    game.undo()
    assert (game.stress, game.settings.stress_start) == (1, 1)
    game.redo()
    assert game.stress == 3
    state = game.state
    assert reopen(game, path)[0] == state


@pytest.mark.rule("ISO-A19")
def test_a_new_stress_start_leaves_the_stress_level_once_play_has_begun():
    game = boarding_party(stress=2)
    assert game.change_settings(stress_start=3)[-1].event.kind == "stress_changed"
    assert game.stress == 3
    game.start_play()
    assert [e.event.kind for e in game.change_settings(stress_start=1)] == ["settings_changed"]
    assert game.stress == 3


@pytest.mark.rule("ISO-R36", "ISO-A19")
def test_other_settings_before_play_keep_the_starting_stress_chosen():
    game = boarding_party(stress=2)  # set_starting_stress(2), stress_start still 1
    game.change_settings(cooperate_net_min=3)
    assert game.stress == 2


# --------------------------------------------------------------------------- 4: typed faces


@pytest.mark.parametrize(
    ("faces", "says"),
    [
        ({"Bob": {"green": "4 4 4"}}, "'Bob', who rolls no pool"),
        ({"bob": {"green": "4 4 4"}, "alice": {"Green": "2 2"}}, "colour 'Green'"),
        ({"gm": "5 4 3"}, "'gm', who rolls no pool"),
        ({"GM": {"green": "4"}}, "colour 'green'; allowed: 'red'"),
        ({"eve": {"green": "4"}}, "colour 'green'; allowed: 'red'"),  # Hostile up front
        (["bob"], "faces must map rollers"),
    ],
)
def test_run_conflict_refuses_faces_no_pool_would_take(faces, says):
    """A misspelt roller or colour used to fall back to random dice without a word."""
    game = boarding_party(stress=2)
    before = snapshot(game)
    with pytest.raises(RuleError, match=r"allowed|must map") as info:
        game.run_conflict("bob", "board up", difficulty=3, faces=faces, hostile=["eve"])
    assert says in str(info.value)
    if isinstance(faces, dict):
        assert "bob, alice, eve, GM" in str(info.value) or "allowed: '" in str(info.value)
    assert snapshot(game) == before


def test_roll_ready_refuses_faces_no_pool_would_take():
    game = boarding_party(stress=2)
    game.propose("bob", "board up")
    before = snapshot(game)
    with pytest.raises(RuleError, match="'Alice', who rolls no pool"):
        game.roll_ready({"bob": {"green": "4 4 4"}, "Alice": {"green": "2 2"}})
    assert snapshot(game) == before


def test_faces_for_downgraders_and_volunteers_are_accepted():
    game = boarding_party(stress=2)
    game.run_conflict(
        "bob",
        "x",
        mode="subset",
        pps=["alice"],
        difficulty=3,
        downgrades=["eve"],
        faces={"eve": "2 2"},
    )
    record = next(r for r in game.state.last_conflict.rolls if r.who == "eve")
    assert record.roll.source == "typed" and record.roll.faces == (2, 2)


# --------------------------------------------------------------------------- 5: death greens


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


def test_a_forged_drop_of_owed_greens_does_not_replay():
    game = four_with_a_death()
    forged = DeathGreensDropped(dead="a", dropped=1, left=1)
    with pytest.raises(InconsistentEventError, match=r"death_greens_dropped.*allowed"):
        strict_check(game.state, forged)
    with pytest.raises(InconsistentEventError, match=r"death_greens_dropped.*allowed"):
        fold(game.state, DeathGreensDropped(dead="a", dropped=5, left=1))  # owes 2 in all


# --------------------------------------------------------------------------- 6: text length


LONG = "x" * (MAX_TEXT + 1)


@pytest.mark.parametrize(
    "act",
    [
        lambda g: g.propose("bob", LONG),
        lambda g: g.add_link("alice", "bob", "green", LONG),
        lambda g: g.add_link("alice", "bob", "green", why=LONG),
        lambda g: g.relabel_link("L1", LONG),
        lambda g: g.remove_link("L1", LONG),
        lambda g: g.adjust_stress(1, LONG),
        lambda g: g.injure("alice", LONG),
        lambda g: g.kill("alice", LONG),
        lambda g: g.edit_character("alice", goal=LONG),
        lambda g: g.edit_character("alice", positive=["Quick", LONG]),
    ],
)
def test_isolation_text_is_at_most_max_text_long(act):
    game = boarding_party(stress=2)
    before = snapshot(game)
    with pytest.raises(RuleError, match=f"{MAX_TEXT + 1} characters long; at most {MAX_TEXT}"):
        act(game)
    assert snapshot(game) == before


def test_a_cancel_reason_is_at_most_max_text_long():
    game = boarding_party(stress=2)
    game.propose("bob", "x" * MAX_TEXT)  # exactly the limit is fine
    before = snapshot(game)
    with pytest.raises(RuleError, match="at most 300"):
        game.cancel_conflict(LONG)
    assert snapshot(game) == before
    game.cancel_conflict("changed our minds")


@pytest.mark.rule("ISO-A24")
def test_owed_death_greens_shrink_when_a_character_is_removed_before_play():
    game = four_with_a_death()
    assert not game.state.play_started
    game.remove_character("b")
    assert [(p.dead, p.count) for p in game.state.pending_greens] == [("a", 1)]
