"""Games as fuzz subjects: every registered system, from prepared journals.

Each example resumes a copy of a prepared journal (built once per run through the
public API: :data:`PREPARED`), then makes drawn calls on every public instance
method of the system's game class. A system with no entry in :data:`PREPARED`
starts from a new session, so a system that registers itself is fuzzed without
editing the tier.

After the last call the journal is resumed and must replay to the very state the
game holds: what acted was journaled as it was applied.
"""

from __future__ import annotations

import inspect
import itertools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fuzz_harness import subject_machine
from fuzz_values import Context
from hypothesis.stateful import RuleBasedStateMachine

from isowidgets import systems
from isowidgets.dice import D6, DF, DieType, Limits, Pool, d
from isowidgets.game import Game
from isowidgets.journal import Note
from isowidgets.rules.isolation.examples import add_boarding_party
from isowidgets.settings import RuleSettings

SEED = 11
CONSTRUCTORS = frozenset({"new", "resume", "open"})
"""Class methods that make a game: fuzzed with files in ``test_fuzz_opening.py``."""


# --------------------------------------------------------------------------- prepared sessions


def _isolation_map(game: Any) -> None:
    add_boarding_party(game, stress=2)


def _isolation_started(game: Any) -> None:
    add_boarding_party(game, stress=2)
    game.start_play()


def _isolation_conflict(game: Any) -> None:
    add_boarding_party(game, stress=2)
    game.propose("bob", "board up the windows")


def _isolation_rolled(game: Any) -> None:
    add_boarding_party(game, stress=2)
    game.propose("bob", "board up the windows")
    game.roll_ready()


def _impact_cast(game: Any) -> None:
    pierce = game.add_pc("Algernon Pierce", ["Expert At Getting Into Places", "Quick"])
    game.add_pc("Beatrix Hale", [("Sworn Enemy of the Prince", "hinders")])
    game.add_npc("The Prince", ["Guarded Day And Night"])
    game.add_scene("The Ministry", ["Tidy And Quiet Office"], impact="D8")
    game.add_detail("world", "Fog Over London")
    game.add_detail(pierce, "Owes A Favour", kind="temporary")


def _impact_test(game: Any) -> None:
    _impact_cast(game)
    game.action("char-1", "Difficult", helps=["det-1", "det-5"])


def _impact_rolled(game: Any) -> None:
    _impact_test(game)
    game.roll(6)


def _impact_harm(game: Any) -> None:
    _impact_cast(game)
    game.avoid_harm("char-2", "char-3")


def _tray_rolls(game: Any) -> None:
    game.roll("5d6!1", purpose="warm up")
    game.roll("4dF", "+ - 0 +")


PREPARED: dict[str, tuple[tuple[str, Callable[[Any], None]], ...]] = {
    "isolation": (
        ("the boarding party's characters and map", _isolation_map),
        ("the boarding party, play started", _isolation_started),
        ("the boarding party, bob proposes", _isolation_conflict),
        ("the boarding party, bob proposes, every pool rolled", _isolation_rolled),
    ),
    "impact": (
        ("two PCs, an NPC, a scene and Details", _impact_cast),
        ("the cast, an action test opened", _impact_test),
        ("the cast, an action test rolled", _impact_rolled),
        ("the cast, an Avoid Harm test opened", _impact_harm),
    ),
    "tray": (("two rolls", _tray_rolls),),
}


def prepared(system: str) -> tuple[tuple[str, Callable[[Any], None]], ...]:
    """The sessions examples of ``system`` start from (a new one if none are listed)."""
    return PREPARED.get(system) or (("a new session", lambda game: None),)


@dataclass(frozen=True)
class Template:
    """A prepared journal: its bytes, and how it was made (for the repro)."""

    system: str
    bytes: bytes
    setup: str


_TEMPLATES: dict[tuple[str, int], Template] = {}
_FRESH = itertools.count(1)


def template(system: str, index: int, scratch: Path) -> Template:
    """The journal of prepared session ``index`` of ``system`` (built once per run)."""
    key = (system, index)
    if key not in _TEMPLATES:
        description, build = prepared(system)[index]
        game_class = systems.game_for(system)
        path = scratch / f"template-{system}-{index}.jsonl"
        path.unlink(missing_ok=True)  # a build that failed half-way left it
        game = game_class.new(path, seed=SEED)
        try:
            build(game)
        finally:
            game.journal.close()
        setup = f"{game_class.__name__}.new(seed={SEED}), then {description}"
        _TEMPLATES[key] = Template(system, path.read_bytes(), setup)
    return _TEMPLATES[key]


