"""A third printing of Domino Dynasty's dominoes, read only through the command line.

Drawn from what a player has (the printed mat, docs/vision.md's user sections, the rulebook and
the catalog), not from the readers or our renderers: its own terrain shades and textures, its own
pictograms, roads with kerbs, capitals bigger with castle marks on all four sides, and a camera
with tilt, barrel distortion, a warm lamp, soft shadows, noise, blur and JPEG.

    python tests/vision/third_dominoes.py --seed S --frames N [--out DIR]

enrols the printing with `paradox-table vision enroll`, reads game-like frames with
`paradox-table vision recognize` and counts per half: read right, asked (unknown), MISREAD
(a wrong label or wrong square), not found; and phantoms (a reading where no half lies).
Every misread and not-found case is saved (frame, crop, truth, reading) under --out.
A check to run by hand, not part of `make test`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "companion" / "catalog" / "dynasty" / "components.json"

HALF = 19.0          # mm, the catalog's print.half_mm
PX = 6.0             # px per mm of the flat mat before the camera sees it
FRAME = (2592, 1944)  # the docs: the Dynasty camera is 5 MP
ROLE_ICONS = ("warfare", "money", "infrastructure", "housing", "goods")
SIDES = "NESW"

# Terrain looks of this printing (BGR 0-255): plausible, not the shades of the other printings.
TERRAINS = {
    "lava": dict(base=(38, 66, 178), dark=(20, 30, 105), tex="cracks"),
    "desert": dict(base=(118, 196, 232), dark=(70, 150, 200), tex="speckle"),
    "stone": dict(base=(180, 184, 188), dark=(130, 134, 140), tex="cobble"),
    "plains": dict(base=(196, 150, 96), dark=(160, 112, 66), tex="hatch"),
    "grass": dict(base=(72, 158, 96), dark=(40, 110, 58), tex="grain"),
}
ROAD = (88, 104, 122)       # a warm slate-brown strip
KERB = (238, 240, 242)      # pale kerb lines on both flanks
ROAD_W = 0.24               # of the half
# Differences that can be switched off one at a time, to see which of them a failure follows.
PLAIN = set()               # any of: texture, kerbs, castles, lamp, shadow, badges
BARREL = [35.0]             # the lens: at most this many px of barrel at the frame's corners

# Icons: (shape, colour BGR, badge (fill, ring) or None)
ICONS = {
    "person": ("person", (40, 40, 40), ((235, 235, 235), (60, 60, 60))),
    "neutral": ("crown", (250, 250, 250), None),
    "magician": ("star", (150, 40, 130), ((220, 235, 245), (150, 40, 130))),
    "knife": ("knife", (60, 60, 70), None),
    "thief": ("mask", (30, 30, 30), ((120, 210, 240), (30, 30, 30))),
    "hole": ("hole", (15, 15, 15), None),
    "wildcard": ("diamond", (200, 60, 200), ((245, 245, 245), (120, 30, 120))),
    "corrupter": ("skull", (40, 90, 40), ((200, 240, 200), (30, 70, 30))),
    "veto": ("veto", (30, 30, 210), None),
    "allin": ("coins", (30, 170, 220), ((60, 60, 60), (30, 170, 220))),
    "selfish": ("heart", (90, 40, 220), None),
    "calculator": ("calc", (70, 50, 30), ((230, 230, 210), (70, 50, 30))),
    "area_spell": ("rings", (210, 120, 30), None),
    "people_pleaser": ("smile", (20, 200, 240), ((40, 40, 40), (20, 200, 240))),
    "bomb": ("bomb", (25, 25, 25), ((250, 250, 250), (25, 25, 25))),
    "village": ("village", (40, 80, 150), None),
    "sniper": ("crosshair", (20, 20, 160), ((240, 240, 240), (20, 20, 160))),
    "aeronaut": ("balloon", (60, 60, 230), None),
    "builder": ("hammer", (40, 70, 110), ((160, 230, 250), (40, 70, 110))),
    "warfare": ("swords", (30, 30, 150), ((220, 220, 220), (30, 30, 150))),
    "money": ("coin", (20, 160, 210), None),
    "infrastructure": ("bridge", (70, 70, 70), ((250, 250, 250), (70, 70, 70))),
    "housing": ("house", (160, 70, 30), ((235, 240, 250), (160, 70, 30))),
    "goods": ("sack", (40, 110, 150), None),
}


def catalog():
    data = json.loads(CATALOG.read_text())
    icons = list(data["icons"]) + list(ROLE_ICONS)
    capitals = {k for k, v in data["icons"].items() if v.get("capital")} | set(ROLE_ICONS)
    return list(data["terrains"]), icons, capitals


TERRAIN_NAMES, ICON_NAMES, CAPITALS = catalog()


# ---------------------------------------------------------------- drawing one half

def _texture(rng, s, name):
    t = TERRAINS[name]
    img = np.empty((s, s, 3), np.float32)
    img[:] = t["base"]
    base = np.array(t["base"], np.float32)
    dark = np.array(t["dark"], np.float32)
    tex = t["tex"]
    if tex == "speckle":
        n = int(s * s * 0.012)
        for _ in range(n):
            x, y = rng.integers(0, s, 2)
            cv2.circle(img, (int(x), int(y)), int(rng.integers(1, 3)), tuple(float(c) for c in dark), -1)
    elif tex == "cracks":
        for _ in range(7):
            x, y = rng.uniform(0, s, 2)
            a = rng.uniform(0, 2 * math.pi)
            for _ in range(6):
                a += rng.uniform(-0.7, 0.7)
                nx, ny = x + math.cos(a) * s * 0.08, y + math.sin(a) * s * 0.08
                cv2.line(img, (int(x), int(y)), (int(nx), int(ny)), tuple(float(c) for c in dark),
                         max(1, s // 90), cv2.LINE_AA)
                x, y = nx, ny
    elif tex == "cobble":
        step = s / 5
        for j in range(6):
            for i in range(6):
                off = step / 2 if j % 2 else 0
                cx, cy = i * step + off + rng.uniform(-2, 2), j * step + rng.uniform(-2, 2)
                cv2.ellipse(img, (int(cx), int(cy)), (int(step * 0.42), int(step * 0.36)), 0, 0, 360,
                            tuple(float(c) for c in dark), max(1, s // 110), cv2.LINE_AA)
    elif tex == "hatch":
        gap = max(4, s // 14)
        for k in range(-s, s, gap):
            cv2.line(img, (k, s), (k + s, 0), tuple(float(c) for c in (base * 0.5 + dark * 0.5)),
                     max(1, s // 120), cv2.LINE_AA)
    elif tex == "grain":
        for _ in range(60):
            x, y = rng.uniform(0, s, 2)
            a = rng.uniform(-0.4, 0.4) - math.pi / 2
            L = rng.uniform(0.04, 0.09) * s
            cv2.line(img, (int(x), int(y)), (int(x + math.cos(a) * L), int(y + math.sin(a) * L)),
                     tuple(float(c) for c in dark), max(1, s // 120), cv2.LINE_AA)
    if "texture" in PLAIN:
        img[:] = t["base"]
    img += rng.normal(0, 4, img.shape).astype(np.float32)
    return img


def _road(img, s, side):
    """A strip from the half's middle to one edge, kerb lines on both flanks."""
    c = s / 2
    w = ROAD_W * s / 2
    k = max(1, int(s * 0.02))
    if side == "N":
        box = (c - w, 0, c + w, c + w)
    elif side == "S":
        box = (c - w, c - w, c + w, s)
    elif side == "E":
        box = (c - w, c - w, s, c + w)
    else:
        box = (0, c - w, c + w, c + w)
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    cv2.rectangle(img, (x0, y0), (x1, y1), ROAD, -1)
    if "kerbs" in PLAIN:
        return
    if side in "NS":
        cv2.line(img, (x0, y0), (x0, y1), KERB, k)
        cv2.line(img, (x1, y0), (x1, y1), KERB, k)
    else:
        cv2.line(img, (x0, y0), (x1, y0), KERB, k)
        cv2.line(img, (x0, y1), (x1, y1), KERB, k)


