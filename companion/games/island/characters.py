"""The captives' boards: health and energy, fruits and bonuses, missions, perishing.

Abilities that change how a move resolves (Schrodie's cat's grace, Phil leaving the ocean,
Achilles' extra actions, Theseus' additional bonuses) are applied where the move resolves;
this module holds what they read and write on the board.
"""
from __future__ import annotations

from ..base import evolve
from ...i18n import Msg, term
from . import catalog, layout
from .state import (OP, Board, State, Step, board, character_of, display, named, piece, say,
                    set_board, set_piece)

GRANDDEAD = "granddead"


def new_board(seat: int, character: str, overrides: dict | None = None) -> Board:
    spec = dict(catalog.characters()[character])
    spec.update(overrides or {})
    rows = tuple((b["effect"], b.get("when", "own"), tuple(b.get("fruits", ())), b.get("boxes", 0))
                 for b in spec["bonuses"])
    extra = tuple("" for _ in spec.get("extra_bonuses", ()))
    return Board(seat=seat, character=character, bonuses=rows, extra=extra)


def stats(character: str, overrides: dict | None = None) -> tuple[int, int]:
    spec = dict(catalog.characters()[character])
    spec.update(overrides or {})
    return int(spec["health"]), int(spec["energy"])


# ---------------------------------------------------------------- health, energy, perishing

def spendable_energy(state: State, name: str) -> int:
    p = piece(state, name)
    # Granddead's last point is health only (rulebook p.22)
    return max(0, p.energy - 1) if character_of(state, name) == GRANDDEAD else p.energy


def hurt(state: State, name: str, health: int = 0, energy: int = 0) -> State:
    p = piece(state, name)
    if p.space is None or state.phase == "over":
        return state
    if character_of(state, name) == GRANDDEAD:  # energy is both health and energy
        # his last point is health only ("1 health point and 0 energy points", p.22): an energy
        # loss takes only the points above it; a health loss may take any
        taken = min(energy, max(0, p.energy - 1))
        left = max(0, p.energy - taken - health)
        state = set_piece(state, name, energy=left)
        dead = left == 0
    else:
        h, e = max(0, p.health - health), max(0, p.energy - energy)
        state = set_piece(state, name, health=h, energy=e)
        dead = h == 0
    return perish(state, name) if dead else state


def heal(state: State, name: str, health: int = 0, energy: int = 0) -> State:
    p = piece(state, name)
    if character_of(state, name) == GRANDDEAD:
        return set_piece(state, name, energy=min(p.max_energy, p.energy + health + energy))
    return set_piece(state, name, health=min(p.max_health, p.health + health),
                     energy=min(p.max_energy, p.energy + energy))


def perish(state: State, name: str) -> State:
    p = piece(state, name)
    state = say(state, Msg("I perish."), display(name))
    state = set_piece(state, name, space=None, lying=False)
    state = evolve(state, perished=state.perished + 1,
                    agenda=tuple(s for s in state.agenda if s.piece != name))
    state = say(state, Msg("{name} perishes; I take an anomaly token ({n} of {goal}).", name=named(name),
                           n=state.perished, goal=state.perish_goal))
    if state.perished >= state.perish_goal:
        return win(state, OP)
    if state.turn == p.seat:  # revived at once during their own turn
        return evolve(state, agenda=(Step("revive", piece=name),) + state.agenda)
    return evolve(state, revive=state.revive + (name,))


def revived_energy(state: State, name: str) -> int:
    p = piece(state, name)
    if character_of(state, name) != GRANDDEAD:
        return p.max_energy
    after = catalog.characters()[GRANDDEAD]["energy_after_revival"]
    return after[min(p.revivals, len(after)) - 1] if p.revivals else p.max_energy


def win(state: State, seat: int) -> State:
    who = Msg("The Omnipotence Paradox") if seat == OP else named(board(state, seat).character)
    state = evolve(state, phase="over", winner=seat, agenda=(), pending=None, interrupt=None)
    return say(state, Msg("{who} completes the mission and wins the game.", who=who))


# ---------------------------------------------------------------- fruits and bonuses

def fruit_status(b: Board, fruit: str) -> str:
    return dict(b.fruits).get(fruit, "")


def set_fruit(state: State, seat: int, fruit: str, status: str) -> State:
    b = board(state, seat)
    fruits = dict(b.fruits)
    fruits[fruit] = status
    return set_board(state, seat, fruits=tuple(fruits.items()))


def bonus_index(b: Board, fruit: str) -> int | None:
    """Which of the three bonuses a fruit serves on this board."""
    if b.character == "hempel":
        return dict(b.palms).get(fruit)
    for i, (_, _, fruits, _) in enumerate(b.bonuses):
        if fruit in fruits:
            return i
    return None


