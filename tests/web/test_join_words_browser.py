"""The join page's words on a guest's phone (390x844): one "no game" message and none of the
host's instructions on a fresh companion; a request to host survives its tab being closed."""
import re

import pytest
from patience import WAIT_SECONDS

playwright = pytest.importorskip("playwright.sync_api")
from browsing import wait_until  # noqa: E402
PHONE = {"width": 390, "height": 844}


def test_a_guest_on_a_fresh_companion_reads_one_no_game_message_and_no_host_instructions(device, browser):
    assert device.companion.snapshot.session is None
    base = device.urls["local"].split("/?")[0]
    guest = browser.new_context(viewport=PHONE).new_page()
    guest.goto(base + "/")
    playwright.expect(guest.locator("#status")).to_have_text("live")
    playwright.expect(guest.locator("#join-seats")).to_contain_text("No game yet")
    words = guest.locator("main").inner_text()
    assert words.count("No game yet") == 1, words
    assert "host page" not in words, words
    guest.context.close()


def test_the_host_page_of_a_fresh_companion_points_to_the_new_game_form_and_offers_no_undo(device, browser):
    """A new group's first sight of the host page: it is the host page, so it does not send them
    to the host page, and there is no move to take back yet."""
    assert device.companion.snapshot.session is None
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(device.urls["local"])
    playwright.expect(host.locator("#status")).to_have_text("live")
    playwright.expect(host.locator("#said")).to_have_text("No game yet: start one below, under Start a new game")
    assert host.locator("body").inner_text().count("No game yet") == 1  # not the guests' line as well
    playwright.expect(host.locator("#undo")).to_be_hidden()
    playwright.expect(host.locator("#game-name")).to_be_visible()
    host.context.close()


def test_a_request_to_host_made_in_a_tab_then_closed_is_taken_up_again(device, browser):
    expect = playwright.expect
    base = device.urls["local"].split("/?")[0]
    phone = browser.new_context(viewport=PHONE)
    asking = phone.new_page()
    asking.goto(base + "/")
    expect(asking.locator("#status")).to_have_text("live")
    asking.click("#ask-host")
    code = asking.locator("#ask-host-code")
    expect(code).to_have_text(re.compile(r"^\d{4}$"))
    said = code.inner_text()
    asking.close()  # the tab goes; the phone (its storage) stays
    again = phone.new_page()
    again.goto(base + "/")
    expect(again.locator("#ask-host-code")).to_have_text(said)
    expect(again.locator("#ask-host")).to_be_hidden()
    device.companion.button("confirm").result(WAIT_SECONDS)  # A on the companion: yes
    expect(again.locator("#start-section")).to_be_visible()
    wait_until(again, lambda: again.evaluate("localStorage.getItem('hostToken')") is not None)
    assert again.evaluate("localStorage.getItem('hostRequest')") is None
    phone.close()
