"""Moves on the missions in hand (docs/rulings.md "Domino Dynasty" (gg), (hh), (kk)): Good Times'
requirement ignored (of each mission, when a penalty has a player hold several) and missions
swapped (Political Power at the claim step's end, the force_mission reward once the missions are
in); and the claim step's bounds: it begins once every mission is in, and ends in Political
Power's swap or the report. How many are drawn and kept (the Sister of Coin, the triple_mission
reward, the penalties that draw several) is hands.missions_to_draw and missions_to_keep."""
from __future__ import annotations

from ...i18n import Msg
from ..base import IllegalMove, evolve
from . import power
from .catalog import ROLES
from .hands import needs_mission, round_cards, settled
from .moves import Ignore, Pass, Swap
from .report import report
from .state import State
from .steps import say, sits_out


def card_of(state: State, seat: int):
    """Seat's one mission of this round once it is settled (kept, when several were drawn); None
    while it is not, or when a penalty has it hold several (they are swapped one for one, (kk))."""
    held = cards_of(state, seat)
    return held[0] if len(held) == 1 else None


def cards_of(state: State, seat: int) -> list:
    """Every mission seat holds and is judged on this round, once all are in (several after the
    double_mission and many_mission_dynamic penalties, (kk))."""
    return round_cards(state, seat) if settled(state, seat) else []


# ---------------------------------------------------------------- the claim step begins

def maybe_claim(state: State) -> State:
    """The claim step begins once the market is out and every mission is drawn (and the Sister
    of Coin has kept one of her two)."""
    cfg = state.config
    if not state.drawn or ("proximity" in cfg.expansions and not state.event) or state.tasks:
        return state
    waiting = [s for s in range(cfg.players) if needs_mission(state, s) and not settled(state, s)]
    if waiting:
        return state
    active = [s for s in range(cfg.players) if not sits_out(state, s)]
    if not active:
        return end_claim(say(state, Msg("Nobody may claim a domino this round.")))
    return evolve(state, phase="claim", turn=active[0], passes=0)


# ---------------------------------------------------------------- Good Times

def ignore(state: State, move: Ignore) -> State:
    if state.event != "mission_soften":
        raise IllegalMove(Msg("a part of a mission is ignored in the Good Times round only"))
    if state.phase not in ("draw", "claim"):
        raise IllegalMove(Msg("the part to ignore is chosen before the report"))
    held = cards_of(state, move.seat)
    who = state.config.names[move.seat]
    if not held:
        raise IllegalMove(Msg("{name} has no mission of this round to soften yet", name=who))
    if move.mission is None and len(held) > 1:
        raise IllegalMove(Msg("{name} holds {n} missions: name the one ({ids})", name=who, n=len(held),
                              ids=", ".join(str(m.id) for m in held)))
    card = held[0] if move.mission is None else next((m for m in held if m.id == move.mission), None)
    if card is None:
        raise IllegalMove(Msg("mission {mission} is not {name}'s of this round", mission=move.mission, name=who))
    if not isinstance(move.need, int) or isinstance(move.need, bool) or not 0 <= move.need < len(card.needs):
        raise IllegalMove(Msg("the mission has {n} parts: choose one of 1 to {n}", n=len(card.needs)))
    if card.ignored == move.need:
        raise IllegalMove(Msg("{name} already ignores that part of the mission", name=who))
    card = evolve(card, ignored=move.need)
    state = evolve(state, missions=tuple(card if m.id == card.id else m for m in state.missions))
    if card.secret:
        return say(state, Msg("{name} chose the part of their secret mission to ignore.", name=who))
    return say(state, Msg("{name} ignores {part} of their mission (Good Times).", name=who,
                           part=card.needs[move.need].words()))


def ignore_moves(state: State) -> list:
    """Every part each player may ignore now (a mission is named when a player holds several)."""
    if state.event != "mission_soften" or state.phase not in ("draw", "claim"):
        return []
    out = []
    for seat in range(state.config.players):
        held = cards_of(state, seat)
        for card in held:
            out += [Ignore(seat, i, card.id if len(held) > 1 else None)
                    for i in range(len(card.needs)) if i != card.ignored]
    return out


