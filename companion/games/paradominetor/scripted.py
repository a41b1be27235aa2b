"""Scripted Paradominetor games: a legal game with every tile known, from a seed.

Used where a whole game must be played without people: the end-to-end test, the benchmark,
and a demonstration record. The companion deals, every seat passes its first tile of each
timeframe, and each seat plays a legal tile, preferring one that causes a paradox so that
flips happen.
"""
from __future__ import annotations

from . import rules


def scripted_game(seed: int, seats: int = 3, names=None):
    """(tricks, final state): tricks as record plays, e.g. {"seat": 0, "tile": "red-3-past"}."""
    options = {"seats": seats, "deal": True}
    if names:
        options["names"] = list(names)
    state = rules.setup(options, seed)
    for seat in range(seats):
        pick = {t.timeframe: str(t) for t in state.hands[seat]}
        state, _ = rules.apply(state, rules.Pass(seat, (pick["past"], pick["present"], pick["future"])))
    tricks = []
    while not rules.is_over(state):
        plays = []
        for _ in range(seats):
            options = rules.legal_plays(state)
            move = next((m for m in options if _makes_paradox(state, m)), options[-1])
            state, _ = rules.apply(state, move)
            plays.append({"seat": move.seat, "tile": move.tile,
                          **({"declare": move.declare} if move.declare else {})})
        tricks.append(plays)
    return tricks, state


def _makes_paradox(state, move) -> bool:
    tile = rules.parse_tile(move.tile)
    return tile.colour != "black" and any(p.tile.face == tile.face for p in state.trick)
