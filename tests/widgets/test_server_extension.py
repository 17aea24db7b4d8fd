"""The server extension that sends kernel messages without Nagle's delay (widgets/server.py).

Its speed is measured in benchmarks/bench_browser.py; these pin what it does to the server: the
configured connection class keeps working with TCP_NODELAY turned on first, any other class
configured (a gateway's) is kept, and loading it twice changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from evo_lessons.widgets import server


class Handler:
    """A tornado WebSocket handler as far as the extension uses it."""

    def __init__(self, open_: bool = True) -> None:
        self.open = open_
        self.nodelay: bool | None = None

    def set_nodelay(self, value: bool) -> None:
        assert self.open, "tornado asserts an open connection"
        self.nodelay = value


class Connection:
    """A connection class as the server builds one per kernel WebSocket."""

    def __init__(self, websocket_handler: Handler) -> None:
        self.websocket_handler = websocket_handler
        self.connected_with: bool | None = None

    async def connect(self) -> str:
        self.connected_with = self.websocket_handler.nodelay
        return "connected"


def serverapp(connection_class: object) -> SimpleNamespace:
    settings = {"kernel_websocket_connection_class": connection_class}
    return SimpleNamespace(
        web_app=SimpleNamespace(settings=settings), log=logging.getLogger("test-server")
    )


def test_the_connection_turns_on_nodelay_before_it_connects():
    handler = Handler()
    connection = server.with_no_delay(Connection)(handler)
    assert asyncio.run(connection.connect()) == "connected"
    assert connection.connected_with is True


def test_a_handler_without_an_open_connection_still_connects():
    handler = Handler(open_=False)
    connection = server.with_no_delay(Connection)(handler)
    assert asyncio.run(connection.connect()) == "connected"
    assert handler.nodelay is None


def test_loading_keeps_the_configured_class_underneath():
    app = serverapp(Connection)
    server._load_jupyter_server_extension(app)
    chosen = app.web_app.settings["kernel_websocket_connection_class"]
    assert issubclass(chosen, Connection) and issubclass(chosen, server.NoDelay)


def test_loading_twice_mixes_in_once():
    app = serverapp(Connection)
    server._load_jupyter_server_extension(app)
    once = app.web_app.settings["kernel_websocket_connection_class"]
    server._load_jupyter_server_extension(app)
    assert app.web_app.settings["kernel_websocket_connection_class"] is once


def test_a_server_without_a_connection_class_is_left_alone(caplog):
    app = serverapp(None)
    with caplog.at_level(logging.WARNING, logger="test-server"):
        server._load_jupyter_server_extension(app)
    assert app.web_app.settings["kernel_websocket_connection_class"] is None
    assert "no kernel WebSocket class" in caplog.text


def test_the_servers_own_connection_class_takes_the_mixin():
    chosen = server.with_no_delay(ZMQChannelsWebsocketConnection)
    assert issubclass(chosen, ZMQChannelsWebsocketConnection)
    assert chosen.__mro__[1] is server.NoDelay  # connect runs the mixin's first


def test_the_extension_names_itself_for_the_server():
    assert server._jupyter_server_extension_points() == [{"module": "evo_lessons.widgets.server"}]


def test_the_installed_server_configuration_turns_the_extension_on():
    """pip installs this file into etc/jupyter/jupyter_server_config.d (pyproject's shared-data),
    so the student launch (plain ``jupyter lab``) and Binder load the extension."""
    import json

    from evo_lessons.lessons.reopen import CONFIG

    config = json.loads(CONFIG.read_text())
    assert config["ServerApp"]["jpserver_extensions"] == {"evo_lessons.widgets.server": True}
