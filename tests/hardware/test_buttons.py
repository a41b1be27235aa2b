"""The buttons on gpiozero's MockFactory, driven as gpiozero's own tests drive pins.

Short presses and bounce use an injected clock, so they are exact and instant. Long presses
go through gpiozero's hold thread with a short hold_time; the tests wait for the event on a
queue (bounded), they never assert how long anything took.
"""
from __future__ import annotations

import queue

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hardware.buttons import Buttons, ButtonsError
from patience import WAIT_SECONDS

PINS = {"a": 17, "b": 27, "c": 22}
WAIT = WAIT_SECONDS  # how long a test may wait for a hold event before it fails


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def factory():
    factory = MockFactory()
    yield factory
    factory.reset()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def buttons(factory, clock):
    # hold_time far longer than any test: a slow machine cannot turn a tap into a long press.
    with Buttons(PINS, bounce_time=0.05, hold_time=30, pin_factory=factory, clock=clock) as b:
        yield b


@pytest.fixture
def quick_hold(factory):
    with Buttons(PINS, bounce_time=0.05, hold_time=0.05, pin_factory=factory) as b:
        yield b


def tap(buttons, clock, name, seconds=0.15):
    pin = buttons._mock_pin(name)
    pin.drive_low()
    clock.advance(seconds)
    pin.drive_high()


def drain(q: queue.Queue) -> list[str]:
    events = []
    while True:
        try:
            events.append(q.get_nowait())
        except queue.Empty:
            return events


def test_wired_to_gnd_with_pull_ups(buttons, factory):
    for name, pin in PINS.items():
        mock = factory.pin(pin)
        assert mock.pull == "up"
        assert mock.state == 1  # idle reads high
        assert not buttons.is_pressed(name)
    factory.pin(17).drive_low()
    assert buttons.is_pressed("confirm")
    # Let go: gpiozero's hold thread waits out hold_time for a held button before it can close.
    factory.pin(17).drive_high()


def test_short_presses_are_named_events(buttons, clock):
    tap(buttons, clock, "a")
    tap(buttons, clock, "b")
    tap(buttons, clock, "c")
    assert drain(buttons.events) == ["confirm", "undo", "next"]


def test_event_fires_on_release_not_on_press(buttons, clock):
    buttons.press("a")
    assert drain(buttons.events) == []
    clock.advance(0.2)
    buttons.release("a")
    assert drain(buttons.events) == ["confirm"]


def test_contact_bounce_gives_one_event(buttons, clock, factory):
    pin = factory.pin(17)
    # Closing contacts chatter for a few milliseconds, then hold; opening chatters again.
    for _ in range(3):
        pin.drive_low()
        clock.advance(0.002)
        pin.drive_high()
        clock.advance(0.002)
    pin.drive_low()
    clock.advance(0.12)
    pin.drive_high()
    for _ in range(3):
        clock.advance(0.002)
        pin.drive_low()
        clock.advance(0.002)
        pin.drive_high()
    assert drain(buttons.events) == ["confirm"]


def test_a_glitch_shorter_than_bounce_time_is_ignored(buttons, clock):
    tap(buttons, clock, "b", seconds=0.01)
    assert drain(buttons.events) == []
    tap(buttons, clock, "b", seconds=0.06)
    assert drain(buttons.events) == ["undo"]


def test_long_press_c_opens_the_menu_once(quick_hold):
    buttons = quick_hold
    buttons.press("c")
    assert buttons.events.get(timeout=WAIT) == "menu"
    buttons.release("c")
    assert drain(buttons.events) == []  # the release after a long press is not also "next"


def test_a_and_b_held_together_shut_down(quick_hold):
    buttons = quick_hold
    buttons.press("a")
    buttons.press("b")
    assert buttons.events.get(timeout=WAIT) == "shutdown"
    buttons.release("b")
    buttons.release("a")
    assert drain(buttons.events) == []  # neither confirm nor undo on the way out


def test_hold_helper_drives_the_chord(factory):
    with Buttons(PINS, hold_time=0.05, pin_factory=factory) as buttons:
        buttons.hold("a+b", seconds=1.0)  # ample margin over hold_time on a busy machine
        assert buttons.events.get(timeout=WAIT) == "shutdown"
        assert drain(buttons.events) == []
        buttons.hold("c", seconds=1.0)
        assert buttons.events.get(timeout=WAIT) == "menu"


def test_a_chord_let_go_early_does_nothing(buttons, clock):
    # The chord is released long before hold_time (30 s) could count it.
    buttons.press("a")
    clock.advance(0.1)
    buttons.press("b")
    clock.advance(0.1)
    buttons.release("a")
    buttons.release("b")
    assert drain(buttons.events) == []
    tap(buttons, clock, "a")  # and the next press is a normal one again
    assert drain(buttons.events) == ["confirm"]


def test_callback_instead_of_queue(factory, clock):
    seen = []
    with Buttons(PINS, seen.append, hold_time=30, pin_factory=factory, clock=clock) as buttons:
        tap(buttons, clock, "next")
    assert seen == ["next"]
    assert buttons.events.empty()


def test_from_config_uses_the_configured_pins_and_mock_pins_off_the_pi():
    from companion.config import parse

    config = parse("[buttons]\na = 5\nb = 6\nc = 13\nhold_time = 1.5\n")
    with Buttons.from_config(config, on_pi=False) as buttons:
        assert buttons.emulated
        assert {n: b.pin.info.name for n, b in buttons._buttons.items()} == {"a": "GPIO5", "b": "GPIO6", "c": "GPIO13"}
        assert buttons._buttons["c"].hold_time == 1.5


def test_pin_factory_is_swappable_globally(clock):
    # gpiozero's own idiom: set Device.pin_factory, create devices without naming a factory.
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        with Buttons(PINS, hold_time=30, clock=clock) as buttons:
            tap(buttons, clock, "a")
            assert drain(buttons.events) == ["confirm"]
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved


def test_closing_releases_the_pins(factory):
    buttons = Buttons(PINS, pin_factory=factory)
    buttons.close()
    assert buttons.closed
    with Buttons(PINS, pin_factory=factory):  # the same pins can be claimed again
        pass


def test_unknown_button_names_say_so(buttons):
    with pytest.raises(ButtonsError, match="buttons are a, b and c"):
        buttons.press("d")
    with pytest.raises(ButtonsError, match="need pins for buttons a, b and c"):
        Buttons({"a": 17, "b": 27})


def test_unusable_pins_on_a_pi_fall_back_to_mock_pins_or_say_why(monkeypatch):
    from companion.config import defaults
    from hardware import buttons as buttons_mod

    def no_lgpio(on_pi):
        if on_pi:
            class Broken:
                def __getattr__(self, name):
                    raise RuntimeError("lgpio is not installed")
            return Broken()
        return MockFactory()

    monkeypatch.setattr(buttons_mod, "default_pin_factory", no_lgpio)
    config = defaults(on_pi=True)
    with Buttons.from_config(config) as buttons:
        assert buttons.emulated
    with pytest.raises(ButtonsError, match="buttons on BCM 17/27/22 unavailable"):
        Buttons.from_config(config, fallback=False)
