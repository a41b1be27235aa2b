"""Paradox Initiative's rules: pure, state + move -> new state + words said.

Rules: shared/rules/paradox-initiative.txt; decisions the rulebook leaves open: docs/rulings.md.
The state is one immutable value (a JSON text); `apply` thaws a copy, changes it and freezes it.
Every particle drawn from the bag is an explicit chance move (`Draw`), so the table tells the
companion what came out; the timeline and tech decks are shuffled from the seed.

Seats go clockwise; "to the left" is the next seat. In the solo game the rival lab is seat 1.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

from ..base import IllegalMove, chance
from . import catalog, matrix, penalty
from .matrix import COLOURS, LETTERS, SWITCHES, colour, symbol
from .moves import (Ally, Build, Discard, Draft, Draw, EndTurn, Keep, Lock, Place, Purple,
                    Resolve, RivalTake, Said, Stabilise, Swap, Switch, Teach, Tech)

NAME = "initiative"
WORLDS = 15
GLITCH = {"past": 5, "present": 3, "future": 1}
TECH = ("destroy", "diagonal", "swap", "rewind", "glitch", "paradox", "shift", "search")
TECH_TAKES = {"destroy": ("column",), "diagonal": (), "swap": ("a", "b"), "rewind": ("card",),
              "glitch": ("spaces",), "paradox": ("card", "particle", "to_card"),
              "shift": ("row",), "search": ("card",)}
RING = (3, 4, 5, 8, 7, 6)  # the rival pawn's round of the wormhole grid, clockwise (slots 4-9)
PURPLES = 12


@dataclass(frozen=True)
class State:
    blob: str

    def get(self) -> dict:
        return json.loads(self.blob)


def freeze(s: dict) -> State:
    return State(json.dumps(s, sort_keys=True, separators=(",", ":")))


def thaw(state: State) -> dict:
    return json.loads(state.blob)


# ---------------------------------------------------------------- setup

def setup(options: dict | None = None, seed: int = 0) -> State:
    options = dict(options or {})
    players = options.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise IllegalMove("Paradox Initiative is for 1 (against the rival lab) to 4 players")
    solo = players == 1
    # The solo rules' "more challenging" scoring: +1 per world in the rival lab's pile.
    challenging = solo and options.get("challenging") in (True, "yes")
    seats = 2 if solo else players
    names = options.get("names")
    if not (isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names)):
        names = [f"P{i + 1}" for i in range(players)]
    names = [n or f"P{i + 1}" for i, n in enumerate(names)] + (["Rival lab"] if solo else [])
    cards = catalog.cards(options.get("kept"))
    taught = {cid: ({"at": c["at"]} if c["timeframe"] == "nexus" else {"cost": c["cost"]})
              for cid, c in cards.items() if c["known"] and _was_taught(options.get("kept"), cid)}
    deck = sorted(cards)
    chance(seed, "timeline").shuffle(deck)
    alt = []
    if players <= 2:
        alt, deck = deck[:18], deck[18:]
        wormhole = alt[:3] + deck[:6]
        alt, deck = alt[3:], deck[6:]
    else:
        n = 9 if players == 4 else 8
        wormhole, deck = deck[:n], deck[n:]
    goal_deck = catalog.goals()
    chance(seed, "goals").shuffle(goal_deck)
    goals, rest = goal_deck[:3], [g for g in goal_deck[3:] if not g.get("secret")]
    secret = [rest[i] if any(g.get("secret") for g in goals) and i < len(rest) else None
              for i in range(seats)]
    sets = 9 if players == 4 else 7 if players >= 2 else 4
    chief = 0 if solo else chance(seed, "chief").randrange(players)
    s = {
        "seed": seed, "players": players, "solo": solo, "seats": seats, "names": names,
        "challenging": challenging,
        "cards": cards, "taught": taught, "deck": deck, "alt": alt, "wormhole": wormhole,
        "discard": [], "bag": {c + str(y): sets for c in COLOURS for y in matrix.SYMBOLS},
        "purple": PURPLES, "anomaly": [], "aside": [],
        "worlds": [{"stable": True, "locked": False} for _ in range(WORLDS)],
        "glitch": chance(seed, "glitch").randrange(WORLDS) + 1,
        "goals": goals, "secret": secret, "alliances": {c: None for c in COLOURS},
        "chief": chief, "round": 1, "phase": "setup", "final": False, "order": [],
        "actions": 0, "diagonal": False, "glitch_due": 0, "queue": [], "bench": False,
        "said": [],
        "boards": [_board(seed, seat) for seat in range(players)],
        "rival": {"pile": [], "pawn": 0, "discard": []} if solo else None,
    }
    s["queue"].append({"kind": "draw", "to": "anomaly", "seat": chief})
    deal = [(r, c) for r in range(matrix.SIZE - 1, -1, -1) for c in range(matrix.SIZE)]
    for seat in _clockwise(s, chief, humans=True):
        s["queue"].append({"kind": "draw", "to": "matrix", "seat": seat, "cells": deal})
    for seat in range(players):
        b = s["boards"][seat]
        s["queue"].append({"kind": "keep", "seat": seat, "options": b["tech_deck"][:2]})
        b["tech_deck"] = b["tech_deck"][2:]
    _advance(s)
    return freeze(s)


def _was_taught(kept, cid) -> bool:
    return isinstance(kept, dict) and isinstance(kept.get("cards"), dict) and cid in kept["cards"]


def _board(seed, seat) -> dict:
    tech = list(TECH)
    chance(seed, "tech", seat).shuffle(tech)
    return {"matrix": [[None] * matrix.SIZE for _ in range(matrix.SIZE)], "locks": [],
            "switches": {c: False for c in SWITCHES}, "console": [], "pile": [],
            "tech_deck": tech, "tech": [], "discard": [], "hand": []}


def _clockwise(s, first, humans=False):
    n = s["players"] if humans else s["seats"]
    return [(first + i) % n for i in range(n)]


def keep(state: State) -> dict | None:
    """What the table taught: the cost or nexus position of each card entered at the table."""
    s = thaw(state)
    return {"cards": s["taught"]} if s["taught"] else None


# ---------------------------------------------------------------- the flow of a round

def _say(s, words):
    s["said"].append(words)


def _advance(s):
    """Run what needs no one's choice: skip draws from an empty bag, start turns and phases."""
    while True:
        if s["queue"]:
            head = s["queue"][0]
            if head["kind"] == "draw" and not any(s["bag"].values()):
                _say(s, "The bag is empty: the draw is skipped.")
                s["queue"].pop(0)
                continue
            if head["kind"] == "draw" and head["to"] == "anomaly" and len(s["anomaly"]) == 3:
                for p in s["aside"]:
                    s["bag"][p] += 1
                s["aside"] = []
                s["queue"].pop(0)
                continue
            if head["kind"] == "draw" and head["to"] == "matrix" and not head["cells"]:
                s["queue"].pop(0)
                continue
            if head["kind"] == "rival-card" and not any(s["wormhole"][:3]):
                s["queue"].pop(0)
                continue
            return
        if s["phase"] in ("over",) or s["bench"]:
            return
        if s["phase"] == "setup":
            _start_wormhole(s)
            continue
        if not s["order"]:
            if s["phase"] == "wormhole":
                _start_matrix(s)
                continue
            if s["final"]:
                if s["phase"] != "penalty":
                    s["phase"] = "penalty"
                    _say(s, "The last action is taken: the fractured world penalty.")
                if penalty.ask_next(s):
                    continue
                s["phase"] = "over"
                _say(s, "The game is over.")
                return
            _cleanup(s)
            continue
        if s["solo"] and s["order"][0] == 1:  # the rival lab's action: a disc from the bag
            s["order"].pop(0)
            if s["phase"] == "wormhole":
                s["queue"].append({"kind": "draw", "to": "rival", "act": "wormhole", "seat": 0})
            elif s["final"]:
                s["queue"].append({"kind": "draw", "to": "rival", "act": "final", "seat": 0})
            else:
                s["queue"] += [{"kind": "draw", "to": "rival", "act": "matrix", "seat": 0},
                               {"kind": "draw", "to": "rival", "act": "matrix", "seat": 0},
                               {"kind": "draw", "to": "rival", "act": "end", "seat": 0}]
            continue
        return


