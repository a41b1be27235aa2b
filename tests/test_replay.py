"""`paradox-table replay`: records in, adjudication out; bad records exit 2 with one line."""
import json
import subprocess
import sys

import pytest

from companion import cli

HEADER = {"game": "paradominetor", "seats": 4, "colours": ["red", "blue", "green", "purple"],
          "first_lead": 0}
BLACK_PARADOX = {"trick": [{"seat": 0, "tile": "black-0", "declare": "purple"},
                           {"seat": 1, "tile": "purple-4-present"},
                           {"seat": 2, "tile": "purple-6-future"},
                           {"seat": 3, "tile": "black-0"}]}
LONE_WIN = {"trick": [{"seat": 0, "tile": "red-3-past"}, {"seat": 1, "tile": "red-5-present"},
                      {"seat": 2, "tile": "blue-2-future"}, {"seat": 3, "tile": "red-1-past"}]}


def write(tmp_path, *lines):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(json.dumps(line) if not isinstance(line, str) else line
                              for line in lines) + "\n")
    return str(path)


def test_the_issue_example(tmp_path, capsys):
    assert cli.main(["replay", write(tmp_path, HEADER, BLACK_PARADOX, LONE_WIN), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["tricks"] == [
        {"lead": 0, "winners": [0, 3], "points": {"0": 1, "3": 0.5}, "paradox": True, "next_lead": 0},
        {"lead": 0, "winners": [1], "points": {"1": 1}, "paradox": False, "next_lead": 1},
    ]
    assert out["scores"] == {"0": 1, "1": 1, "2": 0, "3": 0.5}
    assert out["half_point_tricks"] == {"0": 0, "1": 0, "2": 0, "3": 1}
    assert out["finished"] is False and out["winners"] == [] and out["revokes"] == []


def test_words_without_json(tmp_path, capsys):
    assert cli.main(["replay", write(tmp_path, HEADER, BLACK_PARADOX)]) == 0
    out = capsys.readouterr().out
    assert "Trick  1: Paradox black 0: seat 0 past 1 pt, seat 3 past 0.5" in out
    assert "stops before the end" in out


@pytest.mark.parametrize("bad, message", [
    ({"trick": [{"seat": 1, "tile": "red-4-past"}, {"seat": 2, "tile": "red-6-past"},
                {"seat": 3, "tile": "red-2-past"}, {"seat": 0, "tile": "red-1-present"}]},
     "line 3: seat 2 played red-6-past, which does not exist"),
    ({"trick": [{"seat": 1, "tile": "red-3-past"}]}, "line 3: the trick has 1 plays; a trick needs 4"),
    ('{"trick": [', "line 3: not valid JSON"),
    ({"trick": [{"seat": 0, "tile": "blue-1-past"}, {"seat": 1, "tile": "blue-2-past"},
                {"seat": 2, "tile": "blue-3-past"}, {"seat": 3, "tile": "blue-4-past"}]},
     "line 3: it is seat 1's turn, not seat 0's"),
    ({"trick": [{"seat": 1, "tile": "red-3-past"}, {"seat": 2, "tile": "red-5-present"},
                {"seat": 3, "tile": "blue-2-future"}, {"seat": 0, "tile": "red-1-present"}]},
     "line 3: seat 1 played red-3-past, which was already played"),
    ({"hand": []}, "line 3: unknown line kind 'hand'"),
])
def test_an_invalid_record_exits_2_with_one_line(tmp_path, capsys, bad, message):
    path = write(tmp_path, HEADER, LONE_WIN, bad)
    assert cli.main(["replay", path, "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(message), captured.err
    assert captured.err.count("\n") == 1


def test_a_bad_header(tmp_path, capsys):
    assert cli.main(["replay", write(tmp_path, {"game": "paradominetor", "seats": 9})]) == 2
    assert capsys.readouterr().err.startswith("line 1: Paradominetor is for 3, 4 or 5 players")


def test_a_record_of_a_game_this_companion_does_not_know(tmp_path, capsys):
    """Not a refusal by the rules but a fault (UnknownGame): still one line naming the line."""
    assert cli.main(["replay", write(tmp_path, {"game": "chess"})]) == 2
    err = capsys.readouterr().err
    assert err.startswith("line 1: unknown game 'chess'; this companion knows paradominetor")
    assert err.count("\n") == 1


def test_a_missing_file(tmp_path, capsys):
    assert cli.main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_console_script_runs(tmp_path):
    path = write(tmp_path, HEADER, BLACK_PARADOX)
    done = subprocess.run([sys.executable, "-m", "companion.cli", "replay", path, "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert json.loads(done.stdout)["scores"]["0"] == 1
