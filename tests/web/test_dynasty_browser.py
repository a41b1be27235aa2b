"""Domino Dynasty on real phones (390x844): the market entered as drawn, each mission entered by
its player (a secret one seen on that phone only), and a market domino placed by tapping the
shared map, the strength following at once; a refused tap says why. The powers' and events'
buttons: the Aunt and the Sibling, Machine Mama's loan, Good Times' part ignored and Political
Power's swap, a secret mission never on the other phone."""
import time

import pytest

from companion.games import TABLE

playwright = pytest.importorskip("playwright.sync_api")
from patience import WAIT_SECONDS  # noqa: E402
from browsing import seat_links  # noqa: E402
from companion.games.dynasty.moves import Happening, Market, Mission, Pass, Place
PHONE = {"width": 390, "height": 844}


def settled(device, page):
    """Until the page shows the companion's latest view (polled from here: the pages' content
    security policy forbids the browser-side polling that evaluates a string)."""
    version = device.companion.snapshot.version
    deadline = time.monotonic() + WAIT_SECONDS
    while int(page.locator("body").get_attribute("data-version") or -1) < version:
        assert time.monotonic() < deadline, "the page did not catch up"
        page.wait_for_timeout(30)


def two_phones(device, browser, options, console=False):
    """The host page and two seats' phones of a new two-player game, live; page errors (and with
    `console`, console errors other than a refused move's 409) are gathered in `errors`."""
    from playwright.sync_api import expect
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")
    game_id = device.companion.new_game("dynasty", options, seed=0).result(WAIT_SECONDS)
    expect(host.locator(f'#seats[data-game="{game_id}"]')).to_have_count(1)
    links = list(seat_links(host, 2).values())
    errors, pages = [], []
    for i in range(2):
        page = browser.new_context(viewport=PHONE).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        if console:
            page.on("console", lambda m: m.type == "error" and "409" not in m.text and errors.append(m.text))
        page.goto(links[i])
        expect(page.locator("#status")).to_have_text("live")
        pages.append(page)
    return host, pages, errors


