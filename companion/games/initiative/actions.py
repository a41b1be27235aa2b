"""Matrix actions: a swap of two particles with one symbol, a waiting strand resolved (switches,
earned particles, nexus cards claimed, the drop and the refill), and the turn's end (unspent
particles, the glitch, the console's cards moving on)."""
from __future__ import annotations

import json

from ..base import IllegalMove
from ...i18n import Msg, Plural, term
from . import catalog, matrix
from .flow import _turn
from .matrix import COLOURS, SWITCHES, symbol
from .moves import EndTurn, Resolve, Swap
from .particles import _return_placed
from .state import Judged, Strand, Wait, _board_of, _glitch, _locked, _say, names


def _action(s, seat):
    """A matrix action begins: the last one's earned particles and glitch are settled first."""
    if s.bench:
        b = _board_of(s, seat)
        if b.bench is None:
            raise IllegalMove(Msg("seat {seat} has no matrix line yet", seat=seat))
        b.earned = []
        return
    _turn(s, seat, "matrix")
    if s.actions <= 0:
        raise IllegalMove(Msg("{name} has no matrix action left this turn", name=names(s)[seat]))
    _settle(s, seat)
    s.actions -= 1


def _settle(s, seat):
    b = _board_of(s, seat)
    if b.earned:
        b.discard += b.earned
        _say(s, Msg("Unspent particles discarded: {particles}.", particles=" ".join(b.earned)))
        b.earned = []
    if s.glitch_due:
        n, s.glitch_due = s.glitch_due, 0
        _glitch(s, n, damage=True)


def _spot(s, seat, where):
    """("matrix", r, c) or ("anomaly", i) from a move's cell."""
    if isinstance(where, str) and where.startswith("anomaly:"):
        try:
            i = int(where.split(":", 1)[1])
        except ValueError:
            i = -1
        if not 0 <= i < len(s.anomaly):
            raise IllegalMove(Msg("the anomaly has particles 0-{last}, not {where!r}", last=len(s.anomaly) - 1,
                                  where=where))
        return ("anomaly", i)
    cell = list(where) if isinstance(where, (list, tuple)) else None
    if not matrix.on_matrix(cell):
        raise IllegalMove(Msg("{cell} is off the matrix: cells are [row, column], 0-4 from the top-left",
                              cell=json.dumps(where)))
    if _board_of(s, seat).matrix[cell[0]][cell[1]] is None:
        raise IllegalMove(Msg("there is no particle at {cell}", cell=matrix.name(cell)))
    return ("matrix", cell[0], cell[1])


def _get(s, b, spot):
    return s.anomaly[spot[1]] if spot[0] == "anomaly" else b.matrix[spot[1]][spot[2]]


def _put(s, b, spot, p):
    if spot[0] == "anomaly":
        s.anomaly[spot[1]] = p
    else:
        b.matrix[spot[1]][spot[2]] = p


def _words(spot) -> str:
    return Msg("anomaly {i}", i=spot[1] + 1) if spot[0] == "anomaly" else matrix.name(spot[1:])


def swap(s, move: Swap, *, any_symbol=False):
    b = _board_of(s, move.seat)
    a, c = _spot(s, move.seat, move.a), _spot(s, move.seat, move.b)
    if a == c:
        raise IllegalMove(Msg("a swap needs two different particles"))
    if a[0] == c[0] == "anomaly":
        raise IllegalMove(Msg("a swap moves a particle of your matrix; two anomaly particles do not swap"))
    for spot in (a, c):
        if spot[0] == "matrix" and _locked(b, spot[1], spot[2]):
            raise IllegalMove(Msg("the particle at {cell} is locked: locked particles never swap",
                                      cell=_words(spot)))
    pa, pc = _get(s, b, a), _get(s, b, c)
    if not any_symbol and symbol(pa) != symbol(pc):
        raise IllegalMove(Msg("{one} at {here} and {other} at {there} have different symbols", one=matrix.words(pa),
                              here=_words(a), other=matrix.words(pc), there=_words(c)))
    if not any_symbol:
        _action(s, move.seat)
    _put(s, b, a, pc)
    _put(s, b, c, pa)
    if any_symbol:
        return
    # said, as every move is, so a swap the camera reads is told at the table too
    _say(s, Msg("{name} swapped {one} at {here} and {other} at {there}", name=names(s)[move.seat],
                one=matrix.words(pa), here=_words(a), other=matrix.words(pc), there=_words(c)))
    cells = [spot[1:] for spot in (a, c) if spot[0] == "matrix"]
    strands = matrix.strands_through(b.matrix, cells, diagonal=s.diagonal)
    s.diagonal = False
    _resolve(s, move.seat, strands)


def resolve(s, move: Resolve):
    b = _board_of(s, move.seat)
    spot = _spot(s, move.seat, move.at)
    if spot[0] != "matrix":
        raise IllegalMove(Msg("a strand is resolved through a cell of the matrix"))
    strands = matrix.strands_through(b.matrix, [spot[1:]], diagonal=s.diagonal)
    if not strands:
        raise IllegalMove(Msg("no run of four or more particles of one colour passes through {cell}",
                              cell=_words(spot)))
    _action(s, move.seat)
    s.diagonal = False
    _resolve(s, move.seat, strands)


