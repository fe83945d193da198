"""The relationship map in words: the link list under the canvas, without a browser.

What must hold: every link is listed pair by pair in words (names, never ids; the
colour as a word and a glyph; labeled and permanent or unlabeled and temporary),
edits go through the engine's own calls and its refusals change nothing, the list
follows every action (an undo, a cell's engine call), and the list and the canvas
agree on what is chosen. Also here: the names a screen reader reads for the
descriptor-word lists of "Build the map".
"""

from __future__ import annotations

import re

import pytest

from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.widgets.isolation import IsolationTable
from isowidgets.widgets.isolation.links import (
    link_words,
    list_options,
    pair_count_text,
    pair_id,
    pair_of,
    pair_words,
)
from isowidgets.widgets.isolation.map import RelationshipMap

pytestmark = pytest.mark.usefixtures("no_view_failures")


@pytest.fixture
def game() -> IsolationGame:
    return boarding_party(stress=2)


@pytest.fixture
def panel(game):
    m = RelationshipMap(game)
    yield m
    m.close()


def rows(m: RelationshipMap) -> list[str]:
    return [text for text, _value in m.link_list.choice.options]


def choose(m: RelationshipMap, value: str | None) -> None:
    """What arrow keys in the list box do: a new value from the browser."""
    m.link_list.choice.value = value


# --------------------------------------------------------------------------- the words


def test_every_link_is_listed_pair_by_pair_in_words(game):
    options = list_options(game.state)
    texts = [text.strip() for text, _ in options]
    assert texts == [
        "Alice – Bob: 3 links, 2 + green and 1 × red",
        "Alice – Bob, 1 of 3: + green, labeled “Flirtatious / Charming” (permanent; "
        "descriptor pass)",
        "Alice – Bob, 2 of 3: + green, labeled “Compassionate / Brave” (permanent; "
        "descriptor pass)",
        "Alice – Bob, 3 of 3: × red, labeled “Impatient / Stubborn” (permanent; descriptor pass)",
        "Bob – Eve: 3 links, 1 + green and 2 × red",
        "Bob – Eve, 1 of 3: + green, labeled “Resourceful / Handy” (permanent; descriptor pass)",
        "Bob – Eve, 2 of 3: × red, labeled “Jealous / Charming” (permanent; descriptor pass)",
        "Bob – Eve, 3 of 3: × red, labeled “Arrogant / Arrogant” (permanent; descriptor pass)",
    ]
    assert [value for _, value in options] == [
        "pair:alice|bob",
        "L1",
        "L2",
        "L3",
        "pair:bob|eve",
        "L4",
        "L5",
        "L6",
    ]
    # Names, never ids: no character id and no link id in what a person reads.
    for text in texts:
        assert not re.search(r"\bL\d+\b|\b(alice|bob|eve)\b", text), text


def test_temporary_bias_and_injury_links_say_what_they_are(game):
    game.add_link("alice", "eve", "red")
    game.add_bias_links("bob", "eve")
    game.injure("alice", "glass")
    names = {c.id: c.name for c in game.state.characters}
    temporary = next(x for x in game.state.links if not x.labeled)
    bias = next(x for x in game.state.links if x.origin == "bias")
    injury = next(x for x in game.state.links if x.injury_level)
    assert link_words(temporary, names) == "× red, unlabeled (temporary)"
    assert link_words(bias, names) == "× red, labeled “Upper Class Snob” (permanent; Bob's bias)"
    assert link_words(injury, names) == "× red, labeled “Injured” (permanent; Alice's injury)"
    assert pair_words(game.state, ("alice", "eve"), game.links_between("alice", "eve"), names) == (
        "Alice – Eve: 2 links, 2 × red"
    )
    assert pair_count_text(game.links_between("bob", "eve")) == "5 links: 1 + · 4 ×"


def test_pairs_follow_the_cast_order_not_the_id_order():
    game = IsolationGame.new(seed=1)
    for name in ("Zed", "Amy"):
        game.add_character(name, profession="p", bias="b", goal="g")
    game.add_link("amy", "zed", "green", "Old friends")
    assert list_options(game.state)[0][0] == "Zed – Amy: 1 link, 1 + green"


def test_pair_values_round_trip():
    assert pair_of(pair_id(("alice", "bob"))) == ("alice", "bob")
    assert pair_of("L3") is None and pair_of(None) is None and pair_of("pair:") is None


# --------------------------------------------------------------------------- editing


