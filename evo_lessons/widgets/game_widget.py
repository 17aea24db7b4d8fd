"""``GameWidget``: one anywidget shell that plays every game in the browser.

Python owns the game (a :class:`~evo_lessons.widgets.session.GameSession`); the front end draws
the view model of the seat being played and sends back small messages such as
``{"type": "act", "index": 3}``. Every message is checked here: a forged or malformed one is
rejected with a visible message and changes nothing. The front end is hand-written ES modules
shipped in the wheel (``static/``), joined with the shared front-end kit into one module at
import time (:func:`~evo_lessons.widgets.frontend.assemble`): no bundler, no CDN, so lessons
work offline. The live plot is drawn in the page from the metric rows, each sent once as
numbers (:class:`~evo_lessons.widgets.plots.PlotFeed`); matplotlib draws ``figure()`` and the
"Download plot (PNG)" button.

Every control has a Python method too (``step``, ``play_to_end``, ``undo``, ``seek``, ``act``,
``new_game``, ``history``), so a notebook can script what a student clicks.
"""

from __future__ import annotations

import functools
import pathlib
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

import anywidget
import traitlets

from evo_lessons import game_spec
from evo_lessons.engine import Action, GameSpec, IllegalAction, record, results
from evo_lessons.engine.words import seat_name, winners_sentence
from evo_lessons.i18n import N_, Translator, get_translator, pgettext, speaking
from evo_lessons.i18n import _ as _t

from .finished import FinishedGames
from .frontend import STATIC, assemble, game_module
from .messages import PageMessages, check_seed
from .page_strings import page_strings
from .palette import player_style
from .plots import PlotFeed, figure_png, metric_figure
from .session import HUMAN, GameSession, WidgetSession, read_scenario, seat_label

#: seconds between plot frames while playing to the end (a steady few frames a second)
FRAME_INTERVAL = 0.25
LOG_LINES = 80
TABLE_TURNS = 10
#: why the page gives no scenario code mid-game (the session says the same when asked)
CODE_WITHHELD = N_(
    "The scenario code is given when the game is over: mid-game it would show the other "
    "players' hidden cards."
)

_F = TypeVar("_F", bound=Callable[..., Any])


def speaks(method: _F) -> _F:
    """Run a widget method in the widget's language: its log lines, statuses and refusals."""

    @functools.wraps(method)
    def wrapper(self: GameWidget, *args: Any, **kwargs: Any) -> Any:
        with speaking(self.translator):
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


