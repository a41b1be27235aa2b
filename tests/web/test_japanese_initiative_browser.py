"""Paradox Initiative at a Japanese table on real phones (390x844): the host page and both seat
pages through the setup and a first matrix turn, played by tapping (a tech module kept, a card
drafted, switches turned on, a swap making a red strand of four, the refill told), with no
English sentence on them and nothing wider than the phone.

The deal is what the camera reads at a real table; here the companion is told it directly, as
tests/web/test_initiative_browser.py explains, so the taps go to the players' choices."""
import pytest
from patience import WAIT_SECONDS

playwright = pytest.importorskip("playwright.sync_api")
import browsing  # noqa: E402
from browsing import seat_link  # noqa: E402
from test_initiative_browser import ANOMALY, CHIEF, OTHER, secret_seed  # noqa: E402
from test_japanese_browser import english_on, japanese_phone, open_new_game_form  # noqa: E402

NAMES = ["さくら", "たろう"]


def wider_than_the_phone(page) -> list[str]:
    """What sticks out past the phone's right edge (a word that does not wrap, a clipped button)."""
    return page.evaluate("""() => [...document.querySelectorAll('body *')].filter((n) => {
        const r = n.getBoundingClientRect();
        return r.width > 0 && r.right > document.documentElement.clientWidth + 1
          && getComputedStyle(n).position !== 'fixed' && !n.closest('details:not([open])');
      }).map((n) => n.tagName + '.' + n.className + ': ' + (n.textContent || '').slice(0, 40))""")


def test_initiative_reads_in_japanese(device, browser, shots):
    expect = playwright.expect
    companion = device.companion
    companion.set_language("ja").result(WAIT_SECONDS)
    errors = []
    host = japanese_phone(browser, errors)
    host.goto(device.urls["local"])
    # the new-game form: Initiative's options, the solo one too, in Japanese
    open_new_game_form(host, "initiative")
    host.locator("#opt-players").select_option("1")
    expect(host.locator("#opt-challenging")).to_contain_text("はい: パイルの世界ごとに+1")
    expect(host.locator("#start-details")).to_contain_text("1人ならライバル研究所と対戦します。")
    host.locator("#start-details").screenshot(path=str(shots / "initiative-ja-form.png"))
    assert english_on(host) == []
    game_id = companion.new_game("initiative", {"players": 2, "names": NAMES}, seed=secret_seed(),
                                 replace=True).result(WAIT_SECONDS)
    expect(host.locator(f'#seats[data-game="{game_id}"] .seatcard')).to_have_count(2)
    chief = companion.snapshot.state.chief
    other = 1 - chief
    phones = {}
    for seat in (0, 1):
        phone = japanese_phone(browser)
        phone.on("pageerror", lambda e: errors.append(str(e)))
        phone.goto(seat_link(host, f"seat-{seat}"))
        expect(phone.locator("html")).to_have_attribute("lang", "ja")
        phones[seat] = phone
    # the chief's phone asks which particle came out of the bag, in Japanese
    expect(phones[chief].locator(".pi-ask h3")).to_have_text("アノマリーのために袋から出た粒子は?")
    expect(phones[chief].locator("[data-secret]")).to_contain_text("秘密の研究目標: ")

    def tell(seat, particle):
        companion.submit({"type": "Draw", "seat": seat, "particle": particle}, "test").result(WAIT_SECONDS)
    for p in ANOMALY:
        tell(chief, p)
    for seat, rows in ((chief, CHIEF), (other, OTHER)):
        for row in reversed(rows):
            for p in row.split():
                tell(seat, p)

    def tap(seat, selector):
        browsing.tap(phones[seat], selector, companion)

    for seat in (0, 1):  # each keeps a tech module, its use said in Japanese
        expect(phones[seat].locator(".pi-ask h3")).to_have_text("テックモジュールを1枚残す(もう1枚はデッキの下へ)")
        tap(seat, "[data-keep]")
    expect(phones[chief].locator(".pi-turn h3")).to_have_text("あなたのワームホールアクション")
    phones[chief].screenshot(path=str(shots / "initiative-ja-wormhole.png"), full_page=True)
    tap(chief, "[data-draft]")
    if companion.snapshot.state.queue:  # a card the companion does not know: as printed
        expect(phones[chief].locator("#pi-teach")).to_be_visible()
        if phones[chief].locator("#pi-teach").is_disabled():  # a nexus card: its cell first
            phones[chief].locator('.pi-matrix.mine [data-cell="0,0"]').click()
        phones[chief].screenshot(path=str(shots / "initiative-ja-teach.png"), full_page=True)
        tap(chief, "#pi-teach")
    tap(other, '[data-move="Switch"]')
    tap(other, '[data-move="Switch"]')
    tap(chief, '[data-move="Switch"]')
    phone = phones[chief]
    expect(phone.locator(".pi-turn h3")).to_have_text("あなたのマトリクスフェイズ: マトリクスアクション残り2回")

    # the swap by tapping: the black 2, then the red 2 under it: a red strand of four
    phone.locator('.pi-matrix.mine [data-cell="2,3"]').click()
    tap(chief, '.pi-matrix.mine [data-cell="3,3"]')
    expect(phone.locator(".pi-said")).to_contain_text("赤のストランド(4個): 粒子を1つ獲得。")
    expect(phone.locator(".pi-ask h3")).to_contain_text("自分のマトリクスの")
    phone.screenshot(path=str(shots / "initiative-ja-refill.png"), full_page=True)
    for _ in range(4):
        tap(chief, "[data-draw]")
    expect(phone.locator(".pi-turn h3")).to_have_text("あなたのマトリクスフェイズ: マトリクスアクション残り1回")
    # the matrix and the anomaly (アノマリー) beside it stay inside the turn's panel at phone size
    spill = phone.evaluate("""() => [...document.querySelectorAll(".pi-turn .pi-boards *")].map((e) => {
        const panel = e.closest(".pi-turn"), box = panel.getBoundingClientRect(), st = getComputedStyle(panel);
        return e.getBoundingClientRect().right - (box.right - parseFloat(st.borderRightWidth)); })
        .filter((over) => over > 0.5)""")
    assert phone.locator(".pi-turn .pi-anomaly").count() == 1 and spill == [], spill
    expect(host.locator("#game .pi-head h2")).to_have_text("ラウンド1 · マトリクスフェイズ")
    expect(phones[other].locator("#pi-msg + p")).to_contain_text("待機中: さくら" if chief == 0 else "待機中: たろう")
    for page, name in ((phone, "initiative-ja-chief.png"), (phones[other], "initiative-ja-other.png"),
                       (host, "initiative-ja-host.png")):
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(shots / name), full_page=True)
        assert english_on(page) == [], (page.url, english_on(page))
        assert wider_than_the_phone(page) == [], page.url
    assert errors == []