def test_market_missions_and_a_tapped_placement(device, browser):
    expect = playwright.expect
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")
    host.select_option("#game-name", "dynasty")
    host.select_option("#opt-players", "2")
    # a role box starts at "dealt at random" (the deal follows the seed); here the table names them
    expect(host.locator("#opt-roles-1")).to_have_value("")
    expect(host.locator("#opt-roles-2")).to_have_value("")
    host.select_option("#opt-roles-1", "warfare")
    host.select_option("#opt-roles-2", "money")
    host.click("#start")
    links = list(seat_links(host, 2).values())
    errors, pages = [], []
    for link in links:
        page = browser.new_context(viewport=PHONE).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        # a CSP refusal is a console error too; a refused move's 409 is the test's own doing
        page.on("console", lambda m: m.type == "error" and "409" not in m.text and errors.append(m.text))
        page.goto(link)
        expect(page.locator("#status")).to_have_text("live")
        pages.append(page)
    p0, p1 = pages
    companion = device.companion

    # The market, domino by domino: a lava domino with a person on its east half. No market of
    # none is sent by its button: that would say the deck is out and end the game.
    expect(p0.locator("#market-send")).to_be_disabled()
    assert float(p0.locator("#market-send").evaluate("b => getComputedStyle(b).opacity")) < 1  # and looks it
    expect(p0.locator("#half1-icon")).to_have_attribute("aria-label", "east half: icon")  # a screen reader says what it picks
    p0.select_option("#half1-icon", "person")
    for _ in range(4):
        p0.click("#market-add")
    p0.click("#market-send")
    expect(p0.locator("#enter-market")).to_have_count(0)
    assert len(companion.snapshot.view(TABLE)["market"]) == 4

    # Missions: seat 1's shows the secret eye.
    for page, secret in ((p0, False), (p1, True)):
        page.select_option("#need0-role", "goods")
        page.fill("#need0-num", "50")
        if secret:
            page.check("#secret")
        before = len(companion.snapshot.view(TABLE)["missions"])
        page.click("#mission-send")
        deadline = time.monotonic() + WAIT_SECONDS
        while len(companion.snapshot.view(TABLE)["missions"]) == before and time.monotonic() < deadline:
            time.sleep(0.05)
        settled(device, p0)
        settled(device, p1)
    expect(p1.locator("#my-mission")).to_have_text("Your secret mission: Mission 2: Goods 50")
    settled(device, p0)
    assert "Mission 2: Goods 50" not in p0.content() and "Mission 2: Goods 50" not in host.content()
    expect(p0.locator("#my-mission")).to_have_text("Your mission: Mission 1: Goods 50")

    # Seat 0 claims: a domino, then a square that does not fit (refused, with the reason) ...
    assert companion.snapshot.view(TABLE)["turn"] == 0
    p0.click('.market button[data-index="0"]')
    # the map is a grid: squares of a row side by side
    west, east = (p0.locator(f'#tap-shared [data-cell="{x},2"]').bounding_box() for x in (5, 6))
    assert west["y"] == east["y"] and east["x"] > west["x"] + west["width"] / 2
    p0.click('#tap-shared [data-cell="5,2"]')
    p0.click('#tap-shared [data-cell="6,2"]')
    expect(p0.locator("#mine-msg")).to_contain_text("the terrains do not match on the west edge of square F3")
    expect(p0.locator("#mine-msg")).to_be_in_viewport()  # written below the maps: brought into view
    # ... then beside the warfare start (D2-E2), lava against lava.
    p0.click('.market button[data-index="0"]')
    p0.click('#tap-shared [data-cell="5,1"]')
    p0.click('#tap-shared [data-cell="6,1"]')
    deadline = time.monotonic() + WAIT_SECONDS
    while companion.snapshot.view(TABLE)["turn"] != 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    table = companion.snapshot.view(TABLE)
    assert {(s["x"], s["y"]) for s in table["shared"]} >= {(5, 1), (6, 1)}
    assert table["strength"]["warfare"]["province"] == 4
    settled(device, host)
    expect(host.locator('#strength tr[data-role="warfare"] td.num')).to_have_text(
        str(table["strength"]["warfare"]["strength"]))
    assert not errors, errors


