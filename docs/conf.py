"""Sphinx configuration of the isowidgets documentation (``make docs``).

Built with warnings as errors (``sphinx-build -W --keep-going -n``): a docstring role
that names nothing, a page missing from every table of contents or a broken link
inside the site fails the build. Nothing is fetched: no intersphinx inventory, no
notebook executed (the notebooks are shown with the outputs they were saved with).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from sphinx.errors import PycodeError  # noqa: E402
from sphinx.ext.napoleon.docstring import GoogleDocstring  # noqa: E402
from sphinx.pycode import ModuleAnalyzer  # noqa: E402

from isowidgets.version import __version__  # noqa: E402

project = "isowidgets"
author = "isowidgets developers"
copyright = "isowidgets developers; Watch the World Die's tables: Tod Foley (copyleft)"
release = version = __version__

extensions = [
    "myst_nb",  # Markdown pages (MyST) and the notebooks, read with their saved outputs
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",  # the API reference's page per module (docs/api/generated/)
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
    ("py:class", "datetime.datetime"),
    ("py:mod", "reprlib"),
    ("py:mod", "secrets"),
    ("py:func", "len"),
    ("py:meth", "str.format"),
    # The widget classes the kit's panels are built from (ipywidgets' base classes).
    ("py:class", "ipywidgets.widgets.widget_box.VBox"),
    ("py:class", "ipywidgets.widgets.widget_box.HBox"),
    ("py:class", "ipywidgets.widgets.widget_string.HTML"),
    ("py:class", "ipywidgets.HTML"),
    ("py:meth", "ipywidgets.DOMWidget.focus"),
    # The workshop's hub and server are built on JupyterHub's and Jupyter Server's classes.
    ("py:class", "jupyterhub.authenticators.shared.SharedPasswordAuthenticator"),
    ("py:meth", "ZMQChannelsWebsocketConnection.connect"),
    # The settings and journal events are pydantic models.
    ("py:class", "pydantic.main.BaseModel"),
    # The odds lab returns its readings side by side as a pandas table.
    ("py:class", "pandas.DataFrame"),
    # Base classes from other libraries, named in "Bases:" lines.
    ("py:class", "anywidget.widget.AnyWidget"),
    ("py:class", "ipywidgets.widgets.widget_selection.Dropdown"),
    (
        "py:class",
        "jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection",
    ),
    ("py:class", "jupyterhub.spawner.SimpleLocalProcessSpawner"),
    # What the journal's roll field is an alias of (pydantic's validator, serializer and
    # schema, around the kit's private converters): its "alias of" line names them.
    ("py:class", "pydantic.functional_validators.PlainValidator"),
    ("py:class", "pydantic.functional_serializers.PlainSerializer"),
    ("py:class", "pydantic.json_schema.WithJsonSchema"),
    ("py:class", "lambda"),
]
nitpick_ignore_regex = [
    # A type variable (``S``, the state type of a generic class) names no object to read.
    (r"py:(class|obj)", r"(isowidgets(\.\w+)*\.)?[A-Z]"),
    # A private name (``_Data``, a base class the reference leaves out, as it leaves out
    # every name starting with "_") is shown as code.
    (r"py:(class|obj)", r"isowidgets(\.\w+)*\._\w+"),
]

exclude_patterns = [
    "_build",
    "workshop/z2jh-chart-4.4.0",  # the Zero to JupyterHub chart's own files (schema, README)
    "notebooks/sessions",
    "notebooks/exports",
    "notebooks/exercises/sessions",
    "**.ipynb_checkpoints",
]

# The notebooks as saved: myst-nb shows their outputs and runs nothing (a widget output,
# saved without its state, shows its plain-text line).
nb_execution_mode = "off"
# The odds lab's plotly charts are saved as plotly's own JSON, which myst-nb does not
# draw: as each notebook is read, every such output is replaced by HTML drawing it with
# plotly.js (the figure written by ``plotly.io.to_json``), and the pages showing one load
# plotly.js, written from the installed plotly package into the site (no CDN: the build
# and the site are offline).
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# The API reference (docs/api/): every public module of the package, a page each, written
# by autosummary into docs/api/generated/ (from docs/_templates/autosummary/module.rst) at
# each build; a name starting with "_" is internal and left out.
# Each object once, where it is defined (a package re-exporting it names it in its __all__;
# documented there too, every short cross-reference to it would find two targets).
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    "ignore-module-all": True,
}
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
templates_path = ["_templates"]
autosummary_generate = True


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


def _attributes_described(app, what, name, obj, options, lines) -> None:  # type: ignore[no-untyped-def]
    """After napoleon: an entry of a class's "Attributes:" section naming an attribute
    the class itself defines (a field, a class attribute, an annotated or documented
    ``self.name``), which autodoc documents as a member too, is left out of the index,
    so a cross-reference to it finds one target. Any other instance attribute is
    documented by its entry alone."""
    if what not in ("class", "exception"):
        return
    own = set(vars(obj)) | set(vars(obj).get("__annotations__", {}))
    # and what autodoc finds in the source: ``self.name: type = ...``, a documented one
    try:
        analyzer = ModuleAnalyzer.for_module(obj.__module__)
        analyzer.analyze()
    except PycodeError:  # a class of a module without Python source (a C builtin)
        return
    for scope, attribute in [*analyzer.annotations, *analyzer.attr_docs]:
        if scope == obj.__qualname__:
            own.add(attribute)
    for at in range(len(lines) - 1, -1, -1):
        directive = lines[at].lstrip()
        if directive.startswith(".. attribute:: "):
            names = directive.removeprefix(".. attribute:: ").split(", ")
            if all(attribute.strip() in own for attribute in names):
                indent = lines[at][: len(lines[at]) - len(directive)]
                lines.insert(at + 1, f"{indent}   :no-index:")


PLOTLY = "application/vnd.plotly.v1+json"
PLOTLY_JS = "plotly.min.js"


def _plotly_as_html(app, docname, source) -> None:  # type: ignore[no-untyped-def]
    """A notebook's plotly outputs, each as its HTML: a div, and the call drawing the
    figure into it once the page is read (plotly.js comes last in a furo page)."""
    if not str(app.env.doc2path(docname)).endswith(".ipynb") or PLOTLY not in source[0]:
        return
    import plotly.io

    notebook = json.loads(source[0])
    outputs = [o for cell in notebook["cells"] for o in cell.get("outputs", ())]
    for number, output in enumerate(outputs):
        data = output.get("data", {})
        if PLOTLY in data:  # replaced: myst-nb renders every type of a bundle it is given
            figure = data.pop(PLOTLY)
            # plotly's JSON escapes "<", ">" and "/": nothing in it can end the script
            spec = plotly.io.to_json(figure, validate=False)
            height = figure.get("layout", {}).get("height", 450)
            div = f"plotly-{docname.replace('/', '-')}-{number}"  # the same at each build
            data["text/html"] = (
                f'<div id="{div}" class="plotly-graph-div" style="height:{height}px"></div>'
                f'<script>document.addEventListener("DOMContentLoaded", () => {{'
                f" const figure = {spec};"
                f' Plotly.newPlot("{div}", figure.data, figure.layout, {{responsive: true}});'
                f" }});</script>"
            )
    source[0] = json.dumps(notebook)


def _forget_removed_modules(app) -> None:  # type: ignore[no-untyped-def]
    """Before autosummary writes the module pages: remove the page of a module that is
    gone (renamed or deleted since the last build here), which would otherwise stay in
    ``docs/api/generated/`` in no table of contents and fail the build."""
    import importlib.util

    for page in (DOCS / "api" / "generated").glob("isowidgets*.rst"):
        try:
            found = importlib.util.find_spec(page.stem) is not None
        except ImportError:  # its package is gone too
            found = False
        if not found:
            page.unlink()


EXERCISE_NOTE = """:::{note}
An exercise of the workshop, shown as saved: this is the teacher's copy, so each
answer cell holds its solution and each self-check shows the ✓ it gives for it.
Participants get it with the solutions cleared ({doc}`Teaching a workshop </workshop>`).
:::"""


def _exercise_note(app, docname, source) -> None:  # type: ignore[no-untyped-def]
    """An exercise notebook's page says, under its title, that it is an exercise."""
    if not docname.startswith("notebooks/exercises/"):
        return
    notebook = json.loads(source[0])
    note = {"cell_type": "markdown", "id": "exercise-note", "metadata": {}, "source": EXERCISE_NOTE}
    notebook["cells"].insert(1, note)
    source[0] = json.dumps(notebook)


