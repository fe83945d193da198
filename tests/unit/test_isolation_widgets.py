"""The Isolation table driven in Python, without a browser: clicks are ``.click()`` and
value assignments, the map's clicks are GraphView's callbacks.

What must hold: every step goes through the engine and shows what it returned;
buttons are enabled exactly when ``next_steps()`` allows the step; engine errors
land in the panel where the click happened and change nothing; the map, the
plot and the log follow every committed action, including undo.
"""

from __future__ import annotations

import pytest

from isowidgets.rules.isolation import IsolationGame, IsolationSettings
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.widgets.graph import GONE
from isowidgets.widgets.isolation import IsolationTable

E02 = {
    ("bob", "green"): "4 3 1 6 4",
    ("bob", "red"): "5 4 3 6 1 1 2",
    ("alice", "green"): "4 2 6 2",
    ("alice", "red"): "3",
    ("eve", "green"): "3",
    ("eve", "red"): "3 5 4",
}
E03_GM = "5 4 3 4 1 3 4 5 6"


pytestmark = pytest.mark.usefixtures("no_view_failures")


@pytest.fixture
def table(farmhouse):
    return farmhouse


def enabled(button) -> bool:
    return not button.disabled


def pool(table, who, colour):
    return table.conflict.pool_widgets[f"{who}-{colour}"]


def propose_e02(table):
    cp = table.conflict
    cp.ap.value = "bob"
    cp.action.value = "board up the windows"
    cp.mode.value = "persuade_all"
    rows = cp.modifier_rows
    rows["bob"].flags["profession"].value = True
    rows["alice"].links["L1"].value = True
    rows["eve"].links["L5"].value = True
    cp.propose_button.click()
    assert cp.messages.value == ""


def enter(table, who, colour, faces):
    widget = pool(table, who, colour)
    assert enabled(widget.enter_button), f"{who} {colour} should be ready"
    widget.faces.value = faces
    widget.enter_button.click()


def run_e02_e03(table):
    propose_e02(table)
    for (who, colour), faces in E02.items():
        enter(table, who, colour, faces)
    table.conflict.stance_widgets["alice"].buttons["Cooperative"].click()
    table.conflict.difficulty.value = 3
    table.conflict.set_difficulty_button.click()
    enter(table, "GM", "red", E03_GM)
    table.conflict.resolve_button.click()


# --------------------------------------------------------------------------- a whole conflict


@pytest.mark.rule("ISO-R17", "ISO-R18", "ISO-R20", "ISO-E02")
def test_the_preview_shows_the_e02_pools_before_anything_is_recorded(table):
    cp = table.conflict
    events = len(table.game.journal)
    cp.ap.value = "bob"
    cp.action.value = "board up the windows"
    cp.modifier_rows["bob"].flags["profession"].value = True
    cp.modifier_rows["alice"].links["L1"].value = True
    cp.modifier_rows["eve"].links["L5"].value = True
    text = cp.preview.value
    assert "Pools if proposed" in text
    assert "<b>4 dice</b> = +2 green links with Alice [ISO-R17]" in text  # Bob's green
    assert "+1 Profession (Carpenter)" in text
    assert "<b>5 dice</b> = +1 red link with Alice" in text  # Bob's red: 1 + 2 + Stress 2
    assert "relevant label “Flirtatious / Charming”" in text
    assert "relevant label “Jealous / Charming”" in text
    assert len(table.game.journal) == events  # a preview journals nothing
    assert enabled(cp.propose_button)


@pytest.mark.rule("ISO-E02", "ISO-E03", "ISO-A12")
def test_a_whole_persuasion_conflict_by_clicks_iso_e02_e03(table):
    cp, game = table.conflict, table.game
    propose_e02(table)
    assert game.conflict is not None and game.conflict.ap == "bob"
    assert cp.form.layout.display == "none"  # the summary says what was proposed
    assert "Bob proposes “board up the windows”" in cp.summary.value
    # Modifiers are fixed once proposed: the rows show the conflict's factors.
    assert cp.modifier_rows["bob"].flags["profession"].value is True
    # Before any roll: the first-stage pools are ready, the GM's is not, nothing else is.
    assert enabled(pool(table, "bob", "green").roll_button)
    assert not enabled(pool(table, "GM", "red").roll_button)
    assert not enabled(cp.resolve_button)
    assert not enabled(cp.set_difficulty_button)
    assert enabled(cp.stance_widgets["alice"].buttons["declare_hostile"])
    # Before the first reading only "Hostile without rolling" is offered.
    alice_row = cp.stance_widgets["alice"]
    assert alice_row.buttons["Cooperative"].layout.display == "none"
    assert "read once the first-stage dice are down" in alice_row.text.value

    for (who, colour), faces in E02.items():
        enter(table, who, colour, faces)
        assert cp.messages.value == ""
    bob_red = pool(table, "bob", "red").chips.value
    # Chips: red circles marked ×, counting dice filled ●, the exploded 1s' extra dice ↳.
    assert bob_red.count("iw-die--red") == 7
    assert bob_red.count("↳") == 2 and "extra die from the explosion of #5" in bob_red
    assert "→ 4 odds" in bob_red  # the digest's correction: the exploded 1 counts
    assert (
        "the Active Player's odds: 4 red odds − 3 green evens (never below 0) = <b>1</b>"
        in cp.first_reading.value
    )

    alice, eve = cp.stance_widgets["alice"], cp.stance_widgets["eve"]
    assert "net +2" in alice.text.value
    assert {a for a, b in alice.buttons.items() if enabled(b)} == {
        "Cooperative",
        "Neutral",
        "Hostile",
    }
    # Eve's net is −3: Hostile is forced, so it was chosen for her: no buttons are left.
    assert "✔ Hostile" in eve.text.value and "net -3" in eve.text.value
    assert eve.bar.layout.display == "none"
    # The Difficulty waits for every stance (ISO-A12).
    assert not enabled(cp.set_difficulty_button)

    alice.buttons["Cooperative"].click()
    assert "✔ Cooperative" in alice.text.value
    assert enabled(cp.set_difficulty_button) and not enabled(cp.resolve_button)
    cp.difficulty.value = 3
    cp.set_difficulty_button.click()
    assert "Hard (3)" in cp.difficulty_status.value
    assert "<b>8 dice</b>" in pool(table, "GM", "red").head.value  # 3 + 3 living + 2 Stress
    enter(table, "GM", "red", E03_GM)
    assert enabled(cp.resolve_button)
    cp.resolve_button.click()

    assert game.conflict is None
    result = cp.result.value
    assert 'data-degree="Partial Success"' in result and "△ Partial Success (margin +0)" in result
    assert "team evens <b>5</b> against <b>5</b> opposing odds" in result  # the one line
    assert "Consequences:</b> none" in result
    # The arithmetic is in the breakdown, folded until asked for (Enter on its button).
    assert "team evens = ⌊7 − 2⌋₀ = 5" in cp.breakdown.value
    assert cp.breakdown.layout.display == "none" and not cp.breakdown_toggle.value
    cp.breakdown_toggle.click()
    assert cp.breakdown.layout.display == "" and cp.breakdown_toggle.text == "▾ Hide the breakdown"
    # The closed conflict stays on show with its dice; its buttons are gone.
    assert "→ 5 odds" in pool(table, "GM", "red").chips.value
    assert alice.bar.layout.display == "none"
    # Stress stays 2: a new point at beat 1, and the Partial Success marker on it.
    assert table.timeline.points("Stress") == [(0, 2), (1, 2)]
    assert table.timeline.points("Partial Success") == [(1, 2)]
    assert cp.form.layout.display == "" and enabled(cp.propose_button)


