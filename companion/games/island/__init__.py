"""Paradox Island: the OP hides the island; the companion moves every piece and says what to announce.

Rules: shared/rules/paradox-island.txt. Decisions the rulebook leaves open: docs/rulings.md ("Paradox Island").
Component data (tiles, Escher knot arrows, anomaly tokens, characters): companion/catalog/island/.

Seat 0 is the Omnipotence Paradox; seats 1..n are the captives in turn order (seat 1 sits on the
OP's left and plays first). Modules: board (geometry), catalog (data), layout (tiles on the
island), state, moves, rules (each move handed on, the score sheet), resolve (what happens to a
piece, stage by stage), captive (a captive's actions), op (the OP's actions), building (the island
laid and printed, and what a table keeps), corrections, turns (setup and turn order), characters
(boards and missions), legal (the moves the rules accept now), views (who sees what).
"""
from __future__ import annotations

from ..base import Game, Option
from .state import OP
from .turns import CHARACTERS

# the rules (base.Rules): each member from the module that holds it; modules A to Z, names in
# the protocol's order
from .building import keep
from .legal import legal_moves
from .moves import MOVES, move_from_dict, move_to_dict
from .rules import NAME, apply, scores, is_over, winners
from .state import State
from .turns import setup
from .views import view, viewers, secrets

GAME = Game(
    name=NAME,
    title="Paradox Island",
    players=(2, 4),
    options=(
        Option("players", "Players, the OP included", "count", default=4, low=2, high=4,
               help="The Omnipotence Paradox takes the first link; the captives play in this "
                    "order from the OP's left."),
        Option("characters", "Captive", "each", choices=CHARACTERS, per="players", less=1),
        Option("character_stats", "Health and energy", "numbers", per="characters",
               fields=("health", "energy"), low=1, high=9,
               help="Leave empty for the values in the companion's catalog."),
        Option("second_piece", "Second piece (two players)", "choice", default="",
               choices=(("", "drawn at random"),) + CHARACTERS, when=(("players", 2),)),
    ),
    master=True,
    master_seat=OP,
    parts=("oled",),
)
