"""A stress check of the camera readers on printings and seeds nobody tuned on: does a reader
change make any SILENT MISREAD (a piece read as another)? A tool to run before merging a reader
change, not part of `make test`.

Run from the repository's root (one core, about ten minutes with the defaults):

    python -m tests.vision.stress [--game G] [--frames N] [--variant V]
    PYTHONPATH=/path/to/other/checkout python /path/to/tests/vision/stress.py   # another branch's readers

Compare a branch with main on the same frames: our printings are drawn by vision itself
(vision.synthetic, and the drawing parts of vision.grid and vision.dominoes), so a checkout whose
renderer differs from main's reads other frames. Each game's line gives an md5 of the frames it
read: equal in two runs, the same frames were read.

For each camera game it enrols every printing through the path `paradox-table vision enroll`
takes (the game's camera module's READER, cells and areas, vision.readers' kit, the profile
written to a file and loaded back) and reads frames drawn with fresh seeds (90001 on, never used
by the tests or the bench), under the variations a real print and camera bring:

- the two printings each game has: ours (vision's own renderers) and the second one drawn
  outside vision (tests/vision/handmade.py, second_discs.py, second_dominoes.py);
- `base`: each renderer's own random camera, light and optics;
- `tilt`: the camera leaning 13-15 degrees (our renderers; the second printings already lean
  0-15 degrees at random in every frame);
- `lamp`: a dimmer, warmer lamp (half to two thirds the light, blue cut by a fifth);
- `noise`: stronger sensor noise and JPEG at quality 45-55;
- `far`: the mat filling less of the frame, so fewer pixels per millimetre (ours: the mat fills
  42-52 % of the frame; the second printings: their frame shrunk to 62-70 % about its middle);
- `colours`: a printing with every colour shifted within what the rulebooks allow (each named
  colour stays itself: hue turned by up to 10 degrees, saturation and brightness by up to 12 %),
  enrolled afresh, as its owner would; three such printings, each shifted its own way
  (`colours`, `colours2`, `colours3`).

The lamp, noise and far variants of the second printings are applied to their finished frames
(those renderers draw their camera in one piece); ours use the renderers' own knobs. Enrolment
is always made as a user makes it, under a gentle lamp; only the frames read are harsher.

Printed per game, printing and variant: pieces, found, read, asked ("unknown"), misread (a wrong
label, or a label where nothing lies), phantom ("unknown" where nothing lies: the table asks
about a piece that is not there), and the first few misreads (true vs read, where); for free-lying
tiles every piece missed and every phantom too, with its frame. The
exit status is 1 when anything was misread.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import math
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # the second printings' renderers live beside this file
sys.path.append(str(HERE.parent.parent))  # the repository, after PYTHONPATH: another checkout's readers win

import handmade  # noqa: E402
import second_discs  # noqa: E402
import second_dominoes  # noqa: E402

from vision import readers  # noqa: E402
from vision.cli import camera_games  # noqa: E402
from vision.markers import VisionInputError  # noqa: E402
from vision.mat import mat_layout  # noqa: E402
from vision.perf import single_threaded  # noqa: E402
from vision.tiles import UNKNOWN  # noqa: E402

SEED = 90001  # fresh: the tests and the bench use seeds below 10000
GAMES = {"paradominetor": "companion.games.paradominetor.camera",
         "initiative": "companion.games.initiative.camera",
         "dynasty": "companion.games.dynasty.camera"}
VARIANTS = ("base", "tilt", "lamp", "noise", "far", "colours")
# frames per variant by default: a domino frame (5 MP, some 150 squares) costs a second or two
# to draw and read, a disc frame (90 cells) a tenth of that, a tile frame (1-5 tiles) less
FRAMES = {"paradominetor": 40, "initiative": 16, "dynasty": 10}
NEAR_MM = 8.0  # a tile read within this of where one lies is a reading of it
SHOW = 4       # misreads listed per variant
TABLE = (70, 60, 50)  # what lies round the mat when a frame is shrunk (BGR)


# ---------------------------------------------------------------- harsher frames and prints

def _jpeg(frame, quality) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", np.clip(frame, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def _lamp_gain(rng):
    """(gain, BGR tint) of a dimmer, warmer lamp."""
    return float(rng.uniform(0.5, 0.66)), (float(rng.uniform(0.76, 0.84)), float(rng.uniform(0.93, 0.98)),
                                           float(rng.uniform(1.04, 1.1)))


def harsher(frame, variant: str, rng) -> np.ndarray:
    """A finished frame of a second printing made harsher, as ``variant`` says."""
    f = frame.astype(np.float32)
    if variant == "lamp":
        gain, tint = _lamp_gain(rng)
        # the sensor's own noise stays as it was while the light falls: add some back
        f = f * gain * np.float32(tint) + rng.standard_normal(f.shape, dtype=np.float32) * 2.0
        return _jpeg(f, rng.integers(75, 90))
    if variant == "noise":
        f = f + rng.standard_normal(f.shape, dtype=np.float32) * np.float32(rng.uniform(5, 7))
        return _jpeg(f, rng.integers(45, 56))
    if variant == "far":  # a camera further off: the same view in fewer pixels, the table round it
        h, w = frame.shape[:2]
        s = float(rng.uniform(0.62, 0.7))
        small = cv2.resize(frame, (int(w * s), int(h * s)), interpolation=cv2.INTER_AREA)
        out = np.empty_like(frame)
        out[:] = TABLE
        y0, x0 = (h - small.shape[0]) // 2, (w - small.shape[1]) // 2
        out[y0:y0 + small.shape[0], x0:x0 + small.shape[1]] = small
        return _jpeg(out, 85)
    return frame


def shifted(colour, rng) -> tuple:
    """A colour (3 channels, either order) another print run gives: the same named colour, its hue
    turned by up to 10 degrees, saturation and brightness within 12 %."""
    rgb = np.uint8([[colour]])
    h, s, v = (float(x) for x in cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV_FULL)[0, 0])
    h = (h + rng.uniform(-10, 10) * 256 / 360) % 256
    s, v = min(255.0, s * rng.uniform(0.88, 1.12)), min(255.0, v * rng.uniform(0.88, 1.12))
    out = cv2.cvtColor(np.uint8([[[round(h) % 256, round(s), round(v)]]]), cv2.COLOR_HSV2RGB_FULL)[0, 0]
    return tuple(int(x) for x in out)


SHIFTS = 3  # colour-shifted printings, each drawn and enrolled on its own: colours, colours2, ...


def prints(variants):
    """(shift, the variants read on it): the printing as drawn (shift 0) for all but `colours`,
    then each colour-shifted printing, read as it lies (`colours`, `colours2`, ...)."""
    plain = [v for v in variants if v != "colours"]
    if plain:
        yield 0, plain
    if "colours" in variants:
        for k in range(1, SHIFTS + 1):
            yield k, ["colours" if k == 1 else f"colours{k}"]


def offset(variant: str) -> int:
    """Where a variant's seeds start, past the first: each its own."""
    return VARIANTS.index(variant) if variant in VARIANTS else 10 + int(variant[len("colours"):])


