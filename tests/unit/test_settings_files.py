"""Settings files: every way loading or saving one can fail is the kit's SettingsError,
with a short message, and leaves the game, its journal bytes and its dice as they were.

A settings file is at most ``settings.MAX_FILE_BYTES`` (checked by its size and by
reading no more than that) and no whole-number setting goes past
``settings.MAX_SETTING_INT``, so no file can stall the kernel or journal a number of
hundreds of digits.
"""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import forge
import pytest

from isowidgets import checks
from isowidgets.errors import SaveFileError, SettingsError
from isowidgets.game import Game
from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.isolation import IsolationGame
from isowidgets.settings import MAX_FILE_BYTES, MAX_SETTING_INT
from isowidgets.tray import DiceTray

GAMES = {"tray": DiceTray, "isolation": IsolationGame, "impact": ImpactGame}


def short(message: str) -> bool:
    """No message repeats more than about SHOWN characters of the offending input."""
    return len(message) < checks.SHOWN + 1200  # plus the list of the system's settings


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest, tmp_path: Path) -> Game:  # type: ignore[type-arg]
    opened = GAMES[request.param].new(tmp_path / "session.jsonl", seed=4)
    yield opened
    opened.journal.close()


def snapshot(game: Game) -> tuple[object, bytes, object]:  # type: ignore[type-arg]
    assert game.journal.path is not None
    return game.state, game.journal.path.read_bytes(), game.dice.state()


def refused(game: Game, call, error: type[Exception] = SettingsError) -> str:  # type: ignore[no-untyped-def, type-arg]
    """``call()`` raises ``error`` (a SettingsError) and changes nothing; its message."""
    before = snapshot(game)
    with pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, SettingsError)
    assert snapshot(game) == before
    message = str(caught.value)
    assert short(message), message[:300]
    return message


def numeric(game: Game) -> str:  # type: ignore[type-arg]
    """A whole-number setting of the game's system (the tray has none: a made-up one)."""
    for name, info in game.settings_type.model_fields.items():
        if info.annotation is int:
            return name
    return "read_parity"


# --------------------------------------------------------------------------- load


def test_nested_arrays_are_a_settings_error(game: Game, tmp_path: Path):  # type: ignore[type-arg]
    path = tmp_path / "nested.toml"
    path.write_text(f"{numeric(game)} = " + "[" * 500 + "]" * 500 + "\n")
    message = refused(game, lambda: game.load_settings(path), SaveFileError)
    assert "nested too deeply" in message


def test_a_number_of_5000_digits_is_a_settings_error(game: Game, tmp_path: Path):  # type: ignore[type-arg]
    path = tmp_path / "digits.toml"
    path.write_text(f"{numeric(game)} = {'9' * 5000}\n")
    message = refused(game, lambda: game.load_settings(path), SaveFileError)
    assert "not valid settings" in message and f"±{MAX_SETTING_INT:,}" in message


def test_a_byte_that_is_not_utf8_is_a_settings_error(game: Game, tmp_path: Path):  # type: ignore[type-arg]
    path = tmp_path / "latin1.toml"
    path.write_bytes(b"# caf\xe9\n")
    message = refused(game, lambda: game.load_settings(path), SaveFileError)
    assert "not UTF-8 text: byte 0xe9 at line 1, column 6" in message


@pytest.mark.parametrize("path", [None, 3, "", "a\0b.toml", "a\ud800.toml"])
def test_a_path_that_is_no_path_is_a_settings_error(game: Game, path: object):  # type: ignore[type-arg]
    message = refused(game, lambda: game.load_settings(path))
    assert "a settings file's path" in message


