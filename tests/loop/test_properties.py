"""Random legal games: every hand is played each day, parts are conserved, scores are points
less penalties. LOOP_SEEDS=200 plays more games."""
import os
import random
from collections import Counter

import pytest

from companion.games import loop
from companion.games.base import IllegalMove

SEEDS = range(int(os.environ.get("LOOP_SEEDS", "12")))
OPTIONS = [{"players": 2}, {"players": 3}, {"players": 4},
           {"players": 3, "future": "yes", "office": "yes", "extra_anomalies": "yes"}]


def all_parts(state):
    """Every part wherever it is: stores, machines, the supply and the penalty areas."""
    count = Counter()
    for i, (kind, _) in enumerate(state.kinds):
        count[kind] += state.stores[i] + state.supply[i]
    for p in state.seats:
        for machine in p.machines:
            count.update(machine)
        count.update(p.scrapped)
    return count


def play(options, seed, check=None):
    state = loop.setup(options, seed)
    rng = random.Random(seed)
    start = all_parts(state)
    while not loop.is_over(state):
        moves = loop.legal_moves(state)
        assert moves, "no legal move, but the game is not over"
        before = state
        state, _ = loop.apply(state, rng.choice(moves))
        assert all_parts(state) == start
        if check:
            check(before, state)
    return state


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games(options, seed):
    def check(before, after):
        if after.day != before.day or after.phase == "over":
            # the day ended: every player still in played their whole hand (3 cards a day
            # before) and exactly 3 new actions, and takes those 3 x day cards up in order
            day = before.day
            for s, a in enumerate(after.seats):
                if a.removed:
                    continue
                turns = [t for t in after.history if t.seat == s and t.day == day]
                assert len(turns) == 3 * day and sum(t.new for t in turns) == 3
                assert [t.new for t in turns].count(False) == 3 * (day - 1)
                if after.phase != "over":
                    assert list(a.hand) == [t.card for t in turns]
    state = play(options, seed, check)
    for s, p in enumerate(state.seats):
        pen = {"scrapped": len(p.scrapped), "ads": 3 * p.unfulfilled,
               "cracks": {0: 0, 1: 1, 2: 3}.get(p.cracks, 6)}
        assert loop.scores(state)[s] == p.points - sum(pen.values())
        if not p.removed:
            assert p.hand == () and len(p.placed) == 9 and sum(n for _, n in p.placed) == 3
            assert p.cracks <= 3
        else:
            assert p.cracks == 4
    # the score track is the launches' points (and the Office's)
    for s, p in enumerate(state.seats):
        launched = sum(t.points for t in state.history if t.seat == s)
        assert p.points >= launched and (not state.office or p.points - launched <= 6)
        if not state.office:
            assert p.points == launched


@pytest.mark.parametrize("seed", SEEDS)
def test_every_legal_move_is_accepted_and_nothing_else_is_offered(seed):
    state = loop.setup({"players": 3}, seed)
    rng = random.Random(seed)
    while not loop.is_over(state):
        moves = loop.legal_moves(state)
        assert len(set(moves)) == len(moves)
        other = (state.turn + 1) % state.players
        for m in moves[:3]:
            with pytest.raises(IllegalMove):  # nobody else may play
                loop.apply(state, type(m)(**{**m.__dict__, "seat": other}))
        state, _ = loop.apply(state, rng.choice(moves))
