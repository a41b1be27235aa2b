"""ArUco markers: dictionaries, known marker layouts, detection and the plane homography.

A ``MarkerLayout`` is any set of markers whose corners are known on a plane: our play mat,
an OpenCV ChArUco or grid board, or loose markers. ``calibrate`` maps every visible
marker's corners onto that plane, so one marker is enough and hands may cover the rest.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from .errors import VisionError


# The enrolment refusals the companion words itself (VisionInputError.kind): the lock token not
# seen, too small, or no token but a disc's own symbol; a terrain domino's roads, an icon not seen.
LOCK_UNSEEN, LOCK_SMALL, LOCK_PLAIN, NO_ROADS, NO_ICON = "lock unseen", "lock small", "lock plain", "no roads", "no icon"


class VisionInputError(VisionError, ValueError):
    """Bad input from the user: a missing file, a bad manifest, an unreadable frame. ``kind``
    names a refusal the companion says in the owner's language (its words, with ``fields``),
    where vision's English would not do (the host page's teaching walk)."""

    def __init__(self, message: str, kind: str | None = None, **fields):
        super().__init__(message)
        self.kind, self.fields = kind, fields


SMALLEST_FRAME_PX = 32
BOX_PERIMETER_RATE = 1.0  # a marker's perimeter over its box's longer side, at least (see _at_full_size)
CORNER_SLACK = 0.1  # how far (a share of its side) a marker's corner may sit from the rest's fit
EDGE_PX = 3  # a marker's corner this near the frame's edge, or past it, may be that edge: left out of the fit


def check_frame(frame) -> None:
    """A camera frame is an 8-bit colour (or grey) picture at least a few markers wide; anything
    else is refused in words rather than by OpenCV deep inside a reader."""
    if not isinstance(frame, np.ndarray) or frame.dtype != np.uint8:
        raise VisionInputError("a camera frame is an 8-bit picture (numpy uint8)")
    if frame.ndim not in (2, 3) or (frame.ndim == 3 and frame.shape[2] != 3):
        raise VisionInputError(f"a camera frame is a colour picture (height x width x 3), not {frame.shape}")
    if min(frame.shape[:2]) < SMALLEST_FRAME_PX:
        raise VisionInputError(f"a {frame.shape[1]}x{frame.shape[0]} frame is too small to show the mat")


def dictionary(name_or_path: str) -> "cv2.aruco.Dictionary":
    """A predefined dictionary by name ("DICT_4X4_50") or a custom one from a .yml file."""
    if name_or_path.startswith("DICT_"):
        try:
            return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name_or_path))
        except AttributeError:
            raise ValueError(f"unknown ArUco dictionary {name_or_path!r}") from None
    fs = cv2.FileStorage(str(name_or_path), cv2.FILE_STORAGE_READ)
    if not fs.isOpened():
        raise ValueError(f"cannot read ArUco dictionary file {name_or_path}")
    d = cv2.aruco.Dictionary()
    ok = d.readDictionary(fs.root())
    fs.release()
    if not ok:
        raise ValueError(f"{name_or_path} is not an ArUco dictionary file")
    return d


@dataclass
class MarkerLayout:
    """Markers with known positions: id -> 4x2 corners (TL, TR, BR, BL) in plane units."""

    dictionary: str  # predefined name or path of a .yml dictionary
    corners: dict[int, np.ndarray]
    unit: str = "mm"

    @classmethod
    def from_squares(cls, dictionary: str, squares: dict[int, tuple[float, float, float]], unit="mm"):
        """Axis-aligned square markers given as id -> (x, y, side) of their top-left corner."""
        corners = {}
        for mid, (x, y, s) in squares.items():
            corners[int(mid)] = np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], np.float64)
        return cls(dictionary, corners, unit)

    @classmethod
    def from_board(cls, board, dictionary: str, unit="m"):
        """Any cv2.aruco.Board (CharucoBoard, GridBoard): its marker corners on the board plane."""
        ids = board.getIds().ravel()
        pts = board.getObjPoints()
        return cls(dictionary, {int(i): np.asarray(p, np.float64)[:, :2] for i, p in zip(ids, pts)}, unit)

    @classmethod
    def charuco(cls, dictionary: str, squares=(5, 7), square_length=0.04, marker_length=0.02):
        b = cv2.aruco.CharucoBoard(tuple(squares), square_length, marker_length, _dict_cached(dictionary))
        return cls.from_board(b, dictionary)

    @classmethod
    def grid(cls, dictionary: str, markers=(5, 7), marker_length=0.04, separation=0.01):
        b = cv2.aruco.GridBoard(tuple(markers), marker_length, separation, _dict_cached(dictionary))
        return cls.from_board(b, dictionary)


_DICTS: dict[str, object] = {}


def _dict_cached(name: str):
    if name not in _DICTS:
        _DICTS[name] = dictionary(name)
    return _DICTS[name]


@dataclass
class Calibration:
    """Where the plane is in one frame. ``H`` maps image pixels to plane units."""

    H: np.ndarray | None
    ids: list[int] = field(default_factory=list)  # layout markers seen this frame
    image_corners: dict[int, np.ndarray] = field(default_factory=dict)
    reprojection_px: float = float("nan")  # RMS of layout corners projected back into the image

    @property
    def ok(self) -> bool:
        return self.H is not None

    @property
    def H_inv(self) -> np.ndarray:
        """Plane units -> image pixels."""
        return np.linalg.inv(self.H)

    def to_plane(self, pts_px) -> np.ndarray:
        p = np.asarray(pts_px, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(p, self.H).reshape(-1, 2)

    def to_image(self, pts_plane) -> np.ndarray:
        p = np.asarray(pts_plane, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(p, self.H_inv).reshape(-1, 2)


class MarkerDetector:
    """Finds markers of one dictionary. Large frames are searched at reduced size (ArUco's
    cost grows with pixels) and the corners refined at full size, which keeps 1280x960
    frames within the frame budget on one Pi core."""

    def __init__(self, dictionary_name: str, max_search_width: int = 640, params=None):
        self.dictionary_name = dictionary_name
        if params is None:
            params = cv2.aruco.DetectorParameters()
            params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        self._det = cv2.aruco.ArucoDetector(_dict_cached(dictionary_name), params)
        # the search again round one marker found at reduced size: the marker fills most of its
        # box (a perimeter of 1.9 box sides or more), so the squares of its own cells, each of
        # which ArUco would otherwise read and reject, are not candidates
        box = cv2.aruco.DetectorParameters()
        for name in dir(params):
            if not name.startswith("_") and not callable(getattr(params, name)):
                setattr(box, name, getattr(params, name))
        box.minMarkerPerimeterRate = max(params.minMarkerPerimeterRate, BOX_PERIMETER_RATE)
        box.maxMarkerPerimeterRate = max(params.maxMarkerPerimeterRate, 4.0)  # a box may be all marker
        self._box_det = cv2.aruco.ArucoDetector(_dict_cached(dictionary_name), box)
        self.max_search_width = max_search_width

    @classmethod
    def for_mat(cls, dictionary_name: str) -> "MarkerDetector":
        """Tuned for our own printed mat: its markers are large, black on white and seen from
        above, so one thresholding pass instead of three, no small or large candidates, and
        corners refined once, at full size, after the search."""
        p = cv2.aruco.DetectorParameters()
        p.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
        p.adaptiveThreshWinSizeMin = p.adaptiveThreshWinSizeMax = 9
        p.minMarkerPerimeterRate = 0.08
        # a marker's side is at most a fourteenth of the sheet's width (30 mm on A3), so 0.6
        # still allows a frame of half the sheet; larger squares (tiles, zones, the sheet) are
        # dropped before ArUco reads them. A marker larger still is left to the careful search
        p.maxMarkerPerimeterRate = 0.6
        return cls(dictionary_name, params=p)

    def detect(self, frame) -> dict[int, np.ndarray]:
        """id -> 4x2 image corners (TL, TR, BR, BL in the marker's own frame)."""
        check_frame(frame)
        scale = 1.0
        gray = _gray(frame)
        if self.max_search_width and frame.shape[1] > self.max_search_width * 1.4:
            # a whole-number reduction keeps INTER_AREA on its fast path; made grey first, as
            # one channel reduces for a third of three's cost, and the boxes are cut from it
            f = int(round(frame.shape[1] / self.max_search_width))
            scale = 1.0 / f
            small = cv2.resize(gray, (frame.shape[1] // f, frame.shape[0] // f), interpolation=cv2.INTER_AREA)
        else:
            small = gray
        corners, ids, _ = self._det.detectMarkers(small)
        if ids is None:
            return {}
        found = {int(i): c.reshape(4, 2).astype(np.float32) for c, i in zip(corners, ids.ravel())}  # searched image's px
        if scale == 0.5:
            return _halved_to_full_size(gray, small, found)
        if scale != 1.0:
            return {mid: self._at_full_size(gray, mid, c / scale, scale) for mid, c in found.items()}
        return found

    def _at_full_size(self, gray, mid, c, scale) -> np.ndarray:
        """A marker found at reduced size, placed at full size: found again in the box round it
        (its corners from the frame's own pixels, not scaled up) and refined within a few pixels.
        Refining the scaled-up corners alone reaches a whole reduced pixel, and on a small marker
        that lets a corner slide onto the marker's inner bits, pixels off."""
        h, w = gray.shape[:2]
        diagonal = float(np.linalg.norm(c[0] - c[2]))
        x0, y0 = np.maximum(np.floor(c.min(axis=0) - diagonal / 4).astype(int), 0)
        x1, y1 = np.minimum(np.ceil(c.max(axis=0) + diagonal / 4).astype(int), (w, h))
        box = np.ascontiguousarray(gray[y0:y1, x0:x1])
        corners, ids, _ = self._box_det.detectMarkers(box)
        again = [k for k, i in enumerate(ids.ravel()) if int(i) == mid] if ids is not None else []
        if again:
            pts, win = corners[again[0]].reshape(-1, 1, 2).copy(), 3
        else:  # (rare) not found again: refine the scaled-up corners as far as they may be out
            pts, win = c.reshape(-1, 1, 2) - np.float32([x0, y0]), int(1.0 / scale + 1)
        win = int(max(2, min(win, diagonal / 14)))  # never past the first of the marker's cells
        crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.01)
        cv2.cornerSubPix(box, pts, (win, win), (-1, -1), crit)
        return pts.reshape(4, 2) + np.float32([x0, y0])


def _halved_to_full_size(gray, small, found: dict) -> dict:
    """Markers found in a frame searched at half size (id -> corners in the half-size image),
    placed at full size: each corner refined in the half-size image first (ArUco's own corner
    there may be a pixel out), then scaled up and refined again in the frame's own pixels,
    starting within a pixel of the truth. As near it as finding each marker again in its box at
    full size (`_at_full_size`), for a quarter of the search's cost instead of a half. From a
    quarter size (a 5 MP frame) the same two steps let some corners slide onto a small marker's
    inner bits, pixels off: those are found again in their boxes."""
    if not found:
        return found
    ids = list(found)
    pts = np.concatenate([found[i] for i in ids]).reshape(-1, 1, 2).astype(np.float32)
    diag = np.repeat([2 * float(np.linalg.norm(found[i][0] - found[i][2])) for i in ids], 4)  # full size
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.01)
    # a window inside the marker's black border: a fourteenth of its diagonal is under half a cell
    for image, least, most, d in ((small, 1, 2, diag / 2), (gray, 2, 3, diag)):
        if image is gray:
            pts = (pts + 0.5) * 2 - 0.5  # a half-size pixel's centre, in the frame's pixels
        win = np.clip((d / 14).astype(int), least, most)
        for w in np.unique(win):  # one call per window size (usually one)
            at = np.flatnonzero(win == w)
            some = np.ascontiguousarray(pts[at])
            cv2.cornerSubPix(image, some, (int(w), int(w)), (-1, -1), crit)
            pts[at] = some
    return dict(zip(ids, pts.reshape(-1, 4, 2)))


def _gray(image):
    return image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def missing_in_view(cal: Calibration, layout: MarkerLayout, shape, ids=None, partly=False) -> list[int]:
    """Markers (of `ids`, else all the layout's) that the homography puts wholly inside the
    frame but that were not found: covered, or missed by the search. `partly`: those it puts
    only partly inside (some corner in the frame, not all well inside) instead."""
    h, w = shape[:2]
    out = []
    for mid in layout.corners if ids is None else ids:
        if mid in cal.ids:
            continue
        p = cal.to_image(layout.corners[mid])
        whole = (p > 2).all() and (p[:, 0] < w - 2).all() and (p[:, 1] < h - 2).all()
        some = ((p[:, 0] >= 0) & (p[:, 0] < w) & (p[:, 1] >= 0) & (p[:, 1] < h)).any()
        if (some and not whole) if partly else whole:
            out.append(mid)
    return out


def look_where_expected(frame, cal: Calibration, layout: MarkerLayout, detector: MarkerDetector,
                        ids) -> dict[int, np.ndarray]:
    """Markers `ids` looked for again, each in the box where `cal` puts it and at the frame's
    full size: a marker far from a tilted camera can be too small for a search of the whole
    frame at reduced size, and the calibration then leans on the others alone. Returns
    id -> image corners of those found (a marker of another id in a box is ignored).

    A box reaching past the frame's edge is filled out there with the grey between its dark and
    light, so a marker at the edge (its white margin cut, or itself cut) is still found; a corner
    it gives at the edge or past it (`EDGE_PX`) is where the frame ends, not the marker's, and is
    NaN: left out of the fit."""
    h, w = frame.shape[:2]
    found = {}
    for mid in ids:
        p = cal.to_image(layout.corners[mid])
        diagonal = float(np.linalg.norm(p[0] - p[2]))  # room for a few mm of error
        bx0, by0 = np.floor(p.min(axis=0) - diagonal / 2).astype(int)
        bx1, by1 = np.ceil(p.max(axis=0) + diagonal / 2).astype(int)
        x0, y0, x1, y1 = max(bx0, 0), max(by0, 0), min(bx1, w), min(by1, h)
        if x1 - x0 < SMALLEST_FRAME_PX or y1 - y0 < SMALLEST_FRAME_PX:
            continue
        box = np.ascontiguousarray(frame[y0:y1, x0:x1])
        pad = (y0 - by0, by1 - y1, x0 - bx0, bx1 - x1)  # top, bottom, left, right past the frame
        if any(pad):
            grey = int((np.percentile(box, 5) + np.percentile(box, 95)) // 2)
            box = cv2.copyMakeBorder(box, *pad, cv2.BORDER_CONSTANT, value=(grey,) * 3)
        seen = detector.detect(box)
        if mid in seen:
            c = seen[mid] + np.array([x0 - pad[2], y0 - pad[0]], np.float32)
            cut = (c < EDGE_PX - 0.5).any(axis=1) | (c[:, 0] > w - EDGE_PX - 0.5) | (c[:, 1] > h - EDGE_PX - 0.5)
            c[cut] = np.nan
            if (~cut).sum() >= 2:
                found[mid] = c
    return found


def recalibrate_with_missed(frame, cal: Calibration, detected: dict, layout: MarkerLayout,
                            detector: MarkerDetector, ids) -> tuple[Calibration, list[int]]:
    """(calibration, markers still missed): the markers of `ids` that `cal` puts in view but the
    search did not find are looked for where it puts them, and the plane fitted again with them.
    Those still missing are covered (a hand, a cup). A marker `cal` puts partly in view is looked
    for too: a corner marker at the frame's edge is missed by the search, and the plane fitted
    from the markers across the mat then strays by a good part of a map's square in that corner
    (a lens's slight barrel is no plane's); its corners inside the frame hold that corner."""
    missed = missing_in_view(cal, layout, frame.shape, ids)
    at_edge = [mid for mid in missing_in_view(cal, layout, frame.shape, ids, partly=True) if mid not in detected]
    if missed or at_edge:
        more = look_where_expected(frame, cal, layout, detector, missed + at_edge)
        if more:
            cal = calibrate({**detected, **more}, layout)
            missed = missing_in_view(cal, layout, frame.shape, ids)
    return cal, missed


def _plane_error(H, img, plane) -> np.ndarray:
    return np.linalg.norm(cv2.perspectiveTransform(img.reshape(-1, 1, 2), H).reshape(-1, 2) - plane, axis=1)


def _trimmed_fit(img, plane, tol):
    """(homography image -> plane, which points it fits within tol): fitted to every point, then
    again without the worst one while that one is further out than tol. A corner that its
    refinement pulled a few pixels off is left out on its own; unlike RANSAC's sampling, the
    answer is always the same, and always from as many good corners as there are. A corner not
    seen (NaN) is left out from the start."""
    keep = np.isfinite(img).all(axis=1)
    while True:
        H, _ = cv2.findHomography(img[keep], plane[keep], 0)
        if H is None:
            return None, keep
        err = _plane_error(H, img, plane)
        worst = int(np.argmax(np.where(keep, err, -1.0)))
        if err[worst] <= tol or keep.sum() <= 4:
            return H, err <= tol
        keep[worst] = False


def calibrate(detected: dict[int, np.ndarray], layout: MarkerLayout, tol_px: float = 3.0) -> Calibration:
    """Homography from every visible layout marker's corners; any one marker is enough. A corner
    further than `tol_px` pixels from the fit of the rest is left out of it."""
    ids = [i for i in sorted(detected) if i in layout.corners]
    if not ids:
        return Calibration(None)
    img = np.concatenate([detected[i] for i in ids]).astype(np.float64)
    plane = np.concatenate([layout.corners[i] for i in ids]).astype(np.float64)
    seen = np.isfinite(img).all(axis=1)  # a marker cut by the frame's edge gives only some corners
    if len(ids) == 1:
        if not seen.all():
            return Calibration(None, ids)
        H = cv2.getPerspectiveTransform(img.astype(np.float32), plane.astype(np.float32))
        inliers = ids
    elif seen.sum() < 4:
        return Calibration(None, ids)
    else:
        # tolerances in plane units: scale pixels by the plane's size per pixel
        per_px = np.ptp(plane[seen], axis=0).max() / max(np.ptp(img[seen], axis=0).max(), 1.0)
        H, near = _trimmed_fit(img, plane, tol_px * per_px)
        if H is None:
            return Calibration(None, ids)
        # A false detection lies a whole marker or more away, while a small, blurred marker's
        # corners can sit a tenth of its side out, two of them at once: dropping a far marker for
        # that would leave the far side of the plane to the near ones alone. A kept marker's
        # stray corners are still left out of the refit below.
        side = float(np.nanmedian([np.linalg.norm(detected[i][0] - detected[i][2]) for i in ids])) / math.sqrt(2)
        err = _plane_error(H, img, plane).reshape(-1, 4)
        inliers = [i for i, e in zip(ids, err) if (e <= max(tol_px, CORNER_SLACK * side) * per_px).sum() >= 2]
        if len(inliers) < len(ids) and inliers:
            img = np.concatenate([detected[i] for i in inliers]).astype(np.float64)
            plane = np.concatenate([layout.corners[i] for i in inliers]).astype(np.float64)
            H, _ = _trimmed_fit(img, plane, tol_px * per_px)
    if H is None:
        return Calibration(None, ids)
    back = cv2.perspectiveTransform(plane.reshape(-1, 1, 2), np.linalg.inv(H)).reshape(-1, 2)
    rms = float(np.sqrt(np.nanmean(np.sum((back - img) ** 2, axis=1))))
    return Calibration(H, inliers, {i: detected[i] for i in inliers}, rms)
