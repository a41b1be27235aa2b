"""The referee's eye for Domino Dynasty: each map as the camera last saw it steady, compared with
the rules' maps, becomes the placement that explains it.

The tracker reports a square once it has held still (``appeared``, ``removed``, and
``unreadable`` for a square in doubt). From those this keeps every square's latest reading, and on
each look, for each map, the squares the rules do not hold yet are the new domino:
- two side by side, both read: a placement for the seat whose map it is (on the shared map, the
  seat whose turn it is), judged by the rules; a refusal is said with their reason ("the paths do
  not match on the east edge of square D4");
- a square in doubt: asked about, never guessed; when the market holds dominoes that would fit,
  the question offers them (A yes, C next, B no), else it asks for the domino straightened or
  entered by phone;
- anything else (one square, several dominoes at once) is said with the squares named.
Each question is asked once for what lies on the table; again when that changes. Squares the
rules hold but the camera does not see (a map entered by phone) are left alone.

A domino the camera saw lying on a map and then saw lifted off (its squares bare again, or
showing what it covered) is a removal while the rules wait for one from that map (a penalty's, an
event's, a reward's): judged by the rules, said with their reason when refused; asked about (A yes)
when it was already off before the wait began. In the claim step
the Brother of Warfare's power takes one off only when the player says yes (A): lifting a domino
to straighten it is no removal. At any other time a lifted domino is not a move; one still off
its squares once the camera has seen the table change again (it was knocked off, not lifted a
moment) is said once, to be put back: the rules still count it, and a domino laid on its bare
squares would go unseen.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...i18n import Listed, Msg, Plural, said
from ..base import AsksOnce, Camera, IllegalMove, Prompt
from . import areas, camera
from .hands import has_power
from .maps import Half, dominoes, name, side_towards
from .moves import Market, Place, Remove
from .placement import map_words, overlapping, parse_domino
from .practice import market_due
from .state import PERSONAL, SHARED

UNKNOWN = "unknown"


@dataclass
class MapWatcher(AsksOnce):
    rules: object
    squares: dict = field(default_factory=dict)  # (area, row, column) -> the reading last steady
    asked: set = field(default_factory=set)      # questions already put for what lies there now
    gone: dict = field(default_factory=dict)     # (area, row, column) -> what it showed before it went bare
    changed: dict = field(default_factory=dict)  # (area, row, column) -> the look at which it last changed
    looks: int = 0                                # how many times the camera has reported a change
    waits: dict = field(default_factory=dict)    # each wait for a removal -> the look it began after
    lying: dict = field(default_factory=dict)    # area -> the map's shift on the grid where it was last seen in place
    taken_back: bool = False  # a move was taken back: dominoes the maps do not hold are to come off, not be played

    # ------------------------------------------------------------------ what was seen

    def see(self, events) -> None:
        self.looks += 1
        for e in events:
            square = e.cell  # the reader names the square it read
            if square is None:
                continue
            self.changed[square] = self.looks
            if e.kind == "removed":
                self.gone[square] = self.squares.pop(square, UNKNOWN)
            elif e.kind in ("appeared", "unreadable", "flipped"):
                self.squares[square] = e.label
                self.gone.pop(square, None)

    def accepted(self, at) -> None:
        """A prompted move went in: the rules' maps now hold it."""

    def undone(self) -> bool:
        """B took the last move back: a domino it laid still lies on its map, and is to come off,
        not be laid again; the OLED says so at once, until the maps lie as the game has them."""
        self.taken_back = True
        return True

    def settled(self, prompt, state) -> bool:
        """What to take off after an undo goes once it is off."""
        last = self._last
        if last is None or last[0] is not prompt:
            return False
        if last[1][0] == "missing":  # put back: its squares show it again
            return all(key[:3] != last[1][:3] for key, _, _ in self._missing(state))
        return (last[1][0] == "take off"
                and not any(self._on_map(state, where, seat, area)[2] for where, seat, area in self._maps(state)))

    # ------------------------------------------------------------------ what to do about it

    def next(self, state):
        if state.phase == "draw" and not state.drawn:
            market = self._market(state)
            if market is not None:
                return market
        lifted = self._lifted(state)
        if lifted is not None:
            return lifted
        if state.phase not in ("claim", "report", "free"):
            return None
        if self.taken_back:
            return self._take_off(state)
        for where, seat, area in self._maps(state):
            found = self._look(state, where, seat, area)
            if found is not None:
                return found
        for key, label, squares in self._missing(state):
            return self._ask(key, Prompt(Msg("Put back"), Msg("{map}: the domino on {squares} is off its squares; "
                                                              "the game still has it there: put it back",
                                                              map=label, squares=squares),
                                         short=Msg("{map}: put the domino back on {squares}", map=label,
                                                   squares=squares)))
        return None

    def _missing(self, state):
        """(key, map, squares) of each domino the rules hold that the camera saw lying and then
        bare, once it has seen the table change again since (a domino lifted to be straightened
        is back by then)."""
        for where, seat, area in self._maps(state):
            held, _, new, (dx, dy) = self._on_map(state, where, seat, area)
            if new:  # a map moved off its squares, or a domino not yet judged: said by `_look`
                continue
            for number, _, squares, went in self._lifted_off(held, area, (dx, dy)):
                if went < self.looks:
                    yield ("missing", area, number, went), map_words(where, state.config.names[seat]), squares

    def _lifted_off(self, held, area, by):
        """(its number, its cells, its squares as named, the look they last changed at) of each
        domino of the rules' map ``held`` (in ``area``, lying ``by`` on the mat's grid) whose
        squares the camera saw lifted (`_bare`)."""
        for number, cells in dominoes(held).items():
            spots = [(area, y + by[1], x + by[0]) for x, y in cells]
            if all(self._bare(spot, held[c]) for spot, c in zip(spots, cells)):
                yield (number, cells, "-".join(name(c, by) for c in cells),
                       max(self.changed.get(spot, 0) for spot in spots))

    def _take_off(self, state):
        """After an undo: the squares the maps do not hold, said once to be taken off (never
        played again); the table is read as before once none is left."""
        for where, seat, area in self._maps(state):
            _, _, new, (dx, dy) = self._on_map(state, where, seat, area)
            if new:
                label = map_words(where, state.config.names[seat])
                squares = Listed([name(c, (dx, dy)) for c in sorted(new)], sep=" and ")
                return self._ask(("take off", area, tuple(sorted(new.items()))), Prompt(
                    Msg("Take it off"), Msg("{map}: the move was taken back. Take the domino off {squares}",
                                            map=label, squares=squares),
                    short=Msg("{map}: take the domino off {squares}", map=label, squares=squares)))
        self.taken_back = False
        return None

    def _on_map(self, state, where, seat, area):
        """(the rules' squares of the map, the squares seen on it, those seen the rules do not hold,
        the map's shift on the mat's grid)."""
        held = state.map_of(where, seat)
        dx, dy = state.shift(where, seat)
        seen = {(c - dx, r - dy): label for (a, r, c), label in self.squares.items() if a == area}
        # under Snowfalls or the overlap reward a domino may lie over others: a square the rules
        # hold that now reads as another half is new too (a square in doubt there stays theirs)
        over = overlapping(state, seat) is not None
        new = {cell: label for cell, label in seen.items()
               if cell not in held or (over and label not in (UNKNOWN, _as_read(held[cell].half)))}
        return held, seen, new, (dx, dy)

    def _maps(self, state):
        placing = state.turn
        if state.phase == "report":
            task = state.tasks[0] if state.tasks else None
            placing = task.seat if task is not None and task.kind == "place" else None
        if placing is not None:
            yield SHARED, placing, areas.SHARED_AREA
        for seat in range(min(state.config.players, areas.SEATS)):
            yield PERSONAL, seat, areas.personal_area(seat)

    def _look(self, state, where, seat, area):
        held, seen, new, (dx, dy) = self._on_map(state, where, seat, area)
        if not new:
            self.lying[area] = (dx, dy)
            return None
        names = state.config.names
        label = map_words(where, names[seat])
        key = ("look", area, tuple(sorted(new.items())), state.next_domino, state.phase, state.turn,
               len(state.tasks))
        moved = _laid_elsewhere(seen, held)
        if moved is not None:
            grew = self.lying.get(area, (0, 0)) != (dx, dy)  # the rules moved it since it lay in place
            return self._ask(key, Prompt(Msg("Move the map"), _move_words(label, moved, grew)))
        self.lying[area] = (dx, dy)
        cells = sorted(new)
        if len(cells) != 2 or side_towards(cells[0], cells[1]) is None:
            listed = Listed([name(c, (dx, dy)) for c in cells], sep=" and ")
            return self._ask(key, Prompt(Msg("Check"), Plural(
                "{map}: {squares} is new but not one domino: lay one domino on two squares, or enter it by phone",
                "{map}: {squares} are new but not one domino: lay one domino on two squares, or enter it by phone",
                len(cells), map=label, squares=listed)))
        doubt = [c for c in cells if new[c] == UNKNOWN]
        if doubt:
            return self._doubt(state, key, where, seat, label, cells, new, doubt, (dx, dy))
        halves = [Half.parse(new[c]) for c in cells]
        move = self._as_drawn(state, where, seat, cells, halves)
        try:
            self.rules.apply(state, move)
            return move
        except IllegalMove as exc:
            at = dict(map=label, a=name(move.cells[0], (dx, dy)), b=name(move.cells[1], (dx, dy)), reason=said(exc))
            # a personal map names its player already: "Ana's map, F4-F5: ...", not "Ana on Ana's map";
            # the OLED, with room for four short lines, says where and why alone
            return self._ask(key, Prompt(Msg("Not allowed"), Msg("{name} on {map}, {a}-{b}: {reason}", name=names[seat], **at)
                                         if where == SHARED else Msg("{map}, {a}-{b}: {reason}", **at),
                                         short=Msg("{a}-{b}: {reason}", **at)))

    # ------------------------------------------------------------------ the market

    def _market(self, state):
        """The round's market as the camera sees it steady in the market's numbered places: once
        every place the market holds is filled and read, the Market move (dominoes as laid,
        west half first). A place in doubt, a domino on one square only or a place past the
        market's size is asked about, once for what lies there; the phone stays the way in. When
        the deck runs short the few laid in places 1, 2, ... are offered as the market, asked."""
        size = state.market_size()
        laid = {}
        for number in range(1, areas.MARKET_PLACES + 1):
            halves = [self.squares.get(square) for square in areas.market_place(number)]
            if halves != [None, None]:
                laid[number] = halves
        if not laid:
            return None
        key = ("market", state.round, tuple(sorted((n, tuple(h)) for n, h in laid.items())))
        extra = sorted(n for n in laid if n > size)
        if extra:
            return self._ask(key, Prompt(Msg("Check"), Msg("The market holds {size} dominoes: take the one in place "
                                                           "{place} off, or enter the market by phone",
                                                           size=size, place=extra[0])))
        half = sorted(n for n, h in laid.items() if None in h)
        if half:
            return self._ask(key, Prompt(Msg("Check"), Msg("Market place {place}: lay the domino on both its squares, "
                                                           "or enter the market by phone", place=half[0])))
        doubt = sorted(n for n, h in laid.items() if UNKNOWN in h)
        if doubt:
            listed = Listed([str(n) for n in doubt], sep=" and ")
            return self._ask(key, Prompt(Msg("Can't read"), Msg("Market place {places} cannot be read: straighten the "
                                                                "domino, or enter the market by phone", places=listed)))
        due = market_due(state)
        if len(laid) < size and not (len(laid) == due and sorted(laid) == list(range(1, due + 1))):
            return None  # still being laid out
        market = Market(0, tuple("|".join(laid[n]) for n in range(1, len(laid) + 1)))
        if len(laid) < size:  # the deck ran short, as the companion counts it: the box may hold more
            return self._ask(key, Prompt(Msg("Market"), Plural(
                "The deck is running out: is this the whole market, {n} domino? A yes, B no",
                "The deck is running out: is this the whole market, {n} dominoes? A yes, B no", due),
                ((Plural("a market of {n} domino", "a market of {n} dominoes", due), market),)))
        return market

    # ------------------------------------------------------------------ dominoes taken off

    def _lifted(self, state):
        """The removal a domino lifted off a map makes, while the rules wait for one there."""
        names = state.config.names
        for seat, where, owner, power in _removals(state):
            area = areas.SHARED_AREA if where == SHARED else areas.personal_area(owner)
            held = state.map_of(where, owner)
            dx, dy = state.shift(where, owner)
            began = self.waits.setdefault((state.round, state.phase, state.tasks[:1], seat, power), self.looks)
            for number, cells, squares, went in self._lifted_off(held, area, (dx, dy)):
                # a domino already off the mat when the wait began may have been knocked off: asked
                early = went <= began
                label = map_words(where, names[owner])
                key = ("off", area, number, state.phase, state.turn, len(state.tasks), state.next_domino)
                move = Remove(seat, where, cells[0], owner if where == PERSONAL and owner != seat else None)
                try:
                    self.rules.apply(state, move)
                except IllegalMove as exc:
                    return self._ask(key, Prompt(Msg("Not allowed"), Msg(
                        "{name} took {squares} off {map}: {reason}; put it back", name=names[seat], squares=squares,
                        map=label, reason=said(exc)), short=Msg("{squares}: {reason}; put it back", squares=squares,
                                                                  reason=said(exc))))
                if power or early:
                    args = dict(name=names[seat], squares=squares, map=label)
                    ask = (Msg("{name}: take {squares} off {map} with the Brother of Warfare's power? A yes, B no",
                               **args) if power else Msg("{name}: take {squares} off {map}? A yes, B no", **args))
                    return self._ask(key, Prompt(Msg("Check"), ask, ((Msg("take {squares} off {map}", **args), move),)))
                return move
        return None

    def _bare(self, square, held) -> bool:
        """Whether the camera saw this half of the rules' lifted: the square went bare after
        showing it (or something in doubt), or now shows only what it covered."""
        if square in self.squares:
            below = held.below
            return below is not None and self.squares[square] == _as_read(below.half) != _as_read(held.half)
        return self.gone.get(square) in (UNKNOWN, _as_read(held.half))

    def _as_drawn(self, state, where, seat, cells, halves) -> Place:
        """The placement the two squares show: the halves in the order that makes them a market
        domino as drawn, when one is (its arrows, which the camera does not read, taken from it)."""
        for order in ((0, 1), (1, 0)):
            cs, hs = tuple(cells[i] for i in order), tuple(halves[i] for i in order)
            for text in self._market_as_laid(state, cs):
                if tuple((h.terrain, h.icon, h.paths) for h in text) == tuple((h.terrain, h.icon, h.paths) for h in hs):
                    return Place(seat, where, cs, tuple(h.text() for h in text))
        return Place(seat, where, tuple(cells), tuple(h.text() for h in halves))

    @staticmethod
    def _market_as_laid(state, cells):
        quarters = "ESWN".index(side_towards(cells[0], cells[1]))
        for text in dict.fromkeys(state.market):
            a, b = parse_domino(text)
            yield a.turned(quarters), b.turned(quarters)

    def _doubt(self, state, key, where, seat, label, cells, new, doubt, by):
        """A square in doubt: the market dominoes that would fit are offered, else a question
        (`by`: the map's shift on the mat, where its squares are named)."""
        listed = Listed([name(c, by) for c in doubt], sep=" and ")
        choices = []
        for order in ((0, 1), (1, 0)):
            cs = tuple(cells[i] for i in order)
            for halves in self._market_as_laid(state, cs):
                if any(new[c] not in (UNKNOWN, _as_read(h)) for c, h in zip(cs, halves)):
                    continue
                move = Place(seat, where, cs, tuple(h.text() for h in halves))
                try:
                    self.rules.apply(state, move)
                except IllegalMove:
                    continue
                words = Msg("{west} | {east} on {a}-{b}", west=halves[0].words(), east=halves[1].words(),
                            a=name(cs[0], by), b=name(cs[1], by))
                choices.append((words, move))
        if choices:
            return self._ask(key, Prompt(Msg("Check"), Msg("{map}: {squares} in doubt", map=label, squares=listed),
                                         tuple(choices), at=cells))
        return self._ask(key, Prompt(Msg("Can't read"), Msg("{map}: square {squares} cannot be read: straighten "
                                                            "the domino, or enter it by phone", map=label,
                                                            squares=listed)))


