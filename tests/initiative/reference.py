"""An independent reference for one matrix action, written from the issue's words alone: it
shares no code with the rules (tests compare the two)."""

N = 5


def segments():
    """Every straight run of 4 or 5 cells in a row or a column."""
    for length in (4, 5):
        for fixed in range(N):
            for start in range(N - length + 1):
                yield tuple((fixed, start + i) for i in range(length))  # a row
                yield tuple((start + i, fixed) for i in range(length))  # a column


def strands(grid, touched):
    """Monochrome runs of at least 4 not inside a longer one, holding a touched cell."""
    mono = [seg for seg in segments()
            if all(grid[r][c] is not None for r, c in seg)
            and len({grid[r][c][0] for r, c in seg}) == 1]
    out = []
    for seg in mono:
        if any(set(seg) < set(other) for other in mono):
            continue
        if set(seg) & set(map(tuple, touched)):
            out.append(seg)
    return out


def action(rows, locks, a, b, bag, anomaly=None):
    """(strand cell sets, earned, rows after drop and refill, claimed locks) for a swap."""
    grid = [row.split() for row in rows]
    anomaly = list(anomaly or [])
    def get(x):
        return anomaly[int(x.split(":")[1])] if isinstance(x, str) else grid[x[0]][x[1]]
    def put(x, p):
        if isinstance(x, str):
            anomaly[int(x.split(":")[1])] = p
        else:
            grid[x[0]][x[1]] = p
    pa, pb = get(a), get(b)
    put(a, pb)
    put(b, pa)
    touched = [x for x in (a, b) if not isinstance(x, str)]
    return settle(grid, locks, strands(grid, touched), bag)


def settle(grid, locks, found, bag):
    gone = {cell for seg in found for cell in seg}
    earned = sum(1 if len(seg) == 4 else 2 for seg in found)
    claimed = sorted(tuple(l) for l in locks if tuple(l) in gone)
    locks = [tuple(l) for l in locks if tuple(l) not in gone]
    for r, c in gone:
        grid[r][c] = None
    for c in range(N):
        lowest = max([r for r, cc in locks if cc == c], default=-1)
        below = [grid[r][c] for r in range(lowest + 1, N) if grid[r][c] is not None]
        for r in range(lowest + 1, N):
            grid[r][c] = None
        r = N - 1
        for p in reversed(below):
            grid[r][c] = p
            r -= 1
    bag = list(bag)
    for r in range(N - 1, -1, -1):
        for c in range(N):
            if grid[r][c] is None:
                grid[r][c] = bag.pop(0)
    return ([sorted(seg) for seg in found], earned, [" ".join(row) for row in grid], claimed)


# ---------------------------------------------------------------- end scoring, from the rulebook

SETS = {1: 1, 2: 3, 3: 6, 4: 10}  # "1 Card: 1 point ... 4 Cards: 10 points"; experiments stop at 3
RATES = ((1, 1), (2, 3), (3, 6))  # goal 1: +1 a card, goal 2: +3 a set of 2, goal 3: +6 a set of 3
LOSES = ("nexus", "past", "present", "future")  # the rival lab: "(Nexus>Past>Present>Future)"


def _parts(card):
    kind, *rest = card.split("-")
    return (int(rest[0]), rest[1]) if kind == "world" else (kind, rest[0])


def _points(cards, fractured, locked, goals, assets, alliances):
    by_world = {}
    for card in cards:
        by_world.setdefault(_parts(card)[0], []).append(card)
    total = sum(SETS[min(len(cs), 3 if isinstance(w, str) else 4)] for w, cs in by_world.items())
    # "Remove any fractured worlds from the multiverse board", then a point per locked world
    # "on the multiverse board" represented in the pile
    total += sum(1 for w in by_world if isinstance(w, int) and w in locked and w not in fractured)
    for (size, rate), goal in zip(RATES, goals):
        if "asset" in goal:
            n = sum(1 for c in cards if assets.get(c) == goal["asset"])
        else:
            n = sum(1 for c in cards if c.startswith("world-") and _parts(c)[1] == goal["timeframe"])
        total += n // size * rate
    return total + alliances


def score(cards, fractured=(), locked=(), goals=(), assets=None, alliances=0, rival=False,
          challenging=False):
    """(points, cards kept, nexus cards kept, cards lost): one card lost per fractured world the
    pile holds, the player choosing the most points, then (the tie-breaks) most nexus cards; the
    rival lab by its priority. Experiments are never fractured."""
    assets = assets or {}
    hit = sorted({_parts(c)[0] for c in cards if c.startswith("world-") and _parts(c)[0] in fractured})
    choices = [[c for c in cards if c.startswith(f"world-{w}-")] for w in hit]
    if rival:
        choices = [[min(cs, key=lambda c: LOSES.index(_parts(c)[1]))] for cs in choices]
    best = None
    for lost in _product(choices):
        kept = [c for c in cards if c not in lost]
        points = _points(kept, set(fractured), set(locked), goals, assets, alliances)
        if challenging:  # "1 point for each unique world in the rival lab's score pile"
            points += len({_parts(c)[0] for c in kept if c.startswith("world-")})
        nexus = sum(1 for c in kept if c.endswith("-nexus"))
        result = (points, len(kept), nexus, sorted(lost))
        if best is None or result[:3] > best[:3]:
            best = result
    return best


def _product(lists):
    if not lists:
        yield []
        return
    for first in lists[0]:
        for rest in _product(lists[1:]):
            yield [first] + rest


def winners(results, solo=False):
    """results: {seat: (points, cards, nexus, lost)}. Solo: "If your final score is higher than
    the rival lab's final score, you win!"; else most points, most cards, most nexus cards."""
    if solo:
        return [0] if results[0][0] > results[1][0] else [1]
    top = max(r[:3] for r in results.values())
    return sorted(s for s, r in results.items() if r[:3] == top)
