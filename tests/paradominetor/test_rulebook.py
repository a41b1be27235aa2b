"""Every worked example in the rulebook ("Winning a Trick", "Scoring Tricks"), played at a table.

The pictures are missing, so the tiles the captions leave out are filled in; the backs are chosen
so that play order and timeframe disagree wherever that can show which one decides the scorer.
Player 1 in the rulebook is the lead: seat 0 here.
"""
import pytest

from companion.games import TABLE
from companion.games import paradominetor as P
from companion.games.paradominetor.moves import FlipRequested
from companion.games.paradominetor.rules import strongest

from .table import last, new, reveal, trick

WITH_PURPLE = {"colours": ["red", "blue", "green", "yellow", "purple"]}


def outcome(state):
    r = last(state)
    return r["winners"], r["points"], r["paradox"], r["next_lead"]


def test_highest_on_colour_tile():
    # Green 4 leads; a yellow 6 is higher but off-colour.
    state, events = trick(new(4), "green-4-past", "green-2-present", "yellow-6-future", "green-5-future")
    assert outcome(state) == ([3], {"3": 1}, None, 3)
    assert events[-1].text() == "P4 wins with green 5: 1 pt"
    assert state.to_play == 3


def test_the_lead_wins_when_nobody_plays_higher_on_colour():
    state, _ = trick(new(4), "green-4-past", "green-2-present", "yellow-6-future", "red-5-future")
    assert outcome(state) == ([0], {"0": 1}, None, 0)


def test_off_colour_paradox():
    # Blue 3 leads; players 3 and 4 follow off-colour with yellow 1s. Player 4's is the past one.
    state, events = trick(new(4), "blue-3-past", "blue-5-present", "yellow-1-present", "yellow-1-past")
    assert outcome(state) == ([2, 3], {"2": 0.5, "3": 1}, "yellow 1", 3)
    assert events[-1].text() == "Paradox yellow 1: P3 present 0.5, P4 past 1 pt"
    assert P.scores(state) == {0: 0, 1: 0, 2: 0.5, 3: 1}


def test_off_colour_paradox_read_from_flipped_tiles():
    # The same trick as the camera sees it: faces only, then the paradox tiles are flipped.
    state, events = trick(new(4), "blue-3", "blue-5", "yellow-1", "yellow-1")
    assert isinstance(events[-1], FlipRequested) and events[-1].seats == (2, 3)
    state, events = reveal(state, {3: "past", 2: "present"})
    assert outcome(state) == ([2, 3], {"2": 0.5, "3": 1}, "yellow 1", 3)
    plays = last(state)["plays"]
    assert "timeframe" not in plays[0] and "timeframe" not in plays[1]  # blue tiles stay face up


def test_on_colour_paradox():
    # Red 5 leads and is the highest red, but players 2 and 4 make a red 2 paradox.
    state, events = trick(new(4), "red-5-present", "red-2-future", "blue-4-past", "red-2-present")
    assert outcome(state) == ([1, 3], {"1": 0.5, "3": 1}, "red 2", 3)
    assert events[-1].text() == "Paradox red 2: P2 future 0.5, P4 present 1 pt"


def test_multiple_on_colour_paradoxes():
    state = new(5)
    state, _ = trick(state, "red-3-present", "red-4-future", "red-3-past")
    # At the end of player 3's turn the red 3 paradox would have won the trick...
    assert strongest(state) == ("red 3", (0, 2))
    state, _ = trick(state, "red-4-past", "blue-5-present")
    # ...but player 4's red 4 makes the stronger paradox: the same colour, a higher value.
    assert outcome(state) == ([1, 3], {"1": 0.5, "3": 1}, "red 4", 3)


def test_multiple_off_colour_paradoxes():
    # Blue 6 leads; green appears before yellow, so the green 3 paradox wins.
    state, events = trick(new(5), "blue-6-future", "green-3-present", "yellow-3-past",
                          "yellow-3-future", "green-3-past")
    assert outcome(state) == ([1, 4], {"1": 0.5, "4": 1}, "green 3", 4)
    assert events[-1].text() == "Paradox green 3: P2 present 0.5, P5 past 1 pt"


def test_paradox_with_the_lead_players_black_0():
    # Black 0 declared purple; purple 6, black 0, black 0. The lead joins the black paradox and,
    # having played black earliest, scores 1.
    state, events = trick(new(4, colours=["red", "blue", "green", "purple"]),
                          "black-0", "purple-6-future", "black-0", "black-0", declare="purple")
    assert outcome(state) == ([0, 2, 3], {"0": 1, "2": 0.5, "3": 0.5}, "black 0", 0)
    assert events[-1].text() == "Paradox black 0: P1 past 1 pt, P3 past 0.5, P4 past 0.5"
    assert P.view(state, TABLE)["lead"] == 0


def test_multiple_paradoxes_with_the_lead_players_black_0():
    # The purple 4 paradox is on-colour, but black was played earlier than purple.
    state, events = trick(new(5, **WITH_PURPLE), "black-0", "purple-4-past", "purple-4-present",
                          "purple-4-future", "black-0", declare="purple")
    assert outcome(state) == ([0, 4], {"0": 1, "4": 0.5}, "black 0", 0)
    plays = last(state)["plays"]
    assert [p.get("timeframe") for p in plays] == ["past", None, None, None, "past"]


def test_every_player_plays_a_black_0():
    state, events = trick(new(4, first_lead=2), "black-0", "black-0", "black-0", "black-0", declare="red")
    assert outcome(state) == ([2, 3, 0, 1], {"2": 0.5, "3": 0.5, "0": 0.5, "1": 0.5}, "black 0", 2)
    assert events[-1].text() == "Paradox black 0, all played black: everyone 0.5"
    assert P.view(state, TABLE)["half_point_tricks"] == {"0": 1, "1": 1, "2": 1, "3": 1}


@pytest.mark.parametrize("scores, halves, won", [
    ((8, 4, 3), (0, 0, 0), [0]),
    ((6, 6, 3), (2, 0, 0), [1]),     # tied on points: fewer 0.5-point tricks wins
    ((6, 6, 3), (1, 1, 0), [0, 1]),  # still tied: a shared victory
])
def test_the_winner_of_the_game(scores, halves, won):
    from dataclasses import replace
    state = replace(new(3), scores=tuple(map(float, scores)), halves=halves, phase="over")
    assert P.winners(state) == won


def test_not_over_has_no_winner():
    assert P.winners(new(3)) == [] and not P.is_over(new(3))
