"""Seats across games, in a real browser at phone size.

Each phone keeps its seat in every game it played: when the host resumes an earlier game, the
phones go back to their seats there on their own. The host page shows no seat's link or QR code:
opening a seat's hidden page there is a deliberate step that names whose page it is, and that
seat's phone is told.
"""
import dataclasses
import urllib.parse

import pytest

from companion import config as config_mod
from companion.run import start

playwright = pytest.importorskip("playwright.sync_api")
from patience import WAIT_MS, WAIT_SECONDS  # noqa: E402
from browsing import wait_until  # noqa: E402

PHONE = {"width": 390, "height": 844}
TIMEOUT = WAIT_MS  # for every wait in the browser
PEOPLE = ["Ana", "Ben", "Cy", "Dee"]


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=tmp_path_factory.mktemp("state"))
    dev = start(cfg, simulate=True, port=0, host="127.0.0.1", camera_thread=False)
    yield dev
    dev.stop()


@pytest.fixture
def phones(browser):
    contexts = []

    def open_phone():
        contexts.append(browser.new_context(viewport=PHONE))
        page = contexts[-1].new_page()
        page.set_default_timeout(TIMEOUT)
        return page
    yield open_phone
    for c in contexts:
        c.close()


def base(device) -> str:
    return device.urls["local"].split("/?")[0]


def host_token(device) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlparse(device.urls["local"]).query)["host"][0]


def take(page, viewer: str, name: str):
    """On the join page: tap the seat, say yes; the phone becomes that seat's page."""
    expect = playwright.expect
    page.locator(f'.join-seat[data-viewer="{viewer}"] button.take').click()
    page.locator(f'.join-seat[data-viewer="{viewer}"] button.take-yes').click()
    expect(page.locator("#who")).to_have_text(name)
    expect(page.locator("#status")).to_have_text("live")


def paradominetor(device, names):
    return device.companion.new_game("paradominetor", {"seats": len(names), "names": names}).result(WAIT_SECONDS)


