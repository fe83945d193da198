"""One or more tests per Isolation rule, ISO-R01..R46 (digest §1.1), each citing its ID."""

from __future__ import annotations

import pytest

from isowidgets.dice import Dice
from isowidgets.errors import FacesError, IsowidgetsError, RuleError
from isowidgets.rules.isolation import (
    DIFFICULTY_NAMES,
    GM,
    IsolationGame,
    IsolationSettings,
    degree_for,
)
from isowidgets.rules.isolation.events import ConflictProposed, LinkAdded, StressChanged
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.rules.isolation.injury import wound
from isowidgets.rules.isolation.rolling import counts, roll_colour


def const(n: int, face: int) -> str:
    return " ".join([str(face)] * n)


def roll_ready(game, faces=None, *, green=2, red=4):
    """Type faces for every pool that can be rolled: ``faces[(who, colour)]`` or a constant
    face (green 2: one even each; red 4: no odds), until nothing more can be rolled."""
    faces = faces or {}
    while game.conflict is not None and game.conflict.resolution is None:
        if game.conflict.automatic:
            return
        ready = game.plan().ready()
        if not ready:
            return
        unit = ready[0]
        default = const(unit.count, green if unit.colour == "green" else red)
        game.roll(unit.who, unit.colour, faces.get((unit.who, unit.colour), default))


def wound_now(game, who, times=1):
    def hurt(action):
        for _ in range(times):
            wound(action, who, "test wound")

    game.act(hurt)


def trio(stress=2, **settings):
    return boarding_party(stress=stress, settings=IsolationSettings(**settings))


def unlabeled(game, a, b):
    return game.state.count(a, b, "green", labeled=False), game.state.count(
        a, b, "red", labeled=False
    )


# --------------------------------------------------------------------------- characters


@pytest.mark.rule("ISO-R01")
def test_r01_one_profession_bias_goal():
    """ISO-R01: exactly one Profession, Bias and Goal (a single text), lists of descriptors."""
    game = IsolationGame.new(seed=0)
    with pytest.raises(RuleError, match="profession must be text"):
        game.add_character("X", profession=["Doctor", "Hobo"], bias="b", goal="g")
    with pytest.raises(RuleError, match="goal must not be empty"):
        game.add_character("X", profession="Doctor", bias="b", goal=" ")
    cid = game.add_character("Xena", profession="Doctor", bias="b", goal="g", positive=["Kind"])
    assert game.character(cid).positive == ("Kind",)


@pytest.mark.rule("ISO-R02")
def test_r02_recommended_build_is_a_warning():
    """ISO-R02: 1/3/3/1/1 is only recommended: other builds are accepted with a warning."""
    game = boarding_party()
    assert not [w for w in game.warnings() if w.rule == "ISO-R02"]
    game.edit_character("alice", positive=["Quick"])
    warned = [w for w in game.warnings() if w.rule == "ISO-R02"]
    assert [w.character for w in warned] == ["alice"]


@pytest.mark.rule("ISO-R03")
def test_r03_positive_cap_warning():
    """ISO-R03: more than twice as many positive as negative descriptors is warned about."""
    game = boarding_party()
    game.edit_character("bob", positive=["A", "B", "C"], negative=["D"])
    assert [w.character for w in game.warnings() if w.rule == "ISO-R03"] == ["bob"]
    game.edit_character("bob", positive=["A", "B"])
    assert not [w for w in game.warnings() if w.rule == "ISO-R03"]


@pytest.mark.rule("ISO-R04")
def test_r04_bias_without_target_warns():
    """ISO-R04: a bias nobody falls under is warned about until a bias link records one."""
    game = boarding_party()
    assert "bob" in {w.character for w in game.warnings() if w.rule == "ISO-R04"}
    game.add_bias_links("bob", "eve")
    assert "bob" not in {w.character for w in game.warnings() if w.rule == "ISO-R04"}


@pytest.mark.rule("ISO-R05")
def test_r05_same_boat_npc_is_a_full_character():
    """ISO-R05: a same-boat NPC has stats, links, health, and counts as living."""
    game = boarding_party()
    game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
    assert game.character("dan").kind == "boat_NPC"
    game.propose("bob", "board up", mode="alone", difficulty=1)
    assert game.plan().unit(GM, "red").count == 1 + 4 + 2  # 4 living incl. the NPC
    assert game.conflict.defaulted == ("alice", "eve", "dan")


@pytest.mark.rule("ISO-R06")
def test_r06_no_late_characters_by_default():
    """ISO-R06: characters are created before play; afterwards only with the setting."""
    game = boarding_party()
    game.start_play()
    with pytest.raises(RuleError, match="allow_late_characters"):
        game.add_character("Late", profession="p", bias="b", goal="g")


# --------------------------------------------------------------------------- the map


@pytest.mark.rule("ISO-R07")
def test_r07_links_are_undirected_and_labeled_means_permanent():
    """ISO-R07: A–B is B–A; labeled links are permanent, unlabeled ones temporary."""
    game = boarding_party()
    assert game.links_between("alice", "bob") == game.links_between("bob", "alice")
    link = game.state.link("L1")
    assert (link.labeled, link.origin, link.colour) == (True, "descriptor", "green")
    [temp] = game.add_link("bob", "alice", "green")
    assert game.state.link(temp).labeled is False
    assert game.state.link(temp).origin == "temporary"
    game.add_link("alice", "bob", "red")  # cancels the temporary green, never L1
    assert game.state.link("L1") == link


@pytest.mark.rule("ISO-R08")
def test_r08_descriptor_links():
    """ISO-R08: one labeled link per descriptor pair, labeled with both; colour free of polarity."""
    game = boarding_party()
    # Two negative descriptors may still be compatible: green.
    lid = game.add_descriptor_link("alice", "Nosy", "eve", "Selfish", "green")
    link = game.state.link(lid)
    assert (link.label, link.colour, link.origin) == ("Nosy / Selfish", "green", "descriptor")
    with pytest.raises(RuleError, match="one link per descriptor pair"):
        game.add_descriptor_link("eve", "Selfish", "alice", "Nosy", "red")
    with pytest.raises(RuleError, match="has no descriptor"):
        game.add_descriptor_link("alice", "Brave", "eve", "Calm", "green")


@pytest.mark.rule("ISO-R09")
def test_r09_bias_links():
    """ISO-R09: 2 red labeled with the bias; a shared bias may give 2 green instead."""
    game = boarding_party()
    reds = game.add_bias_links("eve", "bob")
    assert [(game.state.link(i).colour, game.state.link(i).label) for i in reds] == [
        ("red", "Despises manual labour")
    ] * 2
    greens = game.add_bias_links("alice", "eve", shared=True)
    assert {game.state.link(i).colour for i in greens} == {"green"} and len(greens) == 2
    with pytest.raises(RuleError, match="once"):
        game.add_bias_links("eve", "bob")


