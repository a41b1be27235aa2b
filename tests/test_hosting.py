"""The companion's side of hosting, joining and keeping games: a phone's request to host on the
OLED (A yes, B no, one at a time, expiring), what the OLED shows meanwhile, a game set aside only
when the host says so, resuming, records, and nothing taken after "safe to unplug"."""
import json

import pytest

from companion import records
from companion.errors import Stopping
from companion.games import TABLE, IllegalMove
from companion.games.base import Prompt
from companion.games.paradominetor.moves import Play
from companion.run import screen_for
from companion.service import HOST_REQUEST_SECONDS, Companion, InProgress
from companion.store import Store
from patience import WAIT_SECONDS

JOIN = "http://paradox-table.local:8080/"


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def companion(tmp_path, clock):
    store = Store(tmp_path / "games.db")
    c = Companion(store, clock=clock)
    c.start()
    yield c
    c.stop()
    store.close()


def three(c, seed=1):
    return c.new_game("paradominetor", {"seats": 3, "names": ["Ana", "Ben", "Cy"]}, seed=seed).result(WAIT_SECONDS)


def test_a_host_request_shows_its_code_on_the_oled_until_a_answers(companion):
    three(companion)
    request = companion.request_host().result(WAIT_SECONDS)
    assert len(request.code) == 4 and request.code.isdigit()
    assert screen_for(companion.snapshot, JOIN) == ("host", {"code": request.code})
    assert companion.host_answer(request.id) == "waiting"
    companion.button("confirm").result(WAIT_SECONDS)
    assert companion.host_answer(request.id) == "yes"
    assert companion.snapshot.host_request is None
    assert screen_for(companion.snapshot, JOIN)[0] != "host"
    assert companion.host_answer("someone-else") is None


def test_a_and_b_answer_the_host_question_not_the_game(companion):
    three(companion)
    companion.submit(Play(0, "red-3"), "phone").result(WAIT_SECONDS)
    doubt = Prompt("Check", "Seen red 5 for Ben? A yes, B no", (("red 5", Play(1, "red-5")),))
    companion.ask(doubt).result(WAIT_SECONDS)
    request = companion.request_host().result(WAIT_SECONDS)
    assert screen_for(companion.snapshot, JOIN)[0] == "host"  # the question waiting for A or B
    companion.button("undo").result(WAIT_SECONDS)  # B: no new host; no move is taken back, no read dropped
    assert companion.host_answer(request.id) == "no"
    assert len(companion.snapshot.session.moves) == 1 and companion.snapshot.prompt == doubt
    assert screen_for(companion.snapshot, JOIN)[0] == "prompt"  # the game's question is back
    companion.button("confirm").result(WAIT_SECONDS)  # now A answers the game's question
    assert len(companion.snapshot.session.moves) == 2


def test_requests_do_not_pile_up_and_expire(companion, clock):
    first = companion.request_host().result(WAIT_SECONDS)
    with pytest.raises(IllegalMove, match="Another phone is already asking"):
        companion.request_host().result(WAIT_SECONDS)
    assert companion.snapshot.host_request == first
    clock.now += HOST_REQUEST_SECONDS - 1
    companion.call(lambda: None)
    assert companion.host_answer(first.id) == "waiting"
    clock.now += 1
    companion.call(lambda: None)  # the worker looks at the clock between commands
    assert companion.host_answer(first.id) == "expired"
    assert companion.snapshot.host_request is None
    second = companion.request_host().result(WAIT_SECONDS)
    assert second.id != first.id
    companion.button("confirm").result(WAIT_SECONDS)
    assert companion.host_answer(second.id) == "yes" and companion.host_answer(first.id) == "expired"


def test_the_host_pages_own_buttons_are_not_an_answer(companion):
    three(companion)
    companion.submit({"type": "Play", "seat": 0, "tile": "red-3"}, "phone").result(WAIT_SECONDS)
    request = companion.request_host().result(WAIT_SECONDS)
    companion.undo("host").result(WAIT_SECONDS)  # the host page's "Undo last move"
    assert companion.snapshot.session.moves == []
    assert companion.host_answer(request.id) == "waiting"


def test_a_game_is_set_aside_only_when_the_host_says_so(companion):
    first = three(companion)
    companion.submit({"type": "Play", "seat": 0, "tile": "red-3"}, "phone").result(WAIT_SECONDS)
    with pytest.raises(InProgress) as asked:
        companion.new_game("paradominetor", {"seats": 4}, replace=False).result(WAIT_SECONDS)
    assert asked.value.question == "End the Paradominetor game of Ana, Ben and Cy and start a new game?"
    assert companion.snapshot.session.id == first
    assert companion.snapshot.alert == ""  # asked of the host alone, not shown on the OLED
    second = companion.new_game("paradominetor", {"seats": 4}, replace=True).result(WAIT_SECONDS)
    assert companion.store.game(first).ended is not None
    # A game with no move yet is set aside without a question.
    third = companion.new_game("island", {"players": 2}, replace=False).result(WAIT_SECONDS)
    assert companion.store.game(second).ended is not None and third != second


