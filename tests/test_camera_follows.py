"""The camera follows the game: opened when a camera game starts, closed when it ends or a
phone-only game starts; a phone-only companion never reads a frame or loads OpenCV."""
import json
import subprocess
import sys

from companion.camera import CameraLoop, Pipeline
from companion.service import Companion
from patience import WAIT_SECONDS


class Opened:
    """Records what the loop opens and closes; its frames are empty (nothing lies on the table)."""

    def __init__(self):
        self.opened, self.closed, self.frames = [], [], 0

    def __call__(self, game):
        self.opened.append(game)

        def frame():
            self.frames += 1
            return None
        return Pipeline(game, frame, reader=None, tracker=None, zones=("trick",),
                        close=lambda: self.closed.append(game))


def test_the_camera_opens_for_a_camera_game_and_closes_after_it(store):
    c = Companion(store)
    c.start()
    try:
        opener = Opened()
        loop = CameraLoop(c, opener)
        loop.step()
        assert opener.opened == [] and opener.frames == 0  # no game: no camera work
        c.new_game("island", {}).result(WAIT_SECONDS)
        loop.step()
        assert opener.opened == [] and opener.frames == 0  # a phone-only game
        c.new_game("paradominetor", {"seats": 3}, seed=1).result(WAIT_SECONDS)
        loop.step()
        loop.step()
        assert opener.opened == ["paradominetor"] and opener.frames == 2
        c.new_game("island", {}).result(WAIT_SECONDS)
        loop.step()
        assert opener.closed == ["paradominetor"] and loop.pipeline is None and opener.frames == 2
        c.new_game("paradominetor", {"seats": 3}, seed=1).result(WAIT_SECONDS)
        loop.step()
        assert opener.opened == ["paradominetor", "paradominetor"]
        c.new_game("paradominetor", {"seats": 4}, seed=2).result(WAIT_SECONDS)  # a new game: a fresh camera
        loop.step()
        assert opener.opened == ["paradominetor"] * 3 and opener.closed == ["paradominetor"] * 2
        loop.stop()
        assert opener.closed == ["paradominetor"] * 3
    finally:
        c.stop()


def test_a_phone_only_game_never_loads_opencv(tmp_path):
    code = ("import json; from companion.bench import service_memory; "
            f"print(json.dumps(service_memory('island', moves=30, seconds=0.5, state_dir={str(tmp_path)!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["camera_open"] is False and figures["opencv_loaded"] is False
