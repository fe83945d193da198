"""The dice core, the argument checks, the odds and the tray refuse with messages as
data (issue 25, item 1): a key, its English template and values, never a sentence
built in English, and every one of them reads in Danish."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

from isowidgets import checks
from isowidgets.dice import D6, DF, Pool, die_named, parse_faces
from isowidgets.dice.roller import Dice
from isowidgets.errors import DiceCapError, FacesError, IsowidgetsError, RuleError
from isowidgets.odds import Distribution, count_per_die
from isowidgets.widgets.odds_lab import sweep
from isowidgets.widgets.track import Track
from isowidgets.words import msg, render

PACKAGE = Path(__file__).resolve().parents[2] / "isowidgets"
MODULES = sorted(
    [
        *(PACKAGE / "dice").glob("*.py"),
        PACKAGE / "checks.py",
        PACKAGE / "odds.py",
        PACKAGE / "tray.py",
        PACKAGE / "widgets" / "odds_lab.py",
        PACKAGE / "widgets" / "track.py",
    ]
)
MESSAGES = {"msg", "plural", "unstorable_message"}
"""Calls that make a ready Message an error may be given instead of a key."""


def _error_calls(tree: ast.AST) -> list[ast.Call]:
    """Every call that makes one of the kit's errors (``RuleError(...)``, ``error(...)``
    where ``error`` is the error type a check was handed)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else ""
        if name == "error" or (name.endswith("Error") and name not in {"TypeError"}):
            found.append(node)
    return found


def _unkeyed(call: ast.Call) -> bool:
    if not call.args:
        return True
    first = call.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        second = call.args[1] if len(call.args) > 1 else None
        return not (
            checks_is_key(first.value)
            and isinstance(second, ast.Constant)
            and isinstance(second.value, str)
        )
    if isinstance(first, ast.Call):  # a Message made in place
        return not (isinstance(first.func, ast.Name) and first.func.id in MESSAGES)
    # a Message held in a name (``sealed``); a sentence built in place is the failure
    return isinstance(first, ast.JoinedStr | ast.BinOp | ast.FormattedValue)


