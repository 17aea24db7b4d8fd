"""The class database's schema, step by step (Alembic revisions; :func:`..db.migrate` runs them).

``0001`` is last round's schema (one class per database); ``0002`` makes classes rows and gives
every student, result, deal and served game a class (a last-round database becomes class 1).
"""
