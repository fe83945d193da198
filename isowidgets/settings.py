"""House-rule settings: one typed, validated, frozen object per system.

Each system subclasses :class:`RuleSettings` and declares its settings as
fields whose defaults are the digest's most faithful reading. Every field names
the ambiguity it settles (``ref="ISO-A01"``) so the table of settings doubles as
documentation. Settings load from and save to TOML; a file is parsed as data and
validated field by field, never executed.

Changing a setting in a game goes through the game object, which journals the
change (see :meth:`isowidgets.game.Game.change_settings`).
"""

from __future__ import annotations

import difflib
import os
import tomllib
import typing
from pathlib import Path
from typing import Any, ClassVar, Self

import tomli_w
from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic import Field as _Field

from .errors import SaveFileError, SettingsError

__all__ = ["RuleSettings", "setting"]


def setting(default: Any, description: str, *, ref: str | None = None, **kwargs: Any) -> Any:
    """Declare one house-rule setting.

    Args:
        default: the digest's default reading.
        description: one sentence a GM understands, shown in tables and files.
        ref: the digest's ID for the ambiguity this setting settles.
    """
    extra: dict[str, Any] = {"ref": ref} if ref else {}
    return _Field(default, description=description, json_schema_extra=extra, **kwargs)


class RuleSettings(BaseModel):
    """Base of every system's settings. Instances are immutable."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    system: ClassVar[str] = "core"

    def __init__(self, /, **data: Any) -> None:
        """Validate ``data`` as in :meth:`updated`.

        Raises:
            SettingsError: an unknown name, or a value the setting cannot take
                (never pydantic's ``ValidationError``).
        """
        for name in data:
            self.check_name(name)
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
        if name not in cls.model_fields:
            close = difflib.get_close_matches(name, cls.model_fields, n=1)
            tip = f" Tip: did you mean {close[0]!r}?" if close else ""
            raise SettingsError(
                f"{cls.system} has no setting {name!r}; its settings are "
                f"{', '.join(cls.model_fields)}.{tip}"
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
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise SettingsError(_explain(cls, exc)) from None

    def changes_from(self, other: RuleSettings) -> dict[str, tuple[Any, Any]]:
        """``{name: (old, new)}`` for every setting that differs from ``other``."""
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

    def rows(self) -> list[dict[str, Any]]:
        """Like :meth:`describe`, with the current value and whether it is a house rule."""
        current = self.model_dump()
        rows = self.describe()
        for row in rows:
            row["value"] = current[row["setting"]]
            row["house_rule"] = row["value"] != row["default"]
        return rows

    # ------------------------------------------------------------------ TOML

    def to_toml(self) -> str:
        """The settings as a commented TOML document."""
        lines = [
            f"# isowidgets house rules for {self.system}.",
            "# Edit values and load the file with Game.load_settings(path).",
            "",
            tomli_w.dumps({"system": self.system}).strip(),
            "",
        ]
        values = self.model_dump()
        for row in self.describe():
            name = row["setting"]
            ref = f"{row['ref']}: " if row["ref"] else ""
            lines.append(f"# {ref}{row['description']}")
            lines.append(f"# allowed: {row['allowed']}; default: {_toml_text(row['default'])}")
            value = values[name]
            if value is None:
                lines.append(f"# {name} = (unset)")
            else:
                lines.append(tomli_w.dumps({name: value}).strip())
            lines.append("")
        return "\n".join(lines)

    @classmethod
    def from_toml(cls, text: str, *, source: str = "<text>") -> Self:
        """Parse and validate a TOML document written by :meth:`to_toml` (or by hand)."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise SaveFileError(f"{source} is not valid TOML: {exc}") from None
        system = data.pop("system", cls.system)
        if system != cls.system:
            raise SaveFileError(
                f"{source} holds settings for {system!r}, not {cls.system!r}. "
                "Tip: load it into a game of that system."
            )
        unknown = [k for k in data if k not in cls.model_fields]
        if unknown:
            names = ", ".join(cls.model_fields)
            raise SaveFileError(f"{source}: unknown settings {unknown}; {cls.system} has {names}")
        try:
            return cls._validated(data)
        except SettingsError as exc:
            raise SaveFileError(f"{source}: {exc}") from None

    def save(self, path: str | os.PathLike[str]) -> Path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.to_toml(), encoding="utf-8")
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Self:
        target = Path(path)
        try:
            text = target.read_text(encoding="utf-8")
        except OSError as exc:
            raise SaveFileError(f"cannot read settings file {target}: {exc}") from None
        return cls.from_toml(text, source=str(target))


# --------------------------------------------------------------------------- helpers


def _allows_none(annotation: Any) -> bool:
    return type(None) in typing.get_args(annotation)


def _allowed_text(annotation: Any) -> str:
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Literal:
        return " | ".join(repr(a) for a in args)
    if args:
        return " | ".join(_allowed_text(a) for a in args)
    if annotation is type(None):
        return "None"
    return getattr(annotation, "__name__", str(annotation))


def _toml_text(value: Any) -> str:
    if value is None:
        return "(unset)"
    return tomli_w.dumps({"v": value}).strip()[4:]


def _explain(cls: type[RuleSettings], exc: ValidationError) -> str:
    parts = []
    for error in exc.errors():
        if not error["loc"]:  # a check across several settings (a model validator)
            parts.append(str(error["msg"]).removeprefix("Value error, "))
            continue
        name = ".".join(str(x) for x in error["loc"])
        field_info = cls.model_fields.get(str(error["loc"][0])) if error["loc"] else None
        allowed = _allowed_text(field_info.annotation) if field_info else "?"
        received = error.get("input")
        message = str(error["msg"])
        # Only the first letter: the message quotes the allowed values ('D8'), exactly.
        message = message[:1].lower() + message[1:]
        parts.append(f"setting {name!r} cannot be {received!r} ({message}); allowed: {allowed}")
    return "; ".join(parts)
