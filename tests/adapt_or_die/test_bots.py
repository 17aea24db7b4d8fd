"""Adapt or Die bots: the fitter beats random play clearly, the trader trades to its own gain,
the random bot plays a game forward, and every bot plays from its observation alone."""

from __future__ import annotations

import json

from playing import decisions

from evo_lessons.engine import RandomBot, play_game
from evo_lessons.games.adapt_or_die import (
    BOTS,
    AnswerTrade,
    EndTurn,
    Exit,
    FitterBot,
    ForceNiche,
    GiveNiche,
    KeepNiche,
    Move,
    OfferAdaptations,
    ReturnNiche,
    SensibleRandomBot,
    TraderBot,
    UniformRandomBot,
    new_game,
)

from .helpers import CENTRE, card, exit_space, table

ALL_MATS = {k: k for k in range(1, 9)}


def test_the_registry_holds_the_random_bots_the_fitter_and_the_trader():
    assert {
        "random": SensibleRandomBot,
        "uniform": UniformRandomBot,
        "fitter": FitterBot,
        "trader": TraderBot,
    } == BOTS
    assert FitterBot.needs_observation and TraderBot.needs_observation


def test_the_uniform_bot_is_the_engines_random_bot_under_its_own_name():
    assert issubclass(UniformRandomBot, RandomBot) and UniformRandomBot.name == "uniform"
    state = new_game(seed=4)
    legal = state.legal_actions()
    assert UniformRandomBot(9).choose(None, legal) == RandomBot(9).choose(None, legal)


# -- the sensible random bot: random where it matters for fit, but it plays the game forward ----
def test_the_random_bot_exits_at_a_habitat_it_lacks_whenever_it_can():
    state = table(positions=[exit_space(1)] * 4, roll=6, mats={1: 2, 2: 3}, niches=[[2]])
    legal = state.legal_actions()
    # a return to the dunes (2), which it holds, and the way out to the place beside it
    assert {Exit(1), Exit(2), Exit(8)} <= set(legal)
    chosen = {SensibleRandomBot(seed).choose(state.observation(0), legal) for seed in range(30)}
    assert chosen <= {a for a in legal if isinstance(a, Exit)} - {Exit(1)}
    assert len(chosen) >= 2  # at random among them


def test_the_random_bot_does_not_step_back_onto_a_habitat_it_holds_when_it_can_move_elsewhere():
    state = table(positions=[exit_space(1)] * 4, roll=2, mats=ALL_MATS, niches=[[1, 2, 3, 4]])
    legal = state.legal_actions()
    for seed in range(20):
        choice = SensibleRandomBot(seed).choose(state.observation(0), legal)
        assert isinstance(choice, Move)


def test_the_random_bot_keeps_a_niche_card_when_it_may():
    state = table(positions=[exit_space(1)] * 4, roll=1, mats={1: 2, 5: 5}, niches=[[5]])
    state.apply(Exit(1))
    assert SensibleRandomBot(0).choose(state.observation(0), state.legal_actions()) == KeepNiche()


def test_the_random_bot_forces_a_spare_copy_on_someone_rather_than_return_its_own():
    state = table(positions=[exit_space(1)] * 4, roll=1, mats=ALL_MATS, niches=[[1, 3]])
    state.apply(Exit(1))  # it holds the cave (1) already: a spare copy (R7)
    legal = state.legal_actions()
    assert any(isinstance(a, ReturnNiche) for a in legal)
    for seed in range(10):
        assert isinstance(SensibleRandomBot(seed).choose(state.observation(0), legal), ForceNiche)


def test_the_random_bot_ends_its_turn_rather_than_offer_a_trade():
    state = _trading_table()
    assert SensibleRandomBot(0).choose(state.observation(0), state.legal_actions()) == EndTurn()


def test_the_random_bot_chooses_its_adaptation_cards_at_random():
    picks = set()
    for seed in range(30):
        state = table(positions=[exit_space(1)] * 4, roll=1, mats={1: 2})
        state.apply(Exit(1))
        state.apply(KeepNiche())
        picks.add(SensibleRandomBot(seed).choose(state.observation(0), state.legal_actions()))
    assert len(picks) >= 10


def test_a_table_of_random_bots_finishes_in_tens_of_turns_not_thousands():
    turns = []
    for seed in range(20):
        state = new_game(seed=seed)
        play_game(state, [SensibleRandomBot(seed + s) for s in range(4)])
        assert not state.summary()["timed_out"]
        turns.append(state.turns)
    assert sum(turns) / len(turns) < 120


def test_the_random_bot_gives_a_niche_card_away_only_when_it_cannot_keep_it():
    state = table(positions=[exit_space(1)] * 4, roll=1, mats=ALL_MATS, niches=[[2, 3, 4, 5]])
    state.apply(Exit(1))  # four niches already: exchange or give (R6)
    legal = state.legal_actions()
    assert KeepNiche() not in legal and any(isinstance(a, GiveNiche) for a in legal)
    assert SensibleRandomBot(1).choose(state.observation(0), legal) in legal


