"""Properties over random islands and random (seeded) playthroughs to the end."""
import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import IllegalMove
from companion.games.base import MASTER, TABLE, Viewer
from companion.games import island as G
from companion.games.island.moves import Correct, EndTurn, PlaceOpPieces
from companion.games.island import board as geo
from companion.games.island import layout
from companion.games.island.op import LAKE_PLACES

CHARACTERS = ["granddead", "achilles", "hempel", "theseus", "phil", "schrodie"]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_a_random_island_fills_the_hexagon_with_every_space(seed):
    isl = layout.build(layout.random_placements(random.Random(seed)))
    assert len(isl.spaces) == 37 == 14 * 2 + 3 * 3
    kinds = Counter(s.kind for s in isl.spaces)
    assert kinds == {"fruit": 7, "camp": 2, "oracle": 2, "mirage": 3, "knot": 3, "portal": 6,
                     "anomaly": 5, "lake": 9}
    assert Counter(s.value for s in isl.spaces if s.kind == "portal") == {"1": 2, "2": 2, "3": 2}
    for p in layout.find(isl, "portal"):
        twin = layout.portal_twin(isl, p)
        assert twin != p and layout.portal_twin(isl, twin) == p
    for shape in ("straight", "L-shaped", "triangular"):
        cells = layout.find(isl, "lake", shape)
        assert len(cells) == 3
        adjacent = sum(geo.direction_between(a, b) is not None for a in cells for b in cells) // 2
        assert adjacent == {"straight": 2, "L-shaped": 2, "triangular": 3}[shape]
    # the same placements, read back, make the same island
    assert layout.build(list(isl.placements)) == isl


def test_an_escher_knot_sends_every_entry_somewhere_else():
    isl = layout.build(layout.random_placements(random.Random(3)))
    for knot in layout.find(isl, "knot"):
        exits = [layout.knot_exit(isl, knot, d) for d in geo.DIRECTIONS]
        assert sorted(exits) == sorted(geo.DIRECTIONS)  # three arrows join the six sides
        for d in geo.DIRECTIONS:  # and each arrow works both ways
            back = geo.opposite(layout.knot_exit(isl, knot, d))
            assert layout.knot_exit(isl, knot, back) == geo.opposite(d)


@pytest.mark.parametrize("text, why", [
    (["lake-straight A1 0"], "needs all 17 tiles"),
    (["lake-straight A1 0", "lake-L A1 0"], "already covered"),
    (["lake-straight A4 0"], "sticks out"),
    (["volcano A1 0"], "no island tile"),
    (["lake-straight A1 9"], "turns 0 to 5"),
])
def test_a_bad_island_is_refused_with_a_reason(text, why):
    with pytest.raises(IllegalMove, match=why):
        layout.build(text)


def check_invariants(state):
    for p in state.pieces:
        assert p.space is None or p.space in geo.COORD
        assert 0 <= p.health <= p.max_health
        assert 0 <= p.energy <= p.max_energy
        if p.lying:
            assert layout.space(state.island, p.space).kind == "lake"
    for which in ("rock", "bush"):
        where = getattr(state, which)
        assert where is None or where in geo.COORD
    assert state.wave is None or state.wave in geo.OCEAN_PARTS or state.wave in LAKE_PLACES
    for b in state.boards:
        assert len(b.mission) <= 5
        assert len({s for _, s in b.mission if s}) == len([s for _, s in b.mission if s])
    if state.pending is not None:
        assert state.pending.options and len(set(state.pending.options)) == len(state.pending.options)


def playout(seed, players, cap=2500, characters=None):
    rng = random.Random(seed)
    chars = list(characters or CHARACTERS)
    if characters is None:
        rng.shuffle(chars)
    state = G.setup({"characters": chars[:players - 1]}, seed)
    moves = 0
    while not G.is_over(state) and moves < cap:
        legal = G.legal_moves(state)
        assert legal, "somebody must always be able to move"
        move = rng.choice(legal)
        data = json.loads(json.dumps(G.move_to_dict(move)))
        assert G.move_from_dict(data) == move
        before, snapshot = state, copy.deepcopy(state) if moves % 25 == 0 else state
        state, events = G.apply(state, move)
        assert before == snapshot  # the old state is kept intact for undo
        if moves % 25 == 0:
            assert G.apply(before, move)[0] == state  # and apply depends on nothing else
        assert all(e.text() for e in events)
        check_invariants(state)
        moves += 1
    return state, moves


