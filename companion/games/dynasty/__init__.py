"""Domino Dynasty: a family of five roles builds an empire of dominoes; the companion checks every
placement and keeps each role's strength live, so missions are judged the moment a domino lands.

Rules: shared/rules/domino-dynasty.txt; decisions the rulebook leaves open: docs/rulings.md
("Domino Dynasty"). Component facts: companion/catalog/dynasty/components.json.
Modules: catalog (data), maps (squares and the placement rules), strength (capitals, paths,
provinces), state, moves, rules (setup, the moves handed on, the draw step, the scores), power
(live strength and mission numbers), steps (what the round's parts share: words, maps, the next
seat and the next round), hands (whose power and icon each is this round, how many missions are
drawn and kept), placement (where a domino may lie this round), tasks (what waits before the
round goes on), report (missions judged, rewards and penalties), sharing (who gets a role's
strength at the report: the owner's choice and the suggestion), missions (missions ignored in
part or swapped; when the claim step begins and ends), powers (the roles' powers and Machine
Mama's loans), laying (placing a domino and taking one off), practice (the seeded practice deck
for random play), legal (the moves the rules accept now), views (who sees what), records (the
`start` and `place` lines of a record), oled (its OLED pages), table and camera (the camera's
referee and the mat), simulation (the virtual table's verbs).
"""
from __future__ import annotations

from ..base import Game, Option
from .catalog import EXPANSIONS, ROLES, role_name

# the rules (base.Rules): each member from the module that holds it; modules A to Z, names in
# the protocol's order
from .legal import legal_moves
from .moves import MOVES, move_from_dict, move_to_dict
from .rules import NAME, setup, apply, scores, is_over, winners, keep
from .state import State
from .views import view, viewers, secrets

_YES_NO = (("no", "no"), ("yes", "yes"))

GAME = Game(
    name=NAME,
    title="Domino Dynasty",
    players=(1, 5),
    options=(
        Option("players", "Players", "count", default=3, low=1, high=5),
        Option("names", "Seat names, clockwise from the start player", "names", per="players",
               help="Leave empty for P1, P2, ..."),
        Option("roles", "Role", "each", choices=(("", "dealt at random"),) + tuple((r, role_name(r)) for r in ROLES),
               per="players", help="Leave a role at random to deal it from the roles nobody was given."),
        Option("mode", "Players play", "choice", default="cooperative",
               choices=(("cooperative", "together (cooperative)"), ("competitive", "against each other"))),
        Option("powers", "Roles' powers (easier)", "choice", default="no", choices=_YES_NO),
        Option("freeform", "Shared map: one terrain must match (easier)", "choice", default="no",
               choices=_YES_NO),
        Option("report_rules", "Roles' report rules (harder)", "choice", default="no", choices=_YES_NO),
        Option("absent", "Roles not in the game score", "choice", default="highest",
               choices=(("highest", "as the strongest player"), ("lowest", "as the weakest (harder)"))),
        Option("all_roles", "Deal all five roles", "choice", default="no", choices=_YES_NO),
        Option("tactical", "Tactical: shared capitals and paths count", "choice", default="no",
               choices=_YES_NO),
        Option("chaotic", "Chaotic start: personal maps start empty", "choice", default="no",
               choices=_YES_NO),
        *(Option(e, f"Expansion: {w}", "choice", default="no", choices=_YES_NO)
          for e, w in zip(EXPANSIONS, ("Goblin Grandma", "Proximity Papa", "Directional Daddy",
                                       "Machine Mama"))),
        Option("starts", "Starting dominoes", "choice", default="arranged",
               choices=(("arranged", "laid out by the companion"), ("entered", "entered as laid"))),
        Option("play", "The companion follows", "choice", default="rounds",
               choices=(("rounds", "rounds with the market"), ("free", "placements only (records)"))),
    ),
    parts=("oled", "records", "camera", "simulation"),
    # what the table draws from its shuffled decks: the market's dominoes, a mission, the event
    told=("Market", "Mission", "Happening"),
)
