"""Words the players read: a camera game's first start, `replay`'s names and results."""

from patience import WAIT_SECONDS


def test_teaching_the_virtual_table_s_pieces_is_no_headline_for_the_players(tmp_path):
    from virtual import virtual_table

    with virtual_table(tmp_path) as (c, loop):
        c.new_game("initiative", {"players": 2}, seed=1).result(WAIT_SECONDS)
        loop.step()  # the first camera game on this device: its pieces are taught now
        assert loop.pipeline is not None
        assert c.snapshot.message.startswith("New Paradox Initiative game")


def replay_words(tmp_path, capsys, *lines):
    import json

    from companion import cli
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    assert cli.main(["replay", str(path)]) == 0
    return capsys.readouterr().out


def test_replay_names_the_winner_as_the_table_named_them(tmp_path, capsys):
    from tests.loop.scripted import DAY1, DAY2, DAY3, HEADER
    out = replay_words(tmp_path, capsys, dict(HEADER, names=["Ann", "Bo", "Cy"]), *DAY1, *DAY2, *DAY3)
    assert "Ann: new Garage, launched to Rome for 4" in out
    assert out.strip().endswith("Winner: Ann")
    assert "seat" not in out


def test_an_unfinished_initiative_record_names_no_best_player(tmp_path, capsys):
    from tests.initiative.test_strands import BAG, grid
    rows = grid(c2_0="R1", c2_1="R2", c2_2="R3", c2_3="Y1", c0_3="R1")
    out = replay_words(tmp_path, capsys, {"game": "initiative", "players": 2, "names": ["Ann", "Bo"]},
                       {"matrix": {"seat": 0, "rows": rows, "locks": [[4, 0]]}},
                       {"anomaly": ["R1", "Y2", "W3"]}, {"bag": BAG},
                       {"swap": {"seat": 0, "a": [2, 3], "b": [0, 3]}})
    assert "Ann: red strand of 4" in out
    assert "Best" not in out and "seat 0" not in out.lower()
    assert "stops before the end" in out
    # nothing scored yet: the piles as they stand, and no best player among 0 points
    out = replay_words(tmp_path, capsys, {"game": "initiative", "players": 2, "names": ["Ann", "Bo"]})
    assert out.startswith("Ann: 0") and "Bo: 0" in out
    assert "Best" not in out and "stops before the end" in out


def test_laying_a_particle_twice_on_the_virtual_table_says_it_is_there_already():
    import pytest

    from companion.games import IllegalMove
    from companion.games.initiative import camera
    from companion.games.initiative.simulation import Verbs
    from vision.mat import mat_layout

    class Table:  # the discs laid, as vision's DiscTable keeps them
        def place(self, label, x, y, angle=0.0):
            return label

    verbs = Verbs(Table(), mat_layout(camera.MAT))
    view = {"awaiting": {"kind": "draw", "to": "anomaly"}, "anomaly": []}
    assert verbs.act({"action": "draw", "particles": ["R1", "Y2"]}, view) == "Laid R1 Y2"
    with pytest.raises(IllegalMove, match="^Only 1 cell waits for a particle$"):
        verbs.act({"action": "draw", "particles": ["W3", "B1"]}, view)
    verbs.act({"action": "draw", "particles": ["W3"]}, view)
    with pytest.raises(IllegalMove, match="^The particles the companion waits for are on the table already$"):
        verbs.act({"action": "draw", "particles": ["B1"]}, view)


def test_a_world_known_only_by_its_number_is_named_once():
    from companion.games.initiative import catalog
    unnamed = next(w["number"] for w in catalog.worlds() if w["name"] == f"World {w['number']}")
    assert catalog.card_words(f"world-{unnamed}-past") == f"World {unnamed}, past"
    named = next(w for w in catalog.worlds() if w["name"] != f"World {w['number']}")
    assert catalog.card_words(f"world-{named['number']}-nexus") == f"World {named['number']} {named['name']}, nexus"


def test_dynasty_s_virtual_table_names_squares_as_the_phones_do():
    import pytest

    from companion.games import IllegalMove
    from companion.games.dynasty.simulation import Verbs
    verbs = Verbs.__new__(Verbs)  # only its words: no mat drawn
    verbs._map = lambda action, view: ("shared", [])
    with pytest.raises(IllegalMove) as said:
        verbs._remove({"action": "remove", "map": "shared"}, {})
    assert "F4" in str(said.value) and "[x, y]" not in str(said.value)
    with pytest.raises(IllegalMove) as said:
        verbs._place({"action": "place", "map": "shared", "cells": [[1, 1]]}, {})
    assert "F4 G4" in str(said.value) and "[x, y]" not in str(said.value)
