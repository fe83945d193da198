"""The catalogue files and their check: extract the English from the code, keep the
translations in step, and say what keeps a catalogue from being complete.

``make catalogues`` runs :func:`write_templates` (every ``<domain>.pot`` from the code)
and :func:`update_translations` (each language's PO files merged with the templates by
Babel: a new key is added untranslated, a changed English text marks its translation
fuzzy). ``tests/unit/test_words.py`` runs :func:`problems`, which fails the build on
any of them:

* a template out of step with the code (run ``make catalogues``);
* one key with two different English texts, a key whose domain has no catalogue name,
  a template with a format spec, a conversion or a positional ``{}``;
* in a language's PO file: a key missing, an empty or fuzzy translation, a translation
  of an English text that has changed since, an entry no longer in the code, or a
  translation that fills other ``{placeholders}`` than the English.

A message's key and template(s) are literals in a call (``msg``, ``plural``, or an
error raised with ``(key, template, ...)``), found by reading every module's syntax
tree: nothing is imported or run. A widget catalogue's labels are a literal dict in a
call of :data:`LABELS` (``catalogue("kit", {"kit.undo": "Undo", ...})``): each entry is
the message ``<domain>.<label key>`` (a label key already starting with
``<domain>.`` is its own message key) with the English as its template.
"""

from __future__ import annotations

import ast
import io
import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from .catalogues import LANGUAGE_NAMES, LOCALE_DIR, PSEUDO
from .message import is_key

__all__ = [
    "DOMAINS",
    "Found",
    "extract",
    "placeholders",
    "problems",
    "update_translations",
    "write_templates",
]

PACKAGE = Path(__file__).resolve().parent.parent

DOMAINS = (
    "checks",
    "core",
    "dice",
    "exercises",
    "fudge_conflict",
    "impact",
    "isolation",
    "journal",
    "kit",
    "odds",
    "replay",
    "settings",
    "stream",
    "tray",
    "verify",
    "watch_the_world_die",
    "workshop",
)
"""The catalogues, one a concept of the kit or a system; a key's first part names one."""

_HEADER = "isowidgets: what the kit says to a person"

LABELS = "catalogue"
"""The function whose call ``(domain, {label key: English, ...})`` declares a widget
catalogue's labels (:func:`isowidgets.widgets.i18n.catalogue`)."""


