"""Gaps an audit of the Isolation table found, driven in Python without a browser.

A click on a dead character that dropped the selection without a word, a status
line that did not say which two characters a new link joins, a wound form with
a hard-coded maximum, and the map adapter's full rebuild, which only the
browser used to exercise.
"""

from __future__ import annotations

import pytest

from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.widgets.isolation import IsolationTable
from isowidgets.widgets.isolation.map import RelationshipMap

pytestmark = pytest.mark.usefixtures("no_view_failures")


@pytest.fixture
def table():
    game = boarding_party(stress=2, seed=3)
    game.add_character("Dan", profession="Cook", bias="b", goal="g")
    game.add_link("dan", "bob", "green", "Old friends")
    t = IsolationTable(game, name="farmhouse")
    yield t
    t.close()


def click_node(view, character_id):
    view._node_clicked({"data": {"id": view.view_id(character_id)}, "group": "nodes"})


def drawn(view) -> dict[str, tuple[str, str, str]]:
    """What the adapter shows: link id → (source, target, text), read from the elements."""
    by_view = {s.view_id: k for k, s in view._nodes.items() if not s.hidden}
    return {
        key: (
            by_view[s.element.data["source"]],
            by_view[s.element.data["target"]],
            s.element.data["text"],
        )
        for key, s in view._edges.items()
        if not s.hidden
    }


# --------------------------------------------------------------------------- the dead


def test_clicking_a_dead_character_says_why_and_keeps_nothing_picked(table):
    m, game = table.map, table.game
    game.kill("dan", "found in the cellar")
    click_node(m.view, "dan")
    assert m.first is None and m.pair is None
    assert "✝ Dan is Dead: the dead take no new links" in m.messages.value
    assert "Click a living character to start a link" in m.messages.value
    assert "iw-msg--warning" in m.messages.value  # shown, not dropped


def test_a_dead_second_click_keeps_the_first_pick_and_says_so(table):
    m, game = table.map, table.game
    game.kill("dan", "found in the cellar")
    click_node(m.view, "alice")
    click_node(m.view, "dan")
    assert m.first == "alice" and m.pair is None
    assert m.connect_form.layout.display == "none"
    assert "Alice is still picked" in m.messages.value
    assert "Alice</b> picked" in m.status.value
    click_node(m.view, "eve")  # the next living character completes the pair
    assert m.pair == ("alice", "eve") and m.messages.value == ""


def test_a_character_who_dies_while_picked_is_let_go_with_a_message(table):
    m, game = table.map, table.game
    click_node(m.view, "dan")
    assert m.first == "dan"
    game.kill("dan", "a ruling from another cell")
    assert m.first is None
    assert "Dan died while picked" in m.messages.value


def test_a_removed_character_is_let_go_quietly(table):
    m, game = table.map, table.game
    click_node(m.view, "dan")
    game.remove_character("dan")  # the sheet that removed them says so
    assert m.first is None and m.messages.value == ""
    assert m.view.visible_nodes == ["alice", "bob", "eve"]


# --------------------------------------------------------------------------- status


def test_the_status_names_both_ends_of_a_new_link(table):
    m, game = table.map, table.game
    click_node(m.view, "alice")
    click_node(m.view, "eve")
    assert "New link between <b>Alice</b> and <b>Eve</b>" in m.status.value
    m.label.value = "Shared a thermos"
    m.add_button.click()
    new = game.state.links[-1]
    assert new.pair == ("alice", "eve")
    assert f"Added {new.id} (+ Shared a thermos) between <b>Alice</b> and <b>Eve</b>" in (
        m.status.value
    )
    click_node(m.view, "bob")  # the next click starts afresh
    assert "Added" not in m.status.value


# --------------------------------------------------------------------------- wounds


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


# --------------------------------------------------------------------------- the rebuild


def test_a_full_rebuild_keeps_the_map_equal_to_the_engine(table):
    m, game = table.map, table.game
    m.view.compact_after = 2
    for link_id in ("L3", "L5"):
        m.pick_link(link_id)
        m.delete_button.click()
        assert not m.view.last.rebuilt
    before = m.view.view_id("alice")
    m.pick_link("L1")
    m.delete_button.click()
    assert m.view.last.rebuilt and m.view.hidden_count == 0
    assert m.view.view_id("alice") != before  # fresh ids: cytoscape refuses old ones
    assert list(m.view.widget.graph.edges) == [s.element for s in m.view._edges.values()]
    expected = {x.id: (x.a, x.b) for x in game.state.links}
    assert {k: v[:2] for k, v in drawn(m.view).items()} == expected
    click_node(m.view, "alice")
    click_node(m.view, "eve")
    m.label.value = "Shared a thermos"
    m.add_button.click()
    new = game.state.links[-1]
    assert drawn(m.view)[new.id] == ("alice", "eve", "+ Shared a thermos")


def test_the_map_takes_the_rebuild_threshold_as_an_argument():
    game = boarding_party(stress=2)
    m = RelationshipMap(game, compact_after=7)
    assert m.view.compact_after == 7
    m.close()


def test_a_wound_box_takes_at_most_what_its_character_can_still_take():
    """The engine's numbers: wounds left to share, and each character's wound_capacity."""
    game = boarding_party(stress=2, seed=10)
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
