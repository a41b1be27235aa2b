"""An independent reference for Domino Dynasty's strength, written from docs/rulings.md alone
(it imports nothing of the rules): maps are {(x, y): (terrain, icon, paths, domino)}.

Capital worth: walk the path network from the capital (an edge counts when both squares have it
open), never entering another capital. Icons beside a hole along the network do nothing; a thief
undoes every modifier lying on some shortest way between the capital and itself; then
(1 + people) doubled per magician whose touching squares all share its terrain, halved per knife,
rounded down. A map's total is the sum over its capitals (a corrupter scores nothing, and people
a corrupter reaches are goblins); a role's strength is that total times its province: squares of
its terrain joined edge to edge to its starting domino on the shared map. Under Weathered Roads a
walk takes 5 steps at most, counted afresh on each square touching a builder (no bomb beside it).
Proximity Papa's village is a capital when the squares touching it all show different terrains and
no bomb touches it; like every capital it stops the other capitals' walks ("Any Capital on the path
stops the path"). Each calculator on a walk adds the number of squares the walk reaches.
"""
from __future__ import annotations

ROLE_TERRAIN = {"warfare": "lava", "money": "desert", "infrastructure": "stone", "housing": "plains",
                "goods": "grass"}
CAPITAL_ICONS = set(ROLE_TERRAIN) | {"neutral", "wildcard", "corrupter"}
MOVES = {"N": (0, -1, "S"), "E": (1, 0, "W"), "S": (0, 1, "N"), "W": (-1, 0, "E")}
INF = 10 ** 6


def links(m, cell):
    """Squares joined to `cell` by an open path on both sides."""
    out = []
    x, y = cell
    for side, (dx, dy, back) in MOVES.items():
        other = (x + dx, y + dy)
        if other in m and side in m[cell][2] and back in m[other][2]:
            out.append(other)
    return out


def towns(m):
    """Villages that are capitals: touching squares of all different terrains, no bomb beside."""
    out = set()
    for (x, y), sq in m.items():
        around = [m[(x + dx, y + dy)] for dx, dy, _ in MOVES.values() if (x + dx, y + dy) in m]
        terrains = [o[0] for o in around]
        if sq[1] == "village" and len(set(terrains)) == len(terrains) and all(o[1] != "bomb" for o in around):
            out.add((x, y))
    return out


def stops(m, cell):
    return m[cell][1] in CAPITAL_ICONS or cell in towns(m)


def region(m, capital, limit=None):
    """Squares the capital's walk reaches (capital included): a flood that never enters another
    capital square; with `limit` (Weathered Roads) a walk takes at most that many steps, counted
    again from 0 on every square beside a builder no bomb touches."""
    if limit is not None:
        return _limited(m, capital, limit)
    found = {capital}
    frontier = [capital]
    while frontier:
        nxt = []
        for c in frontier:
            for o in links(m, c):
                if o not in found and not stops(m, o):
                    found.add(o)
                    nxt.append(o)
        frontier = nxt
    return found


def _limited(m, capital, limit):
    """Every (square, steps since the last restart) a walk can be in, searched exhaustively."""
    def beside(c):
        x, y = c
        return [(x + dx, y + dy) for dx, dy, _ in MOVES.values()]
    bombs = {c for c, sq in m.items() if sq[1] == "bomb"}
    builders = [c for c, sq in m.items() if sq[1] == "builder" and not set(beside(c)) & bombs]
    fresh = {o for b in builders for o in beside(b)}
    seen = {(capital, 0)}
    stack = [(capital, 0)]
    while stack:
        c, k = stack.pop()
        if k == limit:
            continue
        for o in links(m, c):
            if stops(m, o):
                continue
            state = (o, 0 if o in fresh else k + 1)
            if state not in seen:
                seen.add(state)
                stack.append(state)
    return {c for c, _ in seen}


def all_pairs(m, nodes):
    """Floyd-Warshall over the region's path network."""
    d = {(a, b): (0 if a == b else INF) for a in nodes for b in nodes}
    for a in nodes:
        for b in links(m, a):
            if b in nodes:
                d[a, b] = 1
    for k in nodes:
        for a in nodes:
            for b in nodes:
                if d[a, k] + d[k, b] < d[a, b]:
                    d[a, b] = d[a, k] + d[k, b]
    return d


