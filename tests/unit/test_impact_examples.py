"""The Impact System's worked examples IMP-E01…E13, replayed with exact faces.

Each test feeds the engine the faces the example implies and checks the numbers
the digest re-derived (DIGEST.md §2.3). The text has no arithmetic slips; its
name slip ("Agent Maxwell" for Algernon Pierce, IMP-E02) is not a rule and is
not reproduced.
"""

from __future__ import annotations

from typing import Any

import pytest

from isowidgets.dice import D4, D6, D8, D10, D12, D20
from isowidgets.errors import RuleError
from isowidgets.rules.impact import Effect, ImpactGame, ImpactSettings, plan_odds, rules
from isowidgets.rules.impact.events import ImpactChanged, TestRolled
from isowidgets.rules.impact.ladder import INEFFECTUAL, START, TOP


def _game(**settings: Any) -> ImpactGame:
    return ImpactGame.new(seed=11, settings=ImpactSettings(**settings))


def _details(game: ImpactGame, owner: str) -> dict[str, str]:
    """Text → id of an owner's Details (tests cite by text for readability)."""
    return {d.text: d.id for d in game.state.details_of(owner)}


def _spy_table() -> tuple[ImpactGame, dict[str, str]]:
    game = _game()
    pierce = game.add_pc(
        "Algernon Pierce",
        [
            "Expert At Getting Into Places and Into Trouble",
            "I'm At My Best When I'm Under Pressure",
        ],
    )
    ellis = game.add_pc("Quartermaster Ellis", ["Access To Every Mechanical Design Known To Man"])
    office = game.add_scene("The villain's study", ["Tidy And Quiet Office With Bauhaus Styling"])
    ids = {"pierce": pierce, "ellis": ellis, "office": office}
    for owner in (pierce, ellis, office):
        ids.update(_details(game, owner))
    return game, ids


@pytest.mark.rule("IMP-E01")
def test_e01_difficulty_picks_the_task_die():
    """IMP-E01 (T-IMP-1): a getaway car is Tricky (d10); a jet Unlikely (d6) or Impossible (d4)."""
    game = _game()
    driver = game.add_pc("Driver")
    for difficulty, die in (("Tricky", D10), ("Unlikely", D6), ("Impossible", D4)):
        game.action(driver, difficulty)
        assert game.roll_plan().die == die
        game.cancel_test()


@pytest.mark.rule("IMP-E02")
def test_e02_safe_cracking_d8_plus_3():
    """IMP-E02: Difficult d8; +1 own Detail, +1 Scene Detail, +1 helper Ellis → d8+3.

    Ellis only announces that he helps: he never rolls, and a face of 5 succeeds.
    """
    game, ids = _spy_table()
    state = game.state
    draft = rules.draft_test(state, "action", ids["pierce"], difficulty="Difficult")
    draft = rules.cite(state, draft, ids["Expert At Getting Into Places and Into Trouble"])
    plan = rules.roll_plan(state, draft)
    assert (plan.die, plan.net) == (D8, 1)
    draft = rules.cite(state, draft, ids["Tidy And Quiet Office With Bauhaus Styling"])
    assert rules.roll_plan(state, draft).net == 2
    draft = rules.add_helper(state, draft, ids["ellis"])
    draft = rules.cite(state, draft, ids["Access To Every Mechanical Design Known To Man"])
    assert rules.roll_plan(state, draft).net == 3
    assert plan_odds(state, draft).success == 0.5
    game.open_draft(draft)
    assert (game.roll_plan().net, game.odds().success) == (3, 0.5)

    rolled = game.roll(5)
    assert (rolled.die, rolled.total, rolled.success) == ("d8", 8, True)
    assert rolled.explanation == (
        "D8 task (Difficult); +3 from 'Expert At Getting Into Places and Into Trouble', "
        "'Tidy And Quiet Office With Bauhaus Styling' and 'Access To Every Mechanical "
        "Design Known To Man' (Quartermaster Ellis, helping); 5 + 3 = 8: Success"
    )
    rolls = [e.event for e in game.journal if isinstance(e.event, TestRolled)]
    assert len(rolls) == 1 and rolls[0].roll.pool.count == 1  # one die, Pierce's alone


