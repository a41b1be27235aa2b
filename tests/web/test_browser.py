"""The phones, in a real browser: Debian's chromium driven by Playwright, against the running
companion in simulation (virtual table, real vision, real store)."""
import dataclasses

import pytest

from companion import config as config_mod
from companion.games import TABLE
from companion.run import start
from patience import WAIT_SECONDS

playwright = pytest.importorskip("playwright.sync_api")
from browsing import seat_link, seat_links, wait_until  # noqa: E402


@pytest.fixture(scope="module")
def device(tmp_path_factory, lessons):
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=lessons.give(tmp_path_factory.mktemp("state")))
    dev = start(cfg, simulate=True, port=0, host="127.0.0.1")
    yield dev
    dev.stop()


def test_host_seats_and_a_live_trick(device, phone, shots):
    expect = playwright.expect
    host = phone()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")
    host.select_option("#game-name", "paradominetor")
    host.select_option("#opt-seats", "3")
    host.fill("#opt-names", "Ana, Ben, Cy")
    host.click("#start")
    links = list(seat_links(host, 3).values())
    for _ in range(3):  # the links handed over, the host page shows none again
        host.locator(".seatcard .handover button", has_text="Hide").first.click()
    expect(host.locator("#seats img")).to_have_count(0)
    assert all("#" in link and len(link.split("#")[1]) >= 43 for link in links)

    # Three phones, each in its own browser context, joined by nothing more than the link.
    phones = []
    for link, name in zip(links, ["Ana", "Ben", "Cy"]):
        page = phone()
        page.goto(link)
        expect(page.locator("#who")).to_have_text(name)
        expect(page.locator("#status")).to_have_text("live")
        assert "#" not in page.url  # the token moved into the phone's storage
        # the host handed this seat over: the phone says so until its player has seen it
        expect(page.locator("#host-opened")).to_contain_text(f"The host opened {name}'s hidden page")
        page.click("#host-opened-seen")
        phones.append(page)

    # Before the first trick: nothing stray under whose turn it is, and each phone says whose turn.
    for page in [host] + phones:
        expect(page.locator("#turn")).to_be_visible()
        assert "null" not in page.inner_text("body") and "undefined" not in page.inner_text("body")
    expect(host.locator("#turn")).to_have_text("Ana to play")
    expect(phones[0].locator("#turn")).to_have_text("Your turnYou lead: play any tile")
    expect(phones[1].locator("#turn")).to_have_text("Waiting for AnaAna leads this trick")
    expect(phones[1].locator("th").nth(1)).to_have_text("Half-point tricks")

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
    # Once the companion published the trick, every phone shows it, unasked.
    for page in phones:
        expect(page.locator("#last-trick")).to_have_text("Trick 1: Ana wins with red 4: 1 pt")
        expect(page.locator('td.num[data-seat="0"]')).to_have_text("1")
        assert "null" not in page.inner_text("body")
    expect(phones[0].locator("#turn strong")).to_have_text("Your turn")
    expect(phones[2].locator("#turn strong")).to_have_text("Waiting for Ana")
    host.evaluate("window.scrollTo(0, 0)")  # the header at the top of the picture
    host.screenshot(path=str(shots / "host-phone.png"), full_page=True)
    phones[1].screenshot(path=str(shots / "seat-phone.png"), full_page=True)

    # A reload comes back to the same seat without asking.
    phones[1].reload()
    expect(phones[1].locator("#who")).to_have_text("Ben")
    expect(phones[1].locator("#last-trick")).to_have_text("Trick 1: Ana wins with red 4: 1 pt")

    # The host gives Cy a new link: the old one stops working at once.
    host.locator('.seatcard[data-viewer="seat-2"] button.free').click()
    host.locator('.seatcard[data-viewer="seat-2"] button.free-yes').click()
    expect(phones[2].locator("#who")).to_have_text("No seat")
    stale = phone()
    stale.goto(links[2])
    expect(stale.locator("#who")).to_have_text("No seat")
    new_link = seat_link(host, "seat-2")
    assert new_link != links[2]
    fresh = phone()
    fresh.goto(new_link)
    expect(fresh.locator("#who")).to_have_text("Cy")


