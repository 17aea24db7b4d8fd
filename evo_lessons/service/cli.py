"""``evo-teacher class serve --data DIR [--port P] [--host H] [--db URL]``: start a class.

The first line on stdout is one JSON object (for scripts and tests to read), flushed before
anything else is printed::

    {"url": ..., "join_code": ..., "teacher_token": ..., "teacher_page": ..., "flushed": true}

then lines for people: where students join, then apart, the teacher page's address. The
teacher token is shown once, when the class is made (``--new-teacher-token`` replaces it and
shows the new one); later starts say the first address still works, and ``teacher_token`` is
null. Under a JupyterHub it is never printed (the hub keeps a service's output in its log): the
teacher logs in through the hub. The service listens
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
    serve.add_argument(
        "--new-teacher-token",
        action="store_true",
        help="replace the teacher token (the old link and every teacher login stop working)",
    )
    serve.add_argument("--certfile", default=None, help="TLS certificate: serve https")
    serve.add_argument("--keyfile", default=None, help="the certificate's private key")
    serve.add_argument(
        "--trusted-proxy",
        default=None,
        help="proxy addresses (comma separated) whose X-Forwarded-For is believed "
        "(also EVO_TRUSTED_PROXY); none by default",
    )
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

    from . import http_limits
    from .app import MAX_BODY, ClassService

    host, port, prefix = _address(args)
    os.umask(0o077)  # the database and its journal files: the teacher's only
    ssl_options = None
    if args.certfile or args.keyfile:
        import ssl

        if not (args.certfile and args.keyfile):
            print("evo-teacher class: give both --certfile and --keyfile", file=sys.stderr)
            return 2
        ssl_options = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            ssl_options.load_cert_chain(args.certfile, args.keyfile)
        except (OSError, ssl.SSLError) as error:
            print(f"evo-teacher class: the certificate: {error}", file=sys.stderr)
            return 2
    try:
        service = ClassService(
            args.data,
            args.db,
            prefix=prefix,
            new_teacher_token=args.new_teacher_token,
            trusted_proxy=args.trusted_proxy,
        )
    except ValueError as error:
        print(f"evo-teacher class: {error}", file=sys.stderr)
        return 2
    sockets = tornado.netutil.bind_sockets(port, address=host)
    port = sockets[0].getsockname()[1]
    files = http_limits.raise_file_limit()
    # timeouts and connection caps (http_limits); forwarded addresses only from a trusted proxy
    server = http_limits.LimitedHTTPServer(
        service.application(),
        max_body_size=MAX_BODY * 4,
        max_connections=http_limits.connection_cap(files),
        trusted=service.trusted_proxies,
        ssl_options=ssl_options,
    )
    server.add_sockets(sockets)
    shown = f"[{host}]" if ":" in host else host
    scheme = "https" if ssl_options else "http"
    url = f"{scheme}://{shown}:{port}{prefix.rstrip('/')}"
    settings = service.settings
    on_hub = bool(os.environ.get("JUPYTERHUB_SERVICE_URL"))
    token = None if on_hub else service.teacher_token
    teacher_page = f"{url}/teacher?token={token}" if token else None
    first = {
        "url": url,
        "join_code": settings["join_code"],
        "teacher_token": token,
        "teacher_page": teacher_page,
        "flushed": True,
    }
    print(json.dumps(first), flush=True)
    print(f"Class service at {url} (database: {service.where()})")
    print(f"Students join with the address {url} and the code {settings['join_code']}")
    print()
    if on_hub:
        print(f"Your live page: {url}/teacher (log in with your hub account)")
    elif teacher_page:
        print("Your live page, shown only this once (keep it to yourself, off the projector):")
        print(f"  {teacher_page}")
    else:
        print(
            "Your live page: the address printed when this class was made still works "
            "(lost it? start again with --new-teacher-token)."
        )
    print()
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
