"""The fuzz tier's one check: a call acts, or raises the kit's error and changes nothing.

:func:`perform` makes one call on a :class:`Subject` (a game, the dice ...) and
holds it to the contract every public method of the kit promises:

* it returns, or raises :class:`~isowidgets.errors.IsowidgetsError` (anything else,
  a warning, or taking longer than :data:`PATIENCE` seconds is a failure);
* after a refusal the subject's snapshot (for a game: its state, its journal's
  bytes and its dice) is exactly what it was before, and the message stays short.

A failure raises :class:`FuzzFailure` with a repro: the calls that acted before it
(a refused call changes nothing, so they are the whole story) and the failing
call, every value shortened. :data:`COUNTS` keeps how many calls each subject
took, for the tier's summary and its volume check.
"""

from __future__ import annotations

import contextlib
import signal
import traceback
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from fuzz_values import Call, Context, shown_call
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    rule,
    run_state_machine_as_test,
)

import isowidgets
from isowidgets.errors import IsowidgetsError

TARGET = 10_000
"""Calls each game must take in one run of the tier (issue 11: at least 10,000)."""

PATIENCE = 5.0
"""Seconds one call may take. A click that takes longer hangs the table; a quadratic
parser fed 100,000 characters takes minutes, and this turns that into a failure."""

LONGEST_MESSAGE = 3_000
"""The longest refusal message allowed: messages show at most ~200 characters of
what they received (``isowidgets.checks.shown``), so 3,000 is generous."""

SHOWN_ACTED = 60
"""The most calls that acted a repro lists (an example makes 50)."""

COUNTS: defaultdict[str, Counter[str]] = defaultdict(Counter)
"""Per subject: ``calls``, and how many ``acted`` or were ``refused``."""

PACKAGE = str(Path(isowidgets.__file__).parent)
"""Where the kit's code is: a failure is located at the innermost frame in it."""


class FuzzFailure(AssertionError):
    """A call broke the contract; the message is its repro."""


class Hang(BaseException):
    """Raised by the watchdog inside a call that takes too long (a BaseException, so
    no ``except Exception`` in the kit can swallow it)."""


class Subject(Protocol):
    """What the fuzzer calls methods on."""

    label: str
    """The name :data:`COUNTS` and the repro use (``isolation``, ``dice``)."""

    owner: str
    """What the repro calls the methods on (``game``)."""

    setup: str
    """How the subject was built, for the repro (``IsolationGame.resume(...)``)."""

    def snapshot(self) -> dict[str, Any]:
        """Everything a refusal must leave as it was, by name."""
        ...

    def settle(self, result: object) -> None:
        """Tidy up after a call that acted (close a game a constructor returned)."""
        ...


class Driven(Subject, Protocol):
    """A subject a state machine drives (see :func:`subject_machine`)."""

    cwd: Path
    """The directory its calls run in."""

    def context(self) -> Context:
        """Its methods and where their valid values come from."""
        ...

    def reload(self) -> None:
        """Get back to a consistent state after a failure (keep-going mode only)."""
        ...

    def finish(self) -> str:
        """A last check after the example's calls: ``""``, or what is wrong."""
        ...

    def close(self) -> None:
        """Release files."""
        ...


@dataclass
class Finding:
    """One failure, as the survey lists it (see ``survey.py``)."""

    key: tuple[str, ...]
    repro: str


@dataclass
class Session:
    """The calls that acted on one subject so far, for the repro."""

    subject: Subject
    context: Context
    cwd: Path
    """Calls run in this directory, so a path argument never lands in the project."""
    acted: list[str] = field(default_factory=list)


KEEP_GOING: list[Callable[[Finding], None]] = []
"""When a callback is here (the survey puts one), failures are handed to it instead of
raised, so one run lists every distinct failure instead of the first."""


@contextlib.contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the block if it runs longer than ``seconds``."""

    def expire(signum: int, frame: object) -> None:
        raise Hang()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def perform(session: Session, call: Call) -> str:
    """Make one drawn call and check the contract: ``acted``, ``refused`` or ``failed``
    (only returned with :data:`KEEP_GOING`; else a failure raises).

    Raises:
        FuzzFailure: the call broke the contract (unless :data:`KEEP_GOING`).
    """
    subject, context = session.subject, session.context
    name, args, kwargs = context.resolve(call)
    method = context.functions[name]
    shown = shown_call(subject.owner, name, args, kwargs)
    before = subject.snapshot()
    COUNTS[subject.label]["calls"] += 1
    error: BaseException | None = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with contextlib.chdir(session.cwd), watchdog(PATIENCE):
                result = method(*args, **kwargs)
        except (Exception, Hang) as exc:
            error = exc
    if error is None:
        subject.settle(result)
        COUNTS[subject.label]["acted"] += 1
        if caught:
            warning = caught[0]
            lines = [line.strip() for line in str(warning.message).splitlines() if line.strip()]
            gist = f"{lines[0]} … {lines[-1]}" if len(lines) > 1 else "".join(lines)
            return fail(
                session,
                ("(any)", "warned", warning.category.__name__, lines[-1].split(":")[0][:80]),
                shown,
                f"acted but warned {warning.category.__name__}: {gist[:300]}",
            )
        session.acted.append(shown)
        context.remember(name, args, kwargs)
        return "acted"
    if isinstance(error, Hang):
        return fail(session, (name, "hang"), shown, f"took more than {PATIENCE:g} s (a hang)")
    if not isinstance(error, IsowidgetsError):
        where = _origin(error)
        return fail(
            session,
            (name, type(error).__name__, where),
            shown,
            f"raised {type(error).__name__} (not the kit's error) at {where}: {_gist(error)}",
            error,
        )
    COUNTS[subject.label]["refused"] += 1
    after = subject.snapshot()
    changed = [k for k in before if not _same(before[k], after[k])]
    if changed:
        return fail(
            session,
            (name, f"changed {'+'.join(changed)}", type(error).__name__),
            shown,
            f"raised {type(error).__name__} but changed the {', '.join(changed)}: {_gist(error)}",
            error,
        )
    message = str(error)
    if len(message) > LONGEST_MESSAGE:
        return fail(
            session,
            (name, "long message", type(error).__name__),
            shown,
            f"raised {type(error).__name__} with a message of {len(message):,} characters "
            f"(at most {LONGEST_MESSAGE:,}): {_gist(error)}…",
        )
    return "refused"


def _gist(exc: BaseException) -> str:
    """The start of an exception's message, on one line."""
    return " ".join(str(exc)[:300].split())[:200]


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return a is b


