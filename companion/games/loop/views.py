"""Who sees what. Everything on the table is public (machines, parts, stores, Ads, tokens, the
cards laid out today); a player's hand is theirs: the rulebook has it taken up into the hand
(手札) and laid face up only as each card is played, so its order shows on its owner's phone
alone, with whether the next card will crack and why; a launch's crack or scrapped parts are
said to the launching player before they choose it."""
from __future__ import annotations

from ..base import IllegalMove, Viewer, to_dict
from . import rules
from .legal import legal_moves
from .moves import Launch
from .state import State
from ...i18n import Listed, Msg, term


def hand_words(state: State, seat: int) -> str:
    """The secret the leak checks look for: this seat's hand order."""
    hand = state.seats[seat].hand
    cards = Listed([term(state.card(c).title) for c in hand], sep=" > ")
    return Msg("seat {seat} hand, leftmost first: {cards}", seat=seat, cards=cards)


def viewers(state: State) -> list[str]:
    return [f"seat-{s}" for s in range(state.players)]


def secrets(state: State) -> dict[str, set[str]]:
    """A hand's order is its owner's (the module's docstring says why)."""
    return {f"seat-{s}": {hand_words(state, s)} for s, p in enumerate(state.seats) if p.hand}


def view(state: State, viewer: Viewer) -> dict:
    over = state.phase == "over"
    out = {
        "game": "loop",
        "seats": state.players,
        "names": list(state.names),
        "scores": {str(s): (rules.total(state, s) if over else p.points)
                   for s, p in enumerate(state.seats)},
        "finished": over,
        "winners": rules.winners(state),
        "day": state.day,
        "turn": state.turn,
        "start": state.start,
        "phase": state.phase,
        "destinations": [_destination(state, d) for d in state.destinations],
        "stores": [{"part": k, "store": s, "count": state.stores[i]} for i, (k, s) in enumerate(state.kinds)],
        "supply": {k: state.supply[i] for i, (k, _) in enumerate(state.kinds)},
        "centre": [{"card": c, "title": state.card(c).title, "effect": state.card(c).effect,
                    "anomaly": state.card(c).anomaly, "count": n} for c, n in state.centre if n],
        "players": [_player(state, s) for s in range(state.players)],
        "said": list(state.said[-12:]),
        "removed": list(state.removed_order),
        "office": state.office,
    }
    if viewer.kind == "seat":
        if not 0 <= viewer.seat < state.players:
            raise IllegalMove(Msg("there is no seat {seat} at this table", seat=viewer.seat))
        moves = legal_moves(state) if state.turn == viewer.seat and not over else []
        out["me"] = _mine(state, viewer.seat)
        out["me"]["launches"] = _launches(state, moves)
        out["legal"] = [to_dict(m) for m in moves]
    return out


def _launches(state, moves) -> list[dict]:
    """Each launch the player may make, with what it will cost said before it is chosen: a
    crack as the day's second machine there, parts the destination does not need (-1 each)."""
    out = []
    for m in moves:
        if isinstance(m, Launch):
            crack = rules.second_reason(state, m.seat, m.destination)
            out.append({"machine": m.machine, "destination": m.destination, "crack": crack,
                        "scrap": rules.scrapped_by(state, m.seat, m.machine, m.destination),
                        "scrap_words": rules.scrap_words(state, m.seat, m.machine, m.destination),
                        "warning": rules.launch_warning(state, m.seat, m.machine, m.destination)})
    return out


def _destination(state, d) -> dict:
    return {"name": d.name, "era": d.era, "parts": list(d.parts), "points": d.points,
            "action": d.action,
            "today": [s for name, s in state.on_dest if name == d.name],
            "ads": [s for s, p in enumerate(state.seats) if d.name in p.ads_out],
            "tokens": [[s, day] for s, p in enumerate(state.seats) for name, day in p.tokens
                       if name == d.name]}


def _player(state, seat: int) -> dict:
    p = state.seats[seat]
    return {
        "seat": seat, "name": p.name,
        "machines": [{"number": m, "parts": list(p.machines[m - 1]), "in_use": m <= state.day,
                      "launched": m in p.launched} for m in (1, 2, 3)],
        "points": p.points, "cracks": p.cracks, "ads_left": p.ads, "ads_out": list(p.ads_out),
        "unfulfilled_ads": p.unfulfilled, "scrapped": list(p.scrapped),
        "penalties": rules.penalties(state, seat), "total": rules.total(state, seat),
        "hand_count": len(p.hand),
        "placed": [{"card": c, "title": state.card(c).title, "new": new} for c, new in p.placed],
        "new_left": 3 - p.new_today if not p.removed else 0,
        "actions_left": rules.actions_left(state, seat), "removed": p.removed,
    }


def _mine(state, seat: int) -> dict:
    p = state.seats[seat]
    hand = []
    for i, c in enumerate(p.hand):
        card = state.card(c)
        entry = {"card": c, "title": card.title, "effect": card.effect}
        if i == 0:
            reason = rules.crack_reason(state, seat, card.effect)
            entry["crack"] = reason
            entry["warning"] = Msg("this will crack: {reason}", reason=reason) if reason else None
        hand.append(entry)
    choices = []
    if p.new_today < 3 and not p.removed:
        for c, n in state.centre:
            if n:
                reason = rules.crack_reason(state, seat, state.card(c).effect)
                choices.append({"card": c, "title": state.card(c).title, "crack": reason})
    return {"seat": seat, "hand": hand, "hand_order": hand_words(state, seat) if p.hand else "",
            "new_choices": choices}
