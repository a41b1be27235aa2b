"""Who sees what: a captive sees only their own board and notes; the table only what is public."""
import dataclasses
import json
import random
import re

import pytest

from companion.games import MASTER, TABLE, IllegalMove, Viewer
from companion.games import island as G
from companion.games.island import board as geo
from companion.games.island.moves import WriteNote

from .test_properties import CHARACTERS

LABEL = re.compile(r"\b[A-G][1-7]\b")


def secrets_ok(state):
    """Check every viewer of `state`; returns how many views were checked."""
    master = G.view(state, MASTER)
    assert master["island"] is not None and len(master["island"]["spaces"]) == 37
    table = json.dumps(G.view(state, TABLE))
    assert not LABEL.findall(table), "the table view names a space of the island"
    for secret in _op_secrets(state):
        assert secret not in table
    for b in state.boards:
        seat_view = G.view(state, Viewer.of_seat(b.seat))
        text = json.dumps(seat_view)
        allowed = {s for s, _ in b.notes} | {s for s, _ in b.known}
        assert set(LABEL.findall(text)) <= allowed, f"seat {b.seat} sees the island"
        assert "island" not in seat_view and "boards" not in seat_view
        assert seat_view["board"]["character"].lower() == b.character
        for other in state.boards:
            if other.seat != b.seat:
                assert f"secret note of seat {other.seat}" not in text
                assert all(p["piece"].lower() != other.character for p in seat_view["pieces"])
        for secret in _op_secrets(state):
            assert secret not in text
        assert f"secret note of seat {b.seat}" in text  # their own notes are there
    return 2 + len(state.boards)


def _op_secrets(state):
    out = []
    if state.wave is not None:
        out.append(f'"{state.wave}"')  # the Wave's part, as a JSON value
    return out


@pytest.mark.parametrize("seed, players", [(11, 4), (12, 3), (13, 2)])
def test_no_captive_and_not_the_table_sees_the_island_or_other_boards(seed, players):
    rng = random.Random(seed)
    state = G.setup({"island": "random", "characters": rng.sample(CHARACTERS, players - 1)}, seed)
    for b in state.boards:
        state, _ = G.apply(state, WriteNote(b.seat, "D4", f"secret note of seat {b.seat}"))
    checked = 0
    for step in range(400):
        if G.is_over(state):
            break
        state, _ = G.apply(state, rng.choice(G.legal_moves(state)))
        if state.island is not None and (step % 3 == 0 or state.pending is not None):
            checked += secrets_ok(state)
    assert checked > 60


def test_notes_are_the_captives_own():
    state = G.setup({"island": "random", "characters": ["phil", "hempel"]}, 3)
    state, _ = G.apply(state, WriteNote(1, "c3", "banana?"))
    assert G.view(state, Viewer.of_seat(1))["board"]["notes"] == {"C3": "banana?"}
    assert "banana?" not in json.dumps(G.view(state, Viewer.of_seat(2)))
    with pytest.raises(IllegalMove, match="only a captive"):
        G.apply(state, WriteNote(0, "C3", "the OP writes"))
    state, _ = G.apply(state, WriteNote(1, "C3", ""))
    assert G.view(state, Viewer.of_seat(1))["board"]["notes"] == {}
    state, _ = G.apply(state, WriteNote(1, "north", "Wave?"))
    state, _ = G.apply(state, WriteNote(1, "notes", "grapes near a lake"))
    assert G.view(state, Viewer.of_seat(1))["board"]["notes"] == {"north": "Wave?",
                                                                 "notes": "grapes near a lake"}
    with pytest.raises(IllegalMove, match="not on the map"):
        G.apply(state, WriteNote(1, "H9", "?"))


def test_the_master_view_shows_every_piece_and_the_decision_with_its_options():
    state = G.setup({"island": "random", "characters": ["phil", "hempel"]}, 3)
    master = G.view(state, MASTER)
    assert master["op_pieces"] == {"Wave": None, "Rock": None, "Bush": None}
    assert {m["type"] for m in master["legal"]} == {"PlaceOpPieces"}
    seat = G.view(state, Viewer.of_seat(1))
    assert "legal" in seat and seat["legal"] == []  # nothing for a captive during setup


def test_seat_0_is_the_op_and_sees_only_the_table_on_a_seat_page():
    state = G.setup({"island": "random"}, 4)
    assert G.view(state, Viewer.of_seat(0)) == G.view(state, TABLE)
    with pytest.raises(IllegalMove, match="no seat 9"):
        G.view(state, Viewer.of_seat(9))


def test_the_op_gets_the_master_view_and_each_captive_a_seat():
    state = G.setup({"characters": ["phil", "hempel", "schrodie"]}, 1)
    assert G.viewers(state) == ["master", "seat-1", "seat-2", "seat-3"]
    assert G.GAME.master_seat == 0  # the OP's moves come from the master link
    table = G.view(state, TABLE)
    assert table["seats"] == 4
    assert table["names"] == ["Omnipotence Paradox", "Phil", "Hempel", "Schrodie"]


# ---------------------------------------------------------------- the OP's phone: map, decisions, notes