@pytest.mark.rule("IMP-E02")
def test_e02_a_face_of_4_fails_the_safe():
    game, ids = _spy_table()
    game.action(
        ids["pierce"],
        "Difficult",
        helpers=[ids["ellis"]],
        helps=[
            ids["Expert At Getting Into Places and Into Trouble"],
            ids["Tidy And Quiet Office With Bauhaus Styling"],
            ids["Access To Every Mechanical Design Known To Man"],
        ],
    )
    assert game.roll(4).total == 7
    assert game.test is not None and game.test.outcome == "failure"


@pytest.mark.rule("IMP-E03")
def test_e03_d4_plus_4_succeeds_only_on_a_4():
    """IMP-E03: "D4 + 4 could become a Success with a little luck": only a face of 4, 25%."""
    game = _game()
    hero = game.add_pc("Hero", ["Ace", "Lucky", "Prepared"])
    friend = game.add_pc("Friend", ["Genius"])
    helps = [*_details(game, hero).values(), *_details(game, friend).values()]
    for face, success in ((3, False), (4, True)):
        game.action(hero, "Impossible", helpers=[friend], helps=helps)
        assert game.odds().success == 0.25
        rolled = game.roll(face)
        assert (rolled.die, rolled.total, rolled.success) == ("d4", face + 4, success)
        game.finish()


@pytest.mark.rule("IMP-R07", "IMP-E04")
def test_e04_a_virtue_can_hinder():
    """IMP-E04 (IMP-R07): "Virtuous To A Fault" is −1 when bargaining with thieves."""
    game = _game()
    knight = game.add_pc("Sir Aldric", [("Virtuous To A Fault", "hinders")])
    virtue = _details(game, knight)["Virtuous To A Fault"]
    game.action(knight, "Tricky", hinders=[virtue])
    assert (game.roll_plan().bonus, game.roll_plan().penalty) == (0, 1)
    assert game.roll(8).total == 7


@pytest.mark.rule("IMP-R09", "IMP-R13", "IMP-E05")
def test_e05_the_road_is_blocked_and_the_goons_must_remove_it():
    """IMP-E05 (IMP-R09 (1), (2), IMP-R13): a Success establishes "The Road Is Blocked";
    the pursuers need a Success of their own (a Foil roll by the players) to remove it."""
    game, ids = _spy_table()
    goons = game.add_npc("Armed goons", ["Relentless"])
    road = game.add_scene("Night chase")
    game.action(ids["pierce"], "Tricky", helps=[ids["I'm At My Best When I'm Under Pressure"]])
    game.roll(9)
    game.choose_effect(Effect.new_detail("The Road Is Blocked", road, "hinders"))
    blocked = _details(game, road)["The Road Is Blocked"]
    assert game.state.detail(blocked).kind == "temporary"

    # The goons try to smash through: the players roll, and their success keeps the road shut.
    relentless = _details(game, goons)["Relentless"]
    smash = Effect.remove_detail(blocked)
    game.foil(ids["pierce"], goons, "Tricky", intent=smash, hinders=[relentless])
    game.roll(9)  # 9 − 1 = 8: foiled, and the test closes at once
    assert game.test is None and game.state.find_detail(blocked) is not None

    # Next time they get through: the failure lets their plan happen.
    game.foil(ids["pierce"], goons, "Tricky", intent=smash, hinders=[relentless])
    game.roll(3)
    game.finish()
    assert game.state.find_detail(blocked) is None
    assert game.state.last_test is not None and game.state.last_test.outcome == "failure"


