"""`paradox-table replay` through the real command line, and the rules beyond the matrix: what
the table teaches, who sees the secret goal, and random play to the end."""
import json
import os
import random
import subprocess
import sys

from companion.games import TABLE, Viewer
from companion.games import initiative as game
from companion.games.initiative.moves import Draft, Teach

from .test_strands import BAG, grid

ROWS = grid(c2_0="R1", c2_1="R2", c2_2="R3", c2_3="Y1", c0_3="R1")


def replay(tmp_path, *lines, json_out=True):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    cmd = [sys.executable, "-m", "companion.cli", "replay", str(path)] + (["--json"] if json_out else [])
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60, cwd=os.getcwd())


def test_the_command_prints_the_issue_shapes(tmp_path):
    done = replay(tmp_path, {"game": "initiative", "players": 2},
                  {"matrix": {"seat": 0, "rows": ROWS, "locks": [[4, 0]]}},
                  {"anomaly": ["R1", "Y2", "W3"]}, {"bag": BAG},
                  {"swap": {"seat": 0, "a": [2, 3], "b": [0, 3]}},
                  {"swap": {"seat": 0, "a": [3, 0], "b": [1, 3]}})
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    first, second = out["actions"]
    assert set(first) == {"seat", "strands", "earned", "switches", "nexus", "rows", "anomaly"}
    assert first["strands"] == [{"colour": "red", "cells": [[2, 0], [2, 1], [2, 2], [2, 3]]}]
    assert second["strands"] == [] and second["earned"] == 0
    assert out["matrices"] == {"0": second["rows"]}


def test_a_refused_swap_exits_2_with_one_line_naming_it(tmp_path):
    head = [{"game": "initiative", "players": 2}, {"matrix": {"seat": 0, "rows": ROWS, "locks": [[4, 0]]}},
            {"anomaly": ["R1", "Y2", "W3"]}, {"bag": BAG}]
    for bad, words in (({"seat": 0, "a": [2, 1], "b": [2, 0]}, "different symbols"),
                       ({"seat": 0, "a": [4, 0], "b": [3, 0]}, "locked"),
                       ({"seat": 0, "a": [5, 0], "b": [3, 0]}, "off the matrix")):
        done = replay(tmp_path, *head, {"swap": bad})
        assert done.returncode == 2 and done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("line 5: ") and words in lines[0], lines


def test_the_scoring_record_prints_scores_breakdown_and_winners(tmp_path):
    done = replay(tmp_path, {"game": "initiative", "players": 3},
                  {"pile": {"seat": 1, "cards": ["world-2-past", "world-2-future"], "alliances": 2}})
    out = json.loads(done.stdout)
    assert out["scores"] == {"0": 0, "1": 5, "2": 0} and out["winners"] == [1]
    assert out["breakdown"]["1"]["alliances"] == 2
    words = replay(tmp_path, {"game": "initiative", "players": 3},
                   {"pile": {"seat": 1, "cards": ["world-2-past"]}}, json_out=False)
    assert words.returncode == 0 and "Seat 1: 1" in words.stdout


def _to_draft(state, rng):
    """Random legal play until someone may draft."""
    while not any(isinstance(m, Draft) for m in game.legal_moves(state)):
        state, _ = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def test_an_unknown_card_is_taught_once_and_kept_for_later_games():
    rng = random.Random(4)
    state = _to_draft(game.setup({"players": 2}, 4), rng)
    card = next(m.card for m in game.legal_moves(state)
                if isinstance(m, Draft) and not m.card.startswith("parallel"))
    seat = game.view(state)["turn"]
    state, _ = game.apply(state, Draft(seat, card))
    teach = game.legal_moves(state)
    assert [type(m) for m in teach] == [Teach]
    if card.endswith("nexus"):
        taught = Teach(seat, card, (), (1, 1))
    else:
        taught = Teach(seat, card, ("K", "K"), None)
    state, _ = game.apply(state, taught)
    kept = game.keep(state)
    assert card in kept["cards"]
    later = game.setup({"players": 2, "kept": json.loads(json.dumps(kept))}, 9)
    entry = later.cards[card]
    assert entry.known and (entry.at == (1, 1) or entry.cost == ("K", "K"))
    # a malformed lesson is ignored, never a crash
    for bad in ("junk", {"cards": {card: {"cost": ["Q"]}, "nope": 1}}, {"cards": []}):
        assert not game.setup({"players": 2, "kept": bad}, 9).cards[card].known


def test_each_player_sees_only_their_own_secret_goal():
    seed = next(s for s in range(200)
                if any(g.secret for g in game.setup({"players": 3}, s).goals))
    state = game.setup({"players": 3}, seed)
    secrets = game.secrets(state)
    assert set(secrets) == {"seat-0", "seat-1", "seat-2"}
    for seat in range(3):
        mine = next(iter(secrets[f"seat-{seat}"]))
        assert mine in json.dumps(game.view(state, Viewer.of_seat(seat)))
        others = [json.dumps(game.view(state, Viewer.of_seat(o))) for o in range(3) if o != seat]
        assert all(mine not in text for text in others + [json.dumps(game.view(state, TABLE))])


def test_random_play_reaches_the_end_for_every_table_size():
    for players in (1, 2, 3, 4):
        for seed in range(int(os.environ.get("INITIATIVE_GAMES", "1"))):
            state, rng, n = game.setup({"players": players}, seed), random.Random(seed), 0
            while not game.is_over(state):
                state, _ = game.apply(state, rng.choice(game.legal_moves(state)))
                n += 1
                assert n < 5000
            assert game.winners(state) and game.view(state)["finished"]
