"""The kit's error family.

Every error isowidgets raises on purpose descends from :class:`IsowidgetsError`.
Errors about what a player or GM asked for (a rule violation, impossible dice, a
bad setting) are also :class:`ValueError`, so code that knows nothing about this
kit can still catch them.

An error is data (see :mod:`isowidgets.words`): a message key, its English template
and the values it speaks of (the argument, the value received, shortened, what is
allowed), as ``error.key``, ``error.values`` and ``error.message``. ``str(error)`` is
the English sentence for plain callers; a view shows ``error.render(language)``.
Raise one with the key and the template as literals, so the catalogues can be
extracted from the code:

.. code-block:: py

    raise RuleError("isolation.no_conflict", "no conflict is in progress")
    raise DiceError("dice.too_many", "{pool} asks for {count} dice", pool=..., count=n)

Messages follow one pattern: what was received, what is allowed, and where it
helps, a tip that starts with "Tip:". A rejected action never changes the game
state or the journal: the engine computes the whole outcome before it writes
anything.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import Any

from .words import Clip, Message, is_key, render

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
    "RollCheckError",
    "RuleError",
    "SaveFileError",
    "SettingsError",
    "TableSeedError",
    "VerifyError",
    "cause",
    "folding",
    "inconsistent",
]


class IsowidgetsError(Exception):
    """Root of every error the kit raises on purpose.

    Args:
        what: the message key (with ``template``), or a ready :class:`~.Message`.
        template: the English template of the key.
        **values: the values of the template's placeholders.
    """

    def __init__(self, what: str | Message, template: str | None = None, /, **values: Any) -> None:
        if isinstance(what, Message):
            message = what
        elif template is not None and is_key(what):
            message = Message(what, template, "", tuple(values.items()))
        else:  # a sentence with no key: never raised by the kit (tests/unit/test_words.py)
            text = str(what).replace("{", "{{").replace("}", "}}")
            message = Message("core.unkeyed", text)
        self.message = message
        super().__init__(render(message))

    @property
    def key(self) -> str:
        """What the error is about: its message key."""
        return self.message.key

    @property
    def values(self) -> dict[str, Any]:
        """The values the message speaks of, by placeholder name."""
        return self.message.arguments

    def render(self, language: str = "en", *, names: Mapping[str, str] | None = None) -> str:
        """The error as a person reads it in ``language`` (see
        :func:`isowidgets.words.render() <.catalogues.render>`)."""
        return render(self.message, language, names=names)


class RuleError(IsowidgetsError, ValueError):
    """An action the rules (or the current house-rule settings) do not allow."""


class CoreEventError(RuleError):
    """A core event handed to ``commit`` or ``act``: each has one public way in
    (``error.values``: the event's ``kind`` and its ``way_in``)."""

    def __init__(self, kind: str, way_in: str) -> None:
        super().__init__(
            "core.one_way_in",
            "a {kind} event is journaled only by {way_in}, which checks what it needs; "
            "commit() and act() take a system's own events. Nothing was written.",
            kind=kind,
            way_in=way_in,
        )

    @property
    def kind(self) -> str:
        """The event's kind (``"seed_revealed"``)."""
        return str(self.values["kind"])

    @property
    def way_in(self) -> str:
        """The method that journals it (``"game.reveal()"``)."""
        return str(self.values["way_in"])


class TableSeedError(RuleError):
    """The table's seed cannot be given now: it was given already
    (``core.table_seed_given``), the seed is revealed (``core.table_seed_revealed``), or
    a random roll was made already (``core.table_seed_rolled``)."""


class RollCheckError(RuleError):
    """An action whose random rolls are not exactly the rolls its dice made (a bug in a
    rule, or a roll copied into ``commit``): an event carries a roll the action's dice
    did not make next (``core.roll_not_made``), or a roll was made that no event carries
    (``core.roll_not_journaled``). Nothing is written."""


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
    :meth:`Game.load_settings <.load_settings>` can refuse.
    """


class JournalError(IsowidgetsError):
    """A session journal that cannot be read, validated or written."""


class JournalLockedError(JournalError):
    """The journal is open for writing in another process."""


class JournalTamperedError(JournalError):
    """A journal line that is not what was written there: a line changed, inserted,
    removed, swapped or retyped (the sequence, the order of actions or the hash chain
    shows it). Nothing past it can be trusted.

    Its values: ``path``, ``line`` (of the file), ``seq``, ``kind`` and ``summary`` (the
    line's event) and ``why``, the problem as a message of its own (``journal.tampered_*``).
    """

    @property
    def line(self) -> int:
        return int(self.values["line"])

    @property
    def seq(self) -> int:
        return int(self.values["seq"])

    @property
    def kind(self) -> str:
        return str(self.values["kind"])

    @property
    def summary(self) -> str:
        """The line's event as the log says it, in English (its values hold it as a
        message, rendered in the reader's language where the error is shown)."""
        said = self.values["summary"]
        if isinstance(said, Clip):
            text = render(said.value) if isinstance(said.value, Message) else str(said.value)
            return text if len(text) <= said.most else f"{text[: said.most - 1]}…"
        return render(said) if isinstance(said, Message) else str(said)

    @property
    def why(self) -> Message:
        """What is wrong with the line, as a message (its key names the problem)."""
        why: Message = self.values["why"]
        return why


class VerifyError(JournalError):
    """A journal whose rolls cannot be verified: no commitment, no reveal, or a
    revealed seed that does not match its commitment (``verify.*``), or a head given
    that is not one."""


class InconsistentEventError(JournalError):
    """An event that does not fit the state it is folded into.

    Never a refusal of what a player or GM asked for (that is a
    :class:`RuleError`, raised before any event exists): the rules that made the
    event have a bug, or a journal was edited by hand. Raised by a system's fold
    (its ``apply``) when it re-checks an event; :meth:`Game.commit
    <isowidgets.game.Game.commit>` writes nothing, and replay reports it as a
    :class:`JournalError` naming the line.
    """


def cause(exc: BaseException) -> Message | str:
    """What ``exc`` says, as a value of another message: the kit's error as its message
    (so it is rendered in the reader's language), any other exception as its text."""
    if isinstance(exc, IsowidgetsError):
        return exc.message
    message = getattr(exc, "message", None)  # a journal line's problem carries one too
    return message if isinstance(message, Message) else str(exc)


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
        raise inconsistent(kind, exc) from None


def inconsistent(kind: str, exc: RuleError) -> InconsistentEventError:
    """What :func:`folding` raises for ``exc``, a :class:`RuleError` raised while folding
    event ``kind`` (for a caller that folds thousands of events and catches it itself)."""
    return InconsistentEventError(
        "core.inconsistent_event", "{kind}: {problem}", kind=kind, problem=exc.message
    )
