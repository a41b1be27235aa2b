"""The report step: every mission checked in role order against the strength left to share,
then its reward or penalty; the win and the loss."""
from __future__ import annotations

from dataclasses import replace

from . import power
from .catalog import PENALTIES, REWARDS, ROLES, strength_name
from .hands import round_cards
from .maps import lift, neighbour
from .state import PERSONAL, MissionCard, State, Task
from .steps import finish, next_round, put, say
from .tasks import add_task

WIN_PER_PLAYER = 3   # completed missions per player (rulebook, Objective)
FAILS_TO_LEAVE = 3


def report(state: State) -> State:
    """Every mission checked in role order against the strength left to share."""
    cfg = state.config
    state = replace(state, phase="report", market=())
    table = power.strengths(state, report=True)
    # what each role may still give: its free strength, the part only its own player may use
    # (selfish paths) and the part that goes to one player only (all-in paths)
    pools = {r: {"free": table[r]["strength"] - table[r]["selfish"] - table[r]["allin"],
                 "selfish": table[r]["selfish"], "allin": table[r]["allin"]} for r in ROLES}
    allin_to = {}  # role: the seat its all-in strength went to this round
    order = sorted(range(cfg.players), key=lambda s: min(ROLES.index(r) for r in cfg.roles[s]),
                   reverse=state.event == "reverse_order")
    partner = {}  # Machine Mama: an unconnected role shares with one player only this round
    lines = []
    # a player holding several missions (the penalties, (kk)) has each judged in turn, oldest first
    for seat, card in [(s, c) for s in order for c in round_cards(state, s)]:
        if state.phase == "over":
            continue
        def needs(skip=None):
            need = {}
            for i, n in enumerate(card.needs):
                if i != skip:
                    need[n.role] = max(need.get(n.role, 0), n.num * power.measure(state, n.scalar, seat))
            return need
        own_blocked = (cfg.report_rules and "money" in cfg.roles[seat] and not state.on_shared[seat])
        def left(r):
            p = pools[r]
            return (p["free"] + (p["selfish"] if r in cfg.roles[seat] else 0)
                    + (p["allin"] if allin_to.get(r, seat) == seat else 0))
        had = {r: (0 if own_blocked and r == "money" else left(r)) for r in needs()}
        apart = [r for r in needs() if "machine" in cfg.expansions and r in cfg.in_game
                 and r not in cfg.roles[seat]
                 and not any(power.connected(state, r, own) for own in cfg.roles[seat])]
        for r in apart:
            if partner.get(r, seat) != seat:
                had[r] = 0
        skip = None
        if state.event == "mission_soften":  # Good Times: one part of the mission is ignored (gg)
            skip = ignored_need(card, had, lambda i: all(had[r] >= v for r, v in needs(i).items()))
            if card.ignored is None:
                card = replace(card, ignored=skip)
                state = say(state, f"{cfg.names[seat]} chose no part of their mission to ignore: "
                                   + ("the companion ignores one." if card.secret else
                                      f"the companion ignores {card.needs[skip].words()}."))
        need = needs(skip)
        apart = [r for r in apart if r in need]
        ok = all(had[r] >= v for r, v in need.items())
        if ok:
            for r, v in need.items():
                _take(pools[r], v, r in cfg.roles[seat], allin_to, r, seat)
            partner.update({r: seat for r in apart})
        result = tuple((r, number(v), number(had[r])) for r, v in need.items())
        card = replace(card, status="passed" if ok else "failed", result=result)
        state = replace(state, missions=tuple(card if m.id == card.id else m for m in state.missions))
        who = cfg.names[seat]
        numbers = ", ".join(f"{strength_name(r)} {h} of {v} needed" for r, v, h in result)
        if card.secret and not ok:
            line = f"{who}'s secret mission failed."
        elif not result:
            line = f"{who}'s mission passed: its one part is ignored (Good Times)."
        else:
            line = f"{who}'s mission {'passed' if ok else 'failed'}: {numbers}."
        lines.append(line)
        state = say(state, line)
        state = consequence(state, card, ok)
        state = check_end(state)
    state = replace(state, report=tuple(lines))
    if state.phase == "over":
        return state
    return next_round(state) if not state.tasks else state


def _take(pool: dict, amount, own: bool, allin_to: dict, role: str, seat: int) -> None:
    """Take what a mission needs from a role: its own player spends the selfish part first, then
    the all-in part; another player the free part first (keeping the all-in part whole)."""
    for part in (("selfish", "allin", "free") if own else ("free", "allin")):
        used = min(pool[part], amount)
        if used > 0:
            pool[part] -= used
            amount -= used
            if part == "allin":
                allin_to[role] = seat


def ignored_need(card, had: dict, ok) -> int | None:
    """Good Times: the part of the mission that is ignored: the owner's choice, or, when they made
    none, the first part whose ignoring lets the mission pass (else the first part)."""
    if card.ignored is not None:
        return card.ignored
    for i in range(len(card.needs)):
        if ok(i):
            return i
    return 0


