import pytest
from once import made_once


@pytest.fixture(scope="session")
def dynasty_profile(tmp_path_factory):
    """The camera taught Domino Dynasty's dominoes once for the whole run (one synthetic photo of
    each terrain and icon), as the companion does at its first game: the profile's path."""
    from companion.games.dynasty import camera
    from vision import dominoes
    from vision.mat import mat_layout
    layout = mat_layout(camera.MAT)

    def enrol(d):
        dominoes.enroll(dominoes.write_enrolment(layout, d / "frames", camera.TILES, seed=3, cells=camera.CELLS),
                        d / "vision-profile-dynasty.npz", layout, camera.TILES, cells=camera.CELLS)
    return made_once(tmp_path_factory, "enrol-dynasty-3", enrol) / "vision-profile-dynasty.npz"
