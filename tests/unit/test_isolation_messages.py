"""Isolation says everything as messages (issue 25, item 1): refusals and events are data.

Every refusal in Isolation's rules and widgets is raised with a key, its English
template and its values, never a bare sentence (which would carry the key
``core.unkeyed``); every event says what happened with ``message()`` (names as
``Ref(character id, the name the event carries)``), and none overrides ``describe()``,
which renders that message in English for plain callers. The English stays what it
was: the log, the golden journals and the notebooks' saved outputs read it.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from isowidgets import errors
from isowidgets.errors import InconsistentEventError, RuleError
from isowidgets.journal import Event
from isowidgets.rules.isolation import events as iso_events
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.rules.isolation.model import Link
from isowidgets.words import Message, Ref, is_key, render

ROOT = Path(__file__).resolve().parents[2] / "isowidgets"
AREA = sorted(
    [*(ROOT / "rules" / "isolation").rglob("*.py"), *(ROOT / "widgets" / "isolation").rglob("*.py")]
)
KIT_ERRORS = {
    name
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, errors.IsowidgetsError)
}
MESSAGE_CALLS = {"msg", "plural"}


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _is_message_call(node: ast.expr) -> bool:
    """``msg("domain.key", "template", ...)`` or ``plural("domain.key", "one", "many", ...)``."""
    return (
        isinstance(node, ast.Call)
        and _name(node.func) in MESSAGE_CALLS
        and len(node.args) >= 2
        and is_key(_literal(node.args[0]))
        and _literal(node.args[1]) is not None
    )


def _unkeyed(call: ast.Call) -> str:
    """Why the raised call is not a keyed message ("" when it is one)."""
    callee = _name(call.func)
    if callee == "_unfit":  # the fold's error: _unfit(event, msg(...))
        if len(call.args) == 2 and _is_message_call(call.args[1]):
            return ""
        return "_unfit(event, ...) without a msg(...) with a literal key"
    if callee not in KIT_ERRORS:
        return ""
    if not call.args:
        return f"{callee}() with no message"
    first = call.args[0]
    if _is_message_call(first):
        return ""
    if isinstance(first, ast.JoinedStr):
        return f"{callee}(f'...'): an f-string sentence"
    key, template = _literal(first), _literal(call.args[1]) if len(call.args) > 1 else None
    if key is None or not is_key(key):
        return f"{callee}(...) whose first argument is not a key literal"
    if template is None:
        return f"{callee}({key!r}, ...) whose template is not a literal"
    return ""


def test_no_refusal_in_isolation_is_raised_without_a_key():
    assert len(AREA) > 30  # the walk sees the whole area
    found, wrong = 0, []
    for path in AREA:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            if isinstance(node.exc, ast.Call):
                callee = _name(node.exc.func)
                if callee in KIT_ERRORS or callee == "_unfit":
                    found += 1
                problem = _unkeyed(node.exc)
                if problem:
                    wrong.append(f"{path.relative_to(ROOT.parent)}:{node.lineno}: {problem}")
                if callee == "ValueError":
                    wrong.append(
                        f"{path.relative_to(ROOT.parent)}:{node.lineno}: a bare ValueError "
                        "(raise the kit's error, with a key)"
                    )
    assert not wrong, "\n".join(wrong)
    assert found >= 150  # about 160 refusals: a walk that finds none proves nothing


def test_the_walk_catches_an_unkeyed_raise():
    bad = ast.parse('raise RuleError(f"{x} is wrong")').body[0]
    assert isinstance(bad, ast.Raise) and isinstance(bad.exc, ast.Call)
    assert _unkeyed(bad.exc)
    plain = ast.parse('raise RuleError("x is wrong")').body[0]
    assert isinstance(plain, ast.Raise) and isinstance(plain.exc, ast.Call)
    assert _unkeyed(plain.exc)
    fold = ast.parse('raise _unfit(event, f"{x} is wrong")').body[0]
    assert isinstance(fold, ast.Raise) and isinstance(fold.exc, ast.Call)
    assert _unkeyed(fold.exc)
    good = ast.parse('raise RuleError("isolation.x", "{x} is wrong", x=x)').body[0]
    assert isinstance(good, ast.Raise) and isinstance(good.exc, ast.Call)
    assert not _unkeyed(good.exc)


EVENT_CLASSES = [
    cls
    for _, cls in inspect.getmembers(iso_events, inspect.isclass)
    if issubclass(cls, iso_events.IsolationEvent) and cls is not iso_events.IsolationEvent
]


def test_every_isolation_event_says_itself_as_a_message_not_as_english():
    assert len(EVENT_CLASSES) >= 31
    for cls in EVENT_CLASSES:
        assert "message" in vars(cls), f"{cls.__name__} does not override message()"
        assert cls.describe is Event.describe, f"{cls.__name__} still overrides describe()"


def test_a_session_of_events_reads_the_same_english_and_carries_keys():
    game = boarding_party(stress=2)
    game.add_link("alice", "eve", "green", "Shared a thermos")
    game.adjust_stress(5, "the lights go out")
    game.injure("eve", "the window gives way")
    for entry in game.journal.entries:
        event = entry.event
        if not isinstance(event, iso_events.IsolationEvent):
            continue
        message = event.message()
        assert isinstance(message, Message)
        assert message.key.startswith("isolation.") and message.key != "core.unkeyed"
        assert event.describe() == render(message)
    lines = [e.event.describe() for e in game.journal.entries]
    assert lines[-5:] == [
        "+ green labeled link “Shared a thermos” between Alice and Eve (added by hand)",
        "Stress 2 → 7: the lights go out; more than the text's 1 to 3 points per event "
        "(ISO-R35, advice)",
        "Eve: Healthy → Injured (the window gives way)",
        "+ red labeled link “Injured” between Alice and Eve (Eve is Injured (ISO-R40))",
        "+ red labeled link “Injured” between Bob and Eve (Eve is Injured (ISO-R40))",
    ]


def test_names_are_refs_a_view_can_write_as_the_tables_names():
    event = iso_events.HealthChanged(
        character_id="eve", old="Healthy", new="Injured", reason="a fall", names={"eve": "Eve"}
    )
    assert event.describe() == "Eve: Healthy → Injured (a fall)"
    assert ("name", Ref("eve", "Eve")) in event.message().values
    assert render(event.message(), names={"eve": "Evelyn"}) == "Evelyn: Healthy → Injured (a fall)"
    old = iso_events.HealthChanged(character_id="eve", old="Healthy", new="Injured", reason="x")
    assert old.describe() == "eve: Healthy → Injured (x)"  # a journal from before names


@pytest.mark.parametrize(
    ("event", "english"),
    [
        (
            iso_events.StressChanged(old=3, new=3, reason="calm", source="gm", requested=-5),
            "Stress 3 → 3: calm (-5 asked, held by the bounds); more than the text's 1 to 3 "
            "points per event (ISO-R35, advice)",
        ),
        (
            iso_events.StressChanged(old=0, new=5, reason="start", source="start"),
            "Stress 0 → 5: start; the text starts Stress at 1, 2 or 3 (ISO-R36, advice)",
        ),
        (
            iso_events.DeathGreensDropped(dead="bob", dropped=1, left=0, names={"bob": "Bob"}),
            "Bob's 1 leftover green link is lost: fewer than two survivors",
        ),
        (
            iso_events.DeathGreensDropped(dead="bob", dropped=3, left=2, names={"bob": "Bob"}),
            "3 of Bob's leftover green links are lost: only 2 living pairs remain to take one each",
        ),
        (
            iso_events.ConflictProposed(
                number=2,
                ap="bob",
                action="hold the door",
                mode="direct",
                pps=(),
                target="eve",
                physical=True,
                names={"bob": "Bob", "eve": "Eve"},
            ),
            "conflict 2: Bob proposes “hold the door”, acting against Eve, alone "
            "[physically threatening]",
        ),
        (
            iso_events.ConflictProposed(
                number=1, ap="bob", action="x", mode="subset", pps=("eve",), automatic=True
            ),
            "conflict 1: bob proposes “x”, persuading eve (Neutral by default: nobody) "
            "— Stress 0: no rolls",
        ),
        (
            iso_events.WoundsAssigned(assignment={"bob": 2, "eve": 0, "al": 1}, lost=1),
            "wounds: bob ×2, al ×1; 1 lost",
        ),
        (iso_events.WoundsPending(wounds=1, candidates=()), "1 wound to distribute among nobody"),
        (
            iso_events.LinkRelabeled(link_id="L4", old="a", new="b"),
            "link L4 relabeled “a” → “b”",
        ),
        (
            iso_events.LinkRemoved(
                link=Link(
                    id="L1",
                    a="al",
                    b="bo",
                    colour="red",
                    labeled=False,
                    label="",
                    origin="temporary",
                ),
                why="cancelled",
            ),
            "− red unlabeled link between al and bo (cancelled)",
        ),
        (iso_events.PairOutcome(a="a", b="b", choice="add_green"), "pair a–b: add green"),
        (iso_events.DifficultySet(difficulty=4), "Difficulty Really Hard (4)"),
    ],
)
def test_each_event_reads_its_english_as_before(event: iso_events.IsolationEvent, english: str):
    assert event.describe() == english
    assert render(event.message(), "qps").startswith("⟦")  # through the catalogue


def test_a_refusal_carries_its_key_and_values():
    game = boarding_party(stress=2)
    with pytest.raises(RuleError, match="there is no character 'zed'") as excinfo:
        game.kill("zed", "a fall")
    assert excinfo.value.key == "isolation.no_such_character"
    assert excinfo.value.values["character_id"] == "'zed'"
    with pytest.raises(RuleError) as excinfo:
        game.adjust_stress(0, "nothing")
    assert excinfo.value.key == "isolation.stress_adjustment_zero"
    assert excinfo.value.values["gm_step"] == 3


def test_an_event_that_does_not_fit_names_its_kind_and_its_problem_as_data():
    from isowidgets.rules.isolation.fold import fold

    game = boarding_party(stress=2)
    event = iso_events.StressChanged(old=9, new=-50, reason="forged", source="gm")
    with pytest.raises(InconsistentEventError, match="stress_changed: a change from Stress 9") as e:
        fold(game.state, event)
    assert e.value.key == "core.inconsistent_event"
    problem = e.value.values["problem"]
    assert isinstance(problem, Message) and problem.key == "isolation.unfit_stress_not_current"
