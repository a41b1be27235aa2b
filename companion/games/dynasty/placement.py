"""Where a player may lay a domino this round: the maps' placement rules (maps.refusal) under the
round's event, the rewards and penalties in force and who handles which role's icon; every
placement the market allows; and a domino already down moved or turned, which obeys them too."""
from __future__ import annotations

from functools import lru_cache

from ...i18n import Listed, Msg
from ..base import IllegalMove, evolve
from . import power
from .catalog import CAPITALS, ROLES, TERRAIN_OF, role_name, word
from .hands import handler
from .maps import (BOUND, Half, Square, bounds, check_cells, dominoes, frozen, lift, match_refusal, namer, neighbour,
                   refusal, refused, side_towards, spot_refusal, spots)
from .moves import Place, Shift
from .state import PERSONAL, SHARED, State
from .steps import anchors, put, removable, sits_out
from .strength import bombed

QUARTER = "ESWN"  # clockwise from east: a domino's turn is the direction from its first cell to its second


# ---------------------------------------------------------------- dominoes as written and as laid

def parse_domino(text) -> tuple[Half, Half]:
    if isinstance(text, str):
        parts = text.split("|")
    elif isinstance(text, (list, tuple)):
        parts = list(text)
    else:
        parts = []
    if len(parts) != 2:
        raise IllegalMove(Msg("a domino has two halves, written half|half"))
    return Half.parse(parts[0]), Half.parse(parts[1])


def as_laid(move: Place) -> tuple:
    cells = check_cells(move.cells)
    halves = move.halves if isinstance(move.halves, (list, tuple)) else ()
    if len(halves) != 2:
        raise IllegalMove(Msg("a domino has two halves, one for each cell"))
    return cells, tuple(Half.parse(h) for h in halves)


def market_index(state: State, cells, halves) -> int | None:
    """Which market domino these halves are, turned as they lie on cells (or None)."""
    side = "ESWN".index(_side(cells))
    for i, text in enumerate(state.market):
        a, b = parse_domino(text)
        if (a.turned(side), b.turned(side)) == tuple(halves):
            return i
    return None


def _side(cells) -> str:
    return side_towards(cells[0], cells[1])


# ---------------------------------------------------------------- the placement rules

def _match(state: State, seat: int, where: str, free: bool) -> str | None:
    strict = state.event == "designer_match" or state.effect(seat, "strict_placement") is not None
    if free:
        return None
    if where == PERSONAL:
        if state.effect(seat, "ignore_placement") is not None:
            return None
        return "both" if strict else "paths"
    if strict:
        return "both"
    return "one terrain" if state.config.freeform else "terrain"


def overlapping(state: State, seat: int, moving: bool = False) -> str | None:
    """Whether a new domino must (Snowfalls) or may (the overlap reward) lie over others; a domino
    moved or turned is no new domino (docs/rulings.md (dd))."""
    if moving:
        return None
    if state.event == "snow_overlap":
        return "must"
    return "may" if state.effect(seat, "overlap") is not None else None


# made once: every placement tried names its map, though few are refused aloud
_SHARED_MAP = Msg("the shared map")


@lru_cache(maxsize=64)
def _map_of(name: str) -> Msg:
    return Msg("{name}'s map", name=name)


def map_words(where: str, owner: str) -> Msg:
    """A map as players name it: "the shared map", "Ana's map"."""
    return _SHARED_MAP if where == SHARED else _map_of(owner)


def placement_refusal(state: State, seat: int, where: str, cells, halves, power_: bool = False,
                      moving: bool = False) -> str | None:
    """Why seat may not lay these halves on these cells of `where`, or None (`moving`: a domino
    already down moved or turned)."""
    if where not in (SHARED, PERSONAL):
        return Msg("map is shared or personal")
    return Laying(state, seat, where, power_, moving).refusal(cells, halves)


