"""Proximity Papa's events and the rewards that change the round: Snowfalls and the overlap reward
(dominoes laid over others), Terrible Bonds, Capital Punishment, Man of the People, Good Times,
Political Power, and the rewards that draw, swap or double missions and powers."""
import dataclasses

import pytest

from companion.games import dynasty
from companion.games.base import TABLE, IllegalMove, Viewer
from companion.games.dynasty import Happening, Market, Mission, Pass, Place, Remove
from companion.games.dynasty.state import Task

from .helpers import lay, strengths

FILLER = "grass//|grass//"


def game(players=2, roles=("goods", "warfare"), **options):
    return dynasty.setup({"players": players, "roles": list(roles), "proximity": "yes", **options}, 0)


def with_domino(state, seat=0, cells=((5, 3), (6, 3)), halves=("grass//EW", "grass/person/W")):
    """A domino beside seat's start, laid in free play; then back to a round's draw step."""
    free = dataclasses.replace(state, phase="free")
    return dataclasses.replace(lay(free, seat, "personal", cells, *halves), phase="draw")


def revealed(state, event, dominoes=(FILLER,) * 4, missions=None):
    state, _ = dynasty.apply(state, Happening(0, event))
    state, _ = dynasty.apply(state, Market(0, tuple(dominoes)))
    for seat in range(state.config.players):
        needs = (missions or {}).get(seat, ("goods 1",))
        state, _ = dynasty.apply(state, Mission(seat, tuple(needs)))
    return state


# ---------------------------------------------------------------- Snowfalls and the overlap reward

def test_snowfalls_every_domino_placed_must_lie_over_squares_already_down():
    state = revealed(with_domino(game()), "snow_overlap", ["grass/person/EW|grass//EW", FILLER, FILLER, FILLER])
    assert state.phase == "claim" and state.turn == 0
    with pytest.raises(IllegalMove, match="must lie over at least one square already down"):
        dynasty.apply(state, Place(0, "personal", ((7, 3), (7, 4)), ("grass/person/NS", "grass//NS")))
    with pytest.raises(IllegalMove, match="the starting domino on E4 of P1's map may not be covered"):
        dynasty.apply(state, Place(0, "personal", ((4, 3), (4, 2)), ("grass/person/NS", "grass//NS")))
    # matched against what stays visible beside it: F4's open east edge needs an open west edge
    with pytest.raises(IllegalMove, match="paths do not match on the west edge of square G4"):
        dynasty.apply(state, Place(0, "personal", ((6, 3), (6, 4)), ("grass/person/NS", "grass//NS")))
    before = strengths(state)["goods"]
    state, _ = dynasty.apply(state, Place(0, "personal", ((6, 3), (7, 3)), ("grass/person/EW", "grass//EW")))
    mine = dict(state.personal[0])
    assert mine[(6, 3)].half.text() == "grass/person/EW" and mine[(6, 3)].below.half.text() == "grass/person/W"
    assert (7, 3) in mine and mine[(7, 3)].below is None
    # the person on top counts; the one beneath is covered (one person still reaches the capital)
    assert strengths(state)["goods"] == before
    view = dynasty.view(state, TABLE)
    g4 = next(s for s in view["personal"]["0"] if s["square"] == "G4")
    assert g4["under"] == ["grass/person/W"]


def test_under_snow_a_player_whose_dominoes_can_cover_nothing_places_nothing():
    # P2 (warfare) has only its starting domino, and the shared map only the starts: nothing may be
    # covered, so P2 places nothing though a domino would fit beside its start on another round
    state = revealed(with_domino(game()), "snow_overlap", ["grass/person/EW|grass//EW"] + [FILLER] * 3)
    state, _ = dynasty.apply(state, Place(0, "personal", ((6, 3), (7, 3)), ("grass/person/EW", "grass//EW")))
    assert state.turn == 1
    state, said = dynasty.apply(state, Pass(1))
    assert said[0].text() == "P2 can use no market domino and places nothing."


