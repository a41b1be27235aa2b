"""The teaching routes: host only, and a malformed request or a shot the camera cannot take gets
a clear message and changes nothing."""
import json
import re
import shutil

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.teaching import Teacher, plan
from companion.games import descriptions
from virtual import virtual_table
from web.app import Extras, create_app

HOST = "t" * 43
H = {"X-Host-Token": HOST}
GAMES = tuple(g.as_json() for g in descriptions())


@pytest.fixture
def teaching(tmp_path):
    with virtual_table(tmp_path) as (c, loop):
        teacher = Teacher(tmp_path, loop, simulation=True)
        app = create_app(c, HOST, Extras(teacher=teacher, games=GAMES))
        app.testing = True
        yield app.test_client(), loop, teacher, tmp_path


def test_only_the_host_teaches(teaching):
    client, *_ = teaching
    assert client.get("/api/teach").status_code == 403
    assert client.post("/api/teach/initiative/start", json={"seats": 4}).status_code == 403
    assert client.get("/api/teach/initiative/mat.pdf?seats=4").status_code == 403


@pytest.mark.parametrize("path, payload, status, said", [
    ("/api/teach/island/start", {"seats": 4}, 404, "the camera watches"),
    ("/api/teach/initiative/start", {"seats": "four"}, 400, 'say the mat\'s seat count: {"seats": 1} to 4'),
    ("/api/teach/initiative/start", {"seats": 9}, 409, "a mat for Paradox Initiative has 1 to 4 seats"),
    ("/api/teach/initiative/look", {"shot": 1}, 409, "choose the mat's seat count first"),
    ("/api/teach/initiative/take", {"shot": "one"}, 400, 'say which shot: {"shot": 1}'),
    ("/api/teach/initiative/correct", {"x_mm": 1, "y_mm": 2, "label": "red-1"}, 409, "has not learnt"),
])
def test_malformed_requests_are_refused_in_words(teaching, path, payload, status, said):
    client, _, teacher, state = teaching
    answer = client.post(path, json=payload, headers=H)
    assert answer.status_code == status and said in answer.get_json()["error"]
    assert not (state / "teaching" / "initiative" / "walk.json").exists()  # nothing kept


def test_a_shot_the_camera_cannot_take_changes_nothing(teaching):
    client, loop, teacher, state = teaching
    assert client.post("/api/teach/initiative/start", data="not json", headers=H).get_json() == {
        "error": "send a JSON object"}
    started = client.post("/api/teach/initiative/start", json={"seats": 4}, headers=H).get_json()
    assert started["taken"] == 0 and started["next"] == 1
    loop.step()
    answer = client.post("/api/teach/initiative/take", json={"shot": 1}, headers=H)
    assert answer.status_code == 409
    assert answer.get_json()["error"] == "not taken: nothing in matrix 1 yet: lay the pieces listed"
    assert client.post("/api/teach/initiative/look", json={"shot": 3}, headers=H).get_json()["error"] == \
        "a shot is numbered 1 to 2"
    assert client.get("/api/teach/initiative", headers=H).get_json()["taken"] == 0
    assert not (state / "teaching" / "initiative" / "shot-1.jpg").exists()
    picture = client.get(f"/api/teach/initiative/snapshot.jpg?shot=1&token={HOST}")
    assert picture.status_code == 200 and picture.data[:2] == b"\xff\xd8"


def test_the_mat_to_print_is_the_games_pdf(teaching):
    client, *_ = teaching
    assert "say the seat count" in client.get(f"/api/teach/paradominetor/mat.pdf?token={HOST}").get_json()["error"]
    answer = client.get(f"/api/teach/paradominetor/mat.pdf?seats=3&token={HOST}")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf" and answer.data[:5] == b"%PDF-"
    games = client.get("/api/teach", headers=H).get_json()["games"]
    assert {g["name"]: g["seats"] for g in games} == {"paradominetor": [3, 5], "initiative": [1, 4],
                                                      "dynasty": [1, 5]}


ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.sampled_from(["red-1", "lock", "x"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["shot", "seats", "x_mm", "y_mm", "label", "auto", "correction"]) | st.text(max_size=5), inner, max_size=4),
    max_leaves=8)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_request_is_answered_in_words_and_a_refused_one_keeps_nothing(teaching, data):
    client, loop, teacher, state = teaching
    walk = state / "teaching" / "initiative" / "walk.json"
    if not walk.exists():
        assert client.post("/api/teach/initiative/start", json={"seats": 4}, headers=H).status_code == 200
    game = data.draw(st.sampled_from(["initiative", "island", "x"]), label="game")
    verb = data.draw(st.sampled_from(["start", "stop", "look", "take", "redo", "lay", "lay-for-check", "check", "correct", "forget",
                                      "snapshot.jpg", "mat.pdf", ""]), label="verb")
    raw = data.draw(st.one_of(ANY_JSON.map(lambda v: json.dumps(v).encode()), st.binary(max_size=30)), label="body")
    query = data.draw(st.dictionaries(st.sampled_from(["shot", "seats"]), st.text(max_size=4), max_size=2))
    before = walk.read_bytes()
    path = f"/api/teach/{game}/{verb}".rstrip("/")
    if verb in ("snapshot.jpg", "mat.pdf", ""):
        answer = client.get(path, headers=H, query_string=dict(query, token=HOST))
    else:
        answer = client.post(path, data=raw, headers={**H, "Content-Type": "application/json"})
    assert answer.status_code < 500, (path, raw, answer.get_data(as_text=True)[:200])
    if answer.status_code >= 400:
        assert answer.is_json and answer.json["error"]
        assert walk.read_bytes() == before, f"{path} {raw!r} was refused, yet the walk changed"


