"""The companion starts without a camera: a missing or broken camera never stops a game."""
import dataclasses

import pytest

from companion import config as config_mod
from companion.games import TABLE
from companion.run import start
from patience import WAIT_SECONDS


@pytest.mark.parametrize("profile, said", [
    (None, "Camera off: teach the camera the pieces first, on the host page"),
    (b"not a profile", "Camera off: enter moves by phone"),
])
def test_no_camera_still_plays_from_phones(tmp_path, profile, said):
    base = config_mod.defaults(on_pi=False)
    cfg = dataclasses.replace(base, state_dir=tmp_path,
                              camera=dataclasses.replace(base.camera, source="usb:9"))
    if profile is not None:
        (tmp_path / "vision-profile.npz").write_bytes(profile)
    dev = start(cfg, simulate=False, port=0, host="127.0.0.1", camera_thread=False)
    try:
        dev.companion.new_game("paradominetor", {"seats": 3}).result(WAIT_SECONDS)
        assert dev.camera.follow() is None and dev.virtual_table is None  # the camera follows the game
        dev.companion.call(lambda: None)
        assert dev.companion.snapshot.message.startswith(said)
        dev.companion.submit({"type": "Play", "seat": 0, "tile": "red-3"}, "phone").result(WAIT_SECONDS)
        assert dev.companion.snapshot.view(TABLE)["current_trick"] == [{"seat": 0, "tile": "red-3"}]
    finally:
        dev.stop()


def test_a_port_another_program_holds_is_said_in_one_line_and_what_was_started_is_let_go(tmp_path, capsys):
    import socket

    from companion.run import run
    base = config_mod.defaults(on_pi=False)
    cfg = dataclasses.replace(base, state_dir=tmp_path, web=dataclasses.replace(base.web, host="127.0.0.1"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert run(cfg, simulate=True, port=port) == 2
    err = capsys.readouterr().err
    assert f"cannot serve the pages on port {port}" in err and "make run PORT=" in err
    assert "Traceback" not in err
    # nothing of the failed start holds on: the companion starts at once on a free port and plays
    dev = start(cfg, simulate=True, port=0, host="127.0.0.1", camera_thread=False)
    try:
        dev.companion.new_game("loop", {"players": 3}).result(WAIT_SECONDS)
        assert dev.companion.snapshot.session is not None
    finally:
        dev.stop()


FAULTS = """
import resource, sys
import numpy as np
from companion.run import give_frames_back
if not give_frames_back():
    sys.exit(3)
faults = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_minflt
def churn(size, times):
    for _ in range(times):
        a = np.ones(size, np.uint8)
        del a
churn(600_000, 3)
f = faults(); churn(600_000, 50); small = faults() - f
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize()
before = rss(); frame = np.ones(15 << 20, np.uint8); held = rss() - before
del frame
print(small, held, rss() - before)
"""


def test_frames_go_back_to_the_system_and_the_reader_s_smaller_blocks_stay_at_hand():
    """Under the companion's memory setting a 15 MB frame is handed back when freed (its pages
    are new each time), while blocks of a few hundred kB, which the readers make and free every
    frame, are kept rather than handed back and faulted in again."""
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", FAULTS], capture_output=True, text=True, cwd=root,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}, timeout=WAIT_SECONDS)
    if done.returncode == 3:
        pytest.skip("not glibc: the C library's own policy stands")
    assert done.returncode == 0, done.stderr
    small, held, kept = map(int, done.stdout.split())
    assert small < 5 * 600_000 // 4096, small  # 50 blocks: before, each one was faulted in anew
    assert held > 14 << 20 and kept < 1 << 20, (held, kept)  # the frame went back once freed