def test_resuming_a_game_brings_each_phone_back_to_its_seat(device, phones, shots):
    expect = playwright.expect
    first = paradominetor(device, PEOPLE)
    host = phones()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")

    # Four phones take their seats from the join page; Ana leads a tile.
    four = []
    for seat, name in enumerate(PEOPLE):
        page = phones()
        page.goto(base(device) + "/")
        take(page, f"seat-{seat}", name)
        four.append(page)
    device.companion.submit({"type": "Play", "seat": 0, "tile": "red-3"}, "phone").result(WAIT_SECONDS)

    # Two other games, the same four people in other seats. Each phone shows "no seat in this game"
    # when one starts, and its player takes their new seat from the join page it points to.
    others = []
    for shift in (1, 2):
        names = PEOPLE[shift:] + PEOPLE[:shift]
        others.append(paradominetor(device, names))
        for page in four:
            expect(page.locator("#who")).to_have_text("No seat")
            expect(page.locator("#no-seat")).to_contain_text("Take a free seat on the join page")
        for person, page in zip(PEOPLE, four):
            page.click("#to-join")
            take(page, f"seat-{names.index(person)}", person)
            assert page.evaluate(f"document.body.dataset.game") == str(others[-1])
    # A phone from before, with one key (the latest game's) as older pages kept it.
    older = phones()
    older.goto(base(device) + "/static/app.css")
    older.evaluate("key => localStorage.setItem('seatToken', key)", device.store.tokens(others[-1])["seat-0"])

    # The host resumes the first game from the host page.
    host.locator(f'.played[data-game="{first}"] button.resume').click()
    wait_until(host, lambda: device.companion.snapshot.session.id == first)
    for person, page in zip(PEOPLE, four):  # each phone is back on its own seat, live
        expect(page.locator("#who")).to_have_text(person)
        expect(page.locator("#status")).to_have_text("live")
        expect(page.locator("body")).to_have_attribute("data-game", str(first))
    expect(four[0].locator("#said")).to_contain_text("Resumed")
    # and plays from it: Ben follows Ana's lead from his phone
    ben = four[1]
    assert ben.evaluate("""async () => {
        const keys = JSON.parse(localStorage.getItem("seatKeys"));
        const res = await fetch("/api/move", {method: "POST", headers: {"Content-Type": "application/json",
          "X-Seat-Token": keys[document.body.dataset.game]}, body: JSON.stringify({move: {type: "Play", tile: "red-2"}})});
        return res.status;
    }""") in (200, 409)  # accepted, or refused by the rules (not the key): the key is Ben's
    expect(host.locator('#seats .seat-state')).to_have_text(["taken"] * 4)

    # Nobody else can take a seat of the resumed game: every seat is its phone's.
    late = phones()
    late.goto(base(device) + "/")
    expect(late.locator("#join-seats button.take")).to_have_count(0)
    expect(late.locator("#join-seats")).to_contain_text("Every seat is taken")
    # A phone's own join page offers its seat in the game on the table.
    four[2].goto(base(device) + "/")
    expect(four[2].locator("#open-my-seat")).to_have_text("Open Cy's seat")
    four[2].click("#open-my-seat")
    expect(four[2].locator("#who")).to_have_text("Cy")

    # The older phone's key is filed under its game: no seat now, its seat when that game is back.
    older.goto(base(device) + "/seat")
    expect(older.locator("#who")).to_have_text("No seat")
    assert older.evaluate("localStorage.getItem('seatToken')") is None
    device.companion.resume(others[-1], replace=True).result(WAIT_SECONDS)
    expect(older.locator("#who")).to_have_text(PEOPLE[2])
    device.companion.resume(first, replace=True).result(WAIT_SECONDS)
    expect(older.locator("#who")).to_have_text("No seat")
    four[3].screenshot(path=str(shots / "seats-resumed-phone.png"), full_page=True)
    host.evaluate("window.scrollTo(0, 0)")
    host.screenshot(path=str(shots / "seats-resumed-host.png"), full_page=True)


def test_the_host_page_opens_no_hidden_page_unannounced(device, phones, shots):
    expect = playwright.expect
    game = device.companion.new_game("island", {"players": 3, "characters": ["phil", "hempel"]},
                                     seed=11).result(WAIT_SECONDS)
    keys = device.store.tokens(game)
    host = phones()
    host.goto(device.urls["local"])
    expect(host.locator(f'#seats[data-game="{game}"] .seatcard')).to_have_count(3)
    expect(host.locator("#seats")).to_contain_text("Omnipotence Paradox")
    # No seat's link, QR code or key anywhere on the host page, or in what it was sent.
    expect(host.locator("#seats img, #seats .seat-link, #seats a")).to_have_count(0)
    # The QR code it shows for players is the join page's, which opens no hidden page.
    host.click("#show-join-qr")
    expect(host.locator("#join-qr img")).to_be_visible()
    expect(host.locator("#join-address")).to_have_text(base(device) + "/")
    host.click("#show-join-qr")
    expect(host.locator("#join-qr")).to_be_hidden()
    text = host.content() + host.evaluate("JSON.stringify(localStorage)")
    assert not any(key in text for key in keys.values())

    # The OP takes their seat on their own phone.
    op = phones()
    op.goto(base(device) + "/")
    take(op, "master", "Omnipotence Paradox")
    expect(op.locator("#host-opened")).to_be_hidden()

    # The host asks to open it: the page says whose hidden page it is, and that the phone is told.
    card = host.locator('.seatcard[data-viewer="master"]')
    card.locator("button.open").click()
    expect(card.locator(".seat-question p")).to_have_text(
        "This opens Omnipotence Paradox's hidden page: what only Omnipotence Paradox may see. "
        "Omnipotence Paradox's phone will be told.")
    host.screenshot(path=str(shots / "seats-open-question-host.png"), full_page=True)
    card.locator("button", has_text="Cancel").click()  # changed their mind: nothing opened
    expect(card.locator(".seat-link")).to_have_count(0)
    assert device.store.shown(game) == {}
    expect(op.locator("#host-opened")).to_be_hidden()

    card.locator("button.open").click()
    card.locator("button.open-yes").click()
    link = card.locator(".seat-link")
    expect(link).to_have_text("Open Omnipotence Paradox's page here")
    expect(card.locator("img")).to_be_visible()  # its QR code, to hand the seat to another phone
    # The OP's phone is told, at once.
    expect(op.locator("#host-opened")).to_contain_text("The host opened Omnipotence Paradox's hidden page on the host page")
    expect(card).to_contain_text("opened on the host page")
    op.screenshot(path=str(shots / "seats-told-phone.png"), full_page=True)
    host.screenshot(path=str(shots / "seats-opened-host.png"), full_page=True)
    # The link opens the OP's page (a phone handed over), where the notice shows too.
    handed = phones()
    handed.goto(link.get_attribute("href"))
    expect(handed.locator("#who")).to_have_text("Omnipotence Paradox")
    # The OP has seen the notice: it stays gone after a reload.
    op.click("#host-opened-seen")
    expect(op.locator("#host-opened")).to_be_hidden()
    op.reload()
    expect(op.locator("#who")).to_have_text("Omnipotence Paradox")
    expect(op.locator("#host-opened")).to_be_hidden()
    # Hiding the QR code again leaves no link on the host page.
    card.locator("button", has_text="Hide").click()
    expect(host.locator("#seats .seat-link, #seats img")).to_have_count(0)


