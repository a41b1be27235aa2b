"""Bad input, generated: every request handler, every record line kind of every game, and the
vision entry points with random and truncated images. Only clear 4xx answers or clear errors:
never a 500, a hang, or a changed game. PARADOX_TABLE_PROPERTY_EXAMPLES runs more (make soak).
"""
import json
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion import games, records
from companion.service import Companion
from companion.store import Store
from tablekit import options_for
from web.app import Extras, create_app
from patience import WAIT_SECONDS

EXAMPLES = int(os.environ.get("PARADOX_TABLE_PROPERTY_EXAMPLES", "25"))
HOST = "h" * 43
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True)
    | st.text(max_size=12) | st.sampled_from(["seat-0", "master", "red-3", "Play", "Place", "move"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "seat", "tile", "move", "game", "options", "viewer", "name",
                         "game_id", "replace", "cells", "x"]) | st.text(max_size=6), inner, max_size=5),
    max_leaves=12)


# ------------------------------------------------------------------ every request handler

@pytest.fixture(scope="module", params=games.names())
def table(request, tmp_path_factory):
    """A companion with a game of each kind in progress, a few moves in."""
    store = Store(tmp_path_factory.mktemp(request.param) / "games.db")
    companion = Companion(store)
    companion.start()
    app = create_app(companion, HOST, Extras(oled_png=lambda: b"png", camera_jpeg=lambda: b"",
                                             press=lambda name: None, simulate=lambda action: {},
                                             simulation=True, games=tuple(games.names())))
    client = app.test_client()
    assert client.post("/api/host/game", json={"game": request.param, "options": options_for(request.param)},
                       headers={"X-Host-Token": HOST}).status_code == 200
    session = companion.snapshot.session
    for move in session.rules.legal_moves(session.state)[:1]:
        companion.submit(move, "phone").result(WAIT_SECONDS)
    yield app, client, companion
    companion.stop()
    store.close()


def routes(app):
    """Every route as (method, a concrete path), with placeholders filled in."""
    out = []
    for rule in app.url_map.iter_rules():
        path = rule.rule
        for arg in rule.arguments:
            path = path.replace(f"<int:{arg}>", "1").replace(f"<path:{arg}>", "x.js").replace(f"<{arg}>", "x")
        out += [(m, path) for m in rule.methods - {"HEAD", "OPTIONS"}]
    return sorted(out)


@SETTINGS
@given(data=st.data())
def test_no_request_gets_a_500_or_changes_the_game_without_saying_so(table, data):
    app, client, companion = table
    method, path = data.draw(st.sampled_from(routes(app)), label="route")
    session = companion.snapshot.session
    tokens = list(companion.store.tokens(session.id).values())
    header_text = st.text(st.characters(min_codepoint=32, max_codepoint=255, exclude_characters="\x7f"),
                          max_size=50)  # what an HTTP header can carry
    headers = data.draw(st.fixed_dictionaries({}, optional={
        "X-Seat-Token": st.sampled_from(tokens) | header_text,
        "X-Host-Token": st.just(HOST) | header_text}), label="headers")
    query = data.draw(st.dictionaries(st.sampled_from(["token", "text", "since"]),
                                      st.text(max_size=20) | st.sampled_from(tokens), max_size=2), label="query")
    raw = data.draw(st.one_of(json_values.map(lambda v: json.dumps(v).encode()),
                              st.binary(max_size=60)), label="body")
    if path == "/api/stream":
        query.pop("token", None)  # a stream is followed only to its first event below
    before = companion.snapshot.state
    device = {"REMOTE_ADDR": data.draw(st.ip_addresses(v=4).map(str), label="device")}
    answer = (client.post(path, data=raw, headers={**headers, "Content-Type": "application/json"},
                          query_string=query, environ_base=device) if method == "POST"
              else client.get(path, headers=headers, query_string=query, environ_base=device,
                              buffered=path != "/api/stream"))
    if path == "/api/stream":
        answer.close()
    assert answer.status_code < 500, (method, path, answer.get_data(as_text=True)[:300])
    if answer.status_code >= 400:
        assert answer.is_json and answer.json["error"], (method, path)
        companion.call(lambda: None)
        assert companion.snapshot.state == before, f"{method} {path} refused, yet the game changed"


