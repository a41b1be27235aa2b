"""The referee's eye for Paradominetor: the camera's table events in the trick area become moves.

The tracker reports what changed once the table has been steady for several frames (a tile
appeared, was removed, was flipped). This keeps a memory of the tiles lying in the trick area and
turns what is new into a move, or into a question on the OLED when the read is doubtful, and
never scores a doubtful read silently:

- a new face-up tile becomes a Play for the seat whose turn it is;
- a read below the confidence threshold, an unreadable tile or a black lead (the camera cannot
  hear which colour was declared) becomes a prompt: A accepts, C offers the next choice, B drops;
- a tile the rules refuse is shown with the reason and ignored until it is picked up;
- when a paradox is waiting, a paradox tile seen back up becomes a Reveal of its timeframe.

Tiles are told apart by where they lie (mat millimetres), so a tile that was taken back by an
undo, refused, or belongs to a trick already scored is not read again until it is removed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..base import TABLE, IllegalMove, Prompt

SAME_PLACE_MM = 20.0   # a tile nudged less than this is the same tile
SURE = 0.80            # below this confidence a read is asked about, not played


@dataclass
class Spot:
    """Where a tile lies and what it last read as (a flipped tile reads as its back)."""
    x_mm: float
    y_mm: float
    label: str
    confidence: float = 1.0
    asked: bool = False  # a doubtful back was asked about once; B leaves it to a phone

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
    placed: list = field(default_factory=list)    # Spot of each play of the current trick
    ignored: list = field(default_factory=list)   # Spots to leave alone until picked up
    fresh: list = field(default_factory=list)     # new tiles not yet judged, in the order seen
    _scored: int = 0                              # tricks done when `placed` was last in step

    def see(self, events) -> None:
        """Take the tracker's table events into memory; judging is `next`'s."""
        for e in events:
            if e.kind == "removed":
                for spots in (self.fresh, self.ignored, self.placed):
                    gone = next((s for s in spots if s.holds(e.label, e.x_mm, e.y_mm)), None)
                    if gone is not None:
                        spots.remove(gone)
                        break
                continue
            known = next((s for s in self.placed + self.ignored + self.fresh
                          if s.holds(e.label, e.x_mm, e.y_mm)), None)
            if known is not None:  # turned over, or read again: remember its face now
                if e.label != "unknown":
                    known.label, known.confidence, known.asked = e.label, e.confidence, False
            elif e.kind in ("appeared", "unreadable"):
                self.fresh.append(Spot(e.x_mm, e.y_mm, e.label, e.confidence))

    def next(self, state):
        """The next thing to do about what was seen: a move to submit, a Prompt, or None."""
        view = self.rules.view(state, TABLE)
        self._follow(view)
        if view["phase"] == "flip":
            return self._flip(view)
        if view["phase"] != "play" or not self.fresh:
            return None
        if len(self.fresh) > 1:
            return Prompt("One at a time", f"{len(self.fresh)} new tiles at once: "
                          "take all but one back, then play them in turn")
        spot = self.fresh.pop()
        seat = view["to_play"]
        name = view["names"][seat]
        if spot.label == "unknown" or spot.label.startswith("back-"):
            self.ignored.append(spot)
            return Prompt("Can't read", f"{name}'s tile: turn it face up and straight, or enter it by phone")
        words = _words(spot.label)
        if spot.label == "black-0" and not view["current_trick"]:
            self.ignored.append(spot)
            choices = tuple((f"{name} leads black as {c}", self.rules.Play(seat, "black-0", c))
                            for c in view["colours"])
            return Prompt("Black lead", f"{name} leads black: which colour? C next, A ok", choices, at=spot)
        move = self.rules.Play(seat, spot.label)
        try:
            self.rules.apply(state, move)
        except IllegalMove as exc:
            self.ignored.append(spot)
            return Prompt("Not allowed", f"Seen {words} for {name}: {exc}")
        if spot.confidence < self.sure:
            self.ignored.append(spot)
            return Prompt("Check", f"Seen {words} for {name}? A yes, B no", ((words, move),), at=spot)
        self.placed.append(spot)
        return move

    def accepted(self, spot: Spot | None):
        """A prompted play was accepted: its tile is now a play, not a tile to ignore."""
        if spot is not None and spot in self.ignored:
            self.ignored.remove(spot)
            self.placed.append(spot)

    def _flip(self, view):
        trick = view["current_trick"]
        for seat in view["awaiting_flip"]:
            i = next(i for i, p in enumerate(trick) if p["seat"] == seat)
            if i >= len(self.placed) or not self.placed[i].label.startswith("back-"):
                continue
            spot = self.placed[i]
            timeframe = spot.label[5:]
            if spot.confidence < self.sure:
                if spot.asked:
                    continue
                spot.asked = True
                return Prompt("Check", f"{view['names'][seat]}'s back reads {timeframe}? A yes, B no",
                              ((timeframe, self.rules.Reveal(seat, timeframe)),))
            return self.rules.Reveal(seat, timeframe)
        return None

    def _follow(self, view):
        """Keep the remembered spots in step with the game (undo, scored tricks)."""
        plays = len(view["current_trick"])
        if len(view["tricks"]) != self._scored:
            # A trick was scored (or an undo reopened one): its tiles stay until picked up.
            self._scored = len(view["tricks"])
            self.ignored.extend(self.placed)
            self.placed = []
        if len(self.placed) > plays:  # an undo took plays back; their tiles are left alone
            self.ignored.extend(self.placed[plays:])
            self.placed = self.placed[:plays]


def _words(label: str) -> str:
    colour, value = label.split("-")[:2]
    return "black 0" if colour == "black" else f"{colour} {value}"
