"""Why Paradox Initiative's disc reader asks about cells, under the stress check's variants: a
breakdown to print, not a test. Run from the repository's root (tuning seeds only: 90001-95999
are kept for confirming):

    python tests/vision/discs_asked.py 80001 8 far noise     # seed, frames, variants (default all)

The stress check's own frames are drawn (tests/vision/stress.py) and, for every cell asked or
misread, its truth and the reader's ``last_details`` for it are printed, then a count per
printing and variant."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.vision import stress  # noqa: E402
from vision.tiles import UNKNOWN  # noqa: E402

SEEN = {}  # the reader that read the last frame
DUMP = None  # where every disc's details go (DISCS_DUMP=path), else nowhere


def _plain(d):
    return {k: (tuple(float(x) for x in v) if k == "token" else v) for k, v in d.items()}


def main(argv):
    global DUMP
    seed, frames = int(argv[0]), int(argv[1])
    if os.environ.get("DISCS_DUMP"):
        DUMP = open(os.environ["DISCS_DUMP"], "w")
    if 90001 <= seed <= 95999:
        raise SystemExit("seeds 90001-95999 are kept for confirming: tune on others")
    variants = argv[2:] or list(stress.VARIANTS)
    look, cells, each = stress.look, stress.Tally.cells, stress.each_variant

    def each_variant(printing, vs, reader, game, seed, frames, one, skip=()):
        def one_noted(t, i, v, rng):
            SEEN["where"] = f"{printing} {v}"
            return one(t, i, v, rng)
        return each(printing, vs, reader, game, seed, frames, one_noted, skip)

    def looking(reader, frame):
        SEEN["reader"] = reader
        return look(reader, frame)

    def counting(tally, truth, reading, where):
        details = {d["cell"]: d for d in SEEN["reader"].last_details}
        if DUMP:  # every cell the token test looked at, to weigh a rule against all of them
            for t in reading.tiles:
                d = details.get(t.cell, {})
                if "token" in d or "patch" in d:
                    DUMP.write(repr((SEEN["where"], truth.get(t.cell), t.label, _plain(d))) + "\n")
        for t in reading.tiles:
            if t.cell is None:
                continue
            want = truth.get(t.cell)
            if t.label == UNKNOWN or t.label != want:
                print(f"    {'ASKED' if t.label == UNKNOWN else 'MISREAD ' + t.label} {want} {SEEN['where']} {where} "
                      f"{details.get(t.cell)}")
        return cells(tally, truth, reading, where)

    stress.look, stress.Tally.cells, stress.each_variant = looking, counting, each_variant
    game = stress.Game("initiative")
    with tempfile.TemporaryDirectory() as tmp:
        results = stress.run_discs(game, variants, frames, Path(tmp), seed)
    for printing, variant, t in results:
        print(t.line(printing, variant))


if __name__ == "__main__":
    main(sys.argv[1:])
