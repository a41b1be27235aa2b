"""Faults the table must ride out: the camera lost and found, the OLED failing on I2C, a full
disk, damaged files (config, enrolment profile, database) and a database from this release
read by the next. Each is injected, and the game goes on with nothing lost."""
import dataclasses
import logging
import sqlite3

import pytest
from luma.core.device import dummy

from companion import config as config_mod
from companion.camera import CameraLoop, Pipeline
from companion.games import TABLE
from companion.run import screen_for
from companion.service import Companion
from companion.store import FORMAT, StorageFull, Store, StoreError, open_store
from hardware.display import Display
from tablekit import options_for
from web.app import Extras, create_app
from patience import WAIT_SECONDS

HOST = "h" * 43
PLAY = {"type": "Play", "seat": 0, "tile": "red-3"}


# ------------------------------------------------------------------ the camera lost and found

class Camera:
    """A camera that can be unplugged: frames() raises while it is gone, as a driver does."""

    def __init__(self):
        self.plugged, self.opened, self.frames = True, 0, 0

    def open(self, name):
        if not self.plugged:
            raise RuntimeError("no camera at index 0")
        self.opened += 1
        return Pipeline(name, self.frame, reader=type("R", (), {"read": lambda s, f: None})(),
                        tracker=type("T", (), {"update": lambda s, r: []})(), zones=())

    def frame(self):
        if not self.plugged:
            raise OSError("the camera is gone")
        self.frames += 1
        return object()


def test_the_camera_lost_mid_game_is_said_play_goes_on_and_it_is_picked_up_again(companion):
    camera = Camera()
    loop = CameraLoop(companion, camera.open, retry_seconds=0.0)
    companion.new_game("paradominetor", {"seats": 3}).result(WAIT_SECONDS)
    loop.step()
    assert camera.opened == 1 and camera.frames == 1
    camera.plugged = False
    loop.step()
    companion.call(lambda: None)
    snap = companion.snapshot
    assert snap.message == CameraLoop.LOST
    assert screen_for(snap, "http://x.local/") == ("error", {"text": CameraLoop.LOST})  # the OLED
    from companion.i18n import translate
    assert translate(snap.message, "ja").startswith("カメラが見つかりません")  # a Japanese table reads it too
    for _ in range(3):  # looked for again, quietly: the OLED is not flooded
        assert loop.step() is None
    # The game goes on from the phones and the buttons.
    companion.submit(PLAY, "phone").result(WAIT_SECONDS)
    companion.button("next").result(WAIT_SECONDS)
    assert snap.version < companion.snapshot.version
    assert companion.snapshot.view(TABLE)["current_trick"] == [{"seat": 0, "tile": "red-3"}]
    camera.plugged = True
    loop.step()  # found again, without a restart
    companion.call(lambda: None)
    assert camera.opened == 2 and companion.snapshot.message == CameraLoop.BACK
    loop.step()
    assert camera.frames >= 2 and loop.pipeline is not None


def test_a_mat_the_camera_keeps_finding_unseen_or_covered_is_said_once_and_again_after_a_clear_look(companion):
    """The camera knocked aside, or a cup left on the mat's edge: the table waits, and after a
    while is told why, once (not every frame); a clear look starts over."""
    from vision.reading import FrameReading
    now = {"t": 0.0}
    seen = {"reading": FrameReading(True, [0, 1, 2, 3])}
    camera = Camera()
    opened = camera.open

    def open_reading(name):
        pipeline = opened(name)
        pipeline.reader = type("R", (), {"read": lambda s, f: seen["reading"]})()
        return pipeline
    loop = CameraLoop(companion, open_reading, clock=lambda: now["t"])
    companion.new_game("paradominetor", {"seats": 3}).result(WAIT_SECONDS)

    def look(reading, seconds):
        seen["reading"] = reading
        now["t"] += seconds
        loop.step()
        companion.call(lambda: None)
        return companion.snapshot.message
    quiet = look(FrameReading(True, [0, 1, 2, 3]), 1)
    assert look(FrameReading(False, [0]), 1) == quiet  # knocked aside: not said at once
    assert look(FrameReading(False, [0]), CameraLoop.BLOCKED_SECONDS - 2) == quiet
    assert look(FrameReading(False, [0]), 2) == CameraLoop.UNSEEN
    companion.submit(PLAY, "phone").result(WAIT_SECONDS)  # play goes on by phone; the OLED moves on
    assert look(FrameReading(False, [0]), 60) != CameraLoop.UNSEEN  # said once only
    look(FrameReading(True, [0, 1, 2, 3]), 1)  # put back
    assert look(FrameReading(True, [0, 1, 2, 3], hand_in_view=True), 1) != CameraLoop.COVERED
    assert look(FrameReading(True, [0, 1, 2, 3], hand_in_view=True), CameraLoop.BLOCKED_SECONDS) == CameraLoop.COVERED