def seat_card(device, phones, viewer: str):
    """A new game of three free seats, the host page open on it: (host page, `viewer`'s seat card)."""
    game = device.companion.new_game("paradominetor", {"seats": 3, "names": PEOPLE[:3]}).result(WAIT_SECONDS)
    host = phones()
    host.goto(device.urls["local"])
    return host, host.locator(f'#seats[data-game="{game}"] .seatcard[data-viewer="{viewer}"]')


def test_opening_a_free_seat_says_the_phone_that_takes_it_is_told(device, phones):
    expect = playwright.expect
    _, card = seat_card(device, phones, "seat-2")
    expect(card.locator(".seat-state")).to_have_text("free")
    card.locator("button.open").click()
    expect(card.locator(".seat-question p")).to_have_text(
        "This opens Cy's hidden page: what only Cy may see. The phone that takes the seat with it will be told.")
    card.locator("button.open-yes").click()
    cy = phones()
    cy.goto(card.locator(".seat-link").get_attribute("href"))
    expect(cy.locator("#who")).to_have_text("Cy")
    expect(cy.locator("#host-opened")).to_contain_text("The host opened Cy's hidden page")
    expect(card.locator(".seat-state")).to_have_text("taken")
    # Taken: its QR code and link leave the host page, so no second phone scans the same seat.
    expect(card.locator(".seat-link, img")).to_have_count(0)
    # Freed: the old phone loses the seat.
    card.locator("button.free").click()
    card.locator("button.free-yes").click()
    expect(cy.locator("#who")).to_have_text("No seat")
    expect(cy.locator("#replaced")).to_be_visible()
    expect(card.locator(".seat-link, img")).to_have_count(0)
    expect(card.locator(".seat-state")).to_have_text("free")


def test_a_seat_link_opened_in_a_tab_already_on_a_seat_page_takes_the_seat(device, phones):
    """Only the #fragment changes, so the page is not loaded again: it reads the new key all the same."""
    expect = playwright.expect
    _, card = seat_card(device, phones, "seat-1")
    card.locator("button.open").click()
    card.locator("button.open-yes").click()
    link = card.locator(".seat-link").get_attribute("href")
    ben = phones()
    ben.goto(link.split("#")[0])
    expect(ben.locator("#who")).to_have_text("No seat")
    ben.goto(link)
    expect(ben.locator("#who")).to_have_text(PEOPLE[1])
    expect(card.locator(".seat-state")).to_have_text("taken")
