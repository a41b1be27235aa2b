"""Paradox Initiative in a real browser: the host starts a two-player game, each player opens
their seat on their own phone (390x844), and they play the setup and a first matrix turn by
tapping: a tech module kept, a card drafted and its cost entered, switches activated, a swap made
by tapping two particles of the matrix (a red strand of four), the refill's particles told, the
turn ended. Each phone shows its own secret research goal and never the other's.

The deal (53 particles out of the bag) is what the camera reads at a real table; here the test
tells it through the phones' own move requests, so the taps go to the choices a player makes."""
import random
import time

import pytest

from companion.games import TABLE, Viewer
from companion.games import initiative as rules

playwright = pytest.importorskip("playwright.sync_api")
from patience import WAIT_SECONDS  # noqa: E402
import browsing  # noqa: E402
from browsing import scroll_to, seat_links  # noqa: E402
PHONE = {"width": 390, "height": 844}

# The chief's matrix, top row first: swapping the black 2 at row 3, column 4 with the red 2
# under it makes row 3 red, red, red, red: a strand of four.
CHIEF = ["Y1 B2 K3 W1 Y2",
         "B3 K1 W2 Y3 B1",
         "R1 R2 R3 K2 W3",
         "W3 Y1 B2 R2 K1",
         "K2 W3 Y1 B3 Y3"]
OTHER = ["W1 Y2 B3 K1 R2",
         "K3 W2 R1 Y3 B1",
         "Y1 B2 K2 W3 R3",
         "B3 R1 Y2 W1 K1",
         "R2 K3 W2 B1 Y3"]
ANOMALY = ["W1", "K2", "B3"]




def secret_seed() -> int:
    """A seed whose research goals include the secret objective, so each player is dealt one."""
    return next(s for s in range(200)
                if any(g.secret for g in rules.setup({"players": 2}, s).goals))


def wait_until(predicate, timeout=WAIT_SECONDS, what="the page"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.03)
    raise AssertionError(f"timed out waiting for {what}")


class Table:
    def __init__(self, device, base, pages, tokens):
        self.companion, self.base, self.pages, self.tokens = device.companion, base, pages, tokens

    def view(self, seat=None):
        snap = self.companion.snapshot
        return snap.view(Viewer.of_seat(seat)) if seat is not None else snap.view(TABLE)

    def tap(self, seat, selector):
        """Tap on one phone and wait for the companion to take the move and the page to draw it."""
        browsing.tap(self.pages[seat], selector, self.companion)

    def post(self, seat, move):
        """What the camera would tell at a real table, sent as that seat's phone would."""
        browsing.post_move(self.base, self.tokens[seat], move)

    def deal(self, chief):
        for p in ANOMALY:
            self.post(chief, {"type": "Draw", "particle": p})
        for seat in (chief, 1 - chief):
            rows = CHIEF if seat == chief else OTHER
            for r in range(4, -1, -1):  # the bottom row first, left to right
                for p in rows[r].split():
                    self.post(seat, {"type": "Draw", "particle": p})


