"""What the Isolation widgets show, from the pure view functions, and the small shared
changes they needed: GraphView (a re-sync bug, moving nodes, restyling), the session
log's tail, and the engine's two new queries and the farmhouse furnisher."""

from __future__ import annotations

import re

import pytest

from isowidgets.errors import RuleError
from isowidgets.rules.isolation import IsolationGame, IsolationSettings
from isowidgets.rules.isolation.examples import add_boarding_party, boarding_party
from isowidgets.rules.isolation.timeline import StressFold, timeline_points
from isowidgets.widgets.common import JournalTable
from isowidgets.widgets.graph import EdgeSpec, GraphView, NodeSpec
from isowidgets.widgets.isolation.views import (
    consequences,
    degree_badge,
    edge_text,
    ellipse_positions,
    label_side,
    last_conflict_events,
    map_specs,
    map_style,
    node_label,
    steps_html,
    warnings_html,
)

# --------------------------------------------------------------------------- the map specs


def test_map_specs_mirror_the_engine_state():
    game = boarding_party()
    nodes, edges = map_specs(game.state)
    assert [n.id for n in nodes] == ["alice", "bob", "eve"]
    assert nodes[0].label == "Alice\n♥ Healthy"
    assert nodes[0].classes == ("character", "healthy", "pc")
    assert [e.id for e in edges] == ["L1", "L2", "L3", "L4", "L5", "L6"]
    l1, l3 = edges[0], edges[2]
    assert (l1.source, l1.target, l1.text) == ("alice", "bob", "+ Flirtatious / Charming")
    assert l1.classes == ("green", "labeled", "descriptor")
    assert l3.text == "× Impatient / Stubborn" and l3.classes[0] == "red"
    assert dict(l3.data) == {"glyph": "×", "colour": "red"}


def test_specs_carry_health_roles_selection_and_the_links_that_give_dice():
    game = boarding_party()
    game.add_link("alice", "eve", "red")
    game.propose("bob", "board up", factors={"alice": {"relevant_links": ["L1"]}})
    nodes, edges = map_specs(game.state, selected="eve", chosen_link="L2")
    by_id = {n.id: n for n in nodes}
    assert "[▶ AP]" in by_id["bob"].label and "ap" in by_id["bob"].classes
    assert by_id["alice"].label.endswith("[PP]") and "pp" in by_id["alice"].classes
    assert "first" in by_id["eve"].classes
    edge = {e.id: e for e in edges}
    assert "counted" in edge["L1"].classes and "chosen" in edge["L2"].classes
    temp = edge["L7"]
    assert temp.text == "×" and temp.classes[:3] == ("red", "unlabeled", "temporary")
    assert "counted" not in temp.classes  # alice–eve give Bob no dice


def test_injury_and_bias_links_name_whom_they_are_about():
    game = boarding_party()
    game.add_bias_links("bob", "eve")
    game.injure("alice", "glass")
    names = {c.id: c.name for c in game.state.characters}
    bias = next(x for x in game.state.links if x.origin == "bias")
    injury = next(x for x in game.state.links if x.injury_level)
    assert edge_text(bias, names) == "× Upper Class Snob (Bob)"
    assert edge_text(injury, names) == "× Injured (Alice)"
    assert node_label(game.character("alice"), "PP") == "Alice\n✚ Injured\n[PP]"


def test_health_changes_the_node_classes_as_well_as_the_text():
    game = boarding_party()
    game.injure("eve", "x", levels=2)
    game.kill("bob", "y")
    by_id = {n.id: n for n in map_specs(game.state)[0]}
    assert "dying" in by_id["eve"].classes and "✚✚ Dying" in by_id["eve"].label
    assert "dead" in by_id["bob"].classes and "✝ Dead" in by_id["bob"].label
    selectors = {rule["selector"]: rule["style"] for rule in map_style()}
    shapes = {selectors[f"node.{h}"]["shape"] for h in ("injured", "dying", "dead")}
    assert len(shapes | {selectors["node"]["shape"]}) == 4  # a shape per level, not just colour


def test_the_stylesheet_gives_every_link_kind_a_non_colour_signal():
    style = {rule["selector"]: rule["style"] for rule in map_style()}
    assert style["edge"]["curve-style"] == "bezier"
    assert style["edge"]["control-point-step-size"] == 50
    assert style["edge.green"]["target-arrow-shape"] != style["edge.red"]["target-arrow-shape"]
    assert style["edge.unlabeled"]["line-style"] == "dashed"
    assert style["edge.labeled"]["line-style"] == "solid"
    assert style["node"]["text-events"] == "yes"
    compact = {rule["selector"]: rule["style"] for rule in map_style(labels=False)}
    assert compact["edge"]["label"] == "data(glyph)"  # the + / × glyph stays


@pytest.mark.parametrize("n", [1, 3, 5, 20])
def test_ring_positions_fit_the_map_box(n):
    ids = [f"c{i}" for i in range(n)]
    positions = ellipse_positions(ids, width=760, height=520)
    for x, y in positions.values():
        assert 60 <= x <= 700 and 60 <= y <= 460
    assert positions["c0"][0] == 380.0  # the first character at the top
    xs = sorted(positions.values())
    assert len(set(xs)) == n


