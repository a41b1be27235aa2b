"""Paradominetor: a trick-taking game of time paradoxes, for 3 to 5 players.

Rules: shared/rules/paradominetor.txt. Decisions the rulebook leaves open: docs/rulings.md.
Pure: state + move -> new state + events; no clock, no I/O, randomness only from the seed.

Two ways to set up, one game:
- at a real table (the default) the companion never knows the hands. Tiles arrive as the camera
  reads them: the face (colour and value) only, unless the timeframe is already known (a record).
  Following cannot be enforced, but a revoke is recorded once a later play proves it.
- with `deal: true` the companion deals from the seed and knows every hand; plays must come from
  the hand and following is enforced. Each seat first passes one tile of each timeframe.
"""
from __future__ import annotations

from dataclasses import dataclass

from itertools import product

from ...i18n import Listed, Msg, Plural, own_word, term
from ..base import Event, IllegalMove, accepted, chance, evolve
from .moves import (GameOver, FlipRequested, Pass, Play, Reveal, RevokeFound, TileFlipped,
                    TilePlayed, TilesPassed, TrickWon, move_from_dict)
from .tiles import (BLACK, COLOURS, TIMEFRAMES, TRICKS, NoSuchTile, Tile, _exists_as,
                    parse_tile, tile_set, timeframes_of)

NAME = "paradominetor"


def seat_name(state, seat: int) -> str:
    return state.names[seat]


@dataclass(frozen=True)
class Placed:
    """A tile in a trick, as the rules know it."""
    seat: int
    tile: Tile
    declare: str | None = None
    flipped: bool = False  # turned over for a paradox: its timeframe is public


@dataclass(frozen=True)
class TrickResult:
    number: int
    lead: int
    plays: tuple  # Placed, in play order
    winners: tuple
    points: tuple  # ((seat, points), ...) in play order
    paradox: str | None  # "yellow 1", "black 0"
    next_lead: int
    reason: str


@dataclass(frozen=True)
class State:
    seats: int
    colours: tuple
    names: tuple
    seed: int
    dealt: bool
    pass_right: bool
    lead: int
    phase: str  # "pass" | "play" | "flip" | "over"
    hands: tuple | None = None  # dealt games: per seat, a tuple of Tiles
    passes: tuple | None = None  # dealt games, pass phase: per seat, the tiles chosen or None
    trick: tuple = ()  # Placed, in play order
    done: tuple = ()  # TrickResult
    scores: tuple = ()
    halves: tuple = ()  # 0.5-point tricks per seat
    voids: tuple = ()  # (seat, colour, trick number): a seat that could not follow, by its own play
    revokes: tuple = ()  # (seat, colour, trick, earlier trick)

    @property
    def number(self) -> int:
        """The trick being played, from 1."""
        return len(self.done) + 1

    @property
    def to_play(self) -> int | None:
        if self.phase != "play":
            return None
        return (self.lead + len(self.trick)) % self.seats


def setup(options: dict | None = None, seed: int = 0) -> State:
    options = dict(options or {})
    seats = options.pop("seats", 4)
    if not isinstance(seats, int) or not 3 <= seats <= 5:
        raise IllegalMove(Msg("Paradominetor is for 3, 4 or 5 players"))
    colours = options.pop("colours", None) or COLOURS[:seats]
    if not isinstance(colours, (list, tuple)) or not all(isinstance(c, str) for c in colours) \
            or len(colours) != seats or len(set(colours)) != seats or not set(colours) <= set(COLOURS):
        raise IllegalMove(Msg("choose {seats} different colours from {colours}", seats=seats,
                              colours=Listed([term(c) for c in COLOURS], sep=", ")))
    names = tuple(options.pop("names", None) or (f"P{s + 1}" for s in range(seats)))
    if len(names) != seats or not all(isinstance(n, str) and n.strip() for n in names):
        raise IllegalMove(Msg("give {seats} seat names", seats=seats))
    lead = options.pop("first_lead", 0)
    if not isinstance(lead, int) or not 0 <= lead < seats:
        raise IllegalMove(Msg("the first lead is a seat from 0 to {last}", last=seats - 1))
    dealt = options.pop("deal", False)
    if not isinstance(dealt, bool):
        raise IllegalMove(Msg("deal is true (the companion deals) or false (a real table)"))
    variant = options.pop("variant", "standard")
    if variant not in ("standard", "advanced"):
        raise IllegalMove(Msg("the variant is standard (pass left) or advanced (pass right)"))
    pass_right = variant == "advanced"
    if options:
        raise IllegalMove(Msg("Paradominetor has no option {options}", options=Listed(sorted(options), sep=", ")))
    state = State(seats=seats, colours=colours, names=tuple(n if n == n.strip() else n.strip() for n in names), seed=seed,
                  dealt=dealt, pass_right=pass_right, lead=lead, phase="play",
                  scores=(0.0,) * seats, halves=(0,) * seats)
    if dealt:
        state = evolve(state, hands=_deal(colours, seats, seed), passes=(None,) * seats,
                        phase="pass")
    return state


