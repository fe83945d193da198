"""Every public ImpactGame method refuses what it cannot take with the kit's error.

Values reach the game from notebooks and widgets: an unknown or missing
keyword, ``None``, a value of the wrong type, a whole number of thousands of
digits or a megabyte of text must each be refused with a
:class:`~isowidgets.errors.RuleError` (never a TypeError, nor a ValueError of
Python's own) that shows the value shortened, and must change nothing: state,
journal and dice stay as they were.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

from isowidgets.errors import IsowidgetsError, RuleError
from isowidgets.rules.impact import Effect, ImpactGame, rules

HUGE = 10**5000
"""A whole number Python cannot even print by default (more than 4,300 digits)."""
MEGA = "x" * 1_000_000
"""A megabyte of text."""


def _table() -> tuple[ImpactGame, dict[str, str]]:
    game = ImpactGame.new(seed=3)
    ids = {
        "pc": game.add_pc("Ada", ["Quick Hands"]),
        "npc": game.add_npc("Valnis", ["Master Of Flame"], impact="D8"),
        "scene": game.add_scene("Hall", ["Smoke"], impact="D6"),
    }
    return game, ids


def _snapshot(game: ImpactGame) -> tuple[object, int, object]:
    return game.state, len(game.journal), game.dice.state()


def _calls(game: ImpactGame, ids: dict[str, str]) -> dict[str, Callable[..., Any]]:
    """A call each public method accepts on a fresh table, given its extra keywords."""
    pc, npc, scene = ids["pc"], ids["npc"], ids["scene"]
    draft = rules.draft_test(game.state, "action", pc, difficulty="Tricky")
    return {
        "add_pc": lambda **k: game.add_pc("Bo", **k),
        "add_npc": lambda **k: game.add_npc("Goon", **k),
        "add_scene": lambda **k: game.add_scene("Road", **k),
        "add_detail": lambda **k: game.add_detail(pc, "Brave", **k),
        "alter_detail": lambda **k: game.alter_detail("det-1", text="Quicker Hands", **k),
        "remove_detail": lambda **k: game.remove_detail("det-1", **k),
        "set_detail_active": lambda **k: game.set_detail_active("det-1", False, **k),
        "set_detail_kind": lambda **k: game.set_detail_kind("det-1", "temporary", **k),
        "set_impact": lambda **k: game.set_impact(pc, "D8", **k),
        "damage": lambda **k: game.damage(pc, **k),
        "heroic_act": lambda **k: game.heroic_act(pc, **k),
        "self_complication": lambda **k: game.self_complication(pc, "det-1", "Butterfingers", **k),
        "opening_scene": lambda **k: game.opening_scene(pc, "det-1", **k),
        "rest": lambda **k: game.rest(**k),
        "next_session": lambda **k: game.next_session(**k),
        "new_adventure": lambda **k: game.new_adventure(**k),
        "action": lambda **k: game.action(pc, "Tricky", **k),
        "avoid_harm": lambda **k: game.avoid_harm(pc, npc, **k),
        "foil": lambda **k: game.foil(pc, npc, "Tricky", **k),
        "open_draft": lambda **k: game.open_draft(draft, **k),
        "roll_draft": lambda **k: game.roll_draft(draft, 3, **k),
        "plan_odds": lambda **k: game.plan_odds("avoid_harm", pc, threat=scene, **k),
        "earn_warning": lambda **k: game.earn_warning(pc, **k),
        "impact_timeline": lambda **k: game.impact_timeline(**k),
        "citable": lambda **k: game.citable(**k),
        # The test steps need an open test; refused with a RuleError first either way.
        "cancel_test": lambda **k: game.cancel_test(**k),
        "roll": lambda **k: game.roll(3, **k),
        "roll_plan": lambda **k: game.roll_plan(**k),
        "odds": lambda **k: game.odds(**k),
        "declare_great_success": lambda **k: game.declare_great_success(**k),
        "choose_effect": lambda **k: game.choose_effect("step_down", target=npc, **k),
        "offer_complication": lambda **k: game.offer_complication("Tangled", **k),
        "accept_complication": lambda **k: game.accept_complication(**k),
        "decline_complication": lambda **k: game.decline_complication(**k),
        "spend": lambda **k: game.spend(**k),
        "take_cost": lambda **k: game.take_cost(**k),
        "finish": lambda **k: game.finish(**k),
    }


def test_the_table_of_calls_covers_every_public_method():
    game, ids = _table()
    public = {
        name
        for name, member in vars(ImpactGame).items()
        if not name.startswith("_") and inspect.isfunction(member)
    }
    assert public == set(_calls(game, ids))


@pytest.mark.parametrize("method", sorted(_calls(*_table())))
def test_an_unknown_keyword_is_refused_with_the_kits_error_and_changes_nothing(method: str):
    game, ids = _table()
    before = _snapshot(game)
    with pytest.raises(RuleError, match=rf"{method}\(\) takes no argument 'speed'; allowed:"):
        _calls(game, ids)[method](speed=3)
    assert _snapshot(game) == before


def test_a_megabyte_keyword_name_is_shown_shortened():
    game, _ = _table()
    with pytest.raises(RuleError) as refused:
        game.add_pc("Bo", **{MEGA: 1})
    assert len(str(refused.value)) < 500


def test_a_missing_or_extra_argument_is_refused_with_the_kits_error():
    game, ids = _table()
    before = _snapshot(game)
    with pytest.raises(RuleError, match=r"add_pc\(\): missing a required argument: 'name'"):
        game.add_pc()  # type: ignore[call-arg]
    with pytest.raises(RuleError, match=r"damage\(\): too many positional arguments"):
        game.damage(ids["pc"], 1, "a blow", "and another")  # type: ignore[call-arg]
    assert _snapshot(game) == before


def _refusals(game: ImpactGame, ids: dict[str, str]) -> list[Callable[[], Any]]:
    pc, npc = ids["pc"], ids["npc"]
    return [
        # None where a value is needed
        lambda: game.add_pc(None),  # type: ignore[arg-type]
        lambda: game.add_detail(pc, None),  # type: ignore[arg-type]
        lambda: game.remove_detail("det-1", None),  # type: ignore[arg-type]
        lambda: game.heroic_act(pc, None),  # type: ignore[arg-type]
        lambda: game.set_detail_active("det-1", None),  # type: ignore[arg-type]
        lambda: game.damage(pc, None),  # type: ignore[arg-type]
        lambda: game.action(None, "Tricky"),  # type: ignore[arg-type]
        lambda: game.action(pc, "Tricky", helps=None),  # type: ignore[arg-type]
        lambda: game.open_draft(None),  # type: ignore[arg-type]
        lambda: game.roll_draft(None),  # type: ignore[arg-type]
        lambda: game.earn_warning(None),  # type: ignore[arg-type]
        # the wrong type
        lambda: game.add_pc(["Bo"]),  # type: ignore[arg-type]
        lambda: game.add_pc("Bo", "Brave"),
        lambda: game.add_detail(pc, "Brave", kind=3),  # type: ignore[arg-type]
        lambda: game.set_detail_active("det-1", 1),  # type: ignore[arg-type]
        lambda: game.damage(pc, 1.5),  # type: ignore[arg-type]
        lambda: game.damage(pc, True),
        lambda: game.action(pc, 8),
        lambda: game.action(pc, "Tricky", helpers={"a": 1}),  # type: ignore[arg-type]
        lambda: game.foil(pc, npc, "Tricky", intent="step_down"),  # type: ignore[arg-type]
        lambda: game.open_draft(Effect.step_down(npc)),  # type: ignore[arg-type]
        lambda: game.choose_effect(3),  # type: ignore[arg-type]
        # huge whole numbers
        lambda: game.damage(pc, HUGE),
        lambda: game.set_impact(pc, HUGE),
        lambda: game.add_pc("Bo", impact=HUGE),
        lambda: game.action(pc, HUGE),
        lambda: game.add_pc(HUGE),  # type: ignore[arg-type]
        # a megabyte of text
        lambda: game.add_pc(MEGA),
        lambda: game.add_pc("Bo", [MEGA]),
        lambda: game.add_detail(MEGA, "Brave"),
        lambda: game.add_detail(pc, MEGA),
        lambda: game.alter_detail(MEGA, text="x"),
        lambda: game.remove_detail("det-1", MEGA),
        lambda: game.set_impact(pc, MEGA),
        lambda: game.set_detail_kind("det-1", MEGA),  # type: ignore[arg-type]
        lambda: game.heroic_act(MEGA),
        lambda: game.rest(MEGA),
        lambda: game.rest([pc, MEGA]),
        lambda: game.action(pc, MEGA),
        lambda: game.action(pc, "Tricky", helps=[MEGA]),
        lambda: game.avoid_harm(pc, npc, cost_detail=MEGA),
        lambda: game.foil(
            pc, npc, "Tricky", intent=Effect(kind="new_detail", target=pc, text=MEGA)
        ),
        lambda: game.plan_odds(MEGA, pc),
        lambda: game.earn_warning(MEGA),
        lambda: game.choose_effect("new_detail", target=pc, text=MEGA),
        # far too many
        lambda: game.add_pc("Bo", ["Brave"] * 1_000_000),
        lambda: game.action(pc, "Tricky", helpers=[npc] * 1_000_000),
        lambda: game.rest([pc] * 1_000_000),
    ]


@pytest.mark.parametrize("index", range(len(_refusals(*_table()))))
def test_bad_values_are_refused_shortly_and_change_nothing(index: int):
    game, ids = _table()
    before = _snapshot(game)
    with pytest.raises(IsowidgetsError) as refused:
        _refusals(game, ids)[index]()
    assert len(str(refused.value)) < 2_000  # the value is shown shortened, never whole
    assert _snapshot(game) == before


def test_a_megabyte_effect_text_is_refused_when_the_effect_is_made():
    with pytest.raises(RuleError, match="1,000,000 characters long; at most 300"):
        Effect.make("new_detail", "char-1", MEGA)


def test_steps_of_something_that_is_not_a_state_are_refused():
    with pytest.raises(RuleError, match=r"steps\(\) reads an ImpactState, got 'x'"):
        ImpactGame.steps("x")  # type: ignore[arg-type]
