"""A participant's server (:class:`~isowidgets.workshop.spawner.WorkshopSpawner`): JupyterHub's
``SimpleLocalProcessSpawner`` with the kit's server config, the workshop's notebooks
pulled into its home before it starts, and a fixed port slot (why each piece: see
:mod:`isowidgets.workshop.config`, which configures it).
"""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any, ClassVar

from jupyterhub.spawner import SimpleLocalProcessSpawner  # type: ignore[import-untyped]
from traitlets import Integer, List, Unicode

from .content import TARGET, ContentError, pull
from .errors import WorkshopError

__all__ = ["WorkshopSpawner"]


def _free(host: str, port: int) -> bool:
    """Whether nothing listens on ``host:port`` (a leftover server from a crashed run)."""
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


class WorkshopSpawner(SimpleLocalProcessSpawner):  # type: ignore[misc]
    """SimpleLocalProcessSpawner with the kit's server config, notebooks and fixed ports.

    See :mod:`isowidgets.workshop.config` for why each piece is there. Each server gets the
    first (address, port) slot no other server of this hub holds and nothing else
    listens on.
    """

    first_port = Integer(8954, config=True, help="The first port a single-user server may take.")
    last_port = Integer(8999, config=True, help="The last port a single-user server may take.")
    user_hosts = List(
        Unicode(),
        ["127.0.0.1"],
        config=True,
        help="Loopback addresses single-user servers listen on, each with the whole port range.",
    )
    repository = Unicode(
        "", config=True, help="The git repository (URL) pulled into each participant's notebooks/."
    )
    branch = Unicode("", config=True, help="Its branch; empty for the repository's default.")

    _taken: ClassVar[set[tuple[str, int]]] = set()

    def _slot(self) -> tuple[str, int]:
        """The first free (address, port) slot; a :class:`~.workshop.errors.WorkshopError`
        when the hub is full."""
        for host in self.user_hosts:
            for port in range(self.first_port, self.last_port + 1):
                if (host, port) not in self._taken and _free(host, port):
                    return host, port
        slots = len(self.user_hosts) * (self.last_port - self.first_port + 1)
        raise WorkshopError(
            f"all {slots} server slots ({', '.join(self.user_hosts)} × ports "
            f"{self.first_port}..{self.last_port}) are in use; allowed: at most that many "
            "participants at once. Tip: widen the range (--last-port) or stop idle servers."
        )

    async def start(self) -> Any:
        """Pull the notebooks, take a slot, then start the server as the stock spawner does."""
        home = Path(self.home_dir)
        home.mkdir(parents=True, exist_ok=True)
        await self.pull_notebooks(home)
        self.ip, self.port = self._slot()
        self._taken.add((self.ip, self.port))
        try:
            return await super().start()
        except BaseException:
            self._taken.discard((self.ip, self.port))
            raise

    async def pull_notebooks(self, home: Path) -> None:
        """Clone or update the repository in ``home/notebooks`` (nbgitpuller's rules).

        Runs in a thread: git must not hold up the hub while a room arrives. A pull
        that fails is logged and the server starts anyway with the copies the
        participant has (the launch links pull again later); a ``notebooks/`` folder
        that is not a clone (a workshop directory from before the kit used git) is
        left alone.
        """
        if not self.repository:
            return
        target = home / TARGET
        if target.exists() and not (target / ".git").exists():
            self.log.warning("%s is not a git clone: not pulling into it", target)
            return
        try:
            await asyncio.to_thread(pull, self.repository, self.branch or None, target)
        except ContentError as exc:
            self.log.warning("notebooks for %s not pulled: %s", self.user.name, exc)

    async def stop(self, now: bool = False) -> None:
        """Stop the server and give its slot back."""
        try:
            await super().stop(now=now)
        finally:
            self._taken.discard((self.ip, self.port))
