"""The OP's actions with the Wave, the Bush and the Rock (p.15-17).

Up to 3 actions in the OP's turn, or one action with a named piece when an anomaly calls for it.
OP pieces treat a lake as one big space. The Bush and the Rock may go through portals and Escher
knots they land on, if the OP says so; a piece that ends up in the ocean leaves the map until
the end of the turn.
"""
from __future__ import annotations

from ..base import IllegalMove, evolve
from ...i18n import Listed, Msg, said, term
from . import board as geo
from . import layout, resolve
from .moves import BushAction, RockAction, WaveAttack, WaveMove
from .state import (OP, State, Step, board, log, named, op_piece_space, piece, push, say, the)


def _begin(state: State, which: str) -> State:
    """Check the OP may act with `which` now; returns the state with the action spent."""
    if state.phase != "play":
        raise IllegalMove(Msg("the game is not under way"))
    pending = state.pending
    if pending is not None and pending.kind == "op_action" and state.interrupt == which:
        return evolve(state, pending=None, interrupt=None)  # an anomaly's action: not counted
    if pending is not None:
        raise IllegalMove(Msg("first: {prompt}", prompt=pending.prompt))
    if state.turn != OP:
        raise IllegalMove(Msg("the OP acts only in the OP's turn (or when an anomaly says so)"))
    if state.actions <= 0:
        raise IllegalMove(Msg("the OP has used all 3 actions this turn"))
    return evolve(state, actions=state.actions - 1)


def _off_the_map(which: str) -> Msg:
    return Msg("the {which} is off the map until the end of the turn", which=term(which))


def _finish(state: State) -> State:
    return resolve.run(state)


# ---------------------------------------------------------------- the Wave

# where the Flood token lets the Wave go
LAKE_PLACES = {f"the {shape} lake": shape for shape in ("straight", "L-shaped", "triangular")}


def wave_lake(state: State) -> tuple[str, ...]:
    """The spaces of the lake the Wave is in (Flood), or ()."""
    if state.wave is None or state.wave in geo.OCEAN_PARTS:
        return ()
    return tuple(layout.find(state.island, "lake", LAKE_PLACES[state.wave]))


def wave_move(state: State, m: WaveMove) -> State:
    lakes = LAKE_PLACES
    if m.part not in geo.OCEAN_PARTS and m.part not in lakes:
        raise IllegalMove(Msg("{part!r} is not a part of the ocean: {parts}", part=m.part,
                              parts=Listed(map(term, geo.OCEAN_PARTS), sep=", ")))
    if m.part in lakes and state.in_force != "flood":
        raise IllegalMove(Msg("the Wave can only be in the ocean (a lake needs the Flood token)"))
    if state.wave is None:
        raise IllegalMove(_off_the_map("Wave"))
    if m.part == state.wave:
        raise IllegalMove(Msg("the Wave must move to another part of the ocean"))
    state = _begin(state, "Wave")
    state = evolve(state, wave=m.part)
    flooded = [p.name for p in state.pieces if p.space in wave_lake(state)]
    if flooded:  # Flood: whoever is in that lake is attacked (p.20), so the lake is named
        state = say(state, Msg("The Wave floods {lake}.", lake=term(m.part)))
        for name in flooded:  # each at most once until the end of the OP's turn (p.16)
            if name in state.wave_attacked:
                state = say(state, Msg("The Wave already attacked {name} this turn.", name=named(name)))
                continue
            state = evolve(state, wave_attacked=state.wave_attacked + (name,))
            state = _wave_hits(state, name)
        return _finish(state)
    state = log(state, Msg("the Wave moved to the {part} ocean.", part=term(m.part)))
    return _finish(say(state, Msg("The Wave moves.")))


def _wave_hits(state: State, name: str) -> State:
    return resolve.attack(state, name, "Wave")


