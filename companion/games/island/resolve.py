"""Resolving what happens to a piece, stage by stage ("Moving around the island", p.9-14).

A move puts steps on the state's agenda; `run` resolves them in order. Where the rules leave a
decision to someone, a step stops with a Pending record listing exactly the legal options, and
`choose` resumes from it. The order of steps is the order of the rulebook's stages, so the first
mission completed while resolving is the earliest one.
"""
from __future__ import annotations

from itertools import combinations

from ..base import IllegalMove, evolve
from ...i18n import Listed, Msg, term
from . import board as geo
from . import catalog, characters, layout
from .state import (OP, Pending, State, Step, anomaly_at, board, character_of, display, log,
                    named, op_piece_space, piece, push, say, set_board, set_piece, the, whose)

KEEP_STANDING = "do not activate"
ACTIVATE = "activate"


def run(state: State) -> State:
    while state.agenda and state.pending is None and state.phase != "over":
        step, rest = state.agenda[0], state.agenda[1:]
        state = STEPS[step.kind](evolve(state, agenda=rest), step)
    return state


def ask(state: State, seat: int, kind: str, prompt: str, options, step: Step) -> State:
    """Stop for a decision; a decision with a single option makes itself."""
    options = tuple(dict.fromkeys(options))
    if not options:
        return state
    if len(options) == 1:
        return CHOICES[kind](state, step, options[0])
    return evolve(state, pending=Pending(seat, kind, prompt, options, step))


def choose(state: State, seat: int, option: str) -> State:
    pending = state.pending
    if pending is None:
        raise IllegalMove(Msg("nobody has a decision to make right now"))
    if seat != pending.seat:
        raise IllegalMove(Msg("{who} must decide first: {prompt}", who=_seat_words(state, pending.seat),
                              prompt=pending.prompt))
    if option not in pending.options:
        raise IllegalMove(Msg("{option!r} is not one of the choices: {options}", option=option,
                              options=Listed(pending.options, sep=", ")))
    state = evolve(state, pending=None,
                    interrupt=None if pending.kind == "op_action" else state.interrupt)
    return run(CHOICES[pending.kind](state, pending.step, option))


def _seat_words(state: State, seat: int) -> str:
    return Msg("The OP") if seat == OP else named(board(state, seat).character)


def space_words(state: State, space: str) -> str:
    return layout.name(state.island, space, dict(state.anomalies))


def on_words(state: State, space: str) -> str:
    """'on the banana', 'in the straight lake'."""
    sp = layout.space(state.island, space)
    place = space_words(state, space)
    return Msg("in {place}", place=place) if sp.kind == "lake" else Msg("on {place}", place=place)


def pieces_at(state: State, space: str, but: str | None = None) -> list[str]:
    """Every piece on `space`, OP pieces in its lake counting as there (lakes are one space to them)."""
    lake = layout.lake_of(state.island, space)
    out = [named(p.name) for p in state.pieces if p.space == space and p.name != but]
    for which in ("Rock", "Bush"):
        where = op_piece_space(state, which)
        if where is not None and (where == space or where in lake):
            out.append(the(which))
    if lake and state.wave == f"the {layout.space(state.island, space).value} lake":
        out.append(the("Wave"))  # flooded (the Flood token)
    return out


def also_here(here: list) -> Msg:
    return Msg("Also here: {pieces}.", pieces=Listed(here, sep=", "))


# ---------------------------------------------------------------- arriving on a space

def _pushed(state: State, st: Step) -> State:
    if not st.value.startswith("pushed:"):
        return state
    which = st.value.split(":")[1]
    return say(state, Msg("The {which} pushes {name} {direction}.", which=term(which), name=named(st.piece),
                          direction=geo.towards(st.moving)))


def _arrive(state: State, st: Step) -> State:
    name, who = st.piece, named(st.piece)
    state = _pushed(state, st)
    state = set_piece(state, name, space=st.space, lying=False)
    if st.value != "portal exit":  # the OP tells nothing more about the other portal (p.12)
        state = say(state, Msg("{who}, you're {where}.", who=who, where=on_words(state, st.space)))
    state = characters.visit(state, name, st.space)
    if state.phase == "over":
        return state
    # activation waits behind whatever the encounter brings up (scare-offs, attacks)
    state = push(state, evolve(st, kind="offer_activation"))
    return _encounter(state, st)


