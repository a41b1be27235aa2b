"""Game records: JSON Lines in, adjudicated results out (docs/records.md).

A record is a header line (`{"game": ..., options...}`) followed by lines of one kind each:
`{"move": {...}}` for any game, or a line kind of the game's own (its `records` part, e.g. a
whole trick on one line). Everything goes through the game's own `apply`, so a record
is judged by exactly the rules the table uses.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from . import games
from .errors import BadInput, UnknownGame
from .games.base import TABLE, IllegalMove
from .i18n import Listed, Msg, said, translate


class RecordError(BadInput):
    """A record that cannot be adjudicated; the message names the line and what is wrong (a
    Msg: `i18n.said` gives it, for `replay --lang`)."""


@dataclass
class Replay:
    rules: object
    state: object
    lines: int

    @property
    def own(self):
        """The game's records part, or None."""
        return games.records(self.rules.NAME)


def replay(lines) -> Replay:
    """Adjudicate a record given as an iterable of text lines. Raises RecordError."""
    rules = state = own = None
    number = 0
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise IllegalMove(Msg("not valid JSON ({why})", why=exc.msg)) from None
            if not isinstance(data, dict):
                raise IllegalMove(Msg("each line must be a JSON object"))
            if rules is None:
                rules, state = _header(data)
                own = games.records(rules.NAME)
                continue
            if len(data) != 1:
                raise IllegalMove(Msg("each line after the header holds one move, e.g. {example}",
                                      example='{"move": {...}}'))
            (kind, value), = data.items()
            kinds = own.lines if own else {}
            if kind == "move":
                state, _ = rules.apply(state, rules.move_from_dict(value))
            elif kind in kinds:
                state = kinds[kind](state, value)
            else:
                known = ", ".join(["move", *kinds])
                raise IllegalMove(Msg("unknown line kind {kind!r}; {game} records use {kinds}", kind=kind,
                                      game=rules.NAME, kinds=known))
        except (IllegalMove, UnknownGame) as exc:  # the rules' refusal, or a game not known here
            raise RecordError(Msg("line {number}: {problem}", number=number, problem=said(exc))) from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            # a shape the checks above missed: still one line naming it, never a traceback
            # (the cause is kept, so tests can tell this from a refusal in words)
            raise RecordError(f"line {number}: this line is not written as docs/records.md "
                              f"describes ({type(exc).__name__}: {exc})") from exc
    if rules is None:
        raise RecordError(Msg("line 1: the record is empty; it must start with a header line"))
    return Replay(rules, state, number)


# The records' format: written in the header by the companion; a header without one is format 1.
FORMAT = 1


def _header(data: dict):
    options = dict(data)
    written = options.pop("format", 1)
    if isinstance(written, bool) or not isinstance(written, int) or written < 1:
        raise IllegalMove(Msg("format must be a whole number from 1"))
    if written > FORMAT:
        raise IllegalMove(Msg("this record was written by a newer release (format {written}; this one "
                              "reads up to {known}): update the companion to replay it", written=written, known=FORMAT))
    name = options.pop("game", None)
    if not isinstance(name, str):
        example = games.names()[0]
        raise IllegalMove(Msg("the first line must name the game, e.g. {example}", example=json.dumps({"game": example})))
    rules = games.load(name)
    seed = options.pop("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise IllegalMove(Msg("seed must be a whole number"))
    rules.GAME.check_options(options)
    own = games.records(name)
    if own is not None:
        options = own.header(options)
    return rules, rules.setup(options, seed)


def result(rep: Replay) -> dict:
    """The adjudication of a replayed record, as `paradox-table replay --json` prints it."""
    rules, state = rep.rules, rep.state
    if rep.own is not None:
        return rep.own.result(state)
    return {"scores": {str(k): v for k, v in rules.scores(state).items()},
            "finished": rules.is_over(state), "winners": rules.winners(state),
            "table": rules.view(state, TABLE)}


def describe(rep: Replay, lang: str = "en") -> str:
    """The same result in words, for people, in `lang`."""
    rules, state = rep.rules, rep.state
    names = rules.view(state, TABLE).get("names") or []
    who = lambda s: names[int(s)] if int(s) < len(names) else Msg("seat {seat}", seat=s)  # noqa: E731 - the game's own names
    if rep.own is not None:
        out = rep.own.describe(state)
    else:
        out = [Msg("Scores: {scores}", scores=Listed(
            [Msg("{name} {points}", name=who(s), points=p) for s, p in rules.scores(state).items()], sep=", "))]
    if rules.is_over(state):
        won = Listed([who(s) for s in rules.winners(state)], sep=", ")
        out.append(Msg("Winner: {names}", names=won) if len(rules.winners(state)) == 1
                   else Msg("Shared victory: {names}", names=won))
    else:
        out.append(Msg("The record stops before the end of the game."))
    return "\n".join(translate(line, lang) for line in out)
