"""The OLED screens, pixel for pixel, on luma.core's dummy device (as luma's own tests do): the
shared ones (hardware.gallery's examples) and the games' own (GAMES_OWN below).

Golden images live in tests/hardware/golden/; docs/img/oled-*.png are the same frames at 4x.
Each run draws the 4x pictures into tests/output/oled/ (not tracked) and checks docs/img has them.
After an intended change: UPDATE_GOLDEN=1 .venv/bin/pytest tests/hardware -q, look at the golden
images, then `make images` (PARADOX_TABLE_DOCS_IMG=1) writes the pictures in docs/img.
"""
from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.games.paradominetor.oled import trick
from hardware import drawing, screens
from hardware.display import Display, emulated_device, open_display
from hardware.gallery import SAMPLES, write_images

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
DOCS_IMG = HERE.parent.parent / "docs" / "img"
OUTPUT = HERE.parent / "output" / "oled"  # git-ignored: what this run drew, to look at
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
WRITE_DOCS = os.environ.get("PARADOX_TABLE_DOCS_IMG") == "1"
# The games' own screens, drawn in their folders, each with an example as the table sees it.
GAMES_OWN = {
    "trick": (trick, {
        "title": "Trick 7",
        "lead": "yellow",
        "plays": [
            {"seat": "P1", "tile": "yellow 3"},
            {"seat": "P2", "tile": "yellow 5"},
            {"seat": "P3", "tile": "paradox yellow 1"},
        ],
        "turn": "P4",
    }),
}
EXAMPLES = {**{name: (name, data) for name, data in SAMPLES.items()}, **GAMES_OWN}


@pytest.fixture
def display():
    with Display(emulated_device()) as d:
        yield d


def differing_pixels(a: Image.Image, b: Image.Image) -> int:
    assert a.size == b.size
    return sum(ImageChops.difference(a.convert("L"), b.convert("L")).histogram()[1:])


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_screen_matches_golden_image(display, name):
    display.show(*EXAMPLES[name])
    assert display.screen == name  # drawn as asked, not replaced by the error screen
    image = display.image
    assert image.size == (128, 64) and image.mode == "1"
    # The dummy device received exactly this frame.
    assert differing_pixels(display.device.image, image) == 0
    path = GOLDEN / f"{name}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no golden image {path.name}; run with UPDATE_GOLDEN=1 to create it")
        GOLDEN.mkdir(exist_ok=True)
        image.save(path)
    assert differing_pixels(image, Image.open(path)) == 0, f"{name} differs from {path}"


def test_docs_pictures_are_the_golden_images_at_four_times():
    if WRITE_DOCS:
        write_images(DOCS_IMG, EXAMPLES.values())
    written = write_images(OUTPUT, EXAMPLES.values())
    for path in written:
        docs = DOCS_IMG / path.name
        assert docs.exists(), f"{docs} missing; run make images"
        assert differing_pixels(Image.open(path), Image.open(docs)) == 0, f"{docs} is stale; run make images"
        golden = Image.open(GOLDEN / (path.stem.removeprefix("oled-") + ".png"))
        assert Image.open(path).size == (512, 256)
        assert differing_pixels(Image.open(path).resize((128, 64), Image.NEAREST), golden) == 0


