"""The core contract every system plugs in with: Game.act, Action, Fold, Step, registration."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

from isowidgets import systems
from isowidgets.contract import Action, Fold, Step
from isowidgets.dice import D6, Pool
from isowidgets.errors import InconsistentEventError, JournalError, RuleError
from isowidgets.game import Game
from isowidgets.journal import Event, RollField
from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.isolation import IsolationGame
from isowidgets.settings import RuleSettings
from isowidgets.tray import DiceTray

# --------------------------------------------------------------------------- a tiny system


class CounterSettings(RuleSettings):
    system: ClassVar[str] = "counter"


@dataclass(frozen=True)
class CounterState:
    settings: CounterSettings
    total: int = 0


class Added(Event):
    system: ClassVar[str] = "counter"
    kind: ClassVar[str] = "added"
    amount: int
    roll: RollField | None = None


fold = Fold[CounterState]("Counter")


@fold.on(Added)
def _added(state: CounterState, event: Added) -> CounterState:
    if state.total + event.amount > 100:
        raise InconsistentEventError("the counter stops at 100")
    return CounterState(state.settings, state.total + event.amount)


def add(action: Action[CounterState], amount: int) -> int:
    action.add(Added(amount=amount))
    return action.state.total


def add_twice_as_two_actions(action: Action[CounterState], amount: int) -> None:
    action.add(Added(amount=amount))
    action.split()
    action.add(Added(amount=amount))


def roll_and_add(action: Action[CounterState], faces: str | None) -> int:
    rolled = action.dice.roll(Pool(D6, 2), faces)
    action.add(Added(amount=rolled.total, roll=rolled))
    return rolled.total


def roll_and_keep_only_the_total(action: Action[CounterState]) -> int:
    rolled = action.dice.roll(Pool(D6, 2))
    action.add(Added(amount=rolled.total))  # the roll itself is not journaled: a bug
    return rolled.total


@systems.register
class CounterGame(Game[CounterState]):
    system: ClassVar[str] = "counter"
    title: ClassVar[str] = "Counter"
    settings_type: ClassVar[type[RuleSettings]] = CounterSettings

    @classmethod
    def initial_state(cls, settings: CounterSettings) -> CounterState:
        return CounterState(settings)

    @classmethod
    def apply(cls, state: CounterState, event: Event) -> CounterState:
        return fold(state, event)

    @classmethod
    def steps(cls, state: CounterState) -> tuple[Step, ...]:
        return (Step("add", None, "number", f"Add to the total of {state.total}"),)

    def add(self, amount: int) -> int:
        return self.act(add, amount).value


# --------------------------------------------------------------------------- Game.act


def test_act_journals_the_rules_events_as_one_action_and_returns_its_value():
    game = CounterGame.new()
    acted = game.act(add, 5)
    assert acted.value == 5 and game.state.total == 5
    assert [e.kind for e in acted.entries] == ["added"]
    assert game.journal.entries[-1].event == Added(amount=5)


def test_act_folds_each_event_once(monkeypatch: pytest.MonkeyPatch):
    game = CounterGame.new()
    calls: list[int] = []
    original = CounterGame.apply

    def counting(state: CounterState, event: Event) -> CounterState:
        calls.append(1)
        return original(state, event)

    monkeypatch.setattr(CounterGame, "apply", staticmethod(counting))
    game.act(add, 3)
    assert len(calls) == 1


def test_a_rule_that_adds_nothing_writes_nothing():
    game = CounterGame.new()
    before = len(game.journal)
    assert game.act(lambda action: None).entries == []
    assert len(game.journal) == before


def test_a_refused_rule_leaves_state_journal_and_dice_as_they_were():
    game = CounterGame.new(seed=3)
    game.add(99)
    state, lines, dice = game.state, len(game.journal), game.dice.state()
    with pytest.raises(JournalError, match="stops at 100"):
        game.act(roll_and_add, None)  # rolls, then the event does not fit
    assert (game.state, len(game.journal), game.dice.state()) == (state, lines, dice)


def test_randomness_enters_through_the_actions_dice_random_or_typed():
    game = CounterGame.new(seed=1)
    assert game.act(roll_and_add, "6 5").value == 11
    random_total = game.act(roll_and_add, None).value
    event = game.journal.entries[-1].event
    assert isinstance(event, Added) and event.amount == random_total
    assert event.roll is not None and event.roll.source == "random" and event.roll.number == 1


def test_a_rule_that_rolls_but_journals_no_roll_is_refused():
    """Every random roll is journaled (verify recomputes each at its place): a rule
    that journals only what it made of the dice is a bug, refused before anything is
    written, and the roll's number is given back."""
    game = CounterGame.new(seed=1)
    with pytest.raises(RuleError, match="journals no event carrying it"):
        game.act(roll_and_keep_only_the_total)
    assert len(game.journal) == 1 and game.dice.taken == (0, 0)