@pytest.mark.rule("IMP-R10", "IMP-R18", "IMP-E06")
def test_e06_the_blown_tyre_complication_earns_a_step():
    """IMP-E06 (IMP-R10, IMP-R18a): a failed Tricky (d10) roll despite "At My Best…";
    accepting "Blown Out Tire…" earns a step and hinders later car actions."""
    game, ids = _spy_table()
    pierce = ids["pierce"]
    game.action(pierce, "Tricky", helps=[ids["I'm At My Best When I'm Under Pressure"]])
    rolled = game.roll(6)
    assert (rolled.die, rolled.total, rolled.success) == ("d10", 7, False)
    tyre = "Blown Out Tire Is Going To Make Speed And Maneuverability Tricky"
    game.offer_complication(tyre)
    game.accept_complication()
    assert game.state.character(pierce).die == D20  # D12 + one step
    detail = _details(game, pierce)[tyre]
    assert (game.state.detail(detail).kind, game.state.detail(detail).hint) == (
        "temporary",
        "hinders",
    )
    assert game.test is None  # the Failure stands, with the Complication

    game.action(pierce, "Routine", hinders=[detail])  # a later hard turn in the car
    assert game.roll_plan().penalty == 1


@pytest.mark.rule("IMP-R05", "IMP-R12", "IMP-E07")
def test_e07_pirates_set_a_d6_avoid_harm_test():
    """IMP-E07 (IMP-R12): the frigate's Impact Die is D6, so Captain Archambeau rolls d6,
    −1 for "The Cruelest Gunners…"; she needs a net +2 (three helping Details) to have a
    chance at all, and then only a face of 6."""
    game = _game()
    captain = game.add_pc(
        "Captain Archambeau", ["Finest Helmsman Of The Fleet", "Swift Galleon", "Lucky Streak"]
    )
    sea = game.add_scene("Open sea", ["Heavy Swell"])
    frigate = game.add_npc("Pirate frigate", ["The Cruelest Gunners In The Carribean"], impact="D6")
    gunners = _details(game, frigate)["The Cruelest Gunners In The Carribean"]
    own = list(_details(game, captain).values())

    odds = game.plan_odds("avoid_harm", captain, threat=frigate, hinders=[gunners], helps=own[:2])
    assert (odds.plan.die, odds.plan.net, odds.success) == (D6, 1, 0.0)
    game.avoid_harm(captain, frigate, hinders=[gunners], helps=own)
    assert game.odds().success == pytest.approx(1 / 6)
    game.roll(6)  # 6 + 3 − 1 = 8: no damage
    assert game.test is not None and game.test.phase == "await_great"
    game.finish()
    assert game.state.character(captain).die == D12

    # Announced before the roll: a Temporary Detail rather than a step.
    game.avoid_harm(
        captain,
        frigate,
        cost_detail="My Swift Galleon Is Taking On Water",
        hinders=[gunners],
        helps=own,
    )
    game.roll(5)
    game.take_cost()
    assert "My Swift Galleon Is Taking On Water" in _details(game, captain)
    assert game.state.character(captain).die == D12

    # Had her own Impact Die been below D6, she would roll it instead (IMP-R05).
    game.set_impact(captain, "D4")
    game.avoid_harm(captain, frigate, helps=[_details(game, sea)["Heavy Swell"]])
    assert game.roll_plan().die == D4


@pytest.mark.rule("IMP-R15", "IMP-E08")
def test_e08_damage_moves_d12_to_d10():
    """IMP-E08 (IMP-R15): a blow from an enemy moves the Impact Die down one step."""
    game = _game()
    hero = game.add_pc("Hero")
    game.damage(hero, reason="a blow from Valnis")
    assert game.state.character(hero).die == D10
    change = game.journal.entries[-1].event
    assert isinstance(change, ImpactChanged)
    assert (change.old, change.new, change.cause) == (START, START - 1, "damage")


@pytest.mark.rule("IMP-R06", "IMP-R16", "IMP-E09")
def test_e09_torek_ineffectual_still_lends_a_detail():
    """IMP-E09 (IMP-R16, IMP-R06): Torek loses his last Impact Die; he makes no rolls, but
    "Knows The Lore Of Many Lands" still helps a teammate."""
    game = _game()
    torek = game.add_pc("Torek Barrow", ["Knows The Lore Of Many Lands"])
    mira = game.add_pc("Mira")
    game.set_impact(torek, "D4")
    game.damage(torek, reason="the clash with Valnis")
    assert game.state.character(torek).step == INEFFECTUAL
    with pytest.raises(RuleError, match="ineffectual"):
        game.action(torek, "Routine")

    lore = _details(game, torek)["Knows The Lore Of Many Lands"]
    game.action(mira, "Difficult", helpers=[torek], helps=[lore])
    assert game.roll(7).total == 8


