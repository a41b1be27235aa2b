"""Where Domino Dynasty's domino reader spends a frame, step by step: a breakdown to print, not a
test. Run from the repository's root (tuning seeds only: the held-out ones are kept for confirming):

    python tests/vision/dominoes_cost.py ours 70001-70002 6     # printing, seeds, frames a seed

Each seed enrols its printing afresh and draws frames it never saw (as `dominoes_asked.py` does);
each frame is read with the reader's steps timed (CPU, this process alone) beside OpenCV's ArUco
detection on the same frame. A step's time includes the steps it calls (a map's halves are read
in `read_squares`, their pictures compared in `_look_scores_all`). With PYTHONPATH at another
checkout, that checkout's reader is timed on the same frames."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the second printing lives beside this file
sys.path.append(str(Path(__file__).resolve().parents[2]))  # after PYTHONPATH: another checkout's reader wins
import dominoes_asked  # noqa: E402
import second_dominoes  # noqa: E402
from steps_timed import SPENT, beside_aruco, report, timed  # noqa: E402

from companion.games.dynasty.camera import MAT  # noqa: E402
from vision import dominoes, grid, markers, recognise  # noqa: E402
from vision.mat import mat_layout  # noqa: E402
from vision.perf import single_threaded  # noqa: E402

# the steps timed: (module or class, function), as the reader calls them
STEPS = [(markers.MarkerDetector, "detect"), (grid, "calibrate"), (grid, "recalibrate_with_missed"),
         (grid, "mat_exposure"), (grid, "view_zone"), (recognise, "_zone_light"),
         (dominoes.DominoReader, "_read_zone"), (dominoes.DominoReader, "map_squares"),
         (dominoes.DominoReader, "_squares"), (dominoes, "_plainly_bare"),
         (dominoes, "sample_all"), (dominoes.DominoReader, "_with_ground"), (dominoes.DominoReader, "read_squares"),
         (dominoes, "_look_scores_all")]
KEPT = range(90001, 96000)  # seeds kept for confirming (the stress check's)



def main(argv):
    printing, seeds, n = argv[0], dominoes_asked.seeds_of(argv[1]), int(argv[2])
    if set(seeds) & (set(KEPT) | set(second_dominoes.TEST_SEEDS)):
        raise SystemExit("those seeds are kept for confirming: look at others")
    cv2.setNumThreads(1)
    single_threaded()
    layout = mat_layout(MAT)
    aruco = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary)))
    with tempfile.TemporaryDirectory() as tmp:
        drawn = [dominoes_asked.frames_of(printing, seed, n, layout, Path(tmp)) for seed in seeds]
    for owner, name in STEPS:
        if hasattr(owner, name):  # (a step another checkout's reader may not have)
            timed(owner, name)
    for reader, shots in drawn:
        reader.read(shots[0][0])  # (what is made once per map)
    SPENT.clear()
    reference = whole = 0.0
    for reader, shots in drawn:
        spent = beside_aruco(aruco, reader.read, [frame for frame, _ in shots])
        reference, whole = reference + spent[0], whole + spent[1]
    report(printing, sum(len(shots) for _, shots in drawn), reference, whole, width=24)


if __name__ == "__main__":
    main(sys.argv[1:])
