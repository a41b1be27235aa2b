"""Where Paradominetor's tile reader spends a never-seen frame, step by step: a breakdown to
print, not a test. Run from the repository's root:

    python tests/vision/tiles_cost.py 60 [rounds]     # frames, rounds

The frames are the bench's never-seen ones (`vision.bench.cost_ratios`: our printing enrolled
from seed 2026, frames drawn from seed 2032), each read with the reader's steps timed (CPU, this
process alone) beside OpenCV's ArUco detection on the same frame; a step's time includes the
steps it calls. With PYTHONPATH at another checkout, that checkout's reader is timed on the same
frames."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.append(str(Path(__file__).resolve().parents[2]))  # after PYTHONPATH: another checkout's reader wins
from steps_timed import SPENT, beside_aruco, report, timed  # noqa: E402

from companion.games.paradominetor.camera import MAT, TILES  # noqa: E402
from vision import markers, outline, recognise  # noqa: E402
from vision.mat import mat_layout  # noqa: E402
from vision.perf import single_threaded  # noqa: E402
from vision.synthetic import CLASSIC, random_frame, write_enrolment  # noqa: E402

# the steps timed: (module or class, function), as the reader calls them
STEPS = [(markers.MarkerDetector, "detect"), (recognise, "calibrate"), (recognise, "recalibrate_with_missed"),
         (recognise, "mat_exposure"), (recognise, "view_zone"), (recognise, "_warp_zone"),
         (recognise, "_zone_light"), (recognise, "_zone_mask"), (recognise, "find_tiles"), (recognise, "_split"),
         (recognise, "find_outlined"), (recognise.TileReader, "_read_poses"), (recognise.TileReader, "_look_again")]


def main(argv):
    n = int(argv[0]) if argv else 60
    rounds = int(argv[1]) if len(argv) > 1 else 1
    cv2.setNumThreads(1)
    single_threaded()
    layout = mat_layout(MAT, 4)  # four seats, as the bench
    with tempfile.TemporaryDirectory() as tmp:
        profile = recognise.enroll(write_enrolment(layout, Path(tmp) / "classic", TILES, CLASSIC, seed=2026),
                                   None, layout, TILES)
    rng = np.random.default_rng(2032)
    frames = [random_frame(layout, TILES, CLASSIC, rng)[0] for _ in range(n)]
    aruco = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary)))
    for owner, name in STEPS:
        timed(owner, name)
    reader = recognise.TileReader(profile, layout)
    reader.read(frames[-1])  # (what is made once per area)
    for _ in range(rounds):
        SPENT.clear()
        reader = recognise.TileReader(profile, layout)  # never-seen: nothing kept from before
        reference, whole = 0.0, 0.0
        for f in frames:
            reader._kept = None
            r, w = beside_aruco(aruco, reader.read, [f])
            reference, whole = reference + r, whole + w
        report("our", n, reference, whole, 24)


if __name__ == "__main__":
    main(sys.argv[1:])
