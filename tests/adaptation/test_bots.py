"""The bots: they see only their observation, MemoryBot remembers correctly and beats RandomBot."""

from __future__ import annotations

import copy
import itertools
import random

import pytest

from evo_lessons.engine import RandomBot, play_game, simulate
from evo_lessons.games.adaptation import (
    BOTS,
    GAME,
    ChooseChallenge,
    KeepCard,
    MemoryBot,
    SwapCard,
    new_game,
)
from evo_lessons.games.adaptation.bots import KeeperBot, Memory, swap_rates

from .helpers import deal, rig


def test_registry_holds_random_memory_and_keeper_bots():
    assert set(BOTS) == {"random", "memory", "keeper"}
    for cls in BOTS.values():
        bot = cls(seed=3)
        assert isinstance(bot.name, str) and isinstance(bot.needs_observation, bool)
        assert callable(bot.choose)
    assert BOTS["random"] is RandomBot


class _Guard:
    """Wraps a bot: hands it a deep copy of its observation and checks it changes nothing."""

    needs_observation = True

    def __init__(self, bot, state_ref):
        self.bot = bot
        self.name = bot.name
        self.state_ref = state_ref
        self.calls = 0

    def choose(self, observation, legal):
        state = self.state_ref[0]
        assert observation == state.observation(state.current_player)
        before = state.fingerprint()
        action = self.bot.choose(copy.deepcopy(observation), list(legal))
        assert state.fingerprint() == before
        assert action in legal
        self.calls += 1
        return action


@pytest.mark.parametrize("players", [2, 4, 7])
def test_memory_bot_plays_from_its_observation_only(players):
    for seed in range(15):
        state = new_game(players=players, seed=seed)
        ref = [state]
        guards = [_Guard(MemoryBot(seed=seed * 10 + k), ref) for k in range(players)]
        play_game(state, guards)
        assert state.is_over
        assert sum(g.calls for g in guards) == len(state.history)


def test_memory_bot_decides_the_same_whatever_the_hidden_cards():
    """Two tables differing only in secrets the seat cannot see get the same decision."""
    compared = 0
    for seed in range(40):
        state = new_game(players=5, seed=seed)
        bots = [RandomBot(seed=seed + k) for k in range(5)]
        while not state.is_over:
            seat = state.current_player
            twin = state.clone()
            random.Random(seed).shuffle(twin.draw_pile)
            assert twin.observation(seat) == state.observation(seat)
            first = MemoryBot(seed=1).choose(state.observation(seat), state.legal_actions())
            second = MemoryBot(seed=1).choose(twin.observation(seat), twin.legal_actions())
            assert first == second
            compared += 1
            state.apply(bots[seat].choose(None, state.legal_actions()))
    assert compared > 500


def _card_by_card(bot: MemoryBot, observation: dict) -> KeepCard | SwapCard:
    """The keep-or-swap decision worked out the slow way: every card's risks one by one."""
    memory = Memory(observation)
    rates = swap_rates(observation["history"], observation["players"])
    if observation["phase"] == "dealer_draw":
        waiting = {s: rates[s] for s in observation["to_decide"]}
        keep = min(bot._risks(memory.my_card, memory, waiting))
        redraw = sum(min(bot._risks(card, memory, waiting)) for card in memory.pool)
        return SwapCard() if redraw / len(memory.pool) < keep else KeepCard()
    belief = bot.challenge_belief(observation, memory)
    me = observation["seat"]
    waiting = {s: rates[s] for s in observation["to_decide"] if s != me}

    def expected(card: int) -> float:
        return sum(p * r for p, r in zip(belief, bot._risks(card, memory, waiting), strict=True))

    swap = sum(expected(card) for card in memory.pool) / len(memory.pool)
    return SwapCard() if swap < expected(memory.my_card) else KeepCard()


def test_memory_bot_weighs_each_score_once_and_decides_as_card_by_card():
    """Its risks are worked out per score, not per card: the same moves in seeded games."""
    compared = 0
    for seed in range(12):
        players = 2 + seed % 7
        state = new_game(players=players, seed=seed)
        bots = [MemoryBot(seed=seed * 10 + k) for k in range(players)]
        while not state.is_over:
            bot = bots[state.current_player]
            seen = state.observation(state.current_player)
            action = bot.choose(seen, state.legal_actions())
            if seen["phase"] != "choose":
                assert action == _card_by_card(bot, seen)
                compared += 1
            state.apply(action)
    assert compared > 300


def test_memory_bot_needs_its_observation():
    with pytest.raises(ValueError, match="needs its observation"):
        MemoryBot(seed=0).choose(None, [KeepCard(), SwapCard()])


def test_memory_knows_every_unchanged_card_and_never_rules_out_a_possible_one():
    checked = 0
    for seed in range(60):
        state = new_game(players=6, seed=seed)
        bots = [RandomBot(seed=seed * 3 + k) for k in range(6)]
        while not state.is_over:
            seat = state.current_player
            memory = Memory(state.observation(seat))
            for other, card in memory.known.items():
                assert state.card_of(other) == card
            assert memory.my_card == state.card_of(seat)
            possible = set(memory.pool)
            for other in memory.unknown:
                assert state.card_of(other) in possible
            assert set(state.draw_pile) <= possible
            assert state.card_of(seat) not in possible
            checked += 1
            state.apply(bots[seat].choose(None, state.legal_actions()))
    assert checked > 1000


