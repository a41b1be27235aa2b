"""Paradox Initiative in simulation, at phone size: a whole round played on the virtual table from
the host page (the deal in three taps, the swaps), read by the real vision pipeline, while the
chief's swap with the anomaly is entered by tapping the phone. The companion says once that the
table is behind the phone, A takes the phone as right, the discs are moved to match, and the
round goes on to the next with nothing more said."""
import dataclasses
import re

import pytest

from companion import config as config_mod
from companion.games import TABLE
from companion.games.base import to_dict
from companion.games import initiative as rules
from companion.games.initiative import discs
from companion.games.initiative import matrix
from companion.run import start
from patience import WAIT_SECONDS

playwright = pytest.importorskip("playwright.sync_api")
from browsing import post_move, wait_until  # noqa: E402
NAMES = ["Ana", "Ben"]


@pytest.fixture(scope="module")
def device(tmp_path_factory, lessons):
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=lessons.give(tmp_path_factory.mktemp("state")))
    dev = start(cfg, simulate=True, port=0, host="127.0.0.1")
    yield dev
    dev.stop()


def _quiet_swap(state, seat, anomaly):
    """A swap the rules accept from the seat that forms no strand (no refill to lay): with the
    anomaly, or of two matrix particles. Two different particles: the rules also let a player
    swap two alike (an action spent), but on the table that changes nothing a camera, or anyone
    looking, could see."""
    rules_state = state
    for m in rules.legal_moves(state):
        if type(m).__name__ != "Swap" or m.seat != seat or isinstance(m.a, str):
            continue
        if isinstance(m.b, str) != anomaly:
            continue
        grid = [list(row) for row in rules_state.boards[seat].matrix]
        cells = [tuple(m.a)] + ([] if anomaly else [tuple(m.b)])
        other = rules_state.anomaly[int(m.b.split(":")[1])] if anomaly else grid[m.b[0]][m.b[1]]
        if other == grid[m.a[0]][m.a[1]]:
            continue
        if not anomaly:
            grid[m.b[0]][m.b[1]] = grid[m.a[0]][m.a[1]]
        grid[m.a[0]][m.a[1]] = other
        if not matrix.strands_through(grid, cells):
            return m
    raise AssertionError("no swap without a strand")


