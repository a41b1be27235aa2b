"""The maps: squares (domino halves) on a grid, and the placement rules of both kinds of map.

A map is a tuple of ((x, y), Square) pairs, x to the right and y down. A domino lies on two
squares side by side; `paths` are the open edges of a square as it lies (N, E, S, W).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...i18n import Listed, Msg
from ..base import IllegalMove
from .catalog import ICONS, TERRAINS, word

SIDES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
STEPS = tuple(STEP[s] for s in SIDES)  # in SIDES' order, for the loops that try every placement
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
SIDE_WORDS = {"N": Msg("north"), "E": Msg("east"), "S": Msg("south"), "W": Msg("west")}
BOUND = 8


@dataclass(frozen=True)
class Half:
    """One half of a domino as it lies: its terrain, its icon (or None), its open path edges and,
    with Directional Daddy, the open edge its path's arrow points out of (or None)."""
    terrain: str
    icon: str | None
    paths: str
    arrow: str | None = None

    @classmethod
    def parse(cls, value) -> "Half":
        """From a record's {"terrain", "icon", "paths", "arrow"} or "terrain/icon/paths[/arrow]"."""
        if isinstance(value, Half):
            return value
        if isinstance(value, str):
            parts = value.split("/")
            if len(parts) not in (3, 4):
                raise IllegalMove(Msg("a half is written terrain/icon/paths, not {value!r}", value=value))
            value = {"terrain": parts[0], "icon": parts[1] or None, "paths": parts[2],
                     "arrow": parts[3] if len(parts) == 4 and parts[3] else None}
        if not isinstance(value, dict) or set(value) - {"terrain", "icon", "paths", "arrow"} or "terrain" not in value \
                or not all(isinstance(v, str) or v is None for v in value.values()):
            raise IllegalMove(Msg('a half is {{"terrain": ..., "icon": ..., "paths": "NESW"}}'))
        terrain, icon, paths = value["terrain"], value.get("icon"), value.get("paths", "")
        arrow = value.get("arrow") or None
        if icon in ("", "empty"):  # the generator's name for a blank half
            icon = None
        if isinstance(paths, str):
            paths = paths.upper()
        if terrain not in TERRAINS:
            raise IllegalMove(Msg("unknown terrain {terrain!r}; terrains are {terrains}", terrain=terrain,
                                  terrains=Listed([word(t) for t in TERRAINS], sep=", ")))
        if icon is not None and icon not in ICONS:
            raise IllegalMove(Msg("unknown icon {icon!r}", icon=icon))
        if not isinstance(paths, str) or set(paths) - set(SIDES) or len(set(paths)) != len(paths):
            raise IllegalMove(Msg("paths list open edges among N, E, S, W, each once, not {paths!r}", paths=paths))
        if arrow is not None and (not isinstance(arrow, str) or arrow.upper() not in paths):
            raise IllegalMove(Msg("an arrow points out of an open edge of its square, not {arrow!r}", arrow=arrow))
        return cls(terrain, icon, "".join(s for s in SIDES if s in paths), arrow.upper() if arrow else None)

    def text(self) -> str:
        return f"{self.terrain}/{self.icon or ''}/{self.paths}" + (f"/{self.arrow}" if self.arrow else "")

    def words(self) -> Msg:
        """"lava hole paths NSW": the terrain, the icon, the open edges and the arrow, as named."""
        return Msg("{terrain}{icon}{paths}{arrow}", terrain=word(self.terrain),
                   icon=Msg(" {icon}", icon=word(self.icon)) if self.icon else "",
                   paths=Msg(" paths {paths}", paths=self.paths) if self.paths else "",
                   arrow=Msg(" arrow {arrow}", arrow=self.arrow) if self.arrow else "")

    def turned(self, quarters: int) -> "Half":
        """Turned clockwise by quarter turns."""
        turn = lambda s: SIDES[(SIDES.index(s) + quarters) % 4]
        paths = {turn(s) for s in self.paths}
        return Half(self.terrain, self.icon, "".join(s for s in SIDES if s in paths),
                    turn(self.arrow) if self.arrow else None)


