"""axe-core on the kit's widgets, as the browser tests run it.

axe-core (the copy bundled in ``axe-playwright-python``, so nothing is downloaded)
checks every kit widget a notebook shows: in each output, the outermost element with
an ``iw-`` class (:data:`lab.KIT_ROOTS_JS`). JupyterLab's own violations (its editors,
its windowed panel) are not the kit's and are left out by that scope. axe only judges
what is rendered, so a test adds one view after another to an :class:`AxeReport` (a
violation found in several views counts once) and fails with :func:`report`.

One rule of the kit's own is counted with axe's as serious (``kit-button-words``):
a button must have a name with a letter or digit in it. axe accepts any text as a
name, so a button labelled only ``✕`` or ``‖`` passes axe while a screen reader
reads out a symbol's name and the tooltip that explains it may never be heard.

Every violation of any impact is printed with its rule, impact, the kit classes
from the widget root down to the element (to route the fix), the element's HTML,
its own text (a dropdown's options) and the words around it; the counts per
impact are printed (see them on a pass with ``-rA``) and written to
``screenshots/axe-<name>.json``. What axe could not decide ("needs review") is
printed and counted too, but does not fail a test.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from lab import KIT_ROOTS_JS, SCREENSHOTS, Notebook

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
CLOSED_DISCLOSURES = f"{KIT} button[aria-expanded='false'] >> visible=true"
"""A kit section's disclosure button (More, the links pair by pair, a forecast), closed."""

_AXE_JS = f"""
async () => {{
  const roots = ({KIT_ROOTS_JS})(document);
  if (!roots.length) return null;
  // ipywidgets' own view for a widget model that failed to load (its error icon) is
  // not the kit's markup: left out here, and reported with its error by
  // Notebook.widget_errors (see report_widget_errors).
  const result = await axe.run(
    {{include: roots, exclude: ['.jupyter-widgets-error-widget']}},
    {{resultTypes: ['violations', 'incomplete']}});
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


def axe(nb: Notebook) -> dict[str, Any]:
    from axe_playwright_python.sync_playwright import Axe

    if not nb.page.evaluate("() => typeof window.axe === 'object'"):
        nb.page.evaluate(Axe().axe_script)  # the axe.min.js shipped in the wheel
    result: dict[str, Any] | None = nb.page.evaluate(_AXE_JS)
    assert result is not None, f"{nb.path}: no kit widget shown after Run All: nothing to check"
    return result


_OPENED_JS = "(el) => !el.isConnected || el.getAttribute('aria-expanded') !== 'false'"


def report_widget_errors(nb: Notebook, where: str) -> list[str]:
    """Print every widget view that failed to load on the page now, with its error.

    Seen on a loaded machine, about one full browser run in two (issue 23's closing note):
    ipywidgets' error view ("Click to show javascript error.") in place of a view in
    Isolation's play area after Run All, never reproduced alone. It is printed with its
    error (``-rA`` shows it on a pass), not failed on, until its cause is found; a widget
    that fails to display ("Error displaying widget") still fails
    :meth:`~lab.Notebook.assert_no_errors`."""
    found = nb.widget_errors()
    for text in found:
        print(f"WIDGET ERROR ({where}): {text}")
    return found


def open_details(nb: Notebook) -> int:
    """Open every visible closed section of the kit's widgets by a click: each ``<details>``
    summary and each disclosure button (``aria-expanded="false"``). How many were opened."""
    opened = 0
    for selector in (CLOSED_SUMMARIES, CLOSED_DISCLOSURES):
        closed = nb.page.locator(selector)
        while closed.count() and opened < 50:
            element = closed.first.element_handle()
            # A disclosure opens when the kernel answers: clicked again before, it would
            # close. A click that landed while the panel was being redrawn (a board kept in
            # view moves as the page settles) is lost: after 10 s without an answer the
            # disclosure is clicked once more, and must open then.
            for attempt, wait in enumerate((10_000, 20_000)):
                element.click()
                try:
                    nb.page.wait_for_function(_OPENED_JS, arg=element, timeout=wait)
                    break
                except Exception:
                    if attempt:
                        raise
            opened += 1
    return opened


def assert_accessible(report: AxeReport) -> None:
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
