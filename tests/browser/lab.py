"""Drive a real JupyterLab in headless Chromium: the server, the browser, and a notebook.

The browser tests (``conftest.py`` wires these into fixtures) and the latency
benchmarks (``benchmarks/_latency.py``) share this one copy of the code, so the
server they measure is the server the tests run against.

The pieces, in the order a test meets them:

* :class:`LabServer` starts ``jupyter lab`` on 127.0.0.1 in its own process
  group, with throwaway settings and runtime directories, with or without the
  kit's TCP_NODELAY config (:mod:`isowidgets.server`), and tears it all down.
  With ``spare_kernels=True`` it keeps one fresh kernel started ahead of need
  (:meth:`LabServer.attach_spare`): a test opening a notebook finds its kernel
  already up instead of waiting 4–5 s for one, while the next spare starts in
  the background, and has already imported the kit's modules (:data:`WARM_UP`,
  2–3 s on a loaded 2-core machine) without binding a name in the notebook's
  namespace. A notebook's kernel is shut down in the background once its tab is
  closed (:meth:`LabServer.shutdown_kernels_soon`); opening that path again
  waits for it.
* :func:`launch_browser` opens Debian's Chromium through Playwright (never a
  downloaded browser).
* :class:`Notebook` opens one notebook in a page and offers what a test needs:
  wait for a ready kernel, Run All, check that nothing failed, find widgets by
  the CSS class given with ``widget.add_class(...)``, click (also cytoscape
  nodes and edges, which live in a canvas), wait for text, take screenshots,
  and shut the kernel down.

Lessons encoded here (see /work/shared/notes/jupyter-stack-facts.md): the
status bar can read "idle" before the kernel is usable and a Run All sent then
is dropped, so readiness is read from ``window.jupyterapp`` (the server runs
with ``--LabApp.expose_app_in_browser=True``); kernels are shared per notebook
path, so each test shuts its notebook's kernel down; Lab scrolls inside the
notebook panel, so screenshots need a tall viewport rather than ``full_page``.

Playwright is imported lazily so this module can be imported (by conftest, at
collection time) on machines without it; the fixtures then skip or fail.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Locator, Page, Playwright

REPO = Path(__file__).resolve().parents[2]
"""The repository root."""

NOTEBOOKS = REPO / "notebooks"
"""The shipped notebooks; the server serves a copy of them."""

TEST_NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
"""Small notebooks that exist only for the browser tests (e.g. ``echo.ipynb``)."""

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
"""Where :meth:`Notebook.screenshot` writes PNGs (ignored by git)."""

CHROMIUM = Path(os.environ.get("ISOWIDGETS_CHROMIUM", "/usr/bin/chromium"))
"""Debian's Chromium (``ISOWIDGETS_CHROMIUM`` overrides). Playwright never downloads one here."""

