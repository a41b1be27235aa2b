"""A second printing of Paradox Initiative's discs and lock tokens, to check the grid reader
against a table it was never tuned on.

Nothing here comes from vision.grid's drawing or vision.synthetic: the mat is the printed one
(vision.mat.render_mat), everything else is drawn here with PIL and numpy in a look of its own.
The discs are the rulebook's: five colours and purple, three symbols; here in other shades,
15 mm across, with symbols drawn as a star (1, across the centre), a ring (2) and a triangle
(3), white on dark discs and near-black on pale ones. Discs are card 2 mm thick: a darker cut
edge and a soft shadow away from a lamp that may stand anywhere. The lock tokens are
copper-coloured rounded squares with a padlock printed on them, thinner, lying off-centre and turned on their
disc. A warm lamp with fall-off and a vignette lights the table; the camera is tilted up to 15
degrees (a true perspective), its lens bends straight lines, it is a little out of focus and
noisy, and it saves JPEGs of quality 65-85.

Seeds: TUNING_SEEDS were the only ones looked at while the reader was being made to read this
printing; TEST_SEEDS (and ENROL_SEED's photographs) are for the tests, never for tuning.
"""
from __future__ import annotations

import io
import json
import math
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from vision.mat import render_mat

TUNING_SEEDS = range(100, 140)
TEST_SEEDS = range(7000, 7100)
ENROL_SEED = 6543

K = 4.0  # canvas pixels per mm (the mat seen from straight above)
FRAME = (1280, 960)
DIAMETER_MM = 15.0
LOCK = "lock"
# the rulebook's colours in this printing's shades (RGB)
BODY = {"red": (176, 36, 48), "yellow": (238, 196, 52), "blue": (52, 116, 204), "black": (38, 38, 44),
        "white": (236, 234, 222), "purple": (128, 66, 166)}
PALE = ("yellow", "white")
LIGHT_INK, DARK_INK = (246, 244, 236), (34, 30, 36)
TOKEN_MM, TOKEN_CORNER_MM = 8.2, 1.6
COPPER, COPPER_INK = (184, 98, 52), (60, 30, 16)


