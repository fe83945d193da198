"""The tables of Watch the World Die as validated data (T-WTWD-1 … T-WTWD-6).

The tables ship as ``tables.toml`` beside this module, with the game's copyleft
notice (the licence asks every derivative work to carry it). A designer edits a
copy and loads it with :func:`load_tables` (or ``WorldGame.load_tables``); every
entry is checked on load, and a broken edit is refused with a
:class:`~isowidgets.errors.SaveFileError` naming the entry (``event_types[3]
('Resources').chain_set[0]``), so nothing half-read ever reaches a game.

Don't confuse an Event's *type* (the face of the Event Type die, 1–6) with an
*entry* of that type's list (``"Power Grid"``): the rules roll the type, the
player picks the entry.
"""

from __future__ import annotations

import stat
import tomllib
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
    model_validator,
)

from ... import checks
from ...checks import shown
from ...errors import RuleError, SaveFileError
from ...words import Message, Number, msg

__all__ = [
    "MAX_TABLES_BYTES",
    "EventType",
    "Response",
    "Source",
    "SpecialEvent",
    "SpecialKind",
    "Tables",
    "load_tables",
    "parse_tables",
    "shipped_path",
    "shipped_tables",
    "type_words",
]

MAX_TABLES_BYTES = 256 * 1024
"""The largest tables file read (the shipped one is about 7 KB)."""

SpecialKind = Literal["spreading", "snowballing", "cause"]
"""What a Special/Escalation choice does: spread or escalate an earlier Event, or The Cause."""

_Name = Field(min_length=1, max_length=checks.MAX_TEXT)


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Source(_Data):
    """Where the tables come from, and the licence notice every copy carries."""

    title: StrictStr = _Name
    version: StrictStr = Field(default="", max_length=40)
    date: StrictStr = Field(default="", max_length=40)
    author: StrictStr = _Name
    publisher: StrictStr = Field(default="", max_length=checks.MAX_TEXT)
    licence: StrictStr = _Name
    notice: StrictStr = Field(min_length=1, max_length=4000)

    def credit(self) -> str:
        """One line crediting the author and publisher."""
        by = f"by {self.author}" + (f", {self.publisher}" if self.publisher else "")
        version = f" v{self.version}" if self.version else ""
        return f"{self.title}{version} {by} ({self.licence})"