CHROMIUM_ARGS = (
    "--no-sandbox",  # the tests run as root
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

VIEWPORT = {"width": 1400, "height": 2200}
"""Tall, because Lab scrolls inside the notebook panel and screenshots show the viewport only."""

LAB_SETTINGS: dict[str, dict[str, Any]] = {
    # No "would you like news?" pop-up over the notebook, and no update check (offline).
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    # Keep off-screen cells attached to the DOM so every output can be found.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


WARM_UP = (
    "isowidgets.widgets.isolation",
    "isowidgets.widgets.impact",
    "isowidgets.widgets.fudge_conflict",
    "isowidgets.widgets.watch_the_world_die",
    "isowidgets.widgets.odds_lab",
    "isowidgets.widgets.replay",
    "isowidgets.widgets.tray",
    "plotly.express",
    "plotly.basewidget",  # the figures' class, built on a table's first plot: 1.5 s
    "pandas",
    "ipycytoscape",
)
"""What a spare kernel imports before a notebook gets it: what the notebooks import.

Imported, never bound: the notebook's namespace stays empty, so a notebook that forgets
an import still fails (only ``sys.modules`` is warm, as after any earlier cell's import).
A fresh kernel's imports are still run by the notebook tier (nbval), one kernel per
notebook."""

_WARM_UP_CODE = (
    "exec('import importlib\\nfor name in NAMES: importlib.import_module(name)', "
    "{{'NAMES': {names!r}}})"
)


class LabError(RuntimeError):
    """The server or the page did not do what the harness waited for."""


# --- the server -----------------------------------------------------------------------


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def copy_notebooks(root: Path, sources: Sequence[Path] = (NOTEBOOKS, TEST_NOTEBOOKS)) -> Path:
    """Copy the notebooks of each source folder into ``root``, so tests never dirty the repo.

    Later sources are merged into the same folder; a name present in two
    sources is an error rather than a silent overwrite.

    Returns:
        ``root``.
    """
    root.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    for source in sources:
        if not source.is_dir():
            continue
        for entry in source.iterdir():
            if entry.name in {".ipynb_checkpoints", "__pycache__"}:
                continue
            target = root / entry.name
            if target.exists():
                raise LabError(f"{entry} would overwrite {target}: rename one of them")
            if entry.is_dir():
                shutil.copytree(entry, target, ignore=ignore)
            else:
                shutil.copy2(entry, target)
    return root


@dataclass
class LabServer:
    """A ``jupyter lab`` process on 127.0.0.1, isolated from the user's Jupyter files.

    Use :meth:`start` (or the ``with`` statement) and :meth:`stop`. Every file
    the server or its kernels write (settings, workspaces, runtime files,
    IPython history) goes into ``workdir``; the notebooks are served from
    ``root``.

    Attributes:
        root: The folder the server serves (``/lab/tree/NAME`` is ``root/NAME``).
        workdir: Throwaway folder for settings, runtime files and the server log.
        nodelay: Start through ``python -m isowidgets.lab`` (kit config, TCP_NODELAY)
            rather than plain ``python -m jupyterlab`` (the stock server).
        port: The port, chosen free when 0.
        extra_args: More ``jupyter lab`` flags, appended last.
        spare_kernels: Keep one fresh kernel started ahead of need for
            :meth:`attach_spare`.
    """

    root: Path
    workdir: Path
    nodelay: bool = True
    port: int = 0
    extra_args: Sequence[str] = ()
    spare_kernels: bool = False
    process: subprocess.Popen[bytes] | None = field(default=None, init=False, repr=False)
    _spare: Any = field(default=None, init=False, repr=False)
    _closing: dict[str, Any] = field(default_factory=dict, init=False, repr=False)

    @property
    def url(self) -> str:
        """Base URL, without a trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        """The server's combined stdout and stderr."""
        return self.workdir / "server.log"

    def command(self) -> list[str]:
        """The command line that starts this server."""
        module = "isowidgets.lab" if self.nodelay else "jupyterlab"
        return [
            sys.executable,
            "-m",
            module,
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={self.port}",
            "--port-retries=0",
            f"--ServerApp.root_dir={self.root}",
            # Open access on the loopback interface only, for a test's lifetime.
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            "--ServerApp.allow_root=True",
            # window.jupyterapp: the only trustworthy view of kernel readiness.
            "--LabApp.expose_app_in_browser=True",
            *self.extra_args,
        ]

    def environment(self) -> dict[str, str]:
        """The server's environment: the current one with every Jupyter folder made throwaway."""
        env = dict(os.environ)
        folders = {
            "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
            "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTER_CONFIG_DIR": "config",
            "IPYTHONDIR": "ipython",
        }
        for name, folder in folders.items():
            env[name] = str(self.workdir / folder)
        env["JUPYTER_PLATFORM_DIRS"] = "1"  # silence the deprecation notice in the log
        env.pop("JUPYTER_TOKEN", None)
        return env

    def _write_settings(self) -> None:
        settings_dir = self.workdir / "lab-settings"
        for relative, values in LAB_SETTINGS.items():
            path = settings_dir / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values, indent=2))

    def start(self, timeout: float = 60.0) -> LabServer:
        """Start the server and wait until its REST API answers.

        Raises:
            LabError: The process exited or did not answer in time; the
                message ends with the tail of the server log.
        """
        if self.process is not None:
            raise LabError("this server was already started")
        self.workdir.mkdir(parents=True, exist_ok=True)
        self._write_settings()
        if not self.port:
            self.port = free_port()
        with self.log_path.open("wb") as log:
            # A new session = a new process group, so stop() can signal the server
            # and anything it spawned in one go.
            self.process = subprocess.Popen(
                self.command(),
                cwd=self.root,
                env=self.environment(),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            self._wait_until_answering(timeout)
        except BaseException:
            self.stop()
            raise
        if self.spare_kernels:
            self._start_spare()
        return self

    def _wait_until_answering(self, timeout: float) -> None:
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise LabError(
                    f"jupyter lab exited with code {self.process.returncode}:\n{self.log_tail()}"
                )
            with contextlib.suppress(OSError):
                self.api("GET", "/api/status", timeout=2.0)
                return
            time.sleep(0.2)
        raise LabError(f"jupyter lab did not answer within {timeout:.0f} s:\n{self.log_tail()}")

    def api(self, method: str, path: str, *, body: Any = None, timeout: float = 10.0) -> Any:
        """Call the server's REST API (with ``body`` as JSON); returns the decoded JSON
        body (None when empty)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self, path: str | None = None) -> None:
        """Shut down the sessions (and kernels) of one notebook path, or all of them.

        Done through the REST API rather than the page, so it also works when
        the page has crashed or already closed.
        """
        self.await_shutdowns(path)
        for session in self.api("GET", "/api/sessions"):
            if path is None or session.get("path") == path:
                with contextlib.suppress(urllib.error.HTTPError):  # already gone
                    self.api("DELETE", f"/api/sessions/{session['id']}")
        if path is None:
            for kernel in self.api("GET", "/api/kernels"):
                with contextlib.suppress(urllib.error.HTTPError):
                    self.api("DELETE", f"/api/kernels/{kernel['id']}")

    def shutdown_kernels_soon(self, path: str) -> None:
        """Shut down the sessions (and kernels) of ``path`` in the background.

        A kernel takes 1–3 s to stop on a loaded machine (the server waits for the process
        to exit), time the next test need not wait: it opens another notebook meanwhile.
        Whatever opens ``path`` again (:meth:`attach_spare`, :meth:`shutdown_kernels`)
        first waits for this, so no test ever connects to an earlier test's kernel.
        """
        import threading

        self.await_shutdowns(path)

        def shut() -> None:
            with contextlib.suppress(OSError, urllib.error.HTTPError, ValueError):
                self.shutdown_kernels(path)

        thread = threading.Thread(target=shut, name=f"shutdown {path}", daemon=True)
        self._closing[path] = thread
        thread.start()

    def await_shutdowns(self, path: str | None = None, timeout: float = 60.0) -> None:
        """Wait until the background shutdowns of ``path`` (of every path: None) are done."""
        import threading

        current = threading.current_thread()
        for where, thread in list(self._closing.items()):
            if (path is None or where == path) and thread is not current:
                thread.join(timeout)
                if self._closing.get(where) is thread:
                    del self._closing[where]

    def attach_spare(self, path: str) -> bool:
        """Give the notebook at ``path`` the spare kernel, so opening it finds one running.

        The spare is a kernel started earlier through the REST API (in the server's
        root folder, where the kernel of a notebook there would run) and never used;
        a session is made for ``path`` with it, and JupyterLab, opening ``path``,
        connects to that session as it does to any existing one. Then the next spare
        starts in the background. Nothing happens (``False``) without spare kernels,
        for a notebook outside the root folder (its kernel runs in its own folder), or
        when ``path`` already has a session (a test's own kernel, kept on purpose).

        Returns:
            Whether ``path`` got the spare kernel.
        """
        self.await_shutdowns(path)
        if not self.spare_kernels or "/" in path.strip("/"):
            return False
        if any(session.get("path") == path for session in self.api("GET", "/api/sessions")):
            return False
        spare, self._spare = self._spare, None
        kernel = spare.result() if spare is not None else None
        self._start_spare()
        if kernel is None:
            return False
        body = {
            "path": path,
            "name": Path(path).name,
            "type": "notebook",
            "kernel": {"id": kernel},
        }
        self.api("POST", "/api/sessions", body=body)
        return True

    def _start_spare(self) -> None:
        """Start the next spare kernel in a thread (the REST call waits for the launch)."""
        import threading
        from concurrent.futures import Future

        future: Future[str | None] = Future()

        def start() -> None:
            try:
                model = self.api(
                    "POST", "/api/kernels", body={"name": "python3", "path": ""}, timeout=120
                )
            except (OSError, urllib.error.HTTPError):
                future.set_result(None)  # the next notebook starts its own kernel
                return
            kernel = str(model["id"])
            self._warm_up(kernel)
            future.set_result(kernel)

        threading.Thread(target=start, name="spare-kernel", daemon=True).start()
        self._spare = future

    def _warm_up(self, kernel: str, timeout: float = 120.0) -> None:
        """Import :data:`WARM_UP` in the kernel ``kernel``, silently, through its
        connection file (no page is connected to it yet, so nothing is shown anywhere).

        A failure leaves the kernel as it was (cold, still usable): the notebook then
        imports what it needs itself, and reports any import error as its own.
        """
        from jupyter_client import BlockingKernelClient

        client = BlockingKernelClient(
            connection_file=str(self.workdir / "runtime" / f"kernel-{kernel}.json")
        )
        try:
            client.load_connection_file()
            client.start_channels()
            request = client.execute(
                _WARM_UP_CODE.format(names=WARM_UP), silent=True, store_history=False
            )
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                reply = client.get_shell_msg(timeout=max(deadline - time.monotonic(), 0.1))
                if reply["parent_header"].get("msg_id") == request:
                    return
        except Exception:  # a cold spare is still a spare
            return
        finally:
            with contextlib.suppress(Exception):
                client.stop_channels()

    def kit_config_active(self) -> bool:
        """Whether a kernel websocket of this server has been connected with TCP_NODELAY.

        Read from the server log, where :class:`isowidgets.server.NoDelayWebsocketConnection`
        notes each connection; so it is only meaningful once a notebook has been opened.
        """
        from isowidgets.server import NODELAY_LOG_MESSAGE

        try:
            return NODELAY_LOG_MESSAGE in self.log_path.read_text(errors="replace")
        except OSError:
            return False

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of the server log, for error messages."""
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])

    def stop(self, timeout: float = 15.0) -> None:
        """Stop the kernels and the server; nothing is left running.

        Kernels run in their own process groups (jupyter_client starts them in a
        new session), so they are shut down through the API first; then the
        server's process group gets SIGTERM (the server's own clean shutdown)
        and, if it lingers, SIGKILL.
        """
        process, self.process = self.process, None
        if process is None:
            return
        spare, self._spare = self._spare, None
        if spare is not None:  # let a kernel being started finish, so it is shut down too
            with contextlib.suppress(Exception):
                spare.result(timeout=timeout)
        self.await_shutdowns(timeout=timeout)
        if process.poll() is None:
            with contextlib.suppress(OSError, ValueError):
                self.shutdown_kernels()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout)
        # The group may outlive its leader (e.g. a terminal the server spawned).
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)

    def __enter__(self) -> LabServer:
        return self.start() if self.process is None else self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


