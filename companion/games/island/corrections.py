"""The OP's hand on the island: corrections the rules cannot foresee.

Seven power tokens have no text in the rulebook (p.15), and a group may play a house rule or a
printing that differs from the catalog. The OP then applies the effect by hand: moves a piece,
sets a captive's health or energy, circles or crosses out a fruit, marks a space on a captive's
map. A correction is a move like any other (logged, undoable, replayed). Nothing resolves
because of it (a piece set down encounters nothing), and the table hears only what the OP
chooses to announce: the default words never say where a piece is.
"""
from __future__ import annotations

from ..base import IllegalMove, evolve
from ...i18n import Listed, Msg, term
from . import board as geo
from . import catalog, characters
from .moves import Correct
from .op import LAKE_PLACES
from .state import (OP, OP_PIECES, State, board, character_of, log, named, piece, say,
                    set_board, whose)

KINDS = ("place", "health", "energy", "fruit", "mark")
FRUIT_MARKS = {"circled": "circle", "crossed": "cross out", "": "rub out"}
LONGEST_WORDS = 160
LONGEST_MARK = 40


def correct(state: State, m: Correct) -> State:
    if m.seat != OP:
        raise IllegalMove(Msg("only the OP corrects the island"))
    if state.phase != "play":
        raise IllegalMove(Msg("corrections are made during play, once every captive has a starting fruit"))
    if state.pending is not None:
        raise IllegalMove(Msg("answer the question first: {prompt}", prompt=state.pending.prompt))
    if m.what not in KINDS:
        raise IllegalMove(Msg("a correction is one of: {kinds}", kinds=Listed(KINDS, sep=", ")))
    words = " ".join(str(m.words or "").split())
    if len(words) > LONGEST_WORDS:
        raise IllegalMove(Msg("say it in at most {n} characters", n=LONGEST_WORDS))
    state, default, note = _CHANGES[m.what](state, m)
    state = log(state, Msg("Correction: {note}", note=note))
    return say(state, words or default)


def _captive(state: State, name: str):
    try:
        p = piece(state, name.lower())
    except KeyError:
        raise IllegalMove(Msg("there is no captive piece called {name!r}", name=name)) from None
    return p


def _place(state: State, m: Correct):
    where = m.space.strip()
    if m.piece in OP_PIECES:
        return _place_op_piece(state, m.piece, where)
    p = _captive(state, m.piece)
    if p.space is None:
        raise IllegalMove(Msg("{piece} has perished; the piece comes back when revived", piece=named(p.name)))
    where = where.upper()
    if where not in geo.SPACES:
        raise IllegalMove(_not_a_space(where))
    state = evolve(state, pieces=tuple(evolve(q, space=where, lying=False) if q.name == p.name
                                        else q for q in state.pieces))
    return (state, Msg("I moved {whose} piece.", whose=whose(p.name)),
            Msg("{name} from {was} to {now}", name=named(p.name), was=p.space, now=where))


def _not_a_space(where: str) -> Msg:
    if where:
        return Msg("{space} is not a space of the island (rows A-G)", space=where)
    return Msg("that is not a space of the island (rows A-G)")


def _place_op_piece(state: State, which: str, where: str):
    returns = tuple(w for w in state.returns if w != which)  # set down again: back on the map
    if which == "Wave":
        if where not in geo.OCEAN_PARTS and where not in LAKE_PLACES:
            raise IllegalMove(Msg("the Wave goes on a part of the ocean: {parts}",
                                  parts=Listed(geo.OCEAN_PARTS, sep=", ")))
        was = state.wave
        state = evolve(state, wave=where, returns=returns)
    else:
        where = where.upper()
        if where not in geo.SPACES:
            raise IllegalMove(_not_a_space(where))
        other = "Bush" if which == "Rock" else "Rock"
        if where == (state.bush if other == "Bush" else state.rock):
            raise IllegalMove(Msg("the {other} is on {space}; two of your pieces never share a space",
                                  other=term(other), space=where))
        was = state.rock if which == "Rock" else state.bush
        state = evolve(state, **{which.lower(): where}, returns=returns)
    return (state, Msg("I moved the {which}.", which=term(which)),
            Msg("the {which} from {was} to {now}", which=term(which), was=_place_words(was), now=_place_words(where)))


