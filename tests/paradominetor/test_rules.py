"""One test per rule: setup and passing, turn order, following, the black lead, flips, revokes."""
from collections import Counter

import pytest

from companion.games import IllegalMove, TABLE, Viewer
from companion.games import paradominetor as P
from companion.games.paradominetor.moves import GameOver, Pass, Play, Reveal, RevokeFound
from companion.games.paradominetor.rules import legal_plays, strongest
from companion.games.paradominetor.tiles import TIMEFRAMES, Tile, tile_set

from .table import dealt, new, reveal, trick


# ---------------------------------------------------------------- setup and passing

@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_deal_gives_five_tiles_of_each_timeframe_from_the_seed(seats):
    state = P.setup({"seats": seats, "deal": True}, seed=11)
    assert state.phase == "pass"
    for hand in state.hands:
        assert Counter(t.timeframe for t in hand) == {"past": 5, "present": 5, "future": 5}
    everything = [t for hand in state.hands for t in hand]
    assert Counter(everything) == Counter(tile_set(state.colours))
    assert state.hands == P.setup({"seats": seats, "deal": True}, seed=11).hands
    assert state.hands != P.setup({"seats": seats, "deal": True}, seed=12).hands


@pytest.mark.parametrize("variant, receiver", [("standard", 1), ("advanced", 3)])
def test_one_tile_of_each_timeframe_passes_left_or_right_in_the_advanced_variant(variant, receiver):
    state = P.setup({"seats": 4, "deal": True, "variant": variant}, seed=5)
    given = {}
    for seat in range(4):
        hand = state.hands[seat]
        given[seat] = tuple(str(next(t for t in hand if t.timeframe == tf and t.colour != "black"))
                            for tf in TIMEFRAMES)
        state, events = P.apply(state, Pass(seat, given[seat]))
    assert [e.text() for e in events] == [
        f"Tiles passed to the {'right' if variant == 'advanced' else 'left'}; the first lead may play"]
    assert state.phase == "play" and state.to_play == 0
    hand = [str(t) for t in state.hands[receiver]]
    assert set(given[0]) <= set(hand) and not set(given[receiver]) & set(hand)
    assert all(len(h) == 15 for h in state.hands)


def test_a_pass_is_one_tile_of_each_timeframe_from_the_hand():
    state = P.setup({"seats": 3, "deal": True}, seed=5)
    hand = state.hands[0]
    past = [str(t) for t in hand if t.timeframe == "past"]
    present = next(str(t) for t in hand if t.timeframe == "present")
    future = next(str(t) for t in hand if t.timeframe == "future")
    with pytest.raises(IllegalMove, match="exactly one past, one present and one future"):
        P.apply(state, Pass(0, (past[0], past[1], future)))
    not_held = next(str(t) for t in state.hands[1] if t.timeframe == "past" and t.colour != "black")
    with pytest.raises(IllegalMove, match=f"P1 does not hold {not_held}"):
        P.apply(state, Pass(0, (not_held, present, future)))
    with pytest.raises(IllegalMove, match="every seat must pass"):
        P.apply(state, Play(0, past[0]))
    state, events = P.apply(state, Pass(0, (past[0], present, future)))
    assert events == [] and state.phase == "pass"
    with pytest.raises(IllegalMove, match="P1 has already passed tiles"):
        P.apply(state, Pass(0, (past[1], present, future)))


def test_a_black_0_may_be_passed_as_the_past_tile():
    state = P.setup({"seats": 3, "deal": True}, seed=0)
    seat = next(s for s in range(3) if Tile("black", 0, "past") in state.hands[s])
    hand = state.hands[seat]
    tiles = ("black-0",) + tuple(str(next(t for t in hand if t.timeframe == tf)) for tf in ("present", "future"))
    state, _ = P.apply(state, Pass(seat, tiles))
    assert state.passes[seat][0] == Tile("black", 0, "past")


def test_a_real_table_does_not_pass_through_the_companion():
    with pytest.raises(IllegalMove, match="only before the first trick of a dealt game"):
        P.apply(new(3), Pass(0, ("red-1-past", "red-1-present", "red-2-future")))


