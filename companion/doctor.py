"""`paradox-table doctor`: what hardware is here, what is missing, and what to do about it.

Each check is (ok, what, detail), the detail in plain words with the fix when something is
missing. Exit code of `main`: 0 when every check passed, 1 when something is missing (the
usual case off a Pi, where the camera, OLED and buttons are emulated), 2 when the
configuration itself is wrong.
"""
from __future__ import annotations

import errno
import getpass
import importlib
import os
import sys
from pathlib import Path
from typing import Any, Callable, NamedTuple

from . import config as config_mod

BOOT_CONFIG = "/boot/firmware/config.txt"
SERVICE_USER = "paradox-table"


class Check(NamedTuple):
    ok: bool
    what: str
    detail: str


def report(config: config_mod.Config, *, root: str | os.PathLike = "/",
           probe_i2c: Callable[[int, int], bool] | None = None,
           import_module: Callable[[str], Any] = importlib.import_module) -> list[Check]:
    """Every check, in the order a person would look: board, config, camera, I2C, OLED, GPIO, disk, network.

    `root`, `probe_i2c` and `import_module` let tests stand in a fake /dev and /proc.
    """
    root = Path(root)
    probe_i2c = probe_i2c or _probe_i2c
    checks = [_board(root), _config_file(config)]
    checks += _camera(config, root, import_module)
    checks += _i2c_and_oled(config, root, probe_i2c)
    checks += _gpio(config, root, import_module)
    checks.append(_state_dir(config))
    checks.append(_avahi(config, root))
    return checks


def _board(root: Path) -> Check:
    model = config_mod.pi_model(root / "proc/device-tree/model")
    if model:
        return Check(True, "board", model)
    return Check(False, "board", "not a Raspberry Pi (no 'Raspberry Pi' in /proc/device-tree/model): "
                                 "camera, OLED and buttons will be emulated")


def _config_file(config: config_mod.Config) -> Check:
    if config.source:
        return Check(True, "config", f"read {config.source}")
    return Check(True, "config", f"no config file at {config_mod.default_path(config.on_pi)}; using defaults")


def _devices(root: Path, pattern: str) -> list[str]:
    return sorted(f"/dev/{p.name}" for p in (root / "dev").glob(pattern))


def _camera(config, root: Path, import_module) -> list[Check]:
    source = config.camera.source
    videos = _devices(root, "video*")
    media = _devices(root, "media*")
    nodes = ", ".join(videos + media) or "no /dev/video* or /dev/media* devices"
    if source == "synthetic":
        return [Check(True, "camera", "synthetic table: no camera needed"),
                Check(True, "camera devices", nodes)]
    if source.startswith("folder:"):
        folder = Path(source.removeprefix("folder:"))
        if folder.is_dir():
            count = sum(1 for p in folder.iterdir() if p.suffix.lower() in (".png", ".jpg", ".jpeg"))
            return [Check(count > 0, "camera", f"replaying {count} images from {folder}"
                                               + ("" if count else ": put .png or .jpg frames there"))]
        return [Check(False, "camera", f"camera.source folder {folder} not found")]
    if source.startswith("usb:"):
        node = f"/dev/video{source.removeprefix('usb:')}"
        if node in videos:
            return [Check(True, "camera", f"USB camera {node} present"), Check(True, "camera devices", nodes)]
        return [Check(False, "camera", f"{node} not found: plug in the USB camera or change camera.source"),
                Check(bool(videos), "camera devices", nodes)]
    from vision.camera import CameraUnavailable, load_picamera2
    try:
        picamera2 = load_picamera2(import_module)
    except CameraUnavailable as exc:  # not installed, or built for another numpy: says which
        return [Check(False, "camera", str(exc)), Check(bool(media), "camera devices", nodes)]
    try:
        cameras = picamera2.Picamera2.global_camera_info()
    except Exception as exc:  # libcamera failures come in many types; all mean "no camera"
        cameras, why = [], f" ({exc})"
    else:
        why = ""
    if not cameras:
        return [Check(False, "camera", f"picamera2 lists no camera{why}: check the ribbon cable and "
                                       f"camera_auto_detect=1 in {BOOT_CONFIG}"),
                Check(bool(media), "camera devices", nodes)]
    names = ", ".join(str(c.get("Model", "camera")) for c in cameras)
    return [Check(True, "camera", f"picamera2 sees {len(cameras)} camera(s): {names}"),
            Check(True, "camera devices", nodes)]