def _states(seed, players=3, steps=300):
    """States met in a random game, one every few moves (decisions included)."""
    rng = random.Random(seed)
    state = G.setup({"island": "random", "characters": rng.sample(CHARACTERS, players - 1)}, seed)
    for step in range(steps):
        if G.is_over(state):
            return
        if step % 2 == 0 or state.pending is not None:
            yield state
        state, _ = G.apply(state, rng.choice(G.legal_moves(state)))


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_each_op_action_on_the_map_goes_where_the_view_says(seed):
    """`reach` names, for each of the OP's piece actions in `legal`, the place the OP taps; doing
    the move puts the piece there (or off the map, for the ocean)."""
    seen = 0
    for state in _states(seed):
        master = G.view(state, MASTER)
        legal = master["legal"]
        for r in master["reach"]:
            move = legal[r["i"]]
            assert move["seat"] == 0 and move["type"] in ("WaveMove", "WaveAttack", "BushAction", "RockAction")
            assert r["piece"] in ("Wave", "Bush", "Rock") and r["to"]
            after, _ = G.apply(state, G.move_from_dict(move))
            if move["type"] == "WaveMove":
                assert after.wave == move["part"] and (move["part"] in r["to"] or "lake" in move["part"])
            elif move["type"] in ("BushAction", "RockAction") and move["direction"]:
                where = after.bush if r["piece"] == "Bush" else after.rock
                to = r["to"][0]
                # a push made first may wait on a decision before the piece moves
                waits = move.get("push_first") and after.pending is not None
                if to in geo.OCEAN_PARTS:
                    assert r["piece"] in after.returns or waits  # off the map till the turn ends
                else:
                    assert to in r["path"] or r["path"][-1] == to
                    assert where == to or state.in_force == "thorns" or where is None or waits
            seen += 1
    assert seen > 20


def test_the_op_is_offered_only_the_op_s_moves_during_a_captive_s_turn():
    """The master view lists every legal move (a captive's End turn too); the OP's map and
    buttons take only seat 0's, and there is none in a captive's turn without a decision."""
    for state in _states(31):
        if state.phase == "play" and state.turn != 0 and state.pending is None:
            master = G.view(state, MASTER)
            assert not [m for m in master["legal"] if m["seat"] == 0]
            assert master["reach"] == []
            assert any(m["type"] == "EndTurn" and m["seat"] == state.turn for m in master["legal"])
            return
    raise AssertionError("no captive's turn met")


def test_decisions_name_bonuses_and_power_tokens_in_players_words():
    from companion.games.island import catalog
    from companion.games.island.state import Pending, Step
    state = G.setup({"island": "random", "characters": ["phil", "hempel"]}, 3)
    palm = Pending(2, "palm", "Which bonus does the lime go under?", ("extra_action", "restore_health"),
                   Step("palm", piece="hempel", value="lime"))
    seat = G.view(dataclasses.replace(state, pending=palm), Viewer.of_seat(2))["decision"]
    assert [c["words"] for c in seat["choices"]] == [catalog.bonus_words("extra_action"),
                                                     catalog.bonus_words("restore_health")]
    assert "extra_action" not in {c["words"] for c in seat["choices"]}
    token = Pending(0, "power_token", "Keep one power token", ("flood", "hurricane"), Step("power_token"))
    master = G.view(dataclasses.replace(state, pending=token), MASTER)["decision"]
    assert [(c["option"], c["words"]) for c in master["choices"]] == [("flood", "Flood"), ("hurricane", "Hurricane")]
    assert all(c["text"] for c in master["choices"])  # what each token does, where it is chosen


def test_the_op_s_notes_follow_the_pieces():
    from companion.games.island.moves import BushAction
    from .helpers import game, turn_of
    state = turn_of(game(), 0)
    bush = state.bush
    move = next(m for m in G.legal_moves(state) if isinstance(m, BushAction) and m.direction and not m.activate)
    after, _ = G.apply(state, move)
    assert after.op_log[0].startswith("Setting up: ") and f"the Bush on {bush}" in after.op_log[0]
    assert after.op_log[-1] == f"Round {state.round}: the Bush went {bush} → {after.bush}."
    assert G.view(after, MASTER)["op_pieces"]["Bush"] == after.bush


@pytest.mark.parametrize("seed", [41, 42, 43])
def test_the_op_never_says_one_thing_twice_in_a_row(seed):
    """What the OP reads out after a move says each thing once: no line repeats an earlier line
    of the same move with more after it ("… Portal 3 (red)." then "… Portal 3 (red), I'm …")."""
    rng = random.Random(seed)
    state = G.setup({"island": "random", "characters": rng.sample(CHARACTERS, 3)}, seed)
    lines = 0
    for _ in range(500):
        if G.is_over(state):
            break
        state, events = G.apply(state, rng.choice(G.legal_moves(state)))
        said = [e.words for e in events if e.speaker == "OP"]
        lines += len(said)
        for i, line in enumerate(said):
            for before in said[:i]:
                assert line == before or not line.startswith(before.rstrip(".")), (before, line)
    assert lines > 30
