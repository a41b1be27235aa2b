"""The fractured world penalty, chosen by the players (RULEBOOK "Game end & scoring", step 1):
"Remove any fractured worlds from the multiverse board. If a player has cards from any fractured
worlds in their score pile, they must choose and discard one card corresponding to each
fractured world before scoring."

After the last action each player settles their fractured worlds one at a time (seats clockwise
from the chief scientist, worlds in number order). A world whose choice changes nothing for the
player (the same points and, for the tie-break, the same nexus cards, the other worlds chosen
at best) is settled at once with the best card; otherwise the player's phone asks, the best one
suggested. A record that stops before an answer is scored with the best choices (ruling p).
The rival lab never chooses: it loses nexus, then past, present, future (solo rules).
"""
from __future__ import annotations

from ..base import IllegalMove
from ...i18n import Listed, Msg
from . import catalog, scoring
from .state import Wait, _say, names


def _fractured(s) -> set[int]:
    return {i + 1 for i, w in enumerate(s.worlds) if not w.stable}


def _pile(s, seat) -> list[str]:
    return s.rival.pile if s.solo and seat == 1 else s.boards[seat].pile


def seat_result(s, seat, pile=None, also_paid=()) -> dict:
    """The seat's end score now: its fractured worlds not yet paid for chosen at best."""
    fractured = _fractured(s)
    paid = s.paid[seat]
    unpaid = fractured - set(paid.worlds) - set(also_paid)
    locked = {i + 1 for i, w in enumerate(s.worlds) if w.locked} - fractured
    allies = sum(1 for v in s.alliances.values() if v == seat)
    rival = s.solo and seat == 1
    pile = _pile(s, seat) if pile is None else pile
    out = scoring.score_pile([s.cards[c] for c in pile], fractured=unpaid,
                             locked=locked, goals=s.goals, secret=s.secret[seat],
                             alliances=allies, rival=rival, challenging=rival and s.challenging)
    out["penalty"] = list(paid.lost) + out["penalty"]
    return out


def _outcome(s, seat, world, card) -> tuple:
    """What losing `card` to `world` leaves the player: points, then nexus cards."""
    pile = [c for c in _pile(s, seat) if c != card]
    r = seat_result(s, seat, pile, also_paid=[world])
    return (r["total"], r["nexus"])


def ask_next(s) -> bool:
    """Settle worlds until one needs a player's choice (queued: True) or all are settled."""
    fractured = sorted(_fractured(s))
    for k in range(s.players):
        seat = (s.chief + k) % s.players
        paid = s.paid[seat]
        for world in fractured:
            if world in paid.worlds:
                continue
            options = [c for c in _pile(s, seat) if s.cards[c].world == world]
            if not options:
                paid.worlds.append(world)
                continue
            outcomes = {c: _outcome(s, seat, world, c) for c in options}
            best = max(options, key=lambda c: outcomes[c])
            if len(set(outcomes.values())) == 1:
                _lose(s, seat, world, best)
                continue
            s.queue.append(Wait("penalty", seat, world=world, options=tuple(options), best=best))
            return True
    return False


def _lose(s, seat, world, card):
    _pile(s, seat).remove(card)
    s.discard.append(card)
    paid = s.paid[seat]
    paid.worlds.append(world)
    paid.lost.append(card)
    _say(s, Msg("{name} discards {card} for fractured world {world}.", name=names(s)[seat],
                card=catalog.card_words(card), world=world))


def discard(s, move):
    head = s.queue[0] if s.queue else None
    if head is None or head.kind != "penalty" or head.seat != move.seat:
        raise IllegalMove(Msg("no card of a fractured world is to be discarded by you now"))
    if move.card not in head.options:
        raise IllegalMove(Msg("{card} is not a card of fractured world {world} in your score pile ({cards})",
                              card=move.card, world=head.world, cards=Listed(head.options, sep=", ")))
    s.queue.pop(0)
    _lose(s, move.seat, head.world, move.card)
