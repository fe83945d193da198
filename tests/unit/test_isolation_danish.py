"""Isolation in Danish (issue 26): its catalogue (``da/LC_MESSAGES/isolation.po``) says
the log of a whole session, every beat a replay, a recap or a Danish stream's
"Previously on…" tells, and the engine's refusals without a word of their English
templates; and each translation keeps what is not a word to translate: the rule
references, the code a refusal names and the glyphs."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from replay_play import FULL
from test_danish_reach import english_left, messages_in

from isowidgets.errors import IsowidgetsError
from isowidgets.reel import Reel
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.examples import add_boarding_party
from isowidgets.words import Message, render
from isowidgets.words.catalogues import LOCALE_DIR, template_for

KEPT = re.compile(
    r"T-ISO-\d+|ISO-[RA]\d+"  # rule references
    r"|\b\w+\([^()]*\)"  # a call a tip names: choose_stance(pp, 'Hostile')
    r"|\w+='[^']*'|\w+=\w+"  # an argument: mode='direct', physical=True
    r"|\b[a-z]+_[a-z_]+\b"  # a setting or argument name: stress_min
    r"|[●○↳+×→△…−–✚✝♥]"  # glyphs
)
"""What a translation keeps as the English writes it."""

WORD = re.compile(r"[A-Za-z]{3,}")

NOT_WORDS = re.compile(KEPT.pattern + r"|\{[a-z_0-9]+\}|'[^']*'")
"""What is no word to translate: what a translation keeps, a placeholder, a quoted value."""

SHARED = frozenset(
    {
        # words Danish writes as English does
        *("Isolation", "Stress", "stress", "Session", "session", "Neutral", "Tip", "for"),
        *("under", "give", "point", "start", "stop", "permanent", "relevant", "odds", "slug"),
        # the code a refusal names as it is spelled: arguments, types, methods
        *("declared", "mapping", "pps", "faces", "factors", "hostile", "target", "pairs"),
        *("stances", "state", "IsolationState", "False", "simulate", "profession", "goal"),
        *("bias", "compose", "game", "conflict", "Conflict", "Limits"),
    }
)
"""English words a Danish translation may hold."""


def _entries() -> list[Any]:
    with (LOCALE_DIR / "da" / "LC_MESSAGES" / "isolation.po").open("rb") as handle:
        return [entry for entry in read_po(handle) if entry.id]


def test_every_translation_keeps_the_rule_references_code_and_glyphs() -> None:
    entries = _entries()
    assert len(entries) >= 290  # the whole domain, not a part of it
    lost = []
    for entry in entries:
        english = entry.id if isinstance(entry.id, str) else entry.id[0]
        said = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for text in said:
            missing = [kept for kept in KEPT.findall(english) if kept not in text]
            if missing:
                lost.append((entry.context, missing, text))
    assert lost == [], lost[:8]


def test_no_translation_keeps_an_english_word() -> None:
    """A word of the English (but the code it names) that shows in the Danish is a word
    Danish shares, or a name a refusal gives as the code spells it."""
    left = []
    for entry in _entries():
        englishes = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        said = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for english, text in zip(englishes, said, strict=True):
            shown = set(WORD.findall(NOT_WORDS.sub(" ", english))) & set(
                WORD.findall(NOT_WORDS.sub(" ", text))
            )
            if shown - SHARED:
                left.append((entry.context, sorted(shown - SHARED), text))
    assert left == [], left[:8]


def test_a_whole_session_s_log_and_beats_are_said_in_danish(tmp_path: Path) -> None:
    game = FULL["isolation"](tmp_path / "session.jsonl")
    try:
        said: list[Message] = [entry.event.message() for entry in game.journal.entries]
        marks = Reel.of(game.journal.path).beats
    finally:
        game.journal.close()
    for mark in marks:
        beat = mark.beat
        said += [beat.heading, *beat.changes]
        said += [part for part in (beat.verdict, beat.reading) if isinstance(part, Message)]
        for dice in beat.dice:
            said += [part for part in (dice.label, dice.reading) if isinstance(part, Message)]
    inner = {m.key: m for message in said for m in messages_in(message)}
    isolation = [m for m in inner.values() if m.domain == "isolation"]
    assert len(isolation) >= 25
    english = sorted(
        key
        for key, m in inner.items()
        if m.domain in ("isolation", "stream")
        and template_for(m, "da") == template_for(m, "en")
        and set(WORD.findall(NOT_WORDS.sub(" ", template_for(m, "en")))) - SHARED
    )
    assert english == []
    danish = "\n".join(render(m, "da") for m in said)
    for words in (
        "grønt mærket bånd “Flirtatious / Charming” mellem Alice og Bob",
        "konflikt 1: Bob foreslår “board up the windows”, overtaler Alice og Eve",
        "Bob (AP): rødt slag (slået)",
        "Konflikt 1 · Bob: board up the windows",
        "Parslag · Alice og Bob",
        "De tilføjer et mærket grønt bånd",
        # a degree, a stance, a Difficulty and a health level the log says in words
        "konflikt 1 afsluttet: Almindelig fiasko",
        "Alice er Fjendtlig",
        "Sværhedsgrad Let (1)",
        "Eve: Rask → Såret (the storm takes her)",
    ):
        assert words in danish, (words, danish)
    english = "\n".join(render(m, "en") for m in said)
    for words in (  # the English log as it always read
        "conflict 1 closed: Basic Failure",
        "Alice is Hostile",
        "Difficulty Easy (1)",
        "Eve: Healthy → Injured (the storm takes her)",
        "conflict 1: team evens 0 vs odds 2, margin -2 → Basic Failure",
    ):
        assert words in english, (words, english)


def _boarded(path: Path) -> IsolationGame:
    game = IsolationGame.new(path, seed=2026, title="The farmhouse")
    add_boarding_party(game, stress=2)
    return game


def _proposed(path: Path) -> IsolationGame:
    game = _boarded(path)
    game.propose("bob", "board up the windows")
    return game


REFUSALS: dict[str, tuple[Callable[[Path], IsolationGame], Callable[[IsolationGame], Any]]] = {
    "isolation.no_such_character": (_boarded, lambda g: g.propose("zed", "run")),
    "isolation.stress_adjustment_zero": (_boarded, lambda g: g.adjust_stress(0, "quiet")),
    "isolation.direct_without_target": (
        _boarded,
        lambda g: g.propose("bob", "hit", mode="direct"),
    ),
    "isolation.alone_with_pps": (
        _boarded,
        lambda g: g.propose("bob", "run", mode="alone", pps=["alice"]),
    ),
    "isolation.no_conflict": (_boarded, lambda g: g.resolve()),
    "isolation.pair_roll_not_now_injury_off": (_boarded, lambda g: g.pair_roll("alice", "bob")),
    "isolation.conflict_in_progress": (_proposed, lambda g: g.propose("eve", "hide")),
    "isolation.map_still_during_conflict": (
        _proposed,
        lambda g: g.add_link("alice", "eve", "green"),
    ),
    "isolation.resolve_not_ready": (_proposed, lambda g: g.resolve()),
    "isolation.pool_not_ready": (_proposed, lambda g: g.roll("GM", "red")),
    "isolation.no_such_pool": (_proposed, lambda g: g.roll("gm", "red")),
}
"""A refusal of each kind a GM meets at the table: how it is made."""


@pytest.mark.parametrize("key", sorted(REFUSALS))
def test_the_engine_s_refusals_are_said_in_danish(key: str, tmp_path: Path) -> None:
    start, call = REFUSALS[key]
    game = start(tmp_path / "session.jsonl")
    try:
        with pytest.raises(IsowidgetsError) as caught:
            call(game)
    finally:
        game.journal.close()
    message = caught.value.message
    assert message.key == key
    assert english_left(message) == [], render(message, "da")
    assert render(message, "da") != render(message, "en")
