import dataclasses
import os
import shutil
import time
from pathlib import Path

import pytest

from companion import config as config_mod
from companion.bench import headless_chromium
from companion.games import descriptions
from companion.run import start
from web.app import Extras, create_app

from patience import WAIT_MS

HOST = "h" * 43
ROOT = Path(__file__).resolve().parents[2]
GAMES = tuple(g.as_json() for g in descriptions())  # what the companion offers the host page


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    """The companion as a group without a camera meets it: the real service, store and web server,
    the emulated screen and buttons, no camera set up (the phones carry the game). A page test
    that needs the virtual table defines its own."""
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=tmp_path_factory.mktemp("state"),
                              camera=config_mod.CameraConfig(source="picamera2"))
    dev = start(cfg, simulate=False, port=0, host="127.0.0.1")
    yield dev
    dev.stop()


@pytest.fixture(scope="session")
def shots() -> Path:
    """Where the browser tests save their screenshots: tests/output/ (not kept). With
    PARADOX_TABLE_DOCS_IMG=1 (`make images`) those the README or docs show are then copied to
    docs/img; the others stay in tests/output."""
    folder = ROOT / "tests" / "output"
    folder.mkdir(parents=True, exist_ok=True)
    began = time.time()
    yield folder
    if os.environ.get("PARADOX_TABLE_DOCS_IMG") == "1":
        shown = "\n".join(p.read_text() for p in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
        for picture in folder.glob("*.png"):  # drawn by this run, never an older one
            if f"img/{picture.name}" in shown and picture.stat().st_mtime >= began:
                shutil.copy(picture, ROOT / "docs" / "img" / picture.name)


@pytest.fixture
def host_headers():
    return {"X-Host-Token": HOST}


@pytest.fixture
def app(companion):
    app = create_app(companion, HOST, Extras(oled_png=lambda: b"\x89PNG fake", press=lambda n: None,
                                              games=GAMES))
    app.testing = True
    return app


# The browser for the page tests, one for the whole run, the one `make bench` times pages in.
CHROMIUM = headless_chromium()
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail("chromium is missing: `make test` installs it with apt")
    # every wait for a page (expect, clicks) is generous: a busy machine draws pages slowly
    playwright.expect.set_options(timeout=WAIT_MS)
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


PHONE = {"width": 390, "height": 844}  # a phone's screen, as the pages are judged


@pytest.fixture
def phone(browser):
    """Opens a new phone-sized page in its own browser context (its own storage); all of them close
    after the test, so their live streams do not hold the companion's threads for the tests after."""
    contexts = []

    def open_page():
        contexts.append(browser.new_context(viewport=PHONE))
        contexts[-1].set_default_timeout(WAIT_MS)
        return contexts[-1].new_page()
    yield open_page
    for c in contexts:
        c.close()
