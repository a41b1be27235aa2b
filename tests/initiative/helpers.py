"""A matrix turn to test a rule on: random legal play to the first matrix turn, then the
board set as the test says (the rules' state is plain JSON)."""
import random

from companion.games import initiative as game
from companion.games.initiative.rules import freeze, thaw


def matrix_turn(players=2, seed=0):
    """(state, seat): the first moment a seat may take its matrix actions."""
    state, rng = game.setup({"players": players}, seed), random.Random(seed)
    while True:
        s = thaw(state)
        if s["phase"] == "matrix" and not s["queue"] and s["order"] and s["order"][0] < s["players"]:
            return state, s["order"][0]
        state, _ = game.apply(state, rng.choice(game.legal_moves(state)))


def change(state, edit):
    s = thaw(state)
    edit(s)
    return freeze(s)


def on_console(s, seat, card, cost):
    """Put `card` with the printed `cost` on the seat's console."""
    s["cards"][card].update(cost=list(cost), known=True)
    s["boards"][seat]["console"].append({"card": card, "space": 0, "saved": 0, "placed": []})
