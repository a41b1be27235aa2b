"""Hosting, on the Companion's worker: starting a new game or resuming a kept one (setting the one
in progress aside when the host says so), the list of kept games and their records, the table's
language, and a phone's request to become the host (answered with button A or B on the device)."""
from __future__ import annotations

import hmac
import json
import logging
import secrets
from concurrent.futures import Future

from . import games
from .errors import InProgress
from .games import TABLE, IllegalMove
from .i18n import LANGS, Listed, Msg, term
from .session import Session
from .snapshot import HOST_REQUEST_SECONDS, HostRequest

log = logging.getLogger("paradox-table")


class Hosting:
    """The host's commands (a part of Companion)."""

    def _set_aside(self, replace: bool, doing: str, do: str):
        """Worker only: end the game in progress to start or resume another, if the host said so
        (`doing`, `do`: what the host is about to do, as in "starting a new game", "start a new
        game"). A game nobody has made a move in yet is set aside without asking."""
        old = self._snap.session
        if old is None or old.is_over():
            return
        if old.moves and not replace:
            game = _describe(old)
            raise InProgress(Msg("{game} is still in progress: {doing} ends it (it stays in the list of "
                                 "games, to resume later)", game=_describe(old, capital=True), doing=doing),
                             Msg("End {game} and {do}?", game=game, do=do))
        self.store.end_game(old.id)

    def new_game(self, game: str, options: dict, seed: int | None = None, *, replace: bool = True) -> Future:
        """A new game becomes the one in progress. With replace=False a game in progress that
        has moves is not ended: InProgress says what the host is about to end."""
        def run():
            self._open()
            games.describe(game).check_options(options)  # the same shapes a record's header has
            games.describe(game).check_names(options)
            games.load(game).setup(dict(options), 0 if seed is None else seed)  # bad options end nothing
            self._set_aside(replace, Msg("starting a new game"), Msg("start a new game"))
            session = Session.create(self.store, game, options, seed)
            for viewer in session.viewers():  # every seat's phone link, before anyone sees the game
                self.store.issue_token(session.id, viewer)
            names = session.view(TABLE).get("names") or []
            title = term(games.describe(game).title)
            self._set(session=session, prompt=None, screen="auto",
                      message=Msg("New {game} game: {names}", game=title, names=Listed(names, sep=", "))
                      if names else Msg("New {game} game", game=title))
            return session.id
        return self.post(run, public=False)  # a refusal (bad options, a game on) is the host's alone

    def set_aside(self, doing: str, do: str, *, replace: bool = False) -> Future:
        """The game in progress is ended (kept in the list, to resume later) and none is on, so the
        camera is free (the host teaches it another game's pieces). `doing`, `do`: what the host
        is about to do, as `_set_aside` asks it; with replace=False a game with moves is not ended."""
        def run():
            self._open()
            old = self._snap.session
            if old is None or old.is_over():
                return None
            self._set_aside(replace, doing, do)
            self._set(session=None, prompt=None, screen="auto",
                      message=Msg("{game} is set aside: resume it from the list of games", game=_describe(old, capital=True)))
            return old.id
        return self.post(run, public=False)

    def resume(self, game_id: int, *, replace: bool = False) -> Future:
        """A kept game, finished or not, becomes the one in progress again, with its seat links
        (the phones that held them come back to their seats)."""
        def run():
            self._open()
            current = self._snap.session
            if current is not None and current.id == game_id:
                raise IllegalMove(Msg("that game is already the one on the table"))
            try:
                self.store.game(game_id)
            except KeyError:
                raise IllegalMove(Msg("there is no such game; choose one from the list")) from None
            session = Session(self.store, game_id)
            self._set_aside(replace, Msg("resuming another"), Msg("resume this one"))
            if not session.is_over():
                self.store.reopen_game(game_id)
            have = self.store.tokens(game_id)
            for viewer in session.viewers():
                if viewer not in have:
                    self.store.issue_token(game_id, viewer)
            self._set(session=session, prompt=None, screen="auto", message=resumed(session))
            return game_id
        return self.post(run, public=False)

    def played(self) -> list[dict]:
        """Every kept game, newest first, as the host page lists it (any thread)."""
        counts = self.store.entry_counts()
        current = self._snap.session
        out = []
        for record in self.store.games():
            length = counts.get(record.id, 0)
            cached = self._summaries.get(record.id)
            if cached is None or cached[0] != length:
                try:
                    cached = (length, _summary(Session(self.store, record.id), record))
                except Exception:  # a game this companion can no longer read stays out of the list
                    log.exception("cannot read game %s", record.id)
                    continue
                self._summaries[record.id] = cached
            out.append({**cached[1], "ended": record.ended,
                        "current": current is not None and current.id == record.id})
        return out

    def record(self, game_id: int) -> str:
        """A kept game as a record (JSON Lines, docs/records.md) for `paradox-table replay`.
        A game still in play whose record would show what some players keep hidden waits until
        it is over (any thread)."""
        try:
            self.store.game(game_id)
        except KeyError:
            raise IllegalMove(Msg("there is no such game; choose one from the list")) from None
        session = Session(self.store, game_id)
        if not _may_export(session):
            raise IllegalMove(HIDDEN_RECORD)
        return "".join(json.dumps(line) + "\n" for line in session.export())

    def request_host(self) -> Future:
        """A phone asks to become the host: the OLED asks the table (A yes, B no) for a while.
        One request at a time; the Future holds the HostRequest."""
        def run():
            self._open()
            waiting = self._snap.host_request
            if waiting is not None:
                raise IllegalMove(Msg("Another phone is already asking to be the host. Wait until the "
                                      "companion's screen has an answer, then ask again"))
            request = HostRequest(secrets.token_urlsafe(18), f"{secrets.randbelow(10_000):04d}",
                                  self._clock() + HOST_REQUEST_SECONDS)
            self._set(host_request=request, alert=self._snap.alert)
            return request
        return self.post(run, public=False)

    def host_answer(self, request_id: str) -> str | None:
        """What the table answered a host request: "waiting", "yes", "no" or "expired"; None for a
        request this companion does not know (any thread)."""
        waiting = self._snap.host_request
        if waiting is not None and same(request_id, waiting.id):
            return "waiting"
        return self._host_answers.get(request_id)

    def _answer_host(self, yes: bool):
        """Worker only: A or B on the device answered the phone that asked to host."""
        request = self._snap.host_request
        self._remember(request.id, "yes" if yes else "no")
        said = Msg("The phone showing {code} is now a host", code=request.code) if yes else Msg("No new host")
        self._set(host_request=None, message=said, alert=self._snap.alert)
        return yes

    def _expire_host_request(self):
        """Worker only: a request nobody answered in time is dropped from the OLED."""
        request = self._snap.host_request
        if request is not None and self._clock() >= request.expires:
            self._remember(request.id, "expired")
            self._set(host_request=None, alert=self._snap.alert)

    def _remember(self, request_id: str, answer: str):
        self._host_answers[request_id] = answer
        while len(self._host_answers) > 16:
            self._host_answers.popitem(last=False)

    def set_language(self, language: str) -> Future:
        """The table's language, chosen on the host page and kept in the store."""
        if language not in LANGS:
            raise IllegalMove(Msg("the table speaks {languages}", languages=Listed(LANGS, sep=" or ")))

        def run():
            self.store.set_language(language)
            self._set(language=language, language_chosen=True, message=self._snap.message, alert=self._snap.alert)
        return self.post(run)


