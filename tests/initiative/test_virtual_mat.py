"""A 2-player Paradox Initiative played on the virtual mat: the deal, the anomaly, the swaps and
the refills are only discs laid and moved there, read from synthetic camera frames by the real
grid reader; the companion says the strand, the particle earned, the switch and the refill order.
(The wormhole's choices are a phone's.)"""
import pytest

from companion.games import TABLE, IllegalMove
from companion.games.initiative import moves as M

from camera_feed import resume_elsewhere, settle
from patience import WAIT_SECONDS

NAMES = ["Ana", "Ben"]
ANOMALY = ["R1", "Y2", "W3"]
# top row first, as the phone shows; dealt bottom row first, each row left to right
ANA = ["K1 W2 B3 Y1 K2",
       "W3 B1 Y2 K3 W1",
       "R1 R2 R3 B2 Y3",   # B2 <-> the R2 below: four reds in this row
       "Y1 K2 W3 R2 B1",
       "B2 W1 K3 Y2 W2"]
BEN = ["W1 K2 B3 Y1 R2",
       "K3 B1 Y2 W3 W1",
       "Y1 R2 K3 B2 Y3",
       "B1 K2 W3 R1 B3",
       "K2 W1 R3 Y2 W2"]


def _deal(rows):
    return [p for row in reversed(rows) for p in row.split()]


def _view(c):
    return c.snapshot.view(TABLE)


def _phone(c, rules):
    """The wormhole by phone: a switch on (blue, then a tech module built and kept)."""
    while _view(c)["phase"] == "wormhole" or (_view(c)["awaiting"] or {}).get("kind") == "keep":
        state = c.snapshot.state
        legal = rules.legal_moves(state)
        move = next((m for m in legal if isinstance(m, M.Switch) and m.colour == "blue"), None) \
            or next((m for m in legal if isinstance(m, (M.Build, M.Keep))), None)
        c.submit(move, "phone").result(WAIT_SECONDS)


def _rows(c, seat):
    return _view(c)["players"][seat]["rows"]


def test_two_players_swap_and_refill_on_the_virtual_mat(device):
    c = device.companion
    c.new_game("initiative", {"players": 2, "names": NAMES}, seed=4).result(WAIT_SECONDS)
    rules = c.snapshot.session.rules
    table = device.virtual_table
    table.act({"action": "clear"}, _view(c))
    first = _view(c)["chief"]  # whoever leads plays the matrix with the strand in it
    second = 1 - first
    dealt = {first: ANA, second: BEN}
    assert _view(c)["awaiting"]["to"] == "anomaly"

    table.act({"action": "draw", "particles": ANOMALY}, _view(c))
    settle(device, lambda: _view(c)["anomaly"] == ANOMALY)
    for seat in (first, second):  # the deal goes clockwise from the chief
        table.act({"action": "draw", "particles": _deal(dealt[seat])}, _view(c))
        settle(device, lambda: _rows(c, seat) == dealt[seat])
    assert c.snapshot.prompt is None
    _phone(c, rules)  # the tech modules kept and the wormhole are a phone's
    view = _view(c)
    assert view["phase"] == "matrix" and view["turn"] == first

    # the first action: B2 and the R2 below it change places: a red strand of four
    table.act({"action": "swap", "seat": first, "a": [2, 3], "b": [3, 3]}, _view(c))
    settle(device, lambda: (_view(c)["awaiting"] or {}).get("to") == "matrix")
    view = _view(c)
    said = " ".join(view["said"])
    assert "A red strand of 4: one particle earned." in said, said
    assert view["players"][first]["earned"] == ["R1"] and view["players"][first]["switches"]["red"]
    # what dropped, and the refill's order: the top row, left to right
    assert view["players"][first]["rows"] == ["-- -- -- -- K2",
                                            "K1 W2 B3 Y1 W1",
                                            "W3 B1 Y2 K3 Y3",
                                            "Y1 K2 W3 B2 B1",
                                            "B2 W1 K3 Y2 W2"]
    assert view["awaiting"]["cells"] == [[0, 0], [0, 1], [0, 2], [0, 3]]
    # the strand still lies there: the camera waits; then the drop and the refill, in order
    for _ in range(6):
        device.camera.step()
    assert (_view(c)["awaiting"] or {}).get("cells") == [[0, 0], [0, 1], [0, 2], [0, 3]]
    assert c.snapshot.prompt is None
    table.act({"action": "drop", "seat": first}, _view(c))
    table.act({"action": "draw", "particles": ["Y3", "K1", "W2", "B1"]}, _view(c))
    settle(device, lambda: _view(c)["awaiting"] is None)
    assert _rows(c, first)[0] == "Y3 K1 W2 B1 K2" and c.snapshot.prompt is None

    # the second action: K2 swapped with the anomaly's Y2, forming nothing
    table.act({"action": "swap", "seat": first, "a": [3, 1], "b": "anomaly:1"}, _view(c))
    settle(device, lambda: _view(c)["actions"] == 0)
    view = _view(c)
    assert view["anomaly"] == ["R1", "K2", "W3"] and view["players"][first]["rows"][3] == "Y1 Y2 W3 B2 B1"
    assert view["players"][first]["earned"] == []  # unspent, the earned particle went at the next action
    # a swap the camera read is said at the table, as a move entered by phone is
    assert c.snapshot.message == f"{NAMES[first]} swapped yellow 2 at anomaly 2 and black 2 at row 4 column 2"

    # Ben begins: the camera asks whether Ana's turn ends (A), then takes his swap
    table.act({"action": "swap", "seat": second, "a": [0, 0], "b": [1, 1]}, _view(c))
    settle(device, lambda: c.snapshot.prompt is not None)
    assert c.snapshot.prompt.title == "End of turn"
    c.button("confirm").result(WAIT_SECONDS)
    settle(device, lambda: _view(c)["turn"] == second and _view(c)["actions"] == 1)
    assert _rows(c, second)[:2] == ["B1 K2 B3 Y1 R2", "K3 W1 Y2 W3 W1"]


