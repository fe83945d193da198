"""The kit's server config: TCP_NODELAY on kernel websockets, and the Lab launcher.

Three layers, fastest first: the config forms agree and resolve to our class;
the class sets the option before connecting and passes the stock return value
through (fake handler); and a real in-process jupyter_server with a real kernel
and a real websocket ends up with TCP_NODELAY on the server side of the socket,
while the stock class does not (so the test would notice if tornado or
jupyter_server ever changed either default).

Latency itself is measured in benchmarks/latency_echo.py, never asserted here.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from jupyter_server.serverapp import ServerApp
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from tornado.websocket import websocket_connect
from traitlets.config import Config

from isowidgets import lab, server
from isowidgets.server import CONNECTION_CLASS, NODELAY_LOG_MESSAGE, NoDelayWebsocketConnection

STOCK_CLASS = "jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection"


@pytest.fixture
def jupyter_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep every file a ServerApp writes (cookie secret, runtime files) in tmp_path."""
    for name in ("JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    monkeypatch.setenv("JUPYTER_NO_CONFIG", "1")
    return tmp_path


# --- config forms -----------------------------------------------------------------------


def test_connection_class_name_points_at_the_class() -> None:
    module, _, name = CONNECTION_CLASS.rpartition(".")
    assert module == server.__name__
    assert getattr(server, name) is NoDelayWebsocketConnection


def test_args_are_the_config_dict_as_flags() -> None:
    assert server.server_config() == {
        "ServerApp": {"kernel_websocket_connection_class": CONNECTION_CLASS}
    }
    assert server.server_args() == [
        f"--ServerApp.kernel_websocket_connection_class={CONNECTION_CLASS}"
    ]


def test_server_app_resolves_the_config_dict_to_our_class() -> None:
    app = ServerApp(config=Config(server.server_config()))
    assert app.kernel_websocket_connection_class is NoDelayWebsocketConnection


def test_server_app_resolves_the_flags_to_our_class() -> None:
    app = ServerApp()
    app.parse_command_line(server.server_args())
    assert app.kernel_websocket_connection_class is NoDelayWebsocketConnection


# --- the launcher -----------------------------------------------------------------------


def test_lab_argv_appends_the_kit_flags_to_the_users() -> None:
    user = ["--notebook-dir=notebooks", "--port=9999"]
    assert lab.lab_argv(user) == [*user, *server.server_args()]
    assert user == ["--notebook-dir=notebooks", "--port=9999"]


def test_lab_argv_keeps_a_subcommand_first() -> None:
    assert lab.lab_argv(["build"])[0] == "build"


@pytest.mark.parametrize(
    "user",
    [
        [f"--ServerApp.kernel_websocket_connection_class={STOCK_CLASS}"],
        ["--ServerApp.kernel_websocket_connection_class", STOCK_CLASS],
    ],
    ids=["equals", "space"],
)
def test_a_users_flag_for_the_same_setting_wins(user: list[str]) -> None:
    argv = lab.lab_argv(user)
    assert argv == user
    app = ServerApp()
    app.parse_command_line(argv)  # the same flag twice would raise here
    assert app.kernel_websocket_connection_class is ZMQChannelsWebsocketConnection


@pytest.mark.parametrize(
    ("argv", "sys_argv", "expected_user_args"),
    [
        (["--notebook-dir=notebooks"], ["ignored"], ["--notebook-dir=notebooks"]),
        (None, ["isowidgets.lab", "--no-browser"], ["--no-browser"]),
    ],
)
def test_main_launches_lab_with_the_kit_flags(
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str] | None,
    sys_argv: list[str],
    expected_user_args: list[str],
) -> None:
    from jupyterlab.labapp import LabApp

    launch = mock.Mock()
    monkeypatch.setattr(LabApp, "launch_instance", launch)
    monkeypatch.setattr("sys.argv", sys_argv)
    lab.main(argv)
    launch.assert_called_once_with(argv=[*expected_user_args, *server.server_args()])


# --- the connection class with a fake handler -------------------------------------------


