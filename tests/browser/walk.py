"""What a table walk checks at every step, as a GM at 1280×800 would see it.

The per-system walks (``test_table_walks.py``) play each system's worked example by
keys, twice in a row, and at every step ask this module:

* :func:`on_screen`: is an element wholly within what the page shows (the notebook's
  scrolling area and the window)? The board (map, ladders, damage tracks, Pressure) and
  the control in use must both be.
* :func:`kit_texts` and :func:`names_and_words`: every text the kit draws (visible words,
  tooltips, placeholders, ARIA names, dropdown options) and the ids and code names found
  in them: a pattern for every system (snake_case, ``action #10``, ``1 settings``,
  ``link(s)``, ``a Infrastructure``) plus the system's own ids (``L7``, ``char-1``).
* :func:`cut_labels`: a control's label cut short on screen (``what hap…``).
* :func:`boxes`: every text box, list, check box and toggle of a panel with what it
  holds, to compare the second round's start with the first's.
* :func:`toolbar_rows` and :func:`plot_tab_stops`: the toolbar is one row; a plot adds
  at most two Tab stops.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from lab import KIT_ROOTS_JS, Notebook
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

SMALL_SCREEN = {"width": 1280, "height": 800}

# --------------------------------------------------------------------------- on screen

_ON_SCREEN_JS = """
(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  let view = {top: 0, bottom: innerHeight, left: 0, right: innerWidth};
  for (let up = el.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (/(auto|scroll)/.test(style.overflowY) && up.scrollHeight > up.clientHeight + 1) {
      const r = up.getBoundingClientRect();
      view = {top: Math.max(view.top, r.top), bottom: Math.min(view.bottom, r.bottom),
              left: Math.max(view.left, r.left), right: Math.min(view.right, r.right)};
    }
  }
  const r = el.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          view_top: view.top, view_bottom: view.bottom, view_left: view.left,
          view_right: view.right};
}
"""


@dataclass(frozen=True)
class Seen:
    """Where an element is and what the page shows of the area around it."""

    selector: str
    top: float
    bottom: float
    left: float
    right: float
    view_top: float
    view_bottom: float
    view_left: float
    view_right: float

    @property
    def whole(self) -> bool:
        """Wholly on screen (a pixel of rounding allowed)."""
        return (
            self.top >= self.view_top - 1
            and self.bottom <= self.view_bottom + 1
            and self.left >= self.view_left - 1
            and self.right <= self.view_right + 1
            and self.bottom > self.top
        )

    def __str__(self) -> str:
        return (
            f"{self.selector}: {self.top:.0f}..{self.bottom:.0f} × "
            f"{self.left:.0f}..{self.right:.0f} in view {self.view_top:.0f}..{self.view_bottom:.0f}"
        )


def on_screen(nb: Notebook, selector: str) -> Seen:
    """Where the first element matching ``selector`` is, against what the page shows.

    Raises:
        AssertionError: nothing matches.
    """
    found = nb.page.evaluate(_ON_SCREEN_JS, selector)
    assert found is not None, f"nothing matches {selector}"
    return Seen(selector, **found)


def focused_selector(nb: Notebook) -> str:
    """A selector for the element that has the keyboard focus (marked for the check),
    once the focus has landed on a control (a step hands it on from one to the next)."""
    nb.page.wait_for_function(
        "() => { const el = document.activeElement;"
        " return !!el && el !== document.body && el.getClientRects().length > 0; }",
        timeout=15_000,
    )
    nb.page.evaluate(
        """() => {
          for (const e of document.querySelectorAll('[data-iw-focus]')) {
            e.removeAttribute('data-iw-focus');
          }
          const el = document.activeElement;
          if (el && el !== document.body) el.setAttribute('data-iw-focus', '1');
        }"""
    )
    return "[data-iw-focus]"


_SETTLED_JS = """
async (selectors) => {
  // Wait until every element stays put for two frames: a board moving into view (it
  // follows the scroll on the next frame) is measured where it lands.
  const where = () => selectors.map((s) => {
    const el = document.querySelector(s);
    if (!el) return 'none';
    const r = el.getBoundingClientRect();
    return [Math.round(r.top), Math.round(r.left)].join(',');
  }).join(';');
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  let last = where();
  for (let i = 0; i < 60; i++) {
    await frame();
    await frame();
    const now = where();
    if (now === last) return true;
    last = now;
  }
  return false;
}
"""


def settled(nb: Notebook, *selectors: str) -> None:
    """Wait until the elements stop moving (a board follows the scroll a frame later)."""
    nb.page.evaluate(_SETTLED_JS, list(selectors))


def assert_both_on_screen(nb: Notebook, board: str, step: str, control: str | None = None) -> None:
    """The board and the control in use (the focused one unless ``control``) are both
    wholly on screen at ``step``, once they stand still."""
    control = control or focused_selector(nb)
    settled(nb, board, control)
    seen_board, seen_control = on_screen(nb, board), on_screen(nb, control)
    assert seen_board.whole and seen_control.whole, (
        f"{step}: the board and the control in use are not both on screen:\n"
        f"  board {seen_board}\n  control {seen_control}"
    )


def assert_near(nb: Notebook, message: str, control: str, step: str, within: float = 160) -> None:
    """A refusal (``message``) shows next to the control that was used: on screen, and
    within ``within`` pixels of it."""
    said, used = on_screen(nb, message), on_screen(nb, control)
    gap = max(said.top - used.bottom, used.top - said.bottom, 0.0)
    assert said.whole and gap <= within, (
        f"{step}: the refusal is {gap:.0f} px from the control used:\n  refusal {said}\n"
        f"  control {used}"
    )


# --------------------------------------------------------------------------- words

_KIT_TEXTS_JS = f"""
() => {{
  const roots = ({KIT_ROOTS_JS})(document);
  const texts = [];
  const shown = (el) => el.getClientRects().length > 0;
  for (const root of roots) {{
    if (!shown(root)) continue;
    texts.push(root.innerText);
    for (const el of root.querySelectorAll('[title], [placeholder], [aria-label]')) {{
      if (!shown(el) || el.closest('.iw-refs-keep')) continue;
      for (const name of ['title', 'placeholder', 'aria-label']) {{
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }}
    }}
    for (const option of root.querySelectorAll('select option')) {{
      if (shown(option.parentElement)) texts.push(option.textContent);
    }}
  }}
  return texts;
}}
"""

KIT_WORDS = (
    # snake_case and code names: cooperate_net_min, AP_odds, watch_the_world_die
    r"\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b",
    # an action by its number, not by what it did
    r"\baction #\d+",
    # counts that forgot the singular, or hedge with (s)
    r"\b1 (?:settings|odds|links|events|actions|pairs|points|rounds|turns|recommendations)\b",
    r"\w\(s\)",
    r"\b1 (?:bonus |penalty |extra )?dice\b",
    # "a" before a vowel sound
    r"\ba (?:[AEIO][a-z]|Infra|Event|Ecosy|Epid|Econ)",
    # a call, as code writes it
    r"\b[a-z_]+\(\)",
)
"""What no text of any system's table may contain."""

