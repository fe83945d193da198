"""What still reached a Danish table in English (issue 25, after items 1–5): the Danish
system's steps and odds questions, house rules' allowed values, pydantic's, the operating
system's and TOML's words inside refusals, the journal's problems and a tampered line's
summary, the odds box and the damage track, an unknown export format, the "type the faces
first" hint after a switch, and the verdict of ``python -m isowidgets verify``.

Each is rendered in the pseudo-language (every word must sit inside ``⟦…⟧``, but the
table's names, numbers and the values a person typed) and in Danish (no literal part of
the English template of any message inside may show)."""

from __future__ import annotations

import ast
import errno
import html
import json
import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fudge_duel import duel

import isowidgets
from isowidgets import errors
from isowidgets.__main__ import default_language, main
from isowidgets.errors import IsowidgetsError, JournalError, SettingsError
from isowidgets.journal import Journal
from isowidgets.reasons import os_reason, pydantic_reason, toml_reason
from isowidgets.rules.fudge_conflict import FudgeGame, FudgeSettings
from isowidgets.settings import allowed_message
from isowidgets.widgets.fudge_conflict import FudgeTable
from isowidgets.widgets.fudge_conflict.views import damage_track
from isowidgets.words import PSEUDO, Clip, Listing, Message, is_key, render
from isowidgets.words.catalogues import template_for

PACKAGE = Path(isowidgets.__file__).resolve().parent
PLACEHOLDER = re.compile(r"\{[a-z_0-9]+\}")
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
LETTER = re.compile(r"[^\W\d_]")


# --------------------------------------------------------------------------- helpers


def _inner(value: Any) -> Iterator[Message]:
    if isinstance(value, Message):
        yield from messages_in(value)
    elif isinstance(value, Clip):
        yield from _inner(value.value)
    elif isinstance(value, Listing):
        for item in value.items:
            yield from _inner(item)


def messages_in(message: Message) -> Iterator[Message]:
    """``message`` and every message nested in its values."""
    yield message
    for _name, value in message.values:
        yield from _inner(value)


@cache
def translated(language: str) -> frozenset[str]:
    """The keys ``language``'s PO files translate (an entry with its text)."""
    from babel.messages.pofile import read_po

    keys = set()
    for po in (PACKAGE / "locale" / language / "LC_MESSAGES").glob("*.po"):
        with po.open("rb") as handle:
            for entry in read_po(handle):
                strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                if entry.context and all(strings):
                    keys.add(entry.context)
    return frozenset(keys)


def english_left(message: Message, language: str = "da") -> list[str]:
    """The literal parts of the English templates of ``message`` (and of every message in
    it) that still show when it is said in ``language``: a message its catalogue does
    not translate, or a part (with a word of three letters or more) of the English that
    the translation does not hold itself."""
    said = QUOTED.sub(" ", render(message, language))  # a value as received is no English
    found = []
    for inner in messages_in(message):
        english = template_for(inner, "en")
        own = template_for(inner, language) if inner.key in translated(language) else ""
        for part in PLACEHOLDER.split(english):
            part = part.strip(" :;,.()·—…\n")
            if re.search(r"[A-Za-z]{3,}", part) and part in said and part not in own:
                found.append(part)
    return found


def outside(text: str, names: tuple[str, ...] = ()) -> str:
    """What of ``text`` has letters outside ``⟦…⟧`` once names and quoted values (what
    a person typed, shown as received) are taken out ("" when nothing does)."""
    before = None
    while before != text:
        before, text = text, WRAPPED.sub(" ", text)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = QUOTED.sub(" ", text)
    return text.strip() if LETTER.search(text) else ""


def plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def refused(call: Any) -> IsowidgetsError:
    with pytest.raises(IsowidgetsError) as caught:
        call()
    return caught.value


def check_said(message: Message, names: tuple[str, ...] = ()) -> None:
    """``message`` reads wrapped in the pseudo-language and with no English in Danish."""
    assert outside(render(message, PSEUDO), names) == "", render(message, PSEUDO)
    assert english_left(message) == [], (english_left(message), render(message, "da"))
    keys = {inner.key for inner in messages_in(message)}
    assert "core.unkeyed" not in keys