def _start_wormhole(s):
    s["phase"] = "wormhole"
    seats = _clockwise(s, s["chief"])
    s["order"] = seats + seats[::-1]
    _say(s, f"Round {s['round']}: the wormhole, {s['names'][s['chief']]} first.")


def _start_matrix(s):
    s["phase"] = "matrix"
    s["order"] = _clockwise(s, s["chief"])
    s["actions"] = 1 if s["final"] else 2
    s["bonus"] = 0
    s["diagonal"] = False
    what = "one final matrix action each" if s["final"] else "two matrix actions each"
    _say(s, f"The matrix phase: {what}, {s['names'][s['chief']]} first.")


def _cleanup(s):
    if not s["deck"]:  # the end trigger
        s["final"] = True
        s["chief"] = _next_chief(s)
        _say(s, "The timeline deck is empty: one final matrix action each.")
        _start_matrix(s)
        return
    if s["players"] <= 2:
        s["discard"] += [c for c in s["wormhole"][3:] if c]
        for i in range(3):
            if s["wormhole"][i] is None and s["alt"]:
                s["wormhole"][i] = s["alt"].pop(0)
        s["wormhole"] = s["wormhole"][:3] + s["deck"][:6] + [None] * max(0, 6 - len(s["deck"]))
        s["deck"] = s["deck"][6:]
    else:
        n = len(s["wormhole"])
        s["discard"] += [c for c in s["wormhole"] if c]
        s["wormhole"] = s["deck"][:n] + [None] * max(0, n - len(s["deck"]))
        s["deck"] = s["deck"][n:]
    s["chief"] = _next_chief(s)
    s["round"] += 1
    _start_wormhole(s)


def _next_chief(s):
    return 0 if s["solo"] else (s["chief"] + 1) % s["players"]


def _turn(s, seat, phase):
    if s["bench"]:
        raise IllegalMove("matrix records take swap and resolve lines only")
    if s["phase"] == "over":
        raise IllegalMove("the game is over")
    if s["queue"]:
        raise IllegalMove(_waiting(s))
    if s["phase"] != phase:
        raise IllegalMove(f"this is the {s['phase']} phase, not the {phase} phase")
    if not s["order"] or s["order"][0] != seat:
        who = s["names"][s["order"][0]] if s["order"] else "no one"
        raise IllegalMove(f"it is {who}'s turn, not {s['names'][seat]}'s")


