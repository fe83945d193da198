"""Every registered system's sessions verify, with no code of the system's own.

Each prepared session of each system (``fuzz_games.PREPARED``, a new session for a
system with none) is played through the public API, set down and resumed (so the
dice take their stream up again), revealed, and verified; then one random face is
altered and verify must name that event. The fuzzed games are verified too, after
their last call (``GameSubject.finish``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fuzz_games import SEED, prepared

from isowidgets import systems
from isowidgets.dice import die_named
from isowidgets.verify import verify

CASES = [(system, index) for system in systems.names() for index in range(len(prepared(system)))]

RANDOM_PLAY = {
    ("impact", 1): lambda game: game.roll(),
    ("watch_the_world_die", 0): lambda game: game.make_it_worse(),
    ("watch_the_world_die", 1): lambda game: game.roll_chain(),
    ("fudge_conflict", 1): lambda game: game.roll_conflict(),
    ("tray", 0): lambda game: game.roll("3d6!6"),
}
"""Random rolls taken after the resume, where a prepared session typed its faces in."""
RANDOM_ROLLS: dict[str, int] = {}


@pytest.mark.parametrize(("system", "index"), CASES)
def test_a_prepared_session_verifies_and_an_altered_face_is_named(
    system: str, index: int, tmp_path: Path
) -> None:
    description, build = prepared(system)[index]
    game_class = systems.game_for(system)
    path = tmp_path / "session.jsonl"
    game = game_class.new(path, seed=SEED)
    build(game)
    game.journal.close()
    again = game_class.resume(path)
    assert not again.journal.problems
    assert again.state == game.state
    play = RANDOM_PLAY.get((system, index))
    if play is not None:
        play(again)
    again.reveal()
    again.journal.close()
    report = verify(path)
    assert report.ok, f"{system}, {description}: {report.text()}"
    RANDOM_ROLLS[system] = RANDOM_ROLLS.get(system, 0) + report.random_rolls
    if not report.random_rolls:
        return
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        record = json.loads(line)
        if '"source": "random"' in json.dumps(record) and _alter_one_face(record):
            lines[number] = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
            break
    else:
        pytest.fail(f"{system}, {description}: no random face could be altered")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    altered = verify(path)
    assert altered.mismatch is not None, f"{system}, {description}: the altered face verified"
    assert altered.mismatch.seq == number + 1


def _alter_one_face(value: object) -> bool:
    """Change one face of the first random roll in ``value`` that stays a valid roll: a
    face that does not explode, to another face that does not explode."""
    if isinstance(value, dict):
        if value.get("source") == "random" and isinstance(value.get("faces"), list):
            pool = value["pool"]
            faces = die_named(pool["die"]).faces
            explode = set(pool.get("explode_on", []))
            calm = [f for f in faces if f not in explode]
            for position, face in enumerate(value["faces"]):
                others = [f for f in calm if f != face]
                if face not in explode and others:
                    value["faces"][position] = others[0]
                    return True
            return False
        return any(_alter_one_face(item) for item in value.values())
    if isinstance(value, list):
        return any(_alter_one_face(item) for item in value)
    return False


def test_every_system_was_verified_with_random_rolls() -> None:
    """Runs after the cases above (same module, file order): none of them was vacuous."""
    missing = [system for system in systems.names() if not RANDOM_ROLLS.get(system)]
    assert not missing, f"no random roll was verified for {missing}"
