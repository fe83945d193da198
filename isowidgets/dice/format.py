"""How dice are written for a person: Fudge faces as glyphs, long lists of faces cut short.

The values and rolls write themselves with these (``DieType.face_text``,
``PoolRoll.faces_text``, every message that quotes typed faces), so a face reads
the same in a chip, a log line and an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..checks import received, shown
from ..words import Message, Number, msg, render

__all__ = ["FUDGE_GLYPHS", "faces_message", "faces_preview"]

FUDGE_GLYPHS = {-1: "−", 0: "0", 1: "+"}
"""A Fudge die's faces as a chip shows them (a true minus sign, not a hyphen)."""


def faces_message(faces: Sequence[Any], most: int = 12) -> str | Message:
    """A list of faces as a message's value: the first ``most`` and how many in all."""
    if len(faces) <= most:
        return received(list(faces))
    head = ", ".join(shown(f, 12) for f in faces[:most])
    return msg(
        "dice.faces_preview",
        "[{head}, … ({count} faces)]",
        head=head,
        count=Number(len(faces), grouped=False),
    )


def faces_preview(faces: Sequence[Any], most: int = 12) -> str:
    """A list of faces for an English sentence: :func:`faces_message` in English."""
    preview = faces_message(faces, most)
    return preview if isinstance(preview, str) else render(preview)