# --- the browser ----------------------------------------------------------------------


def browser_problem() -> str | None:
    """Why the browser tier cannot run here, or None when it can."""
    problems = []
    if not CHROMIUM.exists():
        problems.append(f"{CHROMIUM} is missing: install it with `apt-get install chromium`")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        problems.append(
            "the Python package playwright is missing: `pip install -e '.[test]'` "
            "(never `playwright install`; the tests use Debian's chromium)"
        )
    return "; ".join(problems) or None


def launch_browser(playwright: Playwright, user_data_dir: Path) -> BrowserContext:
    """Headless Debian Chromium with a fresh profile in ``user_data_dir``.

    A persistent context because Playwright refuses ``--user-data-dir`` in the
    arguments; a fresh folder per run keeps runs independent.
    """
    return playwright.chromium.launch_persistent_context(
        str(user_data_dir),
        executable_path=str(CHROMIUM),
        headless=True,
        args=list(CHROMIUM_ARGS),
        viewport=VIEWPORT,  # type: ignore[arg-type]
    )


# --- a notebook in a page -------------------------------------------------------------

_PANEL_JS = """
(path) => {
  const app = window.jupyterapp;
  if (!app) return null;
  const current = app.shell.currentWidget;
  if (current && current.context && current.context.path === path) return current;
  // A page that is not focused may have no current widget: the open panel of the path.
  for (const panel of Array.from(app.shell.widgets('main'))) {
    if (panel.context && panel.context.path === path && !panel.isDisposed) return panel;
  }
  return null;
}
"""

_KERNEL_READY_JS = f"""
(path) => {{
  const panel = ({_PANEL_JS})(path);
  if (!panel || !panel.context.isReady || !panel.sessionContext) return false;
  const sessionContext = panel.sessionContext;
  const kernel = sessionContext.session && sessionContext.session.kernel;
  return sessionContext.isReady && !!kernel
    && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}}
"""