@pytest.mark.parametrize("options, why", [
    ({"seats": 2}, "for 3, 4 or 5 players"),
    ({"seats": 6}, "for 3, 4 or 5 players"),
    ({"seats": 3, "colours": ["red", "red", "blue"]}, "choose 3 different colours"),
    ({"seats": 3, "colours": ["red", "blue", "orange"]}, "choose 3 different colours"),
    ({"seats": 3, "names": ["Ann", "Bo"]}, "give 3 seat names"),
    ({"seats": 3, "first_lead": 3}, "the first lead is a seat from 0 to 2"),
    ({"seats": 3, "variant": "expert"}, "standard .* or advanced"),
    ({"seats": 3, "deal": "yes"}, "deal is true"),
    ({"seats": 3, "jokers": True}, "no option jokers"),
])
def test_setup_refuses_what_the_game_does_not_have(options, why):
    with pytest.raises(IllegalMove, match=why):
        P.setup(options, seed=1)


# ---------------------------------------------------------------- turn order

def test_play_goes_clockwise_from_the_lead():
    state = new(4, first_lead=2)
    assert state.to_play == 2
    with pytest.raises(IllegalMove, match="it is P3's turn, not P1's"):
        P.apply(state, Play(0, "red-3"))
    state, _ = trick(state, "red-3", "red-4")
    assert state.to_play == 0
    state, _ = trick(state, "red-5", "blue-2")
    assert len(state.done) == 1 and state.to_play == 0  # P1's red 5 won: P1 leads


def test_a_seat_that_is_not_at_the_table_is_refused():
    for seat in (4, -1, True, "1"):
        with pytest.raises(IllegalMove, match="there is no seat"):
            P.apply(new(4), Play(seat, "red-3"))
    with pytest.raises(IllegalMove, match="there is no seat 7"):
        P.view(new(4), Viewer.of_seat(7))


def test_fifteen_tricks_then_the_game_is_over():
    state = dealt(3, seed=9)
    while not P.is_over(state):
        state, events = P.apply(state, legal_plays(state)[0])
    assert len(state.done) == 15 and all(len(h) == 0 for h in state.hands)
    assert isinstance(events[-1], GameOver)
    with pytest.raises(IllegalMove, match="the game is over"):
        P.apply(state, Play(state.lead, "red-1"))


# ---------------------------------------------------------------- following

RBY = {"colours": ["red", "blue", "yellow"]}
FOLLOW_HANDS = [["yellow-2-past", "blue-3-present"],
                ["yellow-4-past", "red-2-past"],
                ["yellow-5-present", "blue-6-future", "black-0"]]


def test_the_lead_colour_must_be_followed_when_possible():
    state = dealt(3, hands=FOLLOW_HANDS, **RBY)
    state, _ = trick(state, "yellow-2-past", "yellow-4-past")
    with pytest.raises(IllegalMove, match="^P3 must follow yellow: yellow was played$"):
        P.apply(state, Play(2, "blue-6-future"))
    assert [m.tile for m in legal_plays(state)] == ["black-0", "yellow-5-present"]


def test_black_may_always_be_played():
    state = dealt(3, hands=FOLLOW_HANDS, **RBY)
    state, _ = trick(state, "yellow-2-past", "yellow-4-past", "black-0")
    assert state.done[0].winners == (1,)
    assert state.revokes == ()


def test_any_colour_played_so_far_may_be_followed():
    hands = [["yellow-2-past"], ["blue-4-past"], ["blue-6-future", "red-1-past"]]
    state = dealt(3, hands=hands, **RBY)
    state, _ = trick(state, "yellow-2-past", "blue-4-past")  # P2 could not follow yellow
    assert P.view(state, TABLE)["must_follow"] == ["blue", "yellow"]
    with pytest.raises(IllegalMove, match="^P3 must follow blue or yellow: blue and yellow were played$"):
        P.apply(state, Play(2, "red-1-past"))
    state, _ = P.apply(state, Play(2, "blue-6-future"))
    assert state.done[0].winners == (0,)  # blue is off-colour: the yellow 2 wins


