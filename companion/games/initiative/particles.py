"""Allocating particles in the matrix phase: earned particles (and alliance tokens, and purple
ones) placed on the console's cards, spent on worlds (stabilising, locking) and alliances; a card
whose needs are all met is focused."""
from __future__ import annotations

from ..base import IllegalMove
from ...i18n import Listed, Msg, term
from . import catalog, matrix
from .flow import _turn
from .matrix import COLOURS, LETTERS, SWITCHES, colour
from .moves import Ally, Place, Purple, Stabilise, Lock
from .state import GLITCH, Placed, Wait, _board_of, _say, _world, names
from .wormhole import _build


def _free(s, seat):
    _turn(s, seat, "matrix")


def _entry(b, cid):
    for e in b.console:
        if e.card == cid:
            return e
    raise IllegalMove(Msg("{card} is not on your console", card=cid))


def _open(s, e) -> list[int]:
    """The card's requirements no particle fills yet (planet symbols aside)."""
    cost = s.cards[e.card].cost
    filled = {x.i for x in e.placed}
    return [i for i, need in enumerate(cost) if i not in filled and need != "planet"]


def _letter(p) -> str:
    """The colour a placed particle counts as: "P" for a purple one, an alliance's colour."""
    return "P" if p == "purple" else LETTERS[p[5:]] if p.startswith("ally-") else colour(p)


def _assign(cost, letters) -> list[int] | None:
    """Which requirement each particle fills, or None when they cannot all fit. A coloured
    particle fills its own colour, else "any"; a purple one is wild ("count as any type or
    color") and counts as whatever the card still needs once the others are placed, so it is
    never pinned to a colour a later particle needs (ruling f)."""
    free = [i for i, need in enumerate(cost) if need != "planet"]
    out: list[int | None] = [None] * len(letters)
    order = sorted(range(len(letters)), key=lambda k: letters[k] == "P")
    for k in order:
        wants = ["purple", "any"] + list(COLOURS) if letters[k] == "P" else [letters[k], "any"]
        i = next((i for want in wants for i in free if cost[i] == want), None)
        if i is None:
            return None
        free.remove(i)
        out[k] = i
    return out


def _fit(s, e, letter) -> list[int] | None:
    """The card's particles and one more of colour `letter` ("P" purple), each with the
    requirement it fills; None when the card has no place for it."""
    cost = s.cards[e.card].cost
    return _assign(cost, [_letter(x.p) for x in e.placed] + [letter])


def _put_on(e, fit, particle):
    e.placed = [Placed(i, x.p) for i, x in zip(fit, e.placed)]
    e.placed.append(Placed(fit[-1], particle))


def _take(s, seat, particle) -> str:
    """Take a particle from the seat's earned ones or its alliance tokens; its colour letter."""
    b = _board_of(s, seat)
    if isinstance(particle, str) and particle.startswith("ally-"):
        letter = LETTERS.get(particle[5:])
        if letter is None or s.alliances[letter] != seat:
            raise IllegalMove(Msg("you have no {colour} alliance token", colour=term(particle[5:])))
        return letter
    if particle not in b.earned:
        if not b.earned:
            raise IllegalMove(Msg("{particle} is not among your earned particles (none)", particle=matrix.words(particle)))
        raise IllegalMove(Msg("{particle} is not among your earned particles ({have})", particle=matrix.words(particle),
                              have=Listed([matrix.words(e) for e in b.earned], sep=", ")))
    return colour(particle)


def _spend(s, seat, particle, to_card=False):
    b = _board_of(s, seat)
    if particle.startswith("ally-"):
        s.alliances[LETTERS[particle[5:]]] = "card" if to_card else None
    else:
        b.earned.remove(particle)
        if not to_card:
            b.discard.append(particle)


def place(s, move: Place):
    _free(s, move.seat)
    b = _board_of(s, move.seat)
    e = _entry(b, move.card)
    letter = _take(s, move.seat, move.particle)
    fit = _fit(s, e, letter)
    if fit is None:
        need = [s.cards[e.card].cost[j] for j in _open(s, e)]
        if not need:
            raise IllegalMove(Msg("{card} needs no {colour} particle (it still needs its planets saved)",
                                  card=move.card, colour=term(COLOURS[letter])))
        raise IllegalMove(Msg("{card} needs no {colour} particle (it still needs {needs})", card=move.card,
                              colour=term(COLOURS[letter]),
                              needs=Listed([term(x) for x in need], sep=", ")))
    _spend(s, move.seat, move.particle, to_card=True)
    _put_on(e, fit, move.particle)
    _check_focus(s, move.seat, e)


