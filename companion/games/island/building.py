"""The OP builds the island behind the screen (setup step 2, p.4): tile by tile as the physical
tiles go down, all at once (the island of the last game, or typed in), or at random.

The catalog's tile contents and knot arrows are assumptions; where the group's own tiles differ,
the OP reprints a space (PrintSpace) and the island is built from the group's printing, which is
kept for the next game (`keep`).
"""
from __future__ import annotations

from ..base import IllegalMove, chance, evolve
from ...i18n import Listed, Msg, term
from . import catalog, layout
from .moves import BuildIsland, LayTile, LiftTile, PrintSpace, RandomIsland
from .state import OP, State, log, say


def _building(state: State, seat: int):
    if state.phase != "island":
        raise IllegalMove(Msg("the island is already built"))
    if seat != OP:
        raise IllegalMove(Msg("only the OP builds the island"))


def build_island(state: State, m: BuildIsland | RandomIsland) -> State:
    """The whole island at once; tiles laid one by one so far are replaced."""
    _building(state, m.seat)
    if isinstance(m, RandomIsland):
        placements = layout.random_placements(chance(state.seed, "island"), printing=state.printing)
    else:
        placements = m.placements
    return _ready(finish(state, layout.build(placements, state.printing)))


def _ready(state: State) -> State:
    return say(state, Msg("The island is ready behind my screen."))


def finish(state: State, island, anomalies: dict | None = None) -> State:
    """Lay the anomaly tokens on the built island: 5 of the 10, face down (setup step 3)."""
    spaces = layout.find(island, "anomaly")
    tokens = catalog.anomaly_tokens()
    if anomalies:
        if sorted(anomalies) != sorted(spaces) or any(t not in tokens for t in anomalies.values()):
            raise IllegalMove(Msg("lay one anomaly token on each anomaly space: {spaces}",
                                  spaces=Listed(spaces, sep=", ")))
        if len(set(anomalies.values())) != len(spaces):
            raise IllegalMove(Msg("each anomaly token is used once"))
        laid = tuple((s, anomalies[s]) for s in spaces)
    else:
        drawn = list(tokens)
        chance(state.seed, "anomaly tokens").shuffle(drawn)
        laid = tuple(zip(spaces, drawn))
    return evolve(state, island=island, anomalies=laid, phase="pieces", laid=())


def covered(state: State) -> dict[str, str]:
    """{space: tile} for the tiles laid so far."""
    out = {}
    for text in state.laid:
        tile, anchor, turns = layout.parse_placement(text)
        out.update((cell, tile) for cell in layout.tile_cells(tile, anchor, turns))
    return out


def lay_tile(state: State, m: LayTile) -> State:
    _building(state, m.seat)
    if not isinstance(m.turns, int) or isinstance(m.turns, bool):
        raise IllegalMove(Msg("a tile turns 0 to 5 times by 60 degrees"))
    tile, anchor, turns = layout.parse_placement(f"{m.tile} {m.space} {m.turns}")
    taken = covered(state)
    if tile in taken.values():
        raise IllegalMove(Msg("{tile} is already on the island; lift it first to move it", tile=tile))
    cells = layout.tile_cells(tile, anchor, turns)
    if None in cells:
        raise IllegalMove(Msg("{tile} turned {turns} times on {anchor} sticks out into the ocean",
                              tile=tile, turns=turns, anchor=anchor))
    clash = next((c for c in cells if c in taken), None)
    if clash is not None:
        raise IllegalMove(Msg("{space} is already covered by {tile}", space=clash, tile=taken[clash]))
    placement = f"{tile} {anchor} {turns}"
    state = evolve(state, laid=state.laid + (placement,))
    state = log(state, Msg("laid {tile} on {spaces}.", tile=tile, spaces=Listed(cells, sep=", ")))
    if len(state.laid) < len(catalog.tiles()):
        return state
    return _ready(finish(state, layout.build(state.laid, state.printing)))


def lift_tile(state: State, m: LiftTile) -> State:
    _building(state, m.seat)
    kept = tuple(p for p in state.laid if layout.parse_placement(p)[0] != m.tile)
    if kept == state.laid:
        raise IllegalMove(Msg("{tile} is not on the island", tile=m.tile))
    return log(evolve(state, laid=kept), Msg("lifted {tile}.", tile=m.tile))


def print_space(state: State, m: PrintSpace) -> State:
    _building(state, m.seat)
    text = " ".join(str(w) for w in (m.tile, m.half, m.kind, m.value, *m.arrows) if str(w).strip())
    printing = layout.reprint(state.printing, text)
    _, _, spec = layout.parse_printing(text)  # the kind and value in the companion's words
    value = next((spec[k] for k in ("fruit", "camp", "vision", "knot", "number") if k in spec), "")
    words = (Msg("{tile}, half {half}, is printed {kind} {value}.", tile=m.tile, half=m.half, kind=term(spec["kind"]),
                 value=term(str(value))) if str(value).strip()
             else Msg("{tile}, half {half}, is printed {kind}.", tile=m.tile, half=m.half, kind=term(spec["kind"])))
    return log(evolve(state, printing=printing), words)


def from_kept(kept) -> tuple[tuple, tuple]:
    """(printing, last island) from what the last game kept; anything damaged is left out."""
    if not isinstance(kept, dict):
        return (), ()
    printing = []
    for text in kept.get("printing") or () if isinstance(kept.get("printing"), list) else ():
        try:
            printing = list(layout.reprint(tuple(printing), text))
        except (IllegalMove, TypeError, AttributeError, KeyError, ValueError):
            continue
    try:
        island = tuple(kept.get("island") or ())
        layout.build(island, tuple(printing)) if island else None
    except (IllegalMove, TypeError, AttributeError, KeyError, ValueError):
        island = ()
    return tuple(printing), island


def keep(state: State) -> dict | None:
    """What the next game starts from: the group's printing and the island it built."""
    island = state.island.placements if state.island is not None else state.last_island
    if not state.printing and not island:
        return None
    return {"printing": list(state.printing), "island": list(island)}
