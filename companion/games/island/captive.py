"""A captive's actions: moving (p.9-10), resting, fruit bonuses, notes on their own map."""
from __future__ import annotations

from ..base import IllegalMove, evolve
from ...i18n import Listed, Msg, term
from . import board as geo
from . import catalog, characters, layout, resolve
from .moves import Move, Rest, UseBonus, UseExtraBonus, WriteNote
from .state import (OP, OP_PIECES, State, Step, board, character_of, display, named, piece,
                    pieces_of, push, say, set_board, set_piece, whose)


# what a captive declares aloud (p.9): the direction, how far, and whether safely
_DECLARED = {("", True): "I'm moving {direction} safely.",
             ("", False): "I'm moving {direction} unsafely.",
             ("one", True): "I'm moving {direction} a space over safely.",
             ("one", False): "I'm moving {direction} a space over unsafely.",
             ("two", True): "I'm moving {direction} two spaces over safely.",
             ("two", False): "I'm moving {direction} two spaces over unsafely."}


def acting_piece(state: State, seat: int, name: str | None, spend_action: bool = True) -> str:
    """The piece a captive acts with, checking it is their turn and the piece can act."""
    if state.phase != "play":
        raise IllegalMove(Msg("the game is not under way"))
    if state.turn != seat:
        raise IllegalMove(Msg("it is not {whose} turn", whose=whose(_seat(state, seat))))
    if state.pending is not None:
        raise IllegalMove(Msg("first: {prompt}", prompt=state.pending.prompt))
    mine = [p.name for p in pieces_of(state, seat)]
    if not mine:
        raise IllegalMove(Msg("only a captive moves a piece of their own"))
    if name is None:
        name = state.acting if state.acting in mine else mine[0]
    if name not in mine:
        raise IllegalMove(Msg("{piece} is not a piece of {seat}", piece=named(name), seat=_seat(state, seat)))
    if name in state.finished:
        raise IllegalMove(Msg("{piece} has already taken all its actions this turn", piece=named(name)))
    if piece(state, name).space is None:
        raise IllegalMove(Msg("{piece} has perished and waits to be revived", piece=named(name)))
    if spend_action and state.acting == name and state.actions <= 0:
        raise IllegalMove(Msg("{piece} has no actions left this turn", piece=named(name)))
    return name


def _seat(state: State, seat: int) -> str:
    if seat == OP:
        return Msg("the OP")  # whose() makes it "the OP's"
    return named(board(state, seat).character) if 0 < seat < state.players else Msg("seat {seat}", seat=seat)


def _take_action(state: State, name: str) -> State:
    """Spend one action of `name`; in the two-player game switching pieces ends the first one's turn."""
    if state.acting != name:
        finished = state.finished + ((state.acting,) if state.acting else ())
        state = evolve(state, acting=name, actions=2, finished=finished)
    return evolve(state, actions=state.actions - 1)


# ---------------------------------------------------------------- moving

def cost(state: State, name: str, over: bool, safe: bool) -> int:
    if character_of(state, name) == "schrodie":  # 2 spaces over costs nothing (p.26)
        return int(safe)
    return int(over) + int(safe)


def distance(state: State, name: str, over: bool) -> int:
    if character_of(state, name) == "schrodie":
        return 3 if over else 1
    return 2 if over else 1


def move(state: State, m: Move) -> State:
    if m.direction not in geo.DIRECTIONS:
        raise IllegalMove(Msg("{direction!r} is not a direction; say NW, NE, E, SE, SW or W", direction=m.direction))
    name = acting_piece(state, m.seat, m.piece)
    need = cost(state, name, m.over, m.safe)
    if need > characters.spendable_energy(state, name):
        raise IllegalMove(Msg("{piece} needs {need} energy for that move and has {left} to spend",
                              piece=named(name), need=need, left=characters.spendable_energy(state, name)))
    state = _take_action(state, name)
    p = piece(state, name)
    state = set_piece(state, name, energy=p.energy - need)
    over = "two" if m.over and distance(state, name, True) == 3 else ("one" if m.over else "")
    state = say(state, Msg(_DECLARED[over, m.safe], direction=geo.towards(m.direction)), display(name))
    options = destinations(state, name, m.direction, distance(state, name, m.over))
    st = Step("lake_exit", piece=name, moving=m.direction, safe=m.safe,
              activation="captive" if m.safe else "auto")
    if len(options) == 1:
        return resolve.run(push(state, _destination_step(state, st, options[0])))
    # the options are where the piece comes out (p.13: from any lake space of the OP's choice),
    # so the question names landing places, each button one of them
    prompt = Msg("{name} leaves the lake {direction}: where does {name} come out?", name=named(name),
                 direction=geo.towards(m.direction))
    return resolve.ask(state, OP, "lake_exit", prompt, options, st)


