"""The Impact engine as a widget drives it: steps, journal, replay, undo, views, errors."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from isowidgets.dice import D8, D10, D12
from isowidgets.errors import FacesError, InconsistentEventError, IsowidgetsError, RuleError
from isowidgets.journal import Entry, Note, read_entries
from isowidgets.rules.impact import Effect, ImpactGame, ImpactSettings, rules, timeline_rows
from isowidgets.rules.impact.events import (
    ComplicationDeclined,
    DetailRemoved,
    ImpactChanged,
    TestResolved,
)


def _game(path: Path | None = None, **settings: Any) -> ImpactGame:
    return ImpactGame.new(path, seed=9, settings=ImpactSettings(**settings))


def _ids(game: ImpactGame, owner: str) -> dict[str, str]:
    return {d.text: d.id for d in game.state.details_of(owner)}


def _steps(game: ImpactGame) -> tuple[str, ...]:
    """The game methods the buttons a widget enables now would call."""
    return tuple(step.action for step in game.next_steps())


def _cast(game: ImpactGame) -> dict[str, str]:
    ids = {
        "pierce": game.add_pc("Pierce", ["Expert", "Cool Under Pressure"]),
        "ellis": game.add_pc("Ellis", ["Gadgets"]),
        "goons": game.add_npc("Goons", ["Relentless"], impact="D8"),
        "office": game.add_scene("Office", ["Quiet"]),
    }
    for owner in list(ids.values()):
        ids.update(_ids(game, owner))
    return ids


def test_next_steps_follow_a_test_click_by_click():
    game = _game()
    ids = _cast(game)
    between = ("action", "avoid_harm", "foil", "rest", "next_session", "new_adventure")
    assert _steps(game) == between
    game.action(ids["pierce"], "Tricky", helps=[ids["Expert"]], helpers=[ids["ellis"]])
    assert _steps(game) == ("roll", "cancel_test")
    game.roll(3)
    assert _steps(game) == ("offer_complication", "spend", "finish")
    game.offer_complication("Spotted")
    assert _steps(game) == (
        "accept_complication",
        "decline_complication",
        "offer_complication",
        "spend",
        "finish",
    )
    game.offer_complication("Spotted By The Guard", hint="hinders")  # a new offer replaces
    assert game.test is not None and game.test.offer == ("Spotted By The Guard", "hinders")
    game.finish()  # an unanswered offer is declined
    events = [e.event for e in game.journal.entries[-2:]]
    assert isinstance(events[0], ComplicationDeclined) and isinstance(events[1], TestResolved)
    assert _steps(game) == between
    assert "rest" not in _steps(_game())  # no PC to rest yet


def test_steps_say_who_acts_and_what_with_names_never_ids():
    """A panel shows a step's label as it is: people by name, no ids of characters or tests."""
    game = _game(great_success_rule="gm_flag")
    ids = _cast(game)
    seen = list(game.next_steps())
    game.action(ids["ellis"], "Difficult")
    [roll, cancel] = game.next_steps()
    assert (roll.action, roll.actor, roll.waits_for, roll.required) == (
        "roll",
        ids["ellis"],
        "dice",
        True,
    )
    assert roll.label == "Ellis rolls a D8 for the test"
    assert (cancel.actor, cancel.required) == ("GM", False)
    seen += [roll, cancel]
    game.roll(1)
    seen += game.next_steps()
    game.offer_complication("Spotted")
    seen += game.next_steps()
    game.spend()
    [effect, finish] = game.next_steps()
    assert effect.options == (
        "new_detail",
        "alter_detail",
        "remove_detail",
        "disable_detail",
        "step_down",
        "step_up",
    )
    assert (finish.action, finish.required) == ("finish", True)
    seen += [effect, finish]
    game.finish()
    game.avoid_harm(ids["pierce"], ids["goons"])
    game.roll(8)
    seen += game.next_steps()
    assert [s.action for s in game.next_steps()] == ["declare_great_success", "finish"]
    game.finish()
    game.foil(ids["pierce"], ids["goons"], "Tricky")
    game.damage(ids["goons"], 3)  # defeated before the roll: the GM must call it off
    [only] = game.next_steps()
    assert (only.action, only.required) == ("cancel_test", True)
    assert only.label == "Pierce can no longer roll: call it off"
    seen.append(only)
    for step in seen:
        assert "char-" not in step.label and "test-" not in step.label, step.label
    assert ImpactGame.steps(game.state) == game.next_steps()
    with pytest.raises(RuleError, match="steps\\(\\) reads an ImpactState, got None"):
        ImpactGame.steps(None)  # type: ignore[arg-type]


