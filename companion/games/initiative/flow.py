"""The flow of a round: what runs without anyone's choice (the wormhole phase, the matrix phase,
the clean-up and the next round, the final actions and the fractured world penalty), and whose
turn it is or what the game waits for first."""
from __future__ import annotations

from ..base import IllegalMove
from ...i18n import Msg, term
from . import penalty
from .catalog import card_words
from .state import Wait, _clockwise, _say, names


def _advance(s):
    """Run what needs no one's choice: skip draws from an empty bag, start turns and phases."""
    while True:
        if s.queue:
            head = s.queue[0]
            if head.kind == "draw" and not any(s.bag.values()):
                _say(s, Msg("The bag is empty: the draw is skipped."))
                s.queue.pop(0)
                continue
            if head.kind == "draw" and head.to == "anomaly" and len(s.anomaly) == 3:
                for p in s.aside:
                    s.bag[p] += 1
                s.aside = []
                s.queue.pop(0)
                continue
            if head.kind == "draw" and head.to == "matrix" and not head.cells:
                s.queue.pop(0)
                continue
            if head.kind == "rival-card" and not any(s.wormhole[:3]):
                s.queue.pop(0)
                continue
            return
        if s.phase in ("over",) or s.bench:
            return
        if s.phase == "setup":
            _start_wormhole(s)
            continue
        if not s.order:
            if s.phase == "wormhole":
                _start_matrix(s)
                continue
            if s.final:
                if s.phase != "penalty":
                    s.phase = "penalty"
                    _say(s, Msg("The last action is taken: the fractured world penalty."))
                if penalty.ask_next(s):
                    continue
                s.phase = "over"
                _say(s, Msg("The game is over."))
                return
            _cleanup(s)
            continue
        if s.solo and s.order[0] == 1:  # the rival lab's action: a disc from the bag
            s.order.pop(0)
            if s.phase == "wormhole":
                s.queue.append(Wait("draw", 0, to="rival", act="wormhole"))
            elif s.final:
                s.queue.append(Wait("draw", 0, to="rival", act="final"))
            else:
                s.queue += [Wait("draw", 0, to="rival", act="matrix"), Wait("draw", 0, to="rival", act="matrix"),
                            Wait("draw", 0, to="rival", act="end")]
            continue
        return


def _start_wormhole(s):
    s.phase = "wormhole"
    seats = _clockwise(s, s.chief)
    s.order = seats + seats[::-1]
    _say(s, Msg("Round {round}: the wormhole, {name} first.", round=s.round, name=names(s)[s.chief]))


def _start_matrix(s):
    s.phase = "matrix"
    s.order = _clockwise(s, s.chief)
    s.actions = 1 if s.final else 2
    s.bonus = 0
    s.diagonal = False
    name = names(s)[s.chief]
    _say(s, Msg("The matrix phase: one final matrix action each, {name} first.", name=name) if s.final
         else Msg("The matrix phase: two matrix actions each, {name} first.", name=name))


def _cleanup(s):
    if not s.deck:  # the end trigger
        s.final = True
        s.chief = _next_chief(s)
        _say(s, Msg("The timeline deck is empty: one final matrix action each."))
        _start_matrix(s)
        return
    if s.players <= 2:
        s.discard += [c for c in s.wormhole[3:] if c]
        for i in range(3):
            if s.wormhole[i] is None and s.alternate:
                s.wormhole[i] = s.alternate.pop(0)
        s.wormhole = s.wormhole[:3] + s.deck[:6] + [None] * max(0, 6 - len(s.deck))
        s.deck = s.deck[6:]
    else:
        n = len(s.wormhole)
        s.discard += [c for c in s.wormhole if c]
        s.wormhole = s.deck[:n] + [None] * max(0, n - len(s.deck))
        s.deck = s.deck[n:]
    s.chief = _next_chief(s)
    s.round += 1
    _start_wormhole(s)


def _next_chief(s):
    return 0 if s.solo else (s.chief + 1) % s.players


def _turn(s, seat, phase):
    if s.bench:
        raise IllegalMove(Msg("matrix records take swap and resolve lines only"))
    if s.phase == "over":
        raise IllegalMove(Msg("the game is over"))
    if s.queue:
        raise IllegalMove(_waiting(s))
    if s.phase != phase:
        raise IllegalMove(Msg("this is the {phase} phase, not the {wanted} phase", phase=term(s.phase),
                              wanted=term(phase)))
    if not s.order or s.order[0] != seat:
        if not s.order:
            raise IllegalMove(Msg("it is no one's turn, not {name}'s", name=names(s)[seat]))
        raise IllegalMove(Msg("it is {turn}'s turn, not {name}'s", turn=names(s)[s.order[0]],
                              name=names(s)[seat]))


def _waiting(s) -> str:
    head = s.queue[0]
    who = names(s)[head.seat]
    if head.kind == "draw":
        return Msg("first the particle drawn from the bag for {where}", where=drawn_for(head.to, who))
    kind = head.kind
    if kind == "teach":
        return Msg("first {name} enters the cost of {card}", name=who, card=card_words(head.card or ""))
    if kind == "keep":
        return Msg("first {name} keeps one of the two tech modules drawn", name=who)
    if kind == "switch":
        return Msg("first {name} activates a trigger switch", name=who)
    if kind == "rival-card":
        return Msg("first {name} gives the rival lab a card of the alternate wormhole", name=who)
    return Msg("first {name} chooses the card to discard for fractured world {world}", name=who,
               world=head.world)


def drawn_for(to, who):
    """Where a particle drawn from the bag goes (`to`): the anomaly, a seat's matrix, the rival lab."""
    if to == "matrix":
        return Msg("{name}'s matrix", name=who)
    if to == "rival":
        return Msg("the rival lab")
    return Msg("the anomaly")