def _walk(start: str, direction: str, spaces: int, avoid: tuple = ()) -> str | None:
    """Where a move of `spaces` spaces ends: a space, 'ocean:<last island space>', or None if it
    would cross a space in `avoid`."""
    here = start
    for _ in range(spaces):
        nxt = geo.step(here, direction)
        if nxt is None:
            return f"ocean:{here}"
        if nxt in avoid:
            return None
        here = nxt
    return here


def destinations(state: State, name: str, direction: str, spaces: int) -> tuple[str, ...]:
    """Where a move can end. A piece lying in a lake leaves from any lake space of the OP's choice,
    never onto or across another space of the same lake, and into the ocean only if no island
    space is possible (p.13; the triangular-lake example rules out crossing the lake)."""
    p = piece(state, name)
    if not p.lying:
        return (_walk(p.space, direction, spaces),)
    lake = layout.lake_of(state.island, p.space)
    ends = [e for s in lake if (e := _walk(s, direction, spaces, avoid=lake)) is not None]
    land = [e for e in ends if not e.startswith("ocean:")]
    return tuple(dict.fromkeys(land or ends))


def _destination_step(state: State, st: Step, end: str) -> Step:
    p = piece(state, st.piece)
    if end.startswith("ocean:"):
        last = end[6:]
        lake = layout.lake_of(state.island, p.space) if p.lying else ()
        # Achilles counts the space he went in from only if he stood on it (or lay in its lake)
        origins = lake or ((last,) if last == p.space else ())
        return Step("ocean", piece=st.piece, space=last, moving=st.moving, safe=st.safe,
                    parts=geo.parts_entered(last, st.moving), origins=origins)
    return Step("arrive", piece=st.piece, space=end, moving=st.moving, safe=st.safe,
                activation=st.activation)


def _lake_exit(state: State, st: Step, option: str) -> State:
    return push(state, _destination_step(state, st, option))


resolve.CHOICES["lake_exit"] = _lake_exit


# ---------------------------------------------------------------- resting, bonuses, notes

def rest(state: State, m: Rest) -> State:
    name = acting_piece(state, m.seat, m.piece)
    state = _take_action(state, name)
    state = say(state, Msg("I restore energy."), display(name))
    return characters.heal(state, name, energy=2)


