"""Nothing a Danish-system table shows bypasses the catalogues (issue 25, item 4).

Mr. Burke's notebook (``03-fudge-conflict.ipynb``) is opened with its ``LANGUAGE``
set before the first cell runs, as a new user sets it, in two languages:

* the **pseudo-language** ``qps``, which wraps every catalogue text in ``⟦…⟧``;
* **Danish** (``da``).

Both play the same table after the notebook has run: a new argument between Burke and
Director Hale on the conflict tab with a refusal in that panel (faces that are not
Fudge faces), the roll; *Let it hurt*: intentions, crossing actions, a refusal in the
round panel (too few faces), "How much will this hurt?" opened, round 1 by typed faces
and round 2 by the kit's own dice; the toolbar's **More**, **House rules** opened and
filtered to a setting that is then changed, a note, an **export**, every page of the
session log back to the session's start, the glossary opened, and each tab once more.
After every step a walk collects every visible text node inside the table
(``.iw-fudge-table``), every shown box's placeholder and every option of every shown
list, and:

* in ``qps`` fails on any text outside ``⟦…⟧`` that has a letter in it, once what the
  table typed itself (the characters' names, skills, items, intentions, the note) and
  the rule IDs (``DK-A11``) are taken out: numbers, dice faces and glyphs, and
  punctuation have no letters;
* in ``da`` fails on any text equal to a template of the English catalogue (the
  ``msgid`` of every ``isowidgets/locale/*.pot``, ``{placeholders}`` matching any
  value) that is not also Danish (a template whose Danish is the same, ``Intuition``,
  is left out, and so is a name the table typed).

What is allowed, and why, is :data:`ALLOWED` (each with its reason) and the ``lang``
rule: text in an element the table marks with a ``lang`` of another language (the
glossary's two columns: Danish term, English label) is not the table's language by
design, and the walk checks that such text is found only in the glossary.

Screenshots: ``tests/browser/screenshots/pseudo-language-*.png`` (qps) and
``danish-walk-*.png`` (da).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from lab import NOTEBOOKS, LabServer, Notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "03-fudge-conflict.ipynb"
TABLE = ".iw-fudge-table"
BURKE, HALE = "char-1", "char-6"  # the notebook's ids, in the order the cast joins
TALL_SCREEN = {"width": 1280, "height": 2400}
LOCALE = Path(__file__).resolve().parents[2] / "isowidgets" / "locale"
OPEN, CLOSE = "⟦", "⟧"

RULE_ID = re.compile(r"\b[A-Z]{2,4}-[A-Z]{0,3}\d+[a-z]?\b")
"""A rule's ID as the digest writes it (``DK-A11``, ``T-DK-1``)."""

LETTER = re.compile(r"[^\W\d_]")
WORD = re.compile(r"[^\W\d_]+")
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
GLYPHS = re.compile("ℹ")
"""Glyphs Unicode counts as letters: ℹ (U+2139, the mark of a message that says what
happened) is a sign, not a word."""
CODE = re.compile(r"\b\w+\.\w+\b")  # dice.Limits

ALLOWED: dict[str, tuple[str, re.Pattern[str]]] = {
    # where (a kit class the text is inside) → (why, the texts allowed there)
    "iw-language": (
        "the language switch is named in every language it offers (Language · Sprog) and "
        "each language by its own name, so it can be found whatever the table speaks",
        re.compile(r"(?:Language|Sprog|English|Dansk)(?: · (?:Language|Sprog|⟦Language⟧))*"),
    ),
    "iw-export-format-fudge": (
        "the names of file formats (Markdown, CSV, JSON) are the same in every language",
        re.compile(r"Markdown|CSV|JSON"),
    ),
}
"""Texts that are not the table's words in its language, by design."""

