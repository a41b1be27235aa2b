"""Proximity Papa's events and the rewards that change the round: Snowfalls and the overlap reward
(dominoes laid over others), Terrible Bonds, Capital Punishment, Man of the People, Good Times,
Political Power, and the rewards that draw, swap or double missions and powers."""
import dataclasses

import pytest

from companion.games import dynasty
from companion.games.base import TABLE, IllegalMove, Viewer
from companion.games.dynasty.moves import Happening, Market, Mission, Pass, Place, Remove
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
    # the one beneath is held down: only the top one is offered, named by either of its squares
    assert [m.cell for m in dynasty.legal_moves(state)] == [(6, 3), (7, 3)]
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
    from companion.games.dynasty.moves import Take
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


# ---------------------------------------------------------------- Good Times

def test_good_times_each_player_ignores_the_part_of_their_mission_they_choose():
    from companion.games.dynasty.moves import Ignore
    state = revealed(game(), "mission_soften", missions={0: ("goods 99", "warfare 1"), 1: ("goods 1", "warfare 99")})
    assert Ignore(0, 0) in dynasty.legal_moves(state) and Ignore(1, 1) in dynasty.legal_moves(state)
    assert dynasty.view(state, Viewer("seat", 0))["ignore"] == [0, 1]
    with pytest.raises(IllegalMove, match="the mission has 2 parts: choose one of 1 to 2"):
        dynasty.apply(state, Ignore(0, 2))
    state, said = dynasty.apply(state, Ignore(0, 0))
    assert said[0].text() == "P1 ignores Goods 99 of their mission (Good Times)."
    assert dynasty.view(state, Viewer("seat", 0))["ignore"] == [1]  # a mind may change until the report
    while state.phase == "claim":  # P2 chooses nothing: the companion ignores the part that lets it pass
        state = dynasty.apply(state, [m for m in dynasty.legal_moves(state) if isinstance(m, Place)][0])[0]
    first, second = state.missions
    assert first.status == "passed" and first.ignored == 0 and first.result == (("warfare", 1, 2),)
    assert second.status == "passed" and second.ignored == 1
    assert "P2 chose no part of their mission to ignore: the companion ignores Military 99." in state.said
    with pytest.raises(IllegalMove, match="in the Good Times round only"):
        dynasty.apply(state, Ignore(0, 0))


def test_good_times_a_mission_of_one_part_ignored_passes_and_a_secret_choice_stays_secret():
    from companion.games.dynasty.moves import Ignore
    state, _ = dynasty.apply(game(), Happening(0, "mission_soften"))
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 99",), secret=True))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    state, said = dynasty.apply(state, Ignore(0, 0))
    assert said[0].text() == "P1 chose the part of their secret mission to ignore."
    assert "99" not in str(dynasty.view(state, Viewer("seat", 1))["missions"])
    while state.phase == "claim":
        state = dynasty.apply(state, dynasty.legal_moves(state)[0])[0]
    assert state.missions[0].status == "passed"
    assert "P1's mission passed: its one part is ignored (Good Times)." in state.said


# ---------------------------------------------------------------- Political Power and swapping missions

def test_political_power_the_strongest_player_may_swap_missions_before_the_report():
    from companion.games.dynasty.moves import Swap
    # P1 (goods) has a person on its map: Goods 4 beats Military 2
    state = revealed(with_domino(game()), "mission_swap", missions={0: ("warfare 99",), 1: ("goods 1",)})
    while state.phase == "claim":
        state = dynasty.apply(state, [m for m in dynasty.legal_moves(state) if isinstance(m, Place)][0])[0]
    assert state.phase == "swap" and state.turn == 0
    assert state.said[-1].startswith("Political Power: P1 (strength ")
    assert dynasty.legal_moves(state) == [Swap(0, 1), Pass(0)]
    assert dynasty.view(state, Viewer("seat", 0))["swap_with"] == [1]
    assert dynasty.view(state, Viewer("seat", 1))["swap_with"] == []
    with pytest.raises(IllegalMove, match="Political Power: P1 decides on a swap now"):
        dynasty.apply(state, Swap(1, 0))
    swapped, said = dynasty.apply(state, Swap(0, 1))
    assert said[0].text() == "P1 swaps missions with P2."
    first, second = swapped.missions  # judged as each new holder's
    assert (first.seat, first.status, second.seat, second.status) == (1, "failed", 0, "passed")
    kept, said = dynasty.apply(state, Pass(0))
    assert said[0].text() == "P1 keeps their mission." and [m.seat for m in kept.missions] == [0, 1]


def test_a_swapped_secret_mission_is_seen_by_its_new_holder_only():
    from companion.games.dynasty.moves import Swap
    state, _ = dynasty.apply(with_domino(game()), Happening(0, "mission_swap"))
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",)))
    state, _ = dynasty.apply(state, Mission(1, ("warfare 7",), secret=True))
    while state.phase == "claim":
        state = dynasty.apply(state, [m for m in dynasty.legal_moves(state) if isinstance(m, Place)][0])[0]
    state = dynasty.apply(state, Swap(0, 1))[0]
    assert dynasty.secrets(state) == {"seat-0": {"Mission 2: Military 7"}, "seat-1": set()}
    assert "Military 7" in str(dynasty.view(state, Viewer("seat", 0))["missions"])
    assert "Military 7" not in str(dynasty.view(state, Viewer("seat", 1))["missions"])
    assert "Military 7" not in str(dynasty.view(state, TABLE)["missions"])


