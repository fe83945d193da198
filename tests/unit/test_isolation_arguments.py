"""Arguments every public IsolationGame method refuses with the kit's error.

Values reach the game straight from widgets, notebooks and typed-in text. A bad one
(``None``, a wrong type, a huge whole number, a megabyte of text, text past
``MAX_TEXT`` or that the journal cannot store, a pool past the dice cap, faces for a
pool nobody rolls, a keyword the method does not take) is refused with
:class:`~isowidgets.errors.RuleError`, never Python's ``TypeError`` or
``AttributeError``; the message names the argument, shows the value received
shortened (:func:`isowidgets.checks.shown`) and says what is allowed; state, journal
and dice are left exactly as they were.
"""

from __future__ import annotations

import pytest

from isowidgets.checks import MAX_TEXT, SHOWN
from isowidgets.dice import Dice
from isowidgets.errors import DiceCapError, IsowidgetsError, RuleError
from isowidgets.rules.isolation import IsolationGame, IsolationSettings
from isowidgets.rules.isolation.examples import add_boarding_party, boarding_party
from isowidgets.rules.isolation.rolling import roll_colour

HUGE = 10**5000  # past Python's int-to-text limit: repr() of it raises ValueError
MEGABYTE = "x" * 1_000_000


def snapshot(game):
    return game.state, len(game.journal), game.dice.state()


def refused(game: IsolationGame, call, *says: str) -> str:
    """Call ``call(game)``; it must raise RuleError saying each of ``says``, in a short
    message, and change nothing."""
    before = snapshot(game)
    with pytest.raises(RuleError) as info:
        call(game)
    message = str(info.value)
    for part in says:
        assert part in message, message
    assert len(message) < 1_000 + 2 * SHOWN, len(message)
    assert snapshot(game) == before
    return message


def in_conflict() -> IsolationGame:
    game = boarding_party(stress=2)
    game.propose("bob", "board up the windows")
    return game


def trio(stress=2, **settings):
    return boarding_party(stress=stress, settings=IsolationSettings(**settings))


# --------------------------------------------------------------------------- keywords


@pytest.mark.parametrize(
    ("method", "call", "allowed"),
    [
        ("propose", lambda g: g.propose("bob", "run", surprise=1), "mode, pps, target"),
        ("preview", lambda g: g.preview("bob", "run", surprise=1), "mode, pps, target"),
        ("run_conflict", lambda g: g.run_conflict("bob", "run", surprise=1), "faces, stances"),
        ("edit_character", lambda g: g.edit_character("bob", surprise=1), "name, kind"),
    ],
)
def test_an_unknown_keyword_is_named_with_the_allowed_ones(method, call, allowed):
    refused(boarding_party(stress=2), call, method, "'surprise'", f"allowed: {allowed}")


def test_set_factors_names_an_unknown_modifier():
    refused(
        in_conflict(),
        lambda g: g.set_factors("bob", surprise=1),
        "set_factors takes no argument 'surprise'",
        "allowed: profession, goal_for",
    )


def test_a_proposals_factors_name_an_unknown_modifier():
    refused(
        boarding_party(stress=2),
        lambda g: g.propose("bob", "run", factors={"bob": {"charm": 1}}),
        "the modifiers of 'bob' takes no argument 'charm'",
        "allowed: profession",
    )