def test_labels_go_on_the_outer_side():
    centre = (380.0, 260.0)
    assert label_side((380, 70), centre) == "lbl-top"
    assert label_side((380, 450), centre) == "lbl-bottom"
    assert label_side((90, 260), centre) == "lbl-left"
    assert label_side((670, 250), centre) == "lbl-right"


# --------------------------------------------------------------------------- text views


def test_degree_badges_carry_a_glyph_and_a_border_style():
    success = degree_badge("Basic Success", 2)
    failure = degree_badge("Complete Failure", -5)
    assert "▲ Basic Success (margin +2)" in success and "iw-degree--success" in success
    assert "▼▼ Complete Failure (margin -5)" in failure and "iw-degree--failure" in failure


@pytest.mark.rule("ISO-R32", "ISO-R34")
def test_consequences_and_the_last_conflicts_events():
    game = boarding_party(stress=2)
    game.run_conflict(
        "bob",
        "board up",
        faces={
            "bob": {"green": "2 4 2", "red": "4 4 4 4 4"},
            "alice": {"green": "2 4", "red": "4"},
            "eve": {"green": "2", "red": "4 4"},
            "GM": "2 2 2 2 2 2 2 2",
        },
        stances={"alice": "Cooperative", "eve": "Neutral"},
        difficulty="Hard",
    )
    number, events = last_conflict_events(game.journal.effective())
    assert number == 1
    lines = consequences(events)
    assert lines[0].startswith("+ green unlabeled link between Alice and Bob")
    assert "Stress 2 → 0: Complete Success (ISO-R34)" in lines


def test_next_steps_list_required_steps_first():
    game = boarding_party()
    game.propose("bob", "board up")
    text = steps_html(game.next_steps())
    assert text.index("Bob rolls") < text.index("adjust modifiers")  # names, never ids
    assert "bob rolls" not in text
    assert "optional: adjust modifiers" in text
    assert steps_html([]) == ""


def test_warnings_fold_away():
    game = boarding_party()
    text = warnings_html(game.warnings())
    assert "<details>" in text and "3 recommendations" in text
    assert warnings_html([]) == ""


# --------------------------------------------------------------------------- the plot fold


def test_the_fold_makes_one_beat_per_action_that_matters():
    game = boarding_party(stress=2)
    game.adjust_stress(1, "noises on the roof")
    game.note("the GM pauses for coffee")  # not a beat
    game.injure("eve", "glass", levels=2)  # one beat, one mark: Dying
    points = timeline_points(2, game.journal.effective(), {"eve": "Eve"})
    assert [(p.trace, p.x, p.y) for p in points] == [
        ("Stress", 0, 2),
        ("Stress", 1, 3),
        ("Stress", 2, 3),
        ("Dying", 2, "Eve"),
    ]
    assert "noises on the roof: Stress 2 → 3" in points[1].text


def test_starting_stress_before_any_beat_moves_the_start_point():
    fold = StressFold(1)
    game = IsolationGame.new(seed=1)
    game.set_starting_stress(3)
    assert fold.feed([game.journal.entries[-1].event]) == []
    assert [(p.x, p.y) for p in fold.start_point()] == [(0, 3)]
    assert fold.start_point() == []  # once


# --------------------------------------------------------------------------- GraphView


def nodes(*ids: str) -> list[NodeSpec]:
    return [NodeSpec(i, i) for i in ids]


def test_graphview_resync_after_hiding_the_last_node_recreates_nothing():
    """Regression: a leftover loop variable made every node look hidden after the last
    node of the list was hidden, so each later sync re-created every node and edge."""
    view = GraphView(style=[])
    edge = [EdgeSpec("L1", "a", "b")]
    view.sync(nodes("a", "b", "c"), edge)
    view.sync(nodes("a", "b"), edge)  # c, the last node, is hidden
    ids = {k: view.view_id(k) for k in ("a", "b", "L1")}
    stats = view.sync(nodes("a", "b"), edge)
    assert (stats.added, stats.hidden, stats.unchanged) == (0, 0, 3)
    assert {k: view.view_id(k) for k in ids} == ids
    assert len(view.widget.graph.nodes) == 3


def test_graphview_place_moves_shown_nodes_and_remembers_the_rest():
    view = GraphView(style=[])
    view.sync(nodes("a"), [])
    element = view._nodes["a"].element
    assert view.place({"a": (10, 20), "z": (1, 2)}) == 1
    assert element.position == {"x": 10.0, "y": 20.0}
    assert view.positions["z"] == (1.0, 2.0)
    view.sync(nodes("a", "z"), [])
    assert view._nodes["z"].element.position == {"x": 1.0, "y": 2.0}


