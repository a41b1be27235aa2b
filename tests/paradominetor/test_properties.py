"""Thousands of random legal games: the invariants every game must keep.

Each seed deals a game (3, 4 or 5 players, either passing direction, any first lead), passes
random tiles and plays random legal tiles; the same tiles are then fed to a real-table game, once
face-only with the paradox tiles flipped and once with their backs known from a record.
"""
import functools
import json
import pickle
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.games import IllegalMove, MASTER, TABLE, Viewer
from companion.games import paradominetor as P
from companion.games.paradominetor.moves import Pass, Play, Reveal, RevokeFound
from companion.games.paradominetor.rules import legal_plays
from companion.games.paradominetor.tiles import BLACK, COLOURS, TIMEFRAMES, TRICKS, tile_set

GAMES = 1200
BLOCK = 100
CAREFUL = 20  # every CAREFUL-th game also checks views, refusals and immutability at every move


def random_game(seed):
    """A dealt game played to the end. Returns the final state and every (state, move) on the way."""
    rng = random.Random(seed)
    seats = 3 + seed % 3
    options = {"seats": seats, "deal": True, "variant": rng.choice(["standard", "advanced"]),
               "first_lead": rng.randrange(seats)}
    state = P.setup(options, seed)
    steps = []
    for seat in rng.sample(range(seats), seats):
        hand = state.hands[seat]
        move = Pass(seat, tuple(str(rng.choice([t for t in hand if t.timeframe == tf]))
                                  for tf in TIMEFRAMES))
        steps.append((state, move))
        state, _ = P.apply(state, move)
    while not P.is_over(state):
        move = rng.choice(legal_plays(state))
        steps.append((state, move))
        state, _ = P.apply(state, move)
    return state, steps


def check_tricks(state):
    seats = state.seats
    assert len(state.done) == TRICKS and P.is_over(state)
    played = [p.tile for r in state.done for p in r.plays]
    assert Counter(played) == Counter(tile_set(state.colours))  # every tile exactly once
    scores, halves = [0.0] * seats, [0] * seats
    lead = state.done[0].lead
    for r in state.done:
        assert r.lead == lead
        assert [p.seat for p in r.plays] == [(lead + i) % seats for i in range(seats)]
        points = dict(r.points)
        total = sum(points.values())
        if r.paradox is None:
            assert len(points) == 1 and total == 1
        elif r.paradox == "black 0" and len(points) == seats:
            assert set(points.values()) == {0.5} and r.next_lead == r.lead
        else:
            k = len(points)
            assert k >= 2 and total == 1 + 0.5 * (k - 1)
            assert sorted(points.values()) == [0.5] * (k - 1) + [1.0]
        ones = [s for s, pts in points.items() if pts == 1]
        if ones:
            assert r.next_lead == ones[0]  # the 1-point scorer leads next
        for s, pts in points.items():
            scores[s] += pts
            halves[s] += pts == 0.5
        lead = r.next_lead
    assert state.lead == lead
    assert list(state.scores) == scores and list(state.halves) == halves
    assert sum(scores) >= TRICKS
    best = max(zip(scores, (-h for h in halves)))
    assert P.winners(state) == [s for s in range(seats) if (scores[s], -halves[s]) == best]
    assert state.revokes == ()


def check_views(state):
    """Hands stay behind their screens; a back shows only once its tile is flipped."""
    table = P.view(state, TABLE)
    assert "hand" not in table and "hands" not in table
    for trick in table["tricks"]:
        shown = {p["seat"] for p in trick["plays"] if "timeframe" in p}
        assert shown == (set(trick["winners"]) if trick["paradox"] else set())
    assert not any("timeframe" in p for p in table["current_trick"])
    for seat in range(state.seats):
        mine = P.view(state, Viewer.of_seat(seat))
        assert mine["hand"] == [str(t) for t in state.hands[seat]] and "hands" not in mine
        text = json.dumps(mine)
        for other in range(state.seats):
            for t in state.hands[other]:
                if other != seat and t.colour != BLACK:
                    assert str(t) not in text
        public = {k: v for k, v in mine.items() if k not in ("hand", "passed", "you")}
        assert public == {k: v for k, v in table.items()}
    master = P.view(state, MASTER)
    assert master["hands"] == {str(s): [str(t) for t in h] for s, h in enumerate(state.hands)}