@pytest.mark.parametrize("value", [2**64, 10**400, -(10**30), MAX_SETTING_INT + 1])
def test_a_number_past_the_bound_is_refused_before_its_own_range(
    value: int,
    tmp_path: Path,
):
    """Isolation's starting Stress has no upper bound of its own: 10**400 used to load,
    be journaled, and then break every later proposal on the dice cap."""
    game = IsolationGame.new(tmp_path / "s.jsonl", seed=1)
    path = tmp_path / "huge.toml"
    path.write_text(f'system = "isolation"\nstress_start = {value}\n')
    message = refused(game, lambda: game.load_settings(path), SaveFileError)
    assert "'stress_start' cannot be" in message and f"past ±{MAX_SETTING_INT:,}" in message
    message = refused(game, lambda: game.change_settings(stress_start=value))
    assert f"past ±{MAX_SETTING_INT:,}" in message
    assert game.settings.stress_start == 1
    game.change_settings(stress_start=MAX_SETTING_INT)  # the bound itself is allowed
    game.journal.close()


def test_a_journal_with_a_huge_setting_does_not_replay(tmp_path: Path):
    """A journal edited by hand to hold 10**400 names its line instead of loading it."""
    path = tmp_path / "s.jsonl"
    IsolationGame.new(path, seed=1).journal.close()
    lines = forge.records(path)
    lines[0]["data"]["settings"]["stress_start"] = 10**400
    forge.write(path, lines)  # the heads made again, as a careful forger would
    from isowidgets.errors import JournalError

    with pytest.raises(JournalError, match="line 1: the session's settings do not load") as got:
        IsolationGame.resume(path)
    assert "1,329-bit whole number" in str(got.value)


def test_a_file_past_the_size_limit_is_refused_unread(game: Game, tmp_path: Path):  # type: ignore[type-arg]
    path = tmp_path / "big.toml"
    path.write_bytes(b"# " + b"x" * MAX_FILE_BYTES + b"\n")
    message = refused(game, lambda: game.load_settings(path), SaveFileError)
    assert f"holds at most {MAX_FILE_BYTES:,} bytes (1 MiB)" in message


def test_a_file_that_is_not_regular_is_refused(game: Game, tmp_path: Path):  # type: ignore[type-arg]
    message = refused(game, lambda: game.load_settings(tmp_path), SaveFileError)
    assert "it is not a file" in message
    if hasattr(os, "mkfifo"):  # opening a FIFO would wait for a writer forever
        fifo = tmp_path / "pipe.toml"
        os.mkfifo(fifo)
        assert "it is not a file" in refused(game, lambda: game.load_settings(fifo))


def test_a_long_text_value_is_not_repeated_whole(game: Game, tmp_path: Path):  # type: ignore[type-arg]
    """A 900 KB value in a file (or 50 MB given directly) gives a short message."""
    name = next(iter(game.settings_type.model_fields))
    path = tmp_path / "long.toml"
    path.write_text(f'{name} = "{"x" * 900_000}"\n')
    message = refused(game, lambda: game.load_settings(path), SaveFileError)
    assert "(900,000 characters)" in message
    tracemalloc.start()
    try:
        message = refused(game, lambda: game.change_settings(**{name: "y" * 50_000_000}))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "(50,000,000 characters)" in message
    assert peak < 60_000_000  # the value itself, not copies of it in the message


def test_unknown_names_are_listed_up_to_five_and_counted(game: Game, tmp_path: Path):  # type: ignore[type-arg]
    path = tmp_path / "unknown.toml"
    path.write_text("".join(f"k{i} = 1\n" for i in range(20_000)))
    message = refused(game, lambda: game.load_settings(path), SaveFileError)
    assert "unknown settings ['k0', 'k1', 'k2', 'k3', 'k4'] and 19,995 more (20,000 in all)" in (
        message
    )


def test_three_million_unknown_keys_are_refused_by_size(tmp_path: Path):
    """Such a file used to take 20 s and +500 MB to refuse; now its size refuses it."""
    game = IsolationGame.new(tmp_path / "s.jsonl", seed=1)
    path = tmp_path / "keys.toml"
    with path.open("w") as out:
        for start in range(0, 3_000_000, 100_000):
            out.write("".join(f"k{i} = 1\n" for i in range(start, start + 100_000)))
    message = refused(game, lambda: game.load_settings(path), SaveFileError)
    assert "so it is not read" in message
    game.journal.close()


