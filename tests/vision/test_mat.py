import json
import re

import cv2
import pytest

from companion.games.paradominetor.camera import MAT, TILES
from vision import cli
from vision.mat import A3_MM, load_layout, mat_layout, render_mat, write_mat


def main(argv):
    return cli.main(argv, {"paradominetor": (MAT, TILES)})


def _rects(layout):
    out = [(name, z.x, z.y, z.w, z.h) for name, z in layout.zones.items()]
    out += [(f"marker {i}", x, y, s, s) for i, (x, y, s) in layout.markers.items()]
    return out


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_every_seat_has_a_zone_and_a_marker_and_nothing_overlaps(seats):
    layout = mat_layout(MAT, seats)
    assert sorted(k for k in layout.zones if k.startswith("seat-")) == [f"seat-{i}" for i in range(seats)]
    assert "trick" in layout.zones
    assert len(layout.markers) == 4 + 2 + seats
    rects = _rects(layout)
    W, H = layout.size_mm
    for i, (na, xa, ya, wa, ha) in enumerate(rects):
        assert xa >= 0 and ya >= 0 and xa + wa <= W and ya + ha <= H, na
        for nb, xb, yb, wb, hb in rects[i + 1:]:
            assert not (xa < xb + wb and xb < xa + wa and ya < yb + hb and yb < ya + ha), (na, nb)


def test_a_marker_id_means_the_same_place_on_every_mat():
    seen = {}
    for seats in (3, 4, 5):
        for mid, pos in mat_layout(MAT, seats).markers.items():
            assert seen.setdefault(mid, pos) == pos


def test_seat_counts_outside_the_game_are_refused():
    with pytest.raises(ValueError, match="3-5"):
        mat_layout(MAT, 6)


def test_written_mat_is_exactly_sized_and_prints_on_a3(tmp_path):
    layout = mat_layout(MAT, 5)
    png, pdf, js = write_mat(layout, tmp_path / "mat.png", px_per_mm=4)
    img = cv2.imread(str(png))
    assert img.shape[:2] == (round(A3_MM[1] * 4), round(A3_MM[0] * 4))
    meta = json.loads(js.read_text())
    assert meta["size_mm"] == [420.0, 297.0] and meta["px_per_mm"] == 4
    assert set(meta["zones"]) == {"trick", "seat-0", "seat-1", "seat-2", "seat-3", "seat-4"}
    assert set(meta["zones"]["trick"]) == {"x", "y", "w", "h"}
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)", pdf.read_bytes())
    w_pt, h_pt = float(box.group(1)), float(box.group(2))
    assert abs(w_pt / 72 * 25.4 - 420) < 0.5 and abs(h_pt / 72 * 25.4 - 297) < 0.5
    assert load_layout(js).zones == layout.zones


def test_zones_are_printed_where_the_json_says(tmp_path):
    layout = mat_layout(MAT, 4)
    img = render_mat(layout, 2)
    z = layout.zones["trick"]
    inside = img[int((z.y + 5) * 2):int((z.y + z.h - 5) * 2), int((z.x + 5) * 2):int((z.x + z.w - 5) * 2)]
    assert abs(float(inside.mean()) - 150) < 3
    assert img[int((z.y - 2) * 2), int((z.x + 20) * 2)].min() > 200  # white paper just outside


def test_mat_command_writes_png_pdf_and_json(tmp_path, capsys):
    assert main(["mat", "--game", "paradominetor", "--seats", "3", "--out", str(tmp_path / "m" / "mat.png"),
                 "--px-per-mm", "3"]) == 0
    assert {p.name for p in (tmp_path / "m").iterdir()} == {"mat.png", "mat.pdf", "mat.json"}


def test_mat_command_rejects_a_bad_seat_count_in_one_line(tmp_path, capsys):
    assert main(["mat", "--seats", "7", "--out", str(tmp_path / "mat.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
