"""Start the stream view: the notebook Voila runs, Voila's arguments, the command line.

Usage::

    python -m isowidgets.stream PATH [--port N] [--size 1920x1080|1280x720]
                                     [--transparent] [--language en|da]
                                     [--layout board|lower-third] [--hold SECONDS]
                                     [--previously N | --previously-from BEAT]

The options are the page's defaults; a browser source can ask for others in the
page's address (``http://127.0.0.1:8866/?layout=lower-third&transparent=1``: see
:func:`~isowidgets.stream.options.page_options`), so one server feeds a board and a lower
third at once.

The page is a generated one-cell notebook (kept in a temporary folder and removed
when the server stops) that builds a :class:`~isowidgets.stream.page.StreamPage`
for ``PATH`` and starts following it. Voila strips the cell's code, so viewers see
only the page. Voila runs in this interpreter (not the ``voila`` command on ``PATH``),
on 127.0.0.1 only, without a token (OBS cannot type one; nothing but this machine can
reach the port), and with the kit's websocket class, so a roll reaches the page as
fast as the server can send it.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .. import checks
from ..errors import IsowidgetsError, JournalError
from ..server import server_config
from .page import HOLD_SECONDS, LANGUAGES, LAYOUTS, SIZES
from .previously import Previously

__all__ = ["DEFAULT_PORT", "main", "one_cell_notebook", "page_notebook", "parse", "voila_argv"]

DEFAULT_PORT = 8866
"""Voila's usual port; the browser source's URL is ``http://127.0.0.1:8866/``."""

NOTEBOOK_NAME = "stream.ipynb"


def page_notebook(
    path: str | Path,
    *,
    size: str = "1920x1080",
    transparent: bool = False,
    language: str = "en",
    layout: str = "board",
    hold: float = HOLD_SECONDS,
    previously: int = 0,
    previously_from: int | None = None,
) -> dict[str, object]:
    """The one-cell notebook (nbformat 4, as a dict) that shows the stream of ``path``.

    The arguments are checked here, before any server starts, and written into the
    cell as Python literals (``repr``), so a path with quotes or newlines in it stays
    one string. The cell imports the page first and then waits for the page's address
    (``voila.utils.get_query_string``): Voila keeps one kernel *preheated*, the
    imports done ahead of the request (see :func:`voila_argv`), plotly's figure class
    built too (1.5 s of imports a board's chart would otherwise start on), so a browser
    source that reloads shows its page in the time of a refresh, not of a kernel start;
    the address carries the options a browser source asks for.

    Raises:
        JournalError: an argument the page cannot take.
    """
    target = checks.path(path, "the session journal's path", error=JournalError)
    size = checks.choice(size, "size", list(SIZES), error=JournalError)
    transparent = checks.flag(transparent, "transparent", error=JournalError)
    language = checks.choice(language, "language", LANGUAGES, error=JournalError)
    layout = checks.choice(layout, "layout", LAYOUTS, error=JournalError)
    hold = checks.real(hold, "hold", 0.0, 60.0, error=JournalError)
    told = Previously(target, previously, previously_from)  # checks them
    told_source = (
        f", previously_from={told.start!r}"
        if told.start is not None
        else f", previously={told.last!r}"
        if told.last
        else ""
    )
    source = (
        "from voila.utils import get_query_string\n"
        "from isowidgets.stream.page import StreamPage\n"
        "from isowidgets.widgets.figure import figure_class\n\n"
        "figure_class()  # plotly's figure class: a board's chart, ready before the address\n"
        f"page = StreamPage.from_address({str(target.resolve())!r}, "
        'get_query_string() or "", '
        f"size={size!r}, transparent={transparent!r}, language={language!r}, "
        f"layout={layout!r}, hold={hold!r}{told_source})\n"
        "page.start()\n"
        "page"
    )
    return one_cell_notebook(source)


def one_cell_notebook(source: str) -> dict[str, object]:
    """A notebook (nbformat 4, as a dict) of one code cell: a page Voila serves."""
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
        "cells": [
            {
                "cell_type": "code",
                "id": "stream",
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": source,
            }
        ],
    }


def voila_argv(notebook: str | Path, *, port: int = DEFAULT_PORT) -> list[str]:
    """Voila's arguments: the page, 127.0.0.1, the port, the kit's server settings.

    The kit's settings are written for ``ServerApp`` (:func:`isowidgets.server.server_config`);
    Voila is its own application and takes the same traits under ``Voila``.
    """
    port = checks.whole(port, "port", 1024, 65535, error=JournalError)
    kit = [
        f"--Voila.{trait}={value}"
        for traits in server_config().values()
        for trait, value in traits.items()
    ]
    return [
        str(notebook),
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--no-browser",
        "--strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        # One kernel started and the page's imports run before anyone asks (a browser
        # source's first load and every reload); the page waits in it for its address.
        "--VoilaConfiguration.preheat_kernel=True",
        *kit,
    ]


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line, read (``argparse`` exits with a usage message when it is wrong)."""
    parser = argparse.ArgumentParser(
        prog="python -m isowidgets.stream",
        description="Serve a live, read-only view of a session for OBS (a Voila page on "
        "127.0.0.1 that follows the session's journal).",
    )
    parser.add_argument(
        "path", help="the session's journal (.jsonl), as the GM's notebook writes it"
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="default %(default)s")
    parser.add_argument("--size", choices=list(SIZES), default="1920x1080")
    parser.add_argument(
        "--transparent", action="store_true", help="no page background (an OBS overlay)"
    )
    parser.add_argument("--language", choices=list(LANGUAGES), default="en")
    parser.add_argument(
        "--layout",
        choices=list(LAYOUTS),
        default="board",
        help="the whole board, or only the latest resolution along the bottom (a second "
        "browser source); a page's address may ask for either (?layout=lower-third)",
    )
    parser.add_argument(
        "--hold",
        type=float,
        default=HOLD_SECONDS,
        help="the least seconds a resolution stays before the next replaces it "
        "(default %(default)s)",
    )
    told = parser.add_mutually_exclusive_group()
    told.add_argument(
        "--previously",
        type=int,
        default=0,
        metavar="N",
        help='before following, play the last N beats of the session ("previously on…")',
    )
    told.add_argument(
        "--previously-from",
        type=int,
        default=None,
        metavar="BEAT",
        help="before following, play the session's beats from this one on (1: the first)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the stream until it is stopped (Ctrl+C); the exit code."""
    arguments = parse(argv)
    try:
        notebook = page_notebook(
            arguments.path,
            size=arguments.size,
            transparent=arguments.transparent,
            language=arguments.language,
            layout=arguments.layout,
            hold=arguments.hold,
            previously=arguments.previously,
            previously_from=arguments.previously_from,
        )
        checks.whole(arguments.port, "port", 1024, 65535, error=JournalError)
    except IsowidgetsError as exc:
        print(f"cannot stream: {exc}", file=sys.stderr)
        return 2
    # Imported here: checking the arguments must not load the whole server.
    from voila.app import Voila

    with tempfile.TemporaryDirectory(prefix="isowidgets-stream-") as folder:
        page = Path(folder) / NOTEBOOK_NAME
        page.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
        print(
            f"stream of {arguments.path}: http://127.0.0.1:{arguments.port}/ "
            f"({arguments.size}, {arguments.layout}"
            f"{', transparent' if arguments.transparent else ''}; "
            f"a lower third: http://127.0.0.1:{arguments.port}/?layout=lower-third)",
            flush=True,
        )
        Voila.launch_instance(argv=voila_argv(page, port=arguments.port))
    return 0
