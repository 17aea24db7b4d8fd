"""When each move was made: the live page shows a student with no move for minutes as stuck.

Moves recorded before this revision have no time (NULL); the page then reads the game's start.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("moves", sa.Column("at", sa.DateTime, nullable=True))


def downgrade() -> None:
    op.drop_column("moves", "at")