class Laying:
    """The placement rules of one map for one seat now, worked out once for every domino tried
    on it: a phone's offers try hundreds, each asking the same of the round's events, effects
    and map."""

    def __init__(self, state: State, seat: int, where: str, power_: bool = False, moving: bool = False,
                 say=Msg):
        cfg = state.config
        self.state, self.seat, self.where, self.moving = state, seat, where, moving
        # who handles each role's icon this round (none to ask under Better Bonds)
        self.handlers = {} if state.event == "better_bonds" else {role: handler(state, role) for role in ROLES}
        self.arrows_only = state.effect(seat, "direction_restriction") is not None
        self.map = state.map_of(where, seat)
        self.held = state.shift(where, seat)  # where the map lies on the mat, to name its squares
        self.box = bounds(self.map)
        self.label = map_words(where, cfg.names[seat])
        self.bound = 5 if state.event == "border_dispute" else BOUND
        self.match = _match(state, seat, where, power_)
        self.overlap = overlapping(state, seat, moving)
        self.keep = anchors(state, seat, where)
        self.snipers = "proximity" in cfg.expansions
        self.say = say  # maps.refused: only whether a domino may lie is asked

    def refusal(self, cells, halves) -> str | None:
        """Why these halves may not lie on these cells, or None: the domino, the squares, then
        the two together (a listing of placements asks the first two once each)."""
        why = self.domino_refusal(halves)
        if why is None:
            why = self.spot_refusal(cells)
        return why if why is not None else self.fit_refusal(cells, halves)

    def domino_refusal(self, halves) -> str | None:
        """Why this domino may not be laid anywhere on this map now (who handles its icons, the
        round's event), or None."""
        state, seat, cfg = self.state, self.seat, self.state.config
        for half in halves:
            holder = self.handlers.get(half.icon)
            if holder is not None and holder != seat:
                if holder == cfg.holder(half.icon):
                    return Msg("only {name} ({role}) may handle a domino showing the {icon} icon",
                               name=cfg.names[holder], role=role_name(half.icon), icon=word(half.icon))
                return Msg("only {name}, who borrowed it this round, may handle a domino showing the {icon} icon",
                           name=cfg.names[holder], icon=word(half.icon))
        if not self.moving:
            why = _event_refusal(state, seat, halves) or (self.arrows_only and _arrows_only(state, seat, halves))
            if why:
                return why
        return None

    def spot_refusal(self, cells) -> str | None:
        """Why no domino may lie on these cells of this map, or None."""
        return spot_refusal(self.map, cells, self.label, self.bound, overlap=self.overlap, keep=self.keep,
                            box=self.box, say=self.say, held=self.held)

    def fit_refusal(self, cells, halves) -> str | None:
        """Why these halves do not fit these cells (matching, snipers, the round's event), once
        the domino and the squares each may."""
        state, g = self.state, self.map
        why = match_refusal(g, cells, halves, self.match, say=self.say, held=self.held)
        if why is None and self.snipers:
            why = _sniper(g, cells, halves, self.held)
        if why is None and self.where == SHARED and state.event == "border_dispute_alt":
            grown = evolve(state, shared=frozen(g | {c: Square(h, 0, g.get(c)) for c, h in zip(cells, halves)}))
            for role in state.config.in_game:
                if len(power.province(grown, role)) > len(power.province(state, role)):
                    return Msg("no province may grow this round ({role}'s would)", role=role_name(role))
        return why


def _event_refusal(state: State, seat: int, halves) -> str | None:
    """What the round's event forbids of a new domino (docs/rulings.md (ee), (ff))."""
    cfg = state.config
    if sits_out(state, seat):
        return Msg("Capital Punishment: {name} does nothing this round", name=cfg.names[seat])
    if state.event == "terrible_bonds":
        shown = bonds_broken(state, halves)
        if shown:
            return Msg("Terrible Bonds: a domino showing {shown} is discarded this round", shown=shown)
    if state.event == "man_of_the_people" and any(h.icon == "person" for h in halves) \
            and (seat, "places people", True) not in state.effects:
        most = Listed([cfg.names[s] for s, k, _ in state.effects if k == "places people"], sep=" or ")
        return Msg("Man of the People: only {names} may place a domino showing a person this round", names=most)
    return None


def bonds_broken(state: State, halves) -> Msg | None:
    """Terrible Bonds: what a domino shows of a role not in the game (its icon or terrain), or None."""
    for role in ROLES:
        if role in state.config.in_game:
            continue
        for half in halves:
            if half.icon == role:
                return Msg("the {role}'s icon", role=role_name(role))
            if half.terrain == TERRAIN_OF[role]:
                return Msg("the {role}'s terrain ({terrain})", role=role_name(role), terrain=word(half.terrain))
    return None


def _arrows_only(state: State, seat: int, halves) -> str | None:
    """Directional Daddy's penalty: "Next round, you may only place paths with a direction": every
    half showing a path shows its arrow; a domino with no path places none (docs/rulings.md (ll)).
    Asked only of a seat under that penalty."""
    bare = [h for h in halves if h.paths and not h.arrow]
    if bare:
        return Msg("this round {name} may only place paths with a direction: the {half} half shows a path "
                   "without an arrow", name=state.config.names[seat], half=bare[0].words())
    return None


def _sniper(g: dict, cells, halves, held) -> str | None:
    """A sniper forbids a capital in its row and column, unless a bomb beside it (already down or
    on the new domino) silences it (docs/rulings.md (q))."""
    silenced = bombed(g | {c: Square(h, 0) for c, h in zip(cells, halves)})
    for cell, half in zip(cells, halves):
        if half.icon in CAPITALS:
            for other, sq in g.items():
                if (sq.half.icon == "sniper" and other not in silenced
                        and (other[0] == cell[0] or other[1] == cell[1])):
                    named = namer(g, cells, held=held)
                    return Msg("a sniper on {sniper} forbids a capital on {square}", sniper=named(other), square=named(cell))
    return None


