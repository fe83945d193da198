"""Every Impact System rule, IMP-R01…R21, each cited by name in the tests that check it."""

from __future__ import annotations

from typing import Any

import pytest

from isowidgets.dice import D4, D6, D8, D10, D12, D20
from isowidgets.errors import RuleError
from isowidgets.rules.impact import WORLD, Effect, ImpactGame, ImpactSettings, rules
from isowidgets.rules.impact.events import DetailToggled, ImpactChanged
from isowidgets.rules.impact.ladder import (
    DIFFICULTY_DIE,
    IMPACT_LADDER,
    INEFFECTUAL,
    START,
    TOP,
    difficulty_named,
    step_label,
    step_named,
)


def _game(**settings: Any) -> ImpactGame:
    return ImpactGame.new(seed=5, settings=ImpactSettings(**settings))


def _ids(game: ImpactGame, owner: str) -> dict[str, str]:
    return {d.text: d.id for d in game.state.details_of(owner)}


@pytest.fixture
def table() -> tuple[ImpactGame, dict[str, str]]:
    """Two PCs, an NPC adversary and a scene, each with Details."""
    game = _game()
    ada = game.add_pc("Ada", ["Quick Hands", ("Sworn Enemy of the Prince", "hinders")])
    bo = game.add_pc("Bo", ["Strong As An Ox"])
    valnis = game.add_npc("Valnis", ["Master Of Flame"], impact="D8")
    hall = game.add_scene("Burning hall", ["Smoke Everywhere"], impact="D6")
    ids = {"ada": ada, "bo": bo, "valnis": valnis, "hall": hall}
    for owner in (ada, bo, valnis, hall):
        ids.update(_ids(game, owner))
    return game, ids


# --------------------------------------------------------------------------- Details


@pytest.mark.rule("IMP-R01")
def test_r01_three_kinds_of_detail_on_the_right_owners(table):
    """IMP-R01: Character Details belong to characters, Scene Details to scenes (or the
    world), Temporary Details to anything."""
    game, ids = table
    assert game.state.detail(ids["Quick Hands"]).kind == "character"
    assert game.state.detail(ids["Smoke Everywhere"]).kind == "scene"
    storm = game.add_detail(WORLD, "Sunrise Approaches")
    assert game.state.detail(storm).kind == "scene"
    ankle = game.add_detail(ids["ada"], "Twisted Ankle", kind="temporary", hint="hinders")
    assert game.state.detail(ankle).owner == ids["ada"]
    with pytest.raises(RuleError, match="cannot have a Character Detail"):
        game.add_detail(ids["hall"], "Brave", kind="character")
    with pytest.raises(RuleError, match="Tip: use kind='temporary'"):
        game.add_detail(ids["ada"], "Fog", kind="scene")
    with pytest.raises(RuleError, match="'character', 'scene' or 'temporary'"):
        game.add_detail(ids["ada"], "Fog", kind="weather")


@pytest.mark.rule("IMP-R01")
def test_r01_scene_and_temporary_details_work_identically(table):
    """IMP-R01: a Scene Detail and a Temporary Detail both count +1 for anyone."""
    game, ids = table
    rope = game.add_detail(ids["hall"], "A Rope Hangs From The Rafters", kind="temporary")
    game.action(ids["bo"], "Tricky", helps=[ids["Smoke Everywhere"], rope])
    assert game.roll_plan().bonus == 2


@pytest.mark.rule("IMP-R02")
def test_r02_the_same_detail_helps_or_hinders_depending_on_the_action(table):
    """IMP-R02: the hint only guides; "Sworn Enemy of the Prince" may help at a rebel meeting."""
    game, ids = table
    enemy = ids["Sworn Enemy of the Prince"]
    assert game.state.detail(enemy).hint == "hinders"
    game.action(ids["ada"], "Routine", helps=[enemy])
    assert game.roll_plan().net == 1
    game.cancel_test()
    game.action(ids["ada"], "Routine", hinders=[enemy])
    assert game.roll_plan().net == -1


