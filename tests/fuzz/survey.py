"""List every distinct failure the fuzz tier finds, where the tier stops at the first.

The tier (``python tests/tiers.py fuzz``) fails at the first call that breaks the
contract, as a test should. After a refactoring that breaks many calls at once,
this script makes the same calls but keeps going: a failure is recorded and the
subject carries on from what its journal holds. It prints one line per distinct
failure (subject, method, what went wrong, where in the kit), with the shortest
repro seen of each.

Usage: python tests/fuzz/survey.py [--calls N] [--repros] [SUBJECT ...]

SUBJECT is a system name, ``dice`` or ``opening`` (all of them by default).
Set ``HYPOTHESIS_PROFILE=ci`` to draw what CI draws.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_core import dice_machine, opening_machine
from fuzz_games import machine, prepare_scratch
from fuzz_harness import COUNTS, KEEP_GOING, TARGET, Finding, run, summary
from hypothesis import settings

from isowidgets import systems


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("subjects", nargs="*", help="systems, 'dice' or 'opening'")
    parser.add_argument("--calls", type=int, default=TARGET, help="calls per subject")
    parser.add_argument("--repros", action="store_true", help="print each shortest repro")
    options = parser.parse_args(argv)
    settings.register_profile("ci", deadline=None, derandomize=True, database=None)
    settings.register_profile("dev", deadline=None, database=None)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

    found: dict[tuple[str, ...], list[Finding]] = {}
    KEEP_GOING.append(lambda finding: found.setdefault(finding.key, []).append(finding))
    wanted = options.subjects or [*systems.names(), "dice", "opening"]
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as directory:
        scratch = Path(directory)
        prepare_scratch(scratch)
        for subject in wanted:
            print(f"== {subject} ({time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)
            if subject == "dice":
                run(dice_machine(scratch), "dice", options.calls)
            elif subject == "opening":
                for system in systems.names():
                    label = f"{system} opening"
                    run(opening_machine(system, scratch), label, options.calls // 10, steps=20)
            else:
                run(machine(subject, scratch), subject, options.calls)
    print(f"\n{len(found)} distinct failures in {time.monotonic() - started:.0f} s")
    print("\n".join(summary()))
    print(f"failures: {sum(c['failed'] for c in COUNTS.values()):,}\n")
    for key in sorted(found):
        repro = min((f.repro for f in found[key]), key=len)
        failing = repro.splitlines()[-2:]
        print(f"[{len(found[key])}x] {' | '.join(key)}")
        print("\n".join(f"      {line.strip()}" for line in failing))
        if options.repros:
            print("\n".join(f"        {line}" for line in repro.splitlines()[:-2]))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