def _sorted_hand(tiles) -> tuple:
    """A hand in rows by timeframe, as the rulebook suggests; black 0s end the past row."""
    order = COLOURS + (BLACK,)
    return tuple(sorted(tiles, key=lambda t: (TIMEFRAMES.index(t.timeframe), order.index(t.colour), t.value)))


def _deal(colours, seats, seed) -> tuple:
    """Five tiles from each shuffled timeframe deck to every seat."""
    hands = [[] for _ in range(seats)]
    for tf in TIMEFRAMES:
        deck = sorted(t for t in tile_set(colours) if t.timeframe == tf)
        chance(seed, "deal", tf).shuffle(deck)
        for s in range(seats):
            hands[s].extend(deck[s * 5:(s + 1) * 5])
    return tuple(_sorted_hand(h) for h in hands)


# ---------------------------------------------------------------- apply

def apply(state: State, move) -> tuple[State, list[Event]]:
    if isinstance(move, dict):
        move = move_from_dict(move)
    seat = getattr(move, "seat", None)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.seats:
        raise IllegalMove(Msg("there is no seat {seat!r} at this table", seat=getattr(move, 'seat', None)))
    if state.phase == "over":
        raise IllegalMove(Msg("the game is over: all fifteen tricks have been played"))
    if isinstance(move, Pass):
        return _pass(state, move)
    if isinstance(move, Play):
        return _play(state, move)
    if isinstance(move, Reveal):
        return _reveal(state, move)
    raise IllegalMove(Msg("Paradominetor has no move {move}", move=type(move).__name__))


def _pass(state: State, move: Pass):
    if state.phase != "pass":
        raise IllegalMove(Msg("tiles are passed only before the first trick of a dealt game"))
    name = seat_name(state, move.seat)
    if state.passes[move.seat] is not None:
        raise IllegalMove(Msg("{name} has already passed tiles", name=name))
    if not isinstance(move.tiles, (tuple, list)):
        raise IllegalMove(Msg("{name} passes a list of three tiles", name=name))
    tiles = [parse_tile(t) for t in move.tiles]
    if sorted(t.timeframe or "" for t in tiles) != sorted(TIMEFRAMES):
        raise IllegalMove(Msg("{name} must pass exactly one past, one present and one future tile", name=name))
    hand = list(state.hands[move.seat])
    for t in tiles:
        if t not in hand:
            raise IllegalMove(Msg("{name} does not hold {tile}", name=name, tile=str(t)))
        hand.remove(t)
    passes = list(state.passes)
    passes[move.seat] = tuple(tiles)
    state = evolve(state, passes=tuple(passes))
    if any(p is None for p in passes):
        return state, []
    step = -1 if state.pass_right else 1
    hands = [list(h) for h in state.hands]
    for giver, given in enumerate(passes):
        for t in given:
            hands[giver].remove(t)
            hands[(giver + step) % state.seats].append(t)
    state = evolve(state, hands=tuple(_sorted_hand(h) for h in hands), passes=None, phase="play")
    return state, [TilesPassed(state.pass_right)]


def _in_play(state: State) -> set[str]:
    """Colours a later player must follow: every colour played so far (a black lead as declared)."""
    colours = {p.tile.colour for p in state.trick if p.tile.colour != BLACK}
    if state.trick and state.trick[0].declare:
        colours.add(state.trick[0].declare)
    return colours