def use_bonus(state: State, m: UseBonus) -> State:
    if state.phase != "play":
        raise IllegalMove(Msg("the game is not under way"))
    if not 0 < m.seat < state.players:
        raise IllegalMove(Msg("only a captive has fruit bonuses"))
    if state.pending is not None:
        raise IllegalMove(Msg("first: {prompt}", prompt=state.pending.prompt))
    b = board(state, m.seat)
    # (for Hempel only a fruit written in a palm box has a bonus)
    if characters.fruit_status(b, m.fruit) != "circled" or characters.bonus_index(b, m.fruit) is None:
        raise IllegalMove(Msg("the {fruit} is not circled on {whose} board", fruit=term(m.fruit),
                              whose=whose(b.character)))
    effect = b.bonuses[characters.bonus_index(b, m.fruit)][0]
    if m.fruit not in characters.usable(state, m.seat, effect):
        raise IllegalMove(Msg("the {fruit}'s bonus can only be used during your own turn", fruit=term(m.fruit)))
    if effect in ("skip_activation", "count_scare_off"):
        raise IllegalMove(Msg("the {fruit}'s bonus is used when the moment comes, not on its own",
                              fruit=term(m.fruit)))
    own = state.turn == m.seat
    name = acting_piece(state, m.seat, m.piece, spend_action=False) if own else None
    who = display(b.character)
    if effect == "safe_move_to_fruit":
        if m.target not in b.visited_fruits:
            raise IllegalMove(Msg("{who} can only move to a fruit already visited: {fruits}", who=named(b.character),
                                  fruits=Listed(map(term, b.visited_fruits), sep=", ") if b.visited_fruits
                                  else Msg("none yet")))
        target = layout.find(state.island, "fruit", m.target)[0]
        if piece(state, name).space == target:
            raise IllegalMove(Msg("{who} is already on the {fruit}", who=named(b.character), fruit=term(m.target)))
    elif effect == "replenish_fruit":
        other = characters.fruit_status(b, m.target or "") == "crossed"
        mine = characters.bonus_index(b, m.target or "")
        if not other or mine is None or mine == characters.bonus_index(b, m.fruit):
            raise IllegalMove(Msg("replenish a crossed-out fruit of another bonus"))
    elif effect == "circle_extra_bonus" and "" not in b.extra:
        raise IllegalMove(Msg("every additional bonus square is already used"))
    elif effect == "call_off" and m.target not in OP_PIECES:
        raise IllegalMove(Msg("call off the Wave, the Rock or the Bush"))
    elif effect == "scout_line" and m.direction not in geo.DIRECTIONS:
        raise IllegalMove(Msg("name a direction: NW, NE, E, SE, SW or W"))
    state = characters.set_fruit(state, m.seat, m.fruit, "crossed")
    state = say(state, Msg("I cross out the {fruit} to use its bonus.", fruit=term(m.fruit)), who)
    if effect == "safe_move_to_fruit":
        state = say(state, Msg("I'm moving safely to the {fruit}.", fruit=term(m.target)), who)
        target = layout.find(state.island, "fruit", m.target)[0]
        return resolve.run(push(state, Step("arrive", piece=name, space=target, safe=True,
                                            activation="captive")))
    if effect == "replenish_fruit":
        return characters.set_fruit(state, m.seat, m.target, "circled")
    if effect == "circle_extra_bonus":
        return resolve.circle_extra_bonus(state, m.seat)
    if effect == "call_off":
        state = set_board(state, m.seat, called_off=b.called_off + (m.target,))
        return say(state, Msg("I call off the {which}.", which=term(m.target)), who)
    if effect == "scout_line":
        here = piece(state, name).space
        names = [resolve.space_words(state, s) for s in geo.line(here, m.direction)]
        return say(state, Msg("To the {direction}: {spaces}.", direction=geo.towards(m.direction),
                              spaces=Listed(names + [Msg("the ocean")], sep=", ")))
    if effect == "extra_action":
        return _extra_action(state, name)
    health, energy = (1, 0) if effect == "restore_health" else (0, 2)
    return characters.heal(state, name or pieces_of(state, m.seat)[0].name, health, energy)


def _extra_action(state: State, name: str) -> State:
    if state.acting != name:
        state = _take_action(state, name)
        return evolve(state, actions=state.actions + 2)
    return evolve(state, actions=state.actions + 1)


def use_extra_bonus(state: State, m: UseExtraBonus) -> State:
    if not 0 < m.seat < state.players:
        raise IllegalMove(Msg("only a captive has additional bonus squares"))
    name = acting_piece(state, m.seat, None, spend_action=False)
    b = board(state, m.seat)
    if not isinstance(m.square, int) or not 1 <= m.square <= len(b.extra):
        raise IllegalMove(Msg("{who} has no additional bonus square {square}", who=named(b.character), square=m.square))
    if b.extra[m.square - 1] != "circled":
        raise IllegalMove(Msg("additional bonus square {square} is not circled", square=m.square))
    extra = b.extra[:m.square - 1] + ("crossed",) + b.extra[m.square:]
    state = set_board(state, m.seat, extra=extra)
    kind = _extra_kinds(b)[m.square - 1]
    state = say(state, Msg("I use additional bonus square {square}.", square=m.square), display(b.character))
    if kind == "action":
        return _extra_action(state, name)
    return characters.heal(state, name, health=int(kind == "health"), energy=int(kind == "energy"))


def _extra_kinds(b) -> tuple:
    return tuple(catalog.characters()[b.character].get("extra_bonuses", ()))


def write_note(state: State, m: WriteNote) -> State:
    if not 0 < m.seat < state.players:
        raise IllegalMove(Msg("only a captive writes on their own island map"))
    # a space of the island map, an ocean part (where the Wave may be), or the free notes area
    space = str(m.space).upper() if str(m.space).upper() in geo.COORD else str(m.space).lower()
    if space not in geo.COORD and space not in geo.OCEAN_PARTS and space != "notes":
        raise IllegalMove(Msg("{space} is not on the map: a space (rows A-G), an ocean part ({parts}) or 'notes'",
                              space=m.space, parts=Listed(geo.OCEAN_PARTS, sep=", ")))
    if not isinstance(m.text, str) or len(m.text) > 200:
        raise IllegalMove(Msg("a note is a short text"))
    notes = dict(board(state, m.seat).notes)
    if m.text.strip():
        notes[space] = m.text.strip()
    else:
        notes.pop(space, None)
    return set_board(state, m.seat, notes=tuple(sorted(notes.items())))