@pytest.mark.parametrize("connected", [True, False], ids=["future", "failed"])
def test_connect_sets_nodelay_first_and_returns_the_stock_result(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, connected: bool
) -> None:
    handler = mock.Mock(spec=KernelWebsocketHandler)
    loop = asyncio.new_event_loop()  # the stock future is built outside a running loop
    try:
        # The stock connect() returns a future, or None when it could not reach the kernel.
        result = loop.create_future() if connected else None
        nodelay_before_connect: list[bool] = []

        def stock_connect(self: ZMQChannelsWebsocketConnection) -> Any:
            nodelay_before_connect.append(handler.set_nodelay.call_args == mock.call(True))
            return result

        monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", stock_connect)
        monkeypatch.setattr(NoDelayWebsocketConnection, "kernel_id", "kernel-1")
        log = logging.getLogger("test_server.nodelay")
        connection = NoDelayWebsocketConnection(websocket_handler=handler, log=log)
        caplog.set_level(logging.INFO, logger=log.name)

        assert connection.connect() is result
        handler.set_nodelay.assert_called_once_with(True)
        assert nodelay_before_connect == [True]
        assert caplog.messages == [f"{NODELAY_LOG_MESSAGE} kernel-1."]
    finally:
        loop.close()


# --- a real server, kernel and websocket ------------------------------------------------


async def _server_side_nodelay(root: Path, extra_args: list[str]) -> tuple[type[Any], int]:
    """Open a kernel websocket on a real in-process server; report its class and TCP_NODELAY."""
    app = ServerApp()
    with mock.patch.object(app, "init_signal"):  # leave pytest's signal handlers alone
        app.initialize(
            argv=[
                *extra_args,
                "--ip=127.0.0.1",
                "--port=0",
                "--IdentityProvider.token=",
                f"--ServerApp.root_dir={root}",
                "--ServerApp.open_browser=False",
            ],
            find_extensions=False,
            new_httpserver=True,
        )
    try:
        kernel_id = await app.kernel_manager.start_kernel()
        url = f"ws://127.0.0.1:{app.port}/api/kernels/{kernel_id}/channels?session_id=test"
        client = await websocket_connect(url)
        try:
            # The server runs open() -> connect() right after the handshake; give it a moment.
            for _ in range(100):
                connections = [
                    c
                    for c in list(ZMQChannelsWebsocketConnection._open_sockets)
                    if c.kernel_id == kernel_id
                ]
                if connections:
                    break
                await asyncio.sleep(0.02)
            else:
                raise AssertionError("the server never connected the kernel websocket")
            (connection,) = connections
            ws_connection = connection.websocket_handler.ws_connection
            assert ws_connection is not None and ws_connection.stream is not None
            sock = ws_connection.stream.socket
            return type(connection), sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        finally:
            client.close()
    finally:
        app.http_server.stop()
        await app._cleanup()


@pytest.mark.parametrize(
    ("extra_args", "expected_class", "expected_nodelay"),
    [
        (server.server_args(), NoDelayWebsocketConnection, 1),
        ([], ZMQChannelsWebsocketConnection, 0),
    ],
    ids=["kit", "stock"],
)
def test_a_real_kernel_websocket_gets_tcp_nodelay(
    jupyter_dirs: Path,
    extra_args: list[str],
    expected_class: type[Any],
    expected_nodelay: int,
) -> None:
    root = jupyter_dirs / "root"
    root.mkdir()
    used_class, nodelay = asyncio.run(_server_side_nodelay(root, extra_args))
    assert used_class is expected_class
    assert nodelay == expected_nodelay


def test_install_config_enables_the_extension_for_servers_started_elsewhere(tmp_path):
    """Binder's postBuild: a server started without the launcher still gets TCP_NODELAY."""
    import json
    import logging
    from types import SimpleNamespace

    from jupyter_server.extension.config import ExtensionConfigManager
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    from isowidgets.lab import install_config
    from isowidgets.server import (
        EXTENSION_CONFIG,
        NoDelayWebsocketConnection,
        _load_jupyter_server_extension,
    )

    path = install_config(tmp_path)
    assert path == tmp_path / "etc/jupyter/jupyter_server_config.d/isowidgets.json"
    assert json.loads(path.read_text()) == EXTENSION_CONFIG
    # What ServerApp.find_server_extensions reads from that directory:
    manager = ExtensionConfigManager(read_config_path=[str(tmp_path / "etc/jupyter")])
    assert manager.get_jpserver_extensions() == {"isowidgets.server": True}

    # Loading the extension swaps the stock class, and only the stock class.
    app = SimpleNamespace(
        web_app=SimpleNamespace(
            settings={"kernel_websocket_connection_class": ZMQChannelsWebsocketConnection}
        ),
        log=logging.getLogger("test"),
    )
    _load_jupyter_server_extension(app)
    assert app.web_app.settings["kernel_websocket_connection_class"] is (NoDelayWebsocketConnection)
    custom = type("Gateway", (ZMQChannelsWebsocketConnection,), {})
    app.web_app.settings["kernel_websocket_connection_class"] = custom
    _load_jupyter_server_extension(app)
    assert app.web_app.settings["kernel_websocket_connection_class"] is custom
