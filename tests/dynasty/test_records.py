"""`paradox-table replay` on Domino Dynasty records, through the real command line."""
import json
import subprocess
import sys

import pytest
from companion.games.dynasty.moves import Share

HEADER = {"game": "dynasty", "players": 3, "roles": {"0": "warfare", "1": "infrastructure", "2": "goods"}}
STARTS = [{"start": {"map": "shared", "role": role, "cells": [[3, y], [4, y]]}}
          for role, y in (("warfare", 2), ("money", 3), ("infrastructure", 4), ("housing", 5), ("goods", 6))]
STARTS += [{"start": {"map": "personal", "seat": s, "cells": [[0, 0], [1, 0]]}} for s in range(3)]
# The issue's two placements.
PERSON_EAST = {"place": {"seat": 0, "map": "personal", "cells": [[2, 0], [2, 1]], "halves": [
    {"terrain": "lava", "icon": "person", "paths": "WS"}, {"terrain": "grass", "icon": None, "paths": "N"}]}}
DESERT = {"place": {"seat": 1, "map": "shared", "cells": [[5, 3], [6, 3]], "halves": [
    {"terrain": "desert", "icon": None, "paths": ""}, {"terrain": "desert", "icon": "person", "paths": "EW"}]}}


def replay(tmp_path, *lines, json_out=True):
    path = tmp_path / "dynasty.jsonl"
    path.write_text("\n".join(l if isinstance(l, str) else json.dumps(l) for l in lines) + "\n")
    args = [sys.executable, "-m", "companion.cli", "replay", str(path)] + (["--json"] if json_out else [])
    return subprocess.run(args, capture_output=True, text=True, timeout=120)


def place(seat, where, cells, *halves):
    out = []
    for h in halves:
        terrain, icon, paths = h.split("/")
        out.append({"terrain": terrain, "icon": icon or None, "paths": paths})
    return {"place": {"seat": seat, "map": where, "cells": [list(c) for c in cells], "halves": out}}


def test_the_issue_record_prints_every_placement_s_strength(tmp_path):
    done = replay(tmp_path, HEADER, *STARTS, PERSON_EAST, DESERT)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    # warfare: its capital on A1 reaches the person on C1 (1 + 1) x its province (2 lava squares);
    # infrastructure and goods: a lone capital x 2; money and housing, not in the game, the highest.
    after = {"warfare": 4, "money": 4, "infrastructure": 2, "housing": 4, "goods": 2}
    assert out == {"placements": [{"seat": 0, "map": "personal", "strength": after},
                                  {"seat": 1, "map": "shared", "strength": after}],
                   "strength": after}


def test_a_province_and_a_capital_that_stops_a_path(tmp_path):
    lines = [HEADER, *STARTS,
             place(0, "shared", [(5, 2), (6, 2)], "lava//", "lava//"),            # province 4
             place(0, "personal", [(2, 0), (3, 0)], "lava/person/EW", "lava/neutral/EW"),
             place(0, "personal", [(4, 0), (5, 0)], "lava/person/W", "lava//")]
    done = replay(tmp_path, *lines)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    # the warfare capital reaches C1's person and stops at the neutral capital on D1: 2;
    # the neutral capital reaches C1 and E1: 3; (2 + 3) x 4
    assert [p["strength"]["warfare"] for p in out["placements"]] == [4, 4 * (2 + 2), 4 * (2 + 3)]


@pytest.mark.parametrize("bad, line, reason", [
    (place(2, "personal", [(2, 0), (3, 0)], "lava//", "lava//"), 10,
     "the paths do not match on the west edge of square C1"),
    (place(1, "shared", [(5, 4), (6, 4)], "lava//", "lava//"), 10,
     "the terrains do not match on the west edge of square F5: lava beside stone"),
    (place(1, "personal", [(2, 0), (3, 0)], "lava/warfare/W", "lava//"), 10,
     "only seat 0 (Brother of Warfare) may handle a domino showing the military capital icon"),
    (place(2, "personal", [(1, 0), (2, 0)], "lava//W", "lava//"), 10, "square B1 of seat 2's map is already taken"),
    (place(2, "personal", [(5, 5), (6, 5)], "lava//", "lava//"), 10, "the domino does not touch seat 2's map"),
    (place(2, "personal", [(2, 0), (4, 0)], "lava//W", "lava//"), 10, "the two halves of a domino lie side by side"),
    (place(2, "personal", [(2, 0), (3, 0)], "mud//W", "lava//"), 10, "unknown terrain 'mud'"),
    ('{"place": {"seat": 0}}', 10, "a place line needs cells, halves, map"),
])
def test_a_refused_placement_exits_2_naming_the_line_and_the_reason(tmp_path, bad, line, reason):
    done = replay(tmp_path, HEADER, *STARTS, PERSON_EAST, bad)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"line {line + 1}: {reason}"), done.stderr
    assert done.stderr.count("\n") == 1


