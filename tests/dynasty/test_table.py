"""The referee's eye: squares the camera holds steady become placements for the seat whose map
they lie on (the shared map: the seat whose turn it is), judged by the rules; a refusal is said
with the rules' reason, a square in doubt is asked about and never guessed."""
from companion.games import dynasty
from companion.games.base import Prompt
from companion.games.dynasty import camera
from companion.games.dynasty.moves import Market, Mission, Place
from companion.games.dynasty.table import MapWatcher, _as_read
from vision.mat import mat_layout
from vision.tracker import TableEvent
from patience import WAIT_SECONDS

LAYOUT = mat_layout(camera.MAT)
MARKET = ("grass/person/W|plains//", "lava//EW|lava//W", "desert//|desert//", "stone//N|stone//S")


def claiming(players=2):
    """Seat 0 (warfare) and seat 1 (infrastructure) in the claim step, this market drawn."""
    state = dynasty.setup({"players": players, "roles": {"0": "warfare", "1": "infrastructure"},
                           "names": ["Ana", "Ben"]}, 0)
    state = dynasty.apply(state, Market(0, MARKET))[0]
    for seat in range(players):
        state = dynasty.apply(state, Mission(seat, ("warfare 1",)))[0]
    assert state.phase == "claim" and state.turn == 0
    return state


def seen(area, cells_labels, kind="appeared"):
    out = []
    for (x, y), label in cells_labels:
        cx, cy = camera.CELLS.centre(LAYOUT, area, y, x)
        out.append(TableEvent(kind if label != "unknown" else "unreadable", label, cx, cy, 0.0, 1.0, area,
                              cell=(area, y, x)))
    return out


def test_a_new_domino_on_a_personal_map_is_that_seats_placement():
    state = claiming()
    w = MapWatcher(dynasty)
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")]))
    move = w.next(state)
    assert move == Place(0, "personal", ((5, 3), (6, 3)), ("grass/person/W", "plains//"))
    after = dynasty.apply(state, move)[0]
    assert w.next(after) is None  # the rules hold it now: nothing new


def test_a_domino_turned_on_the_map_is_the_market_domino_as_drawn():
    state = claiming()
    w = MapWatcher(dynasty)
    # the grass|plains domino turned half a turn west of the start: grass (its road now east,
    # into D4's) on C4, plains on B4
    w.see(seen("personal-0", [((1, 3), "plains//"), ((2, 3), "grass/person/E")]))
    move = w.next(state)
    assert move == Place(0, "personal", ((2, 3), (1, 3)), ("grass/person/E", "plains//"))
    dynasty.apply(state, move)
    # the other way round it is the market domino as drawn, but its plains half shuts D4's road
    w2 = MapWatcher(dynasty)
    w2.see(seen("personal-0", [((1, 3), "grass/person/W"), ((2, 3), "plains//")]))
    assert w2.next(state).text.endswith("the paths do not match on the east edge of square C4")
    # and halves no market domino shows are refused as such
    w3 = MapWatcher(dynasty)
    w3.see(seen("personal-0", [((1, 3), "desert//"), ((2, 3), "desert//E")]))
    assert w3.next(state).text.endswith("that domino is not in the market")


def test_the_shared_map_is_placed_for_the_seat_whose_turn_it_is():
    state = claiming()
    state = dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("grass/person/W", "plains//")))[0]
    assert state.turn == 1
    w = MapWatcher(dynasty)
    # beside the money starting domino (desert, D2-E2 as the companion lays it out)
    w.see(seen("shared", [((5, 2), "desert//"), ((6, 2), "desert//")]))
    assert w.next(state) == Place(1, "shared", ((5, 2), (6, 2)), ("desert//", "desert//"))


def test_a_refused_placement_is_said_with_the_rules_reason_once():
    state = claiming()
    w = MapWatcher(dynasty)
    # the stone domino stood upright: its roads now run east and west, and F4 shuts E4's road
    w.see(seen("personal-0", [((5, 3), "stone//E"), ((5, 4), "stone//W")]))
    prompt = w.next(state)
    assert isinstance(prompt, Prompt) and prompt.title == "Not allowed" and prompt.move is None
    assert prompt.text == ("Ana's map, F4-F5: the paths do not match on the west edge of "
                           "square F4")
    assert w.next(state) is None  # said once for what lies there