@pytest.mark.rule("ISO-R32", "ISO-R34", "ISO-A07")
def test_temporary_links_of_a_basic_success_appear_on_the_map_and_the_plot(table):
    """Alice persuades Bob and Eve; a Basic Success adds unlabeled greens and lowers Stress."""
    run_e02_e03(table)
    cp, game, view = table.conflict, table.game, table.map.view
    cp.ap.value = "alice"
    cp.action.value = "barricade the back door"
    cp.propose_button.click()
    enter(table, "alice", "green", "2 4")
    enter(table, "alice", "red", "3 4 6")
    enter(table, "bob", "green", "2 4")
    enter(table, "bob", "red", "4")
    # Eve has no links with Alice: zero red links, so any stance is open (ISO-A07);
    # her empty pools were recorded by the engine.
    eve = cp.stance_widgets["eve"]
    assert {a for a, b in eve.buttons.items() if enabled(b)} == {
        "Cooperative",
        "Neutral",
        "Hostile",
    }
    cp.stance_widgets["bob"].buttons["Cooperative"].click()
    eve.buttons["Neutral"].click()
    cp.difficulty.value = 1
    cp.set_difficulty_button.click()
    enter(table, "GM", "red", "2 2 4 4 6 3")
    cp.resolve_button.click()
    assert "▲ Basic Success" in cp.result.value
    new = [x for x in game.state.links if x.origin == "temporary"]
    assert {x.pair for x in new} == {("alice", "bob"), ("alice", "eve")}
    for link in new:
        element = view._edges[link.id].element
        assert element.classes.split()[:2] == ["green", "unlabeled"]
        assert "fresh" in element.classes.split()  # highlighted until the next map change
        assert element.data["text"] == "+"
    assert "+ green unlabeled link" in cp.result.value  # listed under Consequences
    assert table.timeline.points("Stress")[-1] == (2, 1)
    assert table.timeline.points("Basic Success") == [(2, 1)]


def test_roles_and_counted_links_show_on_the_map_during_a_conflict(table):
    propose_e02(table)
    nodes = table.map.view._nodes
    assert "[▶ AP]" in nodes["bob"].element.data["label"]
    assert "ap" in nodes["bob"].element.classes.split()
    for link_id in ("L1", "L3", "L5"):  # links that give dice are drawn thick
        assert "counted" in table.map.view._edges[link_id].element.classes.split()
    for (who, colour), faces in E02.items():
        enter(table, who, colour, faces)
    assert "[Hostile]" in nodes["eve"].element.data["label"]


@pytest.mark.rule("ISO-R39", "ISO-E03")
def test_a_physical_failure_asks_the_table_for_the_wounds(table):
    """ISO-E03's what-if: Alice Neutral, physical: a Complete Failure, 4 wounds, +2 Stress."""
    cp, game = table.conflict, table.game
    cp.physical.value = True
    propose_e02(table)
    assert game.conflict.physical
    for (who, colour), faces in E02.items():
        enter(table, who, colour, faces)
    cp.stance_widgets["alice"].buttons["Neutral"].click()
    cp.difficulty.value = 3
    cp.set_difficulty_button.click()
    enter(table, "GM", "red", E03_GM)
    cp.resolve_button.click()
    assert "▼▼ Complete Failure (margin -4)" in cp.result.value
    assert cp.wounds.layout.display == ""
    assert set(cp.wound_inputs) == {"bob", "alice"}  # Hostile Eve never takes wounds
    assert not enabled(cp.resolve_button)
    # A wrong total is the engine's to refuse, shown in the panel.
    cp.wound_inputs["bob"].value = 1
    cp.assign_button.click()
    assert "distribute exactly 4 wounds, got 1" in cp.messages.last_error
    cp.wound_inputs["bob"].value = 2
    cp.wound_inputs["alice"].value = 2
    cp.assign_button.click()
    assert game.conflict is None
    assert game.character("bob").health == "Dying"
    assert "✚✚ Dying" in table.map.view._nodes["bob"].element.data["label"]
    assert "dying" in table.map.view._nodes["bob"].element.classes.split()
    assert table.timeline.points("Complete Failure") == [(1, 4)]
    assert ("Bob" in [y for _x, y in table.timeline.points("Dying")]) is True