def test_a_seat_that_cannot_follow_plays_anything():
    hands = [["red-2-past"], ["blue-4-past", "green-1-past"], ["green-6-future"]]
    state = dealt(3, hands=hands)
    state, _ = P.apply(state, Play(0, "red-2-past"))
    assert {m.tile for m in legal_plays(state)} == {"blue-4-past", "green-1-past"}
    state, _ = trick(state, "green-1-past", "green-6-future")
    assert state.done[0].winners == (0,)


def test_a_dealt_game_plays_only_from_the_hand():
    hands = [["red-3-present", "red-3-future", "blue-1-past"], ["red-4-past"], ["red-5-future"]]
    state = dealt(3, hands=hands)
    with pytest.raises(IllegalMove, match="P1 does not hold red-4-past"):
        P.apply(state, Play(0, "red-4-past"))
    with pytest.raises(IllegalMove, match="P1 holds red-3-present and red-3-future: say which one"):
        P.apply(state, Play(0, "red-3"))
    state, _ = P.apply(state, Play(0, "blue-1"))  # the face is enough when it is the only one
    assert state.trick[0].tile == Tile("blue", 1, "past")


def test_two_black_0s_in_a_hand_are_one_and_the_same_to_play():
    hands = [["black-0", "black-0", "red-1-past"], ["red-4-past"], ["red-5-future"]]
    state = dealt(3, hands=hands)
    state, _ = P.apply(state, Play(0, "black-0", "red"))
    assert state.hands[0] == (Tile("red", 1, "past"), Tile("black", 0, "past"))


# ---------------------------------------------------------------- the black lead

def test_a_black_lead_declares_a_colour_in_play():
    with pytest.raises(IllegalMove, match="P1 leads black and must declare a colour in play: red, blue, green"):
        P.apply(new(3), Play(0, "black-0"))
    with pytest.raises(IllegalMove, match="must declare a colour in play"):
        P.apply(new(3), Play(0, "black-0", "purple"))
    state, events = P.apply(new(3), Play(0, "black-0", "Green"))
    assert events[0].text() == "P1 played black 0, declared green"
    assert P.view(state, TABLE)["must_follow"] == ["green"]
    assert P.view(state, TABLE)["current_trick"] == [{"seat": 0, "tile": "black-0", "declare": "green"}]


def test_the_declared_colour_must_be_followed():
    hands = [["black-0"], ["green-2-past", "red-6-future"], ["red-1-past"]]
    state, _ = P.apply(dealt(3, hands=hands), Play(0, "black-0", "green"))
    with pytest.raises(IllegalMove, match="P2 must follow green: green was played"):
        P.apply(state, Play(1, "red-6-future"))


def test_only_a_coloured_tile_is_not_declared():
    with pytest.raises(IllegalMove, match="P1 cannot declare a colour"):
        P.apply(new(3), Play(0, "red-3", "blue"))


# ---------------------------------------------------------------- flipping a paradox

def _flip_wait():
    """Blue 3 lead; P3 and P4 play face-only yellow 1s: the companion asks them to flip."""
    state, events = trick(new(4), "blue-3", "blue-5", "yellow-1", "yellow-1")
    return state, events


def test_a_face_only_paradox_waits_for_its_tiles_to_be_flipped():
    state, events = _flip_wait()
    assert events[-1].text() == "Paradox yellow 1: P3, P4 flip your tiles"
    assert state.phase == "flip" and state.to_play is None and state.done == ()
    assert P.view(state, TABLE)["awaiting_flip"] == [2, 3]
    with pytest.raises(IllegalMove, match="first the paradox tiles must be flipped: waiting for P3, P4"):
        P.apply(state, Play(0, "red-1"))


@pytest.mark.parametrize("seat, back, why", [
    (0, "past", "P1 has no paradox tile to flip; waiting for P3, P4"),
    (2, "future", "the back cannot be future: yellow-1 exists only as past and present"),
    (2, "soon", "'soon' is not a timeframe"),
])
def test_a_reveal_must_be_a_possible_back_of_a_waiting_tile(seat, back, why):
    state, _ = _flip_wait()
    with pytest.raises(IllegalMove, match=why):
        P.apply(state, Reveal(seat, back))