def _plotly_script(app, pagename, templatename, context, doctree) -> None:  # type: ignore[no-untyped-def]
    """plotly.js on the pages that draw a chart (on those only: it is 4.6 MB)."""
    if "plotly-graph-div" in context.get("body", ""):
        app.add_js_file(PLOTLY_JS)


def _write_plotly_js(app, exception) -> None:  # type: ignore[no-untyped-def]
    """plotly.js from the installed plotly package, into the site's ``_static``."""
    if exception is not None or app.builder.format != "html":
        return
    from plotly.offline import get_plotlyjs

    target = Path(app.outdir) / "_static" / PLOTLY_JS
    script = get_plotlyjs()
    if not target.exists() or target.read_text(encoding="utf-8") != script:
        target.write_text(script, encoding="utf-8")


def setup(app):  # type: ignore[no-untyped-def]
    app.connect("builder-inited", _forget_removed_modules, priority=400)  # autosummary: 500
    app.connect("source-read", _plotly_as_html)
    app.connect("source-read", _exercise_note)
    app.connect("html-page-context", _plotly_script)
    app.connect("build-finished", _write_plotly_js)
    # Around napoleon's own handler (priority 500).
    app.connect("autodoc-process-docstring", _keep_as_written, priority=400)
    app.connect("autodoc-process-docstring", _attribute_sentences, priority=600)
    app.connect("autodoc-process-docstring", _attributes_described, priority=600)
