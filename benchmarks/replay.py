"""Scrubbing and resuming a 10,000-event session, against a full replay, per system.

Usage::

    .venv/bin/python benchmarks/replay.py [--events 10000] [--jumps 200] [--runs 5]
                                          [--systems isolation,impact,...] [--keep DIR]
                                          [--baseline REV|none]

Each system's session is grown to ``--events`` journal lines first
(``tests/replay_play.py``: conflicts, tests, brawls or turns, with notes, undos and
redos; ``--keep DIR`` writes them there once and reuses them). Then, in one process,
side by side so that the machine's load hits both alike:

* **jump**: the state at a random line of the journal, from the reel's checkpoints
  (:meth:`Reel.state_at <isowidgets.reel.Reel.state_at>`, the GM's view and the public
  one) against a **full replay** of the journal cut at that line (what a resume of the
  cut folds: every entry from the start); the read-only game the replay's board is
  drawn from (:meth:`Reel.game_at <isowidgets.reel.Reel.game_at>`); and a quarter of
  those jumps made by a :class:`~isowidgets.widgets.replay.Replay` of the file, its
  board, beat and log drawn (``Replay.go``), with its CPU time;
* **resume**: ``Game.resume(path)`` of the whole session. A resume keeps no checkpoint
  beside the journal: it reads and validates every line and folds every entry, so it
  *is* the full replay; it is printed with its two parts, reading and validating the
  lines (``Journal.read``) and folding the entries read (``_from_journal`` of a view),
  to show where the time goes; and building the reel of the file (what opening a
  Replay costs), against the resume; the resume's CPU time beside its wall time (the
  machine's load adds to the second only), and how long it waited for a core (Linux's
  scheduler statistics): the wall time is the two, and nothing else (no file waited
  for), on a machine whose cores others share.

The jump (``game_at``), the reel and the resume are also timed against the kit as it
was at ``--baseline`` (a git revision, by default the last one before the jump folded
from its checkpoint alone), in a second process, run by turns with this one;
``--baseline none`` skips it, and a revision that cannot read a journal is said and
skipped. Each system's heading gives the machine's load average (others share it).

Prints median, p95 and worst of each, and each median's ratio to the full replay's.
Targets (issue 27): a jump at most 50 ms, a resume at most 0.5 s. Numbers are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from replay_play import LONG

from isowidgets.journal import Journal
from isowidgets.reel import Reel
from isowidgets.systems import game_for
from isowidgets.visibility import public_entries
from isowidgets.widgets.replay import Replay

JUMP_TARGET = 0.050
"""Issue 27: jumping to any position of a 10,000-event session takes at most 50 ms."""

RESUME_TARGET = 0.5
"""Issue 27: resuming it takes at most 0.5 s."""

BASELINE = "9c77afe"
"""The kit before a jump folded from its checkpoint alone (issue 27, item 5: a jump then
built a whole history, and a reel folded each action once for its beats and once for its
checkpoints). ``1913b15``, before a resume read each line in one pass, cannot read
today's Impact journals (their events changed since)."""

ROOT = Path(__file__).resolve().parents[1]

_RESUMER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from isowidgets.systems import game_for
from isowidgets.reel import Reel
cls = game_for(sys.argv[2])
reel = None
for line in sys.stdin:
    command, _, argument = line.strip().partition(" ")
    started = time.perf_counter()
    if command == "resume":
        cls.resume(sys.argv[3]).journal.close()
    elif command == "reel":
        reel = Reel.of(sys.argv[3])
    else:
        if reel is None:
            reel = Reel.of(sys.argv[3])
            started = time.perf_counter()
        reel.game_at(int(argument))
    print(time.perf_counter() - started, flush=True)