def wave_targets(state: State) -> list[str]:
    out = []
    if state.wave is None:
        return out
    flooded = wave_lake(state)
    if flooded and state.in_force != "flood":
        return out  # left in a lake by an expired Flood, the Wave can only move back
    # Flood: "attack a captive on any space adjacent to that lake" (p.20), not in the lake
    beside = {n for s in flooded for n in geo.neighbours(s).values()} - set(flooded)
    for p in state.pieces:
        if p.space is None or p.name in state.wave_attacked:
            continue
        spaces = layout.lake_of(state.island, p.space) if p.lying else (p.space,)
        if flooded and any(s in beside for s in spaces):
            out.append(p.name)
        elif not flooded and any(state.wave in geo.parts_of(s) for s in spaces):
            out.append(p.name)
    return out


def wave_attack(state: State, m: WaveAttack) -> State:
    if state.wave is None:
        raise IllegalMove(_off_the_map("Wave"))
    names = [p.name for p in state.pieces]
    if m.target not in names:
        raise IllegalMove(Msg("there is no captive piece called {name!r}", name=m.target))
    if m.target in state.wave_attacked:
        raise IllegalMove(Msg("the Wave already attacked {name} this turn", name=named(m.target)))
    if m.target not in wave_targets(state):
        raise IllegalMove(Msg("{name} is not beside the Wave", name=named(m.target)))
    if "Wave" in board(state, piece(state, m.target).seat).called_off:
        raise IllegalMove(Msg("{name} has called off the {which}", name=named(m.target), which=term("Wave")))
    state = _begin(state, "Wave")
    state = evolve(state, wave_attacked=state.wave_attacked + (m.target,))
    return _finish(_wave_hits(state, m.target))


# ---------------------------------------------------------------- moving the Bush and the Rock

def _lake_key(state: State, space: str) -> str:
    lake = layout.lake_of(state.island, space)
    return f"lake:{layout.space(state.island, space).value}" if lake else space


def _leave(state: State, which: str, direction: str, start: str | None) -> tuple[str, str | None]:
    """(the space it leaves from, the space it lands on or None for the ocean)."""
    here = op_piece_space(state, which)
    if here is None:
        raise IllegalMove(_off_the_map(which))
    if direction not in geo.DIRECTIONS:
        raise IllegalMove(Msg("{direction!r} is not a direction; say NW, NE, E, SE, SW or W", direction=direction))
    lake = layout.lake_of(state.island, here)
    if not lake:
        return here, geo.step(here, direction)
    starts = [s for s in lake if geo.step(s, direction) not in lake]
    if start is not None:
        if start not in starts:
            raise IllegalMove(Msg("the {which} cannot leave its lake {direction} from {start}", which=term(which),
                                  direction=geo.towards(direction), start=start))
        return start, geo.step(start, direction)
    ends = {geo.step(s, direction) for s in starts}
    if len(ends) > 1:
        raise IllegalMove(Msg("say which lake space the {which} leaves from: {spaces}", which=term(which),
                              spaces=Listed(starts, sep=", ")))
    return starts[0], ends.pop()


def _portal_exit(state: State, which: str, portal: str, through: str | None) -> str:
    if state.in_force != "hurricane":
        return layout.portal_twin(state.island, portal)
    others = [s for s in layout.find(state.island, "portal") if s != portal]
    if through not in others:
        raise IllegalMove(Msg("Hurricane: say which portal the {which} comes out of: {spaces}", which=term(which),
                              spaces=Listed(others, sep=", ")))
    return through