# --------------------------------------------------------------------------- the check


def test_the_checks_find_english_and_unwrapped_words():
    from isowidgets.words import msg

    untranslated = msg("fudge_conflict.not_in_any_catalogue", "Roll the dice, {name}", name="Ana")
    assert english_left(untranslated) == ["Roll the dice"]
    assert outside("⟦Roll ⟦the⟧ dice⟧ Ana 12 'typed'", ("Ana",)) == ""
    assert outside("⟦Roll⟧ dice", ()) == "dice"


# --------------------------------------------------------------------------- 1. steps


def _fudge_steps() -> list[tuple[Any, tuple[str, ...]]]:
    """Every kind of step the Danish system offers, with the names in play."""
    game = FudgeGame.new(seed=3)
    ana = game.add_character("Ana", skills={"brawl": 2}, categories={"brawl": "kraft"})
    bo = game.add_character("Bo", role="npc", skills={"brawl": 1}, categories={"brawl": "kraft"})
    names = ("Ana", "Bo")
    seen = list(game.next_steps())
    game.open_conflict("passive", ana, "brawl", difficulty=1)
    seen += game.next_steps()
    game.cancel_conflict()
    game.open_conflict("active", ana, "brawl", opponent=bo, opponent_skill="brawl")
    seen += game.next_steps()
    game.roll_conflict(faces="0 0 0", opponent_faces="0 0 0")
    seen += game.next_steps()  # Ana may let it hurt
    game.let_it_hurt(ana)
    seen += game.next_steps()  # state intentions, join, give up
    for who in (ana, bo):
        game.state_intention(who, "win")
    seen += game.next_steps()  # declare, change the intention
    game.declare(ana, "crossing", bo, "brawl", ability="kraft")
    game.declare(bo, "crossing", ana, "brawl", ability="kraft")
    seen += game.next_steps()  # revise, roll the round
    return [(step, names) for step in seen]


def test_every_step_of_the_danish_system_is_a_message_said_in_each_language():
    steps = _fudge_steps()
    actions = {step.action for step, _ in steps}
    assert {"add_character", "open_conflict", "assist", "roll_conflict", "cancel_conflict"} <= (
        actions
    )
    assert {"let_it_hurt", "state_intention", "declare", "join_hurt", "roll_round", "give_up"} <= (
        actions
    )
    for step, names in steps:
        assert step.message is not None, step
        assert step.label == render(step.message)  # the English label, as before
        check_said(step.message, names)
        assert step.said("da") != step.label or step.label.endswith("Intuition")
    danish = {step.said("da") for step, _ in steps}
    assert "Ana kan lade det gøre ondt" in danish and "Runde 1: alle slår" in danish
    assert "Slå: Ana mod sværhedsgrad 1" in danish and "Slå: Ana mod Bo" in danish


def test_a_step_says_the_name_the_view_knows():
    step = next(s for s, _ in _fudge_steps() if s.action == "let_it_hurt")
    who = step.actor
    assert step.said("da", names={who: "Ana Bell"}) == "Ana Bell kan lade det gøre ondt"


def test_a_system_that_speaks_english_only_keeps_its_labels():
    from isowidgets.contract import Step

    step = Step("roll", "bob", "dice", "Bob rolls")
    assert step.message is None and step.said("da") == "Bob rolls"


# --------------------------------------------------------------------------- 1. odds


def test_the_danish_systems_odds_questions_are_said_in_each_language():
    questions = FudgeGame.odds_questions
    assert set(questions) >= {"result", "beat", "shootout"}
    for asked in questions.values():
        assert isinstance(asked.label, Message) and isinstance(asked.size, Message)
        for part in (asked.label, asked.size):
            check_said(part, ("Mr. Burke", "Burke"))
    title, size = questions["beat"].said("da")
    assert title.startswith("Færdighed 0 mod sværhedsgrad 0") and size == "bonusterninger netto"
    assert questions["beat"].said()[1] == "net bonus dice"


def test_asking_an_odds_question_out_of_range_names_its_size_in_danish():
    error = refused(lambda: FudgeGame.ask_odds("shootout", 99))
    assert "Niveauet, hvor Burke giver op" in error.render("da")
    assert "Burke's yield level" in str(error)
    check_said(error.message, ("Burke",))


