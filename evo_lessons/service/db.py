"""The classes' records: SQLAlchemy 2 tables, one engine, SQLite by default or PostgreSQL.

Everything a class needs to survive a crash lives here, written before any answer is sent:
each class as a row (its name, join code, teacher token, hub group, pause and a version that
changes whenever anything in the class changes), students (their tokens only as SHA-256
hashes), every result sent or ended, every served game (with a version: its move count) and
each of its moves with who made it, and the teacher's deal for each game. Every row but the
service-wide settings belongs to one class. Nothing a ruling needs is kept only in one
process's memory, so several service processes can serve one PostgreSQL database.

The schema is made and upgraded by Alembic (:mod:`.migrations`, run at every start by
:func:`migrate`): a database of last round's service (one class, no class column) becomes
class 1.

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
from sqlalchemy.pool import NullPool

from evo_lessons.i18n import pgettext

SQLITE_FILE = "class.sqlite3"


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class Setting(Base):
    """One value the service keeps across restarts (its cookie secret)."""

    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class SchoolClass(Base):
    """One class: join code, teacher token, hub group, paused, and its version."""

    __tablename__ = "classes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    join_code: Mapped[str] = mapped_column(String(20), unique=True)
    #: the teacher's token, as ``auth`` stores it: its SHA-256 (migration 0003)
    teacher_token: Mapped[str] = mapped_column(String(200), index=True)
    #: the class's deal secret (:mod:`.deal_secret`): never sent
    deal_secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: the hub group whose members teach this class (None: ``EVO_TEACHER_GROUP``)
    hub_group: Mapped[str | None] = mapped_column(String(200), nullable=True)
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    #: changes whenever anything in the class changes (the summary's ETag)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[dt.datetime] = mapped_column(DateTime, default=now)


class Student(Base):
    __tablename__ = "students"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    #: the name folded for comparison: two seats of a class never share one
    key: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    hub_user: Mapped[str | None] = mapped_column(String(200), nullable=True)
    #: the teacher let this name join again (the next join with it takes the seat over)
    may_rejoin: Mapped[bool] = mapped_column(Boolean, default=False)
    joined: Mapped[dt.datetime] = mapped_column(DateTime, default=now)
    __table_args__ = (UniqueConstraint("class_id", "key"),)


class Result(Base):
    """One result: a code a student sent, or a served game's end recorded by the service."""

    __tablename__ = "results"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    send_id: Mapped[str] = mapped_column(String(40), unique=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id"), index=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("students.id"), index=True)
    status: Mapped[str] = mapped_column(String(10))  # counted | apart | refused | received
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
    #: a sent game's fingerprint while it is the first of its class (unique per class: of two
    #: sends of one game, in any processes, one counts and the other is "sent before")
    first_print: Mapped[str | None] = mapped_column(String(80), nullable=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=now)
    __table_args__ = (UniqueConstraint("class_id", "first_print"),)


class Deal(Base):
    """The teacher's deal for one game: seed or scenario code, options; its round number."""

    __tablename__ = "deals"
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, default=1)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    scenario: Mapped[str | None] = mapped_column(Text, nullable=True)
    options: Mapped[dict | None] = mapped_column(JSON, nullable=True)


class ServedGame(Base):
    """A counted game the service deals and holds; its moves are :class:`Move` rows."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id"), index=True)
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
    #: the moves recorded (optimistic concurrency: a move is written only from this version)
    version: Mapped[int] = mapped_column(Integer, default=0)
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
    #: the client's id of the act that made this move (its first move only), and the game's
    #: version after that act: a repeated act answers what it answered the first time
    move_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: when it was made (the live page shows a student with no move for minutes as stuck)
    at: Mapped[dt.datetime | None] = mapped_column(DateTime, default=now, nullable=True)
    __table_args__ = (UniqueConstraint("game_id", "move_id"),)


class Chance(Base):
    """Chance's measures for one setup, simulated once by whichever process claimed it."""

    __tablename__ = "chance"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: None while a process simulates it (claimed at ``claimed``)
    measures: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    claimed: Mapped[dt.datetime] = mapped_column(DateTime, default=now)


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
            text = pgettext("class service", "--db takes a {postgresql} or {sqlite} URL")
            raise ValueError(
                text.format(postgresql="postgresql+psycopg://...", sqlite="sqlite:///...")
            )
        return url
    return f"sqlite:///{(data / SQLITE_FILE).resolve()}"


def make_engine(url: str, migrate_now: bool = True) -> Engine:
    """An engine with the tables made or upgraded; SQLite with WAL and full sync on every
    connection."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)
    if migrate_now:
        migrate(engine)
    return engine


MIGRATIONS = pathlib.Path(__file__).parent / "migrations"
#: the first revision: last round's tables (a database without Alembic's table is stamped so)
FIRST_REVISION = "0001"
#: PostgreSQL advisory lock id held while migrating (several processes may start at once)
MIGRATION_LOCK = 0x45564F


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic's ``upgrade head``) in one transaction,
    once even when several processes start together on one PostgreSQL."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect, text

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    sqlite = engine.dialect.name == "sqlite"
    if sqlite:  # a transaction around the DDL too, and tables rebuilt with foreign keys off
        engine = create_engine(engine.url, connect_args={"timeout": 30}, poolclass=NullPool)

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection, connection_record) -> None:
            dbapi_connection.isolation_level = None
            dbapi_connection.execute("PRAGMA foreign_keys=OFF")
            dbapi_connection.execute("PRAGMA busy_timeout=30000")

        @event.listens_for(engine, "begin")
        def _begin(connection) -> None:
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    try:
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            tables = set(inspect(connection).get_table_names())
            if "alembic_version" not in tables and "settings" in tables:
                command.stamp(config, FIRST_REVISION)  # last round's database: tables are there
            command.upgrade(config, "head")
    finally:
        if sqlite:
            engine.dispose()


def session_factory(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)
