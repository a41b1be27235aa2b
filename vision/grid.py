"""Reading discs laid on a printed grid: each cell of a grid area holds one disc or none.

A game whose pieces sit on cells (a matrix of discs) says where its grids are (`Grid`: the cell
pitch and each area's rows and columns, the grid centred in its area); its labels are a
`TileSet` whose faces are ``COLOUR-SYMBOL`` discs, plus ``lock`` for a token lying on a disc.
Enrolment shows each kind once, alone in the mat's first area, as for tiles; from those frames
the reader learns the disc's size, its colour (against the mat's grey, which stands in for a
grey card) and its symbol as a ring of "ink" read round the centre, so a disc lying at any turn
reads the same. A lock token is learnt from its own shot (a token lying on any disc): its
colour, size and solidity; it is then found on a disc by its own closed outline, never by the
colour at the disc's centre. A cell that is neither plainly empty nor plainly one kind is
``unknown``: a doubtful cell is said, never guessed. Each reading names its cell. Nothing here
knows a game.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from .markers import Calibration, MarkerDetector, calibrate, recalibrate_with_missed
from .mat import MatLayout
from .perf import single_threaded
from .markers import LOCK_PLAIN, LOCK_SMALL, LOCK_UNSEEN, VisionInputError
from .reading import FrameReading, Profile, TileReading
from .recognise import (SEG_PX_PER_MM, channel_max, channel_mean, channel_min, enrolment_views, mat_exposure,
                        median_rows, paper_unbroken, piece_near, view_zone, where, white_and_rim)
from .synthetic import (CLASSIC, PALETTE, Light, Optics, SyntheticTable, VirtualTile, random_camera, random_light,
                        random_optics, save_shots)
from .tiles import UNKNOWN, TileSet, colour_of
from .zone import BG_PX_PER_MM

LOCK = "lock"
READ_PX_PER_MM = 2.0   # disc patches: a symbol's pips and strokes are read at this scale...
TOKEN_PX_PER_MM = 3.0  # ...and a lock token's outline finer, on the few discs showing its colour
RADII, ANGLES = 10, 48  # the ring of ink read round a disc's centre
INK_REACH = 0.8         # ...out to this share of the radius (the rim is left out)
INK_BLUR_MM = 0.15    # the ink is smoothed this much (mm) before its ring is read
BODY = (0.72, 0.88)      # a disc's body colour is read in this ring (shares of the radius)
INK_BLEND = 0.4        # ...and may be mixed with this much of its symbol's ink
# a disc whose body covers its cell's middle (what makes it a disc, not a doubt) lies no more
# than this share of its radius off the centre found there: its own outline is looked for so far
FAR_OFF = 0.6
# a symbol's ring is read round points up to half a millimetre off the centre found (_NEAR): a
# disc whose own outline lies further than this (mm) from that centre had part of its symbol
# read outside the ring, the rim and the mat inside it (a shadow pulls the presence filter)
OFF_OWN_MM = 1.0
GAP_MM = 1.2            # the bare mat measured round each corner where four cells meet
# the mat's light changes little over a cell's width (a lamp's fall-off, a vignette), while a
# piece's shadow darkens the mat beside it: a cell whose light (its bare corners', or the
# fitted light where it has too few) is darker than this share of the brightest bare corner
# round it (its own and the next ones) was taken in shadow, and a disc's colour measured
# against it reads too bright (a black one as purple): the disc is asked about
SHADOWED = 0.6
# ...and a token is told by its colour against the disc's: on a cell whose light is under this
# share of that corner, every colour reads brighter (the mat between discs as a white body, a
# black disc's edge as a grey metal), so a token claimed there is asked about (a disc laid far
# off its cell, its ring read over the mat and its edge, the corners round it covered)
TOKEN_LIT = 0.7
COLOUR_FLOOR = np.array([0.07, 0.07, 0.07, 0.12, 0.12, 0.12], np.float32)
# A lock token is a piece of its own lying on a disc: a patch off the disc's colour whose
# outline closes inside the disc, of the token's size, solid inside as the token is, and in
# the token's colour rather than a disc's (colours as ratios to the mat's grey).
TOKEN_STEP = 0.3             # off the disc's own colour: this far (against its brightness)...
TOKEN_BODY = (0.6, 0.76)     # ...measured in this ring, inside a rim's print and its cut edge
_CLOSE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))  # ~1.7 mm: gaps blur opens
TOKEN_AREA = (0.7, 1.8)      # a token: this share of the enrolled token's area...
TOKEN_SOLID = 0.12           # ...as solid inside its outline as enrolled, within this...
TOKEN_LIKE = 0.35            # ...this share of it nearer the token's colour than any disc's...
TOKEN_HUE = 0.35             # ...and its nearer quarter this near the token's colour
TOKEN_NEAR = (0.55, 2.2)     # much like a token (size, colour): a disc must then read plainly
TOKEN_CORE = 0.35            # the token's colour through and through: this near it...
# a token learnt on a disc of nearly its colour (_learn_token): looked for at these finer steps
# in turn; a silver token on a white disc (third printing, 51001) is solid only from 0.12
LEARN_STEPS, LEARN_GROWS = (0.15, 0.12), 1.8
_CORE = np.ones((3, 3), np.uint8)  # ...round every point of it...
TOKEN_CORED = 0.1            # ...over this share of the token's area
PLAIN_DISC = 0.95            # a lock shot whose ring matches a disc's this well shows no token
PRINT_STEP = 0.3             # a colour this near the line from a disc's body to its ink is its print
PRINT_REACH = 2.0            # ...up to twice as far as the ink learnt
PRINT_SHARE = 0.4            # a disc is named when this share of what lies off its body is its print...
TOKEN_HIDES = 0.7            # ...where the token's colour is this near its body's
# a symbol matching its kind this well, with this much of what lies off its body in its own
# print, shows that no token covers it (the better it matches, the less print it needs: a
# yellow three whose triangle closed into an outline in a near-copper token's colour matched
# 0.98 with 0.73 its print, the tokens claimed with 0.6-0.75 their print at most 0.93)
SYMBOL_SHOWS = ((0.95, 0.6), (0.93, 0.75), (0.87, 0.95))
PRINT_SHOWS = 0.85           # (what plainly its own print is)
TOKEN_THROUGH = 0.7          # the token's colour through and through over this share of its area
# a symbol matching its kind this much over the reader's least, and better than the next kind by
# this many times the least margin, round the centre its ink gives reads as it would round
# every point half a millimetre off: those discs alone are read at the nine points
PLAIN_AT_CENTRE = (0.1, 2.0)
SYMBOL_PATCH = 3.0           # a disc read has a patch off its body within this factor of its own...
# ...or more, up to this one, where no token's colour lies on it at all and its symbol matches
# its kind this well, by this many times the least margin: a dark body's patch swells with a dim
# lamp's noise and a far camera's blur round its symbol, while a token would show its colour
BARE_PATCH, BARE_SYMBOL = 4.5, (0.93, 4.0)
# a token on a dark disc: its outline grows past the token (the blur round it is off the dark
# body too), up to the largest token and this much less solid, where the token's colour shows
# plainly (as _lock's) and through and through over this many times TOKEN_CORED of its area,
# on a disc whose body the token's colour is far from (there a token is all that shows it)
GROWN_SOLID, GROWN_CORED = 2 * TOKEN_SOLID, 2.0
# a disc showing the token's colour this near it (a share of TOKEN_HUE), through and through over
# this many times TOKEN_CORED of its area, is asked about even where no token's outline was found
# (a token of nearly its body's colour merges with it); on a disc whose body the token's colour
# is far from, a token shows its outline, so what is off such a body in under HALF_SHOWN of a
# token is its own print in an ink near the token's colour (a blue disc's cream dots by silver)
TOKEN_SEEN = (0.6, 2.0)
AS_ENROLLED = (0.3, TOKEN_SOLID / 2)  # a token's outline: its size within this share, this solid
# where another disc's colour lies between the token's and a disc's own (a yellow near a copper
# token), the token's colour is told against the disc's own print alone: an outline this share
# of which is nearer the token's colour than that print is the token's colour on a disc whose
# body it is far from (up to this much further from it than TOKEN_HUE)...
APART, APART_HUE = TOKEN_LIKE, 1.1
# ...while a token-like outline barely nearer the token's colour than the disc's own print
# anywhere, and through and through under this share of TOKEN_CORED, is the disc's own symbol
# blurred (a yellow three's triangle): a doubt, not a token
OWN_PRINT, OWN_CORED = 0.07, 0.5
# a token whose colour lies near some disc's (silver by white, on the line from a blue body to its
# cream ink) is told by its shape: an outline of the enrolled token's size and solidity
# (AS_ENROLLED), near the token's colour (within this many times TOKEN_HUE: a metal token's sheen
# moves with the lamp from where it was enrolled) and through and through over this many times
# TOKEN_CORED of its area; a symbol's strokes, dots and spokes erode to little, and close into
# no outline that size and that solid
SHAPED_HUE, SHAPED_CORED = 1.5, 5.0
# ...yet an outline so told whose nearer quarter is not within TOKEN_HUE of the token's colour,
# and nearer it than every disc colour in under this share of TOKEN_LIKE, is asked about: the mat
# between discs, inside a ring read round a disc laid far off its cell, is as solid and near
# enough a silver token's colour, but nowhere nearer it than a white body or a blue's cream
# (silver tokens so told: within TOKEN_HUE, or nearer it in an eighth of the outline and more)
SHAPED_LIKE = 0.25
# ...and an outline so told on a disc whose middle is what its kind showed there at enrolment,
# with this share of what lies off its body its own print, is that print (a black three's cream
# spokes, near a silver token's colour, close into its outline: 0.99 of it the disc's own print;
# right locks so told on a middle like their kind's, 0.86 and less)
SHAPED_OWN = 0.95
# ...or, a small token whose keyhole and lit bevel leave less of it through and through, an
# outline from this share of the enrolled token's size (a three's spokes on a dark disc close
# into up to 0.82 of a small token) up to AS_ENROLLED's, as solid, in the token's own colour as
# plainly as TOKEN_SEEN asks, over a middle unlike what the disc's own kind shows there
SHAPED_SMALLEST = 0.85
# a disc whose rings match its kind this well shows its own symbol whole, which a token would hide
# (a black one's cream ring closes into a grown token's outline; right grown locks match <= 0.7)
OWN_SYMBOL = 0.9
# a token half hidden by blur (far from the camera): an outline down to this share of the token,
# as solid as _lock asks, told apart from the disc's own print as APART's and through and
# through somewhere, is asked about (too small for a token; no disc's own symbol shows so)
HALF_SHOWN = 0.4
# a token lying on a disc hides its symbol's middle and leaves the rest showing, matching its
# kind weakly: a disc matching its kind under this is named only where no more lies off its
# body than its own symbol showed at enrolment and this share of a token's area, and, if its
# symbol crosses the centre (a bar through it, a pip on it: its enrolled ring's innermost
# circle more ink than the ring's typical point), where no token could lie unseen on it (its
# body near the token's colour, TOKEN_HIDES: such a token shows only by the middle it hides);
# of any kind, where such a token's colour lies on it through and through (TOKEN_SEEN's share:
# a token lying off the disc's centre, its keyhole and edge matching a two's dots weakly)
WEAK_SYMBOL, TOKEN_MORE = 0.8, 0.3


@dataclass(frozen=True)
class Grid:
    """Where the cells are: square cells of ``pitch_mm``, each area's (rows, columns), centred."""
    pitch_mm: float
    areas: tuple[tuple[str, tuple[int, int]], ...]

    def shape(self, area: str) -> tuple[int, int]:
        return dict(self.areas)[area]

    def centre(self, layout: MatLayout, area: str, row: int, col: int) -> tuple[float, float]:
        z = layout.zones[area]
        rows, cols = self.shape(area)
        x0 = z.x + (z.w - cols * self.pitch_mm) / 2
        y0 = z.y + (z.h - rows * self.pitch_mm) / 2
        return x0 + (col + 0.5) * self.pitch_mm, y0 + (row + 0.5) * self.pitch_mm

    def as_json(self, layout: MatLayout) -> dict:
        """Where the cells lie on this mat, for mat.json: the pitch, and each area's grid by its
        rows, columns and top-left corner in mm (row 0 along the top, column 0 at the left)."""
        out = {}
        for area, (rows, cols) in self.areas:
            x, y = self.centre(layout, area, 0, 0)
            out[area] = {"rows": rows, "cols": cols, "x": round(x - self.pitch_mm / 2, 3),
                         "y": round(y - self.pitch_mm / 2, 3)}
        return {"pitch_mm": self.pitch_mm, "areas": out}

    def cell_at(self, layout: MatLayout, x_mm: float, y_mm: float):
        """(area, row, column) of the cell holding this point, or None."""
        for area, (rows, cols) in self.areas:
            z = layout.zones[area]
            x0 = z.x + (z.w - cols * self.pitch_mm) / 2
            y0 = z.y + (z.h - rows * self.pitch_mm) / 2
            c, r = math.floor((x_mm - x0) / self.pitch_mm), math.floor((y_mm - y0) / self.pitch_mm)
            if 0 <= r < rows and 0 <= c < cols:
                return area, r, c
        return None


# ---------------------------------------------------------------- what a disc looks like

@dataclass(frozen=True)
class DiscStyle:
    """How one printing of the discs looks."""
    diameter_mm: float = 14.5
    colours: dict = field(default_factory=dict)  # colour -> BGR (else vision's PALETTE)
    light_ink: tuple = (240, 240, 240)    # symbols on dark discs
    dark_ink: tuple = (40, 40, 40)        # ...and on pale ones
    lock: tuple = (60, 150, 40)           # the lock token: a green hexagon with a keyhole
    pip_mm: float = 1.7                   # a symbol's pip radius

    def colour(self, name: str) -> tuple:
        return self.colours.get(name) or PALETTE.get(name) or (128, 128, 128)


