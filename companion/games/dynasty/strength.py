"""Strength, in the rulebook's three steps (docs/rulings.md, "Domino Dynasty: strength").

1. Every capital on a personal map is worth 1.
2. Walking away from it along connected paths (both touching edges open), the icons it reaches
   modify it; another capital stops the walk and is not counted for it. Holes act first (the
   icons beside them along the path do nothing), then thieves (they cancel the modifiers on the
   way between their capital and themselves), then people add 1 each, magicians double, knives
   halve; the capital's worth is rounded down.
3. The map's total times the province: the squares of the role's terrain joined edge to edge to
   the role's starting domino on the shared map.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .catalog import CAPITALS, TERRAIN_OF
from .maps import SIDES, joined, name, neighbour, onward

MODIFIERS = ("person", "magician", "knife", "thief", "hole", "calculator", "veto", "selfish", "allin")


@dataclass(frozen=True)
class Capital:
    cell: tuple
    icon: str
    worth: int
    people: tuple = ()      # squares whose people count for it
    doubled: tuple = ()     # magicians that doubled it
    halved: tuple = ()      # knives that halved it
    cancelled: tuple = ()   # icons a thief or a hole made do nothing
    goblins: tuple = ()     # people a corrupter turned into goblins (a corrupter's walk only)
    marks: tuple = ()       # "selfish", "allin" (Machine Mama): how its strength may be shared

    def as_json(self, by=(0, 0)) -> dict:
        """`by`: its map's shift onto the mat (`maps.offset`), so squares are named as they lie."""
        def named(cells):
            return [name(c, by) for c in cells]
        return {"square": name(self.cell, by), "icon": self.icon, "worth": self.worth,
                "people": named(self.people), "doubled_by": named(self.doubled), "halved_by": named(self.halved),
                "cancelled": named(self.cancelled), "marks": list(self.marks)}


def walk(g: dict, start, limit: int | None = None, towns=frozenset()) -> dict:
    """{square: steps} the paths reach from `start`, not through other capitals (they stop a
    walk and are not entered; `towns`: villages that are capitals, Proximity Papa); `limit` keeps
    the first steps only (Weathered Roads), counted afresh from each square touching a builder
    (docs/rulings.md (jj))."""
    stop = {c for c, sq in g.items() if sq.half.icon in CAPITALS} | set(towns)
    if limit is None:
        return _distances(g, start, (set(g) - stop) | {start})
    restart = {neighbour(c, s) for c in builders(g) for s in SIDES}
    since = {start: 0}  # steps since the walk last (re)started
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if since[here] >= limit:
            continue
        for side in SIDES:
            there = neighbour(here, side)
            if not onward(g, here, side) or there in stop:
                continue
            steps = 0 if there in restart else since[here] + 1
            if steps < since.get(there, limit + 1):
                since[there] = steps
                todo.append(there)
    return _distances(g, start, set(since))  # steps along the paths within what the walk reaches


def builders(g: dict) -> set:
    """Builders (Proximity Papa) not silenced by a bomb: the paths beside them restart."""
    return {c for c, sq in g.items() if sq.half.icon == "builder" and c not in bombed(g)}


def _distances(g: dict, start, within) -> dict:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for side in SIDES:
            there = neighbour(here, side)
            if there in within and there not in dist and onward(g, here, side):
                dist[there] = dist[here] + 1
                todo.append(there)
    return dist


def capital(g: dict, cell, goblins=frozenset(), limit: int | None = None, shown=frozenset(),
            towns=frozenset()) -> Capital:
    """A capital's worth and what made it so; `shown`: the icons the shared map shows (a veto's
    path may hold none of them: they do nothing there); `towns`: villages that are capitals."""
    reach = walk(g, cell, limit, towns)
    icon_at = {c: g[c].half.icon for c in reach if c != cell and g[c].half.icon in MODIFIERS}
    near = lambda c: [neighbour(c, s) for s in SIDES if joined(g, c, s) and neighbour(c, s) in reach]
    # Holes first: what sits beside a hole along the path does nothing, holes included; a bomb
    # (Proximity Papa) silences what touches it, path or not.
    holed = {n for c, i in icon_at.items() if i == "hole" for n in near(c) if n in icon_at}
    holed |= {c for c in icon_at if c in bombed(g)}
    active = {c: i for c, i in icon_at.items() if c not in holed}
    # A veto (Directional Daddy) next: the icons its path holds that the shared map shows do nothing.
    if "veto" in active.values():
        holed |= {c for c, i in active.items() if i in shown and i != "veto"}
        active = {c: i for c, i in active.items() if c not in holed}
    # Thieves next: everything on a shortest way from the capital to a thief is undone.
    stolen = set()
    for t, i in active.items():
        if i == "thief":  # c lies on a shortest way from the capital to t
            stolen |= {c for c in active if c != t
                       and reach[c] + _distances(g, c, set(reach)).get(t, 10 ** 6) == reach[t]}
    counted = {c: i for c, i in active.items() if c not in stolen}
    people = tuple(sorted(c for c, i in counted.items() if i == "person" and c not in goblins))
    doubled = tuple(sorted(c for c, i in counted.items() if i == "magician" and _magic(g, c)))
    halved = tuple(sorted(c for c, i in counted.items() if i == "knife"))
    adds = sum(_pleased(g, c) for c in people)
    adds += sum(1 for c in (neighbour(cell, s) for s in SIDES)  # area spells touching the capital
                if c in g and g[c].half.icon == "area_spell" and c not in bombed(g))
    # a calculator (Directional Daddy) adds the path's length: each calculator adds it once
    adds += (len(reach) - 1) * sum(1 for i in counted.values() if i == "calculator")
    worth = ((1 + adds) * 2 ** len(doubled)) // 2 ** len(halved)
    return Capital(cell, g[cell].half.icon, worth, people, doubled, halved,
                   tuple(sorted(holed | stolen)),
                   marks=tuple(sorted({i for i in counted.values() if i in ("selfish", "allin")})))


