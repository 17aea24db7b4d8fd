"""The widget shell shared by every game (imported lazily: it pulls in anywidget)."""

from .game_widget import GameWidget
from .plots import LivePlot, metric_figure
from .session import GameSession

__all__ = ["GameSession", "GameWidget", "LivePlot", "metric_figure"]
