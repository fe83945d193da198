"""Watch the World Die's tables as data: shipped with the copyleft notice, checked on load."""

from __future__ import annotations

import tomllib

import pytest
from world_play import political, world

from isowidgets.errors import RuleError, SaveFileError
from isowidgets.rules.watch_the_world_die import (
    WorldGame,
    parse_tables,
    shipped_path,
    shipped_tables,
)

NOTICE = (
    "WATCH THE WORLD DIE is copylefted under attribution license by Tod Foley, and distributed "
    "by As If Productions. You are encouraged to copy, distribute and modify these rules to "
    "create your own derivative works; however all derivative works must also be copylefted "
    "and all that are published must bear this notice."
)


def _edited(old: str, new: str) -> str:
    text = shipped_path().read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_the_shipped_file_carries_the_notice_and_the_credit():
    text = shipped_path().read_text(encoding="utf-8")
    assert " ".join(text.split()).count(NOTICE) == 1  # the comment at the top
    source = shipped_tables().source
    assert source.notice == NOTICE
    assert (source.author, source.publisher) == ("Tod Foley", "As If Productions")
    assert "Tod Foley" in source.credit() and "copyleft" in source.credit()


@pytest.mark.rule("WTWD-A15", "WTWD-A05")
def test_the_tables_are_complete():
    tables = shipped_tables()
    assert len(tables.apocalypse_types) == 16
    assert [len(tables.entries(face)) for face in range(1, 6)] == [7, 9, 5, 6, 13]
    assert tables.entries(1)[-2:] == (
        "Freak Weather/Cosmic Event",
        "Meteorite/Solar Flares/Cosmic Rays",
    )
    assert [tables.chain_set(face) for face in range(1, 7)] == [
        (1, 2, 3, 4),
        (2, 3, 4),
        (3, 4, 5),
        (3, 4, 5),
        (),
        (),
    ]
    assert tables.entries(6) == ("Spreading", "Snowballing", "The Cause")
    assert tables.event_modes[3] == "Nature's Wrath"
    assert [r.cost for r in tables.responses] == list(range(1, 23))
    assert tables.response(22).name == "Societal Breakdown/Dark Age/Mass Insanity"


@pytest.mark.rule("WTWD-A15")
def test_a_designer_splits_a_list_differently_and_plays_with_it(tmp_path):
    path = tmp_path / "my-tables.toml"
    path.write_text(
        _edited(
            '    "Freak Weather/Cosmic Event",\n    "Meteorite/Solar Flares/Cosmic Rays",\n',
            '    "Freak Weather",\n    "Cosmic Event Meteorite/Solar Flares/Cosmic Rays",\n',
        ),
        encoding="utf-8",
    )
    game = world()
    game.load_tables(path)
    game.make_it_worse(1)
    assert "Freak Weather" in game.event_options()[1]
    game.create_event("Freak Weather", "Iceland")
    assert game.state.events[0].entry == "Freak Weather"


def test_loaded_tables_are_journaled_whole_and_replay_without_the_file(tmp_path):
    path = tmp_path / "my-tables.toml"
    path.write_text(_edited('name = "Climate"', 'name = "Weather"'), encoding="utf-8")
    journal = tmp_path / "world.jsonl"
    game = world(path=journal)
    game.load_tables(path)
    political(game, 1, "Extreme Heat/Drought")
    path.unlink()
    game.journal.close()
    resumed = WorldGame.resume(journal)
    assert resumed.tables.event_type(1).name == "Weather"
    assert resumed.state == game.state


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ("chain_set = [3, 4, 5]", "chain_set = [3, 9]", "event_types[2] ('Resources').chain_set"),
        ("cost = 4\n", "cost = 3\n", "cost [3] is twice"),
        ('name = "Hardening/Militarization"', 'name = ""', "responses[8].name"),
        ('    "Power Grid",\n', '    "",\n', "event_types[3] ('Infrastructure').events"),
        ('cost = 1\nname = "Food', 'cost = "one"\nname = "Food', "responses[0] ('Food"),
        ('kind = "spreading"', 'kind = "spread"', "special_events[0] ('Spreading').kind"),
        ("face = 6", "face = 5", "faces 1 to 6"),
        ('    "Scarcity",\n', "", "event_modes"),
        ('notice = "WATCH', 'notise = "WATCH', "source.notise"),
    ],
)
def test_a_broken_edit_is_refused_naming_the_entry(tmp_path, old, new, named):
    path = tmp_path / "broken.toml"
    path.write_text(_edited(old, new), encoding="utf-8")
    game = world()
    before = (game.journal.entries, game.state)
    with pytest.raises(SaveFileError) as caught:
        game.load_tables(path)
    assert named in str(caught.value) and "broken.toml" in str(caught.value)
    assert (game.journal.entries, game.state) == before


def test_files_that_are_not_tables_are_refused(tmp_path):
    with pytest.raises(SaveFileError, match="not valid TOML"):
        parse_tables("this is = = not toml")
    with pytest.raises(SaveFileError, match="cannot read tables file"):
        world().load_tables(tmp_path / "missing.toml")
    (tmp_path / "bytes.toml").write_bytes(b"\xff\xfe")
    with pytest.raises(SaveFileError, match="not UTF-8"):
        world().load_tables(tmp_path / "bytes.toml")
    with pytest.raises(RuleError, match="path"):
        world().load_tables(None)


def test_the_shipped_file_is_plain_toml_every_entry_of_which_the_model_reads():
    raw = tomllib.loads(shipped_path().read_text(encoding="utf-8"))
    tables = shipped_tables()
    assert raw["apocalypse_types"] == list(tables.apocalypse_types)
    assert len(raw["responses"]) == len(tables.responses)


def test_tables_cannot_change_during_a_turn(tmp_path):
    game = world()
    game.make_it_worse(1)
    with pytest.raises(RuleError, match="not during a turn"):
        game.load_tables(shipped_path())
