"""Names, not ids, in every line a person reads of an Isolation session.

Events carry the names of the characters they mention as they were called when the
event was made, so the log, its exports, "undone: …" and a conflict's consequences
name characters; a journal written before events carried names still reads, with
ids. Pool sources, explanations, next steps and roll labels name characters too.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from isowidgets.errors import RuleError
from isowidgets.game import Game
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.events import LinkAdded, LinkRelabeled, ThreatChanged
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.rules.isolation.timeline import timeline_points
from isowidgets.widgets.toolbar import undone_text

E02_FACES = {
    "bob": {"green": "4 3 1 6 4", "red": "5 4 3 6 1 1 2"},
    "alice": {"green": "4 2 6 2", "red": "3"},
    "eve": {"green": "3", "red": "3 5 4"},
    "GM": "5 4 3 4 1 3 4 5 6",
}


def e02(game: IsolationGame) -> None:
    game.run_conflict(
        "bob",
        "board up the windows",
        factors={
            "bob": {"profession": True},
            "alice": {"relevant_links": ["L1"]},
            "eve": {"relevant_links": ["L5"]},
        },
        faces=E02_FACES,
        stances={"alice": "Cooperative"},
        difficulty="Hard",
    )


def summaries(game: Game) -> list[str]:
    return list(game.log()["summary"])


def test_the_log_names_characters_where_it_showed_ids():
    game = boarding_party(stress=2)
    e02(game)
    game.add_link("alice", "eve", "green", "Shared a thermos")
    game.relabel_link("L7", "Shared the last thermos")
    game.injure("eve", "the window gives way")
    lines = summaries(game)
    expected = [
        "conflict 1: Bob proposes “board up the windows”, persuading Alice, Eve",
        "Bob (AP) typed green [4 3 1 6→4]: 3 evens",
        "the GM typed red [5 4 3 4 1→6 3 4 5]: 5 odds",
        "Eve is Hostile",
        "Alice is Cooperative",
        "+ green labeled link “Shared a thermos” between Alice and Eve",
        "link between Alice and Eve relabeled “Shared a thermos” → “Shared the last thermos”",
        "Eve: Healthy → Injured (the window gives way)",
    ]
    for line in expected:
        assert any(s.startswith(line) for s in lines), line
    for line in lines:  # no id where a name belongs: neither a character's nor a link's
        assert " bob " not in f" {line} " and " alice " not in f" {line} ", line
        assert not re.search(r"\bL\d+\b", line), line
    stances = next(s for s in lines if s.startswith("first reading"))
    assert "Alice net +2" in stances and "Eve net -3" in stances


def test_undo_and_export_name_characters_too(tmp_path):
    game = boarding_party(stress=2)
    game.add_link("alice", "eve", "red", "Bickered over the radio")
    entries = game.undo()
    assert undone_text(game, entries) == (
        "+ red labeled link “Bickered over the radio” between Alice and Eve (added by hand)"
    )
    game.redo()
    exported = game.journal.export(tmp_path / "log.md").read_text()
    assert "between Alice and Eve" in exported and "between alice and eve" not in exported


def test_a_name_is_the_one_the_character_had_when_the_event_was_made():
    game = boarding_party(stress=2)
    game.add_link("alice", "eve", "green", "Shared a thermos")
    game.edit_character("alice", name="Dr. Alice Reyes")
    added = next(e.event for e in game.journal.entries if isinstance(e.event, LinkAdded))
    assert "between Alice and Bob" in added.describe()  # L1, made when she was Alice
    assert game.journal.entries[-1].event.describe().startswith("Dr. Alice Reyes edited")


def test_journal_lines_of_events_that_name_nobody_are_unchanged():
    game = boarding_party(stress=2)
    game.set_threat(True)
    line = json.loads(game.journal.entries[-1].to_line())
    assert isinstance(game.journal.entries[-1].event, ThreatChanged)
    assert line["data"] == {"present": True}  # no empty "names"
    game.add_link("alice", "eve", "green", "Shared a thermos")
    line = json.loads(game.journal.entries[-1].to_line())
    assert line["data"]["names"] == {"alice": "Alice", "eve": "Eve"}


def test_a_journal_written_before_events_carried_names_still_reads(tmp_path):
    path = tmp_path / "old.jsonl"
    game = IsolationGame.open(path, resume=False, seed=1)
    game.add_character("Ann", profession="Medic", bias="b", goal="g")
    game.add_character("Ben", profession="Cook", bias="b", goal="g")
    game.add_link("ann", "ben", "green", "Old friends")
    game.relabel_link("L1", "Older friends")
    game.journal.close()
    lines = path.read_text().splitlines()
    old = []
    for text in lines:  # as an earlier kit wrote them: no names, no ends, no heads
        record = json.loads(text)
        record["data"].pop("names", None)
        record["data"].pop("ends", None)
        record["v"] = 1
        del record["h"]
        old.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    path.write_text("\n".join(old) + "\n")
    resumed = IsolationGame.resume(path)
    assert resumed.state.links[0].label == "Older friends"
    assert summaries(resumed)[-2:] == [
        "+ green labeled link “Old friends” between ann and ben (added by hand)",
        "link L1 relabeled “Old friends” → “Older friends”",
    ]
    resumed.journal.close()


def test_the_relabel_event_remembers_both_ends():
    game = boarding_party(stress=2)
    game.relabel_link("L3", "Cannot stand each other")
    event = game.journal.entries[-1].event
    assert isinstance(event, LinkRelabeled) and event.ends == ("alice", "bob")


@pytest.mark.rule("ISO-E02", "ISO-E03")
def test_the_explanation_names_characters_and_no_one_is_he():
    game = boarding_party(stress=2)
    e02(game)
    text = game.explain().text()
    assert "  Bob green (AP): 4 dice = +2 green links with Alice [ISO-R17]" in text
    assert "pooled (the AP always pools their green dice)" in text
    assert "  Alice: net +2" in text and "  Eve: net -3" in text
    assert "pooled green evens: Bob 3 + Alice 4 = 7 (ISO-R29)" in text
    assert "cancelling red odds: Eve 2 = 2 (ISO-R30)" in text
    assert " his " not in text and " bob " not in text


def test_next_steps_and_pool_labels_name_characters():
    game = boarding_party(stress=2)
    game.propose("bob", "board up the windows")
    labels = [step.label for step in game.next_steps()]
    assert "Bob rolls 3 green" in labels and "Alice may turn Hostile without rolling" in labels
    roll = game.roll("bob", "green", "4 3 1")
    assert roll.pool.label == "Bob green"


def test_wounds_to_share_are_named():
    game = boarding_party(stress=2, seed=25)
    game.add_character("Dan", profession="Cook", bias="b", goal="g")
    game.add_link("dan", "bob", "green", "Old friends")
    game.add_link("dan", "alice", "green", "Chess")
    game.run_conflict("bob", "board up", physical=True, difficulty=6)
    (step,) = game.next_steps()
    assert step.label == "distribute 1 wound among Bob, Alice, Eve, Dan"
    pending = next(s for s in summaries(game) if "wound to distribute" in s)
    assert pending == "1 wound to distribute among Bob, Alice, Eve, Dan"


def test_pair_rolls_name_the_pair():
    game = boarding_party(stress=2)
    game.end_session()
    game.pair_roll("alice", "bob", green_faces="2 4", red_faces="3")
    game.choose_pair_outcome("nothing")
    rolled, outcome = summaries(game)[-2:]
    assert rolled.startswith("pair roll Alice–Bob: green [2 4] 2 evens")
    assert outcome == "pair Alice–Bob: nothing"
    faces = list(game.log()["faces"])[-2]
    assert faces.startswith("Alice–Bob green: 2 4")


def test_the_timeline_names_health_marks_as_the_events_did():
    game = boarding_party(stress=2)
    game.injure("eve", "glass")
    game.edit_character("eve", name="Evelyn")
    points = timeline_points(2, game.journal.effective())  # no names passed
    assert [(p.trace, p.y) for p in points if p.trace == "Injured"] == [("Injured", "Eve")]


# --------------------------------------------------------------------------- refusals


def _cast() -> IsolationGame:
    """Three characters whose ids look nothing like their names, so a refusal that
    shows an id where a person reads a name is caught."""
    game = IsolationGame.new(seed=5)
    for cid, name in (("p1", "Ruth"), ("p2", "Hank"), ("p3", "Lou")):
        game.add_character(name, profession="x", bias="y", goal="z", character_id=cid)
    game.add_link("p1", "p2", "green", "Old friends")
    game.add_link("p1", "p3", "red", "Owes money")
    return game


def _refusal(call: Any) -> str:
    with pytest.raises(RuleError) as info:
        call()
    return str(info.value)


def test_refusals_name_the_characters_they_are_about():
    """The table shows the engine's refusals as they are: a valid character is named,
    never shown by id ("p2's green pool is already rolled")."""
    game = _cast()
    game.add_goal_links("p1", "p2", "same")
    said = [_refusal(lambda: game.add_goal_links("p2", "p1", "same"))]
    game.add_bias_links("p1", "p3")
    said.append(_refusal(lambda: game.add_bias_links("p1", "p3")))
    game.set_starting_stress(2)
    game.start_play()
    game.propose("p2", "hold the door", mode="subset", pps=["p1"])
    said.append(_refusal(lambda: game.set_factors("p1", roleplay=1)))
    said.append(_refusal(lambda: game.resolve()))
    said.append(_refusal(lambda: game.choose_stance("p1", "Neutral")))
    game.roll("p2", "green")
    said.append(_refusal(lambda: game.roll("p2", "green", "2")))
    said.append(_refusal(lambda: game.declare_hostile("p1")))  # her empty pool is down
    game.cancel_conflict("the door held")
    game.kill("p3", "the roof fell")
    said.append(_refusal(lambda: game.propose("p3", "anything")))
    game.end_session()
    game.pair_roll("p1", "p2")
    said.append(_refusal(lambda: game.begin_session()))
    assert len(said) == 9
    for text in said:
        assert not re.search(r"\bp[123]\b", text), text
        assert re.search(r"\b(Ruth|Hank|Lou)\b", text), text