def _reward_next_round(reward, **options):
    """P1's mission of round 1 passes with `reward`; round 2's market is out."""
    state = dynasty.setup({"players": 2, "roles": ["goods", "warfare"], **options}, 0)
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",), reward))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    while state.phase == "claim":
        state = dynasty.apply(state, [m for m in dynasty.legal_moves(state) if isinstance(m, Place)][0])[0]
    assert state.round == 2
    return dynasty.apply(state, Market(0, (FILLER,) * 4))[0]


def test_the_force_mission_reward_swaps_once_after_the_missions_are_received():
    from companion.games.dynasty.moves import Swap
    state = _reward_next_round("force_mission")
    state, _ = dynasty.apply(state, Mission(0, ("goods 50",)))
    assert not [m for m in dynasty.legal_moves(state) if isinstance(m, Swap)]  # P2's is not in yet
    with pytest.raises(IllegalMove, match="missions are swapped with the force-mission reward once they are in"):
        dynasty.apply(state, Swap(0, 1))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    assert state.phase == "claim" and Swap(0, 1) in dynasty.legal_moves(state)
    assert Swap(1, 0) not in dynasty.legal_moves(state)
    state, _ = dynasty.apply(state, Swap(0, 1))
    assert [(m.seat, m.needs[0].num) for m in state.missions if m.round == 2] == [(1, 50), (0, 1)]
    assert not [m for m in dynasty.legal_moves(state) if isinstance(m, Swap)]
    with pytest.raises(IllegalMove, match="already swapped missions this round"):
        dynasty.apply(state, Swap(0, 1))


# ---------------------------------------------------------------- drawing several missions, powers twice

def test_the_triple_mission_reward_draws_as_many_missions_as_the_neutral_strength_and_keeps_one():
    from companion.games.dynasty.moves import Choose
    from companion.games.dynasty.maps import Half, Square, frozen
    state = _reward_next_round("triple_mission")
    # two Neutral capitals on P1's map: Neutral strength 2 (each worth 1)
    mine = dict(state.personal[0]) | {(5, 3): Square(Half.parse("grass/neutral/W"), 90),
                                      (3, 2): Square(Half.parse("grass/neutral/S"), 91)}
    state = dataclasses.replace(state, personal=(frozen(mine),) + state.personal[1:])
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",)))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    assert state.phase == "draw" and dynasty.view(state, Viewer("seat", 0))["needs_mission"]
    state, _ = dynasty.apply(state, Mission(0, ("goods 2",)))
    with pytest.raises(IllegalMove, match="already has this round's mission"):
        dynasty.apply(state, Mission(0, ("goods 3",)))
    held = [m.id for m in state.missions if m.round == 2 and m.seat == 0]
    assert dynasty.view(state, Viewer("seat", 0))["keep_one_of"] == held
    assert sorted(m.mission for m in dynasty.legal_moves(state) if isinstance(m, Choose)) == held
    state, said = dynasty.apply(state, Choose(0, held[1]))
    assert said[0].text() == f"P1 keeps mission {held[1]} and puts the other back." and state.phase == "claim"


def test_the_triple_mission_reward_with_no_neutral_strength_draws_one():
    state = _reward_next_round("triple_mission")
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",)))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    assert state.phase == "claim"


def test_the_powerful_reward_lets_a_power_be_used_twice_next_round():
    from companion.games.dynasty.moves import Take
    state = _reward_next_round("powerful", powers="yes")
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",)))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    state, _ = dynasty.apply(state, Take(0, 0))  # the Aunt takes none this turn...
    state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])  # P2 places
    assert state.turn == 0 and Take(0, 0) in dynasty.legal_moves(state)  # ...and may again
    state, _ = dynasty.apply(state, Take(0, 0))
    state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    assert state.turn == 0 and not any(isinstance(m, Take) for m in dynasty.legal_moves(state))
    with pytest.raises(IllegalMove, match=r"the power is used once per round \(twice after the powerful reward\)"):
        dynasty.apply(state, Take(0, 0))


def test_a_domino_partly_under_another_is_not_moved_and_each_rearranged_domino_moves_once():
    from companion.games.dynasty.moves import Shift
    state = revealed(with_domino(game()), "snow_overlap", ["grass/person/EW|grass//EW"] + [FILLER] * 3)
    state, _ = dynasty.apply(state, Place(0, "personal", ((6, 3), (7, 3)), ("grass/person/EW", "grass//EW")))
    state = dataclasses.replace(state, tasks=(Task(0, "move", 3, optional=True),), phase="report", event="")
    with pytest.raises(IllegalMove, match="the domino on F4 lies partly under another and stays where it is"):
        dynasty.apply(state, Shift(0, "personal", (5, 3), ((3, 4), (3, 5)), ("grass//NS", "grass/person/N")))
    assert {m.cell for m in dynasty.legal_moves(state) if isinstance(m, Shift)} == {(6, 3)}
    moved, _ = dynasty.apply(state, Shift(0, "personal", (6, 3), ((4, 2), (4, 1)), ("grass/person/NS", "grass//NS")))
    # the domino beneath shows again; the one moved does not move again for this reward
    assert dict(moved.personal[0])[(6, 3)].half.text() == "grass/person/W"
    assert [m.cell for m in dynasty.legal_moves(moved) if isinstance(m, Shift)] and all(
        m.cell in ((5, 3), (6, 3)) for m in dynasty.legal_moves(moved) if isinstance(m, Shift))
    with pytest.raises(IllegalMove, match="the domino on E3 has already moved: each move is another domino"):
        dynasty.apply(moved, Shift(0, "personal", (4, 2), ((4, 4), (4, 5)), ("grass/person/NS", "grass//NS")))