def _play(state: State, move: Play):
    if state.phase == "pass":
        raise IllegalMove(Msg("every seat must pass its three tiles before the first trick"))
    if state.phase == "flip":
        waiting = Listed([seat_name(state, s) for s in _awaiting_flip(state)], sep=", ")
        raise IllegalMove(Msg("first the paradox tiles must be flipped: waiting for {names}", names=waiting))
    name = seat_name(state, move.seat)
    if move.seat != state.to_play:
        raise IllegalMove(Msg("it is {turn}'s turn, not {name}'s", turn=seat_name(state, state.to_play), name=name))
    try:
        tile = parse_tile(move.tile)
    except NoSuchTile as refusal:  # said of the player: "P3 played red-6-past, which does not exist: ..."
        raise IllegalMove(Msg("{name} played {tile}, which does not exist: {reason}", name=name,
                              tile=move.tile, reason=refusal.reason)) from None
    if tile.colour != BLACK and tile.colour not in state.colours:
        raise IllegalMove(Msg("{name} played {tile}, which does not exist: {colour} is not in this game",
                              name=name, tile=move.tile, colour=term(tile.colour)))
    leading = not state.trick
    declare = move.declare
    if isinstance(declare, str):
        declare = own_word(declare, COLOURS) or None  # a blank form field declares nothing
    if tile.colour == BLACK and leading:
        if declare not in state.colours:
            raise IllegalMove(Msg("{name} leads black and must declare a colour in play: {colours}", name=name,
                                  colours=Listed([term(c) for c in state.colours], sep=", ")))
    elif declare is not None:
        raise IllegalMove(Msg("{name} cannot declare a colour: only a black tile that leads declares one",
                              name=name))
    if state.dealt:
        tile = _from_hand(state, move.seat, tile)
    _check_unplayed(state, tile, name, move.tile)

    must = _in_play(state)
    events = [TilePlayed(move.seat, name, tile.face if tile.colour != BLACK else "black-0", declare)]
    voids, revokes = state.voids, state.revokes
    if tile.colour != BLACK and must and tile.colour not in must:
        if state.dealt and any(t.colour in must for t in state.hands[move.seat]):
            colours = [term(c) for c in sorted(must)]
            raise IllegalMove(Plural("{name} must follow {colours}: {played} was played",
                                     "{name} must follow {colours}: {played} were played", len(must), name=name,
                                     colours=Listed(colours, sep=" or "), played=Listed(colours, sep=" and ")))
        voids += tuple((move.seat, c, state.number) for c in sorted(must))
    if tile.colour != BLACK:
        # The tile was in the hand all along: every earlier trick this seat left the colour in was
        # a revoke. Each is announced once; later plays of the colour prove nothing new.
        proven = sorted({earlier for seat, colour, earlier in state.voids
                         if seat == move.seat and colour == tile.colour})
        for earlier in proven:
            revokes += ((move.seat, tile.colour, state.number, earlier),)
            events.append(RevokeFound(move.seat, name, state.number, tile.colour, earlier))
        voids = tuple(v for v in voids if not (v[0] == move.seat and v[2] in proven))
    hands = state.hands
    if state.dealt:
        hand = list(hands[move.seat])
        hand.remove(tile)
        hands = hands[:move.seat] + (tuple(hand),) + hands[move.seat + 1:]
    state = evolve(state, trick=state.trick + (Placed(move.seat, tile, declare),),
                    voids=voids, revokes=revokes, hands=hands)
    if len(state.trick) < state.seats:
        return state, events
    return _close_trick(state, events)


def _from_hand(state: State, seat: int, tile: Tile) -> Tile:
    name = seat_name(state, seat)
    held = [t for t in state.hands[seat] if t.colour == tile.colour and t.value == tile.value]
    if tile.timeframe is not None or tile.colour == BLACK:
        held = [t for t in held if t.timeframe == tile.timeframe]
    if not held:
        raise IllegalMove(Msg("{name} does not hold {tile}", name=name, tile=str(tile)))
    held = list(dict.fromkeys(held))  # two black 0s are the same tile
    if len(held) > 1:
        raise IllegalMove(Msg("{name} holds {tiles}: say which one", name=name,
                              tiles=Listed([str(t) for t in held], sep=" and ")))
    return held[0]


def _all_placed(state: State):
    for result in state.done:
        yield from result.plays
    yield from state.trick


def _check_unplayed(state: State, tile: Tile, name: str, text: str):
    """A tile that does not exist in this game, or was already played, is refused."""
    same = [p.tile for p in _all_placed(state)
            if p.tile.colour == tile.colour and p.tile.value == tile.value]
    if tile.colour == BLACK:
        if len(same) >= state.seats:
            raise IllegalMove(Msg("{name} played black-0, but all {count} black tiles are already played",
                                  name=name, count=state.seats))
        return
    options = timeframes_of(tile.colour, tile.value)
    if tile.timeframe is not None and tile.timeframe in {t.timeframe for t in same}:
        raise IllegalMove(Msg("{name} played {tile}, which was already played", name=name, tile=text))
    if len(same) >= len(options):
        raise IllegalMove(Msg("{name} played {tile}, but every {face} ({timeframes}) is already played",
                              name=name, tile=text, face=tile.face,
                              timeframes=Listed([term(o) for o in options], sep=", ")))