# --------------------------------------------------------------------------- wrong types


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda g: g.links_between("alice", 1), "a character must be an id (text), got int 1"),
        (lambda g: g.relevant_links("alice", None), "must be an id (text), got NoneType None"),
        (lambda g: g.relevant_links(None, "bob"), "the Active Player must be an id"),
        (lambda g: g.wound_capacity(["bob"]), "a character must be an id"),
        (lambda g: g.modifier_fields("GM"), "modifier_fields takes a Conflict"),
        (lambda g: g.run_conflict("bob", "run", downgrades=None), "downgrades must be an id"),
        (lambda g: g.run_conflict("bob", "run", stances=["alice"]), "stances must map"),
        (lambda g: g.character(None), "there is no character None"),
        (lambda g: g.add_link("alice", None, "green"), "a character must be an id"),
        (lambda g: g.place_death_greens("bob", None), "no leftover greens of 'bob'"),
        (lambda g: g.add_descriptor_link("alice", None, "bob", "Rude", "green"), "None"),
    ],
)
def test_a_wrong_type_is_the_kits_error(call, says):
    refused(boarding_party(stress=2), call, says)


def test_a_composed_conflict_is_still_accepted_by_modifier_fields():
    game = boarding_party(stress=2)
    from isowidgets.rules.isolation import compose

    composed = compose(game.state, "bob", "run", mode="alone")
    assert game.modifier_fields(composed) == {"bob": game.modifier_fields(composed)["bob"]}


@pytest.mark.parametrize("who", [None, 42, ("bob",)])
def test_factors_for_a_non_character_are_refused_and_the_journal_reopens(tmp_path, who, reopen):
    """A modifier key that is not a character id (``None`` matched the missing target)
    is a RuleError with nothing journaled, and the file still resumes."""
    path = tmp_path / "session.jsonl"
    game = add_boarding_party(IsolationGame.new(path, seed=0), stress=2)
    before = snapshot(game)
    with pytest.raises(RuleError, match="named by id") as info:
        game.propose("bob", "x", factors={who: {"extra_red": 2}})
    assert "Tip:" in str(info.value) and repr(who) in str(info.value)
    assert snapshot(game) == before
    with pytest.raises(RuleError, match="named by id"):
        game.preview("bob", "y", factors={"bob": {}, who: {}})  # refused even when empty
    game.propose("bob", "x")
    before = snapshot(game)
    with pytest.raises(RuleError, match="named by id"):
        game.set_factors(who, extra_red=2)
    assert snapshot(game) == before
    game.roll("bob", "green")
    state = game.state
    resumed_state, problems = reopen(game, path)
    assert resumed_state == state and not problems


# --------------------------------------------------------------------------- sizes


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda g: g.adjust_stress(HUGE, "x"), "a stress adjustment must be in"),
        (lambda g: g.set_starting_stress(HUGE), "starting Stress must be in"),
        (lambda g: g.injure("bob", "x", levels=HUGE), "levels must be in 1..3"),
        (lambda g: g.character(HUGE), "there is no character a 16,610-bit whole number"),
        (lambda g: g.remove_link(HUGE), "there is no link a 16,610-bit whole number"),
        (lambda g: g.add_link("alice", "bob", "red", MEGABYTE), "1,000,000 characters"),
        (lambda g: g.propose("bob", MEGABYTE), "1,000,000 characters"),
        (lambda g: g.propose(MEGABYTE, "run"), "1,000,000 characters"),
        (lambda g: g.propose("bob", "run", difficulty=MEGABYTE), "unknown Difficulty"),
        (lambda g: g.propose("bob", "run", factors={"bob": {"roleplay": HUGE}}), "roleplay"),
        (lambda g: g.propose("bob", "run", pps=[MEGABYTE], mode="subset"), "Passive Player"),
        (lambda g: g.edit_character("bob", positive=[MEGABYTE]), "1,000,000 characters"),
        (lambda g: g.cancel_conflict(MEGABYTE), "no conflict is in progress"),
    ],
)
def test_huge_numbers_and_megabytes_are_refused_shortly(call, says):
    message = refused(boarding_party(stress=2), call, says)
    assert "x" * (SHOWN + 1) not in message  # a megabyte is shown, not repeated


