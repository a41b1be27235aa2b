"""Laying out islands for the rulebook's examples and putting pieces where an example needs them."""
import random
from dataclasses import replace

from companion.games import island as G
from companion.games.island import board as geo
from companion.games.island import catalog, layout
from companion.games.island.state import piece, set_piece


def island(fixed=None, seed=1):
    return layout.build(layout.random_placements(random.Random(seed), fixed))


def game(fixed=None, seed=1, characters=("phil", "schrodie", "theseus"), anomalies=None,
         wave="north", rock=None, bush=None, fruits=None, **options):
    """A game in play on an island with `fixed` spaces; `anomalies` pins tokens {space: token}."""
    placements = layout.random_placements(random.Random(seed), fixed)
    isl = layout.build(placements)
    spaces = layout.find(isl, "anomaly")
    wanted = dict(anomalies or {})
    spare = [t for t in catalog.anomaly_tokens() if t not in wanted.values()]
    laid = {s: wanted.get(s) or spare.pop(0) for s in spaces}
    rock = rock or spaces[0]
    fruit_spaces = {layout.space(isl, s).value: s for s in layout.find(isl, "fruit")}
    bush = bush or fruit_spaces["apple"]
    free = [f for f in catalog.fruits() if fruit_spaces[f] != bush]
    names = list(characters) + ([options["second_piece"]] if "second_piece" in options else [])
    fruits = fruits or {n: free[i] for i, n in enumerate(names)}
    opts = dict(island=list(placements), characters=list(characters), anomalies=laid, wave=wave,
                rock=rock, bush=bush, starting_fruits=fruits, **options)
    return G.setup(opts, seed)


def at(space, direction, times=1):
    for _ in range(times):
        space = geo.step(space, direction)
    return space


def put(state, name, space, lying=False, **changes):
    return set_piece(state, name, space=space, lying=lying, **changes)


def turn_of(state, seat):
    """Make it `seat`'s turn, with fresh actions."""
    acting = G.captive.pieces_of(state, seat)[0].name if seat and state.players > 2 else None
    return replace(state, turn=seat, actions=3 if seat == 0 else 2, acting=acting, pending=None)


def seat_of(state, name):
    return piece(state, name).seat


def words(events):
    return [e.words for e in events]


def play(state, *moves):
    """Apply moves in order; the final state and every event."""
    events = []
    for m in moves:
        state, ev = G.apply(state, m)
        events += ev
    return state, events


def space_of(state, kind, value=None):
    return layout.find(state.island, kind, value)