def _texture(rng, shape, strength=0.02):
    """Card and paper: a blotchy low-frequency field and a fine grain, around 1."""
    h, w = shape
    low = rng.standard_normal((max(2, h // 30), max(2, w // 30))).astype(np.float32)
    low = cv2.resize(low, (w, h), interpolation=cv2.INTER_CUBIC)
    fine = rng.standard_normal((h, w)).astype(np.float32)
    return 1 + strength * (0.7 * low + 0.3 * fine)


def _star(cx, cy, r_out, r_in, turn=-90.0):
    pts = []
    for i in range(10):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(turn + 36 * i)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_disc(label: str, rng, k: float = K) -> Image.Image:
    """An upright disc, RGBA (alpha: its round outline), at k px/mm."""
    s = 3.0  # drawn larger, then reduced: smooth edges
    kk = k * s
    n = int(round(DIAMETER_MM * kk)) + 2
    c, R = n / 2, DIAMETER_MM / 2 * kk
    colour, symbol = label.split("-")
    body = BODY[colour]
    ink = DARK_INK if colour in PALE else LIGHT_INK
    img = Image.new("RGB", (n, n), body)
    d = ImageDraw.Draw(img)
    # a thin printed ring just inside the rim
    d.ellipse([c - R + 0.9 * kk, c - R + 0.9 * kk, c + R - 0.9 * kk, c + R - 0.9 * kk],
              outline=tuple(int(v * 0.8) for v in body), width=max(1, int(0.35 * kk)))
    if symbol == "1":
        d.polygon(_star(c, c, 3.9 * kk, 1.6 * kk), fill=ink)
    elif symbol == "2":
        r = 3.6 * kk
        d.ellipse([c - r, c - r, c + r, c + r], outline=ink, width=int(1.1 * kk))
    else:
        r = 4.0 * kk
        tri = [(c + r * math.cos(math.radians(a)), c + r * math.sin(math.radians(a))) for a in (-90, 30, 150)]
        d.line(tri + [tri[0]], fill=ink, width=int(1.1 * kk), joint="curve")
    rgb = np.asarray(img, np.float32) * _texture(rng, (n, n))[:, :, None]
    alpha = Image.new("L", (n, n), 0)
    ImageDraw.Draw(alpha).ellipse([1, 1, n - 2, n - 2], fill=255)
    # the cut edge of the card: a thin darker rim
    rim = np.asarray(alpha.filter(ImageFilter.MinFilter(int(2 * round(0.3 * kk) + 1))), np.float32) / 255
    rgb *= (0.78 + 0.22 * rim)[:, :, None]
    out = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).convert("RGBA")
    out.putalpha(alpha)
    side = int(round(DIAMETER_MM * k)) + 1
    return out.resize((side, side), Image.LANCZOS)


def draw_token(rng, k: float = K) -> Image.Image:
    """An upright lock token, RGBA: a copper-coloured rounded square with a padlock printed on it."""
    s = 3.0
    kk = k * s
    n = int(round(TOKEN_MM * kk))
    img = Image.new("RGB", (n, n), COPPER)
    d = ImageDraw.Draw(img)
    c = n / 2
    # the padlock: a shackle (an arch) over a body
    bw, bh = 3.6 * kk, 2.6 * kk
    d.rectangle([c - bw / 2, c - 0.2 * kk, c + bw / 2, c - 0.2 * kk + bh], fill=COPPER_INK)
    r = 1.3 * kk
    top = c - 0.2 * kk
    d.arc([c - r, top - 2 * r, c + r, top + 0.4 * kk], 180, 360, fill=COPPER_INK, width=int(0.5 * kk))
    for side in (-1, 1):  # the shackle's legs down into the body
        leg = c + side * (r - 0.25 * kk)
        d.line([(leg, top - r + 0.2 * kk), (leg, c)], fill=COPPER_INK, width=int(0.5 * kk))
    rgb = np.asarray(img, np.float32) * _texture(rng, (n, n), 0.03)[:, :, None]
    alpha = Image.new("L", (n, n), 0)
    ImageDraw.Draw(alpha).rounded_rectangle([0, 0, n - 1, n - 1], radius=TOKEN_CORNER_MM * kk, fill=255)
    rim = np.asarray(alpha.filter(ImageFilter.MinFilter(int(2 * round(0.25 * kk) + 1))), np.float32) / 255
    rgb *= (0.8 + 0.2 * rim)[:, :, None]
    out = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).convert("RGBA")
    out.putalpha(alpha)
    side = int(round(TOKEN_MM * k))
    return out.resize((side, side), Image.LANCZOS)


class Table:
    """The second table: the printed mat, this printing's discs and tokens, a lamp and a camera."""

    def __init__(self, layout, seed=0):
        self.layout = layout
        self.rng = np.random.default_rng(seed)
        mat = cv2.cvtColor(render_mat(layout, K), cv2.COLOR_BGR2RGB).astype(np.float32)
        self.mat = mat * _texture(np.random.default_rng(seed + 1), mat.shape[:2], 0.015)[:, :, None]
        self._discs: dict = {}
        self._token = None

    def _disc(self, label):
        if label not in self._discs:
            self._discs[label] = draw_disc(label, self.rng)
        return self._discs[label]

    def photograph(self, discs, locks=(), gentle=False):
        """A JPEG-decoded BGR frame: discs as (label, x, y, angle), lock tokens as (x, y, angle)
        lying on them."""
        rng = self.rng
        if self._token is None:
            self._token = draw_token(rng)
        top = self.mat.copy()
        lamp = rng.uniform(0, 2 * math.pi)
        depth = rng.uniform(0.15, 0.35)
        for pieces, image, reach_mm in ((discs, self._disc, rng.uniform(0.4, 1.1)),
                                        (locks, lambda _: self._token, rng.uniform(0.25, 0.6))):
            dx, dy = (int(round(v * reach_mm * K)) for v in (math.cos(lamp), math.sin(lamp)))
            for piece in pieces:
                label, (x, y, angle) = (piece[0], piece[1:]) if len(piece) == 4 else (None, piece)
                im = np.asarray(image(label).rotate(-angle, resample=Image.BICUBIC, expand=True), np.float32)
                h, w = im.shape[:2]
                x0, y0 = int(round(x * K - w / 2)), int(round(y * K - h / 2))
                al = im[:, :, 3] / 255
                pad = int(4 * K)
                sh = np.zeros((h + 2 * pad, w + 2 * pad), np.float32)
                sh[pad + dy:pad + dy + h, pad + dx:pad + dx + w] = al
                sh = cv2.GaussianBlur(sh, (0, 0), 0.5 * K)
                _darken(top, x0 - pad, y0 - pad, sh, depth)
                _paste(top, x0, y0, im)
        Hc, Wc = top.shape[:2]
        # a warm lamp: gain, tint, a linear fall-off and a vignette round a random centre
        q = 8
        yy, xx = np.mgrid[0:Hc // q + 1, 0:Wc // q + 1].astype(np.float32) * q
        cx, cy = rng.uniform(0.2, 0.8) * Wc, rng.uniform(0.2, 0.8) * Hc
        r2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / float(Wc * Wc)
        gx, gy = rng.uniform(-0.25, 0.25, 2) * (0.3 if gentle else 1)
        light = rng.uniform(0.75, 1.05) * (1 + gx * (xx / Wc - 0.5) + gy * (yy / Hc - 0.5))
        light *= 1 - rng.uniform(0.2, 0.55) * (0.4 if gentle else 1) * r2
        light = cv2.resize(light, (Wc, Hc), interpolation=cv2.INTER_LINEAR)
        warm = np.array([rng.uniform(1.02, 1.1), rng.uniform(0.97, 1.02), rng.uniform(0.8, 0.92)], np.float32)
        top *= cv2.merge([light * c for c in warm])  # each channel's light: the very products, sooner
        frame = cv2.warpPerspective(top, self._camera(gentle), FRAME, flags=cv2.INTER_LINEAR,
                                    borderValue=(70, 60, 50))
        frame = _bend(frame, rng.uniform(-0.06, 0.06))
        frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.5, 1.1))
        frame += rng.standard_normal(frame.shape, dtype=np.float32) * np.float32(rng.uniform(1.5, 4.0))
        buf = io.BytesIO()
        Image.fromarray(np.clip(frame, 0, 255).astype(np.uint8)).save(buf, "JPEG", quality=int(rng.integers(65, 86)))
        return cv2.cvtColor(np.asarray(Image.open(buf).convert("RGB")), cv2.COLOR_RGB2BGR)

    def _camera(self, gentle):
        """Canvas -> frame: a pinhole camera over the mat, tilted up to 15 degrees and turned."""
        rng = self.rng
        Wm, Hm = self.layout.size_mm
        while True:
            tilt = math.radians(rng.uniform(0, 6 if gentle else 15))
            toward = rng.uniform(0, 2 * math.pi)
            turn = math.radians(rng.uniform(-4, 4) if gentle else rng.uniform(-10, 10))
            axis = np.array([math.cos(toward), math.sin(toward), 0.0]) * tilt
            R = cv2.Rodrigues(axis)[0] @ cv2.Rodrigues(np.array([0.0, 0.0, turn]))[0]
            dist = 600.0  # mm above the mat
            corners = np.array([[0, 0], [Wm, 0], [Wm, Hm], [0, Hm]], np.float64)
            P = np.c_[corners - [Wm / 2, Hm / 2], np.zeros(4)] @ R.T + [0, 0, dist]
            uv = P[:, :2] / P[:, 2:3]
            fill = rng.uniform(0.8, 0.88) if gentle else rng.uniform(0.62, 0.85)
            span = uv.max(axis=0) - uv.min(axis=0)
            f = fill * min(FRAME[0] / span[0], FRAME[1] / span[1])
            dst = (uv - (uv.max(axis=0) + uv.min(axis=0)) / 2) * f + [FRAME[0] / 2, FRAME[1] / 2]
            dst += rng.uniform(-30, 30, 2) * (0 if gentle else 1)
            if (dst.min(axis=0) > 8).all() and (dst.max(axis=0) < np.array(FRAME) - 8).all():
                return cv2.getPerspectiveTransform((corners * K).astype(np.float32), dst.astype(np.float32))

    def random_matrices(self, cells, layout, empty=0.1, locks=0.15):
        """(discs, locks, truth): every cell of the mat's grids holds a disc or not, as a hand lays
        it (a little off its cell, at any turn); a share of the matrices' discs carry a lock token
        (itself off the disc's centre and turned). truth: cell -> the label the reader should say."""
        rng = self.rng
        faces = [f"{c}-{n}" for c in BODY for n in "123"]
        discs, tokens, truth = [], [], {}
        for area, (rows, cols) in cells.areas:
            for r in range(rows):
                for c in range(cols):
                    if rng.random() < empty:
                        continue
                    x, y = cells.centre(layout, area, r, c)
                    x, y = x + rng.uniform(-1, 1), y + rng.uniform(-1, 1)
                    label = str(rng.choice(faces))
                    discs.append((label, x, y, float(rng.uniform(0, 360))))
                    if area != "anomaly" and rng.random() < locks:
                        a = rng.uniform(0, 2 * math.pi)
                        off = rng.uniform(0, 1.5)
                        tokens.append((x + off * math.cos(a), y + off * math.sin(a), float(rng.uniform(0, 360))))
                        label = LOCK
                    truth[(area, r, c)] = label
        return discs, tokens, truth


