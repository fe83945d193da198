"""The IsolationGame as a widget drives it: one click per step, resume, undo, views."""

from __future__ import annotations

import pytest

from isowidgets.errors import RuleError
from isowidgets.rules.isolation import GM, IsolationGame, IsolationSettings
from isowidgets.rules.isolation.events import HealthChanged, LinkAdded, LinkRemoved
from isowidgets.rules.isolation.examples import boarding_party

E02_FACTORS = {
    "bob": {"profession": True},
    "alice": {"relevant_links": ["L1"]},
    "eve": {"relevant_links": ["L5"]},
}


def trio(stress=2, **settings):
    return boarding_party(stress=stress, settings=IsolationSettings(**settings))


@pytest.mark.rule("ISO-R15")
def test_resume_mid_conflict_from_a_file(tmp_path):
    """A kernel crash mid-conflict: the file replays to the same open conflict (ISO-R15)."""
    path = tmp_path / "isolation.jsonl"
    game = IsolationGame.new(path, seed=4)
    game.add_character("Ann", profession="Medic", bias="b", goal="g")
    game.add_character("Ben", profession="Cook", bias="b", goal="g")
    game.add_link("ann", "ben", "green", "Old friends")
    game.propose("ann", "barricade the door", factors={"ann": {"profession": True}})
    game.roll("ann", "green", "2 4")
    state = game.state
    game.journal.close()
    resumed = IsolationGame.resume(path)
    assert resumed.state == state
    assert resumed.conflict.rolls[0].roll.faces == (2, 4)
    resumed.roll_ready()  # Ann's red (Stress 1), Ben's green and red
    resumed.choose_stance("ben", resumed.conflict.first.reading("ben").allowed[0])
    resumed.set_difficulty("Easy")
    resumed.roll_gm()
    resumed.resolve()
    assert resumed.conflict is None and resumed.state.last_conflict.resolution is not None
    resumed.journal.close()


def test_undo_a_mistyped_roll():
    game = boarding_party()
    game.propose("bob", "board up")
    game.roll("bob", "green", "2 2 2")
    with pytest.raises(RuleError, match="never re-rolled"):
        game.roll("bob", "green", "4 4 4")
    game.undo()
    assert game.conflict.roll_of("bob", "green") is None
    assert game.roll("bob", "green", "4 4 2").evens == 3
    game.undo()
    game.undo()  # the proposal itself
    assert game.conflict is None
    game.redo()
    assert game.conflict is not None and game.conflict.rolls == ()


def test_click_through_with_next_steps():
    """Each step a panel offers can be taken with one call until the conflict closes."""
    game = boarding_party(stress=2, seed=9)
    game.propose("bob", "board up", factors=E02_FACTORS)
    clicks = 0
    while game.conflict is not None:
        steps = [s for s in game.next_steps() if s.required]
        assert steps, game.next_steps()
        step = steps[0]
        if step.action == "roll":
            game.roll(step.actor, step.options[0])
        elif step.action == "choose_stance":
            game.choose_stance(step.actor, step.options[0])
        elif step.action == "set_difficulty":
            game.set_difficulty(3)
        elif step.action == "assign_wounds":
            game.assign_wounds({game.conflict.wound_pool[0]: game.conflict.wounds_left})
        else:
            assert step.action == "resolve"
            game.resolve()
        clicks += 1
    assert 8 <= clicks <= 12
    assert game.explain().degree == game.state.last_conflict.resolution.degree


@pytest.mark.rule("ISO-A28")
def test_next_steps_offer_the_nominal_difficulty_acting_directly_alone():
    """ISO-A28: acting directly and alone, the GM sets a nominal Difficulty for the AP's
    green dice; the panel must offer it, before and after the AP's red is rolled."""
    game = trio()
    game.propose("bob", "x", mode="direct", target="eve", pps=[])
    offered = {s.action: s for s in game.next_steps()}
    assert offered["set_difficulty"].required and "nominal" in offered["set_difficulty"].label
    game.roll("bob", "red")
    assert [s.action for s in game.next_steps() if s.required] == ["set_difficulty"]
    game.set_difficulty(2)
    assert game.plan().unit("bob", "green").count == 2
    [again] = [s for s in game.next_steps() if s.action == "set_difficulty"]
    assert not again.required  # it may still change until the green dice are down
    game.roll("bob", "green")
    assert "set_difficulty" not in [s.action for s in game.next_steps()]


