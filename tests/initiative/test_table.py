"""The watcher on steady readings of the mat (no frames): a swap is inferred and judged, a
refusal said with the rules' reason, a doubtful cell asked about, a matrix no single swap
explains said with its cells named; and the tracker says when a read disc turns doubtful."""
from companion.games import initiative as rules
from companion.games.base import Agreed, Prompt, TakeBack
from companion.games.initiative import camera, discs
from companion.games.initiative.moves import Draw, EndTurn, Swap
from companion.games.initiative.table import MatrixWatcher
from companion.i18n import translate
from vision.mat import mat_layout
from vision.reading import FrameReading, TileReading
from vision.tracker import TableTracker

LAYOUT = mat_layout(camera.MAT)
ANOMALY = ["R1", "Y2", "W3"]
ROWS = ["K1 W2 B3 Y1 K2", "W3 B1 Y2 K3 W1", "R1 R2 R3 B2 Y3", "Y1 K2 W3 R2 B1", "B2 W1 K3 Y2 W2"]


def _game():
    """Both matrices dealt (seat 1's as seat 0's), the wormhole passed by phone."""
    state = rules.setup({"players": 2}, seed=4)
    for p in ANOMALY + [p for row in reversed(ROWS) for p in row.split()] * 2:
        state, _ = rules.apply(state, Draw(state.queue[0].seat, p))
    while state.phase != "matrix":
        state, _ = rules.apply(state, rules.legal_moves(state)[0])
    return state


class Mat:
    """What lies on the mat, fed to a real tracker and the watcher as steady readings."""

    def __init__(self, state, look=True):
        self.tracker, self.watcher, self.cells = TableTracker(k=1), MatrixWatcher(rules), {}
        s = state
        for seat in range(2):
            for r, row in enumerate(s.boards[seat].matrix):
                for c, p in enumerate(row):
                    self.cells[(discs.matrix_area(seat), r, c)] = discs.label(p)
        for i, p in enumerate(s.anomaly):
            self.cells[(discs.ANOMALY, 0, i)] = discs.label(p)
        if look:  # the camera's first look; else it has not reported yet
            self.show()

    def show(self):
        tiles = [TileReading(label, *camera.CELLS.centre(LAYOUT, *cell), 0.0, 1.0, cell[0], cell)
                 for cell, label in self.cells.items()]
        self.watcher.see(self.tracker.update(FrameReading(True, tiles=tiles)))

    def swap(self, seat, a, b):
        a, b = (discs.matrix_area(seat), *a), (discs.matrix_area(seat), *b)
        self.cells[a], self.cells[b] = self.cells[b], self.cells[a]
        self.show()


def test_a_swap_on_the_mat_is_the_swap_and_nothing_is_said_twice():
    state = _game()
    seat = state.order[0]
    mat = Mat(state)
    assert mat.watcher.next(state) is None
    mat.swap(seat, (2, 3), (3, 3))
    assert mat.watcher.next(state) == Swap(seat, [2, 3], [3, 3])


def test_a_refused_swap_is_said_with_the_reason_once():
    state = _game()
    seat = state.order[0]
    mat = Mat(state)
    mat.swap(seat, (0, 0), (0, 1))  # K1 and W2: symbols differ
    prompt = mat.watcher.next(state)
    assert isinstance(prompt, Prompt) and prompt.title == "Not allowed"
    assert "different symbols" in prompt.text and prompt.move is None
    assert mat.watcher.next(state) is None  # said once for what lies there


def test_a_doubtful_cell_is_asked_about_never_guessed():
    state = _game()
    seat = state.order[0]
    mat = Mat(state)
    mat.swap(seat, (2, 3), (3, 3))
    mat.cells[(discs.matrix_area(seat), 3, 3)] = "unknown"
    mat.show()
    prompt = mat.watcher.next(state)
    assert isinstance(prompt, Prompt) and prompt.title == "Check"
    assert "row 4 column 4" in prompt.text and prompt.move == Swap(seat, [2, 3], [3, 3])


def test_a_change_no_single_swap_explains_names_the_cells():
    state = _game()
    seat = state.order[0]
    mat = Mat(state)
    area = discs.matrix_area(seat)
    mat.cells[(area, 0, 0)], mat.cells[(area, 4, 4)] = "blue-1", "red-3"
    mat.show()
    prompt = mat.watcher.next(state)
    assert prompt.title == "Not one swap" and prompt.move is None
    assert "row 1 column 1 and row 5 column 5" in prompt.text


