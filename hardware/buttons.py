"""The three push buttons, turned into named events for the service.

    A short press   "confirm"        B short press   "undo"        C short press   "next"
    C long press    "menu"           A+B held together for hold_time           "shutdown"

Each button joins a BCM pin to GND and uses the Pi's internal pull-up (gpiozero's
Button(pull_up=True)), so no resistors are needed. A and B act on release, not on press: a
finger on A that is joined by B is the start of a shutdown, not a confirm. A press shorter
than bounce_time is contact chatter and is ignored; gpiozero's own bounce_time already
filters most of it in the pin driver, but the mock pins have no debouncing, and a bounce
that slipped through would confirm a move twice.

Off the Pi the pins are gpiozero's MockFactory pins, and `press`, `release` and `hold`
drive them: that is how the web page's buttons and the tests reach the same code path as
a finger on a real button.

Events arrive on `events` (a queue.Queue) or, if given, through `on_event(name)`, called from
gpiozero's threads.
"""
from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any, Callable

from gpiozero import Button

from .errors import HardwareError

log = logging.getLogger(__name__)

SHORT = {"a": "confirm", "b": "undo", "c": "next"}
NAMES = {**{k: k for k in SHORT}, **{v: k for k, v in SHORT.items()}}  # "confirm" -> "a", "a" -> "a"


class ButtonsError(HardwareError):
    """A button misused, in plain words."""


def default_pin_factory(on_pi: bool):
    """None (gpiozero's default, lgpio on Raspberry Pi OS) on a Pi; mock pins anywhere else."""
    if on_pi:
        return None
    from gpiozero.pins.mock import MockFactory

    return MockFactory()


class Buttons:
    """Buttons A, B and C on BCM pins, reporting named events."""

    def __init__(self, pins: dict[str, int], on_event: Callable[[str], Any] | None = None, *,
                 bounce_time: float = 0.05, hold_time: float = 2.0, pin_factory=None,
                 clock: Callable[[], float] = time.monotonic):
        if sorted(pins) != ["a", "b", "c"]:
            raise ButtonsError(f"need pins for buttons a, b and c, got {sorted(pins)}")
        self.events: queue.Queue[str] = queue.Queue()
        self._on_event = on_event
        self._bounce_time = bounce_time
        self._hold_time = hold_time
        self._clock = clock
        self._lock = threading.Lock()
        self._down: dict[str, float] = {}  # button -> when it went down
        self._spent: set[str] = set()      # buttons whose long press already did something
        self._chord = False                # A and B have been down together since both were up
        self._factory = pin_factory
        self._buttons: dict[str, Button] = {}
        try:
            for name, pin in pins.items():
                button = Button(pin, pull_up=True, bounce_time=bounce_time or None,
                                hold_time=hold_time, pin_factory=pin_factory)
                button.when_pressed = lambda _dev, n=name: self._pressed(n)
                button.when_released = lambda _dev, n=name: self._released(n)
                button.when_held = lambda _dev, n=name: self._held(n)
                self._buttons[name] = button
        except Exception:
            self.close()
            raise

    @classmethod
    def from_config(cls, config: Any, on_event: Callable[[str], Any] | None = None, *,
                    pin_factory=None, on_pi: bool | None = None, fallback: bool = True) -> "Buttons":
        """Buttons from `config.buttons` (a, b, c, bounce_time, hold_time); mock pins off the Pi.

        On a Pi whose pins cannot be claimed (lgpio missing, pins busy) the buttons fall back to
        mock pins with a warning, so the web page's buttons still work, unless fallback=False,
        when ButtonsError says what went wrong.
        """
        on_pi = getattr(config, "on_pi", False) if on_pi is None else on_pi
        b = config.buttons
        pins = {"a": b.a, "b": b.b, "c": b.c}

        def make(factory):
            return cls(pins, on_event, bounce_time=b.bounce_time, hold_time=b.hold_time,
                       pin_factory=factory)

        if pin_factory is not None or not on_pi:
            return make(pin_factory if pin_factory is not None else default_pin_factory(False))
        try:
            return make(default_pin_factory(True))
        except Exception as exc:  # gpiozero reports pin trouble with many exception types
            problem = f"buttons on BCM {b.a}/{b.b}/{b.c} unavailable: {exc}"
            if not fallback:
                raise ButtonsError(problem) from exc
            log.warning("%s; the web page's buttons still work", problem)
            return make(default_pin_factory(False))

    # -- gpiozero callbacks (its threads) --------------------------------------------------

    def _pressed(self, name: str) -> None:
        with self._lock:
            self._down[name] = self._clock()
            if "a" in self._down and "b" in self._down:
                self._chord = True

    def _released(self, name: str) -> None:
        event = None
        with self._lock:
            if name not in self._down:
                return
            pressed_for = self._clock() - self._down.pop(name)
            in_chord = self._chord and name in ("a", "b")
            if "a" not in self._down and "b" not in self._down:
                self._chord = False
            spent = name in self._spent
            self._spent.discard(name)
            if pressed_for >= self._bounce_time and not in_chord and not spent:
                event = SHORT[name]
        if event:
            self._emit(event)

    def _held(self, name: str) -> None:
        event = None
        with self._lock:
            if name not in self._down or name in self._spent:
                return
            if name == "c":
                self._spent.add("c")
                event = "menu"
            else:
                # Each of A and B fires its own when_held; the second to fire sees the first
                # already held, so the shutdown comes once both were down for hold_time.
                other = "b" if name == "a" else "a"
                if self._chord and other in self._down and self._buttons[other].is_held:
                    self._spent.update(("a", "b"))
                    event = "shutdown"
        if event:
            self._emit(event)

    def _emit(self, event: str) -> None:
        if self._on_event is not None:
            self._on_event(event)
        else:
            self.events.put(event)

    # -- emulated fingers (mock pins only) -------------------------------------------------

    def press(self, name: str) -> None:
        """Push button `name` ("a", "b", "c", or its event: "confirm", "undo", "next")."""
        self._mock_pin(name).drive_low()  # wired to GND: pressed reads low

    def release(self, name: str) -> None:
        self._mock_pin(name).drive_high()

    def hold(self, name: str, seconds: float | None = None) -> None:
        """Hold `name` ("c", or "a+b" for the shutdown chord) for `seconds`, then let go.

        Blocks for that long. The default is just over hold_time, plus the 0.1 s that
        gpiozero's hold thread may take to notice the press.
        """
        names = [n.strip() for n in name.split("+")]
        pins = [self._mock_pin(n) for n in names]
        for pin in pins:
            pin.drive_low()
        time.sleep(self._hold_time + 0.3 if seconds is None else seconds)
        for pin in reversed(pins):
            pin.drive_high()

    def _mock_pin(self, name: str):
        key = NAMES.get(name.lower())
        if key is None:
            raise ButtonsError(f"no button called {name!r}; buttons are a, b and c")
        pin = self._buttons[key].pin
        if not hasattr(pin, "drive_low"):
            raise ButtonsError("these are real buttons on GPIO pins; only emulated ones can be pressed from software")
        return pin

    @property
    def emulated(self) -> bool:
        return all(hasattr(b.pin, "drive_low") for b in self._buttons.values())

    def is_pressed(self, name: str) -> bool:
        return self._buttons[NAMES[name.lower()]].is_pressed

    # -- closing ---------------------------------------------------------------------------

    def close(self) -> None:
        for button in self._buttons.values():
            button.close()
        self._buttons.clear()

    @property
    def closed(self) -> bool:
        return not self._buttons

    def __enter__(self) -> "Buttons":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
