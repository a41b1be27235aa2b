"""The running companion: table events, buttons and phones in; snapshots out. Names no game.

Game state changes in one place: a single worker thread takes commands in order (what the
camera saw, a button, a phone) and is the only code that touches the session. Everything else
reads what it publishes: an immutable snapshot with a version number, which the OLED, the web
pages and the live streams follow. A camera game's watcher (its camera part) turns the table
events into moves or questions (a Prompt) here, on the worker.

Besides the game, the worker keeps who may join and host: a phone that asks to become the host
(a HostRequest, answered with button A or B on the device), the seats phones have taken, and
which of the kept games is the one in progress.
"""
from __future__ import annotations

import hmac
import json
import logging
import queue
import secrets
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Callable

from . import games
from .errors import InProgress, Stopping, TableError
from .games import TABLE, IllegalMove, Viewer
from .games.base import Agreed, Prompt, TakeBack
from .i18n import DEFAULT, LANGS, Listed, Msg, term
from .i18n import said as i18n_said
from .panel import pages
from .session import Session
from .store import Store

log = logging.getLogger("paradox-table")

HOST_REQUEST_SECONDS = 60  # how long a phone's request to become the host waits for A or B
STOPPING = Msg("The companion is shutting down and takes no more moves; start it again to play on")


@dataclass(frozen=True)
class HostRequest:
    """A phone on the join page asks to become the host. The OLED shows `code`, the phone shows
    the same code, and button A (yes) or B (no) answers; `id` is known to that phone alone."""
    id: str
    code: str
    expires: float  # on the companion's clock
    seconds: int = HOST_REQUEST_SECONDS  # how long it waits, as the phone counts it


@dataclass(frozen=True)
class Snapshot:
    """What the companion publishes after every change. Views are made from `state` on demand."""
    version: int
    session: Session | None
    state: object | None
    message: str = ""            # the last thing said: an adjudication, a refusal, a hint
    alert: str = ""              # a refusal the OLED shows until the next accepted change
    prompt: Prompt | None = None
    screen: str = "auto"         # the OLED page chosen with button C; "auto" follows the game
    shutting_down: bool = False
    host_request: HostRequest | None = None  # a phone waiting for A or B to become the host
    language: str = DEFAULT      # the table's language: the OLED's, and a phone's unless it chose

    def view(self, viewer: Viewer) -> dict:
        if self.session is None:
            return {"game": None}
        return self.session.rules.view(self.state, viewer)


@dataclass
class _Command:
    run: Callable
    public: bool = True  # a refusal is said on the OLED; a phone's own refusal goes back to it alone
    done: Future = field(default_factory=Future)


