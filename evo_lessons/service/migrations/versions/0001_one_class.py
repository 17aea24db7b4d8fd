"""Last round's schema: one class per database (its join code and token in ``settings``).

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "settings",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "students",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("key", sa.String(80), nullable=False, unique=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("hub_user", sa.String(200)),
        sa.Column("may_rejoin", sa.Boolean, nullable=False),
        sa.Column("joined", sa.DateTime, nullable=False),
    )
    op.create_table(
        "deals",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger),
        sa.Column("scenario", sa.Text),
        sa.Column("options", sa.JSON),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("send_id", sa.String(40), nullable=False, unique=True),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
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
        sa.Column("at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_results_student_id", "results", ["student_id"])
    op.create_index("ix_results_fingerprint", "results", ["fingerprint"])
    op.create_table(
        "games",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("opening", sa.JSON, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("started", sa.DateTime, nullable=False),
        sa.UniqueConstraint("student_id", "game", "round"),
    )
    op.create_index("ix_games_student_id", "games", ["student_id"])
    op.create_table(
        "moves",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("move", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("mover", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    for table in ("moves", "games", "results", "deals", "students", "settings"):
        op.drop_table(table)