def number(v):
    v = round(v, 2)
    return int(v) if float(v).is_integer() else v


def consequence(state: State, card: MissionCard, ok: bool) -> State:
    seat, cfg = card.seat, state.config
    if ok and card.reward and state.event != "reward_break":
        key = card.reward
        state = say(state, f"Reward for {cfg.names[seat]}: {REWARDS[key]}")
        if key == "remove_failed":
            failed = [m for m in state.missions if m.seat == seat and m.status == "failed"]
            if failed:
                gone = replace(failed[-1], status="forgiven")
                state = replace(state, missions=tuple(gone if m.id == gone.id else m for m in state.missions))
        elif key == "extra_score":
            state = next_effect(state, seat, "extra_score", 5)
        elif key == "extra_score_dynamic":
            state = next_effect(state, seat, "extra_score", power.neutral(state, seat))
        elif key == "ignore_placement":
            state = next_effect(state, seat, "ignore_placement", True)
        elif key in ("draw", "draw_dynamic"):
            count = 1 if key == "draw" else power.neutral(state, seat)
            state = add_task(state, Task(seat, "place", count, optional=True))
        elif key == "remove_corrupter":
            state = add_task(state, Task(seat, "remove corrupter", 1, optional=True))
        elif key == "remove_corrupter_dynamic":
            state = add_task(state, Task(seat, "remove corrupter any", power.neutral(state, seat), optional=True))
        elif key in ("overlap", "triple_mission", "force_mission"):
            state = next_effect(state, seat, key, True)
        elif key == "powerful":
            state = next_effect(state, seat, "powerful", True)
        elif key in ("rearrange", "rearrange_dynamic", "rotate", "rotate_dynamic"):
            count = {"rearrange": 3, "rotate": 1}.get(key, power.neutral(state, seat))
            state = add_task(state, Task(seat, "move" if key.startswith("rearrange") else "turn", count,
                                         optional=True))
    if not ok and card.penalty and state.event != "penalty_break":
        key = {"many_mission_dynamic": "many_mission"}.get(card.penalty, card.penalty)
        state = say(state, f"Penalty for {cfg.names[seat]}: {PENALTIES[card.penalty]}")
        if key == "remove":
            state = add_task(state, Task(seat, "remove", 1))
        elif key == "remove_all":
            for s in range(cfg.players):
                state = add_task(state, Task(s, "remove", 1))
        elif key == "remove_shared":
            state = add_task(state, Task(seat, "remove shared", 1))
        elif key == "remove_dynamic":
            state = add_task(state, Task(seat, "remove", power.neutral(state, seat)))
        elif key == "remove_role":
            state = add_task(state, Task(seat, "remove capital", 1))
        elif key == "remove_neutral":
            g = state.seat_map(seat)
            gone = {g[c].domino for c in g if g[c].half.icon == "neutral"} - {state.homes[seat]}
            state = put(state, seat, PERSONAL, lift(g, gone))
        elif key == "proximity_remove":  # until no two equal icons touch: as many as that takes (mm)
            state = add_task(state, Task(seat, "remove equal", 64))
        elif key == "attack":
            g = state.seat_map(seat)
            hit = {sq.domino for c, sq in g.items() for s in sq.half.paths
                   if neighbour(c, s) not in g} - {state.homes[seat]}
            state = put(state, seat, PERSONAL, lift(g, hit))
            state = say(state, f"The goblins took {len(hit)} dominoes off {cfg.names[seat]}'s map.")
        elif key in ("strict_placement", "small_province", "powerless", "double_mission", "many_mission",
                     "direction_restriction"):
            state = next_effect(state, seat, key, True)
    if not ok and state.event == "mission_harden":  # Strict Regime: every mission carries it too
        state = say(state, f"Strict Regime: {cfg.names[seat]} takes 3 dominoes off their map.")
        state = add_task(state, Task(seat, "remove", 3))
    return state


def next_effect(state: State, seat: int, key: str, value) -> State:
    return replace(state, next_effects=state.next_effects + ((seat, key, value),))


def check_end(state: State) -> State:
    cfg = state.config
    for seat in range(cfg.players):
        if sum(1 for m in state.missions if m.seat == seat and m.status == "failed") >= FAILS_TO_LEAVE:
            state = replace(state, left=seat)
            state = say(state, f"{cfg.names[seat]} failed 3 missions and must leave the family.")
            return finish(state, "lost" if cfg.mode == "cooperative" else "ended")
    won = sum(1 for m in state.missions if m.status == "passed")
    if cfg.mode == "cooperative" and won >= WIN_PER_PLAYER * cfg.players:
        return finish(say(state, f"{won} missions completed: the dynasty wins!"), "won")
    return state