def test_a_square_in_doubt_is_asked_about_with_the_market_dominoes_that_fit():
    state = claiming()
    w = MapWatcher(dynasty)
    w.see(seen("personal-0", [((5, 3), "unknown"), ((6, 3), "plains//")]))
    prompt = w.next(state)
    assert isinstance(prompt, Prompt) and prompt.title == "Check" and "F4" in prompt.text
    assert [m for _, m in prompt.choices] == [Place(0, "personal", ((5, 3), (6, 3)), ("grass/person/W", "plains//"))]
    # both halves in doubt where nothing of the market fits: asked, never guessed
    w2 = MapWatcher(dynasty)
    w2.see(seen("personal-1", [((0, 0), "unknown"), ((1, 0), "unknown")]))
    ask = w2.next(state)
    assert ask.title == "Can't read" and ask.move is None and "A1 and B1" in ask.text


def test_one_square_alone_is_not_a_domino():
    state = claiming()
    w = MapWatcher(dynasty)
    w.see(seen("personal-0", [((5, 3), "grass//W")]))
    prompt = w.next(state)
    assert prompt.title == "Check" and "F4 is new but not one domino" in prompt.text


def test_nothing_is_judged_before_the_claim_step_and_removed_squares_are_forgotten():
    state = dynasty.setup({"players": 2, "roles": {"0": "warfare", "1": "infrastructure"}}, 0)
    w = MapWatcher(dynasty)
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")]))
    assert state.phase == "draw" and w.next(state) is None
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")], kind="removed"))
    assert w.squares == {}


def test_under_snow_a_domino_laid_over_others_is_seen_as_the_placement():
    """Snowfalls: the camera sees the top domino; squares the rules hold that now read as other
    halves are the new domino's. Without snow the same reading is not a placement."""
    from .test_events import game, revealed, with_domino
    state = revealed(with_domino(game()), "snow_overlap", ["grass/person/EW|grass//EW"] + ["grass//|grass//"] * 3)
    w = MapWatcher(dynasty)
    # the starting domino and the one beside it, as the camera saw them before
    w.see(seen("personal-0", [((3, 3), "grass/goods/NESW"), ((4, 3), "grass//NESW"),
                              ((5, 3), "grass//EW"), ((6, 3), "grass/person/W")]))
    assert w.next(state) is None
    w.see(seen("personal-0", [((6, 3), "grass/person/EW"), ((7, 3), "grass//EW")]))
    move = w.next(state)
    assert move == Place(0, "personal", ((6, 3), (7, 3)), ("grass/person/EW", "grass//EW"))
    after = dynasty.apply(state, move)[0]
    assert w.next(after) is None
    calm = revealed(with_domino(game()), "penalty_break", ["grass/person/EW|grass//EW"] + ["grass//|grass//"] * 3)
    assert isinstance(w.next(calm), Prompt)  # G4 alone is new there: not one domino


def test_a_refusal_goes_when_the_domino_is_taken_off_and_the_right_one_is_read(store):
    """The table puts a refused domino right without touching a button: taken off, the refusal
    leaves the OLED; laid again the right way, it is the placement. A refused domino left where
    it lies is said again when something else on the table changes."""
    from companion.service import Companion
    c = Companion(store)
    c.start()
    try:
        c.new_game("dynasty", {"players": 2, "roles": {"0": "warfare", "1": "infrastructure"},
                               "names": ["Ana", "Ben"]}, seed=0).result(WAIT_SECONDS)
        c.submit(Market(0, MARKET), "phone").result(WAIT_SECONDS)
        for seat in range(2):
            c.submit(Mission(seat, ("warfare 1",)), "phone").result(WAIT_SECONDS)
        wrong = [((1, 3), "grass/person/W"), ((2, 3), "plains//")]
        c.observe(seen("personal-0", wrong)).result(WAIT_SECONDS)
        assert c.snapshot.prompt.text.endswith("the paths do not match on the east edge of square C4")
        cell, square = next(iter(c.snapshot.state.personal[1]))  # Ben's start, seen as it is
        c.observe(seen("personal-1", [(cell, square.half.text())])).result(WAIT_SECONDS)  # still refused
        assert c.snapshot.prompt.text.endswith("the paths do not match on the east edge of square C4")
        c.observe(seen("personal-0", wrong, kind="removed")).result(WAIT_SECONDS)
        assert c.snapshot.prompt is None and c.snapshot.state.turn == 0
        c.observe(seen("personal-0", [((1, 3), "plains//"), ((2, 3), "grass/person/E")])).result(WAIT_SECONDS)
        mine = dict(c.snapshot.state.personal[0])
        assert mine[(2, 3)].half.text() == "grass/person/E" and c.snapshot.state.turn == 1
    finally:
        c.stop()


