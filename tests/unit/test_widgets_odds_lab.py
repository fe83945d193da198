"""The designers' odds lab: sweeps ask the engines (never recompute), tables put readings
side by side, the panel's progress bar and chart follow a sweep, hostile input is refused."""

from __future__ import annotations

import pandas as pd
import pytest

from isowidgets.errors import RuleError, SettingsError
from isowidgets.systems import game_for
from isowidgets.widgets.odds_lab import (
    MAX_SIZES,
    OddsLab,
    questions,
    side_by_side,
    sweep,
    two_readings,
)

READINGS = {"as written": {}, "three worst": {"penalty_keep_mode": "three_worst"}}


def test_questions_lists_every_systems_questions_and_no_system_without_any():
    table = questions()
    asked = {
        (name, key)
        for name in ("isolation", "impact", "fudge_conflict", "watch_the_world_die")
        for key in game_for(name).odds_questions
    }
    assert set(zip(table["system"], table["question"], strict=True)) == asked
    assert "tray" not in set(table["system"])


@pytest.mark.rule("DK-A04")
def test_a_sweep_is_the_engines_answer_for_every_size_and_reading():
    frame = sweep("fudge_conflict", "beat", READINGS)
    game = game_for("fudge_conflict")
    for (reading, size), part in frame.groupby(["reading", "size"], sort=False):
        expected = game.ask_odds("beat", size, READINGS[reading])
        assert dict(zip(part["outcome"], part["probability"], strict=True)) == expected
    assert len(frame) == 2 * 9 * 2  # readings × the question's grid × outcomes


def test_side_by_side_puts_the_readings_of_each_outcome_next_to_each_other():
    wide = side_by_side(sweep("fudge_conflict", "beat", READINGS, sizes=[-1, 0]))
    assert list(wide.columns) == [
        ("success", "as written"),
        ("success", "three worst"),
        ("failure", "as written"),
        ("failure", "three worst"),
    ]
    assert list(wide.index) == [-1, 0]
    assert wide.loc[0, ("success", "as written")] == wide.loc[0, ("success", "three worst")]
    assert wide.loc[-1, ("success", "as written")] > wide.loc[-1, ("success", "three worst")]


@pytest.mark.rule("IMP-A01")
def test_an_outcome_one_reading_cannot_predict_is_left_blank():
    frame = sweep(
        "impact", "test", {"GM's call": {}, "margin": {"great_success_rule": "margin"}}, [0]
    )
    wide = side_by_side(frame)
    assert pd.isna(wide.loc[0, ("great success", "GM's call")])
    assert wide.loc[0, ("great success", "margin")] == pytest.approx(1 / 12)


def test_the_progress_callback_counts_every_answer():
    seen = []
    sweep(
        "isolation",
        "alone",
        {"a": {}, "b": {"gm_red_ones_explode": False}},
        [1, 2, 3],
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(n, 6) for n in range(1, 7)]


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "words"),
    [
        (("chess", "beat", READINGS), {}, RuleError, "a system that asks odds"),
        (("tray", "beat", READINGS), {}, RuleError, "a system that asks odds"),
        (("fudge_conflict", "nope", READINGS), {}, RuleError, "an odds question"),
        (("fudge_conflict", "beat", {}), {}, RuleError, "got none"),
        (("fudge_conflict", "beat", None), {}, RuleError, "must be a mapping"),
        (("fudge_conflict", "beat", {f"r{i}": {} for i in range(9)}), {}, RuleError, "readings"),
        (("fudge_conflict", "beat", {"a": {"colour": 1}}), {}, SettingsError, "no setting"),
        (("fudge_conflict", "beat", {"a": {5: 1}}), {}, SettingsError, "no setting 5"),
        (
            ("fudge_conflict", "beat", {"a": {"penalty_keep_mode": "best"}}),
            {},
            SettingsError,
            "cannot be 'best'",
        ),
        (("fudge_conflict", "beat", {"": {}}), {}, RuleError, "label"),
        (("fudge_conflict", "beat", {"a": "x"}), {}, RuleError, "must be a mapping"),
        (("fudge_conflict", "beat", READINGS, []), {}, RuleError, "1 to 200 sizes"),
        (("fudge_conflict", "beat", READINGS, "123"), {}, RuleError, "sizes"),
        (("fudge_conflict", "beat", READINGS, [10**9]), {}, RuleError, "net bonus dice"),
        (("fudge_conflict", "beat", READINGS, [0.5]), {}, RuleError, "net bonus dice"),
        (
            ("fudge_conflict", "beat", READINGS, list(range(MAX_SIZES + 1))),
            {},
            RuleError,
            "sizes",
        ),
        (("fudge_conflict", "beat", READINGS), {"progress": 3}, RuleError, "progress"),
        (("fudge_conflict", "beat", READINGS), {"colour": 3}, RuleError, "no argument 'colour'"),
        (("fudge_conflict", "beat", READINGS, [1, 2, 1]), {}, RuleError, "repeated: \\[1\\]"),
        (
            ("fudge_conflict", "beat", {"a": {}, "a ": {"penalty_keep_mode": "three_worst"}}),
            {},
            RuleError,
            "two readings are labelled 'a'",
        ),
    ],
)
def test_hostile_sweeps_are_refused_before_anything_is_asked(args, kwargs, error, words):
    calls = []
    if "progress" not in kwargs:
        kwargs = {**kwargs, "progress": lambda done, total: calls.append(done)}
    with pytest.raises(error, match=words):
        sweep(*args, **kwargs)
    assert calls == []


