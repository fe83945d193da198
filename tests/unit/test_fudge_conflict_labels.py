"""The Danish table's words: every glossary term and every label in English and Danish."""

from __future__ import annotations

import pytest

from isowidgets.widgets.fudge_conflict.labels import (
    ABILITY_KEYS,
    CATALOGUE,
    GLOSSARY,
    LABELS_CATALOGUE,
)
from isowidgets.widgets.i18n import Labels

DIGEST_GLOSSARY = [
    # The rules digest's glossary (section 3.4): Danish term, English UI label.
    ("Grundmekanikken", "Core mechanic"),
    ("færdighed, færdigheder", "Skill, skills"),
    ("evne, evner; evnetal", "Ability, abilities; ability score"),
    ("evnekategori", "Ability category"),
    ("Kraft", "Might (Strength)"),
    ("Fornuft", "Reason"),
    ("Intuition", "Intuition"),
    ("evnetjek", "Ability check"),
    ("fudgeterning(er)", "Fudge die/dice (dF)"),
    ("grundterninger", "Base dice"),
    ("bonusterning(er)", "Bonus die/dice"),
    ("strafterning(er)", "Penalty die/dice"),
    ("resultat", "Result"),
    ("udfald", "Outcome"),
    ("successer", '"Successes"'),
    ("grad af succes / succesniveau", "Degree of success / success level"),
    ("sværhedsgrad", "Difficulty"),
    ("opgave", "Task"),
    ("konflikt", "Conflict"),
    ("trin / stadie", "Step / stage"),
    ("Intention", "Intention"),
    ("Indledning", "Opening"),
    ("Udførsel", "Execution"),
    ("Konsekvens", "Consequence"),
    ("passiv / aktiv / konkurrerende modstand", "Passive / active / competing opposition"),
    ("initiativtager", "Initiator"),
    ("uafgjort", "Draw"),
    ("part(er)", "Party / parties"),
    ("vinder / taber", "Winner / loser"),
    ("modstander", "Opponent"),
    ("spiller", "Player"),
    ("spilleder", "Game master (GM)"),
    ("(centrale) spillederkontrollerede spilpersoner", "(Central) GM-controlled characters"),
    ("assistance", "Assistance"),
    ("kombination af to færdigheder", "Combine two skills"),
    ("hjælpe andre", "Help others"),
    ("kæde", "Chain (of assistance)"),
    ("at lade dette gøre ondt", "Let it hurt"),
    ("runde", "Round"),
    ("erklære handlinger", "Declare actions"),
    ("handling / aktør", "Action / actor"),
    ("tværgående handlinger", "Crossing actions"),
    ("parallelle handlinger", "Parallel actions"),
    ("defensive handlinger", "Defensive actions"),
    ("modangreb / forsvar", "Counterattack / defence"),
    ("skade; tage skade", "Damage / harm; take damage"),
    ("sår; niveau N-sår", "Wound; level-N wound"),
    ("skadesniveau", "Damage level"),
    ("skrammet (skramme, skrammer)", "Scratched (scratch, scratches)"),
    ("såret", "Wounded"),
    ("lemlæstet (lemlæstelse)", "Maimed (maiming)"),
    ("nederlag", "Defeat"),
    ("fysisk / åndelig / social beskadigelse", "Physical / mental / social harm"),
    ("puljen; point", "The pool; points"),
    ("skaden falder ned", 'Damage settles ("falls down")'),
    ("healing", "Healing"),
    ("Genopfriskningsscener", "Refresh scenes"),
    ("udstyr; udstyrsbonus", "Equipment; equipment bonus"),
    ("beskyttelse", "Protection"),
    ("spillederdiktat", "GM fiat"),
    ("teknologi", "Technology"),
    ("forhandling(sfase)", "Negotiation (phase)"),
    ("differencen", "The difference (margin)"),
    ("værbar KI (Kunstig Intelligens)", "Wearable AI"),
    ("skraldemænd", 'Scavengers (literally "garbage men")'),
    ("opløftede dyr", "Uplifted animals"),
    ("Sorte Drage", "Black Dragon (a Chinese Mars triad)"),
]


def test_both_languages_have_the_same_keys_and_no_empty_label():
    english, danish = CATALOGUE.labels["en"], CATALOGUE.labels["da"]
    assert english.keys() == danish.keys()
    assert all(label.strip() for label in [*english.values(), *danish.values()])
    assert CATALOGUE.languages[0] == "en"  # English is the default


def test_every_glossary_term_has_its_english_and_danish_label():
    english, danish = LABELS_CATALOGUE.labels["en"], LABELS_CATALOGUE.labels["da"]
    pairs = {(danish[key].casefold(), english[key]) for key in GLOSSARY}
    missing = [row for row in DIGEST_GLOSSARY if (row[0].casefold(), row[1]) not in pairs]
    assert missing == []
    assert len(GLOSSARY) == len(DIGEST_GLOSSARY)


@pytest.mark.parametrize("language", ["en", "da"])
def test_numbers_and_names_pass_through_unchanged(language):
    labels = Labels(CATALOGUE, language)
    said = labels("lih.damage_applied", name="Mr. Burke", asked=3, ability="X", level=4)
    assert "Mr. Burke" in said and "3" in said and "4" in said


def test_the_abilities_read_as_the_glossary_says():
    labels = Labels(CATALOGUE)
    assert [labels(key) for key in ABILITY_KEYS.values()] == ["Might", "Reason", "Intuition"]
    labels.set_language("da")
    assert [labels(key) for key in ABILITY_KEYS.values()] == ["Kraft", "Fornuft", "Intuition"]
