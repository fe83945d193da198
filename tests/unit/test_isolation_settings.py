"""Every Isolation house rule (ISO-A01..A29 and allow_late_characters), flipped.

Each test shows the default reading and the effect of the other value.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from isowidgets.dice import Dice
from isowidgets.errors import FacesError, RuleError, SettingsError
from isowidgets.journal import SettingsChanged
from isowidgets.rules.isolation import GM, IsolationGame, IsolationSettings
from isowidgets.rules.isolation.events import StressChanged
from isowidgets.rules.isolation.examples import add_boarding_party, boarding_party
from isowidgets.rules.isolation.injury import wound
from isowidgets.rules.isolation.rolling import roll_colour

HERE = Path(__file__).parent


SEED_WITH_A_RED_ONE = 1  # Bob rolls 2 5 1→4 3 1→4 4


def const(n, face):
    return " ".join([str(face)] * n)


def trio(stress=2, **settings):
    return boarding_party(stress=stress, settings=IsolationSettings(**settings))


def roll_ready(game, faces=None, *, green=2, red=4):
    faces = faces or {}
    while game.conflict is not None and game.conflict.resolution is None:
        ready = [] if game.conflict.automatic else game.plan().ready()
        if not ready:
            return
        unit = ready[0]
        default = const(unit.count, green if unit.colour == "green" else red)
        game.roll(unit.who, unit.colour, faces.get((unit.who, unit.colour), default))


def wound_now(game, who, times=1):
    def hurt(action):
        for _ in range(times):
            wound(action, who, "test")

    game.act(hurt)


def test_settings_match_the_digest():
    """31 settings, names and defaults as in digest §1.4, each citing its ambiguity."""
    defaults = {row["setting"]: row["default"] for row in IsolationSettings.describe()}
    assert defaults == {
        "cooperate_net_min": 2,
        "hostile_net_max": -2,
        "gm_red_ones_explode": True,
        "stress_dice_for_passive": False,
        "green_explosion_optional": False,
        "max_explosions_per_pool": None,
        "no_red_links_free_cooperation": True,
        "relevant_label_scope": "descriptor",
        "goal_bias_die_per_trait": False,
        "max_roleplay_dice": None,
        "living_includes_dying": True,
        "difficulty_after_stances": True,
        "hostile_without_roll_contributes": "links_and_modifiers",
        "downgrade_dice_include_modifiers": False,
        "temp_links_include_defaulted_neutrals": False,
        "pair_rolls_on_injury": False,
        "pair_roll_uses_unlabeled": True,
        "stress_min": 0,
        "stress_max": None,
        "stress_start": 1,
        "stress_zero_auto_side_effects": False,
        "stress_zero_roll_if_threat": True,
        "wound_candidates_include_defaulted": False,
        "dying_first": True,
        "death_green_remainder": "gm_choice",
        "death_redistribute_unlabeled": False,
        "auto_recover_on_zero_links": False,
        "alone_own_red_cancels": True,
        "direct_alone_green_dice": "gm_difficulty",
        "defender_odds_floor_zero": True,
        "allow_late_characters": False,
    }
    assert all(re.fullmatch(r"ISO-[AR]\d\d", row["ref"]) for row in IsolationSettings.describe())


def test_every_setting_is_flipped_in_this_file():
    text = (HERE / "test_isolation_settings.py").read_text()
    for name in IsolationSettings.names():
        assert re.search(rf"\b{name}=", text), f"no test flips {name}"


def test_settings_toml_round_trip_and_consistency():
    s = IsolationSettings(stress_max=5, death_green_remainder="drop")
    assert IsolationSettings.from_toml(s.to_toml()) == s
    with pytest.raises(SettingsError, match="hostile_net_max"):
        IsolationSettings().updated(hostile_net_max=2)
    with pytest.raises(SettingsError, match="stress_start"):
        IsolationSettings().updated(stress_max=0)


# --------------------------------------------------------------------------- A01..A05


def net_two_game(**settings):
    game = trio(stress=1, **settings)
    game.propose("bob", "x")
    # Bob: 0 AP_odds; Alice 2 evens, 0 odds: net 2.
    roll_ready(game)
    return game


@pytest.mark.rule("ISO-A01")
def test_a01_cooperate_net_min():
    assert net_two_game().conflict.first.reading("alice").rolled == "Cooperative"
    assert net_two_game(cooperate_net_min=3).conflict.first.reading("alice").rolled == "Neutral"


@pytest.mark.rule("ISO-A01")
def test_a01_hostile_net_max():
    def eve(**settings):
        game = trio(stress=1, **settings)
        game.propose("bob", "x")
        roll_ready(game, {("eve", "green"): "1", ("eve", "red"): "3 3"})  # −2
        return game.conflict.first.reading("eve").rolled

    assert eve() == "Hostile"
    assert eve(hostile_net_max=-3) == "Neutral"


@pytest.mark.rule("ISO-A02")
def test_a02_gm_red_ones_explode():
    def alone(**settings):
        game = trio(stress=1, **settings)
        game.propose("bob", "x", mode="alone", difficulty=1)
        game.roll("bob", "green", "2")
        game.roll("bob", "red", "4")
        return game

    for explode, faces in ((True, "1 2 2 2 2 4"), (False, "1 2 2 2 2")):
        assert alone(gm_red_ones_explode=explode).roll_gm(faces).odds == 1
    game = alone(gm_red_ones_explode=True)
    with pytest.raises(FacesError):
        game.roll_gm("1 2 2 2 2")


@pytest.mark.rule("ISO-A03")
def test_a03_stress_dice_for_passive():
    for flag, expected in ((False, 1), (True, 1 + 3)):
        game = trio(stress=3, stress_dice_for_passive=flag)
        game.propose("bob", "x")
        assert game.plan().unit("alice", "red").count == expected


@pytest.mark.rule("ISO-A04")
def test_a04_green_explosion_optional():
    game = trio(green_explosion_optional=True)
    game.propose("bob", "x")
    roll = game.roll("bob", "green", "6 2 2")  # the 6's extra die declined
    assert roll.evens == 3 and roll.dice[0].declined
    game = trio(green_explosion_optional=False)
    game.propose("bob", "x")
    with pytest.raises(FacesError):
        game.roll("bob", "green", "6 2 2")


@pytest.mark.rule("ISO-A05")
def test_a05_max_explosions_per_pool():
    game = trio(stress=1, max_explosions_per_pool=1)
    game.propose("bob", "x")
    roll = game.roll("bob", "red", "1 1 4 4 1")  # 4 dice; only 1 extra die allowed
    assert len(roll.extras) == 1 and roll.odds == 3
    game2 = trio(stress=1, max_explosions_per_pool=1)
    game2.propose("bob", "x")
    with pytest.raises(FacesError, match="house limit"):
        game2.roll("bob", "red", "1 4 4 4 1 2")
    with pytest.raises(FacesError, match="not reached"):
        game2.roll("bob", "red", "1 4 4 4")
    # Random rolls respect the limit too: 300 red dice would explode about 60 times.
    capped = trio(max_explosions_per_pool=2).state
    assert len(roll_colour(Dice(1), capped, "red", 300, "big", None).extras) == 2
    assert len(roll_colour(Dice(1), trio().state, "red", 300, "big", None).extras) > 20
    default = trio(stress=1)
    default.propose("bob", "x")
    assert len(default.roll("bob", "red", "1 1 4 4 3 2").extras) == 2


@pytest.mark.rule("ISO-R21", "ISO-R22", "ISO-A04", "ISO-A05")
def test_house_explosion_limit_never_skips_required_explosions():
    """With max_explosions_per_pool set, take_explosions=False declines only optional
    explosions: red 1s always explode (ISO-R21, R22), green 6s too by default (ISO-A04)."""
    capped = trio(max_explosions_per_pool=2).state
    red = roll_colour(Dice(1), capped, "red", 300, "big", None, take_explosions=False)
    assert len(red.extras) == 2
    green = roll_colour(Dice(1), capped, "green", 300, "big", None, take_explosions=False)
    assert len(green.extras) == 2
    optional = trio(max_explosions_per_pool=2, green_explosion_optional=True).state
    declined = roll_colour(Dice(1), optional, "green", 300, "big", None, take_explosions=False)
    assert not declined.extras and any(die.declined for die in declined.dice)
    # Through the game: Bob's red pool keeps every explosion below the house limit.
    rules = IsolationSettings(max_explosions_per_pool=50)
    game = boarding_party(stress=3, settings=rules, seed=SEED_WITH_A_RED_ONE)
    game.propose("bob", "x")
    roll = game.roll("bob", "red", take_explosions=False)
    assert any(die.face == 1 for die in roll.dice)
    assert all(die.exploded for die in roll.dice if die.face == 1)


# --------------------------------------------------------------------------- A07..A10


@pytest.mark.rule("ISO-A07")
def test_a07_no_red_links_free_cooperation():
    for flag, allowed in (
        (True, ("Cooperative", "Neutral", "Hostile")),
        (False, ("Neutral", "Hostile")),
    ):
        game = trio(stress=1, no_red_links_free_cooperation=flag)
        game.remove_link("L5")
        game.remove_link("L6")
        game.propose("bob", "x")
        roll_ready(game, {("eve", "green"): "1"})
        assert game.conflict.first.reading("eve").allowed == allowed


@pytest.mark.rule("ISO-A08")
def test_a08_relevant_label_scope():
    game = trio(relevant_label_scope="descriptor")
    game.add_bias_links("eve", "bob")
    game.propose("bob", "x")
    with pytest.raises(RuleError, match="any_labeled"):
        game.set_factors("eve", relevant_links=["L7"])
    game = trio(relevant_label_scope="any_labeled")
    game.add_bias_links("eve", "bob")
    game.propose("bob", "x", factors={"eve": {"relevant_links": ["L7"]}})
    assert game.plan().unit("eve", "red").count == 4 + 1


@pytest.mark.rule("ISO-A09")
def test_a09_goal_bias_die_per_trait():
    for flag, expected in ((False, 1 + 1), (True, 1 + 2)):
        game = trio(goal_bias_die_per_trait=flag)
        game.propose("bob", "x", factors={"eve": {"goal_for": True, "bias_for": True}})
        assert game.plan().unit("eve", "green").count == expected


@pytest.mark.rule("ISO-A10")
def test_a10_max_roleplay_dice():
    game = trio()
    game.propose("bob", "x", factors={"bob": {"roleplay": 5}})
    assert game.plan().unit("bob", "green").count == 3 + 5
    game = trio(max_roleplay_dice=2)
    with pytest.raises(RuleError, match="house cap is 2"):
        game.propose("bob", "x", factors={"bob": {"roleplay": 3}})


# --------------------------------------------------------------------------- A11..A17


@pytest.mark.rule("ISO-A11")
def test_a11_living_includes_dying():
    for flag, expected in ((True, 1 + 3 + 2), (False, 1 + 2 + 2)):
        game = trio(living_includes_dying=flag)
        wound_now(game, "eve", 2)
        game.propose("bob", "x", mode="alone", difficulty=1)
        assert game.plan().unit(GM, "red").count == expected


@pytest.mark.rule("ISO-A12")
def test_a12_difficulty_after_stances():
    game = trio()
    with pytest.raises(RuleError, match="after the stances"):
        game.propose("bob", "x", difficulty=2)
    game = trio(difficulty_after_stances=False)
    game.propose("bob", "x", difficulty=2)
    assert game.plan().unit(GM, "red").ready  # the GM may roll before the stances
    game.roll_gm()
    assert game.conflict.first is None


@pytest.mark.rule("ISO-A13")
def test_a13_hostile_without_roll_contributes():
    for value, expected in (("links_and_modifiers", 2 + 1), ("links_only", 2)):
        game = trio(hostile_without_roll_contributes=value)
        game.propose("bob", "x", hostile=["eve"], factors={"eve": {"goal_against": True}})
        assert game.plan().unit("eve", "red").count == expected


@pytest.mark.rule("ISO-A14")
def test_a14_downgrade_dice_include_modifiers():
    """ISO-A14: off, a defaulted character's downgrade dice are their red links only, so a
    modifier for them is refused (it would add nothing) and the engine lists no fields
    for them; on, ``goal_against`` adds a red die."""
    game = trio()
    before = (game.state, len(game.journal))
    with pytest.raises(RuleError, match=r"would add no dice here.*ISO-A14"):
        game.propose(
            "bob", "x", mode="subset", pps=["alice"], factors={"eve": {"goal_against": True}}
        )
    assert (game.state, len(game.journal)) == before
    for flag, expected in ((False, 2), (True, 3)):
        game = trio(downgrade_dice_include_modifiers=flag)
        factors = {"eve": {"goal_against": True}} if flag else {}
        c = game.propose("bob", "x", mode="subset", pps=["alice"], factors=factors)
        fields = game.modifier_fields(c)
        assert ("eve" in fields) is flag
        if flag:
            assert fields["eve"] == ("goal_against", "bias_against", "relevant_links")
        roll_ready(game)
        game.choose_stance("alice", "Neutral")
        game.set_difficulty(1)
        roll_ready(game)
        game.downgrade("eve")
        assert game.plan().unit("eve", "red").count == expected


@pytest.mark.rule("ISO-A15")
def test_a15_temp_links_include_defaulted_neutrals():
    for flag, expected in ((False, 0), (True, 2)):
        game = trio(stress=1, temp_links_include_defaulted_neutrals=flag)
        game.run_conflict(
            "bob",
            "x",
            mode="subset",
            pps=["alice"],
            difficulty=1,
            faces={
                "bob": {"green": "2 2", "red": "4 4"},
                "alice": {"green": "2 2", "red": "4"},
                "GM": "2 2 2 2 2",
            },
            stances={"alice": "Cooperative"},
        )
        assert game.state.last_conflict.resolution.degree == "Complete Success"
        assert game.state.count("bob", "eve", "green", labeled=False) == expected


@pytest.mark.rule("ISO-A16")
def test_a16_pair_rolls_on_injury():
    game = trio(pair_rolls_on_injury=False)
    wound_now(game, "eve")
    with pytest.raises(RuleError, match="pair_rolls_on_injury"):
        game.pair_roll("alice", "eve")
    game = trio(pair_rolls_on_injury=True)
    wound_now(game, "eve")
    game.pair_roll("bob", "eve", green_faces="2", red_faces="4 4 4")
    game.choose_pair_outcome("nothing")
    with pytest.raises(RuleError, match="end of a session"):
        game.pair_roll("alice", "bob")  # neither was injured


@pytest.mark.rule("ISO-A17")
def test_a17_pair_roll_uses_unlabeled():
    for flag, greens in ((True, 3), (False, 2)):
        game = trio(pair_roll_uses_unlabeled=flag)
        game.add_link("alice", "bob", "green")
        game.end_session()
        game.pair_roll("alice", "bob", green_faces=const(greens, 2), red_faces="4")
        assert game.journal.entries[-1].event.green.pool.count == greens


# --------------------------------------------------------------------------- A18..A21


@pytest.mark.rule("ISO-A18")
def test_a18_stress_min_and_max():
    game = trio(stress=2, stress_min=1, stress_max=3)
    game.adjust_stress(-3, "relief")
    assert game.stress == 1
    game.adjust_stress(3, "breach")
    game.adjust_stress(3, "another breach")
    assert game.stress == 3
    assert [v for v, _ in game.state.stress_history] == [1, 2, 1, 3]


@pytest.mark.rule("ISO-A18")
def test_new_stress_bounds_move_the_stress_level_onto_them(tmp_path, reopen):
    """ISO-A18: a settings change that leaves Stress outside the bounds moves it onto the
    nearest bound in the same action (journaled, replayed, undone together)."""
    path = tmp_path / "s.jsonl"
    game = add_boarding_party(IsolationGame.new(path, seed=0), stress=2)
    entries = game.change_settings(stress_min=3, stress_start=3)
    assert [type(e.event) for e in entries] == [SettingsChanged, StressChanged]
    event = entries[1].event
    assert (event.old, event.new, event.source, event.requested) == (2, 3, "settings", 1)
    assert "stress_min" in event.reason and game.stress == 3
    game.undo()
    assert (game.stress, game.settings.stress_min) == (2, 0)
    game.change_settings(stress_max=1)
    assert game.stress == 1
    assert game.change_settings(stress_max=4)[-1].event.kind == "settings_changed"
    assert game.stress == 1  # inside the bounds: nothing moves
    state = game.state
    assert reopen(game, path)[0] == state


@pytest.mark.rule("ISO-A19")
def test_a19_stress_start():
    assert IsolationGame.new(seed=0).stress == 1
    assert IsolationGame.new(seed=0, settings=IsolationSettings(stress_start=3)).stress == 3


@pytest.mark.rule("ISO-A19")
def test_a_new_stress_start_sets_the_stress_level_before_play(tmp_path, reopen):
    """ISO-A19: before play begins the starting Stress is the scenario's Stress Level."""
    path = tmp_path / "s.jsonl"
    game = IsolationGame.new(path, seed=0)
    entries = game.change_settings(stress_start=3)
    assert [type(e.event) for e in entries] == [SettingsChanged, StressChanged]
    event = entries[1].event
    assert (event.old, event.new, event.source) == (1, 3, "settings")
    assert "stress_start" in event.reason and game.stress == 3
    game.undo()
    assert (game.stress, game.settings.stress_start) == (1, 1)
    game.redo()
    assert game.stress == 3
    state = game.state
    assert reopen(game, path)[0] == state


