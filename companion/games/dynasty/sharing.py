"""Who gets a role's strength at the report (docs/rulings.md "Domino Dynasty" (k)).

Every requirement and every strength is measured once, on the board as the report begins ("The
strength you need to have ... depends on the current state of the board"). Where a role cannot
serve every mission that asks for it, its owner decides which get it ("If not, the owning Role
decides how to distribute the strength they have"); the companion suggests the choice that
passes the most missions, and that suggestion stands for an owner who does not answer and for
the roles nobody holds. The missions every deciding owner chose are served first, in report
order; the rest take what is left, also in report order.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from . import power
from .catalog import ROLES
from .hands import round_cards
from .state import State
from .steps import sits_out

SEARCH = 12  # missions the suggestion weighs every choice of; beyond, it serves them in order


@dataclass(frozen=True)
class Board:
    """What the report measures once: strengths, each mission's requirement per role, the seats
    whose own Money is barred (the Sister of Coin's report rule) and, per mission, the roles it
    may take only as an unconnected role's one partner this round (Machine Mama)."""
    table: dict
    cards: tuple      # ((seat, card), ...) in report order
    need: dict        # card id: {role: amount}
    blocked: frozenset
    apart: dict       # card id: roles


def order(state: State) -> list[int]:
    """Seats in report order: by role number (the Reverse Round from the highest down)."""
    cfg = state.config
    return sorted(range(cfg.players), key=lambda s: min(ROLES.index(r) for r in cfg.roles[s]),
                  reverse=state.event == "reverse_order")


def requirement(state: State, card, seat: int) -> dict:
    """{role: amount}: of a role named twice only the higher number counts; an ignored part
    (Good Times) asks nothing."""
    need = {}
    for i, n in enumerate(card.needs):
        if i != card.ignored:
            need[n.role] = max(need.get(n.role, 0), n.num * power.measure(state, n.scalar, seat))
    return need


def measure(state: State) -> Board:
    cfg = state.config
    table = power.strengths(state, report=True)
    cards = tuple((s, c) for s in order(state) for c in round_cards(state, s))
    need = {c.id: requirement(state, c, s) for s, c in cards}
    blocked = frozenset(s for s in range(cfg.players)
                        if cfg.report_rules and "money" in cfg.roles[s] and not state.on_shared[s])
    apart = {}
    for s, c in cards:
        apart[c.id] = tuple(r for r in need[c.id] if "machine" in cfg.expansions and r in cfg.in_game
                            and r not in cfg.roles[s]
                            and not any(power.connected(state, r, own) for own in cfg.roles[s]))
    return Board(table, cards, need, blocked, apart)


def alone(board: Board, seat: int, role: str, config) -> float:
    """What a mission of seat could have of role if it were served first."""
    info = board.table[role]
    if seat in board.blocked and role == "money":
        return 0
    return info["strength"] - (0 if role in config.roles[seat] else info["selfish"])


def allocate(state: State, board: Board, first) -> dict:
    """{card id: (passed, {role: what it had})}: the missions in `first` served first, then the
    rest, each in report order. A mission that passes takes what it needs; one that fails takes
    nothing. A role's own player spends its selfish share first, then the all-in share; another
    player the free part first; an all-in share serves one player a round, an unconnected role one
    partner (docs/rulings.md (t), (z))."""
    cfg = state.config
    pools = {r: {"free": board.table[r]["strength"] - board.table[r]["selfish"] - board.table[r]["allin"],
                 "selfish": board.table[r]["selfish"], "allin": board.table[r]["allin"]} for r in ROLES}
    allin_to, partner, out = {}, {}, {}
    queue = [x for x in board.cards if x[1].id in first] + [x for x in board.cards if x[1].id not in first]
    for seat, card in queue:
        need = board.need[card.id]

        def left(r):
            p = pools[r]
            return (p["free"] + (p["selfish"] if r in cfg.roles[seat] else 0)
                    + (p["allin"] if allin_to.get(r, seat) == seat else 0))
        had = {r: (0 if seat in board.blocked and r == "money" else left(r)) for r in need}
        for r in board.apart[card.id]:
            if partner.get(r, seat) != seat:
                had[r] = 0
        ok = all(had[r] >= v for r, v in need.items())
        if ok:
            for r, v in need.items():
                _take(pools[r], v, r in cfg.roles[seat], allin_to, r, seat)
            partner.update({r: seat for r in board.apart[card.id]})
        out[card.id] = (ok, had)
    return out


def _take(pool: dict, amount, own: bool, allin_to: dict, role: str, seat: int) -> None:
    for part in (("selfish", "allin", "free") if own else ("free", "allin")):
        used = min(pool[part], amount)
        if used > 0:
            pool[part] -= used
            amount -= used
            if part == "allin":
                allin_to[role] = seat


def askers(state: State, board: Board, role: str) -> list[int]:
    """The missions asking for role that it could serve on its own, in report order."""
    strength = board.table[role]["strength"]
    return [c.id for s, c in board.cards
            if 0 < board.need[c.id].get(role, 0) <= min(strength, alone(board, s, role, state.config))]


def short(state: State, board: Board) -> list[str]:
    """The roles that cannot serve every mission asking for them: their owner decides."""
    out = []
    for role in ROLES:
        asking = askers(state, board, role)
        if sum(board.need[i][role] for i in asking) > board.table[role]["strength"]:
            out.append(role)
    return out


def suggestion(state: State, board: Board, roles) -> set:
    """The missions to serve first that pass the most missions: of equally good choices the one
    serving more of them, then the earlier in report order."""
    deciding = [c.id for _, c in board.cards if any(r in roles for r in board.need[c.id])]
    rest = {c.id for _, c in board.cards} - set(deciding)
    if len(deciding) > SEARCH:
        return set(deciding)
    best = None
    for k in range(len(deciding), -1, -1):
        for pick in combinations(deciding, k):
            got = allocate(state, board, set(pick) | rest)
            if not all(got[i][0] for i in pick):
                continue
            passed = sum(1 for ok, _ in got.values() if ok)
            if best is None or passed > best[0]:
                best = (passed, set(pick))
    return best[1]


def suggested(state: State, board: Board, role: str, pick: set) -> tuple:
    """Role's part of the suggestion: the missions it serves."""
    return tuple(sorted(i for i in askers(state, board, role) if i in pick))


def options(state: State, board: Board, role: str, pick: set) -> list[tuple]:
    """What role's owner may choose: every largest set of missions its strength serves together
    (nothing more fits beside them), and the suggestion."""
    asking = askers(state, board, role)
    strength = board.table[role]["strength"]
    need = {i: board.need[i][role] for i in asking}
    out = []
    for k in range(len(asking), -1, -1):
        for ids in combinations(asking, k):
            spent = sum(need[i] for i in ids)
            if spent <= strength and not any(need[j] <= strength - spent for j in asking if j not in ids):
                out.append(tuple(sorted(ids)))
    mine = suggested(state, board, role, pick)
    return out if mine in out else [mine] + out


def waiting(state: State, roles) -> list[str]:
    """The deciding roles whose owner has not chosen yet (an owner sitting the round out under
    Capital Punishment does nothing: the suggestion stands for them)."""
    cfg = state.config
    done = {r for r, _ in state.shares}
    return [r for r in roles if r not in done and cfg.holder(r) is not None and not sits_out(state, cfg.holder(r))]


def first(state: State, board: Board, roles, pick: set) -> set:
    """The missions served first: those every deciding role they ask of chose (its owner's
    choice, else the suggestion)."""
    chosen = {r: set(suggested(state, board, r, pick)) for r in roles} | {r: set(ids) for r, ids in state.shares}
    return {c.id for _, c in board.cards if all(c.id in chosen[r] for r in board.need[c.id] if r in roles)}
