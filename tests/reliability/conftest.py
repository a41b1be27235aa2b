"""A companion with its web app, a waitress server over it and live streams read as a phone's
EventSource reads them, for the reliability tests that work in this process."""
import http.client
import json
import threading
import urllib.parse

import pytest

from companion.service import Companion
from companion.store import Store
from web.app import make_server


@pytest.fixture
def companion(tmp_path):
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
    srv = make_server(app, host="127.0.0.1", port=0, threads=12)
    threading.Thread(target=srv.run, daemon=True).start()
    yield f"http://127.0.0.1:{srv.effective_port}"
    srv.close()


class _Stream:
    def __init__(self, base, token):
        url = urllib.parse.urlparse(base)
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
        self.conn.request("GET", "/api/stream" + (f"?token={token}" if token else ""))
        self.resp = self.conn.getresponse()

    def next(self) -> dict:
        data = None
        while True:
            line = self.resp.fp.readline().decode().rstrip("\n")
            if line.startswith("data: "):
                data = json.loads(line[6:])
            elif line == "" and data is not None:
                return data

    def close(self):
        self.conn.close()


@pytest.fixture
def Stream():  # noqa: N802 - a class, handed to tests
    return _Stream
