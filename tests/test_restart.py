"""kill -9 the running companion mid-game and start it again: the same game, the same scores."""
import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path


STARTUP_SECONDS = 120  # a slow CI machine's first import of OpenCV and friends
CALL_SECONDS = 10
STOP_SECONDS = 20


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(url, payload=None, headers=None):
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json",
                                                          **(headers or {})})
    with urllib.request.urlopen(req, timeout=CALL_SECONDS) as resp:
        return json.loads(resp.read())


class Companion:
    """`paradox-table run` in a process of its own. Its output is read by a thread into a queue,
    so waiting for a line is bounded and a chatty companion never blocks on a full pipe."""

    def __init__(self, config: Path, port: int, cwd: Path):
        self.proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "run", "--simulate",
                                      "--config", str(config), "--port", str(port)],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, cwd=cwd)
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        try:
            self._wait_for("Paradox Table is running", STARTUP_SECONDS)
        except BaseException:
            self.kill()
            raise

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)  # end of output: the process has gone

    def _wait_for(self, text: str, seconds: float):
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(0.0, left))
            except queue.Empty:
                raise AssertionError(f"the companion did not say {text!r} within {seconds} s:\n"
                                     + "".join(self.seen[-20:])) from None
            if line is None:
                raise AssertionError(f"the companion stopped (exit status {self.proc.poll()}) before "
                                     f"saying {text!r}:\n" + "".join(self.seen[-20:]))
            self.seen.append(line)
            if text in line:
                return

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


def test_the_game_survives_kill_9(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(f'state_dir = "{tmp_path / "state"}"\n[web]\nhost = "127.0.0.1"\n')
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    companion = Companion(config, port, cwd=tmp_path)
    try:
        host = {"X-Host-Token": (tmp_path / "state" / "host-token").read_text().strip()}
        call(f"{base}/api/host/game", {"game": "paradominetor", "options": {"seats": 3}}, host)
        seats = {s["viewer"]: s["token"] for s in call(f"{base}/api/view", headers=host)["seats"]}
        for seat, tile in [(0, "red-4"), (1, "red-2"), (2, "blue-5"), (0, "green-3")]:
            call(f"{base}/api/move", {"move": {"type": "Play", "tile": tile}},
                 {"X-Seat-Token": seats[f"seat-{seat}"]})
        before = call(f"{base}/api/table")["view"]
        assert before["scores"] == {"0": 1, "1": 0, "2": 0}
    finally:
        companion.kill()
    companion = Companion(config, port, cwd=tmp_path)
    try:
        after = call(f"{base}/api/table")
        assert after["view"] == before
        assert after["table"]["message"].startswith("Resumed paradominetor")
        # The phones' links still work after the restart.
        view = call(f"{base}/api/view", headers={"X-Seat-Token": seats["seat-1"]})
        assert view["viewer"] == "seat-1"
    finally:
        companion.stop()