def _poly(img, pts, colour, c, r):
    p = np.array([(c + x * r, c + y * r) for x, y in pts], np.int32)
    cv2.fillPoly(img, [p], colour, cv2.LINE_AA)


def _glyph(img, shape, colour, c, r, ground):
    """Pictogram of radius r round (c, c); `ground` paints holes in it."""
    ci = int(c)
    col = tuple(float(v) for v in colour)
    gnd = tuple(float(v) for v in ground)
    R = lambda f: max(1, int(r * f))
    P = lambda x, y: (int(c + x * r), int(c + y * r))
    if shape == "person":
        cv2.circle(img, P(0, -0.45), R(0.28), col, -1, cv2.LINE_AA)
        _poly(img, [(-0.5, 0.75), (0.5, 0.75), (0.3, -0.1), (-0.3, -0.1)], col, c, r)
    elif shape == "crown":
        _poly(img, [(-0.75, 0.5), (0.75, 0.5), (0.8, -0.5), (0.4, 0.0), (0, -0.7), (-0.4, 0.0),
                    (-0.8, -0.5)], col, c, r)
    elif shape == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = 0.8 if i % 2 == 0 else 0.35
            pts.append((math.cos(a) * rr, math.sin(a) * rr))
        _poly(img, pts, col, c, r)
    elif shape == "knife":
        _poly(img, [(-0.15, -0.85), (0.15, -0.6), (0.12, 0.25), (-0.12, 0.25)], col, c, r)
        cv2.rectangle(img, P(-0.35, 0.25), P(0.35, 0.35), col, -1)
        cv2.rectangle(img, P(-0.1, 0.35), P(0.1, 0.85), (30, 60, 110), -1)
    elif shape == "mask":
        cv2.ellipse(img, P(0, 0), (R(0.8), R(0.42)), 0, 0, 360, col, -1, cv2.LINE_AA)
        cv2.ellipse(img, P(-0.35, 0), (R(0.2), R(0.14)), 0, 0, 360, gnd, -1, cv2.LINE_AA)
        cv2.ellipse(img, P(0.35, 0), (R(0.2), R(0.14)), 0, 0, 360, gnd, -1, cv2.LINE_AA)
    elif shape == "hole":
        cv2.circle(img, P(0, 0), R(0.7), col, -1, cv2.LINE_AA)
        cv2.circle(img, P(0, 0), R(0.7), (90, 90, 90), R(0.1), cv2.LINE_AA)
    elif shape == "diamond":
        _poly(img, [(0, -0.85), (0.6, 0), (0, 0.85), (-0.6, 0)], col, c, r)
        _poly(img, [(0, -0.4), (0.28, 0), (0, 0.4), (-0.28, 0)], gnd, c, r)
    elif shape == "skull":
        cv2.circle(img, P(0, -0.15), R(0.6), col, -1, cv2.LINE_AA)
        cv2.rectangle(img, P(-0.35, 0.2), P(0.35, 0.7), col, -1)
        cv2.circle(img, P(-0.25, -0.2), R(0.16), gnd, -1, cv2.LINE_AA)
        cv2.circle(img, P(0.25, -0.2), R(0.16), gnd, -1, cv2.LINE_AA)
    elif shape == "veto":
        cv2.circle(img, P(0, 0), R(0.7), col, R(0.18), cv2.LINE_AA)
        cv2.line(img, P(-0.5, -0.5), P(0.5, 0.5), col, R(0.18), cv2.LINE_AA)
    elif shape == "coins":
        for k, dy in enumerate((0.45, 0.1, -0.25)):
            cv2.ellipse(img, P(0, dy), (R(0.6), R(0.25)), 0, 0, 360, col, -1, cv2.LINE_AA)
            cv2.ellipse(img, P(0, dy), (R(0.6), R(0.25)), 0, 0, 360, (20, 90, 140), R(0.06), cv2.LINE_AA)
    elif shape == "heart":
        cv2.circle(img, P(-0.3, -0.25), R(0.35), col, -1, cv2.LINE_AA)
        cv2.circle(img, P(0.3, -0.25), R(0.35), col, -1, cv2.LINE_AA)
        _poly(img, [(-0.63, -0.12), (0.63, -0.12), (0, 0.75)], col, c, r)
    elif shape == "calc":
        cv2.rectangle(img, P(-0.5, -0.75), P(0.5, 0.75), col, -1)
        cv2.rectangle(img, P(-0.35, -0.6), P(0.35, -0.25), gnd, -1)
        for i in range(3):
            for j in range(3):
                cv2.circle(img, P(-0.25 + 0.25 * i, 0.0 + 0.22 * j), R(0.07), gnd, -1)
    elif shape == "rings":
        for f in (0.75, 0.45, 0.15):
            cv2.circle(img, P(0, 0), R(f), col, R(0.12), cv2.LINE_AA)
    elif shape == "smile":
        cv2.circle(img, P(0, 0), R(0.72), col, -1, cv2.LINE_AA)
        cv2.circle(img, P(-0.25, -0.2), R(0.1), gnd, -1)
        cv2.circle(img, P(0.25, -0.2), R(0.1), gnd, -1)
        cv2.ellipse(img, P(0, 0.1), (R(0.4), R(0.3)), 0, 20, 160, gnd, R(0.09), cv2.LINE_AA)
    elif shape == "bomb":
        cv2.circle(img, P(-0.1, 0.15), R(0.6), col, -1, cv2.LINE_AA)
        cv2.line(img, P(0.3, -0.3), P(0.6, -0.7), col, R(0.1), cv2.LINE_AA)
        cv2.circle(img, P(0.65, -0.75), R(0.13), (0, 140, 255), -1, cv2.LINE_AA)
    elif shape == "village":
        for dx, dy in ((-0.45, 0.15), (0.45, 0.15), (0, -0.3)):
            _poly(img, [(dx - 0.28, dy + 0.45), (dx + 0.28, dy + 0.45), (dx + 0.28, dy + 0.05),
                        (dx, dy - 0.22), (dx - 0.28, dy + 0.05)], col, c, r)
    elif shape == "crosshair":
        cv2.circle(img, P(0, 0), R(0.55), col, R(0.1), cv2.LINE_AA)
        cv2.line(img, P(0, -0.85), P(0, 0.85), col, R(0.09), cv2.LINE_AA)
        cv2.line(img, P(-0.85, 0), P(0.85, 0), col, R(0.09), cv2.LINE_AA)
    elif shape == "balloon":
        cv2.circle(img, P(0, -0.25), R(0.55), col, -1, cv2.LINE_AA)
        _poly(img, [(-0.35, 0.15), (0.35, 0.15), (0.12, 0.45), (-0.12, 0.45)], col, c, r)
        cv2.rectangle(img, P(-0.15, 0.6), P(0.15, 0.85), (40, 70, 110), -1)
    elif shape == "hammer":
        cv2.rectangle(img, P(-0.6, -0.75), P(0.6, -0.35), col, -1)
        cv2.rectangle(img, P(-0.12, -0.35), P(0.12, 0.85), col, -1)
    elif shape == "swords":
        for s_ in (1, -1):
            cv2.line(img, P(-0.7 * s_, -0.7), P(0.55 * s_, 0.55), col, R(0.14), cv2.LINE_AA)
            cv2.line(img, P(0.35 * s_, 0.75), P(0.75 * s_, 0.35), col, R(0.12), cv2.LINE_AA)
    elif shape == "coin":
        cv2.circle(img, P(0, 0), R(0.72), col, -1, cv2.LINE_AA)
        cv2.circle(img, P(0, 0), R(0.72), (20, 100, 150), R(0.08), cv2.LINE_AA)
        cv2.rectangle(img, P(-0.2, -0.2), P(0.2, 0.2), gnd, -1)
    elif shape == "bridge":
        cv2.rectangle(img, P(-0.8, -0.3), P(0.8, -0.12), col, -1)
        cv2.ellipse(img, P(0, 0.55), (R(0.55), R(0.6)), 0, 180, 360, col, R(0.16), cv2.LINE_AA)
        cv2.rectangle(img, P(-0.75, -0.12), P(-0.55, 0.6), col, -1)
        cv2.rectangle(img, P(0.55, -0.12), P(0.75, 0.6), col, -1)
    elif shape == "house":
        _poly(img, [(-0.6, 0.7), (0.6, 0.7), (0.6, -0.05), (0, -0.7), (-0.6, -0.05)], col, c, r)
        cv2.rectangle(img, P(-0.15, 0.25), P(0.15, 0.7), gnd, -1)
    elif shape == "sack":
        cv2.circle(img, P(0, 0.2), R(0.55), col, -1, cv2.LINE_AA)
        _poly(img, [(-0.2, -0.35), (0.2, -0.35), (0.35, -0.7), (-0.35, -0.7)], col, c, r)
        cv2.line(img, P(-0.25, -0.38), P(0.25, -0.38), (20, 40, 60), R(0.08))
    else:
        raise ValueError(shape)


