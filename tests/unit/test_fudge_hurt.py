"""Let It Hurt: invocation, rounds, the three kinds of action, damage, the end (DK-R21…R37)."""

from __future__ import annotations

import pytest
from fudge_station import hurting, station

from isowidgets.errors import RuleError
from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.words import render


def _declare_both(game, ids, burke="crossing", boss="crossing", **kwargs):
    game.declare(ids["burke"], burke, ids["boss"], "argue", ability="fornuft", **kwargs)
    game.declare(ids["boss"], boss, ids["burke"], "argue", ability="fornuft")


@pytest.mark.rule("DK-R14", "DK-R21")
def test_only_a_player_may_let_it_hurt():
    game, ids = station()
    game.check(
        "active",
        ids["guard"],
        "notice",
        opponent=ids["burke"],
        opponent_skill="sneak",
        faces="+ + +",
        opponent_faces="0 0 0",
    )
    before = game.journal.effective()
    with pytest.raises(RuleError, match="only a player may let it hurt"):
        game.let_it_hurt(ids["guard"])
    assert game.journal.effective() == before
    with pytest.raises(RuleError, match="no character"):
        game.let_it_hurt("GM")
    started = game.let_it_hurt(ids["burke"])
    assert started.invoker == ids["burke"]
    assert game.state.hurt is not None and game.state.hurt.round == 1


@pytest.mark.rule("DK-R21")
def test_a_player_unhappy_with_a_success_may_let_it_hurt_too():
    game, ids = station()
    game.check(
        "active",
        ids["burke"],
        "argue",
        opponent=ids["boss"],
        opponent_skill="argue",
        faces="+ + +",
        opponent_faces="0 0 0",
    )
    started = game.let_it_hurt(ids["burke"])
    assert started.grants[0].actor == ids["burke"]
    assert started.grants[0].dice == 2
    with pytest.raises(RuleError, match="already being played"):
        game.let_it_hurt(ids["burke"])


@pytest.mark.rule("DK-R29", "DK-E07")
def test_the_winner_of_the_trigger_gets_its_margin_as_bonus_dice_in_round_one():
    game, ids = station()
    game.check("passive", ids["burke"], "reactor", difficulty=3, faces="- 0 0")  # 1: lost by 2
    started = game.let_it_hurt(ids["burke"])
    opposition = started.parties[1]
    assert [(g.actor, g.dice, g.round) for g in started.grants] == [(opposition, 2, 1)]
    assert game.character(opposition).skills == {"opposition": 3}  # DK-A08
    game.state_intention(ids["burke"], "shut it down")
    game.state_intention(opposition, "melt down")
    game.declare(ids["burke"], "crossing", opposition, "reactor", ability="kraft")
    game.declare(opposition, "crossing", ids["burke"], "opposition", ability="kraft")
    preview = game.roll_preview(opposition, "opposition")
    assert [(s.kind, s.dice) for s in preview] == [("first_round", 2)]
    rolled = game.roll_round({ids["burke"]: "0 0 0", opposition: "0 0 0 0 0"})
    assert rolled.records[1].net == 2
    assert game.character(opposition).grants == ()  # used up in round 1


@pytest.mark.rule("DK-R22")
def test_a_central_gm_character_is_harmed_only_inside_let_it_hurt():
    game, ids = station(damage_outside_lih=True)
    assert game.mark_wound(ids["guard"], 2, "kraft") == 2
    before = game.journal.effective()
    with pytest.raises(RuleError, match="only Let it hurt") as refused:
        game.mark_wound(ids["boss"], 2, "kraft")
    assert refused.value.key == "fudge_conflict.central_harm"
    assert game.journal.effective() == before
    game, ids = hurting(burke_faces="+ + +", boss_faces="- - -")  # Burke wins 5 to 0
    _declare_both(game, ids)
    game.roll_round({ids["burke"]: "+ + + 0 0 0 0 0", ids["boss"]: "- - -"})
    assert game.character(ids["boss"]).wounds  # permanent harm inside Let It Hurt


@pytest.mark.rule("DK-R23")
def test_intentions_come_before_any_action_and_may_change_next_round():
    game, ids = station()
    game.check(
        "active",
        ids["burke"],
        "argue",
        opponent=ids["boss"],
        opponent_skill="argue",
        faces="0 0 0",
        opponent_faces="0 0 0",
    )
    game.let_it_hurt(ids["burke"])
    game.state_intention(ids["burke"], "win")
    with pytest.raises(RuleError, match="still to state one: Superior"):
        game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    game.state_intention(ids["boss"], "humiliate")
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    with pytest.raises(RuleError, match="before anyone declares"):
        game.state_intention(ids["burke"], "kill")
    game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft")
    game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "- 0 0 0"})  # boss had 1 bonus die? no
    game.state_intention(ids["burke"], "seduce")
    assert game.state.hurt.intentions[ids["burke"]] == "seduce"


