"""Classes as rows: every student, result, deal and served game belongs to a class.

Last round's one class (its join code, teacher token and pause in ``settings``) becomes class 1.
Games get a version (their move count), moves the client's ``move_id``, results the unique
``first_print`` (one counted send per game and class, whichever process stores it), and the
``chance`` table holds each setup's simulated chance once for every process.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TABLES = ("students", "deals", "results", "games", "moves")


def _new_tables() -> None:
    op.create_table(
        "students_new",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("key", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("hub_user", sa.String(200)),
        sa.Column("may_rejoin", sa.Boolean, nullable=False),
        sa.Column("joined", sa.DateTime, nullable=False),
        sa.UniqueConstraint("class_id", "key", name="uq_students_class_key"),
        sa.UniqueConstraint("token_hash", name="uq_students_token_hash"),
    )
    op.create_table(
        "deals_new",
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger),
        sa.Column("scenario", sa.Text),
        sa.Column("options", sa.JSON),
    )
    op.create_table(
        "results_new",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("send_id", sa.String(40), nullable=False),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("students_new.id"), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("problem", sa.String(40), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("kind", sa.String(12)),
        sa.Column("game", sa.String(40)),
        sa.Column("setup", sa.Text),
        sa.Column("fingerprint", sa.String(80)),
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("row", sa.JSON),
        sa.Column("served_game", sa.String(40)),
        sa.Column("first_print", sa.String(80)),
        sa.Column("at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("send_id", name="uq_results_send_id"),
        sa.UniqueConstraint("class_id", "first_print", name="uq_results_class_first_print"),
    )
    op.create_table(
        "games_new",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("students_new.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("opening", sa.JSON, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("started", sa.DateTime, nullable=False),
        sa.UniqueConstraint("student_id", "game", "round", name="uq_games_student_game_round"),
    )
    op.create_table(
        "moves_new",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games_new.id"), primary_key=True),
        sa.Column("move", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("mover", sa.String(40), nullable=False),
        sa.Column("move_id", sa.String(64)),
        sa.Column("after", sa.Integer),
        sa.UniqueConstraint("game_id", "move_id", name="uq_moves_game_move_id"),
    )


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("join_code", sa.String(20), nullable=False),
        sa.Column("teacher_token", sa.String(200), nullable=False),
        sa.Column("hub_group", sa.String(200)),
        sa.Column("paused", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.UniqueConstraint("join_code", name="uq_classes_join_code"),
    )
    op.create_index("ix_classes_teacher_token", "classes", ["teacher_token"])
    op.create_table(
        "chance",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("measures", sa.JSON),
        sa.Column("claimed", sa.DateTime, nullable=False),
    )
    bind = op.get_bind()
    kept: dict[str, str] = {
        str(k): str(v) for k, v in bind.execute(sa.text("SELECT key, value FROM settings"))
    }
    rows = sum(bind.execute(sa.text(f"SELECT count(*) FROM {t}")).scalar_one() for t in TABLES)
    if "join_code" in kept or rows:
        from evo_lessons.service import auth
        from evo_lessons.service.db import now

        bind.execute(
            sa.text(
                "INSERT INTO classes (id, name, join_code, teacher_token, paused, version, "
                "created) VALUES (1, :name, :code, :token, :paused, 1, :now)"
            ),
            {
                "name": "Class",
                "code": kept.get("join_code") or auth.new_join_code(),
                "token": kept.get("teacher_token") or auth.new_token(),
                "paused": kept.get("paused") == "true",
                "now": now(),
            },
        )
    bind.execute(
        sa.text("DELETE FROM settings WHERE key IN ('join_code', 'teacher_token', 'paused')")
    )
    _new_tables()
    op.execute(
        "INSERT INTO students_new (id, class_id, name, key, token_hash, hub_user, may_rejoin, "
        "joined) SELECT id, 1, name, key, token_hash, hub_user, may_rejoin, joined FROM students"
    )
    op.execute(
        "INSERT INTO deals_new (class_id, game, round, seed, scenario, options) "
        "SELECT 1, game, round, seed, scenario, options FROM deals"
    )
    op.execute(
        "INSERT INTO results_new (id, send_id, class_id, student_id, status, problem, reason, "
        "kind, game, setup, fingerprint, code, row, served_game, first_print, at) "
        "SELECT id, send_id, 1, student_id, status, problem, reason, kind, game, setup, "
        "fingerprint, code, row, served_game, "
        "CASE WHEN status <> 'refused' AND served_game IS NULL AND fingerprint IS NOT NULL "
        "AND id = (SELECT min(r.id) FROM results r WHERE r.fingerprint = results.fingerprint "
        "AND r.status <> 'refused') THEN fingerprint END, at FROM results"
    )
    op.execute(
        "INSERT INTO games_new (id, class_id, student_id, game, round, seed, options, seats, "
        "seat, opening, over, version, started) SELECT id, 1, student_id, game, round, seed, "
        "options, seats, seat, opening, over, "
        "(SELECT count(*) FROM moves m WHERE m.game_id = games.id), started FROM games"
    )
    op.execute(
        "INSERT INTO moves_new (game_id, move, number, mover) "
        "SELECT game_id, move, number, mover FROM moves"
    )
    for table in ("moves", "games", "results", "deals", "students"):
        op.drop_table(table)
    for table in TABLES:
        op.rename_table(f"{table}_new", table)
    op.create_index("ix_students_class_id", "students", ["class_id"])
    op.create_index("ix_results_class_id", "results", ["class_id"])
    op.create_index("ix_results_student_id", "results", ["student_id"])
    op.create_index("ix_results_fingerprint", "results", ["fingerprint"])
    op.create_index("ix_games_class_id", "games", ["class_id"])
    op.create_index("ix_games_student_id", "games", ["student_id"])
    if bind.dialect.name == "postgresql":  # ids copied as they were: the sequences go on after
        for table in ("classes", "students", "results"):
            op.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"coalesce((SELECT max(id) FROM {table}), 0) + 1, false)"
            )


def downgrade() -> None:
    raise NotImplementedError("a class database is not taken back to one class per database")
