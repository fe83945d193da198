"""The kit's command line: ``python -m isowidgets verify PATH [--head HEAD ...]``.

A thin shell over :mod:`isowidgets.verify`. Exit codes:

* ``0``: every random roll verified, the chain is whole, and every head given is
  carried by a line of the journal;
* ``1``: the journal does not verify: a roll, a line or a head (the report names the
  first, with its line and event);
* ``2``: the journal cannot be verified (unreadable or not a regular file, no
  commitment, no seed revealed, a revealed seed that does not match its commitment),
  or the command line is wrong. The kit's error is printed, never a traceback.
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
        help="recompute every random roll of a session journal from its revealed seed",
        description="Recompute every random roll of a session journal from its revealed "
        "seed, check its hash chain, and match the heads viewers kept. Exit 0: verified; "
        "1: a roll, a line or a head does not verify; 2: cannot be verified.",
    )
    check.add_argument("path", help="the session's journal (.jsonl)")
    check.add_argument(
        "--head",
        action="append",
        default=[],
        metavar="HEAD",
        help="a head read off the stream or the toolbar (16 to 64 hex digits, spaces "
        "allowed), optionally after its public roll count and a colon (12:3f2a91c0...): "
        "proves the journal up to the line that carries it is exactly as it was then. "
        "Give it once per head kept.",
    )
    arguments = parser.parse_args(argv)
    from .verify import verify

    try:
        report = verify(arguments.path, heads=arguments.head)
    except IsowidgetsError as exc:
        print(f"cannot verify: {exc}", file=sys.stderr)
        return 2
    print(report.text())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
