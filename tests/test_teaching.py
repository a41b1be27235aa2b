"""Teaching the camera from the host page: the walk's plan, what the camera finds (or why not),
a walk that goes on after a restart, the profile used at once, and a correction learnt. Frames
come from the real camera loop over the virtual table, read by the real vision code."""
import json
import math
import re
from dataclasses import replace

import numpy as np
import pytest

from companion.camera import CameraLoop, opener
from companion.config import defaults
from companion.service import Companion
from companion.store import Store
from companion.teaching import NEAR_MM, Teacher, TeachingRefused, camera_games, layout_for, plan
from patience import WAIT_SECONDS
from virtual import virtual_table
from vision.reading import Profile


@pytest.mark.parametrize("game", camera_games())
def test_every_piece_is_shown_once_at_a_place_of_its_own_in_few_shots(game):
    from companion.games import camera
    spec = camera(game)
    seats = spec.mat.seats[1]
    shots = plan(game, seats)
    labels = [p.label for s in shots for p in s.places]
    assert sorted(labels) == sorted(spec.pieces.labels)
    assert len(shots) <= math.ceil(len(labels) / 10)  # many pieces a shot, not one
    layout = layout_for(game, seats)
    for s in shots:
        for i, p in enumerate(s.places):
            assert layout.zone_at(p.x_mm, p.y_mm) == s.area
            # a piece at its place is never taken for its neighbour's
            assert all(math.hypot(p.x_mm - q.x_mm, p.y_mm - q.y_mm) > NEAR_MM for q in s.places[i + 1:])


@pytest.mark.parametrize("game", camera_games())
def test_each_shot_s_snapshot_shows_the_name_of_the_area_it_asks_for_and_no_other(game):
    """The part of the mat a shot's snapshot shows holds the whole area, its own printed name (the
    one the prompt says: "seat 1's map" is SEAT 1'S MAP) and no other: Domino Dynasty's maps lie
    a few mm apart, the next map's name printed between them."""
    from companion.games import camera
    from companion.i18n import translate
    from vision.mat import label_box
    for seats in range(camera(game).mat.seats[0], camera(game).mat.seats[1] + 1):
        layout = layout_for(game, seats)
        for shot in plan(game, seats):
            x, y, w, h = shot.box
            z = layout.zones[shot.area]
            assert x <= z.x and y <= z.y and x + w >= z.x + z.w and y + h >= z.y + z.h
            shown = [text for text, (lx, ly) in layout.labels.items()
                     if (lambda b: b[0] < x + w and b[0] + b[2] > x and b[1] < y + h and b[1] + b[3] > y)(
                         label_box(text, lx, ly))]
            said = translate(shot.area_words, "en").upper().removeprefix("THE ").removesuffix(" AREA")
            assert shown == [said], (seats, shot.number, said, shown)


def test_a_mat_with_a_seat_count_the_game_has_not_is_refused():
    with pytest.raises(TeachingRefused, match="3 to 5 seats"):
        plan("paradominetor", 7)
    with pytest.raises(TeachingRefused, match="not a game the camera watches"):
        plan("island", 4)


@pytest.fixture
def table(tmp_path):
    """A companion with its camera loop over the virtual table, stepped by hand."""
    with virtual_table(tmp_path) as (c, loop):
        yield c, loop, tmp_path


def _look(teacher, loop, game, shot, times=4):
    for _ in range(times):
        loop.step()
        got = teacher.look(game, shot)
        if got["taken"]:
            return got
    return got