@pytest.mark.rule("DK-R24", "DK-E15")
def test_actions_are_declared_in_one_of_three_categories_and_may_be_revised():
    game, ids = hurting()
    steps = {(s.action, s.actor) for s in game.next_steps()}
    assert ("declare", ids["burke"]) in steps and ("roll_round", None) not in steps
    game.declare(ids["burke"], "parallel", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    assert game.state.hurt.declared[ids["burke"]].category == "crossing"
    with pytest.raises(RuleError, match="must be one of 'crossing', 'parallel', 'defensive'"):
        game.declare(ids["boss"], "sideways", ids["burke"], "argue", ability="fornuft")
    game.declare(ids["boss"], "defensive", ids["burke"], "argue")
    assert ("roll_round", None) in {(s.action, s.actor) for s in game.next_steps()}


@pytest.mark.rule("DK-R25", "DK-R28", "DK-R30", "DK-E08")
def test_a_crossing_loser_takes_the_difference_on_the_named_ability():
    game, ids = hurting()  # the boss won by 3: 3 bonus dice in round 1
    _declare_both(game, ids)
    rolled = game.roll_round({ids["burke"]: "- 0 0", ids["boss"]: "+ 0 0 0 0 0"})
    assert [r.result for r in rolled.records] == [1, 4]
    assert [(h.target, h.level, h.ability) for h in rolled.hits] == [(ids["burke"], 3, "fornuft")]
    assert game.character(ids["burke"]).track() == ((3, "fornuft"),)


@pytest.mark.rule("DK-R26")
def test_parallel_actions_both_deal_damage_when_both_succeed():
    game, ids = hurting(burke_faces="0 0 0", boss_faces="- 0 0")  # 2 against 2: Burke loses the tie
    game.declare(ids["burke"], "parallel", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["boss"], "parallel", ids["burke"], "argue", ability="intuition", difficulty=2)
    rolled = game.roll_round({ids["burke"]: "+ 0 0", ids["boss"]: "+ 0 0"})
    assert sorted((h.target, h.level) for h in rolled.hits) == sorted(
        [(ids["boss"], 3), (ids["burke"], 2)]
    )
    game.declare(ids["burke"], "parallel", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["boss"], "parallel", ids["burke"], "argue", ability="intuition", difficulty=2)
    # each has a scratch: one penalty die; Burke 2 − 1 = 1 > 0, the boss 3 − 1 = 2, not > 2
    rolled = game.roll_round({ids["burke"]: "- 0 0 0", ids["boss"]: "- - 0 0"})
    assert [(h.target, h.level) for h in rolled.hits] == [(ids["boss"], 1)]


@pytest.mark.rule("DK-R27")
def test_a_winning_defender_deals_no_damage_and_gets_bonus_dice_next_round_only():
    game, ids = hurting(burke_faces="0 0 0", boss_faces="- 0 0")
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["boss"], "defensive", ids["burke"], "argue")
    rolled = game.roll_round({ids["burke"]: "- - 0", ids["boss"]: "+ 0 0"})
    assert rolled.hits == ()
    assert [(g.actor, g.dice, g.round) for g in rolled.grants] == [(ids["boss"], 4, 2)]
    _declare_both(game, ids)
    preview = game.roll_preview(ids["boss"], "argue")
    assert ("defence", 4) in [(s.kind, s.dice) for s in preview]
    game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "0 0 0 0 0 0 0"})
    assert game.character(ids["boss"]).grants == ()
    _declare_both(game, ids)
    assert game.roll_preview(ids["boss"], "argue") == ()


@pytest.mark.rule("DK-R27")
def test_an_attacker_who_beats_a_defender_deals_damage():
    game, ids = hurting(burke_faces="0 0 0", boss_faces="- 0 0")
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["boss"], "defensive", ids["burke"], "argue")
    rolled = game.roll_round({ids["burke"]: "+ + 0", ids["boss"]: "- 0 0"})
    assert [(h.target, h.level) for h in rolled.hits] == [(ids["boss"], 2)]


