"""Seat keys across games, and a host page that opens no hidden page unannounced.

A phone keeps a key for every game it sat in and asks which game a key is for (GET /api/seat);
the host page's view holds no seat's key, and opening one (POST /api/host/seat-link) is told to
that seat's own page."""
import json

from test_api import H, next_event, next_view

NAMES = ["Ana", "Ben", "Cy"]


def new_game(client, names=NAMES, replace=True):
    r = client.post("/api/host/game", json={"game": "paradominetor",
                                            "options": {"seats": len(names), "names": names},
                                            "replace": replace}, headers=H)
    assert r.status_code == 200, r.json
    return r.json["game_id"]


def take(client, viewer):
    r = client.post("/api/join", json={"viewer": viewer})
    assert r.status_code == 200, r.json
    return r.json


def test_the_host_pages_view_and_stream_hold_no_seats_key(client, server, Stream):
    new_game(client)
    keys = [take(client, f"seat-{i}")["token"] for i in range(3)]
    host = client.get("/api/view", headers=H).json
    assert [(s["label"], s["taken"], s["host_opened"]) for s in host["seats"]] == \
        [(n, True, None) for n in NAMES]
    stream = Stream(server, H["X-Host-Token"])
    text = json.dumps(next_view(stream)) + json.dumps(host)
    assert not any(key in text for key in keys)


def test_a_phone_learns_which_game_each_of_its_keys_is_for(client):
    first = new_game(client)
    ana_first = take(client, "seat-0")
    assert ana_first["game_id"] == first
    second = new_game(client, ["Dee", "Eve", "Fay"])
    ana_second = take(client, "seat-0")
    said = client.get("/api/seat", headers={"X-Seat-Token": ana_first["token"]}).json
    assert said == {"game_id": first, "viewer": "seat-0", "label": "Ana", "current": False}
    said = client.get("/api/seat", headers={"X-Seat-Token": ana_second["token"]}).json
    assert said == {"game_id": second, "viewer": "seat-0", "label": "Dee", "current": True}
    # The earlier game's key plays only once its game is back on the table.
    assert client.get("/api/view", headers={"X-Seat-Token": ana_first["token"]}).status_code == 403
    assert client.post("/api/host/resume", json={"game_id": first}, headers=H).status_code == 200
    view = client.get("/api/view", headers={"X-Seat-Token": ana_first["token"]}).json
    assert view["viewer"] == "seat-0" and view["label"] == "Ana" and view["game_id"] == first
    # A freed seat's key is no key at all, and a made-up one neither; neither says anything.
    client.post("/api/host/reissue", json={"viewer": "seat-0"}, headers=H)
    for bad in (ana_first["token"], "x" * 43):
        r = client.get("/api/seat", headers={"X-Seat-Token": bad})
        assert r.status_code == 403 and "new one" in r.json["error"] and "game_id" not in r.json
    r = client.get("/api/seat")
    assert r.status_code == 400 and "X-Seat-Token" in r.json["error"]


def test_a_seats_stream_says_when_another_game_is_on_the_table(client, server, Stream):
    first = new_game(client)
    key = take(client, "seat-1")["token"]
    stream = Stream(server, key)
    assert next_view(stream)["game_id"] == first
    second = new_game(client, ["Dee", "Eve", "Fay"])
    while True:  # the new game's view never reaches the old game's key
        name, data = next_event(stream)
        if name != "view":
            break
        assert data["game_id"] == first
    assert (name, data) == ("game", {"game_id": second})


def test_opening_a_seat_is_deliberate_and_its_phone_is_told(client, server, Stream, companion):
    new_game(client)
    ben = take(client, "seat-1")["token"]
    stream = Stream(server, ben)
    assert next_view(stream)["host_opened"] is None
    r = client.post("/api/host/seat-link", json={"viewer": "seat-1"}, headers=H)
    assert r.status_code == 200 and r.json["label"] == "Ben" and r.json["token"] == ben
    while True:
        told = next_view(stream)
        if told["host_opened"]:
            break
    assert told["label"] == "Ben"
    host = {s["viewer"]: s for s in client.get("/api/view", headers=H).json["seats"]}
    assert host["seat-1"]["host_opened"] == told["host_opened"] and host["seat-0"]["host_opened"] is None
    # Ana's phone is told nothing: only Ben's seat was opened.
    ana = take(client, "seat-0")["token"]
    assert client.get("/api/view", headers={"X-Seat-Token": ana}).json["host_opened"] is None
    # The seat freed: a new key, and nothing opened on it yet.
    client.post("/api/host/reissue", json={"viewer": "seat-1"}, headers=H)
    fresh = take(client, "seat-1")["token"]
    assert client.get("/api/view", headers={"X-Seat-Token": fresh}).json["host_opened"] is None


def test_bad_requests_to_open_a_seat_change_nothing(client, companion):
    r = client.post("/api/host/seat-link", json={"viewer": "seat-0"}, headers=H)
    assert r.status_code == 409 and "no game" in r.json["error"]
    new_game(client)
    before = companion.snapshot.version
    for bad, status, words in [({"viewer": "seat-7"}, 400, "choose a seat"),
                               ({"viewer": ["seat-0"]}, 400, "choose a seat"),
                               ({}, 400, "choose a seat"),
                               ("seat-0", 400, "JSON object")]:
        r = client.post("/api/host/seat-link", json=bad, headers=H)
        assert r.status_code == status and words in r.json["error"], (bad, r.json)
        r = client.post("/api/host/reissue", json=bad, headers=H)
        assert r.status_code == status and words in r.json["error"], (bad, r.json)
    # Only the host opens a seat.
    r = client.post("/api/host/seat-link", json={"viewer": "seat-0"}, headers={"X-Host-Token": "x" * 43})
    assert r.status_code == 403 and "token" not in r.json
    assert companion.snapshot.version == before
    assert companion.store.shown(companion.snapshot.session.id) == {}
