"""The package's layers, read from its imports: no arrow runs up the stack, and no circle.

Every ``import`` and ``from … import`` of every module under ``isowidgets/`` is read
from its source (at module level, inside functions and classes, and under
``TYPE_CHECKING`` alike), so a function-level import cannot hide a dependency. The
test fails on:

* an arrow up the stack: a module importing one of a higher layer (:data:`LAYERS`):
  the journal importing the system registry or the game, the rules importing a
  widget, the core importing a system;
* ``widgets/i18n`` importing any widget (each kit widget binds its own words);
* a system's exact odds building a game: an odds module whose imports reach, however
  indirectly, the game shell or its system's game (examples return states);
* a circle of modules, however long.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "isowidgets"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("words",),
    ("errors", "version"),
    ("said",),
    ("collection_checks",),
    ("checks", "server", "regular_file", "reasons"),
    ("lab", "binding", "commitment", "dice", "odds", "setting_spec", "settings_file", "settings"),
    ("journal",),
    ("beats", "contract", "projection", "visibility", "checkpoints", "branches"),
    ("house_rules", "seeds", "opening", "exporting", "folding"),
    ("game",),
    ("systems",),
    ("verify_report", "verify_draws", "verify_numbered"),
    ("tray", "rules", "polling", "follow", "verify", "reel_beats", "reel"),
    ("widgets",),
    ("stream", "workshop", "exercises", "__main__"),
    ("__init__",),
)
"""The core's layers, bottom first: a module imports only from its own layer or below
(by the top-level name under ``isowidgets``; inside one name, the circle check rules)."""

INNER: dict[str, tuple[str, ...]] = {
    "isowidgets.dice": (
        "format",
        "values",
        "faces",
        "notation",
        "pools",
        "rolled",
        "records",
        "keep",
        "streams",
        "keys",
        "roller",
    ),
    "isowidgets.words": ("message", "catalogues", "extract"),
    "isowidgets.journal": (
        "rolls",
        "kinds",
        "events",
        "chain",
        "strict",
        "payloads",
        "codec",
        "history",
        "export",
        "files",
        "reading",
        "files_backing",
        "contents",
        "store",
        "kept",
    ),
}
"""The concept packages' own layers, bottom first (each module imports only those
before it, and the package's ``__init__`` re-exports them all)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


MODULES = modules()


