"""What the page tests share besides the browser (a fixture in conftest.py)."""
import json
import time
import urllib.request

from patience import WAIT_SECONDS


def wait_until(page, predicate, seconds: float = WAIT_SECONDS):
    """Let the page work until `predicate()` holds; fail after `seconds`. It looks again every
    25 ms: a page tested waits here many times, and each wait outlasts the change by half that."""
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        page.wait_for_timeout(25)


def tap(page, selector: str, companion):
    """Tap the first element matching `selector` on a seat page and wait until the companion took
    the move, the page drew the new view and heard the answer: a seat page takes no second tap
    while its move is on its way (aria-busy), and the new view can come before that answer."""
    before = companion.snapshot.version
    page.locator(selector).first.click()
    wait_until(page, lambda: companion.snapshot.version > before)
    version = companion.snapshot.version
    # read without page-side eval of our own script: the page's script runs under the CSP
    wait_until(page, lambda: int(page.evaluate("document.body.dataset.version || 0")) >= version)
    wait_until(page, lambda: page.evaluate("!document.body.hasAttribute('aria-busy')"))


def post_move(base: str, token: str, move: dict):
    """Send `move` as the phone holding the seat link `token` sends it, and wait for the answer as
    long as any other wait: the companion answers once its worker has taken the move, which a
    busy machine can make slow."""
    req = urllib.request.Request(base + "/api/move", data=json.dumps({"move": move}).encode(),
                                 headers={"Content-Type": "application/json", "X-Seat-Token": token})
    with urllib.request.urlopen(req, timeout=WAIT_SECONDS) as res:
        assert json.load(res)["ok"]


def scroll_to(page, selector: str):
    """Scroll the element now matching `selector` to the screen's middle, in one step: a live
    update may swap the element between finding it and scrolling a found handle."""
    page.locator(selector).first.wait_for(state="attached")
    page.evaluate("s => document.querySelector(s).scrollIntoView({block: 'center'})", selector)


def seat_link(host, viewer: str) -> str:
    """A seat's link as the host page gives it: only after the deliberate step ("Open this seat
    here / show its QR", which says whose hidden page it opens, then "Open it")."""
    card = host.locator(f'.seatcard[data-viewer="{viewer}"]')
    link = card.locator(".seat-link")
    if not link.count():
        card.locator("button.open").click()
        card.locator("button.open-yes").click()
    link.wait_for()
    return link.get_attribute("href")


def seat_links(host, count: int) -> dict:
    """viewer -> link for each of the `count` seats the host page shows, in its order."""
    from playwright.sync_api import expect
    expect(host.locator(".seatcard")).to_have_count(count)
    viewers = [host.locator(".seatcard").nth(i).get_attribute("data-viewer") for i in range(count)]
    return {viewer: seat_link(host, viewer) for viewer in viewers}


def seat_shell(browser, base: str, game: str, viewport: dict):
    """The seat page's shell with `game`'s script and style, cut off from the companion (its
    requests refused, as with no network): a test draws in it the views the companion would send,
    and nothing the companion has on its table draws over them. Returns (page, errors)."""
    page = browser.new_context(viewport=viewport).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/api/**", lambda route: route.abort("internetdisconnected"))
    page.goto(base + "/static/seat.html#")
    page.add_style_tag(url=f"{base}/games/{game}/game.css")
    page.add_script_tag(url=f"{base}/games/{game}/game.js")
    return page, errors