# ---------------------------------------------------------------- dominoes taken off

def _waiting_for_removal(kind="remove"):
    """Ana's grass domino laid east of her start under the camera, then a penalty waiting for
    a domino to come off her map."""
    import dataclasses

    from companion.games.dynasty.state import Task
    state = claiming()
    w = MapWatcher(dynasty)
    start = dict(state.seat_map(0))
    w.see(seen("personal-0", [(c, start[c].half.text()) for c in ((3, 3), (4, 3))]))
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")]))
    state = dynasty.apply(state, w.next(state))[0]
    return dataclasses.replace(state, tasks=(Task(0, kind, 1),), phase="report"), w


def test_a_domino_lifted_off_while_a_penalty_waits_is_the_removal():
    from companion.games.dynasty.moves import Remove
    state, w = _waiting_for_removal()
    assert w.next(state) is None  # nothing lifted yet
    w.see(seen("personal-0", [((5, 3), "grass/person/W")], kind="removed"))
    assert w.next(state) is None  # half a domino gone is not yet one taken off
    w.see(seen("personal-0", [((6, 3), "plains//")], kind="removed"))
    move = w.next(state)
    assert move == Remove(0, "personal", (5, 3))
    after, said = dynasty.apply(state, move)
    assert (5, 3) not in dict(after.seat_map(0)) and (6, 3) not in dict(after.seat_map(0))
    assert w.next(after) is None


def test_the_starting_domino_lifted_is_refused_with_the_reason_and_nothing_changes():
    state, w = _waiting_for_removal()
    start = dict(state.seat_map(0))
    w.see(seen("personal-0", [(c, start[c].half.text()) for c in ((3, 3), (4, 3))], kind="removed"))
    prompt = w.next(state)
    assert isinstance(prompt, Prompt) and prompt.title == "Not allowed" and prompt.move is None
    assert prompt.text == ("Ana took D4-E4 off Ana's map: the starting domino on D4 may not come off: "
                           "it anchors the map; put it back")
    assert w.next(state) is None  # said once


def test_a_domino_never_seen_or_lifted_when_no_removal_waits_is_left_alone():
    """A map entered by phone is not seen at all: that is no removal. Lifting a domino in the
    claim step, without the Brother of Warfare's power, is no move either."""
    state, _ = _waiting_for_removal()
    assert MapWatcher(dynasty).next(state) is None  # the camera never saw Ana's dominoes
    w = MapWatcher(dynasty)
    state = claiming()
    start = dict(state.seat_map(0))
    w.see(seen("personal-0", [(c, start[c].half.text()) for c in ((3, 3), (4, 3))]))
    w.see(seen("personal-0", [(c, start[c].half.text()) for c in ((3, 3), (4, 3))], kind="removed"))
    assert w.next(state) is None


def test_the_brother_of_warfare_s_power_takes_a_lifted_domino_off_only_when_he_says_yes():
    import dataclasses

    from companion.games.dynasty.moves import Remove
    state, w = _waiting_for_removal()
    # the next round's claim step, with the powers variant: Ana (warfare) may take off a domino
    # of an earlier round
    state = dataclasses.replace(state, tasks=(), phase="claim", turn=0, first_of_round=state.next_domino,
                                config=dataclasses.replace(state.config, powers=True))
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")], kind="removed"))
    prompt = w.next(state)
    assert isinstance(prompt, Prompt) and prompt.title == "Check"
    assert prompt.text == "Ana: take F4-G4 off Ana's map with the Brother of Warfare's power? A yes, B no"
    assert prompt.move == Remove(0, "personal", (5, 3))
    after, _ = dynasty.apply(state, prompt.move)
    assert (5, 3) not in dict(after.seat_map(0))


