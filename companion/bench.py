"""`make bench`: the figures that say whether a Raspberry Pi keeps up.

- vision: milliseconds per frame, frames per second, peak memory and accuracy (vision.bench);
- each camera game's own figures (its `bench` part), e.g. a tile on the table to the OLED;
- the running companion's resident memory and start-up time, measured on its own process: during
  a phone-only game and during a camera game (the camera opens with the game), and whether a
  phone-only companion ever loaded OpenCV;
- the script and style each page of each game loads.
Printed, and written to bench/*.json. Measured, never asserted: a busy machine is slower.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import games


def resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def simulated_device(state_dir):
    """The companion started in simulation on a free port, its games kept in `state_dir`."""
    import dataclasses

    from . import config as config_mod
    from .run import start

    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=Path(state_dir))
    return start(cfg, simulate=True, port=0, host="127.0.0.1")


def service_memory(game: str, moves: int = 20, seconds: float = 5.0, state_dir: str | None = None) -> dict:
    """In this process, as the service runs: start it, play `game` with random legal moves from
    the phones' side (a few, so the game goes on), let the camera (if the game has one) watch
    for `seconds`, and report."""
    t0 = time.monotonic()
    dev = simulated_device(state_dir)
    ready_s = time.monotonic() - t0
    try:
        c = dev.companion
        c.new_game(game, {}, seed=1).result(30)
        rng = random.Random(1)
        for _ in range(moves):
            session = c.snapshot.session
            legal = session.rules.legal_moves(c.snapshot.state)
            if not legal:
                break
            try:
                c.submit(rng.choice(legal), "phone").result(10)
            except Exception:
                pass
        opening = time.monotonic() + 300
        while ("camera" in games.describe(game).parts and dev.camera.pipeline is None
               and time.monotonic() < opening):  # the first time, it learns the pieces
            time.sleep(0.1)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:  # the camera, if any, reads frames meanwhile
            time.sleep(0.1)
        camera_open = dev.camera.pipeline is not None
    finally:
        dev.stop()
    return {"game": game, "ready_s": round(ready_s, 2), "resident_mb": round(resident_mb(), 1),
            "camera_open": camera_open, "opencv_loaded": "cv2" in sys.modules}


def _in_fresh_process(game: str, state_dir: str) -> dict:
    code = ("import json, sys; from companion.bench import service_memory; "
            f"print(json.dumps(service_memory({game!r}, state_dir={state_dir!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                         env={**os.environ, "PYTHONUNBUFFERED": "1"})
    if out.returncode != 0:
        raise RuntimeError(f"the companion for {game} failed: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


WEB = Path(__file__).resolve().parents[1] / "web" / "static"


def page_weights() -> dict[str, dict[str, int]]:
    """Per game, the bytes of script and style each page loads (uncompressed): the page's own
    files (its <script> and stylesheet tags) and the game's game.js and game.css."""
    import re

    out = {}
    for game in games.descriptions():
        own = sum(f.stat().st_size for f in games.web_dir(game.name).glob("game.*"))
        out[game.name] = {}
        for page in ("host", "seat"):
            html = (WEB / f"{page}.html").read_text(encoding="utf-8")
            files = re.findall(r'(?:src|href)="/static/([\w.-]+\.(?:js|css))"', html)
            out[game.name][page] = own + sum((WEB / f).stat().st_size for f in files)
    return out


def memory() -> list[dict]:
    """One phone-only and one camera game (each game of each kind when there are several)."""
    figures = []
    for game in games.descriptions():
        with tempfile.TemporaryDirectory() as state:  # its own games: no other game resumes
            if "camera" in game.parts:  # learn the virtual pieces once, outside the measured run
                _in_fresh_process(game.name, state)
            figures.append(_in_fresh_process(game.name, state))
    return figures


def main() -> int:
    out = Path("bench")
    out.mkdir(exist_ok=True)
    from vision import bench as vision_bench
    for game in games.descriptions():
        camera = games.part(game.name, "camera")
        if camera is not None:
            print(f"Vision pipeline for {game.title} (1280x960, one core):")
            vision = vision_bench.run(str(out), mat=camera.MAT, tiles=camera.TILES)
            print(json.dumps(vision, indent=1))
            r = vision["cost_ratios"]
            print(f"  per frame, against OpenCV's ArUco detection on the same frames ({r['aruco_ms']} ms): "
                  f"change detector {r['detector_vs_aruco']}x, full recognition {r['recognition_vs_aruco']}x")
    device = {}
    for game in games.descriptions():
        own = games.part(game.name, "bench")
        if own is not None:
            print(f"{game.title} at the table (simulation):")
            with tempfile.TemporaryDirectory() as state:
                dev = simulated_device(state)
                try:
                    device[game.name] = own.latency(dev)
                finally:
                    dev.stop()
            print(json.dumps(device[game.name], indent=1))
    print("The running companion's own process, per game:")
    device["service"] = memory()
    for m in device["service"]:
        print(f"  {m['game']:14} resident {m['resident_mb']:6.1f} MB, ready in {m['ready_s']:.2f} s, "
              f"camera {'open' if m['camera_open'] else 'off'}, OpenCV {'loaded' if m['opencv_loaded'] else 'not loaded'}")
    device["pages"] = page_weights()
    print("Script and style each page loads, per game (uncompressed):")
    for name, pages in device["pages"].items():
        print(f"  {name:14} host page {pages['host'] / 1024:5.1f} KB, seat page {pages['seat'] / 1024:5.1f} KB")
    (out / "device.json").write_text(json.dumps(device, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
