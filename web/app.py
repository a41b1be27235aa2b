"""The phones' door: a Flask app over the running companion.

Everything a page or a live stream shows is built from the game's `view(state, viewer)` for the
viewer its token names, and nothing else. The server works the viewer out from the token alone;
a seat number sent by a phone is never trusted. Requests that change anything carry a token in
a header (X-Seat-Token or X-Host-Token): wrong or missing, 403 and nothing changes.

Joining and hosting need no terminal: the join page (the OLED's QR code) lists the seats of the
game in progress, and a phone takes a free one (POST /api/join), which then stays taken until
the host gives it a new link. A phone keeps the key of every game it sat in, and asks which game
a key is for (GET /api/seat), so resuming a game brings each phone back to its seat. The host
page never gets a seat's key unasked: opening one (POST /api/host/seat-link) is a deliberate
step that the seat's own page is told of. A phone asks to become the host (POST
/api/host-request), the OLED asks the table, and button A hands that phone the host token (GET
/api/host-request/ID).

This module knows nothing of the camera or the hardware: the companion passes in what the host
page may drive (the OLED image, the buttons, the virtual table) as plain callables. It names no
game either: the games' descriptions say what the new-game form asks, and each game's own page
script and style are served from its package at /games/<name>/<file>.

The routes are grouped by what they do, each group a module with a `register(app, door)`: pages
(pages.py), play (play.py), joining (joining.py), hosting (hosting.py, teaching.py) and errors
(errors.py); the Door (door.py) is what they share.
"""
from __future__ import annotations

import hmac  # noqa: F401  (the tests watch every key comparison through web.app.hmac)
import threading

from flask import Flask

from companion.errors import Refused  # noqa: F401  (callers import it from here)

from . import errors, hosting, joining, pages, play
from .door import STREAM_SECONDS, Extras, Guesses, open_door, same, viewer_from_name  # noqa: F401
from .errors import SECURITY_HEADERS  # noqa: F401
from .pages import page_words, translate_page  # noqa: F401


def create_app(companion, host_token: str, extras: Extras | None = None,
               stream_seconds: float = STREAM_SECONDS) -> Flask:
    extras = extras or Extras()
    app = Flask(__name__, static_folder=None)
    app.config["JSON_SORT_KEYS"] = False
    static_dir = __file__.rsplit("/", 1)[0] + "/static"
    door = open_door(companion, host_token, extras, stream_seconds, static_dir)
    for group in (pages, play, joining, hosting, errors):
        group.register(app, door)
    closing = door.closing

    def stop_streams():
        """End every live stream now (the server is closing)."""
        closing.set()
        companion.wake()

    app.stop_streams = stop_streams
    return app


THREADS = 32  # the web server's threads: 9 live streams, vanished ones until their end, requests


def make_server(app: Flask, host: str = "0.0.0.0", port: int = 8080, threads: int = THREADS):
    """A waitress server for the app; `.run()` serves, `.close()` stops, `.effective_port` tells.

    Each live stream holds a thread, so 8 phones and the host need 9 of them; a phone that
    closed its line frees its thread at once, one that vanished without a word at its stream's
    end (STREAM_SECONDS); the rest keep ordinary requests quick while the streams wait.
    """
    from waitress.server import create_server
    # lookahead: waitress keeps reading each connection while its stream runs, so a phone that
    # closed its line is noticed at once (waitress.client_disconnected) and its thread freed
    return Server(app, create_server(app, host=host, port=port, threads=threads, channel_timeout=60,
                                     channel_request_lookahead=1, ident="paradox-table"))


class Server:
    """waitress, closed in order: the live streams end, the request threads finish, then the
    sockets close from waitress's own serving thread, so stopping with phones connected is quiet."""

    def __init__(self, app: Flask, server):
        self._app = app
        self._server = server
        self._serving: threading.Thread | None = None
        self._closed = False

    @property
    def effective_port(self) -> int:
        return self._server.effective_port

    def drop_connections(self, timeout: float = 5.0):
        """Cut every open connection from waitress's own serving thread, as lost Wi-Fi would (the listening
        socket stays). Closing a socket from another thread races the serving thread's select()."""
        server, done = self._server, threading.Event()

        def drop():
            try:
                for channel in list(server._map.values()):
                    if channel is not server and channel is not server.trigger:
                        channel.close()
            finally:
                done.set()

        server.trigger.pull_trigger(drop)
        done.wait(timeout)

    def run(self):
        self._serving = threading.current_thread()
        self._server.run()

    def close(self, timeout: float = 5.0):
        if self._closed:
            return
        self._closed = True
        server = self._server
        server.accepting = False
        stop_streams = getattr(self._app, "stop_streams", None)
        if stop_streams is not None:
            stop_streams()
        server.task_dispatcher.shutdown(cancel_pending=True, timeout=timeout)
        done = threading.Event()

        def close_all():  # in waitress's serving thread: nothing else is using the sockets now
            try:
                for channel in list(server._map.values()):
                    if channel is not server and channel is not server.trigger:
                        channel.close()
                server.close()  # the listening socket and the serving thread's trigger
            finally:
                done.set()

        if self._serving is not None and self._serving.is_alive():
            try:
                server.trigger.pull_trigger(close_all)
            except OSError:
                close_all()
            done.wait(timeout)
            self._serving.join(timeout)
        else:
            close_all()
