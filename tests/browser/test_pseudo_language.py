"""Nothing a Danish-system table shows bypasses the catalogues (issue 25, item 4).

Mr. Burke's notebook (``03-fudge-conflict.ipynb``) is opened with its ``LANGUAGE``
set before the first cell runs, as a new user sets it, in two languages:

* the **pseudo-language** ``qps``, which wraps every catalogue text in ``⟦…⟧``;
* **Danish** (``da``).

Both play the same table after the notebook has run (one executed notebook per
language for every step): a conflict of each opposition type (passive, with an
assistance chain on the chain tab and a refusal in the chain panel, then rolled by the
kit's dice; competing, rolled by the kit's dice; active, with a refusal in the conflict
panel, then typed faces); *Let it hurt*: intentions, "How much will this hurt?" opened,
crossing actions, a refusal in the round panel and three rounds by typed faces; the
toolbar's **More**, **House rules** opened at 1280×800 and filtered to a setting that is
then changed, a note, two **exports** (the log as Markdown, the HTML recap), every page
of the session log, each tab once more, the glossary; then the notebook's **Replay** of
the session (at its end and a beat back) and the session's **stream page**
(``python -m isowidgets.stream`` on the notebook's journal, started in the background
when the notebook has run, opened at 1280×720 in the session's language).

After every step a walk collects, in the view walked (the table, the Replay, the stream
page), every visible text node, every shown box's placeholder, every option of every
shown list, every ``title`` (hover) and ``aria-label`` (read aloud); the exported files
are read back by the kernel and their texts collected too (the recap's text nodes,
``title``, ``aria-label`` and ``alt``; the Markdown's title, note, heads and cells but
the event data for tools). Then:

* in ``qps`` a text fails when outside ``⟦…⟧`` it has a letter in it, once what the
  table typed itself (the characters' names, skills, items, intentions, the note, the
  journal's name) and the rule IDs (``DK-A11``) are taken out, with the values that
  are no words (paths, dice, digests, moments: :data:`VALUES_OK`); and when the inside
  of a ``⟦…⟧`` (at any depth) is an English template whose values have letters that are
  none of those: English passed as a value into a wrapped message (``⟦house rules:
  ⟦lasting penalties stack: ⟦off⟧ → ⟦on⟧⟧⟧``);
* in ``da`` a text fails when it is a template of the English catalogue (the ``msgid``
  of every ``isowidgets/locale/*.pot``, ``{placeholders}`` matching any value) that is
  not also Danish, or when it holds one of the English catalogue's longer phrases that
  no Danish text has (English passed as a value into a Danish text);
* in both, a label, a button, the chosen option of a list, a box's text, or a House
  rule's hint that is cut by its box (wider than it) fails, and so does a view whose
  root (or page) does not say the language it speaks in its ``lang``.

What is allowed, and why, is :data:`ALLOWED` (each with its reason) and the ``lang``
rule: text in an element the table marks with a ``lang`` of another language (the
glossary's two columns: Danish term, English label) is not the table's language by
design, and the walk checks that such text is found only in the glossary.

Screenshots (the table at 1280×800, the stream at 1280×720):
``tests/browser/screenshots/pseudo-language-*.png`` (qps) and ``danish-walk-*.png`` (da):
the refusals of the chain, conflict and round panels, round 1, House rules, the log, the
Replay and the stream page.
"""

from __future__ import annotations

import contextlib
import html
import json
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from lab import NOTEBOOKS, SCREENSHOTS, LabServer, Notebook
from stream_server import STREAM_READY_JS, StreamServer

pytestmark = pytest.mark.browser

NOTEBOOK = "03-fudge-conflict.ipynb"
TABLE = ".iw-fudge-table"
BURKE, HALE = "char-1", "char-6"  # the notebook's ids, in the order the cast joins
TALL_SCREEN = {"width": 1280, "height": 2400}
TABLE_SCREEN = {"width": 1280, "height": 800}
REPLAY = ".iw-replay"
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