# Every visible text of the table: text nodes (with the part outside ⟦…⟧), the
# placeholders of shown boxes and the options of shown lists.
_WALK_JS = """
([selector, open, close]) => {
  const root = document.querySelector(selector);
  if (!root) return null;
  const shown = (el) => el.getClientRects().length > 0
    && el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const where = (el) => {
    const names = [];
    for (let up = el; up && up !== root.parentElement; up = up.parentElement) {
      for (const name of up.classList || []) {
        if (name.startsWith('iw-') && !names.includes(name)) names.push(name);
      }
      if (up.classList && up.classList.contains('js-plotly-plot')) names.push('plotly');
    }
    return names.slice(0, 6).join(' < ');
  };
  const marked = (el) => {
    const host = el.closest('[lang]');
    return host && root.contains(host) ? host.getAttribute('lang') : '';
  };
  // The part of a text outside ⟦…⟧: a ⟦ left open covers the text after it, a ⟧ that
  // closes nothing here the text before it (a message split by markup into nodes).
  const outside = (text) => {
    let depth = 0, out = '';
    for (const ch of text) {
      if (ch === open) { depth += 1; continue; }
      if (ch === close) {
        if (depth > 0) depth -= 1; else out = '';
        continue;
      }
      if (depth === 0) out += ch;
    }
    return out;
  };
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('style, script, select, option, textarea')) continue;
    const text = node.nodeValue.replace(/\\s+/g, ' ').trim();
    if (!text || !shown(el)) continue;
    found.push({kind: 'text', text, outside: outside(text), where: where(el), lang: marked(el)});
  }
  for (const box of root.querySelectorAll('input, textarea')) {
    if (!shown(box) || !box.placeholder || !box.placeholder.trim()) continue;
    const text = box.placeholder.trim();
    found.push({kind: 'placeholder', text, outside: outside(text), where: where(box),
                lang: marked(box)});
  }
  for (const list of root.querySelectorAll('select')) {
    if (!shown(list)) continue;
    for (const option of list.options) {
      const text = option.textContent.replace(/\\s+/g, ' ').trim();
      if (!text) continue;
      found.push({kind: 'option', text, outside: outside(text), where: where(list),
                  lang: marked(list)});
    }
  }
  return found;
}
"""

# What the table typed itself: names, skills, items and their conditions, the session's
# title, intentions and outcomes, notes. Never a word of the kit.
_TYPED_PY = """
import json as _json
_typed = {_c.name for _c in game.state.characters}
_typed |= {_s for _c in game.state.characters for _s in _c.skills}
_typed |= {_i.name for _i in game.state.items}
_typed |= {_b.condition for _i in game.state.items for _b in _i.bonuses if _b.condition}
for _entry in game.journal:
    _event = _entry.event
    for _field in ("title", "intention", "opponent_intention", "success", "failure", "note"):
        _value = getattr(_event, _field, None)
        if isinstance(_value, str) and _value.strip():
            _typed.add(_value)
    if type(_event).__name__ in ("IntentionStated", "Note"):
        _typed.add(_event.text)
print(_json.dumps(sorted(_typed)))
"""


@dataclass
class Walks:
    """Everything the walks found, step by step."""

    language: str
    typed: set[str] = field(default_factory=set)
    findings: dict[tuple[str, str], str] = field(default_factory=dict)
    """(where, text) → the first step it was seen at."""
    marked: set[tuple[str, str]] = field(default_factory=set)
    """(where, text) of text marked with another ``lang`` (the glossary's columns)."""
    steps: list[str] = field(default_factory=list)
    nodes: int = 0

    def summary(self) -> str:
        return (
            f"{self.language}: {len(self.steps)} walks, {self.nodes} texts read, "
            f"{len(self.typed)} typed by the table, {len(self.marked)} marked as another "
            f"language (the glossary), {len(self.findings)} bypassing the catalogues"
        )

    def report(self) -> str:
        lines = [f"{len(self.findings)} texts bypass the {self.language} catalogues:"]
        lines += [
            f"  [{step}] {where}: {text!r}" for (where, text), step in sorted(self.findings.items())
        ]
        return "\n".join(lines)


# --------------------------------------------------------------------------- languages


