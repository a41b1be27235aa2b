"""Hosting: the host page starts a new game or resumes a kept one, chooses the table's language,
downloads records, hands out seat links, and drives the buttons, the virtual table and the
camera's teaching."""
from __future__ import annotations

from flask import Response, jsonify

from companion.errors import Refused
from companion.i18n import Msg

from .door import _wait


def register(app, door):
    """Add these routes to ``app``; ``door`` is the web.door.Door they share."""
    companion, extras, games = door.companion, door.extras, door.games
    require_host, require_host_query, body = door.require_host, door.require_host_query, door.body
    words, seat_asked = door.words, door.seat_asked

    @app.post("/api/host/game")
    def new_game():
        require_host()
        data = body()
        game = data.get("game")
        options = data.get("options", {})
        if not isinstance(game, str) or game not in games:
            raise Refused(400, Msg("choose a game: {games}", games=", ".join(games)))
        if not isinstance(options, dict):
            raise Refused(400, "options must be an object")
        replace = data.get("replace", False)
        if not isinstance(replace, bool):
            raise Refused(400, "replace is true or false")
        game_id = _wait(companion.new_game(game, options, replace=replace))
        return jsonify({"ok": True, "game_id": game_id})

    @app.post("/api/host/language")
    def table_language():
        """The table's language: the OLED's, the host page's, and a phone's that chose none."""
        require_host()
        chosen = door.language_asked()
        _wait(companion.set_language(chosen))
        return jsonify({"ok": True, "language": chosen})

    @app.get("/api/host/games")
    def played():
        """Every game this companion keeps, newest first, to resume or download."""
        require_host()
        return words({"games": companion.played()})  # a game may name its seats in its own words

    @app.post("/api/host/resume")
    def resume():
        require_host()
        data = body()
        game_id = data.get("game_id")
        replace = data.get("replace", False)
        if not isinstance(game_id, int) or isinstance(game_id, bool):
            raise Refused(400, "choose a game from the list")
        if not isinstance(replace, bool):
            raise Refused(400, "replace is true or false")
        _wait(companion.resume(game_id, replace=replace))
        return jsonify({"ok": True, "game_id": game_id})

    @app.get("/api/host/games/<int:game_id>/record.jsonl")
    def game_record(game_id):
        """A kept game as a record for `paradox-table replay` (a download link: the host token
        comes in the query)."""
        require_host_query()
        text = companion.record(game_id)
        name = companion.store.game(game_id).game
        return Response(text, mimetype="application/jsonl", headers={
            "Content-Disposition": f'attachment; filename="paradox-table-{name}-{game_id}.jsonl"',
            "Cache-Control": "no-store"})

    @app.post("/api/host/reissue")
    def reissue():
        require_host()
        _, viewer, label = seat_asked(Msg("start one first"))
        _wait(companion.reissue(viewer, label))
        return jsonify({"ok": True})

    @app.post("/api/host/seat-link")
    def seat_link():
        """The host opens a seat (to hand a phone over, or show its QR code to the phone that will
        hold it): the seat's key, for this request alone. The seat's own page says the host
        opened it; the key never comes with the host page's view."""
        require_host()
        return door.seat_handed(Msg("start one first"), companion.show_seat)

    @app.post("/api/host/undo")
    def undo():
        require_host()
        _wait(companion.undo("host"))
        return jsonify({"ok": True})

    @app.post("/api/host/button")
    def button():
        require_host()
        name = body().get("name")
        if extras.press is None:
            raise Refused(404, "this companion has real buttons; press them on the device")
        if name not in ("confirm", "undo", "next", "menu", "shutdown"):
            raise Refused(400, "a button is confirm, undo, next, menu or shutdown")
        extras.press(name)
        return jsonify({"ok": True})

    @app.post("/api/host/table")
    def virtual_table():
        require_host()
        if extras.simulate is None:
            raise Refused(404, "there is no virtual table: this companion watches a real one")
        return words({"ok": True, "result": extras.simulate(body())})

    if extras.teacher is not None:
        from . import teaching
        teaching.register(app, door)
    else:
        @app.get("/api/teach")
        def nothing_to_teach():  # the host page asks: no camera to teach here
            require_host()
            return jsonify({"games": []})