# Every visible text of a root (the table, the Replay, the stream page): text nodes
# (with the part outside ⟦…⟧), the placeholders of shown boxes, the options of shown
# lists, and what is read aloud or shown on hover: ``title`` and ``aria-label``. And
# every shown label, button, list or box whose words are cut by its width (a text wider
# than its box that hides the rest, a list's chosen option wider than the list).
WALK_JS = """
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
  // The language an element is marked with inside the root (the root's own is the
  // table's language: checked by itself, see root_lang).
  const marked = (el) => {
    const host = el.closest('[lang]');
    return host && host !== root && root.contains(host) ? host.getAttribute('lang') : '';
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
  const add = (kind, text, el) => found.push(
    {kind, text, outside: outside(text), where: where(el), lang: marked(el)});
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('style, script, select, option, textarea')) continue;
    const text = node.nodeValue.replace(/\\s+/g, ' ').trim();
    if (!text || !shown(el)) continue;
    add('text', text, el);
  }
  for (const box of root.querySelectorAll('input, textarea')) {
    if (!shown(box) || !box.placeholder || !box.placeholder.trim()) continue;
    add('placeholder', box.placeholder.replace(/\\s+/g, ' ').trim(), box);
  }
  for (const list of root.querySelectorAll('select')) {
    if (!shown(list)) continue;
    for (const option of list.options) {
      const text = option.textContent.replace(/\\s+/g, ' ').trim();
      if (text) add('option', text, list);
    }
  }
  // Hover and screen-reader words: of a shown element, or of one a shown element is
  // inside (a button's icon); plotly's own chrome is left to plotly.
  for (const el of [root, ...root.querySelectorAll('[title], [aria-label]')]) {
    if (!shown(el) || el.closest('.modebar, svg')) continue;
    for (const name of ['title', 'aria-label']) {
      const text = (el.getAttribute(name) || '').replace(/\\s+/g, ' ').trim();
      if (text) add(name, text, el);
    }
  }
  // Words cut by their box.
  const cut = [];
  const canvas = document.createElement('canvas').getContext('2d');
  const wide = (el, text) => {
    const st = getComputedStyle(el);
    canvas.font = `${st.fontStyle} ${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    return canvas.measureText(text).width + parseFloat(st.paddingLeft)
      + parseFloat(st.paddingRight) + parseFloat(st.borderLeftWidth)
      + parseFloat(st.borderRightWidth);
  };
  for (const el of root.querySelectorAll(
      'label, .widget-label, .widget-label-basic, button, .widget-html-content')) {
    if (!shown(el) || !el.textContent.trim()) continue;
    const st = getComputedStyle(el);
    const hides = st.overflowX !== 'visible' || st.textOverflow === 'ellipsis';
    if (hides && el.scrollWidth > el.clientWidth + 1) {
      cut.push({text: el.textContent.replace(/\\s+/g, ' ').trim(), where: where(el),
                need: el.scrollWidth, have: el.clientWidth});
    }
  }
  for (const list of root.querySelectorAll('select')) {
    if (!shown(list) || list.multiple || list.size > 1 || list.selectedIndex < 0) continue;
    const text = list.options[list.selectedIndex].textContent.trim();
    // the chosen option, with the list's padding (the arrow sits in the right one)
    const need = wide(list, text);
    if (text && need > list.getBoundingClientRect().width + 1) {
      cut.push({text, where: where(list), need: Math.round(need),
                have: Math.round(list.getBoundingClientRect().width)});
    }
  }
  for (const box of root.querySelectorAll('input[type=text], input:not([type])')) {
    if (!shown(box)) continue;
    if (box.value && box.scrollWidth > box.clientWidth + 1) {
      cut.push({text: box.value, where: where(box), need: box.scrollWidth, have: box.clientWidth});
    }
    // A House rule's hint says what the box takes: shown whole while the box is empty.
    const hint = box.closest('.iw-rules-list, .iw-rules-find') ? box.placeholder.trim() : '';
    const room = box.getBoundingClientRect().width;
    if (!box.value && hint && wide(box, hint) > room + 1) {
      cut.push({text: hint, where: where(box), need: Math.round(wide(box, hint)),
                have: Math.round(room)});
    }
  }
  return {found, cut, lang: root.closest('[lang]')?.getAttribute('lang') || ''};
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
_typed.add(game.journal.path.stem)  # the journal's name: the log's title, its files
print(_json.dumps(sorted(_typed)))
"""


@dataclass
class Walks:
    """Everything the walks found, step by step."""

    language: str
    typed: set[str] = field(default_factory=set)
    findings: dict[tuple[str, str], str] = field(default_factory=dict)
    """(where, text) → the first step it was seen at, with what is wrong."""
    marked: set[tuple[str, str]] = field(default_factory=set)
    """(where, text) of text marked with another ``lang`` (the glossary's columns)."""
    cut: dict[tuple[str, str], str] = field(default_factory=dict)
    """(where, text) of words cut by their box → the step, with the widths."""
    unmarked: dict[str, str] = field(default_factory=dict)
    """A view whose root does not carry the language it speaks → the ``lang`` it has."""
    steps: list[str] = field(default_factory=list)
    nodes: int = 0
    read: dict[str, int] = field(default_factory=dict)
    """How many texts were read in each view (the table, the Replay, the stream, files)."""

    def summary(self) -> str:
        views = ", ".join(f"{view} {count}" for view, count in self.read.items())
        return (
            f"{self.language}: {len(self.steps)} walks, {self.nodes} texts read ({views}), "
            f"{len(self.typed)} typed by the table, {len(self.marked)} marked as another "
            f"language (the glossary), {len(self.findings)} bypassing the catalogues, "
            f"{len(self.cut)} cut by their box, {len(self.unmarked)} views without their lang"
        )

    def report(self) -> str:
        lines = [f"{len(self.findings)} texts bypass the {self.language} catalogues:"]
        lines += [
            f"  [{step}] {where}: {text!r}" for (where, text), step in sorted(self.findings.items())
        ]
        lines += [f"{len(self.cut)} words cut by their box:"]
        lines += [
            f"  [{step}] {where}: {text!r}" for (where, text), step in sorted(self.cut.items())
        ]
        lines += [f"  {view} has lang={lang!r}" for view, lang in self.unmarked.items()]
        return "\n".join(lines)

    def clean(self) -> bool:
        return not (self.findings or self.cut or self.unmarked)


