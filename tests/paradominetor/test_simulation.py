"""The virtual table's verbs: only real tiles go down, refusals come at once in a player's words,
scored tricks are gathered as players gather them, and a waiting paradox is never swept away."""
import pytest

from companion.games import TABLE, IllegalMove
from companion.games import paradominetor as P
from companion.games.paradominetor.moves import Play, Reveal
from companion.games.paradominetor.tiles import VALUES
from companion.games.paradominetor.camera import MAT, TILES
from companion.games.paradominetor.simulation import Verbs
from vision.mat import mat_layout
from vision.synthetic import SyntheticTable


def verbs(seats=3):
    layout = mat_layout(MAT, seats)
    return Verbs(SyntheticTable(layout, tiles=TILES, seed=1), layout)


def game(seats=3):
    return P.setup({"seats": seats}, 0)


def lay(v, state, seat, tile, declare=None):
    """Put a tile on the virtual table and play it, as the camera then would."""
    v.act({"action": "play", "seat": seat, "tile": tile}, P.view(state, TABLE))
    face = "black-0" if tile.startswith("black") else "-".join(tile.split("-")[:2])
    state, _ = P.apply(state, Play(seat, face, declare))
    return state


def lying(v):
    return sorted((t.label, t.face_up, t.back) for t in v.table.tiles.values())


def test_every_real_tile_of_the_game_can_go_down():
    state = game(5)
    v = verbs(5)
    view = P.view(state, TABLE)
    for colour in view["colours"]:
        for timeframe, values in VALUES.items():
            for value in values:
                v.act({"action": "clear"}, view)
                v.act({"action": "play", "seat": 0, "tile": f"{colour}-{value}-{timeframe}"}, view)
                assert lying(v) == [(f"{colour}-{value}", True, timeframe)]
    v.act({"action": "clear"}, view)
    v.act({"action": "play", "seat": 0, "tile": "black-0"}, view)
    assert lying(v) == [("black-0", True, "past")]


@pytest.mark.parametrize("tile, words", [
    ("red-0-past", "There is no red 0: red tiles run from 1 to 6 (only the black tile is a 0)"),
    ("red-6-past", "There is no past red 6: red 6 is only future"),
    ("blue-5-past", "There is no past blue 5: blue 5 is only present or future"),
    ("green-1-future", "There is no future green 1: green 1 is only past or present"),
    ("red-7-future", "There is no red 7: red tiles run from 1 to 6 (only the black tile is a 0)"),
    ("purple-3-past", "There are no purple tiles in this game: its colours are red, blue, green and black"),
    ("red-3", "Which red 3? Its back says past, present or future"),
    ("red", "Which red tile? Give its value and the timeframe on its back"),
    ("black-3", "The black tile is a 0, and its back is past"),
    ("black-0-future", "The black tile is a 0, and its back is past"),
    ("", "Choose a tile: its colour, its value and the timeframe on its back"),
    (7, "Choose a tile: its colour, its value and the timeframe on its back"),
])
def test_a_tile_that_does_not_exist_is_refused_at_once_in_a_players_words(tile, words):
    v = verbs()
    with pytest.raises(IllegalMove) as refused:
        v.act({"action": "play", "seat": 0, "tile": tile}, P.view(game(), TABLE))
    assert str(refused.value) == words
    assert v.table.tiles == {}


@pytest.mark.parametrize("seat", [None, "0", -1, 3, True])
def test_a_seat_that_is_not_at_the_table_is_refused(seat):
    v = verbs()
    with pytest.raises(IllegalMove, match="Choose whose tile it is"):
        v.act({"action": "play", "seat": seat, "tile": "red-3-past"}, P.view(game(), TABLE))


def test_an_unknown_verb_says_what_the_table_can_do():
    with pytest.raises(IllegalMove, match="put a tile in the trick, flip the paradox tiles or clear"):
        verbs().act({"action": "shuffle"}, {})


