"""Paradominetor: a trick-taking game of time paradoxes, for 3 to 5 players.

Rules: shared/rules/paradominetor.txt; decisions the rulebook leaves open: docs/rulings.md.
Modules: tiles, moves (moves and events), rules (pure: tricks, paradoxes, scores), views (who
sees what), table (the camera's
tiles become plays and reveals), camera (the mat and the tile reader), oled (its OLED pages),
records (the `trick` line of a record), simulation (the virtual table's verbs), web/ (its phone
script and style).
"""
from __future__ import annotations

from ..base import Game, Option

# the rules (base.Rules): each member from the module that holds it; modules A to Z, names in
# the protocol's order
from .moves import MOVES, move_from_dict, move_to_dict
from .rules import NAME, setup, apply, scores, is_over, winners, legal_moves, State
from .views import view, viewers, secrets

GAME = Game(
    name=NAME,
    title="Paradominetor",
    players=(3, 5),
    options=(
        Option("seats", "Players", "count", default=4, low=3, high=5),
        Option("names", "Seat names, clockwise", "names", per="seats",
               help="Leave empty for P1, P2, ..."),
    ),
    parts=("camera", "oled", "records", "simulation", "bench"),
)