def in_palm(b: Board, fruit: str) -> bool:
    """Hempel: the fruit is written in one of his palm boxes."""
    return fruit in dict(b.palms)


def new_to_hempel(b: Board, fruit: str) -> bool:
    """Hempel activates a fruit he has not written in a palm box (never seen, or crossed out
    by the Thorny Bush before he obtained it) and has a palm box left for it."""
    return b.character == "hempel" and not in_palm(b, fruit) and bool(free_palms(b))


def free_palms(b: Board) -> list[int]:
    used = [i for _, i in b.palms]
    return [i for i, (_, _, _, boxes) in enumerate(b.bonuses) if used.count(i) < boxes]


def obtain_fruit(state: State, seat: int, fruit: str, palm: int | None = None) -> State:
    """Activating a fruit space: circle it (Hempel: write it in a palm box, or replenish it)."""
    b = board(state, seat)
    who, said = named(b.character), term(fruit)
    status = fruit_status(b, fruit)
    if b.character == "hempel":
        # a fruit crossed out before Hempel obtained it (the Thorny Bush) has no palm box:
        # it is still a new fruit to him, written in a palm box like any other (p.26)
        if status == "crossed" and in_palm(b, fruit):
            state = say(state, Msg("{who}, replenish the {fruit}.", who=who, fruit=said))
            return set_fruit(state, seat, fruit, "circled")
        if status == "circled" or palm is None or palm not in free_palms(b):
            return state
        state = set_board(state, seat, palms=b.palms + ((fruit, palm),))
        state = say(state, Msg("{who}, write the {fruit} in a palm box.", who=who, fruit=said))
        return set_fruit(state, seat, fruit, "circled")
    if status:
        return state
    state = say(state, Msg("{who}, circle the {fruit}.", who=who, fruit=said))
    return set_fruit(state, seat, fruit, "circled")


def usable(state: State, seat: int, effect: str) -> list[str]:
    """Circled fruits whose bonus is `effect` and may be used right now."""
    b = board(state, seat)
    own_turn = state.turn == seat
    out = []
    for fruit, status in b.fruits:
        i = bonus_index(b, fruit)
        if status != "circled" or i is None:
            continue
        eff, when, _, _ = b.bonuses[i]
        if eff == effect and (own_turn or when == "any"):
            out.append(fruit)
    return out


# ---------------------------------------------------------------- missions

def mission(b: Board) -> str:
    return catalog.characters()[b.character]["mission"]


def count(state: State, seat: int, symbol: str, space: str = "") -> State:
    """Cross out one mission symbol; the OP puts the captive's marker on `space`."""
    b = board(state, seat)
    if state.phase == "over" or len(b.mission) >= catalog.mission_markers():
        return state
    state = set_board(state, seat, mission=b.mission + ((symbol, space),))
    done = len(b.mission) + 1
    state = say(state, Msg("{who}, cross out {symbol} on your mission and give me a marker ({n} of {goal}).",
                           who=named(b.character), symbol=symbol, n=done, goal=catalog.mission_markers()))
    return win(state, seat) if done >= catalog.mission_markers() else state


def visit(state: State, name: str, space: str) -> State:
    """A piece has visited `space`: it may count towards its board's mission."""
    seat = piece(state, name).seat
    b = board(state, seat)
    sp = layout.space(state.island, space)
    if sp.kind == "fruit" and sp.value not in b.visited_fruits:
        state = set_board(state, seat, visited_fruits=b.visited_fruits + (sp.value,))
        b = board(state, seat)
    counted = [s for _, s in b.mission]
    symbols = [sym for sym, _ in b.mission]
    goal = mission(b)
    if goal == "fruits" and sp.kind == "fruit":
        starting = {p.starting_fruit for p in state.pieces if p.seat == seat}
        fruit = Msg("the {fruit}", fruit=term(sp.value))
        if sp.value not in starting and fruit not in symbols:
            return count(state, seat, fruit, space)
    elif goal == "portals_oracles":
        portal = Msg("Portal {number}", number=sp.value)
        if sp.kind == "portal" and portal not in symbols:
            return count(state, seat, portal, space)
        if sp.kind == "oracle" and space not in counted and symbols.count("an oracle") < 2:
            return count(state, seat, Msg("an oracle"), space)
    elif goal == "anomalies" and sp.kind == "anomaly" and space not in counted:
        return count(state, seat, Msg("an anomaly"), space)
    elif goal == "mirages_knots" and sp.kind in ("mirage", "knot") and space not in counted:
        return count(state, seat, Msg("a mirage") if sp.kind == "mirage" else Msg("an Escher knot"), space)
    return state