def _castles(img, s, colour):
    """Capital: a small battlement on each of the four sides of its icon (the rulebook's castle
    icons), not a strip to the edge."""
    c = s / 2
    col = tuple(float(v) for v in colour)
    for ang in (0, 90, 180, 270):
        a = math.radians(ang)
        d = 0.40 * s
        cx, cy = c + math.cos(a) * d, c + math.sin(a) * d
        w, h = 0.075 * s, 0.05 * s
        # a tiny tower: a block with two merlons, upright in the half's frame
        cv2.rectangle(img, (int(cx - w), int(cy - h * 0.2)), (int(cx + w), int(cy + h)), col, -1)
        cv2.rectangle(img, (int(cx - w), int(cy - h)), (int(cx - w * 0.35), int(cy)), col, -1)
        cv2.rectangle(img, (int(cx + w * 0.35), int(cy - h)), (int(cx + w), int(cy)), col, -1)


def draw_half(rng, s, terrain, icon, sides):
    """One half in the half's own frame (N up), s x s px, BGR float32."""
    img = _texture(rng, s, terrain)
    for side in sides:
        _road(img, s, side)
    if icon:
        shape, colour, badge = ICONS[icon]
        cap = icon in CAPITALS
        r = s * (0.34 if cap else 0.27)
        ground = np.array(TERRAINS[terrain]["base"], np.float32)
        if badge is not None and "badges" not in PLAIN:
            fill, ring = badge
            cv2.circle(img, (int(s / 2), int(s / 2)), int(r * 1.05), tuple(float(v) for v in fill), -1,
                       cv2.LINE_AA)
            cv2.circle(img, (int(s / 2), int(s / 2)), int(r * 1.05), tuple(float(v) for v in ring),
                       max(2, int(s * 0.03)), cv2.LINE_AA)
            ground = np.array(fill, np.float32)
            _glyph(img, shape, colour, s / 2, r * 0.75, ground)
        else:
            _glyph(img, shape, colour, s / 2, r, ground)
        if cap and "castles" not in PLAIN:
            _castles(img, s, (40, 40, 40) if terrain != "lava" else (230, 230, 230))
    return img


