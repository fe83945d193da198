"""The JupyterHub configuration of a one-day workshop on one machine.

A workshop is thirty people at their own laptops, one host at the front, one
machine serving everyone for a day. What that asks of JupyterHub, and the pieces
of JupyterHub 6.1 chosen for it:

* **Logging in**: :class:`~jupyterhub.authenticators.shared.SharedPasswordAuthenticator`
  (built into JupyterHub since 5.3, no extra package). Each participant types a
  name of their choice and the workshop password the host reads out; anyone with
  the password may create a user (``allow_all``), which is what a room of
  strangers needs. The host logs in as ``host`` with a separate, long admin
  password (JupyterHub requires 32 characters) written to a file only the host
  can read. ``DummyAuthenticator`` would do the same with one password for
  everyone, host included, so anyone in the room could open the admin page.
* **Servers**: :class:`~.spawner.WorkshopSpawner`, JupyterHub's
  ``SimpleLocalProcessSpawner`` (no system accounts: a participant is a
  directory, not a Unix user) with three additions: every single-user server runs
  with the kit's server config (:mod:`isowidgets.server`, TCP_NODELAY on kernel
  websockets), its home is ``<workshop>/participants/<name>/``, and the
  workshop's notebook repository is pulled into its ``notebooks/`` by nbgitpuller
  before the server starts. The participants share one Unix account, so they are
  not isolated from each other's files: a one-day table game, not an exam.
* **Notebooks**: :mod:`isowidgets.workshop.content`: a git repository (the
  teacher's, or one prepared from the kit's notebooks with outputs stripped and
  exercise solutions cleared), cloned and merged by nbgitpuller's rules at every
  server start and from a launch link per notebook (the hub's default URL is the
  folder's link, so logging in pulls as well).
* **Ports**: the proxy listens on ``port``, its API on ``port + 1``, the hub on
  ``port + 2``, and single-user servers take the first free port of
  ``port + 3`` … ``last_port`` (JupyterHub's default is any random port, which a
  firewall rule cannot name). More servers than ports spread over further
  loopback addresses (``127.0.0.2``…) when ``user_hosts`` lists them.
* **Proxy**: the pure-Python ``configurable-http-proxy`` package, so the host
  needs no Node.js.
* **The teacher's overview**: a managed service (:mod:`isowidgets.workshop.service`)
  at ``/services/overview/``, started and authenticated by the hub, which lets its
  admins in and answers anyone else 403; its token has :data:`OVERVIEW_SCOPES`.
* **Idle culling**: one line of server config, not a service: with
  ``idle_minutes`` set, each single-user server shuts itself down after that
  long without activity (``ServerApp.shutdown_no_activity_timeout``) and culls
  idle kernels, so ``jupyterhub-idle-culler`` (another package and a service) is
  not needed. A participant's journals are on disk; ``RESUME = True`` brings a
  table back after a cull.

Everything lives under one workshop directory: ``hub/`` (database, cookie secret,
admin password, log), ``repository/`` (the notebooks participants pull, unless the
teacher names another), ``participants/<name>/`` (notebooks, ``sessions/``,
``exports/``). :func:`collect` gathers every participant's journals and exports.
"""

from __future__ import annotations

import os
import secrets
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from traitlets.config import Config

from .. import checks
from ..server import server_args
from .content import (
    BRANCH,
    REPOSITORY,
    ContentError,
    launch_link,
    prepare_repository,
    pull_path,
    repository_url,
)
from .errors import WorkshopError
from .overview import LANGUAGE_VARIABLE
from .service import NAME as OVERVIEW
from .spawner import WorkshopSpawner
from .words import OVERVIEW_WORDS

__all__ = [
    "HOST",
    "KIT_NOTEBOOKS",
    "Workshop",
    "WorkshopError",
    "WorkshopSpawner",
    "collect",
    "participant_files",
]

HOST = "host"
"""The one admin user: the person running the workshop."""

KIT_NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
"""The kit's notebooks in a source checkout (what ``make workshop`` serves)."""

MIN_PASSWORD = 8
"""SharedPasswordAuthenticator refuses a shorter user password."""

ADMIN_PASSWORD_FILE = "admin-password.txt"

OVERVIEW_PORT = 3
"""The teacher's overview (a hub service) listens on 127.0.0.1 at ``port + OVERVIEW_PORT``."""

FIRST_SERVER_PORT = 4
"""Participants' servers take ``port + FIRST_SERVER_PORT`` … ``last_port``: the proxy
holds ``port``, its API ``port + 1``, the hub ``port + 2`` and the overview ``port + 3``."""