def _laid_elsewhere(seen, held) -> tuple[int, int] | None:
    """How far (east, south) the map on the mat must move to lie where the rules hold it, when
    it lies whole elsewhere: a map that grew past the mat's edge by phone is held shifted back
    onto the printed grid (State.shift), while its dominoes on the mat stay where they were.
    None when no other place explains what the camera sees (a new domino, or several)."""
    if len(seen) < 4:
        return None
    held = {cell: _as_read(square.half) for cell, square in held.items()}

    def fits(dx, dy):
        for (c, r), label in seen.items():
            want = held.get((c + dx, r + dy))
            if want is None or label not in (UNKNOWN, want):
                return False
        return True

    shifts = [(dx, dy) for dx in range(-7, 8) for dy in range(-7, 8) if (dx, dy) != (0, 0) and fits(dx, dy)]
    return shifts[0] if len(shifts) == 1 else None  # (a map of like squares may fit several ways: not told)


def _move_words(label, moved, grew) -> Msg:
    """`grew`: the rules moved the map on the mat since the camera saw it in place (it grew past
    the mat's edge); else its dominoes were moved off their squares."""
    dx, dy = moved
    steps = [Plural("{n} square east", "{n} squares east", dx) if dx > 0 else None,
             Plural("{n} square west", "{n} squares west", -dx) if dx < 0 else None,
             Plural("{n} square south", "{n} squares south", dy) if dy > 0 else None,
             Plural("{n} square north", "{n} squares north", -dy) if dy < 0 else None]
    steps = Listed([s for s in steps if s is not None], sep=" and ")
    if grew:
        return Msg("{map} grew past the mat's edge: move all its dominoes {steps} on the mat, then play on",
                   map=label, steps=steps)
    return Msg("{map} lies off its squares: move all its dominoes {steps} on the mat, then play on",
               map=label, steps=steps)


