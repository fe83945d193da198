"""The kit's command line: ``python -m isowidgets verify PATH``.

A thin shell over :mod:`isowidgets.verify`. Exit codes:

* ``0``: every random roll verified;
* ``1``: a roll does not verify (the report names the first one);
* ``2``: the journal cannot be verified (unreadable, no commitment, no seed
  revealed, a revealed seed that does not match its commitment), or the command
  line is wrong. The kit's error is printed, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .errors import IsowidgetsError

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (``sys.argv[1:]`` by default); the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m isowidgets", description=__doc__.split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "verify",
        help="replay every random roll of a session journal from its revealed seed",
        description="Replay every random roll of a session journal from its revealed seed. "
        "Exit 0: verified; 1: a roll does not verify; 2: cannot be verified.",
    )
    check.add_argument("path", help="the session's journal (.jsonl)")
    arguments = parser.parse_args(argv)
    from .verify import verify

    try:
        report = verify(arguments.path)
    except IsowidgetsError as exc:
        print(f"cannot verify: {exc}", file=sys.stderr)
        return 2
    print(report.text())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