COLOUR_NOTES: list[str] = []
DRAWN = [hashlib.md5()]  # every frame of a game read, so two checkouts' runs can be shown to read the same frames


def look(reader, frame):
    """The reader's reading of a frame, the frame noted in DRAWN."""
    DRAWN[0].update(frame.tobytes())
    return reader.read(frame)


def say_colours(was: dict, now: dict):
    """Note how far the shifted print's colours went (RGB), to judge them against the rulebook."""
    if any(v is not None for v in now.values()):
        COLOUR_NOTES.append("; ".join(f"{k} {tuple(was[k])}->{tuple(v)}" for k, v in now.items() if v is not None))


@contextlib.contextmanager
def patched(module, **values):
    """A second printing's module with its colours swapped for the time of a block."""
    old = {k: getattr(module, k) for k in values}
    try:
        for k, v in values.items():
            setattr(module, k, v)
        yield
    finally:
        for k, v in old.items():
            setattr(module, k, v)


# ---------------------------------------------------------------- scoring

class Tally:
    def __init__(self, refused: str = ""):
        self.refused = refused  # why enrolment refused the printing: nothing was read
        self.pieces = self.found = self.read = self.asked = self.misread = self.phantom = 0
        self.frames = 0
        self.wrong: list[str] = []
        self.odd: list[str] = []  # pieces missed and phantoms, where (every one: they are few)

    def _wrong(self, text):
        self.misread += 1
        if len(self.wrong) < SHOW:
            self.wrong.append(text)

    def cells(self, truth: dict, reading, where: str):
        """Pieces on cells: a reading in the cell is found; its label right, asked or misread; a
        label where nothing lies is a misread too."""
        self.frames += 1
        seen = {t.cell: t.label for t in reading.tiles if t.cell}
        for cell, label in truth.items():
            self.pieces += 1
            got = seen.get(cell)
            self.found += got is not None
            self.read += got == label
            self.asked += got == UNKNOWN
            if got not in (None, label, UNKNOWN):
                self._wrong(f"{label} read as {got} at {'/'.join(map(str, cell))} ({where})")
        for cell, got in seen.items():
            if cell not in truth and got != UNKNOWN:
                self._wrong(f"nothing read as {got} at {'/'.join(map(str, cell))} ({where})")
            elif cell not in truth:
                self.phantom += 1

    def tiles(self, placed, reading, where: str):
        """Free-lying tiles: the nearest reading within NEAR_MM is the tile's."""
        self.frames += 1
        used = set()
        for t in placed:
            self.pieces += 1
            near = [(math.hypot(d.x_mm - t.x_mm, d.y_mm - t.y_mm), j) for j, d in enumerate(reading.tiles)
                    if j not in used]
            dist, j = min(near, default=(NEAR_MM + 1, None))
            if j is None or dist > NEAR_MM:
                self.odd.append(f"missed: {t.visible_label} at ({t.x_mm:.0f}, {t.y_mm:.0f}) mm ({where})")
                continue
            used.add(j)
            got = reading.tiles[j].label
            self.found += 1
            self.read += got == t.visible_label
            self.asked += got == UNKNOWN
            if got not in (t.visible_label, UNKNOWN):
                self._wrong(f"{t.visible_label} read as {got} at ({t.x_mm:.0f}, {t.y_mm:.0f}) mm ({where})")
        for j, d in enumerate(reading.tiles):
            if j not in used and d.label != UNKNOWN:
                self._wrong(f"nothing read as {d.label} at ({d.x_mm:.0f}, {d.y_mm:.0f}) mm ({where})")
            elif j not in used:  # asked about a piece that is not there
                self.phantom += 1
                self.odd.append(f"phantom: unknown at ({d.x_mm:.0f}, {d.y_mm:.0f}) mm ({where})")

    def line(self, printing, variant) -> str:
        if self.refused:
            return f"  {printing:<7} {variant:<8} enrolment refused: {self.refused}"
        share = 100 * self.read / max(self.pieces, 1)
        return (f"  {printing:<7} {variant:<8} {self.frames:>3} {self.pieces:>6} {self.found:>6} {self.read:>6} "
                f"{share:>6.1f}% {self.asked:>5} {self.misread:>7} {self.phantom:>7}")


