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
"""
from __future__ import annotations

import hmac
import io
import json
import logging
import re
import threading
import time
from dataclasses import dataclass, field, is_dataclass
from typing import Callable

import segno
from flask import Flask, Response, jsonify, request, send_from_directory
from werkzeug.exceptions import HTTPException

from companion.errors import InProgress, Refused, TableError
from companion.games import MASTER, TABLE, IllegalMove, Viewer, describe, names, web_dir
from companion.games.base import Agreed, TakeBack, to_dict
from companion.i18n import DOMAIN, LANGS, NAMES, Msg, catalog_json, from_accept_language, game_domains, said, translate
from companion.session import Session

log = logging.getLogger("paradox-table.web")


@dataclass
class Extras:
    """What the host page can reach besides the game, provided by the service."""
    oled_png: Callable[[], bytes] | None = None
    camera_jpeg: Callable[[], bytes] | None = None
    press: Callable[[str], None] | None = None            # "confirm", "undo", "next", ...
    simulate: Callable[[dict], object] | None = None      # the virtual table's actions
    simulation: bool = False
    teacher: object = None     # companion.teaching.Teacher: teaching the camera from the host page
    games: tuple = ()          # the games a host may start: each `Game.as_json()`
    info: dict = field(default_factory=dict)


def _descriptions(games) -> dict[str, dict]:
    """name -> the game's description as the pages get it (a bare name is looked up)."""
    out = {}
    for g in games:
        g = describe(g).as_json() if isinstance(g, str) else dict(g)
        out[g["name"]] = g
    return out


def viewer_from_name(name: str) -> Viewer:
    if name == "master":
        return MASTER
    if name.startswith("seat-"):
        return Viewer.of_seat(int(name[5:]))
    return TABLE


# A live stream ends after this long and the page's EventSource opens it again at once (the whole
# view comes with it, so nothing is missed): a phone that vanished without closing its stream
# (Wi-Fi lost, the screen locked) holds a server thread no longer than this.
STREAM_SECONDS = 20.0


