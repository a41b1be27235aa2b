"""Placement on both maps: attach, no overlap, 8x8, matching paths (personal) and terrains
(shared), role icons, and placing nothing only when no market domino fits."""
import pytest

from companion.games import dynasty
from companion.games.base import IllegalMove
from companion.games.dynasty.maps import name
from companion.games.dynasty.moves import Market, Mission, Pass, Place

from .helpers import free, lay

# Seat 0's personal map starts with its warfare domino on D4 (capital) and E4, open all round.


def refused(state, seat, where, cells, *halves):
    with pytest.raises(IllegalMove) as exc:
        lay(state, seat, where, cells, *halves)
    return str(exc.value)


def test_personal_paths_must_match_on_every_touching_edge_terrain_need_not():
    state = free()
    ok = lay(state, 0, "personal", ((5, 3), (6, 3)), "grass//W", "plains//")
    assert len(ok.personal[0]) == 4
    assert refused(state, 0, "personal", ((5, 3), (6, 3)), "grass//N", "plains//") == \
        "the paths do not match on the west edge of square F4"
    # touching two squares: both edges must match
    two = lay(state, 0, "personal", ((3, 4), (4, 4)), "lava//N", "lava//NE")
    assert refused(two, 0, "personal", ((5, 3), (5, 4)), "grass//W", "grass//") == \
        "the paths do not match on the west edge of square F5"


def test_closed_against_closed_matches():
    state = lay(free(), 0, "personal", ((5, 3), (6, 3)), "grass//W", "plains//")
    assert lay(state, 0, "personal", ((7, 3), (7, 4)), "stone//", "stone//")


def test_shared_terrains_must_match_on_every_touching_edge_paths_need_not():
    state = free()
    assert lay(state, 1, "shared", ((5, 3), (6, 3)), "stone//", "lava//N")
    assert refused(state, 1, "shared", ((5, 3), (6, 3)), "lava//W", "lava//") == \
        "the terrains do not match on the west edge of square F4: lava beside stone"


def test_the_easier_shared_map_needs_one_matching_terrain():
    state = free(freeform="yes")
    # F3 touches E3 (money, desert) and, laid below it, nothing else: desert matches
    assert lay(state, 1, "shared", ((5, 2), (5, 3)), "desert//", "lava//")
    assert "no terrain matches" in refused(state, 1, "shared", ((5, 2), (6, 2)), "lava//", "lava//")


def test_a_domino_must_touch_the_map_and_not_overlap():
    state = free()
    assert refused(state, 0, "personal", ((6, 6), (7, 6)), "lava//", "lava//") == \
        "the domino does not touch P1's map"
    assert refused(state, 0, "personal", ((4, 3), (5, 3)), "lava//W", "lava//") == \
        "square E4 of P1's map is already taken"
    assert "side by side" in refused(state, 0, "personal", ((5, 3), (7, 3)), "lava//", "lava//")


def test_no_map_grows_past_eight_squares_either_way():
    state = free()  # the personal start spans D..E: three more east, three more west fit
    for x in (5, 7):
        state = lay(state, 0, "personal", ((x, 3), (x + 1, 3)), "lava//EW", "lava//EW")
    state = lay(state, 0, "personal", ((2, 3), (1, 3)), "lava//EW", "lava//EW")
    assert refused(state, 0, "personal", ((0, 3), (0, 4)), "lava//E", "lava//") == \
        "P1's map would be 9 squares from west to east; at most 8"
    assert refused(state, 0, "personal", ((-1, 3), (0, 3)), "lava//EW", "lava//EW").startswith(
        "P1's map would be 10 squares")
    # the shared map's starts span rows 2-6: two more rows north fit, a third does not
    state = lay(state, 0, "shared", ((3, 0), (3, -1)), "lava//", "lava//")
    state = lay(state, 0, "shared", ((3, -2), (2, -2)), "lava//", "lava//")
    assert refused(state, 0, "shared", ((3, -3), (2, -3)), "lava//", "lava//") == \
        "the shared map would be 9 squares from north to south; at most 8"


