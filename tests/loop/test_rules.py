"""Loop's rulings (docs/rulings.md, "Loop"), the views' secrets, what a table teaches, and bad
records through the real command line."""
import json
from dataclasses import replace

import pytest

from companion import cli
from companion.games import loop
from companion.games.base import TABLE, IllegalMove, Viewer
from companion.games.loop.moves import Act, EndTurn, Launch

DESTS = [{"name": "Rome", "era": "AD", "parts": ["net"], "points": 4},
         {"name": "Giza", "era": "BC", "parts": ["wheel", "engine"], "points": 5}]


def game(players=3, **kw):
    return loop.setup({"players": players, "destinations": DESTS, **kw}, 0)


def play(state, *moves):
    for m in moves:
        state, _ = loop.apply(state, m)
    return state


def test_a_third_machine_cannot_go_and_an_own_ad_does_not_count():
    s = play(game(), Act(0, "advertise", destination="Rome"),
             Act(1, "shop", part="net", machine=1))
    # seat 1 is the second at Rome (seat 0's Ad): a crack, the launch scores
    s = play(s, Launch(1, 1, "Rome"))
    assert s.seats[1].cracks == 1 and s.seats[1].points == 4
    from companion.games.loop.rules import launch_problem
    assert launch_problem(s, 2, 1, "Rome").startswith("machine I lacks net")
    s = play(s, Act(2, "shop", part="net", machine=1))
    assert launch_problem(s, 2, 1, "Rome") == "two machines have already gone to Rome today"
    assert s.turn == 0  # nowhere to launch: seat 2's turn ended by itself


def test_the_launchers_own_ad_is_fulfilled_without_a_crack():
    s = play(game(), Act(0, "advertise", destination="Rome"), Act(1, "garage", part="wheel", machine=1),
             Act(2, "garage", part="wheel", machine=1), Act(0, "shop", part="net", machine=1),
             Launch(0, 1, "Rome"))
    assert s.seats[0].cracks == 0 and s.seats[0].ads_out == () and s.seats[0].points == 4


def test_a_cracking_action_names_no_choices_and_one_that_does_not_needs_them():
    s = game()
    with pytest.raises(IllegalMove, match="Move cracks: only one of your time machines"):
        loop.apply(s, Act(0, "move", part="net", from_machine=1, to_machine=2))
    with pytest.raises(IllegalMove, match="Garage needs machine and part"):
        loop.apply(s, Act(0, "garage"))


def test_the_next_past_card_warns_its_owner_only():
    s = game(players=2)
    for seat, card, part in ((0, "garage", "wheel"), (1, "garage", "wheel"), (0, "shop", "net"),
                             (1, "shop", "net"), (0, "shop", "camera"), (1, "shop", "camera")):
        s = play(s, Act(seat, card, part=part, machine=1))
        if s.turn == seat and s.phase != "action":
            s = play(s, EndTurn(seat))
    assert s.day == 2
    # both took Garages; the Garage still has parts: no warning yet
    mine = loop.view(s, Viewer.of_seat(s.turn))["me"]["hand"]
    assert mine[0]["title"] == "Garage" and mine[0]["warning"] is None
    empty = replace(s, stores=tuple(0 if k in ("wheel", "engine") else n
                                    for (k, _), n in zip(s.kinds, s.stores)))
    mine = loop.view(empty, Viewer.of_seat(s.turn))["me"]["hand"]
    assert mine[0]["warning"] == "this will crack: the Garage has no wheels or engines left"
    secret = loop.secrets(s)[f"seat-{s.turn}"]
    other = json.dumps(loop.view(s, Viewer.of_seat(1 - s.turn))) + json.dumps(loop.view(s, TABLE))
    assert not any(x in other for x in secret)
    assert all(x in json.dumps(loop.view(s, Viewer.of_seat(s.turn))) for x in secret)


def test_the_start_player_is_furthest_behind_ties_going_to_the_next_after_the_last_start():
    s = game()
    s = replace(s, start=1, seats=tuple(replace(p, points=pts) for p, pts in zip(s.seats, (3, 5, 3))))
    from companion.games.loop.rules import next_start
    assert next_start(s) == 2  # seats 0 and 2 tie; seat 2 comes first after seat 1
    s = replace(s, start=2)
    assert next_start(s) == 0
    s = replace(s, seats=tuple(replace(p, points=0) for p in s.seats))
    assert next_start(s) == 0  # all tied: the last start player (2) comes last


def test_the_host_enters_the_cards_drawn_and_the_next_game_needs_only_their_names():
    s = loop.setup({"players": 2, "destinations": ["Nara AD net camera 6", "Ur BC engine 3"]}, 0)
    assert [(d.name, d.era, d.parts, d.points) for d in s.destinations] == [
        ("Nara", "AD", ("net", "camera"), 6), ("Ur", "BC", ("engine",), 3)]
    kept = loop.keep(s)
    again = loop.setup({"players": 2, "destinations": ["Nara", "Ur"], "kept": kept}, 0)
    assert again.destinations == s.destinations
    # what was kept goes into the draw when no card is entered
    drawn = loop.setup({"players": 2, "kept": kept}, 0)
    assert {"Nara", "Ur"} <= {d.name for d in drawn.destinations}
    with pytest.raises(IllegalMove, match="Atlantis2: say its era"):
        loop.setup({"players": 2, "destinations": ["Atlantis2"]}, 0)


@pytest.mark.parametrize("kept", [None, "junk", {"destinations": "x"}, {"destinations": [{"name": 3}]},
                                  {"parts": {"garage": ["a"]}, "destinations": [{"name": "X", "era": "AD"}]}])
def test_a_malformed_kept_is_ignored(kept):
    s = loop.setup({"players": 3, "kept": kept}, 0)
    assert len(s.destinations) == 10


HEADER = {"game": "loop", "players": 3, "destinations": DESTS, "first": 0}


@pytest.mark.parametrize("line, message", [
    ({"turn": {"seat": 1, "new": "garage", "part": "wheel", "machine": 1}},
     "line 2: it is seat 0's turn, not seat 1's"),
    ({"turn": {"seat": 0, "past": True}}, "line 2: your hand is empty"),
    ({"turn": {"seat": 0, "new": "garage", "part": "net", "machine": 1}},
     "line 2: Garage cannot take 'net'"),
    ({"turn": {"seat": 0, "new": "shop", "part": "net", "machine": 1,
               "launch": {"machine": 1, "destination": "Giza"}}},
     "line 2: machine I cannot launch to Giza: machine I lacks engine, wheel for Giza"),
    ({"turn": {"seat": 0, "new": "move", "part": "net"}}, "line 2: Move cracks"),
    ({"move": {"type": "Act", "seat": 0, "new": "dance"}}, "line 2: there is no 'dance' card"),
])
def test_a_refused_turn_exits_2_with_one_line(tmp_path, capsys, line, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(HEADER) + "\n" + json.dumps(line) + "\n")
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(message) and "\n" not in err