def test_two_players_set_up_and_play_a_matrix_turn_by_tapping(device, browser, shots, monkeypatch):
    expect = playwright.expect
    seed = secret_seed()
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")
    host.select_option("#game-name", "initiative")
    host.select_option("#opt-players", "2")

    class Seeded(random.Random):
        def randrange(self, *args, **kwargs):
            return seed
    monkeypatch.setattr("companion.session.random.SystemRandom", Seeded)  # the host page's game, this seed
    host.click("#start")
    expect(host.locator(".seatcard")).to_have_count(2)
    monkeypatch.undo()
    assert device.companion.snapshot.session.seed == seed
    links = seat_links(host, 2)
    assert sorted(links) == ["seat-0", "seat-1"]

    errors, pages = [], {}
    for seat in (0, 1):
        page = browser.new_context(viewport=PHONE).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(links[f"seat-{seat}"])
        expect(page.locator("#status")).to_have_text("live")
        pages[seat] = page
    base = device.urls["local"].split("/?")[0].rstrip("/")
    tokens = {s: links[f"seat-{s}"].split("#", 1)[1] for s in (0, 1)}
    t = Table(device, base, pages, tokens)
    chief = t.view()["chief"]
    other = 1 - chief

    # Each phone shows its own secret research goal, and never the other's.
    hidden = rules.secrets(device.companion.snapshot.session.state)
    secrets = {s: next(w for w in hidden[f"seat-{s}"] if w.startswith("secret research goal")) for s in (0, 1)}
    for s in (0, 1):
        expect(pages[s].locator("[data-secret]")).to_have_text(secrets[s])
        assert secrets[1 - s] not in pages[s].content()
        assert secrets[s] not in host.content()

    # The chief is asked which particle came out of the bag; the other phone has nothing to press.
    expect(pages[chief].locator("[data-draw]")).to_have_count(15)
    expect(pages[other].locator("[data-draw]")).to_have_count(0)
    expect(pages[other].locator(".pi-ask")).to_have_count(0)  # no decision box with nothing in it
    expect(pages[other].locator("#pi-msg + p")).to_contain_text("Waiting: ")
    t.deal(chief)
    assert t.view(chief)["players"][chief]["rows"] == CHIEF

    # Setup ends with a tech module kept on each phone; the phone not asked yet shows no empty box.
    for seat in (0, 1):
        expect(pages[seat].locator("[data-keep]")).to_have_count(2)
        expect(pages[1 - seat].locator(".pi-ask")).to_have_count(0)
        kept = pages[seat].locator("[data-keep]").first.get_attribute("data-keep")
        t.tap(seat, f'[data-keep="{kept}"]')
        assert t.view()["players"][seat]["tech"] == [kept]

    # The wormhole, in snake order: the chief drafts a card and enters its cost as printed.
    assert t.view()["phase"] == "wormhole" and t.view()["turn"] == chief
    card = pages[chief].locator("[data-draft]").first.get_attribute("data-draft")
    t.tap(chief, f'[data-draft="{card}"]')
    if t.view()["awaiting"]:  # a card the companion does not know yet
        page = pages[chief]
        expect(page.locator("#pi-teach")).to_be_visible()
        if not card.endswith("nexus"):
            expect(page.locator(".pi-ask")).to_contain_text("(tap one to take it off)")  # said, phones show no tooltip
            page.locator(".pi-ask .pi-chip").first.click()  # the catalog's guess is wrong: fix it
            page.locator('[data-add="K"]').click()
        t.tap(chief, "#pi-teach")
    entry = t.view()["players"][chief]["console"][0]
    assert entry["card"] == card
    if not card.endswith("nexus"):
        assert rules.keep(device.companion.snapshot.session.state)["cards"][card]["cost"][-1] == "K"
    t.tap(other, '[data-move="Switch"]')
    t.tap(other, '[data-move="Switch"]')
    t.tap(chief, '[data-move="Switch"]')
    assert sum(t.view()["players"][other]["switches"].values()) == 2
    assert t.view()["phase"] == "matrix" and t.view()["turn"] == chief

    # The swap: tap the black 2, see which particles it may swap with, tap the red 2 under it.
    page = pages[chief]
    # the matrix to tap, and the anomaly beside it, lie right under the prompt: on the first screen
    page.evaluate("window.scrollTo(0, 0)")
    for part in (".pi-turn h3", ".pi-matrix.mine", '[data-cell="anomaly:2"]'):
        box = page.locator(part).bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], f"{part} is {box['y']:.0f} px down"
    page.locator('.pi-matrix.mine [data-cell="2,3"]').click()
    expect(page.locator('[data-cell="2,3"]')).to_have_class("pi-cell picked")
    lit = page.locator(".pi-cell.partner")
    twos = {f"{r},{c}" for r, row in enumerate(CHIEF) for c, p in enumerate(row.split()) if p[1] == "2"}
    assert sorted(lit.evaluate_all("ns => ns.map(n => n.dataset.cell)")) == sorted(twos - {"2,3"} | {"anomaly:1"})
    scroll_to(page, ".pi-matrix.mine")
    page.screenshot(path=str(shots / "initiative-swap-chosen.png"))
    t.tap(chief, '.pi-matrix.mine [data-cell="3,3"]')
    said = " ".join(t.view()["said"])
    assert "A red strand of 4: one particle earned." in said
    assert t.view()["players"][chief]["switches"]["red"] is True
    # The refill: the phone asks for each particle drawn, the next empty cell marked.
    expect(page.locator(".pi-cell.next")).to_have_count(1)
    page.screenshot(path=str(shots / "initiative-refill.png"))
    for _ in range(4):
        t.tap(chief, "[data-draw]")
    view = t.view(chief)
    assert not view["awaiting"] and view["actions"] == 1 and len(view["players"][chief]["earned"]) == 1
    assert all("--" not in row for row in view["players"][chief]["rows"])
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "initiative-chief-phone.png"), full_page=True)
    # "Each player performs two matrix actions": no end of turn before the second swap.
    expect(page.locator("#pi-end-turn")).to_have_count(0)
    swap = next(m for m in rules.legal_moves(device.companion.snapshot.session.state)
                if type(m).__name__ == "Swap" and not isinstance(m.b, str))
    page.locator(f'.pi-matrix.mine [data-cell="{swap.a[0]},{swap.a[1]}"]').click()
    t.tap(chief, f'.pi-matrix.mine [data-cell="{swap.b[0]},{swap.b[1]}"]')
    while t.view()["awaiting"]:  # a refill, if the swap made a strand
        t.tap(chief, "[data-draw]")
    t.tap(chief, "#pi-end-turn")
    assert t.view()["turn"] == other
    expect(pages[other].locator("#pi-end-turn")).to_have_count(0)  # their two actions first
    expect(page.locator("#pi-end-turn")).to_have_count(0)  # not the chief's turn any more
    pages[other].screenshot(path=str(shots / "initiative-other-phone.png"), full_page=True)
    host.screenshot(path=str(shots / "initiative-table.png"), full_page=True)

    for s in (0, 1):
        expect(pages[s].locator("[data-secret]")).to_have_text(secrets[s])
        assert secrets[1 - s] not in pages[s].content()
    assert not errors, errors
