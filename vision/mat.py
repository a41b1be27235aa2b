"""The printed play mat: an A3 sheet (larger when a game's areas need it) with ArUco markers,
the game's grey play areas and one grey zone per seat. Everything is in millimetres from the mat's top-left corner. The game says
which areas it needs (a `MatSpec`); this module knows no game.

For the people at the table the sheet also carries, on white paper clear of every zone and
marker: the game's title with an orientation mark each side (arrows pointing to the mat's top
edge), and under the first area a 100 mm scale bar to measure once printed (a printer that
shrank the page to fit shows it at once). The reader never looks at them. The PDF holds the
image lossless (Flate), so markers and zone edges print exactly as drawn.

Markers: 0-3 in the mat's corners fix the table plane, 4-5 flank the first play area, and each
seat zone has its marker beside it. A seat marker's id belongs to its place on the sheet
(10 bottom, 11 bottom-left, ... 17 right), not to the seat number, so every mat, whatever
its seat count, puts the same id in the same place. Any one visible marker calibrates a frame.
"""
from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from .markers import MarkerLayout

A3_MM = (420.0, 297.0)
# The ISO sheets a mat may print on, landscape: a game whose areas need more than A3 names one
PAGES = {"A3": A3_MM, "A2": (594.0, 420.0), "A1": (841.0, 594.0), "A0": (1189.0, 841.0)}
DICTIONARY = "DICT_4X4_50"
MARKER_MM = 30.0
# A camera sees a larger sheet from higher up: its markers grow so a 5 MP frame of the whole
# sheet still gives them as many pixels as a 1280x960 frame gives an A3 sheet's 30 mm ones
PAGE_MARKER_MM = {"A3": MARKER_MM, "A2": MARKER_MM, "A1": 36.0, "A0": 45.0}
# Mid grey: a neutral reference the recogniser uses for white balance and light, and a
# tone far from white faces, black tiles and saturated colours alike.
ZONE_GREY = (150, 150, 150)
LABEL_INK = (90, 90, 90)
TITLE_INK = (30, 30, 30)
SCALE_MM = 100.0  # the scale bar's length
CLEAR_MM = 6.0  # printing stays this far from every zone: the reader samples the white paper there


@dataclass(frozen=True)
class MatSpec:
    """What a game asks of its mat: its name, seat counts and play areas in mm (x, y, w, h).
    The first area is flanked by markers 4 and 5; seat zones go round the edges."""
    game: str
    seats: tuple[int, int]
    areas: tuple[tuple[str, tuple[float, float, float, float]], ...]
    # False: the game's own areas are the seats' places (a board per seat), so no seat zones are
    # printed round the edges and the whole sheet is the game's.
    seat_zones: bool = True
    page: str = "A3"  # the sheet it prints on (PAGES)
    marks: tuple[tuple[str, tuple[float, float]], ...] = ()  # further words printed at (x, y) mm: places' names
    # an area's printed name where the game's words differ from its own ("SEAT 2'S MAP" for
    # personal-1); others print as named, numbered from 1 as the pages number them (MATRIX 1)
    titles: tuple[tuple[str, str], ...] = ()


