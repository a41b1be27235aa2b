"""The phones offer every legal move: `legal_moves` is exactly what `apply` accepts, checked on
random states against a broad enumeration of candidate moves; and the matrix turn's two actions
("each player performs two matrix actions")."""
import random

import pytest

from companion.games import initiative as game
from companion.games.base import IllegalMove
from companion.games.initiative.moves import (Ally, Build, Discard, Draft, Draw, EndTurn, Keep, Lock, Place,
                                              Purple, Resolve, RivalTake, Stabilise, Swap, Switch, Tech)
from companion.games.initiative.rules import TECH
from companion.games.initiative.state import Entry, new

from .helpers import change, matrix_turn

COLOUR_WORDS = ("red", "yellow", "blue", "black", "white", "R", "K", "purple")
PARTICLES = [c + y for c in "RYBKW" for y in "123"]


def _accepts(state, move) -> bool:
    try:
        game.apply(state, move)
        return True
    except IllegalMove:
        return False


def candidates(state):
    """Moves of every kind with every value a player could name, most of them illegal."""
    s = state
    cells = [(r, c) for r in range(5) for c in range(5)]
    spots = cells + [f"anomaly:{k}" for k in range(3)]
    cards = sorted(s.cards)
    out = []
    for seat in range(s.seats):
        out += [Draw(seat, p) for p in PARTICLES] + [Keep(seat, m) for m in TECH]
        out += [Switch(seat, c) for c in COLOUR_WORDS] + [Build(seat), EndTurn(seat)]
        out += [RivalTake(seat, c) for c in s.wormhole[:3] if c]
        out += [Draft(seat, c) for c in cards] + [Discard(seat, c) for c in cards]
    if s.queue or s.phase != "matrix" or not s.order:
        return out
    seat = s.order[0]
    b = s.boards[seat]
    hand = sorted(set(b.earned)) + [f"ally-{w}" for w in COLOUR_WORDS[:5]] + ["R1"]
    mine = [e.card for e in b.console] + ["world-1-past"]
    out += [Swap(seat, a, c) for a in spots for c in spots]
    out += [Resolve(seat, x) for x in spots]
    out += [Place(seat, c, p) for c in mine for p in hand]
    for w in range(0, 17):
        for p in hand:
            out += [Stabilise(seat, w, p, c) for c in [None] + mine]
            out += [Lock(seat, w, p, c) for c in [None] + mine]
        out += [Purple(seat, world=w, card=c) for c in [None] + mine]
    out += [Purple(seat, card=c) for c in mine] + [Purple(seat)]
    out += [Ally(seat, c, p) for c in COLOUR_WORDS for p in hand]
    for m in TECH:
        out += [Tech(seat, m)] + [Tech(seat, m, column=c) for c in range(6)]
        out += [Tech(seat, m, row=r) for r in range(6)] + [Tech(seat, m, spaces=n) for n in range(5)]
        out += [Tech(seat, m, card=c) for c in cards]
    out += [Tech(seat, "swap", a=a, b=c) for a in spots for c in spots]
    out += [Tech(seat, "paradox", card=e.card, particle=x.p, to_card=t)
            for e in b.console for x in e.placed for t in mine]
    return out


def _rich(state, rng):
    """A turn with something of everything: earned particles, all switches on, every tech
    module, fractured worlds, cards on the console and in the discard pile."""
    def edit(s):
        seat = s.order[0]
        b = s.boards[seat]
        b.earned = rng.sample(PARTICLES, 3) + ["K2"]
        b.switches = {c: True for c in "RYB"}
        b.tech = list(TECH)
        for w in rng.sample(range(15), 4):
            s.worlds[w].stable = False
        s.worlds[rng.randrange(15)].locked = True
        free = [c for c in s.deck if s.cards[c].known]
        for card in free[:2]:
            s.deck.remove(card)
            b.console.append(new(Entry, card=card, space=0))
        s.discard += s.deck[:5]
        s.deck = s.deck[5:]
        s.alliances["R"] = seat
    return change(state, edit)


def _check(state):
    offered = game.legal_moves(state)
    assert len(offered) == len(set(offered)), "a move is offered twice"
    for move in offered:
        assert _accepts(state, move), f"offered but refused: {move}"
    offered = set(offered)
    for move in candidates(state):
        if move not in offered:
            assert not _accepts(state, move), f"accepted but not offered: {move}"


@pytest.mark.parametrize("players,seed", [(1, 3), (2, 5), (3, 7), (4, 2)])
def test_every_offered_move_applies_and_every_accepted_one_is_offered(players, seed):
    rng = random.Random(seed)
    state, _ = matrix_turn(players, seed)
    _check(state)
    _check(_rich(state, rng))
    for _ in range(rng.randrange(5, 40)):  # and somewhere later in the game
        state, _ = game.apply(state, rng.choice(game.legal_moves(state)))
    _check(state)


def test_a_lock_is_offered_on_any_of_the_fifteen_worlds():
    state, seat = matrix_turn()
    state = change(state, lambda s: setattr(s.boards[seat], "earned", ["W1"]))
    locks = {m.world for m in game.legal_moves(state) if isinstance(m, Lock)}
    assert locks == set(range(1, 16))


def test_each_player_performs_two_matrix_actions():
    state, seat = matrix_turn()
    with pytest.raises(IllegalMove, match="2 matrix actions to take"):
        game.apply(state, EndTurn(seat))
    assert EndTurn(seat) not in game.legal_moves(state)
    for left in (1, 0):
        swap = next(m for m in game.legal_moves(state) if isinstance(m, Swap))
        state, _ = game.apply(state, swap)
        while state.queue:  # the refill after a strand
            state, _ = game.apply(state, game.legal_moves(state)[0])
        assert (EndTurn(seat) in game.legal_moves(state)) == (left == 0)
    game.apply(state, EndTurn(seat))


def test_a_turn_with_no_possible_action_may_end():
    state, seat = matrix_turn()
    # an empty bag left the matrix empty: nothing can be swapped
    state = change(state, lambda s: setattr(s.boards[seat], "matrix", [[None] * 5 for _ in range(5)]))
    offered = game.legal_moves(state)
    assert EndTurn(seat) in offered and not any(isinstance(m, (Swap, Resolve)) for m in offered)
    game.apply(state, EndTurn(seat))


def test_a_move_sent_without_its_card_or_particle_is_refused_in_words():
    """A phone may send a field empty (JSON null): the rules say what is missing."""
    state, seat = matrix_turn()
    state = change(state, lambda s: setattr(s.boards[seat], "earned", ["R1"]))
    with pytest.raises(IllegalMove, match="names a particle"):
        game.apply(state, Ally(seat, "red", None))
    with pytest.raises(IllegalMove, match="names a colour"):
        game.apply(state, Ally(seat, None, "R1"))
    def to_the_wormhole(s):
        s.phase, s.wormhole = "wormhole", [None] + s.wormhole[1:]
    wormhole = change(state, to_the_wormhole)
    with pytest.raises(IllegalMove, match="names a card"):
        game.apply(wormhole, Draft(state.order[0], None))


def test_search_offers_every_card_of_the_discard_pile():
    """"Take one card from the discard pile": any of them, not the last few."""
    state, seat = matrix_turn()

    def edit(s):
        s.boards[seat].tech = ["search"]
        s.discard += s.deck[:6]
        s.deck = s.deck[6:]
    state = change(state, edit)
    pile = state.discard
    offered = {m.card for m in game.legal_moves(state) if isinstance(m, Tech) and m.module == "search"}
    assert len(pile) >= 6 and offered == set(pile)
