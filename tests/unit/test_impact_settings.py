"""Every Impact house rule (IMP-A01…A16) flipped, with the difference it makes.

Each test plays the same situation under the digest's default and under the
alternative, and checks both outcomes, so a setting that silently did nothing
would fail here.
"""

from __future__ import annotations

from typing import Any

import pytest

from isowidgets.dice import D4, D6, D8, D10, D12, D20
from isowidgets.errors import RuleError, SettingsError
from isowidgets.rules.impact import (
    BANKED,
    INEFFECTUAL,
    TOP,
    Effect,
    ImpactGame,
    ImpactSettings,
    rules,
)
from isowidgets.rules.impact.events import ComplicationOffered


def _steps(game: ImpactGame) -> tuple[str, ...]:
    return tuple(step.action for step in game.next_steps())


def _game(**settings: Any) -> ImpactGame:
    return ImpactGame.new(seed=3, settings=ImpactSettings(**settings))


def _ids(game: ImpactGame, owner: str) -> dict[str, str]:
    return {d.text: d.id for d in game.state.details_of(owner)}


def test_defaults_and_names_are_the_digests():
    """DIGEST §2.4: every setting name with its default, and nothing else but
    ``success_target`` (IMP-R08's 8)."""
    assert ImpactSettings().model_dump() == {
        "success_target": 8,
        "great_success_rule": "gm_flag",
        "great_success_margin": 4,
        "impact_overflow_at_d20": "cap",
        "impact_die_caps_roll": True,
        "cap_applies_to_avoid_harm": True,
        "avoid_harm_die_mapping": "same_die",
        "allow_spend_into_ineffectual": True,
        "ineffectual_can_earn": False,
        "rest_reset_mode": "set_d12",
        "allow_earn_and_spend_same_roll": False,
        "detail_counts_once": True,
        "max_bonus": None,
        "max_penalty": None,
        "foil_roller": "player_choice",
        "success_effect_self_target": False,
        "npc_below_d4": "ineffectual",
        "npc_start_impact": "D12",
        "scene_start_impact": None,
        "avoid_harm_damage_steps": 1,
        "temp_detail_auto_expire": False,
    }
    refs = {row["setting"]: row["ref"] for row in ImpactSettings.describe()}
    assert refs["success_target"] == "IMP-R08"
    assert {refs[name] for name in refs if name != "success_target"} == {
        f"IMP-A{n:02d}" for n in range(1, 17)
    }


def test_settings_round_trip_through_toml_and_reject_bad_values():
    custom = ImpactSettings(max_bonus=3, scene_start_impact="D8", great_success_rule="margin")
    assert ImpactSettings.from_toml(custom.to_toml()) == custom
    assert ImpactSettings.from_toml(ImpactSettings().to_toml()) == ImpactSettings()
    with pytest.raises(SettingsError, match="'D7'"):
        ImpactSettings().updated(npc_start_impact="D7")
    with pytest.raises(SettingsError, match="max_bonus"):
        ImpactSettings().updated(max_bonus=-1)


def test_a_refused_setting_lists_the_allowed_values_as_they_are_spelled():
    game = ImpactGame.new(seed=1)
    with pytest.raises(SettingsError) as caught:
        game.change_settings(npc_start_impact="D7")
    message = str(caught.value)
    assert "'D7'" in message and "input should be 'D4', 'D6', 'D8'" in message
    assert "'d8'" not in message  # 'd8' would be refused: the message must not offer it
    with pytest.raises(SettingsError, match=r"'max_bonus' cannot be -1 .*greater than or equal"):
        ImpactSettings(max_bonus=-1)  # the constructor too: the kit's error, explained
    with pytest.raises(ValueError, match="'D7'"):
        ImpactSettings(npc_start_impact="D7")


# --------------------------------------------------------------------------- IMP-A01


def _avoid(game: ImpactGame, face: int, *, bonus: int = 0) -> ImpactGame:
    hero = game.add_pc("Hero", [f"Edge {i}" for i in range(bonus)])
    ogre = game.add_npc("Ogre", impact="D10")
    game.avoid_harm(hero, ogre, helps=list(_ids(game, hero).values()))
    game.roll(face)
    return game


