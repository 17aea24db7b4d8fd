"""The widget shell shared by every game (imported lazily: it pulls in anywidget and
matplotlib, and loads every registered game's renderer)."""

from __future__ import annotations

from typing import Any

_LAZY = {
    "GameWidget": "game_widget",
    "GameSession": "session",
    "LivePlot": "plots",
    "metric_figure": "plots",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GameSession", "GameWidget", "LivePlot", "metric_figure"]
