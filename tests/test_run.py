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