def _waiting(s) -> str:
    head = s["queue"][0]
    who = s["names"][head["seat"]]
    if head["kind"] == "draw":
        where = {"anomaly": "the anomaly", "matrix": f"{who}'s matrix",
                 "rival": "the rival lab"}[head["to"]]
        return f"first the particle drawn from the bag for {where}"
    return {"teach": f"first {who} enters the cost of {head.get('card')}",
            "keep": f"first {who} keeps one of the two tech modules drawn",
            "switch": f"first {who} activates a trigger switch",
            "rival-card": f"first {who} gives the rival lab a card of the alternate wormhole",
            "penalty": f"first {who} chooses the card to discard for fractured world "
                       f"{head.get('world')}",
            }[head["kind"]]


# ---------------------------------------------------------------- chance and choices

def draw(s, move: Draw):
    if not s["queue"] or s["queue"][0]["kind"] != "draw":
        raise IllegalMove("no particle is to be drawn now")
    head = s["queue"][0]
    if move.seat != head["seat"]:
        raise IllegalMove(f"{s['names'][head['seat']]} draws this particle")
    p = move.particle
    if not matrix.is_particle(p):
        raise IllegalMove(f"{p!r} is not a particle: a colour letter (R Y B K W) and a symbol 1-3")
    if s["bag"].get(p, 0) <= 0:
        raise IllegalMove(f"there is no {p} left in the bag")
    s["bag"][p] -= 1
    if head["to"] == "anomaly":
        if any(symbol(a) == symbol(p) for a in s["anomaly"]):
            s["aside"].append(p)
            _say(s, f"{p}: symbol {symbol(p)} is already on the anomaly; set aside.")
        else:
            s["anomaly"].append(p)
    elif head["to"] == "matrix":
        r, c = head["cells"].pop(0)
        s["boards"][head["seat"]]["matrix"][r][c] = p
    else:
        _rival(s, head["act"], p)
        s["queue"].pop(0)


def teach(s, move: Teach):
    head = s["queue"][0] if s["queue"] else {}
    if head.get("kind") != "teach" or head["seat"] != move.seat or head["card"] != move.card:
        raise IllegalMove("no card is waiting for its cost now")
    card = s["cards"][move.card]
    if card["timeframe"] == "nexus":
        at = list(move.at) if isinstance(move.at, (list, tuple)) else None
        if not matrix.on_matrix(at):
            raise IllegalMove("a nexus card shows a cell of the matrix: [row, column], 0-4 from the top-left")
        card["at"] = at
        s["taught"][move.card] = {"at": at}
    else:
        cost = list(move.cost) if isinstance(move.cost, (list, tuple)) else None
        if not cost or not catalog.valid_cost(cost, card):
            raise IllegalMove("a cost is a list of R Y B K W, any, purple or planet")
        card["cost"] = cost
        s["taught"][move.card] = {"cost": cost}
    card["known"] = True
    s["queue"].pop(0)
    _say(s, f"{catalog.card_words(move.card)} is kept as taught for later games.")
    if card["timeframe"] == "nexus" and any(e["card"] == move.card for e in _board_of(s, move.seat)["console"]):
        _lock_nexus(s, move.seat, move.card)


def keep_module(s, move: Keep):
    head = s["queue"][0] if s["queue"] else {}
    if head.get("kind") != "keep" or head["seat"] != move.seat:
        raise IllegalMove("no tech module is waiting to be kept now")
    if move.module not in head["options"]:
        raise IllegalMove(f"{move.module} is not one of the two drawn ({', '.join(head['options'])})")
    b = _board_of(s, move.seat)
    b["tech"].append(move.module)
    b["tech_deck"] += [m for m in head["options"] if m != move.module]
    s["queue"].pop(0)
    _say(s, f"{s['names'][move.seat]} builds the {move.module} module.")


def rival_take(s, move: RivalTake):
    head = s["queue"][0] if s["queue"] else {}
    if head.get("kind") != "rival-card" or move.seat != head["seat"]:
        raise IllegalMove("the rival lab is not waiting for a card from you")
    if move.card not in s["wormhole"][:3]:
        raise IllegalMove(f"{move.card} is not in the alternate wormhole")
    s["wormhole"][s["wormhole"].index(move.card)] = None
    s["rival"]["pile"].append(move.card)
    s["queue"].pop(0)
    _say(s, f"The rival lab takes {catalog.card_words(move.card)}.")


# ---------------------------------------------------------------- the wormhole

def draft(s, move: Draft):
    _turn(s, move.seat, "wormhole")
    if move.card not in s["wormhole"]:
        raise IllegalMove(f"{move.card} is not in the wormhole")
    s["wormhole"][s["wormhole"].index(move.card)] = None
    _to_console(s, move.seat, move.card)
    s["order"].pop(0)
    _say(s, f"{s['names'][move.seat]} drafts {catalog.card_words(move.card)}.")


def _to_console(s, seat, cid):
    card = s["cards"][cid]
    section = card["timeframe"]
    start = catalog.console()["start"][section]
    _board_of(s, seat)["console"].append({"card": cid, "space": start, "placed": [], "saved": 0})
    if not card["known"]:
        s["queue"].insert(0, {"kind": "teach", "seat": seat, "card": cid})
    elif section == "nexus":
        _lock_nexus(s, seat, cid)


def _lock_nexus(s, seat, cid):
    at = s["cards"][cid]["at"]
    _board_of(s, seat)["locks"].append([at[0], at[1], cid])


