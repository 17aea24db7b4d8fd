"""Joins and moves that tell the truth (issue 40.4): a join whose answer was lost is asked again
with the same ``join_id`` (at once, and at the next Join), so it takes the seat it made rather
than "already joined"; the service's limits (429) are said as the service says them, and a move
they refused was not made. Against the real service in this process."""

from __future__ import annotations

import pytest

from evo_lessons.live import join_class, seat
from evo_lessons.live.client import NoAnswer, ServiceClient, TooMany
from evo_lessons.live.served import MOVE_TOO_MANY


class LostJoins:
    """The next ``losses`` joins reach the service and lose their answer."""

    def __init__(self, monkeypatch, losses: int) -> None:
        self.losses, self.sent = losses, []
        real = ServiceClient.call

        def call(client, method, path, body=None, **kwargs):
            if path == "/api/join":
                self.sent.append(dict(body))
                if self.losses > 0:
                    self.losses -= 1
                    real(client, method, path, body, **kwargs)
                    raise NoAnswer("the class service did not answer in time")
            return real(client, method, path, body, **kwargs)

        monkeypatch.setattr(ServiceClient, "call", call)


def students(live) -> list[str]:
    from evo_lessons.service.db import Student

    with live.service.Session() as db:
        return [s.name for s in db.query(Student).all()]


def test_a_join_whose_answer_was_lost_is_asked_again_and_takes_its_seat(
    live, tmp_path, monkeypatch
):
    lost = LostJoins(monkeypatch, losses=1)
    joined = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)
    assert joined.name == "Ada" and joined.me()["student"]["name"] == "Ada"
    assert len(lost.sent) == 2 and lost.sent[0]["join_id"] == lost.sent[1]["join_id"]
    assert students(live) == ["Ada"]


def test_a_join_lost_twice_says_busy_and_the_next_join_takes_the_same_seat(
    live, tmp_path, monkeypatch
):
    lost = LostJoins(monkeypatch, losses=seat.JOIN_TRIES)
    with pytest.raises(ValueError) as busy:
        join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)
    assert str(busy.value) == str(seat.JOIN_BUSY)
    joined = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)  # Join pressed again
    assert joined.me()["student"]["name"] == "Ada"  # not "Someone ... already joined as Ada"
    assert len({body["join_id"] for body in lost.sent}) == 1
    assert students(live) == ["Ada"]
    # a later join (a new seat file) is another join: a taken name is still refused
    with pytest.raises(ValueError, match="already joined"):
        join_class(live.url, live.join_code, "Ada", work_dir=tmp_path / "elsewhere")


def test_a_join_refused_by_the_services_limits_says_so_in_its_words(tmp_path, monkeypatch):
    sentence = "Too many joins from this address: wait a minute and try again."

    def call(client, method, path, body=None, **kwargs):
        raise TooMany(sentence)

    monkeypatch.setattr(ServiceClient, "call", call)
    with pytest.raises(ValueError) as refused:
        join_class("http://127.0.0.1:9", "K7P-4QX", "Ada", work_dir=tmp_path)
    assert str(refused.value) == str(seat.JOIN_TOO_MANY).format(sentence=sentence)
    assert "Check the address" not in str(refused.value)


def test_a_move_refused_by_the_services_limits_was_not_made_and_says_why(
    live, tmp_path, monkeypatch
):
    widget = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path).game(
        "climate", players=2, plot=False
    )
    before = widget.session.move
    real = ServiceClient.call
    sentence = "Too many of your requests at once: wait for the last answers."

    def call(client, method, path, *args, **kwargs):
        if path.split("?")[0].endswith("/act"):
            raise TooMany(sentence)
        return real(client, method, path, *args, **kwargs)

    monkeypatch.setattr(ServiceClient, "call", call)
    widget._on_message(widget, {"type": "act", "index": 0}, [])
    assert widget.error == str(MOVE_TOO_MANY).format(sentence=sentence)
    widget.session.refresh()
    assert widget.session.move == before  # the service holds it where it was


def test_a_429_is_too_many_with_the_services_sentence(monkeypatch):
    import io
    import urllib.error
    import urllib.request

    def urlopen(request, timeout=None):
        body = io.BytesIO(b'{"error": "Too many of your requests at once."}')
        raise urllib.error.HTTPError(request.full_url, 429, "Too Many", {}, body)

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    with pytest.raises(TooMany, match="Too many of your requests at once"):
        ServiceClient("http://127.0.0.1:9", "t").call("GET", "/api/me")
