"""Finding tiles by their outline: what the reader does for a tile the mask of colour and
brightness misses, such as a back printed in nearly the mat's own grey.

A tile a few millimetres thick shows its outline even when its face matches the mat: its edge
catches the light or falls into shade, and it casts a soft shadow. Each side of a tile is a
straight step in brightness as long as the side; a step that most of a side shows is strong
evidence even when it is faint at every single point. Rectangles of the tile's learnt size
are laid along straight soft edges, along the sides of tiles already found (where unexplained
print lies beyond them) and round clusters of unexplained print; the best are fitted onto the
steps of their sides and judged:

- ``sure``: its own sides outline it: all four show; or three, clearly enough together; or two
  neighbouring ones clearly, each running exactly from corner to corner;
- not sure: it needs a found neighbour's edge to be outlined, and holds print. The reader
  then keeps it only if its print reads plainly as one label, choosing among its likeliest
  poses the one whose print matches best.

Steps are measured against the mat's own gradient noise, so the same rules hold under a dim
lamp, a noisy sensor or a sharp one.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from .zone import SEG_PX_PER_MM, Pose, ZoneView, fill_holes, rect_poly

OUTLINE_BLUR_PX = 1.0
OUTLINE_EDGE_SIGMAS = (2.5, 5.0)  # soft edges: Canny's thresholds, in units of the mat's gradient noise
OUTLINE_SIDE_SIGMAS = 1.2  # a side shows when 70% of it steps by this many noise units
OUTLINE_THREE_SIGMAS = 7.0  # three sides alone must show this much together
OUTLINE_CORNER_SIGMAS = 3.0  # two sides alone must each show this clearly
OUTLINE_FITS = 16  # the most promising rectangles fitted and judged
OUTLINE_PER_PLACE = 4  # of them, at most this many about one place
OUTLINE_NEW_PLACES = 4  # and past them, this many more at places none of them lies at
OUTLINE_OVERLAP = 0.25  # how much of a rectangle may lie on tiles already found (and their margins)
OUTLINE_STEP_MM = 1.0  # rectangles laid along a seed this far apart
OUTLINE_RIVALS = 5  # other ways an outlined tile may lie, read to choose when its first pose does not read


def find_outlined(view: ZoneView, size_mm, found: list[Pose], busy, every_side: bool = False,
                  doubtful=()) -> list[Pose]:
    """Tiles in ``view`` that the mask missed (see the module docstring), as poses in mat mm.
    ``found``: the tiles the mask gave; ``busy``: where a hand or the like lies (not searched).
    ``every_side``: look along every side of the tiles found, not only where print lies beyond
    (a grey back's print may not show as print at all under strong noise). ``doubtful``: tiles
    the mask may have laid wrong, searched for again (their steps count as anyone's)."""
    k = SEG_PX_PER_MM
    w, h = size_mm
    W, H = w * k, h * k
    Hh, Ww = view.rel.shape
    gx, gy, noise = _gradients(view)
    # what is already explained: the tiles found (with their shadows) and hands
    taken = busy.astype(np.uint8) * 255
    # and where the tiles found lie themselves: a tile laid flush between two of them overlaps
    # their edges and shadows above, but not them
    solid = taken.copy()
    rects = []
    for p in found:
        x0, y0 = (p.x_mm - view.zone.x) * k, (p.y_mm - view.zone.y) * k
        rects.append((x0, y0, p.theta))
        cv2.fillPoly(taken, [np.round(rect_poly(x0, y0, p.theta, W + 5 * k, H + 5 * k)).astype(np.int32)], 255)
        cv2.fillPoly(solid, [np.round(rect_poly(x0, y0, p.theta, W + k, H + k)).astype(np.int32)], 255)
    free = taken == 0
    # print nothing explains (not a sliver of a found tile's edge or shadow)
    loose = cv2.morphologyEx(cv2.bitwise_and(view.mask, view.mask, mask=free.astype(np.uint8)),
                             cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    some_print = cv2.countNonZero(loose) >= 0.02 * W * H
    if not some_print and not every_side and not _soft_edges_left(gx, gy, noise, free, 0.8 * min(W, H)):
        return []  # the usual frame: everything in view is explained
    lo, hi = OUTLINE_EDGE_SIGMAS
    sc = 64.0 / noise
    edges = cv2.Canny(np.clip(gx * sc, -32000, 32000).astype(np.int16),
                      np.clip(gy * sc, -32000, 32000).astype(np.int16), lo * 64, hi * 64, L2gradient=True)
    edges[~free] = 0
    # and print the soft edges close round (a glyph a shade darker than a grey back)
    closed = cv2.morphologyEx(fill_holes(edges), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    loose = _big_parts(cv2.bitwise_or(loose, closed), 0.01 * W * H)
    some_print = cv2.countNonZero(loose) >= 0.02 * W * H
    short = min(W, H)
    seeds = []  # (x1, y1, x2, y2, slack): a straight step; slack: how far a tile may overhang it
    segs = cv2.HoughLinesP(edges, 1, np.pi / 180, threshold=int(0.25 * short), minLineLength=0.4 * short,
                           maxLineGap=2 * k)
    if segs is not None:
        seeds += [(*sg, 0.0) for sg in segs.reshape(-1, 4)[:40].astype(np.float64)]
    seeds += _side_seeds(rects, W, H, loose if some_print else None, solid, every_side)
    # rectangles in groups (a seed, a way to lay the tile along it); each group offers its best
    cands = _around_print(loose, W, H, k, 3.0, gx, gy, noise) if some_print else []
    for x1, y1, x2, y2, slack in seeds:
        L = math.hypot(x2 - x1, y2 - y1)
        if L < 1:
            continue
        u = np.array([x2 - x1, y2 - y1]) / L
        nrm = np.array([-u[1], u[0]])
        ang = math.degrees(math.atan2(u[1], u[0]))
        for along, across in ((W, H), (H, W)):
            th = ang if along == W else ang + 90
            a, b = L - along / 2, along / 2  # centres (along the seed) that keep it on the side
            lo_t, hi_t = min(a, b) - slack * along, max(a, b) + slack * along
            ts = np.arange(lo_t, hi_t + 1e-6, OUTLINE_STEP_MM * k)
            for sgn in (1.0, -1.0):
                c = np.array([x1, y1]) + ts[:, None] * u + sgn * nrm * across / 2
                cands.append(np.column_stack([c, np.full(len(c), th)]))
    if not cands:
        return []
    group = np.concatenate([np.full(len(c), g) for g, c in enumerate(cands)])
    C = np.vstack(cands)
    keep = _inside(C, W, H, Ww, Hh, 3.0 * k) & (_overlap_taken(solid, C, W, H) < OUTLINE_OVERLAP)
    C, group = C[keep], group[keep]
    if not len(C):
        return []
    # Every rectangle is scored with every step (a neighbour's edge included) and with only
    # the steps no tile explains; the most promising are then fitted (turned and shifted onto
    # the steps of their sides) and judged again.
    gx_own, gy_own = gx.copy(), gy.copy()
    gx_own[~free], gy_own[~free] = 0, 0
    # a quicker first look: every other point, every other offset
    d = _steps(gx, gy, C, W, H, _SIDE_T[::2], _OFFSETS[::2])
    d_own = np.where(_steps(free, free, C, W, H, _SIDE_T[::2], _OFFSETS[::2], as_mask=True), d, 0.0)
    best = []
    for dd in (d_own, d):
        sides = _consistent(dd).max(axis=2) / noise
        top3 = np.sort(sides, axis=1)[:, 1:].sum(axis=1)
        order = np.lexsort((-top3, group))  # by group, best first
        firsts = order[np.concatenate([[True], group[order][1:] != group[order][:-1]])]
        mine = []
        ranked = firsts[np.argsort(-top3[firsts])]
        for at, i in enumerate(ranked):
            if top3[i] < 2 * OUTLINE_SIDE_SIGMAS:
                break
            if len(mine) >= OUTLINE_FITS:
                # a few tiles' rivals may take every fit (tiles found again round a blob the mask
                # could not take apart): a place none of them lies at still gets its best
                mine += _new_places(C, ranked[at:][top3[ranked[at:]] >= 2 * OUTLINE_SIDE_SIGMAS], mine, 0.5 * short)
                break
            # a few rivals for each place, no more: one clear tile must not crowd out a faint one
            near = [j for j in mine if math.hypot(C[i, 0] - C[j, 0], C[i, 1] - C[j, 1]) < 0.5 * short]
            if len(near) < OUTLINE_PER_PLACE and all(
                    math.hypot(C[i, 0] - C[j, 0], C[i, 1] - C[j, 1]) > 2 * k or
                    abs((C[i, 2] - C[j, 2] + 90) % 180 - 90) > 5 for j in near):
                mine.append(i)
        best += [i for i in mine if i not in best]
    if not best:
        return []
    C = np.vstack([C[best], _fit(gx_own, gy_own, C[best], W, H, noise)])
    C = C[_inside(C, W, H, Ww, Hh, 3.0 * k) & (_overlap_taken(solid, C, W, H) < OUTLINE_OVERLAP)]
    if not len(C):
        return []
    sides_all, _ = _side_support(gx, gy, C, W, H, noise)
    sides_own, ends_own = _side_support(gx_own, gy_own, C, W, H, noise, free)
    sure = _outlined(sides_own, ends_own)
    # A tile against one already found may show little of its own outline: with the found
    # tile's edge, two sides showing and print inside make it worth reading
    maybe = ((sides_all >= OUTLINE_SIDE_SIGMAS).sum(axis=1) >= 2) & (_overlap_taken(loose, C, W, H) >= 0.05)
    # Under a dim lamp or a noisy sensor a grey back's print may not show as print at all, nor
    # its outline clearly: three sides of its own showing is then worth a reading (which must
    # be plain)
    maybe |= (sides_own >= OUTLINE_SIDE_SIGMAS).sum(axis=1) >= 3
    # Laid flush between found tiles or into the corner two make, a tile has two sides of its
    # own to show: both showing (and the others against found tiles) is worth a reading too,
    # whose print must then read plainly (a grey back's small marks may not show as print)
    against = _steps(free, free, C, W, H, _SIDE_T, _JUST_BEYOND, as_mask=True)[:, :, 0].mean(axis=2) < 0.5
    maybe |= (against.sum(axis=1) >= 2) & ((sides_own >= OUTLINE_SIDE_SIGMAS) | against).all(axis=1)
    # of rival rectangles the best outlined, by their own steps first
    own = sides_own.sum(axis=1) + 0.25 * sides_all.sum(axis=1)
    rank = np.where(sure, 1e3 + own, np.where(maybe, own, -1.0))
    out, idx = [], []
    order = [i for i in np.argsort(-rank) if rank[i] >= 0]
    placed = solid.copy()  # tiles found so far, and the ones found here
    for i in order:
        cx, cy, th = C[i]
        if _overlap_taken(placed, C[i:i + 1], W, H)[0] > 0.2:
            continue
        cv2.fillPoly(placed, [np.round(rect_poly(cx, cy, th, W, H)).astype(np.int32)], 255)
        pose = Pose(cx / k + view.zone.x, cy / k + view.zone.y, th % 360, 1.0, sure=bool(sure[i]), outlined=True)
        # other ways this tile may lie, for the reading to choose from if its print says so
        near = []
        for j in order:
            if j != i and math.hypot(C[j, 0] - cx, C[j, 1] - cy) < 0.6 * short and \
                    all(math.hypot(C[j, 0] - C[m, 0], C[j, 1] - C[m, 1]) > 1.5 * k or
                        abs((C[j, 2] - C[m, 2] + 90) % 180 - 90) > 5 for m in near + [i]):
                near.append(j)
                if len(near) >= OUTLINE_RIVALS:
                    break
        pose.rivals = [Pose(C[j, 0] / k + view.zone.x, C[j, 1] / k + view.zone.y, C[j, 2] % 360, 1.0, sure=False,
                            outlined=True) for j in near]
        out.append(pose)
        idx.append(i)
    if out and (len(out) > 1 or found or doubtful):
        near = [((p.x_mm - view.zone.x) * k, (p.y_mm - view.zone.y) * k, p.theta) for p in doubtful]
        _own_outline_only(out, C[idx], sides_own[idx], W, H, solid, near)
    return out


def _gradients(view: ZoneView):
    """(gx, gy, noise): the zone's brightness steps, and the mat's own gradient noise (most of
    a zone is bare mat or flat tile), never less than the step one grey level makes (a smooth
    fall-off of the light bands into levels)."""
    sm = cv2.GaussianBlur(view.rel, (0, 0), OUTLINE_BLUR_PX)
    gx = cv2.Sobel(sm, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(sm, cv2.CV_32F, 0, 1, ksize=3)
    level = 1.0 / max(float(np.mean(view.background)), 1.0)
    sample = np.abs(gx[1::4, 1::4]).ravel()
    noise = max(float(np.partition(sample, len(sample) // 2)[len(sample) // 2]) / 0.6745, 3.2 * level)
    return gx, gy, noise


def outline_near(view: ZoneView, size_mm, at, reach_mm: float) -> Pose | None:
    """The upright tile of this size whose own outline shows within ``reach_mm`` of the place
    ``at`` (mat mm; an enrolment shot that says where its piece lies): rectangles laid on a grid
    round the place, each fitted onto the steps of its sides, of those outlined
    (module docstring) the nearest the place. None when none is: neighbours 8 mm off and their
    shadows then cannot pass for it, as they can in a search of the whole zone."""
    k = SEG_PX_PER_MM
    W, H = size_mm[0] * k, size_mm[1] * k
    gx, gy, noise = _gradients(view)
    g = np.arange(-reach_mm * k, reach_mm * k + 1e-6, OUTLINE_STEP_MM * k)
    X, Y = np.meshgrid((at[0] - view.zone.x) * k + g, (at[1] - view.zone.y) * k + g)
    C = np.column_stack([X.ravel(), Y.ravel(), np.zeros(X.size)])
    C = C[_inside(C, W, H, *gx.shape[::-1], 0.0)]
    if not len(C):
        return None
    F = _fit(gx, gy, C, W, H, noise)
    sides, ends = _side_support(gx, gy, F, W, H, noise)
    # tiles shown in a row have their neighbours' sides in line with theirs: a step may run on
    # past a corner; of the outlined, the one nearest the place (a neighbour's strong edge can
    # outline a rectangle laid half across it)
    far = np.hypot(F[:, 0] / k + view.zone.x - at[0], F[:, 1] / k + view.zone.y - at[1])
    far = np.where(_outlined(sides, ends, beyond=False), far, np.inf)
    i = int(np.argmin(far))
    if not np.isfinite(far[i]):
        return None
    return Pose(F[i, 0] / k + view.zone.x, F[i, 1] / k + view.zone.y, F[i, 2] % 360, 1.0, sure=True, outlined=True)


def _own_outline_only(poses, C, sides, W, H, solid, doubtful):
    """A rectangle whose every side that shows has a tile just beyond it (another found here,
    one found before, its edges a mm or two past the steps they explain, or a ``doubtful``
    one) is outlined by their sides alone (the bare corner or gap tiles in a row leave between
    them): like one laid against a tile found before, it is no longer sure, and a tile only if
    its print reads."""
    k = SEG_PX_PER_MM
    for n, pose in enumerate(poses):
        if not pose.sure:
            continue
        others = solid.copy()
        for m, rect in enumerate(list(C) + doubtful):
            if m != n:
                cv2.fillPoly(others, [np.round(rect_poly(*rect, W, H)).astype(np.int32)], 255)
        shows = sides[n] >= OUTLINE_SIDE_SIGMAS
        if all(_share_beyond(others, a, b, nrm, k, 3 * k) >= 0.5
               for (a, b, nrm, _), show in zip(_sides_of(*C[n], W, H), shows) if show):
            pose.sure = False


def _new_places(C, rest, taken, apart) -> list:
    """Of the rectangles ``rest`` (best first), the best at each place at least ``apart`` from
    every rectangle in ``taken`` and from each other, OUTLINE_NEW_PLACES at most."""
    P = C[taken, :2]
    far = rest[(np.hypot(C[rest, 0, None] - P[:, 0], C[rest, 1, None] - P[:, 1]) >= apart).all(axis=1)]
    out = []
    for j in far:
        if len(out) >= OUTLINE_NEW_PLACES:
            break
        if all(math.hypot(C[j, 0] - C[m, 0], C[j, 1] - C[m, 1]) >= apart for m in out):
            out.append(j)
    return out


def _fit(gx, gy, C, W, H, noise, turns=(-2.0, -1.0, 0.0, 1.0, 2.0)):
    """Each rectangle turned by each of ``turns`` degrees and shifted onto the steps of its
    sides (between opposite sides when both show, else onto the one that does); of the turns,
    the one whose sides show best."""
    n = len(C)
    V = np.repeat(C, len(turns), axis=0)
    V[:, 2] += np.tile(turns, n)
    for offsets in (_OFFSETS_WIDE, _OFFSETS):  # a wide look first: a seed may lie a few mm off
        st = _side_strength(gx, gy, V, W, H, noise, offsets)  # (m, 4, o)
        off = offsets[st.argmax(axis=2)].astype(np.float64)  # (m, 4): outward shift to each side's step
        show = st.max(axis=2) >= OUTLINE_SIDE_SIGMAS * 1.5
        du = np.where(show[:, 1] & show[:, 3], (off[:, 1] - off[:, 3]) / 2,
                      np.where(show[:, 1], off[:, 1], np.where(show[:, 3], -off[:, 3], 0.0)))
        dv = np.where(show[:, 2] & show[:, 0], (off[:, 2] - off[:, 0]) / 2,
                      np.where(show[:, 2], off[:, 2], np.where(show[:, 0], -off[:, 0], 0.0)))
        c, s = np.cos(np.radians(V[:, 2])), np.sin(np.radians(V[:, 2]))
        V[:, 0] += du * c - dv * s
        V[:, 1] += du * s + dv * c
    total = _side_strength(gx, gy, V, W, H, noise).max(axis=2).sum(axis=1).reshape(n, len(turns))
    return V.reshape(n, len(turns), 3)[np.arange(n), total.argmax(axis=1)]


def parts(mask):
    """(how many, labels, area of each) of a mask's parts (8-connected; 0 is the background), as
    cv2.connectedComponentsWithStats numbers them: its statistics cost ten times the labelling
    itself, and of them only the areas are needed for every part (a part's box, wanted only for
    the few large enough to be tiles, is taken from its own labels)."""
    n, lab = cv2.connectedComponents(mask, connectivity=8)
    return n, lab, np.bincount(lab.ravel(), minlength=n)


def _big_parts(mask, min_px):
    """The mask without its parts smaller than min_px (specks of noise)."""
    n, lab, area = parts(mask)
    keep = np.zeros(n, np.uint8)
    keep[1:] = (area[1:] >= min_px) * 255
    return keep[lab]


def _around_print(loose, W, H, k, step_mm, gx, gy, noise) -> list:
    """Rectangles round each cluster of unexplained print (a grey tile's glyph with nothing
    to show its outline to the mask), along the cluster's own axes, every way it fits inside.
    A round or square cluster (a back's dot), or one small beside the tile (two dots down a
    diagonal), tells little of how the tile lies: the tile's axes are then the way the steps
    round it run (see _local_turn)."""
    n, lab, area = parts(cv2.dilate(loose, np.ones((5, 5), np.uint8)))
    out = [np.zeros((0, 3))]
    for i in range(1, n):
        if area[i] < 0.02 * W * H:
            continue
        pts = np.column_stack(np.nonzero((lab == i) & (loose > 0)))[:, ::-1].astype(np.float32)
        if len(pts) < 5:
            continue
        (cx, cy), (a, b), ang = cv2.minAreaRect(pts)
        if max(a, b) > 1.1 * max(W, H):
            continue  # not the print of one tile
        if max(a, b) < 1.4 * min(a, b) or max(a, b) < 0.5 * min(W, H):
            ang = _local_turn(gx, gy, noise, cx, cy, 0.6 * max(W, H))
            c, s = math.cos(math.radians(ang)), math.sin(math.radians(ang))
            u, v = (pts[:, 0] - cx) * c + (pts[:, 1] - cy) * s, (cx - pts[:, 0]) * s + (pts[:, 1] - cy) * c
            a, b = float(np.ptp(u)) + 1, float(np.ptp(v)) + 1
        for th, (ea, eb) in ((ang, (a, b)), (ang + 90, (b, a))):
            c, s = math.cos(math.radians(th)), math.sin(math.radians(th))
            ru, rv = max(0.0, (W - ea) / 2), max(0.0, (H - eb) / 2)
            du, dv = (g.ravel() for g in np.meshgrid(np.arange(-ru, ru + 1e-6, step_mm * k),
                                                     np.arange(-rv, rv + 1e-6, step_mm * k)))
            out.append(np.column_stack([cx + du * c - dv * s, cy + du * s + dv * c, np.full(len(du), th)]))
    return out


def _local_turn(gx, gy, noise, cx, cy, r) -> float:
    """The turn (degrees, modulo 90) the steps in brightness within ``r`` of a point run at:
    each step's direction counted four times round (a rectangle's four sides agree then, and
    a dot's round edge and the noise cancel out), weighted by its strength."""
    Hh, Ww = gx.shape
    x0, y0, x1, y1 = max(int(cx - r), 0), max(int(cy - r), 0), min(int(cx + r) + 1, Ww), min(int(cy + r) + 1, Hh)
    ax, ay = gx[y0:y1, x0:x1], gy[y0:y1, x0:x1]
    m2 = ax * ax + ay * ay
    m2 = np.where(m2 > (2 * noise) ** 2, m2, 0)  # steps, not the mat's grain
    c2 = (ax * ax - ay * ay) / np.maximum(m2, 1e-12)  # cos 2a, sin 2a of each step
    s2 = 2 * ax * ay / np.maximum(m2, 1e-12)
    return math.degrees(math.atan2(float((2 * c2 * s2 * m2).sum()), float(((c2 * c2 - s2 * s2) * m2).sum()))) / 4


def _outlined(sides, ends, scale=1.0, beyond=True):
    """Which rectangles are outlined: all four sides show a step; or three do, clearly enough
    together; or two neighbouring sides show a clear one. A clear step must run the whole
    side, right up to both corners, and (``beyond``) stop there: so a rectangle laid across a
    tile, or turned a quarter from it, is not taken for it."""
    strong = sides >= OUTLINE_CORNER_SIGMAS
    exact = (ends[:, :, 2:] >= 0.35 * sides[:, :, None]).all(axis=2)
    if beyond:
        exact &= (ends[:, :, :2] < 0.5 * sides[:, :, None]).all(axis=2)
    clear = strong & exact
    corner = (clear & np.roll(clear, 1, axis=1)).any(axis=1)
    shows = (sides >= scale * OUTLINE_SIDE_SIGMAS).sum(axis=1)
    three = np.sort(sides, axis=1)[:, 1:].sum(axis=1) >= scale * OUTLINE_THREE_SIGMAS
    return ((shows == 4) | ((shows == 3) & three) | corner) & (exact | ~strong).all(axis=1)


def _soft_edges_left(gx, gy, noise, free, min_px) -> bool:
    """Enough clear steps in brightness outside what is explained to make a tile's side?"""
    mag = cv2.magnitude(gx, gy)
    return bool(np.count_nonzero((mag > OUTLINE_EDGE_SIGMAS[1] * noise) & free) > min_px)


def _sides_of(cx, cy, th, W, H):
    """Each side of a rectangle: its two ends, outward normal and the rectangle's depth behind it."""
    c, s = math.cos(math.radians(th)), math.sin(math.radians(th))
    P = rect_poly(cx, cy, th, W, H)  # corners: top-left, top-right, bottom-right, bottom-left
    normals = [(s, -c), (c, s), (-s, c), (-c, -s)]  # top, right, bottom, left
    depths = [H, W, H, W]
    return [(tuple(P[i]), tuple(P[(i + 1) % 4]), normals[i], depths[i]) for i in range(4)]


def _side_seeds(rects, W, H, loose, solid, every_side: bool) -> list:
    """Seeds along the found tiles' sides (each rect: its centre and turn in zone pixels) where
    another tile may lie: with print beyond (``loose``, None when there is too little print to
    look for), a tile's room before the next found tile, or every side with ``every_side``."""
    k = SEG_PX_PER_MM
    seeds = []
    for x0, y0, th in rects:
        for (ax, ay), (bx, by), (nx, ny), depth in _sides_of(x0, y0, th, W, H):
            ends = (ax, ay), (bx, by), (nx, ny)
            if every_side or loose is not None and _loose_beyond(loose, *ends, 1.2 * k, depth, 0.02 * W * H) or \
                    _room_beyond(solid, *ends, k, depth):
                off = 1.45 * k  # just past the found tile's edge and shadow: the fit moves it onto the step
                seeds.append((ax + nx * off, ay + ny * off, bx + nx * off, by + ny * off, 0.7))
    return seeds


def _room_beyond(solid, a, b, n, k, depth) -> bool:
    """A tile's room, bare, beyond one side of a found tile, and another found tile just past it:
    the gap may hold a tile the mask missed (a grey back whose print shows too little)."""
    return _share_beyond(solid, a, b, n, 1.5 * k, depth - 1.5 * k) < 0.1 and \
        _share_beyond(solid, a, b, n, depth + 1.5 * k, 2.5 * k) >= 0.3


def _band(mask, a, b, n, start, depth):
    """(the part of ``mask`` round the band beyond one side (ends a, b; outward normal n) from
    ``start`` to ``start + depth`` out, the band there as a mask)."""
    # four corners in plain floats: this is called for every side of every tile found
    (ax, ay), (bx, by), (nx, ny) = (tuple(map(float, v)) for v in (a, b, n))
    end = start + depth
    xs = (ax + nx * start, bx + nx * start, bx + nx * end, ax + nx * end)
    ys = (ay + ny * start, by + ny * start, by + ny * end, ay + ny * end)
    x0, y0 = max(math.floor(min(xs)), 0), max(math.floor(min(ys)), 0)
    x1, y1 = math.ceil(max(xs)) + 1, math.ceil(max(ys)) + 1
    part = mask[y0:y1, x0:x1]
    m = np.zeros(part.shape, np.uint8)
    if part.size:
        cv2.fillPoly(m, [np.array([(round(x - x0), round(y - y0)) for x, y in zip(xs, ys)], np.int32)], 255)
    return part, m


def _share_beyond(mask, a, b, n, start, depth) -> float:
    """The share of a band beyond one side of a found tile that lies on ``mask``."""
    part, m = _band(mask, a, b, n, start, depth)
    inside = cv2.countNonZero(m) if m.size else 0
    return cv2.countNonZero(cv2.bitwise_and(part, m)) / inside if inside else 0.0


def _loose_beyond(loose, a, b, n, start, depth, min_px=12) -> bool:
    """Unexplained print within a tile's reach beyond one side of a found tile."""
    part, m = _band(loose, a, b, n, start, depth)
    return m.size > 0 and cv2.countNonZero(cv2.bitwise_and(part, m)) >= min_px


_SIDE_T = np.linspace(-0.42, 0.42, 16)  # along each side, as a share of its length
# beyond its two corners, and just inside them
_END_T = np.r_[np.linspace(-0.85, -0.6, 4), np.linspace(0.6, 0.85, 4),
               np.linspace(-0.47, -0.34, 4), np.linspace(0.34, 0.47, 4)]
_OFFSETS = np.arange(-4, 5)  # across each side, outward, in zone pixels
_OFFSETS_WIDE = np.arange(-10, 11)
_JUST_BEYOND = np.array([2])  # a mm beyond a side


_LOCAL: dict = {}


def _side_local(w, h, t, offsets):
    """Tile-local sample points (4 sides, offsets, len(t)) along each side, at offsets across it."""
    key = (w, h, t.tobytes(), offsets.tobytes())
    if key not in _LOCAL:
        m = len(t)
        # sides: top, right, bottom, left; (point on side in tile coords, outward normal)
        base = [((t * w, np.full(m, -h / 2)), (0.0, -1.0)), ((np.full(m, w / 2), t * h), (1.0, 0.0)),
                ((t * w, np.full(m, h / 2)), (0.0, 1.0)), ((np.full(m, -w / 2), t * h), (-1.0, 0.0))]
        U = np.stack([np.add.outer(offsets * nx, bu) for (bu, bv), (nx, ny) in base])
        V = np.stack([np.add.outer(offsets * ny, bv) for (bu, bv), (nx, ny) in base])
        if len(_LOCAL) > 64:
            _LOCAL.clear()
        _LOCAL[key] = (U.astype(np.float32), V.astype(np.float32))
    return _LOCAL[key]


def _side_samples(C, w, h, t, offsets=_OFFSETS):
    """Sample points along each side of each rectangle (cx, cy, theta) at offsets across it
    (outward positive): arrays (n, 4 sides, offsets, len(t)) of x and y, and each side's normal."""
    c, s = np.cos(np.radians(C[:, 2])), np.sin(np.radians(C[:, 2]))
    U, V = _side_local(w, h, t, offsets)
    X = C[:, 0, None, None, None] + U * c[:, None, None, None] - V * s[:, None, None, None]
    Y = C[:, 1, None, None, None] + U * s[:, None, None, None] + V * c[:, None, None, None]
    normals = np.array([[0.0, -1.0], [1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])
    NX = normals[:, 0] * c[:, None] - normals[:, 1] * s[:, None]  # (n, 4)
    NY = normals[:, 0] * s[:, None] + normals[:, 1] * c[:, None]
    return X, Y, NX, NY


def nearest_pixels(X, Y, shape):
    """(each point's nearest pixel of an image of this shape, as a flat index; whether the point
    lies inside the image, being then its own nearest pixel) for points X, Y in its pixels (the
    two bounds taken apart: np.clip costs more)."""
    H, W = shape[:2]
    xi, yi = np.rint(X).astype(np.int32), np.rint(Y).astype(np.int32)
    xc, yc = np.minimum(np.maximum(xi, 0), W - 1), np.minimum(np.maximum(yi, 0), H - 1)
    return yc * W + xc, (xc == xi) & (yc == yi)


def _steps(gx, gy, C, w, h, t, offsets=_OFFSETS, as_mask=False):
    """(n, 4, offsets, len(t)): the brightness step across each side (outward) at each sample
    (``as_mask``: the value of the mask ``gx`` there instead)."""
    X, Y, NX, NY = _side_samples(C, w, h, t, offsets)
    flat, inside = nearest_pixels(X, Y, gx.shape)
    if as_mask:
        return gx.ravel().take(flat) & inside
    d = gx.ravel().take(flat) * NX[:, :, None, None] + gy.ravel().take(flat) * NY[:, :, None, None]
    return np.where(inside, d, 0.0)  # no evidence outside the zone


def _consistent(d, share=0.7):
    """The step that at least ``share`` of the samples show with the same sign (so a glyph
    crossing part of a side does not make it one), over the last axis."""
    d = np.sort(d, axis=-1)
    q = int(round((1 - share) * (d.shape[-1] - 1)))
    return np.maximum(d[..., q], -d[..., d.shape[-1] - 1 - q]).clip(0)


def _side_strength(gx, gy, C, w, h, noise, offsets=_OFFSETS):
    """(n, 4, offsets): each side's consistent step at each offset, in noise units."""
    return _consistent(_steps(gx, gy, C, w, h, _SIDE_T, offsets)) / noise


def _side_support(gx, gy, C, w, h, noise, seen=None):
    """Per rectangle and side: the step along the side (at its best offset) and, at that
    offset, the step along its continuation beyond either corner and just inside either
    corner, in noise units. Where ``seen`` (a mask) is mostly false near a corner (a tile
    already found lies there, or the zone ends) nothing is known: it passes either test."""
    st = _side_strength(gx, gy, C, w, h, noise)  # (n, 4, o)
    best = st.argmax(axis=2)
    sides = np.take_along_axis(st, best[:, :, None], axis=2)[:, :, 0]
    d = _steps(gx, gy, C, w, h, _END_T)  # (n, 4, o, 16)
    d = np.take_along_axis(d, best[:, :, None, None], axis=2)[:, :, 0]  # (n, 4, 16)
    ends = np.stack([_consistent(d[..., i:i + 4], 0.5) for i in (0, 4, 8, 12)], axis=2) / noise
    if seen is not None:
        m = _steps(seen, seen, C, w, h, _END_T, as_mask=True)
        m = np.take_along_axis(m, best[:, :, None, None], axis=2)[:, :, 0]
        unknown = np.stack([m[..., i:i + 4].mean(axis=-1) < 0.5 for i in (0, 4, 8, 12)], axis=2)
        ends = np.where(unknown, np.array([0.0, 0.0, np.inf, np.inf]), ends)
    return sides, ends  # ends: (n, 4, [beyond either corner, just inside either corner])


def _inside(C, w, h, W, H, margin=1.0):
    out = np.ones(len(C), bool)
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        c, s = np.cos(np.radians(C[:, 2])), np.sin(np.radians(C[:, 2]))
        X = C[:, 0] + sx * w / 2 * c - sy * h / 2 * s
        Y = C[:, 1] + sx * w / 2 * s + sy * h / 2 * c
        out &= (X >= -margin) & (Y >= -margin) & (X <= W - 1 + margin) & (Y <= H - 1 + margin)
    return out


_GRID6 = [g.ravel() for g in np.meshgrid(np.linspace(-0.45, 0.45, 6), np.linspace(-0.45, 0.45, 6))]


def _overlap_taken(taken, C, w, h):
    """Each rectangle's share (sampled on a 6 x 6 grid) that lies on ``taken``."""
    U, V = _GRID6[0] * w, _GRID6[1] * h
    c, s = np.cos(np.radians(C[:, 2:3])), np.sin(np.radians(C[:, 2:3]))
    flat, _ = nearest_pixels(C[:, 0:1] + U * c - V * s, C[:, 1:2] + U * s + V * c, taken.shape)
    return (taken.reshape(-1).take(flat) > 0).mean(axis=1)
