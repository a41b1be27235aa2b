"""Hosting and joining without a terminal, and every game kept, in a real browser at phone size.

The running companion in simulation (emulated buttons and OLED, real store): a phone on the join
page becomes the host when A is pressed on the companion; players take free seats from the join
page; the host is asked before a game in progress ends; ended and interrupted games are resumed
from the host page's list; a game's record downloads and `paradox-table replay` adjudicates it.
"""
import dataclasses
import json
import random
import re
import subprocess
import sys
import urllib.parse
import urllib.request

import pytest

from companion import config as config_mod
from companion import games
from companion.games import TABLE
from companion.games.paradominetor.moves import Play
from companion.run import start

playwright = pytest.importorskip("playwright.sync_api")
from patience import WAIT_MS, WAIT_SECONDS  # noqa: E402
from browsing import seat_link, wait_until  # noqa: E402
PHONE = {"width": 390, "height": 844}
TIMEOUT = WAIT_MS  # for every wait in the browser
NAMES = ["Ana", "Ben", "Cy"]


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=tmp_path_factory.mktemp("state"))
    dev = start(cfg, simulate=True, port=0, host="127.0.0.1", camera_thread=False)
    yield dev
    dev.stop()


def base(device) -> str:
    return device.urls["local"].split("/?")[0]


def host_token(device) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlparse(device.urls["local"]).query)["host"][0]


def press(device, name: str):
    """A button on the companion, through its button API (the emulated pins, as a finger)."""
    req = urllib.request.Request(base(device) + "/api/host/button", data=json.dumps({"name": name}).encode(),
                                 headers={"Content-Type": "application/json", "X-Host-Token": host_token(device)})
    with urllib.request.urlopen(req, timeout=10) as res:
        assert res.status == 200


def phone(browser):
    page = browser.new_context(viewport=PHONE, accept_downloads=True).new_page()
    page.set_default_timeout(TIMEOUT)
    return page


def host_page(device, browser):
    page = phone(browser)
    page.goto(device.urls["local"])
    playwright.expect(page.locator("#status")).to_have_text("live")
    return page


def new_game(device, seed=0):
    return device.companion.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=seed).result(WAIT_SECONDS)


def play(device, moves: int, seed: int = 1):
    """`moves` legal moves from the phones (random, reproducible), or to the end of the game."""
    rng = random.Random(seed)
    session = device.companion.snapshot.session
    rules = games.load(session.name)
    for _ in range(moves):
        state = device.companion.snapshot.state
        if rules.is_over(state):
            return
        device.companion.submit(rng.choice(rules.legal_moves(state)), "phone").result(WAIT_SECONDS)


def test_a_phone_on_the_join_page_becomes_the_host_when_a_is_pressed(device, browser, shots):
    expect = playwright.expect
    asking = phone(browser)
    asking.goto(base(device) + "/")
    expect(asking.locator("#status")).to_have_text("live")
    expect(asking.locator("#start-section")).to_be_hidden()  # not the host: no games to start
    expect(asking.locator("#ask-host-section")).to_be_visible()
    asking.click("#ask-host")
    code = asking.locator("#ask-host-code")
    expect(code).to_have_text(re.compile(r"^\d{4}$"))
    # The companion's screen asks the table with the same code.
    wait_until(asking, lambda: device.display.screen == "host")
    assert device.companion.snapshot.host_request.code == code.inner_text()
    asking.screenshot(path=str(shots / "hosting-asking-phone.png"), full_page=True)
    (shots / "hosting-oled.png").write_bytes(device.display.png(4))

    # The host page (if there is one) sees it too.
    host = host_page(device, browser)
    expect(host.locator("#host-request")).to_contain_text(code.inner_text())

    # A second phone asking at the same time is told to wait: requests do not pile up.
    other = phone(browser)
    other.goto(base(device) + "/")
    other.click("#ask-host")
    expect(other.locator("#ask-host-error")).to_contain_text("Another phone is already asking")
    expect(other.locator("#ask-host-code")).to_be_hidden()

    press(device, "confirm")  # A: yes
    expect(asking.locator("#start-section")).to_be_visible()
    expect(asking.locator("#ask-host-section")).to_be_hidden()
    assert asking.evaluate("localStorage.getItem('hostToken')") == host_token(device)
    wait_until(asking, lambda: device.display.screen != "host")
    expect(host.locator("#host-request")).to_be_hidden()

    # The other phone asks again; B says no, and it stays a guest.
    other.click("#ask-host")
    expect(other.locator("#ask-host-code")).to_be_visible()
    press(device, "undo")  # B: no
    expect(other.locator("#ask-host-said")).to_have_text("The table said no: this phone is not the host.")
    expect(other.locator("#start-section")).to_be_hidden()
    assert other.evaluate("localStorage.getItem('hostToken')") is None
    # B answered the question, and did not take back a move.
    assert device.companion.snapshot.message == "No new host"