def matrix_moves(s, seat) -> list:
    """Every matrix action the rules accept from the seat now: swaps of two particles with
    one symbol (either order, matrix or anomaly, none locked) and resolves of waiting runs."""
    if s.actions <= 0:
        return []
    b = s.boards[seat]
    cells = [(r, c) for r in range(matrix.SIZE) for c in range(matrix.SIZE)
             if b.matrix[r][c] is not None and not _locked(b, r, c)]
    spots = [(x, b.matrix[x[0]][x[1]]) for x in cells]
    spots += [(f"anomaly:{k}", a) for k, a in enumerate(s.anomaly)]
    out = [Swap(seat, x, y) for x, px in spots for y, py in spots
           if x != y and symbol(px) == symbol(py) and not (isinstance(x, str) and isinstance(y, str))]
    out += [Resolve(seat, (r, c)) for r in range(matrix.SIZE) for c in range(matrix.SIZE)
            if b.matrix[r][c] is not None
            and matrix.strands_through(b.matrix, [(r, c)], diagonal=s.diagonal)]
    return out


def _resolve(s, seat, strands):
    """Switches, then the particles out (earned ones set aside, nexus cards claimed), then the
    drop and the refill, for all the action's strands at once."""
    b = _board_of(s, seat)
    turned = []
    for st in strands:
        if st["colour"] in SWITCHES and not b.switches[st["colour"]] and st["colour"] not in turned:
            b.switches[st["colour"]] = True
            turned.append(st["colour"])
    cells, earned = [], []
    for st in strands:
        mine = [tuple(x) for x in st["cells"] if tuple(x) not in earned]
        earned += mine[:matrix.earned(st)]
        cells += [tuple(x) for x in st["cells"] if tuple(x) not in cells]
    claimed = [l for l in b.locks if (l[0], l[1]) in cells]
    nexus = sorted({(l[0], l[1]) for l in claimed})
    for l in claimed:
        if l[2] is not None:
            b.console = [e for e in b.console if e.card != l[2]]
            b.pile.append(l[2])
            _say(s, Msg("{name} claims the nexus card {card}.", name=names(s)[seat],
                        card=catalog.card_words(l[2])))
    b.locks = [l for l in b.locks if l not in claimed]
    for r, c in cells:
        (b.earned if (r, c) in earned else b.discard).append(b.matrix[r][c])
        b.matrix[r][c] = None
    for st in strands:
        what = dict(colour=term(COLOURS[st["colour"]]), length=len(st["cells"]))
        _say(s, Msg("A {colour} strand of {length}: two particles earned.", **what) if len(st["cells"]) == 5
             else Msg("A {colour} strand of {length}: one particle earned.", **what))
    b.matrix = matrix.drop(b.matrix, {(l[0], l[1]) for l in b.locks})
    empty = matrix.empty_cells(b.matrix)
    if s.bench:
        draws = s.draws
        if len(draws) < len(empty):
            raise IllegalMove(Msg("the refill needs {need} particles but the bag line has {left} left",
                                  need=len(empty), left=len(draws)))
        for (r, c), p in zip(empty, draws):
            b.matrix[r][c] = p
        s.draws = draws[len(empty):]
        s.report.append(Judged(
            seat=seat,
            strands=tuple(Strand(COLOURS[st["colour"]], tuple(tuple(x) for x in st["cells"])) for st in strands),
            earned=len(earned), switches=tuple(COLOURS[c] for c in turned),
            nexus=tuple(nexus), rows=tuple(matrix.row_text(row) for row in b.matrix),
            anomaly=tuple(s.anomaly)))
    elif empty:
        s.queue.insert(0, Wait("draw", seat, to="matrix", cells=tuple(empty)))


def end_turn(s, move: EndTurn):
    _turn(s, move.seat, "matrix")
    owed = s.actions - s.bonus
    if owed > 0 and matrix_moves(s, move.seat):
        raise IllegalMove(Plural("{name} still has {n} matrix action to take: a swap is enough, it "
                                 "need not form a strand",
                                 "{name} still has {n} matrix actions to take: a swap is enough, it "
                                 "need not form a strand", owed, name=names(s)[move.seat]))
    _settle(s, move.seat)
    b = _board_of(s, move.seat)
    last = catalog.console()["spaces"] - 1
    for e in list(b.console):
        e.space += 1
        if e.space > last:
            b.console.remove(e)
            _return_placed(s, b, e)
            b.locks = [l for l in b.locks if l[2] != e.card]
            s.discard.append(e.card)
            _say(s, Msg("{card} is lost.", card=catalog.card_words(e.card)))
    for p in b.discard:
        s.bag[p] += 1
    b.discard = []
    s.order.pop(0)
    s.actions = 1 if s.final else 2
    s.bonus = 0
    s.diagonal = False
