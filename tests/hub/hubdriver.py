"""Drive a workshop hub the way a room of participants would, without browsers.

Shared by the hub smoke test (``tests/hub``) and the load test
(``benchmarks/workshop_load.py``), so both exercise the same path:

* :class:`WorkshopHub` starts ``python -m isowidgets.workshop`` in a process of
  its own (the command the host runs), with one extra: a service token the
  driver uses to start servers and reach kernels, added through the host's own
  config file. Stopping it stops the hub, the proxy and every server it spawned,
  and then ends, by process id, anything of its tree still alive.
* :meth:`WorkshopHub.log_in` uses the hub's login form with the workshop
  password, as a participant does (so the authenticator is really exercised);
  :meth:`WorkshopHub.pull` opens a launch link with that participant's cookies and
  reads nbgitpuller's progress stream, as its page does in a browser.
* :class:`KernelClient` speaks the Jupyter messaging protocol over a kernel's
  websocket (JSON frames, as jupyter_server's legacy protocol), enough to run
  code and read ``user_expressions`` back.
* :data:`SETUP` and :data:`ROLL` are the code a participant's kernel runs: open
  an Isolation session in the participant's ``notebooks/sessions/`` folder and
  play whole conflicts at random; each roll answers with the number of journal
  entries the session holds, which is what the driver counts as acknowledged.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests
import websocket

import isowidgets.rules.isolation  # noqa: F401  (registers the events a journal line names)
from isowidgets.journal import Entry
from isowidgets.workshop import Workshop

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "table-for-thirty"
SERVICE = "workshop-driver"

SETUP = """
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.isolation.examples import add_boarding_party

class Scenes:
    # Each conflict raises Stress and adds red links, so after a few the pools grow
    # towards the dice cap; a table that plays for an hour starts new scenes. So does
    # this one: a fresh journal every SCENE conflicts keeps every roll alike.
    SCENE = 8

    def __init__(self, stem, seed):
        self.stem, self.seed, self.scene, self.done, self.closed = stem, seed, 0, 0, 0
        self.game = self.open()

    def open(self):
        path = f"sessions/{{self.stem}}-{{self.scene:03d}}.jsonl"
        game = IsolationGame.open(path, resume=False, seed=self.seed + self.scene, title="Workshop")
        add_boarding_party(game, stress=2)
        return game

    def roll(self):
        if self.done and self.done % self.SCENE == 0:
            self.closed += len(self.game.journal.entries)
            self.game.journal.close()
            self.scene += 1
            self.game = self.open()
        self.game.run_conflict(
            "bob", "board up the windows", factors={{"bob": {{"profession": True}}}},
            difficulty="Hard",
        )
        self.done += 1
        return self.closed + len(self.game.journal.entries)

scenes = Scenes({stem!r}, {seed})
"""
"""Code a participant's kernel runs once: a table of Isolation scenes whose journals are
``notebooks/sessions/<stem>-NNN.jsonl`` in the participant's folder."""

ROLL = "acknowledged = scenes.roll()"
"""One whole Isolation conflict at random; ``acknowledged`` is then the number of journal
entries the kernel has written in all its scenes."""

ACKNOWLEDGED = "acknowledged"

_SERVICE_CONFIG = """
# Added to the workshop's own services and roles (the teacher's overview).
c.JupyterHub.services.append({{"name": {name!r}, "api_token": {token!r}}})
c.JupyterHub.load_roles.append(
    {{
        "name": {name!r},
        "scopes": ["admin:users", "admin:servers", "access:servers", "read:users"],
        "services": [{name!r}],
    }}
)
"""


class HubError(RuntimeError):
    """The hub or a participant's server did not do what the driver asked."""


def free_ports(count: int, start: int = 8951, stop: int = 9900) -> int:
    """The first port from ``start`` such that it and the ``count - 1`` after it are free on
    127.0.0.1 (another engineer's hub, or a stream view, may hold some on a shared machine).

    Raises:
        HubError: no such run of ports below ``stop``.
    """
    port = start
    while port + count <= stop:
        busy = next((p for p in range(port, port + count) if not _bindable(p)), None)
        if busy is None:
            return port
        port = busy + 1
    raise HubError(f"no {count} free ports in a row from {start} to {stop}")


