"""Who sees what, the scores, and the moves the rules accept now.

Everything on the table is public (matrices, consoles, score piles, the wormhole); hidden are the
decks' order and each player's secret research goal, which only its owner's phone shows, with
the points it adds: others count that score without them until the end reveals all.
"""
from __future__ import annotations

from ..base import TABLE, Viewer, accepted, to_dict
from ...i18n import Msg
from . import catalog, matrix, penalty, scoring
from .matrix import COLOURS, SWITCHES
from .moves import (Ally, Build, Discard, Draft, Draw, EndTurn, Keep, Lock, Place, Purple, Resolve,
                    RivalTake, Stabilise, Swap, Switch, Teach, Tech)
from .actions import matrix_moves
from .rules import NAME, apply
from .state import RING, names


def _secret_words(goal) -> str:
    return Msg("secret research goal: {goal}", goal=scoring.goal_words(goal))


def _results(s) -> dict:
    return {seat: penalty.seat_result(s, seat) for seat in range(s.seats)}


def scores(state) -> dict[int, int]:
    """The piles scored as the game's end would score them now."""
    return {seat: r["total"] for seat, r in _results(state).items()}


def is_over(state) -> bool:
    return state.phase == "over"


def winners(state) -> list[int]:
    return scoring.winners(_results(state), state.solo) if state.phase == "over" else []


def viewers(state) -> list[str]:
    return [f"seat-{seat}" for seat in range(state.players)]


def secrets(state) -> dict[str, set[str]]:
    """Each seat's secret research goal and the points it adds to that seat's score; the rival
    lab's too (no phone sees it: "do not look at it until scoring"). All is revealed at the end."""
    s = state
    if s.phase == "over":
        return {}
    results = _results(s)
    out = {}
    for seat, goal in enumerate(s.secret):
        if goal:
            owner = f"seat-{seat}" if seat < s.players else "rival"
            out[owner] = {_secret_words(goal), _secret_score(s, results, seat)}
    return out


def _hidden_goal(s) -> int | None:
    """Which research goal is the secret objective, if one is."""
    return next((i for i, g in enumerate(s.goals) if g.secret), None)


def _secret_score(s, results, seat) -> str:
    i = _hidden_goal(s)
    r = results[seat]
    return Msg("{name}'s secret research goal adds {goal} points: {total} points in all",
               name=names(s)[seat], goal=r["goals"][i], total=r["total"])


def _counted(s, results, viewer) -> dict:
    """Each seat's breakdown as the viewer may count it: the points of another seat's secret
    objective stay out until the end (the owner and a game master see all)."""
    i = _hidden_goal(s)
    out = {}
    for seat, r in results.items():
        shown = {x: r[x] for x in ("worlds", "experiments", "locked", "goals", "alliances",
                                   "penalty", "challenge", "total") if x in r}
        mine = viewer.kind == "master" or (viewer.kind == "seat" and viewer.seat == seat)
        if i is not None and s.phase != "over" and not mine:
            shown["goals"] = [None if k == i else g for k, g in enumerate(r["goals"])]
            shown["total"] = r["total"] - r["goals"][i]
        out[str(seat)] = shown
    return out


def _console(s, b) -> list[dict]:
    last = catalog.console()["spaces"] - 1
    return [{"card": e.card, "section": s.cards[e.card].timeframe, "space": e.space,
             "turns_left": last - e.space + 1, "cost": list(s.cards[e.card].cost),
             "placed": [x.p for x in e.placed], "planets_saved": e.saved}
            for e in b.console]


def view(state, viewer: Viewer = TABLE) -> dict:
    s = state
    results = _results(s)
    counted = _counted(s, results, viewer)
    over = s.phase == "over"
    head = s.queue[0] if s.queue else None
    out = {
        "game": NAME, "seats": s.seats, "names": names(s),
        "scores": {k: v.pop("total") for k, v in counted.items()},
        "finished": over, "winners": scoring.winners(results, s.solo) if over else [],
        "phase": s.phase, "round": s.round, "final": s.final, "chief": s.chief,
        "turn": s.order[0] if s.order else None, "actions": s.actions,
        "awaiting": head.shown() if head else None,
        "glitch": s.glitch,
        "worlds": [{"number": i + 1, "name": w["name"], "stable": s.worlds[i].stable,
                    "locked": s.worlds[i].locked} for i, w in enumerate(catalog.worlds())],
        "wormhole": list(s.wormhole), "alternate": len(s.alternate), "deck": len(s.deck),
        "discard": list(s.discard), "anomaly": list(s.anomaly), "bag": sum(s.bag.values()),
        "purple": s.purple,
        "alliances": {COLOURS[c]: v for c, v in s.alliances.items()},
        "goals": [scoring.goal_words(g) for g in s.goals],
        "breakdown": counted,
        "players": [{"seat": seat, "rows": [matrix.row_text(r) for r in b.matrix],
                     "locks": [[l[0], l[1]] for l in b.locks],
                     "switches": {COLOURS[c]: b.switches[c] for c in SWITCHES},
                     "console": _console(s, b), "pile": list(b.pile), "tech": list(b.tech),
                     "tech_deck": len(b.tech_deck), "earned": list(b.earned)}
                    for seat, b in enumerate(s.boards)],
        "said": list(s.said[-5:]),
    }
    # What each card on show asks, so a phone can say what drafting or filling it takes.
    shown = [c for c in s.wormhole if c] + [e.card for b in s.boards for e in b.console]
    out["cards"] = {c: {"timeframe": s.cards[c].timeframe, "cost": list(s.cards[c].cost),
                        "at": list(s.cards[c].at) if s.cards[c].at is not None else None,
                        "known": s.cards[c].known}
                    for c in shown}
    if s.solo:
        out["rival"] = {"pile": list(s.rival.pile), "pawn": matrix_slot(s.rival.pawn)}
    if over:  # "all is revealed" at scoring
        out["secret_goals"] = [_secret_words(g) if g else None for g in s.secret]
    if viewer.kind == "seat" and viewer.seat < s.players:
        goal = s.secret[viewer.seat]
        out["secret_goal"] = _secret_words(goal) if goal else None
        out["secret_score"] = _secret_score(s, results, viewer.seat) if goal else None
        if head and head.kind == "keep" and head.seat == viewer.seat:
            out["awaiting"]["options"] = list(head.options)
        acting = head.seat if head else s.order[0] if s.order and not over else None
        # Exactly the moves the rules accept now from this phone's seat: its buttons.
        out["legal"] = ([to_dict(m) for m in legal_moves(state) if m.seat == viewer.seat]
                        if acting == viewer.seat else [])
    elif viewer.kind == "master":
        out["secret_goals"] = [_secret_words(g) if g else None for g in s.secret]
        out["secret_scores"] = [_secret_score(s, results, seat) if g else None
                                for seat, g in enumerate(s.secret)]
    return out


