"""Where Paradox Initiative's disc reader spends a frame, step by step: a breakdown to print, not
a test. Run from the repository's root (tuning seeds only: 90001-95999 are kept for confirming):

    python tests/vision/discs_cost.py 70001 16     # first seed, frames of each printing

Both printings are enrolled as `paradox-table vision enroll` does, frames they never saw are
drawn (ours: full matrices with a lock token on 15 % of discs; the second printing's own), and
each frame is read with the reader's steps timed (CPU, this process alone) beside OpenCV's ArUco
detection on the same frame. A step's time includes the steps it calls. With PYTHONPATH at another
checkout, that checkout's reader is timed on the same frames."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the second printing lives beside this file
sys.path.append(str(Path(__file__).resolve().parents[2]))  # after PYTHONPATH: another checkout's reader wins
import second_discs  # noqa: E402
from steps_timed import SPENT, beside_aruco, report, timed  # noqa: E402

from companion.games.initiative import camera  # noqa: E402
from vision import grid, markers, readers, recognise  # noqa: E402
from vision.mat import mat_layout  # noqa: E402
from vision.perf import single_threaded  # noqa: E402

# the steps timed: (module or class, function), as the reader calls them
STEPS = [(markers.MarkerDetector, "detect"), (grid, "calibrate"), (grid, "mat_exposure"), (grid, "view_zone"),
         (recognise, "_zone_light"), (grid.GridReader, "_read_zone"), (grid.GridReader, "_presence"),
         (grid.GridReader, "_gap_light"), (grid.GridReader, "_read_discs"), (grid, "disc_ratios"),
         (grid, "disc_inks"), (grid, "ink_rings"), (grid.GridReader, "_symbol_match"), (grid, "_off_bodies"),
         (grid.GridReader, "_locks"), (grid, "_own_print"), (grid.GridReader, "_read_disc")]
SECOND = 1000  # the second printing's frames are drawn from this far past the first seed
KEPT = range(90001, 96000)  # seeds kept for confirming



def frames(layout, seed, n):
    rng = np.random.default_rng(seed)
    for i in range(n):
        table, _ = grid.random_maps(layout, camera.TILES, camera.CELLS, rng, seed=seed + i, locks=0.15)
        yield "ours", table.render()
    for i in range(n):
        table = second_discs.Table(layout, seed=seed + SECOND + i)
        discs, tokens, _ = table.random_matrices(camera.CELLS, layout)
        yield "second", table.photograph(discs, tokens)


def main(argv):
    seed, n = int(argv[0]), int(argv[1])
    if any(s in KEPT for first in (seed, seed + SECOND) for s in range(first, first + n)):
        raise SystemExit("seeds 90001-95999 are kept for confirming: look at others")
    cv2.setNumThreads(1)
    single_threaded()
    layout = mat_layout(camera.MAT)
    _, enroll, _, _ = readers.kit(camera.READER, camera.CELLS)
    aruco = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary)))
    with tempfile.TemporaryDirectory() as tmp:
        shots = {"ours": grid.write_enrolment(layout, Path(tmp) / "ours", camera.TILES, seed=seed),
                 "second": second_discs.write_enrolment(second_discs.Table(layout, seed=seed), Path(tmp) / "second")}
        read = {p: readers.reader(camera.READER, enroll(m, None, layout, camera.TILES), layout, camera.ZONES,
                                  camera.CELLS) for p, m in shots.items()}
    drawn = list(frames(layout, seed, n))
    for owner, name in STEPS:
        timed(owner, name)
    for printing in ("ours", "second"):
        SPENT.clear()
        these = [f for p, f in drawn if p == printing]
        read[printing].read(these[0])  # (what is made once per area and disc size)
        SPENT.clear()
        report(printing, len(these), *beside_aruco(aruco, read[printing].read, these))


if __name__ == "__main__":
    main(sys.argv[1:])
