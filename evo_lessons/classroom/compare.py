"""Our class versus chance: the class's games beside the same setup played at random.

"Chance" is the same game, options and opponents, with the game's own "random" bot in the
student's seat, simulated ``n`` times. In most games that bot picks uniformly among the legal
moves; in Adapt or Die it is the sensible random player (it chooses at random what decides a
bug's fit, but exits at a new habitat when it can and never haggles), because a uniformly
random player there rarely leaves the board and ends at the round limit holding fewer habitats,
which lowers its unfit score: chance would then "beat" a class by playing less of the game.
For the same reason Adapt or Die's unfit score is compared per habitat held. If the class's win
rate or end numbers stand clear of chance's, the class played better than luck; the 95%
intervals say how clear. Proportions get Wilson's score interval (good for small classes and
rates near 0 or 1); means get Student's t interval. A count (habitats, species, tokens) cannot
be negative, so its interval is clipped at 0; numbers within a rounding error of 0 print as 0.

The plot is a matplotlib Figure (no pyplot state), one panel per measure, two bars in each:
Okabe-Ito blue for the class and orange with hatching for chance (colour is never the only cue:
each bar is labelled by name, with the number of games under it), error bars for the
intervals, and alt text that says the same in words. A table of the same numbers stands beside
it (:class:`Comparison` shows both in a notebook).
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evo_lessons import game_spec
from evo_lessons.engine.spec import GameSpec
from evo_lessons.engine.stats import mean_interval as mean_interval  # kept importable from here
from evo_lessons.engine.stats import measure_interval
from evo_lessons.engine.stats import t_quantile as t_quantile
from evo_lessons.engine.stats import wilson as wilson
from evo_lessons.i18n import Msg, npgettext, pgettext, pN_, tr

from .pooling import HUMAN, measured_metrics, roles_of, setup_key, you_numbers

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

CLASS_COLOUR = "#0072B2"  # Okabe-Ito blue
CHANCE_COLOUR = "#E69F00"  # Okabe-Ito orange
#: the bot that plays a person's seat for chance: every game's own "random" bot
CHANCE_BOT = "random"
#: measures worked out from two others, per game: column -> (label, numerator, denominator);
#: the ratio replaces the numerator, so a seat holding fewer habitats cannot look fitter
RATIOS: dict[str, dict[str, tuple[Msg, str, str]]] = {
    "adapt_or_die": {
        "you_unfit_per_niche": (
            pN_("class comparison", "Unfit score per habitat held"),
            "you_unfit",
            "you_niches",
        ),
    },
}


def chance(
    spec: str | GameSpec,
    options: dict[str, Any] | None = None,
    n: int = 1000,
    *,
    seats: Sequence[str] | None = None,
    student: int | None = None,
    seed: int = 0,
    scenario_seed: int | None = None,
    opening: Sequence[int] = (),
    executor: Any = None,
    progress: Any = None,
) -> pd.DataFrame:
    """The same setup simulated ``n`` times, chance playing the student's seat.

    ``seats`` are the class's seats ("human" or a bot name each); ``student`` is the student's
    seat (default: the first "human" one). Chance plays every person's seat at random (the
    student's and any classmate's); the others keep their bots. Without seats, every seat
    plays at random and seat 0 stands for the student. With ``scenario_seed`` (the teacher
    fixed the scenario) every game is dealt from that seed, after its ``opening`` moves, and
    the bots are seeded as the game session seeds them, so chance is exactly "this deal, the
    same bots, a student choosing at random". Rows have the pooled table's columns
    (``you_won``, ``you_<metric>``, ...), so the two compare directly.
    """
    import pandas as pd

    from evo_lessons.engine.simulate import simulate

    spec = game_spec(spec)
    options = spec.normalise_options(options or {})
    players = options["players"]
    if seats is None:
        bots, student = ["random"] * players, 0
    else:
        seats = list(seats)
        if len(seats) != players:
            raise ValueError(  # seats=[...] passed in code: a Python programmer's error
                f"{players} seats are needed, one per player; got {len(seats)}"
            )
        if student is None:
            student = seats.index(HUMAN) if HUMAN in seats else 0
        bots = ["random" if s == HUMAN else s for s in seats]
    if scenario_seed is not None:
        people = {p for p in range(players) if seats is None or seats[p] == HUMAN}
        rows = _chance_in_scenario(spec, options, n, bots, people, seed, scenario_seed, opening)
    else:
        rows = simulate(
            spec, n, bots=bots, seed=seed, options=options, executor=executor, progress=progress
        )
    roles = roles_of(list(seats), student) if seats else None
    key = setup_key(spec.name, options, roles)
    for row in rows:
        metrics = [
            {m.name: row[f"p{p}_{m.name}"] for m in measured_metrics(spec)} for p in range(players)
        ]
        row.update({"name": "chance", "kind": "game", "game": spec.name, "setup": key})
        row.update(you_numbers(spec, metrics, row["winners"], student))
    return pd.DataFrame(rows)


def _chance_in_scenario(
    spec, options, n, bots, people, seed, scenario_seed, opening
) -> list[dict[str, Any]]:
    """Games from one deal: random people, bots seeded per decision as in a session."""
    from evo_lessons.engine import derive_seed, wants_observation

    rows = []
    for game in range(n):
        state = spec.new_game(seed=scenario_seed, **options)
        for number in opening:
            state.apply(state.legal_actions()[number])
        while not state.is_over:
            seat = state.current_player
            move = len(state.history)
            if seat in people:  # the game's own random player (Adapt or Die: the sensible one)
                bot = spec.make_bot(CHANCE_BOT, derive_seed(seed, "chance", game, seat, move))
            else:
                bot = spec.make_bot(bots[seat], derive_seed(scenario_seed, "bot", seat, move))
            legal = state.legal_actions()
            seen = state.observation(seat) if wants_observation(bot, legal) else None
            state.apply(bot.choose(seen, legal))
        rows.append({"game": game, "seed": scenario_seed, **state.summary()})
    return rows


# -- the comparison ---------------------------------------------------------------------------
def measures_of(spec: GameSpec) -> list[tuple[str, str]]:
    """(column, label) of everything compared: the win, then each per-player number."""
    found = [("you_won", pgettext("class comparison", "Games won by the student's seat (share)"))]
    ratios = RATIOS.get(spec.name, {})
    replaced = {numerator: (column, label) for column, (label, numerator, _) in ratios.items()}
    # Translators: {measure} is a game's measure ("Habitat tokens"), {unit} " (cm)" or nothing
    at_the_end = pgettext("class comparison", "{measure} at the end{unit}")
    for metric in measured_metrics(spec):
        column = f"you_{metric.name}"
        if column in replaced:
            label = tr(replaced[column][1])
            found.append((replaced[column][0], at_the_end.format(measure=label, unit="")))
            continue
        unit = f" ({tr(metric.unit)})" if metric.unit else ""
        found.append((column, at_the_end.format(measure=tr(metric.label), unit=unit)))
    return found


def with_ratios(games: pd.DataFrame, spec: GameSpec) -> pd.DataFrame:
    """``games`` with the spec's ratio measures added (NaN where the denominator is 0)."""
    ratios = RATIOS.get(spec.name, {})
    if not ratios or games.empty:
        return games
    games = games.copy()
    for column, (_label, numerator, denominator) in ratios.items():
        if numerator in games and denominator in games:
            below = games[denominator].astype(float)
            games[column] = games[numerator].astype(float) / below.where(below > 0)
    return games


