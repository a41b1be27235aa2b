"""Reading tiles: find each tile in a zone, its position and rotation, and read its face
(colour and glyph) or its back, or say ``unknown``. The labels are the game's (a `TileSet`).

Nothing here is tuned to one printing. Enrolment shows the recogniser each face and back once;
from those frames it learns the tile's size, a template of each glyph (as "ink": how far each
point of the tile is from the tile's own paper colour) and colour statistics measured against
the mat's grey, which stands in for a grey card under whatever light the table has.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from .lens import straight_frame
from .markers import MarkerDetector, VisionInputError, calibrate, check_frame, recalibrate_with_missed
from .mat import SEAT_MARKERS, ZONE_GREY, MatLayout
from .outline import find_outlined, nearest_pixels, outline_near, parts
from .perf import single_threaded
from .reading import FrameReading, Profile, TileReading, read_image, read_manifest
from .tiles import UNKNOWN, TileSet, colour_of, is_back
from .zone import BG_PX_PER_MM, SEG_PX_PER_MM, Pose, ZoneView, fill_holes, rect_poly

READ_PX_PER_MM = 1.6  # tile patches used to read glyphs
INSET_MM = 3.0  # glyph templates leave out the tile's rim, where neighbours and shadows fall
SHIFT_PX = 4  # glyph search around the found pose, in patch pixels
OUTLINED_SHIFT_PX = 9  # and round a pose the outline search found
COLOUR_FLOOR = np.array([0.08, 0.08, 0.08, 0.15, 0.15, 0.15], np.float32)  # light is never exact


# ---------------------------------------------------------------- finding tiles in a zone


def _zone_to_frame(H_inv, zone, k) -> np.ndarray:
    """Zone image pixels -> frame pixels."""
    A = np.array([[1 / k, 0, zone.x], [0, 1 / k, zone.y], [0, 0, 1]])
    return H_inv @ A


def _fg(img, bg, bright=1.16, dark=0.62, colour=0.14):
    """Where something lies on the mat: brighter, darker or more colourful than the mat's
    grey under the same light (ratios, so a lamp's fall-off and its tint cancel)."""
    b, g, r = cv2.split(cv2.divide(img, cv2.max(bg, (1.0, 1.0, 1.0, 1.0)), dtype=cv2.CV_32F))
    s = b + g + r
    hi = cv2.max(cv2.max(b, g), r) * 3
    lo = cv2.min(cv2.min(b, g), r) * 3
    c3 = colour * s
    return (s > 3 * bright) | (s < 3 * dark) | (hi - s > c3) | (s - lo > c3)


def channel_mean(a):
    """The mean of B, G and R (the last axis), added one by one: as a.mean(axis=-1), without
    the cost numpy's reduction has over an axis of three."""
    return (a[..., 0] + a[..., 1] + a[..., 2]) / 3


def channel_max(a):
    """The largest of B, G and R (the last axis), as a.max(axis=-1)."""
    return np.maximum(np.maximum(a[..., 0], a[..., 1]), a[..., 2])


def channel_min(a):
    """The least of B, G and R (the last axis), as a.min(axis=-1)."""
    return np.minimum(np.minimum(a[..., 0], a[..., 1]), a[..., 2])


def _ring_light(small):
    """The mat's grey across the zone, fitted (a quadratic per channel) to the zone's rim,
    which tiles rarely cover; points far from the fit (a tile at the edge) are dropped."""
    h, w = small.shape[:2]
    X, idx = _ring_design(h, w)
    vals = small.reshape(-1, 3)[idx].astype(np.float64)
    keep = np.ones(len(idx), bool)
    for _ in range(2):
        Xk = X[keep]
        coef = np.linalg.solve(Xk.T @ Xk + 1e-6 * np.eye(6), Xk.T @ vals[keep])
        err = channel_max(np.abs(vals / np.maximum(X @ coef, 1) - 1))
        keep = err < max(0.08, float(np.partition(err, len(err) * 6 // 10)[len(err) * 6 // 10]))
        if keep.sum() < 20:
            break
    return np.maximum(_design(h, w) @ coef.astype(np.float32), 1.0).reshape(h, w, 3)


_RINGS: dict = {}


def _ring_design(h, w, r=2):
    if (h, w) not in _RINGS:
        ring = np.zeros((h, w), bool)
        ring[:r], ring[-r:], ring[:, :r], ring[:, -r:] = True, True, True, True
        idx = np.flatnonzero(ring)
        _RINGS[(h, w)] = (_design(h, w)[idx].astype(np.float64), idx)
    return _RINGS[(h, w)]


_DESIGNS: dict = {}


def _design(h, w):
    if (h, w) not in _DESIGNS:
        gy, gx = np.mgrid[0:h, 0:w]
        x, y = gx.ravel() / w, gy.ravel() / h
        _DESIGNS[(h, w)] = np.c_[np.ones(h * w), x, y, x ** 2, y ** 2, x * y].astype(np.float32)
    return _DESIGNS[(h, w)]


ZONE_GREY_RATIO = ZONE_GREY[1] / 255.0  # the zone's print against the paper's white
ZONE_INSET_MM = 1.5  # the printed zone's edge blurs into the white paper round it


def _inset_zone(zone):
    return type(zone)(zone.x + ZONE_INSET_MM, zone.y + ZONE_INSET_MM, zone.w - 2 * ZONE_INSET_MM,
                      zone.h - 2 * ZONE_INSET_MM)


def _warp_zone(frame, H_inv, zone):
    """The (inset) zone straightened out at SEG_PX_PER_MM (BGR, as the frame)."""
    k = SEG_PX_PER_MM
    size = (int(round(zone.w * k)), int(round(zone.h * k)))
    img = cv2.warpPerspective(frame, _zone_to_frame(H_inv, zone, k), size,
                              flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
    return img


def view_zone(frame, H_inv, zone, paper=None, mask: bool = True, image: bool = True, passes: int = 2) -> ZoneView:
    """The zone straightened out, the mat's light across it and the mask of what lies on it.
    ``paper``: the white of the paper round the zone; the mat is printed neutral grey, so its
    colour under this light is the paper's tint at the mat's own brightness. ``mask=False``
    leaves the mask (and rel) out, for readers that look in each cell rather than for pieces
    by the mask: it costs as much as the rest of the view. ``image=False`` (with no mask)
    keeps only the mat's light, for a reader that straightens each cell itself. ``passes``: how
    often the light is fitted again from the mat inside the zone (_zone_light)."""
    zone = _inset_zone(zone)
    img = _warp_zone(frame, H_inv, zone)
    bg = _zone_light(img, zone, paper, passes)
    if not (mask or image):
        return ZoneView(zone, None, bg, None)
    imgf = img.astype(np.float32)
    bg_full = cv2.resize(bg, (imgf.shape[1], imgf.shape[0]), interpolation=cv2.INTER_LINEAR)
    if not mask:
        return ZoneView(zone, imgf, bg, None, light=bg_full)
    found, rel = _zone_mask(imgf, bg_full)
    return ZoneView(zone, imgf, bg, found, rel, light=bg_full)


def view_zone_again(frame, H_inv, before: ZoneView, ref, grow_px: float, still: float, most: float = 0.5):
    """The zone as ``view_zone`` sees it, worked out again only where it changed since
    ``before`` (under the same calibration, so the same light): ``ref`` holds the pixels (uint8)
    each part of ``before``'s mask was worked out from. The box round every pixel that
    changed (a 5x5 mean beyond ``still`` grey levels), grown by ``grow_px`` (the reach of the
    mask's own smoothing and edges: tiles are then looked for blob by blob, see find_tiles),
    gets its mask afresh; the rest keeps ``before``'s. Returns (view, its ref, the box or None
    when nothing changed), or None when more than ``most`` of the zone changed or the light
    did (most of the zone brighter or darker by a third of ``still``): then view it whole."""
    raw = _warp_zone(frame, H_inv, before.zone)
    img = raw.astype(np.float32)
    signed = (raw[::4, ::4].astype(np.int16) - ref[::4, ::4]).sum(axis=2)
    if abs(float(np.median(signed))) > still:  # (the three channels summed)
        return None  # a lamp dimmed or a cloud passed: the mat's light must be found again
    # the channels' differences summed (past 255 levels all changes are alike)
    d = cv2.transform(cv2.absdiff(raw, ref), _SUM3)
    changed = cv2.blur(d, (5, 5)) > 3 * still
    view = ZoneView(before.zone, img, before.background, before.mask, before.rel, light=before.light)
    pts = cv2.findNonZero(changed.astype(np.uint8))
    if pts is None:
        return view, ref, None
    H, W = changed.shape
    x, y, bw, bh = cv2.boundingRect(pts)
    g = int(math.ceil(grow_px))
    x0, y0, x1, y1 = max(0, x - g), max(0, y - g), min(W, x + bw + g), min(H, y + bh + g)
    if (x1 - x0) * (y1 - y0) > most * W * H:
        return None
    # worked out with a margin round the box, so closing, opening and edges near its
    # border see what lies beyond; holes are filled last, on the whole zone's mask
    p = 6
    X0, Y0, X1, Y1 = max(0, x0 - p), max(0, y0 - p), min(W, x1 + p), min(H, y1 + p)
    sub_mask, sub_rel = _zone_mask(img[Y0:Y1, X0:X1], before.light[Y0:Y1, X0:X1], fill=False)
    inner = (slice(y0 - Y0, y1 - Y0), slice(x0 - X0, x1 - X0))
    mask, rel, ref = before.mask.copy(), before.rel.copy(), ref.copy()
    mask[y0:y1, x0:x1] = sub_mask[inner]
    rel[y0:y1, x0:x1] = sub_rel[inner]
    ref[y0:y1, x0:x1] = raw[y0:y1, x0:x1]
    view.mask, view.rel = fill_holes(mask), rel
    return view, ref, (x0, y0, x1, y1)


def _zone_light(img, zone, paper, passes=2):
    """The mat's grey across the zone under this light, at BG_PX_PER_MM: fitted to the zone's
    rim, then ``passes`` times to the mat inside it (the second pass leaves out what the first
    pass's light shows on the mat)."""
    tint = None if paper is None else (np.asarray(paper, np.float32) / max(float(np.mean(paper)), 1.0))

    def neutral(bg):
        return bg if tint is None else _times_colour(channel_mean(bg), tint)

    small_size = (int(round(zone.w * BG_PX_PER_MM)), int(round(zone.h * BG_PX_PER_MM)))
    smallf = cv2.resize(img, small_size, interpolation=cv2.INTER_AREA).astype(np.float32)
    ring = bg = neutral(_ring_light(smallf))
    # Then again from the mat itself inside the zone (normalised convolution over what is
    # plainly mat), so shadows and a lamp's fall-off are followed but tiles are not.
    fg = _fg(smallf, bg, bright=1.18, dark=0.4, colour=0.25)
    for i in range(passes):
        if i:  # (what the last pass's light shows on the mat is looked at only by a next pass)
            fg = _fg(smallf, bg)
        mat = 1 - cv2.dilate(fg.astype(np.uint8), np.ones((3, 3), np.uint8))
        w = mat.astype(np.float32)
        sigma = 8 * BG_PX_PER_MM
        num = cv2.GaussianBlur(smallf * _each_channel(w), (0, 0), sigma)
        den = cv2.GaussianBlur(w, (0, 0), sigma)
        est = num / _each_channel(np.maximum(den, 1e-6))
        a_ = _each_channel(np.clip(den / 0.3, 0, 1))
        # shadows darken the mat; nothing brightens it much beyond the rim's fit, so a pale
        # tile is never taken for a brighter patch of mat
        bg = np.minimum(neutral(a_ * est + (1 - a_) * bg), 1.08 * ring)
    return bg


def _each_channel(a):
    """A float32 map (h, w) laid in each of three channels (h, w, 3): the same numbers as
    a[:, :, None] broadcast, but numpy broadcasts over a three-long last axis several times
    slower than it works on whole arrays."""
    return cv2.cvtColor(a, cv2.COLOR_GRAY2BGR)


def _times_colour(a, colour):
    """a (h, w) times a colour (3,): (h, w, 3), the same products as a[..., None] * colour,
    worked a channel at a time along rows rather than broadcast over a three-long last axis."""
    return np.ascontiguousarray((np.asarray(colour)[:, None] * a.reshape(1, -1)).T).reshape(a.shape + (3,))


def _zone_mask(imgf, bg_full, fill=True):
    """(what lies on the mat, brightness relative to the mat's light) of a zone image.
    ``fill=False`` leaves the last filling of holes to the caller (a part of a zone)."""
    mask = _fg(imgf, bg_full).astype(np.uint8) * 255
    # A tile close in tone to the mat still has a crisp outline: strong edges (in brightness
    # relative to the mat's light, so shade does not count) join the mask before holes are
    # filled, so an outline that closes fills in.
    rel = cv2.cvtColor(imgf, cv2.COLOR_BGR2GRAY) / np.maximum(cv2.cvtColor(bg_full, cv2.COLOR_BGR2GRAY), 1.0)
    edges = cv2.Canny(np.clip(rel * 100, 0, 255).astype(np.uint8), 14, 28)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    mask = fill_holes(cv2.bitwise_or(mask, edges))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return (fill_holes(mask) if fill else mask), rel


def mat_exposure(frame, H_inv, zone) -> tuple[float, np.ndarray | None]:
    """(share of the zone's rim that looks like bare printed mat, the paper's white beside it as
    the lamp lights it: `_past_clipping`). Bare mat is grey, and as much darker than the white
    paper just outside as the print is.
    A hand or an arm over the zone fails this, even one that covers the whole zone."""
    white, rim = white_and_rim(frame, H_inv, zone)
    if len(white) < 10 or len(rim) < 10:
        return 0.0, None
    paper = _past_clipping(median_rows(white.T), white, rim)
    # worked a channel at a time along the rim (numpy is slow over a three-long last axis)
    r = np.ascontiguousarray(rim.T) / np.maximum(paper, 1.0)[:, None]
    lum = (r[0] + r[1] + r[2]) / 3
    expect = ZONE_GREY_RATIO
    r -= lum
    np.abs(r, out=r)
    grey = np.maximum(np.maximum(r[0], r[1]), r[2]) < 0.12 * np.maximum(lum, 0.05)
    ok = grey & (lum > 0.55 * expect) & (lum < 1.45 * expect)
    return float(ok.mean()), paper


def white_and_rim(frame, H_inv, zone):
    """(the pixels of the white paper band just outside a zone, of the rim just inside it), BGR."""
    k = 1.0
    pad = 6.0
    big = type(zone)(zone.x - pad, zone.y - pad, zone.w + 2 * pad, zone.h + 2 * pad)
    w, h = int(round(big.w * k)), int(round(big.h * k))
    # only the frame of strips the bands lie in (RIM_IN mm in from the zone's edge) is
    # straightened, as four strips, each by the same map with its own origin
    M, b = _zone_to_frame(H_inv, big, k), int(pad + RIM_IN) + 1
    img = np.zeros((h, w, 3), np.uint8)
    for x0, y0, x1, y1 in ((0, 0, w, b), (0, h - b, w, h), (0, b, b, h - b), (w - b, b, w, h - b)):
        img[y0:y1, x0:x1] = cv2.warpPerspective(
            frame, M @ np.array([[1.0, 0, x0], [0, 1, y0], [0, 0, 1]]), (x1 - x0, y1 - y0),
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
    white_band, rim_band = _bands(h, w, pad)
    pixels = img.reshape(-1, 3)  # (only the bands' pixels made float)
    return pixels[white_band].astype(np.float32), pixels[rim_band].astype(np.float32)


def glare(frame, H_inv, zone) -> bool:
    """Whether the zone's grey print itself shows near the camera's ceiling in some channel (the
    bound past which `_past_clipping` no longer trusts it): a lamp so bright, or its glare, that
    pale pieces there clip with it."""
    rim = white_and_rim(frame, H_inv, zone)[1]
    return len(rim) >= 10 and float(np.median(rim, axis=0).max()) > GLARE


CLIPPED = 250  # the paper's white this bright (its median) is the sensor's ceiling, not the lamp
GLARE = 0.88 * 255  # the rim's grey print this bright: no lamp to read under (see _past_clipping)


def _past_clipping(paper, white, rim):
    """The paper's white as the lamp lights it, where the camera shows it clipped.
    Under a bright lamp the paper beside a zone shows at the sensor's ceiling in one channel or
    all, hiding the lamp's colour and brightness, and bare grey mat then seems tinted or too
    bright against it. The rim's grey print is the other witness of the lamp: its median over the
    print's known grey is the paper's white, in every channel (one witness, so no tint is made up
    between two). It is believed only as a lamp can be: no darker than the ceiling where the
    paper is clipped (give or take a tenth), as the paper shows it where it is not, the rim well below the ceiling,
    channels within a lamp's tint of each other, and the paper round the zone unbroken (an arm
    reaching in crosses it); else a hand over most of the rim would be its own reference.
    Otherwise the clipped paper stands."""
    clipped = paper >= CLIPPED
    if not clipped.any():
        return paper
    rim = median_rows(rim.T)
    lamp = rim / ZONE_GREY_RATIO
    # a lamp up to half as bright again as the ceiling: beyond, a palm (brighter than the grey
    # print, in red above all) shows near white too, and nothing tells it from the mat
    if rim.max() > GLARE or (lamp[clipped] < 0.9 * paper[clipped]).any():
        return paper
    if (np.abs(lamp[~clipped] / np.maximum(paper[~clipped], 1.0) - 1) > 0.1).any() or lamp.max() > 1.5 * lamp.min():
        return paper
    return lamp if paper_unbroken(white, paper) >= 0.85 else paper


def paper_unbroken(white, paper) -> float:
    """The share of the white paper band round a zone (``white``, BGR, from `white_and_rim`) that
    is paper, give or take a lamp's fall-off: in no channel much darker than ``paper`` (the band's
    white, a channel each). Skin and sleeves are, in blue at least: an arm reaching in crosses it."""
    w = np.ascontiguousarray(white.T) / paper[:, None]  # (a channel at a time, as mat_exposure)
    return float((np.minimum(np.minimum(w[0], w[1]), w[2]) > 0.75).mean())


_BANDS: dict = {}
RIM_IN = 4.5  # mm: the rim band lies 1.5 to this far inside the zone's edge, the white band 2.5-5.5 outside


def _bands(h, w, pad):
    """Indices (of the pixels, row by row) of the white paper band just outside a zone and of
    the rim just inside it."""
    key = (h, w, pad)
    if key not in _BANDS:
        yy, xx = np.mgrid[0:h, 0:w]
        # distance outside (+) or inside (-) the zone's edge, in mm
        d = np.maximum(np.maximum(pad - xx, xx - (w - 1 - pad)), np.maximum(pad - yy, yy - (h - 1 - pad)))
        _BANDS[key] = (np.flatnonzero((d >= 2.5) & (d <= 5.5)), np.flatnonzero((d <= -1.5) & (d >= -RIM_IN)))
    return _BANDS[key]


@dataclass
class Blob:
    """Something on the mat that is not a whole tile (a hand, a tile half out of the zone)."""

    area_mm2: float
    touches_edge: bool


_GRID = None


def _coverage(mask, cands, w, h, k, inset=0.12):
    """For each (cx, cy, theta) in mm/degrees: the share of sample points inside a tile-sized
    rectangle there that lie on foreground (0 if the rectangle leaves the image)."""
    global _GRID
    if _GRID is None:
        t = np.linspace(-0.5 + inset / 2, 0.5 - inset / 2, 9)
        U, V = np.meshgrid(t, t)
        _GRID = (U.ravel(), V.ravel())
    if not len(cands):
        return np.zeros(0)
    C = np.asarray(cands, np.float64)
    U, V = _GRID[0] * w, _GRID[1] * h
    c, s = np.cos(np.radians(C[:, 2:3])), np.sin(np.radians(C[:, 2:3]))
    inside, vals = _sampled(mask, (C[:, 0:1] + U * c - V * s) * k, (C[:, 1:2] + U * s + V * c) * k)
    cov = (vals & inside).mean(axis=1)
    return np.where(inside.mean(axis=1) < 0.9, 0.0, cov)


def _sampled(mask, X, Y):
    """(which points lie inside the mask's image, whether the mask is set at each, nearest
    pixel; False outside) for points X, Y in its pixels."""
    flat, inside = nearest_pixels(X, Y, mask.shape)
    return inside, mask.reshape(-1).take(flat) > 0


def _free_sides(mask, cands, w, h, k, out_mm=1.2):
    """For each candidate: the share of points just outside its four sides that are bare mat.
    A real tile shows most of its outline; a rectangle straddling two tiles shows little."""
    t = np.linspace(-0.4, 0.4, 7)
    U = np.concatenate([t * w, t * w, np.full(7, -w / 2 - out_mm), np.full(7, w / 2 + out_mm)])
    V = np.concatenate([np.full(7, -h / 2 - out_mm), np.full(7, h / 2 + out_mm), t * h, t * h])
    C = np.asarray(cands, np.float64)
    c, s = np.cos(np.radians(C[:, 2:3])), np.sin(np.radians(C[:, 2:3]))
    inside, vals = _sampled(mask, (C[:, 0:1] + U * c - V * s) * k, (C[:, 1:2] + U * s + V * c) * k)
    return (~(vals & inside)).mean(axis=1)


def _theta_from_rect(rect, w, h):
    """minAreaRect -> (theta of the tile's width axis), choosing the side that matches w."""
    (_, _), (a, b), ang = rect
    if abs(a - w) + abs(b - h) <= abs(a - h) + abs(b - w):
        return ang
    return ang + 90.0


def find_tiles(view: ZoneView, size_mm, splits: dict | None = None) -> tuple[list[Pose], list[Blob]]:
    """Tile poses in mat millimetres and leftover blobs.
    Touching tiles merge into one blob; it is taken apart by fitting tile-sized rectangles
    against its straight outer edges, one tile at a time. ``splits``: how the blobs of the
    last frame were taken apart, by their very pixels (a blob just as it was is taken apart
    just as it was); updated to this frame's."""
    kept = {}
    k = SEG_PX_PER_MM
    w, h = size_mm
    tile_area = w * h
    mask = view.mask
    H, W = mask.shape
    n, labels, areas = parts(mask)
    poses, blobs, doubtful, unsure = [], [], [], []
    busy = np.zeros((H, W), bool)
    for i in range(1, n):
        area = areas[i] / k ** 2
        if area < 0.3 * tile_area:
            continue
        x, y, bw, bh = cv2.boundingRect((labels == i).view(np.uint8))
        edge = x <= 1 or y <= 1 or x + bw >= W - 1 or y + bh >= H - 1
        comp = (labels[y:y + bh, x:x + bw] == i).astype(np.uint8) * 255
        comp = cv2.medianBlur(comp, 5)  # straighter outlines give truer edges to fit tiles against
        key = (int(x), int(y), comp.shape, comp.tobytes())
        split = splits.get(key) if splits is not None else None
        if split is None:
            found, unexplained = _split(comp, (x, y), w, h, k)
            split = ([(f.x_mm, f.y_mm, f.theta, f.fit) for f in found], unexplained)
        else:
            found = [Pose(cx, cy, th, fit) for cx, cy, th, fit in split[0]]
            unexplained = split[1]
        kept[key] = split
        for f in found:  # zone image -> mat millimetres
            f.x_mm += view.zone.x
            f.y_mm += view.zone.y
            f.alone = len(found) == 1 and unexplained < 0.15 * tile_area
        if unexplained > 0.45 * tile_area:
            # tiles laid over a blob they leave much of unexplained may be laid wrong (across
            # two touching tiles whose outline the mask lost in part): the outline search
            # still looks there
            doubtful += found
        if unexplained > 0.45 * tile_area or not found:
            blobs.append(Blob(float(unexplained), bool(edge)))
            if unexplained > 1.2 * tile_area and not edge and area < 6 * tile_area:
                # clear of the zone's edge and no bigger than a handful of tiles: tiles touching
                # whose outline the mask lost in part (a far camera blurs a cluster of them into
                # one), or else a hand: their outlines tell
                unsure.append((blobs[-1], x, y, comp))
            elif unexplained > 1.2 * tile_area:
                busy[y:y + bh, x:x + bw] |= comp > 0  # a hand, most likely: no tiles looked for there
        poses.extend(found)
    view.busy = busy
    if splits is not None:
        splits.clear()
        splits.update(kept)
    if view.rel is not None:
        # tiles the mask missed, by their outline
        poses.extend(find_outlined(view, size_mm, [p for p in poses if all(p is not d for d in doubtful)], busy,
                                   doubtful=doubtful))
    for blob, x, y, comp in unsure:  # what of it the tiles outlined plainly leave unexplained
        cover = np.zeros_like(comp)
        for p in poses:
            if p.outlined and p.sure:
                poly = rect_poly((p.x_mm - view.zone.x) * k - x, (p.y_mm - view.zone.y) * k - y, p.theta,
                                 (w + 1.2) * k, (h + 1.2) * k)
                cv2.fillPoly(cover, [np.round(poly).astype(np.int32)], 255)
        blob.area_mm2 = min(blob.area_mm2, cv2.countNonZero(cv2.bitwise_and(comp, cv2.bitwise_not(cover))) / k ** 2)
        if blob.area_mm2 > 1.2 * tile_area:
            busy[y:y + comp.shape[0], x:x + comp.shape[1]] |= comp > 0
    return poses, blobs


def _split(comp, origin, w, h, k) -> tuple[list[Pose], float]:
    ox, oy = origin
    pad = 2
    comp = cv2.copyMakeBorder(comp, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    ox, oy = ox - pad, oy - pad
    # Of all the ways found to lay tiles over the blob, keep the one whose tiles together
    # match its shape best: in two tiles laid flush a rectangle straddling both also fits
    # inside the blob, but only the right pair covers it without leaving or adding anything.
    blob = comp > 0
    area = blob.sum()
    best, best_iou, best_miss = [], 0.0, float(area)
    for found in _explain(comp, w, h, k):
        drawn = np.zeros_like(comp)
        for _, cx, cy, th in found:
            cv2.fillPoly(drawn, [np.round(rect_poly(cx, cy, th, w, h) * k).astype(np.int32)], 255)
        d = drawn > 0
        inter = np.count_nonzero(d & blob)
        union = area + np.count_nonzero(d) - inter
        iou = inter / max(union, 1)
        if iou > best_iou:
            best, best_iou, best_miss = found, iou, float(union - inter)
        if best_iou > 0.93:
            break  # tiles and blob agree: no better layout to look for
    poses = [Pose(cx + ox / k, cy + oy / k, th % 360, fit) for fit, cx, cy, th in best]
    return poses, best_miss / k ** 2  # and the area (mm2) the tiles and the blob disagree on


BEAMS = (4, 3, 2)  # first guesses followed at each depth of a blob's decomposition


def _explain(comp, w, h, k, depth=0):
    """Every way (within the beam) to take the blob apart into tiles, one tile at a time,
    most likely first."""
    tile_px = w * h * k * k
    area = cv2.countNonZero(comp)
    if area < 0.45 * tile_px or depth >= 8:
        yield []
        return
    cnts, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not cnts:
        yield []
        return
    cnt = max(cnts, key=cv2.contourArea)
    carea = cv2.contourArea(cnt)
    hyps = []
    if 0.75 * tile_px < carea < 1.3 * tile_px:
        rect = cv2.minAreaRect(cnt)
        (a, b) = rect[1]
        dims = sorted((a / k, b / k))
        if abs(dims[0] - min(w, h)) < 0.2 * min(w, h) and abs(dims[1] - max(w, h)) < 0.2 * max(w, h):
            hyps = [(1.0, rect[0][0] / k, rect[0][1] / k, _theta_from_rect(rect, w * k, h * k))]
    if not hyps:
        hyps = _edge_fits(comp, cnt, w, h, k, BEAMS[depth] if depth < len(BEAMS) else 1)
    any_ = False
    for hyp in hyps:
        if hyp[0] < 0.85:
            continue
        _, cx, cy, th = hyp
        rest = comp.copy()
        poly = np.round(rect_poly(cx, cy, th, w + 1.2, h + 1.2) * k).astype(np.int32)
        cv2.fillPoly(rest, [poly], 0)
        rest = cv2.morphologyEx(rest, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
        for more in _explain(rest, w, h, k, depth + 1):
            any_ = True
            yield [(min(hyp[0], 1.0), cx, cy, th)] + more
    if not any_:
        yield []


def _edge_fits(comp, cnt, w, h, k, keep):
    """Hypothesise a tile against each straight stretch of the outline (its corner at either
    end, either side of the tile along it); the ``keep`` best covered, no two alike. When none
    cover the blob well enough, each is slid along its stretch by a mm or two as well: the
    stretch may end short of the tile's corner (a corner rounded by a far camera's blur, or
    touching another tile's)."""
    poly = cv2.approxPolyDP(cnt, 1.0 * k, True).reshape(-1, 2).astype(np.float64)
    if len(poly) < 3:
        return []
    orient = 1.0 if cv2.contourArea(poly.astype(np.float32), oriented=True) > 0 else -1.0
    stretches = []  # (the tile's corner, along the stretch, into the blob, tile's sides, width axis, bonus)
    m = len(poly)
    min_len = 0.35 * min(w, h) * k
    pts = poly.tolist()  # plain floats: a blob's outline has a few dozen stretches
    for i in range(m):
        p, q = pts[i], pts[(i + 1) % m]
        dx, dy = q[0] - p[0], q[1] - p[1]
        L = math.hypot(dx, dy)
        if L < min_len:
            continue
        u = (dx / L, dy / L)
        nrm = (-u[1] * orient, u[0] * orient)  # into the blob
        ang = math.degrees(math.atan2(u[1], u[0]))
        for along, across in ((w, h), (h, w)):
            if L < 0.5 * along * k:
                continue
            th = ang if along == w else ang + 90
            for start, sgn in ((p, 1.0), (q, -1.0)):
                stretches.append((start, (sgn * u[0], sgn * u[1]), nrm, along, across, th,
                                  0.02 * min(L / (along * k), 1.0)))
    if not stretches:
        return []
    start, u, nrm = (np.array([st[i] for st in stretches], np.float64) for i in range(3))
    along, across, th, b = (np.array([st[i] for st in stretches], np.float64) for i in range(3, 7))
    for slides in ((0.0,), (-1.0, 1.0, -2.0, 2.0)):
        # every stretch at every slide (stretch by stretch), all at once
        sl = np.tile(slides, len(stretches))
        rep = np.repeat(np.arange(len(stretches)), len(slides))
        c = (start[rep] + u[rep] * (along[rep] / 2 + sl)[:, None] * k + nrm[rep] * across[rep, None] * k / 2) / k
        cands = np.column_stack([c, th[rep]])
        bonus = b[rep]
        cov = _coverage(comp, cands, w, h, k)
        if (cov >= 0.85).any():
            break
    free = _free_sides(comp, cands, w, h, k)
    rank = cov + 0.5 * free + bonus
    well = np.flatnonzero(cov >= 0.85)
    out = []
    for i in well[np.argsort(-rank[well], kind="stable")]:  # best ranked first
        cv, (x, y, th) = float(cov[i]), cands[i]
        if any(math.hypot(x - o[1], y - o[2]) < 2.0 and abs((th - o[3] + 90) % 180 - 90) < 8 for o in out):
            continue
        out.append((cv, x, y, th))
        if len(out) >= keep:
            break
    return out


# ---------------------------------------------------------------- reading a tile


def _tile_patch(frame, H_inv, pose: Pose, theta, size_mm, margin_mm=0.0, k=READ_PX_PER_MM):
    """The tile warped upright from the frame, at k px/mm, with margin_mm round it."""
    w, h = size_mm
    c, s = math.cos(math.radians(theta)), math.sin(math.radians(theta))
    cx, cy = pose.x_mm, pose.y_mm
    # patch px -> tile-local mm -> mat mm
    A = np.array([[1 / k, 0, -(w / 2 + margin_mm)], [0, 1 / k, -(h / 2 + margin_mm)], [0, 0, 1]])
    R = np.array([[c, -s, cx], [s, c, cy], [0, 0, 1]])
    M = H_inv @ R @ A
    pw, ph = int(round((w + 2 * margin_mm) * k)), int(round((h + 2 * margin_mm) * k))
    return cv2.warpPerspective(frame, M, (pw, ph), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE).astype(np.float32)


_SUM3 = np.ones((1, 3), np.float32)


def _channels(colour):
    """A colour (3,) as the per-channel scalar OpenCV takes for an image's channels."""
    return (float(colour[0]), float(colour[1]), float(colour[2]), 0.0)

# A print's strokes (numerals, rings, pips, a back's pattern) are narrower than this; a lamp's
# sheen on laminated tiles is wider. Learnt with the print, a sheen in a tile's enrolment shot
# made its template wrong wherever it lay after (third printing with --glare,
# tests/vision/third_tiles.py: a blue 5 with no sheen read at 0.65).
SHEEN_MM = 4.0
SHEEN_OFF = 0.5  # the share of the broad part taken off
_SHEEN_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(round(SHEEN_MM * READ_PX_PER_MM)) | 1,) * 2)


def _ink_and_colour(patch, mat_colour, margin_px):
    """Ink map and colour features of an upright patch with margin_px of slack round the tile.
    Colours are ratios to the mat's grey, so light and tint cancel. Features: the tile's paper
    colour (log ratio) and the direction from paper to ink, which blur does not change."""
    # (per-channel products and differences by OpenCV: numpy is slow over a three-long last axis)
    ratio = cv2.multiply(patch, _channels((1.0 / np.maximum(mat_colour, 1.0)).astype(np.float32)))
    p = margin_px + int(round(INSET_MM * READ_PX_PER_MM))
    inner = ratio[p:ratio.shape[0] - p, p:ratio.shape[1] - p]
    paper = median_rows(inner[::2, ::2].reshape(-1, 3).T)
    diff = cv2.subtract(ratio, _channels(paper.astype(np.float32)))
    ink = cv2.sqrt(cv2.transform(cv2.multiply(diff, diff), _SUM3))  # distance from the paper colour
    ink_inner = ink[p:ink.shape[0] - p, p:ink.shape[1] - p]
    sel = ink_inner > max(0.5 * float(ink_inner.max()), 0.15)
    ink_col = np.float32(cv2.mean(inner, sel.view(np.uint8))[:3]) if np.count_nonzero(sel) >= 4 else paper
    lp = np.log(np.maximum(paper, 0.02))
    d = np.log(np.maximum(ink_col, 0.02)) - lp
    n = float(np.linalg.norm(d))
    d = d / n if n > 0.1 else np.zeros(3, np.float32)
    ink = cv2.GaussianBlur(ink, (0, 0), 0.8)
    # a lamp's sheen on laminated card lies on the ink map as a broad smooth hump, print as strokes
    # narrower than SHEEN_MM: half of what does not stand above its surroundings within that width
    # is taken off (more dimmed grey backs on the mat's own grey, found by their outline, too much)
    ink = ink - SHEEN_OFF * cv2.morphologyEx(ink, cv2.MORPH_OPEN, _SHEEN_KERNEL)
    return ink, np.concatenate([lp, d]).astype(np.float32)


def median_rows(values):
    """The median along the last axis, as np.median's (an even count's two middles averaged)."""
    values = np.ascontiguousarray(values)
    m = values.shape[-1]
    part = np.partition(values, m // 2, axis=-1)
    if m % 2:
        return part[..., m // 2]
    # the lower middle is the largest of the lower half: partitioning about two places at once
    # costs several times one
    return (part[..., :m // 2].max(axis=-1) + part[..., m // 2]) / 2


def _inset(a, px):
    p = int(round(px))
    return a[p:a.shape[0] - p, p:a.shape[1] - p]


def _normalise(v):
    v = v.astype(np.float32).ravel()
    v = v - v.mean()
    n = np.linalg.norm(v)
    return v / n if n > 1e-6 else v


def _margin(score, labels) -> float:
    """How far the best reading stands above the best reading of another label."""
    order = np.argsort(-score)
    i0 = int(order[0])
    i1 = next((int(j) for j in order[1:] if labels[j] != labels[i0]), None)
    return float(score[i0] - score[i1]) if i1 is not None else 1.0


# A face's colour is not sure when another face colour's enrolled look lies this much nearer
# (squared distances in each colour's own spread): the colours alone would read another clearly.
# The third printing's border look (tests/vision/third_tiles.py) misread colours lying 4-470x
# nearer another colour; faces read right lay up to 1.5x nearer (a black 0 on cream: yellow's
# faint ink spreads its enrolled look wide).
NEARER_COLOUR = 2.0


def _nearer_colour(groups, colour_d2, i) -> bool:
    """Whether the tile's colours lie clearly nearer another face colour's enrolled look than
    that of the label read (``groups[i]``): its print matched, but its colour is not sure."""
    own = colour_d2[i]
    return any(NEARER_COLOUR * d < own for g, d in zip(groups, colour_d2) if g != groups[i] and not is_back(g))


# How plainly a back must show its pattern to be read. Measured on both printings under a steep
# camera, a dim lamp, strong noise and a far camera (tests/vision/stress.py, seeds 90001 on):
# every back read right matched at least 0.89 and 0.85; the backs taken for another back matched
# at most 0.85 and 0.78. Faces never come near: their prints are matched at 0.94 and more.
BACK_GLYPH, BACK_RAW = 0.87, 0.82

# How surely a face's print was read, besides its margin over the runner-up and its colour: the
# whole print's match (raw) tells a misread, not the telling part's (glyph), which a printing
# unlike the one enrolled (a warm lamp, other card) lowers for right and wrong reads alike. On
# the third printing (tests/vision/third_tiles.py, tuning seeds, both looks, three enrolments,
# glare) every face read as another matched at most 0.85 raw (margins up to 0.38, glyph up to
# 0.87), while right reads matched 0.97 (median); faces whose print matched 0.9 and more and
# whose telling part 0.8 and more read right in every case. Backs keep the glyph's own measure:
# their large plain pattern matches lower in whole (0.84-0.9 for right reads) and they have
# their own bar (BACK_GLYPH).
SURE_RAW = 0.5  # a face's whole print matched this well gives no confidence; 0.9 gives 0.8
# A lamp's sheen on laminated card (third printing, --glare) hides part of a numeral: its
# telling part then matches 0.7-0.8 while the whole print still matches 0.9 and more, as no
# face read as another ever did (0.85 at most, above). Such a telling part counts as one matched
# 0.8 (the table's SURE): the whole print decides.
SHEENED_GLYPH, SHEENED_RAW, SHEENED_AS = 0.7, 0.9, 0.8


def _print_sureness(label, glyph, raw, min_glyph) -> float:
    """How surely a print names its label, 0-1 (before its margin and colour are weighed)."""
    if is_back(label):
        return (glyph - min_glyph) / (1 - min_glyph)
    if glyph >= SHEENED_GLYPH and raw >= SHEENED_RAW:
        glyph = max(glyph, SHEENED_AS)
    return min(glyph, (raw - SURE_RAW) / (1 - SURE_RAW))


PLAIN_GLYPH = 0.93  # a print matched this well reads plainly: no other pose of the tile reads better

MOVED_MM = 3.0  # a reading this far from where its outline put it may have hidden a neighbour
# a sure outline's own reading gives way to another pose's only when that reads better by this:
# three dots in a row matched half turned a dot's spacing along read as well (0.916 and 0.930,
# 0.918 and 0.919), and a back lay 10 mm from where it lies
RIVAL_GLYPH = 0.02

PRINTED_RAW = 0.9  # a patch whose ink matches a template this well holds a tile's print
# ...and this well, where the pose lies clear of every other tile found by CLEAR_MM (so its patch
# holds no neighbour's print): a grey back on a mat of its very grey (a print run's colours shifted),
# found by its faint outline alone, matched 0.73-0.78 and was left out in silence. Over the
# stress check's variants on seven tuning seeds (some 3,000 frames), poses round no tile matched
# at most 0.45 where clear of other tiles; up to 0.70 only across the edges of several.
CLEAR_PRINTED_RAW = 0.6
CLEAR_MM = 3.0

NEAR_MM = 15.0  # a piece said to lie at a place is looked for this far round it (mm)


def shot_area(layout: MatLayout, at, img_path) -> str:
    """The mat's area a piece is looked for in: the one holding its place, else the first."""
    if at is None:
        return layout.first_area
    area = layout.zone_at(*at)
    if area is None:
        raise VisionInputError(f"{img_path}: the place ({at[0]:g}, {at[1]:g}) mm lies in no area of the mat")
    return area


def piece_near(stats, cents, zone, at) -> int | None:
    """Which of a mask's components (cv2.connectedComponentsWithStats) is the piece: the largest
    when no place is given, else the one nearest the place (within NEAR_MM; specks of less than
    a tenth of the largest are no piece). None when there is none."""
    if len(stats) < 2:
        return None
    areas = stats[1:, cv2.CC_STAT_AREA]
    if at is None:
        return 1 + int(np.argmax(areas))
    k = SEG_PX_PER_MM
    d = np.hypot(zone.x + cents[1:, 0] / k - at[0], zone.y + cents[1:, 1] / k - at[1])
    d[areas < 0.1 * areas.max()] = np.inf
    i = int(np.argmin(d))
    return 1 + i if d[i] <= NEAR_MM else None


# ---------------------------------------------------------------- enrolment


def enroll(manifest_path, out, layout: MatLayout, tiles: TileSet) -> Profile:
    """Learn a printing from one frame per face and back (see the module docstring), each
    shown alone in the mat's first play area; save the profile at ``out`` if given."""
    shots = []
    for img_path, label, at, area, frame, cal, view in enrolment_views(manifest_path, layout, tiles):
        shots.append([frame, cal, view, label, img_path, _largest_rect(view, at), at, area])
    seen = [s[5] for s in shots if s[5] is not None]
    if not seen:
        raise VisionInputError(f"{shots[0][4]}: no {tiles.noun} found {where(shots[0][7], shots[0][6])}")
    ws = np.array([r[3] for r in seen])
    hs = np.array([r[4] for r in seen])
    # a few tiles may have been shown sideways: go by the majority's shape
    portrait = np.median(hs >= ws)
    long_side = float(np.median(np.maximum(ws, hs)))
    short_side = float(np.median(np.minimum(ws, hs)))
    size = (short_side, long_side) if portrait else (long_side, short_side)
    size = (round(size[0], 1), round(size[1], 1))
    for shot in shots:
        many = _whole_tiles(shot[2], long_side, short_side) if shot[6] is None else 1
        if many > 1:
            raise VisionInputError(f"{shot[4]}: {many} {tiles.noun}s "
                                   f"{where(shot[7], None)}, one label: show the {tiles.noun} alone, "
                                   "or give each its place (x_mm, y_mm)")
        rect = shot[5]
        if rect is None or not _of_size(rect, long_side, short_side):
            rect = _refit(shot[2], shot[6], size, (long_side, short_side), rect)
            if rect is None:
                raise VisionInputError(f"{shot[4]}: no {tiles.noun} found {where(shot[7], shot[6])}")
            shot[5] = rect
    templates, features, labels = [], [], []
    margin_mm = 1.0
    mpx = int(round(margin_mm * READ_PX_PER_MM))
    for frame, cal, view, label, _, (cx, cy, theta, a, b), _, _ in shots:
        if (a >= b) != (size[0] >= size[1]):
            theta += 90  # shown sideways: turn it to the majority's shape
        pose = Pose(cx, cy, theta)
        patch = _tile_patch(frame, cal.H_inv, pose, theta, size, margin_mm)
        ink, feat = _ink_and_colour(patch, view.mat_around(pose, size), mpx)
        templates.append(_inset(ink, mpx + int(round(INSET_MM * READ_PX_PER_MM))))
        features.append(feat)
        labels.append(label)
    templates = np.stack([_normalise(t).reshape(t.shape) for t in templates])
    features = np.stack(features)
    group_mean, group_spread = {}, {}
    for g in sorted({colour_of(lab) for lab in labels}):
        f = features[[colour_of(lab) == g for lab in labels]]
        group_mean[g] = f.mean(axis=0)
        group_spread[g] = np.maximum(f.std(axis=0) * 1.5, COLOUR_FLOOR).astype(np.float32)
    profile = Profile(layout.game, size, labels, templates, features, group_mean, group_spread)
    if out is not None:
        profile.save(out)
    return profile


def enrolment_views(manifest_path, layout: MatLayout, tiles: TileSet):
    """(image path, label, place or None, frame, calibration, view of the piece's area) of each
    manifest entry; an image several entries share is read and calibrated once. A photo without
    the mat's markers is refused naming the photo."""
    detector = MarkerDetector(layout.dictionary)
    mlayout = layout.marker_layout()
    frames, views = {}, {}
    for img_path, label, at in read_manifest(manifest_path, tiles):
        if img_path not in frames:
            frame = read_image(img_path)
            frame, cal = straight_frame(frame, detector, mlayout)
            if not cal.ok:
                raise VisionInputError(f"{img_path}: no mat markers found; show the mat with the {tiles.noun}")
            frames[img_path] = frame, cal
        frame, cal = frames[img_path]
        area = shot_area(layout, at, img_path)
        if (img_path, area) not in views:
            zone = layout.zones[area]
            views[img_path, area] = view_zone(frame, cal.H_inv, zone, mat_exposure(frame, cal.H_inv, zone)[1])
        yield img_path, label, at, area, frame, cal, views[img_path, area]


def where(area: str, at) -> str:
    """Where a piece was looked for, as an error message says it."""
    return f"in the {area} area" if at is None else f"at ({at[0]:g}, {at[1]:g}) mm in the {area} area"


def _refit(view, at, size, sides, rect) -> tuple | None:
    """(x_mm, y_mm, theta, w, h) of the tile of an enrolment shot whose mask's rectangle ``rect``
    (or None) is not a whole tile's (``sides``: its long and short side): specks of shadow or a
    neighbour's edge touching it (pared off by 1 mm and grown back, the rest is the tile), tiles
    in a row joined by their shadows (the one at its place), or the mask caught only part of it
    (a back close to the mat's grey shows little but its print): then by its outline. ``rect``
    itself when nothing better is found."""
    pared = _largest_rect(view, at, pare_mm=1.0)
    if pared is not None and _of_size(pared, *sides):
        return pared
    boxed = _box_at(view, size, at) if at is not None else None
    if boxed is not None:
        return boxed
    found = find_outlined(view, size, [], np.zeros(view.mask.shape, bool))
    near = outline_near(view, size, at, NEAR_MM) if at is not None else None
    if near is not None:
        # a back near the mat's grey, by its own outline round its place (the whole zone's search
        # may take a neighbour's edge for it): that search's finer pose if it agrees
        found = _nearest(found, (near.x_mm, near.y_mm), 2.0) or [near]
    elif at is not None:  # of several pieces in the shot, the one at the place said
        found = _nearest(found, at, NEAR_MM)
    if not found:
        return rect
    p = found[0]
    theta = min((p.theta, p.theta + 180), key=lambda t: abs((t + 180) % 360 - 180)) % 360
    return p.x_mm, p.y_mm, theta, size[0], size[1]


def _nearest(poses, at, within) -> list:
    """The poses within ``within`` mm of ``at``, nearest first."""
    far = [(math.hypot(p.x_mm - at[0], p.y_mm - at[1]), i) for i, p in enumerate(poses)]
    return [poses[i] for d, i in sorted(far) if d <= within]


def _whole_tiles(view, long_side, short_side) -> int:
    """How many things of a whole tile's size an enrolment shot shows: a photo listed with one
    label and no place must show one, or a tile would be learnt from whichever is largest. A
    back's scattered print is never a whole tile's size, so it is not counted; tiles touching
    (or joined by their shadows) are one blob of two tiles' area or more, counted as so many."""
    k = SEG_PX_PER_MM
    cnts, _ = cv2.findContours(view.mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    n = 0
    for c in cnts:
        a, b = sorted(cv2.minAreaRect(c)[1])
        tiles = cv2.contourArea(c) / (k * k * long_side * short_side)
        n += int(tiles + 0.3) if tiles >= 1.7 else _of_size((0, 0, 0, a / k, b / k), long_side, short_side)
    return n


BOX_BAND_MM = 2.0  # the strip round a tile laid at its place that should be the mat's


def _box_at(view, size, at) -> tuple | None:
    """(x_mm, y_mm, 0, w, h) of an upright tile of ``size`` laid over the shot's mask within
    NEAR_MM of the place ``at``: where the mask fills it and least of the strip round it (tiles
    shown in a row, whose shadows join them into one blob, are told apart so). None unless the
    mask fills nine tenths of it and no more than half the strip round it."""
    k = SEG_PX_PER_MM
    m = (view.mask > 0).astype(np.uint8)
    S = cv2.integral(m).astype(np.float64)
    w, h = int(round(size[0] * k)), int(round(size[1] * k))
    b, r = int(round(BOX_BAND_MM * k)), int(round(NEAR_MM * k))
    cx, cy = int(round((at[0] - view.zone.x) * k)), int(round((at[1] - view.zone.y) * k))
    x0 = np.arange(cx - r, cx + r + 1) - w // 2  # left edges of the trial boxes
    y0 = np.arange(cy - r, cy + r + 1) - h // 2
    H, W = m.shape
    x0, y0 = x0[(x0 - b >= 0) & (x0 + w + b <= W)], y0[(y0 - b >= 0) & (y0 + h + b <= H)]
    if not len(x0) or not len(y0):
        return None
    Y, X = np.meshgrid(y0, x0, indexing="ij")

    def total(X0, Y0, X1, Y1):
        return S[Y1, X1] - S[Y0, X1] - S[Y1, X0] + S[Y0, X0]
    inside = total(X, Y, X + w, Y + h) / (w * h)
    band = (total(X - b, Y - b, X + w + b, Y + h + b) - inside * w * h) / ((w + 2 * b) * (h + 2 * b) - w * h)
    score = inside - band
    i = np.unravel_index(int(np.argmax(score)), score.shape)
    if inside[i] < 0.9 or band[i] > 0.5:
        return None
    x, y = view.zone.x + (X[i] + w / 2) / k, view.zone.y + (Y[i] + h / 2) / k
    # a hand lays a tile a degree or two off upright: the turn (and the place with it) where the
    # tile's own rectangle fits best, judged alike on the mask, in a window round it
    x0, y0 = int(X[i]) - b, int(Y[i]) - b
    win = m[y0:y0 + h + 2 * b, x0:x0 + w + 2 * b].astype(np.float32)
    best = (-2.0, x, y, 0.0)
    for theta in np.arange(-4.0, 4.01, 0.5):
        for dx in np.arange(-2, 2.01, 0.5):
            for dy in np.arange(-2, 2.01, 0.5):
                cx, cy = (x - view.zone.x) * k - x0 + dx, (y - view.zone.y) * k - y0 + dy
                inner = np.zeros_like(win)
                outer = np.zeros_like(win)
                cv2.fillPoly(inner, [np.round(rect_poly(cx, cy, theta, w, h) * 4).astype(np.int32)], 1.0, shift=2)
                cv2.fillPoly(outer, [np.round(rect_poly(cx, cy, theta, w + 2 * b, h + 2 * b) * 4).astype(np.int32)], 1.0, shift=2)
                ring = outer - inner
                sc = (win * inner).sum() / max(inner.sum(), 1) - (win * ring).sum() / max(ring.sum(), 1)
                if sc > best[0]:
                    best = (sc, x + dx / k, y + dy / k, theta % 360)
    return float(best[1]), float(best[2]), float(best[3]), size[0], size[1]


def _of_size(rect, long_side, short_side) -> bool:
    """Whether a found rectangle is a whole tile's (within 12 % each way)."""
    return abs(max(rect[3:]) - long_side) <= 0.12 * long_side and abs(min(rect[3:]) - short_side) <= 0.12 * short_side


def _largest_rect(view, at=None, pare_mm: float = 0.0) -> tuple | None:
    """(x_mm, y_mm, theta, width, height) of the largest thing in an enrolment shot (or of the
    one nearest ``at``, the place the manifest gives), turned upright (of its rectangle's four
    turns the one nearest the mat's axes), or None. ``pare_mm``: the mask first pared by that
    much all round and grown back (an opening), which drops specks and thin strips touching it."""
    mask = view.mask
    if pare_mm:
        r = int(round(pare_mm * SEG_PX_PER_MM))
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (2 * r + 1,) * 2))
    n, lab, stats, cents = cv2.connectedComponentsWithStats(mask)
    i = piece_near(stats, cents, view.zone, at)
    if i is None:
        return None
    cnts, _ = cv2.findContours((lab == i).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    (cx, cy), (a, b), ang = cv2.minAreaRect(max(cnts, key=cv2.contourArea))
    k90 = min(range(4), key=lambda q: abs((ang + 90 * q + 180) % 360 - 180))
    theta = (ang + 90 * k90) % 360
    tw, th = (a, b) if k90 % 2 == 0 else (b, a)
    k = SEG_PX_PER_MM
    return view.zone.x + cx / k, view.zone.y + cy / k, theta, tw / k, th / k


# ---------------------------------------------------------------- the reader


def one_reading_each(tiles: list[TileReading], size_mm) -> list[TileReading]:
    """One reading per tile: tiles lie flat, side by side, so two readings whose tiles would
    overlap by nearly a third of one are one tile found twice (by its print and by its
    outline, at two poses, or laid across two tiles and then each found by its outline). The
    plainest reading is kept: a label over ``unknown``, then the surer one; readings of one
    tile that name different labels leave it ``unknown`` (asked), never one of the two."""
    kept: list[list] = []  # [its outline, its readings...] per tile
    for t in sorted(tiles, key=lambda t: (t.label == UNKNOWN, -t.confidence)):
        poly = _outline(t, size_mm)
        twin = next((g for g in kept if _one_tile(poly, g[0], size_mm)), None)
        if twin is None:
            kept.append([poly, t])
        else:
            twin.append(t)
    out = []
    for _, first, *rest in kept:
        if any(t.label not in (UNKNOWN, first.label) for t in rest):
            first = replace(first, label=UNKNOWN, confidence=0.0)
        out.append(first)
    return out


def _outline(t: TileReading, size_mm) -> np.ndarray:
    return rect_poly(t.x_mm, t.y_mm, t.angle, *size_mm).astype(np.float32)


def _one_tile(a, b, size_mm) -> bool:
    """Whether two readings' outlines overlap by nearly a third of a tile: tiles lie flat, so
    they are one tile read twice."""
    return cv2.intersectConvexConvex(a, b)[0] > 0.3 * size_mm[0] * size_mm[1]


def _crop(img, box):
    x0, y0, x1, y1 = box
    return img[y0:y1, x0:x1]


def _grey(img):
    """A marker's black and white square needs no colour to be compared."""
    return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) if img.ndim == 3 else img.copy()


_MEAN3 = np.full((1, 3), 1 / 3, np.float32)


def _unchanged(now, before, still: float, where=None) -> bool:
    """Whether two crops of the same place show the same print: no 5x5 mean of their difference
    (the channels averaged) beyond ``still`` grey levels, so sensor noise passes and a glyph's
    stroke, a tile's edge or a finger does not. ``where``: only there (a uint8 mask)."""
    if now.shape != before.shape or now.size == 0:
        return False
    d = cv2.absdiff(now, before)
    if d.ndim == 3:
        d = cv2.transform(d, _MEAN3)
    return float(cv2.minMaxLoc(cv2.blur(d, (5, 5)), where)[1]) < still


class TileReader:
    """Reads camera frames of the mat: ``read(frame) -> FrameReading``."""

    def __init__(self, profile: Profile, layout: MatLayout, zones=None,
                 min_glyph=0.5, min_margin=0.1, max_colour=12.0, colour_weight=0.25, single_thread=True):
        """``zones``: the mat zones to read (default: the mat's first play area)."""
        if single_thread:
            single_threaded()  # the frame budget is one core's
        self.profile, self.layout = profile, layout
        self.zones = tuple(zones) if zones is not None else (layout.first_area,)
        self.detector = MarkerDetector.for_mat(layout.dictionary)
        self._careful = MarkerDetector(layout.dictionary)  # when the quick search finds nothing
        self.markers = layout.marker_layout()
        self.min_glyph, self.min_margin, self.max_colour = min_glyph, min_margin, max_colour
        self.colour_weight = colour_weight
        self.groups = [colour_of(lab) for lab in profile.labels]
        self._T = profile.templates.reshape(len(profile.labels), -1).astype(np.float32)
        self._mu = self._T.mean(axis=0)
        # a residual template (the template less the mean of all, of unit length) is read
        # from the raw correlation and the window's against the mean: R.x = (T.x - mu.x) / |T - mu|
        rn = np.maximum(np.linalg.norm(self._T - self._mu, axis=1), 1e-6)
        self._inv_rn = (1 / rn).astype(np.float32)
        self._Rmu = (((self._T @ self._mu) - self._mu @ self._mu) / rn).astype(np.float32)
        self._mumu = float(self._mu @ self._mu)
        self._TM = np.ascontiguousarray(np.vstack([self._T, self._mu]))  # the templates and their mean
        self._tshape = profile.templates.shape[1:]
        self._mean = np.stack([profile.group_mean[g] for g in self.groups])
        self._spread = np.stack([profile.group_spread[g] for g in self.groups])
        # what holds while the table is still (see "reading only what changed")
        self._kept = None  # (generation, calibration, frame shape, [(box, marker square's grey)])
        self._generation = 0
        self._read_before: list = []  # (generation, zone, pose, box, zone pixels, what was read)
        self._used: set = set()
        self._views: dict = {}  # zone -> (generation, its view, the pixels its mask was worked out from)
        self._splits: dict = {}  # zone -> how its blobs were taken apart (see find_tiles)

    def read(self, frame) -> FrameReading:
        self.last_details = []  # why each tile read as it did, for diagnostics
        self._used = set()  # earlier readings kept for a pose of this frame
        cal = self._same_markers(frame)
        # what was read under this calibration, the newest; under another it is no guide
        self._read_before = [m for m in self._read_before if cal is not None and m[0] == self._kept[0]][-64:]
        occluded = 0
        if cal is None:  # the markers' squares changed (or no reading to go by): find them
            self._kept = None
            check_frame(frame)
            grey = _grey(frame)  # once, for the search and the squares kept
            detected = self.detector.detect(grey)
            if not detected:
                detected = self._careful.detect(frame)
            cal = calibrate(detected, self.markers)
            if not cal.ok:
                return FrameReading(False, sorted(detected), hand_in_view=False)
            # before blaming a hand for a missing marker, look for it where the others say it is
            cal, missed = recalibrate_with_missed(frame, cal, detected, self.markers, self._careful,
                                                  self.layout.markers)
            occluded = sum(m not in SEAT_MARKERS for m in missed)
            if occluded == 0:  # every marker in view was found: this calibration holds while they stay
                self._generation += 1
                self._kept = (self._generation, cal, frame.shape,
                              [(box, _crop(grey, box).copy()) for box in self._marker_boxes(cal, frame.shape)])
        H_inv = cal.H_inv
        tiles, hand = [], occluded >= 2
        for name in self.zones:
            zone = self.layout.zones[name]
            view, exposure = self._view(frame, H_inv, zone, name)
            if exposure < 0.6:
                hand = True  # the zone's edge is covered: something reaches over it
            poses, blobs = find_tiles(view, self.profile.size_mm, self._splits.setdefault(name, {}))
            tile_area = self.profile.size_mm[0] * self.profile.size_mm[1]
            if any(b.area_mm2 > 1.5 * tile_area for b in blobs):
                hand = True
            found, moved = self._read_poses(frame, H_inv, zone, view, poses, name)
            if moved or any(t.label == UNKNOWN for t in found):
                found = self._look_again(frame, H_inv, zone, view, found, name)
            tiles += one_reading_each(found, self.profile.size_mm)
            for b in blobs:
                if b.area_mm2 > 0.45 * tile_area and not hand:
                    hand = hand or b.touches_edge
        return FrameReading(True, cal.ids, hand, tiles, cal.reprojection_px)

    def _match(self, inks, off, th, tw, reach):
        """Per label: the best residual correlation over shifts and turns, the raw correlation
        there, the turn it was found at and the shift (dy, dx in patch pixels)."""
        n = len(self._T)
        coarse = range(-reach, reach + 1, 2 if reach <= SHIFT_PX else 3)  # the fine search covers one pixel each side
        nc = len(coarse)
        fine = np.array([(dy, dx) for dy in range(-1, 2) for dx in range(-1, 2)])
        resid_best = raw_best = turn_best = shift_best = None
        for turn, ink in inks:
            # where does any template fit best? then every label round there. A template
            # turned half round is the same pixels in reverse order: each window is matched
            # turned too, so all is read against the one set of templates (which stays in the
            # processor's cache)
            Xc = self._windows(ink, off, th, tw, coarse)
            fit = self._TM @ np.vstack([Xc, Xc[:, ::-1]]).T  # upright, then half-turned
            best_at = fit[:n].reshape(n, 2, -1).max(axis=0).argmax(axis=1)
            centres, blocks = [], []  # the fine search's centres, and which of them each half reads
            for half in (0, 1):
                cy_, cx_ = divmod(int(best_at[half]), nc)
                # round the pose as found too: a print's correlation peaks sharply, so the
                # coarse grid may miss its true place and settle on a lesser match mm away
                mine = [(coarse[cy_], coarse[cx_])]
                if reach > SHIFT_PX and max(abs(coarse[cy_]), abs(coarse[cx_])) > 1:
                    mine.append((0, 0))
                for c in mine:
                    if c not in centres:
                        centres.append(c)
                blocks.append([centres.index(c) for c in mine])
            Xf = [self._windows(ink, off, th, tw, range(-1, 2), c) for c in centres]
            X = np.vstack([Xf[b] for b in blocks[0]] + [Xf[b][:, ::-1] for b in blocks[1]])
            # both halves in one product: the raw correlations and each window against the
            # templates' mean, whence the residual ones (a residual template is a template
            # less the mean, scaled) and the residual's norm (|x - mu|^2 = |x|^2 - 2 x.mu + |mu|^2)
            G = self._TM @ X.T
            raw, xm = G[:n], G[n]  # labels x shifts
            norm = np.sqrt(np.maximum(np.einsum("ij,ij->i", X, X) - 2 * xm + self._mumu, 0))
            resid = ((raw - xm) * self._inv_rn[:, None] - self._Rmu[:, None]) / np.maximum(norm, 1e-6)
            m0 = 9 * len(blocks[0])
            for half, cols in ((0, slice(0, m0)), (1, slice(m0, None))):
                k = resid[:, cols].argmax(axis=1)
                r_best = resid[:, cols][np.arange(n), k]
                raw_at = raw[:, cols][np.arange(n), k]
                at = np.asarray([centres[b] for b in blocks[half]])[k // 9]
                shift = at + fine[k % 9]
                if resid_best is None:
                    resid_best, raw_best, turn_best = r_best, raw_at, np.full(n, float(turn + 180 * half))
                    shift_best = shift
                else:
                    better = r_best > resid_best
                    resid_best = np.where(better, r_best, resid_best)
                    raw_best = np.where(better, raw_at, raw_best)
                    turn_best = np.where(better, float(turn + 180 * half), turn_best)
                    shift_best = np.where(better[:, None], shift, shift_best)
        return resid_best, raw_best, turn_best, shift_best

    @staticmethod
    def _windows(ink, off, th, tw, steps, centre=(0, 0)):
        """Normalised ink windows of template size at each (dy, dx) shift round centre."""
        lo, hi, st = steps.start, steps.stop - 1, steps.step
        y0, x0 = off + centre[0] + lo, off + centre[1] + lo
        region = ink[y0:y0 + hi - lo + th, x0:x0 + hi - lo + tw]
        if region.shape[:2] == (hi - lo + th, hi - lo + tw) and y0 >= 0 and x0 >= 0:
            n, (sy, sx) = len(steps), region.strides  # (as sliding_window_view, without its checks' cost)
            V = np.lib.stride_tricks.as_strided(region, (n, n, th, tw), (sy * st, sx * st, sy, sx), writeable=False)
        else:
            V = np.lib.stride_tricks.sliding_window_view(region, (th, tw))[::st, ::st]
        X = V.reshape(-1, th * tw)
        X = X - X.mean(axis=1, keepdims=True)
        return X / np.maximum(np.sqrt(np.einsum("ij,ij->i", X, X))[:, None], 1e-6)

    def _look_again(self, frame, H_inv, zone, view, found, name):
        """Search the outlines once more round the tiles read. A tile read at another pose
        than the search gave may have hidden a neighbour from it; a tile that did not read
        may have been placed wrongly (the mask took in a shadow): a pose found now that reads
        takes its place."""
        known = [Pose(t.x_mm, t.y_mm, t.angle) for t in found if t.label != UNKNOWN]
        more, _ = self._read_poses(frame, H_inv, zone, view,
                                   find_outlined(view, self.profile.size_mm, known, view.busy, every_side=True), name,
                                   known)
        reach = 0.6 * min(self.profile.size_mm)
        # an unknown reading lying mostly on a tile read is that tile found twice (one_reading_each
        # drops it): it keeps no other reading out
        size = self.profile.size_mm
        polys = [_outline(t, size) for t in found]
        twice = {id(u) for u, pu in zip(found, polys) if u.label == UNKNOWN and any(
            v.label != UNKNOWN and _one_tile(pu, pv, size) for v, pv in zip(found, polys))}
        for t in more:
            near = [u for u in found if math.hypot(u.x_mm - t.x_mm, u.y_mm - t.y_mm) < reach and id(u) not in twice]
            if not near:
                found.append(t)
            elif t.label != UNKNOWN and all(u.label == UNKNOWN for u in near):
                found = [u for u in found if u not in near] + [t]
        return found

    def _read_poses(self, frame, H_inv, zone, view, poses, name, known=()):
        """Read each pose: (the tiles read, whether any was read at another pose than given).
        A pose found where the zone looks as it did at the last reading (same calibration,
        same pixels round it) keeps what was read there. ``known``: tiles read already in the
        zone, besides the poses."""
        tiles, moved = [], False
        found = list(poses) + list(known)  # every tile in the zone (_clear_of passes a pose's own)
        for pose in poses:
            same = self._as_before(view, pose, name)
            if same is not None:
                tile, details, was_moved = same
                if tile is not None:
                    tiles.append(tile)
                    self.last_details.append(details)
                moved = moved or was_moved
                continue
            before = len(tiles), len(self.last_details)
            tiles, moved_here = self._read_pose(frame, H_inv, zone, view, pose, name, tiles, found)
            moved = moved or moved_here
            self._remember(view, pose, name, tiles[before[0]] if len(tiles) > before[0] else None,
                           self.last_details[-1] if len(self.last_details) > before[1] else None, moved_here)
        return tiles, moved

    # ---------------------------------------------------------------- reading only what changed

    MARKER_PAD_PX = 6  # round each marker's square, so a hand or a nudge at its edge counts
    AROUND_MM = 4.0  # a tile's print is matched up to 3 mm beyond its found pose's outline (INSET_MM, OUTLINED_SHIFT_PX)
    GROW_MM = 3.0  # round what changed, the reach of the mask's own smoothing and edges
    STILL = 12.0  # grey levels a local mean may differ by and still be the same print (sensor noise)
    # a marker's square in the frame itself, unsmoothed by straightening: its black-on-white
    # edges flicker by up to 15 levels from frame to frame, while the camera nudged by half a
    # pixel moves some by more than 24, and by a whole pixel every one by 30 and more
    MARKER_STILL = 24.0

    def _view(self, frame, H_inv, zone, name):
        """(the zone's view, the share of its rim that shows bare mat: see mat_exposure).
        Under a kept calibration the light is as it was, so only the part of the zone that
        changed since is worked out again (view_zone_again), and the rim is looked at again
        only when that part reaches it. The tiles are then looked for blob by blob, and a
        blob that did not change is taken apart as before (find_tiles)."""
        kept, before = self._kept, self._views.pop(name, None)
        again = None
        if kept is not None and before is not None and before[0] == kept[0]:
            again = view_zone_again(frame, H_inv, before[1], before[2], self.GROW_MM * SEG_PX_PER_MM, self.STILL)
        if again is None:
            exposure, paper = mat_exposure(frame, H_inv, zone)
            view = view_zone(frame, H_inv, zone, paper)
            ref = view.image.astype(np.uint8)  # the frame's own pixels, straightened
        else:
            view, ref, box = again
            exposure = before[3]
            H, W = ref.shape[:2]
            rim = int(math.ceil(4.5 * SEG_PX_PER_MM)) + 2  # mat_exposure's rim: 4.5 mm in from the zone's edge
            if box is not None and (box[0] < rim or box[1] < rim or box[2] > W - rim or box[3] > H - rim):
                exposure = mat_exposure(frame, H_inv, zone)[0]
        if kept is not None:
            self._views[name] = (kept[0], view, ref, exposure)
        return view, exposure

    def _marker_boxes(self, cal, shape):
        H, W = shape[:2]
        pad = self.MARKER_PAD_PX
        for c in cal.image_corners.values():
            c = c[np.isfinite(c).all(axis=1)]  # (a marker cut by the frame's edge: the corners seen)
            x0, y0 = np.floor(c.min(axis=0)).astype(int) - pad
            x1, y1 = np.ceil(c.max(axis=0)).astype(int) + pad
            yield max(0, x0), max(0, y0), min(W, x1), min(H, y1)

    def _same_markers(self, frame):
        """The last calibration, if every marker square looks as it did then: neither the
        camera nor the mat moved, and nothing covers a marker. Else None."""
        kept = self._kept
        if kept is None:
            return None
        check_frame(frame)
        _, cal, shape, crops = kept
        if frame.shape != shape:
            return None
        for box, before in crops:
            if not _unchanged(_grey(_crop(frame, box)), before, self.MARKER_STILL):
                return None
        return cal

    def _pose_box(self, view, pose):
        """(the box round what a reading of this pose looks at, which part of it that is): the
        tile and AROUND_MM of mat round it, turned as the tile lies. A tile's print is matched
        within it; the mat's colour beyond is a median of what bare mat shows, which a tile laid
        there leaves alone."""
        k = SEG_PX_PER_MM
        w, h = self.profile.size_mm
        poly = rect_poly((pose.x_mm - view.zone.x) * k, (pose.y_mm - view.zone.y) * k, pose.theta,
                          (w + 2 * self.AROUND_MM) * k, (h + 2 * self.AROUND_MM) * k)
        H, W = view.image.shape[:2]
        (x0, y0), (x1, y1) = poly.min(axis=0), poly.max(axis=0)
        x0, y0 = min(max(0, math.floor(x0)), W), min(max(0, math.floor(y0)), H)
        x1, y1 = min(max(0, math.ceil(x1) + 1), W), min(max(0, math.ceil(y1) + 1), H)
        where = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillPoly(where, [np.round(poly - (x0, y0)).astype(np.int32)], 255)
        return (x0, y0, x1, y1), where

    def _same_pose(self, a, b) -> bool:
        """The search found the tile about where it found it before: within the few mm and
        degrees a neighbour laid against it may shift the search's fit by (an outline is the
        same turned half round, a square one a quarter, and every such turn is read anyway)."""
        w, h = self.profile.size_mm
        period = 90.0 if abs(w - h) < 0.1 * max(w, h) else 180.0
        turn = abs((a.theta - b.theta + period / 2) % period - period / 2)
        return (math.hypot(a.x_mm - b.x_mm, a.y_mm - b.y_mm) < 3.0 and turn < 8.0
                and a.outlined == b.outlined and a.sure == b.sure)

    def _as_before(self, view, pose, name):
        """What was read at this pose under the kept calibration, if the zone looks as it did
        all round the tile (so it is the same tile, lying as it lay); else None. Each earlier
        reading stands for one pose at most; the newest is likeliest to hold."""
        kept = self._kept
        if kept is None:
            return None
        for i in range(len(self._read_before) - 1, -1, -1):
            generation, zone_name, then, box, before, result = self._read_before[i]
            if (i not in self._used and generation == kept[0] and zone_name == name and self._same_pose(pose, then)
                    and _unchanged(_crop(view.image, box[0]), before, self.STILL, box[1])):
                self._used.add(i)
                return result
        return None

    def _remember(self, view, pose, name, tile, details, moved):
        kept = self._kept
        if kept is not None:  # without a calibration to keep, nothing read is kept
            box = self._pose_box(view, pose)
            self._read_before.append((kept[0], name, pose, box, _crop(view.image, box[0]).copy(),
                                      (tile, details, moved)))

    def _read_pose(self, frame, H_inv, zone, view, pose, name, tiles, found=()):
        """One pose read afresh, appended to ``tiles``: (tiles, whether read at another pose).
        ``found``: every tile's pose found in the zone (this one among them or not)."""
        moved = False
        tile = self._read_tile(frame, H_inv, zone, view, pose, name)
        if pose.sure and tile.label != UNKNOWN and pose.rivals and pose.outlined \
                and self.last_details[-1]["glyph"] < PLAIN_GLYPH:
            # An outline sure on three faint sides may be laid a few mm along the tile (a print
            # such as dots down a diagonal reads nearly as well there): where its rivals read
            # the same label more plainly (by RIVAL_GLYPH) the tile lies there
            read = [(tile, self.last_details.pop())]
            for p in pose.rivals:
                t = self._read_tile(frame, H_inv, zone, view, p, name)
                read.append((t, self.last_details.pop()))
                if t.label == tile.label and read[-1][1]["glyph"] >= PLAIN_GLYPH:
                    break
            best, details = max((r for r in read if r[0].label == tile.label), key=lambda r: r[1]["glyph"])
            if details["glyph"] < read[0][1]["glyph"] + RIVAL_GLYPH:
                best, details = read[0]
            tiles.append(best)
            self.last_details.append(details)
            # moved off its outline by more than a shadow's width, it may have hidden a neighbour
            return tiles, math.hypot(best.x_mm - tile.x_mm, best.y_mm - tile.y_mm) > MOVED_MM
        if pose.sure and (tile.label != UNKNOWN or not pose.rivals):
            tiles.append(tile)
            return tiles, moved
        # An outlined tile that does not read as it lies, or one found with a neighbour's
        # help: of its likeliest poses, the one whose print matches best, if any reads
        # plainly. A sure tile that none reads stays, as unknown.
        read = [(tile, self.last_details.pop())]
        for p in pose.rivals:
            if read[-1][0].label != UNKNOWN and read[-1][1]["glyph"] >= 0.9:
                break  # a plain reading: the likelier poses are read first
            read.append((self._read_tile(frame, H_inv, zone, view, p, name), self.last_details.pop()))
        known = [r for r in read if r[0].label != UNKNOWN]
        # a print that matches a tile's closely but names none plainly (a far camera's blur) is
        # a tile all the same: asked about, never left out
        printed = any(d["raw"] >= PRINTED_RAW and d["glyph"] >= 0.7 for _, d in read) or (
            any(d["raw"] >= CLEAR_PRINTED_RAW and d["glyph"] >= 0.7 for _, d in read)
            and self._clear_of(pose, found))
        if known or pose.sure or printed:
            best, details = max(known, key=lambda r: r[1]["glyph"]) if known else read[0]
            tiles.append(best)
            self.last_details.append(details)
            moved = moved or best is not read[0][0]
        return tiles, moved

    def _clear_of(self, pose, found) -> bool:
        """Whether a pose's tile lies clear of the other tiles found, by CLEAR_MM all round (the
        pose itself, or another pose of its tile within a quarter of its width, is no other)."""
        w, h = self.profile.size_mm
        mine = rect_poly(pose.x_mm, pose.y_mm, pose.theta, w + 2 * CLEAR_MM, h + 2 * CLEAR_MM).astype(np.float32)
        for o in found:
            if math.hypot(o.x_mm - pose.x_mm, o.y_mm - pose.y_mm) < 0.25 * min(w, h):
                continue
            if cv2.intersectConvexConvex(mine, rect_poly(o.x_mm, o.y_mm, o.theta, w, h).astype(np.float32))[0] > 0:
                return False
        return True

    def _look(self, frame, H_inv, view, pose, reach):
        """Match a tile's print against every template within ``reach`` patch pixels of its
        pose: (score, glyph residual, raw correlation, colour distance, turn, shift) per label."""
        w, h = self.profile.size_mm
        square = abs(w - h) < 0.1 * max(w, h)
        turns = (0, 90) if square else (0,)  # each also read half turned
        margin_mm = 1.0 + (max(reach, SHIFT_PX) + 1) / READ_PX_PER_MM
        mpx = int(round(margin_mm * READ_PX_PER_MM))
        mat = view.mat_around(pose, (w, h))
        th, tw = self._tshape
        off = mpx + int(round(INSET_MM * READ_PX_PER_MM))
        inks, feat = [], None
        for turn in turns:  # a half turn is read from the same patch, against turned templates
            patch = _tile_patch(frame, H_inv, pose, pose.theta + turn, (w, h), margin_mm)
            ink, f = _ink_and_colour(patch, mat, mpx)
            inks.append((turn, ink))
            feat = f if feat is None else feat
        resid, raw, turn, shift = self._match(inks, off, th, tw, reach)
        colour_d2 = (((feat - self._mean) / self._spread) ** 2).mean(axis=1)
        return resid - self.colour_weight * colour_d2, resid, raw, colour_d2, turn, shift

    def _read_tile(self, frame, H_inv, zone, view, pose, zone_name) -> TileReading:
        prof = self.profile
        # A tile lying alone is placed well by its outline: a narrower search does; one found
        # by the outline search alone may lie a few mm off: a wider one
        reach = 2 if pose.alone else OUTLINED_SHIFT_PX if pose.outlined else SHIFT_PX
        look = self._look(frame, H_inv, view, pose, reach)
        best = int(np.argmax(look[0]))
        if reach < OUTLINED_SHIFT_PX and (look[1][best] < 0.8 or _margin(look[0], prof.labels) < 0.15):
            # not a plain reading: look again, further round (a pose or a template a few mm off)
            wide = self._look(frame, H_inv, view, pose, OUTLINED_SHIFT_PX)
            if wide[0].max() > look[0].max():
                look = wide
        score, resid_best, raw_best, colour_d2, turn_best, shift_best = look
        order = np.argsort(-score)
        i0 = int(order[0])
        # the runner-up that would be a different reading (a label may be enrolled twice)
        i1 = next((int(j) for j in order[1:] if prof.labels[j] != prof.labels[i0]), None)
        margin = float(score[i0] - score[i1]) if i1 is not None else 1.0
        glyph0, raw0, col0 = float(resid_best[i0]), float(raw_best[i0]), float(colour_d2[i0])
        label = prof.labels[i0]
        conf = float(np.clip(min(margin / (2 * self.min_margin), _print_sureness(label, glyph0, raw0, self.min_glyph),
                                 1 - col0 / (2 * self.max_colour)), 0, 1))
        self.last_details.append({"best": label, "glyph": glyph0, "raw": raw0, "margin": margin, "colour": col0,
                                  "fit": pose.fit, "runner_up": prof.labels[i1] if i1 is not None else None,
                                  "ru_colour": float(colour_d2[i1]) if i1 is not None else None,
                                  "ru_glyph": float(resid_best[i1]) if i1 is not None else None})
        # a weaker glyph match still reads if it stands well clear of every other reading
        # (a tile alone: one touching others may have been laid across two of them)
        clear = (glyph0 >= self.min_glyph and margin >= self.min_margin) or \
                (pose.alone and glyph0 >= 0.7 * self.min_glyph and margin >= 2 * self.min_margin)
        if not clear or raw0 < 0.5 or col0 > self.max_colour or pose.fit < 0.85:
            label = UNKNOWN
        if not pose.sure and not (glyph0 >= 0.8 and raw0 >= 0.8):
            label = UNKNOWN  # a tile found mostly by its print must show that print plainly
        if pose.outlined and not (glyph0 >= 0.7 and raw0 >= 0.65):
            label = UNKNOWN  # nor is a faint outline enough for a doubtful print
        if not is_back(label) and _nearer_colour(self.groups, colour_d2, i0):
            label = UNKNOWN  # its print says one colour, its colours another: a neighbour's, or a tinted face
        if is_back(label) and not (glyph0 >= BACK_GLYPH and raw0 >= BACK_RAW):
            label = UNKNOWN  # backs differ in a part of a large pattern: one must show it plainly
        angle = (pose.theta + turn_best[i0]) % 360
        x, y = pose.x_mm, pose.y_mm
        if pose.outlined and label != UNKNOWN:  # the print shows where the tile lies more exactly
            dy, dx = shift_best[i0] / READ_PX_PER_MM
            a = math.radians(pose.theta + (turn_best[i0] % 180))
            x, y = x + dx * math.cos(a) - dy * math.sin(a), y + dx * math.sin(a) + dy * math.cos(a)
        return TileReading(label, round(float(x), 1), round(float(y), 1), round(float(angle), 1),
                           round(conf, 3), zone_name)