def test_huge_values_inside_a_conflict_are_refused_shortly():
    refused(in_conflict(), lambda g: g.set_factors("bob", roleplay=HUGE), "roleplay must be in")
    refused(in_conflict(), lambda g: g.set_factors(HUGE, profession=True), "16,610-bit")
    refused(in_conflict(), lambda g: g.choose_stance(MEGABYTE, "Neutral"), "1,000,000")
    refused(in_conflict(), lambda g: g.set_difficulty(HUGE), "the Difficulty must be in 1..6")
    refused(in_conflict(), lambda g: g.roll_ready({HUGE: "1"}), "who rolls no pool")
    refused(in_conflict(), lambda g: g.set_factors("bob", relevant_links=["L1"] * 10**5), "at most")


@pytest.mark.parametrize("limit", [None, 2])
def test_dice_caps_are_checked_before_any_die_is_drawn(limit):
    """A pool past the dice cap is refused before a single face is drawn (no work, no
    change to the random stream), also under a house explosion limit."""
    state = trio(max_explosions_per_pool=limit).state
    dice = Dice(1)
    before = dice.state()
    with pytest.raises(DiceCapError, match="at most 500"):
        roll_colour(dice, state, "red", 501, "big", None)
    assert dice.state() == before
    with pytest.raises(DiceCapError):
        roll_colour(dice, state, "green", 10**9, "huge", None)
    assert dice.state() == before


@pytest.mark.parametrize("limit", [None, 1])
def test_pools_past_the_dice_cap_are_refused_when_proposed(limit):
    """propose, set_factors and preview refuse a pool past the cap, naming it."""
    game = trio(max_explosions_per_pool=limit)
    before = snapshot(game)
    with pytest.raises(DiceCapError, match=r"Bob's green pool would hold 3,000,003 dice") as info:
        game.propose("bob", "x", factors={"bob": {"roleplay": 3_000_000}})
    message = str(info.value)
    assert "at most 500" in message and "Limits.max_dice" in message and "Tip:" in message
    assert snapshot(game) == before
    with pytest.raises(DiceCapError, match="at most 500"):
        game.preview("bob", "x", factors={"bob": {"roleplay": 600}})
    game.propose("bob", "x")
    before = snapshot(game)
    with pytest.raises(DiceCapError, match="at most 500"):
        game.set_factors("bob", roleplay=498)  # 3 links + 498 = 501
    assert snapshot(game) == before
    game.set_factors("bob", roleplay=497)  # exactly 500 is fine
    assert game.plan().unit("bob", "green").count == 500


# --------------------------------------------------------------------------- text


LONG = "x" * (MAX_TEXT + 1)


@pytest.mark.parametrize(
    "act",
    [
        lambda g: g.propose("bob", LONG),
        lambda g: g.add_link("alice", "bob", "green", LONG),
        lambda g: g.add_link("alice", "bob", "green", why=LONG),
        lambda g: g.relabel_link("L1", LONG),
        lambda g: g.remove_link("L1", LONG),
        lambda g: g.adjust_stress(1, LONG),
        lambda g: g.injure("alice", LONG),
        lambda g: g.kill("alice", LONG),
        lambda g: g.edit_character("alice", goal=LONG),
        lambda g: g.edit_character("alice", positive=["Quick", LONG]),
    ],
)
def test_isolation_text_is_at_most_max_text_long(act):
    game = boarding_party(stress=2)
    before = snapshot(game)
    with pytest.raises(RuleError, match=f"{MAX_TEXT + 1} characters long; at most {MAX_TEXT}"):
        act(game)
    assert snapshot(game) == before


def test_a_cancel_reason_is_at_most_max_text_long():
    game = boarding_party(stress=2)
    game.propose("bob", "x" * MAX_TEXT)  # exactly the limit is fine
    before = snapshot(game)
    with pytest.raises(RuleError, match="at most 300"):
        game.cancel_conflict(LONG)
    assert snapshot(game) == before
    game.cancel_conflict("changed our minds")


