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
Run All leaves no Isolation conflict open, so the table is also checked mid-play: a
conflict proposed by clicks with its pools showing, then with the first stage typed
in and the stances to choose; and Impact's drafted test while a chip that may go
either way asks how it is cited, and once it is.

One rule of the kit's own is counted with axe's as serious (``kit-button-words``):
a button must have a name with a letter or digit in it. axe accepts any text as a
name, so a button labelled only ``✕`` or ``‖`` passes axe while a screen reader
reads out a symbol's name and the tooltip that explains it may never be heard.

Every violation of any impact is printed with its rule, impact, the kit classes
from the widget root down to the element (to route the fix), the element's HTML,
its own text (a dropdown's options) and the words around it; the counts per
impact are printed for every notebook (see them on a pass with ``-rA``) and
written to ``screenshots/axe-<notebook>.json``. What axe could not decide
("needs review") is printed and counted too, but does not fail the test.
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

WORDLESS_RULE = "kit-button-words"
"""The kit's own rule, counted with axe's: every button's name has a letter or a digit."""

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
  const result = await axe.run(
    {{include: roots}}, {{resultTypes: ['violations', 'incomplete']}});
  const squeeze = (text) => (text || '').trim().replace(/\\s+/g, ' ');
  const kitClasses = (el) =>
    Array.from(el.classList).filter((name) => name.startsWith('iw-')).join('.');
  // Where an element is, for routing its fix: the kit classes from the widget root down
  // to it, its own text (a dropdown's options) and the nearest words around it.
  const describe = (el, target, html, why) => {{
    const path = [];
    let near = '';
    for (let up = el; up && !up.classList.contains('jp-OutputArea-output');
         up = up.parentElement) {{
      const names = kitClasses(up);
      if (names) path.unshift('.' + names);
      const around = up === el ? '' : (up.innerText || '').replace(el.innerText || '', '');
      if (!near && around.trim()) near = squeeze(around);
    }}
    return {{
      target, path: path.join(' › '), html: squeeze(html), near: near.slice(0, 100),
      own: el ? squeeze(el.innerText || el.value).slice(0, 100) : '', why: squeeze(why),
    }};
  }};
  const rules = (found) => found.map((rule) => ({{
    id: rule.id, impact: rule.impact, help: rule.help,
    nodes: rule.nodes.map((node) => {{
      const selector = node.target[node.target.length - 1];
      const el = typeof selector === 'string' ? document.querySelector(selector) : null;
      return describe(el, node.target.join(' '), node.html, node.failureSummary);
    }}),
  }}));
  // The kit's own rule: axe accepts any text as a button's name, so a button named by a
  // glyph alone ("✕", "‖"), which a screen reader reads as a symbol, passes it.
  const wordless = [];
  for (const root of roots) {{
    for (const el of root.querySelectorAll('button, [role="button"]')) {{
      if (!el.getClientRects().length) continue;
      const labelledby = (el.getAttribute('aria-labelledby') || '').split(/\\s+/)
        .map((id) => document.getElementById(id)).filter(Boolean)
        .map((ref) => ref.innerText).join(' ');
      const name = squeeze(el.getAttribute('aria-label') || labelledby || el.innerText);
      if (/[\\p{{L}}\\p{{N}}]/u.test(name)) continue;
      const why = 'its name is ' + JSON.stringify(name) + ' (title '
        + JSON.stringify(el.getAttribute('title') || '')
        + '): give it words, in an aria-label or in its text';
      const node = describe(el, '', el.outerHTML, why);
      node.target = node.path + ' ' + node.html;
      wordless.push(node);
    }}
  }}
  const violations = rules(result.violations);
  if (wordless.length) violations.push({{
    id: '{WORDLESS_RULE}', impact: 'serious',
    help: 'Buttons must have a name with words, not only a glyph', nodes: wordless,
  }});
  return {{
    roots: roots.map((root) => '.' + kitClasses(root)),
    violations,
    incomplete: rules(result.incomplete),
  }};
}}
"""


def _shorten(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class AxeReport:
    """What axe found in one notebook's kit widgets, over every view looked at.

    Two kinds, as axe sorts them: ``violations`` (rules that failed) and
    ``incomplete`` (axe could not decide, "needs review"; reported, never failed on).
    """

    KINDS = ("violations", "incomplete")

    def __init__(self, name: str) -> None:
        self.name = name
        self.roots: list[str] = []
        self.views: list[str] = []
        self.found: dict[str, dict[tuple[str, str], dict[str, Any]]] = {k: {} for k in self.KINDS}

    def add(self, view: str, result: dict[str, Any]) -> None:
        """Merge one axe run; an element already reported for a rule counts once."""
        self.views.append(view)
        if not self.roots:
            self.roots = list(result["roots"])
        for kind in self.KINDS:
            for rule in result[kind]:
                for node in rule["nodes"]:
                    self.found[kind].setdefault(
                        (rule["id"], node["target"]),
                        {
                            "rule": rule["id"],
                            "impact": rule["impact"] or "minor",
                            "help": rule["help"],
                            "view": view,
                            **node,
                        },
                    )

    def counts(self, kind: str = "violations") -> dict[str, int]:
        """Elements found per impact (an element failing two rules counts twice)."""
        counted = Counter(item["impact"] for item in self.found[kind].values())
        return {impact: counted.get(impact, 0) for impact in IMPACTS}

    def refused(self) -> list[dict[str, Any]]:
        return [item for item in self.found["violations"].values() if item["impact"] in REFUSED]

    def lines(self, kind: str = "violations") -> list[str]:
        """Every element found, worst first, one paragraph each."""
        order = {impact: rank for rank, impact in enumerate(IMPACTS)}
        items = sorted(self.found[kind].values(), key=lambda i: (order[i["impact"]], i["rule"]))
        return [
            f"{item['impact']} {item['rule']} ({item['help']}) in {item['path'] or '?'} "
            f"[seen in: {item['view']}]\n"
            f"    element: {_shorten(item['html'])}\n"
            f"    its text: {item['own']!r}; near: {item['near']!r}\n"
            f"    target: {item['target']}\n"
            f"    {_shorten(item['why'], 300)}"
            for item in items
        ]

    def groups(self, kind: str = "violations") -> list[str]:
        """One line per rule and kind of element (its innermost kit classes), with a count."""
        counted = Counter(
            (item["impact"], item["rule"], item["path"].rsplit(" › ", 1)[-1])
            for item in self.found[kind].values()
        )
        order = {impact: rank for rank, impact in enumerate(IMPACTS)}
        return [
            f"{impact} {rule} ×{n} at {where or '?'}"
            for (impact, rule, where), n in sorted(counted.items(), key=lambda g: order[g[0][0]])
        ]

    def summary(self) -> str:
        def counts(kind: str) -> str:
            return ", ".join(f"{impact} {n}" for impact, n in self.counts(kind).items())

        return (
            f"axe on {self.name}: {len(self.roots)} kit widgets {self.roots}, "
            f"{len(self.views)} views; elements in violation: {counts('violations')}; "
            f"needing review: {counts('incomplete')}"
        )

    def save(self) -> None:
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"axe-{self.name.removesuffix('.ipynb')}.json"
        report = {
            "notebook": self.name,
            "roots": self.roots,
            "views": self.views,
            "counts": {kind: self.counts(kind) for kind in self.KINDS},
            **{kind: list(self.found[kind].values()) for kind in self.KINDS},
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


def _report(report: AxeReport) -> None:
    """Save and print what axe found; fail on any critical or serious violation."""
    report.save()
    print(report.summary())
    for line in report.groups():
        print(line)
    for line in report.lines():
        print(line)
    for line in report.lines("incomplete"):
        print("needs review:", line)
    refused = report.refused()
    worst = [line for line in report.lines() if line.split(" ", 1)[0] in REFUSED]
    assert not refused, "\n".join(
        [report.summary(), *report.groups(), f"{len(refused)} critical or serious:", *worst]
    )


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
    _report(report)


# --------------------------------------------------------------------------- mid-play

_ISOLATION_TABLE = ".iw-table-farmhouse"

_FIRST_STAGE = {
    "bob": {"green": "4 3 2", "red": "5 4 3 2 5"},
    "alice": {"green": "4 2", "red": "3"},
    "eve": {"green": "3", "red": "3 5"},
}
"""Faces for the first stage of Bob's proposal with no modifiers (his pools come from the
farmhouse's links and Stress 2); no face explodes. After them the stances are read, and
the GM's pool waits for the Difficulty."""


