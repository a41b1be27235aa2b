"""The tile universe: what exists, what a game uses, and each tile only once."""
from collections import Counter

import pytest

from companion.games import IllegalMove
from companion.games import paradominetor as P
from companion.games.paradominetor.moves import Play
from companion.games.paradominetor.tiles import COLOURS, Tile, parse_tile, tile_set

from .table import new, trick


def test_a_set_is_fourteen_coloured_tiles_and_a_black_0():
    tiles = tile_set(["red"])
    assert len(tiles) == 15
    assert Counter(t.timeframe for t in tiles) == {"past": 5, "present": 5, "future": 5}
    assert sorted(t.value for t in tiles if t.timeframe == "past" and t.colour == "red") == [1, 2, 3, 4]
    assert sorted(t.value for t in tiles if t.timeframe == "present") == [1, 2, 3, 4, 5]
    assert sorted(t.value for t in tiles if t.timeframe == "future") == [2, 3, 4, 5, 6]
    assert [t for t in tiles if t.colour == "black"] == [Tile("black", 0, "past")]


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_one_set_per_player(seats):
    state = new(seats)
    assert state.colours == COLOURS[:seats]
    assert len(tile_set(state.colours)) == 15 * seats


@pytest.mark.parametrize("text, tile", [
    ("red-3-past", Tile("red", 3, "past")),
    ("Blue-6-Future", Tile("blue", 6, "future")),
    ("green-2", Tile("green", 2, None)),
    ("black-0", Tile("black", 0, "past")),
    ("black-0-past", Tile("black", 0, "past")),
])
def test_tiles_are_read_with_or_without_their_back(text, tile):
    assert parse_tile(text) == tile


@pytest.mark.parametrize("text, why", [
    ("red-6-past", "red-6 exists only as future"),
    ("red-1-future", "red-1 exists only as past and present"),
    ("red-5-past", "red-5 exists only as present and future"),
    ("red-7", "red tiles run from 1 to 6"),
    ("red-0", "red tiles run from 1 to 6"),
    ("orange-3", "there is no orange"),
    ("black-1", "the only black tile is black-0"),
    ("black-0-future", "the only black tile is black-0"),
    ("red-3-later", "a timeframe is past, present or future"),
    ("red three", "is not a tile"),
    (3, "is not a tile"),
])
def test_a_tile_that_does_not_exist_is_refused(text, why):
    with pytest.raises(IllegalMove, match=why):
        parse_tile(text)


def test_purple_is_not_in_a_three_player_game():
    with pytest.raises(IllegalMove, match="purple is not in this game"):
        P.apply(new(3), Play(0, "purple-3"))


def test_any_sets_may_be_chosen():
    state = P.setup({"seats": 3, "colours": ["red", "green", "purple"]}, seed=1)
    state, _ = P.apply(state, Play(0, "purple-3"))
    with pytest.raises(IllegalMove, match="blue is not in this game"):
        P.apply(state, Play(1, "blue-3"))


def test_a_tile_played_twice_is_refused():
    state, _ = trick(new(3), "red-3-past", "red-1-past", "blue-2-future")
    with pytest.raises(IllegalMove, match="P1 played red-3-past, which was already played"):
        P.apply(state, Play(0, "red-3-past"))


def test_a_face_only_tile_is_refused_once_every_copy_is_played():
    # red-1 exists as past and present: two copies.
    state, _ = trick(new(3), "red-1", "red-2", "blue-2")
    state, _ = trick(state, "red-1", "blue-5", "green-3")
    with pytest.raises(IllegalMove, match=r"every red-1 \(past, present\) is already played"):
        P.apply(state, Play(state.to_play, "red-1"))


def test_a_known_back_and_a_face_only_copy_share_the_copies():
    state, _ = trick(new(3), "red-1-past", "red-2", "blue-2")
    with pytest.raises(IllegalMove, match="already played"):
        P.apply(state, Play(state.to_play, "red-1-past"))
    state, _ = trick(state, "red-1", "blue-5", "green-3")  # the present one
    with pytest.raises(IllegalMove, match="already played"):
        P.apply(state, Play(state.to_play, "red-1"))


def test_one_black_0_per_set():
    state, _ = trick(new(3), "black-0", "black-0", "black-0", declare="red")
    with pytest.raises(IllegalMove, match="all 3 black tiles are already played"):
        P.apply(state, Play(state.to_play, "black-0", "red"))


def test_a_nonexistent_tile_is_refused_in_the_players_words():
    with pytest.raises(IllegalMove, match="^P1 played red-6-past, which does not exist: red-6 exists only as future$"):
        P.apply(new(3), Play(0, "red-6-past"))
    with pytest.raises(IllegalMove, match="^P1 played red-1-future, which does not exist: "
                                          "red-1 exists only as past and present$"):
        P.apply(new(3), Play(0, "red-1-future"))
