"""N1: a served deal no one can compute (evo_lessons/service/deal_secret.py).

The red team's offline search (shared/reviews/red-team/served_seed_bruteforce.py and
served_seed_known.py): take the first served view of a teacher's deal and look for the local
seed that deals it. With the deal from the class's secret, neither the teacher's own seed nor
any small seed deals it.
"""

from __future__ import annotations

import json

import pytest

from evo_lessons.service.deal_secret import new_secret, served_seed
from evo_lessons.widgets.session import GameSession

from .helpers import call, join
from .security_helpers import class_secret_of

SEARCHED = 300  # seeds 0..299 and the teacher's (the red team found typed seeds in 0.5-2 s)


def _view(payload: dict) -> str:
    return json.dumps(payload["observation"], sort_keys=True)


def _local_view(game: str, seed: int, payload: dict) -> str | None:
    seats = [s if s == "human" else s.split(": ", 1)[1] for s in payload["seats"]]
    session = GameSession(game, seed=seed, seats=seats, **payload["options"])
    session.run_bots()
    if session.position != payload["move"]:
        return None
    observation = session.state.observation(payload["seat"])
    return json.dumps(json.loads(json.dumps(observation, default=str)), sort_keys=True)


@pytest.mark.parametrize("game", ["phylo", "climate"])
def test_the_offline_seed_search_finds_nothing(live, game):
    teacher_seed = 4242
    assert call(live.url, "POST", "/api/deal", {"game": game, "seed": teacher_seed},
                live.teacher)[0] == 200  # fmt: skip
    token = join(live.url, live.join_code, "Mallory")
    payload = call(live.url, "POST", "/api/games", {"game": game}, token)[1]
    want = _view(payload)
    # the teacher's seed first (served_seed_known.py), then every small seed
    hits = [
        seed
        for seed in [teacher_seed, *range(SEARCHED)]
        if _local_view(game, seed, payload) == want
    ]
    assert hits == []
    # and the control: the same search finds a local game's own seed at once
    local = GameSession(game, seed=77)
    local.run_bots()
    assert _local_view(game, 77, {**payload, "move": local.position}) == json.dumps(
        json.loads(json.dumps(local.state.observation(payload["seat"]), default=str)),
        sort_keys=True,
    )


def test_a_teachers_seed_is_still_the_same_deal_for_everyone(live):
    call(live.url, "POST", "/api/deal", {"game": "phylo", "seed": 7}, live.teacher)
    views = []
    for name in ("Ada", "Grace"):
        token = join(live.url, live.join_code, name)
        views.append(_view(call(live.url, "POST", "/api/games", {"game": "phylo"}, token)[1]))
    assert views[0] == views[1]


def test_no_served_payload_carries_the_seed(live):
    call(live.url, "POST", "/api/deal", {"game": "climate", "seed": 31337}, live.teacher)
    token = join(live.url, live.join_code, "Ada")
    payload = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    served = live.service.host._live[payload["id"]].seed
    text = json.dumps(payload)
    assert str(served) not in text and "seed" not in payload
    assert class_secret_of(live.service) not in text


def test_the_served_seed_depends_on_the_secret_label_and_options():
    secret = new_secret()
    base = served_seed(secret, "phylo", {}, seed=1)
    assert base == served_seed(secret, "phylo", {}, seed=1)  # a label picks one deal
    assert base != served_seed(new_secret(), "phylo", {}, seed=1)  # another class: another
    assert base != served_seed(secret, "phylo", {}, seed=2)
    assert base != served_seed(secret, "climate", {}, seed=1)
    assert base != served_seed(secret, "phylo", {"players": 3}, seed=1)
    assert base != served_seed(secret, "phylo", {}, scenario="1")
    assert 0 <= base < 2**63


def test_the_secret_is_made_with_the_class_and_kept(tmp_path):
    from evo_lessons.service.app import ClassService

    first = ClassService(tmp_path / "data")
    secret = class_secret_of(first)
    first.close()
    again = ClassService(tmp_path / "data")
    assert class_secret_of(again) == secret and len(secret) == 64
    again.close()
