"""Paradox Initiative's virtual-table verbs: lay drawn particles, swap two, let a matrix drop.

What a person does with the discs, done from the host page (the camera then reads the frames):
- draw {particles}: discs drawn from the bag go where the rules wait for them, in their order
  (the anomaly left to right; a matrix bottom row first, each row left to right);
- deal {particles? | rows?, seat?}: every cell the rules wait for at once (the anomaly's, a
  whole matrix, a refill), from the particles given in the draw's order, or the matrix's rows as
  the phone shows them (top row first, "K1 W2 B3 Y1 K2"), or drawn at random from the discs not
  on the mat (the anomaly's of three different symbols, as the rules set a repeated symbol aside);
- swap {seat, a, b}: two discs change places (a cell [row, column] or "anomaly:N");
- drop {seat}: after a strand, its discs are taken out and the rest fall as the companion says
  (only discs lying in that column move, never onto each other);
- lay: the mat cleared, then every matrix and the anomaly laid as the game has them (a game
  resumed after a restart);
- clear: every disc off the mat.
"""
from __future__ import annotations

import random

from ..base import IllegalMove, Simulation
from . import camera, discs, matrix
from ...i18n import Msg, Plural

SETS = {1: 4, 2: 7, 3: 7, 4: 9}  # discs of each particle in the bag, by the number of players


