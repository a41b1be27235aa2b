"""Teaching the camera from the host page, at phone size, in simulation: Paradox Initiative's discs
laid on the virtual table shot by shot (each shot taken by the page itself once the discs lie
still), learnt, read back in the check, and then a game whose deal the camera reads with that
profile (the companion never taught the virtual table itself)."""
import dataclasses
import json
import re
import urllib.request

import pytest

from companion import config as config_mod
from companion.games import TABLE
from companion.run import start
from companion.teaching import plan
from patience import WAIT_SECONDS

playwright = pytest.importorskip("playwright.sync_api")
from browsing import scroll_to, wait_until  # noqa: E402

WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}  # a road's side, as the page says it

GAME, SEATS = "initiative", 4


@pytest.fixture(scope="module")
def state(tmp_path_factory):
    return tmp_path_factory.mktemp("state")


@pytest.fixture(scope="module")
def device(state):
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=state)
    dev = start(cfg, simulate=True, port=0, host="127.0.0.1")
    # a table whose host chose English: a Japanese host page opened here leaves it so
    dev.companion.set_language("en").result(WAIT_SECONDS)
    yield dev
    dev.stop()



def read_the_mat(host):
    """Tap "Read the mat" and wait for its answer. A tap while a reading is on its way drops that
    reading (the page shows the latest tap's), so taps on a timer shorter than a reading, as on a
    busy machine, would never show one."""
    with host.expect_response(lambda r: r.url.split("?")[0].endswith("/check")) as answer:
        host.click("#teach-read-now")
    answer.value.finished()


def dynasty_walk_learnt(phone, device):
    """The host page with Domino Dynasty's walk for 2 seats opened, once its lesson is learnt."""
    host = phone()
    host.goto(device.urls["local"])
    host.click("#teach-details > summary")
    host.select_option("#teach-game", "dynasty")
    host.select_option("#teach-seats", "2")
    host.click("#teach-start")
    playwright.expect(host.locator("#teach-learnt")).to_have_text("Learnt: the camera knows these pieces now.")
    return host

def test_a_japanese_host_is_walked_through_in_japanese(device, browser):
    """The section, what to lay where and what the camera finds, on a phone that reads Japanese;
    stopped before the next test teaches Initiative."""
    expect = playwright.expect
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
    try:
        host = context.new_page()
        host.goto(device.urls["local"])
        expect(host.locator("#teach-details > summary")).to_have_text("カメラに教える")
        host.click("#teach-details > summary")
        host.select_option("#teach-game", "paradominetor")
        host.click("#teach-start")
        expect(host.locator("#teach-shot-title")).to_contain_text("ショット1/")
        expect(host.locator("#teach-places li").first).to_contain_text("上の段、左から1番目")
        expect(host.locator("#teach-found")).to_have_text("トリックエリアにまだ何もありません: 一覧のコマを置いてください")
        text = host.locator("#teach-section").inner_text()
        assert not re.findall(r"[A-Za-z]{2,}(?:[ ,'’]+[A-Za-z]{2,}){2,}", text), text  # no English sentence
        host.click("#teach-stop")
        expect(host.locator("#teach-error")).to_have_text("止めました: 撮影済みのショットは残ります。続けるにはもう一度始めてください。")
    finally:
        context.close()


