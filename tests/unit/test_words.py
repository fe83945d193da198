"""Messages as data and the catalogues they are rendered from (isowidgets.words)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from isowidgets import words
from isowidgets.errors import DiceError, InconsistentEventError, RuleError, folding
from isowidgets.words import (
    PSEUDO,
    Listing,
    Message,
    Number,
    Percent,
    Ref,
    catalogues,
    is_key,
    msg,
    plural,
    render,
)
from isowidgets.words.extract import extract, placeholders, problems, write_templates

DANISH_PO = textwrap.dedent(
    """\
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=utf-8\\n"
    "Language: da\\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

    msgctxt "dice.bonus"
    msgid "{n} bonus die"
    msgid_plural "{n} bonus dice"
    msgstr[0] "{n} bonusterning"
    msgstr[1] "{n} bonusterninger"

    msgctxt "dice.odds"
    msgid "{who} wins {p} of the time"
    msgstr "{who} vinder {p} af gangene"

    msgctxt "dice.stale"
    msgid "an older English text"
    msgstr "en ældre tekst"

    #, fuzzy
    msgctxt "dice.fuzzy"
    msgid "a guess"
    msgstr "et gæt"
    """
)


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A locale folder with a Danish dice catalogue, read in place of the kit's."""
    folder = tmp_path / "locale" / "da" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "dice.po").write_text(DANISH_PO, encoding="utf-8")
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path / "locale")
    catalogues.reload()
    yield tmp_path / "locale"
    catalogues.reload()


def test_a_key_is_a_dotted_lowercase_name():
    assert is_key("dice.pool_too_big") and is_key("fudge_conflict.hurt.round")
    for text in ("dice", "Dice.x", "a sentence. with a dot", "dice.", ".x", None, 3, "d" * 200):
        assert not is_key(text)


def test_english_is_the_template_with_its_values():
    message = msg(
        "dice.cap",
        "{pool} asks for {count} dice; at most {most}",
        pool="Bob red",
        count=600,
        most=500,
    )
    assert render(message) == "Bob red asks for 600 dice; at most 500"
    assert message.arguments == {"pool": "Bob red", "count": 600, "most": 500}
    assert message.domain == "dice"


def test_numbers_percentages_and_lists_are_written_the_readers_way():
    message = msg(
        "dice.odds",
        "{who} wins {p} of the time",
        who=Listing.of(["Ana", "Bo", "Cy"]),
        p=Percent(0.1314),
    )
    assert render(message) == "Ana, Bo, and Cy wins 13.1% of the time"
    assert render(message, "da") == "Ana, Bo og Cy wins 13,1\xa0% of the time"
    grouped = msg("dice.many", "{n} states", n=Number(49905))
    assert render(grouped) == "49,905 states" and render(grouped, "da") == "49.905 states"
    assert render(msg("dice.year", "year {n}", n=2026), "da") == "year 2026"  # ints: plain
    assert render(msg("dice.neg", "{n}", n=-2)) == "−2"
    assert render(msg("dice.half", "{x}", x=Number(0.5, digits=2)), "da") == "0,50"
    either = msg("dice.or", "{x}", x=Listing.of(["d6", "dF"], "or"))
    assert render(either, "da") == "d6 eller dF"
    # The pseudo-language takes English's pattern and wraps the words the pattern brings,
    # so a walk in it can tell a list's "or" from English that bypassed the catalogues.
    assert render(either, "qps") == "⟦d6 ⟦or⟧ dF⟧"
    three = msg("dice.who", "{who}", who=Listing.of(["Ana", "Bo", "Cy"]))
    assert render(three, "qps") == "⟦Ana, Bo, ⟦and⟧ Cy⟧"


def test_a_translation_is_used_and_its_plural_follows_the_language(locale: Path):
    assert render(plural("dice.bonus", "{n} bonus die", "{n} bonus dice", n=1), "da") == (
        "1 bonusterning"
    )
    assert render(plural("dice.bonus", "{n} bonus die", "{n} bonus dice", n=2), "da") == (
        "2 bonusterninger"
    )
    assert render(plural("dice.bonus", "{n} bonus die", "{n} bonus dice", n=2)) == "2 bonus dice"
    odds = msg("dice.odds", "{who} wins {p} of the time", who="Ana", p=Percent(0.5))
    assert render(odds, "da") == "Ana vinder 50,0\xa0% af gangene"


def test_a_translation_of_changed_english_or_a_fuzzy_one_is_not_used(locale: Path):
    assert render(msg("dice.stale", "the new English text"), "da") == "the new English text"
    assert render(msg("dice.fuzzy", "a guess"), "da") == "a guess"


def test_a_language_without_a_catalogue_reads_english(locale: Path):
    assert render(msg("isolation.x", "Stress {n}", n=3), "da") == "Stress 3"
    assert render(msg("isolation.x", "Stress {n}", n=3), "xx") == "Stress 3"


def test_the_pseudo_language_wraps_each_catalogue_text_but_no_value():
    inner = msg("dice.die", "a {sides}-sided die", sides=6)
    outer = msg("dice.roll", "{who} rolls {what}", who="Ana", what=inner)
    assert render(outer, PSEUDO) == "⟦Ana rolls ⟦a 6-sided die⟧⟧"
    assert PSEUDO in words.languages() and words.languages()[0] == "en"


