"""Paradominetor's record lines for `paradox-table replay` (docs/records.md).

Besides `{"move": {...}}`, a record may give a whole trick on one line:
`{"trick": [{"seat": 0, "tile": "red-3-past"}, ...]}`, timeframes written in the tiles.
"""
from __future__ import annotations

from ...i18n import Listed, Msg, seat_names, term

from ..base import TABLE, IllegalMove, Records
from . import rules
from .views import view


def header(options: dict) -> dict:
    """Records number seats from 0 and speak of them that way in their errors."""
    seats = options.get("seats", 4)
    if isinstance(seats, int):
        options.setdefault("names", [Msg("seat {seat}", seat=s) for s in range(seats)])  # "seat 0" in English
    return options


def trick(state, plays):
    """A trick line: every seat's play in order from the lead, timeframes written in the tiles."""
    if not isinstance(plays, list) or not plays:
        raise IllegalMove(Msg("a trick is a list of plays"))
    if len(plays) != state.seats:
        raise IllegalMove(Msg("the trick has {count} plays; a trick needs {seats}", count=len(plays), seats=state.seats))
    for play in plays:
        if not isinstance(play, dict) or set(play) - {"seat", "tile", "declare"} or "tile" not in play \
                or "seat" not in play:
            raise IllegalMove(Msg("each play is {shape} (with \"declare\" for a black lead)",
                                  shape='{"seat": N, "tile": "COLOUR-VALUE-TIMEFRAME"}'))
        state, _ = rules.apply(state, rules.Play(play["seat"], play["tile"], play.get("declare")))
    if state.phase == "flip":
        waiting = Listed([Msg("seat {seat}", seat=s) for s in view(state, TABLE)["awaiting_flip"]], sep=", ")
        raise IllegalMove(Msg("the paradox needs the timeframes of {names}: write them in the tiles", names=waiting))
    return state


LINES = {"trick": trick}


def result(state) -> dict:
    """The adjudication as `replay --json` prints it."""
    table = view(state, TABLE)
    return {
        "tricks": [{"lead": t["lead"], "winners": t["winners"], "points": t["points"],
                    "paradox": t["paradox"] is not None, "next_lead": t["next_lead"]}
                   for t in table["tricks"]],
        "scores": table["scores"],
        "half_point_tricks": table["half_point_tricks"],
        "finished": table["finished"],
        "winners": table["winners"],
        "revokes": table["revokes"],
    }


def describe(state) -> list[str]:
    """The tricks, the revokes and the scores in words; the shared code adds the winner."""
    table = view(state, TABLE)
    names = seat_names(table["names"])  # "seat N" when the record names nobody
    out = [Msg("Trick {number:>2}: {reason}", number=t["number"], reason=t["reason"]) for t in table["tricks"]]
    for r in table["revokes"]:
        out.append(Msg("Revoke: {name} played {colour} in trick {trick} but did not follow {colour} in "
                       "trick {earlier}", name=names[r["seat"]], colour=term(r["colour"]), trick=r["trick"],
                       earlier=r["earlier_trick"]))
    scores = [Msg("{name} {points} ({half} half)", name=names[int(s)], points=p, half=table["half_point_tricks"][s])
              for s, p in table["scores"].items()]
    out.append(Msg("Scores: {scores}", scores=Listed(scores, sep=", ")))
    return out


RECORDS = Records(lines=LINES, header=header, result=result, describe=describe)
