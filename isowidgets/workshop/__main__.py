"""Run a workshop: ``python -m isowidgets.workshop`` (what ``make workshop`` starts).

Usage::

    python -m isowidgets.workshop [--dir workshop] [--ip 127.0.0.1] [--port 8951]
                                  [--password WORDS] [--idle-minutes N]
                                  [--notebooks FOLDER | --repo URL [--branch NAME]]
                                  [--language en|da]
    python -m isowidgets.workshop --dir workshop --prepare
    python -m isowidgets.workshop --dir workshop --collect exports.zip

The first form starts JupyterHub with :class:`~isowidgets.workshop.config.Workshop`'s
configuration and prints what the host reads out (the address and the password),
what only the host keeps (the admin password), and a launch link per notebook
(nbgitpuller's: it pulls the repository into the participant's ``notebooks/`` and
opens the notebook). The second only prepares the notebook repository (in
``<dir>/repository``, to push where a Kubernetes hub or Binder can pull it) and prints
the links. The third zips every
participant's journals and exports and lists them. Exit codes: ``0`` done, ``2``
an option the workshop cannot take (the kit's error is printed, never a traceback).
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Sequence

from .config import HOST, KIT_NOTEBOOKS, Workshop, WorkshopError, collect
from .content import ContentError, notebooks_of

__all__ = ["announcement", "main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m isowidgets.workshop",
        description="Serve the kit's notebooks to a room with JupyterHub, or collect its journals.",
    )
    parser.add_argument("--dir", default="workshop", help="workshop directory (default: workshop)")
    parser.add_argument(
        "--ip",
        default="127.0.0.1",
        help="address to listen on; 0.0.0.0 opens the hub to the room (default: 127.0.0.1)",
    )
    parser.add_argument("--port", type=int, default=8951, help="public port (default: 8951)")
    parser.add_argument(
        "--last-port",
        type=int,
        default=8999,
        help="last port of the range servers take; PORT+3..LAST_PORT (default: 8999)",
    )
    parser.add_argument(
        "--password", help="the workshop password read out to the room (default: made up)"
    )
    parser.add_argument(
        "--idle-minutes",
        type=int,
        default=0,
        help="stop a participant's server after this long unused; 0 never (default: 0)",
    )
    parser.add_argument(
        "--notebooks",
        default=str(KIT_NOTEBOOKS),
        help="folder the workshop's repository is prepared from, outputs stripped, on first "
        "start (default: the kit's notebooks)",
    )
    parser.add_argument(
        "--repo",
        help="a git repository participants pull instead (URL or local clone; its notebooks "
        "should be committed without outputs)",
    )
    parser.add_argument("--branch", help="with --repo: its branch (default: its default branch)")
    parser.add_argument(
        "--language",
        default="en",
        help="the language of the teacher's overview and its table pages: en or da (default: en)",
    )
    parser.add_argument(
        "--prepare",
        action="store_true",
        help="instead of serving: prepare the notebook repository and print the launch links",
    )
    parser.add_argument(
        "--collect",
        metavar="ZIP",
        help="instead of serving: zip every participant's journals and exports into ZIP",
    )
    return parser


def announcement(workshop: Workshop, notebooks: Sequence[str]) -> str:
    """What the host reads when the hub starts: the address and password for the room,
    where the admin password is, where notebooks come from, and a launch link per
    notebook (the folder's first)."""
    source = f"Notebooks are pulled from {workshop.repository_url}"
    if not workshop.repository:
        source += f"\n  (a git repository: commit a correction in {workshop.repository_dir},"
        source += " and the next pull brings it to everyone)"
    links = [f"  the folder: {workshop.launch_link()}"]
    links += [f"  {notebook}: {workshop.launch_link(notebook)}" for notebook in notebooks]
    return "\n".join(
        [
            f"Workshop at {workshop.url} ; participants pick a name and type the password: "
            f"{workshop.password}",
            f"The host logs in as '{HOST}' with the password in "
            f"{workshop.hub_dir / 'admin-password.txt'}",
            f"Participants' notebooks and journals: {workshop.participants_dir}/<name>/",
            source,
            "Launch links (each pulls the latest notebooks, then opens one):",
            *links,
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (serving returns when the hub stops)."""
    args = _parser().parse_args(argv)
    try:
        if args.collect:
            files = collect(args.dir, args.collect)
            for path in files:
                print(path)
            print(f"{len(files)} files from {args.dir} written to {args.collect}")
            return 0
        password = args.password or secrets.token_urlsafe(6)
        workshop = Workshop.checked(
            args.dir,
            password,
            ip=args.ip,
            port=args.port,
            last_port=args.last_port,
            idle_minutes=args.idle_minutes,
            notebooks=args.notebooks,
            repository=args.repo,
            branch=args.branch,
            language=args.language,
        )
        if args.prepare:
            made = workshop.prepare()
        else:
            config = workshop.config()
        notebooks = notebooks_of(workshop.repository_url, workshop.repository_branch)
    except (WorkshopError, ContentError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.prepare:
        state = "prepared" if made else "kept as it was (it holds your commits)"
        print(f"The notebook repository {workshop.repository_url}: {state}")
        print("\n".join(announcement(workshop, notebooks).splitlines()[3:]), flush=True)
        return 0
    print(announcement(workshop, notebooks), flush=True)
    from jupyterhub.app import JupyterHub  # type: ignore[import-untyped]

    os.chdir(workshop.hub_dir)  # anything JupyterHub writes beside it stays in the workshop
    JupyterHub.instance(config=config)
    JupyterHub.launch_instance(argv=[])
    return 0


if __name__ == "__main__":
    sys.exit(main())