def test_a_dropped_line_shows_reconnecting_and_catches_up(device, phone):
    """The line drops and stays down a while: the page says so, then catches up on its own."""
    expect = playwright.expect
    page = phone()
    page.goto(device.urls["local"])
    expect(page.locator("#status")).to_have_text("live")
    page.route("**/api/stream*", lambda route: route.abort("internetdisconnected"))
    for _ in range(5):  # cut the open streams, as lost Wi-Fi would (again if one was mid-write)
        device.server.drop_connections()
        try:
            expect(page.locator("#status")).to_have_text("reconnecting…", timeout=3000)
            break
        except AssertionError:
            continue
    expect(page.locator("#status")).to_have_text("reconnecting…")
    device.companion.say("Said while the phone was away").result(WAIT_SECONDS)
    page.unroute("**/api/stream*")
    expect(page.locator("#status")).to_have_text("live")
    expect(page.locator("#said")).to_have_text("Said while the phone was away")


# ---------------------------------------------------------------- a game started for each test

NAMES = ["Ana", "Ben", "Cy"]


def new_game(device, phone, seats=(0, 1, 2)):
    """A fresh 3-seat game, its host page and the phones of `seats`, each live."""
    expect = playwright.expect
    game_id = device.companion.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=0).result(WAIT_SECONDS)
    tokens = device.store.tokens(game_id)
    base = device.urls["local"].split("/?")[0]
    host = phone()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")
    expect(host.locator("#turn")).to_have_text("Ana to play")
    # The last game's tiles are gathered from the table, as players do before a new game.
    host.click("#sim-clear")
    expect(host.locator("#sim-error")).to_have_text("")
    wait_until(host, lambda: device.camera.tracker is not None and device.camera.tracker.stable == [])
    phones = []
    for s in seats:
        page = phone()
        page.goto(f"{base}/seat#{tokens[f'seat-{s}']}")
        expect(page.locator("#who")).to_have_text(NAMES[s])
        phones.append(page)
    return host, phones


def table_view(device):
    return device.companion.snapshot.view(TABLE)


def test_the_lead_declares_a_black_lead_on_the_phone_and_everyone_sees_its_colour(device, phone, shots):
    expect = playwright.expect
    host, (ana, ben) = new_game(device, phone, seats=(0, 1))
    dialogs = []
    for page in (ana, ben):
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    expect(ana.locator("#turn strong")).to_have_text("Your turn")
    expect(ben.locator("#turn strong")).to_have_text("Waiting for Ana")

    # Ana leads black: the colours of this game come up as buttons, one tap declares.
    ana.select_option("#play-colour", "black")
    buttons = ana.locator(".declare-black button")
    expect(buttons).to_have_count(3)
    assert buttons.all_inner_texts() == ["red", "blue", "green"]
    expect(ana.locator(".declare-black")).to_contain_text("You lead black. Which colour does it stand for?")
    ana.screenshot(path=str(shots / "seat-black-lead-choose.png"), full_page=True)
    ana.click('.declare-black button[data-declare="blue"]')
    wait_until(ana, lambda: table_view(device)["current_trick"])
    assert table_view(device)["current_trick"] == [{"seat": 0, "tile": "black-0", "declare": "blue"}]
    assert not dialogs

    # Every page shows the black tile ringed in blue, and says it counts as blue.
    for page in (host, ana, ben):
        expect(page.locator("#black-lead")).to_have_text("Ana led black, declared blue")
        expect(page.locator("#current-trick .tile.black.declared.blue")).to_contain_text("as blue")
    expect(ben.locator("#turn")).to_have_text("Your turnFollow blue if you can (black may always be played)")
    expect(ana.locator("#turn strong")).to_have_text("Waiting for Ben")
    # Ben answers by phone; his half-chosen tile survives the live updates in between.
    ben.select_option("#play-colour", "blue")
    ben.select_option("#play-value", "3")
    device.companion.say("Ben is thinking").result(WAIT_SECONDS)
    expect(ben.locator("#said")).to_have_text("Ben is thinking")
    expect(ben.locator("#play-value")).to_have_value("3")
    ben.screenshot(path=str(shots / "seat-black-lead.png"), full_page=True)
    ben.click("#play-send")
    wait_until(ben, lambda: len(table_view(device)["current_trick"]) == 2)
    expect(ben.locator("#turn strong")).to_have_text("Waiting for Cy")
    # A seat that does not lead and picks black just says it played black 0 (no colour to declare).
    expect(ben.locator(".declare-black")).to_have_count(0)
    assert not dialogs


