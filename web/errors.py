"""Errors in players' words, and the headers every answer carries."""
from __future__ import annotations

import logging

from flask import Response, request
from markupsafe import escape
from werkzeug.exceptions import HTTPException

from companion.errors import InProgress, Refused, TableError
from companion.i18n import Msg, said, translate

from .door import Guesses

log = logging.getLogger("paradox-table.web")


def register(app, door):
    """Add the error handlers and the headers to ``app``; ``door`` is the web.door.Door."""
    words = door.words

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
        what = HTTP_WORDS.get(exc.code, Msg("the companion cannot answer that request ({code})", code=exc.code))
        if request.method == "GET" and not request.path.startswith("/api/") and \
                request.accept_mimetypes.accept_html:  # a person typed or followed an address
            lang = door.lang()
            page = PAGE.format(lang=lang, said=escape(translate(what, lang)),
                               back=escape(translate(Msg("Open the companion's own page"), lang)))
            return Response(page, exc.code, mimetype="text/html")
        return words({"error": what}), exc.code

    @app.errorhandler(Exception)
    def crashed(exc):
        log.exception("request failed")
        return words({"error": Msg("something went wrong on the companion; nothing was changed")}), 500


# An address the companion does not have, or a request of a kind it does not take, in the
# reader's words (Werkzeug's own texts are English only)
HTTP_WORDS = {404: Msg("there is no such page on the companion"),
              405: Msg("the companion does not take that kind of request here"),
              413: Msg("that is too much to send to the companion")}
PAGE = ('<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Paradox Table</title>'
        '<link rel="stylesheet" href="/static/app.css"></head><body><main><section><h2>{said}</h2>'
        '<p><a class="button" href="/">{back}</a></p></section></main></body></html>')


SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self'; connect-src 'self'; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