class Verbs:
    def __init__(self, table, layout):
        self.table = table   # vision's DiscTable
        self.layout = layout
        self.discs: dict = {}  # (area, row, column) -> disc id

    def act(self, action: dict, view: dict) -> str:
        kind = action.get("action")
        if kind == "draw":
            return self._draw(action.get("particles") or [action.get("particle")], view)
        if kind == "deal":
            return self._deal(action, view)
        if kind == "swap":
            return self._swap(action, view)
        if kind == "drop":
            return self._drop(action, view)
        if kind == "lay":
            return self._lay(view)
        if kind == "clear":
            self.table.clear()
            self.discs.clear()
            return Msg("The mat is clear")
        raise IllegalMove(Msg("The virtual table can lay drawn particles, deal what the companion waits for, "
                              "swap two particles, let a matrix drop after a strand, or clear the mat"))

    def _lay(self, view) -> str:
        """The mat cleared, then every matrix and the anomaly laid as the game has them."""
        self.table.clear()
        self.discs.clear()
        for seat, player in enumerate((view.get("players") or [])[:camera.SEATS]):
            for r, row in enumerate(player.get("rows") or []):
                for c, p in enumerate(row.split()):
                    if matrix.is_particle(p):
                        self._put((discs.matrix_area(seat), r, c), p)
        for i, p in enumerate(view.get("anomaly") or []):
            self._put((discs.ANOMALY, 0, i), p)
        return Plural("Laid {n} particle", "Laid {n} particles", len(self.discs))

    def _put(self, cell, particle):
        x, y = camera.CELLS.centre(self.layout, *cell)
        self.discs[cell] = self.table.place(discs.label(particle), x, y, angle=(37.0 * len(self.discs)) % 360)

    def _draw(self, particles, view) -> str:
        if not all(matrix.is_particle(p) for p in particles) or not particles:
            raise IllegalMove(Msg("Name the particles drawn: a colour letter (R Y B K W) and a symbol 1-3"))
        cells = self._waiting_cells(view)
        if len(particles) > len(cells):
            raise IllegalMove(Plural("Only {n} cell waits for a particle", "Only {n} cells wait for a particle",
                                     len(cells)))
        for cell, p in zip(cells, particles):
            self._put(cell, p)
        return Msg("Laid {particles}", particles=" ".join(particles))

    def _waiting_cells(self, view) -> list:
        waiting = view.get("awaiting") or {}
        if waiting.get("kind") != "draw" or waiting.get("to") not in ("matrix", "anomaly"):
            raise IllegalMove(Msg("No particle is waiting to be laid on a matrix or the anomaly now"))
        if waiting["to"] == "anomaly":
            cells = [(discs.ANOMALY, 0, i) for i in range(len(view.get("anomaly") or []), 3)]
        else:
            area = discs.matrix_area(waiting["seat"])
            cells = [(area, r, c) for r, c in waiting["cells"]]
        cells = [c for c in cells if c not in self.discs]
        if not cells:  # laid already: the camera reads them as the table settles
            raise IllegalMove(Msg("The particles the companion waits for are on the table already"))
        return cells

    def _deal(self, action, view) -> str:
        cells = self._waiting_cells(view)
        waiting = view["awaiting"]
        seat = action.get("seat")
        if seat is not None and (waiting["to"] != "matrix" or seat != waiting["seat"]):
            names = view.get("names") or []
            now = (Msg("{name}'s matrix", name=names[waiting["seat"]]) if waiting["to"] == "matrix" and
                   waiting["seat"] < len(names) else Msg("the anomaly"))
            raise IllegalMove(Msg("The companion waits for {where} now", where=now))
        particles, rows = action.get("particles"), action.get("rows")
        if rows is not None:
            if waiting["to"] != "matrix" or not isinstance(rows, list) or len(rows) != matrix.SIZE \
                    or not all(isinstance(r, str) and len(r.split()) == matrix.SIZE for r in rows):
                raise IllegalMove(Msg("Give a matrix's five rows, top row first, five particles each"))
            particles = [rows[r].split()[c] for _, r, c in cells]
        if particles is None:
            particles = self._drawn(len(cells), view, cells[0][0] == discs.ANOMALY if cells else False)
        if not isinstance(particles, list) or len(particles) != len(cells):
            raise IllegalMove(Msg("{count} cells wait for a particle: name that many, or none to draw them at random",
                                  count=len(cells)))
        return self._draw(particles, view)

    def _drawn(self, n, view, anomaly) -> list:
        """n particles drawn at random from the discs not lying on the mat."""
        sets = SETS.get(len(view.get("players") or []), 7)
        bag = {c + str(y): sets for c in "RYBKW" for y in matrix.SYMBOLS}
        for disc in self.discs.values():
            p = discs.particle(self.table.discs[disc].label)
            if p in bag:
                bag[p] -= 1
        out, rng = [], random.Random()
        symbols = {matrix.symbol(p) for p in view.get("anomaly") or []}
        for _ in range(n):
            left = [p for p, k in bag.items() for _ in range(k)
                    if not (anomaly and matrix.symbol(p) in symbols)]
            if not left:
                raise IllegalMove(Msg("The bag has no particle left for that"))
            p = rng.choice(left)
            bag[p] -= 1
            symbols.add(matrix.symbol(p))
            out.append(p)
        return out

    def _spot(self, seat, where):
        if isinstance(where, str) and where.startswith("anomaly:") and where[8:].isdigit():
            return (discs.ANOMALY, 0, int(where[8:]))
        if matrix.on_matrix(list(where) if isinstance(where, (list, tuple)) else None):
            return (discs.matrix_area(seat), where[0], where[1])
        raise IllegalMove(Msg("{where!r} is not a cell: [row, column] 0-4, or anomaly:N", where=where))

    def _seat(self, action, view) -> int:
        seat = action.get("seat")
        names = view.get("names") or []
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < camera.SEATS \
                or (names and seat >= len(names)):
            raise IllegalMove(Msg("Choose whose matrix: a seat at this table"))
        return seat

    def _swap(self, action, view) -> str:
        seat = self._seat(action, view)
        a, b = self._spot(seat, action.get("a")), self._spot(seat, action.get("b"))
        if a not in self.discs or b not in self.discs or a == b:
            raise IllegalMove(Msg("A swap takes two discs lying on the virtual mat"))
        xa, ya = camera.CELLS.centre(self.layout, *a)
        xb, yb = camera.CELLS.centre(self.layout, *b)
        self.table.move(self.discs[a], xb, yb)
        self.table.move(self.discs[b], xa, ya)
        self.discs[a], self.discs[b] = self.discs[b], self.discs[a]
        return Msg("Swapped two particles")

    def _drop(self, action, view) -> str:
        """Each column made as the companion's matrix has it: the discs it no longer holds go,
        the others fall, in their order, to the cells it gives them."""
        seat = self._seat(action, view)
        rows = view["players"][seat]["rows"]
        area = discs.matrix_area(seat)
        for c in range(matrix.SIZE):
            want = [(r, rows[r].split()[c]) for r in range(matrix.SIZE) if rows[r].split()[c] != "--"]
            have = [(r, self.table.discs[self.discs[(area, r, c)]].label) for r in range(matrix.SIZE)
                    if (area, r, c) in self.discs]
            keep, i = {}, len(have) - 1
            for r, p in reversed(want):  # from the bottom up, each to the nearest disc above it
                while i >= 0 and (have[i][0] > r or have[i][1] != discs.label(p)):
                    i -= 1
                if i < 0:
                    raise IllegalMove(Msg("Column {column} of the virtual matrix does not fall into the "
                                          "companion's: lay it as the phone shows", column=c + 1))
                keep[have[i][0]] = r
                i -= 1
            ids = {r: self.discs.pop((area, r, c)) for r, _ in have}
            for r, disc in ids.items():
                if r not in keep:
                    self.table.remove(disc)
            for r, disc in sorted(ids.items(), reverse=True):
                if r in keep:
                    x, y = camera.CELLS.centre(self.layout, area, keep[r], c)
                    self.table.move(disc, x, y)
                    self.discs[(area, keep[r], c)] = disc
        return Msg("The strand is out and the matrix has dropped")


# the synthetic table its reader draws keeps its pieces as `discs`
SIMULATION = Simulation(verbs=Verbs, pieces=lambda table: table.discs)
