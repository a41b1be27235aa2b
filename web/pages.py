"""The pages and what they load: the host and seat pages in their reader's language, the
scripts' words, static files, a game's own page files, the OLED and camera pictures, QR codes."""
from __future__ import annotations

import io
import json
import re

import segno
from flask import Response, jsonify, request, send_from_directory

from companion.errors import Refused
from companion.games import web_dir
from companion.i18n import DOMAIN, NAMES, catalog_json


def register(app, door):
    """Add these routes to ``app``; ``door`` is the web.door.Door they share."""
    extras, static_dir = door.extras, door.static_dir
    require_host_query, lang, known = door.require_host_query, door.lang, door.known

    def page(name: str) -> Response:
        """A page in its reader's language: lang="..", its words from the catalog."""
        with open(f"{static_dir}/{name}", encoding="utf-8") as f:
            html = f.read()
        return Response(translate_page(html, lang()), mimetype="text/html",
                        headers={"Cache-Control": "no-store", "Vary": "Cookie, Accept-Language"})

    @app.post("/api/language")
    def phone_language():
        """This phone's own language, kept as its "lang" cookie. Set by this answer, so the
        reload the page makes next is sure to carry it: a cookie the page's script writes
        reaches the browser's next request only a moment later."""
        chosen = door.language_asked()
        answer = jsonify({"ok": True, "language": chosen})
        answer.set_cookie("lang", chosen, max_age=365 * 24 * 3600, path="/", samesite="Lax")
        return answer

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

    @app.get("/api/qr.svg")
    def qr():
        text = request.args.get("text", "")
        if not text or len(text) > 512:
            raise Refused(400, "give the text of the QR code")
        out = io.BytesIO()
        segno.make(text, error="m").save(out, kind="svg", scale=6, border=2)
        return Response(out.getvalue(), mimetype="image/svg+xml")


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