def _title(area: str) -> str:
    """An area's printed name: matrix-0 is MATRIX 1, as the pages and the seats count."""
    name, _, number = area.rpartition("-")
    return f"{name} {int(number) + 1}".upper() if name and number.isdigit() else area.upper()


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

    def view_box(self, area: str, margin: float = 4.0) -> tuple[float, float, float, float]:
        """(x, y, w, h) mm of the mat that shows `area`: the area, `margin` round it, and its own
        printed name above it, cut short of any other name printed in that margin (Domino
        Dynasty's maps lie a few mm apart, the next map's name between them)."""
        z = self.zones[area]
        x0, y0, x1, y1 = z.x - margin, z.y - margin, z.x + z.w + margin, z.y + z.h + margin
        for text, (lx, ly) in self.labels.items():
            bx, by, bw, bh = label_box(text, lx, ly)
            if bx + bw <= x0 or bx >= x1:
                continue  # beside the box
            if (lx, ly) == (z.x, z.y - TITLE_ABOVE_MM):
                y0 = min(y0, by - 1.0)  # its own name
            elif by >= z.y + z.h:
                y1 = min(y1, by - 0.3)
            elif by + bh <= z.y:
                y0 = max(y0, by + bh + 0.3)
        return x0, y0, x1 - x0, y1 - y0

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
# a seat's marker is printed only on mats for the seat counts with that seat: one not seen may
# never have been printed (a mat printed for 3 seats, read for a game of 5), so it tells no hand
SEAT_MARKERS = frozenset(_SLOT_IDS.values())


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
    W, H = PAGES[spec.page]
    s, m = PAGE_MARKER_MM[spec.page], 8.0
    markers = {0: (m, m, s), 1: (W - m - s, m, s), 2: (W - m - s, H - m - s, s), 3: (m, H - m - s, s)}
    zones, labels = {}, {}
    for name, (x, y, w, h) in spec.areas:
        zones[name] = Zone(x, y, w, h)
        labels[dict(spec.titles).get(name) or _title(name)] = (x, y - TITLE_ABOVE_MM)
    labels.update(dict(spec.marks))
    first = next(iter(zones.values()))
    markers[4] = (first.x - 12 - s, first.y + (first.h - s) / 2, s)
    markers[5] = (first.x + first.w + 12, first.y + (first.h - s) / 2, s)
    for i, slot in enumerate(_SEAT_SLOTS[seats] if spec.seat_zones else ()):
        z, (mx, my) = _slot(slot, W, H)
        zones[f"seat-{i}"] = z
        markers[_SLOT_IDS[slot]] = (mx, my, s)
        labels[f"SEAT {i + 1}"] = (z.x, z.y + z.h + 5) if slot.startswith("T") else (z.x, z.y - 1.5)
    return MatLayout(spec.game, seats, (W, H), zones, markers, labels=labels)


@dataclass(frozen=True)
class PrintMarks:
    """What the sheet tells people, in mm: where the title, the arrows and the scale bar go."""
    title: str
    subtitle: str
    centre_x: float
    title_base: float      # baseline of the title
    title_cap: float       # its capital height
    subtitle_base: float
    arrows: tuple          # (x of the tip, y of the tip, y of the base): each points to the top edge
    scale: tuple           # (x0, x1, y) of the 100 mm bar
    scale_note: str
    scale_note_base: float
    small_cap: float = 2.4

    def boxes(self) -> list[tuple[str, float, float, float, float]]:
        """(what, x, y, w, h) that the marks may cover, generously: for checks against zones."""
        tw = _text_mm(self.title, self.title_cap, TITLE_FONT, 0.55)
        sw = _text_mm(self.subtitle, self.small_cap, LABEL_FONT, 0.3)
        nw = _text_mm(self.scale_note, self.small_cap, LABEL_FONT, 0.3)
        x0, x1, y = self.scale
        out = [("title", self.centre_x - tw / 2, self.title_base - self.title_cap - 0.5, tw, self.title_cap + 1.5),
               ("subtitle", self.centre_x - sw / 2, self.subtitle_base - self.small_cap - 0.5, sw, self.small_cap + 1.5),
               ("scale", x0 - 8, y - 4, x1 - x0 + 30, 8),
               ("scale note", self.centre_x - nw / 2, self.scale_note_base - self.small_cap - 0.5, nw,
                self.small_cap + 1.5)]
        out += [("arrow", x - ARROW_HALF_MM, tip, 2 * ARROW_HALF_MM, base - tip) for x, tip, base in self.arrows]
        return out


TITLE_FONT = cv2.FONT_HERSHEY_DUPLEX
LABEL_FONT = cv2.FONT_HERSHEY_SIMPLEX
HERSHEY_CAP = 21.0  # a Hershey font's capital height in pixels at scale 1
ARROW_HALF_MM = 3.5