def _encounter(state: State, st: Step) -> State:
    name, seat = st.piece, piece(state, st.piece).seat
    here = pieces_at(state, st.space, but=name)
    if not here:
        return state
    state = say(state, also_here(here))
    # "When Theseus's piece encounters another player's piece" (p.24): in the two-player game
    # his own other piece is not another player's
    own = {named(p.name) for p in state.pieces if p.seat == seat}
    if character_of(state, name) == "theseus" and any(h not in own for h in here):
        state = circle_extra_bonus(state, seat)
    for which in ("Wave", "Rock", "Bush"):
        if the(which) not in here:
            continue
        if st.safe:
            state = scare_off(state, name, which)
        elif which != "Rock" or state.in_force == "lithophytes":
            state = attack(state, name, which)  # the Rock is only named (p.18)
            if piece(state, name).space is None:
                return state
    return state


def attack(state: State, name: str, which: str) -> State:
    """The Wave (1 health) or the Bush (1 health and 1 energy; the Rock under Lithophytes)."""
    if which == "Bush":
        state = thorns(state, name)
    if which in board(state, piece(state, name).seat).called_off:
        return say(state, Msg("{name} has called off the {which}: it cannot attack.", name=named(name),
                              which=term(which)))
    if which == "Wave":
        state = say(state, Msg("The Wave attacks {name}: lose 1 health point.", name=named(name)))
        return characters.hurt(state, name, health=1)
    state = say(state, Msg("The {which} attacks {name}: lose 1 health and 1 energy.", which=term(which),
                           name=named(name)))
    return characters.hurt(state, name, health=1, energy=1)


def thorns(state: State, name: str) -> State:
    """Thorny Bush: "When the captive encounters the Bush, OP can cross out any fruit, even one
    that has not been circled" (p.20): an attack or a scare-off alike."""
    if state.in_force != "thorns":
        return state
    return push(state, Step("thorns", piece=name))


def _thorns(state: State, st: Step) -> State:
    b = board(state, piece(state, st.piece).seat)
    fruits = tuple(f for f in catalog.fruits() if characters.fruit_status(b, f) != "crossed")
    return ask(state, OP, "thorns", Msg("Thorny Bush: cross out one of {whose} fruits?", whose=whose(st.piece)),
               fruits + ("none",), st)


def _thorns_choice(state: State, st: Step, option: str) -> State:
    if option == "none":
        return state
    state = say(state, Msg("{name}, cross out the {fruit}.", name=named(st.piece), fruit=term(option)))
    return characters.set_fruit(state, piece(state, st.piece).seat, option, "crossed")


def circle_extra_bonus(state: State, seat: int) -> State:
    b = board(state, seat)
    if "" not in b.extra:
        return state
    i = b.extra.index("")
    extra = b.extra[:i] + ("circled",) + b.extra[i + 1:]
    state = set_board(state, seat, extra=extra)
    return say(state, Msg("Theseus circles additional bonus square {square}.", square=i + 1), "Theseus")


def scare_off(state: State, name: str, which: str) -> State:
    """A captive visited an OP piece safely: it leaves the map until the end of the turn."""
    seat = piece(state, name).seat
    changes = {"wave": None} if which == "Wave" else {which.lower(): None}
    state = evolve(state, returns=state.returns + (which,), **changes)
    state = say(state, Msg("{name} scares off the {which}; I take it off the map.", name=named(name),
                           which=term(which)))
    if which == "Bush":
        state = thorns(state, name)
    if state.turn == seat:
        b = board(state, seat)
        if b.character == "achilles" and which not in b.spent_symbols:
            state = push(state, Step("achilles", piece=name, value=which))
        else:
            state = _gain_actions(state, 1)
    if board(state, seat).character == characters.GRANDDEAD:
        return characters.count(state, seat, Msg("a scare-off"))
    return offer_granddead(state, Msg("{name} scared off the {which}", name=named(name), which=term(which)))


def _gain_actions(state: State, n: int) -> State:
    return evolve(state, actions=state.actions + n)


def offer_granddead(state: State, what: str) -> State:
    """Granddead's grapes/strawberry bonus: count someone else's scare-off (or OP pieces meeting)."""
    for b in state.boards:
        if b.character != characters.GRANDDEAD or state.phase == "over":
            continue
        fruits = characters.usable(state, b.seat, "count_scare_off")
        if fruits:
            opts = tuple(f"use the {f}: count it" for f in fruits) + ("let it pass",)
            state = push(state, Step("granddead", seat=b.seat, value=what, parts=opts))
    return state


