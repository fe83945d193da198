"""The journal as a person reads it: the log's rows, a pandas frame, CSV, JSON, Markdown.

Every format keeps each roll's context: the summary line, the faces with their
chains, random or typed, and the full event data (in Markdown as compact JSON in the
last column). Markdown cells are escaped, so a ``|``, a newline or HTML in a note
cannot break the table. A public export (the entries a viewer may see) says so under
its title. :class:`LogViews` is the part of a :class:`~.store.Journal` that gives its
log as a frame (:meth:`~LogViews.to_frame`) and as a file (:meth:`~LogViews.export`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .. import checks
from ..checks import shown
from ..errors import JournalError
from ..reasons import os_reason
from ..words import Message, languages, msg, render
from .codec import Entry
from .history import effective_entries, void_actions

__all__ = [
    "LOG_FORMATS",
    "PUBLIC_MESSAGE",
    "PUBLIC_NOTE",
    "LogViews",
    "entry_row",
    "log_format",
    "log_frame",
    "write_log",
]

LOG_FORMATS = {"md": "Markdown", "csv": "CSV", "json": "JSON"}
"""The log's own formats, name → label."""


def log_format(target: Path, fmt: object) -> str:
    """The log format to write ``target`` in: ``fmt`` (checked), else by its suffix.

    Raises:
        JournalError: ``fmt`` is not ``csv``, ``json`` or ``md``, or it is ``None``
            and the suffix names none of them.
    """
    if fmt is not None:
        fmt = checks.choice(fmt, "fmt", ("csv", "json", "md"), error=JournalError)
    kind = fmt or {".csv": "csv", ".json": "json", ".md": "md", ".markdown": "md"}.get(
        target.suffix.lower()
    )
    if kind not in ("csv", "json", "md"):
        raise JournalError(
            "journal.export_format",
            "cannot export to {name}: use a .csv, .json or .md file (or pass fmt)",
            name=shown(target.name),
        )
    return str(kind)


