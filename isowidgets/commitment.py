"""The commitment to a session's dice: a salted SHA-256 published before play.

A session's random rolls all come from one seed (see :class:`~.Dice`).
When the session starts, the journal records only

    commitment = SHA-256("isowidgets-seed-v1" NUL salt NUL json(seed))

where ``salt`` is 32 random bytes (as 64 hex digits, from :mod:`secrets`) and
``seed`` is the seed as JSON (``3`` and ``"3"`` are different seeds). The salt is
why the hash gives nothing away even for a small seed a person chose (``seed=3``):
without it anyone could hash 0, 1, 2, … until one matched. With no seed given, the
seed itself is 256 random bits.

The seed and its salt (the *secret*) are kept out of the journal, which viewers may
see, in a sidecar file next to it, ``<journal>.secret`` (readable by its owner
only), so the GM's kernel can resume the session. :meth:`Game.reveal
<.Seeds.reveal>` journals them at the end; :mod:`isowidgets.verify`
then checks them against the commitment and replays every random roll.

Don't confuse the commitment (public, in the journal from the first line) with the
secret (private until revealed).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .checks import shown
from .dice.keys import seed_bytes
from .errors import JournalError
from .reasons import os_reason
from .regular_file import open_regular

__all__ = [
    "COMMITMENT_PATTERN",
    "MAX_SIDECAR_BYTES",
    "SALT_PATTERN",
    "Secret",
    "archive_sidecar",
    "commit",
    "read_sidecar",
    "remove_sidecar",
    "sidecar_path",
    "write_sidecar",
]

COMMITMENT_PATTERN = r"^[0-9a-f]{64}$"
"""A commitment as journaled: SHA-256 as 64 lowercase hex digits."""

SALT_PATTERN = r"^[0-9a-f]{64}$"
"""A salt as journaled: 32 bytes as 64 lowercase hex digits."""

MAX_SIDECAR_BYTES = 4096
"""The largest sidecar file read (a seed is at most 1,000 characters)."""

_DOMAIN = b"isowidgets-seed-v1"


def commit(seed: int | str, salt: str) -> str:
    """The commitment to ``seed`` under ``salt``: SHA-256 as 64 hex digits."""
    text = seed_bytes(seed)
    return hashlib.sha256(_DOMAIN + b"\0" + salt.encode("ascii") + b"\0" + text).hexdigest()


@dataclass(frozen=True, slots=True)
class Secret:
    """A session's seed and the salt its commitment was made with."""

    seed: int | str
    salt: str

    @classmethod
    def fresh(cls, seed: int | str | None = None) -> Secret:
        """A new secret: ``seed`` (256 random bits as hex when ``None``) and a new salt."""
        return cls(secrets.token_hex(32) if seed is None else seed, secrets.token_hex(32))

    @property
    def commitment(self) -> str:
        return commit(self.seed, self.salt)

    def matches(self, commitment: str) -> bool:
        """Whether this secret is the one ``commitment`` was made from."""
        return secrets.compare_digest(self.commitment, commitment)


def sidecar_path(journal: Path) -> Path:
    """Where the secret of the journal at ``journal`` is kept: ``<name>.secret``."""
    return journal.with_name(f"{journal.name}.secret")


def write_sidecar(journal: Path, secret: Secret) -> Path:
    """Keep ``secret`` next to ``journal``, readable and writable by its owner only.

    Written to a temporary name (mode 0600 from the start) and renamed into place,
    so a crash never leaves half a secret.

    Raises:
        JournalError: the file cannot be written.
    """
    target = sidecar_path(journal)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}")
    data = json.dumps({"v": 1, "seed": secret.seed, "salt": secret.salt}, ensure_ascii=False)
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, data.encode("utf-8") + b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise JournalError(
            "journal.cannot_keep_secret",
            "cannot keep the session's secret in {path}: {problem}; the session was not started",
            path=str(target),
            problem=os_reason(exc),
        ) from None
    return target


def read_sidecar(journal: Path) -> Secret | None:
    """The secret kept next to ``journal``, or ``None`` when there is none.

    Raises:
        JournalError: there is a sidecar but it is not a valid secret.
    """
    target = sidecar_path(journal)
    try:
        with os.fdopen(open_regular(target, role="secret"), "rb") as handle:
            raw = handle.read(MAX_SIDECAR_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise JournalError(
            "journal.cannot_read_secret",
            "cannot read the session's secret {path}: {problem}",
            path=str(target),
            problem=os_reason(exc),
        ) from None
    try:
        if len(raw) > MAX_SIDECAR_BYTES:
            raise ValueError(f"longer than {MAX_SIDECAR_BYTES} bytes")
        record = json.loads(raw.decode("utf-8"))
        return secret_from_record(record)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise JournalError(
            "journal.not_a_secret",
            "{path} is not a session's secret ({problem}). Tip: restore it from a backup; "
            "without it the session resumes but its next rolls cannot be verified",
            path=str(target),
            problem=shown(str(exc), 120),
        ) from None


def secret_from_record(record: Any) -> Secret:
    """A secret from its sidecar record, strictly.

    Raises:
        ValueError: the record is not ``{"v": 1, "seed": ..., "salt": ...}``.
    """
    if not isinstance(record, dict) or set(record) != {"v", "seed", "salt"} or record["v"] != 1:
        raise ValueError(f"expected v, seed and salt, got {shown(record, 80)}")
    seed, salt = record["seed"], record["salt"]
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError(f"the seed must be a whole number or text, got {shown(seed)}")
    if (
        not isinstance(salt, str)
        or len(salt) != 64
        or any(c not in "0123456789abcdef" for c in salt)
    ):
        raise ValueError(f"the salt must be 64 hex digits, got {shown(salt)}")
    return Secret(seed, salt)


def remove_sidecar(journal: Path) -> None:
    """Remove the sidecar of ``journal`` (a session that failed to start)."""
    with contextlib.suppress(OSError):
        sidecar_path(journal).unlink()


def archive_sidecar(journal: Path, archived: Path) -> None:
    """Move the sidecar of ``journal`` along with it to ``archived`` (best effort)."""
    source = sidecar_path(journal)
    if source.exists():
        with contextlib.suppress(OSError):
            os.replace(source, sidecar_path(archived))