@pytest.mark.rule("IMP-R05", "IMP-E10")
@pytest.mark.parametrize(
    ("difficulty", "die"),
    [("Simple", D8), ("Routine", D8), ("Tricky", D8), ("Difficult", D8), ("Unlikely", D6)],
)
def test_e10_the_gladiator_on_d8_never_rolls_above_d8(difficulty: str, die: object):
    """IMP-E10 (IMP-R05): on D8 the gladiator rolls d8 on d10, d12 and d20 tasks; a d6
    task is still d6."""
    game = _game()
    gladiator = game.add_pc("Down-on-his-luck gladiator", impact="D8")
    game.action(gladiator, difficulty)
    plan = game.roll_plan()
    assert plan.die == die
    assert plan.capped == (die == D8 and difficulty != "Difficult")


@pytest.mark.rule("IMP-E10")
def test_e10_explanation_names_the_cap():
    game = _game()
    gladiator = game.add_pc("Gladiator", impact="D8")
    game.action(gladiator, "Tricky")
    assert game.roll(6).explanation == (
        "D10 task (Tricky), capped to D8 by Impact Die; rolled 6: Failure"
    )


@pytest.mark.rule("IMP-R13", "IMP-E11")
def test_e11_the_cultists_secret_is_minus_1_on_the_foil_roll():
    """IMP-E11 (IMP-R13): "Privy To Many Dark Secrets" is −1 on the players' Difficult (d8)
    roll against the sorcerer's attempt; a Success keeps the book closed."""
    game = _game()
    hero = game.add_pc("Hero", ["Warded By The Old Sigils"])
    cultist = game.add_npc("Cultist sorcerer", ["Privy To Many Dark Secrets"])
    secrets = _details(game, cultist)["Privy To Many Dark Secrets"]
    sigils = _details(game, hero)["Warded By The Old Sigils"]
    book = game.add_scene("The next room", ["The Forbidden Tome Is Sealed"])
    sealed = _details(game, book)["The Forbidden Tome Is Sealed"]
    game.foil(
        hero,
        cultist,
        "Difficult",
        intent=Effect.remove_detail(sealed),
        hinders=[secrets],
        helps=[sigils],
    )
    plan = game.roll_plan()
    assert (plan.die, plan.bonus, plan.penalty) == (D8, 1, 1)
    rolled = game.roll(8)
    assert rolled.explanation.startswith("Foiling Cultist sorcerer's plan: D8 task (Difficult)")
    assert game.state.last_test is not None and game.state.last_test.outcome == "success"
    assert game.state.find_detail(sealed) is not None  # the book remains closed


@pytest.mark.rule("IMP-R18", "IMP-E12")
def test_e12_the_shattered_blade_earns_a_step():
    """IMP-E12 (IMP-R18b): "My Blade Is Shattered", tied to the hero's own Detail and
    approved by his player, earns one step."""
    game = _game()
    hero = game.add_pc("Swashbuckler", ["Talented Swordsman"], impact="D8")
    sword = _details(game, hero)["Talented Swordsman"]
    blade = game.self_complication(hero, sword, "My Blade Is Shattered")
    assert game.state.character(hero).die == D10
    shattered = game.state.detail(blade)
    assert (shattered.kind, shattered.related, shattered.origin) == (
        "temporary",
        sword,
        "self_complication",
    )


@pytest.mark.rule("IMP-R20", "IMP-E13")
def test_e13_the_opening_scene_starts_the_private_eye_at_d20():
    """IMP-E13 (IMP-R20): an opening scene about "Life Seems To Always Be A Struggle"
    takes the private eye from D12 to D20."""
    game = _game()
    eye = game.add_pc("Private eye", ["Life Seems To Always Be A Struggle"])
    struggle = _details(game, eye)["Life Seems To Always Be A Struggle"]
    assert game.state.character(eye).step == START
    game.opening_scene(eye, struggle, "The rent is due and the only client is a crook")
    assert game.state.character(eye).step == TOP
    assert game.state.character(eye).die == D20
