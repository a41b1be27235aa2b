"""Paradominetor under the camera: its mat and the tile reader with its labels (the camera part,
with its watcher, is CAMERA in table.py).

A face shows only colour and value (``red-3``, ``black-0``); the timeframe is printed on the back
(``back-past``, ``back-present``, ``back-future``). Plain data for vision; nothing here reads
frames.
"""
from __future__ import annotations

from vision.mat import MatSpec
from vision.tiles import TileSet

from .tiles import BLACK, COLOURS, TIMEFRAMES, VALUES

READER = "tiles"     # vision's tile reader
SURE = 0.80          # below this confidence a reading is asked about at the table, not played
ZONES = ("trick",)   # where plays are watched

MAT = MatSpec("paradominetor", seats=(3, 5), areas=(("trick", (118.0, 92.0, 184.0, 113.0)),))

TILES = TileSet(
    faces=tuple(f"{c}-{v}" for c in COLOURS for v in range(1, 7)) + ("black-0",),
    backs=tuple(f"back-{t}" for t in TIMEFRAMES),
    # one set per colour (past 1-4, present 1-5, future 2-6) and its black 0, a past tile
    inventory=tuple((f"{c}-{v}", t) for c in COLOURS for t in TIMEFRAMES for v in VALUES[t])
    + tuple((f"{BLACK}-0", "past") for _ in COLOURS),
)

