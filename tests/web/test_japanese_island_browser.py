"""Paradox Island at a Japanese table on real phones (390x844): the OP and two captives set up
and play by tapping (the island, the OP's pieces on the map, the starting fruits, a captive's
move onto an oracle and its question, the OP's turn on the map), and no page they or the host
hold ever shows an English sentence; what the OP reads aloud is Japanese."""
import re

import pytest

from companion.games import MASTER
from companion.games.island import board as geo
from patience import WAIT_SECONDS

playwright = pytest.importorskip("playwright.sync_api")
from browsing import seat_links, wait_until  # noqa: E402
from test_island_browser import pick_first, sent, tap_lit, tap_part  # noqa: E402
from test_japanese_browser import english_on, japanese_phone, make_the_table_japanese  # noqa: E402

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


class Table:
    """The host's page and the three phones, each checked for English after every tap."""

    def __init__(self, companion, pages):
        self.companion, self.pages = companion, pages

    @property
    def master(self):
        return self.companion.snapshot.view(MASTER)

    def act(self, name, click):
        """Tap on one phone; wait until the companion took it and every phone whose view changed
        drew it (a view that did not change is not sent again)."""
        before = self.companion.snapshot.version
        phones = [other for other in self.pages if other != "host"]
        views = {other: sent(self.companion, other) for other in phones}
        click(self.pages[name])
        page = self.pages[name]
        wait_until(page, lambda: self.companion.snapshot.version > before)
        version = str(self.companion.snapshot.version)
        for other in phones:
            if sent(self.companion, other) != views[other]:
                p = self.pages[other]
                wait_until(p, lambda p=p: p.evaluate("document.body.dataset.version") == version)
        # the new view can come before the move's own answer, and the phone takes no tap till then
        wait_until(page, lambda: page.evaluate("!document.body.hasAttribute('aria-busy')"))
        self.no_english()

    def no_english(self):
        for name, page in self.pages.items():
            assert english_on(page) == [], (name, english_on(page))


def to_the_oracle(m: dict, piece: str) -> tuple[str, str]:
    """(a free space next to an oracle, the direction from it onto the oracle) for `piece`."""
    spaces = {s["space"]: s for s in m["island"]["spaces"]}
    taken = {p["space"] for p in m["captive_pieces"] if p["piece"] != piece} | \
        {m["op_pieces"]["Rock"], m["op_pieces"]["Bush"]}
    for oracle in (s for s, x in spaces.items() if x["kind"] == "oracle"):
        for d, beside in geo.neighbours(oracle).items():
            if beside in spaces and beside not in taken and spaces[beside]["kind"] in ("fruit", "camp"):
                return beside, geo.opposite(d)
    raise AssertionError("no free space beside an oracle")