def test_an_initiative_round_in_simulation_with_an_anomaly_swap_entered_by_phone(device, phone, shots):
    expect = playwright.expect
    c = device.companion
    game_id = c.new_game("initiative", {"players": 2, "names": NAMES}, seed=4).result(WAIT_SECONDS)
    tokens = device.store.tokens(game_id)
    base = device.urls["local"].split("/?")[0].rstrip("/")
    view = lambda: c.snapshot.view(TABLE)  # noqa: E731
    host = phone()
    host.goto(device.urls["local"])
    expect(host.locator("#status")).to_have_text("live")
    expect(host.locator("#pi-sim-deal")).to_be_visible()
    host.get_by_text("Clear the mat").click()
    expect(host.locator("#sim-error")).to_have_text("")
    # the camera is taught the discs first (the first game only): then the mat is watched
    wait_until(host, lambda: device.camera.tracker is not None and device.camera.tracker.stable == [], 300)
    pages = {}
    for seat in (0, 1):
        pages[seat] = phone()
        pages[seat].goto(f"{base}/seat#{tokens[f'seat-{seat}']}")
        expect(pages[seat].locator("#who")).to_have_text(NAMES[seat])
    said = []  # every question the companion put, in order
    watch = lambda: said.append(c.snapshot.prompt.title) if c.snapshot.prompt and (  # noqa: E731
        not said or said[-1] != c.snapshot.prompt.title) else None

    def until(predicate, what):
        def check():
            watch()
            return predicate()
        try:
            wait_until(host, check, 120)
        except AssertionError:
            tracker = device.camera.tracker
            raise AssertionError(f"{what}: {c.snapshot.message}; asked {said}; the camera read "
                                 f"{device.camera.frames} frames, holding steady "
                                 f"{sorted((t.cell, t.label) for t in tracker.stable) if tracker else None}") from None

    def table_as_game():
        """The camera holds the table steady as the game has it (every disc where the game puts
        it), and the companion has judged that reading."""
        s = c.snapshot.state
        want = {(discs.ANOMALY, 0, i): discs.label(p) for i, p in enumerate(s.anomaly)}
        for seat in range(s.players):
            for r, row in enumerate(s.boards[seat].matrix):
                want.update({(discs.matrix_area(seat), r, col): discs.label(p) for col, p in enumerate(row) if p})
        seen = {t.cell: t.label for t in device.camera.tracker.stable}
        if seen != want:
            return False
        # that reading is handed to the companion after the frame that made it: two frames on,
        # it has been; then whatever the companion does with it is done once its worker is free
        frames = device.camera.frames
        wait_until(host, lambda: device.camera.frames >= frames + 2, 30)
        c.call(lambda: None)
        watch()
        return True

    # The deal: the anomaly, then each whole matrix, one tap each on the host page.
    host.click("#pi-sim-deal")
    expect(host.locator("#sim-error")).to_have_text("")
    expect(host.locator("#pi-sim-said")).to_contain_text("Laid ")  # what the virtual table did, said
    until(lambda: len(view()["anomaly"]) == 3, "the anomaly dealt")
    for _ in range(2):
        host.click("#pi-sim-deal")
        seat = view()["awaiting"]["seat"]
        until(lambda: all("--" not in r for r in view()["players"][seat]["rows"]), "a matrix dealt")
    assert c.snapshot.prompt is None, c.snapshot.prompt
    host.screenshot(path=str(shots / "initiative-sim-dealt.png"), full_page=True)

    # The modules kept and the wormhole are the phones' (sent as each phone sends them).
    def post(seat, move):
        post_move(base, tokens[f"seat-{seat}"], move)
    while view()["phase"] != "matrix":
        legal = rules.legal_moves(c.snapshot.state)
        move = next((m for m in legal if type(m).__name__ in ("Switch", "Keep", "Build")), legal[0])
        post(move.seat, {k: v for k, v in to_dict(move).items() if k != "seat"})

    def choose(select, value):
        """The option of a choice on the host page whose value is this: Playwright's choice by
        value also takes an option shown with those words, and the host page shows cell 0 as
        "1", cell 1 as "2"."""
        index = host.locator(f"{select} option").evaluate_all("(os, v) => os.findIndex((o) => o.value === v)", value)
        assert index >= 0, (select, value)
        host.select_option(select, index=index)
        expect(host.locator(select)).to_have_value(value)

    def sim_swap(move):
        choose("#pi-sim-seat", str(move.seat))
        choose("#pi-sim-a-row", str(move.a[0]))
        choose("#pi-sim-a-col", str(move.a[1]))
        if isinstance(move.b, str):
            choose("#pi-sim-b-row", move.b)
        else:
            choose("#pi-sim-b-row", str(move.b[0]))
            choose("#pi-sim-b-col", str(move.b[1]))
        with host.expect_response(lambda r: r.url.endswith("/api/host/table")) as answer:
            host.click("#pi-sim-swap")
        assert answer.value.ok, answer.value.text()
        expect(host.locator("#sim-error")).to_have_text("")

    chief = view()["turn"]
    other = 1 - chief
    # The chief's first action on the table.
    sim_swap(_quiet_swap(c.snapshot.state, chief, anomaly=False))
    until(lambda: view()["actions"] == 1, "the first swap read")
    # The second, with the anomaly, tapped on the chief's phone: the table does not show it.
    swap = _quiet_swap(c.snapshot.state, chief, anomaly=True)
    page = pages[chief]
    # the chief taps once their phone shows the swap read (one action left), then the particle
    # it marks as one that can change places with the first
    expect(page.locator("#mine")).to_contain_text("1 matrix action left")
    page.locator(f'.pi-matrix.mine [data-cell="{swap.a[0]},{swap.a[1]}"]').click()
    expect(page.locator(f'[data-cell="{swap.b}"]')).to_have_class(re.compile(r"\bpartner\b"))
    page.locator(f'[data-cell="{swap.b}"]').click()
    until(lambda: c.snapshot.prompt is not None, "the question")
    prompt = c.snapshot.prompt
    assert prompt.title == "Table or phone?"
    assert f"{NAMES[chief]}'s matrix and the anomaly" in prompt.text
    where = f"swap row {swap.a[0] + 1} column {swap.a[1] + 1} and anomaly {int(swap.b[-1]) + 1}"
    assert where in prompt.text
    expect(host.locator("#prompt")).to_contain_text("Table or phone?")
    for p in pages.values():
        expect(p.locator("#said")).to_contain_text(f"{NAMES[chief]}'s matrix and the anomaly")
        # the question on the companion's screen is first on each phone, above its own moves
        expect(p.locator("#asked")).to_contain_text("On the companion: Table or phone?")
        expect(p.locator("#asked")).to_be_in_viewport()
    host.screenshot(path=str(shots / "initiative-sim-table-or-phone.png"), full_page=True)
    pages[other].screenshot(path=str(shots / "initiative-sim-table-or-phone-seat.png"), full_page=True)

    host.click('[data-press="confirm"]')  # A: the phone is right
    until(lambda: c.snapshot.prompt is None and c.snapshot.message.startswith("Make the table match"),
          "the phone taken as right")
    for p in pages.values():
        expect(p.locator("#said")).to_contain_text("Make the table match: " + where)
        expect(p.locator("#asked")).to_be_hidden()
    sim_swap(swap)  # the discs moved to match
    until(table_as_game, "the discs moved to match read")
    assert c.snapshot.prompt is None
    expect(page.locator("#pi-end-turn")).to_be_visible()
    page.click("#pi-end-turn")
    until(lambda: view()["turn"] == other, "the chief's turn ended")

    # The other player's two swaps on the table; nobody is blamed for the anomaly.
    for left in (1, 0):
        sim_swap(_quiet_swap(c.snapshot.state, other, anomaly=False))
        until(lambda: view()["actions"] == left, "the other's swap read")
        assert c.snapshot.prompt is None, c.snapshot.prompt
    pages[other].click("#pi-end-turn")
    until(lambda: view()["round"] == 2, "the next round")
    until(table_as_game, "the table as the game has it")
    assert said == ["Table or phone?"], said  # said once, and nothing else asked all round
    for p in [host, *pages.values()]:
        text = p.inner_text("body")
        assert "Not one swap" not in text and "no matrix action left" not in text
    host.screenshot(path=str(shots / "initiative-sim-round-2.png"), full_page=True)
    pages[chief].screenshot(path=str(shots / "initiative-sim-round-2-seat.png"), full_page=True)