# --------------------------------------------------------------------------- 2. allowed


def test_allowed_values_are_said_in_words_not_in_pythons_notation():
    specs = {spec.name: spec for spec in FudgeSettings.specs()}
    said = {name: render(spec.allowed_words, "da") for name, spec in specs.items()}
    english = {name: render(spec.allowed_words) for name, spec in specs.items()}
    assert english["maimed_act_cost"] == "a whole number from 0 to 10"
    assert said["maimed_act_cost"] == "et heltal fra 0 til 10"
    assert said["parallel_default_difficulty"] == "et heltal fra −10 til 20"
    assert said["pool_initial"] == "et heltal på mindst 0"
    assert said["max_bonus_dice"] == "et heltal fra 0 til 100 eller ingen"
    assert said["ability_score_range"] == "en liste af heltal eller ingen"
    assert said["lih_against_pcs"] == "sand eller falsk"
    assert said["skill_category_map"] == "en tabel af tekst → én af: Kraft, Fornuft eller Intuition"
    assert english["skill_category_map"] == "a table of text → one of: Might, Reason, or Intuition"
    assert said["multi_party"] == "kun parvis"
    for spec in specs.values():
        assert spec.allowed_words is not None
        check_said(spec.allowed_words)
        assert not re.search(r"\b(str|int|None)\b|\|", said[spec.name]), said[spec.name]


def test_allowed_values_of_every_system_have_words():
    from isowidgets.systems import game_for, names

    for system in names():
        for spec in game_for(system).settings_type.specs():
            assert spec.allowed_words is not None
            english = render(spec.allowed_words)
            assert "|" not in english and not re.search(r"\b(str|int)\b", english), english
            assert outside(render(spec.allowed_words, PSEUDO)) == "", (system, spec.name)
    optional = allowed_message(int | None)
    assert render(optional) == "a whole number or none"


def test_the_danish_house_rules_show_no_type_notation():
    from isowidgets.widgets.settings_editor import SettingsEditor

    game, _, _ = duel()
    table = FudgeTable(game, language="da")
    try:
        editor = SettingsEditor(game, say=table.labels)
        rows = {name: plain(row.state.value) for name, row in editor.rows.items()}
        assert (
            "en tabel af tekst → én af: Kraft, Fornuft eller Intuition"
            in rows["skill_category_map"]
        )
        assert "nu: tom" in rows["skill_category_map"]
        assert "tilladt: spilpersonen eller bordet" in rows["pool_scope"], rows["pool_scope"]
        for name, text in rows.items():
            assert not re.search(r"\b(str|int|None)\b|\{\}", text), (name, text)
        editor.close()
    finally:
        table.close()


def test_a_refused_setting_says_what_is_allowed_in_danish():
    game, _, _ = duel()
    error = refused(lambda: game.change_settings(maimed_act_cost=11))
    assert isinstance(error, SettingsError)
    assert "allowed: a whole number from 0 to 10" in str(error)
    assert "et heltal fra 0 til 10" in error.render("da")
    check_said(error.message, ("maimed_act_cost",))
    error = refused(lambda: game.change_settings(skill_category_map={"brawl": "styrke"}))
    said = error.render("da")
    assert "Kraft, Fornuft eller Intuition" in said
    check_said(error.message)


# --------------------------------------------------------------------------- 3. pydantic


HOSTILE: tuple[Any, ...] = (None, "x", 1.5, [], {}, [1, "a"], {"a": 1}, 10**3, -5, True, (1,))


def test_no_refusal_of_a_setting_carries_pydantics_english():
    """Every setting refuses every hostile value with the kit's keys only."""
    seen: set[str] = set()
    for spec in FudgeSettings.specs():
        for value in HOSTILE:
            try:
                FudgeSettings().updated(**{spec.name: value})
            except SettingsError as error:
                keys = {inner.key for inner in messages_in(error.message)}
                assert "core.why.other" not in keys and "core.unkeyed" not in keys, (
                    spec.name,
                    value,
                    str(error),
                )
                seen |= keys
                assert english_left(error.message) == [], (spec.name, value, error.render("da"))
    assert {"settings.why.int", "settings.why.bool", "settings.why.choice"} <= seen
    assert {"core.why.table", "core.why.list"} <= seen


