"""The workshop hub, started as the host starts it, serving three participants.

One real JupyterHub (``python -m isowidgets.workshop`` with the Python proxy) on
127.0.0.1 (the tier's shared hub, ``conftest.py``), three participants logging in
through the login form with the workshop password (``played``), each server
spawned by the hub, each kernel reached through
the hub's proxy and the kernel websocket, playing Isolation conflicts. What a
room needs is checked where it lands: the journal on disk in the participant's
own folder, holding every event the kernel acknowledged; the kit's server config
active on every kernel websocket; no process left behind.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hubdriver import (
    HubError,
    WorkshopHub,
    alive,
    descendants,
    entries_on_disk,
)

from isowidgets.server import NODELAY_LOG_MESSAGE

pytestmark = [pytest.mark.hub, pytest.mark.slow]


def test_a_wrong_password_is_refused_and_creates_no_participant(hub: WorkshopHub) -> None:
    with pytest.raises(HubError, match="logging in mallory answered"):
        hub.log_in("mallory", password="not-the-password")
    assert hub.user("mallory") is None


def test_each_participant_gets_the_kit_notebooks_in_their_own_folder(
    hub: WorkshopHub, played: dict[str, list[int]]
) -> None:
    for name in played:
        notebooks = hub.directory / "participants" / name / "notebooks"
        assert (notebooks / "01-isolation.ipynb").is_file()


def test_every_acknowledged_event_is_in_the_participants_own_journal(
    hub: WorkshopHub, played: dict[str, list[int]]
) -> None:
    for name, counts in played.items():
        assert counts == sorted(counts) and counts[0] < counts[-1], counts  # each roll added events
        assert entries_on_disk(hub.directory / "participants" / name, "smoke") == counts[-1]
    for name in played:
        home = hub.directory / "participants" / name
        journals = sorted(p.relative_to(home) for p in home.rglob("smoke-*.jsonl"))
        assert journals == [Path("notebooks", "sessions", "smoke-000.jsonl")]


def test_every_kernel_websocket_runs_with_the_kits_server_config(
    hub: WorkshopHub, played: dict[str, list[int]]
) -> None:
    log = hub.log_path.read_text(errors="replace")
    assert log.count(NODELAY_LOG_MESSAGE) >= len(played)


def test_stopping_the_hub_leaves_no_process_behind(
    hub: WorkshopHub, played: dict[str, list[int]]
) -> None:
    assert hub.process is not None
    tree = descendants(hub.process.pid)
    servers = [hub.server_pid(name) for name in played]
    assert set(servers) <= set(tree)
    assert hub.stop() == []  # nothing had to be killed: the hub stopped its own tree
    assert not [pid for pid in tree if alive(pid)]