@pytest.mark.rule("ISO-R41", "ISO-E08")
def test_subset_downgrade_at_the_second_interpretation(table):
    """ISO-E08: Bob persuades only Alice; Eve may turn Hostile once the GM has rolled."""
    cp, game = table.conflict, table.game
    cp.ap.value = "bob"
    cp.action.value = "board up the windows"
    cp.mode.value = "subset"
    cp.pp_toggles["eve"].value = False
    cp.propose_button.click()
    assert game.conflict.defaulted == ("eve",)
    eve = cp.stance_widgets["eve"]
    assert "Neutral by default" in eve.text.value
    assert not enabled(eve.buttons["downgrade"])
    cp.roll_ready_button.click()  # random faces for every ready pool
    alice = cp.stance_widgets["alice"]
    choice = next(a for a in ("Cooperative", "Neutral", "Hostile") if enabled(alice.buttons[a]))
    alice.buttons[choice].click()
    cp.set_difficulty_button.click()
    pool(table, "GM", "red").roll_button.click()
    assert enabled(eve.buttons["downgrade"])
    eve.buttons["downgrade"].click()
    assert "turned Hostile" in eve.text.value
    assert enabled(pool(table, "eve", "red").roll_button)  # her 2 red links
    pool(table, "eve", "red").roll_button.click()
    cp.resolve_button.click()
    assert game.conflict is None or game.conflict.wounds_left == 0
    assert "cancelling red odds" in cp.breakdown.value


@pytest.mark.rule("ISO-R42")
def test_going_alone_sets_the_difficulty_first(table):
    cp, game = table.conflict, table.game
    cp.ap.value = "eve"
    cp.action.value = "sneak out to the car"
    cp.mode.value = "alone"
    assert "Difficulty (not set yet)" in cp.preview.value
    cp.propose_button.click()
    assert enabled(cp.set_difficulty_button)  # the AP's green dice wait for it (ISO-R42)
    assert not enabled(pool(table, "eve", "green").roll_button)
    cp.difficulty.value = 2
    cp.set_difficulty_button.click()
    assert "<b>2 dice</b>" in pool(table, "eve", "green").head.value
    cp.roll_ready_button.click()
    for who in ("alice", "bob"):
        assert enabled(cp.stance_widgets[who].buttons["downgrade"])  # volunteers
    cp.resolve_button.click()
    assert game.state.last_conflict.mode == "alone"


@pytest.mark.rule("ISO-R43")
def test_acting_directly_against_a_character(table):
    cp, game = table.conflict, table.game
    cp.ap.value = "bob"
    cp.action.value = "take the car keys from Eve"
    cp.mode.value = "direct"
    cp.target.value = "eve"
    assert cp.target.layout.display == ""
    cp.propose_button.click()
    assert game.conflict.target == "eve" and game.conflict.pps == ("alice",)
    assert "target" in cp.modifier_rows["eve"].name.value
    assert cp.modifier_rows["eve"].extra_red.layout.display == ""
    cp.roll_ready_button.click()
    alice = cp.stance_widgets["alice"]
    alice.buttons[next(a for a, b in alice.buttons.items() if enabled(b))].click()
    assert not enabled(cp.set_difficulty_button)  # no Difficulty in direct action (ISO-R43)
    cp.roll_ready_button.click()  # the target's pools
    cp.resolve_button.click()
    assert "the target opposes" in cp.breakdown.value


@pytest.mark.rule("ISO-R37")
def test_stress_zero_needs_no_roll(table):
    game = IsolationGame.new(seed=1, settings=IsolationSettings(stress_start=0))
    game.add_character("Ann", profession="Medic", bias="b", goal="g")
    game.add_character("Ben", profession="Cook", bias="b", goal="g")
    t = IsolationTable(game)
    cp = t.conflict
    assert cp.force_roll.layout.display == ""  # only offered at Stress 0
    cp.action.value = "share the food"
    cp.propose_button.click()
    assert cp.pools.children == ()
    assert cp.roll_ready_button.layout.display == "none"
    cp.stance_widgets["ben"].buttons["Cooperative"].click()
    cp.resolve_button.click()
    assert "automatic" in cp.result.value.lower() or "Basic Success" in cp.result.value
    t.close()


@pytest.mark.rule("ISO-R15")
def test_cancelling_a_proposal_needs_a_reason(table):
    cp, game = table.conflict, table.game
    propose_e02(table)
    assert enabled(cp.cancel_button)
    cp.cancel_button.click()
    assert "reason" in cp.messages.last_error and game.conflict is not None
    cp.cancel_reason.value = "Bob changes his mind out loud"
    cp.cancel_button.click()
    assert game.conflict is None and cp.messages.value == ""
    assert not cp.modifier_rows["bob"].flags["profession"].value  # the next proposal starts blank


# --------------------------------------------------------------------------- errors


def test_wrong_faces_are_refused_in_the_panel_and_change_nothing(table):
    cp, game = table.conflict, table.game
    propose_e02(table)
    events = len(game.journal)
    widget = pool(table, "bob", "green")
    widget.faces.value = "4 3 1"
    widget.enter_button.click()
    error = widget.entry.error  # the kit's message line, beside the box
    assert "needs at least 4 faces (one per base die), got 3" in error.last_error
    assert "iw-msg--error" in error.value
    assert len(game.journal) == events and widget.faces.value == "4 3 1"  # kept to fix
    widget.faces.value = ""
    widget.enter_button.click()
    assert "type the faces Bob rolled" in error.last_error  # a name, not an id
    widget.faces.value = "4 3 1 6 4"
    widget.enter_button.click()
    assert error.value == "" and cp.messages.value == ""  # a success clears the old error