@pytest.mark.rule("IMP-A01")
def test_a01_gm_flag_waits_for_the_gm():
    """IMP-A01 ``gm_flag`` (default): the engine cannot tell; the GM declares it."""
    game = _avoid(_game(), 10)
    assert _steps(game) == ("declare_great_success", "finish")
    game.declare_great_success()
    assert game.test is not None and game.test.outcome == "great_success"
    game.choose_effect(Effect.step_down("char-2"))
    assert game.state.character("char-2").die == D8


@pytest.mark.rule("IMP-A01")
def test_a01_natural_max_is_the_highest_face():
    """IMP-A01 ``natural_max``: a 10 on the d10 is great; a 9 is a plain Success."""
    game = _avoid(_game(great_success_rule="natural_max"), 10)
    assert game.test is not None and game.test.outcome == "great_success"
    game = _avoid(_game(great_success_rule="natural_max"), 9)
    assert game.test is None and game.state.last_test is not None
    assert game.state.last_test.outcome == "success"
    with pytest.raises(RuleError, match="no test is open"):
        game.declare_great_success()  # nothing left for the GM to call


@pytest.mark.rule("IMP-A01")
def test_a01_margin_counts_from_the_target():
    """IMP-A01 ``margin`` with ``great_success_margin``: total ≥ 8 + margin."""
    game = _avoid(_game(great_success_rule="margin"), 10, bonus=2)  # 12 = 8 + 4
    assert game.test is not None and game.test.outcome == "great_success"
    game = _avoid(_game(great_success_rule="margin"), 9, bonus=2)  # 11
    assert game.test is None
    game = _avoid(_game(great_success_rule="margin", great_success_margin=3), 9, bonus=2)
    assert game.test is not None and game.test.outcome == "great_success"


# --------------------------------------------------------------------------- IMP-A02


def _fail_at_d20(**settings: Any) -> tuple[ImpactGame, str]:
    game = _game(**settings)
    hero = game.add_pc("Hero", impact="D20")
    game.action(hero, "Simple")
    game.roll(1)
    game.offer_complication("Lost The Map")
    return game, hero


@pytest.mark.rule("IMP-A02")
def test_a02_cap_loses_the_step_after_a_warning():
    """IMP-A02 ``cap`` (default): the die stays at D20; the offer carries a warning."""
    game, hero = _fail_at_d20()
    offer = game.journal.entries[-1].event
    assert isinstance(offer, ComplicationOffered)
    assert "the earned step will be lost" in offer.warning
    assert game.earn_warning(hero) == offer.warning
    game.accept_complication()
    assert game.state.character(hero).step == TOP
    assert "Lost The Map" in _ids(game, hero)


@pytest.mark.rule("IMP-A02")
def test_a02_block_refuses_the_earn():
    """IMP-A02 ``block``: accepting is refused at D20, so the player declines."""
    game, hero = _fail_at_d20(impact_overflow_at_d20="block")
    assert _steps(game) == ("decline_complication", "offer_complication", "spend", "finish")
    with pytest.raises(RuleError, match="'block' refuses the step"):
        game.accept_complication()
    assert "Lost The Map" not in _ids(game, hero)
    game.decline_complication()


@pytest.mark.rule("IMP-A02")
def test_a02_bank_stores_one_step_and_spends_it_first():
    """IMP-A02 ``bank``: one extra step is stored above D20 and lost first."""
    game, hero = _fail_at_d20(impact_overflow_at_d20="bank")
    game.accept_complication()
    assert game.state.character(hero).step == BANKED
    assert game.state.character(hero).impact == "D20 +1 banked"
    assert game.state.character(hero).die == D20
    assert "will be lost" in game.earn_warning(hero)  # only one step can be banked
    game.heroic_act(hero)
    assert game.state.character(hero).step == BANKED
    game.damage(hero)
    assert game.state.character(hero).step == TOP


@pytest.mark.rule("IMP-A02", "IMP-A13")
def test_a13_raising_a_scene_at_d20_follows_a02():
    """IMP-A13: a Scene already at D20 follows IMP-A02 when raised."""
    for mode, expected in (("cap", TOP), ("bank", BANKED)):
        game = _game(impact_overflow_at_d20=mode)
        hero = game.add_pc("Hero")
        storm = game.add_scene("Storm", impact="D20")
        game.action(hero, "Simple")
        game.roll(12)
        game.choose_effect(Effect.step_up(storm))
        assert game.state.scene(storm).step == expected