@pytest.mark.rule("ISO-R10")
def test_r10_goal_links():
    """ISO-R10: 3 green for the same goal, 3 red for diametrically opposed goals, once."""
    game = boarding_party()
    same = game.add_goal_links("alice", "eve", "same")
    assert len(same) == 3 and {game.state.link(i).colour for i in same} == {"green"}
    opposed = game.add_goal_links("bob", "eve", "opposed")
    assert len(opposed) == 3 and {game.state.link(i).colour for i in opposed} == {"red"}
    with pytest.raises(RuleError, match="relation must be one of"):
        game.add_goal_links("alice", "bob", "incompatible")
    with pytest.raises(RuleError, match="once"):
        game.add_goal_links("alice", "eve", "opposed")


@pytest.mark.rule("ISO-R06", "ISO-R11")
def test_r11_map_order_npcs_join_before_play():
    """ISO-R11: descriptors, biases, goals, then the same-boat NPCs — all before play."""
    game = boarding_party()
    game.add_bias_links("bob", "eve")
    game.add_goal_links("alice", "bob", "opposed")
    npc = game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
    assert game.character(npc).late is False
    assert not [w for w in game.warnings() if w.rule == "ISO-R06"]


@pytest.mark.rule("ISO-R11")
def test_r11_map_passes_out_of_order_warn_but_never_refuse():
    """ISO-R11: a bias link before a descriptor link (or a goal link before either) between
    the PCs is advice while the map is built: a warning, not an error. Same-boat NPCs join
    after the goal pass by the same rule, so their links never count as out of order."""
    game = IsolationGame.new(seed=0)
    for name in ("Ann", "Ben", "Cy"):
        game.add_character(name, profession="p", bias="b", goal="g", positive=["Kind"])
    game.add_descriptor_link("ann", "Kind", "ben", "Kind", "green")
    game.add_bias_links("ann", "cy")
    game.add_goal_links("ben", "cy", "same")
    game.add_character(
        "Dan", kind="boat_NPC", profession="p", bias="b", goal="g", positive=["Kind"]
    )
    game.add_descriptor_link("dan", "Kind", "ann", "Kind", "green")  # the NPCs come last
    game.add_bias_links("dan", "ann")
    assert not [w for w in game.warnings() if w.rule == "ISO-R11"]
    game.add_descriptor_link("ben", "Kind", "cy", "Kind", "red")  # accepted, then advised
    (advice,) = [w for w in game.warnings() if w.rule == "ISO-R11"]
    assert "descriptor link “" in advice.message and "goal pass" in advice.message
    assert advice.character is None and "advice only" in advice.message
    game.start_play()  # the build is over: the advice is moot
    assert not [w for w in game.warnings() if w.rule == "ISO-R11"]


# --------------------------------------------------------------------------- stances


@pytest.mark.rule("ISO-R12")
def test_r12_every_pp_ends_in_exactly_one_stance():
    """ISO-R12: each PP ends the conflict in exactly one stance; it is final once chosen."""
    game = trio()
    game.propose("bob", "board up")
    roll_ready(game, {("eve", "red"): "3 3"})  # Eve: 1 even − 2 odds = −1, net −1 → Neutral
    game.choose_stance("alice", "Neutral")
    with pytest.raises(RuleError, match="final"):
        game.choose_stance("alice", "Hostile")
    game.choose_stance("eve", "Hostile")
    stances = dict(game.conflict.stances)
    assert stances == {"alice": "Neutral", "eve": "Hostile"}


@pytest.mark.rule("ISO-R13")
def test_r13_hostile_without_rolling():
    """ISO-R13: the default is conflict: a PP may be Hostile without rolling a stance."""
    game = trio()
    game.propose("bob", "board up")
    game.declare_hostile("eve")
    units = {(u.who, u.colour) for u in game.plan().units}
    assert ("eve", "green") not in units and ("eve", "red") in units
    roll_ready(game)
    assert game.conflict.stance_of("eve") == "Hostile"
    assert game.conflict.first.reading("eve").declared_hostile


@pytest.mark.rule("ISO-R14")
def test_r14_downgrade_only_and_zero_red_exception():
    """ISO-R14: stances only move down; a PP with zero red links may always cooperate."""
    game = trio()
    game.propose("bob", "board up")
    roll_ready(game, {("alice", "green"): "1 2", ("eve", "red"): "3 3"})
    assert game.conflict.first.reading("alice").rolled == "Neutral"
    with pytest.raises(RuleError, match="only be downgraded"):
        game.choose_stance("alice", "Cooperative")
    game.choose_stance("alice", "Hostile")  # down two steps is fine
    # Zero red links: Eve's two reds removed, she may cooperate even on a bad roll.
    game2 = trio()
    game2.remove_link("L5")
    game2.remove_link("L6")
    game2.propose("bob", "board up")
    roll_ready(game2, {("eve", "green"): "1"})  # 0 evens: net 0
    reading = game2.conflict.first.reading("eve")
    assert reading.rolled == "Neutral" and reading.free
    game2.choose_stance("eve", "Cooperative")


@pytest.mark.rule("ISO-R15")
def test_r15_proposals_are_recorded_and_not_quietly_withdrawn():
    """ISO-R15: the proposal is journaled; withdrawing it needs a stated reason."""
    game = trio()
    game.propose("bob", "board up the windows")
    last = game.journal.entries[-1].event
    assert isinstance(last, ConflictProposed) and last.action == "board up the windows"
    with pytest.raises(RuleError, match="still in progress"):
        game.propose("eve", "hide in the basement")
    with pytest.raises(RuleError, match="not withdrawn quietly"):
        game.cancel_conflict("  ")
    game.cancel_conflict("the GM misheard")
    assert game.conflict is None
    assert "cancelled: the GM misheard" in game.journal.entries[-1].event.describe()


# --------------------------------------------------------------------------- roll composition


@pytest.mark.rule("ISO-R16")
def test_r16_passive_players():
    """ISO-R16: PPs are every other living character by default, a subset, or nobody;
    a direct-action target is never a PP."""
    game = trio()
    assert game.propose("bob", "x").pps == ("alice", "eve")
    game.cancel_conflict("test")
    assert game.propose("bob", "x", mode="subset", pps=["eve"]).pps == ("eve",)
    game.cancel_conflict("test")
    assert game.propose("bob", "x", mode="alone", difficulty=2).pps == ()
    game.cancel_conflict("test")
    with pytest.raises(RuleError, match="never a PP"):
        game.propose("bob", "x", mode="direct", target="eve", pps=["eve"])
    assert game.propose("bob", "x", mode="direct", target="eve").pps == ("alice",)


@pytest.mark.rule("ISO-R17")
def test_r17_ap_base_dice_count_labeled_and_unlabeled_links():
    """ISO-R17: AP green/red = Σ links with the PPs, labeled and unlabeled."""
    game = trio(stress=1)
    game.add_link("alice", "bob", "green")  # an unlabeled green counts too
    game.propose("bob", "x")
    plan = game.plan()
    assert plan.unit("bob", "green").count == 2 + 1 + 1
    assert plan.unit("bob", "red").count == 1 + 2 + 1  # + Stress 1


