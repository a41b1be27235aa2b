"""`make bench`: the figures that say whether a Raspberry Pi keeps up.

- vision: milliseconds per frame, frames per second, peak memory and accuracy (vision.bench);
- device: time from a tile appearing in the camera stream to the OLED showing the play (median
  and 95th percentile over a simulated game), and the resident memory of the running service.
Printed, and written to bench/*.json. Measured, never asserted: a busy machine is slower.
"""
from __future__ import annotations

import dataclasses
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path


def resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _device(out_dir: Path, tricks: int) -> dict:
    from . import config as config_mod
    from .games import TABLE
    from .run import start
    from .scripted import scripted_game

    with tempfile.TemporaryDirectory() as state:
        cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=Path(state))
        dev = start(cfg, simulate=True, port=0, host="127.0.0.1")
        try:
            c = dev.companion
            c.new_game("paradominetor", {"seats": 3}, seed=0).result(10)
            latencies = []
            script, _ = scripted_game(seed=3, seats=3)
            for trick in script[:tricks]:
                dev.virtual_table.act({"action": "clear"})
                time.sleep(0.5)
                for play in trick:
                    frame_before = dev.display.frame
                    count = _plays(c)
                    t0 = time.monotonic()
                    dev.virtual_table.act({"action": "play", "seat": play["seat"], "tile": play["tile"]})
                    while time.monotonic() - t0 < 10:
                        if c.snapshot.prompt is not None:
                            _answer(c, play)
                            break
                        if _plays(c) != count and dev.display.frame != frame_before:
                            latencies.append(time.monotonic() - t0)
                            break
                        time.sleep(0.005)
                if c.snapshot.view(TABLE)["phase"] == "flip":
                    dev.virtual_table.act({"action": "flip", "seats": c.snapshot.view(TABLE)["awaiting_flip"]})
                    t0 = time.monotonic()
                    while c.snapshot.view(TABLE)["phase"] == "flip" and time.monotonic() - t0 < 10:
                        time.sleep(0.01)
            rss = resident_mb()
        finally:
            dev.stop()
    ms = sorted(x * 1000 for x in latencies)
    result = {
        "tile_to_oled_ms": {"median": round(statistics.median(ms), 1),
                            "p95": round(ms[int(0.95 * (len(ms) - 1))], 1), "plays": len(ms)},
        "camera_fps": 5.0,
        "service_resident_mb": round(rss, 1),
    }
    (out_dir / "device.json").write_text(json.dumps(result, indent=1) + "\n")
    return result


def _plays(c) -> int:
    from .games import TABLE
    v = c.snapshot.view(TABLE)
    return len(v["current_trick"]) + 3 * len(v["tricks"])


def _answer(c, play):
    """A black lead's colour, chosen with the buttons as a player would."""
    while c.snapshot.prompt and not c.snapshot.prompt.words.endswith(f"as {play.get('declare')}? A ok, C next, B no"):
        c.button("next").result(5)
    c.button("confirm").result(5)


def main() -> int:
    out = Path("bench")
    out.mkdir(exist_ok=True)
    from vision import bench as vision_bench
    print("Vision pipeline (1280x960, one core):")
    vision = vision_bench.run(str(out))
    print(json.dumps(vision, indent=1))
    print("The running companion (simulation):")
    device = _device(out, tricks=15)
    print(json.dumps(device, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