@pytest.mark.rule("ISO-A19")
def test_a_new_stress_start_leaves_the_stress_level_once_play_has_begun():
    game = boarding_party(stress=2)
    assert game.change_settings(stress_start=3)[-1].event.kind == "stress_changed"
    assert game.stress == 3
    game.start_play()
    assert [e.event.kind for e in game.change_settings(stress_start=1)] == ["settings_changed"]
    assert game.stress == 3


@pytest.mark.rule("ISO-R36", "ISO-A19")
def test_other_settings_before_play_keep_the_starting_stress_chosen():
    game = boarding_party(stress=2)  # set_starting_stress(2), stress_start still 1
    game.change_settings(cooperate_net_min=3)
    assert game.stress == 2


def auto_game(**settings):
    game = trio(stress=1, **settings)
    game.adjust_stress(-1, "relief")
    return game


@pytest.mark.rule("ISO-A20")
def test_a20_stress_zero_auto_side_effects():
    for flag, links in ((False, 0), (True, 1)):
        game = auto_game(stress_zero_auto_side_effects=flag)
        game.run_conflict("bob", "x", stances={"alice": "Neutral", "eve": "Cooperative"})
        assert game.state.count("bob", "eve", "green", labeled=False) == links


@pytest.mark.rule("ISO-A21")
def test_a21_stress_zero_roll_if_threat():
    game = auto_game(stress_zero_roll_if_threat=True)
    game.set_threat(True)
    assert not game.propose("bob", "x").automatic
    game = auto_game(stress_zero_roll_if_threat=False)
    game.set_threat(True)
    assert game.propose("bob", "x").automatic