@pytest.mark.parametrize(
    ("kind", "ctx", "key"),
    [
        ("int_type", {}, "settings.why.int"),
        ("bool_type", {}, "settings.why.bool"),
        ("string_type", {}, "settings.why.str"),
        ("float_type", {}, "core.why.number"),
        ("dict_type", {}, "core.why.table"),
        ("list_type", {}, "core.why.list"),
        ("tuple_type", {}, "core.why.list"),
        ("none_required", {}, "core.why.none"),
        ("missing", {}, "core.why.missing"),
        ("extra_forbidden", {}, "core.why.extra"),
        ("model_type", {"class_name": "X"}, "core.why.object"),
        ("greater_than_equal", {"ge": 0}, "settings.why.ge"),
        ("less_than_equal", {"le": 6}, "settings.why.le"),
        ("greater_than", {"gt": 0}, "core.why.gt"),
        ("less_than", {"lt": 9}, "core.why.lt"),
        ("too_short", {"min_length": 2, "actual_length": 1}, "core.why.too_short"),
        ("too_long", {"max_length": 2, "actual_length": 3}, "core.why.too_long"),
        ("string_too_long", {"max_length": 40}, "core.why.text_too_long"),
        ("string_too_short", {"min_length": 1}, "core.why.text_too_short"),
        ("string_pattern_mismatch", {"pattern": "^[0-9a-f]{64}$"}, "core.why.pattern"),
        ("literal_error", {"expected": "'a' or 'b'"}, "core.why.choice"),
    ],
)
def test_each_pydantic_check_the_kit_meets_has_a_key(kind: str, ctx: dict[str, Any], key: str):
    said = pydantic_reason({"type": kind, "ctx": ctx, "msg": "Pydantic's own English"})
    assert said.key == key
    assert "Pydantic" not in render(said, "da")
    check_said(said, ("^[0-9a-f]{64}$",))


def test_an_unknown_pydantic_check_keeps_its_text_as_a_detail():
    said = pydantic_reason({"type": "url_scheme", "msg": "URL scheme should be 'http'"})
    assert said.key == "core.why.other" and render(said) == "uRL scheme should be 'http'"


def test_a_refused_event_value_and_a_bad_journal_line_say_pydantic_in_the_kits_words():
    from isowidgets.journal.codec import read_entries

    line = {
        "v": 1,
        "seq": 1,
        "action": 1,
        "end": True,
        "at": "2026-01-01T00:00:00+00:00",
        "system": "core",
        "kind": "note",
        "data": {"text": 5},
    }
    with pytest.raises(ValueError) as caught:
        read_entries([json.dumps(line)])
    said: Message = caught.value.message  # type: ignore[attr-defined]
    keys = {inner.key for inner in messages_in(said)}
    assert "settings.why.str" in keys and "core.why.other" not in keys
    check_said(said)


# --------------------------------------------------------------------------- 4. OS, TOML


@pytest.mark.parametrize(
    ("code", "key"),
    [
        (errno.ENOENT, "core.os.not_found"),
        (errno.EACCES, "core.os.permission"),
        (errno.EPERM, "core.os.not_permitted"),
        (errno.EISDIR, "core.os.is_folder"),
        (errno.ENOTDIR, "core.os.not_folder"),
        (errno.ENOSPC, "core.os.disk_full"),
        (errno.ENAMETOOLONG, "core.os.name_too_long"),
        (errno.EROFS, "core.os.read_only"),
        (errno.EEXIST, "core.os.exists"),
        (errno.EMFILE, "core.os.too_many_open"),
        (errno.EIO, "core.os.io"),
    ],
)
def test_the_common_os_errors_have_keys_and_read_as_python_would(code: int, key: str):
    import os

    said = os_reason(OSError(code, os.strerror(code), "/some/where"))
    assert said.key == key
    assert render(said) == os.strerror(code)  # the English a plain caller always read
    check_said(said)


