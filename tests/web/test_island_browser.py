"""Paradox Island in a real browser: the host starts a game for the OP and two captives, each on
their own phone (a separate browser context), and they play three rounds through the pages only;
the OP places their pieces and plays their turns by tapping the map (a piece, then a lit place).
After every step each captive's page and the table's (their whole HTML) are searched for the island's secrets, taken
from the master view: the tiles, the kinds and names of spaces nobody has said aloud, where the
OP's pieces stand, and the other captive's board."""
import json
import time

import pytest

from companion.games import MASTER, TABLE, Viewer

playwright = pytest.importorskip("playwright.sync_api")
from patience import WAIT_SECONDS  # noqa: E402
from browsing import scroll_to, seat_links, seat_shell  # noqa: E402
PHONE = {"width": 390, "height": 844}






def wait_until(predicate, timeout=WAIT_SECONDS, what="the page"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.03)
    raise AssertionError(f"timed out waiting for {what}")


def sent(companion, name):
    """What the page `name` ("master", "table", "seat-N") is sent: its viewer's view and the
    table's last words; a page whose view this did not change is sent nothing new."""
    viewer = {"master": MASTER, "table": TABLE}.get(name) or Viewer.of_seat(int(name[5:]))
    snap = companion.snapshot
    return json.dumps([snap.view(viewer), snap.message], sort_keys=True)


class Table:
    """The three phones and what the test knows from the companion (the master view)."""

    def __init__(self, device, pages, errors):
        self.companion = device.companion
        self.pages = pages      # "master", "seat-1", "seat-2" -> page
        self.errors = errors
        self.baseline = {}      # seat -> the page's words before the island existed
        self.checks = 0
        self.taps = []          # the OP's pieces moved by tapping the map

    @property
    def master(self):
        return self.companion.snapshot.view(MASTER)

    def caught_up(self, name):
        """Wait until the page drew the companion's latest version."""
        version = str(self.companion.snapshot.version)
        wait_until(lambda: self.pages[name].evaluate("document.body.dataset.version") == version,
                   what=f"{name}'s page to catch up")

    def act(self, name, click):
        """Click on one phone, wait until the companion took the move and every page whose view
        changed drew it (a view that did not change is not sent again)."""
        before = self.companion.snapshot.version
        views = {other: sent(self.companion, other) for other in self.pages}
        click(self.pages[name])
        wait_until(lambda: self.companion.snapshot.version > before, what=f"{name}'s move")
        for other in self.pages:
            if sent(self.companion, other) != views[other]:
                self.caught_up(other)
        # the new view can come before the move's own answer, and the phone takes no tap till then
        wait_until(lambda: self.pages[name].evaluate("!document.body.hasAttribute('aria-busy')"),
                   what=f"{name}'s page to hear its move was taken")
        self.check_captives()

    def check_captives(self):
        m = self.master
        island = m["island"] or {"placements": [], "spaces": []}
        said = " ".join(s["words"] for s in m["said"])
        for seat in (1, 2, "table"):
            html = self.pages[f"seat-{seat}" if seat != "table" else "table"].content()
            known = " ".join(m["boards"][str(seat)]["known_spaces"].values()) if seat != "table" else ""
            asked = m["decision"]  # a captive's own question may name a space ("at Camp A or Camp B?")
            if asked and asked["seat"] == seat:
                known += " " + asked["prompt"] + " " + " ".join(map(str, asked["options"]))
            assert "kind-" not in html and "data-name" not in html  # no drawn island
            assert "op-piece" not in html and 'data-piece="' not in html  # no OP piece on a map
            for secret in island["placements"]:
                assert secret not in html
            for s in island["spaces"]:
                assert s["tile"] not in html, f"tile {s['tile']} on seat {seat}'s page"
                told = s["name"] in said or s["name"] in known or s["name"] in self.baseline[seat]
                assert told or s["name"] not in html, f"{s['name']} ({s['space']}) on seat {seat}'s page"
            for other in {1, 2} - {seat}:
                assert m["boards"][str(other)]["mission"] not in html, f"seat {other}'s board on {seat}'s page"
            for secret in m["op_log"]:
                assert secret not in html, f"the OP's log on seat {seat}'s page"
        self.checks += 1


def pick_first(page, selector):
    page.locator(selector).first.click()


def to_middle(page, locator):
    """Scroll `locator` to the middle of the phone's screen (clear of the sticky header)."""
    locator.evaluate("n => n.scrollIntoView({block: 'center'})")


