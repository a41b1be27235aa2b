"""Frames of the third printings drawn as their tools draw them (third_discs.py,
third_dominoes.py), enrolled as the tools enrol, and read by our readers directly: what the
tests on those printings' findings share. (The tools themselves read only through the command
line.)"""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

import cv2
import numpy as np
import third_discs
from tests.vision import third_dominoes

from companion.games.dynasty import camera as dynasty
from companion.games.initiative import camera as initiative
from vision import dominoes, grid, readers
from vision.mat import load_layout, mat_layout, write_mat
from vision.reading import read_image


def discs(seed: int, frame: int = 0, moved: bool = False, in_turn: bool = False) -> tuple[dict, dict]:
    """(truth {cell: label}, reading {cell: label}) of the seed's frame of third_discs.py,
    enrolled with places as the tool does; ``moved``: as its --moved (each frame under its own
    camera pose and lamp); ``in_turn``: every frame up to it read in turn, as `recognize` reads
    the tool's batch (the lens it finds in one frame kept for the next)."""
    third = third_discs
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        write_mat(mat_layout(initiative.MAT), tmp / "mat.png")
        layout = json.loads((tmp / "mat.json").read_text())
        (tmp / "shots").mkdir()
        rng = np.random.default_rng(seed)
        run = third.PrintRun(rng)
        cam_seed = int(rng.integers(1 << 30))
        manifest = third.enrol_places(tmp / "shots", str(tmp / "mat.png"), layout, run, cam_seed, rng)
        (tmp / "shots" / "manifest.json").write_text(json.dumps(manifest))
        mat = load_layout(tmp / "mat.json")
        profile = grid.enroll(tmp / "shots" / "manifest.json", None, mat, initiative.TILES)
        reader = readers.reader("grid", profile, mat, initiative.ZONES, initiative.CELLS) if in_turn else \
            grid.GridReader(profile, mat, initiative.ZONES, initiative.CELLS)
        for k in range(frame + 1):  # (each frame draws from the same stream, as the tool's)
            pose = int(rng.integers(1 << 30)) if moved else cam_seed
            scene = third.Scene(str(tmp / "mat.png"), layout, np.random.default_rng(pose))
            truth = third.lay(scene, run, rng, third.game_layout(layout, rng))
            cam = third.Camera(np.random.default_rng(pose), scene.img.shape, easy=third.ABLATE["easy"])
            cam.rng = rng
            cam.save(cam.shoot(scene), tmp / "frame.jpg")
            if in_turn and k < frame:
                reader.read(read_image(tmp / "frame.jpg"))
        reading = reader.read(read_image(tmp / "frame.jpg"))
    return truth, {tuple(t.cell): t.label for t in reading.tiles if t.cell}


def _dominoes_table(folder: Path, seed: int):
    """third_dominoes.py's table for ``seed`` in ``folder``, as the tool sets it up: (the mat's
    layout file, its layout, the table, the seed's stream, its camera)."""
    png, _, js = write_mat(mat_layout(dynasty.MAT), folder / "m.png")
    layout = json.loads(js.read_text())
    rng = np.random.default_rng(seed)
    return js, layout, third_dominoes.Table(png, layout), rng, third_dominoes.camera_setup(rng)