@cache
def english_templates() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Every English template of the catalogues that is not also Danish, as a pattern
    matching it whole with any text for its ``{placeholders}``.

    A template with placeholders counts only if its own words have eight letters or
    more, or one word of four letters or more that no Danish text of the catalogues
    uses: "{notation} for {purpose}" would otherwise find every Danish sentence with
    "for" in it."""
    from babel.messages.pofile import read_po

    danish: set[str] = set()
    for po in (LOCALE / "da" / "LC_MESSAGES").glob("*.po"):
        with po.open("rb") as handle:
            for message in read_po(handle):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                danish.update(s for s in strings if s)
    danish_words = {  # the words of Danish sentences, not their {placeholders} or code
        word.lower()
        for text in danish
        for word in WORD.findall(CODE.sub(" ", PLACEHOLDER.sub(" ", text)))
    }
    found: dict[str, re.Pattern[str]] = {}
    for pot in sorted(LOCALE.glob("*.pot")):
        with pot.open("rb") as handle:
            for message in read_po(handle):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                for english in ids:
                    if not english or english in danish:
                        continue
                    parts = PLACEHOLDER.split(english)
                    words = WORD.findall(" ".join(parts))
                    if (
                        len(parts) > 1
                        and sum(map(len, words)) < 8
                        and not any(len(w) >= 4 and w.lower() not in danish_words for w in words)
                    ):
                        continue
                    pattern = ".+?".join(re.escape(part) for part in parts)
                    found[english] = re.compile(pattern, re.DOTALL)
    return tuple(sorted(found.items()))


def english_in(text: str) -> str | None:
    """The English template ``text`` is, if any (also with the punctuation a view puts
    around a label taken off: ``⚠ Error:`` is ``⚠ Error``)."""
    for candidate in dict.fromkeys((text, text.strip(" :;,.·—()"))):
        for english, pattern in english_templates():
            if pattern.fullmatch(candidate):
                return english
    return None


def letters_left(text: str, typed: set[str]) -> str:
    """What of ``text`` (outside ``⟦…⟧``) has letters once the table's own names and the
    rule IDs are taken out ('' when nothing does)."""
    for name in sorted(typed, key=len, reverse=True):
        text = text.replace(name, " ")
    text = RULE_ID.sub(" ", GLYPHS.sub(" ", text))
    return text.strip() if LETTER.search(text) else ""


def allowed(item: dict[str, str]) -> bool:
    for where, (_why, texts) in ALLOWED.items():
        if where in item["where"].split(" < ") and texts.fullmatch(item["text"]):
            return True
    return False


def walk(nb: Notebook, walks: Walks, step: str) -> None:
    """Walk the table now; add what bypasses the catalogues to ``walks``."""
    walks.typed |= set(json.loads(nb.execute(_TYPED_PY).strip()))
    found: list[dict[str, str]] | None = nb.page.evaluate(_WALK_JS, [TABLE, OPEN, CLOSE])
    assert found, f"{step}: no text in {TABLE}"
    walks.steps.append(step)
    walks.nodes += len(found)
    for item in found:
        key = (item["where"], item["text"])
        if item["lang"] and item["lang"] != walks.language:
            walks.marked.add(key)
            continue
        if allowed(item):
            continue
        if walks.language == "qps":
            bad = letters_left(item["outside"], walks.typed)
        elif item["text"] in walks.typed:
            bad = ""
        else:
            bad = english_in(item["text"]) or ""
        if bad:
            walks.findings.setdefault(key, step)


# --------------------------------------------------------------------------- the notebook


def with_language(language: str) -> str:
    """Mr. Burke's notebook with ``LANGUAGE`` set to ``language`` and a journal of its own."""
    notebook = json.loads((NOTEBOOKS / NOTEBOOK).read_text(encoding="utf-8"))
    set_here = 0
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and source.lstrip().startswith('LANGUAGE = "en"'):
            source = source.replace('LANGUAGE = "en"', f'LANGUAGE = "{language}"', 1)
            set_here += 1
        source = source.replace("sessions/fudge-station.jsonl", f"sessions/fudge-{language}.jsonl")
        cell["source"] = source
    assert set_here == 1, f"{NOTEBOOK} sets LANGUAGE in {set_here} cells, not one"
    return json.dumps(notebook)


@pytest.fixture
def burke_in(
    lab_server: LabServer, notebook: Callable[[str], Notebook]
) -> Iterator[Callable[[str], Notebook]]:
    """Open Mr. Burke's notebook in a language (a copy in the server's own folder)."""

    def open_(language: str) -> Notebook:
        name = f"03-fudge-conflict-{language}.ipynb"
        (lab_server.root / name).write_text(with_language(language), encoding="utf-8")
        return notebook(name)

    yield open_


# --------------------------------------------------------------------------- the play


def say(nb: Notebook, key: str, **values: Any) -> str:
    """The table's label of ``key`` in the language it speaks now, from the kernel."""
    code = f"print(__import__('json').dumps(table.labels({key!r}, **{values!r})))"
    text: str = json.loads(nb.execute(code).strip())
    return text


def select(nb: Notebook, css_class: str, label: str) -> None:
    nb.widget(css_class).locator("select").select_option(label=label)


def contains(nb: Notebook, css_class: str, text: str) -> None:
    from playwright.sync_api import expect

    expect(nb.widget(css_class).first).to_contain_text(text, timeout=15_000)


