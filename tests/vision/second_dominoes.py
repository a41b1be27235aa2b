"""A second printing of Domino Dynasty's dominoes, to check the domino reader against frames
vision.dominoes never drew: nothing here comes from vision.dominoes or vision.synthetic but the
printed mat (vision.mat.render_mat); the squares' places are worked out here from the mat's areas.

The print: textured terrains in other tones (cracked lava, speckled sand, light-grey cobbled
stone close to the mat's own grey, rippled plains, grass with blades), umber roads with cream
kerbs meeting in a round hub, many-coloured pictogram icons (a shape, a symbol on it, an accent,
dark outlines), castle marks (four small towers) round every capital. The dominoes are card a
couple of mm thick: a darker cut edge and a soft shadow away from a lamp that may stand anywhere.
The lamp is warm, falls off and vignettes; the camera is tilted up to 15 degrees, turned, its
lens distorts, it is a little out of focus, noisy, and saves JPEGs.

Seeds: TUNING_SEEDS were looked at while the reader was tuned; TEST_SEEDS never were (the tests
read only those).
"""
from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw

from vision.mat import render_mat

# A camera sensor's noise: unit Gaussian noise per pixel and channel, as a random window of a
# field drawn once per frame size. Drawing millions of fresh normals for every photograph costs
# more than all the rest of it; within one frame a window is as random as a fresh draw, and no
# reader compares two frames' noise.
GRAIN_MARGIN = 64
_GRAIN_FIELDS: dict = {}


def grain(shape, rng) -> np.ndarray:
    """Unit noise of `shape` (h, w, 3), float32, at a window chosen with `rng`."""
    h, w = shape[:2]
    if (h, w) not in _GRAIN_FIELDS:
        _GRAIN_FIELDS[h, w] = np.random.default_rng(20261127).standard_normal((h + GRAIN_MARGIN, w + GRAIN_MARGIN, 3), dtype=np.float32)
    y, x = (int(v) for v in rng.integers(GRAIN_MARGIN, size=2))
    return _GRAIN_FIELDS[h, w][y:y + h, x:x + w]


TUNING_SEEDS = range(0, 100)
TEST_SEEDS = range(1000, 1100)
K = 4.5                 # canvas pixels per mm (the mat seen from straight above)
FRAME = (2592, 1944)
SIDES = "NESW"
TERRAINS = {"lava": (158, 42, 32), "desert": (222, 188, 118), "stone": (192, 191, 186), "plains": (112, 156, 206),
            "grass": (88, 148, 68)}  # RGB; the mat's grey is (150, 150, 150)
ROAD, KERB = (96, 74, 58), (226, 214, 188)
OUTLINE = (40, 36, 40)
TOWER = (70, 70, 78)
# the icons' colours: none a terrain's or the road's
PALETTE = ((232, 200, 40), (240, 240, 232), (200, 40, 150), (30, 60, 160), (240, 130, 30), (120, 60, 170),
           (20, 150, 150), (250, 160, 190))
SHAPES = ("disc", "square", "triangle", "diamond", "hexagon", "star")
SYMBOLS = ("dot", "cross", "bar", "ring", "chevron", "none")


@dataclass
class Half:
    terrain: str
    icon: str | None
    paths: str

    @property
    def label(self):
        return f"{self.terrain}/{self.icon or ''}/{self.paths}"