def test_join_screen_qr_code_decodes_to_the_url(display):
    cv2 = pytest.importorskip("cv2")
    import numpy as np

    for url in ("http://paradox-table.local:8080/", "http://kitchen.local:80/",
                "http://the-big-games-room-table.local:65535/"):
        display.show("join", {"url": url})
        frame = np.array(display.image.convert("L"))
        # As a phone sees the panel: the unlit glass around it is dark; upscale like a camera would.
        framed = np.zeros((96, 160), np.uint8)
        framed[16:80, 16:144] = frame
        big = cv2.resize(framed, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
        text, points, _ = cv2.QRCodeDetector().detectAndDecode(big)
        assert text.lower() == url, (url, text)


def test_join_screen_with_an_address_puts_the_address_in_the_qr_code_and_says_both(display):
    """Many Android phones do not resolve NAME.local: the QR code a phone scans holds the
    address that works everywhere, and the screen shows the address and the name."""
    cv2 = pytest.importorskip("cv2")
    import numpy as np

    display.show("join", {"url": "http://paradox-table.local:8080/", "address": "http://10.0.0.7:8080/"})
    framed = np.zeros((96, 160), np.uint8)
    framed[16:80, 16:144] = np.array(display.image.convert("L"))
    big = cv2.resize(framed, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    assert cv2.QRCodeDetector().detectAndDecode(big)[0].lower() == "http://10.0.0.7:8080/"
    with Display(emulated_device()) as other:
        other.show("join", {"url": "http://paradox-table.local:8080/"})
        assert differing_pixels(other.image.crop((66, 0, 128, 64)), display.image.crop((66, 0, 128, 64))) > 0
    assert screens.url_lines("http://10.0.0.7:8080/", 10) == ["10.0.0.7", ":8080"]


def test_qr_code_modules_are_whole_pixels():
    image = screens.qr_image("http://paradox-table.local:8080/")
    assert image.size == (64, 64)
    # Version 2 (25 modules) at 2 px a module, centred: a lit quiet zone of 7 px all round.
    pixels = image.load()
    border = [pixels[x, y] for x in range(64) for y in range(64)
              if min(x, y) < 7 or max(x, y) >= 57]
    assert all(border)
    for y in range(7, 57, 2):
        for x in range(7, 57, 2):
            block = {pixels[x + dx, y + dy] for dx in (0, 1) for dy in (0, 1)}
            assert len(block) == 1, (x, y)


def test_half_points_and_whole_points():
    from fractions import Fraction

    assert drawing.points(3) == "3"
    assert drawing.points(3.5) == "3.5"
    assert drawing.points(Fraction(7, 2)) == "3.5"
    assert drawing.points(-0.5) == "-0.5"
    assert drawing.points(10.0) == "10"


def test_long_text_wraps_and_is_cut_visibly():
    lines = drawing.fit(drawing.wrap("Paradox yellow 1: P3 past 1 pt, P4 0.5 " * 6), 5)
    assert len(lines) == 5
    assert all(len(line) <= drawing.COLUMNS for line in lines)
    assert lines[-1].endswith("..")
    assert drawing.wrap("x" * 30) == ["x" * 21, "x" * 9]


def test_text_outside_the_font_becomes_drawable():
    assert drawing.clean("Zoë — 3…") == "Zoë - 3..."
    assert drawing.clean("P1 🎲") == "P1 ?"


def test_error_screen_never_shows_a_traceback(display):
    traceback_text = ('Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n'
                      'RuntimeError: Camera not found')
    assert screens.plain_message(traceback_text) == "RuntimeError: Camera not found"
    assert screens.plain_message(RuntimeError("I2C bus busy\nmore detail")) == "I2C bus busy"
    display.show_error(OSError("OLED gone"))
    assert display.screen == "error"


def test_bad_data_shows_the_error_screen_instead_of_raising(display, caplog):
    display.show("scoreboard", {"seats": [{"name": f"P{i}", "score": 0} for i in range(6)]})
    assert display.screen == "error"
    reference = Display(emulated_device())
    reference.show("error", {"text": "Cannot show scoreboard: the scoreboard shows 1 to 5 seats, got 6"})
    assert differing_pixels(display.image, reference.image) == 0
    display.show("no-such-screen", {})
    assert display.screen == "error"
    assert "no screen called" in caplog.text


def test_a_games_own_screen_with_bad_data_shows_the_error_screen_and_names_it(display):
    plays = [{"seat": f"P{i}", "tile": "red 3"} for i in range(5)]
    display.show(trick, {"plays": plays, "turn": "P6"})
    assert display.screen == "error"
    reference = Display(emulated_device())
    reference.show("error", {"text": "Cannot show trick: a trick screen has room for 5 lines, got 6"})
    assert differing_pixels(display.image, reference.image) == 0
    display.show(trick, {"plays": plays})  # five plays and nobody to play: the trick is whole
    assert display.screen == "trick"
    display.show(42, {})
    assert display.screen == "error"


def test_dataclasses_are_screen_data(display):
    from dataclasses import dataclass

    @dataclass
    class Ruling:
        title: str
        text: str

    display.show("adjudication", Ruling("Paradox yellow 1", "P3 past 1 pt, P4 0.5"))
    as_dataclass = display.image
    display.show("adjudication", {"title": "Paradox yellow 1", "text": "P3 past 1 pt, P4 0.5"})
    assert differing_pixels(as_dataclass, display.image) == 0


def test_png_is_thread_safe_and_counts_frames(display):
    start = display.frame
    errors = []

    def reader():
        try:
            for _ in range(50):
                image = Image.open(io.BytesIO(display.png()))
                assert image.size == (128, 64)
        except Exception as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=reader) for _ in range(3)]
    for t in threads:
        t.start()
    for i in range(30):
        display.show("scoreboard", {"seats": [{"name": "Ann", "score": i / 2}]})
    for t in threads:
        t.join()
    assert not errors
    assert display.frame == start + 30
    assert display.wait_frame(start, timeout=0) == start + 30
    assert Image.open(io.BytesIO(display.png(scale=4))).size == (512, 256)


def test_open_display_off_the_pi_is_the_dummy():
    from companion.config import defaults

    device = open_display(defaults(on_pi=False))
    assert (device.width, device.height, device.mode) == (128, 64, "1")
    assert Display(device).emulated


def test_open_display_on_a_pi_without_a_panel_falls_back_or_says_why():
    from companion.config import OledConfig, defaults
    from dataclasses import replace
    from hardware.display import HardwareError

    # Bus 31 does not exist here (nor on any Pi): the same path as an unwired OLED.
    config = replace(defaults(on_pi=True), oled=OledConfig(i2c_bus=31))
    assert Display(open_display(config)).emulated
    with pytest.raises(HardwareError, match="I2C bus 31 at 0x3C"):
        open_display(config, fallback=False)


def test_closed_display_refuses_to_draw(display):
    display.close()
    from hardware.display import HardwareError

    with pytest.raises(HardwareError):
        display.show("message", {"text": "hello"})


def test_any_drawing_failure_becomes_the_error_screen(display):
    class Odd:
        def __str__(self):
            raise AttributeError("no words")

    display.show("message", {"title": "Hello", "text": Odd()})
    assert display.screen == "error"