def test_the_other_players_swap_asks_whether_the_turn_ends():
    state = _game()
    s = state
    first = s.order[0]
    for a, b in (((2, 3), (3, 3)),):
        state, _ = rules.apply(state, Swap(first, list(a), list(b)))
    for p in ("Y3", "K1", "W2", "B1"):
        state, _ = rules.apply(state, Draw(first, p))
    state, _ = rules.apply(state, Swap(first, [3, 1], "anomaly:1"))
    mat = Mat(state)
    mat.swap(1 - first, (0, 0), (1, 1))  # K1 <-> B1
    prompt = mat.watcher.next(state)
    assert prompt.title == "End of turn" and type(prompt.move).__name__ == "EndTurn"


def test_a_disc_read_then_in_doubt_is_said_to_be_in_doubt():
    tracker = TableTracker(k=1)
    tracker.update(FrameReading(True, tiles=[TileReading("red-1", 50.0, 60.0, 0.0, 1.0, "matrix-0")]))
    events = tracker.update(FrameReading(True, tiles=[TileReading("unknown", 50.0, 60.0, 0.0, 0.0, "matrix-0")]))
    assert [(e.kind, e.label, e.was) for e in events] == [("unreadable", "unknown", "red-1")]


def _anomaly_swap_by_phone():
    """Ana's first action on the table (K1 and B1), her second, with the anomaly, by phone."""
    state = _game()
    seat = state.order[0]
    mat = Mat(state)
    assert mat.watcher.next(state) is None
    mat.swap(seat, (0, 0), (1, 1))
    move = mat.watcher.next(state)
    assert move == Swap(seat, [0, 0], [1, 1])
    on_table, _ = rules.apply(state, move)
    assert mat.watcher.next(on_table) is None
    by_phone, _ = rules.apply(on_table, Swap(seat, [0, 1], "anomaly:1"))  # W2 and the anomaly's Y2
    return mat, seat, on_table, by_phone


def test_a_phone_swap_the_table_does_not_show_is_said_once_naming_the_matrix_and_what_to_move():
    mat, seat, on_table, state = _anomaly_swap_by_phone()
    name = state.names[seat]
    prompt = mat.watcher.next(state)
    assert prompt.title == "Table or phone?"
    assert f"{name}'s matrix and the anomaly" in prompt.text
    assert "swap row 1 column 2 and anomaly 2 (white 2 and yellow 2)" in prompt.text
    phone, table = (move for _, move in prompt.choices)
    assert isinstance(phone, Agreed) and isinstance(table, TakeBack) and table.to == on_table
    assert mat.watcher.next(state) is None  # said once
    # the turn ends by phone: the next player is not blamed for the anomaly, nothing is said again
    ended, _ = rules.apply(state, EndTurn(seat))
    assert mat.watcher.next(ended) is None


def test_once_the_phone_is_taken_as_right_the_discs_on_their_way_are_not_questioned():
    mat, seat, _, state = _anomaly_swap_by_phone()
    assert mat.watcher.next(state).title == "Table or phone?"
    area = discs.matrix_area(seat)
    lifted = mat.cells.pop((area, 0, 1))  # the white 2 is lifted off first
    mat.show()
    assert mat.watcher.next(state) is None
    mat.cells[(area, 0, 1)] = mat.cells[(discs.ANOMALY, 0, 1)]
    mat.cells[(discs.ANOMALY, 0, 1)] = lifted
    mat.show()
    assert mat.watcher.next(state) is None and mat.watcher.steady == state  # in step again
    # and the table is read as before: the next swap on it is the next move
    ended, _ = rules.apply(state, EndTurn(seat))
    other = 1 - seat
    mat.swap(other, (0, 0), (1, 1))  # K1 and B1 of the next player's matrix
    assert mat.watcher.next(ended) == Swap(other, [0, 0], [1, 1])


def test_a_table_moved_elsewhere_is_still_judged_against_the_game():
    mat, seat, _, state = _anomaly_swap_by_phone()
    area = discs.matrix_area(seat)
    mat.cells[(area, 4, 4)], mat.cells[(area, 4, 3)] = mat.cells[(area, 4, 3)], mat.cells[(area, 4, 4)]
    mat.show()
    prompt = mat.watcher.next(state)
    assert prompt.title != "Table or phone?"


