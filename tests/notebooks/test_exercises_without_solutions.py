"""Each exercise notebook, run as a participant first opens it: every self-check says
what is missing.

The notebook tier's nbval run (``tests/tiers.py``) executes the exercises *with* their
solutions and compares every output with the committed one, where each self-check
says ✓. Here each is run *without* them: its solution regions cleared by nbgrader's
rules, exactly as the workshop's repository hands them out
(:func:`isowidgets.workshop.content.clear_solutions`), in a kernel that carries on past
errors as nbgrader's autograder does. Every answer cell then stops at nbgrader's
``raise NotImplementedError()``, and every self-check must fail (``NotYet``, an
``AssertionError``) saying in words what is missing and which rules to read; none may
pass, and none may fail with anything else.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from isowidgets.workshop.content import CODE_STUB, clear_solutions

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = sorted((ROOT / "notebooks" / "exercises").glob("*.ipynb"))
DIGEST = json.loads((ROOT / "tests" / "digest_ids.json").read_text())
DIGEST_IDS = {rule for ids in DIGEST.values() for rule in ids}
RULE_ID = re.compile(r"\b(?:ISO|IMP|DK|WTWD)-[REA]\d{2}\b")


def _grade_id(cell: nbformat.NotebookNode) -> str:
    return str(cell.metadata.get("nbgrader", {}).get("grade_id", ""))


def test_there_is_one_exercise_notebook_per_system() -> None:
    assert [p.name for p in EXERCISES] == [
        "01-isolation.ipynb",
        "02-impact.ipynb",
        "03-fudge-conflict.ipynb",
        "04-watch-the-world-die.ipynb",
    ]


@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_without_its_solutions_every_self_check_says_what_is_missing(
    path: Path, tmp_path: Path
) -> None:
    notebook = nbformat.read(path, as_version=4)
    assert clear_solutions(notebook) == 3
    NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(tmp_path)}},
    ).execute()
    checks = [c for c in notebook.cells if _grade_id(c).endswith("-check")]
    answers = [c for c in notebook.cells if _grade_id(c).endswith("-answer")]
    assert len(checks) == len(answers) == 3
    for cell in answers:
        assert CODE_STUB in cell.source
        (error,) = [o for o in cell.outputs if o.output_type == "error"]
        assert error.ename == "NotImplementedError"
    for cell in checks:
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert len(errors) == 1, (_grade_id(cell), cell.outputs)
        (error,) = errors
        text = "\n".join(error.traceback)
        assert error.ename == "NotYet", (error.ename, text)
        assert "… Task" in text and "missing:" in text, text
        assert "Traceback" not in text  # the message alone, as a participant reads it
        cited = RULE_ID.findall(text)
        assert cited and set(cited) <= DIGEST_IDS, text
    setup = next(c for c in notebook.cells if _grade_id(c) == "setup")
    assert not [o for o in setup.outputs if o.output_type == "error"]