def test_an_impossible_proposal_is_explained_in_the_preview(table):
    cp = table.conflict
    cp.mode.value = "subset"
    for toggle in cp.pp_toggles.values():
        toggle.value = False
    assert "needs pps" in cp.preview.value
    assert not enabled(cp.propose_button)


def test_a_map_edit_during_a_conflict_is_refused_in_the_map_panel(table):
    propose_e02(table)
    m = table.map
    links = len(table.game.state.links)
    m.pick("alice")
    m.pick("eve")
    m.label.value = "Shared a thermos"
    m.add_button.click()
    assert "cannot change the map while conflict 1 is in progress" in m.messages.last_error
    assert len(table.game.state.links) == links


def test_unexpected_errors_are_shown_as_bugs_not_swallowed(table, monkeypatch):
    def broken(*_a, **_k):
        raise KeyError("boom")

    monkeypatch.setattr(table.game, "adjust_stress", broken)
    table.scene.up.click()
    assert "unexpected KeyError" in table.scene.messages.last_error


# --------------------------------------------------------------------------- the conflict panel


def test_a_refused_modifier_is_taken_back_in_the_row(table):
    game = table.game
    game.change_settings(max_roleplay_dice=2)
    cp = table.conflict
    cp.ap.value = "bob"
    cp.action.value = "board up the windows"
    cp.modifier_rows["bob"].roleplay.value = 1
    cp.propose_button.click()
    assert game.conflict.factors_of("bob").roleplay == 1
    cp.modifier_rows["bob"].roleplay.value = 5
    assert cp.messages.last_error and cp.messages.value
    assert game.conflict.factors_of("bob").roleplay == 1
    assert cp.modifier_rows["bob"].roleplay.value == 1  # what the engine holds
    cp.modifier_rows["bob"].roleplay.value = 2  # and the row still works
    assert game.conflict.factors_of("bob").roleplay == 2
    assert cp.messages.value == ""


def test_relevant_link_boxes_are_kept_for_the_next_conflict_and_follow_the_map(table):
    """The boxes a row shows come back, not new widgets, after a resolution or an undo;
    a relabel shows in the box, and a removed link's box is closed."""
    game, cp = table.game, table.conflict
    cp.ap.value = "bob"  # Alice and Eve are Passive Players with links to Bob
    eve = cp.modifier_rows["eve"]
    links = game.relevant_links("bob", "eve")
    assert links and set(eve.links) == {x.id for x in links}
    first = dict(eve.links)
    cp.ap.value = "alice"  # Eve's links to Alice now; her links to Bob are hidden
    assert not set(eve.links) & set(first)
    cp.ap.value = "bob"
    assert eve.links == first  # the very same widgets
    link = links[0]
    game.relabel_link(link.id, "Owes Her A Favour")
    assert "Owes Her A Favour" in eve.links[link.id].description
    box = eve.links[link.id]
    game.remove_link(link.id)
    cp.ap.value = "alice"
    cp.ap.value = "bob"
    assert link.id not in eve.links and box.comm is None  # closed


def test_the_target_is_not_offered_as_someone_to_persuade(table):
    cp = table.conflict
    cp.ap.value = "bob"
    cp.mode.value = "direct"
    cp.target.value = "eve"
    assert cp.pp_toggles["eve"].layout.display == "none"
    assert cp.pp_toggles["alice"].layout.display == ""
    cp.target.value = "alice"
    assert cp.pp_toggles["alice"].layout.display == "none"
    assert cp.pp_toggles["eve"].layout.display == ""
    cp.mode.value = "subset"
    assert cp.pp_toggles["alice"].layout.display == ""


# --------------------------------------------------------------------------- the map


def click_node(view, character_id):
    view._node_clicked({"data": {"id": view.view_id(character_id)}, "group": "nodes"})


def click_edge(view, link_id):
    view._edge_clicked({"data": {"id": view.view_id(link_id)}, "group": "edges"})


def test_click_to_connect_through_the_graph_callbacks(table):
    m, view, game = table.map, table.map.view, table.game
    click_node(view, "alice")
    assert m.first == "alice" and "first" in view._nodes["alice"].element.classes.split()
    assert "Alice</b> picked" in m.status.value
    assert table.sheets.pick.value == "alice"  # the sheet follows the map
    click_node(view, "eve")
    assert m.pair == ("alice", "eve") and m.connect_form.layout.display == ""
    assert "New link between Alice and Eve" in m.connect_title.value
    m.colour.value = "green"
    m.label.value = "Shared a thermos"
    m.add_button.click()
    assert m.messages.value == ""
    link = game.state.links[-1]
    assert (link.pair, link.colour, link.label, link.labeled) == (
        ("alice", "eve"),
        "green",
        "Shared a thermos",
        True,
    )
    edge = view._edges[link.id].element
    assert edge.data["text"] == "+ Shared a thermos"
    assert edge.data["source"] == view.view_id("alice")
    assert edge.classes.split()[:2] == ["green", "labeled"]
    assert m.first is None and m.connect_form.layout.display == "none"
    assert "first" not in view._nodes["alice"].element.classes.split()


def test_clicking_the_first_character_again_lets_go(table):
    m, view = table.map, table.map.view
    click_node(view, "bob")
    click_node(view, "bob")
    assert m.first is None and m.pair is None


@pytest.mark.rule("ISO-R33")
def test_unlabeled_links_cancel_the_other_colour(table):
    m, view, game = table.map, table.map.view, table.game
    for colour in ("red", "green"):
        click_node(view, "alice")
        click_node(view, "eve")
        m.colour.value = colour
        m.labeled.value = False
        m.add_button.click()
    # The green cancelled the red (ISO-R33): nothing left between them, the red is hidden.
    assert game.links_between("alice", "eve") == ()
    assert "cancelled an unlabeled link" in m.messages.value
    hidden = [s for s in view._edges.values() if s.hidden]
    assert len(hidden) == 1 and GONE in hidden[0].element.classes


