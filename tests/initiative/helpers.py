"""A matrix turn to test a rule on: random legal play to the first matrix turn, then the
board set as the test says (on the rules' working copy of the state)."""
import random
from dataclasses import replace

from companion.games import initiative as game
from companion.games.initiative.rules import freeze, thaw
from companion.games.initiative.state import Entry, new


def matrix_turn(players=2, seed=0):
    """(state, seat): the first moment a seat may take its matrix actions."""
    state, rng = game.setup({"players": players}, seed), random.Random(seed)
    while True:
        if state.phase == "matrix" and not state.queue and state.order and state.order[0] < state.players:
            return state, state.order[0]
        state, _ = game.apply(state, rng.choice(game.legal_moves(state)))


def change(state, edit):
    s = thaw(state)
    edit(s)
    return freeze(s)


def on_console(s, seat, card, cost):
    """Put `card` with the printed `cost` on the seat's console."""
    s.cards[card] = replace(s.cards[card], cost=tuple(cost), known=True)
    s.boards[seat].console.append(new(Entry, card=card, space=0))