@pytest.mark.rule("ISO-R18")
def test_r18_ap_modifiers_fixed_before_rolling():
    """ISO-R18: profession, stress, role-play, goal/bias for and against, before rolling."""
    game = trio(stress=3)
    game.propose(
        "bob",
        "x",
        factors={
            "bob": {"profession": True, "roleplay": 2, "goal_for": True, "bias_against": True}
        },
    )
    plan = game.plan()
    sources: dict[str, int] = {}
    for source in plan.unit("bob", "green").sources:
        sources[source.source] = sources.get(source.source, 0) + source.count
    assert sources == {"links": 3, "profession": 1, "roleplay": 2, "goal_bias": 1}
    assert plan.unit("bob", "red").count == 3 + 3 + 1
    game.roll("bob", "green")
    with pytest.raises(RuleError, match="fixed before rolling"):
        game.set_factors("bob", roleplay=3)


@pytest.mark.rule("ISO-R19")
def test_r19_pp_base_dice():
    """ISO-R19: a PP rolls green = green links with the AP, red = red links with the AP."""
    game = trio()
    game.propose("bob", "x")
    plan = game.plan()
    assert (plan.unit("alice", "green").count, plan.unit("alice", "red").count) == (2, 1)
    assert (plan.unit("eve", "green").count, plan.unit("eve", "red").count) == (1, 2)


@pytest.mark.rule("ISO-R20")
def test_r20_pp_modifiers():
    """ISO-R20: relevant labels add a die of the link's colour; goal/bias; profession; no stress."""
    game = trio(stress=3)
    game.propose(
        "bob",
        "x",
        factors={
            "alice": {"relevant_links": ["L1", "L3"], "profession": True, "goal_against": True},
            "eve": {"bias_for": True},
        },
    )
    plan = game.plan()
    assert plan.unit("alice", "green").count == 2 + 1 + 1  # L1 green, profession
    assert plan.unit("alice", "red").count == 1 + 1 + 1  # L3 red, goal against; no stress
    assert plan.unit("eve", "green").count == 2
    with pytest.raises(RuleError, match="does not join"):
        game.set_factors("eve", relevant_links=["L1"])


@pytest.mark.rule("ISO-R21")
def test_r21_open_ended_dice_exploded_die_counts():
    """ISO-R21: green 6 and red 1 add a die; the exploded die still counts; chains go on."""
    game = trio(stress=1)
    game.propose("bob", "x")
    red = game.roll("bob", "red", "5 4 3 1 1 2")  # 4 dice; the 1 → 1 → 2
    assert red.odds == 4 and red.faces_text() == "5 4 3 1→1→2"
    with pytest.raises(FacesError, match="expected 4 faces"):
        game.roll("bob", "green", "6 2 2")  # the 6 needs its extra die
    green = game.roll("bob", "green", "6 2 2 4")
    assert green.evens == 4


@pytest.mark.rule("ISO-R22")
def test_r22_explosions_everywhere():
    """ISO-R22: the GM's, a target's, a downgrader's and a pair roll's dice explode too."""
    game = trio(stress=1)
    game.propose("bob", "x", mode="direct", target="eve", pps=[], difficulty=2)
    roll_ready(game, {("eve", "red"): "1 3 4 4 4 2"})
    target = game.conflict.roll_of("eve", "red")
    assert target.odds == 2 and len(target.extras) == 1
    game.cancel_conflict("test")
    game.propose("bob", "y", mode="subset", pps=["alice"])
    roll_ready(game)
    game.choose_stance("alice", "Neutral")
    game.set_difficulty(1)
    gm = game.roll_gm("1 3 4 4 4 2")  # 5 dice, the first 1 explodes
    assert gm.odds == 2 and len(gm.extras) == 1  # the exploded 1 counts as an odd
    game.downgrade("eve")
    assert game.roll("eve", "red", "1 1 3 4").odds == 3
    game.resolve()
    game.end_session()
    greens = game.state.count("bob", "eve", "green")
    reds = game.state.count("bob", "eve", "red")
    assert greens == 1
    game.pair_roll("bob", "eve", green_faces="6 6 2", red_faces=const(reds, 4))  # 6 → 6 → 2
    assert game.journal.entries[-1].event.evens == 3


# --------------------------------------------------------------------------- first interpretation


@pytest.mark.rule("ISO-R23")
def test_r23_ap_odds_never_below_zero():
    """ISO-R23: AP_odds = ⌊odds − evens⌋₀."""
    game = trio(stress=1)
    game.propose("bob", "x")
    roll_ready(game, {("bob", "green"): "2 2 2", ("bob", "red"): "3 4 4 4"})
    assert game.conflict.first.ap_odds == 0


@pytest.mark.rule("ISO-R24")
def test_r24_pp_evens_can_be_negative():
    """ISO-R24: PP_evens = evens − odds and may be negative."""
    game = trio()
    game.propose("bob", "x")
    roll_ready(game, {("alice", "green"): "1 3", ("alice", "red"): "5"})
    assert game.conflict.first.reading("alice").evens == -1


@pytest.mark.rule("ISO-R25")
@pytest.mark.parametrize(
    ("net", "stance"),
    [(3, "Cooperative"), (2, "Cooperative"), (1, "Neutral"), (-1, "Neutral"), (-2, "Hostile")],
)
def test_r25_net_thresholds(net, stance):
    """ISO-R25: net ≥ 2 may cooperate, ≤ −2 must be Hostile, else Neutral."""
    from isowidgets.rules.isolation.plan import stance_for_net

    assert stance_for_net(trio().state, net) == stance


# --------------------------------------------------------------------------- second interpretation


@pytest.mark.rule("ISO-R26")
def test_r26_order_of_play_is_enforced():
    """ISO-R26: stances before Difficulty and GM roll; downgrades after; resolve last."""
    game = trio()
    game.propose("bob", "x", mode="subset", pps=["alice"])
    with pytest.raises(RuleError, match="after every stance"):
        game.set_difficulty(2)
    with pytest.raises(RuleError, match="cannot be resolved yet"):
        game.resolve()
    roll_ready(game)
    with pytest.raises(RuleError, match="cannot be rolled yet"):
        game.roll_gm()
    with pytest.raises(RuleError, match="second interpretation"):
        game.downgrade("eve")
    game.choose_stance("alice", "Cooperative")
    game.set_difficulty(2)
    roll_ready(game)
    game.downgrade("eve")
    with pytest.raises(RuleError, match="Eve red"):
        game.resolve()
    roll_ready(game)
    game.resolve()


