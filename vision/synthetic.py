"""A synthetic table: virtual tiles on the virtual mat, photographed by a virtual camera.

Used by the simulation (the web page places, flips and removes tiles for seats), by tests and
by the benchmark. The tiles are the game's (a `TileSet`): a face ``COLOUR-GLYPH`` is drawn as
its glyph in its colour, a back ``back-NAME`` as a mark of its own and its name. Several tile
designs are drawn here so the recogniser can be shown to learn a printing from its enrolment
frames rather than from this renderer.
"""
from __future__ import annotations

import json
import math
import zlib
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from .mat import MatLayout, render_mat
from .tiles import TileSet, colour_of, is_back, value_of

# Colour names a game may give its faces, as printed (BGR); a style may print them otherwise.
PALETTE = {
    "red": (45, 40, 205), "blue": (190, 95, 25), "green": (60, 150, 40), "yellow": (20, 185, 235),
    "purple": (150, 50, 125), "orange": (30, 120, 240), "pink": (170, 120, 235), "brown": (40, 75, 130),
    "cyan": (200, 180, 40), "teal": (130, 130, 20), "white": (245, 245, 245), "grey": (150, 150, 150),
    "gray": (150, 150, 150), "black": (30, 30, 30),
}


@dataclass(frozen=True)
class TileStyle:
    """How one printing of the tiles looks."""

    name: str
    size_mm: tuple[float, float]  # width, height of an upright tile
    face: str  # "digit" or "pips"
    colours: dict  # colour -> BGR (colours not named here come from PALETTE)
    paper: tuple = (238, 240, 242)  # face background of "digit" tiles
    black: tuple = (30, 30, 30)
    back: tuple = (90, 60, 40)
    back_ink: tuple = (215, 225, 230)
    border: tuple | None = None  # outline colour; None: a band of the tile's colour
    font: int = cv2.FONT_HERSHEY_DUPLEX
    # A tile a few mm thick: its edge catches the light on the side facing the lamp and falls
    # into shade on the other (a bevel this wide in mm, brightened or darkened by up to
    # ``bevel_gain``), and it casts a soft shadow this dark.
    bevel_mm: float = 0.0
    bevel_gain: float = 0.0
    shadow: float = 0.35
    back_tones: tuple = ()  # backs printed each in its own tone (by back, in the set's order)

    def colour(self, name: str) -> tuple:
        if name in self.colours:
            return self.colours[name]
        if name in PALETTE:
            return PALETTE[name]
        # a colour no one named: a steady hue of its own
        hue = zlib.crc32(name.encode()) % 180
        bgr = cv2.cvtColor(np.uint8([[[hue, 200, 190]]]), cv2.COLOR_HSV2BGR)[0, 0]
        return tuple(int(c) for c in bgr)

    def back_colour(self, index: int) -> tuple:
        return self.back_tones[index % len(self.back_tones)] if self.back_tones else self.back


CLASSIC = TileStyle(
    "classic", (28.0, 40.0), "digit",
    {"red": (45, 40, 205), "blue": (190, 95, 25), "green": (60, 150, 40),
     "yellow": (20, 185, 235), "purple": (150, 50, 125)},
)
# A second printing: coloured faces with white pips, a dark outline, other hues and size.
PIPS = TileStyle(
    "pips", (30.0, 42.0), "pips",
    {"red": (70, 50, 185), "blue": (140, 80, 40), "green": (90, 160, 70),
     "yellow": (70, 200, 225), "purple": (130, 60, 150)},
    paper=(250, 250, 250), black=(45, 40, 40), back=(200, 200, 185), back_ink=(60, 40, 30),
    border=(35, 35, 35), font=cv2.FONT_HERSHEY_TRIPLEX,
)
# A third printing, the hard case: backs in greys close to the mat's own zone grey (one exactly
# it), light grey faces and a dark grey "black", another font and size; thick tiles with a
# bevelled edge and a soft shadow are what set a back apart from the mat.
GREY = TileStyle(
    "grey", (29.0, 41.0), "digit",
    {"red": (60, 55, 190), "blue": (170, 105, 45), "green": (70, 140, 60),
     "yellow": (40, 170, 215), "purple": (140, 70, 120)},
    paper=(204, 206, 206), black=(88, 88, 92), back=(150, 150, 150), back_ink=(96, 96, 100),
    font=cv2.FONT_HERSHEY_COMPLEX, bevel_mm=0.6, bevel_gain=0.12, shadow=0.22,
    back_tones=((150, 150, 150), (143, 145, 148), (156, 155, 151)),
)
STYLES = {"classic": CLASSIC, "pips": PIPS, "grey": GREY}

_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
         4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
         6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")


