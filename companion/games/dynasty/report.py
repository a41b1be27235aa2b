"""The report step: every mission judged on the board as the report begins, its strength shared
out as the owners decide (sharing.py), then in role order its reward or penalty; the win and the
loss."""
from __future__ import annotations

from ...i18n import Listed, Msg
from ..base import IllegalMove, evolve
from . import power, sharing
from .catalog import ROLES, penalty_words, reward_words, strength_name
from .maps import neighbour
from .moves import Share
from .state import MissionCard, State, Task
from .steps import finish, next_round, say
from .tasks import add_task

WIN_PER_PLAYER = 3   # completed missions per player (rulebook, Objective)
FAILS_TO_LEAVE = 3


def report(state: State) -> State:
    """The report begins: everything is measured on the board as it stands; Good Times' parts
    nobody chose are chosen; owners whose role cannot serve every mission decide who gets it (the
    report waits for them), then every mission is judged."""
    state = evolve(state, phase="report", market=(), shares=())
    if state.event == "mission_soften":  # Good Times: one part of each mission is ignored (gg)
        state = _soften(state, sharing.measure(state))
    board = sharing.measure(state)
    roles = sharing.short(state, board)
    if sharing.waiting(state, roles):
        state = evolve(state, phase="share")
        for role in sharing.waiting(state, roles):
            seat = state.config.holder(role)
            state = say(state, Msg("{name} decides which missions get the {strength} {n}: not enough for every "
                                   "mission asking for it.", name=state.config.names[seat],
                                   strength=strength_name(role), n=number(board.table[role]['strength'])))
        return state
    return judge(state, board, roles)


def _soften(state: State, board) -> State:
    """A player who chose no part to ignore has the first part whose ignoring lets the mission
    pass (were it served first) ignored, else the first."""
    cfg = state.config
    for seat, card in board.cards:
        if card.ignored is not None:
            continue
        def passes(i):
            need = sharing.requirement(state, evolve(card, ignored=i), seat)
            return all(sharing.alone(board, seat, r, cfg) >= v for r, v in need.items())
        skip = next((i for i in range(len(card.needs)) if passes(i)), 0)
        card = evolve(card, ignored=skip)
        state = evolve(state, missions=tuple(card if m.id == card.id else m for m in state.missions))
        state = say(state, Msg("{name} chose no part of their mission to ignore: the companion ignores one.",
                               name=cfg.names[seat]) if card.secret else
                    Msg("{name} chose no part of their mission to ignore: the companion ignores {part}.",
                        name=cfg.names[seat], part=card.needs[skip].words()))
    return state


def share(state: State, move: Share) -> State:
    """An owner's choice of the missions their role's strength goes to."""
    cfg = state.config
    if state.phase != "share":
        raise IllegalMove(Msg("strength is shared out at the report, when a role cannot serve every mission"))
    board = sharing.measure(state)
    roles = sharing.short(state, board)
    if move.role not in roles:
        raise IllegalMove(Msg("{strength} serves every mission that asks for it: there is nothing to decide",
                              strength=strength_name(move.role) if move.role in ROLES else repr(move.role)))
    if cfg.holder(move.role) != move.seat:
        raise IllegalMove(Msg("the {strength} is shared out by its owner, {name}", strength=strength_name(move.role),
                              name=cfg.names[cfg.holder(move.role)]) if cfg.holder(move.role) is not None else
                          Msg("the {strength} is shared out by its owner, nobody", strength=strength_name(move.role)))
    if move.role not in sharing.waiting(state, roles):
        raise IllegalMove(Msg("{name} has already shared out the {strength}", name=cfg.names[move.seat],
                              strength=strength_name(move.role)))
    pick = sharing.suggestion(state, board, roles)
    allowed = sharing.options(state, board, move.role, pick)
    if move.missions not in allowed:
        raise IllegalMove(Msg("the {strength} {n} goes to {choices}", strength=strength_name(move.role),
                              n=number(board.table[move.role]['strength']),
                              choices=Listed([Msg("missions {ids}", ids=", ".join(map(str, ids))) if ids
                                              else Msg("no mission") for ids in allowed], sep=" or ")))
    state = evolve(state, shares=state.shares + ((move.role, move.missions),))
    given = ", ".join(str(i) for i in move.missions) or Msg("none")
    state = say(state, Msg("{name} gives the {strength} to missions {given}.", name=cfg.names[move.seat],
                           strength=strength_name(move.role), given=given))
    return settle(state) if not sharing.waiting(state, roles) else state


def settle(state: State) -> State:
    """The report goes on: owners who did not answer take the suggestion."""
    board = sharing.measure(state)
    return judge(evolve(state, phase="report"), board, sharing.short(state, board))


def share_moves(state: State) -> list:
    """Every choice the owners still to decide may make."""
    if state.phase != "share":
        return []
    board = sharing.measure(state)
    roles = sharing.short(state, board)
    pick = sharing.suggestion(state, board, roles)
    return [Share(state.config.holder(r), r, ids) for r in sharing.waiting(state, roles)
            for ids in sharing.options(state, board, r, pick)]


