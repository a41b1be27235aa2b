"""What a player must do now is on their phone's first screen (390x844), in every game: their own
decision and hand come before the table's state. Paradox Island's OP keeps every line to say aloud
until they tap "Said it", and a captive answers the oracle by picking up to two directions."""
import random
import time

import pytest

from companion.games import MASTER, Viewer
from patience import WAIT_SECONDS

playwright = pytest.importorskip("playwright.sync_api")
from browsing import seat_links, seat_shell  # noqa: E402
PHONE = {"width": 390, "height": 844}


def seat_pages(device, browser, game, options):
    """A new game, and each seat's phone on its own link (from a host page opened after the game
    began, so it lists this game's seats and no earlier game's)."""
    expect = playwright.expect
    device.companion.new_game(game, options, seed=0).result(WAIT_SECONDS)
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")
    pages = {}
    for viewer, link in seat_links(host, len(device.companion.snapshot.session.viewers())).items():
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(link)
        expect(page.locator("#status")).to_have_text("live")
        pages[viewer] = page
    host.context.close()
    return pages


@pytest.mark.parametrize("game, options, heading", [
    ("loop", {"players": 2, "names": ["Ann", "Bo"]}, "Your action"),
    ("initiative", {"players": 2}, None),
    ("paradominetor", {}, "Your moves"),
    ("dynasty", {}, "Your moves"),
])
def test_the_player_s_own_moves_come_before_the_table_s_state(device, browser, shots, game, options, heading):
    pages = seat_pages(device, browser, game, options)
    page = pages["seat-0"]
    page.wait_for_timeout(300)  # the game's style applied
    page.screenshot(path=str(shots / f"first-screen-{game}.png"))
    mine, table = page.locator("#mine"), page.locator("#game")
    playwright.expect(mine.locator("h2, h3").first).to_be_visible()
    assert mine.bounding_box()["y"] < table.bounding_box()["y"]
    if heading:
        box = mine.locator("h2, h3", has_text=heading).first.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], f"{heading!r} is {box['y']:.0f} px down"
    button = mine.locator("button").first
    if button.count():
        box = button.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"]
    for p in pages.values():
        p.context.close()


# Paradox Island's pages, drawn by the island's script in the seat page's shell from views the
# companion would send (as test_island_browser.py does).

def island_page(device, browser):
    return seat_shell(browser, device.urls["local"].split("/?")[0].rstrip("/"), "island", PHONE)


def draw(page, view, viewer):
    page.evaluate("""([v, viewer]) => { const mine = document.getElementById("mine");
        document.getElementById("no-seat").classList.add("hidden"); mine.classList.remove("hidden");
        const ctx = {viewer, post: (m) => { window.posted = m; return Promise.resolve({}); }};
        ParadoxTable.board(document.getElementById("game"), v, ctx);
        ParadoxTable.seat(mine, v, ctx); }""", [view, viewer])


def within_first_screen(locator):
    box = locator.bounding_box()
    return box is not None and box["y"] + box["height"] <= PHONE["height"]


def island_without_starting_fruits():
    from companion.games import island as G
    from companion.games.island import catalog, layout
    placements = layout.random_placements(random.Random(1), None)
    isl = layout.build(placements)
    anomalies = layout.find(isl, "anomaly")
    fruit = {layout.space(isl, s).value: s for s in layout.find(isl, "fruit")}
    return G.setup(dict(island=list(placements), characters=["phil", "hempel"],
                        anomalies=dict(zip(anomalies, catalog.anomaly_tokens())),
                        wave="north", rock=anomalies[0], bush=fruit["apple"]), 1)


def test_a_captive_s_starting_fruit_is_asked_first_and_the_top_says_it_waits_for_them(device, browser):
    from companion.games import island as G
    state = island_without_starting_fruits()
    assert state.phase == "fruits"
    seat = G.view(state, MASTER)["waiting_for"]
    page, errors = island_page(device, browser)
    draw(page, G.view(state, Viewer.of_seat(seat)), f"seat-{seat}")
    first = page.locator(".fruit-choice button").first
    assert within_first_screen(page.locator("#mine h2").first)
    assert within_first_screen(first)
    assert "waiting for you" in page.locator("#game").inner_text()
    # the other captive, with nothing to decide, reads whom the game waits for at the top
    other = 3 - seat
    draw(page, G.view(state, Viewer.of_seat(other)), f"seat-{other}")
    wait = page.locator("#island-wait")
    playwright.expect(wait).to_have_text(f"Waiting for {G.view(state, MASTER)['names'][seat]}.")
    assert within_first_screen(wait)
    assert errors == []


