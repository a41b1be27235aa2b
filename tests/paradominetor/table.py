"""Small helpers for driving a Paradominetor table in tests."""
from companion.games import paradominetor as P
from companion.games.base import Viewer
from companion.games.paradominetor.moves import Pass, Play, Reveal
from companion.games.paradominetor.rules import _sorted_hand
from companion.games.paradominetor.tiles import TIMEFRAMES, parse_tile


def new(seats=4, **options):
    """A real-table game (hands unknown), P1 (seat 0) leads unless told otherwise."""
    return P.setup({"seats": seats, **options}, seed=1)


def trick(state, *tiles, declare=None):
    """Plays tiles in order from the seat to play; the first may declare. Returns state, events."""
    events = []
    for i, tile in enumerate(tiles):
        state, ev = P.apply(state, Play(state.to_play, tile, declare if i == 0 else None))
        events += ev
    return state, events


def reveal(state, backs: dict):
    """Reads the backs of flipped tiles: {seat: timeframe}, in that order."""
    events = []
    for seat, timeframe in backs.items():
        state, ev = P.apply(state, Reveal(seat, timeframe))
        events += ev
    return state, events


def last(state):
    """The last trick played, as the table sees it."""
    return P.view(state, Viewer("table"))["tricks"][-1]


def dealt(seats=4, seed=3, hands=None, **options):
    """A dealt game past the Pass phase. `hands` (per seat, tile strings) replaces the deal."""
    state = P.setup({"seats": seats, "deal": True, **options}, seed=seed)
    if hands is not None:
        from dataclasses import replace
        return replace(state, hands=tuple(_sorted_hand(map(parse_tile, h)) for h in hands),
                       passes=None, phase="play")
    for seat in range(seats):
        hand = state.hands[seat]
        chosen = [next(str(t) for t in hand if t.timeframe == tf) for tf in TIMEFRAMES]
        state, _ = P.apply(state, Pass(seat, tuple(chosen)))
    return state