SYSTEM_IDS: dict[str, tuple[str, ...]] = {
    "isolation": (r"\bL\d+\b",),
    "impact": (r"\b(?:char|det|test|scene)-\d+\b",),
    "fudge_conflict": (r"\b(?:char|conflict|item|bonus)-\d+\b",),
    "watch_the_world_die": (r"\b(?:event|response|turn)-\d+\b",),
}
"""Each system's ids, as its engine writes them."""


def kit_texts(nb: Notebook) -> list[str]:
    """Every text the kit draws on the page now: the visible words of every kit widget,
    the tooltips, placeholders and ARIA names of its shown elements, its list options."""
    found: list[str] = nb.page.evaluate(_KIT_TEXTS_JS)
    return found


def names_and_words(
    texts: Iterable[str], system: str, ids: Sequence[str] = ()
) -> list[tuple[str, str]]:
    """``(what matched, the line it is in)`` for every id or code name in ``texts``:
    :data:`KIT_WORDS`, the system's ids (:data:`SYSTEM_IDS`) and ``ids`` (whole words:
    the characters' ids of the notebook, ``alice``)."""
    patterns = [*KIT_WORDS, *SYSTEM_IDS.get(system, ())]
    patterns += [rf"\b{re.escape(word)}\b" for word in ids]
    found: list[tuple[str, str]] = []
    for text in texts:
        for line in text.splitlines():
            for pattern in patterns:
                for match in re.finditer(pattern, line):
                    found.append((match.group(0), line.strip()[:160]))
    return sorted(set(found))


_CUT_LABELS_JS = f"""
() => {{
  const roots = ({KIT_ROOTS_JS})(document);
  const cut = [];
  for (const root of roots) {{
    for (const el of root.querySelectorAll('.widget-label, .widget-label-basic, button')) {{
      if (el.getClientRects().length === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1) cut.push(el.innerText.trim().slice(0, 60));
    }}
  }}
  return cut;
}}
"""


