"""Paradominetor's virtual-table verbs: put a tile in the trick, flip the paradox tiles, clear."""
from __future__ import annotations

from ..base import IllegalMove
from .tiles import TIMEFRAMES


class Verbs:
    def __init__(self, table, layout):
        self.table = table          # vision's SyntheticTable
        self.layout = layout
        self._trick: list[tuple[int, int]] = []  # (seat, tile id) in the trick area, in play order

    def slot(self, i: int) -> tuple[float, float]:
        """Where the i-th tile of a trick goes: side by side across the trick area."""
        z = self.layout.zones["trick"]
        return z.x + (i + 0.5) * z.w / 5, z.y + z.h / 2

    def act(self, action: dict, view: dict) -> str:
        """play {seat, tile}, flip {seats?}, clear: the host page's verbs."""
        kind = action.get("action")
        if kind == "play":
            return self._play(action)
        if kind == "flip":
            return self._flip(action.get("seats") or list(view.get("awaiting_flip", ())))
        if kind == "clear":
            self.table.clear()
            self._trick.clear()
            return "The trick area is clear"
        raise IllegalMove("the virtual table can play a tile, flip paradox tiles or clear the trick")

    def _play(self, action) -> str:
        seat, tile = action.get("seat"), action.get("tile")
        if not isinstance(seat, int) or not isinstance(tile, str):
            raise IllegalMove('say which seat plays which tile, e.g. {"seat": 0, "tile": "red-3-past"}')
        parts = tile.split("-")
        if parts[0] == "black":
            face, timeframe = "black-0", "past"
        elif len(parts) == 3 and parts[2] in TIMEFRAMES:
            face, timeframe = f"{parts[0]}-{parts[1]}", parts[2]
        else:
            raise IllegalMove(f"{tile!r} is not a tile; the virtual table needs its timeframe too, "
                              "e.g. red-3-past")
        if len(self._trick) >= 5:
            raise IllegalMove("the trick area is full: clear it first")
        x, y = self.slot(len(self._trick))
        try:
            tile_id = self.table.place(face, x, y, angle=0.0, face_up=True, back=timeframe)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        self._trick.append((seat, tile_id))
        return f"Put {face} for seat {seat} in the trick area"

    def _flip(self, seats) -> str:
        flipped = 0
        for seat, tile_id in self._trick:
            if seat in seats:
                self.table.flip(tile_id)
                flipped += 1
        if not flipped:
            raise IllegalMove("no tile of those seats lies in the trick area")
        return f"Flipped {flipped} tiles"