def tap_part(page, part):
    """Tap an ocean part of the OP's map where its name is written."""
    name = page.locator(f'.op-map [data-part="{part}"] .part-label')
    to_middle(page, name)
    box = name.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def tap_lit(page, which):
    """The OP's turn on the map: tap the piece, then the first place lit for it (a tap that can
    mean several moves asks which, under the map)."""
    expect = playwright.expect
    picked = page.locator(f'[data-pick="{which}"]')
    for _ in range(3):  # a live update that redraws the map as the finger lands swallows the tap
        page.locator(f'.op-map [data-piece="{which}"]').click()
        try:
            expect(picked).to_have_class("on", timeout=3000)  # then tap again
            break
        except AssertionError:
            continue
    expect(picked).to_have_class("on")
    lit = page.locator(".op-map .target")
    expect(lit.first).to_be_attached()
    first = lit.first
    if first.get_attribute("data-part"):
        tap_part(page, first.get_attribute("data-part"))
    else:
        first.click()
    if page.locator(".op-choose").count():
        pick_first(page, ".op-choose button[data-reach]")


def op_step(t: Table):
    m = t.master
    op = t.pages["master"]
    if m["decision"] and m["decision"]["seat"] == 0:
        return t.act("master", lambda p: pick_first(p, ".decision button[data-option]"))
    if m["phase"] == "island":
        return t.act("master", lambda p: p.click("#island-random"))
    if m["phase"] == "pieces":  # tapped on the map: the Wave's part, the Rock's anomaly, the Bush's fruit
        place = next(x for x in m["legal"] if x["type"] == "PlaceOpPieces" and x["wave"] == "south-east")
        tap_part(op, "south-east")
        op.locator(f'.op-map [data-space="{place["rock"]}"]').first.click()
        op.locator(f'.op-map [data-space="{place["bush"]}"]').first.click()
        for k in ("wave", "rock", "bush"):
            playwright.expect(op.locator(f"#island-{k}")).to_have_value(place[k])
        t.act("master", lambda p: p.click("#island-place"))
        assert t.master["op_pieces"] == {"Wave": "south-east", "Rock": place["rock"], "Bush": place["bush"]}
        return None
    mine = [r["piece"] for r in m["reach"]]
    if m["actions_left"] == 3 and "Wave" in mine:  # the Wave to another part of the ocean
        t.act("master", lambda p: tap_lit(p, "Wave"))
        return t.taps.append("Wave")
    if m["actions_left"] == 2 and "Bush" in mine:  # the Bush one space on
        t.act("master", lambda p: tap_lit(p, "Bush"))
        now = t.master["op_pieces"]["Bush"]
        if now:  # the OP's notes follow it
            fold = op.locator('[data-fold="log"]')
            if fold.get_attribute("open") is None:
                fold.locator("summary").click()
            playwright.expect(fold.locator(".op-now")).to_contain_text(f"Bush: {now}")
        return t.taps.append("Bush")
    return t.act("master", lambda p: p.click("#island-end-turn"))


def captive_step(t: Table, seat: int):
    name = f"seat-{seat}"
    view = t.companion.snapshot.view(Viewer.of_seat(seat))
    if view.get("decision"):
        words = t.pages[name].locator(".decision button[data-option]").all_inner_texts()
        assert not [w for w in words if "_" in w], f"identifiers on {name}'s buttons: {words}"
        return t.act(name, lambda p: pick_first(p, ".decision button[data-option]"))
    if view["phase"] == "fruits":
        if view["board"]["character"] != "Hempel":
            return t.act(name, lambda p: pick_first(p, ".fruit-choice button"))

        def under_a_palm(p):  # Hempel chooses the bonus his starting fruit goes under
            p.click('.palm-choice button[data-bonus="restore_energy"]')
            playwright.expect(p.locator('.palm-choice button[data-bonus="restore_energy"]')).to_have_class("on")
            pick_first(p, ".fruit-choice button")
        t.act(name, under_a_palm)
        board = t.master["boards"][str(seat)]
        fruit = board["starting_fruits"][0]
        assert [b["fruits"] for b in board["bonuses"] if b["effect"] == "restore_energy"] == [[fruit]]
        return None
    if view["actions_left"] == 2:
        def declare(p):
            pad = p.locator(".pad button[data-dir]:not([disabled])")
            if pad.count() == 0:
                return p.click("#island-rest")
            pad.first.click()
            playwright.expect(p.locator("#island-declare")).to_contain_text("I'm moving")
            p.click("#island-declare")
        return t.act(name, declare)
    return t.act(name, lambda p: p.click("#island-end-turn"))


def smallest_words(page) -> float:
    """The smallest text on the page as drawn, in CSS px (a map's words scaled with the map)."""
    return page.evaluate("""() => {
      let least = 99;
      for (const n of document.querySelectorAll("body *")) {
        const own = [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
        const box = n.getBoundingClientRect();
        if (!own || !box.width || getComputedStyle(n).display === "none") continue;
        let size = parseFloat(getComputedStyle(n).fontSize);
        const svg = n.ownerSVGElement;
        if (svg) size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        least = Math.min(least, size);
      }
      return least;
    }""")


