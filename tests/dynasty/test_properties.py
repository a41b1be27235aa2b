"""Random legal games to the end: after every move the maps obey the placement rules, lie on the
mat's printed squares, and every role's strength equals the independent reference. DYNASTY_SEEDS=50 plays more games."""
import os
import random

import pytest

from companion.games import dynasty
from companion.games.dynasty import power

from . import reference as ref

SEEDS = range(int(os.environ.get("DYNASTY_SEEDS", "6")))
ROLE_ICONS = set(ref.ROLE_TERRAIN)


def extent(m):
    xs = [c[0] for c in m]
    ys = [c[1] for c in m]
    return (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) if m else (0, 0)


def touching(m):
    for (x, y), sq in m.items():
        for side, (dx, dy, back) in ref.MOVES.items():
            other = (x + dx, y + dy)
            if other in m and m[other][3] != sq[3]:
                yield (x, y), side, other, back


def lies_on_the_mat(before, state):
    """Every map lies on the mat's 8x8 printed squares at its shift; a map moves only when it
    must, and then the least (docs/rulings.md (oo)): checked by trying every shift."""
    from companion.games.dynasty.state import PERSONAL, SHARED
    for where, seat in [(SHARED, None)] + [(PERSONAL, s) for s in range(state.config.players)]:
        cells = [c for c, _ in (state.shared if where == SHARED else state.personal[seat])]
        was, now = before.shift(where, seat), state.shift(where, seat)
        fitting = [(dx, dy) for dx in range(-8, 9) for dy in range(-8, 9)
                   if all(0 <= x + dx < 8 and 0 <= y + dy < 8 for x, y in cells)]
        if not cells:
            continue
        assert now in fitting, (where, seat, now)
        least = min(abs(dx - was[0]) + abs(dy - was[1]) for dx, dy in fitting)
        assert abs(now[0] - was[0]) + abs(now[1] - was[1]) == least, (where, seat, was, now)


def check(state, relaxed, strength=True):
    """The maps obey the placement rules; with `strength` (no Proximity Papa icons or events,
    which the reference does not count) every strength is the reference's."""
    cfg = state.config
    shared = ref.from_state(state.shared)
    starts = {c for _, cells in state.starts for c in cells}
    assert max(extent(shared)) <= 8
    for a, side, b, back in touching(shared):
        if not {a, b} <= starts and "shared" not in relaxed:
            assert shared[a][0] == shared[b][0], f"terrains differ between {a} and {b}"
    table = power.strengths(state)
    for seat in range(cfg.players):
        m = ref.from_state(state.personal[seat])
        assert max(extent(m)) <= 8
        if seat not in relaxed:
            for a, side, b, back in touching(m):
                assert (side in m[a][2]) == (back in m[b][2]), f"paths differ between {a} and {b}"
        if not strength:
            continue
        for sq in m.values():
            if sq[1] in ROLE_ICONS and sq[1] in cfg.in_game:
                assert sq[1] in cfg.roles[seat], f"seat {seat} handled the {sq[1]} icon"
        for role in cfg.roles[seat]:
            bonus = sum(v for s, k, v in state.effects if s == seat and k == "extra_score")
            small = any(s == seat and k == "small_province" for s, k, _ in state.effects)
            want = ref.strength(m, shared, role, dict(state.starts)[role], small) + bonus
            assert table[role]["strength"] == want, role


@pytest.mark.parametrize("seed", SEEDS)
def test_random_legal_games_keep_the_rules_and_the_reference_strength(seed):
    rng = random.Random(seed)
    players = 1 + seed % 5
    options = {"players": players, "mode": ["cooperative", "competitive"][seed % 2],
               "goblin": "yes" if seed % 3 == 2 else "no",  # corrupters, goblins and wildcards
               "powers": "yes" if seed % 2 else "no",  # the Sister, the Sibling and the Aunt
               "proximity": "yes" if seed % 4 == 1 else "no"}  # its icons and a random event each round
    state = dynasty.setup(options, seed)
    relaxed = set()
    for _ in range(1500):
        if dynasty.is_over(state):
            break
        moves = dynasty.legal_moves(state)
        assert moves, f"no legal move in phase {state.phase}"
        before, move = state, rng.choice(moves)
        state, _ = dynasty.apply(state, move)
        lies_on_the_mat(before, state)
        if getattr(move, "power", False) is True:  # the Uncle of Infrastructure's mismatched placement
            relaxed |= {"shared" if move.map == "shared" else move.seat}
        relaxed |= {s for s, k, _ in state.effects if k == "ignore_placement"}
        # a reward's turn ignores the placement rules, and a domino taken off shows what it
        # covered again, matching or not (docs/rulings.md (bb), (dd))
        relaxed |= {t.seat for t in state.tasks if t.kind == "turn" and not t.bound}
        relaxed |= {s for s, m in enumerate(state.personal) if any(sq.below for _, sq in m)}
        relaxed |= {"shared"} if any(sq.below for _, sq in state.shared) else set()
        check(state, relaxed, strength=options["proximity"] == "no")
    assert dynasty.is_over(state)
    if state.config.mode == "cooperative":
        table = power.strengths(state)
        weakest = min(table[r]["strength"] for r in state.config.in_game)
        assert set(dynasty.scores(state).values()) == {weakest}
