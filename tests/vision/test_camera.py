import os
import sys

import cv2
import numpy as np
import pytest

import fake_picamera2
from vision.camera import CameraUnavailable, PiCamera, Replay, SyntheticCamera, load_picamera2, open_source


def test_importing_vision_does_not_import_picamera2():
    import vision.camera  # noqa: F401
    import vision.recognise  # noqa: F401

    assert "picamera2" not in sys.modules


def test_pi_camera_off_the_pi_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # as on a laptop
    with pytest.raises(CameraUnavailable, match="python3-picamera2"):
        PiCamera()


def test_a_picamera2_built_for_another_numpy_is_said_with_its_fix():
    """apt's picamera2 (its simplejpeg) built against numpy 1.x under a venv's numpy 2 fails
    with a ValueError, not an ImportError (picamera2 issues 1088, 1211)."""
    def import_module(name):
        raise ValueError("numpy.dtype size changed, may indicate binary incompatibility. "
                         "Expected 96 from C header, got 88 from PyObject")
    with pytest.raises(CameraUnavailable, match="system's numpy.*install.sh"):
        load_picamera2(import_module)

    def broken(name):
        raise OSError("libcamera.so.0.3: cannot open shared object file")
    with pytest.raises(CameraUnavailable, match="cannot load: libcamera.so"):
        load_picamera2(broken)


def test_pi_camera_asks_for_bgr_frames_and_few_buffers(monkeypatch):
    fake = fake_picamera2.module(modes=fake_picamera2.IMX219, autofocus=False)
    monkeypatch.setitem(sys.modules, "picamera2", fake)
    with PiCamera((1280, 960)) as cam:
        assert cam.read().shape == (960, 1280, 3)
        made = fake.Picamera2.made[0]
        assert made.config["main"] == {"size": (1280, 960), "format": "RGB888"}
        assert made.config["buffer_count"] <= 3
        # the whole field of Camera Module 2 at the fewest pixels that still give 1280x960
        assert made.config["sensor"] == {"output_size": (1640, 1232), "bit_depth": 10}
        assert cam.focused is None and made.focus_cycles == 0  # a fixed-focus module is left alone
    assert not made.started and not made.is_open


def test_camera_module_3_gives_its_whole_field_and_focuses_once(monkeypatch):
    """Its sensor is 16:9: a 4:3 frame would crop the sides of the mat away. One autofocus
    sweep when it opens, then the lens stays (a continuous focus would hunt at every hand)."""
    fake = fake_picamera2.module()
    monkeypatch.setitem(sys.modules, "picamera2", fake)
    with PiCamera((2592, 1944)) as cam:
        made = fake.Picamera2.made[0]
        w, h = made.config["main"]["size"]
        assert abs(w / h - 16 / 9) < 0.01 and w * h >= 0.97 * 2592 * 1944
        assert made.config["sensor"]["output_size"] == (4608, 2592)  # the smallest whole-field mode with enough pixels
        assert cam.focused is True and made.focus_cycles == 1 and made.controls["AfMode"] == "Auto"
        cam.read()
        cam.read()
        assert made.focus_cycles == 1
    with PiCamera((1280, 960)):
        assert fake.Picamera2.made[1].config["sensor"]["output_size"] == (2304, 1296)


def test_a_stalled_camera_times_out_instead_of_hanging(monkeypatch):
    fake = fake_picamera2.module()
    monkeypatch.setitem(sys.modules, "picamera2", fake)
    with PiCamera((1280, 960)) as cam:
        assert cam.read() is not None
        fake.Picamera2.stalled = True
        with pytest.raises(TimeoutError):
            cam.read()


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.parametrize("fault", ["no camera", "busy"])
def test_a_camera_that_stays_gone_leaks_nothing(monkeypatch, fault):
    """The companion looks for a lost camera again and again: each look must give back what it
    took, or after an evening the companion runs out of descriptors and phones cannot connect."""
    settings = {"cameras": []} if fault == "no camera" else {"busy": True}
    monkeypatch.setitem(sys.modules, "picamera2", fake_picamera2.module(**settings))
    PiCamera.__init__  # noqa: B018 - warm imports before counting
    with pytest.raises(CameraUnavailable):
        PiCamera()
    before = _open_descriptors()
    for _ in range(200):
        with pytest.raises(CameraUnavailable, match="no camera found" if fault == "no camera" else "would not open"):
            PiCamera()
    assert _open_descriptors() == before


def test_replay_a_folder_in_name_order(tmp_path):
    for i in (2, 0, 1):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), np.full((8, 8, 3), i * 50, np.uint8))
    (tmp_path / "notes.txt").write_text("not a frame")
    with Replay(tmp_path) as src:
        assert [int(f[0, 0, 0]) for f in src] == [0, 50, 100]
    looped = Replay(tmp_path, loop=True)
    assert [int(looped.read()[0, 0, 0]) for _ in range(4)] == [0, 50, 100, 0]


def test_replay_a_video(tmp_path):
    path = tmp_path / "table.avi"
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    if not out.isOpened():
        pytest.skip("no MJPG writer in this OpenCV build")
    for i in range(5):
        out.write(np.full((48, 64, 3), i * 40, np.uint8))
    out.release()
    frames = list(open_source(str(path)))
    assert len(frames) == 5 and frames[0].shape == (48, 64, 3)


def test_replay_of_nothing_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="no images"):
        Replay(tmp_path)
    with pytest.raises(ValueError, match="no such"):
        Replay(tmp_path / "missing")


def test_synthetic_camera_shows_the_table_as_it_stands(layout, tiles):
    from vision.synthetic import SyntheticTable

    table = SyntheticTable(layout, tiles, seed=1, frame_size=(640, 480))
    with SyntheticCamera(table) as cam:
        empty = cam.read()
        table.place("red-1", 210, 150)
        with_tile = cam.read()
        assert empty.shape == (480, 640, 3)
        assert np.abs(with_tile.astype(int) - empty.astype(int)).mean() > 0.5
    assert cam.read() is None