@pytest.mark.rule("ISO-R27")
def test_r27_difficulty_scale():
    """ISO-R27 / T-ISO-1: every task has a Difficulty 1–6, named Easy..Impossible."""
    assert DIFFICULTY_NAMES == {
        1: "Easy",
        2: "Average",
        3: "Hard",
        4: "Really Hard",
        5: "Extremely Hard",
        6: "Impossible",
    }
    game = trio()
    game.propose("bob", "x", mode="alone", difficulty="Really Hard")
    assert game.conflict.difficulty == 4
    with pytest.raises(RuleError, match=r"1\.\.6"):
        game.set_difficulty(7)
    with pytest.raises(RuleError, match="unknown Difficulty"):
        game.set_difficulty("Trivial")


@pytest.mark.rule("ISO-R28")
def test_r28_gm_pool_counts_every_living_character():
    """ISO-R28: GM red = Difficulty + Living (Dying included, Dead not) + Stress."""
    game = trio(stress=2)
    wound_now(game, "eve", 2)  # Dying, still living
    game.propose("bob", "x", mode="alone", difficulty=3)
    assert game.plan().unit(GM, "red").count == 3 + 3 + 2
    game.cancel_conflict("test")
    game.kill("eve", "gone")
    game.propose("bob", "x", mode="alone", difficulty=3)
    assert game.plan().unit(GM, "red").count == 3 + 2 + 2


@pytest.mark.rule("ISO-R29")
def test_r29_pooling():
    """ISO-R29: AP and Cooperative PPs pool green; Hostile PPs put in red; Neutral nothing;
    the AP's red is not used."""
    game = trio()
    game.propose("bob", "x")
    roll_ready(game, {("eve", "red"): "3 3", ("bob", "red"): "3 3 4 4 4"})
    game.choose_stance("alice", "Cooperative")
    game.choose_stance("eve", "Neutral")
    game.set_difficulty(1)
    roll_ready(game)
    r = game.resolve()
    assert r.pooled_evens == 3 + 2  # Bob's 3 green + Alice's 2; Eve's green not pooled
    assert r.cancelling_odds == 0  # neither Bob's red odds nor Neutral Eve's count


@pytest.mark.rule("ISO-R30")
def test_r30_team_evens_floor_zero():
    """ISO-R30: team_evens = ⌊pooled evens − hostile odds⌋₀."""
    game = trio()
    game.propose("bob", "x")
    roll_ready(game, {("bob", "green"): "1 1 2", ("eve", "red"): "3 3"})
    game.choose_stance("alice", "Neutral")
    game.choose_stance("eve", "Hostile")
    game.set_difficulty(1)
    roll_ready(game)
    r = game.resolve()
    assert (r.pooled_evens, r.cancelling_odds, r.team_evens) == (1, 2, 0)


@pytest.mark.rule("ISO-R31", "ISO-A06")
@pytest.mark.parametrize(
    ("margin", "degree"),
    [
        (6, "Complete Success"),
        (4, "Complete Success"),
        (3, "Basic Success"),
        (2, "Basic Success"),
        (1, "Partial Success"),
        (0, "Partial Success"),
        (-1, "Partial Failure"),
        (-2, "Basic Failure"),
        (-3, "Basic Failure"),
        (-4, "Complete Failure"),
        (-9, "Complete Failure"),
    ],
)
def test_r31_degree_bands(margin, degree):
    """ISO-R31 / T-ISO-2 (exclusive bands, ISO-A06)."""
    assert degree_for(margin) == degree


# --------------------------------------------------------------------------- consequences


def run(game, *, gm_faces, stances, difficulty=1, faces=None, **kwargs):
    faces = {**(faces or {}), GM: gm_faces}
    return game.run_conflict(
        "bob", "x", faces=faces, stances=stances, difficulty=difficulty, **kwargs
    )


@pytest.mark.rule("ISO-R32")
def test_r32_temporary_links_by_degree():
    """ISO-R32: Complete Success +2 green to Cooperative and Neutral PPs; Complete Failure
    +2 red to Neutral and Hostile PPs; partial results nothing."""
    game = trio(stress=1)
    faces = {
        "bob": {"green": "2 2 2", "red": "4 4 4 4"},
        "alice": {"green": "2 2", "red": "4"},
        "eve": {"green": "2", "red": "4 4"},
    }
    run(game, faces=faces, gm_faces="2 2 2 2 2", stances={"alice": "Cooperative", "eve": "Neutral"})
    assert game.state.last_conflict.resolution.degree == "Complete Success"
    assert game.state.count("alice", "bob", "green", labeled=False) == 2
    assert game.state.count("eve", "bob", "green", labeled=False) == 2
    game2 = trio(stress=1)
    faces = {
        "bob": {"green": "1 1 1", "red": "4 4 4 4"},
        "alice": {"green": "2 2", "red": "4"},
        "eve": {"green": "2", "red": "4 4"},
    }
    run(
        game2,
        faces=faces,
        gm_faces="1 1 1 1 1 3 3 3 3 3",
        stances={"alice": "Cooperative", "eve": "Hostile"},
    )
    assert game2.state.last_conflict.resolution.degree == "Complete Failure"
    assert game2.state.count("alice", "bob", "red", labeled=False) == 0  # Cooperative
    assert game2.state.count("eve", "bob", "red", labeled=False) == 2


@pytest.mark.rule("ISO-R33")
def test_r33_cancellation_never_touches_labeled_links():
    """ISO-R33: new unlabeled links first erase unlabeled links of the other colour."""
    game = trio()
    game.add_link("alice", "bob", "red")
    game.add_link("alice", "bob", "red")
    game.add_link("alice", "bob", "green")
    assert game.state.count("alice", "bob", "red", labeled=False) == 1
    assert game.state.count("alice", "bob", "green", labeled=False) == 0
    assert game.state.count("alice", "bob", "green", labeled=True) == 2


@pytest.mark.rule("ISO-R34")
@pytest.mark.parametrize(
    ("degree", "gm", "bob_green", "alice", "delta"),
    [
        # Stress 3: GM pool 1 + 3 + 3 = 7 dice; Bob red 3 links + 3 Stress = 6 dice (no odds).
        ("Complete Success", "2 2 2 2 2 2 2", "2 2 2", "Cooperative", -2),  # 3 + 2 − 0 = +5
        ("Basic Success", "2 2 2 2 2 2 2", "2 2 2", "Neutral", -1),  # 3 − 0 = +3
        ("Basic Success", "2 2 2 2 2 2 2", "2 2 1", "Neutral", -1),  # +2
        ("Partial Success", "2 2 2 2 2 2 2", "1 1 1", "Neutral", 0),  # 0
        ("Partial Failure", "3 2 2 2 2 2 2", "1 1 1", "Neutral", 0),  # −1
        ("Basic Failure", "3 3 2 2 2 2 2", "1 1 1", "Neutral", 1),  # −2
        ("Complete Failure", "3 3 3 3 2 2 2", "1 1 1", "Neutral", 2),  # −4
    ],
)
def test_r34_stress_changes_with_the_result(degree, gm, bob_green, alice, delta):
    """ISO-R34: Complete Success −2, Basic −1, partial 0, Basic Failure +1, Complete +2.

    From Stress 3 no result reaches the floor, so −1 and −2 read differently.
    """
    game = trio(stress=3)
    faces = {
        "bob": {"green": bob_green, "red": const(6, 4)},
        "alice": {"green": "2 2", "red": "4"},  # net +2: she may cooperate
        "eve": {"green": "1", "red": "4 4"},  # net 0: Neutral
    }
    run(game, faces=faces, gm_faces=gm, stances={"alice": alice, "eve": "Neutral"})
    assert game.state.last_conflict.resolution.degree == degree
    assert game.stress == 3 + delta
    assert game.state.stress_history[-1][0] == game.stress


