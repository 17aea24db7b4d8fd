"""``GameWidget``: one anywidget shell that plays every game in the browser.

Python owns the game (a :class:`~evo_lessons.widgets.session.GameSession`); the front end draws
the view model of the seat being played and sends back small messages such as
``{"type": "act", "index": 3}``. Every message is checked here: a forged or malformed one is
rejected with a visible message and changes nothing. The front end is hand-written ES modules
shipped in the wheel (``static/``), concatenated into one module at import time: no bundler,
no CDN, so lessons work offline.

Every control has a Python method too (``step``, ``play_to_end``, ``undo``, ``seek``, ``act``,
``new_game``, ``history``), so a notebook can script what a student clicks.
"""

from __future__ import annotations

import pathlib
import time
from collections.abc import Sequence
from typing import Any, ClassVar

import anywidget
import traitlets

from evo_lessons import GAMES, game_spec
from evo_lessons.engine import Action, GameSpec, IllegalAction, results
from evo_lessons.engine.words import is_whole, seat_name, winners_sentence

from .messages import PageMessages
from .palette import player_style
from .plots import LivePlot, metric_figure
from .session import HUMAN, GameSession, read_scenario, seat_label

STATIC = pathlib.Path(__file__).parent / "static"
#: seconds between plot frames while playing to the end (a steady few frames a second)
FRAME_INTERVAL = 0.25
LOG_LINES = 80
TABLE_TURNS = 10


def _front_end() -> str:
    """draw.js, then each game's renderer, then the shell: one ES module, no imports.

    anywidget loads ``_esm`` as a single module from a blob URL, where relative imports
    between files cannot resolve; so the hand-written files are joined here, in the order
    their globals need (no bundler, no CDN). Each renderer registers itself by its game's name.
    """
    parts = [STATIC / "draw.js"]
    parts += [game_spec(name).renderer for name in GAMES]
    parts.append(STATIC / "game.js")
    return "\n".join(p.read_text(encoding="utf-8") for p in parts)


