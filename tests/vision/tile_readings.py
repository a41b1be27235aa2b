"""Does a change to the tile reader read the same? Every reading (label, place, turn) on the
bench's own frames, written down by one checkout and compared with another's. A tool to run
before merging a change meant to make the reader quicker, not part of `make test`.

    python -m tests.vision.tile_readings dump before.json     # with PYTHONPATH at one checkout
    python -m tests.vision.tile_readings dump after.json      # and at the other
    python -m tests.vision.tile_readings compare before.json after.json

The frames are the bench's (vision.bench: the same seeds, printings and enrolment), so the
counts it prints per set are the bench's too: the never-seen frames of its cost figure, our
printing, the pips printing and the grey backs. `compare` prints, per set, how many frames
read differently (another label, a place more than 0.1 mm or a turn more than 1 degree away,
a tile more or fewer, another answer about a hand), and the first few of them.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

# (printing, the seed vision.bench.run draws it with from its own seed 2026, frames)
SETS = {"never-seen": ("classic", 2032, 60), "ours": ("classic", 2028, 300), "pips": ("pips", 2029, 100),
        "grey backs": ("grey", 2030, 300)}


def dump(out: Path) -> dict:
    from companion.games.paradominetor.camera import MAT, TILES
    from vision.bench import score
    from vision.mat import mat_layout
    from vision.recognise import TileReader, enroll
    from vision.synthetic import STYLES, random_frame, write_enrolment

    layout = mat_layout(MAT, 4)  # four seats, as the bench
    result = {}
    with tempfile.TemporaryDirectory() as tmp:
        profiles = {name: enroll(write_enrolment(layout, Path(tmp) / name, TILES, STYLES[name], seed=2026),
                                 None, layout, TILES) for name in {s[0] for s in SETS.values()}}
    for name, (printing, seed, frames) in SETS.items():
        reader, rng = TileReader(profiles[printing], layout), np.random.default_rng(seed)
        rows, counts = [], {}
        for _ in range(frames):
            frame, tiles = random_frame(layout, TILES, STYLES[printing], rng)
            got = reader.read(frame)
            rows.append([got.calibrated, got.hand_in_view, sorted([t.label, t.x_mm, t.y_mm, t.angle] for t in got.tiles)])
            for key, v in score(tiles, got).items():
                counts[key] = counts.get(key, 0) + v
        result[name] = rows
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in counts.items()), flush=True)
    out.write_text(json.dumps(result))
    return result


def differs(a, b) -> bool:
    """Whether two frames' readings differ (see the module docstring)."""
    if a[:2] != b[:2] or len(a[2]) != len(b[2]):
        return True
    return any(p[0] != q[0] or abs(p[1] - q[1]) > 0.1 or abs(p[2] - q[2]) > 0.1
               or abs((p[3] - q[3] + 180) % 360 - 180) > 1.0 for p, q in zip(a[2], b[2]))


def compare(before: Path, after: Path) -> int:
    a, b = json.loads(before.read_text()), json.loads(after.read_text())
    total = 0
    for name in a:
        odd = [i for i, (x, y) in enumerate(zip(a[name], b[name])) if differs(x, y)]
        total += len(odd)
        print(f"{name}: {len(odd)} of {len(a[name])} frames read differently")
        for i in odd[:3]:
            print(f"  frame {i}: {a[name][i][2]}\n        -> {b[name][i][2]}")
    return total


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.vision.tile_readings", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="what", required=True)
    sub.add_parser("dump", help="read the bench's frames, write every reading").add_argument("out", type=Path)
    c = sub.add_parser("compare", help="how many frames two dumps read differently")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = p.parse_args(argv)
    if args.what == "dump":
        dump(args.out)
        return 0
    return 1 if compare(args.before, args.after) else 0


if __name__ == "__main__":
    sys.exit(main())