def test_an_isolation_conflict_in_play_has_no_critical_or_serious_violation(
    notebook: OpenNotebook,
) -> None:
    """After Run All no conflict is open, so axe never saw the pools' faces boxes, the
    Hostile toggles or the stance choices. Here a conflict is proposed by clicks, and
    checked with its pools showing, then with the first stage typed in (Enter in each
    faces box) and the stances to choose."""
    from playwright.sync_api import expect

    name = "01-isolation.ipynb"
    nb = notebook(name)
    nb.run_all()
    nb.page.set_viewport_size({"width": 1280, "height": 800})  # after Run All: narrowed
    table = nb.page.locator(_ISOLATION_TABLE)
    table.locator(".iw-ap select").select_option(label="Bob")
    table.locator(".iw-action input").fill("board up the windows")
    table.locator(".iw-propose").click()
    expect(table.locator(".iw-faces-bob-green input")).to_be_visible(timeout=20_000)
    report = AxeReport(f"{name.removesuffix('.ipynb')}-mid-conflict")
    report.add(f"conflict proposed, pools showing, {_open_details(nb)} details opened", _axe(nb))
    for who, pools in _FIRST_STAGE.items():
        for colour, faces in pools.items():
            box = table.locator(f".iw-faces-{who}-{colour} input")
            box.fill(faces)
            box.press("Enter")
            expect(table.locator(f".iw-chips-{who}-{colour}")).to_contain_text("→", timeout=20_000)
    expect(table.locator(".iw-stances")).to_contain_text("Alice", timeout=20_000)
    opened = _open_details(nb)
    report.add(f"first stage rolled, stances to choose, {opened} details opened", _axe(nb))
    # Every faces box has its own id, so its <label for> names it and no other box (the
    # boxes drawn in one millisecond shared one: axe's duplicate-id-aria, "needs review").
    ids = nb.page.evaluate(
        "() => Array.from(document.querySelectorAll('.iw-submit-text input'), (e) => e.id)"
    )
    assert len(ids) > 10 and len(set(ids)) == len(ids), sorted(ids)
    assert not [i for i in report.found["incomplete"] if i[0] == "duplicate-id-aria"]
    table.locator(".iw-play").evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)
    nb.screenshot("axe-isolation-mid-conflict-1280x800")
    nb.page.set_viewport_size({"width": 1280, "height": 2400})
    table.locator(".iw-play").evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)
    nb.screenshot("axe-isolation-mid-conflict-1280x2400")
    _report(report)


