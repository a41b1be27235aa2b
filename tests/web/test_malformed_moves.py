"""A phone's move goes through the same `move_from_dict` as a record's move line: a value of the
wrong shape is refused in words (409), never a server error, and changes nothing."""
import pytest

H = {"X-Host-Token": "h" * 43}
LOOP = {"players": 2, "destinations": ["Rome AD net 4", "Giza BC wheel engine 5"]}


def tokens(client, game, options):
    r = client.post("/api/host/game", json={"game": game, "options": options}, headers=H)
    assert r.status_code == 200, r.json
    return {s["viewer"]: client.post("/api/host/seat-link", json={"viewer": s["viewer"]}, headers=H).json["token"]
            for s in client.get("/api/view", headers=H).json["seats"]}


@pytest.mark.parametrize("move, words", [
    ({"type": "Act", "seat": 0, "new": {"card": "shop"}}, "Act's new must be a word or null"),
    ({"type": "Act", "seat": 0, "new": "trash", "parts": 3}, "Act's parts must be a list"),
    ({"type": "Act", "seat": 0, "new": "trash", "parts": [[1, ["net"]]]}, "Act's parts must be a list, each"),
    ({"type": "Launch", "seat": 0, "machine": [1], "destination": "Rome"}, "Launch's machine must be a whole number"),
    ({"type": "Launch", "seat": 0, "machine": 1}, "Launch needs destination"),
    ({"type": ["Act"], "seat": 0}, "unknown move"),
])
def test_a_loop_phone_s_malformed_move_is_refused_in_words(client, companion, move, words):
    seat0 = {"X-Seat-Token": tokens(client, "loop", LOOP)["seat-0"]}
    r = client.post("/api/move", json={"move": move}, headers=seat0)
    assert r.status_code == 409 and r.json["error"].startswith(words), r.json
    assert "Traceback" not in r.get_data(as_text=True)
    assert companion.snapshot.session.moves == []


def test_a_dynasty_phone_s_cell_of_two_lists_is_refused_in_words(client, companion):
    seat0 = {"X-Seat-Token": tokens(client, "dynasty", {"players": 2})["seat-0"]}
    r = client.post("/api/move", json={"move": {"type": "Remove", "seat": 0, "map": "shared",
                                                "cell": [[1, 2], [3, 4]]}}, headers=seat0)
    assert r.status_code == 409 and r.json["error"].startswith("Remove's cell must be a list of 2"), r.json


@pytest.mark.parametrize("options, words", [({"players": 2, "names": {"a": 1}}, "names must be a list"),
                                            ({"players": 2, "names": 3}, "names must be a list"),
                                            ({"players": [2]}, "players must be a whole number")])
def test_a_host_s_malformed_options_are_refused_in_words(client, companion, options, words):
    r = client.post("/api/host/game", json={"game": "loop", "options": options}, headers=H)
    assert r.status_code == 409 and r.json["error"] == words, r.json
