"""The engine's Choices: a legal list that builds only the actions read, and reads like a list.

A game may return a :class:`~evo_lessons.engine.choices.Choices` from ``_legal_actions`` (Phylo
does, for its turns). Everything a bot or ``apply`` does with a list must work the same on it:
these tests hold it to that with a small sequence of numbered actions.
"""

from __future__ import annotations

import dataclasses

import pytest

from evo_lessons.engine import Action, IllegalAction
from evo_lessons.engine.choices import Choices, own_action
from evo_lessons.games.phylo import new_game


@dataclasses.dataclass(frozen=True, slots=True)
class Step(Action):
    size: int

    def __str__(self) -> str:
        return f"step {self.size}"


class Counted(Choices):
    """Steps 0..n-1, each built when read (and counted, so a test sees what was built)."""

    __slots__ = ("built", "steps")

    def __init__(self, n: int) -> None:
        super().__init__()
        self.steps = [Step(k) for k in range(n)]
        self.built = 0

    def __len__(self) -> int:
        return len(self.steps)

    def _at(self, k: int) -> Action:
        self.built += 1
        return self.steps[k]


def test_a_choices_reads_like_a_list():
    choices, steps = Counted(5), [Step(k) for k in range(5)]
    assert len(choices) == 5
    assert choices[0] is choices.steps[0] and choices[-1] is choices.steps[4]
    assert choices[1:3] == steps[1:3]
    assert list(choices) == steps and choices == steps
    assert Step(2) in choices and Step(9) not in choices
    assert choices.index(Step(3)) == 3 and choices.count(Step(3)) == 1
    assert max(choices, key=lambda a: a.size) == Step(4)
    assert "5 legal actions" in repr(choices)
    with pytest.raises(IndexError):
        choices[5]
    with pytest.raises(IndexError):
        choices[-6]
    with pytest.raises(TypeError):
        choices["1"]


def test_pick_takes_the_action_that_fraction_of_the_way_along():
    choices = Counted(5)
    picks = [choices.pick(f) for f in (0.0, 0.19, 0.2, 0.5, 0.99)]
    assert picks == [Step(0), Step(0), Step(1), Step(2), Step(4)]
    assert choices.own(picks[-1]) is picks[-1]  # the last one handed out passes at once
    assert choices.built == 5  # one action built a pick, not the whole list


def test_a_choices_builds_only_what_is_read_and_the_whole_list_once():
    choices = Counted(1_000)
    choices[500]
    assert choices.built == 1
    list(choices)
    list(choices)
    assert choices.built == 1 + 1_000


def test_own_passes_the_action_just_handed_out_without_building_the_list():
    choices = Counted(1_000)
    picked = choices[7]
    assert choices.own(picked) is picked
    assert choices.built == 1


def test_own_finds_an_equal_action_and_gives_back_the_sequences_object():
    choices = Counted(4)
    outside = Step(2)
    assert outside is not choices.steps[2]
    assert choices.own(outside) is choices.steps[2]


def test_own_refuses_what_is_not_legal_and_values_of_the_wrong_type():
    choices = Counted(4)
    with pytest.raises(IllegalAction, match=r"Illegal action: Step\(size=9\)\. Legal now: step 0"):
        choices.own(Step(9))
    with pytest.raises(IllegalAction, match="wrong types"):
        choices.own(Step(2.0))  # equal to Step(2), but not a whole number
    with pytest.raises(IllegalAction, match="wrong types"):
        own_action(list(Counted(4)), Step(True))


def test_a_phylo_turn_hands_bots_its_choices_and_apply_checks_against_them():
    state = new_game(seed=3)
    choices = state.choices()
    assert isinstance(choices, Choices)
    assert state.choices() is choices  # computed once per decision, never copied
    legal = state.legal_actions()
    assert type(legal) is list and legal == list(choices)
    action = choices[len(choices) // 2]
    before = len(state.history)
    state.apply(action)
    assert state.history[before] is action


def test_a_phylo_turns_choices_refuse_to_be_read_after_the_table_changes():
    state = new_game(seed=3)
    choices = state.choices()
    plays = [k for k in range(len(choices)) if type(choices[k]).__name__ == "PlaySpecies"]
    state.apply(choices[plays[0]])
    with pytest.raises(RuntimeError, match="after its decision"):
        choices[plays[-1]]


def test_a_clone_works_out_its_own_choices_while_the_original_plays_on():
    state = new_game(seed=3)
    state.choices()  # the original's choices, cached
    twin = state.clone()
    choices = state.choices()
    play = next(action for action in choices if type(action).__name__ == "PlaySpecies")
    whole = list(choices)
    state.apply(play)  # the original's table changes
    assert twin.choices() is not choices
    assert list(twin.choices()) == twin.legal_actions() == whole
    twin.apply(twin.choices()[-1])


def test_lists_handed_to_bots_are_copies():
    from evo_lessons.games.climate import new_game as climate_game

    state = climate_game(seed=1)
    handed = state.choices()
    handed.clear()
    assert state.legal_actions()