def _bindable(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _children() -> dict[int, list[int]]:
    """Every process's children, read from /proc (parent id is field 4 of ``stat``)."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(parent, []).append(int(entry.name))
    return tree


def descendants(pid: int) -> list[int]:
    """Every process started under ``pid`` that is still alive."""
    tree = _children()
    found: list[int] = []
    stack = [pid]
    while stack:
        for child in tree.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def rss_kib(pid: int) -> int:
    """Resident memory of one process in KiB (0 when it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return int(match.group(1)) if match else 0


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running (not zombie) process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def environ(pid: int) -> dict[str, str]:
    """A process's environment (empty when it cannot be read)."""
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return {}
    pairs = (item.split(b"=", 1) for item in raw.split(b"\0") if b"=" in item)
    return {k.decode(errors="replace"): v.decode(errors="replace") for k, v in pairs}


@dataclass
class WorkshopHub:
    """A workshop hub in a process of its own, started with the host's command."""

    directory: Path
    port: int = 8951
    last_port: int = 8970
    user_hosts: tuple[str, ...] = ()
    lab_args: tuple[str, ...] = ()
    token: str = field(default_factory=lambda: secrets.token_hex(24))
    process: subprocess.Popen[bytes] | None = None
    started_in: float = 0.0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.directory / "hub.log"

    def _api(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        headers = {"Authorization": f"token {self.token}"}
        return requests.request(method, f"{self.url}{path}", headers=headers, timeout=120, **kwargs)

    def start(self, timeout: float = 60) -> None:
        """Start the hub and wait until its API answers; records how long that took."""
        hub_dir = self.directory / "hub"
        hub_dir.mkdir(parents=True, exist_ok=True)
        (hub_dir / "jupyterhub_config.py").write_text(
            _SERVICE_CONFIG.format(name=SERVICE, token=self.token), encoding="utf-8"
        )
        command = [
            sys.executable,
            "-m",
            "isowidgets.workshop",
            f"--dir={self.directory}",
            f"--port={self.port}",
            f"--last-port={self.last_port}",
            f"--password={PASSWORD}",
        ]
        env = dict(os.environ)
        if self.user_hosts:
            # The command line offers no option for it (a host on one machine needs
            # none); the load test spreads thirty servers over two loopback addresses.
            with (hub_dir / "jupyterhub_config.py").open("a", encoding="utf-8") as out:
                out.write(f"c.WorkshopSpawner.user_hosts = {list(self.user_hosts)!r}\n")
        if self.lab_args:
            # Appended to the workshop's own server flags (the kit's config stays on).
            flags = Workshop(self.directory, PASSWORD).single_user_args() + list(self.lab_args)
            with (hub_dir / "jupyterhub_config.py").open("a", encoding="utf-8") as out:
                out.write(f"c.Spawner.args = {flags!r}\n")
        began = time.monotonic()
        log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            command, cwd=self.directory, stdout=log, stderr=subprocess.STDOUT, env=env
        )
        deadline = began + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise HubError(f"the hub exited with {self.process.returncode}:\n{self.tail()}")
            try:
                if self._api("GET", "/hub/api/").status_code == 200:
                    self.started_in = time.monotonic() - began
                    return
            except requests.ConnectionError:
                pass
            time.sleep(0.2)
        raise HubError(f"the hub did not answer within {timeout} s:\n{self.tail()}")

    def tail(self, lines: int = 40) -> str:
        """The end of the hub's log, for error messages."""
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def log_in(self, name: str, password: str = PASSWORD) -> requests.Session:
        """Log ``name`` in through the hub's login form, as a participant does.

        Returns:
            The participant's browser-like session (cookies set by the hub).
        """
        session = requests.Session()
        form = session.get(f"{self.url}/hub/login", timeout=60)
        xsrf = re.search(r'name="_xsrf"\s+value="([^"]+)"', form.text)
        if xsrf is None:
            raise HubError(f"no _xsrf field on the login page ({form.status_code})")
        answer = session.post(
            f"{self.url}/hub/login?next=",
            data={"username": name, "password": password, "_xsrf": xsrf.group(1)},
            allow_redirects=False,
            timeout=60,
        )
        if answer.status_code != 302:
            raise HubError(f"logging in {name} answered {answer.status_code}: {answer.text[:300]}")
        return session

    def pull(self, session: requests.Session, link: str, timeout: float = 120) -> list[str]:
        """Open a launch link as a participant's browser does; nbgitpuller's progress.

        The link goes through the hub (``user-redirect``, OAuth) to nbgitpuller's page in
        the participant's server; the page then reads ``git-pull/api`` with the same query
        as an event stream until the pull finishes, and so does this.

        Returns:
            git's output lines, as the page shows them.

        Raises:
            HubError: the page did not open, or the pull ended in an error.
        """
        page = session.get(link, timeout=60)
        if page.status_code != 200 or "/git-pull?" not in page.url:
            raise HubError(f"the launch link answered {page.status_code} at {page.url}")
        api = page.url.replace("/git-pull?", "/git-pull/api?", 1)
        output: list[str] = []
        with session.get(api, stream=True, timeout=timeout) as stream:
            for line in stream.iter_lines(decode_unicode=True):
                if not line or not line.startswith("data: "):
                    continue
                event = json.loads(line.removeprefix("data: "))
                if event.get("phase") == "error":
                    raise HubError(
                        f"the pull failed: {event.get('message')}\n{event.get('output')}"
                    )
                if event.get("phase") == "finished":
                    return output
                output.append(str(event.get("output", "")).rstrip())
        raise HubError(f"the pull's event stream ended before it finished: {output[-5:]}")

    def arrive(self, names: Sequence[str]) -> dict[str, requests.Session]:
        """``names`` log in through the login form and get their servers, all at once, as
        a room arrives; each one's browser-like session."""
        with ThreadPoolExecutor(max_workers=max(1, len(names))) as pool:
            sessions = dict(zip(names, pool.map(self.log_in, names), strict=True))
            list(pool.map(self.spawn, names))
        return sessions

    def user(self, name: str) -> dict[str, Any] | None:
        """The hub's model of user ``name``, or None when the hub has no such user."""
        answer = self._api("GET", f"/hub/api/users/{name}")
        if answer.status_code == 404:
            return None
        answer.raise_for_status()
        model: dict[str, Any] = answer.json()
        return model

    def spawn(self, name: str, timeout: float = 240) -> float:
        """Start ``name``'s server and wait until it is ready.

        Returns:
            Seconds from the request until the hub reported the server ready.
        """
        began = time.monotonic()
        answer = self._api("POST", f"/hub/api/users/{name}/server")
        if answer.status_code not in (201, 202):
            raise HubError(f"starting {name}'s server answered {answer.status_code}: {answer.text}")
        while time.monotonic() < began + timeout:
            model = self._api("GET", f"/hub/api/users/{name}").json()
            server = (model.get("servers") or {}).get("")
            if server and server.get("ready"):
                return time.monotonic() - began
            if not model.get("pending") and not server:
                raise HubError(f"{name}'s server failed to start:\n{self.tail()}")
            time.sleep(0.25)
        raise HubError(f"{name}'s server was not ready within {timeout} s:\n{self.tail()}")

    def server_pid(self, name: str) -> int:
        """The process id of ``name``'s single-user server (found by its environment)."""
        if self.process is None:
            raise HubError("the hub is not running")
        for pid in descendants(self.process.pid):
            env = environ(pid)
            if env.get("JUPYTERHUB_USER") == name and "JPY_PARENT_PID" not in env:
                return pid
        raise HubError(f"no server process for {name}")

    def memory_kib(self, name: str) -> int:
        """Resident memory of ``name``'s server and everything under it (the kernel)."""
        pid = self.server_pid(name)
        return rss_kib(pid) + sum(rss_kib(child) for child in descendants(pid))

    def open_kernel(
        self, name: str, notebook: str = "notebooks/01-isolation.ipynb"
    ) -> KernelClient:
        """Start a kernel for ``notebook`` in ``name``'s server, as opening it in Lab does."""
        base = f"/user/{name}/api"
        answer = self._api(
            "POST",
            f"{base}/sessions",
            json={"path": notebook, "type": "notebook", "name": "", "kernel": {"name": "python3"}},
        )
        if answer.status_code != 201:
            raise HubError(f"{name}'s session answered {answer.status_code}: {answer.text[:300]}")
        kernel_id = answer.json()["kernel"]["id"]
        ws_url = f"ws://127.0.0.1:{self.port}{base}/kernels/{kernel_id}/channels"
        return KernelClient.connect(ws_url, self.token, name)

    def stop(self, timeout: float = 60) -> list[int]:
        """Stop the hub (it stops the proxy and every server), then any straggler by id.

        Returns:
            The process ids that had to be killed after the hub stopped (none, normally).
        """
        if self.process is None:
            return []
        tree = descendants(self.process.pid)
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        deadline = time.monotonic() + 15
        while any(alive(pid) for pid in tree) and time.monotonic() < deadline:
            time.sleep(0.2)
        stragglers = [pid for pid in tree if alive(pid)]
        for pid in stragglers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process = None
        return stragglers


@dataclass
class KernelClient:
    """One kernel's websocket: execute code, wait for the reply, read user expressions."""

    socket: websocket.WebSocket
    user: str
    session: str = field(default_factory=lambda: uuid.uuid4().hex)

    @classmethod
    def connect(cls, url: str, token: str, user: str, timeout: float = 300) -> KernelClient:
        sock = websocket.create_connection(
            url, header=[f"Authorization: token {token}"], timeout=timeout
        )
        return cls(sock, user)

    def execute(self, code: str, expressions: dict[str, str] | None = None) -> dict[str, Any]:
        """Run ``code`` and return the ``execute_reply`` content (raises if it failed)."""
        msg_id = uuid.uuid4().hex
        message = {
            "header": {
                "msg_id": msg_id,
                "username": self.user,
                "session": self.session,
                "msg_type": "execute_request",
                "version": "5.3",
                "date": "",
            },
            "parent_header": {},
            "metadata": {},
            "channel": "shell",
            "content": {
                "code": code,
                "silent": False,
                "store_history": False,
                "user_expressions": expressions or {},
                "allow_stdin": False,
                "stop_on_error": True,
            },
            "buffers": [],
        }
        try:
            return self._reply(message)
        except websocket.WebSocketException as exc:  # a kernel that never answered
            raise HubError(f"{self.user}'s kernel: {type(exc).__name__}: {exc}") from exc

    def _reply(self, message: dict[str, Any]) -> dict[str, Any]:
        msg_id = message["header"]["msg_id"]
        self.socket.send(json.dumps(message))
        while True:
            reply = json.loads(self.socket.recv())
            if (
                reply.get("channel") == "shell"
                and reply.get("parent_header", {}).get("msg_id") == msg_id
            ):
                content: dict[str, Any] = reply["content"]
                if content.get("status") != "ok":
                    raise HubError(
                        f"{self.user}'s kernel refused: {content.get('ename')}: "
                        f"{content.get('evalue')}"
                    )
                return content

    def value(self, code: str, expression: str) -> str:
        """Run ``code`` and return ``expression``'s value, as its plain-text repr."""
        content = self.execute(code, {"value": expression})
        result = content["user_expressions"]["value"]
        if result.get("status") != "ok":
            raise HubError(f"{self.user}: {expression} failed: {result.get('evalue')}")
        return str(result["data"]["text/plain"])

    def close(self) -> None:
        self.socket.close()


def journal_entries(path: Path) -> int:
    """How many valid entries a journal file holds (each line read as the kit reads it)."""
    with path.open(encoding="utf-8") as lines:
        return sum(1 for line in lines if line.strip() and Entry.from_line(line))


def scene_journals(home: Path, stem: str) -> list[Path]:
    """The journals a participant's :data:`SETUP` wrote, in scene order."""
    return sorted((home / "notebooks" / "sessions").glob(f"{stem}-*.jsonl"))


def entries_on_disk(home: Path, stem: str) -> int:
    """Every entry of every scene journal a participant's kernel wrote."""
    return sum(journal_entries(path) for path in scene_journals(home, stem))
