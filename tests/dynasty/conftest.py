import pytest


@pytest.fixture(scope="session")
def dynasty_profile(lessons):
    """The camera taught Domino Dynasty's dominoes once for the whole run (one synthetic photo of
    each terrain and icon): the companion's own first lesson, the very one its simulated games and
    the other camera tests get (tests/once.py), rather than a second enrolment: the profile's path."""
    return lessons.profile("dynasty")
