"""Workshop load: the workshop hub with 1, 30 and 60 participants playing at once.

Usage::

    .venv/bin/python benchmarks/workshop_load.py [--sizes 1 30 60] [--seconds 60]
                                                 [--pace 1.0] [--port 9151]
                                                 [--browser [--screenshots DIR]]

For each size, a fresh workshop hub (``python -m isowidgets.workshop``, the
host's command, on 127.0.0.1:PORT; servers on the next 35 ports of 127.0.0.1 and
127.0.0.2, since sixty servers need more ports than one address's range) and that many
participants, each logging in through the login form, getting a server, opening
``01-isolation.ipynb``'s kernel and then playing whole Isolation conflicts
through the kernel websocket at a steady pace (one roll every ``--pace``
seconds, the players' starts spread over one interval) for ``--seconds``. What
is reported, for each size against one participant:

* roll round trip (request sent → ``execute_reply`` with the journal count
  received): median and p95, and each one's ratio to the one-participant run;
* hub start (command → API answering) and spawn (request → server ready) times;
* memory per participant: resident memory of their server plus its kernel, read
  from ``/proc`` after playing, and each apart (the Kubernetes values' memory
  guarantee and limit are derived from the two: :mod:`isowidgets.workshop.sizing`);
  CPU per participant: the share of one core their server and kernel used while
  playing;
* the teacher's overview: the time to read every participant's row from their
  journals after playing (its first refresh), and to refresh it again with nothing
  changed (one ``stat`` per journal);
* lost events: every participant's journal is read back from disk and its entries
  are counted against the count their kernel acknowledged last. Any loss makes the
  run fail (exit 1): that is a correctness check, not a timing.

With ``--browser`` one more participant logs in through the hub's login page in
headless Chromium while the others play, opens ``01-isolation.ipynb`` in
JupyterLab, runs it, proposes a conflict and rolls Bob's green pool: it must play
(exit 1 otherwise); the click → dice drawn time (in the page, as
``benchmarks/_latency.py`` times clicks) is reported, median of five rolls.
Timings are printed, never asserted: they depend on the machine and its load, so
the load average (``uptime``'s three numbers) is printed before and after each size.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "hub"))

from _latency import Notebook, Stats, browser_problem, chromium, time_click
from hubdriver import (
    ACKNOWLEDGED,
    PASSWORD,
    ROLL,
    SETUP,
    HubError,
    KernelClient,
    WorkshopHub,
    descendants,
    entries_on_disk,
    rss_kib,
)

from isowidgets.workshop.config import FIRST_SERVER_PORT
from isowidgets.workshop.overview import Roster
from isowidgets.workshop.sizing import memory_values

LAB_SETTINGS = {
    # No news pop-up over the notebook; off-screen cells stay in the page.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}
TABLE = ".iw-table-farmhouse"
BROWSER_USER = "web"
BROWSER_ROLLS = 5
NOTEBOOK = "notebooks/01-isolation.ipynb"
STEM = "load"


@dataclass
class Player:
    """One participant played by a kernel client."""

    name: str
    kernel: KernelClient | None = None
    round_trips: list[float] = field(default_factory=list)
    acknowledged: int = 0
    error: str = ""

    def play(self, start: float, pace: float, stop: threading.Event) -> None:
        """Roll at a steady pace from ``start`` until ``stop`` is set."""
        assert self.kernel is not None
        due = start
        while not stop.is_set():
            wait = due - time.monotonic()
            if wait > 0 and stop.wait(wait):
                break
            began = time.monotonic()
            try:
                self.acknowledged = int(self.kernel.value(ROLL, ACKNOWLEDGED))
            except (HubError, OSError, ValueError) as exc:
                self.error = str(exc)[:300]
                return
            self.round_trips.append((time.monotonic() - began) * 1000)
            due = max(due + pace, time.monotonic())


@dataclass
class Run:
    """What one size measured."""

    size: int
    hub_start: float
    spawns: list[float]
    round_trips: Stats
    memory_mib: list[float]
    server_mib: list[float]
    kernel_mib: list[float]
    cpu_share: list[float]
    acknowledged: int
    journaled: int
    lost: int
    errors: list[str]
    browser_ms: list[float] = field(default_factory=list)
    browser_note: str = ""
    overview_ms: tuple[float, float] = (0.0, 0.0)
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_after: tuple[float, float, float] = (0.0, 0.0, 0.0)


SLOT_PORTS = 35
"""Ports per loopback address for participants' servers: two addresses hold 70 servers."""


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU time of these processes, in seconds (fields 14 and 15 of stat)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / ticks