def test_a_labeled_link_needs_its_label(table):
    m, view = table.map, table.map.view
    click_node(view, "alice")
    click_node(view, "eve")
    m.labeled.value = True
    m.label.value = "  "
    m.add_button.click()
    assert "type the label" in m.messages.last_error
    assert table.game.links_between("alice", "eve") == ()


def test_deleting_a_link_that_is_not_the_last_keeps_the_rest_drawn(table):
    m, view = table.map, table.map.view
    edges_before = list(view.widget.graph.edges)
    ids_before = {k: view.view_id(k) for k in ("L1", "L2", "L4", "L5", "L6")}
    click_edge(view, "L3")
    assert m.link_form.layout.display == ""
    assert "“Impatient / Stubborn”" in m.link_title.value
    assert "between Alice and Bob" in m.link_title.value  # names, not ids
    m.delete_button.click()
    assert "L3" not in [x.id for x in table.game.state.links]
    # Nothing was removed from the widget's lists (the removal bug): L3 is hidden,
    # every other edge keeps its element and its view id.
    assert list(view.widget.graph.edges) == edges_before
    assert GONE in view._edges["L3"].element.classes
    assert view.visible_edges == ["L1", "L2", "L4", "L5", "L6"]
    assert {k: view.view_id(k) for k in ids_before} == ids_before
    assert m.link_form.layout.display == "none"


def test_relabel_a_labeled_link_but_not_an_unlabeled_one(table):
    m, view, game = table.map, table.map.view, table.game
    click_edge(view, "L1")
    m.relabel_text.value = "Flirts with Bob"
    m.relabel_button.click()
    assert game.state.link("L1").label == "Flirts with Bob"
    assert view._edges["L1"].element.data["text"] == "+ Flirts with Bob"
    game.add_link("alice", "eve", "red")
    temp = game.state.links[-1].id
    click_edge(view, temp)
    assert m.relabel_button.disabled  # a label would make it permanent
    m.delete_button.click()
    assert game.links_between("alice", "eve") == ()


def test_engine_changes_from_code_show_on_the_map(table):
    """Two-way sync: injury links, a death, an undo, all without rebuilding the widget."""
    view, game = table.map.view, table.game
    widget = view.widget
    game.injure("eve", "the window gives way")
    assert "✚ Injured" in view._nodes["eve"].element.data["label"]
    injured = [x.id for x in game.state.links if x.injury_level]
    assert len(injured) == 2 and all(k in view.visible_edges for k in injured)
    assert view._edges[injured[0]].element.data["text"] == "× Injured (Eve)"
    game.kill("bob", "dragged through the window")
    assert "✝ Dead" in view._nodes["bob"].element.data["label"]
    # Bob's red links are erased, his labeled greens (L1, L2, L4) are shared out.
    assert not any(k in view.visible_edges for k in ("L3", "L5", "L6", "L1"))
    game.undo()
    assert "♥ Healthy" in view._nodes["bob"].element.data["label"]
    assert {"L1", "L3", "L5", "L6"} <= set(view.visible_edges)
    assert view.widget is widget


def test_labels_toggle_swaps_the_stylesheet(table):
    m = table.map
    m.labels_box.value = False
    edge_rule = next(r for r in m.view.widget.cytoscape_style if r["selector"] == "edge")
    assert edge_rule["style"]["label"] == "data(glyph)"
    assert m.view.widget.cytoscape_style[-1]["selector"] == f".{GONE}"
    m.labels_box.value = True
    edge_rule = next(r for r in m.view.widget.cytoscape_style if r["selector"] == "edge")
    assert edge_rule["style"]["label"] == "data(text)"


def test_arrange_moves_nodes_in_place(table):
    view = table.map.view
    element = view._nodes["alice"].element
    view._node_released({"data": {"id": view.view_id("alice")}, "position": {"x": 5, "y": 5}})
    table.map.arrange_button.click()
    assert view._nodes["alice"].element is element  # moved, not re-created
    assert element.position == {"x": view.positions["alice"][0], "y": view.positions["alice"][1]}
    assert view.positions["alice"] != (5.0, 5.0)


@pytest.mark.rule("ISO-R04")
def test_warnings_are_shown_and_follow_the_map(table):
    assert "ISO-R04" in table.map.warnings.value
    assert "3 recommendations" in table.map.warnings.value
    sheets = table.sheets
    for holder, target in (("alice", "eve"), ("bob", "eve"), ("eve", "bob")):
        sheets.bias_holder.value = holder
        sheets.bias_target.value = target
        sheets.bias_add.click()
    assert table.map.warnings.value == "" and sheets.warnings.value == ""


def test_a_map_error_goes_away_once_the_next_action_succeeds(table):
    m, game = table.map, table.game
    m.pick("alice")
    m.pick("eve")
    m.labeled.value = True
    m.label.value = ""
    m.add_button.click()
    assert m.messages.value  # the label is missing
    m.label.value = "Shared a thermos"
    m.add_button.click()
    assert m.messages.value == ""
    assert any(x.label == "Shared a thermos" for x in game.links_between("alice", "eve"))


def test_a_relabel_clears_an_earlier_refusal(table):
    m, game = table.map, table.game
    m.pick_link("L1")
    m.relabel_text.value = ""
    m.relabel_button.click()
    assert m.messages.last_error and m.messages.value
    m.relabel_text.value = "Flirts over the radio"
    m.relabel_button.click()
    assert m.messages.value == ""
    assert game.state.link("L1").label == "Flirts over the radio"


# --------------------------------------------------------------------------- the plot