def path(state: State, which: str, direction: str, start: str | None, activate: bool,
         through: str | None = None, then: str | None = None) -> list[tuple[str, str | None]]:
    """The legs of a Bush or Rock movement, checked: [(verb, space or None for the ocean)].

    One space in `direction`; then, if the OP activates it, through the portal or Escher knot
    (or, with the Anomaly Portals token, from an anomaly to `through`, another anomaly, and on
    one more space `then`).
    """
    frm, to = _leave(state, which, direction, start)
    moves = Msg(MOVES, direction=geo.towards(direction))
    if to is None:
        if which == "Bush" and state.in_force == "thorns":  # like Phil leaving the ocean
            return [(Msg(COMES_BACK, direction=geo.towards(direction)), geo.far_side(frm, direction))]
        return [(Msg("moves {direction} into the ocean", direction=geo.towards(direction)), None)]
    legs = [(moves, to)]
    kind = layout.space(state.island, to).kind
    if then is not None and not (activate and kind == "anomaly" and state.in_force == "teleport"):
        raise IllegalMove(Msg("only the Anomaly Portals token gives an extra movement"))
    if not activate:
        return legs
    if kind == "portal":
        legs.append((Msg(THROUGH), _portal_exit(state, which, to, through)))
    elif kind == "knot":
        out = layout.knot_exit(state.island, to, direction)
        legs.append((Msg(THROUGH), geo.step(to, out)))
    elif kind == "anomaly" and state.in_force == "teleport":
        others = [a for a in layout.find(state.island, "anomaly") if a != to]
        if through not in others:
            raise IllegalMove(Msg("Anomaly Portals: say which anomaly the {which} comes out of: {spaces}",
                                  which=term(which), spaces=Listed(others, sep=", ")))
        legs.append((Msg(THROUGH), through))
        if then is not None:
            if then not in geo.DIRECTIONS:
                raise IllegalMove(Msg("{direction!r} is not a direction; say NW, NE, E, SE, SW or W", direction=then))
            legs.append((Msg(MOVES, direction=geo.towards(then)), geo.step(through, then)))
    else:
        raise IllegalMove(Msg("the {which} can only activate a portal or an Escher knot", which=term(which)))
    if legs[-1][1] is None and which == "Bush" and state.in_force == "thorns":
        # Thorny Bush: whenever it leaves the island, it comes back on the opposite side, as
        # Phil does (p.20, p.25): by a knot's arrow or the Anomaly Portals' extra movement too
        last, off = (through, then) if kind == "anomaly" else (to, layout.knot_exit(
            state.island, to, direction))
        verb = legs[-1][0]
        verb = (Msg("goes through it and goes into the ocean and comes back") if verb.msgid == THROUGH
                else Msg(COMES_BACK, **verb.params))
        legs[-1] = (verb, geo.far_side(last, off))
    if legs[-1][1] is None:
        verb = legs[-1][0]
        legs[-1] = (Msg("goes through it and ends in the ocean") if verb.msgid == THROUGH
                    else Msg("moves {direction} in the ocean", **verb.params), None)
    return legs


def _land(state: State, which: str, legs) -> tuple[State, str | None]:
    """Carry an OP piece along its legs, naming each space and the pieces on it (and noting
    behind the screen which spaces it went through)."""
    went = [op_piece_space(state, which)] + [space or Msg("the ocean") for _, space in legs]
    state = log(state, Msg("the {which} went {path}.", which=term(which), path=Listed(went, sep=" → ")))
    for verb, space in legs:
        if space is None:
            return _into_ocean(state, which, Msg("The {which} {verb}.", which=term(which), verb=verb)), None
        state = evolve(state, **{which.lower(): space})
        here = [h for h in resolve.pieces_at(state, space) if h != the(which)]
        lake = layout.space(state.island, space).kind == "lake"
        # onto a space it moves to; on the space it comes out on or back to; in a lake
        how = "in" if lake else "onto" if verb.msgid == MOVES else "on"
        words = dict(which=term(which), verb=verb, place=resolve.space_words(state, space))
        state = say(state, Msg(_LANDS[how, bool(here)], **words, pieces=Listed(here, sep=", ")) if here
                    else Msg(_LANDS[how, False], **words))
    return state, legs[-1][1]