def test_players_take_free_seats_from_the_join_page(device, browser, shots):
    expect = playwright.expect
    new_game(device)
    host = host_page(device, browser)
    expect(host.locator(".seatcard")).to_have_count(3)

    ben = phone(browser)
    ben.goto(base(device) + "/")
    seats = ben.locator("#join-seats .join-seat")
    expect(seats).to_have_count(3)
    expect(ben.locator("#join-seats button.take")).to_have_text(["Take Ana's seat", "Take Ben's seat", "Take Cy's seat"])
    ben.screenshot(path=str(shots / "join-page-phone.png"), full_page=True)
    ben.locator('.join-seat[data-viewer="seat-1"] button.take').click()
    ben.locator('.join-seat[data-viewer="seat-1"] button.take-yes').click()
    expect(ben.locator("#who")).to_have_text("Ben")
    assert ben.url.endswith("/seat")

    # The host hands Ana's seat to her phone with its QR code: her seat is taken too.
    ana = phone(browser)
    ana.goto(seat_link(host, "seat-0"))
    expect(ana.locator("#who")).to_have_text("Ana")
    expect(host.locator('.seatcard[data-viewer="seat-0"] .seat-state')).to_have_text("taken")
    expect(host.locator('.seatcard[data-viewer="seat-1"] .seat-state')).to_have_text("taken")
    expect(host.locator('.seatcard[data-viewer="seat-2"] .seat-state')).to_have_text("free")

    # Someone else scanning the QR code sees only Cy's seat free; a taken seat cannot be had.
    late = phone(browser)
    late.goto(base(device) + "/")
    expect(late.locator("#join-seats button.take")).to_have_text(["Take Cy's seat"])
    expect(late.locator('.join-seat[data-viewer="seat-1"]')).to_contain_text("taken")
    late.screenshot(path=str(shots / "join-page-taken-phone.png"), full_page=True)
    refused = late.evaluate("""async () => {
        const res = await fetch("/api/join", {method: "POST", headers: {"Content-Type": "application/json"},
          body: JSON.stringify({viewer: "seat-1"})});
        return [res.status, (await res.json()).error];
    }""")
    assert refused == [409, "Ben's seat is taken. If it is yours, ask the host to free it"]

    # Ben loses his phone: the host frees his seat, and Ben takes it again on a new one.
    host.locator('.seatcard[data-viewer="seat-1"] button.free').click()
    expect(host.locator('.seatcard[data-viewer="seat-1"] .seat-question')).to_contain_text(
        "Free Ben's seat? The phone that holds it loses it at once")
    host.locator('.seatcard[data-viewer="seat-1"] button.free-yes').click()
    expect(ben.locator("#who")).to_have_text("No seat")
    expect(late.locator("#join-seats button.take")).to_have_text(["Take Ben's seat", "Take Cy's seat"])
    late.locator('.join-seat[data-viewer="seat-1"] button.take').click()
    late.locator('.join-seat[data-viewer="seat-1"] button.take-yes').click()
    expect(late.locator("#who")).to_have_text("Ben")

    # Back on the join page, a phone with a seat is offered its own seat.
    late.goto(base(device) + "/")
    expect(late.locator("#open-my-seat")).to_have_text("Open Ben's seat")


