"""The scripted 3-player game (scripted.py), replayed through the real command line."""
import json

from companion import cli

from .scripted import EXPECTED, RECORD
from companion.games.loop.moves import EndTurn


def write(tmp_path, lines):
    path = tmp_path / "loop.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return str(path)


def test_the_hand_computed_result(tmp_path, capsys):
    assert cli.main(["replay", write(tmp_path, RECORD), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key, value in EXPECTED.items():
        assert out[key] == value, key
    turns = out["turns"]
    assert len(turns) == 9 + 17 + 18  # seat 2 is removed before its last turn of day 2
    assert turns[3] == {"seat": 0, "action": "garage", "crack": False, "launched": "Rome", "points": 4}
    assert turns[2] == {"seat": 2, "action": "move", "crack": True, "launched": None, "points": 0}
    # the crack on a replayed action: seat 1's Advertise on day 3, no Ad token left
    assert turns[26] == {"seat": 1, "action": "advertise", "crack": True, "launched": None, "points": 0}
    # a second machine at a destination: the launch scores, the crack shows on the day's count
    assert turns[18] == {"seat": 2, "action": "shop", "crack": False, "launched": "Rome", "points": 4}


def test_the_result_in_words(tmp_path, capsys):
    assert cli.main(["replay", write(tmp_path, RECORD)]) == 0
    out = capsys.readouterr().out
    assert "seat 0: new Garage, launched to Rome for 4" in out
    assert "seat 2: 6 points, penalties 1 scrapped, 0 Ads, 6 cracks: -1 (removed)" in out
    assert out.strip().endswith("Winner: seat 0")


def test_every_crack_launch_and_scrapped_part_is_said():
    from companion.games import loop
    from companion.games.loop import records as own
    state = own.header(dict(RECORD[0]))
    state = loop.setup({k: v for k, v in state.items() if k != "game"}, 0)
    words = []
    for line in RECORD[1:]:
        for move in _moves(line["turn"]):
            state, events = loop.apply(state, move)
            words += [e.text() for e in events]
        if state.turn == line["turn"]["seat"] and state.phase not in ("action", "over"):
            state, events = loop.apply(state, EndTurn(state.turn))
            words += [e.text() for e in events]
    assert "seat 2 adds Move: it cracks, only one of your time machines has not launched." in words
    assert "seat 0 launches machine I to Rome: 4 points." in words
    assert "Rome needs no wheel: scrapped, -1 in seat 0's penalty area." in words
    assert "Machine I is the second at Rome today: a crack." in words
    assert "seat 1 replays Advertise: it cracks, you have no Ad tokens left." in words
    assert any("ceases to exist" in w and w.startswith("seat 2") for w in words)
    # every unfulfilled Ad is named, and the total when earlier days' Ads add to it
    assert "seat 1's 2 Ads on Rome and Giza were not fulfilled: -3 each." in words
    assert "seat 0's Ad on Paris was not fulfilled: -3. 2 unfulfilled Ads in all: -6." in words
    assert words[-1].startswith("The game ends.")


def _moves(turn):
    from companion.games.loop.moves import Act, Launch
    rename = {"from": "give", "to": "take"}
    fields = {rename.get(k, k): v for k, v in turn.items() if k not in ("seat", "new", "past", "launch")}
    if "parts" in fields:
        fields["parts"] = tuple(tuple(p) for p in fields["parts"])
    out = [Act(turn["seat"], turn.get("new"), **fields)]
    if "launch" in turn:
        out.append(Launch(turn["seat"], turn["launch"]["machine"], turn["launch"]["destination"]))
    return out
