"""What each player holds this round: the roles' powers and icons (Machine Mama lends them),
whether a power is still theirs to use, and the missions they draw and keep (the Sister of Coin,
the triple_mission reward, the penalties that draw several: docs/rulings.md "Domino Dynasty" (kk))."""
from __future__ import annotations

from ..base import evolve
from . import power
from .state import State
from .steps import set_at, sits_out


# ---------------------------------------------------------------- powers and icons

def wields(state: State, seat: int, role: str) -> bool:
    """Whether role's power is seat's this round: its own and not lent away, or borrowed."""
    if (seat, "borrowed power", role) in state.effects:
        return True
    return role in state.config.roles[seat] and not any(
        k == "borrowed power" and v == role for _, k, v in state.effects)


def handler(state: State, role: str) -> int | None:
    """The seat that handles dominoes showing role's icon this round: whoever borrowed it, else
    the role's player (None: nobody holds the role, so anyone may)."""
    return next((s for s, k, v in state.effects if k == "borrowed icon" and v == role),
                state.config.holder(role))


def has_power(state: State, seat: int, role: str) -> bool:
    """Whether seat may use role's power now: the variant is on, the power is seat's this round
    (Machine Mama lends it), seat used no power yet this round and no penalty or event takes it
    away."""
    return (state.config.powers and wields(state, seat, role) and not sits_out(state, seat)
            and not state.power_used[seat] and state.effect(seat, "powerless") is None
            and state.event != "floods_punish")


def spend_power(state: State, seat: int) -> State:
    """A power used: once a round, twice with the powerful reward (docs/rulings.md (ii))."""
    if state.effect(seat, "powerful") is not None and (seat, "powerful spent", True) not in state.effects:
        return evolve(state, effects=state.effects + ((seat, "powerful spent", True),))
    return evolve(state, power_used=set_at(state.power_used, seat, True))


# ---------------------------------------------------------------- missions

def needs_mission(state: State, seat: int) -> bool:
    """Whether seat draws a mission this round: some events spare a role its mission (Goblin
    Alliance: the Brother of Warfare draws none)."""
    broken = {f"{power._event_key(r)}_break" for r in state.config.roles[seat]}
    return state.event not in broken


def round_cards(state: State, seat: int) -> list:
    """Seat's mission dominoes of this round still in hand (a card put back is gone)."""
    return [m for m in state.missions if m.seat == seat and m.round == state.round and m.status != "put back"]


def missions_to_keep(state: State, seat: int) -> int:
    """Missions seat keeps and is judged on this round: one, or after the penalties two
    (double_mission) or as many as the Neutral strength (many_mission_dynamic, at least one; the
    larger when both), docs/rulings.md (kk)."""
    many = state.effect(seat, "missions to keep") or 1
    return max(2 if state.effect(seat, "double_mission") is not None else 1, many)


def missions_to_draw(state: State, seat: int) -> int:
    """Missions seat draws this round: the Sister of Coin two, the triple-mission reward as many as
    the Neutral strength (at least one; the larger when both), to keep one; once one is kept, one.
    A penalty's several missions are all kept, and no pick undoes them (kk)."""
    keep = missions_to_keep(state, seat)
    if keep > 1:
        return keep
    if any(m.seat == seat and m.round == state.round and m.status == "put back" for m in state.missions):
        return 1
    triple = state.effect(seat, "missions to draw") or 1
    return max(2 if has_power(state, seat, "money") else 1, triple)


def settled(state: State, seat: int) -> bool:
    """Whether seat holds all the missions it keeps this round (several drawn: one kept)."""
    return len(round_cards(state, seat)) == missions_to_keep(state, seat) == missions_to_draw(state, seat)


def fix_missions_to_draw(state: State, seat: int) -> State:
    """The triple-mission reward's and the many-missions penalty's numbers, fixed as seat draws its
    first mission of the round (Neutral strength as it stands then)."""
    for effect, fixed in (("triple_mission", "missions to draw"), ("many_mission", "missions to keep")):
        if state.effect(seat, effect) is not None and state.effect(seat, fixed) is None:
            state = evolve(state, effects=state.effects + ((seat, fixed, max(1, power.neutral(state, seat))),))
    return state