def test_a_domino_taken_off_shows_what_it_covered_and_one_beneath_stays_until_then():
    state = revealed(with_domino(game()), "snow_overlap", ["grass/person/EW|grass//EW"] + [FILLER] * 3)
    state, _ = dynasty.apply(state, Place(0, "personal", ((6, 3), (7, 3)), ("grass/person/EW", "grass//EW")))
    state = dataclasses.replace(state, tasks=(Task(0, "remove", 2),), phase="report")
    assert [m.cell for m in dynasty.legal_moves(state)] == [(6, 3)]  # the one beneath is held down
    with pytest.raises(IllegalMove, match="the domino on F4 lies partly under another: that one comes off first"):
        dynasty.apply(state, Remove(0, "personal", (5, 3)))
    state, _ = dynasty.apply(state, Remove(0, "personal", (7, 3)))
    mine = dict(state.personal[0])
    assert mine[(6, 3)].half.text() == "grass/person/W" and (7, 3) not in mine
    state, _ = dynasty.apply(state, Remove(0, "personal", (5, 3)))
    assert set(dict(state.personal[0])) == {(3, 3), (4, 3)}


def test_the_overlap_reward_lets_its_player_lay_over_dominoes_next_round_without_having_to():
    state = with_domino(game(proximity="no"))
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",), "overlap"))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    while state.phase == "claim":
        state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    assert state.round == 2 and (0, "overlap", True) in state.effects
    state, _ = dynasty.apply(state, Market(0, ("grass/person/EW|grass//EW",) * 4))
    for seat in (0, 1):
        state, _ = dynasty.apply(state, Mission(seat, ("goods 1",)))
    offered = [m for m in dynasty.legal_moves(state) if isinstance(m, Place)]
    assert any((6, 3) in m.cells and m.map == "personal" for m in offered)  # over G4 may be
    assert any(m.map == "personal" and not set(m.cells) & set(dict(state.personal[0])) for m in offered)
    state, _ = dynasty.apply(state, Place(0, "personal", ((6, 3), (7, 3)), ("grass/person/EW", "grass//EW")))
    assert dict(state.personal[0])[(6, 3)].below is not None
    with pytest.raises(IllegalMove, match="square E4 of P2's map is already taken"):  # P2 has no reward
        dynasty.apply(state, Place(1, "personal", ((4, 3), (4, 4)), ("grass/person/NS", "grass//NS")))


def test_a_storm_s_second_removal_is_dropped_when_the_first_took_the_only_domino():
    state = game(play="free")
    state = dataclasses.replace(lay(state, 0, "shared", ((5, 5), (6, 5)), "grass//", "grass//"), phase="draw")
    state, _ = dynasty.apply(state, Happening(0, "storm_remove"))
    assert [t.seat for t in state.tasks] == [1, 0]  # warfare's role number comes first
    state, said = dynasty.apply(state, Remove(1, "shared", (5, 5)))
    assert not state.tasks and said[-1].text() == "P1 has no domino that may come off."


# ---------------------------------------------------------------- Terrible Bonds

def test_terrible_bonds_discard_the_dominoes_showing_a_role_not_in_the_game():
    # goods and warfare play: money (desert), roads (stone) and housing (plains) are not in the game
    market = [FILLER, "desert//|grass//", "grass/money/|grass//", "lava//|lava//"]
    state, _ = dynasty.apply(game(), Happening(0, "terrible_bonds"))
    state, said = dynasty.apply(state, Market(0, tuple(market)))
    assert state.market == (FILLER, "lava//|lava//")
    assert said[-1].text() == "Terrible Bonds: 2 of them show a role not in the game and are discarded."
    assert set(state.known) >= set(market)  # the box still learns them
    # a free domino drawn this round is discarded too
    free = dataclasses.replace(state, phase="report", tasks=(Task(0, "place", 1, optional=True),))
    with pytest.raises(IllegalMove, match=r"Terrible Bonds: a domino showing the Uncle of Infrastructure's "
                                          r"terrain \(stone\) is discarded this round"):
        dynasty.apply(free, Place(0, "shared", ((5, 5), (6, 5)), ("grass//", "stone//")))
    everyone = dynasty.setup({"players": 5, "proximity": "yes"}, 0)
    everyone, _ = dynasty.apply(everyone, Happening(0, "terrible_bonds"))
    everyone, _ = dynasty.apply(everyone, Market(0, tuple(market)))
    assert len(everyone.market) == 4  # every role plays: nothing is discarded