def test_each_click_is_one_small_action_for_the_views():
    game = _game()
    ids = _cast(game)
    seen: list[list[str]] = []
    game.subscribe(lambda entries, state: seen.append([e.kind for e in entries]))
    game.action(ids["pierce"], "Difficult", helps=[ids["Quiet"]])  # journaled once, as opened
    game.roll(7)
    game.choose_effect(Effect.step_down(ids["goons"]))
    assert seen == [
        ["test_opened"],
        ["test_rolled"],
        ["effect_chosen", "impact_changed", "test_resolved"],
    ]


def test_a_crash_mid_test_resumes_mid_test(tmp_path):
    """The open test lives in the journal: replay lands in the same phase."""
    path = tmp_path / "session.jsonl"
    game = _game(path)
    ids = _cast(game)
    game.action(
        ids["pierce"], "Tricky", helps=[ids["Expert"], ids["Gadgets"]], helpers=[ids["ellis"]]
    )
    game.roll(4)
    game.journal.close()  # the kernel dies here

    resumed = ImpactGame.resume(path)
    assert resumed.state == game.state
    assert resumed.test is not None and resumed.test.phase == "failure"
    assert resumed.next_steps() == game.next_steps()
    resumed.spend()
    resumed.choose_effect("new_detail", target=ids["office"], text="Safe Is Open")
    assert "Safe Is Open" in _ids(resumed, ids["office"])
    resumed.journal.close()


def test_a_roll_torn_by_a_crash_is_skipped_and_the_test_is_back_in_setup(tmp_path):
    path = tmp_path / "session.jsonl"
    game = _game(path)
    ids = _cast(game)
    game.action(ids["pierce"], "Tricky")
    before_roll = game.state
    game.roll(4)
    game.journal.close()
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) - 40], encoding="utf-8")  # the roll's line is torn

    resumed = ImpactGame.resume(path)
    assert resumed.journal.problems
    assert resumed.state == before_roll
    assert _steps(resumed)[0] == "roll"
    resumed.roll(9)
    resumed.journal.close()


def test_every_event_survives_the_journal_file(tmp_path):
    """Every kind of event is written, validated on load and replayed to the same state."""
    path = tmp_path / "session.jsonl"
    game = _game(path, great_success_rule="natural_max")
    ids = _cast(game)
    game.opening_scene(ids["pierce"], ids["Cool Under Pressure"], "A tense morning")
    game.action(ids["pierce"], "Simple", helps=[ids["Gadgets"]], helpers=[ids["ellis"]])
    game.cancel_test()
    game.action(ids["pierce"], "Difficult", helps=[ids["Expert"]])
    game.roll(1)
    game.offer_complication("Jammed Lock")
    game.accept_complication()
    game.avoid_harm(ids["pierce"], ids["goons"], cost_detail="Winded")
    game.roll(8)
    game.choose_effect(Effect.step_down(ids["goons"]))
    game.action(ids["pierce"], "Simple")
    game.roll(12)
    game.choose_effect(Effect.alter_detail(ids["Quiet"], "Not So Quiet"))
    game.foil(ids["pierce"], ids["goons"], "Routine", intent=Effect.step_down(ids["ellis"]))
    game.roll(1)
    game.finish()
    game.self_complication(ids["ellis"], ids["Gadgets"], "Batteries Flat")
    game.heroic_act(ids["pierce"])
    game.set_detail_active(ids["Relentless"], False)
    game.set_detail_kind(ids["Quiet"], "temporary")
    game.remove_detail(ids["Quiet"])
    game.rest()
    game.next_session()
    game.new_adventure()
    game.journal.close()

    lines = path.read_text(encoding="utf-8").splitlines()
    assert [entry.event for entry in read_entries(lines)] == [e.event for e in game.journal]
    resumed = ImpactGame.resume(path)
    assert resumed.state == game.state
    resumed.journal.close()


def test_undo_takes_back_a_roll_and_redo_restores_it():
    game = _game()
    ids = _cast(game)
    game.action(ids["pierce"], "Tricky")
    game.roll(3)
    game.undo()
    assert game.test is not None and game.test.phase == "setup"
    game.redo()
    assert game.test is not None and game.test.phase == "failure"
    game.spend()
    game.undo()
    assert game.state.character(ids["pierce"]).die == D12


def test_ids_are_issued_in_order_and_reissued_on_replay():
    game = _game()
    ids = _cast(game)
    assert [ids["pierce"], ids["ellis"], ids["goons"], ids["office"]] == [
        "char-1",
        "char-2",
        "char-3",
        "scene-1",
    ]
    assert [d.id for d in game.state.details] == [f"det-{n}" for n in range(1, 6)]
    assert game.action(ids["pierce"], "Simple") == "test-1"
    assert game._rebuild() == game.state