def _summarise(values: Sequence[float], proportion: bool) -> dict[str, float]:
    return measure_interval(values, proportion)  # the page's interval too (engine/stats.py)


@dataclass
class Comparison:
    """The class beside chance: a table, a figure and its alt text (shown together)."""

    table: pd.DataFrame
    figure: Figure
    alt_text: str
    setup: str

    def _png(self) -> bytes:
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        buffer = io.BytesIO()
        FigureCanvasAgg(self.figure).print_png(buffer)
        return buffer.getvalue()

    def _repr_html_(self) -> str:
        image = base64.b64encode(self._png()).decode()
        behind = pgettext("screen-reader label", "The numbers behind the plot")
        from evo_lessons.table_headings import with_headings  # (headings in the reader's words)

        shown = with_headings(self.table)
        table = shown.to_html(index=False, float_format=lambda v: f"{v:.3g}", border=0)
        return (
            '<div style="display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start">'
            f'<figure style="margin:0"><img src="data:image/png;base64,{image}" '
            f'alt="{html.escape(self.alt_text)}" style="max-width:100%">'
            f"<figcaption>{html.escape(self.setup)}</figcaption></figure>"
            f'<div role="region" aria-label="{html.escape(behind)}">{table}</div></div>'
        )

    def __repr__(self) -> str:
        return f"{self.alt_text}\n\n{self.table.to_string(index=False)}"