def rotate_sides(sides, quarter_turns):
    """Sides of a half turned clockwise by quarter turns."""
    return "".join(sorted((SIDES[(SIDES.index(x) + quarter_turns) % 4] for x in sides),
                          key=SIDES.index))


# ---------------------------------------------------------------- a domino and the table

class Domino:
    """Two halves; `halves` in the domino's own frame, west half first, lying west-east."""

    def __init__(self, halves, cx, cy, turns, jitter_deg=0.0):
        self.halves = halves          # [(terrain, icon or None, sides in own frame)] x 2
        self.cx, self.cy = cx, cy     # mm, the domino's centre on the mat
        self.turns = turns            # quarter turns clockwise: 0 west-east, 1 north-south...
        self.jitter = jitter_deg

    def half_places(self):
        """Each half's centre on the mat (mm) and its label in mat directions."""
        out = []
        a = self.turns * math.pi / 2 + math.radians(self.jitter)
        for k, (t, icon, sides) in enumerate(self.halves):
            dx = (-HALF / 2 if k == 0 else HALF / 2)
            x = self.cx + dx * math.cos(a)
            y = self.cy + dx * math.sin(a)
            out.append((x, y, half_label(t, icon, rotate_sides(sides, self.turns))))
        return out


def half_label(terrain, icon, sides):
    return f"{terrain}/{icon or ''}/{sides}"