DISCS = DiscStyle()
# A symbol is pips round the centre: one, two apart, three in a triangle (any turn reads alike).
_PIPS = {"1": [(0.0, 0.0)], "2": [(-3.2, 0.0), (3.2, 0.0)],
         "3": [(0.0, -3.2), (2.77, 1.6), (-2.77, 1.6)]}


def render_disc(label: str, style: DiscStyle, px_per_mm: float, angle: float = 0.0):
    """(BGR float image, alpha) of a disc or a lock token, centred in a square of the disc's size."""
    big = 4.0 * px_per_mm
    side = int(math.ceil(style.diameter_mm * px_per_mm)) + 2
    n = side * 4
    img = np.zeros((n, n, 3), np.float32)
    alpha = np.zeros((n, n), np.float32)
    c = n / 2
    R = style.diameter_mm / 2 * big
    if label == LOCK:
        pts = np.array([[c + 0.58 * R * math.cos(math.radians(a + angle)),
                         c + 0.58 * R * math.sin(math.radians(a + angle))] for a in range(0, 360, 60)])
        cv2.fillPoly(img, [np.round(pts).astype(np.int32)], style.lock)
        cv2.fillPoly(alpha, [np.round(pts).astype(np.int32)], 1.0)
        cv2.circle(img, (int(c), int(c - 0.06 * R)), int(0.09 * R), (235, 235, 235), -1)
        cv2.rectangle(img, (int(c - 0.04 * R), int(c - 0.06 * R)), (int(c + 0.04 * R), int(c + 0.2 * R)),
                      (235, 235, 235), -1)
    else:
        name, symbol = label.split("-")
        body = style.colour(name)
        cv2.circle(img, (int(c), int(c)), int(R), body, -1)
        cv2.circle(alpha, (int(c), int(c)), int(R), 1.0, -1)
        cv2.circle(img, (int(c), int(c)), int(R - 0.4 * big), tuple(0.75 * v for v in body), int(0.5 * big))
        ink = style.dark_ink if sum(body) / 3 > 150 or name == "yellow" else style.light_ink
        a = math.radians(angle)
        for px, py in _PIPS[symbol]:
            x = c + (px * math.cos(a) - py * math.sin(a)) * big
            y = c + (px * math.sin(a) + py * math.cos(a)) * big
            cv2.circle(img, (int(x), int(y)), int(style.pip_mm * big), ink, -1)
    img = cv2.resize(img, (side, side), interpolation=cv2.INTER_AREA)
    alpha = cv2.resize(alpha, (side, side), interpolation=cv2.INTER_AREA)
    return img, alpha


class DiscTable(SyntheticTable):
    """The synthetic table with discs (and lock tokens on them) instead of tiles: the same
    camera, light and optics, and the same verbs (place, move, remove, clear)."""

    def __init__(self, layout: MatLayout, tiles: TileSet, style: DiscStyle = DISCS, frame_size=(1280, 960),
                 px_per_mm: float = 4.0, camera=None, light=None, optics=None, seed=None):
        super().__init__(layout, tiles, CLASSIC, frame_size, px_per_mm, camera, light, optics, seed)
        self.disc_style = style
        self.discs: dict[int, VirtualTile] = {}
        self._bare = self._mat
        self._pieces: dict = {}

    def place(self, label, x_mm, y_mm, angle=0.0, face_up=True, back=None) -> int:
        self.tiles_set.check(label)
        self._next += 1
        self.discs[self._next] = VirtualTile(label, x_mm, y_mm, angle)
        return self._next

    def move(self, tile_id, x_mm, y_mm, angle=None) -> None:
        t = self.discs[tile_id]
        self.discs[tile_id] = replace(t, x_mm=x_mm, y_mm=y_mm, angle=t.angle if angle is None else angle)

    def remove(self, tile_id) -> None:
        self.discs.pop(tile_id, None)

    def clear(self) -> None:
        self.discs.clear()

    def _piece(self, label, angle):
        key = (label, int(round(angle / 15.0)) % 24)
        if key not in self._pieces:
            self._pieces[key] = render_disc(label, self.disc_style, self.k, key[1] * 15.0)
        return self._pieces[key]

    def pieces(self) -> dict:
        return self.discs

    def top_down(self, light: Light | None = None, hand=None, crop=None):
        # the discs are drawn onto the bare mat; the tile table then lights the whole
        self._mat = self._with_discs(light or self.light)
        try:
            return super().top_down(light, hand, crop)
        finally:
            self._mat = self._bare

    def _with_discs(self, light):
        canvas = self._bare.copy()
        k = self.k
        Hc, Wc = canvas.shape[:2]
        for t in sorted(self.discs.values(), key=lambda t: t.label == LOCK):  # locks lie on top
            img, alpha = self._piece(t.label, t.angle)
            s = img.shape[0]
            x0, y0 = int(round(t.x_mm * k - s / 2)), int(round(t.y_mm * k - s / 2))
            if x0 < 0 or y0 < 0 or x0 + s > Wc or y0 + s > Hc:
                continue
            if t.label != LOCK:  # a disc stands proud of the mat: a soft shadow away from the lamp
                dx, dy = (int(round(v * k)) for v in light.tile_shadow_mm)
                sh = cv2.GaussianBlur(alpha, (0, 0), 0.6 * k)
                sx, sy = x0 + dx, y0 + dy
                if 0 <= sx and 0 <= sy and sx + s <= Wc and sy + s <= Hc:
                    canvas[sy:sy + s, sx:sx + s] *= (1 - 0.3 * sh)[:, :, None]
            roi = canvas[y0:y0 + s, x0:x0 + s]
            roi[:] = roi * (1 - alpha[:, :, None]) + img * alpha[:, :, None]
        return canvas


def enrolment_frames(layout: MatLayout, tiles: TileSet, style: DiscStyle = DISCS, seed: int = 0,
                     frame_size=(1280, 960)):
    """(label, frame) for every kind: one disc alone in the mat's first area (a lock lies on a
    disc of the first kind)."""
    rng = np.random.default_rng(seed)
    z = layout.zones[layout.first_area]
    for label in tiles.labels:
        table = DiscTable(layout, tiles, style, frame_size, seed=int(rng.integers(1 << 30)),
                          camera=random_camera(rng, max_tilt=15, fill=(0.75, 0.9)),
                          light=Light(float(rng.uniform(0.85, 1.0))), optics=Optics(0.6, 2.0, 92))
        x, y = z.x + z.w / 2 + float(rng.uniform(-1, 1)), z.y + z.h / 2 + float(rng.uniform(-1, 1))
        angle = float(rng.uniform(0, 360))
        if label == LOCK:
            table.place(next(f for f in tiles.faces if f != LOCK), x, y, angle)
        table.place(label, x, y, angle)
        yield label, table.render()


def random_maps(layout: MatLayout, tiles: TileSet, cells: Grid, rng, seed: int, style: DiscStyle = DISCS,
                empty: float = 0.1, locks: float = 0.05):
    """(table, truth): a disc in most cells of every grid of ``cells`` (a random kind, a little
    off its cell and turned, as a hand lays it), some of the matrices' discs under a lock token,
    under a random camera, light and optics; truth is {(area, row, col): the label to read}."""
    table = DiscTable(layout, tiles, style, seed=seed, camera=random_camera(rng),
                      light=random_light(rng, layout), optics=random_optics(rng))
    discs = [f for f in tiles.faces if f != LOCK]
    truth = {}
    for area, (rows, cols) in cells.areas:
        for r in range(rows):
            for c in range(cols):
                if rng.random() < empty:
                    continue
                x, y = cells.centre(layout, area, r, c)
                x, y = x + rng.uniform(-1, 1), y + rng.uniform(-1, 1)
                label = str(rng.choice(discs))
                table.place(label, x, y, float(rng.uniform(0, 360)))
                if area != layout.first_area and rng.random() < locks:
                    table.place(LOCK, x, y, float(rng.uniform(0, 360)))
                    label = LOCK
                truth[(area, r, c)] = label
    return table, truth


def write_enrolment(layout: MatLayout, out_dir, tiles: TileSet, style: DiscStyle = DISCS, seed: int = 0) -> Path:
    """Render enrolment frames into out_dir with a manifest.json; returns the manifest path."""
    return save_shots(enrolment_frames(layout, tiles, style, seed), out_dir)


# ---------------------------------------------------------------- reading a disc

_POLAR: dict = {}


def _polar(n_px: int, radius_px: float):
    """remap() maps: RADII x ANGLES points round the centre of an n_px square patch."""
    key = (n_px, round(radius_px, 2))
    if key not in _POLAR:
        r = np.linspace(0.06, INK_REACH, RADII)[:, None] * radius_px
        a = np.linspace(0, 2 * np.pi, ANGLES, endpoint=False)[None, :]
        c = (n_px - 1) / 2
        _POLAR[key] = ((c + r * np.cos(a)).astype(np.float32), (c + r * np.sin(a)).astype(np.float32))
    return _POLAR[key]


