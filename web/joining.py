"""Joining: which kept game and seat a phone's key is for, a phone taking a free seat, and a
phone asking to become the host (the table answers with button A or B)."""
from __future__ import annotations

import logging

from flask import jsonify, request

from companion.errors import Refused
from companion.games import TABLE
from companion.i18n import Msg
from companion.session import Session

from .door import _label, _wait, same

log = logging.getLogger("paradox-table.web")


def register(app, door):
    """Add these routes to ``app``; ``door`` is the web.door.Door they share."""
    companion, host_token, guesses, known = door.companion, door.host_token, door.guesses, door.known

    @app.get("/api/seat")
    def which_seat():
        """Which kept game and seat a key this phone holds is for (it may be an earlier game's):
        the phone files the key under its game, and uses it whenever that game is on the table."""
        token = request.headers.get("X-Seat-Token")
        if not token:
            raise Refused(400, "send the seat's key in X-Seat-Token")
        guesses.check(request.remote_addr)
        found = None
        for game_id, viewer, key in companion.store.tokens_in_force():
            if same(token, key):  # every key compared, in constant time
                found = (game_id, viewer)
        if found is None:
            guesses.wrong(request.remote_addr)
            raise Refused(403, "this phone's seat link is not valid any more; ask the host for a new one")
        game_id, viewer = found
        session = companion.snapshot.session
        label = viewer
        try:
            kept = Session(companion.store, game_id) if session is None or session.id != game_id else session
            label = _label(known(kept.name), kept.view(TABLE), viewer)
        except Exception:  # a game this companion can no longer read: its key is still filed
            log.exception("cannot read game %s", game_id)
        return jsonify({"game_id": game_id, "viewer": viewer, "label": label,
                        "current": session is not None and session.id == game_id})

    @app.post("/api/join")
    def join():
        """A phone on the join page takes a free seat of the game in progress."""
        return door.seat_handed(Msg("the host starts one"), companion.take_seat)

    @app.post("/api/host-request")
    def ask_to_host():
        """A phone asks to become the host; the companion's screen asks the table."""
        found = _wait(companion.request_host())
        return jsonify({"ok": True, "request": found.id, "code": found.code, "seconds": found.seconds})

    @app.get("/api/host-request/<request_id>")
    def host_answer(request_id):
        """What the table answered; on yes, the host link's token, for that phone alone."""
        answer = companion.host_answer(request_id)
        if answer is None:
            raise Refused(404, "this request to host is not known (the companion may have "
                               "restarted); ask again")
        out = {"answer": answer}
        if answer == "yes":
            out["host"] = host_token
        return jsonify(out)
