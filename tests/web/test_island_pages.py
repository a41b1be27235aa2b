"""Paradox Island through the web door: what a captive's phone and the table can reach never holds
the island's layout, the OP pieces' places or another captive's board; the OP's link plays the
OP's moves and nobody else's; the OLED follows the game and names the winner.

Secrets are taken from the master view as the game goes (every space label with what lies there,
the tiles and their placements, where the Rock, the Bush and every captive piece stand, the other
captives' missions and tracks) and searched for in every response and live event a captive's
token or the public table can get.
"""
import dataclasses
import json
import threading
import time

import pytest
from patience import WAIT_SECONDS
from companion.games import MASTER, Viewer
from companion.games.island import board as geo
from companion.panel import oled_screen

H = {"X-Host-Token": "h" * 43}  # the host token the conftest's app was made with
LABELS = set(geo.SPACES)
MASTER_ONLY = {"island", "placements", "spaces", "anomaly_tokens", "op_pieces", "captive_pieces",
               "boards", "op_log", "trails", "interrupt", "to_revive", "wave_attacked", "markers_on"}


def start(client, companion, seed=11, characters=("phil", "hempel")):
    companion.new_game("island", {"players": len(characters) + 1, "characters": list(characters)},
                       seed=seed).result(WAIT_SECONDS)
    seats = client.get("/api/view", headers=H).json["seats"]
    return {s["viewer"]: client.post("/api/host/seat-link", json={"viewer": s["viewer"]}, headers=H).json["token"] for s in seats}


def post(client, token, move):
    return client.post("/api/move", json={"move": move}, headers={"X-Seat-Token": token})


def pick(view, seat):
    """A move for whoever the game waits for, taken from the legal list shown to that phone."""
    legal = view["legal"]
    first = lambda kind: next((m for m in legal if m["type"] == kind), None)  # noqa: E731
    if view.get("decision"):
        return first("Choose")
    for kind in ("RandomIsland", "PlaceOpPieces", "ChooseStartingFruit"):
        if first(kind):
            return first(kind)
    if seat == 0:  # the OP: move the Wave, then the Bush, then end the turn
        if view["actions_left"] == 3 and first("WaveMove"):
            return next(m for m in legal if m["type"] == "WaveMove"
                        and m["part"] != view["op_pieces"]["Wave"])
        if view["actions_left"] == 2 and first("BushAction"):
            return first("BushAction")
        return first("EndTurn")
    if view["actions_left"] == 2:
        move = next((m for m in legal if m["type"] == "Move" and not m["over"] and not m["safe"]), None)
        return move or first("Rest") or first("EndTurn")
    return first("EndTurn")


def play(client, companion, tokens, rounds, each_step=lambda: None):
    """Play from the phones' links until `rounds` whole rounds are done (or the game ends)."""
    for _ in range(400):
        master = companion.snapshot.view(MASTER)
        if master["phase"] == "over" or master["round"] > rounds:
            return master
        seat = master["waiting_for"]
        token = tokens["master" if seat == 0 else f"seat-{seat}"]
        view = client.get("/api/view", headers={"X-Seat-Token": token}).json["view"]
        move = pick(view, seat)
        assert move is not None, view
        r = post(client, token, move)
        assert r.status_code == 200, (move, r.json)
        each_step()
    raise AssertionError("the game did not get through its rounds")


# ---------------------------------------------------------------- the secrets and the search

def secrets(companion) -> dict:
    """What only the OP may know now, taken from the master view."""
    m = companion.snapshot.view(MASTER)
    island = m["island"] or {"placements": [], "spaces": []}
    return {
        "placements": set(island["placements"]),
        "tiles": {s["tile"] for s in island["spaces"]},
        "spaces": {s["space"]: s["name"] for s in island["spaces"]},
        "rock": m["op_pieces"]["Rock"], "bush": m["op_pieces"]["Bush"], "wave": m["op_pieces"]["Wave"],
        "piece_spaces": {p["seat"]: p["space"] for p in m["captive_pieces"]},
        "boards": m["boards"],
        "op_log": set(m["op_log"]),
    }


