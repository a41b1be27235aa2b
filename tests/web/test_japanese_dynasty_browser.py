"""A Japanese table of Domino Dynasty on real phones (390x844): the host starts it from the
Japanese new-game form, two seats enter the market and their missions as drawn, a tap the maps
refuse says why in Japanese, a placement goes down, and no English sentence is on the host or a
seat page at any step (screenshots in tests/output/, and in /tmp/shots-dynasty/ to look at)."""
import time
from pathlib import Path

import pytest

from companion.games import TABLE

playwright = pytest.importorskip("playwright.sync_api")
from browsing import seat_links, wait_until  # noqa: E402
from patience import WAIT_SECONDS  # noqa: E402
from test_japanese_browser import PHONE, english_on, japanese_phone, make_the_table_japanese, open_new_game_form  # noqa: E402,E501

SHOTS = Path("/tmp/shots-dynasty")


def shoot(page, shots, name):
    SHOTS.mkdir(exist_ok=True)
    for folder in (shots, SHOTS):
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def no_overflow(page) -> list[str]:
    """Elements wider than the phone's screen or buttons whose words are cut: none may be."""
    return page.evaluate("""(width) => [...document.querySelectorAll("body *")].filter((e) => {
        const r = e.getBoundingClientRect();
        if (!r.width || e.closest(".map")) return false;  // a map grid scrolls as a whole
        return r.right > width + 1 || (e.tagName === "BUTTON" && e.scrollWidth > e.clientWidth + 1);
    }).map((e) => e.tagName + "#" + e.id + "." + e.className + ": " + e.textContent.slice(0, 40))""", PHONE["width"])


def until(companion, check):
    deadline = time.monotonic() + WAIT_SECONDS
    while not check(companion.snapshot.view(TABLE)):
        assert time.monotonic() < deadline, "the table did not change"
        time.sleep(0.05)


def test_domino_dynasty_reads_in_japanese(device, browser, shots):
    expect = playwright.expect
    companion = device.companion
    errors = []
    host = japanese_phone(browser, errors)
    host.goto(device.urls["local"])
    expect(host.locator("html")).to_have_attribute("lang", "ja")
    make_the_table_japanese(host, companion)

    # the new-game form in Japanese: the roles by their Japanese names
    open_new_game_form(host, "dynasty")
    host.locator("#opt-players").select_option("2")
    expect(host.locator("#opt-roles-1 option[value=warfare]")).to_have_text("戦の兄")
    host.locator("#opt-roles-1").select_option("warfare")
    host.locator("#opt-roles-2").select_option("money")
    expect(host.locator("#start-details")).to_contain_text("拡張: マシン・ママ")
    assert english_on(host) == []
    shoot(host, shots, "dynasty-ja-new-game")
    host.locator("#start").click()
    if companion.snapshot.session is not None and companion.snapshot.session.name != "dynasty":
        host.locator("#start-replace").click()  # a game from an earlier test is still on
    wait_until(host, lambda: companion.snapshot.session is not None and companion.snapshot.session.name == "dynasty")
    links = list(seat_links(host, 2).values())
    phones = []
    for link in links:
        phone = japanese_phone(browser)
        phone.on("pageerror", lambda e: errors.append(str(e)))
        phone.goto(link)
        expect(phone.locator("html")).to_have_attribute("lang", "ja")
        phones.append(phone)
    p0, p1 = phones
    expect(p0.locator("#enter-market h3")).to_have_text("マーケット: 引いたドミノ4枚を入力")
    expect(p0.locator("#half1-terrain option[value=grass]")).to_have_text("草地")
    expect(p0.locator("#half1-terrain")).to_have_attribute("aria-label", "東の半面: 地形")  # said, not its id
    shoot(p0, shots, "dynasty-ja-market")
    for page in (host, p0, p1):
        assert english_on(page) == [], page.url
        assert no_overflow(page) == [], page.url

    # the market: four lava dominoes with a person on the east half
    p0.select_option("#half1-icon", "person")
    for _ in range(4):
        p0.click("#market-add")
    expect(p0.locator("#market-send")).to_have_text("この4枚がマーケット")
    p0.click("#market-send")
    until(companion, lambda v: len(v["market"]) == 4)

    # each seat's mission, the second one secret; its pickers said by what they pick, not their ids
    for sel, said in (("#need0-role", "条件1: 役割"), ("#need0-num", "条件1: 数"), ("#need0-scalar", "条件1: 数えるもの"),
                      ("#penalty", "失敗したときのペナルティ")):
        expect(p0.locator(sel)).to_have_attribute("aria-label", said)
    # each seat's mission, the second one secret
    for page, secret in ((p0, False), (p1, True)):
        page.select_option("#need0-role", "goods")
        page.fill("#need0-num", "50")
        if secret:
            page.check("#secret")
        count = len(companion.snapshot.view(TABLE)["missions"])
        page.click("#mission-send")
        until(companion, lambda v: len(v["missions"]) > count)
    expect(p1.locator("#my-mission")).to_have_text("あなたの秘密のミッション: ミッション2: 物資 50")
    expect(p0.locator("#my-mission")).to_have_text("あなたのミッション: ミッション1: 物資 50")
    expect(host.locator("#turn")).to_have_text("P1がドミノを獲得する番")

    # a tap the shared map refuses, said in Japanese; then beside the warfare start, lava by lava
    p0.click('.market button[data-index="0"]')
    p0.click('#tap-shared [data-cell="5,2"]')
    p0.click('#tap-shared [data-cell="6,2"]')
    expect(p0.locator("#mine-msg")).to_contain_text("マスF3の西の辺で地形が合っていません")
    shoot(p0, shots, "dynasty-ja-refused")
    assert english_on(p0) == [] and no_overflow(p0) == []
    p0.click('.market button[data-index="0"]')
    p0.click('#tap-shared [data-cell="5,1"]')
    p0.click('#tap-shared [data-cell="6,1"]')
    until(companion, lambda v: v["turn"] == 1)
    expect(host.locator("#said")).to_contain_text("P1: 共有マップF2-G2に溶岩|溶岩・人。")
    expect(host.locator('#strength tr[data-role="warfare"] td').first).to_have_text("軍事力")
    for page in (host, p0):  # a role's name on one line, not 軍事 / 力
        cell = page.locator('#strength tr[data-role="warfare"] td').first
        lines = cell.evaluate("td => { const r = document.createRange(); r.selectNodeContents(td); "
                              "return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size; }")
        assert lines == 1, (page.url, lines)
    shoot(host, shots, "dynasty-ja-host")
    shoot(p1, shots, "dynasty-ja-seat")
    for page in (host, p0, p1):
        assert english_on(page) == [], page.url
        assert no_overflow(page) == [], page.url
    # an icon on a square: two characters of a kanji word (人), three of a katakana one: ナイフ
    # (knife), never ナイ ("not")
    from companion.games.dynasty.moves import Place
    expect(host.locator('#map-shared [data-cell="6,1"] b')).to_have_text("人")
    companion.new_game("dynasty", {"players": 2, "play": "free", "roles": {"0": "warfare", "1": "money"}},
                       seed=0).result(WAIT_SECONDS)
    companion.submit(Place(0, "personal", ((5, 3), (6, 3)), ("lava/knife/W", "lava//")), "phone").result(WAIT_SECONDS)
    expect(host.locator('#map-0 [data-cell="5,3"] b')).to_have_text("ナイフ")
    assert errors == []


