"""Strands, the drop and the refill, through `paradox-table replay`'s record lines, each case
also checked against the independent reference in reference.py."""
import json
import os
import random

import pytest

from companion import records

from .reference import action

BAG = ["W1", "B2", "K3", "R1", "R2", "Y3", "B1", "Y1", "K2", "W3", "B3", "Y2", "K1", "W2"]
# A filler with no run of two in any row or column: every case below is made by its own cells.
FILL = [["RYBKW"[(2 * r + c) % 5] + str((r + 2 * c) % 3 + 1) for c in range(5)] for r in range(5)]


def grid(**cells):
    """The filler with cells replaced: grid(c2_1="R1") puts R1 at row 2, column 1."""
    g = [row[:] for row in FILL]
    for key, p in cells.items():
        r, c = map(int, key[1:].split("_"))
        g[r][c] = p
    return [" ".join(row) for row in g]


def run(rows, *lines, locks=(), bag=BAG, anomaly=("R1", "Y2", "W3")):
    text = [{"game": "initiative", "players": 2},
            {"matrix": {"seat": 0, "rows": rows, "locks": [list(x) for x in locks]}},
            {"anomaly": list(anomaly)}, {"bag": list(bag)}, *lines]
    rep = records.replay([json.dumps(x) for x in text])
    return records.result(rep)


def swap(a, b):
    return {"swap": {"seat": 0, "a": a, "b": b}}


def check(rows, a, b, locks=(), anomaly=("R1", "Y2", "W3")):
    """The rules' answer for one swap, asserted equal to the reference's; returned."""
    got = run(rows, swap(a, b), locks=locks, anomaly=anomaly)["actions"][0]
    found, earned, after, claimed = action(rows, locks, a, b, BAG, anomaly)
    assert sorted(sorted(map(tuple, s["cells"])) for s in got["strands"]) == sorted(found)
    assert got["earned"] == earned
    assert got["rows"] == after
    assert sorted(map(tuple, got["nexus"])) == claimed
    return got


def test_the_filler_has_no_strand_to_start_with():
    got = run(grid(), swap([0, 0], [0, 3]))["actions"][0]
    assert got["strands"] == [] and got["earned"] == 0


def test_a_single_red_strand_of_four_earns_one_and_turns_the_red_switch_on():
    # row 2: R R R . R with Y at [2, 3]; swap the R at [0, 3] (same symbol as the Y) into it
    rows = grid(c2_0="R1", c2_1="R2", c2_2="R3", c2_3="Y1", c0_3="R1")
    got = check(rows, [2, 3], [0, 3])
    assert [s["colour"] for s in got["strands"]] == ["red"]
    assert got["strands"][0]["cells"] == [[2, 0], [2, 1], [2, 2], [2, 3]]
    assert got["earned"] == 1 and got["switches"] == ["red"]


def test_a_five_run_earns_two():
    rows = grid(c1_0="B1", c1_1="B2", c1_2="B3", c1_3="B1", c1_4="K2", c3_4="B2")
    got = check(rows, [1, 4], [3, 4])
    assert len(got["strands"][0]["cells"]) == 5 and got["earned"] == 2
    assert got["switches"] == ["blue"]


def test_two_strands_at_once_one_for_each_swapped_particle():
    # the swap puts a yellow into row 0 and a black into row 4
    rows = grid(c0_0="Y1", c0_1="Y2", c0_2="Y3", c0_3="K1",
                c4_0="K2", c4_1="K3", c4_2="K2", c4_3="Y1")
    got = check(rows, [0, 3], [4, 3])
    assert sorted(s["colour"] for s in got["strands"]) == ["black", "yellow"]
    assert got["earned"] == 2 and got["switches"] == ["yellow"]


def test_an_l_shares_its_corner():
    rows = grid(c4_1="W1", c4_2="W2", c4_3="W3", c3_0="W1", c2_0="W2", c1_0="W3", c4_0="R1",
                c0_0="W1")
    # W at [0, 0] is in the column already; put a W1 at the corner [4, 0] from the anomaly? no:
    # swap the R1 at the corner with the anomaly's... symbol 1 is R1 there; use W1 at [0, 4]
    rows = grid(c4_1="W1", c4_2="W2", c4_3="W3", c3_0="W1", c2_0="W2", c1_0="W3", c4_0="R1",
                c0_4="W1")
    got = check(rows, [4, 0], [0, 4])
    cells = {tuple(c) for s in got["strands"] for c in s["cells"]}
    assert len(got["strands"]) == 2 and len(cells) == 7 and got["earned"] == 2


def test_a_t_and_a_cross():
    t = grid(c2_0="K1", c2_1="K2", c2_3="K3", c2_4="K1", c3_2="K2", c4_2="K3", c1_2="K1",
             c2_2="Y2", c0_0="K2")
    got = check(t, [2, 2], [0, 0])
    assert len(got["strands"]) == 2 and got["earned"] == 3  # a row of 5 and a column of 4
    cross = grid(c2_0="B1", c2_1="B2", c2_3="B3", c2_4="B1", c0_2="B2", c1_2="B3", c3_2="B1",
                 c4_2="B2", c2_2="R3", c0_0="B3")
    got = check(cross, [2, 2], [0, 0])
    cells = {tuple(c) for s in got["strands"] for c in s["cells"]}
    assert len(cells) == 9 and got["earned"] == 4


