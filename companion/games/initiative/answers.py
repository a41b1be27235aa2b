"""What the game waits for before anyone acts (its queue): the particle drawn from the bag,
the cost (or nexus cell) of a card the catalog does not know, the tech module kept of the two
drawn, the alternate wormhole's card given to the rival lab."""
from __future__ import annotations

from dataclasses import replace

from ..base import IllegalMove
from ...i18n import Listed, Msg, term
from . import catalog, matrix
from .matrix import symbol
from .moves import Draw, Keep, RivalTake, Teach
from .rival import _rival
from .state import _board_of, _say, names
from .wormhole import _lock_nexus


def draw(s, move: Draw):
    if not s.queue or s.queue[0].kind != "draw":
        raise IllegalMove(Msg("no particle is to be drawn now"))
    head = s.queue[0]
    if move.seat != head.seat:
        raise IllegalMove(Msg("{name} draws this particle", name=names(s)[head.seat]))
    p = move.particle
    if not matrix.is_particle(p):
        raise IllegalMove(Msg("{particle!r} is not a particle: a colour letter (R Y B K W) and a symbol 1-3",
                              particle=p))
    if s.bag.get(p, 0) <= 0:
        raise IllegalMove(Msg("there is no {particle} left in the bag", particle=matrix.words(p)))
    s.bag[p] -= 1
    if head.to == "anomaly":
        if any(symbol(a) == symbol(p) for a in s.anomaly):
            s.aside.append(p)
            _say(s, Msg("{particle}: symbol {symbol} is already on the anomaly; set aside.", particle=matrix.words(p),
                        symbol=symbol(p)))
        else:
            s.anomaly.append(p)
    elif head.to == "matrix":
        (r, c), rest = head.cells[0], head.cells[1:]
        s.queue[0] = replace(head, cells=rest)
        s.boards[head.seat].matrix[r][c] = p
    else:
        _rival(s, head.act, p)
        s.queue.pop(0)


def teach(s, move: Teach):
    head = s.queue[0] if s.queue else None
    if head is None or head.kind != "teach" or head.seat != move.seat or head.card != move.card:
        raise IllegalMove(Msg("no card is waiting for its cost now"))
    card = s.cards[move.card]
    if card.timeframe == "nexus":
        at = list(move.at) if isinstance(move.at, (list, tuple)) else None
        if not matrix.on_matrix(at):
            raise IllegalMove(Msg("a nexus card shows a cell of the matrix: [row, column], 0-4 from the top-left"))
        card = replace(card, at=tuple(at), known=True)
    else:
        cost = list(move.cost) if isinstance(move.cost, (list, tuple)) else None
        if not cost or not catalog.valid_cost(cost, card):
            raise IllegalMove(Msg("a cost is a list of R Y B K W, any, purple or planet"))
        card = replace(card, cost=tuple(cost), known=True)
    s.cards[move.card] = card
    if move.card not in s.taught:
        s.taught.append(move.card)
    s.queue.pop(0)
    _say(s, Msg("{card} is kept as taught for later games.", card=catalog.card_words(move.card)))
    if card.timeframe == "nexus" and any(e.card == move.card for e in _board_of(s, move.seat).console):
        _lock_nexus(s, move.seat, move.card)


def keep_module(s, move: Keep):
    head = s.queue[0] if s.queue else None
    if head is None or head.kind != "keep" or head.seat != move.seat:
        raise IllegalMove(Msg("no tech module is waiting to be kept now"))
    if move.module not in head.options:
        raise IllegalMove(Msg("{module} is not one of the two drawn ({drawn})", module=move.module,
                              drawn=Listed([term(m) for m in head.options], sep=", ")))
    b = _board_of(s, move.seat)
    b.tech.append(move.module)
    b.tech_deck += [m for m in head.options if m != move.module]
    s.queue.pop(0)
    _say(s, Msg("{name} builds the {module} module.", name=names(s)[move.seat],
                module=term(move.module)))


def rival_take(s, move: RivalTake):
    head = s.queue[0] if s.queue else None
    if head is None or head.kind != "rival-card" or move.seat != head.seat:
        raise IllegalMove(Msg("the rival lab is not waiting for a card from you"))
    if move.card not in s.wormhole[:3]:
        raise IllegalMove(Msg("{card} is not in the alternate wormhole", card=move.card))
    s.wormhole[s.wormhole.index(move.card)] = None
    s.rival.pile.append(move.card)
    s.queue.pop(0)
    _say(s, Msg("The rival lab takes {card}.", card=catalog.card_words(move.card)))
