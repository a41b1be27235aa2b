"""The store keeps which seats phones have taken, and lists every game it holds."""
import sqlite3
import threading

from companion.store import Store
from patience import WAIT_SECONDS

OLD_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
    seed INTEGER NOT NULL, created TEXT NOT NULL, ended TEXT);
CREATE TABLE entries (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('move', 'undo')), body TEXT NOT NULL, source TEXT NOT NULL,
    at TEXT NOT NULL, PRIMARY KEY (game_id, seq));
CREATE TABLE seat_tokens (game_id INTEGER NOT NULL REFERENCES games(id), viewer TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE, issued TEXT NOT NULL, revoked TEXT);
INSERT INTO games VALUES (1, 'paradominetor', '{"seats": 3}', 7, '2025-01-01T00:00:00+00:00', NULL);
INSERT INTO seat_tokens VALUES (1, 'seat-0', 'old-token', '2025-01-01T00:00:00+00:00', NULL);
"""


def test_a_database_from_before_keeps_its_links_and_learns_taken_seats(tmp_path):
    path = tmp_path / "games.db"
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
    with Store(path) as store:
        assert store.viewer_for_token("old-token") == (1, "seat-0")
        assert store.taken(1) == set()
        assert store.mark_taken("old-token") is True
        assert store.taken(1) == {"seat-0"}
    with Store(path) as store:  # opened again: nothing to change, nothing lost
        assert store.taken(1) == {"seat-0"}


def test_a_seat_is_taken_once_until_it_gets_a_new_link(tmp_path):
    with Store(tmp_path / "games.db") as store:
        gid = store.create_game("paradominetor", {"seats": 3}, 1)
        tokens = {v: store.issue_token(gid, v) for v in ("seat-0", "seat-1")}
        assert store.take_seat(gid, "seat-1") == tokens["seat-1"]
        assert store.take_seat(gid, "seat-1") is None
        assert store.mark_taken(tokens["seat-1"]) is False  # already taken
        assert store.take_seat(gid, "seat-7") is None       # no such seat
        assert store.taken(gid) == {"seat-1"}
        new = store.issue_token(gid, "seat-1")              # the host's "New link"
        assert store.taken(gid) == set()
        assert store.mark_taken(tokens["seat-1"]) is False  # the old link takes nothing
        assert store.take_seat(gid, "seat-1") == new


def test_two_phones_taking_one_seat_at_once_one_gets_it(tmp_path):
    with Store(tmp_path / "games.db") as store:
        gid = store.create_game("paradominetor", {"seats": 3}, 1)
        store.issue_token(gid, "seat-2")
        got, go = [], threading.Barrier(8)

        def take():
            go.wait(WAIT_SECONDS)
            got.append(store.take_seat(gid, "seat-2"))

        threads = [threading.Thread(target=take) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        assert len(got) == 8 and sum(token is not None for token in got) == 1


def test_every_game_is_listed_newest_first_with_its_log_length(tmp_path):
    with Store(tmp_path / "games.db") as store:
        first = store.create_game("paradominetor", {"seats": 3}, 1)
        second = store.create_game("island", {"players": 2}, 2)
        store.append(first, "move", {"type": "Play"}, "phone")
        store.append(first, "undo", {}, "phone")
        store.end_game(first)
        assert [g.id for g in store.games()] == [second, first]
        assert store.games()[1].ended is not None and store.games()[0].ended is None
        assert store.entry_counts() == {first: 2}


def test_a_database_from_before_learns_which_links_the_host_opened(tmp_path):
    path = tmp_path / "games.db"
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
    with Store(path) as store:
        assert store.shown(1) == {}
        assert store.show_seat(1, "seat-0") == "old-token"
        assert set(store.shown(1)) == {"seat-0"}
        assert store.show_seat(1, "seat-1") is None  # no link: nothing to open
        assert store.tokens_in_force() == [(1, "seat-0", "old-token")]


def test_every_games_links_in_force_are_known_and_a_new_link_is_not_shown(tmp_path):
    with Store(tmp_path / "games.db") as store:
        one = store.create_game("paradominetor", {"seats": 2}, 1)
        two = store.create_game("paradominetor", {"seats": 2}, 2)
        a, b = store.issue_token(one, "seat-0"), store.issue_token(two, "seat-0")
        assert store.tokens_in_force() == [(one, "seat-0", a), (two, "seat-0", b)]
        store.show_seat(one, "seat-0")
        c = store.issue_token(one, "seat-0")  # freed: the old link is over, the new one unseen
        assert store.tokens_in_force() == [(one, "seat-0", c), (two, "seat-0", b)]
        assert store.shown(one) == {}