def test_ids_are_written_as_names_when_the_view_knows_them():
    message = msg("isolation.link", "{a} likes {b}", a=Ref("alice"), b=Ref("bo", "Bo?"))
    assert render(message) == "alice likes Bo?"
    assert render(message, names={"alice": "Alice", "bo": "Bo"}) == "Alice likes Bo"


def test_rendering_never_raises_for_what_a_message_holds():
    assert render(msg("dice.x", "{missing} and {given}", given=1)) == "{missing} and 1"
    assert render(msg("dice.x", "{x}", x=object())).startswith("<object")
    loop = Message("dice.x", "{m}", "", ())
    deep = loop
    for _ in range(40):
        deep = Message("dice.x", "({m})", "", (("m", deep),))
    assert render(deep).count("(") <= 22


def test_an_error_carries_its_key_and_values_and_reads_english():
    error = DiceError("dice.cap", "{pool} asks for {count} dice", pool="Bob red", count=600)
    assert str(error) == "Bob red asks for 600 dice"
    assert error.key == "dice.cap" and error.values == {"pool": "Bob red", "count": 600}
    assert isinstance(error, ValueError) and error.render(PSEUDO) == "⟦Bob red asks for 600 dice⟧"
    ready = RuleError(msg("core.x", "as {a}", a=1))
    assert ready.key == "core.x" and str(ready) == "as 1"


def test_a_fold_reports_the_rule_error_inside_as_data():
    with pytest.raises(InconsistentEventError) as caught, folding("link_added"):
        raise RuleError("isolation.no_character", "no character {id}", id="zed")
    assert caught.value.key == "core.inconsistent_event"
    assert str(caught.value) == "link_added: no character zed"
    assert caught.value.values["problem"].key == "isolation.no_character"


def test_the_extractor_finds_every_message_and_refuses_bad_templates(tmp_path: Path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text(
        textwrap.dedent(
            """\
            raise RuleError("dice.one", "one {x}", x=1)
            msg("dice.two", "two")
            plural("dice.three", "{n} die", "{n} dice", n=2)
            toggle("kit.open", "kit.close")
            msg("dice.one", "other text")
            msg("dice.spec", "{n:,} dice", n=3)
            msg("dice.pos", "{} dice")
            msg("nowhere.x", "text")
            """
        ),
        encoding="utf-8",
    )
    found, wrong = extract(package)
    assert set(found) == {
        "dice.one",
        "dice.two",
        "dice.three",
        "dice.spec",
        "dice.pos",
        "nowhere.x",
    }
    assert found["dice.three"].plural == "{n} dice"
    text = "\n".join(wrong)
    assert "'dice.one' is written 'other text'" in text
    assert "carries a format" in text and "positional" in text and "no catalogue" in text
    assert placeholders("{a} and {b}") == {"a", "b"}


def test_templates_are_written_from_the_code_and_checked_against_each_language(tmp_path: Path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text(
        'msg("dice.odds", "{who} wins {p} of the time")\n'
        'plural("dice.bonus", "{n} bonus die", "{n} bonus dice", n=1)\n'
        'msg("dice.new", "a new text")\n',
        encoding="utf-8",
    )
    locale = tmp_path / "locale"
    (locale / "da" / "LC_MESSAGES").mkdir(parents=True)
    (locale / "da" / "LC_MESSAGES" / "dice.po").write_text(
        DANISH_PO.replace('msgstr "{who} vinder {p} af gangene"', 'msgstr "{who} vinder"'),
        encoding="utf-8",
    )
    assert [p.name for p in write_templates(package, locale)] == ["dice.pot"]
    assert write_templates(package, locale) == []  # unchanged: not written again
    found = problems(package, locale)
    assert "da/dice.po: no translation of 'dice.new'" in found
    assert "da/dice.po: 'dice.stale' is not in the code any more" in found
    assert any("'dice.odds' fills ['who'], the English ['p', 'who']" in p for p in found)


def test_the_kits_catalogues_are_complete_and_in_step_with_the_code():
    assert problems() == []


def test_the_extractor_parses_again_after_cpythons_shared_depth_race(monkeypatch):
    """CPython 3.11.7's tree builder can fail a parse racing another thread's (issue
    106905): the extractor parses again; any other SystemError is raised."""
    import ast

    from isowidgets.words import extract as extracting

    real = ast.parse
    failures = iter([SystemError("AST constructor recursion depth mismatch (before=1, after=2)")])

    def racing(source, filename="<unknown>"):
        failure = next(failures, None)
        if failure is not None:
            raise failure
        return real(source, filename=filename)

    monkeypatch.setattr(extracting.ast, "parse", racing)
    assert isinstance(extracting._parse("x = 1\n", "x.py"), ast.Module)
    monkeypatch.setattr(
        extracting.ast, "parse", lambda *_a, **_k: (_ for _ in ()).throw(SystemError("other"))
    )
    with pytest.raises(SystemError, match="other"):
        extracting._parse("x = 1\n", "x.py")