def entry_row(
    entry: Entry, language: str = "en", *, names: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """How the log reads one entry: ``seq, action, kind, summary, faces, source`` (the
    faces of each roll with its pool's label; random, typed or both).

    The summary is the event's :meth:`~.kinds.Event.message` rendered in ``language``,
    with ids written as the table's ``names``
    (:func:`isowidgets.words.render() <.catalogues.render>`)."""
    rolls = entry.event.rolls()
    return {
        "seq": entry.seq,
        "action": entry.action,
        "kind": entry.kind,
        "summary": render(entry.event.message(), language, names=names),
        "faces": " | ".join(
            (f"{r.pool.label}: " if r.pool.label else "") + r.faces_text() for r in rolls
        ),
        "source": ",".join(sorted({r.source for r in rolls})),
    }


def log_frame(
    entries: Sequence[Entry], *, effective_only: bool = False, language: str = "en"
) -> Any:
    """``entries`` as the log's DataFrame (see :meth:`~LogViews.to_frame`), the summaries
    in ``language``; what is retconned is read from these entries' own retcons."""
    import pandas as pd

    void = void_actions(entries)
    rows = []
    source = effective_entries(entries) if effective_only else entries
    for entry in source:
        row = entry_row(entry, language)
        rows.append(
            {
                "seq": row["seq"],
                "action": row["action"],
                "at": entry.at,
                "system": entry.system,
                "kind": row["kind"],
                "summary": row["summary"],
                "faces": row["faces"],
                "source": row["source"],
                "retconned": entry.action in void,
                "data": json.dumps(entry.event.model_dump(mode="json"), ensure_ascii=False),
            }
        )
    columns = [
        "seq",
        "action",
        "at",
        "system",
        "kind",
        "summary",
        "faces",
        "source",
        "retconned",
        "data",
    ]
    return pd.DataFrame(rows, columns=columns)


PUBLIC_MESSAGE = msg(
    "journal.public_note",
    "public log: GM-only entries, and what follows only from them, are left out until "
    "shown; its rolls cannot be verified from it (verify the session's journal)",
)
"""What a public export's Markdown title line says under the title."""

PUBLIC_NOTE = render(PUBLIC_MESSAGE)
""":data:`PUBLIC_MESSAGE` in English."""


def write_log(
    target: Path,
    kind: str,
    entries: Sequence[Entry],
    *,
    title: str,
    public: bool = False,
    language: str = "en",
) -> Path:
    """Write ``entries`` as the log in ``kind`` (``md``, ``csv`` or ``json``) to ``target``;
    ``public`` says under a Markdown title that they are the entries a viewer may see.
    The summaries (and a Markdown title) are written in ``language``.

    Raises:
        JournalError: the file cannot be written.
    """
    try:
        return _write(target, kind, entries, title=title, public=public, language=language)
    except OSError as exc:
        raise JournalError(
            "journal.cannot_export",
            "cannot export to {path}: {problem}",
            path=shown(str(target)),
            problem=os_reason(exc),
        ) from None


def _write(
    target: Path, kind: str, entries: Sequence[Entry], *, title: str, public: bool, language: str
) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    frame = log_frame(entries, language=language)
    frame["at"] = frame["at"].map(lambda t: t.isoformat(timespec="seconds"))
    if kind == "csv":
        frame.to_csv(target, index=False)
    elif kind == "json":
        records = frame.to_dict(orient="records")
        for record in records:
            record["data"] = json.loads(record["data"])
        target.write_text(json.dumps(records, indent=1, ensure_ascii=False), encoding="utf-8")
    else:
        frame["data"] = [
            json.dumps(json.loads(d), ensure_ascii=False, separators=(",", ":"))
            for d in frame["data"]
        ]
        _in_words(frame, entries, language)
        cells = frame.map(lambda v: _markdown_cell(v) if isinstance(v, str) else v)
        table = cells.to_markdown(index=False, disable_numparse=True)
        note = f"*{render(PUBLIC_MESSAGE, language)}*\n\n" if public else ""
        heading = render(
            msg("journal.log_title", "Session log: {title}", title=_markdown_cell(title)), language
        )
        target.write_text(f"# {heading}\n\n{note}{table}\n", encoding="utf-8")
    return target


_HEADS = {
    "seq": msg("journal.md.seq", "seq"),
    "action": msg("journal.md.action", "action"),
    "at": msg("journal.md.at", "at"),
    "system": msg("journal.md.system", "system"),
    "kind": msg("journal.md.kind", "kind"),
    "summary": msg("journal.md.summary", "summary"),
    "faces": msg("journal.md.faces", "faces"),
    "source": msg("journal.md.source", "source"),
    "retconned": msg("journal.md.retconned", "retconned"),
    "data": msg("journal.md.data", "data"),
}
"""The Markdown log's column heads (the CSV's and JSON's names, for tools, stay as they are)."""

_SOURCES = {
    "random": msg("journal.md.source.random", "random"),
    "typed": msg("journal.md.source.typed", "typed"),
}
_RETCONNED = {True: msg("journal.md.yes", "yes"), False: msg("journal.md.no", "no")}
_CORE = msg("journal.md.system.core", "core")


def _in_words(frame: Any, entries: Sequence[Entry], language: str) -> None:
    """The Markdown log is read by a person: its heads, each event's kind, system, source
    and whether it was retconned are written in ``language`` (CSV and JSON keep the
    names tools read)."""
    from .events import system_title

    kinds = {entry.seq: render(entry.event.kind_message(), language) for entry in entries}
    frame["kind"] = [
        kinds.get(seq, kind) for seq, kind in zip(frame["seq"], frame["kind"], strict=True)
    ]
    frame["system"] = [
        render(_CORE if system == "core" else _named(system_title(system)), language)
        for system in frame["system"]
    ]
    frame["source"] = [
        ",".join(render(_SOURCES[s], language) if s in _SOURCES else s for s in str(v).split(","))
        if v
        else v
        for v in frame["source"]
    ]
    frame["retconned"] = [render(_RETCONNED[bool(v)], language) for v in frame["retconned"]]
    frame.columns = [render(_HEADS[name], language) for name in frame.columns]


def _named(title: Message | str) -> Message:
    return title if isinstance(title, Message) else msg("journal.md.name", "{name}", name=title)


def _markdown_cell(text: str) -> str:
    """``text`` as one Markdown table cell: escaped, on one line, rendered as typed."""
    for raw, safe in (("\\", "\\\\"), ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("|", "\\|")):
        text = text.replace(raw, safe)
    return "<br>".join(text.splitlines())


class LogViews:
    """The log of a :class:`~.store.Journal` as a frame or a file, in a reader's language:
    a part of the journal, as its file is (:class:`~.files_backing.FileBacked`)."""

    if TYPE_CHECKING:
        path: Path | None
        _entries: list[Entry]

    def to_frame(self, *, effective_only: bool = False, language: str = "en") -> Any:
        """A pandas DataFrame, one row per event, with a readable summary (in ``language``).

        Columns: ``seq, action, at, system, kind, summary, faces, source,
        retconned, data`` (``data`` is the event's JSON).
        """
        effective_only = checks.flag(effective_only, "effective_only", error=JournalError)
        language = checks.choice(language, "language", languages(), error=JournalError)
        return log_frame(self._entries, effective_only=effective_only, language=language)

    def export(
        self,
        path: str | os.PathLike[str],
        fmt: Literal["csv", "json", "md"] | None = None,
        *,
        language: str = "en",
    ) -> Path:
        """Write the log to ``path`` as CSV, JSON or Markdown (by suffix unless ``fmt``),
        each event's summary in ``language`` (``"da"``: a Danish table's log in Danish).

        Every format keeps each roll's context: the summary line, the faces
        with their chains, random or typed, and the full event data (in
        Markdown as compact JSON in the last column). Markdown cells are
        escaped, so a ``|``, a newline or HTML in a note cannot break the table.
        """
        target = checks.path(path, "an export's path", error=JournalError)
        language = checks.choice(language, "language", languages(), error=JournalError)
        return self._export(target, log_format(target, fmt), language=language)

    def _export(
        self,
        target: Path,
        kind: str,
        *,
        entries: Sequence[Entry] | None = None,
        language: str = "en",
    ) -> Path:
        """Write ``entries`` (all by default) as the log in ``kind``, in ``language``; given
        entries are the public ones (:meth:`Game.export <isowidgets.exporting.Exports.export>`),
        and the Markdown title says so."""
        return write_log(
            target,
            kind,
            self._entries if entries is None else entries,
            title=self.path.stem if self.path else "session",
            public=entries is not None,
            language=language,
        )