@dataclass(frozen=True)
class Square:
    half: Half
    domino: int  # which domino it belongs to (the two squares of a domino share it)
    below: "Square | None" = None  # what a domino laid over it covers (Snowfalls, the overlap reward)


def lift(g: dict, numbers) -> dict:
    """The map with these dominoes taken off: what they covered shows again, and a domino taken
    out from under another leaves no trace beneath it."""
    numbers = set(numbers)
    out = {}
    for cell, sq in g.items():
        stack = []
        while sq is not None:
            if sq.domino not in numbers:
                stack.append(sq)
            sq = sq.below
        under = None
        for s in reversed(stack):
            under = Square(s.half, s.domino, under)
        if under is not None:
            out[cell] = under
    return out


def buried(g: dict) -> set:
    """Dominoes with a square covered by another domino."""
    out = set()
    for sq in g.values():
        while sq.below is not None:
            sq = sq.below
            out.add(sq.domino)
    return out


def name(cell, by=(0, 0)) -> str:
    """A square as players read it off the mat: D4 is x 3, y 3. `by`: how far its map lies
    shifted on the printed grid (`offset`), so a map grown past the mat's edge names its squares
    where they lie on the mat, as the camera and the phones' maps show them."""
    x, y = cell[0] + by[0], cell[1] + by[1]
    if 0 <= x < 26 and y >= 0:
        return f"{chr(ord('A') + x)}{y + 1}"
    return f"({x}, {y})"


def offset(cells, held=(0, 0)) -> tuple[int, int]:
    """How far a map's squares shift to lie on its printed grid. `held`: where the map lies now
    (`State.shift`); it stays there while its squares fit (a domino taken off the far edge of a
    map grown past the mat leaves the rest where they lie), else it moves the least that brings
    them onto the grid. Every map the companion lays out starts unshifted."""
    cells = list(cells)
    if not cells:
        return 0, 0
    out = []
    for axis in (0, 1):
        lo, hi = min(c[axis] for c in cells), max(c[axis] for c in cells)
        out.append(min(max(held[axis], -lo), BOUND - 1 - hi))  # never wider than the grid: lo..hi fits
    return out[0], out[1]


def namer(g, cells=(), say=Msg, held=(0, 0)):
    """`name` for the squares of map `g` with `cells` laid on it (a domino's, when a refusal
    names where it would lie): where they lie on the mat once the map is shifted onto it from
    where it lies now (`held`). A refusal nobody reads (`say` is `refused`) names nothing, so
    listings stay cheap."""
    return str if say is refused else lambda cell: name(cell, offset([*g, *cells], held))


def neighbour(cell, side):
    dx, dy = STEP[side]
    return (cell[0] + dx, cell[1] + dy)


def side_towards(a, b) -> str | None:
    for side in SIDES:
        if neighbour(a, side) == tuple(b):
            return side
    return None


def grid(squares) -> dict:
    return dict(squares)


def frozen(grid_: dict) -> tuple:
    return tuple(sorted(grid_.items()))


def extent(cells) -> tuple[int, int]:
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) if xs else (0, 0)


def bounds(cells) -> tuple[int, int, int, int] | None:
    """(west, north, east, south): the outermost squares' x and y, or None for no squares."""
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def onward(g: dict, a, side) -> bool:
    """Whether a walk may go from square a over its `side` edge: joined, and no arrow against it
    (Directional Daddy: a square with an arrow is left only where it points, and entered only
    elsewhere)."""
    if not joined(g, a, side):
        return False
    here, there = g[a].half.arrow, g[neighbour(a, side)].half.arrow
    return (here is None or here == side) and there != OPPOSITE[side]