_RUN_ALL_JS = f"""
async ([path, timeoutMs]) => {{
  const panel = ({_PANEL_JS})(path);
  if (!panel) throw new Error('the notebook ' + path + ' is not the current widget');
  const run = window.jupyterapp.commands.execute('notebook:run-all-cells');
  // The command's promise settles when the last cell's reply has come. Seen once on a
  // loaded machine (issue 23, item 8): every cell ran and the kernel was idle, and the
  // promise never settled. So the cells are watched too: done when every code cell with
  // code has an execution count, none is running, and the kernel is idle, twice in a row.
  const code = () => panel.content.widgets.filter(
    (cell) => cell.model.type === 'code' && cell.model.sharedModel.getSource().trim());
  const state = () => {{
    const cells = code();
    const running = cells.filter((c) => (c.model.executionState || 'idle') !== 'idle').length;
    const unrun = cells.filter((c) => c.model.executionCount === null).length;
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    return {{running, unrun, status: kernel ? kernel.status : 'none'}};
  }};
  let settled = null;
  let wake = () => {{}};
  run.then((ok) => {{ settled = {{ok, by: 'command'}}; wake(); }},
           (error) => {{ settled = {{ok: false, by: 'command', error: String(error)}}; wake(); }});
  const started = Date.now();
  let quiet = 0;
  let begun = false;  // a saved notebook's cells have counts before anything ran
  while (Date.now() - started < timeoutMs) {{
    // A look at the cells every 250 ms, or at once when the command settles.
    await new Promise((resolve) => {{ wake = resolve; setTimeout(resolve, 250); }});
    if (settled) return settled;
    const now = state();
    begun = begun || now.running > 0 || now.unrun > 0;
    const done = begun && now.running === 0 && now.unrun === 0 && now.status === 'idle';
    quiet = done ? quiet + 1 : 0;
    if (quiet >= 8) return {{ok: true, by: 'cells', state: now}};  // 2 s of all ran, idle
  }}
  const stuck = code().map((c, i) => ({{
      i, count: c.model.executionCount, state: c.model.executionState || 'idle',
      prompt: (c.node.querySelector('.jp-InputPrompt') || {{}}).textContent,
      source: c.model.sharedModel.getSource().slice(0, 40)}}))
    .filter((c) => c.count === null || c.state !== 'idle');
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  throw new Error('Run All did not finish within ' + timeoutMs + ' ms: '
                  + JSON.stringify(state()) + '; connection: '
                  + (kernel ? kernel.connectionStatus : 'none') + '; cells: '
                  + JSON.stringify(stuck));
}}
"""

_WIDGET_ERRORS_JS = """
() => Array.from(document.querySelectorAll('.jp-OutputArea-output *'))
  .filter((el) => Array.from(el.childNodes).some((node) => node.nodeType === 3
    && node.textContent.includes('Click to show javascript error')))
  .map((el) => {
    const box = el.closest('.jupyter-widgets') || el.parentElement;
    const kit = [];
    for (let up = box; up; up = up.parentElement) {
      const names = Array.from(up.classList || []).filter((c) => c.startsWith('iw-'));
      if (names.length) kit.unshift(names.join('.'));
    }
    // The error and its stack are drawn only once the view is clicked.
    if (typeof box.onclick === 'function') box.onclick();
    return kit.join(' › ') + ': ' + (box.textContent || '').replace(/\\s+/g, ' ').slice(0, 1500);
  })
"""

_FAILED_VIEWS_JS = f"""
(path) => {{
  // Each widget output that says it failed: its cell, and the model id it stood for.
  const panel = ({_PANEL_JS})(path);
  if (!panel) return [];
  const found = [];
  panel.content.widgets.forEach((cell, index) => {{
    const outputs = cell.model.outputs;
    cell.node.querySelectorAll('.jp-OutputArea-output').forEach((node, j) => {{
      const text = (node.innerText || '').trim();
      if (!text.includes('Error displaying widget')) return;
      let model = '?';
      if (outputs && j < outputs.length) {{
        const data = outputs.get(j).data['application/vnd.jupyter.widget-view+json'];
        if (data) model = data.model_id;
      }}
      found.push({{cell: index, output: j, model, text: text.slice(0, 200)}});
    }});
  }});
  return found;
}}
"""

_CELLS_JS = f"""
(path) => {{
  const panel = ({_PANEL_JS})(path);
  return panel ? panel.content.widgets.map((cell) => cell.model.toJSON()) : null;
}}
"""

# ipywidgets' renderer sets an output's whole text to "Loading widget..." until
# the view exists; when the kernel never sends the model (closed, or from another
# kernel) it stays so forever. (Widget outputs carry no data-mime-type attribute.)
_LOADING_WIDGET = "Loading widget..."
_WIDGETS_LOADED_JS = f"""
() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))
  .every((output) => output.textContent.trim() !== '{_LOADING_WIDGET}')
"""

_EXECUTE_JS = f"""
async ([path, code, timeoutMs]) => {{
  const panel = ({_PANEL_JS})(path);
  const kernel = panel && panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel) throw new Error('the notebook ' + path + ' has no kernel');
  const future = kernel.requestExecute({{code, silent: false, store_history: false}});
  let out = '';
  let error = null;
  future.onIOPub = (msg) => {{
    const kind = msg.header.msg_type;
    if (kind === 'stream' && msg.content.name === 'stdout') out += msg.content.text;
    else if (kind === 'error') error = msg.content.ename + ': ' + msg.content.evalue;
  }};
  const late = new Promise((_, reject) => setTimeout(
    () => reject(new Error('the code did not finish within ' + timeoutMs + ' ms')), timeoutMs));
  await Promise.race([future.done, late]);
  return {{out, error}};
}}
"""

_SHUTDOWN_JS = f"""
async (path) => {{
  const panel = ({_PANEL_JS})(path);
  if (panel && panel.sessionContext.session) await panel.sessionContext.shutdown();
}}
"""

_CYTOSCAPE_POINT_JS = """
([selector, id]) => {
  const element = document.querySelector(selector);
  if (!element) throw new Error('no element matches ' + selector);
  const cy = element._cyreg && element._cyreg.cy;
  if (!cy) throw new Error(selector + ' is not a cytoscape container (no _cyreg.cy)');
  const target = cy.getElementById(id);
  if (target.empty()) {
    const ids = cy.elements().map((e) => e.id());
    throw new Error('no node or edge ' + JSON.stringify(id) + ' in ' + selector
      + '; ids are ' + JSON.stringify(ids));
  }
  const point = target.isEdge() ? target.renderedMidpoint() : target.renderedPosition();
  const canvas = element.querySelector('canvas') || element;
  const rect = canvas.getBoundingClientRect();
  return {x: rect.left + point.x, y: rect.top + point.y};
}
"""

