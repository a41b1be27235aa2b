"""What a real SSD1306 / SH1106 receives: init sequence, addressing and page data.

A Mock stands in for luma.core.interface.serial.i2c (and, once, for the SMBus under it), the
way luma.oled's own tests check its drivers. The page data is decoded back into pixels and
compared with the frame the Display kept: the panel shows exactly what the web mirror shows.
"""
from __future__ import annotations

from unittest.mock import Mock, call

import pytest

from hardware.display import Display, real_device
from hardware.gallery import SAMPLES

# luma.oled reads frames with Image.getdata, which Pillow 12+ deprecates; not ours to fix.
pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")

# SSD1306 datasheet names, for reading the expected sequences below.
DISPLAY_OFF, DISPLAY_ON = 0xAE, 0xAF
SSD1306_INIT = [
    DISPLAY_OFF,
    0xD5, 0x80,  # clock divide / oscillator
    0xA8, 0x3F,  # multiplex ratio: 64 rows
    0xD3, 0x00,  # display offset 0
    0x40,        # start line 0
    0x8D, 0x14,  # charge pump on (the module runs from 3.3 V)
    0x20, 0x00,  # horizontal addressing: one 1024-byte write fills the screen
    0xA1,        # segment remap: column 127 is SEG0
    0xC8,        # COM scan from the bottom
    0xDA, 0x12,  # COM pins for 128x64
    0xD9, 0xF1,  # pre-charge
    0xDB, 0x40,  # VCOMH level
    0xA4,        # show RAM contents
    0xA6,        # normal, not inverted
]
SH1106_INIT = [
    DISPLAY_OFF,
    0x20,              # memory mode (the SH1106 only has page addressing)
    0x10, 0xB0, 0xC8,  # high column 0, page 0, COM scan from the bottom
    0x00, 0x10, 0x40,  # low/high column, start line 0
    0xA1,              # segment remap
    0xA6,              # normal display
    0xA8, 0x3F,        # multiplex: 64 rows
    0xA4,              # show RAM
    0xD3, 0x00,        # display offset 0
    0xD5, 0xF0,        # clock
    0xD9, 0x22,        # pre-charge
    0xDA, 0x12,        # COM pins
    0xDB, 0x20,        # VCOMH
    0x8D, 0x14,        # charge pump
]


def pages_to_pixels(pages: list[int]) -> set[tuple[int, int]]:
    """Lit pixels from 8 pages of 128 bytes; bit b of byte x in page p is pixel (x, 8p + b)."""
    assert len(pages) == 8 * 128
    return {(x, 8 * p + b) for p in range(8) for x in range(128) for b in range(8)
            if pages[p * 128 + x] >> b & 1}


def lit(image) -> set[tuple[int, int]]:
    pixels = image.load()
    return {(x, y) for y in range(64) for x in range(128) if pixels[x, y]}


def flat(args) -> list[int]:
    return [int(b) for b in args]


def test_ssd1306_init_sequence_and_a_frame():
    serial = Mock(unsafe=True)
    device = real_device("ssd1306", 1, 0x3C, serial_interface=serial)
    assert serial.command.call_args_list[0] == call(*SSD1306_INIT)
    assert serial.command.call_args_list[1] == call(0x81, 0xCF)  # contrast
    assert serial.command.call_args_list[-1] == call(DISPLAY_ON)
    # Cleared before it is switched on: no random RAM on the glass at boot.
    assert serial.data.call_args_list == [call([0] * 1024)]

    serial.reset_mock()
    display = Display(device)
    display.show("scoreboard", SAMPLES["scoreboard"])
    # Column 0..127 and page 0..7, then the whole frame in one write.
    assert serial.command.call_args_list == [call(0x21, 0, 127, 0x22, 0, 7)]
    (data,), _ = serial.data.call_args
    assert pages_to_pixels(flat(data)) == lit(display.image)
    assert len(lit(display.image)) > 300  # a real picture, not an empty frame


def test_sh1106_pages_start_at_column_2():
    serial = Mock(unsafe=True)
    device = real_device("sh1106", 1, 0x3C, serial_interface=serial)
    assert serial.command.call_args_list[0] == call(*SH1106_INIT)
    assert serial.command.call_args_list[1] == call(0x81, 0x7F)  # contrast
    assert serial.command.call_args_list[-1] == call(DISPLAY_ON)

    serial.reset_mock()
    display = Display(device)
    display.show("prompt", SAMPLES["prompt"])
    # 132-column RAM behind a 128-pixel glass: each page is addressed from column 2.
    assert serial.command.call_args_list == [call(0xB0 + page, 0x02, 0x10) for page in range(8)]
    pages = [b for (chunk,), _ in serial.data.call_args_list for b in flat(chunk)]
    assert pages_to_pixels(pages) == lit(display.image)


def test_upside_down_panel_gets_the_rotated_frame():
    serial = Mock(unsafe=True)
    display = Display(real_device("ssd1306", 1, 0x3C, rotate=2, serial_interface=serial))
    serial.reset_mock()
    display.show("winner", SAMPLES["winner"])
    (data,), _ = serial.data.call_args
    upright = lit(display.image)  # the mirror stays upright
    assert pages_to_pixels(flat(data)) == {(127 - x, 63 - y) for x, y in upright}


def test_i2c_bytes_on_the_bus():
    """Through luma's real i2c interface: control byte 0x00 before commands, 0x40 before data."""
    from luma.core.interface.serial import i2c

    bus = Mock(unsafe=True)
    display = Display(real_device("ssd1306", 1, 0x3C, serial_interface=i2c(bus=bus, address=0x3C)))
    bus.reset_mock()
    display.show("join", SAMPLES["join"])
    writes = bus.write_i2c_block_data.call_args_list
    assert writes[0] == call(0x3C, 0x00, [0x21, 0, 127, 0x22, 0, 7])
    data = []
    for address, control, chunk in (c.args for c in writes[1:]):
        assert (address, control) == (0x3C, 0x40)
        assert len(chunk) <= 32  # SMBus block limit
        data += chunk
    assert pages_to_pixels(data) == lit(display.image)


def test_keep_image_leaves_the_last_frame_on_the_panel():
    serial = Mock(unsafe=True)
    display = Display(real_device("ssd1306", 1, 0x3C, serial_interface=serial))
    display.show("unplug", {"safe": True})
    serial.reset_mock()
    display.close(keep_image=True)
    assert call(DISPLAY_OFF) not in serial.command.call_args_list
    assert serial.data.call_args_list == []
    serial.cleanup.assert_called_once()

    serial = Mock(unsafe=True)
    display = Display(real_device("ssd1306", 1, 0x3C, serial_interface=serial))
    serial.reset_mock()
    display.close()
    assert call(DISPLAY_OFF) in serial.command.call_args_list