def imports(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """Every kit module ``name`` imports, with the line, wherever the import stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "isowidgets":
                    yield _known(alias.name), node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            if origin.split(".")[0] != "isowidgets":
                continue
            for alias in node.names:  # ``from . import checks`` imports the module checks
                candidate = f"{origin}.{alias.name}"
                yield (candidate if candidate in MODULES else _known(origin)), node.lineno


def _known(name: str) -> str:
    while name not in MODULES and "." in name:
        name = name.rpartition(".")[0]
    return name


GRAPH: dict[str, dict[str, int]] = {
    name: {target: line for target, line in imports(name, path) if target != name}
    for name, path in MODULES.items()
}


def arrows() -> Iterator[tuple[str, str, int]]:
    for source, targets in GRAPH.items():
        for target, line in targets.items():
            yield source, target, line


def where(source: str, line: int) -> str:
    return f"{MODULES[source].relative_to(ROOT)}:{line}"


def top(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


RANK = {name: rank for rank, layer in enumerate(LAYERS) for name in layer}


def test_every_top_level_module_has_a_layer():
    unplaced = sorted({top(name) for name in MODULES} - set(RANK))
    assert not unplaced, f"place these in LAYERS (tests/unit/test_layers.py): {unplaced}"


def test_no_arrow_runs_up_the_stack():
    upward = [
        f"{where(source, line)}: {source} imports {target}"
        for source, target, line in arrows()
        if RANK[top(target)] > RANK[top(source)]
    ]
    assert not upward, "imports that point up the stack:\n" + "\n".join(upward)


@pytest.mark.parametrize("package", sorted(INNER))
def test_a_concept_package_imports_down_its_own_layers(package: str):
    order = {f"{package}.{name}": rank for rank, name in enumerate(INNER[package])}
    inside = {name for name in MODULES if name.startswith(f"{package}.")}
    assert inside == set(order), f"list every module of {package} in INNER"
    upward = [
        f"{where(source, line)}: {source} imports {target}"
        for source, target, line in arrows()
        if source in order and target in order and order[target] >= order[source]
    ]
    assert not upward, "imports that point up the package's layers:\n" + "\n".join(upward)


def test_the_journal_knows_no_system_and_no_game():
    banned = ("isowidgets.systems", "isowidgets.game", "isowidgets.rules")
    found = [
        f"{where(source, line)}: {source} imports {target}"
        for source, target, line in arrows()
        if source.startswith("isowidgets.journal") and target.startswith(banned)
    ]
    assert not found, "\n".join(found)


def test_the_rules_import_no_widget():
    found = [
        f"{where(source, line)}: {source} imports {target}"
        for source, target, line in arrows()
        if source.startswith("isowidgets.rules")
        and target.startswith(("isowidgets.widgets", "isowidgets.stream"))
    ]
    assert not found, "\n".join(found)


def test_the_widgets_words_are_a_leaf():
    """``widgets/i18n`` imports no widget: each kit widget names its own words."""
    found = [
        f"{where('isowidgets.widgets.i18n', line)}: imports {target}"
        for target, line in GRAPH["isowidgets.widgets.i18n"].items()
        if target.startswith("isowidgets.widgets")
    ]
    assert not found, "\n".join(found)


def reach(start: str) -> set[str]:
    seen: set[str] = set()
    stack = [start]
    while stack:
        for target in GRAPH[stack.pop()]:
            if target not in seen:
                seen.add(target)
                stack.append(target)
    return seen


ODDS = sorted(
    name
    for name in MODULES
    if name.startswith("isowidgets.rules.")
    and name.count(".") == 3
    and not name.endswith((".game", ".examples"))
    and "isowidgets.contract" in GRAPH[name]
    and "OddsQuestion" in MODULES[name].read_text(encoding="utf-8")
)
"""Every rules module that asks exact odds questions (the system's game only lists them)."""


def test_the_odds_modules_are_found():
    systems = {name.split(".")[2] for name in ODDS}
    assert systems == {"isolation", "impact", "fudge_conflict", "watch_the_world_die"}, ODDS


@pytest.mark.parametrize("odds", ODDS)
def test_a_systems_odds_never_build_a_game(odds: str):
    system = ".".join(odds.split(".")[:3])
    games = {"isowidgets.game", "isowidgets.opening", f"{system}.game", f"{system}.examples"}
    reached = sorted(reach(odds) & games)
    assert not reached, f"{odds} reaches {reached}: the odds start from states, not games"


def circles() -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in GRAPH[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    return found


def test_no_circle_of_imports():
    groups = circles()
    lines = []
    for group in groups:
        lines.append(" ↔ ".join(group))
        lines += [
            f"  {where(source, line)}: {source} imports {target}"
            for source in group
            for target, line in GRAPH[source].items()
            if target in group
        ]
    assert not groups, "import circles:\n" + "\n".join(lines)


def test_the_reader_sees_imports_inside_functions_and_type_checking(tmp_path: Path):
    """An import inside a function or under ``TYPE_CHECKING`` is an arrow like any other."""
    source = tmp_path / "store.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from ..settings import RuleSettings\n"
        "def load(name):\n"
        "    from ..systems import game_for\n"
        "    from . import codec\n"
        "    import isowidgets.rules.tray_missing\n"
        "    return game_for(name)\n",
        encoding="utf-8",
    )
    found = dict(imports("isowidgets.journal.store", source))
    assert found == {
        "isowidgets.settings": 3,
        "isowidgets.systems": 5,
        "isowidgets.journal.codec": 6,
        "isowidgets.rules": 7,
    }
