"""Loop (ループ時間旅行株式会社, Loop, Inc.): three days of the same day, every action replayed in
order, every crack said before it happens, launches and the final score, for 2 to 4 players.

Rules: shared/rules/loop.ja.txt (the original; loop.en.md renders it). Decisions the rulebook
leaves open: docs/rulings.md ("Loop"). Component data: companion/catalog/loop/.
Modules: catalog (data), state (values, setup and what a table keeps), moves (moves and events),
rules (actions, cracks, launches, days, scoring), legal (the moves the rules accept now), views
(who sees what), records (`replay` turn lines), oled.
"""
from __future__ import annotations

from ..base import Game, Option

# the rules (base.Rules): each member from the module that holds it; modules A to Z, names in
# the protocol's order
from .legal import legal_moves
from .moves import MOVES, move_from_dict, move_to_dict
from .rules import NAME, apply, scores, is_over, winners
from .state import setup, keep, State
from .views import view, viewers, secrets

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
