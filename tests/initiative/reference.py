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