def test_findings_say_what_is_wrong_and_a_refused_shot_changes_nothing(table):
    c, loop, state = table
    teacher = Teacher(state, loop, simulation=True)
    teacher.start("initiative", 4)
    shot = plan("initiative", 4)[0]
    got = _look(teacher, loop, "initiative", 1)
    assert not got["taken"] and got["finding"]["problem"] == "nothing in matrix 1 yet: lay the pieces listed"
    with pytest.raises(TeachingRefused, match="nothing in matrix 1"):
        teacher.take("initiative", 1)
    assert teacher.status("initiative")["taken"] == 0 and not (state / "teaching" / "initiative" / "shot-1.jpg").exists()

    teacher.lay("initiative", 1)
    discs = loop.virtual_table.table
    first, third = shot.places[0], shot.places[2]
    extra = discs.place("red-2", first.x_mm + 13, first.y_mm)  # a second disc crowding place 1
    discs.remove(max(i for i, d in discs.discs.items() if d.label == third.label))  # place 3 left empty
    got = _look(teacher, loop, "initiative", 1)
    # the second disc touches place 1's (and may reach its neighbour's): one blob, as large as two
    problem = got["finding"]["problem"]
    assert not got["taken"] and problem.startswith("nothing at place 3; two pieces at place")
    assert "1" in problem.split("two pieces at ")[1].split()[1].split(",")

    # the mat out of view, then too dark: said as such, nothing kept
    loop.step()
    loop.last_frame = np.full_like(loop.last_frame, 120)
    with pytest.raises(TeachingRefused, match="the mat is not in view"):
        teacher.take("initiative", 1)
    loop.step()
    loop.last_frame = (loop.last_frame * 0.12).astype(np.uint8)
    assert teacher.look("initiative", 1)["finding"]["problem"] == "too dark: light the mat better"
    assert teacher.status("initiative")["taken"] == 0
    # a lamp so bright the mat's grey shows near white: said as such, not as a hand
    loop.step()
    frame = loop.last_frame.astype(np.float32)
    loop.last_frame = np.clip(frame * 1.7, 0, 255).astype(np.uint8)
    assert teacher.look("initiative", 1)["finding"]["problem"].startswith("too bright on ")
    loop.last_frame = np.clip(frame * np.float32([1.1, 1.3, 1.6]), 0, 255).astype(np.uint8)  # a warm lamp, BGR
    assert teacher.look("initiative", 1)["finding"]["problem"].startswith("too bright on ")
    assert teacher.status("initiative")["taken"] == 0

    discs.remove(extra)
    teacher.lay("initiative", 1)
    got = _look(teacher, loop, "initiative", 1)
    assert got["taken"] and got["finding"]["ok"]
    assert teacher.status("initiative")["pieces_taken"] == len(shot.places)


def test_a_shot_on_the_last_shot_s_places_waits_for_its_own_pieces(table):
    """Paradominetor's shots share the trick area's places: the pieces of the shot just taken
    fill the next shot's places too, and must not be kept as the next shot's. A shot is taken
    by itself only once the camera has seen its places change; a redo likewise; the host's tap
    keeps what lies there."""
    c, loop, state = table
    game = "paradominetor"
    teacher = Teacher(state, loop, simulation=True)
    teacher.start(game, 4)
    shots = plan(game, 4)
    assert {(p.x_mm, p.y_mm) for p in shots[1].places} <= {(p.x_mm, p.y_mm) for p in shots[0].places}
    teacher.lay(game, 1)
    assert _look(teacher, loop, game, 1)["taken"]
    got = _look(teacher, loop, game, 2, times=6)  # shot 1's tiles still lie there
    assert got["finding"]["ok"] and got["unchanged"] and not got["taken"]
    assert teacher.status(game)["taken"] == 1 and teacher.status(game)["next"] == 2

    teacher.lay(game, 2)  # shot 2's own tiles laid in their place
    got = _look(teacher, loop, game, 2)
    assert got["taken"] and not got["unchanged"]
    assert teacher.status(game)["taken"] == 2

    teacher.redo(game, 2)  # redone with the same tiles lying: kept only when the host says so
    assert not _look(teacher, loop, game, 2, times=6)["taken"]
    assert teacher.take(game, 2)["taken"] and teacher.status(game)["taken"] == 2


def test_a_walk_left_open_gives_way_to_another_game_s_walk_but_a_game_on_does_not(table):
    """The host left Domino Dynasty's walk without "Stop for now": teaching Paradox Initiative
    next is not refused as if a game were on. A camera game in progress still keeps its camera."""
    c, loop, state = table
    teacher = Teacher(state, loop, simulation=True)
    teacher.start("dynasty", 2)
    assert teacher.start("initiative", 2)["game"] == "initiative" and loop.teaching == "initiative"
    c.new_game("paradominetor", {"seats": 3}, seed=1).result(WAIT_SECONDS)
    with pytest.raises(TeachingRefused, match="a game of Paradominetor is on"):
        teacher.start("dynasty", 2)


