"""Sphinx configuration of the isowidgets documentation (``make docs``).

Built with warnings as errors (``sphinx-build -W --keep-going -n``): a docstring role
that names nothing, a page missing from every table of contents or a broken link
inside the site fails the build. Nothing is fetched: no intersphinx inventory, no
notebook executed (the notebooks are shown with the outputs they were saved with).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from sphinx.ext.napoleon.docstring import GoogleDocstring  # noqa: E402

from isowidgets.version import __version__  # noqa: E402

project = "isowidgets"
author = "isowidgets developers"
copyright = "isowidgets developers; Watch the World Die's tables: Tod Foley (copyleft)"
release = version = __version__

extensions = [
    "myst_nb",  # Markdown pages (MyST) and the notebooks, read with their saved outputs
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
]

# A cross-reference that names nothing is an error (with -W), the docstrings' roles included.
nitpicky = True
# Names outside the kit: with no inventory fetched (the build is offline), Sphinx has no
# page to link them to. Each is a real class of the library named, shown as code.
nitpick_ignore = [
    # Python's standard library, named by the annotations and docstrings.
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "fractions.Fraction"),
    ("py:class", "types.SimpleNamespace"),
    ("py:func", "len"),
    ("py:meth", "str.format"),
    # The widget classes the kit's panels are built from (ipywidgets' base classes).
    ("py:class", "ipywidgets.widgets.widget_box.VBox"),
    ("py:class", "ipywidgets.widgets.widget_box.HBox"),
    ("py:class", "ipywidgets.widgets.widget_string.HTML"),
    # The settings and journal events are pydantic models.
    ("py:class", "pydantic.main.BaseModel"),
    # The odds lab returns its readings side by side as a pandas table.
    ("py:class", "pandas.DataFrame"),
]

exclude_patterns = [
    "_build",
    "workshop/z2jh-chart-4.4.0",  # the Zero to JupyterHub chart's own files (schema, README)
    "notebooks/sessions",
    "notebooks/exports",
    "notebooks/exercises",  # saved with their solutions: a course hands out its own copy
    "**.ipynb_checkpoints",
]

# The notebooks as saved: myst-nb shows their outputs and runs nothing (a widget output,
# saved without its state, shows its plain-text line).
nb_execution_mode = "off"
# The odds lab's saved plotly charts carry only plotly's own JSON, which a static page
# cannot draw without plotly's script: myst-nb leaves such an output out (saying so in
# a warning, which is all it can do). The notebook itself draws them when run.
suppress_warnings = ["mystnb.unknown_mime_type"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# The API reference (docs/api/): the public modules, generated from their docstrings.
# Each object once, where it is defined (a package re-exporting it names it in its __all__;
# documented there too, every short cross-reference to it would find two targets).
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "none"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
# A "Returns:" section is prose here (the return type is the annotation); read as Google
# style's "type: description", its first clause would become a type to cross-reference.
napoleon_custom_sections = ["Returns"]

html_theme = "furo"
html_title = f"isowidgets {release}"
html_static_path = ["_static"]


_ATTRIBUTES = ("data", "attribute", "property")
_AS_WRITTEN: dict[str, list[str]] = {}


def _keep_as_written(app, what, name, obj, options, lines) -> None:  # type: ignore[no-untyped-def]
    """Before napoleon: keep an attribute's docstring as written (see below)."""
    if what in _ATTRIBUTES:
        _AS_WRITTEN[name] = list(lines)


def _attribute_sentences(app, what, name, obj, options, lines) -> None:  # type: ignore[no-untyped-def]
    """After napoleon: read a data, attribute or property docstring as any other.

    Napoleon reads such a docstring's first line ``words: more words`` as Google style's
    inline ``type: description``; the kit gives types as annotations and its first lines
    are sentences ("A Fudge die: -1, 0 or +1"), so the docstring is read again, by
    napoleon's own Google reader, as a plain docstring (its sections still parsed)."""
    written = _AS_WRITTEN.pop(name, None)
    if what in _ATTRIBUTES and written is not None:
        lines[:] = GoogleDocstring(written, app.config, app, "", "", obj, options).lines()


def _named_object(target: str, module: str, specific: bool) -> str | None:
    """The dotted name of the kit's object that ``target`` names, seen from ``module``
    (Python's own lookup: a leading dot searches from the module outwards), or ``None``."""
    scopes = [""]
    if module:
        parts = module.split(".")
        scopes = [".".join(parts[:n]) for n in range(len(parts), 0, -1)] + [""]
    for scope in scopes:
        name = f"{scope}.{target}" if scope else target
        if not name.startswith("isowidgets"):
            continue
        found = _import(name)
        if found is not None:
            return name
    return None


def _import(name: str) -> object | None:
    parts = name.split(".")
    for split in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        try:
            for attribute in parts[split:]:
                found = getattr(found, attribute)
        except AttributeError:
            return None
        return found
    return None


def _internal_reference(app, env, node, contnode):  # type: ignore[no-untyped-def]
    """A docstring's reference to a real object of the kit that the reference leaves out
    (an internal module, a re-exported name): linked to the object's own page when it has
    one, else printed as code. A reference naming nothing is left unresolved, so the
    build fails on it."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    name = _named_object(target, node.get("py:module") or "", bool(node.get("refspecific")))
    if name is None and node.get("py:class"):
        name = _named_object(f"{node['py:class']}.{target}", node.get("py:module") or "", True)
    if name is None:
        return None
    found = _import(name)
    canonical = getattr(found, "__module__", None), getattr(found, "__qualname__", None)
    domain = env.get_domain("py")
    if all(canonical) and f"{canonical[0]}.{canonical[1]}" != name:
        retry = node.deepcopy()
        retry["reftarget"] = f"{canonical[0]}.{canonical[1]}"
        retry["refspecific"] = False
        resolved = domain.resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], retry["reftarget"], retry, contnode
        )
        if resolved is not None:
            return resolved
    return contnode


def setup(app):  # type: ignore[no-untyped-def]
    # Around napoleon's own handler (priority 500).
    app.connect("autodoc-process-docstring", _keep_as_written, priority=400)
    app.connect("autodoc-process-docstring", _attribute_sentences, priority=600)
    app.connect("missing-reference", _internal_reference)