@pytest.mark.rule("DK-R31")
def test_a_single_hit_is_clamped_to_six():
    game, ids = hurting(burke_faces="+ + +", boss_faces="- - -")  # Burke 5, boss 0: 5 bonus dice
    gun = game.add_item(ids["burke"], "Proteus virus", [("damage", 3, "against the diplomat")])
    _declare_both(game, ids, equipment=[gun])
    rolled = game.roll_round({ids["burke"]: "+ + + 0 0 0 0 0", ids["boss"]: "- - -"})
    assert (rolled.hits[0].degree, rolled.hits[0].equipment) == (5, 3)
    assert rolled.hits[0].level == 6


@pytest.mark.rule("DK-R32", "DK-R33")
def test_a_maimed_character_pays_a_pool_point_to_act():
    game, ids = hurting(burke_faces="+ + +", boss_faces="- - -")
    gun = game.add_item(ids["burke"], "Revolver", [("damage", 1)])
    _declare_both(game, ids, equipment=[gun])
    game.roll_round({ids["burke"]: "+ + + 0 0 0 0 0", ids["boss"]: "- - -"})
    assert game.character(ids["boss"]).maimed
    with pytest.raises(RuleError, match="maimed and must pay 1 point"):
        game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft")
    game.add_pool_points(ids["boss"], 1, "a favour")
    _declare_both(game, ids)
    rolled = game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "0 0 0"})
    assert [(p.actor, p.points) for p in rolled.payments] == [(ids["boss"], 1)]
    assert game.character(ids["boss"]).pool == 0


@pytest.mark.rule("DK-R33", "DK-R34")
def test_scratches_give_penalty_dice_to_the_next_roll():
    game, ids = hurting()
    _declare_both(game, ids)
    game.roll_round({ids["burke"]: "- 0 0", ids["boss"]: "+ 0 0 0 0 0"})  # level 3
    burke = game.character(ids["burke"])
    assert burke.scratch == 1
    _declare_both(game, ids)
    assert [(s.kind, s.dice) for s in game.roll_preview(ids["burke"], "argue")] == [("scratch", -1)]
    game.roll_round({ids["burke"]: "+ + + +", ids["boss"]: "0 0 0"})  # Burke wins 5 to 3
    assert game.character(ids["burke"]).scratch == 0


@pytest.mark.rule("DK-R33", "DK-R34")
def test_wounded_levels_give_one_lasting_penalty_in_their_category():
    game, ids = station(damage_outside_lih=True)
    game.mark_wound(ids["burke"], 4, "fornuft")
    game.mark_wound(ids["burke"], 5, "fornuft")
    assert [(s.kind, s.dice) for s in game.roll_preview(ids["burke"], "argue")] == [("lasting", -1)]
    assert game.roll_preview(ids["burke"], "strength") == ()  # a kraft skill
    assert game.roll_preview(ids["burke"], "sneak") == ()  # no category


@pytest.mark.rule("DK-R35", "DK-R37")
def test_giving_up_ends_it_and_the_damage_falls_down():
    game, ids = hurting()
    _declare_both(game, ids)
    game.roll_round({ids["burke"]: "- 0 0", ids["boss"]: "+ 0 0 0 0 0"})  # level 3 fornuft
    ended = game.give_up(ids["burke"])
    assert (ended.reason, ended.loser, ended.winner) == ("yield", ids["burke"], ids["boss"])
    assert (ended.ending, ended.wants) == ("achieves_intention", "humiliate Burke")
    assert "humiliate Burke" in ended.describe()
    assert game.character(ids["burke"]).track() == ((1, "fornuft"),)
    assert game.state.active_hurt() is None
    assert "open_conflict" in {s.action for s in game.next_steps()}
    with pytest.raises(RuleError, match="not being played"):
        game.roll_round()


@pytest.mark.rule("DK-R35", "DK-A21")
def test_reaching_level_seven_is_defeat_and_ends_it():
    game, ids = station(damage_outside_lih=True)
    for level in (1, 2, 3, 4, 5, 6):
        game.mark_wound(ids["guard"], level, "kraft")
    game.add_pool_points(ids["guard"], 5)
    game.check(
        "active",
        ids["burke"],
        "shoot",
        opponent=ids["guard"],
        opponent_skill="shoot",
        faces="+ 0 0",
        opponent_faces="0 0 0",
    )
    game.let_it_hurt(ids["burke"])
    game.state_intention(ids["burke"], "kill")
    game.state_intention(ids["guard"], "flee")
    game.declare(ids["burke"], "crossing", ids["guard"], "shoot", ability="kraft")
    game.declare(ids["guard"], "crossing", ids["burke"], "shoot", ability="kraft")
    rolled = game.roll_round({ids["burke"]: "+ 0 0 0 0", ids["guard"]: "0 0 0"})
    assert rolled.defeated == (ids["guard"],)
    assert rolled.hits[0].recorded == 7
    hurt = game.state.hurt
    assert hurt.ended is not None and hurt.ended.reason == "defeat"
    # What the winner gets is data, said in each language (issue 25).
    ended = hurt.ended
    assert (ended.ending, ended.wants, ended.text) == ("achieves", "kill", "")
    assert ended.describe() == "Let it hurt is over: Guard is defeated; Mr. Burke achieves: kill"
    assert render(ended.message(), "da").endswith("Mr. Burke opnår: kill")


