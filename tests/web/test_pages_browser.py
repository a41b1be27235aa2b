"""The shared pages with each game's own script, in a real browser (Debian's chromium): nothing
on the console, the new-game form drawn from the games' descriptions, the seat's name from the
companion, and the virtual table's controls from the game that has a camera.

A companion in simulation whose virtual table only records what it is asked to do, so these
checks need no camera and no vision."""
import io
import threading

import pytest
from PIL import Image

from companion.games import MASTER, descriptions
from companion.service import Companion
from companion.store import Store
from web.app import Extras, create_app, make_server

playwright = pytest.importorskip("playwright.sync_api")
from patience import WAIT_MS, WAIT_SECONDS  # noqa: E402
from browsing import seat_links, wait_until  # noqa: E402
PHONE = {"width": 390, "height": 844}
HOST = "t" * 43
TIMEOUT = WAIT_MS  # for every wait in the browser


def _image(kind: str, size) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (40, 60, 40)).save(out, kind)
    return out.getvalue()


class Device:
    def __init__(self, tmp):
        self.store = Store(tmp / "games.db")
        self.companion = Companion(self.store)
        self.companion.start()
        self.acted = []  # what the virtual table was asked to do
        self.pictures = 0  # the camera's pictures the host page fetched
        extras = Extras(oled_png=lambda: _image("PNG", (128, 64)), camera_jpeg=self.picture,
                        press=lambda name: None, simulate=self.act, simulation=True,
                        games=tuple(g.as_json() for g in descriptions()))
        self.server = make_server(create_app(self.companion, HOST, extras), host="127.0.0.1", port=0, threads=12)
        threading.Thread(target=self.server.run, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.effective_port}"

    def act(self, action):
        self.acted.append(action)
        return "done"

    def picture(self) -> bytes:
        self.pictures += 1
        return _image("JPEG", (320, 240))

    def stop(self):
        self.server.close()
        self.companion.stop()
        self.store.close()


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    dev = Device(tmp_path_factory.mktemp("state"))
    yield dev
    dev.stop()




class Console:
    """Every error a page logs or throws."""

    def __init__(self):
        self.errors = []

    def watch(self, page):
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"{page.url}: {m.text}"))
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))
        return page


def phone(browser, console):
    page = browser.new_context(viewport=PHONE).new_page()
    page.set_default_timeout(TIMEOUT)
    return console.watch(page)


def start(host):
    """Start `game` from the host page's form as it stands; the seat links that come back."""
    old = host.locator("#seats").get_attribute("data-game")
    host.click("#start")
    expect = playwright.expect
    expect(host.locator("#start-error")).to_be_empty()
    if old:
        expect(host.locator("#seats")).not_to_have_attribute("data-game", old, timeout=TIMEOUT)
    expect(host.locator(".seatcard").first).to_be_visible(timeout=TIMEOUT)
    return seat_links(host, host.locator(".seatcard").count())


def test_host_and_seat_pages_log_nothing_and_draw_each_game(device, browser, shots):
    expect = playwright.expect
    console = Console()
    host = phone(browser, console)
    host.goto(f"{device.base}/?host={HOST}")
    expect(host.locator("#status")).to_have_text("live", timeout=TIMEOUT)

    # The form, from the descriptions: each game by its title, its own options only.
    titles = [g.title for g in descriptions()]  # in the registry's order
    assert host.locator("#game-name option").all_inner_texts() == titles
    host.select_option("#game-name", "paradominetor")
    assert host.locator("#opt-seats option").all_inner_texts() == ["3", "4", "5"]
    expect(host.locator("#opt-seats")).to_have_value("4")
    expect(host.locator("#opt-players")).to_have_count(0)
    host.select_option("#opt-seats", "3")
    host.fill("#opt-names", "Ana, Ben, Cy")
    links = start(host)
    session = device.companion.snapshot.session
    assert (session.name, dict(session.options)) == ("paradominetor", {"seats": 3, "names": ["Ana", "Ben", "Cy"]})

    # The virtual table's controls come from the game's script and post the same bodies as ever.
    expect(host.locator("#sim-section")).to_be_visible()
    expect(host.locator("#sim-seat option")).to_have_count(3)
    host.select_option("#sim-seat", "1")
    host.select_option("#sim-colour", "red")
    host.select_option("#sim-value", "3")
    host.select_option("#sim-timeframe", "past")
    host.click("#sim-play")
    host.click("#sim-flip")
    host.click("#sim-clear")
    wait_until(host, lambda: len(device.acted) >= 3)
    assert device.acted == [{"action": "play", "seat": 1, "tile": "red-3-past", "declare": None},
                            {"action": "flip"}, {"action": "clear"}]
    expect(host.locator("#current-trick")).to_be_attached()  # the game's board on the table's page
    assert host.locator('link[data-game-style]').evaluate_all("ns => ns.map(n => n.getAttribute('href'))") == \
        ["/games/paradominetor/game.css"]

    seat = phone(browser, console)
    seat.goto(links["seat-1"])
    expect(seat.locator("#who")).to_have_text("Ben", timeout=TIMEOUT)
    expect(seat.locator("#mine h2")).to_have_text("Your moves", timeout=TIMEOUT)
    host.screenshot(path=str(shots / "pages-paradominetor-host.png"), full_page=True)
    seat.screenshot(path=str(shots / "pages-paradominetor-seat.png"), full_page=True)

    # Paradox Island from the same host page: its own form, no virtual table, its own style only.
    host.select_option("#game-name", "island")
    expect(host.locator("#opt-seats")).to_have_count(0)
    expect(host.locator("#opt-second_piece")).to_have_count(0)  # two players only
    host.select_option("#opt-players", "2")
    expect(host.locator("#opt-characters select")).to_have_count(1)
    host.select_option("#opt-second_piece", "achilles")
    host.select_option("#opt-characters-1", "theseus")
    host.fill("#opt-character_stats-1-energy", "7")
    host.fill("#opt-character_stats-1-health", "12")  # out of range: the catalog's value stands
    links = start(host)
    session = device.companion.snapshot.session
    assert (session.name, dict(session.options)) == ("island", {
        "players": 2, "characters": ["theseus"], "character_stats": {"theseus": {"energy": 7}},
        "second_piece": "achilles"})
    expect(host.locator("#sim-section")).to_be_hidden()
    expect(host.locator('link[data-game-style]')).to_have_attribute("href", "/games/island/game.css")
    expect(host.locator(".island-perished")).to_be_visible()
    expect(seat.locator("#who")).to_have_text("No seat", timeout=TIMEOUT)  # Ben's link ended with his game

    op = phone(browser, console)
    op.goto(links["master"])
    expect(op.locator("#who")).to_have_text("Omnipotence Paradox", timeout=TIMEOUT)
    op.click("#island-random")
    expect(op.locator(".island-map:not(.build-map)")).to_be_visible(timeout=TIMEOUT)  # built, not being laid
    assert device.companion.snapshot.view(MASTER)["island"]
    captive = phone(browser, console)
    captive.goto(links["seat-1"])
    expect(captive.locator("#who")).to_have_text("Theseus", timeout=TIMEOUT)
    expect(captive.locator(".notes .island-map")).to_be_visible()
    host.screenshot(path=str(shots / "pages-island-host.png"), full_page=True)
    op.screenshot(path=str(shots / "pages-island-op.png"), full_page=True)
    captive.screenshot(path=str(shots / "pages-island-seat.png"), full_page=True)

    # More players: each captive starts with a different character: the characters differ to start with.
    if not host.locator("#opt-players").is_visible():  # the form folds away once a game has begun
        host.click("#start-details summary")
    host.select_option("#opt-players", "4")
    picks = [host.locator(f"#opt-characters-{i}").input_value() for i in (1, 2, 3)]
    assert picks[0] == "theseus" and len(set(picks)) == 3
    assert not console.errors, console.errors