@pytest.mark.rule("IMP-R02", "IMP-A17")
def test_r02_a_detail_disabled_by_the_fiction_cannot_be_cited(table):
    """IMP-R02, IMP-A17: Thor unworthy of his hammer; Robin's swashbuckling while sneaking."""
    game, ids = table
    game.set_detail_active(ids["Quick Hands"], False, reason="hands are tied")
    with pytest.raises(RuleError, match=r"disabled and cannot be cited \(IMP-A17\)"):
        game.action(ids["ada"], "Tricky", helps=[ids["Quick Hands"]])
    draft = rules.draft_test(game.state, "action", ids["ada"], difficulty="Tricky")
    assert ids["Quick Hands"] not in rules.citation_options(game.state, draft)
    game.set_detail_active(ids["Quick Hands"], True)
    game.action(ids["ada"], "Tricky", helps=[ids["Quick Hands"]])
    assert game.roll_plan().bonus == 1


@pytest.mark.rule("IMP-R02")
def test_r02_disabling_a_cited_detail_uncites_it(table):
    game, ids = table
    game.action(ids["ada"], "Tricky", helps=[ids["Quick Hands"]])
    [entry] = game.set_detail_active(ids["Quick Hands"], False)
    assert isinstance(entry.event, DetailToggled)
    assert game.test is not None and game.test.cited() == ()
    assert game.roll_plan().bonus == 0


# --------------------------------------------------------------------------- tests


@pytest.mark.rule("IMP-R03")
def test_r03_only_a_pc_rolls_and_rolls_one_die(table):
    """IMP-R03: rolls face the players; the GM never rolls, not even for adversaries."""
    game, ids = table
    with pytest.raises(RuleError, match=r"the GM never rolls \(IMP-R03\)"):
        game.action(ids["valnis"], "Tricky")
    game.action(ids["ada"], "Tricky")
    rolled = game.roll(4)
    assert len(rolled.roll.dice) == 1


@pytest.mark.rule("IMP-R04")
@pytest.mark.parametrize(("name", "die"), list(DIFFICULTY_DIE.items()))
def test_r04_difficulty_sets_the_task_die(name: str, die: object):
    """IMP-R04, T-IMP-1: Simple d20 … Impossible d4, by name or by die."""
    game = _game()
    hero = game.add_pc("Hero", impact="D20")
    game.action(hero, name.lower())
    assert game.roll_plan().task_die == die
    assert difficulty_named(die) == name  # the die names the same Difficulty


@pytest.mark.rule("IMP-R04")
def test_r04_unknown_difficulty_lists_the_table():
    with pytest.raises(RuleError, match=r"Difficulty 'hard'; T-IMP-1 has Simple \(D20\)"):
        difficulty_named("hard")


@pytest.mark.rule("IMP-R05")
def test_r05_the_smaller_die_is_rolled_both_ways():
    """IMP-R05: the Impact Die caps the roll; a smaller task die is rolled as it is."""
    game = _game()
    hero = game.add_pc("Hero", impact="D6")
    game.action(hero, "Simple")
    assert game.roll_plan().die == D6
    game.cancel_test()
    game.action(hero, "Impossible")
    assert game.roll_plan().die == D4
    with pytest.raises(RuleError, match="a d4 shows 1–4"):
        game.roll(5)  # a 5 cannot be on the d4
    assert game.test is not None and game.test.phase == "setup"


@pytest.mark.rule("IMP-R06", "IMP-R07")
def test_r06_bonuses_are_cumulative_and_helpers_lend_character_details(table):
    """IMP-R06: +1 per distinct helping Detail, own, scene, temporary or a helper's; no cap."""
    game, ids = table
    coat = game.add_detail(ids["bo"], "Fireproof Coat", kind="temporary")
    rope = game.add_detail(ids["hall"], "A Rope Hangs From The Rafters", kind="temporary")
    draft = rules.draft_test(
        game.state,
        "action",
        ids["ada"],
        difficulty="Difficult",
        helps=[ids["Quick Hands"], ids["Smoke Everywhere"]],
    )
    with pytest.raises(RuleError, match=r"Tip: name Bo among the helpers \(helpers=\['char-2'\]\)"):
        rules.cite(game.state, draft, ids["Strong As An Ox"])
    draft = rules.cite(game.state, draft, rope)  # a Temporary Detail on the scene: everyone's
    draft = rules.add_helper(game.state, draft, ids["bo"])
    draft = rules.cite(game.state, draft, ids["Strong As An Ox"])
    draft = rules.cite(game.state, draft, coat)  # Bo's own Temporary Detail, once he helps
    assert rules.roll_plan(game.state, draft).bonus == 5
    draft = rules.remove_helper(game.state, draft, ids["bo"])  # his Details go with him
    assert rules.roll_plan(game.state, draft).bonus == 3
    game.open_draft(draft)
    assert game.roll_plan().bonus == 3


