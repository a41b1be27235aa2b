"""The companion's worker: camera readings, buttons and prompts, in order, in one place."""
import pytest

from companion.games import TABLE, IllegalMove
from companion.service import Companion

from camera_feed import Seen, Table
from patience import WAIT_SECONDS


@pytest.fixture
def table(store):
    c = Table(store)
    c.start()
    c.new_game("paradominetor", {"seats": 3, "names": ["Ana", "Ben", "Cy"]}, seed=1).result(WAIT_SECONDS)
    yield c
    c.stop()


def view(c):
    return c.snapshot.view(TABLE)


def test_a_steady_new_tile_is_played_for_the_seat_to_play(table):
    table.observe([Seen("red-3", 100, 100, 0.99)]).result(WAIT_SECONDS)
    assert view(table)["current_trick"] == [{"seat": 0, "tile": "red-3"}]
    assert table.snapshot.message == "Ana played red 3"
    # The same tile seen again is the same play, not a new one.
    table.observe([Seen("red-3", 104, 98, 0.99)]).result(WAIT_SECONDS)
    assert len(view(table)["current_trick"]) == 1
    table.observe([Seen("red-3", 104, 98, 0.99), Seen("red-5", 160, 100, 0.97)]).result(WAIT_SECONDS)
    assert view(table)["current_trick"][1] == {"seat": 1, "tile": "red-5"}
    assert table.snapshot.session.moves[1].seat == 1


def test_a_doubtful_read_waits_for_button_a(table):
    table.observe([Seen("blue-2", 100, 100, 0.5)]).result(WAIT_SECONDS)
    assert view(table)["current_trick"] == []
    assert table.snapshot.prompt.text == "Seen blue 2 for Ana? A yes, B no"
    table.observe([Seen("blue-2", 100, 100, 0.5)]).result(WAIT_SECONDS)  # nothing happens while asking
    table.button("confirm").result(WAIT_SECONDS)
    assert view(table)["current_trick"] == [{"seat": 0, "tile": "blue-2"}]
    assert table.snapshot.prompt is None
    table.observe([Seen("blue-2", 100, 100, 0.9)]).result(WAIT_SECONDS)
    assert len(view(table)["current_trick"]) == 1


def test_button_b_drops_a_doubtful_read(table):
    table.observe([Seen("blue-2", 100, 100, 0.5)]).result(WAIT_SECONDS)
    table.button("undo").result(WAIT_SECONDS)
    assert table.snapshot.prompt is None and view(table)["current_trick"] == []
    assert table.snapshot.session.moves == []


def test_an_unreadable_tile_is_never_guessed(table):
    table.observe([Seen("unknown", 100, 100, 0.0)]).result(WAIT_SECONDS)
    assert view(table)["current_trick"] == []
    assert "turn it face up" in table.snapshot.prompt.text


def test_a_black_lead_asks_for_the_colour_and_c_cycles(table):
    table.observe([Seen("black-0", 100, 100, 0.99)]).result(WAIT_SECONDS)
    assert "which colour" in table.snapshot.prompt.text
    assert table.snapshot.prompt.words.startswith("Ana leads black as red")
    table.button("next").result(WAIT_SECONDS)
    assert table.snapshot.prompt.words.startswith("Ana leads black as blue")
    table.button("confirm").result(WAIT_SECONDS)
    assert view(table)["current_trick"] == [{"seat": 0, "tile": "black-0", "declare": "blue"}]
    assert view(table)["must_follow"] == ["blue"]


def test_a_play_the_rules_refuse_is_shown_and_not_scored(table):
    s = table.snapshot.session
    for seat, tile in [(0, "red-6"), (1, "red-5"), (2, "red-4")]:
        table.submit({"type": "Play", "seat": seat, "tile": tile}, "phone").result(WAIT_SECONDS)
    table.observe([Seen("red-6", 300, 300, 0.99)]).result(WAIT_SECONDS)  # there is only one red 6
    assert table.snapshot.prompt.title == "Not allowed"
    assert "red 6" in table.snapshot.prompt.text and "already played" in table.snapshot.prompt.text
    assert "red-6" not in table.snapshot.prompt.text  # said in the table's words
    assert len(s.moves) == 3


