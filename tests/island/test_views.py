"""Who sees what: a captive sees only their own board and notes; the table only what is public."""
import json
import random
import re

import pytest

from companion.games import MASTER, TABLE, IllegalMove, Viewer
from companion.games import island as G
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
    assert G.MASTER_SEAT == 0  # the OP's moves come from the master link
    table = G.view(state, TABLE)
    assert table["seats"] == 4
    assert table["names"] == ["Omnipotence Paradox", "Phil", "Hempel", "Schrodie"]
