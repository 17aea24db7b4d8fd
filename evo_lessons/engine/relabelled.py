"""A bot's seat relabelled as a person's (red-team F5): told by the bot's own seeded dice.

The session seeds the bot of seat s deciding move m with ``derive_seed(seed, "bot", s, m)`` and
the helper bot with ``derive_seed(seed, "hint", m)``, so the teacher's side can ask, for each
real choice of the student's seat, what each bot of the game (and the helper) would have played
there. A code made by relabelling a bot's seat (or by calling the helper's moves the student's)
matches one of them at every choice. A person can match a good bot wherever the best move is
plain, but cannot follow its dice: only choices where the same bot seeded otherwise plays
another move count as evidence, and RELABEL_MIN_CHOICES of them are needed. A bot that plays
the same move whatever its seed leaves no evidence: such a relabelling cannot be told from a
person who plays exactly as that bot (report.CHECKS says so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evo_lessons.i18n import pgettext

from .bots import Bot, wants_observation
from .seeds import derive_seed

if TYPE_CHECKING:
    from .actions import Action
    from .spec import GameSpec
    from .state import GameState

#: a person's seat whose every real choice is what one bot, seeded as the session seeds it,
#: plays there, with at least this many choices where that bot seeded otherwise plays another
#: move, was played by that bot (see :class:`_Twins`)
RELABEL_MIN_CHOICES = 6


class Twins:
    """Which bots (and the helper) chose every real choice of one person's seat so far, and on
    how many of those choices their seed mattered (the evidence).

    The session seeds the bot of seat s at move m with ``derive_seed(seed, "bot", s, m)`` and
    the helper with ``derive_seed(seed, "hint", m)``; a forged code that calls a bot's seat a
    person's keeps that bot's moves, so they match at every choice, including every choice
    where the same bot seeded otherwise plays another move. A person can play as a good bot
    does where its choice is forced by the position (it plays the best move), but cannot
    follow its seeded dice: only choices where the seed changes the bot's move are evidence.
    """

    ALTERNATES = 2

    def __init__(self, spec: GameSpec, seed: int) -> None:
        self.spec, self.seed = spec, seed
        self.alive: dict[str, tuple[str, str]] = {f"{n} bot": ("bot", n) for n in spec.bots}
        self.alive[f"helper bot ({spec.helper_bot})"] = ("hint", spec.helper_bot)
        self.evidence: dict[str, int] = dict.fromkeys(self.alive, 0)

    def _choose(
        self, name: str, key: int, state: GameState, seat: int, legal: list[Action]
    ) -> Action:
        bot: Bot = self.spec.make_bot(name, key)
        seen = state.observation(seat) if wants_observation(bot, legal) else None
        return bot.choose(seen, legal)

    def compare(
        self, state: GameState, seat: int, move: int, legal: list[Action], number: int
    ) -> None:
        if len(legal) < 2 or not self.alive:
            return
        played = legal[number]
        for label, (kind, name) in list(self.alive.items()):
            where = (seat, move) if kind == "bot" else (move,)
            chosen = self._choose(name, derive_seed(self.seed, kind, *where), state, seat, legal)
            if chosen is not played and chosen != played:
                del self.alive[label]
                continue
            for other in range(self.ALTERNATES):
                key = derive_seed(self.seed, "other", kind, other, *where)
                if self._choose(name, key, state, seat, legal) != played:
                    self.evidence[label] += 1
                    break

    @property
    def choices(self) -> int:
        return max((self.evidence[label] for label in self.alive), default=0)

    def twin(self) -> str | None:
        """The bot the seat played as, if the evidence is enough (else None), as a refusal
        says it ("the planner bot", "the helper bot (planner)")."""
        for label, (kind, name) in self.alive.items():
            if self.evidence[label] >= RELABEL_MIN_CHOICES:
                if kind == "hint":
                    # Translators: {bot} is a bot's id (planner, fitter), kept as it is
                    return pgettext("refused code", "the helper bot ({bot})").format(bot=name)
                return pgettext("refused code", "the {bot} bot").format(bot=name)
        return None
