"""A badge read plainly as one icon's colours is not overruled by a picture nearer another icon over
the half where the badge's icon, laid where it is printed, fits there far better than the
picture's icon does. The frame is the stress check's (tests/vision/stress.py) on tuning seed
70501, our printing with its colours shifted (`colours`, enrolled on its own), frame 1: a sniper
on lava whose picture, the colours shifted, lay a little nearer an aeronaut's over the half was
read as an aeronaut."""
import pytest

import stress
from vision import dominoes

SEED, VARIANT, FRAME = 70501, "colours", 1
SNIPER = ("personal-0", 5, 5)


@pytest.fixture(scope="module")
def frame_and_reader(tmp_path_factory):
    """The stress check's frame, drawn and read as it draws and reads it: the colour-shifted
    printing enrolled from its own shots, the frame's maps drawn with the variant's random stream."""
    style, _ = stress.ours_dominoes_style(SEED, 1)  # the first colour shift
    return stress.ours_dominoes_at(SEED, VARIANT, FRAME, tmp_path_factory.mktemp("icons"), style)


def test_a_badge_whose_icon_fits_its_print_is_not_overruled(frame_and_reader):
    frame, truth, reader = frame_and_reader
    assert truth[SNIPER] == "lava/sniper/NEW"
    seen, wrong = stress.read_against(reader, frame, truth)
    assert seen[SNIPER] in (truth[SNIPER], dominoes.UNKNOWN)
    assert not wrong  # nothing else on the frame misread either