def test_a_role_icon_is_handled_only_by_that_role_s_player():
    state = free()  # seat 0 warfare, 1 infrastructure, 2 goods; money and housing not in play
    assert refused(state, 1, "personal", ((5, 3), (6, 3)), "lava/warfare/W", "lava//") == \
        "only P1 (Brother of Warfare) may handle a domino showing the military capital icon"
    assert refused(state, 1, "shared", ((5, 1), (6, 1)), "lava/warfare/", "lava//").startswith("only P1")
    assert lay(state, 0, "personal", ((5, 3), (6, 3)), "lava/warfare/W", "lava//")
    # a role nobody holds: anyone may handle it
    assert lay(state, 1, "personal", ((5, 3), (6, 3)), "desert/money/W", "lava//")


# ---------------------------------------------------------------- the market round

def rounds(**options):
    return dynasty.setup({"players": 2, "roles": ["warfare", "goods"], **options}, 0)


def draw(state, dominoes, needs=("warfare 1",)):
    state, _ = dynasty.apply(state, Market(0, tuple(dominoes)))
    for seat in range(state.config.players):
        state, _ = dynasty.apply(state, Mission(seat, needs))
    return state


def test_a_market_domino_is_placed_turned_as_it_lies_and_by_the_seat_whose_turn_it_is():
    state = draw(rounds(), ["stone//EW|stone//W"] * 4)  # a path running in from the west
    assert state.phase == "claim" and state.turn == 0
    with pytest.raises(IllegalMove, match="it is P1's turn"):
        dynasty.apply(state, Place(1, "personal", ((5, 3), (6, 3)), ("stone//EW", "stone//W")))
    # laid north to south from F4 it is turned a quarter clockwise: its paths run N-S
    with pytest.raises(IllegalMove, match="not in the market"):
        dynasty.apply(state, Place(0, "personal", ((5, 3), (5, 4)), ("stone//EW", "stone//W")))
    with pytest.raises(IllegalMove, match="west edge of square F4"):
        dynasty.apply(state, Place(0, "personal", ((5, 3), (5, 4)), ("stone//NS", "stone//N")))
    after, _ = dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("stone//EW", "stone//W")))
    # laid from C4 westwards (second half west of the first): turned half a turn
    after, _ = dynasty.apply(after, Place(1, "personal", ((2, 3), (1, 3)), ("stone//EW", "stone//E")))
    assert len(after.market) == 2 and after.turn == 0


def test_placing_nothing_only_when_no_market_domino_fits_anywhere():
    state = draw(rounds(), ["lava//|lava//"] * 4)
    with pytest.raises(IllegalMove, match="still fits") as refused:
        dynasty.apply(state, Pass(0))
    # where one fits is said, so the table can find it: a place the rules accept
    words = str(refused.value)
    fits = [p for p in dynasty.legal_moves(state) if isinstance(p, Place) and p.seat == 0]
    assert any(f"{name(p.cells[0])}-{name(p.cells[1])} of " in words for p in fits), words
    # dominoes showing the warfare icon: seat 1 (goods) may not handle any of them
    state = draw(rounds(), ["lava/warfare/|lava//"] * 4)
    state, _ = dynasty.apply(state, Place(0, "shared", ((5, 1), (6, 1)), ("lava/warfare/", "lava//")))
    assert dynasty.legal_moves(state) == [Pass(1)]
    state, said = dynasty.apply(state, Pass(1))
    assert "places nothing" in said[0].text() and state.turn == 0


def test_the_report_follows_once_the_market_is_empty():
    state = draw(rounds(), ["lava//|lava//"] * 4)
    for seat in (0, 1, 0, 1):
        move = next(m for m in dynasty.legal_moves(state) if isinstance(m, Place))
        assert move.seat == seat
        state, said = dynasty.apply(state, move)
    assert state.round == 2 and state.phase == "draw"
    assert [m.status for m in state.missions] == ["passed", "passed"]