MODES = {
    "persuade_all": ({"mode": "persuade_all"}, ()),
    "subset with a downgrade": ({"mode": "subset", "pps": ["alice"]}, ("eve",)),
    "alone": ({"mode": "alone"}, ()),
    "alone with a volunteer": ({"mode": "alone"}, ("alice",)),
    "direct with PPs": ({"mode": "direct", "target": "eve"}, ()),
    "direct alone": ({"mode": "direct", "target": "eve", "pps": []}, ()),
    "direct alone, modifiers only": (
        {
            "mode": "direct",
            "target": "eve",
            "pps": [],
            "settings": {"direct_alone_green_dice": "modifiers_only"},
        },
        (),
    ),
    "Stress 0, subset with a downgrade": (
        {"mode": "subset", "pps": ["eve"], "stress": 0},
        ("alice",),
    ),
}


@pytest.mark.parametrize("physical", [False, True])
@pytest.mark.parametrize("case", list(MODES))
def test_every_mode_closes_by_following_next_steps_alone(case, physical):
    """A click-through panel only knows next_steps(): following it (required steps, plus
    the wanted downgrades) must close the conflict in every mode."""
    kwargs, downgrades = MODES[case]
    kwargs = dict(kwargs)
    settings = kwargs.pop("settings", {})
    stress = kwargs.pop("stress", 2)
    for seed in range(4):
        rules = IsolationSettings(**settings)
        game = boarding_party(stress=max(stress, 1), settings=rules, seed=seed)
        game.add_character("Dan", kind="boat_NPC", profession="Driver", bias="b", goal="g")
        if stress == 0:
            game.adjust_stress(-1, "relief")
        game.propose("bob", "board up", physical=physical, **kwargs)
        for _ in range(40):
            if game.conflict is None:
                break
            steps = game.next_steps()
            assert steps, f"stuck: {game.conflict}"
            wanted = [s for s in steps if s.action == "downgrade" and s.actor in downgrades]
            step = wanted[0] if wanted else next(s for s in steps if s.required)
            if step.action == "roll":
                game.roll(step.actor, step.options[0])
            elif step.action == "choose_stance":
                game.choose_stance(step.actor, step.options[0])
            elif step.action == "set_difficulty":
                game.set_difficulty(2)
            elif step.action == "downgrade":
                game.downgrade(step.actor)
            elif step.action == "assign_wounds":
                pool, left = game.conflict.wound_pool, game.conflict.wounds_left
                split = dict.fromkeys(pool, 0)
                for i in range(left):
                    split[pool[i % len(pool)]] += 1
                game.assign_wounds(split)
            else:
                assert step.action == "resolve", step
                game.resolve()
        assert game.conflict is None and game.state.last_conflict.closed
        assert set(downgrades) <= set(game.state.last_conflict.downgraded)


def test_preview_journals_nothing():
    game = boarding_party()
    before = len(game.journal)
    plan = game.preview("bob", "board up", mode="subset", pps=["alice"])
    assert plan.unit("bob", "green").count == 2
    assert len(game.journal) == before and game.conflict is None


def test_roll_ready_is_one_action_with_typed_faces():
    game = boarding_party()
    game.propose("bob", "board up")
    actions = len(game.journal.actions())
    rolls = game.roll_ready({"bob": {"green": "2 2 2", "red": "4 4 4 4 4"}, "eve": {"red": "3 3"}})
    assert len(rolls) == 6
    assert len(game.journal.actions()) == actions + 1
    assert game.conflict.first.reading("eve").red_odds == 2
    with pytest.raises(RuleError, match="no pool can be rolled"):
        game.roll_ready()


@pytest.mark.rule("ISO-R19", "ISO-R20")
def test_plan_shows_where_each_die_comes_from():
    game = boarding_party()
    game.propose("bob", "board up", factors=E02_FACTORS)
    unit = game.plan().unit("alice", "green")
    assert [(s.source, s.count, s.link_ids) for s in unit.sources] == [
        ("links", 2, ("L1", "L2")),
        ("relevant_label", 1, ("L1",)),
    ]
    gm = game.plan().unit(GM, "red")
    assert not gm.ready and "Difficulty" in gm.waiting