def test_a_japanese_host_is_taught_in_japanese(teaching):
    """What to lay where, what the camera finds and a refusal: each in the reader's language."""
    client, loop, teacher, state = teaching
    ja = dict(H, **{"Accept-Language": "ja-JP"})
    walk = client.post("/api/teach/paradominetor/start", json={"seats": 4}, headers=ja).get_json()
    assert walk["title"] == "パラドミネーター"
    first = walk["shots"][0]
    assert first["area_words"] == "トリックエリア"
    assert first["places"][0]["where"] == "上の段、左から1番目"
    assert first["places"][0]["piece"].endswith("(表向き)")
    loop.step()
    found = client.post("/api/teach/paradominetor/look", json={"shot": 1}, headers=ja).get_json()["finding"]
    assert found["problem"] == "トリックエリアにまだ何もありません: 一覧のコマを置いてください"
    refused = client.post("/api/teach/paradominetor/take", json={"shot": 1}, headers=ja)
    assert refused.status_code == 409 and refused.get_json()["error"].startswith("撮影していません: ")
    english = client.get("/api/teach/paradominetor", headers=H).get_json()["shots"][0]
    assert english["places"][0]["where"] == "top row, 1st from the left"  # the same walk, in English


def test_a_domino_half_is_corrected_through_the_routes_in_the_hosts_words(teaching):
    """Domino Dynasty's check over HTTP: each half read in the host's language with its square,
    the terrains and icons to pick from; a half that is none of the game's, or a place on no
    square, refused in words with nothing kept; a right one kept and learnt."""
    client, loop, teacher, state = teaching
    ja = dict(H, **{"Accept-Language": "ja-JP"})
    assert client.post("/api/teach/dynasty/start", json={"seats": 2}, headers=H).status_code == 200
    for number in (1, 2, 3):
        assert client.post("/api/teach/dynasty/lay", json={"shot": number}, headers=H).status_code == 200
        for _ in range(4):
            loop.step()
            if client.post("/api/teach/dynasty/look", json={"shot": number}, headers=H).get_json()["taken"]:
                break
    teacher.learn("dynasty", wait=True)
    client.post("/api/teach/dynasty/lay", json={"shot": 1}, headers=H)
    loop.step()
    got = client.post("/api/teach/dynasty/check", json={}, headers=ja).get_json()
    piece = next(p for p in got["pieces"] if p["label"] == "lava//NESW")
    assert piece["words"] == "溶岩、アイコンなし、道 北東南西" and piece["where"].startswith("共有マップ、マス")
    assert piece["half"] == {"terrain": "lava", "icon": "", "paths": "NESW"}
    assert {"value": "lava", "words": "溶岩"} in got["choices"]["terrains"]
    walk = state / "teaching" / "dynasty" / "walk.json"
    kept = walk.read_bytes()
    for payload, said in [({"label": "lava/crown/"}, "はこのドミノの半分ではありません"),
                          ({"label": "lava//NESW", "x_mm": 1, "y_mm": 1}, "どのマップのマスにも"),
                          ({"label": "lava//NESW", "x_mm": "here"}, "x_mm")]:
        place = {"x_mm": piece["x_mm"], "y_mm": piece["y_mm"]}
        answer = client.post("/api/teach/dynasty/correct", json={**place, **payload}, headers=ja)
        assert answer.status_code == 409 and said in answer.get_json()["error"]
        assert walk.read_bytes() == kept
    answer = client.post("/api/teach/dynasty/correct", json={"x_mm": piece["x_mm"], "y_mm": piece["y_mm"],
                                                             "label": "lava//NESW"}, headers=H)
    assert answer.status_code == 200 and answer.get_json()["corrections"] == 1
    teacher.learn("dynasty", wait=True)
    assert client.get("/api/teach/dynasty", headers=H).get_json()["learnt"]
    loop.step()
    again = client.post("/api/teach/dynasty/check", json={}, headers=H).get_json()["pieces"]
    assert next(p for p in again if (p["x_mm"], p["y_mm"]) == (piece["x_mm"], piece["y_mm"]))["label"] == "lava//NESW"