def strings(node, path=()):
    """Every (path, key or value) string in a JSON document."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield path, k, "key"
            yield from strings(v, path + (k,))
    elif isinstance(node, list):
        for v in node:
            yield from strings(v, path)
    elif isinstance(node, str):
        yield path, node, "value"


def assert_no_leak(payload: dict, seat: int | None, s: dict):
    """`seat`: the captive whose phone got `payload`; None for the public table."""
    text = json.dumps(payload)
    for path, item, kind in strings(payload):
        assert not (kind == "key" and item in MASTER_ONLY), f"master-only field {item!r} at {path}"
        own_map = seat is not None and kind == "key" and path[-2:] in (
            ("board", "known_spaces"), ("board", "notes"))
        # a space label is only ever a key of the captive's own map: no layout, no positions
        assert item not in LABELS or own_map, f"space {item!r} reached seat {seat} at {path}"
    for secret in s["placements"] | s["tiles"]:
        assert secret not in text, f"tile {secret!r} reached seat {seat}"
    for secret in s["op_log"]:  # what the OP did behind the screen
        assert json.dumps(secret)[1:-1] not in text, f"the OP's log {secret!r} reached seat {seat}"
    for other, board in s["boards"].items():
        if int(other) != seat:  # another captive's mission, even as a number of markers left
            assert board["mission"] not in text, f"seat {other}'s board reached seat {seat}"
    view = payload["view"]
    if seat is None:
        assert "board" not in view and "pieces" not in view and "decision" not in view
    else:
        assert view["board"]["character"] == payload_name(view, seat)
        assert [p["piece"] for p in view["pieces"]] == view["pieces_of_seats"][str(seat)]
        assert all("space" not in p for p in view["pieces"])  # not even their own: they map it


def payload_name(view, seat):
    return view["names"][seat]


# ---------------------------------------------------------------- the tests

@pytest.mark.parametrize("characters", [("phil", "hempel"), ("theseus",),
                                        ("granddead", "achilles", "schrodie")])
def test_captives_and_the_table_never_get_the_island(client, companion, characters):
    tokens = start(client, companion, characters=characters)
    captives = range(1, len(characters) + 1)
    checked = []

    def check():
        s = secrets(companion)
        for seat in captives:
            r = client.get("/api/view", headers={"X-Seat-Token": tokens[f"seat-{seat}"]})
            assert r.status_code == 200
            assert_no_leak(r.json, seat, s)
        assert_no_leak(client.get("/api/table").json, None, s)
        checked.append(companion.snapshot.version)

    check()
    # a captive writes on their map: it comes back to them and to nobody else
    r = post(client, tokens["seat-1"], {"type": "WriteNote", "space": "C3", "text": "swampy?"})
    assert r.status_code == 200
    assert client.get("/api/view", headers={"X-Seat-Token": tokens["seat-1"]}).json["view"]["board"]["notes"] == {"C3": "swampy?"}
    for other in captives[1:]:
        assert "swampy?" not in json.dumps(client.get("/api/view", headers={"X-Seat-Token": tokens[f"seat-{other}"]}).json)
    assert "swampy?" not in json.dumps(client.get("/api/table").json)
    master = play(client, companion, tokens, rounds=2, each_step=check)
    assert master["round"] == 3 or master["phase"] == "over"
    s = secrets(companion)
    assert len(s["spaces"]) == 37 and s["rock"] and s["bush"]  # there was something to hide
    assert len(checked) > 20


def test_every_live_event_a_captive_or_the_table_gets_is_clean(server, client, companion, Stream):  # noqa: N803
    tokens = start(client, companion, seed=5, characters=("schrodie", "theseus"))
    streams = {seat: Stream(server, tokens[f"seat-{seat}"] if seat else None) for seat in (1, 2, None)}
    assert all(s.resp.status == 200 for s in streams.values())
    events = {seat: [] for seat in streams}
    snapshots = {}  # version -> secrets then, for the events of that version

    def collect(seat):
        try:
            while True:
                events[seat].append(streams[seat].next())
        except (OSError, ValueError, EOFError, AttributeError):
            return  # closed at the end of the test

    threads = [threading.Thread(target=collect, args=(seat,), daemon=True) for seat in streams]
    for t in threads:
        t.start()

    def remember():
        snapshots[companion.snapshot.version] = secrets(companion)

    remember()
    play(client, companion, tokens, rounds=2, each_step=remember)
    final = companion.snapshot.version
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline and not all(e and e[-1]["version"] == final for e in events.values()):
        time.sleep(0.05)
    for stream in streams.values():
        stream.close()
    for seat, got in events.items():
        assert got and got[-1]["version"] == final, f"seat {seat}'s stream fell behind"
        for payload in got:
            # the secrets of the moment the event was made, and of the end (nothing hidden then
            # may have been sent earlier either)
            for s in (snapshots.get(payload["version"]) or secrets(companion), secrets(companion)):
                assert_no_leak(payload, seat, s)
    assert sum(len(e) for e in events.values()) > 30


def test_a_captive_plays_only_for_their_own_seat_and_the_op_link_plays_the_op(client, companion):
    tokens = start(client, companion)
    before = companion.snapshot.version
    for seat in (0, 2):  # the OP's move or another captive's, from seat 1's phone
        r = post(client, tokens["seat-1"], {"type": "RandomIsland", "seat": seat})
        assert r.status_code == 403 and "own seat" in r.json["error"]
    r = post(client, tokens["seat-1"], {"type": "RandomIsland"})  # as seat 1: the rules say no
    assert r.status_code == 409 and r.json["error"] == "only the OP builds the island"
    assert client.post("/api/move", json={"move": {"type": "RandomIsland"}}).status_code == 403
    r = post(client, tokens["master"], {"type": "WriteNote", "space": "C3", "text": "x", "seat": 1})
    assert r.status_code == 403  # the OP cannot write on a captive's map
    assert companion.snapshot.version == before and companion.snapshot.session.moves == []

    r = post(client, tokens["master"], {"type": "RandomIsland"})
    assert r.status_code == 200 and r.json["said"] == ["OP: The island is ready behind my screen."]
    assert companion.snapshot.session.moves[0].seat == 0
    r = post(client, tokens["master"], {"type": "ChooseStartingFruit", "fruit": "apple", "seat": 1})
    assert r.status_code == 403


def test_the_phones_load_the_island_drawing_from_its_package(client, companion):
    tokens = start(client, companion)
    # its own words (island.po, in the reader's language) come with its script and style
    files = ["/games/island/words.js", "/games/island/game.js", "/games/island/game.css"]
    for token, label in ((tokens["master"], "Omnipotence Paradox"), (tokens["seat-1"], "Phil"),
                         (tokens["seat-2"], "Hempel")):
        data = client.get("/api/view", headers={"X-Seat-Token": token}).json
        assert data["game_files"] == files and data["label"] == label
    assert client.get("/api/table").json["game_files"] == files
    host = client.get("/api/view", headers=H).json
    assert host["game_files"] == files
    assert [s["label"] for s in host["seats"]] == ["Omnipotence Paradox", "Phil", "Hempel"]
    js = client.get("/games/island/game.js").get_data(as_text=True)
    assert 'ParadoxTable.register("island"' in js
    assert client.get("/games/island/game.css").status_code == 200
    for page in ("/", "/seat"):  # the shared pages bring no game's code of their own
        assert "island" not in client.get(page).get_data(as_text=True).lower()


def test_the_oled_follows_the_rounds_and_names_the_winner(client, companion):
    tokens = start(client, companion)
    name, data = oled_screen(companion.snapshot, "http://x.local/")
    assert name == "message" and data["title"] == "Paradox Island"
    play(client, companion, tokens, rounds=1)
    name, data = oled_screen(companion.snapshot, "http://x.local/")
    view = companion.snapshot.view(Viewer("table"))
    last = view["said"][-1]
    assert name == "message" and data["title"] == f"Round {view['round']}"
    assert data["text"] == f"{last['speaker']}: {last['words']}"
    assert data["right"] == ("OP" if view["turn"] == 0 else view["names"][view["turn"]])
    snap = companion.snapshot
    for winner, title, who in ((2, "Mission complete", "Hempel"), (0, "The OP wins", "Omnipotence Paradox")):
        over = dataclasses.replace(snap, state=dataclasses.replace(snap.state, phase="over", winner=winner))
        assert oled_screen(over, "http://x.local/") == ("winner", {"names": [who], "title": title})
    from PIL import Image, ImageDraw

    from hardware.screens import draw_screen
    image = Image.new("1", (128, 64))
    draw_screen(ImageDraw.Draw(image), "winner", {"names": ["Omnipotence Paradox"], "title": "The OP wins"})
    assert image.getbbox() is not None
