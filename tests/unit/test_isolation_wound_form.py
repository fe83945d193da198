"""The wound form of the Isolation conflict panel (ISO-R39), driven in Python without a
browser: its boxes take at most what the engine says is left to share and what each
character can still take, and a later conflict opens it blank.
"""

from __future__ import annotations

import pytest

from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.widgets.isolation import IsolationTable

pytestmark = pytest.mark.usefixtures("no_view_failures")


@pytest.fixture
def table(farmhouse_with_dan):
    return farmhouse_with_dan


def test_the_wound_boxes_take_at_most_the_wounds_the_engine_left(table):
    game, cp = table.game, table.conflict
    game.add_link("dan", "alice", "green", "Chess")
    game.run_conflict("bob", "board up", physical=True, difficulty=6)
    assert game.conflict is not None
    left = game.conflict.wounds_left
    assert cp.wounds.layout.display == "" and left == 2  # the engine's pending wounds
    assert set(cp.wound_inputs) == {"bob", "dan"}
    assert {box.max for box in cp.wound_inputs.values()} == {left}
    cp.wound_inputs["bob"].value = 5  # clamped to what is left to distribute
    assert cp.wound_inputs["bob"].value == left
    cp.assign_button.click()
    assert game.conflict is None and game.character("bob").health == "Dying"


def test_a_wound_box_takes_at_most_what_its_character_can_still_take():
    """The engine's numbers: wounds left to share, and each character's wound_capacity."""
    game = boarding_party(stress=2, seed=1)
    game.add_character("Dan", profession="Cook", bias="b", goal="g")
    game.add_link("dan", "bob", "green", "Old friends")
    game.add_link("dan", "alice", "green", "Chess")
    game.injure("dan", "an old wound")  # Injured: two more levels before Dead
    t = IsolationTable(game, name="farmhouse")
    try:
        game.run_conflict("bob", "board up", physical=True, difficulty=5)  # seeded: 4 wounds
        left = game.conflict.wounds_left
        maxima = {who: box.max for who, box in t.conflict.wound_inputs.items()}
        assert left == 4 and maxima["dan"] == 2 and maxima["bob"] == 3
        assert maxima == {who: min(left, game.wound_capacity(who)) for who in maxima}
    finally:
        t.close()


def test_a_later_conflict_opens_its_wound_form_blank():
    game = boarding_party(stress=2, seed=159)
    game.add_character("Dan", profession="Cook", bias="b", goal="g")
    game.add_link("dan", "bob", "green", "Old friends")
    game.add_link("dan", "alice", "green", "Chess")
    t = IsolationTable(game)
    cp = t.conflict
    game.run_conflict("bob", "board up", physical=True, difficulty=6)
    assert cp.wounds.layout.display == ""
    cp.wound_inputs["bob"].value = 1
    cp.assign_button.click()
    assert game.conflict is None and cp.wounds.layout.display == "none"
    game.run_conflict("alice", "hold the door", physical=True, difficulty=2)
    assert cp.wounds.layout.display == "" and "bob" in cp.wound_inputs
    assert [box.value for box in cp.wound_inputs.values()] == [0] * len(cp.wound_inputs)
    t.close()
