"""The kit's Jupyter server configuration: kernel websockets that send at once.

A widget click is a small message from the browser to the kernel, answered by a
small message back. On the stock jupyter_server the kernel websocket keeps
Nagle's algorithm on, so the server holds that small reply until the browser
ACKs the previous segment, and the browser delays its ACK: measured on this
project's machines, a bare Button→Label round trip took about 48 ms in
JupyterLab although the kernel answers in about 6 ms. With TCP_NODELAY on the
kernel websocket the same round trip takes 15–18 ms (7–8 ms in Voila), which is
the difference between a dice roll that feels instant and one that lags.

jupyter_server lets a deployment choose the class that joins a kernel
websocket to the kernel's ZMQ channels (``ServerApp.kernel_websocket_connection_class``);
:class:`NoDelayWebsocketConnection` is the stock class plus that one socket
option, so no server code is patched. Apply it with :func:`server_args` on a
command line, :func:`server_config` in a config file or ``ServerApp(config=...)``,
or simply launch JupyterLab with ``python -m isowidgets.lab``.

This is a leaf module: nothing else in :mod:`isowidgets` imports it, so the
rules and widgets never pull in the server.
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = [
    "CONNECTION_CLASS",
    "EXTENSION_CONFIG",
    "NODELAY_LOG_MESSAGE",
    "NoDelayWebsocketConnection",
    "server_args",
    "server_config",
]

CONNECTION_CLASS = "isowidgets.server.NoDelayWebsocketConnection"
"""Dotted name of :class:`NoDelayWebsocketConnection`, as Jupyter config expects it."""


NODELAY_LOG_MESSAGE = "TCP_NODELAY on (isowidgets) for the websocket of kernel"
"""Start of the INFO line logged for each kernel websocket the kit's class connects."""


class NoDelayWebsocketConnection(ZMQChannelsWebsocketConnection):
    """The stock kernel websocket connection with TCP_NODELAY on the browser socket.

    Widget traffic is many small messages each waiting for an answer: exactly
    the pattern where Nagle's algorithm plus the peer's delayed ACK costs about
    40 ms per round trip (measured: 48 ms stock, 15–18 ms with this class, for a
    bare Button→Label echo in JupyterLab). The price is a few more small
    packets when output streams out in bursts, which is negligible next to a
    40 ms stall on every click.

    Everything else (buffer replay on reconnect, rate limits, restarts) is the
    inherited behaviour, so upgrades of jupyter_server keep applying.
    """

    # The override ignore repeats jupyter_server's own: its base class declares
    # ``async def connect`` while the stock ZMQ class returns a future or None.
    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]
        """Turn on TCP_NODELAY, then connect to the kernel exactly as the stock class does.

        ``KernelWebsocketHandler.open()`` calls this once the websocket handshake
        is done (so the handler's stream exists) and awaits the result. The
        option is set *before* connecting so that messages replayed from a
        reconnect buffer already go out undelayed; the inherited return value
        (a future resolving when the kernel is live, or ``None`` when the
        connection failed) is passed through unchanged.

        The log line lets anyone check, in the server's output, that the kit's
        configuration is active.

        Returns:
            What :meth:`ZMQChannelsWebsocketConnection.connect` returns.
        """
        self.websocket_handler.set_nodelay(True)
        self.log.info("%s %s.", NODELAY_LOG_MESSAGE, self.kernel_id)
        connected: asyncio.Future[None] | None = super().connect()
        return connected


def server_config() -> dict[str, Any]:
    """The kit's server settings as a Jupyter config dict.

    The value is the dotted class name rather than the class so the dict can
    be written as a JSON config file (``--config FILE``) or passed to
    ``traitlets.config.Config`` unchanged.

    Returns:
        ``{"ServerApp": {"kernel_websocket_connection_class": CONNECTION_CLASS}}``.
    """
    return {"ServerApp": {"kernel_websocket_connection_class": CONNECTION_CLASS}}


def server_args() -> list[str]:
    """The kit's server settings as command-line flags for ``jupyter lab`` or ``jupyter server``.

    Derived from :func:`server_config` so the two forms cannot drift apart.

    Returns:
        One ``--Section.trait=value`` flag per setting.
    """
    return [
        f"--{section}.{trait}={value}"
        for section, traits in server_config().items()
        for trait, value in traits.items()
    ]


EXTENSION_CONFIG = {"ServerApp": {"jpserver_extensions": {"isowidgets.server": True}}}
"""The config that enables this module as a server extension (for hosts that start
the server themselves, such as Binder; see :func:`isowidgets.lab.install_config`)."""


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Lets jupyter_server load this module as an extension when it is enabled."""
    return [{"module": "isowidgets.server"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Switch a running server's kernel websockets to :class:`NoDelayWebsocketConnection`.

    Only the stock class is replaced: a gateway deployment or another custom
    connection class is left alone (and said so in the log). The websocket
    handler reads the class from the tornado settings for every new socket, so
    setting it after start-up covers every kernel connection.
    """
    settings = serverapp.web_app.settings
    current = settings.get("kernel_websocket_connection_class")
    if current is ZMQChannelsWebsocketConnection:
        settings["kernel_websocket_connection_class"] = NoDelayWebsocketConnection
        serverapp.log.info("isowidgets: kernel websockets use TCP_NODELAY")
    elif isinstance(current, type) and issubclass(current, NoDelayWebsocketConnection):
        pass
    else:
        serverapp.log.info(
            "isowidgets: kernel websocket class %s left as configured (TCP_NODELAY not added)",
            current,
        )
