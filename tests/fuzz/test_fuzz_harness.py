"""The fuzz tier's own checks: each kind of broken call fails it, and drawn calls bind.

A toy subject whose methods break the contract in one way each shows that
``perform`` catches every way (an error not the kit's, a refusal that changes
the state, a hang, a warning, a message that repeats a megabyte), and that a
well-behaved call passes. Drawn calls on every game method must bind to its
signature, so a ``TypeError`` the tier reports is the kit's, never Python's for a
call the harness built wrong.
"""

from __future__ import annotations

import time
import warnings
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import fuzz_harness
import pytest
from fuzz_games import GameSubject, template
from fuzz_harness import FuzzFailure, Session, perform
from fuzz_values import Call, Context

from isowidgets import systems
from isowidgets.errors import RuleError


class Box:
    """A toy subject: one number and a log, and a method per way to break the contract."""

    label = "box"
    owner = "box"
    setup = "a toy box"

    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.value = 0
        self.log: list[str] = []

    def snapshot(self) -> dict[str, Any]:
        return {"state": self.value, "journal": list(self.log)}

    def settle(self, result: object) -> None:
        pass

    def fine(self, n: int) -> int:
        self.value += 1
        return n

    def refuses(self, n: int) -> None:
        raise RuleError("no")

    def sloppy(self, n: int) -> None:
        self.log.append("half an action")
        raise RuleError("no, but a line was written")

    def crashes(self, n: int) -> None:
        raise KeyError(n)

    def hangs(self, n: int) -> None:
        time.sleep(30)

    def warns(self, n: int) -> None:
        warnings.warn("something odd", RuntimeWarning, stacklevel=1)

    def chatty(self, n: int) -> None:
        raise RuleError("no: " + "x" * 10_000)


@pytest.fixture(autouse=True)
def own_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the toy's calls out of the tier's summary."""
    monkeypatch.setattr(fuzz_harness, "COUNTS", defaultdict(Counter))


def session_for(box: Box) -> Session:
    names = ("fine", "refuses", "sloppy", "crashes", "hangs", "warns", "chatty")
    context = Context(
        box.owner, {n: getattr(box, n) for n in names}, lambda: ((), lambda: ([], []))
    )
    return Session(box, context, box.cwd)


def call_of(session: Session, name: str) -> Call:
    """A draw that calls ``name``."""
    return next(Call(s) for s in range(10_000) if session.context.resolve(Call(s))[0] == name)


@pytest.mark.parametrize(
    ("name", "complaint"),
    [
        ("sloppy", "raised RuleError but changed the journal"),
        ("crashes", "raised KeyError (not the kit's error)"),
        ("hangs", "took more than 0.2 s (a hang)"),
        ("warns", "acted but warned RuntimeWarning: something odd"),
        ("chatty", "with a message of 10,004 characters"),
    ],
)
def test_each_way_of_breaking_the_contract_fails_the_tier(
    name: str, complaint: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fuzz_harness, "PATIENCE", 0.2)
    session = session_for(Box(tmp_path))
    with pytest.raises(FuzzFailure) as failure:
        perform(session, call_of(session, name))
    assert complaint in str(failure.value)
    assert f"box.{name}(" in str(failure.value)  # the repro names the call


def test_a_call_that_acts_or_refuses_cleanly_passes(tmp_path: Path) -> None:
    box = Box(tmp_path)
    session = session_for(box)
    assert perform(session, call_of(session, "fine")) == "acted"
    assert perform(session, call_of(session, "refuses")) == "refused"
    assert box.value == 1
    assert session.acted == [session.acted[0]] and session.acted[0].startswith("box.fine(")


@pytest.mark.parametrize("system", systems.names())
def test_drawn_calls_bind_to_the_methods_signatures(system: str, scratch: Path) -> None:
    subject = GameSubject(
        template(system, 0, scratch), (system, 0), scratch / f"bind-{system}.jsonl", scratch
    )
    try:
        context = subject.context()
        for seed in range(2_000):
            name, args, kwargs = context.resolve(Call(seed))
            context.signatures[name].bind(*args, **kwargs)
    finally:
        subject.close()