def test_the_plot_grows_in_place_and_is_rebuilt_after_undo(table):
    figure = table.timeline.figure
    scene = table.scene
    scene.reason.value = "strange noises on the roof"
    scene.up.click()
    scene.amount.value = 3
    scene.up.click()
    assert table.game.stress == 6
    assert table.timeline.figure is figure
    assert table.timeline.points("Stress") == [(0, 2), (1, 3), (2, 6)]
    text = figure.data[0].text
    assert "strange noises on the roof: Stress 2 → 3" in text[1]
    scene.undo_button.click()
    assert table.timeline.points("Stress") == [(0, 2), (1, 3)]
    scene.redo_button.click()
    assert table.timeline.points("Stress") == [(0, 2), (1, 3), (2, 6)]


def test_a_rebuild_with_unchanged_history_keeps_every_point(table):
    """Undoing an action that is not a beat refills the plot with the same points."""
    table.scene.up.click()
    table.scene.who.value = "eve"
    table.scene.ruling.value = "a fall"
    table.scene.injure_button.click()
    before = {name: table.timeline.points(name) for name in ("Stress", "Injured")}
    table.timeline.rebuild()
    assert {name: table.timeline.points(name) for name in before} == before
    assert table.timeline.figure.data[2].marker.symbol == ("cross",)


def test_beats_are_drawn_without_a_relayout_until_an_axis_grows(table):
    figure = table.timeline.figure
    sent: list[str] = []
    names = ["_py2js_update", "_py2js_animate", "_py2js_relayout", "_py2js_restyle"]
    figure.observe(lambda change: change["new"] and sent.append(change["name"][7:]), names=names)
    table.scene.up.click()  # beat 1, Stress 3
    table.scene.up.click()  # beat 2, Stress 4: the y axis grows (by two levels)
    assert sent == ["animate", "update"]
    table.scene.who.value = "eve"
    table.scene.ruling.value = "a fall"
    table.scene.injure_button.click()  # beat 3, a new health row: the category axis changes
    table.scene.injure_button.click()  # beat 4, Eve again (Dying): her row exists
    assert sent[-2:] == ["update", "animate"]
    assert figure.layout.yaxis2.categoryarray == ("Eve",)


def test_a_long_session_relayouts_the_plot_less_and_less_often(table):
    """60 beats of Stress ± cost 6 relayouts of the x axis (it grows by 5, 10, then 20
    beats), and every beat stays inside the axis."""
    figure = table.timeline.figure
    sent: list[str] = []
    names = ["_py2js_update", "_py2js_animate"]
    figure.observe(lambda change: change["new"] and sent.append(change["name"][7:]), names=names)
    scene = table.scene
    for beat in range(1, 61):
        (scene.up if beat % 2 else scene.down).click()  # Stress 3, 2, 3, 2…: y stays put
        low, high = figure.layout.xaxis.range
        assert low < 0 and beat < high <= 2 * beat + 5.5, (beat, high)
    assert sent.count("update") == 6 and sent.count("animate") == 54
    assert table.timeline.points("Stress")[-1] == (60, 2)


def test_a_death_is_one_mark_not_a_walk_down_the_ladder(table):
    table.scene.who.value = "eve"
    table.scene.ruling.value = "the dead get in"
    table.scene.kill_button.click()
    assert table.timeline.points("Dead") == [(1, "Eve")]
    assert table.timeline.points("Injured") == [] and table.timeline.points("Dying") == []


def test_starting_stress_moves_the_start_point(table):
    game = IsolationGame.new(seed=1)
    game.add_character("Ann", profession="Medic", bias="b", goal="g")
    t = IsolationTable(game)
    assert t.timeline.points("Stress") == [(0, 1)]
    t.scene.start.value = 3
    t.scene.set_start.click()
    assert t.timeline.points("Stress") == [(0, 3)]
    t.close()


# --------------------------------------------------------------------------- other panels


def test_the_log_follows_and_exports(table, tmp_path):
    table.toolbar.export_dir = tmp_path
    table.scene.up.click()
    assert "Stress 2 → 3: something stressful" in table.log_view.table.value
    table.toolbar.export_format.value = "md"
    table.toolbar.export_button.click()
    assert (tmp_path / "isolation.md").read_text().startswith("# Session log")


@pytest.mark.rule("ISO-R08", "ISO-R10")
def test_character_sheets_edit_add_and_build_the_map(table):
    s, game = table.sheets, table.game
    s.select("eve")
    assert s.fields["profession"].value == "Lawyer"
    s.fields["goal"].value = "Get to the radio"
    s.save_button.click()
    assert game.character("eve").goal == "Get to the radio"
    s.pick.value = "__new__"
    for key, value in {
        "name": "Dr. Ruth Okafor",
        "profession": "Doctor",
        "positive": "Calm, Clever, Kind",
        "negative": "Cold; Proud, Blunt",
        "bias": "Dislikes lawyers",
        "goal": "Keep everyone alive",
    }.items():
        s.fields[key].value = value
    s.add_button.click()
    ruth = game.character("dr-ruth-okafor")
    assert ruth.negative == ("Cold", "Proud", "Blunt")
    assert "dr-ruth-okafor" in table.map.view.visible_nodes
    s.desc_a.value = "dr-ruth-okafor"
    s.desc_a_word.value = "Kind"
    s.desc_b.value = "alice"
    s.desc_b_word.value = "Compassionate"
    s.desc_colour.value = "green"
    s.desc_add.click()
    assert game.state.links[-1].label == "Kind / Compassionate"
    s.goal_a.value, s.goal_b.value = "dr-ruth-okafor", "bob"
    s.goal_relation.value = "same"
    s.goal_add.click()
    assert len(game.links_between("bob", "dr-ruth-okafor")) == 3
    s.goal_add.click()  # ISO-R10 adds them once
    assert "already have goal links" in s.messages.last_error
    s.pick.value = "dr-ruth-okafor"
    s.remove_button.click()
    assert not game.state.has_character("dr-ruth-okafor")
    assert "dr-ruth-okafor" not in table.map.view.visible_nodes


