"""Journals replay byte for byte, and journals of earlier kits by the rules they were
written under.

``tests/journals/`` (and ``resumed/``) were written before rolls were numbered (dice
scheme ``"draws"``, lines without heads); ``tests/journals/v2/`` is what the kit writes
now, ``v2/resumed/`` what it writes on resuming those, and ``continued/`` the old journals
resumed and played on by this kit (see ``tests/golden_journals.py``: a fixed clock and
fixed salts). A change to the journal, the dice or the game shell that changes one byte
of what the kit writes fails here; so does one that stops an old journal replaying or
verifying.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from golden_journals import SYSTEMS, go_on, play

from isowidgets import systems
from isowidgets.game import Game
from isowidgets.journal import Journal, SeedRevealed, SessionStarted, effective_entries
from isowidgets.verify import verify

GOLDEN = Path(__file__).resolve().parents[1] / "journals"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("played")
    play(directory)
    return directory


def _copy(source: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for name in SYSTEMS:
        for suffix in (".jsonl", ".jsonl.secret"):
            shutil.copy(source / f"{name}{suffix}", target / f"{name}{suffix}")


# --------------------------------------------------------------------------- what is written now


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_session_writes_the_journal_it_always_wrote(played: Path, name: str):
    assert (played / f"{name}.jsonl").read_bytes() == (GOLDEN / "v2" / f"{name}.jsonl").read_bytes()


def test_journals_resume_and_go_on_as_they_always_did(tmp_path: Path):
    _copy(GOLDEN / "v2", tmp_path)
    go_on(tmp_path)
    for name in SYSTEMS:
        written = (tmp_path / f"{name}.jsonl").read_bytes()
        assert written == (GOLDEN / "v2" / "resumed" / f"{name}.jsonl").read_bytes(), name


def test_every_line_written_now_carries_its_head():
    for name in SYSTEMS:
        journal = Journal.read(GOLDEN / "v2" / "resumed" / f"{name}.jsonl")
        assert all(entry.head for entry in journal.entries)
        start = journal.entries[0].event
        assert isinstance(start, SessionStarted) and start.dice_scheme == "hmac-sha256"


# --------------------------------------------------------------------------- earlier kits


def _old(name: str) -> list[Path]:
    return [GOLDEN / f"{name}.jsonl", GOLDEN / "resumed" / f"{name}.jsonl"]


@pytest.mark.parametrize("name", SYSTEMS)
def test_an_old_journal_replays_to_the_state_its_events_make(name: str, tmp_path: Path):
    """Resuming an old file folds the very events it holds (with its own fold, event by
    event) and numbers no roll of it: its rolls are draws of the old stream."""
    for source in _old(name):
        target = tmp_path / source.parent.name / source.name
        target.parent.mkdir(exist_ok=True)
        shutil.copy(source, target)
        secret = GOLDEN / f"{name}.jsonl.secret"  # the resumed journal is the same session
        shutil.copy(secret, target.with_name(target.name + ".secret"))
        game: Game = systems.open_session(target)  # type: ignore[type-arg]
        try:
            assert not game.journal.problems
            entries = effective_entries(list(game.journal.entries))
            state = type(game).initial_state(game._start_settings(game.journal, entries[0]))
            for entry in entries[1:]:
                state = game._fold(state, entry.event)
            assert game.state == state
            assert game.dice.taken == (0, 0)
            assert all(not entry.head for entry in game.journal.entries)
            start = game.journal.entries[0].event
            assert isinstance(start, SessionStarted) and start.dice_scheme == "draws"
        finally:
            game.journal.close()


def test_old_journals_continued_now_write_what_they_always_did(tmp_path: Path):
    """Resumed by this kit, an old session goes on with numbered rolls and chained lines:
    its seeded rolls from there on differ from what the old kit rolled (the changelog
    says so), and the same every time."""
    _copy(GOLDEN, tmp_path)
    go_on(tmp_path)
    for name in SYSTEMS:
        written = (tmp_path / f"{name}.jsonl").read_bytes()
        assert written == (GOLDEN / "continued" / f"{name}.jsonl").read_bytes(), name
        old = (GOLDEN / f"{name}.jsonl").read_bytes()
        assert written.startswith(old)  # the old lines stay exactly as they were


def test_the_revealed_old_sessions_still_verify_by_their_rules():
    for path in (GOLDEN / "tray.jsonl", GOLDEN / "resumed" / "tray.jsonl"):
        report = verify(path)
        assert report.ok, report.text()
        assert report.scheme == "draws" and report.chained == 0
        assert report.random_rolls == 3 and report.gm_only_rolls == 1  # one undone, still checked
        assert "chain: none" in report.text()


@pytest.mark.parametrize("name", [n for n in SYSTEMS if n != "tray"])
def test_an_old_session_continued_and_revealed_verifies_both_ways(name: str, tmp_path: Path):
    """Its old rolls by the draws, its new ones by their numbers; the chain covers the
    old lines from the first new one on."""
    _copy(GOLDEN / "continued", tmp_path)
    game: Game = systems.open_session(tmp_path / f"{name}.jsonl")  # type: ignore[type-arg]
    game.reveal()
    game.journal.close()
    report = verify(tmp_path / f"{name}.jsonl")
    assert report.ok, report.text()
    entries = Journal.read(tmp_path / f"{name}.jsonl").entries
    old_rolls = sum(
        1 for e in entries for r in e.event.rolls() if r.source == "random" and r.draw is not None
    )
    new_rolls = sum(1 for e in entries for r in e.event.rolls() if r.number is not None)
    assert report.random_rolls == old_rolls + new_rolls
    reveal = entries[-1].event
    assert isinstance(reveal, SeedRevealed) and reveal.public_rolls == new_rolls
    assert 0 < report.chained < report.lines


def test_an_old_reveal_with_a_count_changed_is_named(tmp_path: Path):
    import forge

    lines = forge.records(GOLDEN / "tray.jsonl")
    lines[-1]["data"]["draws"] -= 1
    forge.write(tmp_path / "tray.jsonl", lines)
    report = verify(tmp_path / "tray.jsonl")
    assert report.mismatch is not None and report.mismatch.problem == "draws_count"
    assert report.mismatch.line == len(lines) and report.mismatch.kind == "seed_revealed"
