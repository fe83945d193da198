"""Every beat a replay, a recap or a Danish stream tells ("Previously on…") is told in
Danish on a Danish page: each message of every system's beats comes from a catalogue that
has a Danish file (whose completeness ``test_words`` checks), so none falls back to its
English template."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from replay_play import FULL, KINDS

from isowidgets.reel import Reel
from isowidgets.words import render
from isowidgets.words.catalogues import LOCALE_DIR
from isowidgets.words.message import Message


def _messages(value: Any) -> Iterator[Message]:
    """Every message in ``value``: a message and those among its values, and those in a
    beat's fields (its dice and reading too)."""
    if isinstance(value, Message):
        yield value
        for argument in value.arguments.values():
            yield from _messages(argument)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _messages(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _messages(item)


@pytest.mark.parametrize("system", sorted(FULL))
def test_every_beat_of_a_session_is_told_in_danish(system: str, tmp_path: Path) -> None:
    game = FULL[system](tmp_path / "session.jsonl")
    try:
        marks = Reel.of(game.journal.path).beats
    finally:
        game.journal.close()
    assert {mark.beat.kind for mark in marks} == KINDS[system]
    english = sorted(
        {
            message.key
            for mark in marks
            for message in _messages(mark.beat)
            if not (LOCALE_DIR / "da" / "LC_MESSAGES" / f"{message.domain}.po").is_file()
        }
    )
    assert english == [], f"{system}: beats told in English on a Danish page: {english[:8]}"
    for mark in marks:  # and each renders whole in Danish
        assert render(mark.beat.heading, "da").strip()