# --------------------------------------------------------------------------- A22..A26


def failed_subset(**settings):
    game = trio(stress=1, **settings)
    game.run_conflict(
        "bob",
        "x",
        mode="subset",
        pps=["alice"],
        difficulty=1,
        physical=True,
        faces={
            "bob": {"green": "1 1", "red": "4 4"},
            "alice": {"green": "1 1", "red": "4"},
            "GM": "3 3 4 4 4",
        },
        stances={"alice": "Neutral"},
    )
    return game


@pytest.mark.rule("ISO-A22")
def test_a22_wound_candidates_include_defaulted():
    assert failed_subset().conflict.wound_pool == ("bob", "alice")
    game = failed_subset(wound_candidates_include_defaulted=True)
    assert game.conflict.wound_pool == ("bob", "alice", "eve")


@pytest.mark.rule("ISO-A23")
def test_a23_dying_first():
    game = trio(stress=1)
    wound_now(game, "alice", 2)
    game_off = trio(stress=1, dying_first=False)
    wound_now(game_off, "alice", 2)
    for g in (game, game_off):
        g.run_conflict(
            "bob",
            "x",
            mode="subset",
            pps=["alice"],
            difficulty=1,
            physical=True,
            faces={
                "bob": {"green": "1 1", "red": const(4, 4)},
                "alice": {"green": "1 1", "red": const(3, 4)},
                "GM": "3 3 4 4 4",
            },
            stances={"alice": "Neutral"},
        )
    assert game.character("alice").health == "Dead"  # Dying first; Bob takes the other
    assert game.character("bob").health == "Injured" and game.conflict is None
    assert game_off.character("alice").health == "Dying"
    assert game_off.conflict.wounds_left == 2


