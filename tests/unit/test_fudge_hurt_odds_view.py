"""The "How much will this hurt?" box on the Danish table's Let It Hurt tab, without a
browser: shown before round one only, in words and numbers, in English and Danish."""

from __future__ import annotations

import pytest
from fudge_duel import duel

from isowidgets.widgets.fudge_conflict import FudgeTable
from isowidgets.widgets.numbers import percent


@pytest.mark.rule("DK-R21", "DK-R35")
def test_the_box_answers_before_round_one_and_follows_the_yield_levels() -> None:
    game, ana, bo = duel(faces=("0 0 0", "+ 0 0"))
    written = len(game.journal)
    table = FudgeTable(game)
    view = table.round_panel.hurt_odds
    assert view.layout.display is None  # a settled conflict: shown
    assert view.body.layout.display == "none" and view.result.value == ""  # closed: not asked
    view.toggle.click()
    assert view.body.layout.display is None
    exact = game.hurt_odds(ana)
    text = view.result.value
    assert "Ana: wins " in text and "Bo: wins " in text
    assert f"{percent(exact.first.win)}" in text
    assert "declares first" in text and 'role="status"' in text
    view.yields[0].value = 4
    assert view.yields[0].description == "Ana gives up at"
    lower = game.hurt_odds(ana, yield_at=4)
    assert f"{percent(lower.first.win)}" in view.result.value
    assert len(game.journal) == written  # the box only asks: nothing is journaled
    game.let_it_hurt(ana)
    assert view.layout.display is None  # round one: still shown
    for who in (ana, bo):
        game.state_intention(who, "win")
    game.declare(ana, "crossing", bo, "brawl", ability="kraft")
    game.declare(bo, "crossing", ana, "brawl", ability="kraft")
    game.roll_round()
    assert view.layout.display == "none"  # past round one


def test_the_box_speaks_danish_and_hides_without_a_conflict() -> None:
    game, _, _ = duel()
    table = FudgeTable(game)
    table.labels.set_language("da")
    view = table.round_panel.hurt_odds
    assert view.toggle.text == "▸ Hvor ondt vil det gøre?"
    view.toggle.click()
    assert "vinder" in view.result.value and "giver op ved" in view.yields[0].description
    assert any("Nederlag" in label for label, _ in view.yields[0].options)
    from isowidgets.rules.fudge_conflict import FudgeGame

    empty = FudgeTable(FudgeGame.new())
    assert empty.round_panel.hurt_odds.layout.display == "none"


def test_a_note_does_not_solve_the_fight_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The chain is solved once per state and yield levels: a note leaves the state as it
    was, so the box keeps its answer (solving can take seconds with pools to spend)."""
    game, _ana, _bo = duel(faces=("0 0 0", "+ 0 0"))
    table = FudgeTable(game)
    view = table.round_panel.hurt_odds
    view.toggle.click()
    asked: list[int] = []
    solve = type(game).hurt_odds

    def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(1)
        return solve(self, *args, **kwargs)

    monkeypatch.setattr(type(game), "hurt_odds", counted)
    shown = view.result.value
    game.note("the superior sighs")
    view.refresh(game.state)
    assert asked == [] and view.result.value == shown
    view.yields[1].value = 5  # a yield level changed: asked again
    assert asked == [1]


def test_a_refusal_of_the_odds_is_said_in_the_table_s_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fight the chain cannot solve is explained in the words of the table, not in the
    English of the error (the pseudo-language walk found the English)."""
    from isowidgets.errors import RuleError

    game, _ana, _bo = duel(faces=("0 0 0", "+ 0 0"))

    def never_ends(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuleError(
            "fudge_conflict.odds_never_ends",
            "under these settings no round can change this fight, so it never ends "
            "(no hit can move either side's damage track any further)",
        )

    monkeypatch.setattr(type(game), "hurt_odds", never_ends)
    table = FudgeTable(game, language="da")
    view = table.round_panel.hurt_odds
    view.toggle.click()
    assert "under these settings" not in view.result.value
    assert 'role="status"' in view.result.value and view.result.value.count("<div") == 1
    table.set_language("qps")  # said again in the language switched to
    assert "⟦under these settings no round can change this fight" in view.result.value
