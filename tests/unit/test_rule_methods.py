"""A game's public method and its rule share one signature, one docstring and one type.

Every system's game makes its table calls with ``rule_method(rule)``: the method is the
rule (its parameters after the action, its defaults, its annotations, its docstring),
run through ``Game.act``. No method of a game only passes its arguments on to a rule,
so there is no second signature to keep in step.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import ClassVar

import pytest

from isowidgets import systems
from isowidgets.contract import Action, Step, rule_method
from isowidgets.errors import RuleError
from isowidgets.game import Game
from isowidgets.journal import Event, Note
from isowidgets.settings import RuleSettings

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(point.name for point in entry_points(group=systems.ENTRY_POINT_GROUP))
"""The kit's own systems (a test may register more in this process)."""


def rule_methods(game_class: type) -> dict[str, object]:
    return {
        name: member
        for name, member in vars(game_class).items()
        if getattr(member, "__isowidgets_rule__", None) is not None
    }


@pytest.mark.parametrize("system", GAMES)
def test_each_rule_method_is_its_rule(system: str):
    game_class = systems.game_for(system)
    methods = rule_methods(game_class)
    assert methods, f"{system} makes no method from a rule"
    for name, method in methods.items():
        rule = method.__isowidgets_rule__  # type: ignore[attr-defined]
        ruled = list(inspect.signature(rule).parameters.values())[1:]
        called = list(inspect.signature(method).parameters.values())[1:]  # type: ignore[arg-type]
        assert called == ruled, name  # names, kinds, defaults and annotations alike
        assert method.__doc__ == rule.__doc__ and rule.__doc__, name  # type: ignore[attr-defined]
        assert rule.__name__ == name


def forwarders(path: Path) -> list[str]:
    """Methods of the game class in ``path`` whose body only returns ``self.act(...)``
    (with ``.value`` or ``.entries``): a second signature of a rule."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for method in (n for n in cls.body if isinstance(n, ast.FunctionDef)):
            body = [
                s
                for s in method.body
                if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
            ]
            if len(body) != 1 or not isinstance(body[0], ast.Return):
                continue
            value = body[0].value
            if isinstance(value, ast.Attribute):
                value = value.value
            if (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Attribute)
                and value.func.attr == "act"
            ):
                found.append(f"{path.relative_to(ROOT)}: {cls.name}.{method.name}")
    return found


def test_no_game_method_restates_a_rules_signature():
    paths = [*sorted(ROOT.glob("isowidgets/rules/*/game.py")), ROOT / "isowidgets" / "tray.py"]
    found = [name for path in paths for name in forwarders(path)]
    assert not found, "write these as rule_method(rule):\n" + "\n".join(found)


# --------------------------------------------------------------------------- the form itself


@dataclass(frozen=True, slots=True)
class CountState:
    settings: RuleSettings
    count: int = 0


def add_note(action: Action[CountState], text: str, *, loud: bool = False) -> str:
    """Note ``text`` (shouted with ``loud``); returns what was noted."""
    noted = text.upper() if loud else text
    action.add(Note(text=noted))
    return noted


def add_two_notes(action: Action[CountState], first: str, second: str = "again") -> None:
    """Two notes in one action."""
    action.add(Note(text=first), Note(text=second))


class NoteGame(Game[CountState]):
    system: ClassVar[str] = "notes_for_rule_methods"

    @classmethod
    def initial_state(cls, settings: RuleSettings) -> CountState:
        return CountState(settings)

    @classmethod
    def apply(cls, state: CountState, event: Event) -> CountState:
        return state

    @classmethod
    def steps(cls, state: CountState) -> tuple[Step, ...]:
        return ()

    # Notes are the core's: a method that journals one names it as its way in.
    add_note = rule_method(add_note, ways_in=(Note,))
    add_two_notes = rule_method(add_two_notes, ways_in=(Note,))


def test_a_rule_method_returns_the_rules_value_or_the_entries_written():
    game = NoteGame.new(seed=1)
    assert game.add_note("hi", loud=True) == "HI"
    entries = game.add_two_notes("one")
    assert [entry.event for entry in entries] == [Note(text="one"), Note(text="again")]
    assert [entry.action for entry in entries] == [3, 3]  # one action, two events


def test_a_rule_method_refuses_a_call_its_rule_cannot_take_and_changes_nothing():
    game = NoteGame.new(seed=1)
    before = len(game.journal)
    with pytest.raises(RuleError, match=r"add_note\(\) takes no argument 'shout'; allowed:"):
        game.add_note("hi", shout=True)
    with pytest.raises(RuleError, match=r"add_two_notes\(\): missing a required argument"):
        game.add_two_notes()
    assert len(game.journal) == before


def test_a_rule_method_reads_as_its_rule_in_help():
    signature = inspect.signature(NoteGame.add_note)
    assert list(signature.parameters) == ["self", "text", "loud"]
    assert str(inspect.signature(NoteGame.new(seed=1).add_note)) == (
        "(text: 'str', *, loud: 'bool' = False) -> 'str'"
    )
    assert inspect.signature(NoteGame.add_two_notes).return_annotation == "list[Entry]"
    assert NoteGame.add_note.__doc__ == add_note.__doc__


def test_a_rule_method_bears_its_rules_name():
    with pytest.raises(TypeError, match="bears the rule's name"):

        class Misnamed(NoteGame):
            system: ClassVar[str] = "notes_misnamed"
            shout = rule_method(add_note)


def test_a_rule_that_adds_a_core_event_runs_only_through_its_method():
    """The method is the one way in of the core events its rule adds: the same rule
    through act, or a method that does not name them, is refused."""
    from isowidgets.errors import CoreEventError

    game = NoteGame.new(seed=1)
    before = len(game.journal)
    with pytest.raises(CoreEventError, match="note"):
        game.act(add_note, "hi")
    with pytest.raises(CoreEventError, match="note"):
        rule_method(add_note)(game, "hi")
    assert len(game.journal) == before
    game.add_note("hi")
    assert len(game.journal) == before + 1