class ParticipantLab:
    """A participant's single-user server as the browser harness addresses a Lab server."""

    def __init__(self, hub: WorkshopHub, name: str) -> None:
        self.hub = hub
        self.url = f"{hub.url}/user/{name}"

    def log_tail(self, lines: int = 40) -> str:
        return self.hub.tail(lines)


def browser_participant(
    hub: WorkshopHub, work: Path, screenshot: Path | None = None
) -> tuple[list[float], str]:
    """One participant in Chromium: log in, open and run 01-isolation, propose, roll.

    With ``screenshot``, the table after the last roll is saved there (before its undo).

    Returns:
        The click → dice drawn times in ms, and a note (empty when it played).
    """
    home = hub.directory / "participants" / BROWSER_USER
    settings = home / ".jupyter" / "lab" / "user-settings"
    for relative, values in LAB_SETTINGS.items():
        path = settings / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    with chromium(work / "chromium") as context:
        page = context.new_page()
        page.goto(f"{hub.url}/hub/login")
        page.fill("input[name=username]", BROWSER_USER)
        page.fill("input[name=password]", PASSWORD)
        page.click("[type=submit]")
        page.wait_for_url("**/user/web/lab**", timeout=240_000)
        lab = ParticipantLab(hub, BROWSER_USER)
        notebook = Notebook(page, lab, NOTEBOOK)  # type: ignore[arg-type]
        page.goto(f"{lab.url}/lab/tree/{quote(NOTEBOOK)}?reset")
        notebook.wait_for_kernel(timeout=240)
        notebook.run_all(timeout=300, widget_timeout=120)
        page.locator(f"{TABLE} .iw-ap select").select_option(label="Bob")
        page.locator(f"{TABLE} .iw-action input").fill("board up the windows")
        page.locator(f"{TABLE} .iw-propose").click()
        page.locator(f"{TABLE} .iw-conflict-summary").filter(has_text="in progress").wait_for()
        chips = f"{TABLE} .iw-chips-bob-green"
        times = []
        for _ in range(BROWSER_ROLLS):
            times.append(time_click(page, f"{TABLE} .iw-roll-bob-green", chips, timeout=60))
            if "→" not in page.locator(chips).inner_text():
                return times, "the roll drew no dice reading"
            if screenshot is not None and len(times) == BROWSER_ROLLS:
                page.locator(TABLE).screenshot(path=str(screenshot))
            page.evaluate("(s) => document.querySelector(s).click()", f"{TABLE} .iw-undo")
            page.wait_for_function(
                "(s) => !document.querySelector(s).textContent.includes('→')",
                arg=chips,
                timeout=60_000,
            )
        return times, ""


def overview_refresh(participants: Path) -> tuple[float, float]:
    """The teacher's overview's rows for every participant (its journals read, as the
    overview's first refresh reads them), then again with nothing changed: ms each."""
    roster = Roster(participants)
    began = time.perf_counter()
    roster.rows({})
    cold = time.perf_counter() - began
    began = time.perf_counter()
    roster.rows({})
    return cold * 1000, (time.perf_counter() - began) * 1000


