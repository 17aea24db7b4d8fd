"""``evo-teacher class serve --data DIR [--port P] [--host H] [--db URL]``: start a class.

The first line on stdout is one JSON object (for scripts and tests to read), flushed before
anything else is printed::

    {"url": ..., "join_code": ..., "teacher_token": ..., "teacher_page": ..., "flushed": true}

then lines for people: where students join, the teacher page's address. The service listens
only on ``--host`` (default 127.0.0.1: this computer only; a laptop on the school network
gives its own address there). Under a JupyterHub the hub's service variables give the address
and the URL prefix (``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import signal
import sys
from urllib.parse import urlsplit

DEFAULT_PORT = 8765


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        prog="evo-teacher class", description="Run a live class (docs/class_service.md)."
    )
    commands = made.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="start the class service")
    serve.add_argument(
        "--data",
        type=pathlib.Path,
        required=True,
        help="folder for the class's database (class.sqlite3) and nothing else",
    )
    serve.add_argument("--port", type=int, default=None, help=f"default {DEFAULT_PORT}; 0: any")
    serve.add_argument("--host", default=None, help="the address to listen on (127.0.0.1)")
    serve.add_argument("--db", default=None, help="postgresql+psycopg://... instead of SQLite")
    serve.add_argument("--prefix", default=None, help="URL prefix (a hub service's own)")
    return made


def _address(args) -> tuple[str, int, str]:
    hub_url = os.environ.get("JUPYTERHUB_SERVICE_URL")
    hub = urlsplit(hub_url) if hub_url else None
    host = args.host or (hub.hostname if hub else None) or "127.0.0.1"
    port = args.port if args.port is not None else (hub.port if hub and hub.port else DEFAULT_PORT)
    prefix = args.prefix or os.environ.get("JUPYTERHUB_SERVICE_PREFIX") or "/"
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    return host, port, prefix


def serve(args) -> int:
    import tornado.httpserver
    import tornado.ioloop
    import tornado.netutil

    from .app import MAX_BODY, ClassService

    host, port, prefix = _address(args)
    try:
        service = ClassService(args.data, args.db, prefix=prefix)
    except ValueError as error:
        print(f"evo-teacher class: {error}", file=sys.stderr)
        return 2
    sockets = tornado.netutil.bind_sockets(port, address=host)
    port = sockets[0].getsockname()[1]
    # behind a hub's proxy every request comes from the proxy: trust its X-Forwarded-For there
    # (the join limit is per student's address), and nowhere else
    server = tornado.httpserver.HTTPServer(
        service.application(),
        max_body_size=MAX_BODY * 4,
        idle_connection_timeout=60,
        xheaders=bool(os.environ.get("JUPYTERHUB_SERVICE_URL")),
    )
    server.add_sockets(sockets)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}{prefix.rstrip('/')}"
    settings = service.settings
    teacher_page = f"{url}/teacher?token={settings['teacher_token']}"
    first = {
        "url": url,
        "join_code": settings["join_code"],
        "teacher_token": settings["teacher_token"],
        "teacher_page": teacher_page,
        "flushed": True,
    }
    print(json.dumps(first), flush=True)
    print(f"Class service at {url} (database: {service.where()})")
    print(f"Students join with the address {url} and the code {settings['join_code']}")
    print(f"Your live page (keep this address to yourself): {teacher_page}")
    if host in ("127.0.0.1", "localhost", "::1"):
        print(
            "Only this computer can reach it: give --host with this laptop's address for a class."
        )
    print(
        "Stop it with Ctrl+C; start it again with the same --data and nothing is lost.", flush=True
    )
    loop = tornado.ioloop.IOLoop.current()

    def stop(*_):
        loop.add_callback_from_signal(loop.stop)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        loop.start()
    finally:
        server.stop()
        service.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return serve(args)


if __name__ == "__main__":
    raise SystemExit(main())
