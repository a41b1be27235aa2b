"""The printed play mat: an A3 sheet with ArUco markers, the game's grey play areas and one grey
zone per seat. Everything is in millimetres from the mat's top-left corner. The game says
which areas it needs (a `MatSpec`); this module knows no game.

Markers: 0-3 in the mat's corners fix the table plane, 4-5 flank the first play area, and each
seat zone has its marker beside it. A seat marker's id belongs to its place on the sheet
(10 bottom, 11 bottom-left, ... 17 right), not to the seat number, so every mat, whatever
its seat count, puts the same id in the same place. Any one visible marker calibrates a frame.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from .markers import MarkerLayout

A3_MM = (420.0, 297.0)
DICTIONARY = "DICT_4X4_50"
MARKER_MM = 30.0
# Mid grey: a neutral reference the recogniser uses for white balance and light, and a
# tone far from white faces, black tiles and saturated colours alike.
ZONE_GREY = (150, 150, 150)


@dataclass(frozen=True)
class MatSpec:
    """What a game asks of its mat: its name, seat counts and play areas in mm (x, y, w, h).
    The first area is flanked by markers 4 and 5; seat zones go round the edges."""
    game: str
    seats: tuple[int, int]
    areas: tuple[tuple[str, tuple[float, float, float, float]], ...]


@dataclass(frozen=True)
class Zone:
    x: float
    y: float
    w: float
    h: float

    def as_dict(self):
        return {"x": self.x, "y": self.y, "w": self.w, "h": self.h}

    def contains(self, x, y, margin=0.0) -> bool:
        return self.x - margin <= x <= self.x + self.w + margin and self.y - margin <= y <= self.y + self.h + margin


@dataclass
class MatLayout:
    game: str
    seats: int
    size_mm: tuple[float, float]
    zones: dict[str, Zone]
    markers: dict[int, tuple[float, float, float]]  # id -> (x, y, side) of its top-left corner
    dictionary: str = DICTIONARY
    labels: dict[str, tuple[float, float]] = field(default_factory=dict)  # text -> baseline start

    def marker_layout(self) -> MarkerLayout:
        """Where every mat of this size prints its markers: a reader set up for one seat
        count still calibrates on a mat printed for another."""
        W, H = self.size_mm
        known = dict(self.markers)
        for slot, mid in _SLOT_IDS.items():
            known.setdefault(mid, (*_slot(slot, W, H)[1], MARKER_MM))
        return MarkerLayout.from_squares(self.dictionary, known)

    @property
    def first_area(self) -> str:
        """The name of the game's first play area (markers 4 and 5 flank it): where tiles are
        shown for enrolment and, unless told otherwise, where the reader looks."""
        return next(iter(self.zones))

    def zone_at(self, x_mm: float, y_mm: float) -> str | None:
        for name, z in self.zones.items():
            if z.contains(x_mm, y_mm):
                return name
        return None

    def to_json(self, px_per_mm: float) -> dict:
        return {
            "game": self.game,
            "seats": self.seats,
            "size_mm": list(self.size_mm),
            "px_per_mm": px_per_mm,
            "dictionary": self.dictionary,
            "zones": {k: z.as_dict() for k, z in self.zones.items()},
            "markers": {str(k): {"x": v[0], "y": v[1], "size": v[2]} for k, v in self.markers.items()},
        }

    @classmethod
    def from_json(cls, d: dict) -> "MatLayout":
        return cls(
            game=d["game"],
            seats=int(d.get("seats", sum(k.startswith("seat-") for k in d["zones"]))),
            size_mm=tuple(d["size_mm"]),
            zones={k: Zone(**v) for k, v in d["zones"].items()},
            markers={int(k): (v["x"], v["y"], v["size"]) for k, v in d["markers"].items()},
            dictionary=d.get("dictionary", DICTIONARY),
        )


# Seat slots round the mat, named by where they sit; seats go clockwise from the bottom edge.
_SEAT_SLOTS = {3: ["B", "TL", "TR"], 4: ["B", "L", "T", "R"], 5: ["BR", "BL", "L", "T", "R"]}
_SLOT_IDS = {"B": 10, "BL": 11, "BR": 12, "L": 13, "T": 14, "TL": 15, "TR": 16, "R": 17}


def _slot(slot: str, W: float, H: float):
    """(zone, marker top-left) for a slot. Bands along the edges leave the corners to the
    corner markers; each seat's marker sits at the end of its zone nearer the mat centre line."""
    m, band, s = 8.0, 52.0, MARKER_MM
    zw, zl = 48.0, 120.0  # zone width across the band, length along it
    by, ty = H - m - band, m  # bottom band top, top band top
    cx = W / 2
    if slot in ("B", "T"):
        y = by if slot == "B" else ty
        zx = cx - zl / 2
        return Zone(zx, y + 2, zl, zw), (zx + zl + 6, y + (band - s) / 2)
    if slot in ("BL", "TL"):
        y = by if slot == "BL" else ty
        mx = 46.0
        return Zone(mx + s + 6, y + 2, zl, zw), (mx, y + (band - s) / 2)
    if slot in ("BR", "TR"):
        y = by if slot == "BR" else ty
        zx = W - 46.0 - s - 6 - zl
        return Zone(zx, y + 2, zl, zw), (zx + zl + 6, y + (band - s) / 2)
    if slot in ("L", "R"):
        x = m + 2 if slot == "L" else W - m - 2 - zw
        top = m + band + 8
        return Zone(x, top, zw, zl), (x + (zw - s) / 2, top + zl + 6)
    raise ValueError(slot)