# ---------------------------------------------------------------- each game's printings

class Game:
    """A camera game as the command line sees it: its mat, pieces, reader, cells and areas."""

    def __init__(self, name: str):
        self.name, self.module = name, GAMES[name]
        (self.mat, self.pieces, (self.reader_name, self.cells, self.areas, _)), = \
            camera_games([self.module], readers=True).values()
        self.layout = mat_layout(self.mat)
        self.camera = __import__(self.module, fromlist=["MAT"])

    def enrolled(self, manifest, folder: Path):
        """A reader for the printing shown in ``manifest``: enrolled, written and loaded back, as
        `paradox-table vision enroll` and `recognize` do it."""
        _, enroll, _, _ = readers.kit(self.reader_name, self.cells)
        out = folder / "profile.npz"
        try:
            enroll(str(manifest), str(out), self.layout, self.pieces)
        except VisionInputError as e:  # the print refused, in the owner's words: not a misread
            self.refused = str(e)
            return None
        return readers.reader(self.reader_name, readers.load_profile(out), self.layout, self.areas, self.cells)


def ours_discs_read(seed: int, variant: str, frames: int) -> list:
    """[(truth, {cell: label read})] of the stress check's own first `frames` frames of our disc
    printing under `variant` (a tuning seed: a test's frame where a reader once went wrong)."""
    from companion.games.initiative.camera import CELLS, MAT, TILES, ZONES
    from vision import grid
    from vision.mat import mat_layout
    layout = mat_layout(MAT)
    with tempfile.TemporaryDirectory() as tmp:
        manifest = grid.write_enrolment(layout, Path(tmp) / "shots", TILES, seed=seed)
        reader = grid.GridReader(grid.enroll(manifest, None, layout, TILES), layout, ZONES, CELLS)
    rng = np.random.default_rng(seed + 1 + offset(variant))
    out = []
    for _ in range(frames):
        table, truth = grid.random_maps(layout, TILES, CELLS, rng, seed=int(rng.integers(1 << 30)), locks=0.15)
        _ours_conditions(table, variant, rng)
        reading = reader.read(table.render())
        out.append((truth, {t.cell: t.label for t in reading.tiles if t.cell}))
    return out


