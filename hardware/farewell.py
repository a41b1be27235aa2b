"""The OLED's last words: "Safe to unplug", drawn when it really is.

systemd runs the executables in /usr/lib/systemd/system-shutdown/ after every file system
is unmounted or read-only, just before the Pi powers off; firmware/paradox-table-unplug
runs this module from there. The frame is left on the panel (luma's `persist`), and a Pi
keeps its 3.3 V rail up after halting, so the message stays until the plug is pulled.

    python -m hardware.farewell poweroff [--config /etc/paradox-table/config.toml]

This is a program of its own, not part of the service: it reads the [oled] table of the
config file itself (--config, else $PARADOX_TABLE_CONFIG, else /etc/paradox-table/config.toml;
no file means the defaults), with the same keys and ranges as the service. The rest of the
file is the service's business; the service has already refused to start on any mistake there.
"""
from __future__ import annotations

import os
import re
import sys
import tomllib
from pathlib import Path
from types import SimpleNamespace

from .display import Display, HardwareError, open_display

CONFIG = Path("/etc/paradox-table/config.toml")
ENV_VAR = "PARADOX_TABLE_CONFIG"
MODEL_FILE = Path("/proc/device-tree/model")
DEFAULTS = {"model": "ssd1306", "i2c_bus": 1, "address": 0x3C, "rotate": 0}


class FarewellError(HardwareError):
    """Why there is no farewell, in one line."""


def oled_settings(path: Path, *, explicit: bool = False) -> SimpleNamespace:
    """The [oled] table of the config file over the defaults, checked as the service checks it."""
    name = str(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        if explicit:
            raise FarewellError(f"{name}: no such file") from None
        raw = {}
    except OSError as exc:
        raise FarewellError(f"{name}: cannot read it ({exc.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise FarewellError(f"{name}: not valid TOML: {exc}") from None
    table = raw.get("oled", {})
    if not isinstance(table, dict):
        raise FarewellError(f"{name}: [oled] must be a table of keys, got {table!r}")
    oled = dict(DEFAULTS)

    def fail(key, want):
        return FarewellError(f"{name}: oled.{key} must be {want}, got {table[key]!r}")

    if "model" in table:
        if table["model"] not in ("ssd1306", "sh1106"):
            raise fail("model", "ssd1306 or sh1106")
        oled["model"] = table["model"]
    if "i2c_bus" in table:
        if not _whole(table["i2c_bus"], 0, 31):
            raise fail("i2c_bus", "a whole number from 0 to 31")
        oled["i2c_bus"] = table["i2c_bus"]
    if "address" in table:
        value = table["address"]
        if isinstance(value, str) and re.fullmatch(r"\s*0[xX][0-9a-fA-F]{1,2}\s*", value):
            value = int(value, 16)
        if not _whole(value, 0x08, 0x77):
            raise fail("address", "an I2C address like 0x3C")
        oled["address"] = value
    if "rotate" in table:
        if table["rotate"] not in (0, 2) or isinstance(table["rotate"], bool):
            raise fail("rotate", "0 or 2 (2 = upside down)")
        oled["rotate"] = table["rotate"]
    return SimpleNamespace(**oled)


def on_raspberry_pi(model_file: Path = MODEL_FILE) -> bool:
    try:
        return model_file.read_bytes().startswith(b"Raspberry Pi")
    except OSError:
        return False


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # systemd-shutdown passes the verb; a reboot comes straight back, so say nothing then.
    if args and args[0] not in ("poweroff", "halt"):
        return 0
    path, explicit = CONFIG, False
    if "--config" in args[1:]:
        i = args.index("--config", 1)
        if i + 1 >= len(args):
            print("paradox-table: --config needs a file", file=sys.stderr)
            return 2
        path, explicit = Path(args[i + 1]), True
    elif os.environ.get(ENV_VAR):
        path, explicit = Path(os.environ[ENV_VAR]), True
    try:
        config = SimpleNamespace(oled=oled_settings(path, explicit=explicit), on_pi=on_raspberry_pi())
        display = Display(open_display(config, fallback=False))
    except (FarewellError, HardwareError) as exc:
        print(f"paradox-table: no farewell on the OLED: {exc}", file=sys.stderr)
        return 1
    display.show("unplug", {"safe": True})
    display.close(keep_image=True)
    return 0


def _whole(value, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


if __name__ == "__main__":
    sys.exit(main())