def test_a_good_file_still_loads_and_is_journaled(game: Game, tmp_path: Path):  # type: ignore[type-arg]
    path = game.save_settings(tmp_path / "house.toml")
    assert game.settings_type.load(path) == game.settings
    assert game.load_settings(path) == []  # nothing changed, nothing journaled


# --------------------------------------------------------------------------- save


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("x" * 300 + ".toml", "File name too long"),
        ("", "must name a file"),
        ("a\0b.toml", "NUL character"),
        ("a\ud800b.toml", "lone surrogate"),
        (None, "must be a file path"),
        (".", "Is a directory"),
    ],
    ids=["300-characters", "empty", "nul", "surrogate", "none", "directory"],
)
def test_saving_to_a_bad_name_is_a_settings_error(
    game: Game,  # type: ignore[type-arg]
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: object,
    words: str,
):
    monkeypatch.chdir(tmp_path)
    message = refused(game, lambda: game.save_settings(name))
    assert words in message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["session.jsonl", "session.jsonl.secret"]


def test_saving_where_a_folder_cannot_be_made_is_a_settings_error(game: Game, tmp_path: Path):  # type: ignore[type-arg]
    blocker = tmp_path / "file"
    blocker.write_text("")
    message = refused(game, lambda: game.save_settings(blocker / "house.toml"), SaveFileError)
    assert "cannot write settings file" in message


def test_from_toml_checks_its_text_and_source():
    from isowidgets.rules.isolation import IsolationSettings

    with pytest.raises(SaveFileError, match="settings must be TOML text, got NoneType"):
        IsolationSettings.from_toml(None)  # type: ignore[arg-type]
    with pytest.raises(SaveFileError, match="characters long; a settings file holds at most"):
        IsolationSettings.from_toml("#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(SettingsError, match="source must be text"):
        IsolationSettings.from_toml("", source=None)  # type: ignore[arg-type]


def test_settings_names_that_are_not_names_are_refused_quickly():
    from isowidgets.rules.isolation import IsolationSettings

    with pytest.raises(SettingsError, match="has no setting") as caught:
        IsolationSettings.check_name("s" * 5_000_000)
    assert short(str(caught.value))
    with pytest.raises(SettingsError, match="has no setting 3"):
        IsolationSettings.check_name(3)  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="changes_from needs settings"):
        IsolationSettings().changes_from(None)  # type: ignore[arg-type]


def test_a_settings_file_is_commented_in_the_tables_language_and_loads_anywhere(tmp_path):
    """Issue 25: a file saved from a Danish table says what each setting changes and may
    be in Danish (words, never Python's type notation), and its values load at any table."""
    from isowidgets.errors import SettingsError
    from isowidgets.rules.fudge_conflict import FudgeGame, FudgeSettings
    from isowidgets.words import render

    settings = FudgeSettings(yield_outcome="gm_decides")
    danish = settings.to_toml("da")
    comments = [line for line in danish.splitlines() if line.startswith("#")]
    assert comments[0] == f"# isowidgets-husregler for {render(FudgeSettings.title, 'da')}."
    assert all("str |" not in line and "int |" not in line for line in comments)
    assert any(line.startswith("# tilladt: ") and "; standard: " in line for line in comments)
    assert "allowed:" not in danish and "default:" not in danish
    wrapped = settings.to_toml("qps")
    assert all(
        line.startswith("# ⟦") or line.startswith("# DK-")
        for line in wrapped.splitlines()
        if line.startswith("# ") and " = " not in line
    )
    assert (
        FudgeSettings.from_toml(danish) == settings == FudgeSettings.from_toml(settings.to_toml())
    )
    game = FudgeGame.new()
    path = game.save_settings(tmp_path / "husregler.toml", "da")
    assert path.read_text(encoding="utf-8") == FudgeSettings().to_toml("da")
    before = path.read_text(encoding="utf-8")
    for hostile in (None, 3, "xx", "d" * 1_000_000):
        with pytest.raises(SettingsError, match="language"):
            game.save_settings(tmp_path / "other.toml", hostile)
    assert not (tmp_path / "other.toml").exists() and path.read_text(encoding="utf-8") == before