def test_a_deal_lays_the_anomaly_and_each_whole_matrix_at_once(device):
    c = device.companion
    c.new_game("initiative", {"players": 2, "names": NAMES}, seed=4).result(WAIT_SECONDS)
    table = device.virtual_table
    table.act({"action": "clear"}, _view(c))
    first = _view(c)["chief"]
    table.act({"action": "deal"}, _view(c))  # three at random, each of its own symbol
    settle(device, lambda: len(_view(c)["anomaly"]) == 3)
    assert len({p[1] for p in _view(c)["anomaly"]}) == 3
    with pytest.raises(IllegalMove, match="25 cells wait"):
        table.act({"action": "deal", "particles": ["R1"]}, _view(c))
    with pytest.raises(IllegalMove, match="waits for Ana's matrix|waits for Ben's matrix"):
        table.act({"action": "deal", "seat": 1 - first, "rows": ANA}, _view(c))
    table.act({"action": "deal", "seat": first, "rows": ANA}, _view(c))  # the chief's, as the phone shows it
    settle(device, lambda: _rows(c, first) == ANA)
    table.act({"action": "deal"}, _view(c))  # the other's, at random
    settle(device, lambda: (_view(c)["awaiting"] or {}).get("kind") == "keep")
    assert all("--" not in row for row in _rows(c, 1 - first)) and c.snapshot.prompt is None
    with pytest.raises(IllegalMove, match="No particle is waiting"):
        table.act({"action": "deal"}, _view(c))


def _first_swap_on_the_mat(device):
    """Dealt on the virtual mat, the wormhole by phone, the first action on the mat (K1 and B1)."""
    c = device.companion
    c.new_game("initiative", {"players": 2, "names": NAMES}, seed=4).result(WAIT_SECONDS)
    rules = c.snapshot.session.rules
    table = device.virtual_table
    table.act({"action": "clear"}, _view(c))
    first = _view(c)["chief"]
    table.act({"action": "deal", "particles": ANOMALY}, _view(c))
    settle(device, lambda: _view(c)["anomaly"] == ANOMALY)
    for seat, rows in ((first, ANA), (1 - first, BEN)):
        table.act({"action": "deal", "particles": _deal(rows)}, _view(c))
        settle(device, lambda: _rows(c, seat) == rows)
    _phone(c, rules)
    table.act({"action": "swap", "seat": first, "a": [0, 0], "b": [1, 1]}, _view(c))  # K1 and B1
    settle(device, lambda: _view(c)["actions"] == 1)
    return c, table, first


def _round_to_the_anomaly_swap(device):
    """The first action on the mat; then the second, K2 with the anomaly's Y2, entered by phone
    while the mat stays as it was."""
    c, table, first = _first_swap_on_the_mat(device)
    before = c.snapshot.state
    c.submit(M.Swap(first, [3, 1], "anomaly:1"), "phone").result(WAIT_SECONDS)
    return c, table, first, before


