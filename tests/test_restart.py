"""kill -9 the running companion mid-game and start it again: the same game, the same scores."""
import json
import time
import urllib.request
from pathlib import Path

from patience import WAIT_SECONDS
from running import STARTUP_SECONDS, Running, free_port, local_config

CALL_SECONDS = WAIT_SECONDS


def call(url, payload=None, headers=None):
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json",
                                                          **(headers or {})})
    with urllib.request.urlopen(req, timeout=CALL_SECONDS) as resp:
        return json.loads(resp.read())


def started(config: Path, port: int, cwd: Path) -> Running:
    companion = Running(config, port, cwd)
    try:
        companion.wait_for("Paradox Table is running", STARTUP_SECONDS)
    except BaseException:
        companion.kill()
        raise
    return companion


def watching(url: str, headers: dict, seconds: float = 180) -> bool:
    """Whether the camera shows a picture within `seconds` (it has learnt the pieces by then)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=CALL_SECONDS) as resp:
            if resp.status == 200 and resp.read():
                return True
        time.sleep(0.2)
    return False


def test_the_game_survives_kill_9(tmp_path):
    config = local_config(tmp_path)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    companion = started(config, port, cwd=tmp_path)
    try:
        host = {"X-Host-Token": (tmp_path / "state" / "host-token").read_text().strip()}
        call(f"{base}/api/host/game", {"game": "paradominetor", "options": {"seats": 3}}, host)
        seats = {s["viewer"]: call(f"{base}/api/host/seat-link", {"viewer": s["viewer"]}, host)["token"]
                 for s in call(f"{base}/api/view", headers=host)["seats"]}
        for seat, tile in [(0, "red-4"), (1, "red-2"), (2, "blue-5"), (0, "green-3")]:
            call(f"{base}/api/move", {"move": {"type": "Play", "tile": tile}},
                 {"X-Seat-Token": seats[f"seat-{seat}"]})
        before = call(f"{base}/api/table")["view"]
        assert before["scores"] == {"0": 1, "1": 0, "2": 0}
        # the first start teaches the camera the virtual tiles; once that is kept, a restart has
        # nothing to teach and the OLED's first words are the resumed game's
        assert watching(f"{base}/api/camera.jpg", host), "the camera never opened"
    finally:
        companion.kill()
    companion = started(config, port, cwd=tmp_path)
    try:
        after = call(f"{base}/api/table")
        assert after["view"] == before
        assert after["table"]["message"].startswith("Resumed the Paradominetor game of ")
        # The phones' links still work after the restart.
        view = call(f"{base}/api/view", headers={"X-Seat-Token": seats["seat-1"]})
        assert view["viewer"] == "seat-1"
    finally:
        companion.stop()