def _texture(rng, shape, strength):
    h, w = shape
    low = cv2.resize(rng.standard_normal((max(2, h // 12), max(2, w // 12))).astype(np.float32), (w, h),
                     interpolation=cv2.INTER_CUBIC)
    fine = rng.standard_normal((h, w)).astype(np.float32)
    return 1 + strength * (0.6 * low + 0.4 * fine)


def _terrain(d: ImageDraw.ImageDraw, name, box, s, rng):
    """A terrain's ground with its own marks (kept faint: the print's texture, not a picture)."""
    x0, y0, x1, y1 = box
    base = TERRAINS[name]
    d.rectangle(box, fill=base)

    def mix(c, t):
        return tuple(int(round(a * (1 - t) + b * t)) for a, b in zip(base, c))
    for _ in range(7):
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        if name == "lava":  # cracks glowing orange
            pts = [(x, y)] + [(x + rng.uniform(-0.3, 0.3) * s, y + rng.uniform(-0.3, 0.3) * s) for _ in range(2)]
            d.line(pts, fill=mix((230, 110, 40), 0.35), width=max(1, int(0.02 * s)))
        elif name == "desert":
            r = 0.015 * s
            d.ellipse([x - r, y - r, x + r, y + r], fill=mix((150, 110, 60), 0.4))
        elif name == "stone":  # cobbles
            r = rng.uniform(0.06, 0.12) * s
            d.ellipse([x - r, y - 0.7 * r, x + r, y + 0.7 * r], outline=mix((120, 120, 118), 0.45),
                      width=max(1, int(0.012 * s)))
        elif name == "plains":  # ripples
            d.arc([x - 0.08 * s, y - 0.03 * s, x + 0.08 * s, y + 0.03 * s], 200, 340,
                  fill=mix((200, 225, 245), 0.45), width=max(1, int(0.012 * s)))
        else:  # blades of grass
            d.line([(x, y), (x + rng.uniform(-0.02, 0.02) * s, y - 0.05 * s)], fill=mix((40, 100, 40), 0.45),
                   width=max(1, int(0.012 * s)))


def _polygon(kind, cx, cy, r):
    if kind == "square":
        return [(cx - r * .8, cy - r * .8), (cx + r * .8, cy - r * .8), (cx + r * .8, cy + r * .8), (cx - r * .8, cy + r * .8)]
    if kind == "triangle":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in (-90, 30, 150)]
    if kind == "diamond":
        return [(cx, cy - r), (cx + r * .8, cy), (cx, cy + r), (cx - r * .8, cy)]
    if kind == "hexagon":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    if kind == "star":
        return [(cx + (r if i % 2 == 0 else r * .45) * math.cos(math.radians(-90 + 36 * i)),
                 cy + (r if i % 2 == 0 else r * .45) * math.sin(math.radians(-90 + 36 * i))) for i in range(10)]
    raise ValueError(kind)


def icon_look(icons, icon):
    """(shape, its colour, symbol, its colour, accent colour or None) of an icon: each its own."""
    i = list(icons).index(icon)
    shape = SHAPES[i % len(SHAPES)]
    symbol = SYMBOLS[(i // len(SHAPES)) % len(SYMBOLS)]
    body = PALETTE[(i * 3) % len(PALETTE)]
    mark = PALETTE[(i * 3 + 1 + i // len(PALETTE)) % len(PALETTE)]
    if mark == body:
        mark = PALETTE[(i * 3 + 2) % len(PALETTE)]
    accent = PALETTE[(i * 5 + 4) % len(PALETTE)] if i % 3 == 0 else None
    return shape, body, symbol, mark, accent


def _icon(d, icons, icon, cx, cy, s, capital):
    """A many-coloured pictogram: a shape with a dark outline, a symbol on it, sometimes an accent
    (a small disc at its upper right); a capital's castle marks round it."""
    shape, body, symbol, mark, accent = icon_look(icons, icon)
    r = 0.25 * s
    w = max(1, int(0.025 * s))
    if capital:  # four small towers on the diagonals, crenellated
        for a in (45, 135, 225, 315):
            tx, ty = cx + 0.33 * s * math.cos(math.radians(a)), cy + 0.33 * s * math.sin(math.radians(a))
            t = 0.045 * s
            d.rectangle([tx - t, ty - t, tx + t, ty + t], fill=TOWER)
            d.rectangle([tx - t, ty - 1.6 * t, tx - 0.35 * t, ty - t], fill=TOWER)
            d.rectangle([tx + 0.35 * t, ty - 1.6 * t, tx + t, ty - t], fill=TOWER)
    if shape == "disc":
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=body, outline=OUTLINE, width=w)
    else:
        d.polygon(_polygon(shape, cx, cy, r * 1.1), fill=body, outline=OUTLINE, width=w)
    q = 0.11 * s
    if symbol == "dot":
        d.ellipse([cx - q, cy - q, cx + q, cy + q], fill=mark, outline=OUTLINE, width=max(1, w // 2))
    elif symbol == "cross":
        d.rectangle([cx - q, cy - q / 3, cx + q, cy + q / 3], fill=mark)
        d.rectangle([cx - q / 3, cy - q, cx + q / 3, cy + q], fill=mark)
    elif symbol == "bar":  # off centre: the icon has a way up
        d.rectangle([cx - q, cy - q * 0.9, cx + q, cy - q * 0.2], fill=mark)
    elif symbol == "ring":
        d.ellipse([cx - q, cy - q, cx + q, cy + q], outline=mark, width=max(1, int(0.04 * s)))
    elif symbol == "chevron":
        d.line([(cx - q, cy + q / 2), (cx, cy - q / 2), (cx + q, cy + q / 2)], fill=mark, width=max(1, int(0.05 * s)))
    if accent is not None:
        a = 0.07 * s
        ax, ay = cx + 0.17 * s, cy - 0.17 * s
        d.ellipse([ax - a, ay - a, ax + a, ay + a], fill=accent, outline=OUTLINE, width=max(1, w // 2))


def draw_domino(halves, icons, capitals, pitch_mm, rng, k=K) -> np.ndarray:
    """An upright domino (the first half to the west), RGBA float at k px/mm."""
    ss = 2  # drawn at twice the size, then reduced
    s = pitch_mm * k * ss
    inset = 0.3 * k * ss  # the card is 0.3 mm smaller than its squares all round
    w, h = int(round(2 * s - 2 * inset)), int(round(s - 2 * inset))
    img = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(img)
    for i, half in enumerate(halves):
        cx, cy = s * (i + 0.5) - inset, s / 2 - inset
        _terrain(d, half.terrain, (cx - s / 2, 0, cx + s / 2, h), s, rng)
        hw = 0.12 * s
        kerb = max(1, int(0.03 * s))
        # a road runs to its half's own edge and no further: a print is each half's own picture,
        # so a road to the middle edge never reaches into the other half (where it would be seen
        # as a road of that half's, which the rules do not join to it)
        for side in half.paths:
            dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[side]
            ex, ey = cx + dx * s * 0.5, cy + dy * s * 0.5
            box = [min(cx, ex) - (hw if dx == 0 else 0), min(cy, ey) - (hw if dy == 0 else 0),
                   max(cx, ex) + (hw if dx == 0 else 0), max(cy, ey) + (hw if dy == 0 else 0)]
            d.rectangle([box[0] - (kerb if dx == 0 else 0), box[1] - (kerb if dy == 0 else 0),
                         box[2] + (kerb if dx == 0 else 0), box[3] + (kerb if dy == 0 else 0)], fill=KERB)
        if half.paths:
            d.ellipse([cx - hw - kerb, cy - hw - kerb, cx + hw + kerb, cy + hw + kerb], fill=KERB)
        for side in half.paths:
            dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[side]
            ex, ey = cx + dx * s * 0.5, cy + dy * s * 0.5
            d.rectangle([min(cx, ex) - (hw if dx == 0 else 0), min(cy, ey) - (hw if dy == 0 else 0),
                         max(cx, ex) + (hw if dx == 0 else 0), max(cy, ey) + (hw if dy == 0 else 0)], fill=ROAD)
        if half.paths:
            d.ellipse([cx - hw, cy - hw, cx + hw, cy + hw], fill=ROAD)
        if half.icon:
            _icon(d, icons, half.icon, cx, cy, s, half.icon in capitals)
    rgb = np.asarray(img, np.float32) * _texture(rng, (h, w), 0.03)[:, :, None]
    # the cut edge of the card: a thin darker rim
    rim = np.ones((h, w), np.float32)
    e = max(1, int(0.35 * k * ss))
    rim[:e], rim[-e:], rim[:, :e], rim[:, -e:] = 0.7, 0.7, 0.7, 0.7
    rgb *= rim[:, :, None]
    small = cv2.resize(rgb, (int(round(w / ss)), int(round(h / ss))), interpolation=cv2.INTER_AREA)
    return np.dstack([small, np.full(small.shape[:2], 255, np.float32)])


def square_centre(layout, pitch_mm, area, row, col):
    """The middle of a map's square on the printed mat (its 8x8 grid centred in its area)."""
    z = layout.zones[area]
    x0, y0 = z.x + (z.w - 8 * pitch_mm) / 2, z.y + (z.h - 8 * pitch_mm) / 2
    return x0 + (col + 0.5) * pitch_mm, y0 + (row + 0.5) * pitch_mm


def turned(half: Half, quarters: int) -> Half:
    return Half(half.terrain, half.icon, "".join(s for s in SIDES if SIDES[(SIDES.index(s) - quarters) % 4] in half.paths))


class Table:
    """The second printing's table: the mat, dominoes on it, a lamp and a camera."""

    def __init__(self, layout, pitch_mm, icons, capitals, seed):
        self.layout, self.pitch_mm, self.icons, self.capitals = layout, pitch_mm, tuple(icons), frozenset(capitals)
        self.rng = np.random.default_rng(seed)
        mat = cv2.cvtColor(render_mat(layout, K), cv2.COLOR_BGR2RGB).astype(np.float32)
        self.mat = mat * _texture(np.random.default_rng(seed + 7), mat.shape[:2], 0.015)[:, :, None]

    def photograph(self, placed, gentle=False):
        """A JPEG-decoded BGR frame of ``placed`` [(west half, east half, x_mm, y_mm, quarters)]."""
        rng = self.rng
        top = self.mat.copy()
        lamp = rng.uniform(0, 2 * math.pi)
        reach = rng.uniform(0.4, 1.2) * K
        depth = rng.uniform(0.15, 0.35)
        dx, dy = int(round(math.cos(lamp) * reach)), int(round(math.sin(lamp) * reach))
        for west, east, x, y, q in placed:
            tile = draw_domino((west, east), self.icons, self.capitals, self.pitch_mm, rng)
            tile = np.rot90(tile, -q).copy()  # quarter turns clockwise
            th, tw = tile.shape[:2]
            x0, y0 = int(round(x * K - tw / 2)), int(round(y * K - th / 2))
            pad = int(3 * K)
            sh = np.zeros((th + 2 * pad, tw + 2 * pad), np.float32)
            sh[pad + dy:pad + dy + th, pad + dx:pad + dx + tw] = 1.0
            sh = cv2.GaussianBlur(sh, (0, 0), 0.7 * K)
            ys, xs = slice(y0 - pad, y0 - pad + sh.shape[0]), slice(x0 - pad, x0 - pad + sh.shape[1])
            top[ys, xs] *= (1 - depth * sh)[:, :, None]
            top[y0:y0 + th, x0:x0 + tw] = tile[:, :, :3]
        Hc, Wc = top.shape[:2]
        # a warm lamp: gain, tint, fall-off and vignette round a random centre
        q = 8
        yy, xx = np.mgrid[0:Hc // q + 1, 0:Wc // q + 1].astype(np.float32) * q
        cx, cy = rng.uniform(0.2, 0.8) * Wc, rng.uniform(0.2, 0.8) * Hc
        r2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / float(Wc * Wc)
        g = rng.uniform(-0.2, 0.2, 2) * (0.3 if gentle else 1)
        # the camera sets its exposure so the white paper is not clipped, whatever the lamp
        light = rng.uniform(0.72, 0.88) * (1 + g[0] * (xx / Wc - 0.5) + g[1] * (yy / Hc - 0.5))
        light *= 1 - rng.uniform(0.2, 0.5) * (0.3 if gentle else 1) * r2
        light = cv2.resize(light, (Wc, Hc), interpolation=cv2.INTER_LINEAR)
        warm = np.array([rng.uniform(1.02, 1.1), 1.0, rng.uniform(0.82, 0.95)], np.float32)  # RGB
        top *= cv2.merge([light * c for c in warm])  # each channel's light: the very products, sooner
        # the camera: tilted up to 15 degrees (a keystone), turned, the mat filling most of the frame
        Wm, Hm = self.layout.size_mm
        fill = rng.uniform(0.85, 0.95) if not gentle else 0.9
        scale = fill * min(FRAME[0] / Wm, FRAME[1] / Hm)
        rot = math.radians(rng.uniform(-4, 4))
        corners = np.array([[0, 0], [Wm, 0], [Wm, Hm], [0, Hm]], np.float64) - [Wm / 2, Hm / 2]
        R = np.array([[math.cos(rot), -math.sin(rot)], [math.sin(rot), math.cos(rot)]])
        dst = corners @ R.T * scale
        tilt = math.radians(rng.uniform(0, 15 if not gentle else 5))
        towards = rng.uniform(0, 2 * math.pi)
        # a tilt of t shrinks the far side by about tan(t) * (its distance from the middle) / height
        shrink = math.tan(tilt) * 0.5
        far = np.array([math.cos(towards), math.sin(towards)])
        for i in range(4):
            along = float(dst[i] @ far) / (0.5 * math.hypot(Wm, Hm) * scale)
            dst[i] *= 1 - shrink * along * 0.5
        dst = dst + [FRAME[0] / 2, FRAME[1] / 2] + rng.uniform(-20, 20, 2) * (0 if gentle else 1)
        src = (corners + [Wm / 2, Hm / 2]) * K
        M = cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))
        frame = cv2.warpPerspective(top, M, FRAME, flags=cv2.INTER_AREA, borderValue=(70, 60, 50))
        frame = _distort(frame, rng.uniform(-0.01, 0.01))  # a mild barrel or pincushion: ~10 px at the corners
        frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.6, 1.1))
        frame += grain(frame.shape, rng) * np.float32(rng.uniform(1.5, 3.5))
        buf = io.BytesIO()
        Image.fromarray(np.clip(frame, 0, 255).astype(np.uint8)).save(buf, "JPEG", quality=int(rng.integers(75, 90)))
        return cv2.cvtColor(np.asarray(Image.open(buf).convert("RGB")), cv2.COLOR_RGB2BGR)

    def random_maps(self, areas, per_map=(6, 16)):
        """Random dominoes on the maps named: (placed, truth {(area, row, col): half label})."""
        rng = self.rng
        terrains = list(TERRAINS)
        placed, truth = [], {}

        def half():
            icon = str(rng.choice(self.icons)) if rng.random() < 0.4 else None
            return Half(str(rng.choice(terrains)), icon, "".join(s for s in SIDES if rng.random() < 0.5))
        for area in areas:
            for _ in range(int(rng.integers(*per_map))):
                r, c, q = int(rng.integers(8)), int(rng.integers(8)), int(rng.integers(4))
                dc, dr = ((1, 0), (0, 1), (-1, 0), (0, -1))[q]
                r2, c2 = r + dr, c + dc
                if not (0 <= r2 < 8 and 0 <= c2 < 8) or (area, r, c) in truth or (area, r2, c2) in truth:
                    continue
                a, b = half(), half()  # as they lie
                (x1, y1), (x2, y2) = (square_centre(self.layout, self.pitch_mm, area, rr, cc)
                                      for rr, cc in ((r, c), (r2, c2)))
                off = 0.04 * self.pitch_mm
                placed.append((turned(a, -q), turned(b, -q), (x1 + x2) / 2 + rng.uniform(-off, off),
                               (y1 + y2) / 2 + rng.uniform(-off, off), q))
                truth[(area, r, c)], truth[(area, r2, c2)] = a.label, b.label
        return placed, truth


def write_enrolment(table: Table, out_dir, terrains=tuple(TERRAINS)) -> Path:
    """The shots docs/vision.md asks for, each a domino alone and west-east in the tray: per
    terrain, its west half open on all four sides and its east half plain; per icon, the icon
    on the west half, no roads. And the manifest."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    z = table.layout.zones[table.layout.first_area]
    rng = table.rng
    manifest = []
    shots = [(f"terrain-{t}", Half(t, None, "NESW"), Half(t, None, "")) for t in terrains]
    shots += [(f"icon-{icon}", Half(terrains[i % len(terrains)], icon, ""), Half(terrains[(i + 2) % len(terrains)], None, ""))
              for i, icon in enumerate(table.icons)]
    for label, west, east in shots:
        x = z.x + z.w / 2 + float(rng.uniform(-1, 1))
        y = z.y + z.h / 2 + float(rng.uniform(-1, 1))
        name = f"{label}.jpg"
        cv2.imwrite(str(out_dir / name), table.photograph([(west, east, x, y, 0)], gentle=True))
        manifest.append({"image": name, "label": label})
    path = out_dir / "manifest.json"
    path.write_text(json.dumps(manifest))
    return path


def _distort(frame, k1):
    """A lens's barrel (k1 < 0) or pincushion (k1 > 0) distortion round the frame's middle."""
    h, w = frame.shape[:2]
    x, y, r2 = _lens_grid(h, w)
    cx, cy, f = w / 2, h / 2, max(w, h) / 2
    scale = 1 + k1 * r2
    return cv2.remap(frame, (x * scale * f + cx).astype(np.float32), (y * scale * f + cy).astype(np.float32),
                     cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


@lru_cache(maxsize=2)
def _lens_grid(h, w):
    """Every pixel's place from the frame's middle, in half-widths, and its square distance: the
    same for every frame of a size, so worked out once."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy, f = w / 2, h / 2, max(w, h) / 2
    x, y = (xx - cx) / f, (yy - cy) / f
    return x, y, x * x + y * y


def printing(layout, cells, out_dir, frames: int):
    """This printing as the benchmark measures it (companion/bench.py): (the manifest of its
    enrolment photographs, frames of full maps on test seeds as (frame, {cell: label}))."""
    from companion.games.dynasty.camera import PITCH_MM, ZONES
    from companion.games.dynasty.catalog import CAPITALS, ICONS

    def table(seed):
        return Table(layout, PITCH_MM, tuple(ICONS), CAPITALS, seed=seed)
    manifest = write_enrolment(table(TEST_SEEDS[0]), Path(out_dir))

    def shots():
        for seed in TEST_SEEDS[1:frames + 1]:
            t = table(seed)
            placed, truth = t.random_maps(ZONES)
            yield t.photograph(placed), truth
    return manifest, shots()
