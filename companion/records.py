"""Game records: JSON Lines in, adjudicated results out (docs/records.md).

A record is a header line (`{"game": ..., options...}`) followed by lines of one kind each:
`{"move": {...}}` for any game, or a game's own shorthand such as Paradominetor's
`{"trick": [...]}`. Everything goes through the game's own `apply`, so a record is judged by
exactly the rules the table uses.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from . import games
from .games.base import TABLE, IllegalMove


class RecordError(Exception):
    """A record that cannot be adjudicated; the message names the line and what is wrong."""


@dataclass
class Replay:
    rules: object
    state: object
    lines: int


def _paradominetor_trick(rules, state, plays):
    """A trick line: every seat's play in order from the lead, timeframes written in the tiles."""
    if not isinstance(plays, list) or not plays:
        raise IllegalMove("a trick is a list of plays")
    if len(plays) != state.seats:
        raise IllegalMove(f"the trick has {len(plays)} plays; a trick needs {state.seats}")
    for play in plays:
        if not isinstance(play, dict) or set(play) - {"seat", "tile", "declare"} or "tile" not in play \
                or "seat" not in play:
            raise IllegalMove('each play is {"seat": N, "tile": "COLOUR-VALUE-TIMEFRAME"} '
                              '(with "declare" for a black lead)')
        state, _ = rules.apply(state, rules.Play(play["seat"], play["tile"], play.get("declare")))
    if state.phase == "flip":
        waiting = ", ".join(f"seat {s}" for s in rules.view(state, TABLE)["awaiting_flip"])
        raise IllegalMove(f"the paradox needs the timeframes of {waiting}: write them in the tiles")
    return state


# Shorthand line kinds per game: key -> function(rules, state, value) -> state
SHORTHANDS = {"paradominetor": {"trick": _paradominetor_trick}}


def replay(lines) -> Replay:
    """Adjudicate a record given as an iterable of text lines. Raises RecordError."""
    rules = state = None
    number = 0
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise IllegalMove(f"not valid JSON ({exc.msg})") from None
            if not isinstance(data, dict):
                raise IllegalMove("each line must be a JSON object")
            if rules is None:
                rules, state = _header(data)
                continue
            if len(data) != 1:
                raise IllegalMove("each line after the header holds one move, e.g. {\"move\": {...}}")
            (kind, value), = data.items()
            if kind == "move":
                state, _ = rules.apply(state, rules.move_from_dict(value))
            elif kind in SHORTHANDS.get(rules.NAME, {}):
                state = SHORTHANDS[rules.NAME][kind](rules, state, value)
            else:
                known = ", ".join(["move", *SHORTHANDS.get(rules.NAME, {})])
                raise IllegalMove(f"unknown line kind {kind!r}; {rules.NAME} records use {known}")
        except IllegalMove as exc:
            raise RecordError(f"line {number}: {exc}") from None
    if rules is None:
        raise RecordError("line 1: the record is empty; it must start with a header line")
    return Replay(rules, state, number)


def _header(data: dict):
    options = dict(data)
    name = options.pop("game", None)
    if not isinstance(name, str):
        raise IllegalMove('the first line must name the game, e.g. {"game": "paradominetor", "seats": 4}')
    rules = games.load(name)
    seed = options.pop("seed", 0)
    if not isinstance(seed, int):
        raise IllegalMove("seed must be a whole number")
    if name == "paradominetor":
        # Records number seats from 0 and speak of them that way in their errors.
        options.setdefault("names", [f"seat {s}" for s in range(options.get("seats", 4))]
                           if isinstance(options.get("seats", 4), int) else None)
    return rules, rules.setup(options, seed)


def result(rep: Replay) -> dict:
    """The adjudication of a replayed record, as `paradox-table replay --json` prints it."""
    rules, state = rep.rules, rep.state
    table = rules.view(state, TABLE)
    if rules.NAME == "paradominetor":
        return {
            "tricks": [{"lead": t["lead"], "winners": t["winners"], "points": t["points"],
                        "paradox": t["paradox"] is not None, "next_lead": t["next_lead"]}
                       for t in table["tricks"]],
            "scores": table["scores"],
            "half_point_tricks": table["half_point_tricks"],
            "finished": table["finished"],
            "winners": table["winners"],
            "revokes": table["revokes"],
        }
    return {"scores": {str(k): v for k, v in rules.scores(state).items()},
            "finished": rules.is_over(state), "winners": rules.winners(state), "table": table}


def describe(rep: Replay) -> str:
    """The same result in words, for people."""
    rules, state = rep.rules, rep.state
    table = rules.view(state, TABLE)
    out = []
    if rules.NAME == "paradominetor":
        for t in table["tricks"]:
            out.append(f"Trick {t['number']:2}: {t['reason']}")
        for r in table["revokes"]:
            out.append(f"Revoke: seat {r['seat']} played {r['colour']} in trick {r['trick']} "
                       f"but did not follow {r['colour']} in trick {r['earlier_trick']}")
        out.append("Scores: " + ", ".join(f"seat {s} {p} ({table['half_point_tricks'][s]} half)"
                                          for s, p in table["scores"].items()))
    else:
        out.append("Scores: " + ", ".join(f"seat {s} {p}" for s, p in rules.scores(state).items()))
    if rules.is_over(state):
        won = rules.winners(state)
        out.append(("Winner: seat " if len(won) == 1 else "Shared victory: seats ")
                   + ", ".join(map(str, won)))
    else:
        out.append("The record stops before the end of the game.")
    return "\n".join(out)