# --------------------------------------------------------------------------- languages


def _danish() -> tuple[set[str], set[str]]:
    """Every Danish text of the catalogues, and their words."""
    from babel.messages.pofile import read_po

    danish: set[str] = set()
    for po in (LOCALE / "da" / "LC_MESSAGES").glob("*.po"):
        with po.open("rb") as handle:
            for message in read_po(handle):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                danish.update(s for s in strings if s)
    words = {  # the words of Danish sentences, not their {placeholders} or code
        word.lower()
        for text in danish
        for word in WORD.findall(CODE.sub(" ", PLACEHOLDER.sub(" ", text)))
    }
    return danish, words


@cache
def _english() -> tuple[str, ...]:
    """Every English template of the catalogues (their ``msgid``, plurals both)."""
    from babel.messages.pofile import read_po

    found: list[str] = []
    for pot in sorted(LOCALE.glob("*.pot")):
        with pot.open("rb") as handle:
            for message in read_po(handle):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                found += [english for english in ids if english]
    return tuple(dict.fromkeys(found))


@cache
def english_templates() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Every English template of the catalogues that is not also Danish, as a pattern
    matching it whole with any text for its ``{placeholders}``.

    A template with placeholders counts only if its own words have eight letters or
    more, or one word of four letters or more that no Danish text of the catalogues
    uses: "{notation} for {purpose}" would otherwise find every Danish sentence with
    "for" in it."""
    danish, danish_words = _danish()
    found: dict[str, re.Pattern[str]] = {}
    for english in _english():
        if english in danish:
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


@cache
def english_phrases() -> re.Pattern[str]:
    """The English catalogue's longer phrases (the text of a template between its
    ``{placeholders}``: three words or more, fifteen letters or more) that no Danish
    text has: one inside a Danish text is English passed as a value."""
    danish, _words = _danish()
    lowered = "\n".join(danish).lower()
    phrases = set()
    for english in _english():
        for part in PLACEHOLDER.split(english):
            part = part.strip(" :;,.·—()")
            words = WORD.findall(part)
            if len(words) >= 3 and sum(map(len, words)) >= 15 and part.lower() not in lowered:
                phrases.add(part)
    ordered = sorted(phrases, key=len, reverse=True)
    return re.compile("|".join(re.escape(phrase) for phrase in ordered))


@cache
def template_patterns() -> tuple[frozenset[str], tuple[tuple[int, re.Pattern[str]], ...]]:
    """Every English template: those without values as they are, the others as a
    pattern matching it whole that captures its values, with how many characters its
    own text has besides spaces (most first; "{kind}" has none and judges nothing)."""
    plain, found = set(), []
    for english in _english():
        parts = PLACEHOLDER.split(english)
        if len(parts) == 1:
            plain.add(english)
            continue
        pattern = "(.+?)".join(re.escape(part) for part in parts)
        own = len("".join(parts).replace(" ", ""))  # "{name}: {old} → {new}" has ":→"
        found.append((own, re.compile(pattern, re.DOTALL)))
    return frozenset(plain), tuple(sorted(found, key=lambda item: -item[0]))


def english_in(text: str) -> str | None:
    """The English template ``text`` is, if any (also with the punctuation a view puts
    around a label taken off: ``⚠ Error:`` is ``⚠ Error``); else an English phrase of
    the catalogues it holds (English passed as a value into a Danish text)."""
    for candidate in dict.fromkeys((text, text.strip(" :;,.·—()"))):
        for english, pattern in english_templates():
            if pattern.fullmatch(candidate):
                return english
    found = english_phrases().search(text)
    return f"…{found.group(0)}…" if found else None


VALUES_OK = re.compile(
    r"(?<!\w)'[^']*'(?!\w)"  # a value received, quoted as a refusal shows it: 'x'
    r"|\S*[/\\]\S*"  # a path: exports/fudge-qps.md
    r"|\b[\w.-]+\.(?:md|csv|json|jsonl|html|toml)\b"  # a file's name
    r"|\b\d*×?d(?:F|\d+)\b"  # dice: 3×dF, d6
    r"|\b[0-9a-f]{8,}…?"  # a digest, a seed's commitment
    r"|\b[0-9a-f]{4}(?: [0-9a-f]{4})+\b"  # a journal's head, in groups of four
    r"|\b\d{4}-\d\d-\d\dT[\d:.+-]+Z?"  # a moment, ISO 8601
    r"|\b[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d\s?[AP]M\b"  # one in English (qps)
)
"""Values with letters that are no words: paths, file names, dice, digests, moments."""


def letters_left(text: str, typed: set[str]) -> str:
    """What of ``text`` (outside ``⟦…⟧``) has letters once the table's own names and the
    rule IDs are taken out ('' when nothing does)."""
    text = VALUES_OK.sub(" ", text)
    for name in sorted(typed, key=len, reverse=True):
        text = text.replace(name, " ")
    text = RULE_ID.sub(" ", GLYPHS.sub(" ", text))
    return text.strip() if LETTER.search(text) else ""


def wrapped(text: str) -> list[str]:
    """The inside of every ``⟦…⟧`` of ``text``, at every depth (a nested one is kept
    inside the one around it, and found on its own too)."""
    insides, opened = [], []
    for index, ch in enumerate(text):
        if ch == OPEN:
            opened.append(index)
        elif ch == CLOSE and opened:
            insides.append(text[opened.pop() + 1 : index])
    return insides


@cache
def _english_value(inside: str, typed: frozenset[str]) -> str:
    """The letters of the values of a wrapped message that are not the table's own
    words, a number, a path or a wrapped message themselves (''), judged by the English
    template that leaves the fewest such letters; '' when no template with text of its
    own matches (the message's text is split by markup: nothing to judge)."""
    plain, patterns = template_patterns()
    if inside in plain:
        return ""
    best: str | None = None
    for own, pattern in patterns:
        match = pattern.fullmatch(inside)
        if match is None:
            continue
        left = " ".join(
            part
            for value in match.groups()
            if (part := letters_left(_unwrapped(value), set(typed)))
        )
        if not left:
            return ""
        if own and (best is None or len(left) < len(best)):
            best = left
    return best or ""


def _unwrapped(text: str) -> str:
    """``text`` without its wrapped messages (``⟦…⟧``, nested ones too)."""
    depth, out = 0, ""
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE and depth > 0:
            depth -= 1
        elif depth == 0:
            out += ch
    return out


def allowed(item: dict[str, str]) -> bool:
    for where, (_why, texts) in ALLOWED.items():
        if where in item["where"].split(" < ") and texts.fullmatch(item["text"]):
            return True
    return False


def judge(walks: Walks, step: str, view: str, found: list[dict[str, str]]) -> None:
    """Add what of ``found`` (texts read in ``view``) bypasses the catalogues to ``walks``."""
    walks.steps.append(step)
    walks.nodes += len(found)
    walks.read[view] = walks.read.get(view, 0) + len(found)
    typed = frozenset(walks.typed)
    for item in found:
        key = (item["where"], item["text"])
        if item["lang"] and item["lang"] != walks.language:
            walks.marked.add(key)
            continue
        if allowed(item):
            continue
        if walks.language == "qps":
            bad = letters_left(item["outside"], walks.typed)
            if not bad:
                for inside in wrapped(item["text"]):
                    if left := _english_value(inside, typed):
                        bad = f"English inside ⟦…⟧: {left}"
                        break
        elif item["text"] in walks.typed:
            bad = ""
        else:
            bad = english_in(item["text"]) or ""
        if bad:
            walks.findings.setdefault(key, f"{step} ({item['kind']})")


def walk(nb: Notebook, walks: Walks, step: str, selector: str = TABLE, page: Any = None) -> None:
    """Walk a view (the table by default) now; add what bypasses the catalogues, what is
    cut and a root that does not say its language to ``walks``."""
    walks.typed |= set(json.loads(nb.execute(_TYPED_PY).strip()))
    result: dict[str, Any] | None = (page or nb.page).evaluate(WALK_JS, [selector, OPEN, CLOSE])
    assert result and result["found"], f"{step}: no text in {selector}"
    judge(walks, step, selector, result["found"])
    for item in result["cut"]:
        walks.cut.setdefault(
            (item["where"], item["text"]), f"{step} ({item['need']} px in {item['have']} px)"
        )
    if result["lang"] != walks.language:
        walks.unmarked.setdefault(selector, result["lang"])


# --------------------------------------------------------------------------- exported files


class _Page(HTMLParser):
    """The texts of an HTML page as the walk reads them: text, ``title``, ``aria-label``
    and ``alt``, each with the ``lang`` it is marked with (the page's own: ``<html>``)."""

    VOID = frozenset(
        ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
         "track", "wbr")
    )  # fmt: skip

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []  # (tag, lang)
        self.found: list[dict[str, str]] = []
        self.page_lang = ""

    def _lang(self) -> str:
        return next((lang for _tag, lang in reversed(self.stack) if lang), "")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {name: value or "" for name, value in attrs}
        if tag == "html":
            self.page_lang = named.get("lang", "")
        lang = named.get("lang", "") if tag != "html" else ""
        if tag not in self.VOID:
            self.stack.append((tag, lang))
        for name in ("title", "aria-label", "alt"):
            text = " ".join(named.get(name, "").split())
            if text:
                self._add(name, text, lang or self._lang())

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data: str) -> None:
        if any(tag in ("style", "script") for tag, _ in self.stack):
            return
        text = " ".join(data.split())
        if text:
            self._add("text", text, self._lang())

    def _add(self, kind: str, text: str, lang: str) -> None:
        where = "recap < " + " < ".join(tag for tag, _ in reversed(self.stack[-3:]))
        self.found.append(
            {"kind": kind, "text": text, "outside": _outside(text), "where": where, "lang": lang}
        )