def _paradoxes(trick) -> dict:
    """(colour, value) -> plays, for every group of two or more equal tiles; a lead black is black."""
    groups: dict = {}
    for p in trick:
        groups.setdefault((p.tile.colour, p.tile.value), []).append(p)
    return {k: v for k, v in groups.items() if len(v) > 1}


def _winning_paradox(trick):
    groups = _paradoxes(trick)
    if not groups:
        return None
    # docs/rulings.md (b), (h): a colour ranks by its first tile anywhere in the trick, paradox or
    # not; a black lead is black (played first), whatever it declared.
    first_seen: dict = {}
    for i, p in enumerate(trick):
        first_seen.setdefault(p.tile.colour, i)
    key = min(groups, key=lambda cv: (first_seen[cv[0]], -cv[1]))
    return key, groups[key]


def _best_single(trick) -> Placed:
    """The highest on-colour tile; a black lead is a 0 of its declared colour."""
    lead = trick[0]
    colour = lead.declare or lead.tile.colour
    on_colour = ([lead] if lead.declare else []) + [p for p in trick if p.tile.colour == colour]
    return max(on_colour, key=lambda p: p.tile.value)


def strongest(state: State) -> tuple[str | None, tuple[int, ...]]:
    """Who would win the trick if it ended now: the paradox ("red 3") or None, and the seats."""
    if not state.trick:
        return None, ()
    found = _winning_paradox(state.trick)
    if found is None:
        return None, (_best_single(state.trick).seat,)
    (colour, value), plays = found
    return f"{colour} {value}", tuple(p.seat for p in plays)


def _awaiting_flip(state: State) -> list[int]:
    found = _winning_paradox(state.trick)
    if not found:
        return []
    return [p.seat for p in found[1] if p.tile.timeframe is None]


def _close_trick(state: State, events: list):
    waiting = _awaiting_flip(state)
    if waiting:
        (colour, value), _ = _winning_paradox(state.trick)
        events.append(FlipRequested(tuple(waiting), tuple(seat_name(state, s) for s in waiting),
                                    f"{colour} {value}"))
        return evolve(state, phase="flip"), events
    return _score_trick(state, events)


def _reveal(state: State, move: Reveal):
    name = seat_name(state, move.seat)
    if state.phase != "flip":
        raise IllegalMove(Msg("no paradox is waiting to be flipped"))
    waiting = _awaiting_flip(state)
    if move.seat not in waiting:
        raise IllegalMove(Msg("{name} has no paradox tile to flip; waiting for {names}", name=name,
                              names=Listed([seat_name(state, s) for s in waiting], sep=", ")))
    timeframe = own_word(move.timeframe, TIMEFRAMES)
    if timeframe not in TIMEFRAMES:
        raise IllegalMove(Msg("{timeframe!r} is not a timeframe: past, present or future", timeframe=move.timeframe))
    idx = next(i for i, p in enumerate(state.trick) if p.seat == move.seat)
    placed = state.trick[idx]
    tile = evolve(placed.tile, timeframe=timeframe)
    if timeframe not in timeframes_of(tile.colour, tile.value):
        raise IllegalMove(Msg("the back cannot be {timeframe}: {why}", timeframe=term(timeframe),
                              why=_exists_as(tile.colour, tile.value)))
    known = {p.tile.timeframe for p in _all_placed(state)
             if p is not placed and p.tile.colour == tile.colour and p.tile.value == tile.value}
    if timeframe in known:
        raise IllegalMove(Msg("the {colour} {value} {timeframe} tile was already played; please check "
                              "{name}'s tile again", colour=term(tile.colour), value=tile.value,
                              timeframe=term(timeframe), name=name))
    trick = state.trick[:idx] + (evolve(placed, tile=tile),) + state.trick[idx + 1:]
    state = evolve(state, trick=trick)
    events = [TileFlipped(move.seat, name, str(tile))]
    if _awaiting_flip(state):
        return state, events
    return _score_trick(evolve(state, phase="play"), events)


