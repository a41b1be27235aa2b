"""Loop's OLED pages, from the table's public view only (no hand ever shows here).

"auto": the day, whose turn it is and every seat's score track (a removed player marked "out");
"said": the last words said at the table (a crack, a launch, a scrapped part).
"""
from __future__ import annotations

from ..base import Oled

PAGES = ("auto", "said")


def screen(view: dict, page: str, message: str) -> tuple[str, dict] | None:
    if view["finished"]:
        return None  # the shared winner page
    names = view["names"]
    turn = names[view["turn"]]
    if page == "said":
        text = view["said"][-1] if view["said"] else message
        return "message", {"title": f"Day {view['day']}", "right": turn, "text": text}
    seats = [{"name": names[p["seat"]] + (" out" if p["removed"] else f" x{p['cracks']}" if p["cracks"] else ""),
              "score": view["scores"][str(p["seat"])], "mark": p["seat"] == view["turn"]}
             for p in view["players"]]
    return "scoreboard", {"title": f"Day {view['day']}/3", "right": turn, "seats": seats}


OLED = Oled(pages=PAGES, screen=screen)
