"""Paradox Initiative under the camera: the mat (a 5x5 matrix per seat and the anomaly's three
cells) and the discs the grid reader tells apart; the camera part, with its watcher, is CAMERA
in table.py.

A disc shows its colour and its symbol (``red-1`` ... ``purple-3``); a lock token lying on a disc
reads as ``lock`` (the rules know which particle lies under it: a locked particle never moves).
The labels' words (particles, areas) are in ``discs``, which the watcher shares.
Rows are read as printed: a matrix's top row is the one nearest the mat's top edge. Plain data
for vision; nothing here reads frames.
"""
from __future__ import annotations

from vision.grid import Grid
from vision.mat import MatSpec
from vision.tiles import TileSet

from .discs import ANOMALY, COLOURS, LOCK, matrix_area
from .matrix import SIZE

READER = "grid"   # vision's disc-grid reader
SEATS = 4
PITCH_MM = 16.0   # a cell of the printed grids; a disc is a little smaller
ZONES = (ANOMALY,) + tuple(matrix_area(s) for s in range(SEATS))

# The anomaly first (markers 4 and 5 flank it; discs are enrolled there), in the white below the
# four matrices, which stand side by side across the sheet, each 5 mm of grey round its cells.
_M = SIZE * PITCH_MM + 10.0
MAT = MatSpec("initiative", seats=(1, SEATS), seat_zones=False, areas=(
    (ANOMALY, (181.0, 165.0, 3 * PITCH_MM + 10.0, 30.0)),
    *((matrix_area(s), (15.0 + s * (_M + 10.0), 44.0, _M, _M)) for s in range(SEATS)),
))

CELLS = Grid(PITCH_MM, ((ANOMALY, (1, 3)),) + tuple((matrix_area(s), (SIZE, SIZE)) for s in range(SEATS)))

TILES = TileSet(faces=tuple(f"{c}-{n}" for c in COLOURS for n in (1, 2, 3)) + (LOCK,), noun="disc")


