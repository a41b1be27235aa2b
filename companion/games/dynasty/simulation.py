"""Domino Dynasty's virtual-table verbs: lay the maps out, put a market domino on a map, take
one off.

What a person does with the dominoes, done from the host page (the camera then reads the frames):
- lay: every domino the companion's maps hold goes on its grid (the starting dominoes first), and
  what is left of the round's market in the market's places when none lies there; a map that grew
  past the mat's edge (or whose growth was taken back) since its dominoes went down has them moved
  where it lies now;
- place {seat, map, market, cells}: market domino number `market` (0 first, as the phone lists
  them), taken from its market place if it lies in one, goes on two squares [[x, y], [x, y]] of
  the shared map or of the seat's personal map, its first half (as drawn) on the first square
  (squares of the printed mat, A1 [0, 0]: a map grown past the mat's edge lies shifted on it);
  or {seat, map, halves, cells}: any domino, its halves ("terrain/icon/paths") as they lie;
- remove {seat, map, cell}: the domino on top of that square comes off (what it covered shows);
- market {dominoes}: the round's market dominoes ("half|half", as drawn) laid west-east in the
  market's numbered places, 1 first (what lay there before is taken off); {draw: true}: as many
  as the round's market holds, drawn at random from the box (the host page's button);
- clear: every domino off the mat.
"""
from __future__ import annotations

import random

from ...i18n import Msg, Plural
from ..base import IllegalMove, Simulation
from . import camera, practice
from .maps import BOUND, Half, check_cells, side_towards
from .state import PERSONAL, SHARED


