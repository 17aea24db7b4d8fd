"""A class service as the CLI serves it (http_limits' server: timeouts, caps; a prefix), for
the security tests (tests/service/test_security_*.py)."""

from __future__ import annotations

from typing import Any

from .helpers import Running


class Served(Running):
    """Like :class:`Running`, through :class:`LimitedHTTPServer`, with a prefix and options."""

    def __init__(self, data, prefix: str = "/", server: dict[str, Any] | None = None,
                 hub=None, **service: Any) -> None:  # fmt: skip
        from evo_lessons.service.app import ClassService

        self.service = ClassService(data, hub=hub, prefix=prefix, **service)
        self.join_code = self.service.settings["join_code"]
        self.teacher = self.service.settings["teacher_token"]
        self.prefix = prefix.rstrip("/")
        self.server_options = server or {}
        self._start()

    def _url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}"

    def _server(self):
        from evo_lessons.service import http_limits
        from evo_lessons.service.app import MAX_BODY

        return http_limits.LimitedHTTPServer(
            self.service.application(),
            max_body_size=MAX_BODY * 4,
            trusted=self.service.trusted_proxies,
            **self.server_options,
        )


def class_secret_of(service) -> str:
    """The first class's deal secret (read as the service reads it)."""
    from evo_lessons.service.deal_secret import class_secret

    with service.Session() as db:
        return class_secret(db, service.first_class)


def deal_of(service, game: str):
    from evo_lessons.service.db import Deal

    with service.Session() as db:
        return db.get(Deal, (service.first_class, game))
