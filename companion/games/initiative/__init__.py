"""Paradox Initiative: mad scientists swap particle discs in a 5x5 matrix to form strands and
claim timelines of worlds across the multiverse; 2-4 players, or one against the rival lab.

Rules: shared/rules/paradox-initiative.txt; decisions the rulebook leaves open: docs/rulings.md.
Modules: matrix (strands, the drop, the refill order), catalog (card data, kept lessons), moves,
rules (pure: setup and `apply`, handing each move to its part of the round: flow, answers,
wormhole, actions, particles, tech, rival, penalty), state (the game as frozen dataclasses: the
seats' boards, the worlds, decks, bag and what the game waits for; the working copy a move
changes), scoring (the end), views (who sees what, legal moves), records (matrix and scoring
lines for `replay`), table (the camera's referee), oled, simulation. `tests/initiative/speed.py`
times a move.
"""
from __future__ import annotations

from ..base import Game, Option

# the rules (base.Rules): each member from the module that holds it; modules A to Z, names in
# the protocol's order
from .moves import MOVES, move_from_dict, move_to_dict
from .rules import NAME, setup, apply, keep
from .state import State
from .views import view, viewers, scores, is_over, winners, legal_moves, secrets

GAME = Game(
    name=NAME,
    title="Paradox Initiative",
    players=(1, 4),
    options=(
        Option("players", "Players", "count", default=2, low=1, high=4,
               help="Played alone, against the rival lab."),
        Option("names", "Seat names, clockwise", "names", per="players",
               help="Leave empty for P1, P2, ..."),
        Option("challenging", "Solo: a more challenging rival lab", "choice", default="no",
               choices=(("no", "No"), ("yes", "Yes: +1 per world in its pile")),
               when=(("players", 1),),
               help="The rival lab scores 1 more point for each world in its score pile."),
    ),
    parts=("records", "oled", "camera", "simulation"),
    # a card the catalog does not know: its printed cost (and a nexus card's position) as read
    told=("Teach",),
)

