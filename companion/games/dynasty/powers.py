"""The roles' powers that are moves of their own (the easier variant, docs/rulings.md "Domino
Dynasty" (s)): the Sister of Coin keeps one of two missions, the Sibling of Space moves or turns a
domino, the Aunt of Goods takes two market dominoes in a turn or none. (The Uncle's mismatched
placement is a Place with `power`, the Brother's removal a Remove: see rules.py.)"""
from __future__ import annotations

from dataclasses import replace

from ..base import IllegalMove
from .catalog import role_name
from .maps import Square, buried, dominoes, lift, name, neighbour, side_towards, spots
from .moves import Choose, Lend, Place, Shift, Take
from .state import PERSONAL, SHARED, State
from .steps import put, removable, say, set_at, sits_out

QUARTER = "ESWN"  # clockwise from east: a domino's turn is the direction from its first cell to its second


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
    from .power import neutral
    for effect, fixed in (("triple_mission", "missions to draw"), ("many_mission", "missions to keep")):
        if state.effect(seat, effect) is not None and state.effect(seat, fixed) is None:
            state = replace(state, effects=state.effects + ((seat, fixed, max(1, neutral(state, seat))),))
    return state


def spend_power(state: State, seat: int) -> State:
    """A power used: once a round, twice with the powerful reward (docs/rulings.md (ii))."""
    if state.effect(seat, "powerful") is not None and (seat, "powerful spent", True) not in state.effects:
        return replace(state, effects=state.effects + ((seat, "powerful spent", True),))
    return replace(state, power_used=set_at(state.power_used, seat, True))


# ---------------------------------------------------------------- the Sister of Coin

def choose(state: State, move: Choose) -> State:
    seat = move.seat
    held = round_cards(state, seat)
    count = missions_to_draw(state, seat)
    if state.phase != "draw" or count < 2 or len(held) != count or missions_to_keep(state, seat) > 1:
        raise IllegalMove(f"one mission is kept once all {count} are drawn" if count > 1
                          else "a player who draws one mission keeps it")
    keep = next((m for m in held if m.id == move.mission), None)
    if keep is None:
        raise IllegalMove(f"mission {move.mission} is not one of those drawn: "
                          f"{' or '.join(str(m.id) for m in held)}")
    back = {m.id for m in held if m.id != move.mission}
    state = replace(state, missions=tuple(replace(m, status="put back") if m.id in back else m
                                          for m in state.missions))
    if has_power(state, seat, "money"):
        state = spend_power(state, seat)
    from .rules import maybe_claim
    who = state.config.names[seat]
    rest = "the other" if len(back) == 1 else f"the other {len(back)}"
    return maybe_claim(say(state, f"{who} keeps mission {keep.id} and puts {rest} back."))


# ---------------------------------------------------------------- the Sibling of Space

def _claim_power(state: State, seat: int, role: str, what: str) -> None:
    if not state.config.powers or not wields(state, seat, role):
        raise IllegalMove(f"only the {role_name(role)} {what}, with the powers variant")
    if state.phase != "claim" or seat != state.turn:
        raise IllegalMove(f"the {role_name(role)} {what} on their own turn of the claim step")
    if not has_power(state, seat, role):
        raise IllegalMove("the power is used once per round (twice after the powerful reward), and not when a penalty or the event takes it away")


def _lies(g: dict, number: int) -> tuple:
    """A domino's (cells, halves) as it lies, first cell first."""
    cells = dominoes(g)[number]
    return cells, tuple(g[c].half for c in cells)


def shift_options(state: State, seat: int):
    """Every (map, from-cell, cells, halves) the Sibling of Space may move or turn a domino to."""
    from .rules import placement_refusal
    for where in (PERSONAL, SHARED):
        g = dict(state.shared) if where == SHARED else state.seat_map(seat)
        for number in removable(state, None, seat, where):
            cells, halves = _lies(g, number)
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


