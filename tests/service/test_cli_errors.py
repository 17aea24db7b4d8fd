"""``evo-teacher class serve`` ends in one sentence, not a traceback, when it cannot start: an
address that is not this computer's (README's ``--host 192.168.1.23``), a port in use, a data
folder another service is using, ``--workers`` on SQLite."""

from __future__ import annotations

import socket

from evo_lessons.service.cli import main

from .helpers import Running


def sentence(capsys) -> str:
    told = capsys.readouterr().err.strip()
    assert "Traceback" not in told and told.count("\n") == 0, told
    assert told.startswith("evo-teacher class: ")
    return told


def test_an_address_not_on_this_computer(tmp_path, capsys):
    assert main(["serve", "--data", str(tmp_path), "--host", "192.0.2.123", "--port", "0"]) == 2
    assert "not an address of this computer" in sentence(capsys)


def test_a_port_in_use(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--data", str(tmp_path), "--port", str(port)]) == 2
    assert f"port {port} is in use" in sentence(capsys)


def test_a_data_folder_in_use_and_workers_on_sqlite(tmp_path, capsys):
    running = Running(tmp_path / "class")
    try:
        assert main(["serve", "--data", str(tmp_path / "class"), "--port", "0"]) == 2
        assert "already running on" in sentence(capsys)
    finally:
        running.stop()
    assert main(["serve", "--data", str(tmp_path / "x"), "--port", "0", "--workers", "2"]) == 2
    assert "--workers needs PostgreSQL" in sentence(capsys)


def test_class_new_needs_a_database(tmp_path, capsys):
    assert main(["new", "--data", str(tmp_path / "none"), "Chemistry"]) == 2
    assert "no class database" in sentence(capsys)
