"""Alembic's environment for the class database: always given an open connection by
:func:`evo_lessons.service.db.migrate` (no alembic.ini, no URL of its own)."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