# --------------------------------------------------------------------------- IMP-A03


@pytest.mark.rule("IMP-A03")
def test_a03_impact_die_caps_roll():
    """IMP-A03 ``impact_die_caps_roll``: off, a D8 character rolls the d10 task die."""
    for caps, die in ((True, D8), (False, D10)):
        game = _game(impact_die_caps_roll=caps)
        hero = game.add_pc("Hero", impact="D8")
        game.action(hero, "Tricky")
        assert game.roll_plan().die == die
    assert "not capped by the D8 Impact Die" in game.roll(9).explanation


@pytest.mark.rule("IMP-A03")
def test_a03_cap_applies_to_avoid_harm():
    """IMP-A03 ``cap_applies_to_avoid_harm``: off, Avoid Harm ignores the cap; actions
    stay capped."""
    for caps, die in ((True, D6), (False, D12)):
        game = _game(cap_applies_to_avoid_harm=caps)
        hero = game.add_pc("Hero", impact="D6")
        giant = game.add_npc("Giant", impact="D12")
        game.avoid_harm(hero, giant)
        assert game.roll_plan().die == die
        game.cancel_test()
        game.action(hero, "Routine")
        assert game.roll_plan().die == D6


# --------------------------------------------------------------------------- IMP-A04


@pytest.mark.rule("IMP-A04")
@pytest.mark.parametrize(
    ("threat", "same", "inverted"),
    [("D20", D20, D4), ("D12", D12, D6), ("D10", D10, D8), ("D8", D8, D10), ("D6", D6, D12)],
)
def test_a04_avoid_harm_die_mapping(threat: str, same: object, inverted: object):
    """IMP-A04: literal ``same_die``, or ``inverted`` so a stronger threat is harder."""
    for mapping, die in (("same_die", same), ("inverted", inverted)):
        game = _game(avoid_harm_die_mapping=mapping)
        hero = game.add_pc("Hero", impact="D20")
        foe = game.add_npc("Foe", impact=threat)
        game.avoid_harm(hero, foe)
        assert game.roll_plan().die == die


@pytest.mark.rule("IMP-A04")
def test_a04_inverted_d4_threat_is_a_d20_test():
    game = _game(avoid_harm_die_mapping="inverted")
    hero = game.add_pc("Hero", impact="D20")
    imp = game.add_npc("Imp", impact="D4")
    game.avoid_harm(hero, imp)
    assert game.roll_plan().die == D20
    assert "inverted" in game.roll(20).explanation


# --------------------------------------------------------------------------- IMP-A05


@pytest.mark.rule("IMP-A05")
def test_a05_spend_into_ineffectual():
    """IMP-A05: at D4 a spend succeeds and leaves the character ineffectual; off, refused."""
    game = _game()
    hero = game.add_pc("Hero", impact="D4")
    game.action(hero, "Impossible")
    game.roll(1)
    game.spend()
    assert game.state.character(hero).step == INEFFECTUAL
    assert _steps(game) == ("choose_effect", "finish")  # the Success still resolves

    game = _game(allow_spend_into_ineffectual=False)
    hero = game.add_pc("Hero", impact="D4")
    game.action(hero, "Impossible")
    game.roll(1)
    assert "spend" not in _steps(game)
    with pytest.raises(RuleError, match=r"allow_spend_into_ineffectual = false forbids"):
        game.spend()


# --------------------------------------------------------------------------- IMP-A06


@pytest.mark.rule("IMP-A06")
def test_a06_ineffectual_can_earn():
    """IMP-A06: off (default), only a rest restores an ineffectual character."""
    game = _game()
    hero = game.add_pc("Hero", ["Stubborn"], impact="ineffectual")
    with pytest.raises(RuleError, match="ineffectual_can_earn = false"):
        game.heroic_act(hero)
    with pytest.raises(RuleError, match="ineffectual_can_earn = false"):
        game.self_complication(hero, _ids(game, hero)["Stubborn"], "Sulking")
    game.rest()
    assert game.state.character(hero).die == D12

    game = _game(ineffectual_can_earn=True)
    hero = game.add_pc("Hero", impact="ineffectual")
    game.heroic_act(hero)
    assert game.state.character(hero).die == D4


