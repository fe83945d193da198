"""The Impact System and Watch the World Die say everything as messages (issue 25, item 1).

Every refusal raised in their rules and widgets carries a key, its English template and
its values; every event says what happened with ``message()`` (no ``describe()`` of its
own), in the same English as before: the log, the golden journals and the notebooks'
saved outputs read it.
"""

from __future__ import annotations

import ast
import json
import typing
from pathlib import Path

import pytest

import isowidgets
from isowidgets import errors
from isowidgets.errors import IsowidgetsError, RuleError
from isowidgets.journal import Event
from isowidgets.journal.events import _REGISTRY
from isowidgets.rules.impact import ImpactGame, _common
from isowidgets.rules.impact import events as impact_events
from isowidgets.rules.impact import rules as impact_rules
from isowidgets.rules.watch_the_world_die import WorldGame
from isowidgets.rules.watch_the_world_die import events as world_events
from isowidgets.rules.watch_the_world_die.tables import shipped_tables
from isowidgets.words import Message, is_key, render

PACKAGE = Path(isowidgets.__file__).resolve().parent
AREAS = (
    "rules/impact",
    "rules/watch_the_world_die",
    "widgets/impact",
    "widgets/watch_the_world_die",
)
DOMAINS = ("impact", "watch_the_world_die")
SYSTEMS = ("impact", "watch_the_world_die")
SAID = Path(__file__).with_name("said_impact_world.jsonl")

KIT_ERRORS = {
    name
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, IsowidgetsError)
}

MESSAGE_HELPERS = {
    "earn_problem": _common.earn_problem,
    "spend_problem": impact_rules.spend_problem,
    "_defeated": impact_rules._defeated,
}
"""The functions whose result a refusal raises as it is: each returns a Message."""


