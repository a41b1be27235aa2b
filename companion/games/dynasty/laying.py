"""Laying a domino and taking one off: the Place move (a market domino in the claim step, a
reward's free domino in the report step, any domino when only placements are played) and the
Remove move (a penalty's, an event's or a reward's task, or the Brother of Warfare's power)."""
from __future__ import annotations

from ...i18n import Listed, Msg
from ..base import IllegalMove, evolve
from . import power
from .catalog import ROLES, strength_name
from .hands import has_power, spend_power, wields
from .maps import Square, buried, lift, namer
from .missions import end_claim, maybe_claim
from .moves import Place, Remove
from .placement import as_laid, market_index, placement_refusal, room
from .state import PERSONAL, SHARED, State
from .steps import after, anchors, finish, put, removable, say, set_at
from .tasks import task_done, waiting


# ---------------------------------------------------------------- placing

def place(state: State, move: Place) -> State:
    cfg = state.config
    cells, halves = as_laid(move)
    seat = move.seat
    task = None
    if state.phase == "claim":
        if seat != state.turn:
            raise IllegalMove(Msg("it is {name}'s turn to claim a domino", name=cfg.names[state.turn]))
        index = market_index(state, cells, halves)
        if index is None:
            raise IllegalMove(Msg("that domino is not in the market"))
    elif state.phase == "report":
        task = next((t for t in state.tasks if t.seat == seat and t.kind == "place"), None)
        if task is None or state.tasks[0].seat != seat:
            raise IllegalMove(waiting(state))
        index = None
    elif state.phase == "free":
        index = None
    elif state.phase == "start":
        raise IllegalMove(Msg("the starting dominoes come first"))
    else:
        raise IllegalMove(Msg("dominoes are placed in the claim step, after the market and missions are drawn"))
    use_power = bool(move.power)
    if use_power:
        if not cfg.powers or not wields(state, seat, "infrastructure"):
            raise IllegalMove(Msg("only the Uncle of Infrastructure's power places a mismatched domino, "
                                  "with the powers variant"))
        if not has_power(state, seat, "infrastructure"):
            raise IllegalMove(Msg("the power is used once per round (twice after the powerful reward), and not when a penalty or the event takes it away"))
    why = placement_refusal(state, seat, move.map, cells, halves, use_power)
    if why:
        raise IllegalMove(why)
    if use_power and placement_refusal(state, seat, move.map, cells, halves) is None:
        raise IllegalMove(Msg("that domino matches where it lies: it needs no power (the power is kept)"))
    mismatch = placement_refusal(state, seat, move.map, cells, halves) is not None or (
        move.map == PERSONAL and state.effect(seat, "ignore_placement") is not None
        and placement_refusal(evolve(state, effects=()), seat, move.map, cells, halves) is not None)
    before = _strengths_before(state)
    state = _lay(state, seat, move.map, cells, halves)
    state = evolve(state, placed=set_at(state.placed, seat, state.placed[seat] + 1),
                    on_shared=set_at(state.on_shared, seat, state.on_shared[seat] or move.map == SHARED),
                    mismatched=set_at(state.mismatched, seat, state.mismatched[seat] or mismatch))
    if use_power:
        state = spend_power(state, seat)
    table = power.strengths(state)
    # what the placement did to the strengths, said at once: players need not recount
    changed = [Msg("{strength} {was}->{now}", strength=strength_name(r), was=before[r]["strength"],
                   now=table[r]["strength"]) for r in cfg.in_game if table[r]["strength"] != before[r]["strength"]]
    named = namer(state.map_of(move.map, seat), held=state.shift(move.map, seat))
    args = dict(name=cfg.names[seat], west=halves[0].words(), east=halves[1].words(), a=named(cells[0]),
                b=named(cells[1]))
    placed = (Msg("{name} placed {west} | {east} on {a}-{b} of the shared map.", **args) if move.map == SHARED
              else Msg("{name} placed {west} | {east} on {a}-{b} of their map.", **args))
    if use_power:  # the table sees a domino that does not match: said why it may lie so
        placed = Listed([placed, Msg("The Uncle of Infrastructure's power lets it lie mismatched.")], sep=" ")
    if changed:
        placed = Listed([placed, Msg("{changes}.", changes=Listed(changed, sep=", "))], sep=" ")
    state = say(state, placed)
    state = evolve(state, placements=state.placements + (
        (seat, move.map, tuple((r, table[r]["strength"]) for r in ROLES)),))
    if index is not None:
        market = state.market[:index] + state.market[index + 1:]
        again = state.effect(seat, "second_domino") is not None and market
        state = evolve(state, market=market, passes=0, turn=seat if again else after(state, seat),
                        effects=tuple(e for e in state.effects if e[:2] != (seat, "second_domino")))
        return end_claim(state) if not market else state
    if task is not None:
        return task_done(state, task)
    if state.phase == "free" and not room(state):  # docs/rulings.md (i3)
        return finish(say(state, Msg("No domino can be laid on any map any more: the game ends.")), "ended")
    return state


