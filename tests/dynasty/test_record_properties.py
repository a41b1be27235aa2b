"""Random placement records, each line judged by `paradox-table replay`'s own code and by the
independent reference: they agree on every placement and on every strength. DYNASTY_SEEDS=50
tries more records."""
import json
import os
import random

import pytest

from companion import records
from companion.records import RecordError

from . import reference as ref

SEEDS = range(int(os.environ.get("DYNASTY_SEEDS", "6")))
TERRAINS = ["lava", "desert", "stone", "plains", "grass"]
ICONS = [None] * 6 + ["person"] * 4 + ["neutral", "warfare", "money", "goods", "magician", "knife",
                                        "thief", "hole"]
ROLES = ["warfare", "money", "infrastructure", "housing", "goods"]


def random_half(rng):
    paths = "".join(s for s in "NESW" if rng.random() < 0.5)
    return (rng.choice(TERRAINS), rng.choice(ICONS), paths)


def neighbours(m):
    return sorted({(x + dx, y + dy) for x, y in m for dx, dy, _ in ref.MOVES.values()} - set(m))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_records_agree_with_the_reference(seed):
    rng = random.Random(seed)
    players = rng.randint(1, 5)
    dealt = rng.sample(ROLES, players)
    roles = dict(enumerate(dealt))
    lines = [{"game": "dynasty", "players": players, "roles": {str(s): r for s, r in roles.items()}}]
    maps = {"shared": {}}
    starts = {}
    for i, role in enumerate(ROLES):
        cells = [(2, 1 + i), (3, 1 + i)]
        starts[role] = cells
        lines.append({"start": {"map": "shared", "role": role, "cells": [list(c) for c in cells]}})
        t = ref.ROLE_TERRAIN[role]
        maps["shared"].update({cells[0]: (t, role, "NESW", 0), cells[1]: (t, None, "NESW", 0)})
    for s in range(players):
        lines.append({"start": {"map": "personal", "seat": s, "cells": [[0, 0], [1, 0]]}})
        t = ref.ROLE_TERRAIN[roles[s]]
        maps[s] = {(0, 0): (t, roles[s], "NESW", 0), (1, 0): (t, None, "NESW", 0)}
    accepted = 0
    for step in range(60):
        seat = rng.randrange(players)
        where = rng.choice(["shared", "personal"])
        m = maps["shared"] if where == "shared" else maps[seat]
        first = rng.choice(neighbours(m) + [(rng.randint(-2, 9), rng.randint(-2, 9))])
        dx, dy, _ = rng.choice(list(ref.MOVES.values()))
        cells = [first, (first[0] + dx, first[1] + dy)]
        halves = [random_half(rng), random_half(rng)]
        if where == "shared" and rng.random() < 0.7:  # mostly try the terrain the map asks for
            touching = [m[(c[0] + ex, c[1] + ey)][0] for c in cells for ex, ey, _ in ref.MOVES.values()
                        if (c[0] + ex, c[1] + ey) in m]
            if touching:
                halves = [(touching[0],) + h[1:] for h in halves]
        line = {"place": {"seat": seat, "map": where, "cells": [list(c) for c in cells],
                          "halves": [{"terrain": t, "icon": i, "paths": p} for t, i, p in halves]}}
        legal = ref.placement_ok(maps, roles, seat, where, cells, halves)
        text = [json.dumps(x) for x in lines + [line]]
        try:
            rep = records.replay(text)
        except RecordError as exc:
            assert not legal, f"refused a legal placement: {exc}"
            assert str(exc).startswith(f"line {len(text)}: ")
            continue
        assert legal, f"accepted an illegal placement: {line}"
        accepted += 1
        lines.append(line)
        for c, h in zip(cells, halves):
            m[c] = h + (step + 1,)
        got = records.result(rep)["placements"][-1]["strength"]
        for s, role in roles.items():
            assert got[role] == ref.strength(maps[s], maps["shared"], role, starts[role]), role
        absent = [r for r in ROLES if r not in dealt]
        for role in absent:
            assert got[role] == max(got[r] for r in dealt)
    assert accepted >= 3  # the records do grow