def test_a_swap_taken_back_is_not_made_again_and_the_oled_says_what_to_put_back():
    state = _game()
    seat = state.order[0]
    mat = Mat(state)
    assert mat.watcher.next(state) is None
    mat.swap(seat, (0, 0), (1, 1))
    swapped, _ = rules.apply(state, mat.watcher.next(state))
    assert mat.watcher.next(swapped) is None
    mat.watcher.undone()  # B: the swap is taken back
    told = mat.watcher.next(state)
    assert told.title == "Put back" and told.move is None  # a notice, no move to make
    said = translate(told.text, "en")
    assert "P1's matrix" in said or "P2's matrix" in said
    assert "Put it back on the table: swap row 1 column 1 and row 2 column 2 (" in said
    for r, c in ((0, 0), (1, 1)):  # and which disc goes where, as the game has them
        colour, _, symbol = discs.label(state.boards[seat].matrix[r][c]).partition("-")
        assert f"{colour} {symbol}" in said
    assert mat.watcher.next(state) is None  # said once
    mat.swap(seat, (0, 0), (1, 1))  # the discs put back
    assert mat.watcher.settled(told, state)  # so the notice goes by itself
    assert mat.watcher.next(state) is None and mat.watcher.steady == state


def test_a_matrix_no_swap_explains_is_not_said_again_when_another_player_moves():
    state = _game()
    turn = state.order[0]
    other = 1 - turn
    mat = Mat(state)
    area = discs.matrix_area(other)
    mat.cells[(area, 0, 0)], mat.cells[(area, 4, 4)] = "blue-1", "red-3"
    mat.show()
    assert mat.watcher.next(state).title == "Not one swap"
    mat.swap(turn, (0, 0), (1, 1))
    move = mat.watcher.next(state)
    assert move == Swap(turn, [0, 0], [1, 1])
    state, _ = rules.apply(state, move)
    assert mat.watcher.next(state) is None  # the same matrix, the same words: not said again


def test_two_matrices_behind_the_phones_are_said_matrix_by_matrix():
    state = _game()
    s = state
    turn = s.order[0]
    mat = Mat(state)
    assert mat.watcher.next(state) is None
    state, _ = rules.apply(state, Swap(turn, [0, 0], [1, 1]))
    state, _ = rules.apply(state, Swap(turn, [0, 1], "anomaly:1"))
    state, _ = rules.apply(state, EndTurn(turn))
    state, _ = rules.apply(state, Swap(1 - turn, [0, 0], [1, 1]))
    prompt = mat.watcher.next(state)
    names = s.names
    assert prompt.title == "Table or phone?"
    assert f"{names[turn]}'s matrix and {names[1 - turn]}'s matrix and the anomaly" in prompt.text \
        or f"{names[1 - turn]}'s matrix and {names[turn]}'s matrix and the anomaly" in prompt.text
    both = "swap row 1 column 1 and row 2 column 2 (black 1 and blue 1)"
    assert f"{names[1 - turn]}'s, {both}" in prompt.text
    assert f"{names[turn]}'s, {both}, swap row 1 column 2 and anomaly 2 (white 2 and yellow 2)" in prompt.text


def test_a_phone_swap_before_the_camera_s_first_look_is_the_table_behind_not_a_swap_to_make_again():
    """The game taken up (a restart) with its discs lying as they were; a phone enters a swap
    before the camera has reported anything. What the camera then sees is the table behind the
    phone, asked about once, not the two discs swapped back as a move of the camera's."""
    taken_up = _game()
    seat = taken_up.order[0]
    by_phone, _ = rules.apply(taken_up, Swap(seat, [0, 0], [1, 1]))
    mat = Mat(taken_up, look=False)
    mat.watcher.begin(taken_up)
    assert mat.watcher.next(by_phone) is None  # nothing seen yet: nothing to say, nothing agreed
    mat.show()
    prompt = mat.watcher.next(by_phone)
    assert isinstance(prompt, Prompt) and prompt.title == "Table or phone?", prompt
    assert isinstance(prompt.choices[1][1], TakeBack) and prompt.choices[1][1].to == taken_up
    assert mat.watcher.next(by_phone) is None  # said once


def test_a_swap_made_while_the_companion_was_off_is_the_move_once_the_camera_looks():
    taken_up = _game()
    seat = taken_up.order[0]
    mat = Mat(taken_up)
    mat.swap(seat, (0, 0), (1, 1))
    mat.watcher.begin(taken_up)
    assert mat.watcher.next(taken_up) == Swap(seat, [0, 0], [1, 1])