@pytest.mark.parametrize("seed, players, characters", [
    (0, 2, None), (1, 3, None), (2, 4, ("granddead", "achilles", "hempel")),
    (5, 4, ("theseus", "phil", "schrodie")), (8, 2, ("granddead",)), (9, 2, ("achilles",))])
def test_random_playthroughs_reach_the_end(seed, players, characters):
    state, moves = playout(seed, players, characters=characters)
    assert G.is_over(state), f"no winner after {moves} moves"
    (winner,) = G.winners(state)
    scores = G.scores(state)
    if winner == 0:
        assert scores[0] == state.perish_goal == (4 if players == 2 else 5)
    else:
        assert scores[winner] == 5
    with pytest.raises(IllegalMove, match="over"):
        G.apply(state, EndTurn(state.turn))


def test_every_candidate_move_resolves_or_is_refused_in_words():
    """legal_moves tries every move it can think of: anything but IllegalMove would surface."""
    for seed in range(8):
        rng = random.Random(seed)
        state = G.setup({"island": "random", "characters": rng.sample(CHARACTERS, 3)}, seed)
        state = G.apply(state, PlaceOpPieces("south", layout.find(state.island, "anomaly")[0],
                                               layout.find(state.island, "fruit")[0]))[0]
        for _ in range(50):
            if G.is_over(state):
                break
            state, _ = G.apply(state, rng.choice(G.legal_moves(state)))
            check_invariants(state)


def test_the_ocean_has_six_parts_of_four_spaces_and_corners_touch_two():
    for part in geo.OCEAN_PARTS:
        assert len([s for s in geo.SPACES if part in geo.parts_of(s)]) == 4
    assert len(geo.SPACES) == 37 and len(geo.CORNERS) == 6
    assert all(len(geo.parts_of(c)) == 2 for c in geo.CORNERS)
    assert sorted(geo.DIRECTIONS) == sorted(["NW", "NE", "E", "SE", "SW", "W"])


# ---------------------------------------------------------------- no crash, whatever is played

TOKENS = list(G.catalog.power_tokens())
CRASH_GAMES = int(__import__("os").environ.get("ISLAND_CRASH_GAMES", "12"))


def crash_free_playout(seed, moves=250):
    """A random game: any character mix, the power tokens in a seeded order with a different
    one on top each game, every viewer's view and the legal-move list after every move.
    Anything raised but IllegalMove is a crash a table would meet."""
    rng = random.Random(seed)
    players = rng.choice((2, 3, 4))
    chars = rng.sample(CHARACTERS, players - 1)
    if seed % 2 and "hempel" not in chars:  # his palm boxes make his board the odd one
        chars[0] = "hempel"
    stack = TOKENS[seed % len(TOKENS):] + TOKENS[:seed % len(TOKENS)]
    state = G.setup({"characters": chars, "power_tokens": stack}, seed)
    played = 0
    for _ in range(moves):
        for viewer in [TABLE] + [Viewer.of_seat(s) for s in range(state.players)]:
            json.dumps(G.view(state, viewer))
        master = json.loads(json.dumps(G.view(state, MASTER)))  # the legal-move list is in it
        if G.is_over(state):
            break
        legal = [G.move_from_dict(m) for m in master["legal"]]
        assert legal, "somebody must always be able to move"
        if state.phase == "play" and rng.random() < 0.08:  # the OP's hand, now and then
            try:
                state, _ = G.apply(state, random_correction(rng, state))
            except IllegalMove:
                pass
        else:
            state, _ = G.apply(state, rng.choice(legal))
        check_invariants(state)
        played += 1
    return played


def random_correction(rng, state):
    """Any correction the OP's phone could send, sensible or not."""
    what = rng.choice(("place", "health", "energy", "fruit", "mark"))
    name = rng.choice([p.name for p in state.pieces] + ["Wave", "Rock", "Bush"])
    space = rng.choice(geo.SPACES + geo.OCEAN_PARTS + ("the straight lake",))
    return Correct(what, piece=name, space=space, value=rng.choice(("0", "1", "3", "9", "circled",
                                                                      "crossed", "", "camp")),
                   fruit=rng.choice(G.catalog.fruits()))


def test_random_games_with_every_mix_and_token_never_crash():
    """A few thousand random moves; ISLAND_CRASH_GAMES=2000 plays many more games."""
    played = sum(crash_free_playout(seed) for seed in range(CRASH_GAMES))
    assert played > 1500