def compare(
    class_games: pd.DataFrame,
    chance_games: pd.DataFrame,
    spec: str | GameSpec,
    measures: Sequence[str] | None = None,
) -> Comparison:
    """Compare the class's games with chance's on each measure (see :func:`measures_of`)."""
    import pandas as pd

    spec = game_spec(spec)
    class_games, chance_games = with_ratios(class_games, spec), with_ratios(chance_games, spec)
    chosen = measures_of(spec)
    if measures is not None:
        chosen = [(c, label) for c, label in chosen if c in measures or c[4:] in measures]
        if not chosen:
            raise ValueError(  # measures=[...] passed in code: a Python programmer's error
                f"none of {list(measures)} is a measure of {spec.title}"
            )
    rows = []
    for column, label in chosen:
        for who, frame in (("our class", class_games), ("chance", chance_games)):
            values = frame[column].tolist() if column in frame else []
            rows.append({"measure": label, "who": who, **_summarise(values, column == "you_won")})
    table = pd.DataFrame(rows, columns=["measure", "who", "n", "value", "low", "high"])
    setup = str(class_games["setup"].iloc[0]) if len(class_games) else spec.name
    figure = _figure(table, tr(spec.title))
    return Comparison(table, figure, _alt_text(table, tr(spec.title)), setup)


def _figure(table: pd.DataFrame, title: str) -> Figure:
    from matplotlib.figure import Figure

    measures = list(dict.fromkeys(table["measure"]))
    columns = min(4, len(measures))
    rows = math.ceil(len(measures) / columns)
    figure = Figure(figsize=(2.4 * columns + 0.4, 2.6 * rows + 0.5), layout="constrained")
    axes = figure.subplots(rows, columns, squeeze=False).ravel()
    for ax, measure in zip(axes, measures, strict=False):
        part = table[table["measure"] == measure]
        for x, (_, row) in enumerate(part.iterrows()):
            ours = row["who"] == "our class"
            value = row["value"] if row["value"] == row["value"] else 0.0
            ax.bar(
                x,
                value,
                width=0.6,
                color=CLASS_COLOUR if ours else CHANCE_COLOUR,
                hatch=None if ours else "//",
                edgecolor="#222222",
                linewidth=0.6,
            )
            if row["low"] == row["low"]:
                ax.errorbar(
                    x,
                    value,
                    # rounding can put a bound a hair inside the value: never a negative bar
                    yerr=[[max(0.0, value - row["low"])], [max(0.0, row["high"] - value)]],
                    color="#222222",
                    capsize=4,
                    linewidth=1.2,
                )
        ax.set_xticks(range(len(part)))
        ax.set_xticklabels(
            [f"{_who(w)}\nn = {int(n):,}" for w, n in zip(part["who"], part["n"], strict=True)]
        )
        ax.set_title(_wrap(measure), fontsize=9)
        ax.tick_params(labelsize=8)
        ax.grid(axis="y", alpha=0.3)
        ax.set_axisbelow(True)
    for ax in axes[len(measures) :]:
        ax.set_visible(False)
    figure.suptitle(
        # Translators: {level} is "95%"
        pgettext(
            "class comparison", "{game}: our class versus chance (bars: {level} intervals)"
        ).format(game=title, level="95%"),
        fontsize=11,
    )
    return figure


#: the table's "who" column holds these words as data (like a CSV's); shown, they are translated
WHO = {
    "our class": pN_("class comparison", "our class"),
    "chance": pN_("class comparison", "chance"),
}


def _who(key: str) -> str:
    return tr(WHO[key]) if key in WHO else key


def _wrap(text: str, width: int = 28) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width))


def _alt_text(table: pd.DataFrame, title: str) -> str:
    parts = [
        pgettext(
            "class comparison", "Bar charts comparing our class with chance in {game}."
        ).format(game=title)
    ]
    for measure in dict.fromkeys(table["measure"]):
        part = table[table["measure"] == measure].set_index("who")
        said = []
        for who in ("our class", "chance"):
            if who not in part.index:
                continue
            row = part.loc[who]
            if row["n"] == 0:
                said.append(pgettext("class comparison", "{who}: no games").format(who=_who(who)))
                continue
            interval = (
                # Translators: {level} is "95%"
                pgettext("class comparison", " ({level} interval {low} to {high})").format(
                    level="95%", low=f"{row['low']:.2f}", high=f"{row['high']:.2f}"
                )
                if row["low"] == row["low"]
                else ""
            )
            # Translators: "our class 0.42 (95% interval 0.30 to 0.55), 24 games"
            said.append(
                pgettext("class comparison", "{who} {value}{interval}, {n} games").format(
                    who=_who(who), value=f"{row['value']:.2f}", interval=interval, n=int(row["n"])
                )
            )
        parts.append(f"{measure}: " + "; ".join(said) + ".")
    return " ".join(parts)


