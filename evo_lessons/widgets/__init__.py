"""The widget shell shared by every game, and the front-end kit every widget is built with
(imported lazily: the shell pulls in anywidget and matplotlib, and loads every registered
game's renderer)."""

from __future__ import annotations

from typing import Any

_LAZY = {
    "GameWidget": "game_widget",
    "GameSession": "session",
    "LivePlot": "plots",
    "PlotFeed": "plots",
    "assemble": "frontend",
    "metric_figure": "plots",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GameSession", "GameWidget", "LivePlot", "PlotFeed", "assemble", "metric_figure"]
