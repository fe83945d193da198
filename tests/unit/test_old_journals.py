"""Old journals replay byte for byte: what the kit wrote before its core was split into
concept packages, it still writes, resumes and goes on with exactly as it did.

``tests/journals/`` was written by the kit as it was (``tests/golden_journals.py``, a
fixed clock and fixed salts); ``tests/journals/resumed/`` is what that kit wrote after
resuming each of them and playing on. A refactoring of the journal, the dice or the game
shell that changes one byte of either fails here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from golden_journals import SYSTEMS, go_on, play

from isowidgets import systems
from isowidgets.verify import verify

GOLDEN = Path(__file__).resolve().parents[1] / "journals"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("played")
    play(directory)
    return directory


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_session_writes_the_journal_it_always_wrote(played: Path, name: str):
    assert (played / f"{name}.jsonl").read_bytes() == (GOLDEN / f"{name}.jsonl").read_bytes()


def test_old_journals_resume_and_go_on_as_they_always_did(tmp_path: Path):
    for name in SYSTEMS:
        for suffix in (".jsonl", ".jsonl.secret"):
            shutil.copy(GOLDEN / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    go_on(tmp_path)
    for name in SYSTEMS:
        written = (tmp_path / f"{name}.jsonl").read_bytes()
        assert written == (GOLDEN / "resumed" / f"{name}.jsonl").read_bytes(), name


@pytest.mark.parametrize("name", SYSTEMS)
def test_an_old_journal_replays_to_the_state_its_session_had(
    played: Path, name: str, tmp_path: Path
):
    """Resuming the old file gives the state the session that wrote it ended in (the
    journal written now is the same file, so its replay is the session's)."""
    for suffix in (".jsonl", ".jsonl.secret"):
        shutil.copy(GOLDEN / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    old = systems.open_session(tmp_path / f"{name}.jsonl")
    try:
        new = systems.open_session(played / f"{name}.jsonl")
        try:
            assert old.state == new.state
            assert old.dice.position == new.dice.position
        finally:
            new.journal.close()
    finally:
        old.journal.close()


def test_the_revealed_old_session_still_verifies():
    assert verify(GOLDEN / "tray.jsonl").ok