def _outside(text: str) -> str:
    """The part of ``text`` outside ``⟦…⟧``, read as the page's walk reads it."""
    depth, out = 0, ""
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            if depth > 0:
                depth -= 1
            else:
                out = ""
        elif depth == 0:
            out += ch
    return out


def html_texts(page: str) -> tuple[list[dict[str, str]], str]:
    """Every text of an HTML page, and the language its ``<html>`` says."""
    parser = _Page()
    parser.feed(page)
    parser.close()
    return parser.found, parser.page_lang


def markdown_texts(text: str) -> list[dict[str, str]]:
    """Every text of an exported Markdown log: its title and note lines, the heads of
    its table and each cell but the event's data for tools (compact JSON)."""
    found: list[dict[str, str]] = []
    heads: list[str] = []

    def add(where: str, said: str) -> None:
        said = " ".join(said.replace("<br>", " ").split()).strip("*# ")
        if said and not set(said) <= set("-: "):
            found.append(
                {"kind": "text", "text": said, "outside": _outside(said), "where": where,
                 "lang": ""}
            )  # fmt: skip

    for line in text.splitlines():
        if not line.startswith("|"):
            add("markdown", line)
            continue
        cells = [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line)[1:-1]]
        if not heads:
            heads = cells
            for cell in cells:
                add("markdown < head", cell)
            continue
        for head, cell in zip(heads, cells, strict=False):
            if not (cell.startswith("{") and cell.endswith("}")) and not set(cell) <= set("-: "):
                add(f"markdown < {head}", html.unescape(cell))
    return found


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
    """A screenshot at the table's size (1280×800) with ``selector`` at the top of the view;
    the walk then goes on at its tall size."""
    size = nb.page.viewport_size
    nb.page.set_viewport_size(TABLE_SCREEN)
    nb.page.evaluate(f"() => document.querySelector('{selector}').scrollIntoView()")
    nb.page.wait_for_timeout(300)  # the scroll settles; nothing is waited for by time
    nb.screenshot(name)
    if size is not None:
        nb.page.set_viewport_size(size)


