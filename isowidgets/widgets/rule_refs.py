"""Rule references shown or hidden everywhere on a table, by one toggle on its toolbar.

The kit cites the rule texts as it plays them: ``(ISO-R23)``, ``[IMP-R09]``,
``ISO-R15: once spoken…``, ``(DK-A04)``. A teacher and a designer want them (which rule
said so?); a GM at the table reads past them. One toggle on the toolbar (**Rule
references**, :class:`~.toggle.PressToggle`, ``aria-pressed``) shows or hides them in
every part of the table at once: panels, steps, explanations, messages the engine
wrote, the log, tooltips.

The hiding is done in the page, so nothing is redrawn in the kernel and every view of
the table (its panels, the engine's own messages) follows without knowing about it:
:class:`RuleRefs` is a small invisible anywidget that finds the table it is in (the
outermost kit panel around it), wraps each reference in the text there in a
``<span class="iw-ref">`` (watching for new text as the table changes), and marks the
table ``iw-refs-hidden`` while the toggle is off; the kit's stylesheet then hides
those spans. A parenthesised group made of references only (``(ISO-R18, ISO-R20)``)
goes whole, and so does a reference leading a sentence (``ISO-R15: ``); tooltips lose
them too (and get them back). The house-rules editor (``iw-refs-keep``) keeps its IDs:
there they are the settings' names. Dropdown options are plain text in the page and
keep theirs.
"""

from __future__ import annotations

import json
import re

import anywidget
import traitlets

__all__ = ["REF_PATTERN", "RuleRefs", "strip_refs"]

REF = r"(?:T-ISO-\d+|(?:ISO|IMP|DK|WTWD)-[A-Z]{0,2}\d+[a-z]?)"
"""One rule reference: an ID of the rules digest (``ISO-R23``, ``IMP-R18a``, ``DK-A04``,
``WTWD-A03``, ``T-ISO-1``)."""

REF_PATTERN = re.compile(
    rf"\s?[(\[]{REF}(?:\s*(?:,|;|and|\.\.|–)\s*(?:{REF}|[A-Z]?\d+[a-z]?))*[)\]]"
    rf"|\b{REF}(?:\s*(?:\.\.|–)\s*[A-Z]?\d+[a-z]?)?(?::\s|\b)"
)
"""What :func:`strip_refs` and the page hide: a group in brackets made of references only
(with the space before it), else a reference alone (with a colon after it)."""


def strip_refs(text: str) -> str:
    """``text`` as it reads with rule references hidden (what the page shows then)."""
    return REF_PATTERN.sub("", text)


_ESM = (
    f"const PATTERN = new RegExp({json.dumps(REF_PATTERN.pattern)}, 'g');\n"
    + r"""
const SKIP = new Set(["SCRIPT", "STYLE", "OPTION", "SELECT", "TEXTAREA", "INPUT"]);

function wrap(node) {
  // Wrap every reference in the text node in a span the stylesheet can hide.
  const text = node.nodeValue;
  PATTERN.lastIndex = 0;
  if (!PATTERN.test(text)) return;
  PATTERN.lastIndex = 0;
  const parts = document.createDocumentFragment();
  let at = 0;
  for (const match of text.matchAll(PATTERN)) {
    if (match.index > at) parts.append(text.slice(at, match.index));
    const span = document.createElement("span");
    span.className = "iw-ref";
    span.textContent = match[0];
    parts.append(span);
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.append(text.slice(at));
  node.replaceWith(parts);
}

function scan(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      const up = node.parentElement;
      if (!up || SKIP.has(up.tagName) || up.closest(".iw-ref, .iw-refs-keep")) {
        return NodeFilter.FILTER_REJECT;
      }
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  const found = [];
  while (walker.nextNode()) found.push(walker.currentNode);
  found.forEach(wrap);
}

function titles(root, shown) {
  for (const el of root.querySelectorAll("[title]")) {
    if (el.closest(".iw-refs-keep")) continue;
    const title = el.getAttribute("title");
    if (!shown) {
      PATTERN.lastIndex = 0;
      const plain = title.replace(PATTERN, "");
      if (plain !== title) {
        el.dataset.iwTitle = title;
        el.setAttribute("title", plain);
      }
    } else if (el.dataset.iwTitle !== undefined) {
      el.setAttribute("title", el.dataset.iwTitle);
      delete el.dataset.iwTitle;
    }
  }
}

function render({ model, el }) {
  el.style.display = "none";
  el.classList.add("iw-rule-refs");
  let tries = 0;
  let root = null;
  let observer = null;
  const apply = () => {
    if (!root) return;
    const shown = model.get("shown");
    root.classList.toggle("iw-refs-hidden", !shown);
    scan(root);
    titles(root, shown);
  };
  const attach = () => {
    // The table: the outermost kit panel around this widget.
    let up = el.isConnected ? el.parentElement : null;
    while (up) {
      if (up.classList.contains("iw-panel")) root = up;
      if (up.classList.contains("jp-OutputArea-output")) break;
      up = up.parentElement;
    }
    if (!root) root = el.parentElement && el.parentElement.closest(".iw-kit");
    if (!root) {
      if (++tries < 600) setTimeout(attach, 50);
      return;
    }
    apply();
    let pending = false;
    observer = new MutationObserver(() => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        observer.disconnect();
        apply();
        observer.observe(root, OPTIONS);
      });
    });
    observer.observe(root, OPTIONS);
  };
  const OPTIONS = { childList: true, subtree: true, characterData: true,
                    attributes: true, attributeFilter: ["title"] };
  model.on("change:shown", apply);
  attach();
  return () => {
    model.off("change:shown", apply);
    if (observer) observer.disconnect();
  };
}

export default { render };
"""
)


class RuleRefs(anywidget.AnyWidget):
    """Invisible: shows or hides the rule references of the table it is placed in.

    Attributes:
        shown: whether references are shown (the toolbar's toggle sets it).
    """

    _esm = _ESM
    shown = traitlets.Bool(False).tag(sync=True)
