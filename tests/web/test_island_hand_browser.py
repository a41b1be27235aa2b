"""The OP's phone in a real browser, at phone size: the real island laid tile by tile (turned,
reprinted where the group's tiles differ, a tile lifted again), and a correction by hand during
play that the captive sees on their board and the table hears, without where the piece went."""

import pytest

from companion.games import MASTER
from companion.games.island.moves import ChooseStartingFruit, PlaceOpPieces

from browsing import wait_until  # noqa: E402
from patience import WAIT_SECONDS

playwright = pytest.importorskip("playwright.sync_api")
PHONE = {"width": 390, "height": 844}




def open_page(browser, device, viewer, errors):
    token = device.store.tokens(device.companion.snapshot.session.id)[viewer]
    page = browser.new_context(viewport=PHONE).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    base = device.urls["local"].split("/?")[0]
    page.goto(f"{base}/seat#{token}")
    playwright.expect(page.locator("#status")).to_have_text("live")
    return page


def test_the_op_lays_the_real_island_and_corrects_a_captive_by_hand(device, browser, shots):
    expect = playwright.expect
    device.companion.new_game("island", {"players": 2, "characters": ["phil"], "second_piece": "theseus"},
                              seed=4).result(WAIT_SECONDS)
    errors = []
    op = open_page(browser, device, "master", errors)
    phil = open_page(browser, device, "seat-1", errors)

    # Tile by tile: choose the banana tile, turn it once, tap a lit space for its first half.
    op.click('[data-tile="banana-snakes"]')
    op.click("#island-turn")
    expect(op.locator("#island-lay-words")).to_contain_text("the banana; a mirage with snakes lies to its southeast")
    op.click('.build-map [data-space="D4"].target')
    wait_until(op, lambda: device.companion.snapshot.session.state.laid == ("banana-snakes D4 1",))
    expect(op.locator('.build-map [data-space="E4"]')).to_contain_text("snakes")

    # Their copy of the lime tile shows an anomaly where the catalog has an oracle.
    op.click('[data-tile="lime-oracle"]')
    op.locator('[data-fold="reprint"] summary').click()
    op.select_option("#island-print-half", "2")
    op.select_option("#island-print-kind", "anomaly")
    op.click("#island-print-save")
    wait_until(op, lambda: device.companion.snapshot.session.state.printing == ("lime-oracle 2 anomaly",))
    expect(op.locator("#island-printing-problem")).to_be_hidden()
    op.click('.build-map [data-space="A1"].target')
    wait_until(op, lambda: len(device.companion.snapshot.session.state.laid) == 2)
    expect(op.locator('.build-map [data-space="A2"]')).to_contain_text("anomaly")
    op.screenshot(path=str(shots / "island-building.png"), full_page=True)

    # A tile laid wrong is tapped and lifted again.
    op.click('.build-map [data-space="A2"]')
    op.click("#island-lift")
    wait_until(op, lambda: len(device.companion.snapshot.session.state.laid) == 1)
    assert "banana-snakes" not in phil.content() and "lime-oracle" not in phil.content()  # nothing of it

    # The rest at random (from the group's printing), then the pieces and the starting fruits.
    op.click("#island-random")
    wait_until(op, lambda: device.companion.snapshot.view(MASTER)["phase"] == "pieces")
    legal = device.companion.snapshot.view(MASTER)["legal"]
    device.companion.submit(PlaceOpPieces(**{k: legal[0][k] for k in ("wave", "rock", "bush")}), "phone").result(WAIT_SECONDS)
    for _ in range(2):  # Phil's, then Theseus's
        m = next(m for m in device.companion.snapshot.view(MASTER)["legal"] if m["type"] == "ChooseStartingFruit")
        device.companion.submit(ChooseStartingFruit(1, m["fruit"], m["piece"]), "phone").result(WAIT_SECONDS)
    assert device.companion.snapshot.session.state.phase == "play"

    # During play the OP sets Phil's health by hand, saying it their own way.
    op.locator('[data-fold="fix"] summary').click()
    op.select_option("#island-fix-what", "health")
    op.select_option("#island-fix-piece", "Phil")
    op.select_option("#island-fix-value", "2")
    op.fill("#island-fix-words", "Phil, the quicksand takes 2 health.")
    op.click("#island-fix-apply")
    wait_until(op, lambda: device.companion.snapshot.session.state.pieces[0].health == 2)
    expect(phil.locator("#said")).to_have_text("OP: Phil, the quicksand takes 2 health.")

    # Then moves Theseus, with the default words: where to is not said.
    op.select_option("#island-fix-what", "place")
    op.select_option("#island-fix-piece", "Theseus")
    op.select_option("#island-fix-space", "G1")
    op.click("#island-fix-apply")
    wait_until(op, lambda: device.companion.snapshot.session.state.pieces[1].space == "G1")
    expect(phil.locator("#said")).to_have_text("OP: I moved Theseus' piece.")
    # the OP's page learns of its own correction on its next poll: wait for it, as Phil's does
    expect(op.locator('[data-fold="log"]')).to_contain_text("Correction: Theseus from")
    op.screenshot(path=str(shots / "island-correction.png"), full_page=True)
    phil.screenshot(path=str(shots / "island-correction-captive.png"), full_page=True)
    assert errors == []
