"""Paradox Initiative's third printing (tests/vision/third_discs.py), seed 57001, the third frame,
`matrix-1` 3 0: a black three's cream spokes, near the silver token's colour, closed into an
outline of 1.01 of the token, as solid, and were read `lock` by the rule that tells a token by its
shape, silently, though the disc's middle was what a black three shows there and 0.99 of what lay
off its body was its own print (the right locks that rule reads on a middle like their kind's: 0.86
of it and less). An outline so told that the disc's own print explains is asked about."""
import third_frames

from vision.tiles import UNKNOWN


def test_a_black_threes_spokes_are_not_read_as_a_lock_by_their_shape():
    truth, seen = third_frames.discs(57001, 2, in_turn=True)
    assert truth[("matrix-1", 3, 0)] == "black-3"
    assert seen.get(("matrix-1", 3, 0)) in ("black-3", UNKNOWN)
    wrong = {cell: (label, seen.get(cell)) for cell, label in truth.items() if seen.get(cell) not in (label, UNKNOWN)}
    assert not wrong
    assert sum(seen.get(cell) == label == "lock" for cell, label in truth.items()) >= 1  # its locks still read