def _task_refusal(state: State, task, seat: int, where: str, cells, new, turned) -> str | None:
    """Why a reward's or an event's move or turn may not lie so: a move obeys the placement rules
    of the player's own map; a turn keeps a square of the domino, and ignores the placement rules
    only for a reward ("ignoring placement rules"), not for the Earthquake."""
    from .maps import refusal
    from .rules import placement_refusal
    if where != PERSONAL:
        return "a reward moves or turns dominoes of your own map"
    if task.kind == "move":
        return placement_refusal(state, seat, where, new, turned, moving=True)
    if new[0] != cells[0] and new[1] != cells[1]:
        return "a domino turns about one of its squares: that half stays where it is"
    if task.bound:
        return placement_refusal(state, seat, where, new, turned, moving=True)
    return refusal(state.seat_map(seat), new, turned, None, "their map", attach=False)


def task_shifts(state: State, task) -> list:
    """Every move or turn a reward's task allows now."""
    g = state.seat_map(task.seat)
    out = []
    for number in removable(state, task, task.seat, PERSONAL):
        cells, halves = _lies(g, number)
        rest = lift(g, {number})
        without = put(state, task.seat, PERSONAL, rest)
        was = QUARTER.index(side_towards(*cells))
        around = lambda c: [neighbour(c, s) for s in "NESW" if neighbour(c, s) not in rest]
        where_to = spots(rest) if task.kind == "move" else (
            [(cells[0], b) for b in around(cells[0])] + [(a, cells[1]) for a in around(cells[1])])
        for new in where_to:
            q = (QUARTER.index(side_towards(*new)) - was) % 4
            turned = tuple(h.turned(q) for h in halves)
            if set(zip(new, turned)) == set(zip(cells, halves)):
                continue
            if _task_refusal(without, task, task.seat, PERSONAL, cells, new, turned) is None:
                out.append(Shift(task.seat, PERSONAL, cells[0], new, tuple(h.text() for h in turned)))
    return list(dict.fromkeys(out))


def shift(state: State, move: Shift) -> State:
    from .rules import _as_laid, placement_refusal
    from .steps import task_done
    seat = move.seat
    task = state.tasks[0] if state.tasks and state.tasks[0].kind in ("move", "turn") else None
    if task is not None and task.seat != seat:
        from .steps import waiting
        raise IllegalMove(waiting(state))
    if task is None:
        _claim_power(state, seat, "housing", "moves or turns a domino")
    if move.map not in (SHARED, PERSONAL):
        raise IllegalMove("map is shared or personal")
    cell = tuple(move.cell) if isinstance(move.cell, (list, tuple)) and len(move.cell) == 2 else None
    g = dict(state.shared) if move.map == SHARED else state.seat_map(seat)
    if cell not in g:
        raise IllegalMove(f"square {name(cell) if cell else move.cell} is empty")
    number = g[cell].domino
    if number not in removable(state, None, seat, move.map):
        if number in buried(g):
            raise IllegalMove(f"the domino on {name(cell)} lies partly under another and stays where it is")
        raise IllegalMove(f"the starting domino on {name(cell)} stays where it is")
    if task is not None and number in task.moved:
        raise IllegalMove(f"the domino on {name(cell)} has already moved: each move is another domino")
    cells, halves = _lies(g, number)
    new, turned = _as_laid(Place(seat, move.map, move.cells, move.halves))
    # named from either end: put its halves in the order they lie now, first cell first
    for new, turned in ((new, turned), (new[::-1], turned[::-1])):
        q = (QUARTER.index(side_towards(*new)) - QUARTER.index(side_towards(*cells))) % 4
        if turned == tuple(h.turned(q) for h in halves):
            break
    else:
        raise IllegalMove(f"that is not the domino on {name(cell)}, turned as it would lie there")
    if set(zip(new, turned)) == set(zip(cells, halves)):
        raise IllegalMove("the domino already lies that way")
    without = put(state, seat, move.map, lift(g, {number}))
    if task is not None:
        why = _task_refusal(without, task, seat, move.map, cells, new, turned)
    else:
        why = placement_refusal(without, seat, move.map, new, turned, moving=True)
    if why:
        raise IllegalMove(why)
    g = dict(without.shared) if move.map == SHARED else without.seat_map(seat)
    state = put(without, seat, move.map, g | {c: Square(h, number) for c, h in zip(new, turned)})
    if task is None:
        state = spend_power(state, seat)
    where = "the shared map" if move.map == SHARED else "their map"
    verb = "turned" if set(new) == set(cells) else "moved"
    state = say(state, f"{state.config.names[seat]} {verb} the domino on {name(cells[0])}-{name(cells[1])} "
                       f"of {where} to {name(new[0])}-{name(new[1])}.")
    if task is None:
        return state
    state = task_done(state, replace(task, moved=task.moved + (number,)))
    if state.phase == "draw":  # an event's: the claim step waits for it
        from .rules import maybe_claim
        return maybe_claim(state)
    return state


