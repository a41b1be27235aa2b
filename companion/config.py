"""The companion's configuration: one TOML file, a default for every key.

Where the file is looked for, first match wins:
  1. the path given to `load(path)` (the CLI's --config),
  2. $PARADOX_TABLE_CONFIG,
  3. /etc/paradox-table/config.toml on a Raspberry Pi, ./paradox-table.toml elsewhere.
A missing file means "all defaults". A bad value or an unknown key stops start-up with a
ConfigError that names the file and the key, because a typo such as `adress = 0x3D` silently
ignored would leave a user staring at a dark OLED.

    hostname = "paradox-table"          # shown on the OLED as http://HOSTNAME.local:PORT/
    state_dir = "/var/lib/paradox-table"  # elsewhere: $XDG_STATE_HOME/paradox-table,
                                          # else ~/.local/state/paradox-table
    [camera]  source = "picamera2"      # picamera2 | usb:N | folder:PATH | synthetic
              resolution = [1280, 960]
    [oled]    model = "ssd1306"         # ssd1306 | sh1106
              i2c_bus = 1
              address = 0x3C            # a TOML integer or a string "0x3C"
              rotate = 0                # 0, or 2 for upside down
    [buttons] a = 17  b = 27  c = 22    # BCM numbers, each wired to GND
              bounce_time = 0.05        # seconds
              hold_time = 2.0           # seconds for a long press
    [web]     host = "0.0.0.0"  port = 8080
A `[game]` section (written by earlier releases) is accepted and ignored with a note: the host
page chooses the game and its players.
"""
from __future__ import annotations

import dataclasses
import os
import re
import socket
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import BadInput

ETC_PATH = Path("/etc/paradox-table/config.toml")
LOCAL_PATH = Path("paradox-table.toml")
PI_STATE_DIR = Path("/var/lib/paradox-table")
ENV_VAR = "PARADOX_TABLE_CONFIG"
_MODEL_FILE = Path("/proc/device-tree/model")


class ConfigError(BadInput):
    """A configuration problem, worded for the person editing the file."""


def pi_model(model_file: Path = _MODEL_FILE) -> str | None:
    """The board's model string ("Raspberry Pi 5 Model B Rev 1.0"), or None off a Pi."""
    try:
        model = model_file.read_bytes().rstrip(b"\0\n").decode("ascii", "replace")
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


def is_raspberry_pi(model_file: Path = _MODEL_FILE) -> bool:
    return pi_model(model_file) is not None


def user_state_dir(environ: dict[str, str] | None = None) -> Path:
    """Where the game log lives off a Pi: the user's own state directory, the same folder
    wherever the command is run from. $XDG_STATE_HOME/paradox-table when that is set to an
    absolute path (the XDG base directory rule), else ~/.local/state/paradox-table."""
    env = os.environ if environ is None else environ
    xdg = env.get("XDG_STATE_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "state"
    return base / "paradox-table"


@dataclass(frozen=True)
class CameraConfig:
    source: str = "synthetic"
    resolution: tuple[int, int] = (1280, 960)  # what the vision budget is measured at


@dataclass(frozen=True)
class OledConfig:
    model: str = "ssd1306"
    i2c_bus: int = 1
    address: int = 0x3C
    rotate: int = 0


@dataclass(frozen=True)
class ButtonsConfig:
    # BCM 17/27/22 are physical pins 11/13/15: one row, next to GND on pin 9 and 14,
    # clear of I2C (BCM 2/3) and of nothing the camera needs (it has its own CSI connector).
    a: int = 17
    b: int = 27
    c: int = 22
    bounce_time: float = 0.05
    hold_time: float = 2.0


@dataclass(frozen=True)
class WebConfig:
    host: str = "0.0.0.0"
    port: int = 8080


@dataclass(frozen=True)
class Config:
    hostname: str = "paradox-table"
    state_dir: Path = field(default_factory=user_state_dir)
    camera: CameraConfig = field(default_factory=CameraConfig)
    oled: OledConfig = field(default_factory=OledConfig)
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    web: WebConfig = field(default_factory=WebConfig)
    notes: tuple[str, ...] = ()  # what the file holds that is no longer used, said in the log
    source: Path | None = None  # the file this came from; None when every value is a default
    on_pi: bool = False
    damaged: bool = False  # the file could not be read as a config: these are the defaults

    @property
    def url(self) -> str:
        """What phones open: avahi publishes HOSTNAME.local on the LAN."""
        return f"http://{self.hostname}.local:{self.web.port}/"


def default_path(on_pi: bool | None = None) -> Path:
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR])
    if on_pi is None:
        on_pi = is_raspberry_pi()
    return ETC_PATH if on_pi else LOCAL_PATH


