"""A road read from a strip's shape alone must show the road's colour somewhere along it: a large
badge seen from afar blurs out over a side's road box, so the strip there is printed with bare
flanks (a road's shape) though nothing in it is in the road's colours. A half whose badge's
colours leave a doubt is read by shape alone; such a side is then asked about (or read as no
road), never read as a road too many. The frame is the stress check's (tests/vision/stress.py)
on tuning seed 71001, `far`, frame 6: a lava hole whose roads run south and west was read with an
east road too."""
import pytest

import stress
from vision import dominoes

SEED, VARIANT, FRAME = 71001, "far", 6
HOLE = ("personal-3", 1, 2)


@pytest.fixture(scope="module")
def frame_and_reader(tmp_path_factory):
    """The stress check's frame, drawn and read as it draws and reads it: the printing enrolled
    from its own shots, the frame's maps drawn with the variant's random stream."""
    return stress.ours_dominoes_at(SEED, VARIANT, FRAME, tmp_path_factory.mktemp("roads"))


def test_a_badge_blurred_over_a_road_box_is_no_road(frame_and_reader):
    frame, truth, reader = frame_and_reader
    assert truth[HOLE] == "lava/hole/SW"
    seen, wrong = stress.read_against(reader, frame, truth)
    assert seen[HOLE] in (truth[HOLE], dominoes.UNKNOWN)
    assert not wrong  # nothing else on the frame misread either
