"""Paradox Initiative on the OLED: whose turn it is (or what the table waits for), the glitch's
world and the scores, drawn on luma.core's dummy device; never a secret research goal."""
import json
import random

import pytest
from PIL import ImageChops

from companion.games import TABLE
from companion.games import initiative as game
from companion.games.initiative import oled
from companion.panel import oled_screen, pages
from companion.service import Companion
from hardware.display import Display, emulated_device
from patience import WAIT_SECONDS

JOIN = "http://paradox-table.local:8080/"


@pytest.fixture
def display():
    with Display(emulated_device()) as d:
        yield d


def drawn(display, shown):
    """Draw a screen as the panel would; it must be drawn as asked, not as the error screen."""
    name, data = shown
    display.show(name, data)
    assert display.screen == name
    image = display.image
    assert image.size == (128, 64) and image.getbbox() is not None  # something lit
    assert ImageChops.difference(display.device.image, image).getbbox() is None  # the device got it
    return data


def play_until(state, rng, done, limit=3000):
    for _ in range(limit):
        if done(state):
            return state
        if game.is_over(state):
            break
        state, _ = game.apply(state, rng.choice(game.legal_moves(state)))
    raise AssertionError("the game never got there")


def secret_seed(players=2):
    return next(s for s in range(200)
                if any(g.secret for g in game.setup({"players": players}, s).goals))


def test_button_c_pages_through_the_game_s_pages_then_join(store):
    c = Companion(store)
    c.start()
    try:
        c.new_game("initiative", {"players": 2}, seed=4).result(WAIT_SECONDS)
        assert pages("initiative") == ("auto", "scoreboard", "worlds", "join")
        shown = []
        for _ in range(4):
            snap = c.snapshot
            shown.append((snap.screen, oled_screen(snap, JOIN)[0]))
            c.button("next").result(WAIT_SECONDS)
        assert shown == [("auto", "message"), ("scoreboard", "scoreboard"), ("worlds", "message"),
                         ("join", "join")]
    finally:
        c.stop()


def test_at_setup_the_table_is_asked_for_the_anomaly_s_particles(display):
    state = game.setup({"players": 2}, 4)
    view = game.view(state, TABLE)
    data = drawn(display, oled.screen(view, "auto", ""))
    world = view["worlds"][view["glitch"] - 1]
    assert data["title"] == "Round 1" and data["right"] == "setup"
    assert data["text"] == f"Draw a particle for the anomaly. Glitch: {oled.world_words(world)}."
    # a world the catalog knows only by its number is named once
    assert oled.world_words({"number": 13, "name": "World 13"}) == "World 13"
    assert oled.world_words({"number": 6, "name": "Xxyl"}) == "6 Xxyl"


def test_in_the_matrix_phase_it_names_who_acts_and_how_many_actions_are_left(display):
    rng = random.Random(2)
    state = play_until(game.setup({"players": 3}, 2), rng,
                       lambda s: game.view(s)["phase"] == "matrix" and not game.view(s)["awaiting"])
    view = game.view(state, TABLE)
    who = view["names"][view["turn"]]
    data = drawn(display, oled.screen(view, "auto", ""))
    assert data["right"] == "matrix" and data["text"].startswith(f"{who}: 2 matrix actions left.")
    board = drawn(display, oled.screen(view, "scoreboard", ""))
    assert [s["name"] for s in board["seats"]] == view["names"]
    assert [s["score"] for s in board["seats"]] == [view["scores"][str(i)] for i in range(3)]
    assert [s["mark"] for s in board["seats"]] == [i == view["turn"] for i in range(3)]


def test_the_worlds_page_follows_the_glitch_as_it_fractures_worlds(display):
    fractured = lambda s: not all(w["stable"] for w in game.view(s)["worlds"])  # noqa: E731
    for seed in range(20):
        # solo: the rival lab's red, yellow and blue discs move the glitch every round
        state, rng = game.setup({"players": 1}, seed), random.Random(seed)
        while not (fractured(state) or game.is_over(state)):
            state, _ = game.apply(state, rng.choice(game.legal_moves(state)))
        if fractured(state):
            break
    assert fractured(state)
    view = game.view(state, TABLE)
    fractured = [w["number"] for w in view["worlds"] if not w["stable"]]
    data = drawn(display, oled.screen(view, "worlds", ""))
    assert data["text"].startswith(f"Fractured: {', '.join(map(str, fractured))}. Locked: ")
    glitch = view["worlds"][view["glitch"] - 1]
    assert data["title"].startswith(f"Glitch: {oled.world_words(glitch)}")
    assert data["title"].endswith(" fractured") == (not glitch["stable"] and not glitch["locked"])


def test_a_finished_game_leaves_the_winner_to_the_shared_page():
    rng = random.Random(1)
    state = game.setup({"players": 2}, 1)
    while not game.is_over(state):
        state, _ = game.apply(state, rng.choice(game.legal_moves(state)))
    assert all(oled.screen(game.view(state, TABLE), p, "") is None for p in oled.PAGES)


def test_no_page_ever_shows_a_secret_research_goal(display):
    seed = secret_seed()
    rng = random.Random(seed)
    state = game.setup({"players": 2}, seed)
    hidden = [w for words in game.secrets(state).values() for w in words]
    assert hidden
    for _ in range(120):
        view = game.view(state, TABLE)
        for page in oled.PAGES:
            text = json.dumps(drawn(display, oled.screen(view, page, "")))
            assert not any(h in text or h.split(": ", 1)[1] in text for h in hidden)
        state, _ = game.apply(state, rng.choice(game.legal_moves(state)))
