"""systemd's sd_notify protocol, without libsystemd: one datagram to $NOTIFY_SOCKET.

The unit is Type=notify with WatchdogSec=, so the service says READY=1 once the camera,
display and web port are up, and WATCHDOG=1 from its worker loop; if the loop wedges,
systemd restarts it. Outside systemd (no $NOTIFY_SOCKET) every call is a quiet no-op, so
`make run` on a laptop needs no special casing.
"""
from __future__ import annotations

import os
import socket

# The exit status that means "power the Pi off": systemd/paradox-table.service's
# ExecStopPost (run as root) powers off on it, so the service itself needs no privilege.
# Off the Pi it simply ends the program. Long press of A+B leads here.
POWEROFF_EXIT_STATUS = 99


def notify(*assignments: str) -> bool:
    """Send lines such as "READY=1", "STATUS=Camera ready". True if a datagram was sent.

    A socket name starting with '@' lives in Linux's abstract namespace (leading NUL byte).
    """
    address = os.environ.get("NOTIFY_SOCKET")
    if not address or not assignments:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    elif not address.startswith("/"):
        return False  # vsock and other forms are for VMs, not a Pi beside a board game
    message = "\n".join(assignments).encode("utf-8")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
        sock.connect(address)
        sock.sendall(message)
    return True


def ready(status: str | None = None) -> bool:
    return notify("READY=1", *([f"STATUS={status}"] if status else []))


def watchdog() -> bool:
    return notify("WATCHDOG=1")


def status(text: str) -> bool:
    # systemctl status shows this line; keep it to one line.
    return notify("STATUS=" + " ".join(text.split()))


def stopping(status: str | None = None) -> bool:
    return notify("STOPPING=1", *([f"STATUS={status}"] if status else []))


def watchdog_interval() -> float | None:
    """Seconds systemd waits for WATCHDOG=1 before it restarts us, or None if no watchdog.

    Ping at half this interval, as sd_watchdog_enabled(3) advises. $WATCHDOG_PID, when set,
    names the process the watchdog is meant for; a child that inherited the variable is not it.
    """
    usec = os.environ.get("WATCHDOG_USEC")
    pid = os.environ.get("WATCHDOG_PID")
    if not usec:
        return None
    if pid and pid != str(os.getpid()):
        return None
    try:
        value = int(usec)
    except ValueError:
        return None
    return value / 1_000_000 if value > 0 else None
