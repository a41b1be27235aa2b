"""Loop's record lines for `paradox-table replay` (docs/records.md, "Loop's turn lines").

The header is `{"game": "loop", "players": 3, "parts": {...}, "destinations": [...], "first": 0}`;
each turn is one line, `{"turn": {"seat": 0, "new": "garage", "part": "wheel", "machine": 1,
"launch": {"machine": 1, "destination": "Rome"}}}`, listed in play order: a turn names only the
choices its action needs, and none when it cracks. A launch to a Future destination may add the
destination's action with the same words: `"launch": {..., "future": {"part": "net", "machine": 2}}`.
Every line becomes the same moves a phone sends (`move_from_dict`), so it is checked as they are.
"""
from __future__ import annotations

from ...i18n import Listed, Msg, seat_names, term

from ..base import IllegalMove, Records
from . import rules
from .moves import EndTurn, move_from_dict

# the record's words -> the move's fields
_FIELDS = {"part": "part", "machine": "machine", "from": "give", "to": "take",
           "to_machine": "to_machine", "from_machine": "from_machine",
           "destination": "destination", "parts": "parts"}
_FUTURE = ("part", "machine", "from", "to", "to_machine", "from_machine")


def header(options: dict) -> dict:
    """Records number seats from 0 and speak of them that way."""
    players = options.get("players", 3)
    if isinstance(players, int) and not isinstance(players, bool):
        options.setdefault("names", [Msg("seat {seat}", seat=s) for s in range(players)])  # "seat 0" in English
    if "destinations" in options and not isinstance(options["destinations"], list):
        raise IllegalMove("destinations is a list of {\"name\", \"era\", \"parts\", \"points\"}")
    return options


def turn(state, line):
    if not isinstance(line, dict):
        raise IllegalMove(Msg("a turn is {shape}", shape='{"seat": N, "new": ACTION or "past": true, ...}'))
    extra = set(line) - set(_FIELDS) - {"seat", "new", "past", "launch"}
    if extra:
        raise IllegalMove(Msg("a turn does not take {fields}", fields=", ".join(sorted(extra))))
    seat = line.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise IllegalMove(Msg("a turn names its seat, a number"))
    if state.phase == "over":
        raise IllegalMove(Msg("the game is over"))
    if seat != state.turn:
        raise IllegalMove(Msg("it is seat {turn}'s turn, not seat {seat}'s", turn=state.turn, seat=seat))
    past, new = line.get("past"), line.get("new")
    if (past is True) == (new is not None) or past not in (None, True):
        raise IllegalMove(Msg("a turn has either {new} or {past}", new='"new": ACTION', past='"past": true'))
    if new is not None and not isinstance(new, str):
        raise IllegalMove(Msg("{new} names an action card, e.g. {example}", new='"new"', example='"garage"'))
    state, _ = rules.apply(state, move_from_dict({"type": "Act", "seat": seat, "new": new,
                                                   **_choices(line, set(_FIELDS))}))
    launch = line.get("launch")
    if launch is not None:
        if not isinstance(launch, dict) or not {"machine", "destination"} <= set(launch) <= \
                {"machine", "destination", "future"}:
            raise IllegalMove(Msg("a launch is {shape}, with {future} for a Future destination's action",
                                  shape='{"machine": N, "destination": NAME}', future='"future": {...}'))
        if state.turn != seat or state.phase not in ("launch", "trash"):
            d = state.destination(launch["destination"]) if isinstance(launch["destination"], str) else None
            why = rules.launch_problem(_as_launching(state, seat), seat, launch["machine"],
                                       launch["destination"]) if d else None
            if why:
                raise IllegalMove(Msg("no machine can launch this turn: {why}", why=why))
            if d is None:
                raise IllegalMove(Msg("no machine can launch this turn: there is no destination {destination!r}",
                                      destination=launch["destination"]))
            raise IllegalMove(Msg("no machine can launch this turn"))
        state, _ = rules.apply(state, move_from_dict({"type": "Launch", "seat": seat,
                                                      "machine": launch["machine"],
                                                      "destination": launch["destination"]}))
        future = launch.get("future")
        if future is not None:
            if not isinstance(future, dict):
                raise IllegalMove(Msg("a Future action is {shape}, as a turn names it",
                                      shape='{"part": ..., "machine": N, ...}'))
            if state.phase != "future" or state.turn != seat:
                raise IllegalMove(Msg("{destination} offers no action to take now",
                                      destination=term(launch["destination"])))
            extra = set(future) - set(_FUTURE)
            if extra:
                raise IllegalMove(Msg("a Future action does not take {fields}", fields=", ".join(sorted(extra))))
            state, _ = rules.apply(state, move_from_dict({"type": "Future", "seat": seat,
                                                          **_choices(future, set(_FUTURE))}))
    if state.phase != "action" and state.phase != "over" and state.turn == seat:
        state, _ = rules.apply(state, EndTurn(seat))
    return state


def _choices(line: dict, words: set) -> dict:
    """A line's choices as the move's fields."""
    return {_FIELDS[k]: v for k, v in line.items() if k in words}


def _as_launching(state, seat):
    """The state seen as if `seat` were still launching, to say why a launch is refused."""
    from dataclasses import replace
    return replace(state, turn=seat, phase="launch")


LINES = {"turn": turn}


def result(state) -> dict:
    days = [{"scores": {str(s): pts for s, pts in enumerate(points)},
             "cracks": {str(s): n for s, n in enumerate(cracks)}} for points, cracks in state.days]
    return {
        "turns": [{"seat": t.seat, "action": state.card(t.card).effect if not state.card(t.card).anomaly
                   else t.card, "crack": t.crack, "launched": t.launched, "points": t.points}
                  for t in state.history],
        "days": days,
        "scores": {str(s): rules.total(state, s) for s in range(state.players)},
        "penalties": {str(s): rules.penalties(state, s) for s in range(state.players)},
        "removed": list(state.removed_order),
        "winners": rules.winners(state),
    }


def describe(state) -> list[str]:
    out = []
    day = 0
    names = seat_names(state.names)  # "seat N" when the record names nobody
    for t in state.history:
        if t.day != day:
            day = t.day
            out.append(Msg("Day {day}", day=day))
        card = term(state.card(t.card).title)
        name = names[t.seat]
        line = (Msg("  {name}: new {card}", name=name, card=card) if t.new else
                Msg("  {name}: past {card}", name=name, card=card))
        if t.crack:
            line = Listed([line, Msg("(crack)")], sep=" ")
        if t.launched:
            line = Listed([line, Msg("launched to {destination} for {points}",
                                     destination=term(t.launched), points=t.points)], sep=", ")
        out.append(line)
    for s in range(state.players):
        pen = rules.penalties(state, s)
        line = Msg("{name}: {points} points, penalties {scrapped} scrapped, {ads} Ads, {cracks} cracks: "
                   "{total}", name=names[s], points=state.seats[s].points, scrapped=pen["scrapped"],
                   ads=pen["ads"], cracks=pen["cracks"], total=rules.total(state, s))
        out.append(Listed([line, Msg("(removed)")], sep=" ") if state.seats[s].removed else line)
    return out


RECORDS = Records(lines=LINES, header=header, result=result, describe=describe)
