"""The camera's judging, on the Companion's worker: a camera game's watcher turns what the camera
saw into moves, or into a question on the OLED (a Prompt) that button A or B answers."""
from __future__ import annotations

from concurrent.futures import Future

from . import games
from .games.base import Prompt
from .i18n import Msg


class Judging:
    """The camera's commands (a part of Companion)."""

    def ask(self, prompt: Prompt) -> Future:
        """Put a doubtful read on the OLED; A submits its move, B drops it."""
        return self.post(lambda: self._set(prompt=prompt, message=prompt.text))

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
            elif notice is not None and watcher.settled(notice, self._snap.session.state):
                # "table or phone?" while the players were moving the pieces to match: answered
                self._set(prompt=None, message=Msg("The table matches the game now"))
            judged = self._judge()
            if events and self._matching is not None:
                # the players moved pieces after "make the table match": in step unless asked again
                if self._snap.prompt is None and self._snap.message is self._matching:
                    self._set(message="")
                self._matching = None
            return judged
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
            # phones may have moved on before the camera's first look: the table lies as the
            # game did when it was taken up, not as a move the camera should make again
            self._watcher.begin(session.taken_up)
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
