"""Loop's OLED pages, from the table's public view only (no hand ever shows here).

"auto": the day, whose turn it is and every seat's score track (a removed player marked "out");
"said": the last words said at the table (a crack, a launch, a scrapped part).
"""
from __future__ import annotations

from ..base import Oled
from ...i18n import Msg

PAGES = ("auto", "said")


def screen(view: dict, page: str, message: str) -> tuple[str, dict] | None:
    if view["finished"]:
        return None  # the shared winner page
    names = view["names"]
    turn = names[view["turn"]]
    if page == "said":
        text = view["said"][-1] if view["said"] else message
        return "message", {"title": Msg("Day {day}", day=view['day']), "right": turn, "text": text}
    seats = [{"name": (Msg("{name} out", name=names[p["seat"]]) if p["removed"] else
                       Msg("{name} x{cracks}", name=names[p["seat"]], cracks=p["cracks"]) if p["cracks"]
                       else names[p["seat"]]),
              "score": view["scores"][str(p["seat"])], "mark": p["seat"] == view["turn"]}
             for p in view["players"]]
    return "scoreboard", {"title": Msg("Day {day}/3", day=view['day']), "right": turn, "seats": seats}


OLED = Oled(pages=PAGES, screen=screen)