# ------------------------------------------------------------------ every record line kind

def kinds(name):
    own = games.records(name)
    return ["move", *(own.lines if own else {})]


@pytest.mark.parametrize("name", games.names())
@SETTINGS
@given(data=st.data())
def test_a_record_line_of_any_kind_with_any_value_is_judged_or_refused_in_words(name, data):
    header = json.dumps({"game": name, **options_for(name), "seed": 1})
    kind = data.draw(st.sampled_from(kinds(name)), label="kind")
    value = data.draw(json_values, label="value")
    lines = [header, json.dumps({kind: value})]
    try:
        records.replay(lines)
    except records.RecordError as exc:
        assert str(exc).startswith("line 2: ") and len(str(exc)) > len("line 2: ")


@SETTINGS
@given(lines=st.lists(st.text(max_size=40) | json_values.map(json.dumps), min_size=0, max_size=4))
def test_any_text_as_a_record_is_judged_or_refused_in_words(lines):
    try:
        rep = records.replay(lines)
    except records.RecordError as exc:
        assert str(exc).startswith("line ")
    else:
        records.describe(rep)


# ------------------------------------------------------------------ the vision entry points

CAMERA_GAMES = [n for n in games.names() if "camera" in games.describe(n).parts]


@pytest.fixture(scope="module", params=CAMERA_GAMES)
def reader(request, lessons):
    """A game's reader, enrolled from the virtual table's frames as the simulation does (its
    lesson), and a frame of its mat."""
    from companion.camera import _kit, _reader
    from vision.mat import mat_layout
    from vision.readers import load_profile
    spec = games.camera(request.param)
    layout = mat_layout(spec.mat)
    SyntheticTable = _kit(spec)[3]
    frame = SyntheticTable(layout, tiles=spec.pieces, seed=1).render()
    return _reader(spec, load_profile(lessons.profile(request.param)), layout), frame


def noise(h, w, c, dtype, seed):
    return np.random.default_rng(seed).integers(0, 256, size=(h, w) if c == 0 else (h, w, c)).astype(dtype)


# What a camera can hand over: a colour picture of any size, of noise or of part of the mat.
camera_frames = st.builds(noise, st.integers(32, 200), st.integers(32, 260), st.just(3), st.just(np.uint8),
                          st.integers(0, 2**32 - 1))
# What no camera hands over, but a caller might: empty or a few pixels, grey, four channels, other
# numbers.
odd_frames = st.builds(noise, st.integers(0, 8), st.integers(0, 8), st.sampled_from([0, 1, 3, 4]),
                       st.sampled_from([np.uint8, np.float32, np.int64]), st.integers(0, 2**32 - 1))


@SETTINGS
@given(frame=camera_frames, crop=st.tuples(st.floats(0, 1), st.floats(0, 1)))
def test_a_random_or_cropped_frame_is_read_or_refused_clearly(reader, frame, crop):
    read, mat = reader
    for picture in (frame, mat[: max(32, int(mat.shape[0] * crop[0])), : max(32, int(mat.shape[1] * crop[1]))]):
        try:
            read.read(picture)
        except ValueError as exc:  # vision's VisionInputError is one
            assert str(exc)


@SETTINGS
@given(frame=odd_frames)
def test_an_odd_frame_is_refused_clearly(reader, frame):
    read, _ = reader
    try:
        read.read(frame)
    except ValueError as exc:
        assert str(exc)


@SETTINGS
@given(cut=st.floats(0.0, 1.0), kind=st.sampled_from([".jpg", ".png"]), noise=st.binary(max_size=40))
def test_a_truncated_picture_is_read_or_refused_clearly(reader, tmp_path_factory, cut, kind, noise):
    import cv2
    from vision.reading import read_image
    read, frame = reader
    data = cv2.imencode(kind, frame)[1].tobytes()
    path = tmp_path_factory.mktemp("cut") / f"frame{kind}"
    path.write_bytes(data[: int(len(data) * cut)] + noise)
    try:
        image = read_image(path)
    except ValueError as exc:
        assert str(path) in str(exc)
        return
    try:
        read.read(image)
    except ValueError as exc:
        assert str(exc)