@pytest.mark.rule("ISO-A24")
def test_a24_death_green_remainder():
    # Bob has 3 labeled greens; with Dan there are 3 surviving pairs: 1 each, no remainder.
    # Without Dan: 1 pair gets 3. Use Eve: 1 labeled green (L4), 2 survivors → 1 pair.
    def dead_eve(rule, **extra):
        game = trio(death_green_remainder=rule, **extra)
        game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
        game.add_link("eve", "dan", "green", "Road trip")
        game.kill("eve", "lost in the woods")  # 2 greens, 3 pairs: 0 each, 2 left over
        return game

    def shared(game):
        return sum(1 for x in game.state.links if x.origin == "temporary")

    assert shared(dead_eve("drop")) == 0
    assert shared(dead_eve("random")) == 2
    game = dead_eve("gm_choice")
    assert shared(game) == 0
    assert [w.rule for w in game.warnings() if w.rule == "ISO-A24"] == ["ISO-A24"]
    with pytest.raises(RuleError, match="different pairs"):
        game.place_death_greens("eve", [("alice", "bob"), ("bob", "alice")])
    game.place_death_greens("eve", [("alice", "bob"), ("bob", "dan")])
    assert shared(game) == 2 and not game.state.pending_greens


@pytest.mark.rule("ISO-A24")
def test_a24_death_redistribute_unlabeled():
    for flag, expected in ((False, 1), (True, 2)):
        game = trio(death_redistribute_unlabeled=flag)
        game.add_link("eve", "alice", "green")  # unlabeled
        game.kill("eve", "fell")  # pairs: alice–bob only
        assert game.state.count("alice", "bob", "green", labeled=False) == expected


