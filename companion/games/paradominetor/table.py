"""The referee's eye for Paradominetor: the camera's table events in the trick area become moves.

The tracker reports what changed once the table has been steady for several frames (a tile
appeared, was removed, was flipped). This keeps a memory of the tiles lying in the trick area and
turns what is new into a move, or into a question on the OLED when the read is doubtful, and
never scores a doubtful read silently:

- a new face-up tile becomes a Play for the seat whose turn it is (a play entered by phone is
  that seat's, seen or not, so the tiles after it are the seats' still to play);
- a read below the confidence threshold, an unreadable tile or a black lead (the camera cannot
  hear which colour was declared) becomes a prompt: A accepts, C offers the next choice, B drops;
- a tile the rules refuse is shown with the reason and ignored until it is picked up;
- when a paradox is waiting, a paradox tile seen back up becomes a Reveal of its timeframe.

Tiles are told apart by where they lie (mat millimetres), so a tile that was taken back by an
undo, refused, or belongs to a trick already scored is not read again until it is removed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...i18n import Listed, Msg, said, term
from ..base import TABLE, Camera, IllegalMove, Prompt, accepted
from . import camera
from .moves import Play, Reveal

SAME_PLACE_MM = 20.0   # a tile nudged less than this is the same tile
SURE = camera.SURE     # below this confidence a read is asked about, not played


@dataclass
class Spot:
    """Where a tile lies and what it last read as (a flipped tile reads as its back)."""
    x_mm: float
    y_mm: float
    label: str
    confidence: float = 1.0
    asked: bool = False  # a doubtful back was asked about once; B leaves it to a phone
    trick: int = -1      # how many tricks were scored when it was put down
    seat: int | None = None  # whose turn it was when an unreadable tile was put down; whose play an undo took back
    opening: bool = False    # lay there when a resumed game's camera first looked (a restart)

    def near(self, x_mm: float, y_mm: float) -> bool:
        return (self.x_mm - x_mm) ** 2 + (self.y_mm - y_mm) ** 2 <= SAME_PLACE_MM ** 2

    def holds(self, label: str, x_mm: float, y_mm: float) -> bool:
        """Is a tile read as `label` here this tile? Near, and the same face, or turned over, or
        unreadable for now. A different face in the same place is a new tile put down."""
        return self.near(x_mm, y_mm) and (label == self.label or label == "unknown"
                                          or label.startswith("back-"))


@dataclass
class TrickWatcher:
    rules: object
    sure: float = SURE
    placed: dict = field(default_factory=dict)    # seat -> Spot of its tile in the current trick
    ignored: list = field(default_factory=list)   # Spots to leave alone until picked up
    fresh: list = field(default_factory=list)     # new tiles not yet judged, in the order seen
    _scored: int = 0                              # tricks done when `placed` was last in step
    owed: list = field(default_factory=list)      # the face of a phone play that ended the last
                                                  # trick before its tile was seen
    taken_back: Spot | None = None                # the tile of a play an undo took back, still lying there
    _told: tuple | None = None                    # (the notice to pick one up, its Spot)

    def _spots(self) -> list:
        return list(self.placed.values()) + self.ignored + self.fresh

    def see(self, events) -> None:
        """Take the tracker's table events into memory; judging is `next`'s."""
        for e in events:
            if e.kind == "removed":  # picked up: forget it (a play stays a play)
                self.owed = []  # the scored trick is being picked up: no tile of it is to come
                gone = next((s for s in self._spots() if s.holds(e.label, e.x_mm, e.y_mm)), None)
                if gone is not None:
                    self._forget(gone)
                continue
            known = next((s for s in self._spots() if s.holds(e.label, e.x_mm, e.y_mm)), None)
            if known is not None:  # turned over, or read again: remember its face now
                if e.label != "unknown":
                    known.label, known.confidence, known.asked = e.label, e.confidence, False
            elif e.kind in ("appeared", "unreadable"):
                self.fresh.append(Spot(e.x_mm, e.y_mm, e.label, e.confidence, opening=e.opening))

    def _forget(self, spot: Spot):
        if spot is self.taken_back:
            self.taken_back = None
        if spot in self.fresh:
            self.fresh.remove(spot)
        elif spot in self.ignored:
            self.ignored.remove(spot)
        else:
            self.placed = {seat: s for seat, s in self.placed.items() if s is not spot}

    def next(self, state):
        """The next thing to do about what was seen: a move to submit, a Prompt, or None."""
        view = self.rules.view(state, TABLE)
        self._follow(view)
        if self.taken_back is not None:  # an undo took a play back: its tile is to be picked up, said once
            spot, self.taken_back = self.taken_back, None
            name = view["names"][spot.seat]
            told = Prompt(Msg("Take it back"), Msg("{name}'s play was taken back: {name}, pick your tile up off "
                                                   "the trick", name=name))
            self._told = (told, spot)
            return told
        unsure = self._attach(view, state)
        if unsure is not None:
            return unsure
        if view["phase"] == "flip":
            return self._flip(view)
        if view["phase"] != "play" or not self.fresh:
            return None
        if len(self.fresh) > 1:
            return Prompt(Msg("One at a time"), Msg("{n} new tiles at once: take all but one back, then play them "
                                                    "in turn", n=len(self.fresh)))
        spot = self.fresh.pop()
        spot.trick = self._scored
        names = view["names"]
        untiled = [p for p in view["current_trick"] if p["seat"] not in self.placed]  # by phone
        seat = view["to_play"]
        name = names[seat]
        if spot.label == "unknown" or spot.label.startswith("back-"):
            spot.seat = seat  # the prompt names this seat: its phone entry is this tile's play
            self.ignored.append(spot)
            return Prompt(Msg("Can't read"), Msg("{name}'s tile: turn it face up and straight, or enter it by phone",
                                                 name=name))
        words = _words(spot.label)
        if spot.label == "black-0" and not view["current_trick"]:
            self.ignored.append(spot)
            choices = tuple((Msg("{name} leads black as {colour}", name=name, colour=term(c)),
                             Play(seat, "black-0", c)) for c in view["colours"])
            return Prompt(Msg("Black lead"), Msg("{name} leads black: which colour? C next, A ok", name=name),
                          choices, at=(seat, spot))
        move = Play(seat, spot.label)
        try:
            self.rules.apply(state, move)
        except IllegalMove as exc:
            self.ignored.append(spot)
            # a phone play is that seat's, so a new tile is the next seat's: refused, it may be
            # a phone's entry that is wrong, so those are named too
            entered = [Msg("{name} entered {tile} by phone", name=names[p["seat"]], tile=_words(p["tile"]))
                       for p in untiled]
            seen = Msg("Seen {tile} for {name}: {reason}", tile=words, name=name, reason=_table_msg(said(exc)))
            return Prompt(Msg("Not allowed"), Listed([seen, *entered], sep="; ") if entered else seen)
        if spot.confidence < self.sure:
            self.ignored.append(spot)
            return Prompt(Msg("Check"), Msg("Seen {tile} for {name}? A yes, B no", tile=words, name=name),
                          ((words, move),), at=(seat, spot))
        self.placed[seat] = spot
        return move

    def _attach(self, view, state):
        """A play entered by phone whose tile is now put down is the same play, not a new one.
        When the tile could as well be the next play (a paradox is made of equal faces), or two
        phone plays show its face, whose tile it is cannot be seen: ask."""
        for spot in list(self.fresh):
            if spot.label in self.owed:  # the tile of a phone play that ended the last trick
                self.owed.remove(spot.label)
                self.fresh.remove(spot)
                spot.trick = self._scored - 1
                self.ignored.append(spot)
                continue
            same = [p for p in view["current_trick"]
                    if p["seat"] not in self.placed and p["tile"] == spot.label]
            if not same and spot.opening and view["tricks"] and spot.label in {
                    p["tile"] for p in view["tricks"][-1]["plays"]}:
                self.fresh.remove(spot)  # the scored trick, not yet gathered when the camera began
                spot.trick = self._scored - 1
                self.ignored.append(spot)
                continue
            if not same:
                continue
            self.fresh.remove(spot)
            spot.trick = self._scored
            if spot.opening and len(same) == 1:  # the trick lay there before a restart: its play
                self.placed[same[0]["seat"]] = spot
                continue
            names = view["names"]
            phoned = Listed([names[p["seat"]] for p in same], sep=" or ")
            seat = view["to_play"]
            if seat is not None and accepted(self.rules.apply, state, [Play(seat, spot.label)]):
                self.ignored.append(spot)  # B: it is the phone's tile (see _follow)
                words = _words(spot.label)
                return Prompt(Msg("Whose tile?"), Msg("Seen {tile}: {name}'s play, or the one {phoned} entered by "
                                                      "phone? A {name} plays, B it's {phoned}'s", tile=words,
                                                      name=names[seat], phoned=phoned),
                              ((Msg("{name} plays {tile}", name=names[seat], tile=words),
                                Play(seat, spot.label)),),
                              at=(seat, spot), no=Msg("{tile} is {phoned}'s play, entered by phone",
                                                      tile=_words(spot.label, capital=True), phoned=phoned))
            if len(same) == 1:
                self.placed[same[0]["seat"]] = spot
                continue
            self.ignored.append(spot)
            return Prompt(Msg("Whose tile?"), Msg("{tile} was entered by phone for {phoned}: each flips it by "
                                                  "phone if asked", tile=_words(spot.label),
                                                  phoned=phoned))
        return None

    def begin(self, state) -> None:
        """The game as taken up: a trick's tiles are judged by what lies there, whatever came before."""

    def undone(self) -> bool:
        """B took the last move back: the trick's tiles are judged afresh from what lies there,
        and a tile whose play was taken back is said at once to be picked up."""
        return True

    def retract(self, prompt: Prompt) -> bool:
        """A trick's notices are not taken back: a tile picked up is simply no longer judged."""
        return False

    def settled(self, prompt: Prompt, state) -> bool:
        """A trick's questions are answered by a button or a phone, never by the table itself;
        only the notice to pick up a tile whose play was taken back goes once it is picked up."""
        told = self._told
        return told is not None and told[0] is prompt and told[1] not in self._spots()

    def accepted(self, at):
        """A prompted play was accepted: its tile is now that seat's play, not one to ignore."""
        if at is None:
            return
        seat, spot = at
        if spot in self.ignored:
            self.ignored.remove(spot)
        self.placed[seat] = spot

    def _flip(self, view):
        for seat in view["awaiting_flip"]:
            spot = self.placed.get(seat)
            if spot is None or not spot.label.startswith("back-"):
                continue  # not turned over yet, or its play came from a phone: a phone reveals it
            timeframe = spot.label[5:]
            if spot.confidence < self.sure:
                if spot.asked:
                    continue
                spot.asked = True
                return Prompt(Msg("Check"), Msg("{name}'s back reads {timeframe}? A yes, B no",
                                                name=view["names"][seat], timeframe=term(timeframe)),
                              ((term(timeframe), Reveal(seat, timeframe)),))
            return Reveal(seat, timeframe)
        return None

    def _follow(self, view):
        """Keep the remembered spots in step with the game (undo, scored tricks)."""
        if len(view["tricks"]) != self._scored:
            # A trick was scored (or an undo reopened one): its tiles stay until picked up.
            scored = len(view["tricks"]) > self._scored
            last = view["tricks"][-1]["plays"][-1:] if scored and view["tricks"] else []
            aside = {s.label for s in self.ignored if s.trick == self._scored}
            self.owed = [p["tile"] for p in last if p["seat"] not in self.placed
                         and not aside & {p["tile"], "unknown"}]
            self._scored = len(view["tricks"])
            self.ignored.extend(self.placed.values())
            self.placed = {}
        if view["current_trick"]:
            self.owed = []  # the next trick has begun: a tile put down now is one of its own
        played = {p["seat"] for p in view["current_trick"]}
        for seat in [s for s in self.placed if s not in played]:  # an undo took the play back
            spot = self.placed.pop(seat)
            spot.seat = seat
            self.ignored.append(spot)
            self.taken_back = spot
        # A tile of this trick set aside with a question (a black lead, an unreadable face) whose
        # play then came from a phone is that play's tile, when no other tile or play could be.
        untiled = [p for p in view["current_trick"] if p["seat"] not in self.placed]
        aside = [s for s in self.ignored if s.trick == self._scored]

        def fits(spot, play):
            return spot.label == play["tile"] or (spot.label == "unknown" and spot.seat == play["seat"])
        for spot in aside:
            plays = [p for p in untiled if fits(spot, p)]
            if len(plays) == 1 and [s for s in aside if fits(s, plays[0])] == [spot]:
                self.ignored.remove(spot)
                self.placed[plays[0]["seat"]] = spot
                untiled.remove(plays[0])


