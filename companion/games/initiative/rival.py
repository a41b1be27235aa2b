"""The rival lab (solo): what each disc it draws does in the wormhole, the matrix phase and
the final actions."""
from __future__ import annotations

from . import catalog, matrix
from ...i18n import Msg
from .matrix import colour, symbol
from .state import RING, WORLDS, Wait, _glitch, _say


def _rival(s, act, p):
    r = s.rival
    numbers = catalog.rival()
    c, y = colour(p), symbol(p)
    r.discard.append(p)
    if act == "wormhole":
        if c in numbers["wormhole"]:
            r.pawn = (r.pawn + numbers["wormhole"][c]) % len(RING)
            slot = RING[r.pawn]
            card = s.wormhole[slot]
            if card:
                s.wormhole[slot] = None
                r.pile.append(card)
                _say(s, Msg("The rival lab ({particle}) takes {card}.", particle=matrix.words(p), card=catalog.card_words(card)))
            else:
                _say(s, Msg("The rival lab ({particle}) lands on an empty space.", particle=matrix.words(p)))
        else:
            s.queue.insert(1, Wait("rival-card", 0))
    elif act in ("matrix", "final"):
        if c in numbers["glitch"]:
            _glitch(s, numbers["glitch"][c], damage=True)
        else:
            step = 1 if c == "W" else -1
            for k in range(1, WORLDS + 1):
                n = (s.glitch - 1 + step * k) % WORLDS + 1
                w = s.worlds[n - 1]
                if not w.stable:
                    w.stable = True
                    if y == numbers["symbols"].get(c):
                        w.locked = True
                    _say(s, Msg("The rival lab repairs world {world}.", world=n))
                    break
        if y == numbers["symbols"].get(c):
            owner = s.alliances[c]
            if owner is None:
                s.alliances[c] = 1
            elif owner not in (1, "card"):
                s.alliances[c] = None
    if act == "end":
        i = next(i for i, a in enumerate(s.anomaly) if symbol(a) == y)
        r.discard.append(s.anomaly[i])
        r.discard.remove(p)
        s.anomaly[i] = p
    if act in ("end", "final"):
        for x in r.discard:
            s.bag[x] += 1
        r.discard = []
