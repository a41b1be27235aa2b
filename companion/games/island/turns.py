"""Setting up (p.4-7, two players p.19) and the order of turns, with the OP's power tokens (p.15).

Phases: island (the OP lays the tiles) -> pieces (Wave, Rock, Bush) -> fruits (each captive's
starting fruit, from the captive on the OP's right going counter-clockwise) -> play -> over.
Setup options can fill in any phase at once, which is how the rulebook's examples are laid out.
"""
from __future__ import annotations

from ..base import IllegalMove, chance, evolve
from ...i18n import Listed, Msg, term
from . import board as geo
from . import building, catalog, characters, layout, resolve
from .moves import ChooseStartingFruit, EndTurn, PlaceOpPieces
from .state import (OP, Piece, State, Step, board, display, log, named, piece, pieces_of, say, whose,
                    set_board, set_piece)

RECOMMENDED = ("hempel", "theseus", "schrodie", "phil")  # for new players (p.6)
# the new-game form's captives, (name, words): the recommended first, then the rest of the catalog's
CHARACTERS = tuple((c, c.capitalize()) for c in dict.fromkeys(RECOMMENDED + tuple(catalog.characters())))


def setup(options: dict | None = None, seed: int = 0) -> State:
    """A new game. Options (all optional):

    players           2-4, the OP included (default: one more than the characters, else 4)
    characters        the captives' characters for seats 1..n, e.g. ["phil", "hempel"]
    second_piece      two-player game: the second piece (default: drawn from the seed)
    character_stats   {"phil": {"health": 5, "energy": 3, "bonuses": [...]}} over the catalog
    island            "random" or a list of placements "<tile> <space> <turns>"; without it the
                      game starts with the OP's BuildIsland / RandomIsland move
    anomalies         {space: token id} instead of drawing 5 of the 10 tokens
    wave, rock, bush  the OP's pieces (an ocean part, an anomaly space, a fruit space)
    starting_fruits   {piece: fruit}; hempel_palm: the bonus for Hempel's starting fruit
    power_tokens      the stack's order, top first, instead of shuffling it
    kept              what the last game kept (`keep`): the group's printing and its island
    """
    options = dict(options or {})
    known = set(catalog.characters())
    chosen = list(options.get("characters") or [])
    players = options.get("players") or (len(chosen) + 1 if chosen else 4)
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise IllegalMove(Msg("Paradox Island is for 2 to 4 players (the OP and 1 to 3 captives)"))
    chosen = chosen or list(RECOMMENDED[:players - 1])
    if len(chosen) != players - 1:
        raise IllegalMove(Msg("{players} players need {captives} captive characters", players=players,
                              captives=players - 1))
    for c in chosen:
        if c not in known:
            raise IllegalMove(Msg("there is no character {name!r}; choose from {names}", name=c,
                                  names=Listed(map(named, sorted(known)), sep=", ")))
    if len(set(chosen)) != len(chosen):
        raise IllegalMove(Msg("each captive plays a different character"))
    overrides = options.get("character_stats") or {}
    boards, pieces = [], []
    for seat, character in enumerate(chosen, start=1):
        boards.append(characters.new_board(seat, character, overrides.get(character)))
        names = [character]
        if players == 2:  # one board, two pieces (p.19)
            second = options.get("second_piece")
            if second is None:
                rest = sorted(known - {character})
                second = rest[chance(seed, "second piece").randrange(len(rest))]
            if second not in known or second == character:
                raise IllegalMove(Msg("the second piece is another character's piece"))
            names.append(second)
        health, energy = characters.stats(character, overrides.get(character))
        for name in names:
            pieces.append(Piece(name=name, seat=seat, space=None, lying=False, health=health,
                                energy=energy, max_health=health, max_energy=energy,
                                starting_fruit=None))
    stack = list(catalog.power_tokens())
    if options.get("power_tokens"):  # a known order, e.g. to replay a real table's stack
        if sorted(options["power_tokens"]) != sorted(stack):
            raise IllegalMove(Msg("the power tokens are {tokens}, each once", tokens=Listed(stack, sep=", ")))
        stack = list(options["power_tokens"])
    else:
        chance(seed, "power tokens").shuffle(stack)
    state = State(players=players, seed=seed, phase="island", island=None, anomalies=(),
                  pieces=tuple(pieces), boards=tuple(boards), stack=tuple(stack),
                  perish_goal=catalog.perishes_to_win(players))
    printing, last = building.from_kept(options.get("kept"))
    state = evolve(state, printing=printing, last_island=last)
    island = options.get("island")
    if island is not None:
        placements = (layout.random_placements(chance(seed, "island"), printing=printing)
                      if island == "random" else island)
        state = building.finish(state, layout.build(placements, printing), options.get("anomalies"))
    if state.phase == "pieces" and options.get("wave") is not None:
        state = _place_op_pieces(state, options["wave"], options.get("rock"), options.get("bush"))
    if state.phase == "fruits" and options.get("starting_fruits"):
        fruits = options["starting_fruits"]
        palms = options.get("hempel_palm")
        for seat, name in fruit_order(state):
            if name not in fruits:
                raise IllegalMove(Msg("no starting fruit given for {piece}", piece=named(name)))
            state = choose_fruit(state, ChooseStartingFruit(seat, fruits[name], name, palms))
    return state


