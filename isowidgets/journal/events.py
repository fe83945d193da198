"""Journal events: the core's own events, and every name of the payload base and its kinds.

Every line of a journal carries one :class:`~.kinds.Event`: a frozen pydantic model of
plain data whose ``(system, kind)`` names its schema. The base, the registry of kinds
and the system finder (:func:`~.kinds.event_type`, :func:`~.kinds.find_systems_with`)
are defined in :mod:`isowidgets.journal.kinds`; this module gives them too.

The core's own events (a session's start, the table's seed, house rules changed, a
retcon, a note, a prepared value, a disclosure, the seed's reveal, a tray roll) are
defined here too. Each has exactly one public way in, named by its :attr:`Event.way_in
<.kinds.Event.way_in>` (``game.reveal()`` journals a reveal, ``game.note(text)`` a
note…), which checks what that event needs; ``Game.commit`` and ``Game.act`` refuse
every core kind (:class:`~isowidgets.errors.CoreEventError`), so a reveal that seals
nothing or a disclosure of an action not played yet can never be journaled.

How an event holds a roll, and how a roll reads in a log line: :mod:`isowidgets.journal.rolls`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import (
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from ..checks import shown
from ..commitment import COMMITMENT_PATTERN, SALT_PATTERN
from ..dice import MAX_TABLE_SEED
from ..words import Message, msg, plural
from .kinds import (
    _REGISTRY,  # noqa: F401  (a test reads the registry here)
    Event,
    Resolver,
    SystemFinder,
    core_event_types,
    event_type,
    find_systems_with,
    setting_words,
    system_title,
)
from .rolls import RollField, _reading, _roll_message, _then, reading_message

__all__ = [
    "Disclosed",
    "Event",
    "Note",
    "Prepared",
    "Resolver",
    "Retcon",
    "RollField",
    "Rolled",
    "SeedRevealed",
    "SessionStarted",
    "SettingsChanged",
    "SystemFinder",
    "TableSeed",
    "core_event_types",
    "event_type",
    "find_systems_with",
    "reading_message",
    "setting_words",
    "system_title",
]


def _said(value: object) -> Message | str | int | float:
    """A house rule's value as the log says it: ``margin``, not ``'margin'``; ``off``.

    A switch and an unset value are words of the catalogue; a whole number and a short
    decimal are passed as numbers (written the reader's way); anything else as it is
    shown."""
    if isinstance(value, bool):
        return msg("core.setting_on", "on") if value else msg("core.setting_off", "off")
    if value is None:
        return msg("core.setting_unset", "unset")
    if isinstance(value, str):
        return shown(value.replace("_", " "), 80).strip("'\"")
    if isinstance(value, int) and 0 <= value < 10_000:
        return value
    if isinstance(value, float) and _plain_decimal(value):
        return value  # written the same in English; with a decimal comma in Danish
    return shown(value, 80)


def _plain_decimal(value: float) -> bool:
    """Whether ``value`` is written the same as a number the reader's way (in English)
    as ``repr`` writes it: a short decimal below 1,000 with at most three decimals."""
    text = repr(value)
    whole, _, fraction = text.partition(".")
    return (
        not value.is_integer()
        and whole.lstrip("-").isdigit()
        and 0 <= value < 1000
        and fraction.isdigit()
        and len(fraction) <= 3
    )


class SessionStarted(Event):
    """The first event of every journal: which system, which settings, and the
    commitment to the session's seed (see :mod:`isowidgets.commitment`)."""

    kind: ClassVar[str] = "session_started"
    way_in: ClassVar[str] = "Game.new() (or Game.open())"
    game: str
    seed: int | str | None = None
    """The seed in plain text: only in journals written before sessions committed to
    their seed (they cannot be verified)."""
    commitment: str | None = Field(default=None, pattern=COMMITMENT_PATTERN)
    """SHA-256 of the salted seed; the seed itself stays out of the journal."""
    settings: dict[str, Any]
    kit_version: str
    title: str = ""
    limits: dict[str, int] | None = None
    """The session's dice caps (:meth:`~.Limits.to_record`); journals
    written before they were recorded have none and reopen with the defaults."""
    dice_scheme: Literal["draws", "hmac-sha256"] = "draws"
    """How the session's random faces were made: ``"hmac-sha256"`` (numbered rolls, see
    :mod:`isowidgets.dice.roller`) for sessions started now; ``"draws"`` (one stream of
    draws, :mod:`isowidgets.dice.streams`) for journals written before, which do not
    name one. :mod:`isowidgets.verify` checks each journal by the rules of its scheme."""

    def message(self) -> Message:
        game = system_title(self.game)
        if self.commitment is not None:
            if self.title:
                return msg(
                    "core.session_started_titled",
                    "{game} session “{title}” started (dice committed: {commitment}…)",
                    game=game,
                    title=self.title,
                    commitment=self.commitment[:12],
                )
            return msg(
                "core.session_started",
                "{game} session started (dice committed: {commitment}…)",
                game=game,
                commitment=self.commitment[:12],
            )
        if self.title:
            return msg(
                "core.session_started_seed_titled",
                "{game} session “{title}” started (seed {seed})",
                game=game,
                title=self.title,
                seed=str(self.seed),
            )
        return msg(
            "core.session_started_seed",
            "{game} session started (seed {seed})",
            game=game,
            seed=str(self.seed),
        )


class SeedRevealed(Event):
    """The session's seed and salt, disclosed so that anyone can verify its rolls.

    Journaled once by :meth:`Game.reveal <.Seeds.reveal>`; after it the
    session rolls no more random dice (typed-in faces still work).
    """

    kind: ClassVar[str] = "seed_revealed"
    way_in: ClassVar[str] = "game.reveal()"
    seed: int | str
    salt: str = Field(pattern=SALT_PATTERN)
    draws: int | None = Field(default=None, ge=0)
    """Sessions of the ``"draws"`` scheme: how many random dice were drawn from its
    stream before the reveal (``None`` when no die was)."""
    public_rolls: int | None = Field(default=None, ge=0)
    """How many public random rolls were numbered before the reveal (so a public roll
    cut off the end is found too). GM-only rolls are not counted here, where every
    viewer reads it; the journal's chain covers them. ``None`` in journals written
    before rolls were numbered."""

    @model_serializer(mode="wrap")
    def _without_unset_counts(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Each scheme's journal holds its own count only (no ``"draws": null``)."""
        data: dict[str, Any] = handler(self)
        for name in ("draws", "public_rolls"):
            if data.get(name, 0) is None:
                del data[name]
        return data

    def message(self) -> Message:
        if self.public_rolls is None:
            return plural(
                "core.seed_revealed_draws",
                "seed revealed: {seed} after {n} random die",
                "seed revealed: {seed} after {n} random dice",
                n=self.draws or 0,
                seed=shown(self.seed, 80),
            )
        return plural(
            "core.seed_revealed",
            "seed revealed: {seed} after {n} public roll",
            "seed revealed: {seed} after {n} public rolls",
            n=self.public_rolls,
            seed=shown(self.seed, 80),
        )


class TableSeed(Event):
    """The table's own seed, given after the commitment was shown and before the first
    random roll, and bound into every roll (see :mod:`isowidgets.dice.roller`).

    The GM's seed was fixed (committed to) before the table chose this one, so the GM
    cannot pick a seed that suits it. Journaled once by :meth:`Game.give_table_seed
    <.give_table_seed>`; it cannot be undone.
    """

    kind: ClassVar[str] = "table_seed"
    way_in: ClassVar[str] = "game.give_table_seed(text)"
    seed: str = Field(min_length=1, max_length=MAX_TABLE_SEED)

    def message(self) -> Message:
        return msg("core.table_seed", "the table's seed: {seed}", seed=shown(self.seed, 80))


class SettingsChanged(Event):
    """House rules changed: ``{name: [old, new]}``."""

    kind: ClassVar[str] = "settings_changed"
    way_in: ClassVar[str] = "game.change_settings(...) (or game.load_settings(path))"
    changes: dict[str, tuple[Any, Any]]

    def message(self) -> Message:
        said: Message | None = None
        for name, (old, new) in reversed(self.changes.items()):
            # The setting's name and values in its system's words where it gives them.
            words = setting_words(name)
            label = getattr(words, "label", None)
            change = msg(
                "core.setting_changed",
                "{name}: {old} → {new}",
                name=label if label is not None else name.replace("_", " "),
                old=(words.value(old) if words is not None else None) or _said(old),
                new=(words.value(new) if words is not None else None) or _said(new),
            )
            said = change if said is None else _then(change, said)
        return msg("core.settings_changed", "house rules: {changes}", changes=said or "")


class Retcon(Event):
    """Takes back an earlier action (undo). Retconning a retcon restores it (redo)."""

    kind: ClassVar[str] = "retcon"
    way_in: ClassVar[str] = "game.undo() and game.redo()"
    action: int = Field(ge=1)
    reason: str = ""

    def message(self) -> Message:
        if self.reason == "undo":
            return msg("core.retcon_undo", "undo of an earlier action")
        if self.reason == "redo":
            return msg("core.retcon_redo", "redo of an earlier action")
        if self.reason:
            return msg(
                "core.retcon_reason", "an earlier action taken back: {reason}", reason=self.reason
            )
        return msg("core.retcon", "an earlier action taken back")


class Note(Event):
    """A free-text note from the table."""

    kind: ClassVar[str] = "note"
    way_in: ClassVar[str] = "game.note(text)"
    text: str

    def message(self) -> Message:
        return msg("core.note", "note: {text}", text=self.text)


class Prepared(Event):
    """A value the GM settles before the table meets it: an NPC's hidden skill, a secret
    difficulty, the event planned for the third round.

    Journaled by :meth:`Game.prepare <.GmOnly.prepare>` (GM-only unless
    asked otherwise), so the log shows what was fixed in advance and when, and a later
    :class:`Disclosed` proves the GM did not change it. It changes no state.
    """

    kind: ClassVar[str] = "prepared"
    way_in: ClassVar[str] = "game.prepare(name, value)"
    name: str
    value: int | str

    def message(self) -> Message:
        return msg(
            "core.prepared", "prepared: {name} = {value}", name=self.name, value=str(self.value)
        )


class Disclosed(Event):
    """Shows an earlier GM-only action to the table from now on.

    Journaled by :meth:`Game.disclose <.GmOnly.disclose>`. Not to be
    confused with :class:`SeedRevealed`, which discloses the dice seed. An undo takes
    the disclosure back (the action is GM-only again).
    """

    kind: ClassVar[str] = "disclosed"
    way_in: ClassVar[str] = "game.disclose(action)"
    action: int = Field(ge=1)

    def message(self) -> Message:
        return msg("core.disclosed", "shown to the table: an earlier GM-only action")


class Rolled(Event):
    """A plain roll on the dice tray, with what it was for and how it reads."""

    kind: ClassVar[str] = "rolled"
    way_in: ClassVar[str] = "DiceTray.roll(pool)"
    roll: RollField
    purpose: str = ""
    reading: str = ""

    def message(self) -> Message:
        said = _roll_message(self.roll)
        if self.reading:  # the tray's reading, in the reader's language when it is the kit's
            said = msg(
                "core.rolled_reading",
                "{roll} → {reading}",
                roll=said,
                reading=_reading(self.roll, self.reading),
            )
        if self.purpose:  # what the table typed it was for
            said = msg("core.rolled_purpose", "{purpose}: {roll}", purpose=self.purpose, roll=said)
        return said
