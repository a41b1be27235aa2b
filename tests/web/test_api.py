"""The web API: the viewer comes from the token alone; wrong tokens change nothing."""

import json
import time

import pytest
from patience import WAIT_SECONDS

from companion.games import TABLE as TABLE_VIEWER
from companion.games.paradominetor.moves import Play

H = {"X-Host-Token": "h" * 43}  # the host token the conftest's app was made with
STREAM_SECONDS = WAIT_SECONDS  # the longest a live stream may take to say what a test waits for


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
    return links(client)


def links(client):
    """Each seat's key, as the host opens it deliberately (the host page's view holds none)."""
    seats = client.get("/api/view", headers=H).json["seats"]
    return {s["viewer"]: client.post("/api/host/seat-link", json={"viewer": s["viewer"]}, headers=H).json["token"] for s in seats}


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
    new = links(client)["seat-2"]
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
    # A game's record (its moves) goes to the host alone: a download link with the host token.
    records = [r for r in rules if "record" in r]
    assert records == ["/api/host/games/<int:game_id>/record.jsonl"]


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


# ---------------------------------------------------------------- the OLED's question on the page

def test_the_host_page_is_told_the_choice_a_would_take(client, companion):
    from companion.games.base import Prompt
    start(client)
    choices = tuple((f"P1 leads black as {c}", Play(0, "black-0", c)) for c in ("red", "blue"))
    companion.ask(Prompt("Black lead", "P1 leads black: which colour?", choices)).result(WAIT_SECONDS)
    prompt = client.get("/api/view", headers=H).json["table"]["prompt"]
    assert prompt["words"] == "P1 leads black as red? A ok, C next, B no"
    companion.next_screen().result(WAIT_SECONDS)
    assert client.get("/api/view", headers=H).json["table"]["prompt"]["words"] == \
        "P1 leads black as blue? A ok, C next, B no"


# ---------------------------------------------------------------- joining from the join page

def test_a_phone_takes_a_free_seat_and_it_stays_taken_until_reissued(client, companion):
    start(client, names=["Ana", "Ben", "Cy"])
    join = client.get("/api/table").json["join"]
    assert join == [{"viewer": f"seat-{i}", "label": n, "free": True} for i, n in enumerate(["Ana", "Ben", "Cy"])]
    r = client.post("/api/join", json={"viewer": "seat-1"})
    assert r.status_code == 200 and r.json["label"] == "Ben"
    token = r.json["token"]
    assert client.get("/api/view", headers={"X-Seat-Token": token}).json["viewer"] == "seat-1"
    assert [s["free"] for s in client.get("/api/table").json["join"]] == [True, False, True]
    seats = {s["viewer"]: s for s in client.get("/api/view", headers=H).json["seats"]}
    assert seats["seat-1"]["taken"] and not seats["seat-0"]["taken"]

    # A taken seat cannot be had again, from the join page or by a guess.
    r = client.post("/api/join", json={"viewer": "seat-1"})
    assert r.status_code == 409 and r.json["error"] == "Ben's seat is taken. If it is yours, ask the host to free it"
    # The host gives it a new link: free again, and the old phone's link is over.
    assert client.post("/api/host/reissue", json={"viewer": "seat-1"}, headers=H).status_code == 200
    assert client.get("/api/view", headers={"X-Seat-Token": token}).status_code == 403
    assert [s["free"] for s in client.get("/api/table").json["join"]] == [True, True, True]
    again = client.post("/api/join", json={"viewer": "seat-1"}).json["token"]
    assert again != token


def test_a_seat_link_opened_from_the_host_page_takes_its_seat(client, companion):
    tokens = start(client)
    client.get("/api/view", headers={"X-Seat-Token": tokens["seat-2"]})
    companion.call(lambda: None)  # the worker has marked it
    assert [s["free"] for s in client.get("/api/table").json["join"]] == [True, True, False]
    assert client.post("/api/join", json={"viewer": "seat-2"}).status_code == 409