OVERVIEW_SCOPES = ["list:users", "read:users", "read:servers", "access:servers"]
"""What the overview's token may do: list the participants, see whether their servers
run, and read a running server's sessions (which notebooks are open)."""

SPAWN_TIMEOUT = 180
"""Seconds a participant's server may take to start: thirty arriving at once on a
small machine took up to about 70 s each in the load test."""

HOST_CONFIG_TEMPLATE = """\
# The host's own JupyterHub settings for this workshop, read after isowidgets'.
# Anything set here wins, for example serving the room over TLS:
#   c.JupyterHub.ssl_cert = "/path/to/fullchain.pem"
#   c.JupyterHub.ssl_key = "/path/to/privkey.pem"
# Add services and roles with .append(...): assigning a new list drops the teacher's
# overview (the "overview" service and its "workshop-overview" role).
"""

PARTICIPANT_FILES = ("*.jsonl", "*.md", "*.csv", "*.json", "*.toml")
"""What :func:`collect` gathers from ``sessions/`` and ``exports/`` folders: journals,
exports and settings a table saved, never notebooks or kernels' scratch files."""


@dataclass(frozen=True)
class Workshop:
    """One workshop: where it lives, how people reach it, the password read out.

    Build it with :meth:`checked` (which checks every value and refuses with a
    :class:`~.workshop.errors.WorkshopError`), then :meth:`config` gives JupyterHub's configuration.
    """

    directory: Path
    password: str
    ip: str = "127.0.0.1"
    port: int = 8951
    last_port: int = 8999
    idle_minutes: int = 0
    notebooks: Path = KIT_NOTEBOOKS
    user_hosts: tuple[str, ...] = ("127.0.0.1",)
    repository: str | None = None
    branch: str | None = None
    language: str = "en"

    @classmethod
    def checked(
        cls,
        directory: object,
        password: object,
        *,
        ip: object = "127.0.0.1",
        port: object = 8951,
        last_port: object = 8999,
        idle_minutes: object = 0,
        notebooks: object = KIT_NOTEBOOKS,
        user_hosts: object = ("127.0.0.1",),
        repository: object = None,
        branch: object = None,
        language: object = "en",
    ) -> Workshop:
        """A workshop from values typed on a command line or passed by a script.

        Raises:
            WorkshopError: a value that cannot work, named with what is allowed.
        """
        error = WorkshopError
        where = checks.path(directory, "the workshop directory", error=error).resolve()
        secret = checks.text(password, "the workshop password", strip=False, error=error)
        if len(secret) < MIN_PASSWORD or secret != secret.strip():
            raise WorkshopError(
                f"the workshop password must be at least {MIN_PASSWORD} characters without "
                f"blanks at either end (JupyterHub's rule), got {len(secret)} characters. "
                "Tip: leave --password out and one is made up for you."
            )
        address = checks.text(ip, "the address to listen on (--ip)", max_length=64, error=error)
        first = checks.whole(port, "the hub's port (--port)", 1024, 65535 - 4, error=error)
        last = checks.whole(last_port, "the last port (--last-port)", first + 3, 65535, error=error)
        idle = checks.whole(idle_minutes, "--idle-minutes", 0, 7 * 24 * 60, error=error)
        source = checks.path(notebooks, "the notebooks folder", error=error).resolve()
        if not source.is_dir() or not any(source.glob("*.ipynb")):
            raise WorkshopError(
                f"the notebooks folder {checks.shown(str(source))} holds no notebook; allowed: "
                "a folder of .ipynb files. Tip: pass --notebooks PATH/TO/isowidgets/notebooks."
            )
        if isinstance(user_hosts, str) or not isinstance(user_hosts, tuple | list):
            raise WorkshopError(
                f"user_hosts must be a list of addresses, got {checks.shown(user_hosts)}"
            )
        hosts = tuple(
            checks.text(h, "a single-user server address", max_length=64, error=error)
            for h in user_hosts[:64]
        )
        if not hosts:
            raise WorkshopError("user_hosts must name at least one address, got none")
        try:
            url = None if repository is None else repository_url(repository)
        except ContentError as exc:
            raise WorkshopError(str(exc)) from None
        if branch is not None:
            branch = checks.text(branch, "the branch (--branch)", max_length=200, error=error)
            if branch.startswith("-") or any(c in branch for c in " ~^:?*[\\"):
                raise WorkshopError(
                    f"the branch {checks.shown(branch)} is not a git branch name; allowed: "
                    "letters, digits, '/', '-', '_' and '.' (not first)"
                )
        spoken = checks.choice(
            language, "the overview's language (--language)", OVERVIEW_WORDS.languages, error=error
        )
        return cls(where, secret, address, first, last, idle, source, hosts, url, branch, spoken)

    @property
    def hub_dir(self) -> Path:
        """The hub's own files: database, cookie secret, admin password."""
        return self.directory / "hub"

    @property
    def repository_dir(self) -> Path:
        """The repository the workshop prepares when the teacher names none."""
        return self.directory / REPOSITORY

    @property
    def repository_url(self) -> str:
        """What participants pull: the teacher's repository, or the prepared one."""
        return self.repository or self.repository_dir.as_uri()

    @property
    def repository_branch(self) -> str | None:
        """The branch pulled (None: the repository's default branch)."""
        return self.branch if self.repository else BRANCH

    def prepare(self) -> bool:
        """Prepare the default repository from :attr:`notebooks` unless the teacher named
        one or it exists already (it holds the teacher's corrections); whether it was made.

        Raises:
            WorkshopError: the repository folder holds something else.
        """
        if self.repository:
            return False
        try:
            return prepare_repository(self.notebooks, self.repository_dir)
        except ContentError as exc:
            raise WorkshopError(str(exc)) from None

    @property
    def url(self) -> str:
        """The address participants open (``localhost`` for a hub on loopback)."""
        shown = "localhost" if self.ip in ("127.0.0.1", "localhost") else self.ip
        return f"http://{shown}:{self.port}/"

    def launch_link(self, path: str = "") -> str:
        """The nbgitpuller link that pulls the notebooks and opens ``path`` (a notebook of
        the repository; the folder when empty)."""
        return launch_link(self.url, self.repository_url, self.repository_branch, path)

    @property
    def participants_dir(self) -> Path:
        """One folder per participant, named as they logged in."""
        return self.directory / "participants"

    def admin_password(self) -> str:
        """The host's admin password, made up once and kept in a file only its owner reads."""
        path = self.hub_dir / ADMIN_PASSWORD_FILE
        if path.exists():
            return path.read_text(encoding="utf-8").strip()
        self.hub_dir.mkdir(parents=True, exist_ok=True)
        secret = secrets.token_urlsafe(32)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(secret + "\n")
        return secret

    def single_user_args(self) -> list[str]:
        """The flags every participant's server starts with: the kit's server config first."""
        args = server_args()
        if self.idle_minutes:
            seconds = self.idle_minutes * 60
            args += [
                f"--ServerApp.shutdown_no_activity_timeout={seconds}",
                f"--MappingKernelManager.cull_idle_timeout={seconds}",
                "--MappingKernelManager.cull_interval=60",
            ]
        if os.geteuid() == 0:  # containers and CI run as root; Jupyter refuses unless told
            args.append("--ServerApp.allow_root=True")
        return args

    def overview_service(self) -> dict[str, Any]:
        """The teacher's overview, as JupyterHub's ``services`` entry (hub-managed)."""
        # The overview reads participants' servers through the proxy, on this machine.
        proxy = "127.0.0.1" if self.ip in ("0.0.0.0", "", "::", "localhost") else self.ip
        return {
            "name": OVERVIEW,
            "url": f"http://127.0.0.1:{self.port + OVERVIEW_PORT}",
            "command": [
                sys.executable,
                "-m",
                "isowidgets.workshop.service",
                str(self.hub_dir / "overview"),
            ],
            "cwd": str(self.hub_dir),
            "environment": {
                "ISOWIDGETS_WORKSHOP_DIR": str(self.directory),
                "ISOWIDGETS_WORKSHOP_PROXY": f"http://{proxy}:{self.port}",
                LANGUAGE_VARIABLE: self.language,
            },
            "display": True,
            "oauth_no_confirm": True,
            "info": {"description": "One row per participant: what they play, and when"},
        }

    def config(self) -> Config:
        """JupyterHub's configuration for this workshop (see the module docstring)."""
        self.hub_dir.mkdir(parents=True, exist_ok=True)
        self.participants_dir.mkdir(parents=True, exist_ok=True)
        bin_dir = Path(sys.executable).parent
        c = Config()
        c.JupyterHub.ip = self.ip
        c.JupyterHub.port = self.port
        c.JupyterHub.hub_ip = "127.0.0.1"
        c.JupyterHub.hub_port = self.port + 2
        c.JupyterHub.db_url = f"sqlite:///{self.hub_dir / 'jupyterhub.sqlite'}"
        c.JupyterHub.cookie_secret_file = str(self.hub_dir / "jupyterhub_cookie_secret")
        c.JupyterHub.pid_file = str(self.hub_dir / "jupyterhub.pid")
        c.JupyterHub.cleanup_servers = True
        # The host's own additions (a TLS certificate, more admins) go in this file,
        # read after the settings above so that it can change any of them.
        own = self.hub_dir / "jupyterhub_config.py"
        if not own.exists():
            own.write_text(HOST_CONFIG_TEMPLATE, encoding="utf-8")
        c.JupyterHub.config_file = str(own)
        c.JupyterHub.authenticator_class = "shared-password"
        c.SharedPasswordAuthenticator.user_password = self.password
        c.SharedPasswordAuthenticator.admin_password = self.admin_password()
        c.Authenticator.admin_users = {HOST}
        c.Authenticator.allow_all = True
        c.JupyterHub.proxy_class = "configurable-http-proxy"
        c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{self.port + 1}"
        # The Python proxy gives up on a proxied request after 20 s unless told otherwise
        # (tornado's default), which cut the spawn page's progress stream whenever a
        # spawn took longer: in the load test, with ten or thirty arriving at once, the
        # participant's page then waited forever. Allow as long as a spawn may take.
        timeout_ms = (SPAWN_TIMEOUT + 60) * 1000
        c.ConfigurableHTTPProxy.command = [
            str(bin_dir / "configurable-http-proxy"),
            f"--proxy-timeout={timeout_ms}",
        ]
        c.ConfigurableHTTPProxy.pid_file = str(self.hub_dir / "proxy.pid")
        c.JupyterHub.services = [self.overview_service()]
        c.JupyterHub.load_roles = [
            {
                "name": "workshop-overview",
                "description": "The teacher's overview: who is there, what they have open",
                "scopes": OVERVIEW_SCOPES,
                "services": [OVERVIEW],
            }
        ]
        c.JupyterHub.spawner_class = WorkshopSpawner
        c.WorkshopSpawner.home_dir_template = f"{self.participants_dir}/{{username}}"
        c.Spawner.notebook_dir = f"{self.participants_dir}/{{username}}"
        self.prepare()
        c.WorkshopSpawner.repository = self.repository_url
        c.WorkshopSpawner.branch = self.repository_branch or ""
        c.WorkshopSpawner.first_port = self.port + FIRST_SERVER_PORT
        c.WorkshopSpawner.last_port = self.last_port
        c.WorkshopSpawner.user_hosts = list(self.user_hosts)
        c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
        c.Spawner.args = self.single_user_args()
        # Logging in opens nbgitpuller's page, which pulls and then opens the folder, so
        # a participant gets the teacher's latest corrections at every login too.
        c.Spawner.default_url = "/" + pull_path(self.repository_url, self.repository_branch)
        # Thirty servers starting at once on a small machine take their time.
        c.Spawner.start_timeout = SPAWN_TIMEOUT
        c.Spawner.http_timeout = SPAWN_TIMEOUT
        return c