def ours_dominoes_style(seed: int, shift: int):
    """(style, rng): our domino printing as the stress check draws it under colour shift `shift`
    (0: as drawn; 1-3 each colour shift), and the random stream its frames are then drawn with."""
    from vision import dominoes
    rng = np.random.default_rng(seed + 7 + 100 * shift)
    style = dominoes.DOMINOES
    if shift:
        style = replace(style, terrains=tuple((n, shifted(c, rng)) for n, c in style.terrains),
                        badge_colours=tuple((n, shifted(c, rng)) for n, c in style.badge_colours))
    return style, rng


def ours_dominoes_at(seed: int, variant: str, frame: int, folder: Path, style=None):
    """(picture, truth, reader) of the stress check's frame `frame` of our domino printing under
    `variant`, drawn and read as it draws and reads it: `style` (a colour-shifted printing, or
    the printing as drawn) enrolled from its own shots in `folder`, the maps drawn with the
    variant's random stream (a tuning seed: a test's frame where the reader once went wrong)."""
    from vision import dominoes, readers
    game = Game("dynasty")
    style = style or dominoes.DOMINOES
    _, _, write, _ = readers.kit(game.reader_name, game.cells)
    reader = game.enrolled(write(game.layout, folder, game.pieces, style, seed=seed), folder)
    rng = np.random.default_rng(seed + 1 + offset(variant))
    for _ in range(frame + 1):  # (the frames before it only move the random stream on)
        table, truth = dominoes.random_maps(game.layout, game.pieces, game.camera.CELLS, rng,
                                            seed=int(rng.integers(1 << 30)), style=style)
        _ours_conditions(table, variant, rng)
    return table.render(), truth, reader


def read_against(reader, picture, truth) -> tuple[dict, dict]:
    """({cell: label read}, {cell: (truth, read)} for every piece read as another: a misread)."""
    seen = {t.cell: t.label for t in reader.read(picture).tiles}
    return seen, {c: (label, seen.get(c)) for c, label in truth.items() if seen.get(c) not in (label, UNKNOWN)}