_CYTOSCAPE_SETTLED_JS = """
async ([selector, id]) => {
  // Wait until the element stays put on the page for a moment: a fit (after a node comes
  // back, or the box was resized) moves every node, and a click measured before it lands
  // where the node was.
  const element = document.querySelector(selector);
  const cy = element && element._cyreg && element._cyreg.cy;
  if (!cy) return false;
  const where = () => {
    const target = cy.getElementById(id);
    if (target.empty()) return null;
    const point = target.isEdge() ? target.renderedMidpoint() : target.renderedPosition();
    const rect = (element.querySelector('canvas') || element).getBoundingClientRect();
    return [rect.left + point.x, rect.top + point.y, cy.zoom()];
  };
  let last = where();
  for (let i = 0; i < 40; i++) {
    await new Promise((done) => setTimeout(done, 120));
    const now = where();
    if (last && now && now.every((v, k) => Math.abs(v - last[k]) < 0.5)) return true;
    last = now;
  }
  return false;
}
"""

_CYTOSCAPE_HAS_JS = """
([selector, ids]) => {
  const element = document.querySelector(selector);
  const cy = element && element._cyreg && element._cyreg.cy;
  return !!cy && ids.every((id) => cy.getElementById(id).nonempty());
}
"""

_CYTOSCAPE_VISIBLE_JS = """
(selector) => {
  const element = document.querySelector(selector);
  const cy = element && element._cyreg && element._cyreg.cy;
  if (!cy) return null;
  const shown = cy.elements().filter((e) => e.visible() && e.data('key') !== undefined);
  return shown;
}
"""

_CYTOSCAPE_KEY_JS = f"""
([selector, key]) => {{
  const shown = ({_CYTOSCAPE_VISIBLE_JS})(selector);
  if (!shown) return {{id: null, nodes: [], edges: []}};
  const match = key === null ? [] : shown.filter((e) => e.data('key') === key);
  return {{
    id: match.length ? match[0].id() : null,
    nodes: shown.nodes().map((e) => e.data('key')),
    edges: shown.edges().map((e) => e.data('key')),
  }};
}}
"""

_CYTOSCAPE_KEYS_SHOWN_JS = f"""
([selector, keys, gone]) => {{
  const shown = ({_CYTOSCAPE_VISIBLE_JS})(selector);
  if (!shown) return false;
  const drawn = new Set(shown.map((e) => e.data('key')));
  return keys.every((k) => drawn.has(k)) && gone.every((k) => !drawn.has(k));
}}
"""

KIT_ROOTS_JS = """
(scope) => {
  // The kit's widgets as a cell shows them: in an output, every element with a class
  // starting "iw-" that has no such element above it in that output (a panel, or a
  // shared kit widget shown alone). Returns the elements, so it runs inside the page.
  const isKit = (el) => Array.from(el.classList).some((name) => name.startsWith('iw-'));
  const roots = [];
  for (const output of scope.querySelectorAll('.jp-OutputArea-output')) {
    for (const el of output.querySelectorAll('[class*="iw-"]')) {
      if (!isKit(el)) continue;
      let up = el.parentElement;
      while (up !== output && !isKit(up)) up = up.parentElement;
      if (up === output) roots.push(el);
    }
  }
  return roots;
}
"""
"""A JavaScript function of a DOM scope giving the kit's widget roots inside its outputs."""

_CELL_OUTPUTS_JS = f"""
(path) => {{
  const panel = ({_PANEL_JS})(path);
  if (!panel) return null;
  return panel.content.widgets.map((cell) => ({{
    texts: Array.from(cell.node.querySelectorAll('.jp-OutputArea-output'))
      .map((output) => output.innerText.trim()),
    kit: ({KIT_ROOTS_JS})(cell.node).map((root) =>
      Array.from(root.classList).filter((name) => name.startsWith('iw-')).join(' ')),
  }}));
}}
"""

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def class_selector(css_class: str) -> str:
    """The CSS selector for a class given with ``widget.add_class(css_class)``."""
    if not re.fullmatch(r"-?[_a-zA-Z][_a-zA-Z0-9-]*", css_class):
        raise ValueError(f"not a plain CSS class name: {css_class!r}")
    return "." + css_class


def _output_problems(cells: Sequence[dict[str, Any]]) -> list[str]:
    """Error outputs and tracebacks on stderr, as readable one-paragraph messages."""
    problems = []
    for index, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            kind = output.get("output_type")
            if kind == "error":
                traceback = _ANSI.sub("", "\n".join(output.get("traceback", [])))
                problems.append(
                    f"cell {index}: {output.get('ename')}: {output.get('evalue')}\n{traceback}"
                )
            elif kind == "stream" and output.get("name") == "stderr":
                text = "".join(output.get("text", ""))
                if "Traceback" in text:
                    problems.append(f"cell {index} printed a traceback:\n{text}")
    return problems


