"""The dice core and the games' constructors as fuzz subjects.

* :class:`DiceSubject`: every public function and class of :mod:`isowidgets.dice`
  and of the Danish reading of kept dice built on it
  (:mod:`isowidgets.rules.fudge_conflict.keep`; their ``__all__``): the functions,
  each class's constructor and class methods, and the public methods of one sample
  instance of each class. A refusal must leave the sample dice's generator and every
  sample as they were.
* :class:`OpeningSubject`: ``new``, ``open`` and ``resume`` of one system's game
  class, in a directory of its own holding a session of that system, one of another
  system, a file that is no journal and a directory. A refusal must leave every
  file there as it was (no file created, renamed or written); a game that opens
  is closed again.
"""

from __future__ import annotations

import inspect
import itertools
import shutil
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fuzz_games import template
from fuzz_harness import subject_machine
from fuzz_values import Context
from hypothesis.stateful import RuleBasedStateMachine

from isowidgets import dice, systems
from isowidgets.game import Game
from isowidgets.rules.fudge_conflict import keep

NOTATIONS = ("5d6!1", "4dF", "d20", "2d6!5,6", "3d6!?1", "0d6", "D12", "10d10!10")
DIE_NAMES = ("d6", "D20", "dF", "d4", "d1000")
FACES_TEXT = ("5 4 3", "+ - 0", "1,2,3", "6", "4 3 1 6 4 1 2", "")

# --------------------------------------------------------------------------- the dice core


def samples() -> dict[type, object]:
    """One instance of every public class of the dice core, to call its methods on.

    A class added to ``dice.__all__`` without a sample here fails the tier
    (:func:`dice_methods`), so no public class goes unfuzzed.
    """
    roller = dice.Dice(7)
    pool = dice.Pool.parse("5d6!1", label="Bob red")
    roll = roller.roll(pool, "5 4 3 6 1 1 2")
    return {
        dice.Dice: roller,
        dice.DieType: dice.D6,
        dice.Limits: dice.Limits(5, 3),
        dice.Pool: pool,
        dice.PoolRoll: roll,
        dice.RolledDie: roll.dice[4],
        dice.RollKey: dice.RollKey(7, "a table seed"),
        dice.Selection: dice.keep_highest(roll.faces, 2),
        keep.KeptRoll: keep.roll_kept(roller, -2, "- 0 0 + +"),
    }


def dice_methods(instances: Mapping[type, object]) -> dict[str, Callable[..., Any]]:
    """Every public callable of the dice core, by the name a repro shows."""
    methods: dict[str, Callable[..., Any]] = {}
    for module, name in [(dice, n) for n in dice.__all__] + [(keep, n) for n in keep.__all__]:
        value = getattr(module, name)
        if inspect.isfunction(value) or hasattr(value, "__wrapped__"):
            methods[name] = value
        elif inspect.isclass(value):
            if value not in instances:
                raise AssertionError(f"dice.{name} has no sample in fuzz_core.samples()")
            methods[name] = value
            sample = instances[value]
            for attribute in dir(value):
                if attribute.startswith("_"):
                    continue
                raw = inspect.getattr_static(value, attribute)
                if isinstance(raw, classmethod | staticmethod):
                    methods[f"{name}.{attribute}"] = getattr(value, attribute)
                elif inspect.isfunction(raw):
                    methods[f"{_sample_name(sample)}.{attribute}"] = getattr(sample, attribute)
    return methods


def _sample_name(sample: object) -> str:
    return {
        dice.Dice: "Dice(7)",
        dice.DieType: "D6",
        dice.Limits: "Limits(5, 3)",
        dice.Pool: "pool",
        dice.PoolRoll: "roll",
        dice.RolledDie: "roll.dice[4]",
        dice.RollKey: "RollKey(7, 'a table seed')",
        dice.Selection: "selection",
        keep.KeptRoll: "kept",
    }.get(type(sample), type(sample).__name__)


