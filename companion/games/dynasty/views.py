"""What each viewer may see: the maps, the market and every strength are on the table for all;
a secret mission only on its owner's phone until it is completed (face up)."""
from __future__ import annotations

from ...i18n import Msg
from ..base import IllegalMove, Viewer
from . import hands, missions, power, powers, report
from .catalog import (EVENTS, PENALTIES, REWARDS, ROLES, SCALARS, TERRAINS, event_words, icons_in, penalty_words,
                      reward_words, role_name, scalar_words)
from .maps import name
from .placement import parse_domino
from .practice import market_due
from .rules import NAME, is_over, scores, winners
from .state import PERSONAL, SHARED, State


def viewers(state: State) -> list[str]:
    return [f"seat-{s}" for s in range(state.config.players)]


def hidden(card) -> bool:
    """A secret mission is hidden while open, and face down once failed."""
    return card.secret and card.status in ("open", "failed", "put back")


def secrets(state: State) -> dict[str, set[str]]:
    out = {f"seat-{s}": set() for s in range(state.config.players)}
    for card in state.missions:
        if hidden(card):
            out[f"seat-{card.seat}"].add(card.words())
    return out


def _squares(squares, by) -> list[dict]:
    """The squares that show, named where they lie on the mat (`by`: the map's shift there);
    `under`: the halves a domino laid over them covers, top first."""
    return [{"x": c[0], "y": c[1], "square": name(c, by), "terrain": sq.half.terrain, "icon": sq.half.icon,
             "paths": sq.half.paths, "arrow": sq.half.arrow, "domino": sq.domino, "under": _under(sq)}
            for c, sq in squares]


def _under(sq) -> list[str]:
    out = []
    while sq.below is not None:
        sq = sq.below
        out.append(sq.half.text())
    return out


def _mission(card, full: bool) -> dict:
    out = {"id": card.id, "seat": card.seat, "round": card.round, "secret": card.secret,
           "status": card.status}
    if full:
        out.update(words=card.words(), needs=[{"role": n.role, "num": n.num, "scalar": n.scalar,
                                               "words": n.words()} for n in card.needs],
                   reward=card.reward, penalty=card.penalty, ignored=card.ignored,
                   result=[{"role": r, "needed": v, "had": h, "passed": h >= v} for r, v, h in card.result])
    return out


def view(state: State, viewer: Viewer) -> dict:
    cfg = state.config
    if viewer.kind == "seat" and not 0 <= viewer.seat < cfg.players:
        raise IllegalMove(Msg("there is no seat {seat} at this table", seat=viewer.seat))
    table = power.strengths(state)
    # how far each map lies shifted on the mat's printed squares once it grew past them: the
    # phones name squares, and head their columns and rows, where they lie (State.shift)
    shifts = {"shared": list(state.shift(SHARED)),
              **{str(s): list(state.shift(PERSONAL, s)) for s in range(len(state.personal))}}
    out = {
        "game": NAME,
        "seats": cfg.players,
        "names": list(cfg.names),
        "scores": {str(s): v for s, v in scores(state).items()},
        "finished": is_over(state),
        "winners": winners(state),
        "result": state.result,
        "mode": cfg.mode,
        "phase": state.phase,
        "round": state.round,
        "turn": state.turn if state.phase in ("claim", "swap") else None,
        "roles": {str(s): list(r) for s, r in enumerate(cfg.roles)},
        "role_names": {r: role_name(r) for r in ROLES},
        "shared": _squares(state.shared, shifts["shared"]),
        "starts": {role: [name(c, shifts["shared"]) for c in cells] for role, cells in state.starts},
        "shifts": shifts,
        "personal": {str(s): _squares(m, shifts[str(s)]) for s, m in enumerate(state.personal)},
        "market": [{"index": i, "domino": text, "halves": [h.text() for h in parse_domino(text)]}
                   for i, text in enumerate(state.market)],
        # how many dominoes the market laid now would hold (0 once drawn): the virtual table's draw
        "market_due": market_due(state) if state.phase == "draw" and not state.drawn else 0,
        "expansions": list(cfg.expansions),
        "event": state.event,
        "strength": table,
        "strength_words": [power.strength_words(r, table[r]) for r in ROLES],
        "missions": [_mission(m, not hidden(m) or viewer.kind == "master"
                              or (viewer.kind == "seat" and viewer.seat == m.seat))
                     for m in state.missions],
        "report": list(state.report),
        "tasks": [{"seat": t.seat, "kind": t.kind, "count": t.count, "optional": t.optional}
                  for t in state.tasks],
        "effects": [{"seat": s, "effect": k, "value": v} for s, k, v in state.effects],
        "failed": {str(s): sum(1 for m in state.missions if m.seat == s and m.status == "failed")
                   for s in range(cfg.players)},
        "completed": sum(1 for m in state.missions if m.status == "passed"),
        "to_win": 3 * cfg.players,
        "left": state.left,
        "said": state.said[-1] if state.said else "",
    }
    if viewer.kind == "seat":
        out["you"] = viewer.seat
        out["known"] = list(state.known)  # this box's dominoes seen so far, for entering a market
        held = hands.round_cards(state, viewer.seat)
        out["needs_mission"] = state.phase == "draw" and hands.needs_mission(state, viewer.seat) and len(held) < \
            hands.missions_to_draw(state, viewer.seat)
        # several missions drawn (the Sister of Coin, the triple-mission reward): the numbers to keep one of
        out["keep_one_of"] = [m.id for m in held] if state.phase == "draw" and \
            len(held) == hands.missions_to_draw(state, viewer.seat) > hands.missions_to_keep(state, viewer.seat) \
            else []
        # Good Times: the parts of this seat's mission it may ignore; swaps it may make now
        out["ignore"] = [m.need for m in missions.ignore_moves(state) if m.seat == viewer.seat and m.mission is None]
        # ... and, when a penalty has it hold several missions, which part of which
        out["ignore_parts"] = [{"mission": m.mission, "need": m.need} for m in missions.ignore_moves(state)
                               if m.seat == viewer.seat and m.mission is not None]
        out["swap_with"] = [m.to for m in missions.swap_moves(state, viewer.seat)]
        # the report waits for this seat to share out a role's strength: its choices
        out["share"] = report.share_choices(state, viewer.seat)
        out["powers"] = _powers(state, viewer.seat)
        # Machine Mama: what this seat may lend for the round, and to whom
        out["lend"] = [{"to": m.to, "role": m.role, "what": m.what} for m in powers.lend_moves(state, viewer.seat)]
    out["pieces"] = _pieces(cfg)
    return out


def _pieces(cfg) -> dict:
    """What a phone offers when a domino, a mission or an event is entered as drawn."""
    return {"terrains": list(TERRAINS), "icons": list(icons_in(cfg.expansions)),
            "scalars": {k: scalar_words(k) for k in SCALARS},
            "rewards": {k: reward_words(k) for k in REWARDS}, "penalties": {k: penalty_words(k) for k in PENALTIES},
            "arrows": "direction" in cfg.expansions,
            "events": {k: event_words(k) for k in EVENTS} if "proximity" in cfg.expansions else {}}



def _powers(state: State, seat: int) -> list[str]:
    """The powers this seat may use on its turn now (the phone offers a button for each)."""
    if state.phase != "claim" or state.turn != seat:
        return []
    return [role for role in ("housing", "goods") if hands.has_power(state, seat, role)]