"""
"""Times, with the kit at ``argv[1]``, one thing per line read (``resume``: resume the
journal at ``argv[3]``; ``reel``: open its public reel; ``jump N``: the reel's
``game_at(N)``), printing the seconds each took."""


class Baseline:
    """The kit at another revision, in its own process: a resume of one journal, the
    reel of it, a jump.

    The revision's package is written out of git into ``folder`` (``git archive``); the
    process imports it and waits, so each call times only what it asks. A revision that
    cannot read the journal (its events changed since) is said once, and then skipped.
    """

    def __init__(self, revision: str, folder: Path, system: str, path: Path) -> None:
        self.revision = revision
        self.failed = False
        tree = folder / f"isowidgets-{revision}"
        if not tree.exists():
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "isowidgets"],
                capture_output=True,
                check=True,
            ).stdout
            with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
                tar.extractall(tree, filter="data")
        self._process = subprocess.Popen(
            [sys.executable, "-c", _RESUMER, str(tree), system, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def _ask(self, command: str) -> float | None:
        if self.failed:
            return None
        assert self._process.stdin is not None and self._process.stdout is not None
        try:
            self._process.stdin.write(command + "\n")
            self._process.stdin.flush()
        except BrokenPipeError:
            answer = ""
        else:
            answer = self._process.stdout.readline()
        if not answer:
            self.failed = True
            print(f"  (the baseline {self.revision} cannot read this journal: see above)")
            return None
        return float(answer)

    def resume(self) -> float | None:
        """Seconds one resume took (``None``: the baseline cannot read the journal)."""
        return self._ask("resume")

    def reel(self) -> float | None:
        """Seconds opening the reel took."""
        return self._ask("reel")

    def jump(self, position: int) -> float | None:
        """Seconds ``game_at(position)`` took."""
        return self._ask(f"jump {position}")

    def close(self) -> None:
        assert self._process.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self._process.stdin.close()
        self._process.wait(timeout=60)


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def _line(
    name: str, seconds: list[float], baseline: float | None = None, of: str = "full replay"
) -> str:
    ordered = sorted(seconds)
    median = statistics.median(ordered)
    p95 = _p95(ordered)
    ratio = f"  {median / baseline:6.3f}× {of}" if baseline else ""
    return (
        f"  {name:<34} median {median * 1000:8.2f} ms  p95 {p95 * 1000:8.2f} ms  "
        f"worst {ordered[-1] * 1000:8.2f} ms{ratio}"
    )


def session(system: str, folder: Path, events: int) -> Path:
    """The journal of ``system``'s long session in ``folder`` (grown once)."""
    path = folder / f"{system}-{events}.jsonl"
    if not path.exists():
        started = time.perf_counter()
        game = LONG[system](path, events)
        game.journal.close()
        print(f"  (grew {path.name}: {time.perf_counter() - started:.1f} s)", flush=True)
    return path


def _waited() -> float:
    """Seconds this thread has spent runnable but waiting for a core (Linux's
    ``/proc/thread-self/schedstat``; 0 where there is none)."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as stats:
            return int(stats.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def _cpu(action: Callable[[], object], waits: list[float] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds ``action`` took (the CPU time is what the machine's load
    does not add to); with ``waits``, the seconds it waited for a core are added to it
    (what the load adds: wall = CPU + that wait + any I/O or sleep)."""
    waited = _waited()
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if waits is not None:
        waits.append(_waited() - waited)
    return wall, cpu


def _before(name: str, old: Baseline | None, seconds: list[float | None], now: list[float]) -> None:
    """The baseline's line and ours against it (or ours alone without a baseline)."""
    taken = [second for second in seconds if second is not None]
    if old is None or not taken:
        print(_line(name, now))
        return
    print(_line(f"{name} at {old.revision} (before)", taken))
    print(_line(name, now, statistics.median(taken), "before"))


