"""A third printing of Paradominetor's tiles, read only through the command line.

Run by hand (not part of `make test`):

    python tests/vision/third_tiles.py --seed 70001 --frames 6

Drawn from what an owner has: docs/vision.md (Quick start, the mat, enrolment shots), the
rulebook (five colours with values 1-6 over past/present/future backs, black 0 on a past back)
and the printed mat PNG. Nothing here imports the readers or the other renderers: tiles are
drawn in a look of their own (a full colour face, a serif numeral in a white ring, pips along
the foot; backs with their own emblems, the past one close to the mat's grey), 2.5 mm card with
a visible edge, seen by a pinhole camera tilted up to 12 degrees with barrel distortion, under a
warm lamp with fall-off and soft shadows, with sensor noise, blur and JPEG.

Each seed is one printing + camera + enrolment: the mat is made with `paradox-table mat`, the
34 pieces are enrolled in 4 shots of two rows of five (the docs' recipe) with `vision enroll`,
and game frames (3-5 tiles of a trick, any rotation, some touching) are read with `vision
recognize`. Every reading is compared with the truth; misread and not-found cases are saved
under OUT/seed-S/cases with the frame, a crop, the truth and the reading.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

FRAME = (1280, 960)
COLOURS = {  # RGB of the ink on this printing (a little off the usual primaries)
    "red": (196, 44, 52),
    "blue": (38, 86, 176),
    "green": (40, 150, 84),
    "yellow": (236, 196, 40),
    "purple": (120, 60, 150),
    "black": (30, 28, 32),
}
VALUES_BY_BACK = {"past": (1, 2, 3, 4), "present": (1, 2, 3, 4, 5), "future": (2, 3, 4, 5, 6)}
TILE_W, TILE_H, THICK, RADIUS = 27.0, 37.0, 2.5, 3.0  # mm
ENROLMENT = 0  # --enrolment K: the K-th other enrolment of the same printing and frames
SINGLE = None  # --single [middle|places]: one photo per piece
GLARE = False  # --glare: laminated tiles with a lamp's sheen on some
ART = 14  # px per mm of the printed art
COMP = 6  # px per mm of the table-plane composite
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"
CLI = [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())"]


def paradox_table(*args):
    exe = Path(sys.executable).with_name("paradox-table")
    cmd = [str(exe)] if exe.exists() else CLI
    return subprocess.run(cmd + [str(a) for a in args], capture_output=True, text=True)


# ---------------------------------------------------------------- the printed tiles

def _font(px):
    try:
        return ImageFont.truetype(FONT, px)
    except OSError:
        return ImageFont.load_default()


def _rounded_mask(w, h, r):
    m = Image.new("L", (w, h), 0)
    ImageDraw.Draw(m).rounded_rectangle([0, 0, w - 1, h - 1], r, fill=255)
    return m


LOOK = "full"  # "full": a full colour face; "border": cream card, coloured frame and numeral


def face_art(colour, value):
    """RGBA art of a face: full colour (or cream with a coloured frame), numeral in a ring,
    pips along the foot."""
    w, h = int(TILE_W * ART), int(TILE_H * ART)
    ink = COLOURS[colour]
    cream = (246, 242, 232)
    img = Image.new("RGB", (w, h), ink if LOOK == "full" else cream)
    d = ImageDraw.Draw(img)
    white = cream if LOOK == "full" else ink
    if LOOK == "border":
        d.rounded_rectangle([0, 0, w - 1, h - 1], int(RADIUS * ART), outline=ink, width=int(2.2 * ART))
    d.rounded_rectangle([int(1.6 * ART), int(1.6 * ART), w - int(1.6 * ART), h - int(1.6 * ART)],
                        int(2 * ART), outline=white, width=int(0.5 * ART))
    cx, cy, r = w // 2, int(15.5 * ART), int(9.5 * ART)
    d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=white, width=int(0.9 * ART))
    f = _font(int(15 * ART))
    text = str(value)
    box = d.textbbox((0, 0), text, font=f)
    d.text((cx - (box[0] + box[2]) / 2, cy - (box[1] + box[3]) / 2), text, font=f, fill=white)
    if value == 0:  # the black tile: a slash through its zero
        d.line([cx - r // 2, cy + r // 2, cx + r // 2, cy - r // 2], fill=white, width=int(0.8 * ART))
    pr, py = int(1.1 * ART), int(31 * ART)
    n = max(value, 1)
    span = (n - 1) * 3.4 * ART
    for i in range(n):
        px = int(cx - span / 2 + i * 3.4 * ART)
        if value == 0:
            d.ellipse([px - pr, py - pr, px + pr, py + pr], outline=white, width=int(0.35 * ART))
        else:
            d.ellipse([px - pr, py - pr, px + pr, py + pr], fill=white)
    rgba = img.convert("RGBA")
    rgba.putalpha(_rounded_mask(w, h, int(RADIUS * ART)))
    return np.array(rgba)[:, :, [2, 1, 0, 3]]  # BGRA


def back_art(name):
    """RGBA art of a back: past grey (near the mat's zone grey) with an hourglass, present teal
    with a dot in a ring, future pale lilac with a chevron; all with a thin frame and a word."""
    w, h = int(TILE_W * ART), int(TILE_H * ART)
    base = {"past": (146, 148, 152), "present": (40, 120, 128), "future": (196, 184, 220)}[name]
    mark = {"past": (70, 70, 76), "present": (236, 232, 220), "future": (80, 60, 120)}[name]
    img = Image.new("RGB", (w, h), base)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([int(2 * ART), int(2 * ART), w - int(2 * ART), h - int(2 * ART)],
                        int(1.5 * ART), outline=mark, width=int(0.35 * ART))
    cx, cy = w // 2, int(16 * ART)
    if name == "past":
        a = int(6 * ART)
        d.polygon([(cx - a, cy - a), (cx + a, cy - a), (cx, cy), (cx + a, cy + a), (cx - a, cy + a), (cx, cy)],
                  outline=mark, fill=None, width=int(0.8 * ART))
        d.polygon([(cx - a // 2, cy + a), (cx + a // 2, cy + a), (cx, cy + a // 2)], fill=mark)
    elif name == "present":
        r = int(7 * ART)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=mark, width=int(0.9 * ART))
        r = int(2.5 * ART)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=mark)
    else:
        a = int(6 * ART)
        for k in (-1, 1):
            y0 = cy + k * int(3 * ART)
            d.line([(cx - a, y0 + a // 2), (cx, y0 - a // 2), (cx + a, y0 + a // 2)], fill=mark,
                   width=int(1.0 * ART), joint="curve")
    f = _font(int(3.6 * ART))
    word = name.upper()
    box = d.textbbox((0, 0), word, font=f)
    d.text((cx - (box[0] + box[2]) / 2, int(29 * ART)), word, font=f, fill=mark)
    rgba = img.convert("RGBA")
    rgba.putalpha(_rounded_mask(w, h, int(RADIUS * ART)))
    return np.array(rgba)[:, :, [2, 1, 0, 3]]


_ART_CACHE = {}


def art_for(label):
    if label not in _ART_CACHE:
        if label.startswith("back-"):
            _ART_CACHE[label] = back_art(label[5:])
        else:
            c, v = label.split("-")
            _ART_CACHE[label] = face_art(c, int(v))
    return _ART_CACHE[label]


def inventory(rng, sets=4):
    """Every physical tile of `sets` colour sets: (face, back)."""
    colours = list(rng.permutation([c for c in COLOURS if c != "black"]))[:sets]
    tiles = []
    for c in colours:
        for back, values in VALUES_BY_BACK.items():
            tiles += [(f"{c}-{v}", back) for v in values]
        tiles.append(("black-0", "past"))
    return tiles


# ---------------------------------------------------------------- the camera and the table

class Camera:
    """A pinhole camera over the mat (mm, x right, y down, z up), tilted, with barrel
    distortion and a warm lamp."""

    def __init__(self, rng, layout):
        self.mat_w, self.mat_h = layout["size_mm"]
        tilt = math.radians(rng.uniform(3, 12))
        tilt_dir = rng.uniform(0, 2 * math.pi)
        yaw = math.radians(rng.uniform(-4, 4))
        base = np.array([[1.0, 0, 0], [0, 1.0, 0], [0, 0, -1.0]])
        # tilt about an axis in the camera's x-y plane, then a small yaw
        ax = np.array([math.cos(tilt_dir), math.sin(tilt_dir), 0.0])
        rot, _ = cv2.Rodrigues(ax * tilt)
        rz, _ = cv2.Rodrigues(np.array([0, 0, yaw]))
        self.B = rz @ rot @ base  # rows: camera axes in world
        target = np.array([self.mat_w / 2 + rng.uniform(-10, 10), self.mat_h / 2 + rng.uniform(-8, 8), 0.0])
        d = self.B[2]  # optical axis in world
        self.height = rng.uniform(520, 700)
        self.C = target - d * (self.height / -d[2])
        corners = np.array([[0, 0, 0], [self.mat_w, 0, 0], [self.mat_w, self.mat_h, 0], [0, self.mat_h, 0]], float)
        cam = (corners - self.C) @ self.B.T
        xn, yn = cam[:, 0] / cam[:, 2], cam[:, 1] / cam[:, 2]
        fill = rng.uniform(0.86, 0.95)
        self.f = min(FRAME[0] / 2 * fill / np.abs(xn).max(), FRAME[1] / 2 * fill / np.abs(yn).max())
        self.K = np.array([[self.f, 0, FRAME[0] / 2], [0, self.f, FRAME[1] / 2], [0, 0, 1]])
        self.H = self.K @ np.column_stack([self.B[:, 0], self.B[:, 1], -self.B @ self.C])
        self.k1 = rng.uniform(0.03, 0.08)
        self.lamp = np.array([rng.uniform(-60, self.mat_w + 60), rng.uniform(-60, self.mat_h + 60),
                              rng.uniform(500, 800)])
        self.falloff = rng.uniform(0.25, 0.45)
        self.warm = np.array([rng.uniform(0.72, 0.86), rng.uniform(0.9, 0.97), 1.0])  # B, G, R
        self.exposure = rng.uniform(0.88, 1.05)
        self.noise = rng.uniform(2.0, 4.5)
        self.blur = rng.uniform(0.5, 1.0)
        self.quality = int(rng.integers(80, 93))
        self._maps = None

    def parallax(self, pts, h):
        """Where points at height h appear on the table plane, seen from the camera."""
        s = self.C[2] / (self.C[2] - h)
        return self.C[:2] + (pts - self.C[:2]) * s

    def shadow(self, pts, h):
        s = self.lamp[2] / (self.lamp[2] - h)
        return self.lamp[:2] + (pts - self.lamp[:2]) * s

    def to_image(self, pts_mm):
        """Table mm -> distorted frame pixels (for crops)."""
        p = cv2.perspectiveTransform(np.float32(pts_mm).reshape(-1, 1, 2), self.H).reshape(-1, 2)
        c = np.array(FRAME) / 2
        diag = np.hypot(*c)
        out = []
        for q in p:  # invert x_u = c + (x_d - c)(1 + k r_d^2) by iteration
            xd = q.copy()
            for _ in range(10):
                r2 = (np.sum((xd - c) ** 2)) / diag ** 2
                xd = c + (q - c) / (1 + self.k1 * r2)
            out.append(xd)
        return np.array(out)

    def maps(self):
        if self._maps is None:
            w, h = FRAME
            u, v = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
            c = np.array(FRAME, np.float32) / 2
            diag = float(np.hypot(*c))
            r2 = ((u - c[0]) ** 2 + (v - c[1]) ** 2) / diag ** 2
            xu = c[0] + (u - c[0]) * (1 + self.k1 * r2)
            yu = c[1] + (v - c[1]) * (1 + self.k1 * r2)
            Hi = np.linalg.inv(self.H)
            den = Hi[2, 0] * xu + Hi[2, 1] * yu + Hi[2, 2]
            X = (Hi[0, 0] * xu + Hi[0, 1] * yu + Hi[0, 2]) / den
            Y = (Hi[1, 0] * xu + Hi[1, 1] * yu + Hi[1, 2]) / den
            lamp_img = self.lamp[:2]
            dist = np.hypot(X - lamp_img[0], Y - lamp_img[1]) / np.hypot(self.mat_w, self.mat_h)
            gain = np.clip(1 - self.falloff * dist ** 2 * 2.2, 0.35, 1.0) * self.exposure
            self._maps = ((X * COMP).astype(np.float32), (Y * COMP).astype(np.float32), gain.astype(np.float32))
        return self._maps

    def shoot(self, composite, rng, path):
        mx, my, gain = self.maps()
        # auto exposure and white balance wander a little from shot to shot
        drift = rng.uniform(0.95, 1.05) * rng.uniform(0.97, 1.03, 3)
        img = cv2.remap(composite, mx, my, cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_CONSTANT, borderValue=(70, 80, 95))  # a wooden table
        img = img.astype(np.float32) * gain[..., None] * (self.warm * drift)[None, None, :]
        img = cv2.GaussianBlur(img, (0, 0), self.blur)
        img += rng.normal(0, self.noise, img.shape[:2])[..., None]  # luma noise
        img += rng.normal(0, self.noise * 0.5, img.shape)  # chroma noise
        img = np.clip(img, 0, 255).astype(np.uint8)
        cv2.imwrite(str(path), img, [cv2.IMWRITE_JPEG_QUALITY, self.quality])
        return img


def outline(cx, cy, angle, w=TILE_W, h=TILE_H, r=RADIUS, n=6):
    """The rounded rectangle's outline in mat mm, rotated clockwise by `angle`."""
    pts = []
    for (sx, sy), a0 in (((1, 1), 0), ((-1, 1), 90), ((-1, -1), 180), ((1, -1), 270)):
        ox, oy = sx * (w / 2 - r), sy * (h / 2 - r)
        for k in range(n + 1):
            t = math.radians(a0 + 90 * k / n)
            pts.append((ox + r * math.cos(t), oy + r * math.sin(t)))
    return _place(np.array(pts), cx, cy, angle)


def _place(local, cx, cy, angle):
    a = math.radians(angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    return local @ rot.T + np.array([cx, cy])


def draw_table(mat_img, cam, pieces, rng):
    """The table plane at COMP px/mm: the mat, each piece's soft shadow, its edge and its top."""
    comp = mat_img.astype(np.float32).copy()
    # shadows first (soft, the lamp's direction), all pieces
    shade = np.zeros(comp.shape[:2], np.float32)
    for p in pieces:
        base = outline(p["x"], p["y"], p["angle"])
        top = cam.shadow(base, THICK)
        hull = cv2.convexHull(np.float32(np.vstack([base, top]) * COMP)).astype(np.int32)
        cv2.fillConvexPoly(shade, hull, 1.0, lineType=cv2.LINE_AA)
    shade = cv2.GaussianBlur(shade, (0, 0), 1.4 * COMP)
    comp *= (1 - 0.38 * np.clip(shade, 0, 1))[..., None]
    edge_col = np.array([150, 172, 186], np.float32)  # grey-beige card core (BGR)
    for p in pieces:
        base = outline(p["x"], p["y"], p["angle"])
        top = cam.parallax(base, THICK)
        hull = cv2.convexHull(np.float32(np.vstack([base, top]) * COMP)).astype(np.int32)
        # edge: lit side lighter, shaded side darker, a single tone is enough at this scale
        tone = edge_col * rng.uniform(0.75, 0.95)
        cv2.fillConvexPoly(comp, hull, tone.tolist(), lineType=cv2.LINE_AA)
        art = art_for(p["label"]).astype(np.float32)
        ah, aw = art.shape[:2]
        corners = _place(np.array([[-TILE_W / 2, -TILE_H / 2], [TILE_W / 2, -TILE_H / 2],
                                   [TILE_W / 2, TILE_H / 2], [-TILE_W / 2, TILE_H / 2]]), p["x"], p["y"], p["angle"])
        dst = cam.parallax(corners, THICK) * COMP
        x0, y0 = np.floor(dst.min(0)).astype(int) - 2
        x1, y1 = np.ceil(dst.max(0)).astype(int) + 2
        M = cv2.getPerspectiveTransform(np.float32([[0, 0], [aw, 0], [aw, ah], [0, ah]]), np.float32(dst - [x0, y0]))
        warped = cv2.warpPerspective(art, M, (x1 - x0, y1 - y0), flags=cv2.INTER_AREA)
        a = warped[:, :, 3:4] / 255.0
        # the top face catches the lamp a touch more than the mat, with a faint sheen
        rgb = warped[:, :, :3] * rng.uniform(0.97, 1.04)
        if GLARE and rng.random() < 0.35:  # a laminated tile catches the lamp: a soft sheen
            gy, gx = np.mgrid[0:rgb.shape[0], 0:rgb.shape[1]].astype(np.float32)
            c = dst.mean(0) - [x0, y0] + rng.uniform(-6, 6, 2) * COMP
            blob = np.exp(-(((gx - c[0]) / (7 * COMP)) ** 2 + ((gy - c[1]) / (4 * COMP)) ** 2))
            rgb = rgb + (255 - rgb) * (rng.uniform(0.3, 0.6) * blob)[..., None]
        roi = comp[y0:y1, x0:x1]
        roi[:] = roi * (1 - a) + rgb * a
    return np.clip(comp, 0, 255).astype(np.uint8)


# ---------------------------------------------------------------- layouts

def _touches(a, b, gap):
    pa, pb = outline(*a, n=2), outline(*b, n=2)
    ra = cv2.minAreaRect(np.float32(pa))
    rb = cv2.minAreaRect(np.float32(pb))
    ra = (ra[0], (ra[1][0] + gap, ra[1][1] + gap), ra[2])
    kind, _ = cv2.rotatedRectangleIntersection(ra, rb)
    return kind != cv2.INTERSECT_NONE


def trick_layout(rng, zone, tiles):
    """3-5 tiles of a trick in the trick area: any rotation, some touching, some face down."""
    n = int(rng.integers(3, 6))
    picks = rng.choice(len(tiles), n, replace=False)
    placed = []
    margin = 2.0
    for idx in picks:
        face, back = tiles[idx]
        face_up = rng.random() < 0.72
        for _ in range(400):
            angle = float(rng.choice([rng.uniform(-180, 180), rng.uniform(-20, 20)]))
            if placed and rng.random() < 0.3:  # edge to edge with another, as players push them
                o = placed[int(rng.integers(len(placed)))]
                angle = o["angle"] + float(rng.choice([0, 180]))
                side = int(rng.integers(4))
                gap = rng.uniform(0, 1.5)
                along = rng.uniform(-4, 4)
                dx, dy = [(TILE_W + gap, along), (-TILE_W - gap, along), (along, TILE_H + gap),
                          (along, -TILE_H - gap)][side]
                x, y = _place(np.array([[dx, dy]]), o["x"], o["y"], o["angle"])[0]
            elif placed and rng.random() < 0.4:  # lay it beside another, touching or nearly
                o = placed[int(rng.integers(len(placed)))]
                d = rng.uniform(TILE_W, TILE_W + 4)
                t = rng.uniform(0, 2 * math.pi)
                x, y = o["x"] + d * math.cos(t), o["y"] + d * math.sin(t)
            else:
                x = rng.uniform(zone["x"] + 15, zone["x"] + zone["w"] - 15)
                y = rng.uniform(zone["y"] + 15, zone["y"] + zone["h"] - 15)
            pts = outline(x, y, angle, n=2)
            if (pts[:, 0].min() < zone["x"] + margin or pts[:, 0].max() > zone["x"] + zone["w"] - margin
                    or pts[:, 1].min() < zone["y"] + margin or pts[:, 1].max() > zone["y"] + zone["h"] - margin):
                continue
            if any(_touches((x, y, angle), (o["x"], o["y"], o["angle"]), -0.6) for o in placed):
                continue
            placed.append({"x": x, "y": y, "angle": angle, "face": face, "back": back, "face_up": face_up,
                           "label": face if face_up else f"back-{back}"})
            break
    return placed


def enrolment_shots(zone):
    """34 pieces, upright, two rows of five 8 mm apart, ten a shot (docs: 4 shots)."""
    labels = [f"{c}-{v}" for c in COLOURS if c != "black" for v in range(1, 7)] + ["black-0"]
    labels += ["back-past", "back-present", "back-future"]
    gap = 8.0
    x0 = zone["x"] + (zone["w"] - (5 * TILE_W + 4 * gap)) / 2 + TILE_W / 2
    y0 = zone["y"] + (zone["h"] - (2 * TILE_H + gap)) / 2 + TILE_H / 2
    shots = []
    for s in range(0, len(labels), 10):
        shot = []
        for i, lab in enumerate(labels[s:s + 10]):
            shot.append({"label": lab, "x": x0 + (i % 5) * (TILE_W + gap), "y": y0 + (i // 5) * (TILE_H + gap),
                         "angle": 0.0})
        shots.append(shot)
    return shots


# ---------------------------------------------------------------- comparing

def compare(truth, tiles, radius=15.0):
    """Per piece: right / asked / misread / missing; readings matching nothing: phantom."""
    rows, used = [], set()
    pairs = sorted(((math.hypot(t["x"] - r["x_mm"], t["y"] - r["y_mm"]), i, j)
                    for i, t in enumerate(truth) for j, r in enumerate(tiles)))
    match = {}
    for d, i, j in pairs:
        if d <= radius and i not in match and j not in used:
            match[i] = (j, d)
            used.add(j)
    for i, t in enumerate(truth):
        if i not in match:
            rows.append(("missing", t, None, None))
            continue
        j, d = match[i]
        r = tiles[j]
        if r["label"] == "unknown":
            kind = "asked"
        elif r["label"] == t["label"]:
            kind = "right"
        else:
            kind = "misread"
        rows.append((kind, t, r, d))
    for j, r in enumerate(tiles):
        if j not in used:
            rows.append(("phantom", None, r, None))
    return rows


def angle_error(truth, read, label):
    e = (read - truth + 180) % 360 - 180
    if label in ("black-0",) or label.startswith("back-"):
        e = min(abs(e), abs(abs(e) - 180))
    return abs(e)


def run(seed, frames, out):
    # separate streams: the same camera and the same game frames whatever the enrolment
    rng, erng, frng = (np.random.default_rng([seed, k]) for k in range(3))
    if ENROLMENT:  # another hand laying the same printing under the same camera
        erng = np.random.default_rng([seed, 1, ENROLMENT])
    root = Path(out) / f"{LOOK}{'-glare' if GLARE else ''}{f'-single-{SINGLE}' if SINGLE else ''}{f'-e{ENROLMENT}' if ENROLMENT else ''}-seed-{seed}"
    (root / "enrol").mkdir(parents=True, exist_ok=True)
    (root / "frames").mkdir(parents=True, exist_ok=True)
    (root / "cases").mkdir(parents=True, exist_ok=True)
    res = paradox_table("mat", "--game", "paradominetor", "--seats", str(int(rng.integers(3, 6))),
                        "--out", root / "mat.png")
    if res.returncode:
        sys.exit(f"mat: {res.stderr}")
    layout = json.loads((root / "mat.json").read_text())
    mat_img = cv2.imread(str(root / "mat.png"))
    # print on slightly warm paper with a touch less contrast, as a home printer does
    mat_img = cv2.resize(mat_img, (int(layout["size_mm"][0] * COMP), int(layout["size_mm"][1] * COMP)),
                         interpolation=cv2.INTER_AREA).astype(np.float32)
    mat_img = (mat_img * 0.93 + np.array([6, 12, 16])).clip(0, 255).astype(np.uint8)
    zone = layout["zones"]["trick"]
    cam = Camera(rng, layout)

    manifest = []
    shots = enrolment_shots(zone)
    if SINGLE == "middle":  # written by hand: each piece alone near the area's middle, one photo each
        shots = [[{**p, "x": zone["x"] + zone["w"] / 2 + erng.uniform(-20, 20),
                   "y": zone["y"] + zone["h"] / 2 + erng.uniform(-12, 12)}] for shot in shots for p in shot]
    elif SINGLE == "places":  # each alone, but where the shots would have put it (and said so)
        shots = [[p] for shot in shots for p in shot]
    for s, shot in enumerate(shots):
        # a hand lays them: a little off the places, a degree or two off upright
        for p in shot:
            p["x"] += erng.uniform(-1.5, 1.5)
            p["y"] += erng.uniform(-1.5, 1.5)
            p["angle"] = erng.uniform(-2, 2)
        img = draw_table(mat_img, cam, shot, erng)
        name = f"shot{s + 1}.jpg"
        cam.shoot(img, erng, root / "enrol" / name)
        manifest += [{"image": name, "label": p["label"]} if SINGLE == "middle" else
                     {"image": name, "label": p["label"], "x_mm": round(p["x"], 1), "y_mm": round(p["y"], 1)}
                     for p in shot]
    (root / "enrol" / "manifest.json").write_text(json.dumps(manifest, indent=1))
    res = paradox_table("vision", "enroll", "--game", "paradominetor", "--manifest", root / "enrol" / "manifest.json",
                        "--out", root / "third.profile", "--mat", root / "mat.json")
    enrol_log = {"rc": res.returncode, "stdout": res.stdout, "stderr": res.stderr}
    (root / "enroll.log").write_text(json.dumps(enrol_log, indent=1))
    if res.returncode:
        print(f"seed {seed}: enroll refused: {res.stderr.strip()}")
        return None

    tiles = inventory(frng, sets=layout["seats"])  # one colour set per player
    truths, paths = [], []
    for f in range(frames):
        pieces = trick_layout(frng, zone, tiles)
        img = draw_table(mat_img, cam, pieces, frng)
        path = root / "frames" / f"frame{f:02d}.jpg"
        cam.shoot(img, frng, path)
        truths.append(pieces)
        paths.append(path)
    res = paradox_table("vision", "recognize", "--game", "paradominetor", "--profile", root / "third.profile",
                        "--mat", root / "mat.json", *paths)
    (root / "recognize.log").write_text(res.stdout + "\n--- stderr\n" + res.stderr)
    lines = [json.loads(x) for x in res.stdout.splitlines() if x.strip().startswith("{")]
    by_image = {Path(x["image"]).name: x for x in lines}
    counts = dict(pieces=0, right=0, asked=0, misread=0, missing=0, phantom=0, angle_off=0)
    cases, asked = [], []
    for f, (pieces, path) in enumerate(zip(truths, paths)):
        reading = by_image.get(path.name, {"tiles": []})
        counts["pieces"] += len(pieces)
        frame = None
        for kind, t, r, d in compare(pieces, reading.get("tiles", [])):
            counts[kind] += 1
            if kind == "asked":
                asked.append(f"{path.name}:{t['label']}")
            if kind == "right" and angle_error(t["angle"], r.get("angle", 0.0), t["label"]) > 15:
                counts["angle_off"] += 1
            if kind in ("misread", "missing", "phantom"):
                frame = cv2.imread(str(path)) if frame is None else frame
                at = (t["x"], t["y"]) if t else (r["x_mm"], r["y_mm"])
                c = cam.to_image([at])[0].astype(int)
                crop = frame[max(c[1] - 70, 0):c[1] + 70, max(c[0] - 70, 0):c[0] + 70]
                name = f"frame{f:02d}-{kind}-{len(cases):02d}"
                cv2.imwrite(str(root / "cases" / f"{name}.png"), crop)
                case = {"kind": kind, "frame": str(path), "crop": str(root / "cases" / f"{name}.png"),
                        "truth": t and {k2: t[k2] for k2 in ("label", "x", "y", "angle", "face", "back")},
                        "reading": r, "distance_mm": d}
                (root / "cases" / f"{name}.json").write_text(json.dumps(case, indent=1))
                cases.append(case)
    camera = {"tilt_height_mm": round(cam.height), "k1": round(cam.k1, 3), "falloff": round(cam.falloff, 2),
              "warm": cam.warm.round(2).tolist(), "noise": round(cam.noise, 1), "blur": round(cam.blur, 2),
              "jpeg": cam.quality, "f_px": round(cam.f)}
    summary = {"seed": seed, "frames": frames, **counts, "camera": camera,
               "enroll_notes": res_lines(enrol_log["stderr"]), "stderr": res_lines(res.stderr), "asked_list": asked, "cases": cases}
    (root / "summary.json").write_text(json.dumps(summary, indent=1))
    return summary


def res_lines(text):
    return [x for x in text.splitlines() if x.strip()]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, nargs="+", default=[70001])
    ap.add_argument("--frames", type=int, default=6)
    ap.add_argument("--look", choices=("full", "border"), default="full",
                    help="faces in full colour, or cream with a coloured frame and numeral")
    ap.add_argument("--glare", action="store_true", help="laminated tiles: some catch the lamp")
    ap.add_argument("--enrolment", type=int, default=0,
                    help="enrol again (another hand, other shots) and read the same frames")
    ap.add_argument("--single", nargs="?", const="middle", choices=("middle", "places"),
                    help="enrol from one photo per piece: alone near the middle, no places given "
                         "(default), or alone at the place the shots would give it, with its place")
    ap.add_argument("--out", default=os.environ.get("THIRD_TILES_OUT", "/tmp/third-tiles"))
    args = ap.parse_args(argv)
    global LOOK, GLARE, SINGLE, ENROLMENT
    LOOK, GLARE, SINGLE, ENROLMENT = args.look, args.glare, args.single, args.enrolment
    print(f"{'seed':>6} {'pieces':>6} {'right':>5} {'asked':>5} {'MISREAD':>7} {'missing':>7} {'phantom':>7} {'angle>15':>8}")
    for seed in args.seed:
        s = run(seed, args.frames, args.out)
        if s is None:
            continue
        print(f"{seed:>6} {s['pieces']:>6} {s['right']:>5} {s['asked']:>5} {s['misread']:>7} {s['missing']:>7} "
              f"{s['phantom']:>7} {s['angle_off']:>8}")
        if s["asked_list"]:
            print("    asked:", " ".join(s["asked_list"]))
        for c in s["cases"]:
            t, r = c["truth"], c["reading"]
            print(f"    {c['kind']}: {t and t['label']} -> {r and r['label']} at "
                  f"{(t and (round(t['x']), round(t['y']))) or (r and (round(r['x_mm']), round(r['y_mm'])))} {c['crop']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