def test_text_the_journal_cannot_store_is_refused(tmp_path):
    """A lone surrogate cannot be written as UTF-8: a RuleError, not a UnicodeEncodeError."""
    game = add_boarding_party(IsolationGame.new(tmp_path / "s.jsonl", seed=0))
    before = snapshot(game)
    with pytest.raises(RuleError, match="not valid Unicode"):
        game.propose("bob", "board \ud800 up")
    with pytest.raises(RuleError, match="not valid Unicode"):
        game.add_link("alice", "eve", "green", "Shared \udcff a meal")
    assert snapshot(game) == before
    game.journal.close()


# --------------------------------------------------------------------------- typed faces


@pytest.mark.parametrize(
    ("faces", "says"),
    [
        ({"Bob": {"green": "4 4 4"}}, "'Bob', who rolls no pool"),
        ({"bob": {"green": "4 4 4"}, "alice": {"Green": "2 2"}}, "colour 'Green'"),
        ({"gm": "5 4 3"}, "'gm', who rolls no pool"),
        ({"GM": {"green": "4"}}, "colour 'green'; allowed: 'red'"),
        ({"eve": {"green": "4"}}, "colour 'green'; allowed: 'red'"),  # Hostile up front
        (["bob"], "faces must map rollers"),
    ],
)
def test_run_conflict_refuses_faces_no_pool_would_take(faces, says):
    """A misspelt roller or colour used to fall back to random dice without a word."""
    game = boarding_party(stress=2)
    before = snapshot(game)
    with pytest.raises(RuleError, match=r"allowed|must map") as info:
        game.run_conflict("bob", "board up", difficulty=3, faces=faces, hostile=["eve"])
    assert says in str(info.value)
    if isinstance(faces, dict):
        assert "bob, alice, eve, GM" in str(info.value) or "allowed: '" in str(info.value)
    assert snapshot(game) == before


def test_roll_ready_refuses_faces_no_pool_would_take():
    game = boarding_party(stress=2)
    game.propose("bob", "board up")
    before = snapshot(game)
    with pytest.raises(RuleError, match="'Alice', who rolls no pool"):
        game.roll_ready({"bob": {"green": "4 4 4"}, "Alice": {"green": "2 2"}})
    assert snapshot(game) == before


def test_faces_for_downgraders_and_volunteers_are_accepted():
    game = boarding_party(stress=2)
    game.run_conflict(
        "bob",
        "x",
        mode="subset",
        pps=["alice"],
        difficulty=3,
        downgrades=["eve"],
        faces={"eve": "2 2"},
    )
    record = next(r for r in game.state.last_conflict.rolls if r.who == "eve")
    assert record.roll.source == "typed" and record.roll.faces == (2, 2)


# --------------------------------------------------------------------------- a sweep