def test_a_domino_half_is_corrected_on_the_page_by_its_terrain_icon_and_roads(device, state, phone, shots):
    """Domino Dynasty's check at phone size: its shots taken beforehand (the walk is kept in the
    state directory, so the page goes on with it), a domino read back, its half picked as read
    (terrain, icon, roads), a road ticked off and Correct tapped: learnt again."""
    import time

    from companion.teaching import Teacher
    expect = playwright.expect
    teacher = Teacher(state, device.camera, simulation=True)
    teacher.start("dynasty", 2)
    for shot in plan("dynasty", 2):
        teacher.lay("dynasty", shot.number)
        deadline = time.monotonic() + WAIT_SECONDS
        while not teacher.look("dynasty", shot.number)["taken"]:  # each look: the running loop's latest frame
            assert time.monotonic() < deadline, f"shot {shot.number} was never taken"
            time.sleep(0.2)
    teacher.learn("dynasty", wait=True)
    host = dynasty_walk_learnt(phone, device)
    host.click("#teach-read-now")
    # the last shot's dominoes still lie on seat 2's map: the first is picked as it was read
    row = host.locator(".teach-reading").first
    expect(row).to_contain_text("seat 2's map, square A1")
    terrain, icon = (row.locator("select").nth(i).input_value() for i in (0, 1))
    paths = "".join(s for s in "NESW" if row.locator(f"input[data-side={s}]").is_checked())
    said = row.locator(".teach-label").inner_text()
    assert terrain and icon and said.startswith(f"{terrain}, {icon}, ")
    # the four road boxes stay on one line at a phone's width
    tops = {s: row.locator(f"input[data-side={s}]").bounding_box()["y"] for s in "NESW"}
    assert max(tops.values()) - min(tops.values()) < 4, tops
    scroll_to(host, "#teach-read")
    host.screenshot(path=str(shots / "teach-check-domino.png"))
    row.locator("select").nth(1).select_option("")  # say it shows no icon, and a road to the north
    row.locator("input[data-side=N]").check()
    row.locator("button").click()
    paths = "".join(s for s in "NESW" if s in paths + "N")
    expect(host.locator("#teach-read")).to_contain_text(
        f"Learnt: that piece is {terrain}, no icon, roads {' '.join(WORDS[s] for s in paths)}.")
    expect(host.locator("#teach-learnt")).to_have_text("Learnt: the camera knows these pieces now.",
                                                       timeout=120_000)
    entries = json.loads((state / "teaching" / "dynasty" / "manifest.json").read_text())
    assert entries[-1]["label"] == f"{terrain}//{paths}" and entries[-1]["image"] == "check-1.jpg"
    assert (state / "teaching" / "dynasty" / "check-1.jpg").is_file()
    # in simulation the check lays pieces of its own on the virtual table: six dominoes of the
    # shots', mixed over their places, read back (twelve halves, and any square asked about) once
    # the camera shows them
    host.click("#teach-lay-check")
    wait_until(host, lambda: read_the_mat(host) or host.locator("#teach-read .teach-reading").count() >= 12, 120)
    host.click("#teach-stop")  # the camera is let go for the next test