def test_resume_brings_back_a_game_and_its_links(companion):
    first = three(companion)
    tokens = companion.store.tokens(first)
    companion.submit({"type": "Play", "seat": 0, "tile": "red-3"}, "phone").result(WAIT_SECONDS)
    companion.new_game("island", {"players": 2}).result(WAIT_SECONDS)
    assert companion.resume(first).result(WAIT_SECONDS) == first
    assert companion.snapshot.session.id == first and len(companion.snapshot.session.moves) == 1
    assert companion.store.tokens(first) == tokens
    assert companion.store.latest_open_game().id == first  # a restart comes back to it
    with pytest.raises(IllegalMove, match="already the one on the table"):
        companion.resume(first).result(WAIT_SECONDS)
    with pytest.raises(IllegalMove, match="no such game"):
        companion.resume(99).result(WAIT_SECONDS)


def test_the_list_of_games_follows_each_game(companion):
    first = three(companion)
    played = companion.played()
    assert [g["id"] for g in played] == [first] and played[0]["moves"] == 0 and played[0]["current"]
    companion.submit({"type": "Play", "seat": 0, "tile": "red-3"}, "phone").result(WAIT_SECONDS)
    assert companion.played()[0]["moves"] == 1  # a new move is seen, not an old summary
    companion.undo("host").result(WAIT_SECONDS)
    assert companion.played()[0]["moves"] == 0


def test_records_replay_to_the_same_game(companion):
    first = three(companion)
    for seat, tile in [(0, "red-3"), (1, "red-5"), (2, "blue-1"), (1, "green-2")]:
        companion.submit({"type": "Play", "seat": seat, "tile": tile}, "phone").result(WAIT_SECONDS)
    text = companion.record(first)
    assert text.endswith("\n") and len(text.splitlines()) == 5
    assert json.loads(text.splitlines()[0]) == {"game": "paradominetor", "format": 1, "seats": 3,
                                                "names": ["Ana", "Ben", "Cy"], "seed": 1}
    rep = records.replay(text.splitlines())
    assert rep.rules.view(rep.state, TABLE) == companion.snapshot.view(TABLE)


def test_an_island_in_play_keeps_its_record_until_it_is_over(companion):
    game = companion.new_game("island", {"players": 2}, seed=2).result(WAIT_SECONDS)
    session = companion.snapshot.session
    move = session.rules.legal_moves(session.state)[0]  # the OP lays out the island
    companion.submit(move, "phone").result(WAIT_SECONDS)
    with pytest.raises(IllegalMove, match="once the game is over"):
        companion.record(game)
    assert companion.played()[0]["record"] is False


def test_after_safe_to_unplug_nothing_changes(companion):
    three(companion)
    companion.request_host().result(WAIT_SECONDS)
    companion.safe_shutdown().result(WAIT_SECONDS)
    assert companion.snapshot.host_request is None  # the OLED says "safe to unplug", nothing else
    assert screen_for(companion.snapshot, JOIN)[0] == "unplug"
    for attempt in (lambda: companion.submit({"type": "Play", "seat": 0, "tile": "red-3"}, "phone"),
                    lambda: companion.undo("host"), lambda: companion.button("confirm"),
                    lambda: companion.new_game("paradominetor", {"seats": 3}),
                    lambda: companion.request_host(), lambda: companion.take_seat("seat-0", "Ana"),
                    lambda: companion.reissue("seat-0", "Ana")):
        with pytest.raises(Stopping, match="shutting down"):
            attempt().result(WAIT_SECONDS)
    assert companion.snapshot.session.moves == []
    assert screen_for(companion.snapshot, JOIN)[0] == "unplug"


def test_the_host_opens_a_seat_of_the_game_in_progress_and_it_is_noted(companion):
    with pytest.raises(IllegalMove, match="no game is in progress"):
        companion.show_seat("seat-0", "Ana").result(WAIT_SECONDS)
    first = three(companion)
    before = companion.snapshot.version
    with pytest.raises(IllegalMove, match="choose a seat"):
        companion.show_seat("seat-9", "?").result(WAIT_SECONDS)
    assert companion.snapshot.version == before and companion.store.shown(first) == {}
    key = companion.show_seat("seat-1", "Ben").result(WAIT_SECONDS)
    assert key == companion.store.tokens(first)["seat-1"]
    assert set(companion.store.shown(first)) == {"seat-1"}
    assert companion.snapshot.version > before  # the seat's page learns it at once
    assert companion.snapshot.message.startswith("New Paradominetor game")  # not said to the table
    companion.safe_shutdown().result(WAIT_SECONDS)
    with pytest.raises(Stopping, match="shutting down"):
        companion.show_seat("seat-0", "Ana").result(WAIT_SECONDS)


def test_names_typed_for_more_or_fewer_seats_are_refused_in_words_not_dropped(companion):
    """Three names typed for a two-player game: the host is told, and no game starts with P1, P2."""
    from companion.i18n import translate
    before = companion.snapshot.session
    for game, options in (("initiative", {"players": 2, "names": ["Ana", "Ben", "Cy"]}),
                          ("loop", {"players": 3, "names": ["Ana", "Ben"]}),
                          ("paradominetor", {"names": ["Ana", "Ben", "Cy"]})):  # 4 seats by default
        with pytest.raises(IllegalMove) as refused:
            companion.new_game(game, options, replace=True).result(WAIT_SECONDS)
        assert "names for" in str(refused.value) and "one name for each seat" in str(refused.value)
        assert "席" in translate(refused.value.args[0], "ja")
        assert companion.snapshot.session is before
    # empty names are the defaults, as the form says
    companion.new_game("initiative", {"players": 2, "names": ["", ""]}, replace=True).result(WAIT_SECONDS)
    assert companion.snapshot.view(TABLE)["names"] == ["P1", "P2"]
