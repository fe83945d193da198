"""What an Isolation session writes to its journal, and what replays from it.

Every committed event reads back from its own line, and an event that would not
is refused before anything is written; a call that commits several actions
writes all of them or none. A journal edited by hand (tests edit one line of a
saved session) fails loudly on resume, or on the strict replay the test suite
runs (``tests/isolation_replay.py``: every value checked against the rules
again), naming the event, rather than drift. An event that does not fit is an
:class:`~isowidgets.errors.InconsistentEventError`, never a refusal.
"""

from __future__ import annotations

import forge
import pytest
from isolation_replay import strict_check, strict_replay

from isowidgets.errors import InconsistentEventError, JournalError, RuleError
from isowidgets.journal import Entry
from isowidgets.rules.isolation import Factors, IsolationGame, IsolationSettings
from isowidgets.rules.isolation.events import (
    ConflictResolved,
    FactorsSet,
    HealthChanged,
    StressChanged,
)
from isowidgets.rules.isolation.examples import add_boarding_party, boarding_party
from isowidgets.rules.isolation.fold import fold


def trio(stress=2, **settings):
    return boarding_party(stress=stress, settings=IsolationSettings(**settings))


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
    records = forge.records(path)
    found = [r for r in records if r["kind"] == kind]
    change(found[nth]["data"])
    copy = path.with_name(f"edited-{kind}.jsonl")
    forge.write(copy, records)  # the heads made again: what replay itself refuses is checked
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


# --------------------------------------------------------------------------- every event reads back


def test_commit_refuses_an_event_that_would_not_read_back():
    """The shell's guard: an event that does not survive its own journal line is refused
    before anything is written (pydantic does not re-check dataclass values)."""
    game = trio()
    game.propose("bob", "x")
    before = snapshot(game)
    bad = FactorsSet(factors=Factors(None, extra_red=2))  # type: ignore[arg-type]
    with pytest.raises(JournalError, match="cannot be journaled") as info:
        game.commit(bad)
    assert "factors.character" in str(info.value) and "Tip:" in str(info.value)
    assert snapshot(game) == before


def test_run_conflict_checks_every_action_before_writing_any(monkeypatch):
    """run_conflict writes all its actions or none, the journal guard included."""
    game = trio()
    real = IsolationGame._check_journalable

    def refuse_resolutions(*events):
        if any(isinstance(e, ConflictResolved) for e in events):
            raise JournalError("refused for the test")
        return real(*events)

    monkeypatch.setattr(IsolationGame, "_check_journalable", staticmethod(refuse_resolutions))
    before = snapshot(game)
    with pytest.raises(JournalError, match="refused for the test"):
        game.run_conflict("bob", "x", difficulty=1)
    assert snapshot(game) == before


def test_every_event_of_a_full_session_reads_back_from_its_line():
    """Each committed event, written as its journal line and read back, is the same event."""
    game = trio(stress=1)
    game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
    game.run_conflict("bob", "x", difficulty=2, factors={"alice": {"relevant_links": ["L1"]}})
    game.run_conflict("eve", "y", mode="alone", difficulty=3, downgrades=["bob"], physical=True)
    if game.conflict is not None:
        pool = game.conflict.wound_pool
        game.assign_wounds({pool[0]: game.conflict.wounds_left})
    game.kill("dan", "the threat")
    game.change_settings(stress_min=2, stress_start=2)
    game.end_session()
    game.pair_roll("alice", "bob")
    if game.state.pair_roll is not None:
        add = "add_green" if "add_green" in game.pair_outcomes() else "add_red"
        game.choose_pair_outcome(add, label="Talked all night")
    for entry in game.journal.entries:
        assert Entry.from_line(entry.to_line()).event == entry.event, entry.kind


# --------------------------------------------------------------------------- an edited journal


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
