"""The session core speaks in messages: every refusal of the core and the journal is raised
with a key, its English template and its values; every core event says what happened as a
message; and a Danish table reads both, and its exported log, in Danish (issue 25, item 1)."""

from __future__ import annotations

import ast
import csv
import html
import json
from pathlib import Path

import pytest

import isowidgets
from isowidgets import errors
from isowidgets.errors import IsowidgetsError, JournalError, RuleError
from isowidgets.journal import (
    Disclosed,
    Journal,
    Note,
    Prepared,
    Retcon,
    Rolled,
    SeedRevealed,
    SessionStarted,
    SettingsChanged,
    TableSeed,
)
from isowidgets.journal.codec import LineError
from isowidgets.journal.events import Event, core_event_types
from isowidgets.tray import DiceTray
from isowidgets.words import is_key, render

PACKAGE = Path(isowidgets.__file__).resolve().parent

CORE_FILES = sorted(
    [
        *(PACKAGE / "journal").glob("*.py"),
        *(
            PACKAGE / name
            for name in (
                "game.py",
                "opening.py",
                "seeds.py",
                "commitment.py",
                "visibility.py",
                "projection.py",
                "reel.py",
                "reel_beats.py",
                "contract.py",
                "systems.py",
                "follow.py",
                "polling.py",
                "house_rules.py",
                "regular_file.py",
                "binding.py",
                "checkpoints.py",
                "verify.py",
                "verify_numbered.py",
                "errors.py",
            )
        ),
    ]
)
"""The session core's modules (the domains ``core``, ``journal`` and ``verify``)."""

KIT_ERRORS = {
    name
    for name in errors.__all__
    if isinstance(getattr(errors, name), type) and issubclass(getattr(errors, name), Exception)
} | {"LineError", "NotARegularFileError"}
"""The kit's errors by name (and the journal's line error, which carries a message too)."""

STRUCTURED = {"CoreEventError", "NotARegularFileError"}
"""Errors whose own ``__init__`` takes data and writes the key itself."""