def joined(g: dict, a, side) -> bool:
    """Whether a path runs from square a over its `side` edge: both touching edges open."""
    b = neighbour(a, side)
    return b in g and side in g[a].half.paths and OPPOSITE[side] in g[b].half.paths


def check_cells(cells) -> tuple:
    """Two squares side by side, as (x, y) pairs."""
    try:
        cells = tuple((int(c[0]), int(c[1])) for c in cells if len(c) == 2 and
                      all(isinstance(v, int) and not isinstance(v, bool) for v in c))
    except TypeError:
        cells = ()
    if len(cells) != 2:
        raise IllegalMove(Msg("a domino lies on two squares, each [x, y]"))
    if side_towards(cells[0], cells[1]) is None:
        raise IllegalMove(Msg("the two halves of a domino lie side by side; {a} and {b} do not",
                              a=name(cells[0]), b=name(cells[1])))
    return cells


def refused(msgid: str, /, **params) -> bool:
    """A refusal nobody reads: a listing of every placement (hundreds a turn) only leaves the
    refused ones out, so their words are not made (a refused move gets them from `refusal`)."""
    return True


def refusal(g: dict, cells, halves, match: str | None, where: str, bound: int = BOUND,
            attach: bool = True, overlap: str | None = None, keep=frozenset(), box=None, say=Msg,
            held=(0, 0)) -> str | None:
    """Why a domino may not lie on `cells` of map `g`, or None when it may: the squares
    (`spot_refusal`), then the halves against their neighbours (`match_refusal`).

    match: "paths" (personal map), "terrain" (shared map), "one terrain" (the easier shared map),
    "both" (a designer's visit, strict placement) or None (nothing needs to match).
    overlap: "may" (the overlap reward) or "must" (Snowfalls) lie over squares already down, never
    over a domino in `keep` (the starting dominoes); matching is then checked against the squares
    beside it that stay visible.
    box: `bounds(g)`, when the caller tries many dominoes on the same map.
    say: how a refusal is worded (`refused` when only whether it may lie is asked).
    held: where the map lies shifted on the mat now (`State.shift`), to name its squares.
    """
    why = spot_refusal(g, cells, where, bound, attach, overlap, keep, box, say, held)
    return why if why is not None else match_refusal(g, cells, halves, match, say, held)


def spot_refusal(g: dict, cells, where: str, bound: int = BOUND, attach: bool = True,
                 overlap: str | None = None, keep=frozenset(), box=None, say=Msg, held=(0, 0)) -> str | None:
    """Why no domino at all may lie on `cells` of map `g` (taken, covering what may not be
    covered, off the map, too wide), or None: what `refusal` asks of the squares alone, so a
    listing of placements asks it once per pair of squares, not once per domino."""
    named = namer(g, (), say, held)  # squares already down, refused: where they lie on the mat now
    for cell in cells:
        if cell in g and overlap is None:
            return say("square {square} of {where} is already taken", square=named(cell), where=where)
        if cell in g and g[cell].domino in keep:
            return say("the starting domino on {square} of {where} may not be covered", square=named(cell), where=where)
    if not g and not all(0 <= v < BOUND for cell in cells for v in cell):
        return say("the first domino of {where} lies on the mat's squares, A1 to H8", where=where)
    covers = any(cell in g for cell in cells)
    if overlap == "must" and not covers:
        return say("this round a domino must lie over at least one square already down (Snowfalls)")
    # not covering, no square of the domino is on the map: a neighbour on it is another's
    if attach and g and not covers and not any((c[0] + dx, c[1] + dy) in g for c in cells for dx, dy in STEPS):
        return say("the domino does not touch {where}", where=where)
    if covers or box is None:
        rest = [c for c in g if c not in cells] if covers else list(g)
        wide, high = extent(rest + list(cells))
    else:  # the map's own bounds widened by the new squares
        wide = max(box[2], *(c[0] for c in cells)) - min(box[0], *(c[0] for c in cells)) + 1
        high = max(box[3], *(c[1] for c in cells)) - min(box[1], *(c[1] for c in cells)) + 1
    if wide > bound:
        return say("{where} would be {wide} squares from west to east; at most {bound}", where=where, wide=wide, bound=bound)
    if high > bound:
        return say("{where} would be {high} squares from north to south; at most {bound}", where=where, high=high, bound=bound)
    return None


