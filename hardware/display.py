"""The OLED: a luma device plus the screens in hardware.screens, safe to share between threads.

    with Display(open_display(config)) as display:
        display.show("scoreboard", {"seats": [{"name": "Ann", "score": 3.5}]})
        display.show(trick, {"plays": [...]})   # a game's own screen: its drawing function
        png = display.png()          # what the web page mirrors

On a Pi `open_display` returns the real SSD1306/SH1106 on I2C; anywhere else (or when the
panel does not answer) luma.core's dummy device, which only keeps the image. Either way the
last frame is here for the web mirror, so a game never depends on the OLED being wired.
"""
from __future__ import annotations

import io
import logging
import threading
from typing import Any

from luma.core.device import dummy
from luma.core.error import Error as LumaError
from luma.core.render import canvas
from PIL import Image

from .errors import HardwareError
from .drawing import HEIGHT, WIDTH, ScreenError
from .screens import Screen, draw_screen, name_of, plain_message

log = logging.getLogger(__name__)


def open_display(config: Any, *, on_pi: bool | None = None, fallback: bool = True):
    """The luma device for `config.oled` (model, i2c_bus, address, rotate).

    `config` is a companion.config.Config or anything with the same attributes. Off a Pi this
    is a dummy device. On a Pi a panel that does not answer gives the dummy too (with a
    warning in the journal) unless fallback=False, when it raises HardwareError instead.
    """
    if on_pi is None:
        on_pi = getattr(config, "on_pi", False)
    if not on_pi:
        return emulated_device()
    oled = config.oled
    try:
        return real_device(oled.model, oled.i2c_bus, oled.address, oled.rotate)
    except (LumaError, OSError) as exc:
        problem = (f"OLED {oled.model} not reachable on I2C bus {oled.i2c_bus} at "
                   f"0x{oled.address:02X}: {exc}")
        if not fallback:
            raise HardwareError(problem) from exc
        log.warning("%s; the screens go to the web page only", problem)
        return emulated_device()


def emulated_device():
    return dummy(width=WIDTH, height=HEIGHT, mode="1")


def real_device(model: str, bus: int, address: int, rotate: int = 0, serial_interface=None):
    # Imported here: luma.oled's drivers are only needed where a panel is wired.
    from luma.core.interface.serial import i2c
    from luma.oled.device import sh1106, ssd1306

    drivers = {"ssd1306": ssd1306, "sh1106": sh1106}
    if model not in drivers:
        raise HardwareError(f"unknown OLED model {model!r}; use ssd1306 or sh1106")
    serial = serial_interface or i2c(port=bus, address=address)
    return drivers[model](serial_interface=serial, width=WIDTH, height=HEIGHT, rotate=rotate)


class Display:
    """Draws named screens on a luma device and keeps the last frame for anyone who asks."""

    def __init__(self, device):
        self.device = device
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._image = Image.new("1", (WIDTH, HEIGHT))
        self._screen: str | None = None
        self._frame = 0
        self._panel_ok = True
        self._closed = False

    # -- drawing -------------------------------------------------------------------------

    def show(self, screen: str | Screen, data: Any = None) -> None:
        """Draw `screen` (a name in hardware.screens.SCREENS, or a game's own screen function)
        with `data`.

        Bad data never reaches the players as a traceback: they see the error screen with one
        sentence and the details go to the log. A panel that stops answering mid-game is
        logged once; the frame is still kept for the web mirror.
        """
        with self._lock:
            if self._closed:
                raise HardwareError("the display is closed")
            try:
                image = self._render(screen, data)
                shown = name_of(screen)
            except ScreenError as exc:
                # A cause means a bug met odd data: keep its traceback for the journal.
                log.error("cannot show screen %r with %r: %s", name_of(screen), data, exc,
                          exc_info=exc.__cause__ is not None)
                image = self._render("error", {"text": f"Cannot show {name_of(screen)}: {exc}"})
                shown = "error"
            self._image, self._screen = image, shown
            self._frame += 1
            self._changed.notify_all()

    def show_error(self, problem: Any) -> None:
        """The error screen for an exception or a message: its one sentence, never a traceback."""
        self.show("error", {"text": plain_message(problem)})

    def _render(self, screen: str | Screen, data: Any) -> Image.Image:
        frame = canvas(self.device)
        try:
            with frame as draw:
                draw_screen(draw, screen, data)
        except (LumaError, OSError) as exc:  # the panel, not the drawing, failed
            if self._panel_ok:
                log.warning("the OLED stopped answering (%s); the web page still mirrors it", exc)
            self._panel_ok = False
        else:  # every frame tries the panel again: one that answers again is back at once
            if not self._panel_ok:
                log.warning("the OLED answers again")
            self._panel_ok = True
        return frame.image.convert("1")

    # -- reading the last frame ----------------------------------------------------------

    @property
    def image(self) -> Image.Image:
        """A copy of the last frame, 128x64, mode "1"."""
        with self._lock:
            return self._image.copy()

    @property
    def screen(self) -> str | None:
        """The name of the screen last shown ("error" when it could not be drawn)."""
        return self._screen

    @property
    def frame(self) -> int:
        """Counts frames shown, so a web page can ask "anything newer than 41?"."""
        return self._frame

    @property
    def panel_ok(self) -> bool:
        """False while a real panel fails to take frames."""
        return self._panel_ok

    @property
    def emulated(self) -> bool:
        return isinstance(self.device, dummy)

    def png(self, scale: int = 1) -> bytes:
        """The last frame as PNG bytes, optionally scaled up with sharp pixels."""
        image = self.image
        if scale != 1:
            image = image.resize((WIDTH * scale, HEIGHT * scale), Image.NEAREST)
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    def wait_frame(self, after: int, timeout: float | None = None) -> int:
        """Block until a frame newer than `after` is shown (or timeout); returns the newest number."""
        with self._changed:
            self._changed.wait_for(lambda: self._frame > after or self._closed, timeout)
            return self._frame

    # -- closing -------------------------------------------------------------------------

    def close(self, keep_image: bool = False) -> None:
        """Release the panel. keep_image=True leaves the last frame lit (luma's `persist`):
        how "Safe to unplug" stays on the OLED after the Pi has halted."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._changed.notify_all()
            self.device.persist = keep_image
            try:
                self.device.cleanup()
            except (LumaError, OSError) as exc:
                log.warning("closing the OLED: %s", exc)

    def __enter__(self) -> "Display":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
