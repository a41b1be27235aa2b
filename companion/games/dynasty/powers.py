"""The roles' powers that are moves of their own (the easier variant, docs/rulings.md "Domino
Dynasty" (s)): the Sister of Coin keeps one of two missions, the Sibling of Space moves or turns a
domino, the Aunt of Goods takes two market dominoes in a turn or none. (The Uncle's mismatched
placement is a Place with `power`, the Brother's removal a Remove: see laying.py. Whose power is
whose this round, and whether it is still to use: hands.py.)"""
from __future__ import annotations

from ...i18n import Listed, Msg, Plural
from ..base import IllegalMove, evolve
from . import power
from .catalog import role_name
from .hands import has_power, missions_to_draw, missions_to_keep, round_cards, spend_power, wields
from .maps import Square, buried, lift, namer, side_towards, spots
from .missions import maybe_claim
from .moves import Choose, Lend, Place, Remove, Shift, Take
from .placement import QUARTER, as_laid, lies, placement_refusal, placements, task_refusal
from .state import PERSONAL, SHARED, State
from .steps import after, put, removable, say, sits_out
from .tasks import task_done, waiting


# ---------------------------------------------------------------- the Sister of Coin

def choose(state: State, move: Choose) -> State:
    seat = move.seat
    held = round_cards(state, seat)
    count = missions_to_draw(state, seat)
    if state.phase != "draw" or count < 2 or len(held) != count or missions_to_keep(state, seat) > 1:
        raise IllegalMove(Msg("one mission is kept once all {count} are drawn", count=count) if count > 1
                          else Msg("a player who draws one mission keeps it"))
    keep = next((m for m in held if m.id == move.mission), None)
    if keep is None:
        raise IllegalMove(Msg("mission {mission} is not one of those drawn: {ids}", mission=move.mission,
                              ids=Listed([str(m.id) for m in held], sep=" or ")))
    back = {m.id for m in held if m.id != move.mission}
    state = evolve(state, missions=tuple(evolve(m, status="put back") if m.id in back else m
                                          for m in state.missions))
    if has_power(state, seat, "money"):
        state = spend_power(state, seat)
    who = state.config.names[seat]
    return maybe_claim(say(state, Plural("{name} keeps mission {mission} and puts the other back.",
                                         "{name} keeps mission {mission} and puts the other {n} back.", len(back),
                                         name=who, mission=keep.id)))


# ---------------------------------------------------------------- the Sibling of Space

def _claim_power(state: State, seat: int, role: str) -> None:
    if not state.config.powers or not wields(state, seat, role):
        raise IllegalMove(Msg("only the Sibling of Space moves or turns a domino, with the powers variant")
                          if role == "housing" else
                          Msg("only the Aunt of Goods takes two dominoes or none, with the powers variant"))
    if state.phase != "claim" or seat != state.turn:
        raise IllegalMove(Msg("the Sibling of Space moves or turns a domino on their own turn of the claim step")
                          if role == "housing" else
                          Msg("the Aunt of Goods takes two dominoes or none on their own turn of the claim step"))
    if not has_power(state, seat, role):
        raise IllegalMove(Msg("the power is used once per round (twice after the powerful reward), and not when a penalty or the event takes it away"))


def shift_options(state: State, seat: int):
    """Every (map, from-cell, cells, halves) the Sibling of Space may move or turn a domino to."""
    for where in (PERSONAL, SHARED):
        g = state.map_of(where, seat)
        for number in removable(state, None, seat, where):
            cells, halves = lies(g, number)
            rest = lift(g, {number})
            without = put(state, seat, where, rest)
            was = QUARTER.index(side_towards(*cells))
            for new in spots(rest):
                q = (QUARTER.index(side_towards(*new)) - was) % 4
                turned = tuple(h.turned(q) for h in halves)
                if set(zip(new, turned)) == set(zip(cells, halves)):
                    continue  # lying as it lies is no move
                if placement_refusal(without, seat, where, new, turned, moving=True) is None:
                    yield where, cells[0], new, turned