def test_a_frame_being_taken_is_waited_for_not_called_missing(table):
    """The camera lets go of its last frame just before it takes the next; a camera slow to give
    it (a busy companion, a large sensor) is not a camera without a picture: "Read the mat" waits
    for that frame (and here says the pieces are not learnt yet, not "no picture yet")."""
    import threading

    c, loop, state = table
    teacher = Teacher(state, loop, simulation=True)
    teacher.start("paradominetor", 4)
    loop.step()
    pipeline, frames = loop.pipeline, loop.pipeline.frames
    taking, given = threading.Event(), threading.Event()

    def slow_frames():
        taking.set()
        given.wait(WAIT_SECONDS)
        return frames()
    pipeline.frames = slow_frames
    stepping = threading.Thread(target=loop.step)
    stepping.start()
    assert taking.wait(WAIT_SECONDS)
    said = []

    def read_the_mat():
        try:
            teacher.check("paradominetor")
        except TeachingRefused as exc:
            said.append(str(exc))
    asking = threading.Thread(target=read_the_mat)
    asking.start()
    asking.join(1.0)  # long enough to give up on the frame, were it given up on
    given.set()
    stepping.join(WAIT_SECONDS)
    asking.join(WAIT_SECONDS)
    assert len(said) == 1 and "has not learnt" in said[0], said


def _first_shot_taken(teacher, loop, game, seats):
    """A walk begun on a mat of `seats`, its first shot taken, then stopped for now."""
    teacher.start(game, seats)
    teacher.lay(game, 1)
    assert _look(teacher, loop, game, 1)["taken"]
    teacher.stop(game)


def test_a_walk_begun_for_another_seat_count_keeps_its_shots_where_the_mat_puts_them_in_the_same_places(
        table, monkeypatch):
    """A host who taught on a 2-seat mat and comes back with the page at 4 seats has not lost
    their shots: the discs are taught on matrices 1 and 2, which lie where they did. Were a mat's
    places to move with its seats, the shots taken would no longer fit and begin again."""
    import companion.teaching as teaching
    c, loop, state = table
    game = "initiative"
    _first_shot_taken(Teacher(state, loop, simulation=True), loop, game, 2)
    status = Teacher(state, loop, simulation=True).start(game, 4)
    assert status["seats"] == 4 and status["taken"] == 1 and status["next"] == 2
    real = teaching.plan

    def moved(g, seats):  # a mat whose places move a square with its seat count
        shots = real(g, seats)
        return shots if seats == 4 else [replace(s, box=(s.box[0] + 16, *s.box[1:])) for s in shots]
    monkeypatch.setattr(teaching, "plan", moved)
    status = Teacher(state, loop, simulation=True).start(game, 3)
    assert status["seats"] == 3 and status["taken"] == 0 and status["next"] == 1


def test_a_walk_goes_on_after_a_restart_and_its_profile_is_used_at_once(table):
    c, loop, state = table
    game = "initiative"
    _first_shot_taken(Teacher(state, loop, simulation=True), loop, game, 4)
    loop.step()
    assert loop.pipeline is None  # stopped: the camera no longer looks

    again = Teacher(state, loop, simulation=True)  # the companion restarted
    status = again.status(game)
    assert status["seats"] == 4 and status["taken"] == 1 and status["next"] == 2
    again.start(game, 4)
    again.lay(game, 2)
    assert _look(again, loop, game, 2)["taken"]
    again.learn(game, wait=True)
    assert again.status(game)["learnt"] and again.status(game)["error"] is None
    manifest = json.loads((state / "teaching" / game / "manifest.json").read_text())
    assert {e["image"] for e in manifest} == {"shot-1.jpg", "shot-2.jpg"} and all("x_mm" in e for e in manifest)

    # a game of it now reads with the taught profile: the companion does not teach itself
    c.new_game(game, {"players": 2}, seed=4).result(WAIT_SECONDS)
    loop.step()
    assert loop.pipeline.reader is not None and not (state / f"enrolment-{game}").exists()
    taught = loop.pipeline.reader
    with pytest.raises(TeachingRefused, match="a game is on"):  # the game's virtual table is left alone
        again.lay(game, 1)
    again.learn(game, wait=True)  # learnt again while the game is on: the camera switches to it
    assert loop.pipeline.reader is not taught