def mat_layout(spec: MatSpec, seats: int | None = None) -> MatLayout:
    """The mat for a game and seat count (default: the most): zones in mm, marker ids and positions."""
    lo, hi = spec.seats
    seats = hi if seats is None else seats
    if not lo <= seats <= hi:
        raise ValueError(f"{spec.game} is played by {lo}-{hi} seats, not {seats}")
    W, H = A3_MM
    s, m = MARKER_MM, 8.0
    markers = {0: (m, m, s), 1: (W - m - s, m, s), 2: (W - m - s, H - m - s, s), 3: (m, H - m - s, s)}
    zones, labels = {}, {}
    for name, (x, y, w, h) in spec.areas:
        zones[name] = Zone(x, y, w, h)
        labels[name.upper()] = (x, y - 4)
    first = next(iter(zones.values()))
    markers[4] = (first.x - 12 - s, first.y + (first.h - s) / 2, s)
    markers[5] = (first.x + first.w + 12, first.y + (first.h - s) / 2, s)
    for i, slot in enumerate(_SEAT_SLOTS[seats]):
        z, (mx, my) = _slot(slot, W, H)
        zones[f"seat-{i}"] = z
        markers[_SLOT_IDS[slot]] = (mx, my, s)
        labels[f"SEAT {i + 1}"] = (z.x, z.y + z.h + 5) if slot.startswith("T") else (z.x, z.y - 1.5)
    return MatLayout(spec.game, seats, (W, H), zones, markers, labels=labels)


def render_mat(layout: MatLayout, px_per_mm: float = 10.0) -> np.ndarray:
    """The mat as a BGR image of exactly W*K by H*K pixels."""
    W, H = layout.size_mm
    img = np.full((int(round(H * px_per_mm)), int(round(W * px_per_mm)), 3), 255, np.uint8)
    k = px_per_mm
    for z in layout.zones.values():
        cv2.rectangle(img, (int(round(z.x * k)), int(round(z.y * k))),
                      (int(round((z.x + z.w) * k)) - 1, int(round((z.y + z.h) * k)) - 1), ZONE_GREY, -1)
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary))
    for mid, (x, y, s) in layout.markers.items():
        side = int(round(s * k))
        mk = cv2.aruco.generateImageMarker(d, mid, side)
        x0, y0 = int(round(x * k)), int(round(y * k))
        img[y0:y0 + side, x0:x0 + side] = mk[:, :, None]
    for text, (x, y) in layout.labels.items():
        cv2.putText(img, text, (int(x * k), int(y * k)), cv2.FONT_HERSHEY_SIMPLEX, 0.11 * k,
                    (90, 90, 90), max(1, int(0.3 * k)), cv2.LINE_AA)
    return img


def write_mat(layout: MatLayout, out_png, px_per_mm: float = 10.0) -> tuple[Path, Path, Path]:
    """Write mat.png, mat.pdf (prints at 100% on A3) and mat.json side by side."""
    from PIL import Image

    out_png = Path(out_png)
    out_png.parent.mkdir(parents=True, exist_ok=True)
    img = render_mat(layout, px_per_mm)
    rgb = Image.fromarray(cv2.cvtColor(img, cv2.COLOR_BGR2RGB))
    dpi = px_per_mm * 25.4
    rgb.save(out_png, dpi=(dpi, dpi))
    pdf = out_png.with_suffix(".pdf")
    rgb.save(pdf, "PDF", resolution=dpi)
    js = out_png.with_suffix(".json")
    js.write_text(json.dumps(layout.to_json(px_per_mm), indent=1) + "\n")
    return out_png, pdf, js


def load_layout(path) -> MatLayout:
    return MatLayout.from_json(json.loads(Path(path).read_text()))