def dominoes_laid(seed: int, icons, laid, toned=()) -> tuple[dict, dict]:
    """(truth {cell: half}, reading {cell: label}) of one frame of third_dominoes.py's print:
    enrolled from its own shots (the terrains and ``icons`` only: fast), then ``laid`` (dominoes,
    each (west half, east half) as (terrain, icon, sides)) with each first half in the middle of
    a block of 3 x 3 squares, in all four turns. ``toned``: (area, row, column, terrain) squares of
    bare mat a shadow or the lamp brings to a terrain's tone, drawn as the mat there in that
    terrain's plain colour (no half lies on them)."""
    third = third_dominoes
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        js, layout, table, rng, setup = _dominoes_table(folder, seed)
        cx, cy = third.tray_centre(layout)
        shots = [(f"terrain-{t}", [(t, None, "NESW"), (t, None, "")]) for t in third.TERRAIN_NAMES]
        shots += [(f"icon-{icon}", [(third.TERRAIN_NAMES[i % 5], icon, ""), ("stone", None, "")])
                  for i, icon in enumerate(icons)]
        entries = []
        for label, halves in shots:
            d = third.Domino(halves, cx, cy, 0, 0.5)
            frame = third.camera(rng, table.compose(rng, [d], (1.0, 1.0)), layout, setup=setup)
            cv2.imwrite(str(folder / f"{label}.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 88])
            entries.append({"image": f"{label}.jpg", "label": label})
        (folder / "manifest.json").write_text(json.dumps(entries))
        mat = load_layout(js)
        profile = dominoes.enroll(folder / "manifest.json", None, mat, dynasty.TILES, cells=dynasty.CELLS)
    placed, truth = [], {}
    blocks = [(area, row, col) for area in ("shared", "personal-0", "personal-1") for row in (1, 5) for col in (1, 5)]
    for k, ((area, row, col), halves) in enumerate(zip(blocks, laid)):
        turns = k % 4
        dr, dc = [(0, 1), (1, 0), (0, -1), (-1, 0)][turns]
        (x1, y1), (x2, y2) = (third.square_centre(layout, area, row + i * dr, col + i * dc) for i in (0, 1))
        d = third.Domino(list(halves), (x1 + x2) / 2, (y1 + y2) / 2, turns, 0.5)
        placed.append(d)
        for cell, (_, _, half) in zip(((row, col), (row + dr, col + dc)), d.half_places()):
            truth[(area, *cell)] = half
    canvas = table.compose(rng, placed, (1.0, 1.0))
    for area, row, col, terrain in toned:
        x, y = third.square_centre(layout, area, row, col)
        r = int(third.HALF * third.PX / 2) - 2
        box = canvas[int(y * third.PX) - r:int(y * third.PX) + r, int(x * third.PX) - r:int(x * third.PX) + r]
        box *= np.float32(third.TERRAINS[terrain]["base"]) / box.reshape(-1, 3).mean(axis=0)
    frame = third.camera(rng, canvas, layout, setup=setup)
    _, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 88])
    reader = dominoes.DominoReader(profile, mat, dynasty.WATCHED, dynasty.WATCHED_CELLS)
    reading = reader.read(cv2.imdecode(jpeg, cv2.IMREAD_COLOR))
    return truth, {t.cell: t.label for t in reading.tiles if t.cell}


def dominoes_run(seed: int, frames: int, barrel: float | None = None) -> list[tuple[dict, dict]]:
    """[(truth {cell: half}, reading {cell: label})] of each frame of third_dominoes.py's run of
    ``seed``: its shots, its frames and their reading in turn, as the tool runs them (in-process,
    not through its command line); ``barrel``: as its --barrel."""
    third = third_dominoes
    bent = third.BARREL[0]
    if barrel is not None:
        third.BARREL[0] = barrel
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            js, layout, table, rng, setup = _dominoes_table(folder, seed)
            manifest = third.enrolment(rng, table, layout, folder / "enrol", setup)
            mat = load_layout(js)
            profile = dominoes.enroll(manifest, None, mat, dynasty.TILES, cells=dynasty.CELLS)
            reader = readers.reader("dominoes", profile, mat, dynasty.WATCHED, dynasty.WATCHED_CELLS)
            out = []
            for i in range(frames):
                doms, truth = third.game_layout(rng, layout)
                canvas = table.compose(rng, doms, (rng.uniform(0.6, 1.6), rng.uniform(0.6, 1.6)))
                frame, _ = third.camera(rng, canvas, layout, with_map=True, setup=setup)
                third.save_jpeg(folder / f"frame{i}.jpg", frame, rng)
                reading = reader.read(read_image(folder / f"frame{i}.jpg"))
                out.append((truth, {tuple(t.cell): t.label for t in reading.tiles if t.cell}))
    finally:
        third.BARREL[0] = bent
    return out


def read_on_toned(toned, seen: dict) -> dict:
    """{cell: label} of the ``toned`` squares (as `dominoes_laid` takes them: bare mat, no half
    lies there) that were read as a half; asked about, or not seen, is none."""
    said = {(area, row, col): seen.get((area, row, col)) for area, row, col, _ in toned}
    return {cell: label for cell, label in said.items() if label not in (None, "unknown")}


def misread(truth: dict, seen: dict, which) -> dict:
    """{cell: (half, as read)} of the halves ``which(half)`` picks (``half``: terrain/icon/roads)
    read as something they are not; asked about, or not seen, is no misread."""
    return {cell: (half, seen.get(cell)) for cell, half in truth.items()
            if which(half) and seen.get(cell) not in (half, "unknown", None)}


def laid_as(dominoes):
    """Picks the halves laid as the first halves of ``dominoes`` (by terrain and icon)."""
    kinds = {first[:2] for first, _ in dominoes}
    return lambda half: tuple(half.split("/")[:2]) in kinds


def bare(half: str) -> bool:
    """A half with no icon."""
    return not half.split("/")[1]


def bare_read(truth: dict, seen: dict) -> tuple[int, int]:
    """(how many halves with no icon were read right, how many there are)."""
    plain = {cell: half for cell, half in truth.items() if bare(half)}
    return sum(seen.get(cell) == half for cell, half in plain.items()), len(plain)
