"""House-rule settings: one typed, validated, frozen object per system.

Each system subclasses :class:`RuleSettings` and declares its settings as
fields whose defaults are the digest's most faithful reading. Every field names
the ambiguity it settles (``ref="ISO-A01"``) so the table of settings doubles as
documentation. Settings load from and save to TOML; a file is parsed as data and
validated field by field, never executed.

Limits: a settings file is at most :data:`~.settings_file.MAX_FILE_BYTES` (1 MiB; checked by its
size and by reading no more than that), and a whole-number setting lies within
± :data:`~.setting_spec.MAX_SETTING_INT` before its own range is even looked at, so no file can
stall the kernel or journal a number of hundreds of digits. Every refusal is a
:class:`~isowidgets.errors.SettingsError` (a file that cannot be read or written,
or is not valid settings, is its subclass
:class:`~isowidgets.errors.SaveFileError`).

Changing a setting in a game goes through the game object, which journals the
change (see :meth:`isowidgets.game.Game.change_settings() <.HouseRules.change_settings>`).

Reading and writing a settings file (its path, its bytes bounded by
:data:`~.settings_file.MAX_FILE_BYTES`, its TOML) is :mod:`isowidgets.settings_file`;
how one setting is declared (:func:`~.setting_spec.setting`) and what a form reads
of it (:class:`~.setting_spec.SettingSpec`) are in :mod:`isowidgets.setting_spec`;
this module re-exports them.
"""

from __future__ import annotations

import difflib
import os
import tomllib
from pathlib import Path
from typing import Any, ClassVar, Self

import tomli_w
from pydantic import BaseModel, ConfigDict, ValidationError

from . import checks
from .checks import shown
from .errors import SaveFileError, SettingsError
from .reasons import annotation_at, pydantic_reason, toml_reason
from .setting_spec import (
    MAX_SETTING_INT,
    SettingSpec,
    SettingWords,
    _allowed_text,
    _allows_none,
    _field_allowed,
    _spec,
    _toml_text,
    allowed_message,
    setting,
)
from .settings_file import MAX_FILE_BYTES, file_path, parse_text, read_file, write_file
from .settings_file import cut as _cut
from .words import Listing, Message, Number, languages, msg, render

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_SETTING_INT",
    "RuleSettings",
    "SettingSpec",
    "SettingWords",
    "allowed_message",
    "setting",
]

_UNKNOWN_SHOWN = 5  # unknown names listed in a message; the rest are counted