def _granddead_offer(state: State, st: Step) -> State:
    return ask(state, st.seat, "granddead", Msg("{what}. Count it towards your mission?", what=st.value),
               st.parts, st)


def _granddead_choice(state: State, st: Step, option: str) -> State:
    if option == "let it pass":
        return state
    fruit = option.split()[2].rstrip(":")
    state = characters.set_fruit(state, st.seat, fruit, "crossed")
    return characters.count(state, st.seat, Msg("a scare-off"))


def _achilles_offer(state: State, st: Step) -> State:
    seat = piece(state, st.piece).seat
    return ask(state, seat, "achilles", Msg("Cross out the {fruit} to gain 2 actions instead of 1?", fruit=term(st.value)),
               (f"cross out the {st.value}: 2 actions", "1 action"), st)


def _achilles(state: State, st: Step, option: str) -> State:
    seat = piece(state, st.piece).seat
    if option == "1 action":
        return _gain_actions(state, 1)
    b = board(state, seat)
    state = set_board(state, seat, spent_symbols=b.spent_symbols + (st.value,))
    return _gain_actions(state, 2)


# ---------------------------------------------------------------- activation

def _offer_activation(state: State, st: Step) -> State:
    name, seat = st.piece, piece(state, st.piece).seat
    words = space_words(state, st.space)
    if st.activation == "none":
        return state
    if st.activation == "captive":
        return ask(state, seat, "activate", Msg("Would you like to activate {place}?", place=words),
                   (ACTIVATE, KEEP_STANDING), st)
    if st.activation == "op":
        return ask(state, OP, "activate", Msg("Activate {place} for {name}?", place=words, name=named(name)),
                   (ACTIVATE, KEEP_STANDING), st)
    options = [ACTIVATE] + [f"use the {f}: do not activate"
                            for f in characters.usable(state, seat, "skip_activation")]
    if _phil_on_a_lake(state, st):
        options.append("stay standing (Phil's ability)")
    if len(options) == 1:
        return push(state, evolve(st, kind="activate"))
    return ask(state, seat, "activate", Msg("You moved unsafely, so {place} activates.", place=words), options, st)


def _phil_on_a_lake(state: State, st: Step) -> bool:
    return (character_of(state, st.piece) == "phil"
            and layout.space(state.island, st.space).kind == "lake")


def _activation_choice(state: State, st: Step, option: str) -> State:
    if option == ACTIVATE and st.activation == "op" and _phil_on_a_lake(state, st):
        # "After visiting a lake, Phil can choose not to activate it" (p.25): also when the
        # Rock's push or an anomaly put him there and the OP would activate it
        seat = piece(state, st.piece).seat
        return ask(state, seat, "activate", Msg("The OP activates {place}: would you like to stay standing?",
                                                place=space_words(state, st.space)),
                   (ACTIVATE, "stay standing (Phil's ability)"), evolve(st, activation="phil"))
    if option == ACTIVATE:
        return push(state, evolve(st, kind="activate"))
    seat = piece(state, st.piece).seat
    if option.startswith("use the "):
        fruit = option.split()[2].rstrip(":")
        state = characters.set_fruit(state, seat, fruit, "crossed")
        state = say(state, Msg("I'm using the {fruit}'s bonus not to activate it.", fruit=term(fruit)),
                    display(st.piece))
    return say(state, Msg("{name} stays {where} without activating it.", name=named(st.piece),
                          where=on_words(state, st.space)))


