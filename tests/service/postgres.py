"""A throwaway PostgreSQL cluster for tests: Debian's ``postgresql`` binaries, a temp folder,
a free port, its unix socket in that folder; stopped and removed afterwards.

Run as root (CI's containers), the cluster belongs to the ``postgres`` user (initdb refuses
root) through ``runuser``. Without the binaries the tests that need them skip, except under
CI (``CI=true``), where they fail: CI installs ``postgresql`` (.ci/run).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager

import pytest


def binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return versions[-1] if versions else None


def missing() -> str | None:
    """Why no cluster can be started here (None: it can)."""
    if not (binary("initdb") and binary("pg_ctl")):
        return "PostgreSQL's initdb and pg_ctl are not installed (apt-get install postgresql)"
    if os.geteuid() == 0 and not (shutil.which("runuser") and _has_user("postgres")):
        return "running as root, but there is no postgres user to run the cluster as"
    return None


def _has_user(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def need_postgres() -> None:
    """Skip without PostgreSQL, but fail under CI, which must have it."""
    why = missing()
    if why is None:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI must run the PostgreSQL tests: {why}")
    pytest.skip(why)


def _as_owner(argv: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def cluster(fsync: bool = False):
    """A running cluster; yields its SQLAlchemy URL (``postgresql+psycopg://...``). Tests run it
    with fsync off (quicker); the benchmarks with ``fsync=True`` (durable, as a school runs it)."""
    need_postgres()
    folder = tempfile.mkdtemp(prefix="evo-pg-")
    data, port = os.path.join(folder, "data"), _free_port()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    run = {"check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    subprocess.run(_as_owner([binary("initdb"), "-D", data, "-U", "evo", "-A", "trust",
                              "--no-sync"]), **run)  # fmt: skip
    durable = "on" if fsync else "off"
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync={durable}"
    subprocess.run(_as_owner([binary("pg_ctl"), "-D", data, "-o", options, "-w", "-l",
                              os.path.join(folder, "log"), "start"]), **run)  # fmt: skip
    try:
        url = f"postgresql+psycopg://evo@127.0.0.1:{port}/postgres"
        _wait(url)
        yield url
    finally:
        subprocess.run(_as_owner([binary("pg_ctl"), "-D", data, "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


def _wait(url: str) -> None:
    """pg_ctl -w waits for the server; this waits for it to take connections (no clock)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    for attempt in range(100):
        try:
            with engine.connect() as connection:
                connection.execute(text("select 1"))
            break
        except Exception:
            if attempt == 99:
                raise
            time.sleep(0.1)
    engine.dispose()
