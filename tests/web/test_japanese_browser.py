"""A Japanese table on real phones (390x844): the host page, the join page and the seat pages of
Loop and Paradominetor, played by tapping, with no English sentence on them; a phone's own
language (its browser's, or the one it picks) beside the table's."""
import re

import pytest
from patience import WAIT_SECONDS

playwright = pytest.importorskip("playwright.sync_api")
from browsing import seat_link, wait_until  # noqa: E402

PHONE = {"width": 390, "height": 844}
# Three English words in a row: a sentence left untranslated. Names and ids are single words;
# the address under the join page's QR code and the command in the Games section are no words.
ENGLISH = re.compile(r"[A-Za-z]{2,}(?:[ ,'’]+[A-Za-z]{2,}){2,}")
ALLOWED = ("paradox-table replay",)
LOOP = {"players": 2, "names": ["さくら", "たろう"],
        "destinations": ["ローマ AD ネット 4", "ギザ BC ホイール エンジン 5"]}


def english_on(page) -> list[str]:
    text = page.locator("body").inner_text()
    for allowed in ALLOWED:
        text = text.replace(allowed, "")
    return ENGLISH.findall(text)


def japanese_phone(browser, errors: list | None = None):
    """A phone whose browser speaks Japanese (Accept-Language: ja-JP); its page errors go to
    `errors` when given."""
    page = browser.new_context(viewport=PHONE, locale="ja-JP").new_page()
    if errors is not None:
        page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def broken_words(page, selector: str) -> list[str]:
    """The words (between spaces and 、) in `selector` that a line break cuts in two: ア/ーマー."""
    return page.evaluate("""(selector) => {
      const out = [];
      for (const box of document.querySelectorAll(selector)) {
        const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let node = walk.nextNode(); node; node = walk.nextNode()) {
          for (const m of node.data.matchAll(/[^\\s、]+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) out.push(m[0]);
          }
        }
      }
      return out;
    }""", selector)


def make_the_table_japanese(host, companion):
    """The host picks 日本語 for the table (the OLED's, and a phone's that chose none): the
    page reloads in it."""
    with host.expect_navigation():  # the page reloads in the language picked: wait for it
        host.locator("#lang-pick").select_option("ja")
    wait_until(host, lambda: companion.snapshot.language == "ja")


def open_new_game_form(host, game: str):
    """The host page's new-game form with `game` chosen. Its games are filled by the page's
    first view, which also folds the form while a game is on: only then is it known whether the
    form must be opened."""
    playwright.expect(host.locator("#game-name option").first).to_be_attached()
    if host.locator("#start-details").get_attribute("open") is None:  # folded while a game is on
        host.locator("#start-details summary").click()
    host.locator("#game-name").select_option(game)