def cut_labels(nb: Notebook) -> list[str]:
    """The labels and buttons of kit widgets whose words are cut short on screen."""
    found: list[str] = nb.page.evaluate(_CUT_LABELS_JS)
    return found


# --------------------------------------------------------------------------- boxes

_BOXES_JS = """
(selector) => {
  const root = document.querySelector(selector);
  if (!root) return null;
  const out = {};
  const shown = (el) => el.getClientRects().length > 0;
  let n = 0;
  const name = (el) => {
    const host = el.closest('[class*="iw-"]');
    const own = host ? Array.from(host.classList).filter((c) => c.startsWith('iw-')).join('.') : '';
    return (own || el.tagName.toLowerCase()) + '#' + (n++);
  };
  for (const el of root.querySelectorAll('input, select, textarea, button[aria-pressed]')) {
    if (!shown(el)) continue;
    if (el.tagName === 'BUTTON') out[name(el)] = el.getAttribute('aria-pressed');
    else if (el.type === 'checkbox') out[name(el)] = el.checked ? 'checked' : 'unchecked';
    else if (el.tagName === 'SELECT') {
      const picked = el.options[el.selectedIndex];
      out[name(el)] = picked ? picked.textContent : '';
    } else out[name(el)] = el.value;
  }
  return out;
}
"""


def boxes(nb: Notebook, selector: str) -> dict[str, str]:
    """Every shown text box, list, check box and toggle under ``selector``, with what it
    holds (a list's chosen option, ``checked``, ``aria-pressed``), named by its kit class."""
    found: dict[str, str] | None = nb.page.evaluate(_BOXES_JS, selector)
    assert found is not None, f"nothing matches {selector}"
    return found


def text_boxes(nb: Notebook, selector: str) -> dict[str, str]:
    """The shown text boxes under ``selector`` and what they hold."""
    found = nb.page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector + ' input[type=text]'))
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => [Array.from((el.closest('[class*="iw-"]') || el).classList)
            .filter((c) => c.startsWith('iw-')).join('.'), el.value])""",
        selector,
    )
    return {f"{name}#{i}": value for i, (name, value) in enumerate(found)}


# --------------------------------------------------------------------------- toolbar, plots

_ROWS_JS = """
(selector) => {
  const row = document.querySelector(selector);
  if (!row) return null;
  const tops = new Set();
  for (const child of row.children) {
    if (child.getClientRects().length === 0) continue;
    const r = child.getBoundingClientRect();
    if (r.height > 0) tops.add(Math.round(r.top / 8));
  }
  return {rows: tops.size, height: row.getBoundingClientRect().height,
          right: row.getBoundingClientRect().right};
}
"""


def toolbar_rows(nb: Notebook, table: str) -> dict[str, float]:
    """How many rows the table's toolbar's controls take, and its height:
    ``{"rows", "height"}``."""
    found: dict[str, float] | None = nb.page.evaluate(_ROWS_JS, f"{table} .iw-toolbar-row")
    assert found is not None, f"no toolbar row in {table}"
    return found


_PLOT_STOPS_JS = """
(selector) => {
  const plot = document.querySelector(selector);
  if (!plot) return null;
  const stops = Array.from(plot.querySelectorAll('a[href], button, input, select, [tabindex]'))
    .filter((el) => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length > 0);
  return stops.map((el) => el.getAttribute('data-title') || el.innerText || el.tagName);
}
"""


def plot_tab_stops(nb: Notebook, selector: str, *, at_most: int | None = None) -> list[str]:
    """The Tab stops inside a plot (its modebar's buttons and links).

    With ``at_most``, first wait (up to 15 s) for the plot to have no more than that many:
    plotly draws a new view's modebar in full and trims it once the layout is applied,
    so a plot caught in between would show its whole bar for a moment.
    """
    if at_most is not None:
        with contextlib.suppress(PlaywrightTimeoutError):  # the caller's assertion says why
            nb.page.wait_for_function(
                f"([s, n]) => {{ const f = ({_PLOT_STOPS_JS.strip()})(s); "
                "return f !== null && f.length <= n; }",
                arg=[selector, at_most],
                timeout=15_000,
            )
    found: list[str] | None = nb.page.evaluate(_PLOT_STOPS_JS, selector)
    assert found is not None, f"no plot at {selector}"
    return found


def screenshot(nb: Notebook, system: str, step: str) -> Any:
    """Save the viewport as ``screenshots/walk-SYSTEM-STEP.png``."""
    return nb.screenshot(f"walk-{system}-{step}")