class Companion:
    """The table service. Start it, post commands, follow snapshots; stop it to close."""

    def __init__(self, store: Store, *, join_url: str = "", on_publish=(), watchdog=None,
                 shutdown=None, clock: Callable[[], float] = time.monotonic):
        self.store = store
        self._clock = clock
        self.join_url = join_url
        self._commands: queue.Queue = queue.Queue()
        self._changed = threading.Condition()
        self._subscribers = list(on_publish)
        self._watchdog = watchdog      # called from the worker loop: WATCHDOG=1
        self._shutdown = shutdown      # called after "safe to unplug" is shown
        self._thread: threading.Thread | None = None
        self._running = False
        self._watcher = None  # the camera game's memory of what lies on the table
        self._watcher_for: int | None = None
        self._host_answers: OrderedDict[str, str] = OrderedDict()  # request id -> yes/no/expired
        self._summaries: dict[int, tuple[int, dict]] = {}  # game id -> (log length, summary)
        session = Session.resume(store)
        self._snap = Snapshot(1, session, session.state if session else None,
                              message=self._resume_message(session), language=store.language())

    @staticmethod
    def _resume_message(session) -> str:
        if session is None:
            return Msg("No game yet: start one below, under Start a new game")  # shown on the host page only
        return Msg("Resumed {game} game {number}", game=term(session.name), number=session.id)

    # ------------------------------------------------------------- reading

    @property
    def snapshot(self) -> Snapshot:
        return self._snap

    def wait_for_change(self, since: int, timeout: float, stop: Callable[[], bool] | None = None) -> Snapshot:
        """Block until the published version is newer than `since` (or the timeout passes, or
        `stop()` turns true after a `wake()`)."""
        with self._changed:
            self._changed.wait_for(lambda: self._snap.version > since or not self._running
                                   or (stop is not None and stop()), timeout=timeout)
            return self._snap

    def wake(self):
        """Wake everyone in wait_for_change to look at their `stop` again (a closing server)."""
        with self._changed:
            self._changed.notify_all()

    def subscribe(self, callback: Callable[[Snapshot], None]):
        """Called with every new snapshot, on the worker thread: keep it quick."""
        self._subscribers.append(callback)
        callback(self._snap)

    # ------------------------------------------------------------- the worker

    def start(self):
        self._running = True
        self._thread = threading.Thread(target=self._work, name="companion-worker", daemon=True)
        self._thread.start()
        self._publish(self._snap)

    def stop(self):
        if not self._running:
            return
        self._running = False
        self._commands.put(None)
        if self._thread:
            self._thread.join(timeout=5)
        with self._changed:
            self._changed.notify_all()

    def _work(self):
        while self._running:
            try:
                command = self._commands.get(timeout=1.0)
            except queue.Empty:
                command = None
            if self._watchdog:
                self._watchdog()
            self._expire_host_request()
            if command is None:
                continue
            try:
                result = command.run()
            except TableError as exc:  # a refusal or a fault, said in words
                if command.public:
                    self._set(message=i18n_said(exc), alert=i18n_said(exc))
                command.done.set_exception(exc)
            except Exception as exc:  # the table must keep going; the journal gets the details
                log.exception("command failed")
                self._set(message=Msg("Something went wrong; the game is unchanged"))
                command.done.set_exception(exc)
            else:
                command.done.set_result(result)

    def post(self, run: Callable, public: bool = True) -> Future:
        """Run `run()` on the worker; the future holds its result or its TableError."""
        cmd = _Command(run, public)
        if not self._running:
            cmd.done.set_exception(Stopping(Msg("the companion is stopping")))
            return cmd.done
        self._commands.put(cmd)
        return cmd.done

    def call(self, run: Callable, timeout: float = 10.0):
        return self.post(run).result(timeout)

    def _set(self, **changes) -> Snapshot:
        """Worker only: publish a new snapshot."""
        changes.setdefault("alert", "")
        snap = replace(self._snap, version=self._snap.version + 1, **changes)
        if snap.session is not None:
            snap = replace(snap, state=snap.session.state)
        self._publish(snap)
        return snap

    def _publish(self, snap: Snapshot):
        with self._changed:
            self._snap = snap
            self._changed.notify_all()
        for callback in list(self._subscribers):
            try:
                callback(snap)
            except Exception:
                log.exception("a subscriber failed")

    # ------------------------------------------------------------- commands (worker side)

    def _session(self) -> Session:
        if self._snap.session is None:
            raise IllegalMove("no game is in progress: start one on the host page")
        return self._snap.session

    def _open(self):
        """Worker only: refuse anything that would change a game once shutdown was asked."""
        if self._snap.shutting_down:
            raise Stopping(STOPPING)

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

    def resume(self, game_id: int, *, replace: bool = False) -> Future:
        """A kept game, finished or not, becomes the one in progress again, with its seat links
        (the phones that held them come back to their seats)."""
        def run():
            self._open()
            current = self._snap.session
            if current is not None and current.id == game_id:
                raise IllegalMove("that game is already the one on the table")
            try:
                self.store.game(game_id)
            except KeyError:
                raise IllegalMove("there is no such game; choose one from the list") from None
            session = Session(self.store, game_id)
            self._set_aside(replace, Msg("resuming another"), Msg("resume this one"))
            if not session.is_over():
                self.store.reopen_game(game_id)
            have = self.store.tokens(game_id)
            for viewer in session.viewers():
                if viewer not in have:
                    self.store.issue_token(game_id, viewer)
            said = (Msg("Resumed {game}: it is over", game=_describe(session)) if session.is_over()
                    else Msg("Resumed {game}", game=_describe(session)))
            self._set(session=session, prompt=None, screen="auto", message=said)
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
            raise IllegalMove("there is no such game; choose one from the list") from None
        session = Session(self.store, game_id)
        if not _may_export(session):
            raise IllegalMove(HIDDEN_RECORD)
        return "".join(json.dumps(line) + "\n" for line in session.export())

    # ------------------------------------------------------------- joining and hosting

    def _seat_in_play(self, viewer: str):
        """The session in progress, once `viewer` is one of its seats (on the worker)."""
        self._open()
        session = self._session()
        if viewer not in session.viewers():
            raise IllegalMove("choose a seat of the game in progress")
        return session

    def take_seat(self, viewer: str, label: str) -> Future:
        """A phone on the join page takes a free seat: the seat's link in force, which stays
        this phone's until the host gives the seat a new link."""
        def run():
            session = self._seat_in_play(viewer)
            token = self.store.take_seat(session.id, viewer)
            if token is None:
                raise IllegalMove(f"{label}'s seat is taken. If it is yours, ask the host to free it")
            self._set(alert=self._snap.alert)  # the join pages and the host page show it taken
            return token
        return self.post(run, public=False)

    def seat_opened(self, token: str) -> Future:
        """A seat link was opened on a phone: that seat is taken from now on."""
        def run():
            if self.store.mark_taken(token):
                self._set(alert=self._snap.alert)
        return self.post(run, public=False)

    def show_seat(self, viewer: str, label: str) -> Future:
        """The host opens a seat's link (to hand a phone over): its token, for the host page alone.
        Never silently: the seat's own page says the host opened it, and when."""
        def run():
            session = self._seat_in_play(viewer)
            token = self.store.show_seat(session.id, viewer)
            if token is None:
                raise IllegalMove(f"{label}'s seat has no link; give it a new one first")
            self._set(alert=self._snap.alert)  # the seat's page and the host page say so
            return token
        return self.post(run, public=False)

    def request_host(self) -> Future:
        """A phone asks to become the host: the OLED asks the table (A yes, B no) for a while.
        One request at a time; the Future holds the HostRequest."""
        def run():
            self._open()
            waiting = self._snap.host_request
            if waiting is not None:
                raise IllegalMove("Another phone is already asking to be the host. Wait until the "
                                  "companion's screen has an answer, then ask again")
            request = HostRequest(secrets.token_urlsafe(18), f"{secrets.randbelow(10_000):04d}",
                                  self._clock() + HOST_REQUEST_SECONDS)
            self._set(host_request=request, alert=self._snap.alert)
            return request
        return self.post(run, public=False)

    def host_answer(self, request_id: str) -> str | None:
        """What the table answered a host request: "waiting", "yes", "no" or "expired"; None for a
        request this companion does not know (any thread)."""
        waiting = self._snap.host_request
        if waiting is not None and hmac_equal(waiting.id, request_id):
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

    def reissue(self, viewer: str, label: str) -> Future:
        """A new phone link for a seat (a lost phone); the old link stops working at once."""
        def run():
            self._open()
            session = self._session()
            if viewer not in session.viewers():
                raise IllegalMove("choose a seat of the game in progress")
            self.store.issue_token(session.id, viewer)
            self._set(message=f"{label} has a new link")
        return self.post(run)

    @property
    def running(self) -> bool:
        return self._running

    def submit(self, move, source: str) -> Future:
        """A move from anywhere (camera, button, phone): adjudicated, stored, published."""
        def run():
            self._open()
            events = self._session().submit(move, source)
            said = events[-1].text() if events else self._snap.message
            self._set(message=said, prompt=None)
            self._judge()  # the camera's memory follows at once (a tile may be this play's)
            return events
        return self.post(run, public=source != "phone")

    def undo(self, source: str) -> Future:
        def run():
            if source == "button" and self._snap.host_request is not None:
                return self._answer_host(False)  # B on the host question: no
            self._open()
            if self._snap.prompt is not None:  # B on a prompt rejects the doubtful read
                said = self._snap.prompt.no or Msg("Ignored; show it again or correct it by phone")
                self._set(prompt=None, message=said)
                return self._judge()
            move = self._session().undo(source)
            if self._watcher is not None:
                self._watcher.undone()  # what the table still shows of it is to be put back
            self._set(message="Took back the last move")  # the move itself may hold a secret
            return move
        return self.post(run)

    def ask(self, prompt: Prompt) -> Future:
        """Put a doubtful read on the OLED; A submits its move, B drops it."""
        return self.post(lambda: self._set(prompt=prompt, message=prompt.text))

    def confirm(self, source: str = "button") -> Future:
        def run():
            if source == "button" and self._snap.host_request is not None:
                return self._answer_host(True)  # A on the host question: yes
            self._open()
            prompt = self._snap.prompt
            if prompt is None or prompt.move is None:
                self._set(prompt=None)
                return self._judge() if prompt is not None else None
            if isinstance(prompt.move, (TakeBack, Agreed)):  # the table or the game is right
                said = prompt.move.said
                if isinstance(prompt.move, TakeBack):
                    try:
                        self._session().undo_to(prompt.move.to, source)
                    except TableError as exc:  # too long ago, or the disk is full
                        said = i18n_said(exc)
                self._set(prompt=None, message=said)
                return self._judge()
            try:
                events = self._session().submit(prompt.move, source)
            except TableError:  # refused, or not kept (a full disk): the question is gone either way
                self._set(prompt=None)
                raise
            if self._watcher is not None:
                self._watcher.accepted(prompt.at)
            self._set(prompt=None, message=events[-1].text() if events else "")
            self._judge()  # the camera may have seen more while the question was up
            return events
        return self.post(run)

    def next_screen(self) -> Future:
        """Button C: the next choice of a question, otherwise the next OLED page of the game."""
        def run():
            prompt = self._snap.prompt
            if prompt is not None and len(prompt.choices) > 1:
                return self._set(prompt=prompt.next_choice())
            session = self._snap.session
            cycle = pages(session.name if session else None)
            i = cycle.index(self._snap.screen) if self._snap.screen in cycle else -1
            self._set(screen=cycle[(i + 1) % len(cycle)])
        return self.post(run)

    def observe(self, events: list) -> Future:
        """The camera's table events (vision.tracker.TableEvent), judged on the worker."""
        def run():
            watcher = self._table_watcher()
            if watcher is None:
                return None
            watcher.see(events)
            notice = self._snap.prompt
            if notice is not None and notice.move is None and watcher.retract(notice):
                # the table changed under a refusal (the domino taken off?): look at it again
                self._set(prompt=None, message="")
            return self._judge()
        return self.post(run)

    def _table_watcher(self):
        """Worker only: the camera game's watcher for the session in progress, or None."""
        session = self._snap.session
        if self._snap.shutting_down:  # what the camera sees after shutdown is not a move
            return None
        camera = games.camera(session.name) if session is not None else None
        if camera is None:
            return None
        if self._watcher is None or self._watcher_for != session.id:
            self._watcher, self._watcher_for = camera.watcher(session.rules), session.id
        return self._watcher

    def _judge(self):
        """Worker only: act on what the watcher has seen, unless a question is on the OLED."""
        watcher = self._table_watcher()
        if watcher is None or self._snap.prompt is not None:
            return None
        session = self._snap.session
        # What was seen can settle several things (two paradox tiles flipped together).
        for _ in range(64):
            action = watcher.next(session.state)
            if isinstance(action, Prompt):
                self._set(prompt=action, message=action.text)
                return action
            if action is None:
                return None
            events = session.submit(action, "camera")
            self._set(message=events[-1].text() if events else "")
        return None

    def set_language(self, language: str) -> Future:
        """The table's language, chosen on the host page and kept in the store."""
        if language not in LANGS:
            raise IllegalMove(Msg("the table speaks {languages}", languages=Listed(LANGS, sep=" or ")))

        def run():
            self.store.set_language(language)
            self._set(language=language, message=self._snap.message, alert=self._snap.alert)
        return self.post(run)

    def show_screen(self, screen: str) -> Future:
        return self.post(lambda: self._set(screen=screen))

    def say(self, message: str) -> Future:
        return self.post(lambda: self._set(message=message))

    def warn(self, message: str) -> Future:
        """Something the table must see at once (the camera lost): on the OLED until the next
        accepted change, like a refusal."""
        return self.post(lambda: self._set(message=message, alert=message))

    def safe_shutdown(self) -> Future:
        def run():
            self._set(shutting_down=True, message=Msg("Safe to unplug"), host_request=None)
            if self._shutdown:
                self._shutdown()
        return self.post(run)

    def button(self, name: str) -> Future:
        """The three buttons: A confirm, B undo, C next screen; long C menu; long A+B shutdown."""
        actions = {"confirm": lambda: self.confirm("button"), "undo": lambda: self.undo("button"),
                   "next": self.next_screen, "menu": lambda: self.show_screen("join"),
                   "shutdown": self.safe_shutdown}
        if name not in actions:
            raise IllegalMove(f"there is no button action {name!r}")
        return actions[name]()


HIDDEN_RECORD = Msg("This game is still being played, and its record would show what some players "
                    "keep hidden; download it once the game is over")


def hmac_equal(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


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