def bench(system: str, path: Path, jumps: int, runs: int, old: Baseline | None) -> None:
    cls = game_for(system)
    entries = list(Journal.read(path).entries)
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    size = path.stat().st_size
    print(f"\n{system}: {len(entries):,} journal lines ({size:,} bytes); load {load}")
    reels = {view: Reel.of(path, view=view) for view in ("everything", "public")}
    picks = random.Random(27).sample(range(1, len(entries) + 1), min(jumps, len(entries)))
    full: list[float] = []
    fast: list[float] = []
    public: list[float] = []
    games: list[float] = []
    full_public: list[float] = []
    games_before: list[float | None] = []
    for position in picks:  # alternately, so the load hits both alike
        cut = entries[:position]
        full.append(_timed(lambda cut=cut: cls._from_journal(Journal.view(cut), None)))
        fast.append(_timed(lambda p=position: reels["everything"].state_at(p)))
        shown = public_entries(cut, aside=cls.aside)
        full_public.append(_timed(lambda shown=shown: cls._from_journal(Journal.view(shown), None)))
        public.append(_timed(lambda p=position: reels["public"].state_at(p)))
        games.append(_timed(lambda p=position: reels["public"].game_at(p)))
        if old is not None:
            games_before.append(old.jump(position))
    baseline = statistics.median(full)
    print(f" jump to a random line ({len(picks)} lines)")
    print(_line("full replay of the cut (GM's view)", full))
    print(_line("reel.state_at (GM's view)", fast, baseline))
    print(_line("full replay of the cut (public)", full_public))
    print(_line("reel.state_at (public)", public, statistics.median(full_public)))
    print(_line("reel.game_at (public, for a board)", games, statistics.median(full_public)))
    _before("reel.game_at", old, games_before, games)
    replay = Replay(path)
    drawn: list[float] = []
    drawn_cpu: list[float] = []
    for position in picks[: max(1, len(picks) // 4)]:
        wall, cpu = _cpu(lambda p=position: replay.go(p))
        drawn.append(wall)
        drawn_cpu.append(cpu)
    replay.close()
    print(_line("Replay.go (the board drawn)", drawn, statistics.median(games), "game_at"))
    print(_line("  its CPU time", drawn_cpu, statistics.median(drawn), "wall"))
    resumed: list[float] = []
    resumed_cpu: list[float] = []
    waits: list[float] = []
    before: list[float | None] = []
    read: list[float] = []
    folded: list[float] = []
    built: list[float] = []
    built_before: list[float | None] = []
    for _ in range(runs):  # alternately, so the load hits each alike
        wall, cpu = _cpu(lambda: cls.resume(path).journal.close(), waits)
        resumed.append(wall)
        resumed_cpu.append(cpu)
        if old is not None:
            before.append(old.resume())
        read.append(_timed(lambda: Journal.read(path)))
        folded.append(_timed(lambda: cls._from_journal(Journal.view(entries), None)))
        built.append(_timed(lambda: Reel.of(path)))
        if old is not None:
            built_before.append(old.reel())
    print(f" resume the whole session ({runs} runs)")
    _before("Game.resume (= a full replay)", old, before, resumed)
    median_resume = statistics.median(resumed)
    print(_line("  its CPU time", resumed_cpu, median_resume, "wall"))
    print(_line("  waiting for a core (the load)", waits, median_resume, "wall"))
    print(_line("  reading and validating the lines", read, median_resume))
    print(_line("  folding the entries read", folded, median_resume))
    print(_line("Reel.of(path) (open a Replay)", built, median_resume, "resume"))
    _before("Reel.of(path)", old, built_before, built)
    jump, resume = _p95(games), statistics.median(resumed)
    print(
        f" targets (issue 27): a jump at most {JUMP_TARGET * 1000:.0f} ms: p95 of game_at "
        f"{jump * 1000:.1f} ms, {'met' if jump <= JUMP_TARGET else 'NOT met'}; a resume at "
        f"most {RESUME_TARGET:.1f} s: median {resume:.2f} s "
        f"(CPU {statistics.median(resumed_cpu):.2f} s), "
        f"{'met' if resume <= RESUME_TARGET else 'NOT met'}"
    )


def _p95(seconds: list[float]) -> float:
    ordered = sorted(seconds)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--jumps", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--systems", default=",".join(LONG))
    parser.add_argument("--keep", type=Path, default=None, help="grow the sessions here once")
    parser.add_argument(
        "--baseline",
        default=BASELINE,
        help=f"git revision whose jump, reel and resume are timed alongside (default "
        f"{BASELINE}), or none",
    )
    arguments = parser.parse_args(argv)
    systems = [s for s in arguments.systems.split(",") if s]
    unknown = [s for s in systems if s not in LONG]
    if unknown:
        parser.error(f"unknown systems {unknown}; choose from {list(LONG)}")
    with tempfile.TemporaryDirectory() as scratch:
        folder = arguments.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for system in systems:
            path = session(system, folder, arguments.events)
            baseline = None
            if arguments.baseline != "none":
                baseline = Baseline(arguments.baseline, Path(scratch), system, path)
            try:
                bench(system, path, arguments.jumps, arguments.runs, baseline)
            finally:
                if baseline is not None:
                    baseline.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
