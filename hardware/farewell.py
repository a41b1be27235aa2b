"""The OLED's last words: "Safe to unplug", drawn when it really is.

systemd runs the executables in /usr/lib/systemd/system-shutdown/ after every file system
is unmounted or read-only, just before the Pi powers off; firmware/paradox-table-unplug
runs this module from there. The frame is left on the panel (luma's `persist`), and a Pi
keeps its 3.3 V rail up after halting, so the message stays until the plug is pulled.

This is a program of its own, not part of the service, so it is the one place in `hardware`
that reads the companion's config file.
"""
from __future__ import annotations

import sys

from .display import Display, HardwareError, open_display


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    # systemd-shutdown passes the verb; a reboot comes straight back, so say nothing then.
    if args and args[0] not in ("poweroff", "halt"):
        return 0
    from companion.config import ConfigError, load

    try:
        config = load()
        display = Display(open_display(config, fallback=False))
    except (ConfigError, HardwareError) as exc:
        print(f"paradox-table: no farewell on the OLED: {exc}", file=sys.stderr)
        return 1
    display.show("unplug", {"safe": True})
    display.close(keep_image=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