def test_the_aunt_takes_none_the_sibling_moves_a_domino_and_the_aunt_lends_her_icon(device, browser):
    expect = playwright.expect
    # the powers variant and Machine Mama, the Aunt of Goods at seat 0 and the Sibling of Space at seat 1
    host, pages, errors = two_phones(device, browser, {"players": 2, "roles": ["goods", "housing"],
                                                       "powers": "yes", "machine": "yes"})
    aunt, sibling = pages
    companion = device.companion

    def until(check):
        deadline = time.monotonic() + WAIT_SECONDS
        while not check(companion.snapshot.view(TABLE)):
            assert time.monotonic() < deadline, "the table did not change"
            time.sleep(0.05)
        for page in pages:
            settled(device, page)

    for _ in range(4):
        aunt.click("#market-add")  # lava, no paths
    aunt.click("#market-send")
    until(lambda v: len(v["market"]) == 4)
    for page in pages:
        page.select_option("#need0-role", "goods")
        page.fill("#need0-num", "1")
        page.click("#mission-send")
        until(lambda v: any(m["seat"] == pages.index(page) for m in v["missions"]))
    until(lambda v: v["phase"] == "claim")
    expect(sibling.locator("#take-none")).to_have_count(0)
    aunt.click("#take-none")
    until(lambda v: v["turn"] == 1)
    assert len(companion.snapshot.view(TABLE)["market"]) == 4
    expect(aunt.locator("#take-two")).to_have_count(0)

    sibling.click('.market button[data-index="0"]')
    sibling.click('#tap-shared [data-cell="5,1"]')
    sibling.click('#tap-shared [data-cell="6,1"]')  # beside the warfare start, lava against lava
    until(lambda v: v["turn"] == 0)
    aunt.click('.market button[data-index="0"]')
    aunt.click('#tap-shared [data-cell="7,1"]')
    aunt.click('#tap-shared [data-cell="8,1"]')
    until(lambda v: v["turn"] == 1)

    # The Sibling of Space stands her domino up: F2-G2 becomes F2-F1.
    sibling.click('#shift-shared [data-cell="5,1"]')
    sibling.click('#shift-to-shared [data-cell="5,1"]')
    sibling.click('#shift-to-shared [data-cell="5,0"]')
    until(lambda v: any((s["x"], s["y"]) == (5, 0) for s in v["shared"]))
    shared = {(s["x"], s["y"]) for s in companion.snapshot.view(TABLE)["shared"]}
    assert (6, 1) not in shared and (5, 1) in shared
    assert companion.snapshot.view(TABLE)["turn"] == 1  # she still places this turn
    expect(sibling.locator("#shift-shared")).to_have_count(0)  # once a round

    # Machine Mama: the starts are joined by their paths, so the Aunt may lend her icon (her
    # power is spent) to the Sibling for the rest of the round.
    expect(aunt.locator('.lend[data-what="power"]')).to_have_count(0)
    aunt.click('.lend[data-what="icon"]')
    until(lambda v: {"seat": 1, "effect": "borrowed icon", "value": "goods"} in v["effects"])
    expect(sibling.locator(".lent")).to_have_text("This round you borrowed the Aunt of Goods' icon.")
    expect(aunt.locator(".lend")).to_have_count(0)
    assert not errors, errors


def test_good_times_ignores_a_part_and_political_power_swaps_while_a_secret_stays_on_its_phone(device, browser):
    from companion.games import dynasty
    expect = playwright.expect
    companion = device.companion
    # the Aunt of Goods at seat 0, the Brother of Warfare at seat 1, Proximity Papa's events
    host, pages, errors = two_phones(device, browser, {"players": 2, "roles": ["goods", "warfare"],
                                                       "proximity": "yes"}, console=True)
    p0, p1 = pages
    secret = "Military 99, Goods 99"  # seat 0's secret mission of round 1

    def state():
        return companion.snapshot.session.state

    def table(*moves):  # what the table enters as drawn, and the placements: not what is tested here
        for move in moves:
            companion.submit(move, "button").result(WAIT_SECONDS)
        for page in pages:
            settled(device, page)

    def claim_step_placed():
        while state().phase == "claim":
            table(next(m for m in dynasty.legal_moves(state()) if isinstance(m, (Place, Pass))))

    def never_on_the_other_phone():
        settled(device, p1)
        assert secret not in p1.content() and secret not in host.content()

    filler = ("grass//|grass//",) * 4  # each lies beside the goods start: the Aunt grows strongest
    table(Happening(0, "mission_soften"), Market(0, filler),
          Mission(0, ("warfare 99", "goods 99"), secret=True), Mission(1, ("goods 1",)))
    assert state().phase == "claim"
    # Good Times, on the Aunt's phone: she ignores the Goods 99 of her secret mission
    expect(p0.locator("#my-mission")).to_have_text(f"Your secret mission: Mission 1: {secret}")
    expect(p0.locator(".ignore")).to_have_count(2)
    p0.click('.ignore[data-need="1"]')
    expect(p0.locator("text=Good Times: you ignore Goods 99.")).to_have_count(1)
    assert state().missions[0].ignored == 1
    expect(p1.locator(".ignore")).to_have_count(1)  # the Brother's own mission, one part
    never_on_the_other_phone()
    claim_step_placed()
    assert state().round == 2 and state().missions[0].status == "failed"  # face down: still secret
    never_on_the_other_phone()

    # Political Power: the strongest player (the Aunt) swaps missions from her phone
    table(Happening(0, "mission_swap"), Market(0, filler),
          Mission(0, ("warfare 50",)), Mission(1, ("goods 1",)))
    claim_step_placed()
    assert (state().phase, state().turn) == ("swap", 0)
    expect(p0.locator(".swap")).to_have_text(["Swap your mission with P2's"])
    expect(p1.locator(".swap")).to_have_count(0)
    expect(p1.locator("#keep-mine")).to_have_count(0)
    p0.click('.swap[data-to="1"]')
    deadline = time.monotonic() + WAIT_SECONDS
    while state().round != 3:
        assert time.monotonic() < deadline, "the swap was not made"
        time.sleep(0.05)
    swapped = {m.needs[0].num: (m.seat, m.status) for m in state().missions if m.round == 2}
    assert swapped == {50: (1, "failed"), 1: (0, "passed")}
    never_on_the_other_phone()
    assert not errors, errors