class Notebook:
    """One notebook open in one page of a :class:`LabServer`.

    Build it with :meth:`open`. Widgets are addressed by the CSS class the
    notebook gave them with ``widget.add_class(...)``, so tests do not depend
    on Lab's DOM layout; :attr:`page` is there for anything else.

    Attributes:
        page: The Playwright page showing the notebook.
        server: The server it was opened on.
        path: The notebook's path relative to the server root, e.g. ``"00-tour.ipynb"``.
    """

    def __init__(self, page: Page, server: LabServer, path: str) -> None:
        self.page = page
        self.server = server
        self.path = path

    @classmethod
    def open(cls, page: Page, server: LabServer, path: str, *, timeout: float = 120.0) -> Notebook:
        """Open ``path`` and wait until its kernel is connected and idle.

        The URL resets Lab's workspace so that tabs from an earlier test are
        not reopened (each would start a kernel of its own).
        """
        notebook = cls(page, server, path)
        server.attach_spare(path)
        page.goto(f"{server.url}/lab/tree/{quote(path)}?reset")
        notebook.wait_for_kernel(timeout=timeout)
        return notebook

    def wait_for_kernel(self, *, timeout: float = 120.0) -> None:
        """Wait until the notebook is loaded and its kernel is connected and idle.

        Read from ``window.jupyterapp`` because the status bar can say "idle"
        before the kernel is usable.
        """
        try:
            self.page.wait_for_function(_KERNEL_READY_JS, arg=self.path, timeout=timeout * 1000)
        except Exception as error:
            raise LabError(
                f"{self.path}: no connected, idle kernel within {timeout:.0f} s "
                f"({error}).\nServer log:\n{self.server.log_tail()}"
            ) from error

    def cells(self) -> list[dict[str, Any]]:
        """The notebook's cells as nbformat dicts, read live from the page."""
        cells: list[dict[str, Any]] | None = self.page.evaluate(_CELLS_JS, self.path)
        if cells is None:
            raise LabError(f"{self.path} is not the current widget of the page")
        return cells

    def run_all(
        self, *, timeout: float = 300.0, widget_timeout: float = 60.0, check: bool = True
    ) -> None:
        """Run All Cells, wait for them to finish and for widgets to render.

        Run through the command registry (the same command as Run ▸ Run All
        Cells) whose promise settles when the last cell has run; then wait for
        the kernel to be idle and for no widget output to read "Loading
        widget..." any more.

        Args:
            timeout: Seconds for running the cells.
            widget_timeout: Seconds more for every widget view to appear.
            check: Then call :meth:`assert_no_errors`.

        Raises:
            LabError: A cell failed (the message names it), a widget never
                rendered, or time ran out.
        """
        deadline = time.monotonic() + timeout
        outcome = self.page.evaluate(_RUN_ALL_JS, [self.path, timeout * 1000])
        if outcome.get("by") == "cells":  # every cell ran; the command's promise never settled
            print(f"{self.path}: Run All's promise unsettled after every cell ran: {outcome}")
        succeeded = bool(outcome.get("ok"))
        self.wait_for_kernel(timeout=max(deadline - time.monotonic(), 1.0))
        if not succeeded:
            problems = _output_problems(self.cells())
            raise LabError(f"{self.path}: Run All stopped at an error:\n" + "\n".join(problems))
        unrun = [
            index
            for index, cell in enumerate(self.cells())
            if cell["cell_type"] == "code"
            and "".join(cell["source"]).strip()
            and cell.get("execution_count") is None
        ]
        if unrun:
            raise LabError(f"{self.path}: cells {unrun} have no execution count after Run All")
        self.wait_for_widgets(timeout=widget_timeout)
        if check:
            self.assert_no_errors()

    def wait_for_widgets(self, *, timeout: float = 30.0) -> None:
        """Wait until no widget output reads "Loading widget..." (every view exists).

        Raises:
            LabError: Some view never appeared: its model never reached the
                page (the widget was closed, or belongs to another kernel).
        """
        try:
            self.page.wait_for_function(_WIDGETS_LOADED_JS, timeout=timeout * 1000)
        except Exception as error:
            stuck = [i for i, text in enumerate(self.output_texts()) if text == _LOADING_WIDGET]
            raise LabError(
                f"{self.path}: outputs {stuck} (counted over all outputs) still read "
                f"{_LOADING_WIDGET!r} after {timeout:.0f} s: their widget models never "
                "reached the page (closed, or created by another kernel?)"
            ) from error

    def output_texts(self) -> list[str]:
        """The visible text of every output, in notebook order, spaces trimmed."""
        texts: list[str] = self.page.locator(".jp-OutputArea-output").all_inner_texts()
        return [text.strip() for text in texts]

    def assert_no_errors(self) -> None:
        """Fail if any output is an error, a traceback on stderr, or a widget that failed.

        Raises:
            AssertionError: Listing every problem found.
        """
        problems = _output_problems(self.cells())
        problems += [
            f"widget failed to render in cell {where['cell']} (output {where['output']}, "
            f"model {where['model']}): {where['text']}"
            for where in self.page.evaluate(_FAILED_VIEWS_JS, self.path)
        ]
        assert not problems, f"{self.path}:\n" + "\n".join(problems)

    def widget_errors(self) -> list[str]:
        """What each widget view that threw while rendering says (ipywidgets draws such a
        view as "Click to show javascript error." with the error and its stack hidden
        under it), with the kit classes of the widget it stands in: the error's own words,
        to route the fix."""
        found: list[str] = self.page.evaluate(_WIDGET_ERRORS_JS)
        return found

    def cell_outputs(self) -> list[dict[str, list[str]]]:
        """Per cell in notebook order: its outputs' visible texts and its kit widgets.

        Each item is ``{"texts": [...], "kit": [...]}``; ``kit`` lists, for every
        kit widget root the cell shows (see :data:`KIT_ROOTS_JS`), its ``iw-``
        classes, e.g. ``"iw-panel iw-tray"``.
        """
        found: list[dict[str, list[str]]] | None = self.page.evaluate(_CELL_OUTPUTS_JS, self.path)
        if found is None:
            raise LabError(f"{self.path} is not the current widget of the page")
        return found

    def widget(self, css_class: str) -> Locator:
        """The element of the widget given ``add_class(css_class)`` (exactly one expected)."""
        return self.page.locator(class_selector(css_class))

    def click(self, css_class: str) -> None:
        """Click the widget given ``add_class(css_class)``."""
        self.widget(css_class).click()

    def press(self, target: Locator, key: str, *, timeout: float = 15.0) -> None:
        """Focus ``target`` and press ``key`` there, as a person at the keyboard would.

        A person presses a key on a control they can see and have reached. So this waits
        until ``target`` is shown and holds the focus before pressing: a control drawn in
        a tab the kernel is still switching to is in the page but hidden, and a focus
        asked of it is silently lost (the key then goes to the notebook instead).
        """
        from playwright.sync_api import expect

        expect(target).to_be_visible(timeout=timeout * 1000)
        target.focus()
        expect(target).to_be_focused(timeout=timeout * 1000)
        self.page.keyboard.press(key)

    def text(self, css_class: str) -> str:
        """The visible text of the widget given ``add_class(css_class)``."""
        return self.widget(css_class).inner_text()

    def wait_for_text(self, css_class: str, text: str, *, timeout: float = 30.0) -> None:
        """Wait until the widget's whole visible text is ``text`` (spaces trimmed)."""
        from playwright.sync_api import expect

        expect(self.widget(css_class)).to_have_text(text, timeout=timeout * 1000)

    def wait_for_cytoscape(
        self, css_class: str, element_ids: Sequence[str], *, timeout: float = 30.0
    ) -> None:
        """Wait until the cytoscape widget exists and shows every id in ``element_ids``."""
        self.page.wait_for_function(
            _CYTOSCAPE_HAS_JS,
            arg=[class_selector(css_class), list(element_ids)],
            timeout=timeout * 1000,
        )

    def cytoscape_point(self, css_class: str, element_id: str) -> tuple[float, float]:
        """Page coordinates of a cytoscape node (its centre) or edge (its midpoint).

        ``css_class`` is the class given to the ``CytoscapeWidget``; its element
        is the cytoscape container, whose ``_cyreg.cy`` is the cytoscape.js
        instance. The graph is drawn in canvases, so there is no DOM element to
        click: the rendered position plus the canvas's page rectangle is.
        """
        widget = self.widget(css_class)
        widget.scroll_into_view_if_needed()
        self.page.evaluate(_CYTOSCAPE_SETTLED_JS, [class_selector(css_class), element_id])
        point = self.page.evaluate(_CYTOSCAPE_POINT_JS, [class_selector(css_class), element_id])
        return float(point["x"]), float(point["y"])

    def click_cytoscape(self, css_class: str, element_id: str) -> None:
        """Click a cytoscape node or edge by its id, like a user would.

        The widget is hovered first: its hover border moves the canvas by a
        pixel, which must happen before the point is measured.
        """
        self.widget(css_class).hover()
        x, y = self.cytoscape_point(css_class, element_id)
        self.page.mouse.click(x, y)

    # Graphs kept by isowidgets.widgets.graph.GraphView give every element a view id
    # (``n3:bob``, ``e12:L5``) that changes when it is re-created, and the model's id in
    # ``data.key``; tests address elements by that key.

    def cytoscape_id(self, css_class: str, key: str) -> str:
        """The view id of the visible element whose ``data.key`` is ``key``.

        Raises:
            LabError: No visible element has that key (the message lists the keys shown).
        """
        found: dict[str, Any] = self.page.evaluate(
            _CYTOSCAPE_KEY_JS, [class_selector(css_class), key]
        )
        if found["id"] is None:
            raise LabError(
                f"no visible element with key {key!r} in .{css_class}; "
                f"shown: {found['nodes']} and {found['edges']}"
            )
        return str(found["id"])

    def click_cytoscape_key(self, css_class: str, key: str) -> None:
        """Click the visible node or edge whose ``data.key`` is ``key``, like a user would."""
        self.click_cytoscape(css_class, self.cytoscape_id(css_class, key))

    def cytoscape_keys(self, css_class: str) -> dict[str, list[str]]:
        """The keys of the visible elements: ``{"nodes": [...], "edges": [...]}``.

        Visible means drawn: an element hidden with ``display: none`` (a soft
        delete) or one whose node is hidden is left out.
        """
        found: dict[str, Any] = self.page.evaluate(
            _CYTOSCAPE_KEY_JS, [class_selector(css_class), None]
        )
        return {"nodes": list(found["nodes"]), "edges": list(found["edges"])}

    def wait_for_cytoscape_keys(
        self,
        css_class: str,
        keys: Sequence[str],
        *,
        gone: Sequence[str] = (),
        timeout: float = 30.0,
    ) -> None:
        """Wait until every key in ``keys`` is drawn and none in ``gone`` is."""
        self.page.wait_for_function(
            _CYTOSCAPE_KEYS_SHOWN_JS,
            arg=[class_selector(css_class), list(keys), list(gone)],
            timeout=timeout * 1000,
        )

    def execute(self, code: str, *, timeout: float = 30.0) -> str:
        """Run ``code`` in the notebook's kernel, as a cell run by hand would; returns its stdout.

        Nothing is added to the notebook: the code is sent straight to the kernel
        (the widgets on the page follow whatever it changes). Use it to read the
        engine's state for comparing with what is drawn, or to set up a case.

        Raises:
            LabError: The code raised (the message names the exception).
        """
        found: dict[str, Any] = self.page.evaluate(_EXECUTE_JS, [self.path, code, timeout * 1000])
        if found["error"] is not None:
            raise LabError(f"{self.path}: the kernel raised {found['error']} running:\n{code}")
        return str(found["out"])

    def screenshot(self, name: str) -> Path:
        """Save the viewport as ``tests/browser/screenshots/NAME.png``; returns the path."""
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
        self.page.screenshot(path=str(path))
        return path

    def screenshot_widget(self, css_class: str, name: str) -> Path:
        """Save only the widget given ``add_class(css_class)``, at full resolution.

        A close-up to read small print (chips, ladders) that the viewport
        screenshot shrinks; saved as ``tests/browser/screenshots/NAME.png``.
        """
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
        self.widget(css_class).screenshot(path=str(path))
        return path

    def shutdown_kernel(self) -> None:
        """Shut this notebook's kernel down so the next test gets a fresh one.

        Through the page when it still works (Lab then knows the kernel is
        gone), and always through the REST API as well.
        """
        with contextlib.suppress(Exception):
            self.page.evaluate(_SHUTDOWN_JS, self.path)
        self.server.shutdown_kernels(self.path)


