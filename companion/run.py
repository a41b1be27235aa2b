"""`paradox-table run`: build the companion from its config and keep it running.

On a Raspberry Pi: the real camera, OLED and buttons. Anywhere else (or with --simulate): a
virtual table whose synthetic frames go through the real vision pipeline, luma's dummy OLED and
gpiozero's mock pins, both driven from the host page. Everything else is the same code.
"""
from __future__ import annotations

import logging
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import notify
from .config import Config
from .games import TABLE
from .panel import oled_screen
from .service import CameraLoop, Companion
from .store import Store

log = logging.getLogger("paradox-table")


def host_token(state_dir: Path) -> str:
    """The host page's key, kept across restarts so the host's browser stays the host."""
    path = state_dir / "host-token"
    if path.exists():
        token = path.read_text().strip()
        if len(token) >= 32:
            return token
    token = secrets.token_urlsafe(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(token + "\n")
    return token


def local_address() -> str:
    """An address phones on the same network can reach, for the printed link."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


@dataclass
class Device:
    """Everything that was started, so it can be stopped in the right order."""
    companion: Companion
    store: Store
    display: object
    buttons: object
    server: object
    camera: CameraLoop | None = None
    virtual_table: object = None
    urls: dict = field(default_factory=dict)

    def stop(self):
        notify.stopping()
        if self.camera and self.camera.started:
            self.camera.stop()
        self.companion.stop()  # wakes the live streams, which then end
        self.server.close()
        self.buttons.close()
        self.display.close(keep_image=True)
        self.store.close()


def start(config: Config, simulate: bool, port: int | None = None, host: str | None = None,
          camera_thread: bool = True) -> Device:
    """Start everything. camera_thread=False leaves the frames to the caller (camera.step()),
    for tests that must know exactly which frames the pipeline has seen."""
    from hardware.buttons import Buttons
    from hardware.display import Display, open_display
    from web.app import Extras, create_app, make_server

    state_dir = Path(config.state_dir)
    state_dir.mkdir(parents=True, exist_ok=True)
    store = Store(state_dir / "games.db")
    on_pi = config.on_pi and not simulate
    display = Display(open_display(config, on_pi=on_pi))
    join_url = f"http://{config.hostname}.local:{port or config.web.port}/"

    def power_off():
        if on_pi:  # the shutdown hook draws "Safe to unplug" once the disks are done
            subprocess.run(["systemctl", "--no-block", "poweroff"], check=False)

    companion = Companion(store, join_url=join_url, watchdog=notify.watchdog, shutdown=power_off)
    companion.subscribe(lambda snap: display.show(*oled_screen(snap, join_url, safe=not on_pi)))
    buttons = Buttons.from_config(config, on_event=companion.button, on_pi=on_pi)

    companion.start()  # first, so whatever start-up has to say reaches the OLED
    camera, virtual, camera_jpeg = _camera(config, companion, state_dir, simulate)

    def press(name: str):
        """A button pressed on the host page moves the emulated pin, as a finger would."""
        key = {"confirm": "a", "undo": "b", "next": "c", "menu": "c", "shutdown": "a+b"}[name]
        if name in ("menu", "shutdown"):
            threading.Thread(target=buttons.hold, args=(key,), daemon=True).start()
        else:
            buttons.press(key)
            time.sleep(max(0.1, config.buttons.bounce_time * 2))
            buttons.release(key)

    def simulate_action(action: dict):
        view = companion.snapshot.view(TABLE)
        return virtual.act(action, awaiting_flip=view.get("awaiting_flip", ()))

    from .games import names as game_names
    extras = Extras(oled_png=lambda: display.png(), camera_jpeg=camera_jpeg,
                    press=press if buttons.emulated else None,
                    simulate=simulate_action if virtual else None, simulation=virtual is not None,
                    games=tuple(game_names()))
    token = host_token(state_dir)
    app = create_app(companion, token, extras)
    server = make_server(app, host=host or config.web.host, port=config.web.port if port is None else port)
    threading.Thread(target=server.run, name="web", daemon=True).start()
    if camera and camera_thread:
        camera.start()
    actual = server.effective_port
    urls = {"join": f"http://{config.hostname}.local:{actual}/",
            "host": f"http://{local_address()}:{actual}/?host={token}",
            "local": f"http://127.0.0.1:{actual}/?host={token}"}
    notify.ready(f"serving on port {actual}")
    return Device(companion, store, display, buttons, server, camera, virtual, urls)


def _camera(config: Config, companion: Companion, state_dir: Path, simulate: bool):
    """The camera pipeline, or (None, None, None) when there is no camera to watch."""
    import cv2

    from vision.camera import open_source
    from vision.mat import mat_layout
    from vision.recognise import Profile, TileReader, enroll
    from vision.tracker import TableTracker

    layout = mat_layout("paradominetor", 5)
    profile_path = state_dir / "vision-profile.npz"
    virtual = None
    if simulate or config.camera.source == "synthetic":
        from vision.synthetic import SyntheticTable, write_enrolment

        from .simulation import VirtualTable
        if not profile_path.is_file():
            log.info("enrolling the virtual table's tiles (first start only)")
            enroll(write_enrolment(layout, state_dir / "enrolment"), profile_path, layout)
        virtual = VirtualTable(SyntheticTable(layout, seed=1), layout)
        frames = virtual.frame
        profile = Profile.load(profile_path)
    else:
        if not profile_path.is_file():
            companion.say("Camera off: enrol the tiles first (paradox-table vision enroll)")
            return None, None, None
        spec = config.camera.source
        spec = "pi" if spec == "picamera2" else spec.removeprefix("folder:")
        try:
            source = open_source(spec, config.camera.resolution, layout)
            profile = Profile.load(profile_path)
        except Exception as exc:  # a game survives a dead camera: phones and buttons go on
            log.warning("camera off: %s", exc)
            companion.say("Camera off: enter moves by phone. Run 'paradox-table doctor' to check it")
            return None, None, None
        frames = source.read
    reader = TileReader(profile, layout)
    loop = CameraLoop(companion, frames, reader, TableTracker())

    def camera_jpeg() -> bytes:
        frame = loop.last_frame
        if frame is None:
            return b""
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 70])
        return data.tobytes() if ok else b""

    return loop, virtual, camera_jpeg


def run(config: Config, simulate: bool, port: int | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    device = start(config, simulate, port=port)
    print(f"Paradox Table is running{' in simulation' if device.virtual_table else ''}.", flush=True)
    print(f"  Host page (start games, seat links): {device.urls['host']}", flush=True)
    print(f"  On this computer:                    {device.urls['local']}", flush=True)
    print(f"  Players join at:                     {device.urls['join']}", flush=True)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    stop.wait()
    device.stop()
    print("Paradox Table stopped; the game is saved.", file=sys.stderr)
    return 0