def test_the_owner_shares_out_strength_that_cannot_serve_every_mission_from_their_phone(device, browser):
    # "If not, the owning Role decides how to distribute the strength they have"
    from companion.games import dynasty
    expect = playwright.expect
    companion = device.companion
    host, pages, errors = two_phones(device, browser, {"players": 2, "roles": ["warfare", "goods"]}, console=True)
    p0, p1 = pages

    def state():
        return companion.snapshot.session.state

    for move in (Market(0, ("grass//|grass//",) * 4), Mission(0, ("warfare 2",)),
                 Mission(1, ("warfare 1",))):
        companion.submit(move, "button").result(WAIT_SECONDS)
    while state().phase == "claim":
        move = next(m for m in dynasty.legal_moves(state()) if isinstance(m, (Place, Pass)))
        companion.submit(move, "button").result(WAIT_SECONDS)
    assert state().phase == "share"  # Military 2, asked 2 and 1
    settled(device, p0)
    settled(device, p1)
    expect(p0.locator(".share-option")).to_have_text(["P1's mission 1 (2) (suggested)", "P2's mission 2 (1)"])
    expect(p1.locator(".share-option")).to_have_count(0)
    box = p0.locator(".share-option").nth(1).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]  # fits the phone
    p0.click('.share-option[data-missions="2"]')
    deadline = time.monotonic() + WAIT_SECONDS
    while state().phase == "share":
        assert time.monotonic() < deadline, "the choice was not made"
        time.sleep(0.05)
    assert [m.status for m in state().missions] == ["failed", "passed"]
    assert not errors, errors


def test_a_refusal_on_a_phone_goes_once_the_game_moves_on(device, browser):
    """A refused tap is said on that phone; when the domino then goes in some other way (the
    camera saw it laid), the refusal is no longer shown as if it were news."""
    expect = playwright.expect
    host, pages, errors = two_phones(device, browser, {"players": 2, "roles": ["warfare", "money"]}, console=True)
    p0 = pages[0]
    companion = device.companion
    market = ("lava//|lava/person/",) * 4
    companion.submit(Market(0, market), "phone").result(WAIT_SECONDS)
    for seat in range(2):
        companion.submit(Mission(seat, ("goods 50",)), "phone").result(WAIT_SECONDS)
    assert companion.snapshot.view(TABLE)["turn"] == 0
    settled(device, p0)
    p0.click('.market button[data-index="0"]')
    p0.click('#tap-shared [data-cell="5,2"]')
    p0.click('#tap-shared [data-cell="6,2"]')
    expect(p0.locator("#mine-msg")).to_contain_text("the terrains do not match")
    companion.submit(Place(0, "shared", ((5, 1), (6, 1)), ("lava//", "lava/person/")), "camera").result(WAIT_SECONDS)
    settled(device, p0)
    expect(p0.locator("#mine-msg")).to_have_text("")
    assert not errors, errors
