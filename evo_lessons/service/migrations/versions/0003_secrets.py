"""Secrets kept as a service should (issue 42): teacher tokens hashed, a deal secret per class,
teacher page sessions, one-time rejoin codes.

* ``classes.teacher_token`` held the token itself; it now holds its SHA-256 (``auth``), so a
  copy of the database opens no teacher page. The printed link keeps working.
* ``classes.deal_secret``: every served game's seed comes from it (``deal_secret``); a class
  made before gets one now (its next deals are the secret's).
* ``teacher_sessions``: the teacher page's cookie is a random session id, kept hashed.
* ``rejoin_tickets``: "Let join again" gives a one-time code for one seat (``names``).

Revision ID: 0003
Revises: 0002
"""

import hashlib
import re
import secrets

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

HASHED = re.compile(r"[0-9a-f]{64}")


def upgrade() -> None:
    with op.batch_alter_table("classes") as batch:
        batch.add_column(sa.Column("deal_secret", sa.String(64), nullable=True))
    bind = op.get_bind()
    for class_id, token in bind.execute(sa.text("SELECT id, teacher_token FROM classes")).all():
        hashed = (
            token
            if HASHED.fullmatch(token or "")
            else hashlib.sha256((token or "").encode("utf-8", "replace")).hexdigest()
        )
        bind.execute(
            sa.text("UPDATE classes SET teacher_token = :t, deal_secret = :s WHERE id = :i"),
            {"t": hashed, "s": secrets.token_hex(32), "i": class_id},
        )
    op.create_table(
        "teacher_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("who", sa.String(200), nullable=False),
        sa.Column("classes", sa.JSON, nullable=False),
        sa.Column("made", sa.DateTime, nullable=False),
        sa.Column("expires", sa.DateTime, nullable=False),
        sa.Column("revoked", sa.Boolean, nullable=False),
    )
    op.create_table(
        "rejoin_tickets",
        sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), primary_key=True),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("made", sa.DateTime, nullable=False),
    )
    op.create_index("ix_rejoin_tickets_code_hash", "rejoin_tickets", ["code_hash"])


def downgrade() -> None:
    raise NotImplementedError("hashed tokens cannot be taken back to the tokens")