def test_a_dynasty_check_names_icons_in_words_starts_asked_squares_as_leaned_and_takes_a_correction_back(
        device, state, phone, browser, shots):
    """Domino Dynasty, taught by the test before: the icons' shot shown again, its snapshot under
    the map's own name and every icon named in words ("area spell"); then the terrains' shot laid,
    the desert domino corrected wrongly as a knife: read again, it is asked about and its pickers
    start as the reader leaned (desert, no icon, a road each way), not at the first terrain; that
    correction taken back from the list on the page: learnt again without it, read as it is. In
    Japanese the same check and list read in Japanese."""
    from companion.teaching import Teacher
    expect = playwright.expect
    teacher = Teacher(state, device.camera, simulation=True)
    host = dynasty_walk_learnt(phone, device)
    host.locator(".teach-shotrow button").nth(1).click()  # the icons' shot, on seat 1's map
    expect(host.locator("#teach-shot-title")).to_have_text("Shot 2 of 3: lay these in seat 1's map")
    places = host.locator("#teach-places").inner_text()
    for icon in ("area spell", "people pleaser", "all-in"):
        assert f"the {icon} icon" in places
    assert not re.search(r"\w_\w|allin", places), places
    loaded = "(() => { const i = document.getElementById('teach-snapshot'); return i.naturalWidth; })()"
    wait_until(host, lambda: host.evaluate(loaded) > 0, 30)
    scroll_to(host, "#teach-snapshot")
    host.screenshot(path=str(shots / "teach-dynasty-snapshot.png"))
    scroll_to(host, "#teach-place-11")
    host.screenshot(path=str(shots / "teach-dynasty-icons.png"))

    teacher.lay("dynasty", 1)  # the terrains' dominoes on the shared map
    reading = host.locator("#teach-read .teach-reading", has_text="the shared map, square D1")

    def read_again():  # until the camera's latest frame shows them
        read_the_mat(host)
        return reading.count() > 0
    wait_until(host, read_again, 60)
    expect(reading).to_contain_text("desert, no icon, roads north east south west")
    reading.locator("select").nth(1).select_option("knife")
    for side in "NESW":
        reading.locator(f"input[data-side={side}]").uncheck()
    reading.locator("button").click()
    expect(host.locator("#teach-read")).to_contain_text("Learnt: that piece is desert, knife, no roads.")
    expect(host.locator("#teach-learnt")).to_have_text("Learnt: the camera knows these pieces now.",
                                                       timeout=120_000)
    wrong = host.locator("#teach-taught-list .teach-reading", has_text="desert, knife, no roads")
    expect(wrong).to_contain_text("in the shared map, square D1")
    host.click("#teach-read-now")
    asked = host.locator("#teach-read .teach-reading", has_text="the shared map, square D1")
    expect(asked.locator(".teach-label")).to_have_text("asked: the camera is not sure")
    assert [asked.locator("select").nth(i).input_value() for i in (0, 1)] == ["desert", ""]
    assert all(asked.locator(f"input[data-side={side}]").is_checked() for side in "NESW")
    scroll_to(host, "#" + asked.locator("select").first.get_attribute("id"))
    host.screenshot(path=str(shots / "teach-check-asked.png"))

    before = host.locator("#teach-taught-list .teach-reading").count()
    wrong.locator("button").click()
    expect(host.locator("#teach-read")).to_contain_text("Taken back: the correction to desert, knife, no roads is forgotten")
    expect(host.locator("#teach-learnt")).to_have_text("Learnt: the camera knows these pieces now.",
                                                       timeout=120_000)
    expect(host.locator("#teach-taught-list .teach-reading")).to_have_count(before - 1)
    assert not any("desert/knife/" in json.dumps(e) for e in
                   json.loads((state / "teaching" / "dynasty" / "manifest.json").read_text()))
    host.click("#teach-read-now")
    expect(host.locator("#teach-read .teach-reading", has_text="the shared map, square D1")).to_contain_text(
        "desert, no icon, roads north east south west")
    scroll_to(host, "#teach-taught")
    host.screenshot(path=str(shots / "teach-check-taken-back.png"))

    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
    try:
        ja = context.new_page()
        ja.goto(device.urls["local"])
        ja.click("#teach-details > summary")
        ja.select_option("#teach-game", "dynasty")
        ja.select_option("#teach-seats", "2")
        ja.click("#teach-start")
        ja.click("#teach-read-now")
        expect(ja.locator("#teach-read .teach-reading").first).to_contain_text("共有マップ、マス")
        text = ja.locator("#teach-check").inner_text()
        assert "取り消す" in text and not re.findall(r"[A-Za-z]{2,}(?:[ ,'’]+[A-Za-z]{2,}){2,}", text), text
        assert ja.locator("#teach-read .teach-sides").first.inner_text().replace(" ", "") == "道:北東南西"
        scroll_to(ja, "#teach-taught")
        ja.screenshot(path=str(shots / "teach-check-ja.png"))
        scroll_to(ja, "#" + ja.locator("#teach-read select").first.get_attribute("id"))
        ja.screenshot(path=str(shots / "teach-check-read-ja.png"))
        ja.click("#teach-stop")
    finally:
        context.close()
    host.click("#teach-stop")  # the camera is let go for the next test


