"""Future destinations (Kickstarter 未来の旅行先): "未来の旅行先にタイムマシンを発進させた場合、そこに
書かれたアクションを実行してよい" (a machine launched to a Future destination may perform the action
written there). The host types the card as drawn, action included; a record's turn line gives the
action as its launch's "future", and replays it as the same moves written as move lines."""
import json

import pytest

from companion import cli, records
from companion.games import loop

HEADER = {"game": "loop", "players": 2, "first": 0,
          "destinations": [{"name": "Mars", "era": "Future", "parts": ["net"], "points": 5,
                            "action": "garage"},
                           {"name": "Rome", "era": "AD", "parts": ["camera"], "points": 2}]}
# Day 1: both players put a camera, a wheel and an armor on machine I; nobody launches.
DAY1 = [{"turn": {"seat": s, "new": card, "part": part, "machine": 1}}
        for card, part in (("shop", "camera"), ("garage", "wheel"), ("armory", "armor"))
        for s in (0, 1)]
# Day 2: a tie at 0, so seat 1 (clockwise after the last start player) starts: its Shop again,
# a net on machine II, which launches to Mars; Mars's Garage puts an engine on machine I.
TURN = {"seat": 1, "past": True, "part": "net", "machine": 2,
        "launch": {"machine": 2, "destination": "Mars", "future": {"part": "engine", "machine": 1}}}
MOVES = [{"move": {"type": "Act", "seat": 1, "part": "net", "machine": 2}},
         {"move": {"type": "Launch", "seat": 1, "machine": 2, "destination": "Mars"}},
         {"move": {"type": "Future", "seat": 1, "part": "engine", "machine": 1}}]


def replay(lines):
    return records.replay([json.dumps(x) for x in lines])


@pytest.mark.parametrize("typed, action", [
    ("Mars Future engine 5 garage", "garage"),
    ("Mars future engine 5 any store", "any_store"),
    ("Mars Future garage engine 5", "garage"),
    ("Mars Future engine 5", None),
])
def test_a_typed_future_card_keeps_its_action(typed, action):
    s = loop.setup({"players": 2, "destinations": [typed, "Rome AD net 4"]}, 0)
    mars = s.destinations[0]
    assert (mars.name, mars.era, mars.parts, mars.points, mars.action) == (
        "Mars", "Future", ("engine",), 5, action)
    # and the next game, told only the name, knows it
    again = loop.setup({"players": 2, "destinations": ["Mars", "Rome"], "kept": loop.keep(s)}, 0)
    assert again.destinations[0].action == action


def test_an_action_word_on_a_card_of_another_era_stays_in_its_name():
    s = loop.setup({"players": 2, "destinations": ["Shop Street AD net 2", "Old Garage BC wheel 3"]}, 0)
    assert [(d.name, d.action) for d in s.destinations] == [("Shop Street", None), ("Old Garage", None)]


def test_a_record_s_future_action_must_be_one_the_companion_knows():
    bad = dict(HEADER, destinations=[dict(HEADER["destinations"][0], action="dance"),
                                     HEADER["destinations"][1]])
    with pytest.raises(records.RecordError, match="line 1: Mars: a Future destination's action is one of"):
        replay([bad])


def test_a_turn_line_replays_the_future_action_as_move_lines_do():
    by_turn = replay([HEADER, *DAY1, {"turn": TURN}])
    by_moves = replay([HEADER, *DAY1, *MOVES])
    assert by_turn.state == by_moves.state
    seat = by_turn.state.seats[1]
    assert "engine" in seat.machines[0] and seat.points == 5
    assert by_turn.state.turn == 0  # the action ends the turn
    assert records.result(by_turn) == records.result(by_moves)


def test_a_launch_without_the_action_declines_it():
    turn = dict(TURN, launch={"machine": 2, "destination": "Mars"})
    state = replay([HEADER, *DAY1, {"turn": turn}]).state
    assert "engine" not in state.seats[1].machines[0] and state.turn == 0


@pytest.mark.parametrize("launch, message", [
    ({"machine": 2, "destination": "Mars", "future": {"part": "net", "machine": 1}},
     "line 8: Mars cannot take 'net': the Garage has none to give"),
    ({"machine": 2, "destination": "Mars", "future": {"part": "engine", "machine": 2}},
     "line 8: machine II has launched today"),
    ({"machine": 2, "destination": "Mars", "future": {"destination": "Rome"}},
     "line 8: a Future action does not take destination"),
    ({"machine": 2, "destination": "Mars", "future": "garage"}, "line 8: a Future action is"),
])
def test_a_wrong_future_action_exits_2_with_one_line(tmp_path, capsys, launch, message):
    path = tmp_path / "future.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in [HEADER, *DAY1, {"turn": dict(TURN, launch=launch)}]))
    assert cli.main(["replay", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1, err


def test_a_destination_without_an_action_offers_none():
    rome = dict(TURN, part="camera", launch={"machine": 2, "destination": "Rome",
                                             "future": {"part": "engine", "machine": 1}})
    with pytest.raises(records.RecordError, match="line 8: Rome offers no action"):
        replay([HEADER, *DAY1, {"turn": rome}])


def test_only_a_future_destination_has_an_action():
    bad = dict(HEADER, destinations=[HEADER["destinations"][0],
                                     dict(HEADER["destinations"][1], action="garage")])
    with pytest.raises(records.RecordError, match="line 1: Rome: only a Future destination has an action"):
        replay([bad])
