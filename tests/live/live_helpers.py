"""Helpers for the live-class tests (tests/classroom, tests/lessons, tests/browser)."""

from __future__ import annotations

from service.helpers import Running


def restart(data, port: int) -> Running:
    """The class service started again on the same data and port (as a teacher restarts it
    after a crash), so a seat's kept address still reaches it."""
    import tornado.netutil

    real = tornado.netutil.bind_sockets

    def same_port(_port, address=None, **kwargs):
        return real(port, address=address, **kwargs)

    tornado.netutil.bind_sockets = same_port
    try:
        return Running(data)
    finally:
        tornado.netutil.bind_sockets = real
