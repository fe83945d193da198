"""Why a library refused, as the kit's own messages: pydantic's checks, the operating
system's file errors and TOML's syntax errors, said in the reader's language.

The kit's refusals name what a person asked for and why it cannot be; where the "why"
comes from a library (pydantic validating a setting or an event's value, the operating
system refusing a file, ``tomllib`` reading a settings file), the library's English is
mapped here to a keyed message (:mod:`isowidgets.words`) from the structured data the
library gives (pydantic's error ``type`` and ``ctx``, ``OSError.errno``, the line and
column of a ``TOMLDecodeError``). Only a case no key covers falls back to the library's
text, cut short, as a detail.
"""

from __future__ import annotations

import errno
import re
import tomllib
import typing
from collections.abc import Mapping
from typing import Any

from .checks import shown
from .errors import IsowidgetsError
from .words import Listing, Message, msg

__all__ = ["os_reason", "pydantic_reason", "toml_reason"]

_DETAIL = 200
"""The most characters of a library's own text kept as a detail of an unmapped case."""


def _cut(text: str, limit: int = _DETAIL) -> str:
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


# --------------------------------------------------------------------------- pydantic


def _choices(annotation: Any) -> tuple[Any, ...]:
    return typing.get_args(annotation) if typing.get_origin(annotation) is typing.Literal else ()


def _literals_in(annotation: Any) -> tuple[Any, ...]:
    """A Literal's values, also inside ``X | None``."""
    found = _choices(annotation)
    if found:
        return found
    for arg in typing.get_args(annotation):
        found = _choices(arg)
        if found:
            return found
    return ()


def annotation_at(annotation: Any, where: tuple[Any, ...]) -> Any:
    """The type of the value at ``where`` inside a value of type ``annotation``
    (``dict[str, Literal[...]]`` at ``("athletics",)`` is the Literal), or ``None``."""
    for step in where:
        args = typing.get_args(annotation)
        if type(None) in args:
            rest = [a for a in args if a is not type(None)]
            annotation = rest[0] if len(rest) == 1 else annotation
            args = typing.get_args(annotation)
        origin = typing.get_origin(annotation)
        if origin in (dict, Mapping) and len(args) == 2:
            annotation = args[0] if step == "[key]" else args[1]
        elif origin in (list, tuple, set, frozenset) and args:
            annotation = args[0]
        else:
            return None
    return annotation