def defaults(on_pi: bool | None = None) -> Config:
    """Every default, chosen for where we run: a Pi has its camera and /var/lib; a laptop has
    neither, and keeps the game log in the user's state directory."""
    if on_pi is None:
        on_pi = is_raspberry_pi()
    return Config(
        hostname=_system_hostname(),
        state_dir=PI_STATE_DIR if on_pi else user_state_dir(),
        camera=CameraConfig(source="picamera2" if on_pi else "synthetic"),
        on_pi=on_pi,
    )


def load(path: str | os.PathLike | None = None, *, on_pi: bool | None = None) -> Config:
    """Read the config file (see the module docstring for where) over the defaults."""
    if on_pi is None:
        on_pi = is_raspberry_pi()
    explicit = path is not None or bool(os.environ.get(ENV_VAR))
    file = Path(path) if path is not None else default_path(on_pi)
    base = defaults(on_pi)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        if explicit:  # the user named this file; a silent fallback would hide their typo
            raise ConfigError(f"{file}: no such file; give the path of an existing config file, "
                              "or leave --config out to use the defaults") from None
        return base
    except UnicodeDecodeError:
        return damaged(file, base, "it is not text")
    except OSError as exc:
        raise ConfigError(f"{file}: cannot read it ({exc.strerror})") from None
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return damaged(file, base, f"not valid TOML: {exc}")
    return parse(text, name=str(file), base=base, source=file)


def damaged(file: Path, base: Config, problem: str) -> Config:
    """A file that is not a config at all (garbled bytes, broken TOML, a power cut mid-edit):
    the companion starts on the defaults, which on a Pi are what the installer writes, and says
    so. The file is only read, never written, so it stays as it is for the user to mend. A
    readable file with a wrong value still stops start-up (ConfigError): that is a typo to fix,
    not damage."""
    note = (f"{file}: {problem}. The companion started with the default settings; fix the file "
            "(or delete it to keep the defaults) and restart")
    return dataclasses.replace(base, notes=(note,), damaged=True)


def parse(text: str, *, name: str = "config.toml", base: Config | None = None,
          source: Path | None = None) -> Config:
    """Turn TOML text into a Config; every error message starts with `name` and names the key."""
    base = base or defaults(on_pi=False)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{name}: not valid TOML: {exc}") from None
    v = _Validator(name)
    top = dict(raw)
    sections = {}
    for section, cls in (("camera", CameraConfig), ("oled", OledConfig), ("buttons", ButtonsConfig),
                         ("web", WebConfig)):
        table = top.pop(section, {})
        if not isinstance(table, dict):
            raise ConfigError(f"{name}: [{section}] must be a table of keys, got {table!r}")
        sections[section] = v.section(section, table, getattr(base, section), _CHECKS[section])
    notes = ()
    if "game" in top:  # earlier releases wrote [game]; a game is chosen on the host page now
        top.pop("game")
        notes = (f"{name}: [game] is no longer used; the host page chooses the game",)
    known = {"hostname", "state_dir"}
    for key in top:
        if key not in known:
            raise ConfigError(f"{name}: unknown key {key!r}; known keys are "
                              f"{', '.join(sorted(known | set(sections)))}")
    hostname = v.hostname("hostname", top.get("hostname", base.hostname))
    state_dir = Path(v.string("state_dir", top.get("state_dir", str(base.state_dir))))
    config = dataclasses.replace(base, hostname=hostname, state_dir=state_dir, source=source,
                                 notes=notes, **sections)
    _check_pins(name, config.buttons)
    return config


