"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py): an icon printed
near its terrain's colours (a village on lava) shows no badge and stands out of the terrain as no
print, so its half looked bare. Its picture fits the half better than the bare ground does, and
fits where its own print lies: such a half is asked about, never read as a bare half. The tool's
seed 48001 (its shots, frames and reading in turn, as it runs them, without its command line)."""
from __future__ import annotations

import pytest
import third_frames

SEED, FRAMES = 48001, 2


@pytest.fixture(scope="module")
def read():
    """[(truth {cell: half}, reading {cell: label})] of the seed's frames."""
    return third_frames.dominoes_run(SEED, FRAMES)


def test_a_half_with_an_icon_is_never_read_bare(read):
    for truth, seen in read:
        wrong = {cell: (half, seen[cell]) for cell, half in truth.items() if half.split("/")[1]
                 and seen.get(cell, "unknown") != "unknown" and not seen[cell].split("/")[1]}
        assert not wrong
