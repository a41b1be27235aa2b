"""Loop (ループ時間旅行株式会社, Loop, Inc.): three days of the same day, every action replayed in
order, every crack said before it happens, launches and the final score, for 2 to 4 players.

Rules: shared/rules/loop.ja.txt (the original; loop.en.md renders it). Decisions the rulebook
leaves open: docs/rulings.md ("Loop"). Component data: companion/catalog/loop/.
Modules: catalog (data), state (values and setup), moves (moves and events), rules (actions,
cracks, launches, days, scoring), views (who sees what), records (`replay` turn lines), oled.
"""
from __future__ import annotations

from ..base import Game, IllegalMove, Option, Viewer, accepted
from . import rules, views
from .moves import MOVES, Act, EndTurn, Future, Launch, Told, TrashPart, move_from_dict, move_to_dict
from .rules import TAKE_EFFECTS, crack_reason, free_destinations, takeable, unlaunched
from .state import Destination, State

NAME = "loop"

__all__ = ["NAME", "GAME", "MOVES", "IllegalMove", "setup", "apply", "view", "viewers", "scores",
           "is_over", "winners", "legal_moves", "secrets", "keep", "move_from_dict",
           "move_to_dict", "State", "Act", "TrashPart", "Launch", "Future", "EndTurn", "Told"]

_YES_NO = (("no", "no"), ("yes", "yes"))

GAME = Game(
    name=NAME,
    title="Loop",
    players=(2, 4),
    options=(
        Option("players", "Players", "count", default=3, low=2, high=4),
        Option("names", "Names, clockwise", "names", per="players",
               help="Leave empty for P1, P2, ..."),
        Option("first", "Youngest player's seat (starts Day 1), counting from 0", "count",
               default=0, low=0, high=3),
        Option("cards", "Destinations to enter (0: the companion draws them)", "count",
               default=0, low=0, high=14,
               help="Two per travel card drawn: 10 for 2-3 players, 14 for 4."),
        Option("destinations", "Destinations as drawn", "names", per="cards",
               help="Name, era, parts, points, e.g. 'Rome AD net 4', and a Future card's "
                    "action last, e.g. 'Mars Future engine 5 garage'; a name the companion "
                    "already knows is enough."),
        Option("extra_anomalies", "Kickstarter: 4 extra time anomalies", "choice", default="no",
               choices=_YES_NO),
        Option("future", "Kickstarter: Future destinations", "choice", default="no",
               choices=_YES_NO),
        Option("office", "Kickstarter: Office replaces Trash", "choice", default="no",
               choices=_YES_NO),
    ),
    parts=("oled", "records"),
)


def setup(options: dict | None = None, seed: int = 0) -> State:
    """A new game. Options (all optional): players (2-4), names, first (the youngest player's
    seat), destinations (the travel cards drawn: "Rome AD net 4" or {"name", "era", "parts",
    "points"}; else drawn from the catalog by player count), parts ({"garage": [2], "shop": [2],
    "armory": [1]}: the stores' part names), anomalies (ids to draw first), extra_anomalies,
    future, office ("yes"/"no"), kept (what earlier games taught: `keep`)."""
    from .state import setup as _setup
    return _setup(options, seed)


def apply(state: State, move) -> tuple[State, list[Told]]:
    return rules.apply(state, move)


def view(state: State, viewer: Viewer) -> dict:
    return views.view(state, viewer, legal_moves)


def viewers(state: State) -> list[str]:
    return [f"seat-{s}" for s in range(state.players)]


def secrets(state: State) -> dict[str, set[str]]:
    """A hand's order is its owner's (views.py says why)."""
    return {f"seat-{s}": {views.hand_words(state, s)} for s, p in enumerate(state.seats) if p.hand}


def scores(state: State) -> dict[int, int]:
    """The score track while the game is played; the totals, penalties taken, once it is over."""
    if state.phase == "over":
        return {s: rules.total(state, s) for s in range(state.players)}
    return {s: p.points for s, p in enumerate(state.seats)}


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[int]:
    return rules.winners(state)


def keep(state: State) -> dict | None:
    """The travel cards this table has entered, and earlier ones, for the next game: a host then
    types only a destination's name."""
    known = {d.name: d for d in state.kept}
    known.update({d.name: d for d in state.entered})
    if not known:
        return None
    out = {"destinations": [{"name": d.name, "era": d.era, "parts": list(d.parts),
                             "points": d.points, **({"action": d.action} if d.action else {})}
                            for d in known.values()]}
    parts = {}
    for k, s in state.kinds:
        parts.setdefault(s, []).append(k)
    from . import catalog
    if parts != catalog.store_parts():
        out["parts"] = parts
    return out


# ---------------------------------------------------------------- legal moves

def legal_moves(state: State) -> list:
    """Every move the rules accept now: the action with exactly the choices it can take (none
    when it cracks), then parts to trash, a launch, a Future action, or the end of the turn."""
    return accepted(apply, state, _candidates(state))


def _candidates(state: State) -> list:
    if state.phase == "over":
        return []
    seat, p = state.turn, state.seats[state.turn]
    out = []
    if state.phase == "action":
        cards = ([(None, p.hand[0])] if p.hand else []) + (
            [(c, c) for c, n in state.centre if n] if p.new_today < 3 else [])
        for new, card in cards:
            effect = state.card(card).effect
            if crack_reason(state, seat, effect) is not None:
                out.append(Act(seat, new))
            elif effect == "trash":
                out.append(Act(seat, new))
            elif effect == "office":
                out += [Act(seat, new)] + [Act(seat, new, part=k) for k in sorted(set(p.scrapped))]
            elif effect == "advertise":
                out += [Act(seat, new, destination=d) for d in free_destinations(state)]
            else:
                out += [Act(seat, new, **c) for c in _choices(state, seat, effect)]
        return out
    if state.phase == "future":
        effect = state.destination(state.on_dest[-1][0]).action
        return [Future(seat, **c) for c in _choices(state, seat, effect)] + [EndTurn(seat)]
    if state.phase == "trash":
        out += [TrashPart(seat, m, k) for m in unlaunched(state, seat)
                for k in sorted(set(p.machines[m - 1]))]
    out += [Launch(seat, m, d.name) for m in unlaunched(state, seat) for d in state.destinations
            if rules.launch_problem(state, seat, m, d.name) is None]
    return out + [EndTurn(seat)]


def _choices(state: State, seat: int, effect: str) -> list[dict]:
    """The choices of an action that takes, exchanges or moves a part."""
    p, mine = state.seats[seat], unlaunched(state, seat)
    if effect in TAKE_EFFECTS:
        return [dict(part=k, machine=m) for k in takeable(state, effect) for m in mine]
    if effect == "exchange":
        out = []
        for m in mine:
            for give in sorted(set(p.machines[m - 1])):
                kinds = sorted(set(takeable(state, "any_store")) | {give})
                out += [dict(machine=m, give=give, take=t, to_machine=None if to == m else to)
                        for t in kinds for to in mine]
        return out
    if effect == "move":
        return [dict(part=k, from_machine=a, to_machine=b) for a in mine
                for k in sorted(set(p.machines[a - 1])) for b in mine if b != a]
    return []
