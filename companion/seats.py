"""Seats, on the Companion's worker: a phone takes a free seat, a seat link opened on a phone takes
its seat, the host opens a seat's link or gives a seat a new one."""
from __future__ import annotations

from concurrent.futures import Future

from .games import IllegalMove
from .i18n import Msg


class Seats:
    """The seats' commands (a part of Companion)."""

    def _seat_in_play(self, viewer: str):
        """The session in progress, once `viewer` is one of its seats (on the worker)."""
        self._open()
        session = self._session()
        if viewer not in session.viewers():
            raise IllegalMove(Msg("choose a seat of the game in progress"))
        return session

    def take_seat(self, viewer: str, label: str) -> Future:
        """A phone on the join page takes a free seat: the seat's link in force, which stays
        this phone's until the host gives the seat a new link."""
        def run():
            session = self._seat_in_play(viewer)
            token = self.store.take_seat(session.id, viewer)
            if token is None:
                raise IllegalMove(Msg("{name}'s seat is taken. If it is yours, ask the host to free it", name=label))
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
                raise IllegalMove(Msg("{name}'s seat has no link; give it a new one first", name=label))
            self._set(alert=self._snap.alert)  # the seat's page and the host page say so
            return token
        return self.post(run, public=False)

    def reissue(self, viewer: str, label: str) -> Future:
        """A new phone link for a seat (a lost phone); the old link stops working at once."""
        def run():
            session = self._seat_in_play(viewer)
            self.store.issue_token(session.id, viewer)
            self._set(message=Msg("{name} has a new link", name=label))
        return self.post(run)