def changed(nb: Notebook, css_class: str, before: str) -> None:
    from playwright.sync_api import expect

    expect(nb.widget(css_class).first).not_to_have_text(before, timeout=15_000)


def refused(nb: Notebook, key: str, faces: str, walks: Walks, step: str, shot_of: str) -> None:
    """Type ``faces`` the dice entry ``key`` refuses; walk and photograph the refusal; the
    panel's own classes name it in ``step``."""
    type_enter(nb, f"iw-faces-{key}", faces)
    refusal = nb.page.locator(f"{TABLE} .iw-dice-entry-{key} .iw-msg--error")
    refusal.wait_for(timeout=15_000)
    walk(nb, walks, step)
    shot(nb, shot_of, f"{TABLE} .iw-dice-entry-{key}")


def counts(nb: Notebook) -> list[int]:
    """How many dice each party of the running fight rolls this round, as declared."""
    code = (
        "import json as _j; _h = game.state.active_hurt(); print(_j.dumps([3 + abs(sum("
        "_s.dice for _s in game.roll_preview(_p, _h.declared[_p].skill))) for _p in _h.parties]))"
    )
    found: list[int] = json.loads(nb.execute(code).strip())
    return found


def declare_both(nb: Notebook) -> None:
    """Burke and Hale each declare a crossing action (the table then lists both)."""
    from playwright.sync_api import expect

    for who, skill in ((BURKE, "arguing (2)"), (HALE, "arguing (3)")):
        select(nb, f"iw-fudge-act-skill-{who}", skill)
        select(nb, f"iw-fudge-ability-{who}", say(nb, "ability.fornuft"))
        nb.click(f"iw-fudge-declare-{who}")
    expect(nb.page.locator(f"{TABLE} .iw-fudge-declared li")).to_have_count(2, timeout=15_000)