def _ours_conditions(table, variant, rng):
    """Our renderers' own knobs set for ``variant`` on a table drawn with random conditions."""
    from vision.synthetic import CameraPose, Optics, random_camera
    if variant == "tilt":
        table.camera = replace(table.camera, tilt_deg=float(rng.uniform(13, 15)))
    elif variant == "lamp":
        gain, tint = _lamp_gain(rng)
        table.light = replace(table.light, gain=gain, tint=tint)
    elif variant == "noise":
        table.optics = Optics(float(rng.uniform(0.6, 1.2)), float(rng.uniform(5, 7)), int(rng.integers(45, 56)))
    elif variant == "far":
        pose = random_camera(rng, max_tilt=15, fill=(0.42, 0.52))
        table.camera = CameraPose(pose.tilt_deg, pose.tilt_dir_deg, pose.roll_deg, pose.fill, pose.shift)
    return table


def run_tiles(game: Game, variants, frames, folder: Path, seed: int):
    from vision.synthetic import CLASSIC, SyntheticTable, random_camera, random_light, random_optics, random_tiles
    from vision.synthetic import write_enrolment
    results = []
    for shift, vs in prints(variants):
        colours = shift > 0
        rng = np.random.default_rng(seed + 7 + 100 * shift)
        style = CLASSIC
        if colours:
            style = replace(CLASSIC, name="shifted", colours={k: shifted(v, rng) for k, v in CLASSIC.colours.items()},
                            paper=shifted(CLASSIC.paper, rng), back=shifted(CLASSIC.back, rng))
        d = folder / f"tiles-ours-{shift}"
        reader = game.enrolled(write_enrolment(game.layout, d, game.pieces, style, seed=seed), d)

        def one(t, i, v, rng, style=style, reader=reader):
            table = SyntheticTable(game.layout, game.pieces, style, seed=int(rng.integers(1 << 30)),
                                   camera=random_camera(rng), light=random_light(rng, game.layout),
                                   optics=random_optics(rng))
            _ours_conditions(table, v, rng)
            placed = random_tiles(game.layout, game.pieces, rng, int(rng.integers(3, 7)), style)
            for p in placed:
                table.place(p.label, p.x_mm, p.y_mm, p.angle, p.face_up, p.back)
            t.tiles(placed, look(reader, table.render()), f"frame {i}")
        results += each_variant("ours", vs, reader, game, seed + 1, frames, one)
        # the second printing: tests/vision/handmade.py
        rng = np.random.default_rng(seed + 8 + 100 * shift)
        swap = dict(INK={k: shifted(c, rng) for k, c in handmade.INK.items()},
                    PAPER=shifted(handmade.PAPER, rng)) if colours else {}
        say_colours(handmade.INK | {"paper": handmade.PAPER}, swap.get("INK", {}) | {"paper": swap.get("PAPER")})
        with patched(handmade, **swap):
            d = folder / f"tiles-second-{shift}"
            reader = game.enrolled(handmade.write_enrolment(handmade.Table(game.layout, game.pieces, seed=seed), d), d)
            for v in vs:
                if reader is None:
                    results.append(("second", v, Tally(game.refused)))
                    continue
                t, rng = Tally(), np.random.default_rng(seed + 11 + offset(v))
                table = handmade.Table(game.layout, game.pieces, seed=seed + 100 + offset(v))
                if v == "tilt":
                    continue  # its camera already leans at random in every frame
                for i in range(frames):
                    placed = table.random_tiles(int(table.rng.integers(3, 7)))
                    frame = harsher(table.photograph(placed), v, rng)
                    t.tiles(placed, look(reader, frame), f"frame {i}")
                results.append(("second", v, t))
    return results


