"""Button C pages through the game's own OLED pages and the shared ones, in every game."""
import pytest

from companion.panel import oled_screen, pages
from companion.service import Companion
from hardware.screens import name_of
from patience import WAIT_SECONDS

JOIN = "http://paradox-table.local:8080/"


@pytest.mark.parametrize("game, options, expected", [
    ("paradominetor", {"seats": 3}, [("auto", "trick"), ("scoreboard", "scoreboard"), ("join", "join")]),
    ("island", {"island": "random"}, [("auto", "message"), ("markers", "scoreboard"),
                                      ("scoreboard", "scoreboard"), ("join", "join")]),
])
def test_button_c_pages_through_every_page(store, game, options, expected):
    c = Companion(store)
    c.start()
    try:
        c.new_game(game, options, seed=4).result(WAIT_SECONDS)
        assert [p for p, _ in expected] == list(pages(game))
        shown = []
        for _ in expected:
            snap = c.snapshot
            shown.append((snap.screen, name_of(oled_screen(snap, JOIN)[0])))
            c.button("next").result(WAIT_SECONDS)
        assert shown == expected
        assert c.snapshot.screen == "auto"  # round again
    finally:
        c.stop()


def test_island_markers_page_counts_what_the_op_has(store):
    c = Companion(store)
    c.start()
    try:
        c.new_game("island", {"island": "random", "players": 3}, seed=4).result(WAIT_SECONDS)
        c.show_screen("markers").result(WAIT_SECONDS)
        name, data = oled_screen(c.snapshot, JOIN)
        assert name == "scoreboard" and data["title"] == "Markers"
        assert [s["name"] for s in data["seats"]] == ["Omnipotence Paradox", "Hempel", "Theseus"]
        assert data["seats"][0]["score"] == "0/" + str(c.snapshot.session.state.perish_goal)
        assert [s["score"] for s in data["seats"][1:]] == [0, 0]
    finally:
        c.stop()


def test_paradominetor_oled_says_what_the_table_needs(store):
    from camera_feed import Seen, Table
    c = Table(store)
    c.start()
    try:
        c.new_game("paradominetor", {"seats": 4, "names": ["Ana", "Ben", "Cy", "Dee"]}, seed=1).result(WAIT_SECONDS)
        # A black lead: the OLED shows the colour A would declare, and C moves it on.
        c.observe([Seen("black-0", 100, 100, 0.99)]).result(WAIT_SECONDS)
        name, data = oled_screen(c.snapshot, JOIN)
        assert name == "prompt" and data["text"].startswith("Ana leads black as red?")
        c.button("next").result(WAIT_SECONDS)
        assert oled_screen(c.snapshot, JOIN)[1]["text"].startswith("Ana leads black as blue?")
        c.button("undo").result(WAIT_SECONDS)  # B: not now; the phones play this game

        def play(seat, tile):
            c.submit({"type": "Play", "seat": seat, "tile": tile}, "phone").result(WAIT_SECONDS)
        for seat, tile in [(0, "red-3"), (1, "blue-5"), (2, "red-4"), (3, "red-5")]:
            play(seat, tile)
        # Between tricks: the trick to come and its lead, as the pages say, and the last ruling.
        name, data = oled_screen(c.snapshot, JOIN)
        assert (name, data["title"], data["right"]) == ("adjudication", "Trick 2", "lead Dee")
        assert data["text"] == "Trick 1: Dee wins with red 5: 1 pt"
        # Ben left red in trick 1 and plays red now: the revoke shows the moment it is proven...
        play(3, "green-2")
        play(0, "green-3")
        play(1, "red-1")
        name, data = oled_screen(c.snapshot, JOIN)
        assert (name, data["title"]) == ("message", "Revoke!")
        assert "Ben played red in trick 2 but did not follow red in trick 1" in data["text"]
        # ... and stays in the ruling once the trick is over.
        play(2, "green-4")
        name, data = oled_screen(c.snapshot, JOIN)
        assert name == "adjudication" and data["text"].endswith("Revoke: Ben (red, trick 1)")
    finally:
        c.stop()


def test_a_refusal_on_the_oled_asks_for_a_look_again_and_a_question_for_yes_or_no(store):
    from companion.games.base import Prompt
    from companion.games.paradominetor.moves import Play
    c = Companion(store)
    c.start()
    try:
        c.new_game("paradominetor", {"seats": 3}, seed=1).result(WAIT_SECONDS)
        c.ask(Prompt("Not allowed", "P1 on P1's map: the paths do not match")).result(WAIT_SECONDS)
        kind, data = oled_screen(c.snapshot, JOIN)
        assert kind == "prompt" and data["buttons"] == {"A": "look again"}
        c.ask(Prompt("Check", "Seen red 3 for P2?", ((("red 3", Play(1, "red-3")),)))).result(WAIT_SECONDS)
        kind, data = oled_screen(c.snapshot, JOIN)
        assert data["buttons"] == {"A": "accept", "B": "reject"}
        # several choices: the footer names C, which shows the next one (B's "no" is in the words)
        c.ask(Prompt("Check", "Seen red 3 or red 2?", (("red 3", Play(1, "red-3")), ("red 2", Play(1, "red-2"))))).result(WAIT_SECONDS)
        kind, data = oled_screen(c.snapshot, JOIN)
        assert data["buttons"] == {"A": "this one", "C": "next"} and data["text"].endswith("A ok, C next, B no")
        from hardware.drawing import COLUMNS
        assert len("  ".join(f"{k} {v}" for k, v in sorted(data["buttons"].items()))) <= COLUMNS  # the lit line, whole
    finally:
        c.stop()
