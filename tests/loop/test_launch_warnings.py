"""A launch's cost is said before it is chosen, as an action's crack is. The rulebook (発進):
"この日、その旅行先にすでに他のプレイヤーのタイムマシンが置かれている / 他のプレイヤーの広告トークンが
置かれている" makes the machine the day's second there, and "その日の2機目となったタイムマシンの
プレイヤーは亀裂トークンを1個受け取る"; "その旅行先に必要な部品以外の部品(重複した過剰な部品を含む)
がある場合、それらはすべて廃棄される" (-1 each)."""
import random

import pytest

from companion.games import loop
from companion.games.base import TABLE, Viewer
from companion.games.loop.moves import Act, EndTurn, Launch

DESTS = [{"name": "Rome", "era": "AD", "parts": ["net"], "points": 4},
         {"name": "Giza", "era": "BC", "parts": ["wheel", "engine"], "points": 5}]


def game(players=3):
    return loop.setup({"players": players, "destinations": DESTS, "names": ["Ann", "Bo", "Cy"]}, 0)


def play(state, *moves):
    for m in moves:
        state, _ = loop.apply(state, m)
    return state


def launches(state, seat=None):
    seat = state.turn if seat is None else seat
    return {(x["machine"], x["destination"]): x
            for x in loop.view(state, Viewer.of_seat(seat))["me"]["launches"]}


def test_a_clean_launch_warns_of_nothing():
    s = play(game(), Act(0, "shop", part="net", machine=1))
    rome = launches(s)[(1, "Rome")]
    assert rome["crack"] is None and rome["scrap"] == [] and rome["warning"] is None


def test_another_players_machine_there_today_is_said_as_a_crack():
    s = play(game(), Act(0, "shop", part="net", machine=1), Launch(0, 1, "Rome"),
             Act(1, "shop", part="net", machine=1))
    rome = launches(s)[(1, "Rome")]
    assert rome["crack"] == "it would be the second machine at Rome today: Ann's machine is there"
    assert rome["warning"] == "this will crack: " + rome["crack"]
    after = play(s, Launch(1, 1, "Rome"))
    assert after.seats[1].cracks == 1


def test_another_players_ad_is_said_as_a_crack_but_ones_own_is_not():
    s = play(game(), Act(0, "advertise", destination="Rome"), Act(1, "shop", part="net", machine=1))
    assert launches(s)[(1, "Rome")]["crack"] == \
        "it would be the second machine at Rome today: Ann's Ad is there"
    s = play(s, EndTurn(1), Act(2, "garage", part="wheel", machine=1), Act(0, "shop", part="net", machine=1))
    assert launches(s)[(1, "Rome")]["warning"] is None


def test_parts_the_destination_does_not_need_are_said_with_their_penalty():
    s = play(game(), Act(0, "shop", part="net", machine=1), EndTurn(0),
             Act(1, "garage", part="wheel", machine=1), Act(2, "garage", part="wheel", machine=1),
             Act(0, "shop", part="net", machine=1))
    # machine I holds two nets: Rome needs one, the surplus duplicate is scrapped
    rome = launches(s)[(1, "Rome")]
    assert rome["scrap"] == ["net"] and rome["crack"] is None
    assert rome["scrap_words"] == "a net: Rome does not need it (-1 each)"
    assert rome["warning"] == "this will scrap a net: Rome does not need it (-1 each)"
    after = play(s, Launch(0, 1, "Rome"))
    assert after.seats[0].scrapped == ("net",)


def test_both_at_once_and_plural_parts():
    s = play(game(), Act(0, "shop", part="net", machine=1), Launch(0, 1, "Rome"),
             Act(1, "shop", part="net", machine=1), EndTurn(1),
             Act(2, "garage", part="wheel", machine=1), Act(0, "armory"),
             Act(1, "garage", part="wheel", machine=1), EndTurn(1),
             Act(2, "garage", part="wheel", machine=1), Act(0, "armory"),
             Act(1, "garage", part="engine", machine=1))
    rome = launches(s)[(1, "Rome")]
    assert rome["scrap"] == ["engine", "wheel"]
    assert rome["warning"] == ("this will crack: it would be the second machine at Rome today: "
                               "Ann's machine is there; this will scrap an engine and a wheel: "
                               "Rome does not need them (-1 each)")
    assert launches(s)[(1, "Giza")]["scrap"] == ["net"]


def test_only_the_launching_player_is_told_and_only_what_they_may_do():
    s = play(game(), Act(0, "shop", part="net", machine=1))
    assert set(launches(s)) == {(1, "Rome")}
    assert launches(s, seat=1) == {}
    assert "launches" not in loop.view(s, TABLE).get("me", {})


@pytest.mark.parametrize("seed", range(6))
def test_every_offered_launch_costs_exactly_what_it_said(seed):
    """Random games: whatever a launch's warning said is what launching did, and a launch said
    to cost nothing costs nothing."""
    rng = random.Random(seed)
    state = loop.setup({"players": rng.choice([2, 3, 4])}, seed)
    seen = 0
    while not loop.is_over(state):
        moves = loop.legal_moves(state)
        offered = launches(state)
        launch_moves = [m for m in moves if isinstance(m, Launch)]
        assert set(offered) == {(m.machine, m.destination) for m in launch_moves}
        for m in launch_moves:
            said = offered[(m.machine, m.destination)]
            after, _ = loop.apply(state, m)
            p, q = state.seats[m.seat], after.seats[m.seat]
            assert (q.cracks > p.cracks) == (said["crack"] is not None)
            assert sorted(q.scrapped) == sorted(list(p.scrapped) + said["scrap"])
            assert (said["warning"] is None) == (said["crack"] is None and not said["scrap"])
            seen += 1
        state, _ = loop.apply(state, rng.choice(moves))
    assert seen