def pydantic_reason(error: Mapping[str, Any], annotation: Any = None) -> Message:
    """What pydantic found wrong with one value (one item of ``ValidationError.errors()``),
    as a message, from its error ``type`` and ``ctx``; ``annotation`` is the type the value
    was checked against, where the caller knows it (a choice then names its values as a
    settings file spells them).

    Every type the kit's settings, arguments and journal lines can meet has a key (its
    English is pydantic's own, its first letter lowercase, so a plain caller reads what
    pydantic says); any other keeps pydantic's text as a detail (``core.why.other``)."""
    ctx = error.get("ctx") or {}
    kind = str(error.get("type", ""))
    if kind == "literal_error":
        choices = _literals_in(annotation)
        if choices:
            return msg(
                "settings.why.choice",
                "input should be {expected}",
                expected=Listing.of((repr(choice) for choice in choices), "or"),
            )
        return msg("core.why.choice", "input should be {expected}", expected=ctx.get("expected"))
    if kind == "greater_than_equal" and "ge" in ctx:
        return msg(
            "settings.why.ge", "input should be greater than or equal to {low}", low=ctx["ge"]
        )
    if kind == "less_than_equal" and "le" in ctx:
        return msg(
            "settings.why.le", "input should be less than or equal to {high}", high=ctx["le"]
        )
    if kind == "greater_than" and "gt" in ctx:
        return msg("core.why.gt", "input should be greater than {low}", low=ctx["gt"])
    if kind == "less_than" and "lt" in ctx:
        return msg("core.why.lt", "input should be less than {high}", high=ctx["lt"])
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return msg("settings.why.int", "input should be a valid integer")
    if kind in ("bool_type", "bool_parsing"):
        return msg("settings.why.bool", "input should be a valid boolean")
    if kind in ("string_type", "string_unicode"):
        return msg("settings.why.str", "input should be a valid string")
    if kind in ("float_type", "float_parsing", "finite_number"):
        return msg("core.why.number", "input should be a valid number")
    if kind in ("dict_type", "mapping_type"):
        return msg("core.why.table", "input should be a valid dictionary")
    if kind in ("list_type", "tuple_type", "set_type", "frozen_set_type", "iterable_type"):
        return msg("core.why.list", "input should be a valid list")
    if kind == "none_required":
        return msg("core.why.none", "input should be None")
    if kind == "missing":
        return msg("core.why.missing", "field required")
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return msg("core.why.extra", "extra inputs are not permitted")
    if kind in ("model_type", "model_attributes_type", "dataclass_type", "is_instance_of"):
        return msg("core.why.object", "input should be a valid dictionary or instance")
    if kind in ("too_short", "string_too_short") and "min_length" in ctx:
        if kind == "string_too_short":
            return msg(
                "core.why.text_too_short",
                "string should have at least {least} characters",
                least=ctx["min_length"],
            )
        return msg(
            "core.why.too_short",
            "input should have at least {least} items after validation, not {count}",
            least=ctx["min_length"],
            count=ctx.get("actual_length", 0),
        )
    if kind in ("too_long", "string_too_long") and "max_length" in ctx:
        if kind == "string_too_long":
            return msg(
                "core.why.text_too_long",
                "string should have at most {most} characters",
                most=ctx["max_length"],
            )
        return msg(
            "core.why.too_long",
            "input should have at most {most} items after validation, not {count}",
            most=ctx["max_length"],
            count=ctx.get("actual_length", 0),
        )
    if kind == "string_pattern_mismatch":
        return msg(
            "core.why.pattern",
            "string should match pattern {pattern}",
            pattern=shown(str(ctx.get("pattern", "")), 80),
        )
    if kind in ("value_error", "assertion_error"):
        raised = ctx.get("error")
        if isinstance(raised, IsowidgetsError):
            return raised.message
        text = str(error.get("msg", "")).removeprefix("Value error, ")
        return msg("core.why.other", "{problem}", problem=_cut(text))
    text = str(error.get("msg", ""))
    # Only the first letter: the text may quote values exactly ('D8').
    return msg("core.why.other", "{problem}", problem=_cut(text[:1].lower() + text[1:]))


# --------------------------------------------------------------------------- files


def os_reason(exc: BaseException) -> Message:
    """Why the operating system refused a file (an ``OSError`` by its ``errno``), without
    repeating the (possibly huge) path; an error no key covers keeps its own text as a
    detail (``core.os.other``). The English is the C library's own (``strerror``), so a
    plain caller reads what Python would have said."""
    if isinstance(exc, IsowidgetsError):  # the kit's own refusal (not a regular file…)
        return exc.message
    code = exc.errno if isinstance(exc, OSError) else None
    if code in (errno.ENOENT,):
        return msg("core.os.not_found", "No such file or directory")
    if code == errno.EACCES:
        return msg("core.os.permission", "Permission denied")
    if code == errno.EPERM:
        return msg("core.os.not_permitted", "Operation not permitted")
    if code == errno.EISDIR:
        return msg("core.os.is_folder", "Is a directory")
    if code == errno.ENOTDIR:
        return msg("core.os.not_folder", "Not a directory")
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return msg("core.os.disk_full", "No space left on device")
    if code == errno.ENAMETOOLONG:
        return msg("core.os.name_too_long", "File name too long")
    if code == errno.EROFS:
        return msg("core.os.read_only", "Read-only file system")
    if code == errno.EEXIST:
        return msg("core.os.exists", "File exists")
    if code == errno.ELOOP:
        return msg("core.os.loop", "Too many levels of symbolic links")
    if code in (errno.EMFILE, errno.ENFILE):
        return msg("core.os.too_many_open", "Too many open files")
    if code == errno.EBUSY:
        return msg("core.os.busy", "Device or resource busy")
    if code == errno.EIO:
        return msg("core.os.io", "Input/output error")
    if code == errno.EXDEV:
        return msg("core.os.other_disk", "Invalid cross-device link")
    if isinstance(exc, ValueError) and "null" in str(exc).lower():
        return msg("core.os.nul", "embedded null byte")
    text = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return msg("core.os.other", "{problem}", problem=_cut(text))