def _score_trick(state: State, events: list):
    trick = state.trick
    found = _winning_paradox(trick)
    names = state.names
    if found is None:
        best = _best_single(trick)
        points = ((best.seat, 1.0),)
        paradox = None
        tile_words = Msg("black ({colour})", colour=term(best.declare)) if best.declare else best.tile.words()
        reason = Msg("{name} wins with {tile}: 1 pt", name=names[best.seat], tile=tile_words)
        next_lead = best.seat
    else:
        (colour, value), plays = found
        paradox = f"{colour} {value}"
        if colour == BLACK and len(plays) == state.seats:
            points = tuple((p.seat, 0.5) for p in plays)
            next_lead = trick[0].seat  # docs/rulings.md: all black, the lead leads again
            reason = Msg("Paradox black 0, all played black: everyone 0.5")
        else:
            # Closest to the past scores 1; black tiles are all past, the earliest played wins.
            scorer = min(plays, key=lambda p: (TIMEFRAMES.index(p.tile.timeframe), trick.index(p)))
            points = tuple((p.seat, 1.0 if p is scorer else 0.5) for p in plays)
            next_lead = scorer.seat
            parts = [Msg("{name} {timeframe} 1 pt", name=names[p.seat], timeframe=term(p.tile.timeframe))
                     if p is scorer else
                     Msg("{name} {timeframe} 0.5", name=names[p.seat], timeframe=term(p.tile.timeframe))
                     for p in plays]
            reason = Msg("Paradox {tile}: {plays}", tile=Msg("{colour} {value}", colour=term(colour), value=value),
                         plays=Listed(parts, sep=", "))
        flipped = {id(p) for p in plays}
        trick = tuple(evolve(p, flipped=True) if id(p) in flipped else p for p in trick)
    scores = list(state.scores)
    halves = list(state.halves)
    for seat, pts in points:
        scores[seat] += pts
        halves[seat] += pts == 0.5
    result = TrickResult(number=state.number, lead=trick[0].seat, plays=trick,
                         winners=tuple(s for s, _ in points), points=points, paradox=paradox,
                         next_lead=next_lead, reason=reason)
    events.append(TrickWon(result.number, result.winners, points, paradox, next_lead, reason))
    state = evolve(state, done=state.done + (result,), trick=(), lead=next_lead,
                    scores=tuple(scores), halves=tuple(halves), phase="play")
    if len(state.done) == TRICKS:
        state = evolve(state, phase="over")
        won = winners(state)
        events.append(GameOver(tuple(won), tuple(names[s] for s in won)))
    return state, events


# ---------------------------------------------------------------- results

def scores(state: State) -> dict[int, float]:
    return {s: state.scores[s] for s in range(state.seats)}


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[int]:
    """Most points, then fewest 0.5-point tricks; still tied, the victory is shared."""
    if not is_over(state):
        return []
    best = max((state.scores[s], -state.halves[s]) for s in range(state.seats))
    return [s for s in range(state.seats) if (state.scores[s], -state.halves[s]) == best]


def legal_plays(state: State) -> list[Play]:
    """Dealt games: every legal Play for the seat to play (for random games and hints)."""
    seat = state.to_play
    if seat is None or not state.dealt:
        return []
    hand = state.hands[seat]
    must = _in_play(state)
    following = [t for t in hand if t.colour in must]
    allowed = [t for t in hand if t.colour == BLACK or not following or t.colour in must]
    plays = []
    for t in dict.fromkeys(allowed):
        if t.colour == BLACK and not state.trick:
            plays.extend(Play(seat, str(t), c) for c in state.colours)
        else:
            plays.append(Play(seat, str(t)))
    return plays


def legal_moves(state: State) -> list:
    """Every move the rules accept now. Dealt games: the passes (any one tile of each timeframe,
    for every seat still to pass) and the legal plays. At a real table the hands are unknown, so
    every face still unplayed is a possible play, and a paradox tile's back any timeframe its
    face exists in that is not yet played."""
    if state.phase == "over":
        return []
    if state.phase == "pass":
        return [Pass(s, tiles) for s in range(state.seats) if state.passes[s] is None
                for tiles in product(*(dict.fromkeys(str(t) for t in state.hands[s] if t.timeframe == tf)
                                       for tf in TIMEFRAMES))]
    if state.phase == "flip":
        moves = [Reveal(s, tf) for s in _awaiting_flip(state) for tf in TIMEFRAMES]
    elif state.dealt:
        return legal_plays(state)
    else:
        seat = state.to_play
        faces = ["black-0"] + [f"{c}-{v}" for c in state.colours for v in range(1, 7)]
        moves = [Play(seat, f, c) for f in faces
                 for c in (state.colours if f == "black-0" and not state.trick else (None,))]
    return accepted(apply, state, moves)