def _place_words(where: str | None):
    """Where an OP piece was or is, in the OP's notes: a space, an ocean part, or off the map."""
    if not where:
        return Msg("off the map")
    return term(where) if where in geo.OCEAN_PARTS or where in LAKE_PLACES else where


def _number(m: Correct, low: int, high: int, what: str) -> int:
    text = str(m.value).strip()
    if not text.isdigit() or not low <= int(text) <= high:
        raise IllegalMove(Msg("{what} is a number from {low} to {high}", what=what, low=low, high=high))
    return int(text)


def _track(state: State, m: Correct):
    p = _captive(state, m.piece)
    if p.space is None:
        raise IllegalMove(Msg("{piece} has perished; revival sets the tracks", piece=named(p.name)))
    granddead = character_of(state, p.name) == characters.GRANDDEAD
    if granddead and m.what == "health":
        raise IllegalMove(Msg("Granddead's energy is his health: change his energy"))
    top = p.max_energy if m.what == "energy" else p.max_health
    was = p.energy if m.what == "energy" else p.health
    value = _number(m, 0, top, Msg("{whose} {track}", whose=whose(p.name), track=term(m.what)))
    note = Msg("{whose} {track} from {was} to {now}", whose=whose(p.name), track=term(m.what), was=was, now=value)
    words = Msg("{whose} {track} is now {now}.", whose=whose(p.name), track=term(m.what), now=value)
    if value < was:  # a loss goes through the rules: 0 health (Granddead: 0 energy) perishes
        loss = was - value
        if granddead or m.what == "health":
            return characters.hurt(state, p.name, health=loss), words, note
        state = evolve(state, pieces=tuple(evolve(q, energy=value) if q.name == p.name else q
                                            for q in state.pieces))
        return state, words, note
    gain = value - was
    if granddead or m.what == "energy":
        return characters.heal(state, p.name, energy=gain), words, note
    return characters.heal(state, p.name, health=gain), words, note


def _fruit(state: State, m: Correct):
    p = _captive(state, m.piece)
    if m.fruit not in catalog.fruits():
        raise IllegalMove(Msg("the fruits are {fruits}", fruits=Listed(map(term, catalog.fruits()), sep=", ")))
    status = str(m.value).strip()
    if status not in FRUIT_MARKS:
        raise IllegalMove(Msg("a fruit is circled, crossed out, or rubbed out"))
    b = board(state, p.seat)
    fruits = dict(b.fruits)
    was = fruits.get(m.fruit, "")
    if status:
        fruits[m.fruit] = status
    else:
        fruits.pop(m.fruit, None)
    state = set_board(state, p.seat, fruits=tuple(fruits.items()))
    who, fruit = named(b.character), term(m.fruit)
    said = {"circled": Msg("{who}, circle the {fruit}.", who=who, fruit=fruit),
            "crossed": Msg("{who}, cross out the {fruit}.", who=who, fruit=fruit),
            "": Msg("{who}, rub out the {fruit}.", who=who, fruit=fruit)}[status]
    return (state, said, Msg("{whose} {fruit} from {was} to {now}", whose=whose(b.character), fruit=fruit,
                             was=term(was or "blank"), now=term(status or "blank")))


def _mark(state: State, m: Correct):
    p = _captive(state, m.piece)
    where = m.space.strip()
    where = where if where in geo.OCEAN_PARTS else where.upper()
    if where not in geo.SPACES and where not in geo.OCEAN_PARTS:
        raise IllegalMove(Msg("{space} is not a space of the island or a part of the ocean", space=where)
                          if where else Msg("that is not a space of the island or a part of the ocean"))
    text = " ".join(str(m.value).split())
    if len(text) > LONGEST_MARK:
        raise IllegalMove(Msg("a mark is at most {n} characters", n=LONGEST_MARK))
    b = board(state, p.seat)
    known = tuple((s, w) for s, w in b.known if s != where) + (((where, text),) if text else ())
    state = set_board(state, p.seat, known=known)
    who = named(b.character)
    return (state, Msg("{who}, I marked a space on your map.", who=who) if text
            else Msg("{who}, I rubbed out a mark on your map.", who=who),
            Msg("{whose} map, {space}: {mark}", whose=whose(b.character), space=where,
                mark=text or Msg("rubbed out")))


_CHANGES = {"place": _place, "health": _track, "energy": _track, "fruit": _fruit, "mark": _mark}
