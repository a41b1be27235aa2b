"""A third printing of Paradox Initiative's particle discs and lock tokens, read as a user would.

Drawn only from what a player has: the printed mat (`paradox-table mat`, drawn from its PNG and
its mat.json), the rulebook and docs/vision.md. It never imports the readers or the renderers:
it enrols and reads through the command line alone (`paradox-table vision enroll|recognize`),
then counts what came back against the truth, cell by cell.

Its look on purpose differs from both printings the reader was tuned on: bars and dots for the
symbols, muted print-run shades, 13-15 mm discs with a bevelled rim, hexagonal metal tokens
(brass, silver or gunmetal, 8-11 mm), a warm lamp with fall-off, soft shadows, a tilted camera
with barrel distortion, noise, blur and JPEG 80-92.

    python tests/vision/third_discs.py --seed 70001 --frames 8 [--enrol places|single]

Every misread and not-found cell's frame and crop go under --out (default /tmp/third-discs/).
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

GAME = "initiative"
COLOURS = ("red", "yellow", "blue", "black", "white", "purple")
SYMBOLS = (1, 2, 3)
KINDS = tuple(f"{c}-{s}" for c in COLOURS for s in SYMBOLS)
FRAME = (1280, 960)
PX = 10.0            # the mat PNG's pixels per mm (mat.json says so too)
MARGIN_MM = 60.0     # table round the mat
PITCH = 16.0         # mm between cell centres: not printed nor in mat.json; read off `recognize`'s cells
# switched off one at a time (--easy-camera, --no-shadow) to see which difference a failure follows
ABLATE = {"easy": set(), "no_shadow": False, "barrel": (1.0, 5.0), "spread": PITCH, "shadow": (1.5, 4.0), "keyhole": True, "symbols": "bars"}
GRID = 5             # a matrix is 5 x 5 (rulebook)
ANOMALY_CELLS = 3    # the three particles in the middle of the board (rulebook)

# a print run: muted, plausible shades (RGB), each jittered per run
BODY = {"red": (176, 58, 52), "yellow": (222, 176, 64), "blue": (48, 86, 150),
        "black": (44, 42, 46), "white": (226, 222, 206), "purple": (112, 70, 128)}
INK_LIGHT, INK_DARK = (238, 232, 210), (38, 36, 40)
TOKEN_METALS = {"brass": (184, 150, 82), "silver": (180, 182, 186), "gunmetal": (78, 80, 88)}


def _cli() -> list[str]:
    exe = Path(sys.executable).parent / "paradox-table"
    return [str(exe)] if exe.exists() else ["paradox-table"]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*_cli(), *args], capture_output=True, text=True)


# ---------------------------------------------------------------- the printing

class PrintRun:
    """Colours of one print run of the discs and tokens (BGR)."""

    def __init__(self, rng: np.random.Generator, metal: str | None = None):
        self.body = {}
        for name, rgb in BODY.items():
            j = rng.normal(0, 7, 3)
            self.body[name] = tuple(float(np.clip(v + d, 0, 255)) for v, d in zip(rgb[::-1], j))
        self.ink = {}
        for name in COLOURS:
            base = INK_DARK if name in ("white", "yellow") else INK_LIGHT
            self.ink[name] = tuple(float(np.clip(v + d, 0, 255)) for v, d in zip(base[::-1], rng.normal(0, 5, 3)))
        self.metal_name = str(rng.choice(list(TOKEN_METALS)))
        self.metal_name = metal or self.metal_name
        self.metal = tuple(float(v) for v in np.array(TOKEN_METALS[self.metal_name][::-1]) + rng.normal(0, 6, 3))
        self.disc_mm = float(rng.uniform(13.0, 15.0))
        self.token_mm = float(rng.uniform(8.0, 11.0))


def _symbol_mask_alt(symbol: int, yy: np.ndarray, xx: np.ndarray, r: float) -> np.ndarray:
    """Another set, none crossing the centre: 1 a ring, 2 two parallel bars, 3 three dots."""
    d = np.sqrt(xx ** 2 + yy ** 2)
    if symbol == 1:
        return (d > 0.34 * r) & (d < 0.52 * r)
    if symbol == 2:
        return (np.abs(np.abs(xx) - 0.3 * r) < 0.1 * r) & (np.abs(yy) < 0.5 * r)
    m = np.zeros_like(xx, dtype=bool)
    for k in range(3):
        a = math.radians(90 + 120 * k)
        m |= (xx - 0.42 * r * math.cos(a)) ** 2 + (yy - 0.42 * r * math.sin(a)) ** 2 < (0.16 * r) ** 2
    return m


def _symbol_mask(symbol: int, yy: np.ndarray, xx: np.ndarray, r: float) -> np.ndarray:
    """Our own symbols, in disc coordinates (mm, unrotated): 1 a bar, 2 two dots, 3 three bars
    fanned as a star's spokes. yy/xx are mm from the disc's centre."""
    if symbol == 1:
        return (np.abs(xx) < 0.16 * r) & (np.abs(yy) < 0.6 * r)
    if symbol == 2:
        d = 0.36 * r
        return ((xx - d) ** 2 + yy ** 2 < (0.2 * r) ** 2) | ((xx + d) ** 2 + yy ** 2 < (0.2 * r) ** 2)
    m = np.zeros_like(xx, dtype=bool)
    for k in range(3):
        a = math.radians(90 + 120 * k)
        u = xx * math.cos(a) + yy * math.sin(a)
        v = -xx * math.sin(a) + yy * math.cos(a)
        m |= (u > 0.12 * r) & (u < 0.66 * r) & (np.abs(v) < 0.12 * r)
    return m


def _hexagon(yy, xx, r):
    """Distance-like field: < 1 inside a hexagon of circumradius r (flat top)."""
    ax, ay = np.abs(xx), np.abs(yy)
    return np.maximum(ay / (r * math.sqrt(3) / 2), (ax * math.sqrt(3) / 2 + ay / 2) / (r * math.sqrt(3) / 2))


class Scene:
    """The mat lying on a table, pieces drawn on it at the PNG's scale, shadows cast by a lamp."""

    def __init__(self, mat_png: str, layout: dict, rng: np.random.Generator):
        mat = cv2.imread(mat_png)
        m = int(MARGIN_MM * PX)
        h, w = mat.shape[:2]
        table = np.empty((h + 2 * m, w + 2 * m, 3), np.float32)
        wood = np.array([60, 95, 135], np.float32) + rng.normal(0, 6, 3)
        grain = (np.sin(np.linspace(0, 90, table.shape[0]))[:, None] * 8).astype(np.float32)
        table[:] = wood
        table += grain[..., None]
        # the paper is a touch warm and not perfectly white
        paper = mat.astype(np.float32) * (np.array([0.93, 0.96, 0.98], np.float32) + rng.normal(0, 0.01, 3))
        table[m:m + h, m:m + w] = paper
        self.img = table
        self.layout = layout
        self.rng = rng
        lx, ly = rng.uniform(60, 360), rng.uniform(-80, 40)
        self.lamp = (lx, ly)                 # lamp over the mat's top half: shadows fall away from it
        lo, hi = ABLATE["shadow"]
        self.shadow_len = rng.uniform(lo, hi) / 2.5  # mm per mm of height (a disc 2.5 mm thick)
        self.shadows = not ABLATE['no_shadow']

    def to_px(self, x_mm, y_mm):
        return (x_mm + MARGIN_MM) * PX, (y_mm + MARGIN_MM) * PX

    def _patch(self, x_mm, y_mm, half_mm):
        cx, cy = self.to_px(x_mm, y_mm)
        hp = int(math.ceil(half_mm * PX))
        x0, y0 = int(cx) - hp, int(cy) - hp
        ys, xs = np.mgrid[y0:y0 + 2 * hp, x0:x0 + 2 * hp].astype(np.float32)
        return (slice(y0, y0 + 2 * hp), slice(x0, x0 + 2 * hp),
                (ys + 0.5 - cy) / PX, (xs + 0.5 - cx) / PX)

    def _shadow_dir(self, x_mm, y_mm):
        dx, dy = x_mm - self.lamp[0], y_mm - self.lamp[1]
        n = math.hypot(dx, dy) or 1.0
        return dx / n, dy / n

    def shadow(self, x_mm, y_mm, field_fn, height_mm, strength=0.45):
        ux, uy = self._shadow_dir(x_mm, y_mm)
        off = height_mm * self.shadow_len
        sx, sy = x_mm + ux * off, y_mm + uy * off
        sl_y, sl_x, yy, xx = self._patch(sx, sy, 12)
        inside = (field_fn(yy, xx) < 1).astype(np.float32)
        soft = cv2.GaussianBlur(inside, (0, 0), 1.2 * PX)
        self.img[sl_y, sl_x] *= (1 - strength * soft)[..., None]

    def disc(self, run: PrintRun, kind: str, x_mm, y_mm, angle):
        colour, symbol = kind.rsplit("-", 1)
        r = run.disc_mm / 2
        if self.shadows:
            self.shadow(x_mm, y_mm, lambda yy, xx: (xx ** 2 + yy ** 2) / r ** 2, 2.5)
        sl_y, sl_x, yy, xx = self._patch(x_mm, y_mm, r + 1)
        a = math.radians(angle)
        u = xx * math.cos(a) + yy * math.sin(a)
        v = -xx * math.sin(a) + yy * math.cos(a)
        d = np.sqrt(xx ** 2 + yy ** 2)
        alpha = np.clip((r - d) * PX + 0.5, 0, 1)      # anti-aliased edge
        body = np.array(run.body[colour], np.float32)
        ink = np.array(run.ink[colour], np.float32)
        col = np.broadcast_to(body, xx.shape + (3,)).copy()
        draw = _symbol_mask_alt if ABLATE["symbols"] == "alt" else _symbol_mask
        sym = draw(int(symbol), v, u, r).astype(np.float32)
        sym = cv2.GaussianBlur(sym, (0, 0), 0.6)       # a print's soft edge
        col = col * (1 - sym[..., None]) + ink * sym[..., None]
        # bevelled rim: 0.9 mm lit on the lamp's side, darker away from it
        ux, uy = self._shadow_dir(x_mm, y_mm)
        rim = np.clip((d - (r - 0.9)) / 0.9, 0, 1)
        facing = -(xx * ux + yy * uy) / np.maximum(d, 1e-3)     # +1 towards the lamp
        shade = 1 + rim * (0.28 * facing - 0.12)
        col *= shade[..., None]
        # print grain on card
        col += self.rng.normal(0, 3, col.shape).astype(np.float32)
        dst = self.img[sl_y, sl_x]
        dst[:] = dst * (1 - alpha[..., None]) + np.clip(col, 0, 255) * alpha[..., None]

    def token(self, run: PrintRun, x_mm, y_mm, angle):
        r = run.token_mm / 2          # circumradius: 8-11 mm across corners
        a = math.radians(angle)

        def field(yy, xx):
            u = xx * math.cos(a) + yy * math.sin(a)
            v = -xx * math.sin(a) + yy * math.cos(a)
            return _hexagon(v, u, r)

        if self.shadows:
            self.shadow(x_mm, y_mm, field, 1.5, strength=0.5)
        sl_y, sl_x, yy, xx = self._patch(x_mm, y_mm, r + 1)
        f = field(yy, xx)
        alpha = np.clip((1 - f) * r * PX + 0.5, 0, 1)
        metal = np.array(run.metal, np.float32)
        ux, uy = self._shadow_dir(x_mm, y_mm)
        # brushed metal: a gradient across, a lit bevel, a keyhole stamped in the middle
        grad = 1 + 0.22 * (-(xx * ux + yy * uy) / r)
        bevel = np.clip((f - 0.82) / 0.18, 0, 1)
        grad = grad * (1 + 0.25 * bevel * np.sign(-(xx * ux + yy * uy)))
        col = metal * grad[..., None]
        u = xx * math.cos(a) + yy * math.sin(a)
        v = -xx * math.sin(a) + yy * math.cos(a)
        hole = ((u ** 2 + (v + 0.12 * r) ** 2) < (0.17 * r) ** 2) | ((np.abs(u) < 0.07 * r) & (v > -0.1 * r) & (v < 0.32 * r))
        if ABLATE["keyhole"]:
            col = np.where(hole[..., None], col * 0.45, col)
        col += self.rng.normal(0, 4, col.shape).astype(np.float32)
        dst = self.img[sl_y, sl_x]
        dst[:] = dst * (1 - alpha[..., None]) + np.clip(col, 0, 255) * alpha[..., None]