def write_enrolment(table: Table, out_dir) -> Path:
    """One photograph per disc kind alone in the mat's first area, and one of a lock token lying
    on a disc there; the manifest beside them, as a user writes it."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    z = table.layout.zones[table.layout.first_area]
    rng = table.rng
    manifest = []
    for label in [f"{c}-{n}" for c in BODY for n in "123"] + [LOCK]:
        x, y = z.x + z.w / 2 + float(rng.uniform(-4, 4)), z.y + z.h / 2 + float(rng.uniform(-2, 2))
        angle = float(rng.uniform(0, 360))
        if label == LOCK:
            under = str(rng.choice([f"{c}-{n}" for c in BODY for n in "123"]))
            frame = table.photograph([(under, x, y, angle)], [(x, y, float(rng.uniform(0, 360)))], gentle=True)
        else:
            frame = table.photograph([(label, x, y, angle)], gentle=True)
        name = f"{label}.jpg"
        cv2.imwrite(str(out_dir / name), frame)
        manifest.append({"image": name, "label": label})
    path = out_dir / "manifest.json"
    path.write_text(json.dumps(manifest))
    return path


def _bend(frame, k1):
    """Radial lens distortion round the frame's centre (k1 > 0: barrel)."""
    h, w = frame.shape[:2]
    nx, ny, r2 = _lens_grid(h, w)
    cx, cy, norm = w / 2, h / 2, math.hypot(w / 2, h / 2)
    scale = 1 + k1 * r2
    return cv2.remap(frame, cx + nx * scale * norm, cy + ny * scale * norm, cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)


