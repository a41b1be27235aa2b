"""`make bench`: the figures that say whether a Raspberry Pi keeps up.

- vision, per camera game with its own reader: for the tile reader milliseconds per frame,
  frames per second, peak memory and accuracy (vision.bench.run), for the others their cost
  (vision.bench.run_reader); each against OpenCV's ArUco detection on the same frames;
- each camera game's own figures (its `bench` part), e.g. a tile on the table to the OLED;
- the running companion's resident memory and the time from its process starting to READY=1,
  measured on its own process: during each phone-only game, and during each camera game on the
  real camera path (frames from a folder another process rendered beforehand, a profile
  enrolled in advance: no synthetic renderer in the process); whether a phone-only companion
  ever loaded OpenCV;
- the script and style each page of each game loads, and per game the time from a reload of a
  seat's page to the game's first view drawn on it (headless chromium).
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


def simulated_device(state_dir, source: str | None = None):
    """The companion started on a free port, its games kept in `state_dir`: in simulation, or,
    given a camera `source` (e.g. "folder:PATH"), on the real camera path with that source."""
    import dataclasses

    from . import config as config_mod
    from .run import start

    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=Path(state_dir))
    if source is not None:
        cfg = dataclasses.replace(cfg, camera=dataclasses.replace(cfg.camera, source=source))
    return start(cfg, simulate=source is None, port=0, host="127.0.0.1")


def prerender(game: str, state_dir: str, frames_dir: str, hold: int = 10) -> int:
    """What a camera would film, made beforehand in another process than the one measured: the
    game's pieces put down one by one on its mat (its enrolment shots, each held still for
    `hold` frames) as a folder of frames, and the profile enrolled from them in `state_dir`, as
    `paradox-table vision enroll` leaves it. Returns the number of frames."""
    from .camera import _kit, _profile_path
    from vision.mat import mat_layout

    spec = games.camera(game)
    layout = mat_layout(spec.mat)
    _, enroll, write_enrolment, _ = _kit(spec)
    shots = write_enrolment(layout, Path(frames_dir) / "shots", tiles=spec.pieces)
    enroll(shots, _profile_path(Path(state_dir), game), layout, spec.pieces)
    out = Path(frames_dir) / "camera"
    out.mkdir(parents=True, exist_ok=True)
    n = 0
    for shot in json.loads(shots.read_text()):
        for _ in range(hold):  # a piece lies still a while, as at a table
            (out / f"{n:05d}.png").symlink_to(shots.parent / shot["image"])
            n += 1
    return n


def service_memory(game: str, moves: int = 20, seconds: float = 5.0, state_dir: str | None = None,
                   source: str | None = None) -> dict:
    """In this process, as the service runs: start it (with the camera `source`, or in
    simulation), play `game` with random legal moves from the phones' side (a few, so the game
    goes on), let the camera (if the game has one) watch for `seconds`, and report."""
    dev = simulated_device(state_dir, source)
    ready_s = since_process_start()  # READY=1 is sent as start() returns
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
        # the first time, it learns the pieces; then it takes its first frame, which a busy
        # machine may be slow to do, so the watch below is always of a camera at work
        while ("camera" in games.describe(game).parts and (dev.camera.pipeline is None or not dev.camera.frames)
               and time.monotonic() < opening):
            time.sleep(0.1)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:  # the camera, if any, reads frames meanwhile
            time.sleep(0.1)
        camera_open = dev.camera.pipeline is not None
        frames_seen = dev.camera.frames > 0
    finally:
        dev.stop()
    return {"game": game, "camera_source": source or ("simulation" if "camera" in games.describe(game).parts else "none"), "ready_s": round(ready_s, 2),
            "resident_mb": round(resident_mb(), 1), "peak_resident_mb": round(peak_resident_mb(), 1),
            "camera_open": camera_open, "camera_frames": frames_seen, "opencv_loaded": "cv2" in sys.modules,
            "renderer_loaded": "companion.simulation" in sys.modules}


def since_process_start() -> float:
    """Seconds since this process was started (imports included), from /proc."""
    started = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
    uptime = float(Path("/proc/uptime").read_text().split()[0])
    return uptime - started / os.sysconf("SC_CLK_TCK")


def peak_resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _in_fresh_process(call: str, what: str):
    code = f"import json, sys; from companion import bench; print(json.dumps(bench.{call}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                         env={**os.environ, "PYTHONUNBUFFERED": "1"})
    if out.returncode != 0:
        raise RuntimeError(f"{what} failed: {out.stderr[-2000:]}")
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
    """Every game, each in a fresh process. A camera game runs on the real camera path: its
    frames come from a folder another process rendered beforehand (camera.source = "folder:"),
    its profile enrolled there in advance, so no synthetic renderer is in the measured process."""
    figures = []
    for game in games.descriptions():
        with tempfile.TemporaryDirectory() as state, tempfile.TemporaryDirectory() as frames:
            source = None  # its own games: no other game resumes
            try:
                if "camera" in game.parts:
                    _in_fresh_process(f"prerender({game.name!r}, {state!r}, {frames!r})",
                                      f"rendering {game.name}'s frames")
                    source = f"folder:{frames}/camera"
                figures.append(_in_fresh_process(
                    f"service_memory({game.name!r}, state_dir={state!r}, source={source!r})",
                    f"the companion for {game.name}"))
            except RuntimeError as e:  # one game's failure is said, the others still measured
                figures.append({"game": game.name, "error": str(e)[-500:]})
    return figures


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def headless_chromium() -> str:
    """The browser pages are timed and tested in: Debian's chromium-headless-shell (the chromium
    Playwright runs headless, at less than half the full browser's processor time; `make test`
    installs it), else chromium itself."""
    import shutil
    return shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium"


def first_views(reloads: int = 5, chromium: str | None = None) -> dict[str, dict]:
    """Per game, the milliseconds from a reload of its first seat's page to the game's first
    view drawn on it (seat.js marks <body data-version> once the game's own script has drawn the
    board and the seat's controls), in headless chromium against a companion in simulation.
    Timed from outside the page, so it counts the requests, the scripts and the drawing, in
    `chromium` (else `headless_chromium()`)."""
    import statistics

    from playwright.sync_api import sync_playwright

    out = {}
    with tempfile.TemporaryDirectory() as state, sync_playwright() as p:
        dev = simulated_device(state)
        chromium = chromium or headless_chromium()
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            c = dev.companion
            base = f"http://127.0.0.1:{dev.server.effective_port}"
            for game in games.descriptions():
                c.new_game(game.name, {}, seed=1).result(30)
                session = c.snapshot.session
                seat = next(v for v in session.viewers() if v.startswith("seat-"))
                token = c.store.tokens(session.id)[seat]
                page = browser.new_page(viewport={"width": 390, "height": 844})
                page.goto(f"{base}/seat#{token}")
                page.wait_for_selector("body[data-version]", timeout=30000)
                ms = []
                for _ in range(reloads):
                    t0 = time.perf_counter()
                    page.reload(wait_until="commit")
                    page.wait_for_selector("body[data-version]", timeout=30000)
                    ms.append((time.perf_counter() - t0) * 1000)
                page.close()
                out[game.name] = {"seat": seat, "reloads": reloads, "median_ms": round(statistics.median(ms), 1),
                                  "max_ms": round(max(ms), 1)}
        finally:
            browser.close()
            dev.stop()
    return out


# Printings of a game's pieces the readers were never tuned on live with the tests, each a
# module with `printing(layout, cells, out_dir, frames) -> (manifest, frames)`; measured when the
# checkout has them.
SECOND_PRINTINGS = {"initiative": {"second": "tests/vision/second_discs.py"},
                    "dynasty": {"second": "tests/vision/second_dominoes.py"}}


def second_printings(game: str, camera, tmp, frames: int = 12) -> dict:
    from vision.mat import mat_layout

    out = {}
    for name, path in SECOND_PRINTINGS.get(game, {}).items():
        if Path(path).is_file():
            module = printing_module(name, path)
            out[name] = module.printing(mat_layout(camera.mat), camera.cells, Path(tmp) / name, frames)
    return out


def printing_module(name: str, path: str):
    """A second printing's module, loaded from its file (the tests' folder is no package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"printing_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # as importlib's recipe does: dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def main() -> int:
    out = Path("bench")
    out.mkdir(exist_ok=True)
    from vision import bench as vision_bench
    from vision.readers import frame_size
    for game in games.descriptions():
        camera = games.camera(game.name)
        if camera is None:
            continue
        w, h = frame_size(camera.reader)
        print(f"Vision pipeline for {game.title}, its own {camera.reader} reader ({w}x{h}, one core):")
        try:
            if camera.reader == "tiles":
                vision = vision_bench.run(str(out), mat=camera.mat, tiles=camera.pieces)
            else:
                with tempfile.TemporaryDirectory() as tmp:
                    vision = vision_bench.run_reader(camera.mat, camera.pieces, camera.reader, camera.zones, camera.cells,
                                                     printings=second_printings(game.name, camera, tmp))
        except Exception as e:  # one reader's failure is said, the other games still measured
            vision = {"game": game.name, "reader": camera.reader, "error": repr(e)[-500:]}
            print(f"  not measured: {vision['error']}")
        (out / f"vision-{game.name}.json").write_text(json.dumps(vision, indent=1) + "\n")
        if "error" in vision:
            continue
        print(json.dumps(vision, indent=1))
        r = vision["cost_ratios"]
        changed = (f"full recognition of a changed area {r['recognition_vs_aruco']}x, "
                   if "recognition_vs_aruco" in r else "")
        aruco = f"{r['aruco_ms']} ms" + (f"; the never-seen {r['aruco_cold_ms']} ms" if "aruco_cold_ms" in r else "")
        print(f"  per frame, against OpenCV's ArUco detection on the same frames ({aruco}): "
              f"change detector {r['detector_vs_aruco']}x, {changed}"
              f"full recognition of a table never seen {r['recognition_cold_vs_aruco']}x")
        for name, figures in [("our printing", vision)] + [(k[9:].replace("_", " ") + " printing", v)
                                                           for k, v in vision.items() if k.startswith("printing_")]:
            c = figures.get("cells")
            if c:
                print(f"  {name}: {c['cells']} cells, {c['found']} found, {c['read']} read "
                      f"({100 * c['read'] / c['cells']:.2f} %), {c['asked']} asked, {c['misread']} misread; "
                      f"full recognition {figures['cost_ratios']['recognition_cold_vs_aruco']}x ArUco")
    device = {}
    for game in games.descriptions():
        own = games.bench(game.name)
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
        if "error" in m:
            print(f"  {m['game']:14} not measured: {m['error'].strip().splitlines()[-1]}")
            continue
        print(f"  {m['game']:14} resident {m['resident_mb']:6.1f} MB (peak {m['peak_resident_mb']:6.1f}), "
              f"ready in {m['ready_s']:.2f} s, camera {'open' if m['camera_open'] else 'off'} "
              f"({m['camera_source'].split(':')[0]}), OpenCV {'loaded' if m['opencv_loaded'] else 'not loaded'}, "
              f"renderer {'loaded' if m['renderer_loaded'] else 'not loaded'}")
    device["pages"] = page_weights()
    print("Script and style each page loads, per game (uncompressed):")
    for name, pages in device["pages"].items():
        print(f"  {name:14} host page {pages['host'] / 1024:5.1f} KB, seat page {pages['seat'] / 1024:5.1f} KB")
    device["first_view"] = first_views()
    print("From a reload of a seat's page to the game's first view on it (headless chromium):")
    for name, v in device["first_view"].items():
        print(f"  {name:14} median {v['median_ms']:6.1f} ms, slowest {v['max_ms']:6.1f} ms of {v['reloads']}")
    (out / "device.json").write_text(json.dumps(device, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
