"""The referee's eye for Paradox Initiative: each matrix as the camera last saw it steady,
compared with the rules' matrices, becomes the move that explains it.

The tracker reports a cell's disc once it has held still (``appeared``, ``removed``, and
``unreadable`` for a disc in doubt, also one read before). From those this keeps every cell's
latest label, and on each look:

- while the rules wait for particles drawn from the bag (the deal, the anomaly, a refill), a
  new disc in the cell the rules fill next is that Draw, in the rules' order; the refill waits
  until the matrix shows the strand taken out and the rest dropped;
- otherwise a matrix (with the anomaly) that differs from the rules' is explained by one swap,
  or by a run resolved: as it looks right after the swap, or once the strand is out and the
  rest has dropped. The rules judge it; a refusal is said with their reason;
- a cell in doubt that a move would rest on is asked about (A yes, C next, B no, or the phone),
  never guessed; a matrix no single move explains is said with the cells named;
- a matrix (or the anomaly) the table still shows as it was when the table and the game last
  agreed (or, before that, as the game was when the companion took it up: a restart), while the
  game has moved on (a move entered by phone), is said once, naming the matrix
  and what to move: A takes the phone as right (the discs are then moved to match, and nothing
  is said while they are on their way) or, C, the table (what the phone entered is taken back).

Each question is asked once for what lies on the table; it is asked again when that changes.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..base import Agreed, AsksOnce, Camera, IllegalMove, Prompt, TakeBack
from . import camera, discs, matrix
from .state import names
from ...i18n import Listed, Msg, said, term
from .moves import Draw, EndTurn, Resolve, Swap

UNKNOWN = "unknown"
ANOMALY = discs.ANOMALY  # the anomaly, beside the seats whose matrices the table holds


def _where(spot) -> str:
    if spot[0] == "anomaly":
        return Msg("anomaly {i}", i=spot[1] + 1)
    return matrix.name(spot)


def _move_spot(spot):
    return f"anomaly:{spot[1]}" if spot[0] == "anomaly" else [spot[0], spot[1]]


@dataclass
class MatrixWatcher(AsksOnce):
    rules: object
    cells: dict = field(default_factory=dict)   # (area, row, column) -> the label last seen steady
    asked: set = field(default_factory=set)     # questions already put for what lies there now
    steady: object = None   # the game's state when the table last showed it as it is
    _hush: bool = False     # a move was taken back: the table is to follow it (said what to put back)

    # ------------------------------------------------------------------ what was seen

    def see(self, events) -> None:
        for e in events:
            cell = e.cell  # the grid reader names the cell it read each disc in
            if cell is None:
                continue
            if e.kind == "removed":
                self.cells.pop(cell, None)
            elif e.kind in ("appeared", "unreadable", "flipped"):
                self.cells[cell] = e.label

    def accepted(self, at) -> None:
        """A prompted move went in: nothing more to remember (the rules' state now says it)."""

    def begin(self, state) -> None:
        """The game as taken up: until the camera has seen the table agree with a later state,
        discs lying as they do here, where a phone has since moved, are the table behind the
        phone (asked), never a swap to make again."""
        if self.steady is None:
            self.steady = state

    def undone(self) -> bool:
        """B took the last move back: the table is to follow the game (its discs put back), so
        what it still shows of that move is not made the move again, nor asked "table or phone?":
        the OLED says at once what to put back, until the discs lie so."""
        self._hush = True
        return True

    def _seen(self, seat, anomaly=True) -> dict:
        """The seat's matrix cells (row, column) and the anomaly's ("anomaly", i): their labels."""
        area = discs.matrix_area(seat)
        out = {(r, c): v for (a, r, c), v in self.cells.items() if a == area}
        if anomaly:
            out.update({("anomaly", c): v for (a, r, c), v in self.cells.items() if a == discs.ANOMALY})
        return out

    # ------------------------------------------------------------------ what to do about it

    def next(self, state):
        s = state
        if self.cells and self._agrees(s):  # nothing seen yet agrees with any game: not steady
            self.steady, self._hush = state, False
        if s.phase == "over":
            return None
        head = s.queue[0] if s.queue else None
        if head is not None:
            if head.kind == "draw" and head.to in ("matrix", "anomaly"):
                return self._draw(state, s, head)
            return None  # a phone's answer is awaited (a card's cost, a module kept, a switch)
        behind = self._behind(state, s)
        if behind:
            asked = self._lagging(state, s, behind)
            if asked is not None:
                return asked
        turn = s.order[0] if s.order else None
        # the anomaly changes with the matrix of the player to act: theirs is looked at first
        for seat in sorted(range(s.players), key=lambda seat: seat != turn):
            if seat in behind:
                continue  # the table is still to follow the game there: nothing to infer
            found = self._changed(state, s, seat, anomaly=seat == turn and ANOMALY not in behind)
            if found is not None:
                return found
        return None

    # ------------------------------------------------------------------ the table behind the game

    def _areas(self, s):
        """Each matrix the table is used for (a disc seen on it) and the anomaly, if so: its key
        (the seat, or ANOMALY), with the cells seen there and the game's."""
        for seat in range(s.players):
            seen = self._seen(seat, anomaly=False)
            if seen:
                yield seat, seen, _layout_of(s, s.boards[seat], anomaly=False)
        seen = {spot: v for spot, v in self._seen(0).items() if spot[0] == "anomaly"}
        if seen:
            yield ANOMALY, seen, {("anomaly", i): discs.label(p) for i, p in enumerate(s.anomaly)}

    def _differ(self, s, key, seen, now) -> list:
        locks = s.boards[key].locks if key != ANOMALY else ()
        return sorted((spot for spot in set(now) | set(seen)
                       if seen.get(spot) not in (now.get(spot), UNKNOWN)
                       and not _lock_on(locks, *spot, seen.get(spot))), key=str)

    def _agrees(self, s) -> bool:
        return not any(self._differ(s, key, seen, now) for key, seen, now in self._areas(s))

    def _behind(self, state, s) -> dict:
        """The areas the table still shows as they were when it last agreed with the game, where
        the game has since moved (a disc lifted off counts as on its way): key -> the cells."""
        if self.steady is None or self.steady == state:
            return {}
        then = {key: now for key, _, now in self._areas(self.steady)}
        out, moved = {}, False
        for key, seen, now in self._areas(s):
            differ = self._differ(s, key, seen, now)
            was = then.get(key)
            if not differ or was is None:
                continue
            if all(was.get(spot) != now.get(spot) and seen.get(spot) in (was.get(spot), None, UNKNOWN)
                   for spot in differ):
                out[key] = differ
            else:
                moved = True
        if list(out) == [ANOMALY] and moved:
            return {}  # the matrix it was swapped with has moved on the table: judged with it
        return out

    def _lagging(self, state, s, behind):
        """Said once for as long as the game stays so: whose matrix the table is behind, what to
        move to follow the game, and A for the phone, C for the table."""
        laid = {key: now for key, _, now in self._areas(s) if key in behind}
        key = ("behind", hash(self.steady), json.dumps(sorted(
            (str(k), sorted((str(spot), v) for spot, v in now.items())) for k, now in laid.items())))
        if key in self.asked:
            return None
        hushed, self._hush = self._hush, False
        seats = [k for k in behind if k != ANOMALY]
        areas = [Msg("{name}'s matrix", name=names(s)[k]) for k in seats] + (
            [Msg("the anomaly")] if ANOMALY in behind else [])
        whose = Listed(areas, sep=" and ")
        # what to move, matrix by matrix; the anomaly's with the player's whose turn it is
        turn = s.order[0] if s.order else None
        partner = [k for k in seats if ANOMALY in behind and any(
            laid[k].get(x) == self._seen_at(ANOMALY, y) and laid[ANOMALY].get(y) == self._seen_at(k, x)
            for x in behind[k] for y in behind[ANOMALY])]  # whose disc changed places with it
        with_anomaly = (partner or [turn if turn in seats else seats[0] if seats else ANOMALY])[0]
        groups = [(k, [k] + ([ANOMALY] if k == with_anomaly and ANOMALY in behind else []))
                  for k in seats] or [(ANOMALY, [ANOMALY])]
        moves = [(k, _to_move({spot: laid[a].get(spot) for a in areas for spot in behind[a]},
                              {spot: self._seen_at(a, spot) for a in areas for spot in behind[a]}))
                 for k, areas in groups]
        move = moves[0][1] if len(moves) == 1 else Listed(
            [Msg("{name}'s, {moves}", name=names(s)[k], moves=words) for k, words in moves], sep="; ")
        first = _capital(whose)
        if hushed:  # an undo: what to put back, said until the discs lie as the game now has them
            return self._ask(key, Prompt(Msg("Put back"), Msg("{areas}: the move was taken back. Put it back on the "
                                                              "table: {move}", areas=first, move=move),
                                         no=Msg("{areas}: the table and the game still differ; put either right",
                                                areas=first), short=Msg("Put it back: {move}", move=move)))
        text = (Msg("{areas} on the table still lie as they did before a phone entered a move. Phone right: {move} on the "
                    "table. Table right: what the phone entered is taken back", areas=first, move=move)
                if len(behind) > 1 else
                Msg("{area} on the table still lies as it did before a phone entered a move. Phone right: {move} on the "
                    "table. Table right: what the phone entered is taken back", area=first, move=move))
        return self._ask(key, Prompt(Msg("Table or phone?"), text, (
            (Msg("The phone is right: {move}", move=move), Agreed(Msg("Make the table match: {move}", move=move))),
            (Msg("The table is right: take back what the phone entered"),
             TakeBack(self.steady, Msg("The table is right: {areas} as it lies", areas=whose))),
        ), no=Msg("{areas}: the table and the game still differ; put either right", areas=first)))

    def settled(self, prompt, state) -> bool:
        """A "table or phone?" (or what to put back after an undo) still up once the table shows
        the game as it is: the players moved the discs to follow the phone while it was asked."""
        last = self._last
        return (last is not None and last[0] is prompt and last[1][0] == "behind"
                and self._agrees(state))

    def _seen_at(self, key, spot):
        if spot[0] == "anomaly":
            return self.cells.get((discs.ANOMALY, 0, spot[1]))
        return self.cells.get((discs.matrix_area(key), *spot))


    def _draw(self, state, s, head):
        seat = head.seat
        seen = self._seen(seat)
        name = names(s)[seat]
        if head.to == "anomaly":
            spot = ("anomaly", len(s.anomaly))
            where = Msg("the anomaly")
        else:
            spot = tuple(head.cells[0])
            where = Msg("{name}'s matrix", name=name)
            b = s.boards[seat]
            for (r, c), want in self._expected(s, seat).items():
                got = seen.get((r, c))
                if got not in (want, UNKNOWN) and not _lock_on(b.locks, r, c, got):
                    return None  # the strand is not out, or the rest has not dropped yet
        label = seen.get(spot)
        if label is None or label == discs.LOCK:
            return None
        key = ("draw", seat, spot, label, hash(state))
        if label == UNKNOWN:
            return self._ask(key, Prompt(Msg("Can't read"), Msg("The new particle at {cell} of {where}: "
                                                                 "straighten it, or enter it by phone",
                                                                 cell=_where(spot), where=where)))
        particle = discs.particle(label)
        if particle is None or particle[0] == "P":
            return self._ask(key, Prompt(Msg("Not a particle"), Msg("A purple disc at {cell} of {where}: purple "
                                                                    "particles are not drawn from the bag",
                                                                    cell=_where(spot), where=where)))
        if head.to == "anomaly" and any(matrix.symbol(a) == matrix.symbol(particle) for a in s.anomaly):
            return self._ask(key, Prompt(Msg("Set it aside"), Msg("{particle}: symbol {symbol} is already on the "
                                                                  "anomaly; set it aside and draw again",
                                                                  particle=_say(particle),
                                                                  symbol=matrix.symbol(particle))))
        move = Draw(seat, particle)
        try:
            self.rules.apply(state, move)
        except IllegalMove as exc:
            return self._ask(key, Prompt(Msg("Not allowed"), Msg("{particle} at {cell}: {reason}", particle=_say(particle),
                                                                 cell=_where(spot), reason=said(exc))))
        return move

    @staticmethod
    def _expected(s, seat) -> dict:
        """The rules' matrix of a seat: (row, column) -> the disc label lying there."""
        grid = s.boards[seat].matrix
        return {(r, c): discs.label(p) for r, row in enumerate(grid) for c, p in enumerate(row) if p}

    def _changed(self, state, s, seat, anomaly):
        b = s.boards[seat]
        seen = self._seen(seat, anomaly)
        now = _layout_of(s, b, anomaly)
        differ = [spot for spot in set(now) | set(seen)
                  if seen.get(spot) not in (now.get(spot), UNKNOWN) and not _lock_on(b.locks, *spot, seen.get(spot))
                  and not (spot[0] == "anomaly" and spot[1] >= len(s.anomaly))]
        if not differ:
            return None  # as the rules have it (a cell in doubt alone cannot be a swap)
        # asked again when the table or this matrix changes (a move judged: or the turn's actions
        # change), not on every move of the game
        lies = ("look", seat, tuple(sorted(seen.items(), key=str)), tuple(sorted(now.items(), key=str)))
        key = lies + (tuple(s.order[:1]), s.actions)
        if len(differ) == 2:
            x, y = sorted(differ, key=str)  # a matrix cell before the anomaly
            exchanged = seen.get(x) == now.get(y) is not None and seen.get(y) == now.get(x) is not None
            if exchanged and not x[0] == y[0] == "anomaly":
                # two discs plainly changed places: the rules say whether that swap may be made
                return self._judged(state, s, Swap(seat, _move_spot(x), _move_spot(y)), key)
        fits, under_way = [], False
        for move, looks, free in self._candidates(state, s, seat, b, anomaly):
            doubt = [spot for spot in set(looks) | set(seen) if seen.get(spot) == UNKNOWN
                     and looks.get(spot) != now.get(spot) and spot not in free]
            wrong = [spot for spot in set(looks) | set(seen) if spot not in free
                     and seen.get(spot) not in (looks.get(spot), UNKNOWN)
                     and not _lock_on(b.locks, *spot, seen.get(spot))
                     and not (spot[0] == "anomaly" and spot[1] >= len(s.anomaly))]
            if not wrong:
                fits.append((move, doubt))
            elif all(seen.get(spot) is None for spot in wrong) and not free:
                under_way = True  # discs lifted out of the swapped matrix: the strand is going
        name = names(s)[seat]
        moves = []
        for m, _ in fits:
            if m not in moves:
                moves.append(m)
        if len(moves) == 1 and not fits[0][1]:
            return self._judged(state, s, moves[0], key)
        if moves:
            doubt = sorted({spot for _, d in fits for spot in d}, key=str)
            choices = tuple((_move_words(s, m), m) for m in moves)
            return self._ask(key, Prompt(Msg("Check"), Msg("{name}'s matrix: {cells} in doubt", name=name,
                                                           cells=_listed(doubt) or Msg("the change")), choices))
        if under_way:
            return None
        return self._ask(lies, Prompt(Msg("Not one swap"), Msg("{name}'s matrix differs from the game at {cells}: put "
                                                               "them back, or enter the move by phone", name=name,
                                                               cells=_listed(sorted(differ, key=str)))))

    def _judged(self, state, s, move, key):
        """The rules' word on a move the matrix shows: the move, or the refusal said."""
        try:
            self.rules.apply(state, move)
            return move
        except IllegalMove as exc:
            turn = s.order[0] if s.order else None
            if (s.phase == "matrix" and turn is not None and turn != move.seat and s.actions == 0
                    and len(s.order) > 1 and s.order[1] == move.seat):
                # the next player has begun: the last one's turn ends (unspent particles go)
                who = names(s)[turn]
                return self._ask(key, Prompt(Msg("End of turn"), Msg("{name} has begun: does {who}'s turn end?",
                                                                     name=names(s)[move.seat], who=who),
                                             ((Msg("{who} ends the turn", who=who), EndTurn(turn)),)))
            return self._ask(key, Prompt(Msg("Not allowed"), Msg("{move}: {reason}", move=_move_words(s, move),
                                                                 reason=said(exc))))

    def _candidates(self, state, s, seat, b, anomaly):
        """(move, how the matrix and anomaly then look, cells the refill may already hold) for
        every swap of two particles of one symbol and every run waiting to be resolved."""
        spots = [(r, c) for r in range(matrix.SIZE) for c in range(matrix.SIZE)
                 if b.matrix[r][c] and not any(l[0] == r and l[1] == c for l in b.locks)]
        spots += [("anomaly", i) for i in range(len(s.anomaly))] if anomaly else []
        now = _layout_of(s, b, anomaly)

        def particle(spot):
            return s.anomaly[spot[1]] if spot[0] == "anomaly" else b.matrix[spot[0]][spot[1]]
        for i, x in enumerate(spots):
            for y in spots[i + 1:]:
                if y[0] == "anomaly" and x[0] == "anomaly":
                    continue
                px, py = particle(x), particle(y)
                if matrix.symbol(px) != matrix.symbol(py) or px == py:
                    continue
                move = Swap(seat, _move_spot(x), _move_spot(y))
                looks = dict(now)
                looks[x], looks[y] = discs.label(py), discs.label(px)
                yield move, looks, set()
                grid = [list(row) for row in b.matrix]
                for spot, p in ((x, py), (y, px)):
                    if spot[0] != "anomaly":
                        grid[spot[0]][spot[1]] = p
                swapped = [spot for spot in (x, y) if spot[0] != "anomaly"]
                if not matrix.strands_through(grid, swapped, diagonal=s.diagonal):
                    continue  # it forms nothing: nothing drops
                after = self._after(state, move, seat, anomaly)
                if after is not None:
                    yield move, after[0], after[1]
        runs = matrix.strands_through(b.matrix, [(r, c) for r in range(matrix.SIZE)
                                                     for c in range(matrix.SIZE)], diagonal=s.diagonal)
        for run in runs:
            move = Resolve(seat, list(run["cells"][0]))
            after = self._after(state, move, seat, anomaly)
            if after is not None:
                yield move, after[0], after[1]

    def _after(self, state, move, seat, anomaly):
        """How the matrix looks once a move's strands are out and the rest has dropped, and the
        cells the refill fills; None when it forms nothing or the rules refuse it."""
        try:
            new, _ = self.rules.apply(state, move)
        except IllegalMove:
            return None
        n = new
        head = n.queue[0] if n.queue else None
        if not (head and head.kind == "draw" and head.to == "matrix" and head.seat == seat):
            return None
        return _layout_of(n, n.boards[seat], anomaly), {tuple(c) for c in head.cells}


def _layout_of(s, b, anomaly=True) -> dict:
    """A matrix and the anomaly as discs lie: (row, column) or ("anomaly", i) -> label."""
    out = {(r, c): discs.label(p) for r, row in enumerate(b.matrix) for c, p in enumerate(row) if p}
    if anomaly:
        out.update({("anomaly", i): discs.label(p) for i, p in enumerate(s.anomaly)})
    return out


def _lock_on(locks, r, c, label) -> bool:
    """A lock token seen where the rules lock a particle: that particle, under its token."""
    return label == discs.LOCK and isinstance(r, int) and any(l[0] == r and l[1] == c for l in locks)


def _say(particle: str) -> str:
    return _label_words(discs.label(particle))


def _capital(words):
    """A message that begins a sentence: its English with a capital (Japanese has none)."""
    return Listed([Msg("The anomaly") if words.items[0] == "the anomaly" else words.items[0],
                   *words.items[1:]], sep=words.sep) if isinstance(words, Listed) and words.items else words


def _spot_words(where) -> str:
    if isinstance(where, str):
        return Msg("anomaly {i}", i=int(where.split(":")[1]) + 1)
    return matrix.name(where)


def _move_words(s, move) -> str:
    name = names(s)[move.seat]
    if isinstance(move, Swap):
        return Msg("{name} swaps {a} and {b}", name=name, a=_spot_words(move.a), b=_spot_words(move.b))
    return Msg("{name} resolves the run through {cell}", name=name, cell=_spot_words(move.at))


def _listed(spots) -> str:
    words = [_where(s) for s in spots]
    return Listed(words) if words else ""


def _to_move(want, seen) -> str:
    """What to do on the table so the cells `seen` show `want` (spot -> label or None): swaps
    where two discs only changed places, and each other cell's disc named."""
    spots = sorted(want, key=lambda spot: (spot[0] == "anomaly", str(spot)))  # the matrix first
    said, done = [], set()
    for i, x in enumerate(spots):
        if x in done:
            continue
        y = next((y for y in spots[i + 1:] if y not in done and want[x] and want[y]
                  and want[x] == seen.get(y) and want[y] == seen.get(x)), None)
        if y is not None:
            done |= {x, y}
            said.append(Msg("swap {a} and {b} ({first} and {second})", a=_where(x), b=_where(y),
                            first=_label_words(want[y]), second=_label_words(want[x])))
    for spot in spots:
        if spot in done:
            continue
        if want[spot] is None:
            said.append(Msg("take the disc off {cell}", cell=_where(spot)))
        else:
            said.append(Msg("put {disc} at {cell}", disc=_label_words(want[spot]), cell=_where(spot)))
    return Listed(said, sep=", ")


def _label_words(label) -> str:
    """A disc as players say it: "red 1" (a colour and its symbol), "lock"."""
    colour, _, symbol = label.partition("-")
    return Msg("{colour} {symbol}", colour=term(colour), symbol=symbol) if symbol else term(label)


# The game's camera part: what camera.py says of the mat and its pieces, and this watcher.
CAMERA = Camera(mat=camera.MAT, pieces=camera.TILES, reader=camera.READER, zones=camera.ZONES,
                watcher=MatrixWatcher, cells=camera.CELLS)