class Camera:
    """An overhead camera tilted up to 12 degrees, barrel distortion, a warm lamp, noise, blur."""

    def __init__(self, rng: np.random.Generator, scene_shape, size=FRAME, easy=False):
        self.rng = rng
        self.size = size
        self.tilt = float(rng.uniform(0, 12))
        self.tilt_dir = float(rng.uniform(0, 2 * math.pi))
        self.yaw = float(rng.uniform(-4, 4))
        lo, hi = ABLATE["barrel"]   # % the frame's corners are drawn in
        self.k1 = float(rng.uniform(lo, hi)) / 100 / (4 * (0.5 ** 2 + 0.375 ** 2))
        self.fill = float(rng.uniform(0.84, 0.93))
        self.jpeg = int(rng.integers(80, 93))
        self.noise = float(rng.uniform(2.0, 5.0))
        self.blur = float(rng.uniform(0.5, 1.1))
        self.warm = np.array([rng.uniform(0.78, 0.88), rng.uniform(0.92, 0.98), 1.0], np.float32)  # BGR gains
        self.gain = float(rng.uniform(0.85, 1.05))
        self.lamp_falloff = float(rng.uniform(0.15, 0.35))
        self.scene_shape = scene_shape
        easy = set(easy or ())   # to tell the camera's share of a failure from the printing's
        if easy & {"geometry", "tilt"}:
            self.tilt = 0.0
        if easy & {"geometry", "barrel"}:
            self.k1 = 0.0
        if "lamp" in easy:
            self.lamp_falloff, self.warm, self.gain = 0.0, np.ones(3, np.float32), 1.0
        if "noise" in easy:
            self.noise, self.blur, self.jpeg = 1.0, 0.5, 92

    def homography(self):
        """Scene px (mat + margin at PX px/mm) -> ideal camera px, a pinhole tilted in 3D."""
        h, w = self.scene_shape[:2]
        mw, mh = 420.0, 297.0
        corners_mm = np.array([[0, 0], [mw, 0], [mw, mh], [0, mh]], np.float64)
        pts = np.c_[corners_mm - [mw / 2, mh / 2], np.zeros(4)]
        t = math.radians(self.tilt)
        axis = np.array([math.cos(self.tilt_dir), math.sin(self.tilt_dir), 0.0])
        R, _ = cv2.Rodrigues(axis * t)
        Rz, _ = cv2.Rodrigues(np.array([0, 0, math.radians(self.yaw)]))
        dist = 700.0
        cam = (Rz @ R @ pts.T).T + [0, 0, dist]
        proj = cam[:, :2] / cam[:, 2:3]
        span = proj.max(0) - proj.min(0)
        f = min(self.size[0] * self.fill / span[0], self.size[1] * self.fill / span[1])
        img = proj * f
        img += np.array(self.size) / 2 - (img.max(0) + img.min(0)) / 2
        src = (corners_mm + MARGIN_MM) * PX
        return cv2.getPerspectiveTransform(src.astype(np.float32), img.astype(np.float32))

    def shoot(self, scene: Scene) -> np.ndarray:
        img = scene.img.copy()
        # the lamp: warm, brightest under it, falling off across the table
        h, w = img.shape[:2]
        ys, xs = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
        lx, ly = scene.to_px(*scene.lamp)
        d = np.hypot(xs - lx, ys - ly) / (PX * 420)
        light = (1 - self.lamp_falloff * np.clip(d, 0, 1.5) ** 1.5)
        light = cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR)
        img *= (light[..., None] * self.warm * self.gain)
        # down to about 2.5x the camera's scale before warping, so remap does not alias
        s = 0.4
        small = cv2.resize(np.clip(img, 0, 255), None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
        H = self.homography()
        H = H @ np.diag([1 / s, 1 / s, 1])
        Hinv = np.linalg.inv(H)
        W, Hh = self.size
        v, u = np.mgrid[0:Hh, 0:W].astype(np.float64)
        cx, cy = W / 2, Hh / 2
        nx, ny = (u - cx) / W, (v - cy) / W
        r2 = nx * nx + ny * ny
        fac = 1 + self.k1 * r2 * 4       # barrel: the edges sample further out, drawn in
        iu, iv = cx + (u - cx) * fac, cy + (v - cy) * fac
        den = Hinv[2, 0] * iu + Hinv[2, 1] * iv + Hinv[2, 2]
        mx = ((Hinv[0, 0] * iu + Hinv[0, 1] * iv + Hinv[0, 2]) / den).astype(np.float32)
        my = ((Hinv[1, 0] * iu + Hinv[1, 1] * iv + Hinv[1, 2]) / den).astype(np.float32)
        out = cv2.remap(small, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(40, 50, 60))
        # vignette, blur, sensor noise
        vig = 1 - 0.18 * (r2 / r2.max()).astype(np.float32)
        out *= vig[..., None]
        out = cv2.GaussianBlur(out, (0, 0), self.blur)
        out += self.rng.normal(0, self.noise, out.shape).astype(np.float32)
        return np.clip(out, 0, 255).astype(np.uint8)

    def save(self, frame, path):
        cv2.imwrite(str(path), frame, [cv2.IMWRITE_JPEG_QUALITY, self.jpeg])


# ---------------------------------------------------------------- places on the mat

def cells(layout: dict, pitch: float = PITCH) -> dict:
    """(area, row, col) -> centre in mm: the matrices' 5 x 5, the anomaly's 3 in a row, each
    centred in its grey area on a 16 mm pitch (as `recognize` reports them), counted from 0
    from the top-left."""
    out = {}
    for name, z in layout["zones"].items():
        if name.startswith("matrix"):
            x0, y0 = z["x"] + (z["w"] - GRID * pitch) / 2, z["y"] + (z["h"] - GRID * pitch) / 2
            for r in range(GRID):
                for c in range(GRID):
                    out[(name, r, c)] = (x0 + pitch * (c + 0.5), y0 + pitch * (r + 0.5))
        elif name == "anomaly":
            x0 = z["x"] + (z["w"] - ANOMALY_CELLS * pitch) / 2
            for c in range(ANOMALY_CELLS):
                out[(name, 0, c)] = (x0 + pitch * (c + 0.5), z["y"] + z["h"] / 2)
    return out


def jitter(rng, x, y, most=2.0):
    a, d = rng.uniform(0, 2 * math.pi), most * math.sqrt(rng.uniform(0, 1))
    return x + d * math.cos(a), y + d * math.sin(a)


def lay(scene, run, rng, placed):
    """placed: list of (cell, kind, locked). Draws them, returns the truth {cell: label}.
    Each disc lies up to 2 mm off its cell's centre, but discs never overlap (they are solid):
    neighbours pushed together are eased apart."""
    truth = {}
    cc = cells(scene.layout, ABLATE["spread"])
    pos = [np.array(jitter(rng, *cc[cell])) for cell, _, _ in placed]
    gap = run.disc_mm + 0.3
    for _ in range(20):
        moved = False
        for i in range(len(pos)):
            for j in range(i + 1, len(pos)):
                d = pos[j] - pos[i]
                n = float(np.hypot(*d))
                if n < gap:
                    push = (gap - n) / 2 * (d / max(n, 1e-6))
                    pos[i] = pos[i] - push
                    pos[j] = pos[j] + push
                    moved = True
        if not moved:
            break
    for (cell, kind, locked), (x, y) in zip(placed, pos):
        scene.disc(run, kind, x, y, rng.uniform(0, 360))
        if locked:
            tx, ty = jitter(rng, x, y, 1.5)
            scene.token(run, tx, ty, rng.uniform(0, 360))
        truth[cell] = "lock" if locked else kind
    return truth


# ---------------------------------------------------------------- enrolment

def enrol_places(d: Path, mat_png, layout, run, cam_seed, rng):
    """As the teaching walk lays them: 13 discs on matrix 1's draughts cells, the other 5 and a
    locked disc on matrix 2's; a manifest with places."""
    cc = cells(layout)
    draughts = [(r, c) for r in range(GRID) for c in range(GRID) if (r + c) % 2 == 0]
    manifest = []
    kinds = list(KINDS)
    under = str(rng.choice(KINDS))
    print(f"#   the enrolled lock lies on {under}")
    shots = [("matrix-0", kinds[:13], False), ("matrix-1", kinds[13:] + [under], True)]
    for i, (area, ks, with_lock) in enumerate(shots):
        scene = Scene(mat_png, layout, np.random.default_rng(cam_seed))
        placed = []
        for j, k in enumerate(ks):
            locked = with_lock and j == len(ks) - 1
            placed.append(((area, *draughts[j]), k, locked))
        lay(scene, run, rng, placed)
        cam = Camera(np.random.default_rng(cam_seed), scene.img.shape, easy=ABLATE['easy'])
        cam.rng = rng
        name = f"shot{i + 1}.jpg"
        cam.save(cam.shoot(scene), d / name)
        for cell, k, locked in placed:
            x, y = cc[cell]
            manifest.append({"image": name, "label": "lock" if locked else k, "x_mm": round(x, 1), "y_mm": round(y, 1)})
    return manifest


def enrol_single(d: Path, mat_png, layout, run, cam_seed, rng):
    """As docs/vision.md's Initiative section: each kind alone in the anomaly, a lock on a disc."""
    z = layout["zones"]["anomaly"]
    cx, cy = z["x"] + z["w"] / 2, z["y"] + z["h"] / 2
    manifest = []
    for label in list(KINDS) + ["lock"]:
        scene = Scene(mat_png, layout, np.random.default_rng(cam_seed))
        x, y = jitter(rng, cx, cy, 2)
        kind = str(rng.choice(KINDS)) if label == "lock" else label
        if label == "lock":
            print(f"#   the enrolled lock lies on {kind}")
        scene.disc(run, kind, x, y, rng.uniform(0, 360))
        if label == "lock":
            scene.token(run, *jitter(rng, x, y, 1.0), rng.uniform(0, 360))
        cam = Camera(np.random.default_rng(cam_seed), scene.img.shape, easy=ABLATE['easy'])
        cam.rng = rng
        cam.save(cam.shoot(scene), d / f"{label}.jpg")
        manifest.append({"image": f"{label}.jpg", "label": label})
    return manifest


# ---------------------------------------------------------------- game frames

def game_layout(layout, rng):
    """A matrix per player, mostly full (after a strand, the holes sit at the columns' tops
    until the refill), some sparse; three particles on the anomaly; 15-25 % of discs locked."""
    placed = []
    bag = [k for k in KINDS if not k.startswith("purple")]
    for area in sorted(a for a in layout["zones"] if a.startswith("matrix")):
        state = rng.choice(["full", "full", "strand", "sparse"])
        filled = np.ones((GRID, GRID), bool)
        if state == "strand":
            for c in rng.choice(GRID, size=int(rng.integers(1, 5)), replace=False):
                filled[:int(rng.integers(1, 3)), c] = False
        elif state == "sparse":
            filled = rng.random((GRID, GRID)) < rng.uniform(0.3, 0.6)
        for r in range(GRID):
            for c in range(GRID):
                if filled[r, c]:
                    kind = str(rng.choice(KINDS)) if rng.random() < 0.04 else str(rng.choice(bag))
                    placed.append(((area, r, c), kind))
    n_lock = int(round(len(placed) * rng.uniform(0.15, 0.25)))
    locked = set(rng.choice(len(placed), size=n_lock, replace=False).tolist())
    out = [(cell, k, i in locked) for i, (cell, k) in enumerate(placed)]
    for c in range(ANOMALY_CELLS):
        if rng.random() < 0.9:
            out.append((("anomaly", 0, c), str(rng.choice(bag)), False))
    return out


def compare(truth: dict, reading: dict, cc: dict):
    """Per truth cell: read / asked / misread / missing; per reported empty cell: phantom."""
    got = {}
    for t in reading.get("tiles", []):
        cell = tuple(t["cell"]) if t.get("cell") else None
        got.setdefault(cell, []).append(t)
    rows = []
    for cell, label in truth.items():
        ts = got.get(cell, [])
        if not ts:
            # reported elsewhere (a wrong cell) counts as a misread
            x, y = cc[cell]
            near = [t for t in reading.get("tiles", []) if math.hypot(t["x_mm"] - x, t["y_mm"] - y) < 9 and tuple(t.get("cell") or ()) != cell]
            rows.append((cell, label, near[0]["label"] + "@" + str(near[0].get("cell")) if near else None, "misread" if near else "missing"))
            continue
        lab = ts[0]["label"]
        kind = "read" if lab == label else "asked" if lab == "unknown" else "misread"
        if len(ts) > 1:
            kind = "misread"
            lab = ",".join(t["label"] for t in ts)
        rows.append((cell, label, lab, kind))
    for cell, ts in got.items():
        if cell not in truth:
            rows.append((cell, None, ts[0]["label"], "phantom"))
    return rows


def crop(frame_path, cam_H, k1, x_mm, y_mm, out_path):
    img = cv2.imread(str(frame_path))
    p = cv2.perspectiveTransform(np.array([[[(x_mm + MARGIN_MM) * PX, (y_mm + MARGIN_MM) * PX]]], np.float32), cam_H)[0, 0]
    W, Hh = FRAME
    u, v = p
    for _ in range(5):   # undo the barrel: solve camera px whose sampled ideal px is p
        r2 = (((u - W / 2) / W) ** 2 + ((v - Hh / 2) / W) ** 2)
        fac = 1 + k1 * r2 * 4
        u, v = W / 2 + (p[0] - W / 2) / fac, Hh / 2 + (p[1] - Hh / 2) / fac
    x, y = int(u), int(v)
    c = img[max(0, y - 40):y + 40, max(0, x - 40):x + 40]
    if c.size:
        cv2.imwrite(str(out_path), cv2.resize(c, None, fx=4, fy=4, interpolation=cv2.INTER_NEAREST))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--frames", type=int, default=8)
    ap.add_argument("--enrol", choices=["places", "single"], default="places")
    ap.add_argument("--out", default="/tmp/third-discs")
    ap.add_argument("--moved", action="store_true",
                    help="each game frame under its own camera pose and lamp (default: as enrolled)")
    ap.add_argument("--metal", choices=list(TOKEN_METALS), help="the tokens' metal (default: drawn by the seed)")
    ap.add_argument("--easy-camera", default="", help="comma list of tilt, barrel, geometry (both), lamp "
                    "(even white light), noise (little noise or blur, JPEG 92), or all")
    ap.add_argument("--no-shadow", action="store_true")
    ap.add_argument("--shadow", default="1.5,4", help="how far a disc's shadow falls from it, mm range (default 1.5,4: "
                    "a lamp 30-60 degrees up)")
    ap.add_argument("--symbols", choices=["bars", "alt"], default="bars",
                    help="bars: 1 a bar, 2 two dots, 3 three spokes; alt: 1 a ring, 2 two bars, 3 three dots")
    ap.add_argument("--plain-token", action="store_true", help="tokens without their stamped keyhole")
    ap.add_argument("--spread", type=float, default=PITCH,
                    help="mm between discs in the game frames as a player lays them (the mat prints no cells; "
                         "default 16, the reader's cells; a 90 mm matrix filled edge to edge is 18)")
    ap.add_argument("--barrel", default="1,5", help="barrel distortion at the frame's corners, %% range (default 1,5)")
    a = ap.parse_args(argv)
    easy = {"geometry", "lamp", "noise"} if a.easy_camera == "all" else set(filter(None, a.easy_camera.split(",")))
    ABLATE.update(easy=easy, no_shadow=a.no_shadow, spread=a.spread, keyhole=not a.plain_token, symbols=a.symbols,
                  shadow=tuple(float(v) for v in a.shadow.split(",")), barrel=tuple(float(v) for v in a.barrel.split(",")))
    easy = {"geometry", "lamp", "noise"} if a.easy_camera == "all" else set(filter(None, a.easy_camera.split(",")))
    tag = "".join(f"-{k}" for k, v in (("barrel" + a.barrel.replace(",", "-"), a.barrel != "1,5"), (f"spread{a.spread:g}", a.spread != PITCH),
        ("shadow" + a.shadow.replace(",", "-"), a.shadow != "1.5,4"), ("plaintoken", a.plain_token), ("alt", a.symbols == "alt"), ("moved", a.moved), ("easy" + "+".join(sorted(easy)), easy), ("noshadow", a.no_shadow)) if v)
    root = Path(a.out) / f"{a.seed}-{a.enrol}{'-' + a.metal if a.metal else ''}{tag}"
    if root.exists():
        shutil.rmtree(root)
    (root / "shots").mkdir(parents=True)
    (root / "frames").mkdir()
    (root / "cases").mkdir()
    r = run_cli("mat", "--game", GAME, "--out", str(root / "mat.png"))
    if r.returncode:
        sys.exit(f"mat: {r.stderr.strip()}")
    layout = json.loads((root / "mat.json").read_text())
    mat_png = str(root / "mat.png")
    rng = np.random.default_rng(a.seed)
    run = PrintRun(rng, a.metal)
    cam_seed = int(rng.integers(1 << 30))
    enrol = enrol_places if a.enrol == "places" else enrol_single
    manifest = enrol(root / "shots", mat_png, layout, run, cam_seed, rng)
    (root / "shots" / "manifest.json").write_text(json.dumps(manifest, indent=1))
    prof = root / "third.profile"
    r = run_cli("vision", "enroll", "--game", GAME, "--manifest", str(root / "shots" / "manifest.json"),
                "--out", str(prof), "--mat", str(root / "mat.json"))
    print(f"# seed {a.seed} enrol {a.enrol}: metal {run.metal_name}, disc {run.disc_mm:.1f} mm, "
          f"token {run.token_mm:.1f} mm; enroll rc {r.returncode}", flush=True)
    if r.stdout.strip():
        print("#   enroll: " + r.stdout.strip())
    if r.stderr.strip():
        print("#   enroll said: " + r.stderr.strip().replace("\n", "\n#   "))
    if r.returncode:
        return 2
    cc = cells(layout)
    truths, Hs, paths = [], [], []
    for i in range(a.frames):
        pose = int(rng.integers(1 << 30)) if a.moved else cam_seed
        scene = Scene(mat_png, layout, np.random.default_rng(pose))
        truth = lay(scene, run, rng, game_layout(layout, rng))
        cam = Camera(np.random.default_rng(pose), scene.img.shape, easy=ABLATE['easy'])
        cam.rng = rng
        p = root / "frames" / f"f{i:02d}.jpg"
        cam.save(cam.shoot(scene), p)
        if i == 0 or a.moved:
            print(f"#   camera: tilt {cam.tilt:.1f} deg, barrel {cam.k1 * 4 * 0.390625 * 100:.1f} % at the corners, "
                  f"lamp fall-off {cam.lamp_falloff:.2f}, noise {cam.noise:.1f}, blur {cam.blur:.2f}, JPEG {cam.jpeg}, "
                  f"shadow {scene.shadow_len * 2.5:.1f} mm", flush=True)
        truths.append(truth)
        Hs.append(cam)
        paths.append(p)
    r = run_cli("vision", "recognize", "--game", GAME, "--profile", str(prof), "--mat", str(root / "mat.json"), *map(str, paths))
    if r.returncode:
        print("# recognize failed: " + r.stderr.strip())
        return 2
    if r.stderr.strip():
        print("#   recognize said: " + r.stderr.strip().replace("\n", "\n#   "))
    readings = [json.loads(line) for line in r.stdout.splitlines() if line.strip().startswith("{")]
    by_image = {Path(x["image"]).name: x for x in readings}
    counts = dict(cells=0, locks=0, read=0, asked=0, misread=0, missing=0, phantom=0)
    asked_by, asked_kinds = {}, {}
    for i, (truth, cam, p) in enumerate(zip(truths, Hs, paths)):
        rows = compare(truth, by_image.get(p.name, {}), cc)
        counts["cells"] += len(truth)
        counts["locks"] += sum(1 for v in truth.values() if v == "lock")
        for cell, lab, got, kind in rows:
            counts[kind] += 1
            if kind == "asked":
                key = "lock" if lab == "lock" else lab.split("-")[0]
                asked_by[key] = asked_by.get(key, 0) + 1
                asked_kinds[lab] = asked_kinds.get(lab, 0) + 1
            if kind in ("misread", "missing", "phantom"):
                tag = f"{p.stem}-{cell[0]}-{cell[1]}-{cell[2]}-{kind}"
                print(f"  {kind:8s} {p}  {cell}  truth {lab} -> read {got}")
                H = cam.homography()
                crop(p, H, cam.k1, *cc[cell], root / "cases" / f"{tag}.png")
                (root / "cases" / f"{tag}.json").write_text(json.dumps(
                    {"frame": str(p), "cell": list(cell), "truth": lab, "read": got}))
    n = counts["cells"]
    found = n - counts["missing"]
    print(f"seed {a.seed} {root.name}: cells {n} (locks {counts['locks']}) found {found} "
          f"read {counts['read']} ({100 * counts['read'] / max(n, 1):.1f} %) asked {counts['asked']} "
          f"misread {counts['misread']} missing {counts['missing']} phantom {counts['phantom']}")
    if asked_by:
        print("  asked by truth: " + ", ".join(f"{k} {v}" for k, v in sorted(asked_by.items())))
    counts["asked_by"], counts["asked_kinds"] = asked_by, asked_kinds
    (root / "summary.json").write_text(json.dumps(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