def _activate(state: State, st: Step) -> State:
    name, who = st.piece, named(st.piece)
    p = piece(state, name)
    seat = p.seat
    sp = layout.space(state.island, st.space)
    if sp.kind == "fruit":
        b = board(state, seat)
        if characters.new_to_hempel(b, sp.value):
            palms = characters.free_palms(b)
            return ask(state, seat, "palm", Msg("Which bonus does the {fruit} go under?", fruit=term(sp.value)),
                       tuple(b.bonuses[i][0] for i in palms), evolve(st, value=sp.value))
        return characters.obtain_fruit(state, seat, sp.value)
    if sp.kind == "camp":
        options = (("2 energy",) if character_of(state, name) == characters.GRANDDEAD
                   else ("2 health", "2 energy", "1 health and 1 energy"))
        return ask(state, seat, "camp", Msg("You rest at the camp: what do you regenerate?"), options, st)
    if sp.kind == "oracle":
        dirs = ("NW", "NE", "E", "SE", "SW", "W")  # the order of the compass on the board
        options = ("none",) + dirs + tuple(f"{a} {b}" for a, b in combinations(dirs, 2))
        return ask(state, seat, "oracle", Msg("Choose up to two directions."), options, st)
    if sp.kind == "mirage":
        state = say(state, Msg("{who}, the mirage makes you lose 1 health point.", who=who))
        return characters.hurt(state, name, health=1)
    if sp.kind == "knot":
        if st.moving is None:  # no side it came in through: every arrow is possible
            return ask(state, OP, "arrow", Msg("Which arrow does {who} follow?", who=who), geo.DIRECTIONS, st)
        exit_dir = layout.knot_exit(state.island, st.space, st.moving)
        state = say(state, Msg("{who}, you move along the arrow.", who=who))
        return push(state, _onward(state, st, st.space, exit_dir, "auto"))
    if sp.kind == "portal":
        if state.in_force == "hurricane":
            others = tuple(s for s in layout.find(state.island, "portal") if s != st.space)
            return ask(state, OP, "portal", Msg("Hurricane: which portal does the piece come out of?"),
                       others, st)
        return _through_portal(state, st, layout.portal_twin(state.island, st.space))
    if sp.kind == "lake":
        state = set_piece(state, name, lying=True)
        return say(state, Msg("{who}, you're lying on your side in {place}.", who=who,
                              place=space_words(state, st.space)))
    return _anomaly(state, st)


def _through_portal(state: State, st: Step, exit_space: str) -> State:
    same = layout.space(state.island, exit_space).value == layout.space(state.island, st.space).value
    # the Hurricane may lead to a portal of another number; "You're on Portal 3" was said on
    # arriving (p.12's one sentence, told once): now the move
    name, place = named(st.piece), space_words(state, exit_space)
    state = say(state, Msg("{name}, I'm moving you to another {place}.", name=name, place=place) if same
                else Msg("{name}, I'm moving you to {place}.", name=name, place=place))
    return push(state, Step("arrive", piece=st.piece, space=exit_space, safe=st.safe,
                            activation="none", value="portal exit"))


def _onward(state: State, st: Step, start: str, direction: str, activation: str) -> Step:
    """The step for a piece carried from `start` in `direction`: a space, or the ocean."""
    nxt = geo.step(start, direction)
    if nxt is None:
        return Step("ocean", piece=st.piece, space=start, moving=direction, safe=st.safe,
                    parts=geo.parts_entered(start, direction), origins=(start,))
    return Step("arrive", piece=st.piece, space=nxt, moving=direction, safe=st.safe,
                activation=activation)


def _anomaly(state: State, st: Step) -> State:
    token = catalog.anomaly_tokens()[anomaly_at(state, st.space)]
    name, who = st.piece, named(st.piece)
    effect = token["effect"]
    if effect == "lose_health":
        state = say(state, Msg("{who}, you lose 1 health point.", who=who))
        return characters.hurt(state, name, health=1)
    if effect == "lose_energy":
        state = say(state, Msg("{who}, you lose 1 energy point.", who=who))
        return characters.hurt(state, name, energy=1)
    if effect == "lose_fruit":
        b = board(state, piece(state, name).seat)
        circled = tuple(f for f, s in b.fruits if s == "circled")
        return ask(state, OP, "fruit_loss", Msg("Which of {whose} circled fruits is crossed out?",
                                                whose=whose(name)),
                   circled, st)
    if effect == "op_action":
        which = token["piece"]
        on_map = state.wave if which == "Wave" else op_piece_space(state, which)
        if on_map is None:
            return say(state, Msg("The {which} is not on the map: nothing happens.", which=term(which)))
        state = say(state, Msg("I take one action with the {which} now.", which=term(which)))
        return evolve(state, interrupt=which,
                       pending=Pending(OP, "op_action", Msg("Take one action with the {which}, or pass.",
                                                            which=term(which)),
                                       ("pass",), st))
    if effect == "to_fruit":
        return ask(state, OP, "to_space", Msg("Which fruit space does {who} go to?", who=who),
                   tuple(layout.find(state.island, "fruit")), st)
    if effect == "to_lake":
        return ask(state, OP, "to_space", Msg("Which lake space does {who} go to?", who=who),
                   tuple(layout.find(state.island, "lake")), st)
    if effect == "to_adjacent":
        return ask(state, OP, "direction", Msg("Which adjacent space does {who} go to?", who=who),
                   tuple(geo.neighbours(st.space)), st)
    exits = (layout.escher_like_exits(state.island, st.space, token, st.moving)
             if st.moving else geo.DIRECTIONS)
    return ask(state, OP, "arrow", Msg("Which arrow does {who} follow?", who=who), exits, st)


