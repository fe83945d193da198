"""One workshop hub for the whole hub tier, shared by every test that does not stop it.

Starting a hub and spawning servers is most of the tier's time, so the hub is started
once per session on the first free run of ports from 8951 (a shared machine may have
another hub on them). Each test module brings in participants of its own names, so
the modules do not interfere. The test that stops the hub runs last.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hubdriver import ACKNOWLEDGED, ROLL, SETUP, WorkshopHub, free_ports

PORTS = 20
"""The hub's ports (proxy, its API, the hub, the overview) and 16 participants' servers."""

LAST = "test_stopping_the_hub_leaves_no_process_behind"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The test that stops the shared hub runs after every other one."""
    items.sort(key=lambda item: getattr(item, "originalname", item.name) == LAST)


@pytest.fixture(scope="session")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WorkshopHub]:
    port = free_ports(PORTS)
    hub = WorkshopHub(tmp_path_factory.mktemp("workshop"), port=port, last_port=port + PORTS - 1)
    hub.start()
    try:
        yield hub
    finally:
        hub.stop()


PLAYERS = ("ada", "bo", "cy")
ROLLS = 2


@pytest.fixture(scope="session")
def played(hub: WorkshopHub) -> dict[str, list[int]]:
    """Three participants log in, get a server and play ROLLS conflicts each (journals
    ``smoke-NNN.jsonl``); what each kernel acknowledged after each roll."""
    acknowledged: dict[str, list[int]] = {}
    hub.arrive(PLAYERS)
    for name in PLAYERS:
        kernel = hub.open_kernel(name)
        try:
            kernel.execute(SETUP.format(stem="smoke", seed=len(acknowledged)))
            acknowledged[name] = [int(kernel.value(ROLL, ACKNOWLEDGED)) for _ in range(ROLLS)]
        finally:
            kernel.close()
    return acknowledged