@pytest.mark.rule("IMP-R06")
def test_r06_helpers_never_roll_and_cannot_be_the_roller(table):
    game, ids = table
    with pytest.raises(RuleError, match="is the one rolling"):
        game.action(ids["ada"], "Difficult", helpers=[ids["ada"]])
    draft = rules.draft_test(game.state, "action", ids["ada"], difficulty="Difficult")
    draft = rules.add_helper(game.state, draft, ids["bo"])
    with pytest.raises(RuleError, match="already helps"):
        rules.add_helper(game.state, draft, ids["bo"])
    with pytest.raises(RuleError, match="already helps"):
        game.action(ids["ada"], "Difficult", helpers=[ids["bo"], ids["bo"]])


@pytest.mark.rule("IMP-R07")
def test_r07_penalties_come_from_the_rollers_own_details_not_a_bystanders(table):
    """IMP-R07: −1 per hindering Detail specific to the character."""
    game, ids = table
    enemy = ids["Sworn Enemy of the Prince"]
    with pytest.raises(RuleError, match=r"\(IMP-R07\)"):
        game.action(ids["ada"], "Tricky", hinders=[enemy, ids["Strong As An Ox"]])
    game.action(ids["ada"], "Tricky", hinders=[enemy, ids["Smoke Everywhere"]])
    assert game.roll_plan().penalty == 2


@pytest.mark.rule("IMP-R08")
@pytest.mark.parametrize("die", IMPACT_LADDER)
def test_r08_eight_or_more_succeeds_whatever_the_die(die: object):
    """IMP-R08: total ≥ 8 is a Success and ≤ 7 a Failure, on every die."""
    game = _game()
    hero = game.add_pc("Hero", [f"Detail {i}" for i in range(8)], impact="D20")
    difficulty = next(name for name, task in DIFFICULTY_DIE.items() if task == die)
    details = list(_ids(game, hero).values())
    for face in (1, die.highest):  # type: ignore[attr-defined]
        for need in (7, 8):  # choose the bonus so that the total is exactly need
            bonus = need - face
            if not 0 <= bonus <= len(details):
                continue
            game.action(hero, difficulty, helps=details[:bonus])
            rolled = game.roll(face)
            assert rolled.total == need
            assert rolled.success is (need >= 8)
            game.finish()


@pytest.mark.rule("IMP-R09")
def test_r09_a_success_picks_exactly_one_of_four_effects(table):
    """IMP-R09: a new Temporary Detail; alter/remove a Scene or Temporary Detail; step
    another's Impact Die down; or up."""
    game, ids = table
    ada, valnis = ids["ada"], ids["valnis"]

    def succeed() -> None:
        game.action(ada, "Simple")
        game.roll(12)

    succeed()
    game.choose_effect("new_detail", target=ids["hall"], text="The Door Is Barred")
    barred = _ids(game, ids["hall"])["The Door Is Barred"]
    assert game.state.detail(barred).kind == "temporary"
    succeed()
    game.choose_effect(Effect.alter_detail(ids["Smoke Everywhere"], "Smoke Clearing"))
    assert game.state.detail(ids["Smoke Everywhere"]).text == "Smoke Clearing"
    succeed()
    game.choose_effect(Effect.remove_detail(barred))
    assert game.state.find_detail(barred) is None
    succeed()
    game.choose_effect(Effect.step_down(valnis))
    assert game.state.character(valnis).die == D6
    succeed()
    game.choose_effect(Effect.step_up(ids["bo"]))
    assert game.state.character(ids["bo"]).die == D20
    succeed()
    game.choose_effect(Effect.disable_detail(ids["Smoke Everywhere"]))
    assert not game.state.detail(ids["Smoke Everywhere"]).active
    # Only one: the test is closed once its effect is chosen.
    with pytest.raises(RuleError, match="no test is open"):
        game.choose_effect(Effect.step_down(valnis))


@pytest.mark.rule("IMP-R09")
def test_r09_a_success_cannot_remove_a_character_detail(table):
    game, ids = table
    game.action(ids["ada"], "Simple")
    game.roll(12)
    with pytest.raises(RuleError, match=r"Scene and Temporary Details only \(IMP-R09\)"):
        game.choose_effect(Effect.remove_detail(ids["Master Of Flame"]))
    assert [step.action for step in game.next_steps()] == ["choose_effect", "finish"]


