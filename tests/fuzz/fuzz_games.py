"""Games as fuzz subjects: every registered system, from prepared journals.

Each example resumes a copy of a prepared journal (built once per run through the
public API: :data:`PREPARED`), then makes drawn calls on every public instance
method of the system's game class. A system with no entry in :data:`PREPARED`
starts from a new session, so a system that registers itself is fuzzed without
editing the tier.

After the last call the journal is resumed and must replay to the very state the
game holds: what acted was journaled as it was applied. Then its seed is revealed
and every random roll of the journal must verify (:mod:`isowidgets.verify`).
"""

from __future__ import annotations

import functools
import inspect
import itertools
import random
import sys
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fuzz_harness import subject_machine
from fuzz_values import Context, docwords_of, remember
from hypothesis.stateful import RuleBasedStateMachine

from isowidgets import systems
from isowidgets.commitment import sidecar_path
from isowidgets.dice import D6, DF, DieType, Limits, Pool, d
from isowidgets.game import Game
from isowidgets.journal import Note
from isowidgets.rules.impact import rules
from isowidgets.rules.isolation.examples import add_boarding_party
from isowidgets.settings import RuleSettings
from isowidgets.verify import verify

SEED = 11
CONSTRUCTORS = frozenset({"new", "resume", "open"})
"""Class methods that make a game: fuzzed with files of their own (``fuzz_core.py``)."""


# --------------------------------------------------------------------------- prepared sessions


def _isolation_map(game: Any) -> None:
    add_boarding_party(game, stress=2)
    game.add_link("alice", "eve", "green", "Trusts her")
    game.edit_character("eve", profession="Doctor")


def _isolation_started(game: Any) -> None:
    add_boarding_party(game, stress=2)
    game.start_play()


def _isolation_conflict(game: Any) -> None:
    add_boarding_party(game, stress=2)
    game.propose("bob", "board up the windows")


def _isolation_rolled(game: Any) -> None:
    _isolation_conflict(game)
    game.roll_ready()


def _isolation_pair_roll(game: Any) -> None:
    add_boarding_party(game, stress=2)
    game.run_conflict("bob", "board up the windows", difficulty=3)
    game.end_session()
    game.pair_roll("alice", "bob")


def _impact_cast(game: Any) -> None:
    pierce = game.add_pc("Algernon Pierce", ["Expert At Getting Into Places", "Quick"])
    game.add_pc("Beatrix Hale", [("Sworn Enemy of the Prince", "hinders")])
    game.add_npc("The Prince", ["Guarded Day And Night"])
    game.add_scene("The Ministry", ["Tidy And Quiet Office"], impact="D8")
    game.add_detail("world", "Fog Over London")
    game.add_detail(pierce, "Owes A Favour", kind="temporary")
    game.set_impact("scene-1", "D10", "the alarm")
    game.self_complication(pierce, "det-1", "Wanted By The Police")
    game.opening_scene("char-2", "det-3", "a daring escape")


def _impact_test(game: Any) -> None:
    _impact_cast(game)
    draft = rules.draft_test(
        game.state, "action", "char-1", difficulty="Routine", helps=["det-1", "det-5"]
    )
    draft = rules.add_helper(game.state, draft, "char-2")
    draft = rules.cite(game.state, draft, "det-6", "hinders")
    game.open_draft(draft)


def _impact_effect(game: Any) -> None:
    _impact_test(game)
    game.roll(12)
    game.choose_effect("new_detail", target="char-1", text="Knows The Way")


def _impact_harm(game: Any) -> None:
    _impact_cast(game)
    game.avoid_harm("char-2", "char-3")


def _impact_foil(game: Any) -> None:
    _impact_cast(game)
    game.plan_odds("action", "char-2", difficulty="Simple")
    game.foil("char-1", "char-3", "Tricky")


def _tray_rolls(game: Any) -> None:
    game.roll("5d6!1", purpose="warm up")
    game.roll("4dF", "+ - 0 +")