def _sentences(path: Path) -> list[str]:
    """Where ``path`` makes a kit error from a sentence instead of a key and a template."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name not in KIT_ERRORS or name in STRUCTURED or not node.args:
            continue
        first = node.args[0]
        where = f"{path.name}:{node.lineno} {name}"
        if isinstance(first, ast.JoinedStr | ast.BinOp):
            found.append(f"{where}: a sentence built at run time")
        elif isinstance(first, ast.Constant):
            template = node.args[1] if len(node.args) > 1 else None
            if not is_key(first.value):
                found.append(f"{where}: {first.value!r} is not a key")
            elif not (isinstance(template, ast.Constant) and isinstance(template.value, str)):
                found.append(f"{where}: the key {first.value} has no literal English template")
    return found


def test_every_error_of_the_core_is_raised_with_a_key_and_a_template():
    assert len(CORE_FILES) > 20
    found = [problem for path in CORE_FILES for problem in _sentences(path)]
    assert found == []


def test_the_check_finds_a_sentence_raised_without_a_key(tmp_path: Path):
    bad = tmp_path / "probe.py"
    bad.write_text(
        'def f(x):\n    raise JournalError(f"cannot read {x}")\n'
        'def g():\n    raise RuleError("there is nothing to undo")\n'
        'def h(x):\n    raise RuleError("core.fine", "fine {x}", x=x)\n'
        'def i(x):\n    return JournalError("journal.fine", x)\n',
        encoding="utf-8",
    )
    found = _sentences(bad)
    assert len(found) == 3, found
    assert "run time" in found[0] and "is not a key" in found[1] and "template" in found[2]


def test_refusals_carry_their_key_and_values_and_read_as_before(tmp_path: Path):
    tray = DiceTray.new(tmp_path / "s.jsonl", seed=3)
    with pytest.raises(RuleError, match="there is nothing to undo in this session") as undo:
        tray.undo()
    assert undo.value.key == "core.nothing_to_undo"
    with pytest.raises(RuleError) as disclose:
        tray.disclose(1)
    assert disclose.value.key == "core.not_gm_only"
    assert disclose.value.values["action"] == 1
    assert str(disclose.value).startswith("action #1 (Dice tray session started (dice committed: ")
    with pytest.raises(JournalError) as view:
        Journal.view([1, 2])
    assert view.value.key == "journal.view_entries"
    assert str(view.value) == "a journal view holds journal entries, got [1, 2]"
    with pytest.raises(JournalError) as export:
        tray.export(tmp_path / "log.xlsx")
    assert export.value.key == "journal.export_format"
    assert export.value.values["name"] == "'log.xlsx'"


def test_a_journal_too_long_for_one_line_is_refused_with_its_numbers_the_readers_way():
    journal = Journal.memory()
    journal.append(SessionStarted(game="tray", seed=1, settings={}, kit_version="test"))
    with pytest.raises(JournalError) as refused:
        journal.append(Note(text="x" * (1 << 20)))
    assert refused.value.key == "journal.line_too_big"
    assert "1,048,576 bytes" in str(refused.value)
    assert "1.048.576 byte" in refused.value.render("da")
    assert len(journal) == 1


def test_a_line_error_carries_its_message():
    error = LineError("journal.unstorable", "{problem}", problem="half a character")
    assert error.message.key == "journal.unstorable" and str(error) == "half a character"


def test_every_core_event_says_itself_as_a_message_not_in_english():
    kinds = core_event_types()
    assert {cls.kind for cls in kinds} >= {
        "session_started",
        "seed_revealed",
        "table_seed",
        "settings_changed",
        "retcon",
        "note",
        "prepared",
        "disclosed",
        "rolled",
    }
    for cls in kinds:
        assert "message" in cls.__dict__, f"{cls.__name__} says nothing as a message"
        assert "describe" not in cls.__dict__, f"{cls.__name__} still writes English itself"
        assert cls.describe is Event.describe


def _roll(tmp_path: Path, name: str = "r") -> Rolled:
    tray = DiceTray.new(tmp_path / f"{name}.jsonl", seed=4)
    tray.roll("2d6", faces="3 5", purpose="the lock")
    event = tray.journal.entries[-1].event
    assert isinstance(event, Rolled)
    return event


def test_core_events_read_in_english_as_they_always_did(tmp_path: Path):
    said = {
        "started": SessionStarted(
            game="tray",
            seed=None,
            commitment="ab" * 32,
            settings={},
            kit_version="t",
            title="Night",
        ),
        "revealed": SeedRevealed(seed=12, salt="0" * 64, public_rolls=3),
        "drawn": SeedRevealed(seed="moon", salt="0" * 64, draws=1),
        "table": TableSeed(seed="the cat"),
        "settings": SettingsChanged(changes={"let_it_hurt": (True, False), "odds": (0.5, 0.25)}),
        "undo": Retcon(action=2, reason="undo"),
        "why": Retcon(action=2, reason="a mistake"),
        "note": Note(text="the door {creaks}"),
        "prepared": Prepared(name="trap", value=-3),
        "disclosed": Disclosed(action=2),
        "rolled": _roll(tmp_path),
    }
    english = {name: event.describe() for name, event in said.items()}
    assert english == {
        "started": "Dice tray session “Night” started (dice committed: abababababab…)",
        "revealed": "seed revealed: 12 after 3 public rolls",
        "drawn": "seed revealed: 'moon' after 1 random die",
        "table": "the table's seed: 'the cat'",
        "settings": "house rules: let it hurt: on → off; odds: 0.5 → 0.25",
        "undo": "undo of an earlier action",
        "why": "an earlier action taken back: a mistake",
        "note": "note: the door {creaks}",
        "prepared": "prepared: trap = -3",
        "disclosed": "shown to the table: an earlier GM-only action",
        "rolled": "the lock: 2×d6 typed in [3 5] → total 8; 0 even, 2 odd",
    }


def test_core_events_and_refusals_read_in_danish(tmp_path: Path):
    assert (
        render(SeedRevealed(seed=12, salt="0" * 64, public_rolls=1).message(), "da")
        == "frø afsløret: 12 efter 1 offentligt slag"
    )
    assert (
        render(SeedRevealed(seed=12, salt="0" * 64, public_rolls=3).message(), "da")
        == "frø afsløret: 12 efter 3 offentlige slag"
    )
    changed = SettingsChanged(changes={"let_it_hurt": (True, False), "odds": (0.5, 0.25)})
    assert render(changed.message(), "da") == "husregler: let it hurt: til → fra; odds: 0,5 → 0,25"
    assert render(Retcon(action=2, reason="redo").message(), "da") == (
        "gentagelse af en tidligere handling"
    )
    assert render(_roll(tmp_path).message(), "da") == (
        "the lock: 2×d6 indtastet [3 5] → i alt 8; 0 lige, 2 ulige"
    )
    kept = Rolled(roll=_roll(tmp_path, "again").roll, reading="a reading typed by hand")
    assert render(kept.message(), "da") == "2×d6 indtastet [3 5] → a reading typed by hand"
    tray = DiceTray.new(tmp_path / "s.jsonl", seed=3)
    with pytest.raises(RuleError) as undo:
        tray.undo()
    assert undo.value.render("da") == "der er intet at fortryde i denne session"
    with pytest.raises(JournalError) as missing:
        DiceTray.resume(tmp_path / "nothing-here.jsonl")
    assert missing.value.render("da").startswith("der er ingen journal i ")


def test_a_danish_export_of_a_short_session_has_danish_summaries(tmp_path: Path):
    tray = DiceTray.new(tmp_path / "aften.jsonl", seed=8)
    tray.roll("2d6", purpose="låsen")
    tray.note("døren knirker")
    tray.undo()
    markdown = tray.export(tmp_path / "aften.md", language="da").read_text(encoding="utf-8")
    assert markdown.startswith("# Spillets log: aften")
    assert "note: døren knirker" in markdown
    assert "fortrydelse af en tidligere handling" in markdown
    assert "låsen: 2×d6 slået [" in markdown
    assert "session startet (terningerne er forpligtet: " in markdown
    for english in ("rolled [", "undo of an earlier action", "session started", "Session log"):
        assert english not in markdown
    rows = list(csv.DictReader(tray.journal.export(tmp_path / "aften.csv", language="da").open()))
    assert [row["summary"] for row in rows][-1] == "fortrydelse af en tidligere handling"
    data = json.loads(tray.export(tmp_path / "aften.json", language="da").read_text())
    assert data[2]["summary"] == "note: døren knirker"
    public = tray.export(tmp_path / "public.md", public=True, language="da").read_text()
    assert "*offentlig log: poster kun for spilleder" in public
    english = tray.export(tmp_path / "aften-en.md").read_text(encoding="utf-8")
    assert "undo of an earlier action" in english and english.startswith("# Session log: aften")
    frame = tray.log(language="da")
    assert frame["summary"].iloc[-1] == "fortrydelse af en tidligere handling"


def test_an_export_refuses_a_language_it_does_not_speak(tmp_path: Path):
    tray = DiceTray.new(tmp_path / "s.jsonl", seed=8)
    with pytest.raises(JournalError):
        tray.journal.export(tmp_path / "log.md", language="klingon")
    assert not (tmp_path / "log.md").exists()


def test_an_error_nested_in_another_is_rendered_in_the_same_language(tmp_path: Path):
    problem = RuleError("core.nothing_to_undo", "there is nothing to undo in this session")
    outer = JournalError(
        "journal.cannot_read",
        "cannot read journal {path}: {problem}",
        path="x",
        problem=problem.message,
    )
    assert str(outer) == "cannot read journal x: there is nothing to undo in this session"
    assert outer.render("da") == (
        "kan ikke læse journalen x: der er intet at fortryde i denne session"
    )
    assert isinstance(errors.cause(problem), type(problem.message))
    assert errors.cause(ValueError("plain")) == "plain"
    assert issubclass(JournalError, IsowidgetsError)


def test_a_danish_panel_logs_and_exports_in_danish(tmp_path: Path):
    from isowidgets.widgets.i18n import KIT, Labels
    from isowidgets.widgets.log import LogView
    from isowidgets.widgets.toolbar import SessionToolbar

    tray = DiceTray.new(tmp_path / "aften.jsonl", seed=2)
    labels = Labels(KIT)
    log = labels.bind_kit(LogView(tray))
    toolbar = labels.bind_kit(SessionToolbar(tray, export_dir=tmp_path / "out", formats=("md",)))
    labels.set_language("da")
    tray.roll("2d6", faces="1 2", purpose="låsen")
    tray.undo()
    shown = html.unescape(log.table.value)
    assert "fortrydelse: låsen: 2×d6 indtastet [1 2] → i alt 3; 1 lige, 1 ulige" in shown
    path = toolbar.export()
    assert f"eksporterede 3 hændelser til {path}" in toolbar.messages.value
    assert "fortrydelse af en tidligere handling" in path.read_text(encoding="utf-8")
    labels.set_language("en")
    assert "undo: låsen: 2×d6 typed in [1 2] → total 3; 1 even, 1 odd" in html.unescape(
        log.table.value
    )
