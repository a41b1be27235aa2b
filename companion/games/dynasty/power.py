"""Live strength of every role, with where it comes from, and the numbers missions are checked
against (docs/rulings.md, "Domino Dynasty")."""
from __future__ import annotations

from ...i18n import Listed, Msg
from .catalog import CAPITALS, ROLES, strength_name, word
from .maps import extent, joined, neighbour, onward, open_ends
from .state import PERSONAL, SHARED, State
from . import strength as st


def _limit(state: State):
    return 5 if state.event == "path_restriction" else None


def shown(state: State) -> frozenset:
    """The icons the shared map shows (a veto's path may hold none of them)."""
    return frozenset(sq.half.icon for _, sq in state.shared if sq.half.icon)


# What a map scores, kept while the map is the very same tuple: a state after a placement shares
# every map but one with the state before, and the strengths are counted after each placement
# (and for each placement a phone's offers or a camera's doubts try). Kept with the map itself,
# so an id is never taken for another map's; a few hundred at most.
_SCORED: dict = {}


def _scored(m: tuple, key: tuple, work):
    hit = _SCORED.get((id(m), key))
    if hit is not None and hit[0] is m:
        return hit[1]
    value = work()
    if len(_SCORED) >= 512:
        _SCORED.clear()
    _SCORED[id(m), key] = (m, value)
    return value


def seat_capitals(state: State, seat: int) -> list[st.Capital]:
    limit, icons = _limit(state), shown(state)
    m = state.personal[seat]
    return list(_scored(m, ("capitals", limit, icons), lambda: tuple(st.capitals(dict(m), limit, shown=icons))))


def neutral(state: State, seat: int, caps: list[st.Capital] | None = None) -> int:
    """A seat's Neutral strength: what its map's Neutral capitals are worth (`caps`: the seat's
    capitals, when already worked out)."""
    worth = sum(c.worth for c in (seat_capitals(state, seat) if caps is None else caps) if c.icon == "neutral")
    if state.event == "neutral_break":
        return worth * 2
    return 0 if state.event == "neutral_punish" else worth


def province(state: State, role: str) -> set:
    cells = dict(state.starts).get(role, ())
    seat = state.config.holder(role)
    small = seat is not None and state.effect(seat, "small_province") is not None
    tactical = state.config.tactical
    return set(_scored(state.shared, ("province", role, cells, tactical, small),
                       lambda: frozenset(st.province(dict(state.shared), role, cells, by_path=tactical, small=small))))


def connected(state: State, a: str, b: str) -> bool:
    """Whether a path on the shared map joins a capital in a's province to one in b's
    (Machine Mama's sharing, the Holding Hands event)."""
    g = dict(state.shared)
    start = [c for c in province(state, a) if g[c].half.icon in CAPITALS]
    goal = {c for c in province(state, b) if g[c].half.icon in CAPITALS}
    seen, todo = set(start), list(start)
    while todo:
        here = todo.pop()
        if here in goal:
            return True
        for side in "NESW":
            if joined(g, here, side):
                there = (here[0] + {"E": 1, "W": -1}.get(side, 0), here[1] + {"S": 1, "N": -1}.get(side, 0))
                if there not in seen:
                    seen.add(there)
                    todo.append(there)
    return False


def strengths(state: State, report: bool = False) -> dict[str, dict]:
    """{role: {"strength", "capitals", "total", "province", ...}} for all five roles."""
    cfg = state.config
    out = {}
    seats_capitals = {}  # a seat's map scored once, however many roles it holds
    for role in cfg.in_game:
        seat = cfg.holder(role)
        if seat not in seats_capitals:
            seats_capitals[seat] = seat_capitals(state, seat)
        caps = seats_capitals[seat]
        total = sum(c.worth for c in caps if c.icon != "neutral") + neutral(state, seat, caps)
        shared_caps = []
        if cfg.tactical:  # the role's own capitals on the shared map count too
            limit, icons = _limit(state), shown(state)
            shared_caps = list(_scored(state.shared, ("capitals", limit, icons, role), lambda: tuple(
                st.capitals(dict(state.shared), limit, only={role}, shown=icons))))
            total += sum(c.worth for c in shared_caps)
        size = len(province(state, role))
        counted = size // 2 if state.event == "border_dispute_alt" else size
        value = total * counted // (2 if cfg.tactical else 1)
        notes = []
        bonus = sum(v for s, k, v in state.effects if s == seat and k == "extra_score")
        if bonus:
            value += bonus
            notes.append(Msg("+{bonus} from a mission's reward", bonus=bonus))
        if state.event == "holding_hands" and any(connected(state, role, other)
                                                  for other in cfg.in_game if other not in cfg.roles[seat]):
            value += 4
            notes.append(Msg("+4: connected to another player on the shared map (Holding Hands)"))
        if state.event == f"{_event_key(role)}_punish":
            value //= 2
            notes.append(Msg("halved by the round's event"))
        if report and cfg.report_rules:
            if role == "housing" and state.placed[seat] == 0:
                value = 0
                notes.append(Msg("0: placed no domino this round"))
            if role == "goods" and state.mismatched[seat]:
                value //= 2
                notes.append(Msg("halved: a domino did not match"))
        if cfg.chaotic and value < 1:
            value = 1
            notes.append(Msg("never below 1 (chaotic start)"))
        # Machine Mama: the share of the strength whose paths hold a selfish or an all-in icon
        worth = [c for c in caps + shared_caps]
        whole = sum(c.worth for c in worth)
        selfish = sum(c.worth for c in worth if "selfish" in c.marks)
        allin = sum(c.worth for c in worth if "allin" in c.marks and "selfish" not in c.marks)
        out[role] = {"strength": value, "seat": seat, "name": strength_name(role),
                     "selfish": value * selfish // whole if whole else 0,
                     "allin": value * allin // whole if whole else 0,
                     "capitals": [c.as_json(state.shift(PERSONAL, seat)) for c in caps],
                     "shared_capitals": [c.as_json(state.shift(SHARED)) for c in shared_caps],
                     "total": total, "province": size, "notes": notes, "in_game": True}
    present = [out[r]["strength"] for r in out]
    pick = max if cfg.absent == "highest" else min
    for role in ROLES:
        if role not in out:
            value = pick(present) if present else 0
            out[role] = {"strength": value, "seat": None, "name": strength_name(role), "capitals": [],
                         "selfish": 0, "allin": 0,
                         "shared_capitals": [], "total": None, "province": None, "in_game": False,
                         "notes": [Msg("not in the game: as strong as the strongest player") if pick is max
                                   else Msg("not in the game: as strong as the weakest player")]}
    return {r: out[r] for r in ROLES}