_STILL = ((0.0, 0.0),)
# the centre found may be half a millimetre off: the ring is also read round points that near
_NEAR = tuple((dx * 0.5 * READ_PX_PER_MM, dy * 0.5 * READ_PX_PER_MM) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def disc_ratio(frame, H_inv, x_mm, y_mm, diameter_mm, mat_colour, k=READ_PX_PER_MM):
    """(colour as ratios to the mat's grey, distance of each point from the centre in radii)
    over the square round a disc centred near (x, y), upright, at k px/mm."""
    ratios, rr = disc_ratios(frame, H_inv, [(x_mm, y_mm)], diameter_mm, [mat_colour], k)
    return ratios[0], rr


def disc_ratios(frame, H_inv, centres, diameter_mm, mat_colours, k=READ_PX_PER_MM):
    """disc_ratio of many discs at once: ((discs, n, n, 3) ratios, rr), every patch taken from
    the frame in one remap (a full matrix holds dozens of discs)."""
    side = diameter_mm + 2
    n = int(round(side * k))
    c = np.asarray(centres, np.float64).reshape(-1, 2)
    t = np.arange(n) / k - side / 2
    X, Y = c[:, 0, None] + t[None], c[:, 1, None] + t[None]  # each patch's columns and rows in mm
    H = np.asarray(H_inv, np.float64)

    def plane(row):  # a row of H over every point: a column's part and a row's part added (in
        # single precision: remap places a point to a 32nd of a pixel, far coarser)
        return (H[row, 0] * X).astype(np.float32)[:, None, :] + \
            (H[row, 1] * Y + H[row, 2]).astype(np.float32)[:, :, None]

    w = plane(2)
    mx = plane(0)
    mx /= w
    my = plane(1)
    my /= w
    mx, my = mx.reshape(-1, n), my.reshape(-1, n)
    patches = cv2.remap(frame, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    patches = patches.reshape(len(c), n, n, -1)
    light = np.maximum(np.asarray(mat_colours, np.float32).reshape(len(c), -1), 1.0)
    return _per_colour(np.divide, patches, light), _disc_grid(n, diameter_mm, k).rr


@dataclass(frozen=True)
class _Places:
    """An area's cells in its straightened view (GridReader._cell_places)."""
    cells: list
    px: np.ndarray
    py: np.ndarray
    y0: np.ndarray      # each cell's window's corner (px)
    x0: np.ndarray
    window: np.ndarray  # (cells, window's points): each point's index in the area's view (row by
    #                     row), or one past the view's last where the window leaves the area
    ww: int             # a window's columns
    cy: np.ndarray      # the cell's centre, rounded (px)
    cx: np.ndarray
    corners: list       # the cell's four corners among the area's gaps: (rows, columns) each
    bi: np.ndarray | None = None  # where its centre lies in the view's light (_light_places)
    bj: np.ndarray | None = None


@dataclass(frozen=True)
class _Gaps:
    """Where an area's corners between cells are looked at in its view (GridReader._gap_places)."""
    shape: tuple        # (rows + 1, columns + 1) corners
    windows: np.ndarray  # (corners whole in the view, points): each one's square, as pixel indices
    clipped: list       # the others' boxes (y0, y1, x0, x1), clipped by the view's edge
    i: np.ndarray       # every corner's row and column, the whole ones first
    j: np.ndarray
    background: tuple   # where each one's light lies in the view's background (rows, columns)


@dataclass(frozen=True)
class _DiscGrid:
    """A disc patch's pixel grid and the rings read on it: the same for every disc of a size,
    so made once, not per disc and frame."""
    xx: np.ndarray
    yy: np.ndarray
    rr: np.ndarray      # distance from the patch's centre in radii
    body: np.ndarray    # BODY ring
    centre: np.ndarray  # the disc's centre
    token_body: np.ndarray  # TOKEN_BODY ring
    middle: np.ndarray  # inside TOKEN_BODY's outer edge


_GRIDS: dict = {}


def _disc_grid(n: int, diameter_mm: float, k: float = READ_PX_PER_MM) -> _DiscGrid:
    key = (n, float(diameter_mm), k)
    if key not in _GRIDS:
        yy, xx = np.mgrid[0:n, 0:n]
        rr = np.hypot(xx - (n - 1) / 2, yy - (n - 1) / 2) / (diameter_mm / 2 * k)
        for a in (xx, yy, rr):
            a.flags.writeable = False
        _GRIDS[key] = _DiscGrid(xx, yy, rr, (rr > BODY[0]) & (rr < BODY[1]), rr < 0.3,
                                (rr > TOKEN_BODY[0]) & (rr < TOKEN_BODY[1]), rr < TOKEN_BODY[1])
    return _GRIDS[key]


def disc_signature(frame, H_inv, x_mm, y_mm, diameter_mm, mat_colour, offsets=_STILL, seen=None):
    """(colour features, ink rings) of a disc centred near (x, y), a ring per offset (patch px)
    from the centre its symbol's ink gives; ``seen``: its disc_ratio, if already taken.
    Colours are log ratios to the mat's grey: its body (a ring inside the rim) and its centre."""
    ratio, _ = seen if seen is not None else disc_ratio(frame, H_inv, x_mm, y_mm, diameter_mm, mat_colour)
    feats, rings = disc_signatures(ratio[None], diameter_mm, offsets)
    return feats[0], rings[0]


def disc_signatures(ratios, diameter_mm, offsets=_STILL, normalised=True):
    """disc_signature of many discs at once, from their disc_ratios: ((discs, 6) colour
    features, (discs, offsets, RADII, ANGLES) rings); ``normalised=False`` leaves the rings as
    read (the reader brings their products with the kinds to unit rings instead)."""
    feats, ink, sx, sy = disc_inks(ratios, diameter_mm)
    rings = ink_rings(ink, sx, sy, diameter_mm, offsets)
    return feats, (_normalise_rings(rings) if normalised else rings)


def disc_inks(ratios, diameter_mm):
    """Each disc's colour features (log ratios to the mat's grey: its body, a ring inside the
    rim, and its centre), its symbol's ink (how far each point is from its body, smoothed) and
    how far (px) the ink's centre lies from its patch's: ((discs, 6), (discs, n, n), x, y)."""
    N, n = ratios.shape[:2]
    g = _disc_grid(n, diameter_mm)
    radius_px = diameter_mm / 2 * READ_PX_PER_MM
    flat = ratios.reshape(N, n * n, -1)
    body = _medians(flat, g.body)  # clear of pips and rim
    centre = _medians(flat, g.centre)
    ink = _distance(_per_colour(np.subtract, ratios, body), scratch=True)
    ink = _blur_each(ink, INK_BLUR_MM * READ_PX_PER_MM)
    sx, sy = _ink_centres(ink, g.xx, g.yy, radius_px)
    feats = np.log(np.maximum(np.concatenate([body, centre], axis=1), 0.02)).astype(np.float32)
    return feats, ink, sx, sy


def ink_rings(ink, sx, sy, diameter_mm, offsets=_STILL):
    """(discs, offsets, RADII, ANGLES) rings of ink (disc_inks') read round each ink centre
    moved by each offset (patch px), as read (not brought to unit rings)."""
    N, n = ink.shape[:2]
    mx, my = _polar(n, diameter_mm / 2 * READ_PX_PER_MM)
    # every disc's ring at every offset in one remap: the patches stacked one under another
    d = np.asarray(offsets, np.float32)
    below = (np.arange(N, dtype=np.float32) * n)[:, None, None, None]
    # (each disc's and offset's shift added first: one pass over the rings' points, not three)
    MX = mx[None, None] + (sx[:, None] + d[None, :, 0])[:, :, None, None]
    MY = my[None, None] + ((sy[:, None] + d[None, :, 1]) + below[:, :, 0, 0])[:, :, None, None]
    rings = cv2.remap(ink.reshape(N * n, n), MX.reshape(-1, ANGLES), MY.reshape(-1, ANGLES), cv2.INTER_LINEAR)
    return rings.reshape(N, len(d), RADII, ANGLES)


def _blur_each(patches, sigma):
    """cv2.GaussianBlur of each of a stack of patches, as one blur: each patch is bordered
    with its own reflection as wide as the kernel reaches, so none sees its neighbour."""
    reach = (int(round(sigma * 8 + 1)) | 1) // 2  # OpenCV's kernel for a float image
    N, n, m = patches.shape
    if reach >= min(n, m) - 1:  # a patch hardly wider than the kernel: its reflection folds again
        return np.stack([cv2.GaussianBlur(p, (0, 0), sigma) for p in patches])
    h, w = n + 2 * reach, m + 2 * reach
    padded = np.empty((N, h, w), patches.dtype)  # as np.pad's "reflect", without its overhead
    padded[:, reach:h - reach, reach:w - reach] = patches
    padded[:, :reach, reach:w - reach] = patches[:, reach:0:-1]
    padded[:, h - reach:, reach:w - reach] = patches[:, n - 2:n - 2 - reach:-1]
    padded[:, :, :reach] = padded[:, :, 2 * reach:reach:-1]
    padded[:, :, w - reach:] = padded[:, :, w - reach - 2:w - 2 * reach - 2:-1]
    blurred = cv2.GaussianBlur(padded.reshape(N * h, w), (0, 0), sigma).reshape(N, h, w)
    return blurred[:, reach:h - reach, reach:w - reach]


def _ink_centres(ink, xx, yy, radius_px, rounds=3):
    """How far (px) each symbol's centre lies from its patch's ((discs,) x, (discs,) y): every
    symbol's ink is balanced round the disc's centre, so its centroid (inside the rim) finds the
    centre a blurred disc's outline only roughly gives; at most a millimetre away."""
    N = ink.shape[0]
    c = (ink.shape[1] - 1) / 2
    most = READ_PX_PER_MM
    reach2 = (INK_REACH * radius_px) ** 2
    # only the square a centre at most `most` off can reach is weighed: the rest never counts
    lo = max(int(math.floor(c - most - math.sqrt(reach2))), 0)
    hi = min(int(math.ceil(c + most + math.sqrt(reach2))) + 1, ink.shape[1])
    ink, xx, yy = ink[:, lo:hi, lo:hi], xx[lo:hi, lo:hi], yy[lo:hi, lo:hi]
    dx, dy = (xx[0] - c).astype(np.float32), (yy[:, 0] - c).astype(np.float32)  # a patch's columns, rows
    sx, sy = np.zeros(N, np.float32), np.zeros(N, np.float32)
    blank = np.zeros(N, bool)  # no ink at all: the patch's centre
    for _ in range(rounds):
        # inside the reach: a row's and a column's squared distances added (one pass, not five)
        near = ((dy[None] - sy[:, None]) ** 2)[:, :, None] + ((dx[None] - sx[:, None]) ** 2)[:, None, :] < reach2
        w = ink * near
        cols, rows = w.sum(axis=1), w.sum(axis=2)  # (single precision: a few thousand points)
        total = cols.sum(axis=1, dtype=np.float64)
        blank |= total <= 1e-6
        total = np.where(blank, 1.0, total)
        # the weighted mean of x from the columns' sums, of y from the rows'
        mx = cols.astype(np.float64) @ xx[0].astype(np.float64) / total
        my = rows.astype(np.float64) @ yy[:, 0].astype(np.float64) / total
        sx, sy = np.clip(mx - c, -most, most).astype(np.float32), np.clip(my - c, -most, most).astype(np.float32)
        sx[blank], sy[blank] = 0.0, 0.0
    return sx, sy


def _blend_distances(x, bodies, inks, most=INK_BLEND):
    """How far a colour is from each disc colour's body mixed with up to `most` of its ink
    (bodies, inks: one row per colour; x: a colour, or (discs, 1, 3) for (discs, colours))."""
    v = inks - bodies
    a = np.clip(((x - bodies) * v).sum(axis=-1) / np.maximum((v * v).sum(axis=-1), 1e-9), 0.0, most)
    return np.linalg.norm(x - (bodies + a[..., None] * v), axis=-1)


def _normalise_rings(rings):
    """Each ring (radii, angles: the last two axes) less its mean, to unit length."""
    a = rings.astype(np.float32).reshape(-1, rings.shape[-2] * rings.shape[-1])  # a ring a row
    a = a - a.mean(axis=1, keepdims=True)
    n = np.sqrt(np.einsum("ij,ij->i", a, a))[:, None]
    return np.where(n > 1e-6, a / np.maximum(n, 1e-6), a).reshape(rings.shape)


def _ring_match(templates, rings):
    """Best correlation of the rings (offsets, radii, angles) with each template (kinds, radii,
    angles) over every turn (circular along angle) and every offset."""
    corr = rings.reshape(len(rings), RADII * ANGLES).astype(np.float32) @ _every_turn(templates)
    return corr.reshape(len(rings), len(templates), ANGLES).max(axis=(0, 2))


def _every_turn(templates):
    """(RADII * ANGLES, kinds * ANGLES): each template (kinds, RADII, ANGLES) turned by every
    step of angle, a column each, so rings @ it is each ring's correlation with each kind at
    each turn (a product rather than a Fourier transform: for a frame's few hundred rings it
    costs a quarter)."""
    t = np.asarray(templates, np.float32)
    turned = np.stack([np.roll(t, s, axis=-1) for s in range(ANGLES)], axis=1)  # (kinds, turns, radii, angles)
    return np.ascontiguousarray(turned.reshape(len(t) * ANGLES, RADII * ANGLES).T)


def _unit_correlations(rings, turned):
    """rings (a ring a row, as read) @ turned (_every_turn's): the correlations _normalise_rings'
    unit rings would give, each ring less its mean multiplied out and then divided by its length
    (the products are far fewer numbers than the rings)."""
    rings = rings - rings.mean(axis=1, keepdims=True)
    length = np.sqrt(np.einsum("ij,ij->i", rings, rings))
    corr = rings @ turned
    corr *= np.where(length > 1e-6, 1.0 / np.maximum(length, 1e-6), 1.0).astype(np.float32)[:, None]
    return corr


def _colour_step(ratio, ref):
    """How far colours (ratios to the mat's grey) are from a reference colour, against its
    brightness: plain ratios, since a log would swell the sensor's noise in a colour's dark
    channel (a yellow's blue)."""
    ref = np.asarray(ref, np.float32)  # one colour, or one per disc (ratio's first axis)
    step = _distance(_per_colour(np.subtract, ratio, ref), scratch=True)
    scale = _step_scale(ref)
    step /= scale.reshape(scale.shape + (1,) * (step.ndim - scale.ndim))
    return step


def _step_scale(ref):
    """The brightness _colour_step measures a step against, for each reference colour (..., 3)."""
    return np.linalg.norm(np.asarray(ref, np.float32), axis=-1) / math.sqrt(3) + 0.1


def _plane_steps(planes, ref, scale):
    """_colour_step's very numbers for colours given channel by channel (``planes``: B, G, R,
    each of any shape) against a reference colour whose channels (``ref``: 3, each broadcasting
    with a plane) and _step_scale (``scale``) are given: worked plane by plane, with no
    three-long last axis (numpy is several times slower over one)."""
    d = planes[0] - ref[0]
    d *= d
    e = planes[1] - ref[1]
    e *= e
    d += e
    e = planes[2] - ref[2]
    e *= e
    d += e
    np.sqrt(d, out=d)
    d /= scale
    return d


def _per_colour(op, pixels, colour):
    """op(pixels, colour) in single precision, for pixels (leading axes..., any pixel axes,
    B G R) and a colour for each index of the leading axes (..., 3), or one for all (3,):
    worked along rows of many pixels with the colour repeated to match, as numpy broadcasts a
    three-long last axis several times slower. The same numbers as op with broadcasting."""
    colour = np.asarray(colour, np.float32)
    lead = colour.ndim - 1
    shape = pixels.shape
    flat = np.ascontiguousarray(pixels).reshape(shape[:lead] + (-1, 3))
    run = _run(flat.shape[-2])
    rows = flat.reshape(shape[:lead] + (-1, 3 * run))
    return op(rows, np.tile(colour, run)[..., None, :], dtype=np.float32).reshape(shape)


_RUNS: dict = {}


def _run(n):
    """The longest run of at most 64 pixels that n pixels split into whole."""
    if n not in _RUNS:
        _RUNS[n] = next(r for r in range(min(n, 64), 0, -1) if n % r == 0)
    return _RUNS[n]


def _distance(d, scratch=False):
    """The length of colour differences (their last axis, B, G, R): the channels summed one by
    one, as numpy's reduction over an axis of three costs several times as much. ``scratch``:
    d is the caller's own float32 temporary, squared in place rather than copied."""
    d = np.asarray(d, np.float32)
    sq = np.multiply(d, d, out=d) if scratch else d * d
    out = sq[..., 0] + sq[..., 1]
    out += sq[..., 2]
    return np.sqrt(out, out=out)


def _off_body(ratio, rr, step=TOKEN_STEP):
    """Where the disc's middle is off its own body colour (measured in TOKEN_BODY)."""
    return _off_bodies(ratio[None], (rr > TOKEN_BODY[0]) & (rr < TOKEN_BODY[1]), rr < TOKEN_BODY[1], step=step)[0]


def _off_bodies(ratios, ring, middle, bodies=False, step=TOKEN_STEP, inside=None):
    """_off_body of many discs at once: ring, middle are the TOKEN_BODY ring and inside it
    (only the middle's points are looked at: it is clear of the rim); ``bodies``: also each
    disc's body colour measured there; ``inside``: the middle's points of every disc, if the
    caller has taken them already."""
    N, n = ratios.shape[:2]
    flat = ratios.reshape(N, n * n, -1)
    body = _medians(flat, ring)
    at = np.flatnonzero(middle)
    off = np.zeros((N, n * n), bool)
    off[:, at] = _colour_step(flat[:, at] if inside is None else inside, body) > step
    return (off.reshape(N, n, n), body) if bodies else off.reshape(N, n, n)


def _line_steps(pts, start, end, most=1.0):
    """How far colours are from the line from one colour towards another (up to ``most`` of the
    way: blur mixes a print into the card under it), against the brightness there (as
    _colour_step); pts and the line's ends broadcast together over their leading axes."""
    start = np.asarray(start, np.float32)
    v = np.asarray(end, np.float32) - start
    d = np.asarray(pts, np.float32) - start
    return _channel_steps(*([a[..., c] for c in range(3)] for a in (d, v, start)), most)


def _channel_steps(d, v, start, most):
    """_line_steps with each colour given as its three channels (lists, broadcasting together):
    ``d`` the colours less the line's start, ``v`` the line's way, ``start`` where it starts.
    Callers holding pixels channel by channel call it so (a short last axis is slow)."""
    t = d[0] * v[0] + d[1] * v[1] + d[2] * v[2]
    t /= np.maximum(v[0] * v[0] + v[1] * v[1] + v[2] * v[2], 1e-6)
    np.clip(t, 0.0, most, out=t)
    far = (d[0] - t * v[0]) ** 2 + (d[1] - t * v[1]) ** 2
    far += (d[2] - t * v[2]) ** 2
    there = (start[0] + t * v[0]) ** 2 + (start[1] + t * v[1]) ** 2
    there += (start[2] + t * v[2]) ** 2
    return np.sqrt(far) / (np.sqrt(there) / math.sqrt(3) + 0.1)


def _own_print(ratios, off, middle, bodies, inks):
    """How much of what lies off each disc's body on its middle is the disc's own print: a
    colour between its body and its symbol's ink (or past it: the ink was learnt a little
    blurred), not another's. ratios (discs, n, n, 3), off (discs, n, n), middle (n, n);
    bodies, inks (discs, 3)."""
    N = len(ratios)
    disc, point = np.nonzero(off.reshape(N, -1) & np.ravel(middle))  # only the points off the body
    step = _line_steps(ratios.reshape(N, -1, 3)[disc, point], bodies[disc], inks[disc], PRINT_REACH)
    own = np.bincount(disc, weights=step < PRINT_STEP, minlength=N)
    return own / np.maximum(np.bincount(disc, minlength=N), 1)


def _medians(flat, where):
    """Each patch's median colour over some of its points: flat is (patches, points, channels),
    where a mask of the points. As np.median, with each channel's values laid side by side
    first (the partition then runs along memory)."""
    return median_rows(flat[:, np.flatnonzero(np.ravel(where))].transpose(0, 2, 1))


def _token_outline(ratio, rr, off=None):
    """What lies on the disc's middle that is not the disc: the closed patch, off the disc's own
    colour, that covers most of the middle: (its area in mm^2, how much of its outline's inside
    is off the disc's colour, the colours there as ratios to the mat's grey, the whole area off
    the disc's colour in mm^2, the patch's pixels). A token is solid inside its outline (its
    print too is not the disc); a symbol's ring or triangle is not, and a star is small."""
    if off is None:
        off = _off_body(ratio, rr)
    area, solid, on, inside, whole = _token_outlines(off[None], rr)
    if inside[0] is None:
        return 0.0, 0.0, ratio[:0, 0], whole[0], None
    return area[0], solid[0], ratio[on[0]], whole[0], inside[0]


_SEP = 2  # rows between stacked patches: _CLOSE reaches this far, so none sees its neighbour


def _token_outlines(off, rr):
    """_token_outline of a stack of discs' patches at once, from where each is off its body
    (off: (discs, n, n)): each one's outline's area (mm^2) and solidity (lists), where its
    inside is off the disc's colour ((discs, n, n)), its inside (a list, None: no outline) and the
    whole area off the disc's colour (mm^2, a list). The patches are closed and their outlines traced as one image, with
    rows between them that neither closing step nor the tracing carries across."""
    J, n, m = off.shape
    rows = n + _SEP
    stack = np.zeros((J, rows, m), np.uint8)
    stack[:, :n] = off
    # blur breaks a small token's outline where its own print meets its edge: close the gaps
    # (a closing: dilated, then eroded; the rows between count as outside the patch each time)
    closed = cv2.dilate(stack.reshape(-1, m), _CLOSE)
    closed.reshape(J, rows, m)[:, n:] = 1
    closed = cv2.erode(closed, _CLOSE)
    closed.reshape(J, rows, m)[:, n:] = 0
    contours, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    middle, (mx0, my0, mx1, my1) = _token_middle(rr)
    best, best_cover = [None] * J, [0] * J
    for cnt in contours:
        x, y, w, h = cv2.boundingRect(cnt)
        j, y = divmod(y, rows)
        if x >= mx1 or y >= my1 or x + w <= mx0 or y + h <= my0:
            continue  # wholly beside the middle: it covers none of it
        if (min(x + w, mx1) - max(x, mx0)) * (min(y + h, my1) - max(y, my0)) <= best_cover[j]:
            continue  # its box meets the middle's in less than the best patch covers of it
        # filled in its own box, the same pixels as in the whole patch (most are small pieces of
        # a symbol: only the patch that covers most of the middle is drawn whole, below)
        box = np.zeros((h, w), np.uint8)
        cv2.drawContours(box, [cnt], -1, 1, -1, offset=(-x, -(j * rows + y)))
        cover = cv2.countNonZero(box & middle[y:y + h, x:x + w])
        if cover > best_cover[j]:
            best[j], best_cover[j] = (box.view(bool), x, y), cover  # (kept: the patch is this box)
    k2 = TOKEN_PX_PER_MM ** 2
    area, solid, on, inside = [0.0] * J, [0.0] * J, np.zeros(off.shape, bool), [None] * J
    for j, b in enumerate(best):
        if b is None:
            continue
        box, x, y = b
        count = np.count_nonzero(box)
        if count < 4:
            continue
        h, w = box.shape
        inside[j] = np.zeros((n, m), bool)
        inside[j][y:y + h, x:x + w] = box
        on_box = on[j, y:y + h, x:x + w]
        np.logical_and(off[j, y:y + h, x:x + w], box, out=on_box)
        area[j], solid[j] = count / k2, np.count_nonzero(on_box) / count
    whole = (np.count_nonzero(off.reshape(J, -1), axis=1) / k2).tolist()
    return area, solid, on, inside, whole


_MIDDLES: dict = {}


def _token_middle(rr):
    """The middle a token covers on a patch (as uint8) and the box round it (x0, y0, x1, y1),
    made once per patch size and disc size (a corner's distance from the centre tells it)."""
    key = (rr.shape, float(rr[0, 0]))
    if key not in _MIDDLES:
        middle = (rr < 0.45).astype(np.uint8)
        ys, xs = np.nonzero(middle)
        box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1) if len(xs) else (0, 0, 0, 0)
        _MIDDLES[key] = middle, box
    return _MIDDLES[key]


def _quantile(values, q) -> float:
    """np.percentile(values, 100 * q) (its linear rule), by partitioning alone: a sort costs
    more on the many small sets a frame's lock tests measure."""
    m = len(values)
    at = q * (m - 1)
    lo = int(math.floor(at))
    part = np.partition(values, lo)  # (the next above it is the least past it: one place partitioned)
    a, t = float(part[lo]), at - lo
    b = float(part[lo + 1:].min()) if lo + 1 < m else a
    return b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t


def _learn_token(seen, diameter_mm, frame_name):
    """The lock token's row of the profile: its colour (log ratios to the mat's grey), its area
    in mm^2 and how solid it is; refused when the shot shows no token on a disc."""
    ratio, rr = seen
    found = _token_outline(ratio, rr)
    # a token of nearly the colour of the disc under it shows little more than its print at the
    # usual step: when a finer step finds a solid piece much larger, that piece is the token
    for step in LEARN_STEPS:
        finer = _token_outline(ratio, rr, _off_body(ratio, rr, step))
        if finer[0] > LEARN_GROWS * found[0] and finer[1] >= 1 - TOKEN_SOLID:
            found = finer
            break
    if not 0.1 < found[0] / (math.pi * (diameter_mm / 2) ** 2) < 0.8:
        raise VisionInputError(f"the {frame_name} shot: no lock token seen on a disc; lay one token on a disc of "
                               "another colour than the token (a dark disc under a silver token, a light one under a dark token), alone in the area",
                               kind=LOCK_UNSEEN)
    area, solid, _, _, inside = found
    # its colour: the larger of the two colours well inside its outline (the other is its print)
    seen = np.log(np.maximum(ratio[cv2.erode(inside.astype(np.uint8), _CORE, iterations=2).astype(bool)], 0.02))
    if len(seen) < 8:
        raise VisionInputError(f"the {frame_name} shot: the lock token is too small to learn; bring the camera closer",
                               kind=LOCK_SMALL)
    _, labels, _ = cv2.kmeans(seen.astype(np.float32), 2, None,
                                    (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 1e-3), 3,
                                    cv2.KMEANS_PP_CENTERS)
    main = int(np.argmax(np.bincount(labels.ravel(), minlength=2)))
    colour = np.median(seen[labels.ravel() == main], axis=0)
    return np.r_[colour, area, solid, 0.0].astype(np.float32)


def enrolment_shots(manifest_path, layout: MatLayout, tiles: TileSet):
    """Each enrolment photo as (label, frame, calibration, view of the area, (x, y) in mm of the
    piece, its area in mm^2): the largest piece in the first area, or the one nearest the place
    the manifest gives; a photo without the mat's markers or without a piece is refused naming
    the photo."""
    for img_path, label, at, area, frame, cal, view in enrolment_views(manifest_path, layout, tiles):
        yield label, frame, cal, view, *shot_piece(img_path, at, area, view, tiles)


def shot_piece(img_path, at, area, view, tiles: TileSet) -> tuple[tuple[float, float], float]:
    """((x, y) in mm, area in mm^2) of an enrolment photo's piece: the largest in the view's area,
    or the one nearest the place its manifest entry gives (`at`); none is refused naming the photo."""
    k = SEG_PX_PER_MM
    n, lab, stats, cents = cv2.connectedComponentsWithStats(view.mask)
    i = piece_near(stats, cents, view.zone, at)
    if i is None:
        raise VisionInputError(f"{img_path}: no {tiles.noun} found {where(area, at)}")
    return (view.zone.x + cents[i][0] / k, view.zone.y + cents[i][1] / k), stats[i, cv2.CC_STAT_AREA] / k ** 2


def _ring_round_own(frame, H_inv, view, x, y, diameter_mm, seen, ring):
    """An enrolment shot's disc's symbol rings (``ring``: read round the centre its ink gives, near
    the piece found at (x, y) mm; ``seen``: its disc_ratio there), read again round its own
    outline (own_centres) where that ink centre lies more than OFF_OWN_MM from it. The piece
    found takes the disc's shadow for disc; round a point off the disc the rim and the mat come
    into the ink, and a symbol of little ink (two dots) has its centre pulled towards them: the
    kind was learnt off its centre and its discs, read round theirs, all matched it weakly."""
    feats, _, sx, sy = disc_inks(seen[0][None], diameter_mm)
    k = SEG_PX_PER_MM
    own = own_centres(view.image / np.maximum(view.light, np.float32(1.0)), np.exp(feats[:, :3]),
                      np.array([(x - view.zone.x) * k]), np.array([(y - view.zone.y) * k]), diameter_mm)[0]
    if own is None:
        return ring
    ox, oy = view.zone.x + own[0] / k, view.zone.y + own[1] / k
    if math.hypot(x + sx[0] / READ_PX_PER_MM - ox, y + sy[0] / READ_PX_PER_MM - oy) <= OFF_OWN_MM:
        return ring
    return disc_signature(frame, H_inv, ox, oy, diameter_mm, view.mat_colour_at(ox, oy))[1]


def enroll(manifest_path, out, layout: MatLayout, tiles: TileSet) -> Profile:
    """Learn a printing of the discs from one frame per kind, each alone in the first area."""
    shots = [(frame, cal, view, label, x, y, 2 * math.sqrt(area / math.pi))
             for label, frame, cal, view, (x, y), area in enrolment_shots(manifest_path, layout, tiles)]
    diameters = [s[6] for s in shots if s[3] != LOCK]
    D = round(float(np.median(diameters)), 1)
    features, templates, labels = [], [], []
    for frame, cal, view, label, x, y, _ in shots:
        seen = disc_ratio(frame, cal.H_inv, x, y, D, view.mat_colour_at(x, y))
        feat, ring = disc_signature(frame, cal.H_inv, x, y, D, None, seen=seen)
        if label == LOCK:  # what a lock is known by: its own colour, size and outline, seen finer
            feat = _learn_token(disc_ratio(frame, cal.H_inv, x, y, D, view.mat_colour_at(x, y), TOKEN_PX_PER_MM),
                                D, frame_name=label)
            feat = np.r_[feat, feat[3]]
        else:  # and how large a patch off its body each disc's own symbol makes
            feat = np.r_[feat, np.count_nonzero(_off_body(*seen)) / READ_PX_PER_MM ** 2]
            ring = _ring_round_own(frame, cal.H_inv, view, x, y, D, seen, ring)
        features.append(feat)
        templates.append(ring[0])
        labels.append(label)
    if LOCK in labels and len(labels) > 1:  # a lock shot showing a plain disc would teach a disc as the token
        i = labels.index(LOCK)
        others = [j for j in range(len(labels)) if j != i]
        corr = _ring_match(np.stack([templates[j] for j in others]), templates[i][None])
        if float(corr.max()) >= PLAIN_DISC:
            raise VisionInputError(f"the {LOCK} shot shows a disc's own symbol, no lock token on it: "
                                   "lay a lock token on a disc, alone in the area", kind=LOCK_PLAIN)
    features = np.stack(features).astype(np.float32)  # per kind: 6 colours, the symbol's patch (mm^2)
    group_mean, group_spread = {}, {}
    for g in sorted({colour_of(lab) for lab in labels}):
        f = features[[colour_of(lab) == g for lab in labels], :6]
        group_mean[g] = f.mean(axis=0)
        group_spread[g] = np.maximum(f.std(axis=0) * 1.5, COLOUR_FLOOR).astype(np.float32)
    if LOCK in group_mean:
        group_spread[LOCK] = np.zeros(6, np.float32)  # its row is the token's form, not colours
    profile = Profile(layout.game, (D, D), labels, np.stack(templates), features, group_mean, group_spread)
    if out is not None:
        profile.save(out)
    return profile


def own_centres(ratio, bodies, xs, ys, diameter_mm, broken=False):
    """Where discs lie by their own outlines, near the points (px in an area's view, ``ratio``:
    its colours as ratios to the mat's light) where each was found roughly: (x, y) in px each,
    or None. A disc's outline is the patch of its body's colour (of ``bodies``, the one most of
    its middle is near, measured there) holding the point found, its holes (its symbol, a token)
    filled; it is taken where it is one disc's size, whole in the view, up to FAR_OFF of its
    radius from the point. A shadow is the mat darkened, not a disc's colour. The outlines are
    traced as one image. ``broken``: an outline the point lies outside of is looked at by its
    hull (a three's spokes reaching the rim cut its body's outline open): a disc lies round the
    point if the hull holds it and is one disc's size, the point given as its centre."""
    out = [None] * len(xs)
    if not len(xs):
        return out
    k = SEG_PX_PER_MM
    R = diameter_mm / 2 * k
    h = int(math.ceil(R * (1 + FAR_OFF))) + 2
    S = 2 * h + 1
    H, W = ratio.shape[:2]
    x, y = np.asarray(xs).astype(int), np.asarray(ys).astype(int)
    seen = np.zeros((len(x), S, S, 3), np.float32)  # each point's square (nothing past the view's edge)
    for j in range(len(x)):
        ya, yb, xa, xb = max(y[j] - h, 0), min(y[j] + h + 1, H), max(x[j] - h, 0), min(x[j] + h + 1, W)
        seen[j, ya - y[j] + h:yb - y[j] + h, xa - x[j] + h:xb - x[j] + h] = ratio[ya:yb, xa:xb]
    inside = _own_middle(h, R)
    planes = np.ascontiguousarray(np.moveaxis(seen, -1, 0))  # B, G, R: each (points, S, S)
    points = planes.reshape(3, len(x), -1)[:, :, inside]
    # its body's colour as it is here (a lamp's tint, a print run's shade): the median of its
    # middle's points near the disc colour most of them are near; the outline is drawn round
    # the points as near it as a token's
    scales = _step_scale(bodies)
    near = np.stack([_plane_steps(points, b, s) < 2 * TOKEN_STEP for b, s in zip(bodies, scales)])
    mine = near[np.argmax(np.count_nonzero(near, axis=2), axis=0), np.arange(len(x))]
    counts = np.count_nonzero(mine, axis=1)
    shown = counts >= len(inside) / 4  # (else no disc colour covers its middle)
    # the median of each disc's own points (numpy's nanmedian costs several times a sort), each
    # channel's points sorted along memory
    ranked = np.sort(np.where(mine[:, None, :], points.transpose(1, 0, 2), np.inf), axis=2)
    middle = np.maximum(counts - 1, 0) // 2
    body = np.take_along_axis(ranked, middle[:, None, None].repeat(3, axis=1), axis=2)[:, :, 0]
    body = np.where(np.isfinite(body), body, 0).astype(np.float32)
    rows = S + _SEP
    stack = np.zeros((len(x), rows, S), np.uint8)
    stack[:, :S] = _plane_steps(planes, body.T[:, :, None, None], _step_scale(body)[:, None, None]) < TOKEN_STEP
    own = cv2.morphologyEx(stack.reshape(-1, S), cv2.MORPH_OPEN, _CORE).reshape(len(x), rows, S)
    own[:, S:] = 0  # (the rows between patches)
    contours, _ = cv2.findContours(own.reshape(-1, S), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for cnt in contours:
        x0, y0, w, ht = cv2.boundingRect(cnt)
        j, y0 = divmod(y0, rows)
        if not (x0 < h < x0 + w and y0 < h < y0 + ht) or max(w, ht) > 2.2 * R:
            continue  # not round the point found, or larger than a disc
        point = (float(h), float(j * rows + h))
        opened = cv2.pointPolygonTest(cnt, point, False) < 0
        if opened:
            if not broken:
                continue
            cnt = cv2.convexHull(cnt)
            if cv2.pointPolygonTest(cnt, point, False) < 0:
                continue
        if not shown[j] or x[j] - h + x0 <= 0 or y[j] - h + y0 <= 0 or x[j] - h + x0 + w >= W or \
                y[j] - h + y0 + ht >= H:
            continue  # no disc colour over its middle, or cut by the view's edge
        m = cv2.moments(cnt)
        if not 0.4 <= m["m00"] / (math.pi * R * R) <= 1.1:
            continue  # not one disc (two of a colour touching; its body misjudged)
        cx, cy = x[j] - h + m["m10"] / m["m00"], y[j] - h + m["m01"] / m["m00"] - j * rows
        if opened:  # a disc lies round the point, its centre not told by its outline's hull
            out[j] = float(x[j]), float(y[j])
        elif math.hypot(cx - x[j], cy - y[j]) <= FAR_OFF * R:
            out[j] = cx, cy
    return out


@functools.lru_cache(maxsize=16)
def _own_middle(h, R):
    """The points of an own_centres square (2h + 1 a side) its body's colour is measured at:
    every third inside BODY[1] of the radius R (enough for a median); made once per disc size."""
    yy, xx = np.mgrid[-h:h + 1, -h:h + 1]
    return np.flatnonzero(np.hypot(xx, yy) < BODY[1] * R)[::3]


def middle_as_kind(details) -> bool:
    """Whether a disc's middle is nearer what its kind showed there at enrolment than the
    token's colour (GridReader._read_discs measures both)."""
    as_kind, as_token = details.get("middle", (np.inf, 0.0))
    return as_kind < as_token


@dataclass
class MatFound:
    """The mat's markers in one frame (CellReader.locate): the quick search's, those the plane was
    fitted to (the careful search's where the quick one found too few), and the calibration."""

    quick: dict
    detected: dict
    cal: Calibration

    @property
    def calibrated(self) -> bool:
        return self.cal.ok

    @property
    def reprojection_px(self) -> float:
        return self.cal.reprojection_px if self.cal.ok else float("nan")


class CellReader:
    """What every reader of pieces on printed cells shares: the mat found by its markers, each
    area checked for a hand over its edge, then straightened and read cell by cell by the
    subclass's ``_read_zone(frame, H_inv, view, area)``, which returns None when what it sees
    in the area is a hand rather than pieces; ``_finish`` then gives the frame's readings (where
    a reader leaves the reading of its pieces to the whole frame at once)."""

    ZONE_IMAGE = True  # whether _read_zone looks at the area's straightened image, or only its light
    LIGHT_PASSES = 2  # how often the area's light is fitted to the mat inside it (view_zone's passes)

    def __init__(self, profile: Profile, layout: MatLayout, zones, cells: Grid | None, single_thread: bool):
        if cells is None:
            raise ValueError(f"a {type(self).__name__} needs the game's cells (a vision.grid.Grid)")
        if single_thread:
            single_threaded()
        self.profile, self.layout, self.grid = profile, layout, cells
        self.zones = tuple(zones) if zones is not None else tuple(a for a, _ in cells.areas)
        self.detector = MarkerDetector.for_mat(layout.dictionary)
        self._careful = MarkerDetector(layout.dictionary)
        self.markers = layout.marker_layout()
        self.last_details: list = []
        self._cell_centres: dict = {}  # each area's cells and their centres, worked out once

    def locate(self, frame) -> MatFound:
        """The mat found in a frame by its markers, before anything on it is read: what a
        caller that may read the frame otherwise (vision.lens) asks first, and hands to ``read``."""
        quick = detected = self.detector.detect(frame)
        if len(detected) < 4:  # far markers of a large mat under a tilted camera: look harder
            detected = max(detected, self._careful.detect(frame), key=len)
        cal = calibrate(detected, self.markers)
        if cal.ok:  # the quick search can miss a far marker, and the far maps are then a few mm off
            cal, _ = recalibrate_with_missed(frame, cal, detected, self.markers, self._careful, self.layout.markers)
        return MatFound(quick, detected, cal)

    def read(self, frame, located: MatFound | None = None) -> FrameReading:
        """The frame read; ``located``: ``locate``'s answer for this very frame, if asked already."""
        self.last_details = []
        located = self.locate(frame) if located is None else located
        cal = located.cal
        if not cal.ok:
            return FrameReading(False, sorted(located.detected))
        hand, found = False, []
        H_inv = cal.H_inv  # (worked out once: a matrix inverse each time it is asked for)
        for name in self.zones:
            zone = self.layout.zones[name]
            exposure, paper = mat_exposure(frame, H_inv, zone)
            if exposure < 0.6 and not self._pieces_over_edge(frame, H_inv, name, exposure):
                hand = True  # the area's edge is covered: something reaches over it
                continue
            # pieces are looked for by cell
            view = view_zone(frame, H_inv, zone, paper, mask=False, image=self.ZONE_IMAGE, passes=self.LIGHT_PASSES)
            cells = self._read_zone(frame, H_inv, view, name)
            del view  # one area's straightened copies at a time: they are large at 5 MP
            if cells is None:
                hand = True
                continue
            found += cells
        return FrameReading(True, cal.ids, hand, self._finish(frame, H_inv, found), cal.reprojection_px)

    def _pieces_over_edge(self, frame, H_inv, name, exposure) -> bool:
        """Whether an area whose rim is covered (``exposure``: the share of it bare) is covered by
        the pieces lying on it rather than a hand: never, unless the reader's pieces can be told so."""
        return False

    def _finish(self, frame, H_inv, found):
        """The frame's readings, from what each area's _read_zone gave: as they are, unless the
        reader leaves work for the whole frame to this (its pieces read all at once)."""
        return found


class GridReader(CellReader):
    """Reads camera frames of the mat: ``read(frame) -> FrameReading``, one reading per cell
    that holds something, at the cell's centre, in the area it belongs to."""

    # A disc's light is the bare mat at its cell's corners; the area's fitted light only shows
    # where discs lie, and fitting it a second time read no cell otherwise, on either printing
    LIGHT_PASSES = 1

    def __init__(self, profile: Profile, layout: MatLayout, zones=None, cells: Grid | None = None,
                 max_colour=0.45, colour_margin=0.12, min_symbol=0.6, min_margin=0.15, single_thread=True):
        # min_margin: how much better a symbol must match than the next of its colour. 0.2 asked
        # about a yellow two against a yellow three (a far, blurred disc), one cell in 250; 0.15
        # reads them and still misreads none, here or on the second printing (seeds kept out).
        super().__init__(profile, layout, zones, cells, single_thread)
        self.max_colour, self.colour_margin = max_colour, colour_margin
        self.min_symbol, self.min_margin = min_symbol, min_margin
        self.D = float(profile.size_mm[0])
        self._kernels = None  # the disc-presence filters, made at the first frame
        self._places: dict = {}  # each area's cells in its view (_cell_places)
        self.colours = [g for g in profile.group_mean if g != LOCK]
        # each colour's body and its symbols' ink, as ratios to the mat's grey: a small disc far
        # from the camera is blurred, and its body is read partly mixed with its ink
        labels = list(profile.labels)
        self._body = {g: np.exp(profile.group_mean[g][:3]) for g in self.colours}
        self._ink = {g: np.exp(profile.features[labels.index(f"{g}-1")][3:6]) if f"{g}-1" in labels
                     else self._body[g] for g in self.colours}
        self._bodies = np.array([self._body[g] for g in self.colours], np.float32).reshape(-1, 3)
        self._inks = np.array([self._ink[g] for g in self.colours], np.float32).reshape(-1, 3)
        self._kinds = {g: [i for i, lab in enumerate(labels) if colour_of(lab) == g] for g in self.colours}
        # each colour's kinds at every turn, one column each: a disc's rings are matched against
        # them all in one product (its rings' correlation with each kind at each turn)
        self._turned = {g: _every_turn(profile.templates[kinds]) for g, kinds in self._kinds.items() if kinds}
        # the kinds whose symbol crosses the centre (WEAK_SYMBOL); the rings are of unit length
        self._crosses = {i for i, t in enumerate(profile.templates) if t[0].mean() > 1 / math.sqrt(RADII * ANGLES)}
        # the lock token as enrolled: its colour, area and solidity (None: the set has no locks)
        self._token = profile.features[labels.index(LOCK)] if LOCK in labels else None
        self._token_colour = np.exp(self._token[:3]) if self._token is not None else None
        # the disc colours a token could hide on, its colour too near theirs to tell it by
        self._token_hides = set() if self._token is None else \
            {g for g in self.colours if _colour_step(self._token_colour[None], self._body[g])[0] < TOKEN_HIDES}
        self._hides_at = np.array([g in self._token_hides for g in self.colours], bool)
        self._disc_colours = np.array([c for g in self.colours for c in (self._body[g], self._ink[g])], np.float32)
        # ...as the lock test measures against them (_lock): doubled, squared, and each one's
        # brightness (as _colour_step's) squared, inverted
        scale = np.linalg.norm(self._disc_colours, axis=1) / math.sqrt(3) + 0.1
        c = self._disc_colours.astype(np.float64)
        self._disc_colours_64 = (2 * c.T, (c ** 2).sum(axis=1)[None], 1.0 / scale.astype(np.float64)[None] ** 2)

    def _locks(self, fine, rr, off, near, details, prints=None):
        """For each disc looked at finer: (LOCK, confidence) for a token lying on it, (UNKNOWN, 0)
        for something much like one, None for none. A token is known by its own closed outline
        on the disc (its size, solid inside, in the token's colour), never by the colour at the
        disc's centre (a symbol may cross the centre in any colour). ``fine``: the discs'
        patches (ratios to the mat's grey); ``off``: where each is off its body (_off_bodies);
        ``near``: how far each point is from the token's colour (_colour_step); ``details``:
        each disc's; ``prints``: each disc's body and ink as measured there (its own print lies
        between). The outlines are traced as one image, their colours measured all at once."""
        area, solid, on, _, _ = _token_outlines(off, rr)
        # its colour: how much of it is nearer the token's colour than any disc's body or ink
        # (the token's print and the blur at its edge are not, but much of a token is): the
        # pixels of all outlines at once, |p - c|^2 = |p|^2 - 2 p.c + |c|^2 against each disc
        # colour's brightness squared, colour by colour along each channel's row of pixels (a
        # product or a minimum over a short last axis costs many times as much)
        p = fine[on].T.astype(np.float64)  # (disc by disc, as ``on`` lies)
        colours, squares, scales = self._disc_colours_64
        pp = p[0] * p[0] + p[1] * p[1]
        pp += p[2] * p[2]
        nearest = None
        for k in range(colours.shape[1]):
            d2 = p[0] * colours[0, k]
            d2 += p[1] * colours[1, k]
            d2 += p[2] * colours[2, k]
            d2 = pp - d2
            d2 += squares[0, k]
            np.maximum(d2, 0.0, out=d2)
            d2 *= scales[0, k]
            nearest = d2 if nearest is None else np.minimum(nearest, d2, out=nearest)
        ends = np.cumsum(np.count_nonzero(on.reshape(len(on), -1), axis=1))[:-1]  # each disc's pixels
        other = np.split(np.sqrt(nearest), ends)
        own = np.split(near[on], ends)  # (how far the pixels are from the token's colour: already measured)
        if prints is not None:
            # ...and how much of it is nearer the token's colour than the disc's own print (a
            # colour on the line from its body to its ink): another disc's colour cannot lie on
            # it, yet may lie between a token's and this disc's (a yellow near a copper token)
            counts = np.count_nonzero(on.reshape(len(on), -1), axis=1)
            body = [np.repeat(prints[0][:, c].astype(np.float32), counts) for c in range(3)]
            step = [np.repeat((prints[1][:, c] - prints[0][:, c]).astype(np.float32), counts) for c in range(3)]
            line = _channel_steps([p[c].astype(np.float32) - body[c] for c in range(3)], step, body, PRINT_REACH)
            disc = np.repeat(np.arange(len(on)), counts)
            nearer = np.bincount(disc, weights=near[on] < line, minlength=len(on)) / np.maximum(counts, 1)
            for j, d in enumerate(details):
                d["token print"] = round(float(nearer[j]), 2)
        # where each is the token's colour through and through, not a blur of two others (a
        # symbol's thin lines blurred into its disc may pass near the token's colour): the
        # patches eroded as one stack, a row that erodes nothing between two
        J, n, m = near.shape
        stack = np.ones((J, n + 1, m), np.uint8)
        stack[:, :n] = near < TOKEN_CORE
        core = cv2.erode(stack.reshape(-1, m), _CORE).reshape(J, n + 1, m)[:, :n]
        cored = core.sum(axis=(1, 2)) / TOKEN_PX_PER_MM ** 2 / float(self._token[3])
        return [self._lock(area[j], solid[j], own[j], other[j], float(cored[j]), details[j]) for j in range(J)]

    def _lock(self, a, solid, own, other, cored, details):
        """A disc's token test (_locks) from its outline's area (mm^2) and solidity, how far
        the outline's pixels off the disc's colour are from the token's colour (``own``) and from
        the nearest disc colour (``other``), and the share of the token's area in its colour
        through and through."""
        area, solidity = float(self._token[3]), float(self._token[4])
        share = a / area
        if not len(own):
            return None
        token_like = np.count_nonzero(own < other) / len(own)
        hue = _quantile(own, 0.25)  # and how near the token's colour the nearer part is
        details["token"] = (round(share, 2), round(solid, 2), round(token_like, 2), round(hue, 2), round(cored, 2))
        solid_enough = solid >= solidity - TOKEN_SOLID
        somewhere = cored >= TOKEN_CORED / 4  # (a blur of a symbol into its disc never is, anywhere)
        own_symbol = cored < OWN_CORED * TOKEN_CORED and details.get("token print", 1.0) < OWN_PRINT
        through, cored = cored, cored >= TOKEN_CORED
        plainly = token_like >= 1.5 * TOKEN_LIKE and hue < 0.85 * TOKEN_HUE and cored  # its colour, plainly
        smallest = TOKEN_AREA[0] - (0.1 if plainly else 0.0)  # (a token half hidden by blur)
        # its colour through and through, or plainly its colour, and through and through somewhere
        coloured = (token_like >= TOKEN_LIKE and hue < TOKEN_HUE and cored) or \
            (token_like >= 1.4 * TOKEN_LIKE and hue < TOKEN_HUE and somewhere)

        def sure(hue_bound):  # as near the token's size and colour as the test asks
            return LOCK, float(np.clip(min(1 - abs(1 - share) / 0.8, 1 - hue / hue_bound), 0, 1))
        if smallest <= share <= TOKEN_AREA[1] and solid_enough and coloured:
            return sure(TOKEN_HUE)
        if HALF_SHOWN <= share < smallest and solid_enough and somewhere and hue < APART_HUE * TOKEN_HUE \
                and details.get("token print", 0.0) >= APART:
            return UNKNOWN, 0.0  # the token's colour apart from the disc's print, half its outline
        if plainly and TOKEN_NEAR[0] - 0.15 <= share:
            return UNKNOWN, 0.0  # the token's colour, but not its outline
        if SHAPED_SMALLEST <= share <= 1 + AS_ENROLLED[0] and solid >= solidity - AS_ENROLLED[1] \
                and hue < TOKEN_SEEN[0] * TOKEN_HUE and through >= TOKEN_SEEN[1] * TOKEN_CORED:
            details["shaped"] = True  # (a token unless the middle is the disc's own: _read_disc)
            return sure(TOKEN_HUE)
        token_ish = token_like >= TOKEN_LIKE / 2 and hue < TOKEN_HUE * 1.25
        if token_ish and solid_enough and TOKEN_AREA[0] + 0.1 <= share <= TOKEN_AREA[1]:
            if own_symbol:
                return "doubt"  # its outline all but wholly the disc's own print: its symbol
            return UNKNOWN, 0.0  # a token's outline, its colour not plainly the token's
        if token_ish and TOKEN_NEAR[0] <= share <= TOKEN_NEAR[1] and solid >= solidity - 2 * TOKEN_SOLID:
            return "doubt"  # much like a token, not plainly one: a disc must then read plainly
        if abs(1 - share) <= AS_ENROLLED[0] and solid >= solidity - AS_ENROLLED[1] \
                and hue < SHAPED_HUE * TOKEN_HUE and through >= SHAPED_CORED * TOKEN_CORED:
            if hue >= TOKEN_HUE and token_like < SHAPED_LIKE * TOKEN_LIKE:
                return UNKNOWN, 0.0  # nowhere plainly the token's colour: its shape alone
            details["by shape"] = True  # (unless its own print explains it: _read_disc)
            return sure(SHAPED_HUE * TOKEN_HUE)
        return None

    def _grown(self, details):
        """Whether a token test's measures (_lock's details) that _lock left in doubt are plainly a
        token, on a disc whose colour the token's is far from: on a dark disc its outline grows
        past it (the token's colour plain and through and through, the outline no larger than
        the largest token and a little less solid than the token)..."""
        share, solid, token_like, hue, cored = details["token"]
        grown = (TOKEN_AREA[0] <= share <= TOKEN_AREA[1] and solid >= float(self._token[4]) - GROWN_SOLID
                 and token_like >= 1.4 * TOKEN_LIKE and hue < 0.85 * TOKEN_HUE and cored >= GROWN_CORED * TOKEN_CORED)
        # or its outline just as enrolled, in the token's colour, though a dim lamp's noise or
        # blur leaves too little of it through and through for _lock (a disc's blurred symbol
        # does not close into an outline of the token's size and solidity in its colour)
        enrolled = (abs(1 - share) <= AS_ENROLLED[0] and solid >= float(self._token[4]) - AS_ENROLLED[1]
                    and token_like >= TOKEN_LIKE and hue < TOKEN_HUE and cored >= TOKEN_CORED / 4)
        # or, told against the disc's own print alone, in the token's colour (a colour between the
        # token's and the disc's, another disc's, drew token_like down): its outline as solid as
        # _lock asks, up to the size of something much like a token (on a dark disc it grows)
        apart = (TOKEN_AREA[0] <= share <= TOKEN_NEAR[1] and solid >= float(self._token[4]) - TOKEN_SOLID
                 and details.get("token print", 0.0) >= APART and hue < APART_HUE * TOKEN_HUE
                 and cored >= TOKEN_CORED / 4)
        return grown or enrolled or apart

    # Discs laid edge to edge over a matrix (18 mm apart, off its 16 mm cells) cover its rim in
    # round bumps with bare grey between (0.36-0.57 of it bare), while the paper round the area
    # stays whole; an arm reaching in crosses that paper (0.81 of it unbroken at most), or, where
    # it covers the paper all round, leaves hardly any of the rim's grey bare (0.11 at most)
    EDGE_BARE, EDGE_PAPER = 0.3, 0.95

    def _pieces_over_edge(self, frame, H_inv, name, exposure) -> bool:
        """As CellReader's: discs laid to the area's edge are told from a hand by the paper round
        it; such an area's discs are then read only where each is placed (_read_zone)."""
        if exposure < self.EDGE_BARE:
            return False
        white, _ = white_and_rim(frame, H_inv, self.layout.zones[name])
        # the paper unbroken as _past_clipping sees it, against its median
        if paper_unbroken(white, np.maximum(median_rows(white.T), 1.0)) < self.EDGE_PAPER:
            return False
        self._laid_to_edge.add(name)
        return True

    def _presence(self, view):
        """How disc-like each point of the area is (+inside a disc's radius, - just outside it),
        the map it is measured on, bordered as the filter sees past the area's edge (how much
        of a disc's inside is off the mat's colour is looked at only at the cells' centres), and
        the view's colours as ratios to its light (kept for own_centres)."""
        k = SEG_PX_PER_MM
        ratio = np.maximum(view.light, np.float32(1.0))  # (worked in place: the area's copies are large)
        np.divide(view.image, ratio, out=ratio)
        d = _distance(ratio - 1, scratch=True)  # (never below 0)
        np.minimum(d, 0.4, out=d)
        d /= 0.4
        if self._kernels is None:  # a disc's inside against the ring just outside it; its inside alone
            R = self.D / 2 * k
            n = int(math.ceil(R + 1.5 * k)) * 2 + 1
            yy, xx = np.mgrid[0:n, 0:n] - n // 2
            rr = np.hypot(xx, yy)
            inner, outer = rr <= R - 0.5 * k, (rr > R + 0.2 * k) & (rr <= R + 1.2 * k)
            self._kernels = ((inner / inner.sum() - 0.5 * outer / max(outer.sum(), 1)).astype(np.float32),
                             (inner / inner.sum()).astype(np.float32))
        kernel, mean_inside = self._kernels
        h = len(kernel) // 2
        padded = cv2.copyMakeBorder(d, h, h, h, h, cv2.BORDER_REPLICATE)  # the area's edge carried on
        # the filter over the bordered map (a correlation, as filter2D's, in less than half its time)
        return cv2.matchTemplate(padded, kernel, cv2.TM_CCORR), padded, ratio

    def _gap_light(self, view, name):
        """The mat's own colour in the gaps between discs: at each corner where four cells meet
        (clear of a disc lying in its cell), so a shadow across a full matrix is measured where
        it falls, not guessed from the area's border. None where a corner does not look like
        bare grey mat (a disc pushed far off its cell, a finger)."""
        H, W = view.image.shape[:2]
        g = self._gap_places(name, view.zone, (H, W), view.background.shape[:2])
        out = np.full(g.shape + (3,), np.nan, np.float32)
        # the corners whose square of bare mat lies whole in the area: all their medians at once
        colours = list(median_rows(view.image.reshape(-1, 3)[g.windows].transpose(0, 2, 1)))
        for ya, yb, xa, xb in g.clipped:  # clipped by the area's edge
            colours.append(np.median(view.image[ya:yb, xa:xb].reshape(-1, 3), axis=0))
        if colours:
            keep = self._bare_grey(view, np.array(colours, np.float32), g.background)
            out[g.i[keep], g.j[keep]] = np.array(colours, np.float32)[keep]
        return out

    def _gap_places(self, name, zone, shape, bg_shape):
        """Where _gap_light looks in an area's view (of ``zone``, ``shape`` pixels, its light
        ``bg_shape``): each corner's square of bare mat, as indices into the view's pixels, and
        where its light is looked up; worked out once per area, as the cells' places are."""
        key = ("gaps", name, zone, shape, bg_shape)
        if key not in self._places:
            k = SEG_PX_PER_MM
            rows, cols = self.grid.shape(name)
            x0, y0 = self.grid.centre(self.layout, name, 0, 0)
            half, p = self.grid.pitch_mm / 2, self.grid.pitch_mm
            reach = max(1, int(round(GAP_MM * k)))
            H, W = shape
            ii, jj = np.mgrid[0:rows + 1, 0:cols + 1]
            px = (x0 - half + jj * p - zone.x) * k
            py = (y0 - half + ii * p - zone.y) * k
            whole = (py - reach >= 0) & (py + reach + 1 <= H) & (px - reach >= 0) & (px + reach + 1 <= W)
            side = np.arange(2 * reach + 1)
            ys = py[whole].astype(int) - reach
            xs = px[whole].astype(int) - reach
            windows = ((ys[:, None] + side)[:, :, None] * W + (xs[:, None] + side)[:, None, :]).reshape(len(ys), -1)
            at, clipped = list(zip(ii[whole], jj[whole])), []
            for i, j in zip(ii[~whole], jj[~whole]):
                ya, yb = int(max(py[i, j] - reach, 0)), int(min(py[i, j] + reach + 1, H))
                xa, xb = int(max(px[i, j] - reach, 0)), int(min(px[i, j] + reach + 1, W))
                if yb - ya < 2 or xb - xa < 2:
                    continue
                at.append((i, j))
                clipped.append((ya, yb, xa, xb))
            i, j = np.array(at, int).reshape(-1, 2).T
            # where view.mat_colour_at looks, for every corner
            bh, bw = bg_shape
            bi = np.clip((zone.y + py[i, j] / k - zone.y) * BG_PX_PER_MM, 0, bh - 1).astype(int)
            bj = np.clip((zone.x + px[i, j] / k - zone.x) * BG_PX_PER_MM, 0, bw - 1).astype(int)
            self._places[key] = _Gaps((rows + 1, cols + 1), windows, clipped, i, j, (bi, bj))
        return self._places[key]

    @staticmethod
    def _bare_grey(view, colours, at):
        """Which corners' colours look like bare grey mat under the fitted light (``at``: where
        each corner's light lies in the view's background)."""
        r = colours / np.maximum(view.background[at], 1.0)  # the light's tint is the paper's: grey stays level
        lum = channel_mean(r)
        return (0.35 < lum) & (lum < 1.3) & (channel_max(np.abs(r - lum[:, None])) < 0.12 * lum)

    def _bare(self, view, gaps, name, r, c, px, py) -> bool:
        """Is this cell plainly bare mat: across a disc's width, the grey of its gaps?"""
        corners = gaps[r:r + 2, c:c + 2].reshape(-1, 3)
        corners = corners[~np.isnan(corners[:, 0])]
        if len(corners) < 2:
            return False
        k = SEG_PX_PER_MM
        h = int(self.D / 2 * k * 0.8)
        patch = view.image[max(int(py) - h, 0):int(py) + h + 1, max(int(px) - h, 0):int(px) + h + 1]
        ratio = patch.reshape(-1, 3) / np.maximum(corners.mean(axis=0), 1.0)
        off = np.abs(ratio - 1.0).max(axis=1)
        return patch.size > 0 and float(np.percentile(off, 90)) < 0.12

    BLIND = 0.85 * 255  # the mat's light this bright in every channel: a white disc clips to near its grey

    def _blind_where_bare(self, view, at, lights, filled) -> bool:
        """Whether a cell taken for bare mat lies where a lamp shines so hard that the mat's grey
        is near the camera's ceiling: a white disc there clips to little brighter than the mat."""
        if float(channel_min(view.background).max()) <= 0.95 * self.BLIND:
            return False
        return bool((channel_min(lights)[np.asarray(filled) < 0.3] > self.BLIND).any())

    def _read_zone(self, frame, H_inv, view, name):
        score, padded, ratio = self._presence(view)
        gaps = self._gap_light(view, name)
        at = self._light_places(name, view.zone, score.shape, view.background.shape[:2])
        # every cell's window at once: where in it a disc sits best, and how much of a disc's
        # inside round the cell's centre is off the mat's colour
        past = np.append(score.ravel(), np.float32(-np.inf))  # (past the area: never a disc's centre)
        by, bx = np.divmod(np.argmax(past[at.window], axis=1), at.ww)
        inner = self._kernels[1]
        filled = np.einsum("cij,ij->c", sliding_window_view(padded, inner.shape)[at.cy, at.cx], inner).tolist()
        lights, shadowed, lit = self._cell_lights(view, gaps, at)
        if self._blind_where_bare(view, at, lights, filled):
            return None  # wait, as under a hand: a white disc there would look like bare mat
        bx, by = at.x0 + bx, at.y0 + by
        # where the filter's best lies at its window's edge, the disc may lie further off
        edge = np.maximum(np.abs(bx - at.px), np.abs(by - at.py)) >= self._reach() - 1
        bx, by, placed = self._own_centres(ratio, (np.asarray(filled) >= 0.75) & edge, at, bx, by)
        placed = placed.tolist()  # by its own outline, found in its cell
        centres_x = (view.zone.x + bx / SEG_PX_PER_MM).tolist()
        centres_y = (view.zone.y + by / SEG_PX_PER_MM).tolist()
        found = []  # (cell, its centre, label, confidence)
        for i, (cell, (x, y)) in enumerate(at.cells):
            if filled[i] < 0.3:
                continue  # bare mat: an empty cell
            _, r, c = cell
            cx, cy = centres_x[i], centres_y[i]
            if filled[i] < 0.75 and self._bare(view, gaps, name, r, c, at.px[i], at.py[i]):
                continue  # the mat's light misjudged here, but the cell is as grey as its gaps
            if filled[i] < 0.75:
                found.append([cell, x, y, UNKNOWN, 0.0])  # something, but not a disc lying in its cell
                self.last_details.append({"cell": cell, "filled": float(filled[i])})
            elif shadowed[i]:
                found.append([cell, x, y, UNKNOWN, 0.0])  # its light taken in a shadow
                self.last_details.append({"cell": cell, "light shadowed": round(float(shadowed[i]), 2)})
            elif name in self._laid_to_edge and not placed[i]:
                # discs laid edge to edge, off the cells, are read only where each one's own outline
                # places it: elsewhere the ring is read round a point millimetres off the disc (the
                # mat between discs, its light taken at covered corners, can even pass for a disc)
                found.append([cell, x, y, UNKNOWN, 0.0])
                self.last_details.append({"cell": cell, "unplaced": True})
            else:  # read with the frame's other discs, all at once (_finish)
                details = {"cell": cell, "at": (round(float(cx), 1), round(float(cy), 1))}
                if lit[i] < TOKEN_LIT:
                    details["lit"] = round(float(lit[i]), 2)
                if edge[i] and not placed[i]:
                    details["unplaced"] = True  # at its window's edge, its own outline not found in its cell
                self.last_details.append(details)
                light = lights[i]
                found.append([cell, x, y, None, 0.0])
                self._unread.append((found[-1], (cx, cy), light, details))
        self._ratios[name] = ratio, view.zone  # (kept for _off_own: an area's view is small)
        return found

    def _reach(self):
        """How far (px in an area's view) round its cell's centre a disc's centre is looked for by
        the presence filter: a disc lying in its cell, clear of its neighbours, and a little more."""
        return max(1.0, (self.grid.pitch_mm - self.D) / 2 + 0.8) * SEG_PX_PER_MM

    def _own_centres(self, ratio, discs, at, bx, by):
        """The centres (px in the view; ``ratio``: its colours as ratios to its light) of the
        ``discs`` (a mask of the area's cells) by their own outlines (own_centres), where those
        lie in their cells; else the presence filter's (``bx``, ``by``); and which were so placed. The filter looks only
        round a cell's middle and takes a disc's shadow for disc: a disc off its cell (laid so,
        or moved by a lens's barrel) was read round a point millimetres from its own centre,
        part of its symbol outside the ring read (two dots either side of the centre read as a
        bar through it, three spokes as two)."""
        bx, by = bx.astype(np.float64), by.astype(np.float64)
        placed = np.zeros(len(bx), bool)
        idx = np.flatnonzero(discs)
        half = self.grid.pitch_mm / 2 * SEG_PX_PER_MM
        for i, c in zip(idx, own_centres(ratio, self._bodies, bx[idx], by[idx], self.D)):
            if c is not None and abs(c[0] - at.px[i]) <= half and abs(c[1] - at.py[i]) <= half:
                bx[i], by[i] = c
                placed[i] = True
        return bx, by, placed

    def read(self, frame, located: MatFound | None = None) -> FrameReading:
        self._unread = []  # the frame's discs, each (its reading's row, centre, light, details)
        self._laid_to_edge = set()  # the areas whose rim the discs laid on them cover
        self._ratios = {}  # each area's colours as ratios to its light, and where it lies
        return super().read(frame, located)

    def _finish(self, frame, H_inv, found):
        """Every disc of the frame read at once: one pass over all the areas' discs costs less
        than one per area (the anomaly's three cells cost an area's fixed part alone)."""
        for (row, _, _, _), (label, conf) in zip(self._unread, self._read_discs(frame, H_inv, self._unread)):
            row[3:] = label, conf
        self._off_own()
        self._unread, self._ratios = [], {}
        return [TileReading(label, round(x, 1), round(y, 1), 0.0, round(conf, 3), cell[0], cell)
                for cell, x, y, label, conf in found]

    def _off_own(self):
        """A disc named from a weak symbol match (under WEAK_SYMBOL) whose own outline lies more
        than OFF_OWN_MM from the centre its ring was read round is asked about: the ring held the
        rim and the mat on one side and missed the symbol's ink on the other (three spokes off
        the centre read as two dots; the presence filter, pulled by the disc's shadow, found
        the cell's middle rather than the disc's). So is one round which no disc's outline lies
        (its own cut open by its symbol is taken by its hull): its ring was read over the bare
        mat between discs laid off their cells, a neighbour's edge taken for its symbol. Only
        those few discs' outlines are traced."""
        weak = [d for d in self._unread if d[0][3] not in (UNKNOWN, LOCK, None)
                and d[3].get("symbol", 1.0) < WEAK_SYMBOL]
        k = SEG_PX_PER_MM
        for name in {d[3]["cell"][0] for d in weak}:
            ratio, zone = self._ratios[name]
            mine = [d for d in weak if d[3]["cell"][0] == name]
            xs = np.array([(d[1][0] - zone.x) * k for d in mine])
            ys = np.array([(d[1][1] - zone.y) * k for d in mine])
            for (row, _, _, details), x, y, own in zip(mine, xs, ys, own_centres(ratio, self._bodies, xs, ys, self.D,
                                                                                  broken=True)):
                if own is None:  # no disc's outline round it: the ring may be read over the mat
                    details["own unseen"] = True
                    row[3:] = UNKNOWN, 0.0
                elif math.hypot(own[0] - x, own[1] - y) / k > OFF_OWN_MM:
                    details["own off"] = round(math.hypot(own[0] - x, own[1] - y) / k, 1)
                    row[3:] = UNKNOWN, 0.0

    def _cell_places(self, name, zone, shape):
        """Where each cell of an area lies in its straightened view (of ``zone``, ``shape``
        pixels): its centre (px, and rounded: where the disc's inside is measured), the window
        a disc's centre is looked for in (clipped by the area's edge) and its four corners among
        the area's gaps; worked out once per area."""
        key = (name, zone, shape)
        if key not in self._places:
            k = SEG_PX_PER_MM
            H, W = shape
            cells = self._centres(name)
            px = np.array([(x - zone.x) * k for _, (x, y) in cells])
            py = np.array([(y - zone.y) * k for _, (x, y) in cells])
            reach = self._reach()
            y0 = np.array([int(max(v - reach, 0)) for v in py])
            y1 = np.array([int(min(v + reach + 1, H)) for v in py])
            x0 = np.array([int(max(v - reach, 0)) for v in px])
            x1 = np.array([int(min(v + reach + 1, W)) for v in px])
            hh, ww = int((y1 - y0).max()), int((x1 - x0).max())
            ys = y0[:, None, None] + np.arange(hh)[None, :, None]
            xs = x0[:, None, None] + np.arange(ww)[None, None, :]
            window = np.where((ys < y1[:, None, None]) & (xs < x1[:, None, None]), ys * W + xs, H * W)
            rc = np.array([(r, c) for (_, r, c), _ in cells])
            corners = [(rc[:, 0] + i, rc[:, 1] + j) for i in (0, 1) for j in (0, 1)]
            self._places[key] = _Places(cells, px, py, y0, x0, window.reshape(len(cells), -1), ww,
                                        np.round(py).astype(int), np.round(px).astype(int), corners)
        return self._places[key]

    def _light_places(self, name, zone, shape, bg_shape):
        """_cell_places, with where each cell's centre lies in the view's light (``bg_shape``), as
        view.mat_colour_at looks it up."""
        key = (name, zone, shape, bg_shape)
        if key not in self._places:
            at = self._cell_places(name, zone, shape)
            bh, bw = bg_shape
            x = np.array([x for _, (x, y) in at.cells])
            y = np.array([y for _, (x, y) in at.cells])
            bi = np.clip((y - zone.y) * BG_PX_PER_MM, 0, bh - 1).astype(int)
            bj = np.clip((x - zone.x) * BG_PX_PER_MM, 0, bw - 1).astype(int)
            self._places[key] = replace(at, bi=bi, bj=bj)
        return self._places[key]

    @staticmethod
    def _cell_lights(view, gaps, at):
        """The mat's colour under each cell, the mean of its bare corners, for every cell at once
        (where a cell has fewer than two, the fitted light at its centre, as view.mat_colour_at
        gives it), each one's share of the brightest bare corner round it where under SHADOWED
        (else 0), and that share (1 where no corner round it is bare)."""
        corners = np.stack([gaps[i, j] for i, j in at.corners], axis=1)  # (cells, 4, 3)
        bare = ~np.isnan(corners[:, :, 0])
        count = bare.sum(axis=1)
        total = np.where(bare[:, :, None], corners, np.float32(0))
        summed = total[:, 0]
        for j in range(1, 4):  # in the corners' order, as a mean of the bare ones adds them
            summed = summed + total[:, j]
        out = (summed / np.maximum(count, 1)[:, None]).astype(np.float32)
        fitted = count < 2
        if fitted.any():
            out[fitted] = view.background[at.bi[fitted], at.bj[fitted]]
        # the brightest bare corner among each cell's own and the next ones (4 x 4 corners)
        lum = np.nan_to_num(channel_mean(gaps), nan=0.0)
        brightest = sliding_window_view(np.pad(lum, 1), (4, 4)).max(axis=(2, 3))[at.corners[0]]
        share = channel_mean(out) / np.maximum(brightest, 1.0)
        return out, np.where((brightest > 0) & (share < SHADOWED), share, 0.0), np.where(brightest > 0, share, 1.0)

    def _centres(self, name):
        """((area, row, column), its centre in mm) of each cell of an area, row by row."""
        if name not in self._cell_centres:
            rows, cols = self.grid.shape(name)
            self._cell_centres[name] = [((name, r, c), self.grid.centre(self.layout, name, r, c))
                                 for r in range(rows) for c in range(cols)]
        return self._cell_centres[name]

    def _read_discs(self, frame, H_inv, discs):
        """(label, confidence) of each disc lying in its cell, discs as (_, (x, y) in mm, the
        mat's colour under it, its details): their patches, colours and rings taken at once."""
        if not discs:
            return []
        ratios, rr = disc_ratios(frame, H_inv, [d[1] for d in discs], self.D, [d[2] for d in discs])
        feats, ink, sx, sy = disc_inks(ratios, self.D)
        # the body's colour against each colour's (as it is, or blurred into its ink)
        dists = _blend_distances(np.exp(feats[:, None, :3]), self._bodies, self._inks)
        nearest = np.argmin(dists, axis=1)
        # each symbol's ring read round the centre its ink gives; it may be half a millimetre
        # off, so the discs not read plainly there are read round the points that near (below)
        symbols = self._symbol_match(ink_rings(ink, sx, sy, self.D), nearest)
        tokens = {}  # what the token test said of each disc it looked at
        if self._token is not None:  # where each disc is off its body, and how near the token's colour
            g = _disc_grid(ratios.shape[1], self.D)
            inside = np.flatnonzero(g.middle)
            middles = ratios.reshape(len(discs), -1, ratios.shape[-1])[:, inside]  # (taken once, for both)
            off, bodies = _off_bodies(ratios, g.token_body, g.middle, bodies=True, inside=middles)
            patch = off.sum(axis=(1, 2)) / READ_PX_PER_MM ** 2
            # too little of the token's colour for a token, or for a doubt: no token test
            # (off lies inside the middle: the token's colour is looked for there alone)
            to_token = _colour_step(middles, self._token_colour)
            tokenish = ((to_token < 1.25 * TOKEN_HUE) & off.reshape(len(discs), -1)[:, inside]).sum(axis=1) \
                / READ_PX_PER_MM ** 2 >= 0.075 * float(self._token[3])
            # the few discs showing enough of it are looked at again finer, for a token's outline
            ask = np.flatnonzero(tokenish)
            if len(ask):  # (the same test, at the same centres, as when every disc was read finer)
                fine, fine_rr = disc_ratios(frame, H_inv, [discs[i][1] for i in ask], self.D,
                                            [discs[i][2] for i in ask], TOKEN_PX_PER_MM)
                fg = _disc_grid(fine.shape[1], self.D, TOKEN_PX_PER_MM)
                fine_off, fine_bodies = _off_bodies(fine, fg.token_body, fg.middle, bodies=True)
                fine_near = _colour_step(fine, self._token_colour)
                fine_inks = self._inks[nearest[ask]] * fine_bodies / np.maximum(self._bodies[nearest[ask]], 1e-3)
                tokens = dict(zip(ask.tolist(), self._locks(fine, fine_rr, fine_off, fine_near,
                                                            [discs[i][3] for i in ask], (fine_bodies, fine_inks))))
            for i, t in tokens.items():
                if t in ((UNKNOWN, 0.0), "doubt") and not self._hides_at[nearest[i]] and \
                        self._grown(discs[i][3]):
                    tokens[i] = LOCK, 0.5  # (plain, yet its outline not as enrolled)
                    discs[i][3]["grown"] = True
            # how much of what lies on it is its own print: asked only of the discs a token could
            # hide on and of those the token test claims (a few of a frame's discs)
            claimed = np.zeros(len(discs), bool)
            claimed[[i for i, t in tokens.items() if t not in (None, "doubt")]] = True
            which = np.flatnonzero(self._hides_at[nearest] | claimed)
            own_print = np.full(len(discs), np.nan)
            if len(which):
                inks = self._inks[nearest[which]] * bodies[which] / np.maximum(self._bodies[nearest[which]], 1e-3)
                own_print[which] = _own_print(ratios[which], off[which], g.middle, bodies[which], inks)
        # where a token test's finding weighs the symbol's match to the last digit (a doubt, or a
        # token claimed on a disc whose own print may show: _read_disc), the rings are read round
        # every near point too, as are the discs not plainly one kind at the centre found
        best, runner_up, _ = symbols
        weighs = [i for i, t in tokens.items() if t == "doubt" or
                  (t is not None and t[0] == LOCK and own_print[i] >= min(s for _, s in SYMBOL_SHOWS))]
        again = np.flatnonzero((np.asarray(best) < self.min_symbol + PLAIN_AT_CENTRE[0]) |
                               (np.asarray(best) - np.asarray(runner_up) < PLAIN_AT_CENTRE[1] * self.min_margin) |
                               np.isin(np.arange(len(discs)), weighs))
        if len(again):
            round_near = self._symbol_match(ink_rings(ink[again], sx[again], sy[again], self.D, _NEAR), nearest[again])
            for whole, part in zip(symbols, round_near):
                for j, i in enumerate(again.tolist()):
                    whole[i] = part[j]
        read = []
        if self._token is not None:  # each disc's middle against its kind's as enrolled, and the token's colour
            middle = np.exp(feats[:, None, 3:6])
            as_kind = _colour_step(middle, np.exp(self.profile.features[np.asarray(symbols[2]), 3:6]))[:, 0]
            as_token = _colour_step(middle, self._token_colour)[:, 0]
        rows, nearest = dists.tolist(), nearest.tolist()
        if self._token is not None:  # (as Python's numbers: a disc at a time, numpy's cost more)
            patch, as_kind, as_token, own_print = (a.tolist() for a in (patch, as_kind, as_token, own_print))
        for i, (_, _, _, details) in enumerate(discs):
            if self._token is not None:
                details["patch"] = patch[i]
                details["middle"] = (round(as_kind[i], 3), round(as_token[i], 3))
                if not math.isnan(own_print[i]):
                    details["print"] = round(own_print[i], 3)
            symbol = (self.colours[nearest[i]],) + tuple(s[i] for s in symbols)
            read.append(self._read_disc(dict(zip(self.colours, rows[i])), symbol, tokens.get(i), details))
        return read

    def _symbol_match(self, rings, nearest):
        """How each disc's rings match the kinds of the colour it is nearest (``nearest``: its
        index in self.colours), as a disc is held to its colour's kinds, over every turn and
        offset: lists of each disc's best correlation, the runner-up's (-1 with one kind) and
        the best kind's index in the profile's labels."""
        N, O = rings.shape[:2]
        best, runner_up, kind = np.full(N, -np.inf), np.full(N, -1.0), np.zeros(N, int)
        for g, colour in enumerate(self.colours):
            discs, kinds = np.flatnonzero(nearest == g), self._kinds[colour]
            if not len(discs) or not kinds:
                continue
            # every disc's ring at every offset against every kind at every turn: one product
            seen = rings[discs].reshape(len(discs) * O, RADII * ANGLES)
            corr = _unit_correlations(seen, self._turned[colour])
            corr = corr.reshape(len(discs), O, len(kinds), ANGLES).max(axis=(1, 3))
            ranked = np.argsort(-corr, axis=1)
            at = np.arange(len(discs))
            best[discs] = corr[at, ranked[:, 0]]
            if len(kinds) > 1:
                runner_up[discs] = corr[at, ranked[:, 1]]
            kind[discs] = np.asarray(kinds)[ranked[:, 0]]
        return best.tolist(), runner_up.tolist(), kind.tolist()

    def _read_disc(self, dist, symbol, token, details):
        """A disc's reading from its distances to each colour, how its rings matched the kinds
        of its nearest colour (that colour, the best correlation, the runner-up's, the best
        kind: _symbol_match) and what its token test said."""
        prof = self.profile
        order = sorted(dist, key=dist.get)
        details["colours"] = {g: dist[g] for g in order[:3]}
        patch = details.get("patch")  # the area (mm^2) off the disc's body on its middle
        own_print = details.get("print", 1.0)  # how much of it is the disc's own print
        _, s0, s1, _ = symbol
        if token not in (None, "doubt"):
            # a token claimed is asked about (`token seen`) where what it claims may be the disc's
            # own print, or its colours were measured in doubt:
            # - a token lying on a disc hides its symbol, yet its own symbol shows plainly in its
            #   own print (a blurred symbol's mix of body and ink can pass for a token's colour,
            #   and a token's print for a symbol): neither is sure;
            # - an outline not plainly a token's (grown, shaped) where the middle is what the
            #   disc's own kind showed there at enrolment, or its rings match its kind as plainly
            #   as OWN_SYMBOL: its own print (a ring or two bars round a plain middle, or three
            #   spokes, in an ink near the token's colour);
            # - told by its shape alone on such a middle, yet all but wholly the disc's own print;
            #   or on a disc its own outline did not place in its cell (the ring read round a point
            #   off the disc: a white two laid 4 mm off its cell, seen through the mat beside it);
            # - its colours measured against a light taken too dark (TOKEN_LIT)
            plain_symbol = s0 - s1 >= self.min_margin
            if (plain_symbol and any(s0 >= match and own_print >= share for match, share in SYMBOL_SHOWS)) or \
                    ((details.get("grown") or details.get("shaped")) and
                     (middle_as_kind(details) or (s0 >= OWN_SYMBOL and plain_symbol))) or \
                    (details.get("by shape") and middle_as_kind(details) and own_print >= SHAPED_OWN) or \
                    (details.get("by shape") and details.get("unplaced")) or \
                    "lit" in details:
                details["token seen"] = token
                return UNKNOWN, 0.0
            return token
        plain = 1.5 if token == "doubt" else 1.0  # how plainly a disc must read
        if "token" in details and details["token"][3] < TOKEN_SEEN[0] * TOKEN_HUE and \
                (order[0] in self._token_hides or details["token"][0] >= HALF_SHOWN) and \
                details["token"][4] >= TOKEN_SEEN[1] * TOKEN_CORED:
            # the token's own colour, plainly and through and through, though its outline was
            # not found (a token of nearly the disc's colour merges with it): not plainly a disc
            return UNKNOWN, 0.0
        if own_print < PRINT_SHARE and order[0] in self._token_hides:
            return UNKNOWN, 0.0  # a token of nearly its colour may lie on it: its own print must show
        if "token" in details and details["token"][4] >= TOKEN_THROUGH and own_print < PRINT_SHOWS:
            # much of it is the token's colour through and through, with no outline (a token of
            # nearly its colour), and not plainly its own print
            return UNKNOWN, 0.0
        best = order[0]
        second = dist[order[1]] if len(order) > 1 else 1e9
        if dist[best] > self.max_colour or second - dist[best] < plain * self.colour_margin:
            return UNKNOWN, 0.0  # no colour of the set, or two alike
        matched, s0, s1, kind = symbol
        if matched != best:
            return UNKNOWN, 0.0  # (a colour not measured: nothing matched)
        details.update(symbol=s0, runner_up=s1)
        if s0 < 1 - (1 - self.min_symbol) / plain or s0 - s1 < plain * self.min_margin:
            return UNKNOWN, 0.0
        label = prof.labels[kind]
        own = float(prof.features[prof.labels.index(label)][6]) if prof.features.shape[1] > 6 else 0.0
        if s0 < WEAK_SYMBOL and self._token is not None and (
                (best in self._token_hides and (kind in self._crosses or
                                                details.get("token", (0.0,) * 5)[4] >= TOKEN_SEEN[1] * TOKEN_CORED)) or
                (patch is not None and own > 0 and patch - own >= TOKEN_MORE * float(self._token[3]))):
            details["own_patch"] = own
            return UNKNOWN, 0.0  # a token may cover its middle: only its symbol's ends show
        most = SYMBOL_PATCH
        if "token" not in details and best not in self._token_hides and s0 >= BARE_SYMBOL[0] and \
                s0 - s1 >= BARE_SYMBOL[1] * self.min_margin:
            most = BARE_PATCH  # no token's colour on it, its symbol plain: its own print swelled
        outlined = details.get("token", (0.0,) * 5)[0] >= HALF_SHOWN and details["token"][4] >= TOKEN_CORED / 4 and \
            (details.get("token print", 0.0) >= APART or s0 < WEAK_SYMBOL)
        # (or no outline: a token of nearly the disc's body merging with it, or a dark token on a
        # dark disc showing too little apart from the body for a token test at all; its symbol
        # matched weakly)
        hidden = self._token is not None and s0 < WEAK_SYMBOL
        if not middle_as_kind(details) and (("token" in details and outlined) or hidden):
            # the token's colour at its middle, not what its kind shows there, and a closed outline
            # of it half a token's size or more, with that colour apart from the disc's print or
            # its symbol matched weakly, or no outline and a weak match: a token hiding the
            # symbol's middle (a dark token on a dark disc, its keyhole taken for a black 1's bar)
            details["middle token"] = True
            return UNKNOWN, 0.0
        if patch is not None and own > 0 and (math.log(max(patch, 0.1) / own) > math.log(most) / plain or
                                              math.log(own / max(patch, 0.1)) > math.log(SYMBOL_PATCH) / plain):
            details["own_patch"] = own
            return UNKNOWN, 0.0  # more (a token?) or less lies on it than its symbol: not plainly it
        conf = min(1.0, (s0 - s1) / (2 * self.min_margin), (second - dist[best]) / (2 * self.colour_margin))
        return label, float(max(conf, 0.0))