def _fudge_cast(game: Any) -> None:
    burke = game.add_character(
        "Mr. Burke",
        skills={"sneak": 2, "argue": 2, "programming": 3},
        categories={"argue": "fornuft"},
    )
    game.add_character("Guard", role="npc", skills={"notice": 2, "argue": 1})
    game.add_character("Superior", role="central", skills={"argue": 3})
    game.add_item(burke, "Revolver", [("damage", 1, "in combat"), ("protection", 2)])


def _fudge_conflict(game: Any) -> None:
    _fudge_cast(game)
    game.open_conflict(
        "active", "char-1", "argue", opponent="char-3", opponent_skill="argue", circumstance=1
    )
    game.assist("char-1", "programming", faces="0 0 0 0")


def _fudge_hurt(game: Any) -> None:
    _fudge_cast(game)
    game.check(
        "active",
        "char-1",
        "argue",
        opponent="char-3",
        opponent_skill="argue",
        faces="- 0 0",
        opponent_faces="+ 0 0",
    )
    game.let_it_hurt("char-1")
    game.state_intention("char-1", "win the argument")
    game.state_intention("char-3", "humiliate Burke")
    game.declare("char-1", "crossing", "char-3", "argue", ability="fornuft")


def _world_begun(game: Any) -> None:
    game.begin(["Ana", "Ben", "Cy"], year=2020, apocalypse="Zombie Apocalypse")


def _world_chain(game: Any) -> None:
    _world_begun(game)
    game.make_it_worse(3)
    game.roll_mode(2)
    game.create_event("Famine/Starvation", "Yemen", "the harvest fails")


def _world_chained(game: Any) -> None:
    _world_chain(game)
    game.roll_chain(4)


def _world_shop(game: Any) -> None:
    _world_chain(game)
    game.roll_chain(1)
    game.make_it_worse(6)
    game.create_event("Spreading", "Oman", target="event-1")
    game.relieve_it([2, 3])
    game.buy_response(2, "patrols")


def _world_year_end(game: Any) -> None:
    _world_shop(game)
    game.buy_response(game.affordable()[-1].cost)
    while game.affordable():
        game.buy_response(game.affordable()[-1].cost)


def _world_cause(game: Any) -> None:
    _world_begun(game)
    game.make_it_worse(6)


PREPARED: dict[str, tuple[tuple[str, Callable[[Any], None]], ...]] = {
    "isolation": (
        ("the boarding party's characters and map", _isolation_map),
        ("the boarding party, play started", _isolation_started),
        ("the boarding party, bob proposes", _isolation_conflict),
        ("the boarding party, bob proposes, every pool rolled", _isolation_rolled),
        (
            "the boarding party, a conflict run, the session ended, a pair rolled",
            _isolation_pair_roll,
        ),
    ),
    "impact": (
        ("two PCs, an NPC, a scene and Details", _impact_cast),
        ("the cast, an action test set up", _impact_test),
        ("the cast, an action test rolled, its effect chosen", _impact_effect),
        ("the cast, an Avoid Harm test opened", _impact_harm),
        ("the cast, a foil test opened", _impact_foil),
    ),
    "tray": (("two rolls", _tray_rolls),),
    "fudge_conflict": (
        ("Burke, a guard, his superior and a revolver", _fudge_cast),
        ("the cast, an active conflict opened and assisted", _fudge_conflict),
        ("the cast, Let It Hurt with intentions and one action declared", _fudge_hurt),
    ),
    "watch_the_world_die": (
        ("a world begun with three players and an Apocalypse Type", _world_begun),
        ("the world begun, a Resources Event, its chaining roll due", _world_chain),
        ("a chain rolled, the chained Event due", _world_chained),
        ("a chain ended, a Spreading, a relief with a Response bought", _world_shop),
        ("a relief that spent every point: the year-end roll due", _world_year_end),
        ("a first move of 6: The Cause's reroll due", _world_cause),
    ),
}
"""The sessions examples start from, built through the public API. A system not
listed starts from a new session, and fuzzing alone furnishes it."""