def test_add_a_link_by_names_and_colour(panel, game):
    lst = panel.link_list
    assert lst.a.options == (("Alice", "alice"), ("Bob", "bob"), ("Eve", "eve"))
    lst.a.value, lst.b.value, lst.colour.value = "alice", "eve", "red"
    lst.label.value = "Took the last blanket"
    lst.add_button.click()
    link = game.state.links[-1]
    assert (link.pair, link.colour, link.label, link.origin) == (
        ("alice", "eve"),
        "red",
        "Took the last blanket",
        "session",
    )
    assert lst.messages.kind == "info"
    assert "Added between Alice and Eve: × red, labeled “Took the last blanket”" in (
        lst.messages.value
    )
    assert lst.label.value == ""
    # The list and the canvas both show it.
    assert any("Alice – Eve, 1 of 1: × red" in text for text in rows(panel))
    assert link.id in panel.view.visible_edges


def test_enter_in_the_label_box_adds_the_link(panel, game):
    lst = panel.link_list
    lst.a.value, lst.b.value = "alice", "eve"
    lst.label.submit("Shared a thermos")
    assert game.state.links[-1].label == "Shared a thermos"


@pytest.mark.rule("ISO-R33")
def test_an_unlabeled_link_is_temporary_and_cancels_the_other_colour(panel, game):
    lst = panel.link_list
    lst.a.value, lst.b.value = "alice", "eve"
    lst.labeled.value = False
    assert lst.label.disabled  # a temporary link takes no label
    lst.colour.value = "red"
    lst.add_button.click()
    assert "unlabeled (temporary)" in lst.messages.value
    lst.colour.value = "green"
    lst.add_button.click()
    assert game.links_between("alice", "eve") == ()
    assert "cancelled a × red temporary one (ISO-R33)" in lst.messages.value
    assert not any("Alice – Eve" in text for text in rows(panel))


def test_refusals_are_the_engines_and_change_nothing(panel, game):
    lst = panel.link_list
    before = (game.state.links, len(game.journal))
    lst.a.value, lst.b.value = "alice", "alice"
    lst.label.value = "Mirror"
    lst.add_button.click()
    assert lst.messages.kind == "error"
    assert "two different characters" in lst.messages.last_error
    lst.b.value = "eve"
    lst.label.value = "   "
    lst.add_button.click()
    assert "type the label" in lst.messages.last_error
    assert (game.state.links, len(game.journal)) == before
    # A labeled link while a conflict is in progress: the engine says why not.
    game.propose("bob", "board up")
    lst.label.value = "Shared a thermos"
    lst.add_button.click()
    assert "while conflict 1 is in progress" in lst.messages.last_error
    assert "locked" in lst.summary.value


def test_relabel_and_delete_the_chosen_link(panel, game):
    lst = panel.link_list
    assert lst.delete_button.disabled and lst.relabel_button.disabled
    choose(panel, "L3")
    assert "Chosen: Alice – Bob, × red, labeled “Impatient / Stubborn”" in lst.chosen.value
    assert lst.new_label.value == "Impatient / Stubborn"
    lst.new_label.submit("Stubborn about the radio")  # Enter in the box
    assert game.state.link("L3").label == "Stubborn about the radio"
    assert panel.view._edges["L3"].element.data["text"] == "× Stubborn about the radio"
    assert "Alice – Bob, 3 of 3: × red, labeled “Stubborn about the radio”" in rows(panel)[3]
    lst.delete_button.click()
    assert "L3" not in [x.id for x in game.state.links]
    assert "Deleted: Alice – Bob, × red" in lst.messages.value
    assert lst.choice.value == "pair:alice|bob"  # the keyboard stays at the pair
    assert "L3" not in panel.view.visible_edges
    assert lst.delete_button.disabled


def test_an_unlabeled_link_cannot_be_relabeled(panel, game):
    game.add_link("alice", "eve", "red")
    temp = game.state.links[-1].id
    choose(panel, temp)
    assert panel.link_list.relabel_button.disabled and panel.link_list.new_label.disabled
    assert not panel.link_list.delete_button.disabled
    assert "takes no label" in panel.link_list.chosen.value


# --------------------------------------------------------------------------- following


def test_the_list_follows_undo_and_engine_calls_from_code(panel, game):
    choose(panel, "L3")
    panel.link_list.delete_button.click()
    assert len(rows(panel)) == 7
    game.undo()
    assert len(rows(panel)) == 8 and "Impatient / Stubborn" in rows(panel)[3]
    game.add_character("Dan", profession="Cook", bias="b", goal="g")
    assert ("Dan", "dan") in panel.link_list.a.options
    game.add_link("dan", "eve", "green", "Cooked together")
    assert rows(panel)[-1].strip() == (
        "Eve – Dan, 1 of 1: + green, labeled “Cooked together” (permanent; added in play)"
    )
    game.kill("dan", "the cellar")
    assert ("Dan", "dan") not in panel.link_list.a.options  # the dead take no new links