class RuleSettings(BaseModel):
    """Base of every system's settings. Instances are immutable."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    system: ClassVar[str] = "core"
    title: ClassVar[Message | None] = None
    """The system's name as a message, for a view that names it in its reader's language
    (the house-rules editor's heading); ``None``: the game's English title is shown."""

    def __init__(self, /, **data: Any) -> None:
        """Validate ``data`` as in :meth:`updated`.

        Raises:
            SettingsError: an unknown name, or a value the setting cannot take
                (never pydantic's ``ValidationError``).
        """
        for name in data:
            self.check_name(name)
        _check_numbers(type(self), data)
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise SettingsError(_explain(type(self), exc)) from None

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        # TOML has no null: an unset (None) value is written as a commented line
        # and read back as "absent", which only round-trips if None is the default.
        for name, info in cls.model_fields.items():
            if _allows_none(info.annotation) and info.default is not None:
                raise TypeError(
                    f"{cls.__name__}.{name}: a setting that may be None must default to None"
                )

    # ------------------------------------------------------------------ changes

    @classmethod
    def names(cls) -> list[str]:
        return list(cls.model_fields)

    @classmethod
    def check_name(cls, name: str) -> None:
        """Refuse a name that is not one of this system's settings, with the closest one."""
        if not isinstance(name, str) or name not in cls.model_fields:
            close = (
                difflib.get_close_matches(name, cls.model_fields, n=1)
                if isinstance(name, str) and len(name) <= checks.MAX_TEXT
                else []
            )
            if close:
                raise SettingsError(
                    "settings.no_such_setting_tip",
                    "{system} has no setting {got}; its settings are {names}. "
                    "Tip: did you mean {close}?",
                    system=cls.system,
                    got=shown(name, 80),
                    names=Listing.of(cls.model_fields, "unit"),
                    close=repr(close[0]),
                )
            raise SettingsError(
                "settings.no_such_setting",
                "{system} has no setting {got}; its settings are {names}.",
                system=cls.system,
                got=shown(name, 80),
                names=Listing.of(cls.model_fields, "unit"),
            )

    def updated(self, **changes: Any) -> Self:
        """A copy with ``changes`` applied, each validated.

        Raises:
            SettingsError: an unknown name, or a value the setting cannot take.
        """
        for name in changes:
            self.check_name(name)
        data = self.model_dump()
        data.update(changes)
        return self._validated(data)

    @classmethod
    def _validated(cls, data: dict[str, Any]) -> Self:
        _check_numbers(cls, data)
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise SettingsError(_explain(cls, exc)) from None

    def changes_from(self, other: RuleSettings) -> dict[str, tuple[Any, Any]]:
        """``{name: (old, new)}`` for every setting that differs from ``other``."""
        if not isinstance(other, RuleSettings):
            raise SettingsError(
                "settings.changes_from",
                "changes_from needs settings to compare with, got {type} {got}",
                type=type(other).__name__,
                got=shown(other),
            )
        mine, theirs = self.model_dump(), other.model_dump()
        return {k: (theirs.get(k), v) for k, v in mine.items() if theirs.get(k) != v}

    def non_defaults(self) -> dict[str, Any]:
        """The house rules in force: every setting that differs from its default."""
        defaults = type(self)().model_dump()
        return {k: v for k, v in self.model_dump().items() if v != defaults[k]}

    # ------------------------------------------------------------------ tables

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """One row per setting: name, default, digest ref, description."""
        rows = []
        for name, info in cls.model_fields.items():
            extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
            rows.append(
                {
                    "setting": name,
                    "default": info.default,
                    "ref": extra.get("ref", ""),
                    "allowed": _allowed_text(info.annotation),
                    "description": info.description or "",
                }
            )
        return rows

    @classmethod
    def specs(cls) -> tuple[SettingSpec, ...]:
        """One :class:`~.setting_spec.SettingSpec` per setting, in declared order: what a
        form offers."""
        return tuple(_spec(name, info) for name, info in cls.model_fields.items())

    @classmethod
    def value_from_text(cls, name: str, text: str) -> Any:
        """Read the value a person typed for setting ``name``, as TOML's right-hand side.

        ``3``, ``true``, ``"three_worst"`` and ``{athletics = "kraft"}`` read as in a
        settings file; blank text means unset (``None``) for a setting that may be
        unset. Only the text is read here: whether the setting can take the value is
        checked where it is applied (:meth:`updated`, ``Game.change_settings``).

        Raises:
            SettingsError: an unknown name, text that is not one TOML value (or too
                long), or blank text for a setting that cannot be unset.
        """
        cls.check_name(name)
        spec = _spec(name, cls.model_fields[name])
        text = checks.text(
            text, f"the value of {name}", allow_empty=True, strip=False, error=SettingsError
        )
        if not text.strip():
            if spec.optional:
                return None
            raise SettingsError(
                "settings.needs_value",
                "setting {name} needs a value; allowed: {allowed} (it cannot be unset)",
                name=repr(name),
                allowed=_field_allowed(cls.model_fields[name]),
            )
        why: Message = msg("settings.more_than_one", "it holds more than one value")
        try:
            parsed = tomllib.loads(f"v = {text}")
        except tomllib.TOMLDecodeError as exc:
            parsed, why = {}, toml_reason(exc)
        except RecursionError:
            parsed, why = {}, msg("settings.nested", "it is nested too deeply to read")
        except ValueError:
            parsed, why = {}, msg("settings.number_digits", "a number has too many digits to read")
        if list(parsed) != ["v"]:  # not TOML, or more keys after the value ("1\nw = 2")
            raise SettingsError(
                "settings.not_one_value",
                "setting {name} cannot read {got} as one value ({why}); allowed: {allowed}, "
                "written as in a settings file (text in quotes, a table as {table})",
                name=repr(name),
                got=shown(text),
                why=why,
                allowed=_field_allowed(cls.model_fields[name]),
                table='{key = "value"}',
            )
        return parsed["v"]

    def rows(self) -> list[dict[str, Any]]:
        """Like :meth:`describe`, with the current value and whether it is a house rule."""
        current = self.model_dump()
        rows = self.describe()
        for row in rows:
            row["value"] = current[row["setting"]]
            row["house_rule"] = row["value"] != row["default"]
        return rows

    # ------------------------------------------------------------------ TOML

    def to_toml(self, language: str = "en") -> str:
        """The settings as a TOML document whose comments are in ``language``: what each
        setting changes, what it may be (in words) and its default. The values are
        TOML's own, the same in every language, so a file saved by a Danish table loads
        at an English one.

        Raises:
            SettingsError: a language the kit does not speak.
        """
        language = checks.choice(language, "language", languages(), error=SettingsError)
        system: str | Message = self.title if self.title is not None else self.system
        lines = [
            "# "
            + render(
                msg("settings.file.head", "isowidgets house rules for {system}.", system=system),
                language,
            ),
            "# "
            + render(
                msg(
                    "settings.file.load",
                    "Edit values and load the file with Game.load_settings(path).",
                ),
                language,
            ),
            "",
            tomli_w.dumps({"system": self.system}).strip(),
            "",
        ]
        values = self.model_dump()
        for spec in self.specs():
            ref = f"{spec.ref}: " if spec.ref else ""
            about = (
                render(spec.words.description, language)
                if spec.words.description is not None
                else spec.description
            )
            lines.append(f"# {ref}{about}")
            allowed = render(spec.allowed_words, language) if spec.allowed_words else spec.allowed
            said = msg(
                "settings.file.allowed",
                "allowed: {allowed}; default: {default}",
                allowed=allowed,
                default=_toml_text(spec.default),
            )
            lines.append(f"# {render(said, language)}")
            value = values[spec.name]
            if value is None:
                unset = render(msg("settings.file.unset", "(unset)"), language)
                lines.append(f"# {spec.name} = {unset}")
            else:
                lines.append(f"{spec.name} = {_toml_text(value)}")
            lines.append("")
        return "\n".join(lines)

    @classmethod
    def from_toml(cls, text: str, *, source: str = "<text>") -> Self:
        """Parse and validate a TOML document written by :meth:`to_toml` (or by hand).

        Raises:
            SaveFileError: not TOML (too long, too deeply nested, a number of too
                many digits), another system's settings, unknown names, or values
                the settings cannot take. Each message names ``source``.
        """
        data, source = parse_text(text, source)
        system = data.pop("system", cls.system)
        if system != cls.system:
            raise SaveFileError(
                "settings.other_system",
                "{source} holds settings for {got}, not {system}. "
                "Tip: load it into a game of that system.",
                source=source,
                got=shown(system, 60),
                system=repr(cls.system),
            )
        unknown = [k for k in data if k not in cls.model_fields]
        if unknown:
            names = Listing.of(cls.model_fields, "unit")
            listed = shown(unknown[:_UNKNOWN_SHOWN], 120)
            if len(unknown) > _UNKNOWN_SHOWN:
                raise SaveFileError(
                    "settings.unknown_more",
                    "{source}: unknown settings {got} and {more} more ({count} in all); "
                    "{system} has {names}",
                    source=source,
                    got=listed,
                    more=Number(len(unknown) - _UNKNOWN_SHOWN),
                    count=Number(len(unknown)),
                    system=cls.system,
                    names=names,
                )
            raise SaveFileError(
                "settings.unknown",
                "{source}: unknown settings {got}; {system} has {names}",
                source=source,
                got=listed,
                system=cls.system,
                names=names,
            )
        try:
            return cls._validated(data)
        except SettingsError as exc:
            raise SaveFileError(
                "settings.in_file", "{source}: {problem}", source=source, problem=exc.message
            ) from None

    def save(self, path: str | os.PathLike[str], language: str = "en") -> Path:
        """Write the settings as a TOML file commented in ``language`` (folders made as
        needed).

        Raises:
            SettingsError: ``path`` is not a file path (empty, ``None``, holding a
                NUL or a lone surrogate), or a language the kit does not speak.
            SaveFileError: the file cannot be written there (the message says why).
        """
        target = file_path(path)
        return write_file(target, self.to_toml(language))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Self:
        """Read and validate a settings file written by :meth:`save` (or by hand).

        At most :data:`~.settings_file.MAX_FILE_BYTES` are read: a longer file (by its size, or
        by what reading it gives, for a file that grows) is refused unread.

        Raises:
            SettingsError: ``path`` is not a file path.
            SaveFileError: the file cannot be read, is too long, is not UTF-8 or
                not TOML, or holds values the settings cannot take.
        """
        target = file_path(path)
        text = read_file(target)
        return cls.from_toml(text, source=str(target))


# --------------------------------------------------------------------------- helpers


def _check_numbers(cls: type[RuleSettings], data: dict[str, Any]) -> None:
    """Refuse a whole number past ±:data:`MAX_SETTING_INT` before pydantic sees it
    (its own range is checked after, and then in its own words)."""
    for name, value in data.items():
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and not -MAX_SETTING_INT <= int.__int__(value) <= MAX_SETTING_INT
        ):
            field_info = cls.model_fields.get(name)
            allowed: Message | str = _field_allowed(field_info) if field_info else "?"
            raise SettingsError(
                "settings.number_past_cap",
                "setting {name} cannot be {got}: no setting goes past ±{most}; allowed: "
                "{allowed} (within ±{most} and the setting's own range)",
                name=shown(name, 80),
                got=shown(value),
                most=Number(MAX_SETTING_INT),
                allowed=allowed,
            )


def _why(error: Any, annotation: Any = None) -> Message:
    """What pydantic found wrong with one value (inside a table or a list too), as the
    kit's message (:func:`isowidgets.reasons.pydantic_reason`)."""
    loc = tuple(error.get("loc") or ())
    inner = annotation_at(annotation, loc[1:]) if annotation is not None else None
    return pydantic_reason(error, inner)


def _explain(cls: type[RuleSettings], exc: ValidationError) -> Message:
    parts: list[Message] = []
    for error in exc.errors():
        if not error["loc"]:  # a check across several settings (a model validator)
            parts.append(pydantic_reason(error))
            continue
        name = _cut(".".join(str(x) for x in error["loc"]), 80)
        field_info = cls.model_fields.get(str(error["loc"][0])) if error["loc"] else None
        allowed: Message | str = _field_allowed(field_info) if field_info else "?"
        parts.append(
            msg(
                "settings.cannot_be",
                "setting {name} cannot be {got} ({why}); allowed: {allowed}",
                name=repr(name),
                got=shown(error.get("input")),
                why=_why(error, field_info.annotation if field_info else None),
                allowed=allowed,
            )
        )
    said = parts[:_UNKNOWN_SHOWN]
    message = said[-1]
    for part in reversed(said[:-1]):
        message = msg("settings.and", "{first}; {then}", first=part, then=message)
    return message
