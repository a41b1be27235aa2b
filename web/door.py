"""What the web routes share: who is asking (the host's key, a seat's key, the guesses limiter),
the reader's language, and what each viewer sees, made once per app as a Door."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field, is_dataclass
from types import SimpleNamespace
from typing import Callable

from flask import jsonify, request

from companion.errors import Refused, TableError
from companion.games import MASTER, TABLE, Viewer, describe, names
from companion.games.base import Agreed, TakeBack, to_dict
from companion.hosting import same  # noqa: F401 - the web's key checks, named here for the routes
from companion.i18n import LANGS, NAMES, Msg, from_accept_language, game_domains, translate


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


# The games with a catalog of their own (companion/i18n.py, game_domains), in any language.
_WITH_WORDS = frozenset(d for lang in LANGS if lang != "en" for d in game_domains(lang))


class Door(SimpleNamespace):
    """The companion, the host's key, the extras, and the helpers every group of routes uses."""


def open_door(companion, host_token: str, extras: Extras, stream_seconds: float, static_dir: str) -> Door:
    games = _descriptions(extras.games)
    door = Door(companion=companion, host_token=host_token, extras=extras, games=games,
                static_dir=static_dir, stream_seconds=stream_seconds, closing=threading.Event())
    _who_asks(door, companion, host_token)
    _views(door, companion, extras, games, door.lang, door.body)
    return door


def _who_asks(door: Door, companion, host_token: str):
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

    def language_asked() -> str:
        """The language a request's body chooses (the table's or a phone's own), or refused."""
        chosen = body().get("language")
        if chosen not in LANGS:
            raise Refused(400, Msg("choose a language: {languages}", languages=", ".join(LANGS)))
        return chosen

    def own_lang() -> str | None:
        """This request's reader's own language: the phone's choice (the "lang" cookie its page
        sets; the host's choice of the table's language sets the host's), else its browser's
        (Accept-Language); None when it names neither, and the reader follows the table's."""
        chosen = request.cookies.get("lang")
        if chosen in LANGS:
            return chosen
        return from_accept_language(request.headers.get("Accept-Language"))

    def lang() -> str:
        """The language of this request's reader: its own, else the table's."""
        return own_lang() or companion.snapshot.language

    def words(payload):
        """A payload with every message in it turned into the reader's words."""
        return jsonify(translate(payload, lang()))

    def require_host_query():
        if not host_ok(request.args.get("token")) and not host_ok(request.headers.get("X-Host-Token")):
            raise Refused(403, "only the host page can do that")

    door.__dict__.update(guesses=guesses, host_ok=host_ok, require_host=require_host,
                         require_host_query=require_host_query, seat_viewer=seat_viewer,
                         require_seat=require_seat, body=body, lang=lang, own_lang=own_lang, words=words,
                         language_asked=language_asked)


def _views(door: Door, companion, extras: Extras, games: dict, lang, body):
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

    def seat_handed(no_game: str, hand):
        """The seat a request names, handed to the asking phone by `hand(viewer, label)` (taking a
        free seat, or the host opening one): the answer with that seat's key."""
        session, viewer, label = seat_asked(no_game)
        token = _wait(hand(viewer, label))
        return jsonify({"ok": True, "viewer": viewer, "label": label, "token": token, "game_id": session.id})

    door.__dict__.update(table_status=table_status, known=known, game_of=game_of, game_files=game_files,
                         seat_payload=seat_payload, seats_of=seats_of, table_payload=table_payload,
                         host_payload=host_payload, seat_asked=seat_asked, seat_handed=seat_handed)


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