def test_graphview_restyle_keeps_the_hiding_rule_and_fit_leaves_fit_off():
    view = GraphView(style=[])
    view.restyle([{"selector": "node", "style": {"width": 9}}])
    assert view.widget.cytoscape_style[0]["selector"] == "node"
    assert view.widget.cytoscape_style[-1] == {
        "selector": ".iw-gone",
        "style": {"display": "none"},
    }
    view.settle()  # the first click on the canvas: from now on the view keeps its zoom
    view.fit()
    assert view.widget.cytoscape_layout["fit"] is False
    assert view.widget.cytoscape_layout["name"] == "preset"


# --------------------------------------------------------------------------- JournalTable


def test_the_log_tail_matches_the_journal_frame():
    game = boarding_party()
    game.propose("bob", "board up")
    game.roll_ready()
    game.undo()
    table = JournalTable(game, rows=6)
    frame = game.log().tail(6).iloc[::-1]
    tail = table.tail()
    assert [r["seq"] for r in tail] == list(frame["seq"])
    for row, (_, expected) in zip(tail, frame.iterrows(), strict=True):
        for column in ("kind", "summary", "faces", "source", "retconned"):
            assert row[column] == expected[column]
    assert any(r["retconned"] for r in tail)
    only = JournalTable(game, rows=2, kinds=["link_added"]).tail()
    assert [r["kind"] for r in only] == ["link_added", "link_added"]


# --------------------------------------------------------------------------- engine queries


@pytest.mark.rule("ISO-R45")
def test_pair_outcomes_list_what_the_pending_roll_allows():
    game = boarding_party()
    assert game.pair_outcomes() == {}
    game.end_session()
    game.pair_roll("alice", "bob", green_faces="2 4", red_faces="3")
    options = game.pair_outcomes()
    assert list(options) == ["erase_red", "add_green", "nothing"]
    assert [x.id for x in options["erase_red"]] == ["L3"]
    game.choose_pair_outcome("nothing")
    game.pair_roll("bob", "eve", green_faces="1", red_faces="3 5")
    options = game.pair_outcomes()
    assert list(options) == ["erase_green", "add_red"]
    assert [x.id for x in options["erase_green"]] == ["L4"]
    with pytest.raises(RuleError, match="one of 'erase_green', 'add_red'; got 'nothing'"):
        game.choose_pair_outcome("nothing")


@pytest.mark.rule("ISO-A08")
def test_relevant_links_follow_the_scope_setting():
    game = boarding_party()
    game.add_bias_links("bob", "alice")
    assert [x.id for x in game.relevant_links("bob", "alice")] == ["L1", "L2", "L3"]
    game.add_link("alice", "bob", "green")  # unlabeled: never relevant
    game.change_settings(relevant_label_scope="any_labeled")
    assert [x.id for x in game.relevant_links("bob", "alice")] == ["L1", "L2", "L3", "L7", "L8"]
    # Every link offered is accepted by the engine as a relevant link.
    game.propose("bob", "x", factors={"alice": {"relevant_links": ["L7", "L8"]}})


def test_add_boarding_party_furnishes_a_file_game_like_the_example(tmp_path):
    game = IsolationGame.open(tmp_path / "farm.jsonl", resume=False, seed=0)
    add_boarding_party(game, stress=2)
    example = boarding_party(stress=2)
    assert game.state.links == example.state.links
    assert game.state.characters == example.state.characters
    assert game.stress == 2
    game.journal.close()
    assert IsolationGame.resume(tmp_path / "farm.jsonl").state.links == example.state.links
    plain = add_boarding_party(
        IsolationGame.new(settings=IsolationSettings(stress_start=3)), stress=None
    )
    assert plain.stress == 3


def test_the_map_says_the_kits_words_in_a_views_language():
    """A same-boat NPC's mark, the roles of a conflict in progress, health levels and an
    injury link's label come from the catalogues (the stream's Danish map); the names
    the table typed stay as typed; without a language, the table's English as before."""
    from isowidgets.widgets.isolation.views import map_specs
    from isowidgets.words import render

    game = boarding_party()
    game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
    game.injure("alice", "glass")
    game.propose("bob", "board up the windows")
    english = map_specs(game.state)
    danish = map_specs(game.state, say=lambda message: render(message, "da"))
    labels = {node.id: node.label for node in english[0]}
    said = {node.id: node.label for node in danish[0]}
    dan = next(c.id for c in game.state.characters if c.name == "Dan")
    assert labels[dan].startswith("Dan (NPC)\n") and said[dan].startswith("Dan (bifigur)\n")
    assert "[▶ AP]" in labels["bob"] and "[▶ Aktør]" in said["bob"]
    assert "Injured" in labels["alice"] and "Såret" in said["alice"]
    edges = " ".join(edge.text for edge in danish[1])
    assert "× Injured (Alice)" in " ".join(edge.text for edge in english[1])
    assert "× Såret (Alice)" in edges
    words = re.compile(r"\b(?:NPC|AP|PP|Injured|Dying|Healthy|Hostile|target)\b")
    assert not words.search(" ".join([*said.values(), edges]))
