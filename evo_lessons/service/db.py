"""The class's records: SQLAlchemy 2 tables, one engine, SQLite by default or PostgreSQL.

Everything a class needs to survive a crash lives here, written before any answer is sent:
the join code and teacher token (made once, so a restarted service keeps them), students
(their tokens only as SHA-256 hashes), every result sent or ended, every served game and each
of its moves with who made it, and the teacher's deal for each game.

SQLite runs in WAL mode with ``synchronous=FULL``: a committed transaction is on disk before
the commit returns, so a result acknowledged to a student survives ``kill -9`` and a power cut.
PostgreSQL (``postgresql+psycopg://...``) is for a school's or district's hub.
"""

from __future__ import annotations

import datetime as dt
import pathlib

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

SQLITE_FILE = "class.sqlite3"


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class Setting(Base):
    """One value the class keeps across restarts: join code, teacher token, paused."""

    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Student(Base):
    __tablename__ = "students"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    #: the name folded for comparison: two seats never share one
    key: Mapped[str] = mapped_column(String(80), unique=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    hub_user: Mapped[str | None] = mapped_column(String(200), nullable=True)
    #: the teacher let this name join again (the next join with it takes the seat over)
    may_rejoin: Mapped[bool] = mapped_column(Boolean, default=False)
    joined: Mapped[dt.datetime] = mapped_column(DateTime, default=now)


class Result(Base):
    """One result: a code a student sent, or a served game's end recorded by the service."""

    __tablename__ = "results"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    send_id: Mapped[str] = mapped_column(String(40), unique=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("students.id"), index=True)
    status: Mapped[str] = mapped_column(String(10))  # counted | apart | refused
    problem: Mapped[str] = mapped_column(String(40), default="")
    reason: Mapped[str] = mapped_column(Text, default="")
    kind: Mapped[str | None] = mapped_column(String(12), nullable=True)
    game: Mapped[str | None] = mapped_column(String(40), nullable=True)
    setup: Mapped[str | None] = mapped_column(Text, nullable=True)
    fingerprint: Mapped[str | None] = mapped_column(String(80), nullable=True, index=True)
    code: Mapped[str] = mapped_column(Text, default="")
    #: the checked row (numbers from the replay), for the summary and the CSV
    row: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    served_game: Mapped[str | None] = mapped_column(String(40), nullable=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=now)


class Deal(Base):
    """The teacher's deal for one game: seed or scenario code, options; its round number."""

    __tablename__ = "deals"
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, default=1)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    scenario: Mapped[str | None] = mapped_column(Text, nullable=True)
    options: Mapped[dict | None] = mapped_column(JSON, nullable=True)


class ServedGame(Base):
    """A counted game the service deals and holds; its moves are :class:`Move` rows."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("students.id"), index=True)
    game: Mapped[str] = mapped_column(String(40))
    round: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict] = mapped_column(JSON)
    seats: Mapped[list] = mapped_column(JSON)
    seat: Mapped[int] = mapped_column(Integer)
    #: the scenario's opening move numbers (a teacher's scenario code), played before anyone
    opening: Mapped[list] = mapped_column(JSON, default=list)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    started: Mapped[dt.datetime] = mapped_column(DateTime, default=now)
    __table_args__ = (UniqueConstraint("student_id", "game", "round"),)


class Move(Base):
    """One move of a served game: its number among the legal actions and who chose it."""

    __tablename__ = "moves"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    move: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer)
    #: "person", "helper", "scenario" or a bot's name
    mover: Mapped[str] = mapped_column(String(40))
    #: when it was made (the live page shows a student with no move for minutes as stuck)
    at: Mapped[dt.datetime | None] = mapped_column(DateTime, default=now, nullable=True)


def _sqlite_pragmas(dbapi_connection, connection_record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def database_url(data: pathlib.Path, url: str | None) -> str:
    """The URL given, else the SQLite file in the data folder."""
    if url:
        if not url.startswith(("postgresql+psycopg://", "sqlite://")):
            raise ValueError("--db takes a postgresql+psycopg://... or sqlite:///... URL")
        return url
    return f"sqlite:///{(data / SQLITE_FILE).resolve()}"


def make_engine(url: str) -> Engine:
    """An engine with the tables made; SQLite with WAL and full sync on every connection."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)
    Base.metadata.create_all(engine)
    return engine


def session_factory(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)