def shift(state: State, move: Shift) -> State:
    seat = move.seat
    task = state.tasks[0] if state.tasks and state.tasks[0].kind in ("move", "turn") else None
    if task is not None and task.seat != seat:
        raise IllegalMove(waiting(state))
    if task is None:
        _claim_power(state, seat, "housing")
    if move.map not in (SHARED, PERSONAL):
        raise IllegalMove(Msg("map is shared or personal"))
    cell = tuple(move.cell) if isinstance(move.cell, (list, tuple)) and len(move.cell) == 2 else None
    g = state.map_of(move.map, seat)
    named = namer(g, held=state.shift(move.map, seat))  # where the domino lies on the mat now
    if cell not in g:
        raise IllegalMove(Msg("square {square} is empty", square=named(cell) if cell else move.cell))
    number = g[cell].domino
    if number not in removable(state, None, seat, move.map):
        if number in buried(g):
            raise IllegalMove(Msg("the domino on {square} lies partly under another and stays where it is", square=named(cell)))
        raise IllegalMove(Msg("the starting domino on {square} stays where it is", square=named(cell)))
    if task is not None and number in task.moved:
        raise IllegalMove(Msg("the domino on {square} has already moved: each move is another domino", square=named(cell)))
    cells, halves = lies(g, number)
    new, turned = as_laid(Place(seat, move.map, move.cells, move.halves))
    # named from either end: put its halves in the order they lie now, first cell first
    for new, turned in ((new, turned), (new[::-1], turned[::-1])):
        q = (QUARTER.index(side_towards(*new)) - QUARTER.index(side_towards(*cells))) % 4
        if turned == tuple(h.turned(q) for h in halves):
            break
    else:
        raise IllegalMove(Msg("that is not the domino on {square}, turned as it would lie there", square=named(cell)))
    if set(zip(new, turned)) == set(zip(cells, halves)):
        raise IllegalMove(Msg("the domino already lies that way"))
    without = put(state, seat, move.map, lift(g, {number}))
    if task is not None:
        why = task_refusal(without, task, seat, move.map, cells, new, turned)
    else:
        why = placement_refusal(without, seat, move.map, new, turned, moving=True)
    if why:
        raise IllegalMove(why)
    g = dict(without.shared) if move.map == SHARED else without.seat_map(seat)
    state = put(without, seat, move.map, g | {c: Square(h, number) for c, h in zip(new, turned)})
    if task is None:
        state = spend_power(state, seat)
    moved = namer(state.map_of(move.map, seat), held=state.shift(move.map, seat))
    args = dict(name=state.config.names[seat], a=named(cells[0]), b=named(cells[1]), c=moved(new[0]), d=moved(new[1]))
    turned_ = set(new) == set(cells)
    if move.map == SHARED:
        said = (Msg("{name} turned the domino on {a}-{b} of the shared map to {c}-{d}.", **args) if turned_ else
                Msg("{name} moved the domino on {a}-{b} of the shared map to {c}-{d}.", **args))
    else:
        said = (Msg("{name} turned the domino on {a}-{b} of their map to {c}-{d}.", **args) if turned_ else
                Msg("{name} moved the domino on {a}-{b} of their map to {c}-{d}.", **args))
    state = say(state, said)
    if task is None:
        return state
    state = task_done(state, evolve(task, moved=task.moved + (number,)))
    if state.phase == "draw":  # an event's: the claim step waits for it
        return maybe_claim(state)
    return state


# ---------------------------------------------------------------- the Aunt of Goods

def take(state: State, move: Take) -> State:
    seat = move.seat
    _claim_power(state, seat, "goods")
    cfg = state.config
    state = spend_power(state, seat)
    if move.count == 0:
        state = say(state, Msg("{name} takes no domino this turn.", name=cfg.names[seat]))
        return evolve(state, turn=after(state, seat))
    if move.count != 2:
        raise IllegalMove(Msg("the Aunt of Goods takes 2 dominoes or none"))
    if len(state.market) < 2:
        raise IllegalMove(Msg("the market holds fewer than 2 dominoes"))
    state = evolve(state, effects=state.effects + ((seat, "second_domino", 1),))
    return say(state, Msg("{name} takes two dominoes this turn.", name=cfg.names[seat]))