def switch(s, move: Switch):
    letter = LETTERS.get(move.colour)  # colours by name, as the phones offer them
    if s["queue"] and s["queue"][0]["kind"] == "switch" and s["queue"][0]["seat"] == move.seat:
        s["queue"].pop(0)
    else:
        _turn(s, move.seat, "wormhole")
        s["order"].pop(0)
    b = _board_of(s, move.seat)
    if letter not in SWITCHES:
        raise IllegalMove("the trigger switches are red, yellow and blue")
    if b["switches"][letter]:
        raise IllegalMove(f"the {COLOURS[letter]} switch is already on")
    b["switches"][letter] = True
    _say(s, f"{s['names'][move.seat]} turns the {COLOURS[letter]} switch on.")


def build(s, move: Build):
    _turn(s, move.seat, "wormhole")
    _build(s, move.seat)
    s["order"].pop(0)


def _build(s, seat):
    b = _board_of(s, seat)
    if not b["tech_deck"]:
        raise IllegalMove("the tech module deck is empty")
    s["queue"].insert(0, {"kind": "keep", "seat": seat, "options": b["tech_deck"][:2]})
    b["tech_deck"] = b["tech_deck"][2:]


# ---------------------------------------------------------------- matrix actions

def _board_of(s, seat) -> dict:
    if not isinstance(seat, int) or not 0 <= seat < s["players"]:
        raise IllegalMove(f"there is no seat {seat} at this table")
    return s["boards"][seat]


def _action(s, seat):
    """A matrix action begins: the last one's earned particles and glitch are settled first."""
    if s["bench"]:
        b = _board_of(s, seat)
        if b.get("bench") is None:
            raise IllegalMove(f"seat {seat} has no matrix line yet")
        b["hand"] = []
        return
    _turn(s, seat, "matrix")
    if s["actions"] <= 0:
        raise IllegalMove(f"{s['names'][seat]} has no matrix action left this turn")
    _settle(s, seat)
    s["actions"] -= 1


def _settle(s, seat):
    b = _board_of(s, seat)
    if b["hand"]:
        b["discard"] += b["hand"]
        _say(s, f"Unspent particles discarded: {' '.join(b['hand'])}.")
        b["hand"] = []
    if s["glitch_due"]:
        n, s["glitch_due"] = s["glitch_due"], 0
        _glitch(s, n, damage=True)


def _spot(s, seat, where):
    """("matrix", r, c) or ("anomaly", i) from a move's cell."""
    if isinstance(where, str) and where.startswith("anomaly:"):
        try:
            i = int(where.split(":", 1)[1])
        except ValueError:
            i = -1
        if not 0 <= i < len(s["anomaly"]):
            raise IllegalMove(f"the anomaly has particles 0-{len(s['anomaly']) - 1}, not {where!r}")
        return ("anomaly", i)
    cell = list(where) if isinstance(where, (list, tuple)) else None
    if not matrix.on_matrix(cell):
        raise IllegalMove(f"{json.dumps(where)} is off the matrix: cells are [row, column], "
                          "0-4 from the top-left")
    if _board_of(s, seat)["matrix"][cell[0]][cell[1]] is None:
        raise IllegalMove(f"there is no particle at {matrix.name(cell)}")
    return ("matrix", cell[0], cell[1])


def _locked(b, r, c) -> bool:
    return any(l[0] == r and l[1] == c for l in b["locks"])


def _get(s, b, spot):
    return s["anomaly"][spot[1]] if spot[0] == "anomaly" else b["matrix"][spot[1]][spot[2]]


def _put(s, b, spot, p):
    if spot[0] == "anomaly":
        s["anomaly"][spot[1]] = p
    else:
        b["matrix"][spot[1]][spot[2]] = p


def _words(spot) -> str:
    return f"anomaly:{spot[1]}" if spot[0] == "anomaly" else matrix.name(spot[1:])


def swap(s, move: Swap, *, any_symbol=False):
    b = _board_of(s, move.seat)
    a, c = _spot(s, move.seat, move.a), _spot(s, move.seat, move.b)
    if a == c:
        raise IllegalMove("a swap needs two different particles")
    if a[0] == c[0] == "anomaly":
        raise IllegalMove("a swap moves a particle of your matrix; two anomaly particles do not swap")
    for spot in (a, c):
        if spot[0] == "matrix" and _locked(b, spot[1], spot[2]):
            raise IllegalMove(f"the particle at {_words(spot)} is locked: locked particles never swap")
    pa, pc = _get(s, b, a), _get(s, b, c)
    if not any_symbol and symbol(pa) != symbol(pc):
        raise IllegalMove(f"{pa} at {_words(a)} and {pc} at {_words(c)} have different symbols")
    if not any_symbol:
        _action(s, move.seat)
    _put(s, b, a, pc)
    _put(s, b, c, pa)
    if any_symbol:
        return
    cells = [spot[1:] for spot in (a, c) if spot[0] == "matrix"]
    strands = matrix.strands_through(b["matrix"], cells, diagonal=s["diagonal"])
    s["diagonal"] = False
    _resolve(s, move.seat, strands)


def resolve(s, move: Resolve):
    b = _board_of(s, move.seat)
    spot = _spot(s, move.seat, move.at)
    if spot[0] != "matrix":
        raise IllegalMove("a strand is resolved through a cell of the matrix")
    strands = matrix.strands_through(b["matrix"], [spot[1:]], diagonal=s["diagonal"])
    if not strands:
        raise IllegalMove(f"no run of four or more particles of one colour passes through {_words(spot)}")
    _action(s, move.seat)
    s["diagonal"] = False
    _resolve(s, move.seat, strands)