def _text(img, text, cx, cy, height_px, colour, font, thick, max_w=None):
    scale = cv2.getFontScaleFromHeight(font, int(height_px), thick)
    (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    if max_w is not None and tw > max_w:  # a long glyph ("10", "XII") is narrowed to fit
        scale *= max_w / tw
        (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    cv2.putText(img, text, (int(cx - tw / 2), int(cy + th / 2)), font, scale, colour, thick, cv2.LINE_AA)


def _back_mark(img, index, cx, cy, r, ink, k):
    """A mark per back, none a half-turn of another: ring, square, triangle, then more."""
    shape = index % 6
    if shape == 0:
        cv2.circle(img, (int(cx), int(cy)), int(r), ink, int(2.2 * k), cv2.LINE_AA)
    elif shape == 1:
        cv2.rectangle(img, (int(cx - r), int(cy - r)), (int(cx + r), int(cy + r)), ink, -1)
    elif shape == 2:
        pts = np.array([[cx, cy - r], [cx + r, cy + r], [cx - r, cy + r]], np.int32)
        cv2.fillPoly(img, [pts], ink, cv2.LINE_AA)
    elif shape == 3:
        pts = np.array([[cx, cy - r], [cx + r, cy], [cx, cy + r], [cx - r, cy]], np.int32)
        cv2.polylines(img, [pts], True, ink, int(2.2 * k), cv2.LINE_AA)
    elif shape == 4:
        cv2.rectangle(img, (int(cx - r), int(cy - r)), (int(cx + r), int(cy + r)), ink, int(2.2 * k))
    else:
        cv2.circle(img, (int(cx), int(cy)), int(r), ink, -1, cv2.LINE_AA)


def render_tile(label: str, tiles: TileSet, style: TileStyle = CLASSIC, px_per_mm: float = 8.0) -> np.ndarray:
    """An upright tile, BGR, exactly its size at px_per_mm."""
    tiles.check(label)
    w, h = (int(round(s * px_per_mm)) for s in style.size_mm)
    k = px_per_mm
    cx, cy = w / 2, h / 2
    if is_back(label):
        name = label[len("back-"):]
        index = tiles.back_names.index(name)
        img = np.full((h, w, 3), style.back_colour(index), np.uint8)
        ink = style.back_ink
        if style.face == "digit":
            # a mark per back and its name beneath
            _back_mark(img, index, cx, cy - 3 * k, 7 * k, ink, k)
            _text(img, name.upper(), cx, cy + 10 * k, 3.2 * k, ink, cv2.FONT_HERSHEY_SIMPLEX, max(1, int(0.5 * k)),
                  max_w=w - 3 * k)
        else:
            _text(img, _ROMAN[index % len(_ROMAN)], cx, cy, 14 * k, ink, style.font, max(1, int(1.6 * k)),
                  max_w=w - 4 * k)
            cv2.line(img, (int(4 * k), int(h - 6 * k)), (int(w - 4 * k), int(h - 6 * k)), ink, max(1, int(k)))
    else:
        colour, glyph = colour_of(label), value_of(label)
        pips = int(glyph) if glyph.isdigit() and 1 <= int(glyph) <= 6 else None
        if colour == "black":
            light = (235, 235, 235) if style.face == "digit" else (240, 240, 240)
            img = np.full((h, w, 3), style.black, np.uint8)
            if style.face == "digit":
                _text(img, glyph, cx, cy, 16 * k, light, style.font, max(1, int(1.8 * k)), max_w=w - 6 * k)
                _text(img, glyph, 4.5 * k, 5 * k, 4 * k, light, style.font, max(1, int(0.5 * k)), max_w=6 * k)
            else:
                _pip_glyph(img, glyph, pips, cx, cy, k, light, style.font, w)
                cv2.circle(img, (int(cx), int(h - 6 * k)), int(1.5 * k), light, -1, cv2.LINE_AA)
        elif style.face == "digit":
            c = style.colour(colour)
            img = np.full((h, w, 3), style.paper, np.uint8)
            _text(img, glyph, cx, cy + k, 17 * k, c, style.font, max(1, int(2.2 * k)), max_w=w - 6 * k)
            _text(img, glyph, 4.5 * k, 5 * k, 4 * k, c, style.font, max(1, int(0.6 * k)), max_w=6 * k)
            cv2.rectangle(img, (0, 0), (w - 1, h - 1), c, max(1, int(1.6 * k)))
        else:
            c = style.colour(colour)
            img = np.full((h, w, 3), c, np.uint8)
            _pip_glyph(img, glyph, pips, cx, cy, k, style.paper, style.font, w)
            cv2.line(img, (int(5 * k), int(h - 3.5 * k)), (int(w - 5 * k), int(h - 3.5 * k)), style.paper,
                     max(1, int(0.6 * k)))
    if style.border is not None:
        cv2.rectangle(img, (0, 0), (w - 1, h - 1), style.border, max(1, int(1.0 * k)))
    return img


def _pip_glyph(img, glyph, pips, cx, cy, k, ink, font, w):
    """Pips for 1-6, a ring for 0, the glyph itself otherwise."""
    if pips is not None:
        step = 7.5 * k
        for px, py in _PIPS[pips]:
            cv2.circle(img, (int(cx + px * step), int(cy + py * step)), int(2.4 * k), ink, -1, cv2.LINE_AA)
    elif glyph == "0":
        cv2.circle(img, (int(cx), int(cy)), int(7 * k), ink, max(1, int(1.5 * k)), cv2.LINE_AA)
    else:
        _text(img, glyph, cx, cy, 14 * k, ink, font, max(1, int(1.6 * k)), max_w=w - 6 * k)


@dataclass
class VirtualTile:
    """A tile on the virtual mat. ``label`` is its face; a face-down tile shows its back,
    ``back-NAME`` for ``back`` = NAME."""

    label: str
    x_mm: float
    y_mm: float
    angle: float = 0.0  # degrees, clockwise on the mat as printed
    face_up: bool = True
    back: str = ""

    @property
    def visible_label(self) -> str:
        return self.label if self.face_up else f"back-{self.back}"


@dataclass
class CameraPose:
    tilt_deg: float = 0.0  # away from straight down
    tilt_dir_deg: float = 0.0  # which way the camera leans
    roll_deg: float = 0.0  # rotation about the lens axis
    fill: float = 0.8  # the mat's share of the frame's width or height, whichever binds
    shift: tuple = (0.0, 0.0)  # where the mat sits in the leftover room, -1..1


@dataclass
class Light:
    gain: float = 1.0
    gradient: tuple = (0.0, 0.0)  # brightness change across the frame in x and y (fractions)
    tint: tuple = (1.0, 1.0, 1.0)  # per-channel BGR gains: warm or cool light
    shadows: list = field(default_factory=list)  # (x_mm, y_mm, radius_mm, depth 0..1)
    tile_shadow_mm: tuple = (0.6, 0.6)  # where a tile's own shadow falls (the lamp is opposite)


@dataclass
class Optics:
    blur_sigma: float = 0.6
    noise_sigma: float = 2.0
    jpeg_quality: int | None = 90


def random_camera(rng, max_tilt=30.0, fill=(0.5, 0.95)) -> CameraPose:
    return CameraPose(float(rng.uniform(0, max_tilt)), float(rng.uniform(0, 360)), float(rng.uniform(-12, 12)),
                      float(rng.uniform(*fill)), (float(rng.uniform(-1, 1)), float(rng.uniform(-1, 1))))


def random_light(rng, layout: MatLayout) -> Light:
    W, H = layout.size_mm
    shadows = [(float(rng.uniform(0, W)), float(rng.uniform(0, H)), float(rng.uniform(30, 120)),
                float(rng.uniform(0.15, 0.45))) for _ in range(rng.integers(0, 3))]
    return Light(float(rng.uniform(0.7, 1.1)), (float(rng.uniform(-0.35, 0.35)), float(rng.uniform(-0.35, 0.35))),
                 tuple(float(t) for t in rng.uniform(0.88, 1.1, 3)), shadows)


def random_optics(rng, jpeg_quality=70) -> Optics:
    return Optics(float(rng.uniform(0.4, 1.3)), float(rng.uniform(1.0, 5.0)), jpeg_quality)


def camera_homography(layout: MatLayout, pose: CameraPose, frame_size=(1280, 960)) -> np.ndarray:
    """Mat millimetres -> frame pixels for a pinhole camera looking at the mat."""
    W, H = layout.size_mm
    fw, fh = frame_size
    t, d, r = (math.radians(a) for a in (pose.tilt_deg, pose.tilt_dir_deg, pose.roll_deg))
    axis = np.array([math.cos(d), math.sin(d), 0.0])
    Rt, _ = cv2.Rodrigues(axis * t)
    Rr, _ = cv2.Rodrigues(np.array([0, 0, r]))
    R = Rr @ Rt
    dist = 1.6 * max(W, H)
    corners = np.array([[0, 0], [W, 0], [W, H], [0, H]], np.float64) - [W / 2, H / 2]
    P = np.c_[corners, np.zeros(4)] @ R.T + [0, 0, dist]
    img = P[:, :2] / P[:, 2:3]
    lo, hi = img.min(0), img.max(0)
    s = pose.fill * min(fw / (hi - lo)[0], fh / (hi - lo)[1])
    room = np.array([fw, fh]) - s * (hi - lo)
    off = room / 2 * (1 + np.asarray(pose.shift)) - s * lo
    dst = img * s + off
    src = corners + [W / 2, H / 2]
    return cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))


