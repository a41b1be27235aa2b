"""One golden playthrough for every registered game, from one generator (as OpenSpiel's
playthrough files): the game set up from its new-game form's defaults and a seed, random legal
moves chosen by a seeded draw, and after every move each viewer's view (the table, every seat,
the game master), hidden information included, with the events' words.

tests/test_playthroughs.py replays each file's own moves and compares every line, so a change in
how a move resolves or in what any viewer is shown is a diff to read. A new game gets its file
with no new test code. After an intended change:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_playthroughs.py

writes the files again (tests/golden/playthrough-GAME.jsonl); read the diff before committing it.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from companion import games
from companion.games import MASTER, TABLE, Viewer

FOLDER = Path(__file__).parent / "golden"
SEED = 2026
MOVES = 40  # enough to pass through a game's setup and first rounds; the files stay small


def path(name: str) -> Path:
    return FOLDER / f"playthrough-{name}.jsonl"


def options(name: str) -> dict:
    """The new-game form untouched, names filled in as a host would."""
    game = games.describe(name)
    out = game.defaults()
    for o in game.options:
        if o.kind == "names":
            out[o.key] = [f"Player {i + 1}" for i in range(out[o.per])]
    return out


def views(rules, state) -> dict:
    """Every viewer's view: the table, each phone link and the game master (who sees all)."""
    seen = {"table": rules.view(state, TABLE)}
    for link in rules.viewers(state):
        seen[link] = rules.view(state, MASTER if link == "master" else Viewer.of_seat(int(link[5:])))
    if rules.GAME.master:
        seen["master"] = rules.view(state, MASTER)
    return seen


def play(name: str, seed: int = SEED, moves: int = MOVES) -> list:
    """The moves of a new playthrough: random legal moves from a seeded draw."""
    rules, rng = games.load(name), random.Random(f"{name} {seed}")
    state, chosen = rules.setup(options(name), seed), []
    while len(chosen) < moves and not rules.is_over(state):
        legal = rules.legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        state, _ = rules.apply(state, move)
        chosen.append(move)
    return chosen


def record(name: str, moves, seed: int = SEED) -> list[dict]:
    """The playthrough's lines: the setup with every view, then each move, its events and every view."""
    rules = games.load(name)
    state = rules.setup(options(name), seed)
    lines = [{"game": name, "options": options(name), "seed": seed, "views": views(rules, state)}]
    for move in moves:
        state, events = rules.apply(state, move)
        lines.append({"move": rules.move_to_dict(move), "events": [e.text() for e in events],
                      "views": views(rules, state)})
    return lines


def dump(lines: list[dict]) -> str:
    return "".join(json.dumps(line, sort_keys=True, separators=(",", ":"), default=str) + "\n" for line in lines)


def write(name: str) -> Path:
    FOLDER.mkdir(exist_ok=True)
    path(name).write_text(dump(record(name, play(name))))
    return path(name)


def moves_of(name: str, lines: list[dict]) -> list:
    rules = games.load(name)
    return [rules.move_from_dict(line["move"]) for line in lines[1:]]