def create_app(companion, host_token: str, extras: Extras | None = None,
               stream_seconds: float = STREAM_SECONDS) -> Flask:
    extras = extras or Extras()
    games = _descriptions(extras.games)
    app = Flask(__name__, static_folder=None)
    app.config["JSON_SORT_KEYS"] = False
    static_dir = __file__.rsplit("/", 1)[0] + "/static"

    # ---------------------------------------------------------------- who is asking

    guesses = Guesses()

    def host_ok(token: str | None) -> bool:
        """Whether this is the host's key. A wrong key counts against the device that sent it."""
        if not token:
            return False
        guesses.check(request.remote_addr)
        if same(token, host_token):
            return True
        guesses.wrong(request.remote_addr)
        return False

    def require_host():
        if not host_ok(request.headers.get("X-Host-Token")):
            raise Refused(403, "only the host page can do that")

    def seat_viewer(token: str | None, count: bool = True) -> tuple[Viewer, str] | None:
        """The viewer a seat token names, for the game in progress only. Every seat's token is
        compared in constant time, so how long the answer takes tells nothing about a guess."""
        session = companion.snapshot.session
        if not token or session is None:
            return None
        if count:
            guesses.check(request.remote_addr)
        found = None
        for viewer, known in companion.store.tokens(session.id).items():
            if same(token, known):
                found = viewer
        if found is None:
            if count:
                guesses.wrong(request.remote_addr)
            return None
        return viewer_from_name(found), found

    def require_seat() -> Viewer:
        found = seat_viewer(request.headers.get("X-Seat-Token"))
        if found is None:
            raise Refused(403, "this phone's seat link is not valid any more; ask the host for a new one")
        return found[0]

    def body() -> dict:
        data = request.get_json(silent=True)
        if not isinstance(data, dict):
            raise Refused(400, "send a JSON object")
        return data

    # ---------------------------------------------------------------- the reader's language

    def lang() -> str:
        """The language of this request's reader: the phone's own choice (the "lang" cookie its
        page sets; the host's choice of the table's language sets the host's), else its browser's
        (Accept-Language), else the table's."""
        table_lang = companion.snapshot.language
        chosen = request.cookies.get("lang")
        if chosen in LANGS:
            return chosen
        return from_accept_language(request.headers.get("Accept-Language")) or table_lang

    def words(payload):
        """A payload with every message in it turned into the reader's words."""
        return jsonify(translate(payload, lang()))

    # ---------------------------------------------------------------- what each viewer sees

    def table_status(snap) -> dict:
        prompt = snap.prompt
        return {"message": snap.message, "screen": snap.screen, "shutting_down": snap.shutting_down,
                "prompt": {"title": prompt.title, "text": prompt.text, "words": prompt.words,
                           # what A would enter, so the phone it concerns can offer it at once
                           "moves": [to_dict(m) for _, m in prompt.choices
                                     if is_dataclass(m) and not isinstance(m, (TakeBack, Agreed))]}
                if prompt else None}

    def known(name: str) -> dict | None:
        """A game's description: one the host may start, or (a game resumed from the store)
        any this companion has."""
        if name in games:
            return games[name]
        return describe(name).as_json() if name in names() else None

    def game_of(snap) -> dict | None:
        session = snap.session
        return known(session.name) if session is not None else None

    def game_files(snap) -> list[str]:
        """The running game's page script and style, for the pages to load."""
        game = game_of(snap)
        if not game:
            return []
        # its own words first: its script draws with them once every file has loaded
        words = [f"/games/{game['name']}/words.js"] if game["name"] in _WITH_WORDS else []
        return words + [f"/games/{game['name']}/{f}" for f in game.get("web", ())]

    def seat_payload(snap, viewer: Viewer) -> dict:
        view = snap.view(viewer)
        session = snap.session
        out = {"version": snap.version, "viewer": str(viewer), "view": view,
               "label": _label(game_of(snap), view, str(viewer)), "table": table_status(snap),
               "game_files": game_files(snap),
               # which game is on the table: a phone holding keys of several games follows it
               "game_id": session.id if session is not None else None}
        if viewer.kind != "table" and session is not None:
            # when the host opened this seat's page: the phone says so (None: never)
            out["host_opened"] = companion.store.shown(session.id).get(str(viewer))
        return out

    def seats_of(snap) -> list[dict]:
        """The seats of the game in progress, in the game's order: label, taken, and when the host
        last opened it. Never a seat's key: the host page asks for one deliberately (seat_link)."""
        session = snap.session
        if session is None:
            return []
        tokens = companion.store.tokens(session.id)
        taken = companion.store.taken(session.id)
        shown = companion.store.shown(session.id)
        view = snap.view(TABLE)
        return [{"viewer": name, "label": _label(game_of(snap), view, name),
                 "taken": name in taken, "host_opened": shown.get(name)}
                for name in session.viewers() if name in tokens]

    def table_payload(snap) -> dict:
        """The join page's view: the table's, and which seats a phone may still take."""
        out = seat_payload(snap, TABLE)
        out["join"] = [{"viewer": s["viewer"], "label": s["label"], "free": not s["taken"]}
                       for s in seats_of(snap)]
        return out

    def host_payload(snap) -> dict:
        session = snap.session
        request = snap.host_request
        return {"version": snap.version, "viewer": "host", "view": snap.view(TABLE),
                "table": table_status(snap), "seats": seats_of(snap), "game_id": session.id if session else None,
                # begun and not over: starting another asks first, and the new-game form folds away
                "in_progress": bool(session is not None and session.moves and not session.is_over()),
                "moves": len(session.moves) if session is not None else 0,
                "host_request": {"code": request.code} if request is not None else None,
                "simulation": extras.simulation, "games": list(games.values()), "info": extras.info,
                "language": snap.language, "languages": NAMES,
                "game_files": game_files(snap)}

    # ---------------------------------------------------------------- pages

    def page(name: str) -> Response:
        """A page in its reader's language: lang="..", its words from the catalog."""
        with open(f"{static_dir}/{name}", encoding="utf-8") as f:
            html = f.read()
        return Response(translate_page(html, lang()), mimetype="text/html",
                        headers={"Cache-Control": "no-store", "Vary": "Cookie, Accept-Language"})

    @app.get("/")
    def host_page():
        return page("host.html")

    @app.get("/seat")
    def seat_page():
        return page("seat.html")

    @app.get("/i18n.js")
    def i18n_script():
        """The page scripts' words: the reader's language and its catalog (live.js's `tr`)."""
        reader = lang()
        body_text = (f"window.I18N = {json.dumps({'lang': reader, 'names': NAMES, 'words': catalog_json(reader, DOMAIN)}, ensure_ascii=False)};\n")
        return Response(body_text, mimetype="text/javascript",
                        headers={"Cache-Control": "no-store", "Vary": "Cookie, Accept-Language"})

    @app.get("/games/<name>/words.js")
    def game_words(name):
        """A game's own words in the reader's language, added to /i18n.js's when its page
        loads the game (only a game with a catalog of its own lists this file)."""
        if known(name) is None:
            raise Refused(404, "no such file")
        words = json.dumps(catalog_json(lang(), name), ensure_ascii=False)
        body_text = f"if (window.I18N) Object.assign(window.I18N.words, {words});\n"
        return Response(body_text, mimetype="text/javascript",
                        headers={"Cache-Control": "no-store", "Vary": "Cookie, Accept-Language"})

    @app.get("/static/<path:name>")
    def static_file(name):
        return send_from_directory(static_dir, name)

    @app.get("/favicon.ico")
    def favicon():
        return send_from_directory(static_dir, "favicon.png")

    @app.get("/games/<name>/<path:file>")
    def game_file(name, file):
        """A game's page script or style: only the files its description lists."""
        game = known(name)
        if game is None or file not in game.get("web", ()):
            raise Refused(404, "no such file")
        return send_from_directory(web_dir(name), file)

    # ---------------------------------------------------------------- reading

    @app.get("/api/table")
    def table():
        snap = companion.snapshot
        return words(table_payload(snap))

    @app.get("/api/view")
    def view():
        snap = companion.snapshot
        if host_ok(request.headers.get("X-Host-Token")):
            return words(host_payload(snap))
        viewer = require_seat()
        opened(request.headers.get("X-Seat-Token"))
        return words(seat_payload(snap, viewer))

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

    seen = set()  # seat tokens known to be opened on a phone, so each is marked taken once

    def opened(token: str):
        """A seat link opened on a phone takes its seat (the join page no longer offers it)."""
        if token not in seen:
            seen.add(token)
            companion.seat_opened(token)

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

        reader = lang()  # the stream's language: a page that changes it reloads

        def payload_for(snap):
            if is_host:
                return translate(host_payload(snap), reader)
            return translate(table_payload(snap) if not token else seat_payload(snap, found[0]), reader)

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

    @app.get("/api/oled.png")
    def oled():
        if extras.oled_png is None:
            raise Refused(404, "this companion has no screen to show")
        return Response(extras.oled_png(), mimetype="image/png", headers={"Cache-Control": "no-store"})

    @app.get("/api/camera.jpg")
    def camera():
        require_host_query()
        if extras.camera_jpeg is None:
            raise Refused(404, "no camera picture to show")
        data = extras.camera_jpeg()
        if not data:  # the camera is still opening: nothing to show, and nothing wrong
            return Response(status=204, headers={"Cache-Control": "no-store"})
        return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})

    def require_host_query():
        if not host_ok(request.args.get("token")) and not host_ok(request.headers.get("X-Host-Token")):
            raise Refused(403, "only the host page can do that")

    @app.get("/api/qr.svg")
    def qr():
        text = request.args.get("text", "")
        if not text or len(text) > 512:
            raise Refused(400, "give the text of the QR code")
        out = io.BytesIO()
        segno.make(text, error="m").save(out, kind="svg", scale=6, border=2)
        return Response(out.getvalue(), mimetype="image/svg+xml")

    # ---------------------------------------------------------------- joining and hosting

    def seat_asked(no_game: str):
        """(session, viewer, its label) for the seat a request names, of the game in progress."""
        viewer = body().get("viewer")
        snap = companion.snapshot
        session = snap.session
        if session is None:
            raise Refused(409, Msg("no game is in progress yet: {what}", what=no_game))
        if not isinstance(viewer, str) or viewer not in session.viewers():
            raise Refused(400, "choose a seat of the game in progress")
        return session, viewer, _label(game_of(snap), snap.view(TABLE), viewer)

    @app.post("/api/join")
    def join():
        """A phone on the join page takes a free seat of the game in progress."""
        session, viewer, label = seat_asked(Msg("the host starts one"))
        token = _wait(companion.take_seat(viewer, label))
        return jsonify({"ok": True, "viewer": viewer, "label": label, "token": token,
                        "game_id": session.id})

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

    # ---------------------------------------------------------------- phones act

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

    # ---------------------------------------------------------------- the host acts

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
        chosen = body().get("language")
        if chosen not in LANGS:
            raise Refused(400, Msg("choose a language: {languages}", languages=", ".join(LANGS)))
        _wait(companion.set_language(chosen))
        return jsonify({"ok": True, "language": chosen})

    @app.get("/api/host/games")
    def played():
        """Every game this companion keeps, newest first, to resume or download."""
        require_host()
        return jsonify({"games": companion.played()})

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
        viewer = body().get("viewer")
        session = companion.snapshot.session
        if session is None:
            raise Refused(409, Msg("no game is in progress yet: {what}", what=Msg("start one first")))
        if not isinstance(viewer, str) or viewer not in session.viewers():
            raise Refused(400, "choose a seat of the game in progress")
        _wait(companion.reissue(viewer, _label(game_of(companion.snapshot), session.view(TABLE), viewer)))
        return jsonify({"ok": True})

    @app.post("/api/host/seat-link")
    def seat_link():
        """The host opens a seat (to hand a phone over, or show its QR code to the phone that will
        hold it): the seat's key, for this request alone. The seat's own page says the host
        opened it; the key never comes with the host page's view."""
        require_host()
        session, viewer, label = seat_asked(Msg("start one first"))
        token = _wait(companion.show_seat(viewer, label))
        return jsonify({"ok": True, "viewer": viewer, "label": label, "token": token,
                        "game_id": session.id})

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
        from .teaching import register
        register(app, extras.teacher, require_host, require_host_query, body, Refused, words)
    else:
        @app.get("/api/teach")
        def nothing_to_teach():  # the host page asks: no camera to teach here
            require_host()
            return jsonify({"games": []})

    # ---------------------------------------------------------------- errors, in players' words

    @app.errorhandler(Refused)
    def refused(exc):
        message = said(exc)  # the web server's own refusals are catalog messages too
        answer = words({"error": message if isinstance(message, Msg) else Msg(message)})
        if exc.status == 429:
            answer.headers["Retry-After"] = str(Guesses.WINDOW)
        return answer, exc.status

    @app.after_request
    def guarded(response):
        """Every answer: only the companion's own scripts, styles and pictures; never inside
        another site's frame; no guessing of content types; no address (a link's key) handed on."""
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.errorhandler(TableError)
    def illegal(exc):
        out = {"error": said(exc)}
        if isinstance(exc, InProgress):  # a game in progress: the page asks the host, then
            out["confirm"] = exc.question  # sends the same request with replace: true
        return words(out), exc.status  # a full disk is 507, not the rules

    @app.errorhandler(HTTPException)
    def http_error(exc):
        return jsonify({"error": exc.description or exc.name}), exc.code

    @app.errorhandler(Exception)
    def crashed(exc):
        log.exception("request failed")
        return words({"error": Msg("something went wrong on the companion; nothing was changed")}), 500

    closing = threading.Event()

    def stop_streams():
        """End every live stream now (the server is closing)."""
        closing.set()
        companion.wake()

    app.stop_streams = stop_streams
    return app


SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self'; connect-src 'self'; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


# The games with a catalog of their own (companion/i18n.py, game_domains), in any language.
_WITH_WORDS = frozenset(d for lang in LANGS if lang != "en" for d in game_domains(lang))


# The pages' words: an element marked data-i18n is one message, its inner markup and all (a
# sentence with a <strong> in it reads in another word order); elsewhere each text between tags,
# and the alt, title, aria-label and placeholder attributes.
_WHOLE = re.compile(r"(<(\w+)\b[^>]*\bdata-i18n\b[^>]*>)(.*?)(</\2>)", re.S)
_TEXT = re.compile(r">([^<>]+)<")
_ATTR = re.compile(r'\b(alt|title|aria-label|placeholder)="([^"]+)"')


def page_words(html: str) -> list[str]:
    """Every message of a page, as translate_page looks them up (the tests check each has its
    Japanese)."""
    out = [" ".join(m.group(3).split()) for m in _WHOLE.finditer(html)]
    rest = _WHOLE.sub("", html)
    out += [" ".join(m.group(1).split()) for m in _TEXT.finditer(rest)]
    out += [m.group(2) for m in _ATTR.finditer(rest)]
    return [w for w in dict.fromkeys(out) if w and re.search("[A-Za-z]", w)]


def translate_page(html: str, lang: str) -> str:
    html = html.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    if lang == "en":
        return html
    words = catalog_json(lang)

    def look(text: str) -> str | None:
        found = words.get(" ".join(text.split()))
        return found if isinstance(found, str) else None

    def whole(m):
        found = look(m.group(3))
        return m.group(1) + found + m.group(4) if found else m.group(0)

    def text(m):
        raw = m.group(1)
        found = look(raw) if raw.strip() else None
        if not found:
            return m.group(0)
        lead, trail = raw[:len(raw) - len(raw.lstrip())], raw[len(raw.rstrip()):]
        return f">{lead}{found}{trail}<"

    def attr(m):
        found = look(m.group(2))
        return f'{m.group(1)}="{found}"' if found else m.group(0)

    html = _WHOLE.sub(whole, html)
    html = _TEXT.sub(text, html)
    return _ATTR.sub(attr, html)


