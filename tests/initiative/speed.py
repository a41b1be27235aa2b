"""How long Paradox Initiative takes per move: `apply`, the table's `view` and `legal_moves`,
over random games played to their end (the moves chosen first, then each call timed alone).
A figure to read, not a test: `PYTHONPATH=. python tests/initiative/speed.py`."""
import random
import time

from companion.games import TABLE
from companion.games import initiative as game


def games(seeds=range(6), players=(1, 2, 4)):
    """Every (state, move) of random games, each to its end."""
    out = []
    for seed in seeds:
        for n in players:
            state, rng = game.setup({"players": n}, seed), random.Random(seed)
            while not game.is_over(state):
                move = rng.choice(game.legal_moves(state))
                out.append((state, move))
                state, _ = game.apply(state, move)
    return out


def per_move(plays, call, repeats=3) -> float:
    """The best of `repeats` runs, in microseconds a move."""
    best = min(_timed(plays, call) for _ in range(repeats))
    return best / len(plays) * 1e6


def _timed(plays, call) -> float:
    start = time.perf_counter()
    for state, move in plays:
        call(state, move)
    return time.perf_counter() - start


if __name__ == "__main__":
    plays = games()
    figures = {"apply": per_move(plays, game.apply),
               "view": per_move(plays, lambda state, move: game.view(state, TABLE)),
               "legal_moves": per_move(plays, lambda state, move: game.legal_moves(state))}
    print(f"{len(plays)} moves of 18 random games: "
          + ", ".join(f"{name} {us:.0f} us" for name, us in figures.items()))