class GameWidget(PageMessages, anywidget.AnyWidget):
    """Play a game against bots (or hot-seat with friends) and watch it plot live.

    Args:
        game: a registered game's name (see ``evo_lessons.GAMES``) or its GameSpec.
        seats: "human" or a bot name for each seat (default: you, then the game's good bot).
        seed: the game's seed (shown in the widget; default: a random one).
        teacher: a teacher's widget: scenario codes (seed and moves) are given at any time, and
            every seat's hand may be shown (the teacher edition sets up scenarios).
        plot: send the live plot's numbers (turn off for speed in experiments).
        session: play an existing :class:`GameSession` (``game``, ``seats``, ``seed`` and the
            options are then the session's); a class's counted game plays a
            :class:`~evo_lessons.live.served.ServedSession` (see ``ServedGame``).
        lang: the language the widget speaks ("es"; default: the lesson's, else
            ``$EVO_LESSONS_LANG``, else English). Codes, seeds and CSV columns are the same in
            every language.
        **options: the game's variant options (``players=3``, ``climate_change_faces=5`` ...).
    """

    # no _esm here: each widget's is its own game's module (frontend.game_module), set in
    # __init__ before anywidget reads it
    _css = assemble(STATIC / "game.css")

    view = traitlets.Dict().tag(sync=True)
    #: the live plot's panels, series and columns (changes with the game, not with each step)
    plot_spec = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    #: the page's words in the widget's language (the page holds no English: page_strings.py)
    strings = traitlets.Dict().tag(sync=True)
    #: the widget's language ("en", "es" ...) and its direction ("ltr" or "rtl")
    lang = traitlets.Unicode("en").tag(sync=True)
    direction = traitlets.Unicode("ltr").tag(sync=True)
    #: how many distinct games have finished in this widget (observe it; not sent to the page)
    finished_count = traitlets.Int(0)

    def __init__(
        self,
        game: str | GameSpec,
        *,
        seats: Sequence[str] | None = None,
        seed: int | None = None,
        teacher: bool = False,
        plot: bool = True,
        session: WidgetSession | None = None,
        lang: str | None = None,
        **options: Any,
    ) -> None:
        spec = session.spec if session is not None else game_spec(game)
        self._esm = game_module(spec.renderer)  # only this game's renderer goes to the page
        super().__init__()
        self.translator: Translator = get_translator(lang)
        self.lang, self.direction = self.translator.lang, self.translator.dir
        self.strings = page_strings(self.translator, spec.name)
        with speaking(self.translator):
            self._start(game, session, seats, seed, teacher, plot, options)

    def _start(
        self,
        game: str | GameSpec,
        session: WidgetSession | None,
        seats: Sequence[str] | None,
        seed: int | None,
        teacher: bool,
        plot: bool,
        options: dict[str, Any],
    ) -> None:
        if session is None:
            session = GameSession(game, seed=seed, seats=seats, teacher=teacher, **options)
            fresh = True
        else:
            fresh = False
            session.teacher = session.teacher or teacher
        self.session: WidgetSession = session
        self.teacher = session.teacher
        #: the lesson this widget is played in (set by the lesson layer; goes in result codes)
        self.lesson: str | None = None
        self._plot_enabled = plot
        self._feed: PlotFeed | None = None
        self._last_epoch = 0
        self._covered_for: int | None = None  # hot seat: the seat whose hand is hidden
        self._viewer: int | None = None
        self._student_name = ""  # the name on the result code, typed under a finished game
        self._finished = FinishedGames(self.session.spec.title)
        self._dealt()
        self.on_msg(self._on_message)
        if fresh:  # a loaded scenario stands exactly where it was saved
            self._run_bots(frames=False)
        self._refresh()

    # -- Python controls (the same as the buttons) --------------------------------------------
    @property
    def state(self):
        """The current game state (read it; change it only through the widget's methods)."""
        return self.session.state

    @speaks
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

    @speaks
    def step(self) -> None:
        """One move: the current seat's bot moves (on a person's seat, the helper bot moves
        for them); then, with people at the table, bots play on until a person must decide."""
        if self.state.is_over:
            return
        self.session.bot_step()
        self._run_bots()
        self._refresh()

    @speaks
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

    @speaks
    def undo(self) -> None:
        """Take back the last human decision (and the bot moves after it)."""
        self.session.undo()
        self._refresh()

    @speaks
    def seek(self, position: int) -> None:
        """Jump to any point of the timeline (0 = the start); moves after it can be replayed."""
        self.session.seek(position)
        self._refresh()

    @speaks
    def new_game(self, seed: int | None = None) -> None:
        """A new game with the same seats and options (``seed`` None: a random one)."""
        if seed is not None:
            seed = check_seed(seed)
        self.session.new_game(seed)
        self._dealt()
        self._run_bots(frames=False)
        self._refresh()

    @speaks
    def set_seat(self, seat: int, kind: str) -> None:
        """Make a seat "human" or give it to a bot ("random", "planner", ...)."""
        self.session.set_seat(seat, kind)
        self._run_bots()
        self._refresh()

    @speaks
    def history(self, readable: bool = False):
        """Every recorded metric row as a pandas DataFrame (one row per player per step).

        The values are the data's (a habitat's id, ``"tropical_forest"``), the same in every
        language, as the CSV keeps them. ``readable=True`` gives the table a student reads: each
        label's value in words, in the widget's language (``"Tropical forest"``, ``"Bosque
        tropical"``); the columns keep their names either way."""
        frame = self.session.history()
        if readable:
            for metric in self.session.spec.metrics:
                if metric.words is not None and metric.name in frame:
                    frame[metric.name] = frame[metric.name].map(_in_words(metric.words))
        return frame

    def to_csv(self) -> str:
        return self.session.to_csv()

    @property
    def scenario_code_ready(self) -> bool:
        """May this game's scenario code (seed and moves) be given now? When the game is
        over, when it hides nothing, or in a teacher's widget."""
        return self.session.scenario_code_ready

    def scenario_code(self, include_moves: bool = True) -> str:
        """A short code that starts this game (and, by default, its moves so far) anywhere."""
        return self.session.scenario_code(include_moves)

    @property
    def finished_games(self) -> list[dict[str, Any]]:
        """Every distinct game finished in this widget since it was made, oldest first:
        ``{"label", "number", "result_code" (None until a name is given), "helped"}``."""
        return [dict(entry) for entry in self._finished.entries]

    @speaks
    def result_code(self, name: str | None = None) -> str:
        """The finished game's result code (``EVR2-...``) with the student's name, to hand in.

        The teacher pools the class's codes (:func:`evo_lessons.classroom.pool`), which
        replays every move. ``name`` defaults to the one typed under the finished game; a
        name given here is shown there too.
        """
        if not self.state.is_over:
            raise ValueError(
                pgettext("error", "A result code is for a finished game: play it to the end first.")
            )
        checked = results.check_name(self._student_name if name is None else name)
        code = self._make_code(checked)
        if checked != self._student_name:
            self._student_name = checked
            self._finished.name_given(checked)
            self._refresh(plot=False)
        return code

    def _make_code(self, name: str) -> str:
        """The result code of the current, finished game (it records who made each move)."""
        return self.session.result_code(name, lesson=self.lesson)

    def _result(self) -> dict[str, str] | None:
        """What the page shows under a finished game: the name and its result code (nothing
        for a demo with bots in every seat: it is nobody's result, issue 44)."""
        if not self.state.is_over or not self.session.humans:
            return None
        if not self._student_name:
            note = pgettext("result code", "Type your name to get your result code.")
            return {"name": "", "code": "", "note": note}
        return {"name": self._student_name, "code": self._make_code(self._student_name), "note": ""}

    def save_scenario(self, path: str | pathlib.Path, include_moves: bool = True) -> None:
        import json

        text = json.dumps(self._local().scenario(include_moves), indent=1)
        pathlib.Path(path).write_text(text, encoding="utf-8")

    @classmethod
    def from_scenario(cls, scenario: str | dict | pathlib.Path, **kwargs: Any) -> GameWidget:
        """Start from a scenario code, JSON text, dict, or a file (a str path or a Path) saved
        by :meth:`save_scenario`; the game stands exactly at the saved move."""
        session = GameSession.from_scenario(scenario)
        return cls(session.game, session=session, **kwargs)

    def figure(self):
        """The live plot as a static matplotlib Figure (renders on nbviewer and in print), in
        the widget's language."""
        with speaking(self.translator):
            return metric_figure(self.session.rows, self.session.spec, self.state.num_players)

    def plot_png(self) -> bytes:
        """The live plot as PNG bytes (what "Download plot (PNG)" saves)."""
        return figure_png(self.figure())

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
        "png": frozenset(),
        "plot_history": frozenset(),
    }

    def _after_refusal(self) -> None:
        self._refresh(plot=False)

    def _on_act(self, content: dict) -> None:
        if self._viewing_seat() in self._blind_seats():
            raise ValueError(self._blind_sentence(self.state.current_player))
        if self._covered_for is not None:
            raise ValueError(pgettext("error", "Hand covered: press 'Show my hand' first."))
        self.act(content["index"])

    def _on_step(self, content: dict) -> None:
        self.step()

    def _on_play(self, content: dict) -> None:
        self.play_to_end()

    def _on_undo(self, content: dict) -> None:
        self.undo()

    def _on_new_game(self, content: dict) -> None:
        seed = content["seed"]
        self.new_game(None if seed is None else check_seed(seed))

    def _on_seek(self, content: dict) -> None:
        self.seek(content["position"])

    def _on_reveal(self, content: dict) -> None:
        self._covered_for = None
        self._refresh(plot=False)

    def _on_seat(self, content: dict) -> None:
        self.set_seat(content["seat"], content["kind"])

    def _on_load_code(self, content: dict) -> None:
        code = content["code"]
        if not isinstance(code, str) or len(code) > record.MAX_CODE_CHARS:
            raise ValueError(pgettext("error", "A scenario code is a line of text starting EVO1-."))
        if code.strip().lower().endswith(".json"):
            raise ValueError(
                pgettext("error", "Paste the code itself here (files load from Python).")
            )
        data = read_scenario(code)
        if data["game"] != self.session.game:
            raise ValueError(
                pgettext(
                    "error",
                    "That scenario is for the game {game}; open it in a widget of that game.",
                ).format(game=repr(data["game"][:40]))
            )
        self._adopt(GameSession.from_scenario(data))

    def _file_stem(self) -> str:
        if self._seed_hidden():
            return f"{self.session.game}_history"
        return f"{self.session.game}_seed{self.session.seed}"

    def _on_csv(self, content: dict) -> None:
        self.send({"type": "csv", "filename": f"{self._file_stem()}.csv", "text": self.to_csv()})

    def _on_png(self, content: dict) -> None:
        name = f"{self._file_stem()}_plot.png"
        self.send({"type": "png", "filename": name}, buffers=[self.plot_png()])

    def _on_plot_history(self, content: dict) -> None:
        if self._feed is not None:
            self.send({"type": "plot_history", **self._feed.history()})

    def _on_code(self, content: dict) -> None:
        if not self.scenario_code_ready:
            raise ValueError(_t(CODE_WITHHELD))
        self.send({"type": "code", "code": self.scenario_code()})

    def _on_name(self, content: dict) -> None:
        name = content["name"]
        if not isinstance(name, str) or len(name) > 1000:
            raise ValueError(pgettext("error", "A name is a line of text."))
        self.set_student_name(name)

    @speaks
    def set_student_name(self, name: str) -> None:
        """The name on this widget's result codes: typed under a finished game, or given by
        the lesson's name box (a tracked game follows it). A blank name clears it."""
        checked = results.check_name(name) if name.strip() else ""
        if checked == self._student_name:
            return
        self._student_name = checked
        if checked:
            self._finished.name_given(checked)
        self._refresh(plot=False)

    def _local(self) -> GameSession:
        """The session as a local game: its scenario, deals and record of who moved are a
        GameSession's alone (a counted game's widget overrides or refuses what reads them)."""
        if not isinstance(self.session, GameSession):
            raise ValueError(
                pgettext(
                    "error", "A counted game keeps no scenario here: your class holds the game."
                )
            )
        return self.session

    def _adopt(self, session: GameSession) -> None:
        """Play a loaded scenario: it stands exactly at its saved move until someone acts."""
        session.teacher = session.teacher or self.teacher
        session.use_deals(self._local().deals)  # a scenario loaded again is a deal replayed
        self.session = session
        self._last_epoch = self._feed.epoch if self._feed is not None else self._last_epoch
        self._feed = None  # the loaded game may seat another number of players
        self._dealt()
        self._refresh()

    # -- who may see which hand ----------------------------------------------------------------
    def _dealt(self) -> None:
        """Remember the seats people held when this game was dealt: only their hands show."""
        self._dealt_humans = frozenset(self.session.humans)

    def _blind_seats(self) -> frozenset[int]:
        """Seats a bot held when the game was dealt and a person holds now. Their hands stay
        covered until the game ends: the person at the screen never saw them dealt, so showing
        them would let a student peek at a bot's cards and give the seat back (in a teacher's
        widget, or a game that hides nothing, no seat is covered)."""
        spec = self.session.spec
        if self.teacher or not spec.hidden_information or self.state.is_over:
            return frozenset()
        return frozenset(self.session.humans) - self._dealt_humans

    @staticmethod
    def _blind_sentence(seat: int | None) -> str:
        if seat is None:
            return pgettext(
                "status",
                "This seat was a bot's seat when this game was dealt, so its hand stays hidden "
                "until the next game. Press Step to let the helper move for it, or give the seat "
                "back to a bot.",
            )
        return pgettext(
            "status; {who} is a seat such as 'Player 2'",
            "{who} was a bot's seat when this game was dealt, so its hand stays hidden until "
            "the next game. Press Step to let the helper move for it, or give the seat back "
            "to a bot.",
        ).format(who=seat_name(seat))

    def _note_finished(self) -> None:
        """Keep a game that has just finished (once, however often its end is reached)."""
        session = self._local()
        if self._finished.has(session):
            return
        # the session goes on to other games: keep this one's record as it stands now
        scenario, play, lesson = session.scenario(True), session.play_record(), self.lesson
        helped = "helper" in session.movers[: session.position]

        def make(name: str) -> str:
            return results.encode(results.game_result(scenario, name, lesson=lesson, play=play))

        if self._finished.note(session, helped, self._student_name, make):
            self.finished_count = len(self._finished.entries)

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

    @speaks
    def _refresh(self, plot: bool = True) -> None:
        session, state = self.session, self.session.state
        viewer = self._viewing_seat()
        blind = self._blind_seats()
        seeing = [s for s in session.humans if s not in blind]
        if len(seeing) > 1 and viewer in seeing and viewer != self._viewer:
            self._covered_for = viewer  # hot seat: cover the hand until its owner is at the screen
        self._viewer = viewer
        cover = None
        if viewer in blind:
            cover = {"text": self._blind_sentence(viewer), "reveal": False}
        elif self._covered_for is not None:
            cover = {"text": self._status(), "reveal": True}
        covered = cover is not None
        spec = session.spec
        view = spec.view
        actions = self._choices() if session.is_human_turn() and not covered else []
        board_seat = None if covered else viewer
        if not state.is_over:
            session.note_shown(board_seat)  # a hand shown goes into the game's result code
        if state.is_over:
            self._note_finished()
        code_ready = self.scenario_code_ready
        view_model = {
            "game": spec.name,
            "title": _t(spec.title),
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
            "cover": cover,
            "current": state.current_player,
            "human_turn": session.is_human_turn(),
            "over": state.is_over,
            "winners": list(state.winners),
            "status": self._status(blind),
            # the seat's observation, built once: the view's only input
            "board": view.view_model(seen := state.observation(board_seat)),
            "description": view.describe(seen),
            "actions": actions,
            "log": [{"step": step, "text": text} for step, text in session.log[-LOG_LINES:]],
            "timeline": {"position": session.position, "length": len(session.actions)},
            "table": self._table(),
            "plot": self._plot_delta(plot),
            "x_label": _t(view.x_label),
            "result": self._result(),
            "code": {"ready": code_ready, "note": "" if code_ready else _t(CODE_WITHHELD)},
            "served": self._served(),
        }
        # one message for both, so the page never shows a board and a plot of different moves
        with self.hold_sync():
            if self._feed is not None:
                self.plot_spec = self._feed.spec
            self.view = view_model

    def _choices(self) -> list[dict[str, Any]]:
        """The person's choices now: index, label and the board element that makes each."""
        target = self.session.spec.view.action_target
        return [
            {"index": index, "label": str(action), "target": target(action)}
            for index, action in enumerate(self.state.legal_actions())
        ]

    def _served(self) -> dict[str, str] | None:
        """A counted game's line for the page (None here: a local game; see live/served.py)."""
        return None

    def _plot_delta(self, new_rows: bool) -> dict[str, Any] | None:
        """The plot rows the page has not seen (None: no plot in this widget)."""
        if not self._plot_enabled:
            return None
        session = self.session
        if self._feed is None:
            self._feed = PlotFeed(session.spec, self.state.num_players, epoch=self._last_epoch)
        if not new_rows:
            return self._feed.unchanged()
        return self._feed.delta(session.rows)

    def _seed_hidden(self) -> bool:
        """While a game with secrets is on, its seed would let a seat rebuild them."""
        return not self.scenario_code_ready

    def _status(self, blind: frozenset[int] = frozenset()) -> str:
        state = self.session.state
        if state.is_over:
            return winners_sentence(state.winners)
        player = state.current_player
        who = seat_name(player)
        if self.session.is_human_turn():
            if player in blind:
                return self._blind_sentence(player)
            if self._covered_for is not None:
                return pgettext(
                    "status; {who} is a seat such as 'Player 2'",
                    "Pass the screen to {who}, then press 'Show my hand'.",
                ).format(who=who)
            return pgettext(
                "status; {who} is a seat such as 'Player 2'", "Your move, {who}: choose an action."
            ).format(who=who)
        bot = seat_label(player, self.session.seats[player])
        if self.session.humans:
            return pgettext(
                "status; {bot} is a seat and its bot, such as 'Player 2 (planner bot)'",
                "{bot} moves next: press Step to let the bots play on to your turn.",
            ).format(bot=bot)
        return pgettext(
            "status; {bot} is a seat and its bot, such as 'Player 2 (planner bot)'",
            "{bot} moves next: press Step for one move, or Play to end.",
        ).format(bot=bot)

    def _table(self) -> dict[str, Any]:
        """The plotted values of the last few steps, one row per player (the plot's table).

        Read from the end of the rows, so its cost does not grow with the game."""
        spec = self.session.spec
        columns = list(spec.view.table_columns)
        rows = self.session.rows
        x = spec.x_axis
        turns: list = []
        latest: dict[tuple, dict] = {}
        for row in reversed(rows):
            turn = row[x]
            if turn not in turns:
                if len(turns) == TABLE_TURNS:
                    break
                turns.append(turn)
            latest.setdefault((turn, row["player"]), row)  # the latest row of each turn
        words = {m.name: _in_words(m.words) for m in spec.metrics if m.words is not None}
        body = [
            [words[c](row.get(c)) if c in words else _cell(row.get(c), c) for c in columns]
            for _, row in sorted(latest.items(), key=lambda kv: kv[0])
        ]
        labels = {m.name: _t(m.label) for m in spec.metrics}
        labels.update({"player": pgettext("table column", "player"), x: _t(spec.view.x_label)})
        return {"columns": [labels[c] for c in columns], "rows": body}


def _in_words(words: Callable[[str], str]) -> Callable[[Any], Any]:
    """A label metric's value as people read it; a missing one (None, NaN) as it is."""
    return lambda value: words(value) if isinstance(value, str) else value


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
