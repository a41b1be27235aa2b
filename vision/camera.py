"""Camera sources behind one interface: ``read() -> BGR frame or None``, ``close()``, ``with``.

- ``PiCamera``: the Raspberry Pi camera through picamera2 (from apt, imported only when used).
- ``WebCam``: a USB webcam through OpenCV VideoCapture.
- ``Replay``: a folder of images or a video file, frame by frame.
- ``SyntheticCamera``: frames rendered from a ``SyntheticTable`` (simulation and tests).

``open_source(spec)`` picks one from a string: "pi", "usb:0", a folder, a video, "synthetic".
"""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


class FrameSource:
    """One camera or a stand-in for one. Frames are BGR uint8 arrays."""

    def read(self) -> np.ndarray | None:
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        while (frame := self.read()) is not None:
            yield frame


class PiCamera(FrameSource):
    """The Pi camera. RGB888 in picamera2 is laid out B, G, R in memory: OpenCV's order.
    Two buffers only, so a frame handed out is fresh rather than queued behind older ones."""

    def __init__(self, size=(1280, 960), buffer_count: int = 2, camera_num: int = 0):
        try:
            from picamera2 import Picamera2  # apt's python3-picamera2, only on a Pi
        except ImportError as e:
            raise RuntimeError("picamera2 is not installed: on a Pi, `sudo apt install python3-picamera2` "
                               "and make the venv with --system-site-packages") from e
        self._cam = Picamera2(camera_num)
        config = self._cam.create_video_configuration(main={"size": tuple(size), "format": "RGB888"},
                                                      buffer_count=buffer_count)
        self._cam.configure(config)
        self._cam.start()

    def read(self):
        if self._cam is None:
            return None
        return self._cam.capture_array("main")

    def close(self):
        if self._cam is not None:
            self._cam.stop()
            self._cam.close()
            self._cam = None


class WebCam(FrameSource):
    """A USB webcam through OpenCV. A one-frame buffer keeps reads current where the backend
    honours it."""

    def __init__(self, index: int = 0, size=(1280, 960)):
        self._cap = cv2.VideoCapture(index)
        if not self._cap.isOpened():
            raise RuntimeError(f"no webcam at index {index}")
        self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        self._cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)

    def read(self):
        if self._cap is None:
            return None
        ok, frame = self._cap.read()
        return frame if ok else None

    def close(self):
        if self._cap is not None:
            self._cap.release()
            self._cap = None


class Replay(FrameSource):
    """Frames from a folder of images (in name order) or from a video file; ``loop`` starts
    again at the end instead of returning None."""

    def __init__(self, path, loop: bool = False):
        self.path = Path(path)
        self.loop = loop
        self._files: list[Path] = []
        self._cap = None
        self._i = 0
        if self.path.is_dir():
            self._files = sorted(p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            if not self._files:
                raise ValueError(f"no images in {self.path}")
        elif self.path.is_file():
            self._cap = cv2.VideoCapture(str(self.path))
            if not self._cap.isOpened():
                raise ValueError(f"cannot open video {self.path}")
        else:
            raise ValueError(f"no such folder or video: {self.path}")

    def read(self):
        if self._files:
            if self._i >= len(self._files):
                if not self.loop:
                    return None
                self._i = 0
            frame = cv2.imread(str(self._files[self._i]), cv2.IMREAD_COLOR)
            self._i += 1
            return frame
        if self._cap is None:
            return None
        ok, frame = self._cap.read()
        if not ok and self.loop:
            self._cap.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, frame = self._cap.read()
        return frame if ok else None

    def close(self):
        if self._cap is not None:
            self._cap.release()
            self._cap = None
        self._files = []


class SyntheticCamera(FrameSource):
    """Renders the synthetic table as it stands at each read; the table may change between
    reads (the simulation page places, flips and removes tiles on it)."""

    def __init__(self, table, hand=None):
        self.table = table
        self.hand = hand  # (x_mm, y_mm, angle) of a hand over the mat, or None

    def read(self):
        return self.table.render(hand=self.hand) if self.table is not None else None

    def close(self):
        self.table = None


def open_source(spec: str, size=(1280, 960), layout=None, tiles=None) -> FrameSource:
    """"pi", "usb" or "usb:N", "synthetic", or a path to a folder of images or a video.
    "synthetic" needs the mat's ``layout`` and the game's ``tiles`` (a TileSet)."""
    if spec == "pi":
        return PiCamera(size)
    if spec == "usb" or spec.startswith("usb:"):
        return WebCam(int(spec.split(":")[1]) if ":" in spec else 0, size)
    if spec == "synthetic":
        from .synthetic import SyntheticTable

        if layout is None or tiles is None:
            raise ValueError("a synthetic camera needs the mat layout and the game's tiles")
        return SyntheticCamera(SyntheticTable(layout, tiles, frame_size=size))
    return Replay(spec)