def test_a_chosen_link_that_vanishes_leaves_its_pair_chosen(panel, game):
    choose(panel, "L5")
    game.remove_link("L5")
    assert panel.link_list.choice.value == "pair:bob|eve"
    assert panel.chosen_link is None
    choose(panel, "L4")
    game.remove_link("L4")
    game.remove_link("L6")  # the pair has no links left: nothing chosen
    assert panel.link_list.choice.value is None


# --------------------------------------------------------------------------- list and canvas


def test_choosing_in_the_list_highlights_on_the_canvas_and_back(panel):
    choose(panel, "L5")
    assert panel.chosen_link == "L5" and panel.listed
    assert "chosen" in panel.view._edges["L5"].element.classes.split()
    assert panel.link_form.layout.display == "none"  # edited under the list, not twice
    assert "The link chosen in the list is highlighted" in panel.status.value
    assert "between <b>Bob</b> and <b>Eve</b>" in panel.status.value
    choose(panel, "pair:alice|bob")
    assert panel.chosen_link is None
    assert all("chosen" in panel.view._edges[k].element.classes.split() for k in ("L1", "L2", "L3"))
    # A link clicked on the canvas is chosen in the list too.
    panel.pick_link("L4")
    assert panel.link_list.choice.value == "L4" and not panel.listed
    assert panel.link_form.layout.display == ""
    # A click on a character lets go of the chosen link in both.
    panel.pick("alice")
    assert panel.link_list.choice.value is None and panel.chosen_link is None


def test_the_table_carries_the_list_inside_the_map(farmhouse):
    """Under the canvas, behind a disclosure that keeps the map's column short."""
    m = farmhouse.map
    assert m.link_list in m.list_section.children and m.list_section in m.children
    assert m.list_section.layout.display == "none" and not m.list_toggle.value
    m.list_toggle.click()
    assert m.list_section.layout.display != "none"
    assert m.list_toggle.get_state()["mode"] == "expand"
    farmhouse.game.add_link("alice", "eve", "green", "Shared a thermos")
    assert any("Alice – Eve" in text for text in rows(farmhouse.map))


def test_closing_the_map_stops_the_list_following(game):
    m = RelationshipMap(game)
    listed = len(rows(m))
    m.close()
    game.add_link("alice", "eve", "green", "Shared a thermos")
    assert len(rows(m)) == listed


# --------------------------------------------------------------------------- names


def test_descriptor_word_lists_are_named_after_whose_words_they_offer():
    t = IsolationTable(boarding_party(stress=2), name="farmhouse")
    try:
        s = t.sheets
        s.desc_a.value, s.desc_b.value = "alice", "bob"
        assert s.desc_a_word.description == "Alice's descriptor"
        assert s.desc_b_word.description == "Bob's descriptor"
        s.desc_b.value = "eve"
        assert s.desc_b_word.description == "Eve's descriptor"
        assert [w for w, _ in s.desc_b_word.options] == list(t.game.character("eve").descriptors)
    finally:
        t.close()


def test_the_canvas_is_named_for_screen_readers_and_points_to_the_list(panel, game):
    name = panel.canvas_name
    assert (name.selector, name.role) == (".iw-map", "img")
    assert name.label == (
        "Relationship map, a drawing: 3 characters (3 living), 6 links over 2 pairs. "
        "Every link is listed in words under it, behind the button Links, pair by pair."
    )
    game.add_link("alice", "eve", "green", "Shared a thermos")
    assert "7 links over 3 pairs" in name.label


def test_the_map_panel_keeps_jupyterlabs_shortcuts_out(panel):
    from isowidgets.widgets.keyboard import KeepKeys

    keepers = [w for w in panel.children if isinstance(w, KeepKeys)]
    assert keepers == [panel.keep_keys] and keepers[0].selector == ".iw-panel"


def test_the_label_box_stays_empty_when_the_last_keys_arrive_after_the_add(panel, game):
    lst = panel.link_list
    lst.a.value, lst.b.value = "alice", "eve"
    lst.label.set_state({"value": "S", "typed": 1})  # the first key reached the kernel
    # The click carried the whole label (the box's 16th edit).
    lst.label._on_message(
        lst.label, {"event": "submit", "value": "Shared a thermos", "typed": 16}, []
    )
    assert game.state.links[-1].label == "Shared a thermos" and lst.label.value == ""
    lst.label.set_state({"value": "Shared a thermos", "typed": 16})  # held back, late
    assert lst.label.value == ""
    lst.label.set_state({"value": "B", "typed": 17})  # new typing stays
    assert lst.label.value == "B"