def test_a_value_an_events_schema_refuses_is_the_kits_error():
    game = CounterGame.new()
    with pytest.raises(RuleError, match="amount"):
        game.act(add, "five")  # type: ignore[arg-type]
    assert game.state.total == 0


def test_split_writes_separate_actions_checked_before_any_is_written():
    game = CounterGame.new()
    entries = game.act(add_twice_as_two_actions, 10).entries
    assert len({e.action for e in entries}) == 2 and game.state.total == 20
    game.undo()  # one undo takes back one of them
    assert game.state.total == 10
    with pytest.raises(JournalError):
        game.act(add_twice_as_two_actions, 50)  # the second would pass 100: neither is written
    assert game.state.total == 10


def test_next_steps_come_from_the_systems_steps():
    game = CounterGame.new()
    game.add(4)
    assert game.next_steps() == (Step("add", None, "number", "Add to the total of 4"),)


# --------------------------------------------------------------------------- the fold


def test_a_fold_refuses_an_event_twice_and_what_it_does_not_know():
    with pytest.raises(TypeError, match="twice"):
        fold.on(Added)(_added)
    with pytest.raises(InconsistentEventError, match="Counter"):
        fold(CounterState(CounterSettings()), None)  # type: ignore[arg-type]
    assert fold.kinds == frozenset({Added})


def test_every_system_folds_through_a_fold_in_its_fold_module():
    for name in ("isolation", "impact"):
        module = __import__(f"isowidgets.rules.{name}.fold", fromlist=["fold"])
        assert isinstance(module.fold, Fold)


# --------------------------------------------------------------------------- arguments


def test_a_call_a_method_cannot_take_is_the_kits_error():
    game = CounterGame.new()
    with pytest.raises(RuleError, match=r"add\(\) takes no argument 'amout'; allowed: amount"):
        game.add(amout=3)  # type: ignore[call-arg]
    with pytest.raises(RuleError, match="missing a required argument"):
        game.add()  # type: ignore[call-arg]
    with pytest.raises(RuleError, match="note"):
        game.note("a", "b")  # type: ignore[call-arg]
    assert len(game.journal) == 1


# --------------------------------------------------------------------------- registration


def test_the_kits_systems_are_installed_as_entry_points():
    assert {"tray", "isolation", "impact"} <= set(systems.names())
    assert systems.game_for("isolation") is IsolationGame
    assert systems.game_for("impact") is ImpactGame
    assert systems.game_for("tray") is DiceTray


def test_register_refuses_what_is_not_a_system():
    with pytest.raises(RuleError, match="Game subclass"):
        systems.register(int)  # type: ignore[type-var]

    class Nameless(Game[Any]):
        system: ClassVar[str] = "Not A Name"

    with pytest.raises(RuleError, match="lowercase identifier"):
        systems.register(Nameless)

    class Impostor(Game[Any]):
        system: ClassVar[str] = "isolation"

    with pytest.raises(RuleError, match="registered already"):
        systems.register(Impostor)


def test_an_unknown_system_name_is_the_kits_error_and_imports_nothing():
    modules = set(sys.modules)
    with pytest.raises(JournalError, match=r"no system is called 'os\.path'"):
        systems.game_for("os.path")
    with pytest.raises(JournalError, match="must be text"):
        systems.game_for(None)  # type: ignore[arg-type]
    assert set(sys.modules) == modules


def test_open_session_resumes_with_the_system_the_journal_names(tmp_path: Path):
    path = tmp_path / "counter.jsonl"
    game = CounterGame.new(path)
    game.add(7)
    game.journal.close()
    again = systems.open_session(path)
    assert isinstance(again, CounterGame) and again.state.total == 7
    again.journal.close()