def _camp(state: State, st: Step, option: str) -> State:
    health, energy = {"2 health": (2, 0), "2 energy": (0, 2), "1 health and 1 energy": (1, 1)}[option]
    state = say(state, Msg("I regenerate {what}.", what=term(option)), display(st.piece))
    return characters.heal(state, st.piece, health=health, energy=energy)


def _oracle(state: State, st: Step, option: str) -> State:
    if option == "none":
        return state
    dirs = option.split()
    # "Northwest and east.": the first word as a sentence begins
    asked = Listed([term(geo.DIRECTION_WORDS[d].capitalize()) if i == 0 else geo.towards(d)
                    for i, d in enumerate(dirs)], sep=" and ")
    state = say(state, Msg("{words}.", words=asked), display(st.piece))
    parts = []
    for d in dirs:
        nxt = geo.step(st.space, d)
        what = Msg("the ocean") if nxt is None else space_words(state, nxt)
        parts.append(Msg("To the {direction} is {what}.", direction=geo.towards(d), what=what))
    return say(state, Listed(parts, sep=" "))


def _palm(state: State, st: Step, option: str) -> State:
    seat = piece(state, st.piece).seat
    b = board(state, seat)
    index = next(i for i in characters.free_palms(b) if b.bonuses[i][0] == option)
    return characters.obtain_fruit(state, seat, st.value, palm=index)


def _fruit_loss(state: State, st: Step, option: str) -> State:
    seat = piece(state, st.piece).seat
    state = say(state, Msg("{name}, cross out the {fruit}.", name=named(st.piece), fruit=term(option)))
    return characters.set_fruit(state, seat, option, "crossed")


def _to_space(state: State, st: Step, option: str) -> State:
    state = say(state, Msg("{name}, I'm moving you.", name=named(st.piece)))
    return push(state, Step("arrive", piece=st.piece, space=option, safe=st.safe, activation="op"))


def _direction(state: State, st: Step, option: str) -> State:
    state = say(state, Msg("{name}, I'm moving you {direction}.", name=named(st.piece),
                           direction=geo.towards(option)))
    return push(state, _onward(state, st, st.space, option, "op"))


def _arrow(state: State, st: Step, option: str) -> State:
    state = say(state, Msg("{name}, you follow an arrow.", name=named(st.piece)))
    return push(state, _onward(state, st, st.space, option, "op"))


def _portal(state: State, st: Step, option: str) -> State:
    return _through_portal(state, st, option)


# ---------------------------------------------------------------- the ocean

def _ocean(state: State, st: Step) -> State:
    name, who = st.piece, named(st.piece)
    seat = piece(state, name).seat
    state = _pushed(state, st)
    state = set_piece(state, name, lying=False)
    with_wave = state.wave is not None and state.wave in st.parts
    state = say(state, Msg("{who}, you are in the ocean with the Wave.", who=who) if with_wave
                else Msg("{who}, you are in the ocean.", who=who))
    b = board(state, seat)
    if b.character == "achilles":
        counted = {s for _, s in b.mission}
        corners = [o for o in st.origins if o in geo.CORNERS and o not in counted]
        if corners:
            state = characters.count(state, seat, Msg("a corner"), corners[0])
            if state.phase == "over":
                return state
    if with_wave:
        if st.safe:
            state = scare_off(state, name, "Wave")
        elif "Wave" in board(state, seat).called_off:
            state = say(state, Msg("{name} has called off the {which}: it cannot attack.", name=who,
                                   which=term("Wave")))
        else:  # the rulebook's words (p.14)
            state = say(state, Msg("It attacks you: lose 1 health point."))
            state = characters.hurt(state, name, health=1)
        if state.phase == "over" or piece(state, name).space is None:
            return state
    if character_of(state, name) == "phil":
        return ask(state, seat, "phil_ocean", Msg("Leave the ocean to the opposite space, or return "
                       "to your starting fruit?"), ("return to the starting fruit",
                                               "move to the opposite space"), st)
    return push(state, Step("return_fruit", piece=name))