# ---------------------------------------------------------------- Capital Punishment

def test_capital_punishment_the_player_with_the_most_capitals_does_nothing_this_round():
    from companion.games.dynasty import Take
    state = with_domino(game(powers="yes", roles=("goods", "housing")), halves=("grass/neutral/EW", "grass//W"))
    state, said = dynasty.apply(state, Happening(0, "capital_punishment"))
    assert said[-1].text() == "P1 (2 capitals) does nothing this round."
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 99",), "", "remove_shared"))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    assert state.phase == "claim" and state.turn == 1  # P1's turns pass by
    assert dynasty.view(state, Viewer("seat", 0))["powers"] == []
    with pytest.raises(IllegalMove, match="the event takes it away"):
        dynasty.apply(dataclasses.replace(state, turn=0), Take(0, 2))
    with pytest.raises(IllegalMove, match="Capital Punishment: P1 does nothing this round"):
        dynasty.apply(dataclasses.replace(state, turn=0), Place(0, "shared", ((5, 5), (6, 5)), ("grass//", "grass//")))
    for _ in range(4):  # P2 places every market domino, turn after turn
        assert state.turn == 1
        state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    # P1's mission was still judged, and its penalty still taken
    assert state.phase == "report" and [m.status for m in state.missions] == ["failed", "passed"]
    assert [(t.seat, t.kind) for t in state.tasks] == [(0, "remove shared")]


def test_capital_punishment_ties_sit_everyone_tied_out_and_nobody_claims():
    state, said = dynasty.apply(game(), Happening(0, "capital_punishment"))
    assert said[-1].text() == "P1 and P2 (1 capitals) do nothing this round."
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",)))
    state, said = dynasty.apply(state, Mission(1, ("goods 1",)))
    assert "Nobody may claim a domino this round." in [s.text() for s in said]
    assert state.round == 2 and [m.status for m in state.missions] == ["passed", "passed"]


# ---------------------------------------------------------------- Man of the People

def test_man_of_the_people_only_the_player_with_the_most_people_places_new_ones():
    state = with_domino(game())  # P1 has a person on its map, P2 none
    state, said = dynasty.apply(state, Happening(0, "man_of_the_people"))
    assert said[-1].text() == "P1 (1 people) may place dominoes showing people this round."
    state, _ = dynasty.apply(state, Market(0, ("grass/person/|grass//", FILLER, FILLER, FILLER)))
    for seat in (0, 1):
        state, _ = dynasty.apply(state, Mission(seat, ("goods 1",)))
    state, _ = dynasty.apply(state, Place(0, "shared", ((5, 5), (6, 5)), ("grass//", "grass//")))
    assert state.turn == 1
    with pytest.raises(IllegalMove, match="Man of the People: only P1 may place a domino showing a person"):
        dynasty.apply(state, Place(1, "shared", ((5, 6), (6, 6)), ("grass/person/", "grass//")))
    assert not any("person" in "".join(m.halves) for m in dynasty.legal_moves(state) if isinstance(m, Place))
    tied = dynasty.apply(game(), Happening(0, "man_of_the_people"))[1][-1].text()
    assert tied == "P1 and P2 (0 people) may place dominoes showing people this round."
