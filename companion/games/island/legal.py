"""The moves Paradox Island's rules accept now, for the phones and random play: every candidate
each phase offers (the island at once, the OP's pieces, each captive's moves and bonuses, the
Wave's, Bush's and Rock's actions with their pushes), kept when `apply` accepts it."""
from __future__ import annotations

from ..base import IllegalMove, accepted, evolve
from . import board as geo
from . import catalog, characters, layout, op, turns
from .moves import (BuildIsland, BushAction, Choose, ChooseStartingFruit, EndTurn, Move, PlaceOpPieces,
                    RandomIsland, Rest, RockAction, UseBonus, UseExtraBonus, WaveAttack, WaveMove)
from .rules import apply
from .state import OP, State, board as board_of, piece, pieces_of


def legal_moves(state: State) -> list:
    """Every move the rules accept now (notes aside), Rock (and, under Lithophytes, Bush) actions
    that both move and push, in either order, and the extra movement after an Anomaly Portal
    included."""
    return accepted(apply, state, _candidates(state))


# bonuses that do not act with one of the captive's pieces
_PIECELESS_BONUSES = ("replenish_fruit", "circle_extra_bonus", "call_off")


def _candidates(state: State) -> list:
    if state.phase == "over":
        return []
    if state.phase == "island":  # laying tile by tile aside: the whole island at once
        return [RandomIsland()] + ([BuildIsland(state.last_island)] if state.last_island else [])
    if state.phase == "pieces":
        return [PlaceOpPieces(w, r, b) for w in geo.OCEAN_PARTS
                for r in layout.find(state.island, "anomaly")
                for b in layout.find(state.island, "fruit")]
    if state.phase == "fruits":
        seat, name = next((s, n) for s, n in turns.fruit_order(state)
                          if piece(state, n).starting_fruit is None)
        return [ChooseStartingFruit(seat, f, name) for f in catalog.fruits()]
    out = []
    if state.pending is not None:
        out += [Choose(state.pending.seat, o) for o in state.pending.options]
        if state.pending.kind == "op_action":
            out += _op_actions(state, state.interrupt)
        return out
    if state.turn == OP:
        if state.actions > 0:
            for which in ("Wave", "Bush", "Rock"):
                out += _op_actions(state, which)
        return out + [EndTurn(OP)]
    seat = state.turn
    for p in pieces_of(state, seat):
        for d in geo.DIRECTIONS:
            for over in (False, True):
                for safe in (False, True):
                    out.append(Move(seat, d, over, safe, p.name))
        out.append(Rest(seat, p.name))
    b = board_of(state, seat)
    # a captive with two pieces (two players) says which piece a bonus that moves, scouts, acts
    # or heals is for
    mine = [p.name for p in pieces_of(state, seat)]
    for fruit, status in b.fruits:
        index = characters.bonus_index(b, fruit)
        if status == "circled" and index is not None:
            effect = b.bonuses[index][0]
            if effect == "scout_line":
                choices = [dict(direction=d) for d in geo.DIRECTIONS]
            elif effect == "call_off":
                choices = [dict(target=w) for w in ("Wave", "Rock", "Bush")]
            elif effect in ("safe_move_to_fruit", "replenish_fruit"):
                choices = [dict(target=f) for f in catalog.fruits()]
            else:
                choices = [{}]
            names = mine if len(mine) > 1 and effect not in _PIECELESS_BONUSES else [None]
            out += [UseBonus(seat, fruit, piece=n, **c) for n in names for c in choices]
    out += [UseExtraBonus(seat, i + 1) for i, s in enumerate(b.extra) if s == "circled"]
    return out + [EndTurn(seat)]


def _op_actions(state: State, which: str | None) -> list:
    if which == "Wave":
        return ([WaveMove(p) for p in geo.OCEAN_PARTS + tuple(op.LAKE_PLACES)] +
                [WaveAttack(p.name) for p in state.pieces])
    if which not in ("Bush", "Rock") or op.op_piece_space(state, which) is None:
        return []
    action = BushAction if which == "Bush" else RockAction
    moves = _op_piece_moves(state, which)
    out = [action(**mv) for mv in moves]
    if not op.pushes(state, which):
        return out
    # pushes: alone, after the move (from where the move ends) or before it (from where it is)
    here = _pushes_from(state, which)
    out += [action(push=p, push_direction=d) for p, d in here]
    out += [action(**mv, push=p, push_direction=d, push_first=True) for mv in moves
            for p, d in here]
    for mv in moves:
        try:
            legs = op.path(state, which, mv["direction"], mv["start"], mv["activate"],
                           mv["through"], mv["then"])
        except IllegalMove:
            continue
        end = legs[-1][1]
        if end is not None:
            moved = evolve(state, **{which.lower(): end})
            out += [action(**mv, push=p, push_direction=d) for p, d in _pushes_from(moved, which)]
    return out


def _op_piece_moves(state: State, which: str) -> list[dict]:
    """Every movement of the Bush or the Rock: one space, through a portal, knot or (Anomaly
    Portals) another anomaly, and the extra step after it."""
    here = op.op_piece_space(state, which)
    starts = layout.lake_of(state.island, here) or (None,)
    portals = layout.find(state.island, "portal")
    anomalies = layout.find(state.island, "anomaly")
    out = []
    for d in geo.DIRECTIONS:
        for s in starts:
            out.append(dict(direction=d, activate=False, start=s, through=None, then=None))
            land = geo.step(s or here, d)
            kind = layout.space(state.island, land).kind if land else None
            if kind in ("portal", "knot") or (kind == "anomaly" and state.in_force == "teleport"):
                # with the Hurricane a portal leads to any other portal, with Anomaly Portals
                # an anomaly to any other anomaly, then one more step if the OP wants
                exits = ((None,) + tuple(portals) if kind == "portal" and state.in_force == "hurricane"
                         else tuple(anomalies) if kind == "anomaly" else (None,))
                thens = (None,) + geo.DIRECTIONS if kind == "anomaly" else (None,)
                out += [dict(direction=d, activate=True, start=s, through=x, then=t)
                        for x in exits for t in thens]
    return out


def _pushes_from(state: State, which: str) -> list[tuple[str, str | None]]:
    """(captive, direction) pushes the piece can make from where it is."""
    out = []
    for p in state.pieces:
        for d in geo.DIRECTIONS:
            try:
                op.push_target(state, which, p.name, d)
            except IllegalMove:
                continue
            out.append((p.name, d))
    return out