def _event_key(role: str) -> str:
    return {"warfare": "military", "infrastructure": "infra"}.get(role, role)


def seat_strength(state: State, seat: int, table: dict | None = None) -> int:
    """A player's strength: its role's (the weakest of its roles when it holds several)."""
    table = table or strengths(state)
    return min(table[r]["strength"] for r in state.config.roles[seat])


def all_maps(state: State) -> list[dict]:
    return [dict(state.shared)] + [dict(p) for p in state.personal]


def measure(state: State, scalar: str, seat: int) -> float:
    """What a mission's scalar stands at now, over all maps together (the rulebook: "their
    numbers are always about all the maps (combined)")."""
    maps = all_maps(state)
    if scalar == "number":
        return 1
    if scalar == "num_people":
        return sum(1 for g in maps for sq in g.values() if sq.half.icon == "person")
    if scalar == "missions_achieved":
        return sum(1 for m in state.missions if m.status == "passed")
    if scalar == "missions_failed":
        return sum(1 for m in state.missions if m.status == "failed")
    if scalar == "longest_side":
        return max(max(extent(list(g))) for g in maps)
    if scalar == "longest_path":
        return max(_longest_path(g) for g in maps)
    if scalar == "neutral_icons":
        return sum(neutral(state, s) for s in range(state.config.players))
    if scalar == "largest_province":
        return max(len(province(state, r)) for r in state.config.in_game)
    if scalar == "num_capitals":
        return sum(1 for g in maps for sq in g.values() if sq.half.icon in CAPITALS)
    if scalar == "goblin_icons":
        return sum(len(st.goblins(g, towns=frozenset(st.villages(g)) if i else frozenset()))
                   for i, g in enumerate(maps))  # villages are capitals on own maps (maps[0] is shared)
    if scalar == "open_ends":  # all maps, the shared one too ("about all the maps (combined)")
        return sum(open_ends(g) for g in maps)
    if scalar == "players_connected":  # Machine Mama: players joined to another on the shared map (t)
        return sum(1 for s in range(state.config.players) if _joined_to_another(state, s))
    if scalar == "num_capital_routes":  # Machine Mama: pairs of capitals a path joins, all maps
        return sum(_capital_routes(g, frozenset(st.villages(g)) if i else frozenset())
                   for i, g in enumerate(maps))
    raise ValueError(scalar)


def _joined_to_another(state: State, seat: int) -> bool:
    own = state.config.roles[seat]
    others = [r for s, held in enumerate(state.config.roles) if s != seat for r in held]
    return any(connected(state, a, b) for a in own for b in others)


def _capital_routes(g: dict, towns) -> int:
    """Pairs of capitals joined by a path that no other capital stops: the walk from one reaches
    a square whose open path leads on into the other."""
    caps = {c for c, sq in g.items() if sq.half.icon in CAPITALS} | set(towns)
    pairs = set()
    for cap in caps:
        for here in st.walk(g, cap, towns=towns):
            for side in "NESW":
                there = neighbour(here, side)
                if there in caps and there != cap and onward(g, here, side):
                    pairs.add(frozenset((cap, there)))
    return len(pairs)


def _longest_path(g: dict) -> int:
    """The most squares joined into one network of paths."""
    best, seen = 0, set()
    for cell in g:
        if cell in seen:
            continue
        group, todo = {cell}, [cell]
        while todo:
            here = todo.pop()
            for side in "NESW":
                if joined(g, here, side):
                    there = (here[0] + {"E": 1, "W": -1}.get(side, 0), here[1] + {"S": 1, "N": -1}.get(side, 0))
                    if there not in group:
                        group.add(there)
                        todo.append(there)
        seen |= group
        best = max(best, len(group) if len(group) > 1 else 0)
    return best


def strength_words(role: str, info: dict) -> str:
    """One line: where a role's strength comes from."""
    if not info["in_game"]:
        return Msg("{strength} {n} ({note})", strength=info["name"], n=info["strength"], note=info["notes"][0])
    caps = Listed([Msg("{worth} {icon} {square} ({n} people)", n=len(c["people"]), worth=c["worth"],
                       icon=word(c["icon"]), square=c["square"]) if c["people"]
                   else Msg("{worth} {icon} {square}", worth=c["worth"], icon=word(c["icon"]), square=c["square"])
                   for c in info["capitals"]], sep=" + ") if info["capitals"] else "0"
    text = Msg("{strength} {n} = ({capitals}) x province {province}", strength=info["name"], n=info["strength"],
               capitals=caps, province=info["province"])
    return Listed([text] + list(info["notes"]), sep="; ")


__all__ = ["strengths", "seat_strength", "measure", "neutral", "province", "strength_words", "name",
           "ROLES"]
