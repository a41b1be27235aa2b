"""What every reader of pieces shares: a frame's reading (`FrameReading` of `TileReading`s),
what enrolment learnt of a printing (`Profile`), and the enrolment manifest and its photographs
as they are read from disk. Readers differ in how they see; they speak these words.
"""
from __future__ import annotations

import io
import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2
import numpy as np

from .markers import VisionInputError
from .tiles import TileSet


@dataclass
class TileReading:
    """One piece as a reader saw it, in mat millimetres."""
    label: str  # a face ("red-3"), a back ("back-past") or "unknown"
    x_mm: float
    y_mm: float
    angle: float  # degrees clockwise on the mat from upright as enrolled
    confidence: float  # 0..1
    zone: str | None = None
    cell: tuple[str, int, int] | None = None  # (area, row, column) it was read in, where the reader knows one


@dataclass
class FrameReading:
    """One frame: were the mat's markers found, was a hand over the pieces, and what lay there."""
    calibrated: bool
    markers: list[int] = field(default_factory=list)
    hand_in_view: bool = False
    tiles: list[TileReading] = field(default_factory=list)
    reprojection_px: float = float("nan")

    def as_dict(self) -> dict:
        return asdict(self)


def write_profile(path, meta: dict, arrays: dict) -> Path:
    """A profile's one file, whatever reader learnt it: its arrays in an .npz, with ``meta`` as a
    JSON header beside them (written whole, so a reader never sees half a header)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    np.savez_compressed(buf, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8), **arrays)
    path.write_bytes(buf.getvalue())
    return path


def read_profile(path, what: str, names=(), fmt: str | None = None,
                 then: str = ": enrol the pieces again") -> tuple[dict, dict]:
    """(header, {name: array}) of a profile file; the arrays ``names`` that the file holds. A
    missing, truncated or foreign file (another format than ``fmt``) is refused as not ``what``,
    followed by ``then`` (what to do)."""
    path = Path(path)
    if not path.is_file():
        raise VisionInputError(f"no profile at {path}")
    try:
        with np.load(path) as z:
            meta = json.loads(bytes(z["meta"]).decode())
            if fmt is not None and meta.get("format") != fmt:
                raise ValueError(meta.get("format"))
            arrays = {n: z[n] for n in names if n in z.files}
            if len(arrays) < len(names) and fmt is None:
                raise KeyError(", ".join(n for n in names if n not in arrays))
    except Exception as e:  # a truncated file, or another reader's profile
        raise VisionInputError(f"{path} is not {what}: the file is damaged or of another kind{then}") from None
    return meta, arrays


@dataclass
class Profile:
    """What enrolment learnt about one printing of the tiles."""

    game: str
    size_mm: tuple[float, float]
    labels: list[str]
    templates: np.ndarray  # (n, th, tw) ink maps, normalised
    features: np.ndarray  # (n, m) per label: the tile reader's 6 colour features; other readers' own
    group_mean: dict[str, np.ndarray] = field(default_factory=dict)
    group_spread: dict[str, np.ndarray] = field(default_factory=dict)

    def save(self, path) -> Path:
        meta = {"format": "paradox-table-vision-profile/1", "game": self.game, "size_mm": list(self.size_mm),
                "labels": self.labels,
                "groups": {g: {"mean": self.group_mean[g].tolist(), "spread": self.group_spread[g].tolist()}
                           for g in self.group_mean}}
        return write_profile(path, meta, {"templates": self.templates, "features": self.features})

    @classmethod
    def load(cls, path) -> "Profile":
        meta, arrays = read_profile(path, "a vision profile", ("templates", "features"))
        templates, features = arrays["templates"], arrays["features"]
        try:
            groups = meta["groups"]
            return cls(meta["game"], tuple(float(v) for v in meta["size_mm"]), list(meta["labels"]), templates,
                       features, {g: np.array(v["mean"], np.float32) for g, v in groups.items()},
                       {g: np.array(v["spread"], np.float32) for g, v in groups.items()})
        except (KeyError, TypeError, ValueError, AttributeError) as e:  # a field of the wrong shape
            raise VisionInputError(f"{path} is not a vision profile: its header is damaged: enrol the pieces "
                                   f"again") from e


SAME_PLACE_MM = 5.0  # two places of a photo this near are one piece's


def read_manifest(manifest_path, tiles: TileSet) -> list[tuple[Path, str, tuple | None]]:
    """(image path, label, (x_mm, y_mm) or None) of each entry. An entry may say where its piece
    lies on the mat, so one photo can show many pieces (several entries name the same image);
    an entry without a place shows its piece alone in the mat's first area."""
    manifest_path = Path(manifest_path)
    if not manifest_path.is_file():
        raise VisionInputError(f"no manifest at {manifest_path}")
    try:
        entries = json.loads(manifest_path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise VisionInputError(f"{manifest_path} is not valid JSON: {e}") from None
    if not isinstance(entries, list) or not entries:
        raise VisionInputError(f"{manifest_path} must be a non-empty list of {{\"image\", \"label\"}} entries")
    out = []
    for n, e in enumerate(entries):
        if not isinstance(e, dict) or "image" not in e or "label" not in e:
            raise VisionInputError(f"{manifest_path} entry {n}: needs \"image\" and \"label\"")
        try:
            tiles.check(e["label"])
        except ValueError as err:
            raise VisionInputError(f"{manifest_path} entry {n}: {err}") from None
        img_path = manifest_path.parent / e["image"]
        if not img_path.is_file():
            raise VisionInputError(f"{manifest_path} entry {n}: no image at {img_path}")
        at = None
        if "x_mm" in e or "y_mm" in e:
            at = tuple(e.get(k) for k in ("x_mm", "y_mm"))
            if any(v is None for v in at):
                raise VisionInputError(f"{manifest_path} entry {n}: \"x_mm\" and \"y_mm\" go together, "
                                       f"the piece's place on the mat in millimetres")
            if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in at):
                raise VisionInputError(f"{manifest_path} entry {n}: \"x_mm\" and \"y_mm\" are numbers (mm on "
                                       f"the mat), not {at[0]!r} and {at[1]!r}")
            at = (float(at[0]), float(at[1]))
        out.append((img_path, e["label"], at))
    # one piece lies at one place of a photo (places closer than any piece is wide are one):
    # two labels there is a slip in the manifest, not two pieces to learn
    for n, (img, label, at) in enumerate(out):
        for m, (img2, label2, at2) in enumerate(out[:n]):
            if at and at2 and img2 == img and label2 != label and math.dist(at, at2) < SAME_PLACE_MM:
                raise VisionInputError(f"{manifest_path} entries {m} and {n}: one place of {img.name} "
                                       f"({at[0]:g}, {at[1]:g}) mm is named both {label2} and {label}")
    return out


def read_image(path) -> np.ndarray:
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if img is None:
        raise VisionInputError(f"cannot read image {path}")
    return img