@pytest.mark.rule("ISO-E02", "ISO-E03")
def test_explanation_reads_well():
    game = boarding_party()
    game.run_conflict(
        "bob",
        "board up",
        difficulty=3,
        factors=E02_FACTORS,
        faces={
            "bob": {"green": "4 3 1 6 4", "red": "5 4 3 6 1 1 2"},
            "alice": {"green": "4 2 6 2", "red": "3"},
            "eve": {"green": "3", "red": "3 5 4"},
            "GM": "5 4 3 4 1 3 4 5 6",
        },
    )
    text = game.explain().text()
    assert "the Active Player's odds: 4 red odds − 3 green evens (never below 0) = 1" in text
    assert "relevant label “Flirtatious / Charming”" in text
    assert "GM pool: 3 difficulty + 3 living + 2 stress = 8 red dice" in text
    assert "→ Partial Success" in text
    log = game.log()
    assert "margin +0 → Partial Success" in " ".join(log["summary"])


@pytest.mark.rule("ISO-R38")
def test_injure_adds_links_and_the_graph_adapter_can_follow():
    """Events are granular: a view can replay LinkAdded/LinkRemoved to mirror the map."""
    game = boarding_party()
    mirror = {link.id for link in game.state.links}

    def follow(entries, _state):
        for entry in entries:
            if isinstance(entry.event, LinkAdded):
                mirror.add(entry.event.link.id)
            elif isinstance(entry.event, LinkRemoved):
                mirror.discard(entry.event.link.id)

    game.subscribe(follow)
    entries = game.injure("eve", "zombie bite", levels=2)
    assert [e.event.new for e in entries if isinstance(e.event, HealthChanged)] == [
        "Injured",
        "Dying",
    ]
    game.kill("eve", "bled out")
    game.add_link("alice", "bob", "red")
    assert mirror == {link.id for link in game.state.links}


def test_settings_change_between_conflicts_only():
    game = boarding_party()
    game.propose("bob", "board up")
    with pytest.raises(RuleError, match="between conflicts"):
        game.change_settings(stress_dice_for_passive=True)
    game.cancel_conflict("changing house rules")
    game.change_settings(stress_dice_for_passive=True)
    assert game.settings.stress_dice_for_passive


def test_random_rolls_are_reproducible_by_seed():
    def play(seed):
        game = boarding_party(seed=seed)
        game.run_conflict("bob", "board up", difficulty=2)
        return game.state.last_conflict.rolls

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_rejected_conflict_run_leaves_no_trace():
    game = boarding_party(seed=1)  # its dice leave Eve a stance to choose, so it is read
    before = (game.state, len(game.journal), game.dice.state())
    with pytest.raises(RuleError):
        game.run_conflict(
            "bob",
            "board up",
            difficulty=2,
            stances={"eve": "Friendly"},
            faces={"eve": {"green": "2", "red": "4 4"}},
        )
    assert (game.state, len(game.journal), game.dice.state()) == before
    with pytest.raises(RuleError, match="needs difficulty"):
        game.run_conflict("bob", "board up")
    assert len(game.journal) == before[1]


@pytest.mark.rule("ISO-R37")
def test_stress_zero_settings_in_a_game():
    game = IsolationGame.new(seed=0, settings=IsolationSettings(stress_start=0))
    game.add_character("Ann", profession="p", bias="b", goal="g")
    c = game.propose("ann", "rest", mode="alone")
    assert c.automatic
    assert game.resolve().degree == "Basic Success"


def test_plans_are_found_again_only_for_the_very_same_state():
    """plan_for keeps recent plans by identity: asked twice of one state it answers
    the same plan; a new state (a die rolled) gets a plan of its own, equal to one made
    from scratch."""
    from isowidgets.rules.isolation.plan import _plan, plan_for

    game = boarding_party(stress=2, seed=3)
    game.propose("bob", "board up the windows")
    before = game.state
    assert plan_for(before, before.conflict) is plan_for(before, before.conflict)
    game.roll("bob", "green", "4 3 1")
    after = game.state
    plan = plan_for(after, after.conflict)
    assert plan is not plan_for(before, before.conflict)
    assert plan == _plan(after, after.conflict)
    assert plan.unit("bob", "green").rolled is not None
    assert plan_for(before, before.conflict).unit("bob", "green").rolled is None