# --------------------------------------------------------------------------- a game as a subject


def public_methods(game_class: type) -> list[str]:
    """Every public instance method (class and static methods are the system's hooks
    for the core, given states and events, not the table's calls)."""
    names = []
    for name in dir(game_class):
        if name.startswith("_") or name in CONSTRUCTORS:
            continue
        raw = inspect.getattr_static(game_class, name)
        if inspect.isfunction(raw):
            names.append(name)
    return names


def makers(game_class: type[Game[Any]]) -> Mapping[type, Callable[[random.Random], object]]:
    """Valid objects of the core's types, which a state does not hold."""
    notations = ("5d6!1", "4dF", "d20", "2d6!5,6", "3d6!?1", "0d6")
    return {
        Pool: lambda rng: Pool.parse(rng.choice(notations)),
        DieType: lambda rng: rng.choice((D6, DF, d(20))),
        Limits: lambda rng: rng.choice((Limits(), Limits(5, 3))),
        RuleSettings: lambda rng: game_class.settings_type(),
        Note: lambda rng: Note(text=rng.choice(("a note", "Alice"))),
    }


class GameSubject:
    """One resumed copy of a prepared journal, with what a refusal must not change."""

    owner = "game"

    def __init__(self, template: Template, key: tuple[str, int], path: Path, cwd: Path) -> None:
        path.write_bytes(template.bytes)
        self.key = key
        self.cwd = cwd
        self.label = template.system
        self.setup = template.setup
        self.path = path
        self.game_class = systems.game_for(template.system)
        self.game = self.game_class.resume(path)

    def snapshot(self) -> dict[str, Any]:
        return {
            "state": self.game.state,
            "journal": self.path.read_bytes(),
            "journal's entries": len(self.game.journal.entries),
            "dice": self.game.dice.state(),
        }

    def settle(self, result: object) -> None:
        pass

    def read(self) -> tuple[tuple[object, ...], Callable[[], tuple[list[object], list[object]]]]:
        """A key that changes with the state or the journal, and a loader of what valid
        values come from: the state and the latest events, and what next_steps() offers."""
        game = self.game

        def load() -> tuple[list[object], list[object]]:
            try:
                steps: list[object] = list(game.next_steps())
            except Exception:  # next_steps is fuzzed like every method; here it only helps
                steps = []
            return [game.state, *(e.event for e in game.journal.entries[-10:])], steps

        return (game.state, len(game.journal)), load

    def context(self) -> Context:
        methods = {name: getattr(self.game, name) for name in public_methods(self.game_class)}
        settings_fields = tuple(self.game_class.settings_type.model_fields)
        system = self.label
        return Context(
            self.owner,
            methods,
            self.read,
            makers=makers(self.game_class),
            paths=(
                f"{system}-settings.toml",
                f"{system}-saved.toml",
                "missing.toml",
                "garbage.toml",
                "a-directory",
            ),
            keywords=settings_fields,
        )

    def close(self) -> None:
        self.game.journal.close()
        self.path.unlink(missing_ok=True)

    def reload(self) -> None:
        """Continue from the journal after a failure (the survey's keep-going mode)."""
        self.game.journal.close()
        try:
            self.game = self.game_class.resume(self.path)
        except Exception:  # the failure broke the journal too: start over
            self.path.write_bytes(_TEMPLATES[self.key].bytes)
            self.game = self.game_class.resume(self.path)

    def finish(self) -> str:
        """``""`` if the journal replays to the game's state, else what differs."""
        self.game.journal.close()
        again = self.game_class.resume(self.path)
        try:
            if again.state != self.game.state:
                return "the journal replays to another state than the game held"
            return ""
        finally:
            again.journal.close()


def prepare_scratch(scratch: Path) -> None:
    """The files path arguments name, in the directory calls run in."""
    for system in systems.names():
        game_class = systems.game_for(system)
        game_class.settings_type().save(scratch / f"{system}-settings.toml")
    (scratch / "garbage.toml").write_text("this is [not toml", encoding="utf-8")
    (scratch / "a-directory").mkdir(exist_ok=True)


# --------------------------------------------------------------------------- the machine


def machine(system: str, scratch: Path) -> type[RuleBasedStateMachine]:
    """Drawn calls on a game of ``system``, from one of its prepared sessions."""

    def start(which: int) -> GameSubject:
        path = scratch / f"{system}-{next(_FRESH)}.jsonl"
        return GameSubject(template(system, which, scratch), (system, which), path, scratch)

    return subject_machine(f"{system.capitalize()}Fuzz", len(prepared(system)), start)