def test_under_snow_a_top_domino_lifted_shows_what_it_covered_and_is_the_removal():
    import dataclasses

    from companion.games.dynasty.moves import Remove
    from companion.games.dynasty.state import Task

    from .test_events import game, revealed, with_domino
    state = revealed(with_domino(game()), "snow_overlap", ["grass/person/EW|grass//EW"] + ["grass//|grass//"] * 3)
    w = MapWatcher(dynasty)
    w.see(seen("personal-0", [((5, 3), "grass//EW"), ((6, 3), "grass/person/W")]))
    w.see(seen("personal-0", [((6, 3), "grass/person/EW"), ((7, 3), "grass//EW")]))
    state = dynasty.apply(state, w.next(state))[0]
    assert dict(state.seat_map(0))[(6, 3)].below is not None
    state = dataclasses.replace(state, tasks=(Task(0, "remove", 1),), phase="report")
    assert w.next(state) is None
    # the top domino lifted: G4 shows the half it covered again, H4 is bare
    w.see(seen("personal-0", [((6, 3), "grass/person/W")]))
    w.see(seen("personal-0", [((7, 3), "grass//EW")], kind="removed"))
    assert w.next(state) == Remove(0, "personal", (6, 3))


def test_a_domino_already_off_the_mat_when_a_penalty_comes_is_asked_about_not_taken():
    """Lifted in the claim step (knocked off, perhaps) while nothing was to come off: when the
    penalty then waits, the companion asks before counting it as the removal."""
    import dataclasses

    from companion.games.dynasty.moves import Remove
    from companion.games.dynasty.state import Task
    state, w = _waiting_for_removal()
    claim = dataclasses.replace(state, tasks=(), phase="claim", turn=1)
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")], kind="removed"))
    assert w.next(claim) is None  # nothing waits for a domino to come off
    prompt = w.next(dataclasses.replace(state, tasks=(Task(0, "remove", 1),)))
    assert isinstance(prompt, Prompt) and prompt.title == "Check"
    assert prompt.text == "Ana: take F4-G4 off Ana's map? A yes, B no"
    assert prompt.move == Remove(0, "personal", (5, 3))


def _on_market(dominoes):
    """The market's numbered places holding these dominoes, west half first, as the camera sees them."""
    from companion.games.dynasty import areas
    out = []
    for number, domino in enumerate(dominoes, start=1):
        for square, half in zip(areas.market_place(number), domino.split("|")):
            area, row, col = square
            cx, cy = camera.WATCHED_CELLS.centre(LAYOUT, area, row, col)
            out.append(TableEvent("appeared", half, cx, cy, 0.0, 1.0, area, cell=square))
    return out


def test_a_market_the_deck_ran_short_of_is_offered_when_its_places_are_laid_and_asked_about():
    """The deck holds 3 dominoes where the market takes 4: the three laid in places 1-3 are
    offered as the market, asked (the box may hold more than the companion counts); two laid are
    still being laid out; a full deck's market is taken as laid, with no question."""
    from dataclasses import replace

    from companion.games.dynasty import practice
    state = dynasty.setup({"players": 2, "names": ["Ana", "Ben"]}, 0)
    assert state.phase == "draw" and state.market_size() == 4
    short = replace(state, dealt=practice.deck_size(state.config.expansions) - 3)
    w = MapWatcher(dynasty)
    w.see(_on_market(MARKET[:2]))
    assert w.next(short) is None
    w.see(_on_market(MARKET[:3]))
    asked = w.next(short)
    assert isinstance(asked, Prompt) and "3 dominoes" in asked.text
    assert asked.move == Market(0, MARKET[:3])
    assert dynasty.apply(short, asked.move)[0].market == MARKET[:3]
    full = MapWatcher(dynasty)
    full.see(_on_market(MARKET[:3]))
    assert full.next(state) is None  # a full deck: the fourth is still to come
    full.see(_on_market(MARKET))
    assert full.next(state) == Market(0, MARKET)