def test_two_backs_cannot_read_the_same():
    state, events = reveal(_flip_wait()[0], {2: "present"})
    assert [e.text() for e in events] == ["P3's yellow 1 is present"]
    with pytest.raises(IllegalMove, match="the yellow 1 present tile was already played; please check P4's tile again"):
        P.apply(state, Reveal(3, "present"))
    with pytest.raises(IllegalMove, match="P3 has no paradox tile to flip"):
        P.apply(state, Reveal(2, "past"))


def test_a_reveal_only_when_a_paradox_waits():
    with pytest.raises(IllegalMove, match="no paradox is waiting to be flipped"):
        P.apply(new(3), Reveal(0, "past"))


def test_the_trick_is_scored_once_every_back_is_read():
    state, events = reveal(_flip_wait()[0], {2: "Present", 3: "past"})
    assert events[-1].text() == "Paradox yellow 1: P3 present 0.5, P4 past 1 pt"
    assert state.phase == "play" and state.lead == 3 and state.to_play == 3
    played = P.view(state, TABLE)["tricks"][0]["plays"]
    assert [p.get("timeframe") for p in played] == [None, None, "present", "past"]


# ---------------------------------------------------------------- revokes

def test_a_revoke_is_found_when_a_later_play_proves_the_colour_was_held():
    state, _ = trick(new(3), "red-3", "blue-2", "red-5")  # P2 shows no red
    assert state.revokes == ()
    state, events = trick(state, "green-1", "green-3", "red-4")  # P3 won and leads
    revoke = [e for e in events if isinstance(e, RevokeFound)]
    assert [e.text() for e in revoke] == ["Revoke: P2 played red in trick 2 but did not follow red in trick 1"]
    assert P.view(state, TABLE)["revokes"] == [{"seat": 1, "colour": "red", "trick": 2, "earlier_trick": 1}]


def test_a_black_tile_proves_nothing():
    state, _ = trick(new(3), "red-3", "black-0", "red-5")
    state, events = trick(state, "green-1", "red-4", "green-2")
    assert state.revokes == () and not any(isinstance(e, RevokeFound) for e in events)


def test_leaving_every_colour_in_play_shows_none_of_them_was_held():
    state, _ = trick(new(4), "red-3", "blue-2", "green-5", "red-5")  # P3 could follow neither
    state, events = trick(state, "red-2", "blue-1", "yellow-3", "blue-6")
    assert [e.text() for e in events if isinstance(e, RevokeFound)] == [
        "Revoke: P3 played blue in trick 2 but did not follow blue in trick 1"]


def test_each_revoke_is_announced_once():
    state, _ = trick(new(3), "red-3", "blue-2", "red-5")     # P2 leaves red: trick 1
    state, _ = trick(state, "red-2", "red-1", "green-2")    # and again in trick 2, led by P3
    state, events = trick(state, "green-5", "green-6", "green-3")  # P3 led again; P1 wins
    assert not any(isinstance(e, RevokeFound) for e in events)
    state, events = trick(state, "blue-3", "red-6", "blue-5")  # P2 plays red: both were revokes
    texts = [e.text() for e in events if isinstance(e, RevokeFound)]
    assert texts == ["Revoke: P2 played red in trick 4 but did not follow red in trick 1",
                     "Revoke: P2 played red in trick 4 but did not follow red in trick 2"]
    assert state.lead == 2
    state, events = trick(state, "red-4", "red-2", "red-3")  # P2 plays red again: nothing new
    assert not any(isinstance(e, RevokeFound) for e in events)
    assert len(state.revokes) == 2


def test_a_blank_declaration_is_no_declaration():
    state, _ = P.apply(new(3), Play(0, "red-3", " "))
    assert state.trick[0].declare is None
    with pytest.raises(IllegalMove, match="P1 leads black and must declare"):
        P.apply(new(3), Play(0, "black-0", ""))


def test_strongest_says_who_would_win_the_trick_so_far():
    state = new(4)
    assert strongest(state) == (None, ())
    state, _ = trick(state, "blue-3", "blue-5", "green-6")
    assert strongest(state) == (None, (1,))
    state, _ = P.apply(state, Play(3, "blue-3"))
    assert state.phase == "flip" and strongest(state) == ("blue 3", (0, 3))