def look_at_the_op_s_turn(op, shots):
    """The OP's turn on a phone: what they may do is on the first screen, the map right under it,
    every word readable; screenshots of the page and of the map with the Bush's places lit."""
    expect = playwright.expect
    expect(op.locator("#island-op .op-turn")).to_contain_text("3 actions left")
    op.evaluate("window.scrollTo(0, 0)")
    op.screenshot(path=str(shots / "island-op-phone.png"))
    panel, island = op.locator("#island-op").bounding_box(), op.locator(".op-map").bounding_box()
    assert panel["y"] < PHONE["height"] / 2 and island["y"] < PHONE["height"], (panel, island)
    assert smallest_words(op) >= 11
    assert op.locator('[data-fold="op-list"]').get_attribute("open") is None  # the list: folded
    op.locator('.op-map [data-piece="Bush"]').click()
    expect(op.locator(".op-map .hex.target").first).to_be_attached()
    to_middle(op, op.locator(".op-map"))
    op.screenshot(path=str(shots / "island-op-bush-chosen.png"))
    op.locator('.op-map [data-piece="Bush"]').click()  # tapped again: no piece chosen
    expect(op.locator(".op-map .target")).to_have_count(0)


def test_the_op_and_two_captives_play_three_rounds_from_their_phones(device, browser, shots):
    expect = playwright.expect
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")
    host.select_option("#game-name", "island")
    expect(host.locator("#opt-seats")).to_be_hidden()  # Paradominetor's 3-5 seats are not offered
    host.select_option("#opt-players", "3")
    expect(host.locator("#opt-characters select")).to_have_count(2)
    host.select_option("#opt-characters-1", "phil")
    host.select_option("#opt-characters-2", "hempel")
    host.fill("#opt-character_stats-2-health", "5")  # the players' own number, over the catalog's
    host.click("#start")
    links = seat_links(host, 3)
    assert sorted(links) == ["master", "seat-1", "seat-2"]
    boards = {p["piece"]: p for p in device.companion.snapshot.view(MASTER)["captive_pieces"]}
    assert boards["Hempel"]["max_health"] == 5 and boards["Phil"]["max_health"] != 5
    expect(host.locator("#sim-section")).to_be_hidden()
    assert device.camera.pipeline is None  # a game without a camera opens none

    errors = []
    pages = {}
    for name, who in (("master", "Omnipotence Paradox"), ("seat-1", "Phil"), ("seat-2", "Hempel")):
        page = browser.new_context(viewport=PHONE).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(links[name])
        expect(page.locator("#who")).to_have_text(who)
        expect(page.locator("#status")).to_have_text("live")
        page.click("#host-opened-seen")  # the host handed this seat over; its player has seen that
        pages[name] = page
    pages["table"] = host  # the host's page shows the table's public view
    t = Table(device, pages, errors)
    t.baseline = {seat: pages[f"seat-{seat}" if seat != "table" else "table"].content()
                  for seat in (1, 2, "table")}

    # The OP types a wrong island by hand: the companion says why, in words, and nothing changes.
    op = pages["master"]
    op.locator('[data-fold="build"] summary').click()
    op.fill("#island-build-text", "driftwood A1 0")
    op.locator('[data-fold="build"] button').click()
    expect(op.locator("#island-msg")).not_to_be_empty()
    assert "error" in op.locator("#island-msg").get_attribute("class")
    assert device.companion.snapshot.session.moves == []

    # A captive writes on their own map; nobody else sees it.
    me = pages["seat-1"]
    me.locator('.notes [data-space="D4"]').click()
    me.fill("#island-note", "start?")
    t.act("seat-1", lambda p: p.click("#island-note-save"))
    expect(me.locator('.notes [data-space="D4"]')).to_contain_text("start?")
    assert "start?" not in pages["seat-2"].content() and "start?" not in op.content()
    expect(op.locator("#island-msg")).to_be_empty()  # the OP's refusal went with the next view

    shot_taken = False
    for _ in range(200):
        m = t.master
        if m["phase"] == "over" or m["round"] > 3:
            break
        seat = m["waiting_for"]
        if m["phase"] == "play" and not (m["decision"] and m["decision"]["seat"] == 0) and m["turn"] != 0:
            # a captive's turn: nothing for the OP to press, so nothing that could be refused
            expect(op.locator("#island-end-turn")).to_have_count(0)
            assert op.locator(".op-map .target").count() == 0
        if not shot_taken and m["phase"] == "play" and seat == 0 and m["round"] == 2 \
                and m["actions_left"] == 3 and not m["decision"]:
            look_at_the_op_s_turn(op, shots)
            shot_taken = True
        if seat == 0:
            op_step(t)
        else:
            captive_step(t, seat)
        m = t.master
        if m["phase"] == "play" and m["waiting_for"] == 1 and m["round"] == 2 \
                and m["actions_left"] == 2 and not m["decision"]:
            me.evaluate("window.scrollTo(0, 0)")
            me.screenshot(path=str(shots / "island-captive-phone.png"))
            assert smallest_words(me) >= 11
    m = t.master
    assert m["round"] > 3 or m["phase"] == "over", "three rounds were not played"
    assert shot_taken and t.checks > 20
    assert {"Wave", "Bush"} <= set(t.taps), f"the OP's turns were not played on the map: {t.taps}"
    # The OP's page did show the island (the search above looks for things that are there).
    html = op.content()
    assert "kind-" in html and 'data-piece="Rock"' in html and 'data-piece="Bush"' in html
    assert sum(name in html for name in {s["name"] for s in m["island"]["spaces"]}) > 10
    # The table's public page follows the same game.
    expect(host.locator(".island-perished")).to_have_text(f"Perished: {m['perished']} of {m['perish_goal']}")
    assert not errors, errors