@pytest.mark.rule("IMP-A06")
def test_a06_an_ineffectual_character_cannot_be_raised_by_an_effect_either():
    game = _game()
    hero = game.add_pc("Hero")
    friend = game.add_pc("Friend", impact="ineffectual")
    game.action(hero, "Simple")
    game.roll(12)
    with pytest.raises(RuleError, match="ineffectual_can_earn"):
        game.choose_effect(Effect.step_up(friend))


# --------------------------------------------------------------------------- IMP-A07


@pytest.mark.rule("IMP-A07")
def test_a07_rest_reset_mode():
    """IMP-A07: ``set_d12`` also lowers a D20; ``raise_only`` keeps it."""
    for mode, expected in (("set_d12", D12), ("raise_only", D20)):
        game = _game(rest_reset_mode=mode)
        high = game.add_pc("High", impact="D20")
        low = game.add_pc("Low", impact="D6")
        game.rest()
        assert game.state.character(high).die == expected
        assert game.state.character(low).die == D12


# --------------------------------------------------------------------------- IMP-A08


@pytest.mark.rule("IMP-A08")
def test_a08_earn_and_spend_same_roll():
    """IMP-A08: off, an accepted Complication closes the Failure; on, the player may then
    spend it into a Success and keep the Complication."""
    game = _game()
    hero = game.add_pc("Hero")
    game.action(hero, "Tricky")
    game.roll(2)
    game.offer_complication("Tangled In The Ropes")
    game.accept_complication()
    assert game.test is None
    with pytest.raises(RuleError, match="no test is open"):
        game.spend()

    game = _game(allow_earn_and_spend_same_roll=True)
    hero = game.add_pc("Hero")
    game.action(hero, "Tricky")
    game.roll(2)
    game.offer_complication("Tangled In The Ropes")
    game.accept_complication()  # D12 → D20
    assert _steps(game) == ("spend", "finish")
    game.spend()  # D20 → D12
    game.choose_effect("new_detail", target=hero, text="Cut Free")
    last = game.state.last_test
    assert last is not None and last.outcome == "success" and last.complication == "accepted"
    assert game.state.character(hero).die == D12


@pytest.mark.rule("IMP-A08")
def test_a08_switched_off_after_accepting_forbids_the_spend():
    game = _game(allow_earn_and_spend_same_roll=True)
    hero = game.add_pc("Hero")
    game.action(hero, "Tricky")
    game.roll(2)
    game.offer_complication("Tangled In The Ropes")
    game.accept_complication()
    game.change_settings(allow_earn_and_spend_same_roll=False)
    assert _steps(game) == ("finish",)
    with pytest.raises(RuleError, match="no Failure is left to spend"):
        game.spend()


@pytest.mark.rule("IMP-A08")
def test_a08_spending_first_lapses_the_offer():
    game = _game(allow_earn_and_spend_same_roll=True)
    hero = game.add_pc("Hero")
    game.action(hero, "Tricky")
    game.roll(2)
    game.offer_complication("Tangled In The Ropes")
    game.spend()
    with pytest.raises(RuleError, match="this step needs failure"):
        game.accept_complication()


# --------------------------------------------------------------------------- IMP-A09


@pytest.mark.rule("IMP-A09")
def test_a09_detail_counts_once():
    """IMP-A09: on (default), a Detail counts once with one sign; off, it may count
    again and both ways."""
    game = _game()
    hero = game.add_pc("Hero", ["Ambidextrous"])
    two_hands = _ids(game, hero)["Ambidextrous"]
    with pytest.raises(RuleError, match="counts once per roll"):
        game.action(hero, "Tricky", helps=[two_hands, two_hands])
    with pytest.raises(RuleError, match="counts once per roll"):
        game.action(hero, "Tricky", helps=[two_hands], hinders=[two_hands])

    game = _game(detail_counts_once=False)
    hero = game.add_pc("Hero", ["Ambidextrous"])
    two_hands = _ids(game, hero)["Ambidextrous"]
    game.action(hero, "Tricky", helps=[two_hands, two_hands])
    assert game.roll_plan().bonus == 2
    game.cancel_test()
    draft = rules.draft_test(game.state, "action", hero, difficulty="Tricky", helps=[two_hands])
    draft = rules.cite(game.state, draft, two_hands)
    draft = rules.cite(game.state, draft, two_hands, "hinders")
    plan = rules.roll_plan(game.state, draft)
    assert (plan.bonus, plan.penalty) == (2, 1)
    draft = rules.uncite(draft, two_hands)  # takes back the latest citation
    assert rules.roll_plan(game.state, draft).penalty == 0