@pytest.mark.rule("IMP-R10")
def test_r10_a_failure_has_no_lasting_effect_unless_a_complication_is_accepted(table):
    """IMP-R10: a plain Failure changes nothing; an accepted Complication is a Temporary
    Detail on the roller and a step up."""
    game, ids = table
    before = game.state
    game.action(ids["ada"], "Tricky")
    game.roll(2)
    game.finish()
    assert game.state.details == before.details
    assert game.state.characters == before.characters

    game.action(ids["ada"], "Tricky")
    game.roll(2)
    game.offer_complication("Dropped The Lockpicks")
    game.accept_complication()
    assert game.state.character(ids["ada"]).die == D20
    dropped = _ids(game, ids["ada"])["Dropped The Lockpicks"]
    assert game.state.detail(dropped).origin == "complication"


@pytest.mark.rule("IMP-R11")
def test_r11_the_failure_itself_cannot_be_refused(table):
    """IMP-R11: declining the Complication leaves the Failure standing; a rolled test
    cannot be called off."""
    game, ids = table
    game.action(ids["ada"], "Tricky")
    game.roll(1)
    with pytest.raises(RuleError, match=r"a roll stands \(IMP-R11\)"):
        game.cancel_test()
    game.offer_complication("Alarm Raised")
    game.decline_complication()
    last = game.state.last_test
    assert last is not None and last.outcome == "failure" and last.complication == "declined"
    assert "Alarm Raised" not in _ids(game, ids["ada"])
    assert game.state.character(ids["ada"]).die == D12


@pytest.mark.rule("IMP-R12")
def test_r12_avoid_harm_rolls_the_threats_impact_die(table):
    """IMP-R12: the player rolls the threat's Impact Die; the threat's Details hinder."""
    game, ids = table
    game.avoid_harm(ids["ada"], ids["valnis"], hinders=[ids["Master Of Flame"]])
    plan = game.roll_plan()
    assert (plan.task_die, plan.die, plan.penalty) == (D8, D8, 1)
    game.cancel_test()
    with pytest.raises(RuleError, match=r"the adversary in test-2.*Tip: cite it as 'hinders'"):
        game.avoid_harm(ids["ada"], ids["valnis"], helps=[ids["Master Of Flame"]])  # never helps
    game.avoid_harm(ids["ada"], ids["hall"])  # a scene with an Impact Die is a threat too
    assert game.roll_plan().die == D6


@pytest.mark.rule("IMP-R12")
def test_r12_plain_success_avoids_harm_and_nothing_else(table):
    """IMP-R12: a Success avoids the harm; only a Great Success adds an effect."""
    game, ids = table
    game.change_settings(great_success_rule="margin")
    game.avoid_harm(ids["ada"], ids["valnis"])
    game.roll(8)  # 8 ≥ 8 but short of the margin of 4
    assert game.test is None
    last = game.state.last_test
    assert last is not None and last.outcome == "success"
    assert game.state.character(ids["ada"]).die == D12


@pytest.mark.rule("IMP-R12")
def test_r12_great_success_effect_must_touch_the_foe(table):
    """IMP-R12: after a Great Success the player may pick one effect against the foe."""
    game, ids = table
    game.change_settings(great_success_rule="natural_max")
    game.avoid_harm(ids["ada"], ids["valnis"])
    game.roll(8)
    assert game.test is not None and game.test.outcome == "great_success"
    with pytest.raises(RuleError, match="must affect the foe, Valnis"):
        game.choose_effect(Effect.step_up(ids["bo"]))
    with pytest.raises(RuleError, match="must affect the foe"):
        game.choose_effect(Effect.remove_detail(ids["Smoke Everywhere"]))
    game.choose_effect(Effect.step_down(ids["valnis"]))
    assert game.state.character(ids["valnis"]).die == D6


