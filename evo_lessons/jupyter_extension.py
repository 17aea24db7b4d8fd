"""The package's Jupyter server extension: kernel messages reach the page without Nagle's 40 ms
wait, and saved lessons reopen with one "run the cells" line instead of widget errors.

It does two things, and only these, in any server it is enabled in (``pip install`` enables it
in the environment it installs into, through ``etc/jupyter/jupyter_server_config.d/``: the one
kind of setting jupyter_server reads from those files):

1. ``TCP_NODELAY`` on the kernel WebSockets (below).
2. The reopen hook (:func:`evo_lessons.lessons.reopen.pre_save_hook`), *registered beside* any
   hook the site has (``ContentsManager.register_pre_save_hook``; the single-valued
   ``pre_save_hook`` setting stays the site's own). It changes only notebooks that use
   evo_lessons, and in them only widget outputs (see :mod:`evo_lessons.lessons.reopen`). A
   ``.d`` configuration file cannot set the hook (jupyter_server reads only
   ``jpserver_extensions`` from them), which is why README's plain ``jupyter lab`` launch used
   to save lessons with their widget outputs; the extension sets it wherever it runs.

Turn it off for one server with
``--ServerApp.jpserver_extensions="{'evo_lessons.jupyter_extension': False}"``, or for the
environment with ``jupyter server extension disable evo_lessons.jupyter_extension``.

Why TCP_NODELAY.
Every click in a widget is answered by the kernel with three messages on the page's
WebSocket, one after another: "busy", the widget's new state, "idle". The Jupyter server
(2.x, through tornado) writes them on a socket without ``TCP_NODELAY``, so Nagle's algorithm
holds the state back until the browser acknowledges "busy", and the browser delays that
acknowledgement (Linux: up to 40 ms) hoping to send it with data of its own. Measured in
JupyterLab with headless Chromium on this project's machines (``benchmarks/bench_browser.py``,
a widget that only echoes a click): 54-60 ms from click to paint as the server ships, 19 ms
with ``TCP_NODELAY``; every game's click paid the same ~40 ms whatever the page and the kernel
did. A widget cannot change the order or the size of those writes, so the fix is on the
server: this extension turns on ``TCP_NODELAY`` for the kernel WebSockets, and nothing else.

How. The server builds one connection object per kernel WebSocket from the class in its
``kernel_websocket_connection_class`` setting (the ZMQ one, or the gateway's when a gateway is
configured). On load, this extension puts a subclass of *that* class in the setting, whose
``connect`` turns on ``TCP_NODELAY`` first; so a server configured with another class keeps it.
Loading it twice changes nothing.

Turn it on with ``--ServerApp.jpserver_extensions="{'evo_lessons.jupyter_extension': True}"``, or
in a server configuration file::

    {"ServerApp": {"jpserver_extensions": {"evo_lessons.jupyter_extension": true}}}
"""

from __future__ import annotations

import inspect
from typing import Any

# i18n: developer-only: its only sentences are the Jupyter server's log (an administrator's)

#: what the server's log says when the extension is on
LOADED = "evo_lessons: kernel WebSockets send without delay (TCP_NODELAY)"
REOPEN_LOADED = "evo_lessons: lesson notebooks are saved without widget outputs (reopen hook)"
#: the hook's import name (as ``--ContentsManager.pre_save_hook`` would give it)
HOOK = "evo_lessons.lessons.reopen.pre_save_hook"


def no_delay(handler: Any) -> bool:
    """Turn on TCP_NODELAY for a tornado WebSocket handler's connection; False if it has none
    (closed, or not yet open) or the socket refuses (never an error: it is only a speed-up)."""
    try:
        handler.set_nodelay(True)
    except (AssertionError, AttributeError, OSError):  # tornado asserts an open connection
        return False
    return True


class NoDelay:
    """Mixed in before a kernel WebSocket connection class: ``connect`` turns on TCP_NODELAY
    for the page's WebSocket, then connects as the class does."""

    _evo_no_delay = True

    async def connect(self, *args: Any, **kwargs: Any) -> Any:
        no_delay(getattr(self, "websocket_handler", None))
        result = super().connect(*args, **kwargs)  # type: ignore[misc]
        return await result if inspect.isawaitable(result) else result


def with_no_delay(base: type) -> type:
    """``base`` with :class:`NoDelay` mixed in (``base`` itself if it already has it)."""
    if getattr(base, "_evo_no_delay", False):
        return base
    return type(
        base.__name__,
        (NoDelay, base),
        {"__module__": __name__, "__doc__": f"{base.__name__}, sending without delay."},
    )


def register_reopen_hook(contents_manager: Any) -> bool:
    """Add the reopen hook to a ContentsManager's pre-save hooks, beside the site's own; False
    if it is already there (set on the command line, or the extension loaded twice)."""
    hooks = [getattr(contents_manager, "pre_save_hook", None)]
    hooks += list(getattr(contents_manager, "_pre_save_hooks", []))
    if any(_name(hook) == HOOK for hook in hooks):
        return False
    # by its name, as a configuration file would give it: the server imports it (this module
    # sits in the widgets layer, below the lessons, and never imports them itself)
    contents_manager.register_pre_save_hook(HOOK)
    return True


def _name(hook: Any) -> str | None:
    if isinstance(hook, str):
        return hook
    module, name = getattr(hook, "__module__", None), getattr(hook, "__qualname__", None)
    return f"{module}.{name}" if module and name else None


def _load_jupyter_server_extension(serverapp: Any) -> None:
    if register_reopen_hook(serverapp.contents_manager):
        serverapp.log.info(REOPEN_LOADED)
    settings = serverapp.web_app.settings
    base = settings.get("kernel_websocket_connection_class")
    if not isinstance(base, type):
        serverapp.log.warning("evo_lessons: no kernel WebSocket class to speed up")
        return
    settings["kernel_websocket_connection_class"] = with_no_delay(base)
    serverapp.log.info(LOADED)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


__all__ = [
    "HOOK",
    "LOADED",
    "REOPEN_LOADED",
    "NoDelay",
    "no_delay",
    "register_reopen_hook",
    "with_no_delay",
]
