"""picamera2 as a Raspberry Pi has it, for tests: the parts the companion uses, behaving as
picamera2's own source does (picamera2/picamera2.py), faults included.

- `Picamera2(num)` opens its notification pipe first, then looks the camera up: with no camera
  it raises IndexError, and a busy camera raises RuntimeError, both after the pipe is open.
- `close()` returns early for a camera that never opened, leaving that pipe open.
- `capture_array(name, wait=seconds)` raises TimeoutError when the camera has stalled; a stalled
  capture with no `wait` would block for ever, which this fake reports as a test failure.
- `autofocus_cycle(wait=...)` runs one sweep on a camera with an AfMode control (Camera Module 3).

`module(**settings)` gives a `picamera2` module to put in sys.modules; the settings are the
class attributes of `Picamera2` below.
"""
from __future__ import annotations

import os
import types

import numpy as np

IMX708 = [  # Camera Module 3's modes, as `sensor_modes` lists them
    {"format": "SRGGB10_CSI2P", "size": (1536, 864), "fps": 120.13, "crop_limits": (768, 432, 3072, 1728),
     "bit_depth": 10},
    {"format": "SRGGB10_CSI2P", "size": (2304, 1296), "fps": 56.03, "crop_limits": (0, 0, 4608, 2592),
     "bit_depth": 10},
    {"format": "SRGGB10_CSI2P", "size": (4608, 2592), "fps": 14.35, "crop_limits": (0, 0, 4608, 2592),
     "bit_depth": 10},
]
IMX219 = [  # Camera Module 2's
    {"format": "SRGGB10_CSI2P", "size": (640, 480), "fps": 103.33, "crop_limits": (1000, 752, 1280, 960),
     "bit_depth": 10},
    {"format": "SRGGB10_CSI2P", "size": (1640, 1232), "fps": 41.85, "crop_limits": (0, 0, 3280, 2464),
     "bit_depth": 10},
    {"format": "SRGGB10_CSI2P", "size": (1920, 1080), "fps": 47.57, "crop_limits": (680, 692, 1920, 1080),
     "bit_depth": 10},
    {"format": "SRGGB10_CSI2P", "size": (3280, 2464), "fps": 21.19, "crop_limits": (0, 0, 3280, 2464),
     "bit_depth": 10},
]


class Picamera2:
    cameras: list = [{"Model": "imx708", "Location": 2, "Rotation": 180, "Id": "/base/imx708@1a", "Num": 0}]
    modes: list = IMX708
    autofocus = True  # Camera Module 3 has a focus motor; 1, 2 and HQ do not
    busy = False  # another program holds the camera
    stalled = False  # frames stop coming
    largest = None  # a camera that gives at most this frame size, whatever is asked
    made: list = []  # every instance, for the tests to look at

    def __init__(self, camera_num=0):
        self.notifyme_r, self.notifyme_w = os.pipe2(os.O_NONBLOCK)
        self.notifymeread = os.fdopen(self.notifyme_r, "rb")
        self.is_open = False
        type(self).made.append(self)
        self.camera_idx = self.global_camera_info()[camera_num]["Num"]  # IndexError with no camera
        if self.busy:
            raise RuntimeError("Failed to acquire camera: Device or resource busy")
        self.is_open = True
        self.started = False
        self.controls: dict = {}
        self.focus_cycles = 0
        self.config = None
        self.size = None

    @classmethod
    def global_camera_info(cls):
        return list(cls.cameras)

    @property
    def sensor_modes(self):
        return [dict(m) for m in self.modes]

    @property
    def camera_controls(self):
        controls = {"ExposureTime": (75, 11766829, None), "AnalogueGain": (1.0, 16.0, None)}
        if self.autofocus:
            controls.update(AfMode=(0, 2, 0), AfTrigger=(0, 1, 0), LensPosition=(0.0, 32.0, 1.0))
        return controls

    def create_video_configuration(self, main={}, buffer_count=6, sensor={}, **_):
        self.config = {"main": dict(main), "buffer_count": buffer_count, "sensor": dict(sensor or {})}
        return self.config

    def configure(self, config):
        size = tuple(config["main"]["size"])
        self.size = size if self.largest is None else tuple(self.largest)

    def start(self):
        self.started = True

    def set_controls(self, controls):
        self.controls.update(controls)

    def autofocus_cycle(self, wait=None, signal_function=None):
        assert self.started and self.autofocus, "autofocus_cycle on a camera without a focus motor"
        assert isinstance(wait, (int, float)) and not isinstance(wait, bool), "an autofocus with no timeout"
        self.controls.update(AfMode="Auto", AfTrigger="Start")
        self.focus_cycles += 1
        return True

    def capture_array(self, name="main", wait=None, signal_function=None):
        assert self.started, "capture before start()"
        if self.stalled:
            if not isinstance(wait, (int, float)) or isinstance(wait, bool):
                raise AssertionError("a stalled camera captured with no timeout: this thread would hang for ever")
            raise TimeoutError()
        return np.full((self.size[1], self.size[0], 3), 128, np.uint8)

    def stop(self):
        self.started = False

    def close(self):
        if not self.is_open:
            return  # as picamera2: a camera that never opened keeps its pipe
        self.stop()
        self.is_open = False
        self.notifymeread.close()
        os.close(self.notifyme_w)


def module(**settings) -> types.ModuleType:
    """A `picamera2` module whose Picamera2 has these class attributes (cameras, modes, ...)."""
    fake = types.ModuleType("picamera2")
    fake.Picamera2 = type("Picamera2", (Picamera2,), {"made": [], **settings})
    return fake