def test_joining_says_why_not_and_changes_nothing(client, companion):
    r = client.post("/api/join", json={"viewer": "seat-0"})
    assert r.status_code == 409 and r.json["error"] == "no game is in progress yet: the host starts one"
    start(client)
    before = client.get("/api/table").json["join"]
    for bad in ({"viewer": "seat-7"}, {"viewer": "master"}, {"viewer": 1}, {}):
        r = client.post("/api/join", json=bad)
        assert r.status_code == 400 and r.json["error"] == "choose a seat of the game in progress", bad
    r = client.post("/api/join", data="nope", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json["error"]
    assert client.get("/api/table").json["join"] == before


def test_the_join_page_of_a_game_with_a_game_master_offers_the_master_seat(client):
    r = client.post("/api/host/game", json={"game": "island", "options": {"players": 3}}, headers=H)
    assert r.status_code == 200
    join = client.get("/api/table").json["join"]
    assert [s["viewer"] for s in join] == ["master", "seat-1", "seat-2"]
    host = [s["label"] for s in client.get("/api/view", headers=H).json["seats"]]
    assert [s["label"] for s in join] == host
    token = client.post("/api/join", json={"viewer": "master"}).json["token"]
    assert client.get("/api/view", headers={"X-Seat-Token": token}).json["viewer"] == "master"


# ---------------------------------------------------------------- a phone asks to become the host

def test_a_phone_becomes_the_host_when_a_is_pressed(client, companion):
    r = client.post("/api/host-request", json={})
    assert r.status_code == 200 and len(r.json["code"]) == 4 and r.json["seconds"] == 60
    request = r.json["request"]
    assert companion.snapshot.host_request.code == r.json["code"]
    assert client.get("/api/view", headers=H).json["host_request"] == {"code": r.json["code"]}
    assert "host_request" not in client.get("/api/table").json  # only the host page is told
    assert client.get(f"/api/host-request/{request}").json == {"answer": "waiting"}
    # Another phone asking meanwhile is told to wait; requests do not pile up.
    r = client.post("/api/host-request", json={})
    assert r.status_code == 409 and r.json["error"].startswith("Another phone is already asking")
    companion.button("confirm").result(WAIT_SECONDS)  # A on the companion
    assert client.get(f"/api/host-request/{request}").json == {"answer": "yes", "host": H["X-Host-Token"]}
    assert companion.snapshot.host_request is None


def test_b_refuses_a_phone_that_asks_to_host_and_takes_back_no_move(client, companion):
    tokens = start(client)
    client.post("/api/move", json={"move": {"type": "Play", "tile": "red-3"}}, headers={"X-Seat-Token": tokens["seat-0"]})
    request = client.post("/api/host-request", json={}).json["request"]
    companion.button("undo").result(WAIT_SECONDS)  # B on the companion
    assert client.get(f"/api/host-request/{request}").json == {"answer": "no"}
    assert len(companion.snapshot.session.moves) == 1
    # The host page's own undo is not an answer to the question.
    request = client.post("/api/host-request", json={}).json["request"]
    assert client.post("/api/host/undo", headers=H).status_code == 200
    assert companion.snapshot.session.moves == []
    assert client.get(f"/api/host-request/{request}").json == {"answer": "waiting"}


def test_an_unknown_host_request_is_said_so(client):
    r = client.get("/api/host-request/made-up")
    assert r.status_code == 404 and "ask again" in r.json["error"]
    assert "host" not in r.json


# ---------------------------------------------------------------- games: replace, resume, records

def play_phone(client, tokens, seat, tile):
    r = client.post("/api/move", json={"move": {"type": "Play", "tile": tile}}, headers={"X-Seat-Token": tokens[seat]})
    assert r.status_code == 200, r.json


def test_starting_a_game_asks_before_ending_one_in_progress(client, companion):
    tokens = start(client, names=["Ana", "Ben", "Cy"])
    first = companion.snapshot.session.id
    play_phone(client, tokens, "seat-0", "red-3")
    assert client.get("/api/view", headers=H).json["in_progress"] is True
    before = companion.snapshot.version
    r = client.post("/api/host/game", json={"game": "paradominetor", "options": {"seats": 4}}, headers=H)
    assert r.status_code == 409
    assert r.json["confirm"] == "End the Paradominetor game of Ana, Ben and Cy and start a new game?"
    assert "still in progress" in r.json["error"]
    assert companion.snapshot.session.id == first and companion.snapshot.version == before
    assert companion.snapshot.message == "Ana played red 3"  # the question is the host's, not the table's
    r = client.post("/api/host/game", json={"game": "paradominetor", "options": {"seats": 4}, "replace": "yes"},
                    headers=H)
    assert r.status_code == 400 and companion.snapshot.session.id == first
    r = client.post("/api/host/game", json={"game": "paradominetor", "options": {"seats": 4}, "replace": True},
                    headers=H)
    assert r.status_code == 200 and companion.snapshot.session.id != first
    assert companion.store.game(first).ended is not None


def test_bad_options_end_no_game(client, companion):
    tokens = start(client)
    play_phone(client, tokens, "seat-0", "red-3")
    first = companion.snapshot.session.id
    r = client.post("/api/host/game", json={"game": "paradominetor", "options": {"seats": 9}, "replace": True},
                    headers=H)
    assert r.status_code == 409 and "3, 4 or 5" in r.json["error"]
    assert companion.snapshot.session.id == first and companion.store.game(first).ended is None


def test_every_game_is_listed_and_resumed(client, companion):
    tokens = start(client, names=["Ana", "Ben", "Cy"])
    first = companion.snapshot.session.id
    play_phone(client, tokens, "seat-0", "red-3")
    start_r = client.post("/api/host/game", json={"game": "island", "options": {"players": 2}, "replace": True},
                          headers=H)
    second = start_r.json["game_id"]
    games = client.get("/api/host/games", headers=H).json["games"]
    assert [g["id"] for g in games] == [second, first]
    assert games[1] | {"created": None, "ended": None} == {
        "id": first, "game": "paradominetor", "title": "Paradominetor", "names": ["Ana", "Ben", "Cy"],
        "scores": {"0": 0, "1": 0, "2": 0}, "winners": [], "finished": False, "moves": 1, "created": None,
        "ended": None, "record": True, "current": False}
    assert games[0]["current"] and games[1]["ended"]

    # Nothing made in the Island game yet: resuming the first sets it aside without asking.
    r = client.post("/api/host/resume", json={"game_id": first}, headers=H)
    assert r.status_code == 200 and companion.snapshot.session.id == first
    assert companion.store.game(first).ended is None and companion.store.game(second).ended is not None
    assert companion.snapshot.message == "Resumed the Paradominetor game of Ana, Ben and Cy"
    # Its seat links work again; its move stands.
    assert client.get("/api/view", headers={"X-Seat-Token": tokens["seat-1"]}).json["viewer"] == "seat-1"
    assert len(companion.snapshot.session.moves) == 1
    # And resuming the Island game now asks, since this one has begun.
    r = client.post("/api/host/resume", json={"game_id": second}, headers=H)
    assert r.status_code == 409 and r.json["confirm"] == \
        "End the Paradominetor game of Ana, Ben and Cy and resume this one?"
    assert companion.snapshot.session.id == first


def test_resuming_says_why_not_and_changes_nothing(client, companion):
    tokens = start(client)
    current = companion.snapshot.session.id
    before = companion.snapshot.version
    for bad, status, words in [({"game_id": 999}, 409, "there is no such game"),
                               ({"game_id": current}, 409, "already the one on the table"),
                               ({"game_id": "1"}, 400, "choose a game from the list"),
                               ({"game_id": True}, 400, "choose a game from the list"),
                               ({}, 400, "choose a game from the list"),
                               ({"game_id": current, "replace": 1}, 400, "replace is true or false")]:
        r = client.post("/api/host/resume", json=bad, headers=H)
        assert r.status_code == status and words in r.json["error"], (bad, r.json)
    assert client.post("/api/host/resume", json={"game_id": current}).status_code == 403
    assert client.get("/api/host/games").status_code == 403
    assert companion.snapshot.version == before and companion.snapshot.session.id == current
    assert tokens == links(client)


def test_a_games_record_is_the_hosts_download_and_replays(client, companion, tmp_path):
    from companion import records
    tokens = start(client)
    game_id = companion.snapshot.session.id
    for seat, tile in [("seat-0", "red-3"), ("seat-1", "red-5"), ("seat-2", "blue-1")]:
        play_phone(client, tokens, seat, tile)
    url = f"/api/host/games/{game_id}/record.jsonl"
    assert client.get(url).status_code == 403
    assert client.get(url + "?token=" + "x" * 43).status_code == 403
    r = client.get(url + "?token=" + H["X-Host-Token"])
    assert r.status_code == 200
    assert r.headers["Content-Disposition"] == f'attachment; filename="paradox-table-paradominetor-{game_id}.jsonl"'
    lines = r.get_data(as_text=True).splitlines()
    assert json.loads(lines[0])["game"] == "paradominetor" and len(lines) == 4
    rep = records.replay(lines)
    assert records.result(rep)["scores"] == {str(k): v for k, v in companion.snapshot.view(TABLE_VIEWER)["scores"].items()}
    r = client.get("/api/host/games/999/record.jsonl?token=" + H["X-Host-Token"])
    assert r.status_code == 409 and "no such game" in r.json["error"]


def test_a_record_that_would_show_hidden_tiles_waits_for_the_end(client, companion):
    start(client)
    game_id = companion.snapshot.session.id
    companion.submit({"type": "Play", "seat": 0, "tile": "red-3-past"}, "camera").result(WAIT_SECONDS)
    r = client.get(f"/api/host/games/{game_id}/record.jsonl?token=" + H["X-Host-Token"])
    assert r.status_code == 409 and "download it once the game is over" in r.json["error"]
    assert "red-3-past" not in r.get_data(as_text=True)
    assert client.get("/api/host/games", headers=H).json["games"][0]["record"] is False


# ---------------------------------------------------------------- after "safe to unplug"

def test_after_shutdown_no_move_is_taken(client, companion):
    tokens = start(client)
    companion.safe_shutdown().result(WAIT_SECONDS)
    r = client.post("/api/move", json={"move": {"type": "Play", "tile": "red-3"}}, headers={"X-Seat-Token": tokens["seat-0"]})
    assert r.status_code == 409 and r.json["error"].startswith("The companion is shutting down")
    for path, payload in [("/api/host/undo", {}), ("/api/host/game", {"game": "paradominetor", "replace": True})]:
        r = client.post(path, json=payload, headers=H)
        assert r.status_code == 409 and "shutting down" in r.json["error"], path
    assert client.post("/api/join", json={"viewer": "seat-1"}).status_code == 409
    assert client.post("/api/host-request", json={}).status_code == 409
    assert companion.snapshot.session.moves == []
