"""The island the OP builds behind the screen: 17 tiles placed (and turned) to fill the hexagon.

A placement is written "<tile> <space> <turns>": the tile's first space goes on <space> and the
tile is turned clockwise by 60 degrees <turns> times (0-5), e.g. "lake-straight D2 0".
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from ..base import IllegalMove
from ...i18n import Listed, Msg, Plural, english, own_word, term
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
    printing: tuple = ()  # "<tile> <half> <kind> [value] [arrows]": where the group's tiles differ
    knots: tuple = ()  # ((knot number, arrows), ...) printed on the group's own tiles

    @cached_property
    def by_label(self) -> dict[str, Space]:
        """Its spaces by label, made once per island: a space is looked up many times a move
        (keying a cache by the island would hash all its spaces at every look-up)."""
        return {s.label: s for s in self.spaces}


# ---------------------------------------------------------------- the group's own printing

PRINTED_KINDS = ("fruit", "camp", "oracle", "mirage", "knot", "portal", "anomaly")
_VALUE_KEY = {"fruit": "fruit", "camp": "camp", "mirage": "vision", "knot": "knot", "portal": "number"}


def parse_printing(text) -> tuple[str, int, dict]:
    """One space of a tile as the group's copy prints it: '<tile> <half> <kind> [value]', and
    for an Escher knot its three arrows, e.g. 'cherries-knot1 2 knot 1 NW-SW NE-SE E-W'."""
    parts = text.split() if isinstance(text, str) else []
    if len(parts) < 3 or not parts[1].isdigit():
        raise IllegalMove(Msg("{text!r}: write a tile's space as '<tile> <half> <kind> [value]', "
                              "e.g. 'banana-snakes 2 anomaly'", text=text))
    tile, half, kind = parts[0], int(parts[1]), own_word(parts[2], PRINTED_KINDS)
    tiles = catalog.tiles()
    if tile not in tiles:
        raise IllegalMove(Msg("there is no island tile called {tile!r}", tile=tile))
    if tiles[tile]["shape"] != "pair":
        raise IllegalMove(Msg("{tile} is a lake; its spaces are all lake", tile=tile))
    if half not in (1, 2):
        raise IllegalMove(Msg("{tile} has two halves, 1 and 2", tile=tile))
    if kind not in PRINTED_KINDS:
        raise IllegalMove(Msg("a space is one of: {kinds}", kinds=Listed(PRINTED_KINDS, sep=", ")))
    key, rest = _VALUE_KEY.get(kind), parts[3:]
    spec = {"kind": kind}
    if key is not None:
        if not rest:
            raise IllegalMove(Msg("say which {kind}: e.g. '{tile} {half} {kind} {example}'", kind=kind, tile=tile,
                                  half=half, example=_EXAMPLE[kind]))
        spec[key] = _printed_value(kind, rest[0])
        rest = rest[1:]
    if kind == "knot":
        spec["arrows"] = _arrows(rest) if rest else [list(a) for a in catalog.knot_arrows(spec["knot"])]
    elif rest:
        raise IllegalMove(Msg("{text!r}: too many words for a {kind}", text=text, kind=kind))
    return tile, half, spec


_EXAMPLE = {"fruit": "banana", "camp": "A", "mirage": "snakes", "knot": "1", "portal": "2"}


def _printed_value(kind: str, value: str):
    if kind == "fruit":
        value = own_word(value, catalog.fruits())
        if value not in catalog.fruits():
            raise IllegalMove(Msg("the fruits are {fruits}", fruits=Listed(map(term, catalog.fruits()), sep=", ")))
        return value
    if kind == "camp":
        if value.upper() not in ("A", "B"):
            raise IllegalMove(Msg("the camps are A and B"))
        return value.upper()
    if kind in ("knot", "portal"):
        if value not in ("1", "2", "3"):
            raise IllegalMove(Msg("{kind}s are numbered 1 to 3", kind=kind))
        return int(value)
    value = next((w for w in english(value) if w.isalpha() and w.isascii()), value)  # ヘビ: snakes
    if not value.isalpha() or len(value) > 12:
        raise IllegalMove(Msg("a mirage's vision is one word, e.g. snakes"))
    return value


def _arrows(words: list[str]) -> list[list[str]]:
    arrows = [w.upper().split("-") for w in words]
    sides = [s for a in arrows for s in a]
    if len(arrows) != 3 or any(len(a) != 2 for a in arrows) or sorted(sides) != sorted(board.DIRECTIONS):
        raise IllegalMove(Msg("an Escher knot has three arrows joining its six sides, e.g. NW-SW NE-SE E-W"))
    return arrows


def printed_tiles(printing=()) -> dict[str, dict]:
    """The catalog's tiles with the group's printing laid over them."""
    tiles = {t: dict(spec, spaces=list(spec["spaces"])) for t, spec in catalog.tiles().items()}
    for text in printing:
        tile, half, spec = parse_printing(text)
        tiles[tile]["spaces"][half - 1] = spec
    return tiles


def playable(tiles: dict[str, dict]) -> dict[str, dict]:
    """The tiles, if the rules can play an island of them (checked when it is built, not while
    the OP reprints: swapping two portal numbers passes through a state that is not)."""
    spaces = [sp for spec in tiles.values() for sp in spec["spaces"]]
    for kind, what in (("fruit", "fruit"), ("camp", "camp"), ("knot", "Escher knot")):
        values = [str(sp[_VALUE_KEY[kind]]) for sp in spaces if sp["kind"] == kind]
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            raise IllegalMove(Msg("the {what} {which} would be on two spaces; each is on one", what=term(what),
                                  which=twice[0]))
    portals = [sp["number"] for sp in spaces if sp["kind"] == "portal"]
    odd = sorted({n for n in portals if portals.count(n) != 2})
    if odd:
        n = portals.count(odd[0])
        raise IllegalMove(Plural("Portal {portal} would be on {n} space; each portal number is on exactly two",
                                 "Portal {portal} would be on {n} spaces; each portal number is on exactly two",
                                 n, portal=odd[0]))
    if sum(sp["kind"] == "anomaly" for sp in spaces) > len(catalog.anomaly_tokens()):
        raise IllegalMove(Msg("there are only {n} anomaly tokens", n=len(catalog.anomaly_tokens())))
    return tiles


def reprint(printing, text: str) -> tuple:
    """The printing with one space of a tile set as `text` says (the catalog's own rubs it out)."""
    tile, half, spec = parse_printing(text)
    rest = tuple(t for t in printing if parse_printing(t)[:2] != (tile, half))
    same = catalog.tiles()[tile]["spaces"][half - 1] == {k: v for k, v in spec.items() if k != "arrows"} \
        and (spec["kind"] != "knot" or spec["arrows"] == [list(a) for a in catalog.knot_arrows(spec["knot"])])
    return rest if same else rest + (printing_text(tile, half, spec),)


def printing_text(tile: str, half: int, spec: dict) -> str:
    """A reprinted space in the companion's own words, whatever language it was typed in: what
    the state and the next game keep."""
    key = _VALUE_KEY.get(spec["kind"])
    words = [tile, str(half), spec["kind"]] + ([str(spec[key])] if key else [])
    return " ".join(words + ["-".join(a) for a in spec.get("arrows", [])])


def parse_placement(text) -> tuple[str, str, int]:
    parts = text.split() if isinstance(text, str) else []
    if len(parts) != 3 or not parts[2].lstrip("-").isdigit():
        raise IllegalMove(Msg("{text!r} is not a tile placement; write it as '<tile> <space> <turns>', "
                              "e.g. 'lake-straight D2 0'", text=text))
    tile, anchor, turns = parts[0], parts[1].upper(), int(parts[2])
    if tile not in catalog.tiles():
        raise IllegalMove(Msg("there is no island tile called {tile!r}", tile=tile))
    if anchor not in board.COORD:
        raise IllegalMove(Msg("{space} is not a space of the island (rows A-G)", space=anchor))
    if not 0 <= turns <= 5:
        raise IllegalMove(Msg("a tile turns 0 to 5 times by 60 degrees, not {turns}", turns=turns))
    return tile, anchor, turns


def tile_cells(tile: str, anchor: str, turns: int) -> list[str | None]:
    """The spaces a placed tile covers (None where it would stick out into the ocean)."""
    q0, r0 = board.COORD[anchor]
    out = []
    for cell in catalog.shape(catalog.tiles()[tile]["shape"]):
        dq, dr = board.rotate(cell, turns)
        out.append(board.LABEL.get((q0 + dq, r0 + dr)))
    return out


def build(placements, printing=()) -> Island:
    """Check that the placements fill the hexagon exactly, each tile once, and lay them out
    (with the group's printing where its tiles differ from the catalog)."""
    if isinstance(placements, str):
        raise IllegalMove(Msg("the island is a list of tile placements"))
    placements = tuple(placements)
    tiles = playable(printed_tiles(printing))
    used: dict[str, str] = {}
    covered: dict[str, Space] = {}
    for text in placements:
        tile, anchor, turns = parse_placement(text)
        if tile in used:
            raise IllegalMove(Msg("tile {tile} is placed twice", tile=tile))
        used[tile] = text
        for cell, spec in zip(tile_cells(tile, anchor, turns), tiles[tile]["spaces"]):
            if cell is None:
                raise IllegalMove(Msg("{text}: the tile sticks out of the island into the ocean", text=text))
            if cell in covered:
                raise IllegalMove(Msg("{text}: space {space} is already covered by {tile}", text=text, space=cell,
                                      tile=covered[cell].tile))
            covered[cell] = Space(cell, spec["kind"], value_of(spec), tile, turns)
    missing = [t for t in tiles if t not in used]
    if missing:
        raise IllegalMove(Msg("the island needs all 17 tiles; missing {tiles}", tiles=Listed(missing, sep=", ")))
    knots = tuple((str(sp["knot"]), tuple(tuple(a) for a in sp["arrows"]))
                  for spec in tiles.values() for sp in spec["spaces"] if "arrows" in sp)
    return Island(placements, tuple(covered[s] for s in board.SPACES), tuple(printing), knots)


def value_of(spec: dict) -> str:
    for key in ("fruit", "camp", "vision", "knot", "number", "lake"):
        if key in spec:
            return str(spec[key])
    return ""


def random_placements(rng: random.Random, fixed: dict | None = None, printing=()) -> tuple[str, ...]:
    """A random legal island: tile the hexagon by backtracking from the first empty space.

    `fixed` asks for given spaces to hold given things, {space: (kind, value)}, e.g.
    {"D4": ("fruit", "banana")}; value "" matches any value of that kind.
    """
    fixed = {k.upper(): tuple(v) for k, v in (fixed or {}).items()}
    tiles = playable(printed_tiles(printing))
    pairs = [t for t, spec in tiles.items() if spec["shape"] == "pair"]
    lakes = {spec["shape"]: t for t, spec in tiles.items() if spec["shape"] != "pair"}
    shapes = ["pair"] * len(pairs) + sorted(lakes)
    found: list[tuple[str, str, int, str | None]] = []  # (shape, anchor, turns, tile or None)
    empty = set(board.SPACES)
    used: set[str] = set()

    def fits(tile: str, covered: list[str]) -> bool:
        for cell, spec in zip(covered, tiles[tile]["spaces"]):
            want = fixed.get(cell)
            if want and (want[0] != spec["kind"] or want[1] not in ("", value_of(spec))):
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
        raise IllegalMove(Msg("no island can be built with those spaces where they were asked for"))
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

def space(island: Island, label: str) -> Space:
    return island.by_label[label]


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
    for a, b in dict(island.knots).get(sp.value) or catalog.knot_arrows(sp.value):
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
    return words(sp.kind, sp.value, (anomalies or {}).get(label))


def words(kind: str, value: str, token: str | None = None) -> str:
    """A space's kind and value as the rulebook says them ("the banana", "Portal 1 (blue)")."""
    if kind == "fruit":
        return Msg("the {fruit}", fruit=term(value))
    if kind == "camp":
        return Msg("Camp {camp}", camp=value)
    if kind == "oracle":
        return Msg("an oracle")
    if kind == "mirage":
        return Msg("a mirage with {vision}", vision=term(value))
    if kind == "knot":
        return Msg("an Escher knot")
    if kind == "portal":
        return Msg("Portal {number} ({colour})", number=value, colour=term(catalog.portal_colour(value)))
    if kind == "lake":
        return Msg("the {shape} lake", shape=term(value))
    return term(catalog.anomaly_tokens()[token]["name"]) if token else Msg("an anomaly")
