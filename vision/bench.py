"""Benchmark of the whole vision pipeline (calibrate + find + read) on 1280x960 frames.

``python -m vision.bench --camera MODULE [out_dir]`` (a game's camera module, defining ``MAT``
and ``TILES``) or ``run(out_dir="bench", mat=MatSpec, tiles=TileSet)``: enrols from rendered frames, then
measures speed on one thread (ms per frame, frames per second, peak memory) and accuracy on
a random synthetic test set (per-tile accuracy and misread rate), for our tile printing, for
a second printing the reader was never tuned on, and for a third whose backs are printed in
greys close to the mat's own (found by their outline). Writes ``bench/vision.json``.

Frame time is reported as wall time and as CPU time of this process: on a shared machine
wall time also counts other programs' turns, CPU time does not.
"""
from __future__ import annotations

import json
import math
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import cv2
import numpy as np

from .mat import MatSpec, mat_layout
from .perf import single_threaded
from .recognise import TileReader, enroll
from .synthetic import CLASSIC, GREY, PIPS, random_frame, write_enrolment
from .tiles import UNKNOWN, TileSet

BUDGET_MS = 25.0


def score(tiles, reading, near_mm: float = 8.0) -> dict:
    """Compare a FrameReading with the tiles really there. A tile is read if the nearest
    reported tile within near_mm carries its label; misread if it carries another label.
    A labelled report where no tile lies is a misread too."""
    out = {"tiles": len(tiles), "correct": 0, "misread": 0, "unknown": 0, "missed": 0, "phantom": 0}
    used = set()
    for t in tiles:
        best, best_d = None, near_mm
        for j, d in enumerate(reading.tiles):
            dist = math.hypot(d.x_mm - t.x_mm, d.y_mm - t.y_mm)
            if j not in used and dist <= best_d:
                best, best_d = j, dist
        if best is None:
            out["missed"] += 1
            continue
        used.add(best)
        label = reading.tiles[best].label
        if label == t.visible_label:
            out["correct"] += 1
        elif label == UNKNOWN:
            out["unknown"] += 1
        else:
            out["misread"] += 1
    out["phantom"] = sum(1 for j, d in enumerate(reading.tiles) if j not in used and d.label != UNKNOWN)
    return out