JA_BROWSER = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}


def test_dynastys_words_reach_its_pages_and_its_views_and_refusals_the_phones_language(client, companion,
                                                                                       host_headers):
    """Dynasty's own words (dynasty.po) come with its pages only; a Japanese phone reads the view
    (strength names, the market's entry choices, what was said) and a refusal in Japanese while
    the ids sent back in moves stay English; an English phone reads them in English."""
    shared = client.get("/i18n.js", headers=JA_BROWSER).get_data(as_text=True)
    assert "戦の兄" in shared and "草地" not in shared  # the form's roles are shared, the terrains not
    companion.new_game("dynasty", {"players": 2, "names": ["さくら", "たろう"], "roles": ["warfare", "goods"]},
                       seed=0).result(WAIT_SECONDS)
    files = client.get("/api/view", headers=host_headers).get_json()["game_files"]
    assert files[0] == "/games/dynasty/words.js" and "/games/dynasty/game.js" in files
    words = client.get("/games/dynasty/words.js", headers=JA_BROWSER).get_data(as_text=True)
    assert '"grass": "草地"' in words and '"These {n} are the market": "この{n}枚がマーケット"' in words
    assert "Mission complete" not in words  # Paradox Island's words stay with Island's pages
    token = {"X-Seat-Token": companion.store.tokens(companion.snapshot.session.id)["seat-1"]}
    view = client.get("/api/view", headers={**token, **JA_BROWSER}).get_json()["view"]
    assert view["strength"]["warfare"]["name"] == "軍事力" and view["role_names"]["goods"] == "物資の叔母"
    assert view["pieces"]["terrains"][0] == "lava"  # ids stay ids: the page shows 溶岩
    assert view["pieces"]["rewards"]["overlap"] == "次のラウンド、置いてあるドミノの上に重ねて置いてよい。"
    refused = client.post("/api/move", json={"move": {"type": "Market", "dominoes": ["lava/dragon/EW|lava//W"]}},
                          headers={**token, **JA_BROWSER})
    assert refused.status_code == 409 and refused.get_json() == {"error": "'dragon'というアイコンはありません"}
    english = client.post("/api/move", json={"move": {"type": "Market", "dominoes": ["lava/dragon/EW|lava//W"]}},
                          headers=token)
    assert english.get_json() == {"error": "unknown icon 'dragon'"}
    assert companion.snapshot.view(TABLE)["market"] == []  # nothing changed