def _raises() -> list[tuple[str, ast.Raise, ast.FunctionDef | None]]:
    found: list[tuple[str, ast.Raise, ast.FunctionDef | None]] = []
    for area in AREAS:
        for path in sorted((PACKAGE / area).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            where = path.relative_to(PACKAGE.parent).as_posix()
            functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
            for node in ast.walk(tree):
                if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
                    continue
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name not in KIT_ERRORS:
                    continue
                inside = next(
                    (
                        f
                        for f in functions
                        if f.lineno <= node.lineno <= (f.end_lineno or f.lineno)
                        and not any(
                            g is not f
                            and f.lineno <= g.lineno <= node.lineno <= (g.end_lineno or g.lineno)
                            for g in functions
                        )
                    ),
                    None,
                )
                found.append((f"{where}:{node.lineno}", node, inside))
    return found


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _helper_called(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        return name if name in MESSAGE_HELPERS else None
    return None


def _unkeyed(raised: ast.Raise, inside: ast.FunctionDef | None) -> str:
    """Why this raise does not carry a key, a template and values ('' when it does)."""
    call = raised.exc
    assert isinstance(call, ast.Call)
    if not call.args:
        return "no message"
    first = call.args[0]
    key = _literal(first)
    if key is not None:
        template = _literal(call.args[1]) if len(call.args) > 1 else None
        if not is_key(key):
            return f"a sentence with no key: {key[:60]!r}"
        if key.split(".", 1)[0] not in DOMAINS:
            return f"{key!r} is not in this area's domains {DOMAINS}"
        if template is None or is_key(template):
            return f"{key!r} has no English template literal beside it"
        return ""
    if _helper_called(first):
        return ""
    if isinstance(first, ast.Name) and inside is not None:
        assigned = [
            n.value
            for n in ast.walk(inside)
            if isinstance(n, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == first.id for t in n.targets)
        ]
        if assigned and all(_helper_called(value) for value in assigned):
            return ""
    return f"the message is built at run time: {ast.unparse(first)[:60]}"


def test_no_refusal_in_impact_or_watch_the_world_die_is_unkeyed():
    raises = _raises()
    assert len(raises) > 180  # the walk finds this area's refusals (about 200)
    wrong = [f"{where}: {why}" for where, node, inside in raises if (why := _unkeyed(node, inside))]
    assert not wrong, "\n".join(wrong)


def test_the_refusals_raised_as_they_are_come_from_helpers_that_return_messages():
    for name, helper in MESSAGE_HELPERS.items():
        returned = typing.get_type_hints(helper)["return"]
        assert Message in typing.get_args(returned) or returned is Message, name


def test_the_walk_refuses_a_sentence_an_f_string_and_a_foreign_domain():
    def verdict(source: str) -> str:
        tree = ast.parse(source)
        raised = next(n for n in ast.walk(tree) if isinstance(n, ast.Raise))
        return _unkeyed(raised, None)

    assert verdict('raise RuleError("no test is open")').startswith("a sentence with no key")
    assert verdict('raise RuleError(f"{x} is open")').startswith("the message is built")
    assert "domains" in verdict('raise RuleError("dice.too_many", "too many")')
    assert "no English template" in verdict('raise RuleError("impact.x")')
    assert verdict('raise RuleError("impact.x", "{x} is open", x=1)') == ""


def _events() -> list[type[Event]]:
    return [cls for (system, _kind), cls in _REGISTRY.items() if system in SYSTEMS]


def test_every_event_says_a_message_and_none_writes_its_own_describe():
    classes = _events()
    assert len(classes) >= 35  # 22 of the Impact System, 14 of Watch the World Die
    for cls in classes:
        assert "message" in vars(cls), f"{cls.__name__} does not say a message"
        own = [
            base.__name__
            for base in cls.__mro__
            if base is not Event and issubclass(base, Event) and "describe" in vars(base)
        ]
        assert not own, f"{cls.__name__} still says itself in describe() ({own})"


def _said() -> list[dict[str, typing.Any]]:
    return [json.loads(line) for line in SAID.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _said(), ids=lambda case: case["kind"])
def test_each_event_reads_the_english_it_always_read(case: dict[str, typing.Any]):
    """One event of every wording (each optional part there or not), with the English its
    ``describe()`` wrote before events said messages."""
    event = _REGISTRY[(case["system"], case["kind"])].model_validate(case["data"])
    message = event.message()
    assert message.domain == case["system"]
    assert event.describe() == render(message) == case["said"]
    assert "core.unkeyed" not in repr(message)


def test_the_wordings_cover_every_event_kind_but_the_tables():
    kinds = {case["kind"] for case in _said()}
    every = {cls.kind for cls in _events()}
    assert every - kinds == {"tables_loaded"}  # its data is the whole (copylefted) tables


def test_tables_loaded_credits_the_tables():
    tables = shipped_tables()
    event = world_events.TablesLoaded(tables=tables, source="the shipped tables")
    assert event.describe() == f"tables loaded from the shipped tables ({tables.source.credit()})"
    assert event.message().key == "watch_the_world_die.tables_loaded"


def test_an_event_names_events_and_characters_by_the_names_a_view_passes():
    chain = world_events.ChainRolled.model_validate(
        {
            "turn": 2,
            "event": "event-3",
            "roll": _chain_roll(),
            "face": 5,
            "chain_set": (5, 6),
            "chained": True,
            "pressure_added": 1,
            "pressure_after": 4,
        }
    )
    plain = "chaining roll after event-3: 5 chains, Pressure +1 = 4"
    assert chain.describe() == plain
    named = render(chain.message(), names={"event-3": "“Power Grid in Lagos”"})
    assert named == "chaining roll after “Power Grid in Lagos”: 5 chains, Pressure +1 = 4"

    joined = impact_events.CharacterAdded(character="char-1", name="Hale", role="pc", step=3)
    assert joined.describe() == "Hale joins as a PC (Impact D10)"
    assert render(joined.message(), names={"char-1": "Director Hale"}) == (
        "Director Hale joins as a PC (Impact D10)"
    )


def _chain_roll() -> dict[str, typing.Any]:
    """The roll of a chaining roll as a journal holds it (one d6 showing 5)."""
    for case in _said():
        if case["kind"] == "chain_rolled":
            return dict(case["data"]["roll"])
    raise AssertionError("no chaining roll among the wordings")


def test_a_refusal_is_asked_by_its_key_and_values():
    impact = ImpactGame.new(seed=1)
    with pytest.raises(RuleError, match="no test is open") as refused:
        impact.roll()
    assert refused.value.key == "impact.no_test_open"
    hero = impact.add_pc("Hero")
    with pytest.raises(RuleError) as refused:
        impact.set_impact(hero, "D7")
    assert refused.value.key == "impact.no_such_impact_die"
    assert refused.value.values["got"] == "'D7'"

    world = WorldGame.new(seed=1)
    with pytest.raises(RuleError) as refused:
        world.make_it_worse()
    assert refused.value.key.startswith("watch_the_world_die.not_begun")
    assert "core.unkeyed" not in refused.value.key
