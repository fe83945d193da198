"""The teacher's overview as a JupyterHub service: ``python -m isowidgets.workshop.service``.

The hub starts this command itself (a *managed* service, see
:meth:`~isowidgets.workshop.config.Workshop.config`) and it runs until the hub stops:

* it is ``jupyterhub-singleuser`` (JupyterHub's own single-user server, so the hub
  authenticates every request by OAuth) serving two Voila pages from a folder of
  its own: ``overview.ipynb`` (:class:`~isowidgets.workshop.overview.OverviewPage`)
  and ``table.ipynb`` (a participant's table read-only: the stream view of the
  journal its link names, :func:`table_page`);
* only the hub's admins get in: the hub gives admins ``access:services`` and
  participants only ``self``, so a participant who opens the overview's address
  is answered 403;
* its token may list the participants and read their servers' sessions (the open
  notebooks), nothing more (``load_roles`` in the configuration);
* no terminal, and no code shown: Voila strips the pages' cells.

At ``/services/overview/`` the hub's admins (the host) find the overview; the
hub's home page lists it under Services.
"""

from __future__ import annotations

import html
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import parse_qs

from ..server import server_args
from ..stream.launch import one_cell_notebook
from .overview import page_language
from .roster import LinkError, Roster
from .words import OVERVIEW_WORDS

__all__ = ["NAME", "PAGES", "main", "service_args", "table_page", "write_pages"]

NAME = "overview"
"""The service's name: its address is ``/services/overview/``."""

PAGES = {
    "overview.ipynb": (
        "from isowidgets.workshop.overview import OverviewPage\n\n"
        "page = OverviewPage.from_environment()\n"
        "page.start()\n"
        "page"
    ),
    "table.ipynb": (
        "from isowidgets.workshop.service import table_page\n\npage = table_page()\npage"
    ),
}
"""The service's two pages (one cell each; Voila strips the code)."""


def write_pages(folder: Path) -> None:
    """Write the service's pages into ``folder`` (made if missing; pages rewritten)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in PAGES.items():
        (folder / name).write_text(json.dumps(one_cell_notebook(source), indent=1), "utf-8")


def table_page(
    query: str | None = None,
    *,
    participants: str | os.PathLike[str] | None = None,
    language: str | None = None,
) -> object:
    """A participant's table, read-only: the stream view of the journal the link names.

    Args:
        query: the page's query string (default: ``QUERY_STRING``, which Voila sets),
            ``participant=NAME&journal=notebooks/sessions/FILE.jsonl``.
        participants: the workshop's ``participants/`` folder (default: from the
            service's environment).
        language: the page's language (default: the host's,
            :func:`~isowidgets.workshop.overview.page_language`).

    Returns:
        The started :class:`~isowidgets.stream.page.StreamPage`, or a message saying why
        the link shows nothing (a link naming anything but one participant's journal).
    """
    import ipywidgets as widgets

    from ..stream.page import StreamPage
    from ..widgets.i18n import Labels

    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    if language is None:
        language = page_language()
    if participants is None:
        participants = Path(os.environ.get("ISOWIDGETS_WORKSHOP_DIR", "workshop")) / "participants"
    try:
        fields: dict[str, list[str]] = parse_qs(query[:4000], max_num_fields=10)
    except ValueError:  # more fields than any link of the overview has
        fields = {}
    participant = (fields.get("participant") or [""])[0]
    journal = (fields.get("journal") or [""])[0]
    try:
        path = Roster(participants).journal_path(participant, journal)
    except LinkError as exc:
        words = Labels(OVERVIEW_WORDS, language)
        refused = widgets.HTML(html.escape(words("overview.table_refused", why=str(exc))))
        refused.add_class("iw-overview-refused")
        return refused
    page = StreamPage(path, size="1280x720", language=language)
    page.start()
    return page


def service_args(folder: Path) -> list[str]:
    """The single-user server's flags: the pages' folder, Voila's overview as the landing
    page, no terminal, and the kit's server config."""
    args = [
        f"--ServerApp.root_dir={folder}",
        "--ServerApp.default_url=/voila/render/overview.ipynb",
        "--ServerApp.terminals_enabled=False",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        *server_args(),
    ]
    if os.geteuid() == 0:  # containers and CI run as root; Jupyter refuses unless told
        args.append("--ServerApp.allow_root=True")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Write the pages and serve them as the hub's service (returns when stopped)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if len(arguments) != 1:
        print("usage: python -m isowidgets.workshop.service PAGES_FOLDER", file=sys.stderr)
        return 2
    folder = Path(arguments[0]).resolve()
    write_pages(folder)
    os.chdir(folder)
    # The hub stops a service with SIGINT first. A hub started as a shell's background
    # job hands its children SIGINT ignored, and the service would then hold the hub's
    # shutdown up until SIGTERM: take SIGINT as Python does by default.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    from jupyterhub.singleuser import main as singleuser  # type: ignore[import-untyped]

    singleuser(service_args(folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