def _removals(state):
    """(seat, map, owner, by the power) of each map a domino may come off now: the map the
    waiting task names (Goblin Grandma's reward: any map), or in the claim step the Brother of
    Warfare's, when his power may be used."""
    task = state.tasks[0] if state.phase in ("draw", "report") and state.tasks else None
    players = range(min(state.config.players, areas.SEATS))
    if task is not None and task.kind == "remove corrupter any":
        yield task.seat, SHARED, task.seat, False
        yield from ((task.seat, PERSONAL, owner, False) for owner in players)
    elif task is not None and task.kind.startswith("remove"):
        yield task.seat, task.map, task.seat, False
    elif state.phase == "claim" and has_power(state, state.turn, "warfare"):
        yield state.turn, SHARED, state.turn, True
        yield state.turn, PERSONAL, state.turn, True


def _as_read(half: Half) -> str:
    """A half as the camera reads it: terrain, icon and open edges, never an arrow."""
    return f"{half.terrain}/{half.icon or ''}/{half.paths}"


# The game's camera part: what camera.py says of the mat and its pieces, and this watcher.
CAMERA = Camera(mat=camera.MAT, pieces=camera.TILES, reader=camera.READER, zones=camera.ZONES,
                watcher=MapWatcher, cells=camera.CELLS, watched=camera.WATCHED, watched_cells=camera.WATCHED_CELLS)
