"""How Let It Hurt ended is data (issue 25): the journal holds who wins and what they
wanted, not an English sentence, and the log says it in the reader's language. Journals
written before hold the English ``text``; they still read and say what they said. (A
defeat's ending: ``test_fudge_hurt.py``, reaching level seven.)"""

from __future__ import annotations

import json

import pytest
from fudge_station import hurting

from isowidgets.rules.fudge_conflict import HurtEnded
from isowidgets.words import render


def _declare_both(game, ids):
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft")


@pytest.mark.parametrize(
    ("outcome", "english", "danish"),
    [
        (
            "opponent_achieves_intention",
            "Superior achieves their intention: humiliate Burke",
            "humiliate Burke",
        ),
        ("gm_decides", "the GM decides what Superior gets", "hvad Superior får"),
    ],
)
def test_giving_up_records_the_ending_as_data_and_says_it_in_each_language(
    outcome: str, english: str, danish: str
) -> None:
    game, ids = hurting(yield_outcome=outcome)
    _declare_both(game, ids)
    ended = game.give_up(ids["burke"])
    assert ended.text == ""
    assert ended.winner_name == "Superior"
    line = json.loads(ended.model_dump_json())
    assert "text" in line and line["text"] == ""  # the key older readers expect, no prose
    assert not any(english.split(":")[0] in str(value) for value in line.values())
    said = ended.describe()
    assert said == f"Let it hurt is over: Mr. Burke gives up; {english}"
    danish_said = render(ended.message(), "da")
    assert "gives up" not in danish_said and "GM decides" not in danish_said
    assert danish_said.endswith(danish)
    wrapped = render(ended.message(), "qps")
    assert wrapped.startswith("⟦") and "achieves" not in wrapped.replace("⟦", "").split("⟧")[-1]


def test_a_journal_written_before_reads_and_says_what_it_said() -> None:
    old = HurtEnded.model_validate(
        {
            "reason": "yield",
            "loser": "burke",
            "winner": "boss",
            "text": "Superior achieves their intention: humiliate Burke",
            "loser_name": "Mr. Burke",
        }
    )
    assert old.ending == ""
    assert old.describe() == (
        "Let it hurt is over: Mr. Burke gives up; Superior achieves their intention: "
        "humiliate Burke"
    )
    # Its line is written again as it was read (no new field appears in it).
    assert set(json.loads(old.model_dump_json())) == {
        "reason",
        "loser",
        "winner",
        "settled",
        "text",
        "loser_name",
    }
