"""axe-core on every kit widget of every notebook: no critical and no serious violation.

Each notebook in ``notebooks/`` (a new one is picked up by itself) is opened in
JupyterLab and run; then axe-core (the copy bundled in ``axe-playwright-python``,
so nothing is downloaded) checks every kit widget the notebooks show: in each
output, the outermost element with an ``iw-`` class (:data:`lab.KIT_ROOTS_JS`).
JupyterLab's own violations (its editors, its windowed panel) are not the kit's
and are left out by that scope.

axe only judges what is rendered, so the check is repeated as a person would
look through the panel: once as it shows after Run All, then with each tab of
every tab bar selected by a click, each time with every visible ``<details>``
opened by a click on its summary. A violation found in several views counts once.

Every violation of any impact is printed with its rule, impact, the kit classes
from the widget root down to the element (to route the fix), the element's HTML,
its own text (a dropdown's options) and the words around it; the counts per
impact are printed for every notebook (see them on a pass with ``-rA``) and
written to ``screenshots/axe-<notebook>.json``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from lab import KIT_ROOTS_JS, NOTEBOOKS, SCREENSHOTS, Notebook

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

NOTEBOOK_NAMES = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))

IMPACTS = ("critical", "serious", "moderate", "minor")
"""axe-core's impact levels, worst first."""

REFUSED = frozenset({"critical", "serious"})
"""Impacts that fail the test (issue 12: zero of each in the kit's widgets)."""

# Elements of the kit that a person opens by a click to see what is behind them.
KIT = ".jp-OutputArea-output [class*='iw-']"
TABS = f"{KIT} .lm-TabBar-tab"
CLOSED_SUMMARIES = f"{KIT} details:not([open]) > summary >> visible=true"

_AXE_JS = f"""
async () => {{
  const roots = ({KIT_ROOTS_JS})(document);
  if (!roots.length) return null;
  const result = await axe.run({{include: roots}}, {{resultTypes: ['violations']}});
  const kitClasses = (el) =>
    Array.from(el.classList).filter((name) => name.startsWith('iw-')).join('.');
  const describe = (node) => {{
    const selector = node.target[node.target.length - 1];
    const el = typeof selector === 'string' ? document.querySelector(selector) : null;
    const path = [];
    let near = '';
    for (let up = el; up && !up.classList.contains('jp-OutputArea-output');
         up = up.parentElement) {{
      const names = kitClasses(up);
      if (names) path.unshift('.' + names);
      // The nearest words around the element that are not its own (a label, a heading).
      const around = up === el ? '' : (up.innerText || '').replace(el.innerText || '', '');
      if (!near && around.trim()) near = around.trim().replace(/\\s+/g, ' ');
    }}
    return {{
      target: node.target.join(' '),
      path: path.join(' › '),
      html: node.html.replace(/\\s+/g, ' '),
      near: near.slice(0, 100),
      own: el ? (el.innerText || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 100) : '',
      why: (node.failureSummary || '').replace(/\\s+/g, ' '),
    }};
  }};
  return {{
    roots: roots.map((root) => '.' + kitClasses(root)),
    violations: result.violations.map((v) => ({{
      id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(describe),
    }})),
  }};
}}
"""


def _shorten(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class AxeReport:
    """The violations found in one notebook's kit widgets, over every view looked at."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.roots: list[str] = []
        self.views: list[str] = []
        self.found: dict[tuple[str, str], dict[str, Any]] = {}

    def add(self, view: str, result: dict[str, Any]) -> None:
        """Merge one axe run; an element already reported for a rule counts once."""
        self.views.append(view)
        if not self.roots:
            self.roots = list(result["roots"])
        for violation in result["violations"]:
            for node in violation["nodes"]:
                key = (violation["id"], node["target"])
                self.found.setdefault(
                    key,
                    {
                        "rule": violation["id"],
                        "impact": violation["impact"] or "minor",
                        "help": violation["help"],
                        "view": view,
                        **node,
                    },
                )

    def counts(self) -> dict[str, int]:
        """Elements in violation per impact (an element failing two rules counts twice)."""
        counted = Counter(item["impact"] for item in self.found.values())
        return {impact: counted.get(impact, 0) for impact in IMPACTS}

    def refused(self) -> list[dict[str, Any]]:
        return [item for item in self.found.values() if item["impact"] in REFUSED]

    def lines(self) -> list[str]:
        """Every violation, worst first, one paragraph each."""
        order = {impact: rank for rank, impact in enumerate(IMPACTS)}
        items = sorted(self.found.values(), key=lambda i: (order[i["impact"]], i["rule"]))
        return [
            f"{item['impact']} {item['rule']} ({item['help']}) in {item['path'] or '?'} "
            f"[seen in: {item['view']}]\n"
            f"    element: {_shorten(item['html'])}\n"
            f"    its text: {item['own']!r}; near: {item['near']!r}\n"
            f"    target: {item['target']}\n"
            f"    {_shorten(item['why'], 300)}"
            for item in items
        ]

    def summary(self) -> str:
        counts = ", ".join(f"{impact} {n}" for impact, n in self.counts().items())
        return (
            f"axe on {self.name}: {len(self.roots)} kit widgets {self.roots}, "
            f"{len(self.views)} views; elements in violation: {counts}"
        )

    def save(self) -> None:
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"axe-{self.name.removesuffix('.ipynb')}.json"
        report = {
            "notebook": self.name,
            "roots": self.roots,
            "views": self.views,
            "counts": self.counts(),
            "violations": list(self.found.values()),
        }
        path.write_text(json.dumps(report, indent=2, ensure_ascii=False))


def _axe(nb: Notebook) -> dict[str, Any]:
    from axe_playwright_python.sync_playwright import Axe

    if not nb.page.evaluate("() => typeof window.axe === 'object'"):
        nb.page.evaluate(Axe().axe_script)  # the axe.min.js shipped in the wheel
    result: dict[str, Any] | None = nb.page.evaluate(_AXE_JS)
    assert result is not None, f"{nb.path}: no kit widget shown after Run All: nothing to check"
    return result


def _open_details(nb: Notebook) -> int:
    """Click every visible closed ``<details>`` summary in the kit's widgets; how many."""
    opened = 0
    summaries = nb.page.locator(CLOSED_SUMMARIES)
    while summaries.count() and opened < 50:
        summaries.first.click()
        opened += 1
    return opened


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_kit_widgets_have_no_critical_or_serious_accessibility_violation(
    notebook: OpenNotebook, name: str
) -> None:
    nb = notebook(name)
    nb.run_all()
    report = AxeReport(name)
    opened = _open_details(nb)
    report.add(f"after Run All, {opened} details opened", _axe(nb))
    tabs = nb.page.locator(TABS)
    for index in range(tabs.count()):
        tab = tabs.nth(index)
        title = tab.inner_text().strip()
        tab.scroll_into_view_if_needed()
        tab.click()
        nb.page.wait_for_function(
            "(tab) => tab.classList.contains('lm-mod-current')", arg=tab.element_handle()
        )
        opened = _open_details(nb)
        report.add(
            f"tab {title!r} ({index + 1} of {tabs.count()}), {opened} details opened", _axe(nb)
        )
    report.save()
    print(report.summary())
    for line in report.lines():
        print(line)
    refused = report.refused()
    assert not refused, f"{report.summary()}\n{len(refused)} critical or serious:\n" + "\n".join(
        line for line in report.lines() if line.split(" ", 1)[0] in REFUSED
    )
