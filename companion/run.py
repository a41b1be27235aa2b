"""`paradox-table run`: build the companion from its config and keep it running.

On a Raspberry Pi: the real camera, OLED and buttons. Anywhere else (or with --simulate): a
virtual table whose synthetic frames go through the real vision pipeline, luma's dummy OLED and
gpiozero's mock pins, both driven from the host page. Everything else is the same code.
"""
from __future__ import annotations

import ctypes
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
from typing import Any

from . import games, notify
from .camera import CameraLoop, opener
from .teaching import Teacher
from .config import Config
from .errors import Stopping
from .games import TABLE, IllegalMove
from .i18n import Msg
from .panel import oled_screen
from .service import STOPPING, Companion
from .store import Store, open_store

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


def screen_for(snap, join_url: str, safe: bool = True, address=lambda: None) -> tuple[Any, dict]:
    """The OLED's screen and its data: a phone's request to host, while it waits for A or B; else
    the companion's own (companion.panel: a shared screen's name or the game's own screen).
    `address()` gives the join screen the companion's address on the network as it is now (it
    may come after start-up, when the Wi-Fi joins)."""
    if snap.host_request is not None and not snap.shutting_down:
        return "host", {"code": snap.host_request.code, **({"lang": snap.language} if snap.language != "en" else {})}
    return oled_screen(snap, join_url, safe=safe, address=address())


def phone_address(listen: str, port: int, address=None):
    """A function giving the address phones can open now ("http://192.168.1.23:8080/"), or None
    while there is none: no network yet, or a companion that listens on loopback or IPv6 alone.
    `address` finds this machine's address on the network (asked again each time: the Wi-Fi
    may join after start-up)."""
    address = address or local_address
    if listen in ("0.0.0.0", ""):
        def now():
            there = address()
            return None if there.startswith("127.") else f"http://{there}:{port}/"
        return now
    if listen in ("::", "::1", "localhost") or listen.startswith("127."):
        return lambda: None  # IPv6 only: this machine's IPv4 address would not answer
    there = f"[{listen}]" if ":" in listen else listen  # one address of this machine
    return lambda: f"http://{there}:{port}/"


def links(listen: str, hostname: str, port: int, token: str, address=None) -> dict:
    """The links that work for a server listening on `listen`: "local" (this computer's host
    page) always; "host" (the host page from another device) and "join" (the players' page) only
    when phones can reach it. `address` finds this machine's address on the network."""
    loopback = listen in ("localhost", "::1") or listen.startswith("127.")
    if listen in ("0.0.0.0", ""):
        here = "127.0.0.1"
    elif listen == "::":
        here = "[::1]"
    elif loopback:
        here = "[::1]" if listen == "::1" else "127.0.0.1" if listen == "localhost" else listen
    else:  # one address of this machine
        here = f"[{listen}]" if ":" in listen else listen
    urls = {"local": f"http://{here}:{port}/?host={token}"}
    if not loopback:
        urls["join"] = f"http://{hostname}.local:{port}/"
        there = phone_address(listen, port, address)()
        if there:
            urls["host"] = f"{there}?host={token}"
    return urls


def announcement(urls: dict, listen: str) -> list[str]:
    """What `paradox-table run` prints under its first line: only links that work from where
    they are meant to be opened."""
    lines = []
    if "host" in urls:
        lines.append(f"  Host page (start games, seats): {urls['host']}")
        if urls["local"] != urls["host"]:
            lines.append(f"  On this computer:                    {urls['local']}")
    else:
        lines.append(f"  Host page (start games, seats): {urls['local']}")
    if "join" in urls:
        lines.append(f"  Players join at:                     {urls['join']}")
        lines.append("  A phone on that page can ask to be the host; press A on the companion to agree.")
    else:
        lines.append(f"  Only this computer can open it: the companion listens on {listen} alone "
                     "(web.host in the config), so phones cannot join.")
    return lines


