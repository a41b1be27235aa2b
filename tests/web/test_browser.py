"""The phones, in a real browser: Debian's chromium driven by Playwright, against the running
companion in simulation (virtual table, real vision, real store)."""
import dataclasses

import pytest

from companion import config as config_mod
from companion.games import TABLE
from companion.run import start

playwright = pytest.importorskip("playwright.sync_api")
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=tmp_path_factory.mktemp("state"))
    dev = start(cfg, simulate=True, port=0, host="127.0.0.1")
    yield dev
    dev.stop()




def wait_until(page, predicate, timeout=30.0):
    import time
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        page.wait_for_timeout(100)
    raise AssertionError("timed out")


def test_host_seats_and_a_live_trick(device, browser, shots):
    expect = playwright.expect
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")
    host.select_option("#game-name", "paradominetor")
    host.select_option("#opt-seats", "3")
    host.fill("#opt-names", "Ana, Ben, Cy")
    host.click("#start")
    expect(host.locator(".seat-link")).to_have_count(3)
    links = [host.locator(".seat-link").nth(i).get_attribute("href") for i in range(3)]
    assert all("#" in link and len(link.split("#")[1]) >= 43 for link in links)

    # Three phones, each in its own browser context, joined by nothing more than the link.
    phones = []
    for link, name in zip(links, ["Ana", "Ben", "Cy"]):
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(link)
        expect(page.locator("#who")).to_have_text(name)
        expect(page.locator("#status")).to_have_text("live")
        assert "#" not in page.url  # the token moved into the phone's storage
        phones.append(page)

    # A trick on the virtual table: Ana red 4, Ben red 2, Cy blue 5. Ana wins alone.
    for seat, colour, value, timeframe in [(0, "red", "4", "past"), (1, "red", "2", "present"),
                                           (2, "blue", "5", "future")]:
        host.select_option("#sim-seat", str(seat))
        host.select_option("#sim-colour", colour)
        host.select_option("#sim-value", value)
        host.select_option("#sim-timeframe", timeframe)
        before = len(device.companion.snapshot.view(TABLE)["current_trick"])
        host.click("#sim-play")
        wait_until(host, lambda: len(device.companion.snapshot.view(TABLE)["current_trick"]) > before
                   or device.companion.snapshot.view(TABLE)["tricks"])
    wait_until(host, lambda: device.companion.snapshot.view(TABLE)["tricks"])
    # From the moment the companion published the trick, every phone shows it within a second.
    for page in phones:
        expect(page.locator("#last-trick")).to_have_text("Trick 1: Ana wins with red 4: 1 pt", timeout=1000)
        expect(page.locator('td.num[data-seat="0"]')).to_have_text("1", timeout=1000)
    host.screenshot(path=str(shots / "host-phone.png"), full_page=True)
    phones[1].screenshot(path=str(shots / "seat-phone.png"), full_page=True)

    # A reload comes back to the same seat without asking.
    phones[1].reload()
    expect(phones[1].locator("#who")).to_have_text("Ben")
    expect(phones[1].locator("#last-trick")).to_have_text("Trick 1: Ana wins with red 4: 1 pt")

    # The host gives Cy a new link: the old one stops working at once.
    host.locator('.seatcard[data-viewer="seat-2"] button').click()
    expect(phones[2].locator("#who")).to_have_text("No seat")
    stale = browser.new_context(viewport=PHONE).new_page()
    stale.goto(links[2])
    expect(stale.locator("#who")).to_have_text("No seat", timeout=5000)
    new_link = host.locator('.seatcard[data-viewer="seat-2"] .seat-link')
    expect(new_link).not_to_have_attribute("href", links[2])
    fresh = browser.new_context(viewport=PHONE).new_page()
    fresh.goto(new_link.get_attribute("href"))
    expect(fresh.locator("#who")).to_have_text("Cy")


def test_a_dropped_line_shows_reconnecting_and_catches_up(device, browser):
    """The line drops and stays down a while: the page says so, then catches up on its own."""
    expect = playwright.expect
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(device.urls["local"])
    expect(page.locator("#status")).to_have_text("live")
    page.route("**/api/stream*", lambda route: route.abort("internetdisconnected"))
    for _ in range(5):  # cut the open streams, as lost Wi-Fi would (again if one was mid-write)
        for channel in list(device.server._map.values()):
            if channel is not device.server and hasattr(channel, "request"):
                channel.close()
        try:
            expect(page.locator("#status")).to_have_text("reconnecting…", timeout=3000)
            break
        except AssertionError:
            continue
    expect(page.locator("#status")).to_have_text("reconnecting…")
    device.companion.say("Said while the phone was away").result(5)
    page.unroute("**/api/stream*")
    expect(page.locator("#status")).to_have_text("live", timeout=30000)
    expect(page.locator("#said")).to_have_text("Said while the phone was away")