class GameWidget(PageMessages, anywidget.AnyWidget):
    """Play a game against bots (or hot-seat with friends) and watch it plot live.

    Args:
        game: a registered game's name (see ``evo_lessons.GAMES``) or its GameSpec.
        seats: "human" or a bot name for each seat (default: you, then the game's good bot).
        seed: the game's seed (shown in the widget; default: a random one).
        plot: draw the live matplotlib plot (turn off for speed in experiments).
        session: play an existing :class:`GameSession` (``game``, ``seats``, ``seed`` and the
            options are then the session's).
        **options: the game's variant options (``players=3``, ``climate_change_faces=5`` ...).
    """

    _esm = _front_end()
    _css = (STATIC / "game.css").read_text(encoding="utf-8")

    view = traitlets.Dict().tag(sync=True)
    plot_png = traitlets.Bytes(b"").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        game: str | GameSpec,
        *,
        seats: Sequence[str] | None = None,
        seed: int | None = None,
        plot: bool = True,
        session: GameSession | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.session = session or GameSession(game, seed=seed, seats=seats, **options)
        self._plot_enabled = plot
        self._live_plot: LivePlot | None = None
        self._covered_for: int | None = None  # hot seat: the seat whose hand is hidden
        self._viewer: int | None = None
        self._plot_frame = 0
        self._student_name = ""  # the name on the result code, typed under a finished game
        self.on_msg(self._on_message)
        if session is None:  # a loaded scenario stands exactly where it was saved
            self._run_bots(frames=False)
        self._refresh()

    # -- Python controls (the same as the buttons) --------------------------------------------
    @property
    def state(self):
        """The current game state (read it; change it only through the widget's methods)."""
        return self.session.state

    def act(self, action: Action | int) -> None:
        """Play a human move, by Action or by its index among the legal actions."""
        if isinstance(action, Action):
            legal = self.state.legal_actions()
            if action not in legal:
                raise IllegalAction(action, legal)
            action = legal.index(action)
        self.session.act_index(action)
        self._run_bots()
        self._refresh()

    def step(self) -> None:
        """One move: the current seat's bot moves (on a person's seat, the helper bot moves
        for them); then, with people at the table, bots play on until a person must decide."""
        if self.state.is_over:
            return
        self.session.bot_step()
        self._run_bots()
        self._refresh()

    def play_to_end(self) -> None:
        """Bots play every remaining move (humans' seats too), redrawn a few times a second."""
        last = time.perf_counter()
        while not self.state.is_over:
            self.session.bot_step()
            now = time.perf_counter()
            if now - last >= FRAME_INTERVAL:
                self._refresh()
                last = now
        self._refresh()

    def undo(self) -> None:
        """Take back the last human decision (and the bot moves after it)."""
        self.session.undo()
        self._refresh()

    def seek(self, position: int) -> None:
        """Jump to any point of the timeline (0 = the start); moves after it can be replayed."""
        self.session.seek(position)
        self._refresh()

    def new_game(self, seed: int | None = None) -> None:
        self.session.new_game(seed)
        self._reset_plot()
        self._run_bots(frames=False)
        self._refresh()

    def set_seat(self, seat: int, kind: str) -> None:
        """Make a seat "human" or give it to a bot ("random", "planner", ...)."""
        self.session.set_seat(seat, kind)
        self._run_bots()
        self._refresh()

    def history(self):
        """Every recorded metric row as a pandas DataFrame (one row per player per step)."""
        return self.session.history()

    def to_csv(self) -> str:
        return self.session.to_csv()

    def scenario_code(self, include_moves: bool = True) -> str:
        """A short code that starts this game (and, by default, its moves so far) anywhere."""
        return self.session.scenario_code(include_moves)

    def result_code(self, name: str | None = None) -> str:
        """The finished game's result code (``EVR1-...``) with the student's name, to hand in.

        The teacher pools the class's codes (:func:`evo_lessons.classroom.pool`), which
        replays every move. ``name`` defaults to the one typed under the finished game; a
        name given here is shown there too.
        """
        if not self.state.is_over:
            raise ValueError("A result code is for a finished game: play it to the end first.")
        checked = results.check_name(self._student_name if name is None else name)
        code = results.encode(results.game_result(self.session.scenario(True), checked))
        if checked != self._student_name:
            self._student_name = checked
            self._refresh(plot=False)
        return code

    def _result(self) -> dict[str, str] | None:
        """What the page shows under a finished game: the name and its result code."""
        if not self.state.is_over:
            return None
        if not self._student_name:
            return {"name": "", "code": "", "note": "Type your name to get your result code."}
        data = results.game_result(self.session.scenario(True), self._student_name)
        return {"name": self._student_name, "code": results.encode(data), "note": ""}

    def save_scenario(self, path: str | pathlib.Path, include_moves: bool = True) -> None:
        import json

        text = json.dumps(self.session.scenario(include_moves), indent=1)
        pathlib.Path(path).write_text(text, encoding="utf-8")

    @classmethod
    def from_scenario(cls, scenario: str | dict | pathlib.Path, **kwargs: Any) -> GameWidget:
        """Start from a scenario code, JSON text, dict, or a file (a str path or a Path) saved
        by :meth:`save_scenario`; the game stands exactly at the saved move."""
        session = GameSession.from_scenario(scenario)
        return cls(session.game, session=session, **kwargs)

    def figure(self):
        """The live plot as a static matplotlib Figure (renders on nbviewer and in print)."""
        return metric_figure(self.session.rows, self.session.spec, self.state.num_players)

    # -- the browser side ----------------------------------------------------------------------
    #: every message the page may send, with exactly the fields it carries
    MESSAGES: ClassVar[dict[str, frozenset[str]]] = {
        "act": frozenset({"index"}),
        "step": frozenset(),
        "play": frozenset(),
        "undo": frozenset(),
        "new_game": frozenset({"seed"}),
        "seek": frozenset({"position"}),
        "reveal": frozenset(),
        "seat": frozenset({"seat", "kind"}),
        "load_code": frozenset({"code"}),
        "csv": frozenset(),
        "code": frozenset(),
        "name": frozenset({"name"}),
    }

    def _after_refusal(self) -> None:
        self._refresh(plot=False)

    def _on_act(self, content: dict) -> None:
        if self._covered_for is not None:
            raise ValueError("Hand covered: press 'Show my hand' first.")
        self.act(content["index"])

    def _on_step(self, content: dict) -> None:
        self.step()

    def _on_play(self, content: dict) -> None:
        self.play_to_end()

    def _on_undo(self, content: dict) -> None:
        self.undo()

    def _on_new_game(self, content: dict) -> None:
        seed = content["seed"]
        if seed is not None and not (is_whole(seed) and 0 <= seed < 2**63):
            raise ValueError("A seed is a whole number (or empty for a random one).")
        self.new_game(seed)

    def _on_seek(self, content: dict) -> None:
        self.seek(content["position"])

    def _on_reveal(self, content: dict) -> None:
        self._covered_for = None
        self._refresh(plot=False)

    def _on_seat(self, content: dict) -> None:
        self.set_seat(content["seat"], content["kind"])

    def _on_load_code(self, content: dict) -> None:
        code = content["code"]
        if not isinstance(code, str) or len(code) > 200_000:
            raise ValueError("A scenario code is a line of text starting EVO1-.")
        if code.strip().lower().endswith(".json"):
            raise ValueError("Paste the code itself here (files load from Python).")
        data = read_scenario(code)
        if data["game"] != self.session.game:
            raise ValueError(
                f"That scenario is for the game {data['game'][:40]!r}; open it in a widget "
                "of that game."
            )
        self._adopt(GameSession.from_scenario(data))

    def _on_csv(self, content: dict) -> None:
        name = f"{self.session.game}_seed{self.session.seed}.csv"
        if self._seed_hidden():
            name = f"{self.session.game}_history.csv"
        self.send({"type": "csv", "filename": name, "text": self.to_csv()})

    def _on_code(self, content: dict) -> None:
        self.send({"type": "code", "code": self.scenario_code()})

    def _on_name(self, content: dict) -> None:
        name = content["name"]
        if not isinstance(name, str) or len(name) > 1000:
            raise ValueError("A name is a line of text.")
        self._student_name = results.check_name(name) if name.strip() else ""
        self._refresh(plot=False)

    def _adopt(self, session: GameSession) -> None:
        """Play a loaded scenario: it stands exactly at its saved move until someone acts."""
        self.session = session
        self._reset_plot()
        self._refresh()

    def _run_bots(self, frames: bool = True) -> None:
        """With people at the table, bots play until a person must decide (or the game ends),
        redrawn a few times a second. With no person seated nothing runs by itself: a class
        watching bots steps through."""
        if not self.session.humans:
            return
        last = time.perf_counter()
        while not self.state.is_over and not self.session.is_human_turn():
            self.session.bot_step()
            if frames and time.perf_counter() - last >= FRAME_INTERVAL:
                self._refresh()
                last = time.perf_counter()

    def _reset_plot(self) -> None:
        self._live_plot = None

    # -- the view model ------------------------------------------------------------------------
    def _viewing_seat(self) -> int | None:
        """Whose hand the screen shows: the human to act, else the last human who acted."""
        humans = self.session.humans
        if not humans:
            return None
        player = self.state.current_player
        if player in humans:
            return player
        return self._viewer if self._viewer in humans else humans[0]

    def _refresh(self, plot: bool = True) -> None:
        session, state = self.session, self.session.state
        viewer = self._viewing_seat()
        humans = session.humans
        if len(humans) > 1 and viewer is not None and viewer != self._viewer:
            self._covered_for = viewer  # hot seat: cover the hand until its owner is at the screen
        self._viewer = viewer
        covered = self._covered_for is not None
        spec = session.spec
        view = spec.view
        actions = []
        if session.is_human_turn() and not covered:
            for index, action in enumerate(state.legal_actions()):
                actions.append(
                    {"index": index, "label": str(action), "target": view.action_target(action)}
                )
        board_seat = None if covered else viewer
        png = self._render_plot() if plot and self._plot_enabled else None
        view_model = {
            "game": spec.name,
            "title": spec.title,
            # the seed and the moves rebuild every hidden card: shown only once the game is over
            "seed": None if self._seed_hidden() else session.seed,
            "options": session.options,
            "seats": [
                {"seat": s, "kind": kind, "name": seat_name(s), **player_style(s)}
                for s, kind in enumerate(session.seats)
            ],
            "bots": session.bot_names,
            "helper_bot": spec.helper_bot,
            "viewer": viewer,
            "covered": covered,
            "current": state.current_player,
            "human_turn": session.is_human_turn(),
            "over": state.is_over,
            "winners": list(state.winners),
            "status": self._status(),
            "board": view.view_model(state, board_seat),
            "description": view.describe(state, board_seat),
            "actions": actions,
            "log": [{"step": step, "text": text} for step, text in session.log[-LOG_LINES:]],
            "timeline": {"position": session.position, "length": len(session.actions)},
            "table": self._table(),
            "plot_frame": self._plot_frame,
            "x_label": view.x_label,
            "result": self._result(),
        }
        # one message for both, so the page never shows a board and a plot of different moves
        with self.hold_sync():
            if png is not None:
                self.plot_png = png
            self.view = view_model

    def _seed_hidden(self) -> bool:
        """While a game with secrets is on, its seed would let a seat rebuild them."""
        return self.session.spec.hidden_information and not self.state.is_over

    def _status(self) -> str:
        state = self.session.state
        if state.is_over:
            return winners_sentence(state.winners)
        player = state.current_player
        who = seat_name(player)
        if self.session.is_human_turn():
            if self._covered_for is not None:
                return f"Pass the screen to {who}, then press 'Show my hand'."
            return f"Your move, {who}: choose an action."
        bot = seat_label(player, self.session.seats[player])
        if self.session.humans:
            return f"{bot} moves next: press Step to let the bots play on to your turn."
        return f"{bot} moves next: press Step for one move, or Play to end."

    def _table(self) -> dict[str, Any]:
        """The plotted values of the last few steps, one row per player (the plot's table)."""
        spec = self.session.spec
        columns = list(spec.view.table_columns)
        rows = self.session.rows
        x = spec.x_axis
        last_turns = sorted({r[x] for r in rows})[-TABLE_TURNS:]
        keep = set(last_turns)
        latest: dict[tuple, dict] = {}
        for row in rows:
            if row[x] in keep:
                latest[(row[x], row["player"])] = row
        body = [
            [_cell(row.get(c), c) for c in columns]
            for _, row in sorted(latest.items(), key=lambda kv: kv[0])
        ]
        labels = {m.name: m.label for m in spec.metrics}
        labels.update({"player": "player", x: spec.view.x_label})
        return {"columns": [labels[c] for c in columns], "rows": body}

    def _render_plot(self) -> bytes:
        """The plot frame for the current rows; the frame number rises when the image changes."""
        if self._live_plot is None:
            self._live_plot = LivePlot(self.session.spec, self.state.num_players)
        self._live_plot.update(self.session.rows)
        png = self._live_plot.png()
        if png != self.plot_png:
            self._plot_frame += 1
        return png


def _cell(value: Any, column: str = "") -> Any:
    """A table cell as people read it: seats as P1, P2 ... (the data keeps 0, 1 ...)."""
    if column == "player" and isinstance(value, int):
        return f"P{value + 1}"
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, list | dict):
        return str(value)
    return value


__all__ = ["HUMAN", "GameWidget"]