def test_a_fresh_process_opens_a_journal_without_importing_its_system(tmp_path: Path):
    path = tmp_path / "iso.jsonl"
    game = IsolationGame.new(path)
    game.add_character("Alice", profession="doctor", bias="b", goal="g")
    game.journal.close()
    script = (
        "import sys; from isowidgets import systems; "
        f"g = systems.open_session({str(path)!r}); "
        "print(type(g).__name__, g.state.characters[0].name)"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["IsolationGame", "Alice"]


def test_the_journal_names_no_system():
    package = Path(__file__).parents[2].joinpath("isowidgets", "journal")
    for module in sorted(package.glob("*.py")):
        source = module.read_text(encoding="utf-8")
        for name in ("isolation", "impact", "rules."):
            assert f'"{name}' not in source, module.name


def test_a_retcon_can_only_come_from_undo_and_redo(tmp_path):
    """``commit(Retcon(...))`` would take an action back in the journal but not in the
    state (the fold has nothing to undo with), so the session would reopen as another
    game: it is refused, and undo/redo stay the way to take an action back."""
    from isowidgets.journal import Retcon

    path = tmp_path / "impact.jsonl"
    game = ImpactGame.new(path, seed=1)
    game.add_pc("Ada")
    game.add_pc("Bo")
    before = path.read_bytes()
    with pytest.raises(RuleError, match=r"only by game\.undo"):
        game.commit(Retcon(action=2, reason="sneaky"))
    assert path.read_bytes() == before
    game.undo()
    game.journal.close()
    assert ImpactGame.resume(path).state == game.state


# --------------------------------------------------------------------------- replace


@dataclass(frozen=True, slots=True)
class _Checked:
    count: int
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("a count is never below 0")


@pytest.mark.parametrize("system", ["isolation", "impact", "fudge_conflict", "watch_the_world_die"])
def test_replace_copies_each_systems_state_as_dataclasses_replace_does(tmp_path: Path, system: str):
    """Every field of a played session's state, and of each part of it, changed one at a
    time: the same value, the same type, as :func:`dataclasses.replace` gives."""
    from replay_play import FULL

    from isowidgets.contract import replace

    game = FULL[system](tmp_path / "s.jsonl")
    game.journal.close()
    values = [game.state]
    values += [
        value
        for field in dataclasses.fields(game.state)
        for value in [getattr(game.state, field.name)]
        if dataclasses.is_dataclass(value)
    ]
    for value in values:
        assert replace(value) == value and replace(value) is not value
        for field in dataclasses.fields(value):
            other = getattr(values[0], field.name, None) if value is not values[0] else None
            for new in (getattr(value, field.name), other):
                expected = dataclasses.replace(value, **{field.name: new})
                got = replace(value, **{field.name: new})
                assert got == expected and type(got) is type(expected)


def test_replace_runs_post_init_and_refuses_what_dataclasses_replace_refuses():
    from isowidgets.contract import replace

    one = _Checked(1, ("a",))
    assert replace(one, count=2) == _Checked(2, ("a",))
    with pytest.raises(ValueError, match="never below 0"):
        replace(one, count=-1)
    with pytest.raises(TypeError):
        replace(one, colour="red")
    with pytest.raises(TypeError):
        replace(3, count=1)


def test_replace_leaves_what_it_cannot_copy_in_order_to_dataclasses_replace():
    from isowidgets.contract import replace

    @dataclass(kw_only=True)
    class Keywords:
        a: int
        b: int = 0

    @dataclass
    class Derived:
        a: int
        b: int = dataclasses.field(default=0, init=False)
        seed: dataclasses.InitVar[int] = 0

        def __post_init__(self, seed: int) -> None:
            self.b = self.a + seed

    def outcome(copy: Any, value: Any, **changes: Any) -> object:
        try:
            return copy(value, **changes)
        except Exception as exc:
            return type(exc), str(exc)

    assert replace(Keywords(a=1, b=2), b=3) == Keywords(a=1, b=3)
    for changes in ({"a": 2}, {"a": 2, "seed": 1}, {"b": 1}):
        assert outcome(replace, Derived(1, 5), **changes) == outcome(
            dataclasses.replace, Derived(1, 5), **changes
        )