def local_address() -> str:
    """An address phones on the same network can reach, for the printed link."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


TRIM_BYTES = 4 << 20  # the heap's top kept (give_frames_back): faults a frame 1,291 -> 106, 1 MB more


def give_frames_back() -> bool:
    """Big blocks (camera frames) go back to the system when freed. glibc raises its mmap
    threshold to the largest block freed, up to 32 MB (mallopt(3), M_MMAP_THRESHOLD), so after
    the first frame is freed the next ones come from the heap and stay resident: Domino
    Dynasty's 15 MB frames then keep the companion 15-30 MB larger than it needs to be on a
    Pi Zero 2 W's 512 MB. A fixed threshold keeps them mapped, and freed at once.

    Fixing it also fixes the heap's trim threshold at 128 kB (mallopt(3): setting either ends
    the dynamic adjustment of both), so the reader's blocks under 1 MB went back to the system
    and were faulted in again on every frame: some 1,300 page faults and a fifth of the
    reader's time a frame. Up to TRIM_BYTES left free at the heap's top keeps them; frames are
    still mapped. False where the C library is not glibc (nothing changes there)."""
    M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc's malloc.h
    try:
        libc = ctypes.CDLL("libc.so.6")
        return bool(libc.mallopt(M_MMAP_THRESHOLD, 1 << 20)) and bool(libc.mallopt(M_TRIM_THRESHOLD, TRIM_BYTES))
    except (OSError, AttributeError):
        return False


@dataclass
class Device:
    """Everything that was started, so it can be stopped in the right order."""
    companion: Companion
    store: Store
    display: object
    buttons: object
    server: object
    camera: CameraLoop
    simulation: bool = False
    urls: dict = field(default_factory=dict)

    @property
    def virtual_table(self):
        """The virtual table of the camera game in progress (simulation only), or None."""
        return self.camera.virtual_table

    def stop(self):
        notify.stopping()
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

    give_frames_back()
    for note in config.notes:
        log.warning(note)
    state_dir = Path(config.state_dir)
    state_dir.mkdir(parents=True, exist_ok=True)
    store, damage = open_store(state_dir / "games.db")
    on_pi = config.on_pi and not simulate
    display = Display(open_display(config, on_pi=on_pi))
    join_url = f"http://{config.hostname}.local:{port or config.web.port}/"

    def power_off():
        if on_pi:  # the shutdown hook draws "Safe to unplug" once the disks are done
            subprocess.run(["systemctl", "--no-block", "poweroff"], check=False)

    companion = Companion(store, join_url=join_url, watchdog=notify.watchdog, shutdown=power_off)
    address = phone_address(host or config.web.host, port or config.web.port)
    companion.subscribe(lambda snap: display.show(*screen_for(snap, join_url, safe=not on_pi, address=address)))
    buttons = Buttons.from_config(config, on_event=companion.button, on_pi=on_pi)

    companion.start()  # first, so whatever start-up has to say reaches the OLED
    if config.damaged:
        companion.say("The config file is damaged: playing on the defaults; see the log")
    if damage:
        companion.say("The games file was damaged: kept aside, new games start afresh")
    simulated = simulate or config.camera.source == "synthetic"
    stopping = threading.Event()
    camera = CameraLoop(companion, opener(config, companion, state_dir, simulate, stopping), stopping=stopping)

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
        if companion.snapshot.shutting_down:  # "safe to unplug" means no more moves, even here
            raise Stopping(STOPPING)
        virtual = camera.virtual_table
        if virtual is None:
            raise IllegalMove(Msg("the game in progress has no virtual table"))
        return virtual.act(action, companion.snapshot.view(TABLE))

    extras = Extras(oled_png=lambda: display.png(), camera_jpeg=camera.jpeg,
                    teacher=Teacher(state_dir, camera, simulation=simulated),
                    press=press if buttons.emulated else None,
                    simulate=simulate_action if simulated else None, simulation=simulated,
                    games=tuple(g.as_json() for g in games.descriptions()))
    token = host_token(state_dir)
    app = create_app(companion, token, extras)
    try:
        server = make_server(app, host=host or config.web.host, port=config.web.port if port is None else port)
    except OSError:  # the port is taken (another companion?): put back what was started, then say so
        camera.stop()
        companion.stop()
        buttons.close()
        display.close(keep_image=True)
        store.close()
        raise
    threading.Thread(target=server.run, name="web", daemon=True).start()
    if camera_thread:
        camera.start()
    actual = server.effective_port
    urls = links(host or config.web.host, config.hostname, actual, token)
    notify.ready(f"serving on port {actual}")
    return Device(companion, store, display, buttons, server, camera, simulated, urls)


def run(config: Config, simulate: bool, port: int | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        device = start(config, simulate, port=port)
    except OSError as exc:
        wanted = config.web.port if port is None else port
        print(f"paradox-table: cannot serve the pages on port {wanted} ({exc.strerror or exc}): another "
              f"program, or another Paradox Table, uses it. Stop that one, or choose another port "
              f"(make run PORT=8081, or paradox-table run --port 8081).", file=sys.stderr)
        return 2
    print(f"Paradox Table is running{' in simulation' if device.simulation else ''}.", flush=True)
    # The host link is the host's key: a terminal shows it, a log (the journal) never keeps it.
    secret = None if sys.stdout.isatty() else device.urls["local"].split("?host=", 1)[1]
    for line in announcement(device.urls, config.web.host):
        if secret:
            line = line.replace(secret, f"<the key in {Path(config.state_dir) / 'host-token'}>")
        print(line, flush=True)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    stop.wait()
    device.stop()
    print("Paradox Table stopped; the game is saved.", file=sys.stderr)
    return 0