# ---------------------------------------------------------------- swapping missions

def swapper(state: State) -> int | None:
    """Political Power: the player with the highest strength (ties: the first in role order),
    when they and another player hold a mission of this round."""
    cfg = state.config
    table = power.strengths(state)
    order = sorted(range(cfg.players), key=lambda s: min(ROLES.index(r) for r in cfg.roles[s]))
    best = max(order, key=lambda s: power.seat_strength(state, s, table))  # max keeps the first of a tie
    if card_of(state, best) is None or not any(card_of(state, s) for s in order if s != best):
        return None
    return best


def end_claim(state: State) -> State:
    """The claim step is over: under Political Power the strongest player may first swap missions;
    then the report."""
    seat = swapper(state) if state.event == "mission_swap" else None
    if seat is None:
        return report(state)
    strength = power.seat_strength(state, seat)
    state = say(state, Msg("Political Power: {name} (strength {strength}) may swap missions with another player "
                           "before the report.", name=state.config.names[seat], strength=strength))
    return evolve(state, phase="swap", turn=seat, market=())


def swap(state: State, move: Swap) -> State:
    cfg = state.config
    seat, other = move.seat, move.to
    if state.phase == "swap":
        if seat != state.turn:
            raise IllegalMove(Msg("Political Power: {name} decides on a swap now", name=cfg.names[state.turn]))
    elif state.phase == "claim" and state.effect(seat, "force_mission") is not None:
        if (seat, "swapped", True) in state.effects:
            raise IllegalMove(Msg("{name} has already swapped missions this round", name=cfg.names[seat]))
        if sits_out(state, seat):
            raise IllegalMove(Msg("Capital Punishment: {name} does nothing this round", name=cfg.names[seat]))
    else:
        raise IllegalMove(Msg("missions are swapped with the force-mission reward once they are in, or by "
                              "the strongest player under Political Power"))
    if not isinstance(other, int) or isinstance(other, bool) or not 0 <= other < cfg.players or other == seat:
        raise IllegalMove(Msg("a mission is swapped with another player at this table"))
    mine, theirs = card_of(state, seat), card_of(state, other)
    if mine is None or theirs is None:
        raise IllegalMove(Msg("{name} holds no mission of this round", name=cfg.names[other] if mine else cfg.names[seat]))
    # each card goes to the other player: a secret one is seen by its new holder only
    moved = {mine.id: evolve(mine, seat=other), theirs.id: evolve(theirs, seat=seat)}
    state = evolve(state, missions=tuple(moved.get(m.id, m) for m in state.missions))
    state = say(state, Msg("{name} swaps missions with {other}.", name=cfg.names[seat], other=cfg.names[other]))
    if state.phase == "swap":
        return report(state)
    return evolve(state, effects=state.effects + ((seat, "swapped", True),))


def decline(state: State, move: Pass) -> State:
    """Political Power's swap not taken."""
    if move.seat != state.turn:
        raise IllegalMove(Msg("Political Power: {name} decides on a swap now", name=state.config.names[state.turn]))
    return report(say(state, Msg("{name} keeps their mission.", name=state.config.names[move.seat])))


def swap_moves(state: State, seat: int | None = None) -> list:
    """Every swap the rules accept now (of one seat, or of all)."""
    cfg = state.config
    if state.phase == "swap":
        seats = [state.turn]
    elif state.phase == "claim":
        seats = [s for s in range(cfg.players) if state.effect(s, "force_mission") is not None
                 and (s, "swapped", True) not in state.effects and not sits_out(state, s)]
    else:
        return []
    out = []
    for s in seats if seat is None else [x for x in seats if x == seat]:
        if card_of(state, s) is None:
            continue
        out += [Swap(s, o) for o in range(cfg.players) if o != s and card_of(state, o) is not None]
    return out
