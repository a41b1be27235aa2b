"""Camera sources behind one interface: ``read() -> BGR frame or None``, ``close()``, ``with``.

- ``PiCamera``: the Raspberry Pi camera through picamera2 (from apt, imported only when used).
- ``WebCam``: a USB webcam through OpenCV VideoCapture.
- ``Replay``: a folder of images or a video file, frame by frame.
- ``SyntheticCamera``: frames rendered from a ``SyntheticTable`` (simulation and tests).

``open_source(spec)`` picks one from a string: "pi", "usb:0", a folder, a video, "synthetic".
OpenCV and numpy are imported where a source needs them, so the service can name this module's
errors without loading them.
"""
from __future__ import annotations

import importlib
import logging
import os
from pathlib import Path

from .errors import VisionError

log = logging.getLogger("paradox-table")

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


class CameraUnavailable(VisionError, RuntimeError):
    """The camera cannot be used; the message says why and what to do, in an owner's words (for
    the log and `paradox-table doctor`, not the table). ``software``: the camera's software would
    not load, which no cable mends."""

    def __init__(self, message: str, software: bool = False):
        super().__init__(message)
        self.software = software


def load_picamera2(import_module=importlib.import_module):
    """apt's picamera2, or CameraUnavailable saying why it cannot load.

    Not only ImportError: a venv whose numpy is not the one apt's picamera2 and simplejpeg were
    built against fails with a ValueError ("numpy.dtype size changed, may indicate binary
    incompatibility"; picamera2 issues 1088 and 1211), and libcamera's bindings can fail in
    other ways. Each is a camera the companion cannot use, said once in words that lead to the fix.
    """
    try:
        return import_module("picamera2")
    except ImportError as e:
        raise CameraUnavailable("picamera2 is not installed: on a Pi, `sudo apt install python3-picamera2` "
                                "and make the venv with --system-site-packages", software=True) from e
    except ValueError as e:
        if "binary incompatib" in str(e) or "numpy" in str(e):
            raise CameraUnavailable(
                f"picamera2 cannot load with this numpy ({_numpy_version()}): apt's picamera2 is built "
                "against the system's numpy, which the venv must use; run `sudo firmware/install.sh` "
                "again to pin it", software=True) from e
        raise CameraUnavailable(f"picamera2 cannot load: {_first_line(e)}", software=True) from e
    except Exception as e:  # libcamera's bindings, a broken apt install: still no camera
        raise CameraUnavailable(f"picamera2 cannot load: {_first_line(e)}; "
                                "`sudo apt install --reinstall python3-picamera2` may mend it", software=True) from e


def _numpy_version() -> str:
    import numpy as np
    return f"numpy {np.__version__} from {Path(np.__file__).parent.parent}"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def full_view_mode(modes: list[dict], size) -> dict | None:
    """The sensor mode to read `size` from: the smallest one that sees the sensor's whole field
    (a cropped mode would cut the mat's edge off) and has at least `size`'s pixels, else the
    largest whole-field one. picamera2's `sensor_modes` lists each mode's `size` and the part of
    the sensor it reads (`crop_limits`: x, y, w, h); the whole field is the widest of those.
    """
    modes = [m for m in modes if m.get("size") and m.get("crop_limits")]
    if not modes:
        return None
    widest = max(m["crop_limits"][2] * m["crop_limits"][3] for m in modes)
    whole = [m for m in modes if m["crop_limits"][2] * m["crop_limits"][3] >= widest * 0.98]
    pixels = size[0] * size[1]
    enough = [m for m in whole if m["size"][0] * m["size"][1] >= pixels]
    pick = min if enough else max
    return pick(enough or whole, key=lambda m: (m["size"][0] * m["size"][1], -m.get("bit_depth", 0)))