@dataclass
class Found:
    """One message as the code writes it."""

    key: str
    template: str
    plural: str = ""
    places: list[tuple[str, int]] = field(default_factory=list)


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _callee(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def label_key(domain: str, key: str) -> str:
    """The message key of the label ``key`` in the catalogue of ``domain``."""
    return key if key.startswith(f"{domain}.") else f"{domain}.{key}"


def _labels(node: ast.Call) -> Iterator[tuple[int, str, str, str]]:
    """The labels of a ``catalogue(domain, {key: English})`` call; an entry that is
    not two string literals gives an empty key (reported, never skipped)."""
    domain = _literal(node.args[0])
    table = node.args[1]
    if domain is None or not isinstance(table, ast.Dict):
        yield node.lineno, "", "", ""
        return
    for key_node, value_node in zip(table.keys, table.values, strict=True):
        key = _literal(key_node) if key_node is not None else None
        text = _literal(value_node)
        if key is None or text is None:
            yield value_node.lineno, "", "", ""
            continue
        yield value_node.lineno, label_key(domain, key), text, ""


def _messages(tree: ast.AST) -> Iterator[tuple[int, str, str, str]]:
    """``(line, key, template, plural)`` of every message call in ``tree``."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or len(node.args) < 2:
            continue
        if _callee(node) == LABELS:
            yield from _labels(node)
            continue
        key, template = _literal(node.args[0]), _literal(node.args[1])
        if key is None or template is None or not is_key(key) or is_key(template):
            continue  # two keys side by side (a toggle's two labels) are no message
        plural = ""
        if _callee(node) == "plural":
            third = _literal(node.args[2]) if len(node.args) > 2 else None
            plural = third or ""
        yield node.lineno, key, template, plural


def _parse(source: str, where: str) -> ast.Module:
    """``source``'s syntax tree. CPython before 3.11.8 and 3.12.1 keeps the depth it
    checks while building a tree in state that threads share (CPython issue 106905), so a
    parse racing another thread's can fail with a ``SystemError`` that says nothing about
    the source: parsing is pure, so it is tried again."""
    for attempt in range(3):
        try:
            return ast.parse(source, filename=where)
        except SystemError as error:
            if "recursion depth mismatch" not in str(error) or attempt == 2:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def extract(root: Path = PACKAGE) -> tuple[dict[str, Found], list[str]]:
    """Every message of the package under ``root``, by key, and what is wrong with them."""
    found: dict[str, Found] = {}
    wrong: list[str] = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root.parent).as_posix()
        tree = _parse(path.read_text(encoding="utf-8"), where)
        for line, key, template, plural in _messages(tree):
            if not key:
                wrong.append(
                    f"{where}:{line}: a label of {LABELS}(domain, {{key: English}}) is not "
                    "a string literal, so it cannot be extracted"
                )
                continue
            if not is_key(key):
                wrong.append(f"{where}:{line}: the label key {key!r} is not a message key")
                continue
            held = found.get(key)
            if held is None:
                found[key] = Found(key, template, plural, [(where, line)])
                continue
            if (held.template, held.plural) != (template, plural):
                wrong.append(
                    f"{where}:{line}: {key!r} is written {template!r} here and "
                    f"{held.template!r} at {held.places[0][0]}:{held.places[0][1]}"
                )
            held.places.append((where, line))
    for message in found.values():
        domain = message.key.split(".", 1)[0]
        place = f"{message.places[0][0]}:{message.places[0][1]}"
        if domain not in DOMAINS:
            wrong.append(f"{place}: {message.key!r} is in no catalogue (domains: {DOMAINS})")
        for text in filter(None, (message.template, message.plural)):
            problem = _template_problem(text)
            if problem:
                wrong.append(f"{place}: {message.key!r}: {problem}")
    return found, wrong


def placeholders(text: str) -> set[str]:
    """The ``{placeholder}`` names ``text`` fills (``"round {n}"`` → ``{"n"}``)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _template_problem(text: str) -> str:
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError as exc:
        return f"not a template ({exc}): {text!r}"
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if name == "" or name.isdigit():
            return f"a positional placeholder in {text!r}; name every value"
        if spec or conversion:
            return (
                f"{{{name}}} carries a format ({conversion or ''}{spec or ''}) in {text!r}; "
                "the renderer writes numbers the reader's way"
            )
        if not name.isidentifier():
            return f"{{{name}}} is not a plain name in {text!r}"
    return ""


def _template_catalog(domain: str, messages: Iterable[Found]) -> Catalog:
    catalog = Catalog(domain=domain, project="isowidgets", header_comment=f"# {_HEADER}: {domain}.")
    for message in sorted(messages, key=lambda m: m.key):
        msgid: str | tuple[str, str] = (
            (message.template, message.plural) if message.plural else message.template
        )
        catalog.add(
            msgid,
            context=message.key,
            locations=message.places,
            flags=("python-brace-format",) if placeholders(message.template) else (),
        )
    return catalog


def _dump(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=True)
    return out.getvalue()


def _by_domain(found: dict[str, Found]) -> dict[str, list[Found]]:
    domains: dict[str, list[Found]] = {}
    for message in found.values():
        domains.setdefault(message.key.split(".", 1)[0], []).append(message)
    return domains


def _stable(data: bytes) -> bytes:
    """A catalogue's bytes without the header lines that change on every write."""
    return b"\n".join(
        line
        for line in data.splitlines()
        if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date', b'"Generated-By'))
    )


def write_templates(root: Path = PACKAGE, locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Write every domain's ``.pot`` from the code; a file whose entries did not change
    is left alone. Returns the files written."""
    found, wrong = extract(root)
    if wrong:
        raise ValueError("the messages cannot be extracted:\n" + "\n".join(wrong))
    written = []
    locale_dir.mkdir(parents=True, exist_ok=True)
    for domain, messages in sorted(_by_domain(found).items()):
        target = locale_dir / f"{domain}.pot"
        data = _dump(_template_catalog(domain, messages))
        if target.is_file() and _stable(target.read_bytes()) == _stable(data):
            continue
        target.write_bytes(data)
        written.append(target)
    return written


def _read(path: Path, language: str | None = None, domain: str | None = None) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle, locale=language, domain=domain)


def update_translations(language: str, locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Merge each template into ``language``'s PO file of the same domain (where the
    language has one): new keys untranslated, changed English marked fuzzy, entries no
    longer in the code dropped. Returns the files written."""
    written = []
    folder = locale_dir / language / "LC_MESSAGES"
    for source in sorted(folder.glob("*.po")):
        template = locale_dir / f"{source.stem}.pot"
        if not template.is_file():
            continue
        catalog = _read(source, language, source.stem)
        catalog.update(_read(template), no_fuzzy_matching=True)
        catalog.obsolete.clear()
        data = _dump(catalog)
        if _stable(source.read_bytes()) != _stable(data):
            source.write_bytes(data)
            written.append(source)
    return written


def problems(root: Path = PACKAGE, locale_dir: Path = LOCALE_DIR) -> list[str]:
    """What keeps the catalogues from being complete and in step with the code."""
    found, wrong = extract(root)
    domains = _by_domain(found)
    for domain, messages in sorted(domains.items()):
        target = locale_dir / f"{domain}.pot"
        expected = _template_catalog(domain, messages)
        if not target.is_file():
            wrong.append(f"{target.name} is missing. Tip: make catalogues")
            continue
        held = _read(target)
        if {(m.context, m.id) for m in held if m.id} != {
            (m.context, m.id) for m in expected if m.id
        }:
            wrong.append(f"{target.name} is out of step with the code. Tip: make catalogues")
    for stale in sorted(locale_dir.glob("*.pot")):
        if stale.stem not in domains:
            wrong.append(f"{stale.name} holds no message of the code any more")
    for language in LANGUAGE_NAMES:
        if language in ("en", PSEUDO):
            continue
        folder = locale_dir / language / "LC_MESSAGES"
        for source in sorted(folder.glob("*.po")) if folder.is_dir() else []:
            wrong += _language_problems(language, source, domains.get(source.stem, []))
    return wrong


def _language_problems(language: str, source: Path, messages: list[Found]) -> list[str]:
    name = f"{language}/{source.name}"
    catalog = _read(source, language, source.stem)
    wanted = {m.key: m for m in messages}
    held = {entry.context: entry for entry in catalog if entry.id and entry.context}
    wrong = [f"{name}: no translation of {key!r}" for key in sorted(wanted.keys() - held.keys())]
    wrong += [
        f"{name}: {key!r} is not in the code any more"
        for key in sorted(held.keys() - wanted.keys())
    ]
    for key in sorted(wanted.keys() & held.keys()):
        message, entry = wanted[key], held[key]
        english = (message.template, message.plural) if message.plural else message.template
        if entry.id != english:
            wrong.append(f"{name}: {key!r} translates an older English text {entry.id!r}")
            continue
        if entry.fuzzy:
            wrong.append(f"{name}: the translation of {key!r} is marked fuzzy")
        raw = list(entry.string) if isinstance(entry.string, tuple | list) else [entry.string]
        texts = [text for text in raw if isinstance(text, str) and text.strip()]
        if not texts or len(texts) != len(raw):
            wrong.append(f"{name}: the translation of {key!r} is empty")
            continue
        needed = placeholders(message.template) | placeholders(message.plural)
        if message.plural and set().union(*map(placeholders, texts)) != needed:
            wrong.append(
                f"{name}: the plural forms of {key!r} leave out a placeholder of {sorted(needed)}"
            )
        for text in texts:
            problem = _template_problem(text)
            if problem:
                wrong.append(f"{name}: {key!r}: {problem}")
            elif placeholders(text) - needed or (
                not message.plural and placeholders(text) != needed
            ):
                wrong.append(
                    f"{name}: {key!r} fills {sorted(placeholders(text))}, the English "
                    f"{sorted(needed)}"
                )
    return wrong


def main() -> int:
    """``make catalogues``: write the templates, then merge them into every language."""
    for path in write_templates():
        print(f"wrote {path.relative_to(PACKAGE.parent)}")
    for language in LANGUAGE_NAMES:
        if language not in ("en", PSEUDO):
            for path in update_translations(language):
                print(f"updated {path.relative_to(PACKAGE.parent)}")
    left = problems()
    for problem in left:
        print(problem)
    return 1 if left else 0


if __name__ == "__main__":
    raise SystemExit(main())
