import threading

import pytest

from companion.service import Companion
from companion.store import Store
from web.app import Extras, create_app, make_server

HOST = "h" * 43


@pytest.fixture
def host_headers():
    return {"X-Host-Token": HOST}


@pytest.fixture
def companion(tmp_path):
    store = Store(tmp_path / "games.db")
    c = Companion(store)
    c.start()
    yield c
    c.stop()
    store.close()


@pytest.fixture
def app(companion):
    app = create_app(companion, HOST, Extras(oled_png=lambda: b"\x89PNG fake", press=lambda n: None))
    app.testing = True
    return app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def server(app):
    srv = make_server(app, host="127.0.0.1", port=0, threads=12)
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.effective_port}"
    srv.close()
