"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): a money on lava, enrolled on plains, shows a badge whose colours lie
far from every icon's, nearest a goods' (enrolled on lava), and a picture over the half not
plainly one icon's. Colours that far name an icon only where its picture plainly shows it or fits
its own print closely: each such money is read right or asked about, never read as a goods, and
the goods beside them are still read."""
from __future__ import annotations

import pytest
import third_frames

SEED = 43001
# (west half, east half), each (terrain, icon, sides in the domino's own frame)
MONEY = [(("lava", "money", "NESW"), ("lava", None, "")), (("lava", "money", "NESW"), ("desert", None, "S")),
         (("lava", "money", "NESW"), ("plains", None, "")), (("lava", "money", "NS"), ("grass", None, "E"))]
GOODS = [(("lava", "goods", "NESW"), ("lava", None, "")), (("lava", "goods", "NESW"), ("desert", None, "W"))]
LAID = MONEY * 2 + GOODS * 2
# in this order the goods are enrolled on lava and the money on plains (the icons' terrains go round)
ENROLLED = ("goods", "veto", "person", "money", "warfare", "housing")


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains and those icons only: fast)."""
    return third_frames.dominoes_laid(SEED, ENROLLED, LAID)


def test_a_money_is_never_read_as_a_goods(read):
    truth, seen = read
    assert not third_frames.misread(truth, seen, third_frames.laid_as(MONEY))


def test_the_goods_beside_them_are_read(read):
    truth, seen = read
    goods = {cell: half for cell, half in truth.items() if half.split("/")[1] == "goods"}
    assert sum(seen.get(cell) == half for cell, half in goods.items()) >= len(goods) - 1
    assert not third_frames.misread(truth, seen, third_frames.laid_as(GOODS))
