import json
import re

import cv2
import numpy as np
import pytest

from companion.games.paradominetor.camera import MAT, TILES
from vision import cli
from vision import mat as mat_module
from vision.mat import A3_MM, CLEAR_MM, load_layout, mat_layout, print_marks, render_mat, write_mat


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


# ---------------------------------------------------------------- what the sheet tells people

def _near(a, b, gap=0.0):
    (xa, ya, wa, ha), (xb, yb, wb, hb) = a, b
    return xa < xb + wb + gap and xb < xa + wa + gap and ya < yb + hb + gap and yb < ya + ha + gap


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_title_arrows_and_scale_bar_keep_clear_of_every_zone_and_marker(seats):
    layout = mat_layout(MAT, seats)
    marks = print_marks(layout)
    assert marks.title == "PARADOMINETOR" and f"{seats} seats" in marks.subtitle
    assert len(marks.arrows) == 2 and all(tip < base for _, tip, base in marks.arrows)  # pointing up
    x0, x1, _ = marks.scale
    assert x1 - x0 == 100.0
    W, H = layout.size_mm
    for what, x, y, w, h in marks.boxes():
        assert 0 <= x and x + w <= W and 0 <= y and y + h <= H, what
        for name, z in layout.zones.items():  # the reader samples the white paper round each zone
            assert not _near((x, y, w, h), (z.x, z.y, z.w, z.h), CLEAR_MM), (what, name)
        for mid, (mx, my, s) in layout.markers.items():  # and each marker keeps a white margin
            assert not _near((x, y, w, h), (mx, my, s, s), 3.0), (what, mid)
    # the labels the zones had stay where they were
    assert layout.labels["TRICK"] == (118.0, 88.0)


@pytest.mark.parametrize("seats", [3, 5])
def test_the_marks_change_nothing_the_reader_looks_at(seats, monkeypatch):
    """Zones, their white surround and the markers are the same pixels with and without the marks."""
    layout = mat_layout(MAT, seats)
    k = 4
    marked = render_mat(layout, k)
    monkeypatch.setattr(mat_module, "_draw_marks", lambda *a: None)
    plain = render_mat(layout, k)
    changed = (marked != plain).any(axis=2)
    assert changed.sum() > 1000  # the title, the arrows and the bar are there
    ys, xs = np.nonzero(changed)
    for name, z in layout.zones.items():
        near = ((xs >= (z.x - CLEAR_MM) * k) & (xs <= (z.x + z.w + CLEAR_MM) * k)
                & (ys >= (z.y - CLEAR_MM) * k) & (ys <= (z.y + z.h + CLEAR_MM) * k))
        assert not near.any(), name
    for mid, (mx, my, s) in layout.markers.items():
        near = (xs >= (mx - 3) * k) & (xs <= (mx + s + 3) * k) & (ys >= (my - 3) * k) & (ys <= (my + s + 3) * k)
        assert not near.any(), mid


def test_the_scale_bar_prints_100_mm_long():
    layout = mat_layout(MAT, 4)
    k = 10
    img = cv2.cvtColor(render_mat(layout, k), cv2.COLOR_BGR2GRAY)
    x0, x1, y = print_marks(layout).scale
    row = img[int(round(y * k))]
    ink = np.nonzero(row[int((x0 - 3) * k):int((x1 + 3) * k)] < 128)[0] + int((x0 - 3) * k)
    # from the middle of the 0 tick to the middle of the 100 tick (each 0.4 mm wide)
    assert abs((ink.max() - ink.min()) / k - 100.0) <= 0.5
    assert abs(ink.min() / k - (x0 - 0.2)) <= 0.2


def test_the_pdf_holds_the_mat_lossless(tmp_path):
    from PIL import PdfParser

    layout = mat_layout(MAT, 4)
    png, pdf, _ = write_mat(layout, tmp_path / "mat.png", px_per_mm=4)
    data = pdf.read_bytes()
    assert b"/DCTDecode" not in data and b"/JPXDecode" not in data  # no JPEG of any kind
    # A PDF reader finds one A3 page drawing one Flate-compressed grey image of the whole mat.
    reader = PdfParser.PdfParser(str(pdf))
    (page,) = reader.pages
    page = reader.read_indirect(page)
    assert [round(v / 72 * 25.4) for v in page[b"MediaBox"]] == [0, 0, 420, 297]
    image = reader.read_indirect(page[b"Resources"][b"XObject"][b"Mat"])
    assert image.dictionary.Filter == PdfParser.PdfName("FlateDecode")
    assert image.dictionary.ColorSpace == PdfParser.PdfName("DeviceGray")
    w, h = image.dictionary.Width, image.dictionary.Height
    pixels = np.frombuffer(image.decode(max_length=w * h), np.uint8).reshape(h, w)
    printed = cv2.imread(str(png))
    assert (pixels == printed[:, :, 0]).all()  # every pixel as drawn: nothing blurred or rung
    content = reader.read_indirect(page[b"Contents"]).decode().decode()
    assert content.split() == ["q", "1190.551", "0", "0", "841.89", "0", "0", "cm", "/Mat", "Do", "Q"]
    reader.close()


def test_each_area_is_printed_with_the_name_and_number_the_pages_give_it():
    """A group lays seat 2's pieces where the mat says SEAT 2'S MAP, and matrix 1's on MATRIX 1:
    the printed names count from 1 and say what the teaching walk and the phones say."""
    from companion.games.dynasty.camera import MAT as DYNASTY
    from companion.games.initiative.camera import MAT as INITIATIVE
    dynasty, initiative = mat_layout(DYNASTY).labels, mat_layout(INITIATIVE).labels
    assert {"SEAT 1'S MAP", "SEAT 2'S MAP", "SHARED MAP"} <= set(dynasty)
    assert {"MATRIX 1", "MATRIX 4"} <= set(initiative)
    assert not any("PERSONAL" in t or "-0" in t or t.endswith(" 0") for t in [*dynasty, *initiative])