def test_the_fitter_wins_clearly_more_than_its_fair_share_against_three_random_bots():
    # random players take a thousand turns to finish (R19): a cap of 40 rounds keeps this quick,
    # and only players holding the most niche cards can win a capped game
    share = 0.0
    games = 60
    for game in range(games):
        seat = game % 4
        bots = [FitterBot(game) if p == seat else RandomBot(game * 10 + p) for p in range(4)]
        state = new_game(seed=game, max_rounds=40)
        play_game(state, bots)
        share += (seat in state.winners) / len(state.winners)
    assert share / games > 0.6, f"the fitter took {share / games:.0%} of the wins; fair is 25%"


def test_the_fitter_fits_its_habitats_far_better_than_random_play():
    fitter, random_ = [], []
    for game in range(12):
        state = new_game(seed=game, players=3, habitats_per_player=3)
        play_game(state, [FitterBot(game), RandomBot(game), RandomBot(game + 1)])
        per_habitat = [state.final[s]["total"] / len(state.niches[s]) for s in range(3)]
        fitter.append(per_habitat[0])
        random_.extend(per_habitat[1:])
    assert sum(fitter) / len(fitter) < sum(random_) / len(random_) - 1.0


def _decisions(seed: int, bot_class, players: int = 4, **options):
    """Every (state, seat) at which a decision was taken in a game between these bots."""
    bots = [bot_class(seed=seat) for seat in range(players)]
    return decisions(new_game(players=players, seed=seed, **options), bots)


def test_the_bots_always_pick_a_legal_action_in_every_variant():
    variants = [{}, {"same_habitats": True, "choose_creature": True}, {"habitats_per_player": 3}]
    for seed, options in enumerate(variants):
        for bot_class in (FitterBot, TraderBot, SensibleRandomBot):
            for state, seat in _decisions(seed, bot_class, **options)[::5]:
                legal = state.legal_actions()
                assert bot_class(seed=3).choose(state.observation(seat), legal) in legal


def test_the_fitter_plays_the_same_from_a_json_copy_of_its_observation():
    for state, seat in _decisions(11, FitterBot)[:60]:
        observation = state.observation(seat)
        copy = json.loads(json.dumps(observation))
        legal = state.legal_actions()
        assert FitterBot(5).choose(copy, legal) == FitterBot(5).choose(observation, legal)


def test_a_bot_with_the_same_seed_makes_the_same_choices():
    first = new_game(seed=21)
    play_game(first, [TraderBot(seed=s) for s in range(4)])
    second = new_game(seed=21)
    play_game(second, [TraderBot(seed=s) for s in range(4)])
    assert first.history == second.history


def _trading_table(niches=((1,), (7,))):
    """Two generic bugs, seat 0 to trade: each holds one card that would suit the other better.

    The cave (habitat 1) wants eyes 1, the air over a pond (7) eyes 5 (their blanks are 3).
    Seat 0 holds ``+ eyes``, seat 1 ``- eyes``.
    """
    state = table(
        positions=[CENTRE] * 4,
        roll=1,
        creatures=[16, 16, 1, 2],
        mats={1: (1, (3, 3, 3)), 2: (7, (3, 3, 3))},
        niches=[list(n) for n in niches],
        cards=[[card("+", "eyes")], [card("-", "eyes")]],
    )
    state.apply(Move(1))
    return state


def test_the_fitter_never_trades():
    state = _trading_table()
    assert FitterBot(0).choose(state.observation(0), state.legal_actions()) == EndTurn()


def test_the_trader_offers_a_trade_that_lowers_its_own_score():
    state = _trading_table()
    before = state.unfit_now(0)
    choice = TraderBot(0).choose(state.observation(0), state.legal_actions())
    assert choice != EndTurn()
    state.apply(choice)
    state.apply(AnswerTrade(True))
    assert state.unfit_now(0) < before


def test_the_trader_accepts_a_trade_that_lowers_its_own_score():
    state = _trading_table()
    state.apply(OfferAdaptations(1, card("+", "eyes"), card("-", "eyes")))
    assert TraderBot(0).choose(state.observation(1), state.legal_actions()) == AnswerTrade(True)


def test_the_trader_declines_a_trade_that_would_raise_its_own_score():
    state = _trading_table(niches=((1,), (1,)))  # both in the cave: seat 1 would lose
    state.apply(OfferAdaptations(1, card("+", "eyes"), card("-", "eyes")))
    assert TraderBot(0).choose(state.observation(1), state.legal_actions()) == AnswerTrade(False)


def test_the_fitter_takes_the_adaptation_card_that_lowers_its_score_most():
    state = table(
        positions=[exit_space(1)] * 4, roll=1, creatures=[16, 16, 1, 2], mats={1: (1, (3, 3, 3))}
    )
    state.apply(Exit(1))
    state.apply(KeepNiche())
    pick = FitterBot(0).choose(state.observation(0), state.legal_actions())
    # the cave wants eyes 1 and antennae 5 of a bug at 3 and 3: a two-step card helps most
    assert pick.card in (card("--", "eyes"), card("++", "antennae"))
