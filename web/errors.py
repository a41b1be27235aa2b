"""Errors in players' words, and the headers every answer carries."""
from __future__ import annotations

import logging

from flask import jsonify
from werkzeug.exceptions import HTTPException

from companion.errors import InProgress, Refused, TableError
from companion.i18n import Msg, said

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
        return jsonify({"error": exc.description or exc.name}), exc.code

    @app.errorhandler(Exception)
    def crashed(exc):
        log.exception("request failed")
        return words({"error": Msg("something went wrong on the companion; nothing was changed")}), 500


SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self'; connect-src 'self'; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