def test_loop_and_paradominetor_read_in_japanese(device, browser, shots):
    expect = playwright.expect
    companion = device.companion
    errors = []
    host = japanese_phone(browser, errors)
    host.goto(device.urls["local"])
    expect(host.locator("html")).to_have_attribute("lang", "ja")
    expect(host.locator("#status")).to_have_text("接続済み")
    make_the_table_japanese(host, companion)
    expect(host.locator("#status")).to_have_text("接続済み")
    assert english_on(host) == []

    # Loop, its destinations typed in Japanese
    game_id = companion.new_game("loop", LOOP, seed=0).result(WAIT_SECONDS)
    expect(host.locator(f'#seats[data-game="{game_id}"] .seatcard')).to_have_count(2)
    assert [d.name for d in companion.snapshot.state.destinations] == ["Rome", "Giza"]
    expect(host.locator("#game h2")).to_have_text("ループ時間旅行株式会社 · 1日目/3 · さくらのターン")
    phone = japanese_phone(browser)
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(seat_link(host, "seat-0"))
    expect(phone.locator("html")).to_have_attribute("lang", "ja")
    expect(phone.locator("#who")).to_have_text("さくら")
    expect(phone.locator("#mine h2")).to_have_text("あなたの手札")
    phone.locator("button[data-card=shop]").click()
    phone.locator("button", has_text="ネットをタイムマシンIに").click()
    expect(phone.locator(".loop-said")).to_contain_text("ショップのネットをタイムマシンIに追加。")
    launch = phone.locator("button", has_text="タイムマシンIをローマへ発進(+4)")
    launch.click()
    expect(phone.locator(".loop-said")).to_contain_text("さくらがタイムマシンIをローマへ発進: 4点。")
    expect(host.locator("#game")).to_contain_text("ローマ")
    # whose machine went where, and the lists, as Japanese writes them
    expect(host.locator("#game table.loop-dests")).to_contain_text("さくらのタイムマシン")
    # a destination's name and parts: ホイール + エンジン, not ホイ/ール
    assert broken_words(host, "#game table.loop-dests td:nth-child(-n+2)") == []
    expect(host.locator("#game")).to_contain_text(re.compile(r"ガレージ \d+、ショップ"))
    assert re.findall(r"[^\x00-\x7f], ", host.locator("#game").inner_text()) == []
    phone.screenshot(path=str(shots / "phone-loop-ja.png"), full_page=True)
    for page in (host, phone):
        assert english_on(page) == [], page.url
        # the header's title on one line and whole, beside the status and the language menu
        lines, cut, sizes = page.locator("header h1").evaluate(
            "h => { const r = document.createRange(); r.selectNodeContents(h); return [new Set([...r.getClientRects()]"
            ".map((b) => Math.round(b.top))).size, h.scrollWidth > h.clientWidth, "
            "[...h.parentNode.children].map((c) => c.tagName + ':' + Math.round(c.getBoundingClientRect().width) + '/' + c.scrollWidth)]; }")
        assert (lines, cut) == (1, False), (page.url, page.locator("header h1").inner_text(), lines, cut, sizes)

    # a refusal reaches the phone in its words
    refused = phone.evaluate("""() => api("/api/move", SeatKeys.get(document.body.dataset.game),
        "X-Seat-Token", {move: {type: "EndTurn"}}).then(() => "", (e) => e.message)""")
    assert refused == "今は席0ではなく席1(たろう)のターンです"

    # Paradominetor, dealt: a seat plays from its hand
    game_id = companion.new_game("paradominetor", {"seats": 3, "names": ["さくら", "たろう", "はなこ"],
                                                   "deal": True}, seed=1, replace=True).result(WAIT_SECONDS)
    expect(host.locator(f'#seats[data-game="{game_id}"] .seatcard')).to_have_count(3)
    for seat in range(3):
        hand = companion.snapshot.state.hands[seat]
        tiles = [str(next(t for t in hand if t.timeframe == tf)) for tf in ("past", "present", "future")]
        companion.submit({"type": "Pass", "seat": seat, "tiles": tiles}, "test").result(WAIT_SECONDS)
    lead = companion.snapshot.state.lead
    player = japanese_phone(browser)
    player.on("pageerror", lambda e: errors.append(str(e)))
    player.goto(seat_link(host, f"seat-{lead}"))
    expect(player.locator("#turn strong")).to_have_text("あなたのターン")
    expect(player.locator("#game h2")).to_have_text("トリック 1/15")
    # the lead's row says リード、ターン: each tag whole on its line (ター/ン was broken)
    expect(player.locator("#game table td:first-child").nth(lead)).to_contain_text("リード、ターン")
    assert broken_words(player, "#game table td:first-child") == []
    first = player.locator("#mine .tiles button").first
    first.click()
    if player.locator(".declare-black").count():  # a black lead: its colour, in Japanese
        player.locator(".declare-black button").first.click()
    wait_until(player, lambda: len(companion.snapshot.state.trick) == 1)
    expect(player.locator("#turn")).to_contain_text("を待っています")
    player.screenshot(path=str(shots / "phone-paradominetor-ja.png"), full_page=True)
    for page in (host, player):
        assert english_on(page) == [], page.url

    # the join page, on a phone that is not the host's
    guest = japanese_phone(browser)
    guest.goto(device.urls["local"].split("?")[0])
    expect(guest.locator("#join-section h2")).to_have_text("ゲームに参加")
    expect(guest.locator(".join-seat")).to_have_count(3)
    assert english_on(guest) == []
    assert errors == []


