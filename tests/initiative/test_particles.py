"""Particles on cards and worlds, from the rulebook's words: the purple particle is wild, and
saving an experiment's planet."""
import pytest

from companion.games import initiative as game
from companion.games.base import IllegalMove
from companion.games.initiative.moves import Place, Purple, Stabilise

from .helpers import change, matrix_turn, on_console


def _turn(cards=(), hand=(), switches=True, fractured=()):
    state, seat = matrix_turn()

    def edit(s):
        for card, cost in cards:
            on_console(s, seat, card, cost)
        s.boards[seat].earned = list(hand)
        s.boards[seat].switches = {c: switches for c in "RYB"}
        for w in fractured:
            s.worlds[w - 1].stable = False
    return change(state, edit), seat


def _pile(state, seat):
    return game.view(state)["players"][seat]["pile"]


def test_a_purple_counts_as_whatever_the_card_still_needs():
    # "Purple particles discs are wild and count as any type or color of particle": a purple
    # on a yellow + blue card is not pinned to yellow; the yellow earned later still fits.
    state, seat = _turn(cards=[("world-1-past", ["Y", "B"])], hand=["Y1"])
    state, _ = game.apply(state, Purple(seat, card="world-1-past"))
    assert Place(seat, "world-1-past", "Y1") in game.legal_moves(state)
    state, _ = game.apply(state, Place(seat, "world-1-past", "Y1"))
    assert "world-1-past" in _pile(state, seat)


def test_a_purple_then_the_other_colour_also_completes_the_card():
    state, seat = _turn(cards=[("world-1-past", ["Y", "B"])], hand=["B2"])
    state, _ = game.apply(state, Purple(seat, card="world-1-past"))
    state, _ = game.apply(state, Place(seat, "world-1-past", "B2"))
    assert "world-1-past" in _pile(state, seat)


def test_a_purple_on_a_full_card_colour_is_still_refused_when_nothing_is_left():
    state, seat = _turn(cards=[("world-1-past", ["Y"])], hand=["Y1"])
    state, _ = game.apply(state, Place(seat, "world-1-past", "Y1"))
    # the card is focused: a purple has nowhere to go
    assert Purple(seat, card="world-1-past") not in game.legal_moves(state)


def test_a_second_particle_of_a_colour_the_card_needs_once_is_refused():
    state, seat = _turn(cards=[("world-1-past", ["Y", "B"])], hand=["Y1", "Y2"])
    state, _ = game.apply(state, Place(seat, "world-1-past", "Y1"))
    with pytest.raises(IllegalMove, match="needs no yellow"):
        game.apply(state, Place(seat, "world-1-past", "Y2"))


def test_a_purple_repairing_a_fractured_world_saves_an_experiments_planet():
    # "To save a planet, you must lock a planet or repair a fractured planet"; purple
    # particles "must be immediately spent on timeline cards or used to repair worlds".
    state, seat = _turn(cards=[("spires-past", ["planet"])], fractured=[4])
    move = Purple(seat, world=4, card="spires-past")
    assert move in game.legal_moves(state)
    state, _ = game.apply(state, move)
    assert "spires-past" in _pile(state, seat) and game.view(state)["worlds"][3]["stable"]


def test_a_planet_is_saved_only_after_the_cards_particles():
    # "these particles must be on the card before you can save a planet"
    state, seat = _turn(cards=[("spires-past", ["R", "planet"])], fractured=[4])
    with pytest.raises(IllegalMove, match="needs its particles"):
        game.apply(state, Purple(seat, world=4, card="spires-past"))


def test_a_black_particle_repair_still_saves_a_planet():
    state, seat = _turn(cards=[("spires-past", ["planet"])], hand=["K1"], switches=False,
                        fractured=[4])
    state, _ = game.apply(state, Stabilise(seat, 4, "K1", "spires-past"))
    assert "spires-past" in _pile(state, seat)