def test_characters_cannot_simply_leave_once_play_began(table):
    run_e02_e03(table)
    table.sheets.pick.value = "eve"
    table.sheets.remove_button.click()
    assert "kill(character)" in table.sheets.messages.last_error


def test_picking_new_character_blanks_the_editor(table):
    sheets, game = table.sheets, table.game
    sheets.pick.value = "alice"
    sheets.kind.value = "boat_NPC"
    sheets.pick.value = "__new__"
    assert all(field.value == "" for field in sheets.fields.values())
    assert sheets.kind.value == "PC"
    sheets.add_button.click()  # nothing typed: the engine refuses, no second Alice
    assert [c.name for c in game.state.characters].count("Alice") == 1
    assert sheets.messages.last_error


def test_typing_a_new_character_survives_other_actions(table):
    sheets, game = table.sheets, table.game
    sheets.pick.value = "__new__"
    sheets.fields["name"].value = "Dan"
    game.injure("eve", "glass")  # the sheets redraw
    assert sheets.fields["name"].value == "Dan"


@pytest.mark.rule("ISO-R45", "ISO-R46")
def test_between_sessions_pair_rolls_and_recovery(table):
    game, between, view = table.game, table.between, table.map.view
    game.injure("bob", "a nail through the hand")
    assert not enabled(between.roll_button)  # pair rolls wait for the session's end
    between.end_button.click()
    assert "Between session 1 and 2" in between.status.value
    between.a.value, between.b.value = "alice", "bob"
    between.green_faces.value = "2 4"
    between.red_faces.value = "3 5"  # 1 red + the Injured link
    between.enter_button.click()
    assert "2 evens against 2 odds" in between.rolled.value  # a tie: nothing happens
    assert between.outcome_box.layout.display == "none"
    between.a.value, between.b.value = "bob", "eve"
    between.green_faces.value = "4"
    between.red_faces.value = "2 4 6"  # L5, L6 and the Injured link
    between.enter_button.click()
    assert between.messages.value == ""
    assert [v for _, v in between.outcome.options] == ["erase_red", "add_green", "nothing"]
    injured = next(x for x in game.links_between("bob", "eve") if x.injury_level)
    between.outcome.value = "erase_red"
    assert injured.id in [v for _, v in between.link.options]
    between.link.value = injured.id
    assert not enabled(between.begin_button)  # the pair's outcome waits
    between.apply_button.click()
    assert GONE in view._edges[injured.id].element.classes
    assert game.character("bob").health == "Injured"  # Alice's Injured link remains
    between.begin_button.click()
    assert game.state.session == 2 and not game.state.interlude


@pytest.mark.rule("ISO-R46")
def test_recovery_is_announced(table):
    game, between = table.game, table.between
    game.injure("eve", "glass")
    game.remove_link(next(x.id for x in game.links_between("alice", "eve")))
    game.end_session()
    between.a.value, between.b.value = "bob", "eve"
    between.green_faces.value = "2"
    between.red_faces.value = "4 4 4"
    between.enter_button.click()
    between.outcome.value = "erase_red"
    between.link.value = next(x.id for x in game.links_between("bob", "eve") if x.injury_level)
    between.apply_button.click()
    assert game.character("eve").health == "Healthy"
    assert "Recovery:" in between.recovery.value and "Injured → Healthy" in between.recovery.value
    assert table.timeline.points("Recovered")[-1][1] == "Eve"


def test_a_table_built_while_a_pair_roll_waits_shows_the_roll():
    game = boarding_party(stress=2, seed=5)
    game.end_session()
    game.pair_roll("alice", "bob", green_faces="2 4", red_faces="3")
    t = IsolationTable(game)
    between = t.between
    assert between.outcome_box.layout.display == ""
    assert "2 evens against 1 odd" in between.rolled.value
    assert "Alice – Bob" in between.rolled.value
    assert 'data-face="4"' in between.rolled.value  # the dice, as chips
    t.close()


def test_a_pair_roll_made_in_code_shows_in_an_open_table(table):
    game, between = table.game, table.between
    game.end_session()
    game.pair_roll("alice", "bob", green_faces="2 4", red_faces="3")
    assert "2 evens against 1 odd" in between.rolled.value


def test_undo_takes_the_pair_roll_and_its_outcome_off_the_panel(table):
    game, between, scene = table.game, table.between, table.scene
    between.end_button.click()
    between.a.value, between.b.value = "alice", "bob"
    between.green_faces.value, between.red_faces.value = "2 4", "3"
    between.enter_button.click()
    between.outcome.value = "nothing"
    between.apply_button.click()
    assert "→ Alice – Bob: nothing" in between.rolled.value  # names, not ids
    scene.undo_button.click()  # the outcome: the roll waits again
    assert game.state.pair_roll is not None
    assert "2 evens against 1 odd" in between.rolled.value
    assert "→" not in between.rolled.value
    assert between.outcome_box.layout.display == ""
    scene.undo_button.click()  # the roll itself
    assert game.state.pair_roll is None and between.rolled.value == ""
    assert between.outcome_box.layout.display == "none"
    scene.redo_button.click()
    assert "2 evens against 1 odd" in between.rolled.value


def test_the_pair_roll_leaves_the_panel_when_the_next_session_begins(table):
    between = table.between
    between.end_button.click()
    between.a.value, between.b.value = "alice", "bob"
    between.green_faces.value, between.red_faces.value = "2 3", "3"
    between.enter_button.click()  # a tie: shown, nothing to choose
    assert "1 even against 1 odd" in between.rolled.value
    between.begin_button.click()
    assert between.rolled.value == ""