def placements(state: State, seat: int, dominoes_=None, power_: bool = False):
    """Every (map, cells, halves) seat may lay from the market (or from `dominoes_`); with
    `power_`, those only the Uncle of Infrastructure's power lays (a mismatched domino)."""
    texts = dict.fromkeys(state.market if dominoes_ is None else dominoes_)
    turned = [[(a.turned(side), b.turned(side)) for side in range(4)] for a, b in map(parse_domino, texts)]
    over = overlapping(state, seat) is not None
    for where in (PERSONAL, SHARED):
        laying = Laying(state, seat, where, power_, say=refused)
        matching = Laying(state, seat, where, say=refused) if power_ else None
        # what depends on the domino alone is asked once per domino, on the squares alone once
        # per pair of squares: hundreds of tries a turn, each otherwise asking both again
        layable = [[halves if laying.domino_refusal(halves) is None else None for halves in ways] for ways in turned]
        for cells in spots(laying.map, overlap=over, keep=laying.keep if over else ()):
            if laying.spot_refusal(cells) is not None:
                continue
            side = "ESWN".index(_side(cells))
            for ways in layable:
                halves = ways[side]
                if halves is not None and laying.fit_refusal(cells, halves) is None and (
                        matching is None or matching.refusal(cells, halves) is not None):
                    yield where, cells, halves


# ---------------------------------------------------------------- a domino already down, moved or turned

def lies(g: dict, number: int) -> tuple:
    """A domino's (cells, halves) as it lies, first cell first."""
    cells = dominoes(g)[number]
    return cells, tuple(g[c].half for c in cells)


def task_refusal(state: State, task, seat: int, where: str, cells, new, turned) -> str | None:
    """Why a reward's or an event's move or turn may not lie so: a move obeys the placement rules
    of the player's own map; a turn keeps a square of the domino, and ignores the placement rules
    only for a reward ("ignoring placement rules"), not for the Earthquake."""
    if where != PERSONAL:
        return Msg("a reward moves or turns dominoes of your own map")
    if task.kind == "move":
        return placement_refusal(state, seat, where, new, turned, moving=True)
    if new[0] != cells[0] and new[1] != cells[1]:
        return Msg("a domino turns about one of its squares: that half stays where it is")
    if task.bound:
        return placement_refusal(state, seat, where, new, turned, moving=True)
    return refusal(state.seat_map(seat), new, turned, None, Msg("their map"), attach=False,
                   held=state.shift(PERSONAL, seat))


def task_shifts(state: State, task) -> list:
    """Every move or turn a reward's task allows now."""
    g = state.seat_map(task.seat)
    out = []
    for number in removable(state, task, task.seat, PERSONAL):
        cells, halves = lies(g, number)
        rest = lift(g, {number})
        without = put(state, task.seat, PERSONAL, rest)
        was = QUARTER.index(side_towards(*cells))
        around = lambda c: [neighbour(c, s) for s in "NESW" if neighbour(c, s) not in rest]
        where_to = spots(rest) if task.kind == "move" else (
            [(cells[0], b) for b in around(cells[0])] + [(a, cells[1]) for a in around(cells[1])])
        for new in where_to:
            q = (QUARTER.index(side_towards(*new)) - was) % 4
            turned = tuple(h.turned(q) for h in halves)
            if set(zip(new, turned)) == set(zip(cells, halves)):
                continue
            if task_refusal(without, task, task.seat, PERSONAL, cells, new, turned) is None:
                out.append(Shift(task.seat, PERSONAL, cells[0], new, tuple(h.text() for h in turned)))
    return list(dict.fromkeys(out))


# ---------------------------------------------------------------- placements only (records)

def plain(g: dict, cells, where: str) -> tuple:
    """A domino with no icon that fits these cells of map g as well as any domino can: its paths
    open exactly where its neighbours' are (a personal map), each half the terrain of a neighbour
    (the shared map)."""
    out = []
    for cell in cells:
        paths, terrain = "", None
        for side in "NESW":
            other = neighbour(cell, side)
            if other in cells:
                continue
            if other in g:
                there = g[other].half
                if "NESW"["NESW".index(side) ^ 2] in there.paths:
                    paths += side
                terrain = terrain or there.terrain
        out.append(Half(terrain or TERRAIN_OF["housing"], None, paths))
    return tuple(out)


def plain_placements(state: State, seat: int):
    """(map, cells, halves) of a plain domino (see `plain`) wherever one may lie for seat."""
    for where in (PERSONAL, SHARED):
        laying = Laying(state, seat, where, say=refused)
        for cells in spots(laying.map):
            halves = plain(laying.map, cells, where)
            if laying.refusal(cells, halves) is None:
                yield where, cells, halves


def room(state: State) -> bool:
    """Whether some domino may still be laid somewhere, by someone (placements-only play)."""
    return any(next(iter(plain_placements(state, seat)), None) is not None
               for seat in range(state.config.players))
