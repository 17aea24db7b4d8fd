"""Idempotent joins (issue 40.4): a join whose answer was lost is repeated with the same
``join_id`` and answers as the first time (the same seat, the same token), never "already
joined"; the rulings directly, and once over HTTP."""

from __future__ import annotations

import uuid

import pytest

from evo_lessons.service.base import Refused
from evo_lessons.service.db import Student, make_engine, session_factory
from evo_lessons.service.names import join_by_ticket
from evo_lessons.service.rulings import ClassRulings, create_class, student_by_token

from .helpers import Running, call


@pytest.fixture
def db(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    Session = session_factory(engine)
    with Session() as session:
        yield session
    engine.dispose()


def class_of(db) -> ClassRulings:
    create_class(db, "Biology 7A", join_code="BIO-7A")
    return ClassRulings.by_join_code(db, "BIO-7A")


def test_the_same_join_id_from_the_same_name_answers_the_same_seat_and_token(db):
    r = class_of(db)
    join_id = uuid.uuid4().hex
    token, ada = r.join("Ada", join_id=join_id)
    again, same = r.join("Ada", join_id=join_id)  # the first answer was lost
    assert again == token and same.id == ada.id
    assert student_by_token(db, token).id == ada.id  # the token still works
    assert db.query(Student).count() == 1


def test_another_join_id_for_a_taken_name_is_still_refused(db):
    r = class_of(db)
    r.join("Ada", join_id=uuid.uuid4().hex)
    with pytest.raises(Refused) as taken:
        r.join("Ada", join_id=uuid.uuid4().hex)
    assert taken.value.status == 409
    with pytest.raises(Refused):
        r.join("Ada")  # and without one


def test_the_same_join_id_under_another_name_is_another_seat_with_another_token(db):
    r = class_of(db)
    join_id = uuid.uuid4().hex
    token_a, ada = r.join("Ada", join_id=join_id)
    token_b, bea = r.join("Bea", join_id=join_id)
    assert token_a != token_b and ada.id != bea.id


def test_a_join_id_from_before_the_teacher_let_the_name_join_again_takes_nothing_back(db):
    r = class_of(db)
    join_id = uuid.uuid4().hex
    old, ada = r.join("Ada", join_id=join_id)
    code = r.allow_rejoin(ada.id)["rejoin_code"]
    new, _ = join_by_ticket(db, code, "Ada")
    with pytest.raises(Refused) as taken:  # the seat has another token now
        r.join("Ada", join_id=join_id)
    assert taken.value.status == 409
    assert student_by_token(db, old) is None and student_by_token(db, new).id == ada.id


@pytest.mark.parametrize("join_id", ["short", "x" * 65, "not/allowed" + "x" * 30, ""])
def test_a_join_id_is_32_to_64_letters_digits_dashes_or_underscores(db, join_id):
    r = class_of(db)
    with pytest.raises(Refused) as refused:
        r.join("Ada", join_id=join_id)
    assert refused.value.status == 400


def test_a_repeated_join_over_http_answers_200_with_the_same_token(tmp_path):
    live = Running(tmp_path / "class")
    try:
        body = {"join_code": live.join_code, "name": "Ada", "join_id": uuid.uuid4().hex}
        first = call(live.url, "POST", "/api/join", body)
        again = call(live.url, "POST", "/api/join", body)
        assert first[0] == again[0] == 200
        assert again[1] == first[1]
        plain = call(live.url, "POST", "/api/join", {"join_code": live.join_code, "name": "Ada"})
        assert plain[0] == 409  # without the join id: already joined, as before
    finally:
        live.stop()