class DiceSubject:
    """The dice core's functions, classes and samples (see the module docstring)."""

    label = "dice"
    owner = "dice"
    setup = (
        "samples: Dice(7); D6; Limits(5, 3); pool = Pool.parse('5d6!1', label='Bob red'); "
        "roll = Dice(7).roll(pool, '5 4 3 6 1 1 2'); selection = keep_highest(roll.faces, 2)"
    )

    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.samples = samples()

    def snapshot(self) -> dict[str, Any]:
        roller = self.samples[dice.Dice]
        assert isinstance(roller, dice.Dice)
        return {
            "generator": roller.state(),
            "samples": [repr(s) for s in self.samples.values()],
            "standard dice": (dice.D6, dice.DF, dice.d(6) is dice.D6),
        }

    def settle(self, result: object) -> None:
        pass

    def context(self) -> Context:
        roller = self.samples[dice.Dice]
        assert isinstance(roller, dice.Dice)
        records = [s.to_record() for s in self.samples.values() if hasattr(s, "to_record")]
        generator = roller.state()
        return Context(
            self.owner,
            dice_methods(self.samples),
            lambda: ((), lambda: (list(self.samples.values()), [])),
            makers={
                dice.DieType: lambda rng: rng.choice((dice.D4, dice.D6, dice.D20, dice.DF)),
                dice.Pool: lambda rng: dice.Pool.parse(rng.choice(NOTATIONS)),
                dice.Limits: lambda rng: rng.choice((dice.Limits(), dice.Limits(5, 3))),
            },
            words=NOTATIONS + DIE_NAMES + FACES_TEXT,
            by_name={
                "record": lambda rng: dict(rng.choice(records)),
                "notation": lambda rng: rng.choice(NOTATIONS),
                "name": lambda rng: rng.choice(DIE_NAMES),
                "text": lambda rng: rng.choice(FACES_TEXT),
                "faces": lambda rng: rng.choice(FACES_TEXT),
                "state": lambda rng: generator,
                "predicate": lambda rng: rng.choice((lambda f: f % 2 == 0, lambda f: f > 3)),
                "sides": lambda rng: rng.choice((2, 6, 20, 1000)),
            },
        )

    def reload(self) -> None:
        self.samples = samples()

    def finish(self) -> str:
        return ""

    def close(self) -> None:
        pass


def dice_machine(scratch: Path) -> type[RuleBasedStateMachine]:
    """Drawn calls on the dice core."""
    return subject_machine("DiceFuzz", 1, lambda which: DiceSubject(scratch))


# --------------------------------------------------------------------------- new, open, resume

_DIRECTORIES = itertools.count(1)


def _now() -> datetime:
    return datetime.now(UTC)


class OpeningSubject:
    """``new``, ``open`` and ``resume`` of one game class in a directory of their own."""

    owner = "game_class"

    def __init__(self, system: str, scratch: Path) -> None:
        self.label = f"{system} opening"
        self.game_class: type[Game[Any]] = systems.game_for(system)
        self.cwd = scratch / f"opening-{system}-{next(_DIRECTORIES)}"
        self.cwd.mkdir()
        other = next((s for s in systems.names() if s != system), system)
        (self.cwd / "session.jsonl").write_bytes(template(system, 0, scratch).bytes)
        (self.cwd / "other.jsonl").write_bytes(template(other, 0, scratch).bytes)
        (self.cwd / "garbage.jsonl").write_text("not a journal\n", encoding="utf-8")
        (self.cwd / "folder").mkdir()
        self.fresh = itertools.count(1)
        self.setup = (
            f"{self.game_class.__name__} in a directory holding session.jsonl (a session "
            f"of {system}), other.jsonl (a session of {other}), garbage.jsonl, folder/"
        )
        self.owner = self.game_class.__name__

    def snapshot(self) -> dict[str, Any]:
        return {
            "files": {
                str(p.relative_to(self.cwd)): p.read_bytes() if p.is_file() else None
                for p in sorted(self.cwd.rglob("*"))
            }
        }

    def settle(self, result: object) -> None:
        if isinstance(result, Game):
            result.journal.close()

    def context(self) -> Context:
        names = ("new", "open", "resume")
        methods = {name: getattr(self.game_class, name) for name in names}
        settings_type = self.game_class.settings_type
        paths = ("session.jsonl", "other.jsonl", "garbage.jsonl", "folder", "missing.jsonl")
        return Context(
            self.owner,
            methods,
            lambda: ((), lambda: ([], [])),
            makers={
                dice.Limits: lambda rng: rng.choice((dice.Limits(), dice.Limits(5, 3))),
                settings_type: lambda rng: settings_type(),
            },
            paths=paths,
            by_name={
                "path": lambda rng: (
                    f"new-{next(self.fresh)}.jsonl" if rng.random() < 0.6 else rng.choice(paths)
                ),
                "clock": lambda rng: _now,
                "seed": lambda rng: rng.choice((0, 7, 2**40, "table seed", None)),
            },
            keywords=tuple(inspect.signature(self.game_class.new).parameters),
        )

    def reload(self) -> None:
        pass

    def finish(self) -> str:
        return ""

    def close(self) -> None:
        shutil.rmtree(self.cwd, ignore_errors=True)


def opening_machine(system: str, scratch: Path) -> type[RuleBasedStateMachine]:
    """Drawn calls on ``new``, ``open`` and ``resume`` of ``system``'s game class."""
    return subject_machine(
        f"{system.capitalize()}OpeningFuzz", 1, lambda which: OpeningSubject(system, scratch)
    )
