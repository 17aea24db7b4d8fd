"""The class, live: a small web service that deals counted games, counts every result as it
ends, and puts the class on the teacher's projector.

``evo-teacher class serve --data DIR`` starts it (:mod:`.cli`); its HTTP interface is
docs/class_service.md. It sits above the class tools: it uses the engine, the game session,
pooling's checks and the comparisons with chance, and nothing below it imports it. The
student's side is ``evo_lessons.live.seat``, which talks to it over HTTP only.

Modules: :mod:`.db` (tables, SQLite with WAL or PostgreSQL), :mod:`.auth` (tokens, hub,
join limits), :mod:`.results` (a sent code judged as pooling judges it), :mod:`.games`
(served counted games), :mod:`.summary` (the live page's numbers), :mod:`.app` and
:mod:`.handlers` (tornado), :mod:`.cli`.
"""