def participant_files(directory: Path) -> list[Path]:
    """Every journal and export under every participant's ``sessions/`` and ``exports/``."""
    found: set[Path] = set()
    for folder in ("sessions", "exports"):
        for pattern in PARTICIPANT_FILES:
            found.update((directory / "participants").glob(f"*/**/{folder}/{pattern}"))
    return sorted(found)


def collect(directory: object, archive: object) -> list[Path]:
    """Zip every participant's journals and exports into ``archive``.

    Each file keeps its place under ``<participant>/``, so the archive reads as
    one folder per participant. The host runs this at the end of the day (the
    servers may still be running: journals are appended line by line, so a copy
    is always a whole journal up to its last action).

    Returns:
        The files archived, as paths under the workshop directory.

    Raises:
        WorkshopError: the directory holds no workshop.
    """
    root = checks.path(directory, "the workshop directory", error=WorkshopError).resolve()
    target = checks.path(archive, "the archive to write", error=WorkshopError).resolve()
    if not (root / "participants").is_dir():
        raise WorkshopError(
            f"{checks.shown(str(root))} holds no workshop (no participants/ folder); allowed: "
            "the --dir a workshop was started with."
        )
    files = participant_files(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for path in files:
            out.write(path, path.relative_to(root / "participants"))
    return files
