"""The web API: the viewer comes from the token alone; wrong tokens change nothing."""

import json
import time

import pytest

H = {"X-Host-Token": "h" * 43}  # the host token the conftest's app was made with
STREAM_SECONDS = 10  # the longest a live stream may take to say what a test waits for


def next_event(stream, seconds: float = STREAM_SECONDS) -> tuple[str, dict]:
    """The next event (name, data) on a live stream, as a phone's EventSource reads it.

    Bounded twice: each read by the socket's timeout, and the whole wait by `seconds`, because
    the stream's keep-alive comments would otherwise keep a test waiting forever for an event
    that never comes. A stream that ends fails the test at once."""
    deadline = time.monotonic() + seconds
    name, data = "message", None
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            pytest.fail(f"no event on the live stream within {seconds} s")
        _socket(stream).settimeout(left)
        try:
            raw = stream.resp.readline()
        except TimeoutError:
            pytest.fail(f"no event on the live stream within {seconds} s")
        if not raw:
            pytest.fail("the live stream ended")
        line = raw.decode().rstrip("\r\n")
        if line.startswith("event: "):
            name = line[len("event: "):]
        elif line.startswith("data: "):
            data = json.loads(line[len("data: "):])
        elif line == "":
            if data is not None:
                return name, data
            name = "message"


def _socket(stream):
    # The response holds the connection's socket once the headers are read (Connection: close).
    sock = stream.conn.sock or getattr(getattr(stream.resp.fp, "raw", None), "_sock", None)
    assert sock is not None, "cannot bound the live stream's reads: no socket found"
    return sock


def next_view(stream) -> dict:
    name, data = next_event(stream)
    assert name == "view", (name, data)
    return data


def start(client, seats=3, **options):
    r = client.post("/api/host/game", json={"game": "paradominetor", "options": {"seats": seats, **options}},
                    headers=H)
    assert r.status_code == 200, r.json
    seats = client.get("/api/view", headers=H).json["seats"]
    return {s["viewer"]: s["token"] for s in seats}


def test_host_starts_a_game_and_each_seat_gets_a_long_token(client):
    tokens = start(client, names=["Ana", "Ben", "Cy"])
    assert sorted(tokens) == ["seat-0", "seat-1", "seat-2"]
    assert all(len(t) >= 43 for t in tokens.values())  # 256 bits, url-safe
    assert len(set(tokens.values())) == 3
    v = client.get("/api/view", headers={"X-Seat-Token": tokens["seat-1"]}).json
    assert v["viewer"] == "seat-1" and v["view"]["you"] == 1 and v["view"]["names"][1] == "Ben"


def test_state_changes_need_a_token_in_a_header(client, companion):
    tokens = start(client)
    before = companion.snapshot.version
    move = {"move": {"type": "Play", "tile": "red-3"}}
    assert client.post("/api/move", json=move).status_code == 403
    assert client.post("/api/move", json=move, headers={"X-Seat-Token": "nope"}).status_code == 403
    client.set_cookie("seatToken", tokens["seat-0"])
    assert client.post("/api/move", json=move).status_code == 403  # a cookie is not enough
    assert client.post("/api/host/game", json={"game": "paradominetor"}).status_code == 403
    assert client.post("/api/host/undo", headers={"X-Host-Token": "x" * 43}).status_code == 403
    assert companion.snapshot.version == before
    assert companion.snapshot.session.moves == []


def test_the_seat_is_the_tokens_never_the_clients(client, companion):
    tokens = start(client)
    r = client.post("/api/move", json={"move": {"type": "Play", "tile": "red-3", "seat": 0}},
                    headers={"X-Seat-Token": tokens["seat-1"]})
    assert r.status_code == 403 and "own seat" in r.json["error"]
    r = client.post("/api/move", json={"move": {"type": "Play", "tile": "red-3"}},
                    headers={"X-Seat-Token": tokens["seat-0"]})
    assert r.status_code == 200 and r.json["said"] == ["P1 played red 3"]
    assert companion.snapshot.session.moves[0].seat == 0


def test_illegal_and_malformed_requests_say_why(client, companion):
    tokens = start(client)
    seat1 = {"X-Seat-Token": tokens["seat-1"]}
    r = client.post("/api/move", json={"move": {"type": "Play", "tile": "red-3"}}, headers=seat1)
    assert r.status_code == 409 and r.json["error"] == "it is P1's turn, not P2's"
    r = client.post("/api/move", data="{not json", headers={**seat1, "Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json["error"]
    r = client.post("/api/move", json={"move": "red"}, headers=seat1)
    assert r.status_code == 400
    r = client.post("/api/move", json={"move": {"type": "Explode"}}, headers=seat1)
    assert r.status_code == 409 and "unknown move" in r.json["error"]
    r = client.post("/api/host/game", json={"game": "paradominetor", "options": {"seats": 9}}, headers=H)
    assert r.status_code == 409 and "3, 4 or 5" in r.json["error"]
    r = client.get("/api/nowhere")
    assert r.status_code == 404 and "error" in r.json
    for r in (client.get("/api/nowhere"), client.post("/api/move", data="x")):
        assert "Traceback" not in r.get_data(as_text=True)
    assert companion.snapshot.session.moves == []


def test_reissue_retires_the_old_link(client):
    tokens = start(client)
    old = tokens["seat-2"]
    assert client.post("/api/host/reissue", json={"viewer": "seat-2"}, headers=H).status_code == 200
    assert client.get("/api/view", headers={"X-Seat-Token": old}).status_code == 403
    new = {s["viewer"]: s["token"] for s in client.get("/api/view", headers=H).json["seats"]}["seat-2"]
    assert new != old
    assert client.get("/api/view", headers={"X-Seat-Token": new}).json["viewer"] == "seat-2"
    assert client.post("/api/host/reissue", json={"viewer": "seat-9"}, headers=H).status_code == 400


def test_links_of_an_old_game_stop_working(client):
    old = start(client)
    start(client, seats=4)
    assert client.get("/api/view", headers={"X-Seat-Token": old["seat-0"]}).status_code == 403


def test_no_endpoint_gives_out_raw_state(app):
    rules = [r.rule for r in app.url_map.iter_rules()]
    assert not any("state" in r or "raw" in r or "export" in r for r in rules)


def test_live_stream_sends_the_whole_view_then_changes(server, client, Stream):
    tokens = start(client)
    stream = Stream(server, tokens["seat-1"])
    assert stream.resp.status == 200
    first = next_view(stream)
    assert first["viewer"] == "seat-1" and first["view"]["current_trick"] == []
    client.post("/api/move", json={"move": {"type": "Play", "tile": "blue-4"}},
                headers={"X-Seat-Token": tokens["seat-0"]})
    second = next_view(stream)
    assert second["view"]["current_trick"] == [{"seat": 0, "tile": "blue-4"}]
    assert second["table"]["message"] == "P1 played blue 4"
    stream.close()


def test_a_replaced_link_is_told_so_on_its_stream(server, client, Stream):
    tokens = start(client)
    stream = Stream(server, tokens["seat-2"])
    next_view(stream)
    client.post("/api/host/reissue", json={"viewer": "seat-2"}, headers=H)
    assert next_event(stream)[0] == "revoked"
    stream.close()


def test_the_public_stream_needs_no_token_and_a_bad_token_is_refused(server, client, Stream):
    start(client)
    stream = Stream(server, None)
    first = next_view(stream)
    assert first["viewer"] == "table" and "you" not in first["view"]
    stream.close()
    forged = Stream(server, "forged")
    assert forged.resp.status == 403
    forged.close()
