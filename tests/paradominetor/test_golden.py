"""Golden playthroughs (OpenSpiel style): every viewer's view after every move, kept in golden/.

The moves are read back from the file, so a change in how the rules see a move, or in what any
viewer is shown, shows up as a diff. After an intended change: UPDATE_GOLDEN=1 pytest tests/paradominetor
rewrites the files; read the diff before committing it.
"""
import json
import os
import random
from pathlib import Path

import pytest

from companion.games import MASTER, TABLE, Viewer
from companion.games import paradominetor as P
from companion.games.paradominetor.moves import Pass, Play, Reveal
from companion.games.paradominetor.rules import legal_plays
from companion.games.paradominetor.tiles import BLACK, TIMEFRAMES

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def viewers(seats):
    return [("table", TABLE)] + [(f"seat-{s}", Viewer.of_seat(s)) for s in range(seats)] + [("master", MASTER)]


def views(state):
    return {name: P.view(state, v) for name, v in viewers(state.seats)}


def dealt_moves(options, seed):
    """A seeded game dealt by the companion: random passes, then random legal tiles."""
    rng = random.Random(seed)
    state = P.setup(options, seed)
    for seat in range(state.seats):
        hand = state.hands[seat]
        move = Pass(seat, tuple(str(rng.choice([t for t in hand if t.timeframe == tf])) for tf in TIMEFRAMES))
        yield move
        state, _ = P.apply(state, move)
    while not P.is_over(state):
        move = rng.choice(legal_plays(state))
        yield move
        state, _ = P.apply(state, move)


def camera_moves(options, seed):
    """The same tiles at a real table: faces only, and the winning paradox flipped."""
    dealt = P.setup(options, seed)
    for move in dealt_moves(options, seed):
        dealt, _ = P.apply(dealt, move)
    table_options = {k: v for k, v in options.items() if k != "deal"}
    state = P.setup(table_options, seed)
    for r in dealt.done:
        for p in r.plays:
            move = Play(p.seat, "black-0" if p.tile.colour == BLACK else p.tile.face, p.declare)
            yield move
            state, _ = P.apply(state, move)
        backs = {p.seat: p.tile.timeframe for p in r.plays}
        for seat in P.view(state, TABLE)["awaiting_flip"]:
            move = Reveal(seat, backs[seat])
            yield move
            state, _ = P.apply(state, move)


def record(options, seed, moves):
    """The playthrough as JSON Lines: the setup, then each move with its events and every view."""
    state = P.setup(options, seed)
    lines = [{"setup": options, "seed": seed, "views": views(state)}]
    for move in moves:
        state, events = P.apply(state, move)
        lines.append({"move": P.move_to_dict(move), "events": [e.text() for e in events],
                      "views": views(state)})
    return lines


PLAYTHROUGHS = {
    "dealt-4p-advanced": ({"seats": 4, "deal": True, "variant": "advanced"}, 2026, dealt_moves),
    "camera-3p-flips": ({"seats": 3, "first_lead": 2}, 7, camera_moves),
}


def _dump(lines):
    return "".join(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n" for line in lines)


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough(name):
    options, seed, source = PLAYTHROUGHS[name]
    path = GOLDEN / f"{name}.jsonl"
    if not UPDATE and not path.exists():
        pytest.fail(f"{path.name} is missing: record it with UPDATE_GOLDEN=1")
    if UPDATE:
        source_options = dict(options, deal=True) if source is camera_moves else options
        lines = record(options, seed, source(source_options, seed))
        path.write_text(_dump(lines))
    golden = [json.loads(line) for line in path.read_text().splitlines()]
    head = golden[0]
    moves = [P.move_from_dict(line["move"]) for line in golden[1:]]
    replayed = record(head["setup"], head["seed"], moves)
    assert len(replayed) == len(golden)
    for i, (got, want) in enumerate(zip(_dump(replayed).splitlines(), golden)):
        assert json.loads(got) == want, f"{path.name} line {i + 1} differs"
    final = golden[-1]["views"]["table"]
    assert final["finished"] and final["trick_number"] == 15
    if source is camera_moves:
        assert any(line["move"]["type"] == "Reveal" for line in golden[1:])
