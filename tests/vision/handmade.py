"""A second table made by hand, to check the reader against frames vision.synthetic never drew.

Nothing here comes from vision.synthetic: the mat is the printed one (vision.mat.render_mat),
everything else is drawn here with PIL and numpy in a look of its own. The tiles are another
printing (cream faces with a frame and Pillow's own font, charcoal zeros, rounded corners)
whose backs are printed in greys within a few percent of the mat's zone grey, one of them the
zone grey itself, marked with dots and the back's name. They are card a few mm thick: a darker
cut edge and a soft shadow thrown away from a lamp that may stand anywhere. The paper has a
texture; the light has a tint, a fall-off and a vignette; the camera looks at an angle (a
perspective warp), is a little out of focus, noisy, and saves JPEGs.
"""
from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from vision.mat import render_mat

K = 3.0  # canvas pixels per mm (the mat seen from straight above)
FRAME = (1280, 960)
SIZE_MM = (27.0, 38.0)
CORNER_MM = 2.0
PAPER = (236, 229, 212)  # RGB
INK = {"red": (196, 48, 43), "blue": (38, 84, 170), "green": (46, 133, 74), "yellow": (214, 160, 22),
       "purple": (120, 62, 140)}
CHARCOAL = (52, 52, 56)
BACK_TONES = ((150, 150, 150), (154, 152, 147), (145, 148, 152))  # the mat's grey is (150, 150, 150)
BACK_INK = (100, 100, 104)


@dataclass
class Placed:
    """A tile on the hand-made table; ``visible_label`` is what the reader should say."""
    visible_label: str
    x_mm: float
    y_mm: float
    angle: float


def _font(px):
    return ImageFont.load_default(size=max(8, int(px)))


