"""Teaching the camera a group's own printing from the host page, without a terminal.

The walk, per camera game: a plan of shots, each a few pieces laid at labelled places of one area
of the mat (as many as the area holds apart: pieces told apart by place need no shot of their
own); for each shot what the camera sees there and what it finds, a shot kept when every place
holds one piece, steady; once all are kept, the profile is learnt through the same
`enroll` as `paradox-table vision enroll` (the manifest gives each piece's place) and the running
camera reads with it at once. Then a check: the camera reads what lies on the mat, and a reading
the host corrects is learnt (its frame and place join the manifest, the profile is learnt again).

Shots, corrections and the manifest live in the state directory (teaching/GAME/), so a walk left
half done goes on after a restart. Frames come from the camera loop, whatever its source (the
virtual table, a USB camera, the Pi camera). Nothing here serves web requests (web/teaching.py).
"""
from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import random
import threading
from dataclasses import dataclass, field
from pathlib import Path

from . import games
from .camera import _profile_path, _reader
from .i18n import Listed, Msg, Plural, term

log = logging.getLogger("paradox-table")

GAP_MM = 8.0        # between two tiles laid side by side for one shot
TILE_MM = (28.0, 40.0)  # the tiles' size the places are spaced for (the print's, as vision draws it)
DARK = 45           # the mat's paper under this grey level (of 255) is too dark to learn from
NEAR_MM = 15.0      # a piece this near its place is the one laid there (vision.recognise.NEAR_MM)
TWO = 1.7           # a blob this many times a piece's size is two pieces touching


class TeachingRefused(ValueError):
    """What the host asked cannot be done; the message says why, in the host's words."""


@dataclass(frozen=True)
class Place:
    label: str      # what enrolment learns from the piece here (the manifest's label)
    x_mm: float
    y_mm: float
    piece: str      # what to lay, in the game's words ("the red 1, face up")
    where: str      # where on the mat ("in the trick area, top row, 2nd from the left")
    lay: tuple      # how the virtual table lays it: (what to place, face up, back, what lies under it)

    def as_json(self, n: int) -> dict:
        return {"n": n, "label": self.label, "x_mm": round(self.x_mm, 1), "y_mm": round(self.y_mm, 1),
                "piece": self.piece, "where": self.where}


@dataclass(frozen=True)
class Shot:
    number: int
    area: str       # the mat's area the pieces are laid in
    area_words: str
    places: tuple
    box: tuple      # (x, y, w, h) mm of the mat the snapshot shows

    def as_json(self) -> dict:
        return {"number": self.number, "area": self.area, "area_words": self.area_words,
                "places": [p.as_json(i + 1) for i, p in enumerate(self.places)]}


def camera_games() -> list[str]:
    return [g.name for g in games.descriptions() if "camera" in g.parts]


def _spec(game: str):
    if game not in camera_games():
        raise TeachingRefused(Msg("{game} is not a game the camera watches; it watches {games}",
                                  game=repr(game), games=Listed(camera_games())))
    return games.camera(game)


def seat_range(game: str) -> tuple[int, int]:
    return tuple(_spec(game).mat.seats)


def layout_for(game: str, seats: int):
    from vision.mat import mat_layout
    spec = _spec(game)
    lo, hi = spec.mat.seats
    if isinstance(seats, bool) or not isinstance(seats, int) or not lo <= seats <= hi:
        raise TeachingRefused(Msg("a mat for {game} has {lo} to {hi} seats", game=term(games.describe(game).title),
                                  lo=lo, hi=hi))
    return mat_layout(spec.mat, seats)


# ---------------------------------------------------------------- the plan


def plan(game: str, seats: int) -> list[Shot]:
    """The shots that teach the game's reader every piece it tells apart, fewest first: one area
    per shot, each piece at a place of its own in it."""
    spec = _spec(game)
    layout = layout_for(game, seats)
    places = {"tiles": _tile_places, "grid": _disc_places, "dominoes": _domino_places}[spec.reader](spec, layout)
    shots, todo = [], list(spec.pieces.labels)
    for area, words, slots in places:
        if not todo:
            break
        chosen = []
        for (x, y, where), label in zip(slots, list(todo)):
            chosen.append(_place(spec, label, x, y, where))
            todo.remove(label)
        shots.append(Shot(len(shots) + 1, area, words, tuple(chosen), layout.view_box(area)))
    if todo:  # every area full: a mat too small for the set
        raise TeachingRefused(Msg("the mat has no room left for {pieces}", pieces=Listed(todo)))
    return shots


def _ordinal(n: int) -> Msg:
    # each English ending its own message: other languages count places their own way
    if n == 1:
        return Msg("{n}st", n=n)
    if n == 2:
        return Msg("{n}nd", n=n)
    return Msg("{n}rd", n=n) if n == 3 else Msg("{n}th", n=n)


