"""Impact journals no prose it needs (issue 25): how a test ended (``TestResolved``) and
what a Success effect did (``EffectChosen``) are data (an ``ending``, an ``EffectDone``),
said in English from the catalogue when shown, exactly as the summary they used to carry;
a journal written before still reads, and says what it always said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from isowidgets.journal.codec import read_entries
from isowidgets.rules.impact import Effect, ImpactGame, ImpactSettings
from isowidgets.rules.impact.events import EffectChosen, EffectDone, TestResolved
from isowidgets.words import render


def _game(path: Path | None = None, **settings: Any) -> ImpactGame:
    return ImpactGame.new(path, seed=9, settings=ImpactSettings(**settings))


def _cast(game: ImpactGame) -> dict[str, str]:
    ids = {
        "pierce": game.add_pc("Pierce", ["Expert", "Cool Under Pressure"]),
        "ellis": game.add_pc("Ellis", ["Gadgets"]),
        "goons": game.add_npc("Goons", ["Relentless"], impact="D8"),
        "office": game.add_scene("Office", ["Quiet"]),
    }
    for owner in list(ids.values()):
        ids.update({d.text: d.id for d in game.state.details_of(owner)})
    return ids


def _ended(game: ImpactGame) -> list[str]:
    return [e.event.describe() for e in game.journal.entries if isinstance(e.event, TestResolved)]


def test_every_ending_reads_as_its_summary_did(tmp_path: Path):
    path = tmp_path / "session.jsonl"
    game = _game(path, great_success_rule="natural_max")
    ids = _cast(game)
    game.action(ids["pierce"], "Difficult")
    game.roll(1)
    game.offer_complication("Jammed Lock")
    game.accept_complication()  # Failure with the Complication
    game.action(ids["pierce"], "Difficult")
    game.roll(1)
    game.finish()  # Failure
    game.avoid_harm(ids["pierce"], ids["goons"], cost_detail="Winded")
    game.roll(8)
    game.choose_effect(Effect.step_down(ids["goons"]))  # Great Success; harm avoided: effect
    game.action(ids["pierce"], "Simple")
    game.roll(12)
    game.choose_effect(Effect.alter_detail(ids["Quiet"], "Not So Quiet"))
    game.action(ids["ellis"], "Simple")
    game.roll(12)
    game.choose_effect("new_detail", target=ids["office"], text="Safe Is Open")
    game.foil(ids["pierce"], ids["goons"], "Routine", intent=Effect.step_down(ids["ellis"]))
    game.roll(1)
    game.finish()  # the plan succeeds, with its effect
    game.avoid_harm(ids["pierce"], ids["goons"])
    game.roll(1)
    game.finish()  # failed to avoid harm: steps
    game.action(ids["pierce"], "Simple")
    game.roll(12)
    game.finish()  # Success; no effect chosen
    assert _ended(game) == [
        "Test 1: Failure with the Complication 'Jammed Lock'",
        "Test 2: Failure",
        "Test 3: Great Success; harm avoided: Goons: D8 → D6",
        "Test 4: Success: altered 'Quiet'",
        "Test 5: Success: established 'Safe Is Open' on Office",
        "Test 6: Failure; Goons's plan succeeds: Ellis: D12 → D10",
        "Test 7: failed to avoid harm: Pierce D20 → D12",
        "Test 8: Success; no effect chosen",
    ]
    chosen = [e.event for e in game.journal.entries if isinstance(e.event, EffectChosen)]
    assert [render(e.message()) for e in chosen] == [
        "Test 3: Goons: D8 → D6",
        "Test 4: altered 'Quiet'",
        "Test 5: established 'Safe Is Open' on Office",
    ]
    game.journal.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    data = [json.loads(line)["data"] for line in lines]
    kinds = [json.loads(line)["kind"] for line in lines]
    written = [
        d for d, k in zip(data, kinds, strict=True) if k in ("test_resolved", "effect_chosen")
    ]
    assert written and not [d for d in written if "summary" in d]  # no prose
    assert {d.get("ending") for d in written if "ending" in d} >= {"effect", "failure"}
    assert [entry.event for entry in read_entries(lines)] == [e.event for e in game.journal]
    resumed = ImpactGame.resume(path)
    assert resumed.state == game.state and _ended(resumed) == _ended(game)
    resumed.journal.close()


def test_an_ending_names_people_by_the_names_a_view_knows():
    event = TestResolved(
        test="test-4",
        test_kind="foil",
        actor="char-1",
        outcome="failure",
        ending="failure",
        who="char-3",
        name="Goons",
        plan="succeeds",
    )
    assert render(event.message()) == "Test 4: Failure; Goons's plan succeeds"
    assert render(event.message(), names={"char-3": "The Goons"}).endswith(
        "The Goons's plan succeeds"
    )
    done = EffectDone(kind="stepped", who="char-3", name="Goons", old=2, new=1)
    chosen = EffectChosen(test="test-4", effect=Effect.step_down("char-3"), done=done)
    assert render(chosen.message()) == "Test 4: Goons: D8 → D6"


def test_a_journal_written_before_endings_were_data_reads_and_says_the_same():
    old = TestResolved.model_validate(
        {
            "test": "test-1",
            "test_kind": "action",
            "actor": "char-1",
            "outcome": "failure",
            "spent": False,
            "complication": False,
            "summary": "Failure with the Complication 'Tyre Blown'",
        }
    )
    assert old.ending is None and old.said == "Failure with the Complication 'Tyre Blown'"
    assert old.describe() == "Test 1: Failure with the Complication 'Tyre Blown'"
    assert json.loads(old.model_dump_json())["summary"] == old.summary  # kept as it was read
    chosen = EffectChosen.model_validate(
        {
            "test": "test-1",
            "effect": {"kind": "step_down", "target": "char-3", "text": None, "hint": None},
            "summary": "Goons: D8 → D6",
        }
    )
    assert chosen.describe() == "Test 1: Goons: D8 → D6"