def run_size(
    size: int,
    seconds: float,
    pace: float,
    browser: bool,
    work: Path,
    shots: Path | None = None,
    port: int = 9151,
) -> Run:
    """Start a hub, bring ``size`` participants in, let them play, count their journals."""
    load_before = os.getloadavg()
    log_tail = ""
    hub = WorkshopHub(
        work / "workshop",
        port=port,
        last_port=port + FIRST_SERVER_PORT + SLOT_PORTS - 1,
        user_hosts=("127.0.0.1", "127.0.0.2"),
        lab_args=("--LabApp.expose_app_in_browser=True",) if browser else (),
    )
    players = [Player(f"p{i:02d}") for i in range(1, size + 1)]
    try:
        hub.start()

        def arrive(player: Player) -> float:
            """Log in, spawn, open the notebook's kernel; a failure is the player's error."""
            try:
                hub.log_in(player.name)
                spent = hub.spawn(player.name)
                player.kernel = hub.open_kernel(player.name, NOTEBOOK)
                player.kernel.execute(SETUP.format(stem=STEM, seed=int(player.name[1:])))
            except (HubError, OSError, ValueError) as exc:
                player.error = f"arriving: {str(exc)[:300]}"
                if player.kernel is not None:
                    player.kernel.close()
                player.kernel = None
                return float("nan")
            return spent

        with ThreadPoolExecutor(max_workers=10) as pool:
            spawns = [t for t in pool.map(arrive, players) if t == t] or [float("nan")]
        arrived = [p for p in players if p.kernel is not None]
        servers = {p.name: hub.server_pid(p.name) for p in arrived}
        trees = {name: [pid, *descendants(pid)] for name, pid in servers.items()}
        stop = threading.Event()
        began = time.monotonic()
        before = {name: cpu_seconds(pids) for name, pids in trees.items()}
        threads = [
            threading.Thread(target=p.play, args=(began + pace * i / size, pace, stop), daemon=True)
            for i, p in enumerate(arrived)
        ]
        for thread in threads:
            thread.start()
        browser_ms: list[float] = []
        note = ""
        if browser:
            try:
                hub.log_in(BROWSER_USER)  # creates the user, so its settings can be written
                shot = shots / f"workshop-{size}-users.png" if shots else None
                browser_ms, note = browser_participant(hub, work, shot)
            except Exception as exc:  # reported as the check's result, then the run fails
                note = f"{type(exc).__name__}: {str(exc)[:400]}"
        remaining = began + seconds - time.monotonic()
        if remaining > 0:
            time.sleep(remaining)
        stop.set()
        for thread in threads:
            thread.join(180)
        played = time.monotonic() - began
        after = {name: cpu_seconds(pids) for name, pids in trees.items()}
        memory = [hub.memory_kib(p.name) / 1024 for p in arrived]
        server = [rss_kib(servers[p.name]) / 1024 for p in arrived]
        kernel = [m - s for m, s in zip(memory, server, strict=True)]
        for player in players:
            if player.kernel is not None:
                player.kernel.close()
        if any(p.error for p in players):
            log_tail = hub.tail(60)
        journaled = {
            p.name: entries_on_disk(hub.directory / "participants" / p.name, STEM) for p in players
        }
        overview = overview_refresh(hub.directory / "participants")
    finally:
        stragglers = hub.stop()
    errors = [f"{p.name}: {p.error}" for p in players if p.error]
    if errors:
        errors.append("the hub's log ended:\n" + log_tail)
    if stragglers:
        errors.append(f"processes still running after the hub stopped: {stragglers}")
    samples = tuple(t for p in players for t in p.round_trips) or (float("nan"),)
    return Run(
        size=size,
        hub_start=hub.started_in,
        spawns=spawns,
        round_trips=Stats(samples),
        memory_mib=memory,
        server_mib=server,
        kernel_mib=kernel,
        cpu_share=[(after[n] - before[n]) / played for n in trees],
        acknowledged=sum(p.acknowledged for p in players),
        journaled=sum(journaled.values()),
        lost=sum(max(0, p.acknowledged - journaled[p.name]) for p in players),
        errors=errors,
        browser_ms=browser_ms,
        browser_note=note,
        overview_ms=overview,
        load_before=load_before,
        load_after=os.getloadavg(),
    )