# how the OP says where a Bush's or a Rock's movement goes (the verbs of `path`)
MOVES = "moves {direction}"
THROUGH = "goes through it and comes out"
COMES_BACK = "moves {direction} into the ocean and comes back"
_LANDS = {("onto", False): "The {which} {verb} onto {place}.",
          ("onto", True): "The {which} {verb} onto {place}; here: {pieces}.",
          ("on", False): "The {which} {verb} on {place}.",
          ("on", True): "The {which} {verb} on {place}; here: {pieces}.",
          ("in", False): "The {which} {verb} in {place}.",
          ("in", True): "The {which} {verb} in {place}; here: {pieces}."}


def _into_ocean(state: State, which: str, words: str) -> State:
    state = evolve(state, **{which.lower(): None}, returns=state.returns + (which,))
    return say(state, words)


def _met_other_op_piece(state: State, which: str, space: str) -> State:
    other = "Rock" if which == "Bush" else "Bush"
    there = op_piece_space(state, other)
    lake = layout.lake_of(state.island, space) or (space,)
    if there is not None and there in lake:
        return resolve.offer_granddead(state, Msg("The {which} met the {other}", which=term(which), other=term(other)))
    return state


def attacks(state: State, which: str) -> bool:
    """The Bush moves and attacks; under Lithophytes the Rock too (p.20)."""
    return which == "Bush" or state.in_force == "lithophytes"


def pushes(state: State, which: str) -> bool:
    """The Rock moves and pushes; under Lithophytes the Bush too (p.20)."""
    return which == "Rock" or state.in_force == "lithophytes"


def bush_action(state: State, m: BushAction) -> State:
    if m.push is not None and not pushes(state, "Bush"):
        raise IllegalMove(Msg("the Bush attacks; it pushes only under Lithophytes"))
    if m.push is None:
        return _move_and_attack(state, "Bush", m)
    return _move_and_push(state, "Bush", m)


def rock_action(state: State, m: RockAction) -> State:
    """Lithophytes adds to the Rock's powers: "the Rock attacks and moves according to the rules
    of the Bush" (p.20), and it still pushes."""
    if attacks(state, "Rock") and m.push is None:
        return _move_and_attack(state, "Rock", m)
    return _move_and_push(state, "Rock", m)


def _trail(state: State, which: str, legs) -> tuple[tuple, tuple]:
    """(the spaces the piece visited this turn, those this movement visits): "The Bush cannot
    visit the same space twice" in a turn (p.16)."""
    trail = dict(state.trails).get(which) or (_lake_key(state, op_piece_space(state, which)),)
    visits = tuple(_lake_key(state, space) for _, space in legs if space is not None)
    if any(v in trail for v in visits) or len(set(visits)) < len(visits):
        raise IllegalMove(Msg("the {which} cannot visit the same space twice in one turn", which=term(which)))
    return trail, visits


def _attack_where_it_ends(state: State, which: str, legs, trail, visits) -> State:
    state, end = _land(state, which, legs)
    trails = dict(state.trails)
    trails[which] = trail + visits
    state = evolve(state, trails=tuple(sorted(trails.items())))
    if end is None:
        return state
    lake = layout.lake_of(state.island, end) or (end,)
    for p in state.pieces:
        if p.space in lake:
            state = resolve.attack(state, p.name, which)
    return _met_other_op_piece(state, which, end)


def _move_and_attack(state: State, which: str, m) -> State:
    """One space (no space twice in a turn), then attack every captive there (p.16)."""
    if m.direction is None:
        raise IllegalMove(Msg("the {which} moves one space: name a direction", which=term(which)))
    legs = path(state, which, m.direction, m.start, m.activate, m.through, m.then)
    trail, visits = _trail(state, which, legs)
    state = _begin(state, which)
    return _finish(_attack_where_it_ends(state, which, legs, trail, visits))


