"""A camera sensor's noise for the test printings' photographs: unit Gaussian noise per pixel and
channel, as a random window of a field drawn once per frame size. Drawing millions of fresh
normals for every photograph costs more than all the rest of it; within one frame a window is as
random as a fresh draw, and no reader compares two frames' noise."""
import numpy as np

MARGIN = 64
_FIELDS: dict = {}


def grain(shape, rng) -> np.ndarray:
    """Unit noise of `shape` (h, w, 3), float32, at a window chosen with `rng`."""
    h, w = shape[:2]
    if (h, w) not in _FIELDS:
        _FIELDS[h, w] = np.random.default_rng(20261127).standard_normal((h + MARGIN, w + MARGIN, 3), dtype=np.float32)
    y, x = (int(v) for v in rng.integers(MARGIN, size=2))
    return _FIELDS[h, w][y:y + h, x:x + w]
