"""ArUco markers: dictionaries, known marker layouts, detection and the plane homography.

A ``MarkerLayout`` is any set of markers whose corners are known on a plane: our play mat,
an OpenCV ChArUco or grid board, or loose markers. ``calibrate`` maps every visible
marker's corners onto that plane, so one marker is enough and hands may cover the rest.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np


class VisionInputError(ValueError):
    """Bad input from the user: a missing file, a bad manifest, an unreadable frame."""


SMALLEST_FRAME_PX = 32


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
        self.max_search_width = max_search_width

    @classmethod
    def for_mat(cls, dictionary_name: str) -> "MarkerDetector":
        """Tuned for our own printed mat: its markers are large, black on white and seen from
        above, so one thresholding pass instead of three, no small candidates, and corners
        refined once, at full size, after the search."""
        p = cv2.aruco.DetectorParameters()
        p.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
        p.adaptiveThreshWinSizeMin = p.adaptiveThreshWinSizeMax = 9
        p.minMarkerPerimeterRate = 0.08
        return cls(dictionary_name, params=p)

    def detect(self, frame) -> dict[int, np.ndarray]:
        """id -> 4x2 image corners (TL, TR, BR, BL in the marker's own frame)."""
        check_frame(frame)
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        scale = 1.0
        small = gray
        if self.max_search_width and gray.shape[1] > self.max_search_width * 1.4:
            # a whole-number reduction keeps INTER_AREA on its fast path
            f = int(round(gray.shape[1] / self.max_search_width))
            scale = 1.0 / f
            small = cv2.resize(gray, (gray.shape[1] // f, gray.shape[0] // f), interpolation=cv2.INTER_AREA)
        corners, ids, _ = self._det.detectMarkers(small)
        found: dict[int, np.ndarray] = {}
        if ids is None:
            return found
        for c, i in zip(corners, ids.ravel()):
            found[int(i)] = c.reshape(4, 2).astype(np.float32) / scale
        if scale != 1.0 and found:
            pts = np.concatenate(list(found.values())).reshape(-1, 1, 2)
            # window sized to the search scale's error, but never past a marker cell
            side = min(np.linalg.norm(c[0] - c[1]) for c in found.values())
            win = int(max(2, min(1.0 / scale + 1, side / 10)))
            crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.01)
            cv2.cornerSubPix(gray, pts, (win, win), (-1, -1), crit)
            pts = pts.reshape(-1, 4, 2)
            for k, mid in enumerate(found):
                found[mid] = pts[k]
        return found


def calibrate(detected: dict[int, np.ndarray], layout: MarkerLayout, ransac_px: float = 3.0) -> Calibration:
    """Homography from every visible layout marker's corners; any one marker is enough."""
    ids = [i for i in sorted(detected) if i in layout.corners]
    if not ids:
        return Calibration(None)
    img = np.concatenate([detected[i] for i in ids]).astype(np.float64)
    plane = np.concatenate([layout.corners[i] for i in ids]).astype(np.float64)
    if len(ids) == 1:
        H = cv2.getPerspectiveTransform(img.astype(np.float32), plane.astype(np.float32))
        inliers = ids
    else:
        # RANSAC threshold in plane units: scale pixels by the plane's size per pixel
        span_plane = np.ptp(plane, axis=0).max()
        span_img = max(np.ptp(img, axis=0).max(), 1.0)
        H, mask = cv2.findHomography(img, plane, cv2.RANSAC, ransac_px * span_plane / span_img)
        if H is None:
            return Calibration(None, ids)
        mask = mask.ravel().reshape(-1, 4)
        # a marker whose corners disagree with the rest is a false detection: drop it
        inliers = [i for i, m in zip(ids, mask) if m.sum() >= 3]
        if len(inliers) < len(ids) and inliers:
            img = np.concatenate([detected[i] for i in inliers]).astype(np.float64)
            plane = np.concatenate([layout.corners[i] for i in inliers]).astype(np.float64)
            H, _ = cv2.findHomography(img, plane, 0)
    if H is None:
        return Calibration(None, ids)
    back = cv2.perspectiveTransform(plane.reshape(-1, 1, 2), np.linalg.inv(H)).reshape(-1, 2)
    rms = float(np.sqrt(np.mean(np.sum((back - img) ** 2, axis=1))))
    return Calibration(H, inliers, {i: detected[i] for i in inliers}, rms)
