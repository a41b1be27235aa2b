"""The wormhole phase: a card drafted to the console, a trigger switch turned on, a tech
module built (two drawn, one kept: the answer waits in the queue)."""
from __future__ import annotations

from ..base import IllegalMove
from ...i18n import Msg, term
from . import catalog
from .flow import _turn
from .matrix import COLOURS, LETTERS, SWITCHES
from .moves import Build, Draft, Switch
from .state import Entry, Wait, _board_of, _say, names, new


def draft(s, move: Draft):
    _turn(s, move.seat, "wormhole")
    if move.card not in s.wormhole:
        raise IllegalMove(Msg("{card} is not in the wormhole", card=move.card))
    s.wormhole[s.wormhole.index(move.card)] = None
    _to_console(s, move.seat, move.card)
    s.order.pop(0)
    _say(s, Msg("{name} drafts {card}.", name=names(s)[move.seat], card=catalog.card_words(move.card)))


def _to_console(s, seat, cid):
    card = s.cards[cid]
    section = card.timeframe
    start = catalog.console()["start"][section]
    _board_of(s, seat).console.append(new(Entry, card=cid, space=start))
    if not card.known:
        s.queue.insert(0, Wait("teach", seat, card=cid))
    elif section == "nexus":
        _lock_nexus(s, seat, cid)


def _lock_nexus(s, seat, cid):
    at = s.cards[cid].at
    _board_of(s, seat).locks.append([at[0], at[1], cid])


def switch(s, move: Switch):
    letter = LETTERS.get(move.colour)  # colours by name, as the phones offer them
    if s.queue and s.queue[0].kind == "switch" and s.queue[0].seat == move.seat:
        s.queue.pop(0)
    else:
        _turn(s, move.seat, "wormhole")
        s.order.pop(0)
    b = _board_of(s, move.seat)
    if letter not in SWITCHES:
        raise IllegalMove(Msg("the trigger switches are red, yellow and blue"))
    if b.switches[letter]:
        raise IllegalMove(Msg("the {colour} switch is already on", colour=term(COLOURS[letter])))
    b.switches[letter] = True
    _say(s, Msg("{name} turns the {colour} switch on.", name=names(s)[move.seat],
                colour=term(COLOURS[letter])))


def build(s, move: Build):
    _turn(s, move.seat, "wormhole")
    _build(s, move.seat)
    s.order.pop(0)


def _build(s, seat):
    b = _board_of(s, seat)
    if not b.tech_deck:
        raise IllegalMove(Msg("the tech module deck is empty"))
    s.queue.insert(0, Wait("keep", seat, options=tuple(b.tech_deck[:2])))
    b.tech_deck = b.tech_deck[2:]
