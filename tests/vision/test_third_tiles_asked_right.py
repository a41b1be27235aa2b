"""Paradominetor's third printing in its full-colour look (tests/vision/third_tiles.py): faces in
plain view, their colour plain and their print matching its own template clearly, were asked
about at the table (confidence 0.68-0.80, under SURE) with the right guess, because the telling
part of their print matched their enrolled template less closely than our printing's do (a warm
lamp, another card): a button press for every third tile. Tuning seed 70001's first frame asked
about its yellow 4 and purple 3, 70003's second its purple 5, 70002's second its green 5 and
red 4. Each of these is now read, and no piece is read as another surely.
Drawn and enrolled as the tool does (its docs' recipe: four shots of two rows of five)."""
import pytest
from test_third_tiles_border_look import _each_read_surely, _last_frame_in

# (seed, enrolment, frames): the last frame of each is the one looked at
RUNS = [(70001, 0, 1), (70003, 0, 2), (70002, 0, 2)]


@pytest.fixture(scope="module", params=RUNS, ids=[f"{s}-frame{n - 1}" for s, _, n in RUNS])
def reading(request, tmp_path_factory):
    """(truth pieces, readings) of the run's last frame, in the full-colour look."""
    return _last_frame_in(tmp_path_factory.mktemp("third"), request.param, "full")


def test_faces_in_plain_view_are_read_surely(reading):
    _each_read_surely(reading)
