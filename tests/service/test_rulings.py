"""The class's rulings called directly, without HTTP (service/rulings.py): one session, one
class each, exactly as the handlers call them."""

from __future__ import annotations

import uuid

import pytest

from evo_lessons.service.base import Refused
from evo_lessons.service.db import Move, SchoolClass, make_engine, session_factory
from evo_lessons.service.exports import csv_cell
from evo_lessons.service.games import GameHost
from evo_lessons.service.names import join_by_ticket
from evo_lessons.service.rulings import (
    ClassRulings,
    create_class,
    student_by_token,
    teacher_classes,
)

from .helpers import finished_code


@pytest.fixture
def db(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    Session = session_factory(engine)
    with Session() as session:
        yield session
    engine.dispose()


def rulings(db, klass, host=None) -> ClassRulings:
    return ClassRulings.of(db, klass.id, host or GameHost())


def test_join_send_and_me_in_one_class(db):
    klass = create_class(db, "Biology 7A", join_code="BIO-7A")
    r = ClassRulings.by_join_code(db, "bio-7a")
    token, ada = r.join("Ada")
    assert student_by_token(db, token).id == ada.id
    first = r.send(ada, uuid.uuid4().hex, finished_code("Ada", seed=3))
    assert first.status == "counted" and first.class_id == klass.id
    again = r.send(ada, first.send_id, finished_code("Ada", seed=3))
    assert again.id == first.id  # a resend answers the first verdict
    assert r.send(ada, uuid.uuid4().hex, finished_code("Ada", seed=3)).status == "apart"
    me = r.me(ada)
    assert me["class"] == "Biology 7A" and me["join_code"] == "BIO-7A"
    assert [x["status"] for x in me["results"]] == ["counted", "apart"]
    assert all(x["practice"] for x in me["results"])


def test_a_wrong_join_code_and_a_taken_name_are_refused(db):
    create_class(db, "A", join_code="AAA-AAA")
    with pytest.raises(Refused) as refused:
        ClassRulings.by_join_code(db, "ZZZ-ZZZ")
    assert refused.value.status == 403
    r = ClassRulings.by_join_code(db, "AAA-AAA")
    old_token, ada = r.join("Ada")
    with pytest.raises(Refused) as taken:
        r.join("ada")
    assert taken.value.status == 409
    opened = r.allow_rejoin(ada.id)
    with pytest.raises(Refused):  # the class's code never takes a seat over (names.py)
        r.join("Ada")
    new_token, again = join_by_ticket(db, opened["rejoin_code"], "Ada")
    assert again.id == ada.id
    assert student_by_token(db, old_token) is None  # the old token stops working
    assert student_by_token(db, new_token).id == ada.id


def test_the_same_name_in_two_classes_is_two_students(db):
    a = create_class(db, "A")
    b = create_class(db, "B")
    _, ada_a = rulings(db, a).join("Ada")
    _, ada_b = rulings(db, b).join("Ada")
    assert ada_a.id != ada_b.id
    # a student of class A is refused by class B's rulings
    with pytest.raises(Refused):
        rulings(db, b).me(ada_a)
    # the same game sent in both classes counts in each (duplicates are per class)
    code = finished_code("Ada", seed=9)
    assert rulings(db, a).send(ada_a, uuid.uuid4().hex, code).status == "counted"
    assert rulings(db, b).send(ada_b, uuid.uuid4().hex, code).status == "counted"
    assert rulings(db, a).codes().count("\nEV") == 1  # between the download's header and seal


def test_a_served_game_act_is_idempotent_by_move_id(db):
    klass = create_class(db, "A")
    r = rulings(db, klass)
    _, ada = r.join("Ada")
    payload = r.start_game(ada, "climate", {})
    assert payload["version"] == payload["move"]
    first = r.act(ada, payload["id"], payload["move"], index=0, move_id="click-0001")
    assert first["version"] > payload["version"]
    # the same act again (a lost answer, a resend): the same answer, nothing played twice
    assert r.act(ada, payload["id"], payload["move"], index=0, move_id="click-0001") == first
    second = r.act(ada, payload["id"], first["move"], index=0, move_id="click-0002")
    # the first act's repeat still answers what it answered then, not the game now
    assert r.act(ada, payload["id"], payload["move"], index=0, move_id="click-0001") == first
    with pytest.raises(Refused) as stale:  # a new act for a position the game has left
        r.act(ada, payload["id"], first["move"], index=0, move_id="click-0003")
    assert stale.value.status == 409
    assert db.query(Move).filter(Move.move_id.is_not(None)).count() == 2
    assert second["move"] > first["move"]
    with pytest.raises(Refused):
        r.act(ada, payload["id"], second["move"], index=0, move_id="bad id!")


def test_a_process_behind_the_database_reads_the_newer_game_and_never_refuses(tmp_path):
    """Two service processes are two GameHosts (two memories) over one database."""
    engine = make_engine(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    Session = session_factory(engine)
    hosts = [GameHost(), GameHost()]
    with Session() as db:
        klass = create_class(db, "A")
        _, ada = ClassRulings.of(db, klass.id, hosts[0]).join("Ada")
        payload = ClassRulings.of(db, klass.id, hosts[0]).start_game(ada, "climate", {})
        ClassRulings.of(db, klass.id, hosts[1]).game(ada, payload["id"])  # B holds a copy too
    for turn in range(6):
        with Session() as db:
            r = ClassRulings.of(db, klass.id, hosts[turn % 2])
            if payload["is_over"]:
                break
            payload = r.act(ada, payload["id"], payload["move"], index=0,
                            move_id=f"move-{turn:04d}")  # fmt: skip
    assert payload["move"] > 0
    engine.dispose()


def test_pause_deal_and_the_class_version(db):
    klass = create_class(db, "A")
    r = rulings(db, klass)
    start = r.version()
    _, ada = r.join("Ada")
    assert r.version() > start
    r.pause(True)
    with pytest.raises(Refused) as paused:
        r.start_game(ada, "climate", {})
    assert paused.value.status == 409
    r.pause(False)
    answer = r.deal("climate", seed=77)
    assert answer["round"] == 2
    payload = r.start_game(ada, "climate", {})
    assert "seed" not in payload
    assert db.get(SchoolClass, klass.id).version > start + 3


def test_the_csv_has_a_bom_and_no_lone_quote(db):
    klass = create_class(db, "A")
    r = rulings(db, klass)
    _, zoe = r.join("Zoë")
    r.send(zoe, uuid.uuid4().hex, finished_code("Zoë", seed=4))
    r.send(zoe, uuid.uuid4().hex, "=HYPERLINK(1)")
    text = r.results_csv()
    assert text.startswith("\ufeffsend_id,")
    assert "Zoë" in text
    assert ",'," not in text and not any(line.endswith(",'") for line in text.splitlines())
    assert csv_cell("=1+1") == "'=1+1" and csv_cell("") == "" and csv_cell(None) is None


def test_a_teacher_token_sees_only_its_class(db):
    a = create_class(db, "A")
    b = create_class(db, "B", hub_group="bio-teachers")
    # classes keep the hash; the token is shown once, at creation (auth)
    assert teacher_classes(db, a.new_teacher_token) == [a.id]
    assert teacher_classes(db, b.new_teacher_token) == [b.id]
    assert teacher_classes(db, a.teacher_token) == []
    assert teacher_classes(db, "not a token") == []
    assert teacher_classes(db, None, ["bio-teachers"], "teachers") == [b.id]
    assert teacher_classes(db, None, ["teachers"], "teachers") == [a.id]


def test_chance_is_simulated_once_for_every_process(tmp_path):
    """Two services' summary caches over one database: the first to ask simulates a setup's
    chance; the other never does, and reads the measures once they are stored."""
    import time

    from evo_lessons.service.summary import SummaryCache

    engine = make_engine(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    Session = session_factory(engine)
    first, second = SummaryCache(Session), SummaryCache(Session)
    key, arguments = ("setup", None, ()), ("climate", {}, None, None, None, [])
    try:
        assert first.chance_for(key, *arguments) is None  # started in the first
        assert second.chance_for(key, *arguments) is None  # claimed by the first: waits
        assert second._pool is None
        for _ in range(1200):
            found = second.chance_for(key, *arguments)
            if found is not None:
                break
            time.sleep(0.1)
        assert found is not None and second._pool is None
        assert found == first.chance_for(key, *arguments)
    finally:
        first.close()
        second.close()
        engine.dispose()
