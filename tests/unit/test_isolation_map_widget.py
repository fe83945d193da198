"""The relationship map of the Isolation table, with a fourth character (Dan), driven
in Python without a browser.

The dead take no new links, so a click on one says why and keeps nothing picked; a
character who dies or leaves while picked is let go; the status line names both
ends of a new link; and the adapter's full rebuild, which only the browser used to
exercise, keeps the map equal to the engine. Basic editing of the map (connect,
relabel, delete, the labels toggle) is in ``test_isolation_widgets.py``.
"""

from __future__ import annotations

import pytest

from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.widgets.isolation.map import RelationshipMap

pytestmark = pytest.mark.usefixtures("no_view_failures")


@pytest.fixture
def table(farmhouse_with_dan):
    return farmhouse_with_dan


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
    assert (
        "Added a link between <b>Alice</b> and <b>Eve</b>: + green, labeled “Shared a thermos”"
        in m.status.value
    )
    assert new.id not in m.status.value  # names, never the link's id
    click_node(m.view, "bob")  # the next click starts afresh
    assert "Added" not in m.status.value


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