def render_domino(rng, d, px):
    s = int(round(HALF * px * 2))   # draw at twice the mat's resolution
    body = np.concatenate([draw_half(rng, s, *h) for h in d.halves], axis=1)
    cv2.line(body, (s, 0), (s, s), (60, 60, 60), max(1, s // 80))     # the cut between halves
    body = cv2.resize(body, (int(round(HALF * px * 2)), int(round(HALF * px))), interpolation=cv2.INTER_AREA)
    return body


class Table:
    def __init__(self, mat_png, layout):
        self.layout = layout
        mat = cv2.imread(str(mat_png))
        w, h = layout["size_mm"]
        self.mat = cv2.resize(mat, (int(w * PX), int(h * PX)), interpolation=cv2.INTER_AREA).astype(np.float32)

    def compose(self, rng, dominoes, shadow_dir):
        canvas = self.mat.copy()
        H, W = canvas.shape[:2]
        foot = np.zeros((H, W), np.float32)
        layers = []
        for d in dominoes:
            tex = render_domino(rng, d, PX)
            th, tw = tex.shape[:2]
            ang = d.turns * 90 + d.jitter
            # warp into a window round the piece only (the whole mat per piece is slow)
            r = int(tw * 0.6) + 4
            x0, y0 = max(0, int(d.cx * PX) - r), max(0, int(d.cy * PX) - r)
            x1, y1 = min(W, int(d.cx * PX) + r), min(H, int(d.cy * PX) + r)
            M = cv2.getRotationMatrix2D((tw / 2, th / 2), -ang, 1.0)
            M[0, 2] += d.cx * PX - tw / 2 - x0
            M[1, 2] += d.cy * PX - th / 2 - y0
            img = cv2.warpAffine(tex, M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
            alpha = cv2.warpAffine(np.ones((th, tw), np.float32), M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
            layers.append(((y0, y1, x0, x1), img, alpha))
            foot[y0:y1, x0:x1] = np.maximum(foot[y0:y1, x0:x1], alpha)
        # soft shadow: the pieces are card a few mm thick, lit from one side
        sx, sy = shadow_dir
        Ms = np.float32([[1, 0, sx * PX], [0, 1, sy * PX]])
        sh = cv2.warpAffine(foot, Ms, (W, H))
        sh = cv2.GaussianBlur(sh, (0, 0), 1.6 * PX)
        if "shadow" not in PLAIN:
            canvas *= (1 - 0.42 * sh)[..., None]
        for (y0, y1, x0, x1), img, alpha in layers:
            win = canvas[y0:y1, x0:x1]
            canvas[y0:y1, x0:x1] = win * (1 - alpha[..., None]) + img * alpha[..., None]
        # the card's cut edge: a thin darker rim
        rim = cv2.morphologyEx((foot > 0.5).astype(np.uint8), cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
        canvas[rim > 0] *= 0.65
        return canvas


def camera_setup(rng):
    """A table's camera and lamp: tilt up to 12 degrees, barrel distortion, a warm lamp."""
    tilt = math.radians(rng.uniform(3, 12))
    axis = rng.uniform(0, 2 * math.pi)
    return dict(rvec=np.array([math.cos(axis) * tilt, math.sin(axis) * tilt, math.radians(rng.uniform(-3, 3))]),
                fill=rng.uniform(0.84, 0.92), shift=rng.uniform(-30, 30, 2),
                # k1 on radii in half-widths: the frame's corner (r 1.25) moves k1 * 1.95 * W/2
                k1=rng.uniform(0.4, 1.0) * BARREL[0] / (1.25 ** 3 * FRAME[0] / 2),
                lamp=(rng.uniform(0.2, 0.8), rng.uniform(0.1, 0.5)), gain=rng.uniform(0.95, 1.1),
                falloff=rng.uniform(0.25, 0.45), warm=(rng.uniform(0.74, 0.84), rng.uniform(0.9, 0.96)),
                blur=rng.uniform(0.7, 1.2))


def camera(rng, canvas, layout, size=FRAME, with_map=False, setup=None):
    """The flat mat seen by a tilted camera with barrel distortion, a warm lamp, noise, blur
    (`setup`: the table's camera and lamp; None draws a new one for this frame)."""
    W, H = size
    mw, mh = layout["size_mm"]
    cs = setup if setup is not None else camera_setup(rng)
    rvec = cs["rvec"]
    R, _ = cv2.Rodrigues(rvec)
    corners = np.array([[0, 0, 0], [mw, 0, 0], [mw, mh, 0], [0, mh, 0]], np.float64) - [mw / 2, mh / 2, 0]
    dist = 900.0
    cam = (R @ corners.T).T + [0, 0, dist]
    proj = cam[:, :2] / cam[:, 2:3]
    # fit the projected mat into the frame with a margin
    fill = cs["fill"]
    span = proj.max(0) - proj.min(0)
    f = min(W * fill / span[0], H * fill / span[1])
    img_pts = (proj - proj.mean(0)) * f + [W / 2 + cs["shift"][0], H / 2 + cs["shift"][1]]
    src = np.array([[0, 0], [mw, 0], [mw, mh], [0, mh]], np.float32) * PX
    Hm = cv2.getPerspectiveTransform(src, img_pts.astype(np.float32))
    Hinv = np.linalg.inv(Hm)
    # barrel distortion: a frame pixel shows what an ideal lens shows further out
    k1 = cs["k1"]
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    nx, ny = (xs - W / 2) / (W / 2), (ys - H / 2) / (W / 2)
    r2 = nx * nx + ny * ny
    fac = 1 + k1 * r2
    ux, uy = nx * fac * (W / 2) + W / 2, ny * fac * (W / 2) + H / 2
    den = Hinv[2, 0] * ux + Hinv[2, 1] * uy + Hinv[2, 2]
    mx = ((Hinv[0, 0] * ux + Hinv[0, 1] * uy + Hinv[0, 2]) / den).astype(np.float32)
    my = ((Hinv[1, 0] * ux + Hinv[1, 1] * uy + Hinv[1, 2]) / den).astype(np.float32)
    del ux, uy, den, xs, ys
    table = (95, 110, 125)   # a wooden table round the mat
    frame = cv2.remap(canvas, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=table)
    # warm lamp off to one side with fall-off
    lx, ly = cs["lamp"][0] * W, cs["lamp"][1] * H
    d2 = ((np.arange(W)[None, :] - lx) ** 2 + (np.arange(H)[:, None] - ly) ** 2) / (W * W)
    gain = (cs["gain"] - cs["falloff"] * d2).astype(np.float32)
    warm = np.array([cs["warm"][0], cs["warm"][1], 1.0], np.float32)
    if "lamp" not in PLAIN:
        frame = frame * gain[..., None] * warm
    frame = cv2.GaussianBlur(frame, (0, 0), cs["blur"] * rng.uniform(0.9, 1.1))
    noise = rng.normal(0, 1, frame.shape).astype(np.float32)
    frame = frame + noise * (2.5 + 0.25 * np.sqrt(np.clip(frame, 0, None)))
    frame = np.clip(frame, 0, 255).astype(np.uint8)
    if not with_map:
        return frame

    def to_img(x_mm, y_mm):
        """Where a mat point lands in the frame (ideal lens, then the barrel pushed in)."""
        p = Hm @ np.array([x_mm * PX, y_mm * PX, 1.0])
        ux, uy = p[0] / p[2], p[1] / p[2]
        nx_, ny_ = (ux - W / 2) / (W / 2), (uy - H / 2) / (W / 2)
        for _ in range(5):   # invert r_u = r_d (1 + k1 r_d^2) by fixed point
            rd2 = nx_ * nx_ + ny_ * ny_
            nx_ = (ux - W / 2) / (W / 2) / (1 + k1 * rd2)
            ny_ = (uy - H / 2) / (W / 2) / (1 + k1 * rd2)
        return int(nx_ * W / 2 + W / 2), int(ny_ * W / 2 + H / 2)

    return frame, to_img


def save_jpeg(path, frame, rng):
    q = int(rng.integers(80, 93))
    cv2.imwrite(str(path), frame, [cv2.IMWRITE_JPEG_QUALITY, q])


# ---------------------------------------------------------------- where squares lie

MAPS = ("personal-0", "shared", "personal-1", "personal-2", "personal-3", "personal-4")
MARKETS = ("market-a", "market-b")


def grid_origin(zone, cols, rows):
    """Top-left of an area's squares: the grid centred in its zone (the mat prints no lines)."""
    return (zone["x"] + (zone["w"] - cols * HALF) / 2, zone["y"] + (zone["h"] - rows * HALF) / 2)


def square_centre(layout, area, row, col):
    z = layout["zones"][area]
    cols, rows = (8, 8) if area in MAPS else (8, 2)
    ox, oy = grid_origin(z, cols, rows)
    return ox + (col + 0.5) * HALF, oy + (row + 0.5) * HALF


# ---------------------------------------------------------------- the pieces of a print

def random_sides(rng):
    shape = rng.choice(["E", "EW", "ES", "ESW", "NESW"], p=[0.15, 0.25, 0.25, 0.2, 0.15])
    return rotate_sides(shape, int(rng.integers(0, 4)))


def random_half(rng, icon_odds=0.55):
    t = TERRAIN_NAMES[int(rng.integers(len(TERRAIN_NAMES)))]
    icon = None
    if rng.random() < icon_odds:
        icon = ICON_NAMES[int(rng.integers(len(ICON_NAMES)))]
    return (t, icon, random_sides(rng))


def random_domino_halves(rng):
    a, b = random_half(rng), random_half(rng)
    if a[1] in CAPITALS and b[1] in CAPITALS:   # no two capitals on one domino
        b = (b[0], None, b[2])
    return [a, b]


def tray_centre(layout):
    z = layout["zones"]["tray"]
    return z["x"] + z["w"] / 2, z["y"] + z["h"] / 2


def enrolment(rng, table, layout, out_dir, setup=None):
    """One photo per terrain (west half a crossroads, east half plain) and per icon (on the
    west half, no roads), each domino alone in the tray lying west-east; then the manifest."""
    out_dir.mkdir(parents=True, exist_ok=True)
    cx, cy = tray_centre(layout)
    entries = []
    shots = [(f"terrain-{t}", [(t, None, "NESW"), (t, None, "")]) for t in TERRAIN_NAMES]
    for icon in ICON_NAMES:
        t = TERRAIN_NAMES[int(rng.integers(len(TERRAIN_NAMES)))]
        east = (TERRAIN_NAMES[int(rng.integers(len(TERRAIN_NAMES)))], None, random_sides(rng))
        shots.append((f"icon-{icon}", [(t, icon, ""), east]))
    for label, halves in shots:
        d = Domino(halves, cx + rng.uniform(-0.8, 0.8), cy + rng.uniform(-0.8, 0.8), 0,
                   rng.uniform(-1.5, 1.5))
        canvas = table.compose(rng, [d], shadow_dir=(rng.uniform(0.6, 1.4), rng.uniform(0.6, 1.4)))
        frame = camera(rng, canvas, layout, setup=setup)
        name = label.split("-", 1)[1] + ".jpg"
        save_jpeg(out_dir / name, frame, rng)
        entries.append({"image": name, "label": label})
    (out_dir / "manifest.json").write_text(json.dumps(entries, indent=1))
    return out_dir / "manifest.json"


def game_layout(rng, layout):
    """Dominoes on the maps' squares in any of four turns, some maps full, some sparse, a few
    bare squares between; and some market places filled west-east."""
    dominoes = []
    truth = {}     # (area, row, col) -> label
    for area in MAPS:
        fill = rng.choice([0.15, 0.4, 0.7, 0.95])
        used = np.zeros((8, 8), bool)
        cells = [(r, c) for r in range(8) for c in range(8)]
        rng.shuffle(cells)
        for r, c in cells:
            if used[r, c] or rng.random() > fill:
                continue
            turns = int(rng.integers(0, 4))
            dr, dc = [(0, 1), (1, 0), (0, -1), (-1, 0)][turns]
            r2, c2 = r + dr, c + dc
            if not (0 <= r2 < 8 and 0 <= c2 < 8) or used[r2, c2]:
                continue
            used[r, c] = used[r2, c2] = True
            x1, y1 = square_centre(layout, area, r, c)
            x2, y2 = square_centre(layout, area, r2, c2)
            d = Domino(random_domino_halves(rng), (x1 + x2) / 2 + rng.uniform(-0.7, 0.7),
                       (y1 + y2) / 2 + rng.uniform(-0.7, 0.7), turns, rng.uniform(-2, 2))
            dominoes.append(d)
            for (r_, c_), (_, _, lab) in zip(((r, c), (r2, c2)), d.half_places()):
                truth[(area, r_, c_)] = lab
    for area in MARKETS:
        for place in range(8):
            if rng.random() > 0.6:
                continue
            row, col = divmod(place, 4)
            x1, y1 = square_centre(layout, area, row, 2 * col)
            x2, y2 = square_centre(layout, area, row, 2 * col + 1)
            d = Domino(random_domino_halves(rng), (x1 + x2) / 2 + rng.uniform(-0.7, 0.7),
                       (y1 + y2) / 2 + rng.uniform(-0.7, 0.7), 0, rng.uniform(-2, 2))
            dominoes.append(d)
            for c_, (_, _, lab) in zip((2 * col, 2 * col + 1), d.half_places()):
                truth[(area, row, c_)] = lab
    return dominoes, truth


# ---------------------------------------------------------------- the command line

def run_cli(args, cwd=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    exe = Path(sys.executable).parent / "paradox-table"
    if not exe.exists():
        exe = Path(shutil.which("paradox-table") or "/work/main/.venv/bin/paradox-table")
    cmd = ["nice", "-n", "19", str(exe)] + args
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


# ---------------------------------------------------------------- counting

def key(cell):
    return f"{cell[0]}|{cell[1]}|{cell[2]}"


def score(truth, reading):
    """Per half: right, asked, misread (wrong label, or read in a square another half lies
    on... a wrong square is a misread too), missed; and phantoms where no half lies."""
    got = {key(t["cell"]): t for t in reading.get("tiles", []) if t.get("cell")}
    out = {"halves": len(truth), "right": 0, "asked": 0, "misread": 0, "missed": 0, "phantom": 0}
    cases = []
    for k, lab in truth.items():
        t = got.get(k)
        if t is None:
            out["missed"] += 1
            cases.append(("missed", k, lab, None))
        elif t["label"] == "unknown":
            out["asked"] += 1
            cases.append(("asked", k, lab, t))
        elif t["label"] == lab:
            out["right"] += 1
        else:
            out["misread"] += 1
            cases.append(("misread", k, lab, t))
    for k, t in got.items():
        if k not in truth:
            out["phantom"] += 1
            cases.append(("phantom", k, None, t))
    return out, cases


def save_case(out_dir, frame_path, kind, k, lab, t, layout, mat_to_img):
    """The frame (linked) and a crop round the square, with truth and reading."""
    area, r, c = k.split("|")
    x, y = square_centre(layout, area, int(r), int(c))
    frame = cv2.imread(str(frame_path))
    px, py = mat_to_img(x, y)
    h = 70
    crop = frame[max(0, py - h):py + h, max(0, px - h):px + h]
    stem = f"{Path(frame_path).parent.name}-{Path(frame_path).stem}-{kind}-{area}-{r}-{c}"
    cv2.imwrite(str(out_dir / f"{stem}.png"), cv2.resize(crop, None, fx=2, fy=2, interpolation=cv2.INTER_NEAREST))
    (out_dir / f"{stem}.json").write_text(json.dumps({"frame": str(frame_path), "cell": k, "truth": lab,
                                                      "reading": t}))


def run_seed(seed, frames, out_root, mat_dir, moving=False):
    layout = json.loads((mat_dir / "m.json").read_text())
    table = Table(mat_dir / "m.png", layout)
    rng = np.random.default_rng(seed)
    out = out_root / f"seed-{seed}"
    out.mkdir(parents=True, exist_ok=True)
    setup = None if moving else camera_setup(rng)
    manifest = enrolment(rng, table, layout, out / "enrol", setup)
    profile = out / "profile.npz"
    rc, so, se = run_cli(["vision", "enroll", "--game", "dynasty", "--manifest", str(manifest),
                          "--out", str(profile), "--mat", str(mat_dir / "m.json")])
    (out / "enroll.txt").write_text(f"rc={rc}\n{so}\n{se}")
    print(f"seed {seed}: enroll rc={rc}; {se.strip()}", flush=True)
    if rc != 0:
        return None
    truths, paths, homs = {}, [], {}
    for i in range(frames):
        doms, truth = game_layout(rng, layout)
        canvas = table.compose(rng, doms, (rng.uniform(0.6, 1.6), rng.uniform(0.6, 1.6)))
        frame, to_img = camera(rng, canvas, layout, with_map=True, setup=setup)
        path = out / f"frame{i}.jpg"
        save_jpeg(path, frame, rng)
        (out / f"frame{i}.truth.json").write_text(json.dumps({key(k): v for k, v in truth.items()}))
        truths[path.name] = {key(k): v for k, v in truth.items()}
        homs[path.name] = to_img
        paths.append(path)
    rc, so, se = run_cli(["vision", "recognize", "--game", "dynasty", "--profile", str(profile),
                          "--mat", str(mat_dir / "m.json")] + [str(p) for p in paths])
    (out / "recognize.jsonl").write_text(so)
    (out / "recognize.stderr").write_text(se)
    total = {}
    kinds = {}
    cases_dir = out_root / "cases"
    cases_dir.mkdir(exist_ok=True)
    for line in so.splitlines():
        reading = json.loads(line)
        name = Path(reading["image"]).name
        s, cases = score(truths[name], reading)
        for k, v in s.items():
            total[k] = total.get(k, 0) + v
        for kind, k, lab, t in cases:
            icon = (lab or "//").split("/")[1]
            what = "capital" if icon in CAPITALS else ("icon" if icon else "no icon")
            kinds[(kind, what if lab else k.split("|")[0])] = kinds.get((kind, what if lab else k.split("|")[0]), 0) + 1
            if kind == "missed":
                kinds[("missed in", k.split("|")[0])] = kinds.get(("missed in", k.split("|")[0]), 0) + 1
            if kind in ("misread", "missed"):
                save_case(cases_dir, out / name, kind, k, lab, t, layout, homs[name])
            if kind == "misread":
                print(f"  MISREAD {lab} -> {t['label']} at {k} in {out / name}", flush=True)
    print("  by kind: " + ", ".join(f"{a} {b}: {n}" for (a, b), n in sorted(kinds.items())), flush=True)
    if se.strip():
        print("  recognize said: " + " | ".join(sorted(set(se.strip().splitlines())))[:600], flush=True)
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, nargs="+", default=[70001])
    ap.add_argument("--frames", type=int, default=4)
    ap.add_argument("--out", type=Path, default=Path("/tmp/third-dominoes"))
    ap.add_argument("--plain", default="", help="comma list of differences to leave out: "
                    "texture,kerbs,castles,lamp,shadow,badges")
    ap.add_argument("--moving-camera", action="store_true",
                    help="a new camera tilt and lamp for every photo, enrolment shots too "
                    "(default: one per seed, as at a table)")
    ap.add_argument("--barrel", type=float, default=BARREL[0],
                    help="most px the lens bends the frame's corners (default %(default)s)")
    args = ap.parse_args(argv)
    PLAIN.update(x for x in args.plain.split(",") if x)
    BARREL[0] = args.barrel
    args.out.mkdir(parents=True, exist_ok=True)
    mat_dir = args.out / "mat"
    mat_dir.mkdir(exist_ok=True)
    rc, so, se = run_cli(["mat", "--game", "dynasty", "--out", str(mat_dir / "m.png")])
    if rc:
        sys.exit(f"mat: {se}")
    cols = ["halves", "right", "asked", "misread", "missed", "phantom"]
    print("seed   " + " ".join(f"{c:>8}" for c in cols), flush=True)
    rows = []
    for seed in args.seed:
        t = run_seed(seed, args.frames, args.out, mat_dir, args.moving_camera)
        if t is None:
            print(f"{seed}  enrolment refused")
            continue
        rows.append(t)
        print(f"{seed}  " + " ".join(f"{t[c]:>8}" for c in cols), flush=True)
    if rows:
        tot = {c: sum(r[c] for r in rows) for c in cols}
        print("all    " + " ".join(f"{tot[c]:>8}" for c in cols))


if __name__ == "__main__":
    main()