def _place_op_pieces(state: State, wave: str, rock: str | None, bush: str | None) -> State:
    if wave not in geo.OCEAN_PARTS:
        raise IllegalMove(Msg("the Wave goes on a part of the ocean: {parts}", parts=Listed(geo.OCEAN_PARTS, sep=", ")))
    if rock not in layout.find(state.island, "anomaly"):
        raise IllegalMove(Msg("the Rock goes on an anomaly space"))
    if bush not in layout.find(state.island, "fruit"):
        raise IllegalMove(Msg("the Bush goes on a fruit space"))
    state = evolve(state, wave=wave, rock=rock, bush=bush, phase="fruits")
    fruit = layout.space(state.island, bush).value
    state = log(state, Msg("the Wave went into the {part} ocean, the Rock on {rock}, the Bush on {bush}.",
                           part=term(wave), rock=rock, bush=bush))
    return say(state, Msg("The Bush is on the {fruit}.", fruit=term(fruit)))


def place_op_pieces(state: State, m: PlaceOpPieces) -> State:
    if state.phase != "pieces":
        raise IllegalMove(Msg("the OP's pieces are placed once, after the island is built"))
    if m.seat != OP:
        raise IllegalMove(Msg("only the OP places the Wave, the Rock and the Bush"))
    return _place_op_pieces(state, m.wave, m.rock, m.bush)


def fruit_order(state: State) -> list[tuple[int, str]]:
    """Who chooses a starting fruit, in order: from the OP's right, counter-clockwise."""
    return [(p.seat, p.name) for seat in reversed(range(1, state.players))
            for p in pieces_of(state, seat)]