def each_variant(printing: str, vs, reader, game: Game, seed: int, frames: int, one, skip=()) -> list:
    """(printing, variant, Tally) for each variant: `one(tally, i, variant, rng)` reads frame i;
    a printing whose enrolment was refused is said so in every variant."""
    results = []
    for v in vs:
        if v in skip:
            continue
        if reader is None:
            results.append((printing, v, Tally(game.refused)))
            continue
        t, rng = Tally(), np.random.default_rng(seed + offset(v))
        for i in range(frames):
            one(t, i, v, rng)
        results.append((printing, v, t))
    return results


def second_on_cells(game: Game, vs, reader, frames, seed: int, draw) -> list:
    """A second printing's pieces on cells read in each variant: `draw(i, variant)` gives frame
    i's truth and photograph, which the variant then makes harsher. Its camera already leans
    0-15 degrees at random in every frame: no tilt variant."""
    def one(t, i, v, rng):
        truth, frame = draw(i, v)
        t.cells(truth, look(reader, harsher(frame, v, rng)), f"frame {i}")
    return each_variant("second", vs, reader, game, seed + 11, frames, one, skip=("tilt",))


def run_discs(game: Game, variants, frames, folder: Path, seed: int):
    from vision import grid
    cells = game.camera.CELLS  # the grids pieces lie on (the reader reads these)
    results = []
    for shift, vs in prints(variants):
        colours = shift > 0
        rng = np.random.default_rng(seed + 7 + 100 * shift)
        style = grid.DISCS
        if colours:
            names = {f.split("-")[0] for f in game.pieces.faces if f != grid.LOCK}
            style = replace(grid.DISCS, colours={n: shifted(grid.DISCS.colour(n), rng) for n in sorted(names)},
                            lock=shifted(grid.DISCS.lock, rng))
        d = folder / f"discs-ours-{shift}"
        reader = game.enrolled(grid.write_enrolment(game.layout, d, game.pieces, style, seed=seed), d)

        def one(t, i, v, rng, style=style, reader=reader):
            table, truth = grid.random_maps(game.layout, game.pieces, cells, rng, seed=int(rng.integers(1 << 30)),
                                            style=style, locks=0.15)
            _ours_conditions(table, v, rng)
            t.cells(truth, look(reader, table.render()), f"frame {i}")
        results += each_variant("ours", vs, reader, game, seed + 1, frames, one)
        # the second printing: tests/vision/second_discs.py
        rng = np.random.default_rng(seed + 8 + 100 * shift)
        swap = dict(BODY={k: shifted(c, rng) for k, c in second_discs.BODY.items()},
                    COPPER=shifted(second_discs.COPPER, rng)) if colours else {}
        say_colours(second_discs.BODY | {"lock": second_discs.COPPER},
                    swap.get("BODY", {}) | {"lock": swap.get("COPPER")})
        with patched(second_discs, **swap):
            d = folder / f"discs-second-{shift}"
            reader = game.enrolled(second_discs.write_enrolment(second_discs.Table(game.layout, seed=seed), d), d)

            def draw(i, v):
                table = second_discs.Table(game.layout, seed=seed + 100 + 10 * offset(v) + i)
                discs, tokens, truth = table.random_matrices(cells, game.layout)
                return truth, table.photograph(discs, tokens)
            results += second_on_cells(game, vs, reader, frames, seed, draw)
    return results


