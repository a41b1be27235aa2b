"""The fractured world penalty is the player's choice: "If a player has cards from any fractured
worlds in their score pile, they must choose and discard one card corresponding to each
fractured world before scoring." The phone asks when the choice changes anything, the best
suggested; with no answer (a record) the best is taken, the tie-breaks ("the most cards in their
score pile ... (after the fractured world penalty) ... the most nexus cards") included."""
import pytest

from companion.games import initiative as game
from companion.games.base import IllegalMove
from companion.games.initiative.moves import Discard, EndTurn

from .helpers import change, matrix_turn
from .test_legal_moves import _check as check_offered_is_accepted
from .test_end_rulings import score
from .test_scoring import pile

SHARED = {0: ["world-3-nexus", "world-3-past", "world-5-past"], 1: ["world-7-nexus", "world-8-past"]}


def _last_action(piles, fractured):
    """The game's last action about to end: these score piles, these worlds fractured."""
    state, seat = matrix_turn()

    def edit(s):
        s.goals, s.secret = (), (None,) * s.seats
        s.alliances = {c: None for c in s.alliances}
        for k, b in enumerate(s.boards):
            b.pile, b.console = list(piles.get(k, [])), []
        for w in s.worlds:
            w.stable, w.locked = True, False
        for w in fractured:
            s.worlds[w - 1].stable = False
        s.final, s.order, s.actions, s.bonus = True, [seat], 0, 0
    state = change(state, edit)
    state, _ = game.apply(state, EndTurn(seat))
    return state


def test_the_player_is_asked_with_the_best_card_suggested():
    state = _last_action(SHARED, [3])
    assert not game.is_over(state)
    asked = game.view(state)["awaiting"]
    assert asked["kind"] == "penalty" and asked["seat"] == 0 and asked["world"] == 3
    # keeping the nexus card wins the tie-break: the past card is the one to give up
    assert asked["best"] == "world-3-past"
    assert game.legal_moves(state) == [Discard(0, "world-3-past"), Discard(0, "world-3-nexus")]
    assert game.view(state)["breakdown"]["0"]["penalty"] == ["world-3-past"]
    done, _ = game.apply(state, Discard(0, "world-3-past"))
    assert game.is_over(done) and game.winners(done) == [0, 1]  # the shared victory


def test_the_players_own_choice_stands():
    state = _last_action(SHARED, [3])
    done, _ = game.apply(state, Discard(0, "world-3-nexus"))
    assert game.is_over(done) and game.winners(done) == [1]
    assert game.view(done)["breakdown"]["0"]["penalty"] == ["world-3-nexus"]


def test_only_the_player_asked_and_only_a_card_of_that_world():
    state = _last_action(SHARED, [3])
    check_offered_is_accepted(state)
    with pytest.raises(IllegalMove):
        game.apply(state, Discard(1, "world-7-nexus"))
    with pytest.raises(IllegalMove, match="not a card of fractured world 3"):
        game.apply(state, Discard(0, "world-5-past"))


def test_a_choice_that_changes_nothing_is_not_asked():
    state = _last_action({0: ["world-3-past", "world-3-present"]}, [3])
    assert game.is_over(state)
    assert game.view(state)["breakdown"]["0"]["penalty"] in (["world-3-past"], ["world-3-present"])


def test_with_no_answer_the_best_is_taken_tie_breaks_included():
    out = score(2, {"worlds": {"fractured": [3]}}, pile(0, SHARED[0]), pile(1, SHARED[1]))
    assert out["breakdown"]["0"]["penalty"] == ["world-3-past"] and out["winners"] == [0, 1]


def test_the_discard_is_a_record_move_like_any_other():
    move = Discard(0, "world-3-past")
    data = game.move_to_dict(move)
    assert data == {"type": "Discard", "seat": 0, "card": "world-3-past"}
    assert game.move_from_dict(data) == move


def test_only_the_asked_players_phone_has_the_choice():
    from companion.games import Viewer
    state = _last_action(SHARED, [3])
    mine = game.view(state, Viewer.of_seat(0))["legal"]
    assert [m["card"] for m in mine] == ["world-3-past", "world-3-nexus"]
    assert all(m["type"] == "Discard" for m in mine)
    assert game.view(state, Viewer.of_seat(1))["legal"] == []
