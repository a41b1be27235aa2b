"""Paradox Island's OLED pages, from the table's public view: the island never shows here.

"auto" gives the round, whose turn it is and the last words said aloud; "markers" the mission
markers each captive has given the OP and the captives perished so far.
"""
from __future__ import annotations

from ..base import Oled
from ...i18n import Msg

PAGES = ("auto", "markers")


def screen(view: dict, page: str, message: str) -> tuple[str, dict]:
    names = view["names"]
    if view["phase"] == "over" and view["winner"] is not None:
        winner = view["winner"]
        title = Msg("The OP wins") if winner == 0 else Msg("Mission complete")
        return "winner", {"names": [names[winner]], "title": title}
    if page == "markers":
        seats = [{"name": names[0], "score": f"{view['perished']}/{view['perish_goal']}", "mark": ""}]
        seats += [{"name": names[int(seat)], "score": n,
                   "mark": "*" if view["turn"] == int(seat) else ""}
                  for seat, n in view["mission_markers"].items()]
        return "scoreboard", {"title": Msg("Markers"), "right": Msg("round {round}", round=view["round"]),
                          "seats": seats}
    said = view["said"][-1] if view["said"] else None
    text = Msg("{speaker}: {words}", speaker=said["speaker"], words=said["words"]) if said else message
    if view["phase"] != "play":
        return "message", {"title": Msg("Paradox Island"), "right": Msg("setup"), "text": text}
    turn = Msg("OP") if view["turn"] == 0 else names[view["turn"]]
    return "message", {"title": Msg("Round {round}", round=view["round"]), "right": turn, "text": text}


OLED = Oled(pages=PAGES, screen=screen)