class Touchy:
    """A value whose comparison raises (the fuzz tier's ``Boom``): an id lookup must check
    the type before it compares, or Python's own error escapes."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")

    __hash__ = None  # type: ignore[assignment]


BAD = [None, 7, HUGE, -1, True, 2.5, MEGABYTE, "", [], {}, [None], object(), Touchy()]
VALID = {
    "name": "Zed",
    "profession": "p",
    "bias": "b",
    "goal": "g",
    "a": "alice",
    "b": "bob",
    "a_descriptor": "Kind",
    "b_descriptor": "Rude",
    "colour": "green",
    "holder": "eve",
    "target": "bob",
    "relation": "same",
    "label": "x",
    "link_id": "L1",
    "why": "x",
    "value": 2,
    "delta": 1,
    "reason": "r",
    "present": True,
    "levels": 1,
    "dead": "alice",
    "pairs": [],
    "outcome": "nothing",
    "ap": "bob",
    "action": "act",
    "character": "bob",
    "physical": True,
    "pp": "alice",
    "who": "bob",
    "stance": "Neutral",
    "difficulty": 3,
    "assignment": {},
    "character_id": "bob",
}
"""A plausible value for each argument, so that only the bad one is at fault."""

SWEPT = [
    ("add_character", ["name"], {"profession": "p", "bias": "b", "goal": "g"}),
    ("edit_character", ["character_id"], {"goal": "g"}),
    ("remove_character", ["character_id"], {}),
    ("add_descriptor_link", ["a", "a_descriptor", "b", "b_descriptor", "colour"], {}),
    ("add_bias_links", ["holder", "target"], {}),
    ("add_goal_links", ["a", "b", "relation"], {}),
    ("add_link", ["a", "b", "colour", "label"], {}),
    ("relabel_link", ["link_id", "label"], {}),
    ("remove_link", ["link_id", "why"], {}),
    ("set_starting_stress", ["value"], {}),
    ("adjust_stress", ["delta", "reason"], {}),
    ("set_threat", ["present"], {}),
    ("injure", ["character_id", "reason"], {}),
    ("kill", ["character_id", "reason"], {}),
    ("place_death_greens", ["dead", "pairs"], {}),
    ("pair_roll", ["a", "b"], {}),
    ("choose_pair_outcome", ["outcome"], {}),
    ("propose", ["ap", "action"], {}),
    ("set_factors", ["character"], {"profession": True}),
    ("mark_physical", ["physical"], {}),
    ("declare_hostile", ["pp"], {}),
    ("roll", ["who", "colour"], {}),
    ("choose_stance", ["pp", "stance"], {}),
    ("set_difficulty", ["difficulty"], {}),
    ("downgrade", ["who"], {}),
    ("assign_wounds", ["assignment"], {}),
    ("cancel_conflict", ["reason"], {}),
    ("links_between", ["a", "b"], {}),
    ("relevant_links", ["ap", "who"], {}),
    ("wound_capacity", ["who"], {}),
    ("character", ["character_id"], {}),
]


@pytest.mark.parametrize("in_progress", [False, True], ids=["between conflicts", "in a conflict"])
@pytest.mark.parametrize(("method", "names", "keywords"), SWEPT, ids=[m for m, _, _ in SWEPT])
def test_every_method_refuses_bad_values_with_the_kits_error(method, names, keywords, in_progress):
    """Each positional argument in turn takes each bad value: the kit's error (or the call
    applies, for values a method may take), never Python's; refused, nothing changes."""
    for index in range(len(names)):
        for bad in BAD:
            game = in_conflict() if in_progress else boarding_party(stress=2)
            args = [bad if i == index else VALID[name] for i, name in enumerate(names)]
            before = snapshot(game)
            try:
                getattr(game, method)(*args, **keywords)
            except IsowidgetsError as exc:
                assert snapshot(game) == before, (method, names[index])
                assert len(str(exc)) < 1_000 + 2 * SHOWN, (method, names[index])


def owed_greens() -> IsolationGame:
    """A dies with 5 labeled greens among 4 characters: 1 to each of 3 pairs, 2 owed."""
    game = IsolationGame.new(seed=1)
    for name in "ABCD":
        game.add_character(name, profession="p", bias="b", goal="g")
    for i, other in enumerate("bcdbc"):
        game.add_link("a", other, "green", f"bond {i}")
    game.kill("a", "eaten")
    return game


@pytest.mark.parametrize(
    ("pairs", "says"),
    [
        (None, "pairs must be a list of (a, b) pairs, got None"),
        ([("b", 3), ("c", "d")], "a character of a placement must be an id (text), got int 3"),
        ([("b", "c", "d")], "each placement is a pair (a, b)"),
        ([("b", "c")] * 10**6, "place exactly 2 leftover green links, got 1000000"),
        ([(MEGABYTE, "c"), ("c", "d")], "an id has at most 400"),
    ],
)
def test_placing_a_deaths_greens_refuses_bad_pairs(pairs, says):
    refused(owed_greens(), lambda g: g.place_death_greens("a", pairs), says)
