"""Who is who at an Impact table, and what each one's Details count for.

PCs roll, help each other and rest; an NPC adversary makes plans only until it
is defeated, never helps, and a rest break does not reset it (IMP-R06, IMP-R13,
IMP-R19). A Detail's kind fits its owner, and a Temporary Detail counts for its
owner, for a helper, or for everyone when it belongs to the scene or the world
(IMP-R01, IMP-R06, IMP-R07). The widget side of the same rules (the ◷ kind tool,
chips of another character's Temporary Detail, a Foil's plan in the test panel,
helpers offered) is in ``test_impact_widgets.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from isowidgets.errors import InconsistentEventError, JournalError, RuleError
from isowidgets.journal import Journal
from isowidgets.rules.impact import WORLD, Effect, ImpactGame, ImpactSettings, rules
from isowidgets.rules.impact.events import DetailKindChanged, TestResolved
from isowidgets.widgets.impact import ImpactTable

TYRE = "Blown Out Tire Is Going To Make Speed And Maneuverability Tricky"


def _game(path: Path | None = None, **settings: Any) -> ImpactGame:
    return ImpactGame.new(path, seed=11, settings=ImpactSettings(**settings))


def _spies(game: ImpactGame) -> dict[str, str]:
    """Pierce and Ellis (PCs), a cultist and the goons (NPCs), a street (scene)."""
    ids = {
        "pierce": game.add_pc("Algernon Pierce", ["Expert At Getting Into Places"]),
        "ellis": game.add_pc("Quartermaster Ellis", ["Access To Every Mechanical Design"]),
        "cultist": game.add_npc("The Cultist", ["Privy To Many Dark Secrets"], impact="D4"),
        "goons": game.add_npc("The Goons", ["Armed To The Teeth"], impact="D8"),
        "street": game.add_scene("The street", ["Market Day"]),
    }
    for owner in list(ids.values()):
        ids.update({d.text: d.id for d in game.state.details_of(owner)})
    return ids


def _steps(game: ImpactGame) -> list[str]:
    return [step.action for step in game.next_steps()]


def _snapshot(game: ImpactGame) -> tuple[object, int, object]:
    return game.state, len(game.journal), game.dice.state()


# --------------------------------------------------------------------------- a defeated adversary


@pytest.mark.rule("IMP-R13", "IMP-A13")
def test_r13_a_foil_whose_adversary_is_defeated_before_the_roll_cannot_be_rolled():
    """IMP-R13, IMP-A13: a defeated adversary makes no plans, so its Foil is not rolled
    (and a Failure never carries out its intent); the test can only be called off."""
    game = _game()
    ids = _spies(game)
    game.foil(ids["pierce"], ids["cultist"], "Difficult", intent=Effect.step_down(ids["pierce"]))
    assert "roll" in _steps(game)
    game.damage(ids["cultist"])  # D4 → ineffectual: defeated
    assert game.state.character(ids["cultist"]).ineffectual
    steps = _steps(game)
    assert "roll" not in steps and "cancel_test" in steps
    before = _snapshot(game)
    with pytest.raises(RuleError, match=r"The Cultist \(char-3\) is defeated") as refused:
        game.roll(1)
    message = str(refused.value)
    assert "ineffectual" in message and "IMP-A13" in message
    assert "Allowed: an adversary at D4 or above" in message and "cancel_test()" in message
    assert _snapshot(game) == before
    with pytest.raises(RuleError, match="is defeated"):
        game.roll_plan()
    game.cancel_test()
    assert game.test is None and game.state.character(ids["pierce"]).impact == "D12"


@pytest.mark.rule("IMP-R13")
def test_r13_opening_a_foil_against_a_defeated_adversary_names_what_is_allowed():
    game = _game()
    ids = _spies(game)
    game.damage(ids["cultist"])
    before = _snapshot(game)
    with pytest.raises(RuleError, match="Allowed: an adversary at D4 or above"):
        game.foil(ids["pierce"], ids["cultist"], "Difficult")
    with pytest.raises(RuleError, match="is defeated"):
        game.plan_odds("foil", ids["pierce"], difficulty="Difficult", threat=ids["cultist"])
    assert _snapshot(game) == before


@pytest.mark.rule("IMP-R13", "IMP-A13")
def test_r13_an_adversary_defeated_between_the_roll_and_the_close_carries_out_no_plan():
    """IMP-R13, IMP-A13: the failed Foil closes, but the defeated adversary's intent does
    not happen."""
    game = _game()
    ids = _spies(game)
    game.foil(ids["pierce"], ids["cultist"], "Difficult", intent=Effect.step_down(ids["pierce"]))
    game.roll(1)
    game.damage(ids["cultist"])
    board = ImpactTable(game)  # the Finish button says what it will do
    assert board.test_panel.finish_button.description == "Finish: the Failure stands"
    board.close()
    entries = game.finish()
    resolved = entries[-1].event
    assert isinstance(resolved, TestResolved) and "was defeated" in resolved.said
    assert game.state.character(ids["pierce"]).impact == "D12"


# --------------------------------------------------------------------------- helping and resting


@pytest.mark.rule("IMP-R06", "IMP-R16")
def test_r06_an_npc_adversary_cannot_help():
    """IMP-R06, IMP-R16: helpers are the roller's teammates, whose players announce it."""
    game = _game()
    ids = _spies(game)
    draft = rules.draft_test(game.state, "action", ids["pierce"], difficulty="Difficult")
    before = _snapshot(game)
    with pytest.raises(RuleError, match=r"The Goons \(char-4\) is an NPC adversary") as refused:
        rules.add_helper(game.state, draft, ids["goons"])
    assert "Allowed: a PC other than the roller: char-2 (Quartermaster Ellis)" in str(refused.value)
    assert _snapshot(game) == before
    with pytest.raises(RuleError, match="is an NPC adversary"):
        game.action(ids["pierce"], "Difficult", helpers=[ids["goons"]])
    with pytest.raises(RuleError, match="is an NPC adversary"):
        game.plan_odds("action", ids["pierce"], difficulty="Difficult", helpers=[ids["goons"]])