_BEFORE: list = [None, None]  # the last state placed on and its strengths (read only)


def _strengths_before(state: State) -> dict:
    """The strengths before a placement, counted once for a state several placements are tried
    on (a phone's offers, a camera's doubts): only read, to say what a placement changed."""
    if _BEFORE[0] is not state:
        _BEFORE[:] = [state, power.strengths(state)]
    return _BEFORE[1]


def _lay(state: State, seat: int, where: str, cells, halves) -> State:
    """The domino on its squares, over what they showed (kept: it shows again when it comes off)."""
    number = state.next_domino
    g = state.map_of(where, seat)
    state = evolve(state, next_domino=number + 1)
    return put(state, seat, where, g | {c: Square(h, number, g.get(c)) for c, h in zip(cells, halves)})


# ---------------------------------------------------------------- taking dominoes off

def remove(state: State, move: Remove) -> State:
    cfg = state.config
    seat = move.seat
    cell = tuple(move.cell) if isinstance(move.cell, (list, tuple)) else None
    if cell is None or len(cell) != 2:
        raise IllegalMove(Msg("name the square of the domino to take off, [x, y]"))
    task = state.tasks[0] if state.phase in ("report", "draw") and state.tasks else None
    owner = seat
    if task is not None and task.seat == seat and task.kind == "remove corrupter any":
        where = move.map  # Goblin Grandma's reward: from all maps (nn)
        if where not in (SHARED, PERSONAL):
            raise IllegalMove(Msg("map is shared or personal"))
        if where == SHARED and move.owner is not None:
            raise IllegalMove(Msg("the shared map is no player's own: name no owner for it"))
        if where == PERSONAL and move.owner is not None:
            if not isinstance(move.owner, int) or isinstance(move.owner, bool) \
                    or not 0 <= move.owner < cfg.players:
                raise IllegalMove(Msg("there is no seat {seat} at this table", seat=move.owner))
            owner = move.owner
    elif task is not None and task.seat == seat and task.kind.startswith("remove"):
        where = task.map
        if move.map != where:
            raise IllegalMove(Msg("{name} takes a domino off the shared map", name=cfg.names[seat]) if where == SHARED
                              else Msg("{name} takes a domino off their own map", name=cfg.names[seat]))
    elif state.phase == "claim" and seat == state.turn and has_power(state, seat, "warfare"):
        task, where = None, move.map  # the Brother of Warfare's power: a domino of an earlier round
        if where not in (SHARED, PERSONAL):
            raise IllegalMove(Msg("map is shared or personal"))
    else:
        raise IllegalMove(waiting(state) if state.tasks else Msg("no domino is to be taken off now"))
    if move.owner not in (None, seat) and owner == seat:
        raise IllegalMove(Msg("{name} takes dominoes off their own map only", name=cfg.names[seat]))
    g = state.map_of(where, owner)
    named = namer(g, held=state.shift(where, owner))
    if cell not in g:
        raise IllegalMove(Msg("square {square} is empty", square=named(cell)))
    options = removable(state, task, owner, where)
    number = g[cell].domino
    if number not in options:
        if number in buried(g):
            raise IllegalMove(Msg("the domino on {square} lies partly under another: that one comes off first", square=named(cell)))
        if number in anchors(state, owner, where):
            raise IllegalMove(Msg("the starting domino on {square} may not come off: it anchors the map", square=named(cell)))
        if task is not None and task.kind == "remove equal":
            raise IllegalMove(Msg("taking the domino on {square} off parts no two equal icons", square=named(cell)))
        if task is not None and task.kind.startswith("remove corrupter"):
            raise IllegalMove(Msg("the domino on {square} shows no Corrupter that may come off", square=named(cell)))
        raise IllegalMove(Msg("the domino on {square} may not come off", square=named(cell)))
    if task is None and number >= state.first_of_round:
        raise IllegalMove(Msg("the power takes off a domino from an earlier round"))
    state = put(state, owner, where, lift(g, {number}))
    args = dict(name=cfg.names[seat], square=named(cell))  # where it lay, before the map shrank
    state = say(state, Msg("{name} took the domino on {square} off the shared map.", **args) if where == SHARED else
                Msg("{name} took the domino on {square} off their map.", **args) if owner == seat else
                Msg("{name} took the domino on {square} off {owner}'s map.", owner=cfg.names[owner], **args))
    if task is None:
        return spend_power(state, seat)
    state = task_done(state, task)
    return maybe_claim(state) if state.phase == "draw" else state