def test_a_rejected_roll_leaves_state_journal_and_dice_untouched():
    game = _game()
    ids = _cast(game)
    game.action(ids["pierce"], "Difficult")
    state, size, dice = game.state, len(game.journal), game.dice.state()
    for faces in (9, 0, "x", [3, 4], True, 2.5, None if False else object()):
        with pytest.raises(IsowidgetsError):
            game.roll(faces)  # type: ignore[arg-type]
    assert (game.state, len(game.journal), game.dice.state()) == (state, size, dice)
    with pytest.raises(FacesError, match="a d8 shows 1–8"):
        game.roll("9")


def test_random_and_typed_rolls_read_the_same_way():
    game = _game()
    ids = _cast(game)
    game.action(ids["pierce"], "Difficult", helps=[ids["Expert"]])
    rolled = game.roll()
    assert rolled.roll.source == "random" and rolled.roll.pool.die == D8
    assert rolled.total == rolled.face + 1
    game.finish()
    game.action(ids["pierce"], "Difficult", helps=[ids["Expert"]])
    typed = game.roll(str(rolled.face))
    assert typed.roll.source == "typed"
    assert (typed.total, typed.success) == (rolled.total, rolled.success)


def test_removing_a_cited_detail_drops_it_from_the_open_test():
    game = _game()
    ids = _cast(game)
    game.action(ids["pierce"], "Tricky", helps=[ids["Quiet"]])
    [entry] = game.remove_detail(ids["Quiet"], "the alarm rings")
    assert isinstance(entry.event, DetailRemoved)
    assert game.test is not None and game.test.cited() == ()
    assert game.roll_plan().bonus == 0


@pytest.mark.rule("IMP-R06", "IMP-R12", "IMP-A09")
def test_citable_greys_out_what_cannot_be_cited():
    game = _game()
    ids = _cast(game)
    draft = rules.draft_test(game.state, "avoid_harm", ids["pierce"], threat=ids["goons"])
    options = rules.citation_options(game.state, draft)
    assert options[ids["Expert"]] == ("helps", "hinders")
    assert options[ids["Relentless"]] == ("hinders",)
    assert ids["Gadgets"] not in options  # Ellis is not helping
    draft = rules.cite(game.state, draft, ids["Expert"])
    assert ids["Expert"] not in rules.citation_options(game.state, draft)  # counted once
    game.open_draft(draft)
    assert game.citable() == {k: v for k, v in options.items() if k != ids["Expert"]}
    game.roll(8)
    assert game.citable() == {}


def test_a_draft_changes_only_what_fits_the_test():
    """What revise() checked on an open test, the draft checks before the test opens."""
    game = _game()
    ids = _cast(game)
    draft = rules.draft_test(game.state, "action", ids["pierce"], difficulty="d8")
    assert rules.roll_plan(game.state, draft).task_die == D8
    with pytest.raises(RuleError, match="only Avoid Harm announces a cost"):
        rules.draft_test(
            game.state, "action", ids["pierce"], difficulty="Tricky", cost_detail="Bruised"
        )
    with pytest.raises(RuleError, match=r"action\(\) takes no argument 'speed'"):
        game.action(ids["pierce"], "Tricky", speed=3)  # type: ignore[call-arg]
    game.avoid_harm(ids["pierce"], ids["goons"])
    assert game.test is not None and game.test.cost_detail is None
    game.cancel_test()
    with pytest.raises(RuleError, match="takes no Difficulty"):
        rules.draft_test(
            game.state, "avoid_harm", ids["pierce"], threat=ids["goons"], difficulty="Tricky"
        )


def test_a_plan_whose_target_is_gone_still_resolves_with_a_note():
    game = _game()
    ids = _cast(game)
    burn = Effect.remove_detail(ids["Quiet"])
    game.foil(ids["pierce"], ids["goons"], "Tricky", intent=burn)
    game.roll(1)
    game.remove_detail(ids["Quiet"], "the GM clears it first")
    game.finish()
    last = game.journal.entries[-1].event
    assert isinstance(last, TestResolved) and "no longer applies" in last.said


def test_a_step_cost_on_a_roller_already_knocked_out_takes_nothing():
    game = _game()
    ids = _cast(game)
    game.avoid_harm(ids["pierce"], ids["goons"])
    game.roll(1)
    game.set_impact(ids["pierce"], "ineffectual")
    assert "spend" not in game.next_steps()
    game.take_cost()
    assert game.state.character(ids["pierce"]).ineffectual


