"""What pooling gives the teacher: the counted games and runs, what is listed apart and why,
what is refused and why, and a comparison with chance for every setup."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evo_lessons.i18n import npgettext, pgettext, pN_

from .compare import Comparison, compare_setups, setups_of
from .pooling import Fixed

if TYPE_CHECKING:
    import pandas as pd

#: what pooling checks, in plain words (the teacher notebook prints it): what it can prove, and
#: what it cannot (teacher/README.md, "What pooling can and cannot prove", says the same).
#: Printed, it speaks the current language (``print(CHECKS)``, ``str(CHECKS)``)
CHECKS = pN_(
    "class report",
    "Every code is replayed move by move through the game's rules, and every bot seat's moves "
    "are asked again of that bot (seeded as the game seeds it): a code whose moves break the "
    "rules or whose 'bots' did not play as those bots is refused, and so is a person's seat "
    "whose every choice is exactly what a bot seeded for it plays, including choices where "
    "that bot's dice decide (a bot's seat relabelled as the student's, or the helper's moves "
    "called the student's). The numbers come from the replay, never from the code. A "
    "population run is checked against what its settings allow, then run again (once for "
    "renamed copies) and refused if its summary differs. A hand-in is read only if its seal "
    "matches the whole file: one edited in a text editor is refused whole. Only its results "
    "section is read: codes typed into answers never count. One call does a bounded amount "
    "of work and lists any code it left unchecked. What pooling cannot prove: a code is made "
    "in the student's own kernel, so a student who runs Python there can make any code that "
    "plays by the rules (its record of rewinds, replays and hands shown included), and a bot "
    "that always plays the same move in a position (Climate's and Niche's planner, "
    "Adaptation's memory and keeper bots) cannot be told from a person who plays exactly as it "
    "does. Games that must count for certain belong on the class service.",
)
APART = pN_(
    "class report",
    "Listed apart, not counted: a game handed in again by the same student (renamed, "
    "re-encoded, or from two files: one game counts once); the same game in two students' "
    "files (both apart, neither credited); a deal played again (New game with its seed, a "
    "scenario code loaded again), rewound and played otherwise (Undo, the timeline), first "
    "played by the helper bot, or two games of one deal that each claim to be its first play; "
    "a game in which the page showed a bot's hidden hand; games where the helper bot moved "
    "for a person (Step or Play to end), games no person played, games whose seats changed "
    "mid-game, games continued from a loaded position, codes from another scenario or lesson "
    "than the one fixed, codes from an older evo_lessons, and hand-ins without a results "
    "section.",
)


@dataclass
class ClassResults:
    """A pooled class. ``games, rejected = pool(...)`` still unpacks (as before), but
    read ``apart`` too: the genuine codes that do not count, each with its reason."""

    games: pd.DataFrame
    populations: pd.DataFrame
    apart: pd.DataFrame
    rejected: pd.DataFrame
    fixed: Fixed

    def __iter__(self) -> Iterator[pd.DataFrame]:
        return iter((self.games, self.rejected))

    @property
    def duplicates(self) -> pd.DataFrame:
        """The duplicates among the codes apart: who handed each in, and the first copy."""
        return self.apart[self.apart["problem"].isin(["duplicate", "shared"])]

    @property
    def setups(self) -> list[str]:
        """Every setup among the counted games, most games first."""
        return setups_of(self.games)

    def comparisons(self, n: int = 1000, **kwargs: Any) -> list[Comparison]:
        """A comparison with chance (table and plot) for every setup, most games first."""
        return compare_setups(self, n, **kwargs)

    def population_summary(self) -> pd.DataFrame:
        """Population runs by setup: how many, how many died out (Wilson 95%), mean fitness."""
        import pandas as pd

        from evo_lessons.engine.stats import wilson

        rows = []
        if not self.populations.empty:
            for setup, part in self.populations.groupby("setup", sort=False):
                extinct = int(part["extinct"].sum())
                low, high = wilson(extinct, len(part))
                rows.append(
                    {
                        "setup": setup,
                        "runs": len(part),
                        "extinct": extinct,
                        "extinct 95% low": round(low, 4),
                        "extinct 95% high": round(high, 4),
                        "mean fitness at the end": round(float(part["mean_fitness"].mean()), 4),
                        "generations": int(part["generations"].max()),
                    }
                )
        return pd.DataFrame(
            rows,
            columns=[
                "setup", "runs", "extinct", "extinct 95% low", "extinct 95% high",
                "mean fitness at the end", "generations",
            ],
        )  # fmt: skip

    def summary(self) -> str:
        """One paragraph: what was fixed, and how many codes were counted, apart and refused."""
        games = npgettext("class report", "{n} game", "{n} games", len(self.games)).format(
            n=len(self.games)
        )
        setups = npgettext("class report", "{n} setup", "{n} setups", len(self.setups)).format(
            n=len(self.setups)
        )
        runs = npgettext(
            "class report", "{n} population run", "{n} population runs", len(self.populations)
        ).format(n=len(self.populations))
        parts = [
            pgettext("class report", "Fixed by the teacher: {fix}.").format(
                fix=self.fixed.describe()
            ),
            # Translators: {games} is "3 games", {setups} "1 setup", {runs} "2 population runs"
            pgettext("class report", "Counted: {games} in {setups} and {runs}.").format(
                games=games, setups=setups, runs=runs
            ),
            pgettext("class report", "Listed apart: {n}.").format(n=len(self.apart)),
            pgettext("class report", "Refused: {n}.").format(n=len(self.rejected)),
        ]
        skipped = int((self.rejected["problem"] == "skipped").sum()) if len(self.rejected) else 0
        if skipped:
            parts.append(
                # Translators: 'skipped' is the problem's word in the table, kept as it is
                pgettext(
                    "class report",
                    "Not checked: {n} code(s) past this call's work budget (listed among the "
                    "refused as 'skipped'): pool them in another call.",
                ).format(n=skipped)
            )
        return " ".join(parts)

    def __repr__(self) -> str:
        return self.summary()
