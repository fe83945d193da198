"""A session's house rules: the settings it starts with, changes, saves and loads, and
the exact odds a designer asks of them.

:class:`HouseRules` is the part of :class:`~isowidgets.game.Game` that deals with
settings (see :mod:`isowidgets.settings` for the settings themselves): every change
is validated and journaled as a :class:`~.SettingsChanged`, and
:meth:`~HouseRules.ask_odds` answers a system's odds questions under any settings,
with no session at all.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from . import checks
from .binding import refuse_bad_calls, refusing
from .checks import shown
from .contract import OddsQuestion
from .errors import JournalError, RuleError, SettingsError
from .journal import Entry, Event, Journal, SessionStarted, SettingsChanged
from .settings import RuleSettings
from .words import msg

__all__ = ["HouseRules"]


class HouseRules:
    """Settings of a session: changed, saved and loaded (journaled), and asked for odds."""

    settings_type: ClassVar[type[RuleSettings]] = RuleSettings
    """The system's settings class (one setting per ambiguity of its rule text)."""
    odds_questions: ClassVar[Mapping[str, OddsQuestion]] = MappingProxyType({})
    """The questions the system's exact odds answer, by name (see
    :class:`~isowidgets.contract.OddsQuestion` and :meth:`~.HouseRules.ask_odds`)."""

    if TYPE_CHECKING:
        title: ClassVar[str]
        _state: Any

        def commit(self, *events: Event) -> list[Entry]: ...

        def _way_in(self, *kinds: type[Event]) -> contextlib.AbstractContextManager[None]: ...

    @classmethod
    def _start_settings(cls, journal: Journal, entry: Entry) -> RuleSettings:
        """The settings a session started with, validated like any settings."""
        assert isinstance(entry.event, SessionStarted)
        try:
            return cls.settings_type(**entry.event.settings)
        except SettingsError as exc:
            raise JournalError(
                "journal.settings_do_not_load",
                "{where}, line {line}: the session's settings do not load: {problem}",
                where=str(journal.path or "journal"),
                line=journal.line_number(entry.seq),
                problem=exc.message,
            ) from None

    @classmethod
    def _coerce_settings(cls, settings: RuleSettings | None) -> RuleSettings:
        if settings is None:
            return cls.settings_type()
        if not isinstance(settings, cls.settings_type):
            raise RuleError(
                "core.settings_type",
                "{title} needs {needs}, got {type} {got}",
                title=cls.title,
                needs=cls.settings_type.__name__,
                type=type(settings).__name__,
                got=shown(settings, 80),
            )
        return settings

    @classmethod
    @refusing  # a class method is not wrapped by __init_subclass__: refuse bad calls here too
    def ask_odds(
        cls,
        question: str,
        size: int,
        settings: RuleSettings | Mapping[str, Any] | None = None,
    ) -> dict[str, float]:
        """The exact answer to one of :attr:`odds_questions` for ``size`` under ``settings``.

        Needs no session: a designer asks before anyone plays. ``settings`` is this
        system's settings object, or a mapping of the settings to change from the
        defaults (``{"penalty_keep_mode": "three_worst"}``), or ``None`` for the defaults.

        Returns:
            Outcome (in words) → probability, in the question's order.

        Raises:
            RuleError: an unknown question, or a size outside the question's range.
            SettingsError: settings of another system, an unknown setting or a value
                it cannot take.
        """
        name = checks.choice(question, "an odds question", list(cls.odds_questions))
        asked = cls.odds_questions[name]
        number = checks.whole(
            size,
            msg("core.what.odds_size", "the size ({size})", size=asked.size),
            asked.low,
            asked.high,
        )
        if settings is None:
            chosen = cls.settings_type()
        elif isinstance(settings, Mapping):
            changes = dict(settings)
            for key in changes:  # a key that is not text is refused by name, not by Python
                cls.settings_type.check_name(key)
            chosen = cls.settings_type().updated(**changes)
        elif isinstance(settings, cls.settings_type):
            chosen = settings
        else:
            raise SettingsError(
                "core.odds_settings",
                "{title}'s odds need {needs}, a mapping of settings to change, or None; got "
                "{type} {got}",
                title=cls.title,
                needs=cls.settings_type.__name__,
                type=type(settings).__name__,
                got=shown(settings, 80),
            )
        return {outcome: float(p) for outcome, p in asked.answer(chosen, number).items()}

    def change_settings(self, **changes: Any) -> list[Entry]:
        """Change house rules; every change is validated and journaled.

        Raises:
            SettingsError: an unknown setting or a value it cannot take.
        """
        current = self._state.settings
        updated = current.updated(**changes)
        diff = updated.changes_from(current)
        if not diff:
            return []
        with self._way_in(SettingsChanged):
            return self.commit(SettingsChanged(changes=diff))

    def load_settings(self, path: str | os.PathLike[str]) -> list[Entry]:
        """Load house rules from a TOML file (validated) and journal the changes.

        The file is the whole set of settings: one it does not name takes its default.

        The file is read whole and validated before anything changes (see
        :meth:`RuleSettings.load <isowidgets.settings.RuleSettings.load>` for its
        size limit and the bound on numbers).

        Raises:
            SettingsError: ``path`` is not a file path, or (as its subclass
                :class:`~isowidgets.errors.SaveFileError`) the file cannot be read
                or is not valid settings of this system; nothing is journaled.
        """
        loaded = self.settings_type.load(path)
        return self.change_settings(**loaded.model_dump())

    def save_settings(self, path: str | os.PathLike[str], language: str = "en") -> Path:
        """Save the current house rules as a TOML file commented in ``language``.

        Raises:
            SettingsError: ``path`` is not a file path (empty, ``None``, holding a
                NUL or a lone surrogate), a language the kit does not speak, or (as
                :class:`~isowidgets.errors.SaveFileError`) it cannot be written.
        """
        settings: RuleSettings = self._state.settings
        return settings.save(path, language)


refuse_bad_calls(HouseRules)