def test_set_impact_to_the_same_die_writes_nothing():
    game = _game()
    ids = _cast(game)
    assert game.set_impact(ids["pierce"], "D12") == []
    with pytest.raises(RuleError, match="always has an Impact Die"):
        game.set_impact(ids["pierce"], None)
    game.set_impact(ids["office"], "D10")
    assert game.state.scene(ids["office"]).die == D10
    game.set_impact(ids["office"], None)
    assert game.state.scene(ids["office"]).die is None


@pytest.mark.rule("IMP-A02")
def test_journal_lines_read_as_sentences():
    game = _game()
    ids = _cast(game)
    game.set_impact(ids["pierce"], "D20")
    game.action(ids["pierce"], "Tricky", helps=[ids["Expert"]])
    game.roll(2)
    game.offer_complication("Tyre Blown")
    game.accept_complication()
    lines = [e.event.describe() for e in game.journal.entries[-7:-1]]
    # Names and numbers a person reads, never ids: "Test 1", not "test-1"; no "det-6".
    assert lines == [
        "Test 1: Pierce attempts a Tricky action",
        "Test 1: D10 task (Tricky); +1 from 'Expert'; 2 + 1 = 3: Failure",
        "Test 1: the GM offers the Complication 'Tyre Blown' (warning: Pierce is at D20: the "
        "earned step will be lost (impact_overflow_at_d20 = 'cap', IMP-A02))",
        "Test 1: Complication 'Tyre Blown' accepted",
        "Temporary Detail 'Tyre Blown' on Pierce (usually hinders, from complication)",
        "Pierce stays at D20 (accepted a Complication (IMP-R10, IMP-R18a); the step is lost at "
        "the top of the ladder (IMP-A02))",
    ]
    assert game.log().iloc[-1]["summary"].startswith("Test 1: Failure with the Complication")


def test_timeline_rows_trace_every_impact_die():
    game = _game()
    ids = _cast(game)
    game.damage(ids["pierce"])
    game.next_session()
    game.action(ids["pierce"], "Simple")
    game.roll(10)
    game.choose_effect(Effect.step_down(ids["goons"]))
    rows = game.impact_timeline()
    pierce = [(r["session"], r["label"], r["cause"]) for r in rows if r["who"] == ids["pierce"]]
    assert pierce == [(1, "D12", "start"), (1, "D10", "damage")]
    goons = [(r["session"], r["step"], r["test"]) for r in rows if r["who"] == ids["goons"]]
    assert goons == [(1, 2, None), (2, 1, "test-1")]
    office = [r["label"] for r in rows if r["who"] == ids["office"]]
    assert office == ["no Impact Die"]

    # Incremental: the rows of one action, as a listener receives them.
    received: list[Sequence[Entry]] = []
    game.subscribe(lambda entries, state: received.append(entries))
    game.damage(ids["ellis"], 2)
    assert [r["label"] for r in timeline_rows(received[-1])] == ["D8"]


def test_impact_changed_reads_old_and_new():
    change = ImpactChanged(who="char-1", name="Bo", old=4, new=3, cause="damage")
    assert change.describe() == "Bo: D12 → D10 (damage (IMP-R15))" and change.delta == -1


def test_effects_are_checked_when_built():
    with pytest.raises(RuleError, match="unknown Success effect 'heal'"):
        Effect.make("heal", "char-1")
    with pytest.raises(RuleError, match="needs the text"):
        Effect.make("new_detail", "char-1")
    with pytest.raises(RuleError, match="takes no text"):
        Effect.make("step_down", "char-1", "text")
    with pytest.raises(RuleError, match="needs a target id"):
        Effect.make("step_up", "")
    with pytest.raises(RuleError, match="hint must be one of"):
        Effect.make("alter_detail", "det-1", hint="sometimes")


def test_an_effect_built_without_checks_is_checked_on_use():
    game = _game()
    ids = _cast(game)
    game.action(ids["pierce"], "Simple")
    game.roll(12)
    with pytest.raises(RuleError, match="needs the text"):
        game.choose_effect(Effect(kind="new_detail", target=ids["office"]))
    with pytest.raises(RuleError, match="unknown Success effect"):
        game.choose_effect(object())  # type: ignore[arg-type]
    game.finish()
    with pytest.raises(RuleError, match="needs the text"):
        game.foil(
            ids["pierce"], ids["goons"], "Simple", intent=Effect(kind="new_detail", target="world")
        )