def test_a_correction_is_learnt(table):
    c, loop, state = table
    game = "initiative"
    teacher = Teacher(state, loop, simulation=True)
    teacher.start(game, 4)
    for shot in plan(game, 4):
        teacher.lay(game, shot.number)
        assert _look(teacher, loop, game, shot.number)["taken"]
    teacher.learn(game, wait=True)
    profile = state / f"vision-profile-{game}.npz"
    before = Profile.load(profile)
    loop.step()
    read = teacher.check(game)["pieces"]
    assert sorted(p["label"] for p in read) == sorted(p.label for p in plan(game, 4)[-1].places)
    # each named as the walk names places (its area, row and column), in the mat's order
    last = plan(game, 4)[-1]
    laid = {p.label: str(p.where) for p in last.places}
    assert {p["label"]: str(p["where"]) for p in read} == {
        label: f"{last.area_words}, {where}" for label, where in laid.items()}
    assert [str(p["where"]) for p in read] == [f"{last.area_words}, {p.where}" for p in sorted(
        last.places, key=lambda p: (p.y_mm, p.x_mm))]
    piece = next(p for p in read if p["label"] == "white-2")
    with pytest.raises(TeachingRefused, match="none of this game's pieces"):
        teacher.correct(game, piece["x_mm"], piece["y_mm"], "green-9")
    with pytest.raises(TeachingRefused, match="no area of the mat"):
        teacher.correct(game, 1.0, 1.0, "white-2")
    assert teacher.walk(game).corrections == []
    teacher.correct(game, piece["x_mm"], piece["y_mm"], "white-2")
    # the correction is named where the check named the piece: its area, row and column
    assert [(str(t["words"]), str(t["where"])) for t in teacher.status(game)["taught"]] == [
        (str(piece["words"]), str(piece["where"]))]
    teacher.learn(game, wait=True)
    entries = json.loads((state / "teaching" / game / "manifest.json").read_text())
    # a disc is learnt from one look: the host's replaces the shot's
    assert [e for e in entries if e["label"] == "white-2"] == [
        {"image": "check-1.jpg", "label": "white-2", "x_mm": piece["x_mm"], "y_mm": piece["y_mm"]}]
    after = Profile.load(profile)
    i, j = before.labels.index("white-2"), after.labels.index("white-2")
    assert after.labels.count("white-2") == 1 and not np.array_equal(before.features[i], after.features[j])
    assert teacher.status(game)["learnt"]
    loop.step()
    assert sorted(p["label"] for p in teacher.check(game)["pieces"]) == sorted(p.label for p in plan(game, 4)[-1].places)


def test_a_real_camera_is_taught_through_the_same_walk(tmp_path):
    """A USB or Pi camera gives the walk its frames the same way: here frames another process
    rendered into a folder (the real camera path, no virtual table to lay pieces on)."""
    import dataclasses

    import cv2

    from companion.games import camera
    from vision.grid import DiscTable

    game = "initiative"
    spec, shot = camera(game), plan(game, 4)[0]
    table = DiscTable(layout_for(game, 4), spec.pieces, seed=1)
    for p in shot.places:
        table.place(p.label, p.x_mm, p.y_mm)
    folder = tmp_path / "frames"
    folder.mkdir()
    for i in range(8):
        cv2.imwrite(str(folder / f"{i:03d}.png"), table.render())
    base = defaults(on_pi=False)
    cfg = dataclasses.replace(base, camera=dataclasses.replace(base.camera, source=f"folder:{folder}"))
    with Store(tmp_path / "games.db") as store:
        c = Companion(store)
        c.start()
        loop = CameraLoop(c, opener(cfg, c, tmp_path, simulate=False))
        try:
            teacher = Teacher(tmp_path, loop, simulation=False)
            teacher.start(game, 4)
            with pytest.raises(TeachingRefused, match="no virtual table here"):
                teacher.lay(game, 1)
            assert _look(teacher, loop, game, 1)["taken"]
            assert loop.pipeline.reader is None and loop.virtual_table is None  # frames only, nothing read
            assert teacher.status(game)["next"] == 2
        finally:
            loop.stop()
            c.stop()


