"""A camera whose lens bends straight lines (barrel distortion, as cheap USB cameras and the Pi's
wide modules do): the mat is still read, and a flat lens's frames reach the reader untouched."""
import numpy as np
import pytest
from second_discs import _bend  # its lens: radial, round the frame's centre, k1 > 0 barrel

from companion.games.paradominetor.camera import TILES
from vision.readers import reader
from vision.synthetic import CLASSIC, CameraPose, SyntheticTable


@pytest.fixture(scope="module")
def table(layout):
    """Two tiles in the trick area, the mat filling nine tenths of the frame."""
    z = layout.zones[layout.first_area]
    t = SyntheticTable(layout, TILES, CLASSIC, camera=CameraPose(fill=0.9), seed=3)
    t.place("red-3", z.x + z.w * 0.3, z.y + z.h * 0.5, 10)
    t.place("blue-5", z.x + z.w * 0.7, z.y + z.h * 0.4, 80)
    return t


def test_a_bending_lens_is_straightened_and_the_mat_read_without_a_hand(table, classic, layout):
    """The corners of the frame drawn in by 6 % of the half-diagonal (48 px): the plane fitted to
    the markers strays millimetres at the trick area's edge, and the bare mat there was taken for
    a hand over it on every frame, so the table never took a move."""
    r = reader("tiles", classic[2], layout)
    for _ in range(2):  # the lens is found on the first frame and kept for the next
        reading = r.read(_bend(table.render(), 0.06))
        assert reading.calibrated and not reading.hand_in_view
        assert sorted(t.label for t in reading.tiles) == ["blue-5", "red-3"]
        assert reading.reprojection_px < 1.0  # the markers fit one plane, straightened
    assert r.lens is not None and r.lens.corner_px() > 30


def test_the_lens_is_fitted_once(table, classic, layout, monkeypatch):
    import vision.lens
    fits = []
    fit = vision.lens.fit_lens
    monkeypatch.setattr(vision.lens, "fit_lens", lambda *a: fits.append(1) or fit(*a))
    r = reader("tiles", classic[2], layout)
    for _ in range(3):
        r.read(_bend(table.render(), 0.06))
    assert len(fits) == 1


def test_a_flat_lens_frame_is_not_touched(table, classic, layout, monkeypatch):
    """A frame whose markers fit one plane reaches the reader as it came, and is read as before."""
    r = reader("tiles", classic[2], layout)
    seen = []
    read = r.reader.read
    monkeypatch.setattr(r.reader, "read", lambda f: seen.append(f) or read(f))
    frame = table.render()
    before = reader("tiles", classic[2], layout).reader.read(frame)
    after = r.read(frame)
    assert len(seen) == 1 and seen[0] is frame
    assert after.tiles == before.tiles and after.hand_in_view == before.hand_in_view
    assert r.lens is None


def test_the_command_line_reads_each_photo_of_a_bending_lens(table, classic, tmp_path, capsys):
    """`paradox-table vision recognize`: photos from such a camera were each said to have part
    of the mat covered; the lens found on the first serves the next."""
    import json

    import cv2

    from companion.games.paradominetor.camera import MAT
    from vision import cli
    photos = []
    for i in range(2):
        photos.append(tmp_path / f"bent{i}.png")
        cv2.imwrite(str(photos[-1]), _bend(table.render(), 0.06))
    capsys.readouterr()
    assert cli.main(["vision", "recognize", "--game", "paradominetor", "--profile", str(classic[1]),
                     *map(str, photos)], {"paradominetor": (MAT, TILES)}) == 0
    out = capsys.readouterr()
    assert "covers part of the mat" not in out.err
    for line in out.out.strip().splitlines():
        assert sorted(t["label"] for t in json.loads(line)["tiles"]) == ["blue-5", "red-3"]


def test_a_mat_framed_to_the_edge_keeps_its_markers_in_the_straightened_frame(layout):
    """Straightening a barrel pushes the frame's rim outward: a mat framed to the edge of the
    picture had its corner markers pushed out of the straightened frame (and the areas beside
    them read from a smear). The straightened frame is shrunk just enough to keep them."""
    import cv2

    from vision.lens import camera_matrix, fit_lens
    h, w = 960, 1280
    markers = layout.marker_layout()
    plane = np.concatenate(list(markers.corners.values()))
    lo, hi = plane.min(axis=0), plane.max(axis=0)
    # where a flat lens would put the mat's outermost marker corners: past the frame's edges;
    # the barrel draws them in, into the picture
    H = cv2.getPerspectiveTransform(np.float32([lo, [hi[0], lo[1]], hi, [lo[0], hi[1]]]),
                                    np.float32([[-20, -20], [w + 19, -20], [w + 19, h + 19], [-20, h + 19]]))
    K = camera_matrix((h, w))
    f, c = K[0, 0], K[:2, 2]
    detected = {}
    for mid, corners in markers.corners.items():
        p = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), H).reshape(-1, 2)
        n = (p - c) / f
        squeeze = 1 / (1 + 0.08 * (n ** 2).sum(axis=1, keepdims=True))  # corners drawn in: a barrel
        detected[mid] = (n * squeeze * f + c).astype(np.float32)
        assert (detected[mid] >= 0).all() and (detected[mid] <= [w - 1, h - 1]).all()  # all in the picture
    lens = fit_lens(detected, markers, (h, w))[0]
    assert lens is not None
    for corners in detected.values():
        p = lens.to_straight(corners)
        assert (p >= 0).all() and (p[:, 0] <= w - 1).all() and (p[:, 1] <= h - 1).all(), p


def test_a_flat_camera_plugged_in_after_a_bent_one_is_read_as_it_comes(table, classic, layout):
    """The lens kept from a bent camera's frames does not fit another camera's: its frames,
    straightened, fit no plane. They are read as they come, and the lens is given up."""
    r = reader("tiles", classic[2], layout)
    r.read(_bend(table.render(), 0.06))
    assert r.lens is not None
    for _ in range(2):
        reading = r.read(table.render())
        assert reading.calibrated and not reading.hand_in_view and reading.reprojection_px < 1.0
        assert sorted(t.label for t in reading.tiles) == ["blue-5", "red-3"]
    assert r.lens is None