def test_dynasty_s_virtual_table_lays_the_maps_out_and_lifts_a_domino_off(device, browser):
    """The host's virtual table for Domino Dynasty posts what a hand does on the mat: the maps
    laid out, and a domino lifted off by naming one of its squares (the camera makes a removal of
    it when the rules wait for one)."""
    expect = playwright.expect
    console = Console()
    host = phone(browser, console)
    host.goto(f"{device.base}/?host={HOST}")
    expect(host.locator("#status")).to_have_text("live", timeout=TIMEOUT)
    device.companion.new_game("dynasty", {"players": 2}, seed=0).result(WAIT_SECONDS)
    expect(host.locator("#dd-sim-seat option")).to_have_count(2, timeout=TIMEOUT)
    del device.acted[:]
    host.click("#dd-sim-lay")
    expect(host.locator("#dd-sim-said")).to_have_text("done")  # what the virtual table did (this one says "done")
    host.select_option("#dd-sim-seat", "1")
    host.select_option("#dd-sim-map", "shared")
    host.fill("#dd-sim-cells", "F4 G4")  # as the phones name the squares
    host.click("#dd-sim-remove")
    wait_until(host, lambda: len(device.acted) >= 2)
    assert device.acted == [{"action": "lay"}, {"action": "remove", "seat": 1, "map": "shared", "cell": [5, 3]}]
    # a hand over the mat changes no view: the camera's picture is fetched again all the same
    version, pictures = host.evaluate("document.body.dataset.version"), device.pictures
    host.click("#sim-hand")
    wait_until(host, lambda: device.pictures > pictures)
    assert device.acted[-1] == {"action": "hand", "over": True}
    assert host.evaluate("document.body.dataset.version") == version
    assert not console.errors, console.errors


def test_a_dynasty_map_grown_past_the_mat_s_edge_is_drawn_and_named_where_it_lies(device, browser, shots):
    """A map grown a column west of A lies a column east on the printed mat: the phones' map is
    headed A to H as the mat is, and its west square is A4, never "(-1, 3)"."""
    from companion.games.dynasty.moves import Place
    expect = playwright.expect
    console = Console()
    host = phone(browser, console)
    host.goto(f"{device.base}/?host={HOST}")
    expect(host.locator("#status")).to_have_text("live", timeout=TIMEOUT)
    c = device.companion
    c.new_game("dynasty", {"players": 3, "roles": {"0": "warfare", "1": "infrastructure", "2": "goods"},
                           "play": "free"}, seed=0).result(WAIT_SECONDS)
    for cells, halves in ((((2, 3), (1, 3)), ("grass//EW", "grass//EW")), (((0, 3), (-1, 3)), ("grass//EW", "grass//E"))):
        c.submit(Place(0, "personal", cells, halves), "phone").result(WAIT_SECONDS)
    square = host.locator('#map-0 [data-cell="-1,3"]')
    expect(square).to_have_attribute("title", "A4 grass//E", timeout=TIMEOUT)
    heads = host.locator("#map-0 .edge").all_inner_texts()
    assert heads[:9] == ["", *"ABCDEFGH"] and heads[9:] == [str(n) for n in range(1, 9)]
    assert host.locator('#map-0 [data-cell="3,3"]').get_attribute("title").startswith("E4 ")  # the start, D4 before
    host.locator("#map-0").screenshot(path=str(shots / "dynasty-map-grown-west.png"))
    assert not console.errors, console.errors
