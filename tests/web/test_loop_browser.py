"""Loop on a real phone (390x844): a launch that will crack as the day's second machine at a
destination says so before it is chosen, and launches on a second tap; a clean launch is one tap."""
import pytest

from companion.games import Viewer
from patience import WAIT_SECONDS

playwright = pytest.importorskip("playwright.sync_api")
from browsing import seat_link, wait_until  # noqa: E402
PHONE = {"width": 390, "height": 844}
OPTIONS = {"players": 2, "names": ["Ann", "Bo"], "destinations": ["Rome AD net 4", "Giza BC wheel engine 5"]}


def test_a_launch_that_cracks_is_said_first(device, browser):
    expect = playwright.expect
    companion = device.companion
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")
    game_id = companion.new_game("loop", OPTIONS, seed=0).result(WAIT_SECONDS)
    expect(host.locator(f'#seats[data-game="{game_id}"] .seatcard')).to_have_count(2)
    link = seat_link(host, "seat-1")
    errors = []
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(link)
    expect(phone.locator("#status")).to_have_text("live")
    for move in ({"type": "Act", "seat": 0, "new": "shop", "part": "net", "machine": 1},
                 {"type": "Launch", "seat": 0, "machine": 1, "destination": "Rome"},
                 {"type": "Act", "seat": 1, "new": "shop", "part": "net", "machine": 1}):
        companion.submit(move, "test").result(WAIT_SECONDS)

    launch = phone.locator("button", has_text="launch machine I to Rome")
    expect(launch).to_contain_text("(cracks)")
    # a tap while the companion gives no answer (restarting, the Wi-Fi gone) is said in words
    phone.route("**/api/move", lambda route: route.abort("connectionrefused"))
    phone.locator("button", has_text="launch machine I to Rome").click()
    phone.locator("button", has_text="launch it").click()
    expect(phone.locator("body")).to_contain_text("the companion did not answer")
    assert "Failed to fetch" not in phone.locator("body").inner_text()
    phone.unroute("**/api/move")
    assert companion.snapshot.state.seats[1].launched == ()
    launch.click()
    expect(phone.locator(".loop-warning")).to_have_text(
        "This will crack: it would be the second machine at Rome today: Ann's machine is there")
    assert companion.snapshot.state.seats[1].launched == ()  # nothing happened yet
    phone.locator("button", has_text="launch it").click()
    seat = lambda: companion.snapshot.view(Viewer.of_seat(1))["players"][1]  # noqa: E731
    wait_until(phone, lambda: seat()["cracks"] == 1)
    assert seat()["points"] == 4
    assert errors == []
