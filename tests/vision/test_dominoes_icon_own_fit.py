"""A badge read plainly as one icon's colours is not overruled by a picture nearer another icon over
the half where the badge's icon, laid where it is printed, fits there far better than the
picture's icon does. The frame is the stress check's (tests/vision/stress.py) on tuning seed
70501, our printing with its colours shifted (`colours`, enrolled on its own), frame 1: a sniper
on lava whose picture, the colours shifted, lay a little nearer an aeronaut's over the half was
read as an aeronaut."""
from dataclasses import replace

import numpy as np
import pytest

import stress
from vision import dominoes, readers

SEED, VARIANT, FRAME = 70501, "colours", 1
SNIPER = ("personal-0", 5, 5)


@pytest.fixture(scope="module")
def frame_and_reader(tmp_path_factory):
    """The stress check's frame, drawn and read as it draws and reads it: the colour-shifted
    printing enrolled from its own shots, the frame's maps drawn with the variant's random stream."""
    game = stress.Game("dynasty")
    rng = np.random.default_rng(SEED + 7 + 100)  # the first colour shift
    style = replace(dominoes.DOMINOES,
                    terrains=tuple((n, stress.shifted(c, rng)) for n, c in dominoes.DOMINOES.terrains),
                    badge_colours=tuple((n, stress.shifted(c, rng)) for n, c in dominoes.DOMINOES.badge_colours))
    folder = tmp_path_factory.mktemp("icons")
    _, _, write, _ = readers.kit(game.reader_name, game.cells)
    reader = game.enrolled(write(game.layout, folder, game.pieces, style, seed=SEED), folder)
    rng = np.random.default_rng(SEED + 1 + stress.offset(VARIANT))
    for _ in range(FRAME + 1):  # (the frames before it only move the random stream on)
        table, truth = dominoes.random_maps(game.layout, game.pieces, game.camera.CELLS, rng,
                                            seed=int(rng.integers(1 << 30)), style=style)
        stress._ours_conditions(table, VARIANT, rng)
    return table.render(), truth, reader


def test_a_badge_whose_icon_fits_its_print_is_not_overruled(frame_and_reader):
    frame, truth, reader = frame_and_reader
    assert truth[SNIPER] == "lava/sniper/NEW"
    seen = {t.cell: t.label for t in reader.read(frame).tiles}
    assert seen[SNIPER] in (truth[SNIPER], dominoes.UNKNOWN)
    # nothing else on the frame misread either
    wrong = {c: (label, seen.get(c)) for c, label in truth.items() if seen.get(c) not in (label, dominoes.UNKNOWN)}
    assert not wrong