def _texture(rng, shape, strength=0.025):
    """Paper: a blotchy low-frequency field and a fine grain, around 1."""
    h, w = shape
    low = rng.standard_normal((max(2, h // 40), max(2, w // 40))).astype(np.float32)
    low = cv2.resize(low, (w, h), interpolation=cv2.INTER_CUBIC)
    fine = rng.standard_normal((h, w)).astype(np.float32)
    return 1 + strength * (0.7 * low + 0.3 * fine)


def draw_tile(label: str, tiles, rng, k: float = K) -> Image.Image:
    """An upright tile, RGBA (alpha: its rounded outline), at k px/mm."""
    s = 2.0  # drawn at twice the size, then reduced: smooth edges
    w, h = (int(round(v * k * s)) for v in SIZE_MM)
    kk = k * s
    img = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(img)
    if label.startswith("back-"):
        index = tiles.back_names.index(label[5:])
        d.rectangle([0, 0, w, h], fill=BACK_TONES[index % len(BACK_TONES)])
        m = 2.2 * kk
        d.rectangle([m, m, w - m, h - m], outline=BACK_INK, width=max(1, int(0.45 * kk)))
        for i in range(index + 1):  # dots down a diagonal: none a half turn of another
            cx, cy = w * 0.32 + i * 5.0 * kk * 0.6, h * 0.28 + i * 5.0 * kk
            r = 1.8 * kk
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=BACK_INK)
        f = _font(3.6 * kk)
        text = label[5:].upper()
        tw = d.textlength(text, font=f)
        d.text(((w - tw) / 2, h - 8.5 * kk), text, font=f, fill=BACK_INK)
    else:
        colour, glyph = label.split("-", 1)
        if colour == "black":
            bg, ink = CHARCOAL, (232, 232, 228)
        else:
            bg, ink = PAPER, INK[colour]
        d.rectangle([0, 0, w, h], fill=bg)
        if colour != "black":
            m = 1.6 * kk
            d.rounded_rectangle([m, m, w - m, h - m], radius=1.2 * kk, outline=ink, width=max(1, int(0.5 * kk)))
        f = _font(19 * kk)
        box = d.textbbox((0, 0), glyph, font=f)
        d.text(((w - (box[2] + box[0])) / 2, (h - (box[3] + box[1])) / 2 + 1.5 * kk), glyph, font=f, fill=ink)
        d.text((3.2 * kk, 2.6 * kk), glyph, font=_font(5 * kk), fill=ink)
    rgb = np.asarray(img, np.float32) * _texture(rng, (h, w))[:, :, None]
    alpha = Image.new("L", (w, h), 0)
    ImageDraw.Draw(alpha).rounded_rectangle([0, 0, w - 1, h - 1], radius=CORNER_MM * kk, fill=255)
    # the cut edge of the card: a thin darker rim
    rim = np.asarray(alpha.filter(ImageFilter.MinFilter(int(2 * round(0.3 * kk) + 1))), np.float32) / 255
    rgb *= (0.82 + 0.18 * rim)[:, :, None]
    out = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).convert("RGBA")
    out.putalpha(alpha)
    return out.resize((int(round(SIZE_MM[0] * k)), int(round(SIZE_MM[1] * k))), Image.LANCZOS)


class Table:
    """The hand-made table: a mat, tiles on it, a lamp and a camera, all drawn here."""

    def __init__(self, layout, tiles, seed=0):
        self.layout, self.tiles = layout, tiles
        self.rng = np.random.default_rng(seed)
        mat = cv2.cvtColor(render_mat(layout, K), cv2.COLOR_BGR2RGB).astype(np.float32)
        self.mat = mat * _texture(np.random.default_rng(seed + 1), mat.shape[:2], 0.02)[:, :, None]
        self._tiles: dict = {}

    def _tile(self, label):
        if label not in self._tiles:
            self._tiles[label] = draw_tile(label, self.tiles, self.rng)
        return self._tiles[label]

    def photograph(self, placed, gentle=False):
        """A JPEG-decoded BGR frame of the tiles ``placed`` on the mat."""
        rng = self.rng
        top = self.mat.copy()
        Hc, Wc = top.shape[:2]
        lamp = rng.uniform(0, 2 * math.pi)
        reach = rng.uniform(0.5, 1.5) * K  # how far a tile's shadow falls, px
        depth = rng.uniform(0.12, 0.3)
        dx, dy = int(round(math.cos(lamp) * reach)), int(round(math.sin(lamp) * reach))
        for t in placed:
            tile = np.asarray(self._tile(t.visible_label).rotate(-t.angle, resample=Image.BICUBIC, expand=True),
                              np.float32)
            th, tw = tile.shape[:2]
            x0, y0 = int(round(t.x_mm * K - tw / 2)), int(round(t.y_mm * K - th / 2))
            al = tile[:, :, 3] / 255
            # its shadow first, thrown away from the lamp and softened
            pad = int(4 * K)
            sh = np.zeros((th + 2 * pad, tw + 2 * pad), np.float32)
            sh[pad + dy:pad + dy + th, pad + dx:pad + dx + tw] = al
            sh = cv2.GaussianBlur(sh, (0, 0), 0.9 * K)
            _darken(top, x0 - pad, y0 - pad, sh, depth)
            _paste(top, x0, y0, tile)
        # the light: gain, tint, a linear fall-off and a vignette round a random centre (worked
        # out on a coarse grid: it changes slowly)
        q = 8
        yy, xx = np.mgrid[0:Hc // q + 1, 0:Wc // q + 1].astype(np.float32) * q
        cx, cy = rng.uniform(0.2, 0.8) * Wc, rng.uniform(0.2, 0.8) * Hc
        r2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / float(Wc * Wc)
        gx, gy = rng.uniform(-0.25, 0.25, 2) * (0.3 if gentle else 1)
        light = rng.uniform(0.75, 1.05) * (1 + gx * (xx / Wc - 0.5) + gy * (yy / Hc - 0.5))
        light *= 1 - rng.uniform(0.2, 0.6) * (0.3 if gentle else 1) * r2
        light = cv2.resize(light, (Wc, Hc), interpolation=cv2.INTER_LINEAR)
        tint = rng.uniform(0.9, 1.08, 3).astype(np.float32)
        top *= cv2.merge([light * c for c in tint])  # each channel's light: the very products, sooner
        # the camera: the mat's corners land where a tilted, turned camera puts them
        Wm, Hm = self.layout.size_mm
        fill = rng.uniform(0.6, 0.85) if not gentle else rng.uniform(0.8, 0.9)
        scale = fill * min(FRAME[0] / Wm, FRAME[1] / Hm)
        rot = math.radians(rng.uniform(-12, 12) if not gentle else rng.uniform(-4, 4))
        corners = np.array([[0, 0], [Wm, 0], [Wm, Hm], [0, Hm]], np.float64) - [Wm / 2, Hm / 2]
        R = np.array([[math.cos(rot), -math.sin(rot)], [math.sin(rot), math.cos(rot)]])
        dst = corners @ R.T * scale
        keystone = rng.uniform(-0.09, 0.09, (4, 2)) * (0.4 if gentle else 1) * [Wm * scale, Hm * scale]
        dst = dst + keystone + [FRAME[0] / 2, FRAME[1] / 2] + rng.uniform(-40, 40, 2) * (0 if gentle else 1)
        src = (corners + [Wm / 2, Hm / 2]) * K
        M = cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))
        frame = cv2.warpPerspective(top, M, FRAME, flags=cv2.INTER_LINEAR, borderValue=(96, 80, 60))
        frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.6, 1.2))  # the lens, slightly out of focus
        frame += rng.standard_normal(frame.shape, dtype=np.float32) * np.float32(rng.uniform(1.5, 4.0))
        rgb = Image.fromarray(np.clip(frame, 0, 255).astype(np.uint8))
        buf = io.BytesIO()
        rgb.save(buf, "JPEG", quality=int(rng.integers(65, 86)))
        return cv2.cvtColor(np.asarray(Image.open(buf).convert("RGB")), cv2.COLOR_RGB2BGR)

    def random_tiles(self, n, backs=0.4, touching=0.5, zone=None):
        """n tiles in the play area, none overlapping; about ``backs`` of them face down and
        ``touching`` of them laid flush against one already down."""
        rng = self.rng
        z = self.layout.zones[zone or self.layout.first_area]
        w, h = SIZE_MM
        out, polys = [], []
        for _ in range(n):
            for _attempt in range(100):
                if rng.random() < backs:
                    label = str(rng.choice(self.tiles.backs))
                else:
                    label = str(rng.choice(self.tiles.faces))
                if out and rng.random() < touching:
                    base = out[int(rng.integers(len(out)))]
                    a = math.radians(base.angle)
                    side = int(rng.integers(4))
                    along = (math.cos(a), math.sin(a)) if side < 2 else (-math.sin(a), math.cos(a))
                    dist = (w if side < 2 else h) + float(rng.uniform(0.1, 0.6))
                    sgn = 1 if side % 2 == 0 else -1
                    slide = float(rng.uniform(-0.4, 0.4)) * (h if side < 2 else w)
                    across = (-along[1], along[0])
                    x = base.x_mm + sgn * dist * along[0] + slide * across[0]
                    y = base.y_mm + sgn * dist * along[1] + slide * across[1]
                    angle = base.angle
                else:
                    x, y = rng.uniform(z.x, z.x + z.w), rng.uniform(z.y, z.y + z.h)
                    angle = float(rng.uniform(0, 360))
                p = _poly(x, y, angle)
                if p[:, 0].min() < z.x + 3 or p[:, 0].max() > z.x + z.w - 3 or \
                   p[:, 1].min() < z.y + 3 or p[:, 1].max() > z.y + z.h - 3:
                    continue
                if any(cv2.intersectConvexConvex(p, q)[0] > 1.0 for q in polys):
                    continue
                out.append(Placed(label, float(x), float(y), angle % 360))
                polys.append(p)
                break
        return out


def _region(img, x0, y0, h, w):
    """(slice of img, slice of a h x w patch placed at x0, y0), clipped to img."""
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


def _poly(x, y, angle):
    w, h = SIZE_MM
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    pts = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return (pts @ np.array([[c, s], [-s, c]]) + [x, y]).astype(np.float32)


def write_enrolment(table: Table, out_dir) -> Path:
    """One photograph per face and back, alone and upright in the play area, and the manifest."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    z = table.layout.zones[table.layout.first_area]
    rng = table.rng
    manifest = []
    for label in table.tiles.labels:
        t = Placed(label, z.x + z.w / 2 + float(rng.uniform(-12, 12)), z.y + z.h / 2 + float(rng.uniform(-8, 8)),
                   float(rng.uniform(-5, 5)) % 360)
        name = f"{label}.jpg"
        cv2.imwrite(str(out_dir / name), table.photograph([t], gentle=True), [cv2.IMWRITE_JPEG_QUALITY, 95])
        manifest.append({"image": name, "label": label, "x_mm": t.x_mm, "y_mm": t.y_mm, "angle": t.angle})
    path = out_dir / "manifest.json"
    path.write_text(json.dumps(manifest))
    return path