@lru_cache(maxsize=2)
def _lens_grid(h, w):
    """Every pixel's place from the frame's centre, over the half-diagonal, and its square
    distance: the same for every frame of a size, so worked out once."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy, norm = w / 2, h / 2, math.hypot(w / 2, h / 2)
    nx, ny = (xx - cx) / norm, (yy - cy) / norm
    return nx, ny, nx * nx + ny * ny


def _region(img, x0, y0, h, w):
    H, W = img.shape[:2]
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    return (slice(ya, yb), slice(xa, xb)), (slice(ya - y0, yb - y0), slice(xa - x0, xb - x0))


def _darken(img, x0, y0, m, depth):
    dst, src = _region(img, x0, y0, *m.shape)
    img[dst] *= (1 - depth * m[src])[:, :, None]


def _paste(img, x0, y0, rgba):
    dst, src = _region(img, x0, y0, *rgba.shape[:2])
    a = rgba[src][:, :, 3:] / 255
    img[dst] = img[dst] * (1 - a) + rgba[src][:, :, :3] * a


def printing(layout, cells, out_dir, frames: int):
    """This printing as the benchmark measures it: (the manifest of its enrolment photographs,
    frames of full matrices on test seeds as (frame, {cell: label}))."""
    manifest = write_enrolment(Table(layout, seed=ENROL_SEED), out_dir)

    def shots():
        for seed in TEST_SEEDS[:frames]:
            table = Table(layout, seed=seed)
            discs, tokens, truth = table.random_matrices(cells, layout)
            yield table.photograph(discs, tokens), truth
    return manifest, shots()