@pytest.mark.rule("ISO-R32")
@pytest.mark.parametrize(
    ("degree", "gm", "bob_green", "stances", "expected"),
    [
        # Basic Success (+2 or +3): +1 green to each Cooperative and Neutral PP, none to Hostile.
        (
            "Basic Success",
            "2 2 2 2 2",
            "2 2 1",
            {"alice": "Cooperative", "eve": "Hostile"},  # 2 + 2 − 2 (Eve's odds) = +2
            {"alice": (1, 0), "eve": (0, 0)},
        ),
        (
            "Basic Success",
            "2 2 2 2 2",
            "2 2 1",
            {"alice": "Neutral", "eve": "Neutral"},
            {"alice": (1, 0), "eve": (1, 0)},
        ),
        # Basic Failure (−2 or −3): +1 red to each Neutral and Hostile PP, none to Cooperative.
        (
            "Basic Failure",
            "3 3 2 2 2",
            "1 1 1",
            {"alice": "Neutral", "eve": "Hostile"},
            {"alice": (0, 1), "eve": (0, 1)},
        ),
        (
            "Basic Failure",
            "3 3 3 3 2",
            "1 1 1",
            {"alice": "Cooperative", "eve": "Neutral"},  # 2 − 4 = −2
            {"alice": (0, 0), "eve": (0, 1)},
        ),
        # Complete Failure: a Neutral PP takes +2 red too.
        (
            "Complete Failure",
            "3 3 3 3 2",
            "1 1 1",
            {"alice": "Neutral", "eve": "Neutral"},
            {"alice": (0, 2), "eve": (0, 2)},
        ),
    ],
)
def test_r32_basic_results_and_neutral_pps(degree, gm, bob_green, stances, expected):
    """ISO-R32: Basic results move one unlabeled link, Complete ones two; successes reach
    Cooperative and Neutral PPs, failures Neutral and Hostile PPs."""
    game = trio(stress=1)
    faces = {
        "bob": {"green": bob_green, "red": "4 4 4 4"},
        "alice": {"green": "2 2", "red": "4"},  # net +2: any stance
        "eve": {"green": "2", "red": "3 3"},  # 1 − 2 = −1: Neutral or Hostile
    }
    run(game, faces=faces, gm_faces=gm, stances=stances)
    assert game.state.last_conflict.resolution.degree == degree
    for pp, (green, red) in expected.items():
        got = (
            game.state.count(pp, "bob", "green", labeled=False),
            game.state.count(pp, "bob", "red", labeled=False),
        )
        assert got == (green, red), pp


@pytest.mark.rule("ISO-R35")
def test_r35_gm_stress_adjustments():
    """ISO-R35: +1..3 for stress, −1..3 for relief; never below the floor. The text's
    "one to three points" is a guideline ("should" is advice): a bigger step is accepted,
    and its journal line says it goes beyond the text."""
    game = trio(stress=2)
    game.adjust_stress(3, "a significant breach")
    assert game.stress == 5
    assert "advice" not in game.journal.entries[-1].event.describe()
    (entry,) = game.adjust_stress(4, "the roof caves in")
    assert game.stress == 9 and entry.event.requested == 4
    assert (
        "more than the text's 1 to 3 points per event (ISO-R35, advice)" in entry.event.describe()
    )
    game.undo()
    with pytest.raises(RuleError, match="±1 to ±3"):
        game.adjust_stress(0, "nothing")
    game.adjust_stress(-3, "the rescue team arrives")
    game.adjust_stress(-3, "quiet hours")
    assert game.stress == 0
    event = game.journal.entries[-1].event
    assert isinstance(event, StressChanged) and event.requested == -3 and event.new == 0


@pytest.mark.rule("ISO-R36")
def test_r36_starting_stress_one_to_three():
    """ISO-R36: the scenario "should" start at Stress 1, 2 or 3: advice, not a limit. Any
    other start within the house-rule bounds is accepted and advised against until play
    begins."""
    game = trio(stress=None)
    assert game.stress == 1
    assert not [w for w in game.warnings() if w.rule == "ISO-R36"]
    (entry,) = game.set_starting_stress(4)
    assert game.stress == 4
    assert "the text starts Stress at 1, 2 or 3 (ISO-R36, advice)" in entry.event.describe()
    (advice,) = [w for w in game.warnings() if w.rule == "ISO-R36"]
    assert "Stress 4" in advice.message and "1, 2 or 3" in advice.message
    game.set_starting_stress(3)
    assert not [w for w in game.warnings() if w.rule == "ISO-R36"]
    game.start_play()
    with pytest.raises(RuleError, match="before play"):
        game.set_starting_stress(2)


@pytest.mark.rule("ISO-R37")
def test_r37_stress_zero_automatic_basic_success():
    """ISO-R37: at Stress 0 with nothing threatening: no rolls, free stances, Basic Success."""
    game = trio(stress=1)
    game.adjust_stress(-1, "relief")
    c = game.propose("bob", "x")
    assert c.automatic and game.plan().units == ()
    with pytest.raises(RuleError, match="no rolls"):
        game.roll("bob", "green")
    game.choose_stance("alice", "Cooperative")
    game.choose_stance("eve", "Cooperative")  # her links would never allow it by a roll
    r = game.resolve()
    assert (r.degree, r.margin, r.automatic) == ("Basic Success", None, True)
    assert game.stress == 0


# --------------------------------------------------------------------------- injury


