"""Paradox Initiative's third printing (tests/vision/third_discs.py --spread 18 --metal gunmetal,
seed 51001, the first frame): discs laid 18 mm apart fill each matrix to its edge, off the reader's
16 mm cells. A black three at a matrix's corner, 4 mm off its cell, was read as `white-1`: its
ring was read round the bare mat between it and its neighbours (the mat's grey taken for a white
body, a neighbour's edge for a one's bar, matching 0.61), and no disc's own outline lies round
that point. A disc named from a weak match where no outline of a disc can be found is now asked."""
import functools

import pytest
import third_discs
import third_frames

from vision.tiles import UNKNOWN


@pytest.fixture(scope="module")
def laid_to_edge():
    mp = pytest.MonkeyPatch()
    mp.setitem(third_discs.ABLATE, "spread", 18.0)
    mp.setattr(third_discs, "PrintRun", functools.partial(third_discs.PrintRun, metal="gunmetal"))
    try:
        yield third_frames.discs(51001, 0)
    finally:
        mp.undo()


def test_a_black_three_read_round_the_mat_beside_it_is_asked(laid_to_edge):
    truth, seen = laid_to_edge
    cell = ("matrix-0", 4, 0)
    assert truth[cell] == "black-3"
    assert seen.get(cell) in ("black-3", UNKNOWN)
