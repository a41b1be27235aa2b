"""The running companion: table events, buttons and phones in; snapshots out. Names no game.

Game state changes in one place: a single worker thread takes commands in order (what the
camera saw, a button, a phone) and is the only code that touches the session. Everything else
reads what it publishes: an immutable snapshot with a version number, which the OLED, the web
pages and the live streams follow. A camera game's watcher (its camera part) turns the table
events into moves or questions (a Prompt) here, on the worker.
"""
from __future__ import annotations

import logging
import queue
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Callable

from . import games
from .games import TABLE, IllegalMove, Viewer
from .games.base import Prompt
from .panel import pages
from .session import Session
from .store import Store

log = logging.getLogger("paradox-table")


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
                 shutdown=None):
        self.store = store
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
        session = Session.resume(store)
        self._snap = Snapshot(1, session, session.state if session else None,
                              message=self._resume_message(session))

    @staticmethod
    def _resume_message(session) -> str:
        if session is None:
            return "Start a game on the host page"
        return f"Resumed {session.name} game {session.id}"

    # ------------------------------------------------------------- reading

    @property
    def snapshot(self) -> Snapshot:
        return self._snap

    def wait_for_change(self, since: int, timeout: float) -> Snapshot:
        """Block until the published version is newer than `since` (or the timeout passes)."""
        with self._changed:
            self._changed.wait_for(lambda: self._snap.version > since or not self._running,
                                   timeout=timeout)
            return self._snap

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
            if command is None:
                continue
            try:
                result = command.run()
            except IllegalMove as exc:
                if command.public:
                    self._set(message=str(exc), alert=str(exc))
                command.done.set_exception(exc)
            except Exception as exc:  # the table must keep going; the journal gets the details
                log.exception("command failed")
                self._set(message="Something went wrong; the game is unchanged")
                command.done.set_exception(exc)
            else:
                command.done.set_result(result)

    def post(self, run: Callable, public: bool = True) -> Future:
        """Run `run()` on the worker; the future holds its result or its IllegalMove."""
        cmd = _Command(run, public)
        if not self._running:
            cmd.done.set_exception(IllegalMove("the companion is stopping"))
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

    def new_game(self, game: str, options: dict, seed: int | None = None) -> Future:
        def run():
            old = self._snap.session
            session = Session.create(self.store, game, options, seed)
            if old is not None and not old.is_over():
                self.store.end_game(old.id)
            for viewer in session.viewers():  # every seat's phone link, before anyone sees the game
                self.store.issue_token(session.id, viewer)
            names = session.view(TABLE).get("names") or []
            title = games.describe(game).title
            self._set(session=session, prompt=None, screen="auto",
                      message=f"New {title} game" + (f": {', '.join(names)}" if names else ""))
            return session.id
        return self.post(run)

    def reissue(self, viewer: str, label: str) -> Future:
        """A new phone link for a seat (a lost phone); the old link stops working at once."""
        def run():
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
            events = self._session().submit(move, source)
            said = events[-1].text() if events else self._snap.message
            self._set(message=said, prompt=None)
            self._judge()  # the camera's memory follows at once (a tile may be this play's)
            return events
        return self.post(run, public=source != "phone")

    def undo(self, source: str) -> Future:
        def run():
            if self._snap.prompt is not None:  # B on a prompt rejects the doubtful read
                self._set(prompt=None, message="Ignored; show it again or correct it by phone")
                return self._judge()
            move = self._session().undo(source)
            self._set(message="Took back the last move")  # the move itself may hold a secret
            return move
        return self.post(run)

    def ask(self, prompt: Prompt) -> Future:
        """Put a doubtful read on the OLED; A submits its move, B drops it."""
        return self.post(lambda: self._set(prompt=prompt, message=prompt.text))

    def confirm(self, source: str = "button") -> Future:
        def run():
            prompt = self._snap.prompt
            if prompt is None or prompt.move is None:
                self._set(prompt=None)
                return self._judge() if prompt is not None else None
            try:
                events = self._session().submit(prompt.move, source)
            except IllegalMove:
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
            return self._judge()
        return self.post(run)

    def _table_watcher(self):
        """Worker only: the camera game's watcher for the session in progress, or None."""
        session = self._snap.session
        camera = games.part(session.name, "camera") if session is not None else None
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

    def show_screen(self, screen: str) -> Future:
        return self.post(lambda: self._set(screen=screen))

    def say(self, message: str) -> Future:
        return self.post(lambda: self._set(message=message))

    def safe_shutdown(self) -> Future:
        def run():
            self._set(shutting_down=True, message="Safe to unplug")
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