def test_a_trick_with_a_phone_play_then_camera_tiles(device, phone, shots):
    """A black lead seen by the camera puts its colours on the lead's phone at once; a play entered
    by phone is that seat's, so the tiles the camera sees after it are the later seats' plays."""
    expect = playwright.expect
    host, phones = new_game(device, phone)

    def put(seat, colour, value=None, timeframe=None):
        before = device.companion.snapshot.version
        host.select_option("#sim-seat", str(seat))
        host.select_option("#sim-colour", colour)
        if value:
            host.select_option("#sim-value", value)
            host.select_option("#sim-timeframe", timeframe)
        host.click("#sim-play")
        expect(host.locator("#sim-error")).to_have_text("")
        wait_until(host, lambda: device.companion.snapshot.version > before)

    # Ana leads black on the table: the OLED asks its colour, and her phone offers them at once.
    put(0, "black")
    wait_until(host, lambda: device.companion.snapshot.prompt is not None)
    assert device.companion.snapshot.prompt.title == "Black lead"
    ana, ben, cy = phones
    expect(ana.locator(".declare-black button")).to_have_count(3)
    ana.screenshot(path=str(shots / "seat-black-lead-seen.png"), full_page=True)
    ana.click('.declare-black button[data-declare="blue"]')
    wait_until(ana, lambda: table_view(device)["current_trick"])
    assert table_view(device)["current_trick"] == [{"seat": 0, "tile": "black-0", "declare": "blue"}]
    assert device.companion.snapshot.prompt is None

    # Ben's tile stays out of the camera's sight: he enters it by phone. Cy's goes on the table.
    ben.select_option("#play-colour", "blue")
    ben.select_option("#play-value", "3")
    ben.click("#play-send")
    wait_until(ben, lambda: len(table_view(device)["current_trick"]) == 2)
    put(2, "blue", "5", "future")
    wait_until(host, lambda: table_view(device)["tricks"])
    assert device.companion.snapshot.prompt is None, device.companion.snapshot.prompt
    plays = table_view(device)["tricks"][0]["plays"]
    assert [(p["seat"], p["tile"]) for p in plays] == [(0, "black-0"), (1, "blue-3"), (2, "blue-5")]

    # The next trick: its lead enters the lead by phone; the two tiles after it are seen.
    lead = table_view(device)["to_play"]
    page = phones[lead]
    page.select_option("#play-colour", "red")
    page.select_option("#play-value", "2")
    page.click("#play-send")
    wait_until(page, lambda: len(table_view(device)["current_trick"]) == 1)
    after = [(lead + 1) % 3, (lead + 2) % 3]
    put(after[0], "red", "4", "past")
    assert device.companion.snapshot.prompt is None, device.companion.snapshot.prompt
    assert [p["seat"] for p in table_view(device)["current_trick"]] == [lead, after[0]]
    put(after[1], "green", "1", "present")
    wait_until(host, lambda: len(table_view(device)["tricks"]) == 2)
    assert device.companion.snapshot.prompt is None, device.companion.snapshot.prompt
    for p in (host, *phones):
        assert "Not the same" not in p.inner_text("body")
    host.screenshot(path=str(shots / "host-phone-play-then-camera.png"), full_page=True)
    phones[after[1]].screenshot(path=str(shots / "seat-phone-play-then-camera.png"), full_page=True)