def test_a_phone_keeps_its_own_language(device, browser):
    """An English phone at a Japanese table reads English; picking 日本語 switches it, and only it."""
    expect = playwright.expect
    companion = device.companion
    companion.set_language("ja").result(WAIT_SECONDS)
    english = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    english.goto(device.urls["local"].split("?")[0])
    expect(english.locator("html")).to_have_attribute("lang", "en")
    expect(english.locator("#join-section h2")).to_have_text("Join the game")
    english.locator("#lang-pick").select_option("ja")
    expect(english.locator("html")).to_have_attribute("lang", "ja")
    expect(english.locator("#join-section h2")).to_have_text("ゲームに参加")
    assert companion.snapshot.language == "ja"  # a guest's choice is its own, not the table's
    other = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    other.goto(device.urls["local"].split("?")[0])
    expect(other.locator("#join-section h2")).to_have_text("Join the game")


def test_a_phone_that_names_no_language_follows_the_table_s(device, browser):
    """A phone whose browser speaks neither of the table's languages reads the table's: when the
    host switches the table to Japanese, the phone's page follows without anyone reloading it."""
    expect = playwright.expect
    companion = device.companion
    was = companion.snapshot.language
    companion.set_language("en").result(WAIT_SECONDS)
    french = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
    try:
        french.goto(device.urls["local"].split("?")[0])
        expect(french.locator("#join-section h2")).to_have_text("Join the game")
        companion.set_language("ja").result(WAIT_SECONDS)
        expect(french.locator("html")).to_have_attribute("lang", "ja")
        expect(french.locator("#join-section h2")).to_have_text("ゲームに参加")
        assert english_on(french) == []
    finally:
        companion.set_language(was).result(WAIT_SECONDS)
        french.context.close()


def test_a_host_starts_loop_typing_in_japanese(device, browser):
    """The new-game form in Japanese: names and destinations typed with a Japanese keyboard (、
    between them, full-width digits) start the game with the catalog's destinations."""
    expect = playwright.expect
    companion = device.companion
    host = japanese_phone(browser)
    host.goto(device.urls["local"])
    expect(host.locator("html")).to_have_attribute("lang", "ja")
    open_new_game_form(host, "loop")
    host.locator("#opt-players").select_option("2")
    host.locator("#opt-names").fill("さくら、たろう")
    host.locator("#opt-cards").select_option("2")
    expect(host.locator("#opt-destinations")).to_have_attribute("placeholder", "「、」区切り")
    expect(host.locator('label[for="opt-destinations"]')).to_have_text("引いた旅行先")  # said above it, whole
    host.locator("#opt-destinations").fill("ローマ AD ネット ４、京都 BC ホイール エンジン 5")
    host.locator("#start").click()
    if companion.snapshot.session is not None and companion.snapshot.session.name != "loop":
        host.locator("#start-replace").click()  # a game from an earlier test is still on
    wait_until(host, lambda: companion.snapshot.session is not None and companion.snapshot.session.name == "loop"
               and companion.snapshot.state.names == ("さくら", "たろう"))
    state = companion.snapshot.state
    assert [(d.name, d.era, d.parts, d.points) for d in state.destinations] == [
        ("Rome", "AD", ("net",), 4), ("京都", "BC", ("wheel", "engine"), 5)]
    expect(host.locator("#game table.loop-dests")).to_contain_text("京都")
    expect(host.locator("#game table.loop-dests")).to_contain_text("ローマ")
    assert english_on(host) == []


