"""The moves Loop's rules accept now, for the phones and random play: the candidates each
action, launch and Future card could take, kept when `apply` accepts them."""
from __future__ import annotations

from ..base import accepted
from .moves import Act, EndTurn, Future, Launch, TrashPart
from .rules import TAKE_EFFECTS, apply, crack_reason, free_destinations, launch_problem, takeable, unlaunched
from .state import State


def legal_moves(state: State) -> list:
    """Every move the rules accept now: the action with exactly the choices it can take (none
    when it cracks), then parts to trash, a launch, a Future action, or the end of the turn."""
    return accepted(apply, state, _candidates(state))


def _candidates(state: State) -> list:
    if state.phase == "over":
        return []
    seat, p = state.turn, state.seats[state.turn]
    out = []
    if state.phase == "action":
        cards = ([(None, p.hand[0])] if p.hand else []) + (
            [(c, c) for c, n in state.centre if n] if p.new_today < 3 else [])
        for new, card in cards:
            effect = state.card(card).effect
            if crack_reason(state, seat, effect) is not None:
                out.append(Act(seat, new))
            elif effect == "trash":
                out.append(Act(seat, new))
            elif effect == "office":
                out += [Act(seat, new)] + [Act(seat, new, part=k) for k in sorted(set(p.scrapped))]
            elif effect == "advertise":
                out += [Act(seat, new, destination=d) for d in free_destinations(state)]
            else:
                out += [Act(seat, new, **c) for c in _choices(state, seat, effect)]
        return out
    if state.phase == "future":
        effect = state.destination(state.on_dest[-1][0]).action
        return [Future(seat, **c) for c in _choices(state, seat, effect)] + [EndTurn(seat)]
    if state.phase == "trash":
        out += [TrashPart(seat, m, k) for m in unlaunched(state, seat)
                for k in sorted(set(p.machines[m - 1]))]
    out += [Launch(seat, m, d.name) for m in unlaunched(state, seat) for d in state.destinations
            if launch_problem(state, seat, m, d.name) is None]
    return out + [EndTurn(seat)]


def _choices(state: State, seat: int, effect: str) -> list[dict]:
    """The choices of an action that takes, exchanges or moves a part."""
    p, mine = state.seats[seat], unlaunched(state, seat)
    if effect in TAKE_EFFECTS:
        return [dict(part=k, machine=m) for k in takeable(state, effect) for m in mine]
    if effect == "exchange":
        out = []
        for m in mine:
            for give in sorted(set(p.machines[m - 1])):
                kinds = sorted(set(takeable(state, "any_store")) | {give})
                out += [dict(machine=m, give=give, take=t, to_machine=None if to == m else to)
                        for t in kinds for to in mine]
        return out
    if effect == "move":
        return [dict(part=k, from_machine=a, to_machine=b) for a in mine
                for k in sorted(set(p.machines[a - 1])) for b in mine if b != a]
    return []