@contextlib.contextmanager
def open_notebook(context: BrowserContext, server: LabServer, path: str) -> Iterator[Notebook]:
    """Open ``path`` in a new page; on exit close the page and shut its kernel down (in
    the background: opening ``path`` again waits for it)."""
    page = context.new_page()
    try:
        yield Notebook.open(page, server, path)
    finally:
        page.close()
        server.shutdown_kernels_soon(path)


_APP_READY_JS = """
() => !!window.jupyterapp && !!window.jupyterapp.shell && window.jupyterapp.commands
  .hasCommand('docmanager:open')
"""

_OPEN_JS = """
async (path) => {
  const app = window.jupyterapp;
  const widget = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  if (widget && widget.id) app.shell.activateById(widget.id);
}
"""

_DIAG_JS = """
() => {
  const app = window.jupyterapp;
  if (!app) return 'no app';
  const w = app.shell.currentWidget;
  const all = Array.from(app.shell.widgets('main')).map((x) => x.title.label);
  if (!w) return ['no current', all];
  const sc = w.sessionContext;
  const k = sc && sc.session && sc.session.kernel;
  return [w.title.label, w.context && w.context.path, w.context && w.context.isReady,
    sc && sc.isReady, k && k.connectionStatus, k && k.status, all];
}
"""

