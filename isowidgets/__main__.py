"""The kit's command line: ``python -m isowidgets verify PATH [--head HEAD ...] [--language LANG]``.

The verdict is printed in ``--language`` (``en``, ``da``; by default the language of the
environment's locale, ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``, where the kit
speaks it, else English), from the same catalogues as the tables.

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
import os
import sys
from collections.abc import Mapping, Sequence

from .errors import IsowidgetsError
from .words import LANGUAGE_NAMES, PSEUDO, msg, render

__all__ = ["default_language", "main"]


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the environment's locale where the kit speaks it, else English:
    the first of ``LANGUAGE`` (a list, ``da:en``), ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` that is set, its language part (``da_DK.UTF-8`` → ``da``)."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            code = part.split(".", 1)[0].split("@", 1)[0].split("_", 1)[0].split("-", 1)[0]
            code = code.lower()
            if code in LANGUAGE_NAMES and code != PSEUDO:
                return code
            if code in ("c", "posix"):
                return "en"
        return "en"
    return "en"


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
    check.add_argument(
        "--language",
        choices=tuple(LANGUAGE_NAMES),
        default=None,
        help="the language of the verdict: "
        + ", ".join(f"{code} ({name})" for code, name in LANGUAGE_NAMES.items())
        + "; by default the environment's locale where the kit speaks it, else en",
    )
    arguments = parser.parse_args(argv)
    language = arguments.language or default_language()
    from .verify import verify

    try:
        report = verify(arguments.path, heads=arguments.head)
    except IsowidgetsError as exc:
        said = msg("verify.cannot", "cannot verify: {why}", why=exc.message)
        print(render(said, language), file=sys.stderr)
        return 2
    print(report.text(language))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