class Verbs:
    def __init__(self, table, layout):
        self.table = table   # vision's DominoTable
        self.layout = layout
        self.laid: dict = {}  # (area, x, y) on the grid -> domino ids lying there, the top one last
        self.market: list = []  # the dominoes lying in the market's places, place 1 first
        self.bag = random.Random()  # a hand drawing from the box: another market each time
        self.taken: dict = {}  # piece -> (the market as it was, its number there): one domino is put down once
        self.shifts: dict = {}  # area -> how far its map lay shifted on the grid (the view's "shifts") as last laid

    def act(self, action: dict, view: dict) -> str:
        kind = action.get("action")
        if kind == "lay":
            return self._lay(view)
        if kind == "place":
            return self._place(action, view)
        if kind == "remove":
            return self._remove(action, view)
        if kind == "market":
            return self._market(action, view)
        if kind == "clear":
            self.table.clear()
            self.laid.clear()
            self.market.clear()
            self.taken.clear()
            self.shifts.clear()
            return Msg("The mat is clear")
        raise IllegalMove(Msg("The virtual table can lay the maps out, lay the market out, place a domino on "
                              "a map, take one off, or clear the mat"))

    # ------------------------------------------------------------------ where

    def _map(self, action, view):
        where = action.get("map")
        if where not in (SHARED, PERSONAL):
            raise IllegalMove(Msg("Choose the map: shared or personal"))
        if where == SHARED:
            return camera.SHARED_AREA, _shift(view, "shared")
        seat = action.get("seat")
        seats = len(view.get("names") or []) or camera.SEATS
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < min(seats, camera.SEATS):
            raise IllegalMove(Msg("Choose whose map: a seat at this table"))
        return camera.personal_area(seat), _shift(view, str(seat))

    def _follow(self, area, offset) -> tuple[int, int]:
        """The map's shift on the grid now (`offset`); when it grew past the mat's edge since its
        dominoes went down, they are moved with it, all together, as the camera asks players to."""
        was = self.shifts.get(area, offset)
        self.shifts[area] = offset
        dx, dy = offset[0] - was[0], offset[1] - was[1]
        here = {key: stack for key, stack in self.laid.items() if key[0] == area}
        moved = {(a, x + dx, y + dy): stack for (a, x, y), stack in here.items()}
        if (dx, dy) == (0, 0) or any(not (0 <= x < BOUND and 0 <= y < BOUND) for _, x, y in moved):
            return offset  # (a domino the map no longer holds may stand in the way: left as it lies)
        pitch = camera.CELLS.pitch_mm
        for piece in {p for stack in here.values() for p in stack}:
            tile = self.table.tiles[piece]
            self.table.move(piece, tile.x_mm + dx * pitch, tile.y_mm + dy * pitch)
        self.laid = {key: stack for key, stack in self.laid.items() if key[0] != area} | moved
        return offset

    def _put(self, area, offset, cells, halves) -> int:
        """A domino on two squares, its halves as they lie there: over others if a hand puts it
        there (Snowfalls asks for it; otherwise the rules refuse it when the camera sees it)."""
        dx, dy = offset
        grid = [(x + dx, y + dy) for x, y in cells]
        if any(not (0 <= x < BOUND and 0 <= y < BOUND) for x, y in grid):
            raise IllegalMove(Msg("That is off the printed grid"))
        quarters = "ESWN".index(side_towards(cells[0], cells[1]))
        upright = [Half.parse(h).turned(-quarters % 4).text() for h in halves]
        (x1, y1), (x2, y2) = (camera.CELLS.centre(self.layout, area, y, x) for x, y in grid)
        piece = self.table.place("|".join(upright), (x1 + x2) / 2, (y1 + y2) / 2, 90.0 * quarters)
        for g in grid:
            self.laid.setdefault((area, *g), []).append(piece)
        return piece

    # ------------------------------------------------------------------ verbs

    def _lay(self, view) -> str:
        count = 0
        maps = [(camera.SHARED_AREA, view.get("shared") or [], _shift(view, "shared"))]
        maps += [(camera.personal_area(int(s)), m, _shift(view, s)) for s, m in (view.get("personal") or {}).items()
                 if int(s) < camera.SEATS]
        for area, squares, shift in maps:
            offset = self._follow(area, shift)
            dominoes: dict = {}
            for s in squares:
                dominoes.setdefault(s["domino"], []).append(s)
            for pair in dominoes.values():
                if len(pair) != 2 or any((area, s["x"] + offset[0], s["y"] + offset[1]) in self.laid for s in pair):
                    continue
                cells = [(s["x"], s["y"]) for s in pair]
                halves = [f"{s['terrain']}/{s['icon'] or ''}/{s['paths']}" for s in pair]
                self._put(area, offset, cells, halves)
                count += 1
        if not self.market and view.get("market"):  # what is left of the round's market, in its places
            self._market({"dominoes": [m["domino"] for m in view["market"]]}, view)
        return Plural("Laid {n} domino", "Laid {n} dominoes", count)

    def _place(self, action, view) -> str:
        area, shift = self._map(action, view)  # squares named where they lie on the printed mat
        try:
            cells = check_cells(action.get("cells") or ())
        except IllegalMove as exc:
            # the host names squares as the phones do (F4 G4); [x, y] is the record's own form
            raise IllegalMove(Msg("Name the domino's two squares, side by side, as on the phones' maps: "
                                  "F4 G4")) from exc
        if "market" in action:
            market = view.get("market") or []
            i = action.get("market")
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(market):
                raise IllegalMove(Msg("The market holds {n} dominoes: choose one of 1 to {n}", n=len(market)))
            which = (tuple(m["domino"] for m in market), i)
            if which in self.taken.values():  # the camera has not read it in yet: the market still lists it
                raise IllegalMove(Msg("Market domino {n} is on the mat already; lift it off to put it elsewhere", n=i + 1))
            quarters = "ESWN".index(side_towards(cells[0], cells[1]))
            halves = [Half.parse(h).turned(quarters).text() for h in market[i]["halves"]]
        else:
            halves = action.get("halves")
            if not isinstance(halves, (list, tuple)) or len(halves) != 2:
                raise IllegalMove(Msg("Say the market domino, or its two halves as they lie"))
            halves = [Half.parse(h).text() for h in halves]
        self._follow(area, shift)
        piece = self._put(area, (0, 0), cells, halves)
        if "market" in action:
            self.taken[piece] = which
            # taken from its place in the market, where one was laid (not when entered by phone)
            lying = next((p for p in self.market if self.table.tiles[p].label == market[i]["domino"]), None)
            if lying is not None:
                self.table.remove(lying)
                self.market.remove(lying)
        return Msg("Placed a domino")

    def _market(self, action, view) -> str:
        if action.get("draw") is True:
            due = view.get("market_due") or 0
            if not due:
                raise IllegalMove(Msg("The market is laid out when a round begins, before the missions are drawn"))
            action = {"dominoes": [practice.domino(self.bag, view.get("expansions") or ()) for _ in range(due)]}
        texts = action.get("dominoes")
        if not isinstance(texts, (list, tuple)) or not 0 < len(texts) <= camera.MARKET_PLACES:
            raise IllegalMove(Msg("Say the market's dominoes, 1 to {places}, each as two halves: "
                                  "grass/person/W|plains//", places=camera.MARKET_PLACES))
        halves = []
        for text in texts:
            parts = text.split("|") if isinstance(text, str) else ()
            if len(parts) != 2:
                raise IllegalMove(Msg("A market domino is two halves, like grass/person/W|plains//, not {text!r}", text=text))
            halves.append([Half.parse(h).text() for h in parts])
        for piece in self.market:
            self.table.remove(piece)
        self.market = []
        for number, (west, east) in enumerate(halves, 1):
            (x1, y1), (x2, y2) = (camera.WATCHED_CELLS.centre(self.layout, *square)
                                  for square in camera.market_place(number))
            self.market.append(self.table.place(f"{west}|{east}", (x1 + x2) / 2, (y1 + y2) / 2, 0.0))
        return Plural("Laid the market out: {n} domino", "Laid the market out: {n} dominoes", len(halves))

    def _remove(self, action, view) -> str:
        area, shift = self._map(action, view)
        cell = action.get("cell")
        if not isinstance(cell, (list, tuple)) or len(cell) != 2 or \
                not all(isinstance(v, int) and not isinstance(v, bool) for v in cell):
            raise IllegalMove(Msg("Name one of the domino's squares, as on the phones' maps: F4"))
        self._follow(area, shift)
        stack = self.laid.get((area, *cell))  # named where it lies on the printed mat
        if not stack:
            raise IllegalMove(Msg("No domino lies there on the virtual mat"))
        piece = stack[-1]
        self.table.remove(piece)
        self.taken.pop(piece, None)
        self.laid = {k: rest for k, v in self.laid.items() if (rest := [p for p in v if p != piece])}
        return Msg("Took a domino off")


def _shift(view, key: str) -> tuple[int, int]:
    """How far the view's map `key` ("shared", or a seat) lies shifted on the mat's printed grid."""
    dx, dy = (view.get("shifts") or {}).get(key) or (0, 0)
    return dx, dy


# the synthetic table its reader draws keeps its pieces as `tiles`
SIMULATION = Simulation(verbs=Verbs, pieces=lambda table: table.tiles)