def _i2c_and_oled(config, root: Path, probe_i2c) -> list[Check]:
    oled = config.oled
    node = root / f"dev/i2c-{oled.i2c_bus}"
    name = f"/dev/i2c-{oled.i2c_bus}"
    if not node.exists():
        return [Check(False, "i2c", f"{name} not found: set dtparam=i2c_arm=on in {BOOT_CONFIG} "
                                    "(or sudo raspi-config nonint do_i2c 0) and reboot"),
                Check(False, "oled", f"cannot look for the {oled.model} without {name}")]
    if not os.access(node, os.R_OK | os.W_OK):
        return [Check(False, "i2c", f"{name} exists but {_me()} may not open it: add {_me()} to the i2c group "
                                    "(the service has it through SupplementaryGroups=)"),
                Check(False, "oled", f"cannot look for the {oled.model} without access to {name}")]
    checks = [Check(True, "i2c", f"{name} present")]
    where = f"0x{oled.address:02X} on I2C bus {oled.i2c_bus}"
    try:
        if probe_i2c(oled.i2c_bus, oled.address):
            return checks + [Check(True, "oled", f"a device answers at {where} ({oled.model} configured)")]
        # Most 128x64 modules sit at 0x3C; a few are strapped to 0x3D.
        other = 0x3D if oled.address == 0x3C else 0x3C
        hint = (f"; something answers at 0x{other:02X}: set oled.address = 0x{other:02X}"
                if probe_i2c(oled.i2c_bus, other) else
                ": check VCC to pin 1, SDA to pin 3, SCL to pin 5, GND to pin 6")
        return checks + [Check(False, "oled", f"nothing answers at {where}{hint}")]
    except ImportError:
        return checks + [Check(False, "oled", "smbus2 not installed, cannot probe the bus (pip install smbus2)")]
    except OSError as exc:
        return checks + [Check(False, "oled", f"probing {where} failed: {exc.strerror or exc}")]


def _probe_i2c(bus: int, address: int) -> bool:
    """Does a device acknowledge `address`? The SMBus quick write i2cdetect uses for 0x3C:
    an OLED's controller may not support reads, but every device acknowledges its address."""
    import smbus2

    with smbus2.SMBus(bus) as smbus:
        try:
            smbus.write_quick(address)
            return True
        except OSError as exc:
            if exc.errno in (errno.EREMOTEIO, errno.ENXIO, errno.EIO):
                return False
            if exc.errno != errno.EOPNOTSUPP:
                raise
        try:  # an adapter without quick commands: fall back to a one-byte read
            smbus.read_byte(address)
            return True
        except OSError:
            return False


def _gpio(config, root: Path, import_module) -> list[Check]:
    chips = _devices(root, "gpiochip*")
    b = config.buttons
    pins = f"buttons on BCM {b.a}/{b.b}/{b.c}"
    if not chips:
        return [Check(False, "gpio", f"no /dev/gpiochip*: {pins} will be emulated")]
    if not all(os.access(root / c.lstrip("/"), os.R_OK | os.W_OK) for c in chips):
        return [Check(False, "gpio", f"{', '.join(chips)} present but {_me()} may not open them: add "
                                     f"{_me()} to the gpio group (the service has it through SupplementaryGroups=)")]
    try:
        import_module("lgpio")
    except ImportError:
        return [Check(False, "gpio", f"{', '.join(chips)} present, but lgpio is missing: "
                                     "sudo apt install python3-lgpio (venv with --system-site-packages)")]
    return [Check(True, "gpio", f"{', '.join(chips)} present, lgpio installed; {pins}")]


def _state_dir(config) -> Check:
    path = Path(config.state_dir)
    if path.exists():
        if os.access(path, os.W_OK):
            return Check(True, "state", f"{path} writable")
        owner = _owner(path)
        if owner == SERVICE_USER:  # doctor run by a person: the service can write it, that is enough
            return Check(True, "state", f"{path} belongs to the service user {owner}")
        return Check(False, "state", f"cannot write {path} (owned by {owner}): the game log needs it")
    if path == config_mod.PI_STATE_DIR:
        return Check(True, "state", f"{path} is created by systemd (StateDirectory=) when the service starts")
    probe = path.parent
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if os.access(probe, os.W_OK):
        return Check(True, "state", f"{path} will be created")
    return Check(False, "state", f"cannot create {path}: {probe} is not writable")


def _owner(path: Path) -> str:
    try:
        return path.owner()
    except (KeyError, NotImplementedError):
        return str(path.stat().st_uid)


def _avahi(config, root: Path) -> Check:
    if (root / "run/avahi-daemon/pid").exists():
        return Check(True, "network", f"avahi-daemon running: phones can open {config.url}")
    return Check(False, "network", f"avahi-daemon not running: phones cannot find {config.hostname}.local "
                                   "(sudo apt install avahi-daemon)")


def _me() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "this user"


def format_report(checks: list[Check]) -> str:
    width = max(len(c.what) for c in checks)
    lines = [f"{'ok' if c.ok else 'NO':<3} {c.what:<{width}}  {c.detail}" for c in checks]
    missing = sum(not c.ok for c in checks)
    lines.append("everything found" if not missing else f"{missing} check(s) need attention")
    return "\n".join(lines)


def main(config: config_mod.Config | None = None, *, out=None) -> int:
    """Print the report; 0 if all is well, 1 if something is missing, 2 for a bad config."""
    out = out or sys.stdout
    if config is None:
        try:
            config = config_mod.load()
        except config_mod.ConfigError as exc:
            print(exc, file=out)
            return 2
    checks = report(config)
    print(format_report(checks), file=out)
    return 0 if all(c.ok for c in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
