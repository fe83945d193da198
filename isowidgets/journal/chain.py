"""The journal's hash chain: each line carries the hash of the journal up to it.

A line ends with its *head*, ``,"h":"<64 hex digits>"}``: SHA-256 over the head of the
line before it and this line's own bytes without the head (the line as it would read
without its last field)::

    head(n) = SHA-256("isowidgets-journal-v2" NUL head(n − 1) ‖ line n without "h")

with ``head(0)`` 32 zero bytes. So a line's head commits to every byte of the journal
up to it, and to nothing after it: change a face, a time or a space, insert, remove,
swap or retype a line, and every head from there on is another one. Lines written
before lines were chained (format 1, no ``"h"``) are chained all the same, over their
bytes as they are, so the first chained line of a resumed old session commits to the
old lines too.

Why the head is what viewers see (Certificate Transparency's idea, RFC 6962): a head
read off the stream or a screenshot is a small text anyone can keep, and
``python -m isowidgets verify PATH --head HEAD`` later proves that the journal up to the
line that carries it is exactly as it was when it was shown. Without a head seen by
others, the chain still finds a line changed without the heads after it being made
again (every line is checked); a forger who rewrites the heads too is found only by a
head someone kept.

The head viewers are shown is the one carried by the journal's latest public line (see
:class:`~.history.ShownHead`): a public line's head commits to every GM-only line before
it, so the shown head proves those too, while it changes only when something public
happens, and so tells nothing of when, or how much, the GM does in secret.
"""

from __future__ import annotations

import hashlib
import re

__all__ = [
    "GENESIS",
    "HEAD_SUFFIX_BYTES",
    "SHORT_HEAD",
    "head_text",
    "link",
    "read_head",
    "short_head",
    "split_head",
    "with_head",
]

GENESIS = bytes(32)
"""The head before the first line."""

_DOMAIN = b"isowidgets-journal-v2\0"
_OPEN = b',"h":"'
_CLOSE = b'"}'
HEAD_SUFFIX_BYTES = len(_OPEN) + 64 + len(_CLOSE)
"""How many bytes a line's head adds to it."""

SHORT_HEAD = 16
"""Hex digits of a head shown to people (64 bits): the toolbar and the stream show this
much, and ``verify --head`` takes at least this much. A forger would have to try about
2⁶⁴ journals to find another whose head begins the same way."""

_HEX = re.compile(rb"[0-9a-f]{64}")


def link(previous: bytes, body: bytes) -> bytes:
    """The head of a line whose bytes without the head are ``body``, after ``previous``."""
    return hashlib.sha256(_DOMAIN + previous + body).digest()


def with_head(body: bytes, head: bytes) -> bytes:
    """The line ``body`` (a JSON object, without its head) with ``head`` as its last field."""
    return body[:-1] + _OPEN + head.hex().encode("ascii") + _CLOSE


def split_head(raw: bytes) -> tuple[bytes, str | None]:
    """A line's bytes without its head (what the head is taken over) and the head it
    carries as hex; a line that carries none (written before lines were chained, or not
    ending in a head) is its own body, with ``None``."""
    if (
        len(raw) > HEAD_SUFFIX_BYTES
        and raw.endswith(_CLOSE)
        and raw[-HEAD_SUFFIX_BYTES : -64 - len(_CLOSE)] == _OPEN
        and _HEX.fullmatch(raw, len(raw) - 64 - len(_CLOSE), len(raw) - len(_CLOSE))
    ):
        body = raw[:-HEAD_SUFFIX_BYTES] + b"}"
        return body, raw[-64 - len(_CLOSE) : -len(_CLOSE)].decode("ascii")
    return raw, None


def short_head(head: str) -> str:
    """A head as people read it: its first :data:`SHORT_HEAD` hex digits in groups of
    four (``3f2a 91c0 7d4e 11b8``)."""
    digits = head[:SHORT_HEAD]
    return " ".join(digits[i : i + 4] for i in range(0, len(digits), 4))


def head_text(text: str) -> str | None:
    """The hex digits of a head someone typed (spaces dropped, any case), or ``None``
    when it is not :data:`SHORT_HEAD` to 64 hex digits."""
    digits = "".join(text.split()).lower()
    if SHORT_HEAD <= len(digits) <= 64 and all(c in "0123456789abcdef" for c in digits):
        return digits
    return None


def read_head(text: str) -> tuple[str, int | None] | None:
    """A head as ``verify --head`` takes it: ``HEX`` or ``ROLLS:HEX`` (the public roll
    count shown next to it), spaces anywhere. ``(hex, rolls)``, or ``None`` if it is not
    one."""
    rolls_text, _, rest = text.rpartition(":")
    rolls = None
    if rolls_text.strip():
        if not rolls_text.strip().isdigit() or len(rolls_text.strip()) > 9:
            return None
        rolls = int(rolls_text.strip())
    digits = head_text(rest)
    return None if digits is None else (digits, rolls)
