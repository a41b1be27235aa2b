"""Paradominetor's third printing, laminated (tests/vision/third_tiles.py --glare: a third of the
tiles catch the lamp as a soft sheen). A sheen over a face's numeral hides part of it: the
telling part of its print matched its template 0.7-0.8 while the whole print matched 0.92-0.95,
and the face was asked about at the table with the right guess. Seed 63004's second frame
(full-colour look) asked about its purple 3; 63003's third (border look) about its green 4 and
purple 2. Each piece of those frames is now read, surely, and none as another.
Drawn and enrolled as the tool does (its docs' recipe: four shots of two rows of five)."""
import pytest
from test_third_tiles_border_look import _each_read_surely, _last_frame_in

# (look, (seed, enrolment, frames)): the last frame of each is the one looked at
RUNS = [("full", (63004, 0, 2)), ("border", (63003, 0, 3))]


@pytest.fixture(scope="module", params=RUNS, ids=[f"{look}-{s}-frame{n - 1}" for look, (s, _, n) in RUNS])
def reading(request, tmp_path_factory):
    """(truth pieces, readings) of the run's last frame, laminated."""
    look, run = request.param
    return _last_frame_in(tmp_path_factory.mktemp("third"), run, look, glare=True)


def test_faces_under_a_sheen_over_their_numeral_are_read_surely(reading):
    _each_read_surely(reading)
