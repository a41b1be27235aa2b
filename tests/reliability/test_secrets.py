"""Secrets: no viewer of any game reaches another viewer's secret through any route or live
stream; keys are compared in constant time and guessing them is slowed; every answer carries
the security headers; the host and seat links never reach a log."""
import json
import logging
import random

import pytest

import web.app as web_app
from companion import games
from running import STARTUP_SECONDS, Running, free_port
from tablekit import call, options_for
from web.app import SECURITY_HEADERS, Extras, Guesses, create_app

HOST = "h" * 43
MOVES = 120


@pytest.fixture
def app(companion):
    app = create_app(companion, HOST, Extras(oled_png=lambda: b"png", games=tuple(games.names())))
    app.testing = True
    return app


def reachable(client, server, token, Stream) -> str:
    """Everything one phone (or the join page, token None) can read: every GET route and its
    live stream."""
    headers = {"X-Seat-Token": token} if token else {}
    device = {"REMOTE_ADDR": "192.168.1.%d" % random.randrange(2, 250)}  # a phone may try anything
    texts = [client.get(path, headers=headers, environ_base=device).get_data(as_text=True) for path in
             ("/api/table", "/api/view", "/api/host/games", "/api/host/games/1/record.jsonl",
              f"/api/camera.jpg?token={token}")]
    stream = Stream(server, token)
    texts.append(json.dumps(stream.next()))
    stream.close()
    return "\n".join(texts)


@pytest.mark.parametrize("name", games.names())
def test_no_viewer_reaches_another_viewers_secret_by_any_route_or_stream(name, client, server, companion,
                                                                          Stream):
    host = {"X-Host-Token": HOST}
    assert client.post("/api/host/game", json={"game": name, "options": options_for(name)},
                       headers=host).status_code == 200
    tokens = {s["viewer"]: client.post("/api/host/seat-link", json={"viewer": s["viewer"]}, headers=host).json["token"]
              for s in client.get("/api/view", headers=host).json["seats"]}
    rules, rng, checked = companion.snapshot.session.rules, random.Random(name), 0
    for n in range(MOVES):
        state = companion.snapshot.state
        if rules.is_over(state):
            break
        body = rules.move_to_dict(rng.choice(rules.legal_moves(state)))
        token = tokens.get(f"seat-{body['seat']}") or tokens["master"]
        answer = client.post("/api/move", json={"move": body}, headers={"X-Seat-Token": token})
        assert answer.status_code == 200, answer.json
        secrets = rules.secrets(companion.snapshot.state)
        mover = next(v for v, t in tokens.items() if t == token)
        said = answer.get_data(as_text=True)
        assert not [s for owner, hidden in secrets.items() if owner != mover for s in hidden if s in said]
        if n % 15 == 0:
            for viewer, token in [*tokens.items(), ("table", None)]:
                text = reachable(client, server, token, Stream)
                if viewer == "master":
                    continue  # the game master sees everything
                leaked = [s for owner, hidden in secrets.items() if owner != viewer for s in hidden if s in text]
                assert not leaked, f"{name}: {viewer} reaches {leaked[:3]}"
            host_page = client.get("/api/view", headers=host).get_data(as_text=True)
            assert not [s for hidden in secrets.values() for s in hidden if s in host_page]
            checked += 1
    assert checked >= 2


def test_seat_and_host_keys_are_compared_in_constant_time(client, companion, monkeypatch):
    client.post("/api/host/game", json={"game": "loop", "options": options_for("loop")},
                headers={"X-Host-Token": HOST})
    tokens = companion.store.tokens(companion.snapshot.session.id)
    compared = []
    real = web_app.hmac.compare_digest
    monkeypatch.setattr(web_app.hmac, "compare_digest", lambda a, b: compared.append(b) or real(a, b))
    assert client.get("/api/view", headers={"X-Seat-Token": "x" * 43}).status_code == 403
    assert sorted(compared) == sorted(t.encode() for t in tokens.values())  # every key, no early way out
    compared.clear()
    assert client.get("/api/view", headers={"X-Host-Token": "x" * 43, "X-Seat-Token": "y"}).status_code == 403
    assert HOST.encode() in compared


