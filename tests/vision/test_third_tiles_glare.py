"""Paradominetor's third printing in its full-colour look, laminated (tests/vision/third_tiles.py
--glare: a third of the tiles catch the lamp as a soft sheen). Faces in plain view were asked
about at the table with the right guess: a sheen that lay on a tile in its enrolment shot was
learnt as part of its print, and one lying on a tile in play hid part of it. Tuning seed 74002's
first frame asked about its blue 2 and blue 5 (the 5 showing no sheen at all: its enrolment
shot had one under the numeral). Each piece of that frame is now read, surely, and none as
another. Drawn and enrolled as the tool does (its docs' recipe: four shots
of two rows of five)."""
import pytest
from test_third_tiles_border_look import _each_read_surely, _last_frame_in

# (seed, enrolment, frames): the last frame of each is the one looked at
RUNS = [(74002, 0, 1)]


@pytest.fixture(scope="module", params=RUNS, ids=[f"{s}-frame{n - 1}" for s, _, n in RUNS])
def reading(request, tmp_path_factory):
    """(truth pieces, readings) of the run's last frame, full-colour look, laminated."""
    return _last_frame_in(tmp_path_factory.mktemp("third"), request.param, "full", glare=True)


def test_pieces_under_a_sheen_are_read_surely(reading):
    _each_read_surely(reading)
