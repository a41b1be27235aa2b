"""The companion's single worker: commands run one at a time, in order, on one thread, and each
change is published as a new immutable Snapshot that everyone else reads (the OLED, the web pages,
the live streams). Only code run by the worker touches the session."""
from __future__ import annotations

import logging
import queue
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Callable

from .errors import Stopping, TableError
from .i18n import Msg
from .i18n import said as i18n_said
from .snapshot import Snapshot

log = logging.getLogger("paradox-table")


@dataclass
class _Command:
    run: Callable
    public: bool = True  # a refusal is said on the OLED; a phone's own refusal goes back to it alone
    done: Future = field(default_factory=Future)


class Worker:
    """The Companion's worker and its snapshots (the Companion's __init__ sets up the queue, the
    condition and the first snapshot)."""

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

    @property
    def running(self) -> bool:
        return self._running