LABEL_CAP_MM = 0.11 * HERSHEY_CAP  # a label's capital height (drawn at scale 0.11 px per px/mm)
TITLE_ABOVE_MM = 4.0  # an area's name is printed this far above it (its baseline)


def label_box(text: str, x: float, y: float) -> tuple[float, float, float, float]:
    """(x, y, w, h) mm a label printed from baseline start (x, y) covers, with its descenders."""
    return x, y - LABEL_CAP_MM, _text_mm(text, LABEL_CAP_MM, LABEL_FONT, 0.3), LABEL_CAP_MM * 1.4


def _text_mm(text: str, cap_mm: float, font, thick_mm: float) -> float:
    """The printed width of `text` in mm at this capital height."""
    k = 10.0
    scale = cap_mm * k / HERSHEY_CAP
    (w, _), _ = cv2.getTextSize(text, font, scale, max(1, int(round(thick_mm * k))))
    return w / k


def print_marks(layout: MatLayout) -> PrintMarks:
    """Title and arrows in the white above the first area (under its name: between its label and
    whatever lies above it), the scale bar and its note in the white below it."""
    first = layout.zones[layout.first_area]
    cx = first.x + first.w / 2
    top = first.y - 12.0              # the title's baseline: its label sits just above the area
    title = layout.game.upper()
    cap = 6.0
    half = _text_mm(title, cap, TITLE_FONT, 0.55) / 2
    arrows = tuple((x, top - cap - 4.5, top - cap + 3.5) for x in (cx - half - 9, cx + half + 9))
    bottom = first.y + first.h
    W, H = layout.size_mm
    return PrintMarks(
        title=title,
        subtitle=f"Paradox Table play mat, {layout.seats} seats. Arrows point to the top edge.",
        centre_x=cx, title_base=top, title_cap=cap, subtitle_base=top + 4.5,
        arrows=arrows,
        scale=(cx - SCALE_MM / 2, cx + SCALE_MM / 2, bottom + 13.0),
        scale_note=f"Scale check: this bar must measure {SCALE_MM:.0f} mm. "
                   f"Print on {page_name(layout.size_mm)} ({W:.0f} x {H:.0f} mm) at 100%, not 'fit to page'.",
        scale_note_base=bottom + 22.0,
    )


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
        cv2.putText(img, text, (int(x * k), int(y * k)), LABEL_FONT, LABEL_CAP_MM / HERSHEY_CAP * k,
                    LABEL_INK, max(1, int(0.3 * k)), cv2.LINE_AA)
    _draw_marks(img, print_marks(layout), k)
    return img


def _draw_marks(img, m: PrintMarks, k: float) -> None:
    def text(words, cx, base, cap, font, ink, thick_mm):
        scale = cap * k / HERSHEY_CAP
        thick = max(1, int(round(thick_mm * k)))
        (w, _), _ = cv2.getTextSize(words, font, scale, thick)
        cv2.putText(img, words, (int(round(cx * k - w / 2)), int(round(base * k))), font, scale, ink,
                    thick, cv2.LINE_AA)

    def px(x, y):
        return int(round(x * k)), int(round(y * k))

    text(m.title, m.centre_x, m.title_base, m.title_cap, TITLE_FONT, TITLE_INK, 0.55)
    text(m.subtitle, m.centre_x, m.subtitle_base, m.small_cap, LABEL_FONT, LABEL_INK, 0.3)
    for x, tip, base in m.arrows:  # a solid arrowhead on a short stem, pointing to the top edge
        head = np.array([px(x, tip), px(x - ARROW_HALF_MM, tip + 4.5), px(x + ARROW_HALF_MM, tip + 4.5)], np.int32)
        cv2.fillPoly(img, [head], TITLE_INK, cv2.LINE_AA)
        cv2.rectangle(img, px(x - 0.9, tip + 4), px(x + 0.9, base), TITLE_INK, -1)
    x0, x1, y = m.scale
    cv2.rectangle(img, px(x0, y - 0.4), px(x1, y + 0.4), TITLE_INK, -1)
    for i in range(int(SCALE_MM / 10) + 1):  # a tick each 10 mm, longer at 0, 50 and 100
        x = x0 + i * 10.0
        tall = 3.5 if i % 10 == 0 else 2.5 if i % 5 == 0 else 1.5
        cv2.rectangle(img, px(x - 0.2, y - tall), px(x + 0.2, y + tall), TITLE_INK, -1)
    text("0", x0 - 4, y + 1.2, m.small_cap, LABEL_FONT, TITLE_INK, 0.3)
    text(f"{SCALE_MM:.0f} mm", x1 + 12, y + 1.2, m.small_cap, LABEL_FONT, TITLE_INK, 0.3)
    text(m.scale_note, m.centre_x, m.scale_note_base, m.small_cap, LABEL_FONT, LABEL_INK, 0.3)