def tile_polygon(t: VirtualTile, size_mm) -> np.ndarray:
    w, h = size_mm
    a = math.radians(t.angle)
    c, s = math.cos(a), math.sin(a)
    pts = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return pts @ np.array([[c, s], [-s, c]]) + [t.x_mm, t.y_mm]


class SyntheticTable:
    """Holds virtual tiles on a mat and renders camera frames of them. ``tiles``: the game's
    tile set, whose labels (and backs) the table accepts and draws."""

    def __init__(self, layout: MatLayout, tiles: TileSet, style: TileStyle = CLASSIC, frame_size=(1280, 960),
                 px_per_mm: float = 4.0, camera: CameraPose | None = None, light: Light | None = None,
                 optics: Optics | None = None, seed: int | None = None):
        self.layout, self.tiles_set, self.style = layout, tiles, style
        self.frame_size, self.k = tuple(frame_size), px_per_mm
        self.camera = camera or CameraPose()
        self.light = light or Light()
        self.optics = optics or Optics()
        self.rng = np.random.default_rng(seed)
        self.tiles: dict[int, VirtualTile] = {}
        self._next = 0
        self._mat = _mat_image(layout, px_per_mm)
        self._tile_cache: dict[str, np.ndarray] = {}

    # the simulation page's verbs
    def place(self, label: str, x_mm: float, y_mm: float, angle: float = 0.0, face_up=True,
              back: str | None = None) -> int:
        """Put a tile down: its face ``label``, and the NAME of its back (default: the back the
        game's box gives that face, else its first back)."""
        ts = self.tiles_set
        if label not in ts.faces:
            ts.check(label)  # a back is not a face: say what the labels are
            raise ValueError(f"{label!r} is a back: place its face with face_up=False and back=NAME")
        if back is None:
            backs = [b for f, b in ts.inventory if f == label] or list(ts.back_names)
            back = backs[0] if backs else ""
        if (ts.back_names or not face_up) and back not in ts.back_names:
            raise ValueError(f"unknown back {back!r} (this {ts.noun} set has {', '.join(ts.back_names) or 'none'})")
        self._next += 1
        self.tiles[self._next] = VirtualTile(label, x_mm, y_mm, angle, face_up, back)
        return self._next

    def flip(self, tile_id: int) -> None:
        t = self.tiles[tile_id]
        self.tiles[tile_id] = replace(t, face_up=not t.face_up)

    def move(self, tile_id: int, x_mm: float, y_mm: float, angle: float | None = None) -> None:
        t = self.tiles[tile_id]
        self.tiles[tile_id] = replace(t, x_mm=x_mm, y_mm=y_mm, angle=t.angle if angle is None else angle)

    def remove(self, tile_id: int) -> None:
        self.tiles.pop(tile_id, None)

    def clear(self) -> None:
        self.tiles.clear()

    def _tile_img(self, label):
        if label not in self._tile_cache:
            # drawn at twice the canvas scale, then reduced, so glyph edges are smooth
            big = render_tile(label, self.tiles_set, self.style, self.k * 2)
            w, h = (int(round(s * self.k)) for s in self.style.size_mm)
            self._tile_cache[label] = cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)
        return self._tile_cache[label]

    def top_down(self, light: Light | None = None, hand: tuple | None = None, crop=None) -> np.ndarray:
        """The lit mat with its tiles as seen from straight above, float BGR at px_per_mm;
        ``crop`` (x0, y0, x1, y1 in its pixels, no hand drawn): only that part of it."""
        light = light or self.light
        k = self.k
        Hf, Wf = self._mat.shape[:2]
        ox, oy, x1, y1 = crop if crop is not None else (0, 0, Wf, Hf)
        canvas = self._mat[oy:y1, ox:x1].copy()
        Hc, Wc = canvas.shape[:2]
        for t in self.tiles.values():
            img = self._tile_img(t.visible_label)
            h, w = img.shape[:2]
            # draw only round the tile: a whole-canvas warp per tile is slow
            r = int(math.hypot(w, h) / 2 + 3 * k)
            cx, cy = int(t.x_mm * k) - ox, int(t.y_mm * k) - oy
            x0, y0 = max(cx - r, 0), max(cy - r, 0)
            x1, y1 = min(cx + r, Wc), min(cy + r, Hc)
            if x1 <= x0 or y1 <= y0:
                continue
            M = cv2.getRotationMatrix2D((w / 2, h / 2), -t.angle, 1.0)
            M[:, 2] += [t.x_mm * k - w / 2 - x0 - ox, t.y_mm * k - h / 2 - y0 - oy]
            size = (x1 - x0, y1 - y0)
            roi = canvas[y0:y1, x0:x1]
            # a tile stands proud of the mat: a soft shadow away from the lamp
            if self.style.shadow > 0:
                Ms = M.copy()
                Ms[:, 2] += np.asarray(light.tile_shadow_mm, np.float64) * k
                shadow = cv2.warpAffine(np.ones((h, w), np.float32), Ms, size)
                shadow = cv2.GaussianBlur(shadow, (0, 0), 0.8 * k)
                roi *= _by3(1 - self.style.shadow * shadow)
            mask = cv2.warpAffine(np.ones((h, w), np.float32), M, size)
            if self.style.bevel_mm > 0:
                img = img * self._bevel(w, h, t.angle, light.tile_shadow_mm)[:, :, None]
            warped = cv2.warpAffine(img, M, size)
            roi *= _by3(1 - mask)
            roi += warped
        if hand is not None:
            self._draw_hand(canvas, hand)
        # light: overall gain, a gradient, soft shadows, a colour cast
        q = 4  # light varies slowly: work it out on a coarser grid
        yy, xx = np.mgrid[0:Hc // q, 0:Wc // q].astype(np.float32) * q
        yy, xx = yy + oy, xx + ox
        illum = light.gain * (1 + light.gradient[0] * (xx / Wf - 0.5) + light.gradient[1] * (yy / Hf - 0.5))
        for sx, sy, sr, depth in light.shadows:
            d2 = ((xx - sx * k) ** 2 + (yy - sy * k) ** 2) / (sr * k) ** 2
            illum = illum * (1 - depth * np.exp(-d2))
        illum = cv2.resize(illum, (Wc, Hc), interpolation=cv2.INTER_LINEAR)
        lit = _by3(illum)
        lit *= np.asarray(light.tint, np.float32)  # in place: one canvas-sized array the fewer
        canvas *= lit
        return canvas

    def _bevel(self, w, h, angle, shadow_mm):
        """Light on a tile's edge: each side of its rim brighter the more it faces the lamp
        (opposite where the shadow falls), darker the more it faces away."""
        k, style = self.k, self.style
        band = max(1.0, style.bevel_mm * k)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32) + 0.5
        d = np.stack([yy, w - xx, h - yy, xx])  # distance to the top, right, bottom, left side
        side = d.argmin(axis=0)
        depth = np.clip(1 - d.min(axis=0) / band, 0, 1)
        a = math.radians(angle)
        to_lamp = -np.asarray(shadow_mm, np.float64)
        to_lamp /= max(float(np.linalg.norm(to_lamp)), 1e-6)
        facing = []
        for nx, ny in ((0, -1), (1, 0), (0, 1), (-1, 0)):  # outward normals, upright tile
            wx, wy = nx * math.cos(a) - ny * math.sin(a), nx * math.sin(a) + ny * math.cos(a)
            facing.append(wx * to_lamp[0] + wy * to_lamp[1])
        return (1 + style.bevel_gain * np.asarray(facing, np.float32)[side] * depth).astype(np.float32)

    def _draw_hand(self, canvas, hand):
        """A hand reaching in: (x_mm, y_mm, angle) of the palm."""
        x, y, a = hand
        k = self.k
        skin = (120, 150, 205)
        cv2.ellipse(canvas, (int(x * k), int(y * k)), (int(45 * k), int(55 * k)), a, 0, 360, skin, -1)
        rad = math.radians(a)
        for i in range(4):
            off = (i - 1.5) * 20
            bx = x + math.cos(rad) * off
            by = y + math.sin(rad) * off
            ex, ey = bx + math.sin(rad) * 80, by - math.cos(rad) * 80
            cv2.line(canvas, (int(bx * k), int(by * k)), (int(ex * k), int(ey * k)), skin, int(16 * k))
        arm = (int((x - math.sin(rad) * 300) * k), int((y + math.cos(rad) * 300) * k))
        cv2.line(canvas, (int(x * k), int(y * k)), arm, skin, int(80 * k))

    def render(self, camera: CameraPose | None = None, light: Light | None = None,
               optics: Optics | None = None, hand: tuple | None = None) -> np.ndarray:
        """A camera frame (BGR uint8) of the table as it stands."""
        camera = camera or self.camera
        optics = optics or self.optics
        top = self.top_down(light, hand)
        H = camera_homography(self.layout, camera, self.frame_size)
        S = np.diag([1 / self.k, 1 / self.k, 1.0])
        Hf = H @ S
        # reduce first so the warp does not alias: the frame samples the canvas coarser
        sigma = _prefilter_sigma(H, self.k)
        if sigma > 0.3:
            top = cv2.GaussianBlur(top, (0, 0), sigma)
        frame = cv2.warpPerspective(top, Hf, self.frame_size, flags=cv2.INTER_LINEAR,
                                    borderMode=cv2.BORDER_CONSTANT, borderValue=TABLE_COLOUR)
        if optics.blur_sigma > 0:
            frame = cv2.GaussianBlur(frame, (0, 0), optics.blur_sigma)
        if optics.noise_sigma > 0:
            frame += _noise(frame.shape, self.rng) * float(optics.noise_sigma)  # the warp's own array
        frame = np.clip(frame, 0, 255, out=frame).astype(np.uint8)
        if optics.jpeg_quality:
            ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, int(optics.jpeg_quality)])
            frame = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        return frame

    def pieces(self) -> dict:
        """The pieces lying on the table, by id (what ``live`` watches for changes)."""
        return self.tiles

    def live(self, hand: tuple | None = None) -> np.ndarray:
        """A frame as a running camera delivers them, fast enough for its full rate: drawn again
        only where a piece came, went or moved (all of it when the camera, the light or the
        optics changed), with fresh sensor noise of the optics' strength on every frame (after
        the JPEG the optics ask for, not before: compressing each frame would cost more than
        all the rest)."""
        optics = replace(self.optics, noise_sigma=0.0)
        view, pieces = self._scene(hand), dict(self.pieces())
        cached = getattr(self, "_live", None)
        if cached is None or cached[0] != view or hand is not None:
            frame = self.render(optics=optics, hand=hand)
        else:
            before, frame = cached[1], cached[2]
            changed = [t for key in set(before) | set(pieces) if before.get(key) != pieces.get(key)
                       for t in (before.get(key), pieces.get(key)) if t is not None]
            if changed:
                frame = frame.copy()
                self._redraw(frame, changed, optics)
        self._live = (view, pieces, frame)
        if self.optics.noise_sigma <= 0:
            return frame.copy()
        up, down = _noise_u8(frame.shape, float(self.optics.noise_sigma))
        h, w = frame.shape[:2]
        y, x = int(self.rng.integers(97)), int(self.rng.integers(97))
        out = cv2.add(frame, up[y:y + h, x:x + w])
        return cv2.subtract(out, down[y:y + h, x:x + w], dst=out)

    def _scene(self, hand) -> str:
        """What a frame shows apart from the pieces: camera, light, optics (never the caches)."""
        fixed = ("layout", "tiles_set", "style", "rng", "tiles")
        pieces = self.pieces()
        return repr((hand, sorted((k, v) for k, v in vars(self).items()
                                  if not k.startswith("_") and k not in fixed and v is not pieces)))

    def _redraw(self, frame, changed, optics) -> None:
        """Draw again, in place, the part of a frame round these pieces (where they lay and
        where they lie): the same steps as ``render``, on that part alone."""
        k = self.k
        reach = math.hypot(*self.style.size_mm) / 2 + 6.0  # a piece, its shadow and blur
        xs, ys = [t.x_mm for t in changed], [t.y_mm for t in changed]
        H = self.homography()
        corners = np.array([[min(xs) - reach, min(ys) - reach], [max(xs) + reach, min(ys) - reach],
                            [max(xs) + reach, max(ys) + reach], [min(xs) - reach, max(ys) + reach]])
        p = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), H).reshape(-1, 2)
        fw, fh = self.frame_size
        pad = int(3 * optics.blur_sigma) + 2
        fx0, fy0 = (max(int(v) - pad, 0) for v in p.min(axis=0))
        fx1, fy1 = min(int(p[:, 0].max()) + pad + 1, fw), min(int(p[:, 1].max()) + pad + 1, fh)
        if fx1 <= fx0 or fy1 <= fy0:
            return
        # the part of the top-down view that this part of the frame samples, with the blur's reach
        sigma = _prefilter_sigma(H, k)
        roi = np.array([[fx0, fy0], [fx1, fy0], [fx1, fy1], [fx0, fy1]], np.float64)
        q = cv2.perspectiveTransform(roi.reshape(-1, 1, 2), np.linalg.inv(H)).reshape(-1, 2) * k
        Hc, Wc = self._mat.shape[:2]
        m = int(3 * sigma) + 3
        cx0, cy0 = (max(int(v) - m, 0) for v in q.min(axis=0))
        cx1, cy1 = min(int(q[:, 0].max()) + m + 1, Wc), min(int(q[:, 1].max()) + m + 1, Hc)
        top = self.top_down(crop=(cx0, cy0, cx1, cy1))
        if sigma > 0.3:
            top = cv2.GaussianBlur(top, (0, 0), sigma)
        Hf = (np.array([[1, 0, -fx0], [0, 1, -fy0], [0, 0, 1.0]]) @ H @ np.diag([1 / k, 1 / k, 1.0])
              @ np.array([[1, 0, cx0], [0, 1, cy0], [0, 0, 1.0]]))
        part = cv2.warpPerspective(top, Hf, (fx1 - fx0, fy1 - fy0), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_CONSTANT, borderValue=TABLE_COLOUR)
        if optics.blur_sigma > 0:
            part = cv2.GaussianBlur(part, (0, 0), optics.blur_sigma)
        # the rim of the part was blurred without its neighbours: keep it as it was
        l, t = (pad if fx0 > 0 else 0), (pad if fy0 > 0 else 0)
        r, b = (pad if fx1 < fw else 0), (pad if fy1 < fh else 0)
        inner = part[t:part.shape[0] - b, l:part.shape[1] - r]
        frame[fy0 + t:fy1 - b, fx0 + l:fx1 - r] = np.clip(inner, 0, 255).astype(np.uint8)
        if optics.jpeg_quality:  # on the whole frame's 16-pixel blocks, as render compresses it
            x0, y0 = (fx0 + l) // 16 * 16, (fy0 + t) // 16 * 16
            x1, y1 = min(-(-(fx1 - r) // 16) * 16, fw), min(-(-(fy1 - b) // 16) * 16, fh)
            ok, buf = cv2.imencode(".jpg", frame[y0:y1, x0:x1], [cv2.IMWRITE_JPEG_QUALITY, int(optics.jpeg_quality)])
            frame[y0:y1, x0:x1] = cv2.imdecode(buf, cv2.IMREAD_COLOR)

    def homography(self, camera: CameraPose | None = None) -> np.ndarray:
        return camera_homography(self.layout, camera or self.camera, self.frame_size)


TABLE_COLOUR = (60, 90, 120)  # a wooden table round the mat


def _prefilter_sigma(H, k) -> float:
    """How much the top-down view is blurred before the camera samples it more coarsely."""
    frame_px_per_mm = math.sqrt(abs(np.linalg.det(H[:2, :2]))) if H[2, 2] else 1.0
    return max(0.0, 0.5 * k / max(frame_px_per_mm, 1e-3) - 0.5)


_MATS: dict = {}
_NOISE: dict = {}


def forget() -> None:
    """Drop the mats and noise fields drawn so far. At a 5 MP frame they hold some 150 MB, so a
    virtual table put away gives them back; the next one draws its own again."""
    _MATS.clear()
    _NOISE.clear()


def _noise(shape, rng) -> np.ndarray:
    """Unit Gaussian sensor noise: a random window of a field drawn once (drawing millions of
    normals for every frame costs more than the rest of a render)."""
    h, w = shape[:2]
    key = (h, w)
    if key not in _NOISE:
        _NOISE[key] = np.random.default_rng(7).standard_normal((h + 97, w + 97, 3), dtype=np.float32)
    y, x = int(rng.integers(97)), int(rng.integers(97))
    return _NOISE[key][y:y + h, x:x + w]


def _noise_u8(shape, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """Sensor noise for live frames as two uint8 fields (what it adds, what it takes away), drawn
    once: a frame then costs two saturating additions, not millions of normals."""
    h, w = shape[:2]
    key = (h, w, sigma)
    if key not in _NOISE:
        n = np.rint(np.random.default_rng(7).standard_normal((h + 97, w + 97, 3), dtype=np.float32) * sigma)
        _NOISE[key] = (np.clip(n, 0, 255).astype(np.uint8), np.clip(-n, 0, 255).astype(np.uint8))
    return _NOISE[key]


def _mat_image(layout: MatLayout, k: float) -> np.ndarray:
    """The mat drawn once per layout and scale; tables share it (they copy before drawing)."""
    key = (json.dumps(layout.to_json(k), sort_keys=True), k)
    if key not in _MATS:
        if len(_MATS) > 8:
            _MATS.clear()
        _MATS[key] = render_mat(layout, k).astype(np.float32)
    return _MATS[key]


def random_tiles(layout: MatLayout, tiles: TileSet, rng, n: int, style: TileStyle = CLASSIC,
                 touching: float = 0.5, zone: str | None = None, labels=None) -> list[VirtualTile]:
    """n tiles at random in a zone (default: the mat's first play area), none overlapping; about
    ``touching`` of them laid flush against a tile already down (edge to edge or corner to edge).
    A back shown lies on a face the game's box gives that back."""
    z = layout.zones[zone or layout.first_area]
    labels = tiles.labels if labels is None else labels
    backs = tiles.back_names or ("",)
    w, h = style.size_mm
    out: list[VirtualTile] = []
    polys = []
    for _ in range(n):
        for _attempt in range(200):
            label = str(rng.choice(labels))
            face_up = not is_back(label)
            tf = label[len("back-"):] if not face_up else str(rng.choice(backs))
            lab = label if face_up else str(rng.choice(tiles.faces_with_back(tf) or tiles.faces))
            if out and rng.random() < touching:
                base = out[int(rng.integers(len(out)))]
                a = base.angle + float(rng.choice([0, 0, 90, rng.uniform(-30, 30)]))
                side = int(rng.integers(4))
                gap = float(rng.uniform(0, 0.4))
                ang = math.radians(base.angle)
                ux, uy = math.cos(ang), math.sin(ang)
                vx, vy = -uy, ux
                ext = (w if side % 2 == 0 else h) / 2
                own = (w if abs((a - base.angle) % 180 - 90) > 45 else h) if side % 2 == 0 else \
                      (h if abs((a - base.angle) % 180 - 90) > 45 else w)
                dist = ext + own / 2 + gap
                slide = float(rng.uniform(-0.5, 0.5)) * (h if side % 2 == 0 else w)
                sgn = 1 if side < 2 else -1
                if side % 2 == 0:
                    x, y = base.x_mm + sgn * dist * ux + slide * vx, base.y_mm + sgn * dist * uy + slide * vy
                else:
                    x, y = base.x_mm + sgn * dist * vx + slide * ux, base.y_mm + sgn * dist * vy + slide * uy
            else:
                a = float(rng.uniform(0, 360))
                x, y = float(rng.uniform(z.x, z.x + z.w)), float(rng.uniform(z.y, z.y + z.h))
            t = VirtualTile(lab, x, y, a % 360, face_up, tf)
            p = tile_polygon(t, (w, h))
            if p[:, 0].min() < z.x + 2 or p[:, 0].max() > z.x + z.w - 2 or \
               p[:, 1].min() < z.y + 2 or p[:, 1].max() > z.y + z.h - 2:
                continue
            if any(_overlap(p, q) > 0.5 for q in polys):
                continue
            out.append(t)
            polys.append(p)
            break
    return out


def _overlap(p, q) -> float:
    area, _ = cv2.intersectConvexConvex(p.astype(np.float32), q.astype(np.float32))
    return float(area)


def enrolment_frames(layout: MatLayout, tiles: TileSet, style: TileStyle = CLASSIC, seed: int = 0,
                     frame_size=(1280, 960)):
    """(label, frame) for every face and back: one tile upright in the mat's first play area."""
    rng = np.random.default_rng(seed)
    z = layout.zones[layout.first_area]
    for label in tiles.labels:
        table = SyntheticTable(layout, tiles, style, frame_size, seed=int(rng.integers(1 << 30)),
                               camera=random_camera(rng, max_tilt=15, fill=(0.75, 0.9)),
                               light=Light(float(rng.uniform(0.85, 1.0))), optics=Optics(0.6, 2.0, 92))
        face_up = not is_back(label)
        back = label[len("back-"):] if not face_up else None
        face = label if face_up else (tiles.faces_with_back(back) or list(tiles.faces))[0]
        table.place(face, z.x + z.w / 2 + float(rng.uniform(-15, 15)),
                    z.y + z.h / 2 + float(rng.uniform(-10, 10)), float(rng.uniform(-6, 6)), face_up, back)
        yield label, table.render()


def write_enrolment(layout: MatLayout, out_dir, tiles: TileSet, style: TileStyle = CLASSIC, seed: int = 0) -> Path:
    """Render enrolment frames into out_dir with a manifest.json; returns the manifest path.
    The simulation uses this to enrol itself on first start."""
    return save_shots(enrolment_frames(layout, tiles, style, seed), out_dir)


def _by3(a: np.ndarray) -> np.ndarray:
    """A one-channel image as three equal channels: multiplying a BGR image by it gives the
    very products that broadcasting gives, several times sooner (numpy's inner loop then runs
    along whole rows, not three values at a time)."""
    return cv2.merge((a, a, a))


def save_shots(shots, out_dir) -> Path:
    """(label, frame) pairs as JPEG files and the manifest.json that `enroll` reads; its path.
    Every reader's enrolment sheet is written so. JPEG at quality 95, as the teaching walk keeps
    a camera's shots: a tenth of a PNG's time to write and read back at 5 MP, for pixels a
    fifth of a level apart on average."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest = []
    for label, frame in shots:
        name = f"{label}.jpg"
        cv2.imwrite(str(out_dir / name), frame, [cv2.IMWRITE_JPEG_QUALITY, 95])
        manifest.append({"image": name, "label": label})
    path = out_dir / "manifest.json"
    path.write_text(json.dumps(manifest, indent=1) + "\n")
    return path


def random_frame(layout: MatLayout, tiles: TileSet, style: TileStyle, rng, n_tiles=(1, 5),
                 touching: float = 0.5, frame_size=(1280, 960)):
    """One test frame as the benchmark and tests draw them: camera tilted up to 30 degrees,
    the mat filling 50-95% of the frame, uneven light and shadows, blur, sensor noise,
    JPEG quality 70, tiles at any rotation and some touching. Returns (frame, tiles)."""
    table = SyntheticTable(layout, tiles, style, frame_size, seed=int(rng.integers(1 << 30)),
                           camera=random_camera(rng), light=random_light(rng, layout), optics=random_optics(rng))
    placed = random_tiles(layout, tiles, rng, int(rng.integers(n_tiles[0], n_tiles[1] + 1)), style, touching)
    if style.bevel_mm > 0:  # thick tiles: the lamp may stand anywhere, their shadows fall away from it
        a, dist = float(rng.uniform(0, 2 * math.pi)), float(rng.uniform(0.3, 1.0))
        table.light = replace(table.light, tile_shadow_mm=(dist * math.cos(a), dist * math.sin(a)))
    for t in placed:
        table.place(t.label, t.x_mm, t.y_mm, t.angle, t.face_up, t.back)
    return table.render(), placed
