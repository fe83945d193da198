"""The Python examples of the README and the docs run as written (docs that are executed
stay true).

Every block fenced as ```` ```python ```` in ``README.md`` and in ``docs/`` (the pages
of the site ``make docs`` builds) is run, each in a fresh namespace in a scratch
directory. A block that is shown but cannot run on its own (an excerpt of the kit's
source in the contract guide, a JupyterHub configuration file) is fenced as
```` ```py ````, which the site highlights the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
PAGES = [
    page for page in PAGES if "z2jh-chart" not in page.parts[-2] and "_build" not in page.parts
]
BLOCKS = [
    (page, index, code)
    for page in PAGES
    for index, code in enumerate(
        re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)
    )
]


def test_the_docs_have_examples():
    assert len(BLOCKS) >= 9
    assert {page.name for page, _, _ in BLOCKS} >= {"isolation.md", "gm-only.md", "verify.md"}


@pytest.mark.parametrize(
    ("page", "index", "code"),
    BLOCKS,
    ids=[f"{page.relative_to(ROOT)}-block{index}" for page, index, _ in BLOCKS],
)
def test_docs_example_runs(
    page: Path, index: int, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.chdir(tmp_path)  # examples may write journals next to themselves
    exec(compile(code, str(page), "exec"), {"__name__": "docs_example"})