def accuracy(layout, tile_set, reader, style, frames: int, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    total = {"frames": frames, "tiles": 0, "correct": 0, "misread": 0, "unknown": 0, "missed": 0, "phantom": 0}
    for _ in range(frames):
        frame, tiles = random_frame(layout, tile_set, style, rng)
        s = score(tiles, reader.read(frame))
        for key, v in s.items():
            total[key] += v
    n = max(total["tiles"], 1)
    total["accuracy"] = total["correct"] / n
    total["misread_rate"] = (total["misread"] + total["phantom"]) / n
    return total


def speed(layout, tile_set, reader, style, frames: int, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    # test frames are JPEGs anyway: keep them encoded so they do not swell the memory figure
    jpegs = [cv2.imencode(".jpg", random_frame(layout, tile_set, style, rng)[0], [cv2.IMWRITE_JPEG_QUALITY, 95])[1]
             for _ in range(frames)]
    shots = [cv2.imdecode(j, cv2.IMREAD_COLOR) for j in jpegs[:1]]
    reader.read(shots[0])  # warm caches
    wall, cpu = [], []
    for j in jpegs:
        f = cv2.imdecode(j, cv2.IMREAD_COLOR)
        t0, c0 = time.perf_counter(), time.process_time()
        reader.read(f)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    # memory apart from timing: tracing allocations slows every call it watches
    tracemalloc.start()
    for j in jpegs[:10]:
        reader.read(cv2.imdecode(j, cv2.IMREAD_COLOR))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # how busy the machine was: one fixed ArUco search (ten markers on grey, 640x480), which
    # took 4.2 ms on this machine idle; on a shared machine the figures above scale with it
    d = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    gray = np.full((960, 1280), 200, np.uint8)
    for i in range(10):
        y, x = 100 + (i // 5) * 300, 100 + (i % 5) * 200
        gray[y:y + 60, x:x + 60] = cv2.aruco.generateImageMarker(d, i, 60)
    gray = cv2.resize(gray, (640, 480), interpolation=cv2.INTER_AREA)
    ref = cv2.aruco.ArucoDetector(d)
    c0 = time.process_time()
    for _ in range(20):
        ref.detectMarkers(gray)
    reference_ms = (time.process_time() - c0) / 20 * 1000
    return {
        "frames": frames,
        "frame_size": [int(shots[0].shape[1]), int(shots[0].shape[0])],
        "reference_aruco_ms": round(reference_ms, 2),
        "ms_per_frame_wall_mean": round(float(np.mean(wall)), 2),
        "ms_per_frame_wall_median": round(float(np.median(wall)), 2),
        "ms_per_frame_cpu_mean": round(float(np.mean(cpu)), 2),
        "ms_per_frame_cpu_p95": round(float(np.percentile(cpu, 95)), 2),
        "fps_wall": round(1000 / float(np.mean(wall)), 1),
        "fps_cpu": round(1000 / float(np.mean(cpu)), 1),
        "peak_traced_mib": round(peak / 2 ** 20, 1),
        "max_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def cost_ratios(layout, tile_set, reader, style, frames: int, seed: int) -> dict:
    """What the camera loop spends per frame, against OpenCV's own ArUco detection (default
    parameters, the whole frame in grey) on the same frames, timed in turn frame by frame so
    a busy machine slows all alike: the change detector's look at every frame, and the full
    recognition a settled, changed table gets. That is a camera standing still over a mat
    with a few tiles already read, one more laid down (some touching the others), and the
    frame after it read: the recognition of a changed area. ``recognition_cold`` is the
    same reader on frames it has never seen a table like (a new camera pose every frame)."""
    from .motion import ChangeDetector
    from .synthetic import SyntheticTable, random_camera, random_light, random_optics, random_tiles

    rng = np.random.default_rng(seed)
    aruco = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary)))
    detector = ChangeDetector()
    spent = {"aruco": 0.0, "detector": 0.0, "recognition": 0.0, "aruco_cold": 0.0, "recognition_cold": 0.0}
    cold = [random_frame(layout, tile_set, style, rng)[0] for _ in range(frames)]
    detector.look(cold[-1])
    reader.read(cold[-1])  # warm caches

    def timed(name, work, times=1):
        c0 = time.process_time()
        for _ in range(times):
            work()
        spent[name] += (time.process_time() - c0) / times

    for shot in cold:  # ArUco on these very frames, in turn: a busy machine slows both alike
        timed("aruco_cold", lambda: aruco.detectMarkers(cv2.cvtColor(shot, cv2.COLOR_BGR2GRAY)))
        timed("recognition_cold", lambda: reader.read(shot))
    for _ in range(frames):
        table = SyntheticTable(layout, tile_set, style, seed=int(rng.integers(1 << 30)),
                               camera=random_camera(rng), light=random_light(rng, layout),
                               optics=random_optics(rng))
        placed = random_tiles(layout, tile_set, rng, int(rng.integers(2, 6)), style)
        for t in placed[:-1]:
            table.place(t.label, t.x_mm, t.y_mm, t.angle, t.face_up, t.back)
        reader.read(table.render())  # the table as it was read before
        t = placed[-1]
        table.place(t.label, t.x_mm, t.y_mm, t.angle, t.face_up, t.back)
        frame = table.render()  # a new picture: the sensor's noise is new too
        timed("aruco", lambda: aruco.detectMarkers(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)))
        timed("detector", lambda: detector.look(frame), 5)  # too quick to time once
        timed("recognition", lambda: reader.read(frame))
    ms = {k: v / frames * 1000 for k, v in spent.items()}
    return {"frames": frames, "aruco_ms": round(ms["aruco"], 2), "detector_ms": round(ms["detector"], 3),
            "recognition_ms": round(ms["recognition"], 2), "aruco_cold_ms": round(ms["aruco_cold"], 2),
            "recognition_cold_ms": round(ms["recognition_cold"], 2),
            "detector_vs_aruco": round(ms["detector"] / ms["aruco"], 3),
            "recognition_vs_aruco": round(ms["recognition"] / ms["aruco"], 2),
            "recognition_cold_vs_aruco": round(ms["recognition_cold"] / ms["aruco_cold"], 2)}