def test_the_oracle_asks_for_up_to_two_directions_not_22_buttons(device, browser):
    from companion.games import island as G
    from companion.games.island.state import Pending, Step, piece
    from tests.island.helpers import game, turn_of
    from itertools import combinations
    dirs = ("NW", "NE", "E", "SE", "SW", "W")
    options = ("none",) + dirs + tuple(f"{a} {b}" for a, b in combinations(dirs, 2))
    from dataclasses import replace
    state = turn_of(game(characters=("phil", "hempel")), 1)
    state = replace(state, pending=Pending(1, "oracle", "Choose up to two directions.", options,
                                           Step("oracle", piece="phil", space=piece(state, "phil").space)))
    view = G.view(state, Viewer.of_seat(1))
    assert len([m for m in view["legal"] if m["type"] == "Choose"]) == 22
    page, errors = island_page(device, browser)
    draw(page, view, "seat-1")
    decision = page.locator("#mine .decision")
    assert decision.locator("button").count() == 7  # six directions and "ask"
    assert within_first_screen(page.locator("#island-oracle-ask"))
    for d in ("SW", "NE", "E"):  # a third direction replaces the first
        decision.locator(f'button[data-dir="{d}"]').click()
    ask = page.locator("#island-oracle-ask")
    playwright.expect(ask).to_have_text("Ask about northeast and east")
    ask.click()
    assert page.evaluate("window.posted") == {"type": "Choose", "seat": 1, "option": "NE E"}
    assert errors == []


def test_the_op_keeps_every_line_to_say_aloud_until_they_tap_said_it(device, browser, shots):
    from companion.games import island as G
    from tests.island.helpers import game, turn_of
    view = G.view(turn_of(game(characters=("phil", "schrodie", "theseus")), 3), MASTER)
    said = [{"speaker": "Theseus", "words": "I'm moving east unsafely."},
            {"speaker": "OP", "words": "Theseus, you're on an Escher knot."},
            {"speaker": "OP", "words": "Theseus, you move along the arrow."},
            {"speaker": "OP", "words": "Theseus, you're on Portal 1 (blue)."},
            {"speaker": "OP", "words": "Theseus, I'm moving you to another Portal 1 (blue)."}]
    view["said"] = said
    page, errors = island_page(device, browser)
    draw(page, view, "master")
    aloud = page.locator("#island-aloud p")
    playwright.expect(aloud).to_have_text([s["words"] for s in said[1:]])
    assert within_first_screen(page.locator("#island-said-it"))
    # a captive speaks, and the OP has not yet said the lines: they stay, the new one after them
    view["said"] = said + [{"speaker": "Theseus", "words": "I end my turn."},
                           {"speaker": "OP", "words": "Phil's turn."}]
    draw(page, view, "master")
    playwright.expect(aloud).to_have_text([s["words"] for s in said[1:]] + ["Phil's turn."])
    page.screenshot(path=str(shots / "first-screen-island-op.png"))
    page.locator("#island-said-it").click()
    playwright.expect(aloud).to_have_text(["OP: Phil's turn."])  # the last line, for reference
    playwright.expect(page.locator("#island-said-it")).to_have_count(0)
    view["said"] = view["said"] + [{"speaker": "OP", "words": "Phil, you're on Camp A."}]
    draw(page, view, "master")
    playwright.expect(aloud).to_have_text(["Phil, you're on Camp A."])
    page.locator("#island-said-it").click()
    # that move is taken back and another made: its line is new, to be said
    del view["said"][-1]
    draw(page, view, "master")
    view["said"] = view["said"] + [{"speaker": "OP", "words": "Phil, you're on a mirage."}]
    draw(page, view, "master")
    playwright.expect(aloud).to_have_text(["Phil, you're on a mirage."])
    # the OP's page is one the OP can work in: the boards and logs fold away below the map
    assert page.evaluate("document.documentElement.scrollHeight") < 2400
    assert errors == []