def push_target(state: State, which: str, target: str, direction: str | None) -> tuple[str, str]:
    """(the direction of the push, where it ends: a space or 'ocean:<last space>')."""
    pusher = op_piece_space(state, which)
    if pusher is None:
        raise IllegalMove(_off_the_map(which))
    names = [p.name for p in state.pieces]
    if target not in names or piece(state, target).space is None:
        raise IllegalMove(Msg("there is no captive piece {name!r} on the island", name=target))
    p = piece(state, target)
    own_lake = layout.lake_of(state.island, pusher)
    their_lake = layout.lake_of(state.island, p.space)
    if own_lake and own_lake == their_lake:
        raise IllegalMove(Msg("the {which} and the captive are in the same lake: it cannot push", which=term(which)))
    if which in board(state, p.seat).called_off:
        raise IllegalMove(Msg("{name} has called off the {which}", name=named(target), which=term(which)))
    from_spaces = own_lake or (pusher,)
    their_spaces = their_lake if p.lying else (p.space,)
    dirs = {d for r in from_spaces for s in their_spaces
            if (d := geo.direction_between(r, s)) is not None}
    if direction is None and len(dirs) == 1:
        direction = next(iter(dirs))
    if direction not in dirs:
        if not dirs:
            raise IllegalMove(Msg("{name} is not next to the {which}", name=named(target), which=term(which)))
        raise IllegalMove(Msg("the {which} can push {name} {directions}", which=term(which), name=named(target),
                              directions=Listed([geo.towards(d) for d in sorted(dirs)], sep=" or ")))
    entry = next(s for r in from_spaces for s in their_spaces if geo.step(r, direction) == s)
    here = entry
    while True:  # straight on across the whole lake (p.17)
        nxt = geo.step(here, direction)
        if nxt is None:
            return direction, f"ocean:{here}"
        if nxt not in their_lake:
            return direction, nxt
        here = nxt


def _move_and_push(state: State, which: str, m) -> State:
    """A move and a push in either order, each done fully before the other (p.17)."""
    if m.direction is None and m.push is None:
        raise IllegalMove(Msg("the {which} moves, pushes, or both", which=term(which)))
    if op_piece_space(state, which) is None:  # scared off, with nowhere free to come back to
        raise IllegalMove(_off_the_map(which))
    if m.direction is not None:  # check the move before anything happens
        legs = path(state, which, m.direction, m.start, m.activate, m.through, m.then)
        if attacks(state, which):
            _trail(state, which, legs)
    if m.push is not None and m.push_first:
        push_target(state, which, m.push, m.push_direction)  # a later push: checked after the move
    start, activate, through, then = (_said(state, which, m) if m.direction is not None
                                      else (None, False, None, None))
    state = _begin(state, which)
    move = Step("op_move", value=which, moving=m.direction, space=start, through=through,
                then=then, activation="activate" if activate else "none")
    if m.push_first:
        steps = [_push(state, which, m.push, m.push_direction)] + ([move] if m.direction else [])
    else:
        state = _op_move(state, move) if m.direction else state
        if op_piece_space(state, which) is None:  # in the ocean: the action ends
            return _finish(state)
        steps = [_push(state, which, m.push, m.push_direction)] if m.push else []
    return _finish(push(state, *steps))


def _said(state: State, which: str, m) -> tuple[str | None, bool, str | None, str | None]:
    """(the lake space it leaves from, whether it is activated, the portal or anomaly it comes
    out of, the step after it) as far as they matter: a lake space only for a piece in a lake
    (the only one it can leave from, if the table named none), an activation only on a portal,
    a knot or an Anomaly Portals anomaly, a way out only through a Hurricane portal or such an
    anomaly, a step after only the latter. Elsewhere the movement ignores them, so a move kept
    for after a push is the same move however the table said it."""
    here = op_piece_space(state, which)
    frm, to = _leave(state, which, m.direction, m.start)
    start = frm if layout.lake_of(state.island, here) else None
    kind = layout.space(state.island, to).kind if to else None
    teleport = kind == "anomaly" and state.in_force == "teleport"
    activate = m.activate and (kind in ("portal", "knot") or teleport)
    through = then = None
    if activate and kind == "portal" and state.in_force == "hurricane":
        through = m.through
    elif activate and teleport:
        through, then = m.through, m.then
    return start, activate, through, then


