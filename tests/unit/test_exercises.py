"""The exercise notebooks' self-checks and their nbgrader metadata, without a kernel.

The notebook tier runs the notebooks themselves (with their solutions every
self-check passes; without them every one says what is missing). Here: a wrong
answer fails with what the engine says instead and the rules to read, hostile
answers fail the same way (short messages, never another error), and the cells
carry nbgrader's metadata as nbgrader's format (schema 3) defines it, so a course
can grade them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest

from isowidgets.exercises import (
    EXERCISE_WORDS,
    Answers,
    NotYet,
    Passed,
    fudge_conflict,
    impact,
    isolation,
    watch_the_world_die,
)
from isowidgets.exercises.core import say
from isowidgets.workshop.content import BEGIN_SOLUTION, END_SOLUTION

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = sorted((ROOT / "notebooks" / "exercises").glob("*.ipynb"))
DIGEST = json.loads((ROOT / "tests" / "digest_ids.json").read_text())
DIGEST_IDS = {rule for ids in DIGEST.values() for rule in ids}
RULE_ID = re.compile(r"\b(?:ISO|IMP|DK|WTWD)-[REA]\d{2}\b")
MODULES = (isolation, impact, fudge_conflict, watch_the_world_die)
NBGRADER_KEYS = {"grade", "grade_id", "locked", "schema_version", "solution", "task"}


def _answers(**values: Any) -> Answers:
    return Answers(**values)


# ---------------------------------------------------------------- nbgrader's metadata


@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_every_cell_carries_nbgraders_metadata_as_nbgrader_defines_it(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    graded = [c for c in notebook.cells if "nbgrader" in c.metadata]
    ids = [c.metadata.nbgrader["grade_id"] for c in graded]
    assert len(ids) == len(set(ids)) == 7  # setup, three answers, three checks
    for cell in graded:
        meta = cell.metadata.nbgrader
        assert set(meta) - {"points"} == NBGRADER_KEYS, meta
        assert meta["schema_version"] == 3 and meta["task"] is False
        assert re.fullmatch(r"[A-Za-z0-9_-]+", meta["grade_id"])
        assert not (meta["solution"] and meta["grade"] and cell.cell_type == "markdown")
        if meta["grade"]:  # an autograded test: locked, worth points, no solution in it
            assert cell.cell_type == "code" and meta["locked"] and meta["points"] > 0
            assert not meta["solution"] and BEGIN_SOLUTION not in cell.source
        if meta["solution"]:  # a solution region the release clears
            assert cell.cell_type == "code" and not meta["locked"] and "points" not in meta
            lines = cell.source.splitlines()
            assert lines[0] == BEGIN_SOLUTION and lines[-1] == END_SOLUTION
    kinds = [i.rsplit("-", 1)[-1] for i in ids]
    assert kinds == ["setup", "answer", "check", "answer", "check", "answer", "check"]


def test_each_system_has_its_exercise_notebook_and_module() -> None:
    names = [p.stem.split("-", 1)[1].replace("-", "_") for p in EXERCISES]
    assert names == [m.__name__.rsplit(".", 1)[1] for m in MODULES]


def test_every_rule_a_self_check_cites_is_in_the_digest() -> None:
    for module in MODULES:
        cited = set(RULE_ID.findall(Path(module.__file__ or "").read_text()))
        assert cited and cited <= DIGEST_IDS, (module.__name__, cited - DIGEST_IDS)


def test_the_exercise_words_fill_a_chance_the_readers_way_and_repeat_an_answer_as_given() -> None:
    assert EXERCISE_WORDS.languages == ("en",)
    assert say("exercise.odds.right", want=0.1234567) == "12.3% (exact: 0.123457)."
    assert say("exercise.rule.refused", name="x", value="y", why="no") == (
        "the engine refuses x = 'y': no"
    )
    assert say("imp.play.right", face=4, net=-1, total=3, verdict="fails") == "4 -1 = 3: fails."


# ---------------------------------------------------------------- wrong answers


def test_a_wrong_degree_is_told_what_the_engine_reads_and_which_rules_say_why() -> None:
    game = isolation.farmhouse(None)
    game.run_conflict(
        isolation.AP, isolation.ACTION, faces=isolation.FACES, difficulty=isolation.DIFFICULTY
    )
    assert isinstance(isolation.check_play(game, _answers(degree="Partial Failure")), Passed)
    with pytest.raises(NotYet) as refused:
        isolation.check_play(game, _answers(degree="Basic Failure"))
    text = refused.value.text
    assert text.startswith("✗ Task 1 (play): not yet.") and not refused.value.missing
    assert "gives Partial Failure" in text and "ISO-R31" in text
    assert refused.value._render_traceback_() == [text]


def test_a_conflict_played_with_other_faces_is_not_the_task() -> None:
    game = isolation.farmhouse(None)
    faces = dict(isolation.FACES, GM="1 1 2 4 6 6 3 5 4")
    game.run_conflict(isolation.AP, isolation.ACTION, faces=faces, difficulty=2)
    with pytest.raises(NotYet, match="not played with the task's faces: GM red rolled"):
        isolation.check_play(game, _answers(degree="Partial Failure"))


def test_a_house_rule_that_does_not_change_the_result_is_told_so() -> None:
    with pytest.raises(NotYet, match="still refuses to let Bob cooperate") as refused:
        isolation.check_house_rule(_answers(setting="cooperate_net_min", value=2))
    assert "ISO-A01" in refused.value.text
    with pytest.raises(NotYet, match="the same roll still fails"):
        impact.check_house_rule(_answers(setting="max_bonus", value=3))
    with pytest.raises(NotYet, match="the tied round still wounds Mira"):
        fudge_conflict.check_house_rule(_answers(setting="damage_bump", value="single_step"))
    with pytest.raises(NotYet, match="failed chaining roll still leaves Pressure at 3"):
        watch_the_world_die.check_house_rule(_answers(setting="count_chained_events", value=False))


def test_any_house_rule_that_does_it_passes_not_just_one() -> None:
    for setting, value in (("success_target", 7), ("max_penalty", 0)):
        verdict = impact.check_house_rule(_answers(setting=setting, value=value))
        assert repr(verdict).startswith("✓ Task 3 (house rule): right.")


@pytest.mark.parametrize(
    ("module", "task"),
    [(m, t) for m in MODULES for t in ("check_odds", "check_house_rule")],
    ids=[f"{m.__name__.rsplit('.', 1)[1]}-{t}" for m in MODULES for t in ("odds", "rule")],
)
@pytest.mark.parametrize(
    "hostile",
    [None, "0.5", 10**100, float("nan"), object(), "x" * 1_000_000, ["a"], {"b": 1}],
    ids=["None", "text", "huge", "nan", "object", "megabyte", "list", "dict"],
)
def test_hostile_answers_fail_in_words_and_briefly(
    module: ModuleType, task: str, hostile: object
) -> None:
    answers = _answers(chance=hostile, setting=hostile, value=hostile)
    with pytest.raises(NotYet) as refused:
        getattr(module, task)(answers)
    assert len(refused.value.text) < 700
    assert refused.value.text.startswith(("✗", "…"))


def test_answers_given_as_something_else_than_answers_are_missing() -> None:
    with pytest.raises(NotYet, match=r"missing: answers\.chance is not set"):
        isolation.check_odds({"chance": 0.6})
    with pytest.raises(NotYet, match="missing: no Difficulty Test has been rolled"):
        impact.check_play("not a game", _answers(success=False))


def _values(spec: Any) -> list[object]:
    """A few values a setting allows: both flags, every choice, the ends of a range."""
    if spec.kind == "flag":
        return [True, False]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "whole":
        return sorted({spec.low, min(spec.high, spec.low + 1), spec.high, spec.default or 0})
    return []


@pytest.mark.parametrize("module", MODULES, ids=[m.__name__.rsplit(".", 1)[1] for m in MODULES])
def test_every_allowed_house_rule_passes_or_fails_in_words_never_with_an_engine_error(
    module: ModuleType,
) -> None:
    settings = {
        isolation: isolation.IsolationSettings,
        impact: impact.ImpactSettings,
        fudge_conflict: fudge_conflict.FudgeSettings,
        watch_the_world_die: watch_the_world_die.WorldSettings,
    }[module]
    tried = 0
    for spec in settings.specs():
        for value in _values(spec):
            tried += 1
            try:
                module.check_house_rule(_answers(setting=spec.name, value=value))
            except NotYet as refused:
                assert refused.text.startswith(("✗", "…")) and len(refused.text) < 700
    assert tried >= 10