def test_an_unmapped_os_error_keeps_its_text_as_a_detail():
    said = os_reason(OSError(errno.ETIMEDOUT, "Connection timed out"))
    assert said.key == "core.os.other" and render(said, "da") == "Connection timed out"


def test_settings_files_refused_by_the_system_say_why_in_danish(tmp_path: Path):
    game, _, _ = duel()
    folder = tmp_path / "rules"
    folder.mkdir()
    a_file = tmp_path / "file.toml"
    a_file.write_text("x", encoding="utf-8")
    cases = [
        (lambda: game.load_settings(tmp_path / "missing.toml"), "core.os.not_found"),
        (lambda: game.save_settings(folder), "core.os.is_folder"),
        (lambda: game.save_settings(a_file / "inner.toml"), None),
        (lambda: game.save_settings(tmp_path / ("x" * 300)), "core.os.name_too_long"),
    ]
    for call, key in cases:
        error = refused(call)
        keys = {inner.key for inner in messages_in(error.message)}
        assert key is None or key in keys, (key, keys)
        assert "core.os.other" not in keys, str(error)
        check_said(error.message, (str(tmp_path),))


def test_toml_syntax_errors_say_what_and_where_in_danish():
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads("a = 1\nb = [1, 2")
    said = toml_reason(caught.value)
    assert said.key in ("core.toml.at", "core.toml.at_end")
    check_said(said)
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads("a = 1\nb = = 2\n")
    said = toml_reason(caught.value)
    assert said.key == "core.toml.at" and said.arguments["line"] == 2
    assert "linje 2, kolonne" in render(said, "da")
    error = refused(lambda: FudgeSettings.from_toml("maimed_act_cost = \n", source="rules.toml"))
    assert "rules.toml is not valid TOML: a value that is not valid TOML (line 1" in str(error)
    assert "(linje 1, kolonne" in error.render("da")
    check_said(error.message, ("rules.toml",))
    error = refused(lambda: FudgeSettings.value_from_text("maimed_act_cost", "[1,"))
    check_said(error.message, ("maimed_act_cost",))


def test_every_toml_problem_tomllib_raises_has_a_key():
    """Each of tomllib's own problems (read off its source) maps to a key, so only a
    problem a later Python adds falls back to its text."""
    import tomllib._parser as parser  # the messages' only home

    from isowidgets.reasons import _TOML_KEYS

    source = Path(parser.__file__).read_text(encoding="utf-8")
    problems = set(re.findall(r'suffixed_err\(\s*src,\s*\w+,\s*f?"([^"{]+)', source))
    problems |= set(re.findall(r'raise suffixed_err\([^"]*"([^"{]+)"', source))
    problems = {
        p.strip().encode("ascii", "backslashreplace").decode("unicode_escape")
        for p in problems
        if len(p.strip()) > 5
    }
    missing = [p for p in problems if not any(p.startswith(start) for start in _TOML_KEYS)]
    missing = [p for p in missing if p != "Expected"]  # "Expected {expect!r}": its own key
    assert len(problems) > 10 and missing == [], missing
    assert (
        toml_reason(tomllib.TOMLDecodeError("Expected '=' (at line 3, column 1)"))
        .arguments["problem"]
        .key
        == "core.toml.expected"
    )


# --------------------------------------------------------------------------- 5. journal


def test_a_journals_problems_are_messages_said_in_danish(tmp_path: Path):
    path = tmp_path / "night.jsonl"
    game = FudgeGame.open(path, seed=1)
    game.journal.close()
    with path.open("ab") as handle:
        handle.write(b'{"v":2,"seq":2,"act')  # a line torn by a crash
    read = Journal.read(path)
    assert read.problems and all(isinstance(p, Message) for p in read.problems)
    assert read.problems[0].key == "journal.problem.torn"
    assert render(read.problems[0]).startswith("the last line was torn")
    for problem in read.problems:
        check_said(problem, ("night.jsonl.torn",))
    assert game


