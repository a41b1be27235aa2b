"""Paradox Initiative's record lines for `paradox-table replay` (docs/records.md).

Matrix records: `matrix` (a seat's 5 rows, top row first, and its locks), `anomaly`, `bag` (the
next draws, in order), `swap` and `resolve`, each judged by the same rules the table uses.
Scoring records: `worlds`, `goals` and `pile` lines, scored by the end-game scoring.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..base import IllegalMove, Records
from ...i18n import Listed, Msg, term
from . import matrix, scoring
from .catalog import Card, Goal
from .moves import Resolve, Swap
from .actions import resolve, swap
from .state import Frozen, RecordedPile, Tally, freeze, thaw
from .views import _results

TIMEFRAMES = ("past", "present", "future", "nexus")


def header(options: dict) -> dict:
    return options


def _bench(s):
    """A matrix record judges matrix actions alone: turns, phases and chance moves are off."""
    if not s.bench:
        s.bench, s.queue, s.report, s.draws = True, [], [], []
        for b in s.boards:
            b.bench = None
            b.locks = []
    return s


def _particle(text, where) -> str:
    if not matrix.is_particle(text):
        raise IllegalMove(Msg("{where}: {text!r} is not a particle (a colour letter R Y B K W and a symbol 1-3, "
                              "e.g. R1)", where=where, text=text))
    return text


def _seat(s, value) -> int:
    seat = value.get("seat") if isinstance(value, dict) else None
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.players:
        raise IllegalMove(Msg("there is no seat {seat} at this table (seats count from 0)", seat=seat))
    return seat


def matrix_line(state, value):
    s = _bench(thaw(state))
    seat = _seat(s, value)
    rows = value.get("rows")
    if not isinstance(rows, list) or len(rows) != matrix.SIZE or not all(isinstance(r, str) for r in rows):
        raise IllegalMove(Msg("a matrix has 5 rows, top row first, each of 5 particles, e.g. \"R1 Y2 B3 K1 W2\""))
    grid = []
    for i, row in enumerate(rows):
        parts = row.split()
        if len(parts) != matrix.SIZE:
            raise IllegalMove(Msg("row {row} has {count} particles; a row has 5", row=i, count=len(parts)))
        grid.append([_particle(p, Msg("row {row}", row=i)) for p in parts])
    locks = value.get("locks", [])
    if not isinstance(locks, list) or not all(matrix.on_matrix(x) for x in locks):
        raise IllegalMove(Msg("locks are cells [row, column], 0-4 from the top-left"))
    b = s.boards[seat]
    b.matrix, b.locks, b.bench = grid, [[r, c, None] for r, c in locks], True
    return freeze(s)


def anomaly_line(state, value):
    s = _bench(thaw(state))
    if not isinstance(value, list) or len(value) != 3:
        raise IllegalMove(Msg("the anomaly holds three particles, one of each symbol"))
    parts = [_particle(p, term("anomaly")) for p in value]
    if sorted(matrix.symbol(p) for p in parts) != [1, 2, 3]:
        raise IllegalMove(Msg("the anomaly holds one particle of each symbol"))
    s.anomaly = parts
    return freeze(s)


def bag_line(state, value):
    s = _bench(thaw(state))
    if not isinstance(value, list):
        raise IllegalMove(Msg("a bag line lists the next draws, e.g. [\"W1\", \"B2\"]"))
    s.draws = [_particle(p, term("bag")) for p in value]
    return freeze(s)


def _action(state, value, make):
    if not state.bench:
        raise IllegalMove(Msg("give the seat's matrix line before its actions"))
    s = thaw(state)
    seat = _seat(s, value)
    move = make(seat, value)
    (swap if isinstance(move, Swap) else resolve)(s, move)
    return freeze(s)


def swap_line(state, value):
    if not isinstance(value, dict) or "a" not in value or "b" not in value:
        raise IllegalMove(Msg('a swap is {example}', example='{"seat": N, "a": [row, column], "b": [row, column] or "anomaly:N"}'))
    return _action(state, value, lambda seat, v: Swap(seat, _cell(v["a"]), _cell(v["b"])))


def resolve_line(state, value):
    if not isinstance(value, dict) or "at" not in value:
        raise IllegalMove(Msg('a resolve line is {example}', example='{"seat": N, "at": [row, column]}'))
    return _action(state, value, lambda seat, v: Resolve(seat, _cell(v["at"])))


def _cell(x):
    return tuple(x) if isinstance(x, list) else x


# ---------------------------------------------------------------- end-of-game scoring records

def _tally(state) -> Tally:
    return state.tally or Tally()


def _worlds(value, key):
    got = value.get(key, [])
    if not isinstance(got, list) or not all(isinstance(w, int) and 1 <= w <= 15 for w in got):
        raise IllegalMove(Msg("{key} worlds are numbers 1-15", key=term(key)))
    return tuple(got)


def worlds_line(state, value):
    if not isinstance(value, dict) or set(value) - {"fractured", "locked"}:
        raise IllegalMove(Msg('a worlds line is {example}', example='{"fractured": [N, ...], "locked": [N, ...]}'))
    tally = replace(_tally(state), fractured=_worlds(value, "fractured"), locked=_worlds(value, "locked"))
    return replace(state, tally=tally)


def _goal(g) -> Goal:
    if isinstance(g, dict) and len(g) == 1:
        if g.get("timeframe") in TIMEFRAMES or g.get("asset") in tuple("ABCDE") or g.get("secret") is True:
            return Goal(timeframe=g.get("timeframe"), asset=g.get("asset"), secret=g.get("secret", False))
    raise IllegalMove(Msg('a goal is {timeframe}, {asset} or {secret}', timeframe='{"timeframe": "past|present|future|nexus"}',
                          asset='{"asset": "A-E"}', secret='{"secret": true}'))


def goals_line(state, value):
    if not isinstance(value, list) or len(value) > 3:
        raise IllegalMove(Msg("a goals line lists up to three research goals, first to third"))
    return replace(state, tally=replace(_tally(state), goals=tuple(_goal(g) for g in value)))


_CARD = re.compile(r"^(world-(\d+)-(past|present|future|nexus)|(spires|towers|gates)-(past|present|future)|parallel(-\d+)?)$")


def card_entry(s, cid) -> Card:
    """A pile line's card as scoring reads it: a world's (with the catalog's research asset),
    an experiment's or a parallel universe."""
    m = _CARD.match(cid) if isinstance(cid, str) else None
    if not m or (m.group(2) and not 1 <= int(m.group(2)) <= 15):
        raise IllegalMove(Msg("unknown card {card!r}: cards are world-N-past|present|future|nexus (N 1-15), "
                              "spires-, towers- or gates-past|present|future, or parallel", card=cid))
    known = s.cards.get(cid)
    if m.group(2):
        return Card(id=cid, world=int(m.group(2)), timeframe=m.group(3), asset=known.asset if known else None)
    if m.group(4):
        return Card(id=cid, experiment=m.group(4), timeframe=m.group(5))
    return Card(id=cid, parallel=True, timeframe="present")


def pile_line(state, value):
    s = state
    seat = _seat(s, value) if not (s.solo and isinstance(value, dict) and value.get("seat") == 1) else 1
    cards = value.get("cards")
    if not isinstance(cards, list):
        raise IllegalMove(Msg('a pile line is {example}', example='{"seat": N, "cards": [...], "alliances": N}'))
    entries = [card_entry(s, c) for c in cards]
    seen = [c for c in cards if not c.startswith("parallel")]
    if len(set(seen)) != len(seen):
        raise IllegalMove(Msg("a card appears twice in the pile"))
    allies = value.get("alliances", 0)
    if not isinstance(allies, int) or not 0 <= allies <= 5:
        raise IllegalMove(Msg("alliances is a number of tokens, 0-5"))
    secret = value.get("secret")
    if secret is not None:
        secret = _goal(secret)
    tally = _tally(state)
    piles = Frozen(dict(tally.piles, **{str(seat): RecordedPile(tuple(entries), allies, secret)}))
    return replace(state, tally=replace(tally, piles=piles))


LINES = {"matrix": matrix_line, "anomaly": anomaly_line, "bag": bag_line, "swap": swap_line,
         "resolve": resolve_line, "worlds": worlds_line, "goals": goals_line, "pile": pile_line}


def _scored(s) -> dict:
    tally = s.tally
    out = {}
    for seat in range(s.seats):
        pile = tally.piles.get(str(seat), RecordedPile(()))
        out[seat] = scoring.score_pile(pile.cards, fractured=tally.fractured,
                                       locked=tally.locked, goals=tally.goals,
                                       secret=pile.secret, alliances=pile.alliances,
                                       rival=s.solo and seat == 1,
                                       challenging=s.solo and seat == 1 and s.challenging)
    return out


def result(state) -> dict:
    s = state
    out = {}
    if s.bench:
        out["actions"] = [a.as_json() for a in s.report]
        out["matrices"] = {str(seat): [matrix.row_text(r) for r in b.matrix]
                           for seat, b in enumerate(s.boards) if b.bench}
    results = _scored(s) if s.tally is not None else (None if s.bench else _results(s))
    if results is not None:
        out["scores"] = {str(k): v["total"] for k, v in results.items()}
        out["breakdown"] = {str(k): v for k, v in results.items()}
        out["winners"] = scoring.winners(results, s.solo)
    return out


def describe(state) -> list[str]:
    s = state
    out = []
    names = s.names

    def who(seat) -> str:  # the table's names; a record that gave none keeps its seat numbers
        seat = int(seat)
        named = names[seat] if seat < len(names) else None
        if s.solo and seat == 1:
            return Msg("Rival lab")
        return named if named and named != f"P{seat + 1}" else Msg("Seat {seat}", seat=seat)
    for a in s.report:
        if a.strands:
            what = Listed([Msg("{colour} strand of {length}", colour=term(st.colour), length=len(st.cells))
                           for st in a.strands], sep="; ")
            line = [Msg("{name}: {strands}, {earned} earned", name=who(a.seat), strands=what, earned=a.earned)]
            if a.switches:
                line.append(Msg("switches on: {colours}",
                                colours=Listed([term(c) for c in a.switches], sep=", ")))
            if a.nexus:
                line.append(Msg("nexus claimed at {cells}", cells=str([list(x) for x in a.nexus])))
            out.append(Listed(line, sep=", "))
        else:
            out.append(Msg("{name}: no strand", name=who(a.seat)))
    res = result(state)
    if "scores" in res:
        for seat, b in res["breakdown"].items():
            lost = Listed(b["penalty"], sep=", ") if b["penalty"] else Msg("none")
            parts = dict(name=who(seat), total=b["total"], worlds=b["worlds"], experiments=b["experiments"],
                         locked=b["locked"], goals=str(b["goals"]), alliances=b["alliances"], lost=lost)
            if "challenge" in b:
                out.append(Msg("{name}: {total} (worlds {worlds}, experiments {experiments}, locked {locked}, "
                               "goals {goals}, alliances {alliances}, one per world in the rival lab's pile "
                               "{challenge}; lost to fractured worlds: {lost})", challenge=b["challenge"], **parts))
            else:
                out.append(Msg("{name}: {total} (worlds {worlds}, experiments {experiments}, locked {locked}, "
                               "goals {goals}, alliances {alliances}; lost to fractured worlds: {lost})", **parts))
        if s.solo:  # "If your final score is higher than the rival lab's final score, you win!"
            out.append(Msg("The player wins.") if res["winners"] == [0] else Msg("The rival lab wins."))
        elif s.tally is not None or s.phase == "over":  # a record that stops early has no best yet
            out.append(Msg("Best: {names}", names=Listed([who(w) for w in res["winners"]], sep=", ")))
    return out


RECORDS = Records(lines=LINES, header=header, result=result, describe=describe)