def test_repeated_wrong_keys_are_slowed_for_that_device_only(client, companion):
    client.post("/api/host/game", json={"game": "loop", "options": options_for("loop")},
                headers={"X-Host-Token": HOST})
    wrong = {"X-Seat-Token": "not-a-seat"}
    guesser, other = {"REMOTE_ADDR": "192.168.1.66"}, {"REMOTE_ADDR": "192.168.1.20"}
    answers = [client.get("/api/view", headers=wrong, environ_base=guesser).status_code
               for _ in range(Guesses.FREE + 3)]
    assert answers[:Guesses.FREE] == [403] * Guesses.FREE and set(answers[Guesses.FREE:]) == {429}
    last = client.get("/api/view", headers={"X-Host-Token": HOST}, environ_base=guesser)
    assert last.status_code == 429 and "wait a minute" in last.json["error"] and last.headers["Retry-After"]
    assert client.get("/api/view", headers={"X-Host-Token": HOST}, environ_base=other).status_code == 200


def test_a_device_may_try_again_after_the_window():
    now = [0.0]
    guesses = Guesses(clock=lambda: now[0])
    for _ in range(Guesses.FREE):
        guesses.wrong("phone")
    with pytest.raises(web_app.Refused):
        guesses.check("phone")
    now[0] += Guesses.WINDOW
    guesses.check("phone")


def test_every_answer_carries_the_security_headers(app, client, companion):
    client.post("/api/host/game", json={"game": "loop", "options": options_for("loop")},
                headers={"X-Host-Token": HOST})
    paths = ["/", "/seat", "/static/app.css", "/static/host.js", "/favicon.ico", "/api/table",
             "/api/view", "/api/oled.png", "/api/qr.svg?text=x", "/no/such/page", "/games/loop/nothing"]
    answers = [client.get(p) for p in paths] + [client.post("/api/move", data=b"{"),
                                                client.post("/api/host/game", json={}),
                                                client.get("/api/stream", buffered=False)]
    for answer in answers:
        for header, value in SECURITY_HEADERS.items():
            assert answer.headers.get(header) == value, (answer.request.path, header)
        answer.close()
    policy = SECURITY_HEADERS["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "'unsafe-inline'" not in policy
    assert "frame-ancestors 'none'" in policy


def test_host_and_seat_links_never_reach_the_logs(client, server, companion, Stream, caplog):
    with caplog.at_level(logging.DEBUG):
        client.post("/api/host/game", json={"game": "island", "options": options_for("island")},
                    headers={"X-Host-Token": HOST})
        tokens = companion.store.tokens(companion.snapshot.session.id)
        for token in tokens.values():
            client.get("/api/view", headers={"X-Seat-Token": token})
            client.post("/api/move", json={"move": {"type": "Nonsense"}}, headers={"X-Seat-Token": token})
            Stream(server, token).close()
        client.post("/api/host/reissue", json={"viewer": next(iter(tokens))}, headers={"X-Host-Token": HOST})
        companion.call(lambda: None)
    logged = caplog.text
    for secret in [HOST, *tokens.values(), *companion.store.tokens(companion.snapshot.session.id).values()]:
        assert secret not in logged


def test_the_started_companion_prints_no_host_key_into_its_log(tmp_path):
    """Run as a service its output is the journal: it says where the key is kept, not the key."""
    config = tmp_path / "config.toml"
    config.write_text(f'state_dir = "{tmp_path / "state"}"\n')
    port = free_port()
    companion = Running(config, port, tmp_path)
    try:
        companion.wait_for("Paradox Table is running", STARTUP_SECONDS)
        companion.wait_for("Players join at", 10)
        host = (tmp_path / "state" / "host-token").read_text().strip()
        base = f"http://127.0.0.1:{port}"
        call(f"{base}/api/host/game", {"game": "loop", "options": options_for("loop")}, {"X-Host-Token": host})
        seats = call(f"{base}/api/view", headers={"X-Host-Token": host})[1]["seats"]
        for seat in seats:  # each seat's key, opened as the host page opens one
            seat["token"] = call(f"{base}/api/host/seat-link", {"viewer": seat["viewer"]}, {"X-Host-Token": host})[1]["token"]
            call(f"{base}/api/view", headers={"X-Seat-Token": seat["token"]})
            call(f"{base}/api/move", {"move": {"type": "?"}}, {"X-Seat-Token": seat["token"]})
    finally:
        companion.stop()
    output = companion.rest(10)
    assert "host-token" in output  # where the host finds the key
    for secret in [host, *(s["token"] for s in seats)]:
        assert secret not in output
