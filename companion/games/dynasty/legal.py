"""The moves Domino Dynasty's rules accept now, for the phones, hints and random play: placements
listed from the placement rules themselves, the market, missions and the event from the seeded
practice deck (what the table tells the companion, `Game.told`), and every answer a task or a
power waits for."""
from __future__ import annotations

from ..base import accepted
from . import hands, missions, powers, practice, report
from .catalog import ROLES
from .hands import has_power
from .maps import mat_pairs
from .moves import Choose, Happening, Market, Mission, Pass, Place, Remove, Start
from .placement import placements, plain_placements, task_shifts
from .rules import apply
from .state import PERSONAL, SHARED, State
from .steps import corrupters_anywhere, removable


def legal_moves(state: State) -> list:
    """The moves the rules accept now; the market and missions come from the practice deck.
    Placements are listed from the placement rules themselves (trying each through `apply`
    would count every strength hundreds of times)."""
    if state.phase == "claim":
        seat = state.turn
        out = [Place(seat, where, cells, tuple(h.text() for h in halves))
               for where, cells, halves in placements(state, seat)]
        return ((out or [Pass(seat)]) + powers.claim_moves(state, seat) + powers.lend_moves(state)
                + missions.ignore_moves(state) + missions.swap_moves(state))
    if state.phase == "swap":  # Political Power: the strongest player swaps or keeps their mission
        return missions.swap_moves(state) + [Pass(state.turn)]
    if state.phase == "free":  # placements only (docs/rulings.md (i3))
        return free_moves(state)
    if state.phase == "share":  # owners decide which missions get the strength they cannot give all;
        # a table may go on without their answer: the suggestion stands (docs/rulings.md (k))
        settled = report.settle(state)
        return report.share_moves(state) + ([] if settled.phase == "over" else legal_moves(settled))
    if state.phase == "start":  # every start the rules accept, built as they check it
        return _candidates(state)
    return accepted(apply, state, _candidates(state))


def free_moves(state: State) -> list:
    """Placements only: the table lays what it likes, so the companion offers its own, for the
    seats in turn from the one after the last to place: a practice domino where it fits, else a
    plain one (no icon, fitting its neighbours)."""
    cfg = state.config
    hand = practice.market(state.seed, f"free-{state.next_domino}", 1, cfg.expansions)
    first = state.next_domino % cfg.players
    for seat in [(first + i) % cfg.players for i in range(cfg.players)]:
        out = [Place(seat, where, cells, tuple(h.text() for h in halves))
               for where, cells, halves in placements(state, seat, hand)]
        out = out or [Place(seat, where, cells, tuple(h.text() for h in halves))
                      for where, cells, halves in plain_placements(state, seat)]
        if out:
            return out
    return []


def _candidates(state: State) -> list:
    cfg = state.config
    if state.phase == "start":  # "however you like", on the mat's squares (docs/rulings.md (i))
        taken = {c for c, _ in state.shared}
        out = [Start(0, SHARED, cells, role) for role in ROLES if role not in dict(state.starts)
               for cells in mat_pairs() if not taken & set(cells)]
        if not cfg.chaotic:
            out += [Start(seat, PERSONAL, cells) for seat in range(cfg.players) if state.homes[seat] == -1
                    for cells in mat_pairs()]
        return out
    if state.phase in ("draw", "report") and state.tasks and state.tasks[0].kind != "place":
        task = state.tasks[0]  # dominoes to take off (a penalty, a storm, a flood), moved or turned
        if task.kind in ("move", "turn"):
            out = task_shifts(state, task) + ([Pass(task.seat)] if task.optional else [])
        elif task.kind == "remove corrupter any":  # Goblin Grandma's reward: from all maps
            out = [Remove(task.seat, where, cell, owner)
                   for where, owner, cells in corrupters_anywhere(state, task) for cell in cells] + [Pass(task.seat)]
        else:
            out = [Remove(task.seat, task.map, cell)
                   for cells in removable(state, task, task.seat, task.map).values() for cell in cells]
            out += [Pass(task.seat)] if task.optional else []
        if state.phase == "draw":  # the event's tasks: loans and Good Times' choices go on meanwhile
            out += powers.lend_moves(state) + missions.ignore_moves(state)
        return out
    if state.phase == "draw":
        if "proximity" in cfg.expansions and not state.event:  # the event first; loans any time of the step
            return [Happening(0, practice.event(state.seed, state.round))] + powers.lend_moves(state)
        out = []
        if not state.drawn:
            out.append(Market(0, practice.market(state.seed, state.round, practice.market_due(state), cfg.expansions)))
        for seat in range(cfg.players):
            held = hands.round_cards(state, seat)
            if len(held) == hands.missions_to_draw(state, seat) > hands.missions_to_keep(state, seat):
                # several drawn: one is kept
                out += [Choose(seat, m.id) for m in held]
                continue
            m = practice.mission(state.seed, f"{state.round}-{len(held)}" if held else state.round, seat,
                                 cfg.expansions)
            out.append(Mission(seat, m["needs"], m["reward"], m["penalty"], m["secret"]))
        return out + powers.lend_moves(state) + missions.ignore_moves(state)
    if state.phase == "report" and state.tasks:
        task = state.tasks[0]
        if task.kind == "place":
            extra = practice.market(state.seed, f"reward-{state.round}-{task.seat}-{task.count}", 1,
                                    cfg.expansions)
            out = [Place(task.seat, where, cells, tuple(h.text() for h in halves))
                   for where, cells, halves in placements(state, task.seat, extra)] + [Pass(task.seat)]
            if has_power(state, task.seat, "infrastructure"):
                out += [Place(task.seat, where, cells, tuple(h.text() for h in halves), True)
                        for where, cells, halves in placements(state, task.seat, extra, power_=True)]
            return out
    return []
