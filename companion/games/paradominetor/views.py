"""What each viewer may see of a Paradominetor game: `view` is the only door out."""
from __future__ import annotations

from ..base import IllegalMove, Viewer
from .rules import NAME, Placed, State, _awaiting_flip, _in_play, is_over, winners
from .tiles import BLACK, TRICKS


def viewers(state: State) -> list[str]:
    """A phone link per seat; nobody is game master."""
    return [f"seat-{s}" for s in range(state.seats)]


def secrets(state: State) -> dict[str, set[str]]:
    """Hidden tiles written in full (red-3-past): a seat's hand is its own; the back of a played
    tile that was never flipped is nobody's (only the game master's view, used for records)."""
    out = {f"seat-{s}": set() for s in range(state.seats)}
    if state.hands is not None:
        for s, hand in enumerate(state.hands):
            out[f"seat-{s}"] = {str(t) for t in hand if t.colour != BLACK}
    hidden = [p for r in state.done for p in r.plays if not p.flipped] + list(state.trick)
    out["master"] = {str(p.tile) for p in hidden if p.tile.colour != BLACK and p.tile.timeframe}
    return out


def number(x: float):
    """1.0 -> 1, 0.5 -> 0.5: points as a player writes them."""
    return int(x) if float(x).is_integer() else x


def _placed_view(p: Placed, full: bool) -> dict:
    out = {"seat": p.seat, "tile": "black-0" if p.tile.colour == BLACK else p.tile.face}
    if p.declare:
        out["declare"] = p.declare
    if (p.flipped or full) and p.tile.timeframe:
        out["timeframe"] = p.tile.timeframe
    return out


def view(state: State, viewer: Viewer) -> dict:
    """What `viewer` may see. Timeframes stay hidden until a tile is flipped; hands are private."""
    if viewer.kind == "seat" and not 0 <= viewer.seat < state.seats:
        raise IllegalMove(f"there is no seat {viewer.seat} at this table")
    full = viewer.kind == "master"
    out = {
        "game": NAME,
        "seats": state.seats,
        "names": list(state.names),
        "colours": list(state.colours),
        "phase": state.phase,
        "trick_number": min(state.number, TRICKS),
        "tricks_total": TRICKS,
        "lead": state.lead,
        "to_play": state.to_play,
        "must_follow": sorted(_in_play(state)),
        "current_trick": [_placed_view(p, full) for p in state.trick],
        "awaiting_flip": _awaiting_flip(state) if state.phase == "flip" else [],
        "tricks": [{
            "number": r.number, "lead": r.lead, "plays": [_placed_view(p, full) for p in r.plays],
            "winners": list(r.winners), "points": {str(s): number(p) for s, p in r.points},
            "paradox": r.paradox, "next_lead": r.next_lead, "reason": r.reason,
        } for r in state.done],
        "scores": {str(s): number(state.scores[s]) for s in range(state.seats)},
        "half_point_tricks": {str(s): state.halves[s] for s in range(state.seats)},
        "revokes": [{"seat": s, "colour": c, "trick": t, "earlier_trick": e}
                    for s, c, t, e in state.revokes],
        "finished": is_over(state),
        "winners": winners(state),
        "dealt": state.dealt,
    }
    if state.dealt:
        if full:
            out["hands"] = {str(s): [str(t) for t in h] for s, h in enumerate(state.hands)}
        elif viewer.kind == "seat":
            out["hand"] = [str(t) for t in state.hands[viewer.seat]]
            if state.passes is not None:
                mine = state.passes[viewer.seat]
                out["passed"] = [str(t) for t in mine] if mine else None
        if state.passes is not None:
            out["waiting_to_pass"] = [s for s, p in enumerate(state.passes) if p is None]
    if viewer.kind == "seat":
        out["you"] = viewer.seat
    return out
