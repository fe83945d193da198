"""The examples in the docstrings run as written (the API reference shows every one).

Every literal block (``::``) in the docstring of a public module, class, function or
method that is Python is run, in a copy of its module's namespace (what the module
imports and defines), in a scratch directory. Literal blocks that are not Python (a
journal line, a command line, a layout) are shown, not run. An excerpt that cannot run
on its own (a panel's ``self``, a notebook's variable, a ``raise``) is written as
``.. code-block:: py``, as the README's excerpts are fenced as ```` ```py ````.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import isowidgets


def _literal_blocks(doc: str) -> list[str]:
    """The literal blocks of ``doc``: the indented lines after a paragraph ending ``::``."""
    lines = doc.expandtabs().splitlines()
    blocks: list[str] = []
    at = 0
    while at < len(lines):
        line = lines[at]
        at += 1
        if not line.rstrip().endswith("::"):
            continue
        indent = len(line) - len(line.lstrip())
        body: list[str] = []
        while at < len(lines) and (
            not lines[at].strip() or len(lines[at]) - len(lines[at].lstrip()) > indent
        ):
            body.append(lines[at])
            at += 1
        blocks.append(textwrap.dedent("\n".join(body)).strip("\n"))
    return blocks


def _docstrings(module: ModuleType) -> list[tuple[str, str]]:
    found = [(module.__name__, module.__doc__ or "")]
    for name, value in vars(module).items():
        if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(value) or inspect.isclass(value):
            found.append((f"{module.__name__}.{name}", value.__doc__ or ""))
        if inspect.isclass(value):
            for member_name, member in vars(value).items():
                if member_name.startswith("_"):
                    continue
                function = getattr(member, "__func__", getattr(member, "fget", member))
                if callable(function) and function.__doc__:
                    found.append((f"{module.__name__}.{name}.{member_name}", function.__doc__))
    return [(where, inspect.cleandoc(doc)) for where, doc in found if doc]


def _examples() -> list[tuple[str, ModuleType, str]]:
    examples = []
    for info in pkgutil.walk_packages(isowidgets.__path__, "isowidgets."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        module = importlib.import_module(info.name)
        for where, doc in _docstrings(module):
            for block in _literal_blocks(doc):
                try:
                    compile(block, where, "exec")
                except SyntaxError:
                    continue  # not Python: shown as written
                examples.append((where, module, block))
    return examples


EXAMPLES = _examples()


def test_the_docstrings_have_examples() -> None:
    assert len(EXAMPLES) >= 5
    assert {where for where, _, _ in EXAMPLES} >= {
        "isowidgets.dice",
        "isowidgets.rules.impact.game",
        "isowidgets.widgets.track.Track",
    }


@pytest.mark.parametrize(
    ("where", "module", "code"),
    EXAMPLES,
    ids=[f"{where}-{n}" for n, (where, _, _) in enumerate(EXAMPLES)],
)
def test_docstring_example_runs(
    where: str, module: ModuleType, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # an example may write a journal next to itself
    namespace: dict[str, Any] = dict(vars(module))
    exec(compile(code, where, "exec"), namespace)