def _op_move(state: State, st: Step) -> State:
    which = st.value
    if op_piece_space(state, which) is None:
        return state
    # the rest of an action that pushed first: an anomaly's extra action in between may have
    # moved the piece, so the move goes from where it is now, and if it can no longer be made
    # the table hears why instead of the extra action being refused
    try:
        legs = path(state, which, st.moving, st.space, st.activation == "activate", st.through,
                    st.then)
        if attacks(state, which):  # Lithophytes: a move that pushes too attacks where it ends
            trail, visits = _trail(state, which, legs)
            return _attack_where_it_ends(state, which, legs, trail, visits)
    except IllegalMove as why:
        return say(state, Msg("The {which} does not make the rest of its move: {why}.", which=term(which),
                              why=said(why)))
    state, end = _land(state, which, legs)
    return _met_other_op_piece(state, which, end) if end else state


resolve.STEPS["op_move"] = _op_move


def _push(state: State, which: str, target: str, direction: str | None) -> Step:
    """The step that carries a pushed captive to where it ends (announced as it resolves)."""
    direction, end = push_target(state, which, target, direction)
    p = piece(state, target)
    if end.startswith("ocean:"):
        last = end[6:]
        origins = layout.lake_of(state.island, p.space) if p.lying else (
            (last,) if last == p.space else ())
        return Step("ocean", piece=target, space=last, moving=direction, value=f"pushed:{which}",
                    parts=geo.parts_entered(last, direction), origins=origins)
    return Step("arrive", piece=target, space=end, moving=direction, activation="op",
                value=f"pushed:{which}")


# ---------------------------------------------------------------- where an action goes (the OP's map)

def reach(state: State, m) -> dict | None:
    """Where a legal OP action takes its piece, for the OP's map: `piece` to tap first, `to` the
    spaces or ocean parts to tap next, `path` the spaces it goes through, and who it attacks
    (`hits`) or pushes (`pushes`). None for a move that is not an OP piece's action."""
    if isinstance(m, WaveMove):
        to = (list(layout.find(state.island, "lake", LAKE_PLACES[m.part])) if m.part in LAKE_PLACES
              else [m.part])
        return {"piece": "Wave", "to": to, "path": []}
    if isinstance(m, WaveAttack):
        return {"piece": "Wave", "to": [piece(state, m.target).space], "path": [],
                "hits": named(m.target)}
    if not isinstance(m, (BushAction, RockAction)):
        return None
    which = "Bush" if isinstance(m, BushAction) else "Rock"
    if m.direction is None:  # a push only: tap the captive it pushes
        return {"piece": which, "to": [piece(state, m.push).space], "path": [],
                "pushes": named(m.push)}
    frm, _ = _leave(state, which, m.direction, m.start)
    legs = path(state, which, m.direction, m.start, m.activate, m.through, m.then)
    if m.activate and len(legs) == 1:
        return None  # straight into the ocean: nothing to activate, the same as not activating
    spaces = [frm] + [space for _, space in legs if space is not None]
    end = legs[-1][1]
    if end is not None:
        to = [end]
    elif len(legs) == 1:  # straight off the island
        to = list(geo.parts_entered(frm, m.direction))
    else:  # carried on by a knot or an anomaly, then off the island
        to = list(geo.parts_of(spaces[-1]))
    out = {"piece": which, "to": to, "path": spaces}
    if m.push is not None:  # a move that pushes too: told apart from the move alone
        words = dict(name=named(m.push), direction=geo.towards(m.push_direction)
                    if m.push_direction in geo.DIRECTION_WORDS else "")
        out["pushes"] = (Msg("{name} {direction}, before moving", **words) if m.push_first
                         else Msg("{name} {direction}, after moving", **words))
    if end is not None and attacks(state, which):
        hit = [named(p.name) for p in state.pieces
               if p.space in (layout.lake_of(state.island, end) or (end,))]
        if hit:
            out["hits"] = Listed(hit, sep=", ")
    return out
