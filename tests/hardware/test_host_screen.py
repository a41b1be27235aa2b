"""The OLED's question when a phone asks to become the host, pixel for pixel (golden image).

After an intended change: UPDATE_GOLDEN=1 .venv/bin/pytest tests/hardware/test_host_screen.py,
then look at tests/hardware/golden/host.png (and tests/output/oled/oled-host.png, four times
larger)."""
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from hardware import screens
from hardware.display import Display, emulated_device

GOLDEN = Path(__file__).parent / "golden" / "host.png"
OUTPUT = Path(__file__).parents[1] / "output" / "oled"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def differing_pixels(a: Image.Image, b: Image.Image) -> int:
    assert a.size == b.size
    return sum(ImageChops.difference(a.convert("L"), b.convert("L")).histogram()[1:])


def test_the_host_question_matches_its_golden_image():
    with Display(emulated_device()) as display:
        display.show("host", {"code": "4821"})
        assert display.screen == "host"
        image = display.image
        OUTPUT.mkdir(parents=True, exist_ok=True)
        (OUTPUT / "oled-host.png").write_bytes(display.png(4))
    if UPDATE or not GOLDEN.exists():
        if not UPDATE:
            pytest.fail(f"no golden image {GOLDEN.name}; run with UPDATE_GOLDEN=1 to create it")
        image.save(GOLDEN)
    assert differing_pixels(image, Image.open(GOLDEN)) == 0


def test_the_code_is_drawn_large_and_a_bad_one_is_refused():
    with Display(emulated_device()) as display:
        display.show("host", {"code": "0000"})
        narrow = display.image
        display.show("host", {"code": "0001"})
        assert differing_pixels(narrow, display.image) > 0
    for bad in ({}, {"code": ""}, {"code": "12345678901"}):
        with pytest.raises(screens.ScreenError):
            screens.draw_screen(_draw(), "host", bad)


def _draw():
    from PIL import ImageDraw
    return ImageDraw.Draw(Image.new("1", (128, 64)))