def checks_is_key(text: str) -> bool:
    from isowidgets.words import is_key

    return is_key(text)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_every_error_in_the_dice_core_is_raised_with_a_key_and_its_template(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = _error_calls(tree)
    wrong = [f"{path.name}:{call.lineno}" for call in calls if _unkeyed(call)]
    assert wrong == []
    if path.name not in {"__init__.py", "format.py", "tray.py"}:
        assert calls, f"{path.name} raises no error any more: is this walk still right?"


def test_the_walk_finds_a_sentence_raised_with_no_key() -> None:
    tree = ast.parse('raise DiceError(f"cannot keep {n} dice")\nraise error("two words")\n')
    assert [_unkeyed(call) for call in _error_calls(tree)] == [True, True]
    keyed = ast.parse('raise DiceError("dice.keep.count", "cannot keep {got} dice", got=1)\n')
    assert [_unkeyed(call) for call in _error_calls(keyed)] == [False]


def _refusal(call: Callable[[], object]) -> IsowidgetsError:
    with pytest.raises(IsowidgetsError) as excinfo:
        call()
    return excinfo.value


REFUSALS: list[tuple[str, Callable[[], object]]] = [
    ("dice.faces.unread_token", lambda: parse_faces("x", DF)),
    ("dice.faces.unordered", lambda: parse_faces({5, 4}, D6)),
    ("dice.faces.too_few", lambda: Dice(1).roll(Pool.parse("3dF"), "+")),
    ("dice.faces.too_many", lambda: Dice(1).roll(Pool.parse("1d8"), [1, 2])),
    ("dice.faces.chain_short", lambda: Dice(1).roll(Pool.parse("2d6!6"), [6, 6])),
    ("dice.faces.not_on_die", lambda: Dice(1).roll(Pool.parse("2d6"), [7, 1])),
    ("dice.pool.too_many", lambda: Pool(D6, 600).check()),
    ("dice.pool.endless", lambda: Pool.parse("2d6!1,2,3,4,5,6").check()),
    ("dice.notation.unreadable", lambda: Pool.parse("five dice")),
    ("dice.die.sides", lambda: Pool.parse("3d1")),
    ("dice.die.unknown", lambda: die_named("dX")),
    ("dice.roll.needs_pool", lambda: Dice(1).roll("3d6")),  # type: ignore[arg-type]
    ("dice.die.no_such_face", lambda: D6.face_text(9)),
    ("odds.table.empty", lambda: Distribution.from_mapping({})),
    ("odds.endless", lambda: count_per_die(D6, lambda f: 1, explode_on=set(range(1, 7)))),
    ("odds.sweep.no_readings", lambda: sweep("isolation", "alone", {})),
    ("checks.track.counter", lambda: Track("Stress").set(None)),
    ("checks.whole.type", lambda: checks.whole("3", "a count")),
    ("checks.keywords", lambda: checks.keywords({"colour": 1}, "roll()", ["faces"])),
]


@pytest.mark.parametrize("key,call", REFUSALS, ids=[key for key, _ in REFUSALS])
def test_refusals_carry_a_key_and_read_in_danish(key: str, call: Callable[[], object]) -> None:
    error = _refusal(call)
    assert error.key != "core.unkeyed"
    assert error.key == key
    danish = error.render("da")
    assert danish and danish != str(error), f"{error.key} reads English in Danish: {danish}"
    assert "⟦" in error.render("qps")


def test_the_issues_two_refusals_read_in_danish() -> None:
    unread = _refusal(lambda: parse_faces("x", DF))
    assert (
        str(unread)
        == "could not read 'x' as a face of a dF; it shows -1, 0, +1 (also written -, 0, +)"
    )
    assert unread.render("da") == (
        "kunne ikke læse 'x' som en side på en dF; den viser -1, 0, +1 (også skrevet -, 0, +)"
    )
    short = _refusal(lambda: Dice(1).roll(Pool.parse("3dF"), "+"))
    assert isinstance(short, FacesError)
    assert str(short) == "3×dF needs at least 3 faces (one per base die), got 1: [1]"
    assert short.render("da") == "3×dF skal have mindst 3 sider (én pr. grundterning), fik 1: [1]"
    assert short.values["n"] == 3 and short.values["got"] == 1


def test_a_counted_refusal_takes_the_danish_plural() -> None:
    one = _refusal(lambda: Dice(1).roll(Pool.parse("1d6"), ""))
    assert str(one).startswith("1×d6 needs at least 1 face (one per base die)")
    assert one.render("da").startswith("1×d6 skal have mindst 1 side (én pr. grundterning)")
    chain = _refusal(lambda: Dice(1).roll(Pool.parse("1d6!6"), [6, 2, 3]))
    assert chain.key == "dice.faces.too_many"
    assert "(1 base + 1 from explosions)" in str(chain)
    assert "ventede 2 sider (1 grundterning + 1 fra eksplosioner)" in chain.render("da")
    assert "Tip: skriv grundterningerne først" in chain.render("da")


def test_numbers_in_a_refusal_are_written_the_danish_way() -> None:
    long = _refusal(lambda: checks.text("x" * 5000, "a name"))
    assert long.key == "checks.text.too_long"
    assert "is 5,000 characters long" in str(long)
    assert "har 5.000 tegn; højst 300 er tilladt" in long.render("da")
    assert str(long).endswith("'… (5,000 characters).")
    assert long.render("da").endswith("'… (5.000 tegn).")
    half = _refusal(lambda: checks.real(2, "a share", 0, 0.5))
    assert str(half) == "a share must be a number from 0 to 0.5, got 2"
    assert half.render("da") == "a share skal være et tal fra 0 til 0,5, fik 2"
    cap = _refusal(lambda: Pool(D6, 600).check())
    assert isinstance(cap, DiceCapError)
    assert cap.values["count"] == 600 and cap.values["most"] == 500
    assert cap.render("da") == (
        "600×d6 beder om 600 terninger; en pulje kan højst rumme 500. "
        "Tip: del slaget op, eller hæv Limits.max_dice."
    )


def test_a_check_takes_its_argument_as_text_or_as_a_message() -> None:
    plain = _refusal(lambda: checks.whole(None, "a log page's rows", 1, 10))
    assert str(plain) == "a log page's rows must be a whole number, got NoneType None"
    assert plain.render("da") == "a log page's rows skal være et helt tal, fik NoneType None"
    seed = msg("dice.what.seed", "a seed")
    keyed = _refusal(lambda: checks.whole(None, seed, 1, 10))
    assert str(keyed) == "a seed must be a whole number, got NoneType None"
    assert keyed.render("da") == "et frø skal være et helt tal, fik NoneType None"
    assert keyed.values["what"] == seed and keyed.values["type"] == "NoneType"
    tip = msg("dice.die.tip", "write it as d6, d20 or dF")
    told = _refusal(lambda: checks.text("d" * 200, "a die's name", max_length=40, tip=tip))
    assert str(told).endswith("Tip: write it as d6, d20 or dF")
    assert told.render("da").endswith("Tip: skriv den som d6, d20 eller dF")
    for what in (seed, "a seed"):
        with pytest.raises(RuleError, match="a seed must be one of 1, 2; got 3"):
            checks.choice(3, what, [1, 2])


def test_unstorable_text_is_a_message_and_its_english_sentence() -> None:
    bad = "ok\ud800"
    try:
        bad.encode("utf-8")
    except UnicodeEncodeError as exc:
        message = checks.unstorable_message("a note", exc, at=3)
        sentence = checks.unstorable("a note", exc, at=3)
    assert message.key == "checks.unstorable_at"
    assert sentence == render(message)
    assert sentence.startswith("a note holds '\\ud800' (U+D800) at position 3: not valid")
    assert render(message, "da").startswith("a note indeholder '\\ud800' (U+D800) på plads 3:")


def test_pools_and_rolls_say_themselves_as_messages() -> None:
    pool = Pool.parse("5d6!?1", label="Bob green")
    assert pool.describe() == "Bob green: 5×d6 (may explode on 1)"
    assert render(pool.message(), "da") == "Bob green: 5×d6 (kan eksplodere på 1)"
    assert Pool.parse("4dF").describe() == "4×dF"
    roll = Dice(1).roll(Pool.parse("2d6!6"), [6, 2, 3])
    assert roll.describe() == "3×d6 typed in [6→3 2]"
    assert render(roll.message(), "da") == "3×d6 indtastet [6→3 2]"


def test_a_sealed_session_refuses_in_the_readers_language() -> None:
    dice = Dice(1)
    dice.seal(msg("dice.die.tip", "write it as d6, d20 or dF"))
    assert dice.sealed == "write it as d6, d20 or dF"
    refused = _refusal(lambda: dice.roll(Pool.parse("1d6")))
    assert refused.key == "dice.sealed"
    assert refused.render("da") == "skriv den som d6, d20 eller dF"
    plain = Dice(1)
    plain.seal("the seed is revealed")
    assert str(_refusal(lambda: plain.roll(Pool.parse("1d6")))) == "the seed is revealed"


def test_a_value_received_is_cut_short_in_the_readers_language() -> None:
    many = _refusal(lambda: checks.mapping(dict.fromkeys(range(20_000)), "readings", most=10))
    assert str(many) == "readings may hold at most 10 entries; got a dict of 20,000 items"
    assert many.render("da") == "readings må højst have 10 poster; fik en dict med 20.000 elementer"
    huge = _refusal(lambda: checks.whole(2**700, "a level"))
    assert "got a 701-bit whole number" in str(huge)
    assert "fik et helt tal på 701 bit" in huge.render("da")
    assert checks.shown("y" * 300) == repr("y" * 200) + "… (300 characters)"
    assert checks.received(5) == "5"