def test_a_tampered_lines_summary_is_said_in_the_readers_language(tmp_path: Path):
    path = tmp_path / "night.jsonl"
    game = FudgeGame.open(path, seed=1)
    game.add_character("Ana Bell", skills={"brawl": 2}, categories={"brawl": "kraft"})
    game.note("x" * 300)
    game.journal.close()
    lines = path.read_bytes().splitlines(keepends=True)
    lines[-1] = lines[-1].replace(b'"seq":3', b'"seq":4')
    path.write_bytes(b"".join(lines))
    error = refused(lambda: Journal.read(path))
    assert isinstance(error, errors.JournalTamperedError)
    summary = error.values["summary"]
    assert isinstance(summary, Clip) and isinstance(summary.value, Message)
    assert len(error.summary) <= 80 and error.summary.endswith("…")
    said = error.render(PSEUDO)
    assert outside(said, (str(path), "x" * 300)) == "", said
    check_said(error.message, (str(path),))


# --------------------------------------------------------------------------- 6. odds box, track


def test_the_odds_box_and_the_damage_track_speak_only_catalogue_words():
    game, ana, bo = duel(faces=("0 0 0", "+ 0 0"))
    game.check(  # a wound on the track
        "active", ana, "brawl", opponent=bo, opponent_skill="brawl",
        faces="+ + +", opponent_faces="- - -",
    )  # fmt: skip
    table = FudgeTable(game, language=PSEUDO)
    try:
        view = table.round_panel.hurt_odds
        view.toggle.click()
        texts = [plain(view.result.value), view.toggle.text, view.toggle.hint or ""]
        for dropdown in view.yields:
            texts += [dropdown.description, *(label for label, _ in dropdown.options)]
        for text in texts:
            assert outside(text, ("Ana", "Bo")) == "", text
        track = damage_track(table.labels, {2: "kraft"}, css_class="iw-probe")
        assert outside(plain(track.value), ("Ana", "Bo")) == "", plain(track.value)
        table.set_language("da")
        view.refresh(game.state)
        danish = plain(view.result.value)
        assert "vinder" in danish and "wins" not in danish and "expects" not in danish
    finally:
        table.close()


# --------------------------------------------------------------------------- 7. export


def test_an_unknown_export_format_is_a_keyed_refusal(tmp_path: Path):
    game, _, _ = duel()
    table = FudgeTable(game, export_dir=tmp_path, language="da")
    try:
        error = refused(lambda: table.toolbar.export("docx"))
        assert isinstance(error, JournalError) and error.key == "journal.unknown_export_format"
        assert str(error).startswith("cannot export as 'docx': the formats are md, csv")
        assert error.render("da").startswith("kan ikke eksportere som 'docx'")
        check_said(error.message)
    finally:
        table.close()


# --------------------------------------------------------------------------- 8. the hint


def test_the_type_the_faces_first_hint_follows_a_live_switch():
    game = FudgeGame.new(seed=2)
    game.add_character("Ana", skills={"brawl": 2}, categories={"brawl": "kraft"})
    table = FudgeTable(game)
    try:
        entry = table.conflict_panel.entry
        entry.enter()  # Enter on an empty box
        english = plain(entry.error.value)
        assert "type the faces rolled first" in english
        table.set_language("da")
        danish = plain(entry.error.value)
        assert "type the faces" not in danish and danish != english
        table.set_language(PSEUDO)
        assert outside(plain(entry.error.value)) == ""
    finally:
        table.close()


def test_a_kit_dice_entry_says_its_own_hint_as_a_message():
    from isowidgets.widgets.dice_entry import DiceEntry

    entry = DiceEntry(lambda faces: faces)
    assert isinstance(entry.empty_hint, Message)
    entry.enter()
    assert "type the faces rolled at the table first" in entry.error.value
    entry.close()


# --------------------------------------------------------------------------- 10. verify


def _session(tmp_path: Path) -> Path:
    path = tmp_path / "night.jsonl"
    game = FudgeGame.open(path, seed=5)
    ana = game.add_character("Ana", skills={"brawl": 2}, categories={"brawl": "kraft"})
    game.check("passive", ana, "brawl", difficulty=1)
    game.check("passive", ana, "brawl", difficulty=1, faces="+ 0 -")
    game.reveal()
    game.journal.close()
    return path


