"""What the OLED shows for a published snapshot: a screen and its plain data.

The shared screens (pixels) are hardware.screens; here the companion decides what to say. Only
the table's public view is used, so the OLED can never show a secret. The pages button C pages
through are the game's own (its `oled` part, a games.base.Oled: pages, `screen` and the game's
own screens, drawn in its folder) and then the shared ones; whatever a game leaves to them (the
winner, a scoreboard) is drawn from the view keys every game provides
(companion.games.base.VIEW_KEYS).
"""
from __future__ import annotations

from typing import Any

from . import games
from .games import TABLE
from .i18n import Msg, term, translate

SHARED_PAGES = ("scoreboard", "join")


def pages(game: str | None) -> tuple[str, ...]:
    """Button C's pages for a game, in order: "auto" (follow the game) first."""
    oled = games.oled(game) if game else None
    own = oled.pages if oled else ("auto",)
    return own + tuple(p for p in SHARED_PAGES if p not in own)


def oled_screen(snap, join_url: str, safe: bool = True, address: str | None = None) -> tuple[Any, dict]:
    """The screen (a shared screen's name or the game's own screen function) and its data in the
    table's language (snap.language); its words are chosen by `_screen`."""
    name, data = _screen(snap, join_url, safe, address)
    lang = getattr(snap, "language", "en")
    if lang == "en":
        return name, translate(data, lang)
    return name, {**translate(data, lang), "lang": lang}  # the screen's own words follow it too


def _screen(snap, join_url: str, safe: bool, address: str | None) -> tuple[Any, dict]:
    """`safe`: whether "safe to unplug" is true as soon as the companion stops (not on a Pi,
    where the power-off hook says it once the disks are done). `address`: the companion's
    address on the network ("http://192.168.1.23:8080/"), for phones that cannot open a .local name."""
    if snap.shutting_down:
        return "unplug", {"safe": safe} if safe else {"safe": False, "text": Msg("Shutting down...")}
    if snap.prompt is not None:  # a question with choices shows the one A would take
        # a refusal asks nothing: once the table is put right, a press has the camera look again
        # several choices (table or phone?): the footer names C, the next one (B's "no" is in
        # the question's own words: all three would not fit the line)
        buttons = ({"A": Msg("look again")} if snap.prompt.move is None
                   else {"A": Msg("accept"), "B": Msg("reject")} if len(snap.prompt.choices) < 2
                   else {"A": Msg("this one"), "C": Msg("next")})
        short = {"short": snap.prompt.short} if snap.prompt.short and len(snap.prompt.choices) < 2 else {}
        return "prompt", {"title": snap.prompt.title, "text": snap.prompt.words, "buttons": buttons, **short}
    if snap.alert:
        return "error", {"text": snap.alert}
    if snap.session is None or snap.screen == "join":
        return "join", {"url": join_url, **({"address": address} if address else {})}
    view = snap.view(TABLE)
    oled = games.oled(view["game"])
    if oled is not None and (snap.screen in oled.pages or snap.screen not in SHARED_PAGES):
        page = snap.screen if snap.screen in oled.pages else "auto"
        shown = oled.screen(view, page, snap.message)
        if shown is not None:
            return shown
    return _shared(view, snap.screen, snap.message)


def _shared(view: dict, page: str, message: str) -> tuple[str, dict]:
    """The pages every game has, from the view keys alone."""
    names = view["names"]
    if view["finished"] and view["winners"]:  # a table that lost together has no winner to name
        won = view["winners"]
        top = view["scores"].get(str(won[0]))
        return "winner", {"names": [names[s] for s in won], "score": top}
    if page == "scoreboard":
        return "scoreboard", {"title": Msg("Scores"), "seats": [
            {"name": name, "score": view["scores"].get(str(s), 0), "mark": ""}
            for s, name in enumerate(names)][:5]}
    title = term(games.describe(view["game"]).title)
    return "message", {"title": title, "text": message}