def test_the_host_is_asked_before_a_game_in_progress_ends(device, browser, shots):
    expect = playwright.expect
    first = new_game(device)
    host = host_page(device, browser)
    expect(host.locator("#start-details")).to_have_attribute("open", "")  # no move yet: the form is open
    play(device, 2)
    expect(host.locator("#start-details")).not_to_have_attribute("open", "")  # folded away while playing
    expect(host.locator("#game-name")).to_be_hidden()
    host.screenshot(path=str(shots / "hosting-host-playing.png"), full_page=True)

    host.click("#start-details summary")
    host.select_option("#game-name", "paradominetor")
    host.select_option("#opt-seats", "4")
    host.click("#start")
    expect(host.locator("#start-confirm")).to_be_visible()
    expect(host.locator("#start-question")).to_have_text(
        "End the Paradominetor game of Ana, Ben and Cy and start a new game?")
    host.screenshot(path=str(shots / "hosting-replace-question.png"), full_page=True)
    host.click("#start-keep")
    expect(host.locator("#start-confirm")).to_be_hidden()
    assert device.companion.snapshot.session.id == first
    assert len(device.companion.snapshot.session.moves) == 2

    host.click("#start")
    host.click("#start-replace")
    wait_until(host, lambda: device.companion.snapshot.session.id != first)
    expect(host.locator(".seatcard")).to_have_count(4)
    expect(host.locator(f'.played[data-game="{first}"]')).to_contain_text("interrupted")


def test_ended_and_interrupted_games_are_resumed_from_the_host_page(device, browser, shots):
    expect = playwright.expect
    finished = new_game(device, seed=3)
    play(device, 10_000, seed=3)  # to the end
    assert device.companion.snapshot.session.is_over()
    interrupted = new_game(device, seed=4)
    play(device, 5, seed=4)
    on_table = new_game(device, seed=5)  # replaces the interrupted one (the service's callers say so)
    play(device, 1, seed=5)

    host = host_page(device, browser)
    expect(host.locator(f'.played[data-game="{finished}"]')).to_contain_text("over")
    expect(host.locator(f'.played[data-game="{interrupted}"]')).to_contain_text("5 moves · interrupted")
    expect(host.locator(f'.played[data-game="{on_table}"]')).to_contain_text("on the table now")
    expect(host.locator(f'.played[data-game="{on_table}"] button.resume')).to_have_count(0)

    # The ended game: asked first (a game is on), then it is on the table, over, with its winner.
    host.locator(f'.played[data-game="{finished}"] button.resume').click()
    expect(host.locator("#resume-question")).to_have_text(
        "End the Paradominetor game of Ana, Ben and Cy and resume this one?")
    host.screenshot(path=str(shots / "hosting-games-list.png"), full_page=True)
    host.click("#resume-replace")
    wait_until(host, lambda: device.companion.snapshot.session.id == finished)
    expect(host.locator("#said")).to_have_text("Resumed the Paradominetor game of Ana, Ben and Cy: it is over")
    expect(host.locator("#start-details")).to_have_attribute("open", "")  # over: a new game is the next thing
    wait_until(host, lambda: device.display.screen == "winner")

    # The interrupted game: no question (the one on the table is over), and play goes on from its
    # own seat links, which work again.
    tokens = device.store.tokens(interrupted)
    host.locator(f'.played[data-game="{interrupted}"] button.resume').click()
    wait_until(host, lambda: device.companion.snapshot.session.id == interrupted)
    expect(host.locator("#resume-confirm")).to_be_hidden()
    assert len(device.companion.snapshot.session.moves) == 5
    to_play = device.companion.snapshot.view(TABLE)["to_play"]
    seat = phone(browser)
    seat.goto(f"{base(device)}/seat#{tokens[f'seat-{to_play}']}")
    expect(seat.locator("#who")).to_have_text(NAMES[to_play])
    expect(host.locator(f'.played[data-game="{interrupted}"]')).to_contain_text("on the table now")
    host.evaluate("window.scrollTo(0, 0)")
    host.screenshot(path=str(shots / "hosting-resumed-phone.png"))

    # After a restart the companion comes back to it (it is the game in progress).
    from companion.session import Session
    assert Session.resume(device.store).id == interrupted