def matrix_moves(s, seat) -> list:
    """Every matrix action the rules accept from the seat now: swaps of two particles with
    one symbol (either order, matrix or anomaly, none locked) and resolves of waiting runs."""
    if s["actions"] <= 0:
        return []
    b = s["boards"][seat]
    cells = [(r, c) for r in range(matrix.SIZE) for c in range(matrix.SIZE)
             if b["matrix"][r][c] is not None and not _locked(b, r, c)]
    spots = [(x, b["matrix"][x[0]][x[1]]) for x in cells]
    spots += [(f"anomaly:{k}", a) for k, a in enumerate(s["anomaly"])]
    out = [Swap(seat, x, y) for x, px in spots for y, py in spots
           if x != y and symbol(px) == symbol(py) and not (isinstance(x, str) and isinstance(y, str))]
    out += [Resolve(seat, (r, c)) for r in range(matrix.SIZE) for c in range(matrix.SIZE)
            if b["matrix"][r][c] is not None
            and matrix.strands_through(b["matrix"], [(r, c)], diagonal=s["diagonal"])]
    return out


def _resolve(s, seat, strands):
    """Switches, then the particles out (earned ones set aside, nexus cards claimed), then the
    drop and the refill, for all the action's strands at once."""
    b = _board_of(s, seat)
    turned = []
    for st in strands:
        if st["colour"] in SWITCHES and not b["switches"][st["colour"]] and st["colour"] not in turned:
            b["switches"][st["colour"]] = True
            turned.append(st["colour"])
    cells, earned = [], []
    for st in strands:
        mine = [tuple(x) for x in st["cells"] if tuple(x) not in earned]
        earned += mine[:matrix.earned(st)]
        cells += [tuple(x) for x in st["cells"] if tuple(x) not in cells]
    claimed = [l for l in b["locks"] if (l[0], l[1]) in cells]
    nexus = sorted({(l[0], l[1]) for l in claimed})
    for l in claimed:
        if l[2] is not None:
            b["console"] = [e for e in b["console"] if e["card"] != l[2]]
            b["pile"].append(l[2])
            _say(s, f"{s['names'][seat]} claims the nexus card {catalog.card_words(l[2])}.")
    b["locks"] = [l for l in b["locks"] if l not in claimed]
    for r, c in cells:
        (b["hand"] if (r, c) in earned else b["discard"]).append(b["matrix"][r][c])
        b["matrix"][r][c] = None
    for st in strands:
        _say(s, f"A {COLOURS[st['colour']]} strand of {len(st['cells'])}: "
                f"{'two particles' if len(st['cells']) == 5 else 'one particle'} earned.")
    b["matrix"] = matrix.drop(b["matrix"], {(l[0], l[1]) for l in b["locks"]})
    empty = matrix.empty_cells(b["matrix"])
    if s["bench"]:
        draws = s.get("draws", [])
        if len(draws) < len(empty):
            raise IllegalMove(f"the refill needs {len(empty)} particles but the bag line has "
                              f"{len(draws)} left")
        for (r, c), p in zip(empty, draws):
            b["matrix"][r][c] = p
        s["draws"] = draws[len(empty):]
        s["report"].append({
            "seat": seat,
            "strands": [{"colour": COLOURS[st["colour"]], "cells": [list(x) for x in st["cells"]]}
                        for st in strands],
            "earned": len(earned), "switches": [COLOURS[c] for c in turned],
            "nexus": [list(x) for x in nexus],
            "rows": [matrix.row_text(row) for row in b["matrix"]], "anomaly": list(s["anomaly"])})
    elif empty:
        s["queue"].insert(0, {"kind": "draw", "to": "matrix", "seat": seat,
                              "cells": [list(x) for x in empty]})


# ---------------------------------------------------------------- allocating particles

def _free(s, seat):
    _turn(s, seat, "matrix")


def _entry(b, cid):
    for e in b["console"]:
        if e["card"] == cid:
            return e
    raise IllegalMove(f"{cid} is not on your console")


def _open(s, e) -> list[int]:
    """The card's requirements no particle fills yet (planet symbols aside)."""
    cost = s["cards"][e["card"]]["cost"]
    filled = {x["i"] for x in e["placed"]}
    return [i for i, need in enumerate(cost) if i not in filled and need != "planet"]


def _letter(p) -> str:
    """The colour a placed particle counts as: "P" for a purple one, an alliance's colour."""
    return "P" if p == "purple" else LETTERS[p[5:]] if p.startswith("ally-") else colour(p)


def _assign(cost, letters) -> list[int] | None:
    """Which requirement each particle fills, or None when they cannot all fit. A coloured
    particle fills its own colour, else "any"; a purple one is wild ("count as any type or
    color") and counts as whatever the card still needs once the others are placed, so it is
    never pinned to a colour a later particle needs (ruling f)."""
    free = [i for i, need in enumerate(cost) if need != "planet"]
    out: list[int | None] = [None] * len(letters)
    order = sorted(range(len(letters)), key=lambda k: letters[k] == "P")
    for k in order:
        wants = ["purple", "any"] + list(COLOURS) if letters[k] == "P" else [letters[k], "any"]
        i = next((i for want in wants for i in free if cost[i] == want), None)
        if i is None:
            return None
        free.remove(i)
        out[k] = i
    return out