_TILE_ID = re.compile(r"\b(red|blue|green|yellow|purple|black)-(\d)(?:-(past|present|future))?\b")


def _table_words(text: str) -> str:
    """A rules message in the table's words: "yellow-6" is said "yellow 6" at the table."""
    return _TILE_ID.sub(lambda m: " ".join(g for g in m.groups() if g), text)


def _table_msg(said):
    """A refusal in the table's words: its tile ids ("yellow-6") said "yellow 6" in English."""
    if not isinstance(said, Msg) or isinstance(said, Listed) or _TILE_ID.search(said.msgid):
        return _table_words(str(said))
    params = {k: _table_words(v) if type(v) is str else v for k, v in said.params.items()}
    return Msg(said.msgid, plural=said.plural, n=said.n, **params)


def _words(label: str, capital: bool = False) -> Msg:
    """A tile as the table says it: "red 3", "black 0" ("Black 0" to start a sentence)."""
    colour, value = label.split("-")[:2]
    if colour == "black":
        return Msg("Black 0") if capital else Msg("black 0")
    if capital:
        return Msg("{Colour} {value}", Colour=Msg(colour.capitalize()), value=value)
    return Msg("{colour} {value}", colour=term(colour), value=value)


# The game's camera part: what camera.py says of the mat and its pieces, and this watcher.
CAMERA = Camera(mat=camera.MAT, pieces=camera.TILES, reader=camera.READER, zones=camera.ZONES,
                watcher=TrickWatcher, sure=camera.SURE)
