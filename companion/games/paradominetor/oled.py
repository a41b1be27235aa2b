"""Paradominetor's OLED pages, drawn from the table's public view only (no secret can show).

"auto" follows the game: the trick while it is played (the game's own `trick` screen), the
paradox prompt while tiles are flipped, a revoke the moment a play proves it, and between tricks
the next trick with its lead and the last trick's ruling. "scoreboard" lists the points, the
seat to play marked.
"""
from __future__ import annotations

from typing import Any

from hardware.drawing import (BODY_LINES, ScreenError, clean, fields, fitted_line, own_words, require,
                              title_bar)

from ..base import Oled
from ...i18n import Msg, term

PAGES = ("auto", "scoreboard")


def screen(view: dict, page: str, message: str) -> tuple[Any, dict] | None:
    """The screen for `page` (a shared screen's name, or `trick` below) and its data, or None
    where the shared page serves (the winner)."""
    if view["finished"]:
        return None
    if page == "scoreboard":
        return "scoreboard", _scoreboard(view)
    names = view["names"]
    if view["awaiting_flip"]:
        return "prompt", {"title": Msg("Paradox!"), "text": message}
    if message.startswith("Revoke:") and view["revokes"]:  # proven by the play just made: said until the next change
        r = view["revokes"][-1]
        return "message", {"title": Msg("Revoke!"), "right": Msg("trick {n}", n=view["trick_number"]),
                           "text": Msg("{name} played {colour} in trick {trick} but did not follow {colour} in "
                                       "trick {earlier}", name=names[r["seat"]], colour=term(r["colour"]),
                                       trick=r["trick"], earlier=r["earlier_trick"])}
    if view["current_trick"] or not view["tricks"]:
        plays = [{"seat": names[p["seat"]], "tile": _tile_words(p)} for p in view["current_trick"]]
        turn = names[view["to_play"]] if view["to_play"] is not None else None
        return trick, {"title": Msg("Trick {n}", n=view["trick_number"]), "plays": plays, "turn": turn,
                         "lead": names[view["lead"]]}
    # Between tricks: the trick to come and who leads it, as the pages say; the last one's ruling.
    last = view["tricks"][-1]
    text = Msg("Trick {number}: {reason}", number=last["number"], reason=last["reason"])
    for r in view["revokes"]:
        if r["trick"] == last["number"]:  # proven by the play that ended the trick
            text = Msg("{text}. Revoke: {name} ({colour}, trick {earlier})", text=text, name=names[r["seat"]],
                       colour=term(r["colour"]), earlier=r["earlier_trick"])
    return "adjudication", {"title": Msg("Trick {n}", n=view["trick_number"]),
                            "right": Msg("lead {name}", name=names[view["lead"]]), "text": text}


def _scoreboard(view: dict) -> dict:
    seats = [{"name": name, "score": view["scores"][str(s)],
              "mark": "*" if s == view["to_play"] else ""} for s, name in enumerate(view["names"])]
    return {"title": Msg("Scores"), "right": f"{view['trick_number']}/{view['tricks_total']}", "seats": seats}


def _tile_words(play: dict) -> str:
    colour, value = play["tile"].split("-")[:2]
    if colour == "black":
        return Msg("black>{colour}", colour=term(play["declare"])) if play.get("declare") else Msg("black 0")
    return Msg("{colour} {value}", colour=term(colour), value=value)


def trick(draw, data: dict) -> None:
    """{"title": "Trick 7", "lead": "yellow", "plays": [{"seat": "P1", "tile": "yellow 3"}], "turn": "P3"}

    The plays so far, a line each, and the seat to play lit on the line after them."""
    plays = [fields(p) for p in data.get("plays", ())]
    turn = data.get("turn")
    lines = [f"{clean(require(p, 'seat'))} {clean(require(p, 'tile'))}" for p in plays]
    if turn:
        lines.append(own_words(data, "{name} to play", name=clean(turn)))
    if len(lines) > BODY_LINES:
        raise ScreenError(f"a trick screen has room for {BODY_LINES} lines, got {len(lines)}")
    lead = data.get("lead")
    title_bar(draw, data.get("title", own_words(data, "Trick")), own_words(data, "lead {name}", name=lead) if lead else "")
    for i, line in enumerate(lines):
        fitted_line(draw, i, line, inverted=bool(turn) and i == len(lines) - 1)


OLED = Oled(pages=PAGES, screen=screen, screens=(trick,))
