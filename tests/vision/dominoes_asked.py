"""Why the domino reader asks about squares, and what a frame costs it: a breakdown to print, not
a test. Run from the repository's root:

    python tests/vision/dominoes_asked.py second 0-4 2     # the second printing, tuning seeds 0-4, 2 frames each
    python tests/vision/dominoes_asked.py ours 5,11,21 3   # our own printing (tests/dynasty/test_camera.py's seeds)

Each seed enrols its printing afresh (the second printing: its own enrolment shots, as a user
takes them) and reads random maps. Printed: squares read, asked, misread, missed; the part of a
square in doubt for each asked (the reader's ``last_details``); CPU ms per frame (one thread).
The second printing's TEST_SEEDS are refused unless ``--held-out`` is given: they are read once,
at the end, never while tuning."""
from __future__ import annotations

import collections
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import second_dominoes as second  # noqa: E402

from companion.games.dynasty.camera import CELLS, MAT, PITCH_MM, TILES, ZONES  # noqa: E402
from companion.games.dynasty.catalog import CAPITALS, ICONS  # noqa: E402
from vision import dominoes  # noqa: E402
from vision.mat import mat_layout  # noqa: E402


def seeds_of(text: str) -> list[int]:
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


def frames_of(printing: str, seed: int, frames: int, layout, folder: Path):
    """(reader, [(frame, truth {cell: label})]) for one seed of a printing."""
    if printing == "second":
        table = second.Table(layout, PITCH_MM, tuple(ICONS), CAPITALS, seed=seed)
        manifest = second.write_enrolment(table, folder / f"shots-{seed}")
        reader = dominoes.DominoReader(dominoes.enroll(manifest, None, layout, TILES, cells=CELLS), layout, ZONES,
                                       CELLS)
        shots = []
        for _ in range(frames):
            placed, truth = table.random_maps(ZONES)
            shots.append((table.photograph(placed), truth))
        return reader, shots
    manifest = dominoes.write_enrolment(layout, folder / f"shots-{seed}", TILES, cells=CELLS)
    reader = dominoes.DominoReader(dominoes.enroll(manifest, None, layout, TILES, cells=CELLS), layout, ZONES, CELLS)
    rng = np.random.default_rng(seed)
    shots = []
    for i in range(frames):
        table, truth = dominoes.random_maps(layout, TILES, CELLS, rng, seed=i)
        shots.append((table.render(), truth))
    return reader, shots


def main(argv: list[str]) -> int:
    held_out = "--held-out" in argv
    args = [a for a in argv if a != "--held-out"]
    printing = args[0] if args else "second"
    seeds = seeds_of(args[1]) if len(args) > 1 else list(range(5))
    frames = int(args[2]) if len(args) > 2 else 2
    if printing not in ("second", "ours"):
        print("say which printing: second or ours", file=sys.stderr)
        return 2
    if printing == "second" and not held_out and set(seeds) & set(second.TEST_SEEDS):
        print("those seeds are held out for the final check: give --held-out to read them", file=sys.stderr)
        return 2
    layout = mat_layout(MAT)
    counts, why, cost, wrong = collections.Counter(), collections.Counter(), [], []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            reader, shots = frames_of(printing, seed, frames, layout, Path(tmp))
            for frame, truth in shots:
                start = time.process_time()
                reading = reader.read(frame)
                cost.append(time.process_time() - start)
                seen = {t.cell: t.label for t in reading.tiles}
                asked = {d["square"]: d.get("asked", "?") for d in reader.last_details}
                counts["not there"] += len(set(seen) - set(truth))
                for cell, label in truth.items():
                    got = seen.get(cell)
                    key = "missed" if got is None else "asked" if got == dominoes.UNKNOWN else \
                        "read" if got == label else "misread"
                    counts[key] += 1
                    if key == "asked":
                        why[asked.get(cell, "mostly bare mat")] += 1
                    elif key in ("missed", "misread"):
                        wrong.append((seed, cell, label, got))
    squares = sum(counts[k] for k in ("read", "asked", "misread", "missed"))
    print(f"{printing} printing, seeds {args[1] if len(args) > 1 else '0-4'}, {len(cost)} frames: {squares} squares, "
          f"read {counts['read']} ({counts['read'] / max(squares, 1):.1%}), asked {counts['asked']}, "
          f"misread {counts['misread']}, missed {counts['missed']}, found where none lies {counts['not there']}")
    for part, n in why.most_common():
        print(f"  asked {n:4d}: {part}")
    for w in wrong:
        print("  wrong:", *w)
    print(f"CPU per frame: {1000 * float(np.mean(cost)):.0f} ms mean, {1000 * float(np.median(cost)):.0f} ms median")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
