"""What waits before the round goes on: dominoes a penalty, a reward or an event has a player
take off, place, move or turn, one task after another. A task that can no longer be done is said
and dropped; the report step ends when none is left."""
from __future__ import annotations

from ..base import evolve
from ...i18n import Msg
from .placement import task_shifts
from .state import State, Task
from .steps import corrupters_anywhere, equal_pairs, next_round, removable, say, sits_out


def add_task(state: State, task: Task) -> State:
    if task.count <= 0:
        return state
    if task.optional and sits_out(state, task.seat):  # a reward's placing, moving or taking off
        return say(state, Msg("{name} does nothing this round (Capital Punishment).", name=state.config.names[task.seat]))
    why = _undoable(state, task)
    return say(state, why) if why else evolve(state, tasks=state.tasks + (task,))


def _undoable(state: State, task: Task) -> Msg | None:
    """Why a task that must be done cannot be (nothing may come off, or move or turn), or None."""
    who = state.config.names[task.seat]
    if task.kind == "remove equal" and not equal_pairs(state.seat_map(task.seat)):
        return Msg("No two equal icons touch on {name}'s map any more.", name=who)
    if task.kind == "remove corrupter any":
        return None if corrupters_anywhere(state, task) else Msg("No Corrupter is left that may come off.")
    if task.kind.startswith("remove"):
        where = task.map
        if not removable(state, task, task.seat, where):
            return {"remove equal": Msg("{name} can take off no domino that would part two equal icons.", name=who),
                    "remove neutral": Msg("No domino showing a Neutral capital may come off {name}'s map.", name=who),
                    "remove attacked": Msg("No domino the goblins attack is left on {name}'s map.", name=who)}.get(
                        task.kind, Msg("{name} has no domino that may come off.", name=who))
    if task.kind in ("move", "turn") and not task.optional:  # an event's: done while one can be
        if not task_shifts(state, task):
            return (Msg("{name} has no domino they may move.", name=who) if task.kind == "move"
                    else Msg("{name} has no domino they may turn.", name=who))
    return None


def task_done(state: State, task: Task, finished: bool = False) -> State:
    rest = state.tasks[1:]
    state = evolve(state, tasks=rest)
    if not finished and task.count > 1:
        again = add_task(evolve(state, tasks=()), evolve(task, count=task.count - 1))
        state = evolve(again, tasks=again.tasks + rest)
    # a task waiting behind this one may have become impossible (the domino it could take is gone)
    while state.tasks and _undoable(state, state.tasks[0]):
        state = evolve(say(state, _undoable(state, state.tasks[0])), tasks=state.tasks[1:])
    return next_round(state) if not state.tasks and state.phase == "report" else state


def waiting(state: State) -> Msg:
    if not state.tasks:
        return Msg("nothing is waiting in the report step")
    t = state.tasks[0]
    who = state.config.names[t.seat]
    said = {"remove": lambda name: Msg("first {name} must take a domino off their map", name=name),
            "remove shared": lambda name: Msg("first {name} must take a domino off the shared map", name=name),
            "remove capital": lambda name: Msg("first {name} must take a domino showing a capital off their map",
                                               name=name),
            "remove corrupter": lambda name: Msg("first {name} must take a Corrupter off their map (or pass)",
                                                 name=name),
            "remove corrupter any": lambda name: Msg("first {name} must take a Corrupter off any map (or pass)",
                                                     name=name),
            "remove equal": lambda name: Msg("first {name} must take dominoes off their map until no two equal "
                                             "icons touch", name=name),
            "remove neutral": lambda name: Msg("first {name} must take every domino showing a Neutral capital off "
                                               "their map", name=name),
            "remove attacked": lambda name: Msg("first {name} must take off their map the dominoes the goblins "
                                                "attack", name=name),
            "place": lambda name: Msg("first {name} must place a free domino (or pass)", name=name),
            "move": lambda name: (Msg("first {name} must move a domino of their map", name=name) if t.bound else
                                  Msg("first {name} must move a domino of their map (or pass)", name=name)),
            "turn": lambda name: (Msg("first {name} must turn a domino of their map", name=name) if t.bound else
                                  Msg("first {name} must turn a domino of their map (or pass)", name=name))}
    return said[t.kind](who)