def claim_moves(state: State, seat: int) -> list:
    """The powers seat may use now in the claim step, for legal_moves."""
    out = []
    if has_power(state, seat, "goods"):
        out.append(Take(seat, 0))
        if len(state.market) >= 2:
            out.append(Take(seat, 2))
    if has_power(state, seat, "housing"):
        out += [Shift(seat, where, cell, cells, tuple(h.text() for h in halves))
                for where, cell, cells, halves in shift_options(state, seat)]
    if has_power(state, seat, "warfare"):  # a domino of an earlier round, named by either square
        out += [Remove(seat, where, cell) for where in (PERSONAL, SHARED)
                for number, cells in removable(state, None, seat, where).items()
                if number < state.first_of_round for cell in cells]
    if has_power(state, seat, "infrastructure"):  # a market domino that does not match
        out += [Place(seat, where, cells, tuple(h.text() for h in halves), True)
                for where, cells, halves in placements(state, seat, power_=True)]
    return out


# ---------------------------------------------------------------- Machine Mama's lending

def lend(state: State, move: Lend) -> State:
    cfg = state.config
    if "machine" not in cfg.expansions:
        raise IllegalMove(Msg("a power or a role icon is lent with the Machine Mama expansion"))
    if state.phase not in ("draw", "claim"):
        raise IllegalMove(Msg("a power or a role icon is lent for the round, before its report"))
    if move.role not in cfg.roles[move.seat]:
        raise IllegalMove(Msg("{name} lends only their own role's power or icon", name=cfg.names[move.seat]))
    if sits_out(state, move.seat):
        raise IllegalMove(Msg("Capital Punishment: {name} does nothing this round", name=cfg.names[move.seat]))
    if move.what not in ("power", "icon"):
        raise IllegalMove(Msg("a player lends their power or their role icon"))
    if move.what == "power" and not cfg.powers:
        raise IllegalMove(Msg("powers are lent with the powers variant"))
    if not isinstance(move.to, int) or not 0 <= move.to < cfg.players or move.to == move.seat:
        raise IllegalMove(Msg("the power or icon goes to another player at this table"))
    if any(s == move.seat and k.startswith("lent") for s, k, _ in state.effects):
        raise IllegalMove(Msg("{name} has already lent their power or icon this round", name=cfg.names[move.seat]))
    if move.what == "power" and state.power_used[move.seat]:
        raise IllegalMove(Msg("{name} has used their power this round", name=cfg.names[move.seat]))
    if not any(power.connected(state, mine, theirs) for mine in cfg.roles[move.seat] for theirs in cfg.roles[move.to]):
        raise IllegalMove(Msg("only a player connected on the shared map may borrow it: no path joins a capital "
                              "of {name}'s province to one of {other}'s", name=cfg.names[move.seat],
                              other=cfg.names[move.to]))
    lent = evolve(state, effects=state.effects + ((move.seat, f"lent {move.what}", move.role),
                                                   (move.to, f"borrowed {move.what}", move.role)))
    if len(round_cards(state, move.seat)) > missions_to_draw(lent, move.seat):
        # the Sister of Coin drew her two missions: her power is in use until she keeps one (x)
        raise IllegalMove(Msg("{name} is using the {role}'s power: they keep one of the missions they drew "
                              "before it can be lent", name=cfg.names[move.seat], role=role_name(move.role)))
    state = lent
    args = dict(name=cfg.names[move.seat], other=cfg.names[move.to], role=role_name(move.role))
    if role_name(move.role).endswith("s"):  # the Aunt of Goods' icon
        said = (Msg("{name} lends the {role}' power to {other} for this round.", **args) if move.what == "power"
                else Msg("{name} lends the {role}' icon to {other} for this round.", **args))
    else:
        said = (Msg("{name} lends the {role}'s power to {other} for this round.", **args) if move.what == "power"
                else Msg("{name} lends the {role}'s icon to {other} for this round.", **args))
    return say(state, said)


def lend_moves(state: State, seat: int | None = None) -> list:
    """Every lending the rules accept now (of one seat, or of all), for legal_moves and phones."""
    cfg = state.config
    if "machine" not in cfg.expansions or state.phase not in ("draw", "claim"):
        return []
    out = []
    for s in range(cfg.players) if seat is None else (seat,):
        for role in cfg.roles[s]:
            for what in ("power", "icon") if cfg.powers else ("icon",):
                for to in range(cfg.players):
                    move = Lend(s, to, role, what)
                    try:
                        lend(state, move)
                    except IllegalMove:
                        continue
                    out.append(move)
    return out
