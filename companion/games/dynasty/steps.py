"""Steps every part of the round shares: words said, maps changed, the next seat to claim,
the dominoes that may come off and the next round."""
from __future__ import annotations

from ..base import evolve
from ...i18n import Msg
from .catalog import CAPITALS
from .maps import buried, dominoes, frozen, lift
from .state import PERSONAL, SHARED, State, Task


def say(state: State, words: Msg) -> State:
    return evolve(state, said=state.said + (words,))


def sits_out(state: State, seat: int) -> bool:
    """Capital Punishment: this player does nothing at all this round (docs/rulings.md (ff))."""
    return (seat, "sits out", True) in state.effects


def set_at(values: tuple, i: int, v) -> tuple:
    return values[:i] + (v,) + values[i + 1:]


def put(state: State, seat: int, where: str, g: dict) -> State:
    if where == SHARED:
        return evolve(state, shared=frozen(g))
    personal = list(state.personal)
    personal[seat] = frozen(g)
    return evolve(state, personal=tuple(personal))


def finish(state: State, result: str) -> State:
    return evolve(state, phase="over", result=result, tasks=())


def next_round(state: State) -> State:
    n = state.config.players
    state = say(state, Msg("Round {round} begins.", round=state.round + 1))
    return evolve(state, phase="draw", round=state.round + 1, market=(), drawn=False, event="",
                   turn=0, passes=0, placed=(0,) * n, on_shared=(False,) * n, mismatched=(False,) * n,
                   power_used=(False,) * n, effects=state.next_effects, next_effects=(), shares=(),
                   first_of_round=state.next_domino)


def after(state: State, seat: int) -> int:
    """The next seat to claim: clockwise, or the other way in the Reverse Round, past players
    who sit the round out."""
    step = -1 if state.event == "reverse_order" else 1
    n = state.config.players
    for k in range(1, n + 1):
        nxt = (seat + step * k) % n
        if not sits_out(state, nxt):
            return nxt
    return seat


def anchors(state: State, seat: int, where: str) -> set:
    """The starting dominoes of a map: they never come off, move or lie under another."""
    if where == SHARED:
        g = dict(state.shared)
        return {g[c].domino for _, cells in state.starts for c in cells if c in g}
    return {state.homes[seat]}


def removable(state: State, task: Task | None, seat: int, where: str) -> dict[int, tuple]:
    """{domino: cells} that may come off: never a starting domino (it anchors the map), nor one
    partly under another (the one on top comes off first)."""
    g = state.map_of(where, seat)
    keep = anchors(state, seat, where) | buried(g)
    out = {d: cs for d, cs in dominoes(g).items() if d not in keep}
    if task is not None and task.moved:  # an event's rearrangement moves each domino once
        out = {d: cs for d, cs in out.items() if d not in task.moved}
    if task is not None and task.only:  # the goblins' attack: the dominoes it found
        out = {d: cs for d, cs in out.items() if d in task.only}
    if task is not None and task.kind == "remove neutral":
        out = {d: cs for d, cs in out.items() if any(g[c].half.icon == "neutral" for c in cs)}
    if task is not None and task.kind == "remove capital":
        out = {d: cs for d, cs in out.items() if any(g[c].half.icon in CAPITALS for c in cs)}
    if task is not None and task.kind.startswith("remove corrupter"):
        out = {d: cs for d, cs in out.items() if any(g[c].half.icon == "corrupter" for c in cs)}
    if task is not None and task.kind == "remove equal":  # only a removal that parts equal icons
        pairs = len(equal_pairs(g))
        out = {d: cs for d, cs in out.items() if len(equal_pairs(lift(g, {d}))) < pairs}
    return out


def equal_pairs(g: dict) -> set:
    """Squares side by side (sharing an edge, path or not) that show the same icon: Proximity
    Papa's penalty takes dominoes off until there are none (docs/rulings.md (mm))."""
    out = set()
    for (x, y), sq in g.items():
        for other in ((x + 1, y), (x, y + 1)):
            if sq.half.icon and other in g and g[other].half.icon == sq.half.icon:
                out.add(((x, y), other))
    return out


def corrupters_anywhere(state: State, task: Task) -> list[tuple]:
    """Goblin Grandma's reward: every (map, owner, cells) of a domino showing a Corrupter that may
    come off, on the shared map and on every player's own map (docs/rulings.md (nn))."""
    out = [(SHARED, None, cs) for cs in removable(state, task, task.seat, SHARED).values()]
    for owner in range(state.config.players):
        out += [(PERSONAL, owner, cs) for cs in removable(state, task, owner, PERSONAL).values()]
    return out
