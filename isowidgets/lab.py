"""Launch JupyterLab with the kit's server configuration.

Usage::

    python -m isowidgets.lab [jupyter lab arguments...]
    python -m isowidgets.lab --install-config   # for hosts that start Lab themselves

It is ``jupyter lab`` plus :func:`isowidgets.server.server_args` (TCP_NODELAY
on kernel websockets, see :mod:`isowidgets.server`), run in the current
interpreter. Running in-process rather than exec'ing the ``jupyter`` command
means the server always comes from the same environment as isowidgets (no
reliance on ``PATH``), and it behaves the same on Windows, where ``exec``
only spawns a child.

A setting the user passes explicitly wins: the kit's flag for it is then left
out (traitlets refuses the same single-valued flag twice). The kit's flags go
after the user's so that subcommands such as ``python -m isowidgets.lab build``
are still recognised by their first argument. A plain ``jupyter lab`` keeps
working; it is only slower per click.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .server import EXTENSION_CONFIG, server_args

__all__ = ["install_config", "lab_argv", "main"]

CONFIG_NAME = "isowidgets.json"


def install_config(prefix: str | Path = sys.prefix) -> Path:
    """Enable the kit's server extension for every server this environment starts.

    For hosts that start JupyterLab themselves (Binder, JupyterHub): the file
    ``<prefix>/etc/jupyter/jupyter_server_config.d/isowidgets.json`` enables
    :mod:`isowidgets.server` as a server extension, which switches kernel
    websockets to TCP_NODELAY at start-up. (A ``.d`` directory only merges
    extension switches, which is why this is an extension and not a plain
    config value.)

    Returns:
        The path written.
    """
    target = Path(prefix) / "etc" / "jupyter" / "jupyter_server_config.d" / CONFIG_NAME
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(EXTENSION_CONFIG, indent=2) + "\n", encoding="utf-8")
    return target


def lab_argv(args: Sequence[str]) -> list[str]:
    """The argument list handed to JupyterLab: the user's, then the kit's they did not set.

    Args:
        args: The user's ``jupyter lab`` arguments, e.g. ``["--notebook-dir=notebooks"]``.

    Returns:
        A new list; ``args`` is not modified.
    """
    user_keys = {arg.partition("=")[0] for arg in args if arg.startswith("--")}
    kit = [flag for flag in server_args() if flag.partition("=")[0] not in user_keys]
    return [*args, *kit]


def main(argv: Sequence[str] | None = None) -> None:
    """Run JupyterLab with the kit's configuration until it is stopped.

    Args:
        argv: ``jupyter lab`` arguments; ``None`` means ``sys.argv[1:]``.
    """
    # Imported here so that importing this module (e.g. to test lab_argv)
    # does not load all of JupyterLab.
    from jupyterlab.labapp import LabApp  # type: ignore[import-untyped]

    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--install-config"]:
        print(f"wrote {install_config()}")
        return
    LabApp.launch_instance(argv=lab_argv(args))


if __name__ == "__main__":
    main()