@pytest.mark.rule("IMP-R12")
def test_r12_the_cost_is_announced_before_the_roll_and_the_player_words_it(table):
    """IMP-R12: on a Failure the announced cost applies, with the player's input."""
    game, ids = table
    game.avoid_harm(ids["ada"], ids["valnis"], cost_detail="Singed")
    game.roll(1)
    with pytest.raises(RuleError, match=r"announced before the roll \(IMP-R12\)"):
        game.offer_complication("Something else")
    game.take_cost("Singed Eyebrows And A Smoking Cloak")
    assert "Singed Eyebrows And A Smoking Cloak" in _ids(game, ids["ada"])
    assert game.state.character(ids["ada"]).die == D12

    game.avoid_harm(ids["ada"], ids["valnis"])  # the cost is a step
    game.roll(1)
    with pytest.raises(RuleError, match="takes no Detail text"):
        game.take_cost("A bruise")
    game.take_cost()
    assert game.state.character(ids["ada"]).die == D10


@pytest.mark.rule("IMP-R12")
def test_r12_a_scene_without_an_impact_die_is_no_threat(table):
    game, ids = table
    plain = game.add_scene("A quiet road")
    with pytest.raises(RuleError, match=r"Tip: set_impact\('scene-2', 'D6'\) first"):
        game.avoid_harm(ids["ada"], plain)


@pytest.mark.rule("IMP-R13")
def test_r13_foiling_a_plan(table):
    """IMP-R13: a player Success foils the adversary's attempt; each adversary Detail −1;
    a Failure lets the plan happen."""
    game, ids = table
    burn = Effect.new_detail("The Archives Are Burning", ids["hall"], "hinders")
    game.foil(ids["ada"], ids["valnis"], "Tricky", intent=burn, hinders=[ids["Master Of Flame"]])
    assert game.roll_plan().penalty == 1
    game.roll(9)
    assert "The Archives Are Burning" not in _ids(game, ids["hall"])
    assert game.state.last_test is not None and game.state.last_test.outcome == "success"

    game.foil(ids["ada"], ids["valnis"], "Tricky", intent=burn)
    game.roll(2)
    assert [step.action for step in game.next_steps()] == ["offer_complication", "spend", "finish"]
    game.spend()  # a spent Foil is foiled at once: no Success effect to pick
    assert game.test is None
    assert "The Archives Are Burning" not in _ids(game, ids["hall"])

    game.foil(ids["ada"], ids["valnis"], "Tricky", intent=burn)
    game.roll(2)
    game.finish()
    assert "The Archives Are Burning" in _ids(game, ids["hall"])


@pytest.mark.rule("IMP-R13")
def test_r13_only_a_character_adversary_makes_plans(table):
    game, ids = table
    with pytest.raises(RuleError, match=r"opposes an adversary's attempt \(IMP-R13\)"):
        game.foil(ids["ada"], ids["hall"], "Tricky")


# --------------------------------------------------------------------------- Impact Die


@pytest.mark.rule("IMP-R14")
def test_r14_the_ladder_and_the_d12_start():
    """IMP-R14, T-IMP-2: D4 < D6 < D8 < D10 < D12 < D20; everyone starts at D12."""
    assert IMPACT_LADDER == (D4, D6, D8, D10, D12, D20)
    assert [step_label(s) for s in range(INEFFECTUAL, TOP + 1)] == [
        "ineffectual",
        "D4",
        "D6",
        "D8",
        "D10",
        "D12",
        "D20",
    ]
    game = _game()
    hero = game.add_pc("Hero")
    villain = game.add_npc("Villain")
    assert game.state.character(hero).step == START == game.state.character(villain).step
    game.damage(hero, 3)
    game.new_adventure()
    assert game.state.character(hero).die == D12


@pytest.mark.rule("IMP-R14")
def test_r14_unknown_impact_die_is_refused():
    with pytest.raises(RuleError, match=r"got 'D7'.*Tip: write it as on the ladder"):
        step_named("D7")


@pytest.mark.rule("IMP-R15")
def test_r15_damage_steps_down_one(table):
    """IMP-R15: a blow, or a failed Avoid Harm whose cost was a step, is one step down."""
    game, ids = table
    game.damage(ids["bo"])
    assert game.state.character(ids["bo"]).die == D10
    with pytest.raises(RuleError, match=r"damage \(in steps\) must be in 1\.\.6, got 0"):
        game.damage(ids["bo"], 0)