@pytest.mark.rule("ISO-R37", "ISO-R43", "ISO-A20", "ISO-A21")
def test_r37_with_r43_a_direct_action_at_stress_zero_is_automatic_unless_rolled():
    """ISO-R37 with ISO-R43, ISO-A20, ISO-A21: at Stress 0 with no threat, acting directly
    against a character is an automatic Basic Success like any action (the engine's
    reading, documented in ``compose``): the target rolls nothing, no Stress or link
    changes. ``force_roll=True`` (the GM: not one of "most actions") or a marked threat
    makes the target roll red links + Living − 1 + Stress 0."""
    game = trio(stress=1)
    game.adjust_stress(-1, "relief")
    links = game.state.links
    c = game.propose("bob", "lock Eve out", mode="direct", target="eve")
    assert c.automatic and game.plan().units == ()
    with pytest.raises(RuleError, match="no rolls"):
        game.roll("eve", "red")
    game.choose_stance("alice", "Cooperative")
    r = game.resolve()
    assert (r.degree, r.margin, r.automatic, r.wounds) == ("Basic Success", None, True, 0)
    assert game.stress == 0 and game.state.links == links  # ISO-A20: no side effects
    assert any("ISO-R37" in step for step in game.explain().steps)
    c = game.propose("bob", "lock Eve out", mode="direct", target="eve", force_roll=True)
    assert not c.automatic
    assert game.plan().unit("eve", "red").count == 2 + (3 - 1) + 0  # ISO-R43 at Stress 0
    game.cancel_conflict("the GM rules it is not one of 'most actions'")
    game.set_threat(True)
    assert not game.propose("bob", "lock Eve out", mode="direct", target="eve").automatic


@pytest.mark.rule("ISO-R37", "ISO-R39", "ISO-A21")
def test_r37_with_r39_a_physical_threat_at_stress_zero_is_rolled():
    """ISO-R37 with ISO-R39 and ISO-A21: a conflict proposed physically threatening is
    something threatening, so at Stress 0 it rolls as normal (0 Stress dice) and can
    wound; an automatic conflict cannot be made physical afterwards. With
    ``stress_zero_roll_if_threat = false`` it stays automatic."""
    game = trio(stress=1)
    game.adjust_stress(-1, "relief")
    c = game.propose("bob", "wrestle the door shut", physical=True)
    assert not c.automatic and c.physical
    assert game.plan().unit("GM", "red").count == 3  # 0 Difficulty yet; 3 living, Stress 0
    game.cancel_conflict("said by mistake")
    game.propose("bob", "tidy the kitchen")
    before = (game.state, len(game.journal))
    with pytest.raises(RuleError, match="cannot wound"):
        game.mark_physical(True)
    assert (game.state, len(game.journal)) == before
    game.cancel_conflict("said by mistake")
    game.change_settings(stress_zero_roll_if_threat=False)
    assert game.propose("bob", "wrestle the door shut", physical=True).automatic


@pytest.mark.rule("ISO-R38")
def test_r38_health_ladder_one_step_per_wound():
    """ISO-R38: Healthy → Injured → Dying → Dead, one step per wound."""
    game = trio()
    seen = []
    for _ in range(3):
        wound_now(game, "eve")
        seen.append(game.character("eve").health)
    assert seen == ["Injured", "Dying", "Dead"]


@pytest.mark.rule("ISO-R39")
def test_r39_wounds_candidates_and_dying_first():
    """ISO-R39: a physical failure gives |margin| wounds to Cooperative/Neutral characters
    (the AP counts); Hostile ones are spared; Dying candidates take theirs first."""
    game = trio(stress=1)
    wound_now(game, "alice", 2)  # Dying
    faces = {
        "bob": {"green": "1 1 1", "red": "4 4 4 4 4 4"},
        "alice": {"green": "1 1", "red": "4 4 4"},
        "eve": {"green": "1", "red": "4 4"},
    }
    c = run(
        game,
        faces=faces,
        gm_faces="3 3 3 3 4",
        stances={"alice": "Neutral", "eve": "Hostile"},
        physical=True,
    )
    assert c.resolution.wounds == 4
    assert game.character("alice").health == "Dead"
    # Only Bob is left among the candidates (Eve is Hostile), so he takes all three: dead.
    assert game.character("bob").health == "Dead"
    assert game.character("eve").health == "Healthy"


@pytest.mark.rule("ISO-R39")
def test_r39_table_distributes_remaining_wounds():
    """ISO-R39: wounds beyond the Dying-first ones are placed by the table."""
    game = trio(stress=1)
    faces = {
        "bob": {"green": "1 1 1", "red": "4 4 4 4"},
        "alice": {"green": "1 1", "red": "4"},
        "eve": {"green": "1", "red": "4 4"},
    }
    c = run(
        game,
        faces=faces,
        gm_faces="3 3 4 4 4",
        stances={"alice": "Neutral", "eve": "Neutral"},
        physical=True,
    )
    assert c.wounds_left == 2 and c.wound_pool == ("bob", "alice", "eve")
    with pytest.raises(RuleError, match="exactly 2"):
        game.assign_wounds({"bob": 1})
    game.assign_wounds({"alice": 1, "eve": 1})
    assert game.conflict is None
    assert [game.character(w).health for w in ("bob", "alice", "eve")] == [
        "Healthy",
        "Injured",
        "Injured",
    ]


@pytest.mark.rule("ISO-R40")
def test_r40_injury_links_and_double_set():
    """ISO-R40: each injury adds a red link labeled with the level to every other living
    character; Healthy → Dying picks up both sets."""
    game = trio()
    before = len(game.state.links)
    wound_now(game, "bob", 2)
    added = [x for x in game.state.links if x.subject == "bob" and x.injury_level]
    assert len(game.state.links) == before + 4
    assert sorted((x.other("bob"), x.label) for x in added) == [
        ("alice", "Dying"),
        ("alice", "Injured"),
        ("eve", "Dying"),
        ("eve", "Injured"),
    ]
    assert all(x.colour == "red" and x.labeled for x in added)
    assert game.character("bob").injury_sets == ("Injured", "Dying")


@pytest.mark.rule("ISO-R40", "ISO-R44", "ISO-A25", "ISO-A26")
def test_a25_injury_links_go_to_living_characters_only():
    """ISO-A25 (ISO-R40, ISO-R44): injury links go to living characters only, never to the
    dead; a death erases every red link touching the dead, injury links included."""
    game = trio()
    game.injure("bob", "a falling beam")
    assert sorted(x.other("bob") for x in game.state.injury_links("bob", "Injured")) == [
        "alice",
        "eve",
    ]
    game.kill("eve", "the threat")
    assert [x.other("bob") for x in game.state.injury_links("bob", "Injured")] == ["alice"]
    assert game.character("bob").health == "Injured"  # ISO-A26: no recovery by a death
    game.injure("alice", "broken glass", levels=2)
    made = [x for x in game.state.links if x.subject == "alice" and x.injury_level]
    assert sorted((x.other("alice"), x.label) for x in made) == [
        ("bob", "Dying"),
        ("bob", "Injured"),
    ]
    assert game.state.links_of("eve") == ()


# --------------------------------------------------------------------------- special cases