def run(out_dir="bench", speed_frames: int = 60, accuracy_frames: int = 300, other_frames: int = 100,
        seed: int = 2026, profiles: dict | None = None, *, mat: MatSpec, tiles: TileSet) -> dict:
    """``mat``, ``tiles``: the game's mat and tile set. ``profiles``: already enrolled Profiles
    by printing ("classic", "pips", "grey"); the others are enrolled here from rendered frames.
    The grey printing is measured on ``accuracy_frames`` frames, the other one on ``other_frames``."""
    cv2.setNumThreads(1)
    single_threaded()
    layout = mat_layout(mat, min(max(4, mat.seats[0]), mat.seats[1]))  # four seats, as the figures always had
    result = {"budget_ms": BUDGET_MS, "threads": 1}
    profiles = dict(profiles or {})
    with tempfile.TemporaryDirectory() as tmp:
        for style in (CLASSIC, PIPS, GREY):
            if style.name not in profiles:
                manifest = write_enrolment(layout, Path(tmp) / style.name, tiles, style, seed=seed)
                profiles[style.name] = enroll(manifest, None, layout, tiles)
    readers = {name: TileReader(p, layout) for name, p in profiles.items()}
    result["game"] = mat.game
    result["speed"] = speed(layout, tiles, readers["classic"], CLASSIC, speed_frames, seed + 1)
    result["cost_ratios"] = cost_ratios(layout, tiles, readers["classic"], CLASSIC, speed_frames, seed + 6)
    result["accuracy"] = accuracy(layout, tiles, readers["classic"], CLASSIC, accuracy_frames, seed + 2)
    result["accuracy_other_printing"] = accuracy(layout, tiles, readers["pips"], PIPS, other_frames, seed + 3)
    result["accuracy_grey_backs"] = accuracy(layout, tiles, readers["grey"], GREY, accuracy_frames, seed + 4)
    result["speed_grey_backs"] = speed(layout, tiles, readers["grey"], GREY, speed_frames, seed + 5)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "vision.json").write_text(json.dumps(result, indent=1) + "\n")
    return result


def score_cells(truth: dict, reading) -> dict:
    """A reading of pieces on cells against what lies there ({cell: label}): found (a reading in
    the cell), read (its label right), asked ("unknown"), misread (a wrong label, or a label
    where nothing lies)."""
    seen = {t.cell: t.label for t in reading.tiles}
    out = {"cells": len(truth), "found": 0, "read": 0, "asked": 0, "misread": 0}
    for cell, label in truth.items():
        got = seen.get(cell)
        out["found"] += got is not None
        out["read"] += got == label
        out["asked"] += got == UNKNOWN
        out["misread"] += got not in (None, label, UNKNOWN)
    out["misread"] += sum(1 for cell, label in seen.items() if cell not in truth and label != UNKNOWN)
    return out


def run_reader(mat, tiles, reader_name: str, zones=None, cells=None, frames: int = 12,
               seed: int = 2026, printings: dict | None = None, profile=None) -> dict:
    """A camera game whose reader is not the tile reader (vision's disc-grid or domino reader,
    `reader_name`, reading the mat's `cells`, watching `zones`): enrolled from its own rendered shots, then timed on
    shots it never saw (another seed: other camera poses, light and places) against OpenCV's
    ArUco detection on the same frames, with the change detector's look; one thread. Where the
    reader names each piece's cell, what it found, read, asked and misread is counted too.

    ``printings``: other printings by name, each ``(manifest, frames)``: its enrolment manifest
    and an iterable of (frame, {cell: label}) it was never shown; measured the same way.
    ``profile``: the same enrolment made already (the virtual table's lesson of the game's
    pieces, seed 0), which is not timed, so as not to render and enrol its shots again."""
    import importlib

    from . import readers

    cv2.setNumThreads(1)
    single_threaded()
    layout = mat_layout(mat)
    _, enroll_kit, write_kit, _ = readers.kit(reader_name, cells)
    kit = importlib.import_module(readers.READERS[reader_name][0])
    if profile is None:
        with tempfile.TemporaryDirectory() as tmp:
            profile = enroll_kit(write_kit(layout, Path(tmp), tiles=tiles), None, layout, tiles)
    if hasattr(kit, "random_maps"):  # full maps or matrices of pieces, as a game lays them
        rng = np.random.default_rng(seed + 1)
        shots = [(table.render(), truth) for table, truth in
                 (kit.random_maps(layout, tiles, cells, rng, seed=i) for i in range(frames))]
    else:
        shots = [(f, None) for _, f in kit.enrolment_frames(layout, tiles, seed=seed + 1)][:frames]
    out = {"game": mat.game, "reader": reader_name, "threads": 1,
           "frame_size": [int(shots[0][0].shape[1]), int(shots[0][0].shape[0])]}
    out.update(_cost_and_score(readers.reader(reader_name, profile, layout, zones, cells),
                               layout, shots))
    for name, (manifest, frames_of) in (printings or {}).items():
        other = enroll_kit(manifest, None, layout, tiles)
        reader = readers.reader(reader_name, other, layout, zones, cells)
        out[f"printing_{name}"] = _cost_and_score(reader, layout, list(frames_of))
    return out