def test_a_phone_swap_with_the_anomaly_asks_once_and_a_takes_the_phone_as_right(device):
    c, table, first, _ = _round_to_the_anomaly_swap(device)
    prompt = c.snapshot.prompt
    assert prompt.title == "Table or phone?", c.snapshot.message
    assert f"{NAMES[first]}'s matrix" in prompt.text
    assert "swap row 4 column 2 and anomaly 2 (black 2 and yellow 2)" in prompt.text
    c.button("confirm").result(WAIT_SECONDS)  # A: the phone is right
    assert c.snapshot.message == "Make the table match: swap row 4 column 2 and anomaly 2 (black 2 and yellow 2)"
    for _ in range(6):
        device.camera.step()
    assert c.snapshot.prompt is None
    table.act({"action": "swap", "seat": first, "a": [3, 1], "b": "anomaly:1"}, _view(c))
    for _ in range(6):
        device.camera.step()
    assert c.snapshot.prompt is None and _view(c)["anomaly"] == ["R1", "K2", "W3"]
    c.call(lambda: None)  # the worker has judged what the camera saw
    assert not c.snapshot.message.startswith("Make the table match")  # done: no longer said
    # the turn ends by phone; the next player is not blamed, and their swap on the mat is taken
    c.submit(M.EndTurn(first), "phone").result(WAIT_SECONDS)
    for _ in range(6):
        device.camera.step()
    assert c.snapshot.prompt is None
    table.act({"action": "swap", "seat": 1 - first, "a": [0, 0], "b": [1, 1]}, _view(c))  # W1 and B1
    settle(device, lambda: _view(c)["actions"] == 1)
    assert c.snapshot.prompt is None


def test_c_then_a_takes_the_table_as_right_and_the_phone_swap_back(device):
    c, table, first, before = _round_to_the_anomaly_swap(device)
    assert c.snapshot.prompt.title == "Table or phone?"
    c.button("next").result(WAIT_SECONDS)
    assert c.snapshot.prompt.words.startswith("The table is right")
    c.button("confirm").result(WAIT_SECONDS)
    assert c.snapshot.state == before and c.snapshot.prompt is None
    assert _view(c)["anomaly"] == ANOMALY and _view(c)["actions"] == 1
    # and the swap made on the mat after all is the move
    table.act({"action": "swap", "seat": first, "a": [3, 1], "b": "anomaly:1"}, _view(c))
    settle(device, lambda: _view(c)["actions"] == 0)
    assert _view(c)["anomaly"] == ["R1", "K2", "W3"] and c.snapshot.prompt is None


def test_b_takes_a_swap_on_the_mat_back_and_the_discs_are_put_back_unasked(device):
    c, table, first, before = _round_to_the_anomaly_swap(device)
    c.button("next").result(WAIT_SECONDS)
    c.button("confirm").result(WAIT_SECONDS)  # the table is right: the anomaly swap is taken back
    actions = _view(c)["actions"]
    c.button("undo").result(WAIT_SECONDS)  # and B takes back the K1 and B1 swap read from the mat
    assert _view(c)["actions"] == actions + 1
    # not made again, nor asked: only said what to put back (each frame's work done before the
    # next, however busy the machine: `settle`)
    settle(device, lambda: c.snapshot.prompt is not None, steps=6)
    assert c.snapshot.prompt.title == "Put back" and c.snapshot.prompt.move is None
    assert _view(c)["actions"] == actions + 1
    table.act({"action": "swap", "seat": first, "a": [0, 0], "b": [1, 1]}, _view(c))  # put back
    settle(device, lambda: c.snapshot.prompt is None)
    for _ in range(4):  # and nothing more comes of it
        device.camera.step()
        c.call(lambda: None, WAIT_SECONDS)
    assert c.snapshot.prompt is None and _view(c)["actions"] == actions + 1
    assert _rows(c, first) == ANA


def test_a_table_or_phone_question_goes_once_the_discs_are_moved_to_match(device):
    """The phone's swap is asked about while the mat still shows the old layout; the players
    then make the same swap on the mat, as they meant to: the question goes by itself, the game
    keeps the phone's move, and the table says it matches."""
    c, table, first, _ = _round_to_the_anomaly_swap(device)
    assert c.snapshot.prompt is not None and c.snapshot.prompt.title == "Table or phone?"
    moves = len(c.snapshot.session.moves)
    table.act({"action": "swap", "seat": first, "a": [3, 1], "b": "anomaly:1"}, _view(c))
    settle(device, lambda: c.snapshot.prompt is None)
    assert c.snapshot.message == "The table matches the game now"
    assert len(c.snapshot.session.moves) == moves and _view(c)["anomaly"] == ["R1", "K2", "W3"]
    for _ in range(6):
        device.camera.step()
    assert c.snapshot.prompt is None


