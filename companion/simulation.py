"""The virtual table: what a person does with pieces, done with a mouse on the host page.

It only moves pieces on vision's synthetic mat; the verbs (what "play" or "flip" means) are the
game's own `simulation` part. The companion learns of a move exactly as it would at a real
table: from camera frames of that mat going through the real vision pipeline.
"""
from __future__ import annotations

import threading

from .games import IllegalMove


class VirtualTable:
    def __init__(self, synthetic_table, layout, verbs):
        self.table = synthetic_table
        self.layout = layout
        self.verbs = verbs.Verbs(synthetic_table, layout) if verbs else None
        self._lock = threading.Lock()

    def act(self, action: dict, view: dict | None = None) -> str:
        """One of the game's verbs, e.g. {"action": "play", ...}; `view` is the table's view."""
        if not isinstance(action, dict) or not isinstance(action.get("action"), str):
            raise IllegalMove('say what to do on the virtual table, e.g. {"action": "clear"}')
        if self.verbs is None:
            raise IllegalMove("this game has nothing to lay on the virtual table")
        with self._lock:
            return self.verbs.act(action, view or {})

    def frame(self):
        with self._lock:
            return self.table.render()