@pytest.mark.rule("IMP-R19")
def test_r19_a_rest_break_resets_pcs_not_npc_adversaries():
    """IMP-R19: the GM may allow *players* to reset *their* characters' Impact Dice."""
    game = _game()
    ids = _spies(game)
    game.damage(ids["goons"])
    game.damage(ids["pierce"])
    before = _snapshot(game)
    with pytest.raises(RuleError, match=r"char-4 \(The Goons\): an NPC adversary") as refused:
        game.rest(ids["goons"])
    message = str(refused.value)
    assert "Allowed: PCs (char-1 (Algernon Pierce), char-2 (Quartermaster Ellis))" in message
    assert "set_impact('char-4', 'D12')" in message
    with pytest.raises(RuleError, match="an NPC adversary"):
        game.rest([ids["pierce"], ids["goons"]])
    assert _snapshot(game) == before
    game.rest([ids["pierce"]])
    assert game.state.character(ids["pierce"]).impact == "D12"
    game.rest()  # every PC, and only PCs
    assert game.state.character(ids["goons"]).impact == "D6"


# --------------------------------------------------------------------------- Temporary Details


@pytest.mark.rule("IMP-R06", "IMP-R07")
def test_r07_another_characters_temporary_detail_does_not_count_on_a_bystanders_roll():
    """IMP-R06, IMP-R07: Pierce's "Blown Tire" is his; it gives Ellis no −1 (nor +1)
    while Pierce is not helping, and the refusal says why and what is allowed."""
    game = _game()
    ids = _spies(game)
    tyre = game.add_detail(ids["pierce"], TYRE, kind="temporary", hint="hinders")
    draft = rules.draft_test(game.state, "action", ids["ellis"], difficulty="Tricky")
    before = _snapshot(game)
    for sign in ("hinders", "helps"):
        with pytest.raises(RuleError, match="neither rolling nor helping") as refused:
            rules.cite(game.state, draft, tyre, sign)
        message = str(refused.value)
        assert tyre in message and "Algernon Pierce" in message
        assert "Allowed:" in message and "helpers=['char-1']" in message
        assert _snapshot(game) == before
    assert tyre not in rules.citation_options(game.state, draft)
    with pytest.raises(RuleError, match="neither rolling nor helping"):
        game.plan_odds("action", ids["ellis"], difficulty="Tricky", hinders=[tyre])