@pytest.mark.rule("IMP-R16")
def test_r16_ineffectual_characters_make_no_rolls_but_still_help(table):
    """IMP-R16: below D4 no more rolls of any kind; Character Details still lend."""
    game, ids = table
    game.set_impact(ids["bo"], "D4")
    game.damage(ids["bo"])
    bo = game.state.character(ids["bo"])
    assert bo.ineffectual and bo.die is None and bo.impact == "ineffectual"
    for attempt in (
        lambda: game.action(ids["bo"], "Simple"),
        lambda: game.avoid_harm(ids["bo"], ids["valnis"]),
        lambda: game.foil(ids["bo"], ids["valnis"], "Simple"),
    ):
        with pytest.raises(RuleError, match=r"can make no more rolls \(IMP-R16\)"):
            attempt()
    with pytest.raises(RuleError, match="already ineffectual"):
        game.damage(ids["bo"])
    game.action(ids["ada"], "Tricky", helpers=[ids["bo"]], helps=[ids["Strong As An Ox"]])
    assert game.roll_plan().bonus == 1


@pytest.mark.rule("IMP-R16")
def test_r16_a_roller_knocked_out_mid_setup_cannot_roll(table):
    game, ids = table
    game.action(ids["ada"], "Tricky")
    game.set_impact(ids["ada"], "ineffectual", reason="poison takes hold")
    assert "roll" not in [step.action for step in game.next_steps()]
    with pytest.raises(RuleError, match="ineffectual"):
        game.roll(5)
    game.cancel_test()


@pytest.mark.rule("IMP-R17")
def test_r17_spend_a_step_to_turn_a_failure_into_a_success(table):
    """IMP-R17: drop one step; the Success then picks its effect as usual."""
    game, ids = table
    game.action(ids["ada"], "Tricky")
    game.roll(3)
    game.spend()
    assert game.state.character(ids["ada"]).die == D10
    assert game.test is not None and game.test.outcome == "success" and game.test.spent
    game.choose_effect(Effect.step_down(ids["valnis"]))
    assert game.state.character(ids["valnis"]).die == D6

    game.action(ids["ada"], "Tricky")
    game.roll(10)
    with pytest.raises(RuleError, match="this step needs failure"):
        game.spend()


@pytest.mark.rule("IMP-R18")
def test_r18_three_ways_to_earn(table):
    """IMP-R18 (a) an accepted Complication, (b) a Complication tied to one's own Detail,
    (c) a heroic act: each one step up."""
    game, ids = table
    game.damage(ids["bo"], 3)  # D12 → D6
    game.action(ids["bo"], "Tricky")
    game.roll(1)
    game.offer_complication("Pulled A Muscle")
    game.accept_complication()  # (a)
    assert game.state.character(ids["bo"]).die == D8
    game.self_complication(ids["bo"], ids["Strong As An Ox"], "Broke The Only Ladder")  # (b)
    assert game.state.character(ids["bo"]).die == D10
    game.heroic_act(ids["bo"], "carries the wounded out of the fire")  # (c)
    assert game.state.character(ids["bo"]).die == D12
    causes = [e.event.cause for e in game.journal.effective() if isinstance(e.event, ImpactChanged)]
    assert causes[-3:] == ["complication", "self_complication", "heroic"]


@pytest.mark.rule("IMP-R18")
def test_r18b_the_complication_must_tie_to_the_characters_own_detail(table):
    game, ids = table
    with pytest.raises(RuleError, match=r"one of the character's own Details \(IMP-R18b\)"):
        game.self_complication(ids["bo"], ids["Quick Hands"], "Butterfingers")


@pytest.mark.rule("IMP-R09", "IMP-R18")
def test_r18bc_only_player_characters_earn_by_complication_or_heroic_act(table):
    """IMP-R18 (b) needs the owning player's approval and (c) rewards a PC's heroism:
    NPCs and scenes earn neither way (their dice move by Success effects)."""
    game, ids = table
    game.damage(ids["valnis"])  # D8 → D6, so a step up would show
    events = len(game.journal)
    with pytest.raises(
        RuleError, match=r"a heroic act earns a step for a player character .*'char-3'.*NPC"
    ):
        game.heroic_act(ids["valnis"])
    with pytest.raises(RuleError, match=r"'scene-1', Burning hall, which is a scene.*char-1"):
        game.heroic_act(ids["hall"])
    with pytest.raises(RuleError, match=r"a self-created Complication earns .*NPC.*IMP-R09"):
        game.self_complication(ids["valnis"], ids["Master Of Flame"], "Flame Sputters")
    assert len(game.journal) == events
    assert game.state.character(ids["valnis"]).die == D6