def _check_focus(s, seat, e):
    card = s.cards[e.card]
    if _open(s, e) or e.saved < card.cost.count("planet"):
        return
    b = _board_of(s, seat)
    b.console.remove(e)
    b.pile.append(e.card)
    _return_placed(s, b, e)
    if not card.parallel:
        s.glitch_due += GLITCH.get(card.timeframe, 0)
    _say(s, Msg("{name} focuses {card}.", name=names(s)[seat], card=catalog.card_words(e.card)))
    if card.experiment is not None:
        if card.timeframe == "past":
            s.actions += 1
            s.bonus += 1  # a gain: the player may leave it (ruling n)
            _say(s, Msg("The experiment gives one more matrix action this turn."))
        elif card.timeframe == "present" and b.tech_deck:
            _build(s, seat)
        elif card.timeframe == "future" and not all(b.switches.values()):
            s.queue.insert(0, Wait("switch", seat))


def _return_placed(s, b, e):
    for x in e.placed:
        if x.p == "purple":
            s.purple += 1
        elif x.p.startswith("ally-"):
            s.alliances[LETTERS[x.p[5:]]] = None
        else:
            b.discard.append(x.p)


def _save_planet(s, seat, cid):
    if cid is None:
        return None
    e = _entry(_board_of(s, seat), cid)
    planets = s.cards[cid].cost.count("planet")
    if e.saved >= planets:
        raise IllegalMove(Msg("{card} has no planet symbol left to save", card=cid))
    if _open(s, e):
        raise IllegalMove(Msg("{card} needs its particles before a planet is saved", card=cid))
    return e


def stabilise(s, move: Stabilise):
    _tend_world(s, move, "stable", Msg("world {world} is not fractured", world=move.world),
                Msg("worlds are stabilised with a black or white particle"),
                Msg("World {world} is stable again.", world=move.world))


def lock(s, move: Lock):
    _tend_world(s, move, "locked", Msg("world {world} already has a locking token", world=move.world),
                Msg("worlds are locked with a black or white particle"),
                Msg("World {world} is locked.", world=move.world))


def _tend_world(s, move, mark: str, refusal, colours, said):
    """A black or white particle spent on a world (stabilising or locking it), saving a planet
    for the card it may go to."""
    _free(s, move.seat)
    w = _world(s, move.world)
    if getattr(w, mark):
        raise IllegalMove(refusal)
    if _take(s, move.seat, move.particle) not in ("K", "W"):
        raise IllegalMove(colours)
    e = _save_planet(s, move.seat, move.card)
    _spend(s, move.seat, move.particle)
    setattr(w, mark, True)
    _say(s, said)
    if e:
        e.saved += 1
        _check_focus(s, move.seat, e)


def ally(s, move: Ally):
    _free(s, move.seat)
    letter = LETTERS.get(move.colour)
    if letter not in COLOURS:
        raise IllegalMove(Msg("alliances are red, yellow, blue, black or white"))
    if move.particle.startswith("ally-") or _take(s, move.seat, move.particle) != letter:
        raise IllegalMove(Msg("the {colour} alliance costs a {colour} particle", colour=term(COLOURS[letter])))
    owner = s.alliances[letter]
    if owner == move.seat:
        raise IllegalMove(Msg("you already hold the {colour} alliance", colour=term(COLOURS[letter])))
    if owner == "card":
        raise IllegalMove(Msg("the {colour} alliance token is on a card", colour=term(COLOURS[letter])))
    _spend(s, move.seat, move.particle)
    s.alliances[letter] = move.seat if owner is None else None
    what = dict(name=names(s)[move.seat], colour=term(COLOURS[letter]))
    _say(s, Msg("{name} forms the {colour} alliance.", **what) if owner is None
         else Msg("{name} breaks the {colour} alliance.", **what))


def purple(s, move: Purple):
    _free(s, move.seat)
    b = _board_of(s, move.seat)
    if not all(b.switches.values()):
        raise IllegalMove(Msg("a purple particle needs all three trigger switches on"))
    if s.purple <= 0:
        raise IllegalMove(Msg("no purple particle is left on the board"))
    if move.card is None and move.world is None:
        raise IllegalMove(Msg("a purple particle is spent at once: on a card, or to repair a fractured world"))
    e = None
    if move.world is not None:
        w = _world(s, move.world)
        if w.stable:
            raise IllegalMove(Msg("world {world} is not fractured", world=move.world))
        # "To save a planet, you must lock a planet or repair a fractured planet": a purple
        # repair saves one too; `card` names the experiment (ruling m).
        e = _save_planet(s, move.seat, move.card)
        w.stable = True
        s.purple += 1  # spent on the world, it goes back to the board
        if e:
            e.saved += 1
    else:
        e = _entry(b, move.card)
        fit = _fit(s, e, "P")
        if fit is None:
            raise IllegalMove(Msg("{card} needs no more particles", card=move.card))
        _put_on(e, fit, "purple")
    b.switches = {c: False for c in SWITCHES}
    s.purple -= 1
    _say(s, Msg("{name} turns the switches off for a purple particle.", name=names(s)[move.seat]))
    if e:
        _check_focus(s, move.seat, e)