@pytest.mark.parametrize("game, seats", [("paradominetor", 3), ("dynasty", 2)])
def test_each_camera_game_is_taught_on_the_virtual_table_and_reads_its_pieces_back(table, game, seats):
    c, loop, state = table
    teacher = Teacher(state, loop, simulation=True)
    teacher.start(game, seats)
    shots = plan(game, seats)
    for shot in shots:
        teacher.lay(game, shot.number)
        assert _look(teacher, loop, game, shot.number)["taken"]
    teacher.learn(game, wait=True)
    assert teacher.status(game)["learnt"]
    teacher.lay(game, 1)
    loop.step()
    read = sorted(p["label"] for p in teacher.check(game)["pieces"])
    if game == "dynasty":  # each domino's two halves, as the rules write them
        want = sorted(h for p in shots[0].places for h in p.lay[0].split("|"))
    else:
        want = sorted(p.label for p in shots[0].places)
    assert read == want
    # the check's own pieces: some of every shot's, mixed over the shots' places
    laid = teacher.lay_for_check(game)
    loop.step()
    read = sorted(p["label"] for p in teacher.check(game)["pieces"])
    by_label = {p.label: p for s in shots for p in s.places}
    if game == "dynasty":
        want = sorted(h for label in laid["labels"] for h in by_label[label].lay[0].split("|"))
    else:
        want = sorted(laid["labels"])
    assert laid["laid"] == len(laid["labels"]) >= 4 and read == want


def test_a_teaching_page_left_open_lets_the_camera_go(tmp_path):
    now = [1000.0]
    with Store(tmp_path / "games.db") as store:
        c = Companion(store)
        c.start()
        loop = CameraLoop(c, opener(defaults(on_pi=False), c, tmp_path, simulate=True), clock=lambda: now[0])
        try:
            teacher = Teacher(tmp_path, loop, simulation=True)
            teacher.start("initiative", 4)
            loop.step()
            assert loop.pipeline is not None
            now[0] += CameraLoop.TEACHING_SECONDS - 1
            teacher.look("initiative", 1)  # the page still asks: the camera stays
            now[0] += CameraLoop.TEACHING_SECONDS - 1
            loop.step()
            assert loop.pipeline is not None
            now[0] += CameraLoop.TEACHING_SECONDS
            loop.step()
            assert loop.pipeline is None
            assert teacher.status("initiative")["seats"] == 4  # the walk is kept all the same
        finally:
            loop.stop()
            c.stop()


def test_a_domino_half_read_wrong_is_corrected_by_a_tap_and_learnt(table):
    """Dynasty's knife and thief laid in each other's places while teaching: the check reads a
    knife wrong or asks. Corrected to what it is, the square is learnt (its terrain's look, the
    knife's picture, the half itself), and the same square of the same frame then reads as
    corrected or is asked about, never as anything else. Bad input changes nothing."""
    from vision.dominoes import icon_pictures
    from vision.dominoes_profile import DominoProfile
    c, loop, state = table
    game = "dynasty"
    teacher = Teacher(state, loop, simulation=True)
    with pytest.raises(TeachingRefused, match="not learnt"):  # a check before learning
        teacher.correct(game, 100.0, 100.0, "lava/knife/")
    teacher.start(game, 2)
    shots = plan(game, 2)
    for shot in shots:
        teacher.lay(game, shot.number)
        if any(p.label == "icon-knife" for p in shot.places):
            dominoes = loop.virtual_table.table
            ids = {p.label: i for i, p in zip(dominoes.tiles, shot.places)}
            knife, thief = dominoes.tiles[ids["icon-knife"]], dominoes.tiles[ids["icon-thief"]]
            dominoes.move(ids["icon-knife"], thief.x_mm, thief.y_mm)
            dominoes.move(ids["icon-thief"], knife.x_mm, knife.y_mm)
        assert _look(teacher, loop, game, shot.number)["taken"]
    teacher.learn(game, wait=True)
    assert teacher.status(game)["learnt"] and teacher.status(game)["notes"] == []
    before = DominoProfile.load(state / f"vision-profile-{game}.npz")

    from companion.games import camera
    spec = camera(game)
    layout = layout_for(game, 2)
    x, y = spec.cells_read().centre(layout, "shared", 2, 2)
    loop.virtual_table.lay([("lava/knife/E|grass//W", x + spec.cells.pitch_mm / 2, y, 0.0, True, None)])
    loop.step()
    got = teacher.check(game)
    read = next(p for p in got["pieces"] if abs(p["x_mm"] - x) < 1 and abs(p["y_mm"] - y) < 1)
    assert read["label"] != "lava/knife/E" and "square C3" in read["where"]  # the thief's picture, or asked
    assert {"value": "knife", "words": "knife"} in got["choices"]["icons"] \
        and [(s["value"], s["words"]) for s in got["choices"]["sides"]] == [("N", "north"), ("E", "east"), ("S", "south"), ("W", "west")]

    for bad, said in [("lava/crown/E", "no half of these dominoes"), ("icon-knife", "no half"),
                      ("lava/knife/EN", "no half"), (None, "no half")]:
        with pytest.raises(TeachingRefused, match=said):
            teacher.correct(game, read["x_mm"], read["y_mm"], bad)
    with pytest.raises(TeachingRefused, match="no square"):
        teacher.correct(game, 3.0, 3.0, "lava/knife/E")
    assert teacher.walk(game).corrections == [] and teacher.status(game)["learnt"]

    teacher.correct(game, read["x_mm"] + 2, read["y_mm"] - 2, "lava/knife/E")  # anywhere on the square
    teacher.learn(game, wait=True)
    assert teacher.status(game)["learnt"] and teacher.status(game)["error"] is None
    entries = json.loads((state / "teaching" / game / "manifest.json").read_text())
    assert entries[-1] == {"image": "check-1.jpg", "label": "lava/knife/E", "x_mm": round(x, 1), "y_mm": round(y, 1)}
    assert sum(e["label"] == "icon-knife" for e in entries) == 1  # the shot's look is kept beside it
    after = DominoProfile.load(state / f"vision-profile-{game}.npz")
    assert [h for h, _, _ in after.taught] == ["lava/knife/E"]
    assert sum(n == "knife" for n, _, _ in icon_pictures(after)) == 2  # the knife as the check saw it
    assert not np.allclose(before.terrains["lava"], after.terrains["lava"])  # lava's look, taken into account
    loop.step()
    again = next(p for p in teacher.check(game)["pieces"] if abs(p["x_mm"] - x) < 1 and abs(p["y_mm"] - y) < 1)
    assert again["label"] in ("lava/knife/E", "unknown")