def test_a_game_is_downloaded_as_a_record_that_replay_adjudicates(device, browser, tmp_path):
    expect = playwright.expect
    finished = new_game(device, seed=6)
    play(device, 10_000, seed=6)
    scores = device.companion.snapshot.view(TABLE)["scores"]
    host = host_page(device, browser)
    link = host.locator(f'.played[data-game="{finished}"] a.record')
    with host.expect_download(timeout=TIMEOUT) as got:
        link.click()
    path = tmp_path / got.value.suggested_filename
    got.value.save_as(path)
    assert path.name == f"paradox-table-paradominetor-{finished}.jsonl"
    done = subprocess.run([sys.executable, "-m", "companion.cli", "replay", str(path), "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["finished"] is True and result["scores"] == scores

    # A game still in play whose record would show a tile's hidden back waits until it is over.
    hidden = new_game(device, seed=7)
    device.companion.submit({"type": "Play", "seat": 0, "tile": "red-3-past"}, "camera").result(WAIT_SECONDS)
    row = host.locator(f'.played[data-game="{hidden}"]')
    expect(row).to_contain_text("record once it is over")
    expect(row.locator("a.record")).to_have_count(0)


def test_the_host_page_shows_the_choice_a_would_take(device, browser):
    from companion.games.base import Prompt
    expect = playwright.expect
    new_game(device)
    choices = tuple((f"Ana leads black as {c}", Play(0, "black-0", c)) for c in ("red", "blue"))
    device.companion.ask(Prompt("Black lead", "Ana leads black: which colour?", choices)).result(WAIT_SECONDS)
    host = host_page(device, browser)
    expect(host.locator("#prompt")).to_have_text("Black lead: Ana leads black as red? A ok, C next, B no")
    press(device, "next")  # C: the next choice
    expect(host.locator("#prompt")).to_have_text("Black lead: Ana leads black as blue? A ok, C next, B no")
    expect(host.locator("#said")).to_have_text("Ana leads black: which colour?")
    press(device, "undo")  # B: dropped
    expect(host.locator("#prompt")).to_have_text("")
    # a refusal has nothing to choose: its words are shown once, as the prompt
    device.companion.ask(Prompt("Not allowed", "Seen red-3 for Ben: it is Ana's turn")).result(WAIT_SECONDS)
    expect(host.locator("#prompt")).to_have_text("Not allowed: Seen red-3 for Ben: it is Ana's turn")
    expect(host.locator("#said")).to_have_text("")


def test_after_safe_to_unplug_the_virtual_table_and_the_phones_are_refused(device, browser):
    expect = playwright.expect
    new_game(device)
    host = host_page(device, browser)
    press(device, "shutdown")  # hold A+B
    wait_until(host, lambda: device.companion.snapshot.shutting_down)
    expect(host.locator("#said")).to_have_text("Safe to unplug")
    host.click("#sim-play")
    expect(host.locator("#sim-error")).to_have_text(
        "The companion is shutting down and takes no more moves; start it again to play on")
    assert device.companion.snapshot.session.moves == []


def test_a_host_link_the_companion_no_longer_knows_makes_the_phone_a_guest(device, browser):
    expect = playwright.expect
    page = phone(browser)
    page.goto(base(device) + "/?host=" + "z" * 43)
    expect(page.locator("#ask-host-section")).to_be_visible()
    expect(page.locator("#start-section")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('hostToken')") is None
