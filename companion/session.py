"""A game session: moves in, adjudications out, undo; its state is the replay of its log.

A session is not thread-safe on purpose: the running companion gives it to one worker, which
takes moves in order from the camera, the buttons and the phones alike.
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass

from . import games
from .games.base import Event, IllegalMove, Viewer, to_dict
from .i18n import Msg
from .store import StorageFull, Store

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Step:
    """One accepted move, the state after it, and what it caused."""
    move: object
    state: object
    events: tuple


class Session:
    def __init__(self, store: Store, game_id: int):
        record = store.game(game_id)
        self.store = store
        self.id = game_id
        self.name = record.game
        self.options = record.options
        self.seed = record.seed
        self.rules = games.load(record.game)
        self.initial = self.rules.setup(dict(record.options), record.seed)
        self._steps: list[Step] = []
        self._kept = record.options.get("kept")
        for entry in store.entries(game_id):
            if entry.kind == "undo":
                self._steps.pop()
            else:
                self._steps.append(self._advance(self.rules.move_from_dict(entry.body)))
        # the game as the companion took it up (started, or resumed after a restart): what the
        # table is taken to show until the camera has seen it agree
        self.taken_up = self.state

    # creating and finding games -------------------------------------------

    @classmethod
    def create(cls, store: Store, game: str, options: dict | None = None,
               seed: int | None = None) -> "Session":
        """Check the options by setting the game up, then record it."""
        options = dict(options or {})
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        rules = games.load(game)
        kept = store.kept(game) if "kept" not in options else None
        if kept is not None:  # what earlier games taught; in the options, so replay is exact
            options["kept"] = kept
        rules.setup(dict(options), seed)  # raises IllegalMove on bad options
        return cls(store, store.create_game(game, options, seed))

    @classmethod
    def resume(cls, store: Store) -> "Session | None":
        """The newest game not ended, replayed. A game whose last move is on disk but whose end
        was not yet marked (the power went between the two writes, or the disk was full) is
        marked now and, finished, not resumed: as if the mark had landed."""
        finished = set()
        while (record := store.latest_open_game()) is not None and record.id not in finished:
            session = cls(store, record.id)
            if not session.is_over():
                return session
            finished.add(record.id)
            try:
                store.end_game(record.id)
            except StorageFull:
                log.warning("game %s is over; its end waits for free space", record.id)
                return None
        return None

    # playing --------------------------------------------------------------

    @property
    def state(self):
        return self._steps[-1].state if self._steps else self.initial

    @property
    def moves(self) -> list:
        return [s.move for s in self._steps]

    def _advance(self, move) -> Step:
        state, events = self.rules.apply(self.state, move)
        return Step(move, state, tuple(events))

    def submit(self, move, source: str = "table") -> list[Event]:
        """Adjudicate a move; if the rules accept it, it is on disk before this returns."""
        if isinstance(move, dict):
            move = self.rules.move_from_dict(move)
        step = self._advance(move)  # IllegalMove leaves everything as it was
        self.store.append(self.id, "move", to_dict(move), source)
        self._steps.append(step)
        try:  # the move is stored; a disk that fills just now only delays these marks
            if self.rules.is_over(step.state):
                self.store.end_game(self.id)
            self._keep()
        except StorageFull:
            log.warning("game %s: the move is kept, but its marks wait for free space", self.id)
        return list(step.events)

    def _keep(self):
        """Hand what the table taught (the game's `keep`) to the next game of this kind."""
        taught = self.rules.keep(self.state)
        if taught is not None and taught != self._kept:
            self.store.keep(self.name, taught)
            self._kept = taught

    def undo(self, source: str = "table"):
        """Take back the last accepted move (recorded as an undo entry); returns that move."""
        if not self._steps:
            raise IllegalMove(Msg("there is nothing to undo"))
        was_over = self.is_over()
        self.store.append(self.id, "undo", {}, source)
        step = self._steps.pop()
        if was_over:
            self.store.reopen_game(self.id)
        self._keep()
        return step.move

    def undo_to(self, state, source: str = "table", most: int = 12) -> list:
        """Take back every move since the game was `state` (at most `most` of them); the moves
        taken back, last first. IllegalMove, with nothing taken back, if it was not so lately."""
        states = [self.initial] + [s.state for s in self._steps]
        back = next((n for n in range(min(most, len(self._steps)) + 1) if states[-1 - n] == state), None)
        if back is None:
            raise IllegalMove(Msg("the table shows the game as it was too long ago: correct it by phone"))
        return [self.undo(source) for _ in range(back)]

    def last_events(self) -> list[Event]:
        return list(self._steps[-1].events) if self._steps else []

    def viewers(self) -> list[str]:
        """Who gets a phone link: one per seat, or the game's own list (e.g. a game master)."""
        return list(self.rules.viewers(self.state))

    def view(self, viewer: Viewer) -> dict:
        return self.rules.view(self.state, viewer)

    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def export(self) -> list[dict]:
        """The game as a record: a header line, then one line per move in force."""
        # every option it was played with: one left out took the form's default, which a record's
        # own default may not be (a hand-written Domino Dynasty record lays its own starts)
        options = {**games.describe(self.name).defaults(), **self.options}
        header = {"game": self.name, "format": 1, **options, "seed": self.seed}  # records.FORMAT
        return [header] + [{"move": to_dict(m)} for m in self.moves]