def frame_for(mode: dict | None, size) -> tuple[int, int]:
    """The frame to ask the ISP for: `size`'s pixel count in the mode's own shape, so a 16:9
    sensor (Camera Module 3) gives its whole field rather than a 4:3 crop of it."""
    if mode is None:
        return tuple(size)
    mw, mh = mode["size"]
    if abs(mw * size[1] / (mh * size[0]) - 1) < 0.02:  # the same shape: as asked
        return tuple(size)
    pixels = min(size[0] * size[1], mw * mh)
    height = (pixels * mh / mw) ** 0.5
    width = height * mw / mh
    return (int(width) // 16 * 16, int(height) // 2 * 2)  # ISP-friendly: a 16-pixel stride, even rows


class PiCamera(FrameSource):
    """The Pi camera. RGB888 in picamera2 is laid out B, G, R in memory: OpenCV's order.
    Two buffers only, so a frame handed out is fresh rather than queued behind older ones.

    Every wait has a timeout: picamera2's `wait=` given seconds raises TimeoutError (picamera2
    `dispatch_functions`, since 0.3.20): a stalled camera is a lost camera, never a hung thread.
    """

    CAPTURE_SECONDS = 2.0  # a frame takes 1/30 s; this long without one is a stalled camera
    FOCUS_SECONDS = 5.0  # one autofocus sweep of Camera Module 3 takes about a second

    def __init__(self, size=(1280, 960), buffer_count: int = 2, camera_num: int = 0,
                 import_module=importlib.import_module):
        Picamera2 = load_picamera2(import_module).Picamera2
        # Picamera2() opens a pipe before it looks the camera up and its close() returns early
        # for a camera that never opened (picamera2.py, __init__ and close): a missing camera
        # looked for every few minutes would leak a descriptor each time. Ask first.
        try:
            cameras = Picamera2.global_camera_info()
        except Exception as e:
            raise CameraUnavailable(f"libcamera cannot list the cameras: {_first_line(e)}") from e
        if camera_num >= len(cameras):
            raise CameraUnavailable("no camera found: check the ribbon cable (contacts towards the board "
                                    "on a Pi 5), then `paradox-table doctor`")
        cam = Picamera2.__new__(Picamera2)
        try:
            cam.__init__(camera_num)
        except Exception as e:
            _free_failed_open(cam)
            raise CameraUnavailable(f"the camera would not open: {_first_line(e)}") from e
        try:
            self.mode = full_view_mode(getattr(cam, "sensor_modes", None) or [], size)
            main = {"size": frame_for(self.mode, size), "format": "RGB888"}
            sensor = {"output_size": self.mode["size"], "bit_depth": self.mode["bit_depth"]} \
                if self.mode and self.mode.get("bit_depth") else None
            config = cam.create_video_configuration(main=main, buffer_count=buffer_count,
                                                    **({"sensor": sensor} if sensor else {}))
            cam.configure(config)
            cam.start()
            self.focused = _focus_once(cam, self.FOCUS_SECONDS)
        except Exception as e:
            cam.close()
            raise CameraUnavailable(f"the camera would not start: {_first_line(e)}") from e
        self._cam = cam

    def read(self):
        if self._cam is None:
            return None
        return self._cam.capture_array("main", wait=self.CAPTURE_SECONDS)

    def close(self):
        if self._cam is not None:
            cam, self._cam = self._cam, None
            try:
                cam.stop()
            finally:
                cam.close()


def _focus_once(cam, seconds: float) -> bool | None:
    """Camera Module 3: one autofocus sweep over the mat, then the lens stays there (AfMode Auto
    holds its position until triggered again; Continuous would hunt whenever a hand passes).
    picamera2 leaves autofocus off, so without this the lens sits where the tuning file puts it.
    Fixed-focus modules (no AfMode control) are left alone: None. (picamera2 manual, "Autofocus")."""
    if "AfMode" not in (getattr(cam, "camera_controls", None) or {}):
        return None
    try:
        return bool(cam.autofocus_cycle(wait=seconds))
    except TimeoutError:
        log.warning("the camera's autofocus did not settle in %.0f s; reading as it is", seconds)
        return False


def _free_failed_open(cam) -> None:
    """What a Picamera2 whose __init__ failed still holds: the notification pipe it opened
    first (its close() skips it for a camera that never opened)."""
    reader = cam.__dict__.get("notifymeread")
    if reader is not None:
        reader.close()
    fd = cam.__dict__.get("notifyme_w")
    if isinstance(fd, int):
        try:
            os.close(fd)
        except OSError:
            pass


class WebCam(FrameSource):
    """A USB webcam through OpenCV. A one-frame buffer keeps reads current where the backend
    honours it."""

    def __init__(self, index: int = 0, size=(1280, 960)):
        import cv2
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
        import cv2
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
        import cv2
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
