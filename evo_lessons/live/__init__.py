"""The kernel's side of a live class: a student's seat, their sends and their counted games.

The class service (``evo-teacher class serve``, :mod:`evo_lessons.service`) is the teacher's;
this package is all a student's kernel uses to reach it, over HTTP only (nothing here imports
the service):

* :mod:`.client`: the HTTP client (``ServiceClient``): one request, its answer or why not;
* :mod:`.seat`: ``join_class(url, code, name) -> Seat``: join, send a result, open a counted game;
* :mod:`.send_queue`: every send kept on disk with its ``send_id`` until the class answers;
* :mod:`.served`: ``ServedGame``/``ServedSession``: a counted game whose state lives in the service;
* :mod:`.lesson_link`: a lesson's link to its class (the name box, ``EVO_CLASS_URL``/``_CODE``).

``classroom/`` is the teacher's pooling of result codes; it does not import this package.
"""

from __future__ import annotations

from .seat import Seat, join_class

__all__ = ["Seat", "join_class"]