def test_paradox_island_reads_in_japanese_on_every_phone(device, browser, shots):
    expect = playwright.expect
    companion = device.companion
    folder = shots
    errors = []
    host = japanese_phone(browser)
    host.on("pageerror", lambda e: errors.append(str(e)))
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("接続済み")
    make_the_table_japanese(host, companion)
    companion.new_game("island", {"players": 3, "characters": ["phil", "hempel"]}, seed=3,
                       replace=True).result(WAIT_SECONDS)
    links = seat_links(host, 3)
    pages = {"host": host}
    for name, who in (("master", "全能のパラドックス"), ("seat-1", "フィル"), ("seat-2", "ヘンペル")):
        page = japanese_phone(browser)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(links[name])
        expect(page.locator("#who")).to_have_text(who)
        page.click("#host-opened-seen")
        pages[name] = page
    t = Table(companion, pages)
    op, phil, hempel = pages["master"], pages["seat-1"], pages["seat-2"]
    t.no_english()

    # the OP lays a random island and sets the Wave, the Rock and the Bush down on the map
    expect(op.locator("#island-random")).to_have_text("ランダムな島")
    op.locator('[data-tile]').first.click()  # a tile chosen: how it lies, in Japanese
    expect(op.locator("#island-lay-words")).to_contain_text("をタップ")
    op.screenshot(path=str(folder / "island-ja-op-build.png"), full_page=True)
    t.act("master", lambda p: p.click("#island-random"))
    expect(op.locator("#island-aloud")).to_contain_text("ついたての後ろで島ができました。")
    place = next(x for x in t.master["legal"] if x["type"] == "PlaceOpPieces" and x["wave"] == "south-east")
    expect(op.locator("#island-place")).to_have_text("コマを置く")
    tap_part(op, "south-east")
    op.locator(f'.op-map [data-space="{place["rock"]}"]').first.click()
    op.locator(f'.op-map [data-space="{place["bush"]}"]').first.click()
    op.screenshot(path=str(folder / "island-ja-op-pieces.png"))
    t.act("master", lambda p: p.click("#island-place"))
    expect(op.locator("#island-aloud")).to_contain_text("茂みは")

    # the starting fruits: Hempel's goes under the bonus he picks
    expect(phil.locator("#island-wait")).to_contain_text("を待っています")
    t.act("seat-2", lambda p: (p.click('.palm-choice button[data-bonus="restore_energy"]'),
                               pick_first(p, ".fruit-choice button")))
    expect(phil.locator("#mine h2").first).to_have_text("フィルの開始フルーツを選ぶ")
    phil.screenshot(path=str(folder / "island-ja-captive-fruit.png"), full_page=True)
    t.act("seat-1", lambda p: pick_first(p, ".fruit-choice button"))
    expect(op.locator("#island-aloud")).to_contain_text("フィルから始めます。")
    op.screenshot(path=str(folder / "island-ja-op-say-aloud.png"))

    # the OP sets Phil beside an oracle by hand; Phil steps onto it safely and asks it
    beside, onto = to_the_oracle(t.master, "Phil")
    op.locator('[data-fold="fix"] summary').click()
    op.select_option("#island-fix-piece", "Phil")
    op.select_option("#island-fix-space", beside)
    t.act("master", lambda p: p.click("#island-fix-apply"))
    expect(op.locator("#island-aloud")).to_contain_text("フィルのコマを動かしました。")
    phil.click(f'.pad button[data-dir="{onto}"]')
    phil.click('[data-toggle="safe"]')
    expect(phil.locator("#island-declare")).to_contain_text("へ安全に移動します")
    phil.screenshot(path=str(folder / "island-ja-captive-move.png"))
    op.screenshot(path=str(folder / "island-ja-op-fix.png"), full_page=True)
    t.act("seat-1", lambda p: p.click("#island-declare"))
    expect(phil.locator(".decision-prompt")).to_have_text("オラクルを発動しますか?")
    t.act("seat-1", lambda p: p.click('.decision button[data-option="activate"]'))
    expect(phil.locator(".decision-prompt")).to_have_text("方向を2つまで選んでください。")
    phil.click('.oracle button[data-dir="NW"]')
    phil.click('.oracle button[data-dir="E"]')
    expect(phil.locator("#island-oracle-ask")).to_have_text("北西と東について聞く")
    phil.evaluate("window.scrollTo(0, 0)")
    phil.screenshot(path=str(folder / "island-ja-captive-oracle.png"))
    t.act("seat-1", lambda p: p.click("#island-oracle-ask"))
    expect(op.locator("#island-aloud")).to_contain_text("北西には")
    t.act("seat-1", lambda p: p.click("#island-end-turn"))
    t.act("seat-2", lambda p: p.click("#island-end-turn"))

    # the OP's turn: a power token kept, the Wave and the Bush moved by tapping the map
    expect(op.locator(".decision-prompt")).to_contain_text("パワートークンを1枚残してください")
    t.act("master", lambda p: pick_first(p, ".decision button[data-option]"))
    expect(op.locator("#island-op .op-turn")).to_contain_text("残りアクション3回")
    op.evaluate("window.scrollTo(0, 0)")
    op.screenshot(path=str(folder / "island-ja-op-turn.png"))
    for which in ("Wave", "Bush"):
        if any(r["piece"] == which for r in t.master["reach"]):
            t.act("master", lambda p, which=which: tap_lit(p, which))
    op.locator('[data-fold="log"] summary').click()
    op.screenshot(path=str(folder / "island-ja-op-after-moves.png"), full_page=True)
    t.act("master", lambda p: p.click("#island-end-turn"))
    m = t.master
    assert m["round"] == 2 and m["turn"] == 1
    # everything the OP read aloud, on the OP's own phone, is Japanese
    op.locator('[data-fold="said"] summary').click()
    said = op.locator(".island-said li").all_inner_texts()
    assert len(said) > 10 and all(JAPANESE.search(line) for line in said), said
    hempel.screenshot(path=str(folder / "island-ja-captive-board.png"), full_page=True)
    host.screenshot(path=str(folder / "island-ja-host.png"), full_page=True)
    t.no_english()
    assert not errors, errors


def words_outside_their_hex(page, selector: str) -> list[str]:
    """The words on the map `selector` whose box, a unit wider on either side (the border's half
    and a hair), is not inside their hex."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector + ' .hex')].flatMap((g) => {
        const hex = g.querySelector('polygon');
        return [...g.querySelectorAll('text.space-text')].filter((t) => {
          const b = t.getBBox();
          return ![[b.x - 1, b.y], [b.x + b.width + 1, b.y], [b.x - 1, b.y + b.height],
                   [b.x + b.width + 1, b.y + b.height]].every(([x, y]) => hex.isPointInFill(new DOMPoint(x, y)));
        }).map((t) => g.dataset.space + ' ' + t.textContent);
      })""", selector)


def test_the_op_s_map_keeps_each_japanese_word_inside_its_space(device, browser):
    """The OP's map in Japanese: a space's word (ポータル2, 結び目3, キャンプA, サクランボ) is
    narrowed to lie inside its hex, clear of the hex's border, not across its neighbours'; a
    captive's note in Japanese shows its first few kana on their map, readable, inside its hex."""
    companion = device.companion
    companion.set_language("ja").result(WAIT_SECONDS)
    companion.new_game("island", {"players": 3}, seed=3, replace=True).result(WAIT_SECONDS)
    host = japanese_phone(browser)
    host.goto(device.urls["local"])
    links = seat_links(host, 3)
    op, captive = japanese_phone(browser), japanese_phone(browser)
    op.goto(links["master"])
    op.click("#host-opened-seen")
    captive.goto(links["seat-1"])
    captive.click("#host-opened-seen")
    t = Table(companion, {"master": op, "seat-1": captive})
    t.act("master", lambda p: p.click("#island-random"))
    playwright.expect(op.locator(".op-map text.space-text").first).to_be_attached()
    words = op.locator(".op-map text.space-text").evaluate_all("ts => ts.map((t) => t.textContent)")
    assert any(len(w) >= 4 for w in words), words  # the long words are there to be checked
    assert words_outside_their_hex(op, ".op-map") == []
    captive.locator('.notes [data-space="D4"]').click()
    captive.fill("#island-note", "リンゴがあるかも")
    t.act("seat-1", lambda p: p.click("#island-note-save"))
    playwright.expect(captive.locator('.notes [data-space="D4"] text.space-text')).to_have_text("リンゴが")
    assert words_outside_their_hex(captive, ".notes") == []