def replay_at_a_table(final, face_only):
    """The dealt game's tiles, as a camera (faces, then flips) or a record (backs known) reports them."""
    state = P.setup({"seats": final.seats, "first_lead": final.done[0].lead}, final.seed)
    for r in final.done:
        for p in r.plays:
            tile = (p.tile.face if p.tile.colour != BLACK else "black-0") if face_only else str(p.tile)
            state, events = P.apply(state, Play(p.seat, tile, p.declare))
            assert not any(isinstance(e, RevokeFound) for e in events)
        if state.phase == "flip":
            assert face_only
            waiting = P.view(state, TABLE)["awaiting_flip"]
            backs = {q.seat: q.tile.timeframe for q in r.plays}
            # only the winning paradox flips, and black backs are known to be past
            assert waiting == [s for s in r.winners if r.paradox != "black 0"]
            for seat in waiting:
                state, _ = P.apply(state, Reveal(seat, backs[seat]))
        assert state.phase in ("play", "over")
        done = state.done[-1]
        assert (done.winners, done.points, done.next_lead) == (r.winners, r.points, r.next_lead)
    assert state.scores == final.scores and P.winners(state) == P.winners(final)
    assert state.revokes == ()


@pytest.mark.parametrize("start", range(0, GAMES, BLOCK))
def test_random_games_keep_every_invariant(start):
    for seed in range(start, start + BLOCK):
        final, steps = random_game(seed)
        check_tricks(final)
        replay_at_a_table(final, face_only=True)
        replay_at_a_table(final, face_only=False)
        if seed % CAREFUL:
            continue
        for state, move in steps:
            check_views(state)
            frozen = pickle.dumps(state)
            after, _ = P.apply(state, move)
            assert pickle.dumps(state) == frozen and after != state  # apply never mutates its input
            if isinstance(move, Play):
                legal = {m.tile for m in legal_plays(state)}
                for t in set(state.hands[move.seat]):
                    if str(t) not in legal:
                        with pytest.raises(IllegalMove, match="must follow"):
                            P.apply(state, Play(move.seat, str(t)))
                assert pickle.dumps(state) == frozen
        check_views(final)


# ---------------------------------------------------------------- anything a camera or a phone may send

@functools.cache
def states_of(seed):
    return [state for state, _ in random_game(seed)[1]]


tile_text = st.one_of(
    st.builds(lambda c, v, tf: f"{c}-{v}" + (f"-{tf}" if tf else ""),
              st.sampled_from(COLOURS + ("black", "orange")), st.integers(-1, 7),
              st.sampled_from([None, "past", "present", "future", "later"])),
    st.text(max_size=12), st.integers(), st.none())
seat = st.one_of(st.integers(-1, 5), st.booleans(), st.text(max_size=2))
move_dict = st.one_of(
    st.fixed_dictionaries({"type": st.just("Play"), "seat": seat, "tile": tile_text},
                          optional={"declare": st.one_of(st.sampled_from(COLOURS), st.none(), st.integers())}),
    st.fixed_dictionaries({"type": st.just("Reveal"), "seat": seat,
                           "timeframe": st.one_of(st.sampled_from(TIMEFRAMES), st.text(max_size=6), st.integers())}),
    st.fixed_dictionaries({"type": st.just("Pass"), "seat": seat,
                           "tiles": st.one_of(st.lists(tile_text, max_size=4), tile_text)}),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
)


@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(game=st.integers(0, 2), at=st.integers(0, 70), moves=st.lists(move_dict, min_size=1, max_size=4))
def test_any_move_is_either_played_or_refused_in_words(game, at, moves):
    states = states_of(game)
    state = states[min(at, len(states) - 1)]
    for data in moves:
        frozen = pickle.dumps(state)
        try:
            state, events = P.apply(state, data)
        except IllegalMove as refusal:
            assert str(refusal) and pickle.dumps(state) == frozen
        else:
            assert all(isinstance(e.text(), str) for e in events)