@pytest.mark.rule("ISO-R41")
def test_r41_subset_persuasion():
    """ISO-R41: AP dice only from the subset; defaulted characters roll nothing unless
    they downgrade, then red dice = red links with the AP."""
    game = trio(stress=1)
    game.propose("bob", "x", mode="subset", pps=["eve"])
    plan = game.plan()
    assert plan.unit("bob", "green").count == 1
    assert plan.unit("bob", "red").count == 2 + 1
    assert not [u for u in plan.units if u.who == "alice"]
    roll_ready(game)
    game.choose_stance("eve", "Neutral")
    game.set_difficulty(1)
    roll_ready(game)
    game.downgrade("alice")
    assert game.plan().unit("alice", "red").count == 1


@pytest.mark.rule("ISO-R42")
def test_r42_going_alone():
    """ISO-R42: green = Difficulty + modifiers, own red cancels, GM still rolls
    D + Living + Stress, others may volunteer Hostile."""
    game = trio(stress=2)
    game.propose("bob", "x", mode="alone", difficulty=3, factors={"bob": {"profession": True}})
    plan = game.plan()
    assert plan.unit("bob", "green").count == 3 + 1
    assert plan.unit("bob", "red").count == 2
    assert plan.unit(GM, "red").count == 3 + 3 + 2
    game.roll("bob", "green", "2 2 2 2")
    game.roll("bob", "red", "3 4")
    game.roll_gm("4 4 4 4 4 4 4 3")
    game.downgrade("eve")
    game.roll("eve", "red", "3 4")
    r = game.resolve()
    assert (r.pooled_evens, r.cancelling_odds, r.team_evens, r.margin) == (4, 2, 2, 1)
    assert game.state.count("eve", "bob", "red", labeled=False) == 0  # partial: nothing


@pytest.mark.rule("ISO-R34", "ISO-R42", "ISO-A15", "ISO-A30")
@pytest.mark.parametrize("direct", [False, True])
def test_going_alone_success_gives_bystanders_no_links(direct):
    """ISO-A30 over ISO-A15: a lone AP has no PPs, so a success links him with nobody,
    even with temp_links_include_defaulted_neutrals."""
    game = trio(stress=1, temp_links_include_defaulted_neutrals=True)
    how = {"mode": "direct", "target": "eve", "pps": []} if direct else {"mode": "alone"}
    opposition = {"eve": {"red": const(2 + 2 + 1, 4)}} if direct else {GM: const(2 + 3 + 1, 2)}
    game.run_conflict(
        "bob", "x", difficulty=2, faces={"bob": {"green": "2 2", "red": "4"}, **opposition}, **how
    )
    assert game.state.last_conflict.resolution.degree == "Basic Success"
    assert game.stress == 0  # the result did apply (ISO-R34)
    assert unlabeled(game, "alice", "bob") == (0, 0)
    assert unlabeled(game, "eve", "bob") == (0, 0)


@pytest.mark.rule("ISO-R32", "ISO-R42", "ISO-A15")
def test_going_alone_failure_links_only_the_hostile_volunteer():
    """A volunteer who turned Hostile put in red dice, so takes the failure link
    (ISO-R42 with the ISO-A15 reading); the bystander who stayed out takes none."""
    for flag in (False, True):
        game = trio(stress=1, temp_links_include_defaulted_neutrals=flag)
        game.run_conflict(
            "bob",
            "x",
            mode="alone",
            difficulty=1,
            downgrades=["eve"],
            faces={"bob": {"green": "1", "red": "4"}, GM: "3 3 2 2 2", "eve": "4 4"},
        )
        assert game.state.last_conflict.resolution.degree == "Basic Failure"
        assert unlabeled(game, "eve", "bob") == (0, 1)
        assert unlabeled(game, "alice", "bob") == (0, 0), flag


@pytest.mark.rule("ISO-R43")
def test_r43_direct_action():
    """ISO-R43: no Difficulty and no GM roll; the target rolls red links + Living − 1 +
    Stress + situational dice, green dice cancelling; the target is a wound candidate."""
    game = trio(stress=1)
    with pytest.raises(RuleError, match="no Difficulty"):
        game.propose("bob", "grab the gun", mode="direct", target="eve", difficulty=2)
    game.propose(
        "bob",
        "grab the gun",
        mode="direct",
        target="eve",
        physical=True,
        factors={"eve": {"extra_green": 1, "extra_red": 1}},
    )
    plan = game.plan()
    assert not [u for u in plan.units if u.who == GM]
    assert plan.unit("eve", "red").count == 2 + 2 + 1 + 1
    assert plan.unit("eve", "green").count == 1
    roll_ready(game, {("bob", "green"): "1 1", ("alice", "green"): "1 1"})
    game.choose_stance("alice", "Neutral")
    roll_ready(game, {("eve", "red"): "3 3 3 4 4 4", ("eve", "green"): "2"})
    r = game.resolve()
    assert (r.opposition_odds, r.team_evens, r.margin, r.wounds) == (2, 0, -2, 2)
    assert game.conflict.wound_pool == ("bob", "alice", "eve")


@pytest.mark.rule("ISO-R44")
def test_r44_death_erases_reds_and_shares_greens():
    """ISO-R44: the dead lose every red link; their labeled greens become unlabeled greens
    shared evenly over the surviving pairs, with cancellation; they leave the Living count."""
    game = trio()
    game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
    game.add_link("alice", "eve", "red")  # an unlabeled red a shared green will cancel
    game.kill("bob", "shot by Eve")
    assert game.character("bob").health == "Dead"
    assert game.state.links_of("bob") == ()
    # Bob had 3 labeled greens (L1, L2, L4); 3 living pairs → 1 each.
    assert game.state.count("alice", "eve", "red", labeled=False) == 0
    assert game.state.count("alice", "eve", "green", labeled=False) == 0  # cancelled instead
    assert game.state.count("alice", "dan", "green", labeled=False) == 1
    assert game.state.count("dan", "eve", "green", labeled=False) == 1
    assert game.state.living_count() == 3


@pytest.mark.rule("ISO-R45")
def test_r45_session_end_pair_rolls():
    """ISO-R45: at session end a pair may roll greens against reds: more evens may erase a
    labeled red or add a labeled green; more odds must do one of the opposite; a tie nothing."""
    game = trio()
    with pytest.raises(RuleError, match="end of a session"):
        game.pair_roll("alice", "bob")
    game.end_session()
    game.pair_roll("alice", "bob", green_faces="1 3", red_faces="3")
    with pytest.raises(RuleError, match="erase_green"):
        game.choose_pair_outcome("nothing")
    with pytest.raises(RuleError, match="label"):
        game.choose_pair_outcome("add_red")
    game.choose_pair_outcome("add_red", label="Argued over the last can of beans")
    assert game.state.count("alice", "bob", "red", labeled=True) == 2
    with pytest.raises(RuleError, match="already rolled"):
        game.pair_roll("alice", "bob")
    game.pair_roll("bob", "eve", green_faces="2", red_faces="4 4")
    game.choose_pair_outcome("nothing")  # "may": evens allow doing nothing
    game.begin_session()
    assert game.state.session == 2


