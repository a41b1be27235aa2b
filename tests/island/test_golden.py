"""Golden playthrough: every viewer's view after every move, kept in golden/.

The moves are read back from the file, so a change in how a move resolves or in what any viewer
is shown shows up as a diff. After an intended change: UPDATE_GOLDEN=1 pytest tests/island
rewrites the file; read the diff before committing it.
"""
import json
import os
from pathlib import Path

from companion.games import MASTER, TABLE, Viewer
from companion.games import island as G
from companion.games.base import IllegalMove
from companion.games.island.moves import Choose
from companion.games.island import layout
from companion.games.island.moves import (BushAction, ChooseStartingFruit, EndTurn, Move,
                                          PlaceOpPieces, RandomIsland, Rest, RockAction,
                                          WaveAttack, WaveMove, WriteNote)

GOLDEN = Path(__file__).parent / "golden" / "short-3p.jsonl"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
OPTIONS = {"characters": ["phil", "schrodie", "theseus"]}
SEED = 2026


def views(state):
    out = {"table": G.view(state, TABLE), "master": G.view(state, MASTER)}
    for seat in range(1, state.players):
        out[f"seat-{seat}"] = G.view(state, Viewer.of_seat(seat))
    return out


def scripted_moves():
    """A short game: setup by moves, two rounds of declared moves, the OP's actions; every
    decision answered with its first option."""
    state = G.setup(OPTIONS, SEED)
    plan = [RandomIsland()]
    state = G.apply(state, plan[0])[0]
    plan.append(PlaceOpPieces("south", layout.find(state.island, "anomaly")[0],
                              layout.find(state.island, "fruit", "apple")[0]))
    plan += [ChooseStartingFruit(3, "banana"), ChooseStartingFruit(2, "cherries"),
             ChooseStartingFruit(1, "orange"), WriteNote(1, "D4", "start here?")]
    turns = [
        [Move(1, "SW"), Move(1, "E", safe=True), EndTurn(1)],
        [Move(2, "NE", over=True), Rest(2), EndTurn(2)],
        [Move(3, "W", over=True, safe=True), Move(3, "SE"), EndTurn(3)],
        [WaveMove("north"), BushAction("NW"), RockAction(direction="E"), EndTurn(0)],
        [Move(1, "NW", over=True), Move(1, "W"), EndTurn(1)],
        [Move(2, "SE", safe=True), EndTurn(2)],
        [Move(3, "E"), EndTurn(3)],
        [WaveAttack("phil"), EndTurn(0)],
    ]
    for move in plan[1:]:
        state = G.apply(state, move)[0]
    for turn in turns:
        for move in turn:
            while state.pending is not None:  # answer whatever is asked first
                ask = Choose(state.pending.seat, state.pending.options[0])
                plan.append(ask)
                state = G.apply(state, ask)[0]
            try:  # a scripted move the dice made impossible (no energy, out of reach) is skipped
                state = G.apply(state, move)[0]
            except IllegalMove:
                continue
            plan.append(move)
    return plan


def record(moves):
    state = G.setup(OPTIONS, SEED)
    lines = [{"setup": OPTIONS, "seed": SEED, "views": views(state)}]
    for move in moves:
        state, events = G.apply(state, move)
        lines.append({"move": G.move_to_dict(move), "events": [e.text() for e in events],
                      "views": views(state)})
    return lines


def _dump(lines):
    return "".join(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n" for line in lines)


def test_golden_playthrough():
    if UPDATE:
        GOLDEN.write_text(_dump(record(scripted_moves())))
    assert GOLDEN.exists(), f"{GOLDEN.name} is missing: record it with UPDATE_GOLDEN=1"
    golden = [json.loads(line) for line in GOLDEN.read_text().splitlines()]
    moves = [G.move_from_dict(line["move"]) for line in golden[1:]]
    replayed = record(moves)
    assert len(replayed) == len(golden)
    for i, (got, want) in enumerate(zip(_dump(replayed).splitlines(), golden)):
        assert json.loads(got) == want, f"{GOLDEN.name} line {i + 1} differs"
    kinds = {line["move"]["type"] for line in golden[1:]}
    assert {"RandomIsland", "PlaceOpPieces", "ChooseStartingFruit", "Move", "EndTurn"} <= kinds
