"""Paradox Initiative's rules: pure, state + move -> new state + words said.

Rules: shared/rules/paradox-initiative.txt; decisions the rulebook leaves open: docs/rulings.md.
The state is one immutable value, frozen dataclasses of tuples (state.py); `apply` thaws a
working copy, the module of the move's part of the round changes it, and it is frozen again. Every particle drawn from the bag is an explicit
chance move (`Draw`), so the table tells the companion what came out; the timeline and tech
decks are shuffled from the seed.

By part of the round: flow (phases, turns, what the game waits for), answers (draws, costs,
modules kept, the rival lab's card), wormhole (drafts, switches, modules built), actions (swaps,
strands, the turn's end), particles (cards, worlds, alliances, purple), tech (the modules'
uses), rival (the solo rival lab), penalty (the fractured world penalty).

Seats go clockwise; "to the left" is the next seat. In the solo game the rival lab is seat 1.
"""
from __future__ import annotations

import dataclasses

from ..base import IllegalMove, chance
from ...i18n import Msg
from . import catalog, matrix, penalty
from .actions import end_turn, resolve, swap
from .answers import draw, keep_module, rival_take, teach
from .flow import _advance, _waiting
from .matrix import COLOURS, SWITCHES
from .moves import (Ally, Build, Discard, Draft, Draw, EndTurn, Keep, Lock, Place, Purple,
                    Resolve, RivalTake, Said, Stabilise, Swap, Switch, Teach, Tech)
from .particles import ally, lock, place, purple, stabilise
from .state import TECH, State, freeze, thaw  # noqa: F401 - the rules' own names, for their readers
from .state import WORLDS, Board, Frozen, Paid, RivalLab, Wait, World, _clockwise
from .tech import tech
from .wormhole import build, draft, switch

NAME = "initiative"


# ---------------------------------------------------------------- setup

def setup(options: dict | None = None, seed: int = 0) -> State:
    options = dict(options or {})
    players = options.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise IllegalMove(Msg("Paradox Initiative is for 1 (against the rival lab) to 4 players"))
    solo = players == 1
    # The solo rules' "more challenging" scoring: +1 per world in the rival lab's pile.
    challenging = solo and options.get("challenging") in (True, "yes")
    seats = 2 if solo else players
    names = options.get("names")
    if not (isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names)):
        names = [f"P{i + 1}" for i in range(players)]
    names = [n or f"P{i + 1}" for i, n in enumerate(names)] + (["Rival lab"] if solo else [])
    cards = catalog.cards(options.get("kept"))
    taught = sorted(cid for cid, c in cards.items() if c.known and _was_taught(options.get("kept"), cid))
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
    goals, rest = goal_deck[:3], [g for g in goal_deck[3:] if not g.secret]
    secret = [rest[i] if any(g.secret for g in goals) and i < len(rest) else None
              for i in range(seats)]
    sets = 9 if players == 4 else 7 if players >= 2 else 4
    chief = 0 if solo else chance(seed, "chief").randrange(players)
    s = thaw(State(
        seed=seed, players=players, solo=solo, seats=seats, names=tuple(names), challenging=challenging,
        cards=Frozen(sorted(cards.items())), taught=tuple(taught), deck=tuple(deck), alternate=tuple(alt),
        wormhole=tuple(wormhole), bag=Frozen(sorted((c + str(y), sets) for c in COLOURS for y in matrix.SYMBOLS)),
        worlds=tuple(World() for _ in range(WORLDS)),
        glitch=chance(seed, "glitch").randrange(WORLDS) + 1,
        goals=tuple(goals), secret=tuple(secret), alliances=Frozen((c, None) for c in sorted(COLOURS)),
        chief=chief, boards=tuple(_board(seed, seat) for seat in range(players)),
        rival=RivalLab() if solo else None, paid=tuple(Paid() for _ in range(seats))))
    s.queue.append(Wait("draw", chief, to="anomaly"))
    deal = tuple((r, c) for r in range(matrix.SIZE - 1, -1, -1) for c in range(matrix.SIZE))
    for seat in _clockwise(s, chief, humans=True):
        s.queue.append(Wait("draw", seat, to="matrix", cells=deal))
    for seat in range(players):
        b = s.boards[seat]
        s.queue.append(Wait("keep", seat, options=tuple(b.tech_deck[:2])))
        b.tech_deck = b.tech_deck[2:]
    _advance(s)
    return freeze(s)



def _was_taught(kept, cid) -> bool:
    return isinstance(kept, dict) and isinstance(kept.get("cards"), dict) and cid in kept["cards"]



def _board(seed, seat) -> Board:
    tech = list(TECH)
    chance(seed, "tech", seat).shuffle(tech)
    return Board(matrix=((None,) * matrix.SIZE,) * matrix.SIZE, switches=Frozen((c, False) for c in SWITCHES),
                 tech_deck=tuple(tech))



def keep(state: State) -> dict | None:
    """What the table taught: the cost or nexus position of each card entered at the table."""
    if not state.taught:
        return None
    cards = {cid: state.cards[cid] for cid in sorted(state.taught)}
    return {"cards": {cid: {"at": list(c.at)} if c.timeframe == "nexus" else {"cost": list(c.cost)}
                      for cid, c in cards.items()}}



HANDLERS = {Draw: draw, Teach: teach, Keep: keep_module, RivalTake: rival_take, Draft: draft,
            Switch: switch, Build: build, Swap: swap, Resolve: resolve, Place: place,
            Stabilise: stabilise, Lock: lock, Ally: ally, Purple: purple, Tech: tech,
            EndTurn: end_turn, Discard: penalty.discard}


_FIELD_WORDS = {"card": Msg("a card"), "particle": Msg("a particle"), "colour": Msg("a colour"),
                "module": Msg("a tech module")}



def _named(move):
    """A move names every card, particle, colour or module it needs (a phone may send it empty)."""
    for f in dataclasses.fields(move):
        if f.type == "str" and not isinstance(getattr(move, f.name), str):
            raise IllegalMove(Msg("{move} names {what}: none was given", move=type(move).__name__,
                                  what=_FIELD_WORDS.get(f.name, f.name)))



def apply(state: State, move) -> tuple[State, list[Said]]:
    handler = HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMove(Msg("{move} is not a Paradox Initiative move", move=type(move).__name__))
    if not isinstance(getattr(move, "seat", None), int) or not 0 <= move.seat < state.seats:
        raise IllegalMove(Msg("there is no seat {seat} at this table", seat=getattr(move, "seat", None)))
    _named(move)
    if state.phase == "over":
        raise IllegalMove(Msg("the game is over"))
    if state.queue and type(move) in (Draft, Build, Swap, Resolve, Place, Stabilise, Lock, Ally,
                                      Purple, Tech, EndTurn):
        raise IllegalMove(_waiting(state))
    s = thaw(state)
    handler(s, move)
    _advance(s)
    s.said = s.said[-20:]
    return freeze(s), [Said(w) for w in s.told]
