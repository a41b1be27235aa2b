"""Domino Dynasty under the camera: the mat (an 8x8 grid of domino-half squares for the shared
map and for each personal map, and the tray where a domino is shown to teach the camera), what
the domino reader tells apart (the five terrains and every icon of the catalog); the camera part,
with its watcher, is CAMERA in table.py.

A square of a map on the mat is the rules' square of the same column and row (x to the right, y
down, A1 the top-left square), so the maps the companion lays out fit the printed grids. A map
that grew past them lies shifted back onto its grid (`State.shift`). Plain data
for vision; nothing here reads frames.
"""
from __future__ import annotations

import logging

from vision.grid import Grid
from vision.mat import PAGE_MARKER_MM, PAGES, MatSpec, label_box
from vision.tiles import TileSet

from .areas import (MARKET_AREAS, MARKET_PLACES, MARKET_SHAPE, SEATS, SHARED_AREA, TRAY, ZONES,  # noqa: F401
                    market_place, personal_area)
from .catalog import ICONS, TERRAINS, data
from .maps import BOUND

log = logging.getLogger(__name__)

READER = "dominoes"   # vision's domino reader
SMALL_PRINT_MM = 19.0  # the catalog's own value: the generator's small print, whose mat fits A2


def mat_spec(pitch_mm: float) -> MatSpec:
    """Six maps of 8x8 squares of `pitch_mm`, 5 mm of grey round each, in two rows of three
    between the corner markers; the tray (markers 4 and 5 flank it, dominoes are shown there to
    teach the camera) below them, with the title above it and the scale bar under it; the Domino
    Market either side of the tray, its places numbered above and below. Printed on the smallest
    sheet that holds it, the whole centred; ValueError when even A0 cannot."""
    m = BOUND * pitch_mm + 10.0
    wide, high = 3 * m + 102.0, 2 * m + 63.0 + 1.5 * pitch_mm + 4.0
    page = next((name for name, (w, h) in PAGES.items() if wide <= w and high <= h), None)
    if page is None:
        raise ValueError(f"dominoes with {pitch_mm:g} mm halves need a mat of {wide:.0f} x {high:.0f} mm, "
                         f"larger than A0: print them smaller")
    W, H = PAGES[page]
    x0, y0 = 45.0 + (W - wide) / 2, 9.0 + (H - high) / 2
    xs, ys = tuple(x0 + i * (m + 6.0) for i in range(3)), (y0, y0 + m + 7.0)
    tray = (W / 2 - 1.5 * pitch_mm, ys[1] + m + 23.0, 3 * pitch_mm, 1.5 * pitch_mm + 4.0)
    # the market: clear of the tray's markers (12 mm out, as large as the corners'), 8 mm under the maps
    rows, cols = MARKET_SHAPE
    # 5 mm of grey round the squares, as round the maps: the rim that tells a hand over the market
    # lies clear of the dominoes in its places, however full the market
    mw, mh = cols * pitch_mm + 10.0, rows * pitch_mm + 10.0
    marker = PAGE_MARKER_MM[page]
    my = ys[1] + m + 8.0
    left = (tray[0] - 12.0 - marker - 6.0 - mw, my, mw, mh)
    right = (tray[0] + tray[2] + 12.0 + marker + 6.0, my, mw, mh)
    market = tuple(zip(MARKET_AREAS, (left, right)))
    marks = []
    for number in range(1, MARKET_PLACES + 1):
        (area, row, col), _ = market_place(number)
        x, y, w, h = dict(market)[area]
        # centred over its place (the joint of its two squares), clear of the area's title
        px = x + (w - cols * pitch_mm) / 2 + (col + 1) * pitch_mm - label_box(str(number), 0, 0)[2] / 2
        marks.append((str(number), (px, y - 1.5 if row == 0 else y + h + 4.5)))
    # each seat's map printed as the pages name it ("seat 2's map"), each market half by its places
    per = MARKET_PLACES // len(MARKET_AREAS)
    titles = ((SHARED_AREA, "SHARED MAP"), *((personal_area(i), f"SEAT {i + 1}'S MAP") for i in range(SEATS)),
              *((area, f"MARKET {i * per + 1}-{(i + 1) * per}") for i, area in enumerate(MARKET_AREAS)))
    return MatSpec("dynasty", seats=(1, SEATS), seat_zones=False, page=page, marks=tuple(marks), titles=titles, areas=(
        (TRAY, tray),
        (personal_area(0), (xs[0], ys[0], m, m)),
        (SHARED_AREA, (xs[1], ys[0], m, m)),
        (personal_area(1), (xs[2], ys[0], m, m)),
        *((personal_area(2 + i), (xs[i], ys[1], m, m)) for i in range(3)),
        *market,
    ))


def print_size(entry) -> tuple[float, str | None]:
    """(the half's side in mm, what was wrong with the catalog's value or None): a value that is
    no size the mat can be printed at falls back to the small print's, and says why."""
    mm = entry.get("half_mm") if isinstance(entry, dict) else None
    if isinstance(mm, bool) or not isinstance(mm, (int, float)) or not 10 <= mm <= 60:
        return SMALL_PRINT_MM, (f"the catalog's print size {mm!r} is not a half's side of 10 to 60 mm: "
                                f"the mat is made for {SMALL_PRINT_MM:g} mm halves")
    try:
        mat_spec(float(mm))
    except ValueError as e:
        return SMALL_PRINT_MM, f"{e}; the mat is made for {SMALL_PRINT_MM:g} mm halves"
    return float(mm), None


PITCH_MM, PRINT_PROBLEM = print_size(data().get("print"))  # a square of the grids: one half of a domino
if PRINT_PROBLEM:
    log.warning("Domino Dynasty: %s", PRINT_PROBLEM)
MAT = mat_spec(PITCH_MM)
CELLS = Grid(PITCH_MM, tuple((a, (BOUND, BOUND)) for a in ZONES))
# what the camera reads at the table: the maps and the market's places
WATCHED = ZONES + MARKET_AREAS
WATCHED_CELLS = Grid(PITCH_MM, CELLS.areas + tuple((a, MARKET_SHAPE) for a in MARKET_AREAS))

TILES = TileSet(faces=tuple(f"terrain-{t}" for t in TERRAINS) + tuple(f"icon-{i}" for i in ICONS),
                noun="domino")