def _phil_ocean(state: State, st: Step, option: str) -> State:
    if option == "return to the starting fruit":
        return push(state, Step("return_fruit", piece=st.piece))
    state = say(state, Msg("I leave the ocean to the opposite space."), display(st.piece))
    far = geo.far_side(st.space, st.moving)
    return push(state, Step("arrive", piece=st.piece, space=far, moving=st.moving, safe=False,
                            activation="auto"))


def _return_fruit(state: State, st: Step) -> State:
    p = piece(state, st.piece)
    who = named(st.piece)
    state = say(state, Msg("{who}, remind me, what's your starting fruit?", who=who))
    state = say(state, Msg("{words}.", words=term(p.starting_fruit.capitalize())), display(st.piece))
    target = layout.find(state.island, "fruit", p.starting_fruit)[0]
    state = set_piece(state, st.piece, space=target, lying=False)
    state = say(state, Msg("{who}, you're back on the {fruit}.", who=who, fruit=term(p.starting_fruit)))
    here = pieces_at(state, target, but=st.piece)
    # no interaction here: even the Bush cannot attack (rulebook p.14)
    return say(state, also_here(here)) if here else state


# ---------------------------------------------------------------- perishing, end of turn

def _revive(state: State, st: Step) -> State:
    seat = piece(state, st.piece).seat
    return ask(state, seat, "revive", Msg("You are revived: at Camp A or Camp B?"), ("A", "B"), st)


def _revive_choice(state: State, st: Step, option: str) -> State:
    p = piece(state, st.piece)
    camp = layout.find(state.island, "camp", option)[0]
    state = set_piece(state, p.name, space=camp, lying=False, revivals=p.revivals + 1)
    energy = characters.revived_energy(state, p.name)
    state = set_piece(state, p.name, health=p.max_health, energy=energy, max_energy=energy)
    state = say(state, Msg("{who} is revived at Camp {camp} with full health and energy.", who=named(p.name),
                           camp=option))
    here = pieces_at(state, camp, but=p.name)
    return say(state, also_here(here)) if here else state


def return_options(state: State, which: str) -> tuple:
    if which == "Wave":
        return geo.OCEAN_PARTS
    kind = "anomaly" if which == "Rock" else "fruit"
    return tuple(s for s in layout.find(state.island, kind) if not occupied(state, s))


def occupied(state: State, space: str) -> bool:
    lake = layout.lake_of(state.island, space) or (space,)
    return (any(p.space in lake for p in state.pieces)
            or state.rock in lake or state.bush in lake)


def _op_return(state: State, st: Step) -> State:
    options = return_options(state, st.value)
    if not options:  # nowhere free: it stays off the map until a later turn ends
        return evolve(state, returns=state.returns + (st.value,))
    return ask(state, OP, "op_return", Msg("Where does the {which} return?", which=term(st.value)), options, st)


def _op_return_choice(state: State, st: Step, option: str) -> State:
    field = st.value.lower()
    state = evolve(state, **{field: option})
    state = log(state, Msg("the {which} came back on {place}.", which=term(st.value), place=option))
    return say(state, Msg("The {which} is back on the map.", which=term(st.value)))


def _op_action_pass(state: State, st: Step, option: str) -> State:
    return say(state, Msg("I pass."))


STEPS = {
    "arrive": _arrive,
    "activate": _activate,
    "ocean": _ocean,
    "return_fruit": _return_fruit,
    "revive": _revive,
    "op_return": _op_return,
    "granddead": _granddead_offer,
    "achilles": _achilles_offer,
    "offer_activation": _offer_activation,
    "thorns": _thorns,
}

CHOICES = {
    "activate": _activation_choice,
    "camp": _camp,
    "oracle": _oracle,
    "palm": _palm,
    "fruit_loss": _fruit_loss,
    "to_space": _to_space,
    "direction": _direction,
    "arrow": _arrow,
    "portal": _portal,
    "phil_ocean": _phil_ocean,
    "revive": _revive_choice,
    "op_return": _op_return_choice,
    "achilles": _achilles,
    "granddead": _granddead_choice,
    "op_action": _op_action_pass,
    "thorns": _thorns_choice,
}
