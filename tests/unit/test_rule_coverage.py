"""Every digest ID of a system with an engine has a test marked with it.

A test says which digest rules (``…-R``), worked examples (``…-E``) and ambiguities
(``…-A``) it checks with ``@pytest.mark.rule("ISO-R17", ...)`` (on the function, its
class, a ``pytest.param(..., marks=...)`` or a module's ``pytestmark``). The markers are
read from the test files' syntax trees, not from the collected session, so running a
subset of the suite still sees all of them, and an ID that only appears in a name, a
docstring or a comment does not count. ``tests/conftest.py`` refuses a malformed marker.

The digest is ``../shared/rules/DIGEST.md`` next to the repository. Its IDs are
committed in ``tests/digest_ids.json`` so the check also runs where the digest is not
checked out; where it is, the snapshot must equal it.

A section is checked once its system has a rules package (``SECTIONS``): the Danish and
Watch the World Die sections join the day their engines exist, and a rules package with
no section here fails ``test_every_rules_package_has_a_digest_section``.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
RULES = ROOT / "isowidgets" / "rules"
DIGEST = ROOT.parent / "shared" / "rules" / "DIGEST.md"
SNAPSHOT = TESTS / "digest_ids.json"

SECTIONS = {
    "ISO": "isolation",
    "IMP": "impact",
    "DK": "fudge_conflict",
    "WTWD": "watch_the_world_die",
}
"""Digest prefix → the package under ``isowidgets/rules/`` that implements it."""

DEFINED = re.compile(r"^(?:- \*\*|\| )((ISO|IMP|DK|WTWD)-[REA]\d{2})\b", re.MULTILINE)
"""Where the digest defines an ID: a bold list item (rules, examples) or a table row."""

KIND_ORDER = {"R": 0, "E": 1, "A": 2}


def by_kind(ids: set[str]) -> list[str]:
    """Rules, then examples, then ambiguities, each in number order."""
    return sorted(ids, key=lambda i: (i.split("-")[0], KIND_ORDER[i.split("-")[1][0]], i))


def parse_digest(text: str) -> dict[str, list[str]]:
    """The IDs the digest defines, per prefix, in ``by_kind`` order; a twice-defined ID fails."""
    found: dict[str, set[str]] = {}
    for rule_id, prefix in DEFINED.findall(text):
        assert rule_id not in found.setdefault(prefix, set()), f"{rule_id} is defined twice"
        found[prefix].add(rule_id)
    return {prefix: by_kind(ids) for prefix, ids in found.items()}


@cache
def digest_ids() -> dict[str, list[str]]:
    """The digest's IDs per prefix: read from the digest if present, else the snapshot."""
    if DIGEST.is_file():
        return parse_digest(DIGEST.read_text(encoding="utf-8"))
    return json.loads(SNAPSHOT.read_text(encoding="utf-8"))