def test_the_8x8_bound_in_a_record(tmp_path):
    lines = [HEADER, *STARTS]
    for x in range(2, 8, 2):
        lines.append(place(2, "personal", [(x, 0), (x + 1, 0)], "grass//EW", "grass//EW"))
    lines.append(place(2, "personal", [(8, 0), (8, 1)], "grass//W", "grass//"))
    done = replay(tmp_path, *lines)
    assert done.returncode == 2
    assert done.stderr == f"line {len(lines)}: seat 2's map would be 9 squares from west to east; at most 8\n"


def test_placements_wait_for_every_start(tmp_path):
    done = replay(tmp_path, HEADER, *STARTS[:4], PERSON_EAST)
    assert done.returncode == 2 and done.stderr.startswith("line 6: the starting dominoes come first")


def test_words_without_json(tmp_path):
    done = replay(tmp_path, HEADER, *STARTS, PERSON_EAST, json_out=False)
    assert done.returncode == 0
    assert "Military 4 = (2 military capital A1 (1 people)) x province 2" in done.stdout


def test_shared_starts_lie_however_the_table_likes_but_not_on_each_other(tmp_path):
    apart = [{"start": {"map": "shared", "role": role, "cells": [[x, 0], [x, 1]]}}
             for role, x in (("warfare", 0), ("money", 2), ("infrastructure", 4), ("housing", 6),
                             ("goods", 7))]
    done = replay(tmp_path, HEADER, *apart, *STARTS[5:], PERSON_EAST)
    assert done.returncode == 0, done.stderr
    on_top = dict(apart[1], start=dict(apart[1]["start"], cells=[[0, 1], [1, 1]]))
    done = replay(tmp_path, HEADER, apart[0], on_top)
    assert done.returncode == 2 and done.stderr == "line 3: square A2 of the shared map is already taken\n"


def test_a_half_may_carry_an_arrow(tmp_path):
    arrow_back = {"place": {"seat": 0, "map": "personal", "cells": [[2, 0], [3, 0]], "halves": [
        {"terrain": "lava", "icon": None, "paths": "EW", "arrow": "W"},
        {"terrain": "lava", "icon": "person", "paths": "W"}]}}
    done = replay(tmp_path, HEADER, *STARTS, arrow_back)
    assert done.returncode == 0, done.stderr
    # the arrow on C1 points back at the capital: the person on D1 is out of its reach
    assert json.loads(done.stdout)["strength"]["warfare"] == 1 * 2
    bad = json.loads(json.dumps(arrow_back))
    bad["place"]["halves"][0]["arrow"] = "N"
    done = replay(tmp_path, HEADER, *STARTS, bad)
    assert done.returncode == 2 and "an arrow points out of an open edge" in done.stderr


def _shared_out(share_line):
    """An exported game of three: Military 2 and Money 2 asked for 4 each; `share_line` the
    owners' choices (or none: nobody answered), then the next round's market."""
    from companion.games import dynasty
    header = {"game": "dynasty", "players": 3, "roles": ["warfare", "money", "goods"], "starts": "arranged",
              "play": "rounds", "seed": 0}
    filler = "grass//|grass//"
    moves = [{"type": "Market", "seat": 0, "dominoes": [filler] * 6},
             {"type": "Mission", "seat": 0, "needs": ["warfare 2", "money 2"]},
             {"type": "Mission", "seat": 1, "needs": ["warfare 2"]},
             {"type": "Mission", "seat": 2, "needs": ["money 2"]}]
    state = dynasty.setup({k: v for k, v in header.items() if k not in ("game", "seed")}, 0)
    for m in moves:
        state = dynasty.apply(state, dynasty.move_from_dict(m))[0]
    while state.phase == "claim":
        move = dynasty.legal_moves(state)[0]
        moves.append({"type": type(move).__name__, **dynasty.move_to_dict(move)})
        state = dynasty.apply(state, move)[0]
    moves += share_line + [{"type": "Market", "seat": 0, "dominoes": [filler] * 6}]
    return [json.dumps(header)] + [json.dumps({"move": m}) for m in moves]


def test_an_owner_s_share_is_a_record_line_and_a_record_without_one_takes_the_suggestion():
    from companion import records
    from companion.games import dynasty
    shares = [{"type": "Share", "seat": 0, "role": "warfare", "missions": [1]},
              {"type": "Share", "seat": 1, "role": "money", "missions": [1]}]
    chose = records.replay(_shared_out(shares)).state
    assert [m.status for m in chose.missions if m.round == 1] == ["passed", "failed", "failed"]
    share = Share(0, "warfare", (1,))
    assert dynasty.move_from_dict({"type": "Share", **dynasty.move_to_dict(share)}) == share
    # an older record, or a table where nobody answered: the suggestion passes two missions
    old = records.replay(_shared_out([])).state
    assert [m.status for m in old.missions if m.round == 1] == ["failed", "passed", "passed"]
    assert old.round == chose.round == 2