def _tile_places(spec, layout):
    """The first area (the trick area), as many tiles as it holds apart, upright, in rows; the
    same area again for the next shot."""
    area = layout.first_area
    z = layout.zones[area]
    w, h = TILE_MM
    cols = int((z.w - 6 + GAP_MM) // (w + GAP_MM))
    rows = int((z.h - 6 + GAP_MM) // (h + GAP_MM))
    x0 = z.x + (z.w - cols * w - (cols - 1) * GAP_MM) / 2 + w / 2
    y0 = z.y + (z.h - rows * h - (rows - 1) * GAP_MM) / 2 + h / 2
    row_words = [Msg("top row"), Msg("bottom row")] if rows == 2 else [Msg("row {n}", n=r + 1) for r in range(rows)]
    slots = [(x0 + c * (w + GAP_MM), y0 + r * (h + GAP_MM),
              Msg("{row}, {nth} from the left", row=row_words[r], nth=_ordinal(c + 1)))
             for r in range(rows) for c in range(cols)]
    n = math.ceil(len(spec.pieces.labels) / len(slots))
    return [(area, _area_words(area), slots)] * n


def _square(row: int, column: int) -> str:
    """A map's square as the mat and the phones name it: column letter, row number (B3)."""
    return chr(65 + column) + str(row + 1)


def _row_column(row: int, column: int) -> Msg:
    """A grid's cell as the walk names places: counted from 1, as people count them."""
    return Msg("row {row}, column {column}", row=row + 1, column=column + 1)


def _where_read(spec, zone, cell) -> Msg:
    """Where a piece read lies, as the walk names places: its area (`zone`), and its cell where
    the reader knows one (a map's square, a grid's row and column)."""
    area = _area_words(zone) if zone else Msg("on the mat")
    if cell is None:
        return area
    _, row, column = cell
    if spec.reader == "dominoes":
        return Msg("{area}, square {square}", area=area, square=_square(row, column))
    return Msg("{area}, {place}", area=area, place=_row_column(row, column))


def _area_words(area: str) -> Msg:
    """An area of the mat as the pages name it, counted from 1 as the mat prints it: never its id."""
    kind, _, number = area.rpartition("-")
    if number.isdigit():
        n = int(number) + 1
        return {"matrix": Msg("matrix {n}", n=n), "personal": Msg("seat {n}'s map", n=n),
                "seat": Msg("seat {n}'s area", n=n)}.get(kind) or Msg("the {area} area", area=term(area))
    if kind == "market":  # Domino Dynasty's market lies either side of the tray
        return Msg("the market's left half") if number == "a" else Msg("the market's right half")
    return Msg("the shared map") if area == "shared" else Msg("the {area} area", area=term(area))


def _disc_places(spec, layout):
    """Every other cell of each grid (as a draughts board's dark squares), so no two discs touch."""
    out = []
    for area, (rows, cols) in spec.cells.areas:
        if area == layout.first_area and len(spec.cells.areas) > 1:
            continue  # the small area kept for enrolling one at a time: the grids hold more
        slots = [(*spec.cells.centre(layout, area, r, c), _row_column(r, c))
                 for r in range(rows) for c in range(cols) if (r + c) % 2 == 0]
        out.append((area, _area_words(area), slots))
    return out


def _domino_places(spec, layout):
    """Dominoes lying west-east on a map, one empty square between any two (rows 1, 3, 5, 7)."""
    out = []
    for area, (rows, cols) in spec.cells.areas:
        if area not in layout.zones:
            continue
        slots = []
        for r in range(0, rows, 2):
            for c in range(0, cols - 1, 3):
                (xa, y), (xb, _) = spec.cells.centre(layout, area, r, c), spec.cells.centre(layout, area, r, c + 1)
                slots.append(((xa + xb) / 2, y, Msg("squares {a} and {b}", a=_square(r, c), b=_square(r, c + 1))))
        out.append((area, _area_words(area), slots))
    return out


def _place(spec, label: str, x: float, y: float, where: str) -> Place:
    reader, tiles = spec.reader, spec.pieces
    if reader == "tiles":
        if label.startswith("back-"):
            name = label[5:]
            face = next(f for f, b in tiles.inventory if b == name)
            return Place(label, x, y, Msg("any tile with the {back} back, face down", back=term(name)), where, (face, False, name, None))
        colour, value = label.rsplit("-", 1)
        return Place(label, x, y, Msg("the {colour} {value}, face up", colour=term(colour), value=value), where, (label, True, None, None))
    if reader == "grid":
        if label == "lock":
            under = next(f for f in tiles.faces if f != "lock")
            return Place(label, x, y, Msg("the lock token, on top of a disc you lay there (one of another colour than the token: a dark disc under a silver token, a light one under a dark token)"), where, ("lock", True, None, under))
        colour, symbol = label.split("-")
        return Place(label, x, y, Msg("the {colour} {symbol} disc", colour=term(colour), symbol=term(symbol)), where, (label, True, None, None))
    from vision.dominoes import terrain_names
    terrains = terrain_names(tiles)
    if label.startswith("terrain-"):
        t = label[8:]
        return Place(label, x, y, Msg("a {terrain} domino, its left half with roads to all four sides, the right half plain",
                         terrain=term(t)),
                     where, (f"{t}//NESW|{t}//", True, None, None))
    icon = label[5:]
    i = tiles.faces.index(label)
    domino = f"{terrains[i % len(terrains)]}/{icon}/|{terrains[(i + 1) % len(terrains)]}//"
    return Place(label, x, y, Msg("a domino with the {icon} icon on its left half, no roads", icon=term(icon)), where,
                 (domino, True, None, None))


# ---------------------------------------------------------------- looking at a frame


@dataclass
class Finding:
    """What the camera finds for one shot: per place, one piece, none or more; or why not at all."""
    ok: bool
    problem: str | None = None            # the whole shot: "the mat is not in view", "too dark"
    places: list = field(default_factory=list)  # per place: None (one piece) or what is wrong

    def as_json(self) -> dict:
        return {"ok": self.ok, "problem": self.problem, "places": self.places}


def find(frame, layout, shot: Shot, piece_mm2: float, cal=None) -> Finding:
    """Whether every place of the shot holds exactly one piece, in this frame (``cal``: its
    calibration, when the caller has it already)."""
    import cv2
    import numpy as np
    from vision.lens import straight_frame
    from vision.markers import MarkerDetector
    from vision.recognise import glare, mat_exposure, view_zone
    from vision.zone import SEG_PX_PER_MM
    if frame is None:
        return Finding(False, Msg("the camera gives no picture yet"))
    if cal is None:
        frame, cal = straight_frame(frame, MarkerDetector(layout.dictionary), layout.marker_layout())
    if not cal.ok:
        return Finding(False, Msg("the mat is not in view: show the whole mat to the camera"))
    zone = layout.zones[shot.area]
    exposure, paper = mat_exposure(frame, cal.H_inv, zone)
    if paper is not None and float(np.mean(paper)) < DARK:
        return Finding(False, Msg("too dark: light the mat better"))
    if exposure < 0.6:
        if glare(frame, cal.H_inv, zone):
            return Finding(False, Msg("too bright on {area}: dim the lamp or turn it from the mat", area=shot.area_words))
        return Finding(False, Msg("something covers the edge of {area} (a hand?)", area=shot.area_words))
    view = view_zone(frame, cal.H_inv, zone, paper)
    n, _, stats, cents = cv2.connectedComponentsWithStats(view.mask)
    k = SEG_PX_PER_MM
    # (x, y, how many pieces): two that touch are one blob, as large as two
    big = [(view.zone.x + cents[i][0] / k, view.zone.y + cents[i][1] / k,
            2 if stats[i, cv2.CC_STAT_AREA] / k ** 2 > TWO * piece_mm2 else 1) for i in range(1, n)
           if stats[i, cv2.CC_STAT_AREA] / k ** 2 >= 0.3 * piece_mm2]
    said = []
    for p in shot.places:
        near = sum(b[2] for b in big if math.hypot(b[0] - p.x_mm, b[1] - p.y_mm) <= NEAR_MM)
        said.append(None if near == 1 else "nothing" if not near else "two pieces")
    return Finding(all(s is None for s in said), _summary(said, shot.area_words), said)


def _summary(said: list, area_words: str) -> str | None:
    """What is wrong with a shot's places, by their numbers (as the snapshot shows them)."""
    if all(s is None for s in said):
        return None
    if all(s == "nothing" for s in said):
        return Msg("nothing in {area} yet: lay the pieces listed", area=area_words)
    parts = []
    for what in ("nothing", "two pieces"):
        numbers = [str(i + 1) for i, s in enumerate(said) if s == what]
        if numbers and what == "nothing":
            parts.append(Plural("nothing at place {places}", "nothing at places {places}", len(numbers),
                                places=Listed(numbers, sep=", ")))
        elif numbers:
            parts.append(Plural("two pieces at place {places}", "two pieces at places {places}", len(numbers),
                                places=Listed(numbers, sep=", ")))
    return Listed(parts, sep="; ")


def piece_area(game: str) -> float:
    """Roughly how much of the mat one piece covers (mm^2): specks far smaller are no piece."""
    spec = _spec(game)
    if spec.reader == "tiles":
        return TILE_MM[0] * TILE_MM[1]
    if spec.reader == "grid":
        from vision.grid import DISCS
        return math.pi * (DISCS.diameter_mm / 2) ** 2
    return 2 * spec.cells.pitch_mm ** 2


def _piece_words(spec, label: str):
    """A piece the check read (a tile's or a disc's label) in the owner's words: "the red 1",
    "the blue 3 disc", "a tile with the past back"."""
    from vision.tiles import UNKNOWN
    if label == UNKNOWN:
        return Msg("asked: the camera is not sure")
    if spec.reader == "grid":
        if label == "lock":
            return Msg("the lock token")
        colour, symbol = label.split("-")
        return Msg("the {colour} {symbol} disc", colour=term(colour), symbol=term(symbol))
    if label.startswith("back-"):
        return Msg("a tile with the {back} back", back=term(label[5:]))
    colour, value = label.rsplit("-", 1)
    return Msg("the {colour} {value}", colour=term(colour), value=value)


# ---------------------------------------------------------------- Domino Dynasty's halves

def _half_words(label: str):
    """A half as read (``lava/person/NS``) in the owner's words: "lava, person, roads north south"."""
    from vision.dominoes import parse_half
    from vision.tiles import UNKNOWN

    from .games.dynasty.maps import SIDE_WORDS
    if label == UNKNOWN:
        return Msg("asked: the camera is not sure")
    terrain, icon, paths = parse_half(label)
    parts = [term(terrain), term(icon) if icon else Msg("no icon"),
             Msg("roads {sides}", sides=Listed([SIDE_WORDS[s] for s in paths], sep=" ")) if paths else Msg("no roads")]
    return Listed(parts, sep=", ")


def _guess(notes: dict | None, pieces) -> dict | None:
    """A square the domino reader asked about, as it leaned: the nearest terrain, and the icon and
    roads its colours (else its pictures and shapes) saw, from its notes on the square; None when
    it noted nothing to go by."""
    from vision.dominoes import SIDES, icon_names, terrain_names
    nearest = (notes or {}).get("terrain")
    if not nearest or nearest[0][1] not in terrain_names(pieces):
        return None
    by_colour, by_shape = notes.get("read") or (None, None)
    icon, paths = notes.get("look icon"), ""
    if by_colour is not None:
        paths, icon = by_colour[0], by_colour[1] or icon
    elif by_shape is not None:
        icon, paths = by_shape
    return {"terrain": nearest[0][1], "icon": icon if icon in icon_names(pieces) else "",
            "paths": "".join(side for side in SIDES if side in (paths or ""))}


def _taught_words(spec, layout, fix: dict) -> dict:
    """A correction the host taught, as the check said the piece: what it is, and where (its
    cell too where the reader reads cells)."""
    x, y, label = fix["x_mm"], fix["y_mm"], fix["label"]
    cells = spec.cells_read()
    cell = cells.cell_at(layout, x, y) if cells is not None else None
    words = _half_words(label) if spec.reader == "dominoes" else _piece_words(spec, label)
    return {"words": words, "where": _where_read(spec, cell[0] if cell else layout.zone_at(x, y), cell)}


def _entries(walk: "Walk", shots: list[Shot]) -> list[dict]:
    """What the camera learns from for the walk's game: a tile keeps every look, and so does a
    domino's half (the check's join the shots'); a disc is learnt from one look."""
    return walk.entries(shots, several=_spec(walk.game).reader in ("tiles", "dominoes"))


def _half_said(spec, label) -> str:
    """The half the host says a square shows, checked against the game's terrains and icons."""
    from vision.dominoes import HalvesToo, terrain_names
    try:
        if isinstance(label, str) and "/" in label:
            return HalvesToo(spec.pieces).check(label)
    except ValueError:
        pass
    raise TeachingRefused(Msg("{label} is no half of these dominoes: say its terrain ({terrains}), its icon or "
                              "none, and its roads (N, E, S, W), as lava/person/NS", label=repr(label),
                              terrains=Listed([term(t) for t in terrain_names(spec.pieces)], style="or")))


def _refusal(exc) -> Msg | str:
    """Why enrolment refused the shots, in the owner's words where vision names the refusal (its
    English otherwise): each says which shot to take again."""
    from vision.markers import LOCK_PLAIN, LOCK_SMALL, LOCK_UNSEEN, NO_ICON, NO_ROADS
    fields = getattr(exc, "fields", {})
    kind = getattr(exc, "kind", None)
    if kind == LOCK_UNSEEN:
        return Msg("no lock token was seen on its disc: lay the token on a disc of another colour than the token "
                   "(a dark disc under a silver token, a light one under a dark token) and take that shot again")
    if kind == LOCK_SMALL:
        return Msg("the lock token is too small for the camera to learn: bring the camera closer and take the shots again")
    if kind == LOCK_PLAIN:
        return Msg("the lock token's shot shows a disc's own symbol, no token: lay the token on the disc and take "
                   "that shot again")
    if kind == NO_ROADS:
        return Msg("no roads were seen on the {terrain} domino's left half: lay it with that half open on all four "
                   "sides to the left and take that shot again", terrain=term(fields["terrain"]))
    if kind == NO_ICON:
        return Msg("no icon was seen on the {icon} domino's left half: lay it with the icon's half to the left and take "
                   "that shot again", icon=term(fields["icon"]))
    return str(exc)


def alike_words(alike: list) -> list:
    """What a reader finds too alike or unclear in an enrolled print (vision's ``look_alike``), in
    the owner's words: the pairs too alike together, then each icon too unclear on its own."""
    pairs, out = [], []
    for a in alike:
        kind, names = getattr(a, "kind", None), [term(n) for n in getattr(a, "names", ())]
        if kind == "terrains":
            pairs.append(Msg("terrains {a} and {b}", a=names[0], b=names[1]))
        elif kind == "road":
            pairs.append(Msg("terrain {a} and the road", a=names[0]))
        elif kind == "icons":
            pairs.append(Msg("icons {a} and {b}", a=names[0], b=names[1]))
        elif kind == "unclear icon":
            out.append(Msg("the {icon} icon: too little of it was clear of its half's edges and roads to be read as "
                           "a picture, so the camera asks about it every time: lay its domino again straight, west "
                           "to east, on its squares, or light the mat better, and take its shot again", icon=names[0]))
        else:  # a reader that says no kind: its English words as they are
            pairs.append(str(a))
    if pairs:
        out.insert(0, Msg("too alike for the camera, it will ask about them: {pairs}. Enrol again in steadier "
                          "light, or enter those pieces by phone", pairs=Listed(pairs, sep="; ")))
    return out


# ---------------------------------------------------------------- the walk


class Walk:
    """One game's walk, kept in ``folder`` (walk.json, the shots, manifest.json)."""

    def __init__(self, game: str, folder: Path):
        self.game, self.folder = game, folder
        self.seats = None
        self.taken: dict[int, str] = {}     # shot number -> its image's file name
        self.corrections: list[dict] = []   # manifest entries learnt from the check
        self.learnt = False
        path = folder / "walk.json"
        if path.is_file():
            try:
                kept = json.loads(path.read_text())
                self.seats = int(kept["seats"])
                self.taken = {int(k): v for k, v in kept.get("taken", {}).items() if (folder / v).is_file()}
                self.corrections = [c for c in kept.get("corrections", []) if (folder / c["image"]).is_file()]
                self.learnt = bool(kept.get("learnt"))
            except (ValueError, KeyError, TypeError, OSError):
                log.warning("the teaching walk for %s was damaged: it starts again", game)
                self.seats = None

    def save(self):
        self.folder.mkdir(parents=True, exist_ok=True)
        part = self.folder / ".walk.json.part"
        part.write_text(json.dumps({"seats": self.seats, "taken": self.taken,
                                    "corrections": self.corrections, "learnt": self.learnt}))
        os.replace(part, self.folder / "walk.json")

    def entries(self, shots: list[Shot], several: bool) -> list[dict]:
        """What `enroll` learns from: each piece of each kept shot with its place, and the
        corrections: as more looks at a piece (``several``: the tile reader keeps every look),
        or instead of the looks before (a disc is learnt from one look)."""
        entries = [{"image": self.taken[s.number], "label": p.label, "x_mm": p.x_mm, "y_mm": p.y_mm}
                   for s in shots if s.number in self.taken for p in s.places]
        for fix in self.corrections:
            if not several:
                entries = [e for e in entries if e["label"] != fix["label"]]
            entries.append(fix)
        return entries

    def manifest(self, entries: list[dict]) -> Path:
        """manifest.json for `enroll`, as `paradox-table vision enroll --manifest` reads it."""
        path = self.folder / "manifest.json"
        path.write_text(json.dumps(entries, indent=1))
        return path


class Teacher:
    """The walks of every camera game, with the camera loop that gives the frames."""

    STEADY_LOOKS = 2  # this many looks in a row with nothing moving: the pieces lie still

    def __init__(self, state_dir: Path, camera, simulation: bool = False):
        self.state_dir, self.camera, self.simulation = Path(state_dir), camera, simulation
        self._lock = threading.RLock()
        self._walks: dict[str, Walk] = {}
        self._learning: dict[str, threading.Thread] = {}
        self._learnt_from: dict[str, list] = {}  # game -> the manifest its last learning began with
        self._learn_error: dict[str, str] = {}
        self._still: dict[str, tuple] = {}  # game -> (ChangeDetector, looks in a row not moving)
        # games whose last shot (or redo) the camera has seen nothing change since: the pieces
        # lying there may be that shot's, so a next shot on the same places is not taken by itself
        self._unchanged: set[str] = set()
        self._readers: dict[str, object] = {}
        self._notes: dict[str, list] = {}  # game -> what its learnt profile shows too unclearly

    def _frame(self):
        """The camera's latest frame, or the one it is taking (it lets go of one just before)."""
        return self.camera.frame_now()

    def last_walked(self, games) -> dict | None:
        """Of `games`, the one whose walk was worked on last (its walk.json written last) and its
        mat's seat count, if any: the host page opens on it, so a walk stopped half way is found
        again after a reload. Read from the files as they are (no walk is taken up here)."""
        last = None
        for game in games:
            path = self.state_dir / "teaching" / game / "walk.json"
            try:
                written, seats = path.stat().st_mtime_ns, json.loads(path.read_text()).get("seats")
            except (OSError, ValueError, AttributeError):
                continue
            if last is None or written > last[0]:
                last = (written, {"game": game, "seats": seats if isinstance(seats, int) else None})
        return last[1] if last else None

    def walk(self, game: str) -> Walk:
        _spec(game)
        with self._lock:
            if game not in self._walks:
                self._walks[game] = Walk(game, self.state_dir / "teaching" / game)
            return self._walks[game]

    def _shots(self, walk: Walk) -> list[Shot]:
        if walk.seats is None:
            raise TeachingRefused(Msg("choose the mat's seat count first: the walk starts there"))
        return plan(walk.game, walk.seats)

    def _shot(self, walk: Walk, number) -> Shot:
        shots = self._shots(walk)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(shots):
            raise TeachingRefused(Msg("a shot is numbered 1 to {count}", count=len(shots)))
        return shots[number - 1]

    # -- the walk's steps

    def start(self, game: str, seats) -> dict:
        """Begin (or go on with) a game's walk on a mat of ``seats``; the camera looks."""
        layout_for(game, seats)
        busy = self.camera.wanted()
        # a game on holds the camera; another game's walk left open does not: this one takes over
        if busy is not None and busy[0] != game and busy[1] != "teaching":
            raise TeachingRefused(Msg("a game of {on} is on: teach the camera {game} when it is over",
                                      on=term(games.describe(busy[0]).title), game=term(games.describe(game).title)))
        walk = self.walk(game)
        with self._lock:
            if walk.seats != seats:
                # another seat count: the shots taken still fit where its mat puts every shot's
                # pieces where this one did (the areas pieces are taught in seldom move with seats)
                if walk.seats is None or plan(game, walk.seats) != plan(game, seats):
                    walk.taken, walk.learnt = {}, False
                walk.seats = seats
                walk.save()
            self.camera.teach(game)
        return self.status(game)

    def stop(self, game: str) -> dict:
        """Stop for now: the shots stay, the camera stops looking for this walk."""
        self.walk(game)
        self.camera.teach(None)
        return self.status(game)

    def status(self, game: str) -> dict:
        walk = self.walk(game)
        spec = _spec(game)
        out = {"game": game, "title": term(games.describe(game).title), "seats": walk.seats,
               "seat_range": list(spec.mat.seats), "reader": spec.reader,
               "learning": game in self._learning, "learnt": walk.learnt,
               "error": self._learn_error.get(game), "can_lay": self.simulation,
               "corrections": len(walk.corrections),
               "notes": self._notes_for(game) if walk.learnt else []}
        if walk.seats is not None:
            layout = layout_for(game, walk.seats)
            # each correction taught in the check, numbered as the host takes one back
            out["taught"] = [{"n": i + 1, **_taught_words(spec, layout, fix)} for i, fix in enumerate(walk.corrections)]
            shots = self._shots(walk)
            out["shots"] = [dict(s.as_json(), taken=s.number in walk.taken) for s in shots]
            out["taken"] = len(walk.taken)
            out["pieces"] = sum(len(s.places) for s in shots)
            out["pieces_taken"] = sum(len(s.places) for s in shots if s.number in walk.taken)
            out["next"] = next((s.number for s in shots if s.number not in walk.taken), None)
        return out

    def look(self, game: str, number, auto: bool = True) -> dict:
        """What the camera finds for a shot now; with ``auto``, the shot is kept by itself once
        every place holds one piece and nothing has moved for a few looks."""
        walk = self.walk(game)
        self._still_here(game)
        shot = self._shot(walk, number)
        frame = self._frame()
        finding = find(frame, layout_for(game, walk.seats), shot, piece_area(game))
        still = self._still_looks(game, frame)
        steady = still >= self.STEADY_LOOKS
        with self._lock:
            if not finding.ok or not still:
                self._unchanged.discard(game)  # a place emptied or something moved: new pieces
            unchanged = game in self._unchanged
        out = {"finding": finding.as_json(), "steady": steady, "taken": False, "unchanged": unchanged}
        if auto and finding.ok and steady and not unchanged:
            self._keep(walk, shot, frame)
            out["taken"] = True
        return out

    def take(self, game: str, number) -> dict:
        """Keep the shot now (the host tapped), if every place holds one piece; else say why."""
        walk = self.walk(game)
        self._still_here(game)
        shot = self._shot(walk, number)
        frame = self._frame()
        finding = find(frame, layout_for(game, walk.seats), shot, piece_area(game))
        if not finding.ok:
            raise TeachingRefused(Msg("not taken: {why}", why=finding.problem))
        self._keep(walk, shot, frame)
        return {"finding": finding.as_json(), "taken": True}

    def redo(self, game: str, number) -> dict:
        walk = self.walk(game)
        shot = self._shot(walk, number)
        with self._lock:
            walk.taken.pop(shot.number, None)
            walk.save()
            self._unchanged.add(game)  # what lies there now is not taken again until it changes
        return self.status(game)

    def lay(self, game: str, number) -> dict:
        """In simulation: the shot's pieces laid on the virtual table, as a person would."""
        walk = self.walk(game)
        self._still_here(game)
        shot = self._shot(walk, number)
        self._lay(game, [(p.lay, p.x_mm, p.y_mm) for p in shot.places])
        return {"laid": len(shot.places)}

    CHECK_PIECES = 6  # laid at random for the check in simulation

    def lay_for_check(self, game: str) -> dict:
        """In simulation: some of the shots' pieces laid mixed on the shots' places, as a person
        lays out a few pieces to see the camera read them back (not where it learnt each)."""
        walk = self.walk(game)
        self._still_here(game)
        if not walk.learnt:
            raise TeachingRefused(Msg("the camera has not learnt the pieces yet: take every shot first"))
        places = [p for shot in self._shots(walk) for p in shot.places]
        at = list({(round(p.x_mm, 1), round(p.y_mm, 1)): p for p in places}.values())  # shots share places
        rng = random.Random()
        n = min(self.CHECK_PIECES, len(at))
        spots, pieces = rng.sample(at, n), rng.sample(places, n)
        self._lay(game, [(piece.lay, spot.x_mm, spot.y_mm) for piece, spot in zip(pieces, spots)])
        return {"laid": n, "labels": [piece.label for piece in pieces]}

    def _lay(self, game: str, pieces) -> None:
        """(how it is laid, x_mm, y_mm) each, on the virtual table, when no game holds it."""
        want = self.camera.wanted()
        if want is not None and want[1] != "teaching":
            raise TeachingRefused(Msg("a game is on: its virtual table is the game's; lay the pieces when it is over"))
        virtual = self.camera.virtual_table if self.simulation else None
        if virtual is None:
            raise TeachingRefused(Msg("there is no virtual table here: lay the pieces on the mat"))
        laid = []
        for i, ((what, up, back, under), x, y) in enumerate(pieces):
            angle = (37.0 * i) % 360 if self._turns(game) else 0.0
            if under is not None:  # a lock token lies on a disc
                laid.append((under, x, y, angle, True, None))
            laid.append((what, x, y, angle, up, back))
        virtual.lay(laid)

    def _still_here(self, game: str):
        """The page is still teaching this game: the camera keeps looking (no game is on)."""
        if self.camera.teaching == game:
            self.camera.teach(game)

    def _turns(self, game: str) -> bool:
        return _spec(game).reader == "grid"  # a disc reads alike at any turn; tiles and dominoes lie upright

    def _still_looks(self, game: str, frame) -> int:
        """How many looks in a row (this one the last) saw nothing move on the mat."""
        if frame is None:
            return 0
        from vision.motion import ChangeDetector
        with self._lock:
            detector, still = self._still.get(game) or (ChangeDetector(), 0)
            still = 0 if detector.look(frame).moving else still + 1
            self._still[game] = (detector, still)
        return still

    def _keep(self, walk: Walk, shot: Shot, frame):
        import cv2
        walk.folder.mkdir(parents=True, exist_ok=True)
        name = f"shot-{shot.number}.jpg"
        cv2.imwrite(str(walk.folder / name), frame, [cv2.IMWRITE_JPEG_QUALITY, 95])
        with self._lock:
            walk.taken[shot.number] = name
            walk.learnt = False
            walk.save()
            self._unchanged.add(walk.game)
        if len(walk.taken) == len(self._shots(walk)):
            self.learn(walk.game)

    # -- learning and using the profile

    def learn(self, game: str, wait: bool = False):
        """Learn the profile from the shots kept (in a thread: it takes a while), then the
        camera reads with it."""
        walk = self.walk(game)
        shots = self._shots(walk)
        if len(walk.taken) < len(shots):
            left = len(shots) - len(walk.taken)
            raise TeachingRefused(Plural("{n} shot is still to take", "{n} shots are still to take", left))
        with self._lock:
            # a learning under way goes on: what changed since it began (a correction made or
            # taken back) is learnt right after it (_learn)
            thread = self._learning.get(game) or self._begin_learning(walk, shots)
        while wait and thread is not None:  # and the learning again after it
            thread.join()
            with self._lock:
                thread = self._learning.get(game)

    def _begin_learning(self, walk: Walk, shots: list[Shot]) -> threading.Thread:
        game = walk.game
        entries = _entries(walk, shots)
        listed = {e["image"] for e in entries}
        for frame in walk.folder.glob("check-*.jpg"):  # a correction's taken back: no learning reads it now
            if frame.name not in listed:
                frame.unlink(missing_ok=True)
        self._learn_error.pop(game, None)
        thread = threading.Thread(target=self._learn, args=(walk, walk.manifest(entries), layout_for(game, walk.seats)),
                                  name=f"teach-{game}", daemon=True)
        self._learning[game], self._learnt_from[game] = thread, entries
        thread.start()
        return thread

    def _learn(self, walk: Walk, manifest: Path, layout):
        game = walk.game
        spec = _spec(game)
        try:
            from vision.readers import kit, look_alike
            # the cells the camera reads: a domino corrected on the market's places is learnt too
            enroll = kit(spec.reader, spec.cells_read())[1]
            profile = self.state_dir / f"vision-profile-{game}.npz"
            part = profile.with_name(f".{profile.name}.part")
            learnt = enroll(manifest, part, layout, spec.pieces)
            os.replace(part, profile)
            with self._lock:
                walk.learnt = True
                walk.save()
                self._readers.pop(game, None)
                self._notes[game] = alike_words(look_alike(spec.reader, learnt))
            self.camera.use_profile(game, profile)
        except Exception as exc:  # said on the page; the journal keeps the details
            log.exception("learning %s's pieces failed", game)
            with self._lock:
                self._learn_error[game] = Msg("the camera could not learn the pieces: {why}", why=_refusal(exc))
        finally:
            with self._lock:  # one learning ends and the next begins at once: a waiter sees no gap
                self._learning.pop(game, None)
                shots = plan(game, walk.seats)
                if len(walk.taken) == len(shots) and _entries(walk, shots) != self._learnt_from.get(game):
                    self._begin_learning(walk, shots)  # changed while it learnt

    def _notes_for(self, game: str) -> list:
        """What the learnt profile shows the camera too unclearly (asked about every time), in
        the owner's words: worked out once per profile."""
        if game not in self._notes:
            from vision.markers import VisionInputError
            from vision.readers import load_profile, look_alike
            try:
                said = alike_words(look_alike(_spec(game).reader, load_profile(_profile_path(self.state_dir, game))))
            except (VisionInputError, OSError):
                said = []  # no profile to say anything of: the page says it is not learnt
            with self._lock:
                self._notes[game] = said
        return self._notes[game]

    def _reader(self, game: str):
        from vision.readers import load_profile
        spec = _spec(game)
        with self._lock:
            if game not in self._readers:
                path = _profile_path(self.state_dir, game)
                if not path.is_file():
                    raise TeachingRefused(Msg("the camera has not learnt these pieces yet: take every shot first"))
                from vision.mat import mat_layout
                self._readers[game] = _reader(spec, load_profile(path), mat_layout(spec.mat))
            return self._readers[game]

    def check(self, game: str) -> dict:
        """What the camera reads on the mat now, with the learnt profile."""
        frame = self._frame()
        if frame is None:
            raise TeachingRefused(Msg("the camera gives no picture yet"))
        with self._lock:
            reader = self._reader(game)
            reading = reader.read(frame)
            # what the reader made of each square, asked or not (the domino reader's notes)
            notes = {d["square"]: d for d in getattr(reader, "last_details", ()) if isinstance(d, dict) and "square" in d}
        if not reading.calibrated:
            raise TeachingRefused(Msg("the mat is not in view: show the whole mat to the camera"))
        spec = _spec(game)
        # in the mat's order (area, then row and column, as the walk names places), each named by
        # its cell where the reader knows one: a tap must find the piece it means at a glance
        tiles = sorted(reading.tiles, key=lambda t: (t.zone or "", t.cell[1:] if t.cell else (), t.y_mm, t.x_mm))
        pieces = [{"label": t.label, "x_mm": round(t.x_mm, 1), "y_mm": round(t.y_mm, 1), "zone": t.zone,
                   "where": _where_read(spec, t.zone, t.cell), "named": t.cell is not None} for t in tiles]
        out = {"pieces": pieces, "hand": reading.hand_in_view}
        if spec.reader != "dominoes":  # each piece, and each a tap may say it is, in the owner's words
            for p in pieces:
                p["words"] = _piece_words(spec, p["label"])
            out["choices"] = {"pieces": [{"value": v, "words": _piece_words(spec, v)} for v in spec.pieces.labels]}
        else:  # a square's half, picked as terrain, icon and roads
            from vision.dominoes import SIDES, icon_names, parse_half, terrain_names
            from vision.tiles import UNKNOWN

            from .games.dynasty.maps import SIDE_WORDS
            for p, t in zip(pieces, tiles):
                p["words"] = _half_words(t.label)
                if t.label != UNKNOWN:
                    terrain, icon, paths = parse_half(t.label)
                    p["half"] = {"terrain": terrain, "icon": icon or "", "paths": paths}
                else:  # asked: the pickers start at what the reader leaned to, not at the first terrain
                    p["guess"] = _guess(notes.get(t.cell), spec.pieces)
            out["choices"] = {"terrains": [{"value": v, "words": term(v)} for v in terrain_names(spec.pieces)],
                              "icons": [{"value": "", "words": Msg("no icon")}] +
                                       [{"value": v, "words": term(v)} for v in icon_names(spec.pieces)],
                              "sides": [{"value": v, "words": SIDE_WORDS[v]} for v in SIDES]}
        return out

    def correct(self, game: str, x_mm, y_mm, label) -> dict:
        """The piece at (x, y) is ``label``: the frame joins the teaching shots with that piece's
        place, and the profile is learnt again."""
        spec = _spec(game)
        walk = self.walk(game)
        if not walk.learnt:
            raise TeachingRefused(Msg("the camera has not learnt these pieces yet: take every shot first"))
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in (x_mm, y_mm)):
            raise TeachingRefused(Msg("say where the piece lies: x_mm and y_mm, in mm on the mat"))
        layout = layout_for(game, walk.seats)
        if spec.reader == "dominoes":  # a half, on one square of a map or of the market
            label = _half_said(spec, label)
            cell = spec.cells_read().cell_at(layout, x_mm, y_mm)
            if cell is None:
                raise TeachingRefused(Msg("that place is on no square of a map or of the market"))
            x_mm, y_mm = (round(v, 1) for v in spec.cells_read().centre(layout, *cell))
        elif not isinstance(label, str) or label not in spec.pieces.labels:
            raise TeachingRefused(Msg("{label} is none of this game's pieces", label=repr(label)))
        if layout.zone_at(x_mm, y_mm) is None:
            raise TeachingRefused(Msg("that place lies in no area of the mat"))
        frame = self._frame()
        if frame is None:
            raise TeachingRefused(Msg("the camera gives no picture yet"))
        import cv2
        with self._lock:  # the frame is written and listed at once: a learning drops frames no correction lists
            kept = {c["image"] for c in walk.corrections}
            name = next(f"check-{i}.jpg" for i in range(1, len(kept) + 2) if f"check-{i}.jpg" not in kept)
            walk.folder.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(walk.folder / name), frame, [cv2.IMWRITE_JPEG_QUALITY, 95])
            walk.corrections.append({"image": name, "label": label, "x_mm": float(x_mm), "y_mm": float(y_mm)})
            walk.learnt = False
            walk.save()
        self.learn(game)
        return self.status(game)

    def forget(self, game: str, number) -> dict:
        """Take back the correction ``number`` (as the status numbers them, 1 first): it leaves the
        walk, and the profile is learnt again without it (its frame deleted as that learning
        begins: a learning under way may still be reading it)."""
        walk = self.walk(game)
        with self._lock:
            count = len(walk.corrections)
            if not count:
                raise TeachingRefused(Msg("no correction has been taught: there is none to take back"))
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
                raise TeachingRefused(Msg("a correction is numbered 1 to {count}", count=count))
            walk.corrections.pop(number - 1)
            walk.learnt = False
            walk.save()
        if len(walk.taken) == len(self._shots(walk)):
            self.learn(game)
        return self.status(game)

    # -- pictures

    def snapshot(self, game: str, number) -> bytes:
        """The shot's area as the camera sees it, straightened, each place ringed and numbered
        (green: one piece there; red: not); the whole frame while the mat is not in view."""
        import cv2
        import numpy as np
        from vision.lens import straight_frame
        from vision.markers import MarkerDetector
        walk = self.walk(game)
        self._still_here(game)
        shot = self._shot(walk, number)
        frame = self._frame()
        if frame is None:
            return b""
        layout = layout_for(game, walk.seats)
        frame, cal = straight_frame(frame, MarkerDetector(layout.dictionary), layout.marker_layout())
        if not cal.ok:
            small = cv2.resize(frame, (640, int(640 * frame.shape[0] / frame.shape[1])), interpolation=cv2.INTER_AREA)
            return cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 75])[1].tobytes()
        x, y, w, h = shot.box
        k = min(640 / w, 480 / h)
        A = np.array([[1 / k, 0, x], [0, 1 / k, y], [0, 0, 1]])
        img = cv2.warpPerspective(frame, cal.H_inv @ A, (int(w * k), int(h * k)),
                                  flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
        said = find(frame, layout, shot, piece_area(game), cal).places or [None] * len(shot.places)
        ring = 0.55 * math.sqrt(piece_area(game))  # about the piece's own size
        for i, (p, wrong) in enumerate(zip(shot.places, said)):
            c = (int((p.x_mm - x) * k), int((p.y_mm - y) * k))
            colour = (40, 40, 220) if wrong else (60, 180, 60)
            cv2.circle(img, c, int(ring * k), colour, 2)
            cv2.putText(img, str(i + 1), (c[0] - 8, c[1] + 8), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (255, 255, 255), 4)
            cv2.putText(img, str(i + 1), (c[0] - 8, c[1] + 8), cv2.FONT_HERSHEY_SIMPLEX, 0.8, colour, 2)
        return cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes()

    def mat_pdf(self, game: str, seats) -> Path:
        """The printable mat for this game and seat count (PDF; with its 100 mm scale bar)."""
        from vision.mat import write_mat
        layout = layout_for(game, seats)
        folder = self.state_dir / "mats"
        # kept by what is printed, so a new print size (Domino Dynasty's squares) or new area names get a new sheet
        drawn = hashlib.sha1(repr((layout.size_mm, layout.zones, layout.markers, layout.labels)).encode()).hexdigest()[:10]
        pdf = folder / f"{game}-{seats}-{drawn}.pdf"
        if not pdf.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            # 6 px/mm (152 dpi): sharp markers, and an A2 sheet a Pi Zero draws in its memory
            write_mat(layout, folder / f"{game}-{seats}-{drawn}.png", px_per_mm=6)
        return pdf