def test_errors_show_the_value_what_is_allowed_and_a_tip():
    game = _game()
    ids = _cast(game)
    with pytest.raises(RuleError) as caught:
        game.action("char-9", "Simple")
    assert "'char-9'" in str(caught.value) and "char-1 (Pierce)" in str(caught.value)
    assert "Tip:" in str(caught.value)
    with pytest.raises(RuleError, match=r"no test is open\. Tip:"):
        game.roll()
    game.action(ids["pierce"], "Simple")
    with pytest.raises(RuleError, match=r"still open .*Tip: finish\(\)"):
        game.action(ids["ellis"], "Simple")
    with pytest.raises(RuleError, match=r"has not been rolled\. Tip: roll\(\)"):
        game.finish()
    draft = rules.draft_test(game.state, "action", ids["ellis"], difficulty="Simple")
    with pytest.raises(RuleError, match="'sideways'"):
        rules.cite(game.state, draft, ids["Gadgets"], "sideways")
    with pytest.raises(RuleError, match=r"there is no Detail 'det-99'.*Tip:"):
        game.plan_odds("action", ids["ellis"], difficulty="Simple", helps=["det-99"])
    with pytest.raises(
        RuleError, match=r"phase 'setup'; this step needs success\. Tip: next_steps\(\) lists"
    ):
        game.choose_effect("step_down", target=ids["goons"])


def test_refused_test_arguments_name_the_value_received_and_what_is_allowed():
    game = _game()
    ids = _cast(game)
    with pytest.raises(RuleError, match=r"an action test has no threat, got 'char-3'\. Allowed"):
        game.plan_odds("action", ids["pierce"], difficulty="Tricky", threat=ids["goons"])
    with pytest.raises(RuleError, match=r"needs a Difficulty, got None\. Allowed: Simple"):
        game.action(ids["pierce"], None)
    with pytest.raises(
        RuleError, match=r"this action test got cost_detail='Bruised'\. Allowed: None"
    ):
        rules.draft_test(
            game.state, "action", ids["pierce"], difficulty="Tricky", cost_detail="Bruised"
        )
    with pytest.raises(RuleError, match=r"this action test got intent=.*\. Allowed: None"):
        rules.draft_test(
            game.state,
            "action",
            ids["pierce"],
            difficulty="Tricky",
            intent=Effect.step_down(ids["goons"]),
        )
    game.action(ids["pierce"], "Tricky")
    game.cancel_test()
    with pytest.raises(RuleError, match=r"this Foil test got cost_detail='Wet'\. Allowed: None"):
        rules.draft_test(
            game.state,
            "foil",
            ids["pierce"],
            difficulty="Tricky",
            threat=ids["goons"],
            cost_detail="Wet",
        )
    with pytest.raises(RuleError, match=r"takes no Difficulty, got 'Tricky'\. Allowed: None"):
        rules.draft_test(
            game.state, "avoid_harm", ids["pierce"], threat=ids["goons"], difficulty="Tricky"
        )
    game.avoid_harm(ids["pierce"], ids["goons"])
    events = len(game.journal)
    game.roll(1)
    with pytest.raises(RuleError, match=r"cost of test-2 is Impact steps.*got 'x'\. Allowed: None"):
        game.take_cost("x")
    assert len(game.journal) == events + 1  # only the roll
    assert game.test is not None and game.test.phase == "failure"


def test_repr_shows_the_cast_and_the_open_test():
    game = _game()
    ids = _cast(game)
    game.action(ids["pierce"], "Simple")
    assert repr(game).endswith("Pierce D12, Ellis D12, Goons D8, test-1 setup>")


def test_apply_refuses_events_that_do_not_fit_the_state():
    """A journal edited by hand fails loudly rather than drifting."""
    from isowidgets.rules.impact.events import DetailAdded, TestCancelled

    game = _game()
    ids = _cast(game)
    state = game.state
    wrong_id = DetailAdded(
        detail="det-99", owner=ids["pierce"], owner_name="Pierce", detail_kind="temporary", text="X"
    )
    with pytest.raises(InconsistentEventError, match="expected the next id to be 'det-6'"):
        ImpactGame.apply(state, wrong_id)
    wrong_start = ImpactChanged(who=ids["pierce"], name="Pierce", old=2, new=1, cause="damage")
    with pytest.raises(InconsistentEventError, match="Impact step is 4"):
        ImpactGame.apply(state, wrong_start)
    with pytest.raises(InconsistentEventError, match="the open test is none"):
        ImpactGame.apply(state, TestCancelled(test="test-1"))
    with pytest.raises(InconsistentEventError, match="has no event 'note'"):
        ImpactGame.apply(state, Note(text="hello"))
