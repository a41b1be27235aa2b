"""Domino Dynasty's camera on prints of its own: the regular 32 mm print on its A0 mat, and a print
whose pieces are too alike to tell apart. Each is taught from its own shots, so each is a file of
its own: `make test` runs it beside tests/dynasty/test_camera.py rather than after it."""
import numpy as np
from camera_feed import read_cells

from companion.games.dynasty import camera
from companion.games.dynasty.camera import CELLS, MAT, TILES, ZONES
from vision import dominoes
from vision.dominoes_profile import DominoProfile
from vision.mat import mat_layout


def test_a_regular_print_on_an_a0_mat_is_read(tmp_path):
    """32 mm halves (the generator's regular print) on their A0 mat, taught and read through the
    kit the companion uses: every domino found, none misread, all but a few squares read (an A0
    sheet gives a 5 MP camera about one pixel a millimetre, so its calibration is coarser: about
    one square in a hundred is asked about, over 590 squares); and a hand held over the middle of
    a map, far from its edge, is a hand."""
    from vision.grid import Grid
    from vision.readers import kit
    layout, cells = mat_layout(camera.mat_spec(32.0)), Grid(32.0, CELLS.areas)
    assert layout.size_mm == (1189.0, 841.0)
    Reader, enroll, write_enrolment, Table = kit(camera.READER, cells)
    profile = enroll(write_enrolment(layout, tmp_path / "shots", tiles=TILES, seed=3), None, layout, TILES)
    reader = Reader(profile, layout, zones=ZONES, cells=cells)
    rng = np.random.default_rng(7)
    squares, read = read_cells(reader, cells, layout, (dominoes.random_maps(layout, TILES, cells, rng, seed=i)
                                                        for i in range(2)))
    assert read >= 0.97 * squares, f"read {read} of {squares} squares"
    table = Table(layout, tiles=TILES, seed=1)
    z = layout.zones["shared"]
    assert not reader.read(table.render()).hand_in_view
    assert reader.read(table.render(hand=(z.x + z.w / 2, z.y + z.h / 2, 0.0))).hand_in_view


def test_a_print_with_pieces_too_alike_is_told_at_enrolment_and_those_squares_are_asked_about(tmp_path, capsys):
    """A print whose knife and thief wear the same badge and whose stone is printed in the
    plains' blue: `paradox-table vision enroll` names both pairs, and the camera asks about
    every square that shows one of them instead of guessing, while the rest of the map reads."""
    from dataclasses import dataclass

    from vision import cli
    from vision.synthetic import CameraPose

    layout = mat_layout(MAT)

    @dataclass(frozen=True)
    class Twins(dominoes.DominoStyle):
        def badge(self, icons, icon):
            return super().badge(icons, "thief" if icon == "knife" else icon)

    colours = dict(dominoes.DOMINOES.terrains)
    style = Twins(terrains=tuple((t, colours["plains" if t == "stone" else t]) for t in colours))
    manifest = dominoes.write_enrolment(layout, tmp_path / "shots", TILES, style, seed=3, cells=CELLS)
    out = tmp_path / "twins.profile"
    assert cli.main(["--camera", "companion.games.dynasty.camera", "vision", "enroll", "--game", "dynasty",
                     "--manifest", str(manifest), "--out", str(out)]) == 0
    said = capsys.readouterr()
    assert "terrains and icons (a half " in said.out  # in a domino owner's words, not a tile's
    note = said.err
    assert "too alike" in note and "terrains stone and plains" in note and "icons knife and thief" in note
    assert note.count("icons ") == 1 and note.count("terrains ") == 1 and "Traceback" not in note

    reader = dominoes.DominoReader(DominoProfile.load(out), layout, ZONES, CELLS)
    table = dominoes.DominoTable(layout, TILES, style, seed=2, cells=CELLS, camera=CameraPose(0, 0, 0, 0.9, (0, 0)))
    halves = {("personal-1", 2, 2): "lava/knife/E", ("personal-1", 2, 3): "grass/thief/W",
              ("personal-1", 4, 2): "desert/person/E", ("personal-1", 4, 3): "stone//W",
              ("personal-1", 6, 2): "lava/magician/", ("personal-1", 6, 3): "grass//"}
    for r in (2, 4, 6):
        x, y = CELLS.centre(layout, "personal-1", r, 2)
        table.place(f"{halves['personal-1', r, 2]}|{halves['personal-1', r, 3]}", x + camera.PITCH_MM / 2, y)
    seen = {CELLS.cell_at(layout, t.x_mm, t.y_mm): t.label for t in reader.read(table.render()).tiles}
    asked = {k for k, v in halves.items() if "knife" in v or "thief" in v or "stone" in v}
    assert seen == {k: ("unknown" if k in asked else v) for k, v in halves.items()}


def test_an_icon_learnt_with_too_little_of_it_clear_is_warned_of_in_the_owners_words(tmp_path, capsys):
    """A print whose icons are printed small (a badge a fifth of its half across): too little of
    each is clear of its half's edges to be read as a picture, so the camera would ask about it
    every time. `paradox-table vision enroll` says which icon and what to do, in English and in
    Japanese, and so does the teaching walk's status once that profile is learnt."""
    import json
    from dataclasses import replace

    from companion import cli
    from companion.teaching import Teacher

    layout = mat_layout(MAT)
    style = replace(dominoes.DOMINOES, badge_r=0.09, centre_r=0.045)
    shots = ("icon-person", "icon-knife") + tuple(f for f in TILES.faces if f.startswith("terrain-"))
    manifest = dominoes.write_enrolment(layout, tmp_path / "shots", TILES, style, seed=3, cells=CELLS, only=shots)
    out = tmp_path / "vision-profile-dynasty.npz"
    args = ["vision", "enroll", "--game", "dynasty", "--manifest", str(manifest), "--out", str(out)]
    assert cli.main(args) == 0
    note = capsys.readouterr().err
    assert "note: the person icon: too little of it was clear" in note and "the knife icon" in note
    assert "straight, west to east" in note and "Traceback" not in note and "too alike" not in note
    assert cli.main(args + ["--lang", "ja"]) == 0
    note = capsys.readouterr().err
    assert "人のアイコン" in note and "まっすぐマスの上に置き直す" in note

    # the walk's status says the same once its profile is learnt
    (tmp_path / "teaching" / "dynasty").mkdir(parents=True)
    (tmp_path / "teaching" / "dynasty" / "walk.json").write_text(json.dumps({"seats": 2, "learnt": True}))
    notes = Teacher(tmp_path, camera=None).status("dynasty")["notes"]
    assert len(notes) == 2 and all("take its shot again" in n for n in notes)
    assert [n.params["icon"] for n in notes] == ["person", "knife"]

    # a print whose icons are clear says nothing of them
    plain = dominoes.write_enrolment(layout, tmp_path / "plain", TILES, seed=3, cells=CELLS, only=shots)
    assert cli.main(["vision", "enroll", "--game", "dynasty", "--manifest", str(plain), "--out",
                     str(tmp_path / "plain.npz")]) == 0
    assert "icon: too little" not in capsys.readouterr().err