def test_an_undone_recovery_is_no_longer_announced(table):
    game, between, scene = table.game, table.between, table.scene
    game.injure("eve", "glass")
    game.remove_link(next(x.id for x in game.links_between("alice", "eve")))
    game.end_session()
    between.a.value, between.b.value = "bob", "eve"
    between.green_faces.value, between.red_faces.value = "2", "4 4 4"
    between.enter_button.click()
    between.outcome.value = "erase_red"
    between.link.value = next(x.id for x in game.links_between("bob", "eve") if x.injury_level)
    between.apply_button.click()
    assert "Injured → Healthy" in between.recovery.value
    scene.undo_button.click()
    assert game.character("eve").health == "Injured"
    assert between.recovery.value == ""
    scene.redo_button.click()
    assert "Injured → Healthy" in between.recovery.value


@pytest.mark.rule("ISO-R44")
def test_scene_threat_and_death_greens_form(table):
    scene, game = table.scene, table.game
    scene.threat.value = True
    assert game.state.threat and "⚠ threat present" in scene.status.value
    game.add_link("alice", "eve", "green", "Shared a thermos")  # Eve: 2 labeled greens
    game.add_descriptor_link("alice", "Quick", "eve", "Clever", "green")
    scene.who.value = "eve"
    scene.kill_button.click()
    # Eve's 3 labeled greens over 1 living pair (alice–bob): 3 each, no remainder.
    assert not game.state.pending_greens and scene.greens.layout.display == "none"


@pytest.mark.rule("ISO-R44", "ISO-A24")
def test_death_greens_left_for_the_gm(table):
    scene, game = table.scene, table.game
    game.add_character("Dan", profession="Cook", bias="b", goal="g")
    game.add_link("dan", "alice", "green", "Old friends")
    scene.who.value = "bob"
    scene.kill_button.click()  # Bob's 3 labeled greens over 3 living pairs: 1 each
    assert not game.state.pending_greens
    scene.who.value = "alice"
    scene.kill_button.click()  # Alice: "Old friends" → 1 green, 1 pair (dan–eve): 1
    game.add_link("dan", "eve", "green", "Card games")
    game.add_link("dan", "eve", "green", "Same hometown")
    game.add_character("Fay", profession="Pilot", bias="b", goal="g")
    game.add_character("Gus", profession="Vet", bias="b", goal="g")
    scene.who.value = "dan"
    scene.kill_button.click()  # 2 labeled greens over 3 pairs: the GM places both
    assert scene.greens.layout.display == ""
    boxes = list(scene.greens_pairs.values())
    boxes[0].value = True
    scene.place_button.click()
    assert "place exactly 2" in scene.messages.last_error
    boxes[1].value = True
    scene.place_button.click()
    assert not game.state.pending_greens and scene.greens.layout.display == "none"


def test_stress_down_at_zero_says_why_nothing_changed(table):
    scene, game = table.scene, table.game
    game.adjust_stress(-2, "relief")
    assert game.stress == 0
    before = len(game.journal)
    scene.down.click()
    assert len(game.journal) == before
    assert "iw-msg--info" in scene.messages.value and "lowest" in scene.messages.value
    scene.up.click()
    assert game.stress == 1 and scene.messages.value == ""


def test_stress_up_at_the_ceiling_says_why_nothing_changed(table):
    scene, game = table.scene, table.game
    game.change_settings(stress_max=2)
    scene.up.click()
    assert game.stress == 2
    assert "iw-msg--info" in scene.messages.value and "highest" in scene.messages.value


def test_a_later_death_opens_its_greens_form_unticked(table):
    scene, game = table.scene, table.game
    game.add_character("Dan", profession="Cook", bias="b", goal="g")
    game.add_link("dan", "alice", "green", "Old friends")
    game.kill("bob", "the roof gives way")  # 3 greens over 3 pairs: 1 each
    game.kill("alice", "the cold")  # 1 green over 1 pair
    game.add_link("dan", "eve", "green", "Card games")
    game.add_link("dan", "eve", "green", "Same hometown")
    game.add_character("Fay", profession="Pilot", bias="b", goal="g")
    game.add_character("Gus", profession="Vet", bias="b", goal="g")
    scene.who.value = "dan"
    scene.kill_button.click()  # 2 labeled greens over 3 pairs: the GM places both
    assert scene.greens.layout.display == ""
    scene.greens_pairs[("fay", "gus")].value = True
    scene.greens_pairs[("eve", "fay")].value = True
    scene.place_button.click()
    assert not game.state.pending_greens
    game.add_character("Hal", profession="Vet", bias="b", goal="g")
    game.add_link("eve", "fay", "green", "Thermos")
    game.add_link("eve", "gus", "green", "Radio")
    scene.who.value = "eve"
    scene.kill_button.click()  # 2 labeled greens over 3 pairs again
    assert scene.greens.layout.display == ""
    assert ("fay", "gus") in scene.greens_pairs
    assert not any(box.value for box in scene.greens_pairs.values())


def test_a_resumed_game_shows_where_it_stopped(tmp_path):
    path = tmp_path / "farmhouse.jsonl"
    game = IsolationGame.open(path, resume=False, seed=5)
    from isowidgets.rules.isolation.examples import add_boarding_party

    add_boarding_party(game, stress=2)
    game.propose("bob", "board up the windows")
    game.roll("bob", "green", "2 4 6 1")
    game.journal.close()
    resumed = IsolationGame.resume(path)
    t = IsolationTable(resumed)
    assert "in progress" in t.conflict.summary.value
    assert "→ 3 evens" in t.conflict.pool_widgets["bob-green"].chips.value
    assert enabled(t.conflict.pool_widgets["bob-red"].roll_button)
    assert t.conflict.form.layout.display == "none"  # no new proposal mid-conflict
    t.close()
    resumed.journal.close()


def test_repr_is_short(table):
    assert repr(table) == "IsolationTable(<IsolationGame 11 events, journal=memory>)"
    assert repr(table.map).startswith("RelationshipMap(")
