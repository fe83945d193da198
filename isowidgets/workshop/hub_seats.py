"""Asking the hub which participants there are and what their servers have open
(:class:`~isowidgets.workshop.hub_seats.HubSeats`), for the teacher's overview
(:mod:`isowidgets.workshop.overview`): each participant a
:class:`~isowidgets.workshop.roster.Seat`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from datetime import UTC, datetime
from typing import Any

from .roster import Seat

LOG = logging.getLogger(__name__)
"""Where the details of a hub that did not answer go (the workshop's terminal)."""

__all__ = ["HubSeats"]


def _time(value: object) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


class HubSeats:
    """Asks the hub which participants there are and what their servers have open.

    Uses the service's own token (``JUPYTERHUB_API_TOKEN``): ``list:users`` and
    ``read:users`` for the names, ``read:servers`` for their servers, and
    ``access:servers`` to read each running server's sessions (the open notebooks).

    Args:
        api_url: the hub's API (``JUPYTERHUB_API_URL``).
        proxy_url: where participants' servers are reached (the proxy's address).
        token: the service's token.
    """

    def __init__(self, api_url: str, proxy_url: str, token: str) -> None:
        self.api_url = api_url.rstrip("/")
        self.proxy_url = proxy_url.rstrip("/")
        self.token = token
        self.problem: tuple[str, str] | None = None
        """Why the hub could not be asked last time: a key of the overview's words and
        the detail (``None`` when it answered)."""

    @classmethod
    def from_environment(cls) -> HubSeats:
        """The hub's addresses and token as the hub gives them to its service."""
        return cls(
            os.environ.get("JUPYTERHUB_API_URL", ""),
            os.environ.get("ISOWIDGETS_WORKSHOP_PROXY", ""),
            os.environ.get("JUPYTERHUB_API_TOKEN", ""),
        )

    async def _get(self, url: str) -> Any:
        from tornado.httpclient import AsyncHTTPClient

        answer = await AsyncHTTPClient().fetch(
            url, headers={"Authorization": f"token {self.token}"}, request_timeout=10
        )
        return json.loads(answer.body)

    async def _notebooks(self, server_url: str) -> tuple[tuple[str, datetime | None], ...]:
        try:
            sessions = await self._get(f"{self.proxy_url}{server_url}api/sessions")
        except Exception:  # a server starting or stopping has no sessions to give
            return ()
        found = []
        for session in sessions if isinstance(sessions, list) else []:
            path = session.get("path") if isinstance(session, dict) else None
            kernel = session.get("kernel") or {} if isinstance(session, dict) else {}
            if isinstance(path, str) and path.endswith(".ipynb"):
                found.append((path, _time(kernel.get("last_activity"))))
        return tuple(found)

    async def seats(self) -> dict[str, Seat]:
        """Every participant (admins left out), with their server's open notebooks.

        When the hub cannot be asked, :attr:`problem` says why and no seat is given
        (the overview then lists participants by their folders).
        """
        if not (self.api_url and self.token):
            self.problem = ("overview.no_hub", "JUPYTERHUB_API_URL, JUPYTERHUB_API_TOKEN")
            return {}
        try:
            users = await self._get(f"{self.api_url}/users?limit=1000")
        except Exception as exc:  # the page says where and what kind; the terminal, all
            LOG.warning("the hub at %s did not answer the overview", self.api_url, exc_info=exc)
            self.problem = ("overview.hub_silent", f"{self.api_url} · {type(exc).__name__}")
            return {}
        self.problem = None
        seats: dict[str, Seat] = {}
        waiting = {}
        for user in users if isinstance(users, list) else []:
            if not isinstance(user, dict) or user.get("admin") or user.get("kind") == "service":
                continue
            name = str(user.get("name", ""))
            server = (user.get("servers") or {}).get("") or {}
            running = bool(server.get("ready"))
            seats[name] = Seat(name, running)
            if running and self.proxy_url and isinstance(server.get("url"), str):
                waiting[name] = self._notebooks(server["url"])
        found = await asyncio.gather(*waiting.values())
        for name, notebooks in zip(waiting, found, strict=True):
            seats[name] = Seat(name, True, notebooks)
        return seats
