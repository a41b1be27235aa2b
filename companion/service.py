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

import queue
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future
from typing import Callable

from .errors import InProgress, Stopping, TableError  # noqa: F401  (InProgress: callers import it from here)
from .games import IllegalMove
from .games.base import Agreed, TakeBack
from .hosting import Hosting, resumed
from .i18n import Msg
from .i18n import said as i18n_said
from .judging import Judging
from .panel import pages
from .seats import Seats
from .session import Session
from .snapshot import HOST_REQUEST_SECONDS, Snapshot  # noqa: F401  (HOST_REQUEST_SECONDS: callers import it from here)
from .store import Store
from .worker import Worker

STOPPING = Msg("The companion is shutting down and takes no more moves; start it again to play on")


class Companion(Hosting, Seats, Judging, Worker):
    """The table service. Start it, post commands, follow snapshots; stop it to close. Its worker,
    hosting, seats and the camera's judging are each a module of their own; the game's flow
    (moves, the buttons, the OLED) is here."""

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
        self._matching = None  # what to move for the table to match the game, while it is said
        self._host_answers: OrderedDict[str, str] = OrderedDict()  # request id -> yes/no/expired
        self._summaries: dict[int, tuple[int, dict]] = {}  # game id -> (log length, summary)
        session = Session.resume(store)
        self._snap = Snapshot(1, session, session.state if session else None,
                              message=self._resume_message(session), language=store.language(),
                              language_chosen=store.language_chosen())

    @staticmethod
    def _resume_message(session) -> str:
        if session is None:
            return Msg("No game yet: start one below, under Start a new game")  # shown on the host page only
        return resumed(session)

    # ------------------------------------------------------------- the game's flow (worker side)

    def _session(self) -> Session:
        if self._snap.session is None:
            raise IllegalMove(Msg("no game is in progress: start one on the host page"))
        return self._snap.session

    def _open(self):
        """Worker only: refuse anything that would change a game once shutdown was asked."""
        if self._snap.shutting_down:
            raise Stopping(STOPPING)

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
            look = self._watcher is not None and self._watcher.undone()  # the table still shows it
            self._set(message=Msg("Took back the last move"))  # the move itself may hold a secret
            if look:
                self._judge()  # the watcher says at once what to put back on the table
            return move
        return self.post(run)

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
                # "make the table match ...": said until the camera sees the table change
                self._matching = said if isinstance(prompt.move, Agreed) else None
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