@pytest.mark.rule("ISO-A26")
def test_a26_auto_recover_on_zero_links():
    for flag, health in ((False, "Injured"), (True, "Healthy")):
        game = trio(auto_recover_on_zero_links=flag)
        game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
        wound_now(game, "eve")  # Injured links with alice, bob, dan
        game.kill("alice", "x")
        game.kill("bob", "y")
        game.kill("dan", "z")
        assert game.character("eve").health == health


# --------------------------------------------------------------------------- A27..A29, R06


@pytest.mark.rule("ISO-A27")
def test_a27_alone_own_red_cancels():
    for flag, team in ((True, 1), (False, 3)):
        game = trio(stress=2, alone_own_red_cancels=flag)
        game.run_conflict(
            "bob",
            "x",
            mode="alone",
            difficulty=3,
            faces={"bob": {"green": "2 2 2", "red": "3 3"}, "GM": const(8, 4)},
        )
        assert game.state.last_conflict.resolution.team_evens == team


@pytest.mark.rule("ISO-A27")
def test_explanation_of_a_lone_ap_red_follows_alone_own_red_cancels():
    """ISO-A27: the explanation says what the AP's red did, under either setting."""
    for flag, used, team in ((True, "cancels the AP's own green", 1), (False, "not used", 3)):
        game = trio(stress=2, alone_own_red_cancels=flag)
        game.run_conflict(
            "bob",
            "x",
            mode="alone",
            difficulty=3,
            faces={"bob": {"green": "2 2 2", "red": "3 3"}, GM: const(8, 4)},
        )
        explanation = game.explain()
        [red] = [p for p in explanation.pools if (p.who, p.colour) == ("bob", "red")]
        assert used in red.used and explanation.team_evens == team


