"""What the tile finders share: a zone of the mat seen from straight above (its image, the
mat's light across it and the mask of what lies on it) and a tile's pose in it.

``vision.recognise`` makes the view and finds tiles by the mask; ``vision.outline`` finds the
tiles the mask missed by their outline. Both stand on this.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

SEG_PX_PER_MM = 2.0  # zone image used to find tiles
BG_PX_PER_MM = 0.5  # the mat's light varies slowly: it is worked out on a coarse grid


@dataclass
class ZoneView:
    """A zone seen from straight above, with its light and its tiles-versus-mat mask."""

    zone: object
    image: np.ndarray  # float32 BGR at SEG_PX_PER_MM
    background: np.ndarray  # the mat's grey under this light, at BG_PX_PER_MM
    mask: np.ndarray | None  # uint8: something lies on the mat here (None: not worked out)
    rel: np.ndarray | None = None  # brightness as a ratio to the mat's own under this light
    busy: np.ndarray | None = None  # where find_tiles saw something no tile explains (a hand)
    light: np.ndarray | None = None  # the background at the image's own size

    def mat_colour_at(self, x_mm, y_mm) -> np.ndarray:
        bh, bw = self.background.shape[:2]
        i = int(np.clip((y_mm - self.zone.y) * BG_PX_PER_MM, 0, bh - 1))
        j = int(np.clip((x_mm - self.zone.x) * BG_PX_PER_MM, 0, bw - 1))
        return self.background[i, j]

    def mat_around(self, pose, size_mm) -> np.ndarray:
        """The mat's colour right round a tile: the median of bare mat a few mm outside it (the
        grey card nearest the tile, in whatever shade falls there), or the fitted light there
        when too little bare mat shows."""
        P = _ring_points(tuple(size_mm))
        k = SEG_PX_PER_MM
        c, s = math.cos(math.radians(pose.theta)), math.sin(math.radians(pose.theta))
        X = ((pose.x_mm - self.zone.x + P[:, 0] * c - P[:, 1] * s) * k + 0.5).astype(np.int32)
        Y = ((pose.y_mm - self.zone.y + P[:, 0] * s + P[:, 1] * c) * k + 0.5).astype(np.int32)
        Hh, Ww = self.mask.shape
        ok = (X >= 0) & (Y >= 0) & (X < Ww) & (Y < Hh)
        X, Y = X[ok], Y[ok]
        bare = self.mask[Y, X] == 0
        if np.count_nonzero(bare) < 12:
            return self.mat_colour_at(pose.x_mm, pose.y_mm)
        cols = np.sort(self.image[Y[bare], X[bare]], axis=0)
        return cols[len(cols) // 2]  # the median, per channel


_RING_POINTS: dict = {}


def _ring_points(size_mm, out_mm=(4.0, 6.0)) -> np.ndarray:
    """Points (tile-local mm) on two rectangles round a tile of this size, out_mm outside it."""
    if size_mm not in _RING_POINTS:
        w, h = size_mm
        t = np.linspace(-0.5, 0.5, 9)
        pts = []
        for d in out_mm:
            u = np.r_[t * (w + 2 * d), np.full(9, w / 2 + d), t * (w + 2 * d), np.full(9, -w / 2 - d)]
            v = np.r_[np.full(9, -h / 2 - d), t * (h + 2 * d), np.full(9, h / 2 + d), t * (h + 2 * d)]
            pts.append(np.c_[u, v])
        _RING_POINTS[size_mm] = np.vstack(pts)
    return _RING_POINTS[size_mm]


@dataclass
class Pose:
    x_mm: float
    y_mm: float
    theta: float  # degrees: the tile's width axis, clockwise from the mat's x axis
    fit: float = 1.0  # share of the tile's outline area that is covered
    alone: bool = False  # a blob of its own: its outline gives the pose to a fraction of a mm
    sure: bool = True  # False: outlined only with a neighbour's help; a tile only if it reads as one
    rivals: list = field(default_factory=list)  # other poses that tile might have (when not sure)
    outlined: bool = False  # found by the outline search (vision.outline), not the mask


def rect_poly(cx, cy, theta, w, h):
    """The corners of a w x h rectangle centred on (cx, cy) and turned by theta degrees:
    top-left, top-right, bottom-right, bottom-left."""
    c, s = math.cos(math.radians(theta)), math.sin(math.radians(theta))
    # in plain floats (the same sums, term by term, as over arrays): numpy's cost for four
    # corners was many times the arithmetic, and a frame lays some twenty rectangles
    cx, cy, hw, hh = float(cx), float(cy), float(w / 2), float(h / 2)
    return np.array([[cx + u * c - v * s, cy + u * s + v * c] for u, v in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))])


def fill_holes(mask):
    """Fill what the mask encloses: a tile's glyph may match the mat's grey."""
    ff = cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    cv2.floodFill(ff, None, (0, 0), 255)
    return cv2.bitwise_or(mask, cv2.bitwise_not(ff[1:-1, 1:-1]))
