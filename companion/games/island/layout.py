"""The island the OP builds behind the screen: 17 tiles placed (and turned) to fill the hexagon.

A placement is written "<tile> <space> <turns>": the tile's first space goes on <space> and the
tile is turned clockwise by 60 degrees <turns> times (0-5), e.g. "lake-straight D2 0".
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ..base import IllegalMove
from . import board, catalog


@dataclass(frozen=True)
class Space:
    label: str
    kind: str  # fruit | camp | oracle | mirage | knot | portal | anomaly | lake
    value: str  # fruit, camp letter, vision, knot number, portal number, lake shape; "" otherwise
    tile: str
    turns: int


@dataclass(frozen=True)
class Island:
    placements: tuple  # "<tile> <space> <turns>", as the OP laid them out
    spaces: tuple  # Space, in board.SPACES order


def parse_placement(text) -> tuple[str, str, int]:
    parts = text.split() if isinstance(text, str) else []
    if len(parts) != 3 or not parts[2].lstrip("-").isdigit():
        raise IllegalMove(f"{text!r} is not a tile placement; write it as '<tile> <space> <turns>', "
                          "e.g. 'lake-straight D2 0'")
    tile, anchor, turns = parts[0], parts[1].upper(), int(parts[2])
    if tile not in catalog.tiles():
        raise IllegalMove(f"there is no island tile called {tile!r}")
    if anchor not in board.COORD:
        raise IllegalMove(f"{anchor} is not a space of the island (rows A-G)")
    if not 0 <= turns <= 5:
        raise IllegalMove(f"a tile turns 0 to 5 times by 60 degrees, not {turns}")
    return tile, anchor, turns


def tile_cells(tile: str, anchor: str, turns: int) -> list[str | None]:
    """The spaces a placed tile covers (None where it would stick out into the ocean)."""
    q0, r0 = board.COORD[anchor]
    out = []
    for cell in catalog.shape(catalog.tiles()[tile]["shape"]):
        dq, dr = board.rotate(cell, turns)
        out.append(board.LABEL.get((q0 + dq, r0 + dr)))
    return out


def build(placements) -> Island:
    """Check that the placements fill the hexagon exactly, each tile once, and lay them out."""
    if isinstance(placements, str):
        raise IllegalMove("the island is a list of tile placements")
    placements = tuple(placements)
    tiles = catalog.tiles()
    used: dict[str, str] = {}
    covered: dict[str, Space] = {}
    for text in placements:
        tile, anchor, turns = parse_placement(text)
        if tile in used:
            raise IllegalMove(f"tile {tile} is placed twice")
        used[tile] = text
        for cell, spec in zip(tile_cells(tile, anchor, turns), tiles[tile]["spaces"]):
            if cell is None:
                raise IllegalMove(f"{text}: the tile sticks out of the island into the ocean")
            if cell in covered:
                raise IllegalMove(f"{text}: space {cell} is already covered by {covered[cell].tile}")
            covered[cell] = Space(cell, spec["kind"], _value(spec), tile, turns)
    missing = [t for t in tiles if t not in used]
    if missing:
        raise IllegalMove(f"the island needs all 17 tiles; missing {', '.join(missing)}")
    return Island(placements, tuple(covered[s] for s in board.SPACES))


def _value(spec: dict) -> str:
    for key in ("fruit", "camp", "vision", "knot", "number", "lake"):
        if key in spec:
            return str(spec[key])
    return ""


def random_placements(rng: random.Random, fixed: dict | None = None) -> tuple[str, ...]:
    """A random legal island: tile the hexagon by backtracking from the first empty space.

    `fixed` asks for given spaces to hold given things, {space: (kind, value)}, e.g.
    {"D4": ("fruit", "banana")}; value "" matches any value of that kind.
    """
    fixed = {k.upper(): tuple(v) for k, v in (fixed or {}).items()}
    tiles = catalog.tiles()
    pairs = [t for t, spec in tiles.items() if spec["shape"] == "pair"]
    lakes = {spec["shape"]: t for t, spec in tiles.items() if spec["shape"] != "pair"}
    shapes = ["pair"] * len(pairs) + sorted(lakes)
    found: list[tuple[str, str, int, str | None]] = []  # (shape, anchor, turns, tile or None)
    empty = set(board.SPACES)
    used: set[str] = set()

    def fits(tile: str, covered: list[str]) -> bool:
        for cell, spec in zip(covered, tiles[tile]["spaces"]):
            want = fixed.get(cell)
            if want and (want[0] != spec["kind"] or want[1] not in ("", _value(spec))):
                return False
        return True

    def fill() -> bool:
        if not empty:
            return True
        # spaces asked for first: a dead end there is found before the rest is laid
        target = next((s for s in fixed if s in empty), None) or next(
            s for s in board.SPACES if s in empty)
        kinds = sorted(set(shapes))
        rng.shuffle(kinds)
        for kind in kinds:
            cells = catalog.shape(kind)
            options = [(turns, i) for turns in range(6) for i in range(len(cells))]
            rng.shuffle(options)
            for turns, i in options:
                # put the shape's i-th cell on the target space
                dq, dr = board.rotate(cells[i], turns)
                q, r = board.COORD[target]
                anchor = board.LABEL.get((q - dq, r - dr))
                if anchor is None:
                    continue
                covered = [_cell(anchor, c, turns) for c in cells]
                if any(c is None or c not in empty for c in covered):
                    continue
                if kind != "pair":
                    choices = [lakes[kind]] if fits(lakes[kind], covered) else []
                elif any(c in fixed for c in covered):
                    choices = [t for t in pairs if t not in used and fits(t, covered)]
                    rng.shuffle(choices)
                else:
                    choices = [None]  # any pair tile: chosen at the end
                for tile in choices:
                    shapes.remove(kind)
                    empty.difference_update(covered)
                    found.append((kind, anchor, turns, tile))
                    used.add(tile)
                    if fill():
                        return True
                    used.discard(tile)
                    found.pop()
                    empty.update(covered)
                    shapes.append(kind)
        return False

    if not fill():
        raise IllegalMove("no island can be built with those spaces where they were asked for")
    free = [t for t in pairs if t not in used]
    rng.shuffle(free)
    out = []
    for kind, anchor, turns, tile in found:
        if tile is None:
            tile = free.pop()
            if rng.random() < 0.5:  # the same two spaces, the tile the other way round
                anchor, turns = _cell(anchor, catalog.shape("pair")[1], turns), (turns + 3) % 6
        out.append(f"{tile} {anchor} {turns}")
    return tuple(out)


def _cell(anchor: str, cell, turns: int) -> str | None:
    q0, r0 = board.COORD[anchor]
    dq, dr = board.rotate(cell, turns)
    return board.LABEL.get((q0 + dq, r0 + dr))


# ---------------------------------------------------------------- looking things up

@lru_cache(maxsize=64)
def _index(island: Island) -> dict[str, Space]:
    return {s.label: s for s in island.spaces}


def space(island: Island, label: str) -> Space:
    return _index(island)[label]


def find(island: Island, kind: str, value: str | None = None) -> list[str]:
    return [s.label for s in island.spaces if s.kind == kind and (value is None or s.value == value)]


def lake_of(island: Island, label: str | None) -> tuple[str, ...]:
    """All spaces of the lake `label` lies in, or () if it is not a lake space."""
    if label is None:
        return ()
    sp = space(island, label)
    return tuple(find(island, "lake", sp.value)) if sp.kind == "lake" else ()


def portal_twin(island: Island, label: str) -> str:
    sp = space(island, label)
    return next(s for s in find(island, "portal", sp.value) if s != label)


def knot_exit(island: Island, label: str, moving: str) -> str:
    """The direction a piece leaves an Escher knot it entered moving in `moving`."""
    sp = space(island, label)
    entered = board.opposite(moving)  # the side it came in through
    for a, b in catalog.knot_arrows(sp.value):
        a, b = board.turn(a, sp.turns), board.turn(b, sp.turns)
        if entered == a:
            return b
        if entered == b:
            return a
    raise AssertionError("an Escher knot's arrows join all six sides")  # pragma: no cover


def escher_like_exits(island: Island, label: str, token: dict, moving: str) -> tuple[str, ...]:
    """The two directions the Escher anomaly offers a piece that entered moving in `moving`."""
    turns = space(island, label).turns
    entered = board.opposite(moving)
    for arrows in token["arrows"]:
        if entered in [board.turn(s, turns) for s in arrows["from"]]:
            return tuple(board.turn(s, turns) for s in arrows["to"])
    return ()


def name(island: Island, label: str, anomalies: dict | None = None) -> str:
    """What the OP says a space is, in the words of the rulebook."""
    sp = space(island, label)
    if sp.kind == "fruit":
        return f"the {sp.value}"
    if sp.kind == "camp":
        return f"Camp {sp.value}"
    if sp.kind == "oracle":
        return "an oracle"
    if sp.kind == "mirage":
        return f"a mirage with {sp.value}"
    if sp.kind == "knot":
        return "an Escher knot"
    if sp.kind == "portal":
        return f"Portal {sp.value} ({catalog.portal_colour(sp.value)})"
    if sp.kind == "lake":
        return f"the {sp.value} lake"
    token = (anomalies or {}).get(label)
    return catalog.anomaly_tokens()[token]["name"] if token else "an anomaly"