def is_rule_mark(node: ast.AST) -> bool:
    """``pytest.mark.rule(...)``, spelled the one greppable way."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "rule"
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "mark"
        and isinstance(node.func.value.value, ast.Name)
        and node.func.value.value.id == "pytest"
    )


def marks_in(nodes: list[ast.expr]) -> Iterator[ast.Call]:
    """Every ``pytest.mark.rule(...)`` call inside these expressions (decorators, params)."""
    for node in nodes:
        for inner in ast.walk(node):
            if is_rule_mark(inner):
                assert isinstance(inner, ast.Call)
                yield inner


def pytestmark_values(body: list[ast.stmt]) -> list[ast.expr]:
    """The values assigned to ``pytestmark`` in a module's or a class's body."""
    values: list[ast.expr] = []
    for statement in body:
        if isinstance(statement, ast.Assign):
            targets, value = statement.targets, statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets, value = [statement.target], statement.value
        else:
            continue
        if any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets):
            values.append(value)
    return values


def functions_of(
    body: list[ast.stmt], inherited: list[ast.expr], prefix: str
) -> Iterator[tuple[str, list[ast.expr]]]:
    """(test name, the expressions that can mark it) for the tests of a module or class."""
    for statement in body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            if statement.name.startswith("test"):
                yield prefix + statement.name, [*inherited, *statement.decorator_list]
        elif isinstance(statement, ast.ClassDef) and statement.name.startswith("Test"):
            marks = [*inherited, *statement.decorator_list, *pytestmark_values(statement.body)]
            yield from functions_of(statement.body, marks, f"{prefix}{statement.name}::")


@cache
def marked_tests() -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    """Every ID marked on a test file's tests (ID → where), and the markers that are
    not literal IDs (a marker whose arguments are computed cannot be read here)."""
    where: dict[str, list[str]] = {}
    unreadable: list[str] = []
    for path in sorted(TESTS.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        module = pytestmark_values(tree.body)
        relative = path.relative_to(ROOT).as_posix()
        for name, expressions in functions_of(tree.body, module, f"{relative}::"):
            for mark in marks_in(expressions):
                literal = [a.value for a in mark.args if isinstance(a, ast.Constant)]
                if mark.keywords or len(literal) != len(mark.args) or not mark.args:
                    unreadable.append(f"{name} (line {mark.lineno})")
                for rule_id in literal:
                    where.setdefault(str(rule_id), []).append(name)
    return {k: tuple(v) for k, v in where.items()}, tuple(unreadable)


def engines() -> list[str]:
    """The digest prefixes whose system has a rules package today."""
    return [p for p, package in SECTIONS.items() if (RULES / package / "__init__.py").is_file()]


@pytest.mark.parametrize("prefix", engines())
def test_every_digest_id_of_the_system_has_a_marked_test(prefix):
    """Each rule, example and ambiguity of a built system has at least one test marked
    with its ID, so a reader can run ``-m rule`` and grep from an ID to its tests."""
    marked, _ = marked_tests()
    missing = [rule_id for rule_id in digest_ids()[prefix] if rule_id not in marked]
    assert not missing, (
        f"{len(missing)} {SECTIONS[prefix]} digest IDs have no test marked with them: "
        f"{', '.join(missing)}. Tip: add @pytest.mark.rule({missing[0]!r}) to a test that "
        "checks it (a mention in a docstring does not count), or write that test."
    )


def test_every_marked_id_is_defined_in_the_digest():
    """A well-formed ID that the digest does not define (ISO-R47) covers nothing."""
    marked, _ = marked_tests()
    known = {rule_id for ids in digest_ids().values() for rule_id in ids}
    unknown = {rule_id: marked[rule_id] for rule_id in sorted(marked) if rule_id not in known}
    assert not unknown, f"marked IDs the digest does not define: {unknown}"


def test_every_rule_marker_names_literal_ids():
    """Markers are read from the source: their IDs must be written out as strings."""
    _, unreadable = marked_tests()
    assert not unreadable, f"rule markers without literal ID arguments: {list(unreadable)}"


def test_the_snapshot_matches_the_digest():
    """``tests/digest_ids.json`` holds exactly the digest's IDs, so runs without the
    digest check the same list. Regenerate it with ``parse_digest`` when the digest moves."""
    if not DIGEST.is_file():
        pytest.skip(f"no digest at {DIGEST}: the snapshot is used as it is")
    snapshot = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert snapshot == parse_digest(DIGEST.read_text(encoding="utf-8"))


def test_the_snapshot_lists_every_section():
    """Each prefix in ``SECTIONS`` has its IDs, numbered from 01 without gaps per kind."""
    snapshot = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert set(snapshot) == set(SECTIONS)
    for prefix, ids in snapshot.items():
        assert ids == by_kind(set(ids))
        for kind in KIND_ORDER:
            numbers = [int(i[-2:]) for i in ids if i.split("-")[1][0] == kind]
            assert numbers == list(range(1, len(numbers) + 1)), (prefix, kind)


def test_every_rules_package_has_a_digest_section():
    """A new system's rules package must be named in ``SECTIONS``, which switches its
    coverage check on; a package with no section would never be checked."""
    packages = {p.name for p in RULES.iterdir() if (p / "__init__.py").is_file()}
    assert packages <= set(SECTIONS.values()), sorted(packages - set(SECTIONS.values()))
    assert {"isolation", "impact"} <= packages


def test_the_markers_read_are_the_markers_pytest_applies(request):
    """For every test collected in this session, the syntax-tree reading and pytest's
    own markers agree, in both directions."""
    marked, _ = marked_tests()
    read = {(name, rule_id) for rule_id, names in marked.items() for name in names}
    collected = {}
    for item in request.session.items:
        parts = item.nodeid.split("[")[0].split("::")[1:]
        name = "::".join([Path(item.path).relative_to(ROOT).as_posix(), *parts])
        ids = collected.setdefault(name, set())
        ids.update(rule_id for mark in item.iter_markers("rule") for rule_id in mark.args)
    applied = {(name, rule_id) for name, ids in collected.items() for rule_id in ids}
    assert applied <= read, sorted(applied - read)
    assert {(name, i) for name, i in read if name in collected} <= applied


def test_a_malformed_rule_marker_stops_the_run(tmp_path):
    """``tests/conftest.py`` refuses a marker with no ID or an ID that is not of the
    form ISO-R17, before any test runs; well-formed markers run."""
    (tmp_path / "test_typos.py").write_text(
        "import pytest\n\n\n"
        '@pytest.mark.rule("ISO-R7")\n'
        "def test_short_number():\n    assert True\n\n\n"
        "@pytest.mark.rule()\n"
        "def test_no_id():\n    assert True\n",
        encoding="utf-8",
    )
    (tmp_path / "test_fine.py").write_text(
        "import pytest\n\n\n"
        '@pytest.mark.rule("IMP-A02", "ISO-R17")\n'
        "def test_well_formed():\n    assert True\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(TESTS), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    command = [sys.executable, "-m", "pytest", "-p", "conftest", "-p", "no:cacheprovider"]
    command += ["-q", "--rootdir", str(tmp_path)]

    def run(*files: str) -> tuple[int, str]:
        done = subprocess.run(
            [*command, *files], capture_output=True, text=True, env=env, cwd=tmp_path
        )
        return done.returncode, done.stdout + done.stderr

    code, output = run("test_typos.py", "test_fine.py")
    assert code == pytest.ExitCode.USAGE_ERROR, output
    assert "test_typos.py::test_short_number: rule marker got 'ISO-R7'" in output
    assert "test_typos.py::test_no_id: rule marker names no ID" in output
    assert "test_well_formed" not in output
    code, output = run("test_fine.py")
    assert code == pytest.ExitCode.OK and "1 passed" in output, output
