"""Is the table moving, has it settled, and did it change since it was last read?

A cheap look at every frame decides when the full recognition runs: a small copy of the frame
(every few pixels sampled, then averaged; in colour, since a red and a blue piece can be the same
grey) is compared with the frame before and with the
frame last read. A hand, a tile being slid or a disc dropping changes it from one frame to the
next: the table is moving and nothing is read. Once two frames in a row look alike the table
has settled, and only if it looks different from the last reading is it read again, and only in
the areas of the mat that changed.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

WIDTH = 160        # the small frame's width in pixels (a 1280-wide frame: 8 pixels to one)
LEVELS = 10        # a grey step this large is a change (sensor noise averages well below it)
PIXELS = 2         # this many changed small pixels are a change (a tile covers about a hundred)


@dataclass(frozen=True)
class Look:
    moving: bool     # unlike the frame before: something moves (or this is the first frame)
    changed: bool    # unlike the frame last read
    box: tuple | None = None  # where it differs from the frame last read: x0, y0, x1, y1 in frame pixels


class ChangeDetector:
    """Feed it every frame (``look``); tell it which frame's reading held (``read``)."""

    def __init__(self, width: int = WIDTH, levels: int = LEVELS, pixels: int = PIXELS):
        self.width, self.levels, self.pixels = width, levels, pixels
        self._before: np.ndarray | None = None  # the small frame before this one
        self._read: np.ndarray | None = None    # the small frame whose reading holds
        self._scale = 1.0                       # frame pixels per small pixel

    def small(self, frame) -> np.ndarray:
        """The frame at about ``width`` pixels across: every few pixels sampled, then averaged
        two by two, so one look costs a small fraction of any pass over the frame."""
        step = max(1, frame.shape[1] // (2 * self.width))
        sampled = np.ascontiguousarray(frame[::step, ::step])
        h, w = sampled.shape[0] // 2, sampled.shape[1] // 2
        self._scale = frame.shape[1] / max(w, 1)
        return cv2.resize(sampled, (w, h), interpolation=cv2.INTER_AREA)

    def look(self, frame) -> Look:
        now = self.small(frame)
        before, self._before = self._before, now
        moving = before is None or before.shape != now.shape or self._differs(now, before) is not None
        box = None
        if self._read is None or self._read.shape != now.shape:
            changed = True
        else:
            box = self._differs(now, self._read)
            changed = box is not None
        return Look(moving, changed, box)

    def read(self) -> None:
        """The last frame looked at was read, and its reading holds: later frames are compared with it."""
        self._read = self._before

    def forget(self) -> None:
        """Read the next settled frame whatever it looks like (a new game, a new camera)."""
        self._read = None

    def _differs(self, a, b) -> tuple | None:
        """Where a and b differ by more than noise, after any change of the light over the
        whole frame (a lamp, the camera's exposure): a box in frame pixels, or None."""
        hot = self._hot(cv2.absdiff(a, b))
        if hot is not None:
            shift = np.subtract(cv2.mean(a)[:3], cv2.mean(b)[:3])  # the whole frame lighter or darker
            if np.abs(shift).max() >= 1.0:
                d = np.abs(a.astype(np.int16) - b.astype(np.int16) - np.rint(shift[:a.shape[-1]]).astype(np.int16))
                hot = self._hot(d.astype(np.uint8))
        if hot is None:
            return None
        ys, xs = np.nonzero(hot)
        xs //= a.shape[2] if a.ndim == 3 else 1
        s = self._scale
        return (int(xs.min() * s), int(ys.min() * s), int((xs.max() + 1) * s), int((ys.max() + 1) * s))

    def _hot(self, d):
        """Pixels (colour values side by side) differing by more than ``levels``, if enough do."""
        _, hot = cv2.threshold(d.reshape(d.shape[0], -1), self.levels, 255, cv2.THRESH_BINARY)
        return hot if cv2.countNonZero(hot) >= self.pixels else None