# --------------------------------------------------------------------------- IMP-A10


@pytest.mark.rule("IMP-A10")
def test_a10_max_bonus_and_max_penalty():
    """IMP-A10: no cap by default; ``max_bonus`` / ``max_penalty`` cap the totals."""
    for limits, net in (({}, 4 - 3), ({"max_bonus": 2, "max_penalty": 1}, 2 - 1)):
        game = _game(**limits)
        hero = game.add_pc("Hero", ["A", "B", "C", "D", "E", "F", "G"])
        ids = list(_ids(game, hero).values())
        game.action(hero, "Tricky", helps=ids[:4], hinders=ids[4:])
        assert game.roll_plan().net == net
    rolled = game.roll(5)
    assert "(capped at +2 by max_bonus)" in rolled.explanation
    assert "(capped at −1 by max_penalty)" in rolled.explanation
    assert rolled.total == 6


# --------------------------------------------------------------------------- IMP-A11


@pytest.mark.rule("IMP-A11")
def test_a11_foil_roller():
    """IMP-A11: ``player_choice`` lets any effective PC roll (their cap applies);
    ``highest_impact`` requires one of the strongest, and picks one when none is named."""
    game = _game()
    weak = game.add_pc("Weak", impact="D6")
    game.add_pc("Strong", impact="D10")
    cultist = game.add_npc("Cultist")
    game.foil(weak, cultist, "Simple")
    assert game.roll_plan().die == D6  # the chosen PC's cap applies
    game.cancel_test()

    game = _game(foil_roller="highest_impact")
    weak = game.add_pc("Weak", impact="D6")
    strong = game.add_pc("Strong", impact="D10")
    cultist = game.add_npc("Cultist")
    with pytest.raises(RuleError, match=r"highest Impact Die rolls.*\(Strong, at D10\)"):
        game.foil(weak, cultist, "Simple")
    game.foil(None, cultist, "Simple")
    assert game.test is not None and game.test.actor == strong
    assert game.roll_plan().die == D10


# --------------------------------------------------------------------------- IMP-A12


@pytest.mark.rule("IMP-A12")
def test_a12_success_effect_self_target():
    """IMP-A12: off (default), effects (3)/(4) must target *another*; on, oneself too."""
    game = _game()
    hero = game.add_pc("Hero", impact="D8")
    game.action(hero, "Difficult")
    game.roll(8)
    with pytest.raises(RuleError, match="success_effect_self_target = false"):
        game.choose_effect(Effect.step_up(hero))

    game = _game(success_effect_self_target=True)
    hero = game.add_pc("Hero", impact="D8")
    game.action(hero, "Difficult")
    game.roll(8)
    game.choose_effect(Effect.step_up(hero))
    assert game.state.character(hero).die == D10


# --------------------------------------------------------------------------- IMP-A13


@pytest.mark.rule("IMP-R16", "IMP-A13")
def test_a13_npc_below_d4():
    """IMP-A13: ``ineffectual`` (default) defeats the adversary and ends a scene's
    threat; ``floor`` keeps them at D4."""
    game = _game()
    hero = game.add_pc("Hero")
    goblin = game.add_npc("Goblin", impact="D4")
    fire = game.add_scene("Fire", impact="D4")
    game.damage(goblin)
    game.damage(fire)
    assert game.state.character(goblin).ineffectual and game.state.scene(fire).ineffectual
    with pytest.raises(RuleError, match="its threat has ended"):
        game.avoid_harm(hero, fire)
    with pytest.raises(RuleError, match="defeated"):
        game.foil(hero, goblin, "Simple")

    game = _game(npc_below_d4="floor")
    hero = game.add_pc("Hero", impact="D4")
    goblin = game.add_npc("Goblin", impact="D4")
    game.damage(goblin)
    assert game.state.character(goblin).die == D4
    game.damage(hero)  # a PC still becomes ineffectual (IMP-R16)
    assert game.state.character(hero).ineffectual


# --------------------------------------------------------------------------- IMP-A14


