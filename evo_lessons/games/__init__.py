"""One folder per game, the same files in each (see DESIGN.md)."""