def _fit(s, e, letter) -> list[int] | None:
    """The card's particles and one more of colour `letter` ("P" purple), each with the
    requirement it fills; None when the card has no place for it."""
    cost = s["cards"][e["card"]]["cost"]
    return _assign(cost, [_letter(x["p"]) for x in e["placed"]] + [letter])


def _put_on(e, fit, particle):
    e["placed"] = [{"i": i, "p": x["p"]} for i, x in zip(fit, e["placed"])]
    e["placed"].append({"i": fit[-1], "p": particle})


def _take(s, seat, particle) -> str:
    """Take a particle from the seat's earned ones or its alliance tokens; its colour letter."""
    b = _board_of(s, seat)
    if isinstance(particle, str) and particle.startswith("ally-"):
        letter = LETTERS.get(particle[5:])
        if letter is None or s["alliances"][letter] != seat:
            raise IllegalMove(f"you have no {particle[5:]} alliance token")
        return letter
    if particle not in b["hand"]:
        have = " ".join(b["hand"]) or "none"
        raise IllegalMove(f"{particle} is not among your earned particles ({have})")
    return colour(particle)


def _spend(s, seat, particle, to_card=False):
    b = _board_of(s, seat)
    if particle.startswith("ally-"):
        s["alliances"][LETTERS[particle[5:]]] = "card" if to_card else None
    else:
        b["hand"].remove(particle)
        if not to_card:
            b["discard"].append(particle)


def place(s, move: Place):
    _free(s, move.seat)
    b = _board_of(s, move.seat)
    e = _entry(b, move.card)
    letter = _take(s, move.seat, move.particle)
    fit = _fit(s, e, letter)
    if fit is None:
        need = [s["cards"][e["card"]]["cost"][j] for j in _open(s, e)]
        raise IllegalMove(f"{move.card} needs no {COLOURS[letter]} particle "
                          f"(it still needs {', '.join(need) or 'its planets saved'})")
    _spend(s, move.seat, move.particle, to_card=True)
    _put_on(e, fit, move.particle)
    _check_focus(s, move.seat, e)


def _check_focus(s, seat, e):
    card = s["cards"][e["card"]]
    if _open(s, e) or e["saved"] < card["cost"].count("planet"):
        return
    b = _board_of(s, seat)
    b["console"].remove(e)
    b["pile"].append(e["card"])
    _return_placed(s, b, e)
    if "parallel" not in card:
        s["glitch_due"] += GLITCH.get(card["timeframe"], 0)
    _say(s, f"{s['names'][seat]} focuses {catalog.card_words(e['card'])}.")
    if "experiment" in card:
        if card["timeframe"] == "past":
            s["actions"] += 1
            s["bonus"] = s.get("bonus", 0) + 1  # a gain: the player may leave it (ruling n)
            _say(s, "The experiment gives one more matrix action this turn.")
        elif card["timeframe"] == "present" and b["tech_deck"]:
            _build(s, seat)
        elif card["timeframe"] == "future" and not all(b["switches"].values()):
            s["queue"].insert(0, {"kind": "switch", "seat": seat})


def _return_placed(s, b, e):
    for x in e["placed"]:
        if x["p"] == "purple":
            s["purple"] += 1
        elif x["p"].startswith("ally-"):
            s["alliances"][LETTERS[x["p"][5:]]] = None
        else:
            b["discard"].append(x["p"])


def _world(s, world) -> dict:
    if not isinstance(world, int) or not 1 <= world <= WORLDS:
        raise IllegalMove(f"the worlds are numbered 1-{WORLDS}")
    return s["worlds"][world - 1]


def _save_planet(s, seat, cid):
    if cid is None:
        return None
    e = _entry(_board_of(s, seat), cid)
    planets = s["cards"][cid]["cost"].count("planet")
    if e["saved"] >= planets:
        raise IllegalMove(f"{cid} has no planet symbol left to save")
    if _open(s, e):
        raise IllegalMove(f"{cid} needs its particles before a planet is saved")
    return e


def stabilise(s, move: Stabilise):
    _tend_world(s, move, "stable", f"world {move.world} is not fractured", "stabilised",
                f"World {move.world} is stable again.")


def lock(s, move: Lock):
    _tend_world(s, move, "locked", f"world {move.world} already has a locking token", "locked",
                f"World {move.world} is locked.")


def _tend_world(s, move, mark: str, refusal: str, done: str, said: str):
    """A black or white particle spent on a world (stabilising or locking it), saving a planet
    for the card it may go to."""
    _free(s, move.seat)
    w = _world(s, move.world)
    if w[mark]:
        raise IllegalMove(refusal)
    if _take(s, move.seat, move.particle) not in ("K", "W"):
        raise IllegalMove(f"worlds are {done} with a black or white particle")
    e = _save_planet(s, move.seat, move.card)
    _spend(s, move.seat, move.particle)
    w[mark] = True
    _say(s, said)
    if e:
        e["saved"] += 1
        _check_focus(s, move.seat, e)


def ally(s, move: Ally):
    _free(s, move.seat)
    letter = LETTERS.get(move.colour)
    if letter not in COLOURS:
        raise IllegalMove("alliances are red, yellow, blue, black or white")
    if move.particle.startswith("ally-") or _take(s, move.seat, move.particle) != letter:
        raise IllegalMove(f"the {COLOURS[letter]} alliance costs a {COLOURS[letter]} particle")
    owner = s["alliances"][letter]
    if owner == move.seat:
        raise IllegalMove(f"you already hold the {COLOURS[letter]} alliance")
    if owner == "card":
        raise IllegalMove(f"the {COLOURS[letter]} alliance token is on a card")
    _spend(s, move.seat, move.particle)
    s["alliances"][letter] = move.seat if owner is None else None
    _say(s, f"{s['names'][move.seat]} {'forms' if owner is None else 'breaks'} the "
            f"{COLOURS[letter]} alliance.")