# ---------------------------------------------------------------- the Aunt of Goods

def take(state: State, move: Take) -> State:
    seat = move.seat
    _claim_power(state, seat, "goods", "takes two dominoes or none")
    cfg = state.config
    state = spend_power(state, seat)
    if move.count == 0:
        from .rules import after
        state = say(state, f"{cfg.names[seat]} takes no domino this turn.")
        return replace(state, turn=after(state, seat))
    if move.count != 2:
        raise IllegalMove("the Aunt of Goods takes 2 dominoes or none")
    if len(state.market) < 2:
        raise IllegalMove("the market holds fewer than 2 dominoes")
    state = replace(state, effects=state.effects + ((seat, "second_domino", 1),))
    return say(state, f"{cfg.names[seat]} takes two dominoes this turn.")


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
    return out


# ---------------------------------------------------------------- Machine Mama's lending

def lend(state: State, move: Lend) -> State:
    from . import power
    cfg = state.config
    if "machine" not in cfg.expansions:
        raise IllegalMove("a power or a role icon is lent with the Machine Mama expansion")
    if state.phase not in ("draw", "claim"):
        raise IllegalMove("a power or a role icon is lent for the round, before its report")
    if move.role not in cfg.roles[move.seat]:
        raise IllegalMove(f"{cfg.names[move.seat]} lends only their own role's power or icon")
    if sits_out(state, move.seat):
        raise IllegalMove(f"Capital Punishment: {cfg.names[move.seat]} does nothing this round")
    if move.what not in ("power", "icon"):
        raise IllegalMove("a player lends their power or their role icon")
    if move.what == "power" and not cfg.powers:
        raise IllegalMove("powers are lent with the powers variant")
    if not isinstance(move.to, int) or not 0 <= move.to < cfg.players or move.to == move.seat:
        raise IllegalMove("the power or icon goes to another player at this table")
    if any(s == move.seat and k.startswith("lent") for s, k, _ in state.effects):
        raise IllegalMove(f"{cfg.names[move.seat]} has already lent their power or icon this round")
    if move.what == "power" and state.power_used[move.seat]:
        raise IllegalMove(f"{cfg.names[move.seat]} has used their power this round")
    if not any(power.connected(state, mine, theirs) for mine in cfg.roles[move.seat] for theirs in cfg.roles[move.to]):
        raise IllegalMove(f"only a player connected on the shared map may borrow it: no path joins a capital "
                          f"of {cfg.names[move.seat]}'s province to one of {cfg.names[move.to]}'s")
    state = replace(state, effects=state.effects + ((move.seat, f"lent {move.what}", move.role),
                                                    (move.to, f"borrowed {move.what}", move.role)))
    whose = role_name(move.role) + ("'" if role_name(move.role).endswith("s") else "'s")
    return say(state, f"{cfg.names[move.seat]} lends the {whose} {move.what} to "
                      f"{cfg.names[move.to]} for this round.")


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
