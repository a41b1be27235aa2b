"""Button C pages through the game's own OLED pages and the shared ones, in every game."""
import pytest

from companion.panel import oled_screen, pages
from companion.service import Companion

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
        c.new_game(game, options, seed=4).result(5)
        assert [p for p, _ in expected] == list(pages(game))
        shown = []
        for _ in expected:
            snap = c.snapshot
            shown.append((snap.screen, oled_screen(snap, JOIN)[0]))
            c.button("next").result(5)
        assert shown == expected
        assert c.snapshot.screen == "auto"  # round again
    finally:
        c.stop()


def test_island_markers_page_counts_what_the_op_has(store):
    c = Companion(store)
    c.start()
    try:
        c.new_game("island", {"island": "random", "players": 3}, seed=4).result(5)
        c.show_screen("markers").result(5)
        name, data = oled_screen(c.snapshot, JOIN)
        assert name == "scoreboard" and data["title"] == "Markers"
        assert [s["name"] for s in data["seats"]] == ["Omnipotence Paradox", "Hempel", "Theseus"]
        assert data["seats"][0]["score"] == "0/" + str(c.snapshot.session.state.perish_goal)
        assert [s["score"] for s in data["seats"][1:]] == [0, 0]
    finally:
        c.stop()