def test_an_impact_test_being_drafted_has_no_critical_or_serious_violation(
    notebook: OpenNotebook,
) -> None:
    """The Impact notebook ends with Ellis's test drafted; a chip that may go either way
    asks how it is cited (its sign buttons appear), then is cited. axe checks the board
    and the test panel at each step."""
    from playwright.sync_api import expect

    name = "02-impact.ipynb"
    nb = notebook(name)
    nb.page.set_viewport_size({"width": 1280, "height": 800})  # a laptop's screen
    nb.run_all()
    table = nb.page.locator(".iw-impact-table")
    expect(table.locator(".iw-impact-plan")).to_contain_text("Odds of success")
    report = AxeReport(f"{name.removesuffix('.ipynb')}-drafting")
    report.add(f"test drafted, {_open_details(nb)} details opened", _axe(nb))
    either_way = table.locator(".iw-chip-det-3")  # Ellis's "Access To Every …", either way
    either_way.click()
    helps = table.locator(".iw-chip-cite-helps:visible")  # the asking chip's sign buttons
    expect(helps).to_have_count(1, timeout=20_000)
    report.add("a chip asks how it is cited", _axe(nb))
    helps.click()
    expect(either_way).to_contain_text("✔ +1", timeout=20_000)
    report.add(f"the chip cited, {_open_details(nb)} details opened", _axe(nb))
    table.locator(".iw-impact-main").evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)
    nb.screenshot("axe-impact-drafting-1280x800")
    nb.page.set_viewport_size({"width": 1280, "height": 2400})
    table.evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)
    nb.screenshot("axe-impact-drafting-1280x2400")
    _report(report)
