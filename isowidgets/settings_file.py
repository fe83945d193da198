"""A settings file: its path checked, its bytes read bounded, its TOML parsed strictly.

What :class:`~isowidgets.settings.RuleSettings` reads and writes its files with
(:meth:`~.RuleSettings.load`, :meth:`~.RuleSettings.save`,
:meth:`~.RuleSettings.from_toml`), before any setting is looked at: a file is at most
:data:`MAX_FILE_BYTES` (1 MiB; checked by its size and by reading no more than that),
a regular file, UTF-8 text and TOML, parsed as data and never executed. Every refusal
is a :class:`~isowidgets.errors.SaveFileError` naming the file (a path that is no path
is a :class:`~isowidgets.errors.SettingsError`). What the document holds (its system,
its names, their values) is checked by the settings themselves.
"""

from __future__ import annotations

import stat
import tomllib
from pathlib import Path
from typing import Any

from . import checks
from .checks import shown
from .errors import SaveFileError, SettingsError
from .reasons import os_reason, toml_reason
from .setting_spec import MAX_SETTING_INT
from .words import Message, Number, msg

__all__ = ["MAX_FILE_BYTES", "cut", "file_path", "parse_text", "read_file", "write_file"]

MAX_FILE_BYTES = 1 << 20
"""The largest settings file read: 1 MiB (a file of every setting, commented, is a few KiB)."""


def file_path(path: object) -> Path:
    """``path`` checked as a settings file's path (text or a path object).

    Raises:
        SettingsError: not a file path (empty, ``None``, holding a NUL or a lone
            surrogate).
    """
    return checks.path(path, "a settings file's path", error=SettingsError)


def write_file(target: Path, text: str) -> Path:
    """Write ``text`` to the settings file ``target`` (folders made as needed).

    Raises:
        SaveFileError: the file cannot be written there (the message says why).
    """
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise SaveFileError(
            "settings.cannot_write",
            "cannot write settings file {path}: {why}",
            path=cut(str(target)),
            why=os_reason(exc),
        ) from None
    return target


def read_file(target: Path) -> str:
    """The text of the settings file ``target``, read no further than
    :data:`MAX_FILE_BYTES`: a longer file (by its size, or by what reading it gives,
    for a file that grows) is refused unread.

    Raises:
        SaveFileError: the file cannot be read, is no regular file, is too long or
            is not UTF-8.
    """
    where = cut(str(target))
    try:
        info = target.stat()
    except (OSError, ValueError) as exc:
        raise SaveFileError(
            "settings.cannot_read",
            "cannot read settings file {path}: {why}",
            path=where,
            why=os_reason(exc),
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise SaveFileError(
            "settings.not_a_file",
            "cannot read settings file {path}: it is not a file",
            path=where,
        )
    if info.st_size > MAX_FILE_BYTES:
        raise SaveFileError(
            _too_long(where, msg("settings.bytes", "{count} bytes", count=Number(info.st_size)))
        )
    try:
        with target.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except (OSError, ValueError) as exc:
        raise SaveFileError(
            "settings.cannot_read",
            "cannot read settings file {path}: {why}",
            path=where,
            why=os_reason(exc),
        ) from None
    if len(raw) > MAX_FILE_BYTES:  # it grew since its size was read
        raise SaveFileError(
            _too_long(
                where,
                msg(
                    "settings.more_bytes",
                    "more than {count} bytes",
                    count=Number(MAX_FILE_BYTES),
                ),
            )
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SaveFileError(
            "settings.not_utf8",
            "{path} is not UTF-8 text: byte {byte} at line {line}, column {column}. "
            "Tip: save the file as UTF-8.",
            path=where,
            byte=f"{raw[exc.start]:#04x}",
            line=line,
            column=column,
        ) from None
    return text


def parse_text(text: object, source: str) -> tuple[dict[str, Any], str]:
    """``text`` parsed as a TOML document, and ``source`` as its messages name it.

    Raises:
        SettingsError: ``source`` is not a name for the text.
        SaveFileError: not TOML text (not text, too long, too deeply nested, a
            number of too many digits). Each message names ``source``.
    """
    source = cut(
        checks.text(source, "source", strip=False, max_length=checks.MAX_PATH, error=SettingsError)
    )
    if not isinstance(text, str):
        raise SaveFileError(
            "settings.file_not_text",
            "{source}: settings must be TOML text, got {type} {got}",
            source=source,
            type=type(text).__name__,
            got=shown(text),
        )
    if len(text) > MAX_FILE_BYTES:
        raise SaveFileError(
            "settings.text_too_long",
            "{source} is {count} characters long; a settings file holds at most "
            "{most} bytes (1 MiB). Tip: a file of every setting is a few KiB; "
            "this is not a settings file.",
            source=source,
            count=Number(len(text)),
            most=Number(MAX_FILE_BYTES),
        )
    try:
        data = tomllib.loads(str.__str__(text))
    except RecursionError:
        raise SaveFileError(
            "settings.too_deep",
            "{source} is not valid settings: its values are nested too deeply to read "
            "(a setting is one value: a number, true/false or text)",
            source=source,
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise SaveFileError(
            "settings.not_toml",
            "{source} is not valid TOML: {why}",
            source=source,
            why=toml_reason(exc),
        ) from None
    except ValueError:  # a number of too many digits to read
        raise SaveFileError(
            "settings.number_too_long",
            "{source} is not valid settings: {why}. Allowed: whole numbers within ±{most}",
            source=source,
            why=msg("settings.number_digits", "a number has too many digits to read"),
            most=Number(MAX_SETTING_INT),
        ) from None
    return data, source


def _too_long(where: str, size: Message) -> Message:
    return msg(
        "settings.file_too_long",
        "settings file {path} is {size}; a settings file holds at most {most} bytes (1 MiB), "
        "so it is not read. Tip: a file of every setting is a few KiB.",
        path=where,
        size=size,
        most=Number(MAX_FILE_BYTES),
    )


def cut(text: str, limit: int = checks.SHOWN) -> str:
    """``text`` for a message, at most about ``limit`` characters of it."""
    return text if len(text) <= limit else f"{text[: limit - 1]}…"
