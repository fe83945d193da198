"""Execute the committed notebooks in place and strip what must not be committed.

Run by ``make notebooks``. Committed notebooks keep their outputs (nbval compares
them) but carry no widget state: a FigureWidget's state embeds plotly.js (about
5 MB each), and widget views cannot be restored from a file anyway.

So where a panel will be, a saved notebook shows the output's plain text. Every
kit panel makes that text a line telling the reader to run the cells
(``isowidgets.widgets.panel.saved_text``), and the kernel prints the same line, so
nbval's comparison of saved and fresh outputs holds. A widget that is not a kit
panel would leave its bare repr there (``VBox(children=(…))``): executing refuses
to write such a notebook and names the cell, rather than rewriting the text here,
which would make the saved output differ from the fresh one nbval compares.

Usage: python tests/tools/notebooks.py [--check] [NOTEBOOK ...]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from isowidgets.widgets.panel import SAVED_TEXT

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
MAX_BYTES = 300_000


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

SAVED_PREFIX = SAVED_TEXT.split("{name}", 1)[0]
"""How the plain text of a kit panel's output begins (the line a saved notebook shows)."""


class NotebookError(RuntimeError):
    """Executing a notebook gave outputs that must not be committed."""


def bare_widgets(nb: nbformat.NotebookNode) -> list[str]:
    """Widget outputs whose plain text is not the kit's line, one description each.

    Read before :func:`strip`, while the outputs still say which were widgets.
    """
    found = []
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = "".join(data.get("text/plain", ""))
            if WIDGET_VIEW in data and not text.startswith(SAVED_PREFIX):
                found.append(
                    f"cell {index} shows a widget that is not a kit panel, so the saved "
                    f"notebook would show its repr {text[:80]!r} until the cells run: "
                    "show it inside a panel (isowidgets.widgets.panel.Panel)"
                )
    return found


def strip(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Remove saved widget state, widget views and per-run metadata.

    A saved widget view points at a model that exists only in the kernel that
    made it: a person opening the notebook would see "Error displaying widget:
    model not found" in its place. Its text fallback stays (for a kit panel,
    the line saying to run the cells), and nbval compares that (it skips widget
    views on both sides).
    """
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        for output in cell.get("outputs", []):
            output.get("metadata", {}).pop(WIDGET_VIEW, None)
            data = output.get("data", {})
            if WIDGET_VIEW in data and len(data) > 1:
                data.pop(WIDGET_VIEW)
    return nb


def execute(path: Path) -> None:
    """Run ``path`` from a scratch copy of notebooks/ and write the outputs back.

    Raises:
        NotebookError: An output is a widget with no kit line for its place
            (see :func:`bare_widgets`); ``path`` is left as it was.
    """
    nb = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch) / "notebooks"
        shutil.copytree(NOTEBOOKS, work, ignore=shutil.ignore_patterns("sessions", "exports"))
        # Each notebook runs in its own folder, as nbval and JupyterLab run it.
        folder = work / path.resolve().parent.relative_to(NOTEBOOKS)
        NotebookClient(
            nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
        ).execute()
    bare = bare_widgets(nb)
    if bare:
        raise NotebookError(f"{path.name}: " + "; ".join(bare))
    nbformat.write(strip(nb), path)


def problems(path: Path) -> list[str]:
    """What would stop ``path`` from being committed as it is."""
    found = []
    nb = nbformat.read(path, as_version=4)
    if "widgets" in nb.metadata:
        found.append(f"{path.name}: carries widget state (run make notebooks)")
    views = [
        i
        for i, c in enumerate(nb.cells)
        for o in c.get("outputs", [])
        if WIDGET_VIEW in o.get("data", {})
    ]
    if views:
        found.append(f"{path.name}: cells {views} keep widget views (run make notebooks)")
    size = path.stat().st_size
    if size > MAX_BYTES:
        found.append(f"{path.name}: {size} bytes, more than {MAX_BYTES}")
    unexecuted = [
        i for i, c in enumerate(nb.cells) if c.cell_type == "code" and c.execution_count is None
    ]
    if unexecuted:
        found.append(f"{path.name}: code cells {unexecuted} have no saved outputs to compare")
    return found


def committed() -> list[Path]:
    """Every committed notebook: the kit's, and the exercises in ``notebooks/exercises/``."""
    return sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "exercises").glob("*.ipynb"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report problems")
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = args.paths or committed()
    issues = []
    if not args.check:
        for path in paths:
            print(f"executing {path.name}", flush=True)
            try:
                execute(path)
            except NotebookError as error:
                issues.append(str(error))
    issues += [issue for path in paths for issue in problems(path)]
    for issue in issues:
        print(issue, file=sys.stderr)
    return 1 if issues else 0


if __name__ == "__main__":
    sys.exit(main())
