"""`paradox-table run` in a process of its own, for the tests that start, stop or kill it.

Its output is read by a thread into a queue, so waiting for a line is bounded and a chatty
companion never blocks on a full pipe.
"""
import os
import queue
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from patience import WAIT_SECONDS

STARTUP_SECONDS = 120  # a slow machine's first import of OpenCV and friends
# systemd gives a stopping service 20 s on the Pi; a test waits longer before it calls a stop hung,
# as the machine running the tests may be busy (tests/patience.py)
STOP_SECONDS = 2 * WAIT_SECONDS


_PICK = random.SystemRandom()  # not the tests' seeded generator: two workers never pick alike


def free_port() -> int:
    """A port nobody listens on, for a companion that binds it seconds later (after its imports),
    or again after a kill. Taken below the range the system hands outgoing connections
    (ip_local_port_range), so no other test's connection is given it in the meantime."""
    try:
        lowest = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        lowest = 32768
    for _ in range(200):
        port = _PICK.randrange(min(20000, lowest - 1000), lowest)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue  # listened on (another test's companion): another
            return port
    with socket.socket() as s:  # every one taken: whatever the system gives
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def local_config(tmp_path: Path) -> Path:
    """A config that keeps the games in tmp_path/state and listens on this computer only."""
    config = tmp_path / "config.toml"
    config.write_text(f'state_dir = "{tmp_path / "state"}"\n[web]\nhost = "127.0.0.1"\n')
    return config


class Running:
    def __init__(self, config: Path, port: int, cwd: Path):
        self.proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "run", "--simulate",
                                      "--config", str(config), "--port", str(port)],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, cwd=cwd)
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)  # end of output: the process has gone

    def _next(self, deadline: float):
        """The next line, None at the end of output, or queue.Empty past the deadline."""
        line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        if line is not None:
            self.seen.append(line)
        return line

    def wait_for(self, text: str, seconds: float):
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self._next(deadline)
            except queue.Empty:
                raise AssertionError(f"the companion did not say {text!r} within {seconds} s:\n"
                                     + "".join(self.seen[-20:])) from None
            if line is None:
                raise AssertionError(f"the companion stopped (exit status {self.proc.poll()}) before "
                                     f"saying {text!r}:\n" + "".join(self.seen[-20:]))
            if text in line:
                return

    def rest(self, seconds: float) -> str:
        """Everything it says until its output ends."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                if self._next(deadline) is None:
                    return "".join(self.seen)
            except queue.Empty:
                raise AssertionError("the output did not end\n" + "".join(self.seen)) from None

    def kill(self):
        """kill -9, as a power cut would."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=STOP_SECONDS)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"the companion did not stop within {STOP_SECONDS} s of SIGTERM") from None