@pytest.mark.rule("IMP-R14", "IMP-A14")
def test_a14_start_impact_for_npcs_and_scenes():
    """IMP-A14: NPCs start at D12 and scenes without a die unless the settings say so."""
    for settings, npc_die, scene_die in (
        ({}, D12, None),
        ({"npc_start_impact": "D8", "scene_start_impact": "D6"}, D8, D6),
    ):
        game = _game(**settings)
        thug, street, hero = game.add_npc("Thug"), game.add_scene("Street"), game.add_pc("Hero")
        assert game.state.character(thug).die == npc_die
        assert game.state.scene(street).die == scene_die
        assert game.state.character(hero).die == D12  # PCs: D12 (IMP-R14)


# --------------------------------------------------------------------------- IMP-A15


@pytest.mark.rule("IMP-A15")
def test_a15_avoid_harm_damage_steps():
    """IMP-A15: one step by default; two with ``avoid_harm_damage_steps = 2``."""
    for steps, die in ((1, D10), (2, D8)):
        game = _game(avoid_harm_damage_steps=steps)
        hero = game.add_pc("Hero")
        troll = game.add_npc("Troll", impact="D6")
        game.avoid_harm(hero, troll)
        game.roll(1)
        game.finish()
        assert game.state.character(hero).die == die


# --------------------------------------------------------------------------- IMP-A16


@pytest.mark.rule("IMP-A16")
def test_a16_temp_detail_auto_expire():
    """IMP-A16: off (default), a Temporary Detail stays until removed; on, it expires with
    the session."""
    for expire, kept in ((False, True), (True, False)):
        game = _game(temp_detail_auto_expire=expire)
        hero = game.add_pc("Hero", ["Brave"])
        ankle = game.add_detail(hero, "Twisted Ankle", kind="temporary")
        game.next_session()
        assert (game.state.find_detail(ankle) is not None) is kept
        assert game.state.find_detail(_ids(game, hero)["Brave"]) is not None


# --------------------------------------------------------------------------- success target


@pytest.mark.rule("IMP-R08")
def test_success_target_is_adjustable():
    """IMP-R08's target of 8, as a designer's setting."""
    game = _game(success_target=10)
    hero = game.add_pc("Hero")
    game.action(hero, "Routine")
    rolled = game.roll(9)
    assert not rolled.success
    assert rolled.explanation.endswith("rolled 9: Failure (target 10)")


def test_changing_a_setting_mid_game_is_journaled_and_replayed(tmp_path):
    path = tmp_path / "impact.jsonl"
    game = ImpactGame.new(path, seed=1)
    hero = game.add_pc("Hero", impact="D8")
    game.change_settings(impact_die_caps_roll=False)
    game.action(hero, "Tricky")
    assert game.roll_plan().die == D10
    game.journal.close()
    again = ImpactGame.resume(path)
    assert again.state == game.state
    assert again.roll_plan().die == D10
    again.journal.close()


@pytest.mark.rule("IMP-A01")
def test_a01_natural_max_needs_the_total_too():
    """IMP-A01 ``natural_max``: the top face of a d4 that still totals under 8 is no success."""
    game = _game(great_success_rule="natural_max")
    hero = game.add_pc("Hero")
    gnat = game.add_npc("Gnat", impact="D4")
    game.avoid_harm(hero, gnat)
    rolled = game.roll(4)
    assert rolled.great is False
    assert game.test is not None and game.test.outcome == "failure"


@pytest.mark.rule("IMP-A11")
def test_a11_player_choice_needs_a_named_roller():
    """IMP-A11 ``player_choice``: the refusal names the setting, not a missing character."""
    game = _game()
    game.add_pc("Hero")
    cultist = game.add_npc("Cultist")
    with pytest.raises(RuleError, match="foil_roller = 'player_choice'"):
        game.foil(None, cultist, "Simple")


@pytest.mark.rule("IMP-A08")
def test_a08_spending_lets_an_unanswered_complication_lapse():
    """IMP-A08: once spent into a Success, the open Complication offer is journaled as declined."""
    game = _game()
    hero = game.add_pc("Hero")
    game.action(hero, "Simple")
    game.roll(1)
    game.offer_complication("Dropped The Keys")
    game.spend()
    kinds = [entry.kind for entry in game.journal.entries[-4:]]
    assert "complication_declined" in kinds
    assert kinds.index("complication_declined") < kinds.index("failure_spent")
