import http.client
import json
import os
import shutil
import tempfile
import threading
import urllib.parse

import pytest

from companion.store import Store
from once import Lessons

_saved_state_home: list = []


def pytest_configure(config):
    """No test touches the user's real game log: anything that falls back to the default state
    directory ($XDG_STATE_HOME/paradox-table) gets a temporary one instead, subprocesses too.
    Set before collection, so even a module-level default sees it."""
    home = tempfile.mkdtemp(prefix="paradox-table-state-")
    _saved_state_home.append((os.environ.get("XDG_STATE_HOME"), home))
    os.environ["XDG_STATE_HOME"] = home


def pytest_unconfigure(config):
    if not _saved_state_home:
        return
    before, home = _saved_state_home.pop()
    if before is None:
        os.environ.pop("XDG_STATE_HOME", None)
    else:
        os.environ["XDG_STATE_HOME"] = before
    shutil.rmtree(home, ignore_errors=True)


# ------------------------------------------------ the longest files first
# `make test` hands whole files to its workers as they ask for more (--dist loadfile,
# --no-loadscope-reorder). A long file handed out last would keep one worker busy while the
# others have nothing left, so the longest (as `make test --durations` shows, summed per file)
# go first.
# A file named here that is gone or renamed only loses its place.
LONGEST_FIRST = (
    "tests/test_conformance.py", "tests/web/test_browser.py", "tests/web/test_teach_camera_browser.py",
    "tests/reliability/test_load.py", "tests/test_i18n.py", "tests/reliability/test_kill.py",
    "tests/paradominetor/test_properties.py", "tests/vision/test_handmade.py", "tests/web/test_hosting_browser.py",
    "tests/dynasty/test_camera_prints.py", "tests/vision/test_recognise.py", "tests/island/test_properties.py",
    "tests/vision/test_second_dominoes.py", "tests/loop/test_properties.py", "tests/vision/test_tiles_found_once.py",
    "tests/web/test_seats_browser.py", "tests/web/test_dynasty_browser.py", "tests/vision/test_tiles_under_noise.py",
    "tests/web/test_first_screen_browser.py", "tests/web/test_island_browser.py", "tests/dynasty/test_records.py",
    "tests/vision/test_second_discs.py", "tests/reliability/test_bad_input.py", "tests/dynasty/test_camera.py",
    "tests/web/test_teach_api.py", "tests/test_teaching.py", "tests/web/test_initiative_simulation_browser.py",
    "tests/island/test_views.py", "tests/web/test_japanese_island_browser.py", "tests/web/test_initiative_browser.py",
    "tests/initiative/test_camera.py",
)


def pytest_collection_modifyitems(config, items):
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))  # stable: the rest keep their order


# ------------------------------------------------ made once per run, shared by the parallel workers
# `make test` spreads the test files over two worker processes (pytest-xdist). A session fixture is
# made once per worker; what is slow to make is made once per run with tests/once.py instead:
# `made_once` for any folder (an enrolment from rendered frames, say), and the `lessons` fixture
# for the camera's lessons of the virtual table's pieces, which a companion started on a fresh
# state folder would otherwise learn in each test:
#
#     cfg = dataclasses.replace(defaults(on_pi=False), state_dir=lessons.give(tmp_path))
#
# Only the tests of that first lesson itself start without them.
#
# A file's tests run in order in one worker, but two files run at once: a test keeps to its own
# tmp_path, port 0 (or running.free_port()) and monkeypatch for the environment. A test waits for
# what it expects with tests/patience.py's WAIT_SECONDS, never for a fixed short time.

@pytest.fixture(scope="session")
def lessons(tmp_path_factory) -> Lessons:
    return Lessons(tmp_path_factory)


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "games.db") as s:
        yield s


@pytest.fixture
def device(tmp_path, lessons):
    """The companion in simulation; its camera reads a frame only when a test steps it, and
    already knows the virtual table's pieces."""
    import dataclasses

    from companion import config as config_mod
    from companion.run import start
    cfg = dataclasses.replace(config_mod.defaults(on_pi=False), state_dir=lessons.give(tmp_path))
    dev = start(cfg, simulate=True, port=0, host="127.0.0.1", camera_thread=False)
    yield dev
    dev.stop()


# ---------------------------------------------------------------- the service and its web server
# A test module (or folder) that uses `client` or `server` gives the `app` they serve.

@pytest.fixture
def companion(tmp_path):
    from companion.service import Companion
    store = Store(tmp_path / "games.db")
    c = Companion(store)
    c.start()
    yield c
    c.stop()
    store.close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def server(app):
    from web.app import make_server
    srv = make_server(app, host="127.0.0.1", port=0, threads=12)
    threading.Thread(target=srv.run, daemon=True).start()
    yield f"http://127.0.0.1:{srv.effective_port}"
    srv.close()


class _Stream:
    """A live stream read as a phone's EventSource would."""

    def __init__(self, base, token):
        url = urllib.parse.urlparse(base)
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
        self.conn.request("GET", "/api/stream" + (f"?token={token}" if token else ""))
        self.resp = self.conn.getresponse()

    def next(self) -> dict:
        data = None
        while True:
            raw = self.resp.fp.readline()
            if not raw:
                raise EOFError("the stream ended")
            line = raw.decode().rstrip("\n")
            if line.startswith("data: "):
                data = json.loads(line[6:])
            elif line == "" and data is not None:
                return data

    def close(self):
        self.conn.close()


@pytest.fixture
def Stream():  # noqa: N802 - a class, handed to tests
    return _Stream
