"""Placeholder view (replaced below)."""

from evo_lessons.engine import Panel, View

VIEW = View(
    view_model=lambda s, seat: {},
    describe=lambda s, seat: "",
    action_target=lambda a: None,
    panels=(Panel("points", "Points"),),
    table_columns=("turn", "player", "points"),
)