@pytest.mark.rule("IMP-R19")
def test_r19_impact_carries_over_and_a_rest_resets_to_d12(table):
    """IMP-R19: sessions keep the die; a rest break may reset it to D12."""
    game, ids = table
    game.damage(ids["ada"], 2)
    game.next_session()
    assert game.state.session == 2 and game.state.character(ids["ada"]).die == D8
    game.rest([ids["ada"]])
    assert game.state.character(ids["ada"]).die == D12 and game.state.rests == 1
    game.action(ids["ada"], "Simple")
    with pytest.raises(RuleError, match="finish it before a rest break"):
        game.rest()


@pytest.mark.rule("IMP-R19")
def test_r19_a_rest_break_with_no_one_resting_is_refused(table):
    """IMP-R19: an empty list is not a rest break; nothing is journaled."""
    game, _ids = table
    events = len(game.journal)
    with pytest.raises(RuleError, match=r"at least one character to rest, got \[\]"):
        game.rest([])
    with pytest.raises(RuleError, match=r"got None \(every PC\), and there are no PCs yet"):
        _game().rest()
    assert len(game.journal) == events and game.state.rests == 0


@pytest.mark.rule("IMP-R20")
def test_r20_opening_scene_only_before_play_and_once(table):
    """IMP-R20: an opening scene about one of the PC's Details starts them at D20."""
    game, ids = table
    with pytest.raises(RuleError, match=r"one of Ada's Character Details \(IMP-R20\)"):
        game.opening_scene(ids["ada"], ids["Strong As An Ox"])
    game.opening_scene(ids["ada"], ids["Quick Hands"])
    assert game.state.character(ids["ada"]).die == D20
    with pytest.raises(RuleError, match="already had an opening scene"):
        game.opening_scene(ids["ada"], ids["Quick Hands"])
    game.action(ids["bo"], "Simple")
    game.roll(12)
    game.finish()
    with pytest.raises(RuleError, match="before the first test of an adventure is rolled"):
        game.opening_scene(ids["bo"], ids["Strong As An Ox"])
    game.new_adventure()
    game.opening_scene(ids["bo"], ids["Strong As An Ox"])
    assert game.state.character(ids["bo"]).die == D20


@pytest.mark.rule("IMP-R20")
def test_r20_a_test_called_off_before_its_roll_leaves_opening_scenes_open(table, tmp_path):
    """IMP-R20: only a roll puts the adventure in play; a cancelled test does not."""
    game, ids = table
    game.action(ids["bo"], "Tricky")
    assert not game.state.in_play  # opened, not rolled
    game.cancel_test()
    game.opening_scene(ids["bo"], ids["Strong As An Ox"])
    assert game.state.character(ids["bo"]).die == D20
    game.action(ids["bo"], "Tricky")
    game.roll(3)
    assert game.state.in_play
    game.undo()  # the roll taken back: the test is set up again, not yet in play
    assert not game.state.in_play and game.test is not None and game.test.phase == "setup"
    game.cancel_test()
    game.opening_scene(ids["ada"], ids["Quick Hands"])

    # A journal replays to the same reading.
    path = tmp_path / "r20.jsonl"
    saved = ImpactGame.new(path, seed=5)
    pc = saved.add_pc("Cy", ["Lucky"])
    saved.action(pc, "Simple")
    saved.cancel_test()
    saved.journal.close()
    resumed = ImpactGame.resume(path)
    assert not resumed.state.in_play
    resumed.opening_scene(pc, resumed.state.details[0].id)
    resumed.journal.close()


@pytest.mark.rule("IMP-R21")
def test_r21_adversaries_and_scenes_have_impact_dice(table):
    """IMP-R21: they set the Avoid Harm die and are targets of effects (3) and (4)."""
    game, ids = table
    game.action(ids["ada"], "Simple")
    game.roll(12)
    game.choose_effect(Effect.step_down(ids["hall"]))
    assert game.state.scene(ids["hall"]).die == D4
    quiet = game.add_scene("Quiet road")
    game.action(ids["ada"], "Simple")
    game.roll(12)
    with pytest.raises(RuleError, match="has no Impact Die"):
        game.choose_effect(Effect.step_down(quiet))
    game.set_impact(quiet, "D8")
    game.choose_effect(Effect.step_up(quiet))
    assert game.state.scene(quiet).die == D10
