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

from ...i18n import Listed, Msg, Plural, term
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
        """play {seat, tile}, flip {seats?}, clear, lay (a resumed trick): the host page's verbs.
        `view` is the table's view of the game (empty when a caller has none: then nothing is
        checked against it)."""
        kind = action.get("action")
        if kind == "play":
            return self._play(action, view)
        if kind == "flip":
            return self._flip(action.get("seats") or list(view.get("awaiting_flip", ())), view)
        if kind == "lay":
            return self._lay(view)
        if kind == "clear":
            self._no_paradox_waiting(view, Msg("clearing the trick area"))
            self._clear()
            return Msg("The trick area is clear")
        raise IllegalMove(Msg("The virtual table can put a tile in the trick, flip the paradox tiles "
                              "or clear the trick area"))

    # ------------------------------------------------------------------ the verbs

    def _play(self, action, view) -> str:
        seat = action.get("seat")
        names = view.get("names") or []
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0 or (names and seat >= len(names)):
            raise IllegalMove(Msg("Choose whose tile it is: a seat at this table"))
        face, timeframe, words = self._real_tile(action.get("tile"), view.get("colours") or COLOURS)
        if view.get("finished"):
            raise IllegalMove(Msg("The game is over: no more tiles go down"))
        self._no_paradox_waiting(view, Msg("the next tile goes down"))
        done = len(view["tricks"]) if "tricks" in view else None
        if self._trick and done is not None and self._scored is not None and done > self._scored:
            self._clear()  # the scored trick is gathered before the next tile goes down
        if len(self._trick) >= SLOTS:
            raise IllegalMove(Msg("The trick area is full: wait for the camera to score the trick, "
                                  "or clear the trick area"))
        if not self._trick:
            self._scored = done
        x, y = self.slot(len(self._trick))
        try:
            tile_id = self.table.place(face, x, y, angle=0.0, face_up=True, back=timeframe)
        except ValueError:
            raise IllegalMove(Msg("The virtual table has no {tile} tile", tile=words)) from None
        self._trick.append((seat, tile_id))
        who = names[seat] if names else Msg("seat {seat}", seat=seat + 1)
        return Msg("Put {tile} for {name} in the trick area", tile=words, name=who)

    def _flip(self, seats, view) -> str:
        if not seats:
            raise IllegalMove(Msg("No paradox waits: there is nothing to flip"))
        mine = [tile_id for seat, tile_id in self._trick if seat in seats and tile_id in self.table.tiles]
        if not mine:
            raise IllegalMove(Msg("Those paradox tiles are not on the virtual table (entered by phone?): "
                                  "their players say what their backs show on their phones"))
        face_up = [t for t in mine if self.table.tiles[t].face_up]
        if not face_up:
            raise IllegalMove(Msg("The paradox tiles already show their backs"))
        for tile_id in face_up:  # turned once: a second press never turns a back face up again
            self.table.flip(tile_id)
        return Plural("Turned over {n} paradox tile", "Turned over {n} paradox tiles", len(face_up))

    def _lay(self, view) -> str:
        """The trick area cleared, then the trick in play laid as the game has it, face up. A tile's
        back is the one the game knows (dealt hands, in the game master's view), else the first
        its face can have: nobody has seen it, so any real one is as good until a paradox turns it."""
        self._clear()
        for placed in view.get("current_trick") or []:
            face = placed["tile"]
            colour, value = face.split("-")
            timeframe = placed.get("timeframe") or ("past" if colour == BLACK else timeframes_of(colour, int(value))[0])
            x, y = self.slot(len(self._trick))
            self._trick.append((placed["seat"], self.table.place(face, x, y, angle=0.0, face_up=True, back=timeframe)))
        self._scored = len(view["tricks"]) if self._trick and "tricks" in view else None
        return Plural("Laid {n} tile", "Laid {n} tiles", len(self._trick))

    # ------------------------------------------------------------------ helpers

    def _clear(self) -> None:
        if self.table.tiles:
            self._row = 1 - self._row  # the next trick goes in the other row
        self.table.clear()
        self._trick.clear()
        self._scored = None

    @staticmethod
    def _no_paradox_waiting(view, what: Msg) -> None:
        waiting = view.get("awaiting_flip") or []
        if waiting:
            names = view.get("names") or []
            who = Listed([names[s] if s < len(names) else Msg("seat {seat}", seat=s + 1) for s in waiting],
                         sep=" and ")
            raise IllegalMove(Msg("A paradox waits: turn over the paradox tiles ({names}) before {what}",
                                  names=who, what=what))

    @staticmethod
    def _real_tile(text, colours) -> tuple[str, str, str]:
        """(face, timeframe, words) of a tile written red-3-past or black-0, if this game has it."""
        if not isinstance(text, str) or not text:
            raise IllegalMove(Msg("Choose a tile: its colour, its value and the timeframe on its back"))
        parts = text.strip().lower().split("-")
        colour = parts[0]
        value = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
        timeframe = parts[2] if len(parts) > 2 else None
        if colour == BLACK:
            if value not in (None, 0) or timeframe not in (None, "past") or len(parts) > 3:
                raise IllegalMove(Msg("The black tile is a 0, and its back is past"))
            return f"{BLACK}-0", "past", Msg("black 0")
        if colour not in colours:
            all_colours = Listed([term(c) for c in list(colours) + [BLACK]])
            raise IllegalMove(Msg("There are no {colour} tiles in this game: its colours are {colours}",
                                  colour=term(colour), colours=all_colours))
        if value is None or len(parts) > 3:
            raise IllegalMove(Msg("Which {colour} tile? Give its value and the timeframe on its back",
                                  colour=term(colour)))
        words = Msg("{colour} {value}", colour=term(colour), value=value)
        if not timeframes_of(colour, value):
            raise IllegalMove(Msg("There is no {tile}: {colour} tiles run from 1 to 6 (only the black tile is a 0)",
                                  tile=words, colour=term(colour)))
        backs = Listed([term(t) for t in timeframes_of(colour, value)], style="or")
        if timeframe not in TIMEFRAMES:
            raise IllegalMove(Msg("Which {tile}? Its back says {timeframes}", tile=words, timeframes=backs))
        if value not in VALUES[timeframe]:
            raise IllegalMove(Msg("There is no {timeframe} {tile}: {tile} is only {timeframes}",
                                  timeframe=term(timeframe), tile=words, timeframes=backs))
        return f"{colour}-{value}", timeframe, Msg("{tile} ({timeframe})", tile=words, timeframe=term(timeframe))


# the synthetic table its reader draws keeps its pieces as `tiles`
SIMULATION = Simulation(verbs=Verbs, pieces=lambda table: table.tiles)
