"""Every beat a replay, a recap or a Danish stream tells ("Previously on…") is told in
Danish on a Danish page: each message of every system's beats comes from a catalogue that
has a Danish file (whose completeness ``test_words`` checks), so none falls back to its
English template."""

from __future__ import annotations

import dataclasses
import re
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


TYPED: dict[str, set[str]] = {
    "tray": {"to hit", "the secret door"},
    "impact": {"Algernon Pierce", "The Goons", "Pocketful Of Plans"},
    "fudge_conflict": {"Ana", "Bo", "brawl"},
    "watch_the_world_die": {
        "Ana",
        "Ben",
        "Cy",
        "Ruritania",
        "Bribery/Scandal/Corruption",
        "Coup/Revolution/Dissolution",
        "Societal Breakdown/Dark Age/Mass Insanity",
    },
}
"""What each full session typed (names, Details, regions, and the shipped tables' Events,
which stay as written): the only words a beat may carry as plain text."""

DIE_OR_NUMBER = re.compile(r"\d*[dD]\d+|\d+")


def _texts(message: Message) -> Iterator[tuple[str, str, str]]:
    """(message key, value name, text) for every plain text among the values of
    ``message`` and of the messages inside it."""
    for name, value in message.arguments.items():
        if isinstance(value, Message):
            yield from _texts(value)
        elif isinstance(value, str):
            yield message.key, name, value


@pytest.mark.parametrize("system", sorted(TYPED))
def test_a_beat_carries_no_kit_word_as_plain_text(system: str, tmp_path: Path) -> None:
    """A beat's words are messages; its plain texts are only what the table typed, dice
    and numbers. A kit word passed as text ("Test 1", a Difficulty such as "Difficult",
    the shipped Event type "Political") would stay English on a Danish page even with
    every catalogue complete."""
    game = FULL[system](tmp_path / "session.jsonl")
    try:
        marks = Reel.of(game.journal.path).beats
    finally:
        game.journal.close()
    plain = sorted(
        {
            (key, name, text)
            for mark in marks
            for message in _messages(mark.beat)
            for key, name, text in _texts(message)
            if text.strip(" ()") not in TYPED[system] and not DIE_OR_NUMBER.fullmatch(text.strip())
        }
    )
    assert plain == [], f"{system}: kit words as plain text in beats: {plain[:8]}"
