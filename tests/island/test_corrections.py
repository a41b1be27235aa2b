"""The OP's hand (issue: a power token known only from the box, a house rule): corrections move
any piece, set health and energy, circle or cross out a fruit, mark a space; each is a move
(undone and replayed like any other), said aloud in the table's words, and a captive learns no
more than the OP announces."""
import json

import pytest

from companion.games import IllegalMove, Viewer
from companion.games import island as G
from companion.games.base import to_dict
from companion.games.island.moves import Correct, Move
from companion.games.island.state import board, piece
from companion.session import Session
from companion.store import Store

from .helpers import play, put, turn_of, words
from .test_rules import make


def test_a_captive_piece_is_set_down_where_the_op_says_and_nothing_there_happens():
    s = turn_of(put(make(), "phil", "D4"), 0)
    before = len(s.said)
    s, ev = play(s, Correct("place", piece="phil", space="a1"))
    assert piece(s, "phil").space == "A1"
    assert words(ev) == ["I moved Phil's piece."]  # where it went is not said
    assert len(s.said) == before + 1 and s.pending is None and s.agenda == ()
    assert "Correction: Phil from D4 to A1" in s.op_log[-1]


def test_the_op_may_say_their_own_words_instead():
    s = turn_of(put(make(), "phil", "D4"), 0)
    s, ev = play(s, Correct("place", piece="phil", space="E5",
                            words="Phil, the Whirlpool throws you two spaces south-east."))
    assert words(ev) == ["Phil, the Whirlpool throws you two spaces south-east."]


def test_the_op_pieces_are_moved_and_a_piece_off_the_map_comes_back():
    s = turn_of(make(wave="north"), 0)
    s, ev = play(s, Correct("place", piece="Wave", space="south"))
    assert s.wave == "south" and words(ev) == ["I moved the Wave."]
    s, _ = play(s, Correct("place", piece="Rock", space="G1"))
    assert s.rock == "G1"
    from dataclasses import replace
    off = replace(s, bush=None, returns=("Bush",))
    off, _ = play(off, Correct("place", piece="Bush", space="C2"))
    assert off.bush == "C2" and off.returns == ()
    with pytest.raises(IllegalMove, match="never share a space"):
        G.apply(s, Correct("place", piece="Bush", space="G1"))
    with pytest.raises(IllegalMove, match="part of the ocean"):
        G.apply(s, Correct("place", piece="Wave", space="D4"))


def test_health_and_energy_are_set_and_a_loss_to_zero_perishes_by_the_rules():
    s = turn_of(put(make(), "phil", "D4"), 0)
    top = piece(s, "phil").max_health
    s2, ev = play(s, Correct("health", piece="phil", value="1"))
    assert piece(s2, "phil").health == 1 and words(ev) == ["Phil's health is now 1."]
    s2, _ = play(s2, Correct("health", piece="phil", value=str(top)))
    assert piece(s2, "phil").health == top
    s3, _ = play(s, Correct("energy", piece="phil", value="0"))
    assert piece(s3, "phil").energy == 0 and piece(s3, "phil").space == "D4"  # no energy is not death
    dead, ev = play(s, Correct("health", piece="phil", value="0"))
    assert piece(dead, "phil").space is None and dead.perished == s.perished + 1
    assert "Phil perishes; I take an anomaly token (1 of 5)." in words(ev)
    with pytest.raises(IllegalMove, match="a number from 0 to"):
        G.apply(s, Correct("health", piece="phil", value=str(top + 1)))
    with pytest.raises(IllegalMove, match="a number from 0 to"):
        G.apply(s, Correct("energy", piece="phil", value="lots"))


def test_granddead_has_one_track_his_energy():
    s = turn_of(put(make(characters=("granddead", "phil", "theseus"),
                         fruits={"granddead": "banana", "phil": "cherries", "theseus": "grapes"}),
                    "granddead", "D4"), 0)
    with pytest.raises(IllegalMove, match="change his energy"):
        G.apply(s, Correct("health", piece="granddead", value="2"))
    dead, _ = play(s, Correct("energy", piece="granddead", value="0"))
    assert piece(dead, "granddead").space is None  # his energy is his health (p.22)


def test_fruits_are_circled_crossed_out_and_rubbed_out_on_the_captives_board():
    s = turn_of(make(), 0)
    s, ev = play(s, Correct("fruit", piece="schrodie", fruit="orange", value="circled"))
    assert dict(board(s, 2).fruits)["orange"] == "circled"
    assert words(ev) == ["Schrodie, circle the orange."]
    s, ev = play(s, Correct("fruit", piece="schrodie", fruit="orange", value="crossed"))
    assert dict(board(s, 2).fruits)["orange"] == "crossed" and words(ev) == ["Schrodie, cross out the orange."]
    s, _ = play(s, Correct("fruit", piece="schrodie", fruit="orange", value=""))
    assert "orange" not in dict(board(s, 2).fruits)
    with pytest.raises(IllegalMove, match="the fruits are"):
        G.apply(s, Correct("fruit", piece="schrodie", fruit="durian", value="circled"))