def report(runs: list[Run], browser: bool) -> None:
    base = runs[0].round_trips
    print(
        f"\n{'users':>5} {'hub s':>6} {'spawn med/max s':>16} {'roll med ms':>12} {'×1':>5} "
        f"{'p95 ms':>7} {'×1':>5} {'rolls':>6} {'MiB/user':>9} {'CPU/user':>9} "
        f"{'acked':>7} {'on disk':>8} {'lost':>5}  {'load avg before → after':<24}"
        + ("  browser click ms" if browser else "")
    )
    for run in runs:
        rt = run.round_trips
        line = (
            f"{run.size:>5} {run.hub_start:>6.1f} "
            f"{statistics.median(run.spawns):>7.1f} / {max(run.spawns):>5.1f} "
            f"{rt.median:>12.1f} {rt.median / base.median:>5.2f} {rt.p95:>7.1f} "
            f"{rt.p95 / base.p95:>5.2f} {len(rt.samples):>6} "
            f"{statistics.median(run.memory_mib):>9.0f} "
            f"{100 * statistics.median(run.cpu_share):>8.1f}% "
            f"{run.acknowledged:>7} {run.journaled:>8} {run.lost:>5}  "
            f"{'/'.join(f'{x:.1f}' for x in run.load_before)} → "
            f"{'/'.join(f'{x:.1f}' for x in run.load_after)}"
        )
        if browser:
            played = (
                f"  {statistics.median(run.browser_ms):.0f} (n={len(run.browser_ms)})"
                if run.browser_ms and not run.browser_note
                else f"  DID NOT PLAY: {run.browser_note}"
            )
            line += played
        print(line, flush=True)
        for error in run.errors:
            print(f"      error: {error}")
    for run in runs:
        cold, warm = run.overview_ms
        print(
            f"teacher's overview at {run.size}: rows read in {cold:.0f} ms, refreshed with "
            f"nothing changed in {warm:.0f} ms"
        )
    # What the Kubernetes values take from the largest run (docs/workshop/z2jh-values.yaml).
    largest = runs[-1]
    server_mib = statistics.median(largest.server_mib)
    kernel_mib = statistics.median(largest.kernel_mib)
    guarantee, limit = memory_values(server_mib, kernel_mib)
    print(
        f"\nmemory per participant at {largest.size}: server {server_mib:.0f} MiB + one kernel "
        f"{kernel_mib:.0f} MiB → z2jh singleuser.memory.guarantee {guarantee}, limit {limit}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 30, 60])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long everyone plays")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a player's rolls")
    parser.add_argument("--browser", action="store_true", help="one more participant in Chromium")
    parser.add_argument(
        "--screenshots", type=Path, help="with --browser: save the rolled table here, per size"
    )
    parser.add_argument(
        "--port",
        type=int,
        default=9151,
        help="the hub's port (not make workshop's 8951, which a hub tier run may hold)",
    )
    args = parser.parse_args(argv)
    slots = 2 * SLOT_PORTS
    if any(not 1 <= n <= slots - 2 for n in args.sizes) or args.seconds <= 0 or args.pace <= 0:
        parser.error(f"--sizes must be 1..{slots - 2} ({slots} server slots, 2 spare)")
    if args.browser and (problem := browser_problem()):
        print(f"cannot run the browser check: {problem}", file=sys.stderr)
        return 2
    print(
        f"Workshop hub load: {args.sizes} participants, one Isolation conflict each every "
        f"{args.pace:g} s through the kernel websocket, for {args.seconds:g} s"
        + ("; plus one participant in Chromium" if args.browser else ""),
        flush=True,
    )
    runs = []
    for size in args.sizes:
        with tempfile.TemporaryDirectory(prefix="isowidgets-workshop-") as work:
            runs.append(
                run_size(
                    size,
                    args.seconds,
                    args.pace,
                    args.browser,
                    Path(work),
                    args.screenshots,
                    args.port,
                )
            )
        print(f"  {size} users done", flush=True)
    report(runs, args.browser)
    failed = [r for r in runs if r.lost or r.errors or (args.browser and r.browser_note)]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
