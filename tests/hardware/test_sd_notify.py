"""companion.notify against a real unix datagram socket, as systemd listens for it."""
from __future__ import annotations

import os
import socket

import pytest

from companion import notify


@pytest.fixture
def listener(tmp_path, monkeypatch):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = tmp_path / "notify"
    sock.bind(str(path))
    sock.settimeout(5)
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    yield sock
    sock.close()


def received(sock) -> list[str]:
    return sock.recv(4096).decode().split("\n")


def test_ready_with_status(listener):
    assert notify.ready("Camera, display and web up")
    assert received(listener) == ["READY=1", "STATUS=Camera, display and web up"]


def test_watchdog_status_stopping(listener):
    assert notify.watchdog()
    assert received(listener) == ["WATCHDOG=1"]
    assert notify.status("Trick 7\nof 15")
    assert received(listener) == ["STATUS=Trick 7 of 15"]  # one line for systemctl status
    assert notify.stopping("Shutting down")
    assert received(listener) == ["STOPPING=1", "STATUS=Shutting down"]


def test_abstract_namespace_socket(monkeypatch):
    name = f"paradox-table-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        assert notify.notify("READY=1")
        assert received(sock) == ["READY=1"]


def test_no_socket_is_a_quiet_no_op(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert notify.ready() is False
    assert notify.watchdog() is False


def test_watchdog_interval(monkeypatch):
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    assert notify.watchdog_interval() is None
    monkeypatch.setenv("WATCHDOG_USEC", "30000000")
    assert notify.watchdog_interval() == 30.0
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    assert notify.watchdog_interval() == 30.0
    monkeypatch.setenv("WATCHDOG_PID", "1")  # meant for another process
    assert notify.watchdog_interval() is None
    monkeypatch.delenv("WATCHDOG_PID")
    monkeypatch.setenv("WATCHDOG_USEC", "soon")
    assert notify.watchdog_interval() is None
