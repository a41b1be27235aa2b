"""The reader against a table it was never shown: frames drawn by tests/vision/handmade.py, which
shares nothing with vision.synthetic but the printed mat. Its own printing (another font, cream
faces, rounded corners, backs in greys within a few percent of the mat's, one of them the mat's
own grey), paper texture, a lamp anywhere, vignetting, an angled camera, blur, noise and JPEG.
Enrolled from its own photographs, as a user would."""
import numpy as np

import handmade
from companion.games.paradominetor.camera import TILES
from vision.bench import score
from vision.recognise import TileReader, enroll


def test_every_tile_of_a_hand_made_table_is_found_and_none_misread(layout, tmp_path):
    table = handmade.Table(layout, TILES, seed=1)
    profile = enroll(handmade.write_enrolment(table, tmp_path / "enrol"), None, layout, TILES)
    assert abs(profile.size_mm[0] - handmade.SIZE_MM[0]) < 1.5 and abs(profile.size_mm[1] - handmade.SIZE_MM[1]) < 1.5
    reader = TileReader(profile, layout)
    total = {"tiles": 0, "correct": 0, "misread": 0, "unknown": 0, "missed": 0, "phantom": 0}
    backs = 0
    for _ in range(120):
        placed = table.random_tiles(int(table.rng.integers(1, 6)))
        backs += sum(t.visible_label.startswith("back-") for t in placed)
        for key, value in score(placed, reader.read(table.photograph(placed))).items():
            total[key] += value
    print(f"hand-made table: {total['tiles']} tiles ({backs} grey backs), {total['correct']} read, "
          f"{total['unknown']} unknown, {total['missed']} missed, {total['misread'] + total['phantom']} misread")
    assert total["tiles"] >= 300 and backs >= 100
    assert total["missed"] == 0, total
    assert total["misread"] + total["phantom"] == 0, total
    assert total["correct"] >= 0.995 * total["tiles"], total


def test_the_hand_made_table_is_drawn_as_described(layout):
    """The check is only worth something if its backs really are the mat's greys."""
    table = handmade.Table(layout, TILES, seed=2)
    tile = np.asarray(handmade.draw_tile("back-past", TILES, table.rng), np.float32)
    inside = tile[10:-10, 10:-10]
    plain = inside[(np.abs(inside[:, :, :3] - 150) < 12).all(axis=2)]
    assert len(plain) > 0.5 * inside.shape[0] * inside.shape[1]  # mostly the mat's own grey
    assert abs(float(np.median(plain[:, :3])) - 150) < 4