@pytest.mark.rule("DK-R36", "DK-A22")
def test_combining_takes_a_round_and_the_opponent_attacks_freely():
    game, ids = hurting(burke_faces="0 0 0", boss_faces="- 0 0")
    game.declare(ids["burke"], "crossing", ids["boss"], "programming", combining=True)
    game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft")
    rolled = game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "- - 0"})
    assert [(p.how, p.winner) for p in rolled.pairs] == [("free_attack", ids["boss"])]
    assert [(h.target, h.level) for h in rolled.hits] == [(ids["burke"], 1)]
    assert [(g.actor, g.dice, g.source) for g in rolled.grants] == [(ids["burke"], 3, "combining")]


@pytest.mark.rule("DK-R36", "DK-R15", "DK-A17")
@pytest.mark.parametrize("penalties", [False, True])
def test_combining_that_goes_wrong_passes_penalty_dice_only_where_allowed(penalties):
    game, ids = hurting(assist_negative_gives_penalty=penalties)
    game.declare(ids["burke"], "crossing", ids["boss"], "chinese", combining=True)
    game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft")
    rolled = game.roll_round({ids["burke"]: "- - -", ids["boss"]: "- - 0 0 0 0"})
    assert rolled.records[0].result == -2  # chinese 1, three minuses
    combining = [(g.actor, g.dice) for g in rolled.grants if g.source == "combining"]
    assert combining == ([(ids["burke"], -2)] if penalties else [])
    carried = [s.dice for s in game.roll_preview(ids["burke"], "argue") if s.kind == "combining"]
    assert carried == ([-2] if penalties else [])


@pytest.mark.rule("DK-R37", "DK-E13")
def test_falling_down_compacts_levels_keeping_their_marks():
    game, ids = station(damage_outside_lih=True)
    for level, ability in ((2, "kraft"), (3, "fornuft"), (6, "kraft")):
        game.mark_wound(ids["burke"], level, ability)
    game.add_pool_points(ids["burke"], 3)
    game.check(
        "active",
        ids["burke"],
        "shoot",
        opponent=ids["guard"],
        opponent_skill="shoot",
        faces="0 0 0 0",
        opponent_faces="+ + 0",
    )  # maimed on kraft: a penalty die
    game.let_it_hurt(ids["burke"])
    game.give_up(ids["burke"])
    assert game.character(ids["burke"]).track() == ((1, "kraft"), (2, "fornuft"), (3, "kraft"))


def test_replaying_a_round_gives_the_same_state(tmp_path):
    path = tmp_path / "hurt.jsonl"
    game, ids = hurting()
    copy = FudgeGame.new(path)
    for entry in game.journal.effective()[1:]:
        copy.commit(entry.event)
    _declare_both(copy, ids)
    copy.roll_round({ids["burke"]: "- 0 0", ids["boss"]: "+ 0 0 0 0 0"})
    again = FudgeGame.resume(path)
    assert again.state == copy.state


def test_steps_name_people_never_ids():
    game, ids = hurting()
    labels = [s.label for s in game.next_steps()]
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft")
    labels += [s.label for s in game.next_steps()]
    assert "Round 1: everyone rolls" in labels
    assert not [label for label in labels if "char-" in label]
    assert {s.actor for s in game.next_steps() if s.action == "roll_round"} == {None}


def test_the_log_reads_names():
    game, ids = hurting()
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["boss"], "defensive", ids["burke"], "argue")
    game.roll_round({ids["burke"]: "- - -", ids["boss"]: "+ 0 0 0 0 0"})
    game.give_up(ids["burke"])
    lines = [entry.event.describe() for entry in game.journal.effective()[1:]]
    assert not [line for line in lines if "char-" in line]
    assert "Mr. Burke gives up" in lines[-1]
    assert any("bonus dice in round 1 for Superior" in line for line in lines)
