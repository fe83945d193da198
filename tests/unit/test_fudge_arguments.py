"""Hostile arguments to the Danish system's game: the kit's error, naming the argument,
and nothing changed."""

from __future__ import annotations

import pytest
from fudge_station import hurting, station

from isowidgets.errors import RuleError

HUGE = "x" * 2_000_000


def _calls(ids):
    burke, boss = ids["burke"], ids["boss"]
    return [
        (lambda g: g.add_character(None), "a character's name must be text"),
        (lambda g: g.add_character(HUGE), "a character's name is 2,000,000 characters"),
        (lambda g: g.add_character("A", role="god"), "a character's role must be one of"),
        (lambda g: g.add_character("A", skills=["sneak"]), "skills must be a mapping"),
        (lambda g: g.add_character("A", skills={"x": 10**100}), "skill 'x'"),
        (lambda g: g.add_character("A", skills={None: 1}), "a skill's name must be text"),
        (lambda g: g.add_character("A", skills={str(i): 1 for i in range(100)}), "at most 60"),
        (lambda g: g.add_character("A", categories={"x": "luck"}), "the category of 'x'"),
        (lambda g: g.add_character("A", pool=-1), "pool must be in"),
        (lambda g: g.add_character("A", colour="red"), "takes no argument 'colour'"),
        (lambda g: g.set_skill(burke, "sneak", "3"), "skill 'sneak'"),
        (lambda g: g.set_skill("nobody", "sneak", 3), "no character 'nobody'"),
        (lambda g: g.add_pool_points(burke, 10**30), "points must be in"),
        (lambda g: g.add_pool_points(None, 1), "each character has their own pool"),
        (lambda g: g.add_item(burke, "Gun", "damage"), "an item's bonuses must be a list"),
        (lambda g: g.add_item(burke, "Gun", [("damage",)]), "must be \\(kind, value\\)"),
        (lambda g: g.add_item(burke, "Gun", [("damage", 1, HUGE)]), "condition is"),
        (lambda g: g.add_bonus("item-9", ("damage", 1)), "no item 'item-9'"),
        (lambda g: g.open_conflict("passive", burke, "sneak", difficulty=1.5), "the difficulty"),
        (lambda g: g.open_conflict("passive", burke, "sneak", difficulty=10**9), "the difficulty"),
        (lambda g: g.open_conflict("hostile", burke, "sneak"), "the kind of opposition"),
        (lambda g: g.open_conflict("passive", burke, "flying", difficulty=1), "no skill 'flying'"),
        (
            lambda g: g.open_conflict(
                "active", burke, "argue", opponent=burke, opponent_skill="argue"
            ),
            "oppose themselves",
        ),
        (
            lambda g: g.open_conflict("passive", burke, "sneak", difficulty=1, circumstance=-1),
            "circumstance",
        ),
        (lambda g: g.check("passive", burke, "sneak", difficulty=1, faces="2 0 0"), "face"),
        (lambda g: g.check("passive", burke, "sneak", difficulty=1, faces=HUGE), "face"),
        (lambda g: g.check("passive", burke, "sneak", difficulty=1, bonus=10**9), "bonus dice"),
        (
            lambda g: g.check("passive", burke, "sneak", difficulty=1, opponent_faces="0 0 0"),
            "no opponent",
        ),
        (lambda g: g.roll_conflict(), "no conflict is open"),
        (lambda g: g.assist(burke, "programming"), "no conflict is open"),
        (lambda g: g.let_it_hurt(burke), "none is settled"),
        (lambda g: g.state_intention(burke, "win"), "not being played"),
        (lambda g: g.declare(burke, "crossing", boss, "argue"), "not being played"),
        (lambda g: g.give_up(burke), "not being played"),
        (lambda g: g.mark_wound(burke, 9, "kraft"), "a damage level must be in 1..6"),
        (lambda g: g.heal(burke, "1"), "levels to heal must be a list"),
        (lambda g: g.roll_preview(burke, "sneak", bonus=None), "bonus dice must be a whole number"),
        (lambda g: g.success_chance(2, 1, 10**6), "net bonus/penalty dice"),
        (lambda g: g.contest_chances("passive", 1, 1), "the kind of opposition"),
    ]


def test_every_hostile_call_is_refused_and_changes_nothing():
    game, ids = station()
    for call, message in _calls(ids):
        state, journal, dice = game.state, game.journal.effective(), game.dice.state()
        with pytest.raises(RuleError, match=message):
            call(game)
        assert game.state == state
        assert game.journal.effective() == journal
        assert game.dice.state() == dice


def test_hostile_calls_during_let_it_hurt():
    game, ids = hurting()
    burke, boss = ids["burke"], ids["boss"]
    calls = [
        (lambda: game.declare(burke, "crossing", burke, "argue", ability="kraft"), "another party"),
        (
            lambda: game.declare(burke, "crossing", ids["kimbo"], "argue", ability="kraft"),
            "not in this fight",
        ),
        (
            lambda: game.declare(burke, "crossing", boss, "argue", ability="luck"),
            "the ability it damages",
        ),
        (
            lambda: game.declare(burke, "crossing", boss, "argue", ability="kraft", difficulty=1),
            "only a parallel",
        ),
        (
            lambda: game.declare(
                burke, "crossing", boss, "argue", ability="kraft", combining="yes"
            ),
            "combining must be True or False",
        ),
        (lambda: game.roll_round(), "still to declare"),
        (lambda: game.state_intention(burke, ""), "must not be empty"),
        (lambda: game.state_intention(burke, None), "must be text"),
        (lambda: game.join_hurt(burke), "already in the fight"),
        (
            lambda: game.open_conflict("passive", burke, "sneak", difficulty=1),
            "Let it hurt is being played",
        ),
    ]
    for call, message in calls:
        state, journal = game.state, game.journal.effective()
        with pytest.raises(RuleError, match=message):
            call()
        assert (game.state, game.journal.effective()) == (state, journal)
    game.declare(burke, "crossing", boss, "argue", ability="fornuft")
    game.declare(boss, "crossing", burke, "argue", ability="fornuft")
    for faces, message in (
        ({"nobody": "0 0 0"}, "no character 'nobody'"),
        ({ids["kimbo"]: "0 0 0"}, "not in this fight"),
        ({burke: "0 0"}, "faces"),
        ("0 0 0", "must be a mapping"),
        ({burke: None, boss: HUGE}, "face"),
    ):
        state, journal = game.state, game.journal.effective()
        with pytest.raises(RuleError, match=message):
            game.roll_round(faces)
        assert (game.state, game.journal.effective()) == (state, journal)