def purple(s, move: Purple):
    _free(s, move.seat)
    b = _board_of(s, move.seat)
    if not all(b["switches"].values()):
        raise IllegalMove("a purple particle needs all three trigger switches on")
    if s["purple"] <= 0:
        raise IllegalMove("no purple particle is left on the board")
    if move.card is None and move.world is None:
        raise IllegalMove("a purple particle is spent at once: on a card, or to repair a "
                          "fractured world")
    e = None
    if move.world is not None:
        w = _world(s, move.world)
        if w["stable"]:
            raise IllegalMove(f"world {move.world} is not fractured")
        # "To save a planet, you must lock a planet or repair a fractured planet": a purple
        # repair saves one too; `card` names the experiment (ruling m).
        e = _save_planet(s, move.seat, move.card)
        w["stable"] = True
        s["purple"] += 1  # spent on the world, it goes back to the board
        if e:
            e["saved"] += 1
    else:
        e = _entry(b, move.card)
        fit = _fit(s, e, "P")
        if fit is None:
            raise IllegalMove(f"{move.card} needs no more particles")
        _put_on(e, fit, "purple")
    b["switches"] = {c: False for c in SWITCHES}
    s["purple"] -= 1
    _say(s, f"{s['names'][move.seat]} turns the switches off for a purple particle.")
    if e:
        _check_focus(s, move.seat, e)


# ---------------------------------------------------------------- tech modules

def tech(s, move: Tech):
    _free(s, move.seat)
    b = _board_of(s, move.seat)
    if move.module not in b["tech"]:
        raise IllegalMove(f"you have no {move.module} module")
    kind = move.module
    fields = ("column", "row", "a", "b", "card", "to_card", "particle", "spaces")
    extra = [f for f in fields if f not in TECH_TAKES.get(kind, ()) and getattr(move, f) is not None]
    if extra:  # one way to say each use, so a phone's buttons are all the uses there are
        takes = " and ".join(TECH_TAKES[kind]) or "nothing more"
        raise IllegalMove(f"the {kind} module takes {takes}, not {' or '.join(extra)}")
    if kind == "destroy":
        col = move.column
        if not isinstance(col, int) or not 0 <= col < matrix.SIZE:
            raise IllegalMove("destroy names a column 0-4")
        for r in range(matrix.SIZE):
            if not _locked(b, r, col) and b["matrix"][r][col] is not None:
                b["discard"].append(b["matrix"][r][col])
                b["matrix"][r][col] = None
        cells = [[r, c] for r, c in matrix.empty_cells(b["matrix"])]
        s["queue"].insert(0, {"kind": "draw", "to": "matrix", "seat": move.seat, "cells": cells})
    elif kind == "diagonal":
        s["diagonal"] = True
    elif kind == "swap":
        for x in (move.a, move.b):
            if isinstance(x, str):
                raise IllegalMove("the swap module swaps two particles of your matrix")
        swap(s, Swap(move.seat, move.a, move.b), any_symbol=True)
    elif kind == "rewind":
        e = _entry(b, move.card)
        e["space"] = catalog.console()["start"][s["cards"][e["card"]]["timeframe"]]
    elif kind == "glitch":
        if move.spaces not in (1, 2, 3):
            raise IllegalMove("the glitch module moves the glitch 1-3 spaces")
        _glitch(s, move.spaces, damage=False)
    elif kind == "paradox":
        e, to = _entry(b, move.card), _entry(b, move.to_card)
        if e is to:
            raise IllegalMove("the paradox module moves a particle to another card")
        found = next((x for x in e["placed"] if x["p"] == move.particle), None)
        if found is None:
            raise IllegalMove(f"{move.particle} is not on {move.card}")
        p = found["p"]
        fit = _fit(s, to, _letter(p))
        if fit is None:
            raise IllegalMove(f"{move.to_card} has no place for {p}")
        e["placed"].remove(found)
        left = _assign(s["cards"][e["card"]]["cost"], [_letter(x["p"]) for x in e["placed"]])
        e["placed"] = [{"i": i, "p": x["p"]} for i, x in zip(left, e["placed"])]
        _put_on(to, fit, p)
        b["tech"].remove(kind)
        _check_focus(s, move.seat, to)
        return
    elif kind == "shift":
        row = move.row
        if not isinstance(row, int) or not 0 <= row < matrix.SIZE:
            raise IllegalMove("shift names a row 0-4")
        if any(_locked(b, row, c) for c in range(matrix.SIZE)):
            raise IllegalMove(f"row {row} holds a locked particle, and locked particles never move")
        line = b["matrix"][row]
        b["matrix"][row] = [line[-1]] + line[:-1]
    elif kind == "search":
        if move.card not in s["discard"]:
            raise IllegalMove(f"{move.card} is not in the discard pile")
        s["discard"].remove(move.card)
        _to_console(s, move.seat, move.card)
    else:
        raise IllegalMove(f"unknown tech module {kind!r}")
    b["tech"].remove(kind)
    _say(s, f"{s['names'][move.seat]} uses the {kind} module.")