# --------------------------------------------------------------------------- TOML

_TOML_AT = re.compile(
    r"^(?P<what>.*?)\s*\(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)\s*$"
)

_TOML_EXPECTED = re.compile(r"Expected ('.{1,8}')")

_TOML_KEYS: dict[str, Message] = {
    "Invalid value": msg("core.toml.invalid_value", "a value that is not valid TOML"),
    "Invalid statement": msg("core.toml.invalid_statement", "a line that is not a TOML statement"),
    "Expected '=' after a key in a key/value pair": msg(
        "core.toml.expected_equals", "'=' is missing after a key"
    ),
    "Cannot overwrite a value": msg("core.toml.overwrite", "a key is given twice"),
    "Cannot declare": msg("core.toml.declare_twice", "a table is declared twice"),
    "Unclosed array": msg("core.toml.unclosed_array", "a list ('[') is not closed"),
    "Unclosed inline table": msg("core.toml.unclosed_table", "a table ('{{') is not closed"),
    "Unterminated string": msg("core.toml.unterminated_string", "a quoted text is not closed"),
    "Illegal character": msg("core.toml.illegal_character", "a character TOML does not allow"),
    "Expected newline or end of document after a statement": msg(
        "core.toml.expected_newline", "more follows a value on the same line"
    ),
    "Invalid initial character for a key part": msg(
        "core.toml.key_start", "a key starts with a character a key cannot start with"
    ),
    "Unescaped '\\' in a string": msg("core.toml.backslash", "a lone '\\' in a quoted text"),
    "Invalid hex value": msg("core.toml.hex", "a '\\u' escape that is not a hex number"),
    "Cannot redefine namespace": msg("core.toml.redefine", "a table is declared twice"),
    "Cannot mutate immutable namespace": msg(
        "core.toml.immutable", "an inline table is changed after it was written"
    ),
    "Duplicate inline table key": msg("core.toml.duplicate_key", "a key is given twice"),
    "Invalid date or datetime": msg("core.toml.date", "a date or time that is not valid"),
    "Escaped character is not a Unicode scalar value": msg(
        "core.toml.escape", "a '\\u' escape that is not a character"
    ),
    "Found invalid character": msg("core.toml.invalid_character", "a character out of place"),
    "Expected ']' at the end of a table declaration": msg(
        "core.toml.table_bracket", "']' is missing at the end of a table's name"
    ),
    "Expected ']]' at the end of an array declaration": msg(
        "core.toml.array_bracket", "']]' is missing at the end of a list of tables' name"
    ),
}


def toml_reason(exc: tomllib.TOMLDecodeError) -> Message:
    """What is wrong with a TOML text, where ``tomllib`` says it: the problem by key and
    its line and column (``core.toml.at``); an unknown problem keeps its text as a detail."""
    text = str(exc)
    found = _TOML_AT.match(text)
    what_text = found.group("what") if found else text
    what = next(
        (said for start, said in _TOML_KEYS.items() if what_text.startswith(start)),
        None,
    )
    expected = _TOML_EXPECTED.fullmatch(what_text)
    if what is None and expected:
        what = msg("core.toml.expected", "{expected} is missing here", expected=expected[1])
    if what is None:
        what = msg("core.toml.other", "{problem}", problem=_cut(what_text))
    if found and found.group("line"):
        return msg(
            "core.toml.at",
            "{problem} (line {line}, column {column})",
            problem=what,
            line=int(found.group("line")),
            column=int(found.group("column")),
        )
    if found:
        return msg("core.toml.at_end", "{problem} (at the end of the text)", problem=what)
    return what