def match_refusal(g: dict, cells, halves, match: str | None, say=Msg, held=(0, 0)) -> str | None:
    """Why these halves on `cells` do not match the squares beside them that stay visible (see
    `refusal` for `match`), or None; the squares themselves are `spot_refusal`'s to judge."""
    if match is None:
        return None
    rest = {c: v for c, v in g.items() if c not in cells} if any(cell in g for cell in cells) else g
    named = namer(g, cells, say, held)
    terrain_any = False
    terrain_first = None
    for cell, half in zip(cells, halves):
        for side, (dx, dy) in zip(SIDES, STEPS):
            other = (cell[0] + dx, cell[1] + dy)
            if other not in rest:
                continue
            there = rest[other].half
            if match in ("paths", "both") and (side in half.paths) != (OPPOSITE[side] in there.paths):
                return say("the paths do not match on the {side} edge of square {square}", side=SIDE_WORDS[side], square=named(cell))
            if match in ("terrain", "both") and half.terrain != there.terrain:
                return say("the terrains do not match on the {side} edge of square {square}: {mine} beside {theirs}",
                           side=SIDE_WORDS[side], square=named(cell), mine=word(half.terrain),
                           theirs=word(there.terrain))
            if match == "one terrain":
                terrain_any |= half.terrain == there.terrain
                terrain_first = terrain_first or (cell, side, half.terrain, there.terrain)
    if match == "one terrain" and terrain_first and not terrain_any:
        cell, side, mine, theirs = terrain_first
        return say("no terrain matches a neighbour: the {side} edge of square {square} is {mine} beside {theirs}",
                   side=SIDE_WORDS[side], square=named(cell), mine=word(mine), theirs=word(theirs))
    return None


def mat_pairs(bound: int = BOUND):
    """Every pair of squares side by side on the mat's squares A1 to H8, in both orders."""
    for y in range(bound):
        for x in range(bound):
            for b in ((x + 1, y), (x, y + 1)):
                if b[0] < bound and b[1] < bound:
                    yield (x, y), b
                    yield b, (x, y)


def spots(g: dict, bound: int = BOUND, overlap: bool = False, keep=frozenset()):
    """Every pair of cells (in both orders) where a domino could touch the map; with `overlap`,
    also every pair lying over at least one square (not of a domino in `keep`). An empty map's
    first domino lies on the mat's squares (docs/rulings.md (i))."""
    if overlap and g:
        seen = set()
        for a, sq in g.items():
            if sq.domino in keep:
                continue
            for s in SIDES:
                b = neighbour(a, s)
                for pair in ((a, b), (b, a)):
                    if pair not in seen:
                        seen.add(pair)
                        yield pair
        yield from (p for p in spots(g, bound) if p not in seen)
        return
    if not g:
        yield from mat_pairs()
        return
    free = sorted({neighbour(c, s) for c in g for s in SIDES} - set(g))
    seen = set()
    for a in free:
        for s in SIDES:
            b = neighbour(a, s)
            if b in g:
                continue
            for pair in ((a, b), (b, a)):
                if pair not in seen:
                    seen.add(pair)
                    yield pair


def open_ends(g: dict) -> int:
    """Open path edges that lead nowhere: off the map or onto an empty square."""
    return sum(1 for c, sq in g.items() for s in sq.half.paths if neighbour(c, s) not in g)


def dominoes(g: dict) -> dict[int, tuple]:
    out: dict[int, list] = {}
    for c, sq in sorted(g.items()):
        out.setdefault(sq.domino, []).append(c)
    return {d: tuple(cs) for d, cs in out.items()}
