"""Paradominetor's figure for `make bench`: how long a tile on the table takes to reach the OLED.

Measured, never asserted: a busy machine is slower.
"""
from __future__ import annotations

import statistics
import time

from ..base import TABLE, Bench
from .rules import NAME


def latency(dev, tricks: int = 15) -> dict:
    """From a tile put on the virtual mat to the OLED showing the play: a simulated 3-player
    game on `dev`, a companion started in simulation (companion.run.start) by the caller."""
    from .scripted import scripted_game

    c = dev.companion
    c.new_game(NAME, {"seats": 3}, seed=0).result(10)
    dev.camera.follow()  # the camera opens for the game (the first time, it learns the tiles)
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
    ms = sorted(x * 1000 for x in latencies)
    return {"tile_to_oled_ms": {"median": round(statistics.median(ms), 1),
                                "p95": round(ms[int(0.95 * (len(ms) - 1))], 1), "plays": len(ms)},
            "camera_fps": 1.0 / dev.camera.period}


def _plays(c) -> int:
    v = c.snapshot.view(TABLE)
    return len(v["current_trick"]) + 3 * len(v["tricks"])


def _answer(c, play):
    """A black lead's colour, chosen with the buttons as a player would."""
    while c.snapshot.prompt and not c.snapshot.prompt.words.endswith(f"as {play.get('declare')}? A ok, C next, B no"):
        c.button("next").result(5)
    c.button("confirm").result(5)


BENCH = Bench(latency=latency)