def test_pieces_for_the_check_are_laid_only_once_the_camera_has_learnt_them(table):
    c, loop, state = table
    teacher = Teacher(state, loop, simulation=True)
    teacher.start("paradominetor", 3)
    with pytest.raises(TeachingRefused, match="has not learnt the pieces yet"):
        teacher.lay_for_check("paradominetor")


def test_a_shot_the_camera_cannot_learn_from_is_said_in_the_owners_language(table):
    """The lock token's shot taken with only its disc there (the token forgotten): the pieces are
    not learnt, and the page says why and which shot to take again, in Japanese too (vision's
    own refusal is English)."""
    from companion.i18n import translate
    c, loop, state = table
    game = "initiative"
    teacher = Teacher(state, loop, simulation=True)
    teacher.start(game, 2)
    for shot in plan(game, 2):
        # the lock's place gets the disc it lies on, and no token
        teacher._lay(game, [(p.lay if p.label != "lock" else (p.lay[3], True, None, None), p.x_mm, p.y_mm)
                            for p in shot.places])
        assert _look(teacher, loop, game, shot.number)["taken"]
    teacher.learn(game, wait=True)
    status = teacher.status(game)
    assert not status["learnt"]
    english, japanese = translate(status["error"], "en"), translate(status["error"], "ja")
    assert "token" in english and "take that shot again" in english
    assert "トークン" in japanese and "撮影をやり直して" in japanese
    assert not re.search(r"[A-Za-z]{3,}", japanese)  # no English left in it


def test_a_domino_s_refusal_names_its_terrain_or_icon_in_japanese():
    """Every terrain's and icon's refusal (roads or icon not seen on its shot) reads in Japanese
    with the piece's own name, no English left."""
    from companion.games.dynasty import camera as dynasty
    from companion.i18n import translate
    from companion.teaching import _refusal
    from vision.dominoes import icon_names, terrain_names
    from vision.markers import VisionInputError
    said = [_refusal(VisionInputError("roads", kind="no roads", terrain=t)) for t in terrain_names(dynasty.TILES)]
    said += [_refusal(VisionInputError("icon", kind="no icon", icon=i)) for i in icon_names(dynasty.TILES)]
    assert len(said) == 5 + 24
    for msg in said:
        japanese = translate(msg, "ja")
        assert "撮影をやり直して" in japanese and not re.search(r"[A-Za-z]{3,}", japanese), japanese
    assert translate(said[0], "en").startswith("no roads were seen on the ")
