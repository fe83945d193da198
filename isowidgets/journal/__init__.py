"""The session journal: an append-only, crash-safe record of everything that happened.

A journal is a JSON Lines file. Each line is one event: a roll with all its
faces and what they meant, a state change, a settings change, a note, or a
retcon. Events come in *actions*: the events one click or one call produced
(a conflict's resolution may add links, change stress and wound a character).
The last event of an action carries ``"end": true``; an action whose end never
reached the disk (the kernel died between two lines) is reported and skipped as
a whole, so a reopened session is never half-applied.

Guarantees:

* **Append-only.** Lines are never rewritten. Undo is a ``retcon`` event naming
  the action it takes back; a retcon can itself be retconned (redo).
* **Flushed per action.** Each action is written with one unbuffered ``write``
  before the call returns, so a killed kernel loses nothing it reported done.
  ``sync="fsync"`` also asks the OS to put it on the disk (power-loss safety,
  slower). A write that fails part-way (a full disk) is cut back off the file,
  so the next action starts on a clean line; if even that fails, the journal
  refuses every further write with an error that says why.
* **Validated on load.** Every line is parsed as JSON and checked strictly
  against the schema of its event kind: each value must have the JSON type its
  field names (``"2"`` is not a sequence number, ``2.5`` is not a face), and
  NaN, Infinity, duplicate keys and absurd nesting are refused. Nothing in a
  file is executed; the only code a journal can cause to load is the kit's own
  module for a system it names (see :func:`~.kinds.event_type`). A torn last line (a
  crash mid-write: text after the last newline that is not valid JSON) is
  reported, not fatal, and moved aside to ``<name>.torn`` before the journal is
  written again. Any other bad line, the last complete one included, is an error
  that names the line, and the file is left exactly as it was.
* **Bounded.** A line (one event) is at most :data:`.MAX_LINE_BYTES` (1 MiB), a
  journal at most :data:`.MAX_EVENTS` events and :data:`.MAX_JOURNAL_BYTES` bytes: a
  write past them is refused with nothing written, and a file past them is an error
  (naming the line), found while reading it in chunks, so opening any file takes
  bounded memory.
* **One writer.** The file is locked while open; a second kernel gets a clear
  :class:`~isowidgets.errors.JournalLockedError`. Re-running the notebook cell
  that opened it in the same kernel simply takes the journal over.
  :meth:`.Journal.read` reads a journal without locking or changing it.

The package, one concept a module, each importing only those before it:
:mod:`.rolls` (a roll inside an event, and how it reads in a log line),
:mod:`.kinds` (the payload base, the registry of kinds, the system finder),
:mod:`.events` (the core's events),
:mod:`.chain` (the hash chain that links each line to the one before),
:mod:`.strict` (a line's JSON read strictly: the parse, the envelope, an event's data),
:mod:`.payloads` (an event made a line's data once, bounded and read back),
:mod:`.codec` (the one place a line is made and read), :mod:`.history` (the retcon
algebra, its projections and the redo stack), :mod:`.export` (the log as a frame,
CSV, JSON or Markdown), :mod:`.files` (bounded reading, the lock, setting a file
aside), :mod:`.reading` (a file's lines checked as they come), :mod:`.files_backing` (the file
behind a journal taken, locked and repaired), :mod:`.contents` (what a journal holds and
what its actions have become) and :mod:`.store` (the :class:`.Journal` itself), then
:mod:`.kept` (what a view keeps of the effective entries, read as they arrive). The
journal knows no system: the system registry installs the finder that loads one a line
names.
"""

from __future__ import annotations

from .codec import (
    FORMAT_VERSION,
    MAX_LINE_BYTES,
    Entries,
    Entry,
    LineError,
    Payload,
    read_entries,
)
from .events import (
    Disclosed,
    Event,
    Note,
    Prepared,
    Resolver,
    Retcon,
    Rolled,
    RollField,
    SeedRevealed,
    SessionStarted,
    SettingsChanged,
    TableSeed,
    core_event_types,
    event_type,
)
from .export import PUBLIC_NOTE, entry_row, log_format, log_frame
from .history import History, effective_entries, incomplete_actions, void_actions
from .kept import Kept
from .store import MAX_EVENTS, MAX_JOURNAL_BYTES, Journal, _now  # noqa: F401

__all__ = [
    "FORMAT_VERSION",
    "MAX_EVENTS",
    "MAX_JOURNAL_BYTES",
    "MAX_LINE_BYTES",
    "PUBLIC_NOTE",
    "Disclosed",
    "Entries",
    "Entry",
    "Event",
    "History",
    "Journal",
    "Kept",
    "LineError",
    "Note",
    "Payload",
    "Prepared",
    "Resolver",
    "Retcon",
    "RollField",
    "Rolled",
    "SeedRevealed",
    "SessionStarted",
    "SettingsChanged",
    "TableSeed",
    "core_event_types",
    "effective_entries",
    "entry_row",
    "event_type",
    "incomplete_actions",
    "log_format",
    "log_frame",
    "read_entries",
    "void_actions",
]