# ---------------------------------------------------------------- the glitch and the turn's end

def _glitch(s, n, damage):
    s["glitch"] = (s["glitch"] - 1 + n) % WORLDS + 1
    w = s["worlds"][s["glitch"] - 1]
    if not damage:
        _say(s, f"The glitch moves {n} to world {s['glitch']}.")
    elif w["locked"]:
        w["locked"] = False
        _say(s, f"The glitch moves {n} to world {s['glitch']}: its lock is lifted.")
    elif w["stable"]:
        w["stable"] = False
        _say(s, f"The glitch moves {n} to world {s['glitch']}: it fractures.")
    else:
        _say(s, f"The glitch moves {n} to world {s['glitch']}, already fractured.")


def end_turn(s, move: EndTurn):
    _turn(s, move.seat, "matrix")
    owed = s["actions"] - s.get("bonus", 0)
    if owed > 0 and matrix_moves(s, move.seat):
        raise IllegalMove(f"{s['names'][move.seat]} still has {owed} matrix action"
                          f"{'s' if owed > 1 else ''} to take: a swap is enough, it need not "
                          "form a strand")
    _settle(s, move.seat)
    b = _board_of(s, move.seat)
    last = catalog.console()["spaces"] - 1
    for e in list(b["console"]):
        e["space"] += 1
        if e["space"] > last:
            b["console"].remove(e)
            _return_placed(s, b, e)
            b["locks"] = [l for l in b["locks"] if l[2] != e["card"]]
            s["discard"].append(e["card"])
            _say(s, f"{catalog.card_words(e['card'])} is lost.")
    for p in b["discard"]:
        s["bag"][p] += 1
    b["discard"] = []
    s["order"].pop(0)
    s["actions"] = 1 if s["final"] else 2
    s["bonus"] = 0
    s["diagonal"] = False


# ---------------------------------------------------------------- the rival lab (solo)

def _rival(s, act, p):
    r = s["rival"]
    numbers = catalog.rival()
    c, y = colour(p), symbol(p)
    r["discard"].append(p)
    if act == "wormhole":
        if c in numbers["wormhole"]:
            r["pawn"] = (r["pawn"] + numbers["wormhole"][c]) % len(RING)
            slot = RING[r["pawn"]]
            card = s["wormhole"][slot]
            if card:
                s["wormhole"][slot] = None
                r["pile"].append(card)
                _say(s, f"The rival lab ({p}) takes {catalog.card_words(card)}.")
            else:
                _say(s, f"The rival lab ({p}) lands on an empty space.")
        else:
            s["queue"].insert(1, {"kind": "rival-card", "seat": 0})
    elif act in ("matrix", "final"):
        if c in numbers["glitch"]:
            _glitch(s, numbers["glitch"][c], damage=True)
        else:
            step = 1 if c == "W" else -1
            for k in range(1, WORLDS + 1):
                n = (s["glitch"] - 1 + step * k) % WORLDS + 1
                w = s["worlds"][n - 1]
                if not w["stable"]:
                    w["stable"] = True
                    if y == numbers["symbols"].get(c):
                        w["locked"] = True
                    _say(s, f"The rival lab repairs world {n}.")
                    break
        if y == numbers["symbols"].get(c):
            owner = s["alliances"][c]
            if owner is None:
                s["alliances"][c] = 1
            elif owner not in (1, "card"):
                s["alliances"][c] = None
    if act == "end":
        i = next(i for i, a in enumerate(s["anomaly"]) if symbol(a) == y)
        r["discard"].append(s["anomaly"][i])
        r["discard"].remove(p)
        s["anomaly"][i] = p
    if act in ("end", "final"):
        for x in r["discard"]:
            s["bag"][x] += 1
        r["discard"] = []


HANDLERS = {Draw: draw, Teach: teach, Keep: keep_module, RivalTake: rival_take, Draft: draft,
            Switch: switch, Build: build, Swap: swap, Resolve: resolve, Place: place,
            Stabilise: stabilise, Lock: lock, Ally: ally, Purple: purple, Tech: tech,
            EndTurn: end_turn, Discard: penalty.discard}


_FIELD_WORDS = {"card": "a card", "particle": "a particle", "colour": "a colour", "module": "a tech module"}


def _named(move):
    """A move names every card, particle, colour or module it needs (a phone may send it empty)."""
    for f in dataclasses.fields(move):
        if f.type == "str" and not isinstance(getattr(move, f.name), str):
            raise IllegalMove(f"{type(move).__name__} names {_FIELD_WORDS.get(f.name, f.name)}: none was given")


def apply(state: State, move) -> tuple[State, list[Said]]:
    s = thaw(state)
    handler = HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMove(f"{type(move).__name__} is not a Paradox Initiative move")
    if not isinstance(getattr(move, "seat", None), int) or not 0 <= move.seat < s["seats"]:
        raise IllegalMove(f"there is no seat {getattr(move, 'seat', None)} at this table")
    _named(move)
    if s["phase"] == "over":
        raise IllegalMove("the game is over")
    if s["queue"] and type(move) in (Draft, Build, Swap, Resolve, Place, Stabilise, Lock, Ally,
                                     Purple, Tech, EndTurn):
        raise IllegalMove(_waiting(s))
    said = len(s["said"])
    handler(s, move)
    _advance(s)
    words = s["said"][said:]
    s["said"] = s["said"][-20:]
    return freeze(s), [Said(w) for w in words]
