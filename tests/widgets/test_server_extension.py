"""The package's server extension (jupyter_extension.py): kernel messages without Nagle's delay,
and the reopen hook registered wherever the extension is enabled.

Its speed is measured in benchmarks/bench_browser.py; these pin what it does to the server: the
configured connection class keeps working with TCP_NODELAY turned on first, any other class
configured (a gateway's) is kept, the reopen hook is added beside a site's own hook (issue 32:
a ``.d`` configuration file cannot set it), and loading it twice changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

from jupyter_server.services.contents.filemanager import FileContentsManager
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from evo_lessons import jupyter_extension as server

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


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


def serverapp(connection_class: object, root_dir: str = ".", **contents: object) -> SimpleNamespace:
    """A server as far as the extension uses it, with jupyter_server's real contents manager."""
    settings = {"kernel_websocket_connection_class": connection_class}
    return SimpleNamespace(
        web_app=SimpleNamespace(settings=settings),
        log=logging.getLogger("test-server"),
        contents_manager=FileContentsManager(root_dir=str(root_dir), **contents),
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
    assert server._jupyter_server_extension_points() == [
        {"module": "evo_lessons.jupyter_extension"}
    ]


def test_the_installed_server_configuration_turns_the_extension_on():
    """pip installs this file into etc/jupyter/jupyter_server_config.d (pyproject's shared-data),
    so the student launch (plain ``jupyter lab``) and Binder load the extension."""
    import json

    from evo_lessons.lessons.reopen import CONFIG

    config = json.loads(CONFIG.read_text())
    assert config["ServerApp"]["jpserver_extensions"] == {"evo_lessons.jupyter_extension": True}


def lesson_with_a_widget() -> dict:
    widget = {"output_type": "display_data", "metadata": {},
              "data": {"text/plain": "GameWidget()", WIDGET_VIEW: {"model_id": "m1"}}}  # fmt: skip
    return {
        "cells": [
            {
                "cell_type": "code",
                "id": "a",
                "metadata": {},
                "execution_count": 1,
                "source": "from evo_lessons.lessons import start_lesson",
                "outputs": [widget],
            },
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_loading_registers_the_reopen_hook_and_a_saved_lesson_keeps_no_widget(tmp_path):
    """Issue 32: with README's plain ``jupyter lab`` the hook was never set; the extension sets
    it, and a save through the server's own contents manager writes the "run the cells" line."""
    import json

    from evo_lessons.lessons.reopen import HINT

    app = serverapp(Connection, tmp_path)
    server._load_jupyter_server_extension(app)
    app.contents_manager.save({"type": "notebook", "content": lesson_with_a_widget()}, "l.ipynb")
    on_disk = (tmp_path / "l.ipynb").read_text(encoding="utf-8")
    assert WIDGET_VIEW not in on_disk and HINT in on_disk
    assert "".join(json.loads(on_disk)["cells"][0]["outputs"][0]["data"]["text/plain"]) == HINT


def test_the_hook_is_registered_once_and_a_sites_own_hook_stays(tmp_path):
    seen = []

    def site_hook(model, **_kwargs):
        seen.append(model["type"])

    app = serverapp(Connection, tmp_path, pre_save_hook=site_hook)
    server._load_jupyter_server_extension(app)
    server._load_jupyter_server_extension(app)
    manager = app.contents_manager
    assert manager.pre_save_hook is site_hook and len(manager._pre_save_hooks) == 1
    manager.save({"type": "notebook", "content": lesson_with_a_widget()}, "l.ipynb")
    assert seen == ["notebook"] and WIDGET_VIEW not in (tmp_path / "l.ipynb").read_text()


def test_a_hook_given_on_the_command_line_is_not_added_twice(tmp_path):
    app = serverapp(Connection, tmp_path, pre_save_hook=server.HOOK)
    assert not server.register_reopen_hook(app.contents_manager)
    assert app.contents_manager._pre_save_hooks == []
