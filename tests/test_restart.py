"""kill -9 the running companion mid-game and start it again: the same game, the same scores."""
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(url, payload=None, headers=None):
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json",
                                                          **(headers or {})})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def launch(config: Path, port: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "run", "--simulate",
                             "--config", str(config), "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if "Paradox Table is running" in line:
            return proc
        if proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError("the companion did not start")


def test_the_game_survives_kill_9(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(f'state_dir = "{tmp_path / "state"}"\n[web]\nhost = "127.0.0.1"\n')
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = launch(config, port)
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
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    proc = launch(config, port)
    try:
        after = call(f"{base}/api/table")
        assert after["view"] == before
        assert after["table"]["message"].startswith("Resumed paradominetor")
        # The phones' links still work after the restart.
        view = call(f"{base}/api/view", headers={"X-Seat-Token": seats["seat-1"]})
        assert view["viewer"] == "seat-1"
    finally:
        proc.terminate()
        proc.wait(timeout=20)