@pytest.mark.rule("IMP-R06", "IMP-R07")
def test_r07_a_temporary_detail_counts_for_its_owner_and_when_they_help():
    """IMP-R06: the roller's own and a helper's Temporary Details count; leaving takes them."""
    game = _game()
    ids = _spies(game)
    plans = game.add_detail(ids["pierce"], "Pocketful Of Doomsday Plans", kind="temporary")
    game.action(ids["pierce"], "Difficult", helps=[plans])  # his own
    assert game.roll_plan().bonus == 1
    game.cancel_test()
    game.action(ids["ellis"], "Difficult", helpers=[ids["pierce"]], helps=[plans])
    rolled = game.roll(5)
    assert "'Pocketful Of Doomsday Plans' (Algernon Pierce, helping)" in rolled.explanation
    assert rolled.helps[0].helper
    game.finish()
    draft = rules.draft_test(
        game.state, "action", ids["ellis"], difficulty="Difficult", helpers=[ids["pierce"]]
    )
    draft = rules.cite(game.state, draft, plans)
    draft = rules.remove_helper(game.state, draft, ids["pierce"])  # his Detail goes with him
    assert draft.cited() == () and draft.helpers == ()
    game.open_draft(draft)
    assert "roll" in _steps(game)


@pytest.mark.rule("IMP-R07")
def test_r07_scene_level_temporary_details_count_for_everyone():
    game = _game()
    ids = _spies(game)
    blocked = game.add_detail(ids["street"], "The Road Is Blocked", kind="temporary")
    dawn = game.add_detail(WORLD, "Sunrise Approaches", kind="temporary")
    game.action(ids["ellis"], "Tricky", helps=[dawn], hinders=[blocked])
    assert game.roll_plan().net == 0


@pytest.mark.rule("IMP-R07", "IMP-R12", "IMP-R13")
def test_r12_r13_an_adversarys_temporary_detail_counts_only_against_the_roll():
    """IMP-R07, IMP-R12, IMP-R13: the threat's Temporary Details are penalties in a test
    against it, and count for nothing elsewhere."""
    game = _game()
    ids = _spies(game)
    revenge = game.add_detail(ids["goons"], "Out For Revenge", kind="temporary")
    with pytest.raises(RuleError, match="Tip: cite it as 'hinders'"):
        game.avoid_harm(ids["pierce"], ids["goons"], helps=[revenge])
    game.avoid_harm(ids["pierce"], ids["goons"], hinders=[revenge])
    assert game.roll_plan().penalty == 1
    game.cancel_test()
    with pytest.raises(RuleError, match="count against a roll that avoids harm from them"):
        game.foil(ids["pierce"], ids["cultist"], "Difficult", hinders=[revenge])


# --------------------------------------------------------------------------- a Detail's kind


@pytest.mark.rule("IMP-R01")
def test_r01_a_character_detail_is_marked_temporary_and_lasting_again():
    """IMP-R01: the same fact can turn out to be short-term (or lasting); one journaled
    event each way, undone like any other."""
    game = _game()
    ids = _spies(game)
    expert = ids["Expert At Getting Into Places"]
    entries = game.set_detail_kind(expert, "temporary", reason="he is getting rusty")
    event = entries[-1].event
    assert isinstance(event, DetailKindChanged)
    assert (event.old_kind, event.detail_kind) == ("character", "temporary")
    assert event.describe() == (
        "Detail 'Expert At Getting Into Places' on Algernon Pierce is now a Temporary Detail "
        "(was character): he is getting rusty"
    )
    assert game.state.detail(expert).kind == "temporary"
    game.set_detail_kind(expert, "character")
    assert game.state.detail(expert).kind == "character"
    game.undo()
    assert game.state.detail(expert).kind == "temporary"


@pytest.mark.rule("IMP-R01")
def test_r01_a_scene_or_world_detail_switches_between_scene_and_temporary():
    game = _game()
    ids = _spies(game)
    market = ids["Market Day"]
    game.set_detail_kind(market, "temporary")
    assert game.state.detail(market).kind == "temporary"
    game.set_detail_kind(market, "scene")
    dawn = game.add_detail(WORLD, "Sunrise Approaches")
    game.set_detail_kind(dawn, "temporary")
    assert game.state.detail(dawn).kind == "temporary"


