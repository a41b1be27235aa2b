"""A reader's steps timed where they run, for the cost breakdowns (discs_cost.py,
dominoes_cost.py): a tool's helper, not a test."""
from __future__ import annotations

import time
from collections import Counter

import cv2

SPENT: Counter = Counter()  # a step's name -> CPU seconds in it, the steps it calls included


def timed(owner, name):
    """``owner.name`` (a module's function or a class's method) replaced by itself, timed."""
    work = getattr(owner, name)

    def step(*args, **kwargs):
        c0 = time.process_time()
        try:
            return work(*args, **kwargs)
        finally:
            SPENT[name] += time.process_time() - c0
    setattr(owner, name, step)


def beside_aruco(aruco, read, frames) -> tuple[float, float]:
    """CPU seconds of OpenCV's ArUco detection and of ``read``, on the same frames in turn."""
    reference = whole = 0.0
    for frame in frames:
        c0 = time.process_time()
        aruco.detectMarkers(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY))
        c1 = time.process_time()
        read(frame)
        c2 = time.process_time()
        reference, whole = reference + c1 - c0, whole + c2 - c1
    return reference, whole


def report(printing: str, frames: int, reference: float, whole: float, width: int = 16) -> None:
    """The reader's time a frame beside ArUco's, then each step's, most first."""
    ms = 1000 / frames
    print(f"{printing} printing, {frames} frames: the reader {whole * ms:.2f} ms a frame, ArUco "
          f"{reference * ms:.2f} ms ({whole / reference:.2f}x)")
    for name, spent in SPENT.most_common():
        print(f"  {name:<{width}} {spent * ms:6.2f} ms")