HIDDEN_RECORD = Msg("This game is still being played, and its record would show what some players "
                    "keep hidden; download it once the game is over")


def same(given: str, known: str) -> bool:
    """Constant-time comparison of a key a phone sent with one known, whatever characters were
    sent (the web's host and seat keys too)."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), known.encode("utf-8"))


def resumed(session: Session) -> Msg:
    """What the host is told when a game comes back, from the host page or after a restart: "Resumed
    the Paradominetor game of Ana, Ben and Cy" (a game's number and inner name mean nothing to them)."""
    return (Msg("Resumed {game}: it is over", game=_describe(session)) if session.is_over()
            else Msg("Resumed {game}", game=_describe(session)))


def _describe(session: Session, capital: bool = False) -> Msg:
    """A game as the host knows it: "the <title> game of Ana, Ben and Cy" ("The ..." to start
    a sentence)."""
    title = term(games.describe(session.name).title)
    names = session.view(TABLE).get("names") or []
    if not names:
        return Msg("The {game} game", game=title) if capital else Msg("the {game} game", game=title)
    who = Listed(names)
    return (Msg("The {game} game of {names}", game=title, names=who) if capital
            else Msg("the {game} game of {names}", game=title, names=who))


def _may_export(session: Session) -> bool:
    """A finished game's record holds nothing secret any more; one still in play may (whatever
    the game's `secrets(state)` names: a hand, an unturned back, a hidden map)."""
    if session.is_over():
        return True
    hidden = session.rules.secrets(session.state)
    return not any(hidden.values())


def _summary(session: Session, record) -> dict:
    """One line of the host page's list of games."""
    view = session.view(TABLE)
    return {"id": session.id, "game": session.name, "title": games.describe(session.name).title,
            "names": view.get("names") or [], "scores": view.get("scores") or {},
            "winners": view.get("winners") or [], "finished": session.is_over(),
            "moves": len(session.moves), "created": record.created, "record": _may_export(session)}