def test_a_swap_with_the_anomaly():
    rows = grid(c3_0="W1", c3_1="W2", c3_2="W3", c3_3="Y3")
    got = check(rows, [3, 3], "anomaly:2", anomaly=("R1", "Y2", "W3"))
    assert got["anomaly"] == ["R1", "Y2", "Y3"] and got["earned"] == 1 and got["switches"] == []


def test_a_locked_column_drops_only_below_the_lock_and_the_strand_through_it_claims_the_nexus():
    rows = grid(c4_0="R1", c4_1="R2", c4_2="R3", c4_3="Y1", c0_3="R1")
    got = check(rows, [4, 3], [0, 3], locks=[(2, 1), (4, 2)])
    assert got["nexus"] == [[4, 2]]
    # column 1: the lock at [2, 1] holds it and what is above; the strand's cell [4, 1] is below
    before = [r.split() for r in rows]
    after = [r.split() for r in got["rows"]]
    assert [after[r][1] for r in range(3)] == [before[r][1] for r in range(3)]
    assert after[4][1] == before[3][1]


def test_locked_particles_never_swap():
    with pytest.raises(records.RecordError, match="line 5: .*locked"):
        run(grid(), swap([4, 0], [4, 3]), locks=[(4, 0)])


def test_a_four_made_by_the_refill_waits_and_grows_to_five_by_a_later_swap():
    # a red strand in row 4: the columns drop, and the bag's four yellows refill row 0
    rows = grid(c4_0="R1", c4_1="R2", c4_2="R3", c4_3="Y1", c0_3="R1")
    bag = ["Y1", "Y2", "Y3", "Y1"] + BAG
    lines = [swap([4, 3], [0, 3])]
    first = run(rows, *lines, bag=bag)["actions"][0]
    after = [r.split() for r in first["rows"]]
    assert [p[0] for p in after[0][:4]] == ["Y"] * 4  # the refill made a run of four: it waits
    assert first["earned"] == 1 and [s["colour"] for s in first["strands"]] == ["red"]
    # a later swap brings a yellow of the fifth cell's symbol into it: a five, two earned
    want = after[0][4][1]
    src = next((r, c) for r in range(1, 5) for c in range(5)
               if after[r][c] == "Y" + want)
    second = run(rows, *lines, swap([0, 4], list(src)), bag=bag)["actions"][1]
    assert len(second["strands"][0]["cells"]) == 5 and second["earned"] == 2


def test_a_run_made_by_the_refill_is_resolved_by_spending_an_action():
    rows = grid(c4_0="R1", c4_1="R2", c4_2="R3", c4_3="Y1", c0_3="R1")
    bag = ["Y1", "Y2", "Y3", "Y1"] + BAG
    out = run(rows, swap([4, 3], [0, 3]), {"resolve": {"seat": 0, "at": [0, 2]}}, bag=bag)
    second = out["actions"][1]
    assert second["strands"][0]["colour"] == "yellow" and second["earned"] == 1
    with pytest.raises(records.RecordError, match="line 5: no run"):
        run(rows, {"resolve": {"seat": 0, "at": [0, 0]}}, bag=bag)


SEEDS = int(os.environ.get("INITIATIVE_SEEDS", "150"))


def test_random_matrices_agree_with_the_reference():
    """Few colours so strands are common; every shape the reference finds is met."""
    shapes = set()
    for seed in range(SEEDS):
        rng = random.Random(seed)
        colours = rng.sample("RYBKW", 2)
        rows = [" ".join(rng.choice(colours) + rng.choice("123") for _ in range(5)) for _ in range(5)]
        locks = [(rng.randrange(5), rng.randrange(5))] if seed % 3 == 0 else []
        cells = [(r, c) for r in range(5) for c in range(5) if (r, c) not in locks]
        flat = [r.split() for r in rows]
        pairs = [(a, b) for a in cells for b in cells if a < b and flat[a[0]][a[1]][1] == flat[b[0]][b[1]][1]]
        a, b = rng.choice(pairs)
        bag = [rng.choice("RYBKW") + rng.choice("123") for _ in range(25)]
        got = run(rows, swap(list(a), list(b)), locks=locks, bag=bag)["actions"][0]
        found, earned, after, claimed = action(rows, locks, list(a), list(b), bag)
        assert sorted(sorted(map(tuple, s["cells"])) for s in got["strands"]) == sorted(found), seed
        assert (got["earned"], got["rows"], sorted(map(tuple, got["nexus"]))) == (earned, after, claimed), seed
        if len(found) > 1:
            shared = set(found[0]) & set(found[1])
            shapes.add("shared" if shared else "double")
        shapes.update(len(s) for s in found)
        if claimed:
            shapes.add("nexus")
    assert {4, 5, "shared", "nexus"} <= shapes
