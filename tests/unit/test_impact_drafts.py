"""A test is set up as a draft (a pure value) and journaled once, when it opens.

Citing Details and adding helpers before the roll used to be journaled event by
event; now the draft carries them and ``TestOpened`` journals all of it. These
tests pin that: drafts change nothing, the same rules check them (IMP-R06,
IMP-R07, IMP-A09), a draft follows the table when it changes, and opening (or
opening and rolling) journals exactly what the draft held.
"""

from __future__ import annotations

import pytest

from isowidgets.errors import FacesError, RuleError
from isowidgets.rules.impact import ImpactGame, OpenTest, rules
from isowidgets.rules.impact.events import TestOpened, TestRolled
from isowidgets.widgets.impact import Drafting


def _table() -> tuple[ImpactGame, dict[str, str]]:
    game = ImpactGame.new(seed=8)
    ids = {
        "ada": game.add_pc("Ada", ["Quick Hands"]),
        "bo": game.add_pc("Bo", ["Strong As An Ox"]),
        "valnis": game.add_npc("Valnis", ["Master Of Flame"], impact="D8"),
        "hall": game.add_scene("Burning hall", ["Smoke Everywhere"], impact="D6"),
    }
    ids.update({d.text: d.id for d in game.state.details})
    return game, ids


@pytest.mark.rule("IMP-R06")
def test_editing_a_draft_journals_nothing_and_opening_journals_it_once():
    game, ids = _table()
    size, state = len(game.journal), game.state
    draft = rules.draft_test(state, "action", ids["ada"], difficulty="Difficult")
    draft = rules.add_helper(state, draft, ids["bo"])
    draft = rules.cite(state, draft, ids["Quick Hands"])
    draft = rules.cite(state, draft, ids["Strong As An Ox"])
    draft = rules.cite(state, draft, ids["Smoke Everywhere"], "hinders")
    assert (game.state, len(game.journal)) == (state, size)
    assert game.open_draft(draft) == draft.id == "test-1"
    [entry] = game.journal.entries[size:]
    opened = entry.event
    assert isinstance(opened, TestOpened)
    assert opened.helpers == (ids["bo"],)
    assert [(c.detail, c.sign) for c in opened.citations] == [
        (ids["Quick Hands"], "helps"),
        (ids["Strong As An Ox"], "helps"),
        (ids["Smoke Everywhere"], "hinders"),
    ]
    assert game.test is not None and game.test.citations == draft.citations
    assert game.roll_plan().net == 1


def test_a_draft_opened_and_rolled_is_one_action_and_a_refused_face_opens_nothing():
    game, ids = _table()
    draft = rules.draft_test(
        game.state, "action", ids["ada"], difficulty="Tricky", helps=[ids["Quick Hands"]]
    )
    before = (game.state, len(game.journal), game.dice.state())
    with pytest.raises(FacesError, match="a d10 shows 1–10"):
        game.roll_draft(draft, 11)
    assert (game.state, len(game.journal), game.dice.state()) == before
    rolled = game.roll_draft(draft, 7)
    assert isinstance(rolled, TestRolled) and rolled.total == 8
    kinds = [(e.action, e.kind) for e in game.journal.entries[before[1] :]]
    assert [k for _, k in kinds] == ["test_opened", "test_rolled"]
    assert len({a for a, _ in kinds}) == 1
    game.undo()  # one undo takes back the opening and the roll together
    assert game.test is None and len(game.journal.effective()) == before[1]


@pytest.mark.rule("IMP-R06", "IMP-R07", "IMP-A09")
def test_draft_edits_are_checked_by_the_same_rules_and_return_new_drafts():
    game, ids = _table()
    state = game.state
    draft = rules.draft_test(state, "action", ids["ada"], difficulty="Tricky")
    with pytest.raises(RuleError, match=r"Tip: name Bo among the helpers \(helpers=\['char-2'\]\)"):
        rules.cite(state, draft, ids["Strong As An Ox"])
    helped = rules.add_helper(state, draft, ids["bo"])
    assert draft.helpers == () and helped.helpers == (ids["bo"],)  # values, never changed
    cited = rules.cite(state, helped, ids["Strong As An Ox"])
    with pytest.raises(RuleError, match="counts once per roll"):
        rules.cite(state, cited, ids["Strong As An Ox"])
    with pytest.raises(RuleError, match="is not cited in this test"):
        rules.uncite(cited, ids["Quick Hands"])
    assert rules.uncite(cited, ids["Strong As An Ox"]).cited() == ()
    with pytest.raises(RuleError, match="Bo is not helping"):
        rules.remove_helper(state, draft, ids["bo"])
    left = rules.remove_helper(state, cited, ids["bo"])  # his Details go with him
    assert (left.helpers, left.cited()) == ((), ())
    assert rules.citation_options(state, draft) == {
        ids["Quick Hands"]: ("helps", "hinders"),
        ids["Smoke Everywhere"]: ("helps", "hinders"),
    }


def test_only_a_draft_can_be_edited_or_opened():
    game, ids = _table()
    game.action(ids["ada"], "Simple")
    game.roll(12)
    rolled = game.test
    assert rolled is not None and rolled.phase == "success"
    for edit in (
        lambda: rules.cite(game.state, rolled, ids["Quick Hands"]),
        lambda: rules.uncite(rolled, ids["Quick Hands"]),
        lambda: rules.add_helper(game.state, "test-1", ids["bo"]),
        lambda: game.open_draft(rolled),
    ):
        with pytest.raises(RuleError, match="a draft is a test set up but not opened"):
            edit()


@pytest.mark.rule("IMP-A17")
def test_a_draft_carries_over_what_still_fits_when_the_table_changes():
    game, ids = _table()
    draft = rules.draft_test(
        game.state,
        "action",
        ids["ada"],
        difficulty="Tricky",
        helpers=[ids["bo"]],
        helps=[ids["Quick Hands"], ids["Strong As An Ox"], ids["Smoke Everywhere"]],
    )
    game.set_detail_active(ids["Smoke Everywhere"], False)  # disabled: it drops out
    other = rules.draft_test(game.state, "action", ids["bo"], difficulty="Difficult")
    carried = rules.carry_over(game.state, other, draft)
    # Bo rolls now: he cannot help himself; Ada's own Detail no longer counts for him.
    assert carried.helpers == () and carried.cited() == (ids["Strong As An Ox"],)
    assert rules.carry_over(game.state, other, None) == other


def test_the_widgets_share_one_draft_that_follows_the_game():
    game, ids = _table()
    drafting = Drafting(game)
    seen: list[int] = []
    stop = drafting.follow(lambda: seen.append(1))
    with pytest.raises(RuleError, match="no test is being set up"):
        drafting.draft()
    drafting.form = lambda: {"kind": "action", "actor": ids["ada"], "difficulty": "Tricky"}
    draft = drafting.edit(lambda d: rules.cite(game.state, d, ids["Quick Hands"]))
    assert isinstance(draft, OpenTest) and drafting.draft().cited() == (ids["Quick Hands"],)
    game.remove_detail(ids["Quick Hands"])  # gone from the table: gone from the draft
    assert drafting.draft().cited() == ()
    game.action(ids["bo"], "Simple")
    with pytest.raises(RuleError, match="Bo's test is open and was journaled"):
        drafting.draft()
    drafting.clear()
    stop()
    drafting.changed()
    assert seen == [1, 1]
