"""Reading dominoes laid on printed square grids: each square of a grid area holds one half of a
domino or nothing, read as its terrain, its open path edges (N, E, S, W) and its icon.

A game whose pieces are dominoes says where its grids are (vision.grid's `Grid`: the square
pitch, each area's rows and columns, centred) and names what it tells apart in a `TileSet` whose
faces are ``terrain-NAME`` and ``icon-NAME``. Enrolment shows each once, on a domino lying
west-east alone in the mat's first area: a terrain's photo shows a domino of that terrain, its
west half open on all four sides and its east half plain; an icon's photo shows that icon on the
west half, no roads. From those the reader learns, in its own profile (vision.dominoes_profile),
each terrain's colour, the road's colours, and each icon's picture, all as ratios to the mat's
grey, so a shadow or a warm lamp reads alike.

A square's roads and icon are read two ways, by colour as enrolled and by shape (a road is a
strip from the middle to an edge, an icon a picture matched in four quarter turns); a part the
two ways contradict is asked about (docs/vision.md says how). A square is read as
``terrain/icon/paths`` (``lava/person/NS``, ``grass//E``: the rules' own way of writing a half),
or ``unknown`` when any part of it is in doubt: a doubtful square is said, never guessed.
Nothing here knows a game.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, fields
from pathlib import Path

import cv2
import numpy as np

from .grid import CellReader, Grid, _blur_each, shot_piece
from .recognise import enrolment_views, where
from .mat import MatLayout
from .dominoes_profile import DominoProfile
from .markers import NO_ICON, NO_ROADS, VisionInputError
from .reading import TileReading
from .synthetic import (CLASSIC, Light, Optics, SyntheticTable, VirtualTile, random_camera, random_light,
                        random_optics, save_shots)
from .tiles import UNKNOWN, TileSet
from .zone import ZoneView

SIDES = "NESW"
SQUARE_PX = 48         # a square is read from a patch this many pixels across, whatever its size
FRAME = (2592, 1944)   # small printed icons need the camera's full 5 MP, not 1280x960

# Where a square is read, in fractions of the square's side from its centre (a domino may lie
# HAND of a square off it). A print's squares may be any size: the reader scales with them.
CORNER = (0.083, 0.217)      # terrain: boxes this far in from the square's edges, clear of roads and icons
CENTRE = 0.05                # the middle's colour within this radius
RING = (0.2, 0.258)          # ... and round it here (a square grey in all three is bare mat, or grey stone)
INNER = 0.375                # bare mat is judged within this half-width
MOSTLY_MAT = 0.3             # ... and a square this much bare mat or more is asked about, not read
EDGE_BAND, EDGE_PRINT = 0.1, 0.7   # ... unless it is a sliver along an edge: this deep, printed this much
ICON_CORE = 0.34             # an icon is printed within this radius
ICON_REACH = 0.42            # ... and a capital's castle marks within this one (clear of the roads' strips)
ICON_REACH_CELLS = 0.39      # its picture is compared over a square this far either side of the middle
PRINT = 0.35                 # a pixel this far from its half's terrain (and road) is something printed on it
# A road is a strip from the middle to an edge: printed along STRIP_HALF either side of the
# edge's axis and bare between FLANK either side, at ICON_SIDE out (clear of an icon and its
# castle marks) or OPEN_REACH on a square with no icon (clear of the domino's edge)
STRIP_HALF, FLANK = 0.05, (0.22, 0.32)
STRIP_NEAR = 0.07            # ... and printed (road, or an icon over it) this far further in too
CORRIDOR = 0.2               # a road and its blurred edges lie within this either side of its axis
BARE_MAT = 0.15              # a pixel this near the mat's grey in every channel (log) is bare mat
HUB = 0.22                   # ... and where roads meet, within this of the middle
ROAD_COLOURS = 8             # a road's colours are learnt as this many
ROAD_LIKE = 0.15             # ... a pixel this near one of them is in a road's colours
ICON_SIDE, OPEN_REACH = (0.35, 0.41), (0.24, 0.40)
ROAD_STRIP, ROAD_FLANK, NO_ROAD = 0.7, 0.4, 0.3   # printed shares: a road, its flanks; surely none
ROAD_STANDS_OUT = 1.5        # a road this many times PRINT from its terrain shows as print wherever it runs
ROAD_SEEN = 0.3              # a domino's roads show where it lies: looked for this far either side of each axis
ROAD_DRIFT = 0.125           # ... moving the strips by up to this much
ROAD_PX = 12                 # ... when at least this many pixels (of 48x48) show road
NO_ICON, AN_ICON = 0.05, 0.2   # shares of the icon's disc printed: no icon; surely an icon
OUTLINE = 0.03               # ... or, thin lines counted too, this much: maybe an icon's outline
SPECKS = 0.03                # less print than this in a square is none
CLIP = 1.0                   # a cell's colour counts against a picture at most this much
WORST = 4                    # ... and the cells that differ most, this many, count again
SHAPE_WEIGHT = 0.5           # ... and where one is printed and the other not, this much
NEUTRAL = 0.15               # no further from grey than this, in any light: grey
GREY_TONE = 0.08             # a grey terrain is its enrolled tone within this (log), and this far from the mat's
# A grey half read by its tone alone (no road, no icon) must show its terrain's own texture as
# much as the frame's halves of that terrain read by their roads show it clear of them (cobbles,
# grain, or only the sensor's noise where the terrain is printed plain): where at least
# PLAIN_REFS such halves show it, one whose middle (within PLAIN_MIDDLE of its centre) varies less
# than PLAIN_AS_MAT of theirs (their median), at a finer scale than PLAIN_BLUR px, is as plain as
# bare mat and is asked about (bare mat a lamp's fall-off brings to stone's tone)
PLAIN_REFS, PLAIN_MIDDLE, PLAIN_AS_MAT, PLAIN_BLUR = 3, 0.3, 0.6, 3.0
HAND_SQUARES = 4             # this many squares of one colour that is no terrain: a hand over the map
SKIN = 0.3                   # ... no terrain: further than this from all (a skin comes ~0.4 from desert)
HAND = 0.7 / 12              # how far off its square a hand lays a domino (0.7 mm on 12 mm squares)
# How much nearer a square's colours must come to one terrain than to the next to be read as it:
# closer calls are asked about
TERRAIN_MARGIN = 0.15
# Read by colour as enrolled (a road's colour in boxes towards each edge, an icon's badge: its
# ring's colour and its middle's), as well as by shape; the two must not contradict each other
SIDE = (0.358, 0.417)        # a road box: along the edge's axis, this far out (clear of the badge)
OPEN_SIDE = (0.233, 0.358)   # ... or this far, on a square with no icon
SIDE_HALF = 0.075            # ... and this far either side of the axis
EDGE_REACH = (0.42, 0.47)    # ... or this far, just inside the edge, past where any badge blurs out
CORE = 0.083                 # the very middle, where a faint badge still shows
BADGE_REACH = 0.367          # a badge lies within this radius
BADGE_SPECK = 0.035          # less than this share of a square is no badge at all
BADGE_AREA = 0.104           # a badge read as an icon covers at least this share
BADGE_OFF = 0.1              # ... and lies no further off the square's centre
SHIFT = 1 / 12               # a badge moves the road boxes by up to this much
BARE_MIDDLE = 0.32           # a square with no badge has no icon only if its very middle is this near terrain and road
PATH_MARGIN, COLOUR_ICON_MARGIN = 0.25, 0.25
PLAIN_PICTURE = 0.6           # a picture this near one icon's (and twice the margin from the next) is it, read alone
PLAIN_BADGE = 0.4             # a badge this near one icon's colours (and far from all others) is it, whatever its picture
BADGE_APART = 0.4            # ... or this much nearer one icon's colours than the next: its picture need not agree
PICTURE_AGAINST = 2.0        # a badge's icon whose picture misfits this many times the nearest's is doubted
# a half's very middle this near (log, tone in full) what should be there is bare: its terrain,
# or where roads meet the road's colour (dark, so its tone varies more with light and blur)
BARE_TONE, BARE_HUB_TONE = 0.3, 1.3
# ... and less than this share of it within this radius is printed in colours (this far, log)
# from any its roads show this far out along them
MIDDLE_PRINT, MIDDLE_SEEN, MIDDLE_APART, ARM_SEEN = 0.1, 0.15, 0.3, (0.33, 0.47)
BADGE_SEEN = 0.45            # a badge shows where its colours lie this far from terrain and road
# A road is as wide as its print: on a half read with an icon and roads on all four sides (where a
# capital's castle marks lie), a side whose strip, between the badge and the edge, is printed less
# wide than this share of its terrain's road as enrolled is a mark there, not a road; measured
# this far out along the side's axis
ROAD_WIDE, WIDTH_REACH = 0.85, (0.36, 0.46)
# ... and such a side is read as a mark, no road, only where it is plainly one: at most MARK_WIDE
# of a road wide as a median, printed at least MARK_SEEN of it, and as wide as a road (ROAD_WIDE)
# on one line at most (a road whose outer end the next half hides shows lines a road's width and
# bare ones); the half's other sides then each a road's width on every line, no wider than
# ROAD_WIDEST of it as a median (an icon reaching out over a side prints wider), each side seen on
# WIDTH_LINES lines or more (fewer: a domino off its square towards that side, its lines near the
# joint, where the next half's road shows): else it is asked
MARK_WIDE, MARK_SEEN, ROAD_WIDEST, WIDTH_LINES = 0.7, 0.2, 1.25, 3
# A half with roads meeting and no icon shows at its very middle the road as its arms show it
# HUB_ARM out along their axes (within HUB_AXIS of them; clear of an icon and of the domino's
# blurred edge), to HUB_TONE (log) or HUB_SPREADS times what the arms' own pixels stray from it
# (a dark road's noise, its blur), whichever is more
HUB_ARM, HUB_AXIS, HUB_TONE, HUB_SPREADS = (0.28, 0.4), 0.04, 0.4, 2.0
# A lone road's dead end is no wider than the road: on END_LINES lines or more across its axis
# within END_REACH of the middle, a half with one road and no icon is printed (faintly counted)
# less than END_WIDE times as wide as the road WIDTH_REACH out (a dark road's blur round its
# end's corners widens it: up to 1.38 times on ours)
END_REACH, END_LINES, END_WIDE = 0.15, 2, 1.5
# ... and round it (END_SEEN of the middle) no more than END_PRINT of it, smoothed over END_SMOOTH px,
# lies further than END_APART (log) from every pixel of its own terrain (its corners: colour and
# texture), of its road further out (HUB_ARM along it, CORRIDOR either side: kerbs, blur) and
# from every blend of the two
END_SEEN, END_SMOOTH, END_APART, END_PRINT = 0.22, 3, 0.15, 0.1


# ---------------------------------------------------------------- what a domino looks like

@dataclass(frozen=True)
class DominoStyle:
    """How one printing of the dominoes looks (BGR)."""
    terrains: tuple = (("lava", (40, 45, 195)), ("desert", (90, 190, 228)), ("stone", (240, 205, 150)),
                       ("plains", (190, 125, 50)), ("grass", (70, 160, 65)))
    path: tuple = (30, 30, 30)          # a black road
    # sizes in fractions of a square's side, so one style draws a print of any size
    road: float = 0.3                   # the road's width
    badge_r: float = 0.3                # an icon's badge radius: a ring round a centre disc
    centre_r: float = 0.125
    # an icon is a pair of badge colours (ring, centre), none of them a terrain's or the road's
    badge_colours: tuple = (("navy", (120, 40, 30)), ("violet", (200, 60, 110)), ("magenta", (175, 90, 235)),
                            ("teal", (130, 125, 20)), ("orange", (40, 130, 250)))
    inset: float = 0.025                # a domino is this much smaller than its squares all round

    def terrain(self, name: str) -> tuple:
        return dict(self.terrains).get(name, (128, 128, 128))

    def badge(self, icons: tuple, icon: str) -> tuple[tuple, tuple]:
        """(ring, centre) colours of an icon: the icons of the set in order, each its own pair."""
        cs = [c for _, c in self.badge_colours]
        i = icons.index(icon)
        return cs[i // len(cs) % len(cs)], cs[i % len(cs)]


DOMINOES = DominoStyle()


def parse_half(text: str) -> tuple[str, str | None, str]:
    """(terrain, icon or None, paths) of ``terrain/icon/paths`` (an arrow after them is ignored)."""
    parts = text.split("/")
    return parts[0], (parts[1] or None), parts[2] if len(parts) > 2 else ""


def render_domino(label: str, icons: tuple, pitch_mm: float, style: DominoStyle, k: float) -> np.ndarray:
    """An upright domino ``half|half`` (the first to the west), BGR float at k px/mm."""
    halves = label.split("|")
    inset = style.inset * pitch_mm
    w, h = 2 * pitch_mm - 2 * inset, pitch_mm - 2 * inset
    big = 4 * k
    img = np.zeros((int(round(h * big)), int(round(w * big)), 3), np.float32)
    for i, text in enumerate(halves):
        terrain, icon, paths = parse_half(text)
        cx, cy = (pitch_mm * (i + 0.5) - inset) * big, (pitch_mm / 2 - inset) * big
        x0 = int(round(cx - pitch_mm / 2 * big))
        cv2.rectangle(img, (x0, 0), (int(round(cx + pitch_mm / 2 * big)), img.shape[0]), style.terrain(terrain), -1)
        hw = style.road * pitch_mm / 2 * big
        reach = pitch_mm / 2 * big + 2
        for side in paths:
            dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[side]
            if dx == 0:
                ya, yb = sorted((cy, cy + dy * reach))
                xa, xb = cx - hw, cx + hw
            else:
                xa, xb = sorted((cx, cx + dx * reach))
                ya, yb = cy - hw, cy + hw
            cv2.rectangle(img, (int(xa), int(ya)), (int(xb), int(yb)), style.path, -1)
        if paths:  # the roads meet in the middle
            cv2.rectangle(img, (int(cx - hw), int(cy - hw)), (int(cx + hw), int(cy + hw)), style.path, -1)
        if icon:
            ring, centre = style.badge(icons, icon)
            cv2.circle(img, (int(cx), int(cy)), int(style.badge_r * pitch_mm * big), ring, -1, cv2.LINE_AA)
            cv2.circle(img, (int(cx), int(cy)), int(style.centre_r * pitch_mm * big), centre, -1, cv2.LINE_AA)
    size = (int(round(w * k)), int(round(h * k)))
    return cv2.resize(img, size, interpolation=cv2.INTER_AREA)


class DominoTable(SyntheticTable):
    """The synthetic table with dominoes: ``place("half|half", x, y, angle)`` puts one down with
    its centre at (x, y), turned clockwise by angle (0: the first half to the west). The same
    camera, light and optics as the tile table."""

    def __init__(self, layout: MatLayout, tiles: TileSet, style: DominoStyle = DOMINOES, frame_size=FRAME,
                 px_per_mm: float | None = None, camera=None, light=None, optics=None, seed=None, *, cells: Grid):
        # the mat is drawn at 72 px a square, whatever the print's size: 6 px/mm for 12 mm squares
        super().__init__(layout, tiles, CLASSIC, frame_size, px_per_mm or 72.0 / cells.pitch_mm, camera, light,
                         optics, seed)
        self.domino_style, self.pitch_mm = style, cells.pitch_mm
        self.icons = icon_names(tiles)

    def place(self, label, x_mm, y_mm, angle=0.0, face_up=True, back=None) -> int:
        halves = label.split("|") if isinstance(label, str) else []
        if len(halves) != 2 or any(len(h.split("/")) < 3 for h in halves):
            raise ValueError(f"a domino is 'half|half', each terrain/icon/paths, not {label!r}")
        for h in halves:
            terrain, icon, _ = parse_half(h)
            self.tiles_set.check(f"terrain-{terrain}")
            if icon:
                self.tiles_set.check(f"icon-{icon}")
        self._next += 1
        self.tiles[self._next] = VirtualTile(label, x_mm, y_mm, angle)
        return self._next

    def _tile_img(self, label):
        if label not in self._tile_cache:
            self._tile_cache[label] = render_domino(label, self.icons, self.pitch_mm, self.domino_style, self.k)
        return self._tile_cache[label]


def icon_names(tiles: TileSet) -> tuple:
    return tuple(f[5:] for f in tiles.faces if f.startswith("icon-"))


def terrain_names(tiles: TileSet) -> tuple:
    return tuple(f[8:] for f in tiles.faces if f.startswith("terrain-"))


def enrolment_frames(layout: MatLayout, tiles: TileSet, style: DominoStyle = DOMINOES, seed: int = 0,
                     frame_size=FRAME, *, cells: Grid, only=None):
    """(label, frame) for every terrain and icon: one domino lying west-east in the first area;
    with `only`, just those labels, each drawn as it is in the whole sheet."""
    rng = np.random.default_rng(seed)
    z = layout.zones[layout.first_area]
    terrains = terrain_names(tiles)
    for i, label in enumerate(tiles.faces):
        table = DominoTable(layout, tiles, style, frame_size, seed=int(rng.integers(1 << 30)), cells=cells,
                            camera=random_camera(rng, max_tilt=15, fill=(0.75, 0.9)),
                            light=Light(float(rng.uniform(0.85, 1.0))), optics=Optics(0.6, 2.0, 92))
        if label.startswith("terrain-"):
            t = label[8:]
            domino = f"{t}//NESW|{t}//"
        else:
            domino = f"{terrains[i % len(terrains)]}/{label[5:]}/|{terrains[(i + 1) % len(terrains)]}//"
        off = cells.pitch_mm / 12  # up to a twelfth of a square off the tray's middle
        table.place(domino, z.x + z.w / 2 + float(rng.uniform(-off, off)), z.y + z.h / 2 + float(rng.uniform(-off, off)),
                    float(rng.uniform(-2, 2)))
        if only is None or label in only:
            yield label, table.render()


def write_enrolment(layout: MatLayout, out_dir, tiles: TileSet, style: DominoStyle = DOMINOES, seed: int = 0, *,
                    cells: Grid, only=None) -> Path:
    return save_shots(enrolment_frames(layout, tiles, style, seed, cells=cells, only=only), out_dir)


def turned(half: str, quarters: int) -> str:
    """A half ``terrain/icon/paths`` with its open edges turned clockwise by quarter turns."""
    t, i, p = half.split("/")
    ps = {SIDES[(SIDES.index(s) + quarters) % 4] for s in p}
    return f"{t}/{i}/{''.join(s for s in SIDES if s in ps)}"


def random_maps(layout: MatLayout, tiles: TileSet, cells: Grid, rng, seed: int, style: DominoStyle = DOMINOES):
    """(table, truth): random dominoes on every grid of ``cells``, random halves at random quarter
    turns, laid as a hand lays them (up to HAND of a square off their squares, 2 degrees askew),
    under a random camera, light and optics; truth is {(area, row, col): half as it lies}."""
    table = DominoTable(layout, tiles, style, seed=seed, camera=random_camera(rng),
                        light=random_light(rng, layout), optics=random_optics(rng), cells=cells)
    off = HAND * cells.pitch_mm
    icons, terrains = list(icon_names(tiles)), terrain_names(tiles)
    truth = {}

    def half():
        icon = str(rng.choice(icons)) if rng.random() < 0.4 else ""
        return f"{rng.choice(terrains)}/{icon}/{''.join(s for s in SIDES if rng.random() < 0.5)}"
    for area, (rows, cols) in cells.areas:
        for _ in range(int(rng.integers(6, 20))):
            r, c, q = int(rng.integers(rows)), int(rng.integers(cols)), int(rng.integers(4))
            dx, dy = ((1, 0), (0, 1), (-1, 0), (0, -1))[q]
            r2, c2 = r + dy, c + dx
            if not (0 <= r2 < rows and 0 <= c2 < cols) or (area, r, c) in truth or (area, r2, c2) in truth:
                continue
            a, b = half(), half()
            (x1, y1), (x2, y2) = cells.centre(layout, area, r, c), cells.centre(layout, area, r2, c2)
            table.place(f"{turned(a, -q)}|{turned(b, -q)}", (x1 + x2) / 2 + rng.uniform(-off, off),
                        (y1 + y2) / 2 + rng.uniform(-off, off), 90 * q + rng.uniform(-2, 2))
            truth[(area, r, c)], truth[(area, r2, c2)] = a, b
    return table, truth


# ---------------------------------------------------------------- sampling a square

_MASKS: dict = {}


_UV: dict = {}


def _uv(shift=(0.0, 0.0)):
    """Each patch pixel's place, in squares from the square's centre (less `shift`); kept, as a
    square asks for the same places many times (read only)."""
    key = (float(shift[0]), float(shift[1]))
    if key not in _UV:
        if len(_UV) > 256:
            _UV.clear()
        c = (np.arange(SQUARE_PX) + 0.5) / SQUARE_PX - 0.5
        # (np.meshgrid's arrays, without its generic broadcasting: most halves lie at a shift of their own)
        _UV[key] = np.repeat((c - key[0])[None], SQUARE_PX, axis=0), np.repeat((c - key[1])[:, None], SQUARE_PX, axis=1)
    return _UV[key]


def _masks(n=SQUARE_PX):
    """Boolean masks over a square's patch for each place read (`n` px across: the bare test
    also reads squares COARSE_PX across)."""
    if n != SQUARE_PX:
        if n not in _COARSE_MASKS:
            c = (np.arange(n) + 0.5) / n - 0.5
            u, v = np.repeat(c[None], n, axis=0), np.repeat(c[:, None], n, axis=1)
            _COARSE_MASKS[n] = _parts(u, v)
        return _COARSE_MASKS[n]
    if not _MASKS:
        _MASKS.update(_parts(*_uv()))
    return _MASKS


_COARSE_MASKS: dict = {}


def _parts(u, v) -> dict:
    """`_masks` over a patch whose pixels lie at (u, v) squares from its centre."""
    du, dv = 0.5 - np.abs(u), 0.5 - np.abs(v)
    r = np.hypot(u, v)
    return {"corners": (du >= CORNER[0]) & (du <= CORNER[1]) & (dv >= CORNER[0]) & (dv <= CORNER[1]),
            "centre": r <= CENTRE, "ring": (r >= RING[0]) & (r <= RING[1]), "icon": r <= ICON_CORE,
            "picture": r <= ICON_REACH, "core": r <= CORE, "inner": (np.abs(u) <= INNER) & (np.abs(v) <= INNER)}


def _log(c):
    return np.log(np.maximum(np.asarray(c, np.float32), 0.2))


def dist(a, b) -> float:
    """How unlike two colours (log ratios to the mat's grey) are: their hue and saturation in
    full, their brightness at half weight (the mat's light under a domino is estimated, not seen)."""
    d = np.asarray(a, np.float32) - np.asarray(b, np.float32)
    m = _mean3(d)
    return float(np.linalg.norm(d - m)) + 0.5 * abs(m)


def _mean3(c) -> float:
    """The mean of a colour's three channels, as ``float(c.mean())`` of float32 works it out (the
    same sum in the same order, the same quotient), without its reduction's cost: the reader asks
    it of single colours thousands of times a frame."""
    return float((c[0] + c[1] + c[2]) / np.float32(3))


def _share(marked) -> float:
    """The share of `marked` (0s and 1s) that is marked, as ``float(marked.mean())``: the same
    quotient of the same whole numbers, without the reduction's cost."""
    return float(np.count_nonzero(marked) / marked.size)


def _median(px, axis=0):
    """np.median of `px` along `axis`, without its checks and copies (the same values: the
    middle one, or the mean of the middle two). Sorted rather than partitioned: the same middle
    values, and numpy sorts short rows of floats many times faster than it selects in them."""
    n = px.shape[axis]
    if n == 0:
        return np.median(px, axis=axis)  # (nan, as numpy says it)
    h = n // 2
    part = np.sort(px, axis=axis)
    at = (slice(None),) * (axis % px.ndim)
    mid = part[at + (h,)]
    return mid if n % 2 else (part[at + (h - 1,)] + mid) / np.asarray(2, px.dtype)


def sample(ratio: np.ndarray) -> dict:
    """A square's patch (as ratios to the mat's grey) -> log colours of its parts, and how much
    of it looks like bare mat."""
    return sample_all(ratio[None])[0]


def sample_all(ratios: np.ndarray) -> list[dict]:
    """`sample` of each patch of a stack (k, SQUARE_PX, SQUARE_PX, 3), worked out for all at once
    (the same figures as one at a time)."""
    M = _masks()
    parts = {name: _log(_median(ratios[:, M[name]], axis=1)) for name in ("corners", "centre", "ring")}
    a, z = _inner_box(ratios.shape[1])  # (the inner part is a box: its pixels row by row, as its mask takes them)
    inner = ratios[:, a:z, a:z].reshape(len(ratios), -1, 3)
    r, g, b = inner[..., 0], inner[..., 1], inner[..., 2]  # (channel by channel: the same sums and extremes)
    lum = (r + g + b) / np.float32(3)
    # bare mat: as bright as the mat's light and as grey (give or take a lamp's tint)
    grey = (np.abs(lum - 1.0) < 0.2) & ((np.maximum(np.maximum(r, g), b) - np.minimum(np.minimum(r, g), b)) < 0.25)
    bare = grey.mean(axis=1)
    # sensor and JPEG noise smoothed, each patch alone (its edges blurred as its own)
    planes = np.ascontiguousarray(ratios.transpose(0, 3, 1, 2)).reshape(-1, *ratios.shape[1:3])
    # (blurred as one stack, plane by plane: each patch bordered by its own reflection)
    blurred = _blur_each(planes, 1.0).reshape(len(ratios), 3, *ratios.shape[1:3]).transpose(0, 2, 3, 1)
    log = _log(np.ascontiguousarray(blurred))
    # how far each pixel is from the corners' colour (a half's terrain): what is printed on it
    off = _dist_px_to(log, parts["corners"][:, None, None, :])
    return [{"corners": parts["corners"][i], "centre": parts["centre"][i], "ring": parts["ring"][i],
             "bare": float(bare[i]), "log": log[i], "off": off[i]} for i in range(len(ratios))]


def _dists(a, B) -> np.ndarray:
    """`dist` from colour a to each colour (row) of B at once (the same to a float32 rounding)."""
    d = np.asarray(a, np.float32)[None] - np.asarray(B, np.float32)
    m = _channel_sum(d) / np.float32(3)  # (as d.mean(axis=1): the same sums, the same quotients)
    e = d - m[:, None]
    return np.sqrt(_channel_sum(e * e)).astype(np.float64) + 0.5 * np.abs(m.astype(np.float64))


def _seam_dist(L, a, b) -> np.ndarray:
    """How far each pixel is from colour a, colour b and every blend of the two (the blurred
    seam where a road meets its terrain is such a blend). `L` may be a stack of patches, and
    `a` then one colour for each."""
    x, ea, eb = np.exp(L), np.exp(np.asarray(a, np.float32)), np.exp(np.asarray(b, np.float32))
    v = eb - ea
    vv = np.array([max(float(w @ w), 1e-6) for w in v.reshape(-1, 3)], np.float32).reshape(v.shape[:-1])
    ea, v, vv = ea[..., None, None, :], v[..., None, None, :], vv[..., None, None]
    along = (x - ea) * v
    t = np.clip(_channel_sum(along) / vv, 0.0, 1.0)
    return _dist_px_to(L, np.log(np.maximum(ea + t[..., None] * v, 0.2)))


def _channel_sum(a) -> np.ndarray:
    """The sum over the last axis of three channels, plane by plane: the same sums (numpy adds
    a short last axis in the same order), without its strided passes."""
    return a[..., 0] + a[..., 1] + a[..., 2]


def _chroma(c) -> float:
    """How far a log colour is from grey."""
    c = np.asarray(c, np.float32)
    return float(np.linalg.norm(c - np.float32(_mean3(c))))


def _dist_px_to(L, M) -> np.ndarray:
    """`dist` for every pixel of a log-colour image to the log colours M (channel by channel:
    the same sums as over the last axis, without its strided passes)."""
    # (each channel's differences as a plane of their own: the same values, in long rows)
    M = np.asarray(M)
    d0, d1, d2 = (L[..., i] - M[..., i] for i in range(3))
    mean = d0 + d1
    mean += d2
    mean /= np.float32(3)
    # (the same operations in the same order, into two buffers: no temporary array a step)
    e = d0 - mean
    q = e * e
    for di in (d1, d2):
        np.subtract(di, mean, out=e)
        e *= e
        q += e
    np.sqrt(q, out=q)
    np.abs(mean, out=mean)
    mean *= np.float32(0.5)
    q += mean
    return q


def _print_on(L, own) -> np.ndarray:
    """Where something is printed on a half's terrain: pixels this far from its own colour."""
    return _dist_px_to(L, own) > PRINT


_BANDS: dict = {}


def _across_roads(marked, reach) -> tuple[float, float]:
    """The middle (in squares, within ROAD_DRIFT) of the `marked` pixels in the bands `reach`
    out that the north and south roads cross, and in those the east and west ones cross; 0
    where too few are marked."""
    if reach not in _BANDS:
        u, v = _uv()
        lo, hi = reach
        _BANDS[reach] = tuple(((np.abs(across) < ROAD_SEEN) & (np.abs(along) >= lo) & (np.abs(along) <= hi), across)
                              for across, along in ((u, v), (v, u)))
    out = []
    for band, across in _BANDS[reach]:
        m = marked & band
        n = np.count_nonzero(m)
        # (the mean as numpy works it out: the sum over the count)
        out.append(min(max(float(across[m].sum() / n), -ROAD_DRIFT), ROAD_DRIFT) if n >= ROAD_PX else 0.0)
    return out[0], out[1]


def _road_shift(off, reach) -> tuple[float, float]:
    """Where a domino lies on its square, across its roads (in squares): the middle of what is
    printed in the bands the north and south roads cross gives it east-west, the east and west
    ones north-south; 0 where no road runs (a road's middle is the half's middle)."""
    return _across_roads(off, reach)


def _shape_shift(off, icon, at, reach) -> tuple[float, float]:
    """Where a domino lies on its square as its print shows it (`_road_shift`, `reach` out);
    where an icon is printed (`icon`, else None), across no road that icon shows it (printed in
    the half's middle; its badge's place `at`, if one was seen)."""
    shift = _road_shift(off, reach)
    if icon is not None:
        middle = at if at is not None else tuple(m / SQUARE_PX for m in _print_centre(icon))
        shift = tuple(v if v else float(np.clip(m, -ROAD_DRIFT, ROAD_DRIFT)) for v, m in zip(shift, middle))
    return shift


def _road_sure(strip, flank, inner):
    """A side's road by its shape, from the shares printed on its strip, its flanks and its strip
    just inside (`_roads`): a road, none, or None when unsure. A strip printed only towards the
    edge, bare further in, is no road from the middle (the end of the next half's road, printed
    a little past the joint)."""
    return True if strip >= ROAD_STRIP and flank <= ROAD_FLANK and inner >= ROAD_STRIP else \
        False if strip <= NO_ROAD or inner <= SPECKS else None


def _beside(off, L) -> np.ndarray:
    """What is printed but not bare mat (every channel near the mat's grey): of a patch, or a stack."""
    mat = np.abs(L) < BARE_MAT
    return off & ~(mat[..., 0] & mat[..., 1] & mat[..., 2])


def _roads(off, shift, reach, beside) -> dict:
    """For each edge, (share printed on a strip from the middle towards it, share printed on its
    flanks, share printed on the strip just inside it, towards the middle): a road is a strip, printed along its middle
    and bare either side, so a castle mark, a blot or an icon reaching out is no road whatever
    its colour. The bare mat beside a domino
    lying off its square is no print on its flanks (``beside``: `_beside` of the half)."""
    rows, cols, places = _road_places(shift, reach)
    # the printed pixels of each place counted at once, as rows @ image @ cols (0s and 1s: whole
    # numbers, exact in float32), the flanks' in `beside`
    counts = np.where(_FLANKS, ((rows @ beside.astype(np.float32)) * cols).sum(axis=1),
                      ((rows @ off.astype(np.float32)) * cols).sum(axis=1))
    shares = (counts.astype(np.float64) / places).tolist()
    return {side: tuple(shares[3 * i:3 * i + 3]) for i, side in enumerate(SIDES)}


_DOWN = np.array([True, False, True, False])  # of N E S W, the axes running down a patch's rows


def _side_lines_all(shifts, reaches):
    """`_side_lines` of each half of a stack lying at `shifts` (k, 2): how far along and across
    each edge's axis each row or column lies (k, 4, SQUARE_PX), the same figures; and each
    half's `reaches` (k, 2), nearest and furthest (k, 1, 1) each."""
    c = (np.arange(SQUARE_PX) + 0.5) / SQUARE_PX - 0.5
    shifts = np.array(shifts, np.float64).reshape(-1, 2)
    u, v = c[None] - shifts[:, :1], c[None] - shifts[:, 1:]
    lo, hi = (np.array([r[i] for r in reaches], np.float64)[:, None, None] for i in (0, 1))
    return np.stack([-v, u, v, -u], axis=1), np.abs(np.stack([u, v, u, v], axis=1)), lo, hi


def _road_votes_all(to_roads, offs, shifts, reaches) -> np.ndarray:
    """For each half of a stack, each of its road boxes (as `_side_boxes` takes them, at the
    half's shift and reach): `_road_votes` there and the pixels it holds, (k, 4, 3) whole
    numbers, counted at once as products of 0s and 1s."""
    along, across, lo, hi = _side_lines_all(shifts, reaches)
    band, narrow = (along >= lo) & (along <= hi), across <= SIDE_HALF
    down = _DOWN[None, :, None]
    rows = np.where(down, band, narrow).astype(np.float32)
    cols = np.where(down, narrow, band).astype(np.float32)
    road = (to_roads + PATH_MARGIN < offs).astype(np.float32)
    plain = (offs + PATH_MARGIN < to_roads).astype(np.float32)
    votes = [((rows @ marked) * cols).sum(axis=2) for marked in (road, plain)]
    return np.stack(votes + [rows.sum(axis=2) * cols.sum(axis=2)], axis=2).astype(np.int64)


def _roads_all(offs, shifts, reaches, besides) -> list[dict]:
    """`_roads` of each half of a stack (offs, besides: (k, SQUARE_PX, SQUARE_PX)), each at its
    own shift and reach, counted at once: each half's places laid out as `_road_places` lays
    them (the same places from the same figures), its pixels counted in one batched product
    (0s and 1s: the same whole numbers)."""
    if not len(offs):
        return []
    along, across, lo, hi = _side_lines_all(shifts, reaches)
    band, near = (along >= lo) & (along <= hi), (along >= lo - STRIP_NEAR) & (along < lo)
    narrow, flank = across <= STRIP_HALF, (across >= FLANK[0]) & (across <= FLANK[1])
    along_ok, across_ok = np.stack([band, band, near], axis=2), np.stack([narrow, flank, narrow], axis=2)
    down = _DOWN[None, :, None, None]
    k = len(offs)
    rows = np.where(down, along_ok, across_ok).reshape(k, 12, SQUARE_PX).astype(np.float32)
    cols = np.where(down, across_ok, along_ok).reshape(k, 12, SQUARE_PX).astype(np.float32)
    places = np.maximum(rows.sum(axis=2).astype(np.float64) * cols.sum(axis=2), 1.0)
    counts = np.where(_FLANKS, ((rows @ np.asarray(besides, np.float32)) * cols).sum(axis=2),
                      ((rows @ np.asarray(offs, np.float32)) * cols).sum(axis=2))
    shares = (counts.astype(np.float64) / places).tolist()
    return [{side: tuple(row[3 * i:3 * i + 3]) for i, side in enumerate(SIDES)} for row in shares]


_PLACES: dict = {}
_FLANKS = np.array([False, True, False] * 4)   # of `_road_places`' rows, those of a flank


def _road_places(shift, reach):
    """The places `_roads` counts, N E S W, each its strip, its flanks and its strip just inside:
    (their rows, their columns, as 0/1 float32 rows, and how many pixels each holds); kept as
    `_uv` is (read only)."""
    key = (float(shift[0]), float(shift[1]), reach)
    if key not in _PLACES:
        if len(_PLACES) > 256:
            _PLACES.clear()
        lo, hi = reach
        lines = _side_lines(shift)
        # the four edges' lines at once (4, SQUARE_PX), each its strip, flanks, strip inside
        along, across = np.array([a for a, _, _ in lines]), np.array([c for _, c, _ in lines])
        band, near = (along >= lo) & (along <= hi), (along >= lo - STRIP_NEAR) & (along < lo)
        narrow, flank = across <= STRIP_HALF, (across >= FLANK[0]) & (across <= FLANK[1])
        along_ok, across_ok = np.stack([band, band, near], axis=1), np.stack([narrow, flank, narrow], axis=1)
        down = np.array([d for _, _, d in lines])[:, None, None]
        rows = np.where(down, along_ok, across_ok).reshape(12, SQUARE_PX).astype(np.float32)
        cols = np.where(down, across_ok, along_ok).reshape(12, SQUARE_PX).astype(np.float32)
        places = np.maximum(rows.sum(axis=1).astype(np.float64) * cols.sum(axis=1), 1.0)
        _PLACES[key] = rows, cols, places
    return _PLACES[key]


_LINES: dict = {}


def _side_lines(shift):
    """For each edge, N E S W: how far along its axis and how far across it each row or column of
    a patch lies (in squares, for a domino lying `shift` off its square), and whether the axis
    runs down the rows; so a place towards an edge is the rows and the columns it takes."""
    key = (float(shift[0]), float(shift[1]))
    if key not in _LINES:  # (kept as `_uv` is: read only)
        if len(_LINES) > 256:
            _LINES.clear()
        c = (np.arange(SQUARE_PX) + 0.5) / SQUARE_PX - 0.5
        u, v = c - key[0], c - key[1]  # (as _uv's columns and rows)
        _LINES[key] = (-v, np.abs(u), True), (u, np.abs(v), False), (v, np.abs(u), True), (-u, np.abs(v), False)
    return _LINES[key]


def _rows_cols(along_ok, across_ok, down):
    return (along_ok, across_ok) if down else (across_ok, along_ok)


def _road_colour(L, own):
    """The road's log colour on a half open on all four sides: the middle of its strips."""
    u, v = _uv()
    lo, hi = OPEN_REACH
    strips = ((np.abs(u) <= STRIP_HALF) & (np.abs(v) >= lo) & (np.abs(v) <= hi)) | \
             ((np.abs(v) <= STRIP_HALF) & (np.abs(u) >= lo) & (np.abs(u) <= hi))
    px = L[strips & _print_on(L, own)]
    return np.median(px, axis=0) if len(px) >= ROAD_PX else None


def _road_widths(printed, shift=(0.0, 0.0), reach=WIDTH_REACH, each=False) -> dict:
    """How wide (in squares) each side's strip is printed, N E S W: across its axis, on each line
    `reach` out, the printed run through the axis (or the nearest within ROAD_DRIFT of it), its
    median over those lines (with `each`: each line's, a list); a side printed on none of them
    is 0. Where the strip lies along the axis of a domino `shift` off its square, whatever else
    is printed beside it widens it."""
    return _road_widths_all(printed[None], [shift], [reach], each)[0]


def _road_widths_all(printed, shifts, reaches, each=False) -> list[dict]:
    """`_road_widths` of each patch of a stack `printed`, at its own shift and reach, measured
    on all their lines at once (the same runs, whole numbers: the same widths); `each` may be
    one for each patch."""
    n = SQUARE_PX
    at = np.array([[float(s[0]), float(s[1])] for s in shifts]).reshape(-1, 2)
    u, v = (_PLACES_ACROSS[None] - at[:, i, None] for i in (0, 1))  # (as `_uv_lines`, each half's)
    along = np.stack([-v, u, v, -u], axis=1)  # (as `_side_lines`: N E S W lie along -v, u, v, -u; E and W across columns)
    reach = np.array(reaches, np.float64).reshape(-1, 2)[:, :, None, None]
    half, side, k = np.nonzero((along >= reach[:, 0]) & (along <= reach[:, 1]))
    # each half's axes, the pixel nearest its middle (`round`'s halves to even, as numpy's)
    axes = np.clip(np.round((at + 0.5) * n - 0.5), 0, n - 1).astype(int)
    across = (side % 2 == 1)[:, None]
    axis = np.where(across[:, 0], axes[half, 1], axes[half, 0])
    # each line's pixels (a patch's columns read as rows), and how far each lies from the axis
    lines = np.where(across, printed[half, :, k], printed[half, k, :])
    px = np.arange(n)
    off = np.abs(px[None] - axis[:, None])
    # the nearest printed pixel to the axis on each line (the first of two as near), and the run
    # through it: from the last unprinted pixel before it to the last after it, the line reversed
    hit = lines & (off <= int(round(ROAD_DRIFT * n)))
    m = len(lines)
    i = np.where(hit, off, n).argmin(axis=1)
    last = np.maximum.accumulate(np.where(np.concatenate([lines, lines[:, ::-1]]), -1, px), axis=1)
    run = n - 2 - last[np.arange(m), i] - last[np.arange(m, 2 * m), n - 1 - i]
    widths = np.where(hit.any(axis=1), run, 0).tolist()
    ends = np.cumsum(np.bincount(half * 4 + side, minlength=4 * len(shifts))).tolist()
    out = []
    for h in range(len(shifts)):
        got = {}
        for j, name in enumerate(SIDES):
            g = 4 * h + j
            w = sorted(widths[ends[g - 1] if g else 0:ends[g]])
            if each if isinstance(each, bool) else each[h]:
                got[name] = [x / n for x in w]
                continue
            c = len(w) // 2  # (their median: the middle one, or the mean of the middle two)
            got[name] = (w[c] if len(w) % 2 else (w[c - 1] + w[c]) / 2) / n if w else 0.0
        out.append(got)
    return out


def _widths_key(shift) -> tuple:
    return "road widths", float(shift[0]), float(shift[1])


def _widths_of(s, shift) -> dict:
    """`_road_widths` of a sampled half's print at a shift, measured once a half and shift."""
    key = _widths_key(shift)
    if key not in s:
        s[key] = _road_widths(s["printed"], shift)
    return s[key]


def _road_pixels(L, own):
    """The colours a road shows (its middle, its kerbs, their edges): what is printed on the
    corridors of a half open on all four sides, between its middle and its edges."""
    u, v = _uv()
    lo, hi = OPEN_REACH
    corridors = ((np.abs(u) <= CORRIDOR) & (np.abs(v) >= lo) & (np.abs(v) <= hi)) | \
                ((np.abs(v) <= CORRIDOR) & (np.abs(u) >= lo) & (np.abs(u) <= hi))
    return L[corridors & _print_on(L, own)]


def _road_like(L, palette) -> np.ndarray:
    """Pixels in one of the colours a road shows (of a patch, or a stack of them)."""
    out = np.zeros(L.shape[:-1], bool)
    for colour in np.asarray(palette, np.float32):
        out |= _dist_px_to(L, colour) < ROAD_LIKE
    return out


_ARMS: dict = {}


def _arms(paths, shift=(0.0, 0.0), hub=True) -> np.ndarray:
    """Where the roads of `paths` run on a square's patch: a corridor from the middle to each
    edge (and, with `hub`, the round middle where they meet) of a domino lying `shift` off it.
    Kept as `_uv` is (read only): a half's reading asks for its roads at its shift several times."""
    key = ("".join(side for side in SIDES if side in paths), float(shift[0]), float(shift[1]), bool(hub))
    if key not in _ARMS:
        if len(_ARMS) > 256:
            _ARMS.clear()
        # (with the middle: the corridors alone, as a half's print is read first, and the middle)
        _ARMS[key] = arms = _arms(key[0], key[1:3], hub=False) | _hub_at(key[1:3]) if key[0] and hub else \
            _arms_at(key[0], key[1:3])
        arms.flags.writeable = False
    return _ARMS[key]


def _arms_at(paths, shift) -> np.ndarray:
    u, v = _uv_lines(shift)
    arms = np.zeros((SQUARE_PX, SQUARE_PX), bool)
    # each side's corridor, rows by columns (N E S W: across |u| or |v|, along -v, u, v, -u):
    # `_uv`'s places vary along one axis each
    for side in set(paths):
        if side in "NS":
            arms |= ((-v if side == "N" else v) >= 0)[:, None] & (np.abs(u) <= CORRIDOR)[None]
        else:
            arms |= (np.abs(v) <= CORRIDOR)[:, None] & ((u if side == "E" else -u) >= 0)[None]
    return arms


def _along_across(u, v, side):
    """How far along a side's axis, out from the middle, and across it, each pixel at (u, v) lies."""
    return {"N": (-v, u), "E": (u, v), "S": (v, u), "W": (-u, v)}[side]


def _arm_strips(u, v, paths, reach, half_width):
    """Where the roads of `paths` run between `reach` (along each one's axis, out from the
    middle) and `half_width` either side of it: a strip of each arm, as one mask (of a patch
    whose pixels lie at u, v: as `_uv` gives them, or `_uv_grid`)."""
    arms = np.zeros(np.broadcast_shapes(u.shape, v.shape), bool)
    for side in paths:
        along, across = _along_across(u, v, side)
        arms |= (along >= reach[0]) & (along <= reach[1]) & (np.abs(across) <= half_width)
    return arms


_PLACES_ACROSS = (np.arange(SQUARE_PX) + 0.5) / SQUARE_PX - 0.5  # each row's or column's middle, from the patch's
_PLACES_ACROSS.flags.writeable = False


def _uv_lines(shift):
    """`_uv`'s places as one row (u, the columns') and one column (v, the rows'): the same values."""
    return _PLACES_ACROSS - float(shift[0]), _PLACES_ACROSS - float(shift[1])


def _uv_grid(shift):
    """`_uv`'s places as a row of columns' (1, SQUARE_PX) and a column of rows' (SQUARE_PX, 1), to
    broadcast (the same values): for a half's own shift, seldom asked twice."""
    u, v = _uv_lines(shift)
    return u[None], v[:, None]


def _norms(d) -> np.ndarray:
    """``np.linalg.norm(d, axis=1)`` of colours (n, 3), channel by channel: the same sums."""
    return np.sqrt(_channel_sum(d * d))


def _nearest(points, others) -> np.ndarray:
    """How far each of ``points`` (n, 3) lies from the nearest of ``others`` (m, 3): worked channel
    by channel, with no (n, m, 3) array (the same sums as over a last axis, at less cost)."""
    q = (points[:, 0, None] - others[None, :, 0]) ** 2
    q += (points[:, 1, None] - others[None, :, 1]) ** 2
    q += (points[:, 2, None] - others[None, :, 2]) ** 2
    return np.sqrt(q.min(axis=1))


_ROUNDS: dict = {}


def _hub_at(shift):
    """Where roads meet, round the middle of a half lying `shift` off its square; kept as `_uv`
    is (read only)."""
    return _round_at(shift, HUB)


def _box_within(shift, reach):
    """The rows and columns (as slices) of a patch that hold every pixel within `reach` of the
    middle of a half lying `shift` off its square (a hypot is never below either of its legs): a
    row or column either side to spare, as its place is worked out here, not as `_uv` rounds it."""
    n = SQUARE_PX
    return tuple(slice(min(max(0, math.floor((m - reach + 0.5) * n - 0.5) - 1), n),
                       max(0, min(n, math.ceil((m + reach + 0.5) * n - 0.5) + 2)))
                 for m in (float(shift[1]), float(shift[0])))


def _round_at(shift, reach):
    """The pixels within `reach` (in squares) of the middle of a half lying `shift` off its square
    (as ``np.hypot(*_uv(shift)) <= reach``); kept as `_uv` is (read only)."""
    key = (float(shift[0]), float(shift[1]), reach)
    if key not in _ROUNDS:
        if len(_ROUNDS) > 256:
            _ROUNDS.clear()
        u, v = _uv_lines(key[:2])
        rows, cols = _box_within(key[:2], reach)
        _ROUNDS[key] = out = np.zeros((SQUARE_PX, SQUARE_PX), bool)
        out[rows, cols] = np.hypot(u[cols][None], v[rows][:, None]) <= reach
        out.flags.writeable = False
    return _ROUNDS[key]


def _icon_print(L, own, road_like=None, paths="", shift=(0.0, 0.0), hub_like=None, off=None) -> np.ndarray:
    """Where an icon is printed on a half: within the icon's reach, not its terrain, and not in
    a road's colours (``road_like``) where a road in `paths` runs, nor in its plain colours
    (``hub_like``) where the roads meet in the middle: an icon's own parts in such colours
    elsewhere stay its own. Thin specks opened away. With no paths given, nothing ``road_like``
    counts anywhere. ``off``: `_print_on` of the half, if known."""
    printed = (_print_on(L, own) if off is None else off) & _masks()["picture"]
    if road_like is not None:
        if paths:
            road_like = (road_like & _arms(paths, shift, hub=False)) | (hub_like & _hub_at(shift))
        printed &= ~road_like
    return _opened(printed)


def _arms_hubs_all(paths, shifts):
    """(`_arms` of each half's `paths` at its shift, hub=False; `_hub_at` its shift, none where it
    has no roads), stacked: worked out for all at once from each half's row and column of places
    (the same comparisons of the same values), and kept as `_arms` and `_round_at` keep theirs."""
    u = _PLACES_ACROSS[None] - np.array([float(s[0]) for s in shifts])[:, None]  # (as `_uv_lines`)
    v = _PLACES_ACROSS[None] - np.array([float(s[1]) for s in shifts])[:, None]
    has = np.array([[side in p for side in SIDES] for p in paths], bool).reshape(-1, 4)
    # a north or south corridor: the rows on its side of the middle, the columns near the axis
    down = (has[:, 0, None] & (-v >= 0)) | (has[:, 2, None] & (v >= 0))
    along = (has[:, 1, None] & (u >= 0)) | (has[:, 3, None] & (-u >= 0))
    roads = (down[:, :, None] & (np.abs(u) <= CORRIDOR)[:, None, :]) | \
            ((np.abs(v) <= CORRIDOR)[:, :, None] & along[:, None, :])
    hubs = _rounds_all(shifts, (HUB,), (u, v))[0] & has.any(axis=1)[:, None, None]
    if len(_ARMS) + len(shifts) > 256:
        _ARMS.clear()
    for p, shift, arms in zip(paths, shifts, roads):
        key = ("".join(side for side in SIDES if side in p), float(shift[0]), float(shift[1]), False)
        _ARMS.setdefault(key, arms.copy()).flags.writeable = False
    return roads, hubs


def _rounds_all(shifts, reaches, uv=None) -> list:
    """`_round_at` of each half lying at `shifts`, for each of `reaches` (a stack a reach), worked
    out for all at once (the same distances of the same places) and kept as `_round_at` keeps its
    own. ``uv``: each half's row and column of places, if already laid out."""
    u, v = uv if uv is not None else (_PLACES_ACROSS[None] - np.array([[float(s[i]) for s in shifts]]).T
                                      for i in (0, 1))
    r = np.hypot(u[:, None, :], v[:, :, None])
    out = [r <= reach for reach in reaches]
    if len(_ROUNDS) + len(shifts) * len(reaches) > 256:
        _ROUNDS.clear()
    for reach, rounds in zip(reaches, out):
        for shift, round_ in zip(shifts, rounds):
            _ROUNDS.setdefault((float(shift[0]), float(shift[1]), reach), round_.copy()).flags.writeable = False
    return out


def _icon_prints(offs, road_like, hub_like, paths, shifts) -> list:
    """For each half of a stack (`offs`: its print; `road_like`, `hub_like`: as `_with_ground`
    works them out), with roads `paths` and lying `shifts` off its square: (`_icon_print` of it,
    the share of the icon's place that print covers, and the share printed there, thin lines
    and the road's colours outside the roads' corridors and middle included: an outline)."""
    where = _masks()["icon"]
    roads, hubs = _arms_hubs_all(paths, shifts)
    # (a half with no roads: nothing in the road's colours is its icon's)
    none = np.array([not p for p in paths])[:, None, None]
    taken = np.where(none, road_like, (road_like & roads) | (hub_like & hubs))
    icons = _opened(offs & _masks()["picture"] & ~taken)
    outlined = offs & ~(road_like & (roads | hubs))
    size = np.count_nonzero(where)
    area = (np.count_nonzero(icons[:, where], axis=1) / size).tolist()
    outline = (np.count_nonzero(outlined[:, where], axis=1) / size).tolist()
    return list(zip(icons, area, outline))


def _opened(marked) -> np.ndarray:
    """`marked` (a patch, or a stack of them) with thin specks and lines opened away, each patch
    alone. A stack is opened as one tall image: what a patch marks lies clear of its edges (within
    the picture's reach), so no patch's opening reaches into the next one."""
    tall = marked.reshape(-1, marked.shape[-1]).astype(np.uint8)
    return cv2.morphologyEx(tall, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)).reshape(marked.shape) > 0


# An icon's picture is compared cell by cell: CELLS_ACROSS x CELLS_ACROSS cells over the icon's
# reach, each its mean colour and how much of it is printed, at small shifts (a domino lies up
# to HAND off its square, and its icon with it) and in four quarter turns
CELLS_ACROSS = 9  # odd: the middle cell lies on the icon's middle
_LO = int(round((0.5 - ICON_REACH_CELLS) * SQUARE_PX))
_HI = SQUARE_PX - _LO
MOST = 5                     # px: how far off its square's middle an icon's print is looked for


def _print_centre(printed) -> tuple[int, int]:
    """Where the middle of an icon's print lies, in px from the square's middle: the picture read
    and the one learnt are both compared from there, whatever the shape."""
    ys, xs = np.nonzero(printed)
    if len(xs) == 0:
        return 0, 0
    c = (SQUARE_PX - 1) / 2
    return (int(np.clip(round(float(xs.mean()) - c), -MOST + 1, MOST - 1)),
            int(np.clip(round(float(ys.mean()) - c), -MOST + 1, MOST - 1)))


def _cells(L, printed, dx=0, dy=0):
    """(mean log colour of the print in each cell, printed share of each cell) of the icon's
    reach moved by (dx, dy) px: the print's own colours, whatever terrain is round it."""
    y0, x0 = _LO + dy, _LO + dx
    n, w = CELLS_ACROSS, _HI - _LO
    m = printed[y0:y0 + w, x0:x0 + w].astype(np.float32)
    share = cv2.resize(m, (n, n), interpolation=cv2.INTER_AREA)
    colour = cv2.resize(L[y0:y0 + w, x0:x0 + w] * m[:, :, None], (n, n), interpolation=cv2.INTER_AREA)
    return colour / np.maximum(share, 1e-3)[:, :, None], share


def _cell_scores(C, S, colour, share):
    """How unlike each learnt picture (cells C, shares S, one per row) the cells read are: cell
    by cell, the print's colour weighted by how much of the cell it covers (so a picture is its
    print on nothing, whatever terrain and roads lie round it), on the whole and in the few
    cells that differ most (two icons may differ in one small part)."""
    d = C * S[..., None] - (colour * share[..., None])[None]
    m = d.mean(axis=-1, keepdims=True)
    dc = np.sqrt(((d - m) ** 2).sum(axis=-1)) + 0.5 * np.abs(m[..., 0]) + SHAPE_WEIGHT * np.abs(S - share[None])
    flat = np.minimum(dc, CLIP).reshape(len(C), -1)
    used = (np.maximum(S, share[None]) > 0.05).reshape(len(C), -1)
    mean = (flat * used).sum(axis=1) / np.maximum(used.sum(axis=1), 1)
    worst = -np.sort(-flat, axis=1)[:, :WORST].mean(axis=1)
    return 0.5 * (mean + worst)


# ---- an icon as a picture laid over its half: the learnt print where it was printed, the
# half's own ground (its terrain, or a road) round it, compared pixel by pixel in four turns

LOOKS = (2, 1)               # pictures are compared at half the patch's resolution, then the nearest at full
LOOK_REACH = 0.4             # ... over this radius round the half's middle (an icon and its castle marks)
LOOK_SHIFT = 2               # ... moved up to this many pixels either way at half resolution, then one at full
NEAREST = 4                  # ... the icons compared again at full resolution
EDGE_COST = 0.5              # a pixel where an icon's edge blurs into a terrain costs at most this (log, squared)
# an icon is read as a picture where, where it is printed, it fits at most this share of no
# icon's misfit, and the next icon's misfit over the half is at least this many times its own
LOOK_FIT, LOOK_APART = 0.6, 1.25
# ... or, over the half a little nearer (LOOK_NEAR_APART), where it is printed it fits at most
# FIT_NEAR of the ground's misfit there and every icon nearly as near misfits where it is printed
# FIT_APART times as much: two pictograms of alike outline (a star, a triangle) blur alike over
# the half, but each one's own colours, laid where it is printed, tell them apart
LOOK_NEAR_APART, FIT_NEAR, FIT_APART = 1.05, 0.4, 4.0
FIT_ALONE = 8.0              # an icon little of which stands out is there if its own fit is this many times the next's
WEAK_ROAD = 0.75             # a side this little (or less) in the road's colours is no plain road
LOOK_BARE = 0.8              # ... and, where little of it stands out, it fits the half this much better than none
LOOK_CLOSE = 0.3             # ... unless where it is printed it fits this closely: a small icon (a star) is a
                             # small part of the half, but its own colours and shape, laid there, are no ground
# a half the pictures do not fit is said to have no icon where little stands out and it lies at
# most LOOK_OFF off its square (the pictures are laid up to that far: LOOK_SHIFT at half
# resolution, one more at full); else (more stands out, or it lies further off, where an icon's
# picture is laid only partly over it) only where no icon fits better than FIT_NONE times the
# ground's misfit where it is printed
FIT_NONE, LOOK_OFF = 4.0, (LOOKS[0] * LOOK_SHIFT + 1) / SQUARE_PX
# A half compared only to ask (`_no_picture`) whose every icon, laid where its own print fits best
# at half resolution, fits there FIT_SCREEN times the ground's misfit or worse is not compared again
# at full resolution, where none has fitted within FIT_NONE (the fit taken there has come to 0.64 of
# the least at half resolution or more: measured, not bound)
FIT_SCREEN = 2 * FIT_NONE
GROUND_SPREADS, PRINT_PLAIN = 3.0, 0.15   # an icon's print, learnt: this many times its ground's spread, at least this
MIN_CORE = 40                # px (of 48 x 48): an icon learnt with less printed clear of its edges is no picture
BLOB = 0.1                   # a half read with no icon shows less than this share of its icon's place standing out
TEXTURE_SPREADS = 2.0        # ... and twice what most of a textured terrain strays (its 90th percentile: lava's cracks)
FAINT_CONTRAST = 3.0         # an icon printed near its terrain's colour stands out this many times the terrain's own noise
SAME_LOOK = 0.06             # a half this near (mean log distance) one the owner corrected looks as it did
_LOOK_MASKS: dict = {}


def _look_masks(f):
    """(first row and column, width, disc) of the window compared at 1/f of the patch's resolution."""
    if f not in _LOOK_MASKS:
        n = SQUARE_PX // f
        c = (np.arange(n) + 0.5) / n - 0.5
        u, v = np.meshgrid(c, c)
        w = int(math.ceil(LOOK_REACH * n))  # the window compared: 2w across, centred
        lo = n // 2 - w
        _LOOK_MASKS[f] = lo, 2 * w, (np.hypot(u, v) <= LOOK_REACH)[lo:lo + 2 * w, lo:lo + 2 * w]
    return _LOOK_MASKS[f]


def _scaled(a, f, stack: bool = False):
    """A square's image at 1/f of its side; with ``stack``, each of a stack of them (k, side,
    side, ...), scaled as one tall image: 1/f of a square averages f x f pixels of it alone."""
    if f == 1:
        return a
    n = SQUARE_PX // f
    if not stack:
        return cv2.resize(a, (n, n), interpolation=cv2.INTER_AREA)
    k = len(a)
    return cv2.resize(a.reshape(-1, *a.shape[2:]), (n, k * n), interpolation=cv2.INTER_AREA).reshape(k, n, n, *a.shape[3:])


def _print_threshold(picture, ground) -> float:
    """How far from its ground a pixel of an enrolment picture must be to be the icon's: a few
    times the ground's own spread (its texture and noise, measured in the shot's corners), so a
    part printed near the terrain's colour (a pink dot on light stone) is kept where the ground
    is plain, and a busy ground (lava's cracks) still needs PRINT."""
    spread = float(np.percentile(_dist_px_to(picture[_masks()["corners"]], ground), 90))
    return float(np.clip(GROUND_SPREADS * spread, PRINT_PLAIN, PRINT))


def _outlined(raw):
    """(closed, holes, filled) of what an icon prints: its thin dark outline closes the shape,
    and what it holds in the ground's colours is a hole in it (uint8 masks)."""
    closed = cv2.morphologyEx(raw.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    flood = np.pad(1 - closed, 1, constant_values=1)
    cv2.floodFill(flood, None, (0, 0), 2)
    holes = ((flood[1:-1, 1:-1] == 1) & (closed == 0)).astype(np.uint8)
    filled = ((flood[1:-1, 1:-1] != 2) | (closed > 0)).astype(np.uint8)
    return closed, holes, filled


def _look_templates(profile: DominoProfile) -> dict:
    """Each learnt icon in four quarter turns, at each resolution of LOOKS, as rows over the
    compared window: where it is printed (M), its colours there (T, light as on its enrolment
    terrain taken out), the band at its blurred edge (B), T's square sum; and whose each row is."""
    rows = {f: ([], [], []) for f in LOOKS}
    corners = _masks()["corners"]
    pictures = icon_pictures(profile)  # every look at each icon: enrolment's, and the check's
    for _, picture, printed in pictures:
        ground = np.median(picture[corners], axis=0)
        near = min(profile.terrains.values(), key=lambda t: float(np.linalg.norm(t - ground)), default=ground)
        pic = picture - (ground - near)
        # its thin dark outline closes the shape; what it holds in the enrolment terrain's colours
        # (the terrain between its castle marks, or a part of it in that colour) is taken for
        # ground, the blurred edge of all it prints counts for neither, and the rest is the icon.
        # Within it, its parts blur into each other alike on any terrain; near its outer edge
        # and its holes they blur into the enrolment terrain (thin castle marks do all through).
        # It is looked for as print (PRINT) and again nearer its ground, down to a few times the
        # ground's own spread (a part printed close to the terrain's colour, a pink dot on light
        # stone, would be lost): that look reaches further into the blur, so its edge is kept
        # a pixel further off
        off = _dist_px_to(picture, ground)
        edge, wide = np.ones((5, 5), np.uint8), np.ones((7, 7), np.uint8)
        core = band = None
        # (and as learnt at enrolment: an icon found only against its own terrain's noise, `_enrolled_print`)
        for marked, keep_off in (((off > PRINT), edge), ((off > _print_threshold(picture, ground)), wide),
                                 (printed, wide)):
            closed, holes, filled = _outlined(marked & _masks()["picture"])
            c = cv2.erode(filled, keep_off) & (1 - cv2.dilate(holes, keep_off)) & printed.any()
            if core is None:
                core, band = c, cv2.dilate(closed, edge) & (1 - cv2.erode(closed, edge))  # all it prints, blurred
            else:
                core |= c
        for f in LOOKS:
            lo, w, disc = _look_masks(f)
            c, b = (_scaled(a.astype(np.float32), f) > 0.5 for a in (core, band))
            b &= ~c
            col = _scaled(pic, f)
            M, B, T = rows[f]
            for q in range(4):
                c_, b_, t_ = (np.rot90(a, -q)[lo:lo + w, lo:lo + w] for a in (c, b, col))
                M.append((c_ & disc).ravel())
                B.append((b_ & disc).ravel())
                T.append((t_ * (c_ & disc)[..., None]).ravel())
    out = {}
    for f, (M, B, T) in rows.items():
        M, B, T = (np.array(a, np.float32) for a in (M, B, T))
        out[f] = M, B, T, (T * T).sum(axis=1)
    names = list(profile.icons)
    out["whose"] = np.repeat([names.index(name) for name, _, _ in pictures], 4)
    # each icon's printed pixels compared at full resolution (of its looks, the one showing most)
    core = out[1][0][::4].sum(axis=1)
    out["core"] = np.array([core[out["whose"][::4] == i].max() for i in range(len(names))])
    # each icon's rows, padded to as many as the most has with one past the last row (never one
    # of its own: `_nearest_all` gives it a misfit that never wins)
    members = [np.nonzero(out["whose"] == i)[0] for i in range(int(out["whose"].max()) + 1)]
    out["rows of"] = np.full((len(members), max(len(m) for m in members)), len(out["whose"]))
    for i, mine in enumerate(members):
        out["rows of"][i, :len(mine)] = mine
    return out


def _ground_misfit(L, grounds, roads, f):
    """(the patch at 1/f resolution, each pixel's squared distance to its ground: its terrain,
    or where ``roads`` run the nearest of the road's colours too)."""
    small, g = _ground_misfits(L[None], np.asarray(grounds, np.float32)[None], None if roads is None else roads[None], f)
    return small[0], g[0]


def _ground_misfits(L, grounds, roads, f):
    """`_ground_misfit` of a stack of patches (k, SQUARE_PX, SQUARE_PX, 3), each with its own
    grounds (k, colours, 3) and roads (k, SQUARE_PX, SQUARE_PX; None: no roads on any)."""
    small = _scaled(L, f, stack=True)
    grounds = np.asarray(grounds, np.float32)
    planes = [np.ascontiguousarray(small[..., i]) for i in range(3)]

    def misfit(c):  # squared distance to one colour (a row for each patch), channel by channel
        q = (planes[0] - c[:, 0, None, None]) ** 2
        q += (planes[1] - c[:, 1, None, None]) ** 2
        q += (planes[2] - c[:, 2, None, None]) ** 2
        return q
    g = misfit(grounds[:, 0])
    if roads is not None:
        road = misfit(grounds[:, 1])
        for i in range(2, grounds.shape[1]):
            np.minimum(road, misfit(grounds[:, i]), out=road)
        g = np.where(_scaled(roads.astype(np.float32), f, stack=True) > 0.5, np.minimum(g, road), g)
    return small, g


def _windows_at(a, w, ys, xs, of=None):
    """The w x w windows of each patch of a stack (k, side, side[, channels]) whose corners lie
    at rows `ys` and columns `xs` (one window a shift), each as one row: its pixels row by row,
    their channels together, as the learnt pictures lie (numpy's sliding windows without their
    checks, and with a pixel's channels in place: one copy). With `of`, the patch of each window
    (one row a window, not one a patch and shift)."""
    a = np.ascontiguousarray(a)
    s, across = a.strides, w * (a.shape[3] if a.ndim == 4 else 1)
    side = a.shape[1] - w + 1
    at = np.ndarray((len(a), side, side, w, across), a.dtype, a, 0, (s[0], s[1], s[2], s[1], s[-1]))
    if of is not None:
        return at[of, ys, xs].reshape(len(ys), -1)
    return at[:, ys, xs].reshape(len(a) * len(ys), -1)


def _look_windows(small, g, shifts, f, of=None):
    """(I, Gp, Q, E): the windows `_look_costs` compares, one row a shift (and, with `of`, the
    patch of each shift: see `_windows_at`)."""
    lo, w, _ = _look_masks(f)
    # each shift's window, one row each, taken from the patches' sliding windows at once (what is
    # worked out pixel by pixel, worked out over the patches first: far fewer pixels than their windows)
    ys, xs = [lo + dy for _, dy in shifts], [lo + dx for dx, _ in shifts]
    return tuple(_windows_at(a, w, ys, xs, of) for a in (small, g, _channel_sum(small * small) - g,
                                                           np.minimum(g, EDGE_COST) - g))


@functools.lru_cache(maxsize=None)
def _look_disc(f):
    """The compared window's disc at 1/f resolution, as a row of 0s and 1s (read only: shared)."""
    d = _look_masks(f)[2].ravel().astype(np.float32)
    d.flags.writeable = False
    return d


def _look_products(tpl, rows, f, I, Gp, Q, E):
    """`_look_costs` from its windows (`_look_windows`)."""
    M, B, T, TT = (a[rows] for a in tpl)
    d = _look_disc(f)
    on_icon = M @ Q.T - 2 * (T @ I.T) + TT[:, None]
    return on_icon + (Gp @ d)[None] + B @ E.T, on_icon, M @ Gp.T


def _look_costs(small, g, tpl, rows, shifts, f):
    """Each row's misfit (summed over the disc) at each shift: the ground's misfit over the disc,
    but the icon's (I - T)^2 where it is printed, and at most EDGE_COST on its edge; sums over
    pixels as products, all shifts and rows at once. And the part on the icon, and the ground's.
    ``small``, ``g``: a stack of patches (each half's shifts one after another in the columns)."""
    return _look_products(tpl, rows, f, *_look_windows(small, g, shifts, f))


def _look_scores(L, grounds, looks, roads=None):
    """How far (mean square, log, per channel) the half looks from each learnt icon laid on it
    at its best turn and shift (the NEAREST at full resolution, the others at half: no nearer),
    the same with no icon, the nearest icon's misfit where it is printed as a share of the
    ground's there, and each icon's own fit (NEAREST of them, nan for the rest and for those
    learnt with too little printed): that share at its best, laid where the half fits it or
    where its own print fits best."""
    return _look_scores_all([(L, grounds, roads, (), False)], looks)[0]


_AROUND: dict = {}  # (LOOK_SHIFT, the full-resolution window's reach): the shifts round each


def _nearest_all(costs, own_fits, looks, shifts, area2):
    """For a map's halves compared at half resolution (`costs` and each icon's own fit, `own_fits`:
    a row a learnt picture and turn, each half's `shifts` together in the columns): each icon's
    misfit over each half at its best turn and shift, as a mean (9 for an icon with no picture),
    each row's best shift for each half, and for each icon and half its best row, and the row and
    shift where its own print fits best. All (icons or rows, halves), worked out for all halves
    at once: each half's figures as from its own columns alone (minima and the first place of
    each, so exactly the same)."""
    rows, ns, of = len(costs), len(shifts), looks["rows of"]
    cost = costs.reshape(rows, -1, ns)
    at = cost.argmin(axis=2)
    best = np.take_along_axis(cost, at[..., None], axis=2)[..., 0]
    out = np.full((len(of), best.shape[1]), 9.0, np.float32)
    np.minimum.at(out, looks["whose"], best / area2)
    # (the padding's row never wins: +inf, after an icon's own rows, and the first least is taken)
    never = np.full((1, best.shape[1]), np.inf, best.dtype)
    row = np.take_along_axis(of, np.concatenate([best, never])[of].argmin(axis=1), axis=1)
    own = np.concatenate([own_fits.reshape(rows, -1, ns), never[..., None].repeat(ns, axis=2)])[of]
    flat = own.transpose(0, 2, 1, 3).reshape(len(of), own.shape[2], -1).argmin(axis=2)  # (its rows x shifts, flattened)
    return out, at, row, np.take_along_axis(of, flat // ns, axis=1), flat % ns


def _look_scores_all(asked, looks) -> list:
    """`_look_scores` of each (L, grounds, roads, also, to_ask) of `asked`: every half compared at
    half resolution in one product, then each half's nearest icons at full, and the icons ``also``
    names (their indices) however far they came at half; a half compared only ``to_ask`` whether
    some icon fits it, at full resolution only where one could (FIT_SCREEN)."""
    if not asked:
        return []
    s = LOOK_SHIFT
    shifts = [(dx, dy) for dy in range(-s, s + 1) for dx in range(-s, s + 1)]
    # every half at half resolution at once (a half with no roads: none marked on it)
    marked = None if all(r is None for _, _, r, _, _ in asked) else \
        np.stack([np.zeros((SQUARE_PX, SQUARE_PX), bool) if r is None else r for _, _, r, _, _ in asked])
    halves, grounds = np.stack([L for L, _, _, _, _ in asked]), np.stack([gr for _, gr, _, _, _ in asked])
    small, g = _ground_misfits(halves, grounds, marked, 2)
    costs, on_icons, grounds_on = _look_costs(small, g, looks[2], slice(None), shifts, 2)
    # and at full resolution, all at once too, for each half's nearest icons below
    fulls, full_grounds = _ground_misfits(halves, grounds, marked, 1)
    # how well each icon's own colours fit where it is printed (as a share of the ground's misfit
    # there), at each turn and shift: a small icon (a triangle round a dot) within castle marks or
    # roads may lie best over the half a pixel or two from where its own print fits best
    own_fits = (on_icons + grounds_on) / np.maximum(grounds_on, 1e-6)
    area2 = 3 * float(_look_masks(2)[2].sum())
    area = 3 * float(_look_masks(1)[2].sum())
    lo, w, disc = _look_masks(1)
    outs, at, best_row, own_row, own_shift = _nearest_all(costs, own_fits, looks, shifts, area2)
    nearest = np.argsort(np.ascontiguousarray(outs.T), axis=1)[:, :NEAREST]
    # the ground's misfit over each half's disc (each row summed alone below: a sum along the
    # stack's axis adds in another order)
    disc_ground = full_grounds[:, lo:lo + w, lo:lo + w][:, disc]

    # the full-resolution shifts round each half-resolution one
    if (s, lo) not in _AROUND:
        _AROUND[s, lo] = {(sx, sy): sorted({(min(max(2 * sx + dx, -lo), lo), min(max(2 * sy + dy, -lo), lo))
                                            for dy in (-1, 0, 1) for dx in (-1, 0, 1)}) for sx, sy in shifts}
    around = _AROUND[s, lo]
    # the nearest icons again at full resolution, each at its best turn, round its best shift,
    # and round where its own print fits best
    asks = []  # each half's (picks, fitting, elsewhere, rows, every): (icon, its row, the shifts round its best)
    # (the least own fit at half resolution of each half's icons learnt well enough to say one)
    own_least = np.full((len(looks["core"]), len(asked)), np.inf)
    np.minimum.at(own_least, looks["whose"], own_fits.reshape(len(costs), len(asked), len(shifts)).min(axis=2))
    screened = [to_ask and own_least[looks["core"] >= MIN_CORE, i].min(initial=np.inf) >= FIT_SCREEN
                for i, (*_, to_ask) in enumerate(asked)]
    for i in range(len(asked)):
        if screened[i]:
            asks.append((None,) * 4 + ([],))
            continue
        near = list(nearest[i]) + [icon for icon in asked[i][3] if icon not in nearest[i]]
        picks = [(icon, int(best_row[icon, i]), around[shifts[at[best_row[icon, i], i]]]) for icon in near]
        fitting = [(icon, int(own_row[icon, i]), around[shifts[own_shift[icon, i]]]) for icon in near]
        # and where each one's own print fits best, where that is elsewhere (most lie where they fit
        # the half): all of them at once, at every shift any of them is looked at
        elsewhere = [f for f, p in zip(fitting, picks) if f[1:] != p[1:]]
        rows = [row for _, row, _ in picks] + [row for _, row, _ in elsewhere]
        every = sorted(set().union(*(near for _, _, near in picks + elsewhere)))
        asks.append((picks, fitting, elsewhere, rows, every))
    # every half's windows at once; each half's products alone (its rows at its own shifts)
    windows = _look_windows(fulls, full_grounds, [shift for *_, every in asks for shift in every], 1,
                            [i for i, (*_, every) in enumerate(asks) for _ in every]) if not all(screened) else None
    out_all, start = [], 0
    for i, (picks, fitting, elsewhere, rows, every) in enumerate(asks):
        if screened[i]:  # (its scores as at half resolution; no icon fits where printed)
            out_all.append((outs[:, i].copy(), float(disc_ground[i].sum()) / area, math.inf,
                            np.full(outs.shape[0], np.nan)))
            continue
        cut = slice(start, start + len(every))
        start = cut.stop
        c, on_icon, ground = _look_products(looks[1], rows, 1, *(a[cut] for a in windows))
        fit_at = (on_icon + ground) / np.maximum(ground, 1e-6)
        place = {at: k for k, at in enumerate(every)}
        out = outs[:, i].copy()
        fine = []
        fits = np.full(len(out), np.nan)  # (nan: not compared at full resolution, or too little learnt)
        for j, (icon, _, near) in enumerate(picks):
            cols = [place[at] for at in near]
            k = cols[int(c[j, cols].argmin())]
            out[icon] = c[j, k] / area
            if looks["core"][icon] >= MIN_CORE:  # (an icon with too little learnt says nothing of the fit)
                fine.append((out[icon], float(on_icon[j, k] + ground[j, k]) / max(float(ground[j, k]), 1e-6)))
                fits[icon] = float(fit_at[j, cols].min())
                if fitting[j] in elsewhere:
                    j2 = len(picks) + elsewhere.index(fitting[j])
                    fits[icon] = min(fits[icon], float(fit_at[j2, [place[at] for at in fitting[j][2]]].min()))
        out_all.append((out, float(disc_ground[i].sum()) / area, min(fine)[1] if fine else math.inf, fits))
    return out_all


def _fits_alone(fits, order) -> bool:
    """Whether the nearest icon's colours, laid where it is printed, fit there far better than
    bare ground does (LOOK_FIT of its misfit) and so much better than the next icon's do where
    that one is printed (FIT_ALONE times) that what is printed is that icon, however little of
    the half it covers (a small dark star on lava blurs into its terrain over the half)."""
    return len(order) > 1 and bool(fits[order[0]] <= LOOK_FIT and fits[order[1]] >= FIT_ALONE * fits[order[0]])


def _fits_apart(scores, fits, best) -> bool:
    """Whether the icon `best`, nearest over the half but not LOOK_APART nearer than the next, is
    still plainly the one printed: at least LOOK_NEAR_APART nearer than any other, it fits where it
    is printed closely (FIT_NEAR of the ground's misfit there), and each icon within LOOK_APART of
    it, compared as closely, misfits where that one is printed FIT_APART times as much. An icon
    not compared so (too little of it learnt) could be the one: then it is not plain."""
    first, mine = float(scores[best]), float(fits[best])
    if not mine <= FIT_NEAR:  # (nan: not compared closely)
        return False
    rivals = [i for i in range(len(scores)) if i != best and scores[i] < LOOK_APART * first]
    return all(scores[i] >= LOOK_NEAR_APART * first and fits[i] >= FIT_APART * mine for i in rivals)


# ---- by colour, as enrolled: road boxes, and an icon's badge (its ring and its middle)

def _badge(seam):
    """Where an icon's badge lies in a square's patch: the centre (in squares from the square's)
    of what is neither the terrain nor the road (``seam``: `_seam_dist` to the two), and what
    share of the square it covers."""
    return _badges(seam[None])[0]


def _badges(seam) -> list:
    """`_badge` of each patch of a stack (k, SQUARE_PX, SQUARE_PX), told apart at once."""
    u, v = _uv()
    # the blurred seam between terrain and road is neither: thin, so opened away
    other = _opened((seam > BADGE_SEEN) & (np.hypot(u, v) < BADGE_REACH))
    out = []
    for o in other:
        area = float(np.count_nonzero(o) / o.size)  # (o.mean(), as numpy works it out)
        out.append((None, area) if area < BADGE_SPECK else ((float(u[o].mean()), float(v[o].mean())), area))
    return out


def _side_boxes(images, shift, reach=SIDE) -> list[list]:
    """The pixels of each of `images` (a patch's log colours, or any figure worked out for each
    of its pixels) towards each edge of a square, N E S W, where a road to it would run (`reach`
    out from the centre), of a domino lying `shift` off the square's centre (in squares), row by
    row: one list of four boxes an image."""
    lo, hi = reach
    out = [[] for _ in images]
    lines = _side_lines(shift)
    # each edge's places along and across its axis, as runs: the four edges' rows told at once
    along = np.array([a for a, _, _ in lines])
    runs = _runs(np.vstack([(along >= lo) & (along <= hi), np.array([c for _, c, _ in lines]) <= SIDE_HALF]))
    for i, (_, _, down) in enumerate(lines):
        rows, cols = _rows_cols(runs[i], runs[4 + i], down)
        for boxes, image in zip(out, images):
            boxes.append(image[rows][:, cols].reshape(-1, *image.shape[2:]))
    return out


def _runs(masks) -> list:
    """Each row of `masks` (rows of places) as a slice where its places lie in one run (a box's
    rows and columns do): the same pixels, taken as a view rather than gathered; else the row
    itself. Told for all the rows at once."""
    n = masks.shape[1]
    count = np.count_nonzero(masks, axis=1).tolist()
    first = masks.argmax(axis=1).tolist()
    last = (n - 1 - masks[:, ::-1].argmax(axis=1)).tolist()
    return [slice(0, 0) if not k else slice(a, b + 1) if b - a + 1 == k else m
            for k, a, b, m in zip(count, first, last, masks)]


def _road_votes(road, plain) -> tuple[int, int]:
    """(its pixels nearer the road's colour than the terrain's, those nearer the terrain's) of a
    road box, by PATH_MARGIN: a seam, the gap beside the domino or its neighbour's edge count
    for neither."""
    return int((road + PATH_MARGIN < plain).sum()), int((plain + PATH_MARGIN < road).sum())


def _road_shift_by_colour(to_road, to_own, margin):
    """Where a domino with no badge lies on its square, across its roads (in squares from the
    square's centre): the middle of the road pixels beside the north and south road boxes gives
    it east-west, beside the east and west ones north-south; 0 where no road runs (``to_road``,
    ``to_own``: each pixel's `_dist_px_to` the road and its terrain)."""
    return _across_roads(to_road + margin < to_own, OPEN_SIDE)


def _badge_colours(L, at):
    """(ring, centre) log colours of a badge centred at `at` (in squares from the square's centre)."""
    u, v = _uv_lines(at)
    rows, cols = _box_within(at, max(RING[1], CENTRE))  # (the same pixels, in the same order)
    r = np.hypot(u[cols][None], v[rows][:, None])
    box = L[rows, cols]
    return _median(box[(r >= RING[0]) & (r <= RING[1])]), _median(box[r <= CENTRE])


def _square_ratio(frame, H_inv, x, y, pitch_mm, light):
    """The square of side `pitch_mm` centred at (x, y) mm, SQUARE_PX across, as ratios to the mat's light."""
    return _square_patch(frame, H_inv, x, y, pitch_mm).astype(np.float32) / np.maximum(np.asarray(light, np.float32), 1.0)


def _square_patch(frame, H_inv, x, y, pitch_mm):
    """The square of side `pitch_mm` centred at (x, y) mm, SQUARE_PX across, as the frame shows it."""
    n, mm = SQUARE_PX, pitch_mm / SQUARE_PX
    A = np.array([[mm, 0, x - pitch_mm / 2], [0, mm, y - pitch_mm / 2], [0, 0, 1]])
    return cv2.warpPerspective(frame, H_inv @ A, (n, n), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def _area_ratios(frame, H_inv, first, rows, cols, pitch_mm, lights, n=SQUARE_PX):
    """Every square of an area as `_square_ratio` gives it, (rows, cols, n, n, 3), straightened at
    once: `first` is the centre of its first square, `lights` the mat's light at each square's
    centre, `n` the pixels across a square (SQUARE_PX, or COARSE_PX for the bare test)."""
    mm = pitch_mm / n
    A = np.array([[mm, 0, first[0] - pitch_mm / 2], [0, mm, first[1] - pitch_mm / 2], [0, 0, 1]])
    area = cv2.warpPerspective(frame, H_inv @ A, (cols * n, rows * n), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
    # divided as straightened, each row of squares by its squares' lights laid along one pixel row
    # (a long row a division, not three channels: the same quotients), then seen square by square
    light = np.repeat(np.maximum(lights, 1.0).astype(np.float32), n, axis=1).reshape(rows, 1, cols * n * 3)
    return (area.reshape(rows, n, cols * n * 3) / light).reshape(rows, n, cols, n, 3).transpose(0, 2, 1, 3, 4)


_EDGE = 1e-3   # a figure this near a threshold is judged again square by square
# Most squares of a map are bare, and telling them needs few pixels: a map is straightened at
# COARSE_PX a square for it, and only the squares that test leaves at SQUARE_PX. There a square
# is bare only with margins measured (docs/vision.md): its parts this much further from NEUTRAL,
# its tone this much further from GREY_TONE's bounds, and at most this share of it printed on.
COARSE_PX = 24
BARE_COARSE = (0.03, 0.03, 0.0)
# a pixel whose every channel (log) is this near its square's corners' is surely no print: `dist`
# is at most 1.0408 |d| <= 1.8028 max |d_i|, so this keeps it under PRINT by far more than rounding
NEAR_OWN = (PRINT - _EDGE) / 1.81 - 1e-3


_AT_ONCE: dict = {}


def _square_pixels(rows, cols, part, n=SQUARE_PX):
    """Where each square's pixels of one part (a mask of `_masks`) lie in its map straightened
    whole, (rows * n) x (cols * n): flat indices, one row per square."""
    key = (rows, cols, part, n)
    if key not in _AT_ONCE:
        i, j = np.nonzero(_masks(n)[part])
        r, c = np.divmod(np.arange(rows * cols), cols)
        _AT_ONCE[key] = ((r[:, None] * n + i[None]) * (cols * n) + c[:, None] * n + j[None])
    return _AT_ONCE[key]


@functools.lru_cache(maxsize=None)
def _inner_box(n=SQUARE_PX) -> tuple[int, int]:
    """Where a patch's inner part (`_masks`') lies, a box: its first row and column, and the
    first past its last."""
    i, j = np.nonzero(_masks(n)["inner"])
    assert i.min() == j.min() and i.max() == j.max() and len(i) == (i.max() - i.min() + 1) ** 2
    return int(i.min()), int(i.max()) + 1


def _blinded(lights, terrains) -> np.ndarray:
    """(rows, cols): the squares whose mat lies so near the camera's ceiling, under a hot lamp,
    that a pale terrain laid there would clip to a colour as grey as bare mat (light stone then
    shows as mat): there a square that looks bare may not be. (A terrain printed grey is told
    from the mat by its tone, not its colour.)"""
    T = terrains[np.linalg.norm(terrains - terrains.mean(axis=1, keepdims=True), axis=1) >= NEUTRAL]
    ceiling = np.log(255.0 / np.maximum(lights, 1.0))  # the largest ratio to the mat the camera shows
    seen = np.minimum(T[None, None], ceiling[:, :, None, :])
    return (np.linalg.norm(seen - seen.mean(axis=-1, keepdims=True), axis=-1) < NEUTRAL).any(axis=-1)


def _plainly_bare(ratios, greys) -> np.ndarray:
    """(rows, cols): the squares `DominoReader._empty` surely finds bare, judged for a whole area
    at once by its own tests; a square any figure leaves near a threshold is not among them (it is
    looked at square by square). `ratios` may be straightened SQUARE_PX a square or COARSE_PX:
    there with the margins measured for it (BARE_COARSE)."""
    rows, cols, n = ratios.shape[:3]
    neutral, tone, specks = (_EDGE, _EDGE, SPECKS - 1.0 / float(_masks()["inner"].sum())) if n == SQUARE_PX \
        else BARE_COARSE
    ok = _bare_figures(ratios, greys, neutral, tone) <= specks
    return ok.reshape(rows, cols)


def _bare_figures(ratios, greys, neutral=_EDGE, tone=_EDGE) -> np.ndarray:
    """Each square's share of its inner part printed on (beyond PRINT of its corners' colour),
    one a square, row by row; inf where its corners, centre or ring is less than `neutral` short
    of NEUTRAL from grey, or its tone less than `tone` from telling it from a grey terrain (as
    `DominoReader._empty` tells it). The inner part lies further in than the blur reaches, so
    the area is blurred whole (at the same reach in mm whatever the pixels a square)."""
    rows, cols, n = ratios.shape[:3]
    whole = ratios.transpose(0, 2, 1, 3, 4).reshape(rows * n, cols * n, 3)  # (a view: straightened so)
    px = whole.reshape(-1, 3)
    parts = {name: _log(_median(px[_square_pixels(rows, cols, name, n)], axis=1))
             for name in ("corners", "centre", "ring")}
    ok = np.ones(rows * cols, bool)
    for c in parts.values():
        ok &= np.sqrt(((c - c.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)) < NEUTRAL - neutral
    mean = parts["corners"].mean(axis=1)
    for g in greys:
        ok &= (np.abs(mean - float(np.mean(g))) >= GREY_TONE + tone) | (np.abs(mean) <= GREY_TONE - tone)
    # what is printed in the inner part of the squares still bare (sample's blur, the area at once)
    maybe = np.nonzero(ok)[0]
    if not len(maybe):  # every square holds a piece (a full market)
        return np.full(rows * cols, np.inf)
    blurred = cv2.GaussianBlur(np.ascontiguousarray(whole), (0, 0), n / SQUARE_PX)
    # the inner part is a box: its pixels, row by row, taken as the squares' slices (a gather of
    # whole runs, not one index a pixel)
    a, b = _inner_box(n)
    squares = blurred.reshape(rows, n, cols, n, 3).transpose(0, 2, 1, 3, 4)
    px = squares[maybe // cols, maybe % cols, a:b, a:b].reshape(len(maybe), -1, 3)
    own = parts["corners"][maybe]
    # only the pixels not surely bare (NEAR_OWN) are measured: the same distances, the same counts
    lo, hi = np.maximum(np.exp(own - NEAR_OWN), 0.2), np.exp(own + NEAR_OWN)
    unsure = np.zeros(px.shape[:2], bool)
    for i in range(3):
        unsure |= px[..., i] <= lo[:, i, None]
        unsure |= px[..., i] >= hi[:, i, None]
    square, at = np.nonzero(unsure)
    d = _dist_px_to(_log(px[square, at]), own[square])
    printed = np.bincount(square[d > PRINT - _EDGE], minlength=len(maybe))
    share = np.full(rows * cols, np.inf)
    share[maybe] = printed / float((b - a) ** 2)
    return share


def enroll(manifest_path, out, layout: MatLayout, tiles: TileSet, *, cells: Grid) -> DominoProfile:
    """Learn a printing of the dominoes from one frame per terrain and icon (see the module's
    docstring and docs/vision.md for the shots), the squares of its halves the size of the mat's
    (`cells`): each terrain's colour, the road's, and each icon's picture as the half shows it.
    An entry labelled with a half as the rules write it (``lava/person/NS``) at a square of the
    mat is a half the owner corrected in the camera's check: it is learnt too (`_learn_halves`)."""
    pitch_mm = cells.pitch_mm
    terrains, roads, road_px, pictures, widths = {}, [], [], [], {}
    told, halves = HalvesToo(tiles), []
    for img_path, label, at, area, frame, cal, view in enrolment_views(manifest_path, layout, told):
        if "/" in label:  # a corrected half: learnt once the road's colours are known
            halves.append(_corrected_half(img_path, label, at, area, frame, cal, view, layout, cells))
            continue
        (x, y), seen_mm2 = shot_piece(img_path, at, area, view, tiles)
        if seen_mm2 < 1.5 * pitch_mm ** 2:
            x = _whole_domino(frame, cal, view, x, y, pitch_mm)
        light = view.mat_colour_at(x, y)
        west = sample(_square_ratio(frame, cal.H_inv, x - pitch_mm / 2, y, pitch_mm, light))
        east = sample(_square_ratio(frame, cal.H_inv, x + pitch_mm / 2, y, pitch_mm, light))
        if label.startswith("terrain-"):
            terrains[label[8:]] = np.r_[east["corners"], west["corners"]].reshape(2, 3).mean(axis=0)
            road = _road_colour(west["log"], west["corners"])
            if road is None:
                raise VisionInputError(f"{label}: no roads seen on the west half of its domino; lay it with the "
                                       "half open on all four sides to the west, alone in the tray",
                                       kind=NO_ROADS, terrain=label[8:])
            roads.append(road)
            road_px.append(_road_pixels(west["log"], west["corners"]))
            printed = west["off"] > PRINT  # (how wide its four roads are printed on this terrain)
            widths[label[8:]] = float(np.median(list(_road_widths(printed,
                                                                  _road_shift(printed, OPEN_REACH)).values())))
        else:
            pictures.append((label[5:], west))
    if not roads:
        raise VisionInputError("enrolment shows no terrain: the path's colour is learnt from them")
    road = np.mean(roads, axis=0).astype(np.float32)
    # an icon is kept as its half shows it (log colours, and where it is printed on its terrain)
    icons = {name: (w["log"].astype(np.float32), _enrolled_print(w)) for name, w in pictures}
    for name, (_, printed) in icons.items():
        if printed[_masks()["icon"]].mean() < NO_ICON:
            raise VisionInputError(f"icon-{name}: no icon seen on the west half of its domino; lay it with the "
                                   "icon's half to the west, alone in the tray", kind=NO_ICON, icon=name)
    px = np.concatenate(road_px).astype(np.float32)
    k = min(ROAD_COLOURS, len(px))
    _, _, palette = cv2.kmeans(px, k, None, (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01), 3,
                               cv2.KMEANS_PP_CENTERS)
    profile = DominoProfile(layout.game, pitch_mm, {t: c.astype(np.float32) for t, c in terrains.items()}, road,
                            palette.astype(np.float32), icons, road_widths=widths)
    _learn_halves(profile, halves)
    if out is not None:
        profile.save(out)
    return profile


_DISC5 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
_BLOB_ROADS: dict = {}


def _blob_roads(paths) -> np.ndarray:
    """Where the roads of `paths` may run on a half however it lies on its square: their
    corridors and the hub where they meet, widened by a hand's offset."""
    if paths not in _BLOB_ROADS:
        arms = _arms(paths)
        _BLOB_ROADS[paths] = cv2.dilate(arms.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0 if paths else arms
    return _BLOB_ROADS[paths]


def _texture(s, paths) -> float | None:
    """How much a sampled half's middle varies at a fine scale (its luminance, log, less its
    blurred self), clear of wherever its roads `paths` may run: its terrain's print and the
    sensor's noise (None where its roads leave too little of the middle)."""
    lum = s["log"].mean(axis=2)
    fine = lum - cv2.GaussianBlur(lum, (0, 0), PLAIN_BLUR)
    u, v = _uv()
    seen = (np.abs(u) <= PLAIN_MIDDLE) & (np.abs(v) <= PLAIN_MIDDLE) & ~_blob_roads(paths)
    return float(fine[seen].std()) if np.count_nonzero(seen) >= 100 else None


def _pairs(squares) -> int:
    """How many dominoes at most `squares` ((row, column) each) hold, two squares side by side
    each: a matching of a chessboard's dark squares to its light ones, grown a path at a time."""
    partner: dict = {}

    def pair(sq, seen) -> bool:
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            other = (sq[0] + dr, sq[1] + dc)
            if other in squares and other not in seen:
                seen.add(other)
                if other not in partner or pair(partner[other], seen):
                    partner[other] = sq
                    return True
        return False

    return sum(pair(sq, set()) for sq in squares if sum(sq) % 2 == 0)


def _unpaired(squares, among) -> list:
    """Those of `among` that some way of pairing the most of `squares` as dominoes leaves out:
    halves the others can do without (none where every square pairs)."""
    if not among:
        return []
    squares = set(squares)
    most = _pairs(squares)
    if 2 * most == len(squares):
        return []
    return [sq for sq in among if _pairs(squares - {sq}) == most]


def _mat_share(s) -> float:
    """The share of a sampled square's inner part that is bare mat: ``bare``, but on a half
    whose terrain is printed grey in a tone of its own (light stone near the mat's grey), only
    the grey pixels nearer the mat's tone than the terrain's (the terrain itself is no mat)."""
    tone = _mean3(s["corners"])
    if s["bare"] < 0.3 or abs(tone) <= GREY_TONE or _chroma(s["corners"]) >= NEUTRAL:
        return s["bare"]
    L = s["log"][_masks()["inner"]]
    px = L.mean(axis=1)
    grey = np.linalg.norm(L - px[:, None], axis=1) < NEUTRAL
    return _share(grey & (np.abs(px) < np.abs(px - tone)))


def _print_against_edges(s) -> list:
    """The edges, as (row, column) steps to the square beyond, that what is not bare mat on a
    sampled square lies against as a sliver of another square's piece: along the whole edge (its
    outer EDGE_BAND, at least EDGE_PRINT of it), and nothing of it in the half of the square away
    from that edge (a road or an icon on a half reaches its middle)."""
    printed = ~(np.abs(s["log"]) < BARE_MAT).all(axis=-1)
    out = []
    if printed.any():
        u, v = _uv()
        for at, step in ((-v, (-1, 0)), (u, (0, 1)), (v, (1, 0)), (-u, (0, -1))):
            if printed[at >= 0.5 - EDGE_BAND].mean() >= EDGE_PRINT and printed[at < 0].mean() <= SPECKS:
                out.append(step)
    return out


def _faint_threshold(s) -> float:
    """How far from its half's terrain a pixel of a sampled square stands out as something
    printed near the terrain's colour: FAINT_CONTRAST times the terrain's own noise, at least
    PRINT_PLAIN."""
    if "faint" not in s:  # (asked of a half again where its roads are read again)
        median, high = _terrain_noise(s["off"], (50, 90))
        s["faint"] = max(PRINT_PLAIN, FAINT_CONTRAST * median, TEXTURE_SPREADS * high)
    return s["faint"]


def _faint_print(s) -> np.ndarray:
    """Where a sampled half shows print faint counted (beyond `_faint_threshold`), worked out once
    a half: several checks ask (read only)."""
    if "faint print" not in s:
        s["faint print"] = s["off"] > _faint_threshold(s)
        s["faint print"].flags.writeable = False
    return s["faint print"]


def _terrain_noise(off, percentile=50):
    """How far a half's terrain strays from its own colour (`off`: each pixel's distance to it):
    the median (or another `percentile`) over the corner box that lies most wholly on it (a
    domino laid a few pixels off its square shows the mat or its edge in the others). Several
    percentiles (a tuple): each's figure, in turn (the boxes sorted once)."""
    if "boxes" not in _MASKS:  # each corner box's pixels, one row each (the boxes are alike in size)
        u, v = _uv()
        corners = _masks()["corners"].ravel()
        _MASKS["boxes"] = np.stack([np.nonzero(corners & ((sx * u > 0) & (sy * v > 0)).ravel())[0]
                                    for sx in (-1, 1) for sy in (-1, 1)])
    px = np.sort(off.ravel()[_MASKS["boxes"]], axis=1)
    out = []
    for p in (percentile if isinstance(percentile, tuple) else (percentile,)):
        at = p / 100 * (px.shape[1] - 1)  # (np.percentile's linear interpolation, on the sorted rows)
        lo = int(at)
        hi = min(lo + 1, px.shape[1] - 1)
        out.append(float((px[:, lo] + (px[:, hi] - px[:, lo]) * np.float32(at - lo)).min()))
    return tuple(out) if isinstance(percentile, tuple) else out[0]


def _whole_domino(frame, cal, view, x, y, pitch_mm) -> float:
    """Where the middle of an enrolment shot's domino lies west-east, when only one of its halves
    stood out of the mat (centred at x, y): a half printed near the mat's grey (light stone) does
    not. The shot's west half is the one printed on (its icon, or its crossroads), so of the two
    ways the domino may lie, the one whose west half shows more print round its middle."""
    def printed(cx):
        s = sample(_square_ratio(frame, cal.H_inv, cx, y, pitch_mm, view.mat_colour_at(cx, y)))
        return float((s["off"] > PRINT)[_masks()["icon"]].mean())
    return x + pitch_mm / 2 if printed(x) >= printed(x - pitch_mm) else x - pitch_mm / 2


def _enrolled_print(west) -> np.ndarray:
    """Where an icon is printed on the west half of its enrolment shot: what stands out of its
    terrain as print; or, where nothing does (a teal badge a shade darker than a blue plains,
    after a print run's colour shift), what stands out of that half's own terrain many times
    the terrain's own noise: an icon plain against its half is learnt, not refused."""
    L, own = west["log"], west["corners"]
    printed = _icon_print(L, own)
    if printed[_masks()["icon"]].mean() >= NO_ICON:
        return printed
    d = _dist_px_to(L, own)
    ground, level = _terrain_noise(d), float(np.percentile(d[_masks()["icon"]], 90))
    if level < max(PRINT_PLAIN, FAINT_CONTRAST * ground):
        return printed  # nothing stands out: the shot is refused
    return _icon_print(L, own, off=d > (ground + level) / 2)


class HalvesToo(TileSet):
    """A game's pieces, and any half of a domino made of its terrains and icons as the rules
    write it (``lava/person/NS``): what a manifest may name (a half corrected in the check)."""

    def __init__(self, tiles: TileSet):
        super().__init__(**{f.name: getattr(tiles, f.name) for f in fields(tiles)})

    def check(self, label: str) -> str:
        if isinstance(label, str) and "/" in label:
            half = label.split("/")
            terrain, icon, paths = (half + ["", ""])[:3]
            if len(half) > 3 or terrain not in terrain_names(self) or (icon and icon not in icon_names(self)) \
                    or paths != "".join(side for side in SIDES if side in paths) or len(set(paths)) != len(paths):
                raise ValueError(f"{label!r} is no half of these dominoes: write it terrain/icon/roads, e.g. "
                                 f"{terrain_names(self)[0]}/{(icon_names(self) or ('',))[0]}/NS")
            return label
        return super().check(label)


def _corrected_half(img_path, label, at, area, frame, cal, view, layout: MatLayout, cells: Grid):
    """(half, its square sampled as the reader samples it) of a half corrected in the check."""
    cell = cells.cell_at(layout, *at) if at is not None else None
    if cell is None:
        raise VisionInputError(f"{img_path}: {label} needs the place of its square (x_mm, y_mm); "
                               f"{where(area, at)} is on no square")
    x, y = cells.centre(layout, *cell)
    return label, sample(_square_ratio(frame, cal.H_inv, x, y, cells.pitch_mm, view.mat_colour_at(x, y)))


def _learn_halves(profile: DominoProfile, halves: list):
    """What each half corrected in the check teaches: its terrain's look (the terrain's colour
    becomes the mean of every look at it: its enrolment shot and each half corrected to it),
    its icon's picture with its roads painted over (another look at that icon, as the reader
    lays them on a half; the first look at an icon enrolment never showed), and the half
    itself, so that the same look is never again read as anything else (the reader asks)."""
    looks = {t: [c] for t, c in profile.terrains.items()}
    for label, s in halves:
        terrain, icon, paths = parse_half(label)
        looks.setdefault(terrain, []).append(s["corners"])
        if icon is not None:
            picture = _without_roads(s["log"], s["corners"], paths, profile)
            if icon not in profile.icons:
                profile.icons[icon] = picture
        profile.taught.append((label, s["corners"].astype(np.float32), s["log"].astype(np.float32)))
    profile.terrains = {t: np.mean(c, axis=0).astype(np.float32) for t, c in looks.items()}


def _without_roads(L, own, paths, profile: DominoProfile):
    """(picture, where the icon is printed) of a half with an icon, its roads painted over in
    its terrain's colour: an icon's picture as an enrolment shot (no roads) shows it."""
    seam = _seam_dist(L, own, profile.road)
    hub_like = _road_like(L, profile.road_colours) | (seam < ROAD_LIKE)
    printed = _icon_print(L, own, hub_like | (seam < PRINT), paths, (0.0, 0.0), hub_like)
    picture = L.copy()
    picture[_arms(paths) & ~printed] = own
    return picture.astype(np.float32), printed


def icon_pictures(profile: DominoProfile) -> list:
    """(icon, picture, where it is printed) of every look at an icon the reader lays on a half:
    each enrolment shot's, and each half the owner corrected to show that icon."""
    out = [(name, picture, printed) for name, (picture, printed) in profile.icons.items()]
    for label, own, log in profile.taught:
        icon, paths = parse_half(label)[1:]
        if icon in profile.icons:
            out.append((icon, *_without_roads(log, own, paths, profile)))
    return out


def learnt(profile: DominoProfile) -> tuple[dict, dict, np.ndarray]:
    """What enrolment learnt, as log colours: {terrain: colour}, {icon: (ring, centre)} read off
    each icon's picture, the road's."""
    M = _masks()
    icons = {name: (np.median(pic[M["ring"]], axis=0), np.median(pic[M["centre"]], axis=0))
             for name, (pic, _) in profile.icons.items()}
    return dict(profile.terrains), icons, profile.road


class Alike(str):
    """One thing an enrolled print shows the camera too unclearly, in English, with its ``kind``
    ("terrains", "road", "icons", "unclear icon") and the ``names`` of the pieces, so a caller
    can say it in the owner's own language."""

    def __new__(cls, words: str, kind: str, *names: str):
        obj = super().__new__(cls, words)
        obj.kind, obj.names = kind, names
        return obj


def look_alike(profile: DominoProfile) -> list[Alike]:
    """What an enrolled print shows the camera too alike to tell apart, in the owner's words: two
    terrains, a terrain and the road, two icons; and each icon learnt with too little of it clear
    of its half's edges and roads to be read as a picture. The reader asks about such squares
    rather than guess, every time; a print that shows any is better enrolled again (the domino
    laid centred, under steadier light), or its look changed."""
    out = []
    names = list(profile.terrains)
    for i, a in enumerate(names):
        out += [Alike(f"terrains {a} and {b}", "terrains", a, b) for b in names[i + 1:]
                if dist(profile.terrains[a], profile.terrains[b]) < TERRAIN_MARGIN]
        if dist(profile.terrains[a], profile.road) < PRINT:
            out.append(Alike(f"terrain {a} and the road", "road", a))
    names = list(profile.icons)
    if len(names) > 1:
        C, S, whose = _learnt_cells(profile)
        badges = learnt(profile)[1]
        for i, a in enumerate(names):
            scores = _cell_scores(C, S, *_cells(*profile.icons[a], *_print_centre(profile.icons[a][1])))
            for j in range(i + 1, len(names)):
                b = names[j]
                # alike in the badge's colours, and as pictures not plainly apart
                badge = max(dist(badges[a][0], badges[b][0]), dist(badges[a][1], badges[b][1])) < COLOUR_ICON_MARGIN
                if badge and scores[whose == j].min() < PLAIN_PICTURE:
                    out.append(Alike(f"icons {a} and {b}", "icons", a, b))
    if names:  # the reader never reads such an icon as a picture (MIN_CORE)
        core = _look_templates(profile)["core"]
        out += [Alike(f"the {a} icon: too little of it is clear of its half's edges and roads to be read as a "
                      "picture; lay its domino again straight, west to east, or light the mat better, and enrol "
                      "it again", "unclear icon", a)
                for a, n in zip(names, core) if n < MIN_CORE]
    return out


def _learnt_cells(profile: DominoProfile):
    """Every enrolled icon's cells in its four quarter turns, and whose each is."""
    C, S, whose = [], [], []
    for i, (picture, mask) in enumerate(profile.icons.values()):
        colour, share = _cells(picture, mask, *_print_centre(mask))
        for q in range(4):
            C.append(np.rot90(colour, -q))
            S.append(np.rot90(share, -q))
            whose.append(i)
    return np.array(C, np.float32), np.array(S, np.float32), np.array(whose)


# ---------------------------------------------------------------- reading the mat

class DominoReader(CellReader):
    """Reads camera frames of the mat: ``read(frame) -> FrameReading``, one reading per square
    that holds a half, at the square's centre and naming it, labelled ``terrain/icon/paths`` or
    unknown."""

    FRAME = FRAME  # the camera is opened at least this large for it
    ZONE_IMAGE = False  # each map's squares are straightened here, at the size they are read at

    def __init__(self, profile: DominoProfile, layout: MatLayout, zones=None, cells: Grid | None = None,
                 max_terrain=0.4, terrain_margin=TERRAIN_MARGIN,
                 max_badge=0.8, single_thread=True):
        if not isinstance(profile, DominoProfile):
            raise VisionInputError("that profile was not made for dominoes: enrol the dominoes again")
        super().__init__(profile, layout, zones, cells, single_thread)
        self.max_terrain, self.terrain_margin = max_terrain, terrain_margin
        self.terrains, self.road, self.road_colours = profile.terrains, profile.road, profile.road_colours
        self.road_widths = profile.road_widths
        self.badges = learnt(profile)[1]
        # the same, stacked: every terrain's colour, every badge's ring and middle
        self._terrain_colours = np.array(list(self.terrains.values()), np.float32).reshape(-1, 3)
        self._badge_stack = tuple(np.array([b[i] for b in self.badges.values()], np.float32).reshape(-1, 3)
                                    for i in (0, 1))
        self.max_badge = max_badge
        self.icon_names = list(profile.icons)
        self._looks = _look_templates(profile) if self.icon_names else None
        self._grounds = np.vstack([profile.road[None], profile.road_colours])
        # a terrain printed grey is told from the bare mat by its tone: no other terrain is grey
        self._greys = [c for c in self.terrains.values() if _chroma(c) < NEUTRAL]
        self._grey_bare = {f"{t}//" for t, c in self.terrains.items() if _chroma(c) < NEUTRAL}  # told by tone alone
        # the halves the owner corrected in the check: (their looks stacked, what each is)
        self._taught = (np.stack([look for _, _, look in profile.taught]) if profile.taught else None,
                        [half for half, _, _ in profile.taught])
        self._places: dict = {}  # each map's squares' centres, and where their light is looked up
        self._grey_textures: tuple = ({}, [])  # what `_finish` weighs, noted afresh each frame (`read`)

    def map_squares(self, frame, H_inv, view, name, n=SQUARE_PX):
        """(each square's centre, row by row; every square of the map as ratios to the mat's
        light, (rows, cols, n, n, 3)), the map straightened at once, `n` px a square."""
        rows, cols = self.grid.shape(name)
        centres, at = self._map_places(view, name)
        lights = view.background[at].astype(np.float32)  # (the mat's light at each square's centre)
        return centres, _area_ratios(frame, H_inv, centres[0][0], rows, cols, self.grid.pitch_mm, lights, n)

    def _squares(self, frame, H_inv, view, name, squares) -> np.ndarray:
        """The map's `squares` ((row, column) each) as ratios to the mat's light, SQUARE_PX
        across, each straightened alone (k, SQUARE_PX, SQUARE_PX, 3)."""
        if not squares:
            return np.zeros((0, SQUARE_PX, SQUARE_PX, 3), np.float32)
        centres, at = self._map_places(view, name)
        lights = view.background[at].astype(np.float32)
        patches = np.stack([_square_patch(frame, H_inv, *centres[r][c], self.grid.pitch_mm) for r, c in squares])
        # (divided all at once, each by its own light: `_square_ratio`'s quotients)
        rows, cols = zip(*squares)
        return patches.astype(np.float32) / np.maximum(lights[list(rows), list(cols)], 1.0)[:, None, None, :]

    def _map_places(self, view, name):
        """(each square's centre, row by row; where `view.mat_colour_at` looks up each one's light,
        as (rows, columns) of the view's background): the same every frame, so worked out once."""
        zone = view.zone
        key = (name, view.background.shape[:2], (zone.x, zone.y, zone.w, zone.h))
        if key not in self._places:
            rows, cols = self.grid.shape(name)
            centres = [[self.grid.centre(self.layout, name, r, c) for c in range(cols)] for r in range(rows)]
            # asked of the view itself, its background holding each place's own row and column
            bh, bw = view.background.shape[:2]
            probe = ZoneView(zone, None, np.stack(np.meshgrid(np.arange(bh), np.arange(bw), indexing="ij"), axis=-1), None)
            at = np.array([[probe.mat_colour_at(x, y) for x, y in row] for row in centres])
            self._places[key] = centres, (at[..., 0], at[..., 1])
        return self._places[key]

    def _read_zone(self, frame, H_inv, view, name):
        rows, cols = self.grid.shape(name)
        # most squares of a map are bare: those plainly so are known at once, the map straightened
        # coarse and its squares judged together; the rest are straightened at full size alone
        centres, coarse = self.map_squares(frame, H_inv, view, name, COARSE_PX)
        bare = _plainly_bare(coarse, self._greys)
        looked = [(r, c) for r in range(rows) for c in range(cols) if not bare[r, c]]
        samples = sample_all(self._squares(frame, H_inv, view, name, looked)) if looked else []
        self._with_ground(samples)
        held, skin = [], 0
        for (r, c), s in zip(looked, samples):
            if self._empty(s):
                continue
            skin += self._no_domino(s)
            if skin >= HAND_SQUARES:
                return None  # a hand held still over the map: nothing here is read
            held.append(((r, c), s))
        mat = {at: _mat_share(s) for at, s in held}
        # a square mostly bare mat whose print lies against one edge, beside a square holding a
        # piece more wholly: that piece's edge reaching over (a map sampled a little off its
        # dominoes), no piece of its own (two halves cannot lie on one square)
        held = [(at, s) for at, s in held if mat[at] < MOSTLY_MAT or not any(
            mat.get((at[0] + dr, at[1] + dc), 1.0) < mat[at] for dr, dc in _print_against_edges(s))]
        read = [((r, c), s) for (r, c), s in held if mat[(r, c)] < MOSTLY_MAT]
        labels = dict(zip((at for at, _ in read), self.read_squares([s for _, s in read],
                                                                    [(name, r, c) for (r, c), _ in read])))
        said = {at: self._as_taught(s, labels.get(at, UNKNOWN)) for at, s in held}
        # halves lie as whole dominoes, two on squares side by side: where a map's cannot all be
        # paired so, a half known only by its grey tone (nothing printed on it) that the others can
        # do without may be bare mat a neighbour's shadow darkens to that tone: asked about
        # (again without those asked, until none is left: the square a shadow's bare mat has left
        # in the middle of others may pair only with them)
        sampled, squares = dict(held), set(said)
        while asked := _unpaired(squares, [at for at in squares if said[at] in self._grey_bare]):
            for at in asked:
                said[at] = self._ask(sampled[at].get("details", {}), "a grey half no domino pairs")
            squares -= set(asked)
        out = []
        for (r, c), s in held:
            label = said[(r, c)]
            x, y = centres[r][c]
            out.append(TileReading(label, round(x, 1), round(y, 1), 0.0, 0.0 if label == UNKNOWN else 1.0, name,
                                   (name, r, c)))
        if len(out) % 2 and _blinded(view.background[self._map_places(view, name)[1]], self._terrain_colours).any():
            return None  # a half short of whole dominoes where the lamp is too bright to tell pale halves from mat: wait
        if len(out) % 2:  # a half short of whole dominoes: one may be a grey half taken for mat
            for r, c in self._maybe_grey_halves(lambda at: self._squares(frame, H_inv, view, name, at), (rows, cols),
                                                {(r, c) for (r, c), _ in held}):
                x, y = centres[r][c]
                self.last_details.append({"square": (name, r, c), "asked": "a grey half or bare mat"})
                out.append(TileReading(UNKNOWN, round(x, 1), round(y, 1), 0.0, 0.0, name, (name, r, c)))
        self._note_textures(name, sampled, said)
        return out

    def read(self, frame, located=None):
        """As `CellReader.read`, the textures `_finish` weighs noted afresh: ({grey terrain: the
        textures of its halves read by their roads}, [its halves read by their tone alone])."""
        self._grey_textures = ({}, [])
        return super().read(frame, located)

    def _note_textures(self, name, sampled, said):
        """Notes the textures `_finish` weighs: of the map's halves of a grey terrain read with
        roads and no icon, and of those read by their tone alone."""
        refs, alone = self._grey_textures
        for at, label in said.items():
            if label in self._grey_bare:
                alone.append(((name, *at), label.split("/")[0], _texture(sampled[at], ""), sampled[at]))
            elif label != UNKNOWN:
                terrain, icon, paths = parse_half(label)
                if not icon and f"{terrain}//" in self._grey_bare:
                    texture = _texture(sampled[at], paths)
                    if texture is not None:
                        refs.setdefault(terrain, []).append(texture)

    def _finish(self, frame, H_inv, found):
        """A grey half read by its tone alone whose middle is plainer than its terrain shows on
        the frame's halves read by their roads (PLAIN_AS_MAT of their texture) is asked about:
        bare mat the lamp's fall-off or a misjudged light brings to a grey terrain's tone."""
        refs, alone = self._grey_textures
        plain = set()
        for cell, terrain, texture, s in alone:
            seen = refs.get(terrain, [])
            if len(seen) >= PLAIN_REFS and texture < PLAIN_AS_MAT * float(np.median(seen)):
                self._ask(s.get("details", {}), "a grey half as plain as bare mat")
                plain.add(cell)
        return [TileReading(UNKNOWN, t.x_mm, t.y_mm, t.angle, 0.0, t.zone, t.cell) if t.cell in plain else t
                for t in found]

    def _maybe_grey_halves(self, squares, shape, held) -> list:
        """Of the squares beside the halves `held`, those judged bare whose colour is grey and
        whose tone lies from the mat's towards a terrain printed grey (light stone in a dim corner,
        or a shade darker than it was enrolled): on a map a half short of whole dominoes, such a
        square may be the missing half, and is asked about rather than left out. `squares` gives
        a map's squares as `_squares` does, `shape` its rows and columns."""
        rows, cols = shape
        beside = [(r, c) for r, c in sorted({(r + dr, c + dc) for r, c in held
                                             for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))})
                  if 0 <= r < rows and 0 <= c < cols and (r, c) not in held]
        out = []
        for (r, c), ratio in zip(beside, squares(beside)):
            corners = _log(_median(ratio[_masks()["corners"]]))
            tone = float(np.mean(corners))
            if _chroma(corners) < NEUTRAL and any(
                    GREY_TONE / 2 <= tone / math.copysign(1.0, float(np.mean(g))) for g in self._greys
                    if abs(float(np.mean(g))) > GREY_TONE):
                out.append((r, c))
        return out

    def _with_ground(self, samples):
        """What reading any half looks at, worked out for all the sampled squares as one stack:
        how far each pixel is from its terrain, the road and every blend of the two (``seam``),
        whether it is in one of the road's colours, or near enough a blend to be one (``hub
        like``, ``road like``: as `_by_shape` takes them), what is printed (``printed``), the
        icon as first looked for across no road (``icon first``, its share of the icon's place),
        the badge (`_badge`), each pixel's distance to the road (``to road``) and what is printed
        but not bare mat (``beside``). The seam and the road's colours are read only within the
        picture's reach, so only worked out there (nan and False outside it)."""
        if not samples:
            return
        L = np.stack([s["log"] for s in samples])
        M = _masks()
        disc = M["picture"]
        near = L[:, disc][:, :, None]  # (k, pixels, 1, 3): the picture's pixels of each patch
        seam = np.full(L.shape[:-1], np.nan, np.float32)
        seam[:, disc] = _seam_dist(near, np.stack([s["corners"] for s in samples]), self.road)[:, :, 0]
        hub_like = np.zeros(L.shape[:-1], bool)
        hub_like[:, disc] = _road_like(near[:, :, 0], self.road_colours)
        hub_like |= seam < ROAD_LIKE
        road_like = hub_like | (seam < PRINT)
        off = np.stack([s["off"] for s in samples])
        printed = off > PRINT
        to_road = _dist_px_to(L, self.road)
        beside = _beside(printed, L)
        first = _opened(printed & disc & ~road_like)  # `_icon_print` of each, no roads given
        first_area = first[:, M["icon"]].mean(axis=1)
        badges = _badges(seam)
        # the roads' shapes as `_by_shape` first looks at them (across no road where an icon is
        # in their way), each half at its own place, counted for all at once
        icons = [first[i] if first_area[i] >= NO_ICON else None for i in range(len(samples))]
        reaches = [ICON_SIDE if icon is not None else OPEN_REACH for icon in icons]
        shifts = [_shape_shift(printed[i], icon, badges[i][0], reach) for i, (icon, reach) in enumerate(zip(icons, reaches))]
        counted = _roads_all(printed, shifts, reaches, beside)
        paths = ["".join(side for side, shares in c.items() if _road_sure(*shares)) for c in counted]
        icon_prints = _icon_prints(printed, road_like, hub_like, paths, shifts)
        # and by colour (`_by_colour`): the road boxes laid where the badge shows the domino lies,
        # else where its roads do, each box's pixels nearer the road than the terrain counted
        by_colour = [_road_shift_by_colour(to_road[i], off[i], PATH_MARGIN) if at is None else
                     tuple(float(np.clip(v, -SHIFT, SHIFT)) for v in at) for i, (at, _) in enumerate(badges)]
        votes = _road_votes_all(to_road, off, by_colour, [SIDE if at else OPEN_SIDE for at, _ in badges])
        for i, s in enumerate(samples):
            s["seam"], s["hub like"], s["road like"], s["printed"] = seam[i], hub_like[i], road_like[i], printed[i]
            s["icon first"] = first[i], float(first_area[i])
            s["to road"], s["beside"], s["badge"] = to_road[i], beside[i], badges[i]
            s["road counts"], s["colour votes"] = (shifts[i], counted[i]), votes[i]
            s["icon print"] = paths[i], shifts[i], *icon_prints[i]

    def _empty(self, s) -> bool:
        """Bare mat, in whatever light: grey all over with nothing printed on it, unless in the
        tone of a terrain printed grey (a shadow or a misjudged light only darkens or lightens
        the mat a little; a grey half stands out in tone, and by the print on it)."""
        if not all(_chroma(s[part]) < NEUTRAL for part in ("corners", "centre", "ring")):
            return False
        if _share((s["off"] > PRINT)[_masks()["inner"]]) > SPECKS:
            return False  # roads or an icon on a grey half
        tone = _mean3(s["corners"])
        return not any(abs(tone - _mean3(c)) < GREY_TONE and abs(tone) > GREY_TONE for c in self._greys)

    def _no_domino(self, s) -> bool:
        """One colour all over that is no terrain: no corner, road or icon of a domino, as under
        a palm or an arm (a hand over the middle of a large map misses the map's edge)."""
        plain = max(dist(s["corners"], s["centre"]), dist(s["corners"], s["ring"])) < 0.3
        return plain and min(dist(s["corners"], m) for m in self.terrains.values()) > SKIN

    def read_square(self, s: dict, where=None) -> str:
        """A sampled square -> ``terrain/icon/paths``, or unknown if any part is in doubt (as
        `_reading` reads it)."""
        return self.read_squares([s], [where])[0]

    def read_squares(self, samples: list, wheres: list) -> list[str]:
        """`read_square` of each sampled square, in turn, but for their pictures: those asked for
        are compared with the learnt icons all together (`_look_scores_all`), each half's
        reading then going on where it stopped."""
        labels, waiting, asked = [None] * len(samples), [], []
        for i, (s, square) in enumerate(zip(samples, wheres)):
            steps = self._reading(s, square)
            try:
                asked.append(next(steps))
                waiting.append((i, steps))
            except StopIteration as done:
                labels[i] = done.value
        for (i, steps), scores in zip(waiting, _look_scores_all(asked, self._looks)):
            try:
                steps.send(scores)
                raise RuntimeError("a half asked for its picture twice")  # (never: one look a half)
            except StopIteration as done:
                labels[i] = done.value
        # the roads' widths `_as_wide` weighs, measured for all the halves it weighs at once
        wide = [i for i, label in enumerate(labels) if self._widths_asked(samples[i], label)]
        if wide:
            shifts = [samples[i].get("shape shift", (0.0, 0.0)) for i in wide]
            for i, shift, widths in zip(wide, shifts, _road_widths_all(
                    np.stack([samples[i]["printed"] for i in wide]), shifts, [WIDTH_REACH] * len(wide))):
                samples[i][_widths_key(shift)] = widths
        return [self._as_wide(s, label) for s, label in zip(samples, labels)]

    def _widths_asked(self, s, label) -> bool:
        """Whether `_as_wide` measures the half's roads' widths, not yet measured."""
        if label == UNKNOWN:
            return False
        terrain, icon, paths = parse_half(label)
        return bool(icon and paths and self.road_widths.get(terrain)) \
            and _widths_key(s.get("shape shift", (0.0, 0.0))) not in s

    def _as_wide(self, s, label) -> str:
        """A half read with an icon and roads, where it has a road to every side or something
        printed there on every side: a capital's castle marks lie on all four sides, and a mark
        that does not run the road's width is no road (three roads and a mark beside them are as
        much a capital's as four). A side printed less wide than its terrain's road (ROAD_WIDE of
        it, as enrolled) between the badge and the edge is read as a mark where it plainly is one
        and the others plainly roads (`_castle_marks`); else the half is asked about."""
        if label == UNKNOWN:
            return label
        terrain, icon, paths = parse_half(label)
        enrolled = self.road_widths.get(terrain)
        if not icon or not paths or not enrolled:
            return label
        shift = s.get("shape shift", (0.0, 0.0))
        widths = _widths_of(s, shift)
        if paths != SIDES and not all(widths.values()):
            return label  # a side with nothing printed between the icon and the edge: no marks
        details = s.get("details", {})
        details["road widths"] = {side: round(widths[side] / enrolled, 2) for side in paths}
        wide = self._as_wide_as_road(s, terrain, shift)
        if not all(wide[side] for side in paths):
            marks = self._castle_marks(s, enrolled, shift, paths, details)
            if marks is None:
                return self._ask(details, "roads: a mark narrower than a road")
            return f"{terrain}/{icon}/{''.join(side for side in paths if side not in marks)}"
        # a mark may measure a road's width as a median too: a road runs unbroken from the badge to
        # the edge, so a side read as one is asked about where a line across it shows nothing printed
        # (MARK_SEEN), or, seen on fewer than WIDTH_LINES lines (the domino off its square towards
        # that side), where one is narrower than the road as enrolled by more than a pixel
        lines = _road_widths(s["printed"], shift, each=True)
        if any(min(lines[side]) < MARK_SEEN * enrolled
               or len(lines[side]) < WIDTH_LINES and min(lines[side]) < enrolled - 1 / SQUARE_PX for side in paths):
            return self._ask(details, "roads: a side not a road's width all along")
        return label

    @staticmethod
    def _castle_marks(s, enrolled, shift, paths, details):
        """The sides of `paths` plainly printed as a capital's castle mark, not a road (see
        MARK_WIDE), where every other one is plainly a road's width; None where any is in doubt."""
        lines = _road_widths(s["printed"], shift, each=True)
        marks = []
        for side in paths:
            ratios = [w / enrolled for w in lines[side]]
            median = _widths_of(s, shift)[side] / enrolled
            if len(ratios) < WIDTH_LINES:
                return None
            if MARK_SEEN <= median <= MARK_WIDE and sum(r >= ROAD_WIDE for r in ratios) <= 1:
                marks.append(side)
            elif not (min(ratios) >= ROAD_WIDE and median <= ROAD_WIDEST):
                return None
        details["castle marks"] = "".join(marks)
        return marks

    def _as_wide_as_road(self, s, terrain, shift) -> dict:
        """{side: whether its strip is printed, between the badge and the edge, as wide as its
        terrain's road as enrolled (ROAD_WIDE of it), or more}; none where no width was enrolled."""
        enrolled = self.road_widths.get(terrain)
        widths = _widths_of(s, shift)
        return {side: bool(enrolled) and widths[side] >= ROAD_WIDE * enrolled for side in SIDES}

    def _reading(self, s: dict, square=None):
        """A sampled square -> ``terrain/icon/paths``, or unknown if any part is in doubt; a
        generator that may stop once to ask for its picture to be compared (see `_by_shape`).

        Its roads and its icon are read two ways: by colour as enrolled (the road's colour in a
        box towards each edge, the icon's badge: its ring and its middle), and by shape (a road
        is a strip from the middle to the edge with bare flanks, an icon a picture). A part one
        way reads plainly and the other way contradicts is asked about; a print whose colours
        alone do not tell (pictograms, kerbed roads) is read by shape where that is plain."""
        details = s["details"] = {"square": square, "bare": round(s["bare"], 3)}
        self.last_details.append(details)
        d = sorted(zip(_dists(s["corners"], self._terrain_colours).tolist(), self.terrains))
        details["terrain"] = d[:2]
        if d[0][0] > self.max_terrain or (len(d) > 1 and d[1][0] - d[0][0] < self.terrain_margin):
            return self._ask(details, "terrain")
        terrain, own = d[0][1], s["corners"]  # the terrain as it lies here, in this light
        if "seam" not in s:  # (worked out for a whole map's squares at once as they are read)
            self._with_ground([s])
        by_colour = self._by_colour(s, own, details)
        # the picture is compared (the costly part) only where the badge's colours leave a doubt
        # (a half that looks plainly bare is compared too, only to ask: see `_no_picture`)
        need = by_colour is None or by_colour[1] is not None
        # a badge whose colours leave a doubt: the icon they lie nearest is laid where its own print
        # lies too, however far its picture over the half came (a person's picture learnt poorly)
        also = (details["badge icon"][0][1],) if details.get("badge icon") and not details.get("plain badge") else ()
        roads, icon, picture, by_shape = yield from self._by_shape(s, own, details, need, also)
        details["read"] = (by_colour, by_shape)
        if by_colour is not None:
            paths, badge = by_colour
            # a side in the road's colours at its edge only, where its shape is plainly the end of
            # the next half's road printed past the joint: no road from this half's middle
            paths = "".join(side for side in paths if not (roads[side] is False and self._road_end(details[side], own)))
            # a side only a little more in the road's colours than in its terrain's is no plain road,
            # whatever its shape (the next half's road printed past the joint beside a capital's
            # icon, whose print then fills the strip): a plain road's edge is far more road
            if any(details[f"{side} by colour"] <= WEAK_ROAD for side in paths):
                return self._ask(details, "roads: little of the road's colour")
            look = details.get("look icon")
            if look is not None and badge != look and not details.get("plain badge") \
                    and (by_shape == (look, paths) or self._roads_agree(roads, paths, details)) \
                    and not (badge is not None and self._fits_own_print(badge, look, details)) \
                    and not (badge is not None and self._colours_hold(look, details)):
                # its picture is plainly one icon, both ways it is compared, and the roads agree:
                # colours that saw no badge, or one not plainly an icon's, do not overrule it
                # (a pictogram pale on a pale terrain, a pictogram sharing another's colours),
                # unless the badge's icon, laid where it is printed, fits there far better than the
                # picture's (a sniper whose picture, its colours shifted, lay nearer an aeronaut's),
                # or they lie near that icon's and the picture's does not fit its own print far better
                if s["badge"][0] is None and any(
                        side not in paths and self._box_share(s, side, (0.0, 0.0), SIDE, details, "past icon") > ROAD_FLANK
                        for side in SIDES):
                    # colours that saw no badge looked for the roads in a bare half's boxes, where
                    # this icon lies (a white badge on light stone): a side they saw no road in is
                    # looked at again past the icon, and asked about where more of it is in the road's
                    # colour there than a road's flanks show (lava's dark cracks may show as much: a
                    # lava half so is asked, never read with a road lost)
                    return self._ask(details, "roads: a road's colour past an icon the colours missed")
                return f"{terrain}/{look}/{paths}"
            # its colours name one icon, laid on the half another plainly fits
            if badge is not None and look not in (None, badge):
                return self._ask(details, "icon: badge and picture disagree")
            # the road's colour where no strip runs all the way to the edge (a castle mark, a blot)
            if any(side in paths and (sure is False or details[side][0] < ROAD_STRIP) for side, sure in roads.items()):
                return self._ask(details, "roads: a road's colour, no strip")
            # a side the colours saw no road in, whose strip the shape is unsure of, but whose box laid
            # round the square's own middle (not moved by the badge) is in doubt or road: where the
            # domino lies decides that road (its outer end under the next half's edge, the moved box on it)
            reach = SIDE if s["badge"][0] is not None else OPEN_SIDE  # (the boxes the colours were read in)
            if any(sure is None and side not in paths
                   and self._box_share(s, side, (0.0, 0.0), reach, details, "at middle") > NO_ROAD
                   for side, sure in roads.items()):
                return self._ask(details, "roads: a road's colour where the square lies")
            # an icon where the colours saw none (or something printed, unsure), or none where they saw one
            if icon != (badge is not None) and not (icon is None and badge is not None):
                return self._ask(details, "icon or none: colour and shape disagree")
            # however plain its colours, a badge whose picture is far from that icon's
            scores = details.get("icon scores")
            if badge is not None and scores and scores[badge] > PICTURE_AGAINST * min(scores.values()):
                return self._ask(details, "icon: badge and picture disagree")
            # ... or whose picture's nearest icon, laid where it is printed, fits there closely and
            # far better than the badge's icon does (a thief whose badge came out in a selfish's colours)
            if badge is not None and self._picture_against(badge, details):
                return self._ask(details, "icon: badge and picture's own fit disagree")
            # ... or, not plain, whose colours' next icon the picture finds as near over the half and
            # not twice worse where its own print lies: each way leans to one of two icons (a grass
            # calculator whose badge came out nearer a corrupter's colours after a colour shift)
            if badge is not None and not details.get("plain badge") and self._torn(badge, details):
                return self._ask(details, "icon: badge and picture torn between two")
            # a badge's colours alike to another's, and its picture no nearer it than to others
            scored = details.get("badge icon")
            apart = scored is not None and scored[1][0] - scored[0][0] >= BADGE_APART
            if badge is not None and not details.get("plain badge") and not apart and look != badge \
                    and not self._picture_allows(badge, details):
                return self._ask(details, "icon: badge not plain, picture not nearest")
            # a badge whose colours lie far from every icon's (further than PLAIN_BADGE from the
            # nearest) names that icon only where its picture plainly shows it or, laid where its
            # own print lies, fits there closely (a money on lava whose colours lay nearest a goods')
            if badge is not None and look != badge and self._badge_far(badge, details):
                return self._ask(details, "icon: badge far from any icon's colours")
            if badge is None and not self._no_picture(details):
                return self._ask(details, "icon or none: an icon's picture fits")
            if badge is None and not (self._bare_middle(s, own, paths, details) and self._no_blob(s, own, paths, details)
                                      and self._clear_middle(s, paths, details)
                                      and self._road_through(s, paths, details)
                                      and self._road_even(s, paths, details)):
                return self._ask(details, "icon or none: the middle")
            return f"{terrain}/{badge or ''}/{paths}"
        if by_shape is None:
            return self._ask(details, "roads" if None in roads.values() else "icon or none" if icon is None
                             else "icon's picture")
        # read by shape alone, no icon is said only where nothing is printed at all
        if by_shape[0] is None and details["icon area"] >= NO_ICON / 2:
            return self._ask(details, "icon or none")
        # ... and an icon only where its picture is very plainly one
        if by_shape[0] is not None and not details.get("plain picture"):
            return self._ask(details, "icon's picture")
        # ... and not where a badge was seen in colours near an icon's (within what tells icons
        # apart by colour), though not plainly one, neither of the two icons its colours lie
        # nearest is the picture's, and the picture does not fit its own print closely (a person
        # on lava whose picture came out nearer a calculator's)
        scored = details.get("badge icon")
        if by_shape[0] is not None and scored and scored[0][0] < COLOUR_ICON_MARGIN \
                and by_shape[0] not in (name for _, name in scored[:2]) \
                and not (details.get("own fits") or {}).get(by_shape[0], math.inf) <= FIT_NEAR:
            return self._ask(details, "icon: picture not among the badge's colours")
        # ... nor where they lie near another icon's and the picture's does not fit its own print
        # far better than that one does
        if by_shape[0] is not None and self._colours_hold(by_shape[0], details):
            return self._ask(details, "icon: the badge's colours' icon fits its own print as well")
        # ... nor where another of the nearest icons, laid where its own print lies, fits there
        # closely and the picture's icon FIT_APART times worse (a magician lying further off its
        # square than the pictures are laid, whose picture over the half came out nearer a sniper's)
        if by_shape[0] is not None and any(self._fits_own_print(other, by_shape[0], details)
                                           for other in details.get("own fits") or {} if other != by_shape[0]):
            return self._ask(details, "icon: another fits its own print far better")
        # ... nor where the next icon over the half lies within twice the pictures' margin and, laid
        # where its own print lies, fits there closely and PICTURE_AGAINST times better: each way
        # leans to one of two icons (a magician lying off its square whose picture came out nearer
        # a sniper's)
        if by_shape[0] is not None and self._picture_torn(by_shape[0], details):
            return self._ask(details, "icon: picture and own fit torn between two")
        # ... and not where a side is half in a road's colours (a shadow, lava's cracks), unless
        # its shape settles it
        doubt = details.get("colour doubts")
        if doubt and not self._shape_settles(details[doubt], own):
            return self._ask(details, "roads: half in a road's colours")
        # ... nor a road there beside an icon, whose own print may fill the strip
        if doubt and doubt in by_shape[1] and by_shape[0] is not None:
            return self._ask(details, "roads: half in a road's colours, beside an icon")
        # ... nor a strip whose box the colours saw as no road, unless the road's colour runs on
        # past it to the edge (a large icon blurred out over the box prints a strip there too)
        if any(not self._road_at_edge(s, side, details) for side in by_shape[1]
               if details.get(f"{side} by colour", 1.0) <= NO_ROAD):
            return self._ask(details, "roads: a strip not in the road's colours")
        if by_shape[0] is None and not self._no_picture(details):
            return self._ask(details, "icon or none: an icon's picture fits")
        if by_shape[0] is None and not (self._bare_middle(s, own, by_shape[1], details)
                                        and self._no_blob(s, own, by_shape[1], details)
                                        and self._clear_middle(s, by_shape[1], details)
                                        and self._road_through(s, by_shape[1], details)
                                        and self._road_even(s, by_shape[1], details)):
            return self._ask(details, "icon or none: the middle")
        return f"{terrain}/{by_shape[0] or ''}/{by_shape[1]}"

    def _as_taught(self, s, label) -> str:
        """A half that looks as one the owner corrected (the same half, lying as it lay) is read as
        they said or asked about: never as anything else."""
        looks, halves = self._taught
        if looks is None or label == UNKNOWN:
            return label
        off = np.linalg.norm(looks - s["log"][None], axis=-1).reshape(len(looks), -1).mean(axis=1)
        same = [h for h, d in zip(halves, off) if d < SAME_LOOK]
        if same and label not in same:
            if "details" in s:  # (what `_reading` noted of it)
                s["details"]["asked"] = "taught otherwise"
            return UNKNOWN
        return label

    @staticmethod
    def _roads_agree(roads, paths, details) -> bool:
        """Whether the roads read by colour agree with their shape: each side as the shape is
        sure of it, and a side it is unsure of only a road by colour whose strip runs printed,
        with bare flanks, from the icon to the edge (its inner end under a pale icon, not print)."""
        return all(sure == (side in paths) if sure is not None else
                   side in paths and details[side][0] >= ROAD_STRIP and details[side][1] <= ROAD_FLANK
                   for side, sure in roads.items())

    def _road_end(self, side, own) -> bool:
        """Whether a side's shape, (strip, flank, inner) printed, is the end of the next half's
        road: printed at the edge, bare further in, on a terrain the road's colour stands far out
        from (a road from the middle could not but show as print all along)."""
        strip, _, inner = side
        return NO_ROAD < strip and inner <= SPECKS and dist(own, self.road) > ROAD_STANDS_OUT * PRINT

    def _shape_settles(self, side, own) -> bool:
        """Whether a side's shape, (strip, flank, inner) printed, settles what its colours leave
        in doubt: the end of the next half's road (printed at the edge, bare further in); or, on
        a terrain the road's colour stands far out from (so a road there could not but show as
        print), a strip plainly printed with bare flanks, or one bare from the middle out (the
        colours' doubt is then a few pixels of a card's rim, its shadow, a neighbour's edge)."""
        strip, flank, inner = side
        if NO_ROAD < strip and inner <= SPECKS:
            return True
        if dist(own, self.road) <= ROAD_STANDS_OUT * PRINT:
            return False
        return min(strip, inner) <= SPECKS or (min(strip, inner) >= ROAD_STRIP and flank <= ROAD_FLANK)

    @staticmethod
    def _road_at_edge(s, side, details) -> bool:
        """Whether the road's colour runs on past a side's road box, just inside the square's
        edge (EDGE_REACH, across it where the shape found the strip): most of it road rather than
        terrain, as a road's box is (a badge does not reach there; the gap and the mat count
        for neither)."""
        sx, sy = s["shape shift"]
        return DominoReader._box_share(s, side, (sx, 0.0) if side in "NS" else (0.0, sy), EDGE_REACH, details,
                                      "at edge") > 0.6

    @staticmethod
    def _box_share(s, side, shift, reach, details, where) -> float:
        """The share of a side's road box (`reach` out, of a domino lying `shift` off the square)
        in the road's colours rather than its terrain's, as `_road_votes` counts them (noted in
        `details` as the side's `where`)."""
        i = SIDES.index(side)
        roads, plains = _side_boxes((s["to road"], s["off"]), shift, reach)
        is_road, is_plain = _road_votes(roads[i], plains[i])
        share = details[f"{side} {where}"] = round(is_road / max(is_road + is_plain, 1), 2)
        return share

    @staticmethod
    def _ask(details, why) -> str:
        """Unknown, noting which part was in doubt (``last_details``: what a breakdown counts)."""
        details["asked"] = why
        return UNKNOWN

    def _bare_middle(self, s, own, paths, details) -> bool:
        """A half read with no icon has nothing at its very middle but what its roads put there:
        the road's colour where roads meet, else its terrain's, brightness weighed in full (an icon
        printed pale on a pale terrain, white on light stone, differs from it mostly in tone, and
        its parts may share the kerbs' colours, so neither the print nor the roads' colours show it)."""
        key = ("middle", bool(paths))  # (asked again as the half is read both ways: kept)
        if key not in s or own is not s["corners"]:
            d = s["log"][_masks()["core"]] - np.asarray(self.road if paths else own, np.float32)
            s[key] = float(_median(_norms(d)))
        off = s[key]
        details["middle"] = round(off, 3)
        return off < (BARE_HUB_TONE if paths else BARE_TONE)

    @staticmethod
    def _no_picture(details) -> bool:
        """A half seen plainly bare: no icon's picture fits it better than its bare ground does
        while, laid where its own print lies, fitting there within FIT_NONE of the ground's misfit
        (a village on lava, a knife's dark blade: nothing stands out of the terrain as print, but
        the picture is there)."""
        look = details.get("bare look")
        return look is None or look[0] >= look[1] or not look[2] < FIT_NONE

    @staticmethod
    def _road_through(s, paths, details) -> bool:
        """A half read with roads meeting and no icon shows at its very middle (CORE round it)
        the road as its own arms show it further out (HUB_ARM along their axes: the same light,
        blur and print), to HUB_TONE or HUB_SPREADS times what the arms' own pixels stray,
        whichever is more: an icon printed near its terrain's colours, or with no badge (a
        village on lava, rings on plains, a knife), covers the roads' hub, though none of it
        stands out there. A lone road's dead end lies wherever the domino does along it (and may
        be drawn otherwise), so one road alone is not judged so."""
        if len(paths) < 2:
            return True
        shift = s.get("shape shift", (0.0, 0.0))
        u, v = _uv_grid(shift)
        core = _round_at(shift, CORE)
        L = s["log"]
        road, spread = DominoReader._arms_road(L, u, v, paths)
        off = float(_median(_norms(L[core] - road)))
        details["hub"] = (round(off, 3), round(spread, 3))
        return off < max(HUB_TONE, HUB_SPREADS * spread)

    @staticmethod
    def _arms_road(L, u, v, paths):
        """The road as a half's arms show it HUB_ARM out along their axes (within HUB_AXIS of
        them), and how far their pixels stray from it (a dark road's noise, its blur): medians."""
        arms = _arm_strips(u, v, paths, HUB_ARM, HUB_AXIS)
        road = _median(L[arms], axis=0)
        return road, float(_median(_norms(L[arms] - road)))

    @staticmethod
    def _road_even(s, paths, details) -> bool:
        """A half read with roads meeting and no icon shows along each road's axis, from the
        middle out to HUB_ARM, nothing its arms do not show further out (HUB_ARM along them,
        CORRIDOR either side: road, kerbs, blurred edges, terrain): on each line across the axis,
        the median over the strip STRIP_HALF either side of it lies as near some arm's pixel as
        the hub must lie to the road (`_road_through`: HUB_TONE, or HUB_SPREADS times what the
        arms stray). A road is the same strip all the way to the middle, so a thin pictogram
        lying across it (a knife across a straight road, dark on it, the middle's median still
        the road's) is an icon, though too little of it stands out to be read; a print that is
        far on END_LINES lines or more is asked about. A road no other meets runs straight
        through its half, nothing crossing it (no other road's kerbs or edges): its lines must show
        what its axis shows further out (HUB_AXIS either side), not its flanks, so an icon lying on
        it near its terrain's colours (a brown village on lava, among the colours of the kerbs and
        the road's blurred edges) is asked about too. A lone road's end lies wherever the domino
        does along it (and may be drawn otherwise): judged by its width instead."""
        if len(paths) < 2:
            return True
        u, v = _uv_lines(s.get("shape shift", (0.0, 0.0)))
        L = s["log"]
        inner = []
        for side in paths:
            if side in "NS":  # (its lines are rows, its axis the columns near u = 0)
                lines, along = _median(L[:, np.abs(u) <= STRIP_HALF], axis=1), (-v if side == "N" else v)
            else:
                lines, along = _median(L[np.abs(v) <= STRIP_HALF], axis=0), (u if side == "E" else -u)
            inner.append(lines[(along >= 0) & (along < HUB_ARM[0])])
        u, v = u[None], v[:, None]
        across = HUB_AXIS if paths in ("NS", "EW") else CORRIDOR
        inner, arm = np.concatenate(inner), L[_arm_strips(u, v, paths, HUB_ARM, across)]
        if len(inner) < END_LINES or not len(arm):
            return True
        near = _nearest(inner, arm)
        details["road even"] = round(float(np.sort(near)[-END_LINES]), 3)
        spread = DominoReader._arms_road(L, u, v, paths)[1]
        return int(np.count_nonzero(near > max(HUB_TONE, HUB_SPREADS * spread))) < END_LINES

    @staticmethod
    def _clear_middle(s, paths, details) -> bool:
        """A half read with roads meeting and no icon shows nothing in its middle (MIDDLE_SEEN round
        it, where the domino lies) printed in colours its roads do not show further out (ARM_SEEN
        along them): a thin pictogram lying across the roads' hub (a knife), in colours of its own,
        is an icon there, though too little of it stands out to be read. Whatever roads are printed
        with (kerbs, an outline, a texture) shows on their arms as where they meet; a road's dead
        end may be drawn otherwise (capped, rounded), so one road alone is judged by its width
        there instead (`_end_as_wide`)."""
        if len(paths) == 1:
            return DominoReader._end_as_wide(s, paths, details) and DominoReader._end_as_terrain(s, paths, details)
        if not paths:
            return True
        shift = s.get("shape shift", (0.0, 0.0))
        u, v = _uv_grid(shift)
        printed = s["printed"]
        seen = _round_at(shift, MIDDLE_SEEN)
        middle = printed & ~s["hub like"] & seen  # (a hub's own colours are the road's)
        arms = _arm_strips(u, v, paths, ARM_SEEN, CORRIDOR) & printed
        if not middle.any() or not arms.any():
            return True
        L = s["log"]
        mid, arm = L[middle], L[arms][::max(1, int(np.count_nonzero(arms)) // 256)]
        near = _nearest(mid, arm)
        share = float(np.count_nonzero(near > MIDDLE_APART)) / float(np.count_nonzero(seen))
        details["middle print"] = round(share, 3)
        return share < MIDDLE_PRINT

    @staticmethod
    def _end_as_wide(s, paths, details) -> bool:
        """A half read with one road and no icon is printed no wider round the road's dead end
        (END_REACH either side of the middle, along its axis) than the road is further out (its
        own width, WIDTH_REACH out): however its end is drawn, a road is no wider there, so a thin
        pictogram lying across it (a knife) is an icon, though too little of it stands out to be
        read. Wherever the end lies along the axis, lines past it show nothing on the axis; faint
        print is counted (a dark knife on light stone stands out of it less than PRINT)."""
        shift = s.get("shape shift", (0.0, 0.0))
        faint = _faint_print(s)
        road, ends = (w[paths] for w in _road_widths_all(np.stack([faint, faint]), [shift, shift],
                                                         [WIDTH_REACH, (-END_REACH, END_REACH)], [False, True]))
        wide = ends[-END_LINES] if len(ends) >= END_LINES else 0.0
        details["end"] = (round(road, 3), round(wide, 3))
        return not road or wide <= END_WIDE * road

    @staticmethod
    def _end_as_terrain(s, paths, details) -> bool:
        """A half read with one road and no icon shows round its middle (END_SEEN) only what its
        own terrain shows at its corners (colour and texture), its road shows further out
        (HUB_ARM along it, CORRIDOR either side: road, kerbs, blurred edges), or a blend of the
        two: a lone road is a strip from one edge to a dead end, terrain on every other side.
        Wherever the end lies along the axis, past it is road or terrain, and its blurred
        corners blend the two; an icon near the terrain's colours or with no badge (a village on
        lava, a knife along the road, its tip past the end) is print of neither, though too
        little of it stands out to be read. Smoothed (END_SMOOTH px), a terrain's texture and
        noise are matched by its own corners' pixels; more than END_PRINT of the place further
        than END_APART (or HUB_SPREADS times what the road's pixels stray: a dark road's noise)
        from all of them is asked about."""
        shift = s.get("shape shift", (0.0, 0.0))
        u, v = _uv_grid(shift)
        road, spread = DominoReader._arms_road(s["log"], u, v, paths)
        L = cv2.blur(np.asarray(s["log"], np.float32), (END_SMOOTH, END_SMOOTH))
        known = L[_masks()["corners"] | _arm_strips(u, v, paths, HUB_ARM, CORRIDOR)]
        at = _round_at(shift, END_SEEN)
        seen = L[at]
        # ... or a blend of the two (the end's blurred corners), its channels blurred apart the
        # more the further the road lies from its terrain (a black road on ours): judged per log
        # of that contrast beyond the first
        contrast = float(np.linalg.norm(np.asarray(road, np.float32) - s["corners"]))
        blend = _seam_dist(L, road, s["corners"])[at] / max(1.0, contrast)
        near = np.minimum(_nearest(seen, known), blend)
        share = float(np.count_nonzero(near > max(END_APART, HUB_SPREADS * spread))) / len(seen)
        details["end print"] = (round(share, 3), round(spread, 3))
        return share < END_PRINT

    @staticmethod
    def _no_blob(s, own, paths, details) -> bool:
        """A half read with no icon shows nothing round its middle that stands out of its own
        terrain as a solid printed shape, however near the terrain's colour (a white bomb on
        light stone seen from afar blurs to a shade of it): a blob the reader could not place as
        an icon is asked about, never read as bare. Where its roads run (or a little off, as the
        domino may lie) is no blob, nor are thin lines (a terrain's cracks, blades, cobbles)."""
        faint = _faint_print(s) & _masks()["icon"] & ~_blob_roads(paths)
        solid = cv2.morphologyEx(faint.astype(np.uint8), cv2.MORPH_OPEN, _DISC5)
        share = _share(solid[_masks()["icon"]])
        details["blob"] = round(share, 3)
        return share < BLOB

    @staticmethod
    def _picture_against(badge, details) -> bool:
        """Whether the icon nearest the picture over the half is another than the badge's, fits
        its own print closely (FIT_NEAR of the ground's misfit there) and the badge's icon fits
        there FIT_APART times worse, or was not among the nearest at all."""
        near = details.get("icon")
        return bool(near) and near[0][1] != badge and DominoReader._fits_own_print(near[0][1], badge, details)

    @staticmethod
    def _torn(badge, details) -> bool:
        """Whether the icon whose colours come next to the badge's is, as a picture over the half,
        nearer than the badge's icon or not LOOK_NEAR_APART further, and, laid where its own print
        lies, fits there not PICTURE_AGAINST times worse than the badge's icon does."""
        scored, scores = details.get("badge icon"), details.get("icon scores")
        if not scored or len(scored) < 2 or not scores:
            return False
        other, own = scored[1][1], details.get("own fits") or {}
        return scores[other] < LOOK_NEAR_APART * scores[badge] \
            and not own.get(other, math.inf) >= PICTURE_AGAINST * own.get(badge, math.nan)

    @staticmethod
    def _colours_hold(icon, details) -> bool:
        """Whether a badge's colours lie nearest another icon than `icon`, near it (within
        COLOUR_ICON_MARGIN, what tells icons apart by colour), and `icon`, laid where its own print
        lies, does not fit there closely with theirs FIT_APART times worse: two pictograms on alike
        badges (a person and a calculator, dark on a pale disc) blur alike over the half, so the
        picture alone does not overrule such colours (a person on lava whose picture came out
        nearer a calculator's; the icon the colours name is compared so wherever its picture came)."""
        scored = details.get("badge icon")
        return bool(scored) and scored[0][0] < COLOUR_ICON_MARGIN and scored[0][1] != icon \
            and not DominoReader._fits_own_print(icon, scored[0][1], details)

    @staticmethod
    def _badge_far(badge, details) -> bool:
        """Whether a badge's colours lie further than PLAIN_BADGE from its icon's, the nearest,
        and that icon, laid where its own print lies, does not fit there closely (FIT_NEAR)."""
        scored = details.get("badge icon")
        return bool(scored) and scored[0][0] >= PLAIN_BADGE \
            and not (details.get("own fits") or {}).get(badge, math.nan) <= FIT_NEAR

    @staticmethod
    def _fits_own_print(icon, other, details) -> bool:
        """Whether `icon`, laid where its own print fits best, fits there closely (FIT_NEAR of the
        ground's misfit) and `other` FIT_APART times worse, or was not compared so at all."""
        own = details.get("own fits") or {}
        best = own.get(icon, math.nan)
        return best <= FIT_NEAR and not own.get(other, math.inf) < FIT_APART * best

    @staticmethod
    def _picture_torn(icon, details) -> bool:
        """Whether the picture's `icon` is only LOOK_APART from the next icon over the half, not
        twice that margin, and the next, laid where its own print lies, fits there within FIT_NEAR
        and PICTURE_AGAINST times better than `icon` does."""
        if len(details["icon"]) < 2:
            return False  # a set with one icon learnt: no other to be torn towards
        (first, _), (second, other) = details["icon"]
        own = details.get("own fits") or {}
        best = own.get(other, math.nan)
        return second < (2 * LOOK_APART - 1) * first and best <= FIT_NEAR \
            and own.get(icon, math.inf) >= PICTURE_AGAINST * best

    def _picture_allows(self, icon, details) -> bool:
        """Whether the picture agrees with the icon a badge's colours name: it is the picture's
        nearest (a badge not plainly one icon is trusted only so far: pictograms of other
        shapes may share their colours)."""
        scores = details.get("icon scores")
        return bool(scores) and scores[icon] <= min(scores.values())

    def _by_colour(self, s, own, details):
        """(paths, icon or None) read by colour as enrolled, or None if in doubt."""
        L = s["log"]
        at, area = s["badge"]
        details["badge"] = (at, round(area, 2))
        # a badge shows where the domino lies on its square, else its roads do: they are read from there
        # (each box's pixels nearer the road than the terrain and nearer the terrain, and how many
        # it holds: counted for a map's halves at once, `_with_ground`)
        paths = ""
        for side, (is_road, is_plain, held) in zip(SIDES, s["colour votes"].tolist()):
            # the share of the edge's pixels that look like road rather than terrain
            share = is_road / max(is_road + is_plain, 1)
            if is_road + is_plain < 0.3 * held:
                return None
            details[f"{side} by colour"] = round(float(share), 2)  # (noted where the box settles it)
            if share > 0.6:
                paths += side
            elif share > 0.3:
                details["colour doubts"] = side
                return None
        if at is None:
            # nothing but terrain and road: no icon, unless the very middle says otherwise
            middle = float(_median(s["seam"][_masks()["core"]]))
            return (paths, None) if middle < BARE_MIDDLE else None
        if area < BADGE_AREA or math.hypot(*at) > BADGE_OFF:
            return None  # a speck, or a badge far off its square's centre
        ring_c, centre_c = _badge_colours(L, at)
        rings, centres = self._badge_stack
        scored = sorted(zip(np.maximum(_dists(ring_c, rings), _dists(centre_c, centres)).tolist(), self.badges))
        details["badge icon"] = scored[:2]
        if len(scored) < 2 or scored[0][0] > self.max_badge or scored[1][0] - scored[0][0] < COLOUR_ICON_MARGIN:
            return None
        # a badge whose ring and middle match one icon's closely and no other's at all
        details["plain badge"] = scored[0][0] < PLAIN_BADGE and scored[1][0] - scored[0][0] > 2 * COLOUR_ICON_MARGIN
        return paths, scored[0][1]

    @staticmethod
    def _road_shapes(s, off, icon, details, counted=None):
        """({side: road or not, None when unsure}, where the domino lies on its square) read from
        what is printed (`off`): a road is a strip from the middle to an edge. Where an icon is
        printed (`icon`, else None) the strips are looked at further out, clear of it, and the
        icon shows where the domino lies across the sides no road runs to. ``counted``: (that
        place, `_roads` there), if already worked out."""
        if counted is None:
            reach = ICON_SIDE if icon is not None else OPEN_REACH
            shift = _shape_shift(off, icon, details.get("badge", (None,))[0], reach)
            counted = shift, _roads(off, shift, reach, s["beside"])
        shift, shares = counted
        roads = {}
        for side, (strip, flank, inner) in shares.items():
            details[side] = (round(strip, 2), round(flank, 2), round(inner, 2))
            # a strip printed only towards the edge, bare further in, is no road from the middle
            # (the end of the next half's road, printed a little past the joint)
            roads[side] = _road_sure(strip, flank, inner)
        return roads, shift

    def _by_shape(self, s, own, details, picture_too=True, also=()):
        """({side: road or not, None when unsure}, an icon or not (None: unsure), the icon its
        picture plainly shows or None, and (icon or None, paths) when all of it is plain).
        A generator, as `_reading` is: it yields at most once, the half to compare with the
        learnt pictures (`_look_scores`' arguments), and is sent their scores. ``also``: icons
        compared closely (their own fit) besides the nearest."""
        L = s["log"]
        # in a road's colours, or a blend of road and terrain (the blurred edge of a road)
        hub_like, road_like = s["hub like"], s["road like"]
        off = s["printed"]  # printed on the terrain
        icon, area = s["icon first"]  # a first look: is there an icon in the roads' way?
        roads, shift = self._road_shapes(s, off, icon if area >= NO_ICON else None, details, s["road counts"])
        s["shape shift"] = shift
        paths = "".join(side for side in SIDES if roads[side])
        # the icon: what is printed, but for the roads' colours where the roads run; and its
        # outline: thin lines kept, and the road's colours (a dark outline blurs into them) only
        # where roads run (worked out for a map's halves at once, as their roads first read)
        first = s["icon print"]
        icon, area, outline = first[2:] if first[:2] == (paths, shift) else \
            _icon_prints(off[None], road_like[None], hub_like[None], [paths], [shift])[0]
        details["icon area"] = round(area, 3)
        has_icon = False if area < NO_ICON else True if area >= AN_ICON else None
        details["outline"] = round(outline, 3)
        if has_icon is False and (not self._bare_middle(s, own, paths, details) or outline >= OUTLINE
                                  or (paths and details["middle"] > BARE_HUB_TONE / 2)):
            # nothing stands out as print, but the middle is not quite bare, or thin dark lines
            # are printed round it: an icon printed pale on a pale terrain within its outline, or
            # in colours near the road's where roads meet? Looked at as a picture
            has_icon = None
        picture = None
        terrain = details["terrain"][0][1]
        light = own - self.terrains[terrain]  # the light on this domino against its enrolment's
        # the ground may be the road's where a road runs, or may run (a road whose inner end
        # an icon covers is no sure road, but its colours are no part of the picture either)
        maybe = "".join(side for side in SIDES if roads[side] is not False)
        # (asked of whoever reads: a map's halves are compared with the pictures together)
        asked = (L - light, np.vstack([self.terrains[terrain][None], self._grounds]),
                 _arms(maybe, shift) if maybe else None,
                 [self.icon_names.index(n) for n in also if n in self.icon_names], has_icon is False)
        if has_icon is False and self._looks is not None:
            # a half plainly bare is compared too, only so that `_no_picture` may ask about it
            # (the nearest icon's score, the bare ground's, and how the icon fits its own print)
            scores, bare, fit, _ = yield asked
            details["bare look"] = (float(scores.min()), bare, fit)
        if has_icon is not False and self._looks is not None and (picture_too or has_icon is None):
            scores, bare, fit, fits = yield asked
            order = np.argsort(scores)
            first, second = float(scores[order[0]]), float(scores[order[1]]) if len(order) > 1 else 9.0
            details["icon"] = [(round(float(scores[i]), 4), self.icon_names[i]) for i in order[:2]]
            details["icon scores"] = {n: float(v) for n, v in zip(self.icon_names, scores)}
            details["look"] = (round(bare, 4), round(fit, 3))
            details["fits"] = [round(float(fits[i]), 3) for i in order[:NEAREST]]
            details["own fits"] = {self.icon_names[i]: float(fits[i]) for i in order
                                   if i in order[:NEAREST] or self.icon_names[i] in also}
            # one icon laid on the half fits it far better than any other icon, and (unless
            # plenty is printed: surely an icon) far better than none where it is printed
            # (an icon learnt with too little printed clear of its edges is never read as a picture)
            if (has_icon or fit <= LOOK_CLOSE or (fit <= LOOK_FIT and first <= LOOK_BARE * bare)
                    or _fits_alone(fits, order)) \
                    and (second >= LOOK_APART * first or _fits_apart(scores, fits, order[0])) \
                    and self._looks["core"][order[0]] >= MIN_CORE:
                picture = details["look icon"] = self.icon_names[order[0]]
                if has_icon is None:
                    has_icon = True  # little of it stands out from the terrain, but it is plainly there
                faint_icon = s["icon first"][1] < NO_ICON
                bare = [side for side in SIDES if roads[side] is False and details[side][0] > SPECKS]
                faint = {side for side in bare if faint_icon and details[side][0] > NO_ROAD}
                # (the strips' widths are measured only where they decide: it costs)
                wide = self._as_wide_as_road(s, terrain, shift) if set(bare) - faint else {}
                ends = [side for side in bare if side in faint or wide[side]]
                if ends:
                    # ... nothing of it stands out as print (or its badge's pale ground does not,
                    # where a strip as wide as a road runs to the edge), so it may cover a road's inner
                    # end as no print: a strip printed towards the edge, bare further in, is then
                    # read again with the icon as print, as far as it stands out of its half's own
                    # terrain, and looked for further out, clear of it (else it would be taken for
                    # the end of the next half's road)
                    faint = off | (_opened(_faint_print(s)) & _masks()["picture"])
                    first = {side: details[side] for side in SIDES}
                    again = self._road_shapes(s, faint, _opened(faint & ~road_like), details)[0]
                    for side in SIDES:
                        if side in ends:
                            roads[side] = again[side]
                        else:
                            details[side] = first[side]
                    paths = "".join(side for side in SIDES if roads[side])
            elif has_icon is None and fit > LOOK_FIT and not fits[order[0]] <= LOOK_FIT and (
                    (area < NO_ICON and max(abs(v) for v in shift) <= LOOK_OFF)
                    or (fit >= FIT_NONE and not fits[order[0]] < FIT_NONE and first >= bare)):
                # no icon fits better than the bare ground, laid where it fits the half or where its
                # own colours fit best (a white icon on light stone), and none stands out; where more
                # stands out, or the half lies further off than the pictures are laid (its icon met
                # only in part), none fits there at all (a dark road's noise under a dim lamp)
                has_icon = False
        details["plain picture"] = picture is not None
        plain = None not in roads.values() and has_icon is not None and (picture is not None or not has_icon)
        return roads, has_icon, picture, ((picture, paths) if plain else None)