def test_a_double_tap_on_i_played_this_plays_once_without_a_refusal(device, browser):
    from companion.games import TABLE
    pages = seat_pages(device, browser, "paradominetor", {})
    companion = device.companion
    first = companion.snapshot.view(TABLE)["to_play"]
    page = pages[f"seat-{first}"]
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    playwright.expect(page.locator("#play-send")).to_have_text("I played this")
    page.select_option("#play-value", "3")
    sent, answered = [], []
    page.on("request", lambda r: r.method == "POST" and sent.append(r))
    page.on("requestfinished", lambda r: r.method == "POST" and answered.append(r))
    page.on("requestfailed", lambda r: r.method == "POST" and answered.append(r))
    page.locator("#play-send").dblclick()
    playwright.expect(page.locator(".tile").first).to_be_visible()
    # whatever the double tap sent has been answered before the table is looked at
    deadline = time.monotonic() + WAIT_SECONDS
    while len(answered) < len(sent) and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    assert sent and len(answered) == len(sent)
    assert len(companion.snapshot.view(TABLE)["current_trick"]) == 1
    assert page.locator("#mine-msg").inner_text() == ""
    assert errors == []  # no refused move (409) either
    for p in pages.values():
        p.context.close()


def test_initiative_s_swap_module_matrix_is_under_its_prompt_and_a_waiting_phone_has_no_empty_box(device, browser):
    """The swap module asks for two taps on the player's matrix: the matrix is right under it, on
    the first screen, and the taps swap the two particles, whatever their symbols."""
    from companion.games import initiative as G
    from tests.initiative.helpers import change, matrix_turn
    state, me = matrix_turn()
    state = change(state, lambda s: s.boards[me].tech.append("swap"))
    page, errors = seat_shell(browser, device.urls["local"].split("/?")[0].rstrip("/"), "initiative", PHONE)
    view = G.view(state, Viewer.of_seat(me))
    draw(page, view, f"seat-{me}")
    page.locator("#pi-swap-module").click()
    playwright.expect(page.locator("#pi-swap-module")).to_have_class("picked")
    assert within_first_screen(page.locator(".pi-matrix.mine"))
    page.locator('.pi-matrix.mine [data-cell="0,0"]').click()
    page.locator('.pi-matrix.mine [data-cell="4,4"]').click()
    assert page.evaluate("window.posted") == next(m for m in view["legal"] if m["type"] == "Tech"
                                                  and (m["a"], m["b"]) == ([0, 0], [4, 4]))
    # the other player's phone meanwhile: whom the game waits for first, no empty decision box
    draw(page, G.view(state, Viewer.of_seat(1 - me)), f"seat-{1 - me}")
    playwright.expect(page.locator("#mine .pi-ask, #mine .pi-turn")).to_have_count(0)
    assert within_first_screen(page.locator("#pi-msg + p"))
    assert within_first_screen(page.locator(".pi-matrix.mine"))  # their own matrix before the table
    assert errors == []


def test_initiative_s_nexus_card_asks_for_its_cell_with_the_matrix_right_under_the_question(device, browser):
    """A nexus card new to the companion: the player taps the cell of their matrix the card shows,
    on the matrix drawn inside the question, and sends that cell."""
    from dataclasses import replace
    from companion.games import initiative as G
    from companion.games.initiative.state import Entry, Wait, new
    from tests.initiative.helpers import change, matrix_turn
    state, me = matrix_turn()
    card = next(c for c, x in state.cards.items() if x.timeframe == "nexus")

    def unknown_on_console(s):
        s.cards[card] = replace(s.cards[card], known=False)
        s.boards[me].console.append(new(Entry, card=card, space=0))
    state = change(state, unknown_on_console)
    state = replace(state, queue=(Wait("teach", me, card=card),) + tuple(state.queue))
    view = G.view(state, Viewer.of_seat(me))
    page, errors = seat_shell(browser, device.urls["local"].split("/?")[0].rstrip("/"), "initiative", PHONE)
    draw(page, view, f"seat-{me}")
    ask = page.locator("#mine .pi-ask")
    playwright.expect(ask.locator(".pi-matrix.mine")).to_have_count(1)
    assert within_first_screen(ask.locator(".pi-matrix.mine"))
    assert within_first_screen(page.locator("#pi-teach"))
    ask.locator('[data-cell="4,0"]').click()
    playwright.expect(ask.locator("p").first).to_contain_text("row 5 column 1")
    page.locator("#pi-teach").click()
    teach = next(m for m in view["legal"] if m["type"] == "Teach")
    assert page.evaluate("window.posted") == dict(teach, at=[4, 0])
    assert errors == []
