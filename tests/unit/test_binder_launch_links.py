"""The README's "On Binder" section has one working launch link per notebook.

A notebook added without a link would be missing from Binder's list, and a link
to a renamed notebook opens an empty Lab: both fail here, by name.
"""

from __future__ import annotations

import re

from binder_lock import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
LINK = re.compile(
    r"https://mybinder\.org/v2/gh/(?P<repo>[^/\s]+/[^/\s]+)/(?P<ref>[^?\s]+)"
    r"\?urlpath=lab/tree/notebooks/(?P<name>[^)\s]+\.ipynb)"
)
SECTION = README.split("## On Binder", 1)[-1].split("\n## ", 1)[0]


def test_every_notebook_has_one_launch_link_and_every_link_a_notebook():
    linked = [found["name"] for found in LINK.finditer(SECTION)]
    notebooks = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
    assert "## On Binder" in README
    assert sorted(linked) == notebooks


def test_every_link_names_the_same_repository_and_the_default_branch():
    """So a fork changes one string, the repository part, everywhere."""
    links = list(LINK.finditer(SECTION))
    assert {(found["repo"], found["ref"]) for found in links} == {("isowidgets/isowidgets", "HEAD")}
    assert "`isowidgets/isowidgets`" in SECTION
