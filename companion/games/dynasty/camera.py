"""Domino Dynasty under the camera: the mat (an 8x8 grid of domino-half squares for the shared
map and for each personal map, and the tray where a domino is shown to teach the camera), what
the domino reader tells apart (the five terrains and every icon of the catalog), and the watcher.

A square of a map on the mat is the rules' square of the same column and row (x to the right, y
down, A1 the top-left square), so the maps the companion lays out fit the printed grids. A map
entered by phone that strays past them is seen shifted back onto its grid (`offset`). Plain data
for vision; nothing here reads frames.
"""
from __future__ import annotations

from vision.grid import Grid
from vision.mat import MatSpec
from vision.tiles import TileSet

from .catalog import ICONS, TERRAINS
from .maps import BOUND

READER = "dominoes"   # vision's domino reader
SEATS = 5
PITCH_MM = 12.0       # a square of the printed grids: one half of a domino
TRAY = "tray"
SHARED_AREA = "shared"


def personal_area(seat: int) -> str:
    return f"personal-{seat}"


ZONES = (SHARED_AREA,) + tuple(personal_area(s) for s in range(SEATS))

# Six maps of 8x8 squares, 5 mm of grey round each, in two rows of three between the corner
# markers; the tray (markers 4 and 5 flank it, dominoes are shown there to teach the camera)
# below them, with the title above it and the scale bar under it.
_M = BOUND * PITCH_MM + 10.0
_X = (45.0, 157.0, 269.0)
_Y = (9.0, 122.0)
MAT = MatSpec("dynasty", seats=(1, SEATS), seat_zones=False, areas=(
    (TRAY, (192.0, 251.0, 36.0, 22.0)),
    (personal_area(0), (_X[0], _Y[0], _M, _M)),
    (SHARED_AREA, (_X[1], _Y[0], _M, _M)),
    (personal_area(1), (_X[2], _Y[0], _M, _M)),
    *((personal_area(2 + i), (_X[i], _Y[1], _M, _M)) for i in range(3)),
))

CELLS = Grid(PITCH_MM, tuple((a, (BOUND, BOUND)) for a in ZONES))

TILES = TileSet(faces=tuple(f"terrain-{t}" for t in TERRAINS) + tuple(f"icon-{i}" for i in ICONS),
                noun="domino")


def offset(cells) -> tuple[int, int]:
    """How far a map's squares shift to lie on its printed grid: none while they fit (every map
    the companion lays out does), else the least shift that brings them onto it."""
    cells = list(cells)
    if not cells:
        return 0, 0
    out = []
    for axis in (0, 1):
        lo, hi = min(c[axis] for c in cells), max(c[axis] for c in cells)
        out.append(-lo if lo < 0 else (BOUND - 1 - hi if hi > BOUND - 1 else 0))
    return out[0], out[1]


def watcher(rules):
    """What turns the table's steady changes into this game's moves."""
    from .table import MapWatcher
    return MapWatcher(rules)
