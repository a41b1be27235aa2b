"""A bending lens: barrel (or pincushion) distortion told from the mat's markers, and the frame
straightened before a reader looks at it.

Every reader maps the mat onto the frame through one homography; a lens that bends straight
lines puts the mat's far corners millimetres off it, and a reader then takes the bare mat at an
area's edge for a hand. The markers' corners say so: a flat lens fits them to one homography
within a pixel or so, a bent one leaves pixels over. ``fit_lens`` finds OpenCV's radial model
(k1, k2 about the frame's middle, a focal length guessed as the half-diagonal) under which the
corners fit one homography best, and keeps it only where that helps clearly; ``Straightening``
wraps a reader: it looks for a lens while the reader's fit says the frame may be bent, keeps the
model once found (a camera's lens does not change) and from then on gives the reader each frame
straightened through maps worked out once (one remap a frame). A flat lens's frames reach the
reader untouched.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from .markers import Calibration, MarkerDetector, MarkerLayout, calibrate

log = logging.getLogger("paradox-table")

# The fit's RMS (px of a 1280x960 frame, in proportion on others: a bend is a share of the
# frame) above which a lens may be bending the frame: a flat lens gives 0.3-0.5. The reader's
# own fit is the trigger, and may read low (it leaves out the corners furthest off)
LOOK_PX = 1.0
# ... and above which, over every corner, it is plainly bent: about 20 px at the frame's corners.
# Our own printings' slight bends (the Dynasty one's 10-25 px at 5 MP) stay below, untouched
BENT_PX = 1.5
HALF_DIAGONAL = 800.0  # of the 1280x960 frame those are measured on
MARGIN_PX = 4.0  # how far in from the straightened frame's edge the markers' corners are kept
BETTER = 3.0  # the straightened fit at least this many times closer: a lens, not a warped sheet
TRIES = 3  # frames of a plainly flat lens (fitted and no better straightened) before looking no more
LEAST_MARKERS = 4  # a radial model wants corners across the frame
# on radii in half-diagonals; below -4/27 the model folds back before the frame's corner (r + k1 r^3
# is greatest short of it), so the corners could not be straightened: -0.14 moves them by a tenth
K1_RANGE = (-0.14, 0.3)
_UNDISTORT = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 30, 1e-7)


@dataclass
class Lens:
    """OpenCV's radial model of a camera whose frames are ``shape`` (h, w): the centre is the
    frame's, the focal length its half-diagonal, so k1 is about how far (a share of the radius)
    the frame's corners are moved in."""

    shape: tuple
    k1: float
    k2: float = 0.0
    fitted_px: float = float("nan")  # the markers' fit to one homography as the frame was
    straightened_px: float = float("nan")  # ... and straightened
    # a barrel straightened pushes the frame's rim outward: the straightened frame is shrunk by
    # this much about its centre so that the mat's markers all stay in it (OpenCV's
    # getOptimalNewCameraMatrix keeps the whole rim instead, at more cost in detail)
    scale: float = 1.0
    _maps: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def K(self) -> np.ndarray:
        return camera_matrix(self.shape)

    @property
    def dist(self) -> np.ndarray:
        return np.array([self.k1, self.k2, 0.0, 0.0], np.float64)

    def corner_px(self) -> float:
        """How far the lens moves the frame's corner (px): a figure for the owner."""
        return _corner_shift(self.k1, self.k2, self.shape)

    @property
    def K_straight(self) -> np.ndarray:
        """The straightened frame's camera: the same centre, its scale shrunk by ``scale``."""
        Ks = self.K.copy()
        Ks[0, 0] *= self.scale
        Ks[1, 1] *= self.scale
        return Ks

    def straighten(self, frame) -> np.ndarray:
        """The frame as a flat lens would show it, at the same size and centre, its markers kept
        in view (``scale``). The maps are worked out once; each frame costs one remap."""
        if self._maps is None:
            h, w = self.shape[:2]
            self._maps = cv2.initUndistortRectifyMap(self.K, self.dist, None, self.K_straight, (w, h), cv2.CV_16SC2)
        return cv2.remap(frame, *self._maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def to_straight(self, pts) -> np.ndarray:
        """Frame pixels -> the straightened frame's."""
        p = np.asarray(pts, np.float64).reshape(-1, 1, 2)
        return cv2.undistortPoints(p, self.K, self.dist, None, None, self.K_straight, _UNDISTORT).reshape(-1, 2)


def frame_px(shape) -> float:
    """One px of the 1280x960 frame the thresholds are given for, in a frame of `shape`."""
    h, w = shape[:2]
    return math.hypot(w, h) / 2 / HALF_DIAGONAL


def camera_matrix(shape) -> np.ndarray:
    h, w = shape[:2]
    f = math.hypot(w, h) / 2
    return np.array([[f, 0, (w - 1) / 2], [0, f, (h - 1) / 2], [0, 0, 1]], np.float64)


def _corner_shift(k1, k2, shape) -> float:
    h, w = shape[:2]
    corner = np.array([[[0.0, 0.0]]])
    K = camera_matrix(shape)
    straight = cv2.undistortPoints(corner, K, np.array([k1, k2, 0, 0], np.float64), None, None, K, _UNDISTORT)
    return float(np.linalg.norm(straight.ravel() - corner.ravel()))


def _fit_px(img, plane, K, dist) -> float:
    """RMS (px) of the corners `img` about one homography from the plane, once straightened by
    `dist`. A corner far off every fit (a false detection, a corner slid onto the marker's
    inside) is left out, so it cannot pass for a bend."""
    p = img if dist is None else \
        cv2.undistortPoints(img.reshape(-1, 1, 2), K, dist, None, None, K, _UNDISTORT).reshape(-1, 2)
    keep = np.ones(len(p), bool)
    for _ in range(3):
        H, _ = cv2.findHomography(plane[keep], p[keep], 0)
        if H is None:
            return float("inf")
        err = np.linalg.norm(cv2.perspectiveTransform(plane.reshape(-1, 1, 2), H).reshape(-1, 2) - p, axis=1)
        now = err <= max(4.0 * float(np.median(err)), 3.0)
        if (now == keep).all() or now.sum() < 8:
            break
        keep = now
    return float(np.sqrt(np.mean(err[keep] ** 2)))


def _golden(f, lo, hi, steps=30):
    """The x in [lo, hi] where f (one-dipped) is least."""
    g = (math.sqrt(5) - 1) / 2
    a, b = lo, hi
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    return (a + b) / 2


def fit_lens(detected: dict, layout: MarkerLayout, shape) -> tuple[Lens | None, float, float]:
    """(the lens, or None where the frame is not plainly bent or straightening it does not help
    clearly; the corners' fit to one homography (px) as they are; and straightened), from the
    markers `detected` in a frame of `shape`."""
    ids = [i for i in sorted(detected) if i in layout.corners]
    img = np.concatenate([detected[i] for i in ids]).astype(np.float64) if ids else np.zeros((0, 2))
    plane = np.concatenate([layout.corners[i] for i in ids]).astype(np.float64) if ids else np.zeros((0, 2))
    seen = np.isfinite(img).all(axis=1)
    img, plane = img[seen], plane[seen]
    if len(img) < 4 * LEAST_MARKERS:
        return None, float("nan"), float("nan")
    K = camera_matrix(shape)
    flat = _fit_px(img, plane, K, None)
    if not flat > BENT_PX * frame_px(shape):
        return None, flat, float("nan")

    def at(k1, k2=0.0):
        return _fit_px(img, plane, K, np.array([k1, k2, 0, 0], np.float64))

    # the best k1 on a coarse run first (the fit need not dip once over the whole range), then
    # finely round it; k2 then takes up what a bend growing faster than r^3 leaves
    grid = np.linspace(*K1_RANGE, 31)
    k1 = float(grid[int(np.argmin([at(k) for k in grid]))])
    step = grid[1] - grid[0]
    k1 = _golden(at, k1 - step, k1 + step)
    k2 = _golden(lambda k: at(k1, k), -0.5 * abs(k1) - 0.05, 0.5 * abs(k1) + 0.05)
    k1 = _golden(lambda k: at(k, k2), k1 - step, k1 + step)
    straight = at(k1, k2)
    if straight * BETTER > flat:
        return None, flat, straight
    moved = cv2.undistortPoints(img.reshape(-1, 1, 2), K, np.array([k1, k2, 0, 0], np.float64), None, None, K,
                                _UNDISTORT).reshape(-1, 2)
    c = K[:2, 2]
    room = c - MARGIN_PX * frame_px(shape)  # each way from the centre, a few px in from the edge
    scale = float(min(1.0, *(room / np.maximum(np.abs(moved - c).max(axis=0), 1e-9))))
    return Lens(tuple(shape[:2]), k1, k2, flat, straight, scale=scale), flat, straight


def straight_frame(frame, detector: MarkerDetector, layout: MarkerLayout) -> tuple[np.ndarray, Calibration]:
    """(the frame, straightened where its lens plainly bends it; its calibration): for a photo
    read on its own (an enrolment shot, the teaching page's snapshot), where no reader keeps a
    lens from frame to frame."""
    detected = detector.detect(frame)
    lens = fit_lens(detected, layout, frame.shape)[0]
    if lens is not None:  # read as the reader will see the camera's frames: straightened
        frame = lens.straighten(frame)
        detected = {i: lens.to_straight(c).astype(np.float32) for i, c in detected.items()}
    return frame, calibrate(detected, layout)


class Straightening:
    """A reader whose frames are straightened first where the camera's lens bends them.

    While no lens is known, a frame the reader fitted worse than LOOK_PX has a lens fitted to
    its markers (``fit_lens``); one found is kept for every later frame of that size, and the
    frame read straightened (and given up should a straightened frame fit worse than LOOK_PX).
    A lens found plainly flat on TRIES frames is looked for no more. A reader that finds the mat
    before reading its pieces (``locate``) has only the frame it keeps read. Everything else is
    the reader's own (``layout``, ``last_details``...).
    """

    def __init__(self, reader):
        object.__setattr__(self, "reader", reader)
        object.__setattr__(self, "lenses", {})  # frame shape -> Lens, or None: looked no more
        object.__setattr__(self, "_flat", {})  # frame shape -> frames found flat

    def __getattr__(self, name):
        if name == "reader":  # (not set yet: a copy being made)
            raise AttributeError(name)
        return getattr(self.reader, name)

    def __setattr__(self, name, value):
        setattr(self.reader, name, value)

    @property
    def lens(self) -> Lens | None:
        """The lens found (of the frame size found last), if any."""
        return next((v for v in reversed(self.lenses.values()) if v is not None), None)

    def read(self, frame):
        shape = getattr(frame, "shape", None)
        lens = self.lenses.get(shape[:2]) if shape is not None else None
        if lens is not None:
            straight = lens.straighten(frame)
            found, read = self._locate(straight)
            if not self._bent(found, shape):
                return read()
            # straightened, the markers fit one plane no better than a bent frame's: not this
            # camera's lens (another camera, refocused): read as the frame came, look again
            del self.lenses[shape[:2]]
            self._flat.pop(shape[:2], None)
        found, read = self._locate(frame)
        if shape is None or shape[:2] in self.lenses or not self._bent(found, shape):
            return read()
        lens, flat = self._find_lens(frame, found)
        if lens is not None:
            return self.reader.read(lens.straighten(frame))
        reading = read()
        if np.isfinite(flat) and not reading.hand_in_view:
            # a plainly flat lens, told with the whole mat in view (a hand over some markers
            # leaves too few across the frame to tell): looked for no more after TRIES frames
            self._flat[shape[:2]] = self._flat.get(shape[:2], 0) + 1
            if self._flat[shape[:2]] >= TRIES:
                self.lenses[shape[:2]] = None
        return reading

    def _locate(self, frame):
        """(the mat found in the frame: its calibration's figures; the frame's reading, asked
        for). A reader that finds the mat before it reads (CellReader.locate) is asked that
        alone first, so a frame read otherwise (straightened, or as it came) costs no read of
        its pieces; another reader reads the frame whole at once."""
        locate = getattr(self.reader, "locate", None)
        if locate is None:
            reading = self.reader.read(frame)
            return reading, lambda: reading
        found = locate(frame)
        return found, lambda: self.reader.read(frame, found)

    @staticmethod
    def _bent(found, shape) -> bool:
        """Whether the mat found fits one plane worse than a flat lens's frames (LOOK_PX)."""
        return found.calibrated and found.reprojection_px > LOOK_PX * frame_px(shape)

    def _find_lens(self, frame, found) -> tuple[Lens | None, float]:
        """(the lens, fitted to this frame's markers (``found``'s quick search, or the reader's
        own quick search), if it bends plainly, kept once found; the markers' fit to one plane
        as they are, NaN where too few were found to tell)."""
        shape = frame.shape[:2]
        detected = getattr(found, "quick", None)
        if detected is None:
            detected = self.reader.detector.detect(frame)  # (the reader's own quick search)
        if len(detected) < LEAST_MARKERS:
            return None, float("nan")  # too few to say: a hand over the mat, perhaps; the next frame may tell
        lens, flat, straight = fit_lens(detected, self.reader.markers, shape)
        if lens is not None:
            self.lenses[shape] = lens
            log.info("the camera's lens bends its %dx%d frames (%.0f px at the corners; the mat's markers fit one "
                     "plane within %.1f px, straightened %.1f): each frame is straightened before it is read",
                     shape[1], shape[0], lens.corner_px(), flat, straight)
        return lens, flat
