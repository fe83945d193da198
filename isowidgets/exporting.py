"""A session's files: its log as a table, and every file a game exports.

:class:`Exports` is the part of :class:`~isowidgets.game.Game` that writes a session
out: the log as a pandas DataFrame (:meth:`~Exports.log`), and :meth:`~Exports.export`
of the log's formats (``md``, ``csv``, ``json``), of the system's own
:attr:`~Exports.exports` (a chronicle, a record sheet) and of the kit's exports of any
session (the recap, found by :func:`session_exports`), whole or as viewers see it.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from importlib.metadata import entry_points
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from . import checks
from .binding import refuse_bad_calls
from .checks import shown
from .contract import Export, SessionExport
from .errors import JournalError
from .journal import Entry, Journal, effective_entries, log_format, log_frame
from .journal.export import LOG_FORMATS
from .reasons import os_reason
from .words import languages, render

__all__ = ["EXPORT_ENTRY_POINT_GROUP", "Exports", "session_exports"]

EXPORT_ENTRY_POINT_GROUP = "isowidgets.exports"
"""The entry-point group the kit's exports of any session (the recap) are declared in."""


@functools.cache
def session_exports() -> Mapping[str, SessionExport]:
    """The exports every game offers besides the log and its system's own, by name,
    found in the ``isowidgets.exports`` entry points (an object that is no
    :class:`~isowidgets.contract.SessionExport` is left out)."""
    found: dict[str, SessionExport] = {}
    for point in entry_points(group=EXPORT_ENTRY_POINT_GROUP):
        loaded = point.load()
        if isinstance(loaded, SessionExport):
            found[point.name] = loaded
    return MappingProxyType(found)


class Exports:
    """How a session is written out: its log, and the files its game exports."""

    exports: ClassVar[Mapping[str, Export]] = MappingProxyType({})
    """The system's own exports by name (see :class:`~isowidgets.contract.Export`),
    written by :meth:`~.Exports.export` beside the log's formats ``md``, ``csv`` and ``json``."""

    if TYPE_CHECKING:
        _journal: Journal

        def public_view(self) -> list[Entry]: ...

    def log(
        self, *, effective_only: bool = False, public: bool = False, language: str = "en"
    ) -> Any:
        """The journal as a pandas DataFrame (see
        :meth:`Journal.to_frame <.LogViews.to_frame>`), its summaries in ``language``; with
        ``public=True`` what a viewer is shown (:meth:`public_view() <.GmOnly.public_view>`:
        the public entries, numbered again)."""
        if not checks.flag(public, "public", error=JournalError):
            return self._journal.to_frame(effective_only=effective_only, language=language)
        effective_only = checks.flag(effective_only, "effective_only", error=JournalError)
        language = checks.choice(language, "language", languages(), error=JournalError)
        return log_frame(self.public_view(), effective_only=effective_only, language=language)

    @classmethod
    def export_formats(cls, language: str = "en") -> dict[str, str]:
        """Every format :meth:`export` writes, name → label: the log's, the system's, then
        the kit's own for any session (the recap, :func:`session_exports`), whose labels
        are messages written in ``language`` (a table offers them in the language it
        speaks; a language the kit does not speak reads English)."""
        return (
            dict(LOG_FORMATS)
            | {name: export.label for name, export in cls.exports.items()}
            | {name: render(export.label, language) for name, export in session_exports().items()}
        )

    def export(
        self,
        path: str | os.PathLike[str],
        fmt: str | None = None,
        *,
        public: bool | None = None,
        language: str = "en",
    ) -> Path:
        """Write the session to ``path``: the log as ``md``, ``csv`` or ``json`` (by the
        suffix unless ``fmt``; see :meth:`.LogViews.export`), one of the system's own
        :attr:`exports` named by ``fmt`` (a chronicle…), from the effective journal, or
        one the kit makes of any session (``"recap"``: an HTML page telling the story
        beat by beat; see :func:`session_exports`), in ``language``.

        With ``public=True`` only what a viewer is shown is written
        (:meth:`public_view() <.GmOnly.public_view>`):
        GM-only actions not yet disclosed, and what follows only from them, are left out
        of the log and of the system's export alike, and the events and actions are
        numbered again, so no gap counts what is hidden. A public log cannot be verified
        (its GM-only rolls are missing); the journal can. Left out (``None``), each
        format's own default: the log and a system's export are written whole, the
        recap public.

        Raises:
            JournalError: an unknown format or language, a path that is none, or a file
                that cannot be written; nothing is written then.
        """
        target = checks.path(path, "an export's path", error=JournalError)
        if public is not None:
            public = checks.flag(public, "public", error=JournalError)
        language = checks.choice(language, "language", languages(), error=JournalError)
        if fmt is None or (isinstance(fmt, str) and str.__str__(fmt) in LOG_FORMATS):
            kind = log_format(target, fmt)
            return self._journal._export(
                target, kind, entries=self.public_view() if public else None, language=language
            )
        name = checks.choice(fmt, "fmt", list(self.export_formats()), error=JournalError)
        kit = session_exports().get(name)
        if kit is not None:
            if kit.public if public is None else public:
                # Numbered again (public_view): no position in the page counts a hidden line.
                text = kit.render(self.public_view(), "public", language)
            else:
                text = kit.render(self._journal.entries, "everything", language)
        else:
            entries = self.public_view() if public else self._journal.entries
            text = type(self).exports[name].render(effective_entries(entries))
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise JournalError(
                "journal.cannot_export",
                "cannot export to {path}: {problem}",
                path=shown(str(target)),
                problem=os_reason(exc),
            ) from None
        return target


refuse_bad_calls(Exports)