def most_common_setup(class_games: pd.DataFrame) -> pd.DataFrame:
    """The class's games in the setup most of them played. For a look only: the class tools
    compare every setup on its own (:func:`compare_setups`), never the most common alone."""
    games = class_games[class_games["kind"] == "game"]
    if games.empty:
        raise ValueError(_nothing_to_compare())
    setup = games["setup"].value_counts().index[0]
    return games[games["setup"] == setup]


def _nothing_to_compare() -> str:
    return pgettext(
        "class comparison",
        "no counted game results to compare: check the lists apart and refused",
    )


def setups_of(class_games: pd.DataFrame) -> list[str]:
    """Every setup among the counted games, the one with most games first."""
    if class_games.empty or "setup" not in class_games:
        return []
    games = class_games[class_games["kind"] == "game"]
    return games["setup"].value_counts(sort=True).index.tolist()


def class_versus_chance(
    class_games: Any,
    n: int = 1000,
    *,
    setup: str | None = None,
    measures: Sequence[str] | None = None,
    seed: int = 0,
    scenario: Any = None,
    executor: Any = None,
    progress: Any = None,
    say: Callable[[str], Any] | None = print,
) -> Comparison:
    """One setup of the class, simulated ``n`` times with chance in the student's seat.

    ``class_games``: the counted games (``pool(...).games``) or the pooled results themselves.
    With more than one setup among them, name the ``setup`` to compare (or use
    :func:`compare_setups` for all): another setup never silently becomes the compared one.
    ``scenario``: the teacher's fixed scenario (a :class:`~.pooling.Fixed`, or what ``pool``
    takes), so chance plays the same deal. ``say`` is told first how long the run will take
    (timed on its first games), so a teacher knows whether to wait; None says nothing.
    """
    from .pooling import Fixed

    fixed = getattr(class_games, "fixed", None)
    class_games = getattr(class_games, "games", class_games)
    if scenario is not None:
        fixed = scenario if isinstance(scenario, Fixed) else Fixed.make(scenario)
    found = setups_of(class_games)
    if not found:
        raise ValueError(_nothing_to_compare())
    if setup is None:
        if len(found) > 1:
            raise ValueError(
                # Translators: compare_setups is a function's name, kept; {setups} lists them
                pgettext(
                    "class comparison",
                    "the class played {n} setups; compare each (compare_setups) or name one: "
                    "{setups}",
                ).format(n=len(found), setups="; ".join(found)[:400])
            )
        setup = found[0]
    if setup not in found:
        raise ValueError(
            pgettext("class comparison", "no counted game was played in the setup {setup}").format(
                setup=repr(setup[:200])
            )
        )
    games = class_games[class_games["setup"] == setup]
    first = games.iloc[0]
    spec = game_spec(first["game"])
    seats = first["seats"].split("/") if first["seats"] else None
    # a fixed scenario deals every game from its seed, after its opening moves
    fixed_seed: int | None = None
    opening: Sequence[int] = ()
    if fixed is not None and fixed.seed is not None:
        fixed_seed, opening = fixed.seed, fixed.opening

    def run(count: int) -> pd.DataFrame:
        return chance(
            spec,
            json.loads(first["options"]),
            count,
            seats=seats,
            student=int(first["student_seat"])
            if first["student_seat"] == first["student_seat"]
            else None,
            seed=seed,
            scenario_seed=fixed_seed,
            opening=opening,
            executor=executor,
            progress=progress,
        )

    if say is not None and n > PILOT:
        started = time.perf_counter()
        run(PILOT)  # the first games of the run below, timed: a class waits for the rest
        say(
            # Translators: {wait} is "40 s" or "2 minutes"; n=200 is code, kept
            pgettext(
                "class comparison",
                "Chance for {game}: {n} games take about {wait} here (timed on {pilot} games); "
                "n=200 takes a fifth of that.",
            ).format(
                game=tr(spec.title),
                n=f"{n:,}",
                wait=_duration((time.perf_counter() - started) * n / PILOT),
                pilot=PILOT,
            )
        )
    return compare(games, run(n), spec, measures)


#: games timed before a comparison, to say how long the whole run will take
PILOT = 10


def _duration(seconds: float) -> str:
    """A wait in words: "3 s", "40 s", "2 minutes"."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    return npgettext("class comparison", "{n} minute", "{n} minutes", minutes).format(n=minutes)


def _seat(value: Any) -> int | None:
    """A seat number from a table cell (None, or NaN where pandas filled a gap, is none)."""
    return None if value is None or value != value else int(value)


def compare_setups(class_games: Any, n: int = 1000, **kwargs: Any) -> list[Comparison]:
    """A comparison (table and plot) for every setup the class played, most games first."""
    games = getattr(class_games, "games", class_games)
    return [
        class_versus_chance(class_games, n, setup=setup, **kwargs) for setup in setups_of(games)
    ]