def test_a_mark_reaches_only_its_captives_map():
    s = turn_of(make(), 0)
    s, ev = play(s, Correct("mark", piece="phil", space="c3", value="oracle"))
    assert words(ev) == ["Phil, I marked a space on your map."]
    assert G.view(s, Viewer.of_seat(1))["board"]["known_spaces"]["C3"] == "oracle"
    for seat in (2, 3):
        assert "oracle" not in json.dumps(G.view(s, Viewer.of_seat(seat))["board"]["known_spaces"])
    table = json.dumps(G.view(s, Viewer("table")))
    assert "C3" not in table and "oracle" not in table
    s, _ = play(s, Correct("mark", piece="phil", space="C3", value=""))
    assert "C3" not in G.view(s, Viewer.of_seat(1))["board"]["known_spaces"]


def test_a_moved_piece_stays_hidden_from_every_captive_and_the_table():
    s = turn_of(put(make(), "phil", "D4"), 0)
    known = {space for b in s.boards for space, _ in b.known}  # starting fruits, on their own maps
    where = next(x for x in ("G4", "G3", "G2", "F5", "F4") if x not in known)
    s, _ = play(s, Correct("place", piece="phil", space=where))
    for viewer in (Viewer("table"), Viewer.of_seat(1), Viewer.of_seat(2), Viewer.of_seat(3)):
        assert f'"{where}"' not in json.dumps(G.view(s, viewer)), viewer
    assert any(p["space"] == where for p in G.view(s, Viewer("master"))["captive_pieces"])


def test_corrections_are_the_ops_during_play_with_nothing_pending():
    s = turn_of(put(make(), "phil", "D4"), 1)
    with pytest.raises(IllegalMove, match="only the OP"):
        G.apply(s, Correct("place", piece="phil", space="A1", seat=1))
    ok, _ = play(s, Correct("place", piece="phil", space="A1"))  # during a captive's turn too
    assert piece(ok, "phil").space == "A1" and ok.turn == 1
    with pytest.raises(IllegalMove, match="there is no captive piece"):
        G.apply(s, Correct("place", piece="nobody", space="A1"))
    with pytest.raises(IllegalMove, match="a correction is one of"):
        G.apply(s, Correct("teleport", piece="phil", space="A1"))
    with pytest.raises(IllegalMove, match="not a space"):
        G.apply(s, Correct("place", piece="phil", space="Z9"))
    fresh = G.setup({"characters": ["phil", "theseus"]}, 1)
    with pytest.raises(IllegalMove, match="during play"):
        G.apply(fresh, Correct("place", piece="phil", space="A1"))


def test_a_correction_is_recorded_undone_and_replayed(tmp_path):
    store = Store(tmp_path / "games.db")
    start = make()
    options = {"island": list(start.island.placements), "characters": ["phil", "schrodie", "theseus"],
               "anomalies": dict(start.anomalies), "wave": start.wave, "rock": start.rock,
               "bush": start.bush, "starting_fruits": {p.name: p.starting_fruit for p in start.pieces}}
    session = Session.create(store, "island", options, seed=1)
    session.submit(Move(1, "E"), "phone")
    session.submit(Correct("health", piece="phil", value="2"), "phone")
    session.submit(Correct("mark", piece="phil", space="A1", value="camp?"), "phone")
    assert piece(session.state, "phil").health == 2
    session.undo("phone")
    assert "A1" not in dict(board(session.state, 1).known)
    again = Session(store, session.id)  # a restart replays the log
    assert piece(again.state, "phil").health == 2
    assert to_dict(again.moves[-1]) == to_dict(Correct("health", piece="phil", value="2"))
    assert to_dict(again.moves[-1])["type"] == "Correct"


def test_the_ops_corrections_are_refused_in_the_readers_language():
    from companion.i18n import said, translate
    s = turn_of(put(make(), "phil", "D4"), 1)
    refused = []
    for move in (Correct("energy", piece="phil", value="lots"), Correct("place", piece="Rock", space="Z9"),
                 Correct("fruit", piece="phil", fruit="kiwi", value="circled")):
        with pytest.raises(IllegalMove) as why:
            G.apply(s, move)
        refused.append(translate(said(why.value), "ja"))
    top = piece(s, "phil").max_energy
    assert refused[0] == f"フィルのエネルギーは0から{top}までの数です"
    assert refused[1] == "Z9は島のマス(A～G行)ではありません"
    assert refused[2].startswith("フルーツは次のとおりです: オレンジ、バナナ、")