def bombed(g: dict) -> set:
    """Squares touching a bomb (Proximity Papa): their icons do nothing."""
    return {neighbour(c, s) for c, sq in g.items() if sq.half.icon == "bomb" for s in SIDES}


def _pleased(g: dict, cell) -> int:
    """A person counts 1, doubled by each people pleaser in its row or column."""
    pleasers = sum(1 for c, sq in g.items() if sq.half.icon == "people_pleaser"
                   and (c[0] == cell[0] or c[1] == cell[1]) and c not in bombed(g))
    return 2 ** pleasers


def aeronauts(g: dict, capitals_at) -> list:
    """Aeronauts within 2 squares of a capital: each scores 3 (Proximity Papa)."""
    return sorted(c for c, sq in g.items() if sq.half.icon == "aeronaut" and c not in bombed(g)
                  and any(abs(c[0] - k[0]) + abs(c[1] - k[1]) <= 2 for k in capitals_at))


def villages(g: dict) -> set:
    """Villages whose touching squares all show different terrains: capitals of the owner's role.
    A bomb beside a village silences it: it is no capital then."""
    out = set()
    for c, sq in g.items():
        if sq.half.icon == "village" and c not in bombed(g):
            terrains = [g[n].half.terrain for n in (neighbour(c, s) for s in SIDES) if n in g]
            if len(set(terrains)) == len(terrains):
                out.add(c)
    return out


def _magic(g: dict, cell) -> bool:
    """A magician doubles only when every square touching it has its own terrain."""
    terrain = g[cell].half.terrain
    return all(g[n].half.terrain == terrain for n in (neighbour(cell, s) for s in SIDES) if n in g)


def goblins(g: dict, limit: int | None = None, towns=frozenset()) -> frozenset:
    """People a corrupter reaches along a path (Goblin Grandma): they are goblins now."""
    out = set()
    for cell, sq in g.items():
        if sq.half.icon == "corrupter":
            out |= {c for c in walk(g, cell, limit, towns) if g[c].half.icon == "person"}
    return frozenset(out)


def capitals(g: dict, limit: int | None = None, only=None, shown=frozenset()) -> list[Capital]:
    """Every scoring capital of a map (a corrupter scores nothing); `only`: these icons only.
    A village that has become a capital counts as one; a scoring aeronaut is listed with its 3."""
    towns = frozenset(villages(g)) if only is None else frozenset()
    bad = goblins(g, limit, towns)
    out = []
    for cell, sq in sorted(g.items()):
        icon = sq.half.icon
        if (icon in CAPITALS and icon != "corrupter" and (only is None or icon in only)) or cell in towns:
            out.append(capital(g, cell, bad, limit, shown, towns))
    if out and only is None:  # an aeronaut near a capital scores on its own: listed as such
        out += [Capital(c, "aeronaut", 3) for c in aeronauts(g, [k.cell for k in out])]
    return out


def province(shared: dict, role: str, start_cells, by_path: bool = False, small: bool = False) -> set:
    """The role's province: squares of its terrain joined edge to edge to its starting domino.

    by_path (tactical variant): patches of the terrain joined to it by paths count too.
    small (a penalty): only the starting domino and the squares of its terrain touching it.
    """
    terrain = TERRAIN_OF[role]
    start = [c for c in start_cells if c in shared]
    if small:
        return set(start) | {neighbour(c, s) for c in start for s in SIDES
                             if neighbour(c, s) in shared and shared[neighbour(c, s)].half.terrain == terrain}
    seen = set(start)
    todo = deque(start)
    while todo:
        here = todo.popleft()
        for side in SIDES:
            there = neighbour(here, side)
            if there in seen or there not in shared:
                continue
            same = shared[there].half.terrain == terrain and shared[here].half.terrain == terrain
            if same or (by_path and joined(shared, here, side)):
                seen.add(there)
                todo.append(there)
    return {c for c in seen if shared[c].half.terrain == terrain}