@pytest.mark.rule("ISO-R46")
def test_r46_recovery_order():
    """ISO-R46: all links of the current level erased → up one level; Dying links first."""
    game = trio()
    game.add_link("alice", "eve", "green", "Shared a cigarette")
    wound_now(game, "eve", 2)
    game.end_session()
    [injured] = [x for x in game.state.injury_links("eve", "Injured") if x.other("eve") == "bob"]
    game.pair_roll("bob", "eve", green_faces="2", red_faces="4 4 4 4")
    with pytest.raises(RuleError, match="ISO-R46"):
        game.choose_pair_outcome("erase_red", link_id=injured.id)
    [dying] = [x for x in game.state.injury_links("eve", "Dying") if x.other("eve") == "bob"]
    game.choose_pair_outcome("erase_red", link_id=dying.id)
    assert game.character("eve").health == "Dying"
    game.pair_roll("alice", "eve", green_faces="2", red_faces="4 4")
    [dying] = game.state.injury_links("eve", "Dying")
    game.choose_pair_outcome("erase_red", link_id=dying.id)
    assert game.character("eve").health == "Injured"


@pytest.mark.rule("ISO-R46", "ISO-A26")
@pytest.mark.parametrize(
    ("pair", "faces", "outcome", "link_id"),
    [
        (("alice", "bob"), ("2 2", "4"), "erase_red", "L3"),  # a descriptor red
        (("bob", "eve"), ("1", "3 3"), "erase_green", "L4"),  # more odds: a green
    ],
)
def test_recovery_is_checked_after_any_between_session_erase(pair, faces, outcome, link_id):
    """ISO-A26: Bob's last Injured link went with Dan's death; his next between-session
    erase, of any link, finds no Injured link left and he recovers (ISO-R46)."""
    game = trio()
    game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
    wound_now(game, "bob")  # Injured links with alice, eve and dan
    injured = {x.other("bob"): x.id for x in game.state.injury_links("bob", "Injured")}
    game.end_session()
    game.pair_roll("alice", "bob", green_faces="2 2", red_faces="4 4")
    game.choose_pair_outcome("erase_red", link_id=injured["alice"])
    game.pair_roll("bob", "eve", green_faces="2", red_faces="4 4 4")
    game.choose_pair_outcome("erase_red", link_id=injured["eve"])
    assert game.character("bob").health == "Injured"
    game.begin_session()
    game.kill("dan", "the threat")  # erases the last Injured link; no recovery yet
    assert game.character("bob").health == "Injured"
    assert not game.state.injury_links("bob", "Injured")
    game.end_session()
    game.pair_roll(*pair, green_faces=faces[0], red_faces=faces[1])
    game.choose_pair_outcome(outcome, link_id=link_id)
    assert game.character("bob").health == "Healthy"
    assert game.journal.entries[-1].event.reason.startswith("injury links erased")


@pytest.mark.rule("ISO-R21", "ISO-R23", "ISO-R24", "ISO-R25", "ISO-R30")
@pytest.mark.parametrize("colour", ["green", "red"])
def test_r23_r30_counts_is_the_counting_rule_of_every_reading(colour):
    """ISO-R21, ISO-R23..R25, ISO-R30: ``counts`` says whether a die counts (an even on a
    green, an odd on a red, an exploded die included) and agrees with the readings'
    ``PoolRoll.evens`` / ``odds``; anything but a colour and a d6 face is refused."""
    assert [counts(colour, f) for f in range(1, 7)] == [
        f % 2 == (0 if colour == "green" else 1) for f in range(1, 7)
    ]
    state = trio().state
    dice = Dice(7)  # dice of no game: a game's own roll only inside its actions
    for _ in range(50):
        roll = roll_colour(dice, state, colour, 6, "x", None)
        read = roll.evens if colour == "green" else roll.odds
        assert sum(counts(colour, f) for f in roll.faces) == read
    chain = "6 1 6 1" if colour == "green" else "1 6 1 6"  # the first die explodes twice
    typed = roll_colour(dice, state, colour, 2, "x", chain)
    assert len(typed.extras) == 2 and sum(counts(colour, f) for f in typed.faces) == 2
    with pytest.raises(RuleError, match=r"colour must be one of 'green', 'red'; got 'blue'"):
        counts("blue", 2)
    for face in (0, 7, 2.0, True, "2"):
        with pytest.raises(RuleError, match=r"face"):
            counts(colour, face)


def test_errors_are_isowidgets_and_value_errors():
    """Every refusal is a RuleError: an IsowidgetsError and a ValueError, with a tip."""
    game = trio()
    with pytest.raises(IsowidgetsError) as info:
        game.propose("nobody", "x")
    assert isinstance(info.value, ValueError)
    assert "Tip:" in str(info.value)


def test_events_describe_read_well():
    """Every event of a full conflict has a readable log line."""
    game = trio()
    run(game, faces=None, gm_faces=None, stances={})
    lines = [e.event.describe() for e in game.journal.entries]
    assert all(lines) and any(line.startswith("conflict 1: Bob proposes") for line in lines)
    assert any(isinstance(e.event, LinkAdded) for e in game.journal.entries)


@pytest.mark.rule("ISO-R18", "ISO-R20", "ISO-R43")
def test_r18_r20_r43_modifier_fields_name_who_carries_which_modifiers():
    """ISO-R18 (AP), ISO-R20 (PPs), ISO-R43 (the target's situational dice): the engine
    lists who may carry which modifiers, and refuses a modifier a role cannot carry with
    state and journal unchanged."""
    game = trio()
    c = game.propose("bob", "shove Eve aside", mode="direct", target="eve")
    fields = game.modifier_fields()
    assert list(fields) == ["bob", "alice", "eve"]
    assert fields["bob"][-1] == "roleplay" and "relevant_links" not in fields["bob"]
    assert fields["alice"][-1] == "relevant_links" and "roleplay" not in fields["alice"]
    assert fields["eve"] == ("extra_green", "extra_red")
    assert game.modifier_fields(c) == fields
    before = (game.state, len(game.journal))
    with pytest.raises(RuleError, match="situational extra dice belong"):
        game.set_factors("alice", extra_red=1)
    game.set_factors("alice", extra_red=0, profession=False)  # asks for nothing: accepted
    assert game.state.links == before[0].links
    game.cancel_conflict("test")
    with pytest.raises(RuleError, match="no conflict in progress"):
        game.modifier_fields()


@pytest.mark.rule("ISO-R38")
def test_r38_wound_capacity_follows_the_health_ladder():
    """ISO-R38: Healthy can take 3 wound levels before Dead, Injured 2, Dying 1, Dead 0."""
    game = trio()
    seen = [game.wound_capacity("bob")]
    for _ in range(3):
        game.injure("bob", "a fall")
        seen.append(game.wound_capacity("bob"))
    assert seen == [3, 2, 1, 0]
    with pytest.raises(RuleError):
        game.wound_capacity("nobody")