def test_the_virtual_table_offers_only_real_tiles_and_plays_trick_after_trick(device, phone, shots):
    expect = playwright.expect
    host, (ana,) = new_game(device, phone, seats=(0,))
    expect(host.locator("#sim-section")).to_be_visible()

    # Only this game's colours, and for each value only the backs that value has.
    assert host.locator("#sim-colour option").all_inner_texts() == ["red", "blue", "green", "black"]
    assert host.locator("#sim-value option").all_inner_texts() == ["1", "2", "3", "4", "5", "6"]
    backs = {"1": ["past", "present"], "2": ["past", "present", "future"], "4": ["past", "present", "future"],
             "5": ["present", "future"], "6": ["future"]}
    for value, real in backs.items():
        host.select_option("#sim-value", value)
        assert host.locator("#sim-timeframe option").all_inner_texts() == real
    host.select_option("#sim-colour", "black")
    expect(host.locator("#sim-value")).to_be_hidden()
    expect(host.locator("#sim-timeframe")).to_be_hidden()
    expect(host.locator("#sim-black")).to_have_text("0, past")
    expect(host.locator("#sim-hint")).to_be_visible()

    # A tile that does not exist, sent anyway, is refused at once in a player's words.
    answer = host.evaluate("""async () => {
        const res = await fetch("/api/host/table", {method: "POST", headers: {"Content-Type": "application/json",
          "X-Host-Token": localStorage.getItem("hostToken")},
          body: JSON.stringify({action: "play", seat: 0, tile: "red-6-past"})});
        return [res.status, (await res.json()).error];
    }""")
    assert answer == [409, "There is no past red 6: red 6 is only future"]

    def put(seat, colour, value, timeframe):
        before = table_view(device)
        host.select_option("#sim-seat", str(seat))
        host.select_option("#sim-colour", colour)
        host.select_option("#sim-value", value)
        host.select_option("#sim-timeframe", timeframe)
        host.click("#sim-play")
        wait_until(host, lambda: table_view(device)["current_trick"] != before["current_trick"]
                   or len(table_view(device)["tricks"]) > len(before["tricks"])
                   or table_view(device)["phase"] != before["phase"])
        expect(host.locator("#sim-error")).to_have_text("")

    # Trick 1: Ana and Cy both play red 3, a paradox. Nothing clears it before its tiles are flipped.
    put(0, "red", "3", "past")
    put(1, "blue", "2", "present")
    put(2, "red", "3", "present")
    wait_until(host, lambda: table_view(device)["phase"] == "flip")
    expect(host.locator("#turn")).to_have_text("Flip the paradox tiles: Ana, Cy")
    expect(ana.locator("#turn strong")).to_have_text("Your turn")
    expect(ana.locator("button[data-reveal]")).to_have_count(3)  # red 3: past, present or future
    ana.screenshot(path=str(shots / "seat-paradox-flip.png"), full_page=True)
    host.click("#sim-clear")
    expect(host.locator("#sim-error")).to_have_text(
        "A paradox waits: turn over the paradox tiles (Ana and Cy) before clearing the trick area")
    host.click("#sim-play")
    expect(host.locator("#sim-error")).to_have_text(
        "A paradox waits: turn over the paradox tiles (Ana and Cy) before the next tile goes down")
    expect(host.locator("#sim-flip")).not_to_have_class("quiet")  # the thing to do now
    host.click("#sim-flip")
    wait_until(host, lambda: len(table_view(device)["tricks"]) == 1)
    expect(host.locator("#last-trick")).to_have_text(
        "Trick 1: Paradox red 3: Ana past 1 pt, Cy present 0.5")
    expect(host.locator("td.halves").nth(2)).to_have_text("1")

    # Trick 2 and 3 go down without anyone clearing: the next lead gathers the scored trick.
    put(0, "green", "4", "future")
    assert len(device.virtual_table.table.tiles) == 1
    put(1, "green", "2", "past")
    put(2, "blue", "5", "present")
    wait_until(host, lambda: len(table_view(device)["tricks"]) == 2)
    host.screenshot(path=str(shots / "host-virtual-table.png"), full_page=True)
    lead = table_view(device)["lead"]
    put(lead, "red", "1", "past")
    put((lead + 1) % 3, "red", "5", "future")
    put((lead + 2) % 3, "green", "6", "future")
    wait_until(host, lambda: len(table_view(device)["tricks"]) == 3)
    assert "full" not in host.locator("#sim-error").inner_text()
    host.locator("#sim-section").screenshot(path=str(shots / "host-virtual-table-trick-3.png"))

    # What this game's table refused is not said under the next game's.
    host.click("#sim-flip")
    expect(host.locator("#sim-error")).not_to_have_text("")
    device.companion.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=1).result(WAIT_SECONDS)
    expect(host.locator("#sim-error")).to_have_text("")


def test_a_stream_the_companion_ends_on_its_own_is_followed_at_once_without_a_lost_line(browser, tmp_path):
    """Streams end now and then (so a vanished phone frees its place); the page opens the next
    one at once: it stays "live" and misses nothing said meanwhile."""
    import threading as threads

    from companion.service import Companion
    from companion.store import Store
    from web.app import Extras, create_app, make_server

    store = Store(tmp_path / "games.db")
    companion = Companion(store)
    companion.start()
    server = make_server(create_app(companion, "h" * 43, Extras(), stream_seconds=0.5), host="127.0.0.1", port=0)
    threads.Thread(target=server.run, daemon=True).start()
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    try:
        page.goto(f"http://127.0.0.1:{server.effective_port}/")
        expect = playwright.expect
        expect(page.locator("#status")).to_have_text("live")
        page.evaluate("""() => { window.seen = []; new MutationObserver(() => window.seen.push(
            document.getElementById("status").textContent)).observe(document.getElementById("status"),
            { childList: true, characterData: true, subtree: true }); }""")
        for n in range(4):  # across several of the stream's own ends
            page.wait_for_timeout(600)
            companion.say(f"Said {n}").result(WAIT_SECONDS)
            expect(page.locator("#said")).to_have_text(f"Said {n}")
        assert set(page.evaluate("window.seen")) <= {"live"}, page.evaluate("window.seen")
    finally:
        server.close()
        companion.stop()
        store.close()