def _cost_and_score(reader, layout, shots) -> dict:
    """Per frame CPU of the reader, the change detector and OpenCV's ArUco detection on the
    same frames, timed in turn; and the readings scored where the truth is known by cell."""
    from .motion import ChangeDetector

    aruco = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary)))
    detector = ChangeDetector()
    detector.look(shots[-1][0])
    reader.read(shots[-1][0])  # warm caches
    spent = {"aruco": 0.0, "detector": 0.0, "recognition": 0.0}
    read = 0
    scored = None
    for frame, truth in shots:
        for name, work, times in (("aruco", lambda: aruco.detectMarkers(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)), 1),
                                  ("detector", lambda: detector.look(frame), 5),
                                  ("recognition", lambda: reader.read(frame), 1)):
            c0 = time.process_time()
            for _ in range(times):
                got = work()
            spent[name] += (time.process_time() - c0) / times
        read += bool(got.calibrated and got.tiles)
        if truth is not None and any(t.cell for t in got.tiles):
            s = score_cells(truth, got)
            scored = s if scored is None else {k: scored[k] + v for k, v in s.items()}
    ms = {k: v / len(shots) * 1000 for k, v in spent.items()}
    out = {"cost_ratios": {
        "frames": len(shots), "frames_with_pieces_read": read, "aruco_ms": round(ms["aruco"], 2),
        "detector_ms": round(ms["detector"], 3), "recognition_cold_ms": round(ms["recognition"], 2),
        "detector_vs_aruco": round(ms["detector"] / ms["aruco"], 3),
        "recognition_cold_vs_aruco": round(ms["recognition"] / ms["aruco"], 2)}}
    if scored is not None:
        out["cells"] = scored
    return out


def _report(r: dict) -> str:
    s, a, b, g = r["speed"], r["accuracy"], r["accuracy_other_printing"], r["accuracy_grey_backs"]
    lines = [
        f"vision pipeline, {s['frame_size'][0]}x{s['frame_size'][1]}, 1-5 tiles, one thread, {s['frames']} frames",
        f"  ms/frame: {s['ms_per_frame_cpu_mean']} CPU (p95 {s['ms_per_frame_cpu_p95']}), "
        f"{s['ms_per_frame_wall_mean']} wall   budget {r['budget_ms']}",
        f"  frames/s: {s['fps_cpu']} CPU, {s['fps_wall']} wall   "
        f"(load check: a fixed ArUco search took {s['reference_aruco_ms']} ms, 4.2 idle)",
        f"  peak memory: {s['peak_traced_mib']} MiB traced allocations, {s['max_rss_mib']} MiB max RSS",
    ]
    sg = r["speed_grey_backs"]
    lines.append(f"  with grey backs on the grey mat: {sg['ms_per_frame_cpu_mean']} ms/frame CPU (p95 {sg['ms_per_frame_cpu_p95']})")
    for name, x in (("our printing", a), ("other printing", b), ("grey backs", g)):
        lines.append(f"  {name}: {x['tiles']} tiles in {x['frames']} frames: accuracy {100 * x['accuracy']:.2f}%, "
                     f"misread {100 * x['misread_rate']:.2f}% (unknown {x['unknown']}, missed {x['missed']}, "
                     f"wrong {x['misread']}, phantom {x['phantom']})")
    return "\n".join(lines)


def main(argv=None) -> int:
    import argparse

    from .cli import camera_games

    parser = argparse.ArgumentParser(prog="python -m vision.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--camera", required=True, metavar="MODULE",
                        help="a game's camera module (defines MAT and TILES), e.g. companion.games.NAME.camera")
    parser.add_argument("out_dir", nargs="?", default="bench")
    args = parser.parse_args(argv)
    try:
        (mat, tiles), = camera_games([args.camera]).values()
    except ValueError as e:
        parser.error(str(e))
    print(_report(run(args.out_dir, mat=mat, tiles=tiles)))
    print(f"wrote {Path(args.out_dir) / 'vision.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