def test_side_by_side_refuses_what_is_not_a_sweep():
    with pytest.raises(RuleError, match="needs a sweep's table"):
        side_by_side(pd.DataFrame({"x": [1]}))
    with pytest.raises(RuleError, match="needs a sweep's table"):
        side_by_side("a table")


@pytest.mark.rule("ISO-A02")
def test_the_panel_sweeps_with_its_progress_bar_and_draws_table_and_chart():
    lab = OddsLab("isolation", "alone", "gm_red_ones_explode")
    assert (lab.first.value, lab.second.value) == (True, False)
    assert [label for label, _ in lab.first.options] == ["on", "off"]
    lab.start.value, lab.stop.value = 1, 5
    lab.compare_button.click()
    assert lab.frame is not None and set(lab.frame["size"]) == {1, 2, 3, 4, 5}
    assert (lab.progress.value, lab.progress.max) == (10, 10)
    assert lab.status.value == "10 of 10 answers"
    assert lab.readings() == {
        "on": {"gm_red_ones_explode": True},
        "off": {"gm_red_ones_explode": False},
    }
    assert "<th>off</th>" in lab.table.value and "%" in lab.table.value
    assert len(lab.figure.data) == 6 * 2  # each degree under each reading
    names = {trace.name for trace in lab.figure.data}
    assert "Complete Success · on" in names
    dashes = {trace.line.dash for trace in lab.figure.data}
    assert dashes == {"solid", "dash"}  # the reading is told by line style, not colour
    lab.close()


def test_the_panel_follows_the_system_question_and_setting_chosen():
    lab = OddsLab("isolation")
    lab.system.value = "watch_the_world_die"
    assert lab.question.value == "great dying"
    assert lab.setting.value == "great_dying_comparison"  # the setting the question reads
    assert (lab.first.value, lab.second.value) == ("lt", "le")
    assert (lab.start.value, lab.stop.value) == (0, 14)
    # Only the settings the question reads: another would give two identical columns.
    assert [value for _, value in lab.setting.options] == ["great_dying_comparison"]
    lab.system.value = "impact"
    assert [value for _, value in lab.setting.options] == [
        "success_target",
        "great_success_rule",
        "great_success_margin",
    ]
    lab.setting.value = "success_target"  # a bounded whole number: a window round its default
    assert lab.first.value == 8 and lab.second.value == 7
    lab.close()


def test_a_new_choice_or_a_refused_sweep_leaves_no_earlier_answer():
    lab = OddsLab("fudge_conflict", "beat")
    lab.start.value, lab.stop.value = 0, 1
    lab.compare_button.click()
    assert lab.frame is not None and "<table" in lab.table.value and lab.figure.data
    assert "<th></th>" not in lab.table.value  # every header cell says something
    lab.start.value, lab.stop.value = 3, 1
    lab.compare_button.click()  # refused: the table of the earlier sweep goes too
    assert "nothing to sweep" in lab.messages.value
    assert lab.frame is None and lab.table.value == "" and not lab.figure.data
    lab.start.value, lab.stop.value = 0, 1
    lab.compare_button.click()
    lab.question.value = "result"  # another question: the last answer was not for it
    assert lab.frame is None and lab.table.value == "" and not lab.figure.data
    lab.close()


def test_the_panel_shows_an_empty_grid_as_the_kits_message():
    lab = OddsLab("fudge_conflict", "beat")
    lab.start.value, lab.stop.value = 3, 1
    lab.compare_button.click()
    assert "nothing to sweep" in lab.messages.value and lab.frame is None
    lab.close()


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"system": "tray"}, "a system that asks odds"),
        ({"system": None, "question": "nope"}, "an odds question"),
        ({"system": "impact", "setting": 4}, "a setting to compare"),
        ({"system": "x" * 10**6}, "a system that asks odds"),
    ],
)
def test_the_panel_refuses_an_unknown_start(kwargs, words):
    with pytest.raises(RuleError, match=words):
        OddsLab(**kwargs)


def test_a_saved_notebook_shows_the_line_to_run_the_cells():
    lab = OddsLab()
    assert lab._repr_mimebundle_()["text/plain"].startswith("▶ Run the notebook's cells")
    lab.close()


def test_two_readings_compare_the_default_with_one_other_value_of_the_first_setting_read():
    assert two_readings("fudge_conflict", "beat") == {
        "penalty keep mode = forced worst then best": {},
        "penalty keep mode = three worst": {"penalty_keep_mode": "three_worst"},
    }
    assert two_readings("impact", "test") == {
        "success target = 8": {},
        "success target = 7": {"success_target": 7},
    }
    with pytest.raises(RuleError, match="an odds question"):
        two_readings("impact", None)
    with pytest.raises(RuleError, match="a system that asks odds"):
        two_readings("tray", "x")


def test_the_panel_refuses_an_unknown_keyword_and_the_same_reading_twice():
    with pytest.raises(RuleError, match="OddsLab takes no argument 'colour'"):
        OddsLab(colour=3)
    lab = OddsLab("fudge_conflict", "beat", "penalty_keep_mode")
    lab.second.value = lab.first.value
    lab.compare_button.click()
    assert "pick two different values" in lab.messages.value
    assert lab.frame is None and lab.progress.value == 0
