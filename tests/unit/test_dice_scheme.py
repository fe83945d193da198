"""The dice scheme: each random roll takes its own number and its faces come from
HMAC-SHA256 keyed by the session's seed, with rejection sampling.

The formula is checked against a second, independent reading of the module docstring
(``hmac.digest`` straight from the standard library), so a change to how faces are made
cannot pass unnoticed: it would change every seeded session (see the changelog).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import struct

import pytest

from isowidgets.dice import D6, D20, DF, Dice, DieType, Limits, Pool, RollKey, d
from isowidgets.dice.roller import pick
from isowidgets.errors import DiceCapError, DiceError


def documented_face(
    seed: object, table: str, counter: str, number: int, index: int, die: DieType
) -> int:
    """Die ``index`` of roll ``number``, straight from the formula in the docstring."""
    key = json.dumps(seed, ensure_ascii=False).encode("utf-8")
    table_bytes = table.encode("utf-8")
    block = 0
    while True:
        message = (
            b"isowidgets-roll-v2\0"
            + str(len(table_bytes)).encode()
            + b":"
            + table_bytes
            + b"\0"
            + f"{counter}\0{number}\0{index}\0{block}".encode()
        )
        digest = hmac.digest(key, message, "sha256")
        limit = 2**32 - 2**32 % die.sides
        for (value,) in struct.iter_unpack(">I", digest):
            if value < limit:
                return die.faces[value % die.sides]
        block += 1


@pytest.mark.parametrize("seed", [5, "5", "a phrase with ü and ∑", 2**62])
@pytest.mark.parametrize("table", ["", "Ana's cat is called Pickles", "🎲"])
def test_the_faces_are_the_documented_hmac(seed: object, table: str) -> None:
    key = RollKey(seed, table)  # type: ignore[arg-type]
    for die in (D6, D20, DF, d(1000)):
        for gm, counter in ((False, "public"), (True, "gm")):
            for number in (1, 2, 77):
                got = key.faces(die, gm, number, 5)
                want = tuple(
                    documented_face(seed, table, counter, number, i, die) for i in range(5)
                )
                assert got == want


def test_a_pinned_roll_never_changes() -> None:
    """The first public roll of 10d6 under seed 5 with no table seed: what every seeded
    session of this kit rolls first. Changing it changes the scheme (say so)."""
    assert Dice(5).roll(Pool(D6, 10)).faces == tuple(
        documented_face(5, "", "public", 1, i, D6) for i in range(10)
    )
    assert Dice(5).roll(Pool(D6, 10)).faces == (6, 6, 6, 3, 1, 4, 1, 5, 6, 1)


def test_rejection_sampling_skips_the_biased_top_of_the_range() -> None:
    limit6 = 2**32 - 2**32 % 6
    block = struct.pack(">8I", limit6, limit6 + 1, 2**32 - 1, 13, 0, 0, 0, 0)
    assert pick(block, 6) == 13 % 6  # the first three are refused: no modulo bias
    assert pick(struct.pack(">8I", *([limit6] * 8)), 6) is None  # the next block is read
    assert pick(struct.pack(">8I", limit6 - 1, *([0] * 7)), 6) == (limit6 - 1) % 6
    assert pick(struct.pack(">8I", 2**32 - 1, *([0] * 7)), 1) == 0  # one face: never refused
    assert pick(struct.pack(">8I", 2**32 - 1, *([0] * 7)), 2) == 1  # a power of two: neither


def test_a_block_with_every_word_refused_reads_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    real = RollKey._block
    refused = struct.pack(">8I", *([2**32 - 1] * 8))

    def first_refused(self: RollKey, gm: bool, number: int, index: int, block: int) -> bytes:
        return refused if block == 0 else real(self, gm, number, index, block)

    key = RollKey(5)
    want = D6.faces[pick(key.block(False, 1, 0, 1), 6)]  # type: ignore[index]
    monkeypatch.setattr(RollKey, "_block", first_refused)
    assert key.face(D6, False, 1, 0) == want
    assert key.block(False, 1, 0, 0) == refused  # the block the face read first


def test_public_and_gm_only_rolls_count_apart() -> None:
    dice = Dice(5)
    first = dice.roll(Pool(D6, 2))
    with dice.counting(gm=True):
        secret = [dice.roll(Pool(D6, 7)), dice.roll(Pool(D6, 1))]
    second = dice.roll(Pool(D6, 2))
    assert (first.number, first.gm, second.number, second.gm) == (1, False, 2, False)
    assert [(r.number, r.gm) for r in secret] == [(1, True), (2, True)]
    assert dice.taken == (2, 2)
    alone = Dice(5)
    alone.roll(Pool(D6, 2))
    assert alone.roll(Pool(D6, 2)) == second  # the secret dice changed nothing public


def test_a_roll_is_recomputed_alone_from_its_number() -> None:
    dice = Dice("s", table="t")
    rolls = [dice.roll(Pool(D20, 3)) for _ in range(5)]
    assert RollKey("s", "t").faces_of(rolls[3]) == rolls[3].faces
    assert RollKey("s", "other").faces_of(rolls[3]) != rolls[3].faces


def test_a_roll_taken_back_and_rolled_again_shows_the_same_faces() -> None:
    """Cutting the last roll and rolling again gains nothing: same number, same faces."""
    dice = Dice(9)
    dice.roll(Pool(D6, 3))
    before = dice.state()
    cut = dice.roll(Pool(D20, 1))
    dice.restore(before)
    again = dice.roll(Pool(D20, 1))
    assert again == cut and again.number == 2


def test_a_refused_roll_gives_its_number_back() -> None:
    dice = Dice(3, limits=Limits(500, 0))
    dice.roll(Pool(D6, 2))
    with pytest.raises(DiceCapError):
        dice.roll(Pool(D6, 50, frozenset({1, 2, 3, 4, 5})))  # explodes past a cap of none
    assert dice.taken == (1, 0)
    assert dice.roll(Pool(D6, 1)).number == 2


def test_a_roll_of_no_dice_takes_a_number() -> None:
    dice = Dice(1)
    empty = dice.roll(Pool(D6, 0))
    assert empty.faces == () and empty.number == 1 and empty.source == "random"
    assert dice.roll(Pool(D6, 1)).number == 2


def test_declined_explosions_draw_nothing() -> None:
    """Die ``i`` of a roll shows the same face whether or not explosions were taken."""
    pool = Pool(D6, 20, frozenset({6}), "optional")
    taken = Dice(4).roll(pool, take_optional=True)
    declined = Dice(4).roll(pool, take_optional=False)
    assert taken.faces[:20] == declined.faces and len(declined.faces) == 20
    assert any(die.declined for die in declined.dice)
    assert Dice(4).roll(Pool(D6, 21)).faces[20] == taken.faces[20]  # the first extra die


def test_a_house_limit_stops_every_chain() -> None:
    pool = Pool(D6, 30, frozenset({1, 2, 3}), "optional")
    capped = Dice(2).roll(pool, most_extras=2)
    free = Dice(2).roll(pool)
    assert len(capped.extras) == 2 and capped.faces == free.faces[:32]
    with pytest.raises(DiceError):
        Dice(2).roll(pool, most_extras=-1)


def test_the_table_seed_is_bound_before_the_first_roll_only() -> None:
    plain, seeded = Dice(5), Dice(5)
    seeded.set_table("Pickles")
    assert seeded.table == "Pickles"
    assert plain.roll(Pool(D6, 10)) != seeded.roll(Pool(D6, 10))
    with pytest.raises(DiceError, match="before the first random roll"):
        seeded.set_table("again")
    with pytest.raises(DiceError, match="at most 200"):
        Dice(5).set_table("x" * 201)
    with pytest.raises(DiceError, match="must be text"):
        Dice(5).set_table(12)  # type: ignore[arg-type]


def test_resumed_dice_go_on_after_the_highest_number_taken() -> None:
    dice = Dice(5)
    made = [dice.roll(Pool(D6, 2)) for _ in range(3)]
    with dice.counting(gm=True):
        made.append(dice.roll(Pool(D6, 1)))
    typed = dice.roll(Pool(D6, 2), "3 4")
    resumed = Dice.resumed(5, dice.limits, [*made, typed])
    assert resumed.taken == (3, 1)
    assert resumed.roll(Pool(D6, 2)) == dice.roll(Pool(D6, 2))
    lost = Dice.resumed(5, dice.limits, made[:2])  # the third was lost with a torn line
    assert lost.roll(Pool(D6, 2)) == made[2]  # the same roll again: nothing to choose


def test_hostile_counter_states_are_the_kits_error() -> None:
    dice = Dice(5)
    for junk in (None, (1,), ("a", 0, 0), (-1, 0, 0), (0, 0, 5)):
        with pytest.raises(DiceError):
            dice.restore(junk)
    with pytest.raises(DiceError):
        Dice(5, taken=(1, 2, 3))  # type: ignore[arg-type]
    with pytest.raises(DiceError):
        dice.counting(gm="yes")  # type: ignore[arg-type]
    with pytest.raises(DiceError):
        RollKey(5).faces_of(Dice(5).roll(Pool(D6, 1), "3"))


def test_the_key_is_the_seed_as_json() -> None:
    assert RollKey(3).faces(D6, False, 1, 8) != RollKey("3").faces(D6, False, 1, 8)
    mac = hmac.new(json.dumps("x").encode(), digestmod=hashlib.sha256)
    assert mac.digest_size == 32
