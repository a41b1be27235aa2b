"""Tech modules, each used once: destroy, diagonal, swap, rewind, glitch, paradox, shift, search."""
from __future__ import annotations

from ..base import IllegalMove
from ...i18n import Listed, Msg, term
from . import catalog, matrix
from .actions import swap
from .moves import Swap, Tech
from .particles import _assign, _check_focus, _entry, _fit, _free, _letter, _put_on
from .state import TECH_TAKES, Placed, Wait, _board_of, _glitch, _locked, _say, names
from .wormhole import _to_console


def tech(s, move: Tech):
    _free(s, move.seat)
    b = _board_of(s, move.seat)
    if move.module not in b.tech:
        raise IllegalMove(Msg("you have no {module} module", module=term(move.module)))
    kind = move.module
    fields = ("column", "row", "a", "b", "card", "to_card", "particle", "spaces")
    extra = [f for f in fields if f not in TECH_TAKES.get(kind, ()) and getattr(move, f) is not None]
    if extra:  # one way to say each use, so a phone's buttons are all the uses there are
        wrong = Listed(extra, sep=" or ")
        if not TECH_TAKES[kind]:
            raise IllegalMove(Msg("the {module} module takes nothing more, not {wrong}", module=term(kind),
                                  wrong=wrong))
        raise IllegalMove(Msg("the {module} module takes {takes}, not {wrong}", module=term(kind),
                              takes=Listed(TECH_TAKES[kind], sep=" and "), wrong=wrong))
    if kind == "destroy":
        col = move.column
        if not isinstance(col, int) or not 0 <= col < matrix.SIZE:
            raise IllegalMove(Msg("destroy names a column 0-4"))
        for r in range(matrix.SIZE):
            if not _locked(b, r, col) and b.matrix[r][col] is not None:
                b.discard.append(b.matrix[r][col])
                b.matrix[r][col] = None
        s.queue.insert(0, Wait("draw", move.seat, to="matrix", cells=tuple(matrix.empty_cells(b.matrix))))
    elif kind == "diagonal":
        s.diagonal = True
    elif kind == "swap":
        for x in (move.a, move.b):
            if isinstance(x, str):
                raise IllegalMove(Msg("the swap module swaps two particles of your matrix"))
        swap(s, Swap(move.seat, move.a, move.b), any_symbol=True)
    elif kind == "rewind":
        e = _entry(b, move.card)
        e.space = catalog.console()["start"][s.cards[e.card].timeframe]
    elif kind == "glitch":
        if move.spaces not in (1, 2, 3):
            raise IllegalMove(Msg("the glitch module moves the glitch 1-3 spaces"))
        _glitch(s, move.spaces, damage=False)
    elif kind == "paradox":
        e, to = _entry(b, move.card), _entry(b, move.to_card)
        if e is to:
            raise IllegalMove(Msg("the paradox module moves a particle to another card"))
        found = next((x for x in e.placed if x.p == move.particle), None)
        if found is None:
            raise IllegalMove(Msg("{particle} is not on {card}", particle=matrix.words(move.particle), card=move.card))
        p = found.p
        fit = _fit(s, to, _letter(p))
        if fit is None:
            raise IllegalMove(Msg("{card} has no place for {particle}", card=move.to_card, particle=matrix.words(p)))
        e.placed.remove(found)
        left = _assign(s.cards[e.card].cost, [_letter(x.p) for x in e.placed])
        e.placed = [Placed(i, x.p) for i, x in zip(left, e.placed)]
        _put_on(to, fit, p)
        b.tech.remove(kind)
        _check_focus(s, move.seat, to)
        return
    elif kind == "shift":
        row = move.row
        if not isinstance(row, int) or not 0 <= row < matrix.SIZE:
            raise IllegalMove(Msg("shift names a row 0-4"))
        if any(_locked(b, row, c) for c in range(matrix.SIZE)):
            raise IllegalMove(Msg("row {row} holds a locked particle, and locked particles never move", row=row))
        line = b.matrix[row]
        b.matrix[row] = [line[-1]] + line[:-1]
    elif kind == "search":
        if move.card not in s.discard:
            raise IllegalMove(Msg("{card} is not in the discard pile", card=move.card))
        s.discard.remove(move.card)
        _to_console(s, move.seat, move.card)
    else:
        raise IllegalMove(Msg("unknown tech module {module!r}", module=kind))
    b.tech.remove(kind)
    _say(s, Msg("{name} uses the {module} module.", name=names(s)[move.seat], module=term(kind)))