@pytest.mark.rule("IMP-R01")
@pytest.mark.parametrize(
    ("detail", "kind", "message"),
    [
        (
            "Expert At Getting Into Places",
            "scene",
            r"is 'character' or 'temporary' \(IMP-R01\), got 'scene'",
        ),
        ("Market Day", "character", r"is 'scene' or 'temporary' \(IMP-R01\), got 'character'"),
        ("Market Day", "weather", r"got 'weather'"),
        ("Market Day", None, r"got None"),
        ("Market Day", "scene", r"already a scene Detail; nothing to change. Allowed: temporary"),
        ("Armed To The Teeth", "character", r"already a character Detail"),
    ],
)
def test_r01_a_kind_that_does_not_fit_the_owner_is_refused_with_nothing_changed(
    detail: str, kind: Any, message: str
):
    game = _game()
    ids = _spies(game)
    before = _snapshot(game)
    with pytest.raises(RuleError, match=message):
        game.set_detail_kind(ids[detail], kind)
    assert _snapshot(game) == before
    with pytest.raises(RuleError, match="there is no Detail 'det-99'"):
        game.set_detail_kind("det-99", "temporary")


@pytest.mark.rule("IMP-R01")
def test_r01_a_kind_change_replays_from_the_journal(tmp_path: Path):
    path = tmp_path / "kinds.jsonl"
    game = _game(path)
    ids = _spies(game)
    game.set_detail_kind(ids["Expert At Getting Into Places"], "temporary")
    game.set_detail_kind(ids["Market Day"], "temporary")
    game.journal.close()
    resumed = ImpactGame.resume(path)
    assert resumed.state == game.state
    assert resumed.state.detail(ids["Market Day"]).kind == "temporary"
    resumed.journal.close()


@pytest.mark.rule("IMP-R01")
def test_r01_a_kind_change_with_a_bad_kind_in_the_journal_is_refused_on_load(tmp_path: Path):
    """The journal validates the event's schema: a kind the rules do not know fails to load."""
    path = tmp_path / "kinds.jsonl"
    game = _game(path)
    ids = _spies(game)
    game.set_detail_kind(ids["Market Day"], "temporary")
    game.journal.close()
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(lines[-1])
    assert record["kind"] == "detail_kind_changed"
    record["data"]["detail_kind"] = "weather"
    lines[-1] = json.dumps(record) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(JournalError, match="detail_kind"):
        Journal.open(path)


@pytest.mark.rule("IMP-R01")
def test_r01_apply_refuses_a_kind_change_that_does_not_fit_the_state():
    """An event that does not fit is an InconsistentEventError (a JournalError), never a
    RuleError: a bug or a hand-edited journal, not a refused request."""
    game = _game()
    ids = _spies(game)
    market = ids["Market Day"]

    def change(old: str, new: str) -> DetailKindChanged:
        return DetailKindChanged(
            detail=market, text="Market Day", owner_name="The street", old_kind=old, detail_kind=new
        )

    with pytest.raises(
        InconsistentEventError, match="is a scene Detail, but the event changes it from"
    ):
        ImpactGame.apply(game.state, change("temporary", "scene"))
    with pytest.raises(InconsistentEventError, match="cannot become a character Detail"):
        ImpactGame.apply(game.state, change("scene", "character"))


@pytest.mark.rule("IMP-R01", "IMP-R06", "IMP-R07")
def test_r01_a_kind_change_uncites_a_citation_the_new_kind_does_not_allow():
    """IMP-R06, IMP-R07: a helper's Temporary Detail may be cited against the roll; made a
    Character Detail it no longer may, so it drops out of the test not yet rolled, and
    the event says so. A citation the new kind still allows stays."""
    game = _game()
    ids = _spies(game)
    tyre = game.add_detail(ids["pierce"], TYRE, kind="temporary")
    game.action(ids["ellis"], "Tricky", helpers=[ids["pierce"]], hinders=[tyre])
    [entry] = game.set_detail_kind(tyre, "character")
    assert isinstance(entry.event, DetailKindChanged) and entry.event.uncited
    assert entry.event.describe().endswith("; no longer cited in the open test")
    assert game.test is not None and game.test.cited() == ()
    assert "roll" in _steps(game)
    game.cancel_test()
    game.action(ids["ellis"], "Tricky", helpers=[ids["pierce"]], helps=[tyre])
    [entry] = game.set_detail_kind(tyre, "temporary")
    assert isinstance(entry.event, DetailKindChanged) and not entry.event.uncited
    assert game.test.cited("helps") == (tyre,)