def test_a_captive_s_decision_and_bonuses_are_in_players_words(device, browser, shots):
    """Hempel's palm decision and bonus buttons say what the bonus does, never its identifier;
    drawn by the island's page script from the view the companion would send his phone."""
    from dataclasses import replace as change

    from companion.games import island as G
    from companion.games.island import catalog
    from companion.games.island.state import Pending, Step, set_board

    from tests.island.helpers import game, turn_of

    state = turn_of(game(characters=("phil", "hempel")), 2)
    state = set_board(state, 2, fruits=(("lime", "circled"),), palms=(("lime", 0),))
    palm = Pending(2, "palm", "Which bonus does the grapes go under?", ("extra_action", "restore_health"),
                   Step("palm", piece="hempel", value="grapes"))
    views = {"turn": G.view(state, Viewer.of_seat(2)),
             "palm": G.view(change(state, pending=palm), Viewer.of_seat(2))}
    assert any(m["type"] == "UseBonus" for m in views["turn"]["legal"])
    page, errors = seat_shell(browser, device.urls["local"].split("/?")[0], "island", PHONE)
    draw = """([v]) => { const mine = document.getElementById("mine"); mine.classList.remove("hidden");
        ParadoxTable.board(document.getElementById("game"), v, {viewer: "seat-2", post: () => Promise.resolve({})});
        ParadoxTable.seat(mine, v, {viewer: "seat-2", post: () => Promise.resolve({})}); }"""
    page.evaluate(draw, [views["palm"]])
    words = page.locator(".decision button[data-option]").all_inner_texts()
    assert words == [catalog.bonus_words("extra_action"), catalog.bonus_words("restore_health")]
    page.evaluate(draw, [views["turn"]])
    page.locator('[data-fold="bonuses"] summary').click()
    bonus = page.locator('button[data-kind="UseBonus"]').all_inner_texts()
    assert bonus == ["Use the lime: " + catalog.bonus_words("extra_action").rstrip(".")]
    assert not [w for w in words + bonus if "_" in w]
    scroll_to(page, '[data-fold="bonuses"]')
    page.screenshot(path=str(shots / "island-captive-bonus.png"))
    assert not errors, errors


def test_a_tap_on_the_bush_takes_the_bush_even_where_the_wave_could_attack(device, browser, shots):
    """The Wave chosen, Hempel beside it on the Bush's space: a tap on the Bush takes the Bush (and
    lights its places); it does not send the Wave against Hempel."""
    from dataclasses import replace as change

    from companion.games import island as G

    from tests.island.helpers import game, put, turn_of

    state = turn_of(put(game(characters=("phil", "hempel"), wave="south-east"), "hempel", "G4"), 0)
    state = change(state, bush="G4")  # a fruit on the shore, beside the Wave's part
    view = G.view(state, MASTER)
    wave_on_hempel = [r for r in view["reach"] if r["piece"] == "Wave" and "G4" in r["to"]]
    assert wave_on_hempel and any(r["piece"] == "Bush" for r in view["reach"])
    page, errors = seat_shell(browser, device.urls["local"].split("/?")[0], "island", PHONE)
    sent = "window.__sent"
    page.evaluate("""([v]) => { window.__sent = [];
        const post = (m) => { window.__sent.push(m); return Promise.resolve({}); };
        ParadoxTable.board(document.getElementById("game"), v, {viewer: "master", post}); }""", [view])
    expect = playwright.expect
    page.locator('[data-pick="Wave"]').click()
    expect(page.locator('[data-pick="Wave"]')).to_have_class("on")
    page.locator('.op-map [data-piece="Bush"]').click()
    expect(page.locator('[data-pick="Bush"]')).to_have_class("on")
    assert page.evaluate(sent) == []
    expect(page.locator(".op-map .target").first).to_be_attached()  # the Bush's places are lit
    assert not errors, errors