def run_dominoes(game: Game, variants, frames, folder: Path, seed: int):
    from companion.games.dynasty.catalog import CAPITALS, ICONS
    from vision import dominoes
    cells, pitch = game.camera.CELLS, game.camera.PITCH_MM  # the maps dominoes lie on
    results = []
    for shift, vs in prints(variants):
        colours = shift > 0
        style, rng = ours_dominoes_style(seed, shift)
        d = folder / f"dominoes-ours-{shift}"
        _, _, write, _ = readers.kit(game.reader_name, game.cells)
        reader = game.enrolled(write(game.layout, d, game.pieces, style, seed=seed), d)

        def one(t, i, v, rng, style=style, reader=reader):
            table, truth = dominoes.random_maps(game.layout, game.pieces, cells, rng,
                                                seed=int(rng.integers(1 << 30)), style=style)
            _ours_conditions(table, v, rng)
            t.cells(truth, look(reader, table.render()), f"frame {i}")
        results += each_variant("ours", vs, reader, game, seed + 1, frames, one)
        # the second printing: tests/vision/second_dominoes.py
        rng = np.random.default_rng(seed + 8 + 100 * shift)
        swap = dict(TERRAINS={k: shifted(c, rng) for k, c in second_dominoes.TERRAINS.items()},
                    PALETTE=tuple(shifted(c, rng) for c in second_dominoes.PALETTE),
                    ROAD=shifted(second_dominoes.ROAD, rng)) if colours else {}
        was = second_dominoes.TERRAINS | dict(enumerate(second_dominoes.PALETTE)) | {"road": second_dominoes.ROAD}
        now = swap.get("TERRAINS", {}) | dict(enumerate(swap.get("PALETTE", ()))) | {"road": swap.get("ROAD")}
        say_colours(was, now)
        with patched(second_dominoes, **swap):
            def table(s):
                return second_dominoes.Table(game.layout, pitch, tuple(ICONS), CAPITALS, seed=s)
            d = folder / f"dominoes-second-{shift}"
            reader = game.enrolled(second_dominoes.write_enrolment(table(seed), d), d)

            def draw(i, v):
                tb = table(seed + 100 + 10 * offset(v) + i)
                placed, truth = tb.random_maps(game.camera.ZONES)
                return truth, tb.photograph(placed)
            results += second_on_cells(game, vs, reader, frames, seed, draw)
    return results


RUN = {"tiles": run_tiles, "grid": run_discs, "dominoes": run_dominoes}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.vision.stress", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", choices=sorted(GAMES), action="append", help="a camera game (default: all; repeatable)")
    p.add_argument("--frames", type=int, default=None, help="frames per printing and variant (default: by game)")
    p.add_argument("--variant", choices=VARIANTS, action="append", help="a variant (default: all; repeatable)")
    p.add_argument("--seed", type=int, default=SEED, help=f"first seed (default {SEED}: never tuned on)")
    args = p.parse_args(argv)
    if args.frames is not None and args.frames < 1:
        p.error("--frames must be at least 1")
    cv2.setNumThreads(1)
    single_threaded()
    import vision
    print(f"readers from {Path(vision.__file__).resolve().parent}; seeds from {args.seed}")
    misread = refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.game or list(GAMES):
            game = Game(name)
            DRAWN[0] = hashlib.md5()
            c0, w0 = time.process_time(), time.perf_counter()
            results = RUN[game.reader_name](game, args.variant or VARIANTS, args.frames or FRAMES[name],
                                            Path(tmp) / name, args.seed)
            print(f"{name} ({game.reader_name} reader): CPU {time.process_time() - c0:.0f} s, "
                  f"wall {time.perf_counter() - w0:.0f} s; frames drawn: md5 {DRAWN[0].hexdigest()[:12]}")
            print(f"  {'print':<7} {'variant':<8} {'frm':>3} {'pieces':>6} {'found':>6} {'read':>6} {'read%':>7} "
                  f"{'asked':>5} {'misread':>7} {'phantom':>7}")
            for k, note in enumerate(COLOUR_NOTES, 1):
                print(f"  colours{k if k > 1 else ''}, the second printing's colours (RGB): {note}")
            COLOUR_NOTES.clear()
            for printing, variant, t in results:
                print(t.line(printing, variant))
                for w in t.wrong:
                    print(f"      misread: {w}")
                for w in t.odd:
                    print(f"      {w}")
                misread += t.misread
                refused += bool(t.refused)
            sys.stdout.flush()
    print(f"silent misreads in all: {misread}; printing and variant pairs refused at enrolment: {refused}")
    return 1 if misread else 0


if __name__ == "__main__":
    sys.exit(main())