def test_a_sniper_forbids_a_capital_in_its_column_unless_a_bomb_silences_it():
    game = free(expansions=["proximity"])
    capital_below = ((5, 4), (6, 4)), "lava/neutral/", "lava//"
    plain = lay(game, 0, "personal", ((5, 3), (6, 3)), "grass/sniper/W", "grass//")
    with pytest.raises(IllegalMove, match="sniper"):
        lay(plain, 0, "personal", *capital_below)
    bombed = lay(game, 0, "personal", ((5, 3), (6, 3)), "grass/sniper/W", "grass/bomb/")
    assert lay(bombed, 0, "personal", *capital_below).seat_map(0)[(5, 4)].half.icon == "neutral"


def test_a_map_grown_past_the_mat_s_edge_names_its_squares_where_they_lie_on_it():
    """A map may grow past A or 1 (at most 8x8 wherever it lies, docs/rulings.md (f)); the camera
    and the phones' maps see it shifted onto the printed squares, and every word names a square
    where it lies there, never "(-1, 3)"."""
    from companion.games.base import Viewer
    state = lay(free(), 0, "personal", ((2, 3), (1, 3)), "grass//EW", "grass//EW")
    state, said = dynasty.apply(state, Place(0, "personal", ((0, 3), (-1, 3)), ("grass//EW", "grass//E")))
    # the map spans six columns from one west of A: it lies a column east on the mat
    assert said[0].text().startswith("P1 placed grass paths EW | grass paths E on B4-A4 of their map.")
    view = dynasty.view(state, Viewer("seat", 0))
    assert view["shifts"] == {"shared": [0, 0], "0": [1, 0], "1": [0, 0], "2": [0, 0]}
    named = {(s["x"], s["y"]): s["square"] for s in view["personal"]["0"]}
    assert named[(-1, 3)] == "A4" and named[(3, 3)] == "E4" and named[(4, 3)] == "F4"
    assert view["strength"]["warfare"]["capitals"][0]["square"] == "E4"  # the start's capital
    # a refusal names the squares where the domino would lie, the map shifted as it would be
    assert refused(state, 0, "personal", ((-1, 4), (0, 4)), "grass//N", "grass//") == \
        "the paths do not match on the north edge of square A5"
    # (eight columns wide from three west of A: it would lie three columns east)
    assert refused(state, 0, "personal", ((-2, 3), (-3, 3)), "grass//E", "grass//") == \
        "the paths do not match on the east edge of square B4"
    # a map on the mat's squares keeps its names
    assert {s["square"] for s in view["personal"]["1"]} == {"D4", "E4"}


def test_a_square_already_taken_is_named_where_it_lies_not_where_a_refused_domino_would_shift_it():
    """A domino half over A4 and half past the mat's edge is refused, so the map does not move:
    the square it would cover is named where players see it, A4, not B4 (where it would lie had
    the domino been laid and the map moved a column east)."""
    from companion.games.base import Viewer
    state = lay(free(), 0, "personal", ((2, 3), (1, 3)), "grass//EW", "grass//EW")
    state = lay(state, 0, "personal", ((0, 3), (0, 4)), "grass//E", "grass//")
    shown = {(s["x"], s["y"]): s["square"] for s in dynasty.view(state, Viewer("seat", 0))["personal"]["0"]}
    assert shown[(0, 3)] == "A4" and shown[(0, 4)] == "A5"
    assert refused(state, 0, "personal", ((-1, 3), (0, 3)), "grass//", "grass//") == \
        "square A4 of P1's map is already taken"
    assert refused(state, 0, "personal", ((0, 4), (-1, 4)), "grass//", "grass//") == \
        "square A5 of P1's map is already taken"