def test_memory_forgets_nothing_it_saw_when_no_refill_happened():
    state = new_game(players=3, seed=4)
    state.apply(SwapCard())  # the dealer throws away a card everybody saw
    thrown = state.discard_pile[-1]
    seat = next(s for s in range(3) if s != state.dealer)
    memory = Memory(state.observation(seat))
    assert thrown not in memory.pool
    assert state.dealer in memory.unknown


def test_swap_rates_start_at_one_half_and_follow_the_history():
    state = new_game(players=3, seed=2)
    assert swap_rates(state.observation(0)["history"], 3) == [0.5, 0.5, 0.5]
    state.apply(KeepCard())
    state.apply(ChooseChallenge("number"))
    swapper = state.current_player
    state.apply(SwapCard())
    state.apply(KeepCard())
    rates = swap_rates(state.observation(0)["history"], 3)
    assert rates[swapper] == pytest.approx(2 / 3)
    assert min(rates) == pytest.approx(1 / 3)


def test_memory_bot_dealer_picks_the_challenge_its_card_is_best_at():
    # the dealer's 4 green triangles are last on shape and colour but first on number
    hands = deal(
        [
            (4, "triangle", "green"),
            (1, "hexagon", "red"),
            (2, "pentagon", "red"),
            (1, "square", "orange"),
        ]
    )
    state = rig(hands, dealer=0)
    bot = MemoryBot(seed=0)
    assert bot.choose(state.observation(0), state.legal_actions()) == KeepCard()
    state.apply(KeepCard())
    assert bot.choose(state.observation(0), state.legal_actions()) == ChooseChallenge("number")


def test_memory_bot_dealer_redraws_a_card_that_is_worst_at_everything():
    hands = deal(
        [
            (1, "triangle", "green"),
            (3, "hexagon", "red"),
            (2, "pentagon", "red"),
            (3, "square", "orange"),
        ]
    )
    state = rig(hands, dealer=0)
    assert MemoryBot(seed=0).choose(state.observation(0), state.legal_actions()) == SwapCard()


def test_memory_bot_player_swaps_a_hopeless_card_and_keeps_a_great_one():
    hands = deal(
        [
            (3, "square", "yellow"),
            (1, "triangle", "green"),
            (4, "hexagon", "red"),
            (2, "pentagon", "orange"),
        ]
    )
    state = rig(hands, dealer=0)
    state.apply(KeepCard())
    state.apply(ChooseChallenge("colour"))
    bot = MemoryBot(seed=0)
    assert state.current_player == 1
    assert bot.choose(state.observation(1), state.legal_actions()) == SwapCard()
    state.apply(KeepCard())
    assert state.current_player == 2
    assert bot.choose(state.observation(2), state.legal_actions()) == KeepCard()


def test_memory_bot_reads_the_dealers_habit():
    """A dealer who always chose shape before is expected to choose shape again."""
    state = new_game(players=3, seed=0)
    seen = state.observation(1)
    memory = Memory(seen)
    seen["history"] = [seen["history"][0]] + [
        dict(seen["history"][0], round=r, dealer=seen["dealer"], challenge="shape", redrew=True)
        for r in range(2, 8)
    ]
    belief = MemoryBot(seed=0).challenge_belief(dict(seen, dealer_redrew=True), memory)
    assert belief[1] > 0.6 and belief[1] == max(belief)


def test_memory_bot_beats_random_bots_clearly():
    """Over 500 five-player games (one MemoryBot, four RandomBots), it wins far above 1 in 5."""
    wins = 0.0
    games = 500
    for seat in range(5):
        bots = [RandomBot] * 5
        bots[seat] = MemoryBot
        rows = simulate(GAME, games // 5, bots=bots, seed=seat, options={"players": 5})
        wins += sum(1 / len(r["winners"]) for r in rows if seat in r["winners"])
    assert wins / games > 0.4


def test_keeper_bot_never_changes_its_card_and_dealers_repeat_when_change_is_zero():
    state = new_game(players=4, seed=6)
    bots = [KeeperBot(seed=k, change=0.0) for k in range(4)]
    play_game(state, bots)
    assert all(not r["swapped"] and not r["redrew"] for r in state.rounds[1:])
    assert {r["challenge"] for r in state.rounds} == {"number"}


def test_keeper_bot_always_changes_the_challenge_when_change_is_one():
    state = new_game(players=5, seed=6)
    play_game(state, [KeeperBot(seed=k, change=1.0) for k in range(5)])
    challenges = [r["challenge"] for r in state.rounds]
    assert all(a != b for a, b in itertools.pairwise(challenges))


def test_keeper_bot_refuses_a_change_that_is_not_a_chance():
    with pytest.raises(ValueError, match="change must be a chance"):
        KeeperBot(seed=0, change=1.5)