def test_a_usb_camera_that_only_goes_silent_is_lost_after_a_while_and_found_again(companion):
    """OpenCV's capture of an unplugged USB camera returns no frame rather than an error: a
    frame missed now and then is no loss, SILENT_SECONDS without one is a lost camera."""
    camera, now = Camera(), [0.0]
    silent = {"now": False}
    frame = camera.frame
    camera.frame = lambda: None if silent["now"] else frame()
    loop = CameraLoop(companion, camera.open, retry_seconds=0.0, clock=lambda: now[0])
    companion.new_game("paradominetor", {"seats": 3}).result(WAIT_SECONDS)
    loop.step()
    silent["now"] = True
    for _ in range(3):  # silent for less than SILENT_SECONDS: still the camera, not lost
        loop.step()
        now[0] += CameraLoop.SILENT_SECONDS / 3 - 0.01
    loop.step()
    companion.call(lambda: None)
    assert companion.snapshot.message != CameraLoop.LOST and loop.pipeline is not None
    now[0] += 0.05
    loop.step()
    companion.call(lambda: None)
    assert loop.pipeline is None and companion.snapshot.message == CameraLoop.LOST
    silent["now"] = False
    loop.step()
    companion.call(lambda: None)
    assert companion.snapshot.message == CameraLoop.BACK and camera.opened == 2


def test_a_camera_that_stays_gone_is_looked_for_less_and_less_often(companion):
    """Unplugged for the whole evening: a look every few minutes at most, not every 3 s."""
    camera, now = Camera(), [0.0]
    loop = CameraLoop(companion, camera.open, retry_seconds=3.0, clock=lambda: now[0])
    companion.new_game("paradominetor", {"seats": 3}).result(WAIT_SECONDS)
    loop.step()
    camera.plugged = False
    loop.step()  # lost
    looks = []
    while now[0] < 3600:
        now[0] += 1.0
        before = loop.looks
        loop.step()
        if loop.looks > before:
            looks.append(now[0])
    gaps = [b - a for a, b in zip(looks, looks[1:])]
    assert looks[0] <= 4 and gaps[:4] == sorted(gaps[:4]) and gaps[0] < gaps[3]
    assert max(gaps) <= CameraLoop.RETRY_MAX_SECONDS + 1 and len(looks) < 25
    camera.plugged = True
    now[0] += CameraLoop.RETRY_MAX_SECONDS
    loop.step()
    companion.call(lambda: None)
    assert loop.pipeline is not None and companion.snapshot.message == CameraLoop.BACK
    camera.plugged = False
    loop.step()  # lost again: the first look comes soon again
    now[0] += 4
    before = loop.looks
    loop.step()
    assert loop.looks == before + 1


