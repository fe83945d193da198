"""Binder's lock matches pyproject.toml, so an edit to one without the other fails fast.

The binder tier proves the lock installs and runs every notebook, but it needs the
registry and minutes; this needs neither. A dependency added or narrowed in
pyproject.toml without ``make binder-lock`` fails here with the command to run.
"""

from __future__ import annotations

import copy

from binder_lock import (
    LOCK,
    MAKEFILE,
    REGENERATE,
    ROOT,
    binder_requirements,
    lock_command,
    lock_problems,
    makefile_extras,
    read_project,
    requested_extras,
)

RUNTIME = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8")
LOCK_TEXT = LOCK.read_text(encoding="utf-8")


def with_dependency(text: str) -> dict:
    """pyproject.toml with one more runtime requirement (or a narrowed one: last wins)."""
    project = copy.deepcopy(read_project())
    project["project"]["dependencies"].append(text)
    return project


def test_the_lock_pins_every_runtime_dependency_inside_pyprojects_range():
    problems = lock_problems(read_project(), LOCK_TEXT, RUNTIME)
    assert not problems, "\n".join(problems)


def test_make_binder_lock_asks_for_the_extras_the_lock_was_made_with():
    made_with = requested_extras(lock_command(LOCK_TEXT))
    asked = makefile_extras(MAKEFILE.read_text(encoding="utf-8"))
    assert made_with == asked, f"Makefile BINDER_EXTRAS={asked}, lock made with {made_with}: " + (
        REGENERATE
    )


def test_binder_runs_python_3_11():
    assert RUNTIME.strip() == "python-3.11"


def test_a_floor_raised_in_pyproject_is_caught_with_the_command_to_run():
    problems = lock_problems(with_dependency("pandas>=99"), LOCK_TEXT, RUNTIME)
    assert len(problems) == 1
    assert "pandas==" in problems[0] and "pandas>=99" in problems[0]
    assert "make binder-lock" in problems[0]


def test_a_new_dependency_is_caught():
    problems = lock_problems(with_dependency("rich>=13"), LOCK_TEXT, RUNTIME)
    assert problems == [
        f"pyproject.toml needs rich>=13 but binder/requirements.txt pins no rich: {REGENERATE}"
    ]


def test_a_requirement_for_another_platform_is_not_asked_of_binder():
    project = with_dependency("pywin32>=300; sys_platform == 'win32'")
    assert lock_problems(project, LOCK_TEXT, RUNTIME) == []


def test_requested_extras_are_checked_and_expand_the_projects_own_extras():
    made_with_dev = LOCK_TEXT.replace(
        "uv pip compile pyproject.toml", "uv pip compile pyproject.toml --extra dev", 1
    )
    problems = lock_problems(read_project(), made_with_dev, RUNTIME)
    # dev names isowidgets[test]: pytest comes from there, ruff from dev itself.
    assert any("pins no pytest" in problem for problem in problems)
    assert any("pins no ruff" in problem for problem in problems)
    names = {r.name for r in binder_requirements(read_project(), ("dev",))}
    assert {"pytest", "ruff", "ipywidgets"} <= names


def test_an_extra_pyproject_no_longer_has_is_caught():
    text = LOCK_TEXT.replace(
        "uv pip compile pyproject.toml", "uv pip compile pyproject.toml --extra gone", 1
    )
    assert lock_problems(read_project(), text, RUNTIME) == [
        f"the lock asks for an extra that is gone (pyproject.toml defines no extra 'gone'): "
        f"{REGENERATE}"
    ]


def test_a_lock_for_another_python_or_machine_is_caught():
    text = LOCK_TEXT.replace("--python-version 3.11", "--python-version 3.12", 1)
    text = text.replace("x86_64-manylinux_2_28", "aarch64-manylinux_2_28", 1)
    problems = lock_problems(read_project(), text, RUNTIME)
    assert len(problems) == 2
    assert "Python 3.12" in problems[0] and "3.11" in problems[0]
    assert "aarch64" in problems[1]


def test_a_lock_without_hashes_or_header_is_caught():
    unhashed = "\n".join(
        line.removesuffix(" \\") for line in LOCK_TEXT.splitlines() if "--hash" not in line
    )
    problems = lock_problems(read_project(), unhashed, RUNTIME)
    assert len(problems) == 1 and problems[0].startswith("pins without hashes: ")
    headless = "\n".join(line for line in LOCK_TEXT.splitlines() if not line.startswith("#"))
    assert lock_problems(read_project(), headless, RUNTIME) == [
        f"binder/requirements.txt has no uv header saying how it was made: {REGENERATE}"
    ]