def worth(m, capital, goblins=frozenset(), limit=None):
    nodes = region(m, capital, limit)
    d = all_pairs(m, nodes)
    icons = {c: m[c][1] for c in nodes if c != capital and m[c][1] in
             ("person", "magician", "knife", "thief", "hole", "calculator")}
    silenced = set()
    for h, icon in icons.items():
        if icon == "hole":
            silenced |= {c for c in icons if c != h and d[h, c] == 1}
    live = {c: i for c, i in icons.items() if c not in silenced}
    undone = set()
    for t, icon in live.items():
        if icon == "thief":
            undone |= {c for c in live if c != t and d[capital, c] + d[c, t] == d[capital, t]}
    value = 1 + sum(1 for c, i in live.items() if i == "person" and c not in undone and c not in goblins)
    value += (len(nodes) - 1) * sum(1 for c, i in live.items() if i == "calculator" and c not in undone)
    for c, i in live.items():
        if c in undone:
            continue
        if i == "magician":
            x, y = c
            around = [(x + dx, y + dy) for dx, dy, _ in MOVES.values() if (x + dx, y + dy) in m]
            if all(m[o][0] == m[c][0] for o in around):
                value *= 2
    knives = sum(1 for c, i in live.items() if i == "knife" and c not in undone)
    for _ in range(knives):
        value /= 2
    return int(value // 1)


def map_total(m, limit=None):
    goblins = set()
    for c, sq in m.items():
        if sq[1] == "corrupter":
            goblins |= {o for o in region(m, c, limit) if m[o][1] == "person"}
    return sum(worth(m, c, frozenset(goblins), limit) for c, sq in m.items()
               if (sq[1] in CAPITAL_ICONS and sq[1] != "corrupter") or c in towns(m))


def province(shared, role, start, small=False):
    """small (a penalty): the starting domino and the squares of its terrain touching it."""
    terrain = ROLE_TERRAIN[role]
    found = {c for c in start if c in shared}
    if small:
        return len(found | {(x + dx, y + dy) for x, y in found for dx, dy, _ in MOVES.values()
                            if shared.get((x + dx, y + dy), ("",))[0] == terrain})
    frontier = list(found)
    while frontier:
        x, y = frontier.pop()
        for dx, dy, _ in MOVES.values():
            o = (x + dx, y + dy)
            if o in shared and o not in found and shared[o][0] == terrain:
                found.add(o)
                frontier.append(o)
    return len(found)


def strength(personal, shared, role, start, small=False):
    return map_total(personal) * province(shared, role, start, small)


def from_state(squares):
    """A rules map (((x, y), Square), ...) as the reference's plain tuples."""
    return {c: (sq.half.terrain, sq.half.icon, sq.half.paths, sq.domino) for c, sq in squares}


def placement_ok(maps, roles, seat, where, cells, halves):
    """Whether a placement record is legal, from the rulebook's claim rules alone.

    maps: {"shared": {...}, seat: {...}} in the plain form; roles: {seat: role};
    halves: [(terrain, icon, paths)], one per cell.
    """
    (ax, ay), (bx, by) = cells
    if abs(ax - bx) + abs(ay - by) != 1:
        return False
    for half in halves:
        owner = [s for s, r in roles.items() if r == half[1]]
        if owner and owner[0] != seat:
            return False
    m = maps["shared"] if where == "shared" else maps[seat]
    if any(c in m for c in cells):
        return False
    if m and not any((c[0] + dx, c[1] + dy) in m for c in cells for dx, dy, _ in MOVES.values()):
        return False
    xs = [c[0] for c in list(m) + list(cells)]
    ys = [c[1] for c in list(m) + list(cells)]
    if max(xs) - min(xs) >= 8 or max(ys) - min(ys) >= 8:
        return False
    for (x, y), (terrain, _, paths) in zip(cells, halves):
        for side, (dx, dy, back) in MOVES.items():
            other = m.get((x + dx, y + dy))
            if other is None:
                continue
            if where == "shared" and other[0] != terrain:
                return False
            if where == "personal" and (side in paths) != (back in other[2]):
                return False
    return True