def test_a_stalled_pi_camera_is_a_lost_camera_said_on_the_oled(companion, monkeypatch):
    import sys

    import fake_picamera2
    from vision.camera import PiCamera
    fake = fake_picamera2.module()
    monkeypatch.setitem(sys.modules, "picamera2", fake)
    cams = []

    def open_pi(name):
        cams.append(PiCamera((1280, 960)))
        return Pipeline(name, cams[-1].read, reader=type("R", (), {"read": lambda s, f: None})(),
                        tracker=type("T", (), {"update": lambda s, r: []})(), zones=(), close=cams[-1].close)

    loop = CameraLoop(companion, open_pi, retry_seconds=0.0)
    companion.new_game("paradominetor", {"seats": 3}).result(WAIT_SECONDS)
    loop.step()
    assert loop.last_frame is not None
    fake.Picamera2.stalled = True
    loop.step()  # the capture times out: picamera2 raises TimeoutError
    companion.call(lambda: None)
    assert companion.snapshot.message == CameraLoop.LOST and loop.pipeline is None
    assert not fake.Picamera2.made[0].is_open  # closed, so it can be opened again
    fake.Picamera2.stalled = False
    loop.step()
    companion.call(lambda: None)
    assert companion.snapshot.message == CameraLoop.BACK and len(cams) == 2


def test_a_camera_missing_when_the_game_starts_is_said_with_why_and_looked_for_again(companion):
    from vision.camera import CameraUnavailable
    camera, now = Camera(), [0.0]

    def open_or_say(name):
        if not camera.plugged:
            raise CameraUnavailable("no camera found: check the ribbon cable")
        return camera.open(name)

    camera.plugged = False
    loop = CameraLoop(companion, open_or_say, retry_seconds=3.0, clock=lambda: now[0])
    companion.new_game("paradominetor", {"seats": 3}).result(WAIT_SECONDS)
    loop.step()
    companion.call(lambda: None)
    # the owner's words (a cable's contacts, a command) go to the log; the table is told what it can do
    assert companion.snapshot.message == "Camera off: enter moves by phone; check the camera's cable; it is looked for again"
    camera.plugged = True
    now[0] += 3.5
    loop.step()
    companion.call(lambda: None)
    assert loop.pipeline is not None and companion.snapshot.message == CameraLoop.BACK


def test_a_camera_whose_software_will_not_load_says_so_not_the_cable_and_no_command(companion):
    from vision.camera import CameraUnavailable, load_picamera2

    def broken(name):
        def no_numpy(module):
            raise ValueError("numpy.dtype size changed, may indicate binary incompatibility")
        load_picamera2(no_numpy)

    loop = CameraLoop(companion, broken, retry_seconds=3.0, clock=lambda: 0.0)
    companion.new_game("paradominetor", {"seats": 3}).result(WAIT_SECONDS)
    with pytest.raises(CameraUnavailable):
        broken("paradominetor")
    loop.step()
    companion.call(lambda: None)
    said = companion.snapshot.message
    assert said.startswith("Camera off: enter moves by phone; the camera's software would not load")
    assert "sudo" not in said and "cable" not in said


# ------------------------------------------------------------------ the OLED failing on I2C

class FlakyPanel(dummy):
    """luma's dummy panel whose I2C bus fails while `broken` (as smbus raises OSError 121)."""
    broken = False
    shown = 0

    def display(self, image):
        if self.broken:
            raise OSError(121, "Remote I/O error")
        self.shown += 1
        super().display(image)


def test_an_oled_failing_on_i2c_is_logged_once_retried_and_never_stops_the_game(companion, caplog):
    panel = FlakyPanel(width=128, height=64, mode="1")
    display = Display(panel)
    companion.subscribe(lambda snap: display.show(*screen_for(snap, "http://x.local/")))
    companion.new_game("paradominetor", {"seats": 3}).result(WAIT_SECONDS)
    panel.broken = True
    with caplog.at_level(logging.WARNING):
        for tile, seat in [("red-3", 0), ("red-5", 1), ("blue-2", 2)]:
            companion.submit({"type": "Play", "seat": seat, "tile": tile}, "button").result(WAIT_SECONDS)
        companion.call(lambda: None)
        assert not display.panel_ok
        stopped = [r for r in caplog.records if "stopped answering" in r.getMessage()]
        assert len(stopped) == 1  # once, not once a frame
        assert companion.snapshot.view(TABLE)["current_trick"] == []  # the trick was played out
        before = panel.shown
        panel.broken = False
        companion.say("next").result(WAIT_SECONDS)
        companion.call(lambda: None)
    assert display.panel_ok and panel.shown == before + 1  # retried on the next frame
    assert any("answers again" in r.getMessage() for r in caplog.records)
    display.close()


