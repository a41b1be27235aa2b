import json
import re
import subprocess
import sys

import cv2
import pytest

from companion.games.paradominetor.camera import MAT, TILES
from vision import cli
from vision.synthetic import CLASSIC, SyntheticTable

GAMES = {"paradominetor": (MAT, TILES)}


def main(argv):
    """The vision commands as the main CLI adds them, for the one camera game there is."""
    return cli.main(argv, GAMES)


def _one_line_error(capsys):
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not re.search(r"\b[A-Z]\w*(Error|Exception)\b", err), err  # what went wrong in words, no exception's name
    return err


def test_new_user_prints_the_mat_enrols_from_files_and_reads_a_frame(tmp_path, layout, classic, capsys):
    manifest, _, _ = classic
    assert main(["mat", "--game", "paradominetor", "--out", str(tmp_path / "mat.png"), "--px-per-mm", "2"]) == 0
    profile = tmp_path / "printing.profile"
    assert main(["vision", "enroll", "--game", "paradominetor", "--manifest", str(manifest),
                 "--out", str(profile)]) == 0
    assert profile.is_file()
    table = SyntheticTable(layout, TILES, CLASSIC, seed=9)
    table.place("yellow-5", 190, 140, 15)
    table.place("blue-2", 240, 160, 200, face_up=False, back="past")
    frame = tmp_path / "frame.jpg"
    cv2.imwrite(str(frame), table.render())
    empty = tmp_path / "empty.jpg"
    cv2.imwrite(str(empty), SyntheticTable(layout, TILES, CLASSIC, seed=9).render())
    capsys.readouterr()
    assert main(["vision", "recognize", "--game", "paradominetor", "--profile", str(profile),
                 str(frame), str(empty)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2
    first, second = (json.loads(line) for line in lines)
    assert first["image"] == str(frame) and second == {"image": str(empty), "tiles": []}
    got = {t["label"]: t for t in first["tiles"]}
    assert set(got) == {"yellow-5", "back-past"}
    assert set(got["yellow-5"]) == {"label", "x_mm", "y_mm", "angle", "confidence"}
    assert abs(got["yellow-5"]["x_mm"] - 190) < 2 and abs(got["yellow-5"]["y_mm"] - 140) < 2
    # a hand over the trick area: the frame is read, and the reader says why pieces may be left out
    covered = tmp_path / "hand.jpg"
    cv2.imwrite(str(covered), table.render(hand=(210, 160, 10)))
    assert main(["vision", "recognize", "--game", "paradominetor", "--profile", str(profile), str(covered)]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["image"] == str(covered) and "covers part of the mat" in out.err


@pytest.mark.parametrize("content, message", [
    (None, "no manifest"),
    ("not json", "not valid JSON"),
    ('{"image": "a.png"}', "list"),
    ('[{"image": "a.png"}]', "label"),
    ('[{"image": "missing.png", "label": "red-3"}]', "no image"),
    ('[{"image": "a.png", "label": "red-7"}]', "unknown tile label"),
    ('[{"image": "a.png", "label": "orange-3"}]', "unknown tile label"),
])
def test_enroll_bad_input_is_one_clear_line_and_status_2(tmp_path, capsys, content, message):
    (tmp_path / "a.png").write_bytes(b"")
    m = tmp_path / "m.json"
    if content is not None:
        m.write_text(content)
    assert main(["vision", "enroll", "--manifest", str(m), "--out", str(tmp_path / "p")]) == 2
    assert message in _one_line_error(capsys)


def test_enroll_unreadable_image_is_a_clear_error(tmp_path, capsys):
    (tmp_path / "a.png").write_text("not an image")
    (tmp_path / "m.json").write_text('[{"image": "a.png", "label": "black-0"}]')
    assert main(["vision", "enroll", "--manifest", str(tmp_path / "m.json"), "--out", str(tmp_path / "p")]) == 2
    assert "cannot read image" in _one_line_error(capsys)


def test_recognize_bad_input_is_one_clear_line_and_status_2(tmp_path, classic, capsys):
    _, profile, _ = classic
    assert main(["vision", "recognize", "--profile", str(tmp_path / "nope"), "x.png"]) == 2
    assert "no profile" in _one_line_error(capsys)
    (tmp_path / "bad.profile").write_text("garbage")
    assert main(["vision", "recognize", "--profile", str(tmp_path / "bad.profile"), "x.png"]) == 2
    assert "not a vision profile" in _one_line_error(capsys)
    assert main(["vision", "recognize", "--profile", str(profile), str(tmp_path / "missing.png")]) == 2
    assert "no image" in _one_line_error(capsys)


def test_one_unreadable_photo_among_several_is_said_and_the_others_still_read(tmp_path, layout, classic, capsys):
    """A batch of photos with one that is not an image (a copy cut short): that one is named on
    stderr and in its own line, the rest are read, and the status says not all were."""
    _, profile, _ = classic
    table = SyntheticTable(layout, TILES, CLASSIC, seed=9)
    table.place("yellow-5", 190, 140, 15)
    good = tmp_path / "good.jpg"
    cv2.imwrite(str(good), table.render())
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(good.read_bytes()[:64])
    tiny = tmp_path / "tiny.png"
    cv2.imwrite(str(tiny), cv2.resize(cv2.imread(str(good)), (20, 20)))
    capsys.readouterr()
    assert main(["vision", "recognize", "--game", "paradominetor", "--profile", str(profile),
                 str(broken), str(tiny), str(good)]) == 2
    out = capsys.readouterr()
    first, second, third = (json.loads(line) for line in out.out.strip().splitlines())
    assert first["image"] == str(broken) and first["tiles"] == [] and "cannot read image" in first["error"]
    assert second["image"] == str(tiny) and second["tiles"] == [] and "too small" in second["error"]
    assert third["image"] == str(good) and [t["label"] for t in third["tiles"]] == ["yellow-5"]
    assert out.err.count("\n") == 2 and "broken.jpg" in out.err and "tiny.png" in out.err
    assert "Traceback" not in out.err


def test_runs_alone_as_a_module(tmp_path):
    camera = ["--camera", "companion.games.paradominetor.camera"]
    out = subprocess.run([sys.executable, "-m", "vision.cli", *camera, "mat", "--seats", "9",
                          "--out", str(tmp_path / "m.png")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "3-5" in out.stderr and "Traceback" not in out.stderr
    out = subprocess.run([sys.executable, "-m", "vision.cli", "mat"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "--camera" in out.stderr and "Traceback" not in out.stderr


def test_the_game_choices_and_seat_default_come_from_the_games_given(tmp_path, capsys):
    import argparse

    assert main(["mat", "--out", str(tmp_path / "mat.png"), "--px-per-mm", "1"]) == 0
    assert json.loads((tmp_path / "mat.json").read_text())["seats"] == MAT.seats[1]
    parser = argparse.ArgumentParser()
    cli.add_commands(parser.add_subparsers(dest="command"), GAMES)
    with pytest.raises(SystemExit):
        parser.parse_args(["mat", "--game", "chess"])
    assert "invalid choice" in capsys.readouterr().err


def test_add_commands_plugs_into_another_parser():
    import argparse

    from vision.cli import add_commands

    parser = argparse.ArgumentParser(prog="paradox-table")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run")
    add_commands(sub, GAMES)
    args = parser.parse_args(["vision", "recognize", "--profile", "p", "a.png", "b.png"])
    assert args.images == ["a.png", "b.png"] and callable(args.handler)


@pytest.mark.parametrize("game", ["initiative", "dynasty"])
def test_the_mat_json_says_where_each_cell_lies_as_the_readings_count_them(game, tmp_path, capsys):
    """Whoever lays pieces on a printed mat by its json (a printing of their own drawn onto it)
    finds each grid there: the pitch and each area's top-left corner, row 0 along the top."""
    from companion import cli as main_cli
    from companion.games import camera
    from vision.mat import load_layout
    assert main_cli.main(["mat", "--game", game, "--out", str(tmp_path / "m.png"), "--px-per-mm", "2"]) == 0
    said = json.loads((tmp_path / "m.json").read_text())["cells"]
    cells, layout = camera(game).cells_read(), load_layout(tmp_path / "m.json")
    assert said["pitch_mm"] == cells.pitch_mm and set(said["areas"]) == {a for a, _ in cells.areas}
    for area, grid in said["areas"].items():
        assert (grid["rows"], grid["cols"]) == cells.shape(area)
        for r, c in ((0, 0), (grid["rows"] - 1, grid["cols"] - 1)):
            x, y = grid["x"] + (c + 0.5) * said["pitch_mm"], grid["y"] + (r + 0.5) * said["pitch_mm"]
            assert cells.cell_at(layout, x, y) == (area, r, c)
            assert cells.centre(layout, area, r, c) == pytest.approx((x, y), abs=0.01)


def test_a_reading_the_table_would_ask_about_is_unknown_with_its_guess_beside(tmp_path, layout, classic, capsys):
    """`recognize` says what the game's table would do: below the game's sureness a reading is
    `unknown` (the reader's guess given beside it, never as the label); at or above it, the label.
    Paradominetor asks below 0.80, which its own command line applies."""
    from companion import cli as main_cli
    _, profile, _ = classic
    table = SyntheticTable(layout, TILES, CLASSIC, seed=9)
    table.place("yellow-5", 190, 140, 15)
    table.place("blue-2", 240, 160, 200, face_up=False, back="past")
    frame = tmp_path / "frame.jpg"
    cv2.imwrite(str(frame), table.render())
    capsys.readouterr()
    assert main(["vision", "recognize", "--game", "paradominetor", "--profile", str(profile), str(frame)]) == 0
    read = json.loads(capsys.readouterr().out)["tiles"]
    confidences = sorted(t["confidence"] for t in read)
    between = (confidences[0] + confidences[1]) / 2 if confidences[0] < confidences[1] else confidences[0] + 1e-6
    games = {"paradominetor": (MAT, TILES, ("tiles", None, None, between))}  # a table surer than the first
    assert cli.main(["vision", "recognize", "--game", "paradominetor", "--profile", str(profile), str(frame)], games) == 0
    asked = {t["guess"] if t["label"] == "unknown" else t["label"]: t for t in json.loads(capsys.readouterr().out)["tiles"]}
    for t in read:
        said = asked[t["label"]]
        assert (said["label"], "guess" in said) == (("unknown", True) if t["confidence"] < between else (t["label"], False))
    assert main_cli._camera_games()["paradominetor"][2][3] == 0.80


@pytest.mark.parametrize("field, value", [("size_mm", "big"), ("groups", [1]), ("labels", None)])
def test_a_tile_profile_whose_header_is_the_wrong_shape_is_refused_in_one_line(tmp_path, layout, classic, capsys,
                                                                               field, value):
    from vision.reading import read_profile, write_profile
    meta, arrays = read_profile(classic[1], "a vision profile", ("templates", "features"))
    bad = write_profile(tmp_path / "bad.npz", {**meta, field: value}, arrays)
    frame = tmp_path / "frame.jpg"
    cv2.imwrite(str(frame), SyntheticTable(layout, TILES, CLASSIC, seed=9).render())
    capsys.readouterr()
    assert main(["vision", "recognize", "--game", "paradominetor", "--profile", str(bad), str(frame)]) == 2
    assert "is not a vision profile" in _one_line_error(capsys)