def test_a_map_grown_past_the_mat_s_edge_by_phone_asks_for_the_dominoes_to_be_moved_not_about_new_squares():
    """A phone laid a domino north of the shared map's first row, past the printed grid: the rules
    hold the map shifted one square south onto the mat (State.shift), while its dominoes on the
    mat lie where they were. Every square then looks new; the players are asked to move the map."""
    import dataclasses

    state = claiming()
    held = dict(state.shared)
    start = {cell: _as_read(square.half) for cell, square in held.items()}
    grown = dict(held)
    grown[(3, 0)], grown[(3, -1)] = held[(4, 1)], held[(3, 1)]  # two more lava squares, north
    state = dataclasses.replace(state, shared=tuple(grown.items()))
    w = MapWatcher(dynasty)
    w.see(seen("shared", list(start.items())))  # the start as laid, unmoved
    said = w.next(state)
    assert isinstance(said, Prompt) and said.title == "Move the map"
    assert said.text == "the shared map grew past the mat's edge: move all its dominoes 1 square south on the mat, then play on"
    # moved: nothing is new any more (the phone's domino, not yet laid, is the rules' alone)
    w2 = MapWatcher(dynasty)
    w2.see(seen("shared", [((c, r + 1), label) for (c, r), label in start.items()]))
    assert w2.next(state) is None


def test_a_map_whose_dominoes_were_moved_off_its_squares_is_said_so_not_that_it_grew():
    """The rules hold the shared map where it always lay, but its dominoes lie a square south on
    the mat (knocked, or moved by mistake): the players are asked to move them back north, told
    that the map lies off its squares, not that it grew past the mat's edge."""
    state = claiming()
    start = {cell: _as_read(square.half) for cell, square in dict(state.shared).items()}
    w = MapWatcher(dynasty)
    w.see(seen("shared", list(start.items())))
    assert w.next(state) is None  # seen in place
    w.see(seen("shared", list(start.items()), kind="removed"))
    w.see(seen("shared", [((c, r + 1), label) for (c, r), label in start.items()]))
    said = w.next(state)
    assert isinstance(said, Prompt) and said.title == "Move the map"
    assert said.text == ("the shared map lies off its squares: move all its dominoes 1 square north "
                         "on the mat, then play on")
    w.see(_ben_s_start(state))  # the table changes again, the map still off its squares
    assert w.next(state) is None  # said once: not each domino of it to be put back


def test_a_map_grown_past_the_mat_s_edge_stays_where_it_lies_when_a_domino_comes_off_its_far_edge():
    """Ana's map grew a column past the mat's west edge, so it lies a column east on the mat. A
    penalty takes that west domino off again: the rest of her map stays where it lies (rulings (oo)),
    named there, and the camera, seeing it so, asks nobody to move anything."""
    import dataclasses

    from companion.games.base import Viewer
    from companion.games.dynasty.moves import Place, Remove
    from companion.games.dynasty.state import PERSONAL, Task
    state = dynasty.setup({"players": 2, "play": "free", "roles": {"0": "warfare", "1": "infrastructure"},
                           "names": ["Ana", "Ben"]}, 0)
    for cells in (((2, 3), (1, 3)), ((0, 3), (-1, 3))):
        state = dynasty.apply(state, Place(0, "personal", cells, ["lava//EW", "lava//EW"]))[0]
    assert state.shift(PERSONAL, 0) == (1, 0)
    w = MapWatcher(dynasty)
    laid = {(c + 1, r): _as_read(sq.half) for (c, r), sq in dict(state.personal[0]).items()}
    w.see(seen("personal-0", list(laid.items())))
    assert w.next(state) is None  # the map lies where the rules hold it
    state = dataclasses.replace(state, tasks=(Task(0, "remove", 1),), phase="report")
    assert w.next(state) is None  # the penalty waits
    w.see(seen("personal-0", [((0, 3), laid[(0, 3)]), ((1, 3), laid[(1, 3)])], kind="removed"))
    move = w.next(state)
    assert move == Remove(0, "personal", (-1, 3))
    state, said = dynasty.apply(state, move)
    assert str(said[0].words) == "Ana took the domino on A4 off their map."
    assert state.shift(PERSONAL, 0) == (1, 0)
    assert dynasty.view(state, Viewer.of_seat(0))["shifts"]["0"] == [1, 0]
    assert w.next(state) is None  # nothing to move back