def test_a_resumed_game_finds_its_discs_on_the_virtual_mat_as_the_game_has_them(device):
    """Resumed from the games list (as after a restart), the virtual mat holds the matrices and
    the anomaly as the game stands, as a real table keeps them: the camera reads them as the game
    has them and asks nothing."""
    from companion.games.initiative import discs
    c, table, first, _ = _round_to_the_anomaly_swap(device)
    c.button("confirm").result(WAIT_SECONDS)  # the phone is right; the mat is left as it was
    resume_elsewhere(device, c.snapshot.session.id)
    view, table = _view(c), device.virtual_table
    want = {(discs.matrix_area(seat), r, col): discs.label(p) for seat in range(2)
            for r, row in enumerate(view["players"][seat]["rows"]) for col, p in enumerate(row.split()) if p != "--"}
    want.update({(discs.ANOMALY, 0, i): discs.label(p) for i, p in enumerate(view["anomaly"])})
    assert {cell: table.table.discs[d].label for cell, d in table.verbs.discs.items()} == want
    assert len(want) == 2 * 25 + 3  # the phone's swap (K2 into the anomaly) laid as the game has it
    seen = {t.cell: t.label for t in device.camera.last_reading.tiles if t.cell}
    assert seen == want and c.snapshot.prompt is None



def test_a_phone_move_before_the_camera_has_read_a_restarted_game_is_asked_about_not_swapped_back(device):
    """After a power cut the companion starts again; the camera has taken one frame and reported
    nothing yet when a phone ends a turn and enters the next player's swap. The mat still lies as
    the game stood at the restart: the camera asks "table or phone?" and makes no move of its own
    (it made the swap back, the reverse of the phone's, before)."""
    import dataclasses
    from pathlib import Path

    from companion import config
    from companion.run import start
    c, table, first, _ = _round_to_the_anomaly_swap(device)
    c.button("confirm").result(WAIT_SECONDS)  # the phone is right
    state_dir = Path(device.store.path).parent
    device.stop()
    again = start(dataclasses.replace(config.defaults(on_pi=False), state_dir=state_dir),
                  simulate=True, port=0, host="127.0.0.1", camera_thread=False)
    try:
        c = again.companion
        again.camera.step()
        c.call(lambda: None)
        c.submit(M.EndTurn(first), "phone").result(WAIT_SECONDS)
        c.submit(M.Swap(1 - first, [0, 0], [1, 1]), "phone").result(WAIT_SECONDS)  # W1 and B1
        moves = len(c.snapshot.session.moves)
        for _ in range(8):
            again.camera.step()
            c.call(lambda: None)
        assert len(c.snapshot.session.moves) == moves, c.snapshot.session.moves[-1]
        prompt = c.snapshot.prompt
        assert prompt is not None and prompt.title == "Table or phone?", c.snapshot.message
        assert f"{NAMES[1 - first]}'s matrix" in prompt.text and "(white 1 and blue 1)" in prompt.text
    finally:
        again.stop()


def test_a_swap_on_the_mat_taken_back_says_what_to_put_back_until_the_discs_lie_so(device):
    """B takes back a swap the camera read: the discs still lie swapped, so the OLED says which
    two to swap back (a group would otherwise not know what the game now has), and the notice
    goes by itself once they are, without the swap being made again."""
    c, table, first = _first_swap_on_the_mat(device)
    c.button("undo").result(WAIT_SECONDS)
    settle(device, lambda: c.snapshot.prompt is not None)
    told = c.snapshot.prompt
    assert told.title == "Put back" and told.move is None
    assert f"{NAMES[first]}'s matrix" in told.text
    assert "swap row 1 column 1 and row 2 column 2 (" in told.text
    assert _view(c)["actions"] == 2 and _rows(c, first) == ANA  # taken back, not made again
    table.act({"action": "swap", "seat": first, "a": [0, 0], "b": [1, 1]}, _view(c))  # put back
    settle(device, lambda: c.snapshot.prompt is None)
    assert _view(c)["actions"] == 2 and _rows(c, first) == ANA