class EventType(_Data):
    """One face of the Event Type die: its name, chain set and list of Events."""

    face: StrictInt = Field(ge=1, le=6)
    name: StrictStr = _Name
    chain_set: tuple[StrictInt, ...] = ()
    events: tuple[StrictStr, ...] = ()

    @field_validator("chain_set")
    @classmethod
    def _faces(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        wrong = [f for f in value if not 1 <= f <= 6]
        if wrong:
            raise ValueError(f"a chain set holds faces of a d6 (1 to 6), got {wrong}")
        if len(set(value)) != len(value):
            raise ValueError(f"a chain set lists each face once, got {list(value)}")
        return tuple(sorted(value))

    @field_validator("events")
    @classmethod
    def _entries(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return _names(value, "event")


class SpecialEvent(_Data):
    """A choice of an Event of type 6 (T-WTWD-5)."""

    kind: SpecialKind
    name: StrictStr = _Name
    summary: StrictStr = Field(default="", max_length=checks.MAX_TEXT)


class Response(_Data):
    """A Societal Response and its cost in Response Points (T-WTWD-6)."""

    cost: StrictInt = Field(ge=1, le=1000)
    name: StrictStr = _Name


class Tables(_Data):
    """Every table of the game, checked as a whole (faces 1–6 once each, …)."""

    source: Source
    apocalypse_types: tuple[StrictStr, ...] = Field(min_length=1, max_length=500)
    event_modes: tuple[StrictStr, ...] = Field(min_length=6, max_length=6)
    event_types: tuple[EventType, ...] = Field(min_length=6, max_length=6)
    special_events: tuple[SpecialEvent, ...] = Field(min_length=1, max_length=20)
    responses: tuple[Response, ...] = Field(min_length=1, max_length=500)

    @field_validator("apocalypse_types")
    @classmethod
    def _types(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return _names(value, "Apocalypse Type")

    @field_validator("event_modes")
    @classmethod
    def _modes(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return _names(value, "Event Mode")

    @model_validator(mode="after")
    def _whole(self) -> Tables:
        faces = [t.face for t in self.event_types]
        if faces != [1, 2, 3, 4, 5, 6]:
            raise ValueError(f"event_types must list faces 1 to 6 in order, got {faces}")
        for kind in self.event_types[:5]:
            if not kind.events:
                raise ValueError(
                    f"event_types[{kind.face - 1}] ({kind.name!r}) lists no events; a type a "
                    "die can show needs at least one"
                )
        if self.event_types[5].events:
            raise ValueError(
                "event_types[5] (type 6) lists events; its choices are the special_events"
            )
        kinds = [s.kind for s in self.special_events]
        for needed in ("spreading", "snowballing"):
            if needed not in kinds:
                raise ValueError(f"special_events has no entry of kind {needed!r}")
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"special_events has a kind twice: {kinds}")
        _names(tuple(s.name for s in self.special_events), "special event")
        costs = [r.cost for r in self.responses]
        if len(set(costs)) != len(costs):
            twice = sorted({c for c in costs if costs.count(c) > 1})
            raise ValueError(f"responses: each cost is one table number, cost {twice} is twice")
        _names(tuple(r.name for r in self.responses), "response")
        if min(costs) > 3:
            raise ValueError(
                f"responses: the cheapest costs {min(costs)}; one must cost at most 3, "
                "since a player relieving Pressure may have only 3 RP and must spend 1 (WTWD-R13)"
            )
        return self

    # ------------------------------------------------------------------ lookups

    def event_type(self, face: int) -> EventType:
        """The Event Type of die face ``face`` (1–6)."""
        face = checks.whole(face, "an Event type", 1, 6)
        return self.event_types[face - 1]

    def chain_set(self, face: int) -> tuple[int, ...]:
        """The faces a chaining roll after an Event of type ``face`` chains on."""
        return self.event_type(face).chain_set

    def entries(self, face: int) -> tuple[str, ...]:
        """The Events a player may pick for type ``face`` (for 6: the special events)."""
        if face == 6:
            return tuple(s.name for s in self.special_events)
        return self.event_type(face).events

    def special(self, name: str) -> SpecialEvent:
        """The special event called ``name``."""
        for special in self.special_events:
            if special.name == name:
                return special
        raise RuleError(
            "watch_the_world_die.no_such_special_event",
            "no special event is called {name}; they are {names}",
            name=shown(name),
            names=", ".join(s.name for s in self.special_events),
        )

    def special_named(self, kind: SpecialKind) -> str | None:
        """The name of the special event of ``kind``, or ``None`` if the tables have none."""
        return next((s.name for s in self.special_events if s.kind == kind), None)

    def response(self, which: object) -> Response:
        """The response of cost ``which`` (its table number) or called ``which``."""
        if isinstance(which, str):
            for response in self.responses:
                if response.name == which:
                    return response
            raise RuleError(
                "watch_the_world_die.no_such_response_name",
                "no Societal Response is called {which}. Tip: pass its cost (its number in the "
                "table) or its exact name",
                which=shown(which),
            )
        if isinstance(which, int) and not isinstance(which, bool):
            for response in self.responses:
                if response.cost == which:
                    return response
        raise RuleError(
            "watch_the_world_die.no_such_response",
            "a Societal Response is its number (cost) or its name; got {which}; the numbers are"
            " {numbers}",
            which=shown(which),
            numbers=", ".join(str(r.cost) for r in self.responses),
        )

    def mode(self, face: int) -> str:
        """The Event Mode of die face ``face``."""
        return self.event_modes[checks.whole(face, "an Event Mode face", 1, 6) - 1]


def _names(value: tuple[str, ...], what: str) -> tuple[str, ...]:
    for position, name in enumerate(value):
        if not name.strip():
            raise ValueError(f"{what} #{position + 1} is empty")
        if len(name) > checks.MAX_TEXT:
            raise ValueError(
                f"{what} #{position + 1} is {len(name)} characters; at most {checks.MAX_TEXT}"
            )
    if len(set(value)) != len(value):
        twice = sorted({n for n in value if value.count(n) > 1})
        raise ValueError(f"each {what} is listed once; {shown(twice, 120)} appears twice")
    return value


# --------------------------------------------------------------------------- loading


def _where(loc: tuple[Any, ...], data: Any) -> str:
    """``event_types[2] ('Resources').chain_set[0]``: the location, with the entry's name."""
    text = ""
    node = data
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
            try:
                node = node[part]
            except (IndexError, KeyError, TypeError):
                node = None
            name = node.get("name") if isinstance(node, dict) else None
            if isinstance(name, str) and name:
                text += f" ({shown(name, 60)})"
        else:
            text += f".{part}" if text else str(part)
            node = node.get(part) if isinstance(node, dict) else None
    return text or "the tables"


def parse_tables(text: str, *, source: str = "<text>") -> Tables:
    """Validate TOML ``text`` as the game's tables.

    Raises:
        SaveFileError: not TOML, or an entry that does not fit; the message names
            ``source`` and the entry (``responses[3] ('…').cost``).
    """
    source = checks.text(source, "source", strip=False, max_length=checks.MAX_PATH)
    if not isinstance(text, str):
        raise SaveFileError(
            "watch_the_world_die.tables_not_text",
            "{source}: tables must be TOML text, got {text}",
            source=shown(source),
            text=shown(text),
        )
    if len(text) > MAX_TABLES_BYTES:
        raise SaveFileError(
            "watch_the_world_die.tables_text_too_long",
            "{source} is {len_text} characters; a tables file holds at most {max_tables_bytes} "
            "(the shipped one is about 7 KB)",
            source=shown(source),
            len_text=Number(len(text)),
            max_tables_bytes=Number(MAX_TABLES_BYTES),
        )
    try:
        data = tomllib.loads(str.__str__(text))
    except (tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
        raise SaveFileError(
            "watch_the_world_die.tables_not_toml",
            "{source} is not valid TOML: {exc}",
            source=shown(source),
            exc=shown(str(exc)),
        ) from None
    try:
        return Tables.model_validate(data)
    except ValidationError as exc:
        problems = []
        for error in exc.errors()[:5]:
            where = _where(tuple(error.get("loc", ())), data)
            message = str(error["msg"]).removeprefix("Value error, ")
            received = error.get("input")
            got = "" if isinstance(received, dict) else f" (got {shown(received, 80)})"
            problems.append(f"{where}: {message}{got}")
        more = f" (and {exc.error_count() - 5} more)" if exc.error_count() > 5 else ""
        raise SaveFileError(
            "watch_the_world_die.invalid_tables",
            "{source} is not valid Watch the World Die tables: {problems}{more}. Tip: compare "
            "the entry with the shipped tables.toml",
            source=shown(source),
            problems="; ".join(problems),
            more=more,
        ) from None


def load_tables(path: object) -> Tables:
    """Read and validate a tables file (at most :data:`MAX_TABLES_BYTES`).

    Raises:
        RuleError: ``path`` is not a file path.
        SaveFileError: the file cannot be read, is not UTF-8 TOML, or an entry does
            not fit (the message names it).
    """
    target = checks.path(path, "a tables file's path")
    where = shown(str(target))
    try:
        info = target.stat()
        if not stat.S_ISREG(info.st_mode):
            raise SaveFileError(
                "watch_the_world_die.tables_not_a_file",
                "cannot read tables file {where}: it is not a file",
                where=where,
            )
        if info.st_size > MAX_TABLES_BYTES:
            raise SaveFileError(
                "watch_the_world_die.tables_file_too_big",
                "tables file {where} is {st_size} bytes; at most {max_tables_bytes}",
                where=where,
                st_size=Number(info.st_size),
                max_tables_bytes=Number(MAX_TABLES_BYTES),
            )
        with target.open("rb") as handle:
            raw = handle.read(MAX_TABLES_BYTES + 1)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SaveFileError(
            "watch_the_world_die.tables_unreadable",
            "cannot read tables file {where}: {reason}",
            where=where,
            reason=shown(reason),
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveFileError(
            "watch_the_world_die.tables_not_utf8",
            "tables file {where} is not UTF-8 text (byte {start}). Tip: save it as UTF-8",
            where=where,
            start=exc.start,
        ) from None
    return parse_tables(text, source=str(target))


SHIPPED = "tables.toml"


@cache
def shipped_tables() -> Tables:
    """The tables shipped with the kit (read once)."""
    resource = files(__package__).joinpath(SHIPPED)
    return parse_tables(resource.read_text(encoding="utf-8"), source=SHIPPED)


def shipped_path() -> Path:
    """Where the shipped tables file is, to copy it as a start for a designer's own."""
    return Path(str(files(__package__).joinpath(SHIPPED)))


TYPE_WORDS: dict[int, Message] = {
    1: msg("watch_the_world_die.type.climate", "Climate"),
    2: msg("watch_the_world_die.type.ecosystem", "Ecosystem"),
    3: msg("watch_the_world_die.type.resources", "Resources"),
    4: msg("watch_the_world_die.type.infrastructure", "Infrastructure"),
    5: msg("watch_the_world_die.type.political", "Political"),
    6: msg("watch_the_world_die.type.special", "Special/Escalation"),
}
"""The shipped tables' Event types in a reader's language, by face: a designer's tables
name their own (shown as written, see :func:`type_words`)."""


def type_words(face: int, name: str) -> str | Message:
    """The Event type ``name`` of die face ``face`` as a person reads it: the shipped
    tables' type in the reader's language, a designer's own name as written."""
    types = shipped_tables().event_types
    if face in TYPE_WORDS and 1 <= face <= len(types) and name == types[face - 1].name:
        return TYPE_WORDS[face]
    return name
