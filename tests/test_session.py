"""Sessions over the SQLite log: create, play, undo, reload, export."""
import sqlite3

import pytest

from companion import records
from companion.errors import UnknownGame
from companion.games import TABLE, IllegalMove, Viewer
from companion.games.paradominetor.moves import Pass
from companion.games.paradominetor.rules import legal_plays
from companion.session import Session
from companion.store import Store

OPTIONS = {"seats": 3}
FIRST_TRICK = [{"type": "Play", "seat": 0, "tile": "red-4-past"},
               {"type": "Play", "seat": 1, "tile": "red-2-present"},
               {"type": "Play", "seat": 2, "tile": "blue-5-future"}]


def test_moves_are_adjudicated_and_written(store):
    s = Session.create(store, "paradominetor", OPTIONS, seed=7)
    for move in FIRST_TRICK:
        events = s.submit(move, source="camera")
    assert [e.text() for e in events][-1] == "P1 wins with red 4: 1 pt"
    assert s.view(TABLE)["scores"] == {"0": 1, "1": 0, "2": 0}
    assert [e.kind for e in store.entries(s.id)] == ["move"] * 3
    assert [e.source for e in store.entries(s.id)] == ["camera"] * 3


def test_an_illegal_move_changes_nothing(store):
    s = Session.create(store, "paradominetor", OPTIONS, seed=7)
    s.submit(FIRST_TRICK[0])
    before = s.view(TABLE)
    with pytest.raises(IllegalMove, match="P2's turn, not P3's"):
        s.submit({"type": "Play", "seat": 2, "tile": "red-1-past"})
    with pytest.raises(IllegalMove, match="does not exist"):
        s.submit({"type": "Play", "seat": 1, "tile": "red-6-past"})
    with pytest.raises(IllegalMove, match="unknown move"):
        s.submit({"type": "Teleport", "seat": 1})
    assert s.view(TABLE) == before
    assert len(store.entries(s.id)) == 1


def test_bad_options_create_no_game(store):
    with pytest.raises(IllegalMove, match="3, 4 or 5 players"):
        Session.create(store, "paradominetor", {"seats": 7})
    with pytest.raises(UnknownGame, match="unknown game"):
        Session.create(store, "chess", {})
    assert store.latest_open_game() is None


def test_undo_is_an_entry_and_survives_reload(tmp_path):
    path = tmp_path / "games.db"
    with Store(path) as store:
        s = Session.create(store, "paradominetor", OPTIONS, seed=1)
        for move in FIRST_TRICK:
            s.submit(move)
        undone = s.undo(source="button")
        assert undone.tile == "blue-5-future"
        assert s.view(TABLE)["scores"] == {"0": 0, "1": 0, "2": 0}
        assert s.view(TABLE)["to_play"] == 2
        s.submit({"type": "Play", "seat": 2, "tile": "red-3-future"})
        expected = s.view(TABLE)
        game_id = s.id
    with Store(path) as store:
        kinds = [e.kind for e in store.entries(game_id)]
        assert kinds == ["move", "move", "move", "undo", "move"]
        again = Session.resume(store)
        assert again.id == game_id
        assert again.view(TABLE) == expected


def test_undo_with_nothing_to_undo_says_so(store):
    s = Session.create(store, "paradominetor", OPTIONS)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        s.undo()
    assert store.entries(s.id) == []


def test_seat_views_go_through_the_game(store):
    s = Session.create(store, "paradominetor", {"seats": 3, "deal": True}, seed=3)
    mine = s.view(Viewer.of_seat(1))
    assert len(mine["hand"]) == 15 and mine["you"] == 1
    assert "hand" not in s.view(TABLE) and "hands" not in s.view(TABLE)


def test_export_replays_to_the_same_result(store):
    s = Session.create(store, "paradominetor", OPTIONS, seed=5)
    for move in FIRST_TRICK:
        s.submit(move)
    lines = [__import__("json").dumps(line) for line in s.export()]
    rep = records.replay(lines)
    assert records.result(rep)["scores"] == {"0": 1, "1": 0, "2": 0}


def play_to_the_end(s: Session):
    """A 3-seat Paradominetor game: each seat passes one tile of each timeframe, then the first
    legal play until the game is over."""
    for seat in range(3):
        by_tf = {}
        for t in s.view(Viewer.of_seat(seat))["hand"]:
            by_tf.setdefault(t.split("-")[-1] if not t.startswith("black") else "past", t)
        s.submit(Pass(seat, tuple(by_tf[tf] for tf in ("past", "present", "future"))))
    while not s.is_over():
        s.submit(legal_plays(s.state)[0])


def test_a_finished_game_is_not_resumed_and_undo_reopens_it(store):
    s = Session.create(store, "paradominetor", {"seats": 3, "deal": True}, seed=11)
    play_to_the_end(s)
    assert Session.resume(store) is None
    s.undo()
    assert Session.resume(store).id == s.id


def test_a_game_whose_last_move_landed_but_not_its_end_is_not_resumed(store):
    """The power goes between the last move's write and the game's end mark: after the restart
    the game is over all the same, marked so, and the table waits for the next one."""
    earlier = Session.create(store, "paradominetor", OPTIONS, seed=3)
    s = Session.create(store, "paradominetor", {"seats": 3, "deal": True}, seed=11)
    play_to_the_end(s)
    store.reopen_game(s.id)  # the end mark never landed
    resumed = Session.resume(store)
    assert resumed is not None and resumed.id == earlier.id  # the game still open before it
    assert store.game(s.id).ended is not None
    store.end_game(earlier.id)
    assert Session.resume(store) is None


def test_the_log_is_written_ahead_and_durable(store):
    mode = sqlite3.connect(store.path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_an_exported_game_started_with_few_options_replays_as_it_was_played(store):
    """A game started with only some options (the rest at the new-game form's defaults) is
    exported with every option it was played with: Domino Dynasty's records default to maps
    entered as laid, but this game had its starts laid out by the companion and a market."""
    import json
    import random

    from companion.games import dynasty
    s = Session.create(store, "dynasty", {"players": 2}, seed=4)
    rng = random.Random(4)
    for _ in range(12):
        s.submit(rng.choice(dynasty.legal_moves(s.state)))
    assert s.state.round > 1 or s.state.market  # a game with a market, not maps entered
    rep = records.replay([json.dumps(line) for line in s.export()])
    same = ("shared", "personal", "market", "missions", "round", "phase", "turn")
    assert [getattr(rep.state, f) for f in same] == [getattr(s.state, f) for f in same]