def matrix_slot(pawn: int) -> int:
    return RING[pawn] + 1  # the rulebook numbers the 3x3 grid 1-9


# ---------------------------------------------------------------- legal moves

def legal_moves(state) -> list:
    s = state
    if s.phase == "over" or s.bench:
        return []
    if s.queue:
        head = s.queue[0]
        seat = head.seat
        if head.kind == "draw":
            return [Draw(seat, p) for p, n in sorted(s.bag.items()) if n > 0]
        if head.kind == "teach":
            card = s.cards[head.card]
            return [Teach(seat, head.card, card.cost, card.at or None)]
        if head.kind == "keep":
            return [Keep(seat, m) for m in head.options]
        if head.kind == "switch":
            b = s.boards[seat]
            return [Switch(seat, COLOURS[c]) for c in SWITCHES if not b.switches[c]]
        if head.kind == "rival-card":
            return [RivalTake(0, c) for c in s.wormhole[:3] if c]
        if head.kind == "penalty":  # the suggested card first
            return [Discard(seat, c) for c in sorted(head.options, key=lambda c: c != head.best)]
        return []
    seat = s.order[0]
    b = s.boards[seat]
    if s.phase == "wormhole":
        out = [Draft(seat, c) for c in s.wormhole if c]
        out += [Switch(seat, COLOURS[c]) for c in SWITCHES if not b.switches[c]]
        out += [Build(seat)] if b.tech_deck else []
        return out
    out = matrix_moves(s, seat)
    out += accepted(apply, state, _free_actions(s, seat, b))
    out += _tech_swaps(s, seat, b)
    return out + accepted(apply, state, [EndTurn(seat)])


def _tech_swaps(s, seat, b):
    """The swap module: any two particles of the matrix, either order, none locked."""
    if "swap" not in b.tech:
        return []
    locked = {(l[0], l[1]) for l in b.locks}
    cells = [(r, c) for r in range(5) for c in range(5)
             if b.matrix[r][c] is not None and (r, c) not in locked]
    return [Tech(seat, "swap", a=x, b=y) for x in cells for y in cells if x != y]


def _free_actions(s, seat, b):
    tokens = [f"ally-{COLOURS[c]}" for c, v in s.alliances.items() if v == seat]
    particles = sorted(set(b.earned)) + tokens
    cards = [e.card for e in b.console]
    fractured = [i + 1 for i, w in enumerate(s.worlds) if not w.stable]
    open_worlds = [i + 1 for i, w in enumerate(s.worlds) if not w.locked]
    planets = [None] + [c for c in cards if "planet" in s.cards[c].cost]
    out = [Place(seat, c, p) for c in cards for p in particles]
    for p in particles:
        if p[0] in "KW" or p in ("ally-black", "ally-white"):
            out += [Stabilise(seat, w, p, c) for w in fractured for c in planets]
            out += [Lock(seat, w, p, c) for w in open_worlds for c in planets]
        if not p.startswith("ally-"):
            out.append(Ally(seat, COLOURS[p[0]], p))
    if all(b.switches.values()):
        out += [Purple(seat, card=c) for c in cards]
        out += [Purple(seat, world=w, card=c) for w in fractured for c in planets]
    for m in sorted(set(b.tech)):
        if m == "destroy":
            out += [Tech(seat, m, column=c) for c in range(5)]
        elif m == "shift":
            out += [Tech(seat, m, row=r) for r in range(5)]
        elif m == "glitch":
            out += [Tech(seat, m, spaces=n) for n in (1, 2, 3)]
        elif m == "diagonal":
            out.append(Tech(seat, m))
        elif m == "rewind":
            out += [Tech(seat, m, card=c) for c in cards]
        elif m == "search":
            out += [Tech(seat, m, card=c) for c in s.discard]
        elif m == "paradox":
            out += [Tech(seat, m, card=e.card, particle=x.p, to_card=t)
                    for e in b.console for x in e.placed for t in cards if t != e.card]
    return out