def choose_fruit(state: State, m: ChooseStartingFruit) -> State:
    if state.phase != "fruits":
        raise IllegalMove(Msg("starting fruits are chosen during setup, after the OP's pieces are placed"))
    waiting = [(s, n) for s, n in fruit_order(state) if piece(state, n).starting_fruit is None]
    seat, name = waiting[0]
    if m.seat != seat or (m.piece is not None and m.piece != name):
        raise IllegalMove(Msg("{piece} chooses a starting fruit first", piece=named(name)))
    if m.fruit not in catalog.fruits():
        raise IllegalMove(Msg("{fruit!r} is not a fruit: {fruits}", fruit=m.fruit,
                              fruits=Listed(map(term, catalog.fruits()), sep=", ")))
    space = layout.find(state.island, "fruit", m.fruit)[0]
    if resolve.occupied(state, space):
        raise IllegalMove(Msg("another piece is on the {fruit}: choose another fruit", fruit=term(m.fruit)))
    state = set_piece(state, name, space=space, starting_fruit=m.fruit)
    b = board(state, seat)
    # the OP marks the starting fruit on the board; in the two-player game only the first (p.19)
    known = b.known + (((space, m.fruit),) if name == b.character else ())
    state = set_board(state, seat, known=known, visited_fruits=b.visited_fruits + (m.fruit,))
    palm = None
    if b.character == "hempel":
        effects = [e for e, _, _, _ in b.bonuses]
        free = characters.free_palms(b)
        palm = effects.index(m.bonus) if m.bonus in effects else free[0]
        if palm not in free:
            raise IllegalMove(Msg("that bonus has no empty palm box left"))
        state = set_board(state, seat, palms=b.palms + ((m.fruit, palm),))
    state = characters.set_fruit(state, seat, m.fruit, "circled")
    state = say(state, Msg("My starting fruit is the {fruit}.", fruit=term(m.fruit)), display(name))
    if len(waiting) == 1:
        state = evolve(state, phase="play", turn=1, actions=2, acting=_first_piece(state, 1))
        state = say(state, Msg("{name} begins.", name=named(board(state, 1).character)))
    return state


def _first_piece(state: State, seat: int) -> str | None:
    return pieces_of(state, seat)[0].name if state.players > 2 else None


# ---------------------------------------------------------------- the order of turns

def end_turn(state: State, m: EndTurn) -> State:
    if state.phase != "play":
        raise IllegalMove(Msg("the game is not under way"))
    if m.seat != state.turn:
        raise IllegalMove(Msg("only the player whose turn it is can end it"))
    if state.pending is not None:
        raise IllegalMove(Msg("first: {prompt}", prompt=state.pending.prompt))
    who = "The OP" if m.seat == OP else display(board(state, m.seat).character)
    state = say(state, Msg("I end my turn."), "OP" if m.seat == OP else who)
    revive = sorted(state.revive, key=lambda n: piece(state, n).seat)
    steps = ([Step("op_return", value=w) for w in state.returns]
             + [Step("revive", piece=n) for n in revive] + [Step("next_turn")])
    state = evolve(state, returns=(), revive=(), agenda=tuple(steps) + state.agenda)
    return resolve.run(state)


def _next_turn(state: State, st: Step) -> State:
    captives = state.players - 1
    nxt = OP if state.turn == captives else (1 if state.turn == OP else state.turn + 1)
    state = evolve(state, turn=nxt, trails=(), finished=(), interrupt=None,
                    wave_attacked=() if state.turn == OP else state.wave_attacked,
                    round=state.round + (nxt == 1))
    if nxt != OP:
        state = set_board(state, nxt, called_off=())  # Phil's call-off ends as his turn starts
        state = evolve(state, actions=2, acting=_first_piece(state, nxt))
        return say(state, Msg("{whose} turn.", whose=whose(board(state, nxt).character)))
    # an attack made in a captive's turn (an anomaly's Wave action) still counts until the end
    # of this turn: "cannot attack that captive again until the end of OP's turn" (p.16)
    state = evolve(state, actions=3, acting=None)
    stack = state.stack + ((state.in_force,) if state.in_force else ())
    drawn, rest = stack[:2], stack[2:]
    state = evolve(state, stack=rest, in_force=None)
    state = say(state, Msg("My turn. I draw two power tokens."))
    return resolve.ask(state, OP, "power_token", Msg("Keep one power token; the other goes under the stack."),
                       drawn, Step("power_token", parts=drawn))


def _power_token(state: State, st: Step, option: str) -> State:
    other = tuple(t for t in st.parts if t != option)
    token = catalog.power_tokens()[option]
    state = evolve(state, in_force=option, stack=state.stack + other)
    return say(state, Msg("The power token in force is {name}: {text}", name=term(token["name"]),
                          text=term(token["text"])))


resolve.STEPS["next_turn"] = _next_turn
resolve.CHOICES["power_token"] = _power_token