# ------------------------------------------------------------------ a full disk

def fill_up(store: Store):
    """The database may not grow by a single page more, as on a full disk (SQLITE_FULL)."""
    (pages,) = store._db.execute("PRAGMA page_count").fetchone()
    store._db.execute(f"PRAGMA max_page_count = {pages}")


def test_a_full_disk_refuses_moves_clearly_damages_nothing_and_play_resumes(tmp_path):
    store = Store(tmp_path / "games.db")
    companion = Companion(store)
    companion.start()
    try:
        client = create_app(companion, HOST, Extras(games=("loop",))).test_client()
        assert client.post("/api/host/game", json={"game": "loop", "options": options_for("loop")},
                           headers={"X-Host-Token": HOST}).status_code == 200
        session = companion.snapshot.session
        tokens = store.tokens(session.id)
        rules = session.rules

        def play():
            body = rules.move_to_dict(rules.legal_moves(companion.snapshot.state)[0])
            return client.post("/api/move", json={"move": body},
                               headers={"X-Seat-Token": tokens[f"seat-{body['seat']}"]})

        assert play().status_code == 200
        fill_up(store)
        for _ in range(500):  # the pages' free room runs out
            answer = play()
            if answer.status_code != 200:
                break
        assert answer.status_code == 507, answer.json
        assert "storage is full" in answer.json["error"] and str(tmp_path) in answer.json["error"]
        kept = [e.body for e in store.entries(session.id)]
        state = companion.snapshot.state
        assert play().status_code == 507 and companion.snapshot.state == state  # refused, unchanged
        assert store.check() == "ok" and [e.body for e in store.entries(session.id)] == kept
        store._db.execute("PRAGMA max_page_count = 1073741823")  # space again
        assert play().status_code == 200
        assert len(store.entries(session.id)) == len(kept) + 1
    finally:
        companion.stop()
        store.close()


def test_a_full_disk_is_refused_by_the_store_in_players_words(tmp_path):
    with Store(tmp_path / "games.db") as store:
        game = store.create_game("loop", {}, 1)
        fill_up(store)
        with pytest.raises(StorageFull, match="Free some space"):
            for i in range(2000):
                store.append(game, "move", {"n": "x" * 200}, "phone")


def test_a_disk_that_fills_just_after_a_move_is_stored_keeps_the_move_and_says_it_was_taken(tmp_path):
    """The move is on disk; only what the table taught (`kept`) waits for space: the phone is
    told the move was taken, and a restart replays it."""
    from companion.games.island.moves import PrintSpace
    from companion.session import Session

    class FillsUpAfterTheMove(Store):
        def keep(self, game, body):
            fill_up(self)  # the disk is full from here on
            super().keep(game, {**body, "padding": "x" * 50_000})

    store = FillsUpAfterTheMove(tmp_path / "games.db")
    session = Session.create(store, "island", {"characters": ["phil", "theseus"]}, seed=1)
    session.submit(PrintSpace("banana-snakes", 2, "anomaly"), "phone")  # no StorageFull
    assert store.kept("island") is None
    store._db.execute("PRAGMA max_page_count = 1073741823")
    again = Session(store, session.id)
    assert again.state.printing == ("banana-snakes 2 anomaly",)


# ------------------------------------------------------------------ damaged files

def test_a_damaged_database_is_kept_aside_and_a_fresh_one_started(tmp_path):
    db = tmp_path / "games.db"
    db.write_bytes(b"this is not a database at all" * 100)
    store, said = open_store(db)
    try:
        aside = [p for p in tmp_path.iterdir() if p.name.startswith("games.db.damaged-")]
        assert len(aside) == 1 and aside[0].read_bytes() == b"this is not a database at all" * 100
        assert str(db) in said and aside[0].name in said and "recover" in said
        assert store.check() == "ok" and store.games() == []
    finally:
        store.close()