def share_choices(state: State, seat: int) -> list[dict]:
    """For seat's phone: each role it must share out now, the choices, the suggestion, and what
    each mission asks of it (a secret mission of another player shows no number)."""
    if state.phase != "share":
        return []
    board = sharing.measure(state)
    roles = sharing.short(state, board)
    pick = sharing.suggestion(state, board, roles)
    out = []
    for role in sharing.waiting(state, roles):
        if state.config.holder(role) != seat:
            continue
        shown = {c.id for s, c in board.cards if not c.secret or s == seat}
        out.append({"role": role, "options": [list(ids) for ids in sharing.options(state, board, role, pick)],
                    "suggested": list(sharing.suggested(state, board, role, pick)),
                    "asks": {str(i): number(board.need[i][role]) for i in sharing.askers(state, board, role)
                             if i in shown},
                    "strength": number(board.table[role]["strength"])})
    return out


def judge(state: State, board, roles) -> State:
    """Every mission judged on the one board measured; then, in report order, each result, its
    reward or penalty (those that take dominoes off wait as tasks), and the win and the loss."""
    cfg = state.config
    pick = sharing.suggestion(state, board, roles) if roles else set()
    got = sharing.allocate(state, board, sharing.first(state, board, roles, pick))
    lines = []
    for seat, card in board.cards:
        if state.phase == "over":
            continue
        ok, had = got[card.id]
        need = board.need[card.id]
        result = tuple((r, number(v), number(had[r])) for r, v in need.items())
        card = evolve(card, status="passed" if ok else "failed", result=result)
        state = evolve(state, missions=tuple(card if m.id == card.id else m for m in state.missions))
        who = cfg.names[seat]
        numbers = Listed([Msg("{strength} {had} of {needed} needed", strength=strength_name(r), had=h, needed=v)
                          for r, v, h in result], sep=", ")
        if card.secret and not ok:
            line = Msg("{name}'s secret mission failed.", name=who)
        elif not result:
            line = Msg("{name}'s mission passed: its one part is ignored (Good Times).", name=who)
        elif ok:
            line = Msg("{name}'s mission passed: {numbers}.", name=who, numbers=numbers)
        else:
            line = Msg("{name}'s mission failed: {numbers}.", name=who, numbers=numbers)
        lines.append(line)
        state = say(state, line)
        state = consequence(state, card, ok)
        state = check_end(state)
    state = evolve(state, report=tuple(lines))
    if state.phase == "over":
        return state
    return next_round(state) if not state.tasks else state


def number(v):
    v = round(v, 2)
    return int(v) if float(v).is_integer() else v


def consequence(state: State, card: MissionCard, ok: bool) -> State:
    seat, cfg = card.seat, state.config
    if ok and card.reward and state.event != "reward_break":
        key = card.reward
        state = say(state, Msg("Reward for {name}: {reward}", name=cfg.names[seat], reward=reward_words(key)))
        if key == "remove_failed":
            failed = [m for m in state.missions if m.seat == seat and m.status == "failed"]
            if failed:
                gone = evolve(failed[-1], status="forgiven")
                state = evolve(state, missions=tuple(gone if m.id == gone.id else m for m in state.missions))
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
        state = say(state, Msg("Penalty for {name}: {penalty}", name=cfg.names[seat], penalty=penalty_words(card.penalty)))
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
        elif key == "remove_neutral":  # every domino showing a Neutral capital, one after another (o)
            state = add_task(state, Task(seat, "remove neutral", 64))
        elif key == "proximity_remove":  # until no two equal icons touch: as many as that takes (mm)
            state = add_task(state, Task(seat, "remove equal", 64))
        elif key == "attack":  # the dominoes with open-ended paths now, taken off one by one (o)
            g = state.seat_map(seat)
            hit = tuple(sorted({sq.domino for c, sq in g.items() for s in sq.half.paths
                                if neighbour(c, s) not in g} - {state.homes[seat]}))
            state = say(state, Msg("The goblins attack {n} dominoes of {name}'s map (those with open-ended paths): "
                                   "they come off.", n=len(hit), name=cfg.names[seat]))
            state = add_task(state, Task(seat, "remove attacked", len(hit), only=hit))
        elif key in ("strict_placement", "small_province", "powerless", "double_mission", "many_mission",
                     "direction_restriction"):
            state = next_effect(state, seat, key, True)
    if not ok and state.event == "mission_harden":  # Strict Regime: every mission carries it too
        state = say(state, Msg("Strict Regime: {name} takes 3 dominoes off their map.", name=cfg.names[seat]))
        state = add_task(state, Task(seat, "remove", 3))
    return state


def next_effect(state: State, seat: int, key: str, value) -> State:
    return evolve(state, next_effects=state.next_effects + ((seat, key, value),))


def check_end(state: State) -> State:
    cfg = state.config
    for seat in range(cfg.players):
        if sum(1 for m in state.missions if m.seat == seat and m.status == "failed") >= FAILS_TO_LEAVE:
            state = evolve(state, left=seat)
            state = say(state, Msg("{name} failed 3 missions and must leave the family.", name=cfg.names[seat]))
            return finish(state, "lost" if cfg.mode == "cooperative" else "ended")
    won = sum(1 for m in state.missions if m.status == "passed")
    if cfg.mode == "cooperative" and won >= WIN_PER_PLAYER * cfg.players:
        return finish(say(state, Msg("{n} missions completed: the dynasty wins!", n=won)), "won")
    return state
