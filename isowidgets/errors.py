"""The kit's error family.

Every error isowidgets raises on purpose descends from :class:`IsowidgetsError`.
Errors about what a player or GM asked for (a rule violation, impossible dice, a
bad setting) are also :class:`ValueError`, so code that knows nothing about this
kit can still catch them.

Messages follow one pattern: what was received, what is allowed, and where it
helps, a tip that starts with "Tip:". A rejected action never changes the game
state or the journal: the engine computes the whole outcome before it writes
anything.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

__all__ = [
    "CoreEventError",
    "DiceCapError",
    "DiceError",
    "FacesError",
    "InconsistentEventError",
    "IsowidgetsError",
    "JournalError",
    "JournalLockedError",
    "JournalTamperedError",
    "RuleError",
    "SaveFileError",
    "SettingsError",
    "VerifyError",
    "folding",
]


class IsowidgetsError(Exception):
    """Root of every error the kit raises on purpose."""


class RuleError(IsowidgetsError, ValueError):
    """An action the rules (or the current house-rule settings) do not allow."""


class CoreEventError(RuleError):
    """A core event handed to ``commit`` or ``act``: each has one public way in.

    Attributes:
        kind: the event's kind (``"seed_revealed"``).
        way_in: the method that journals it (``"game.reveal()"``).
    """

    def __init__(self, kind: str, way_in: str) -> None:
        self.kind = kind
        self.way_in = way_in
        super().__init__(
            f"a {kind} event is journaled only by {way_in}, which checks what it needs; "
            "commit() and act() take a system's own events. Nothing was written."
        )


class DiceError(RuleError):
    """A dice request that cannot be honoured."""


class DiceCapError(DiceError):
    """A pool or an explosion chain larger than the documented caps."""


class FacesError(DiceError):
    """Typed-in faces that do not fit the pool they were entered for."""


class SettingsError(IsowidgetsError, ValueError):
    """A house-rule setting that does not exist or has a value it cannot take."""


class SaveFileError(SettingsError):
    """A settings file that cannot be read or written, or is not valid data for this kit.

    A :class:`SettingsError` too, so one ``except SettingsError`` covers every way
    :meth:`Game.load_settings <isowidgets.game.Game.load_settings>` can refuse.
    """


class JournalError(IsowidgetsError):
    """A session journal that cannot be read, validated or written."""


class JournalLockedError(JournalError):
    """The journal is open for writing in another process."""


class JournalTamperedError(JournalError):
    """A journal line that is not what was written there: a line changed, inserted,
    removed, swapped or retyped (the sequence, the order of actions or the hash chain
    shows it). Nothing past it can be trusted.

    Attributes:
        path: the journal.
        line: the line of the file.
        seq: the line's sequence number.
        kind: its event's kind.
        summary: its event as the log shows it.
        problem: what is wrong, as a key (``"chain"``, ``"sequence"``…).
        facts: the values the message is built from.
        why: what is wrong, in words (the message names the file, line and event too).
    """

    def __init__(
        self,
        message: str,
        *,
        why: str,
        path: str,
        line: int,
        seq: int,
        kind: str,
        summary: str,
        problem: str,
        facts: dict[str, object],
    ) -> None:
        self.path = path
        self.line = line
        self.seq = seq
        self.kind = kind
        self.summary = summary
        self.problem = problem
        self.facts = facts
        self.why = why
        super().__init__(message)


class VerifyError(JournalError):
    """A journal whose rolls cannot be verified: no commitment, no reveal, or a
    revealed seed that does not match its commitment.

    Attributes:
        problem: which, as a key (``"no_commitment"``, ``"no_reveal"``, ``"secret"``…).
        facts: the values the message is built from (the lines it names…).
    """

    def __init__(
        self, message: str, *, problem: str = "", facts: dict[str, object] | None = None
    ) -> None:
        self.problem = problem
        self.facts = dict(facts or {})
        super().__init__(message)


class InconsistentEventError(JournalError):
    """An event that does not fit the state it is folded into.

    Never a refusal of what a player or GM asked for (that is a
    :class:`RuleError`, raised before any event exists): the rules that made the
    event have a bug, or a journal was edited by hand. Raised by a system's fold
    (its ``apply``) when it re-checks an event; :meth:`Game.commit
    <isowidgets.game.Game.commit>` writes nothing, and replay reports it as a
    :class:`JournalError` naming the line.
    """


@contextlib.contextmanager
def folding(kind: str) -> Iterator[None]:
    """Report a :class:`RuleError` raised while folding event ``kind`` as inconsistent.

    A system's fold looks ids up in its model (``state.character(id)``…), and a
    failed lookup raises :class:`RuleError`; inside a fold it means the event names
    what is not there, so it becomes an :class:`InconsistentEventError` naming the
    event. An :class:`InconsistentEventError` passes through unchanged.
    """
    try:
        yield
    except InconsistentEventError:
        raise
    except RuleError as exc:
        raise InconsistentEventError(f"{kind}: {exc}") from None