def test_initiative_taught_from_the_host_page_then_a_deal_read_with_it(device, state, phone, shots):
    expect = playwright.expect
    host = phone()
    host.goto(device.urls["local"])
    expect(host.locator("#teach-section")).to_be_visible()
    assert host.locator("script[src='/static/teach.js']").count() == 0  # fetched only when opened
    host.click("#teach-details > summary")
    host.select_option("#teach-game", GAME)
    host.select_option("#teach-seats", str(SEATS))
    # the mat to print is the game's, as a PDF
    href = host.locator("#teach-mat").get_attribute("href")
    assert f"/api/teach/{GAME}/mat.pdf?seats={SEATS}" in href
    base = device.urls["local"].split("/?")[0].rstrip("/")
    with urllib.request.urlopen(base + href, timeout=60) as answer:
        assert answer.headers["Content-Type"] == "application/pdf" and answer.read(5) == b"%PDF-"
    expect(host.locator("#teach-scale")).to_contain_text("100 mm")
    # the sheet it prints on, and how to print one larger than a home printer takes
    expect(host.locator("#teach-paper")).to_have_text(re.compile(r"^The mat is A\d \(\d+ x \d+ mm\): print it at a "
                                                                  r"copy shop, or on several smaller sheets"))

    host.click("#teach-start")
    walk = plan(GAME, SEATS)
    pieces = sum(len(s.places) for s in walk)
    expect(host.locator("#teach-shot-title")).to_have_text(
        f"Shot 1 of {len(walk)}: lay these in {walk[0].area_words}")
    expect(host.locator("#teach-places li").first).to_contain_text(walk[0].places[0].piece)
    expect(host.locator("#teach-found")).to_have_text(f"nothing in {walk[0].area_words} yet: lay the pieces listed")
    # what the camera sees there: the matrix, straightened, wider than tall as on the mat
    loaded = "(() => { const i = document.getElementById('teach-snapshot'); return [i.naturalWidth, i.naturalHeight]; })()"
    wait_until(host, lambda: host.evaluate(loaded)[0] > 0, 30)
    scroll_to(host, "#teach-snapshot")  # the page swaps in each refreshed snapshot whole
    host.screenshot(path=str(shots / "teach-walk-empty.png"), full_page=True)
    done = 0
    for shot in walk:
        host.click("#teach-lay")
        done += len(shot.places)
        expect(host.locator("#teach-progress")).to_contain_text(f"{done} of {pieces} pieces", timeout=60_000)
        if shot.number == 1:
            host.screenshot(path=str(shots / "teach-walk-shot.png"), full_page=True)
            # any shot can be taken again: shot 1's discs still lie there, unchanged since it was
            # taken, so the page waits for new pieces or the host's tap, and the tap retakes it
            kept = state / "teaching" / GAME / "shot-1.jpg"
            first = kept.stat().st_mtime_ns
            host.locator(".teach-shotrow button").first.click()
            expect(host.locator("#teach-found")).to_have_text("This shot is taken. To take it again, tap Take this shot again.")
            host.click("#teach-redo")
            expect(host.locator("#teach-found")).to_contain_text("Nothing has changed since the last shot", timeout=30_000)
            assert kept.stat().st_mtime_ns == first
            host.click("#teach-take")
            wait_until(host, lambda: kept.stat().st_mtime_ns != first, 60)
            expect(host.locator("#teach-progress")).to_contain_text(f"{done} of {pieces} pieces", timeout=60_000)
            expect(host.locator("#teach-shot-title")).to_contain_text("Shot 2 of")
    expect(host.locator("#teach-learnt")).to_have_text("Learnt: the camera knows these pieces now.",
                                                       timeout=120_000)
    # the last shot redone: until it is taken again the page says so, not that all is learnt
    host.locator(".teach-shotrow button").last.click()
    host.click("#teach-redo")
    expect(host.locator("#teach-learnt")).to_have_text(
        "A shot is to be taken again: until it is, the camera reads with what it learnt before.")
    host.click("#teach-take")
    expect(host.locator("#teach-learnt")).to_have_text("Learnt: the camera knows these pieces now.",
                                                       timeout=120_000)
    # the check: the last shot's discs still lie on the mat, and are read back as laid
    host.click("#teach-read-now")
    expect(host.locator(".teach-reading")).to_have_count(len(walk[-1].places))
    read = sorted(host.locator(".teach-reading .teach-label").all_inner_texts())
    # said in the owner's words, as the walk names them ("red-1" is "the red 1 disc")
    assert read == sorted("the lock token" if p.label == "lock" else "the {} {} disc".format(*p.label.split("-"))
                          for p in walk[-1].places)
    assert host.locator(".teach-reading select option").first.inner_text().endswith(" disc")
    # at phone size each picker shows the whole of what it says (room for its arrow too)
    for text, inner in host.locator(".teach-reading select").evaluate_all(
            "ss => ss.map(s => { const c = document.createElement('canvas').getContext('2d'); c.font = "
            "getComputedStyle(s).font; const st = getComputedStyle(s); return [c.measureText(s.selectedOptions[0].text).width, "
            "s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight)]; })"):
        assert text + 16 <= inner, (text, inner)
    scroll_to(host, "#teach-read")
    host.screenshot(path=str(shots / "teach-check-read.png"))
    # a tap on Correct is learnt: the profile is learnt again with that piece's frame
    host.locator(".teach-reading button").first.click()
    expect(host.locator("#teach-read")).to_contain_text("Learnt: that piece is")
    expect(host.locator("#teach-learnt")).to_have_text("Learnt: the camera knows these pieces now.",
                                                       timeout=120_000)
    host.screenshot(path=str(shots / "teach-check.png"), full_page=True)
    # after a reload the page opens on the game and mat last taught, not the first in the list
    host.reload()
    host.click("#teach-details > summary")
    expect(host.locator("#teach-game")).to_have_value(GAME)
    expect(host.locator("#teach-seats")).to_have_value(str(SEATS))
    assert (state / f"vision-profile-{GAME}.npz").is_file()
    assert (state / "teaching" / GAME / "check-1.jpg").is_file()

    # a game read with that profile: the anomaly's deal, laid on the virtual table, is read
    c = device.companion
    c.new_game(GAME, {"players": 2, "names": ["Ana", "Ben"]}, seed=4).result(WAIT_SECONDS)
    host.reload()
    expect(host.locator("#pi-sim-deal")).to_be_visible()
    wait_until(host, lambda: device.camera.tracker is not None and device.camera.tracker.stable == [], 60)
    host.click("#pi-sim-deal")
    expect(host.locator("#sim-error")).to_have_text("")
    wait_until(host, lambda: len(c.snapshot.view(TABLE)["anomaly"]) == 3, 60)
    assert not (state / f"enrolment-{GAME}").exists()  # the companion did not teach itself


