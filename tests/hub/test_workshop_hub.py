"""The workshop hub, started as the host starts it, serving three participants.

One real JupyterHub (``python -m isowidgets.workshop`` with the Python proxy) on
127.0.0.1:8951, three participants logging in through the login form with the
workshop password, each server spawned by the hub, each kernel reached through
the hub's proxy and the kernel websocket, playing Isolation conflicts. What a
room needs is checked where it lands: the journal on disk in the participant's
own folder, holding every event the kernel acknowledged; the kit's server config
active on every kernel websocket; no process left behind.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hubdriver import (
    ACKNOWLEDGED,
    ROLL,
    SETUP,
    HubError,
    WorkshopHub,
    alive,
    descendants,
    entries_on_disk,
)

from isowidgets.server import NODELAY_LOG_MESSAGE

pytestmark = [pytest.mark.hub, pytest.mark.slow]

PARTICIPANTS = ("ada", "bo", "cy")
ROLLS = 2


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WorkshopHub]:
    hub = WorkshopHub(tmp_path_factory.mktemp("workshop"), port=8951, last_port=8960)
    hub.start()
    try:
        yield hub
    finally:
        hub.stop()


@pytest.fixture(scope="module")
def played(hub: WorkshopHub) -> dict[str, list[int]]:
    """Each participant logs in, gets a server, and plays ROLLS conflicts; the acknowledgements."""
    acknowledged: dict[str, list[int]] = {}
    for name in PARTICIPANTS:
        hub.log_in(name)
        hub.spawn(name)
        kernel = hub.open_kernel(name)
        try:
            kernel.execute(SETUP.format(stem="smoke", seed=len(acknowledged)))
            acknowledged[name] = [int(kernel.value(ROLL, ACKNOWLEDGED)) for _ in range(ROLLS)]
        finally:
            kernel.close()
    return acknowledged


def test_a_wrong_password_is_refused_and_creates_no_participant(hub: WorkshopHub) -> None:
    with pytest.raises(HubError, match="logging in mallory answered"):
        hub.log_in("mallory", password="not-the-password")
    assert hub.user("mallory") is None


def test_each_participant_gets_the_kit_notebooks_in_their_own_folder(
    hub: WorkshopHub, played: dict[str, list[int]]
) -> None:
    for name in PARTICIPANTS:
        notebooks = hub.directory / "participants" / name / "notebooks"
        assert (notebooks / "01-isolation.ipynb").is_file()


def test_every_acknowledged_event_is_in_the_participants_own_journal(
    hub: WorkshopHub, played: dict[str, list[int]]
) -> None:
    for name, counts in played.items():
        assert counts == sorted(counts) and counts[0] < counts[-1], counts  # each roll added events
        assert entries_on_disk(hub.directory / "participants" / name, "smoke") == counts[-1]
    journals = sorted(p.relative_to(hub.directory) for p in hub.directory.rglob("*.jsonl"))
    assert journals == [
        Path("participants", name, "notebooks", "sessions", "smoke-000.jsonl")
        for name in PARTICIPANTS
    ]


def test_every_kernel_websocket_runs_with_the_kits_server_config(
    hub: WorkshopHub, played: dict[str, list[int]]
) -> None:
    log = hub.log_path.read_text(errors="replace")
    assert log.count(NODELAY_LOG_MESSAGE) >= len(PARTICIPANTS)


def test_stopping_the_hub_leaves_no_process_behind(
    hub: WorkshopHub, played: dict[str, list[int]]
) -> None:
    assert hub.process is not None
    tree = descendants(hub.process.pid)
    servers = [hub.server_pid(name) for name in PARTICIPANTS]
    assert set(servers) <= set(tree)
    assert hub.stop() == []  # nothing had to be killed: the hub stopped its own tree
    assert not [pid for pid in tree if alive(pid)]