def test_virtual_table_taps_are_made_in_the_order_tapped_however_slow_an_answer(device, phone):
    """"Clear the mat" tapped, then "Deal" before the clear's answer came back (a busy companion):
    the deal is laid after the clear, not wiped by a clear that overtook it."""
    expect = playwright.expect
    c = device.companion
    c.new_game("initiative", {"players": 2, "names": NAMES}, seed=4, replace=True).result(WAIT_SECONDS)
    host = phone()
    host.goto(device.urls["local"])
    expect(host.locator("#pi-sim-deal")).to_be_visible()
    wait_until(host, lambda: device.camera.tracker is not None, 300)
    held = []

    def slow_clear(route):
        """The clear is held back; a request sent meanwhile goes, and is answered, first."""
        if (route.request.post_data_json or {}).get("action") == "clear" and not held:
            held.append(route)
            return
        route.fulfill(response=route.fetch())
        while held:
            held.pop().continue_()
    host.route("**/api/host/table", slow_clear)
    host.get_by_text("Clear the mat").click()
    host.locator("#pi-sim-deal").click()
    host.wait_for_timeout(1000)  # time enough for the page to send the deal, if it would at once
    while held:
        held.pop().continue_()
    said = host.locator("#pi-sim-said")
    expect(said).to_contain_text("Laid ")
    host.wait_for_timeout(1000)  # and nothing comes after it
    expect(said).to_contain_text("Laid ")
    table = device.virtual_table
    assert sorted(cell for cell in table.verbs.discs) == [(discs.ANOMALY, 0, i) for i in range(3)]