def prepared(system: str) -> tuple[tuple[str, Callable[[Any], None]], ...]:
    """The sessions examples of ``system`` start from (a new one if none are listed)."""
    return PREPARED.get(system) or (("a new session", lambda game: None),)


@dataclass(frozen=True)
class Template:
    """A prepared journal: its bytes, its secret's sidecar, and how it was made."""

    system: str
    bytes: bytes
    setup: str
    secret: bytes


_TEMPLATES: dict[tuple[str, int], Template] = {}
WORKED: dict[str, dict[tuple[str, str], list[object]]] = {}
"""Per system: arguments of calls that acted, from the prepared sessions' building and
from the fuzzing (see ``Context.remember``)."""


class Recorder:
    """A game whose public calls that return are remembered in :data:`WORKED`."""

    def __init__(self, game: Any, system: str) -> None:
        self._game = game
        self._worked = WORKED.setdefault(system, {})

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._game, name)
        if name.startswith("_") or not inspect.ismethod(attribute):
            return attribute

        def call(*args: Any, **kwargs: Any) -> Any:
            result = attribute(*args, **kwargs)
            remember(self._worked, inspect.signature(attribute), name, args, kwargs)
            return result

        return call


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
            build(Recorder(game, system))
        finally:
            game.journal.close()
        setup = f"{game_class.__name__}.new(seed={SEED}), then {description}"
        _TEMPLATES[key] = Template(
            system, path.read_bytes(), setup, sidecar_path(path).read_bytes()
        )
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


@functools.cache
def terms(game_class: type) -> tuple[str, ...]:
    """The words a system's rules use: its docstrings' quoted words, and the strings of
    its modules' constants (``DIFFICULTIES``, ``STANCES``) and ``Literal`` aliases."""
    module = game_class.__module__
    package = module.rpartition(".")[0]
    if package == "isowidgets":  # a system in one module of the core (the tray)
        package = module
    found = set(docwords_of(game_class)) | set(docwords_of(sys.modules[module]))
    for name, loaded in list(sys.modules.items()):
        if name != package and not name.startswith(f"{package}."):
            continue
        for attribute, value in vars(loaded).items():
            if typing.get_origin(value) is typing.Literal:
                found.update(v for v in typing.get_args(value) if isinstance(v, str))
            elif attribute.isupper() and isinstance(value, tuple | list | frozenset | dict):
                found.update(v for v in value if isinstance(v, str) and len(v) <= 40)
    return tuple(sorted(found))


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
        sidecar_path(path).write_bytes(template.secret)
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
            "journal's entries": len(self.game.journal),
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
            words=terms(self.game_class),
            keywords=settings_fields + tuple(t for t in terms(self.game_class) if t.isidentifier()),
            worked=WORKED.setdefault(system, {}),
        )

    def close(self) -> None:
        self.game.journal.close()
        self.path.unlink(missing_ok=True)
        sidecar_path(self.path).unlink(missing_ok=True)

    def reload(self) -> None:
        """Continue from the journal after a failure (the survey's keep-going mode)."""
        self.game.journal.close()
        try:
            self.game = self.game_class.resume(self.path)
        except Exception:  # the failure broke the journal too: start over
            self.path.write_bytes(_TEMPLATES[self.key].bytes)
            sidecar_path(self.path).write_bytes(_TEMPLATES[self.key].secret)
            self.game = self.game_class.resume(self.path)

    def finish(self) -> str:
        """``""`` if the journal replays to the game's state, else what differs."""
        self.game.journal.close()
        try:
            again = self.game_class.resume(self.path)
        except Exception as exc:
            return f"the journal does not resume: {type(exc).__name__}: {str(exc)[:300]}"
        try:
            if again.state != self.game.state:
                return "the journal replays to another state than the game held"
            if again.commitment is not None and again.revealed is None:
                again.reveal()
            report = verify(self.path)
            return "" if report.ok else f"the journal does not verify: {report.text()[:600]}"
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
