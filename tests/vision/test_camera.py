import sys

import cv2
import numpy as np
import pytest

from vision.camera import PiCamera, Replay, SyntheticCamera, open_source


def test_importing_vision_does_not_import_picamera2():
    import vision.camera  # noqa: F401
    import vision.recognise  # noqa: F401

    assert "picamera2" not in sys.modules


def test_pi_camera_off_the_pi_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # as on a laptop
    with pytest.raises(RuntimeError, match="python3-picamera2"):
        PiCamera()


def test_pi_camera_asks_for_bgr_frames_and_few_buffers(monkeypatch):
    calls = {}

    class FakePicamera2:
        def __init__(self, num):
            calls["num"] = num

        def create_video_configuration(self, main, buffer_count):
            calls["main"], calls["buffers"] = main, buffer_count
            return "cfg"

        def configure(self, cfg):
            calls["configured"] = cfg

        def start(self):
            calls["started"] = True

        def capture_array(self, name):
            return np.zeros((960, 1280, 3), np.uint8)

        def stop(self):
            calls["stopped"] = True

        def close(self):
            calls["closed"] = True

    fake = type(sys)("picamera2")
    fake.Picamera2 = FakePicamera2
    monkeypatch.setitem(sys.modules, "picamera2", fake)
    with PiCamera((1280, 960)) as cam:
        assert cam.read().shape == (960, 1280, 3)
    assert calls["main"] == {"size": (1280, 960), "format": "RGB888"} and calls["buffers"] <= 3
    assert calls["stopped"] and calls["closed"]


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