def read_export(nb: Notebook) -> str:
    """The file the toolbar exported last, read by the kernel that wrote it."""
    code = (
        "import json as _j; print(_j.dumps(table.toolbar.last_export.read_text(encoding='utf-8')))"
    )
    text: str = json.loads(nb.execute(code).strip())
    return text


def export_as(nb: Notebook, fmt: str, language: str) -> None:
    """Export through the toolbar in ``fmt``, chosen by its label in the table's language."""
    from playwright.sync_api import expect

    code = (
        "import json as _j; print(_j.dumps([_l for _l, _v in table.toolbar.export_format.options"
        f" if _v == {fmt!r}][0]))"
    )
    select(nb, "iw-export-format-fudge", json.loads(nb.execute(code).strip()))
    nb.click("iw-export-fudge")
    written = f"fudge-{language}{ {'recap': '-recap.html', 'md': '.md'}[fmt] }"
    expect(nb.page.locator(TABLE)).to_contain_text(written, timeout=15_000)


def play_and_walk(nb: Notebook, walks: Walks, prefix: str, stream: Callable[[], str]) -> None:
    """Play the table after the notebook, walking it after every step; then the
    notebook's Replay, the exported files and the stream page of the session."""
    from playwright.sync_api import expect

    page = nb.page
    page.set_viewport_size(TALL_SCREEN)
    walk(nb, walks, "after the notebook")
    shot(nb, f"{prefix}-1-after-the-notebook")

    # Passive opposition, with an assistance chain and a refusal in the chain panel.
    tab(nb, "table.conflict")
    select(nb, "iw-fudge-kind", say(nb, "conflict.passive"))
    select(nb, "iw-fudge-actor", "Mr. Burke")
    select(nb, "iw-fudge-skill", "holding on (1)")
    nb.click("iw-fudge-open")
    contains(nb, "iw-fudge-before", "Mr. Burke")
    walk(nb, walks, "a passive conflict opened")
    tab(nb, "table.chain")
    select(nb, "iw-fudge-helper", "Scavenger Ota")
    select(nb, "iw-fudge-helper-skill", "holding on (3)")
    contains(nb, "iw-fudge-chain-before", "Scavenger Ota")
    walk(nb, walks, "the chain panel")
    refused(nb, "assist", "0 0", walks, "a refusal in the chain panel", f"{prefix}-2-refusal-chain")
    type_enter(nb, "iw-faces-assist", "- - 0")  # Ota: 3 - 2 = 1, one bonus die for Burke
    contains(nb, "iw-fudge-chain-list", "Scavenger Ota")
    page.locator(f"{TABLE} .iw-dice-entry-assist .iw-msg--error").wait_for(
        state="detached", timeout=15_000
    )
    walk(nb, walks, "the chain rolled")
    tab(nb, "table.conflict")
    before = nb.widget("iw-fudge-conflict-result").inner_text()
    page.locator(f"{TABLE} .iw-roll-conflict").click()  # the kit's own dice
    changed(nb, "iw-fudge-conflict-result", before)
    walk(nb, walks, "the passive conflict rolled")

    # Competing opposition, rolled by the kit's dice.
    select(nb, "iw-fudge-kind", say(nb, "conflict.competing"))
    select(nb, "iw-fudge-actor", "Mr. Burke")
    select(nb, "iw-fudge-skill", "running (2)")
    select(nb, "iw-fudge-opponent", "The guard")
    select(nb, "iw-fudge-opponent-skill", "running (2)")
    nb.click("iw-fudge-open")
    contains(nb, "iw-fudge-before", "The guard")
    walk(nb, walks, "a competing conflict opened")
    before = nb.widget("iw-fudge-conflict-result").inner_text()
    page.locator(f"{TABLE} .iw-roll-conflict").click()
    changed(nb, "iw-fudge-conflict-result", before)
    walk(nb, walks, "the competing conflict rolled")

    # Active opposition: a new argument, a refusal in that panel, then the roll.
    select(nb, "iw-fudge-kind", say(nb, "conflict.active"))
    select(nb, "iw-fudge-actor", "Mr. Burke")
    select(nb, "iw-fudge-skill", "arguing (2)")
    select(nb, "iw-fudge-opponent", "Director Hale")
    select(nb, "iw-fudge-opponent-skill", "arguing (3)")
    nb.click("iw-fudge-open")
    contains(nb, "iw-fudge-before", "Director Hale")
    walk(nb, walks, "an active conflict opened")
    refused(
        nb, "conflict", "x y z / + + +", walks, "a refusal in the conflict panel",
        f"{prefix}-3-refusal-conflict",
    )  # fmt: skip
    type_enter(nb, "iw-faces-conflict", "0 0 0 / + + + +")
    page.locator(f"{TABLE} .iw-dice-entry-conflict .iw-msg--error").wait_for(
        state="detached", timeout=15_000
    )
    contains(nb, "iw-fudge-conflict-result", "Director Hale")
    walk(nb, walks, "the active conflict rolled")

    # Let it hurt: intentions, crossing actions, a refusal in the round panel, 3 rounds.
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
    declare_both(nb)
    walk(nb, walks, "round 1 declared")
    refused(nb, "round", "0 0 0 / + +", walks, "a refusal in the round panel",
            f"{prefix}-4-refusal-round")  # fmt: skip
    # Burke 2 + 0 = 2; Hale keeps + + 0 of seven dice: 3 + 2 = 5. Burke loses by 3.
    type_enter(nb, "iw-faces-round", "0 0 0 / + + 0 0 0 - -")
    contains(nb, "iw-fudge-next-round", say(nb, "lih.next", n=2))
    walk(nb, walks, "round 1 rolled")
    shot(nb, f"{prefix}-5-round-1")
    # Round 2: zeros all round (Burke 2, Hale 3: Burke loses by one).
    declare_both(nb)
    burke_dice, hale_dice = counts(nb)
    type_enter(
        nb, "iw-faces-round", " ".join(["0"] * burke_dice) + " / " + " ".join(["0"] * hale_dice)
    )
    contains(nb, "iw-fudge-next-round", say(nb, "lih.next", n=3))
    walk(nb, walks, "round 2 rolled")
    # Round 3: Burke's dice all +, Hale's zeros (5 against 3: Hale takes the wound).
    declare_both(nb)
    burke_dice, hale_dice = counts(nb)
    type_enter(
        nb, "iw-faces-round", " ".join(["+"] * burke_dice) + " / " + " ".join(["0"] * hale_dice)
    )
    contains(nb, "iw-fudge-round-result", say(nb, "lih.round_result", n=3))
    walk(nb, walks, "round 3 rolled")

    # The toolbar's More, House rules opened, filtered and one setting changed, at 1280×800.
    more = page.locator(".iw-more-toggle-fudge button")
    more.click()
    expect(more).to_have_attribute("aria-expanded", "true", timeout=15_000)
    walk(nb, walks, "More opened")
    rules = page.locator(".iw-rules-toggle-fudge button")
    expect(rules).to_be_visible(timeout=20_000)
    rules.click()
    editor = page.locator(".iw-rules-fudge")
    expect(editor.locator(".iw-rules-title")).to_be_visible(timeout=30_000)
    page.set_viewport_size(TABLE_SCREEN)
    walk(nb, walks, "House rules opened")
    shot(nb, f"{prefix}-6-house-rules", ".iw-rules-fudge")
    editor.locator(".iw-rules-filter-fudge input").fill("DK-A11")
    row = editor.locator(".iw-rule-lasting_penalties_stack")
    expect(row).to_be_visible(timeout=15_000)
    row.locator("button").first.click()
    expect(row).to_contain_text("✎", timeout=15_000)
    walk(nb, walks, "a house rule changed")
    editor.locator(".iw-rules-filter-fudge input").fill("")
    expect(editor.locator(".iw-rule-lasting_penalties_stack")).to_be_visible(timeout=15_000)
    rules.click()
    page.set_viewport_size(TALL_SCREEN)

    # A note, the exports (the log as Markdown, the recap), read back and walked too.
    type_enter(nb, "iw-note-fudge", "the control room goes quiet")
    contains(nb, "iw-log", "the control room goes quiet")
    export_as(nb, "md", walks.language)
    walk(nb, walks, "a note and an export")
    judge(walks, "the exported Markdown", "markdown", markdown_texts(read_export(nb)))
    export_as(nb, "recap", walks.language)
    walk(nb, walks, "the recap exported")
    texts, lang = html_texts(read_export(nb))
    judge(walks, "the exported recap", "recap", texts)
    if lang != walks.language:
        walks.unmarked.setdefault("recap", lang)

    # Every page of the session log, each tab once more, the glossary.
    status = page.locator(f"{TABLE} .iw-log-status")
    older = page.locator(f"{TABLE} .iw-log-older")
    pages = 1
    while older.is_enabled() and pages < 14:  # every page, back to the session's start
        before = status.inner_text()
        older.click()
        expect(status).not_to_have_text(before, timeout=15_000)
        pages += 1
        walk(nb, walks, f"the log's page {pages}")
        if pages == 2:
            shot(nb, f"{prefix}-7-log", f"{TABLE} .iw-log-view")
    assert pages >= 4, pages  # the notebook's conflicts, chain and rounds are in the log
    for key in ("table.chain", "table.conflict", "table.lih"):  # each panel, as it is now
        tab(nb, key)
        walk(nb, walks, f"the {key} tab at the end")
    page.locator(f"{TABLE} .iw-fudge-glossary-view summary").click()
    expect(page.locator(f"{TABLE} .iw-fudge-glossary")).to_be_visible(timeout=15_000)
    walk(nb, walks, "the glossary opened")
    nb.assert_no_errors()

    # The notebook's Replay of the session: at its end, and a beat back.
    scrub = page.locator(f"{REPLAY} input.iw-scrub")
    scrub.scroll_into_view_if_needed()
    nb.press(scrub, "End")
    expect(page.locator(f"{REPLAY} .iw-replay-status")).to_be_visible(timeout=15_000)
    walk(nb, walks, "the Replay at the end", REPLAY)
    status_text = page.locator(f"{REPLAY} .iw-replay-status").inner_text()
    nb.press(scrub, "ArrowLeft")
    expect(page.locator(f"{REPLAY} .iw-replay-status")).not_to_have_text(status_text)
    walk(nb, walks, "the Replay a beat back", REPLAY)
    shot(nb, f"{prefix}-8-replay", REPLAY)

    # The stream page of the session, in the session's language.
    stream_page = page.context.new_page()
    try:
        stream_page.set_viewport_size({"width": 1280, "height": 720})
        stream_page.goto(f"{stream()}?size=1280x720&language={walks.language}",
                         wait_until="commit")  # fmt: skip
        stream_page.wait_for_function(STREAM_READY_JS, timeout=180_000)
        stream_page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState === 'finished')",
            timeout=15_000,
        )
        walk(nb, walks, "the stream page", ".iw-stream", stream_page)
        SCREENSHOTS.mkdir(exist_ok=True)
        stream_page.screenshot(path=str(SCREENSHOTS / f"{prefix}-9-stream.png"))
    finally:
        stream_page.close()


