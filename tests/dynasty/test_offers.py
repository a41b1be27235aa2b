"""What a phone offers is what the rules accept: the starting dominoes anywhere on the mat's
squares, placements-only play, the powers of the Brother of Warfare and the Uncle of
Infrastructure, a domino taken off by either square, and the table going on while an owner has
not shared out a strength (docs/rulings.md (i), (i3), (k), (x2))."""
import pytest

from companion.games import dynasty
from companion.games.dynasty.moves import Lend, Market, Mission, Place, Remove, Share, Start
from companion.games.base import IllegalMove
from companion.games.dynasty.maps import mat_pairs

FILLER = "grass//|grass//"


def accepts(state, move) -> bool:
    try:
        dynasty.apply(state, move)
        return True
    except IllegalMove:
        return False


def test_entered_starts_lie_anywhere_on_the_mat_s_squares_and_each_is_offered():
    state = dynasty.setup({"players": 2, "roles": ["warfare", "goods"], "starts": "entered"}, 0)
    offered = dynasty.legal_moves(state)
    assert len(list(mat_pairs())) == 224  # 112 places, both ways round
    assert len([m for m in offered if m.map == "shared"]) == 5 * 224
    assert len([m for m in offered if m.map == "personal"]) == 2 * 224
    assert Start(0, "shared", ((4, 3), (3, 3)), "housing") in offered  # any role first, either way round
    with pytest.raises(IllegalMove, match="on the mat's squares, A1 to H8"):
        dynasty.apply(state, Start(0, "shared", ((7, 0), (8, 0)), "housing"))
    with pytest.raises(IllegalMove, match="on the mat's squares, A1 to H8"):
        dynasty.apply(state, Start(1, "personal", ((-1, 2), (0, 2))))
    state, _ = dynasty.apply(state, Start(0, "shared", ((0, 0), (1, 0)), "money"))
    offered = dynasty.legal_moves(state)
    assert not any(m.map == "shared" and (0, 0) in m.cells for m in offered)  # taken
    assert all(m.role != "money" for m in offered if m.map == "shared")
    for move in (Start(0, "shared", ((1, 0), (2, 0)), "goods"), Start(0, "shared", ((6, 7), (7, 7)), "goods")):
        assert (move in offered) == accepts(state, move)


def test_the_chaotic_start_s_first_domino_may_lie_on_any_of_the_mat_s_squares():
    state = dynasty.setup({"players": 1, "roles": ["warfare"], "chaotic": "yes"}, 0)
    state, _ = dynasty.apply(state, Market(0, ("lava//|lava//",) * 2))
    state, _ = dynasty.apply(state, Mission(0, ("warfare 1",)))
    offered = [m for m in dynasty.legal_moves(state) if isinstance(m, Place) and m.map == "personal"]
    assert {m.cells for m in offered} == set(mat_pairs())
    with pytest.raises(IllegalMove, match="first domino of .* lies on the mat's squares"):
        dynasty.apply(state, Place(0, "personal", ((8, 0), (9, 0)), ("lava//", "lava//")))


def test_placements_only_play_offers_a_placement_until_no_domino_fits_anywhere():
    state = dynasty.setup({"players": 1, "roles": ["warfare"], "play": "free", "chaotic": "yes"}, 3)
    placed = 0
    while not dynasty.is_over(state):
        offered = dynasty.legal_moves(state)
        assert offered and all(isinstance(m, Place) for m in offered)
        state, _ = dynasty.apply(state, offered[-1])
        placed += 1
        assert placed < 200
    assert state.result == "ended" and "No domino can be laid on any map any more" in state.said[-1]


def test_a_placement_offered_is_offered_with_either_square_first():
    state = dynasty.setup({"players": 2, "roles": ["warfare", "goods"]}, 0)
    state, _ = dynasty.apply(state, Market(0, ("grass//NS|grass//NS",) * 4))
    for seat in (0, 1):
        state, _ = dynasty.apply(state, Mission(seat, ("goods 1",)))
    offered = dynasty.legal_moves(state)
    # F4 beside the start, and G4 east of it: the domino may lie either way round on those squares
    east = Place(0, "shared", ((5, 1), (6, 1)), ("grass//NS", "grass//NS"))
    for cells in (((5, 1), (5, 0)), ((5, 0), (5, 1))):
        move = Place(0, "personal", cells, ("grass//EW", "grass//EW"))
        assert (move in offered) == accepts(state, move)
    assert (east in offered) == accepts(state, east)


