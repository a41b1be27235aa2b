"""Paradominetor's virtual-table verbs: put a tile in the trick, flip the paradox tiles, clear.

What a person does with the game's own tiles, done from the host page:
- only real tiles go down: a colour of this game and a value its back has (past 1-4, present 1-5,
  future 2-6; the black 0 is a past tile). Anything else is refused at once, in a player's words;
- the tiles of a scored trick stay until the next tile is put down, which first clears them, as
  players gather a trick before the next lead. Nothing is cleared while a paradox waits for its
  tiles to be turned over;
- each trick is laid in the other row of the trick area from the trick before, so a new tile never
  lands where the camera last saw a gathered one (it would take the new tile for the old one,
  turned over or read again).
"""
from __future__ import annotations

from ..base import IllegalMove, Simulation
from .tiles import BLACK, COLOURS, TIMEFRAMES, VALUES, timeframes_of

SLOTS = 5            # tiles side by side across the trick area: one per seat at most
ROWS = (0.27, 0.73)  # the two rows tricks take in turn, as fractions of the area's height


class Verbs:
    def __init__(self, table, layout):
        self.table = table          # vision's SyntheticTable
        self.layout = layout
        self._trick: list[tuple[int, int]] = []  # (seat, tile id) in the trick area, in play order
        self._row = 0
        self._scored: int | None = None  # tricks scored when the tiles lying there went down

    def slot(self, i: int) -> tuple[float, float]:
        """Where the i-th tile of a trick goes: side by side across the trick area, in this trick's row."""
        z = self.layout.zones["trick"]
        return z.x + (i + 0.5) * z.w / SLOTS, z.y + z.h * ROWS[self._row]

    def act(self, action: dict, view: dict) -> str:
        """play {seat, tile}, flip {seats?}, clear: the host page's verbs. `view` is the table's
        view of the game (empty when a caller has none: then nothing is checked against it)."""
        kind = action.get("action")
        if kind == "play":
            return self._play(action, view)
        if kind == "flip":
            return self._flip(action.get("seats") or list(view.get("awaiting_flip", ())), view)
        if kind == "clear":
            self._no_paradox_waiting(view, "clearing the trick area")
            self._clear()
            return "The trick area is clear"
        raise IllegalMove("The virtual table can put a tile in the trick, flip the paradox tiles "
                          "or clear the trick area")

    # ------------------------------------------------------------------ the verbs

    def _play(self, action, view) -> str:
        seat = action.get("seat")
        names = view.get("names") or []
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0 or (names and seat >= len(names)):
            raise IllegalMove("Choose whose tile it is: a seat at this table")
        face, timeframe, words = self._real_tile(action.get("tile"), view.get("colours") or COLOURS)
        if view.get("finished"):
            raise IllegalMove("The game is over: no more tiles go down")
        self._no_paradox_waiting(view, "the next tile goes down")
        done = len(view["tricks"]) if "tricks" in view else None
        if self._trick and done is not None and self._scored is not None and done > self._scored:
            self._clear()  # the scored trick is gathered before the next tile goes down
        if len(self._trick) >= SLOTS:
            raise IllegalMove("The trick area is full: wait for the camera to score the trick, "
                              "or clear the trick area")
        if not self._trick:
            self._scored = done
        x, y = self.slot(len(self._trick))
        try:
            tile_id = self.table.place(face, x, y, angle=0.0, face_up=True, back=timeframe)
        except ValueError:
            raise IllegalMove(f"The virtual table has no {words} tile") from None
        self._trick.append((seat, tile_id))
        who = names[seat] if names else f"seat {seat + 1}"
        return f"Put {words} for {who} in the trick area"

    def _flip(self, seats, view) -> str:
        if not seats:
            raise IllegalMove("No paradox waits: there is nothing to flip")
        mine = [tile_id for seat, tile_id in self._trick if seat in seats and tile_id in self.table.tiles]
        if not mine:
            raise IllegalMove("Those paradox tiles are not on the virtual table (entered by phone?): "
                              "their players say what their backs show on their phones")
        face_up = [t for t in mine if self.table.tiles[t].face_up]
        if not face_up:
            raise IllegalMove("The paradox tiles already show their backs")
        for tile_id in face_up:  # turned once: a second press never turns a back face up again
            self.table.flip(tile_id)
        return f"Turned over {len(face_up)} paradox tile{'s' if len(face_up) != 1 else ''}"

    # ------------------------------------------------------------------ helpers

    def _clear(self) -> None:
        if self.table.tiles:
            self._row = 1 - self._row  # the next trick goes in the other row
        self.table.clear()
        self._trick.clear()
        self._scored = None

    @staticmethod
    def _no_paradox_waiting(view, what: str) -> None:
        waiting = view.get("awaiting_flip") or []
        if waiting:
            names = view.get("names") or []
            who = " and ".join(names[s] if s < len(names) else f"seat {s + 1}" for s in waiting)
            raise IllegalMove(f"A paradox waits: turn over the paradox tiles ({who}) before {what}")

    @staticmethod
    def _real_tile(text, colours) -> tuple[str, str, str]:
        """(face, timeframe, words) of a tile written red-3-past or black-0, if this game has it."""
        if not isinstance(text, str) or not text:
            raise IllegalMove("Choose a tile: its colour, its value and the timeframe on its back")
        parts = text.strip().lower().split("-")
        colour = parts[0]
        value = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
        timeframe = parts[2] if len(parts) > 2 else None
        if colour == BLACK:
            if value not in (None, 0) or timeframe not in (None, "past") or len(parts) > 3:
                raise IllegalMove("The black tile is a 0, and its back is past")
            return f"{BLACK}-0", "past", "black 0"
        if colour not in colours:
            raise IllegalMove(f"There are no {colour} tiles in this game: its colours are "
                              f"{_listed(list(colours) + [BLACK])}")
        if value is None or len(parts) > 3:
            raise IllegalMove(f"Which {colour} tile? Give its value and the timeframe on its back")
        words = f"{colour} {value}"
        if not timeframes_of(colour, value):
            raise IllegalMove(f"There is no {words}: {colour} tiles run from 1 to 6 "
                              "(only the black tile is a 0)")
        if timeframe not in TIMEFRAMES:
            raise IllegalMove(f"Which {words}? Its back says {_listed(timeframes_of(colour, value), 'or')}")
        if value not in VALUES[timeframe]:
            raise IllegalMove(f"There is no {timeframe} {words}: {words} is only "
                              f"{_listed(timeframes_of(colour, value), 'or')}")
        return f"{colour}-{value}", timeframe, f"{words} ({timeframe})"


def _listed(items, last="and") -> str:
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


# the synthetic table its reader draws keeps its pieces as `tiles`
SIMULATION = Simulation(verbs=Verbs, pieces=lambda table: table.tiles)