def page_name(size_mm) -> str:
    """What the sheet of this size is called at the print shop."""
    return next((name for name, size in PAGES.items() if tuple(size) == tuple(size_mm)),
                f"{size_mm[0]:.0f} x {size_mm[1]:.0f} mm paper")


def write_mat(layout: MatLayout, out_png, px_per_mm: float = 10.0, more: dict | None = None) -> tuple[Path, Path, Path]:
    """Write mat.png, mat.pdf (prints at 100% on its page) and mat.json side by side (with `more`
    beside the layout: a game's printed cells). A sheet larger than A3 is drawn no finer than A3
    is, in pixels (a 30 mm marker still gets 20 px a module at A0), so its image stays the size
    of an A3 one."""
    from PIL import Image

    px_per_mm = min(px_per_mm, px_per_mm * A3_MM[0] / layout.size_mm[0])
    out_png = Path(out_png)
    out_png.parent.mkdir(parents=True, exist_ok=True)
    img = render_mat(layout, px_per_mm)
    rgb = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
    dpi = px_per_mm * 25.4
    Image.fromarray(rgb).save(out_png, dpi=(dpi, dpi))
    pdf = out_png.with_suffix(".pdf")
    pdf.write_bytes(pdf_page(rgb, layout.size_mm))
    js = out_png.with_suffix(".json")
    js.write_text(json.dumps({**layout.to_json(px_per_mm), **(more or {})}, indent=1) + "\n")
    return out_png, pdf, js


def pdf_page(rgb: np.ndarray, size_mm: tuple[float, float]) -> bytes:
    """A one-page PDF of exactly size_mm holding the image lossless: Flate (zlib), as a PNG
    stores it, never JPEG, whose blur and ringing would soften marker and zone edges. A mat that
    is all greys (as every mat is) is stored as one grey channel."""
    h, w = rgb.shape[:2]
    grey = bool((rgb[:, :, 0] == rgb[:, :, 1]).all() and (rgb[:, :, 1] == rgb[:, :, 2]).all())
    pixels = np.ascontiguousarray(rgb[:, :, 0] if grey else rgb).tobytes()
    data = zlib.compress(pixels, 6)
    w_pt, h_pt = (round(v / 25.4 * 72, 3) for v in size_mm)
    content = f"q {w_pt} 0 0 {h_pt} 0 0 cm /Mat Do Q".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w_pt} {h_pt}] "
         f"/Resources << /XObject << /Mat 4 0 R >> >> /Contents 5 0 R >>").encode(),
        (f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} "
         f"/ColorSpace /{'DeviceGray' if grey else 'DeviceRGB'} /BitsPerComponent 8 "
         f"/Filter /FlateDecode /Length {len(data)} >>\nstream\n").encode() + data + b"\nendstream",
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def load_layout(path) -> MatLayout:
    return MatLayout.from_json(json.loads(Path(path).read_text()))
