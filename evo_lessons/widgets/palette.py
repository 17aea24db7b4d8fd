"""Colours, line styles and markers for players: colour-blind safe, and never colour alone.

Okabe & Ito's palette (2008) stays distinguishable under the common colour-vision deficiencies;
each player also gets its own line style, marker and a "P1".."P8" label, so plots and boards
still read in greyscale.
"""

PLAYER_COLOURS = (
    "#E69F00",  # orange
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#000000",  # black
    "#999999",  # grey
    "#009E73",  # bluish green
)
PLAYER_DASHES = ("-", "--", ":", "-.", (0, (5, 1, 1, 1)), (0, (1, 1)), (0, (3, 2, 1, 2)), "-")
PLAYER_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
#: the same dashes as SVG ``stroke-dasharray`` values, for plots drawn in the browser
PLAYER_SVG_DASHES = ("", "6 3", "1.5 2.5", "6 2 1.5 2", "5 1 1 1", "1 1", "3 2 1 2", "")
PLAYER_SYMBOLS = ("●", "■", "▲", "◆", "▼", "✚", "✖", "★")


def player_style(player: int) -> dict:
    """Everything the front end and the plots need to draw one player."""
    k = player % len(PLAYER_COLOURS)
    return {
        "colour": PLAYER_COLOURS[k],
        "symbol": PLAYER_SYMBOLS[k],
        "label": f"P{player + 1}",
    }


def series_style(k: int) -> dict:
    """One plotted line in the browser: colour, dash, marker and symbol (never colour alone)."""
    k %= len(PLAYER_COLOURS)
    return {
        "colour": PLAYER_COLOURS[k],
        "dash": PLAYER_SVG_DASHES[k],
        "marker": PLAYER_MARKERS[k],
        "symbol": PLAYER_SYMBOLS[k],
    }