class _Validator:
    def __init__(self, name: str):
        self.name = name

    def fail(self, key: str, want: str, got: Any) -> ConfigError:
        return ConfigError(f"{self.name}: {key} must be {want}, got {got!r}")

    def section(self, section: str, table: dict, base, checks: dict):
        values = {}
        for key, value in table.items():
            if key not in checks:
                raise ConfigError(f"{self.name}: unknown key {section}.{key}; [{section}] knows "
                                  f"{', '.join(sorted(checks))}")
            values[key] = checks[key](self, f"{section}.{key}", value)
        return dataclasses.replace(base, **values)

    def string(self, key, value):
        if not isinstance(value, str) or not value:
            raise self.fail(key, "a non-empty string", value)
        return value

    def integer(self, key, value, lo, hi, want=None):
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.fail(key, want or f"a whole number from {lo} to {hi}", value)
        return value

    def seconds(self, key, value, lo, hi):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
            raise self.fail(key, f"a number of seconds from {lo} to {hi}", value)
        return float(value)

    def choice(self, key, value, options):
        if value not in options:
            raise self.fail(key, " or ".join(options), value)
        return value

    def hostname(self, key, value):
        # One DNS label: avahi publishes exactly this as NAME.local.
        if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?", value):
            raise self.fail(key, "a host name of letters, digits and dashes like paradox-table", value)
        return value

    def address(self, key, value):
        want = "an I2C address like 0x3C"
        if isinstance(value, str):
            if not re.fullmatch(r"0[xX][0-9a-fA-F]{1,2}", value.strip()):
                raise self.fail(key, want, value)
            value = int(value, 16)
        # 0x08..0x77 are the addresses a 7-bit I2C device may use; the rest are reserved.
        return self.integer(key, value, 0x08, 0x77, want)

    def rotation(self, key, value):
        # The screens are laid out landscape; 2 turns the OLED upside down for cable routing.
        if isinstance(value, bool) or value not in (0, 2):
            raise self.fail(key, "0 or 2 (2 = upside down)", value)
        return value

    def camera_source(self, key, value):
        if isinstance(value, str):
            if value in ("picamera2", "synthetic"):
                return value
            if re.fullmatch(r"usb:\d+", value):
                return value
            if value.startswith("folder:") and len(value) > len("folder:"):
                return value
        raise self.fail(key, "picamera2, usb:N (e.g. usb:0), folder:PATH or synthetic", value)

    def resolution(self, key, value):
        if (isinstance(value, list) and len(value) == 2
                and all(isinstance(n, int) and not isinstance(n, bool) and 16 <= n <= 10000 for n in value)):
            return (value[0], value[1])
        raise self.fail(key, "[width, height] in pixels, like [1920, 1080]", value)


_CHECKS = {
    "camera": {
        "source": _Validator.camera_source,
        "resolution": _Validator.resolution,
    },
    "oled": {
        "model": lambda v, k, x: v.choice(k, x, ("ssd1306", "sh1106")),
        "i2c_bus": lambda v, k, x: v.integer(k, x, 0, 31),
        "address": _Validator.address,
        # The screens are laid out landscape; 2 turns the OLED upside down for cable routing.
        "rotate": _Validator.rotation,
    },
    "buttons": {
        **{pin: (lambda v, k, x: v.integer(k, x, 0, 27, "a BCM GPIO number from 0 to 27"))
           for pin in ("a", "b", "c")},
        "bounce_time": lambda v, k, x: v.seconds(k, x, 0.0, 1.0),
        "hold_time": lambda v, k, x: v.seconds(k, x, 0.2, 30.0),
    },
    "web": {
        "host": _Validator.string,
        "port": lambda v, k, x: v.integer(k, x, 1, 65535, "a TCP port from 1 to 65535"),
    },
}


def _check_pins(name: str, buttons: ButtonsConfig) -> None:
    pins = {"a": buttons.a, "b": buttons.b, "c": buttons.c}
    for key, pin in pins.items():
        if pin in (2, 3):
            raise ConfigError(f"{name}: buttons.{key} = {pin} is an I2C pin (the OLED uses BCM 2 and 3)")
        if pin in (0, 1):
            raise ConfigError(f"{name}: buttons.{key} = {pin} is reserved for HAT and camera ID (BCM 0 and 1)")
    if len(set(pins.values())) != 3:
        raise ConfigError(f"{name}: buttons.a, buttons.b and buttons.c must be three different pins, "
                          f"got {pins['a']}, {pins['b']}, {pins['c']}")


def _system_hostname() -> str:
    name = socket.gethostname().split(".")[0]
    return name if re.fullmatch(r"[A-Za-z0-9-]{1,63}", name) else "paradox-table"