def test_the_next_tile_after_a_scored_trick_gathers_the_trick_first():
    v, state = verbs(), game()
    for seat, tile in enumerate(["red-4-past", "red-2-present", "blue-5-future"]):
        state = lay(v, state, seat, tile)
    assert len(P.view(state, TABLE)["tricks"]) == 1 and len(v.table.tiles) == 3
    # Trick 2: P1 leads, and the scored trick's three tiles are gathered before the lead goes down.
    for trick in range(2, 6):
        lead = state.lead
        state = lay(v, state, lead, "green-3-present" if trick % 2 else "blue-3-past")
        assert lying(v) == [("green-3" if trick % 2 else "blue-3", True, "present" if trick % 2 else "past")]
        for k in (1, 2):
            state = lay(v, state, (lead + k) % 3, ["red-1-past", "red-2-past", "blue-1-past",
                                                   "green-1-past", "red-3-past", "blue-2-past",
                                                   "green-2-past", "blue-4-past"][(trick * 2 + k) % 8])
        assert len(P.view(state, TABLE)["tricks"]) == trick


def test_tricks_take_turns_between_two_rows_so_no_new_tile_lands_on_a_gathered_one():
    v, state = verbs(), game()
    for seat, tile in enumerate(["red-4-past", "red-2-present", "blue-5-future"]):
        state = lay(v, state, seat, tile)
    first = [(t.x_mm, t.y_mm) for t in v.table.tiles.values()]
    state = lay(v, state, state.lead, "green-3-present")
    (new,) = [(t.x_mm, t.y_mm) for t in v.table.tiles.values()]
    z = v.layout.zones["trick"]
    assert all(((x - new[0]) ** 2 + (y - new[1]) ** 2) ** 0.5 > 40 for x, y in first)
    for x, y in first + [new]:  # a 28 x 40 mm tile lies wholly inside the trick area
        assert z.x + 14 < x < z.x + z.w - 14 and z.y + 20 < y < z.y + z.h - 20


def test_a_paradox_waiting_to_be_flipped_is_never_cleared():
    v, state = verbs(), game()
    for seat, tile in enumerate(["red-3-past", "blue-2-present", "red-3-present"]):
        state = lay(v, state, seat, tile)
    view = P.view(state, TABLE)
    assert view["awaiting_flip"] == [0, 2]
    before = lying(v)
    with pytest.raises(IllegalMove, match=r"^A paradox waits: turn over the paradox tiles \(P1 and P3\) before clearing the trick area$"):
        v.act({"action": "clear"}, view)
    with pytest.raises(IllegalMove, match="before the next tile goes down$"):
        v.act({"action": "play", "seat": 0, "tile": "green-2-past"}, view)
    assert lying(v) == before
    # Flip turns the paradox tiles over (only them, and only once), and they stay to be read.
    assert v.act({"action": "flip"}, view) == "Turned over 2 paradox tiles"
    assert lying(v) == [("blue-2", True, "present"), ("red-3", False, "past"), ("red-3", False, "present")]
    with pytest.raises(IllegalMove, match="already show their backs"):
        v.act({"action": "flip"}, view)
    assert len(v.table.tiles) == 3
    for seat, tf in ((0, "past"), (2, "present")):
        state, _ = P.apply(state, Reveal(seat, tf))
    view = P.view(state, TABLE)
    assert len(view["tricks"]) == 1 and view["lead"] == 0
    with pytest.raises(IllegalMove, match="No paradox waits: there is nothing to flip"):
        v.act({"action": "flip"}, view)
    lay(v, state, 0, "green-2-past")  # the flipped trick is gathered with the next lead
    assert lying(v) == [("green-2", True, "past")]


def test_five_tiles_fill_the_trick_area_until_the_trick_is_scored():
    v = verbs(5)
    view = P.view(game(5), TABLE)
    for seat in range(5):
        v.act({"action": "play", "seat": seat, "tile": f"red-{seat + 1}-present"}, view)
    with pytest.raises(IllegalMove, match="The trick area is full: wait for the camera to score the trick"):
        v.act({"action": "play", "seat": 0, "tile": "blue-2-present"}, view)


def test_without_a_view_the_verbs_still_lay_and_flip():
    """Callers with no view (tests driving the table directly) get the verbs unchecked."""
    v = verbs()
    v.act({"action": "play", "seat": 0, "tile": "red-3-past"}, {})
    v.act({"action": "play", "seat": 1, "tile": "red-3-present"}, {})
    assert v.act({"action": "flip", "seats": [0, 1]}, {}) == "Turned over 2 paradox tiles"
    assert v.act({"action": "clear"}, {}) == "The trick area is clear"
    assert v.table.tiles == {}
