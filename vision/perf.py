"""Keeping the vision pipeline on one core.

The frame budget is for one core of a Raspberry Pi. OpenCV is told so with
cv2.setNumThreads(1); numpy's BLAS (used for glyph correlation) starts a thread per core,
and for our small matrices those threads cost more than they save, badly so when other
processes share the CPU. ``single_threaded()`` limits both, without extra dependencies.
"""
from __future__ import annotations

import ctypes
import glob
import os

import cv2
import numpy as np

_DONE = False


def single_threaded() -> bool:
    """Run OpenCV and numpy's BLAS on one thread each. Returns True if the BLAS limit took."""
    global _DONE
    cv2.setNumThreads(1)
    if _DONE:
        return True
    libs = glob.glob(os.path.join(os.path.dirname(np.__file__), os.pardir, "numpy.libs", "*openblas*"))
    libs += glob.glob(os.path.join(os.path.dirname(np.__file__), ".dylibs", "*openblas*"))
    for path in libs:
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for name in ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
                     "openblas_set_num_threads64_", "openblas_set_num_threads"):
            fn = getattr(lib, name, None)
            if fn is not None:
                fn(1)
                _DONE = True
                return True
    return False