@contextlib.contextmanager
def stream_of(lab_server: LabServer, language: str, log: Path) -> Iterator[Callable[[], str]]:
    """The stream server of the notebook's session, started now in the background (its
    first answer takes a while); yields what waits for it and gives its address."""
    server = StreamServer(lab_server.root / "sessions" / f"fudge-{language}.jsonl", 0, log=log)
    starting = threading.Thread(target=server.__enter__, daemon=True)
    starting.start()

    def url() -> str:
        starting.join(timeout=200)
        assert server.process is not None, f"the stream server did not start: {log}"
        return server.url

    try:
        yield url
    finally:
        starting.join(timeout=200)
        server.__exit__(None, None, None)


def walk_the_table(
    burke_in: Callable[[str], Notebook], lab_server: LabServer, tmp_path: Path, language: str,
    prefix: str,
) -> Walks:  # fmt: skip
    nb = burke_in(language)
    nb.run_all()
    walks = Walks(language)
    with stream_of(lab_server, language, tmp_path / "stream.log") as stream:
        play_and_walk(nb, walks, prefix, stream)
    print(walks.summary())
    return walks


def test_the_pseudo_language_walk_finds_only_catalogue_words(
    burke_in: Callable[[str], Notebook], lab_server: LabServer, tmp_path: Path
) -> None:
    walks = walk_the_table(burke_in, lab_server, tmp_path, "qps", "pseudo-language")
    assert walks.nodes > 1000, walks.nodes  # the walk saw the table, not an empty page
    assert set(walks.read) == {TABLE, REPLAY, ".iw-stream", "markdown", "recap"}, walks.read
    assert walks.marked, "the glossary's columns were not seen"
    assert all("iw-fudge-glossary-view" in where for where, _ in walks.marked), sorted(walks.marked)
    assert walks.clean(), walks.report()


def test_the_danish_walk_finds_no_english_catalogue_string(
    burke_in: Callable[[str], Notebook], lab_server: LabServer, tmp_path: Path
) -> None:
    walks = walk_the_table(burke_in, lab_server, tmp_path, "da", "danish-walk")
    assert walks.nodes > 1000, walks.nodes
    assert set(walks.read) == {TABLE, REPLAY, ".iw-stream", "markdown", "recap"}, walks.read
    assert all("iw-fudge-glossary-view" in where for where, _ in walks.marked), sorted(walks.marked)
    assert walks.clean(), walks.report()