def _origin(exc: BaseException) -> str:
    """``file:line in function`` of the innermost frame inside the kit, if any."""
    frames = traceback.extract_tb(exc.__traceback__)
    inside = [f for f in frames if f.filename.startswith(PACKAGE)]
    frame = (inside or frames or [None])[-1]
    if frame is None:
        return "?"
    path = Path(frame.filename)
    shown = path.relative_to(Path(PACKAGE).parent) if path.is_relative_to(PACKAGE) else path.name
    return f"{shown}:{frame.lineno} in {frame.name}"


def fail(
    session: Session,
    key: tuple[str, ...],
    shown: str,
    what: str,
    exc: BaseException | None = None,
) -> str:
    """Raise :class:`FuzzFailure` with the repro (or hand it to :data:`KEEP_GOING`)."""
    COUNTS[session.subject.label]["failed"] += 1
    lines = [f"{session.subject.label}: {session.subject.setup}"]
    if session.acted:
        count = len(session.acted)
        which = "this call" if count == 1 else f"these {count} calls"
        cut = f" (the last {SHOWN_ACTED})" if count > SHOWN_ACTED else ""
        lines.append(f"then {which} acted{cut}:")
        lines += [f"    {line}" for line in session.acted[-SHOWN_ACTED:]]
    lines.append(f"then {shown}")
    lines.append(f"    {what}")
    repro = "\n".join(lines).encode("utf-8", "backslashreplace").decode("utf-8")
    if KEEP_GOING:
        for record in KEEP_GOING:
            record(Finding((session.subject.label, *key), repro))
        return "failed"
    raise FuzzFailure(repro) from exc


def summary(labels: Sequence[str] | None = None) -> list[str]:
    """One line per subject: calls, acted, refused."""
    lines = []
    for label in labels or sorted(COUNTS):
        c = COUNTS[label]
        lines.append(
            f"{label:<18}{c['calls']:>8,} calls {c['acted']:>8,} acted {c['refused']:>8,} refused"
        )
    return lines


# --------------------------------------------------------------------------- the machine

CALL = st.builds(Call, st.integers(0, 2**64 - 1))


def subject_machine(
    name: str, choices: int, start: Callable[[int], Driven]
) -> type[RuleBasedStateMachine]:
    """A state machine whose steps are drawn calls on the subject ``start(which)`` makes,
    ``which`` drawn from ``range(choices)``."""

    class Fuzz(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.subject: Driven | None = None
            self.session: Session | None = None
            self.broken = False

        @initialize(which=st.integers(0, choices - 1))
        def start(self, which: int) -> None:
            self.subject = start(which)
            self.session = self.fresh_session()

        def fresh_session(self) -> Session:
            assert self.subject is not None
            acted = self.session.acted if self.session else []
            return Session(self.subject, self.subject.context(), self.subject.cwd, acted)

        @rule(call=CALL)
        def call(self, call: Call) -> None:
            assert self.session is not None and self.subject is not None
            try:
                outcome = perform(self.session, call)
            except FuzzFailure:
                self.broken = True
                raise
            if outcome == "failed":  # keep going, from a consistent state
                self.subject.reload()
                self.session = self.fresh_session()

        def teardown(self) -> None:
            if self.subject is None:
                return
            try:
                problem = "" if self.broken else self.subject.finish()
            finally:
                self.subject.close()
            if problem:
                assert self.session is not None
                fail(self.session, ("finish",), "(after the last call)", problem)

    Fuzz.__name__ = Fuzz.__qualname__ = name
    return Fuzz


def run(machine: type[RuleBasedStateMachine], label: str, calls: int, steps: int = 50) -> int:
    """Run ``machine`` for at least about ``calls`` calls, in examples of ``steps`` calls
    each; return how many calls ran.

    No shrinking: a failure's repro is already short (the calls that acted and the
    one that failed), and shrinking a sequence that hangs a call for
    :data:`PATIENCE` seconds would take many minutes.
    """
    before = COUNTS[label]["calls"]
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=calls * 5 // (4 * steps),  # a quarter more: examples may end early
            stateful_step_count=steps,
            phases=[Phase.explicit, Phase.reuse, Phase.generate],
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        ),
    )
    return COUNTS[label]["calls"] - before