def test_the_brother_of_warfare_and_the_uncle_of_infrastructure_are_offered_their_powers():
    state = dynasty.setup({"players": 2, "roles": ["warfare", "infrastructure"], "powers": "yes"}, 0)
    state, _ = dynasty.apply(state, Market(0, ("lava//W|lava//",) + ("lava//|lava//",) * 3))
    for seat in (0, 1):
        state, _ = dynasty.apply(state, Mission(seat, ("goods 1",)))
    state, _ = dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("lava//W", "lava//")))
    offered = dynasty.legal_moves(state)  # the Uncle's turn: lava//|lava// matches nowhere on his map
    mismatched = Place(1, "personal", ((5, 3), (6, 3)), ("lava//", "lava//"), power=True)
    assert mismatched in offered and accepts(state, mismatched)
    matching = next(m for m in offered if isinstance(m, Place) and not m.power)
    with pytest.raises(IllegalMove, match="needs no power"):
        dynasty.apply(state, Place(*[getattr(matching, f) for f in ("seat", "map", "cells", "halves")], True))
    while state.phase == "claim":
        state, _ = dynasty.apply(state, next(m for m in dynasty.legal_moves(state) if not getattr(m, "power", False)))
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    for seat in (0, 1):
        state, _ = dynasty.apply(state, Mission(seat, ("goods 1",)))
    removals = {(m.map, m.cell) for m in dynasty.legal_moves(state) if isinstance(m, Remove)}
    assert {("personal", (5, 3)), ("personal", (6, 3))} <= removals  # his domino of round 1
    assert ("personal", (3, 3)) not in removals  # never the starting domino
    for where, cell in removals:
        assert accepts(state, Remove(0, where, cell))
    with pytest.raises(IllegalMove, match="map is shared or personal"):
        dynasty.apply(state, Remove(0, "attic", (5, 3)))


def test_a_domino_to_take_off_is_offered_by_either_square():
    state = dynasty.setup({"players": 2, "roles": ["warfare", "goods"]}, 0)
    state, _ = dynasty.apply(state, Market(0, ("lava//W|lava//",) + (FILLER,) * 3))
    state, _ = dynasty.apply(state, Mission(0, ("goods 99",), penalty="remove"))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    state, _ = dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("lava//W", "lava//")))
    while state.phase == "claim":
        state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    assert state.tasks and state.tasks[0].kind == "remove"
    cells = {m.cell for m in dynasty.legal_moves(state) if isinstance(m, Remove)}
    assert {(5, 3), (6, 3)} <= cells
    a, _ = dynasty.apply(state, Remove(0, "personal", (5, 3)))
    b, _ = dynasty.apply(state, Remove(0, "personal", (6, 3)))
    assert a.personal == b.personal


def test_while_the_report_waits_for_an_owner_the_table_may_go_on_with_the_suggestion():
    state = dynasty.setup({"players": 2, "roles": ["warfare", "goods"]}, 0)  # Military 2
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("warfare 2",)))
    state, _ = dynasty.apply(state, Mission(1, ("warfare 1",)))
    while state.phase == "claim":
        state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    assert state.phase == "share"
    offered = dynasty.legal_moves(state)
    shares = [m for m in offered if isinstance(m, Share)]
    going_on = [m for m in offered if not isinstance(m, Share)]
    assert len(shares) == 2 and going_on and all(isinstance(m, (Market, Mission)) for m in going_on)
    went_on, _ = dynasty.apply(state, next(m for m in going_on if isinstance(m, Market)))
    assert went_on.round == 2 and went_on.drawn


def test_a_loan_is_offered_before_the_round_s_event_is_revealed():
    """A loan may be made at any time of the draw step (docs/rulings.md (x)), the event's reveal
    included."""
    state = dynasty.setup({"players": 2, "roles": ["warfare", "goods"], "proximity": "yes", "machine": "yes"}, 0)
    assert state.phase == "draw" and not state.event
    loans = [m for m in dynasty.legal_moves(state) if isinstance(m, Lend)]
    assert loans and all(accepts(state, m) for m in loans)
    assert not accepts(state, Lend(0, 1, "warfare", "power"))  # no powers variant
