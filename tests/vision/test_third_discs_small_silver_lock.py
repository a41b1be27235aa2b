"""Paradox Initiative's third printing (tests/vision/third_discs.py, seed 52001, the second frame):
small silver lock tokens (8.8 mm across the corners). Their outlines came out just as the token
was taught (its size, as solid) and their nearer quarter the token's own colour, but its stamped
keyhole and lit bevel left it through and through over only a third of its area, under the half
a token told by its shape must show, and a white disc's colour and a blue disc's cream lie near
silver, so little of the outline was nearer the token than every disc colour: all 19 locks were
asked about. An outline as taught, from 0.85 of the token's size, in the token's own colour
plainly and through and through over a fifth of it, over a middle unlike the disc's own kind's,
is a lock."""
import third_frames

from vision.grid import LOCK
from vision.tiles import UNKNOWN

SEED, FRAME = 52001, 1


def test_small_silver_tokens_shaped_as_taught_are_read_as_locks():
    truth, seen = third_frames.discs(SEED, FRAME)
    locks = [cell for cell, label in truth.items() if label == LOCK]
    assert len(locks) >= 15
    assert sum(seen.get(cell) == LOCK for cell in locks) >= 0.6 * len(locks)
    wrong = {cell: (label, seen.get(cell)) for cell, label in truth.items() if seen.get(cell) not in (label, UNKNOWN)}
    assert not wrong