def test_a_truncated_database_is_kept_aside(tmp_path):
    db = tmp_path / "games.db"
    with Store(db) as store:
        game = store.create_game("loop", {}, 1)
        for i in range(300):
            store.append(game, "move", {"n": "x" * 100}, "phone")
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    store, said = open_store(db)
    store.close()
    assert said and any(p.name.startswith("games.db.damaged-") for p in tmp_path.iterdir())


def test_a_sound_database_is_opened_as_it_is(tmp_path):
    db = tmp_path / "games.db"
    with Store(db) as store:
        store.create_game("loop", {}, 1)
    store, said = open_store(db)
    with store:
        assert said == "" and len(store.games()) == 1 and store.format == FORMAT


def test_a_database_from_a_newer_release_is_left_untouched(tmp_path):
    db = tmp_path / "games.db"
    with Store(db) as store:
        store.create_game("loop", {}, 1)
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {FORMAT + 1}")
    con.close()
    before = db.read_bytes()
    with pytest.raises(StoreError, match="newer release.*Update the companion"):
        open_store(db)
    assert db.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["games.db"]


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b"[oled\nmodel = ", b"hostname = \"x\"\n[[[\n"])
def test_a_damaged_config_starts_on_the_defaults_and_is_left_as_it_is(tmp_path, content):
    path = tmp_path / "config.toml"
    path.write_bytes(content)
    config = config_mod.load(path, on_pi=False)
    assert config.damaged and config.web == config_mod.WebConfig()
    assert str(path) in config.notes[0] and "fix the file" in config.notes[0]
    assert path.read_bytes() == content


def test_a_missing_config_named_by_the_user_says_what_to_do(tmp_path):
    with pytest.raises(config_mod.ConfigError, match="missing.toml: no such file; give the path"):
        config_mod.load(tmp_path / "missing.toml", on_pi=False)


def test_a_missing_config_means_the_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PARADOX_TABLE_CONFIG", raising=False)
    config = config_mod.load(on_pi=False)
    assert not config.damaged and config.web == config_mod.WebConfig() and config.source is None


def start_device(state_dir, **changes):
    from companion.run import start
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=state_dir, **changes)
    return start(cfg, simulate=False, port=0, host="127.0.0.1", camera_thread=False)


def test_the_device_starts_on_a_damaged_database_and_a_damaged_config_and_says_so(tmp_path):
    (tmp_path / "games.db").write_bytes(b"\x00" * 4096)
    damaged = dataclasses.replace(config_mod.defaults(on_pi=False), damaged=True, notes=("bad",))
    dev = start_device(tmp_path, damaged=True, notes=damaged.notes)
    try:
        dev.companion.call(lambda: None)
        said = [dev.companion.snapshot.message]
        assert "games file was damaged" in said[0]
        dev.companion.new_game("loop", options_for("loop")).result(WAIT_SECONDS)  # and play goes on
    finally:
        dev.stop()
    assert any(p.name.startswith("games.db.damaged-") for p in tmp_path.iterdir())


def test_a_damaged_enrolment_profile_is_kept_aside_and_named(tmp_path):
    profile = tmp_path / "vision-profile-paradominetor.npz"
    profile.write_bytes(b"half a profile")
    dev = start_device(tmp_path, camera=dataclasses.replace(config_mod.CameraConfig(), source="usb:9"))
    try:
        dev.companion.new_game("paradominetor", {"seats": 3}).result(WAIT_SECONDS)
        assert dev.camera.follow() is None
        dev.companion.call(lambda: None)
        said = dev.companion.snapshot.message
        assert said.startswith("Camera off: enter moves by phone")
        assert "vision-profile-paradominetor.npz is damaged" in said and "teach the camera again on the host page" in said
        dev.companion.submit(PLAY, "phone").result(WAIT_SECONDS)
    finally:
        dev.stop()
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("vision-profile-paradominetor.npz.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == b"half a profile" and not profile.exists()