def test_a_pass_refused_names_a_place_on_the_mat_s_squares_where_one_is():
    """"A market domino still fits, e.g. on ...": the place named is one the table can lay on the
    printed grid (A1 to H8), not past its edge, where such a place is."""
    import dataclasses
    import re

    from companion.games.base import IllegalMove
    from companion.games.dynasty.moves import Pass

    state = claiming()
    start = dict(state.personal[0])
    west = {(c - 3, r): square for (c, r), square in start.items()}  # Ana's start at A4-B4, the mat's west edge
    state = dataclasses.replace(state, personal=(tuple(west.items()),) + state.personal[1:])
    try:
        dynasty.apply(state, Pass(0))
        raise AssertionError("a pass while a market domino fits must be refused")
    except IllegalMove as refusal:
        squares = re.search(r"e\.g\. on (.+?) of ", str(refusal)).group(1)
    assert re.fullmatch(r"[A-H][1-8]-[A-H][1-8]", squares), squares


def test_a_pass_refused_on_a_map_grown_past_the_mat_s_edge_names_a_free_place_where_the_map_lies():
    """Ana's map grew two columns past A, so it lies shifted two columns east on the mat. Only its
    west end takes a domino; the place named is one free on the mat as the map lies there now, not
    one past the mat's edge named as if the map had moved again (A4, where her map already lies)."""
    import dataclasses
    import re

    from companion.games.base import IllegalMove, Viewer
    from companion.games.dynasty.maps import Half, Square
    from companion.games.dynasty.moves import Pass

    state = claiming()
    # the shared map full: no room there; Ana's row from two west of A to E, open only at its west end
    full = {(x, y): Square(Half.parse("lava//"), 300 + (y * 8 + x) // 2) for x in range(8) for y in range(8)}
    row = {(x, 3): Square(Half.parse("lava//E" if x == -2 else "lava//EW" if x < 0 else "lava//NESW"), 200 + (x + 2) // 2)
           for x in range(-2, 5)}
    state = dataclasses.replace(state, shared=tuple(full.items()), personal=(tuple(row.items()),) + state.personal[1:],
                                market=("lava//|lava//",))
    try:
        dynasty.apply(state, Pass(0))
        raise AssertionError("a pass while a market domino fits must be refused")
    except IllegalMove as refusal:
        squares = re.search(r"e\.g\. on (.+?) of ", str(refusal)).group(1).split("-")
    taken = {s["square"] for s in dynasty.view(state, Viewer("seat", 0))["personal"]["0"]}
    assert all(re.fullmatch(r"[A-H][1-8]", s) for s in squares) and not taken & set(squares), (squares, taken)


def test_the_oled_says_where_and_why_a_domino_is_refused_in_the_lines_it_has():
    """The whole refusal names who, which map, where and why: six lines of the OLED's 21 columns,
    cut there before the square's name. The OLED (four lines above the button's) says where and
    why alone; the host page and the phones keep it whole; Japanese, shorter, is drawn whole."""
    import types

    from PIL import Image, ImageDraw

    from companion.panel import oled_screen
    from hardware.drawing import BODY_LINES, HEIGHT, WIDTH, wrap
    from hardware.screens import draw_screen

    def drawn(name, data):
        image = Image.new("1", (WIDTH, HEIGHT))
        draw_screen(ImageDraw.Draw(image), name, data)
        return image.tobytes()
    state = claiming()
    w = MapWatcher(dynasty)
    w.see(seen("shared", [(c, sq.half.text()) for c, sq in dict(state.shared).items()]))
    assert w.next(state) is None
    w.see(seen("shared", [((2, 1), "desert//"), ((1, 1), "desert//")]))  # west of the lava start
    refused = w.next(state)
    assert refused.title == "Not allowed" and refused.move is None
    assert str(refused.text).startswith("Ana on the shared map, B2-C2: the terrains do not match on the east "
                                         "edge of square C2")
    snap = types.SimpleNamespace(shutting_down=False, prompt=refused, alert=None, language="en")
    name, data = oled_screen(snap, "http://paradox-table.local:8080/")
    assert len(wrap(data["text"])) > BODY_LINES - 1
    assert str(data["short"]).startswith("B2-C2: the terrains do not match on the east edge of square C2")
    assert drawn(name, data) == drawn(name, {**data, "text": data["short"], "short": None}) != drawn(
        name, {**data, "short": None})
    snap.language = "ja"
    name, data = oled_screen(snap, "http://paradox-table.local:8080/")
    assert len(wrap(data["text"])) <= BODY_LINES - 1
    assert drawn(name, data) == drawn(name, {**data, "short": None})


def test_a_placement_taken_back_is_not_laid_again_and_the_oled_says_which_domino_to_take_off():
    """B takes back a domino the camera read: it still lies on its map, so the OLED says which
    squares to clear (before, nothing was said, and the domino lay there unplayed), the domino is
    not laid again, and once it is off the table is read as before."""
    state = claiming()
    w = MapWatcher(dynasty)
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")]))
    move = w.next(state)
    assert isinstance(move, Place)
    after = dynasty.apply(state, move)[0]
    assert w.next(after) is None
    assert w.undone()  # B: the game is `state` again, the domino still on F4-G4
    told = w.next(state)
    assert isinstance(told, Prompt) and told.title == "Take it off" and told.move is None
    assert told.text == "Ana's map: the move was taken back. Take the domino off F4 and G4"
    assert str(told.short) == "Ana's map: take the domino off F4 and G4"  # the OLED's lines name the map too
    assert w.next(state) is None  # said once, and not laid again
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")], kind="removed"))
    assert w.settled(told, state)  # taken off: the notice goes
    assert w.next(state) is None
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")]))  # laid again after all
    assert w.next(state) == move


def test_a_domino_knocked_off_its_map_is_said_to_be_put_back_once_the_table_changes_again():
    """A domino the camera saw lying and then bare is no move (it may be lifted a moment to be
    straightened); still off once the camera has seen the table change again, it was knocked off:
    the rules still count it, and a domino laid on its bare squares would go unseen, so the OLED
    says where to put it back, once, and takes the notice off when it is back."""
    state = claiming()
    w = MapWatcher(dynasty)
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")]))
    state = dynasty.apply(state, w.next(state))[0]
    assert w.next(state) is None
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")], kind="removed"))
    assert w.next(state) is None  # lifted, perhaps to be straightened: not yet said
    w.see(_ben_s_start(state))  # the table changes elsewhere; still off
    told = w.next(state)
    assert isinstance(told, Prompt) and told.title == "Put back" and told.move is None
    assert told.text == ("Ana's map: the domino on F4-G4 is off its squares; the game still has it there: "
                         "put it back")
    assert told.short == "Ana's map: put the domino back on F4-G4"  # the OLED's four lines: still which map
    assert w.next(state) is None  # said once
    assert not w.settled(told, state)
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")]))  # put back
    assert w.settled(told, state) and w.next(state) is None
    assert (5, 3) in dict(state.seat_map(0))  # the rules kept it all along


def test_a_domino_lifted_and_laid_back_before_the_table_changes_is_not_said():
    state = claiming()
    w = MapWatcher(dynasty)
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")]))
    state = dynasty.apply(state, w.next(state))[0]
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")], kind="removed"))
    w.see(seen("personal-0", [((5, 3), "grass/person/W"), ((6, 3), "plains//")]))  # straightened
    w.see(_ben_s_start(state))
    assert w.next(state) is None


def _ben_s_start(state):
    """Ben's starting domino come into the camera's view: a change that is no move."""
    start = dict(state.seat_map(1))
    return seen("personal-1", [(c, start[c].half.text()) for c in ((3, 3), (4, 3))])