def test_a_camera_game_on_is_set_aside_when_the_host_says_so_to_teach_another(device, phone):
    """A camera game with moves holds the camera. Teaching another game's pieces asks the host
    first: "Keep playing" changes nothing; "End it and teach" sets the game aside, kept in the
    list to resume, and the walk opens with the camera free for it."""
    expect = playwright.expect
    c = device.companion
    if c.snapshot.session is None or not c.snapshot.session.moves:
        c.new_game(GAME, {"players": 2, "names": ["Ana", "Ben"]}, seed=4).result(WAIT_SECONDS)
        c.submit(c.snapshot.session.rules.legal_moves(c.snapshot.state)[0], "phone").result(WAIT_SECONDS)
    on = c.snapshot.session.id
    host = phone()
    host.goto(device.urls["local"])
    host.click("#teach-details > summary")
    host.select_option("#teach-game", "paradominetor")
    host.click("#teach-start")
    expect(host.locator("#teach-question")).to_have_text(
        re.compile(r"^End the Paradox Initiative game of Ana and Ben and teach the camera\?$"))
    host.click("#teach-keep")
    expect(host.locator("#teach-confirm")).to_be_hidden()
    assert c.snapshot.session.id == on and host.locator("#teach-walk").is_hidden()
    host.click("#teach-start")
    host.click("#teach-replace")
    expect(host.locator("#teach-shot-title")).to_contain_text("Shot 1 of")
    assert c.snapshot.session is None and device.camera.wanted() == ("paradominetor", "teaching")
    assert next(g for g in c.played() if g["id"] == on)["ended"]  # kept, to resume
    host.click("#teach-stop")
    c.resume(on).result(WAIT_SECONDS)
    assert c.snapshot.session.id == on
