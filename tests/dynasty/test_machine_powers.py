"""Machine Mama with the powers on: a power lent is one not in use (docs/rulings.md (x)), and from
every state a random game reaches some legal move exists until the game is over."""
import random

import pytest

from companion.games import dynasty
from companion.games.base import IllegalMove
from companion.games.dynasty import hands
from companion.games.dynasty.moves import Choose, Lend, Market, Mission

ROLES4 = ["warfare", "money", "housing", "goods"]


def _missions(state, seat, count):
    for _ in range(count):
        move = next(m for m in dynasty.legal_moves(state) if isinstance(m, Mission) and m.seat == seat)
        state = dynasty.apply(state, move)[0]
    return state


def test_the_sister_of_coin_lends_no_power_while_she_picks_between_her_two_missions():
    # "Each round, you draw 2 Missions and pick which one you want": once both are drawn the power
    # is in use; lent then, she would hold two missions she may not choose between
    state = dynasty.setup({"players": 4, "machine": "yes", "powers": "yes", "roles": ROLES4}, 1)
    state = dynasty.apply(state, next(m for m in dynasty.legal_moves(state) if isinstance(m, Market)))[0]
    state = _missions(state, 1, 2)
    with pytest.raises(IllegalMove, match="keep one"):
        dynasty.apply(state, Lend(1, 0, "money", "power"))
    assert not [m for m in dynasty.legal_moves(state) if isinstance(m, Lend) and m.role == "money"
                and m.what == "power"]
    # her icon she may still lend; once she keeps a mission her power is used
    state = dynasty.apply(state, Lend(1, 0, "money", "icon"))[0]
    state = dynasty.apply(state, Choose(1, hands.round_cards(state, 1)[0].id))[0]
    with pytest.raises(IllegalMove):
        dynasty.apply(state, Lend(1, 0, "money", "power"))
    # lent before she draws, her power is the borrower's: she draws one mission and keeps it
    fresh = dynasty.setup({"players": 4, "machine": "yes", "powers": "yes", "roles": ROLES4}, 1)
    fresh = dynasty.apply(fresh, Lend(1, 0, "money", "power"))[0]
    assert hands.missions_to_draw(fresh, 1) == 1 and hands.missions_to_draw(fresh, 0) == 2


@pytest.mark.parametrize("seed", range(4))
def test_random_four_player_games_with_machine_mama_and_powers_never_stall(seed):
    rng = random.Random(seed)
    roles = list(ROLES4)
    rng.shuffle(roles)
    state = dynasty.setup({"players": 4, "machine": "yes", "powers": "yes", "roles": roles,
                           "goblin": "yes" if seed % 2 else "no"}, seed)
    sister = roles.index("money")
    for _ in range(1500):
        if dynasty.is_over(state):
            break
        moves = dynasty.legal_moves(state)
        assert moves, f"no legal move in phase {state.phase}, round {state.round}"
        # the Sister tries to lend her power while she holds the two missions she drew
        loans = [m for m in moves if isinstance(m, Lend) and m.seat == sister and m.what == "power"]
        holding = len(hands.round_cards(state, sister)) > 1 and state.phase == "draw"
        others = [m for m in moves if m not in loans]
        move = rng.choice(loans) if loans and holding else rng.choice(others or moves)
        state = dynasty.apply(state, move)[0]
    assert dynasty.is_over(state)