def test_a_paradox_is_flipped_and_the_backs_read(table):
    places = [(100, 100), (160, 100), (220, 100)]
    labels = ["green-1", "green-1", "red-2"]
    seen = []
    for (x, y), label in zip(places, labels):
        seen.append(Seen(label, x, y, 0.99))
        table.observe(list(seen)).result(WAIT_SECONDS)
    v = view(table)
    assert v["phase"] == "flip" and v["awaiting_flip"] == [0, 1]
    assert "flip" in table.snapshot.message
    backs = [Seen("back-present", 100, 100, 0.99), Seen("back-past", 160, 100, 0.99), seen[2]]
    table.observe(backs).result(WAIT_SECONDS)
    table.observe(backs).result(WAIT_SECONDS)
    v = view(table)
    assert v["phase"] == "play" and v["tricks"][0]["points"] == {"0": 0.5, "1": 1}
    assert v["lead"] == 1
    assert table.snapshot.message == "Paradox green 1: Ana present 0.5, Ben past 1 pt"
    # The scored tiles lying there are not a new trick; clearing them and playing is.
    table.observe(backs).result(WAIT_SECONDS)
    assert view(table)["current_trick"] == []
    table.observe([]).result(WAIT_SECONDS)
    table.observe([Seen("blue-4", 100, 100, 0.95)]).result(WAIT_SECONDS)
    assert view(table)["current_trick"] == [{"seat": 1, "tile": "blue-4"}]


def test_an_undone_tile_is_not_read_again_until_picked_up(table):
    table.observe([Seen("red-3", 100, 100, 0.99)]).result(WAIT_SECONDS)
    table.button("undo").result(WAIT_SECONDS)
    assert view(table)["current_trick"] == []
    # the OLED says at once whose tile to pick up (its face is not named: it is in a hand again)
    told = table.snapshot.prompt
    assert told.title == "Take it back" and told.move is None
    assert told.text == "Ana's play was taken back: Ana, pick your tile up off the trick"
    table.observe([Seen("red-3", 100, 100, 0.99)]).result(WAIT_SECONDS)
    assert view(table)["current_trick"] == []
    table.observe([]).result(WAIT_SECONDS)
    assert table.snapshot.prompt is None  # picked up: the notice goes by itself
    table.observe([Seen("red-2", 110, 100, 0.99)]).result(WAIT_SECONDS)
    assert view(table)["current_trick"] == [{"seat": 0, "tile": "red-2"}]


def test_a_refused_phone_move_is_told_to_the_phone_only(table):
    before = table.snapshot.message
    with pytest.raises(IllegalMove):
        table.submit({"type": "Play", "seat": 2, "tile": "red-3"}, "phone").result(WAIT_SECONDS)
    assert table.snapshot.message == before and table.snapshot.alert == ""
    with pytest.raises(IllegalMove):
        table.submit({"type": "Play", "seat": 2, "tile": "red-3"}, "button").result(WAIT_SECONDS)
    assert table.snapshot.alert == "it is Ana's turn, not Cy's"


def test_the_game_resumes_after_a_restart(store):
    c = Companion(store)
    c.start()
    c.new_game("paradominetor", {"seats": 3}, seed=1).result(WAIT_SECONDS)
    c.submit({"type": "Play", "seat": 0, "tile": "red-3"}, "phone").result(WAIT_SECONDS)
    c.stop()
    again = Companion(store)
    assert again.snapshot.view(TABLE)["current_trick"] == [{"seat": 0, "tile": "red-3"}]
    assert again.snapshot.message.startswith("Resumed the Paradominetor game of ")  # its title and players, not its number
