"""Paradox Initiative's third printing (tests/vision/third_discs.py --spread 18, seed 65001, the
second frame, read after the first as `recognize` reads them): a plain white two laid 4 mm off its
cell (`matrix-1` 0 2) was read as `lock`. The presence filter found it at its window's edge and
its own outline was not found in the cell, so its ring was read round a point off the disc; the
mat and the white body there closed into an outline shaped like a token, and a claim by shape
alone stood. A lock told by its shape alone on a disc its own outline did not place is asked."""
import third_discs
import third_frames

from vision.tiles import UNKNOWN


def test_a_lock_told_by_shape_on_a_disc_not_placed_in_its_cell_is_asked(monkeypatch):
    monkeypatch.setitem(third_discs.ABLATE, "spread", 18.0)
    truth, seen = third_frames.discs(65001, 1, in_turn=True)
    cell = ("matrix-1", 0, 2)
    assert truth[cell] == "white-2"
    assert seen.get(cell) in ("white-2", UNKNOWN)
    wrong = {c: (label, seen.get(c)) for c, label in truth.items() if seen.get(c) not in (label, UNKNOWN)}
    assert not wrong
    assert sum(seen.get(c) == label for c, label in truth.items()) >= len(truth) / 3  # the frame is read