def test_the_host_s_menu_shows_the_table_s_language(device, browser):
    """The host's language menu sets the table's language (the OLED's), so it shows the table's,
    even on a host phone whose own page reads another; picking there changes the table's."""
    expect = playwright.expect
    companion = device.companion
    companion.set_language("ja").result(WAIT_SECONDS)
    host = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    host.goto(device.urls["local"])
    expect(host.locator("html")).to_have_attribute("lang", "en")  # this phone's own: its browser's
    expect(host.locator("#lang-pick")).to_have_value("ja")
    with host.expect_navigation():
        host.locator("#lang-pick").select_option("en")
    wait_until(host, lambda: companion.snapshot.language == "en")
    expect(host.locator("#lang-pick")).to_have_value("en")


def test_the_trick_s_winner_leads_the_next_from_the_phone(device, browser):
    """A phone that wins the trick with 'これを出した' leads the next one from the same page, even
    when the new view reaches the phone before the companion's answer to its play (held back
    here until it has)."""
    from companion.games import TABLE
    expect = playwright.expect
    companion = device.companion
    companion.new_game("paradominetor", {"seats": 3, "names": ["さくら", "たろう", "はなこ"]}, seed=2,
                       replace=True).result(WAIT_SECONDS)
    lead = companion.snapshot.view(TABLE)["to_play"]
    last = (lead + 2) % 3
    host = japanese_phone(browser)
    host.goto(device.urls["local"])
    phone = japanese_phone(browser)
    phone.goto(seat_link(host, f"seat-{last}"))
    for seat, tile in ((lead, "red-1-past"), ((lead + 1) % 3, "red-2-past")):
        companion.submit({"type": "Play", "seat": seat, "tile": tile}, "test").result(WAIT_SECONDS)
    expect(phone.locator("#turn strong")).to_have_text("あなたのターン")
    held = []
    phone.route("**/api/move", lambda route: held.append((route, route.fetch())))
    phone.select_option("#play-colour", "red")
    phone.select_option("#play-value", "4")
    phone.locator("#play-send").click()
    wait_until(phone, lambda: held)
    # the trick is scored and the phone shows its lead before it hears that its play was taken
    expect(phone.locator("#turn span")).to_have_text("あなたのリード: どのタイルでも出せます")
    route, answer = held[0]
    route.fulfill(response=answer)
    phone.unroute("**/api/move")
    wait_until(phone, lambda: phone.evaluate("!document.body.hasAttribute('aria-busy')"))
    phone.select_option("#play-value", "3")
    phone.locator("#play-send").click()
    wait_until(phone, lambda: len(companion.snapshot.view(TABLE)["current_trick"]) == 1)
    assert companion.snapshot.view(TABLE)["current_trick"][0]["seat"] == last


def test_a_table_whose_language_nobody_chose_speaks_its_first_japanese_host_s(tmp_path, browser):
    """A new companion speaks English until told otherwise; the first host page opened in a
    Japanese browser makes the table Japanese (the OLED too), once: after that only the menu
    changes it, and a host whose browser reads English later does not turn it back."""
    import dataclasses

    from companion import config as config_mod
    from companion.run import start
    expect = playwright.expect
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=tmp_path / "state",
                              camera=config_mod.CameraConfig(source="picamera2"))
    dev = start(cfg, simulate=False, port=0, host="127.0.0.1")
    try:
        companion = dev.companion
        assert companion.snapshot.language == "en" and not companion.snapshot.language_chosen
        host = japanese_phone(browser)
        host.goto(dev.urls["local"])
        wait_until(host, lambda: companion.snapshot.language == "ja")
        expect(host.locator("#lang-pick")).to_have_value("ja")
        assert companion.snapshot.language_chosen and english_on(host) == []
        english = browser.new_context(viewport=PHONE, locale="en-US").new_page()
        english.goto(dev.urls["local"])
        expect(english.locator("#lang-pick")).to_have_value("ja")  # the table's, kept
        with english.expect_navigation():
            english.locator("#lang-pick").select_option("en")
        wait_until(english, lambda: companion.snapshot.language == "en")
        host.reload()
        expect(host.locator("#lang-pick")).to_have_value("en")  # chosen now: a Japanese page leaves it
        host.wait_for_timeout(500)
        assert companion.snapshot.language == "en"
    finally:
        dev.stop()