# ---------------------------------------------------------------- words, guesses, taking back

def _texts(value):
    """Every string a payload shows, however deep."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v)


def _raw_ids(text: str) -> list:
    """What of an English text is an id, not words: anything with an underscore, a key with a
    number or letter after a hyphen (seat-0, market-a, red-1), or an id the English catalog gives
    words to that is no word of those words (allin, warfare; not money, of "money capital")."""
    from companion.i18n import _english_names
    names = _english_names()
    words = {w for v in names.values() for w in v.split()}
    found = re.findall(r"\w*_\w*|\b[a-z]+-(?:\d+|[a-z])\b", text)
    return found + [w for w in re.findall(r"[\w-]+", text) if w in names and w not in words]


@pytest.mark.parametrize("game", ["paradominetor", "initiative", "dynasty"])
def test_the_walk_names_every_piece_and_place_in_words_in_english(teaching, game):
    """What to lay where, on the largest mat: no id reaches an English host (Domino Dynasty's
    icons are named as the rulebook names them: area spell, people pleaser, all-in)."""
    client, *_ = teaching
    from companion.games import camera
    walk = client.post(f"/api/teach/{game}/start", json={"seats": camera(game).mat.seats[1]}, headers=H).get_json()
    said = [t for s in walk["shots"] for t in _texts([s["area_words"], [p["piece"] for p in s["places"]],
                                                       [p["where"] for p in s["places"]]])]
    assert said and not [(t, _raw_ids(t)) for t in said if _raw_ids(t)]
    if game == "dynasty":
        pieces = " / ".join(said)
        for words in ("area spell icon", "people pleaser icon", "all-in icon", "military capital icon",
                      "neutral capital icon", "knife icon"):
            assert f"the {words} on its left half" in pieces


def test_every_area_of_every_mat_is_named_in_words():
    """Where the check says a piece lies: every area of every camera game's mat, in words in both
    languages (Paradominetor's seat-0 is "seat 1's area", Dynasty's market-a "the market's left
    half"), never its id."""
    from companion.games import camera
    from companion.i18n import translate
    from companion.teaching import _area_words, camera_games, layout_for
    for game in camera_games():
        for area in layout_for(game, camera(game).mat.seats[1]).zones:
            english, japanese = translate(_area_words(area), "en"), translate(_area_words(area), "ja")
            assert not _raw_ids(english) and not re.search(r"[a-z]", japanese), (area, english, japanese)
    assert translate(_area_words("seat-0"), "en") == "seat 1's area"
    assert translate(_area_words("market-b"), "ja") == "マーケットの右半分"


@pytest.fixture(scope="module")
def taught_dynasty(tmp_path_factory):
    """A state directory where Domino Dynasty's pieces were taught on a 2-seat mat (copied into
    each test's own, which changes it)."""
    state = tmp_path_factory.mktemp("taught")
    with virtual_table(state) as (c, loop):
        teacher = Teacher(state, loop, simulation=True)
        teacher.start("dynasty", 2)
        for shot in plan("dynasty", 2):
            teacher.lay("dynasty", shot.number)
            for _ in range(4):
                loop.step()
                if teacher.look("dynasty", shot.number)["taken"]:
                    break
        teacher.learn("dynasty", wait=True)
        assert teacher.status("dynasty")["learnt"]
    return state


@pytest.fixture
def dynasty(taught_dynasty, tmp_path):
    for item in taught_dynasty.iterdir():
        if item.name != "games.db":
            (shutil.copytree if item.is_dir() else shutil.copy)(item, tmp_path / item.name)
    with virtual_table(tmp_path) as (c, loop):
        teacher = Teacher(tmp_path, loop, simulation=True)
        app = create_app(c, HOST, Extras(teacher=teacher, games=GAMES))
        app.testing = True
        client = app.test_client()
        assert client.post("/api/teach/dynasty/start", json={"seats": 2}, headers=H).get_json()["learnt"]
        yield client, loop, teacher, tmp_path


def test_the_check_names_every_half_square_and_choice_in_words_in_english(dynasty):
    """The icons' shot laid again, and a domino in the market: what the check reads, where, and
    every terrain and icon to pick from, in words: no id."""
    from companion.games import camera
    from companion.teaching import layout_for
    client, loop, teacher, state = dynasty
    client.post("/api/teach/dynasty/lay", json={"shot": 2}, headers=H)
    spec, layout = camera("dynasty"), layout_for("dynasty", 2)
    (xa, y), (xb, _) = (spec.cells_read().centre(layout, "market-b", 0, c) for c in (0, 1))
    loop.virtual_table.lay([("grass/people_pleaser/|lava/allin/", (xa + xb) / 2, y, 0.0, True, None)])
    loop.step()
    got = client.post("/api/teach/dynasty/check", json={}, headers=H).get_json()
    said = list(_texts([[p["words"], p["where"]] for p in got["pieces"]])) + list(_texts(
        [c["words"] for c in got["choices"]["icons"] + got["choices"]["terrains"]]))
    assert not [(t, _raw_ids(t)) for t in said if _raw_ids(t)]
    icons = {c["value"]: c["words"] for c in got["choices"]["icons"]}
    assert icons["area_spell"] == "area spell" and icons["people_pleaser"] == "people pleaser" \
        and icons["allin"] == "all-in" and icons["warfare"] == "military capital" and icons["knife"] == "knife"
    market = [p for p in got["pieces"] if p["zone"] == "market-b"]
    assert [p["where"] for p in market] == ["the market's right half, square A1", "the market's right half, square B1"]
    assert any("people pleaser" in p["words"] for p in got["pieces"])


def test_an_asked_square_is_offered_as_the_reader_leaned_and_a_wrong_correction_is_taken_back(dynasty):
    """The desert domino of the first shot corrected wrongly as a knife: read again, its look is
    the corrected one's, so it is asked about, its pickers offered as the reader leaned (desert,
    no icon, roads all round), not at the first terrain. The correction taken back: gone from the
    walk, its frame, the manifest and the profile in the state directory; read as it is again.
    Taking back what is not there is refused in words and changes nothing."""
    from vision.dominoes_profile import DominoProfile
    client, loop, teacher, state = dynasty
    walk, profile = state / "teaching" / "dynasty" / "walk.json", state / "vision-profile-dynasty.npz"
    client.post("/api/teach/dynasty/lay", json={"shot": 1}, headers=H)
    loop.step()
    got = client.post("/api/teach/dynasty/check", json={}, headers=H).get_json()
    desert = next(p for p in got["pieces"] if p["label"] == "desert//NESW")
    assert "guess" not in desert  # read plainly: the pickers start at what was read
    place = {"x_mm": desert["x_mm"], "y_mm": desert["y_mm"]}
    taught = client.post("/api/teach/dynasty/correct", json={**place, "label": "desert/knife/"}, headers=H).get_json()
    assert taught["taught"] == [{"n": 1, "words": "desert, knife, no roads", "where": "the shared map, square D1"}]
    teacher.learn("dynasty", wait=True)
    assert [h for h, _, _ in DominoProfile.load(profile).taught] == ["desert/knife/"]

    loop.step()
    again = client.post("/api/teach/dynasty/check", json={}, headers=H).get_json()["pieces"]
    asked = next(p for p in again if (p["x_mm"], p["y_mm"]) == (desert["x_mm"], desert["y_mm"]))
    assert asked["label"] == "unknown" and "half" not in asked
    assert asked["guess"] == {"terrain": "desert", "icon": "", "paths": "NESW"}

    kept = walk.read_bytes()
    for payload, status, said in [({"correction": 2}, 409, "a correction is numbered 1 to 1"),
                                  ({"correction": "1"}, 400, 'say which correction: {"correction": 1}'),
                                  ({}, 400, "say which correction")]:
        answer = client.post("/api/teach/dynasty/forget", json=payload, headers=H)
        assert answer.status_code == status and said in answer.get_json()["error"]
        assert walk.read_bytes() == kept

    status = client.post("/api/teach/dynasty/forget", json={"correction": 1}, headers=H).get_json()
    assert status["corrections"] == 0 and status["taught"] == []
    teacher.learn("dynasty", wait=True)
    now = client.get("/api/teach/dynasty", headers=H).get_json()
    assert now["learnt"], json.dumps(now)[:1500]
    assert json.loads(walk.read_text())["corrections"] == []
    assert not (state / "teaching" / "dynasty" / "check-1.jpg").exists()
    assert all(e["image"].startswith("shot-") for e in json.loads((state / "teaching" / "dynasty" / "manifest.json").read_text()))
    assert DominoProfile.load(profile).taught == []
    loop.step()
    read = client.post("/api/teach/dynasty/check", json={}, headers=H).get_json()["pieces"]
    assert next(p for p in read if (p["x_mm"], p["y_mm"]) == (desert["x_mm"], desert["y_mm"]))["label"] == "desert//NESW"
    nothing = client.post("/api/teach/dynasty/forget", json={"correction": 1}, headers=H)
    assert nothing.status_code == 409 and "there is none to take back" in nothing.get_json()["error"]
