"""``evo-teacher class serve --data DIR [--port P] [--host H] [--db URL] [--workers N]``: start
the class service; ``evo-teacher class new --data DIR NAME`` (or ``--db URL``): one more class.

``serve``'s first line on stdout is one JSON object (for scripts and tests to read), flushed
before anything else is printed (the first class's, as one service once served one class)::

    {"url": ..., "join_code": ..., "teacher_token": ..., "teacher_page": ..., "flushed": true}

``new`` makes a class in the database (a running service serves it at once: it keeps nothing
of a class in memory) and prints one JSON line: ``{"class", "class_id", "join_code",
"teacher_token"}``. ``--workers N`` (PostgreSQL only) forks N processes sharing the port.

then lines for people: where students join, then apart, the teacher page's address. A teacher
token is shown once, when its class is made (``--new-teacher-token`` replaces the first class's
and shows the new one); later starts say the first address still works, and ``teacher_token``
is null. Under a JupyterHub it is never printed (the hub keeps a service's output in its log):
the teacher logs in through the hub. ``--certfile``/``--keyfile`` serve https;
``--trusted-proxy`` names the proxy whose forwarded addresses are believed. The service listens
only on ``--host`` (default 127.0.0.1: this computer only; a laptop on the school network
gives its own address there). Under a JupyterHub the hub's service variables give the address
and the URL prefix (``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pathlib
import signal
import socket
import sys
from urllib.parse import urlsplit

from evo_lessons.i18n import command_line_lang, pgettext, speaking

DEFAULT_PORT = 8765
#: seconds the workers have to stop after SIGTERM before they are killed
STOP_WAIT = 10


def parser() -> argparse.ArgumentParser:
    """The command line's options; their help speaks the command line's language (made inside
    ``speaking(command_line_lang())``: EVO_LESSONS_LANG, then the POSIX locale, then English).
    argparse's own words ("usage:", "options:") are Python's."""
    made = argparse.ArgumentParser(
        prog="evo-teacher class",
        description=pgettext("command line", "Run a live class (docs/class_service.md)."),
    )
    commands = made.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help=pgettext("command line", "start the class service"))
    serve.add_argument(
        "--data",
        type=pathlib.Path,
        required=True,
        help=pgettext(
            "command line", "folder for the class's database (class.sqlite3) and nothing else"
        ),
    )
    serve.add_argument(
        "--port",
        type=int,
        default=None,
        # Translators: the help of --port; {port} is 8765
        help=pgettext("command line", "default {port}; 0: any").format(port=DEFAULT_PORT),
    )
    serve.add_argument(
        "--host",
        default=None,
        help=pgettext("command line", "the address to listen on (127.0.0.1)"),
    )
    serve.add_argument(
        "--db",
        default=None,
        help=pgettext("command line", "postgresql+psycopg://... instead of SQLite"),
    )
    serve.add_argument(
        "--prefix", default=None, help=pgettext("command line", "URL prefix (a hub service's own)")
    )
    serve.add_argument(
        "--new-teacher-token",
        action="store_true",
        help=pgettext(
            "command line",
            "replace the first class's teacher token (the old link and every teacher login "
            "stop working)",
        ),
    )
    serve.add_argument(
        "--certfile", default=None, help=pgettext("command line", "TLS certificate: serve https")
    )
    serve.add_argument(
        "--keyfile", default=None, help=pgettext("command line", "the certificate's private key")
    )
    serve.add_argument(
        "--trusted-proxy",
        default=None,
        help=pgettext(
            "command line",
            "proxy addresses (comma separated) whose X-Forwarded-For is believed "
            "(also EVO_TRUSTED_PROXY); none by default",
        ),
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        help=pgettext(
            "command line",
            "processes sharing the port (PostgreSQL only; several services may also run on "
            "one database behind a proxy)",
        ),
    )
    new = commands.add_parser(
        "new", help=pgettext("command line", "make one more class in a service's database")
    )
    new.add_argument("name", help=pgettext("command line", "the class's name (shown on its pages)"))
    new.add_argument(
        "--data",
        type=pathlib.Path,
        default=None,
        help=pgettext("command line", "the service's --data"),
    )
    new.add_argument("--db", default=None, help=pgettext("command line", "the service's --db URL"))
    new.add_argument(
        "--code", default=None, help=pgettext("command line", "its join code (default: a new one)")
    )
    new.add_argument(
        "--hub-group",
        default=None,
        help=pgettext("command line", "on a hub: the group whose members teach it"),
    )
    return made


def say(sentence: str) -> int:
    print(f"evo-teacher class: {sentence}", file=sys.stderr)  # (the command's name, then why)
    return 2


def new_class(args) -> int:
    from .auth import join_code_from
    from .db import database_url, make_engine, session_factory
    from .rulings import create_class

    if args.data is None and args.db is None:
        return say(pgettext("command line", "give the service's --data folder or its --db URL."))
    try:
        code = join_code_from(args.code)
        url = database_url(args.data or pathlib.Path("."), args.db)
    except ValueError as error:
        return say(f"{error}.")
    if args.db is None and not (args.data / "class.sqlite3").exists():
        return say(
            pgettext(
                "command line",
                "there is no class database in {folder}: start the service there first.",
            ).format(folder=args.data)
        )
    engine = make_engine(url)
    try:
        with session_factory(engine)() as db:
            klass = create_class(db, args.name, join_code=code, hub_group=args.hub_group)
            line = {
                "class": klass.name,
                "class_id": klass.id,
                "join_code": klass.join_code,
                # shown once: the database keeps only its hash
                "teacher_token": getattr(klass, "new_teacher_token", None),
            }
    except ValueError as error:
        return say(f"{error}.")
    finally:
        engine.dispose()
    print(json.dumps(line), flush=True)
    return 0


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
    from .app import MAX_BODY, ClassService, FolderInUse, hold_folder
    from .db import database_url, make_engine

    # the refusals speak the command line's language; the server is made outside it, so no
    # request of the running service inherits it
    with speaking(command_line_lang()):
        host, port, prefix = _address(args)
        os.umask(0o077)  # the database and its journal files: the teacher's only
        ssl_options = None
        if args.certfile or args.keyfile:
            import ssl

            if not (args.certfile and args.keyfile):
                return say(pgettext("command line", "give both --certfile and --keyfile."))
            ssl_options = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            try:
                ssl_options.load_cert_chain(args.certfile, args.keyfile)
            except (OSError, ssl.SSLError) as error:
                # Translators: {error} is the system's reason
                return say(
                    pgettext("command line", "the certificate cannot be read: {error}.").format(
                        error=error
                    )
                )
        workers = max(1, args.workers)
        try:
            url = database_url(args.data, args.db)
        except ValueError as error:
            return say(f"{error}.")
        if workers > 1 and url.startswith("sqlite"):
            return say(
                pgettext(
                    "command line",
                    "--workers needs PostgreSQL (--db postgresql+psycopg://...): one SQLite file "
                    "is written by one process.",
                )
            )
        try:
            sockets = tornado.netutil.bind_sockets(port, address=host)
        except OSError as error:
            return say(_bind_problem(error, host, port))
        port = sockets[0].getsockname()[1]
        hold = None
        try:
            if url.startswith("sqlite"):
                hold = hold_folder(args.data)
            make_engine(url).dispose()  # the schema made or upgraded once, before any fork
            renewed = None
            if args.new_teacher_token:  # once, before any fork
                before = ClassService(args.data, args.db, prefix=prefix, hold=False,
                                      new_teacher_token=True)  # fmt: skip
                renewed = before.new_tokens.get(before.first_class)
                before.close()
            task = fork_workers(workers) if workers > 1 else 0
            if task is None:  # the parent of the workers: they have ended
                return 0
            service = ClassService(
                args.data, args.db, prefix=prefix, hold=False, trusted_proxy=args.trusted_proxy
            )
        except (ValueError, FolderInUse) as error:
            return say(str(error).rstrip(".") + ".")
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
    # the teacher token is shown once (only its hash is kept), and never under a hub, whose
    # log keeps a service's output: the teacher logs in through the hub there
    on_hub = bool(os.environ.get("JUPYTERHUB_SERVICE_URL"))
    token = None if on_hub else settings["teacher_token"] or renewed
    teacher_page = f"{url}/teacher?token={token}" if token else None
    if task != 0:  # one worker prints the first line
        return _run(server, service, hold)
    first = {
        "url": url,
        "join_code": settings["join_code"],
        "teacher_token": token,
        "teacher_page": teacher_page,
        "class": settings["class"],
        "workers": workers,
        "flushed": True,
    }
    print(json.dumps(first), flush=True)
    with speaking(command_line_lang()):
        _say_started(url, service, settings, on_hub, teacher_page, host)
    return _run(server, service, hold)


def _say_started(url, service, settings, on_hub, teacher_page, host) -> None:
    """The lines for people, after the first line's JSON (the command line's language)."""
    print(
        pgettext("command line", "Class service at {url} (database: {where})").format(
            url=url, where=service.where()
        )
    )
    print(
        pgettext("command line", "Students join with the address {url} and the code {code}").format(
            url=url, code=settings["join_code"]
        )
    )
    print()
    if on_hub:
        print(
            pgettext(
                "command line", "Your live page: {url}/teacher (log in with your hub account)"
            ).format(url=url)
        )
    elif teacher_page:
        print(
            pgettext(
                "command line",
                "Your live page, shown only this once (keep it to yourself, off the projector):",
            )
        )
        print(f"  {teacher_page}")
    else:
        print(
            pgettext(
                "command line",
                "Your live page: the address printed when this class was made still works "
                "(lost it? start again with --new-teacher-token).",
            )
        )
    print()
    if host in ("127.0.0.1", "localhost", "::1") and not on_hub:
        print(
            pgettext(
                "command line",
                "Only this computer can reach it: give --host with this laptop's address for a "
                "class.",
            )
        )
    print(
        pgettext(
            "command line",
            "Stop it with Ctrl+C; start it again with the same --data and nothing is lost.",
        ),
        flush=True,
    )


def fork_workers(workers: int) -> int | None:
    """Fork ``workers`` processes sharing the bound sockets; in each, its number. The parent
    stays to pass SIGTERM and SIGINT on to them and to start again one that died (kill -9),
    and returns None once they have all ended on a signal."""
    import time

    children: dict[int, int] = {}
    stopping = False

    def start(number: int) -> bool:
        pid = os.fork()
        if pid == 0:  # a worker: the parent's signal handlers are not its own
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            _die_with_parent()
            return True
        children[pid] = number
        return False

    for number in range(workers):
        if start(number):
            return number

    def stop(signum, _frame) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        signal.alarm(STOP_WAIT)  # then whatever is left is killed

    def kill(signum, _frame) -> None:
        for pid in list(children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGALRM, kill)
    while children:
        try:
            pid, _status = os.wait()
        except ChildProcessError:
            break
        except InterruptedError:
            continue
        number = children.pop(pid, -1)
        if number >= 0 and not stopping:
            time.sleep(0.5)  # a worker that cannot start must not spin
            if not stopping and start(number):
                return number
    return None


def _die_with_parent() -> None:
    """On Linux, a worker gets SIGTERM when its parent dies (even by kill -9)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def _bind_problem(error: OSError, host: str, port: int) -> str:
    """One sentence for an address the service cannot listen on."""
    import errno

    if error.errno == errno.EADDRINUSE:
        return pgettext(
            "command line",
            "port {port} is in use on {host} (another class service, or another program): stop "
            "it, or give another --port.",
        ).format(port=port, host=host)
    if error.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT) or isinstance(
        error, socket.gaierror
    ):
        return pgettext(
            "command line",
            "{host} is not an address of this computer: give --host this computer's own "
            "address on the school network (ip addr or ipconfig shows it), or leave it out.",
        ).format(host=host)
    if error.errno == errno.EACCES:
        return pgettext(
            "command line", "port {port} needs an administrator here: give a --port above 1023."
        ).format(port=port)
    # Translators: {why} is the system's reason
    return pgettext("command line", "cannot listen on {host} port {port}: {why}.").format(
        host=host, port=port, why=error.strerror or error
    )


def _run(server, service, hold) -> int:
    import tornado.ioloop

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
        if hold is not None:
            hold.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line, in its language (EVO_LESSONS_LANG, then the POSIX locale, then
    English). The running service's own work is not inside that language: ``serve`` speaks it
    only for its refusals and its lines to the teacher (a page's language is its own)."""
    with speaking(command_line_lang()):
        args = parser().parse_args(argv)
        if args.command == "new":
            return new_class(args)
    return serve(args)


if __name__ == "__main__":
    raise SystemExit(main())