def test_verify_says_its_verdict_in_danish(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = _session(tmp_path)
    assert main(["verify", str(path), "--language", "da"]) == 0
    out = capsys.readouterr().out
    assert "VERIFICERET: 1 tilfældigt slag" in out and "VERIFIED" not in out
    assert "1 indtastet slag med fysiske terninger: uden for beviset" in out
    assert "kæde: alle" in out and "forpligtelse " in out
    assert main(["verify", str(path), "--language", "qps"]) == 0
    for line in capsys.readouterr().out.splitlines():
        assert outside(line, ("Ana",)) == "" or re.fullmatch(r"\s*⟦.*", line), line
    assert main(["verify", str(path), "--language", "en"]) == 0
    assert "VERIFIED: 1 random roll(s)" in capsys.readouterr().out


def test_verify_says_a_mismatch_and_a_refusal_in_danish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    path = _session(tmp_path)
    text = path.read_text(encoding="utf-8").replace('"seq":4', '"seq":5', 1)
    path.write_text(text, encoding="utf-8")
    assert main(["verify", str(path), "--language", "da"]) == 1
    out = capsys.readouterr().out
    assert "AFVIGELSE på linje" in out and "MISMATCH" not in out
    assert main(["verify", str(tmp_path / "none.jsonl"), "--language", "da"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kan ikke verificere: ") and "cannot" not in err


def test_verify_takes_its_language_from_the_locale():
    assert default_language({"LANG": "da_DK.UTF-8"}) == "da"
    assert default_language({"LANGUAGE": "da:en", "LANG": "en_US.UTF-8"}) == "da"
    assert default_language({"LC_ALL": "C", "LANG": "da_DK.UTF-8"}) == "en"
    assert default_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert default_language({}) == "en"


# --------------------------------------------------------------------------- raises


CONVERTED = [
    PACKAGE / name
    for name in (
        "settings.py",
        "settings_file.py",
        "reasons.py",
        "verify.py",
        "__main__.py",
        "house_rules.py",
        "commitment.py",
        "opening.py",
        "seeds.py",
        "game.py",
        "contract.py",
        "journal/store.py",
        "journal/reading.py",
        "journal/codec.py",
        "journal/kinds.py",
        "journal/payloads.py",
        "journal/strict.py",
        "journal/files_backing.py",
        "journal/export.py",
        "journal/files.py",
        "widgets/toolbar.py",
        "widgets/dice_entry.py",
        "widgets/settings_editor.py",
        "widgets/odds_lab.py",
        "rules/fudge_conflict/odds.py",
        "rules/fudge_conflict/hurt_odds.py",
        "rules/fudge_conflict/conflict.py",
        "rules/fudge_conflict/hurt.py",
        "rules/fudge_conflict/settings.py",
    )
]

KIT_ERRORS = {
    name
    for name in errors.__all__
    if isinstance(getattr(errors, name), type) and issubclass(getattr(errors, name), Exception)
} | {"LineError", "LineProblem", "NotARegularFileError"}


def _unkeyed(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
            continue
        call = node.exc
        func = call.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name not in KIT_ERRORS or name == "CoreEventError" or not call.args:
            continue
        first = call.args[0]
        where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
        if isinstance(first, ast.JoinedStr | ast.BinOp):
            found.append(f"{where}: a sentence built at run time")
        elif isinstance(first, ast.Constant) and not is_key(first.value):
            found.append(f"{where}: {first.value!r} is not a key")
        elif isinstance(first, ast.Call) and getattr(first.func, "id", "") == "str":
            found.append(f"{where}: str(...) of something")
    return found


def test_no_raise_in_the_converted_files_passes_a_sentence_without_a_key():
    found = [problem for path in CONVERTED for problem in _unkeyed(path)]
    assert found == []


def test_the_raise_check_finds_a_sentence(tmp_path: Path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        'def f(x):\n    raise JournalError(f"cannot export as {x}")\n'
        'def g():\n    raise SettingsError("no such setting")\n'
        'def h(x):\n    raise RuleError("core.fine", "fine {x}", x=x)\n',
        encoding="utf-8",
    )
    global PACKAGE
    saved, PACKAGE = PACKAGE, tmp_path
    try:
        assert len(_unkeyed(probe)) == 2
    finally:
        PACKAGE = saved