_CLOSE_JS = """
(path) => {
  // Close every tab of ``path`` without asking to save: the copy served is throwaway.
  const app = window.jupyterapp;
  for (const widget of Array.from(app.shell.widgets('main'))) {
    if (widget.context && widget.context.path === path) {
      widget.context.model.dirty = false;
      widget.dispose();
    }
  }
  if (document.activeElement && document.activeElement !== document.body) {
    document.activeElement.blur();
  }
  window.scrollTo(0, 0);
  // Clean when no tab of any notebook is left open.
  return !Array.from(app.shell.widgets('main')).some((widget) => widget.context);
}
"""


class LabPages:
    """JupyterLab kept open in one page across tests: a notebook opens in it as a tab.

    Loading JupyterLab itself takes 2–3 s of a test's time on a 2-core machine (its
    bundles, its plugins, the workspace), every test again; a page already showing Lab
    opens a notebook in a fraction of that. Each notebook is still opened fresh (its
    own panel and kernel, the spare kernel when there is one) and closed at the end
    (its kernel shut down, its tab disposed without saving, the viewport put back), so
    no test sees another's widgets and none depends on another's order. The page is
    replaced by a new one every ``recycle_after`` notebooks (whatever a notebook's views
    leave in the page's memory goes with it; plotly's front end, imported once per page
    for all of the kit's figures, is loaded again then), and whenever a test left it
    without a working JupyterLab.

    Args:
        context: the browser.
        server: the JupyterLab server.
        recycle_after: how many notebooks one page opens before it is replaced.
    """

    def __init__(
        self, context: BrowserContext, server: LabServer, *, recycle_after: int = 30
    ) -> None:
        self.context = context
        self.server = server
        self.recycle_after = recycle_after
        self._page: Page | None = None
        self._opened = 0
        self._busy = False

    def page(self) -> Page:
        """The page showing JupyterLab, made (or made again) when needed."""
        page = self._page
        healthy = page is not None and not page.is_closed()
        if healthy and page is not None:
            try:
                healthy = bool(page.evaluate(_APP_READY_JS))
            except Exception:  # a page that crashed or navigated away
                healthy = False
        if not healthy or self._opened >= self.recycle_after:
            self.close()
            page = self.context.new_page()
            page.bring_to_front()
            page.goto(f"{self.server.url}/lab?reset")
            page.wait_for_function(_APP_READY_JS, timeout=120_000)
            self._page, self._opened = page, 0
        assert self._page is not None
        return self._page

    @contextlib.contextmanager
    def notebook(self, path: str) -> Iterator[Notebook]:
        """Open ``path`` in the page; on exit shut its kernel down and close its tab.

        A second notebook opened while one is still open (a test that compares two)
        gets a page of its own, as every notebook did before: JupyterLab's commands act
        on the current notebook, and the two would take turns being current.
        """
        if self._busy:
            with open_notebook(self.context, self.server, path) as notebook:
                yield notebook
            return
        page = self.page()
        self._busy = True
        self._opened += 1
        notebook = Notebook(page, self.server, path)
        try:
            self.server.attach_spare(path)
            page.evaluate(_OPEN_JS, path)
            try:
                notebook.wait_for_kernel()
            except LabError as error:
                with contextlib.suppress(Exception):
                    error.add_note(f"JupyterLab's page: {page.evaluate(_DIAG_JS)}")
                raise
            yield notebook
        finally:
            self._busy = False
            # The tab first (its kernel connection with it), then the kernel, in the
            # background: the next test need not wait for the process to exit.
            self._put_away(page, path)
            self.server.shutdown_kernels_soon(path)

    def _put_away(self, page: Page, path: str) -> None:
        """Close ``path``'s tab, leave the page as it was; a page that will not is dropped."""
        try:
            for key in ("Shift", "Control", "Alt", "Meta"):  # a test may end with one held
                page.keyboard.up(key)
            if page.locator(".jp-Dialog").count():  # a dialog left open by the test
                page.keyboard.press("Escape")
            clean = page.evaluate(_CLOSE_JS, path) and not page.locator(".jp-Dialog").count()
            page.set_viewport_size(VIEWPORT)  # type: ignore[arg-type]
        except Exception:  # a page that crashed or navigated away
            clean = False
        if not clean:
            self.close()

    def close(self) -> None:
        """Close the page (the next notebook opens a new one)."""
        page, self._page = self._page, None
        if page is not None and not page.is_closed():
            with contextlib.suppress(Exception):
                page.close()