def same(given: str, known: str) -> bool:
    """Constant-time comparison of a token sent with one known, whatever characters were sent."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), known.encode("utf-8"))


class Guesses:
    """Wrong host or seat keys, per device: after FREE of them within WINDOW seconds, the device's
    key checks are refused (429) until the window has passed, so keys cannot be guessed by trying
    (a phone with a replaced link tries it a few times at most)."""
    FREE = 20
    WINDOW = 60

    def __init__(self, clock=time.monotonic):
        self._clock = clock
        self._lock = threading.Lock()
        self._wrong: dict[str, list[float]] = {}

    def _recent(self, who: str) -> list[float]:
        now = self._clock()
        times = [t for t in self._wrong.get(who, ()) if now - t < self.WINDOW]
        if times:
            self._wrong[who] = times
        else:
            self._wrong.pop(who, None)
        return times

    def check(self, who: str | None):
        with self._lock:
            if len(self._recent(who or "")) >= self.FREE:
                raise Refused(429, "too many wrong links from this device; wait a minute and try "
                                   "again, or ask the host for a new link")

    def wrong(self, who: str | None):
        with self._lock:
            if len(self._wrong) > 1000:  # many devices at once: forget the oldest
                self._wrong.pop(next(iter(self._wrong)))
            self._wrong.setdefault(who or "", []).append(self._clock())


def _wait(future, timeout: float = 10.0):
    """A worker result for a request; a refusal or a fault is answered in its words (TableError)."""
    try:
        return future.result(timeout)
    except TableError:
        raise
    except TimeoutError:
        raise Refused(503, "the companion is busy; try again") from None


def _label(game: dict | None, view: dict, viewer: str) -> str | Msg:
    """What a page calls its viewer: the seat's name, the game master's seat's name (if the game
    master plays a seat), else "Game master"; the table's page is "The table"."""
    names = view.get("names") or []
    if viewer == "master":
        seat = (game or {}).get("master_seat")
        return names[seat] if seat is not None and 0 <= seat < len(names) else Msg("Game master")
    if viewer.startswith("seat-"):
        seat = int(viewer[5:])
        return names[seat] if 0 <= seat < len(names) else viewer
    return Msg("The table")


def make_server(app: Flask, host: str = "0.0.0.0", port: int = 8080, threads: int = 32):
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
