"""Play: what each viewer reads (the table, its own view, a live stream of it) and a phone's move
for its own seat."""
from __future__ import annotations

import json
import time
from concurrent.futures import wait

from flask import Response, request

from companion.errors import Refused
from companion.games import TABLE
from companion.i18n import translate

from .door import _wait, same


def register(app, door):
    """Add these routes to ``app``; ``door`` is the web.door.Door they share."""
    companion, host_token, closing = door.companion, door.host_token, door.closing
    stream_seconds, host_ok, seat_viewer = door.stream_seconds, door.host_ok, door.seat_viewer
    require_seat, body = door.require_seat, door.body
    own_lang, words, game_of = door.own_lang, door.words, door.game_of
    seat_payload, table_payload, host_payload = door.seat_payload, door.table_payload, door.host_payload

    @app.get("/api/table")
    def table():
        snap = companion.snapshot
        return words(table_payload(snap))

    @app.get("/api/view")
    def view():
        if host_ok(request.headers.get("X-Host-Token")):
            return words(host_payload(companion.snapshot))
        viewer = require_seat()
        opened(request.headers.get("X-Seat-Token"))
        return words(seat_payload(companion.snapshot, viewer))

    seen = set()  # seat tokens known to be opened on a phone, so each is marked taken once

    def opened(token: str):
        """A seat link opened on a phone takes its seat (the join page no longer offers it)."""
        if token not in seen:
            seen.add(token)
            # waited for (briefly), so the phone's first view already shows its seat taken
            # instead of a second view a moment later
            wait([companion.seat_opened(token)], timeout=2)

    @app.get("/api/stream")
    def stream():
        """Server-sent events: the viewer's whole view now, then again whenever it changes."""
        token = request.args.get("token", "")
        is_host = bool(token) and same(token, host_token)  # a seat's key is no wrong host key
        found = (TABLE, "table") if not token else None if is_host else seat_viewer(token)
        if not is_host and found is None:
            raise Refused(403, "this phone's seat link is not valid any more; ask the host for a new one")
        if token and not is_host:
            opened(token)

        own = own_lang()  # a page that changes it reloads
        if is_host and own and not companion.snapshot.language_chosen and own != companion.snapshot.language:
            # a table whose language nobody chose takes its host's: a Japanese phone's makes the
            # OLED Japanese before anyone looks for the menu
            wait([companion.set_language(own)], timeout=2)

        def payload_for(snap):
            """The view in the reader's words, and which language those are ("lang"): a phone
            that names none of its own follows the table's, and its page reloads in it."""
            reader = own or snap.language
            if is_host:
                return {**translate(host_payload(snap), reader), "lang": reader}
            return {**translate(table_payload(snap) if not token else seat_payload(snap, found[0]), reader),
                    "lang": reader}

        gone = request.environ.get("waitress.client_disconnected", lambda: False)

        def events():
            yield "retry: 1000\n\n"
            snap = companion.snapshot
            last = None
            ends = time.monotonic() + stream_seconds
            while companion.running and not closing.is_set() and not gone():
                if time.monotonic() >= ends:  # the page opens the next stream at once
                    yield "event: again\ndata: {}\n\n"
                    return
                if token and not is_host and seat_viewer(token, count=False) is None:
                    if companion.store.viewer_for_token(token) is not None:
                        # the key is still good, for a game no longer on the table: the page
                        # takes its key for the game now in progress, or offers the join page
                        now = companion.snapshot.session
                        yield f"event: game\ndata: {json.dumps({'game_id': now.id if now else None})}\n\n"
                    else:
                        yield "event: revoked\ndata: {}\n\n"
                    return
                payload = payload_for(snap)
                text = json.dumps({k: v for k, v in payload.items() if k != "version"}, sort_keys=True)
                if text != last:
                    last = text
                    yield f"event: view\ndata: {json.dumps(payload)}\n\n"
                # A dead phone frees its thread soon; a closing server ends every stream at once.
                newer = companion.wait_for_change(snap.version, timeout=min(5, stream_seconds),
                                                  stop=lambda: closing.is_set() or gone())
                if newer.version == snap.version and not closing.is_set():
                    yield ": still here\n\n"  # keeps proxies and phones from dropping the line
                snap = newer

        return Response(events(), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    @app.post("/api/move")
    def move():
        viewer = require_seat()
        data = body()
        move = data.get("move")
        if not isinstance(move, dict):
            raise Refused(400, 'send {"move": {...}}')
        # The seat is the token's: a player's own seat, or the game master's seat in games
        # that have one (whose link moves the game master's pieces).
        seat = viewer.seat if viewer.kind == "seat" else (game_of(companion.snapshot) or {}).get("master_seat")
        if seat is None:
            raise Refused(403, "this link cannot make moves")
        if "seat" in move and move["seat"] != seat:
            raise Refused(403, "a phone plays only for its own seat")
        move = {**move, "seat": seat}
        events = _wait(companion.submit(move, "phone"))
        return words({"ok": True, "said": [e.text() for e in events]})
