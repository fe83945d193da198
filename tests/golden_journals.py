"""Scripted sessions of every system, written with a fixed clock and fixed salts.

``tests/journals/`` holds what these sessions wrote before rolls were numbered (dice
scheme ``"draws"``, lines without heads), and ``tests/journals/resumed/`` what that kit
wrote after resuming them and playing on (:func:`go_on`): journals of an earlier kit,
kept as they are. ``tests/journals/v2/`` holds what the kit writes now (numbered rolls,
chained lines), ``tests/journals/v2/resumed/`` what it writes on resuming those, and
``tests/journals/continued/`` the old journals resumed and played on by this kit.
``tests/unit/test_old_journals.py`` checks all of them; a change that means to change
what a journal holds writes the new ones again, on purpose and said in the changelog::

    .venv/bin/python tests/golden_journals.py tests/journals
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from unittest import mock

SYSTEMS = ("tray", "iso", "fudge", "world", "impact")
"""The journals written, by file stem."""


def clock(start: datetime) -> Callable[[], datetime]:
    """A clock that ticks one second per reading, from ``start``."""
    ticks = itertools.count()
    return lambda: start + timedelta(seconds=next(ticks))


@contextmanager
def fixed_salts() -> Iterator[None]:
    """Every salt a session draws while in the block is the next of 0, 1, 2, … (hex)."""
    counter = itertools.count()
    with mock.patch("isowidgets.commitment.secrets.token_hex") as token_hex:
        token_hex.side_effect = lambda n=32: f"{next(counter):0{2 * n}x}"
        yield


def play(directory: Path) -> None:
    """Play one scripted session of each system into ``directory`` (salts fixed)."""
    from isowidgets.rules.fudge_conflict import FudgeGame
    from isowidgets.rules.fudge_conflict.examples import add_station_cast
    from isowidgets.rules.impact import ImpactGame
    from isowidgets.rules.isolation import IsolationGame
    from isowidgets.rules.isolation.examples import add_boarding_party
    from isowidgets.rules.watch_the_world_die import WorldGame
    from isowidgets.tray import DiceTray

    directory.mkdir(parents=True, exist_ok=True)
    tick = clock(datetime(2024, 5, 1, tzinfo=UTC))
    with fixed_salts():
        tray = DiceTray.new(directory / "tray.jsonl", seed=5, clock=tick)
        tray.give_table_seed("Pickles the cat")
        tray.roll("3d6!6")
        tray.roll("4dF", "+ - 0 0", purpose="test")
        tray.note("hello ü ∑")
        with tray.gm_only():
            tray.roll("2d6", purpose="secret")
        tray.undo()
        tray.redo()
        tray.undo()
        tray.roll("1d20")
        prepared = tray.prepare("npc", 3)
        tray.disclose(prepared[0].action)
        tray.change_settings(read_parity=False)
        tray.reveal()
        tray.journal.close()

        farm = IsolationGame.new(directory / "iso.jsonl", seed=3, clock=tick)
        add_boarding_party(farm)
        farm.run_conflict(
            "bob", "board up", difficulty=2, factors={"alice": {"relevant_links": ["L1"]}}
        )
        farm.undo()
        farm.redo()
        farm.journal.close()

        station = FudgeGame.new(directory / "fudge.jsonl", seed=4, clock=tick)
        ids = add_station_cast(station)
        station.open_conflict(
            "active", ids["burke"], "argue", opponent=ids["superior"], opponent_skill="argue"
        )
        station.roll_conflict()
        station.undo()
        station.roll_conflict("0 0 0", "+ + +")
        station.journal.close()

        world = WorldGame.new(directory / "world.jsonl", seed=9, clock=tick)
        world.begin(["Ana", "Ben"], 2020)
        world.make_it_worse()
        world.journal.close()

        caper = ImpactGame.new(directory / "impact.jsonl", seed=1962, clock=tick)
        pierce = caper.add_pc("Pierce", ["Expert"])
        caper.action(pierce, "Tricky")
        caper.roll()
        caper.journal.close()


def go_on(directory: Path) -> None:
    """Resume each journal in ``directory`` and play a little more (undo, roll, note)."""
    from isowidgets import systems

    tick = clock(datetime(2024, 6, 1, tzinfo=UTC))
    for name in SYSTEMS:
        game: object = systems.open_session(directory / f"{name}.jsonl", clock=tick)
        if name == "iso":
            game.undo()  # type: ignore[attr-defined]
            game.redo()  # type: ignore[attr-defined]
        if name in ("world", "impact"):
            game.undo()  # type: ignore[attr-defined]
            game.make_it_worse() if name == "world" else game.roll()  # type: ignore[attr-defined]
        game.note("resumed")  # type: ignore[attr-defined]
        game.journal.close()  # type: ignore[attr-defined]


def write_all(root: Path) -> None:
    """Write every journal the kit writes now under ``root`` (``tests/journals``):
    ``v2/`` (played), ``v2/resumed/`` (those resumed and played on) and ``continued/``
    (the old journals in ``root`` resumed and played on)."""
    import shutil

    for made in (root / "v2", root / "continued"):  # written afresh, never on top
        shutil.rmtree(made, ignore_errors=True)
    play(root / "v2")
    for target, source in ((root / "v2" / "resumed", root / "v2"), (root / "continued", root)):
        target.mkdir(parents=True, exist_ok=True)
        for name in SYSTEMS:
            for suffix in (".jsonl", ".jsonl.secret"):
                shutil.copy(source / f"{name}{suffix}", target / f"{name}{suffix}")
        go_on(target)


if __name__ == "__main__":
    write_all(Path(sys.argv[1]))