@pytest.mark.rule("ISO-A28")
def test_a28_direct_alone_green_dice():
    game = trio(direct_alone_green_dice="gm_difficulty")
    game.propose("bob", "x", mode="direct", target="eve", pps=[], difficulty=4)
    assert game.plan().unit("bob", "green").count == 4
    game = trio(direct_alone_green_dice="modifiers_only")
    with pytest.raises(RuleError, match="no Difficulty"):
        game.propose("bob", "x", mode="direct", target="eve", pps=[], difficulty=4)
    game.propose(
        "bob", "x", mode="direct", target="eve", pps=[], factors={"bob": {"profession": True}}
    )
    assert game.plan().unit("bob", "green").count == 1


@pytest.mark.rule("ISO-A29")
def test_a29_defender_odds_floor_zero():
    for flag, odds, degree in ((True, 0, "Partial Success"), (False, -3, "Basic Success")):
        game = trio(stress=1, defender_odds_floor_zero=flag)
        game.run_conflict(
            "bob",
            "x",
            mode="direct",
            target="eve",
            factors={"eve": {"extra_green": 3}},
            faces={
                "eve": {"red": const(5, 4), "green": "2 2 4"},
                "bob": {"green": "1 1", "red": "4 4"},
                "alice": {"green": "1 1", "red": "4"},
            },
            stances={"alice": "Neutral"},
        )
        r = game.state.last_conflict.resolution
        assert (r.opposition_odds, r.degree) == (odds, degree)


@pytest.mark.rule("ISO-R06")
def test_r06_allow_late_characters():
    """ISO-R06 / allow_late_characters: late characters only when allowed, then warned about."""
    game = trio(allow_late_characters=True)
    game.start_play()
    game.add_character("Late", profession="p", bias="b", goal="g")
    assert game.character("late").late
    assert [w.character for w in game.warnings() if w.rule == "ISO-R06"] == ["late"]