def type_enter(nb: Notebook, css_class: str, text: str) -> None:
    box = nb.widget(css_class).locator("input")
    box.click()
    box.fill("")
    box.press_sequentially(text)
    box.press("Enter")


def tab(nb: Notebook, key: str) -> None:
    nb.page.locator(f"{TABLE} .lm-TabBar-tab", has_text=say(nb, key)).click()


def shot(nb: Notebook, name: str, selector: str = TABLE) -> None:
    nb.page.evaluate(f"() => document.querySelector('{selector}').scrollIntoView()")
    nb.page.wait_for_timeout(300)  # the scroll settles; nothing is waited for by time
    nb.screenshot(name)


def play_and_walk(nb: Notebook, walks: Walks, prefix: str) -> None:
    """Play the table after the notebook, walking it after every step."""
    from playwright.sync_api import expect

    page = nb.page
    page.set_viewport_size(TALL_SCREEN)
    walk(nb, walks, "after the notebook")
    shot(nb, f"{prefix}-1-after-the-notebook")

    # A new argument on the conflict tab, a refusal in that panel, then the roll.
    tab(nb, "table.conflict")
    select(nb, "iw-fudge-kind", say(nb, "conflict.active"))
    select(nb, "iw-fudge-actor", "Mr. Burke")
    select(nb, "iw-fudge-skill", "arguing (2)")
    select(nb, "iw-fudge-opponent", "Director Hale")
    select(nb, "iw-fudge-opponent-skill", "arguing (3)")
    nb.click("iw-fudge-open")
    contains(nb, "iw-fudge-before", "Mr. Burke")
    walk(nb, walks, "a conflict opened")
    type_enter(nb, "iw-faces-conflict", "x y z / + + +")
    refusal = page.locator(f"{TABLE} .iw-dice-entry-conflict .iw-msg--error")
    refusal.wait_for(timeout=15_000)
    walk(nb, walks, "a refusal in the conflict panel")
    shot(nb, f"{prefix}-2-refusal-conflict", f"{TABLE} .iw-dice-entry-conflict")
    type_enter(nb, "iw-faces-conflict", "0 0 0 / + + + +")
    contains(nb, "iw-fudge-conflict-result", "Director Hale")
    refusal.wait_for(state="detached", timeout=15_000)
    walk(nb, walks, "the conflict rolled")

    # Let it hurt: intentions, crossing actions, a refusal in the round panel, round 1.
    nb.click(f"iw-fudge-lih-{BURKE}")
    contains(nb, "iw-fudge-round", say(nb, "lih.round", n=1))
    type_enter(nb, f"iw-fudge-intent-{BURKE}", "make Hale listen")
    type_enter(nb, f"iw-fudge-intent-{HALE}", "humiliate Burke")
    contains(nb, f"iw-fudge-party-{HALE}", "humiliate Burke")
    walk(nb, walks, "let it hurt, intentions stated")
    page.locator(f"{TABLE} .iw-fudge-hurt-odds-toggle button").click()
    odds = page.locator(f"{TABLE} .iw-fudge-hurt-odds-result [role=status]")
    expect(odds).to_be_visible(timeout=60_000)  # the whole fight's chain, solved exactly
    walk(nb, walks, "how much will this hurt, opened")
    for who, skill in ((BURKE, "arguing (2)"), (HALE, "arguing (3)")):
        select(nb, f"iw-fudge-act-skill-{who}", skill)
        select(nb, f"iw-fudge-ability-{who}", say(nb, "ability.fornuft"))
        nb.click(f"iw-fudge-declare-{who}")
    contains(nb, "iw-fudge-declared", "Director Hale")
    walk(nb, walks, "round 1 declared")
    type_enter(nb, "iw-faces-round", "0 0 0 / + +")
    refusal = page.locator(f"{TABLE} .iw-dice-entry-round .iw-msg--error")
    refusal.wait_for(timeout=15_000)
    walk(nb, walks, "a refusal in the round panel")
    shot(nb, f"{prefix}-3-refusal-round", f"{TABLE} .iw-fudge-round")
    # Burke 2 + 0 = 2; Hale keeps + + 0 of seven dice: 3 + 2 = 5. Burke loses by 3.
    type_enter(nb, "iw-faces-round", "0 0 0 / + + 0 0 0 - -")
    contains(nb, "iw-fudge-next-round", say(nb, "lih.next", n=2))
    walk(nb, walks, "round 1 rolled")
    shot(nb, f"{prefix}-4-round-1")

    # Round 2: the same actions, the kit's own dice.
    for who, skill in ((BURKE, "arguing (2)"), (HALE, "arguing (3)")):
        select(nb, f"iw-fudge-act-skill-{who}", skill)
        select(nb, f"iw-fudge-ability-{who}", say(nb, "ability.fornuft"))
        nb.click(f"iw-fudge-declare-{who}")
    contains(nb, "iw-fudge-declared", "Director Hale")
    page.locator(f"{TABLE} .iw-roll-round").click()
    contains(nb, "iw-fudge-round-result", say(nb, "lih.round_result", n=2))
    walk(nb, walks, "round 2 rolled")

    # The toolbar's More, House rules opened, filtered and one setting changed.
    more = page.locator(".iw-more-toggle-fudge button")
    more.click()
    expect(more).to_have_attribute("aria-expanded", "true", timeout=15_000)
    walk(nb, walks, "More opened")
    rules = page.locator(".iw-rules-toggle-fudge button")
    expect(rules).to_be_visible(timeout=20_000)
    rules.click()
    editor = page.locator(".iw-rules-fudge")
    expect(editor.locator(".iw-rules-title")).to_be_visible(timeout=30_000)
    walk(nb, walks, "House rules opened")
    shot(nb, f"{prefix}-5-house-rules", ".iw-rules-fudge")
    editor.locator(".iw-rules-filter-fudge input").fill("DK-A11")
    row = editor.locator(".iw-rule-lasting_penalties_stack")
    expect(row).to_be_visible(timeout=15_000)
    row.locator("button").first.click()
    expect(row).to_contain_text("✎", timeout=15_000)
    walk(nb, walks, "a house rule changed")
    editor.locator(".iw-rules-filter-fudge input").fill("")
    expect(editor.locator(".iw-rule-lasting_penalties_stack")).to_be_visible(timeout=15_000)
    rules.click()

    # A note, an export, the log paged back to its older events, the glossary opened.
    type_enter(nb, "iw-note-fudge", "the control room goes quiet")
    contains(nb, "iw-log", "the control room goes quiet")
    select(nb, "iw-export-format-fudge", "Markdown")
    nb.click("iw-export-fudge")
    expect(page.locator(TABLE)).to_contain_text("exports/", timeout=15_000)
    walk(nb, walks, "a note and an export")
    status = page.locator(f"{TABLE} .iw-log-status")
    older = page.locator(f"{TABLE} .iw-log-older")
    pages = 1
    while older.is_enabled() and pages < 12:  # every page, back to the session's start
        before = status.inner_text()
        older.click()
        expect(status).not_to_have_text(before, timeout=15_000)
        pages += 1
        walk(nb, walks, f"the log's page {pages}")
        if pages == 2:
            shot(nb, f"{prefix}-6-log", f"{TABLE} .iw-log-view")
    assert pages >= 4, pages  # the notebook's conflicts, chain and rounds are in the log
    for key in ("table.chain", "table.conflict", "table.lih"):  # each panel, as it is now
        tab(nb, key)
        walk(nb, walks, f"the {key} tab at the end")
    page.locator(f"{TABLE} .iw-fudge-glossary-view summary").click()
    expect(page.locator(f"{TABLE} .iw-fudge-glossary")).to_be_visible(timeout=15_000)
    walk(nb, walks, "the glossary opened")
    nb.assert_no_errors()


def test_the_pseudo_language_walk_finds_only_catalogue_words(
    burke_in: Callable[[str], Notebook],
) -> None:
    nb = burke_in("qps")
    nb.run_all()
    walks = Walks("qps")
    play_and_walk(nb, walks, "pseudo-language")
    assert walks.nodes > 500, walks.nodes  # the walk saw the table, not an empty page
    assert walks.marked, "the glossary's columns were not seen"
    assert all("iw-fudge-glossary-view" in where for where, _ in walks.marked), sorted(walks.marked)
    print(walks.summary())
    assert not walks.findings, walks.report()


def test_the_danish_walk_finds_no_english_catalogue_string(
    burke_in: Callable[[str], Notebook],
) -> None:
    nb = burke_in("da")
    nb.run_all()
    walks = Walks("da")
    play_and_walk(nb, walks, "danish-walk")
    assert walks.nodes > 500, walks.nodes
    assert all("iw-fudge-glossary-view" in where for where, _ in walks.marked), sorted(walks.marked)
    print(walks.summary())
    assert not walks.findings, walks.report()
